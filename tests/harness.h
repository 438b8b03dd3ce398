/* A tiny test harness: one function per area, checks that print what they
 * got and what they wanted, and a closing "N passed, N failed" line that
 * tests/run.sh adds up. Run one area with `./tests/test_x NAME-SUBSTRING`. */
#ifndef BFC_TEST_HARNESS_H
#define BFC_TEST_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int harness_passed, harness_failed;
static const char *harness_filter;
static const char *harness_current = "";

#define CHECK(cond) check_((cond) != 0, #cond, __FILE__, __LINE__)
#define INT_EQ(got, want) int_eq_((long long)(got), (long long)(want), #got, __FILE__, __LINE__)
#define STR_EQ(got, want) str_eq_((got), (want), #got, __FILE__, __LINE__)
#define RUN(fn)                                                      \
    do {                                                             \
        if (!harness_filter || strstr(#fn, harness_filter)) {        \
            harness_current = #fn;                                   \
            fn();                                                    \
        }                                                            \
    } while (0)

static inline int check_(int ok, const char *what, const char *file, int line)
{
    if (ok) {
        harness_passed++;
    } else {
        harness_failed++;
        fprintf(stderr, "FAIL %s (%s:%d): %s\n", harness_current, file, line, what);
    }
    return ok;
}

static inline int int_eq_(long long got, long long want, const char *what, const char *file,
                          int line)
{
    if (got == want)
        return check_(1, what, file, line);
    fprintf(stderr, "FAIL %s (%s:%d): %s = %lld, want %lld\n", harness_current, file, line, what,
            got, want);
    harness_failed++;
    return 0;
}

static inline int str_eq_(const char *got, const char *want, const char *what, const char *file,
                          int line)
{
    if (got && want && strcmp(got, want) == 0)
        return check_(1, what, file, line);
    fprintf(stderr, "FAIL %s (%s:%d): %s = \"%s\", want \"%s\"\n", harness_current, file, line,
            what, got ? got : "(null)", want ? want : "(null)");
    harness_failed++;
    return 0;
}

/* BFC_TEST_QUICK=1 (used under valgrind) divides the random case counts
 * by this and compares exhaustive loops with brute force on a stride; the
 * exhaustive loops themselves and their published totals still run. */
static int harness_quick = 1;

static inline void harness_init(int argc, char **argv)
{
    harness_filter = argc > 1 ? argv[1] : NULL;
    const char *q = getenv("BFC_TEST_QUICK");
    harness_quick = q && *q && *q != '0' ? 50 : 1;
}

static inline int harness_done(void)
{
    printf("%d passed, %d failed\n", harness_passed, harness_failed);
    return harness_failed ? 1 : 0;
}

#endif
