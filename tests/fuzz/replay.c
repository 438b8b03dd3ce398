/* A main() for the fuzz targets without libFuzzer: link it with one target.
 *
 *   replay [-runs=N] [-seed=S] [-max_len=L] [-artifact_prefix=P] [FILE|DIR|-]...
 *
 * Runs the target once on each FILE and on every file under each DIR
 * (recursively, in name order). With no FILE or DIR and no -runs, the input
 * is stdin. -runs=N adds N pseudo-random inputs from a generator seeded with
 * S (default 1), each at most L bytes (default 64): random bytes, small card
 * ids, card-text fragments, and mutations of the files given. The same seed
 * gives the same inputs. "-" is stdin. Other -options are ignored, so a
 * libFuzzer command line also works.
 *
 * Prints "TARGET: N inputs replayed (F files, R random)" and last
 * "N passed, 0 failed" (the line tests/run.sh adds up). A failed invariant
 * traps: the signal handler (or the sanitizer's death callback) then names
 * the input, writes it to Pcrash-TARGET when it was generated, and prints
 * "N passed, 1 failed" before the process dies. */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

/* Present when a sanitizer runtime is linked; called before it exits on an
 * error it found. */
extern void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

/* ---- The input being run, for the failure report ------------------------ */

static unsigned long passed;
static const char *current_name;   /* the file, or NULL for a generated input */
static unsigned long current_index; /* generated input number */
static const uint8_t *current_data;
static size_t current_size;
static int reported;
static char crash_path[512] = "crash-"; /* -artifact_prefix= + "crash-" + target */

static void say(const char *s) { (void)!write(2, s, strlen(s)); }
static void say_out(const char *s) { (void)!write(1, s, strlen(s)); }

/* Decimal text of v into buf (at least 21 bytes); async-signal-safe. */
static const char *utoa(unsigned long v, char *buf)
{
    char *p = buf + 20;
    *p = '\0';
    do
        *--p = (char)('0' + v % 10);
    while (v /= 10);
    return p;
}

static void report_failure(void)
{
    char num[21];
    if (reported)
        return;
    reported = 1;
    say(fuzz_target_name);
    if (current_name) {
        say(": failed on ");
        say(current_name);
        say("\n");
    } else {
        say(": failed on generated input #");
        say(utoa(current_index, num));
        say(", saved as ");
        say(crash_path);
        say("\n");
        int fd = open(crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            (void)!write(fd, current_data, current_size);
            close(fd);
        }
    }
    /* stdout carries the count line, as on success */
    say_out(utoa(passed, num));
    say_out(" passed, 1 failed\n");
}

static void on_signal(int sig)
{
    report_failure();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void run_one(const uint8_t *data, size_t size, const char *name, unsigned long index)
{
    /* an exact-size heap copy, so that AddressSanitizer sees any overread */
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) {
        perror("malloc");
        exit(2);
    }
    if (size)
        memcpy(copy, data, size);
    current_name = name;
    current_index = index;
    current_data = copy;
    current_size = size;
    LLVMFuzzerTestOneInput(copy, size);
    free(copy);
    passed++;
}

/* ---- Files ------------------------------------------------------------- */

typedef struct {
    uint8_t *data;
    size_t size;
    char *name; /* owned path, or NULL */
} blob;

static blob *corpus;
static size_t ncorpus, corpus_cap;

static int read_stream(FILE *f, blob *b)
{
    size_t cap = 4096, n = 0;
    uint8_t *p = malloc(cap);
    if (!p)
        return -1;
    for (;;) {
        size_t got = fread(p + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        uint8_t *q = realloc(p, cap *= 2);
        if (!q) {
            free(p);
            return -1;
        }
        p = q;
    }
    if (ferror(f)) {
        free(p);
        return -1;
    }
    b->data = p;
    b->size = n;
    b->name = NULL;
    return 0;
}

static void keep(blob b)
{
    if (ncorpus == corpus_cap) {
        corpus_cap = corpus_cap ? 2 * corpus_cap : 64;
        blob *q = realloc(corpus, corpus_cap * sizeof *q);
        if (!q) {
            perror("realloc");
            exit(2);
        }
        corpus = q;
    }
    corpus[ncorpus++] = b;
}

static unsigned long nfiles;

static void run_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        exit(2);
    }
    if (S_ISDIR(st.st_mode)) {
        struct dirent **names;
        int n = scandir(path, &names, NULL, alphasort);
        if (n < 0) {
            perror(path);
            exit(2);
        }
        for (int i = 0; i < n; i++) {
            const char *d = names[i]->d_name;
            if (d[0] != '.') {
                size_t len = strlen(path) + strlen(d) + 2;
                char *sub = malloc(len);
                if (!sub) {
                    perror("malloc");
                    exit(2);
                }
                snprintf(sub, len, "%s/%s", path, d);
                run_path(sub);
                free(sub);
            }
            free(names[i]);
        }
        free(names);
        return;
    }
    FILE *f = fopen(path, "rb");
    blob b;
    if (!f || read_stream(f, &b) != 0) {
        perror(path);
        exit(2);
    }
    fclose(f);
    b.name = strdup(path);
    if (!b.name) {
        perror("strdup");
        exit(2);
    }
    run_one(b.data, b.size, b.name, 0);
    keep(b);
    nfiles++;
}

/* ---- Generated inputs -------------------------------------------------- */

static uint64_t rng_state;

static uint64_t rng(void) /* splitmix64 */
{
    uint64_t z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static size_t below(size_t n) { return n ? (size_t)(rng() % n) : 0; }

/* Pieces of card text, so that generated text often parses. */
static const char *const FRAGMENTS[] = {
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K", "1", "0",
    "C", "D", "H", "S", "c", "d", "h", "s", "a", "t", "j", "q", "k",
    "\xE2\x99\xA3", "\xE2\x99\xA6", "\xE2\x99\xA5", "\xE2\x99\xA0", /* black suits */
    "\xE2\x99\xA7", "\xE2\x99\xA2", "\xE2\x99\xA1", "\xE2\x99\xA4", /* white suits */
    "\xEF\xB8\x8F", "\xF0\x9F\x83\x8F", "JK", "jk", "joker", "X", "x",
    " ", " ", " ", ",", "-", "\t", "\n", ", ", "\xE2\x99", "\xF0\x9F\x83", "\xFF", "",
};

static size_t gen_text(uint8_t *buf, size_t max)
{
    size_t n = 0, pieces = below(24);
    for (size_t i = 0; i < pieces; i++) {
        const char *f = FRAGMENTS[below(sizeof FRAGMENTS / sizeof FRAGMENTS[0])];
        size_t l = strlen(f);
        if (n + l > max)
            break;
        memcpy(buf + n, f, l);
        n += l;
    }
    return n;
}

/* Byte-level mutations of a kept file: flips, random bytes, inserts,
 * deletes, copies and splices with another file. */
static size_t gen_mutation(uint8_t *buf, size_t max)
{
    const blob *b = &corpus[below(ncorpus)];
    size_t n = b->size < max ? b->size : max;
    memcpy(buf, b->data, n);
    size_t edits = 1 + below(4);
    for (size_t e = 0; e < edits; e++) {
        size_t at = below(n + 1);
        switch (below(6)) {
        case 0:
            if (n)
                buf[below(n)] ^= (uint8_t)(1u << below(8));
            break;
        case 1:
            if (n)
                buf[below(n)] = (uint8_t)rng();
            break;
        case 2: /* insert a byte */
            if (n < max) {
                memmove(buf + at + 1, buf + at, n - at);
                buf[at] = (uint8_t)(below(2) ? rng() : below(64));
                n++;
            }
            break;
        case 3: /* delete a run */
            if (at < n) {
                size_t k = 1 + below(n - at);
                memmove(buf + at, buf + at + k, n - at - k);
                n -= k;
            }
            break;
        case 4: /* small card id or text fragment at a random place */
            if (n)
                buf[below(n)] = (uint8_t)below(54);
            break;
        default: { /* splice: the tail of another file */
            const blob *o = &corpus[below(ncorpus)];
            size_t from = below(o->size + 1), k = o->size - from;
            if (at + k > max)
                k = max - at;
            memcpy(buf + at, o->data + from, k);
            if (at + k > n)
                n = at + k;
            break;
        }
        }
    }
    return n;
}

static size_t generate(uint8_t *buf, size_t max)
{
    size_t n = below(max + 1);
    switch (below(ncorpus ? 5 : 3)) {
    case 0: /* any bytes */
        for (size_t i = 0; i < n; i++)
            buf[i] = (uint8_t)rng();
        return n;
    case 1: /* card ids, flags and a few non-cards */
        for (size_t i = 0; i < n; i++) {
            uint64_t r = rng();
            buf[i] = (uint8_t)((r & 0xF00) == 0 ? (r >> 12) : (r >> 12) % 54);
        }
        return n;
    case 2:
        return gen_text(buf, max);
    default:
        return gen_mutation(buf, max);
    }
}

/* ---- main -------------------------------------------------------------- */

static int option(const char *arg, const char *name, unsigned long long *value)
{
    size_t l = strlen(name);
    if (strncmp(arg, name, l) != 0)
        return 0;
    char *end;
    *value = strtoull(arg + l, &end, 0);
    if (*end || end == arg + l) {
        fprintf(stderr, "%s: bad option %s\n", fuzz_target_name, arg);
        exit(2);
    }
    return 1;
}

int main(int argc, char **argv)
{
    unsigned long long runs = 0, seed = 1, max_len = 64, v;
    int have_runs = 0, npaths = 0;
    const char *prefix = "";

    signal(SIGILL, on_signal); /* __builtin_trap */
    signal(SIGTRAP, on_signal);
    signal(SIGABRT, on_signal);
    if (__sanitizer_set_death_callback) {
        /* the sanitizer reports the crash, then calls us */
        __sanitizer_set_death_callback(report_failure);
    } else {
        signal(SIGSEGV, on_signal);
        signal(SIGBUS, on_signal);
        signal(SIGFPE, on_signal);
    }

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (option(a, "-runs=", &v)) {
            runs = v;
            have_runs = 1;
        } else if (option(a, "-seed=", &v)) {
            seed = v;
        } else if (option(a, "-max_len=", &v)) {
            max_len = v ? v : 1;
        } else if (strncmp(a, "-artifact_prefix=", 17) == 0) {
            prefix = a + 17;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "%s: ignoring %s\n", fuzz_target_name, a);
        } else {
            npaths++;
        }
    }
    snprintf(crash_path, sizeof crash_path, "%scrash-%s", prefix, fuzz_target_name);
    for (int i = 1; i < argc; i++)
        if (argv[i][0] != '-' || argv[i][1] == '\0') {
            if (strcmp(argv[i], "-") == 0) {
                blob b;
                if (read_stream(stdin, &b) != 0) {
                    perror("stdin");
                    return 2;
                }
                run_one(b.data, b.size, "<stdin>", 0);
                keep(b);
                nfiles++;
            } else {
                run_path(argv[i]);
            }
        }
    if (npaths == 0 && !have_runs) {
        blob b;
        if (read_stream(stdin, &b) != 0) {
            perror("stdin");
            return 2;
        }
        run_one(b.data, b.size, "<stdin>", 0);
        free(b.data);
        nfiles++;
    }
    if (runs) {
        rng_state = seed;
        uint8_t *buf = malloc(max_len);
        if (!buf) {
            perror("malloc");
            return 2;
        }
        for (unsigned long long r = 0; r < runs; r++) {
            size_t n = generate(buf, max_len);
            run_one(buf, n, NULL, (unsigned long)r);
        }
        free(buf);
    }
    printf("%s: %lu inputs replayed (%lu files, %llu random, seed %llu)\n", fuzz_target_name,
           passed, nfiles, runs, seed);
    printf("%lu passed, 0 failed\n", passed);
    for (size_t i = 0; i < ncorpus; i++) {
        free(corpus[i].data);
        free(corpus[i].name);
    }
    free(corpus);
    return 0;
}
