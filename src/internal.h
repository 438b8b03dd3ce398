/* Internal declarations shared by the files of src/. Not installed. */
#ifndef BFC_INTERNAL_H
#define BFC_INTERNAL_H

#include "bfc.h"

/* Everything declared here stays inside the library: hidden visibility lets
 * -fPIC code reach the tables directly instead of through the GOT. */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(hidden)
#endif

/* Helpers shared between src/ files use the bfc__ prefix: hidden by the
 * visibility default, and a symbol test flags any that leaks. */

/* ---- Per-card tables, indexed by any byte value (256 entries) so that no
 * input can read outside them. Built by src/gen_tables.c into src/tables.c. */

/* 1 << c for a standard card, BFC__BIT_JOKER for the joker, BFC__BIT_BAD for
 * any other byte. OR-ing and adding the bits of a set of cards validates it
 * in one go: a duplicate makes the sum differ from the OR (a carry), a bad
 * byte sets BFC__BIT_BAD. */
#define BFC__BIT_JOKER (UINT64_C(1) << 52)
#define BFC__BIT_BAD (UINT64_C(1) << 63)
#define BFC__STD_MASK ((UINT64_C(1) << 52) - 1)
extern const uint64_t bfc__card_bit[256];

/* The rank key of the card (0 for the joker and non-cards): the multiset of
 * ranks of a hand is identified by the (wrapping) sum of its cards' keys. */
extern const uint64_t bfc__card_key[256];

/* Pip value (RULES 1); 0 for the joker and for non-cards. */
extern const uint8_t bfc__card_value[256];

/* The bits of the 13 cards of suit s are BFC__SUIT_BITS << s. */
#define BFC__SUIT_BITS UINT64_C(0x1111111111111)
#define BFC__JACKS_SHIFT 40 /* the jack of suit s is card 40 + s */

/* Rank-only show points of a rank multiset, a byte each from the low end:
 * total, fifteens, pairs, runs -- the first four bytes of bfc_hand_score,
 * so a score is one load and a few adds away. */
#define BFC__REC_TOTAL(r) ((unsigned)(r)&255u)
#define BFC__REC_FIFTEENS(r) (((unsigned)(r) >> 8) & 255u)
#define BFC__REC_PAIRS(r) (((unsigned)(r) >> 16) & 255u)
#define BFC__REC_RUNS(r) ((unsigned)(r) >> 24)

/* Perfect hashes of rank multisets (hash and displace, see gen_tables.c):
 * five cards in one table, zero to four cards in another, six cards (the
 * seven-card show, RULES 3.10) in a third. */
#define BFC__H5_SLOTS 8192u
#define BFC__H5_BUCKET_SHIFT 53 /* 2048 buckets */
#define BFC__H4_SLOTS 4096u
#define BFC__H4_BUCKET_SHIFT 55 /* 512 buckets */
extern const uint16_t bfc__h5_disp[1u << (64 - BFC__H5_BUCKET_SHIFT)];
extern const uint32_t bfc__h5_rec[BFC__H5_SLOTS];
extern const uint16_t bfc__h4_disp[1u << (64 - BFC__H4_BUCKET_SHIFT)];
extern const uint32_t bfc__h4_rec[BFC__H4_SLOTS];
#define BFC__H6_SLOTS 32768u
#define BFC__H6_BUCKET_SHIFT 52 /* 4096 buckets */
extern const uint16_t bfc__h6_disp[1u << (64 - BFC__H6_BUCKET_SHIFT)];
extern const uint32_t bfc__h6_rec[BFC__H6_SLOTS];

/* The frontline combination (bfc_combo) of the largest scoring window,
 * from the ranks of the four cards before the placed one relative to it
 * (see gen_tables.c). */
extern const uint8_t bfc__front_window[10000];

static inline unsigned bfc__slot5(uint64_t key)
{
    return ((unsigned)(key >> 16) ^ bfc__h5_disp[key >> BFC__H5_BUCKET_SHIFT]) &
           (BFC__H5_SLOTS - 1);
}
static inline unsigned bfc__slot4(uint64_t key)
{
    return ((unsigned)(key >> 16) ^ bfc__h4_disp[key >> BFC__H4_BUCKET_SHIFT]) &
           (BFC__H4_SLOTS - 1);
}

/* The record of a five-card rank multiset from the sum of its keys: one
 * displacement load, one record load (in place of enumerating 26 subsets for
 * fifteens and comparing every pair and run). */
static inline unsigned bfc__rec5(uint64_t key) { return bfc__h5_rec[bfc__slot5(key)]; }
/* The same for zero to four cards. */
static inline unsigned bfc__rec4(uint64_t key) { return bfc__h4_rec[bfc__slot4(key)]; }
/* The same for six cards (18,395 multisets). */
static inline unsigned bfc__slot6(uint64_t key)
{
    return ((unsigned)(key >> 16) ^ bfc__h6_disp[key >> BFC__H6_BUCKET_SHIFT]) &
           (BFC__H6_SLOTS - 1);
}
static inline unsigned bfc__rec6(uint64_t key) { return bfc__h6_rec[bfc__slot6(key)]; }

/* Card helpers for validated cards. */
static inline unsigned bfc__rank(bfc_card c) { return (unsigned)(c >> 2) + 1u; }
static inline unsigned bfc__suit(bfc_card c) { return c & 3u; }
static inline unsigned bfc__value(bfc_card c) { return bfc__card_value[c]; }

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

/* Validates n cards (each a standard card or, if joker_ok, the joker; no
 * duplicates). Returns BFC_OK or the status, and the OR of their bits. */
int bfc__check_cards(const bfc_card *cards, size_t n, int joker_ok, uint64_t *mask);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#endif
