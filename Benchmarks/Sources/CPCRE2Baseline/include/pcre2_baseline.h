// The limit the router can approach: one trie-shaped PCRE2 expression for a whole route
// table, JIT-compiled and matched from plain C, no Swift in the loop.
#ifndef PCRE2_BASELINE_H
#define PCRE2_BASELINE_H

#include <stddef.h>

typedef struct pcre2_baseline pcre2_baseline;

/// Compiles `pattern` (UTF-8, `length` bytes) with the JIT; NULL when PCRE2 refuses it.
pcre2_baseline *pcre2_baseline_create(const char *pattern, size_t length);

/// One expression per first path segment (`keys[i]`, without slashes), for tables too large
/// for one: a match looks the path's first segment up among the keys (a linear scan), then
/// matches that expression. NULL when PCRE2 refuses one.
pcre2_baseline *pcre2_baseline_create_split(const char *const *keys, const char *const *patterns, size_t count);
void pcre2_baseline_free(pcre2_baseline *baseline);

/// The number in the `(*MARK:n)` of the route that matches `subject`, or -1 for no match.
long pcre2_baseline_match(pcre2_baseline *baseline, const char *subject, size_t length);

/// Matches `count` subjects in turn, `iterations` times in all, timed with the monotonic clock
/// inside C; returns nanoseconds per match, and the sum of the route numbers in `checksum`.
double pcre2_baseline_time(pcre2_baseline *baseline, const char *const *subjects, const size_t *lengths, size_t count,
                           size_t iterations, long *checksum);

/// Bytes in use on malloc's heap (glibc's `mallinfo2`, which Swift's Glibc module does not
/// declare); 0 on other C libraries. For the memory benchmark's breakdown.
size_t benchmark_heap_bytes_in_use(void);

#endif
