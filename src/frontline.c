/* Play scoring: the BFC frontline (RULES 2.3, 4.5) and classic pegging
 * (RULES 2.2, Noddy 3.6). */
#include <string.h>

#include "internal.h"

const char *bfc_combo_name(int combo)
{
    static const char *const names[] = {
        "none",          "pair",          "three of a kind", "four of a kind",
        "run of 3",      "run of 4",      "run of 5",        "double run of 3",
        "double run of 4", "triple run of 3", "double-double run of 3",
    };
    return combo >= 0 && combo <= BFC_COMBO_DOUBLE_DOUBLE_RUN ? names[combo] : "?";
}

static const uint8_t COMBO_POINTS[] = {0, 2, 6, 12, 3, 4, 5, 8, 10, 15, 16};

/* A rank bit mask is one block of consecutive ranks. */
static int contiguous(unsigned m) { return ((m + (m & (0u - m))) & m) == 0; }

static const uint8_t COMBO_CARDS[] = {0, 2, 3, 4, 3, 4, 5, 4, 5, 5, 5};

/* The symbol of an older frontline card for bfc__front_window: its rank
 * minus the placed card's plus 4 when within 0..8, else 9 (also for
 * BFC_CARD_NONE, whose "rank" 64 is far from any). */
static inline unsigned window_symbol(unsigned card, unsigned placed_rank)
{
    const unsigned d = (card >> 2) + 4u - placed_rank;
    return d <= 8u ? d : 9u;
}

/* Scores `placed` on a valid frontline of n cards with pip total sum, whose
 * newest cards since the last joker are `recent` (a byte each, newest
 * lowest, BFC_CARD_NONE beyond). Shared by the stateless and the kept
 * frontline. */
static inline void score_placement(unsigned sum, uint64_t recent, size_t n, bfc_card placed,
                                   unsigned flags, bfc_frontline_score *o)
{
    const unsigned turn = (flags & BFC_TURN_CARD) != 0;
    const unsigned v = bfc__card_value[placed];
    /* RULES 4.5 and D8: past 31 the placed card begins a new frontline; the
     * placer scores nothing, the player to the right scores the go. */
    const unsigned renewed = sum + v > 31, total = renewed ? v : sum + v;
    const unsigned kept = renewed ^ 1u; /* the frontline goes on */
    /* RULES 2.3: the largest window of the last <= 5 cards that forms a
     * combination, never through the joker: one table lookup. */
    const unsigned pr = placed >> 2;
    const unsigned idx = window_symbol((uint8_t)recent, pr) +
                         10u * (window_symbol((uint8_t)(recent >> 8), pr) +
                                10u * (window_symbol((uint8_t)(recent >> 16), pr) +
                                       10u * window_symbol((uint8_t)(recent >> 24), pr)));
    const unsigned combo = bfc__front_window[idx] & (0u - (kept & (placed != BFC_JOKER)));
    const unsigned fifteen_31 = (kept & ((total == 15) | (total == 31))) * 2;
    const unsigned last_card = turn & kept & (total != 31);
    /* fields written one by one: cheaper than packing a whole struct */
    o->renewed = (uint8_t)renewed;
    o->sum = (uint8_t)total;
    o->length = (uint8_t)(renewed ? 1 : n + 1);
    o->fifteen_31 = (uint8_t)fifteen_31;
    o->combination = COMBO_POINTS[combo];
    o->combo = (uint8_t)combo;
    o->combo_cards = COMBO_CARDS[combo];
    o->last_card = (uint8_t)last_card;
    o->placer_points = (uint8_t)(fifteen_31 + COMBO_POINTS[combo] + last_card);
    o->go_point = (uint8_t)renewed;
    o->knobs_dealer = (uint8_t)(2 * (turn & (placed >> 2 == BFC_JACK - 1))); /* ids 40..43 */
    o->reserved = 0;
}

/* An empty frontline; unused slots stay zero so that equal frontlines are
 * equal bytes. */
static inline void reset(bfc_frontline *f)
{
    memset(f, 0, sizeof *f);
    f->recent = ~UINT64_C(0);
}

/* The newest-cards register after appending c (RULES 2.3: the joker ends
 * every window that reaches it). */
static inline uint64_t push_recent(uint64_t recent, bfc_card c)
{
    return c == BFC_JOKER ? ~UINT64_C(0) : recent << 8 | c;
}

/* Validates n frontline cards; sets their mask, sum and newest cards. */
static int scan(const bfc_card *cards, size_t n, uint64_t *mask, unsigned *sum, uint64_t *recent)
{
    /* as in bfc_score_show: a repeated bit carries, a bad byte sets bit 63 */
    uint64_t or_ = 0, add = 0, r = ~UINT64_C(0);
    unsigned s = 0;
    for (size_t i = 0; i < n; i++) {
        const bfc_card c = cards[i];
        or_ |= bfc__card_bit[c];
        add += bfc__card_bit[c];
        s += bfc__card_value[c];
        r = push_recent(r, c);
    }
    if (__builtin_expect(((or_ ^ add) | (or_ & BFC__BIT_BAD)) != 0, 0))
        return (or_ & BFC__BIT_BAD) ? BFC_ECARD : BFC_EDUP;
    if (s > 31)
        return BFC_ECOUNT;
    *mask = or_;
    *sum = s;
    *recent = r;
    return BFC_OK;
}

/* Checks the placed card against a valid frontline, then scores it into *o
 * (not NULL); *o is untouched on error. Returns the placer's points. */
static int placement(unsigned sum, uint64_t recent, uint64_t mask, size_t n, bfc_card placed,
                     unsigned flags, bfc_frontline_score *o)
{
    const uint64_t pb = bfc__card_bit[placed];
    if (pb & (mask | BFC__BIT_BAD))
        return (pb & BFC__BIT_BAD) ? BFC_ECARD : BFC_EDUP;
    score_placement(sum, recent, n, placed, flags, o);
    return o->placer_points;
}

int bfc_score_frontline(const bfc_card *frontline, size_t n, bfc_card placed, unsigned flags,
                        bfc_frontline_score *out)
{
    if ((!frontline && n > 0) || (flags & ~BFC_TURN_CARD))
        return BFC_EINVAL;
    uint64_t mask, recent;
    unsigned sum;
    int rc = scan(frontline, n, &mask, &sum, &recent);
    if (rc < 0)
        return rc;
    bfc_frontline_score local; /* written in full on success */
    // cppcheck-suppress uninitvar
    return placement(sum, recent, mask, n, placed, flags, out ? out : &local);
}

void bfc_frontline_init(bfc_frontline *f)
{
    if (f)
        reset(f);
}

int bfc_frontline_set(bfc_frontline *f, const bfc_card *cards, size_t n)
{
    if (!f || (!cards && n > 0) || n > BFC_FRONTLINE_MAX)
        return BFC_EINVAL;
    uint64_t mask, recent;
    unsigned sum;
    int rc = scan(cards, n, &mask, &sum, &recent);
    if (rc < 0)
        return rc;
    reset(f);
    if (n > 0) /* cards may be NULL when n is 0 */
        memcpy(f->cards, cards, n);
    f->n = (uint8_t)n;
    f->sum = (uint8_t)sum;
    f->mask = mask;
    f->recent = recent;
    return BFC_OK;
}

int bfc_frontline_place(bfc_frontline *f, bfc_card placed, unsigned flags,
                        bfc_frontline_score *out)
{
    if (!f || (flags & ~BFC_TURN_CARD) || f->n >= BFC_FRONTLINE_MAX || f->sum > 31)
        return BFC_EINVAL;
    bfc_frontline_score local; /* written in full on success */
    // cppcheck-suppress uninitvar
    bfc_frontline_score *o = out ? out : &local;
    const int rc = placement(f->sum, f->recent, f->mask, f->n, placed, flags, o);
    if (rc < 0)
        return rc;
    if (o->renewed)
        reset(f);
    f->cards[f->n++] = placed;
    f->mask |= bfc__card_bit[placed];
    f->sum = o->sum;
    f->recent = push_recent(f->recent, placed);
    return o->placer_points;
}

int bfc_frontline_take(bfc_frontline *f, bfc_card *card)
{
    if (!f || !card || f->n == 0 || f->n > BFC_FRONTLINE_MAX)
        return BFC_EINVAL;
    const bfc_card c = f->cards[f->n - 1];
    uint64_t mask, recent;
    unsigned sum;
    /* the rest is re-scanned: a take is rare beside placements */
    if (scan(f->cards, f->n - 1u, &mask, &sum, &recent) < 0)
        return BFC_EINVAL;
    f->cards[--f->n] = 0;
    f->mask = mask;
    f->sum = (uint8_t)sum;
    f->recent = recent;
    *card = c;
    return BFC_OK;
}

int bfc_score_peg_detail(const bfc_card *seq, size_t n, unsigned flags, bfc_peg_score *out)
{
    if (!seq || n == 0 || (flags & ~BFC_NODDY))
        return BFC_EINVAL;
    uint64_t mask;
    int rc = bfc__check_cards(seq, n, 0, &mask);
    if (rc < 0)
        return rc;
    unsigned count = 0;
    for (size_t i = 0; i < n; i++)
        count += bfc__card_value[seq[i]];
    if (count > 31)
        return BFC_ECOUNT;
    const int noddy = (flags & BFC_NODDY) != 0;
    bfc_peg_score s = {0};
    s.count = (uint8_t)count;
    s.fifteen_31 = (uint8_t)(count == 15 || count == 31 || (noddy && count == 25) ? 2 : 0);
    const bfc_card last = seq[n - 1];
    /* pairs: the trailing cards of the last card's rank */
    size_t same = 1;
    while (same < n && bfc__rank(seq[n - 1 - same]) == bfc__rank(last))
        same++;
    s.pairs = (uint8_t)(same * (same - 1)); /* 2 x (same choose 2) */
    /* runs: the longest k >= 3 whose last k cards are k consecutive ranks */
    unsigned ranks = 0;
    for (size_t k = 1; k <= n; k++) {
        const unsigned bit = 1u << bfc__rank(seq[n - k]);
        if (ranks & bit)
            break; /* a repeated rank: no longer window is a run */
        ranks |= bit;
        if (k >= 3 && contiguous(ranks))
            s.runs = (uint8_t)k;
    }
    if (noddy && s.runs == 3)
        s.runs = 2; /* RULES 3.6 */
    if (noddy) {
        size_t suited = 1;
        while (suited < n && bfc__suit(seq[n - 1 - suited]) == bfc__suit(last))
            suited++;
        s.flush = (uint8_t)(suited >= 3 ? suited : 0); /* 3, 4 (D5), then 1 a card */
    }
    s.total = (uint8_t)(s.fifteen_31 + s.pairs + s.runs + s.flush);
    if (out)
        *out = s;
    return s.total;
}

int bfc_score_peg(const bfc_card *seq, size_t n) { return bfc_score_peg_detail(seq, n, 0, NULL); }
