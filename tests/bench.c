/* `make bench`: scoring speed, with the brute force scorer of tests/brute.c
 * measured in the same run for a ratio (the machines are shared and noisy:
 * compare ratios, not raw rates). Each figure is the best of several runs.
 * Not a test: nothing here fails on a slow machine. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bfc.h"
#include "brute.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static volatile long long sink; /* keeps results alive */

static void machine(void)
{
    char model[256] = "unknown";
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        char line[512];
        while (fgets(line, sizeof line, f))
            if (strncmp(line, "model name", 10) == 0) {
                char *p = strchr(line, ':');
                if (p) {
                    snprintf(model, sizeof model, "%s", p + 2);
                    model[strcspn(model, "\n")] = '\0';
                }
                break;
            }
        fclose(f);
    }
    printf("machine: %ld cores (nproc), CPU %s\n", sysconf(_SC_NPROCESSORS_ONLN), model);
}

static void report(const char *what, const char *unit, double n, double secs, double brute_rate)
{
    double rate = n / secs;
    if (brute_rate > 0)
        printf("%-40s %10.1f M %s/s   brute force %7.2f M/s   ratio %6.1fx\n", what, rate / 1e6,
               unit, brute_rate / 1e6, rate / brute_rate);
    else
        printf("%-40s %10.1f M %s/s\n", what, rate / 1e6, unit);
}

#define RUNS 5

/* All 12,994,800 hand + starter pairs through bfc_score_show. */
static double show_all_pairs(unsigned flags)
{
    double best = 1e9;
    for (int run = 0; run < RUNS; run++) {
        long long sum = 0;
        double t = now();
        for (int a = 0; a < 52; a++)
            for (int b = a + 1; b < 52; b++)
                for (int c = b + 1; c < 52; c++)
                    for (int d = c + 1; d < 52; d++) {
                        const bfc_card h[4] = {(bfc_card)a, (bfc_card)b, (bfc_card)c, (bfc_card)d};
                        const uint64_t in_hand = 1ULL << a | 1ULL << b | 1ULL << c | 1ULL << d;
                        for (int s = 0; s < 52; s++)
                            if (!(in_hand >> s & 1))
                                sum += bfc_score_show(h, (bfc_card)s, flags);
                    }
        t = now() - t;
        sink += sum;
        if (t < best)
            best = t;
    }
    return best;
}

static double all_starters(void)
{
    double best = 1e9;
    for (int run = 0; run < RUNS; run++) {
        long long sum = 0;
        int8_t scores[52];
        double t = now();
        for (int a = 0; a < 52; a++)
            for (int b = a + 1; b < 52; b++)
                for (int c = b + 1; c < 52; c++)
                    for (int d = c + 1; d < 52; d++) {
                        const bfc_card h[4] = {(bfc_card)a, (bfc_card)b, (bfc_card)c, (bfc_card)d};
                        bfc_score_show_all_starters(h, 0, scores);
                        sum += scores[(a + b + c + d) % 52];
                    }
        t = now() - t;
        sink += sum;
        if (t < best)
            best = t;
    }
    return best;
}

/* Brute force over every 61st hand, all starters: pairs per second. */
static double brute_show_rate(void)
{
    long long sum = 0, n = 0, idx = 0;
    double t = now();
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            for (int c = b + 1; c < 52; c++)
                for (int d = c + 1; d < 52; d++) {
                    if (idx++ % 61)
                        continue;
                    const bfc_card h[4] = {(bfc_card)a, (bfc_card)b, (bfc_card)c, (bfc_card)d};
                    for (int s = 0; s < 52; s++)
                        if (s != a && s != b && s != c && s != d) {
                            bfc_hand_score o;
                            sum += brute_show(h, 4, (bfc_card)s, 0, &o);
                            n++;
                        }
                }
    t = now() - t;
    sink += sum;
    return (double)n / t;
}

static uint64_t rng = 0xD1B54A32D192ED03ULL;


#define NBF 1000000
static void battlefield(void)
{
    bfc_card(*cases)[6] = malloc(sizeof *cases * NBF);
    if (!cases)
        return;
    for (int i = 0; i < NBF; i++)
        test_deal(&rng, cases[i], 6, 53);
    double best = 1e9;
    for (int run = 0; run < RUNS; run++) {
        long long sum = 0;
        bfc_battlefield b;
        double t = now();
        for (int i = 0; i < NBF; i++)
            sum += bfc_score_battlefield(cases[i], cases[i][5], 0, &b) + (int)b.legal;
        t = now() - t;
        sink += sum;
        if (t < best)
            best = t;
    }
    long long sum = 0;
    double t = now();
    for (int i = 0; i < NBF / 20; i++) {
        bfc_battlefield b;
        sum += brute_battlefield(cases[i], cases[i][5], 0, &b);
    }
    t = now() - t;
    sink += sum;
    report("battlefield (5 cards + turn)", "formations", NBF, best, (NBF / 20) / t);
    free(cases);
}

/* Frontline placements: random frontlines (the cards dealt until the next
 * would pass 31, cut at a random length), flattened into one array. */
#define NFL 1000000
static void frontline(void)
{
    bfc_card *cards = malloc((size_t)NFL * 16);
    uint8_t *len = malloc(NFL);
    if (!cards || !len)
        return;
    for (int i = 0; i < NFL; i++) {
        bfc_card *c = cards + (size_t)i * 16;
        uint64_t seen = 0;
        int n = 0, sum = 0;
        int want = (int)test_rnd(&rng, 9); /* frontline length 0..8 before the card */
        for (;;) {
            bfc_card x;
            do
                x = (bfc_card)test_rnd(&rng, 53);
            while (seen >> x & 1);
            int v = x == 52 ? 0 : (x / 4 + 1 > 10 ? 10 : x / 4 + 1);
            if (n == want || sum + v > 31) {
                c[n] = x; /* the placed card; may renew */
                break;
            }
            seen |= 1ULL << x;
            c[n++] = x;
            sum += v;
        }
        len[i] = (uint8_t)n;
    }
    double best = 1e9;
    for (int run = 0; run < RUNS; run++) {
        long long sum = 0;
        bfc_frontline_score s;
        double t = now();
        for (int i = 0; i < NFL; i++) {
            const bfc_card *c = cards + (size_t)i * 16;
            sum += bfc_score_frontline(c, len[i], c[len[i]], (unsigned)(i & 1) * BFC_TURN_CARD, &s) +
                   s.go_point;
        }
        t = now() - t;
        sink += sum;
        if (t < best)
            best = t;
    }
    long long sum = 0;
    double t = now();
    for (int i = 0; i < NFL / 4; i++) {
        const bfc_card *c = cards + (size_t)i * 16;
        bfc_frontline_score s;
        sum += brute_frontline(c, len[i], c[len[i]], i & 1, &s);
    }
    t = now() - t;
    sink += sum;
    report("frontline (bfc_score_frontline)", "placements", NFL, best, (NFL / 4) / t);
    free(cards);
    free(len);
}

/* Placements on a kept frontline (bfc_frontline_place), as a game makes
 * them: whole shuffled decks placed card after card, renewals included. */
#define NDECKS 20000
static void kept_frontline(void)
{
    bfc_card *order = malloc((size_t)NDECKS * 53);
    if (!order)
        return;
    for (int d = 0; d < NDECKS; d++) {
        bfc_card *o = order + (size_t)d * 53;
        for (int i = 0; i < 53; i++)
            o[i] = (bfc_card)i;
        for (int i = 52; i > 0; i--) {
            int j = (int)test_rnd(&rng, (unsigned)i + 1);
            bfc_card t = o[i];
            o[i] = o[j];
            o[j] = t;
        }
    }
    double best = 1e9;
    for (int run = 0; run < RUNS; run++) {
        long long sum = 0;
        bfc_frontline_score s;
        double t = now();
        for (int d = 0; d < NDECKS; d++) {
            bfc_frontline f;
            bfc_frontline_init(&f);
            const bfc_card *o = order + (size_t)d * 53;
            for (int i = 0; i < 53; i++)
                sum += bfc_frontline_place(&f, o[i], (unsigned)(i & 1) * BFC_TURN_CARD, &s) +
                       s.go_point;
        }
        t = now() - t;
        sink += sum;
        if (t < best)
            best = t;
    }
    report("kept frontline (bfc_frontline_place)", "placements", 53.0 * NDECKS, best, 0);
    free(order);
}

int main(void)
{
    machine();
    const double pairs = 12994800.0;
    double brute = brute_show_rate();
    report("bfc_score_show, all hand+starter pairs", "hands", pairs, show_all_pairs(0), brute);
    report("  the same with BFC_CRIB", "hands", pairs, show_all_pairs(BFC_CRIB), brute);
    report("bfc_score_show_all_starters, same pairs", "hands", pairs, all_starters(), brute);
    battlefield();
    frontline();
    kept_frontline();
    return sink == 42 ? 1 : 0;
}
