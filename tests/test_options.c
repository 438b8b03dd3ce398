/* The table options of 0.2 (issue 16), through the public API: D13 (the
 * joker kills a whole formation), D14 (no immediate take-back), D15 (who
 * deals the next game), D16 (partners and seats by cut), RULES 5 (each
 * loser judged, match play and its point systems), RULES 3.10 (captain's
 * cribbage, four players without partners). Scores are checked against
 * RULES by this file's own arithmetic. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bfc.h"
#include "brute.h"
#include "harness.h"

#define NEV 4096
static bfc_event EV[NEV];
static size_t N;

static int play_greedy(bfc_game *g, uint64_t *rng, int max)
{
    int moves = 0;
    while (!bfc_game_over(g) && moves < max) {
        bfc_observation o;
        bfc_move m;
        bfc_game_observe(g, bfc_game_to_move(g), &o);
        bfc_bot_greedy(&o, rng, &m);
        bfc_game_apply(g, m, NULL, 0, NULL);
        moves++;
    }
    return bfc_game_over(g);
}

static int has_take(const bfc_move *m, int n)
{
    for (int i = 0; i < n; i++)
        if (m[i] >= BFC_MOVE_TAKE && m[i] < BFC_MOVE_TAKE + 5)
            return 1;
    return 0;
}

/* ---- D14 ---------------------------------------------------------------- */

static void test_options__D14_no_take_back(void)
{
    /* D14: the card the previous player just placed may not be taken by
     * the next; every turn ends with a placement, so only the first
     * frontline card of a skirmish (turned at the deal) can be taken */
    int first_turns = 0, later_turns = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        bfc_rules r;
        bfc_rules_preset(&r, "battlefield", 2 + (int)(seed % 3), 0);
        r.flags = BFC_RULE_NO_TAKE_BACK;
        bfc_game *g = bfc_game_new(&r, seed, NULL);
        uint64_t rng = seed;
        while (!bfc_game_over(g)) {
            bfc_move m[BFC_MAX_MOVES];
            const int n = bfc_game_legal_moves(g, m, BFC_MAX_MOVES);
            bfc_observation o;
            bfc_game_observe(g, bfc_game_to_move(g), &o);
            if (o.phase == BFC_PHASE_TURN && !o.limit_reached) {
                if (o.turns == 0) {
                    first_turns++;
                    CHECK(has_take(m, n)); /* the dealt card */
                } else {
                    later_turns++;
                    CHECK(!has_take(m, n));
                    INT_EQ(bfc_game_apply(g, BFC_MOVE_TAKE, NULL, 0, NULL), BFC_EILLEGAL);
                }
                bfc_move om[BFC_MAX_MOVES];
                const int on = bfc_observation_legal_moves(&o, om, BFC_MAX_MOVES);
                CHECK(on == n && memcmp(om, m, (size_t)n * sizeof *m) == 0);
            }
            bfc_move pick;
            bfc_bot_greedy(&o, &rng, &pick);
            bfc_game_apply(g, pick, NULL, 0, NULL);
        }
        bfc_game_free(g);
    }
    CHECK(first_turns > 20 && later_turns > 100);
    /* without the option a later turn may take (RULES 4.4) */
    bfc_rules r;
    bfc_rules_init(&r);
    bfc_game *g = bfc_game_new(&r, 3, NULL);
    uint64_t rng = 3;
    int took_later = 0;
    while (!bfc_game_over(g) && !took_later) {
        bfc_observation o;
        bfc_game_observe(g, bfc_game_to_move(g), &o);
        bfc_move m[BFC_MAX_MOVES], pick;
        const int n = bfc_game_legal_moves(g, m, BFC_MAX_MOVES);
        took_later = o.phase == BFC_PHASE_TURN && o.turns > 0 && has_take(m, n);
        bfc_bot_greedy(&o, &rng, &pick);
        bfc_game_apply(g, pick, NULL, 0, NULL);
    }
    CHECK(took_later);
    bfc_game_free(g);
}

/* ---- D13 ---------------------------------------------------------------- */

static void test_options__D13_joker_kills_formation(void)
{
    /* D13 option (seed 000: "the joker kills the hand it is part of", read
     * as the whole formation): a formation holding the joker at the end of
     * a skirmish scores 0 whatever is laid away, so every lay-away is legal;
     * laid away, the joker still kills the reserve. */
    int killed = 0, reserve_killed = 0;
    for (uint64_t seed = 1; seed <= 400 && (killed < 10 || !reserve_killed); seed++) {
        bfc_rules r;
        bfc_rules_init(&r);
        r.flags = BFC_RULE_JOKER_KILLS_FORMATION;
        r.target = 400;
        bfc_game *g = bfc_game_new(&r, seed, NULL);
        uint64_t rng = seed;
        for (int moves = 0; !bfc_game_over(g) && moves < 3000; moves++) {
            bfc_observation o;
            bfc_move pick;
            const int s = bfc_game_to_move(g);
            bfc_game_observe(g, s, &o);
            int joker = 0;
            for (int i = 0; i < 5; i++)
                joker |= o.formation[s][i] == BFC_JOKER;
            if (o.phase == BFC_PHASE_LAYAWAY && joker && o.turn_card != BFC_JOKER) {
                killed++;
                INT_EQ(o.lay_legal, 0x1F);
                /* lay away a card that is not the joker: the hand scores 0 */
                int slot = 0;
                while (o.formation[s][slot] == BFC_JOKER)
                    slot++;
                const int before = o.score[s];
                INT_EQ(bfc_game_apply(g, (bfc_move)(BFC_MOVE_LAYAWAY + (unsigned)slot), EV, NEV,
                                      &N),
                       BFC_OK);
                for (size_t i = 0; i < N; i++) {
                    if (EV[i].type == BFC_EV_LAYAWAY)
                        INT_EQ(EV[i].points, 0);
                    CHECK(!(EV[i].type == BFC_EV_SCORE && EV[i].seat == s &&
                            EV[i].source == BFC_SRC_BATTLEFIELD));
                    if (EV[i].type == BFC_EV_RESERVE) {
                        /* the joker laid away by someone kills the reserve */
                        int j = 0;
                        for (int c = 0; c < EV[i].item.ncards; c++)
                            j |= EV[i].item.cards[c] == BFC_JOKER;
                        if (j) {
                            reserve_killed++;
                            INT_EQ(EV[i].points, 0);
                        }
                    }
                }
                int sc[2];
                bfc_game_scores(g, sc, 2);
                CHECK(sc[s] >= before);
                continue;
            }
            bfc_bot_greedy(&o, &rng, &pick);
            bfc_game_apply(g, pick, EV, NEV, &N);
            for (size_t i = 0; i < N; i++)
                if (EV[i].type == BFC_EV_RESERVE) {
                    int j = 0;
                    for (int c = 0; c < EV[i].item.ncards; c++)
                        j |= EV[i].item.cards[c] == BFC_JOKER;
                    if (j) {
                        reserve_killed++;
                        INT_EQ(EV[i].points, 0);
                    }
                }
        }
        bfc_game_free(g);
    }
    CHECK(killed >= 10);
    CHECK(reserve_killed > 0);
}

/* ---- D15 ---------------------------------------------------------------- */

/* The seat to deal the next game under D15 from a finished game's facts. */
static int want_next_dealer(const bfc_game *g, int mode, int last_dealer)
{
    const bfc_rules *r = bfc_game_rules(g);
    const int n = r->players, ws = bfc_game_winning_seat(g);
    if (mode == BFC_NEXT_LEFT)
        return (last_dealer + 1) % n;
    if (mode == BFC_NEXT_WINNER)
        return ws;
    int sc[6];
    bfc_game_scores(g, sc, 6);
    int best = -1;
    for (int i = 1; i < n; i++) {
        const int s = (ws + i) % n, d = bfc_game_side_of(g, s);
        if (d != bfc_game_winner(g) && (best < 0 || sc[d] < sc[bfc_game_side_of(g, best)]))
            best = s;
    }
    return best;
}

static void test_options__D15_next_dealer(void)
{
    static const char *const presets[] = {"battlefield", "classic", "noddy", "five-card"};
    int checked = 0;
    for (int mode = BFC_NEXT_WINNER; mode <= BFC_NEXT_LEFT; mode++)
        for (size_t p = 0; p < sizeof presets / sizeof *presets; p++)
            for (uint64_t seed = 0; seed < 12; seed++) {
                bfc_rules r;
                const int players = presets[p][0] == 'f' ? 2 : 2 + (int)(seed % 3);
                bfc_rules_preset(&r, presets[p], players, 0);
                r.next_dealer = mode;
                r.target = 31;
                bfc_game *g = bfc_game_new(&r, seed, NULL);
                uint64_t rng = seed;
                if (!CHECK(play_greedy(g, &rng, 100000)))
                    continue;
                bfc_observation o;
                bfc_game_observe(g, 0, &o);
                const int want = want_next_dealer(g, mode, o.dealer);
                INT_EQ(bfc_game_next_events(g, EV, NEV, &N), BFC_OK);
                bfc_game_observe(g, 0, &o);
                size_t i = 0;
                while (i < N && EV[i].type != BFC_EV_DEAL)
                    i++;
                if (CHECK(i < N))
                    INT_EQ(EV[i].seat, want);
                INT_EQ(o.skirmish, 1);
                checked++;
                bfc_game_free(g);
            }
    INT_EQ(checked, 3 * 4 * 12);
}

/* ---- D16 ---------------------------------------------------------------- */

static void test_options__D16_partners_by_cut(void)
{
    /* seed 000 "Setting Up Play": "If playing partners, the players who cut
     * the lowest two cards are partners, and the lowest card deals"; D16:
     * partners sit opposite, the dealer keeps its seat, ties cut again. */
    static const struct {
        const char *preset;
        int players;
    } games[] = {{"battlefield", 4}, {"classic", 4}, {"classic", 6}, {"noddy", 4}, {"noddy", 6}};
    int recuts = 0;
    for (size_t k = 0; k < sizeof games / sizeof *games; k++)
        for (uint64_t seed = 0; seed < 200; seed++) {
            bfc_rules r;
            bfc_rules_preset(&r, games[k].preset, games[k].players, 1);
            r.flags |= BFC_RULE_PARTNERS_BY_CUT;
            const int n = games[k].players;
            bfc_game *g = bfc_game_new_events(&r, seed, EV, NEV, &N, NULL);
            if (!CHECK(g != NULL))
                continue;
            /* the last card each player cut decides; earlier cuts are ties */
            int rank[6] = {0}, cuts = 0, seat_of[6], seen = 0;
            size_t i = 0;
            int key[6] = {0};
            for (; i < N && EV[i].type == BFC_EV_CUT; i++) {
                const int p = EV[i].seat;
                rank[p] = bfc_card_rank(EV[i].card);
                key[p] = key[p] * 16 + rank[p];
                cuts++;
            }
            recuts += cuts > n;
            for (int j = 0; j < n; j++, i++) {
                if (!CHECK(i < N && EV[i].type == BFC_EV_SEAT && EV[i].slot == j))
                    break;
                seat_of[j] = EV[i].seat;
                seen |= 1 << EV[i].seat;
                INT_EQ(bfc_game_seat_of(g, j), EV[i].seat);
            }
            INT_EQ(seen, (1 << n) - 1);
            /* order the players by their cuts: the dealer lowest; then pairs.
               (Later re-cuts order only the tied: compare the first card's
               rank, then the re-cut's.) */
            int order[6];
            for (int j = 0; j < n; j++)
                order[j] = j;
            for (int a = 0; a < n; a++)
                for (int b = a + 1; b < n; b++) {
                    /* compare cut histories of equal length: pad the shorter */
                    long ka = key[order[a]], kb = key[order[b]];
                    int la = 0, lb = 0;
                    for (long t = ka; t; t /= 16)
                        la++;
                    for (long t = kb; t; t /= 16)
                        lb++;
                    while (la < lb)
                        ka *= 16, la++;
                    while (lb < la)
                        kb *= 16, lb++;
                    if (kb < ka) {
                        const int t = order[a];
                        order[a] = order[b];
                        order[b] = t;
                    }
                }
            const int dealer = order[0];
            INT_EQ(seat_of[dealer], dealer); /* the dealer keeps its seat */
            for (int t = 0; t < n / 2; t++) /* partners sit opposite */
                INT_EQ(bfc_game_side_of(g, seat_of[order[2 * t]]),
                       bfc_game_side_of(g, seat_of[order[2 * t + 1]]));
            if (CHECK(i < N && EV[i].type == BFC_EV_DEAL))
                INT_EQ(EV[i].seat, dealer);
            /* the seating survives save and load */
            char text[8192];
            bfc_game_save(g, text, sizeof text);
            CHECK(strstr(text, "\nseating ") != NULL);
            bfc_game *h = NULL;
            INT_EQ(bfc_game_load(&h, text), BFC_OK);
            for (int j = 0; h && j < n; j++)
                INT_EQ(bfc_game_seat_of(h, j), seat_of[j]);
            bfc_game_free(h);
            bfc_game_free(g);
        }
    CHECK(recuts > 0); /* ties are cut again */
    bfc_rules r;
    bfc_rules_preset(&r, "classic", 4, 1);
    bfc_game *g = bfc_game_new(&r, 1, NULL);
    for (int p = 0; p < 4; p++)
        INT_EQ(bfc_game_seat_of(g, p), p); /* without the option: as seated */
    INT_EQ(bfc_game_seat_of(g, 4), BFC_EINVAL);
    INT_EQ(bfc_game_seat_of(g, -1), BFC_EINVAL);
    INT_EQ(bfc_game_seat_of(NULL, 0), BFC_EINVAL);
    bfc_game_free(g);
}

/* ---- RULES 5: each loser, match play --------------------------------------- */

/* What one loser pays under a match system (bfc.h BFC_MATCH_*; RULES 5 as
 * tests/brute.c writes it out). */
static int match_pays(int system, int value, int target, int winner_score, int loser)
{
    return brute_match_points(system, 0, loser, target,
                              brute_game_value(value, 0, loser, target, winner_score, target));
}

static void test_options__rules_5_match_play(void)
{
    /* RULES 5: "a match is won by the first side to reach N games (or N
     * game points under the game-value convention); the match score
     * survives save/load and next game". Every system, 2 and 3 players. */
    int matches = 0, games = 0;
    for (int system = BFC_MATCH_GAMES; system <= BFC_MATCH_FREE; system++)
        for (int players = 2; players <= 3; players++) {
            bfc_rules r;
            bfc_rules_preset(&r, players == 2 ? "classic" : "battlefield", players, 0);
            r.match = 7;
            r.match_points = system;
            r.value = BFC_VALUE_SKUNK;
            bfc_game *g = bfc_game_new(&r, (uint64_t)(system * 10 + players), NULL);
            uint64_t rng = (uint64_t)system;
            int tally[6] = {0};
            while (bfc_game_match_winner(g) < 0) {
                while (!bfc_game_over(g)) {
                    bfc_observation o;
                    bfc_move m;
                    bfc_game_observe(g, bfc_game_to_move(g), &o);
                    bfc_bot_greedy(&o, &rng, &m);
                    bfc_game_apply(g, m, EV, NEV, &N);
                }
                games++;
                /* the match points of this game by RULES 5, each loser on
                   its own score */
                int sc[6], want = 0;
                const int w = bfc_game_winner(g);
                bfc_game_scores(g, sc, 6);
                for (int s = 0; s < players; s++)
                    if (s != w)
                        want += match_pays(system, r.value, r.target, sc[w], sc[s]);
                tally[w] += want;
                INT_EQ(EV[N - 1].type, BFC_EV_MATCH);
                INT_EQ(EV[N - 1].side, w);
                INT_EQ(EV[N - 1].points, want);
                INT_EQ(EV[N - 1].score, tally[w]);
                int ms[6];
                INT_EQ(bfc_game_match_scores(g, ms, 6), players);
                for (int s = 0; s < players; s++)
                    INT_EQ(ms[s], tally[s]);
                /* the match survives save and load */
                char text[8192];
                bfc_game_save(g, text, sizeof text);
                bfc_game *h = NULL;
                INT_EQ(bfc_game_load(&h, text), BFC_OK);
                if (h) {
                    INT_EQ(bfc_game_match_scores(h, ms, 6), players);
                    for (int s = 0; s < players; s++)
                        INT_EQ(ms[s], tally[s]);
                    INT_EQ(bfc_game_match_winner(h), bfc_game_match_winner(g));
                }
                bfc_game_free(h);
                if (bfc_game_match_winner(g) < 0)
                    INT_EQ(bfc_game_next(g), BFC_OK);
            }
            const int mw = bfc_game_match_winner(g);
            CHECK(tally[mw] >= 7);
            for (int s = 0; s < players; s++)
                CHECK(s == mw || tally[s] < 7);
            /* the match is over: no next game */
            INT_EQ(bfc_game_next(g), BFC_EINVAL);
            matches++;
            bfc_game_free(g);
        }
    INT_EQ(matches, 12);
    CHECK(games > 24);
    /* single games keep no match score */
    bfc_rules r;
    bfc_rules_init(&r);
    bfc_game *g = bfc_game_new(&r, 2, NULL);
    uint64_t rng = 2;
    play_greedy(g, &rng, 100000);
    int ms[2] = {9, 9};
    INT_EQ(bfc_game_match_scores(g, ms, 2), 2);
    CHECK(ms[0] == 0 && ms[1] == 0);
    INT_EQ(bfc_game_match_winner(g), -1);
    INT_EQ(bfc_game_next(g), BFC_OK);
    bfc_game_free(g);
}

static void test_options__rules_5_values_per_loser(void)
{
    /* RULES 5: with three or more sides each loser is judged on its own
     * score; bfc_game_values gives each, bfc_game_value their sum */
    for (uint64_t seed = 0; seed < 60; seed++) {
        bfc_rules r;
        bfc_rules_preset(&r, seed % 2 ? "classic" : "battlefield", 3 + (int)(seed % 2), 0);
        r.value = (int)(seed % 4);
        r.flags |= (unsigned[]){0, BFC_RULE_PAY_BEST_LOSER, BFC_RULE_PAY_WORST_LOSER}[seed % 3];
        bfc_game *g = bfc_game_new(&r, seed, NULL);
        uint64_t rng = seed;
        int v[6] = {-1, -1, -1, -1, -1, -1};
        INT_EQ(bfc_game_values(g, v, 6), r.players);
        for (int s = 0; s < r.players; s++)
            INT_EQ(v[s], 0); /* not over */
        play_greedy(g, &rng, 100000);
        int sc[6];
        bfc_game_scores(g, sc, 6);
        const int w = bfc_game_winner(g);
        INT_EQ(bfc_game_values(g, v, 6), r.players);
        int sum = 0, best = -1, worst = -1;
        for (int s = 0; s < r.players; s++) {
            if (s == w) {
                INT_EQ(v[s], 0);
                continue;
            }
            INT_EQ(v[s], match_pays(BFC_MATCH_VALUE, r.value, r.target, sc[w], sc[s]));
            sum += v[s];
            if (best < 0 || sc[s] > sc[best])
                best = s;
            if (worst < 0 || sc[s] < sc[worst])
                worst = s;
        }
        const int want = (r.flags & BFC_RULE_PAY_BEST_LOSER)    ? v[best]
                         : (r.flags & BFC_RULE_PAY_WORST_LOSER) ? v[worst]
                                                                : sum;
        INT_EQ(bfc_game_value(g), want);
        bfc_game_free(g);
    }
    INT_EQ(bfc_game_values(NULL, NULL, 0), BFC_EINVAL);
}

/* ---- RULES 3.10 --------------------------------------------------------- */

static void test_options__rules_3_10_captains(void)
{
    /* captain's cribbage: three players, the captain (seat 0) alone to 61
     * against seats 1 and 2 as a team to 121; the captain deals first */
    int captain_wins = 0, team_wins = 0;
    for (uint64_t seed = 0; seed < 60; seed++) {
        bfc_rules r;
        INT_EQ(bfc_rules_preset(&r, "captains", 0, 0), BFC_OK);
        INT_EQ(r.players, 3);
        INT_EQ(bfc_rules_sides(&r), 2);
        INT_EQ(bfc_rules_side_of(&r, 0), 0);
        INT_EQ(bfc_rules_side_of(&r, 1), 1);
        INT_EQ(bfc_rules_side_of(&r, 2), 1);
        bfc_game *g = bfc_game_new_events(&r, seed, EV, NEV, &N, NULL);
        if (CHECK(N > 0))
            CHECK(EV[0].type == BFC_EV_DEAL && EV[0].seat == 0); /* no cut */
        INT_EQ(bfc_game_sides(g), 2);
        uint64_t rng = seed;
        play_greedy(g, &rng, 100000);
        int sc[2];
        bfc_game_scores(g, sc, 2);
        if (bfc_game_winner(g) == 0) {
            captain_wins++;
            CHECK(sc[0] >= 61 && sc[1] < 121);
        } else {
            team_wins++;
            CHECK(sc[1] >= 121 && sc[0] < 61);
        }
        bfc_game_free(g);
    }
    CHECK(captain_wins > 0 && team_wins > 0);
}

static void test_options__rules_3_10_four_players_alone(void)
{
    /* four players without partners: 5 cards each, 1 each to a crib of 4,
     * every player for themselves */
    bfc_rules r;
    INT_EQ(bfc_rules_preset(&r, "classic", 4, 0), BFC_OK);
    INT_EQ(r.teams, 0);
    INT_EQ(bfc_rules_sides(&r), 4);
    INT_EQ(bfc_rules_throws(&r), 1);
    for (uint64_t seed = 0; seed < 20; seed++) {
        bfc_game *g = bfc_game_new(&r, seed, NULL);
        INT_EQ(bfc_game_sides(g), 4);
        bfc_observation o;
        bfc_game_observe(g, 1, &o);
        for (int s = 0; s < 4; s++)
            INT_EQ(o.held_by[s], 5);
        uint64_t rng = seed;
        while (bfc_game_phase(g) == BFC_PHASE_DISCARD) {
            bfc_move m;
            bfc_game_observe(g, bfc_game_to_move(g), &o);
            bfc_bot_greedy(&o, &rng, &m);
            bfc_game_apply(g, m, NULL, 0, NULL);
        }
        bfc_game_observe(g, 0, &o);
        INT_EQ(o.crib, 4);
        for (int s = 0; s < 4; s++) {
            INT_EQ(o.held_by[s], 4);
            INT_EQ(bfc_game_side_of(g, s), s);
        }
        CHECK(play_greedy(g, &rng, 100000));
        bfc_game_free(g);
    }
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_options__D14_no_take_back);
    RUN(test_options__D13_joker_kills_formation);
    RUN(test_options__D15_next_dealer);
    RUN(test_options__D16_partners_by_cut);
    RUN(test_options__rules_5_match_play);
    RUN(test_options__rules_5_values_per_loser);
    RUN(test_options__rules_3_10_captains);
    RUN(test_options__rules_3_10_four_players_alone);
    return harness_done();
}
