/*
 * libbfc -- the rules, legal moves and scoring of Battlefield Cribbage (BFC)
 * and classic cribbage, exact and fast.
 *
 * Copyright (c) 2026 the libbfc authors. MIT licence (see LICENSE).
 *
 * ---------------------------------------------------------------------------
 * INTRODUCTION
 *
 * The rules this library implements are those of RULES.md (shipped beside the
 * project); comments cite them as "RULES 2.3" or by decision number "RULES D8".
 *
 * Object model. A card is a small integer (bfc_card). Scores are plain structs
 * the caller owns. Every scoring function is a pure function of its
 * arguments: it keeps no state, allocates nothing, and may be called from any
 * number of threads at once. The library has no global mutable state.
 *
 * Errors. Every fallible call returns an int: BFC_OK (0) or a count/points
 * value (>= 0) on success, a negative BFC_E* status on failure; bfc_strerror()
 * names it. A rejected call writes nothing through its out-pointers. No input
 * -- any byte value as a card, any text -- makes the library crash, print,
 * exit or abort.
 *
 * Buffers. Functions that produce a list or a string write into a buffer the
 * caller passes with its capacity and return the length the whole result
 * needs, as snprintf does: a result larger than the buffer is truncated (text
 * buffers are always NUL-terminated when cap > 0) and the return value tells
 * the size to retry with. Compile-time bounds (BFC_MAX_ITEMS, ...) let
 * callers size stack arrays once.
 *
 * Card ids (RULES 1). id = (rank - 1) * 4 + suit, suits in the order
 * clubs 0, diamonds 1, hearts 2, spades 3; the joker is 52:
 *
 *            C   D   H   S                C   D   H   S
 *       A    0   1   2   3           8   28  29  30  31
 *       2    4   5   6   7           9   32  33  34  35
 *       3    8   9  10  11           T   36  37  38  39
 *       4   12  13  14  15           J   40  41  42  43
 *       5   16  17  18  19           Q   44  45  46  47
 *       6   20  21  22  23           K   48  49  50  51
 *       7   24  25  26  27           joker 52 (BFC_JOKER)
 *
 * Text (RULES 1): a card is rank + suit, "5H", "TD", "10d", "J\u2660"; the
 * joker is "JK". See bfc_cards_parse() for every accepted spelling.
 *
 * Versioning. While the major version is 0, a minor release may change the
 * ABI; the SONAME is libbfc.so.MAJOR.
 * ---------------------------------------------------------------------------
 */
#ifndef BFC_H
#define BFC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Public functions carry BFC_API; the library is built with hidden
 * visibility, so nothing else leaves the shared object. */
#if defined(_WIN32) && defined(BFC_BUILDING_DLL)
#define BFC_API __declspec(dllexport)
#elif defined(__GNUC__) || defined(__clang__)
#define BFC_API __attribute__((visibility("default")))
#else
#define BFC_API
#endif

/* ===========================================================================
 * Version
 * ======================================================================== */

#define BFC_VERSION_MAJOR 0 /* incompatible API/ABI change (SONAME follows) */
#define BFC_VERSION_MINOR 1 /* new API; while MAJOR is 0, may also break ABI */
#define BFC_VERSION_PATCH 0 /* fixes only */
#define BFC_VERSION_NUMBER \
    (BFC_VERSION_MAJOR * 10000 + BFC_VERSION_MINOR * 100 + BFC_VERSION_PATCH)
#define BFC_VERSION_STRING "0.1.0"

/* The version of the library actually linked, as BFC_VERSION_NUMBER and as
 * "MAJOR.MINOR.PATCH". Compare with the macros to catch a header/library
 * mismatch. Since 0.1. */
BFC_API int bfc_version(void);
BFC_API const char *bfc_version_string(void);

/* ===========================================================================
 * Status codes. Values are pinned: never renumbered, new ones added at the
 * end. Test with `rc < 0`, name with bfc_strerror().
 * ======================================================================== */

enum {
    BFC_OK = 0,
    BFC_EINVAL = -1,   /* bad argument: NULL pointer, bad size, unknown flag */
    BFC_ECARD = -2,    /* a value that is not a card id (0..51, BFC_JOKER) */
    BFC_EDUP = -3,     /* the same card given twice */
    BFC_EJOKER = -4,   /* the joker where the rules do not allow it */
    BFC_ECOUNT = -5,   /* a running count / frontline sum above 31 */
    BFC_EPARSE = -6,   /* text that is not a card, list or other notation */
    BFC_ENOMEM = -7,   /* out of memory */
    BFC_EILLEGAL = -8, /* a move that is not legal now */
    BFC_EVERSION = -9  /* saved data of an unknown format version */
};

/* A short English message for a status ("duplicate card"). Never NULL, also
 * for unknown values. Since 0.1. */
BFC_API const char *bfc_strerror(int status);

/* ===========================================================================
 * Cards (RULES 1)
 * ======================================================================== */

typedef uint8_t bfc_card;

#define BFC_NCARDS 52          /* standard cards: ids 0..51 */
#define BFC_JOKER ((bfc_card)52)
#define BFC_CARD_NONE ((bfc_card)0xFF) /* "no card" (e.g. no starter) */

enum { BFC_CLUBS = 0, BFC_DIAMONDS = 1, BFC_HEARTS = 2, BFC_SPADES = 3 };
enum { BFC_ACE = 1, BFC_JACK = 11, BFC_QUEEN = 12, BFC_KING = 13 };

/* The card of rank 1..13 (ace low) and suit 0..3, or BFC_CARD_NONE when
 * either is out of range. Since 0.1. */
BFC_API bfc_card bfc_card_make(int rank, int suit);
/* Rank 1..13; 0 for the joker; BFC_ECARD for anything else. */
BFC_API int bfc_card_rank(bfc_card c);
/* Suit 0..3; BFC_EJOKER for the joker (it has no suit); BFC_ECARD otherwise. */
BFC_API int bfc_card_suit(bfc_card c);
/* Pip value: A=1, 2..10, J/Q/K=10, joker=0; BFC_ECARD for a non-card. */
BFC_API int bfc_card_value(bfc_card c);

/* Parse flags. */
#define BFC_PARSE_JOKER 0x1u /* accept the joker (BFC); otherwise BFC_EJOKER */

/* Where a parse failed: the bad token as a byte range of the input. */
typedef struct bfc_parse_error {
    size_t offset; /* byte offset of the bad token in the text */
    size_t length; /* its length in bytes (never 0) */
    int status;    /* BFC_EPARSE, BFC_EDUP or BFC_EJOKER */
} bfc_parse_error;

/* Parses one card token (NUL-terminated, nothing else around it) into *out.
 * Accepted (RULES 1): rank A 2 3 4 5 6 7 8 9 T J Q K, also 10 and 1; suit
 * C D H S or U+2663 U+2666 U+2665 U+2660 (black suits) or U+2667 U+2662
 * U+2661 U+2664 (white suits), each optionally followed by U+FE0F; ASCII
 * letters in any case. The joker is JK, joker or X (any case) or U+1F0CF.
 * Returns BFC_OK, BFC_EPARSE, or BFC_EINVAL for NULL pointers. The joker is
 * always accepted here; list parsing applies BFC_PARSE_JOKER. Since 0.1. */
BFC_API int bfc_card_parse(const char *token, bfc_card *out);

/* Parses a list of cards separated by any mix of whitespace, commas and
 * hyphens ("5H 5C 5S JD 5D", "7\u2660-7\u2666-8\u2663"). Writes at most cap
 * cards to out and returns the number of cards in the text (which may exceed
 * cap: snprintf-style), or a negative status:
 *   BFC_EPARSE  a token that is not a card;
 *   BFC_EDUP    a card that appeared earlier in the list;
 *   BFC_EJOKER  the joker without BFC_PARSE_JOKER;
 *   BFC_EINVAL  text NULL, or out NULL with cap > 0, or unknown flags.
 * On failure *err (if err is not NULL) locates the offending token and out
 * is left untouched. Does not allocate. Since 0.1. */
BFC_API int bfc_cards_parse(const char *text, unsigned flags, bfc_card *out, size_t cap,
                            bfc_parse_error *err);

/* Format flags. */
#define BFC_UNICODE 0x1u /* suits as U+2663.., ten as "10", joker U+1F0CF */

/* Longest text of one card including its NUL: "10" + a 3-byte suit, or the
 * 4-byte joker. */
#define BFC_CARD_TEXT_MAX 6

/* Writes the card's text: canonical ASCII ("TD", "JK") or, with BFC_UNICODE,
 * "10\u2666", "\U0001F0CF". Both forms parse back to the same card. Returns the
 * text length (excluding NUL; snprintf-style) or BFC_ECARD. Since 0.1. */
BFC_API int bfc_card_format(bfc_card c, unsigned flags, char *buf, size_t cap);

/* Writes n cards separated by single spaces; returns the length needed or a
 * negative status (BFC_ECARD, BFC_EINVAL). Since 0.1. */
BFC_API int bfc_cards_format(const bfc_card *cards, size_t n, unsigned flags, char *buf,
                             size_t cap);

/* ===========================================================================
 * Score flags
 * ======================================================================== */

#define BFC_CRIB 0x01u          /* crib/reserve: flush only with all cards + starter */
#define BFC_KILL_CARD 0x02u     /* BFC: accept the joker; it kills the hand (4.7) */
#define BFC_NODDY 0x04u         /* Noddy scoring (RULES 3.6) */
#define BFC_TURN_CARD 0x08u     /* frontline: the placed card is the turn card (4.6) */
#define BFC_ANY_LAY_AWAY 0x10u  /* battlefield: every lay-away legal (D10 option) */

/* ===========================================================================
 * Show scoring (RULES 2.1): hands, cribs, the BFC battlefield and reserve
 * ======================================================================== */

/* Points of a classic show: the four hand cards with the starter (RULES 2.1):
 * fifteens, pairs, runs, flush (4, or 5 with the starter's suit; with
 * BFC_CRIB only 5), nobs. Returns 0..29, or BFC_EINVAL (hand NULL, unknown
 * flag), BFC_ECARD, BFC_EDUP, BFC_EJOKER. Accepts flags BFC_CRIB and
 * BFC_KILL_CARD (then a joker anywhere makes the score 0 instead of
 * BFC_EJOKER). Table driven: a few loads, no branches on the cards, no
 * allocation. Since 0.1. */
BFC_API int bfc_score_show(const bfc_card hand[4], bfc_card starter, unsigned flags);

/* The same score for every possible starter at once: scores[c] = points with
 * starter c for each standard card c, and -1 for the four hand cards. The
 * batch path for discard analysis; much faster than 48 calls. Flags:
 * BFC_CRIB. Returns BFC_OK or BFC_EINVAL/BFC_ECARD/BFC_EDUP/BFC_EJOKER
 * (scores untouched on error). Since 0.1. */
BFC_API int bfc_score_show_all_starters(const bfc_card hand[4], unsigned flags,
                                        int8_t scores[52]);

/* A score, broken down by source. For BFC hands that the joker killed every
 * field is 0 and killed is 1. */
typedef struct bfc_hand_score {
    uint8_t total;    /* the sum of the five fields below */
    uint8_t fifteens; /* 2 per fifteen */
    uint8_t pairs;    /* 2 per pair */
    uint8_t runs;     /* run points (Noddy: a run of three scores 2) */
    uint8_t flush;
    uint8_t nobs;     /* 1 for the jack of the starter's suit ("knobs" in BFC) */
    uint8_t killed;   /* 1 when the joker killed the hand (RULES 4.7) */
    uint8_t reserved; /* always 0 */
} bfc_hand_score;

/* The general show scorer: n = 3, 4 or 5 hand cards and a starter, or no
 * starter (BFC_CARD_NONE). Covers every show of every variant:
 *   classic hand/crib           n = 4, starter, [BFC_CRIB]
 *   BFC hand / reserve          n = 4, turn, BFC_KILL_CARD [| BFC_CRIB]
 *   BFC cease-fire (4.3)        n = 5, BFC_CARD_NONE, BFC_KILL_CARD
 *   five-card cribbage (3.5)    n = 3 hand (D4), n = 4 crib with BFC_CRIB
 *   Noddy (3.6, D5)             n = 3, BFC_NODDY
 * Flush: the n hand cards of one suit score n, n + 1 with a starter of that
 * suit; with BFC_CRIB, or with no starter, only all cards of one suit count.
 * Writes *out (may be NULL) and returns the total, or BFC_EINVAL (hand NULL,
 * n out of range, unknown flag), BFC_ECARD, BFC_EDUP, BFC_EJOKER. Does not
 * allocate. Since 0.1. */
BFC_API int bfc_score_hand(const bfc_card *hand, size_t n, bfc_card starter, unsigned flags,
                           bfc_hand_score *out);

/* BFC reserve (RULES 4.7): the four reserve cards with the turn card, flush
 * only with all five, knobs, the joker kills. Same as bfc_score_hand(reserve,
 * 4, turn, BFC_CRIB | BFC_KILL_CARD, out). Since 0.1. */
BFC_API int bfc_score_reserve(const bfc_card reserve[4], bfc_card turn, bfc_hand_score *out);

/* BFC cease-fire (RULES 4.3): all five formation cards, no turn card, flush
 * only when all five match, no knobs; a formation holding the joker scores 0
 * (killed). Since 0.1. */
BFC_API int bfc_score_ceasefire(const bfc_card formation[5], bfc_hand_score *out);

/* The battlefield scoring of one player (RULES 4.7). */
typedef struct bfc_battlefield {
    int best;                      /* the best score of the four kept cards */
    unsigned legal;                /* bit i: laying away formation[i] is legal (D10) */
    bfc_hand_score by_lay_away[5]; /* [i]: the other four cards with the turn */
} bfc_battlefield;

/* Scores a five-card formation with the turn card for each of the five
 * possible lay-aways (RULES 4.7): by_lay_away[i] is the score of the four
 * cards kept when formation[i] goes to the reserve. Four kept cards holding
 * the joker score 0 (killed); a joker turn card kills every hand, so all
 * lay-aways tie. legal holds the lay-aways that reach the best score (D10),
 * or all five with BFC_ANY_LAY_AWAY. Flags: BFC_ANY_LAY_AWAY. Returns the
 * best score (0..29) or BFC_EINVAL/BFC_ECARD/BFC_EDUP; out may be NULL.
 * Does not allocate. Since 0.1. */
BFC_API int bfc_score_battlefield(const bfc_card formation[5], bfc_card turn, unsigned flags,
                                  bfc_battlefield *out);

/* ===========================================================================
 * Frontline scoring (BFC, RULES 2.3 and 4.5)
 * ======================================================================== */

/* The combinations of the frontline table (RULES 2.3). */
typedef enum bfc_combo {
    BFC_COMBO_NONE = 0,
    BFC_COMBO_PAIR = 1,              /* 2 cards,  2 points */
    BFC_COMBO_THREE_OF_A_KIND = 2,   /* 3 cards,  6 */
    BFC_COMBO_FOUR_OF_A_KIND = 3,    /* 4 cards, 12 (D1) */
    BFC_COMBO_RUN_3 = 4,             /* 3 cards,  3 */
    BFC_COMBO_RUN_4 = 5,             /* 4 cards,  4 */
    BFC_COMBO_RUN_5 = 6,             /* 5 cards,  5 */
    BFC_COMBO_DOUBLE_RUN_3 = 7,      /* 4 cards,  8 */
    BFC_COMBO_DOUBLE_RUN_4 = 8,      /* 5 cards, 10 */
    BFC_COMBO_TRIPLE_RUN_3 = 9,      /* 5 cards, 15 */
    BFC_COMBO_DOUBLE_DOUBLE_RUN = 10 /* 5 cards, 16 */
} bfc_combo;

/* "pair", "three of a kind", ..., "double-double run of 3"; "none" for
 * BFC_COMBO_NONE, "?" for unknown values. Since 0.1. */
BFC_API const char *bfc_combo_name(int combo);

typedef struct bfc_frontline_score {
    uint8_t renewed;       /* 1: the sum would pass 31; the placed card began a new frontline (4.5) */
    uint8_t sum;           /* the frontline sum after the placement (0..31) */
    uint8_t length;        /* cards on the frontline after the placement */
    uint8_t fifteen_31;    /* 2 when the sum is 15 or 31 */
    uint8_t combination;   /* points of the combination, 0 if none */
    uint8_t combo;         /* its bfc_combo */
    uint8_t combo_cards;   /* how many of the last cards form it (0, 2..5) */
    uint8_t last_card;     /* 1 for the turn card unless the sum is 31 (never when renewed, D8) */
    uint8_t placer_points; /* fifteen_31 + combination + last_card */
    uint8_t go_point;      /* 1 for the player to the placer's right when renewed */
    uint8_t knobs_dealer;  /* 2 for the dealer when the turn card is a jack */
    uint8_t reserved;      /* always 0 */
} bfc_frontline_score;

/* Scores the card `placed` on a frontline (oldest card first, n >= 0 cards,
 * joker allowed, sum <= 31). Renewal first (4.5): when the sum would pass 31
 * the placer scores nothing and the player to the right gets the go point;
 * otherwise fifteen/31 and the longest-window combination of the last <= 5
 * cards (RULES 2.3, D1, D2). With BFC_TURN_CARD the turn-card extras: last
 * card for the placer, knobs for the dealer (D8). Writes *out (may be NULL)
 * and returns the placer's points, or BFC_EINVAL (frontline NULL with n > 0,
 * unknown flag), BFC_ECARD, BFC_EDUP, BFC_ECOUNT (frontline sum above 31).
 * Does not allocate. Since 0.1. */
BFC_API int bfc_score_frontline(const bfc_card *frontline, size_t n, bfc_card placed,
                                unsigned flags, bfc_frontline_score *out);

/* A frontline kept between placements: what a game or a bot holds while a
 * skirmish goes on, so that each placement is scored without re-reading and
 * re-validating the whole frontline. A plain value: copy it freely. Read the
 * fields; change them only through the functions below (a struct changed by
 * hand is rejected or scored as the fields say, never a crash). */
#define BFC_FRONTLINE_MAX 16 /* more than fit under 31 (at most 14) */
typedef struct bfc_frontline {
    uint64_t mask;    /* bit c set for each card c on it (the joker is bit 52) */
    uint64_t recent;  /* cache: newest cards since the last joker, a byte each */
    uint8_t n;        /* cards on it */
    uint8_t sum;      /* their pip total (0..31) */
    bfc_card cards[BFC_FRONTLINE_MAX]; /* oldest first */
} bfc_frontline;

/* Makes *f an empty frontline. Since 0.1. */
BFC_API void bfc_frontline_init(bfc_frontline *f);

/* Sets *f to the given cards (oldest first), validated as
 * bfc_score_frontline validates them. Returns BFC_OK or BFC_EINVAL,
 * BFC_ECARD, BFC_EDUP, BFC_ECOUNT; *f is unchanged on error. Since 0.1. */
BFC_API int bfc_frontline_set(bfc_frontline *f, const bfc_card *cards, size_t n);

/* Places a card: scores it exactly as bfc_score_frontline(f->cards, f->n,
 * placed, flags, out) would, then updates *f (appended, or alone on a
 * renewed frontline). Only the new card is validated: BFC_ECARD, BFC_EDUP
 * (already on this frontline), BFC_EINVAL (f NULL, unknown flag, a struct
 * not made by these functions); *f is unchanged on error. Returns the
 * placer's points. Does not allocate. Since 0.1. */
BFC_API int bfc_frontline_place(bfc_frontline *f, bfc_card placed, unsigned flags,
                                bfc_frontline_score *out);

/* Takes the end card off the frontline (RULES 4.4 "take") into *card.
 * Returns BFC_OK, or BFC_EINVAL for an empty frontline or NULL. Since 0.1. */
BFC_API int bfc_frontline_take(bfc_frontline *f, bfc_card *card);

/* ===========================================================================
 * Classic pegging (RULES 2.2; Noddy 3.6)
 * ======================================================================== */

/* Points for the last card of seq (the cards laid since the count reset,
 * oldest first, n >= 1, count <= 31): 15 or 31 (2), pairs (2/6/12), the
 * longest run of the last k >= 3 cards. Go and last card depend on the game
 * and are not included. Returns points or BFC_EINVAL, BFC_ECARD, BFC_EDUP,
 * BFC_EJOKER, BFC_ECOUNT. Since 0.1. */
BFC_API int bfc_score_peg(const bfc_card *seq, size_t n);

typedef struct bfc_peg_score {
    uint8_t count;      /* the running count after the card */
    uint8_t fifteen_31; /* 2 at 15 or 31 (Noddy: also at 25) */
    uint8_t pairs;      /* 2, 6 or 12 */
    uint8_t runs;       /* the run's length (Noddy: a run of three scores 2) */
    uint8_t flush;      /* Noddy: k >= 3 last cards of one suit score k */
    uint8_t total;
} bfc_peg_score;

/* As bfc_score_peg, with the breakdown, and with BFC_NODDY the Noddy play
 * scores (count of 25, run of three 2, flushes; RULES 3.6, D5). Returns the
 * total; out may be NULL. Since 0.1. */
BFC_API int bfc_score_peg_detail(const bfc_card *seq, size_t n, unsigned flags,
                                 bfc_peg_score *out);

/* ===========================================================================
 * Itemised scores: each fifteen, pair, run, ... with its cards, so a program
 * can show or speak the count (RULES 2.1 order).
 * ======================================================================== */

typedef enum bfc_item_kind {
    BFC_ITEM_FIFTEEN = 1,     /* a fifteen (show), or a count of 15 (play) */
    BFC_ITEM_PAIR = 2,        /* show: one pair; play: the 2, 3 or 4 equal cards */
    BFC_ITEM_RUN = 3,         /* one run */
    BFC_ITEM_FLUSH = 4,
    BFC_ITEM_NOBS = 5,        /* the jack of the starter's suit */
    BFC_ITEM_THIRTY_ONE = 6,  /* a count of 31 */
    BFC_ITEM_TWENTY_FIVE = 7, /* Noddy: a count of 25 */
    BFC_ITEM_COMBINATION = 8, /* frontline combination; see bfc_item.combo */
    BFC_ITEM_LAST_CARD = 9,   /* 1 for the last card / turn card */
    BFC_ITEM_GO = 10,         /* BFC: 1 to the player to the placer's right */
    BFC_ITEM_KNOBS = 11,      /* BFC: 2 to the dealer for a jack turn card */
    BFC_ITEM_HEELS = 12       /* classic: 2 to the dealer for a jack starter */
} bfc_item_kind;

#define BFC_ITEM_MAX_CARDS 16 /* a count of 31 with many small cards */
#define BFC_MAX_ITEMS 64      /* more than any single score produces */

typedef struct bfc_item {
    uint8_t kind;   /* bfc_item_kind */
    uint8_t points;
    uint8_t combo;  /* bfc_combo for BFC_ITEM_COMBINATION, else 0 */
    uint8_t ncards;
    bfc_card cards[BFC_ITEM_MAX_CARDS]; /* hand cards in hand order, starter last */
} bfc_item;

/* "fifteen", "pair", "run", "flush", "nobs", "thirty-one", "twenty-five",
 * "combination", "last card", "go", "knobs", "heels"; "?" if unknown. */
BFC_API const char *bfc_item_kind_name(int kind);

/* The items of bfc_score_hand() (same arguments), in RULES 2.1 order: each
 * fifteen, each pair, each distinct run, the flush, nobs. A killed hand has
 * none. Writes at most cap items and returns how many there are (may exceed
 * cap), or the negative status bfc_score_hand() would return. Since 0.1. */
BFC_API int bfc_score_hand_items(const bfc_card *hand, size_t n, bfc_card starter,
                                 unsigned flags, bfc_item *items, size_t cap);

/* The items of bfc_score_frontline(): fifteen or thirty-one (all frontline
 * cards), the combination (its cards), last card, then the go (to the
 * placer's right) and knobs (to the dealer). Since 0.1. */
BFC_API int bfc_score_frontline_items(const bfc_card *frontline, size_t n, bfc_card placed,
                                      unsigned flags, bfc_item *items, size_t cap);

/* The items of bfc_score_peg_detail(): fifteen/twenty-five/thirty-one, the
 * pairs, the run, the flush (Noddy). Since 0.1. */
BFC_API int bfc_score_peg_items(const bfc_card *seq, size_t n, unsigned flags, bfc_item *items,
                                size_t cap);

/* Narrates items as a player counts them aloud, with running totals:
 * "fifteen 2, fifteen 4, a pair is 6, a run of 3 is 9 = 9"; points for
 * someone else (go, knobs, heels) follow after "; ". No items: "nothing = 0".
 * No cards are printed. Returns the length needed (snprintf-style) or
 * BFC_EINVAL. Does not allocate. Since 0.1. */
BFC_API int bfc_items_narrate(const bfc_item *items, size_t n, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* BFC_H */
