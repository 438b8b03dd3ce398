/* Batch mode: one case per line of standard input, and one answer per
 * line, numbered so that output matches input (bfc-score.h). With --json
 * each input line gives exactly one output line: the result, null for a
 * blank line, or {"error": ..., "line": N}. In plain text each answer
 * begins "line N: ". */
#include <stdlib.h>

#include "bfc-score.h"
#include "line.h"
#include "outcheck.h"

static int blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ' && *s != '\t' && *s != '\r' && *s != '\v' && *s != '\f')
            return 0;
    return 1;
}

/* Why a line cannot be scored before its cards are read, or NULL. */
static const char *unreadable(const struct line *l)
{
    if (l->too_long)
        return "line too long (more than 1048576 bytes)";
    if (l->has_nul)
        return "line holds a NUL byte";
    return NULL;
}

static int failed(FILE *out, const struct opts *o, const char *msg, unsigned long no)
{
    if (o->json) {
        json_error(out, msg, no);
    } else { /* the message quotes the input: never raw bytes to a terminal */
        fprintf(out, "line %lu: error: ", no);
        msg_safe(out, msg);
        putc('\n', out);
    }
    return 1;
}

int batch_line(FILE *out, const struct opts *o, struct result *r, const struct line *l,
               unsigned long no)
{
    char msg[512];
    const char *why = unreadable(l);
    if (why)
        return failed(out, o, why, no);
    if (blank(l->buf)) {
        if (o->json)
            fputs("null\n", out);
        else
            fprintf(out, "line %lu: blank\n", no);
        return 0;
    }
    if (score_text(l->buf, o, r, msg, sizeof msg) != 0)
        return failed(out, o, msg, no);
    if (o->json) {
        json_result(out, o, r);
    } else {
        fprintf(out, "line %lu: ", no);
        plain_result(out, o, r);
    }
    return 0;
}

int run_batch(FILE *in, FILE *out, const struct opts *o)
{
    struct line l = {NULL, 0, 0, 0, 0};
    struct result *r = malloc(sizeof *r);
    if (!r) {
        msg_error("out of memory");
        return EXIT_USAGE;
    }
    int any_failed = 0, rc;
    unsigned long no = 0;
    while ((rc = line_read(in, &l)) != 0) {
        no++;
        if (rc < 0)
            any_failed |= failed(out, o, "out of memory reading the line", no);
        else
            any_failed |= batch_line(out, o, r, &l, no);
        if (fflush(out) != 0 || ferror(out)) {
            if (out == stdout)
                outcheck_failed(); /* its reason, for main's message */
            break;
        }
    }
    const int read_error = ferror(in);
    line_free(&l);
    free(r);
    if (read_error) {
        msg_error("error reading standard input");
        return EXIT_USAGE;
    }
    return any_failed ? EXIT_LINE_FAILED : EXIT_OK;
}
