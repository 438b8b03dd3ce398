/* The bots by name (bots.h). */
#include "bots.h"

#include <string.h>

static const char *const NAME[NBOTS] = {"random", "greedy"};

const char *bot_name(int kind) { return kind >= 0 && kind < NBOTS ? NAME[kind] : "?"; }

int bot_find(const char *name, size_t len)
{
    for (int k = 0; k < NBOTS; k++)
        if (strlen(NAME[k]) == len && strncmp(name, NAME[k], len) == 0)
            return k;
    return -1;
}

int bot_move(int kind, const bfc_observation *obs, uint64_t *rng, bfc_move *out)
{
    return kind == BOT_GREEDY ? bfc_bot_greedy(obs, rng, out) : bfc_bot_random(obs, rng, out);
}
