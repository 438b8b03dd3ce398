/* Itemised scores (RULES 2.1 "Every score is reported both as a total and
 * itemised"): hand, frontline and pegging items checked against the totals
 * and breakdowns of the scorers and against brute force, item by item; the
 * snprintf-style buffers; the narration; the kind and combination names. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include "brute.h"
#include "harness.h"

static bfc_card C(const char *text)
{
    bfc_card c = BFC_CARD_NONE;
    if (bfc_card_parse(text, &c) != BFC_OK)
        fprintf(stderr, "bad card in test: %s\n", text);
    return c;
}

static int L(const char *text, bfc_card *out, size_t cap)
{
    int n = bfc_cards_parse(text, BFC_PARSE_JOKER, out, cap, NULL);
    if (n < 0 || (size_t)n > cap)
        fprintf(stderr, "bad list in test: %s\n", text);
    return n;
}

static uint64_t rng = 0x9E3779B97F4A7C15ULL;


static int rank_of(bfc_card c) { return c / 4 + 1; }
static int suit_of(bfc_card c) { return c % 4; }
static int value_of(bfc_card c) { return c == BFC_JOKER ? 0 : rank_of(c) > 10 ? 10 : rank_of(c); }

/* bit 63 for a byte that is no card: never inside a hand's mask */
static uint64_t bit_of(bfc_card c) { return c <= BFC_JOKER ? UINT64_C(1) << c : UINT64_C(1) << 63; }

static uint64_t mask_of(const bfc_card *cards, size_t n)
{
    uint64_t m = 0;
    for (size_t i = 0; i < n; i++)
        m |= bit_of(cards[i]);
    return m;
}

/* The cards are distinct consecutive ranks (any order). */
static int is_run(const bfc_card *cards, size_t n, int *lo_out, int *hi_out)
{
    int seen[15] = {0}, lo = 99, hi = 0;
    for (size_t i = 0; i < n; i++) {
        if (cards[i] >= 52 || seen[rank_of(cards[i])]++)
            return 0;
        lo = rank_of(cards[i]) < lo ? rank_of(cards[i]) : lo;
        hi = rank_of(cards[i]) > hi ? rank_of(cards[i]) : hi;
    }
    *lo_out = lo;
    *hi_out = hi;
    return hi - lo + 1 == (int)n;
}

static int same_rank(const bfc_card *cards, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (cards[i] >= 52 || rank_of(cards[i]) != rank_of(cards[0]))
            return 0;
    return 1;
}

static int same_suit(const bfc_card *cards, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (cards[i] >= 52 || suit_of(cards[i]) != suit_of(cards[0]))
            return 0;
    return 1;
}

/* ---- Hand items (RULES 2.1) --------------------------------------------- */

static long long hand_bad, hand_cases, hand_items_seen, order_bad;
static int check_order; /* only test_items__item_cards_in_hand_order checks it */

static void hand_fail(const bfc_card *hand, size_t n, bfc_card starter, unsigned flags,
                      const char *why)
{
    if (hand_bad++ < 8) {
        char text[64], st[8] = "-";
        bfc_cards_format(hand, n, 0, text, sizeof text);
        if (starter != BFC_CARD_NONE)
            bfc_card_format(starter, 0, st, sizeof st);
        fprintf(stderr, "hand [%s] + %s flags %u: %s\n", text, st, flags, why);
    }
}

/* Checks bfc_score_hand_items against bfc_score_hand and brute force for one
 * hand: sums, per-kind sums, RULES 2.1 order, each item's shape. */
static void check_hand(const bfc_card *hand, size_t n, bfc_card starter, unsigned flags)
{
    bfc_hand_score s, b;
    bfc_item items[BFC_MAX_ITEMS];
    hand_cases++;
    int total = bfc_score_hand(hand, n, starter, flags, &s);
    int k = bfc_score_hand_items(hand, n, starter, flags, items, BFC_MAX_ITEMS);
    brute_show(hand, (int)n, starter, flags & (BFC_CRIB | BFC_NODDY), &b);
    if (total < 0 || k < 0 || k > BFC_MAX_ITEMS) {
        hand_fail(hand, n, starter, flags, "error or too many items");
        return;
    }
    if (total != b.total)
        hand_fail(hand, n, starter, flags, "total differs from brute force");
    if (s.killed) {
        /* RULES 2.1: "A hand killed by the joker ... scores 0 with no items" */
        if (k != 0 || total != 0)
            hand_fail(hand, n, starter, flags, "killed hand has items");
        return;
    }
    hand_items_seen += k;
    bfc_card all[6];
    size_t m = n;
    memcpy(all, hand, n);
    if (starter != BFC_CARD_NONE)
        all[m++] = starter;
    const uint64_t all_mask = mask_of(all, m);
    const int noddy = (flags & BFC_NODDY) != 0;
    unsigned sum = 0, by_kind[16] = {0};
    int prev_kind = 0;
    uint64_t keys[BFC_MAX_ITEMS];
    for (int i = 0; i < k; i++) {
        const bfc_item *it = &items[i];
        const size_t nc = it->ncards;
        sum += it->points;
        if (it->kind < BFC_ITEM_FIFTEEN || it->kind > BFC_ITEM_NOBS) {
            hand_fail(hand, n, starter, flags, "kind not a show item");
            continue;
        }
        by_kind[it->kind] += it->points;
        /* RULES 2.1 order: fifteens, pairs, runs, flush, nobs */
        if (it->kind < prev_kind)
            hand_fail(hand, n, starter, flags, "items out of RULES 2.1 order");
        prev_kind = it->kind;
        if (it->combo != 0 || nc == 0 || nc > m)
            hand_fail(hand, n, starter, flags, "bad combo or card count");
        /* every card from the hand or starter, none twice */
        uint64_t im = mask_of(it->cards, nc < m ? nc : m);
        if ((im & ~all_mask) || (size_t)__builtin_popcountll(im) != nc)
            hand_fail(hand, n, starter, flags, "item card not in hand, or repeated");
        /* header: "hand cards in hand order, starter last" */
        int pos_prev = -1, in_order = 1;
        for (size_t j = 0; j < nc && j < m; j++) {
            int pos = -1;
            for (size_t q = 0; q < m; q++)
                if (all[q] == it->cards[j])
                    pos = (int)q;
            in_order &= pos > pos_prev;
            pos_prev = pos;
        }
        if (check_order && !in_order && order_bad++ < 3) {
            char text[64], ct[64], st[8] = "-";
            bfc_cards_format(hand, n, 0, text, sizeof text);
            bfc_cards_format(it->cards, nc, 0, ct, sizeof ct);
            if (starter != BFC_CARD_NONE)
                bfc_card_format(starter, 0, st, sizeof st);
            fprintf(stderr, "hand [%s] + %s: %s item cards [%s] not in hand order\n", text, st,
                    bfc_item_kind_name(it->kind), ct);
        }
        int lo, hi, vsum = 0;
        switch (it->kind) {
        case BFC_ITEM_FIFTEEN:
            for (size_t j = 0; j < nc && j < m; j++)
                vsum += value_of(it->cards[j]);
            if (it->points != 2 || vsum != 15 || nc < 2)
                hand_fail(hand, n, starter, flags, "fifteen item does not make 15");
            break;
        case BFC_ITEM_PAIR:
            if (it->points != 2 || nc != 2 || !same_rank(it->cards, 2))
                hand_fail(hand, n, starter, flags, "pair item is not a pair");
            break;
        case BFC_ITEM_RUN:
            if (nc < 3 || nc > m || !is_run(it->cards, nc, &lo, &hi) ||
                it->points != (noddy && nc == 3 ? 2u : (unsigned)nc)) {
                hand_fail(hand, n, starter, flags, "run item is not a run of its points");
                break;
            }
            /* RULES 2.1: runs are maximal sets of consecutive ranks */
            for (size_t q = 0; q < m; q++)
                if (rank_of(all[q]) == lo - 1 || rank_of(all[q]) == hi + 1)
                    hand_fail(hand, n, starter, flags, "run item is not maximal");
            break;
        case BFC_ITEM_FLUSH:
            /* the n hand cards, or n + 1 with the starter */
            if (it->points != nc || !same_suit(it->cards, nc) || it->points != s.flush ||
                (nc != n && nc != n + 1) || (nc == n + 1 && starter == BFC_CARD_NONE) ||
                (mask_of(hand, n) & ~im))
                hand_fail(hand, n, starter, flags, "flush item is not the flush");
            break;
        case BFC_ITEM_NOBS:
            /* RULES 2.1: a jack among the hand cards of the starter's suit */
            if (it->points != 1 || nc != 1 || starter == BFC_CARD_NONE ||
                rank_of(it->cards[0]) != BFC_JACK || suit_of(it->cards[0]) != suit_of(starter) ||
                it->cards[0] == starter)
                hand_fail(hand, n, starter, flags, "nobs item is not his nob");
            break;
        default:
            break;
        }
        /* no two identical items */
        keys[i] = im | ((uint64_t)it->kind << 56);
        for (int j = 0; j < i; j++)
            if (keys[j] == keys[i])
                hand_fail(hand, n, starter, flags, "two identical items");
    }
    if (sum != s.total)
        hand_fail(hand, n, starter, flags, "items do not sum to the total");
    if (by_kind[BFC_ITEM_FIFTEEN] != s.fifteens || by_kind[BFC_ITEM_PAIR] != s.pairs ||
        by_kind[BFC_ITEM_RUN] != s.runs || by_kind[BFC_ITEM_FLUSH] != s.flush ||
        by_kind[BFC_ITEM_NOBS] != s.nobs)
        hand_fail(hand, n, starter, flags, "per-kind sums differ from the fields");
    /* the count-only call agrees */
    if (bfc_score_hand_items(hand, n, starter, flags, NULL, 0) != k)
        hand_fail(hand, n, starter, flags, "count-only call differs");
}

/* Every 4-card hand with four starters each (a seeded sample of the 48),
 * hands and cribs (RULES 2.1 crib flush rule). */
static void test_items__all_four_card_hands(void)
{
    hand_bad = hand_cases = hand_items_seen = 0;
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            for (int c = b + 1; c < 52; c++)
                for (int d = c + 1; d < 52; d++) {
                    bfc_card h[4] = {(bfc_card)a, (bfc_card)b, (bfc_card)c, (bfc_card)d};
                    /* shuffle the hand so that hand order is not rank order */
                    for (int i = 3; i > 0; i--) {
                        int j = (int)test_rnd(&rng, (unsigned)i + 1);
                        bfc_card t = h[i];
                        h[i] = h[j];
                        h[j] = t;
                    }
                    for (int t = 0; t < 4; t++) {
                        bfc_card s;
                        do
                            s = (bfc_card)test_rnd(&rng, 52);
                        while (s == a || s == b || s == c || s == d);
                        check_hand(h, 4, s, (t & 1) ? BFC_CRIB : 0);
                    }
                }
    INT_EQ(hand_bad, 0);
    INT_EQ(hand_cases, 270725LL * 4);
    CHECK(hand_items_seen > hand_cases); /* the check looked at many items */
}

/* Famous hands with every starter: the 29 hand, 28, four-of-a-kind runs. */
static void test_items__famous_hands(void)
{
    hand_bad = 0;
    static const char *const hands[] = {"5H 5C 5S JD", "5H 5C 5S 5D", "7D 8C 8S 9H",
                                        "3H 3C 4D 5S", "JH JS 5H 5S", "2H 4H 8H TH"};
    for (size_t i = 0; i < sizeof hands / sizeof *hands; i++) {
        bfc_card h[4];
        L(hands[i], h, 4);
        for (int s = 0; s < 52; s++)
            if (s != h[0] && s != h[1] && s != h[2] && s != h[3]) {
                check_hand(h, 4, (bfc_card)s, 0);
                check_hand(h, 4, (bfc_card)s, BFC_CRIB);
                check_hand(h, 4, (bfc_card)s, BFC_KILL_CARD);
            }
    }
    INT_EQ(hand_bad, 0);
    bfc_card h[4];
    bfc_item items[BFC_MAX_ITEMS];
    L("5H 5C 5S JD", h, 4);
    INT_EQ(bfc_score_hand_items(h, 4, C("5D"), 0, items, BFC_MAX_ITEMS), 15); /* 8 + 6 + 1 */
    L("7D 8C 8S 9H", h, 4);
    /* RULES 6: 7 8 8 9 / 7 is a double-double run of 3: 4 run items */
    int k = bfc_score_hand_items(h, 4, C("7H"), 0, items, BFC_MAX_ITEMS);
    int runs = 0;
    for (int i = 0; i < k; i++)
        runs += items[i].kind == BFC_ITEM_RUN;
    INT_EQ(runs, 4);
    INT_EQ(bfc_score_hand(h, 4, C("7H"), 0, NULL), 24);
}

/* Three-card hands (RULES 3.5 D4, Noddy 3.6 D5): every hand with a sample
 * of starters, plain, Noddy (a run of three is 2) and crib; and no starter. */
static void test_items__three_card_hands(void)
{
    hand_bad = hand_cases = 0;
    long long noddy_runs = 0;
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            for (int c = b + 1; c < 52; c++) {
                bfc_card h[3] = {(bfc_card)c, (bfc_card)a, (bfc_card)b};
                for (int t = 0; t < 3; t++) {
                    bfc_card s;
                    do
                        s = (bfc_card)test_rnd(&rng, 52);
                    while (s == a || s == b || s == c);
                    check_hand(h, 3, s, BFC_NODDY);
                    check_hand(h, 3, s, t == 0 ? 0 : t == 1 ? BFC_CRIB : BFC_NODDY | BFC_CRIB);
                    bfc_hand_score sc;
                    bfc_score_hand(h, 3, s, BFC_NODDY, &sc);
                    noddy_runs += sc.runs == 2;
                }
                check_hand(h, 3, BFC_CARD_NONE, 0);
                check_hand(h, 3, BFC_CARD_NONE, BFC_NODDY);
            }
    INT_EQ(hand_bad, 0);
    INT_EQ(hand_cases, 22100LL * 8);
    CHECK(noddy_runs > 0);
}

/* RULES 4.3: the five-card cease-fire with no starter, joker kills; RULES
 * 4.7: hands and the reserve with the kill card, the joker anywhere. */
static void test_items__ceasefire_and_kill(void)
{
    hand_bad = hand_cases = 0;
    long long killed = 0, flushes = 0;
    for (int i = 0; i < 300000; i++) {
        bfc_card f[6];
        test_deal(&rng, f, 6, 53);
        if (i % 50 == 0) { /* some one-suit formations, for the 5-card flush */
            for (int j = 0; j < 5; j++)
                f[j] = (bfc_card)(4 * ((i / 50 + 3 * j) % 13) + (i / 50) % 4);
            int again;
            do { /* a turn card not among them */
                f[5] = (bfc_card)test_rnd(&rng, 53);
                again = 0;
                for (int j = 0; j < 5; j++)
                    again |= f[j] == f[5];
            } while (again);
        }
        check_hand(f, 5, BFC_CARD_NONE, BFC_KILL_CARD);
        check_hand(f, 4, f[5], BFC_KILL_CARD);
        check_hand(f, 4, f[5], BFC_KILL_CARD | BFC_CRIB);
        bfc_hand_score s;
        bfc_score_hand(f, 5, BFC_CARD_NONE, BFC_KILL_CARD, &s);
        killed += s.killed;
        flushes += s.flush == 5;
        /* bfc_score_ceasefire and bfc_score_reserve are the same scores */
        bfc_item a[BFC_MAX_ITEMS];
        int k = bfc_score_hand_items(f, 5, BFC_CARD_NONE, BFC_KILL_CARD, a, BFC_MAX_ITEMS);
        unsigned sum = 0;
        for (int j = 0; j < k; j++)
            sum += a[j].points;
        if ((int)sum != bfc_score_ceasefire(f, NULL) && hand_bad++ < 8)
            fprintf(stderr, "cease-fire items differ from bfc_score_ceasefire\n");
        k = bfc_score_hand_items(f, 4, f[5], BFC_KILL_CARD | BFC_CRIB, a, BFC_MAX_ITEMS);
        sum = 0;
        for (int j = 0; j < k; j++)
            sum += a[j].points;
        if ((int)sum != bfc_score_reserve(f, f[5], NULL) && hand_bad++ < 8)
            fprintf(stderr, "reserve items differ from bfc_score_reserve\n");
    }
    INT_EQ(hand_bad, 0);
    CHECK(killed > 0);
    CHECK(flushes > 0);
    /* RULES 4.7: the joker turn card kills; no items */
    bfc_card h[4];
    L("5H 5C 5S JD", h, 4);
    bfc_item items[4];
    INT_EQ(bfc_score_hand_items(h, 4, BFC_JOKER, BFC_KILL_CARD, items, 4), 0);
    L("5H 5C JK JD", h, 4);
    INT_EQ(bfc_score_hand_items(h, 4, C("5D"), BFC_KILL_CARD, items, 4), 0);
    INT_EQ(bfc_score_hand_items(h, 4, C("5D"), 0, items, 4), BFC_EJOKER);
}

/* Seeded random 4-card hands in random order, all flag combinations. */
static void test_items__random_hands(void)
{
    hand_bad = hand_cases = 0;
    static const unsigned flag_sets[] = {0, BFC_CRIB, BFC_NODDY, BFC_CRIB | BFC_NODDY,
                                         BFC_KILL_CARD, BFC_KILL_CARD | BFC_CRIB};
    for (int i = 0; i < 300000; i++) {
        bfc_card h[5];
        const unsigned flags = flag_sets[i % 6];
        test_deal(&rng, h, 5, (flags & BFC_KILL_CARD) ? 53 : 52);
        check_hand(h, 4, h[4], flags);
    }
    INT_EQ(hand_bad, 0);
}

/* RULES 3.10 seven-card: five hand cards with the starter, hand and crib,
 * random hands in random order and the six-card shapes that five cards
 * cannot make (two separate runs, a run of six, eight runs of three, a
 * quadruple run) with every starter. */
static void test_items__seven_card_hands(void)
{
    hand_bad = hand_cases = hand_items_seen = 0;
    for (int i = 0; i < 300000 / harness_quick; i++) {
        bfc_card h[6];
        test_deal(&rng, h, 6, 52);
        if (i % 100 == 0) /* some one-suit hands, for the 5- and 6-card flush */
            for (int j = 0; j < 5; j++)
                h[j] = (bfc_card)(4 * ((i / 100 + 2 * j) % 13) + (i / 100) % 4);
        int again = 0;
        for (int j = 0; j < 5; j++)
            again |= h[j] == h[5];
        if (again)
            continue;
        check_hand(h, 5, h[5], (i & 1) ? BFC_CRIB : 0);
    }
    static const char *const hands[] = {"AH 2C 3D 9S TH", "3C 4D 5H 6S 7C", "4H 4S 5C 5D 6H",
                                        "4H 4S 4C 4D 5H", "6H 7C 7D 7S 8H", "JH 5C 5S 5D 5H",
                                        "2H 4H 8H TH QH"};
    for (size_t i = 0; i < sizeof hands / sizeof *hands; i++) {
        bfc_card h[5];
        L(hands[i], h, 5);
        for (int s = 0; s < 52; s++)
            if (s != h[0] && s != h[1] && s != h[2] && s != h[3] && s != h[4]) {
                check_hand(h, 5, (bfc_card)s, 0);
                check_hand(h, 5, (bfc_card)s, BFC_CRIB);
            }
    }
    INT_EQ(hand_bad, 0);
    CHECK(hand_items_seen > hand_cases);
    bfc_card h[5];
    bfc_item items[BFC_MAX_ITEMS];
    L("4H 4S 5C 5D 6H", h, 5);
    int k = bfc_score_hand_items(h, 5, C("6S"), 0, items, BFC_MAX_ITEMS);
    int runs = 0;
    for (int i = 0; i < k; i++)
        runs += items[i].kind == BFC_ITEM_RUN && items[i].ncards == 3;
    INT_EQ(runs, 8); /* one run of three for each choice of a 4, a 5 and a 6 */
    L("3C 4D 5H 6S 7C", h, 5);
    k = bfc_score_hand_items(h, 5, C("8D"), 0, items, BFC_MAX_ITEMS);
    CHECK(k > 0 && items[k - 1].kind == BFC_ITEM_RUN && items[k - 1].ncards == 6);
}

/* Header "hand cards in hand order, starter last": the cards of every item
 * in the order the hand gave them. Counted by the checks above. */
static void test_items__item_cards_in_hand_order(void)
{
    order_bad = 0;
    check_order = 1;
    bfc_card h[4];
    L("7H 5C 6D KS", h, 4); /* a run given out of rank order */
    check_hand(h, 4, C("9C"), 0);
    L("9S 8S 7S 6S", h, 4);
    check_hand(h, 4, C("AS"), 0);
    /* and the whole sample of random hands */
    for (int i = 0; i < 20000; i++) {
        bfc_card r[5];
        test_deal(&rng, r, 5, 52);
        check_hand(r, 4, r[4], 0);
    }
    check_order = 0;
    INT_EQ(order_bad, 0);
}

/* ---- Frontline items (RULES 2.3, 4.5, 4.6) ------------------------------ */

static long long front_bad;

static void front_fail(const bfc_card *fl, size_t n, bfc_card placed, unsigned flags,
                       const char *why)
{
    if (front_bad++ < 8) {
        char text[128], pt[8];
        bfc_cards_format(fl, n, 0, text, sizeof text);
        bfc_card_format(placed, 0, pt, sizeof pt);
        fprintf(stderr, "frontline [%s] + %s flags %u: %s\n", text, pt, flags, why);
    }
}

/* Position of an item kind in the documented frontline order. */
static int front_order(int kind)
{
    switch (kind) {
    case BFC_ITEM_FIFTEEN:
    case BFC_ITEM_THIRTY_ONE: return 1;
    case BFC_ITEM_COMBINATION: return 2;
    case BFC_ITEM_LAST_CARD: return 3;
    case BFC_ITEM_GO: return 4;
    case BFC_ITEM_KNOBS: return 5;
    default: return 99;
    }
}

static void check_frontline(const bfc_card *fl, size_t n, bfc_card placed, unsigned flags)
{
    bfc_frontline_score s, b;
    bfc_item items[BFC_MAX_ITEMS];
    int pts = bfc_score_frontline(fl, n, placed, flags, &s);
    int k = bfc_score_frontline_items(fl, n, placed, flags, items, BFC_MAX_ITEMS);
    brute_frontline(fl, (int)n, placed, (flags & BFC_TURN_CARD) != 0, &b);
    if (pts < 0 || k < 0 || k > 5) {
        front_fail(fl, n, placed, flags, "error or too many items");
        return;
    }
    if (pts != b.placer_points || s.go_point != b.go_point || s.knobs_dealer != b.knobs_dealer)
        front_fail(fl, n, placed, flags, "score differs from brute force");
    bfc_card all[BFC_FRONTLINE_MAX + 1];
    if (n > 0)
        memcpy(all, fl, n);
    all[n] = placed;
    unsigned placer = 0, go = 0, knobs = 0;
    int prev = 0, n_go = 0, n_knobs = 0, n_15 = 0, n_combo = 0, n_last = 0;
    for (int i = 0; i < k; i++) {
        const bfc_item *it = &items[i];
        const int ord = front_order(it->kind);
        if (ord == 99 || ord <= prev) {
            front_fail(fl, n, placed, flags, "unknown kind, repeated, or out of order");
            continue;
        }
        prev = ord;
        if (it->kind != BFC_ITEM_COMBINATION && it->combo != 0)
            front_fail(fl, n, placed, flags, "combo set on a non-combination item");
        switch (it->kind) {
        case BFC_ITEM_FIFTEEN:
        case BFC_ITEM_THIRTY_ONE:
            /* RULES 2.3: the sum of all pip values on the frontline */
            n_15++;
            placer += it->points;
            if (it->points != 2 || s.fifteen_31 != 2 || it->ncards != n + 1 ||
                memcmp(it->cards, all, n + 1) != 0 ||
                (it->kind == BFC_ITEM_FIFTEEN) != (s.sum == 15) ||
                (it->kind == BFC_ITEM_THIRTY_ONE) != (s.sum == 31))
                front_fail(fl, n, placed, flags, "fifteen/thirty-one item");
            break;
        case BFC_ITEM_COMBINATION:
            /* RULES 2.3: the last k cards, k = combo_cards */
            n_combo++;
            placer += it->points;
            if (it->combo != s.combo || it->points != s.combination ||
                it->ncards != s.combo_cards || it->ncards < 2 || it->ncards > 5 ||
                it->ncards > n + 1 ||
                memcmp(it->cards, all + n + 1 - it->ncards, it->ncards) != 0 ||
                strcmp(bfc_combo_name(it->combo), "?") == 0 || it->combo == BFC_COMBO_NONE)
                front_fail(fl, n, placed, flags, "combination item");
            break;
        case BFC_ITEM_LAST_CARD:
            n_last++;
            placer += it->points;
            if (it->points != 1 || !s.last_card || it->ncards != 1 || it->cards[0] != placed)
                front_fail(fl, n, placed, flags, "last card item");
            break;
        case BFC_ITEM_GO:
            /* RULES 4.5: 1 to the player to the placer's right */
            n_go++;
            go += it->points;
            if (it->points != 1 || it->ncards != 1 || it->cards[0] != placed)
                front_fail(fl, n, placed, flags, "go item");
            break;
        case BFC_ITEM_KNOBS:
            /* RULES 2.3: 2 to the dealer for a jack turn card */
            n_knobs++;
            knobs += it->points;
            if (it->points != 2 || it->ncards != 1 || it->cards[0] != placed ||
                rank_of(placed) != BFC_JACK || placed == BFC_JOKER)
                front_fail(fl, n, placed, flags, "knobs item");
            break;
        default:
            break;
        }
    }
    if (placer != s.placer_points || (unsigned)pts != placer)
        front_fail(fl, n, placed, flags, "placer items do not sum to placer_points");
    if (go != s.go_point || n_go != (s.go_point != 0))
        front_fail(fl, n, placed, flags, "go item iff go_point");
    if (knobs != s.knobs_dealer || n_knobs != (s.knobs_dealer != 0))
        front_fail(fl, n, placed, flags, "knobs item iff knobs_dealer");
    if (n_15 != (s.fifteen_31 != 0) || n_combo != (s.combination != 0) ||
        n_last != (s.last_card != 0))
        front_fail(fl, n, placed, flags, "an item missing for a scoring field");
    if (bfc_score_frontline_items(fl, n, placed, flags, NULL, 0) != k)
        front_fail(fl, n, placed, flags, "count-only call differs");
}

/* Seeded random frontlines of 0..8 cards (joker included), every placed
 * card kind, turn flag on and off. */
static void test_items__frontline_random(void)
{
    front_bad = 0;
    long long renewals = 0, combos = 0, knobs = 0, fifteens = 0;
    for (int i = 0; i < 400000; i++) {
        const size_t n = (size_t)(i % 9);
        bfc_card c[10];
        int sum;
        do {
            test_deal(&rng, c, (int)n + 1, 53);
            sum = 0;
            for (size_t j = 0; j < n; j++)
                sum += value_of(c[j]);
        } while (sum > 31);
        const unsigned flags = (i / 9) & 1 ? BFC_TURN_CARD : 0;
        check_frontline(c, n, c[n], flags);
        bfc_frontline_score s;
        bfc_score_frontline(c, n, c[n], flags, &s);
        renewals += s.renewed;
        combos += s.combination != 0;
        knobs += s.knobs_dealer != 0;
        fifteens += s.fifteen_31 != 0;
    }
    INT_EQ(front_bad, 0);
    CHECK(renewals > 0 && combos > 0 && knobs > 0 && fifteens > 0);
    /* RULES 2.3 edge cases, named */
    bfc_card fl[8];
    int n;
    n = L("JH KS AC QH", fl, 8); /* seed: J-K-A-Q-Joker = 2 (joker on 31) */
    check_frontline(fl, (size_t)n, BFC_JOKER, 0);
    n = L("JK 3C 4D", fl, 8); /* JK-3-4-5 scores the run of 3 */
    check_frontline(fl, (size_t)n, C("5H"), 0);
    n = L("3C JK 4D", fl, 8); /* 3-JK-4-5 scores nothing */
    check_frontline(fl, (size_t)n, C("5H"), 0);
    n = L("5C 9D", fl, 8); /* D2: 5-9-5 is no pair */
    check_frontline(fl, (size_t)n, C("5H"), 0);
    n = L("AC AD 2H 2S", fl, 8); /* double-double run of 3 */
    check_frontline(fl, (size_t)n, C("3C"), BFC_TURN_CARD);
    n = L("TH 2S 9H", fl, 8); /* RULES 6: 10-2-9-J = 31, knobs 2, last card 0 */
    check_frontline(fl, (size_t)n, C("JC"), BFC_TURN_CARD);
    n = L("KH QS 9C", fl, 8); /* D8: renewal with a jack turn card */
    check_frontline(fl, (size_t)n, C("JD"), BFC_TURN_CARD);
    check_frontline(NULL, 0, C("JD"), BFC_TURN_CARD); /* first card, turn jack */
    /* the longest frontline: 13 cards and the placed one make 31 (RULES 2.3:
     * the thirty-one item holds all 14 cards) */
    bfc_card longest[16];
    n = L("AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S JK", longest, 16);
    INT_EQ(n, 13);
    check_frontline(longest, (size_t)n, C("7C"), BFC_TURN_CARD);
    bfc_item items[BFC_MAX_ITEMS];
    INT_EQ(bfc_score_frontline_items(longest, (size_t)n, C("7C"), 0, items, BFC_MAX_ITEMS), 1);
    INT_EQ(items[0].kind, BFC_ITEM_THIRTY_ONE);
    INT_EQ(items[0].ncards, 14);
    CHECK(items[0].ncards <= BFC_ITEM_MAX_CARDS);
    INT_EQ(front_bad, 0);
}

/* ---- Peg items (RULES 2.2, Noddy 3.6) ----------------------------------- */

static long long peg_bad;

static void peg_fail(const bfc_card *seq, size_t n, unsigned flags, const char *why)
{
    if (peg_bad++ < 8) {
        char text[128];
        bfc_cards_format(seq, n, 0, text, sizeof text);
        fprintf(stderr, "peg [%s] flags %u: %s\n", text, flags, why);
    }
}

static void check_peg(const bfc_card *seq, size_t n, unsigned flags)
{
    bfc_peg_score s, b;
    bfc_item items[BFC_MAX_ITEMS];
    int total = bfc_score_peg_detail(seq, n, flags, &s);
    int k = bfc_score_peg_items(seq, n, flags, items, BFC_MAX_ITEMS);
    brute_peg(seq, (int)n, (flags & BFC_NODDY) != 0, &b);
    if (total < 0 || k < 0 || k > 4) {
        peg_fail(seq, n, flags, "error or too many items");
        return;
    }
    if (total != b.total)
        peg_fail(seq, n, flags, "total differs from brute force");
    const int noddy = (flags & BFC_NODDY) != 0;
    unsigned sum = 0, count_pts = 0, pairs = 0, runs = 0, flush = 0;
    int lo, hi;
    for (int i = 0; i < k; i++) {
        const bfc_item *it = &items[i];
        const size_t nc = it->ncards;
        sum += it->points;
        if (nc < 1 || nc > n || it->combo != 0) {
            peg_fail(seq, n, flags, "bad card count");
            continue;
        }
        /* the item's cards are the last nc cards laid */
        const int tail = memcmp(it->cards, seq + n - nc, nc) == 0;
        switch (it->kind) {
        case BFC_ITEM_FIFTEEN:
        case BFC_ITEM_THIRTY_ONE:
        case BFC_ITEM_TWENTY_FIVE:
            count_pts += it->points;
            if (it->points != 2 || nc != n || !tail ||
                (it->kind == BFC_ITEM_FIFTEEN && s.count != 15) ||
                (it->kind == BFC_ITEM_THIRTY_ONE && s.count != 31) ||
                (it->kind == BFC_ITEM_TWENTY_FIVE && (s.count != 25 || !noddy)))
                peg_fail(seq, n, flags, "count item");
            break;
        case BFC_ITEM_PAIR:
            /* RULES 2.2: the last 2 / 3 / 4 cards of one rank: 2 / 6 / 12 */
            pairs += it->points;
            if (!tail || nc < 2 || nc > 4 || !same_rank(it->cards, nc) ||
                it->points != (unsigned)(nc * (nc - 1)))
                peg_fail(seq, n, flags, "pair item");
            break;
        case BFC_ITEM_RUN:
            runs += it->points;
            if (!tail || nc < 3 || !is_run(it->cards, nc, &lo, &hi) ||
                it->points != (noddy && nc == 3 ? 2u : (unsigned)nc))
                peg_fail(seq, n, flags, "run item");
            break;
        case BFC_ITEM_FLUSH:
            /* RULES 3.6, D5: Noddy only, the last k >= 3 cards of one suit */
            flush += it->points;
            if (!noddy || !tail || nc < 3 || !same_suit(it->cards, nc) || it->points != nc)
                peg_fail(seq, n, flags, "flush item");
            break;
        default:
            peg_fail(seq, n, flags, "kind not a pegging item");
        }
    }
    if ((int)sum != total || count_pts != s.fifteen_31 || pairs != s.pairs || runs != s.runs ||
        flush != s.flush)
        peg_fail(seq, n, flags, "items do not match the breakdown");
    if (bfc_score_peg_items(seq, n, flags, NULL, 0) != k)
        peg_fail(seq, n, flags, "count-only call differs");
}

static void test_items__peg_random(void)
{
    peg_bad = 0;
    long long scored = 0;
    for (int i = 0; i < 300000; i++) {
        const size_t n = 1 + (size_t)(i % 8);
        bfc_card seq[8];
        int sum;
        do {
            test_deal(&rng, seq, (int)n, 52);
            sum = 0;
            for (size_t j = 0; j < n; j++)
                sum += value_of(seq[j]);
        } while (sum > 31);
        /* Noddy flushes need suits to repeat: sometimes force one suit */
        if (i % 7 == 0 && n >= 3)
            for (size_t j = 0; j < n; j++)
                seq[j] = (bfc_card)(seq[j] & ~3u);
        int dup = 0;
        for (size_t j = 0; j < n; j++)
            for (size_t q = 0; q < j; q++)
                dup |= seq[j] == seq[q];
        if (dup)
            continue;
        check_peg(seq, n, 0);
        check_peg(seq, n, BFC_NODDY);
        scored += bfc_score_peg(seq, n) > 0;
    }
    INT_EQ(peg_bad, 0);
    CHECK(scored > 0);
    /* named cases */
    bfc_card s[8];
    int n;
    n = L("7C 7D 7H 7S", s, 8); /* RULES 2.2: four of a kind 12 */
    check_peg(s, (size_t)n, 0);
    n = L("TC TD 5H", s, 8); /* RULES 3.6: count of 25 */
    check_peg(s, (size_t)n, BFC_NODDY);
    n = L("2H 4H 6H 5H 3H", s, 8); /* D5: flush of five, 1 a card; run of 5 */
    check_peg(s, (size_t)n, BFC_NODDY);
    n = L("KC QD 7H 4S", s, 8); /* 31 */
    check_peg(s, (size_t)n, 0);
    INT_EQ(peg_bad, 0);
}

/* ---- snprintf-style buffers and errors ----------------------------------- */

static int untouched(const bfc_item *items, size_t from, size_t to)
{
    const unsigned char *p = (const unsigned char *)(items + from);
    for (size_t i = 0; i < (to - from) * sizeof *items; i++)
        if (p[i] != 0xA5)
            return 0;
    return 1;
}

static void test_items__snprintf_style(void)
{
    bfc_card h[4];
    bfc_item full[BFC_MAX_ITEMS], part[20];
    L("5H 5C 5S JD", h, 4);
    const bfc_card st = C("5D");
    INT_EQ(bfc_score_hand_items(h, 4, st, 0, full, BFC_MAX_ITEMS), 15);
    for (size_t cap = 0; cap <= 16; cap++) {
        memset(part, 0xA5, sizeof part);
        INT_EQ(bfc_score_hand_items(h, 4, st, 0, part, cap), 15);
        size_t w = cap < 15 ? cap : 15;
        CHECK(memcmp(part, full, w * sizeof *part) == 0); /* the first cap items */
        CHECK(untouched(part, w, 20));                    /* nothing past them */
    }
    INT_EQ(bfc_score_hand_items(h, 4, st, 0, NULL, 0), 15);
    INT_EQ(bfc_score_hand_items(h, 4, st, 0, NULL, 1), BFC_EINVAL);

    /* frontline: fifteen, run of 5, last card */
    bfc_card fl[4];
    L("AC 2D 3H 4S", fl, 4);
    const bfc_card five = C("5C");
    INT_EQ(bfc_score_frontline_items(fl, 4, five, BFC_TURN_CARD, full, BFC_MAX_ITEMS), 3);
    for (size_t cap = 0; cap <= 4; cap++) {
        memset(part, 0xA5, sizeof part);
        INT_EQ(bfc_score_frontline_items(fl, 4, five, BFC_TURN_CARD, part, cap), 3);
        size_t w = cap < 3 ? cap : 3;
        CHECK(memcmp(part, full, w * sizeof *part) == 0);
        CHECK(untouched(part, w, 20));
    }
    INT_EQ(bfc_score_frontline_items(fl, 4, five, BFC_TURN_CARD, NULL, 0), 3);
    INT_EQ(bfc_score_frontline_items(fl, 4, five, BFC_TURN_CARD, NULL, 2), BFC_EINVAL);
    INT_EQ(bfc_score_frontline_items(NULL, 0, C("JS"), BFC_TURN_CARD, NULL, 0), 2);

    /* peg: 15 and a run */
    bfc_card seq[3];
    L("4C 6D 5H", seq, 3);
    INT_EQ(bfc_score_peg_items(seq, 3, 0, full, BFC_MAX_ITEMS), 2);
    memset(part, 0xA5, sizeof part);
    INT_EQ(bfc_score_peg_items(seq, 3, 0, part, 1), 2);
    CHECK(memcmp(part, full, sizeof *part) == 0);
    CHECK(untouched(part, 1, 20));
    INT_EQ(bfc_score_peg_items(seq, 3, 0, NULL, 0), 2);
    INT_EQ(bfc_score_peg_items(seq, 3, 0, NULL, 3), BFC_EINVAL);
}

/* Errors propagate with the scorer's status, and write no item. */
static void test_items__errors(void)
{
    bfc_item items[8];
    bfc_card h[5];
    L("5H 5C 5S JD 5D", h, 5);
#define HAND_ERR(call, want)                    \
    do {                                        \
        memset(items, 0xA5, sizeof items);      \
        INT_EQ((call), (want));                 \
        CHECK(untouched(items, 0, 8));          \
    } while (0)
    const bfc_card dup[4] = {h[0], h[1], h[0], h[3]};
    HAND_ERR(bfc_score_hand_items(dup, 4, h[4], 0, items, 8), BFC_EDUP);
    HAND_ERR(bfc_score_hand_items(h, 4, h[0], 0, items, 8), BFC_EDUP); /* starter in hand */
    const bfc_card badc[4] = {h[0], 60, h[2], h[3]};
    HAND_ERR(bfc_score_hand_items(badc, 4, h[4], 0, items, 8), BFC_ECARD);
    HAND_ERR(bfc_score_hand_items(h, 4, 53, 0, items, 8), BFC_ECARD);
    HAND_ERR(bfc_score_hand_items(h, 4, BFC_JOKER, 0, items, 8), BFC_EJOKER);
    HAND_ERR(bfc_score_hand_items(NULL, 4, h[4], 0, items, 8), BFC_EINVAL);
    HAND_ERR(bfc_score_hand_items(h, 2, h[4], 0, items, 8), BFC_EINVAL);
    HAND_ERR(bfc_score_hand_items(h, 6, BFC_CARD_NONE, 0, items, 8), BFC_EINVAL);
    /* five cards and a starter (RULES 3.10): the joker and Noddy flags are
     * refused, as bfc_score_hand refuses them */
    L("5H 5C 5S JD 4D", h, 5);
    HAND_ERR(bfc_score_hand_items(h, 5, C("AS"), BFC_KILL_CARD, items, 8), BFC_EINVAL);
    HAND_ERR(bfc_score_hand_items(h, 5, C("AS"), BFC_NODDY, items, 8), BFC_EINVAL);
    HAND_ERR(bfc_score_hand_items(h, 5, h[2], 0, items, 8), BFC_EDUP);
    HAND_ERR(bfc_score_hand_items(h, 5, BFC_JOKER, 0, items, 8), BFC_EJOKER);
    L("5H 5C 5S JD 5D", h, 5);
    HAND_ERR(bfc_score_hand_items(h, 4, h[4], 0x100u, items, 8), BFC_EINVAL);
    HAND_ERR(bfc_score_hand_items(h, 4, h[4], BFC_TURN_CARD, items, 8), BFC_EINVAL);

    bfc_card fl[4];
    L("KH QS 9C", fl, 3);
    HAND_ERR(bfc_score_frontline_items(fl, 3, fl[1], 0, items, 8), BFC_EDUP);
    HAND_ERR(bfc_score_frontline_items(fl, 3, 200, 0, items, 8), BFC_ECARD);
    HAND_ERR(bfc_score_frontline_items(fl, 3, BFC_CARD_NONE, 0, items, 8), BFC_ECARD);
    HAND_ERR(bfc_score_frontline_items(NULL, 2, C("5H"), 0, items, 8), BFC_EINVAL);
    HAND_ERR(bfc_score_frontline_items(fl, 3, C("5H"), BFC_CRIB, items, 8), BFC_EINVAL);
    L("KH QS 9C 5D", fl, 4); /* 34: above 31 */
    HAND_ERR(bfc_score_frontline_items(fl, 4, C("AH"), 0, items, 8), BFC_ECOUNT);

    bfc_card seq[4];
    L("KH QS 9C 5D", seq, 4);
    HAND_ERR(bfc_score_peg_items(seq, 4, 0, items, 8), BFC_ECOUNT);
    HAND_ERR(bfc_score_peg_items(seq, 0, 0, items, 8), BFC_EINVAL);
    HAND_ERR(bfc_score_peg_items(NULL, 1, 0, items, 8), BFC_EINVAL);
    HAND_ERR(bfc_score_peg_items(seq, 2, BFC_CRIB, items, 8), BFC_EINVAL);
    L("KH JK 2C", seq, 3);
    HAND_ERR(bfc_score_peg_items(seq, 3, 0, items, 8), BFC_EJOKER); /* no joker in pegging */
    seq[0] = C("KH"), seq[1] = C("2C"), seq[2] = C("KH");
    HAND_ERR(bfc_score_peg_items(seq, 3, 0, items, 8), BFC_EDUP);
    HAND_ERR(bfc_score_peg_items(seq, 3, BFC_NODDY, items, 8), BFC_EDUP);
    seq[2] = C("3C");
    seq[1] = 99;
    HAND_ERR(bfc_score_peg_items(seq, 3, BFC_NODDY, items, 8), BFC_ECARD);
#undef HAND_ERR
}

/* ---- Narration ---------------------------------------------------------- */

/* The narration of a hand's items. */
static void narrate_hand(const char *hand, const char *starter, unsigned flags, const char *want)
{
    bfc_card h[6];
    bfc_item items[BFC_MAX_ITEMS];
    int n = L(hand, h, 6);
    int k = bfc_score_hand_items(h, (size_t)n, starter ? C(starter) : BFC_CARD_NONE, flags, items,
                                 BFC_MAX_ITEMS);
    char buf[512];
    int len = bfc_items_narrate(items, (size_t)(k > 0 ? k : 0), buf, sizeof buf);
    INT_EQ(len, (int)strlen(want));
    STR_EQ(buf, want);
}

static void narrate_front(const char *fl, const char *placed, unsigned flags, const char *want)
{
    bfc_card f[16];
    bfc_item items[BFC_MAX_ITEMS];
    int n = fl[0] ? L(fl, f, 16) : 0;
    int k = bfc_score_frontline_items(f, (size_t)n, C(placed), flags, items, BFC_MAX_ITEMS);
    char buf[512];
    int len = bfc_items_narrate(items, (size_t)(k > 0 ? k : 0), buf, sizeof buf);
    INT_EQ(len, (int)strlen(want));
    STR_EQ(buf, want);
}

static void narrate_peg(const char *seq, unsigned flags, const char *want)
{
    bfc_card s[16];
    bfc_item items[BFC_MAX_ITEMS];
    int n = L(seq, s, 16);
    int k = bfc_score_peg_items(s, (size_t)n, flags, items, BFC_MAX_ITEMS);
    char buf[512];
    int len = bfc_items_narrate(items, (size_t)(k > 0 ? k : 0), buf, sizeof buf);
    INT_EQ(len, (int)strlen(want));
    STR_EQ(buf, want);
}

/* The cadence players count in (bfc.h): a fifteen says its total after
 * the word, other scores "... is <total>", "and" before the first score
 * after the fifteens and before the last, numbers in words. */
static void test_items__narrate_hands(void)
{
    /* the 29 hand: eight fifteens, the six pairs of four fives said as one,
       his nob */
    narrate_hand("5H 5C 5S JD", "5D", 0,
                 "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, "
                 "fifteen twelve, fifteen fourteen, fifteen sixteen, and four of a kind is "
                 "twenty-eight, and nobs is twenty-nine");
    /* the "19 hand" */
    narrate_hand("3D 9C AH JS", "7C", 0, "nothing");
    /* RULES 2.1 order: fifteens, a pair, the double run of 3 said as one */
    narrate_hand("3H 3C 4D 5S", "KC", 0,
                 "fifteen two, fifteen four, and a pair is six, and a double run of three is "
                 "twelve");
    narrate_hand("2H 3C 4D 9S", "KC", 0, "fifteen two, fifteen four, and a run of three is seven");
    /* a double-double run: two pairs, four runs of three */
    narrate_hand("7H 7C 8D 8S", "9H", 0,
                 "fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten, "
                 "a pair is twelve, and a double-double run of three is twenty-four");
    /* a triple run: three pairs of sevens, three runs */
    narrate_hand("7H 7C 7D 8S", "9H", 0,
                 "fifteen two, fifteen four, fifteen six, and three of a kind is twelve, and a "
                 "triple run of three is twenty-one");
    /* a double run of four */
    narrate_hand("6H 7C 8D 8S", "9H", 0,
                 "fifteen two, fifteen four, fifteen six, and a pair is eight, and a double run "
                 "of four is sixteen");
    /* RULES 2.1 flush: 5 with the starter's suit, 4 without */
    narrate_hand("2H 4H 8H TH", "KH", 0, "a flush of five is five");
    narrate_hand("2H 4H 8H TH", "KS", 0, "a flush of four is four");
    narrate_hand("2H 4H 8H TH", "KS", BFC_CRIB, "nothing");
    narrate_hand("2H 4H 8H JH", "KH", 0, "a flush of five is five, and nobs is six");
    /* Noddy (RULES 3.6): a run of three is 2 */
    narrate_hand("2C 3D 4H", "9S", BFC_NODDY, "fifteen two, and a run of three is four");
    /* RULES 4.7: killed by the joker */
    narrate_hand("5H 5C 5S JD", "JK", BFC_KILL_CARD, "nothing");
    /* RULES 3.10 seven-card shows: the run shapes only six cards make */
    narrate_hand("4H 4S 5C 5D 6H", "6S", 0,
                 "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen "
                 "twelve, fifteen fourteen, fifteen sixteen, and a pair is eighteen, a pair is "
                 "twenty, a pair is twenty-two, and eight runs of three is forty-six");
    narrate_hand("4H 4S 4C 4D 5H", "6S", 0,
                 "fifteen two, fifteen four, fifteen six, fifteen eight, and four of a kind is "
                 "twenty, and a quadruple run of three is thirty-two");
    narrate_hand("6H 7C 7D 7S 8H", "9H", 0,
                 "fifteen two, fifteen four, fifteen six, fifteen eight, and three of a kind is "
                 "fourteen, and a triple run of four is twenty-six");
    narrate_hand("4H 4S 4C 5D 5H", "6S", 0,
                 "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen "
                 "twelve, and three of a kind is eighteen, a pair is twenty, and six runs of "
                 "three is thirty-eight");
    narrate_hand("AH 2C 3D 9S TH", "JS", 0,
                 "fifteen two, fifteen four, fifteen six, and a run of three is nine, and a run "
                 "of three is twelve");
    narrate_hand("3C 4D 5H 6S 7C", "8D", 0,
                 "fifteen two, fifteen four, fifteen six, fifteen eight, and a run of six is "
                 "fourteen");
    narrate_hand("2H 4H 8H TH QH", "KH", 0, "a flush of six is six");
    /* RULES 4.3: cease-fire run of 5, no starter */
    narrate_hand("9C 6D 8H 7S TC", NULL, BFC_KILL_CARD,
                 "fifteen two, fifteen four, and a run of five is nine");
}

static void test_items__narrate_frontline(void)
{
    /* RULES 4.5: renewal, the go to the player on the right */
    narrate_front("KH QS 9C", "5D", 0, "nothing; the go is one for the player on the right");
    /* RULES 2.3: turn-card jack, knobs to the dealer after the placer */
    narrate_front("5H", "JC", BFC_TURN_CARD,
                  "fifteen two, and one for last is three; knobs is two for the dealer");
    /* D8: a renewal with a jack turn card: go, then knobs, no last card */
    narrate_front("KH QS 9C", "JD", BFC_TURN_CARD,
                  "nothing; the go is one for the player on the right; knobs is two for the "
                  "dealer");
    /* RULES 6: 10-2-9-J = 31, knobs 2, last card 0 */
    narrate_front("TH 2S 9H", "JC", BFC_TURN_CARD, "thirty-one for two; knobs is two for the dealer");
    narrate_front("3C 4D", "5H", 0, "a run of three is three");
    narrate_front("7C 7D", "7H", 0, "three of a kind is six");
    narrate_front("AC AD AH", "AS", 0, "four of a kind is twelve");
    narrate_front("5C", "5D", 0, "a pair is two");
    narrate_front("AC AD 2H 2S", "3C", 0, "a double-double run of three is sixteen");
    narrate_front("2C 8D", "5H", 0, "fifteen two");
    narrate_front("", "JS", BFC_TURN_CARD, "one for last is one; knobs is two for the dealer");
    /* 31 with the turn card: no last card (RULES 2.3) */
    narrate_front("2H TH 9S", "TC", BFC_TURN_CARD, "thirty-one for two");
}

static void test_items__narrate_peg(void)
{
    narrate_peg("5C TD", 0, "fifteen two");
    narrate_peg("7C 7D 7H", 0, "three of a kind is six");
    narrate_peg("5C 5D 5H 5S", 0, "four of a kind is twelve");
    narrate_peg("4C 6D 5H", 0, "fifteen two, and a run of three is five");
    narrate_peg("TC TD 5H", BFC_NODDY, "twenty-five for two");   /* RULES 3.6: 25 */
    narrate_peg("2H 4H 6H", BFC_NODDY, "a flush of three is three"); /* RULES 3.6 flush of three */
    narrate_peg("2C 3D 4H", BFC_NODDY, "a run of three is two");   /* RULES 3.6 run of three */
    narrate_peg("KC QD JH AS", 0, "thirty-one for two");
    narrate_peg("KC 9D 6H 6S", 0, "thirty-one for two, and a pair is four");
}

/* Items built by hand: heels and the someone-else order. */
static void test_items__narrate_manual(void)
{
    bfc_item it[3];
    memset(it, 0, sizeof it);
    it[0].kind = BFC_ITEM_HEELS;
    it[0].points = 2;
    it[1].kind = BFC_ITEM_NOBS;
    it[1].points = 1;
    char buf[128];
    INT_EQ(bfc_items_narrate(it, 1, buf, sizeof buf),
           (int)strlen("nothing; his heels is two for the dealer"));
    STR_EQ(buf, "nothing; his heels is two for the dealer");
    /* points for someone else follow the counting player's, whatever the order */
    INT_EQ(bfc_items_narrate(it, 2, buf, sizeof buf),
           (int)strlen("nobs is one; his heels is two for the dealer"));
    STR_EQ(buf, "nobs is one; his heels is two for the dealer");
    INT_EQ(bfc_items_narrate(NULL, 0, buf, sizeof buf), 7);
    STR_EQ(buf, "nothing");
    /* totals of 100 and more are said in digits */
    bfc_item big[8];
    memset(big, 0, sizeof big);
    for (int i = 0; i < 8; i++) {
        big[i].kind = BFC_ITEM_COMBINATION;
        big[i].combo = BFC_COMBO_DOUBLE_DOUBLE_RUN;
        big[i].points = 16;
    }
    char long_buf[512];
    bfc_items_narrate(big, 8, long_buf, sizeof long_buf);
    CHECK(strstr(long_buf, "is ninety-six, a double-double run of three is 112, and a double-double "
                      "run of three is 128") != NULL);
}

/* snprintf-style narration: full length, always NUL-terminated. */
static void test_items__narrate_truncation(void)
{
    bfc_card h[4];
    bfc_item items[BFC_MAX_ITEMS];
    L("3H 3C 4D 5S", h, 4);
    int k = bfc_score_hand_items(h, 4, C("KC"), 0, items, BFC_MAX_ITEMS);
    const char *want =
        "fifteen two, fifteen four, and a pair is six, and a double run of three is twelve";
    const int full = (int)strlen(want);
    INT_EQ(bfc_items_narrate(items, (size_t)k, NULL, 0), full);
    for (size_t cap = 1; cap <= (size_t)full + 2; cap++) {
        char buf[128];
        memset(buf, '#', sizeof buf);
        INT_EQ(bfc_items_narrate(items, (size_t)k, buf, cap), full);
        size_t keep = cap - 1 < (size_t)full ? cap - 1 : (size_t)full;
        CHECK(memcmp(buf, want, keep) == 0);
        INT_EQ(buf[keep], '\0');
        INT_EQ(buf[cap], '#');
    }
    char buf[4] = {'#', '#', '#', '#'};
    INT_EQ(bfc_items_narrate(items, (size_t)k, buf, 0), full); /* cap 0: nothing written */
    INT_EQ(buf[0], '#');
    INT_EQ(bfc_items_narrate(NULL, 2, buf, sizeof buf), BFC_EINVAL);
    INT_EQ(bfc_items_narrate(items, (size_t)k, NULL, 5), BFC_EINVAL);
}

/* ---- Names --------------------------------------------------------------- */

static void test_items__kind_names(void)
{
    static const char *const names[] = {NULL,          "fifteen",     "pair",
                                        "run",         "flush",       "nobs",
                                        "thirty-one",  "twenty-five", "combination",
                                        "last card",   "go",          "knobs",
                                        "heels",       "declared",    "muggins",
                                        "three for last"};
    for (int k = BFC_ITEM_FIFTEEN; k <= BFC_ITEM_THREE_FOR_LAST; k++)
        STR_EQ(bfc_item_kind_name(k), names[k]);
    static const int bad[] = {0, 16, 17, -1, 255, 256, INT_MIN, INT_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        STR_EQ(bfc_item_kind_name(bad[i]), "?");
}

static void test_items__combo_names(void)
{
    static const char *const names[] = {"none",
                                        "pair",
                                        "three of a kind",
                                        "four of a kind",
                                        "run of 3",
                                        "run of 4",
                                        "run of 5",
                                        "double run of 3",
                                        "double run of 4",
                                        "triple run of 3",
                                        "double-double run of 3"};
    for (int c = BFC_COMBO_NONE; c <= BFC_COMBO_DOUBLE_DOUBLE_RUN; c++)
        STR_EQ(bfc_combo_name(c), names[c]);
    static const int bad[] = {11, 12, -1, 255, 256, INT_MIN, INT_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        STR_EQ(bfc_combo_name(bad[i]), "?");
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_items__all_four_card_hands);
    RUN(test_items__famous_hands);
    RUN(test_items__three_card_hands);
    RUN(test_items__ceasefire_and_kill);
    RUN(test_items__random_hands);
    RUN(test_items__seven_card_hands);
    RUN(test_items__item_cards_in_hand_order);
    RUN(test_items__frontline_random);
    RUN(test_items__peg_random);
    RUN(test_items__snprintf_style);
    RUN(test_items__errors);
    RUN(test_items__narrate_hands);
    RUN(test_items__narrate_frontline);
    RUN(test_items__narrate_peg);
    RUN(test_items__narrate_manual);
    RUN(test_items__narrate_truncation);
    RUN(test_items__kind_names);
    RUN(test_items__combo_names);
    return harness_done();
}
