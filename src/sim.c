/* Whole games in C (bfc_sim_run): bots at every seat, seeded as bfc-sim
 * seeds them, the results added up, so that a binding or a tool runs
 * thousands of playouts without crossing into its own language per move. */
#include <stdlib.h>
#include <string.h>

#include "variants.h"

#define GOLDEN UINT64_C(0x9E3779B97F4A7C15) /* splitmix64's step */
#define BOT_SALT UINT64_C(0xB07B07B07B07B07B)

/* splitmix64's output for the step that lands on z. */
static uint64_t mix64(uint64_t z)
{
    uint64_t state = z - GOLDEN;
    return bfc__splitmix(&state);
}

uint64_t bfc_sim_game_seed(uint64_t seed, uint64_t index)
{
    return mix64(seed + (index + 1u) * GOLDEN);
}

uint64_t bfc_sim_bot_seed(uint64_t game_seed, int seat)
{
    return mix64(game_seed ^ (BOT_SALT + (uint64_t)(unsigned)seat));
}

/* One game to its end with the sink tallying points; BFC_OK or a bot's
 * error (its move refused: BFC_EILLEGAL). */
static int play(bfc_game *g, const bfc_bot_fn *bots, uint64_t gseed, bfc_sim_result *out)
{
    bfc__sink k = {NULL, 0, 0, 0, out->points};
    bfc__game_reset(g, gseed, &k);
    uint64_t rng[BFC__MAXP];
    for (unsigned s = 0; s < g->players; s++)
        rng[s] = bfc_sim_bot_seed(gseed, (int)s);
    uint64_t moves = 0;
    bfc_observation o;
    while (!g->over) {
        const unsigned s = g->to_move;
        bfc_move m;
        bfc_game_observe(g, (int)s, &o);
        int rc = bots[s](&o, &rng[s], &m);
        if (rc == BFC_OK)
            rc = bfc__game_apply_sink(g, m, &k);
        if (rc != BFC_OK)
            return rc < 0 ? rc : BFC_EILLEGAL;
        moves++;
    }
    out->games++;
    out->moves += moves;
    if (g->winner != BFC__NONE8) {
        out->wins[g->winner]++;
        out->value_sum[g->winner] += (uint64_t)bfc_game_value(g);
    }
    return BFC_OK;
}

int bfc_sim_run(const bfc_rules *rules, const bfc_bot_fn *bots, uint64_t seed, uint64_t first,
                uint64_t count, uint64_t stride, bfc_sim_result *out)
{
    if (!rules || !bots || !out || stride == 0 || bfc_rules_check(rules) != BFC_OK)
        return BFC_EINVAL;
    for (int s = 0; s < rules->players; s++)
        if (!bots[s])
            return BFC_EINVAL;
    int rc = BFC_OK;
    bfc_game *g = bfc_game_new(rules, 0, &rc);
    if (!g)
        return rc;
    bfc_sim_result r = *out; /* added to *out only when every game played */
    for (uint64_t i = 0; i < count && rc == BFC_OK; i++)
        rc = play(g, bots, bfc_sim_game_seed(seed, first + i * stride), &r);
    bfc_game_free(g);
    if (rc == BFC_OK)
        *out = r;
    return rc;
}
