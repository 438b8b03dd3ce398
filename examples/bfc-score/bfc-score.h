/*
 * bfc-score -- score a cribbage hand, a Battlefield Cribbage formation,
 * reserve, cease-fire or frontline placement, or a pegging play, from the
 * command line: plain text for people, one-line JSON for programs, and a
 * batch mode ('-') that scores one case per line of standard input.
 *
 * The files, by concern: main.c (the flow), options.c (the command line),
 * help.c (the texts), score.c (cards in, scores out: the only file that
 * calls the scorers), json_out.c and plain_out.c (the two outputs),
 * batch.c (standard input, line by line).
 */
#ifndef BFC_SCORE_H
#define BFC_SCORE_H

#include <stddef.h>
#include <stdio.h>

#include "bfc.h"
#include "msg.h"

enum { EXIT_OK = 0, EXIT_LINE_FAILED = 1, EXIT_USAGE = 2 };

/* More cards than any legal input needs: a count of at most 31 holds at
 * most 13 standard cards (and the frontline one joker more). */
#define MAX_CARDS 64

enum mode { M_SHOW, M_BATTLEFIELD, M_RESERVE, M_CEASEFIRE, M_FRONTLINE, M_PEG, NMODES };

/* "--show", "--battlefield", ... by enum mode. */
extern const char *const MODE_OPTION[NMODES];

struct opts {
    enum mode mode;
    int mode_given; /* a mode option was named */
    int json, unicode;
    int crib, noddy, five_card, seven_card, turn_card, any_lay_away;
};

/* One scored case: the show of a hand, the five of a battlefield, or the
 * items of a frontline placement or a card laid in the play. */
struct hand_out {
    bfc_hand_score s;
    size_t nitems;
    bfc_item items[BFC_MAX_ITEMS];
};

struct result {
    bfc_card cards[MAX_CARDS];
    size_t n;
    struct hand_out hand[5]; /* [0] for a show; [i] for battlefield lay-away i */
    bfc_battlefield bf;
    bfc_frontline_score fl;
    bfc_peg_score peg;
    size_t nitems; /* frontline and peg items */
    bfc_item items[BFC_MAX_ITEMS];
};

/* options.c: the command line into *o and the card words (argv
 * pointers, in words[0..*nwords)); *batch for '-'. 0, or the exit status
 * after --help, --version or a usage error. */
int parse_command_line(int argc, char **argv, struct opts *o, char **words, size_t *nwords,
                       int *batch);
/* A usage error: the message, then the short usage; returns EXIT_USAGE. */
int usage_error(const char *fmt, ...) PRINTF_LIKE(1, 2);

/* help.c */
void print_help(FILE *f);
void print_usage(FILE *f);

/* score.c: "hand", "Noddy show", ... and the scoring itself. Scores the
 * card text of one case into *r: 0, or -1 with a message in msg. */
const char *show_name(const struct opts *o);
int score_text(const char *text, const struct opts *o, struct result *r, char *msg,
               size_t cap);

/* json_out.c: one line each. */
void json_result(FILE *f, const struct opts *o, const struct result *r);
void json_error(FILE *f, const char *msg, unsigned long line);

/* plain_out.c */
void plain_result(FILE *f, const struct opts *o, const struct result *r);

/* batch.c: every line of in; the exit status. batch_line writes the
 * output of one line (numbered no from 1): 0, or 1 when it failed. */
struct line;
int run_batch(FILE *in, FILE *out, const struct opts *o);
int batch_line(FILE *out, const struct opts *o, struct result *r, const struct line *l,
               unsigned long no);

#endif
