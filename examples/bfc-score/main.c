/*
 * bfc-score -- the command-line scorer (bfc-score.h). It uses the public
 * header include/bfc.h only; `bfc-score --help` documents every mode,
 * option and JSON field.
 */
#include <stdlib.h>
#include <string.h>

#include "bfc-score.h"
#include "outcheck.h"

const char tool_name[] = "bfc-score";

/* The words of the command line joined with spaces: one case. */
static char *join(char **words, size_t n)
{
    size_t total = 1, pos = 0;
    for (size_t i = 0; i < n; i++)
        total += strlen(words[i]) + 1;
    char *text = malloc(total);
    for (size_t i = 0; text && i < n; i++) {
        const size_t l = strlen(words[i]);
        if (i)
            text[pos++] = ' ';
        memcpy(text + pos, words[i], l);
        pos += l;
    }
    if (text)
        text[pos] = '\0';
    return text;
}

/* One case from the command line: its result on standard output. */
static int score_words(const struct opts *o, char **words, size_t n)
{
    char *text = join(words, n);
    struct result *r = malloc(sizeof *r);
    char msg[512];
    int rc = EXIT_OK;
    if (!text || !r) {
        msg_error("out of memory");
        rc = EXIT_USAGE;
    } else if (score_text(text, o, r, msg, sizeof msg) != 0) {
        msg_error("%s", msg);
        rc = EXIT_USAGE;
    } else if (o->json) {
        json_result(stdout, o, r);
    } else {
        plain_result(stdout, o, r);
    }
    free(text);
    free(r);
    return rc;
}

int main(int argc, char **argv)
{
    struct opts o;
    size_t nwords = 0;
    int batch = 0;
    if (outcheck_open() != 0)
        return EXIT_USAGE;
    char **words = malloc(sizeof *words * (size_t)(argc > 0 ? argc : 1));
    if (!words) {
        msg_error("out of memory");
        return EXIT_USAGE;
    }
    int rc = parse_command_line(argc, argv, &o, words, &nwords, &batch);
    if (rc < 0)
        rc = batch ? run_batch(stdin, stdout, &o) : score_words(&o, words, nwords);
    free(words);
    /* every mode (--help and --version too): a failed write is an error */
    if (outcheck_close() != 0)
        rc = EXIT_USAGE;
    return rc;
}
