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
#include "internal.h" /* bfc__all_starters_path: each path of the batch scorer */
#include "variants.h" /* bfc_game internals: a checksum of the hidden cards */

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

/* The runs of each timed loop (its best is the figure), and the seconds
 * of the batched figures below (batch_secs). `bench --quick` (make bench
 * BENCH_QUICK=1, CI) runs each loop once and the batches for a twentieth
 * of the time: it shows that the bench builds and runs, in a second or
 * two, and its figures are not for comparing. */
static int runs = 5, few_runs = 3;
static double batch_secs = 1.0;

/* All 12,994,800 hand + starter pairs through bfc_score_show. */
static double show_all_pairs(unsigned flags)
{
    double best = 1e9;
    for (int run = 0; run < runs; run++) {
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
    for (int run = 0; run < runs; run++) {
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
    for (int run = 0; run < runs; run++) {
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
    for (int run = 0; run < runs; run++) {
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
    for (int run = 0; run < runs; run++) {
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

/* ---- The game engine ----------------------------------------------------
 * Each figure below is the best rate over batches of fixed work, run for
 * about one second in all (batch_secs); those of the classic games for
 * half that, so the whole bench stays short. */

static uint64_t mix = 0x9E3779B97F4A7C15ULL; /* the playouts' move choices */

static inline unsigned pick(unsigned n) /* uniform in 0..n-1 (xorshift64*) */
{
    mix ^= mix >> 12;
    mix ^= mix << 25;
    mix ^= mix >> 27;
    return (unsigned)((((mix * 0x2545F4914F6CDD1DULL) >> 32) * n) >> 32);
}

static bfc_game *new_game_rules(const bfc_rules *r, uint64_t seed)
{
    bfc_game *g = bfc_game_new(r, seed, NULL);
    if (!g) {
        fprintf(stderr, "bench: bfc_game_new failed\n");
        exit(1);
    }
    return g;
}

/* The rules of a classic variant (RULES 3) with its defaults. */
static bfc_rules classic_rules(int variant, int players, int teams)
{
    bfc_rules r;
    bfc_rules_init_variant(&r, variant);
    r.players = players;
    r.teams = teams;
    return r;
}

/* Plays `games` whole random games in g: at each position the legal moves
 * (bfc_game_legal_moves), one chosen uniformly, bfc_game_apply (with ev
 * and cap as given: NULL/0 with no count is the playout fast path, a
 * BFC_MAX_EVENTS buffer the front-end path), to game over. Each game starts with
 * bfc_game_next on the finished one: a fresh deal from the game's own
 * generator, scores 0 -- its cost (one deal) is in the figure. Returns the
 * moves applied. */
static long long playouts(bfc_game *g, long games, bfc_event *ev, size_t cap)
{
    long long moves = 0, sum = 0;
    for (long i = 0; i < games; i++) {
        bfc_move m[BFC_MAX_MOVES];
        int n;
        while ((n = bfc_game_legal_moves(g, m, BFC_MAX_MOVES)) > 0) {
            size_t nev = 0; /* counted only on the front-end path */
            bfc_game_apply(g, m[pick((unsigned)n)], ev, cap, cap ? &nev : NULL);
            sum += (long long)nev;
            moves++;
        }
        sum += bfc_game_winner(g);
        bfc_game_next(g);
    }
    sink += sum;
    return moves;
}

/* One figure: random playouts of the given rules for about `secs`
 * seconds, in batches of `batch` games (best batch). */
static void playout_line(const char *what, const bfc_rules *r, bfc_event *ev, size_t cap,
                         long batch, double secs)
{
    bfc_game *g = new_game_rules(r, 20260101);
    playouts(g, batch / 10, ev, cap); /* warm up */
    double best = 1e9, total = 0;
    long long best_moves = 1;
    while (total < secs) {
        double t = now();
        long long moves = playouts(g, batch, ev, cap);
        t = now() - t;
        total += t;
        if (t < best) {
            best = t;
            best_moves = moves;
        }
    }
    printf("%-48s %8.1f M moves/s  %8.0f games/s   %5.1f moves/game\n", what,
           (double)best_moves / best / 1e6, (double)batch / best, (double)best_moves / batch);
    bfc_game_free(g);
}

/* Positions for the per-call figures: states met in random playouts of
 * the given rules (every 37th move), so every phase appears about as often
 * as in play. Never a finished game. */
#define NSTATES 256
static bfc_game *states[NSTATES];

static void collect_states(const bfc_rules *r)
{
    bfc_game *g = new_game_rules(r, 7);
    long k = 0;
    int have = 0;
    while (have < NSTATES) {
        bfc_move m[BFC_MAX_MOVES];
        int n = bfc_game_legal_moves(g, m, BFC_MAX_MOVES);
        if (n <= 0) {
            bfc_game_next(g);
            continue;
        }
        if (++k % 37 == 0) {
            states[have] = bfc_game_clone(g);
            if (!states[have]) {
                fprintf(stderr, "bench: bfc_game_clone failed\n");
                exit(1);
            }
            have++;
        }
        bfc_game_apply(g, m[pick((unsigned)n)], NULL, 0, NULL);
    }
    bfc_game_free(g);
}

static void free_states(void)
{
    for (int i = 0; i < NSTATES; i++)
        bfc_game_free(states[i]);
}

/* Runs op(i) for i = 0.. in batches of `batch` calls for about `secs`
 * seconds; returns the best batch's calls per second. */
static double rate_of(long long (*op)(long, long), long batch, double secs)
{
    double best = 1e9, total = 0;
    long start = 0;
    op(0, batch / 10); /* warm up */
    while (total < secs) {
        double t = now();
        sink += op(start, batch);
        t = now() - t;
        total += t;
        start += batch;
        if (t < best)
            best = t;
    }
    return (double)batch / best;
}

static bfc_game *scratch; /* a game of the sample states' rules */

/* bfc_game_copy of the sample states into one game (the search-tree call). */
static long long op_copy(long start, long n)
{
    long long sum = 0;
    for (long i = start; i < start + n; i++) {
        bfc_game_copy(scratch, states[i % NSTATES]);
        sum += bfc_game_to_move(scratch);
    }
    return sum;
}

/* bfc_game_determinize of a sample state for the seat to move (in place:
 * the seat's observation never changes, so the state stays a sample). The
 * sum reads hidden cards of either kind of game. */
static long long op_determinize(long start, long n)
{
    long long sum = 0;
    for (long i = start; i < start + n; i++) {
        bfc_game *g = states[i % NSTATES];
        bfc_game_determinize(g, bfc_game_to_move(g), (uint64_t)i);
        sum += g->pile[52] + g->form[1][4] + g->deck[51] + (long long)(g->hand[1] & 0xFFFF);
    }
    return sum;
}

/* bfc_game_observe of a sample state, for alternate seats. */
static long long op_observe(long start, long n)
{
    long long sum = 0;
    bfc_observation o;
    for (long i = start; i < start + n; i++) {
        bfc_game_observe(states[i % NSTATES], (int)(i & 1), &o);
        sum += o.pile + o.formation[1][4] + o.held + (long long)(o.hand & 0xFFFF);
    }
    return sum;
}

/* bfc_bot_greedy on the observation of the seat to move (observations made
 * beforehand: the figure is the decision alone). */
static bfc_observation obs[NSTATES];

static long long op_greedy(long start, long n)
{
    long long sum = 0;
    uint64_t r = 12345;
    for (long i = start; i < start + n; i++) {
        bfc_move m = 0;
        bfc_bot_greedy(&obs[i % NSTATES], &r, &m);
        sum += m;
    }
    return sum;
}

/* bfc_game_save of a sample state, then bfc_game_load of the text into an
 * existing game (no allocation). */
static long long op_save_load(long start, long n)
{
    long long sum = 0;
    char text[4096];
    for (long i = start; i < start + n; i++) {
        sum += bfc_game_save(states[i % NSTATES], text, sizeof text);
        sum += bfc_game_load(&scratch, text);
    }
    return sum;
}

static void per_call_line(const char *what, const char *unit, double rate)
{
    if (rate >= 1e6)
        printf("%-48s %8.1f M %s/s\n", what, rate / 1e6, unit);
    else
        printf("%-48s %8.0f   %s/s\n", what, rate, unit);
}

/* The per-call figures over sample states of rules r; the classic games
 * get a shorter list and half the time each (the bench stays short). */
static void per_call_lines(const bfc_rules *r, const char *prefix, int all)
{
    char what[64];
    const double secs = all ? batch_secs : batch_secs / 2;
    collect_states(r);
    scratch = new_game_rules(r, 1);
    for (int i = 0; i < NSTATES; i++)
        bfc_game_observe(states[i], bfc_game_to_move(states[i]), &obs[i]);
    snprintf(what, sizeof what, "%sbfc_game_copy", prefix);
    per_call_line(what, "copies", rate_of(op_copy, 2000000, secs));
    snprintf(what, sizeof what, "%sbfc_game_determinize", prefix);
    per_call_line(what, "calls", rate_of(op_determinize, 200000, secs));
    snprintf(what, sizeof what, "%sbfc_game_observe", prefix);
    per_call_line(what, "calls", rate_of(op_observe, 500000, secs));
    if (all)
        per_call_line("bfc_bot_greedy (one decision)", "decisions",
                      rate_of(op_greedy, 20000, secs));
    snprintf(what, sizeof what, "%sbfc_game_save + bfc_game_load", prefix);
    per_call_line(what, "round trips", rate_of(op_save_load, 20000, secs));
    free_states();
    bfc_game_free(scratch);
}

static void game_engine(void)
{
    static bfc_event ev[BFC_MAX_EVENTS];
    bfc_rules r;
    bfc_rules_init(&r);
    playout_line("random playouts, 2 players (no events)", &r, NULL, 0, 2000, batch_secs);
    playout_line("  the same with events (BFC_MAX_EVENTS)", &r, ev, BFC_MAX_EVENTS, 2000,
                 batch_secs);
    per_call_lines(&r, "", 1);

    /* The classic games (RULES 3): half a second each. */
    const double half = batch_secs / 2;
    r = classic_rules(BFC_VARIANT_CLASSIC, 2, 0);
    playout_line("random playouts, classic 2 players (no events)", &r, NULL, 0, 1000, half);
    playout_line("  the same with events (BFC_MAX_EVENTS)", &r, ev, BFC_MAX_EVENTS, 1000, half);
    r = classic_rules(BFC_VARIANT_CLASSIC, 4, 1);
    playout_line("random playouts, classic 4 players, teams", &r, NULL, 0, 1000, half);
    r = classic_rules(BFC_VARIANT_FIVE_CARD, 2, 0);
    playout_line("random playouts, five-card", &r, NULL, 0, 1000, half);
    r = classic_rules(BFC_VARIANT_NODDY, 2, 0);
    playout_line("random playouts, Noddy 2 players", &r, NULL, 0, 1000, half);
    r = classic_rules(BFC_VARIANT_SOLITAIRE, 1, 0);
    playout_line("random playouts, solitaire", &r, NULL, 0, 1000, half);
    r = classic_rules(BFC_VARIANT_CLASSIC, 3, 0);
    bfc_board_example(&r.board);
    playout_line("random playouts, Crib Wars 3 players", &r, NULL, 0, 1000, half);
    r = classic_rules(BFC_VARIANT_CLASSIC, 2, 0);
    per_call_lines(&r, "classic 2 players: ", 0);
    printf("%-48s %llx\n", "checksum (ignore)", (unsigned long long)sink);
}


/* ==================================================================== * Playouts through the public API (issue 17, the playout half). A block of
 * its own: the figures below, and `bench --playouts VARIANT GAMES`, the
 * fixed workload tests/bench_playout.sh counts with callgrind for the
 * instructions-per-game lines.
 * ======================================================================== */

/* One random game per seed 0..games-1, as a bot author's simplest loop
 * does it: bfc_game_new, then legal moves, a uniform pick (bfc_rng_next),
 * bfc_game_apply with no events, to the end; bfc_game_free. Returns the
 * moves applied. */
static long long seeded_playouts(int variant, long games)
{
    bfc_rules r;
    bfc_rules_init_variant(&r, variant);
    uint64_t pick_rng = 7;
    long long moves = 0, sum = 0;
    for (long i = 0; i < games; i++) {
        bfc_game *g = new_game_rules(&r, (uint64_t)i);
        while (!bfc_game_over(g)) {
            bfc_move m[BFC_MAX_MOVES];
            const int n = bfc_game_legal_moves(g, m, BFC_MAX_MOVES);
            const bfc_move mv = m[((bfc_rng_next(&pick_rng) >> 32) * (uint64_t)n) >> 32];
            bfc_game_apply(g, mv, NULL, 0, NULL);
            moves++;
        }
        int sc[2];
        bfc_game_scores(g, sc, 2);
        sum += sc[0] * 3 + sc[1];
        bfc_game_free(g);
    }
    sink += sum;
    return moves;
}

/* `bench --playouts VARIANT GAMES`: the workload alone (for callgrind). */
static int playouts_mode(int argc, char **argv)
{
    if (argc != 4 || strcmp(argv[1], "--playouts") != 0) {
        fprintf(stderr, "usage: bench [--quick | --playouts VARIANT GAMES]\n");
        return 2;
    }
    const long long moves = seeded_playouts(atoi(argv[2]), atol(argv[3]));
    printf("%lld moves\n", moves);
    return 0;
}

/* bfc_game_copy of the sample states into one game, in ns per copy. */
static double copy_ns(const bfc_rules *r)
{
    collect_states(r);
    scratch = new_game_rules(r, 1);
    const double rate = rate_of(op_copy, 2000000, batch_secs / 2);
    free_states();
    bfc_game_free(scratch);
    return 1e9 / rate;
}

static void playout_figures(void)
{
    printf("playouts through the public API (issue 17; instructions per game: "
           "tests/bench_playout.sh)\n");
    static const struct {
        const char *what;
        int variant;
        long batch;
    } P[] = {{"  Battlefield 2 players, bfc_game_new per game", BFC_VARIANT_BATTLEFIELD, 2000},
             {"  classic 2 players, bfc_game_new per game", BFC_VARIANT_CLASSIC, 4000}};
    for (size_t k = 0; k < sizeof P / sizeof P[0]; k++) {
        seeded_playouts(P[k].variant, P[k].batch / 10); /* warm up */
        double best = 1e9, total = 0;
        long long moves = 1;
        while (total < batch_secs) {
            double t = now();
            moves = seeded_playouts(P[k].variant, P[k].batch);
            t = now() - t;
            total += t;
            best = t < best ? t : best;
        }
        printf("%-48s %8.0f games/s  %6.2f us/game  %5.1f moves/game\n", P[k].what,
               (double)P[k].batch / best, best / (double)P[k].batch * 1e6,
               (double)moves / (double)P[k].batch);
    }
    bfc_rules r;
    bfc_rules_init(&r);
    printf("%-48s %8.1f ns\n", "  bfc_game_copy, Battlefield 2 players", copy_ns(&r));
    r = classic_rules(BFC_VARIANT_CLASSIC, 2, 0);
    printf("%-48s %8.1f ns\n", "  bfc_game_copy, classic 2 players", copy_ns(&r));
}

/* ---- end of the playout block ------------------------------------------- */
static void advice_and_search(void);

/* ---- Instructions per call (`make bench` runs these under callgrind) -----
 * `bench --instr NAME` runs one small fixed workload through the public API
 * in the function instr_NAME; `make bench` runs it under valgrind
 * --tool=callgrind --toggle-collect=<the function measured>, so only the
 * instructions executed inside that function (and what it calls) count.
 * `bench --instr-report NAME FILE` divides the total callgrind wrote in
 * FILE by the number of calls the workload made. Exact on any machine:
 * the figures to compare between changes. */

#define INSTR_SHOWS 100000
#define INSTR_HANDS 20000
#define INSTR_FORMATIONS 20000
#define INSTR_DECKS 400

static bfc_card instr_cards[INSTR_SHOWS][6];
static bfc_card instr_decks[INSTR_DECKS][53];
static bfc_card instr_bfc[INSTR_FORMATIONS][6];

static void instr_data(void)
{
    uint64_t r = 0x1234567887654321ULL;
    for (int i = 0; i < INSTR_SHOWS; i++)
        test_deal(&r, instr_cards[i], 6, 52);
    for (int i = 0; i < INSTR_FORMATIONS; i++)
        test_deal(&r, instr_bfc[i], 6, 53);
    for (int d = 0; d < INSTR_DECKS; d++) {
        for (int i = 0; i < 53; i++)
            instr_decks[d][i] = (bfc_card)i;
        for (int i = 52; i > 0; i--) {
            int j = (int)test_rnd(&r, (unsigned)i + 1);
            bfc_card t = instr_decks[d][i];
            instr_decks[d][i] = instr_decks[d][j];
            instr_decks[d][j] = t;
        }
    }
}

__attribute__((noinline)) static long long instr_show(unsigned flags)
{
    long long sum = 0;
    for (int i = 0; i < INSTR_SHOWS; i++)
        sum += bfc_score_show(instr_cards[i], instr_cards[i][4], flags);
    return sum;
}

__attribute__((noinline)) static long long instr_all_starters(unsigned flags)
{
    long long sum = 0;
    int8_t scores[52];
    for (int i = 0; i < INSTR_HANDS; i++) {
        bfc_score_show_all_starters(instr_cards[i], flags, scores);
        sum += scores[instr_cards[i][4]];
    }
    return sum;
}

/* The portable path of the same, which CPUs without AVX2 take. */
__attribute__((noinline)) static long long instr_all_starters_portable(void)
{
    long long sum = 0;
    int8_t scores[52];
    for (int i = 0; i < INSTR_HANDS; i++) {
        bfc__all_starters_path(instr_cards[i], 0, scores, BFC__PATH_PORTABLE);
        sum += scores[instr_cards[i][4]];
    }
    return sum;
}

__attribute__((noinline)) static long long instr_hand6(void)
{
    long long sum = 0;
    bfc_hand_score s;
    for (int i = 0; i < INSTR_HANDS; i++)
        sum += bfc_score_hand(instr_cards[i], 5, instr_cards[i][5], 0, &s) + s.flush;
    return sum;
}

/* Formations and turn cards dealt from the 53-card BFC deck: the joker is
 * among the six cards about one time in nine, as in play. */
__attribute__((noinline)) static long long instr_battlefield(void)
{
    long long sum = 0;
    bfc_battlefield b;
    for (int i = 0; i < INSTR_FORMATIONS; i++)
        sum += bfc_score_battlefield(instr_bfc[i], instr_bfc[i][5], 0, &b) + (int)b.legal;
    return sum;
}

__attribute__((noinline)) static long long instr_frontline_place(void)
{
    long long sum = 0;
    bfc_frontline_score s;
    for (int d = 0; d < INSTR_DECKS; d++) {
        bfc_frontline f;
        bfc_frontline_init(&f);
        for (int i = 0; i < 53; i++)
            sum += bfc_frontline_place(&f, instr_decks[d][i], (unsigned)(i & 1) * BFC_TURN_CARD,
                                       &s) + s.go_point;
    }
    return sum;
}

typedef struct {
    const char *name;     /* bench --instr NAME */
    const char *function; /* what callgrind counts (--toggle-collect pattern) */
    const char *label;    /* the printed line */
    const char *unit;     /* "instructions per <unit>" */
    double calls;         /* calls (units) the workload makes */
} instr_workload;

static const instr_workload INSTR[] = {
    {"show", "bfc_score_show", "bfc_score_show", "call", INSTR_SHOWS},
    {"show_crib", "bfc_score_show", "  the same with BFC_CRIB", "call", INSTR_SHOWS},
    {"all_starters", "bfc_score_show_all_starters", "bfc_score_show_all_starters", "hand",
     INSTR_HANDS},
    {"all_starters_portable", "all_starters_portable", "  its portable path (no AVX2)", "hand",
     INSTR_HANDS},
    {"battlefield", "bfc_score_battlefield", "bfc_score_battlefield", "formation",
     INSTR_FORMATIONS},
    {"frontline_place", "bfc_frontline_place", "bfc_frontline_place", "call",
     53.0 * INSTR_DECKS},
    {"hand6", "bfc_score_hand", "bfc_score_hand, 5 cards + starter", "call", INSTR_HANDS},
};

static const instr_workload *instr_find(const char *name)
{
    for (size_t i = 0; i < sizeof INSTR / sizeof *INSTR; i++)
        if (strcmp(INSTR[i].name, name) == 0)
            return &INSTR[i];
    fprintf(stderr, "bench: no workload %s\n", name);
    exit(2);
}

static int instr_run(const char *name)
{
    const instr_workload *w = instr_find(name);
    instr_data();
    if (strcmp(name, "show") == 0)
        sink += instr_show(0);
    else if (strcmp(name, "show_crib") == 0)
        sink += instr_show(BFC_CRIB);
    else if (strcmp(name, "all_starters") == 0)
        sink += instr_all_starters(0);
    else if (strcmp(name, "all_starters_portable") == 0)
        sink += instr_all_starters_portable();
    else if (strcmp(name, "battlefield") == 0)
        sink += instr_battlefield();
    else if (strcmp(name, "frontline_place") == 0)
        sink += instr_frontline_place();
    else
        sink += instr_hand6();
    return w->calls > 0 ? 0 : 1;
}

/* Reads the "summary:" total of a callgrind output file and prints it per
 * call: the labelled line of `make bench`, or with raw "NAME N" (one
 * decimal) for tests/bench_check.sh. */
static int instr_report(const char *name, const char *file, int raw)
{
    const instr_workload *w = instr_find(name);
    FILE *f = fopen(file, "r");
    char line[512];
    double total = -1;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "summary:", 8) == 0)
            total = strtod(line + 8, NULL);
    if (f)
        fclose(f);
    if (total < 0) {
        printf("%-48s (no callgrind count)\n", raw ? w->name : w->label);
        return 1;
    }
    if (raw)
        printf("%s %.1f\n", w->name, total / w->calls);
    else
        printf("%-48s %10.1f instructions per %s\n", w->label, total / w->calls, w->unit);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--instr") == 0)
        return instr_run(argv[2]);
    if (argc == 3 && strcmp(argv[1], "--instr-function") == 0) {
        puts(instr_find(argv[2])->function);
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--instr-list") == 0) {
        for (size_t i = 0; i < sizeof INSTR / sizeof *INSTR; i++)
            puts(INSTR[i].name);
        return 0;
    }
    if (argc == 4 && strcmp(argv[1], "--instr-report") == 0)
        return instr_report(argv[2], argv[3], 0);
    if (argc == 4 && strcmp(argv[1], "--instr-value") == 0)
        return instr_report(argv[2], argv[3], 1);
    if (argc == 2 && strcmp(argv[1], "--quick") == 0) {
        runs = few_runs = 1;
        batch_secs = 0.05;
    } else if (argc > 1) {
        return playouts_mode(argc, argv);
    }
    machine();
    const double pairs = 12994800.0;
    double brute = brute_show_rate();
    report("bfc_score_show, all hand+starter pairs", "hands", pairs, show_all_pairs(0), brute);
    report("  the same with BFC_CRIB", "hands", pairs, show_all_pairs(BFC_CRIB), brute);
    report("bfc_score_show_all_starters, same pairs", "hands", pairs, all_starters(), brute);
    battlefield();
    frontline();
    kept_frontline();
    game_engine();
    playout_figures();
    advice_and_search();
    return sink == 42 ? 1 : 0;
}

/* ---- Exact advice and the search bot (issue 15) ---------------------------- */

/* bfc_advise_discard over `hands` random hands of the given rules and
 * role: the best run's milliseconds per hand. */
static double advise_ms(const char *preset, int players, int teams, int role, int hands)
{
    bfc_rules r;
    bfc_rules_preset(&r, preset, players, teams);
    const int n = bfc_rules_throws(&r) == 2 && players == 2 ? (r.variant == BFC_VARIANT_FIVE_CARD ? 5 : 6)
                                                            : 5;
    bfc_card (*h)[6] = malloc((size_t)hands * sizeof *h);
    if (!h)
        exit(1);
    uint64_t st = 0x5EEDu;
    for (int i = 0; i < hands; i++)
        test_deal(&st, h[i], n, 52);
    double best = 1e9;
    for (int run = 0; run < few_runs; run++) {
        double t = now();
        long long sum = 0;
        for (int i = 0; i < hands; i++) {
            bfc_discard_option o[15];
            sum += bfc_advise_discard(&r, h[i], (size_t)n, role, BFC_CRIB_UNIFORM, o, 15);
            sum += (long long)(o[0].total_ev * 1000);
        }
        t = now() - t;
        sink += sum;
        if (t < best)
            best = t;
    }
    free(h);
    return best * 1e3 / hands;
}

/* The search bot's milliseconds per decision over sample states of rules
 * r (states met in random playouts; classic discards, decided by exact
 * advice, excluded), with `iterations` per decision. */
static void search_line(const char *what, const bfc_rules *r, uint32_t iterations)
{
    collect_states(r);
    bfc_search_config c;
    bfc_search_config_init(&c);
    c.iterations = iterations;
    bfc_search *s = bfc_search_new(r, &c, NULL);
    if (!s) {
        fprintf(stderr, "bench: bfc_search_new failed\n");
        exit(1);
    }
    double best = 1e9;
    long long iters = 0;
    for (int run = 0; run < few_runs; run++) {
        int used = 0;
        long long it = 0;
        double t = now();
        for (int i = 0; i < NSTATES && used < 48; i++) {
            if (bfc_game_phase(states[i]) == BFC_PHASE_DISCARD)
                continue;
            bfc_move m;
            bfc_search_move(s, states[i], &m);
            bfc_search_info info;
            bfc_search_last(s, &info);
            it += info.iterations;
            sink += m;
            used++;
        }
        t = now() - t;
        if (used && t / used < best) {
            best = t / used;
            iters = it / used;
        }
    }
    printf("%-48s %8.2f ms/decision  %8.0f iterations/s\n", what, best * 1e3,
           (double)iters / best);
    bfc_search_free(s);
    free_states();
}

static void advice_and_search(void)
{
    printf("%-48s %8.3f ms/hand\n", "bfc_advise_discard, classic 2 players, dealer",
           advise_ms("classic", 2, 0, BFC_ROLE_DEALER, 400));
    printf("%-48s %8.3f ms/hand\n", "  the same, pone",
           advise_ms("classic", 2, 0, BFC_ROLE_PONE, 400));
    printf("%-48s %8.3f ms/hand\n", "bfc_advise_discard, classic 3 players",
           advise_ms("classic", 3, 0, BFC_ROLE_PONE, 40));
    printf("%-48s %8.3f ms/hand\n", "bfc_advise_discard, five-card",
           advise_ms("five-card", 2, 0, BFC_ROLE_DEALER, 400));
    /* the expected battlefield score of a formation, all face up */
    {
        uint64_t st = 0xF0u;
        double best = 1e9;
        const int reps = 2000;
        for (int run = 0; run < few_runs; run++) {
            double t = now();
            for (int i = 0; i < reps; i++) {
                bfc_card c[5];
                test_deal(&st, c, 5, 53);
                uint64_t unseen = (UINT64_C(1) << 53) - 1;
                for (int k = 0; k < 5; k++)
                    unseen &= ~(UINT64_C(1) << c[k]);
                double ev = 0;
                bfc_advise_formation(c, unseen, 0, &ev);
                sink += (long long)ev;
            }
            t = now() - t;
            if (t < best)
                best = t;
        }
        printf("%-48s %8.3f ms/formation\n", "bfc_advise_formation (48 turn cards)",
               best * 1e3 / reps);
    }
    bfc_rules r;
    bfc_rules_init(&r);
    search_line("bfc_search_move, Battlefield 2p, 400 iterations", &r, 400);
    r = classic_rules(BFC_VARIANT_CLASSIC, 2, 0);
    search_line("bfc_search_move, classic 2p, 400 iterations", &r, 400);
}
