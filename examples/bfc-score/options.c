/* The command line of bfc-score (bfc-score.h). */
#include <stdarg.h>
#include <string.h>

#include "bfc-score.h"
#include "outcheck.h"
#include "options.h"

const char *const MODE_OPTION[NMODES] = {"--show",      "--battlefield", "--reserve",
                                         "--ceasefire", "--frontline",   "--peg"};

enum { O_JSON = NMODES, O_UNICODE, O_CRIB, O_NODDY, O_FIVE_CARD, O_SEVEN_CARD, O_TURN_CARD, O_ANY_LAY_AWAY,
       O_HELP, O_VERSION };

static const struct option_spec OPTIONS[] = {
    {"--show", 0, M_SHOW},
    {"--battlefield", 0, M_BATTLEFIELD},
    {"--reserve", 0, M_RESERVE},
    {"--ceasefire", 0, M_CEASEFIRE},
    {"--frontline", 0, M_FRONTLINE},
    {"--peg", 0, M_PEG},
    {"--json", 0, O_JSON},
    {"--unicode", 0, O_UNICODE},
    {"--crib", 0, O_CRIB},
    {"--noddy", 0, O_NODDY},
    {"--five-card", 0, O_FIVE_CARD},
    {"--seven-card", 0, O_SEVEN_CARD},
    {"--turn-card", 0, O_TURN_CARD},
    {"--any-lay-away", 0, O_ANY_LAY_AWAY},
    {"--help", 0, O_HELP},
    {"--version", 0, O_VERSION},
    {NULL, 0, 0},
};

int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    msg_verror(fmt, ap);
    va_end(ap);
    print_usage(stderr);
    return EXIT_USAGE;
}

/* The flag an option id sets, or NULL for a mode. */
static int *flag_of(struct opts *o, int id)
{
    switch (id) {
    case O_JSON: return &o->json;
    case O_UNICODE: return &o->unicode;
    case O_CRIB: return &o->crib;
    case O_NODDY: return &o->noddy;
    case O_FIVE_CARD: return &o->five_card;
    case O_SEVEN_CARD: return &o->seven_card;
    case O_TURN_CARD: return &o->turn_card;
    case O_ANY_LAY_AWAY: return &o->any_lay_away;
    default: return NULL;
    }
}

/* A mode option: 0, or the exit status of a second, different mode. */
static int set_mode(struct opts *o, int m)
{
    if (o->mode_given && o->mode != (enum mode)m)
        return usage_error("only one mode may be given: %s and %s", MODE_OPTION[o->mode],
                           MODE_OPTION[m]);
    o->mode = (enum mode)m;
    o->mode_given = 1;
    return 0;
}

/* Checks that each option suits the mode; 0 or the exit status. */
static int check_opts(const struct opts *o)
{
    const char *bad = NULL;
    if (o->crib && o->mode != M_SHOW)
        bad = "--crib";
    else if (o->five_card && o->mode != M_SHOW)
        bad = "--five-card";
    else if (o->seven_card && o->mode != M_SHOW)
        bad = "--seven-card";
    else if (o->noddy && o->mode != M_SHOW && o->mode != M_PEG)
        bad = "--noddy";
    else if (o->turn_card && o->mode != M_FRONTLINE)
        bad = "--turn-card";
    else if (o->any_lay_away && o->mode != M_BATTLEFIELD)
        bad = "--any-lay-away";
    if (bad)
        return usage_error("option %s does not apply to %s", bad, MODE_OPTION[o->mode]);
    if (o->noddy && (o->crib || o->five_card || o->seven_card))
        return usage_error("option --noddy does not combine with %s",
                           o->crib ? "--crib" : o->five_card ? "--five-card" : "--seven-card");
    if (o->five_card && o->seven_card)
        return usage_error("option --five-card does not combine with --seven-card");
    return 0;
}

/* --help and --version print to standard output; their exit status. */
static int answer(int id)
{
    if (id == O_HELP)
        print_help(stdout);
    else
        printf("%s\n", bfc_version_string());
    outcheck_failed(); /* right after the writes: their reason, for main */
    return EXIT_OK;    /* main checks that it was written */
}

/* The cards and the modes against each other; -1 or the exit status. */
static int check_words(const struct opts *o, size_t nwords, char **words, int batch)
{
    const int rc = check_opts(o);
    if (rc != 0)
        return rc;
    if (batch && nwords > 0)
        return usage_error("batch mode ('-') reads the cards from stdin; unexpected argument "
                           "'%.100s'",
                           words[0]);
    if (!batch && nwords == 0)
        return usage_error("no cards given");
    return -1;
}

int parse_command_line(int argc, char **argv, struct opts *o, char **words, size_t *nwords,
                       int *batch)
{
    struct option_iter it;
    int id, rc = 0;
    memset(o, 0, sizeof *o);
    o->mode = M_SHOW;
    *nwords = 0;
    *batch = 0;
    option_start(&it, argc, argv);
    while (rc == 0 && (id = option_next(&it, OPTIONS)) != OPT_END) {
        if (id == OPT_ERROR)
            rc = usage_error("%s", it.error);
        else if (id == OPT_ARG && strcmp(it.arg, "-") == 0 && !it.only_args)
            *batch = 1;
        else if (id == OPT_ARG)
            words[(*nwords)++] = argv[it.next - 1];
        else if (id == O_HELP || id == O_VERSION)
            return answer(id);
        else if (id < NMODES)
            rc = set_mode(o, id);
        else
            *flag_of(o, id) = 1;
    }
    return rc != 0 ? rc : check_words(o, *nwords, words, *batch);
}
