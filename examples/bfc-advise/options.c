/* The command line of bfc-advise (bfc-advise.h; `bfc-advise --help`). */
#include <stdlib.h>
#include <string.h>

#include "bfc-advise.h"
#include "games.h"
#include "options.h"

enum { O_GAME, O_PLAYERS, O_TEAMS, O_DEALER, O_PONE, O_PARTNER, O_FORMATION, O_JSON, O_HELP,
       O_VERSION };

static const struct option_spec OPTIONS[] = {
    {"--game", 1, O_GAME},       {"--players", 1, O_PLAYERS}, {"--teams", 0, O_TEAMS},
    {"--dealer", 0, O_DEALER},   {"--pone", 0, O_PONE},       {"--partner", 0, O_PARTNER},
    {"--formation", 0, O_FORMATION}, {"--json", 0, O_JSON},   {"--help", 0, O_HELP},
    {"--version", 0, O_VERSION}, {NULL, 0, 0},
};

const char *role_name(int role)
{
    return role == BFC_ROLE_PONE ? "pone" : role == BFC_ROLE_PARTNER ? "partner" : "dealer";
}

/* The cards of the arguments: each word one card or several ("5H 5C");
 * in a formation "??" is a face-down card. */
static void add_cards(struct request *r, const char *word)
{
    char buf[256];
    const size_t len = strlen(word);
    if (len >= sizeof buf)
        msg_die(EXIT_USAGE, "argument too long: '%.40s...'", word);
    memcpy(buf, word, len + 1);
    for (char *tok = strtok(buf, " \t,"); tok; tok = strtok(NULL, " \t,")) {
        bfc_card c;
        if (r->ncards == MAX_HAND)
            msg_die(EXIT_USAGE, "too many cards (want %s)",
                    r->formation ? "the 5 slots of a formation" : "the cards dealt to you");
        if (r->formation && strcmp(tok, "??") == 0)
            c = BFC_CARD_HIDDEN;
        else if (bfc_card_parse(tok, &c) != BFC_OK)
            msg_die(EXIT_USAGE, "'%s' is not a card (a card is rank and suit: 5H, TD, JS, AC%s)",
                    tok, r->formation ? "; JK the joker, ?? face down" : "");
        for (size_t i = 0; i < r->ncards; i++)
            if (c != BFC_CARD_HIDDEN && r->cards[i] == c)
                msg_die(EXIT_USAGE, "the card '%s' is given twice", tok);
        r->cards[r->ncards++] = c;
    }
}

/* How many cards the game deals to a seat that discards (the library's
 * answer, asked with any distinct cards), 0 if none is right. */
static size_t dealt_count(const struct request *r)
{
    static const bfc_card ANY[MAX_HAND] = {0, 5, 10, 15, 16, 21};
    for (size_t n = 1; n <= MAX_HAND; n++)
        if (bfc_advise_discard(&r->rules, ANY, n, r->role, BFC_CRIB_UNIFORM, NULL, 0) >= 0)
            return n;
    return 0;
}

/* The game's rules; the cards must be a hand it deals to a discarding
 * seat in the role asked. */
static void check_discard(struct request *r, int role_given)
{
    char why[192];
    struct game_choice g;
    game_choice_init(&g, r->game);
    g.players = r->players;
    g.teams = r->teams;
    if (game_rules(&g, &r->rules, why, sizeof why) != 0)
        msg_die(EXIT_USAGE, "%s", why);
    r->players = g.players;
    r->teams = g.teams;
    if (r->rules.variant == BFC_VARIANT_BATTLEFIELD)
        msg_die(EXIT_USAGE, "battlefield has no discard (advise on a formation: --formation)");
    if (r->role == BFC_ROLE_PARTNER && !r->teams)
        msg_die(EXIT_USAGE, "--partner needs partners (--teams, or a game played in teams)");
    if (r->players == 1 && role_given && r->role != BFC_ROLE_DEALER)
        msg_die(EXIT_USAGE, "%s is played alone: you always deal", r->game->name);
    for (size_t i = 0; i < r->ncards; i++)
        if (r->cards[i] == BFC_JOKER)
            msg_die(EXIT_USAGE, "the joker is not a card of %s (RULES 1)", r->game->name);
    /* the library knows how many cards each game deals: ask it, and word
     * its refusals */
    const int n = bfc_advise_discard(&r->rules, r->cards, r->ncards, r->role, BFC_CRIB_UNIFORM,
                                     NULL, 0);
    if (n >= 0)
        return;
    const size_t want = dealt_count(r);
    if (n != BFC_EINVAL)
        msg_die(EXIT_USAGE, "%s", bfc_strerror(n));
    if (want == 0)
        msg_die(EXIT_USAGE, "%s with %d player%s has no discard to advise on for the %s",
                r->game->name, r->players, r->players == 1 ? "" : "s", role_name(r->role));
    msg_die(EXIT_USAGE, "%s with %d player%s: want the %zu cards dealt to you (got %zu)",
            r->game->name, r->players, r->players == 1 ? "" : "s", want, r->ncards);
}

void parse_options(int argc, char **argv, struct request *r)
{
    struct option_iter it;
    char why[192];
    int id, role_given = 0;
    uint64_t u;
    memset(r, 0, sizeof *r);
    r->game = game_find("classic");
    r->role = BFC_ROLE_DEALER;
    option_start(&it, argc, argv);
    while ((id = option_next(&it, OPTIONS)) != OPT_END) {
        switch (id) {
        case OPT_ERROR:
            msg_die(EXIT_USAGE, "%s (see --help)", it.error);
        case OPT_ARG:
            add_cards(r, it.arg);
            break;
        case O_HELP:
            print_help();
            exit(fflush(stdout) == 0 ? EXIT_OK : EXIT_FAIL);
        case O_VERSION:
            printf("%s\n", bfc_version_string());
            exit(fflush(stdout) == 0 ? EXIT_OK : EXIT_FAIL);
        case O_GAME:
            r->game = game_option(it.value, why, sizeof why);
            if (!r->game)
                msg_die(EXIT_USAGE, "%s", why);
            break;
        case O_PLAYERS:
            if (parse_u64(it.value, 6, &u) != 0 || u < 1)
                msg_die(EXIT_USAGE, "bad --players '%s' (want 1..6)", it.value);
            r->players = (int)u;
            break;
        case O_TEAMS:
            r->teams = 1;
            break;
        case O_DEALER:
        case O_PONE:
        case O_PARTNER:
            if (role_given && r->role != id - O_DEALER)
                msg_die(EXIT_USAGE, "give one of --dealer, --pone, --partner");
            r->role = id - O_DEALER; /* BFC_ROLE_DEALER, _PONE, _PARTNER */
            role_given = 1;
            break;
        case O_FORMATION:
            if (r->ncards)
                msg_die(EXIT_USAGE, "--formation goes before the cards");
            r->formation = 1;
            break;
        default: /* O_JSON */
            r->json = 1;
            break;
        }
    }
    if (r->formation) {
        if (role_given || r->players || r->teams || r->game != game_find("classic"))
            msg_die(EXIT_USAGE, "--formation takes only the five slots (and --json)");
        if (r->ncards != 5)
            msg_die(EXIT_USAGE, "--formation wants 5 slots, a card or ?? each (got %zu)",
                    r->ncards);
        size_t hidden = 0;
        for (size_t i = 0; i < 5; i++)
            hidden += r->cards[i] == BFC_CARD_HIDDEN;
        if (hidden > 3)
            msg_die(EXIT_USAGE, "--formation: at most 3 face-down slots (got %zu)", hidden);
        return;
    }
    if (r->ncards == 0)
        msg_die(EXIT_USAGE, "no cards (want the cards dealt to you; see --help)");
    check_discard(r, role_given);
}
