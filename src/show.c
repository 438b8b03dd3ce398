/* Show scoring (RULES 2.1): classic hands and cribs, the BFC battlefield,
 * reserve and cease-fire, five-card, Noddy and seven-card hands. Rank
 * points come from the perfect-hash tables (internal.h); flush and nobs
 * from the suit fields of the key sums in the fast scorers, from card bit
 * masks in the general one (bfc_score_hand). */
#include <stddef.h>
#include <string.h>

#include "internal.h"

/* Flush points of hand cards with bit mask hm (n of them), the first of
 * suit s0, with a starter of suit ss (ss < 0: no starter). RULES 2.1. */
static unsigned flush_points(uint64_t hm, unsigned n, unsigned s0, int ss, int crib)
{
    if (hm & ~(BFC__SUIT_BITS << s0))
        return 0;
    if (ss < 0)
        return n;
    if ((unsigned)ss == s0)
        return n + 1;
    return crib ? 0 : n;
}

/* The status of a set of cards from the OR and the sum of their bits, as
 * bfc__check_cards gives it: a bad byte first, then a repeated card, then
 * the joker (0, a killed hand, with BFC_KILL_CARD). */
BFC__COLD static int cards_status(uint64_t or_, uint64_t sum, unsigned kill)
{
    if (or_ & BFC__BIT_BAD)
        return BFC_ECARD;
    if (sum != or_)
        return BFC_EDUP;
    return kill ? 0 : BFC_EJOKER;
}

/* The portable path: distinct valid cards have distinct single bits below
 * bit 52, so their sum equals their OR exactly when no bit repeats. */
static int show_portable(const bfc_card hand[4], size_t starter, unsigned flags)
{
    const struct bfc__tables *t = &bfc__tab;
    uint64_t or_ = t->card_bit[starter], sum = or_, hkey = t->card_key[hand[0]];
    or_ |= t->card_bit[hand[0]], sum += t->card_bit[hand[0]];
    or_ |= t->card_bit[hand[1]], sum += t->card_bit[hand[1]], hkey += t->card_key[hand[1]];
    or_ |= t->card_bit[hand[2]], sum += t->card_bit[hand[2]], hkey += t->card_key[hand[2]];
    or_ |= t->card_bit[hand[3]], sum += t->card_bit[hand[3]], hkey += t->card_key[hand[3]];
    if (BFC__UNLIKELY(sum != or_) || BFC__UNLIKELY((or_ >> 52) != 0))
        return cards_status(or_, sum, flags & BFC_KILL_CARD);
    return bfc__show_key(hkey, starter, flags); /* the engine's show */
}

#ifdef BFC__HAVE_X86_PATHS
/* The status of five cards that the POPCNT path refused. */
BFC__COLD static int show_status(const bfc_card hand[4], size_t starter, unsigned flags)
{
    const uint64_t *bit = bfc__tab.card_bit;
    const uint64_t b[5] = {bit[hand[0]], bit[hand[1]], bit[hand[2]], bit[hand[3]], bit[starter]};
    return cards_status(b[0] | b[1] | b[2] | b[3] | b[4], b[0] + b[1] + b[2] + b[3] + b[4],
                        flags & BFC_KILL_CARD);
}

/* The POPCNT path's own tables, in one block with one base address, read
 * by a direct index where bfc__tab hashes the rank multiset.
 *
 * key[c]: the weight of card c's rank (SHOW_WEIGHT) in bits 0..31 plus
 * its suit field in bits 32..47, as in card_key; 0 for any other byte.
 * total[w]: the rank points (fifteens, pairs, runs) of every five-card rank
 * multiset whose weights sum to w. The weights were found by a greedy
 * search over rank orders: any two multisets with the same sum have the
 * same rank points, so the sum needs no hash, and the largest sum is
 * SHOW_SUMS - 1 (4 x 47615 + 33876). bits, shift, four_flush and
 * suit_points copy bfc__tab's card_bits, suit_shift, four_flush and
 * suit_points. show_fill() builds the block from bfc__tab's five-card
 * records when the library loads, before it chooses the POPCNT path (so
 * only on CPUs that take it); test_show checks every path on every hand. */
static const uint32_t SHOW_WEIGHT[13] = {21,    76,    1,     47615, 625, 4753, 21304,
                                         33876, 251,   0,     10198, 1986, 5};
#define SHOW_SUMS (4u * 47615u + 33876u + 1u)
static struct {
    uint64_t key[256];
    uint64_t bits[256];
    uint64_t four_flush[4];
    uint8_t shift[256];
    uint8_t suit_points[16][4];
    uint8_t total[SHOW_SUMS];
} show_tab;

static void show_fill(void)
{
    const struct bfc__tables *t = &bfc__tab;
    for (unsigned c = 0; c < 52; c++)
        show_tab.key[c] = SHOW_WEIGHT[c >> 2] + (t->card_key[c] - t->rank_key[c]);
    memcpy(show_tab.bits, t->card_bits, sizeof show_tab.bits);
    memcpy(show_tab.four_flush, t->four_flush, sizeof show_tab.four_flush);
    memcpy(show_tab.shift, t->suit_shift, sizeof show_tab.shift);
    memcpy(show_tab.suit_points, t->suit_points, sizeof show_tab.suit_points);
    /* every multiset of five ranks, r[0] <= ... <= r[4], not five of one */
    unsigned r[5];
    for (r[0] = 0; r[0] < 13; r[0]++)
        for (r[1] = r[0]; r[1] < 13; r[1]++)
            for (r[2] = r[1]; r[2] < 13; r[2]++)
                for (r[3] = r[2]; r[3] < 13; r[3]++)
                    for (r[4] = r[3] + (r[0] == r[3]); r[4] < 13; r[4]++) {
                        uint64_t key = 0;
                        unsigned w = 0;
                        for (unsigned i = 0; i < 5; i++) {
                            key += t->rank_key[4 * r[i]];
                            w += SHOW_WEIGHT[r[i]];
                        }
                        show_tab.total[w] = (uint8_t)BFC__REC_TOTAL(bfc__rec5(key));
                    }
}

/* The path of CPUs with POPCNT: five cards are five distinct standard
 * cards exactly when the OR of their card_bits has five bits (any other
 * byte brings twelve), so the cards need neither a sum nor a second test
 * -- one OR per card. The hand's key sum is taken after the test. The
 * body is inlined into show_popcnt, the function the CPU check chooses. */
BFC__INLINE int show_fast(const bfc_card hand[4], size_t starter, unsigned flags)
{
    if (BFC__UNLIKELY(!hand || flags > (BFC_CRIB | BFC_KILL_CARD)))
        return BFC_EINVAL;
    const uint64_t *key = show_tab.key, *bits = show_tab.bits;
    const uint64_t or_ =
        bits[starter] | bits[hand[0]] | bits[hand[1]] | bits[hand[2]] | bits[hand[3]];
    if (BFC__UNLIKELY(__builtin_popcountll(or_) != 5))
        return show_status(hand, starter, flags);
    const uint64_t hkey = key[hand[0]] + key[hand[1]] + key[hand[2]] + key[hand[3]];
    /* the rank points: the low 32 bits of the five keys' sum */
    const unsigned pts = show_tab.total[(uint32_t)(hkey + key[starter])];
    /* the starter's suit field of the hand: a fifth flush card, nobs */
    const unsigned field = (unsigned)(hkey >> show_tab.shift[starter]) & 15u;
    return (int)(pts + 4 * (unsigned)__builtin_popcountll(hkey & show_tab.four_flush[flags]) +
                 show_tab.suit_points[field][flags]);
}
BFC__TARGET_POPCNT static int show_popcnt(const bfc_card hand[4], size_t starter, unsigned flags)
{
    return show_fast(hand, starter, flags);
}
#endif

static int show_checked(const bfc_card hand[4], size_t starter, unsigned flags)
{
    if (BFC__UNLIKELY(!hand || flags > (BFC_CRIB | BFC_KILL_CARD)))
        return BFC_EINVAL;
    return show_portable(hand, starter, flags);
}

/* The path of bfc_score_show for this CPU (the starter zero-extended by the
 * call); the POPCNT path's tables are filled first. The CPU is probed here,
 * as a constructor may run before any other probe. */
typedef int show_fn(const bfc_card hand[4], size_t starter, unsigned flags);
static show_fn *show_choice(void)
{
#ifdef BFC__HAVE_X86_PATHS
    BFC__CPU_INIT();
    if (BFC__CPU_HAS("popcnt")) {
        show_fill();
        return show_popcnt;
    }
#endif
    return show_checked;
}

/* bfc_score_show is one jump through show_path. The portable path is
 * right on every CPU; where constructors run, the library's load fills the
 * POPCNT path's tables and sets the path of the CPU before the program's
 * threads begin, so a plain pointer serves every thread. Elsewhere the
 * portable path stays. */
static show_fn *show_path = show_checked;
#ifdef BFC__HAVE_CONSTRUCTOR
BFC__CONSTRUCTOR static void show_choose(void) { show_path = show_choice(); }
#endif

int bfc_score_show(const bfc_card hand[4], bfc_card starter, unsigned flags)
{
    return show_path(hand, starter, flags);
}

int bfc__show_path(const bfc_card hand[4], bfc_card starter, unsigned flags, int path)
{
#ifdef BFC__HAVE_X86_PATHS
    if (path == BFC__PATH_POPCNT) /* its table is filled on CPUs with POPCNT */
        return BFC__CPU_HAS("popcnt") ? show_popcnt(hand, starter, flags) : BFC_EINVAL;
#endif
    if (path == BFC__PATH_PORTABLE)
        return hand && flags <= (BFC_CRIB | BFC_KILL_CARD) ? show_portable(hand, starter, flags)
                                                           : BFC_EINVAL;
    return path == BFC__PATH_AUTO ? bfc_score_show(hand, starter, flags) : BFC_EINVAL;
}

/* ---- All starters at once (the batch path for discard analysis). The
 * rank points of the hand with a starter of each rank are one 16-byte row
 * of the rows table; each is repeated for the four suits, the suit points
 * (flush, nobs: the same for every rank) are added, and the hand's own
 * cards are marked -1. Two ways to spread the row: AVX2 byte shuffles where
 * the CPU has them (chosen at run time), plain 64-bit arithmetic anywhere. */

/* The validated hand's key sum and the suit points of a starter of each
 * suit, a byte each (suit s in byte s); BFC_OK or the status. */
static inline int all_starters_prepare(const bfc_card hand[4], unsigned flags,
                                       const int8_t *scores, uint64_t *hkey_out,
                                       uint32_t *pattern_out)
{
    if (BFC__UNLIKELY(!hand || !scores || flags > BFC_CRIB))
        return BFC_EINVAL;
    const struct bfc__tables *t = &bfc__tab;
    uint64_t or_ = t->card_bit[hand[0]], sum = or_, hkey = t->card_key[hand[0]];
    or_ |= t->card_bit[hand[1]], sum += t->card_bit[hand[1]], hkey += t->card_key[hand[1]];
    or_ |= t->card_bit[hand[2]], sum += t->card_bit[hand[2]], hkey += t->card_key[hand[2]];
    or_ |= t->card_bit[hand[3]], sum += t->card_bit[hand[3]], hkey += t->card_key[hand[3]];
    if (BFC__UNLIKELY(sum != or_) || BFC__UNLIKELY((or_ >> 52) != 0)) {
        const int rc = cards_status(or_, sum, 0); /* negative: no kill card here */
        return rc < 0 ? rc : BFC_EJOKER;
    }
    /* suits 0, 1 from the first byte of the suit fields, 2, 3 from the
     * second; the hand's four-card flush adds 4 for every starter suit */
    const uint16_t *pair = t->suit_pair_points[flags];
    uint32_t pattern = pair[(uint8_t)(hkey >> BFC__SUIT_SHIFT)] |
                       (uint32_t)pair[(uint8_t)(hkey >> (BFC__SUIT_SHIFT + 8))] << 16;
    pattern += ((hkey & t->four_flush[flags]) != 0) * UINT32_C(0x04040404);
    *hkey_out = hkey;
    *pattern_out = pattern;
    return BFC_OK;
}

/* The cards of the hand cannot be the starter (RULES 2.1). */
static inline void mark_hand(const bfc_card hand[4], int8_t scores[52])
{
    scores[hand[0]] = -1;
    scores[hand[1]] = -1;
    scores[hand[2]] = -1;
    scores[hand[3]] = -1;
}

/* Rank points and suit points are at most 28 and 6: a byte never carries
 * into the next, so four or eight scores add in one 32- or 64-bit add. */
#ifdef BFC__LITTLE_ENDIAN
/* The scores of ranks r and r + 1: row[r] in bytes 0..3, row[r + 1] in
 * 4..7. */
static inline void spread2(int8_t *scores, const uint8_t *row, unsigned r, uint64_t pat2)
{
    const uint64_t v = (row[r] | (uint64_t)row[r + 1] << 32) * UINT64_C(0x01010101) + pat2;
    memcpy(scores + 4 * r, &v, sizeof v);
}
#endif

BFC__NOINLINE static int all_starters_portable(const bfc_card hand[4], unsigned flags,
                                               int8_t scores[52])
{
    uint64_t hkey;
    uint32_t pattern;
    const int rc = all_starters_prepare(hand, flags, scores, &hkey, &pattern);
    if (rc != BFC_OK)
        return rc;
    const uint8_t *row = bfc__row(hkey);
#ifdef BFC__LITTLE_ENDIAN
    const uint64_t pat2 = pattern * UINT64_C(0x100000001);
    spread2(scores, row, 0, pat2);
    spread2(scores, row, 2, pat2);
    spread2(scores, row, 4, pat2);
    spread2(scores, row, 6, pat2);
    spread2(scores, row, 8, pat2);
    spread2(scores, row, 10, pat2);
    const uint32_t v = row[12] * UINT32_C(0x01010101) + pattern;
    memcpy(scores + 48, &v, sizeof v);
#else
    for (unsigned c = 0; c < 52; c++)
        scores[c] = (int8_t)(row[c >> 2] + (uint8_t)(pattern >> (8 * (c & 3))));
#endif
    mark_hand(hand, scores);
    return BFC_OK;
}

#ifdef BFC__HAVE_X86_PATHS
#include <immintrin.h>

/* vpshufb sources: the row's byte of each score. Both 128-bit lanes hold
 * the whole row, so lane 1 may pick any of its bytes. The second vector
 * covers scores 20..51 (ranks 5..12) and is stored over the first's end. */
static _Alignas(32) const uint8_t SPREAD[2][32] = {
    {0, 0, 0, 0, 1, 1, 1, 1, 2, 2,  2,  2,  3,  3,  3,  3,
     4, 4, 4, 4, 5, 5, 5, 5, 6, 6,  6,  6,  7,  7,  7,  7},
    {5, 5, 5, 5, 6, 6, 6, 6, 7, 7,  7,  7,  8,  8,  8,  8,
     9, 9, 9, 9, 10, 10, 10, 10, 11, 11, 11, 11, 12, 12, 12, 12}};

BFC__NOINLINE BFC__TARGET_AVX2 static int all_starters_avx2(const bfc_card hand[4], unsigned flags,
                                                            int8_t scores[52])
{
    uint64_t hkey;
    uint32_t pattern;
    const int rc = all_starters_prepare(hand, flags, scores, &hkey, &pattern);
    if (rc != BFC_OK)
        return rc;
    const __m256i row =
        _mm256_broadcastsi128_si256(_mm_load_si128((const __m128i *)(const void *)bfc__row(hkey)));
    const __m256i pat = _mm256_set1_epi32((int)pattern);
    const __m256i lo = _mm256_add_epi8(
        _mm256_shuffle_epi8(row, _mm256_load_si256((const __m256i *)(const void *)SPREAD[0])), pat);
    const __m256i hi = _mm256_add_epi8(
        _mm256_shuffle_epi8(row, _mm256_load_si256((const __m256i *)(const void *)SPREAD[1])), pat);
    _mm256_storeu_si256((__m256i *)(void *)scores, lo);
    _mm256_storeu_si256((__m256i *)(void *)(scores + 20), hi);
    mark_hand(hand, scores);
    return BFC_OK;
}
#endif

int bfc__all_starters_path(const bfc_card hand[4], unsigned flags, int8_t scores[52], int path)
{
#ifdef BFC__HAVE_X86_PATHS
    if (path == BFC__PATH_AVX2)
        return BFC__CPU_HAS("avx2") ? all_starters_avx2(hand, flags, scores) : BFC_EINVAL;
#endif
    if (path == BFC__PATH_PORTABLE)
        return all_starters_portable(hand, flags, scores);
    return path == BFC__PATH_AUTO ? bfc_score_show_all_starters(hand, flags, scores) : BFC_EINVAL;
}

int bfc_score_show_all_starters(const bfc_card hand[4], unsigned flags, int8_t scores[52])
{
#ifdef BFC__HAVE_X86_PATHS
    if (BFC__CPU_HAS("avx2"))
        return all_starters_avx2(hand, flags, scores);
#endif
    return all_starters_portable(hand, flags, scores);
}

static void put_score(bfc_hand_score *out, unsigned rec, unsigned flush, unsigned nobs, int noddy)
{
    unsigned runs = BFC__REC_RUNS(rec);
    /* Noddy (RULES 3.6): a run of three scores 2. With at most five cards
     * every run total divisible by 3 is made of runs of three. */
    if (noddy && runs % 3 == 0)
        runs = runs / 3 * 2;
    out->fifteens = (uint8_t)BFC__REC_FIFTEENS(rec);
    out->pairs = (uint8_t)BFC__REC_PAIRS(rec);
    out->runs = (uint8_t)runs;
    out->flush = (uint8_t)flush;
    out->nobs = (uint8_t)nobs;
    out->total = (uint8_t)(out->fifteens + out->pairs + runs + flush + nobs);
    out->killed = 0;
    out->reserved = 0;
}

static const bfc_hand_score KILLED = {0, 0, 0, 0, 0, 0, 1, 0};

/* The flags bfc_score_hand accepts with n hand cards and a starter or not:
 * five hand cards with a starter (seven-card cribbage, RULES 3.10) have no
 * joker and no Noddy rule in any variant, so only BFC_CRIB. */
static int hand_flags_ok(size_t n, bfc_card starter, unsigned flags)
{
    if (n == 5 && starter != BFC_CARD_NONE)
        return (flags & ~BFC_CRIB) == 0;
    return (flags & ~(BFC_CRIB | BFC_KILL_CARD | BFC_NODDY)) == 0;
}

int bfc_score_hand(const bfc_card *hand, size_t n, bfc_card starter, unsigned flags,
                   bfc_hand_score *out)
{
    if (!hand || n < 3 || n > 5 || !hand_flags_ok(n, starter, flags))
        return BFC_EINVAL;
    bfc_card all[6];
    size_t m = n;
    for (size_t i = 0; i < n; i++)
        all[i] = hand[i];
    if (starter != BFC_CARD_NONE)
        all[m++] = starter;
    uint64_t mask;
    int rc = bfc__check_cards(all, m, flags & BFC_KILL_CARD, &mask);
    if (rc < 0)
        return rc;
    bfc_hand_score s;
    if (mask & BFC__BIT_JOKER) {
        s = KILLED;
    } else {
        uint64_t key = 0, hm = 0;
        for (size_t i = 0; i < m; i++)
            key += bfc__card_key[all[i]];
        for (size_t i = 0; i < n; i++)
            hm |= bfc__card_bit[hand[i]];
        const unsigned rec = m == 6 ? bfc__rec6(key) : m == 5 ? bfc__rec5(key) : bfc__rec4(key);
        const int ss = starter == BFC_CARD_NONE ? -1 : (int)bfc__suit(starter);
        const unsigned nobs = ss < 0 ? 0u : (unsigned)(hm >> (BFC__JACKS_SHIFT + ss)) & 1u;
        put_score(&s, rec, flush_points(hm, (unsigned)n, bfc__suit(hand[0]), ss, flags & BFC_CRIB),
                  nobs, flags & BFC_NODDY);
    }
    if (out)
        *out = s;
    return s.total;
}

int bfc_score_reserve(const bfc_card reserve[4], bfc_card turn, bfc_hand_score *out)
{
    return bfc_score_hand(reserve, 4, turn, BFC_CRIB | BFC_KILL_CARD, out);
}

int bfc_score_ceasefire(const bfc_card formation[5], bfc_hand_score *out)
{
    return bfc_score_hand(formation, 5, BFC_CARD_NONE, BFC_KILL_CARD, out);
}

/* A BFC hand score from its record, flush and nobs (no Noddy rule). The
 * record's bytes are the score's first four fields; on little-endian
 * machines the whole score is built as one 64-bit value and stored at once. */
_Static_assert(offsetof(bfc_hand_score, total) == 0 && offsetof(bfc_hand_score, runs) == 3 &&
                   offsetof(bfc_hand_score, flush) == 4 && offsetof(bfc_hand_score, nobs) == 5 &&
                   sizeof(bfc_hand_score) == 8,
               "fill_score builds bfc_hand_score as one 64-bit value");

static inline void fill_score(bfc_hand_score *o, uint32_t rec, unsigned flush, unsigned nobs)
{
#ifdef BFC__LITTLE_ENDIAN
    const uint64_t v = (uint64_t)rec + flush + nobs + ((uint64_t)flush << 32) +
                       ((uint64_t)nobs << 40);
    memcpy(o, &v, sizeof v);
#else
    o->total = (uint8_t)(BFC__REC_TOTAL(rec) + flush + nobs);
    o->fifteens = (uint8_t)BFC__REC_FIFTEENS(rec);
    o->pairs = (uint8_t)BFC__REC_PAIRS(rec);
    o->runs = (uint8_t)BFC__REC_RUNS(rec);
    o->flush = (uint8_t)flush;
    o->nobs = (uint8_t)nobs;
    o->killed = 0;
    o->reserved = 0;
#endif
}

/* The battlefield in general: any valid cards, the joker included (RULES
 * 4.7 kill card), on any machine. bfc_score_battlefield takes it for the
 * joker and on big-endian machines. */
BFC__NOINLINE static int battlefield_general(const bfc_card formation[5], bfc_card turn,
                                             unsigned flags, bfc_battlefield *out)
{
    uint64_t bits[5], fm = 0, sum = 0, key = bfc__card_key[turn];
    for (unsigned i = 0; i < 5; i++) {
        bits[i] = bfc__card_bit[formation[i]];
        fm |= bits[i];
        sum += bits[i];
        key += bfc__card_key[formation[i]];
    }
    const uint64_t tb = bfc__card_bit[turn], all = fm | tb;
    /* as in bfc_score_show: a repeated bit carries, a bad byte sets bit 63 */
    if (BFC__UNLIKELY((((sum + tb) ^ all) | (all & BFC__BIT_BAD)) != 0)) {
        bfc_card six[6] = {formation[0], formation[1], formation[2], formation[3], formation[4],
                           turn};
        return bfc__check_cards(six, 6, 1, &sum);
    }
    bfc_battlefield b;
    const unsigned ts = bfc__suit(turn);
    unsigned total[5], best = 0;
    for (unsigned i = 0; i < 5; i++) {
        const uint64_t kept = fm & ~bits[i];
        if ((kept | tb) & BFC__BIT_JOKER) {
            b.by_lay_away[i] = KILLED; /* RULES 4.7: the kill card */
            total[i] = 0;
            continue;
        }
        /* the suit of any kept card: formation[1] when [0] is laid away */
        const unsigned s0 = bfc__suit(formation[i == 0]);
        const unsigned flush = (kept & ~(BFC__SUIT_BITS << s0)) ? 0u : 4u + (s0 == ts);
        const unsigned nobs = (unsigned)(kept >> (BFC__JACKS_SHIFT + ts)) & 1u;
        const uint32_t rec = bfc__rec5(key - bfc__card_key[formation[i]]);
        fill_score(&b.by_lay_away[i], rec, flush, nobs);
        total[i] = BFC__REC_TOTAL(rec) + flush + nobs;
        best = total[i] > best ? total[i] : best;
    }
    unsigned legal = 0;
    for (unsigned i = 0; i < 5; i++)
        legal |= (unsigned)(total[i] == best) << i;
    b.best = (int)best;
    b.legal = (flags & BFC_ANY_LAY_AWAY) ? 31u : legal;
    if (out)
        *out = b;
    return b.best;
}

/* The score of the lay-away of a formation card (key kc) for the fast path
 * of bfc_score_battlefield, stored as bfc_hand_score: kt - kc is the key
 * sum of the four kept cards with the turn card, whose suit field is left
 * out, so the same sum gives the record and the kept cards' suit fields:
 * flush and nobs in the turn card's suit (`shift`), and the four-card flush
 * when the formation has four or more cards of a suit (`fours`). Returns
 * the total. */
BFC__INLINE unsigned lay_away(const struct bfc__tables *t, uint64_t kt, unsigned shift, uint64_t kc,
                              int fours, bfc_hand_score *o)
{
    const uint64_t k = kt - kc;
    uint64_t v = t->h5_rec[bfc__slot5(k)] + t->bf_add[(k >> shift) & 15u];
    if (fours)
        v += (uint64_t)((k & BFC__SUIT_FOURS) != 0) * BFC__FOUR_ADD;
    memcpy(o, &v, sizeof v);
    return (unsigned)v & 255u;
}

/* The five lay-aways, the best and the legal ones (D10). */
BFC__INLINE int battlefield_fast(const struct bfc__tables *t, const bfc_card formation[5],
                                 uint64_t fkey, bfc_card turn, unsigned flags, int fours,
                                 bfc_battlefield *o)
{
    const uint64_t kt = fkey + t->rank_key[turn];
    const unsigned shift = t->suit_shift[turn];
    bfc_hand_score *h = o->by_lay_away;
    const unsigned t0 = lay_away(t, kt, shift, t->card_key[formation[0]], fours, &h[0]);
    const unsigned t1 = lay_away(t, kt, shift, t->card_key[formation[1]], fours, &h[1]);
    const unsigned t2 = lay_away(t, kt, shift, t->card_key[formation[2]], fours, &h[2]);
    const unsigned t3 = lay_away(t, kt, shift, t->card_key[formation[3]], fours, &h[3]);
    const unsigned t4 = lay_away(t, kt, shift, t->card_key[formation[4]], fours, &h[4]);
    unsigned best = t0 > t1 ? t0 : t1;
    best = best > t2 ? best : t2;
    best = best > t3 ? best : t3;
    best = best > t4 ? best : t4;
    /* legal (D10): the totals in 6-bit fields plus 32 - best reach 32 (bit
     * 5 of the field) exactly where they equal the best (totals <= 29); one
     * multiply moves bit 5 + 6i to bit 27 + i (each other product lands
     * below bit 27 or past bit 31, and no two on one bit) */
    const uint32_t packed = t0 + (t1 << 6) + (t2 << 12) + (t3 << 18) + (t4 << 24);
    const uint32_t hit = (packed + (32 - best) * 0x1041041u) & (0x1041041u << 5);
    const unsigned legal = hit * 0x421084u >> 27;
    o->best = (int)best;
    o->legal = (flags & BFC_ANY_LAY_AWAY) ? 31u : legal;
    return (int)best;
}

/* The battlefield of valid cards with the joker (RULES 4.7 kill card): a
 * joker turn card kills every hand, and all five lay-aways tie; a joker in
 * the formation kills every hand that keeps it, so laying it away is the
 * only lay-away that scores, legal alone unless it scores 0 too (D10). */
BFC__NOINLINE static int battlefield_joker(const struct bfc__tables *t, const bfc_card formation[5],
                                           uint64_t fkey, bfc_card turn, unsigned flags,
                                           bfc_battlefield *o)
{
    for (unsigned i = 0; i < 5; i++)
        o->by_lay_away[i] = KILLED;
    unsigned j = 0, best = 0;
    if (turn != BFC_JOKER) {
        j = formation[0] == BFC_JOKER   ? 0u
            : formation[1] == BFC_JOKER ? 1u
            : formation[2] == BFC_JOKER ? 2u
            : formation[3] == BFC_JOKER ? 3u
                                        : 4u;
        /* the joker's key is 0: fkey is the four kept cards' */
        const uint64_t kt = fkey + t->rank_key[turn];
        best = lay_away(t, kt, t->suit_shift[turn], 0, 1, &o->by_lay_away[j]);
    }
    o->best = (int)best;
    o->legal = (best == 0 || (flags & BFC_ANY_LAY_AWAY)) ? 31u : 1u << j;
    return (int)best;
}

/* bfc_score_battlefield with no struct to fill: one of its own. */
BFC__NOINLINE static int battlefield_best(const bfc_card formation[5], bfc_card turn,
                                          unsigned flags)
{
    bfc_battlefield b;
    return bfc_score_battlefield(formation, turn, flags, &b);
}

int bfc_score_battlefield(const bfc_card formation[5], bfc_card turn, unsigned flags,
                          bfc_battlefield *out)
{
    if (BFC__UNLIKELY(!formation || (flags & ~BFC_ANY_LAY_AWAY)))
        return BFC_EINVAL;
    /* validation as in bfc_score_show; the keys of the five formation
     * cards count their suits and jacks */
    const struct bfc__tables *t = &bfc__tab;
    uint64_t or_ = t->card_bit[turn], sum = or_, fkey = t->card_key[formation[0]];
    or_ |= t->card_bit[formation[0]], sum += t->card_bit[formation[0]];
    or_ |= t->card_bit[formation[1]], sum += t->card_bit[formation[1]];
    fkey += t->card_key[formation[1]];
    or_ |= t->card_bit[formation[2]], sum += t->card_bit[formation[2]];
    fkey += t->card_key[formation[2]];
    or_ |= t->card_bit[formation[3]], sum += t->card_bit[formation[3]];
    fkey += t->card_key[formation[3]];
    or_ |= t->card_bit[formation[4]], sum += t->card_bit[formation[4]];
    fkey += t->card_key[formation[4]];
    if (BFC__UNLIKELY(sum != or_) || BFC__UNLIKELY((or_ >> 52) != 0)) {
#ifdef BFC__LITTLE_ENDIAN
        /* the joker (bit 52) among distinct valid cards: one card in nine */
        if (sum == or_ && (or_ >> 52) == 1 && out)
            return battlefield_joker(t, formation, fkey, turn, flags, out);
#endif
        const int rc = cards_status(or_, sum, 1);
        return rc < 0 ? rc : battlefield_general(formation, turn, flags, out);
    }
#ifdef BFC__LITTLE_ENDIAN
    if (BFC__UNLIKELY(!out))
        return battlefield_best(formation, turn, flags);
    /* a four-card flush needs four formation cards of one suit */
    if (BFC__UNLIKELY((fkey & BFC__SUIT_FOURS) != 0))
        return battlefield_fast(t, formation, fkey, turn, flags, 1, out);
    return battlefield_fast(t, formation, fkey, turn, flags, 0, out);
#else
    (void)fkey;
    return battlefield_general(formation, turn, flags, out);
#endif
}
