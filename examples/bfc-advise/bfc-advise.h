/*
 * bfc-advise -- exact advice from the command line: the expected points of
 * every classic discard (bfc_advise_discard: the kept cards' show over
 * every unseen starter, the crib under the uniform model), best first, and
 * the expected battlefield score of a Battlefield formation over the
 * unseen turn cards (bfc_advise_formation), face-down slots as "??".
 *
 * The files, by concern: main.c (the flow and the output), options.c (the
 * command line and the cards), help.c (the text of --help).
 */
#ifndef BFC_ADVISE_H
#define BFC_ADVISE_H

#include <stddef.h>
#include <stdint.h>

#include "bfc.h"
#include "msg.h"

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

#define MAX_HAND 6 /* the cards dealt to a discarding seat */

/* What to advise on. */
struct request {
    const bfc_preset *game; /* --game (classic by default) */
    bfc_rules rules;        /* its rules with --players, --teams */
    int players, teams;
    int role;               /* BFC_ROLE_* (--dealer, --pone, --partner) */
    int json;
    int formation;          /* --formation: a Battlefield formation */
    bfc_card cards[MAX_HAND]; /* the hand, or the formation (BFC_CARD_HIDDEN
                                 for "??") */
    size_t ncards;
};

/* options.c: the command line into *r; exits after --help, --version or a
 * usage error (status 2, one line on standard error). */
void parse_options(int argc, char **argv, struct request *r);
/* "dealer", "pone", "partner". */
const char *role_name(int role);

/* help.c */
void print_help(void);

#endif
