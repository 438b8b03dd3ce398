/* Frontline (RULES 2.3, 4.5, D1, D2, D8) and classic pegging (RULES 2.2,
 * Noddy 3.6): every window of up to five cards with several sums, random
 * long frontlines and sequences, all against tests/brute.c, and edge cases
 * named after their rule. */
#define _DEFAULT_SOURCE /* mmap, MAP_ANONYMOUS: a guard page after a list */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "brute.h"
#include "internal.h"
#include "harness.h"

static const int combo_points[] = {0, 2, 6, 12, 3, 4, 5, 8, 10, 15, 16};
static const int combo_size[] = {0, 2, 3, 4, 3, 4, 5, 4, 5, 5, 5};

static int value(bfc_card c) { return c == BFC_JOKER ? 0 : (c / 4 + 1 > 10 ? 10 : c / 4 + 1); }

static int same_front(const bfc_frontline_score *g, const bfc_frontline_score *w)
{
    return g->renewed == w->renewed && g->sum == w->sum && g->length == w->length &&
           g->fifteen_31 == w->fifteen_31 && g->combination == w->combination &&
           g->combo_cards == w->combo_cards && g->last_card == w->last_card &&
           g->placer_points == w->placer_points && g->go_point == w->go_point &&
           g->knobs_dealer == w->knobs_dealer && g->reserved == 0 &&
           combo_points[g->combo] == g->combination &&
           (g->combo == 0 ? g->combo_cards == 0 : combo_size[g->combo] == g->combo_cards);
}

/* Scores one case with the library and brute force; counts a mismatch. */
static long long front_bad;
static void front_case(const bfc_card *fl, int n, bfc_card placed, int turn)
{
    bfc_frontline_score got, want;
    int rc = bfc_score_frontline(fl, (size_t)n, placed, turn ? BFC_TURN_CARD : 0, &got);
    brute_frontline(fl, n, placed, turn, &want);
    if (rc != want.placer_points || !same_front(&got, &want)) {
        if (front_bad++ < 5) {
            char text[256];
            bfc_cards_format(fl, (size_t)n, 0, text, sizeof text);
            fprintf(stderr, "frontline mismatch: [%s] + %d turn %d: %d, want %d\n", text,
                    placed, turn, rc, want.placer_points);
        }
    }
}

/* Every ordered window of 1..5 cards (13 ranks and the joker, suits by
 * order of appearance), behind prefixes of unused cards that bring the sum
 * to 15, 31, a renewal, or leave it alone. */
static void test_frontline__all_windows(void)
{
    long long cases = 0;
    front_bad = 0;
    for (int len = 1; len <= 5; len++) {
        long total = 1;
        for (int i = 0; i < len; i++)
            total *= 14;
        for (long code = 0; code < total; code++) {
            bfc_card win[5];
            int used[14] = {0}, ok = 1;
            long x = code;
            for (int i = 0; i < len; i++, x /= 14) {
                int sym = (int)(x % 14); /* 0..12 ranks, 13 joker */
                if (sym == 13) {
                    ok &= used[13]++ == 0;
                    win[i] = BFC_JOKER;
                } else {
                    ok &= used[sym] < 4;
                    win[i] = (bfc_card)(sym * 4 + used[sym]++);
                }
            }
            if (!ok || (code % harness_quick) != 0)
                continue;
            int wsum = 0, before = 0;
            for (int i = 0; i < len; i++)
                wsum += value(win[i]);
            before = wsum - value(win[len - 1]);
            if (before > 31)
                continue;
            /* prefix targets: none, sums after of 15 and 31, one over 31 */
            const int targets[4] = {0, 15 - wsum, 31 - wsum, 32 - wsum};
            for (int t = 0; t < 4; t++) {
                int want = targets[t];
                if ((t > 0 && want <= 0) || before + want > 31)
                    continue;
                bfc_card fl[20];
                int n = 0, left = want;
                /* unused cards from the top value down, spades first */
                for (int c = 51; c >= 0 && left > 0; c--) {
                    int taken = 0;
                    for (int i = 0; i < len; i++)
                        taken |= win[i] == c;
                    if (!taken && value((bfc_card)c) <= left) {
                        fl[n++] = (bfc_card)c;
                        left -= value((bfc_card)c);
                    }
                }
                for (int i = 0; i < len - 1; i++)
                    fl[n++] = win[i];
                front_case(fl, n, win[len - 1], 0);
                front_case(fl, n, win[len - 1], 1);
                cases += 2;
            }
        }
    }
    INT_EQ(front_bad, 0);
    CHECK(cases > 2000000 / harness_quick);
}

static uint64_t rng = 0x9E3779B97F4A7C15ULL;

/* Random cards (distinct, from the first `deck` ids) while the count stays
 * at or under 31, then one more distinct card; returns the length before it. */
static int random_run(bfc_card *seq, int deck, bfc_card *next)
{
    int n = 0, sum = 0;
    uint64_t seen = 0;
    for (;;) {
        bfc_card c;
        do
            c = (bfc_card)test_rnd(&rng, (unsigned)deck);
        while (seen >> c & 1);
        if (sum + value(c) > 31 || (n > 0 && test_rnd(&rng, 8) == 0)) {
            *next = c;
            return n;
        }
        seen |= 1ULL << c;
        seq[n++] = c;
        sum += value(c);
    }
}

static void test_frontline__random_long(void)
{
    front_bad = 0;
    for (int i = 0; i < 2000000 / harness_quick; i++) {
        bfc_card fl[40], placed;
        int n = random_run(fl, 53, &placed);
        front_case(fl, n, placed, i & 1);
    }
    INT_EQ(front_bad, 0);
}

static void test_peg__random(void)
{
    long long bad = 0;
    for (int i = 0; i < 2000000 / harness_quick; i++) {
        bfc_card seq[40], next;
        int n = random_run(seq, 52, &next);
        /* the last card of seq is the one just laid */
        if (n == 0)
            continue;
        const int noddy = i & 1;
        bfc_peg_score got, want;
        int rc = bfc_score_peg_detail(seq, (size_t)n, noddy ? BFC_NODDY : 0, &got);
        brute_peg(seq, n, noddy, &want);
        int ok = rc == want.total && got.total == want.total && got.count == want.count &&
                 got.fifteen_31 == want.fifteen_31 && got.pairs == want.pairs &&
                 got.runs == want.runs && got.flush == want.flush;
        if (!noddy)
            ok &= bfc_score_peg(seq, (size_t)n) == want.total;
        if (!ok && bad++ < 5)
            fprintf(stderr, "peg mismatch case %d: %d want %d\n", i, rc, want.total);
    }
    INT_EQ(bad, 0);
}

/* ---- named rule cases ------------------------------------------------- */

static int F(const char *frontline, const char *placed, unsigned flags, bfc_frontline_score *s)
{
    bfc_card fl[32], p[1];
    int n = bfc_cards_parse(frontline, BFC_PARSE_JOKER, fl, 32, NULL);
    if (bfc_cards_parse(placed, BFC_PARSE_JOKER, p, 1, NULL) != 1 || n < 0)
        return -100;
    return bfc_score_frontline(fl, (size_t)n, p[0], flags, s);
}

static void test_frontline__D1_four_of_a_kind(void)
{
    bfc_frontline_score s;
    INT_EQ(F("5C 5D 5H", "5S", 0, &s), 12);
    INT_EQ(s.combo, BFC_COMBO_FOUR_OF_A_KIND);
    STR_EQ(bfc_combo_name(s.combo), "four of a kind");
}

static void test_frontline__D2_pair_not_at_end(void)
{
    bfc_frontline_score s;
    INT_EQ(F("5C 9D", "5H", 0, &s), 0);
    INT_EQ(s.combo, BFC_COMBO_NONE);
}

static void test_frontline__joker_window(void)
{
    bfc_frontline_score s;
    INT_EQ(F("JK 3C 4D", "5H", 0, &s), 3); /* RULES 2.3: a shorter window after it */
    INT_EQ(F("3C JK 4D", "5H", 0, &s), 0); /* RULES 2.3: no window through the joker */
    INT_EQ(F("JH KS AC QH", "JK", 0, &s), 2); /* seed: the joker on 31 scores 2 again */
    INT_EQ(s.sum, 31);
    INT_EQ(F("7H 8C", "JK", 0, &s), 2);       /* ... and on 15 */
    INT_EQ(F("TC TD TH AS", "JK", 0, &s), 2); /* RULES 4.5: the joker never renews */
    INT_EQ(s.renewed, 0);
}

static void test_frontline__run_longer_than_five(void)
{
    bfc_frontline_score s;
    INT_EQ(F("AC 2D 3H 4S 5C", "6D", 0, &s), 5); /* only the last five count */
    INT_EQ(s.combo, BFC_COMBO_RUN_5);
}

static void test_frontline__renewal(void)
{
    bfc_frontline_score s;
    INT_EQ(F("TC TD TH", "2S", 0, &s), 0); /* RULES 4.5 */
    INT_EQ(s.renewed, 1);
    INT_EQ(s.go_point, 1);
    INT_EQ(s.sum, 2);
    INT_EQ(s.length, 1);
    INT_EQ(F("TC TD TH", "AS", 0, &s), 2); /* exactly 31: no renewal */
    INT_EQ(s.renewed, 0);
}

static void test_frontline__D8_turn_card_renewal(void)
{
    bfc_frontline_score s;
    INT_EQ(F("TC TD TH", "JS", BFC_TURN_CARD, &s), 0);
    INT_EQ(s.last_card, 0);
    INT_EQ(s.go_point, 1);
    INT_EQ(s.knobs_dealer, 2);
}

static void test_frontline__turn_card_extras(void)
{
    bfc_frontline_score s;
    INT_EQ(F("QC KD", "JH", BFC_TURN_CARD, &s), 4); /* seed (errata): run 3 + last 1 */
    INT_EQ(s.knobs_dealer, 2);
    INT_EQ(F("TH 2S 9H", "JC", BFC_TURN_CARD, &s), 2); /* 31: no last card */
    INT_EQ(s.last_card, 0);
    INT_EQ(s.knobs_dealer, 2);
    INT_EQ(F("TH 2S", "JK", BFC_TURN_CARD, &s), 1); /* a joker turn: last card, no knobs */
    INT_EQ(s.knobs_dealer, 0);
    INT_EQ(F("TH 2S", "JC", 0, &s), 0); /* not the turn card: no knobs */
    INT_EQ(s.knobs_dealer, 0);
}

static void test_frontline__empty_frontline(void)
{
    bfc_frontline_score s;
    /* RULES 4.4: taking the only card leaves the frontline empty */
    INT_EQ(bfc_score_frontline(NULL, 0, 20, 0, &s), 0);
    INT_EQ(s.sum, 6);
    INT_EQ(s.length, 1);
    INT_EQ(s.renewed, 0);
    INT_EQ(s.go_point, 0);
    INT_EQ(bfc_score_frontline(NULL, 0, 20, BFC_TURN_CARD, &s), 1);
}

static void test_frontline__errors(void)
{
    bfc_frontline_score s, sentinel;
    memset(&s, 0x44, sizeof s);
    sentinel = s;
    bfc_card fl[4] = {36, 37, 38, 39}; /* four tens: 40 */
    INT_EQ(bfc_score_frontline(fl, 4, 0, 0, &s), BFC_ECOUNT);
    INT_EQ(bfc_score_frontline(fl, 3, 36, 0, &s), BFC_EDUP);
    INT_EQ(bfc_score_frontline(fl, 3, 53, 0, &s), BFC_ECARD);
    INT_EQ(bfc_score_frontline(fl, 3, BFC_CARD_NONE, 0, &s), BFC_ECARD);
    INT_EQ(bfc_score_frontline(NULL, 2, 1, 0, &s), BFC_EINVAL);
    INT_EQ(bfc_score_frontline(fl, 1, 1, BFC_CRIB, &s), BFC_EINVAL);
    bfc_card dupj[2] = {BFC_JOKER, BFC_JOKER};
    INT_EQ(bfc_score_frontline(dupj, 1, BFC_JOKER, 0, &s), BFC_EDUP);
    INT_EQ(memcmp(&s, &sentinel, sizeof s), 0);
    INT_EQ(bfc_score_frontline(fl, 1, 1, 0, NULL), 0); /* out may be NULL */
}

/* Cards that end right before a page the process may not read: a scorer
 * that reads one card more than it was given stops the test (SIGSEGV). */
static bfc_card *guarded(const char *text, size_t *n, void **map, size_t *len)
{
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    *len = 2 * page;
    unsigned char *m = mmap(NULL, *len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED || mprotect(m + page, page, PROT_NONE) != 0) {
        CHECK(!"a guard page");
        return NULL;
    }
    bfc_card c[16];
    const int k = bfc_cards_parse(text, BFC_PARSE_JOKER, c, 16, NULL);
    *n = k > 0 ? (size_t)k : 0;
    bfc_card *at = (bfc_card *)(m + page - *n);
    memcpy(at, c, *n);
    *map = m;
    return at;
}

static void test_frontline__issue_29_length_checked_before_cards(void)
{
    /* issue 29 item 12: bfc_score_frontline, bfc_score_frontline_items,
     * bfc_score_peg, bfc_score_peg_detail and bfc_score_peg_items read every
     * card of a list of length n before checking n (ASan:
     * heap-buffer-overflow with n = SIZE_MAX). A length above any real
     * frontline (BFC_FRONTLINE_MAX) or sequence (BFC_PEG_MAX) is refused
     * before a card is read: here the cards end at a page the test may not
     * read, so a read past them is a crash, not a status. */
    size_t n, len;
    void *map;
    bfc_card *fl = guarded("AC 2D 3H", &n, &map, &len);
    if (!fl)
        return;
    const size_t longer[] = {SIZE_MAX, SIZE_MAX / 2, 4096, 17};
    bfc_frontline_score fs, fs0;
    bfc_peg_score ps, ps0;
    bfc_item items[4], items0[4];
    memset(&fs, 0x5A, sizeof fs);
    memset(&ps, 0x5A, sizeof ps);
    memset(items, 0x5A, sizeof items);
    fs0 = fs;
    ps0 = ps;
    memcpy(items0, items, sizeof items);
    for (size_t i = 0; i < sizeof longer / sizeof *longer; i++) {
        const size_t k = longer[i];
        INT_EQ(bfc_score_frontline(fl, k, 12, 0, &fs), BFC_EINVAL);
        INT_EQ(bfc_score_frontline(fl, k, 12, BFC_TURN_CARD, NULL), BFC_EINVAL);
        INT_EQ(bfc_score_frontline_items(fl, k, 12, 0, items, 4), BFC_EINVAL);
        INT_EQ(bfc_score_peg(fl, k), BFC_EINVAL);
        INT_EQ(bfc_score_peg_detail(fl, k, 0, &ps), BFC_EINVAL);
        INT_EQ(bfc_score_peg_detail(fl, k, BFC_NODDY, NULL), BFC_EINVAL);
        INT_EQ(bfc_score_peg_items(fl, k, 0, items, 4), BFC_EINVAL);
    }
    /* nothing written on refusal */
    CHECK(memcmp(&fs, &fs0, sizeof fs) == 0 && memcmp(&ps, &ps0, sizeof ps) == 0 &&
          memcmp(items, items0, sizeof items) == 0);
    /* the real length is scored as before, right up to the guard page */
    INT_EQ(bfc_score_frontline(fl, n, 12, 0, &fs), 4); /* 4C: a run of 4, sum 10 */
    INT_EQ(fs.combo, BFC_COMBO_RUN_4);
    INT_EQ(bfc_score_peg(fl, n), 3);
    INT_EQ(bfc_score_peg_items(fl, n, 0, items, 4), 1);
    munmap(map, len);
    /* the bounds themselves: a longest real frontline (14 cards, 28) and
       a longest sequence of the play (13 cards, 28) are scored */
    bfc_card c[16];
    memset(c, 0, sizeof c); /* past the cards: AC again */
    int k = bfc_cards_parse("JK AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C", BFC_PARSE_JOKER, c, 16,
                            NULL);
    INT_EQ(k, 14);
    CHECK(bfc_score_frontline(c, (size_t)k, 4 * 3 + 1, 0, NULL) >= 0); /* 4D: 32, renewed */
    INT_EQ(bfc_score_frontline(c, BFC_FRONTLINE_MAX, 17, 0, NULL), BFC_EDUP); /* read, refused */
    k = bfc_cards_parse("AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C", 0, c, 16, NULL);
    INT_EQ(k, 13);
    CHECK(bfc_score_peg(c, (size_t)k) >= 0);
}

static void test_peg__rules(void)
{
    bfc_card seq[16];
    bfc_peg_score s;
    int n = bfc_cards_parse("5C 5D", 0, seq, 16, NULL);
    INT_EQ(bfc_score_peg(seq, (size_t)n), 2);
    n = bfc_cards_parse("5C 5D 5H", 0, seq, 16, NULL);
    INT_EQ(bfc_score_peg(seq, (size_t)n), 8); /* "fifteen for eight" */
    n = bfc_cards_parse("AC 2D 5H 4S 3C", 0, seq, 16, NULL);
    INT_EQ(bfc_score_peg(seq, (size_t)n), 7); /* run of five + fifteen */
    n = bfc_cards_parse("AC 2D 5H 4S 3C 6D", 0, seq, 16, NULL);
    INT_EQ(bfc_score_peg(seq, (size_t)n), 6); /* run of six (RULES 2.2: no limit of 5) */
    n = bfc_cards_parse("TC TD 5H 6S", 0, seq, 16, NULL);
    INT_EQ(bfc_score_peg_detail(seq, (size_t)n, 0, &s), 2); /* 31 */
    INT_EQ(s.count, 31);
    n = bfc_cards_parse("TC TD 5H", 0, seq, 16, NULL);
    INT_EQ(bfc_score_peg_detail(seq, (size_t)n, BFC_NODDY, &s), 2); /* Noddy: 25 */
    n = bfc_cards_parse("2H 3H 4H", 0, seq, 16, NULL);
    INT_EQ(bfc_score_peg_detail(seq, (size_t)n, BFC_NODDY, &s), 2 + 3); /* run 2, flush 3 */
    INT_EQ(bfc_score_peg_detail(seq, (size_t)n, 0, &s), 3);
    /* errors */
    INT_EQ(bfc_score_peg(seq, 0), BFC_EINVAL);
    INT_EQ(bfc_score_peg(NULL, 1), BFC_EINVAL);
    n = bfc_cards_parse("TC TD TH 2S", 0, seq, 16, NULL);
    INT_EQ(bfc_score_peg(seq, (size_t)n), BFC_ECOUNT);
    seq[0] = BFC_JOKER;
    INT_EQ(bfc_score_peg(seq, 1), BFC_EJOKER);
    seq[0] = 7, seq[1] = 7;
    INT_EQ(bfc_score_peg(seq, 2), BFC_EDUP);
    INT_EQ(bfc_score_peg_detail(seq, 1, BFC_CRIB, &s), BFC_EINVAL);
}

/* bfc_frontline_place along random streams of cards agrees with
 * bfc_score_frontline on the same cards, and the kept state matches a
 * frontline set afresh from its cards. */
static void test_frontline__kept_matches_stateless(void)
{
    long long bad = 0;
    for (int deck = 0; deck < 20000 / harness_quick; deck++) {
        bfc_card order[53];
        for (int i = 0; i < 53; i++)
            order[i] = (bfc_card)i;
        for (int i = 52; i > 0; i--) {
            int j = (int)test_rnd(&rng, (unsigned)i + 1);
            bfc_card t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        bfc_frontline f;
        bfc_frontline_init(&f);
        for (int i = 0; i < 53; i++) {
            const unsigned flags = test_rnd(&rng, 2) ? BFC_TURN_CARD : 0;
            if (f.n > 0 && test_rnd(&rng, 6) == 0) { /* a take now and then */
                bfc_card c;
                bad += bfc_frontline_take(&f, &c) != BFC_OK || c != order[i - 1];
            }
            bfc_frontline_score want, got;
            int w = bfc_score_frontline(f.cards, f.n, order[i], flags, &want);
            int g = bfc_frontline_place(&f, order[i], flags, &got);
            bad += w != g || memcmp(&want, &got, sizeof got) != 0;
            bfc_frontline fresh;
            bad += bfc_frontline_set(&fresh, f.cards, f.n) != BFC_OK ||
                   memcmp(&fresh, &f, sizeof f) != 0;
            bad += f.sum != want.sum || f.n != want.length;
        }
    }
    INT_EQ(bad, 0);
}

/* A random valid frontline of up to `want` cards into cards[] (low cards
 * favoured so that long ones are common, the joker one pick in eight);
 * returns how many, and their bit set in *used. */
static unsigned random_frontline(bfc_card *cards, unsigned want, uint64_t *used)
{
    unsigned n = 0, sum = 0;
    *used = 0;
    for (int tries = 0; tries < 200 && n < want; tries++) {
        const unsigned pick = test_rnd(&rng, 8);
        const bfc_card c = pick == 0   ? BFC_JOKER
                           : pick < 5 ? (bfc_card)test_rnd(&rng, 12)
                                      : (bfc_card)test_rnd(&rng, 52);
        const unsigned v = c == BFC_JOKER ? 0u : bfc__value(c);
        if ((*used >> c & 1u) || sum + v > 31)
            continue;
        *used |= UINT64_C(1) << c;
        sum += v;
        cards[n++] = c;
    }
    return n;
}

/* The engine's take (bfc__frontline_pop_card, no re-scan; the joker goes
 * to bfc_frontline_take) leaves the same frontline as bfc_frontline_take,
 * on random valid frontlines of every length to BFC_FRONTLINE_MAX, with
 * and without the joker. */
static void test_frontline__pop_matches_take(void)
{
    long long bad = 0, long_ones = 0, jokers_taken = 0;
    for (int it = 0; it < 200000 / harness_quick; it++) {
        bfc_card cards[BFC_FRONTLINE_MAX];
        uint64_t used;
        const unsigned n = random_frontline(cards, 1 + test_rnd(&rng, BFC_FRONTLINE_MAX), &used);
        bfc_frontline want_f, got_f;
        if (bfc_frontline_set(&want_f, cards, n) != BFC_OK) {
            bad++;
            continue;
        }
        got_f = want_f;
        bfc_card want_c = 0, got_c = 1;
        bad += bfc_frontline_take(&want_f, &want_c) != BFC_OK;
        if (want_c == BFC_JOKER) /* the joker's take re-scans: bfc_frontline_take itself */
            bad += bfc_frontline_take(&got_f, &got_c) != BFC_OK;
        else
            got_c = bfc__frontline_pop_card(&got_f);
        bad += want_c != got_c || memcmp(&want_f, &got_f, sizeof got_f) != 0;
        long_ones += n >= 9;
        jokers_taken += want_c == BFC_JOKER;
    }
    INT_EQ(bad, 0);
    CHECK(long_ones > 0 && jokers_taken > 0); /* both cases were reached */
}

/* The engine's placement (bfc__frontline_put, no checks, the points and
 * the go and knobs in one word) leaves the same frontline as
 * bfc_frontline_place and reports its placer's points, go and knobs (the
 * bytes 8..11 of its score), on random valid frontlines and every card not
 * on them, with and without the turn card; a renewal adds the old cards to
 * the gone set. */
static void test_frontline__put_matches_place(void)
{
    long long bad = 0, renewals = 0, scored = 0;
    for (int it = 0; it < 20000 / harness_quick; it++) {
        bfc_card cards[BFC_FRONTLINE_MAX];
        uint64_t used;
        const unsigned n = random_frontline(cards, test_rnd(&rng, 8), &used);
        bfc_frontline start;
        if (bfc_frontline_set(&start, cards, n) != BFC_OK) {
            bad++;
            continue;
        }
        for (unsigned c = 0; c <= BFC_JOKER; c++) {
            if (used >> c & 1u)
                continue;
            for (unsigned flags = 0; flags <= BFC_TURN_CARD; flags += BFC_TURN_CARD) {
                bfc_frontline want_f = start, got_f = start;
                bfc_frontline_score fs;
                bad += bfc_frontline_place(&want_f, (bfc_card)c, flags, &fs) < 0;
                uint64_t gone = 1, want_gone = 1 | (fs.renewed ? start.mask : 0);
                const uint32_t p = bfc__frontline_put(&got_f, (bfc_card)c, flags, &gone);
                bad += memcmp(&want_f, &got_f, sizeof got_f) != 0 || gone != want_gone;
                bad += (p & 255u) != fs.placer_points || (p >> 8 & 255u) != fs.go_point ||
                       (p >> 16 & 255u) != fs.knobs_dealer || (p >> 24) != fs.reserved;
                renewals += fs.renewed;
                scored += fs.placer_points > 0;
            }
        }
    }
    INT_EQ(bad, 0);
    CHECK(renewals > 0 && scored > 0); /* both cases were reached */
}

/* The engine's take and placement in one step (bfc__frontline_retake)
 * leaves the same frontline, gone set and points as bfc_frontline_take
 * then bfc_frontline_place, on random valid frontlines of every length
 * whose end card is not the joker and every card not on them (the taken
 * card goes to the formation, never back), with and without the turn
 * card. */
static void test_frontline__retake_matches_take_place(void)
{
    long long bad = 0, renewals = 0, scored = 0, long_ones = 0;
    for (int it = 0; it < 20000 / harness_quick; it++) {
        bfc_card cards[BFC_FRONTLINE_MAX];
        uint64_t used;
        const unsigned n = random_frontline(cards, 1 + test_rnd(&rng, BFC_FRONTLINE_MAX), &used);
        bfc_frontline start;
        if (n == 0 || bfc_frontline_set(&start, cards, n) != BFC_OK) {
            bad++;
            continue;
        }
        if (cards[n - 1] == BFC_JOKER) /* the joker's take re-scans: not this path */
            continue;
        long_ones += n >= 9;
        for (unsigned c = 0; c <= BFC_JOKER; c++) {
            if (used >> c & 1u)
                continue;
            for (unsigned flags = 0; flags <= BFC_TURN_CARD; flags += BFC_TURN_CARD) {
                bfc_frontline want_f = start, got_f = start;
                bfc_card taken = BFC_CARD_NONE;
                bfc_frontline_score fs;
                bad += bfc_frontline_take(&want_f, &taken) != BFC_OK || taken != cards[n - 1];
                const uint64_t before = want_f.mask;
                bad += bfc_frontline_place(&want_f, (bfc_card)c, flags, &fs) < 0;
                uint64_t gone = 1, want_gone = 1 | (fs.renewed ? before : 0);
                const uint32_t p = bfc__frontline_retake(&got_f, (bfc_card)c, flags, &gone);
                bad += memcmp(&want_f, &got_f, sizeof got_f) != 0 || gone != want_gone;
                bad += (p & 255u) != fs.placer_points || (p >> 8 & 255u) != fs.go_point ||
                       (p >> 16 & 255u) != fs.knobs_dealer || (p >> 24) != fs.reserved;
                renewals += fs.renewed;
                scored += fs.placer_points > 0;
            }
        }
    }
    INT_EQ(bad, 0);
    CHECK(renewals > 0 && scored > 0 && long_ones > 0); /* every case was reached */
}

static void test_frontline__kept_errors(void)
{
    bfc_frontline f, before;
    bfc_card cards[3] = {36, 37, 38};
    INT_EQ(bfc_frontline_set(&f, cards, 3), BFC_OK);
    before = f;
    bfc_frontline_score s;
    INT_EQ(bfc_frontline_place(&f, 36, 0, &s), BFC_EDUP);
    INT_EQ(bfc_frontline_place(&f, 99, 0, &s), BFC_ECARD);
    INT_EQ(bfc_frontline_place(&f, 1, BFC_CRIB, &s), BFC_EINVAL);
    INT_EQ(bfc_frontline_place(NULL, 1, 0, &s), BFC_EINVAL);
    bfc_card dup[2] = {5, 5};
    INT_EQ(bfc_frontline_set(&f, dup, 2), BFC_EDUP);
    bfc_card big[4] = {36, 37, 38, 39};
    INT_EQ(bfc_frontline_set(&f, big, 4), BFC_ECOUNT);
    INT_EQ(memcmp(&f, &before, sizeof f), 0);
    f.sum = 200; /* a struct changed by hand */
    INT_EQ(bfc_frontline_place(&f, 1, 0, &s), BFC_EINVAL);
    bfc_frontline_init(&f);
    bfc_card c;
    INT_EQ(bfc_frontline_take(&f, &c), BFC_EINVAL); /* empty */
    INT_EQ(bfc_frontline_place(&f, 20, 0, &s), 0);  /* RULES 4.4: begins it */
    INT_EQ(bfc_frontline_take(&f, &c), BFC_OK);
    INT_EQ(c, 20);
    INT_EQ(f.n, 0);
    INT_EQ(f.sum, 0);
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_frontline__D1_four_of_a_kind);
    RUN(test_frontline__D2_pair_not_at_end);
    RUN(test_frontline__joker_window);
    RUN(test_frontline__retake_matches_take_place);
    RUN(test_frontline__run_longer_than_five);
    RUN(test_frontline__renewal);
    RUN(test_frontline__D8_turn_card_renewal);
    RUN(test_frontline__turn_card_extras);
    RUN(test_frontline__empty_frontline);
    RUN(test_frontline__errors);
    RUN(test_frontline__issue_29_length_checked_before_cards);
    RUN(test_peg__rules);
    RUN(test_frontline__kept_errors);
    RUN(test_frontline__kept_matches_stateless);
    RUN(test_frontline__pop_matches_take);
    RUN(test_frontline__put_matches_place);
    RUN(test_frontline__all_windows);
    RUN(test_frontline__random_long);
    RUN(test_peg__random);
    return harness_done();
}
