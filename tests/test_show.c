/* Show scoring (RULES 2.1, 4.3, 4.7): exhaustive comparison with the brute
 * force scorer of tests/brute.c, the published totals and distribution, and
 * edge cases named after their rule. */
#include <stdint.h>
#include <stdlib.h>

#include "brute.h"
#include "harness.h"
#include "internal.h" /* bfc__all_starters_path: each path of the batch scorer */

static bfc_card C(const char *text)
{
    bfc_card c = BFC_CARD_NONE;
    if (bfc_card_parse(text, &c) != BFC_OK)
        fprintf(stderr, "bad card in test: %s\n", text);
    return c;
}

/* Parses "5H 5C 5S JD" into out; returns the count. */
static int L(const char *text, bfc_card *out, size_t cap)
{
    return bfc_cards_parse(text, BFC_PARSE_JOKER, out, cap, NULL);
}

static int same_score(const bfc_hand_score *a, const bfc_hand_score *b)
{
    return a->total == b->total && a->fifteens == b->fifteens && a->pairs == b->pairs &&
           a->runs == b->runs && a->flush == b->flush && a->nobs == b->nobs &&
           a->killed == b->killed && a->reserved == 0;
}

static uint64_t rng = 0x2545F4914F6CDD1DULL;


/* Every 4-card hand with every starter: bfc_score_show, bfc_score_hand and
 * bfc_score_show_all_starters against the brute force scorer, hand by hand,
 * for hands and cribs; plus the published facts. */
static void test_show__exhaustive(void)
{
    static const long long published[30] = {
        1009008, 99792, 2813796, 505008, 2855676, 697508, 1800268, 751324, 1137236, 361224,
        388740,  51680, 317340,  19656,  90100,   9168,   58248,   11196,  2708,    0,
        8068,    2496,  444,     356,    3680,    0,      0,       0,      76,      4};
    long long dist[30] = {0}, total = 0, crib_total = 0, pairs = 0;
    long long bad_show = 0, bad_hand = 0, bad_all = 0, path_hands[2] = {0, 0};
    int8_t probe[52];
    const int paths[2] = {BFC__PATH_PORTABLE, BFC__PATH_AVX2};
    const bfc_card probe_hand[4] = {0, 1, 2, 3};
    /* the AVX2 path where the CPU has it (BFC_EINVAL elsewhere) */
    const int npaths = bfc__all_starters_path(probe_hand, 0, probe, BFC__PATH_AVX2) == BFC_OK ? 2 : 1;
    if (npaths == 1)
        fprintf(stderr, "note: no AVX2 here; the portable path only\n");
    const int show_paths[2] = {BFC__PATH_PORTABLE, BFC__PATH_POPCNT};
    long long show_pairs[2] = {0, 0};
    const int nshow = bfc__show_path(probe_hand, 4, 0, BFC__PATH_POPCNT) >= 0 ? 2 : 1;
    if (nshow == 1)
        fprintf(stderr, "note: no POPCNT here; bfc_score_show's portable path only\n");
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            for (int c = b + 1; c < 52; c++)
                for (int d = c + 1; d < 52; d++) {
                    const bfc_card hand[4] = {(bfc_card)a, (bfc_card)b, (bfc_card)c, (bfc_card)d};
                    int8_t all[52], all_crib[52], path[2][2][52];
                    if (bfc_score_show_all_starters(hand, 0, all) != BFC_OK ||
                        bfc_score_show_all_starters(hand, BFC_CRIB, all_crib) != BFC_OK)
                        bad_all++;
                    /* each path of the batch scorer gives the same bytes */
                    for (int p = 0; p < npaths; p++) {
                        bad_all += bfc__all_starters_path(hand, 0, path[p][0], paths[p]) != BFC_OK ||
                                   bfc__all_starters_path(hand, BFC_CRIB, path[p][1], paths[p]) !=
                                       BFC_OK;
                        bad_all += memcmp(path[p][0], all, 52) != 0 ||
                                   memcmp(path[p][1], all_crib, 52) != 0;
                        path_hands[p]++;
                    }
                    const int compare = pairs % (48 * harness_quick) == 0;
                    for (int s = 0; s < 52; s++) {
                        if (s == a || s == b || s == c || s == d) {
                            bad_all += all[s] != -1 || all_crib[s] != -1;
                            continue;
                        }
                        int t = bfc_score_show(hand, (bfc_card)s, 0);
                        int tc = bfc_score_show(hand, (bfc_card)s, BFC_CRIB);
                        bad_all += all[s] != t || all_crib[s] != tc;
                        /* each path of the per-call scorer gives the same */
                        for (int p = 0; p < nshow; p++) {
                            bad_all += bfc__show_path(hand, (bfc_card)s, 0, show_paths[p]) != t ||
                                       bfc__show_path(hand, (bfc_card)s, BFC_CRIB,
                                                      show_paths[p]) != tc;
                            show_pairs[p]++;
                        }
                        bfc_hand_score want = {0}, want_crib = {0}, got, got_crib;
                        if (compare) {
                            brute_show(hand, 4, (bfc_card)s, 0, &want);
                            brute_show(hand, 4, (bfc_card)s, BFC_CRIB, &want_crib);
                            bad_show += t != want.total || tc != want_crib.total;
                            bfc_score_hand(hand, 4, (bfc_card)s, 0, &got);
                            bfc_score_hand(hand, 4, (bfc_card)s, BFC_CRIB, &got_crib);
                            bad_hand += !same_score(&got, &want) || !same_score(&got_crib, &want_crib);
                        }
                        if ((bad_show || bad_hand || bad_all) && bad_show + bad_hand + bad_all < 4)
                            fprintf(stderr, "mismatch: %d %d %d %d starter %d: %d/%d want %d/%d\n",
                                    a, b, c, d, s, t, tc, want.total, want_crib.total);
                        if (t >= 0 && t < 30)
                            dist[t]++;
                        total += t;
                        crib_total += tc;
                        pairs++;
                    }
                }
    INT_EQ(bad_show, 0);
    INT_EQ(bad_hand, 0);
    INT_EQ(bad_all, 0);
    for (int p = 0; p < npaths; p++)
        INT_EQ(path_hands[p], 270725);
    for (int p = 0; p < nshow; p++)
        INT_EQ(show_pairs[p], 12994800);
    INT_EQ(pairs, 12994800);
    INT_EQ(total, 61974180);      /* published: all hands, non-crib */
    INT_EQ(crib_total, 61528020); /* published: crib flush rule */
    for (int p = 0; p < 30; p++)
        if (!INT_EQ(dist[p], published[p]))
            fprintf(stderr, "  (score %d)\n", p);
}

/* RULES 3.10 seven-card cribbage: every five-card hand with every starter
 * (2,598,960 x 47 six-card shows), as a hand and as a crib, against the
 * brute force scorer (on a stride in quick mode), and the totals and the
 * distribution the brute force scorer gives (computed once with
 * tests/brute.c alone and pinned here). RULES 2.1: the crib rule changes
 * the flush only, so the crib is asked of brute force when the five hand
 * cards are one suit, and must equal the hand's score everywhere else. */
static void test_show__seven_card_exhaustive(void)
{
    static const long long want_dist[47] = {
        1774800,  183600,  9957948, 2432568, 13320708, 4068132, 17624764, 5467580, 16386996,
        8158580,  12862764, 5053628, 7799368, 2136456, 5231408, 779096,   4407312, 719424,
        1559468,  88128,   997528,  156620,  252168,  95040,   213904,   25436,   163280,
        38100,    113464,  13864,   46476,   1308,    4764,    36,       2544,    0,
        1284,     60,      9960,    12,      1248,    0,       0,       0,       0,
        0,        1296};
    static const long long want_crib_dist[47] = {
        1780560,  183600,  9977508, 2437104, 13342176, 4069836, 17658988, 5459096, 16404912,
        8156720,  12875244, 5028752, 7797808, 2117268, 5217116, 759704,   4402380, 710220,
        1557536,  82812,   997564,  152204,  251892,  93708,   213904,   24848,   163280,
        38064,    113464,  13864,   46476,   1308,    4764,    36,       2544,    0,
        1284,     60,      9960,    12,      1248,    0,       0,       0,       0,
        0,        1296};
    long long dist[47] = {0}, crib_dist[47] = {0}, total = 0, crib_total = 0, shows = 0;
    long long bad = 0, compared = 0, hands = 0;
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            for (int c = b + 1; c < 52; c++)
                for (int d = c + 1; d < 52; d++)
                    for (int e = d + 1; e < 52; e++) {
                        const bfc_card h[5] = {(bfc_card)a, (bfc_card)b, (bfc_card)c, (bfc_card)d,
                                               (bfc_card)e};
                        const int compare = hands++ % harness_quick == 0;
                        const int one_suit = a % 4 == b % 4 && a % 4 == c % 4 &&
                                             a % 4 == d % 4 && a % 4 == e % 4;
                        for (int s = 0; s < 52; s++) {
                            if (s == a || s == b || s == c || s == d || s == e)
                                continue;
                            bfc_hand_score got, got_crib, want, want_crib;
                            const int t = bfc_score_hand(h, 5, (bfc_card)s, 0, &got);
                            /* quick mode (valgrind): the crib is scored where
                             * it can differ and on the stride; full mode
                             * checks it equals the hand everywhere else */
                            const int tc = one_suit || compare || harness_quick == 1
                                               ? bfc_score_hand(h, 5, (bfc_card)s, BFC_CRIB,
                                                                &got_crib)
                                               : t;
                            if (compare) {
                                brute_show(h, 5, (bfc_card)s, 0, &want);
                                if (one_suit)
                                    brute_show(h, 5, (bfc_card)s, BFC_CRIB, &want_crib);
                                else
                                    want_crib = want;
                                const int ok = t == want.total && tc == want_crib.total &&
                                               same_score(&got, &want) &&
                                               same_score(&got_crib, &want_crib);
                                if (!ok && bad++ < 4)
                                    fprintf(stderr, "seven-card mismatch: %d %d %d %d %d + %d: "
                                            "%d/%d want %d/%d\n", a, b, c, d, e, s, t, tc,
                                            want.total, want_crib.total);
                                compared++;
                            } else if (!one_suit && tc != t) {
                                bad++;
                            }
                            if (t >= 0 && t < 47)
                                dist[t]++;
                            if (tc >= 0 && tc < 47)
                                crib_dist[tc]++;
                            total += t;
                            crib_total += tc;
                            shows++;
                        }
                    }
    INT_EQ(bad, 0);
    INT_EQ(hands, 2598960);
    INT_EQ(shows, 2598960LL * 47);
    INT_EQ(compared, (2598960LL + harness_quick - 1) / harness_quick * 47);
    INT_EQ(total, 1000375332);     /* brute force: every hand, non-crib */
    INT_EQ(crib_total, 999371472); /* brute force: crib flush rule */
    for (int p = 0; p < 47; p++)
        if (!INT_EQ(dist[p], want_dist[p]) || !INT_EQ(crib_dist[p], want_crib_dist[p]))
            fprintf(stderr, "  (score %d)\n", p);
}

/* Three-card hands with a starter (five-card cribbage D4, Noddy D5), and
 * the four-card five-card-cribbage crib, all against brute force. */
static void test_show__three_card_hands(void)
{
    long long bad = 0, n = 0, idx = 0;
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            for (int c = b + 1; c < 52; c++) {
                if (idx++ % harness_quick)
                    continue;
                const bfc_card hand[3] = {(bfc_card)a, (bfc_card)b, (bfc_card)c};
                for (int s = 0; s < 52; s++) {
                    if (s == a || s == b || s == c)
                        continue;
                    static const unsigned flag_sets[] = {0, BFC_NODDY, BFC_CRIB};
                    for (int f = 0; f < 3; f++) {
                        bfc_hand_score want, got;
                        brute_show(hand, 3, (bfc_card)s, flag_sets[f], &want);
                        int rc = bfc_score_hand(hand, 3, (bfc_card)s, flag_sets[f], &got);
                        bad += rc != want.total || !same_score(&got, &want);
                        n++;
                    }
                }
                /* no starter */
                bfc_hand_score want, got;
                brute_show(hand, 3, BFC_CARD_NONE, 0, &want);
                bfc_score_hand(hand, 3, BFC_CARD_NONE, 0, &got);
                bad += !same_score(&got, &want);
            }
    INT_EQ(bad, 0);
    INT_EQ(n, (22100LL + harness_quick - 1) / harness_quick * 49 * 3);
}

/* RULES 4.3: every five-card formation as a cease-fire, no turn card. */
static void test_show__ceasefire_exhaustive(void)
{
    long long bad = 0, n = 0;
    bfc_card f[5];
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            for (int c = b + 1; c < 52; c++)
                for (int d = c + 1; d < 52; d++)
                    for (int e = d + 1; e < 53; e++) { /* 53: the joker too */
                        if (n++ % harness_quick)
                            continue;
                        f[0] = (bfc_card)a, f[1] = (bfc_card)b, f[2] = (bfc_card)c;
                        f[3] = (bfc_card)d, f[4] = (bfc_card)e;
                        bfc_hand_score want, got;
                        brute_show(f, 5, BFC_CARD_NONE, 0, &want);
                        int rc = bfc_score_ceasefire(f, &got);
                        bad += rc != want.total || !same_score(&got, &want);
                    }
    INT_EQ(bad, 0);
    INT_EQ(n, 2598960 + 270725);
}

/* RULES 4.7: random formations (with and without the joker) against the
 * brute force battlefield, both lay-away rules (D10). */
static void test_show__battlefield_random(void)
{
    long long bad = 0;
    for (int i = 0; i < 1000000 / harness_quick; i++) {
        bfc_card f[6];
        test_deal(&rng, f, 6, 53);
        const int any = i & 1;
        bfc_battlefield want, got;
        brute_battlefield(f, f[5], any, &want);
        int rc = bfc_score_battlefield(f, f[5], any ? BFC_ANY_LAY_AWAY : 0, &got);
        int ok = rc == want.best && got.best == want.best && got.legal == want.legal;
        for (int k = 0; k < 5; k++)
            ok &= same_score(&got.by_lay_away[k], &want.by_lay_away[k]);
        if (!ok && bad++ < 3)
            fprintf(stderr, "battlefield mismatch at case %d\n", i);
    }
    INT_EQ(bad, 0);
}

/* RULES 4.7: the reserve with and without the joker, random. */
static void test_show__reserve_random(void)
{
    long long bad = 0;
    for (int i = 0; i < 1000000 / harness_quick; i++) {
        bfc_card r[5];
        test_deal(&rng, r, 5, 53);
        bfc_hand_score want, got;
        brute_show(r, 4, r[4], BFC_CRIB, &want);
        int rc = bfc_score_reserve(r, r[4], &got);
        bad += rc != want.total || !same_score(&got, &want);
    }
    INT_EQ(bad, 0);
}

static void test_show__famous_hands(void)
{
    bfc_card h[5];
    L("5H 5C 5S JD", h, 4);
    INT_EQ(bfc_score_show(h, C("5D"), 0), 29); /* the highest hand */
    L("5H 5C 5S 5D", h, 4);
    INT_EQ(bfc_score_show(h, C("JC"), 0), 28); /* a jack starter: no nobs */
    L("4H 4S 5C 6D", h, 4);
    INT_EQ(bfc_score_show(h, C("6H"), 0), 24); /* seed 002: 4,4,5,6,6 */
    L("3D 9C AH JS", h, 4);
    INT_EQ(bfc_score_show(h, C("7C"), 0), 0); /* the "19 hand" */
}

/* RULES 2.1: flush rules for hand and crib. */
static void test_show__flush_rules(void)
{
    bfc_card h[4];
    L("2H 4H 8H TH", h, 4);
    INT_EQ(bfc_score_show(h, C("KS"), 0), 4);            /* 4-card flush (no fifteen) */
    INT_EQ(bfc_score_show(h, C("KS"), BFC_CRIB), 0);     /* crib: 4-card flush does not count */
    INT_EQ(bfc_score_show(h, C("KH"), 0), 5);            /* 5-card flush */
    INT_EQ(bfc_score_show(h, C("KH"), BFC_CRIB), 5);     /* crib: only with the starter */
    L("2H 4H 8H TS", h, 4);
    INT_EQ(bfc_score_show(h, C("KH"), 0), 0); /* four of a suit with the starter: nothing */
    bfc_hand_score s;
    bfc_card five[5];
    L("2D 4D 8D TD QD", five, 5);
    INT_EQ(bfc_score_ceasefire(five, &s), 5); /* RULES 4.3: all five match */
    INT_EQ(s.flush, 5);
    L("2D 4D 8D TD QS", five, 5);
    INT_EQ(bfc_score_ceasefire(five, &s), 0); /* RULES 4.3: no four-card flush */
    bfc_card three[3];
    L("2C 4C 8C", three, 3);
    INT_EQ(bfc_score_hand(three, 3, C("KD"), 0, &s), 3); /* RULES 3.5: 3-card flush */
    INT_EQ(bfc_score_hand(three, 3, C("KC"), 0, &s), 4); /* RULES D4 */
    INT_EQ(bfc_score_hand(three, 3, C("KC"), BFC_NODDY, &s), 4); /* RULES D5 */
}

/* RULES 3.10 seven-card: five hand cards and the starter make one show;
 * RULES 2.1 flush of the five hand cards (5, 6 with the starter's suit; a
 * crib only with all six), nobs, and the six-card rank combinations. */
static void test_show__seven_card_rules(void)
{
    bfc_card h[5];
    bfc_hand_score s;
    L("2H 4H 8H TH QH", h, 5);
    INT_EQ(bfc_score_hand(h, 5, C("KS"), 0, &s), 5); /* five-card flush, no fifteen */
    INT_EQ(s.flush, 5);
    INT_EQ(bfc_score_hand(h, 5, C("KH"), 0, &s), 6); /* with the starter's suit: 6 */
    INT_EQ(s.flush, 6);
    INT_EQ(bfc_score_hand(h, 5, C("KS"), BFC_CRIB, &s), 0); /* crib: all six or nothing */
    INT_EQ(bfc_score_hand(h, 5, C("KH"), BFC_CRIB, &s), 6);
    L("2H 4H 8H TH QS", h, 5);
    INT_EQ(bfc_score_hand(h, 5, C("KH"), 0, &s), 0); /* five of a suit with the starter: none */
    L("JH 2C 4D 8S KC", h, 5);
    INT_EQ(bfc_score_hand(h, 5, C("6H"), 0, &s), 1); /* nobs: the jack of the starter's suit */
    INT_EQ(s.nobs, 1);
    INT_EQ(bfc_score_hand(h, 5, C("6S"), 0, &s), 0);
    /* 4 4 5 5 6 6: 8 runs of three (24), 3 pairs (6), 8 fifteens (16) = 46,
     * the most a six-card show can hold */
    L("4H 4S 5C 5D 6H", h, 5);
    INT_EQ(bfc_score_hand(h, 5, C("6S"), 0, &s), 46);
    INT_EQ(s.runs, 24);
    INT_EQ(s.pairs, 6);
    INT_EQ(s.fifteens, 16);
    /* two runs of three in separate ranks: A 2 3 and 9 T J, each counts */
    L("AH 2C 3D 9S TH", h, 5);
    INT_EQ(bfc_score_hand(h, 5, C("JS"), 0, &s), 12); /* + 2+3+T, 2+3+J, A+2+3+9 */
    INT_EQ(s.runs, 6);
    /* a run of six */
    L("3C 4D 5H 6S 7C", h, 5);
    INT_EQ(bfc_score_hand(h, 5, C("8D"), 0, &s), 14); /* + 7+8, 3+4+8, 3+5+7, 4+5+6 */
    INT_EQ(s.runs, 6);
    /* four of a kind and a pair: 7 pairs; 12 fifteens (4 of three fives,
     * 8 of a five and a king) */
    L("5H 5C 5S 5D KH", h, 5);
    INT_EQ(bfc_score_hand(h, 5, C("KS"), 0, &s), 38);
    INT_EQ(s.pairs, 14);
    INT_EQ(s.fifteens, 24);
}

/* RULES 2.1 nobs; RULES 4.3 no knobs in a cease-fire. */
static void test_show__nobs(void)
{
    bfc_card h[4];
    L("JH 2C 4D 8S", h, 4);
    INT_EQ(bfc_score_show(h, C("KH"), 0), 1); /* the jack of the starter's suit */
    INT_EQ(bfc_score_show(h, C("KS"), 0), 0);
    L("JH AC 2D 7S", h, 4);
    INT_EQ(bfc_score_show(h, C("JD"), 0), 2); /* the pair of jacks; a jack starter is not nobs */
    bfc_card f[5];
    bfc_hand_score s;
    L("JH 2C 4D 8S 6H", f, 5);
    bfc_score_ceasefire(f, &s);
    INT_EQ(s.nobs, 0);
}

/* RULES 4.7 kill card: the joker in the kept four, as the turn card, in the
 * reserve; bfc_score_show rejects it unless BFC_KILL_CARD. */
static void test_show__kill_card(void)
{
    bfc_card h[4];
    L("5H 5C 5S JK", h, 4);
    INT_EQ(bfc_score_show(h, C("5D"), 0), BFC_EJOKER);
    INT_EQ(bfc_score_show(h, C("5D"), BFC_KILL_CARD), 0);
    L("5H 5C 5S JD", h, 4);
    INT_EQ(bfc_score_show(h, BFC_JOKER, BFC_KILL_CARD), 0);
    bfc_hand_score s;
    INT_EQ(bfc_score_reserve(h, BFC_JOKER, &s), 0);
    INT_EQ(s.killed, 1);
    bfc_card f[5];
    bfc_battlefield b;
    L("5H 5C 5S JD JK", f, 5);
    INT_EQ(bfc_score_battlefield(f, C("5D"), 0, &b), 29);
    INT_EQ(b.legal, 1u << 4); /* only the joker may be laid away (D10) */
    INT_EQ(b.by_lay_away[0].killed, 1);
    INT_EQ(bfc_score_battlefield(f, C("5D"), BFC_ANY_LAY_AWAY, &b), 29);
    INT_EQ(b.legal, 31u);
    L("5H 5C 5S JD 2C", f, 5);
    INT_EQ(bfc_score_battlefield(f, BFC_JOKER, 0, &b), 0); /* joker turn: all tie */
    INT_EQ(b.legal, 31u);
    for (int i = 0; i < 5; i++)
        INT_EQ(b.by_lay_away[i].killed, 1);
    INT_EQ(bfc_score_show_all_starters(h, 0, NULL), BFC_EINVAL);
}

/* RULES D10: ties give several legal lay-aways. */
static void test_show__lay_away_ties(void)
{
    bfc_card f[5];
    bfc_battlefield b;
    L("2C 3D 9H 9S KC", f, 5);
    bfc_score_battlefield(f, C("7H"), 0, &b);
    for (int i = 0; i < 5; i++)
        INT_EQ(!!(b.legal >> i & 1), b.by_lay_away[i].total == b.best);
    CHECK(b.legal != 0);
}

/* Invalid input: status, and nothing written. */
static void test_show__errors(void)
{
    bfc_card h[4];
    int8_t scores[52];
    memset(scores, 0x5A, sizeof scores);
    L("5H 5C 5S JD", h, 4);
    INT_EQ(bfc_score_show(NULL, C("5D"), 0), BFC_EINVAL);
    INT_EQ(bfc_score_show(h, C("5D"), 0x100), BFC_EINVAL);
    INT_EQ(bfc_score_show(h, C("5H"), 0), BFC_EDUP);
    INT_EQ(bfc_score_show(h, 53, 0), BFC_ECARD);
    INT_EQ(bfc_score_show(h, BFC_CARD_NONE, 0), BFC_ECARD);
    bfc_card bad[4] = {0, 0, 1, 2};
    INT_EQ(bfc_score_show(bad, 5, 0), BFC_EDUP);
    INT_EQ(bfc_score_show_all_starters(bad, 0, scores), BFC_EDUP);
    INT_EQ(bfc_score_show_all_starters(h, BFC_KILL_CARD, scores), BFC_EINVAL);
    CHECK(scores[0] == 0x5A && scores[51] == 0x5A);
    /* every path of the batch scorer: the same statuses, scores untouched */
    for (int p = BFC__PATH_AUTO; p <= BFC__PATH_AVX2; p++) {
        bfc_card joker[4] = {0, 1, 2, BFC_JOKER}, badc[4] = {0, 1, 77, 3};
        int8_t sc[52];
        memset(sc, 0x5A, sizeof sc);
        const int avx2_missing =
            p == BFC__PATH_AVX2 && bfc__all_starters_path(h, 0, sc, p) == BFC_EINVAL;
        memset(sc, 0x5A, sizeof sc);
        if (avx2_missing)
            continue;
        INT_EQ(bfc__all_starters_path(bad, 0, sc, p), BFC_EDUP);
        INT_EQ(bfc__all_starters_path(joker, 0, sc, p), BFC_EJOKER);
        INT_EQ(bfc__all_starters_path(badc, 0, sc, p), BFC_ECARD);
        INT_EQ(bfc__all_starters_path(NULL, 0, sc, p), BFC_EINVAL);
        INT_EQ(bfc__all_starters_path(h, 0, NULL, p), BFC_EINVAL);
        INT_EQ(bfc__all_starters_path(h, BFC_KILL_CARD, sc, p), BFC_EINVAL);
        INT_EQ(bfc__all_starters_path(h, 4, sc, p), BFC_EINVAL);
        int untouched = 1;
        for (int i = 0; i < 52; i++)
            untouched &= sc[i] == 0x5A;
        CHECK(untouched);
    }
    INT_EQ(bfc__all_starters_path(h, 0, scores, 99), BFC_EINVAL);
    /* every path of the per-call scorer: the same statuses */
    for (int p = BFC__PATH_AUTO; p <= BFC__PATH_POPCNT; p++) {
        if (p == BFC__PATH_AVX2 ||
            (p == BFC__PATH_POPCNT && bfc__show_path(h, C("5D"), 0, p) == BFC_EINVAL))
            continue;
        bfc_card joker[4] = {0, 1, 2, BFC_JOKER}, badc[4] = {0, 1, 77, 3};
        INT_EQ(bfc__show_path(h, C("5D"), 0, p), 29); /* the highest hand */
        INT_EQ(bfc__show_path(NULL, C("5D"), 0, p), BFC_EINVAL);
        INT_EQ(bfc__show_path(h, C("5D"), 4, p), BFC_EINVAL);
        INT_EQ(bfc__show_path(h, C("5H"), 0, p), BFC_EDUP);
        INT_EQ(bfc__show_path(bad, 5, 0, p), BFC_EDUP);
        INT_EQ(bfc__show_path(h, 53, 0, p), BFC_ECARD);
        INT_EQ(bfc__show_path(h, BFC_CARD_NONE, 0, p), BFC_ECARD);
        INT_EQ(bfc__show_path(badc, 5, 0, p), BFC_ECARD);
        INT_EQ(bfc__show_path(joker, 5, 0, p), BFC_EJOKER);
        INT_EQ(bfc__show_path(joker, 5, BFC_KILL_CARD, p), 0); /* RULES 4.7 */
        INT_EQ(bfc__show_path(h, BFC_JOKER, BFC_KILL_CARD, p), 0);
    }
    INT_EQ(bfc__show_path(h, C("5D"), 0, 99), BFC_EINVAL);
    bfc_hand_score s, sentinel;
    memset(&s, 0x77, sizeof s);
    sentinel = s;
    INT_EQ(bfc_score_hand(h, 2, C("5D"), 0, &s), BFC_EINVAL);
    INT_EQ(bfc_score_hand(h, 6, C("5D"), 0, &s), BFC_EINVAL);
    INT_EQ(bfc_score_hand(h, 4, C("5H"), 0, &s), BFC_EDUP);
    bfc_card five[5] = {0, 1, 2, 3, 4};
    /* five cards and a starter (RULES 3.10): no variant has the joker or
     * the Noddy rule there, so those flags are refused */
    INT_EQ(bfc_score_hand(five, 5, 9, BFC_KILL_CARD, &s), BFC_EINVAL);
    INT_EQ(bfc_score_hand(five, 5, 9, BFC_NODDY, &s), BFC_EINVAL);
    INT_EQ(bfc_score_hand(five, 5, 9, BFC_TURN_CARD, &s), BFC_EINVAL);
    INT_EQ(bfc_score_hand(five, 5, 4, 0, &s), BFC_EDUP);
    INT_EQ(bfc_score_hand(five, 5, BFC_JOKER, 0, &s), BFC_EJOKER);
    INT_EQ(bfc_score_hand(five, 5, 52 + 1, 0, &s), BFC_ECARD);
    INT_EQ(memcmp(&s, &sentinel, sizeof s), 0);
    bfc_battlefield b, bsent;
    memset(&b, 0x33, sizeof b);
    bsent = b;
    bfc_card f[5] = {0, 1, 2, 3, 4};
    INT_EQ(bfc_score_battlefield(f, 4, 0, &b), BFC_EDUP);
    INT_EQ(bfc_score_battlefield(f, 200, 0, &b), BFC_ECARD);
    INT_EQ(bfc_score_battlefield(f, 9, BFC_CRIB, &b), BFC_EINVAL);
    INT_EQ(bfc_score_battlefield(NULL, 9, 0, &b), BFC_EINVAL);
    INT_EQ(memcmp(&b, &bsent, sizeof b), 0);
    /* any byte value as a card: a status, never a crash */
    for (int v = 0; v < 256; v++) {
        bfc_card hh[4] = {(bfc_card)v, 10, 20, 30};
        int rc = bfc_score_show(hh, 40, 0);
        CHECK(v < 52 ? (v == 10 || v == 20 || v == 30 || v == 40 ? rc == BFC_EDUP : rc >= 0)
                     : (v == 52 ? rc == BFC_EJOKER : rc == BFC_ECARD));
    }
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_show__famous_hands);
    RUN(test_show__flush_rules);
    RUN(test_show__nobs);
    RUN(test_show__seven_card_rules);
    RUN(test_show__kill_card);
    RUN(test_show__lay_away_ties);
    RUN(test_show__errors);
    RUN(test_show__three_card_hands);
    RUN(test_show__reserve_random);
    RUN(test_show__battlefield_random);
    RUN(test_show__ceasefire_exhaustive);
    RUN(test_show__exhaustive);
    RUN(test_show__seven_card_exhaustive);
    return harness_done();
}
