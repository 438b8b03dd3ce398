/*
 * Reading text one line at a time, lines of any length up to LINE_MAX_BYTES
 * (the rest of a longer line is skipped and the line marked too long).
 */
#ifndef EXAMPLES_LINE_H
#define EXAMPLES_LINE_H

#include <stddef.h>
#include <stdio.h>

#define LINE_MAX_BYTES (1u << 20)

/* One line, without its newline; start it zeroed, free it with line_free. */
struct line {
    char *buf;    /* NUL-terminated after a successful read */
    size_t len;   /* bytes kept (NUL bytes of the line included) */
    size_t cap;
    int too_long; /* more than LINE_MAX_BYTES: the rest was skipped */
    int has_nul;  /* a NUL byte inside the line */
};

/* Reads the next line of in into *l. Returns 1 for a line, 0 at the end of
 * the input, -1 when out of memory (the line is then skipped). */
int line_read(FILE *in, struct line *l);

void line_free(struct line *l);

#endif
