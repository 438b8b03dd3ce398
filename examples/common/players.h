/*
 * The bots bfc-sim and bfc-engine play, by name. Each seat's bot is one of:
 *   random, greedy         the library's baseline bots (bfc_bot_random,
 *                          bfc_bot_greedy), from the seat's observation
 *   rules                  the rule-of-thumb Battlefield player
 *                          (bfc_bot_rules; greedy in the classic games)
 *   ismcts                 the library's search bot at --iterations or
 *                          --time-ms per decision (default 400)
 *   easy, medium, hard     the library's search bot at its level
 *                          (bfc_search_config_level)
 *   base                   the frozen baseline (examples/common/baseline.h:
 *                          the search bot of issue 27's start) at
 *                          --iterations or --time-ms
 *   base-easy, base-medium, base-hard
 *                          the frozen baseline at the levels of that time
 *                          (40, 400, 2000 iterations)
 *   base03-easy, base03-medium, base03-hard
 *                          the frozen 0.3 baseline (examples/common/base03.h)
 *                          at 0.3's levels
 *   step1 .. step10        the strength dial's steps (bfc_dial_new)
 *   rating:N               the strongest step rated at most N
 *                          (bfc_dial_step_of_rating); it plays as stepK
 *   easy+rules, medium+rules, hard+rules
 *                          the level with BFC_SEARCH_RULES_PRIOR (its root
 *                          moves start valued by bfc_bot_rules)
 * A run makes each listed bot once; every game re-seeds it with the seed
 * of the seat it sits at, so a game depends on (--seed, index, seating)
 * only.
 */
#ifndef EXAMPLES_PLAYERS_H
#define EXAMPLES_PLAYERS_H

#include <stddef.h>
#include <stdint.h>

#include "base03.h"
#include "baseline.h"
#include "bfc.h"

enum { K_RANDOM, K_GREEDY, K_RULES, K_ISMCTS, K_EASY, K_MEDIUM, K_HARD, K_BASE, K_BASE_EASY,
       K_BASE_MEDIUM, K_BASE_HARD, K_EASY_RULES, K_MEDIUM_RULES, K_HARD_RULES, K_BASE03_EASY,
       K_BASE03_MEDIUM, K_BASE03_HARD, K_STEP1, K_STEP10 = K_STEP1 + BFC_DIAL_STEPS - 1, NKINDS };

/* The name of a kind ("base-hard"); "?" if unknown. */
const char *kind_name(int kind);
/* The kind named name[0..len), or -1. */
int kind_find(const char *name, size_t len);
/* The names, comma-separated, for messages. */
extern const char KIND_LIST[];
/* Whether the kind's budget is --iterations / --time-ms (ismcts, base). */
int kind_budgeted(int kind);
/* Whether the kind searches (its time per decision is worth measuring). */
int kind_searches(int kind);
/* Whether the kind is the 0.2 baseline (base, base-*). */
int kind_is_baseline(int kind);

/* One bot of a run, made once for the run's rules. */
struct player {
    int kind;
    bfc_search *search; /* ismcts, easy, medium, hard, *+rules */
    baseline *base;     /* base, base-* */
    base03 *base03;     /* base03-* */
    bfc_dial *dial;     /* step1..step10, rating:N */
    uint64_t rng;       /* random, greedy, rules */
};

/* Makes the bot of `kind` (iterations / time_ms: the budget of ismcts and
 * base). BFC_OK, or the library's status. */
int player_open(struct player *p, int kind, const bfc_rules *rules, uint32_t iterations,
                uint32_t time_ms);
/* Starts the bot's generator at seed (the seat's seed of the game). */
int player_seed(struct player *p, uint64_t seed);
/* The bot's move for the seat to move in g. A status. */
int player_move(struct player *p, const bfc_game *g, bfc_move *out);
void player_close(struct player *p);

#endif
