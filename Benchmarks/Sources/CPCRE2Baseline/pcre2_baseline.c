#define PCRE2_CODE_UNIT_WIDTH 8
#include "pcre2_baseline.h"

#include <pcre2.h>
#include <stdlib.h>
#include <time.h>

struct pcre2_baseline {
    pcre2_code *code;
    pcre2_match_data *data;
};

pcre2_baseline *pcre2_baseline_create(const char *pattern, size_t length) {
    int error;
    PCRE2_SIZE offset;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)pattern, length, PCRE2_UTF | PCRE2_DOLLAR_ENDONLY, &error, &offset, NULL);
    if (code == NULL) return NULL;
    if (pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) != 0) {
        pcre2_code_free(code);
        return NULL;
    }
    pcre2_baseline *baseline = malloc(sizeof *baseline);
    if (baseline == NULL) {
        pcre2_code_free(code);
        return NULL;
    }
    baseline->code = code;
    baseline->data = pcre2_match_data_create_from_pattern(code, NULL);
    return baseline;
}

void pcre2_baseline_free(pcre2_baseline *baseline) {
    pcre2_match_data_free(baseline->data);
    pcre2_code_free(baseline->code);
    free(baseline);
}

long pcre2_baseline_match(pcre2_baseline *baseline, const char *subject, size_t length) {
    int rc = pcre2_jit_match(baseline->code, (PCRE2_SPTR)subject, length, 0, 0, baseline->data, NULL);
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
