/*
 * The games as bfc-play and bfc-sim name them (the library's presets,
 * bfc_preset_find), the options that change them (--players, --teams,
 * --muggins, --target, --turn-limit, --value, --no-take-back,
 * --joker-kills-formation, --partners-by-cut, --pay, --next-dealer,
 * --match, --match-points) and the rules they make. The names of values
 * are the library's (bfc_value_name, bfc_next_dealer_name,
 * bfc_match_points_name); --pay alone has none there.
 * Which changes a game takes is the library's answer (bfc_rules_check):
 * this file only words the refusal as the option the user typed.
 */
#ifndef EXAMPLES_GAMES_H
#define EXAMPLES_GAMES_H

#include <stddef.h>

#include "bfc.h"

/* A game and the options given for it. */
struct game_choice {
    const bfc_preset *preset;
    int players;    /* 0: the preset's default (with teams: the fewest that
                       play in teams); set by game_rules */
    int teams;      /* asked for; game_rules sets it where the game needs it */
    int muggins;    /* BFC_RULE_MUGGINS */
    int target;     /* 0: the preset's */
    int turn_limit; /* -1: the game's own (RULES D9) */
    int value;      /* BFC_VALUE_* */
    unsigned flags; /* BFC_RULE_NO_TAKE_BACK (D14), BFC_RULE_JOKER_KILLS_-
                       FORMATION (D13), BFC_RULE_PARTNERS_BY_CUT (D16) */
    int pay;        /* GAME_PAY_*: who pays the game value (RULES 5) */
    int next_dealer;  /* BFC_NEXT_* (D15), -1: not given (the winner) */
    int match;        /* 0: single games; N: a match to N points (RULES 5) */
    int match_points; /* BFC_MATCH_*, -1: not given (games) */
};

/* The flags of game_choice.flags, each an option of its own. */
#define GAME_FLAGS \
    (BFC_RULE_NO_TAKE_BACK | BFC_RULE_JOKER_KILLS_FORMATION | BFC_RULE_PARTNERS_BY_CUT)

/* --pay: every loser pays (the rule), the best loser or the worst only. */
enum { GAME_PAY_SUM = 0, GAME_PAY_BEST = 1, GAME_PAY_WORST = 2 };

/* A choice of the game p with no option given. */
void game_choice_init(struct game_choice *c, const bfc_preset *p);

/* "sum", "best", "worst" for GAME_PAY_*; "?" if unknown. */
const char *game_pay_name(int pay);

/* The GAME_PAY_* of rules flags (BFC_RULE_PAY_*). */
int game_pay_of(unsigned flags);

/* The option (--no-take-back, ...) of a flag of GAME_FLAGS, or NULL. */
const char *game_flag_option(unsigned flag);

/* A named value of --value, --pay, --next-dealer or --match-points: its
 * number (BFC_VALUE_*, GAME_PAY_*, BFC_NEXT_*, BFC_MATCH_*), or -1 with
 * why: "bad --pay 'all' (want sum, best or worst)". */
int game_named(const char *option, const char *value, char *why, size_t cap);

/* The preset named exactly so ("classic"; lower case), or NULL. */
const bfc_preset *game_find(const char *name);

/* The game of --game NAME, or NULL with why: "bad --game 'chess' (want
 * battlefield, classic, ...)". */
const bfc_preset *game_option(const char *name, char *why, size_t cap);

/* The rules of the choice into *rules: 0, or -1 with a one-line reason
 * naming the option in why ("--teams needs 4 players (got --players 3)"). */
int game_rules(struct game_choice *c, bfc_rules *rules, char *why, size_t cap);

#endif
