/* Internal declarations shared by the files of src/. Not installed. */
#ifndef BFC_INTERNAL_H
#define BFC_INTERNAL_H

#include <string.h>

#include "bfc.h"
#include "compiler.h"

BFC__HIDDEN_BEGIN

/* Helpers shared between src/ files use the bfc__ prefix: hidden by the
 * visibility default, and a symbol test flags any that leaks. */

/* ---- The scoring tables, built by tools/gen_tables.c into src/tables.c and
 * kept in one object, so that position-independent code reaches every one
 * of them from a single base address. The per-card tables are indexed by
 * any byte value (256 entries), so that no input can read outside them. */

/* card_bit: 1 << c for a standard card, BFC__BIT_JOKER for the joker,
 * BFC__BIT_BAD for any other byte. OR-ing and adding the bits of a set of
 * cards validates it in one go: a duplicate makes the sum differ from the
 * OR (a carry), a bad byte sets BFC__BIT_BAD. */
#define BFC__BIT_JOKER (UINT64_C(1) << 52)
#define BFC__BIT_BAD (UINT64_C(1) << 63)
#define BFC__STD_MASK ((UINT64_C(1) << 52) - 1)
/* The bits of the 13 cards of suit s are BFC__SUIT_BITS << s. */
#define BFC__SUIT_BITS UINT64_C(0x1111111111111)
#define BFC__JACKS_SHIFT 40 /* the jack of suit s is card 40 + s */

/* card_key: the key of the card (0 for the joker and non-cards): the rank's
 * key, whose random bits lie in bits 0..9 and 52..63 (see gen_tables.c),
 * plus the card's suit field in bits 32..47: 1 in the nibble of its suit, 8
 * more for a jack. The multiset of ranks of a hand is identified by the
 * (wrapping) sum of its cards' keys, and the same sum counts the cards of
 * each suit and marks the jacks (at most six cards: a nibble never
 * overflows, and the hashes below never read bits 13..51). rank_key[c]:
 * the same key without the suit field. suit_shift[c]:
 * the shift that brings the suit field of card c's suit to bit 0. */
#define BFC__SUIT_SHIFT 32
#define BFC__SUIT_FOURS (UINT64_C(0x4444) << BFC__SUIT_SHIFT) /* a count of 4 */
/* card_value: pip value (RULES 1); 0 for the joker and for non-cards.
 *
 * suit_points[the suit field of four hand cards in the starter's suit]
 * [score flags & 3]: the flush points beyond the hand's own four-card
 * flush (1, or 5 for a crib, when the four and the starter are one suit)
 * plus nobs (RULES 2.1). four_flush[flags & 3]: the mask of a four-card
 * flush in a key sum that scores 4 (BFC__SUIT_FOURS), or 0 for a crib
 * (BFC_CRIB), whose flush needs the starter. suit_pair_points[crib][b]:
 * suit_points for two suits at once, from the byte b of a key sum that
 * holds their two suit fields (suits 2k, 2k + 1), in two bytes. bf_add[f]:
 * the same points of a BFC hand (four kept cards, the turn card's suit
 * field f) as an addend to its bfc_hand_score read as a little-endian
 * 64-bit value: to the total, the flush byte and the nobs byte; a
 * four-card flush adds BFC__FOUR_ADD. */
#define BFC__FOUR_ADD (UINT64_C(4) | UINT64_C(4) << 32)

/* Rank-only show points of a rank multiset, a byte each from the low end:
 * total, fifteens, pairs, runs -- the first four bytes of bfc_hand_score,
 * so a score is one load and a few adds away. */
#define BFC__REC_TOTAL(r) ((unsigned)(r)&255u)
#define BFC__REC_FIFTEENS(r) (((unsigned)(r) >> 8) & 255u)
#define BFC__REC_PAIRS(r) (((unsigned)(r) >> 16) & 255u)
#define BFC__REC_RUNS(r) ((unsigned)(r) >> 24)

/* Perfect hashes of rank multisets (hash and displace, see gen_tables.c):
 * five cards (h5), zero to four cards (h4), six cards (h6: the seven-card
 * show, RULES 3.10). rows: for bfc_score_show_all_starters, each multiset
 * of four ranks (1,820) with the rank points it makes with a starter of
 * rank r + 1 in byte r (0..12). */
#define BFC__H5_SLOTS 8192u
#define BFC__H5_BUCKET_SHIFT 53 /* 2048 buckets */
#define BFC__H4_SLOTS 4096u
#define BFC__H4_BUCKET_SHIFT 55 /* 512 buckets */
#define BFC__H6_SLOTS 32768u
#define BFC__H6_BUCKET_SHIFT 52 /* 4096 buckets */
#define BFC__ROW_SLOTS 2048u
#define BFC__ROW_BUCKET_SHIFT 55 /* 512 buckets */

/* card_bits[c]: 1 << c for a standard card, the twelve bits 52..63 for any
 * other byte (the joker too): five distinct standard cards are exactly
 * five bits in the OR of their card_bits (bfc_score_show's POPCNT path).
 *
 * pair_cards[i]: the cards a < b of the two-card discard move
 * BFC_MOVE_DISCARD2 + i, a in the low byte and b in the high.
 *
 * front_window: the frontline combination (bfc_combo) of the largest
 * scoring window, from the ranks of the four cards before the placed one
 * relative to it, a digit each (see gen_tables.c): the index is the sum of
 * front_weight[k][placed >> 2][k-th newest card, or BFC_CARD_NONE].
 * A placement's bfc_frontline_score is built as two little-endian words,
 * bytes 0..7 and 8..11, from front_combo_a/b[combo] and, for a placement
 * that keeps the frontline, front_sum_a/b[sum + 32 for the turn card +
 * front_jack[placed card]] (64 for a jack: knobs); see frontline.c.
 * front_reset[c]: all ones for the joker (it ends every window), else 0.
 * front_row[c]: 256 * (c >> 2), the offset of card c's row in each
 * front_weight table (row 13, the joker's, ends every window). */

struct bfc__tables {
    uint16_t front_weight[4][14][256]; /* first: its address is the base's */
    uint64_t card_bit[256];
    uint64_t card_key[256];
    uint64_t rank_key[256];
    uint64_t four_flush[4];
    uint8_t card_value[256];
    uint8_t suit_shift[256];
    uint8_t suit_points[16][4];
    uint16_t suit_pair_points[2][256];
    uint64_t bf_add[16];
    uint16_t h5_disp[1u << (64 - BFC__H5_BUCKET_SHIFT)];
    uint32_t h5_rec[BFC__H5_SLOTS];
    uint16_t h4_disp[1u << (64 - BFC__H4_BUCKET_SHIFT)];
    uint32_t h4_rec[BFC__H4_SLOTS];
    uint16_t h6_disp[1u << (64 - BFC__H6_BUCKET_SHIFT)];
    uint32_t h6_rec[BFC__H6_SLOTS];
    uint16_t row_disp[1u << (64 - BFC__ROW_BUCKET_SHIFT)];
    _Alignas(16) uint8_t rows[BFC__ROW_SLOTS][16];
    uint8_t front_window[14641];
    uint64_t front_combo_a[11];
    uint32_t front_combo_b[11];
    uint64_t front_sum_a[128];
    uint32_t front_sum_b[128];
    uint32_t front_jack[256];
    uint64_t front_reset[256];
    uint32_t front_row[256];
    uint16_t pair_cards[1326];
    uint64_t card_bits[256];
};
extern const struct bfc__tables bfc__tab;
#define bfc__card_bit (bfc__tab.card_bit)
#define bfc__card_key (bfc__tab.card_key)
#define bfc__card_value (bfc__tab.card_value)
#define bfc__front_window (bfc__tab.front_window)

/* The slot of a key sum in a table: its bucket's displacement XOR-ed into
 * the low 32 bits, which are below the slot count for every sum of the
 * table's number of cards (gen_tables.c checks it): no mask. */
static inline unsigned bfc__slot5(uint64_t key)
{
    return (unsigned)key ^ bfc__tab.h5_disp[key >> BFC__H5_BUCKET_SHIFT];
}
static inline unsigned bfc__slot4(uint64_t key)
{
    return (unsigned)key ^ bfc__tab.h4_disp[key >> BFC__H4_BUCKET_SHIFT];
}
static inline unsigned bfc__slot6(uint64_t key)
{
    return (unsigned)key ^ bfc__tab.h6_disp[key >> BFC__H6_BUCKET_SHIFT];
}

/* The record of a five-card rank multiset from the sum of its keys: one
 * displacement load, one record load (in place of enumerating 26 subsets for
 * fifteens and comparing every pair and run). */
static inline unsigned bfc__rec5(uint64_t key) { return bfc__tab.h5_rec[bfc__slot5(key)]; }
/* The same for zero to four cards. */
static inline unsigned bfc__rec4(uint64_t key) { return bfc__tab.h4_rec[bfc__slot4(key)]; }
/* The same for six cards (18,395 multisets). */
static inline unsigned bfc__rec6(uint64_t key) { return bfc__tab.h6_rec[bfc__slot6(key)]; }
/* The starter row of a four-card rank multiset. */
static inline const uint8_t *bfc__row(uint64_t key)
{
    return bfc__tab.rows[((unsigned)key ^ bfc__tab.row_disp[key >> BFC__ROW_BUCKET_SHIFT]) &
                         (BFC__ROW_SLOTS - 1)];
}

/* The show of four hand cards (RULES 2.1) whose key sum is hkey, with a
 * standard starter other than them, flags BFC_CRIB and BFC_KILL_CARD at
 * most: the one form of the four-card show. bfc_score_show validates the
 * cards and calls it (its POPCNT path, a CPU path that test_show compares
 * on every hand, reads other tables); the engine, whose cards are known
 * good, calls it directly. Rank points (fifteens, pairs, runs) are one
 * lookup among the 6,175 five-rank multisets; the hand's four-card flush
 * (none in a crib: four_flush), and the starter's suit field of the hand
 * (a fifth flush card, nobs: suit_points). */
static inline int bfc__show_key(uint64_t hkey, size_t starter, unsigned flags)
{
    const struct bfc__tables *t = &bfc__tab;
    const unsigned pts = BFC__REC_TOTAL(bfc__rec5(hkey + t->card_key[starter]));
    const unsigned field = (unsigned)(hkey >> t->suit_shift[starter]) & 15u;
    return (int)(pts + 4u * ((hkey & t->four_flush[flags]) != 0) + t->suit_points[field][flags]);
}

/* bfc_score_show_all_starters by one path: BFC__PATH_PORTABLE (plain C),
 * BFC__PATH_AVX2 (BFC_EINVAL where the CPU or the build has no AVX2) or
 * BFC__PATH_AUTO (the public function's choice). For the tests, which
 * check every path exhaustively, and the benchmark. */
enum { BFC__PATH_AUTO = 0, BFC__PATH_PORTABLE = 1, BFC__PATH_AVX2 = 2, BFC__PATH_POPCNT = 3 };
int bfc__all_starters_path(const bfc_card hand[4], unsigned flags, int8_t scores[52], int path);
/* bfc_score_show by one path: BFC__PATH_PORTABLE, BFC__PATH_POPCNT
 * (BFC_EINVAL where the CPU or the build has no POPCNT) or BFC__PATH_AUTO. */
int bfc__show_path(const bfc_card hand[4], bfc_card starter, unsigned flags, int path);

/* Card helpers for validated cards. */
static inline unsigned bfc__rank(bfc_card c) { return (unsigned)(c >> 2) + 1u; }
static inline unsigned bfc__suit(bfc_card c) { return c & 3u; }
static inline unsigned bfc__value(bfc_card c) { return bfc__card_value[c]; }

/* A placement's score (RULES 2.3, 4.5, D8) as two little-endian words: a,
 * the bytes 0..7 of its bfc_frontline_score (renewed, sum, length,
 * fifteen_31, combination, combo, combo_cards, last_card); b, the bytes
 * 8..11 (the placer's points, the go, knobs, reserved): the points the
 * engine pegs (bits 0..23). The engine reads b alone: a is not computed
 * there. */
typedef struct {
    uint64_t a;
    uint32_t b;
} bfc__placement;

/* bfc_frontline_place for a frontline known valid (the game's) and a card
 * not on it, without the checks: the same placement (frontline.c). Returns
 * its points word (bfc__placement.b); a renewal adds the old cards to
 * *gone. */
uint32_t bfc__frontline_put(bfc_frontline *f, bfc_card placed, unsigned flags, uint64_t *gone);

/* The newest-cards register of a frontline after appending c (RULES 2.3:
 * the joker ends every window that reaches it). */
static inline uint64_t bfc__push_recent(uint64_t recent, bfc_card c)
{
    return c == BFC_JOKER ? ~UINT64_C(0) : recent << 8 | c;
}

/* A frontline of card c alone (the first card of a skirmish, a renewal),
 * its bit and pip value v given. */
static inline void bfc__frontline_one_card(bfc_frontline *f, bfc_card c, uint64_t bit, unsigned v)
{
    f->mask = bit;
    f->recent = bfc__push_recent(~UINT64_C(0), c);
    f->n = 1;
    f->sum = (uint8_t)v;
    memset(f->cards, 0, sizeof f->cards);
    f->cards[0] = c;
}

/* A placement of card `placed` (pip value v) that would pass 31 (RULES 4.5
 * and D8): the placed card begins a new frontline; the placer scores
 * nothing, the player to the right scores the go; a jack turn card still
 * gives the dealer 2 knobs. */
static inline bfc__placement bfc__placement_renewal(bfc_card placed, unsigned v, unsigned flags)
{
    const unsigned knobs = (flags & BFC_TURN_CARD) && bfc__tab.front_jack[placed] ? 2u : 0u;
    bfc__placement p;
    p.a = 1u | (uint64_t)v << 8 | 1u << 16;
    p.b = 1u << 8 | knobs << 16;
    return p;
}

/* A placement that keeps the frontline of n cards: total is the sum after
 * it (<= 31), recent the newest cards before it since the last joker (a
 * byte each, newest lowest, BFC_CARD_NONE beyond). RULES 2.3: the largest
 * window of the last <= 5 cards that forms a combination, never through
 * the joker: each older card's rank as a digit relative to the placed
 * card's, weighted by its place, one lookup among the 11^4 windows (see
 * gen_tables.c; the placed card's row of the first weight table, the k-th
 * table's row 14 * 256 entries further on: the four tables are read as one
 * array). Fifteen, 31, last card and knobs come by the sum, the turn card
 * flag (BFC_TURN_CARD is 8: 32 further on) and a jack. */
static inline bfc__placement bfc__placement_kept(unsigned total, uint64_t recent, unsigned n,
                                                 bfc_card placed, unsigned flags)
{
    const struct bfc__tables *t = &bfc__tab;
    const uint16_t *w0 = (const uint16_t *)t->front_weight + t->front_row[placed];
    const uint16_t *w1 = w0 + 14 * 256, *w2 = w1 + 14 * 256, *w3 = w2 + 14 * 256;
    const unsigned idx = (unsigned)w0[(uint8_t)recent] + w1[(uint8_t)(recent >> 8)] +
                         w2[(uint8_t)(recent >> 16)] + w3[(uint8_t)(recent >> 24)];
    const unsigned combo = t->front_window[idx];
    const unsigned st = total + 4 * (flags & BFC_TURN_CARD) + t->front_jack[placed];
    bfc__placement p;
    p.a = t->front_sum_a[st] + ((uint64_t)(n + 1) << 16) + t->front_combo_a[combo];
    p.b = t->front_sum_b[st] + t->front_combo_b[combo];
    return p;
}

/* A take and the placement that follows it, the game's usual turn, in one
 * step: the end card of the frontline f (valid, not empty, its end card not
 * the joker) leaves it and card `placed` (not on it) goes on in its place.
 * The same frontline, *gone and result as bfc__frontline_pop_card then
 * bfc__frontline_put, without undoing and redoing the cache of newest
 * cards (tests/test_frontline.c compares the two). Inline: it is most of a
 * random Battlefield playout's work. */
static inline uint32_t bfc__frontline_retake(bfc_frontline *f, bfc_card placed, unsigned flags,
                                             uint64_t *gone)
{
    const unsigned n = f->n;
    const bfc_card taken = f->cards[n - 1];
    const uint64_t tb = UINT64_C(1) << taken;
    const unsigned total =
        (unsigned)f->sum - bfc__tab.card_value[taken] + bfc__tab.card_value[placed];
    if (total > 31) {
        /* a renewal: the frontline without the taken card goes, the placed
           card alone begins the next */
        *gone |= f->mask & ~tb;
        bfc__frontline_one_card(f, placed, bfc__tab.card_bit[placed], bfc__tab.card_value[placed]);
        return bfc__placement_renewal(placed, bfc__tab.card_value[placed], flags).b;
    }
    /* the cache without the taken card is recent >> 8 (its lost oldest
       byte is never read: the window is the four newest); with the placed
       card pushed on, the taken card's byte is the placed card's */
    const uint64_t recent = f->recent;
    f->cards[n - 1] = placed;
    f->mask = (f->mask & ~tb) | bfc__tab.card_bit[placed];
    f->recent = ((recent & ~UINT64_C(0xFF)) | placed) | bfc__tab.front_reset[placed];
    f->sum = (uint8_t)total;
    return bfc__placement_kept(total, recent >> 8, n - 1, placed, flags).b;
}

/* bfc_frontline_set(f, &c, 1) for a standard card or the joker c. */
void bfc__frontline_one(bfc_frontline *f, bfc_card c);

/* bfc_frontline_take for a frontline known valid whose end card is not the
 * joker (the game's), without re-scanning the rest: the card leaves the
 * mask and sum, the cache of newest cards shifts by one byte and its oldest
 * byte comes back from the cards (0xFF, none, when that card is the joker
 * or older than one). Taking the joker itself re-scans the cards before it
 * (bfc_frontline_take). tests/test_frontline.c compares the two. Returns
 * the card taken. */
static inline bfc_card bfc__frontline_pop_card(bfc_frontline *f)
{
    const unsigned n = f->n;
    const bfc_card c = f->cards[n - 1];
    uint64_t top = 0xFF;
    if (n >= 9 && (f->recent >> 56) != 0xFF && f->cards[n - 9] != BFC_JOKER)
        top = f->cards[n - 9];
    f->recent = f->recent >> 8 | top << 56;
    f->mask &= ~(UINT64_C(1) << c);
    f->sum = (uint8_t)(f->sum - bfc__value(c));
    f->cards[n - 1] = 0;
    f->n = (uint8_t)(n - 1);
    return c;
}

/* Each card's rank as a bit (bit 0 the aces; frontline.c). */
extern const uint16_t bfc__rank_bit[BFC_NCARDS];

/* The pegging points of the last card laid (RULES 2.2; with noddy, Noddy's
 * of RULES 3.6 and D5): seq[0..n) the valid cards laid since the count was
 * reset (n >= 1), count their pip total (<= 31). The one form of the
 * pegging rule: bfc_score_peg_detail validates and calls it, the engine
 * calls it on its own sequence. Fifteen or 31 (Noddy: 25 too) scores 2;
 * the trailing cards of the last card's rank score 2 a pair; else the
 * longest run of 3 or more of the last cards, a block of consecutive ranks
 * (a pair at the end leaves no run; Noddy: a run of three scores 2);
 * Noddy: the trailing cards of one suit, 3 or more, score 1 a card.
 * Returns the total; the breakdown goes to *detail when it is not NULL. */
BFC__INLINE unsigned bfc__peg_points(const bfc_card *seq, unsigned n, unsigned count, int noddy,
                                    bfc_peg_score *detail)
{
    const unsigned fifteen_31 = (count & ~16u) == 15 || (noddy && count == 25) ? 2u : 0u;
    unsigned pairs = 0, runs = 0, flush = 0;
    if (n >= 2) {
        const unsigned last = seq[n - 1] >> 2u, prev = seq[n - 2] >> 2u;
        if (prev == last) {
            unsigned same = 2; /* four of a rank at most */
            if (n >= 3 && (unsigned)(seq[n - 3] >> 2u) == last)
                same = n >= 4 && (unsigned)(seq[n - 4] >> 2u) == last ? 4u : 3u;
            pairs = same * (same - 1u); /* 2 x (same choose 2) */
        } else {
            /* the ranks of the last k cards, while they differ: a run when
               they are one block of consecutive ranks; k is 7 at most (A to
               7 make 28, any eight ranks pass 31) */
            unsigned ranks = 1u << last | 1u << prev;
            BFC__UNROLL(5)
            for (unsigned k = 3; k <= 7 && k <= n; k++) {
                const unsigned b = bfc__rank_bit[seq[n - k]];
                if (ranks & b)
                    break;
                ranks |= b;
                if (((ranks + (ranks & (0u - ranks))) & ranks) == 0)
                    runs = k;
            }
            if (noddy && runs == 3)
                runs = 2;
        }
    }
    if (noddy) {
        unsigned suited = 1;
        while (suited < n && bfc__suit(seq[n - 1 - suited]) == bfc__suit(seq[n - 1]))
            suited++;
        flush = suited >= 3 ? suited : 0; /* 3, 4 (D5), then 1 a card */
    }
    const unsigned total = fifteen_31 + pairs + runs + flush;
    if (detail) {
        detail->count = (uint8_t)count;
        detail->fifteen_31 = (uint8_t)fifteen_31;
        detail->pairs = (uint8_t)pairs;
        detail->runs = (uint8_t)runs;
        detail->flush = (uint8_t)flush;
        detail->total = (uint8_t)total;
    }
    return total;
}

/* Text written into a caller's buffer snprintf-style (src/text.c): len
 * counts every byte, the buffer keeps what fits. */
typedef struct bfc__text {
    char *buf;
    size_t cap, len;
} bfc__text;
void bfc__put(bfc__text *t, const char *s);
void bfc__putnum(bfc__text *t, long long v);
/* NUL-terminates (when cap > 0) and returns the length needed. */
int bfc__text_end(const bfc__text *t);

/* The bytes a game allocates (bfc_game_new(), once): for
 * bfc_search_config_bytes(). */
size_t bfc__game_bytes(void);

/* Validates n cards (each a standard card or, if joker_ok, the joker; no
 * duplicates). Returns BFC_OK or the status, and the OR of their bits. */
/* The rule-of-thumb player's value of each of the n moves m of a Battlefield
 * decision (not a lay-away), into v (src/bot.c, bfc_bot_rules): 0, or -1
 * when it has none for this observation. */
int bfc__rules_values(const bfc_observation *o, const bfc_move *m, int n, double *v);

int bfc__check_cards(const bfc_card *cards, size_t n, int joker_ok, uint64_t *mask);

/* An observation handed in through the public API (issue 39: the struct is
 * public, and one built or edited by hand overran the library's buffers):
 * BFC_OK when every field is one bfc_game_observe() could have written --
 * seats, sides and phase in range, card sets inside the deck and apart,
 * the counts the phase and the players allow --, else BFC_EINVAL. Every
 * public function taking an observation calls it once (observe.c); the
 * library's own calls on observations it made skip it (the unchecked
 * versions below). */
int bfc__observation_check(const bfc_observation *o);
int bfc__observation_moves(const bfc_observation *o, bfc_move *out, size_t cap);
int bfc__observation_unseen(const bfc_observation *o, uint64_t *out);
int bfc__bot_random(const bfc_observation *o, uint64_t *rng, bfc_move *out);
int bfc__bot_greedy(const bfc_observation *o, uint64_t *rng, bfc_move *out);

BFC__HIDDEN_END

#endif
