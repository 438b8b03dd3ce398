/* The bots by name (bots.h). */
#include "bots.h"

#include <string.h>

static const char *const NAME[NBOTS] = {"random", "greedy", "ismcts"};

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

int bot_decide(int kind, bfc_search *search, const bfc_game *g, uint64_t *rng, bfc_move *out)
{
    if (kind == BOT_ISMCTS)
        return search ? bfc_search_move(search, g, out) : BFC_EINVAL;
    bfc_observation obs;
    const int rc = bfc_game_observe(g, bfc_game_to_move(g), &obs);
    return rc == BFC_OK ? bot_move(kind, &obs, rng, out) : rc;
}

int bot_level(const char *name, int *level)
{
    static const char *const LEVEL[] = {"easy", "medium", "hard"};
    for (int k = 0; k < 3; k++)
        if (strcmp(name, LEVEL[k]) == 0) {
            *level = BFC_LEVEL_EASY + k;
            return 0;
        }
    return -1;
}
