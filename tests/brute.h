/* A deliberately simple scorer written straight from the rules
 * (doc/rules.md), sharing no code or tables with the library: the reference
 * the tests and the benchmark compare against. Cards are handled by
 * arithmetic on ids. */
#ifndef BFC_TEST_BRUTE_H
#define BFC_TEST_BRUTE_H

#include "bfc.h"

/* Show (RULES 2.1) of n hand cards (3..5) and a starter (or BFC_CARD_NONE;
 * five cards and a starter make the seven-card show, RULES 3.10),
 * flags BFC_CRIB / BFC_NODDY; a joker anywhere kills (all zero, killed = 1).
 * Cards must be valid and distinct. Returns the total. */
int brute_show(const bfc_card *hand, int n, bfc_card starter, unsigned flags, bfc_hand_score *out);

/* Frontline (RULES 2.3, 4.5, D1, D2, D8). Cards valid, distinct, sum <= 31. */
int brute_frontline(const bfc_card *fl, int n, bfc_card placed, int turn, bfc_frontline_score *out);

/* Classic pegging (RULES 2.2), Noddy play (3.6) when noddy != 0. */
int brute_peg(const bfc_card *seq, int n, int noddy, bfc_peg_score *out);

/* Battlefield (RULES 4.7, D10) through brute_show. */
int brute_battlefield(const bfc_card formation[5], bfc_card turn, int any, bfc_battlefield *out);

/* Game value (RULES 5 and D17): the games a win is worth against one
 * losing side under value (BFC_VALUE_*), from each side's score and own
 * target; a backward game is worth 1 (bfc.h). */
int brute_game_value(int value, int backward, int loser_score, int loser_target, int winner_score,
                     int winner_target);

/* Match play (RULES 5, bfc.h BFC_MATCH_*): the match points a win is worth
 * against one losing side under system; BFC_MATCH_VALUE counts
 * value_games, the game's value against that side. */
int brute_match_points(int system, int backward, int loser_score, int loser_target,
                       int value_games);

/* Seeded random numbers for the tests and the benchmark (xorshift64; the
 * state must not be 0): a value in 0..n-1, and n distinct cards from the
 * first `deck` ids (52, or 53 with the joker). */
unsigned test_rnd(uint64_t *state, unsigned n);
void test_deal(uint64_t *state, bfc_card *out, int n, int deck);

#endif
