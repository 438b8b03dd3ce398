/*
 * The frozen baseline: the library's search bot as it was when issue 27
 * began (src/search.c at main 67276bf), kept outside the library so that
 * new bots can be measured against it after the library's own search has
 * changed. For the tools and the ladder only (bfc-sim --bots base-easy,
 * base-medium, base-hard; tests/ladder.c); not installed, not part of the
 * library's API.
 *
 * It is that code with its names prefixed baseline_ (bfc_search_move is
 * baseline_move, BFC_LEVEL_HARD is BASELINE_HARD, ...) and written against
 * the public header only, so it plays exactly as bfc_search did: the same
 * rules, config, seed and sequence of decisions give the same moves
 * (tests/test_baseline.c pins a checksum of its moves over a fixed set of
 * games). It still calls the library for the rules, bfc_game_determinize,
 * bfc_advise_discard_observation (BFC_CRIB_UNIFORM) and bfc_bot_greedy: if
 * one of those changes what it returns, the baseline changes too, and the
 * pinned checksum says so.
 *
 * Every function behaves as its bfc_search_* original documented in bfc.h
 * at that commit: one thread per bot, no allocation per decision,
 * deterministic for a seed with an iteration budget.
 */
#ifndef EXAMPLES_BASELINE_H
#define EXAMPLES_BASELINE_H

#include <stddef.h>
#include <stdint.h>

#include "bfc.h"

/* Playout policies (BFC_PLAYOUT_* then). */
enum { BASELINE_PLAYOUT_RANDOM = 0, BASELINE_PLAYOUT_GUIDED = 1, BASELINE_PLAYOUT_GREEDY = 2 };

/* What a position at the horizon is worth (BFC_SEARCH_WIN, _MARGIN then). */
enum { BASELINE_WIN = 0, BASELINE_MARGIN = 1 };

/* baseline_config.flags: classic discards by exact advice (uniform crib). */
#define BASELINE_EXACT_DISCARD 0x1u

typedef struct baseline_config {
    uint32_t iterations; /* per decision (400); 0: use time_ms */
    uint32_t time_ms;    /* with iterations 0: wall-clock budget per decision */
    double exploration;  /* the UCB1 constant (0.7) */
    uint64_t seed;       /* the bot's generator starts here */
    int playout;         /* BASELINE_PLAYOUT_* (GUIDED) */
    int value;           /* BASELINE_WIN or BASELINE_MARGIN (WIN) */
    unsigned flags;      /* BASELINE_EXACT_DISCARD (set) */
    uint32_t nodes;      /* node arena; 0: from the budget */
} baseline_config;

/* The defaults above. */
void baseline_config_init(baseline_config *cfg);

/* The levels of that time: easy 40, medium 400, hard 2000 iterations per
 * decision (time_ms 0). BFC_OK or BFC_EINVAL. */
enum { BASELINE_EASY = 1, BASELINE_MEDIUM = 2, BASELINE_HARD = 3 };
int baseline_config_level(baseline_config *cfg, int level);

typedef struct baseline baseline;

/* A bot for games of these rules; NULL with *status BFC_EINVAL or
 * BFC_ENOMEM. Free with baseline_free (NULL is fine). */
baseline *baseline_new(const bfc_rules *rules, const baseline_config *cfg, int *status);
void baseline_free(baseline *bot);

/* Restarts the bot's generator from seed. BFC_OK or BFC_EINVAL. */
int baseline_seed(baseline *bot, uint64_t seed);

/* The move for the seat to move in game (which is not changed). BFC_OK or
 * BFC_EINVAL (NULL, game over, rules not the bot's). */
int baseline_move(baseline *bot, const bfc_game *game, bfc_move *out);

/* One root move of a search, best first in baseline_analyze. */
typedef struct baseline_stat {
    bfc_move move;
    uint8_t searched; /* a candidate the search weighed */
    uint8_t wins_now; /* won the game at once whenever it was played */
    uint32_t visits;
    double value;     /* mean value for the seat's side */
} baseline_stat;

/* Every legal move of the decision, best first (the first is the move
 * baseline_move chooses); at most cap written; the number of legal moves,
 * or a status. */
int baseline_analyze(baseline *bot, const bfc_game *game, baseline_stat *out, size_t cap);

/* What the last decision took. */
typedef struct baseline_info {
    uint32_t iterations, nodes, depth, candidates;
    double ms;
} baseline_info;
int baseline_last(const baseline *bot, baseline_info *out);

#endif
