/* Shared by the fuzz targets of tests/fuzz/ and by replay.c.
 *
 * Each target is one .c file defining LLVMFuzzerTestOneInput. Linked with
 * libFuzzer (clang -fsanitize=fuzzer) it is a coverage-guided fuzzer; linked
 * with replay.c it is a plain program that replays a corpus or runs seeded
 * pseudo-random inputs (no libFuzzer needed). Every invariant is checked with
 * FUZZ_CHECK, which names the failed condition on stderr and stops with
 * __builtin_trap(): libFuzzer then saves the input as a crash-* file. */
#ifndef BFC_FUZZ_H
#define BFC_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The target's name ("fuzz_parse"), defined by each target, printed by replay. */
extern const char fuzz_target_name[];

__attribute__((noreturn, cold)) static inline void fuzz_fail(const char *what, const char *file,
                                                             int line)
{
    fprintf(stderr, "%s: invariant violated at %s:%d: %s\n", fuzz_target_name, file, line, what);
    fflush(stderr);
    __builtin_trap();
}

#define FUZZ_CHECK(cond)                                  \
    do {                                                  \
        if (!(cond))                                      \
            fuzz_fail(#cond, __FILE__, __LINE__);         \
    } while (0)

/* The sentinel byte that out-parameters are filled with before a call, to
 * prove that a rejected call wrote nothing (bfc.h: "A rejected call writes
 * nothing through its out-pointers"). */
#define FUZZ_SENTINEL 0xA5

static inline int fuzz_all_sentinel(const void *p, size_t n)
{
    static unsigned char pattern[1024];
    const unsigned char *b = (const unsigned char *)p;
    if (pattern[0] != FUZZ_SENTINEL)
        memset(pattern, FUZZ_SENTINEL, sizeof pattern);
    for (; n > sizeof pattern; n -= sizeof pattern, b += sizeof pattern)
        if (memcmp(b, pattern, sizeof pattern) != 0)
            return 0;
    return memcmp(b, pattern, n) == 0;
}

#endif
