/* The command line of bfc-play (bfc-play.h; `bfc-play --help`). */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bfc-play.h"
#include "bots.h"
#include "games.h"
#include "options.h"

enum { O_GAME, O_PLAYERS, O_TEAMS, O_MUGGINS, O_TARGET, O_SEED, O_UNICODE, O_BOTS, O_HOT_SEAT,
       O_SEAT, O_HELP, O_VERSION, O_NO_TAKE_BACK, O_JOKER_KILLS, O_PARTNERS_BY_CUT, O_VALUE, O_PAY,
       O_NEXT_DEALER, O_MATCH, O_MATCH_POINTS, O_LEVEL, O_NO_PAUSE, O_REVIEW, O_RECORD,
       O_PLAYER, O_RESUME, O_RATING };

static const struct option_spec OPTIONS[] = {
    {"--game", 1, O_GAME},       {"--players", 1, O_PLAYERS}, {"--teams", 0, O_TEAMS},
    {"--muggins", 0, O_MUGGINS}, {"--target", 1, O_TARGET},   {"--seed", 1, O_SEED},
    {"--unicode", 0, O_UNICODE}, {"--bots", 1, O_BOTS},       {"--hot-seat", 0, O_HOT_SEAT},
    {"--seat", 1, O_SEAT},       {"--help", 0, O_HELP},       {"--version", 0, O_VERSION},
    {"--no-take-back", 0, O_NO_TAKE_BACK}, {"--joker-kills-formation", 0, O_JOKER_KILLS},
    {"--partners-by-cut", 0, O_PARTNERS_BY_CUT}, {"--value", 1, O_VALUE}, {"--pay", 1, O_PAY},
    {"--next-dealer", 1, O_NEXT_DEALER}, {"--match", 1, O_MATCH},
    {"--match-points", 1, O_MATCH_POINTS}, {"--level", 1, O_LEVEL}, {"--no-pause", 0, O_NO_PAUSE},
    {"--review", 0, O_REVIEW}, {"--record", 1, O_RECORD}, {"--player", 1, O_PLAYER},
    {"--resume", 1, O_RESUME}, {"--rating", 1, O_RATING},
    {NULL, 0, 0},
};

/* The name of an option of OPTIONS ("--pay"), whatever form was typed. */
static const char *option_name(int id)
{
    const struct option_spec *o = OPTIONS;
    while (o->name && o->id != id)
        o++;
    return o->name ? o->name : "?";
}

/* A named value (games.c: the library's names) into *out; 0 or -1 after
 * the message. */
static int named(int id, const char *v, int *out)
{
    char why[192];
    *out = game_named(option_name(id), v, why, sizeof why);
    if (*out < 0)
        msg_error("%s", why);
    return *out < 0 ? -1 : 0;
}

/* What the options asked for; -1: not given. */
struct asked {
    int players, seat, bots, seed_given, level_given;
    int bots_level;     /* --bots easy|medium|hard: that level, else -1 */
    const char *seat_by; /* "--player" or "--seat", the option that set seat */
    const char *rules_by; /* the first option that sets the game's rules */
};

/* A whole number min..max into *out; -1 after the message. */
static int number(const char *v, uint64_t min, uint64_t max, uint64_t *out, const char *what)
{
    if (parse_u64(v, max, out) == 0 && *out >= min)
        return 0;
    msg_error("%s, not '%s'", what, v);
    return -1;
}

/* One option with a value; 0, or -1 after its message. */
static int value_option(struct options *opt, struct asked *a, int id, const char *v)
{
    uint64_t u = 0;
    char why[192];
    switch (id) {
    case O_GAME:
        opt->game = game_option(v, why, sizeof why);
        if (!opt->game)
            msg_error("%s", why);
        return opt->game ? 0 : -1;
    case O_PLAYERS:
        if (number(v, 1, MAX_SEATS, &u, "--players must be a number from 1 to 6") != 0)
            return -1;
        a->players = (int)u;
        return 0;
    case O_TARGET:
        if (number(v, 1, 1000, &u, "--target must be a number from 1 to 1000") != 0)
            return -1;
        opt->target = (int)u;
        return 0;
    case O_SEED:
        a->seed_given = 1;
        return number(v, 0, UINT64_MAX, &opt->seed, "--seed must be a number from 0 to 2^64-1");
    case O_VALUE:
        return named(id, v, &opt->value);
    case O_PAY:
        return named(id, v, &opt->pay);
    case O_NEXT_DEALER:
        return named(id, v, &opt->next_dealer);
    case O_MATCH_POINTS:
        return named(id, v, &opt->match_points);
    case O_MATCH:
        if (number(v, 1, 1000, &u, "--match must be a number from 1 to 1000") != 0)
            return -1;
        opt->match = (int)u;
        return 0;
    case O_BOTS: /* a level names the search bot at that level, as in bfc-sim */
        a->bots_level = -1;
        if (bot_level(v, &a->bots_level) == 0) {
            a->bots = BOT_ISMCTS;
            return 0;
        }
        a->bots_level = -1;
        a->bots = bot_find(v, strlen(v));
        if (a->bots < 0)
            msg_error("--bots must be random, greedy, ismcts, or easy, medium or hard (the search "
                      "bot at that level), not '%s'",
                      v);
        return a->bots < 0 ? -1 : 0;
    case O_RECORD:
    case O_RESUME:
        if (!*v) {
            msg_error("%s needs a file name", id == O_RECORD ? "--record" : "--resume");
            return -1;
        }
        *(id == O_RECORD ? &opt->record : &opt->resume) = v;
        return 0;
    case O_LEVEL:
        a->level_given = 1;
        if (bot_level(v, &opt->level) == 0)
            return 0;
        msg_error("--level must be easy, medium or hard, not '%s'", v);
        return -1;
    case O_RATING: /* the dial's strongest step rated at most N */
        if (number(v, 0, 100000, &u, "--rating must be a number from 0 to 100000") != 0)
            return -1;
        opt->dial_step = bfc_dial_step_of_rating((int)u);
        return 0;
    case O_PLAYER: /* players count from 1, as everywhere */
        if (number(v, 1, MAX_SEATS, &u, "--player must be a player number from 1 to 6") != 0)
            return -1;
        a->seat = (int)u - 1;
        a->seat_by = "--player";
        return 0;
    default: /* O_SEAT: the old, 0-based form of --player, still read */
        if (number(v, 0, MAX_SEATS - 1, &u, "--seat must be a seat number from 0 to 5 (or say --player 1 to 6)") != 0)
            return -1;
        a->seat = (int)u;
        a->seat_by = "--seat";
        return 0;
    }
}

/* Whether option id sets the game's rules (which --resume takes from its
 * file). */
static int sets_rules(int id)
{
    switch (id) {
    case O_GAME: case O_PLAYERS: case O_TEAMS: case O_MUGGINS: case O_TARGET: case O_VALUE:
    case O_PAY: case O_NEXT_DEALER: case O_MATCH: case O_MATCH_POINTS: case O_NO_TAKE_BACK:
    case O_JOKER_KILLS: case O_PARTNERS_BY_CUT:
        return 1;
    default:
        return 0;
    }
}

/* One option; 0 to go on, 1 after --help or --version, -1 after a message. */
static int one_option(struct options *opt, struct asked *a, int id, const char *value)
{
    if (sets_rules(id) && !a->rules_by)
        a->rules_by = option_name(id);
    switch (id) {
    case O_HELP:
        print_usage();
        out_flush();
        return 1;
    case O_VERSION:
        out_printf("%s\n", bfc_version_string());
        out_flush();
        return 1;
    case O_TEAMS:
        opt->teams = 1;
        return 0;
    case O_MUGGINS:
        opt->muggins = 1;
        return 0;
    case O_UNICODE:
        opt->unicode = 1;
        return 0;
    case O_HOT_SEAT:
        opt->hot_seat = 1;
        return 0;
    case O_NO_PAUSE:
        opt->no_pause = 1;
        return 0;
    case O_REVIEW:
        opt->review = 1;
        return 0;
    case O_NO_TAKE_BACK:
        opt->rule_flags |= BFC_RULE_NO_TAKE_BACK;
        return 0;
    case O_JOKER_KILLS:
        opt->rule_flags |= BFC_RULE_JOKER_KILLS_FORMATION;
        return 0;
    case O_PARTNERS_BY_CUT:
        opt->rule_flags |= BFC_RULE_PARTNERS_BY_CUT;
        return 0;
    default:
        return value_option(opt, a, id, value);
    }
}

/* The options together: the game (games.c), the seats. 0 or -1. */
static int check(struct options *opt, const struct asked *a, bfc_rules *rules)
{
    char why[160];
    struct game_choice g;
    game_choice_init(&g, opt->game);
    g.players = a->players < 0 ? 0 : a->players;
    g.teams = opt->teams;
    g.muggins = opt->muggins;
    g.target = opt->target;
    g.value = opt->value;
    g.flags = opt->rule_flags;
    g.pay = opt->pay;
    g.next_dealer = opt->next_dealer;
    g.match = opt->match;
    g.match_points = opt->match_points;
    if (game_rules(&g, rules, why, sizeof why) != 0) {
        msg_error("%s", why);
        return -1;
    }
    opt->players = g.players;
    opt->teams = g.teams;
    if (opt->resume && a->rules_by) {
        msg_error("--resume takes the game's rules from its file: drop %s", a->rules_by);
        return -1;
    }
    if (opt->resume) { /* the players are the file's: main.c checks the seat then */
        opt->players = MAX_SEATS;
        opt->resume_seat_by = a->seat_by;
    }
    if (opt->hot_seat && (a->seat >= 0 || a->bots >= 0)) {
        msg_error("--hot-seat has no bots and no single human seat (drop %s)",
                  a->seat >= 0 ? a->seat_by : "--bots");
        return -1;
    }
    if (a->seat >= opt->players && a->seat_by && a->seat_by[2] == 'p') {
        msg_error("--player %d is not a player of %d (1 to %d)", a->seat + 1, opt->players,
                  opt->players);
        return -1;
    }
    if (a->seat >= opt->players) {
        msg_error("--seat %d is not a seat of %d players (0 to %d; or say --player 1 to %d)",
                  a->seat, opt->players, opt->players - 1, opt->players);
        return -1;
    }
    if (a->bots_level >= 0 && a->level_given && a->bots_level != opt->level) {
        msg_error("--bots names one level and --level another: give one of them (--bots ismcts "
                  "--level NAME, or --bots NAME)");
        return -1;
    }
    if (opt->dial_step && (a->bots >= 0 || a->level_given)) {
        msg_error("--rating chooses the bots' strength: give it without --bots and --level");
        return -1;
    }
    if (a->bots_level >= 0)
        opt->level = a->bots_level;
    if (a->seat_by && a->seat_by[2] == 's') /* said once the options are good */
        msg_note("--seat %d counts seats from 0: it is --player %d (players count from 1, as "
                 "bfc-play prints them and bfc-advise --player reads them)",
                 a->seat, a->seat + 1);
    opt->seat = a->seat >= 0 ? a->seat : 0;
    /* --level alone asks for an opponent of that strength: the search bot
       (with --bots, or at one keyboard, it is the strength of the hints) */
    opt->bots = a->bots >= 0 ? a->bots : a->level_given ? BOT_ISMCTS : BOT_GREEDY;
    return 0;
}

int parse_options(int argc, char **argv, struct options *opt, bfc_rules *rules)
{
    struct asked a = {-1, -1, -1, 0, 0, -1, NULL, NULL};
    struct option_iter it;
    int id, rc = 0;
    memset(opt, 0, sizeof *opt);
    opt->game = game_find("battlefield");
    opt->next_dealer = opt->match_points = -1; /* not given */
    opt->level = BFC_LEVEL_MEDIUM;
    option_start(&it, argc, argv);
    while (rc == 0 && (id = option_next(&it, OPTIONS)) != OPT_END) {
        if (id == OPT_ERROR)
            msg_error("%s (see --help)", it.error);
        else if (id == OPT_ARG)
            msg_error("unexpected argument '%s' (see --help)", it.arg);
        rc = id < 0 ? -1 : one_option(opt, &a, id, it.value);
    }
    if (rc == 0)
        rc = check(opt, &a, rules);
    opt->seed_given = a.seed_given;
    if (rc == 0 && !a.seed_given) { /* from the clock; the game prints it */
        uint64_t state = (uint64_t)time(NULL) ^ (uint64_t)getpid() << 32;
        opt->seed = bfc_rng_next(&state);
    }
    return rc;
}
