/* Batch mode (bfc-advise.h): the argument "-" reads one hand per line of
 * standard input, the options of the command line applying to every line,
 * and gives one answer per line in order, as bfc-score's batch mode does.
 * With --json each input line gives exactly one output line: the advice,
 * null for a blank line, or {"error": "...", "line": N}; in plain text each
 * answer begins with a line "line N:". A bad line does not stop the others;
 * the exit status is then 1. */
#include <stdlib.h>
#include <string.h>

#include "bfc-advise.h"
#include "json.h"
#include "line.h"
#include "outcheck.h"

static int blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ' && *s != '\t' && *s != '\r' && *s != '\v' && *s != '\f')
            return 0;
    return 1;
}

static int failed(FILE *out, const struct request *r, const char *msg, unsigned long no)
{
    if (r->json) {
        fputs("{\"error\": ", out);
        json_string(out, msg);
        fprintf(out, ", \"line\": %lu}\n", no);
    } else { /* the message quotes the input: never raw bytes to a terminal */
        fprintf(out, "line %lu: error: ", no);
        msg_safe(out, msg);
        putc('\n', out);
    }
    return 1;
}

/* One line: 0 when advised on (or blank), 1 when it failed. */
static int batch_line(FILE *out, struct request *r, const struct line *l, unsigned long no)
{
    char why[256];
    if (l->too_long)
        return failed(out, r, "line too long (more than 1048576 bytes)", no);
    if (l->has_nul)
        return failed(out, r, "line holds a NUL byte", no);
    if (blank(l->buf)) {
        if (r->json)
            fputs("null\n", out);
        else
            fprintf(out, "line %lu: blank\n", no);
        return 0;
    }
    r->ncards = 0;
    if (add_cards(r, l->buf, why, sizeof why) != 0 || check_hand(r, why, sizeof why) != 0)
        return failed(out, r, why, no);
    if (!r->json)
        fprintf(out, "line %lu:\n", no);
    advise_discard(out, r);
    return 0;
}

int run_batch(FILE *in, FILE *out, struct request *r)
{
    struct line l = {NULL, 0, 0, 0, 0};
    int any_failed = 0, rc;
    unsigned long no = 0;
    while ((rc = line_read(in, &l)) != 0) {
        no++;
        if (rc < 0)
            any_failed |= failed(out, r, "out of memory reading the line", no);
        else
            any_failed |= batch_line(out, r, &l, no);
        if (fflush(out) != 0 || ferror(out)) {
            if (out == stdout)
                outcheck_failed(); /* its reason, for main's message */
            break;
        }
    }
    const int read_error = ferror(in);
    line_free(&l);
    if (read_error) {
        msg_error("error reading standard input");
        return EXIT_USAGE;
    }
    return any_failed ? EXIT_FAIL : EXIT_OK;
}
