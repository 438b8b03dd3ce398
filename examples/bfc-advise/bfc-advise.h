/*
 * bfc-advise -- advice from the command line: the expected points of every
 * classic discard (bfc_advise_discard: the kept cards' show over every
 * unseen starter, the crib under a crib model, uniform or played), best
 * first -- with the scores (--scores), valued in wins
 * (bfc_advise_discard_win) --, and
 * the expected battlefield score of a Battlefield formation over the
 * unseen turn cards (bfc_advise_formation), face-down slots as "??"; with
 * "-" one discard per line of standard input (batch); with --position the
 * search analysis of a saved game for the seat to move; with --review the
 * graded decisions of a game record (bfc_review_game).
 *
 * The files, by concern: main.c (the flow and the output of a discard or a
 * formation), options.c (the command line and the cards), batch.c (one
 * case per input line), position.c (a saved game), review.c (a game
 * record reviewed), help.c (the text of --help).
 */
#ifndef BFC_ADVISE_H
#define BFC_ADVISE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bfc.h"
#include "msg.h"

/* EXIT_FAIL: an output error, or (batch) a line that could not be
 * advised on, as bfc-score's batch mode. */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

#define MAX_HAND 7 /* the cards dealt to a discarding seat (seven-card: 7) */
#define MAX_OPTIONS 21 /* the discards of a hand: C(7, 2) in seven-card */

/* What to advise on. */
struct request {
    const bfc_preset *game; /* --game (classic by default) */
    bfc_rules rules;        /* its rules with --players, --teams */
    int players, teams;
    int role;               /* BFC_ROLE_* (--dealer, --pone, --partner) */
    int role_given;
    int json;
    int formation;          /* --formation: a Battlefield formation */
    int crib_model;         /* --crib (or --crib-model): BFC_CRIB_* */
    int have_scores;        /* --scores given: value the discards in wins */
    int scores[2];          /* --scores: the seat's score, the other's */
    int batch;              /* the argument "-": one hand per input line */
    const char *position;   /* --position FILE ("-": standard input) */
    const char *review;     /* --review FILE: a game record ("-": standard
                               input) */
    int seat;               /* --player N: the player reviewed (0-based), -1
                               every player */
    bfc_search_config search; /* --level, --iterations, --worlds, --seed */
    int iterations_given, worlds_given;
    bfc_card cards[MAX_HAND]; /* the hand, or the formation (BFC_CARD_HIDDEN
                                 for "??") */
    size_t ncards;
};

/* options.c: the command line into *r; exits after --help, --version or a
 * usage error (status 2, one line on standard error). */
void parse_options(int argc, char **argv, struct request *r);
/* "dealer", "pone", "partner". */
const char *role_name(int role);
/* "uniform", "played". */
const char *crib_model_name(int model);
/* The observation a two-player classic game shows the seat about to
 * discard r->cards in r->role with r->scores (bfc_advise_discard_win
 * takes an observation): the fields bfc.h documents for it. */
void discard_observation(const struct request *r, bfc_observation *obs);
/* The cards of a text (one card or several, "5H 5C" or "5h,5c") added to
 * r->cards; 0, or -1 with why filled. */
int add_cards(struct request *r, const char *text, char *why, size_t cap);
/* Whether r->cards is a hand the game deals to a discarding seat in the
 * role asked: 0, or -1 with why filled. */
int check_hand(const struct request *r, char *why, size_t cap);

/* main.c: the advice on the hand r->cards, as text or one JSON line. */
void advise_discard(FILE *out, const struct request *r);

/* batch.c: one hand per line of in; returns the exit status. */
int run_batch(FILE *in, FILE *out, struct request *r);

/* position.c: the analysis of the saved game r->position; returns the
 * exit status. */
int run_position(FILE *out, const struct request *r);

/* position.c: the whole text of a file ("-": standard input), to free;
 * exits (status 2) when it cannot be read. */
char *read_save(const char *path);

/* review.c: the review of the game record r->review; returns the exit
 * status. */
int run_review(FILE *out, const struct request *r);

/* help.c */
void print_help(void);

#endif
