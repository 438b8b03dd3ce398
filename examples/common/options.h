/*
 * Command lines: options of the form --name, --name VALUE and
 * --name=VALUE, "-h" for --help, "--" to end the options, and the other
 * words (and "-") as arguments. Each tool lists its options in a table
 * and walks the command line with option_next().
 */
#ifndef EXAMPLES_OPTIONS_H
#define EXAMPLES_OPTIONS_H

#include <stdint.h>

/* One option a tool takes. A table ends with a NULL name. */
struct option_spec {
    const char *name; /* "--players" */
    int takes_value;  /* 1: it needs a VALUE */
    int id;           /* what option_next returns for it (>= 0) */
};

enum { OPT_END = -1, OPT_ARG = -2, OPT_ERROR = -3 };

/* Where the walk is. After option_next: arg is the word read (the option
 * as typed, or the argument), value the option's value, error a message
 * ("unknown option '--bogus'") after OPT_ERROR. */
struct option_iter {
    int argc;
    char **argv;
    int next;      /* the index of the next word */
    int only_args; /* after "--" */
    const char *arg, *value;
    char error[160];
};

void option_start(struct option_iter *it, int argc, char **argv);

/* The next option's id, OPT_ARG for an argument, OPT_END after the last
 * word, or OPT_ERROR: an unknown option, a value missing, or a value given
 * to an option that takes none. */
int option_next(struct option_iter *it, const struct option_spec *specs);

/* A whole decimal number 0..max, digits only: 0 with *out set, or -1. */
int parse_u64(const char *s, uint64_t max, uint64_t *out);

#endif
