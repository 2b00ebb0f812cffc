#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs with a main of their own (SwiftPM's).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
