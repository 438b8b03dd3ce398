/* `make ladder`: the proof of strength of the search bot. Plays the bots
 * against each other -- random < greedy < ismcts at several budgets -- in
 * 2-player Battlefield and classic, and 3- and 4-player Battlefield, with
 * seats and first dealer balanced, and prints each cell's win rate with
 * its 95% Wilson interval and the search's milliseconds per decision.
 * Not a test: it takes long and proves nothing by passing.
 *
 *   tests/ladder [-n GAMES] [-s SEED] [--cell TEXT] [--list]
 *                [--c X] [--playout random|guided|greedy] [--margin]
 *
 * -n is the games per cell (1000; a multiple of players * players keeps
 * the balance of seat and first dealer exact), --cell runs the cells
 * whose name contains TEXT, and the other options change the search's
 * config (for tuning). The budgets are the levels of
 * bfc_search_config_level(): easy 40, medium 400, hard 2000 iterations.
 * "hero" is the first bot of a cell's name (with teams, both partners);
 * every other seat plays the second. Uses only the public header. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bfc.h"

enum kind { RANDOM, GREEDY, ISMCTS };

typedef struct player {
    enum kind kind;
    uint32_t iterations; /* ISMCTS */
} player;

typedef struct cell {
    const char *name;
    const char *preset;
    int players, teams;
    player hero;  /* the bot measured: seat h and, with teams, its partner */
    player other; /* every other seat */
} cell;

#define R {RANDOM, 0}
#define G {GREEDY, 0}
#define S(n) {ISMCTS, n}

static const cell CELLS[] = {
    {"bf2 greedy-random", "battlefield", 2, 0, G, R},
    {"bf2 ismcts40-random", "battlefield", 2, 0, S(40), R},
    {"bf2 ismcts400-random", "battlefield", 2, 0, S(400), R},
    {"bf2 ismcts40-greedy", "battlefield", 2, 0, S(40), G},
    {"bf2 ismcts400-greedy", "battlefield", 2, 0, S(400), G},
    {"bf2 ismcts2000-greedy", "battlefield", 2, 0, S(2000), G},
    {"bf2 ismcts2000-ismcts400", "battlefield", 2, 0, S(2000), S(400)},
    {"classic2 greedy-random", "classic", 2, 0, G, R},
    {"classic2 ismcts40-random", "classic", 2, 0, S(40), R},
    {"classic2 ismcts400-random", "classic", 2, 0, S(400), R},
    {"classic2 ismcts40-greedy", "classic", 2, 0, S(40), G},
    {"classic2 ismcts400-greedy", "classic", 2, 0, S(400), G},
    {"classic2 ismcts2000-greedy", "classic", 2, 0, S(2000), G},
    {"classic2 ismcts2000-ismcts400", "classic", 2, 0, S(2000), S(400)},
    {"bf3 greedy-random", "battlefield", 3, 0, G, R},
    {"bf3 ismcts400-greedy", "battlefield", 3, 0, S(400), G},
    {"bf4 ismcts400-greedy", "battlefield", 4, 0, S(400), G},
    {"bf4teams ismcts400-greedy", "battlefield", 4, 1, S(400), G},
};
#define NCELLS (sizeof CELLS / sizeof CELLS[0])

static bfc_search_config base; /* the search config of the run */

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static void die(const char *what)
{
    fprintf(stderr, "ladder: %s\n", what);
    exit(2);
}

/* sqrt by Newton's method (keeps the program free of libm). */
static double root(double x)
{
    if (!(x > 0))
        return 0;
    double y = x > 1 ? x : 1;
    for (int i = 0; i < 100; i++)
        y = 0.5 * (y + x / y);
    return y;
}

/* The 95% Wilson score interval of k wins in n games. */
static void wilson(long k, long n, double *lo, double *hi)
{
    const double z = 1.959963984540054, p = (double)k / (double)n, z2n = z * z / (double)n;
    const double mid = (p + z2n / 2) / (1 + z2n);
    const double half = z * root(p * (1 - p) / (double)n + z2n / (4.0 * (double)n)) / (1 + z2n);
    *lo = mid - half;
    *hi = mid + half;
}

typedef struct tally {
    long games, wins, decisions;
    double ms;
    long points_for, points_against;
} tally;

/* One game: hero on seat h (and its partner with teams), first dealer d.
 * The search bots are made for the game's rules (the first dealer is one
 * of them) and seeded from the game's seed. */
static void play(const cell *c, int h, int d, uint64_t seed, tally *t)
{
    bfc_rules r;
    if (bfc_rules_preset(&r, c->preset, c->players, c->teams) != BFC_OK)
        die("bad preset");
    r.first_dealer = d;
    bfc_game *g = bfc_game_new(&r, seed, NULL);
    if (!g)
        die("bfc_game_new failed");
    player who[6];
    bfc_search *bots[6] = {NULL};
    uint64_t rng[6];
    const int sides = bfc_game_sides(g);
    const int hero_side = bfc_game_side_of(g, h);
    for (int s = 0; s < c->players; s++) {
        who[s] = bfc_game_side_of(g, s) == hero_side ? c->hero : c->other;
        rng[s] = seed * 31 + (uint64_t)s + 1;
        if (who[s].kind == ISMCTS) {
            bfc_search_config cfg = base;
            cfg.iterations = who[s].iterations;
            cfg.seed = seed * 7919 + (uint64_t)s;
            bots[s] = bfc_search_new(&r, &cfg, NULL);
            if (!bots[s])
                die("bfc_search_new failed");
        }
    }
    while (!bfc_game_over(g)) {
        const int s = bfc_game_to_move(g);
        bfc_move m;
        int rc;
        if (who[s].kind == ISMCTS) {
            const double t0 = now_ms();
            rc = bfc_search_move(bots[s], g, &m);
            if (bfc_game_side_of(g, s) == hero_side) {
                t->ms += now_ms() - t0;
                t->decisions++;
            }
        } else {
            bfc_observation o;
            bfc_game_observe(g, s, &o);
            rc = who[s].kind == GREEDY ? bfc_bot_greedy(&o, &rng[s], &m)
                                       : bfc_bot_random(&o, &rng[s], &m);
        }
        if (rc != BFC_OK || bfc_game_apply(g, m, NULL, 0, NULL) != BFC_OK)
            die("a bot failed to move");
    }
    int sc[6];
    bfc_game_scores(g, sc, 6);
    t->games++;
    t->wins += bfc_game_winner(g) == hero_side;
    for (int i = 0; i < sides; i++) {
        if (i == hero_side)
            t->points_for += sc[i];
        else
            t->points_against += sc[i];
    }
    for (int s = 0; s < c->players; s++)
        bfc_search_free(bots[s]);
    bfc_game_free(g);
}

static void run_cell(const cell *c, long games, uint64_t seed)
{
    tally t = {0};
    const int sides = c->teams ? c->players / 2 : c->players;
    const int seatings = c->teams ? 2 : c->players; /* hero's seat */
    const double t0 = now_ms();
    for (long i = 0; i < games; i++) {
        /* the hero's seat and the first dealer both cycle: every (seat,
           dealer) pair equally often over seatings * players games */
        const int h = (int)(i % seatings);
        const int d = (int)((i / seatings) % c->players);
        play(c, h, d, seed + (uint64_t)i * 1000003u, &t);
    }
    double lo, hi;
    wilson(t.wins, t.games, &lo, &hi);
    const double fair = 100.0 / sides;
    printf("%-30s %6ld games  hero wins %5.1f%%  [%5.1f, %5.1f]  fair %4.1f%%  points %6.1f-%6.1f",
           c->name, t.games, 100.0 * (double)t.wins / (double)t.games, 100 * lo, 100 * hi, fair,
           (double)t.points_for / (double)t.games,
           (double)t.points_against / (double)t.games / (sides - 1));
    if (t.decisions)
        printf("  %.2f ms/decision", t.ms / (double)t.decisions);
    printf("  (%.0f s)\n", (now_ms() - t0) / 1e3);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    long games = 1000;
    uint64_t seed = 1;
    const char *only = NULL;
    bfc_search_config_init(&base);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-n") && v)
            games = atol(argv[++i]);
        else if (!strcmp(a, "-s") && v)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(a, "--cell") && v)
            only = argv[++i];
        else if (!strcmp(a, "--c") && v)
            base.exploration = strtod(argv[++i], NULL);
        else if (!strcmp(a, "--playout") && v) {
            const char *p = argv[++i];
            base.playout = !strcmp(p, "random")   ? BFC_PLAYOUT_RANDOM
                           : !strcmp(p, "greedy") ? BFC_PLAYOUT_GREEDY
                                                  : BFC_PLAYOUT_GUIDED;
        } else if (!strcmp(a, "--margin"))
            base.value = BFC_SEARCH_MARGIN;
        else if (!strcmp(a, "--list")) {
            for (size_t k = 0; k < NCELLS; k++)
                printf("%s\n", CELLS[k].name);
            return 0;
        } else {
            fprintf(stderr, "usage: ladder [-n GAMES] [-s SEED] [--cell TEXT] [--list] [--c X] "
                            "[--playout random|guided|greedy] [--margin]\n");
            return 2;
        }
    }
    if (games < 1)
        die("-n: at least 1 game");
    printf("ladder: %ld games per cell, seed %" PRIu64 ", search c %.2f, playout %d, value %s\n",
           games, seed, base.exploration, base.playout,
           base.value == BFC_SEARCH_WIN ? "win" : "margin");
    for (size_t k = 0; k < NCELLS; k++)
        if (!only || strstr(CELLS[k].name, only))
            run_cell(&CELLS[k], games, seed);
    return 0;
}
