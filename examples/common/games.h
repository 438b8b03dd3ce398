/*
 * The games as bfc-play and bfc-sim name them (the library's presets,
 * bfc_preset_find), the options that change them (--players, --teams,
 * --muggins, --target, --turn-limit, --value) and the rules they make.
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
};

/* The preset named exactly so ("classic"; lower case), or NULL. */
const bfc_preset *game_find(const char *name);

/* The game of --game NAME, or NULL with why: "bad --game 'chess' (want
 * battlefield, classic, ...)". */
const bfc_preset *game_option(const char *name, char *why, size_t cap);

/* The rules of the choice into *rules: 0, or -1 with a one-line reason
 * naming the option in why ("--teams needs 4 players (got --players 3)"). */
int game_rules(struct game_choice *c, bfc_rules *rules, char *why, size_t cap);

#endif
