/* The search bot (bfc.h "Search bot"): legal moves in every variant,
 * determinism, the analysis (every legal move once, visits adding up to
 * the budget), that it never reads a card the seat cannot see, that it
 * takes a sure win, and its config and errors. Allocation is counted in
 * tests/test_alloc.c, threads in tests/test_threads.c. */
#include <stdint.h>
#include <string.h>

#include "bfc.h"
#include "brute.h"
#include "harness.h"
#include "internal.h"

typedef struct game_kind {
    const char *preset;
    int players, teams;
    unsigned flags;
} game_kind;

static const game_kind GAMES[] = {
    {"battlefield", 2, 0, 0},
    {"battlefield", 3, 0, 0},
    {"battlefield", 4, 0, 0},
    {"battlefield", 4, 1, 0},
    {"battlefield", 2, 0, BFC_RULE_ANY_LAY_AWAY},
    {"classic", 2, 0, 0},
    {"classic", 3, 0, 0},
    {"classic", 4, 1, 0},
    {"classic", 6, 1, 0},
    {"classic", 2, 0, BFC_RULE_MUGGINS},
    {"classic", 3, 0, BFC_RULE_MUGGINS},
    {"five-card", 2, 0, 0},
    {"noddy", 2, 0, 0},
    {"noddy", 5, 0, 0},
    {"backward", 2, 0, 0},
    {"solitaire", 1, 0, 0},
    {"crib-wars", 2, 0, 0},
    {"crib-wars", 3, 0, 0},
    /* the tables of issue 16 */
    {"seven-card", 2, 0, 0},
    {"captains", 3, 0, 0},
    {"classic", 4, 0, 0},
    {"classic", 4, 1, BFC_RULE_PARTNERS_BY_CUT},
    {"battlefield", 2, 0, BFC_RULE_JOKER_KILLS_FORMATION | BFC_RULE_NO_TAKE_BACK},
    {"battlefield", 4, 1, BFC_RULE_PARTNERS_BY_CUT},
    {"classic", 2, 0, BFC_RULE_MUGGINS | BFC_RULE_PAY_WORST_LOSER},
};
#define NGAMES (sizeof GAMES / sizeof GAMES[0])

static bfc_rules rules_of(const game_kind *k)
{
    bfc_rules r;
    if (bfc_rules_preset(&r, k->preset, k->players, k->teams) != BFC_OK)
        fprintf(stderr, "preset %s refused\n", k->preset);
    r.flags |= k->flags;
    return r;
}

static bfc_search *bot_for(const bfc_rules *r, uint32_t iterations, uint64_t seed)
{
    bfc_search_config c;
    bfc_search_config_init(&c);
    c.iterations = iterations;
    c.seed = seed;
    int st = 99;
    bfc_search *s = bfc_search_new(r, &c, &st);
    CHECK(s != NULL && st == BFC_OK);
    return s;
}

/* Whether the bot decides in g with the deal solver (bfc.h: the play of
 * a two-player classic game with a crib, no muggins, no board). */
static int solver_decides(const bfc_game *g)
{
    const bfc_rules *r = bfc_game_rules(g);
    return r->players == 2 && !r->teams &&
           (r->variant == BFC_VARIANT_CLASSIC || r->variant == BFC_VARIANT_FIVE_CARD ||
            r->variant == BFC_VARIANT_SEVEN_CARD) &&
           !(r->flags & BFC_RULE_MUGGINS) && r->board.n == 0 &&
           bfc_game_phase(g) == BFC_PHASE_PLAY;
}

/* Positions met in a greedy game of kind k: every `every`-th move, at
 * most max of them; returns how many (clones, to free). */
static int positions(const game_kind *k, uint64_t seed, int every, bfc_game **out, int max)
{
    const bfc_rules r = rules_of(k);
    bfc_game *g = bfc_game_new(&r, seed, NULL);
    if (!g)
        return 0;
    uint64_t rng = seed;
    int n = 0;
    for (int step = 0; n < max && step < 5000; step++) {
        if (bfc_game_over(g))
            bfc_game_next(g);
        if (step % every == every - 1) {
            out[n] = bfc_game_clone(g);
            if (out[n])
                n++;
        }
        bfc_observation o;
        bfc_game_observe(g, bfc_game_to_move(g), &o);
        bfc_move m;
        bfc_bot_greedy(&o, &rng, &m);
        bfc_game_apply(g, m, NULL, 0, NULL);
    }
    bfc_game_free(g);
    return n;
}

static void free_all(bfc_game **g, int n)
{
    for (int i = 0; i < n; i++)
        bfc_game_free(g[i]);
}

static int is_legal(const bfc_game *g, bfc_move m)
{
    bfc_move L[BFC_MAX_MOVES];
    const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
    for (int i = 0; i < n; i++)
        if (L[i] == m)
            return 1;
    return 0;
}

/* Whole games, every seat the search bot (a small budget): every move it
 * returns is legal, and the games end. */
static void test_search__plays_legal_moves_in_every_game(void)
{
    for (size_t k = 0; k < NGAMES; k++) {
        const bfc_rules r = rules_of(&GAMES[k]);
        bfc_search *s = bot_for(&r, 16, k);
        bfc_game *g = bfc_game_new(&r, 40 + k, NULL);
        if (!CHECK(s && g)) {
            bfc_search_free(s);
            bfc_game_free(g);
            continue;
        }
        int moves = 0, bad = 0;
        const int limit = harness_quick > 1 ? 150 : 100000;
        while (!bfc_game_over(g) && moves < limit) {
            bfc_move m = BFC_MOVE_NONE;
            if (bfc_search_move(s, g, &m) != BFC_OK || !is_legal(g, m) ||
                bfc_game_apply(g, m, NULL, 0, NULL) != BFC_OK) {
                bad++;
                break;
            }
            moves++;
        }
        if (!INT_EQ(bad, 0))
            fprintf(stderr, "  %s %d players: move %d\n", GAMES[k].preset, GAMES[k].players,
                    moves);
        CHECK(moves > 0);
        CHECK(harness_quick > 1 || bfc_game_over(g));
        bfc_search_free(s);
        bfc_game_free(g);
    }
}

/* Match play (RULES 5): the bot plays on through bfc_game_next() and the
 * match ends with a winner; every move legal. Battlefield and classic, a
 * match to 2 games. */
static void test_search__plays_a_match(void)
{
    static const char *const presets[] = {"battlefield", "classic"};
    for (int k = 0; k < 2; k++) {
        bfc_rules r;
        CHECK(bfc_rules_preset(&r, presets[k], 2, 0) == BFC_OK);
        r.match = 2;
        bfc_search *s = bot_for(&r, 8, 70u + (unsigned)k);
        bfc_game *g = bfc_game_new(&r, 90u + (unsigned)k, NULL);
        if (!CHECK(s && g)) {
            bfc_search_free(s);
            bfc_game_free(g);
            continue;
        }
        int bad = 0, games = 1;
        while (bfc_game_match_winner(g) < 0 && !bad) {
            if (bfc_game_over(g)) {
                bad += bfc_game_next(g) != BFC_OK;
                games++;
                continue;
            }
            bfc_move m = BFC_MOVE_NONE;
            bad += bfc_search_move(s, g, &m) != BFC_OK || !is_legal(g, m) ||
                   bfc_game_apply(g, m, NULL, 0, NULL) != BFC_OK;
        }
        INT_EQ(bad, 0);
        CHECK(games >= 2 && games <= 3);
        int ms[6] = {0};
        CHECK(bfc_game_match_scores(g, ms, 6) == 2);
        CHECK(ms[bfc_game_match_winner(g)] >= 2);
        bfc_search_free(s);
        bfc_game_free(g);
    }
}

/* The analysis: every legal move once, the searched ones first, their
 * visits adding up to the iterations run (the budget), each visited at
 * least once, win values in 0..1, and its first entry the move
 * bfc_search_move() chooses from the same seed. */
static void test_search__analysis_sums_to_the_budget(void)
{
    const uint32_t budget = 96;
    for (size_t k = 0; k < NGAMES; k++) {
        const bfc_rules r = rules_of(&GAMES[k]);
        bfc_game *pos[12];
        const int np = positions(&GAMES[k], 7 + k, harness_quick > 1 ? 29 : 7, pos,
                                 harness_quick > 1 ? 3 : 12);
        bfc_search *s = bot_for(&r, budget, 99);
        for (int i = 0; i < np && s; i++) {
            bfc_search_stat st[BFC_MAX_MOVES];
            bfc_move L[BFC_MAX_MOVES];
            const int nl = bfc_game_legal_moves(pos[i], L, BFC_MAX_MOVES);
            bfc_search_seed(s, 1000 + (uint64_t)i);
            const int n = bfc_search_analyze(s, pos[i], st, BFC_MAX_MOVES);
            if (!INT_EQ(n, nl))
                continue;
            bfc_search_info info;
            INT_EQ(bfc_search_last(s, &info), BFC_OK);
            uint64_t visits = 0;
            unsigned reps = 0;
            const int solved = solver_decides(pos[i]) && info.candidates > 1;
            const uint16_t *table;
            const int tabled = bfc_win_table(&r, &table) > 0 && r.players == 2;
            for (int a = 0; a < n; a++) {
                int times = 0;
                for (int b = 0; b < n; b++)
                    times += st[b].move == L[a];
                INT_EQ(times, 1);
                /* a move alike another carries that one's figures */
                int at = -1;
                for (int b = 0; b < n; b++)
                    if (st[b].move == st[a].same_as)
                        at = b;
                if (!CHECK(at >= 0))
                    continue;
                CHECK(st[at].same_as == st[at].move);
                CHECK(st[at].visits == st[a].visits && st[at].value == st[a].value &&
                      st[at].searched == st[a].searched);
                if (st[a].searched) {
                    CHECK(a == 0 || st[a - 1].searched); /* searched first */
                    if (info.candidates > 1) {
                        CHECK(st[a].visits >= 1);
                        CHECK(st[a].value >= 0 && st[a].value <= 1);
                    }
                    if (bfc_game_phase(pos[i]) == BFC_PHASE_DISCARD && tabled)
                        CHECK(st[a].value >= 0 && st[a].value <= 1);
                    /* the deal solver solves every candidate in each world */
                    if (solved)
                        INT_EQ(st[a].visits, info.iterations);
                } else {
                    INT_EQ(st[a].visits, 0);
                }
                if (st[a].searched && st[a].same_as == st[a].move) {
                    reps++;
                    visits += st[a].visits;
                }
                CHECK(st[a].wins_now <= 1 && (st[a].visits > 0 || !st[a].wins_now));
            }
            INT_EQ(reps, info.candidates);
            if (info.candidates > 1 && solver_decides(pos[i])) {
                /* worlds until the best move is told: 16 to the budget */
                CHECK(info.iterations >= 16 && info.iterations <= 24);
                INT_EQ(info.depth, 0);
            } else if (info.candidates > 1) {
                INT_EQ(info.iterations, budget);
                INT_EQ(visits, budget);
                CHECK(info.nodes >= 2 && info.nodes <= 2 * budget + 2);
            } else {
                INT_EQ(info.iterations, 0);
                CHECK(visits == 0 || solved);
            }
            bfc_move m;
            bfc_search_seed(s, 1000 + (uint64_t)i);
            INT_EQ(bfc_search_move(s, pos[i], &m), BFC_OK);
            INT_EQ(m, st[0].move);
            /* snprintf-style */
            INT_EQ(bfc_search_analyze(s, pos[i], NULL, 0), n);
            INT_EQ(bfc_search_analyze(s, pos[i], st, 1), n);
        }
        bfc_search_free(s);
        free_all(pos, np);
    }
}

/* The same seed and budget give the same analysis, byte for byte: from
 * two bots, and from one bot re-seeded; the game is not changed. */
static void test_search__deterministic(void)
{
    for (size_t k = 0; k < NGAMES; k++) {
        const bfc_rules r = rules_of(&GAMES[k]);
        bfc_game *pos[6];
        const int np = positions(&GAMES[k], 3 + k, 11, pos, harness_quick > 1 ? 2 : 6);
        bfc_search *a = bot_for(&r, 64, 5), *b = bot_for(&r, 64, 5);
        for (int i = 0; i < np && a && b; i++) {
            char before[4096], after[4096];
            bfc_game_save(pos[i], before, sizeof before);
            bfc_search_stat x[BFC_MAX_MOVES], y[BFC_MAX_MOVES], z[BFC_MAX_MOVES];
            memset(x, 0, sizeof x);
            memset(y, 0xA5, sizeof y);
            memset(z, 0x5A, sizeof z);
            const int n = bfc_search_analyze(a, pos[i], x, BFC_MAX_MOVES);
            CHECK(bfc_search_analyze(b, pos[i], y, BFC_MAX_MOVES) == n);
            CHECK(n > 0 && memcmp(x, y, (size_t)n * sizeof *x) == 0);
            bfc_search_seed(a, 77);
            bfc_search_seed(b, 77);
            bfc_search_analyze(a, pos[i], y, BFC_MAX_MOVES);
            bfc_search_analyze(b, pos[i], z, BFC_MAX_MOVES);
            CHECK(memcmp(y, z, (size_t)n * sizeof *y) == 0);
            bfc_game_save(pos[i], after, sizeof after);
            STR_EQ(after, before);
        }
        bfc_search_free(a);
        bfc_search_free(b);
        free_all(pos, np);
    }
}

/* Two games that differ only in cards the seat to move has not seen (the
 * second re-dealt for it) get the same analysis from the same seed: the
 * bot reads nothing hidden. Under it, bfc_game_determinize() draws the
 * same world from both. */
static void test_search__reads_no_hidden_card(void)
{
    int differ = 0, total = 0;
    for (size_t k = 0; k < NGAMES; k++) {
        const bfc_rules r = rules_of(&GAMES[k]);
        bfc_game *pos[8];
        const int np = positions(&GAMES[k], 21 + k, 9, pos, harness_quick > 1 ? 3 : 8);
        bfc_search *a = bot_for(&r, 48, 1), *b = bot_for(&r, 48, 1);
        for (int i = 0; i < np && a && b; i++) {
            const int seat = bfc_game_to_move(pos[i]);
            bfc_game *other = bfc_game_clone(pos[i]);
            bfc_game *w1 = bfc_game_clone(pos[i]), *w2 = bfc_game_clone(pos[i]);
            if (!CHECK(other && w1 && w2)) {
                bfc_game_free(other);
                bfc_game_free(w1);
                bfc_game_free(w2);
                continue;
            }
            bfc_game_determinize(other, seat, 4242 + (uint64_t)i);
            bfc_observation o1, o2;
            bfc_game_observe(pos[i], seat, &o1);
            bfc_game_observe(other, seat, &o2);
            CHECK(memcmp(&o1, &o2, sizeof o1) == 0);
            char t1[4096], t2[4096];
            bfc_game_save(pos[i], t1, sizeof t1);
            bfc_game_save(other, t2, sizeof t2);
            differ += strcmp(t1, t2) != 0;
            total++;
            /* the same world from either */
            bfc_game_copy(w1, pos[i]);
            bfc_game_copy(w2, other);
            bfc_game_determinize(w1, seat, 31337);
            bfc_game_determinize(w2, seat, 31337);
            bfc_game_save(w1, t1, sizeof t1);
            bfc_game_save(w2, t2, sizeof t2);
            STR_EQ(t1, t2);
            /* the same analysis */
            bfc_search_seed(a, 8 + (uint64_t)i);
            bfc_search_seed(b, 8 + (uint64_t)i);
            bfc_search_stat x[BFC_MAX_MOVES], y[BFC_MAX_MOVES];
            memset(x, 0, sizeof x);
            memset(y, 0, sizeof y);
            const int n = bfc_search_analyze(a, pos[i], x, BFC_MAX_MOVES);
            INT_EQ(bfc_search_analyze(b, other, y, BFC_MAX_MOVES), n);
            if (!CHECK(n > 0 && memcmp(x, y, (size_t)n * sizeof *x) == 0))
                fprintf(stderr, "  %s %d players, position %d\n", GAMES[k].preset,
                        GAMES[k].players, i);
            bfc_game_free(other);
            bfc_game_free(w1);
            bfc_game_free(w2);
        }
        bfc_search_free(a);
        bfc_search_free(b);
        free_all(pos, np);
    }
    /* the test means something: most re-deals did change hidden cards */
    CHECK(differ * 10 >= total * 8);
}

/* Whether move m wins the game for the mover's side in every one of
 * `worlds` re-deals for the mover. */
static int sure_win(const bfc_game *g, bfc_move m, int worlds)
{
    bfc_game *w = bfc_game_clone(g);
    if (!w)
        return 0;
    const int seat = bfc_game_to_move(g), side = bfc_game_side_of(g, seat);
    int all = 1;
    for (int k = 0; k < worlds && all; k++) {
        bfc_game_copy(w, g);
        bfc_game_determinize(w, seat, (uint64_t)k * 1009 + 1);
        bfc_game_apply(w, m, NULL, 0, NULL);
        all = bfc_game_over(w) && bfc_game_winner(w) == side;
    }
    bfc_game_free(w);
    return all;
}

/* Near the end it pegs out: wherever some move wins the game whatever the
 * hidden cards are, the bot (value BFC_SEARCH_WIN) plays such a move. */
static void test_search__takes_a_sure_win(void)
{
    const game_kind kinds[] = {{"battlefield", 2, 0, 0}, {"classic", 2, 0, 0},
                               {"battlefield", 3, 0, 0}, {"five-card", 2, 0, 0}};
    int found = 0;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        const bfc_rules r = rules_of(&kinds[k]);
        bfc_search *s = bot_for(&r, 200, 3);
        const int games = harness_quick > 1 ? 3 : 12;
        for (int gi = 0; gi < games && s; gi++) {
            bfc_game *g = bfc_game_new(&r, 500 + (uint64_t)gi, NULL);
            uint64_t rng = (uint64_t)gi + 1;
            while (g && !bfc_game_over(g)) {
                bfc_move L[BFC_MAX_MOVES];
                const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
                int sure = 0;
                bfc_move sure_moves[BFC_MAX_MOVES];
                int scores[6];
                bfc_game_scores(g, scores, 6);
                int high = 0;
                for (int i = 0; i < bfc_game_sides(g); i++)
                    high = scores[i] > high ? scores[i] : high;
                for (int i = 0; i < n && high >= r.target - 31; i++)
                    if (sure_win(g, L[i], 24))
                        sure_moves[sure++] = L[i];
                if (sure > 0 && sure < n) {
                    bfc_move m;
                    INT_EQ(bfc_search_move(s, g, &m), BFC_OK);
                    int ok = 0;
                    for (int i = 0; i < sure; i++)
                        ok |= sure_moves[i] == m;
                    if (!CHECK(ok)) {
                        char text[4096], mt[16];
                        bfc_game_save(g, text, sizeof text);
                        bfc_move_format(m, mt, sizeof mt);
                        fprintf(stderr, "  chose %s; sure:", mt);
                        for (int i = 0; i < sure; i++) {
                            bfc_move_format(sure_moves[i], mt, sizeof mt);
                            fprintf(stderr, " %s", mt);
                        }
                        bfc_search_stat st[BFC_MAX_MOVES];
                        const int na = bfc_search_analyze(s, g, st, BFC_MAX_MOVES);
                        for (int i = 0; i < na; i++) {
                            bfc_move_format(st[i].move, mt, sizeof mt);
                            fprintf(stderr, "\n    %s %u %.3f", mt, st[i].visits, st[i].value);
                        }
                        fprintf(stderr, "\n%s", text);
                    }
                    found++;
                }
                bfc_observation o;
                bfc_game_observe(g, bfc_game_to_move(g), &o);
                bfc_move m;
                bfc_bot_greedy(&o, &rng, &m);
                bfc_game_apply(g, m, NULL, 0, NULL);
            }
            bfc_game_free(g);
        }
        bfc_search_free(s);
    }
    CHECK(found > 0);
}

/* A classic discard is the exact advice's best: no iteration is run, and
 * the analysis says so. */
static void test_search__classic_discard_is_exact_advice(void)
{
    const game_kind kinds[] = {{"classic", 2, 0, 0}, {"classic", 3, 0, 0}, {"five-card", 2, 0, 0}};
    for (size_t k = 0; k < 3; k++) {
        const bfc_rules r = rules_of(&kinds[k]);
        bfc_search *s = bot_for(&r, 50, 1);
        const int games = harness_quick > 1 ? 1 : 4;
        for (int gi = 0; gi < games && s; gi++) {
            bfc_game *g = bfc_game_new(&r, 70 + (uint64_t)gi, NULL);
            for (int step = 0; g && step < 60 && !bfc_game_over(g); step++) {
                bfc_observation o;
                const int seat = bfc_game_to_move(g);
                bfc_game_observe(g, seat, &o);
                bfc_move m;
                INT_EQ(bfc_search_move(s, g, &m), BFC_OK);
                if (o.phase == BFC_PHASE_DISCARD) {
                    /* the advice: valued in chances of winning where the
                       rules have a table, else in points under the best
                       crib model they have */
                    bfc_discard_option adv[16];
                    const int tabled = bfc_advise_discard_win(&o, BFC_CRIB_PLAYED, adv, 16) > 0;
                    int na = tabled ? 16 : bfc_advise_discard_observation(&o, BFC_CRIB_PLAYED, adv, 16);
                    if (na < 0)
                        na = bfc_advise_discard_observation(&o, BFC_CRIB_UNIFORM, adv, 16);
                    INT_EQ(m, adv[0].move);
                    bfc_search_info info;
                    bfc_search_last(s, &info);
                    INT_EQ(info.iterations, 0);
                    INT_EQ(info.candidates, 1);
                    bfc_search_stat st[BFC_MAX_MOVES];
                    const int n = bfc_search_analyze(s, g, st, BFC_MAX_MOVES);
                    CHECK(n > 1 && st[0].move == adv[0].move && st[0].searched == 1);
                    for (int i = 1; i < n; i++)
                        CHECK(st[i].searched == 0 && st[i].visits == 0);
                    /* issue 28 item 2: every discard carries its advice */
                    for (int i = 0; i < n; i++) {
                        int j = 0;
                        while (j < na && adv[j].move != st[i].move)
                            j++;
                        if (!CHECK(j < na))
                            continue;
                        CHECK(st[i].points == adv[j].total_ev);
                        CHECK(tabled ? st[i].value == adv[j].win : st[i].value == -1);
                    }
                }
                bfc_game_apply(g, m, NULL, 0, NULL);
            }
            bfc_game_free(g);
        }
        bfc_search_free(s);
    }
}

/* Seven-card has exact discard advice (issue 38) but the search does not
 * decide by it: its discards are searched as before (the bots' play, and
 * the pinned signatures, unchanged), every one of the 21 a candidate. */
static void test_search__seven_card_discard_is_searched(void)
{
    const game_kind kind = {"seven-card", 2, 0, 0};
    const bfc_rules r = rules_of(&kind);
    bfc_search *s = bot_for(&r, 50, 1);
    bfc_game *g = s ? bfc_game_new(&r, 4, NULL) : NULL;
    int seen = 0;
    for (int step = 0; g && step < 4 && !bfc_game_over(g); step++) {
        bfc_observation o;
        bfc_game_observe(g, bfc_game_to_move(g), &o);
        bfc_move m;
        INT_EQ(bfc_search_move(s, g, &m), BFC_OK);
        if (o.phase == BFC_PHASE_DISCARD) {
            bfc_discard_option adv[21];
            INT_EQ(bfc_advise_discard_observation(&o, BFC_CRIB_UNIFORM, adv, 21), 21);
            bfc_search_info info;
            bfc_search_last(s, &info);
            CHECK(info.iterations > 0);
            INT_EQ(info.candidates, 21);
            seen++;
        }
        bfc_game_apply(g, m, NULL, 0, NULL);
    }
    INT_EQ(seen, 2);
    bfc_game_free(g);
    bfc_search_free(s);
}

/* Muggins (RULES 3.9): the bot declares the true count and claims only a
 * wrong one, as the greedy bot does. */
static void test_search__muggins_is_honest(void)
{
    const game_kind k = {"classic", 2, 0, BFC_RULE_MUGGINS};
    const bfc_rules r = rules_of(&k);
    bfc_search *s = bot_for(&r, 20, 1);
    int declared = 0;
    for (int gi = 0; gi < 2 && s; gi++) {
        bfc_game *g = bfc_game_new(&r, 300 + (uint64_t)gi, NULL);
        uint64_t rng = 1;
        for (int step = 0; g && step < 300 && !bfc_game_over(g); step++) {
            bfc_observation o;
            bfc_game_observe(g, bfc_game_to_move(g), &o);
            bfc_move m;
            INT_EQ(bfc_search_move(s, g, &m), BFC_OK);
            if (o.phase == BFC_PHASE_DECLARE || o.phase == BFC_PHASE_CLAIM) {
                bfc_move want;
                bfc_bot_greedy(&o, &rng, &want);
                INT_EQ(m, want);
                declared++;
            }
            bfc_game_apply(g, m, NULL, 0, NULL);
        }
        bfc_game_free(g);
    }
    CHECK(declared > 0);
    bfc_search_free(s);
}

/* Other configs: margin values, random and greedy playouts, a time
 * budget, a tiny arena -- legal moves, and the visits still add up. */
static void test_search__configs(void)
{
    const game_kind kinds[] = {{"battlefield", 2, 0, 0}, {"classic", 2, 0, 0}};
    for (size_t k = 0; k < 2; k++) {
        const bfc_rules r = rules_of(&kinds[k]);
        bfc_game *pos[4];
        const int np = positions(&kinds[k], 9, 13, pos, 4);
        for (int variant = 0; variant < 5; variant++) {
            bfc_search_config c;
            bfc_search_config_init(&c);
            c.iterations = 60;
            if (variant == 0)
                c.value = BFC_SEARCH_MARGIN;
            if (variant == 1)
                c.playout = BFC_PLAYOUT_RANDOM;
            if (variant == 2)
                c.playout = BFC_PLAYOUT_GREEDY;
            if (variant == 3) {
                c.iterations = 0;
                c.time_ms = 2;
            }
            if (variant == 4)
                c.nodes = 5;
            bfc_search *s = bfc_search_new(&r, &c, NULL);
            if (!CHECK(s != NULL))
                continue;
            for (int i = 0; i < np; i++) {
                bfc_search_stat st[BFC_MAX_MOVES];
                const int n = bfc_search_analyze(s, pos[i], st, BFC_MAX_MOVES);
                CHECK(n > 0 && is_legal(pos[i], st[0].move));
                bfc_search_info info;
                bfc_search_last(s, &info);
                uint64_t visits = 0;
                for (int a = 0; a < n; a++)
                    if (st[a].searched && st[a].same_as == st[a].move)
                        visits += st[a].visits;
                if (info.candidates > 1 && solver_decides(pos[i]) && c.value == BFC_SEARCH_WIN) {
                    /* the deal solver: every candidate every world, from 16
                       to the worlds asked (24, the medium level's) */
                    CHECK(variant == 3 ? info.iterations >= 8
                                       : info.iterations >= 16 && info.iterations <= 24);
                } else if (info.candidates > 1 && !solver_decides(pos[i])) {
                    INT_EQ(visits, info.iterations);
                    CHECK(variant == 3 ? info.iterations >= 8 : info.iterations == 60);
                }
                if (variant == 4)
                    CHECK(info.nodes <= 64);
            }
            bfc_search_free(s);
        }
        free_all(pos, np);
    }
}

/* A decision in steps (bfc_search_begin/step/result/end) decides exactly
 * as one call does from the same seed, whatever the steps; the analysis
 * so far can be read between them. */
static void test_search__steps_decide_as_one_call(void)
{
    const game_kind kinds[] = {{"battlefield", 2, 0, 0}, {"classic", 2, 0, 0},
                               {"classic", 3, 0, 0}, {"seven-card", 2, 0, 0}};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        const bfc_rules r = rules_of(&kinds[k]);
        bfc_game *pos[8];
        const int np = positions(&kinds[k], 31 + k, 5, pos, harness_quick > 1 ? 3 : 8);
        bfc_search *s = bot_for(&r, 80, 5);
        for (int i = 0; i < np && s; i++) {
            bfc_search_stat a[BFC_MAX_MOVES], b[BFC_MAX_MOVES], mid[BFC_MAX_MOVES];
            memset(a, 0, sizeof a);
            memset(b, 0, sizeof b);
            bfc_search_seed(s, 50 + (uint64_t)i);
            const int n = bfc_search_analyze(s, pos[i], a, BFC_MAX_MOVES);
            bfc_search_info one;
            bfc_search_last(s, &one);
            bfc_search_seed(s, 50 + (uint64_t)i);
            INT_EQ(bfc_search_begin(s, pos[i]), BFC_OK);
            INT_EQ(bfc_search_seed(s, 1), BFC_EINVAL); /* not while deciding */
            int rc, steps = 0;
            while ((rc = bfc_search_step(s, (uint32_t)(1 + i % 3))) == 0) {
                steps++;
                CHECK(bfc_search_result(s, mid, BFC_MAX_MOVES) == n);
            }
            INT_EQ(rc, 1);
            INT_EQ(bfc_search_step(s, 5), 1); /* done stays done */
            INT_EQ(bfc_search_result(s, b, BFC_MAX_MOVES), n);
            INT_EQ(bfc_search_end(s), BFC_OK);
            bfc_search_info stepped;
            bfc_search_last(s, &stepped);
            INT_EQ(stepped.iterations, one.iterations);
            CHECK(n > 0 && memcmp(a, b, (size_t)n * sizeof a[0]) == 0);
            CHECK(one.candidates <= 1 || steps > 0);
        }
        INT_EQ(bfc_search_step(s, 1), BFC_EINVAL);   /* none begun */
        INT_EQ(bfc_search_result(s, NULL, 0), BFC_EINVAL);
        INT_EQ(bfc_search_end(s), BFC_EINVAL);
        bfc_search_free(s);
        free_all(pos, np);
    }
    INT_EQ(bfc_search_begin(NULL, NULL), BFC_EINVAL);
    INT_EQ(bfc_search_step(NULL, 1), BFC_EINVAL);
    INT_EQ(bfc_search_interrupt(NULL), BFC_EINVAL);
}

/* bfc_search_move() and bfc_search_analyze() during a decision in steps
 * refuse (BFC_EINVAL) and leave it as it was: stepped on to its end it
 * decides as one call does (issue 39: they ran a search of their own and
 * dropped the stepped one). */
static void test_search__one_call_refused_during_steps(void)
{
    const game_kind kinds[] = {{"battlefield", 2, 0, 0}, {"classic", 2, 0, 0}};
    for (size_t k = 0; k < 2; k++) {
        const bfc_rules r = rules_of(&kinds[k]);
        bfc_game *pos[4];
        const int np = positions(&kinds[k], 57 + k, 5, pos, 4);
        bfc_search *s = bot_for(&r, 60, 5);
        int stepped = 0;
        for (int i = 0; i < np && s; i++) {
            bfc_search_stat a[BFC_MAX_MOVES], b[BFC_MAX_MOVES];
            memset(a, 0, sizeof a);
            memset(b, 0, sizeof b);
            bfc_search_seed(s, 70 + (uint64_t)i);
            const int n = bfc_search_analyze(s, pos[i], a, BFC_MAX_MOVES);
            bfc_search_seed(s, 70 + (uint64_t)i);
            INT_EQ(bfc_search_begin(s, pos[i]), BFC_OK);
            int rc = bfc_search_step(s, 2);
            stepped += rc == 0;
            bfc_move m = BFC_MOVE_NONE;
            INT_EQ(bfc_search_move(s, pos[i], &m), BFC_EINVAL);
            INT_EQ(m, BFC_MOVE_NONE);
            INT_EQ(bfc_search_analyze(s, pos[i], b, BFC_MAX_MOVES), BFC_EINVAL);
            while (rc == 0)
                rc = bfc_search_step(s, 3);
            INT_EQ(rc, 1);
            INT_EQ(bfc_search_result(s, b, BFC_MAX_MOVES), n);
            INT_EQ(bfc_search_end(s), BFC_OK);
            CHECK(n > 0 && memcmp(a, b, (size_t)n * sizeof a[0]) == 0);
        }
        CHECK(stepped > 0); /* some decision was still going after 2 units */
        bfc_search_free(s);
        free_all(pos, np);
    }
}

/* bfc_search_interrupt() stops the decision under way: the next step
 * returns BFC_EINTR, the figures so far stay readable, and the next
 * decision is not stopped. (From another thread: tests/test_threads.c.) */
static void test_search__interrupt_stops_the_decision(void)
{
    const game_kind kinds[] = {{"battlefield", 2, 0, 0}, {"classic", 2, 0, 0}};
    for (size_t k = 0; k < 2; k++) {
        const bfc_rules r = rules_of(&kinds[k]);
        bfc_game *pos[4];
        const int np = positions(&kinds[k], 91, 11, pos, 4);
        bfc_search *s = bot_for(&r, 1000000, 5);
        for (int i = 0; i < np && s; i++) {
            INT_EQ(bfc_search_begin(s, pos[i]), BFC_OK);
            int rc = bfc_search_step(s, 3);
            if (rc == 1) { /* nothing to search here */
                bfc_search_end(s);
                continue;
            }
            INT_EQ(rc, 0);
            INT_EQ(bfc_search_interrupt(s), BFC_OK);
            INT_EQ(bfc_search_step(s, 1000), BFC_EINTR);
            bfc_search_info info;
            bfc_search_stat st[BFC_MAX_MOVES];
            CHECK(bfc_search_result(s, st, BFC_MAX_MOVES) > 0);
            INT_EQ(bfc_search_end(s), BFC_OK);
            bfc_search_last(s, &info);
            CHECK(info.iterations >= 3 && info.iterations <= 4);
            /* a decision begun after it is not stopped */
            INT_EQ(bfc_search_begin(s, pos[i]), BFC_OK);
            INT_EQ(bfc_search_step(s, 2), 0);
            bfc_search_end(s);
        }
        bfc_search_free(s);
        free_all(pos, np);
    }
}

static void test_search__config_and_errors(void)
{
    bfc_search_config c;
    memset(&c, 0xFF, sizeof c);
    bfc_search_config_init(&c);
    INT_EQ(c.iterations, 300);
    INT_EQ(c.time_ms, 0);
    INT_EQ(c.playout, BFC_PLAYOUT_GUIDED);
    INT_EQ(c.value, BFC_SEARCH_WIN);
    INT_EQ(c.flags, BFC_SEARCH_EXACT_DISCARD | BFC_SEARCH_SOLVER | BFC_SEARCH_BELIEF);
    INT_EQ(c.nodes, 0);
    INT_EQ(c.worlds, 24);
    CHECK(c.exploration > 0);
    bfc_search_config_init(NULL);
    INT_EQ(bfc_search_config_level(&c, BFC_LEVEL_EASY), BFC_OK);
    const uint32_t easy = c.iterations;
    INT_EQ(bfc_search_config_level(&c, BFC_LEVEL_MEDIUM), BFC_OK);
    const uint32_t medium = c.iterations;
    INT_EQ(bfc_search_config_level(&c, BFC_LEVEL_HARD), BFC_OK);
    CHECK(easy < medium && medium < c.iterations);
    INT_EQ(bfc_search_config_level(&c, 0), BFC_EINVAL);
    INT_EQ(bfc_search_config_level(&c, 4), BFC_EINVAL);
    INT_EQ(bfc_search_config_level(NULL, 1), BFC_EINVAL);

    bfc_rules r;
    bfc_rules_init(&r);
    int st = 0;
    bfc_search_config bad;
    bfc_search_config_init(&bad);
    bad.playout = 3;
    CHECK(bfc_search_new(&r, &bad, &st) == NULL && st == BFC_EINVAL);
    bfc_search_config_init(&bad);
    bad.value = 2;
    CHECK(bfc_search_new(&r, &bad, &st) == NULL && st == BFC_EINVAL);
    bfc_search_config_init(&bad);
    bad.flags = 0x100;
    CHECK(bfc_search_new(&r, &bad, &st) == NULL && st == BFC_EINVAL);
    bfc_search_config_init(&bad);
    bad.iterations = 0;
    CHECK(bfc_search_new(&r, &bad, &st) == NULL && st == BFC_EINVAL);
    bfc_search_config_init(&bad);
    bad.exploration = -1;
    CHECK(bfc_search_new(&r, &bad, &st) == NULL && st == BFC_EINVAL);
    CHECK(bfc_search_new(NULL, NULL, &st) == NULL && st == BFC_EINVAL);
    bfc_rules wrong = r;
    wrong.players = 9;
    CHECK(bfc_search_new(&wrong, NULL, &st) == NULL && st == BFC_EINVAL);

    bfc_search *s = bfc_search_new(&r, NULL, &st); /* NULL config: defaults */
    INT_EQ(st, BFC_OK);
    bfc_game *g = bfc_game_new(&r, 1, NULL);
    bfc_move m = 12345;
    INT_EQ(bfc_search_move(NULL, g, &m), BFC_EINVAL);
    INT_EQ(bfc_search_move(s, NULL, &m), BFC_EINVAL);
    INT_EQ(bfc_search_move(s, g, NULL), BFC_EINVAL);
    INT_EQ(bfc_search_analyze(s, g, NULL, 3), BFC_EINVAL);
    INT_EQ(m, 12345);
    /* a game of other rules (first dealer differs) */
    bfc_rules other = r;
    other.first_dealer = 1;
    bfc_game *h = bfc_game_new(&other, 1, NULL);
    INT_EQ(bfc_search_move(s, h, &m), BFC_EINVAL);
    /* a finished game */
    bfc_rules short_game = r;
    short_game.target = 1;
    bfc_search *t = bfc_search_new(&short_game, NULL, NULL);
    bfc_game *over = bfc_game_new(&short_game, 2, NULL);
    uint64_t rng = 1;
    while (over && !bfc_game_over(over)) {
        bfc_observation o;
        bfc_game_observe(over, bfc_game_to_move(over), &o);
        bfc_bot_random(&o, &rng, &m);
        bfc_game_apply(over, m, NULL, 0, NULL);
    }
    m = 12345;
    INT_EQ(bfc_search_move(t, over, &m), BFC_EINVAL);
    INT_EQ(m, 12345);
    bfc_search_info info;
    INT_EQ(bfc_search_last(NULL, &info), BFC_EINVAL);
    INT_EQ(bfc_search_last(s, NULL), BFC_EINVAL);
    INT_EQ(bfc_search_seed(NULL, 1), BFC_EINVAL);
    bfc_search_free(NULL);
    bfc_search_free(t);
    bfc_search_free(s);
    bfc_game_free(over);
    bfc_game_free(h);
    bfc_game_free(g);
}

/* BFC_SEARCH_RULES_PRIOR (issue 35 item 5): in Battlefield the root's
 * moves start with 8 visits valued by the rule-of-thumb player, so with one
 * iteration the search plays a move that player values best, and the
 * analysis counts the prior's visits (the budget plus 8 a candidate);
 * deterministic; in the classic games the flag changes nothing. */
static void test_search__rules_prior(void)
{
    int seen = 0;
    for (size_t k = 0; k < NGAMES; k++) {
        const bfc_rules r = rules_of(&GAMES[k]);
        bfc_game *pos[8];
        const int np = positions(&GAMES[k], 41 + k, 5, pos, harness_quick > 1 ? 3 : 8);
        bfc_search_config c;
        bfc_search_config_init(&c);
        c.iterations = 24;
        c.seed = 3;
        bfc_search *plain = bfc_search_new(&r, &c, NULL);
        c.flags |= BFC_SEARCH_RULES_PRIOR;
        bfc_search *a = bfc_search_new(&r, &c, NULL), *b = bfc_search_new(&r, &c, NULL);
        c.iterations = 1;
        bfc_search *one = bfc_search_new(&r, &c, NULL);
        CHECK(plain && a && b && one);
        const int bf = r.variant == BFC_VARIANT_BATTLEFIELD;
        for (int i = 0; i < np && plain && a && b && one; i++) {
            bfc_search_stat x[BFC_MAX_MOVES], y[BFC_MAX_MOVES], z[BFC_MAX_MOVES];
            memset(x, 0, sizeof x);
            memset(y, 0, sizeof y);
            memset(z, 0, sizeof z);
            bfc_search_seed(plain, 9 + (uint64_t)i);
            bfc_search_seed(a, 9 + (uint64_t)i);
            bfc_search_seed(b, 9 + (uint64_t)i);
            const int n = bfc_search_analyze(a, pos[i], x, BFC_MAX_MOVES);
            CHECK(n > 0 && bfc_search_analyze(b, pos[i], y, BFC_MAX_MOVES) == n);
            CHECK(memcmp(x, y, (size_t)n * sizeof *x) == 0);
            CHECK(bfc_search_analyze(plain, pos[i], z, BFC_MAX_MOVES) == n);
            bfc_search_info info;
            bfc_search_last(a, &info);
            bfc_observation o;
            bfc_game_observe(pos[i], bfc_game_to_move(pos[i]), &o);
            double v[BFC_MAX_MOVES];
            bfc_move L[BFC_MAX_MOVES];
            const int nl = bfc_observation_legal_moves(&o, L, BFC_MAX_MOVES);
            const int valued = bfc__rules_values(&o, L, nl, v) == 0;
            if (!bf || !valued || info.candidates <= 1 || info.iterations == 0) {
                /* no prior: the plain search's analysis */
                CHECK(memcmp(x, z, (size_t)n * sizeof *x) == 0);
                continue;
            }
            uint64_t visits = 0;
            for (int m = 0; m < n; m++)
                if (x[m].searched && x[m].same_as == x[m].move) {
                    CHECK(x[m].visits >= 8);
                    visits += x[m].visits;
                }
            CHECK(visits == 24 + 8 * (uint64_t)info.candidates);
            /* one iteration: the rules player's best */
            bfc_move mv;
            bfc_search_seed(one, 5);
            INT_EQ(bfc_search_move(one, pos[i], &mv), BFC_OK);
            double top = v[0], got = -1e9;
            for (int m = 0; m < nl; m++) {
                if (v[m] > top)
                    top = v[m];
                if (L[m] == mv)
                    got = v[m];
            }
            CHECK(got > top - 1e-9);
            seen++;
        }
        bfc_search_free(plain);
        bfc_search_free(a);
        bfc_search_free(b);
        bfc_search_free(one);
        free_all(pos, np);
    }
    CHECK(seen > 5);
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_search__plays_legal_moves_in_every_game);
    RUN(test_search__plays_a_match);
    RUN(test_search__analysis_sums_to_the_budget);
    RUN(test_search__deterministic);
    RUN(test_search__reads_no_hidden_card);
    RUN(test_search__takes_a_sure_win);
    RUN(test_search__classic_discard_is_exact_advice);
    RUN(test_search__seven_card_discard_is_searched);
    RUN(test_search__muggins_is_honest);
    RUN(test_search__configs);
    RUN(test_search__steps_decide_as_one_call);
    RUN(test_search__one_call_refused_during_steps);
    RUN(test_search__interrupt_stops_the_decision);
    RUN(test_search__config_and_errors);
    RUN(test_search__rules_prior);
    return harness_done();
}
