/* The review of a game (bfc.h "Review"), game records and the
 * explanations of moves ("Explanations"): a bot's own choices graded best
 * at its budget and seed, planted blunders found, Battlefield reviewed,
 * the texts checked against the numbers they come from. Budgets are the
 * easy level's or smaller: these run in well under a second. */
#include <stdint.h>
#include <string.h>

#include "bfc.h"
#include "harness.h"

#define MAXMOVES 4000

static bfc_move moves[MAXMOVES];
static bfc_review_entry entries[MAXMOVES];

static bfc_search_config easy(uint64_t seed)
{
    bfc_search_config c;
    bfc_search_config_init(&c);
    bfc_search_config_level(&c, BFC_LEVEL_EASY);
    c.seed = seed;
    return c;
}

/* A game the search bot plays against itself from `seed`, the bot
 * re-seeded before decision k as the review re-seeds it (bfc.h): the
 * moves into moves[], their number returned; the start into *start. */
static size_t self_play(const bfc_rules *r, uint64_t seed, const bfc_search_config *sc,
                        bfc_game **start)
{
    int st;
    bfc_game *g = bfc_game_new(r, seed, &st);
    *start = bfc_game_clone(g);
    bfc_search *bot = bfc_search_new(r, sc, &st);
    size_t n = 0;
    while (g && bot && !bfc_game_over(g) && n < MAXMOVES) {
        bfc_move m;
        bfc_search_seed(bot, bfc_sim_game_seed(sc->seed, n));
        if (bfc_search_move(bot, g, &m) != BFC_OK)
            break;
        moves[n++] = m;
        bfc_game_apply(g, m, NULL, 0, NULL);
    }
    CHECK(g && bfc_game_over(g) == 1);
    bfc_search_free(bot);
    bfc_game_free(g);
    return n;
}

static void self_play_graded_best(const char *preset)
{
    bfc_rules r;
    bfc_rules_preset(&r, preset, 2, 0);
    const bfc_search_config sc = easy(77);
    bfc_game *start;
    const size_t n = self_play(&r, 5, &sc, &start);
    bfc_review_config rc;
    bfc_review_config_init(&rc);
    rc.search = sc;
    const int k = bfc_review_game(start, moves, n, &rc, entries, MAXMOVES);
    CHECK(k > 10);
    int best = 0;
    for (int i = 0; i < k; i++) {
        if (!CHECK(entries[i].grade != BFC_GRADE_BLUNDER))
            fprintf(stderr, "  %s: ply %u graded a blunder\n", preset, entries[i].ply);
        best += entries[i].grade == BFC_GRADE_BEST && entries[i].made_as == entries[i].best;
        CHECK(entries[i].made == moves[entries[i].ply]);
    }
    /* re-seeded as the review does, the bot's every choice is its best */
    INT_EQ(best, k);
    /* another seed grades the same moves with other searches: still no
       blunder of the bot's own choice where the play is classic (exact
       discards, the deal solver) */
    if (r.variant == BFC_VARIANT_CLASSIC) {
        rc.search.seed = 4242;
        const int k2 = bfc_review_game(start, moves, n, &rc, entries, MAXMOVES);
        INT_EQ(k2, k);
        for (int i = 0; i < k2; i++)
            CHECK(entries[i].grade != BFC_GRADE_BLUNDER);
    }
    bfc_game_free(start);
}

static void test_review__bot_self_play_has_no_blunder(void)
{
    self_play_graded_best("classic");
    self_play_graded_best("battlefield");
}

/* Every decision of every seat and nothing else: a forced move or a
 * muggins count is not a decision. */
static void test_review__grades_each_decision_once(void)
{
    bfc_rules r;
    bfc_rules_preset(&r, "classic", 2, 0);
    const bfc_search_config sc = easy(3);
    bfc_game *start;
    const size_t n = self_play(&r, 11, &sc, &start);
    bfc_review_config rc;
    bfc_review_config_init(&rc);
    rc.search = sc;
    const int all = bfc_review_game(start, moves, n, &rc, entries, MAXMOVES);
    /* count the decisions by replaying: more than one legal move, and in
       the play not all of one rank (those are alike) */
    bfc_game *g = bfc_game_clone(start);
    int want = 0, want0 = 0, alike = 0;
    for (size_t k = 0; k < n; k++) {
        bfc_move L[BFC_MAX_MOVES];
        const int nl = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
        int ranks = 0;
        for (int i = 0; i < nl; i++)
            if (L[i] >= BFC_MOVE_PLAY && L[i] < BFC_MOVE_DISCARD)
                ranks |= 1 << bfc_card_rank((bfc_card)(L[i] - BFC_MOVE_PLAY));
        const int one_rank = ranks && !(ranks & (ranks - 1));
        alike += nl > 1 && one_rank;
        if (nl > 1 && !one_rank) {
            want++;
            want0 += bfc_game_to_move(g) == 0;
        }
        bfc_game_apply(g, moves[k], NULL, 0, NULL);
    }
    INT_EQ(all, want);
    CHECK(alike > 0); /* the game had such a choice, left out */
    for (int i = 1; i < all; i++)
        CHECK(entries[i].ply > entries[i - 1].ply);
    rc.seat = 0;
    const int k0 = bfc_review_game(start, moves, n, &rc, entries, MAXMOVES);
    INT_EQ(k0, want0);
    for (int i = 0; i < k0; i++)
        INT_EQ(entries[i].seat, 0);
    /* snprintf-style: cap 2 still counts all */
    INT_EQ(bfc_review_game(start, moves, n, &rc, entries, 2), k0);
    /* the same figures every time */
    bfc_review_entry again[2];
    bfc_review_game(start, moves, n, &rc, again, 2);
    CHECK(memcmp(again, entries, sizeof again) == 0);
    bfc_game_free(g);
    bfc_game_free(start);
}

/* The first seed whose non-dealer (who throws first) holds two fives;
 * its game into *out. */
static bfc_game *deal_with_two_fives(bfc_card *a, bfc_card *b)
{
    bfc_rules r;
    bfc_rules_preset(&r, "classic", 2, 0);
    for (uint64_t seed = 1; seed < 500; seed++) {
        bfc_game *g = bfc_game_new(&r, seed, NULL);
        bfc_observation o;
        const int seat = bfc_game_to_move(g);
        bfc_game_observe(g, seat, &o);
        int n = 0;
        bfc_card f[4];
        for (int c = 16; c < 20; c++)
            if (o.hand >> c & 1u)
                f[n++] = (bfc_card)c;
        if (n == 2 && seat != o.dealer) {
            *a = f[0];
            *b = f[1];
            return g;
        }
        bfc_game_free(g);
    }
    return NULL;
}

static void test_review__planted_five_pair_into_the_other_crib_is_a_blunder(void)
{
    bfc_card a = BFC_CARD_NONE, b = BFC_CARD_NONE;
    bfc_game *g = deal_with_two_fives(&a, &b);
    if (!CHECK(g != NULL))
        return;
    const bfc_move m = bfc_move_discard2(a, b);
    bfc_review_config rc;
    bfc_review_config_init(&rc);
    rc.search = easy(1);
    bfc_review_entry e;
    INT_EQ(bfc_review_game(g, &m, 1, &rc, &e, 1), 1);
    INT_EQ(e.stage, BFC_STAGE_DISCARD);
    INT_EQ(e.has_points, 1);
    CHECK(e.best != m);
    if (!INT_EQ(e.grade, BFC_GRADE_BLUNDER))
        fprintf(stderr, "  lost %.4f of the chance, %.3f points\n", e.win_lost, e.points_lost);
    /* the figures are the advice's */
    bfc_observation o;
    bfc_game_observe(g, bfc_game_to_move(g), &o);
    bfc_discard_option opt[15];
    const int n = bfc_advise_discard_win(&o, BFC_CRIB_PLAYED, opt, 15);
    CHECK(n == 15);
    double made_win = -1, made_points = 0;
    for (int i = 0; i < n; i++)
        if (opt[i].move == m) {
            made_win = opt[i].win;
            made_points = opt[i].total_ev;
        }
    CHECK(e.made_win == made_win && e.made_points == made_points);
    CHECK(e.best_win == opt[0].win && e.best == opt[0].move);
    CHECK(e.win_lost == opt[0].win - made_win);
    /* the text says what the numbers say */
    char text[512], want[160];
    bfc_review_format(&e, 0, text, sizeof text);
    snprintf(want, sizeof want,
             ": blunder, %.1f%% of the chance of winning lost (%.1f%% where %.1f%%",
             100 * e.win_lost, 100 * e.made_win, 100 * e.best_win);
    if (!CHECK(strstr(text, want) != NULL))
        fprintf(stderr, "  %s\n  wanted %s\n", text, want);
    char mt[32];
    bfc_move_format(e.best, mt, sizeof mt);
    CHECK(strstr(text, mt) != NULL);
    /* the explanation names the pair given away */
    bfc_explain_move(&o, m, 0, text, sizeof text);
    if (!CHECK(strstr(text, "gives a pair of 5s to the other crib") != NULL))
        fprintf(stderr, "  %s\n", text);
    bfc_game_free(g);
}

/* A position of the play where the seat to move can lay a card that
 * leaves 21 while the other player holds a ten-card, and another card on
 * which nothing the other holds scores; both players need 2 to win. */
static bfc_game *race_to_31(bfc_move *bad, bfc_move *safe)
{
    bfc_rules r;
    bfc_rules_preset(&r, "classic", 2, 0);
    uint64_t rng = 9;
    for (uint64_t seed = 1; seed < 400; seed++) {
        bfc_game *g = bfc_game_new(&r, seed, NULL);
        while (!bfc_game_over(g)) {
            const int seat = bfc_game_to_move(g);
            bfc_observation o, other;
            bfc_game_observe(g, seat, &o);
            bfc_game_observe(g, 1 - seat, &other);
            bfc_move L[BFC_MAX_MOVES];
            const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
            if (o.phase == BFC_PHASE_PLAY && n > 1 && seat != o.dealer && o.nseq > 0) {
                *bad = *safe = BFC_MOVE_NONE;
                int ten = 0;
                for (int c = 36; c < 52; c++)
                    ten |= (int)(other.hand >> c & 1u);
                for (int i = 0; i < n; i++) {
                    const bfc_card c = (bfc_card)(L[i] - BFC_MOVE_PLAY);
                    const int after = o.count + bfc_card_value(c);
                    if (after == 21 && ten)
                        *bad = L[i];
                    /* safe: no card the other holds scores on it */
                    bfc_card seq[BFC_PEG_MAX];
                    memcpy(seq, o.seq, o.nseq);
                    seq[o.nseq] = c;
                    int scores = bfc_score_peg(seq, (size_t)o.nseq + 1) > 0;
                    for (int x = 0; x < 52; x++)
                        if (other.hand >> x & 1u && after + bfc_card_value((bfc_card)x) <= 31) {
                            seq[o.nseq + 1] = (bfc_card)x;
                            scores |= bfc_score_peg(seq, (size_t)o.nseq + 2) > 0;
                        }
                    if (!scores && after != 21)
                        *safe = L[i];
                }
                if (*bad != BFC_MOVE_NONE && *safe != BFC_MOVE_NONE) {
                    /* both need 2: the scores changed in the save */
                    char save[4096], edited[4096];
                    bfc_game_save(g, save, sizeof save);
                    char *at = strstr(save, "\nscore ");
                    char *end = at ? strchr(at + 1, '\n') : NULL;
                    if (at && end) {
                        snprintf(edited, sizeof edited, "%.*s\nscore 119 119%s", (int)(at - save),
                                 save, end);
                        bfc_game *pos = NULL;
                        if (bfc_game_load(&pos, edited) == BFC_OK) {
                            bfc_game_free(g);
                            return pos;
                        }
                    }
                }
            }
            bfc_move m;
            bfc_bot_greedy(&o, &rng, &m);
            if (o.seat != o.to_move || bfc_game_apply(g, m, NULL, 0, NULL) != BFC_OK)
                bfc_game_apply(g, L[0], NULL, 0, NULL);
        }
        bfc_game_free(g);
    }
    return NULL;
}

static void test_review__planted_peg_into_the_others_31_is_a_blunder(void)
{
    bfc_move bad = BFC_MOVE_NONE, safe = BFC_MOVE_NONE;
    bfc_game *g = race_to_31(&bad, &safe);
    if (!CHECK(g != NULL))
        return;
    bfc_search_config sc = easy(5);
    /* the easy level's 8 worlds make the bot sure of a mistake only (a
       grade is the loss less the search's uncertainty): 64 of a blunder */
    sc.worlds = 64;
    int st;
    bfc_search *bot = bfc_search_new(bfc_game_rules(g), &sc, &st);
    bfc_review_entry e, s;
    INT_EQ(bfc_review_move(bot, g, bad, &e), BFC_OK);
    bfc_search_seed(bot, 5);
    INT_EQ(bfc_review_move(bot, g, safe, &s), BFC_OK);
    INT_EQ(e.stage, BFC_STAGE_PLAY);
    INT_EQ(e.has_points, 0);
    if (!INT_EQ(e.grade, BFC_GRADE_BLUNDER))
        fprintf(stderr, "  lost %.4f (%.4f of %.4f)\n", e.win_lost, e.made_win, e.best_win);
    CHECK(s.grade < BFC_GRADE_MISTAKE);
    CHECK(e.made_win + BFC_REVIEW_WIN_BLUNDER <= e.best_win);
    /* the explanation: leaves 21, and a ten-card (the other holds one) makes 31 */
    bfc_observation o;
    bfc_game_observe(g, bfc_game_to_move(g), &o);
    char text[256];
    bfc_explain_move(&o, bad, 0, text, sizeof text);
    if (!CHECK(strstr(text, "leaves 21, a ten-card makes 31 for 2") != NULL))
        fprintf(stderr, "  %s\n", text);
    bfc_search_free(bot);
    bfc_game_free(g);
}

/* Battlefield: every kind of decision is graded; a reveal is always as
 * good as the bot's (every pair is alike, D7); laying away the card that
 * costs the hand the most, where any lay-away is legal, is found. */
static void test_review__battlefield(void)
{
    bfc_rules r;
    bfc_rules_preset(&r, "battlefield", 2, 0);
    r.flags |= BFC_RULE_ANY_LAY_AWAY;
    bfc_search_config sc = easy(21);
    bfc_game *start;
    size_t n = self_play(&r, 8, &sc, &start);
    /* the lay-aways replaced by the worst one for the hand, and the
       reveals by another pair: the game replayed to its end with the
       bot's own moves after each change */
    bfc_game *g = bfc_game_clone(start);
    int st;
    bfc_search *bot = bfc_search_new(&r, &sc, &st);
    size_t k = 0;
    int planted = 0, reveals = 0;
    uint32_t planted_ply[64];
    int planted_points[64];
    while (!bfc_game_over(g) && k < MAXMOVES) {
        bfc_observation o;
        bfc_game_observe(g, bfc_game_to_move(g), &o);
        bfc_move m;
        bfc_search_seed(bot, bfc_sim_game_seed(sc.seed, k));
        bfc_search_move(bot, g, &m);
        if (o.phase == BFC_PHASE_REVEAL && m != bfc_move_reveal(1, 3)) {
            m = bfc_move_reveal(1, 3);
            reveals++;
        }
        if (o.phase == BFC_PHASE_LAYAWAY && o.turn_card != BFC_JOKER) {
            bfc_battlefield b;
            bfc_score_battlefield(o.formation[o.seat], o.turn_card, BFC_ANY_LAY_AWAY, &b);
            int worst = 0;
            for (int i = 1; i < 5; i++)
                if (b.by_lay_away[i].total < b.by_lay_away[worst].total)
                    worst = i;
            if (b.best - b.by_lay_away[worst].total >= 8 && planted < 64) {
                planted_points[planted] = b.best - b.by_lay_away[worst].total;
                m = (bfc_move)(BFC_MOVE_LAYAWAY + worst);
                planted_ply[planted++] = (uint32_t)k;
            }
        }
        moves[k++] = m;
        bfc_game_apply(g, m, NULL, 0, NULL);
    }
    n = k;
    CHECK(planted > 0 && reveals > 0);
    bfc_review_config rc;
    bfc_review_config_init(&rc);
    rc.search = sc;
    const int ne = bfc_review_game(start, moves, n, &rc, entries, MAXMOVES);
    CHECK(ne > 20);
    int stages[BFC_STAGES] = {0}, found = 0, reveal_best = 0, reveal_all = 0;
    for (int i = 0; i < ne; i++) {
        const bfc_review_entry *e = &entries[i];
        stages[e->stage]++;
        if (e->phase == BFC_PHASE_REVEAL) {
            reveal_all++;
            reveal_best += e->grade == BFC_GRADE_BEST;
        }
        for (int p = 0; p < planted; p++)
            if (e->ply == planted_ply[p]) {
                found++;
                /* the hand's points lost are the scorer's */
                CHECK(e->has_points && e->points_lost == planted_points[p]);
                if (!CHECK(e->grade >= BFC_GRADE_INACCURACY))
                    fprintf(stderr, "  lay-away at ply %u graded %s (%.4f)\n", e->ply,
                            bfc_grade_name(e->grade), e->win_lost);
            }
    }
    INT_EQ(found, planted);
    CHECK(stages[BFC_STAGE_TURN] > 0 && stages[BFC_STAGE_LAYAWAY] > 0);
    CHECK(stages[BFC_STAGE_DISCARD] == 0 && stages[BFC_STAGE_PLAY] == 0);
    /* the first reveal of a skirmish is no decision: every pair is alike */
    INT_EQ(reveal_all, 0);
    INT_EQ(reveal_best, 0);
    for (size_t i = 0, j = 0; i < n; i++) {
        while (j < (size_t)ne && entries[j].ply < i)
            j++;
        bfc_move_info mi;
        bfc_move_decode(moves[i], &mi);
        if (mi.kind == BFC_MOVEKIND_REVEAL)
            CHECK(j == (size_t)ne || entries[j].ply != i);
    }
    /* bfc_review_move grades such a move best */
    {
        bfc_game *at = bfc_game_clone(start);
        bfc_review_entry re;
        for (size_t i = 0; i < n && bfc_game_phase(at) != BFC_PHASE_REVEAL; i++)
            bfc_game_apply(at, moves[i], NULL, 0, NULL);
        INT_EQ(bfc_review_move(bot, at, bfc_move_reveal(2, 4), &re), BFC_OK);
        INT_EQ(re.grade, BFC_GRADE_BEST);
        CHECK(re.made_as == re.best);
        bfc_game_free(at);
    }
    /* the summary adds the entries up */
    bfc_review_summary s;
    INT_EQ(bfc_review_summarize(entries, (size_t)ne, -1, &s), BFC_OK);
    INT_EQ(s.all.decisions, ne);
    double lost = 0;
    uint32_t deals = 0, last = 0;
    for (int i = 0; i < ne; i++) {
        lost += entries[i].win_lost;
        deals += entries[i].deal != last;
        last = entries[i].deal;
    }
    CHECK(s.all.win_lost > lost - 1e-9 && s.all.win_lost < lost + 1e-9);
    INT_EQ(s.deals, deals);
    INT_EQ(s.stage[BFC_STAGE_TURN].decisions + s.stage[BFC_STAGE_LAYAWAY].decisions, ne);
    INT_EQ(s.all.grades[0] + s.all.grades[1] + s.all.grades[2] + s.all.grades[3] + s.all.grades[4],
           ne);
    char text[2048];
    const int len = bfc_review_summary_format(&s, text, sizeof text);
    CHECK(len > 0 && (size_t)len < sizeof text);
    char want[64];
    snprintf(want, sizeof want, "%u deals, %d decisions: %u best", s.deals, ne, s.all.grades[0]);
    if (!CHECK(strncmp(text, want, strlen(want)) == 0))
        fprintf(stderr, "  %s", text);
    CHECK(strstr(text, "  turn: ") && strstr(text, "  lay-away: "));
    /* test_review__summary_says_lost_per_deal: the mean a deal, said so
       ("lost a deal" read as a deal lost) */
    snprintf(want, sizeof want, "; lost per deal: %.1f%% of the chance of winning",
             100.0 * s.all.win_lost / s.deals);
    if (!CHECK(strstr(text, want) != NULL))
        fprintf(stderr, "  wanted %s in: %s", want, text);
    bfc_search_free(bot);
    bfc_game_free(g);
    bfc_game_free(start);
}

/* A game whose seat 0 plays either what a hint recommends (the search bot
 * at cfg's level, seeded once with hint_seed: not the review's re-seeding)
 * or, hint_seed 0, the greedy bot; seat 1 plays the greedy bot. */
static size_t hinted_game(const bfc_rules *r, uint64_t seed, const bfc_search_config *cfg,
                          uint64_t hint_seed, bfc_game **start)
{
    int st;
    bfc_game *g = bfc_game_new(r, seed, &st);
    *start = bfc_game_clone(g);
    bfc_search_config hc = *cfg;
    hc.seed = hint_seed;
    bfc_search *hint = bfc_search_new(r, &hc, &st);
    uint64_t rng = seed;
    size_t n = 0;
    while (g && hint && !bfc_game_over(g) && n < MAXMOVES) {
        bfc_move m;
        if (bfc_game_to_move(g) == 0 && hint_seed) {
            if (bfc_search_move(hint, g, &m) != BFC_OK)
                break;
        } else {
            bfc_observation o;
            bfc_game_observe(g, bfc_game_to_move(g), &o);
            if (bfc_bot_greedy(&o, &rng, &m) != BFC_OK)
                break;
        }
        moves[n++] = m;
        bfc_game_apply(g, m, NULL, 0, NULL);
    }
    CHECK(g && bfc_game_over(g) == 1);
    bfc_search_free(hint);
    bfc_game_free(g);
    return n;
}

/* Issue 38: a coach must not contradict itself. The move a hint at a
 * level recommends is never flagged by a review at that level (another
 * seed, so the two searches are not the same one), Battlefield and
 * classic. */
static void test_review__hint_move_is_never_flagged(void)
{
    static const char *const presets[2] = {"battlefield", "classic"};
    static const int levels[2] = {BFC_LEVEL_EASY, BFC_LEVEL_MEDIUM};
    int reviewed = 0, close = 0;
    for (int p = 0; p < 2; p++)
        for (int l = 0; l < 2; l++)
            for (uint64_t seed = 1; seed <= 2; seed++) {
                bfc_rules r;
                bfc_rules_preset(&r, presets[p], 2, 0);
                bfc_search_config sc;
                bfc_search_config_init(&sc);
                bfc_search_config_level(&sc, levels[l]);
                bfc_game *start;
                const size_t n = hinted_game(&r, seed * 31, &sc, seed * 1000 + 7, &start);
                bfc_review_config rc;
                bfc_review_config_init(&rc);
                rc.search = sc;
                rc.search.seed = seed + 555;
                rc.seat = 0;
                const int k = bfc_review_game(start, moves, n, &rc, entries, MAXMOVES);
                CHECK(k > 5);
                for (int i = 0; i < k; i++) {
                    const bfc_review_entry *e = &entries[i];
                    reviewed++;
                    close += e->close;
                    if (!CHECK(e->grade == BFC_GRADE_BEST)) {
                        char text[256];
                        bfc_review_format(e, 0, text, sizeof text);
                        fprintf(stderr, "  %s level %d game %llu ply %u: %s\n", presets[p],
                                levels[l], (unsigned long long)seed, e->ply, text);
                    }
                }
                bfc_game_free(start);
            }
    /* the hints were not all the review's own choices: some were close */
    CHECK(reviewed > 100 && close > 0);
}

/* Issue 38: the grades of one game agree across review seeds except where
 * a seed says close: every seed that does not say close gives a decision
 * the same grade, best or inaccuracy or mistake or blunder. The game's
 * seat 0 plays the greedy bot, so that there is something to flag. */
static void test_review__grades_agree_across_seeds(void)
{
    static const char *const presets[2] = {"battlefield", "classic"};
    static bfc_review_entry by_seed[3][MAXMOVES / 4];
    int flagged = 0;
    for (int p = 0; p < 4; p++) {
        bfc_rules r;
        bfc_rules_preset(&r, presets[p % 2], 2, 0);
        bfc_search_config sc;
        bfc_search_config_init(&sc);
        bfc_search_config_level(&sc, BFC_LEVEL_MEDIUM);
        bfc_game *start;
        const size_t n = hinted_game(&r, 5 + (uint64_t)(p / 2), &sc, 0, &start);
        int k[3];
        for (int s = 0; s < 3; s++) {
            bfc_review_config rc;
            bfc_review_config_init(&rc);
            rc.search = sc;
            rc.search.seed = (uint64_t)s * 7919 + 1;
            rc.seat = 0;
            k[s] = bfc_review_game(start, moves, n, &rc, by_seed[s], MAXMOVES / 4);
            CHECK(k[s] > 5 && k[s] <= MAXMOVES / 4);
        }
        INT_EQ(k[1], k[0]);
        INT_EQ(k[2], k[0]);
        for (int i = 0; i < k[0] && k[1] == k[0] && k[2] == k[0]; i++) {
            /* the grades of the seeds that do not say close are one */
            int lo = 9, hi = -1;
            for (int s = 0; s < 3; s++) {
                const bfc_review_entry *e = &by_seed[s][i];
                INT_EQ(e->ply, by_seed[0][i].ply);
                if (e->grade != BFC_GRADE_BEST && e->grade != BFC_GRADE_UNRATED)
                    flagged++;
                if (e->close || e->grade == BFC_GRADE_UNRATED)
                    continue;
                lo = e->grade < lo ? e->grade : lo;
                hi = e->grade > hi ? e->grade : hi;
            }
            if (!CHECK(hi < 0 || hi == lo))
                for (int s = 0; s < 3; s++) {
                    char text[256];
                    bfc_review_format(&by_seed[s][i], 0, text, sizeof text);
                    fprintf(stderr, "  %s seed %d ply %u: %s\n", presets[p % 2], s, by_seed[s][i].ply,
                            text);
                }
        }
        bfc_game_free(start);
    }
    CHECK(flagged > 0);
}

/* Issue 39: a review can be stopped. The progress callback sees the
 * review's steps; bfc_search_interrupt() of the review's bot stops it
 * whether a search is running (a budget of 10^6 iterations a decision)
 * or not (between two decisions), and a callback's nonzero stops it;
 * each within one step of work: no callback after it. */
struct prog {
    bfc_search *bot;
    int calls, stop_at, stop_by_return, after_stop;
    size_t last_done, total;
    int backwards, stopped;
};

static int on_progress(void *ctx, size_t done, size_t total)
{
    struct prog *p = ctx;
    if (p->stopped)
        p->after_stop++;
    p->backwards += done < p->last_done;
    p->last_done = done;
    p->total = total;
    if (++p->calls == p->stop_at) {
        p->stopped = 1;
        if (p->stop_by_return)
            return 1;
        bfc_search_interrupt(p->bot);
    }
    return 0;
}

static void test_review__interrupt_and_progress(void)
{
    bfc_rules r;
    bfc_rules_preset(&r, "battlefield", 2, 0);
    const bfc_search_config sc = easy(9);
    bfc_game *start;
    const size_t n = self_play(&r, 3, &sc, &start);
    static bfc_review_entry a[MAXMOVES], b[MAXMOVES];
    bfc_review_config rc;
    bfc_review_config_init(&rc);
    rc.search = sc;
    /* the same review as bfc_review_game(), in one call with room for n */
    int st;
    bfc_search *bot = bfc_search_new(&r, &sc, &st);
    struct prog p = {bot, 0, 0, 0, 0, 0, 0, 0, 0};
    const int k = bfc_review_game(start, moves, n, &rc, a, MAXMOVES);
    const int k2 = bfc_review_game_with(bot, start, moves, n, -1, b, n, on_progress, &p);
    INT_EQ(k2, k);
    CHECK(k > 10 && (size_t)k <= n);
    CHECK(memcmp(a, b, (size_t)k * sizeof a[0]) == 0);
    CHECK((size_t)p.calls > n); /* each move, the steps of the searches, the end */
    INT_EQ(p.backwards, 0);
    CHECK(p.last_done == n && p.total == n);
    bfc_search_free(bot);

    /* interrupted during a long search, between two decisions, by return */
    bfc_search_config big = sc;
    big.iterations = 1000000;
    big.nodes = 1 << 16;
    for (int how = 0; how < 3; how++) {
        bot = bfc_search_new(&r, &big, &st);
        struct prog q = {bot, 0, 0, how == 2, 0, 0, 0, 0, 0};
        /* call 1 is before move 0 (no search running); later calls are
           inside the first decision's search */
        q.stop_at = how == 1 ? 1 : 5;
        const int rcode = bfc_review_game_with(bot, start, moves, n, -1, b, n, on_progress, &q);
        INT_EQ(rcode, BFC_EINTR);
        INT_EQ(q.after_stop, 0);
        CHECK(q.calls == q.stop_at);
        /* the bot is fine after it: a decision begins and is not stopped */
        bfc_search_free(bot);
    }
    CHECK(bfc_review_game_with(NULL, start, moves, n, -1, b, n, NULL, NULL) == BFC_EINVAL);
    bfc_game_free(start);
}

/* test_review__parts_equal_the_whole (issue 39): a review in parts
 * (bfc_review_game_part(), each from where the last ended: the JS binding's
 * slices between two turns of the event loop) gives the whole review's
 * entries byte for byte, however the game is cut (1, 2, 7 moves a part, or
 * parts of varying size), for every seat and for one, Battlefield and
 * classic (the deal solver); progress counts the whole game's moves. */
static void test_review__parts_equal_the_whole(void)
{
    static const char *presets[] = {"battlefield", "classic"};
    for (int pr = 0; pr < 2; pr++) {
        bfc_rules r;
        bfc_rules_preset(&r, presets[pr], 2, 0);
        const bfc_search_config sc = easy(5);
        bfc_game *start;
        const size_t n = self_play(&r, 4, &sc, &start);
        static bfc_review_entry a[MAXMOVES], b[MAXMOVES];
        for (int seat = -1; seat < 1; seat++) {
            bfc_review_config rc;
            bfc_review_config_init(&rc);
            rc.search = sc;
            rc.seat = seat;
            const int k = bfc_review_game(start, moves, n, &rc, a, MAXMOVES);
            CHECK(k > 5);
            static const size_t cuts[] = {1, 2, 7, 0};
            for (size_t c = 0; c < sizeof cuts / sizeof cuts[0]; c++) {
                int st;
                bfc_search *bot = bfc_search_new(&r, &sc, &st);
                bfc_game *g = bfc_game_clone(start);
                struct prog p = {bot, 0, 0, 0, 0, 0, 0, 0, 0};
                memset(b, 0x5A, sizeof b);
                size_t graded = 0, first = 0;
                int ok = bot && g;
                for (size_t part = 1; ok && first < n; part++) {
                    size_t len = cuts[c] ? cuts[c] : part % 5; /* 0 moves too */
                    if (len > n - first)
                        len = n - first;
                    const int got = bfc_review_game_part(bot, g, first, moves + first, len, seat,
                                                         b + graded, MAXMOVES - graded,
                                                         on_progress, &p);
                    ok = CHECK(got >= 0);
                    graded += got > 0 ? (size_t)got : 0;
                    for (size_t i = 0; ok && i < len; i++)
                        ok = CHECK(bfc_game_apply(g, moves[first + i], NULL, 0, NULL) == BFC_OK);
                    first += len;
                }
                INT_EQ(graded, k);
                CHECK(memcmp(a, b, (size_t)k * sizeof a[0]) == 0);
                INT_EQ(p.backwards, 0);
                CHECK(p.last_done == n && p.total == n);
                bfc_search_free(bot);
                bfc_game_free(g);
            }
        }
        /* plies past uint32_t: refused */
        int st;
        bfc_search *bot = bfc_search_new(&r, &sc, &st);
        INT_EQ(bfc_review_game_part(bot, start, (size_t)UINT32_MAX, moves, 1, -1, a, 1, NULL, NULL),
               BFC_EINVAL);
        bfc_search_free(bot);
        bfc_game_free(start);
    }
}

static void test_review__errors(void)
{
    bfc_rules r;
    bfc_rules_preset(&r, "classic", 2, 0);
    bfc_game *g = bfc_game_new(&r, 3, NULL);
    bfc_review_config rc;
    bfc_review_config_init(&rc);
    rc.search = easy(1);
    bfc_review_entry e;
    memset(&e, 0x5A, sizeof e);
    const bfc_review_entry before = e;
    bfc_move bad = BFC_MOVE_PLAY + 0;
    INT_EQ(bfc_review_game(g, &bad, 1, &rc, &e, 1), BFC_EILLEGAL);
    CHECK(memcmp(&e, &before, sizeof e) == 0);
    INT_EQ(bfc_review_game(NULL, &bad, 1, &rc, &e, 1), BFC_EINVAL);
    INT_EQ(bfc_review_game(g, NULL, 1, &rc, &e, 1), BFC_EINVAL);
    rc.seat = 2;
    INT_EQ(bfc_review_game(g, NULL, 0, &rc, &e, 1), BFC_EINVAL);
    rc.seat = -1;
    rc.search.value = BFC_SEARCH_MARGIN;
    INT_EQ(bfc_review_game(g, NULL, 0, &rc, &e, 1), BFC_EINVAL);
    rc.search.value = BFC_SEARCH_WIN;
    rc.search.iterations = rc.search.time_ms = 0;
    INT_EQ(bfc_review_game(g, NULL, 0, &rc, &e, 1), BFC_EINVAL);
    INT_EQ(bfc_review_game(g, NULL, 0, NULL, NULL, 0), 0);
    CHECK(memcmp(&e, &before, sizeof e) == 0);
    bfc_search_config sc = easy(1);
    bfc_search *bot = bfc_search_new(&r, &sc, NULL);
    INT_EQ(bfc_review_move(bot, g, bad, &e), BFC_EILLEGAL);
    INT_EQ(bfc_review_move(NULL, g, bad, &e), BFC_EINVAL);
    STR_EQ(bfc_grade_name(BFC_GRADE_BLUNDER), "blunder");
    STR_EQ(bfc_grade_name(9), "?");
    STR_EQ(bfc_stage_name(BFC_STAGE_LAYAWAY), "lay-away");
    INT_EQ(bfc_review_summarize(NULL, 1, -1, NULL), BFC_EINVAL);
    INT_EQ(bfc_review_format(NULL, 0, NULL, 0), BFC_EINVAL);
    bfc_search_free(bot);
    bfc_game_free(g);
}

/* issue 39, found by fuzz_review: a bot made with other rules was refused
 * only once a decision reached it, so a review with none (no moves, or a
 * single legal move each) returned 0 where bfc.h says BFC_EINVAL, and
 * wrote nothing either way. */
static void test_review__game_with_a_bot_of_other_rules_is_refused(void)
{
    bfc_rules r, o;
    bfc_rules_preset(&r, "classic", 2, 0);
    o = r;
    o.target = 122;
    bfc_game *g = bfc_game_new(&r, 1, NULL);
    bfc_search_config sc = easy(1);
    bfc_search *other = bfc_search_new(&o, &sc, NULL);
    bfc_search *same = bfc_search_new(&r, &sc, NULL);
    bfc_review_entry e[2];
    memset(e, 0x5A, sizeof e);
    const bfc_review_entry before = e[0];
    bfc_move m[BFC_MAX_MOVES];
    CHECK(bfc_game_legal_moves(g, m, BFC_MAX_MOVES) > 1);
    INT_EQ(bfc_review_game_with(other, g, m, 0, -1, e, 2, NULL, NULL), BFC_EINVAL);
    INT_EQ(bfc_review_game_with(other, g, m, 1, -1, e, 2, NULL, NULL), BFC_EINVAL);
    CHECK(memcmp(&e[0], &before, sizeof before) == 0);
    INT_EQ(bfc_review_game_with(same, g, m, 0, -1, e, 2, NULL, NULL), 0);
    INT_EQ(bfc_review_game_with(same, g, m, 1, -1, e, 2, NULL, NULL), 1);
    bfc_search_free(other);
    bfc_search_free(same);
    bfc_game_free(g);
}

/* ---- Records ------------------------------------------------------------ */

static void test_review__record_round_trip_and_errors(void)
{
    bfc_rules r;
    bfc_rules_preset(&r, "battlefield", 2, 0);
    const bfc_search_config sc = easy(2);
    bfc_game *start;
    const size_t n = self_play(&r, 31, &sc, &start);
    const uint64_t seed = 31;
    static char text[1 << 16], bad[1 << 16];
    const int len = bfc_record_format(start, &seed, moves, n, text, sizeof text);
    CHECK(len > 0 && (size_t)len < sizeof text);
    CHECK(strncmp(text, "bfc-record 1\nseed 31\nbfc-game ", 30) == 0);
    /* snprintf-style */
    char small[8];
    INT_EQ(bfc_record_format(start, &seed, moves, n, small, sizeof small), len);
    STR_EQ(small, "bfc-rec");
    static bfc_move back[MAXMOVES];
    bfc_game *g = NULL;
    uint64_t s = 0;
    int seeded = 0;
    bfc_record_error err;
    INT_EQ(bfc_record_parse(text, &g, &s, &seeded, back, MAXMOVES, &err), (int)n);
    CHECK(g != NULL && s == 31 && seeded == 1);
    CHECK(memcmp(back, moves, n * sizeof *moves) == 0);
    /* too small a buffer: the count, nothing read */
    bfc_game *none = NULL;
    INT_EQ(bfc_record_parse(text, &none, NULL, NULL, back, 3, NULL), (int)n);
    CHECK(none == NULL);
    /* without a seed */
    const int len2 = bfc_record_format(g, NULL, moves, 2, bad, sizeof bad);
    CHECK(len2 > 0 && strncmp(bad, "bfc-record 1\nseed -\n", 20) == 0);
    bfc_game *g2 = NULL;
    INT_EQ(bfc_record_parse(bad, &g2, &s, &seeded, back, MAXMOVES, &err), 2);
    INT_EQ(seeded, 0);
    bfc_game_free(g2);
    /* an illegal move: its line */
    bfc_move twice[2] = {moves[0], moves[0]};
    INT_EQ(bfc_record_format(start, &seed, twice, 2, bad, sizeof bad), BFC_EILLEGAL);
    strcpy(bad, text);
    char *last = bad + strlen(bad) - 1;
    while (last > bad && last[-1] != '\n')
        last--;
    size_t lines = 0;
    for (char *p = bad; p < last; p++)
        lines += *p == '\n';
    strcpy(last, "reveal 0 1\n"); /* not legal at the end of the game */
    g2 = NULL;
    INT_EQ(bfc_record_parse(bad, &g2, NULL, NULL, back, MAXMOVES, &err), BFC_EILLEGAL);
    CHECK(g2 == NULL);
    INT_EQ(err.line, lines + 1);
    CHECK(err.what && strstr(err.what, "not legal") != NULL);
    strcpy(last, "fly away\n");
    INT_EQ(bfc_record_parse(bad, &g2, NULL, NULL, back, MAXMOVES, &err), BFC_EPARSE);
    INT_EQ(err.line, lines + 1);
    /* a count the text cannot hold is refused, even asked with no room
       (issue 39: "moves 100000000" in a 466-byte record made the
       bindings allocate for 10^8 moves) */
    strcpy(bad, text);
    char *mline = strstr(bad, "\nmoves ");
    CHECK(mline != NULL);
    if (mline) {
        static char tail[1 << 16];
        const size_t room = sizeof bad - (size_t)(mline - bad);
        const char *after = strchr(mline + 1, '\n');
        snprintf(tail, sizeof tail, "%s", after ? after : "");
        snprintf(mline, room, "\nmoves 100000000%s", tail);
        INT_EQ(bfc_record_parse(bad, &g2, NULL, NULL, NULL, 0, &err), BFC_EPARSE);
        INT_EQ(err.line, lines + 2);
        CHECK(err.what && strstr(err.what, "fewer moves") != NULL);
        snprintf(mline, room, "\nmoves %zu%s", n + 1, tail);
        INT_EQ(bfc_record_parse(bad, &g2, NULL, NULL, NULL, 0, &err), BFC_EPARSE);
        snprintf(mline, room, "\nmoves %zu%s", n, tail);
        INT_EQ(bfc_record_parse(bad, &g2, NULL, NULL, NULL, 0, &err), (int)n);
    }
    /* the seed must make the start */
    strcpy(bad, text);
    bad[18] = '2'; /* seed 32 */
    INT_EQ(bfc_record_parse(bad, &g2, NULL, NULL, back, MAXMOVES, &err), BFC_ESTATE);
    INT_EQ(err.line, 2);
    INT_EQ(bfc_record_parse("bfc-record 2\n", &g2, NULL, NULL, back, 0, &err), BFC_EVERSION);
    INT_EQ(bfc_record_parse("hello\n", &g2, NULL, NULL, back, 0, &err), BFC_EPARSE);
    INT_EQ(err.line, 1);
    INT_EQ(bfc_record_parse("bfc-record 1\nseed 1\nbfc-game 3\nmoves 0\n", &g2, NULL, NULL, back, 0,
                            &err),
           BFC_ESTATE);
    CHECK(g2 == NULL);
    /* the record reviews as the moves do */
    bfc_review_config rc;
    bfc_review_config_init(&rc);
    rc.search = sc;
    rc.seat = 1;
    static bfc_review_entry e2[MAXMOVES];
    const int k1 = bfc_review_game(start, moves, n, &rc, entries, MAXMOVES);
    const int k2 = bfc_review_game(g, back, n, &rc, e2, MAXMOVES);
    INT_EQ(k1, k2);
    CHECK(k1 > 0 && memcmp(entries, e2, (size_t)k1 * sizeof *e2) == 0);
    bfc_game_free(g);
    bfc_game_free(start);
}

/* ---- Explanations -------------------------------------------------------- */

static void test_review__explain_discard_says_what_the_numbers_say(void)
{
    bfc_rules r;
    bfc_rules_preset(&r, "classic", 2, 0);
    bfc_game *g = bfc_game_new(&r, 12, NULL);
    bfc_observation o;
    bfc_game_observe(g, bfc_game_to_move(g), &o);
    bfc_discard_option opt[15];
    const int n = bfc_advise_discard_win(&o, BFC_CRIB_PLAYED, opt, 15);
    INT_EQ(n, 15);
    const int own = o.seat == o.dealer;
    for (int i = 0; i < n; i++) {
        char text[512], want[256];
        const int len = bfc_explain_discard(&o, &opt[i], 0, text, sizeof text);
        CHECK(len > 0 && (size_t)len < sizeof text);
        const int pts = bfc_score_hand(opt[i].keep, 4, BFC_CARD_NONE, 0, NULL);
        if (pts > 0)
            snprintf(want, sizeof want, "(%d point%s before the starter)", pts,
                     pts == 1 ? "" : "s");
        else
            snprintf(want, sizeof want, "keeps nothing that scores before the starter");
        if (!CHECK(strstr(text, want) != NULL))
            fprintf(stderr, "  %s\n  wanted %s\n", text, want);
        snprintf(want, sizeof want, "; hand %.2f, crib %.2f to %s: %.2f in all (%.1f%% to win)",
                 opt[i].hand_ev, opt[i].crib_ev, own ? "your side" : "the other side",
                 opt[i].total_ev, 100 * opt[i].win);
        if (!CHECK(strstr(text, want) != NULL))
            fprintf(stderr, "  %s\n  wanted %s\n", text, want);
        CHECK(strstr(text, own ? " to your crib" : " to the other crib") != NULL);
        /* the move's own text is its first part */
        char plain[512];
        const int pl = bfc_explain_move(&o, opt[i].move, 0, plain, sizeof plain);
        CHECK(pl > 0 && strncmp(text, plain, (size_t)pl) == 0);
    }
    /* hands whose words are known: each kept four said as a player says
       it (two pairs are not four of a kind) */
    static const struct {
        const char *hand, *thrown, *says;
    } words[] = {
        {"3C 4C 5H 5S JC JD", "3C 4C", "keeps 15-8 and two pairs (12 points before the starter)"},
        {"3C 4C 5H 5S JC JD", "JC JD", "keeps a pair and a double run of 3 (8 points"},
        {"5C 5D 5H 9S KC 2D", "9S 2D", "keeps 15-8 and three of a kind (14 points"},
        {"5C 5D 5H 5S KC 2D", "KC 2D", "keeps 15-8 and four of a kind (20 points"},
        {"AC 2D 3H 4S KC QD", "KC QD", "keeps a run of 4 (4 points"},
        {"2C 4C 6C 8C KD QH", "KD QH", "keeps a flush (4 points"},
    };
    for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
        /* the observation of the seat to discard, holding these cards */
        bfc_observation wo = o;
        bfc_card want[6], th[2];
        char text[512];
        INT_EQ(bfc_cards_parse(words[w].hand, 0, want, 6, NULL), 6);
        wo.hand = 0;
        for (int i = 0; i < 6; i++)
            wo.hand |= UINT64_C(1) << want[i];
        bfc_cards_parse(words[w].thrown, 0, th, 2, NULL);
        CHECK(bfc_explain_move(&wo, bfc_move_discard2(th[0], th[1]), 0, text, sizeof text) > 0);
        if (!CHECK(strncmp(text, words[w].says, strlen(words[w].says)) == 0))
            fprintf(stderr, "  %s, throwing %s: %s\n  wanted %s\n", words[w].hand, words[w].thrown,
                    text, words[w].says);
    }
    bfc_card hand[6];
    bfc_cards_parse("5H 5C JD QD 2S 9C", 0, hand, 6, NULL);
    bfc_discard_option one[15];
    INT_EQ(bfc_advise_discard(&r, hand, 6, BFC_ROLE_PONE, BFC_CRIB_UNIFORM, one, 15), 15);
    /* snprintf-style and errors */
    char t4[4];
    const int full = bfc_explain_discard(&o, &opt[0], 0, NULL, 0);
    CHECK(full > 0);
    INT_EQ(bfc_explain_discard(&o, &opt[0], 0, t4, sizeof t4), full);
    CHECK(strlen(t4) == 3);
    INT_EQ(bfc_explain_move(&o, BFC_MOVE_DRAW, 0, t4, sizeof t4), BFC_EILLEGAL);
    INT_EQ(bfc_explain_move(&o, opt[0].move, 0x1u, t4, sizeof t4), BFC_EINVAL);
    INT_EQ(bfc_explain_move(NULL, opt[0].move, 0, t4, sizeof t4), BFC_EINVAL);
    bfc_observation other;
    bfc_game_observe(g, 1 - o.seat, &other);
    INT_EQ(bfc_explain_move(&other, opt[0].move, 0, t4, sizeof t4), BFC_EINVAL);
    INT_EQ(bfc_explain_discard(&o, &one[0], 0, t4, sizeof t4), BFC_EINVAL); /* not its hand */
    bfc_game_free(g);
}

/* The play: what a card pegs now and the best reply among the cards the
 * seat has not seen, against the scorer. */
static void test_review__explain_play_says_what_the_numbers_say(void)
{
    bfc_rules r;
    bfc_rules_preset(&r, "classic", 2, 0);
    int checked = 0, pegs = 0, replies = 0;
    for (uint64_t seed = 1; seed < 6; seed++) {
        bfc_game *g = bfc_game_new(&r, seed, NULL);
        uint64_t rng = seed;
        while (!bfc_game_over(g)) {
            bfc_observation o;
            bfc_game_observe(g, bfc_game_to_move(g), &o);
            bfc_move L[BFC_MAX_MOVES];
            const int n = bfc_observation_legal_moves(&o, L, BFC_MAX_MOVES);
            for (int i = 0; i < n && o.phase == BFC_PHASE_PLAY; i++) {
                char text[256], want[96];
                CHECK(bfc_explain_move(&o, L[i], 0, text, sizeof text) > 0);
                const bfc_card c = (bfc_card)(L[i] - BFC_MOVE_PLAY);
                bfc_card seq[BFC_PEG_MAX + 1];
                memcpy(seq, o.seq, o.nseq);
                seq[o.nseq] = c;
                const int pts = bfc_score_peg(seq, (size_t)o.nseq + 1);
                const int count = o.count + bfc_card_value(c);
                if (pts > 0) {
                    snprintf(want, sizeof want, " for %d;", pts);
                    pegs++;
                } else {
                    snprintf(want, sizeof want, "scores nothing;");
                }
                if (!CHECK(strstr(text, want) != NULL))
                    fprintf(stderr, "  %s\n  wanted %s\n", text, want);
                if (count == 31) {
                    CHECK(strstr(text, "the count starts again") != NULL);
                    continue;
                }
                snprintf(want, sizeof want, "leaves %d,", count);
                CHECK(strstr(text, want) != NULL);
                /* the most any unseen card pegs in reply */
                uint64_t unseen;
                bfc_observation_unseen(&o, &unseen);
                int most = 0;
                for (int x = 0; x < 52; x++)
                    if (unseen >> x & 1u && count + bfc_card_value((bfc_card)x) <= 31) {
                        seq[o.nseq + 1] = (bfc_card)x;
                        const int p = bfc_score_peg(seq, (size_t)o.nseq + 2);
                        most = p > most ? p : most;
                    }
                if (most > 0) {
                    snprintf(want, sizeof want, " for %d", most);
                    const char *tail = strstr(text, "leaves");
                    CHECK(tail && strstr(tail, want) != NULL);
                    replies++;
                } else {
                    CHECK(strstr(text, "no card you have not seen scores on it") != NULL);
                }
                checked++;
            }
            bfc_move m;
            bfc_bot_greedy(&o, &rng, &m);
            bfc_game_apply(g, m, NULL, 0, NULL);
        }
        bfc_game_free(g);
    }
    CHECK(checked > 100 && pegs > 10 && replies > 10);
}

/* Battlefield: a placement's points are the frontline scorer's. */
static void test_review__explain_battlefield_says_what_the_numbers_say(void)
{
    bfc_rules r;
    bfc_rules_init(&r);
    int placed = 0, lay = 0, kinds = 0;
    unsigned seen = 0;
    for (uint64_t seed = 1; seed < 4; seed++) {
        bfc_game *g = bfc_game_new(&r, seed, NULL);
        uint64_t rng = seed;
        while (!bfc_game_over(g)) {
            bfc_observation o;
            bfc_game_observe(g, bfc_game_to_move(g), &o);
            bfc_move L[BFC_MAX_MOVES];
            const int n = bfc_observation_legal_moves(&o, L, BFC_MAX_MOVES);
            for (int i = 0; i < n; i++) {
                char text[512], want[96];
                CHECK(bfc_explain_move(&o, L[i], 0, text, sizeof text) > 0);
                bfc_move_info mi;
                bfc_move_decode(L[i], &mi);
                seen |= 1u << mi.kind;
                if (mi.kind == BFC_MOVEKIND_PLACE) {
                    const int pts =
                        bfc_score_frontline(o.frontline.cards, o.frontline.n, o.held, 0, NULL);
                    char ct[8];
                    bfc_card_format(o.held, 0, ct, sizeof ct);
                    if (pts > 0)
                        snprintf(want, sizeof want, "places %s for %d (", ct, pts);
                    else
                        snprintf(want, sizeof want, "places %s", ct);
                    if (!CHECK(strncmp(text, want, strlen(want)) == 0))
                        fprintf(stderr, "  %s\n  wanted %s\n", text, want);
                    placed++;
                }
                if (mi.kind == BFC_MOVEKIND_LAYAWAY) {
                    bfc_battlefield b;
                    bfc_score_battlefield(o.formation[o.seat], o.turn_card, 0, &b);
                    snprintf(want, sizeof want, ": the hand keeps %d",
                             b.by_lay_away[mi.slot[0]].total);
                    CHECK(strstr(text, want) != NULL);
                    lay++;
                }
            }
            bfc_move m;
            bfc_bot_greedy(&o, &rng, &m);
            bfc_game_apply(g, m, NULL, 0, NULL);
        }
        bfc_game_free(g);
    }
    /* every kind but the turn card, which waits for the last two cards */
    for (int k = BFC_MOVEKIND_REVEAL; k <= BFC_MOVEKIND_LAYAWAY; k++)
        kinds += k != BFC_MOVEKIND_TURN && (seen >> k & 1u);
    if (!INT_EQ(kinds, 6))
        fprintf(stderr, "  kinds seen %#x\n", seen);
    CHECK(placed > 20 && lay > 2);
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_review__bot_self_play_has_no_blunder);
    RUN(test_review__grades_each_decision_once);
    RUN(test_review__planted_five_pair_into_the_other_crib_is_a_blunder);
    RUN(test_review__planted_peg_into_the_others_31_is_a_blunder);
    RUN(test_review__battlefield);
    RUN(test_review__hint_move_is_never_flagged);
    RUN(test_review__grades_agree_across_seeds);
    RUN(test_review__interrupt_and_progress);
    RUN(test_review__parts_equal_the_whole);
    RUN(test_review__errors);
    RUN(test_review__game_with_a_bot_of_other_rules_is_refused);
    RUN(test_review__record_round_trip_and_errors);
    RUN(test_review__explain_discard_says_what_the_numbers_say);
    RUN(test_review__explain_play_says_what_the_numbers_say);
    RUN(test_review__explain_battlefield_says_what_the_numbers_say);
    return harness_done();
}
