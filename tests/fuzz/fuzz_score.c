/* Fuzz target: every scorer, compared with the brute-force reference of
 * tests/brute.c.
 *
 * Input: byte 0 is a flags value (passed raw, so unknown flags are tried
 * too, and also masked to every valid combination); the low two bits of
 * byte 1 choose how the bytes from byte 3 on become cards:
 *   0  raw byte values (any 0..255: most are not cards)
 *   1  byte % 53 (always a card, often valid hands)
 *   2  byte % 21: ace..5 and the joker (long frontlines and pegging runs)
 *   3  byte % 64 (cards and the non-cards 53..63)
 * and 0xFF stays 0xFF (BFC_CARD_NONE) in every mode. Bits 2..7 of byte 1
 * pick a split point for the kept-frontline sequence, bit 7 also the crib
 * flag whose batch scores are compared with brute_show.
 * Byte 2 is the focus: every call of every length has its status checked,
 * but the reference, the items (at several capacities) and the narration
 * are checked where the focus points, so that one input costs a few
 * dozen scorer calls rather than hundreds (the reference costs 10 to 70
 * times the scorer it checks):
 *   bits 0-1  the hands: 4 cards (0), 3 (1), 5 (2) or every length (3),
 *             each with the next card as the starter and without, in
 *             every flag combination against the reference, with items
 *             and narration for raw's flags (other lengths: raw's flags,
 *             the status only)
 *   bits 2-6  L: the frontlines of L % 21 .. L % 21 + 3 cards and the
 *             pegging sequences of L % 17 .. L % 17 + 3 cards against the
 *             reference in three flag sets, the first of each with items
 *             and narration (other lengths: one flag set, the status only)
 *   bit 7     the battlefield scorer against brute_battlefield too (always
 *             against bfc_score_hand and its own best and legal lay-aways)
 * The batch scorer is compared with bfc_score_show for every starter and
 * with brute_show for the starters among cards 5-8.
 *
 * Invariants: a result or a negative status from the documented set, never
 * a crash; a status only for input that has that problem; out-structs and
 * buffers untouched by a failed call (sentinel-filled, compared); with valid
 * input every field equals the reference; items are well formed, in the
 * documented order, add up to the totals, and do not depend on the buffer
 * capacity; narration is snprintf-consistent and NUL-terminated within cap.
 */
#include <stdlib.h>
#include <string.h>

#include "bfc.h"
#include "brute.h"
#include "fuzz.h"

const char fuzz_target_name[] = "fuzz_score";

#define NC 24   /* cards decoded from an input, at most */
#define GUARD 4 /* sentinel elements after a capacity */
#define NONE BFC_CARD_NONE

/* ---- Conditions and statuses --------------------------------------------- */

enum { C_INVAL = 1, C_CARD = 2, C_DUP = 4, C_JOKER = 8, C_COUNT = 16 };

static unsigned cond_of(int rc)
{
    switch (rc) {
    case BFC_EINVAL: return C_INVAL;
    case BFC_ECARD: return C_CARD;
    case BFC_EDUP: return C_DUP;
    case BFC_EJOKER: return C_JOKER;
    case BFC_ECOUNT: return C_COUNT;
    default: return 0;
    }
}

/* A success for input without problems; else a status naming one of them. */
static void expect_status(int rc, unsigned conds)
{
    if (!conds)
        FUZZ_CHECK(rc >= 0);
    else
        FUZZ_CHECK(rc < 0 && (cond_of(rc) & conds) != 0);
}

static int is_card(bfc_card c) { return c <= BFC_JOKER; }
static unsigned rank_of(bfc_card c) { return c / 4u + 1u; }
static unsigned suit_of(bfc_card c) { return c % 4u; }
static unsigned pip(bfc_card c)
{
    return c >= BFC_JOKER ? 0 : rank_of(c) > 10 ? 10 : rank_of(c);
}

/* The problems of a list of cards: non-cards, a card twice, the joker. */
static unsigned card_conds(const bfc_card *c, size_t n, int joker_ok)
{
    unsigned conds = 0;
    uint64_t seen = 0; /* the cards so far, one bit each (the joker is 52) */
    for (size_t i = 0; i < n; i++) {
        if (!is_card(c[i])) {
            conds |= C_CARD;
            continue;
        }
        if (c[i] == BFC_JOKER && !joker_ok)
            conds |= C_JOKER;
        const uint64_t bit = UINT64_C(1) << c[i];
        if (seen & bit)
            conds |= C_DUP;
        seen |= bit;
    }
    return conds;
}

static unsigned pip_sum(const bfc_card *c, size_t n)
{
    unsigned s = 0;
    for (size_t i = 0; i < n; i++)
        s += pip(c[i]);
    return s;
}

/* Position of card c in list[0..n), or n. */
static size_t find(const bfc_card *list, size_t n, bfc_card c)
{
    size_t i = 0;
    while (i < n && list[i] != c)
        i++;
    return i;
}

/* ---- Items and narration ------------------------------------------------- */

/* The arguments of one *_items call, so that one checker tries every
 * capacity of every items function. */
typedef struct {
    int which; /* 0 hand, 1 frontline, 2 peg */
    const bfc_card *cards;
    size_t n;
    bfc_card extra; /* starter / placed */
    unsigned flags;
} items_call;

static int call_items(const items_call *a, bfc_item *items, size_t cap)
{
    switch (a->which) {
    case 0: return bfc_score_hand_items(a->cards, a->n, a->extra, a->flags, items, cap);
    case 1: return bfc_score_frontline_items(a->cards, a->n, a->extra, a->flags, items, cap);
    default: return bfc_score_peg_items(a->cards, a->n, a->flags, items, cap);
    }
}

/* Which of the small capacities (and narration lengths) a call tries: a
 * counter from 0 at the start of each input, so every capacity is tried in
 * every input that makes a few calls, each call costing a few scorer calls
 * instead of all of them. */
static unsigned cap_turn;

/* Calls with capacity BFC_MAX_ITEMS, 0 with NULL (the count), 1 with NULL
 * (refused), and one of 0, 1 and 3 in turn: one answer, min(count, cap)
 * items written and nothing more, the same items. Returns the count or
 * status; the items are in big. */
static int items_all_caps(const items_call *a, bfc_item big[BFC_MAX_ITEMS + GUARD])
{
    memset(big, FUZZ_SENTINEL, (BFC_MAX_ITEMS + GUARD) * sizeof *big);
    int rc = call_items(a, big, BFC_MAX_ITEMS);
    if (rc < 0) {
        FUZZ_CHECK(fuzz_all_sentinel(big, (BFC_MAX_ITEMS + GUARD) * sizeof *big));
    } else {
        FUZZ_CHECK(rc <= BFC_MAX_ITEMS);
        FUZZ_CHECK(fuzz_all_sentinel(big + rc, (size_t)(BFC_MAX_ITEMS + GUARD - rc) * sizeof *big));
    }
    FUZZ_CHECK(call_items(a, NULL, 0) == rc);
    static const size_t caps[] = {0, 1, 3};
    {
        bfc_item small[3 + GUARD];
        memset(small, FUZZ_SENTINEL, sizeof small);
        size_t cap = caps[cap_turn++ % 3];
        FUZZ_CHECK(call_items(a, small, cap) == rc);
        size_t w = rc < 0 ? 0 : (size_t)rc < cap ? (size_t)rc : cap;
        FUZZ_CHECK(memcmp(small, big, w * sizeof *small) == 0);
        FUZZ_CHECK(fuzz_all_sentinel(small + w, sizeof small - w * sizeof *small));
    }
    int nul = call_items(a, NULL, 1);
    FUZZ_CHECK(nul < 0 && (rc < 0 ? nul == rc || nul == BFC_EINVAL : nul == BFC_EINVAL));
    return rc;
}

static int for_someone_else(int kind)
{
    return kind == BFC_ITEM_GO || kind == BFC_ITEM_KNOBS || kind == BFC_ITEM_HEELS;
}

/* " twenty-nine": a total as bfc_items_narrate says it (words below 100,
 * digits from 100), with the space before it. */
static int say_number(unsigned v, char *out, size_t cap)
{
    static const char *const small[] = {"zero", "one", "two", "three", "four", "five", "six",
                                        "seven", "eight", "nine", "ten", "eleven", "twelve",
                                        "thirteen", "fourteen", "fifteen", "sixteen",
                                        "seventeen", "eighteen", "nineteen"};
    static const char *const tens[] = {"", "", "twenty", "thirty", "forty", "fifty", "sixty",
                                       "seventy", "eighty", "ninety"};
    if (v >= 100)
        return snprintf(out, cap, " %u", v);
    if (v < 20)
        return snprintf(out, cap, " %s", small[v]);
    if (v % 10 == 0)
        return snprintf(out, cap, " %s", tens[v / 10]);
    return snprintf(out, cap, " %s-%s", tens[v / 10], small[v % 10]);
}

/* Narration of n items, own = the counting player's points: the same
 * length for every capacity (a big buffer, none, and two of 1, 2, 5, 16,
 * the length and one more, in turn), a NUL-terminated prefix within cap,
 * nothing written past cap, and the count ending in own, said in words. */
static void check_narrate(const bfc_item *items, size_t n, unsigned own)
{
    char big[4096];
    int len = bfc_items_narrate(items, n, big, sizeof big);
    FUZZ_CHECK(len > 0 && (size_t)len < sizeof big && strlen(big) == (size_t)len);
    FUZZ_CHECK(bfc_items_narrate(items, n, NULL, 0) == len);
    const size_t caps[] = {1, 2, 5, 16, (size_t)len, (size_t)len + 1};
    const size_t first = cap_turn++ % 3;
    for (size_t k = first; k < sizeof caps / sizeof caps[0]; k += 3) {
        char small[sizeof big + GUARD];
        size_t cap = caps[k];
        memset(small, FUZZ_SENTINEL, cap + GUARD);
        FUZZ_CHECK(bfc_items_narrate(items, n, small, cap) == len);
        size_t w = (size_t)len < cap ? (size_t)len : cap - 1;
        FUZZ_CHECK(memcmp(small, big, w) == 0 && small[w] == '\0');
        FUZZ_CHECK(fuzz_all_sentinel(small + cap, GUARD));
    }
    /* the counted part (up to the first "; ", the points for others) ends
       with the total as players say it: " twenty-nine", or "nothing" */
    char want[32];
    int said = 0;
    for (size_t i = 0; i < n; i++)
        said |= !for_someone_else(items[i].kind);
    int wl = said ? say_number(own, want, sizeof want) : snprintf(want, sizeof want, "nothing");
    const char *semi = strstr(big, "; ");
    size_t end = semi ? (size_t)(semi - big) : (size_t)len;
    FUZZ_CHECK(end >= (size_t)wl && memcmp(big + end - (size_t)wl, want, (size_t)wl) == 0);
    if (!said)
        FUZZ_CHECK(end == (size_t)wl);
}

/* Common checks of one item against the cards it may use. */
static void check_item_cards(const bfc_item *it, const bfc_card *cards, size_t m, int ordered)
{
    FUZZ_CHECK(it->ncards >= 1 && it->ncards <= BFC_ITEM_MAX_CARDS && it->ncards <= m);
    FUZZ_CHECK(it->kind == BFC_ITEM_COMBINATION || it->combo == 0);
    size_t prev = 0;
    for (size_t i = 0; i < it->ncards; i++) {
        size_t at = find(cards, m, it->cards[i]);
        FUZZ_CHECK(at < m);
        for (size_t j = 0; j < i; j++)
            FUZZ_CHECK(it->cards[j] != it->cards[i]);
        if (ordered)
            FUZZ_CHECK(i == 0 || at > prev);
        prev = at;
    }
}

/* ncards distinct consecutive ranks */
static int is_run(const bfc_card *c, size_t n)
{
    unsigned lo = 99, hi = 0, seen = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned r = rank_of(c[i]);
        if (seen >> r & 1)
            return 0;
        seen |= 1u << r;
        lo = r < lo ? r : lo;
        hi = r > hi ? r : hi;
    }
    return n >= 3 && hi - lo == n - 1;
}

static int same_rank(const bfc_card *c, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (rank_of(c[i]) != rank_of(c[0]))
            return 0;
    return 1;
}

static int same_suit(const bfc_card *c, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (suit_of(c[i]) != suit_of(c[0]))
            return 0;
    return 1;
}

/* Two items of the same kind with the same card set. */
static int same_item(const bfc_item *a, const bfc_item *b)
{
    if (a->kind != b->kind || a->ncards != b->ncards)
        return 0;
    for (size_t i = 0; i < a->ncards; i++)
        if (find(b->cards, b->ncards, a->cards[i]) == b->ncards)
            return 0;
    return 1;
}

static void check_hand_items(const bfc_card *hand, size_t n, bfc_card starter, unsigned flags,
                             const bfc_hand_score *s)
{
    items_call a = {0, hand, n, starter, flags};
    bfc_item it[BFC_MAX_ITEMS + GUARD];
    int k = items_all_caps(&a, it);
    FUZZ_CHECK(k >= 0);
    if (s->killed)
        FUZZ_CHECK(k == 0);
    bfc_card c[6];
    size_t m = n;
    memcpy(c, hand, n);
    if (starter != NONE)
        c[m++] = starter;
    unsigned present = 0;
    for (size_t i = 0; i < m; i++)
        present |= 1u << rank_of(c[i]);
    unsigned sum[6] = {0}, total = 0;
    int last_kind = 0;
    for (int i = 0; i < k; i++) {
        const bfc_item *t = &it[i];
        FUZZ_CHECK(t->kind >= BFC_ITEM_FIFTEEN && t->kind <= BFC_ITEM_NOBS);
        FUZZ_CHECK(t->kind >= last_kind); /* RULES 2.1 order */
        last_kind = t->kind;
        check_item_cards(t, c, m, 1); /* bfc.h: hand order, starter last */
        switch (t->kind) {
        case BFC_ITEM_FIFTEEN:
            FUZZ_CHECK(t->points == 2 && pip_sum(t->cards, t->ncards) == 15);
            break;
        case BFC_ITEM_PAIR:
            FUZZ_CHECK(t->points == 2 && t->ncards == 2 && same_rank(t->cards, 2));
            break;
        case BFC_ITEM_RUN: {
            FUZZ_CHECK(is_run(t->cards, t->ncards));
            unsigned lo = 99, hi = 0;
            for (size_t j = 0; j < t->ncards; j++) {
                lo = rank_of(t->cards[j]) < lo ? rank_of(t->cards[j]) : lo;
                hi = rank_of(t->cards[j]) > hi ? rank_of(t->cards[j]) : hi;
            }
            FUZZ_CHECK(!(present >> (lo - 1) & 1) && !(present >> (hi + 1) & 1)); /* maximal */
            FUZZ_CHECK(t->points == ((flags & BFC_NODDY) && t->ncards == 3 ? 2 : t->ncards));
            break;
        }
        case BFC_ITEM_FLUSH:
            FUZZ_CHECK(t->points == t->ncards && t->ncards >= n && same_suit(t->cards, t->ncards));
            FUZZ_CHECK(memcmp(t->cards, hand, n) == 0);
            break;
        default: /* nobs */
            FUZZ_CHECK(t->points == 1 && t->ncards == 1 && starter != NONE);
            FUZZ_CHECK(rank_of(t->cards[0]) == BFC_JACK && suit_of(t->cards[0]) == suit_of(starter));
            FUZZ_CHECK(find(hand, n, t->cards[0]) < n);
            break;
        }
        for (int j = 0; j < i; j++)
            FUZZ_CHECK(!same_item(&it[j], t));
        sum[t->kind] += t->points;
        total += t->points;
    }
    FUZZ_CHECK(sum[BFC_ITEM_FIFTEEN] == s->fifteens && sum[BFC_ITEM_PAIR] == s->pairs &&
               sum[BFC_ITEM_RUN] == s->runs && sum[BFC_ITEM_FLUSH] == s->flush &&
               sum[BFC_ITEM_NOBS] == s->nobs && total == s->total);
    check_narrate(it, (size_t)k, s->total);
}

/* ---- Show scoring -------------------------------------------------------- */

/* Reference hand scores of one input, by n (3..5), starter slot and the
 * flags that change a score (BFC_CRIB, BFC_NODDY): brute_show once each. */
typedef struct {
    bfc_hand_score score[3][2][4];
    unsigned char have[3][2][4];
} hand_cache;

static const bfc_hand_score *reference_hand(const bfc_card *hand, size_t n, bfc_card starter,
                                            size_t si, unsigned flags, hand_cache *cache)
{
    static bfc_hand_score uncached;
    const unsigned f = flags & (BFC_CRIB | BFC_NODDY);
    if (!cache || n < 3 || n > 5 || si > 1) {
        brute_show(hand, (int)n, starter, f, &uncached);
        return &uncached;
    }
    const unsigned fi = (f & BFC_CRIB ? 1u : 0u) | (f & BFC_NODDY ? 2u : 0u);
    bfc_hand_score *slot = &cache->score[n - 3][si][fi];
    if (!cache->have[n - 3][si][fi]) {
        brute_show(hand, (int)n, starter, f, slot);
        cache->have[n - 3][si][fi] = 1;
    }
    return slot;
}

/* depth: 0 the status and the out-struct only, 1 also the values against
 * the reference, 2 also the items and their narration. */
static void check_hand(const bfc_card *hand, size_t n, bfc_card starter, size_t si,
                       unsigned flags, int depth, hand_cache *cache)
{
    unsigned conds = 0;
    /* five cards with a starter (seven-card, RULES 3.10) take BFC_CRIB only */
    if (n < 3 || n > 5 || (n == 5 && starter != NONE && (flags & ~BFC_CRIB)) ||
        (flags & ~(BFC_CRIB | BFC_KILL_CARD | BFC_NODDY)))
        conds |= C_INVAL;
    bfc_card all[8];
    size_t m = n < 6 ? n : 6;
    memcpy(all, hand, m);
    if (starter != NONE)
        all[m++] = starter;
    conds |= card_conds(all, m, (flags & BFC_KILL_CARD) != 0);
    bfc_hand_score s;
    memset(&s, FUZZ_SENTINEL, sizeof s);
    int rc = bfc_score_hand(hand, n, starter, flags, &s);
    expect_status(rc, conds);
    FUZZ_CHECK(bfc_score_hand(hand, n, starter, flags, NULL) == rc);
    if (rc < 0) {
        FUZZ_CHECK(fuzz_all_sentinel(&s, sizeof s));
        if (depth >= 2) {
            items_call a = {0, hand, n, starter, flags};
            bfc_item it[BFC_MAX_ITEMS + GUARD];
            FUZZ_CHECK(items_all_caps(&a, it) == rc);
        }
        return;
    }
    if (depth == 0)
        return;
    const bfc_hand_score *want = reference_hand(hand, n, starter, si, flags, cache);
    FUZZ_CHECK(rc == want->total && memcmp(&s, want, sizeof s) == 0);
    if (depth >= 2)
        check_hand_items(hand, n, starter, flags, &s);
}

/* The show; ref[crib] caches brute_show's total (-1: not yet). */
static void check_show(const bfc_card hand[4], bfc_card starter, unsigned flags, int ref[2])
{
    unsigned conds = (flags & ~(BFC_CRIB | BFC_KILL_CARD)) ? C_INVAL : 0;
    bfc_card all[5] = {hand[0], hand[1], hand[2], hand[3], starter};
    conds |= card_conds(all, 5, (flags & BFC_KILL_CARD) != 0);
    int rc = bfc_score_show(hand, starter, flags);
    expect_status(rc, conds);
    if (rc < 0)
        return;
    const int crib = (flags & BFC_CRIB) != 0;
    if (ref[crib] < 0) {
        bfc_hand_score want;
        ref[crib] = brute_show(hand, 4, starter, flags & BFC_CRIB, &want);
    }
    FUZZ_CHECK(rc == ref[crib]);
    FUZZ_CHECK(rc == bfc_score_hand(hand, 4, starter, flags, NULL));
}

/* The reference scores of every starter, computed once per input for each
 * crib flag by bfc_score_show (itself checked against brute_show on the
 * show's starter); for the crib flag `brute` (picked by the input) the
 * starters more[0..3] (the input's cards after the show's starter) are
 * also scored by brute_show. (All 48 by brute_show cost 70 times the
 * batch scorer; test_show compares bfc_score_show with its reference on
 * every hand and starter.) */
typedef struct {
    int8_t scores[2][52];
    int have[2];
    int brute;
    const bfc_card *more;
} starters_cache;

static void check_all_starters(const bfc_card hand[4], unsigned flags, starters_cache *cache)
{
    unsigned conds = (flags & ~BFC_CRIB) ? C_INVAL : 0;
    conds |= card_conds(hand, 4, 0);
    int8_t sc[52 + GUARD];
    memset(sc, FUZZ_SENTINEL, sizeof sc);
    int rc = bfc_score_show_all_starters(hand, flags, sc);
    expect_status(rc, conds);
    FUZZ_CHECK(fuzz_all_sentinel(sc + 52, GUARD));
    if (rc < 0) {
        FUZZ_CHECK(fuzz_all_sentinel(sc, sizeof sc));
        return;
    }
    FUZZ_CHECK(rc == BFC_OK);
    const int crib = (flags & BFC_CRIB) != 0;
    if (!cache->have[crib]) {
        for (bfc_card c = 0; c < 52; c++)
            cache->scores[crib][c] =
                find(hand, 4, c) < 4 ? -1 : (int8_t)bfc_score_show(hand, c, flags & BFC_CRIB);
        for (size_t i = 0; i < 4 && crib == cache->brute; i++) {
            const bfc_card c = cache->more[i];
            bfc_hand_score want;
            if (c < 52 && find(hand, 4, c) == 4)
                FUZZ_CHECK(cache->scores[crib][c] ==
                           brute_show(hand, 4, c, flags & BFC_CRIB, &want));
        }
        cache->have[crib] = 1;
    }
    FUZZ_CHECK(memcmp(sc, cache->scores[crib], 52) == 0);
}

static void check_reserve_ceasefire(const bfc_card *c)
{
    bfc_hand_score s, h;
    memset(&s, FUZZ_SENTINEL, sizeof s);
    memset(&h, FUZZ_SENTINEL, sizeof h);
    int rc = bfc_score_reserve(c, c[4], &s);
    FUZZ_CHECK(rc == bfc_score_hand(c, 4, c[4], BFC_CRIB | BFC_KILL_CARD, &h));
    FUZZ_CHECK(memcmp(&s, &h, sizeof s) == 0);
    FUZZ_CHECK(bfc_score_reserve(c, c[4], NULL) == rc);

    bfc_card five[5];
    memcpy(five, c, 5);
    unsigned conds = card_conds(five, 5, 1);
    memset(&s, FUZZ_SENTINEL, sizeof s);
    rc = bfc_score_ceasefire(five, &s);
    expect_status(rc, conds);
    FUZZ_CHECK(bfc_score_ceasefire(five, NULL) == rc);
    if (rc < 0) {
        FUZZ_CHECK(fuzz_all_sentinel(&s, sizeof s));
        return;
    }
    bfc_hand_score want;
    brute_show(five, 5, NONE, 0, &want);
    FUZZ_CHECK(rc == want.total && memcmp(&s, &want, sizeof s) == 0);
    FUZZ_CHECK(!s.nobs && (s.flush == 0 || s.flush == 5));
}

/* brute: compare with the reference too (else only with bfc_score_hand). */
static void check_battlefield(const bfc_card form[5], bfc_card turn, unsigned flags, int brute)
{
    unsigned conds = (flags & ~BFC_ANY_LAY_AWAY) ? C_INVAL : 0;
    bfc_card six[6] = {form[0], form[1], form[2], form[3], form[4], turn};
    conds |= card_conds(six, 6, 1);
    bfc_battlefield b;
    memset(&b, FUZZ_SENTINEL, sizeof b);
    int rc = bfc_score_battlefield(form, turn, flags, &b);
    expect_status(rc, conds);
    FUZZ_CHECK(bfc_score_battlefield(form, turn, flags, NULL) == rc);
    if (rc < 0) {
        FUZZ_CHECK(fuzz_all_sentinel(&b, sizeof b));
        return;
    }
    bfc_battlefield want;
    if (brute) {
        brute_battlefield(form, turn, (flags & BFC_ANY_LAY_AWAY) != 0, &want);
        FUZZ_CHECK(rc == want.best && b.best == want.best && b.legal == want.legal);
    }
    for (size_t i = 0; i < 5; i++) {
        if (brute)
            FUZZ_CHECK(memcmp(&b.by_lay_away[i], &want.by_lay_away[i],
                              sizeof b.by_lay_away[i]) == 0);
        /* and the same as the general scorer on the four kept cards */
        bfc_card kept[4];
        size_t m = 0;
        for (size_t j = 0; j < 5; j++)
            if (j != i)
                kept[m++] = form[j];
        bfc_hand_score h;
        FUZZ_CHECK(bfc_score_hand(kept, 4, turn, BFC_KILL_CARD, &h) == b.by_lay_away[i].total);
        FUZZ_CHECK(memcmp(&h, &b.by_lay_away[i], sizeof h) == 0);
    }
    /* the best of the five, legal where it is reached (or every one) */
    int best = 0;
    for (size_t i = 0; i < 5; i++)
        best = b.by_lay_away[i].total > best ? b.by_lay_away[i].total : best;
    FUZZ_CHECK(rc == best && b.best == best);
    for (size_t i = 0; i < 5; i++)
        FUZZ_CHECK((b.legal >> i & 1u) ==
                   ((flags & BFC_ANY_LAY_AWAY) || b.by_lay_away[i].total == best));
    FUZZ_CHECK(rc <= 29 && b.legal != 0 && b.legal <= 31);
}

/* ---- Frontline ----------------------------------------------------------- */

/* The bfc_combo of a combination from its points and card count. */
static unsigned combo_of(unsigned points, unsigned ncards)
{
    static const unsigned char pts[] = {0, 2, 6, 12, 3, 4, 5, 8, 10, 15, 16};
    static const unsigned char cnt[] = {0, 2, 3, 4, 3, 4, 5, 4, 5, 5, 5};
    for (unsigned i = 0; i < sizeof pts; i++)
        if (pts[i] == points && cnt[i] == ncards)
            return i;
    return 99;
}

static void check_frontline_items(const bfc_card *fl, size_t n, bfc_card placed, unsigned flags,
                                  const bfc_frontline_score *s)
{
    items_call a = {1, fl, n, placed, flags};
    bfc_item it[BFC_MAX_ITEMS + GUARD];
    int k = items_all_caps(&a, it);
    FUZZ_CHECK(k >= 0 && k <= 5);
    bfc_card all[NC + 1];
    if (n)
        memcpy(all, fl, n);
    all[n] = placed;
    /* the items present, in order: fifteen/31, combination, last, go, knobs */
    int at = 0;
    unsigned own = 0;
    if (s->fifteen_31) {
        const bfc_item *t = &it[at++];
        FUZZ_CHECK(at <= k && t->points == 2 && t->ncards == n + 1);
        FUZZ_CHECK(t->kind == (s->sum == 15 ? BFC_ITEM_FIFTEEN : BFC_ITEM_THIRTY_ONE));
        check_item_cards(t, all, n + 1, 1);
        own += 2;
    }
    if (s->combination) {
        const bfc_item *t = &it[at++];
        FUZZ_CHECK(at <= k && t->kind == BFC_ITEM_COMBINATION);
        FUZZ_CHECK(t->points == s->combination && t->combo == s->combo &&
                   t->ncards == s->combo_cards);
        FUZZ_CHECK(memcmp(t->cards, all + n + 1 - t->ncards, t->ncards) == 0);
        check_item_cards(t, all, n + 1, 1);
        own += t->points;
    }
    const struct {
        unsigned have, kind, points;
    } tail[3] = {{s->last_card, BFC_ITEM_LAST_CARD, 1},
                 {s->go_point, BFC_ITEM_GO, 1},
                 {s->knobs_dealer, BFC_ITEM_KNOBS, 2}};
    for (size_t i = 0; i < 3; i++) {
        if (!tail[i].have)
            continue;
        const bfc_item *t = &it[at++];
        FUZZ_CHECK(at <= k && t->kind == tail[i].kind && t->points == tail[i].points &&
                   t->points == tail[i].have && t->ncards == 1 && t->cards[0] == placed);
        check_item_cards(t, all, n + 1, 1);
        if (tail[i].kind == BFC_ITEM_LAST_CARD)
            own += 1;
    }
    FUZZ_CHECK(at == k && own == s->placer_points);
    check_narrate(it, (size_t)k, own);
}

/* depth as for check_hand. */
static void check_frontline(const bfc_card *fl, size_t n, bfc_card placed, unsigned flags,
                            int depth)
{
    /* a list longer than any frontline is refused before it is read */
    unsigned conds = (flags & ~BFC_TURN_CARD) || n > BFC_FRONTLINE_MAX ? C_INVAL : 0;
    bfc_card all[NC + 1];
    if (n)
        memcpy(all, fl, n);
    all[n] = placed;
    conds |= card_conds(all, n + 1, 1);
    if (pip_sum(fl, n) > 31)
        conds |= C_COUNT;
    bfc_frontline_score s;
    memset(&s, FUZZ_SENTINEL, sizeof s);
    int rc = bfc_score_frontline(fl, n, placed, flags, &s);
    expect_status(rc, conds);
    FUZZ_CHECK(bfc_score_frontline(fl, n, placed, flags, NULL) == rc);
    if (rc < 0) {
        FUZZ_CHECK(fuzz_all_sentinel(&s, sizeof s));
        if (depth >= 2) {
            items_call a = {1, fl, n, placed, flags};
            bfc_item it[BFC_MAX_ITEMS + GUARD];
            FUZZ_CHECK(items_all_caps(&a, it) == rc);
        }
        return;
    }
    if (depth == 0)
        return;
    bfc_frontline_score want;
    brute_frontline(fl, (int)n, placed, (flags & BFC_TURN_CARD) != 0, &want);
    want.combo = (uint8_t)combo_of(want.combination, want.combo_cards);
    FUZZ_CHECK(want.combo != 99);
    FUZZ_CHECK(rc == want.placer_points && memcmp(&s, &want, sizeof s) == 0);
    FUZZ_CHECK(strcmp(bfc_combo_name(s.combo), "?") != 0);
    if (depth >= 2)
        check_frontline_items(fl, n, placed, flags, &s);
}

/* A kept frontline: set from cards[0..k), the rest placed one by one (the
 * odd ones as the turn card), compared with the stateless scorer; then
 * taken back to empty. */
static void check_kept(const bfc_card *cards, size_t navail, size_t k)
{
    bfc_frontline f, before;
    bfc_frontline_init(&f);
    FUZZ_CHECK(f.n == 0 && f.sum == 0 && f.mask == 0);
    memcpy(&before, &f, sizeof f);
    unsigned conds = k > BFC_FRONTLINE_MAX ? C_INVAL : 0;
    conds |= card_conds(cards, k, 1);
    if (pip_sum(cards, k) > 31)
        conds |= C_COUNT;
    int rc = bfc_frontline_set(&f, cards, k);
    expect_status(rc, conds);
    if (rc < 0) {
        FUZZ_CHECK(memcmp(&f, &before, sizeof f) == 0);
        return;
    }
    FUZZ_CHECK(f.n == k && memcmp(f.cards, cards, k) == 0 && f.sum == pip_sum(cards, k));
    for (size_t i = k; i < navail; i++) {
        unsigned flags = (i & 1) ? BFC_TURN_CARD : 0;
        bfc_frontline_score want, got;
        memset(&got, FUZZ_SENTINEL, sizeof got);
        memcpy(&before, &f, sizeof f);
        int wr = bfc_score_frontline(f.cards, f.n, cards[i], flags, &want);
        int gr = bfc_frontline_place(&f, cards[i], flags, &got);
        FUZZ_CHECK(gr == wr);
        if (gr < 0) {
            FUZZ_CHECK(memcmp(&f, &before, sizeof f) == 0 && fuzz_all_sentinel(&got, sizeof got));
            continue;
        }
        FUZZ_CHECK(memcmp(&got, &want, sizeof got) == 0);
        FUZZ_CHECK(f.n == want.length && f.sum == want.sum && f.cards[f.n - 1] == cards[i]);
        if (!want.renewed)
            FUZZ_CHECK(memcmp(f.cards, before.cards, before.n) == 0);
    }
    while (f.n > 0) {
        bfc_card c = (bfc_card)FUZZ_SENTINEL;
        bfc_card top = f.cards[f.n - 1];
        size_t n0 = f.n;
        FUZZ_CHECK(bfc_frontline_take(&f, &c) == BFC_OK && c == top && f.n == n0 - 1);
        FUZZ_CHECK(f.sum == pip_sum(f.cards, f.n));
    }
    bfc_card c = (bfc_card)FUZZ_SENTINEL;
    FUZZ_CHECK(bfc_frontline_take(&f, &c) == BFC_EINVAL && c == (bfc_card)FUZZ_SENTINEL);
}

/* ---- Pegging ------------------------------------------------------------- */

static void check_peg_items(const bfc_card *seq, size_t n, unsigned flags, const bfc_peg_score *s)
{
    items_call a = {2, seq, n, NONE, flags};
    bfc_item it[BFC_MAX_ITEMS + GUARD];
    int k = items_all_caps(&a, it);
    FUZZ_CHECK(k >= 0 && k <= 4);
    int at = 0;
    unsigned own = 0;
    if (s->fifteen_31) {
        const bfc_item *t = &it[at++];
        unsigned kind = s->count == 15   ? BFC_ITEM_FIFTEEN
                        : s->count == 31 ? BFC_ITEM_THIRTY_ONE
                                         : BFC_ITEM_TWENTY_FIVE;
        FUZZ_CHECK(at <= k && t->kind == kind && t->points == 2 && t->ncards == n &&
                   memcmp(t->cards, seq, n) == 0);
        own += 2;
    }
    const struct {
        unsigned points, kind;
    } parts[3] = {{s->pairs, BFC_ITEM_PAIR}, {s->runs, BFC_ITEM_RUN}, {s->flush, BFC_ITEM_FLUSH}};
    for (size_t i = 0; i < 3; i++) {
        if (!parts[i].points)
            continue;
        const bfc_item *t = &it[at++];
        FUZZ_CHECK(at <= k && t->kind == parts[i].kind && t->points == parts[i].points);
        FUZZ_CHECK(t->ncards <= n && memcmp(t->cards, seq + n - t->ncards, t->ncards) == 0);
        if (t->kind == BFC_ITEM_PAIR)
            FUZZ_CHECK(t->ncards >= 2 && same_rank(t->cards, t->ncards) &&
                       t->points == t->ncards * (t->ncards - 1u));
        else if (t->kind == BFC_ITEM_RUN)
            FUZZ_CHECK(is_run(t->cards, t->ncards) &&
                       t->points == ((flags & BFC_NODDY) && t->ncards == 3 ? 2 : t->ncards));
        else
            FUZZ_CHECK(t->ncards >= 3 && same_suit(t->cards, t->ncards) &&
                       t->points == t->ncards);
        own += t->points;
    }
    for (int i = 0; i < k; i++)
        check_item_cards(&it[i], seq, n, 1);
    FUZZ_CHECK(at == k && own == s->total);
    check_narrate(it, (size_t)k, own);
}

/* depth as for check_hand. */
static void check_peg(const bfc_card *seq, size_t n, unsigned flags, int depth)
{
    /* a list longer than any sequence is refused before it is read */
    unsigned conds = (n == 0 || n > BFC_PEG_MAX || (flags & ~BFC_NODDY)) ? C_INVAL : 0;
    conds |= card_conds(seq, n, 0);
    if (pip_sum(seq, n) > 31)
        conds |= C_COUNT;
    bfc_peg_score s;
    memset(&s, FUZZ_SENTINEL, sizeof s);
    int rc = bfc_score_peg_detail(seq, n, flags, &s);
    expect_status(rc, conds);
    FUZZ_CHECK(bfc_score_peg_detail(seq, n, flags, NULL) == rc);
    if (flags == 0)
        FUZZ_CHECK(bfc_score_peg(seq, n) == rc);
    if (rc < 0) {
        FUZZ_CHECK(fuzz_all_sentinel(&s, sizeof s));
        if (depth >= 2) {
            items_call a = {2, seq, n, NONE, flags};
            bfc_item it[BFC_MAX_ITEMS + GUARD];
            FUZZ_CHECK(items_all_caps(&a, it) == rc);
        }
        return;
    }
    if (depth == 0)
        return;
    bfc_peg_score want;
    brute_peg(seq, (int)n, (flags & BFC_NODDY) != 0, &want);
    FUZZ_CHECK(rc == want.total && memcmp(&s, &want, sizeof s) == 0);
    if (depth >= 2)
        check_peg_items(seq, n, flags, &s);
}

/* ---- Odds and ends ------------------------------------------------------- */

static void check_card_functions(bfc_card c, int any)
{
    const int card = c < 52;
    FUZZ_CHECK(bfc_card_rank(c) == (card ? (int)rank_of(c) : c == BFC_JOKER ? 0 : BFC_ECARD));
    FUZZ_CHECK(bfc_card_suit(c) == (card               ? (int)suit_of(c)
                                    : c == BFC_JOKER ? BFC_EJOKER
                                                     : BFC_ECARD));
    FUZZ_CHECK(bfc_card_value(c) == (is_card(c) ? (int)pip(c) : BFC_ECARD));
    int rank = (int)(int8_t)c, suit = any;
    bfc_card m = bfc_card_make(rank, suit);
    if (rank >= 1 && rank <= 13 && suit >= 0 && suit <= 3)
        FUZZ_CHECK(m == (bfc_card)((rank - 1) * 4 + suit));
    else
        FUZZ_CHECK(m == NONE);
    FUZZ_CHECK(bfc_strerror(any) != NULL && bfc_combo_name(any) != NULL &&
               bfc_item_kind_name(any) != NULL);
}

/* Narration of items made straight from the bytes (any kind, points,
 * combo and card count). */
static void check_raw_narrate(const uint8_t *data, size_t size)
{
    bfc_item items[8];
    size_t n = size / 4 < 8 ? size / 4 : 8;
    unsigned own = 0;
    memset(items, 0, sizeof items);
    for (size_t i = 0; i < n; i++) {
        items[i].kind = data[4 * i];
        items[i].points = data[4 * i + 1];
        items[i].combo = data[4 * i + 2];
        items[i].ncards = data[4 * i + 3];
        if (!for_someone_else(items[i].kind))
            own += items[i].points;
    }
    check_narrate(items, n, own);
    FUZZ_CHECK(bfc_items_narrate(NULL, 1, NULL, 0) == BFC_EINVAL);
    FUZZ_CHECK(bfc_items_narrate(items, n, NULL, 1) == BFC_EINVAL);
}

/* ---- The target ---------------------------------------------------------- */

static bfc_card map_card(uint8_t b, unsigned mode)
{
    if (b == NONE)
        return NONE;
    switch (mode) {
    case 0: return b;
    case 1: return (bfc_card)(b % 53);
    case 2: return b % 21 == 20 ? BFC_JOKER : (bfc_card)(b % 21);
    default: return (bfc_card)(b % 64);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cap_turn = 0;
    const unsigned raw = size > 0 ? data[0] : 0;
    const unsigned ctrl = size > 1 ? data[1] : 0;
    const unsigned focus = size > 2 ? data[2] : 0;
    bfc_card c[NC + 8];
    size_t navail = size > 3 ? size - 3 : 0;
    if (navail > NC)
        navail = NC;
    for (size_t i = 0; i < sizeof c; i++)
        c[i] = i < navail ? map_card(data[3 + i], ctrl & 3) : NONE;

    for (size_t i = 0; i < navail; i++)
        check_card_functions(c[i], (int)raw - 2);

    /* shows: every flag combination, and the raw flags */
    const unsigned show_flags[] = {0,
                                   BFC_CRIB,
                                   BFC_KILL_CARD,
                                   BFC_CRIB | BFC_KILL_CARD,
                                   raw,
                                   raw << 8,
                                   0x80000000u};
    starters_cache cache = {{{0}}, {0, 0}, (int)(ctrl >> 7), c + 5};
    int show_ref[2] = {-1, -1};
    for (size_t f = 0; f < sizeof show_flags / sizeof show_flags[0]; f++) {
        check_show(c, c[4], show_flags[f], show_ref);
        check_all_starters(c, show_flags[f], &cache);
    }

    /* hands of 0..6 cards, with the next card as the starter and without:
       the status of every one with the raw flags; those of the focus length
       (3, 4 or 5 cards, or all lengths) in every flag combination, against
       the reference, with the items and narration for raw's flags */
    hand_cache hc;
    memset(&hc.have, 0, sizeof hc.have);
    const unsigned hf = focus & 3u;
    for (size_t n = 0; n <= 6; n++) {
        const bfc_card starters[2] = {c[n], NONE};
        const int all = hf == 3, deep = all ? n >= 3 && n <= 5 : n == (hf == 0 ? 4u : hf == 1 ? 3u : 5u);
        for (size_t si = 0; si < 2; si++) {
            if (!all && !deep) {
                check_hand(c, n, starters[si], si, raw, 0, &hc);
                continue;
            }
            for (unsigned fl = 0; fl < 8; fl++)
                check_hand(c, n, starters[si], si, fl, fl == (raw & 7) ? 2 : 1, &hc);
            if (raw >= 8) /* else one of the above */
                check_hand(c, n, starters[si], si, raw, 2, &hc);
            check_hand(c, n, starters[si], si, raw | 0x100u, 0, &hc);
        }
    }
    check_reserve_ceasefire(c);
    const unsigned bf_flags[] = {0, BFC_ANY_LAY_AWAY, raw};
    for (size_t f = 0; f < 3; f++)
        check_battlefield(c, c[5], bf_flags[f], (focus & 0x80u) != 0);

    /* frontlines of every length the input gives, up to 20 cards: the
       status of every one; the four lengths from the focus against the
       reference in three flag sets, the first of them with the items and
       narration for one */
    const size_t L = (focus >> 2 & 31u) % 21u;
    for (size_t n = 0; n <= 20 && n <= navail; n++) {
        if (n >= L && n < L + 4) {
            const int items = n == L ? 2 : 1;
            check_frontline(c, n, c[n], 0, (raw & 1) ? items : 1);
            check_frontline(c, n, c[n], BFC_TURN_CARD, (raw & 1) ? 1 : items);
            check_frontline(c, n, c[n], raw, 1);
        } else {
            check_frontline(c, n, c[n], raw & BFC_TURN_CARD, 0);
        }
    }
    check_frontline(NULL, 0, c[0], 0, 2);
    FUZZ_CHECK(bfc_score_frontline(NULL, 1, c[0], 0, NULL) == BFC_EINVAL);
    check_kept(c, navail, (ctrl >> 2) % (navail + 1));

    /* pegging sequences of every length, as the frontlines (lengths from
       the focus mod 17; the items and narration with raw's BFC_NODDY) */
    const size_t P = (focus >> 2 & 31u) % 17u;
    for (size_t n = 0; n <= 16 && n <= navail; n++) {
        if (n >= P && n < P + 4) {
            const int items = n == P ? 2 : 1;
            check_peg(c, n, 0, (raw & BFC_NODDY) ? 1 : items);
            check_peg(c, n, BFC_NODDY, (raw & BFC_NODDY) ? items : 1);
            check_peg(c, n, raw, 1);
        } else {
            check_peg(c, n, raw & BFC_NODDY, 0);
        }
    }
    FUZZ_CHECK(bfc_score_peg(NULL, 1) == BFC_EINVAL);

    check_raw_narrate(data, size);
    FUZZ_CHECK(bfc_score_hand(NULL, 4, NONE, 0, NULL) == BFC_EINVAL);
    FUZZ_CHECK(bfc_score_show(NULL, 0, 0) == BFC_EINVAL);
    FUZZ_CHECK(bfc_score_battlefield(NULL, 0, 0, NULL) == BFC_EINVAL);
    return 0;
}
