/* The library's bots by the names the tools give them: the baseline bots
 * (random, greedy: a move from the seat's observation) and the search bot
 * (ismcts: bfc_search, which reads the game but only what the seat sees). */
#ifndef EXAMPLES_BOTS_H
#define EXAMPLES_BOTS_H

#include <stddef.h>
#include <stdint.h>

#include "bfc.h"

enum { BOT_RANDOM = 0, BOT_GREEDY = 1, BOT_ISMCTS = 2, NBOTS };

/* "random", "greedy", "ismcts"; "?" if unknown. */
const char *bot_name(int kind);

/* The bot named name[0..len), or -1. */
int bot_find(const char *name, size_t len);

/* The move of bot `kind` from what its seat may know (bfc_bot_random or
 * bfc_bot_greedy). */
int bot_move(int kind, const bfc_observation *obs, uint64_t *rng, bfc_move *out);

/* The move of the seat to move in g: bot `kind`; for BOT_ISMCTS its search
 * (made once, seeded by the caller: bfc_search_move), else the baseline bot
 * from the seat's observation with *rng. A status. */
int bot_decide(int kind, bfc_search *search, const bfc_game *g, uint64_t *rng, bfc_move *out);

/* "easy", "medium", "hard" (BFC_LEVEL_*) into *level: 0, or -1. */
int bot_level(const char *name, int *level);

#endif
