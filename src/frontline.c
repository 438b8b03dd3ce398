/* Play scoring: the BFC frontline (RULES 2.3, 4.5) and classic pegging
 * (RULES 2.2, Noddy 3.6). */
#include <stddef.h>
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

_Static_assert(offsetof(bfc_frontline, sum) == offsetof(bfc_frontline, n) + 1,
               "bfc_frontline_place writes n and sum together");
_Static_assert(offsetof(bfc_frontline_score, renewed) == 0 &&
                   offsetof(bfc_frontline_score, last_card) == 7 &&
                   offsetof(bfc_frontline_score, placer_points) == 8 &&
                   offsetof(bfc_frontline_score, knobs_dealer) == 10 &&
                   sizeof(bfc_frontline_score) == 12,
               "a placement's score is built as two words (internal.h)");

/* Either placement (internal.h), for a frontline of n cards with pip total
 * sum, left as it is. */
static inline bfc__placement score_placement(unsigned sum, uint64_t recent, unsigned n,
                                             bfc_card placed, unsigned flags)
{
    const unsigned v = bfc__tab.card_value[placed];
    if (sum + v > 31)
        return bfc__placement_renewal(placed, v, flags);
    return bfc__placement_kept(sum + v, recent, n, placed, flags);
}

static inline void store_score(bfc_frontline_score *o, bfc__placement p)
{
#ifdef BFC__LITTLE_ENDIAN
    memcpy(o, &p.a, sizeof p.a);
    memcpy((unsigned char *)o + 8, &p.b, sizeof p.b);
#else
    for (unsigned i = 0; i < 8; i++)
        ((unsigned char *)o)[i] = (unsigned char)(p.a >> (8 * i));
    for (unsigned i = 0; i < 4; i++)
        ((unsigned char *)o)[8 + i] = (unsigned char)(p.b >> (8 * i));
#endif
}

/* An empty frontline; unused slots stay zero so that equal frontlines are
 * equal bytes. */
static inline void reset(bfc_frontline *f)
{
    memset(f, 0, sizeof *f);
    f->recent = ~UINT64_C(0);
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
        r = bfc__push_recent(r, c);
    }
    if (BFC__UNLIKELY(((or_ ^ add) | (or_ & BFC__BIT_BAD)) != 0))
        return (or_ & BFC__BIT_BAD) ? BFC_ECARD : BFC_EDUP;
    if (s > 31)
        return BFC_ECOUNT;
    *mask = or_;
    *sum = s;
    *recent = r;
    return BFC_OK;
}

/* The status of a placed card whose bit pb meets the frontline's mask or
 * is no card's. */
BFC__COLD static int placed_status(uint64_t pb)
{
    return (pb & BFC__BIT_BAD) ? BFC_ECARD : BFC_EDUP;
}

int bfc_score_frontline(const bfc_card *frontline, size_t n, bfc_card placed, unsigned flags,
                        bfc_frontline_score *out)
{
    /* n first: no card is read from a list longer than any frontline */
    if ((!frontline && n > 0) || n > BFC_FRONTLINE_MAX || (flags & ~BFC_TURN_CARD))
        return BFC_EINVAL;
    uint64_t mask, recent;
    unsigned sum;
    int rc = scan(frontline, n, &mask, &sum, &recent);
    if (rc < 0)
        return rc;
    const uint64_t pb = bfc__card_bit[placed];
    if (pb & (mask | BFC__BIT_BAD))
        return placed_status(pb);
    const bfc__placement p = score_placement(sum, recent, (unsigned)n, placed, flags);
    if (out)
        store_score(out, p);
    return (int)(p.b & 255u);
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


void bfc__frontline_one(bfc_frontline *f, bfc_card c)
{
    bfc__frontline_one_card(f, c, bfc__card_bit[c], bfc__tab.card_value[c]);
}

/* A renewed frontline (RULES 4.5): the placed card (bit pb) alone; the
 * old cards are added to *gone when gone is not NULL. */
BFC__INLINE bfc__placement renew(bfc_frontline *f, bfc_card placed, uint64_t pb, unsigned flags,
                                 uint64_t *gone)
{
    const unsigned v = bfc__tab.card_value[placed];
    if (gone)
        *gone |= f->mask;
    bfc__frontline_one_card(f, placed, pb, v); /* as reset() then the placement, written once */
    return bfc__placement_renewal(placed, v, flags);
}

/* Appends card `placed` (bit pb) to a frontline of n cards, its sum then
 * total (<= 31). Returns the newest-cards register before it. */
static inline uint64_t append(bfc_frontline *f, unsigned n, unsigned total, bfc_card placed,
                              uint64_t pb)
{
    const uint64_t recent = f->recent;
    f->cards[n] = placed;
    f->mask |= pb;
    /* push_recent: a joker fills the register with BFC_CARD_NONE */
    f->recent = (recent << 8 | placed) | bfc__tab.front_reset[placed];
#ifdef BFC__LITTLE_ENDIAN
    const uint16_t n_sum = (uint16_t)(n + 1 + (total << 8)); /* n, then sum */
    memcpy(&f->n, &n_sum, sizeof n_sum);
#else
    f->n = (uint8_t)(n + 1);
    f->sum = (uint8_t)total;
#endif
    return recent;
}

/* bfc_frontline_place's renewal: the score written to *out (when not
 * NULL), the placer's points (none) returned. */
BFC__NOINLINE static int place_renewing(bfc_frontline *f, bfc_card placed, uint64_t pb,
                                        unsigned flags, bfc_frontline_score *out)
{
    const bfc__placement p = renew(f, placed, pb, flags, NULL);
    if (out)
        store_score(out, p);
    return 0;
}

int bfc_frontline_place(bfc_frontline *f, bfc_card placed, unsigned flags,
                        bfc_frontline_score *out)
{
    if (BFC__UNLIKELY(!f || (flags & ~BFC_TURN_CARD)))
        return BFC_EINVAL;
    /* n < 16 and sum <= 31, or a struct these functions did not make */
    const unsigned n = f->n, sum = f->sum;
    if (BFC__UNLIKELY(n >= BFC_FRONTLINE_MAX || sum > 31))
        return BFC_EINVAL;
    const uint64_t pb = bfc__card_bit[placed];
    if (BFC__UNLIKELY((pb & (f->mask | BFC__BIT_BAD)) != 0))
        return placed_status(pb);
    const unsigned total = sum + bfc__tab.card_value[placed];
    if (total > 31)
        return place_renewing(f, placed, pb, flags, out);
    const uint64_t recent = append(f, n, total, placed, pb);
    const bfc__placement p = bfc__placement_kept(total, recent, n, placed, flags);
    if (out)
        store_score(out, p);
    return (int)(p.b & 255u);
}

/* The same placement for the engine: its points word. */
uint32_t bfc__frontline_put(bfc_frontline *f, bfc_card placed, unsigned flags, uint64_t *gone)
{
    const unsigned n = f->n, total = f->sum + bfc__tab.card_value[placed];
    if (total > 31)
        return renew(f, placed, bfc__card_bit[placed], flags, gone).b;
    const uint64_t recent = append(f, n, total, placed, bfc__card_bit[placed]);
    return bfc__placement_kept(total, recent, n, placed, flags).b;
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

#define RANK4(r) (1u << (r)), (1u << (r)), (1u << (r)), (1u << (r))
const uint16_t bfc__rank_bit[BFC_NCARDS] = {RANK4(0), RANK4(1), RANK4(2),  RANK4(3),  RANK4(4),
                                            RANK4(5), RANK4(6), RANK4(7),  RANK4(8),  RANK4(9),
                                            RANK4(10), RANK4(11), RANK4(12)};
#undef RANK4

int bfc_score_peg_detail(const bfc_card *seq, size_t n, unsigned flags, bfc_peg_score *out)
{
    /* n first: no card is read from a list longer than any sequence */
    if (!seq || n == 0 || n > BFC_PEG_MAX || (flags & ~BFC_NODDY))
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
    bfc_peg_score s;
    const unsigned total = bfc__peg_points(seq, (unsigned)n, count, (flags & BFC_NODDY) != 0, &s);
    if (out)
        *out = s;
    return (int)total;
}

int bfc_score_peg(const bfc_card *seq, size_t n) { return bfc_score_peg_detail(seq, n, 0, NULL); }
