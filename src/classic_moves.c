/* The legal moves of the classic games (RULES 3): the cards a player may
 * lay (3.1: the count stays within 31), the cards or pairs thrown to the
 * crib (3.1-3.5, 3.8), and muggins' declarations and claims (D12, D18),
 * listed for bfc_game_legal_moves() (game.c calls them by the phase) and
 * for the search. The moves themselves are made in classic.c. */
#include "variants.h"

/* bfc__discard2_base(a) for each card a: the first move of a's row. */
#define B2(a) (BFC_MOVE_DISCARD2 + (a) * (103u - (a)) / 2u - (a) - 1u)
#define B2x4(a) B2(a), B2((a) + 1u), B2((a) + 2u), B2((a) + 3u)
static const uint16_t DISCARD2_BASE[52] = {
    B2x4(0u),  B2x4(4u),  B2x4(8u),  B2x4(12u), B2x4(16u), B2x4(20u), B2x4(24u),
    B2x4(28u), B2x4(32u), B2x4(36u), B2x4(40u), B2x4(44u), B2x4(48u)};
#undef B2x4
#undef B2

/* The two-card discards of a hand of 2 to 8 cards (any real hand: at most
 * C(8, 2) = 28 pairs) into m, *n of them; 0 for a larger set (an
 * observation made up by a caller). Pair (a, b) is a's first move plus b,
 * so with the cards ascending in c, row i is c[i]'s base plus each later
 * card: eight at a time where there are vectors, the rows written
 * one after another (each row's extra lanes are overwritten by the next),
 * then exactly *n moves copied out. */
static int discard_pairs(uint64_t hand, bfc_move *m, unsigned *n)
{
    uint16_t c[16] = {0};
    unsigned k = 0;
    for (uint64_t h = hand; h; h &= h - 1) {
        if (k == 8)
            return 0;
        c[k++] = (uint16_t)bfc__lowest(h);
    }
    bfc_move row[40]; /* the last row starts at 27 at most */
    unsigned t = 0;
    for (unsigned i = 0; i + 1 < k; i++) {
        const uint16_t base = DISCARD2_BASE[c[i]];
#ifdef BFC__HAVE_VECTORS
        bfc__u16x8 v;
        memcpy(&v, c + i + 1, sizeof v);
        v += base;
        memcpy(row + t, &v, sizeof v);
#else
        for (unsigned j = 0; j < 8; j++)
            row[t + j] = (bfc_move)(base + c[i + 1 + j]);
#endif
        t += k - 1 - i;
    }
    /* exactly t moves, in two overlapping fixed-size copies */
    if (t >= 16) {
        memcpy(m, row, 32);
        memcpy(m + t - 16, row + t - 16, 32);
    } else if (t >= 8) {
        memcpy(m, row, 16);
        memcpy(m + t - 8, row + t - 8, 16);
    } else if (t > 0) { /* none for a hand of one card or none */
        memcpy(m, row, t * sizeof *m);
    }
    *n = t;
    return 1;
}

/* Writes the legal moves into m (room for BFC_MAX_MOVES); returns how many.
 * need: the cards a discard throws, or the most a declaration may be (D18:
 * bfc__declare_max). Discard pairs (a, b) come row by row: a's first move
 * plus each higher card b of the hand. */
static inline unsigned list_moves(unsigned phase, unsigned need, uint64_t hand, unsigned count,
                                  bfc_move *m)
{
    unsigned n = 0;
    switch (phase) {
    case BFC_PHASE_PLAY:
        for (uint64_t h = count <= 31 ? hand & bfc__fits(31 - count) : 0; h; h &= h - 1)
            m[n++] = (bfc_move)(BFC_MOVE_PLAY + bfc__lowest(h));
        return n;
    case BFC_PHASE_DISCARD:
        if (need == 1) {
            for (uint64_t h = hand; h; h &= h - 1)
                m[n++] = (bfc_move)(BFC_MOVE_DISCARD + bfc__lowest(h));
            return n;
        }
        if (hand && (hand & (hand - 1)) && discard_pairs(hand, m, &n))
            return n;
        for (uint64_t h = hand; h; h &= h - 1) { /* an observation made up */
            const unsigned base = bfc__discard2_base(bfc__lowest(h));
            for (uint64_t r = h & (h - 1); r && n < BFC_MAX_MOVES; r &= r - 1)
                m[n++] = (bfc_move)(base + bfc__lowest(r));
        }
        return n;
    case BFC_PHASE_DECLARE: /* 0 to the most (D18), ascending ids */
        for (unsigned i = 0; i <= need && i <= (unsigned)BFC_DECLARE_MAX; i++)
            m[n++] = bfc__declare_move(i);
        return n;
    case BFC_PHASE_CLAIM:
        m[0] = BFC_MOVE_CLAIM;
        m[1] = BFC_MOVE_PASS;
        return 2;
    default:
        return 0;
    }
}

/* The list into out[0..cap) (snprintf-style) through a local list: for a
 * caller's buffer with less room than any list may need. */
BFC__COLD static int list_short(unsigned phase, unsigned need, uint64_t hand, unsigned count,
                                bfc_move *out, size_t cap)
{
    bfc_move local[BFC_MAX_MOVES];
    const unsigned n = list_moves(phase, need, hand, count, local);
    if (cap > 0)
        memcpy(out, local, (n < cap ? n : cap) * sizeof *out);
    return (int)n;
}

int bfc__classic_moves(unsigned phase, unsigned need, uint64_t hand, unsigned count,
                       bfc_move *out, size_t cap)
{
    if (cap >= BFC_MAX_MOVES)
        return (int)list_moves(phase, need, hand, count, out);
    return list_short(phase, need, hand, count, out, cap);
}

/* The cards that fit under 31 after a count (variants.h). */
#define FIT(v) ((v) >= 10 ? BFC__STD_MASK : (UINT64_C(1) << (4 * ((v) % 10))) - 1u)
#define FIT4(v) FIT(v), FIT((v) + 1), FIT((v) + 2), FIT((v) + 3)
const uint64_t bfc__fits31[32] = {FIT4(0),  FIT4(4),  FIT4(8),  FIT4(12),
                                  FIT4(16), FIT4(20), FIT4(24), FIT4(28)};
#undef FIT4
#undef FIT

/* The legal moves of each phase (game.c calls them by the phase): the
 * play, most of a deal's moves, lists the mover's cards that fit under 31
 * (the count is at most 31 in the play). */
int bfc__classic_legal_play(const bfc_game *g, bfc_move *out, size_t cap)
{
    uint64_t h = g->hand[g->to_move] & bfc__fits31[(31u - g->count) & 31u];
    if (cap < BFC_MAX_MOVES)
        return list_short(BFC_PHASE_PLAY, 0, g->hand[g->to_move], g->count, out, cap);
    /* a hand in the play holds at most five cards (seven-card's): those
       written out, with no pointer or count to keep */
#define ONE(i)                                                                                     \
    do {                                                                                           \
        if (!h)                                                                                    \
            return i;                                                                              \
        out[i] = (bfc_move)(BFC_MOVE_PLAY + bfc__lowest(h));                                       \
        h &= h - 1;                                                                                \
    } while (0)
    ONE(0);
    ONE(1);
    ONE(2);
    ONE(3);
    ONE(4);
#undef ONE
    int n = 5;
    for (; h; h &= h - 1) /* never, in a checked state */
        out[n++] = (bfc_move)(BFC_MOVE_PLAY + bfc__lowest(h));
    return n;
}

/* The two-card discards of a dealt hand of six (the two-player game and
 * solitaire, RULES 3.1 and 3.8) with room for every move: the 15 pairs in
 * order; another hand gets the general list. Pair (a, b) is a's first move
 * plus b, so with the cards ascending in c0..c5, row i is ci's base plus
 * each later card. The hand's size is checked once, on the masks (h5 is
 * the hand less its five lowest cards). */
static int six_pairs(uint64_t h, bfc_move *m)
{
    const uint64_t h1 = h & (h - 1), h2 = h1 & (h1 - 1), h3 = h2 & (h2 - 1),
                   h4 = h3 & (h3 - 1), h5 = h4 & (h4 - 1);
    if (!h5 || (h5 & (h5 - 1))) /* not six cards: the general list */
        return (int)list_moves(BFC_PHASE_DISCARD, 2, h, 0, m);
    const unsigned c1 = bfc__lowest(h1), c2 = bfc__lowest(h2), c3 = bfc__lowest(h3),
                   c4 = bfc__lowest(h4), c5 = bfc__lowest(h5);
    unsigned b = DISCARD2_BASE[bfc__lowest(h)];
    m[0] = (bfc_move)(b + c1);
    m[1] = (bfc_move)(b + c2);
    m[2] = (bfc_move)(b + c3);
    m[3] = (bfc_move)(b + c4);
    m[4] = (bfc_move)(b + c5);
    b = DISCARD2_BASE[c1];
    m[5] = (bfc_move)(b + c2);
    m[6] = (bfc_move)(b + c3);
    m[7] = (bfc_move)(b + c4);
    m[8] = (bfc_move)(b + c5);
    b = DISCARD2_BASE[c2];
    m[9] = (bfc_move)(b + c3);
    m[10] = (bfc_move)(b + c4);
    m[11] = (bfc_move)(b + c5);
    b = DISCARD2_BASE[c3];
    m[12] = (bfc_move)(b + c4);
    m[13] = (bfc_move)(b + c5);
    m[14] = (bfc_move)(DISCARD2_BASE[c4] + c5);
    return 15;
}

int bfc__classic_legal_discard(const bfc_game *g, bfc_move *out, size_t cap)
{
    const uint64_t h = g->hand[g->to_move];
    if (cap >= BFC_MAX_MOVES && g->nthrow == 2)
        return six_pairs(h, out);
    return bfc__classic_moves(BFC_PHASE_DISCARD, g->nthrow, h, 0, out, cap);
}

int bfc__classic_legal_declare(const bfc_game *g, bfc_move *out, size_t cap)
{
    return bfc__classic_moves(BFC_PHASE_DECLARE, bfc__declare_max(&g->rules, g->counting), 0,
                              g->count, out, cap);
}

int bfc__classic_legal_claim(const bfc_game *g, bfc_move *out, size_t cap)
{
    return bfc__classic_moves(BFC_PHASE_CLAIM, 0, 0, g->count, out, cap);
}

