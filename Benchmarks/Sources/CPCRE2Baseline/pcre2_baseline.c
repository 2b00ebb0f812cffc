#define PCRE2_CODE_UNIT_WIDTH 8
#include "pcre2_baseline.h"

#include <pcre2.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

struct pcre2_baseline {
    size_t count;             /* expressions: 1, or one per first segment */
    char **keys;              /* NULL for a single expression */
    size_t *key_lengths;
    pcre2_code **codes;
    pcre2_match_data *data;   /* sized for the largest expression */
};

static pcre2_code *compile(const char *pattern, size_t length) {
    int error;
    PCRE2_SIZE offset;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)pattern, length, PCRE2_UTF | PCRE2_DOLLAR_ENDONLY, &error, &offset, NULL);
    if (code == NULL) return NULL;
    if (pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) != 0) {
        pcre2_code_free(code);
        return NULL;
    }
    return code;
}

static pcre2_baseline *create(const char *const *keys, const char *const *patterns, const size_t *lengths, size_t count) {
    pcre2_baseline *baseline = calloc(1, sizeof *baseline);
    if (baseline == NULL) return NULL;
    baseline->codes = calloc(count, sizeof *baseline->codes);
    if (keys != NULL) {
        baseline->keys = calloc(count, sizeof *baseline->keys);
        baseline->key_lengths = calloc(count, sizeof *baseline->key_lengths);
    }
    baseline->count = count;
    uint32_t groups = 0;
    for (size_t i = 0; i < count; i++) {
        baseline->codes[i] = compile(patterns[i], lengths != NULL ? lengths[i] : strlen(patterns[i]));
        if (baseline->codes[i] == NULL) {
            pcre2_baseline_free(baseline);
            return NULL;
        }
        if (keys != NULL) {
            baseline->keys[i] = strdup(keys[i]);
            baseline->key_lengths[i] = strlen(keys[i]);
        }
        uint32_t captures = 0;
        pcre2_pattern_info(baseline->codes[i], PCRE2_INFO_CAPTURECOUNT, &captures);
        if (captures > groups) groups = captures;
    }
    baseline->data = pcre2_match_data_create(groups + 1, NULL);
    return baseline;
}

pcre2_baseline *pcre2_baseline_create(const char *pattern, size_t length) {
    return create(NULL, &pattern, &length, 1);
}

pcre2_baseline *pcre2_baseline_create_split(const char *const *keys, const char *const *patterns, size_t count) {
    return create(keys, patterns, NULL, count);
}

void pcre2_baseline_free(pcre2_baseline *baseline) {
    for (size_t i = 0; i < baseline->count; i++) {
        if (baseline->codes[i] != NULL) pcre2_code_free(baseline->codes[i]);
        if (baseline->keys != NULL) free(baseline->keys[i]);
    }
    if (baseline->data != NULL) pcre2_match_data_free(baseline->data);
    free(baseline->codes);
    free(baseline->keys);
    free(baseline->key_lengths);
    free(baseline);
}

long pcre2_baseline_match(pcre2_baseline *baseline, const char *subject, size_t length) {
    pcre2_code *code = baseline->codes[0];
    if (baseline->keys != NULL) {
        /* The first segment: from after the leading '/' to the next '/' or the end. */
        const char *start = length > 0 && subject[0] == '/' ? subject + 1 : subject;
        const char *end = memchr(start, '/', length - (size_t)(start - subject));
        size_t segment = end != NULL ? (size_t)(end - start) : length - (size_t)(start - subject);
        code = NULL;
        for (size_t i = 0; i < baseline->count; i++) {
            if (baseline->key_lengths[i] == segment && memcmp(baseline->keys[i], start, segment) == 0) {
                code = baseline->codes[i];
                break;
            }
        }
        if (code == NULL) return -1;
    }
    int rc = pcre2_jit_match(code, (PCRE2_SPTR)subject, length, 0, 0, baseline->data, NULL);
    if (rc < 0) return -1;
    PCRE2_SPTR mark = pcre2_get_mark(baseline->data);
    if (mark == NULL) return -1;
    return strtol((const char *)mark, NULL, 10);
}

double pcre2_baseline_time(pcre2_baseline *baseline, const char *const *subjects, const size_t *lengths, size_t count,
                           size_t iterations, long *checksum) {
    struct timespec start, end;
    long sum = 0;
    size_t index = 0;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (size_t i = 0; i < iterations; i++) {
        sum += pcre2_baseline_match(baseline, subjects[index], lengths[index]);
        index = index + 1 == count ? 0 : index + 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    *checksum = sum;
    double nanoseconds = (double)(end.tv_sec - start.tv_sec) * 1e9 + (double)(end.tv_nsec - start.tv_nsec);
    return nanoseconds / (double)iterations;
}

size_t benchmark_heap_bytes_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
    return mallinfo2().uordblks;
#else
    return 0;
#endif
}
