/* The strength dial (bfc.h, "Strength dial"; issue 35). */
#include <stdint.h>
#include <string.h>

#include "bfc.h"
#include "harness.h"

/* FNV-1a, 64 bits, over the bytes of v. */
static void fold(uint64_t *h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        *h ^= (v >> (8 * i)) & 0xFF;
        *h *= UINT64_C(0x100000001B3);
    }
}

/* A game of preset between step a (seat 0) and step b, seeded; the
 * checksum of its moves and scores, or 0 on a failed call. */
static uint64_t dial_game(const char *preset, int players, int a, int b, uint64_t seed)
{
    bfc_rules r;
    if (!CHECK(bfc_rules_preset(&r, preset, players, 0) == BFC_OK))
        return 0;
    bfc_game *g = bfc_game_new(&r, seed, NULL);
    bfc_dial *bot[2] = {bfc_dial_new(&r, a, seed * 3, NULL), bfc_dial_new(&r, b, seed * 3 + 1, NULL)};
    int ok = g && bot[0] && bot[1];
    uint64_t h = UINT64_C(0xCBF29CE484222325);
    while (ok && !bfc_game_over(g)) {
        bfc_move m;
        ok = bfc_dial_move(bot[bfc_game_to_move(g) % 2], g, &m) == BFC_OK &&
             bfc_game_apply(g, m, NULL, 0, NULL) == BFC_OK;
        fold(&h, m);
    }
    int sc[6] = {0};
    if (ok)
        bfc_game_scores(g, sc, 6);
    for (int i = 0; i < 6; i++)
        fold(&h, (uint64_t)(int64_t)sc[i]);
    bfc_dial_free(bot[0]);
    bfc_dial_free(bot[1]);
    bfc_game_free(g);
    CHECK(ok);
    return ok ? h : 0;
}

/* The same seed, the same game; another seed, another game. Every cheap
 * step plays whole games of classic, Battlefield and classic 3p. */
static void test_dial__deterministic(void)
{
    for (int s = 1; s <= 6; s++) {
        const uint64_t h = dial_game("classic", 2, s, 7 - s, 5);
        CHECK(h != 0);
        CHECK(h == dial_game("classic", 2, s, 7 - s, 5));
        CHECK(h != dial_game("classic", 2, s, 7 - s, 6));
    }
    CHECK(dial_game("battlefield", 2, 1, 6, 3) != 0);
    CHECK(dial_game("classic", 3, 2, 5, 3) != 0);
    CHECK(dial_game("classic", 2, 7, 1, 3) != 0); /* a search step */
}

static void test_dial__errors(void)
{
    bfc_rules r, other;
    bfc_rules_preset(&r, "classic", 2, 0);
    bfc_rules_preset(&other, "battlefield", 2, 0);
    int st = 0;
    CHECK(bfc_dial_new(&r, 0, 1, &st) == NULL);
    INT_EQ(st, BFC_EINVAL);
    CHECK(bfc_dial_new(&r, BFC_DIAL_STEPS + 1, 1, &st) == NULL);
    INT_EQ(st, BFC_EINVAL);
    CHECK(bfc_dial_new(NULL, 1, 1, &st) == NULL);
    INT_EQ(st, BFC_EINVAL);
    bfc_dial *d = bfc_dial_new(&r, 1, 1, &st);
    INT_EQ(st, BFC_OK);
    bfc_game *g = bfc_game_new(&other, 1, NULL);
    bfc_move m;
    INT_EQ(bfc_dial_move(d, g, &m), BFC_EINVAL); /* not the bot's rules */
    INT_EQ(bfc_dial_move(d, NULL, &m), BFC_EINVAL);
    INT_EQ(bfc_dial_move(NULL, g, &m), BFC_EINVAL);
    INT_EQ(bfc_dial_seed(NULL, 1), BFC_EINVAL);
    INT_EQ(bfc_dial_seed(d, 1), BFC_OK);
    bfc_dial_free(d);
    bfc_dial_free(NULL);
    bfc_game_free(g);
    INT_EQ(bfc_dial_rating(0), BFC_EINVAL);
    INT_EQ(bfc_dial_rating(BFC_DIAL_STEPS + 1), BFC_EINVAL);
    INT_EQ(bfc_dial_step_of_level(0), BFC_EINVAL);
    INT_EQ(bfc_dial_step_of_level(BFC_LEVEL_EASY), 8);
    INT_EQ(bfc_dial_step_of_level(BFC_LEVEL_MEDIUM), 9);
    INT_EQ(bfc_dial_step_of_level(BFC_LEVEL_HARD), 10);
}

/* The mean over deals of the expected points of the first discard (the
 * hand kept, plus its crib or less the other's: the advice's total_ev,
 * uniform crib): the bottom step forgets the crib and throws noisily, so
 * the top cheap step's throws are worth more. */
static double kept_points(int step, int deals)
{
    bfc_rules r;
    bfc_rules_preset(&r, "classic", 2, 0);
    bfc_dial *d = bfc_dial_new(&r, step, 99, NULL);
    double sum = 0;
    int n = 0;
    for (int i = 0; i < deals; i++) {
        bfc_game *g = bfc_game_new(&r, 1000 + (uint64_t)i, NULL);
        bfc_move m;
        bfc_observation o;
        while (g && !bfc_game_over(g) && bfc_game_phase(g) != BFC_PHASE_DISCARD) {
            bfc_move any[BFC_MAX_MOVES];
            if (bfc_game_legal_moves(g, any, BFC_MAX_MOVES) <= 0)
                break;
            bfc_game_apply(g, any[0], NULL, 0, NULL);
        }
        if (!g || bfc_game_observe(g, bfc_game_to_move(g), &o) != BFC_OK ||
            bfc_dial_move(d, g, &m) != BFC_OK) {
            bfc_game_free(g);
            continue;
        }
        bfc_discard_option opt[16];
        const int k = bfc_advise_discard_observation(&o, BFC_CRIB_UNIFORM, opt, 16);
        for (int j = 0; j < k && j < 16; j++)
            if (opt[j].move == m) {
                sum += opt[j].total_ev;
                n++;
            }
        bfc_game_free(g);
    }
    bfc_dial_free(d);
    return n ? sum / n : 0;
}

static void test_dial__discards_scale(void)
{
    const int deals = harness_quick > 1 ? 40 : 200;
    const double lo = kept_points(1, deals), hi = kept_points(6, deals);
    if (!CHECK(hi > lo + 0.5))
        fprintf(stderr, "step 1 keeps %.2f points, step 6 %.2f\n", lo, hi);
}

/* The library's ratings are the table `make rate` printed (the "c" line
 * of tests/data/dial_ratings.txt), and the steps' ratings rise. */
static void test_dial__ratings_are_the_ladders(void)
{
    const char *dir = getenv("BFC_TEST_DATA");
    char path[1024];
    snprintf(path, sizeof path, "%s/dial_ratings.txt", dir && *dir ? dir : "tests/data");
    FILE *f = fopen(path, "r");
    if (!CHECK(f != NULL)) {
        fprintf(stderr, "cannot open %s (run from the repo root or set BFC_TEST_DATA)\n", path);
        return;
    }
    char line[512];
    int found = 0;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "c ", 2) == 0) {
            found = 1;
            const char *p = line + 2;
            for (int s = 1; s <= BFC_DIAL_STEPS; s++) {
                char *end;
                const long v = strtol(p, &end, 10);
                CHECK(end != p);
                INT_EQ(bfc_dial_rating(s), v);
                p = *end == ',' ? end + 1 : end;
            }
        }
    fclose(f);
    CHECK(found);
    for (int s = 1; s <= BFC_DIAL_STEPS; s++) {
        INT_EQ(bfc_dial_step_of_rating(bfc_dial_rating(s)) >= s, 1);
        if (s > 1)
            CHECK(bfc_dial_rating(s) >= bfc_dial_rating(s - 1));
    }
    INT_EQ(bfc_dial_step_of_rating(0), 1);
    INT_EQ(bfc_dial_step_of_rating(100000), BFC_DIAL_STEPS);
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_dial__deterministic);
    RUN(test_dial__errors);
    RUN(test_dial__discards_scale);
    RUN(test_dial__ratings_are_the_ladders);
    return harness_done();
}
