/*
 * libbfc -- the rules, legal moves and scoring of Battlefield Cribbage (BFC)
 * and classic cribbage, exact and fast.
 *
 * Copyright (c) 2026 the libbfc authors. MIT licence (see LICENSE).
 *
 * ---------------------------------------------------------------------------
 * INTRODUCTION
 *
 * The rules this library implements are those of the rules reference,
 * doc/rules.md in the source tree (installed as
 * PREFIX/share/doc/libbfc/rules.md); comments cite its sections as
 * "RULES 2.3" and its decisions by number, "RULES D8".
 *
 * Object model. A card is a small integer (bfc_card). Scores are plain structs
 * the caller owns. Every scoring function is a pure function of its
 * arguments: it keeps no state, allocates nothing, and may be called from any
 * number of threads at once. The library has no global mutable state.
 * A game (bfc_game) is an opaque handle the library allocates once, in
 * bfc_game_new, bfc_game_clone or bfc_game_load, and frees in
 * bfc_game_free; nothing else allocates. One thread uses a game at a time;
 * any number of games live on any number of threads. A move (bfc_move) is
 * a small integer with a short text form ("swap 3", see Moves below).
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
 * ABI, so the SONAME carries the minor: libbfc.so.0.MINOR (libbfc.so.0.3
 * for 0.3.x); a program linked against 0.3 never loads a 0.4 by mistake.
 * From 1.0 on the SONAME is libbfc.so.MAJOR. A patch release never changes
 * the ABI. The functions the library exports are listed, per SONAME, in
 * tests/abi/ (the tests fail when one is added or removed unlisted).
 *
 * A GAME FROM START TO END (any variant; tests/test_readme.sh compiles and
 * plays it): the seat to move picks among the legal moves, here at random.
 *
 *     bfc_rules rules;
 *     bfc_rules_init(&rules);                         // Battlefield, 2 players
 *     bfc_game *g = bfc_game_new(&rules, 42, NULL);   // dealt from seed 42
 *     while (g && !bfc_game_over(g)) {                // for bfc_game_to_move(g)
 *         bfc_move moves[BFC_MAX_MOVES];
 *         int n = bfc_game_legal_moves(g, moves, BFC_MAX_MOVES);
 *         bfc_game_apply(g, moves[rand() % n], NULL, 0, NULL); // no events
 *     }
 *     printf("side %d wins\n", bfc_game_winner(g) + 1);
 *     bfc_game_free(g);
 *
 * A bot chooses from an observation instead (bfc_game_observe, then
 * bfc_bot_greedy or bfc_search_move); a front end passes an event buffer to
 * bfc_game_apply to show what each move scored.
 *
 * CONTENTS. The sections below, each under a banner of its name:
 *   Version                  bfc_version, BFC_VERSION_*
 *   Status codes             BFC_OK, BFC_E*, bfc_strerror, bfc_struct_size
 *   Flags                    the four families of flags
 *   Cards (RULES 1)          bfc_card_*, bfc_cards_parse, bfc_cards_format
 *   Score flags              BFC_CRIB, BFC_NODDY, BFC_TURN_CARD, ...
 *   Show scoring (RULES 2.1) bfc_score_show, _all_starters, _hand, _reserve,
 *                            _ceasefire, _battlefield
 *   Frontline scoring        bfc_score_frontline, bfc_frontline_* (RULES 2.3)
 *   Classic pegging          bfc_score_peg, bfc_score_peg_detail (RULES 2.2)
 *   Itemised scores          bfc_score_*_items, bfc_items_narrate
 *   Rules of a game          bfc_rules, bfc_rules_init*, presets, boards
 *   Moves                    bfc_move, BFC_MOVE_*, bfc_move_format, _parse
 *   Games                    bfc_game_new, _legal_moves, _apply, _scores,
 *                            _winner, _value, matches; events (bfc_event_*)
 *   Observation and determinization (RULES D7)
 *                            bfc_game_observe, bfc_game_determinize
 *   Save and load            bfc_game_save, bfc_game_load
 *   Bots                     bfc_rng_next, bfc_bot_random, bfc_bot_greedy,
 *                            bfc_bot_rules
 *   Simulation               bfc_sim_run, bfc_sim_game_seed, _bot_seed
 *   Advice                   bfc_advise_discard, bfc_advise_formation
 *   The chance of winning by score
 *                            bfc_win_chance, bfc_win_table
 *   Search bot               bfc_search_* (ISMCTS)
 *   Strength dial            bfc_dial_new, _move, bfc_dial_rating, _step_of_*
 *   Review                   bfc_review_game, _move, _summarize, _format;
 *                            records (bfc_record_parse, _format)
 *   Explanations             bfc_explain_move, bfc_explain_discard
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
#define BFC_VERSION_MINOR 3 /* new API; while MAJOR is 0, may also break ABI
                               (the SONAME libbfc.so.0.MINOR follows) */
#define BFC_VERSION_PATCH 0 /* fixes only */
#define BFC_VERSION_NUMBER \
    (BFC_VERSION_MAJOR * 10000 + BFC_VERSION_MINOR * 100 + BFC_VERSION_PATCH)
#define BFC_VERSION_STRING "0.3.0"

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
    BFC_EVERSION = -9, /* saved data of an unknown format version */
    BFC_ESTATE = -10,  /* saved game that parses but breaks the rules
                          (cards not conserved, bad phase, ...) */
    BFC_EHIDDEN = -11, /* the answer depends on cards the caller may not
                          see (another player's hand) */
    BFC_EINTR = -12    /* a search was interrupted (bfc_search_interrupt());
                          since 0.3 */
};

/* A short English message for a status ("duplicate card"). Never NULL, also
 * for unknown values. Since 0.1. */
BFC_API const char *bfc_strerror(int status);

/* The size in bytes of a public struct as the library was built, by its
 * name ("bfc_rules", "bfc_observation", "bfc_event", "bfc_item",
 * "bfc_hand_score", "bfc_battlefield", "bfc_frontline",
 * "bfc_frontline_score", "bfc_peg_score", "bfc_parse_error", "bfc_board",
 * "bfc_hole", "bfc_move_info", "bfc_preset", "bfc_sim_result",
 * "bfc_discard_option", "bfc_search_config", "bfc_search_stat",
 * "bfc_search_info"; since issue 32 "bfc_review_entry",
 * "bfc_review_config", "bfc_review_tally", "bfc_review_summary",
 * "bfc_record_error"), or 0 for another name (the opaque bfc_game and
 * bfc_search among them): a binding that lays the structs out itself
 * checks them against the library it loaded. Since 0.2. */
BFC_API size_t bfc_struct_size(const char *name);

/* ===========================================================================
 * Flags. Four families, each in bits of its own, so that a flag handed to a
 * function of another family is refused (BFC_EINVAL, "unknown flag") rather
 * than silently read as something else:
 *
 *   BFC_SCORE_FLAGS   bfc_score_*() and *_items()     BFC_CRIB, BFC_NODDY, ...
 *   BFC_RULES_FLAGS   bfc_rules.flags                 BFC_RULE_MUGGINS, ...
 *   BFC_PARSE_FLAGS   bfc_cards_parse()               BFC_PARSE_JOKER
 *   BFC_FORMAT_FLAGS  bfc_card_format() and the other *_format() functions:
 *                     BFC_UNICODE
 *
 * Since 0.2 (in 0.1 the families shared values: BFC_UNICODE, BFC_PARSE_JOKER
 * and BFC_CRIB were all 1).
 * ======================================================================== */

#define BFC_SCORE_FLAGS 0x000000FFu
#define BFC_RULES_FLAGS 0x00FFFF00u
#define BFC_PARSE_FLAGS 0x0F000000u
#define BFC_FORMAT_FLAGS 0xF0000000u

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

/* Parse flags (family BFC_PARSE_FLAGS). */
#define BFC_PARSE_JOKER 0x01000000u /* accept the joker (BFC); otherwise BFC_EJOKER */

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

/* Format flags (family BFC_FORMAT_FLAGS): for every *_format function. */
#define BFC_UNICODE 0x10000000u /* suits as U+2663.., ten as "10", joker U+1F0CF */

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
 * Score flags (family BFC_SCORE_FLAGS): for the bfc_score_* functions and
 * their *_items forms. Each function names the ones it accepts.
 * ======================================================================== */

#define BFC_CRIB 0x01u         /* crib/reserve: flush only with all cards + starter */
#define BFC_KILL_CARD 0x02u    /* BFC: accept the joker; it kills the hand (4.7) */
#define BFC_NODDY 0x04u        /* Noddy scoring (RULES 3.6) */
#define BFC_TURN_CARD 0x08u    /* frontline: the placed card is the turn card (4.6) */
#define BFC_ANY_LAY_AWAY 0x10u /* battlefield: every lay-away legal (D10 option) */

/* ===========================================================================
 * Show scoring (RULES 2.1): hands, cribs, the BFC battlefield and reserve
 * ======================================================================== */

/* Points of a classic show: the four hand cards with the starter (RULES 2.1):
 * fifteens, pairs, runs, flush (4, or 5 with the starter's suit; with
 * BFC_CRIB only 5), nobs. Returns 0..29, or BFC_EINVAL (hand NULL, unknown
 * flag), BFC_ECARD, BFC_EDUP, BFC_EJOKER. Accepts flags BFC_CRIB and
 * BFC_KILL_CARD (then a joker anywhere makes the score 0 instead of
 * BFC_EJOKER). Table driven: a few loads, no branches on the cards, no
 * allocation; thread-safe. On x86-64 CPUs with POPCNT its path reads a
 * table of 224,337 bytes that the library fills once, when it loads (about
 * 330,000 instructions), and never changes after. Since 0.1. */
BFC_API int bfc_score_show(const bfc_card hand[4], bfc_card starter, unsigned flags);

/* The same score for every possible starter at once: scores[c] = points with
 * starter c for each standard card c, and -1 for the four hand cards. The
 * batch path for discard analysis; much faster than 48 calls (about as many
 * instructions as two). Uses AVX2 where the CPU has it, chosen at run time
 * (no global state of its own), and plain C elsewhere: the same bytes either
 * way. Flags: BFC_CRIB. Returns BFC_OK or BFC_EINVAL/BFC_ECARD/BFC_EDUP/
 * BFC_EJOKER (scores untouched on error). Thread-safe; does not allocate.
 * Since 0.1. */
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
 *   seven-card hand (3.10)      n = 5, starter (a six-card show); its crib
 *                               is n = 4 with BFC_CRIB
 * Fifteens, pairs and runs count over all the cards, the starter included
 * (six cards can hold two separate runs; each counts). Flush: the n hand
 * cards of one suit score n, n + 1 with a starter of that suit; with
 * BFC_CRIB, or with no starter, only all cards of one suit count. Nobs: a
 * jack of the starter's suit among the hand cards. Five cards with a
 * starter accept BFC_CRIB only: no variant has the joker or the Noddy rule
 * there, so BFC_KILL_CARD and BFC_NODDY are refused (BFC_EINVAL). Writes
 * *out (may be NULL) and returns the total (0..46), or BFC_EINVAL (hand
 * NULL, n out of range, unknown or refused flag), BFC_ECARD, BFC_EDUP,
 * BFC_EJOKER. Table driven; does not allocate; thread-safe. Since 0.1;
 * five cards with a starter since 0.2. */
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
 * n above BFC_FRONTLINE_MAX -- checked before any card is read --, unknown
 * flag), BFC_ECARD, BFC_EDUP, BFC_ECOUNT (frontline sum above 31).
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

/* The most cards a sequence of the play can hold: more than fit under a
 * count of 31 (at most 13). Since 0.2. */
#define BFC_PEG_MAX 16

/* Points for the last card of seq (the cards laid since the count reset,
 * oldest first, 1 <= n <= BFC_PEG_MAX, count <= 31): 15 or 31 (2), pairs
 * (2/6/12), the longest run of the last k >= 3 cards. Go and last card
 * depend on the game and are not included. Returns points or BFC_EINVAL
 * (seq NULL, n 0 or above BFC_PEG_MAX: checked before any card is read),
 * BFC_ECARD, BFC_EDUP, BFC_EJOKER, BFC_ECOUNT. Since 0.1. */
BFC_API int bfc_score_peg(const bfc_card *seq, size_t n);

typedef struct bfc_peg_score {
    uint8_t count;      /* the running count after the card */
    uint8_t fifteen_31; /* 2 at 15 or 31 (Noddy: also at 25) */
    uint8_t pairs;      /* 2, 6 or 12 */
    uint8_t runs;       /* the run's length (Noddy: a run of three scores 2) */
    uint8_t flush;      /* Noddy: k >= 3 last cards of one suit score k */
    uint8_t total;
} bfc_peg_score;

/* As bfc_score_peg (the same checks, n first), with the breakdown, and with
 * BFC_NODDY the Noddy play scores (count of 25, run of three 2, flushes;
 * RULES 3.6, D5). Returns the total; out may be NULL. Since 0.1. */
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
    BFC_ITEM_GO = 10,         /* BFC: 1 to the player to the placer's right;
                                 classic: 1 for the go */
    BFC_ITEM_KNOBS = 11,      /* BFC: 2 to the dealer for a jack turn card */
    BFC_ITEM_HEELS = 12,      /* classic: 2 to the dealer for a jack starter */
    BFC_ITEM_DECLARED = 13,   /* muggins: the count a player declared */
    BFC_ITEM_MUGGINS = 14,    /* muggins: points an opponent claimed */
    BFC_ITEM_THREE_FOR_LAST = 15 /* five-card: 3 to the first non-dealer */
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
 * "combination", "last card", "go", "knobs", "heels", "declared",
 * "muggins", "three for last"; "?" if unknown. */
BFC_API const char *bfc_item_kind_name(int kind);

/* The items of bfc_score_hand() (same arguments), in RULES 2.1 order: each
 * fifteen, each pair, each distinct run, the flush, nobs. A killed hand has
 * none. Writes at most cap items and returns how many there are (may exceed
 * cap), or the negative status bfc_score_hand() would return. Since 0.1. */
BFC_API int bfc_score_hand_items(const bfc_card *hand, size_t n, bfc_card starter,
                                 unsigned flags, bfc_item *items, size_t cap);

/* The items of bfc_score_frontline(): fifteen or thirty-one (all frontline
 * cards), the combination (its cards), last card, then the go (to the
 * placer's right) and knobs (to the dealer). The arguments are checked as
 * bfc_score_frontline() checks them (n first). Since 0.1. */
BFC_API int bfc_score_frontline_items(const bfc_card *frontline, size_t n, bfc_card placed,
                                      unsigned flags, bfc_item *items, size_t cap);

/* The items of bfc_score_peg_detail(): fifteen/twenty-five/thirty-one, the
 * pairs, the run, the flush (Noddy). The arguments are checked as
 * bfc_score_peg_detail() checks them (n first). Since 0.1. */
BFC_API int bfc_score_peg_items(const bfc_card *seq, size_t n, unsigned flags, bfc_item *items,
                                size_t cap);

/* Narrates items as a player counts them aloud, with running totals in
 * words: "fifteen two, fifteen four, and a pair is six, and a run of three
 * is nine"; points for someone else (go, knobs, heels) follow after "; ".
 * No items: "nothing". No cards are printed. Pairs of one rank are said
 * together (three of a kind, four of a kind), and so are the runs over the
 * same ranks: a double, triple, double-double or quadruple run (four of a
 * kind in a run of three), and in a six-card show (RULES 3.10, since 0.2)
 * "six runs of three" or "eight runs of three". Returns the length needed
 * (snprintf-style) or BFC_EINVAL. Does not allocate. Since 0.1. */
BFC_API int bfc_items_narrate(const bfc_item *items, size_t n, char *buf, size_t cap);

/* ===========================================================================
 * Rules of a game: Battlefield Cribbage (RULES 4) and the classic games
 * (RULES 3) through the same struct, the same game API and the same moves,
 * so a front end or bot written for one variant plays them all.
 * ======================================================================== */

enum {
    BFC_VARIANT_BATTLEFIELD = 0, /* RULES 4: 2, 3 or 4 players (4: teams or not) */
    BFC_VARIANT_CLASSIC = 1,     /* RULES 3.1-3.4: 2 or 3 players, 4 or 6 in teams */
    BFC_VARIANT_FIVE_CARD = 2,   /* RULES 3.5: 2 players */
    BFC_VARIANT_NODDY = 3,       /* RULES 3.6: 2 to 6 players (4, 6: teams or not) */
    BFC_VARIANT_SOLITAIRE = 4,   /* RULES 3.8: 1 player */
    BFC_VARIANT_SEVEN_CARD = 5   /* RULES 3.10: 2 players, 7 cards, to 181.
                                    Since 0.2. */
};

/* Rules flags (bfc_rules.flags, family BFC_RULES_FLAGS). Since 0.2 (0.1
 * had BFC_MUGGINS 0x20, BFC_BACKWARD 0x40, BFC_NO_LATE_HEELS 0x80 and used
 * the score flag BFC_ANY_LAY_AWAY here; saves of format 1 still load). */
#define BFC_RULE_MUGGINS 0x0100u       /* classic: players declare their
                                          counts, opponents claim (3.9) */
#define BFC_RULE_BACKWARD 0x0200u      /* classic: the first to the target
                                          loses (3.7) */
#define BFC_RULE_NO_LATE_HEELS 0x0400u /* classic: no heels within the last
                                          3 holes (seed 003) */
#define BFC_RULE_ANY_LAY_AWAY 0x0800u  /* Battlefield: every lay-away is
                                          legal (D10 option) */
/* Since 0.2 (issue 16): */
#define BFC_RULE_NO_TAKE_BACK 0x1000u  /* Battlefield (D14): the card the
                                          previous player just placed may
                                          not be taken. Every turn ends with
                                          a placement, so only a skirmish's
                                          first frontline card can be taken */
#define BFC_RULE_JOKER_KILLS_FORMATION 0x2000u /* Battlefield (D13 option):
                                          a formation holding the joker when
                                          the skirmish ends scores 0 whatever
                                          is laid away (the joker, laid
                                          away, still kills the reserve) */
#define BFC_RULE_PARTNERS_BY_CUT 0x4000u /* teams (D16): everyone cuts; the
                                          two lowest are partners, the
                                          lowest deals, and the players are
                                          seated by the cut (bfc_game_seat_of) */
#define BFC_RULE_CAPTAIN 0x8000u       /* classic, 3 players (RULES 3.10,
                                          captain's cribbage): seat 0 plays
                                          alone to half the target (61)
                                          against seats 1 and 2 as a team to
                                          the target; seat 0 deals first */
#define BFC_RULE_PAY_BEST_LOSER 0x10000u  /* RULES 5 option with 3 or more
                                          sides: only the best loser's game
                                          value counts (the rule: each loser
                                          pays, the winner gets the sum) */
#define BFC_RULE_PAY_WORST_LOSER 0x20000u /* the same, the worst loser only */

/* First dealer (RULES 4.2, D6): a seat number, or a cut. */
#define BFC_DEALER_CUT (-1)

/* Game value conventions (RULES 5). Each line is measured on a side's
 * own way to go, its target less its score (D17): in captain's cribbage
 * the captain plays to (target + 1) / 2 (61) and the team to the target,
 * so the captain is skunked below 31 and the team below 91. Since 0.2 the
 * margin is the loser's way to go less the winner's (0.1 took the score
 * difference, the same when the targets are equal). */
enum {
    BFC_VALUE_PLAIN = 0,  /* every win is 1 game */
    BFC_VALUE_SKUNK = 1,  /* loser below its target-30 (91): 2; below its
                             target-60 (61): 4 */
    BFC_VALUE_MARGIN = 2, /* win by 31 or more: 2; by 61 or more: 4 (seed
                             001); "by" = the loser's way to go less the
                             winner's */
    BFC_VALUE_LURCH = 3   /* loser below half its target, rounded up (61):
                             2 (seed 002) */
};

/* Who deals the next game of a match (D15, bfc_rules.next_dealer). */
enum {
    BFC_NEXT_WINNER = 0, /* the player who scored the winning point (seed 000) */
    BFC_NEXT_LOSER = 1,  /* a loser: the lowest score, ties to the left of the
                            winning seat; a team's seat nearest the winner's
                            left */
    BFC_NEXT_LEFT = 2    /* the deal passes to the left, as between deals */
};

/* How a match counts (RULES 5, bfc_rules.match_points): the points the
 * winner takes from each losing side for a win, a skunk (the loser below
 * its target - 30) and a double skunk (below its target - 60; D17: the
 * captain's target is half the team's). */
enum {
    BFC_MATCH_GAMES = 0,   /* 1 / 1 / 1: games won */
    BFC_MATCH_VALUE = 1,   /* the game value of rules.value (bfc_game_value) */
    BFC_MATCH_ACC = 2,     /* 2 / 3 / 3 (the ACC tournament points) */
    BFC_MATCH_SKUNKS = 3,  /* 1 / 2 / 4 (seed 003; also called "four") */
    BFC_MATCH_LONG = 4,    /* 3 / 4 / 4 */
    BFC_MATCH_FREE = 5     /* 1 / 2 / 3 */
};

/* The Crib Wars board (RULES 3.9, seed 003): special holes on the track.
 * The seed names them but gives no positions, so the board is data: a list
 * of special holes, each with the hole a peg is moved to. A score is the
 * hole a side's peg is in; a path off the track (a blue time trap, a green
 * short cut) is given by the track hole it is worth, so the score stays one
 * number.
 *
 * A peg "lands" where one award leaves it (RULES D19): the points of one
 * card laid, a go or last card, one hand, the crib, his heels, one muggins
 * award, the five-card three for last. (Under muggins a card's points and
 * the go or last card it earns are declared as one count, D12, and pegged
 * as one award.) Passing a special hole does nothing. Where it lands (the
 * game not won):
 *   red skip      slides on to `to` (the second red hole)
 *   time trap     follows the blue path: moved to `to` (a later count goes
 *                 on from there)
 *   green advance follows the short cut to `to`
 *   penalty box   the side folds its hand(s) and crib for the rest of the
 *                 deal (no more play, show or points in it; a side that
 *                 folds before the discards, five-card's three, still
 *                 discards). With 2 sides it goes back 20 holes (not below
 *                 0) and the other side goes ahead 20. With 3 sides it
 *                 stays in the box and sits out the rest of this deal and
 *                 the next three: it still takes its cards, discards to the
 *                 crib, cuts and deals in turn, but takes no part in the
 *                 play or the show and pegs nothing; as the third of those
 *                 deals ends it moves out one hole. If another side lands
 *                 in a box while one is in, the lander goes back 20, the
 *                 third side goes ahead 20 and the side in the box moves
 *                 out one hole (it plays again from the next deal).
 * An award of 20 never ends in a box or a time trap: it goes on to the
 * first hole past them. Moves made by the board (to `to`, back 20, ahead
 * 20, out one hole) are not landings: they never set off another special
 * hole. Under muggins a folded or boxed side declares nothing; it is still
 * asked to claim, and what it claims is not pegged (BFC_BOARD_LOST; a
 * claimed over-count still holds the declarer to the true count).
 *
 * Every board move is a BFC_EV_BOARD event; reaching the target this way
 * ends the game at once like any point (RULES D20). The winning point (the
 * GAME_OVER event's seat, bfc_game_winning_seat(), D15's next dealer) is
 * then the player's whose award landed on the red skip, time trap or green
 * advance; after ahead 20 or a move out of the box, the side's
 * lowest-numbered seat's. When a fold in a muggins decision (the points
 * just settled put a side in a box) leaves no one able to lay, the go or
 * last card that leaves owed is pegged at once, undeclared, to the player
 * who laid the last card, or lost (BFC_BOARD_LOST) if that player's side
 * has folded. */
enum {
    BFC_HOLE_RED_SKIP = 1,     /* to > at: the second red hole */
    BFC_HOLE_TIME_TRAP = 2,    /* to != at: where the blue path counts from */
    BFC_HOLE_PENALTY_BOX = 3,  /* to = 0 */
    BFC_HOLE_GREEN_ADVANCE = 4 /* to > at: the end of the short cut */
};

#define BFC_BOARD_MAX 16 /* special holes on one board */

typedef struct bfc_hole {
    uint8_t at;   /* the hole, 1..255 */
    uint8_t kind; /* BFC_HOLE_* */
    uint8_t to;   /* the hole the peg moves to, 0..255 (boxes: 0) */
} bfc_hole;

/* n special holes in hole[0..n), `at` strictly ascending; no `to` is
 * itself a special hole; the rest of the struct is zero. n = 0: a plain
 * board. */
typedef struct bfc_board {
    uint8_t n;
    uint8_t reserved[3];
    bfc_hole hole[BFC_BOARD_MAX];
} bfc_board;

/* Fills board with the library's EXAMPLE Crib Wars layout for 121 holes
 * (the seed gives no positions; any real board's holes can be written
 * in its place): red skips 12->15, 52->55, 92->95; time traps 27->20,
 * 63->57, 86->79, 107->101; penalty boxes at 35, 75, 115; green advances
 * 44->49, 98->104. Returns BFC_OK, or BFC_EINVAL for NULL. */
BFC_API int bfc_board_example(bfc_board *board);

/* "red skip", "time trap", "penalty box", "green advance"; "?" if unknown. */
BFC_API const char *bfc_hole_kind_name(int kind);

/* A plain struct: fill it with bfc_rules_init() and change fields. */
typedef struct bfc_rules {
    int variant;      /* BFC_VARIANT_* */
    int players;      /* see the variants */
    int teams;        /* 1: partners, seat s with s + players/2 (4 players:
                         0+2 vs 1+3, 4.1 and 3.3; 6 players: three teams,
                         3.4). Required for classic 6 players; classic 4
                         players without teams play as individuals
                         (RULES 3.10). */
    int target;       /* points to win, 1..1000: 121 (five-card 61, Noddy
                         31, seven-card 181); solitaire: the score that wins
                         (121, "more than 120"); backward: the score that
                         loses; captain's: the team's target, the captain
                         plays to (target + 1) / 2 */
    int turn_limit;   /* Battlefield only (D9): turns per skirmish before the
                         turn card is forced, 200; at most 10000. 0 = no
                         limit: then a skirmish may never end by itself
                         (players may trade the frontline's end card turn
                         after turn, RULES 4.4), so a program that plays
                         without a limit must bound its own loops; the
                         library's bots always make progress. Must be 0
                         in the classic games. */
    int first_dealer; /* a seat, or BFC_DEALER_CUT (D6, 3.1); solitaire: 0
                         or BFC_DEALER_CUT, both mean seat 0 deals */
    int value;        /* BFC_VALUE_* (RULES 5); backward games are worth 1 */
    unsigned flags;   /* BFC_RULE_* (BFC_RULES_FLAGS): Battlefield:
                         BFC_RULE_ANY_LAY_AWAY; classic: BFC_RULE_MUGGINS
                         (not solitaire), BFC_RULE_BACKWARD (2-4 players,
                         not solitaire), BFC_RULE_NO_LATE_HEELS */
    bfc_board board;  /* Crib Wars (3.9): the classic games with 2 or 3
                         sides (not solitaire, not Noddy with 4-6 sides);
                         n = 0 (bfc_rules_init): none */
    /* Since 0.2 (issue 16): */
    int next_dealer;  /* BFC_NEXT_* (D15): who deals the next game */
    int match;        /* 0: single games; N (1..1000): the match is won by
                         the first side to N points of match_points */
    int match_points; /* BFC_MATCH_*: how a game counts in the match */
} bfc_rules;

/* Battlefield Cribbage, 2 players, no teams, 121, turn limit 200, best
 * lay-aways only, first dealer by cut, plain game value. */
BFC_API void bfc_rules_init(bfc_rules *rules);

/* The defaults of a variant: as bfc_rules_init(), then the variant, its
 * usual players (2; solitaire 1), its target (five-card 61, Noddy 31, else
 * 121) and, outside Battlefield, turn_limit 0. Returns BFC_OK, or
 * BFC_EINVAL for NULL or an unknown variant (rules unchanged). */
BFC_API int bfc_rules_init_variant(bfc_rules *rules, int variant);

/* BFC_OK, or BFC_EINVAL if the rules are not a game this library plays
 * (bfc_rules_problem() says why). */
BFC_API int bfc_rules_check(const bfc_rules *rules);

/* Why bfc_rules_check() refuses the rules: a short English sentence that
 * names the field first ("players: classic cribbage is played by 2, 3, 4
 * or 6 players"), or NULL when the rules are fine. The text is static:
 * never free it. Since 0.2. */
BFC_API const char *bfc_rules_problem(const bfc_rules *rules);

/* The number of sides of these rules: players / 2 with teams, 2 in
 * captain's cribbage, else players; BFC_EINVAL for NULL. Since 0.2. */
BFC_API int bfc_rules_sides(const bfc_rules *rules);

/* The side seat plays for: seat % sides with teams (partners sit
 * opposite), 0 for the captain and 1 for the others in captain's
 * cribbage, else seat. BFC_EINVAL for NULL or a seat out of range. The
 * same as bfc_game_side_of() for a game of these rules. Since 0.2. */
BFC_API int bfc_rules_side_of(const bfc_rules *rules, int seat);

/* How many cards each player throws to the crib (or out of the deal, D3)
 * under these rules: 2 with two players and in five-card and solitaire,
 * 1 with three, four or six, 0 in Noddy and Battlefield; BFC_EINVAL for
 * NULL or rules bfc_rules_check() refuses. Since 0.2. */
BFC_API int bfc_rules_throws(const bfc_rules *rules);

/* ---- Presets: the games as players name them -------------------------- */

/* A named game: a variant with the flags and board that make it, the
 * player counts it is played by, and its defaults. */
typedef struct bfc_preset {
    const char *name;       /* "battlefield", "classic", ... (lower case) */
    const char *title;      /* "Battlefield Cribbage" */
    const char *summary;    /* one line: who plays and to what */
    int variant;            /* BFC_VARIANT_* */
    unsigned flags;         /* the rules flags that make it (BFC_RULE_*) */
    int board;              /* 1: the example Crib Wars board (RULES 3.9) */
    unsigned players;       /* bit n set: playable by n players */
    unsigned teams;         /* bit n set: n players may play as partners */
    unsigned need_teams;    /* bit n set: n players must (RULES 3.3, 3.4) */
    int default_players;
    int target;             /* default points to win (or, backward, to lose) */
} bfc_preset;

/* The presets, index 0 up: "battlefield" (RULES 4), "classic" (3.1-3.4),
 * "five-card" (3.5), "noddy" (3.6), "backward" (3.7), "solitaire" (3.8),
 * "crib-wars" (3.9, the example board). A pointer to static data (never
 * free it), or NULL past the last. Since 0.2. */
BFC_API const bfc_preset *bfc_preset_get(int index);

/* The preset of this name (ASCII case-insensitive), or NULL. Since 0.2. */
BFC_API const bfc_preset *bfc_preset_find(const char *name);

/* Fills *rules with a preset's game: bfc_rules_init_variant() of its
 * variant, then its flags, board and target, and `players` (0: the
 * preset's default) with teams when asked (teams = 1) or required.
 * Returns BFC_OK, or BFC_EINVAL (rules unchanged) for NULL, an unknown
 * name, a player count the preset is not played by, or teams where it
 * has none. Change any field afterwards as usual. Since 0.2. */
BFC_API int bfc_rules_preset(bfc_rules *rules, const char *name, int players, int teams);

/* ===========================================================================
 * Moves. A move is a small integer: copy it, compare it with ==, use it as
 * an index (every move is below BFC_MOVE_COUNT). Legal moves are always
 * listed in ascending order.
 *
 *   id      text          meaning (RULES 4.4, 4.6, 4.7; slots are 0..4)
 *   0..9    reveal A B    first turn: turn formation slots A < B face up
 *                         (pairs in order 01 02 03 04 12 13 14 23 24 34)
 *   10      draw          take the top card of the draw pile
 *   11      place         place the drawn card on the frontline
 *   12..16  swap I        put the drawn card in slot I, place the slot's card
 *   17..21  take I        take the frontline's end card into slot I, place
 *                         the slot's card
 *   22      turn          place the top draw card as the turn card (two
 *                         cards left, or the turn limit D9)
 *   23..27  layaway I     battlefield: lay slot I away into the reserve
 *
 * The classic games (RULES 3) name cards by id (C, D: 0..51, "5H"):
 *
 *   28..79      play C        lay card C in the play
 *   80..131     discard C     throw one card (3, 4 and 6 players)
 *   132..1457   discard C D   throw two cards C < D as one move (2 players,
 *                             five-card, solitaire): 132 + the index of the
 *                             pair among all pairs in order (0 1, 0 2, ...,
 *                             0 51, 1 2, ...): C * (103 - C) / 2 + D - C - 1
 *   1458..1489  declare N     muggins: announce N points, N = 0..31, for
 *                             the hand, crib or card being counted
 *   1490        claim         muggins: claim the difference (3.9)
 *   1491        pass          muggins: let the declared count stand
 *   1492..1506  declare N     N = 32..46 (since 0.2): 1492 + N - 32
 *
 * Declarations (RULES D18): a declaration may be any count from 0 to the
 * most the declared cards could ever score in that game, so that no true
 * count is impossible to declare. The legal moves of a declaration are
 * "declare 0" up to that most, in move id order:
 *   a hand of classic cribbage (four cards and the starter) 29; a
 *   five-card or Noddy hand (three cards and the starter) 20; a
 *   seven-card hand (five cards and the starter, a six-card show) 46,
 *   BFC_DECLARE_MAX; every crib (four cards and the starter) 29;
 *   a card laid in the play, with the go or last card it earns, 15
 *   (four of a kind at a count of 15 and the go), Noddy 16 (a run of
 *   seven of one suit to 31).
 * bfc_move_declare() gives the move for N: the ids of N above 31 follow
 * `pass`, so that the ids of 0.1 are kept.
 *
 * Muggins (3.9, D12): a player declares each hand and crib it counts and,
 * in the play, each card it lays: what the card scores together with the
 * go or last card it earns (the others have said go by then; the
 * observation's `owed` says whether one is earned). After every
 * declaration the opponents are asked in turn from the declarer's left
 * to claim or pass (every time, so being asked tells nothing), until one
 * claims or all have passed. A claim on an under-count gives the claimer
 * what was missed; on an over-count the declarer pegs the true count and
 * the claimer the excess; on a right count the claimer gets nothing. When
 * all pass the declared count stands. The declarer's points are pegged
 * after the decision, then the claimer's; in the play all of them count
 * as BFC_SRC_PLAY. Heels and the five-card three are pegged as usual.
 *
 * There is no "go" move: a player who cannot lay a card says go without
 * deciding anything, so the library says it for them (a BFC_EV_GO event)
 * and the play moves on. Discards are made one player at a time, from the
 * dealer's left; a player's discard is private (BFC_EV_DISCARD).
 * ======================================================================== */

typedef uint16_t bfc_move;

#define BFC_MOVE_REVEAL 0u   /* + pair index */
#define BFC_MOVE_DRAW 10u
#define BFC_MOVE_PLACE 11u
#define BFC_MOVE_SWAP 12u    /* + slot */
#define BFC_MOVE_TAKE 17u    /* + slot */
#define BFC_MOVE_TURN 22u
#define BFC_MOVE_LAYAWAY 23u /* + slot */
#define BFC_MOVE_PLAY 28u    /* + card */
#define BFC_MOVE_DISCARD 80u /* + card */
#define BFC_MOVE_DISCARD2 132u /* + pair index */
#define BFC_MOVE_DECLARE 1458u /* + points, 0..31 (bfc_move_declare) */
#define BFC_MOVE_CLAIM 1490u
#define BFC_MOVE_PASS 1491u
#define BFC_MOVE_DECLARE_HIGH 1492u /* + points - 32, 32..BFC_DECLARE_MAX
                                       (D18; since 0.2) */
#define BFC_DECLARE_MAX 46   /* the most any declaration may be: a
                                seven-card hand (D18; since 0.2) */
#define BFC_MOVE_COUNT 1507u /* every move id is below this (0.1: 1492) */
#define BFC_MOVE_NONE ((bfc_move)0xFFFF)
#define BFC_MAX_MOVES 48     /* no position has more legal moves (a
                                seven-card hand's declaration has 47; 0.1:
                                32) */
#define BFC_MOVE_TEXT_MAX 16 /* longest move text with its NUL */

/* The reveal move for slots a != b (either order); BFC_MOVE_NONE if a slot
 * is out of range or a == b. */
BFC_API bfc_move bfc_move_reveal(int a, int b);

/* The move that throws cards a and b (either order) to the crib, or
 * BFC_MOVE_NONE unless both are standard cards and differ. */
BFC_API bfc_move bfc_move_discard2(bfc_card a, bfc_card b);

/* The move that declares `points` (muggins, RULES D18): BFC_MOVE_DECLARE +
 * points up to 31, BFC_MOVE_DECLARE_HIGH + points - 32 above; BFC_MOVE_NONE
 * outside 0..BFC_DECLARE_MAX. Whether it is legal now depends on what is
 * declared (the legal moves list them). Since 0.2. */
BFC_API bfc_move bfc_move_declare(int points);

/* The move's text, as in the table above ("swap 3", "play 5H", "discard
 * 2C 5H" with the lower card id first); snprintf-style: returns
 * the length needed, or BFC_EINVAL for an unknown move or a NULL buf with
 * cap > 0. */
BFC_API int bfc_move_format(bfc_move move, char *buf, size_t cap);

/* Parses a move's text: the words of the table (case-insensitive, one or
 * more spaces or tabs between words, surrounding blanks ignored), with
 * "reveal 4 0" the same as "reveal 0 4"; a card is any single card
 * bfc_card_parse() accepts except the joker ("play 10h", "discard 5H
 * J\u2660"); the points of "declare N" are plain digits, 0 to
 * BFC_DECLARE_MAX. Returns BFC_OK or BFC_EPARSE;
 * *out is written only on success. */
BFC_API int bfc_move_parse(const char *text, bfc_move *out);

/* The kinds of move, in the order of the table above. */
enum {
    BFC_MOVEKIND_REVEAL = 1,
    BFC_MOVEKIND_DRAW = 2,
    BFC_MOVEKIND_PLACE = 3,
    BFC_MOVEKIND_SWAP = 4,
    BFC_MOVEKIND_TAKE = 5,
    BFC_MOVEKIND_TURN = 6,
    BFC_MOVEKIND_LAYAWAY = 7,
    BFC_MOVEKIND_PLAY = 8,
    BFC_MOVEKIND_DISCARD = 9, /* one card or two */
    BFC_MOVEKIND_DECLARE = 10,
    BFC_MOVEKIND_CLAIM = 11,
    BFC_MOVEKIND_PASS = 12
};

/* A move taken apart. Fields that do not apply are 0xFF (slots, points)
 * or BFC_CARD_NONE (cards). points is 0..BFC_DECLARE_MAX for either
 * declare range. */
typedef struct bfc_move_info {
    uint8_t kind;     /* BFC_MOVEKIND_* */
    uint8_t nslots;   /* 0, 1 (swap, take, layaway) or 2 (reveal) */
    uint8_t slot[2];  /* formation slots, ascending */
    uint8_t ncards;   /* 0, 1 (play, discard) or 2 (two-card discard) */
    bfc_card card[2]; /* the cards, ascending ids */
    uint8_t points;   /* declare: the points declared */
} bfc_move_info;

/* Takes a move apart into *out: its kind, slots, cards, points. Returns
 * BFC_OK, or BFC_EINVAL for NULL or a value that is not a move (out
 * untouched). Does not allocate. Since 0.2. */
BFC_API int bfc_move_decode(bfc_move move, bfc_move_info *out);

/* "reveal", "draw", "place", "swap", "take", "turn", "layaway", "play",
 * "discard", "declare", "claim", "pass" for BFC_MOVEKIND_*; "?" if
 * unknown. Since 0.2. */
BFC_API const char *bfc_move_kind_name(int kind);

/* ===========================================================================
 * Games. A bfc_game is opaque: it holds the whole state, hidden cards and
 * its random generator included. One thread uses a game at a time; any
 * number of games may exist on any threads. A game is fully determined by
 * its rules, its seed and its moves. Chance (the shuffle, so the drawn
 * card) comes from the game's generator, never from a move.
 * ======================================================================== */

typedef struct bfc_game bfc_game;

/* Phases: what the player to move decides. */
enum {
    BFC_PHASE_REVEAL = 0,  /* first turn of the skirmish: reveal two slots */
    BFC_PHASE_TURN = 1,    /* draw, take, or the turn card */
    BFC_PHASE_DRAWN = 2,   /* holding a drawn card: place or swap */
    BFC_PHASE_LAYAWAY = 3, /* battlefield scoring: lay a card away */
    BFC_PHASE_OVER = 4,    /* the game is over: no moves */
    BFC_PHASE_DISCARD = 5, /* classic: throw cards to the crib */
    BFC_PHASE_PLAY = 6,    /* classic: lay a card */
    BFC_PHASE_DECLARE = 7, /* muggins: declare the count of a hand, the crib
                              or the card just laid (D12) */
    BFC_PHASE_CLAIM = 8    /* muggins: claim or pass on a declared count */
};

/* "reveal", "turn", "drawn", "lay away", "over", "discard", "play",
 * "declare", "claim" for BFC_PHASE_*; "?" if unknown. Since 0.2. */
BFC_API const char *bfc_phase_name(int phase);

/* "battlefield", "classic", "five-card", "noddy", "solitaire",
 * "seven-card" for BFC_VARIANT_*; "?" if unknown. Since 0.2. */
BFC_API const char *bfc_variant_name(int variant);

/* A new game, shuffled and dealt from `seed` (first dealer cut if the rules
 * say so). Returns NULL and sets *status (if not NULL) to BFC_EINVAL for
 * bad rules (bfc_rules_problem() says which field) or BFC_ENOMEM; on
 * success *status is BFC_OK. Allocates once. Points may be scored before
 * the first move (a Battlefield cease-fire, the five-card non-dealer's 3,
 * a Noddy jack starter's heels and Noddy's hand counts without muggins);
 * bfc_game_new_events() reports them as events. A game may even be over
 * at once (a target that small). */
BFC_API bfc_game *bfc_game_new(const bfc_rules *rules, uint64_t seed, int *status);


/* Frees a game; NULL is fine. */
BFC_API void bfc_game_free(bfc_game *game);

/* Copies the whole state of src into dst, which must have been made with
 * the same rules (BFC_EINVAL otherwise, dst unchanged). Does not allocate:
 * the call for search trees. */
BFC_API int bfc_game_copy(bfc_game *dst, const bfc_game *src);

/* A new game equal to src (NULL on failure or NULL src). */
BFC_API bfc_game *bfc_game_clone(const bfc_game *src);

/* The rules the game was made with (borrowed; valid while the game is). */
BFC_API const bfc_rules *bfc_game_rules(const bfc_game *game);

/* The legal moves, ascending, into out[0..cap); returns how many there are
 * (snprintf-style: may exceed cap), 0 once the game is over, BFC_EINVAL for
 * NULL game (or NULL out with cap > 0). Never 0 before the game is over. */
BFC_API int bfc_game_legal_moves(const bfc_game *game, bfc_move *out, size_t cap);

/* ---- Events: what a move made happen, in pegging order. ---------------- */

enum {
    BFC_EV_DEAL = 1,        /* seat = dealer; card = first frontline card; a
                               skirmish begins (slot = crib size) */
    BFC_EV_CEASEFIRE = 2,   /* the first frontline card is the joker (4.3) */
    BFC_EV_REVEAL = 3,      /* seat turned slot face up: card */
    BFC_EV_DRAW = 4,        /* seat drew card; only seat may see it (D7):
                               show the card to the others as hidden */
    BFC_EV_PLACE = 5,       /* seat placed card on the frontline; slot = the
                               formation slot it came from, 5 = the drawn
                               card or the draw pile's top card */
    BFC_EV_SWAP = 6,        /* seat put its drawn card (card) in slot */
    BFC_EV_TAKE = 7,        /* seat took card off the frontline into slot */
    BFC_EV_RENEW = 8,       /* the frontline passed 31: cards[] go out of
                               play, the placed card begins a new one (4.5) */
    BFC_EV_SCORE = 9,       /* seat pegs item.points for its side (see item,
                               source); score = the side's new total */
    BFC_EV_ENDING = 10,     /* seat's formation is all face up: each other
                               player has one final turn (4.6) */
    BFC_EV_TURN_CARD = 11,  /* card, placed by seat, is the turn card */
    BFC_EV_FORMATION = 12,  /* seat's five formation cards face up (cards):
                               at the battlefield, and at a cease-fire with
                               points = their score */
    BFC_EV_LAYAWAY = 13,    /* seat laid slot (card) away; points = the four
                               kept cards' score (0 if killed) */
    BFC_EV_RESERVE = 14,    /* the reserve (cards[4]) scored for the dealer
                               (seat); points = its score */
    BFC_EV_GAME_OVER = 15,  /* seat scored the winning point; side won;
                               points = the game value (RULES 5). Backward:
                               seat reached the target and lost, side = the
                               winner; solitaire: side 0xFF when lost */
    /* The classic games (RULES 3). BFC_EV_DEAL: seat = dealer, slot = cards
       dealt to each hand. */
    BFC_EV_DISCARD = 16,    /* seat threw card: slot 0 to the crib, 1 out
                               of the deal (D3). Only seat may see it. */
    BFC_EV_STARTER = 17,    /* card is the starter, cut by seat */
    BFC_EV_PLAY = 18,       /* seat laid card; points = the count after it;
                               slot 0 from the hand, 1 from the crib
                               (solitaire) */
    BFC_EV_GO = 19,         /* seat cannot lay a card without passing 31
                               (never after a count of 31: the count
                               simply resets) */
    BFC_EV_RESET = 20,      /* the count goes back to 0 */
    BFC_EV_SHOW = 21,       /* seat's hand (slot 0) or crib (slot 1) is
                               counted: cards = hand, starter last;
                               points = its true count. In Noddy hands
                               stay hidden: this event and the SCORE
                               events of the hand (source BFC_SRC_HAND)
                               are for seat's eyes only; muggins items of
                               a Noddy hand carry no cards. */
    BFC_EV_DECLARE = 22,    /* muggins: seat declared points for its count */
    BFC_EV_CLAIM = 23,      /* muggins: seat claimed points (0 = passed);
                               the SCORE events follow */
    BFC_EV_END_PLAY = 24,   /* the play is over (every card laid, or no one
                               can lay one in five-card and Noddy); seat =
                               the last to lay (the dealer if no one laid:
                               Crib Wars, every side folded) */
    BFC_EV_BOARD = 25,      /* Crib Wars: the board moved seat's side's peg,
                               or kept its points (slot: BFC_BOARD_*);
                               score = the side's total after it */
    BFC_EV_CUT = 26,        /* seat cut card for the first deal (D6, 3.1);
                               after a tie the tied seats cut again, so a
                               seat may cut more than once. With partners
                               by cut (D16) seat is the player's seat
                               before the seating. Only from
                               bfc_game_new_events(). Since 0.2. */
    BFC_EV_MATCH = 27,      /* match play (RULES 5): after GAME_OVER, the
                               winner's side (side) takes points match
                               points; score = its match total (the match
                               is won when it reaches rules.match). seat =
                               the winning seat. Since 0.2. */
    BFC_EV_SEAT = 28        /* partners by cut (D16): the player who cut
                               from seat `slot` sits at seat `seat` (one
                               event per player, after the cuts). Since
                               0.2. */
};

/* What a BFC_EV_BOARD event did (its slot); seat = a seat of the side
 * (the side's number, or for LOST the seat that would have pegged). The
 * first four are the BFC_HOLE_* kinds: the peg landed on hole `points` and
 * was moved to `score` (a box: back 20 with 2 sides, or kept in the box
 * with 3; the side's hand and crib are folded). */
enum {
    BFC_BOARD_RED_SKIP = 1,
    BFC_BOARD_TIME_TRAP = 2,
    BFC_BOARD_PENALTY_BOX = 3,
    BFC_BOARD_GREEN_ADVANCE = 4,
    BFC_BOARD_AHEAD = 5, /* another side landed in a box: this side goes
                            ahead points (20), past any box or trap */
    BFC_BOARD_OUT = 6,   /* the side moves out of the box (points 1) */
    BFC_BOARD_LOST = 7   /* the side is folded or in the box: `points` of
                            `source` are not pegged */
};

/* Where points came from (for statistics). */
enum {
    BFC_SRC_FRONTLINE = 1, /* fifteen/31, combination, last card */
    BFC_SRC_GO = 2,
    BFC_SRC_KNOBS = 3,     /* dealer's 2 for a jack turn card */
    BFC_SRC_BATTLEFIELD = 4,
    BFC_SRC_RESERVE = 5,
    BFC_SRC_CEASEFIRE = 6,
    BFC_SRC_PLAY = 7,      /* classic pegging in the play, last card */
    BFC_SRC_HAND = 8,      /* a hand in the show (Noddy: before the play) */
    BFC_SRC_CRIB = 9,
    BFC_SRC_HEELS = 10,    /* the dealer's 2 for a jack starter */
    BFC_SRC_MUGGINS = 11,  /* points claimed from a declared count */
    BFC_SRC_FIRST = 12     /* five-card: 3 to the first non-dealer */
};

typedef struct bfc_event {
    uint8_t type;   /* BFC_EV_* */
    uint8_t seat;   /* the player it concerns */
    uint8_t side;   /* seat's side (its team, or seat itself) */
    uint8_t source; /* BFC_EV_SCORE: BFC_SRC_* */
    bfc_card card;  /* the card moved or revealed, else BFC_CARD_NONE */
    uint8_t slot;   /* formation slot, else 0xFF */
    uint8_t points; /* see the types */
    uint8_t reserved;
    int16_t score;  /* BFC_EV_SCORE: side's total after it */
    uint16_t turn;  /* turns completed in the skirmish (at most 65535) */
    bfc_item item;  /* BFC_EV_SCORE: the item (kind, points, cards); other
                       types list their cards in item.cards/ncards */
} bfc_event;

/* Room for the events of any move, except a chain of several cease-fires
 * (each 1 in 53) in one move, which may need more. */
#define BFC_MAX_EVENTS 256

/* Reading an event without remembering what its small fields mean for its
 * type. Each returns the value for the types it names, and BFC_EINVAL for
 * NULL or any other type. Since 0.2. */

/* REVEAL, SWAP, TAKE, LAYAWAY: the formation slot 0..4; PLACE: the slot
 * the card came from, or 5 for the drawn card or the draw pile's top;
 * SEAT: the seat the player cut from (D16). */
BFC_API int bfc_event_slot(const bfc_event *e);
/* SCORE: the points pegged; SHOW, LAYAWAY, RESERVE, FORMATION: the count
 * of the cards (FORMATION: a cease-fire's score, else 0); DECLARE: the
 * count declared; CLAIM: the points claimed (0: passed); GAME_OVER: the
 * game value (RULES 5); BOARD: the points moved or kept (see
 * BFC_BOARD_*); MATCH: the match points the game gave the winner's side. */
BFC_API int bfc_event_points(const bfc_event *e);
/* PLAY: the running count after the card. */
BFC_API int bfc_event_count(const bfc_event *e);
/* DISCARD: 1 to the crib, 0 out of the deal (D3); PLAY: 1 a crib card
 * (solitaire), 0 a hand card; SHOW: 1 the crib, 0 a hand. */
BFC_API int bfc_event_crib(const bfc_event *e);
/* DEAL: the cards dealt to each player (Battlefield: 5). */
BFC_API int bfc_event_dealt(const bfc_event *e);
/* BOARD: what the board did, BFC_BOARD_*. */
BFC_API int bfc_event_board(const bfc_event *e);

/* "deal", "cease-fire", "reveal", "draw", "place", "swap", "take",
 * "renew", "score", "ending", "turn card", "formation", "lay away",
 * "reserve", "game over", "discard", "starter", "play", "go", "reset",
 * "show", "declare", "claim", "end of play", "board", "cut", "match",
 * "seat" for BFC_EV_*; "?" if unknown. Since 0.2. */
BFC_API const char *bfc_event_name(int type);

/* "plain", "skunk", "margin", "lurch" for BFC_VALUE_*; "?" if unknown.
 * Since 0.2. */
BFC_API const char *bfc_value_name(int value);

/* "games", "value", "acc", "skunks", "long", "free" for BFC_MATCH_*; "?"
 * if unknown. Since 0.2. */
BFC_API const char *bfc_match_points_name(int points);

/* "winner", "loser", "left" for BFC_NEXT_*; "?" if unknown. Since 0.2. */
BFC_API const char *bfc_next_dealer_name(int next);

/* "frontline", "go", "knobs", "battlefield", "reserve", "cease-fire",
 * "play", "hand", "crib", "heels", "muggins", "first" for BFC_SRC_*; "?"
 * if unknown. Since 0.2. */
BFC_API const char *bfc_source_name(int source);

/* "red skip", "time trap", "penalty box", "green advance", "ahead",
 * "out of the box", "lost" for BFC_BOARD_*; "?" if unknown. Since 0.2. */
BFC_API const char *bfc_board_action_name(int action);

/* What a viewer may see of an event (RULES D7 and the classic games'
 * hidden hands): returns 1 and writes to *out (when not NULL) the event as
 * seat `viewer` may see it, every card it may not see replaced by
 * BFC_CARD_HIDDEN (another seat's drawn card, another seat's discard);
 * returns 0 when the event is private to another seat altogether (a Noddy
 * hand counted, BFC_EV_SHOW, and its BFC_EV_SCORE events, source
 * BFC_SRC_HAND: the score they add is public through the scores);
 * BFC_EINVAL for NULL, an unknown type or a viewer out of the rules'
 * seats. rules are the game's (bfc_game_rules()). Since 0.2. */
BFC_API int bfc_event_visible(const bfc_event *e, const bfc_rules *rules, int viewer,
                              bfc_event *out);

/* One line of English for an event, as a front end's log shows it
 * ("player 2 plays 5H, count 15", "player 1 pegs 2 for a pair (5H 5D), 17
 * in all", "player 1's hand 5H 5C 5S JD with the starter 5D counts 29",
 * "game over: player 3 scores the last point; side 1 wins 2 games").
 *
 * Numbers in the library's texts (this function, bfc_observation_format)
 * count from 1, as players say them, where the API counts from 0:
 * "player N" (and "seat N") is seat N - 1, the seat bfc_game_to_move()
 * and the events name; "side N" is side N - 1, the number
 * bfc_game_winner(), bfc_game_side_of() and bfc_game_scores()' index
 * give. So "side 1 wins" is bfc_game_winner() == 0. A side of one player
 * has that player's number (side s is seat s), partners' sides are 1 to
 * players / 2 (side 1 is players 1 and 3 with four), captain's cribbage
 * has side 1 (the captain, player 1) and side 2 (players 2 and 3).
 * Formation slots keep the numbers of the moves, 0 to 4 ("swap 3").
 * Counts are named: a card laid says the running count ("count 15"),
 * never points; a shown hand or crib names the starter apart from the
 * cards counted; a score says the points pegged and the side's total.
 *
 * It prints every card the event holds; a BFC_CARD_HIDDEN card reads "a
 * card", so an event passed through bfc_event_visible() first tells a
 * viewer only what it may know ("player 2 draws a card"). Flags:
 * BFC_UNICODE. snprintf-style: returns the length needed, or BFC_EINVAL
 * (NULL, unknown type or flag). Does not allocate. Since 0.2; the play's
 * count, the starter and the total reworded since issue 28. */
BFC_API int bfc_event_format(const bfc_event *e, unsigned flags, char *buf, size_t cap);

/* Applies move for the player to move. Illegal (or game over): returns
 * BFC_EILLEGAL and changes nothing. Otherwise returns BFC_OK, writes at
 * most cap events to ev (ev may be NULL when cap is 0) and, if nev is not
 * NULL, the number the move produced (events past cap are lost). With
 * ev NULL, cap 0 and nev NULL no scoring items are built at all: the fast
 * path for playouts. Does not allocate. */
BFC_API int bfc_game_apply(bfc_game *game, bfc_move move, bfc_event *ev, size_t cap,
                           size_t *nev);

/* The same game as bfc_game_new(rules, seed, status), with the events of
 * its start: the cut for the first dealer (BFC_EV_CUT), the first deal,
 * and every point scored before the first move (a cease-fire, heels, the
 * five-card 3, Noddy's hands), as bfc_game_apply() reports a move's:
 * at most cap events into ev, the number in *nev (when not NULL). A front
 * end or a statistics tool that starts here sees every point with its
 * source. Since 0.2. */
BFC_API bfc_game *bfc_game_new_events(const bfc_rules *rules, uint64_t seed, bfc_event *ev,
                                      size_t cap, size_t *nev, int *status);

/* The seat to move (0..players-1), or -1 once the game is over. */
BFC_API int bfc_game_to_move(const bfc_game *game);
/* BFC_PHASE_*, or BFC_EINVAL for NULL. */
BFC_API int bfc_game_phase(const bfc_game *game);
/* Sides: the teams (players / 2) with teams, 2 in captain's cribbage,
 * else one per seat. Seat s is on side s % sides with teams (partners sit
 * opposite), the captain (seat 0) on side 0 and seats 1 and 2 on side 1,
 * else on side s (bfc_rules_side_of). */
BFC_API int bfc_game_sides(const bfc_game *game);
BFC_API int bfc_game_side_of(const bfc_game *game, int seat);
/* Scores per side into out[0..cap); returns the number of sides. The game
 * ends as soon as a side reaches the target (RULES 4.8) and no one scores
 * after that; the one score that won (a placement's points, a hand, the
 * reserve) is pegged whole, so the winner may pass the target. */
BFC_API int bfc_game_scores(const bfc_game *game, int *out, size_t cap);
/* 1 when the game is over, 0 if not, BFC_EINVAL for NULL. */
BFC_API int bfc_game_over(const bfc_game *game);
/* The winning side, -1 while the game goes on (and for a lost solitaire
 * game). Backward games: the side that did not reach the target (with
 * more than two sides, the lowest score; ties go to the first side from
 * the loser's left). */
BFC_API int bfc_game_winner(const bfc_game *game);
/* The seat that scored the winning point (it deals the next game of a
 * match, RULES 4.2), -1 while the game goes on. Backward games: the first
 * seat of the winning side from the loser's left; solitaire: 0, or -1 when
 * lost. */
BFC_API int bfc_game_winning_seat(const bfc_game *game);
/* The games the win is worth under rules.value (RULES 5): each losing
 * side is judged on its own score (1, 2 or 4 games) and the winner takes
 * the sum; with BFC_RULE_PAY_BEST_LOSER (the 0.1 behaviour) or
 * BFC_RULE_PAY_WORST_LOSER only that loser's value. 0 while the game goes
 * on or when a solitaire game is lost; a backward game has one loser, the
 * side that reached the target, and is worth 1. BFC_EINVAL for NULL
 * (since 0.2; 0.1 returned 0). */
BFC_API int bfc_game_value(const bfc_game *game);

/* What each side lost the game by (RULES 5): out[side] = the games the
 * winner takes from that side (1, 2 or 4), 0 for the winner and for a
 * side that did not lose (the others of a backward game), all 0 while the
 * game goes on. Writes at most cap values; returns the number of sides,
 * or BFC_EINVAL. Since 0.2. */
BFC_API int bfc_game_values(const bfc_game *game, int *out, size_t cap);

/* Match play (RULES 5, rules.match > 0): each side's match points into
 * out[0..cap); returns the number of sides (all 0 when rules.match is 0),
 * or BFC_EINVAL. The points survive bfc_game_next() and save/load. Since
 * 0.2. */
BFC_API int bfc_game_match_scores(const bfc_game *game, int *out, size_t cap);

/* The side that won the match (its match points reached rules.match), or
 * -1 while no side has (and for single games). Since 0.2. */
BFC_API int bfc_game_match_winner(const bfc_game *game);

/* Partners by cut (D16): the seat the player who cut from seat `player`
 * took after the cut; without the option, player itself. BFC_EINVAL for a
 * bad player or NULL. Since 0.2. */
BFC_API int bfc_game_seat_of(const bfc_game *game, int player);

/* The next game of a match, in the same handle: scores to 0, the next
 * dealer as rules.next_dealer says (D15; by default the seat that scored
 * the winning point, RULES 4.2), the seating and the match points kept,
 * the cards from the game's generator. With rules.match > 0 the library
 * keeps the match score itself (bfc_game_match_scores); otherwise a
 * program counts the games. BFC_EINVAL if the game is not over or the
 * match is won. Does not allocate. */
BFC_API int bfc_game_next(bfc_game *game);

/* bfc_game_next() with the events of the new game's first deal and the
 * points scored before its first move, as bfc_game_new_events() reports
 * them. Since 0.2. */
BFC_API int bfc_game_next_events(bfc_game *game, bfc_event *ev, size_t cap, size_t *nev);

/* ===========================================================================
 * Observation and determinization (RULES D7). In Battlefield Cribbage all
 * players see the same table, except the card a player has just drawn. In
 * the classic games a seat sees its own hand and discards, every card laid,
 * the starter once cut, every hand shown (Noddy hands are never shown), the
 * crib once it is counted, and the scores.
 * ======================================================================== */

#define BFC_CARD_HIDDEN ((bfc_card)0xFE) /* a face-down card */

typedef struct bfc_observation {
    bfc_rules rules;
    uint8_t seat;        /* the observer */
    uint8_t players, sides;
    uint8_t phase;       /* BFC_PHASE_* */
    uint8_t to_move;     /* 0xFF once over */
    uint8_t dealer;
    uint8_t revealed;    /* bit s: seat s made its first-turn reveal */
    uint8_t ender;       /* the seat that ended the skirmish, 0xFF if none */
    uint8_t final_turns; /* final turns still owed */
    uint8_t pile;        /* cards in the draw pile (classic: in the deck) */
    uint8_t crib;        /* face-down crib cards */
    bfc_card held;       /* the drawn card: itself for its drawer,
                            BFC_CARD_HIDDEN for the others, else NONE */
    bfc_card turn_card;  /* once placed, else BFC_CARD_NONE */
    uint8_t laid[4];     /* slot each seat laid away, 0xFF if not yet */
    uint8_t lay_legal;   /* BFC_PHASE_LAYAWAY: legal lay-away slots */
    uint8_t over;
    uint8_t winner;      /* winning side, 0xFF */
    uint8_t winning_seat;
    uint32_t turns;      /* turns completed in this skirmish */
    uint32_t skirmish;   /* skirmishes dealt in this game, from 1 */
    int16_t score[6];    /* per side */
    uint8_t faceup[4];   /* bit i: slot i face up */
    bfc_card formation[4][5]; /* BFC_CARD_HIDDEN when face down */
    bfc_card cut[6];     /* the deciding round of the cut for first
                            dealer (D6): after a tie only the seats that
                            cut again have a card; NONE if no cut. With
                            partners by cut (D16), each player's last cut
                            card by the seat it cut from */
    bfc_frontline frontline;
    uint64_t out_of_play; /* bit c: card c left play this skirmish (4.5);
                            solitaire: the cards used face up */
    /* The classic games (zero or NONE in Battlefield games). Card sets are
       masks: bit c for card c. */
    bfc_card starter;    /* once cut, else BFC_CARD_NONE */
    uint8_t count;       /* the running count of the play */
    uint8_t nseq;        /* cards laid since the count was last reset */
    bfc_card seq[16];    /* those cards, oldest first */
    uint8_t held_by[6];  /* how many cards each seat still holds */
    uint8_t declarer;    /* muggins: the seat whose count is judged, 0xFF */
    uint8_t declared;    /* the count it declared (BFC_PHASE_CLAIM), 0xFF */
    uint8_t counting;    /* muggins: 0 a hand, 1 the crib, 2 the card just
                            laid in the play (D12) */
    uint64_t hand;       /* the observer's cards not yet laid */
    uint64_t thrown;     /* the observer's discards */
    uint64_t played[6];  /* cards each seat laid this deal */
    uint64_t shown[6];   /* each seat's hand once counted in the show */
    uint64_t crib_cards; /* the crib once counted (solitaire: the crib
                            cards laid so far), else 0 */
    uint64_t judged;     /* muggins: the hand or crib being declared (0 in
                            Noddy, where hands are declared unseen); in
                            the play, the cards laid since the count was
                            reset (seq) */
    /* Crib Wars (rules.board.n > 0), else 0 / 0xFF / 0. */
    uint8_t folded;      /* bit s: seat s folded its hand this deal */
    uint8_t boxed;       /* the side sitting in a penalty box (3 sides),
                            0xFF */
    uint8_t box_deals;   /* deals it still sits out, this one included */
    /* Since 0.2: facts a program would otherwise work out from the rules. */
    uint8_t throws;      /* BFC_PHASE_DISCARD: cards the seat to move
                            throws now (bfc_rules_throws()), else 0 */
    uint8_t limit_reached; /* 1 when the turn limit (D9) forces the turn
                            card: the only move is BFC_MOVE_TURN */
    uint8_t owed;        /* muggins in the play (counting 2): 1 when the
                            declarer's card earns the go or the last card
                            (the others said go, or every card is laid) */
    int16_t match[6];    /* match play: each side's match points */
    /* Since 0.3: the classic play's goes this deal, public to all. */
    uint8_t go_room[6];  /* per seat: the most room (31 - count) it said go
                            at this deal, 0 if none -- every card it still
                            holds is worth more than that (RULES 3.1) */
} bfc_observation;

/* What seat may know now (RULES D7), and nothing more. BFC_EINVAL for a
 * bad seat or NULL. Does not allocate.
 *
 * An observation handed back to the library (bfc_observation_legal_moves,
 * _format, _unseen, the bots, the discard advice, bfc_explain_move and
 * _discard) must be one this function could have written: every such
 * call first checks it -- seats, sides, phase and counts in range, card
 * sets inside the deck and apart, the cards each seat holds and has laid
 * as many as the phase and the rules allow, the frontline as its cards
 * make it -- and returns BFC_EINVAL for one built or edited into anything
 * else (never a crash; issue 39). */
BFC_API int bfc_game_observe(const bfc_game *game, int seat, bfc_observation *out);

/* The legal moves as seen from an observation: the same list as
 * bfc_game_legal_moves(). In Battlefield games everything they need is
 * public; in the classic games the discard and play moves depend on a
 * hand, so only the observation of the seat to move lists them (another
 * seat's: BFC_EHIDDEN). */
BFC_API int bfc_observation_legal_moves(const bfc_observation *obs, bfc_move *out, size_t cap);

/* A stable multi-line text rendering of an observation (scores, dealer,
 * whose turn, formations with [??] for face-down cards, frontline and sum,
 * pile); flags BFC_UNICODE. snprintf-style. Seats and sides are numbered
 * from 1 as in bfc_event_format(): a side of one player reads "player N";
 * partners and captain's cribbage read "side N (players 1 and 3)". */
BFC_API int bfc_observation_format(const bfc_observation *obs, unsigned flags, char *buf,
                                   size_t cap);

/* Re-deals every card seat has not seen (face-down formation cards, crib,
 * draw pile, another player's drawn card; classic: the other hands not
 * shown, their discards, the deck) at random from `seed`, so that
 * bfc_game_observe(game, seat) is unchanged: one sampled world for search
 * (ISMCTS). The game's generator is reseeded from `seed` too, so later
 * skirmishes are dealt differently in each world. Returns BFC_OK, or
 * BFC_EINVAL (game unchanged) for NULL, a seat out of range, or a game
 * that is over (no decision is left to search; since 0.2). Does not
 * allocate. */
BFC_API int bfc_game_determinize(bfc_game *game, int seat, uint64_t seed);

/* A determinization drawn from a belief about what the other players
 * hold: like bfc_game_determinize(), and in a two-player classic game
 * (RULES 3.1) once the other player has thrown to the crib, its six cards
 * are drawn so that its throw is one a sensible player makes -- each world
 * kept with the chance exp(2 * (the throw's value - the best throw's
 * value)), values in expected points of the show and the crib under
 * BFC_CRIB_PLAYED (bfc_advise_discard()) -- and so that every go it said
 * this deal holds (it holds no card that fitted). Every card it deals is
 * one seat has not seen, and bfc_game_observe(game, seat) is unchanged.
 * In other games (Battlefield: everyone sees the same, RULES D7; three or
 * more players) it is bfc_game_determinize(). BFC_OK or BFC_EINVAL.
 * Does not allocate. Since 0.3. */
BFC_API int bfc_game_determinize_belief(bfc_game *game, int seat, uint64_t seed);

/* ===========================================================================
 * Save and load: a versioned line-based text format with the complete state
 * (hidden cards and generator included):
 *
 *   bfc-game 2
 *   rules <variant> <players> <teams> <target> <turn_limit> <first_dealer> <value> <flags>
 *         <next_dealer> <match> <match_points>                (one line)
 *   rng <4 x 16 hex digits>
 *   state <phase> <to_move> <dealer> <revealed> <ender> <owed> <turns> <skirmish> <moves>
 *   score <one number per side>
 *   over <0|1> <winner side|-> <winning seat|->
 *   cut <a card per seat, or ->
 *   match <match points per side>    (only with rules.match > 0)
 *   seating <seat per player>        (only with BFC_RULE_PARTNERS_BY_CUT)
 *   formation <seat> <five cards, a leading + when face up>
 *   crib <cards>             pile <cards, top first>
 *   frontline <cards>        gone <cards out of play>
 *   held <card|->            turncard <card|->
 *   laid <slot per seat, or ->
 *
 * The pile is shuffled as it is used: its cards after a "|" are not
 * shuffled yet, and each of them is drawn at random from them when its
 * turn comes (the game's generator); the cards before it, and a pile
 * written without one, are drawn in the order written.
 *
 * Cards are written as in RULES 1 ("5H", "JK"); '-' is "none". Lines come
 * in this order and nothing else is accepted: words are separated by one
 * space, and each line ends in "\n" (written) or "\r\n" (also read, for a
 * save that went through a Windows text file).
 *
 * The classic games write, after the rng line:
 *
 *   deal <phase> <to_move|-> <dealer> <deals> <moves> <count> <last|->
 *        <discarded> <said_go> <step> <shown> <declarer|-> <declared|->
 *        <truth|-> <counting|-> <solitaire cards laid> <resume|->
 *        <owed>                                               (one line)
 *   score <one number per side>
 *   over <0|1> <winner side|-> <winning seat|->
 *   cut <a card per seat, or ->
 *   match ... seating ...           (as above, when the rules have them)
 *   hand <seat> <cards held>        one line per seat, ascending card ids
 *   played <seat> <cards laid>      one line per seat
 *   thrown <seat> <cards thrown>    one line per seat
 *   crib <cards in the order they went in>
 *   seq <cards laid since the count was reset, oldest first>
 *   starter <card|->
 *   deck <cards, top first>
 *   gone <cards>                    (solitaire: used face up)
 *   first <card|->                  (solitaire: the first card laid)
 *   goes <room per seat>            (format 3 on: the most room, 31 less
 *                                    the count, at which each seat said go
 *                                    this deal, 0 for none)
 *   box <folded> <boxed side|-> <deals>   (Crib Wars only)
 *
 * A Crib Wars game writes, after the rules line, its board:
 *
 *   board <at>:<kind>:<to> ...       each special hole, as in bfc_board
 *
 * <discarded> and <said_go> are bit sets of seats, <shown> of seats
 * counted in the show plus 128 for the crib; <step> counts the hands (and
 * crib) of the show already scored; <truth> is the true count of the hand
 * being declared under muggins (<counting> 0 a hand, 1 the crib, 2 a card
 * in the play); <resume> the seat that lays after a card's declared points
 * (D12) and <owed> the go or last card declared with it; <folded> is a bit
 * set of seats, <deals> the deals the side in the box still sits out (this
 * one included). Format 1 (0.1) has the first 8 numbers of the rules line
 * and the first 16 of the deal line, and no match or seating lines.
 * ======================================================================== */

/* The format bfc_game_save() writes. 3 since 0.3 (the classic games'
 * goes line); 2 since 0.2 (the rules flags took their BFC_RULE_* values).
 * Formats 1 and 2 are still read (a game saved without the goes line
 * loads knowing only the goes of the play's current sequence). */
#define BFC_SAVE_VERSION 3

/* Writes the game as text (snprintf-style; NUL-terminated when cap > 0).
 * Returns the length needed, or BFC_EINVAL. Does not allocate. */
BFC_API int bfc_game_save(const bfc_game *game, char *buf, size_t cap);

/* Loads a saved game: into the existing game *game (same rules), or, when
 * *game is NULL, into a new game stored in *game (free it with
 * bfc_game_free). The text must be complete and consistent:
 * BFC_EPARSE (syntax), BFC_EVERSION (a format version other than 1 or 2:
 * format 1, written by libbfc 0.1 with its flag values, still loads),
 * BFC_EINVAL
 * (rules differ from game's; NULL), BFC_ESTATE (cards not conserved,
 * impossible phase, ...). On error nothing is changed. */
BFC_API int bfc_game_load(bfc_game **game, const char *text);

/* bfc_game_load(), saying where the text is wrong: on failure *err (when
 * not NULL) holds the status, the line at fault (from 1; 0 when no one line
 * is: the lines read but do not make one game, or a NULL argument) and
 * what is wrong with it in English (static text: what that line must hold,
 * "the save ends before this line: a line is missing", "text after the
 * save's last line", ...), as bfc_record_parse() reports a record's lines
 * (its struct, bfc_record_error, declared below). On success err->status
 * is BFC_OK and err->line 0. Since 0.3 (issue 38). */
typedef struct bfc_record_error bfc_record_error;
BFC_API int bfc_game_load_report(bfc_game **game, const char *text, bfc_record_error *err);

/* ===========================================================================
 * Bots: baselines that see only an observation (never a hidden card). The
 * caller owns the generator state *rng (any seed); the bots update it.
 * ======================================================================== */

/* The generator the bots use: one step of splitmix64 on *state (any
 * value, updated), returning the next 64 random bits. Handy for turning
 * one seed into seeds for games and bots; two states that differ give
 * unrelated streams. Since 0.2. */
BFC_API uint64_t bfc_rng_next(uint64_t *state);

/* A legal move chosen uniformly at random. Returns BFC_OK, or BFC_EINVAL
 * (NULL, or no legal move: game over). */
BFC_API int bfc_bot_random(const bfc_observation *obs, uint64_t *rng, bfc_move *out);

/* The move with the most immediate points for its side: frontline points,
 * minus a go given to an opponent, knobs counted for the dealer's side; a
 * card it cannot see (face down, or the next draw) counts at its mean over
 * the cards not seen. Small tie-breaks keep fives and tens in the
 * formation and turn face-down slots up; remaining ties are broken at
 * random. At the battlefield: the best lay-away for its hand, and among
 * equal ones the card most useful to the reserve when its side deals, least
 * useful otherwise. The classic games: the discard with the best mean
 * hand over the unseen starters, plus (its side deals) or minus the thrown
 * cards' rough crib worth; the card with the most pegging points, avoiding
 * a count of 5 or 21; an honest declaration, and a claim whenever the
 * declared count is wrong or unseen (Noddy). It always makes progress: a
 * take that scores nothing is never preferred to a draw or the turn card,
 * so games between these bots end even with no turn limit (D9). Backward games: the fewest
 * points, and never a claim. Returns BFC_OK, or BFC_EINVAL (NULL, game over,
 * or an observation of a seat not to move). Does not allocate. */
BFC_API int bfc_bot_greedy(const bfc_observation *obs, uint64_t *rng, bfc_move *out);

/* Battlefield by rules of thumb (the rulebook's strategy tips and RULES 4),
 * from the observation only: the frontline points of a move now; less most
 * of what the frontline it leaves gives the next player (its best face-up
 * card, or a card it draws when that is better: the fifteens, 31s, pairs
 * and runs it could complete); the formation it builds (pairs, fifteens,
 * touching ranks; the joker a cost to the dealer's side and a threat to the
 * dealer's reserve for the others); a move that ends the skirmish only when
 * its hand leads by more than the turn card it hands over is worth (and
 * never into a joker the next player could kill every hand with); the best
 * turn card for its side's hands when it lays it; no pair or touching ranks
 * left on the frontline while the next player's formation is still face
 * down. The lay-away and progress (no scoreless take before a draw) are
 * the greedy bot's; ties are broken at random from *rng. Classic games:
 * bfc_bot_greedy(). About 0.03 ms a decision. Frozen as a reference
 * player: its moves are pinned by a test (bfc-sim's "rules"), so they
 * change only by a deliberate, announced change. Returns BFC_OK, or
 * BFC_EINVAL as bfc_bot_greedy(). Does not allocate. Since 0.3 (issue 35). */
BFC_API int bfc_bot_rules(const bfc_observation *obs, uint64_t *rng, bfc_move *out);

/* ===========================================================================
 * Simulation: whole games in C. A binding or a tool that wants thousands
 * of playouts calls this once instead of crossing into its own language
 * for every move. Since 0.2.
 * ======================================================================== */

/* A bot: the signature of bfc_bot_random() and bfc_bot_greedy(). */
typedef int (*bfc_bot_fn)(const bfc_observation *obs, uint64_t *rng, bfc_move *out);

/* What bfc_sim_run() adds up. Zero it before the first run; runs over
 * disjoint games (shards) add into it exactly. */
typedef struct bfc_sim_result {
    uint64_t games;          /* games played to their end */
    uint64_t moves;          /* moves applied */
    uint64_t wins[6];        /* per side (a lost solitaire game wins none) */
    uint64_t value_sum[6];   /* per side: the game values of its wins (RULES 5) */
    uint64_t points[6][16];  /* per seat and BFC_SRC_*: the points it pegged,
                                the first deal's included (index 0 unused) */
} bfc_sim_result;

/* The seeds bfc-sim uses, so that a run here matches it game for game:
 * game i of a run is dealt from bfc_sim_game_seed(seed, i) (the (i+1)-th
 * output of splitmix64 started at seed), and seat s's bot generator
 * starts at bfc_sim_bot_seed(game seed, s). */
BFC_API uint64_t bfc_sim_game_seed(uint64_t seed, uint64_t index);
BFC_API uint64_t bfc_sim_bot_seed(uint64_t game_seed, int seat);

/* Plays games first, first + stride, first + 2 * stride, ... (count of
 * them) of the run `seed` under rules, bots[s] choosing at seat s from its
 * observation only, and adds the results into *out. Returns BFC_OK; or
 * BFC_EINVAL (NULL, bad rules, stride 0, a NULL bot), BFC_ENOMEM, a bot's
 * own error, or BFC_EILLEGAL when a bot chose an illegal move, with *out
 * unchanged. Allocates one game for the whole run; reentrant, and safe on
 * several threads with different results. */
BFC_API int bfc_sim_run(const bfc_rules *rules, const bfc_bot_fn *bots, uint64_t seed,
                        uint64_t first, uint64_t count, uint64_t stride, bfc_sim_result *out);

/* ===========================================================================
 * Advice: exact expected points of a decision, for hints and for bots.
 * Since 0.2.
 *
 * A classic discard (RULES 3.1-3.5, 3.8) is worth the show of the cards
 * kept plus (the seat's side deals) or minus (another side deals) the crib.
 * Both are expectations over what the seat cannot see, computed exactly by
 * enumeration through the table-driven scorers:
 *
 *   hand_ev   the mean, over every unseen card as the starter, of the kept
 *             cards' show (RULES 2.1; five-card: three cards, D4);
 *   crib_ev   the mean crib score (crib flush rule) over every way the rest
 *             of the crib and the starter can come out under the model;
 *   total_ev  hand_ev + crib_ev when the seat's side owns the crib,
 *             hand_ev - crib_ev otherwise.
 *
 * Crib model BFC_CRIB_UNIFORM: the crib cards the seat does not throw are a
 * uniformly random set of the unseen cards (the other players' throws, and
 * with three players the card dealt to the crib), the starter uniform over
 * the unseen cards left. With two players: every pair of the 46 unseen
 * cards and every starter of the other 44 (45,540 cribs per discard).
 * It says nothing of how people throw; a better model would have to be
 * shown to predict real discards better before it became the default.
 * The pegging that the kept cards make is not in these figures.
 * ======================================================================== */

/* Crib models (the opponents' throws). */
enum {
    BFC_CRIB_UNIFORM = 0, /* the other crib cards uniformly random */
    BFC_CRIB_PLAYED = 1   /* two-player classic: the other player throws as
                             a sensible player does (below). Since 0.3. */
};

/* Who deals, seen from the seat that discards. */
enum {
    BFC_ROLE_DEALER = 0,  /* the seat deals: the crib is its side's */
    BFC_ROLE_PONE = 1,    /* another side deals */
    BFC_ROLE_PARTNER = 2  /* the seat's partner deals (4 and 6 players in
                             teams, a teammate in captain's cribbage): the
                             crib is its side's; with six players the
                             throw goes out of the deal (D3) */
};

typedef struct bfc_discard_option {
    bfc_move move;       /* the discard move (BFC_MOVE_DISCARD + c, or a
                            two-card move) */
    uint8_t ndiscard;    /* cards thrown: 1 or 2 */
    uint8_t nkeep;       /* cards kept: 4, 3 in five-card, 5 in seven-card */
    bfc_card discard[2]; /* ascending; BFC_CARD_NONE when one */
    bfc_card keep[5];    /* ascending; BFC_CARD_NONE past nkeep (5 since
                            0.3: seven-card) */
    uint8_t to_crib;     /* 1: the throw goes to the crib; 0: out of the
                            deal (six players, the dealer's side, D3) */
    uint8_t reserved[4]; /* always 0 */
    double hand_ev;
    double crib_ev;      /* the crib's expected score, whoever owns it */
    double total_ev;
    double win;          /* bfc_advise_discard_win(): the chance of winning
                            the game with this discard; -1 otherwise.
                            Since 0.3. */
} bfc_discard_option;

/* Every discard of a hand under rules (classic 2, 3, 4 or 6 players,
 * five-card, solitaire, seven-card) for the seat in role, with the crib
 * model `model`, best first (the higher total_ev, then the lower move id).
 * The unseen cards are all the cards not in hand. hand holds the cards
 * dealt: 6 with two players and in solitaire, 7 in seven-card, 5
 * otherwise. Writes at most cap options and returns how many there are
 * (15, 21 in seven-card, 10 in five-card, 5 with one card thrown), or
 * BFC_EINVAL (NULL, rules refused or without a discard -- Noddy,
 * Battlefield --, a role these rules do not have, a wrong number of cards,
 * unknown model, BFC_CRIB_PLAYED for rules other than two-player classic),
 * BFC_ECARD, BFC_EDUP, BFC_EJOKER. Seven-card (RULES 3.10): the five kept
 * cards are shown with the starter as one six-card hand (hand_ev), the
 * crib of four as usual; BFC_CRIB_PLAYED is refused, its throws being
 * measured on the six-card classic deal, not on a throw of two out of
 * seven. Time: under 2 ms for two players (see `make bench`); seven-card
 * about 1.4 times that (21 discards of 990 cribs), 5 ms with one card
 * thrown and 10 ms for six players' dealer side. Does not allocate; thread-safe. RULES 2.1, 3.1-3.5, 3.8,
 * 3.10, D3, D4. Since 0.2; seven-card since 0.3. */
BFC_API int bfc_advise_discard(const bfc_rules *rules, const bfc_card *hand, size_t n, int role,
                               int model, bfc_discard_option *out, size_t cap);

/* The same for the seat to move in a discard phase, from its observation:
 * the role comes from the dealer and the teams, the unseen cards are the
 * cards it has not seen (bfc_observation_unseen(); in solitaire the cards
 * of earlier deals are not). BFC_EINVAL if obs is not the observation of
 * the seat to move in BFC_PHASE_DISCARD. Since 0.2. */
BFC_API int bfc_advise_discard_observation(const bfc_observation *obs, int model,
                                           bfc_discard_option *out, size_t cap);

/* The same options valued in wins, for a two-player classic game to a
 * target with a table (bfc_win_chance(); classic to 121 or 61): each
 * option's `win` is its chance of winning the game. When either side needs
 * 60 points or fewer it comes from the distribution of the option's own
 * show (its hand over the unseen starters and the crib under the model,
 * enumerated exactly as above; as the pone, the crib it gives joins the
 * dealer's measured hand), the play and the other side's show as measured
 * in self-play (gen_win.c), pegged in the order of RULES 3.1 -- the play,
 * the pone's show, the dealer's -- so that the first side to the target
 * wins, and after the deal the table. Farther from the end, where the table
 * is nearly linear in points, it is the table at the deal's expected
 * points. Best first: the higher win (chances within 0.0001 are equal), then
 * total_ev, then the lower move id. Near the end this keeps what wins
 * rather than what scores most. BFC_EINVAL as
 * bfc_advise_discard_observation(), and for rules without a table
 * (seven-card to 181 has none: its chances would be a guess). Time: a
 * few milliseconds near the end (every option's distribution is
 * enumerated), about the plain advice's earlier. Since 0.3. */
BFC_API int bfc_advise_discard_win(const bfc_observation *obs, int model,
                                   bfc_discard_option *out, size_t cap);

/* The cards the observer has not seen, as a set (bit c for card c; the
 * joker is bit 52, Battlefield only): Battlefield, every card not face up
 * on a formation, on the frontline, out of play, the turn card or the
 * observer's drawn card; classic, every card not in its hand or discards,
 * not laid, shown, cut as the starter or counted in the crib. They are the
 * cards a determinization re-deals (bfc_game_determinize). Returns BFC_OK
 * or BFC_EINVAL. Since 0.2. */
BFC_API int bfc_observation_unseen(const bfc_observation *obs, uint64_t *out);

/* Battlefield (RULES 4.7, D10): the expected best score of a formation at
 * the battlefield, over every turn card among `unseen` (a set as above),
 * written to *ev. Face-down slots may be BFC_CARD_HIDDEN (at most 3): they
 * are then filled with unseen cards too, every assignment of distinct
 * cards equally likely, so *ev is the mean over every (face-down cards,
 * turn card) outcome. The joker kills as in bfc_score_battlefield(). Flags:
 * BFC_ANY_LAY_AWAY (no effect on the best score; accepted for symmetry).
 * Returns BFC_OK, or BFC_EINVAL (NULL, unknown flag, more than 3 hidden
 * slots, an unseen card in the formation, too few unseen cards),
 * BFC_ECARD, BFC_EDUP. Work: one bfc_score_battlefield() per outcome --
 * with 40 unseen cards, 40 with no hidden slot (about a microsecond),
 * 29,640 with two, 370,000 with three (tens of milliseconds). Does not
 * allocate. Since 0.2. */
BFC_API int bfc_advise_formation(const bfc_card formation[5], uint64_t unseen, unsigned flags,
                                 double *ev);

/* ===========================================================================
 * The chance of winning by score. Since 0.3.
 *
 * For two-player Battlefield Cribbage to 121 and classic cribbage to 121
 * and to 61, a table: the chance that each side wins from the start of a
 * deal, computed by dynamic programming over every pair of scores from how
 * deals score when the library's search bot plays itself (tools/gen_win.c
 * says how; src/win_deals.txt holds the measurement). A deal's play and its
 * shows are drawn independently from the measured histograms, in the order
 * they are pegged (the play, the pone's show, the dealer's), and the game
 * ends at the first side to the target. Its error: the play of a real deal
 * near the end is not the average play measured, and the histograms are
 * samples (README, "The chance of winning", gives the calibration against
 * played games). Every other game (three or more players, teams, other
 * targets, backward, captain's, Crib Wars) gets a stated approximation:
 * each pair of sides compared by the points they still need, as a normal
 * variable with a measured mean and spread of points per deal and the
 * dealer's edge.
 * ======================================================================== */

/* How bfc_win_chance() found its answer. */
enum {
    BFC_WIN_TABLE = 1, /* a table (or a side has already reached its target) */
    BFC_WIN_APPROX = 2 /* the normal approximation */
};

/* The chance that each side wins a game of `rules` from the start of a deal
 * that the player of side `dealer` is about to deal, the sides' scores in
 * scores[0..nsides): writes out[0..nsides) (they sum to 1) and returns
 * BFC_WIN_TABLE or BFC_WIN_APPROX. nsides must be bfc_rules_sides(rules).
 * A side at its target has won (out is 1 for it; backward games: it has
 * lost, the others share). BFC_EINVAL for NULL, refused rules, solitaire,
 * a wrong nsides, a bad dealer or a score outside 0..10000. Does not
 * allocate; thread-safe. Since 0.3. */
BFC_API int bfc_win_chance(const bfc_rules *rules, const int *scores, size_t nsides, int dealer,
                           double *out);

/* The table behind bfc_win_chance() for hot loops (a search's leaves):
 * when these rules have one, sets *out to its target * target values and
 * returns the target; (*out)[(a - 1) * target + (b - 1)] / 65535.0 is the
 * chance that the dealer of a deal about to be dealt wins when it needs a
 * points and the other player b (1 <= a, b <= target). Returns 0 and sets
 * *out to NULL when there is no table, BFC_EINVAL for NULL or refused rules.
 * The table is static and read-only. Since 0.3. */
BFC_API int bfc_win_table(const bfc_rules *rules, const uint16_t **out);

/* ===========================================================================
 * Search bot: the library's computer opponent, for every variant and player
 * count. Since 0.2; the deal solver, the belief and the levels since 0.3.
 *
 * The bot plays the seat to move of a game you pass. It never reads a card
 * that seat cannot see: every world it searches is a copy of the game
 * re-dealt for that seat (bfc_game_determinize_belief(), or with the
 * belief off bfc_game_determinize()), whose cards depend only on the seat's
 * observation and the seed; the root's legal moves are the seat's own. So
 * you may pass the real game (a server holding every card) or any game with
 * the same observation for that seat; two games that differ only in cards
 * the seat has not seen get the same decision from the same seed.
 *
 * How it decides:
 *   - The play of a two-player classic game with a crib and no muggins or
 *     board (classic, five-card, seven-card; BFC_SEARCH_SOLVER): the deal
 *     solver. In each world, drawn from the belief about the other
 *     player's cards (its throw one a sensible player makes, its goes
 *     true), the rest of the deal is solved exactly by alpha-beta -- both
 *     players then knowing every card -- to the next deal with its show
 *     counted, or to the game's end, where a position is worth its chance
 *     of winning (bfc_win_table(); bfc_win_chance() for rules without a
 *     table). A move is worth its mean over the worlds. Worlds are drawn
 *     until every other move is clearly worse than the best (2.5 standard
 *     errors of the paired difference) or surely within 0.001 of it, at
 *     least 16 and at most `worlds` of them.
 *   - A classic discard (BFC_SEARCH_EXACT_DISCARD): the best of the advice,
 *     bfc_advise_discard_win() where the rules have a table (so near the
 *     end it keeps what wins rather than what scores most), else
 *     bfc_advise_discard_observation() under the best crib model the rules
 *     have (BFC_CRIB_PLAYED with two players, else BFC_CRIB_UNIFORM).
 *     Not seven-card: its discards are searched as any move (the bots'
 *     play from before its advice existed, 0.3).
 *   - A muggins declaration is honest and a claim made when the count is
 *     wrong, as the greedy bot does.
 *   - Everything else (Battlefield, three or more players, muggins games'
 *     play): single-observer Information Set Monte Carlo Tree Search
 *     (Cowling, Powley & Whitehouse 2012). An iteration walks one tree
 *     shared by all worlds (at each node the moves legal in this world
 *     compete by UCB1 with availability counts; below a Battlefield draw,
 *     one branch per card drawn), adds a node, and plays on with the
 *     playout policy to the horizon -- the end of the current skirmish
 *     (Battlefield) or deal (classic), or the end of the game if it comes
 *     first -- where each side's value is, by `value`:
 *       BFC_SEARCH_WIN     its chance of winning: 1 or 0 if the game ended,
 *                          else bfc_win_chance() from the scores and the
 *                          next dealer (so the bot plays to the score: near
 *                          the end it pegs out, away from it it keeps
 *                          points). Backward games: the chance of not
 *                          being first to the target.
 *       BFC_SEARCH_MARGIN  points won over the horizon minus the best other
 *                          side's (backward: points avoided); the deal
 *                          solver then maximises the points margin too.
 *     Below the root, the first-turn reveal (all slots are face down to
 *     everyone, D7, so every pair is alike) and muggins are left to the
 *     policy.
 *
 * Levels (bfc_search_config_level; README "Strength" gives their measured
 * strength and cost): easy, medium and hard set `iterations` (ISMCTS) and
 * `worlds` (the deal solver).
 *
 * Memory: bfc_search_new() allocates the bot with its node arena and the
 * games it searches in (one, and 14 more for the deal solver); a decision
 * allocates nothing. The arena holds 2 * iterations + 2 nodes, at most 2^20
 * (32 MiB) unless `nodes` asks for more; a search that fills it goes on
 * without growing its tree. bfc_search_config_bytes() says how many bytes
 * that is for a config. One thread uses a bot at a time (except
 * bfc_search_interrupt()); bots on different threads are independent (no
 * global state).
 *
 * Determinism: with an iteration budget, a bot made with the same config
 * (or re-seeded with bfc_search_seed()) and given the same sequence of
 * decisions returns the same moves and analyses on every machine, whether
 * a decision runs in one call or in steps. A time budget depends on the
 * clock, so it is not reproducible; an interrupted decision depends on
 * when it was interrupted.
 *
 * Long searches can be stopped: run a decision in steps
 * (bfc_search_begin(), bfc_search_step(), bfc_search_result(),
 * bfc_search_end()) and stop between two, or call bfc_search_interrupt()
 * from another thread or a signal handler while bfc_search_move() runs.
 * ======================================================================== */

/* Playout policies: how a world is played on to the horizon (ISMCTS). */
enum {
    BFC_PLAYOUT_RANDOM = 0, /* a legal move uniformly at random */
    BFC_PLAYOUT_GUIDED = 1, /* fast greedy rules: the frontline or pegging
                               points of each move now, cheap constants for
                               what no one can see (the default) */
    BFC_PLAYOUT_GREEDY = 2  /* bfc_bot_greedy() at every move: closer to
                               the greedy bot's play, but each Battlefield
                               decision costs it microseconds, many times
                               the guided policy's */
};

/* What a position at the horizon is worth (bfc_search_config.value). */
enum { BFC_SEARCH_WIN = 0, BFC_SEARCH_MARGIN = 1 };

/* bfc_search_config.flags */
#define BFC_SEARCH_EXACT_DISCARD 0x1u /* classic: discard by the advice */
#define BFC_SEARCH_SOLVER 0x2u /* two-player classic play: the deal solver
                                  (since 0.3; else ISMCTS) */
#define BFC_SEARCH_BELIEF 0x4u /* worlds drawn from the belief
                                  (bfc_game_determinize_belief(); since
                                  0.3; else bfc_game_determinize()) */
#define BFC_SEARCH_RULES_PRIOR 0x8u /* Battlefield: the root's moves start
                                  with a few visits valued by the
                                  rule-of-thumb player (bfc_bot_rules): a
                                  prior the search corrects: 8 visits each,
                                  a point below its best worth 0.02 of a
                                  chance of winning; the analysis counts
                                  them (since 0.3, issue 35; off in the
                                  levels) */

typedef struct bfc_search_config {
    uint32_t iterations; /* ISMCTS iterations per decision (the medium
                            level's); 0: use time_ms */
    uint32_t time_ms;    /* with iterations 0: wall-clock budget per
                            decision, checked every 8 iterations (worlds) */
    double exploration;  /* the UCB1 constant c (0.3); with
                            BFC_SEARCH_MARGIN it applies to margins divided
                            by 12 points */
    uint64_t seed;       /* the bot's generator starts here */
    int playout;         /* BFC_PLAYOUT_* (GUIDED) */
    int value;           /* BFC_SEARCH_WIN or BFC_SEARCH_MARGIN (WIN) */
    unsigned flags;      /* BFC_SEARCH_* (EXACT_DISCARD | SOLVER | BELIEF) */
    uint32_t nodes;      /* node arena size; 0: 2 * iterations + 2 (at most
                            2^20), or 400 * time_ms + 1024 for a time
                            budget; at least 64, at most 2^26. 32 bytes a
                            node. */
    uint32_t worlds;     /* the deal solver's most worlds per decision (it
                            stops sooner once the best move is told); 0:
                            iterations / 16 + 8. At most 100000. Since 0.3. */
} bfc_search_config;

/* The defaults above: the medium level, flags EXACT_DISCARD | SOLVER |
 * BELIEF. Since 0.2. */
BFC_API void bfc_search_config_init(bfc_search_config *cfg);

/* Playing strength as a budget, for front ends: sets iterations and worlds
 * (time_ms 0): easy 40 and 8, medium 300 and 24, hard 2400 and 200. Each
 * level is stronger than the one below it and cheaper than 0.2's hard (2000
 * iterations of ISMCTS everywhere); README "Strength" gives the measured
 * figures. Returns BFC_OK or BFC_EINVAL. */
enum { BFC_LEVEL_EASY = 1, BFC_LEVEL_MEDIUM = 2, BFC_LEVEL_HARD = 3 };
BFC_API int bfc_search_config_level(bfc_search_config *cfg, int level);

typedef struct bfc_search bfc_search;

/* A bot for games of these rules (the games you pass must have been made
 * with equal rules), with cfg (NULL: the defaults). Returns NULL and sets
 * *status (if not NULL) to BFC_EINVAL (rules refused; a config field out of
 * range, unknown flags, or both budgets 0) or BFC_ENOMEM. Allocates the bot
 * with its arena and its games (see above); free with bfc_search_free(). */
BFC_API bfc_search *bfc_search_new(const bfc_rules *rules, const bfc_search_config *cfg,
                                   int *status);

/* The bytes bfc_search_new(rules, cfg) allocates (cfg NULL: the defaults):
 * the bot, its node arena (see "Memory" above) and its games, all it holds
 * until bfc_search_free(); 0 for rules or a config it refuses. A binding
 * tells its garbage collector so (JS). Does not allocate. Since 0.4
 * (issue 39). */
BFC_API size_t bfc_search_config_bytes(const bfc_rules *rules, const bfc_search_config *cfg);

/* Frees a bot; NULL is fine. Not while a decision is running on another
 * thread. */
BFC_API void bfc_search_free(bfc_search *bot);

/* Restarts the bot's generator from seed, as if it had just been made
 * with config.seed = seed. BFC_OK, or BFC_EINVAL (NULL, or a decision in
 * steps has begun and not ended). */
BFC_API int bfc_search_seed(bfc_search *bot, uint64_t seed);

/* Searches for the seat to move in game and writes the chosen move: one
 * that won the game at once in every iteration that tried it if there is
 * one, else the best root move (the deal solver: the best mean; ISMCTS:
 * the most visits, then the better mean; then the lower move id). Returns
 * BFC_OK, or BFC_EINVAL (NULL, game over, rules not the bot's, a decision
 * in steps not ended), BFC_EINTR (interrupted: *out unchanged). The game is
 * not changed. Does not allocate. */
BFC_API int bfc_search_move(bfc_search *bot, const bfc_game *game, bfc_move *out);

/* One root move of a search. */
typedef struct bfc_search_stat {
    bfc_move move;
    uint8_t searched;  /* 1: the search weighed it; 0: not a candidate
                          (classic discards other than the advice's best, a
                          dishonest muggins count): visits 0 */
    uint8_t wins_now;  /* 1: it won the game at once in every iteration
                          that played it (the bot prefers such a move) */
    uint32_t visits;   /* ISMCTS: iterations that played it; the deal
                          solver: worlds (every candidate is solved in
                          each) */
    double value;      /* for the seat's side: the mean chance of winning
                          0..1 (or points margin) of its visits; a classic
                          discard: its chance of winning from the advice
                          (bfc_advise_discard_win()); -1 when not valued
                          (no visits; a discard under rules without a
                          chance-of-winning table) */
    double points;     /* a classic discard: its expected points, total_ev
                          of the advice; else 0. Since 0.3. */
    bfc_move same_as;  /* the move whose figures it carries because the two
                          are the same to every player (itself otherwise):
                          Battlefield reveals (RULES D7), swaps or takes
                          into face-down slots; cards of one rank in the
                          classic play (not Noddy). The search tries one of
                          them for all. Since 0.3. */
} bfc_search_stat;

/* The analysis of a decision, for hints: the same search as
 * bfc_search_move() (the first entry is the move it would choose), every
 * legal move once, best first (searched, wins_now, then visits -- the deal
 * solver: value --, value, points, a move before those alike it, move id).
 * The visits of the searched moves that stand for themselves (same_as ==
 * move) add up to the iterations run (bfc_search_last()); the deal solver
 * gives each of them every world. A classic discard runs no search: every
 * discard comes with its advice (value, points). Battlefield skirmish
 * advice (reveal, draw or take, which slot) is this analysis. Writes at
 * most cap entries; returns the number of legal moves (snprintf-style) or
 * a status as bfc_search_move(). Does not allocate. */
BFC_API int bfc_search_analyze(bfc_search *bot, const bfc_game *game, bfc_search_stat *out,
                               size_t cap);

/* A decision in steps, so that a caller can stop it, show progress or
 * keep an event loop running (the JavaScript binding does): begin, then
 * step until it returns 1 (done), reading the analysis so far with
 * bfc_search_result() whenever you like, then end. Stepped to its end it
 * decides exactly as bfc_search_move()/bfc_search_analyze() do with the
 * same seed. The game must stay alive and unchanged until the decision
 * ends. Since 0.3. */

/* Starts a decision for the seat to move in game. BFC_OK, or BFC_EINVAL as
 * bfc_search_move(). A decision already begun is dropped. */
BFC_API int bfc_search_begin(bfc_search *bot, const bfc_game *game);

/* Runs at most `work` more units (ISMCTS iterations, or the deal solver's
 * worlds). Returns 1 when the decision is done (its budget spent, or
 * nothing to search), 0 when there is more to do, BFC_EINTR when
 * bfc_search_interrupt() stopped it (it is then done: the figures so far
 * stay readable), BFC_EINVAL with no decision begun. */
BFC_API int bfc_search_step(bfc_search *bot, uint32_t work);

/* The analysis so far, as bfc_search_analyze() writes it. Returns the
 * number of legal moves or BFC_EINVAL (no decision begun). */
BFC_API int bfc_search_result(bfc_search *bot, bfc_search_stat *out, size_t cap);

/* Ends the decision (bfc_search_last() then describes it). BFC_OK or
 * BFC_EINVAL (none begun). */
BFC_API int bfc_search_end(bfc_search *bot);

/* Stops the decision that bot is running: bfc_search_move() and
 * bfc_search_analyze() return BFC_EINTR, bfc_search_step() returns it,
 * within one unit of work (under a millisecond with the levels' budgets).
 * Safe from any thread and from a signal handler (it only sets a flag). A
 * decision that begins after it is not stopped. BFC_OK or BFC_EINVAL.
 * Since 0.3. */
BFC_API int bfc_search_interrupt(bfc_search *bot);

/* What the last decision took. */
typedef struct bfc_search_info {
    uint32_t iterations; /* iterations (the deal solver: worlds) run */
    uint32_t nodes;      /* tree nodes used, the root included */
    uint32_t depth;      /* the longest tree path, in nodes (0: the solver) */
    uint32_t candidates; /* root moves searched (1: none was needed) */
    double ms;           /* wall-clock milliseconds */
} bfc_search_info;

/* Writes what the bot's last decision took into *out. BFC_OK or
 * BFC_EINVAL. */
BFC_API int bfc_search_last(const bfc_search *bot, bfc_search_info *out);

/* ==========================================================================
 * Strength dial (issue 35): BFC_DIAL_STEPS steps from a beginner
 * anyone can beat (1) to the strongest bot (BFC_DIAL_STEPS), each rated on
 * one Elo-like scale (bfc_dial_rating()): random moves are 1000, 400 points
 * are odds of 10 to 1. The ratings were fitted (Bradley-Terry, all games at
 * once) from duplicate matches between neighbouring steps and the anchors
 * -- random, greedy, the frozen 0.2 and 0.3 baselines -- in classic
 * cribbage, 2 players to 121 (`make rate`; tests/data/dial_ratings.txt
 * gives each step's rating with its interval). Steps 1 to 10 are rated
 * 1399, 1502, 1593, 1659, 1696, 1715, 1730, 1743, 1755, 1764; greedy 1688.
 *
 * The weakness model. The lower half (steps 1-6) is a cheap player whose
 * mistakes come from its own values, as a person's do:
 *   discards  each throw is valued by the points the kept cards hold (the
 *             four alone; steps 5-6 their mean over a few starters), plus
 *             or minus a rough crib term (fifteens, pairs, touching ranks,
 *             fives) weighted 0 at steps 1-2 (they keep the hand with most
 *             points and forget the crib), 0.5 at 3, 1 above; a noise of
 *             deviation 3, 2, 1.5, 1, 0.6, 0.3 points (steps 1-6) is added
 *             to each value before the best is kept;
 *   the play  each card is valued by what it pegs now, less a share (0, 0,
 *             0.4, 0.7, 1, 1) of what the next player may peg in reply (the
 *             chance it holds each rank times the points): the bottom steps
 *             peg for the nearest 15 or 31 without looking at what the
 *             count leaves and walk into pairs and runs. Steps 1-4 forget
 *             the cards gone this deal (only those on the table count);
 *             5-6 remember them. With an error chance (1, 0.9, 0.75, 0.6,
 *             0.45, 0.3) the card is drawn from a softmax of the values at
 *             a temperature (2, 1.2, 0.7, 0.4, 0.2, 0.1 points), else the
 *             best is laid;
 *   others    muggins and Battlefield: bfc_bot_greedy(), or with half the
 *             error chance a legal move at random.
 * The upper half (7-10) is the search bot (bfc_search) at budgets of 20
 * iterations and 4 worlds, then the named levels easy, medium and hard
 * (bfc_dial_step_of_level()). Every draw comes from the bot's generator:
 * the same rules, step, seed and decisions give the same moves.
 * ======================================================================== */
#define BFC_DIAL_STEPS 10

typedef struct bfc_dial bfc_dial;

/* A bot of these rules at step 1..BFC_DIAL_STEPS, its generator at seed.
 * NULL with *status (if not NULL) BFC_EINVAL (rules refused, step out of
 * range) or BFC_ENOMEM. Free with bfc_dial_free(). Since issue 35. */
BFC_API bfc_dial *bfc_dial_new(const bfc_rules *rules, int step, uint64_t seed, int *status);
/* Frees a bot; NULL is fine. Since issue 35. */
BFC_API void bfc_dial_free(bfc_dial *bot);
/* Restarts the generator from seed. BFC_OK or BFC_EINVAL. Since issue 35. */
BFC_API int bfc_dial_seed(bfc_dial *bot, uint64_t seed);
/* The move of the seat to move in game. BFC_OK, or BFC_EINVAL (NULL, game
 * over, rules not the bot's). The lower steps do not allocate. Since issue 35. */
BFC_API int bfc_dial_move(bfc_dial *bot, const bfc_game *game, bfc_move *out);
/* The step's rating (see above), or BFC_EINVAL for a step out of range.
 * Since issue 35. */
BFC_API int bfc_dial_rating(int step);
/* The strongest step rated at most rating (1 if none is). Since issue 35. */
BFC_API int bfc_dial_step_of_rating(int rating);
/* The step that plays as a named level (BFC_LEVEL_EASY..HARD: 8, 9, 10),
 * or BFC_EINVAL. Since issue 35. */
BFC_API int bfc_dial_step_of_level(int level);

/* ===========================================================================
 * Review: a game graded decision by decision, as a coach does after it.
 * Since 0.3 (issue 32).
 *
 * A game is fully determined by its start and its moves (see Games), so a
 * review takes a start (bfc_game_new() of the rules and the seed, or any
 * game: a loaded save) and the moves made from it. Each decision of the
 * seat reviewed -- every position where that seat had more than one legal
 * move -- is searched by the search bot (see Search bot) as it would
 * decide there, and the move made is compared with the bot's choice:
 *
 *   win_lost     the bot's choice's chance of winning (its analysis's
 *                `value`) less the move made's, less the search's own
 *                uncertainty about that difference, at least 0: the loss
 *                the bot is sure of. The uncertainty is BFC_REVIEW_SURE
 *                (2) standard errors of the difference of two means, each
 *                of its visits n (ISMCTS iterations, the deal solver's
 *                worlds) of outcomes in 0..1: 2 sqrt(pa (1 - pa) / na +
 *                pb (1 - pb) / nb), p = (value n + 1) / (n + 2). A
 *                classic discard's advice is exact: nothing is taken off.
 *                ISMCTS gives a move it thinks poor few tries, so when the
 *                difference is 2 % or more but the interval cannot tell, a
 *                second search (the same budget, the bot's generator going
 *                on) weighs the two moves alone, each tried as often, and
 *                its figures are the entry's (tries, made_win, best_win).
 *                Since 0.4 (0.3 weighed the loss by n / (n + 4));
 *   points_lost  classic discards: the same in expected points (the
 *                advice's total_ev, the `points` of the analysis);
 *                Battlefield lay-aways: in the hand's points (exact,
 *                bfc_score_battlefield()).
 *
 * Moves alike (bfc_search_stat.same_as: Battlefield reveals and swaps into
 * face-down slots, cards of one rank in the play) carry the figures of the
 * move that stands for them: a move alike the bot's choice is the best.
 *
 * Grades, by the chance of winning lost (BFC_REVIEW_WIN_*):
 *   best         less than 2 % (0.02): the bot's choice, one alike it, or
 *                one it could not tell from it at this budget (then
 *                `close` is 1: the difference was within the search's
 *                uncertainty, and another seed may well choose the move
 *                made);
 *   inaccuracy   2 % or more;  mistake  5 % or more;  blunder  10 % or more.
 * So a grade other than best is a statement the search is sure of, and a
 * move a hint at the same level recommends is graded best (close or not).
 * The loss graded is the least the search is sure of (the difference less
 * BFC_REVIEW_SURE standard errors); where the difference plus as much
 * reaches the next grade, `close` is 1 too ("inaccuracy (close to a
 * mistake)"): another seed may grade it one worse. So the grades of a game
 * reviewed with two seeds are the same wherever neither says close.
 * Where the chance of winning says little -- the bot's choice wins with a
 * chance below 3 % or above 97 % (BFC_REVIEW_DECIDED), the rules have no
 * table for a discard (its value -1), or the difference is within the
 * uncertainty -- a classic discard or a lay-away is graded by the points
 * lost instead (BFC_REVIEW_POINTS_*: 0.5, 1.5 and 3 points; exact), and
 * `by_points` says so. A move the search did not value (a budget smaller
 * than the number of moves) is BFC_GRADE_UNRATED.
 *
 * Not graded: a muggins declaration or claim (RULES 3.9: its right answer
 * is the true count, not a search), a position with a single legal move
 * (a forced move is no decision), and one whose moves are all alike (a
 * Battlefield skirmish's first reveal, two cards of one rank in the play:
 * bfc_review_move() grades it best, bfc_review_game() leaves it out).
 *
 * The bot's figures are a search's, so they are estimates, as good as
 * its budget (a classic discard's are exact advice, and the play of a
 * two-player classic deal is solved over `worlds` sampled deals); the
 * review is deterministic for a start, moves, config and seed: decision k
 * (the move moves[k]) is searched by a bot re-seeded to
 * bfc_sim_game_seed(config.search.seed, k), so a bot re-seeded so before
 * each of its own decisions makes exactly the choices the review calls
 * best.
 * ======================================================================== */

/* Grades of a decision (bfc_review_entry.grade). */
enum {
    BFC_GRADE_BEST = 0,
    BFC_GRADE_INACCURACY = 1,
    BFC_GRADE_MISTAKE = 2,
    BFC_GRADE_BLUNDER = 3,
    BFC_GRADE_UNRATED = 4 /* the move made had no figures (see above) */
};

/* The thresholds above, as numbers. */
#define BFC_REVIEW_WIN_INACCURACY 0.02
#define BFC_REVIEW_WIN_MISTAKE 0.05
#define BFC_REVIEW_WIN_BLUNDER 0.10
#define BFC_REVIEW_POINTS_INACCURACY 0.5
#define BFC_REVIEW_POINTS_MISTAKE 1.5
#define BFC_REVIEW_POINTS_BLUNDER 3.0
#define BFC_REVIEW_DECIDED 0.03 /* the chance below it, or above 1 - it */
#define BFC_REVIEW_PRIOR 4.0    /* 0.3's weight of a loss; not used since 0.4 */
#define BFC_REVIEW_SURE 2.0     /* standard errors taken off a loss (0.4) */

/* "best", "inaccuracy", "mistake", "blunder", "unrated"; "?" if unknown. */
BFC_API const char *bfc_grade_name(int grade);

/* The kinds of decision a summary adds up (bfc_review_entry.stage). */
enum {
    BFC_STAGE_DISCARD = 0, /* classic: the throw to the crib */
    BFC_STAGE_PLAY = 1,    /* classic: a card laid in the play */
    BFC_STAGE_TURN = 2,    /* Battlefield turn: reveal, draw or take or the
                              turn card, the slot of a drawn card */
    BFC_STAGE_LAYAWAY = 3, /* Battlefield: the lay-away at the battlefield */
    BFC_STAGES = 4
};

/* "discard", "play", "turn", "lay-away"; "?" if unknown. */
BFC_API const char *bfc_stage_name(int stage);

/* One decision graded. */
typedef struct bfc_review_entry {
    uint32_t ply;       /* the move's index in the moves, from 0 */
    uint32_t deal;      /* the deal (Battlefield: skirmish) of the game it
                           was made in, from 1 */
    uint8_t seat;       /* who decided */
    uint8_t phase;      /* BFC_PHASE_* of the position */
    uint8_t stage;      /* BFC_STAGE_* */
    uint8_t grade;      /* BFC_GRADE_* */
    uint8_t by_points;  /* 1: graded by the points lost (see above) */
    uint8_t has_points; /* 1: the points fields hold figures (classic
                           discards, lay-aways); else they are 0 */
    uint8_t nlegal;     /* legal moves in the position */
    uint8_t rank;       /* the move made's place in the analysis, best
                           first, counting moves alike as one: 0 for the
                           bot's choice */
    int16_t score[2];   /* the seat's side's score and the best other
                           side's, before the move */
    uint32_t tries;     /* the search's visits of the move made (its
                           representative): ISMCTS iterations or the deal
                           solver's worlds; 0 for a discard's advice */
    bfc_move made;      /* the move made */
    bfc_move made_as;   /* the move whose figures it carries (same_as) */
    bfc_move best;      /* the bot's choice */
    uint8_t close;      /* 1: another seed may grade it otherwise: graded
                           best although not the bot's choice, the loss
                           within the search's uncertainty; a loss whose
                           uncertainty reaches the next grade; or graded
                           by points because the chance could not tell
                           (see above). Since 0.4. */
    uint8_t reserved;   /* always 0 */
    double made_win;    /* the move made's chance of winning, -1 unknown */
    double best_win;    /* the bot's choice's: the chance of winning of
                           the position, as the bot sees it; -1 unknown */
    double win_lost;    /* best_win - made_win, at least 0; 0 unknown */
    double made_points; /* classic discards: the expected points (total_ev);
                           lay-aways: the hand's points */
    double best_points;
    double points_lost; /* best_points - made_points, at least 0 */
} bfc_review_entry;

/* How a review searches. */
typedef struct bfc_review_config {
    bfc_search_config search; /* the grading bot: any budget and seed; its
                                 value must be BFC_SEARCH_WIN */
    int seat;                 /* the seat reviewed, or -1 for every seat */
} bfc_review_config;

/* The search defaults (bfc_search_config_init(), the medium level) and
 * every seat. */
BFC_API void bfc_review_config_init(bfc_review_config *cfg);

/* Grades one decision: the move `made` by the seat to move in `game`,
 * searched by `bot` as it stands (not re-seeded; the bot's rules must be
 * the game's). Writes *out and returns BFC_OK; BFC_EINVAL (NULL, game
 * over, a bot of other rules, a muggins declaration or claim, a position
 * with one legal move), BFC_EILLEGAL (made not legal), BFC_EINTR. Does
 * not allocate. */
BFC_API int bfc_review_move(bfc_search *bot, const bfc_game *game, bfc_move made,
                            bfc_review_entry *out);

/* Reviews a game: replays moves[0..n) from start (which is not changed)
 * and grades every decision of cfg->seat (cfg NULL: the defaults), in
 * order, into out[0..cap). Returns the number of decisions graded
 * (snprintf-style: may exceed cap; the entries past cap are searched all
 * the same; never more than n, so cap = n reviews in one call), or BFC_EINVAL (NULL, a config the search refuses or whose
 * value is not BFC_SEARCH_WIN, a seat out of range), BFC_EILLEGAL (a move
 * not legal where it comes, or one after the game is over:
 * bfc_record_parse() says which), BFC_ENOMEM. Allocates a copy of the
 * game and a search bot for the call and frees them before it returns.
 * Time: one search per decision (about a millisecond each at the easy
 * level, a second or more for a whole Battlefield game at medium). */
BFC_API int bfc_review_game(const bfc_game *start, const bfc_move *moves, size_t n,
                            const bfc_review_config *cfg, bfc_review_entry *out, size_t cap);

/* A review's progress (bfc_review_game_with()): called before each move
 * is replayed (done = its index, total = n), every 64 units of each
 * search's work (ISMCTS iterations, the solver's worlds) with done the
 * move being graded, and once at the end (done = total). Return 0 to go
 * on, anything else to stop the review (BFC_EINTR). Since 0.4. */
typedef int (*bfc_review_progress)(void *ctx, size_t done, size_t total);

/* bfc_review_game() with a bot of the caller's (made with the start's
 * rules and the review's search config: its value BFC_SEARCH_WIN; its
 * config's seed seeds the review as cfg->search.seed does), of seat
 * `seat` (-1: every seat), so that the review can be stopped: by
 * bfc_search_interrupt(bot) from another thread or a signal handler at
 * any time during the call (between two searches too: the review keeps
 * the flag from its start to its end), or by `progress` (NULL: none)
 * returning nonzero; either returns BFC_EINTR within 64 units of work,
 * with out[] holding the decisions graded so far. The decisions graded
 * are never more than n: out with room for n entries always suffices,
 * in one call. Same results as bfc_review_game() for the same config and
 * seed. Returns as bfc_review_game(), BFC_EINVAL also for a bot of other
 * rules or a decision in steps running on it, and BFC_EINTR. Allocates a
 * copy of the game. Since 0.4 (issue 39). */
BFC_API int bfc_review_game_with(bfc_search *bot, const bfc_game *start, const bfc_move *moves,
                                 size_t n, int seat, bfc_review_entry *out, size_t cap,
                                 bfc_review_progress progress, void *ctx);

/* bfc_review_game_with() of a part of a game, so that a caller that must
 * yield between two calls (a page's event loop, the JS binding) can review
 * a game in slices: `game` is the position after the game's first `first`
 * moves (its start with them applied), and moves[0..n) the moves made from
 * there. The entries are the ones the review of the whole game gives for
 * these moves, byte for byte: their ply counted from the game's start
 * (first + the index), decision first + k searched by the bot re-seeded to
 * bfc_sim_game_seed(seed, first + k); progress has done = first + k, total
 * = first + n. So parts reviewed one after the other, each from where the
 * last ended, give the whole review's entries in order, however the game
 * is cut. bfc_review_game_with() is the part with first 0. Returns as it,
 * BFC_EINVAL also for first + n past UINT32_MAX. Since 0.4 (issue 39). */
BFC_API int bfc_review_game_part(bfc_search *bot, const bfc_game *game, size_t first,
                                 const bfc_move *moves, size_t n, int seat, bfc_review_entry *out,
                                 size_t cap, bfc_review_progress progress, void *ctx);

/* What a review adds up to, for one seat or all. Means per deal are the
 * sums divided by deals. A sum adds each decision's loss against the
 * bot's choice at that decision: it is not how the game's chance of
 * winning changed, and over many poor decisions it can pass 1. */
typedef struct bfc_review_tally {
    uint32_t decisions;
    uint32_t grades[5];  /* by BFC_GRADE_* */
    double win_lost;     /* the chance of winning lost, summed */
    double points_lost;  /* the expected points lost, summed (discards) */
} bfc_review_tally;

typedef struct bfc_review_summary {
    uint32_t deals;      /* deals with a decision counted */
    bfc_review_tally all;
    bfc_review_tally stage[BFC_STAGES]; /* by BFC_STAGE_* */
} bfc_review_summary;

/* Adds up entries[0..n) of seat `seat` (-1: all of them) into *out.
 * BFC_OK or BFC_EINVAL (NULL with n > 0, out NULL, seat below -1). */
BFC_API int bfc_review_summarize(const bfc_review_entry *entries, size_t n, int seat,
                                 bfc_review_summary *out);

/* One line of English for an entry, e.g. "deal 3, player 1, discard
 * 5C 5H: blunder, 14.2% of the chance of winning lost (36.1% where
 * 50.3% was there) and 4.21 points; best: discard 2C KD", "skirmish 2,
 * player 1, take 0: mistake, 5.3% of the chance of winning lost (41.6% in
 * 6 tries where 47.4% was there); best: take 1" (the tries of a search's
 * figure, when it weighed the loss) or "deal 4, player 2, play 7H: best
 * (61.0%)". Percentages and points with one and
 * two decimals, a point as the decimal mark whatever the locale. Flags:
 * BFC_UNICODE (cards). snprintf-style: the length needed, or BFC_EINVAL.
 * Does not allocate. */
BFC_API int bfc_review_format(const bfc_review_entry *e, unsigned flags, char *buf, size_t cap);

/* The summary in a few lines of English, each ending in "\n": the
 * decisions and their grades, then the losses per deal in all and by
 * stage ("  play: 12 decisions, 0.8% a deal"). snprintf-style; BFC_EINVAL
 * for NULL. Does not allocate. */
BFC_API int bfc_review_summary_format(const bfc_review_summary *s, char *buf, size_t cap);

/* ---- Game records: a game as text, to review later. -------------------
 *
 *   bfc-record 1
 *   seed <the game's seed, or - when the start was not a new game>
 *   <the start as bfc_game_save() writes it, its lines unchanged>
 *   moves <n>
 *   <n lines: one move each, as bfc_move_format() writes it>
 *
 * A start made by bfc_game_new(rules, seed) is written with its seed, and
 * reading it checks that the seed makes that start; a start of any other
 * kind (a loaded save, a later game of a match) has "seed -". Lines end in
 * "\n" (or "\r\n", read); nothing else is accepted. */

#define BFC_RECORD_VERSION 1

/* Where a record failed to read. */
typedef struct bfc_record_error {
    size_t line;      /* the line, from 1; 0 when not a line's fault */
    int status;       /* the negative status returned */
    const char *what; /* what was wrong, in English (static text) */
} bfc_record_error;

/* Writes a record of the game: its start, the seed (NULL: "seed -") and
 * moves[0..n), each replayed on a copy of start to check it is legal
 * there. snprintf-style: the length needed, or BFC_EINVAL (NULL),
 * BFC_EILLEGAL (a move not legal where it comes), BFC_ENOMEM. Allocates
 * the copy for the call. */
BFC_API int bfc_record_format(const bfc_game *start, const uint64_t *seed, const bfc_move *moves,
                              size_t n, char *buf, size_t cap);

/* Reads a record: the start into a new game stored in *start (free it
 * with bfc_game_free()), its moves into moves[0..cap) and, when seed is
 * not NULL, the seed into *seed and 1 into *seeded (0 and 0 for "seed
 * -"). Every move is checked legal where it comes. Returns the number of
 * moves. When they are more than cap it returns that number and reads
 * nothing else (writes nothing, allocates nothing): call again with room.
 * The number is returned only once each of its move lines is there and
 * reads as a move, so it is never more than the text holds (a record
 * whose "moves N" says more: BFC_EPARSE).
 * On failure nothing is written but *err (when not NULL): BFC_EINVAL
 * (NULL), BFC_EPARSE (not a record; a move that is not one), BFC_EVERSION,
 * BFC_ESTATE (the start is not a save that loads, or is not what the seed
 * makes), BFC_EILLEGAL (a move not legal there, or after the game is
 * over), BFC_ENOMEM. Allocates the game (and a copy of the start's text
 * while it reads). */
BFC_API int bfc_record_parse(const char *text, bfc_game **start, uint64_t *seed, int *seeded,
                             bfc_move *moves, size_t cap, bfc_record_error *err);

/* ===========================================================================
 * Explanations: why a move is good or bad, in a player's words, from the
 * library's own numbers. Since 0.3 (issue 32).
 * ======================================================================== */

/* What a move does and risks, for the seat to move of obs:
 *   a classic discard  what the kept cards hold before the starter and
 *                      what the throw gives the crib, whose it is: "keeps
 *                      fifteen 2, a pair and a run of 3 (8); gives a 5 to
 *                      the other crib";
 *   a card in the play what it pegs now, the count it leaves and the most
 *                      a card the seat has not seen could peg in reply:
 *                      "pairs for 2; leaves 21, a ten makes 31 for 2";
 *   Battlefield        the frontline points of the card placed (place,
 *                      swap, take, the turn card) and the sum it leaves,
 *                      the card kept in the formation, a draw or reveal's
 *                      chance, a lay-away's hand and what goes to the
 *                      reserve, whose it is;
 *   muggins            the count declared against the true one when the
 *                      seat may know it.
 * The replies counted are cards the seat has not seen that fit under 31
 * (bfc_observation_unseen()); "could" means one of them would. Flags:
 * BFC_UNICODE. snprintf-style: the length needed, or BFC_EINVAL (NULL, an
 * observation not of the seat to move, unknown flags), BFC_EILLEGAL (the
 * move is not legal), BFC_EHIDDEN (a classic observation without the
 * hand). Does not allocate. */
BFC_API int bfc_explain_move(const bfc_observation *obs, bfc_move move, unsigned flags, char *buf,
                             size_t cap);

/* The same for a discard with its advice (bfc_advise_discard*()): the
 * text of bfc_explain_move(), then the expected points: "...; hand 8.35,
 * crib 4.12 to the other side: 4.23 in all" and, with a chance of
 * winning, "(52.1% to win)". BFC_EINVAL also when opt is not one of the
 * observation's discards. Does not allocate. */
BFC_API int bfc_explain_discard(const bfc_observation *obs, const bfc_discard_option *opt,
                                unsigned flags, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* BFC_H */
