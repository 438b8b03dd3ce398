/* The frozen baseline (examples/common/baseline.h): it plays exactly as
 * the library's search bot played when it was frozen, and keeps doing so.
 *
 * A fixed set of games, each seat a baseline bot at a small budget, is
 * reduced to a checksum of every decision (the move, the iterations run,
 * the nodes and depth of the tree, the chosen move's visits) and each
 * game's checksum is pinned below (Stockfish's "bench" signature). Any
 * change to what the baseline does fails test_baseline__pinned_signature:
 * if the cause is a deliberate change under it (the engine's deals, the
 * determinization, the uniform discard advice, the greedy bot), say so in
 * the commit and pin the new values; the baseline's own code stays as it
 * is.
 *
 * A test that played the same games with the library's bfc_search and
 * compared every analysis proved, while src/search.c was the frozen code,
 * that these values were the library's search bot of that time; it went
 * when the search was replaced (issue 27). The classic games' values were
 * pinned again then, because the determinization under the baseline
 * changed: every go of the deal is now kept (RULES 3.1), not only those of
 * the current sequence. */
#include <stdint.h>
#include <string.h>

#include "base03.h"
#include "baseline.h"
#include "bfc.h"
#include "harness.h"

typedef struct spec {
    const char *preset;
    int players, teams;
    uint32_t iterations;
    int playout, value; /* BASELINE_PLAYOUT_*, BASELINE_WIN / _MARGIN */
    uint64_t seed;
    uint64_t pinned; /* the game's checksum, as the frozen code plays it */
} spec;

#define G BASELINE_PLAYOUT_GUIDED
#define W BASELINE_WIN
#define R BASELINE_PLAYOUT_RANDOM
#define M BASELINE_MARGIN
static const spec GAMES[] = {
    {"battlefield", 2, 0, 40, G, W, 1, UINT64_C(0xF8DC253C8DD32391)},
    {"classic", 2, 0, 40, G, W, 2, UINT64_C(0x001B8F5FBC5F13E0)},
    {"classic", 2, 0, 400, G, W, 3, UINT64_C(0x65134CE0570F3BEC)},
    {"battlefield", 3, 0, 30, G, W, 4, UINT64_C(0xD07B6BF20649A530)},
    {"battlefield", 4, 1, 20, G, W, 5, UINT64_C(0x001792889B20B6D0)},
    {"five-card", 2, 0, 40, G, W, 6, UINT64_C(0x0AEC6D13CC151FEB)},
    {"noddy", 3, 0, 30, G, W, 7, UINT64_C(0x581D66C0E468DB23)},
    {"classic", 4, 1, 20, G, W, 8, UINT64_C(0xACEB913D18B5F489)},
    {"battlefield", 2, 0, 40, R, M, 9, UINT64_C(0x7BB3D53380A9A072)},
    {"classic", 2, 0, 40, BASELINE_PLAYOUT_GREEDY, W, 10, UINT64_C(0x0F7B43351DE622DA)},
};
#undef G
#undef W
#undef R
#undef M
#define NGAMES (sizeof GAMES / sizeof GAMES[0])

/* Quick mode (valgrind) plays the first QUICK_GAMES only. */
#define QUICK_GAMES 3
static size_t games_to_play(void) { return harness_quick > 1 ? QUICK_GAMES : NGAMES; }

/* FNV-1a, 64 bits, over the bytes of v. */
static void fold(uint64_t *h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        *h ^= (v >> (8 * i)) & 0xFF;
        *h *= UINT64_C(0x100000001B3);
    }
}
#define FNV_START UINT64_C(0xCBF29CE484222325)

static bfc_rules rules_of(const spec *k)
{
    bfc_rules r;
    if (bfc_rules_preset(&r, k->preset, k->players, k->teams) != BFC_OK)
        fprintf(stderr, "preset %s refused\n", k->preset);
    return r;
}

static uint64_t seat_seed(const spec *k, int seat) { return k->seed * 7919 + (uint64_t)seat; }

/* What one decision adds to a game's checksum. */
static void fold_decision(uint64_t *h, bfc_move m, uint32_t visits, uint32_t iterations,
                          uint32_t nodes, uint32_t depth)
{
    fold(h, m);
    fold(h, visits);
    fold(h, iterations);
    fold(h, nodes);
    fold(h, depth);
}

/* Plays game k with a baseline bot at every seat; its checksum, or 0 if a
 * call failed (reported). */
static uint64_t baseline_game(const spec *k)
{
    const bfc_rules r = rules_of(k);
    bfc_game *g = bfc_game_new(&r, k->seed, NULL);
    baseline *bot[6] = {NULL};
    int ok = g != NULL;
    for (int s = 0; s < r.players && ok; s++) {
        baseline_config c;
        baseline_config_init(&c);
        c.iterations = k->iterations;
        c.playout = k->playout;
        c.value = k->value;
        c.seed = seat_seed(k, s);
        bot[s] = baseline_new(&r, &c, NULL);
        ok = bot[s] != NULL;
    }
    uint64_t h = FNV_START;
    while (ok && !bfc_game_over(g)) {
        baseline *b = bot[bfc_game_to_move(g)];
        baseline_stat st;
        baseline_info info;
        ok = baseline_analyze(b, g, &st, 1) > 0 && baseline_last(b, &info) == BFC_OK;
        if (!ok)
            break;
        fold_decision(&h, st.move, st.visits, info.iterations, info.nodes, info.depth);
        ok = bfc_game_apply(g, st.move, NULL, 0, NULL) == BFC_OK;
    }
    int sc[6] = {0};
    if (ok)
        bfc_game_scores(g, sc, 6);
    for (int i = 0; i < 6; i++)
        fold(&h, (uint64_t)(int64_t)sc[i]);
    for (int s = 0; s < 6; s++)
        baseline_free(bot[s]);
    bfc_game_free(g);
    CHECK(ok);
    return ok ? h : 0;
}

static void test_baseline__pinned_signature(void)
{
    for (size_t i = 0; i < games_to_play(); i++) {
        const uint64_t h = baseline_game(&GAMES[i]);
        if (h != GAMES[i].pinned)
            fprintf(stderr, "game %zu (%s, %d players, %u iterations, seed %llu): checksum "
                            "0x%016llx, pinned 0x%016llx\n",
                    i, GAMES[i].preset, GAMES[i].players, GAMES[i].iterations,
                    (unsigned long long)GAMES[i].seed, (unsigned long long)h,
                    (unsigned long long)GAMES[i].pinned);
        CHECK(h == GAMES[i].pinned);
    }
}

/* The frozen rule-of-thumb player (bfc_bot_rules, issue 35 item 5): whole
 * games of it against itself and against the greedy bot, reduced to a
 * checksum of every move and the final scores, pinned. A change to what it
 * plays (its own code, or the scorers and observation under it) fails
 * here: it is a reference opponent, so such a change must be deliberate,
 * announced, and re-measured. */
typedef struct rules_spec {
    int players, teams;
    int greedy_seats; /* bit s: seat s plays greedy */
    uint64_t seed, pinned;
} rules_spec;

static const rules_spec RULES_GAMES[] = {
    {2, 0, 0, 11, UINT64_C(0xE7F280FDE31BC272)},
    {2, 0, 2, 12, UINT64_C(0xA9A1852AD13E19A8)},
    {2, 0, 1, 13, UINT64_C(0x6131FA6329B749E8)},
    {3, 0, 4, 14, UINT64_C(0xFA4161930F93F970)},
    {4, 1, 10, 15, UINT64_C(0x390A46CE79EFEF2E)},
};

static uint64_t rules_game(const rules_spec *k)
{
    bfc_rules r;
    bfc_rules_preset(&r, "battlefield", k->players, k->teams);
    bfc_game *g = bfc_game_new(&r, k->seed, NULL);
    uint64_t rng[4];
    for (int s = 0; s < 4; s++)
        rng[s] = bfc_sim_bot_seed(k->seed, s);
    uint64_t h = FNV_START;
    int ok = g != NULL;
    while (ok && !bfc_game_over(g)) {
        const int s = bfc_game_to_move(g);
        bfc_observation o;
        bfc_move m = BFC_MOVE_NONE;
        ok = bfc_game_observe(g, s, &o) == BFC_OK &&
             (k->greedy_seats >> s & 1 ? bfc_bot_greedy(&o, &rng[s], &m)
                                       : bfc_bot_rules(&o, &rng[s], &m)) == BFC_OK &&
             bfc_game_apply(g, m, NULL, 0, NULL) == BFC_OK;
        fold(&h, m);
    }
    int sc[6] = {0};
    if (ok)
        bfc_game_scores(g, sc, 6);
    for (int i = 0; i < 6; i++)
        fold(&h, (uint64_t)(int64_t)sc[i]);
    bfc_game_free(g);
    CHECK(ok);
    return ok ? h : 0;
}

static void test_baseline__rules_player_pinned(void)
{
    for (size_t i = 0; i < sizeof RULES_GAMES / sizeof RULES_GAMES[0]; i++) {
        const uint64_t h = rules_game(&RULES_GAMES[i]);
        if (h != RULES_GAMES[i].pinned)
            fprintf(stderr, "rules game %zu (%d players, seed %llu): checksum 0x%016llx, "
                            "pinned 0x%016llx\n",
                    i, RULES_GAMES[i].players, (unsigned long long)RULES_GAMES[i].seed,
                    (unsigned long long)h, (unsigned long long)RULES_GAMES[i].pinned);
        CHECK(h == RULES_GAMES[i].pinned);
    }
}

/* It sees only its observation: two games that differ only in cards the
 * seat to move has not seen get the same move; and its errors. */
static void test_baseline__rules_player_observation_only(void)
{
    bfc_rules r;
    bfc_rules_preset(&r, "battlefield", 2, 0);
    int checked = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        bfc_game *g = bfc_game_new(&r, seed, NULL);
        uint64_t rng = seed;
        for (int step = 0; g && step < 60 && !bfc_game_over(g); step++) {
            const int s = bfc_game_to_move(g);
            bfc_observation o;
            CHECK(bfc_game_observe(g, s, &o) == BFC_OK);
            bfc_game *w = bfc_game_clone(g);
            bfc_observation ow;
            CHECK(w != NULL && bfc_game_determinize(w, s, seed * 31 + (uint64_t)step) == BFC_OK &&
                  bfc_game_observe(w, s, &ow) == BFC_OK);
            uint64_t r1 = rng, r2 = rng;
            bfc_move m1, m2;
            INT_EQ(bfc_bot_rules(&o, &r1, &m1), BFC_OK);
            INT_EQ(bfc_bot_rules(&ow, &r2, &m2), BFC_OK);
            INT_EQ(m1, m2);
            checked++;
            bfc_game_free(w);
            INT_EQ(bfc_game_apply(g, m1, NULL, 0, NULL), BFC_OK);
            rng = r1;
        }
        bfc_game_free(g);
    }
    CHECK(checked > 1000);
    bfc_observation o;
    bfc_move m;
    uint64_t rng = 1;
    INT_EQ(bfc_bot_rules(NULL, &rng, &m), BFC_EINVAL);
    bfc_game *g = bfc_game_new(&r, 1, NULL);
    CHECK(bfc_game_observe(g, bfc_game_to_move(g), &o) == BFC_OK);
    INT_EQ(bfc_bot_rules(&o, NULL, &m), BFC_EINVAL);
    INT_EQ(bfc_bot_rules(&o, &rng, NULL), BFC_EINVAL);
    o.to_move = 7; /* an observation of a seat not to move */
    INT_EQ(bfc_bot_rules(&o, &rng, &m), BFC_EINVAL);
    bfc_game_free(g);
}

/* The levels of that time, and the errors of the original. */
static void test_baseline__levels_and_errors(void)
{
    baseline_config c;
    baseline_config_init(&c);
    INT_EQ(c.iterations, 400);
    INT_EQ(baseline_config_level(&c, BASELINE_EASY), BFC_OK);
    INT_EQ(c.iterations, 40);
    INT_EQ(baseline_config_level(&c, BASELINE_MEDIUM), BFC_OK);
    INT_EQ(c.iterations, 400);
    INT_EQ(baseline_config_level(&c, BASELINE_HARD), BFC_OK);
    INT_EQ(c.iterations, 2000);
    INT_EQ(baseline_config_level(&c, 4), BFC_EINVAL);
    INT_EQ(baseline_config_level(NULL, BASELINE_EASY), BFC_EINVAL);
    bfc_rules r;
    bfc_rules_init(&r);
    int status = 0;
    c.iterations = 0;
    c.time_ms = 0;
    CHECK(baseline_new(&r, &c, &status) == NULL);
    INT_EQ(status, BFC_EINVAL);
    CHECK(baseline_new(NULL, NULL, &status) == NULL);
    INT_EQ(status, BFC_EINVAL);
    baseline *b = baseline_new(&r, NULL, &status);
    CHECK(b != NULL);
    bfc_rules other;
    bfc_rules_preset(&other, "classic", 2, 0);
    bfc_game *g = bfc_game_new(&other, 1, NULL);
    bfc_move m;
    INT_EQ(baseline_move(b, g, &m), BFC_EINVAL); /* not the bot's rules */
    INT_EQ(baseline_move(b, NULL, &m), BFC_EINVAL);
    INT_EQ(baseline_seed(NULL, 1), BFC_EINVAL);
    baseline_info info;
    INT_EQ(baseline_last(NULL, &info), BFC_EINVAL);
    baseline_free(b);
    baseline_free(NULL);
    bfc_game_free(g);
}

/* ---- The frozen 0.3 baseline (examples/common/base03.h) ----------------- */

/* Games with a base03 bot of one 0.3 level at every seat; each checksum
 * was the library's bfc_search at that level when it was frozen (the same
 * games played with bfc_search gave the same values then). */
typedef struct spec03 {
    const char *preset;
    int players, teams, level;
    uint64_t seed;
    uint64_t pinned;
} spec03;

static const spec03 GAMES03[] = {
    {"classic", 2, 0, BFC_LEVEL_EASY, 11, UINT64_C(0x74C9032264F5BDB0)},
    {"classic", 2, 0, BFC_LEVEL_MEDIUM, 12, UINT64_C(0xAB5111A1C55B765C)},
    {"classic", 2, 0, BFC_LEVEL_HARD, 13, UINT64_C(0x971F7BD7BE893F09)},
    {"battlefield", 2, 0, BFC_LEVEL_EASY, 14, UINT64_C(0x6B869FD2BC3EB3C2)},
    {"classic", 3, 0, BFC_LEVEL_EASY, 15, UINT64_C(0x9AF3DDDF71DB5839)},
};
#define NGAMES03 (sizeof GAMES03 / sizeof GAMES03[0])

static int analyze03(void *bot, const bfc_game *g, bfc_search_stat *st, bfc_search_info *info)
{
    return base03_analyze(bot, g, st, 1) > 0 && base03_last(bot, info) == BFC_OK;
}

/* Plays game k with a base03 bot at every seat: the checksum of every
 * decision (move, visits, value, iterations, nodes, depth) and the scores,
 * or 0 if a call failed (reported). */
static uint64_t base03_game(const spec03 *k)
{
    bfc_rules r;
    CHECK(bfc_rules_preset(&r, k->preset, k->players, k->teams) == BFC_OK);
    bfc_game *g = bfc_game_new(&r, k->seed, NULL);
    base03 *bot[6] = {NULL};
    int ok = g != NULL;
    for (int s = 0; s < r.players && ok; s++) {
        bfc_search_config c;
        base03_config_init(&c);
        ok = base03_config_level(&c, k->level) == BFC_OK;
        c.seed = k->seed * 7919 + (uint64_t)s;
        bot[s] = ok ? base03_new(&r, &c, NULL) : NULL;
        ok = bot[s] != NULL;
    }
    uint64_t h = FNV_START;
    while (ok && !bfc_game_over(g)) {
        bfc_search_stat st;
        bfc_search_info info;
        ok = analyze03(bot[bfc_game_to_move(g)], g, &st, &info);
        if (!ok)
            break;
        fold_decision(&h, st.move, st.visits, info.iterations, info.nodes, info.depth);
        fold(&h, (uint64_t)(int64_t)(st.value * 1e6));
        ok = bfc_game_apply(g, st.move, NULL, 0, NULL) == BFC_OK;
    }
    int sc[6] = {0};
    if (ok)
        bfc_game_scores(g, sc, 6);
    for (int i = 0; i < 6; i++)
        fold(&h, (uint64_t)(int64_t)sc[i]);
    for (int s = 0; s < 6; s++)
        base03_free(bot[s]);
    bfc_game_free(g);
    CHECK(ok);
    return ok ? h : 0;
}

static void test_baseline__base03_pinned_signature(void)
{
    const size_t n = harness_quick > 1 ? 2 : NGAMES03;
    for (size_t i = 0; i < n; i++) {
        const uint64_t h = base03_game(&GAMES03[i]);
        if (h != GAMES03[i].pinned)
            fprintf(stderr, "base03 game %zu (%s, %d players, level %d, seed %llu): checksum "
                            "0x%016llx, pinned 0x%016llx\n",
                    i, GAMES03[i].preset, GAMES03[i].players, GAMES03[i].level,
                    (unsigned long long)GAMES03[i].seed, (unsigned long long)h,
                    (unsigned long long)GAMES03[i].pinned);
        CHECK(h == GAMES03[i].pinned);
    }
}

/* 0.3's levels, and its errors. */
static void test_baseline__base03_levels_and_errors(void)
{
    bfc_search_config c;
    base03_config_init(&c);
    INT_EQ(c.iterations, 300);
    INT_EQ(c.worlds, 24);
    INT_EQ(base03_config_level(&c, BFC_LEVEL_EASY), BFC_OK);
    INT_EQ(c.iterations, 40);
    INT_EQ(c.worlds, 8);
    INT_EQ(base03_config_level(&c, BFC_LEVEL_HARD), BFC_OK);
    INT_EQ(c.iterations, 2400);
    INT_EQ(c.worlds, 200);
    INT_EQ(base03_config_level(&c, 4), BFC_EINVAL);
    INT_EQ(base03_config_level(NULL, BFC_LEVEL_EASY), BFC_EINVAL);
    bfc_rules r;
    bfc_rules_init(&r);
    int status = 0;
    c.iterations = 0;
    c.time_ms = 0;
    CHECK(base03_new(&r, &c, &status) == NULL);
    INT_EQ(status, BFC_EINVAL);
    base03 *b = base03_new(&r, NULL, &status);
    CHECK(b != NULL);
    bfc_rules other;
    bfc_rules_preset(&other, "classic", 2, 0);
    bfc_game *g = bfc_game_new(&other, 1, NULL);
    bfc_move m;
    INT_EQ(base03_move(b, g, &m), BFC_EINVAL); /* not the bot's rules */
    INT_EQ(base03_move(b, NULL, &m), BFC_EINVAL);
    INT_EQ(base03_seed(NULL, 1), BFC_EINVAL);
    base03_free(b);
    base03_free(NULL);
    bfc_game_free(g);
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_baseline__pinned_signature);
    RUN(test_baseline__rules_player_pinned);
    RUN(test_baseline__rules_player_observation_only);
    RUN(test_baseline__levels_and_errors);
    RUN(test_baseline__base03_pinned_signature);
    RUN(test_baseline__base03_levels_and_errors);
    return harness_done();
}
