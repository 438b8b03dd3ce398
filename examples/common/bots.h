/* The library's baseline bots by the names the tools give them. */
#ifndef EXAMPLES_BOTS_H
#define EXAMPLES_BOTS_H

#include <stddef.h>
#include <stdint.h>

#include "bfc.h"

enum { BOT_RANDOM = 0, BOT_GREEDY = 1, NBOTS };

/* "random", "greedy"; "?" if unknown. */
const char *bot_name(int kind);

/* The bot named name[0..len), or -1. */
int bot_find(const char *name, size_t len);

/* The move of bot `kind` from what its seat may know (bfc_bot_random or
 * bfc_bot_greedy). */
int bot_move(int kind, const bfc_observation *obs, uint64_t *rng, bfc_move *out);

#endif
