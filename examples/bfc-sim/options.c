/* The command line of bfc-sim (bfc-sim.h; `bfc-sim --help`). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "bfc-sim.h"
#include "bots.h"
#include "games.h"
#include "options.h"
#include "players.h"

int parse_bots(const char *list, int bot[MAX_SEATS])
{
    int n = 0;
    for (const char *p = list;; p += strcspn(p, ",") + 1) {
        const int kind = kind_find(p, strcspn(p, ","));
        if (kind < 0 || n == MAX_SEATS)
            return -1;
        bot[n++] = kind;
        if (p[strcspn(p, ",")] == '\0')
            return n;
    }
}

int has_budget(const struct config *c)
{
    for (int s = 0; s < c->players; s++)
        if (kind_budgeted(c->bot[s]))
            return 1;
    return 0;
}

int config_rules(struct config *c, char *why, size_t cap)
{
    struct game_choice g;
    game_choice_init(&g, c->game);
    g.players = c->players;
    g.teams = c->teams;
    g.muggins = c->muggins;
    g.target = c->target;
    g.turn_limit = c->turn_limit;
    g.value = c->value;
    g.flags = c->flags;
    g.pay = c->pay;
    if (game_rules(&g, &c->rules, why, cap) != 0)
        return -1;
    c->players = g.players;
    c->teams = g.teams;
    c->target = c->rules.target;
    c->turn_limit = c->rules.turn_limit;
    return 0;
}

enum { O_GAME, O_BOTS, O_PLAYERS, O_TEAMS, O_MUGGINS, O_TARGET, O_TURN_LIMIT, O_VALUE, O_GAMES,
       O_SEED, O_SHARD, O_JSON, O_TIMING, O_MERGE, O_HELP, O_VERSION, O_NO_TAKE_BACK,
       O_JOKER_KILLS, O_PARTNERS_BY_CUT, O_PAY, O_NEXT_DEALER, O_MATCH, O_MATCH_POINTS,
       O_ITERATIONS, O_TIME_MS, O_DUPLICATE, O_PAR, O_LEVEL };

static const struct option_spec OPTIONS[] = {
    {"--game", 1, O_GAME},       {"--bots", 1, O_BOTS},   {"--players", 1, O_PLAYERS},
    {"--teams", 0, O_TEAMS},     {"--muggins", 0, O_MUGGINS}, {"--target", 1, O_TARGET},
    {"--turn-limit", 1, O_TURN_LIMIT}, {"--value", 1, O_VALUE}, {"--games", 1, O_GAMES},
    {"--seed", 1, O_SEED},       {"--shard", 1, O_SHARD}, {"--json", 0, O_JSON},
    {"--timing", 0, O_TIMING},   {"--merge", 0, O_MERGE}, {"--help", 0, O_HELP},
    {"--version", 0, O_VERSION}, {"--no-take-back", 0, O_NO_TAKE_BACK},
    {"--joker-kills-formation", 0, O_JOKER_KILLS}, {"--partners-by-cut", 0, O_PARTNERS_BY_CUT},
    {"--pay", 1, O_PAY},         {"--next-dealer", 1, O_NEXT_DEALER},
    {"--match", 1, O_MATCH},     {"--match-points", 1, O_MATCH_POINTS},
    {"--iterations", 1, O_ITERATIONS}, {"--time-ms", 1, O_TIME_MS}, {"--level", 1, O_LEVEL},
    {"--duplicate", 0, O_DUPLICATE}, {"--par", 0, O_PAR},
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

/* What the command line asked for, before the game checks it. */
struct request {
    struct config *c;
    int bot[MAX_SEATS], nbots; /* nbots 0: --bots not given */
    int json, timing, merging;
    const char *budget_option; /* --iterations or --time-ms, the last given */
    int level;                 /* --level: BFC_LEVEL_*, 0 not given */
    const char *run_option;    /* the first option that --merge forbids */
    char **files;
    int nfiles;
};

/* "K/N" with 1 <= K <= N <= MAX_SHARDS. */
static int parse_shard(const char *s, uint64_t *k, uint64_t *n)
{
    char buf[48];
    const char *slash = strchr(s, '/');
    if (!slash || (size_t)(slash - s) >= sizeof buf)
        return -1;
    memcpy(buf, s, (size_t)(slash - s));
    buf[slash - s] = '\0';
    if (parse_u64(buf, MAX_SHARDS, k) != 0 || parse_u64(slash + 1, MAX_SHARDS, n) != 0)
        return -1;
    return *k >= 1 && *k <= *n ? 0 : -1;
}

/* A number option's value, min..max, or exit with its message. */
static uint64_t number(const char *name, const char *v, uint64_t min, uint64_t max)
{
    uint64_t u = 0;
    if (parse_u64(v, max, &u) != 0 || u < min)
        msg_die(EXIT_USAGE, "bad %s '%s' (want %" PRIu64 "..%" PRIu64 ")", name, v, min, max);
    return u;
}

/* The options that choose the game and its seats. */
static void seat_option(struct request *r, int id, const char *v)
{
    struct config *c = r->c;
    char why[192];
    switch (id) {
    case O_GAME:
        c->game = game_option(v, why, sizeof why);
        if (!c->game)
            msg_die(EXIT_USAGE, "%s", why);
        break;
    case O_BOTS:
        r->nbots = parse_bots(v, r->bot);
        if (r->nbots < 0)
            msg_die(EXIT_USAGE, "bad --bots '%s' (want 1 to 6 of %s, separated by commas)", v,
                    KIND_LIST);
        break;
    case O_PLAYERS:
        c->players = (int)number("--players", v, 1, MAX_SEATS);
        break;
    case O_TEAMS:
        c->teams = 1;
        break;
    case O_NO_TAKE_BACK:
        c->flags |= BFC_RULE_NO_TAKE_BACK;
        break;
    case O_JOKER_KILLS:
        c->flags |= BFC_RULE_JOKER_KILLS_FORMATION;
        break;
    case O_PARTNERS_BY_CUT:
        c->flags |= BFC_RULE_PARTNERS_BY_CUT;
        break;
    case O_DUPLICATE:
        c->duplicate = 1;
        break;
    case O_PAR:
        c->par = 1;
        break;
    default: /* O_MUGGINS */
        c->muggins = 1;
        break;
    }
}

/* The options that set the run's rules and size. */
static void run_option(struct request *r, int id, const char *v)
{
    struct config *c = r->c;
    char why[192];
    switch (id) {
    case O_TARGET:
        c->target = (int)number("--target", v, 1, 1000);
        break;
    case O_TURN_LIMIT:
        c->turn_limit = (int)number("--turn-limit", v, 0, 10000);
        break;
    case O_VALUE:
    case O_PAY:
        *(id == O_VALUE ? &c->value : &c->pay) = game_named(option_name(id), v, why, sizeof why);
        if ((id == O_VALUE ? c->value : c->pay) < 0)
            msg_die(EXIT_USAGE, "%s", why);
        break;
    case O_NEXT_DEALER: /* RULES 5, D15: the games of a run stand alone */
    case O_MATCH:
    case O_MATCH_POINTS:
        msg_die(EXIT_USAGE,
                "%s is for match play: bfc-sim plays independent games, each with its own "
                "cut for the deal (play a match with bfc-play --match N)",
                option_name(id));
    case O_ITERATIONS:
        c->iterations = (uint32_t)number("--iterations", v, 1, MAX_ITERATIONS);
        c->time_ms = 0;
        r->budget_option = "--iterations";
        break;
    case O_TIME_MS:
        c->time_ms = (uint32_t)number("--time-ms", v, 1, MAX_TIME_MS);
        c->iterations = 0;
        r->budget_option = "--time-ms";
        break;
    case O_LEVEL: /* as bfc-play and bfc-advise say it: the ismcts seats' level */
        if (bot_level(v, &r->level) != 0)
            msg_die(EXIT_USAGE, "--level must be easy, medium or hard, not '%s'", v);
        break;
    case O_GAMES:
        c->games = number("--games", v, 1, MAX_GAMES);
        break;
    case O_SEED:
        c->seed = number("--seed", v, 0, UINT64_MAX);
        break;
    case O_SHARD:
        if (parse_shard(v, &c->shard_k, &c->shard_n) != 0)
            msg_die(EXIT_USAGE, "bad --shard '%s' (want K/N, 1 <= K <= N <= %" PRIu64 ")", v,
                    MAX_SHARDS);
        break;
    default:
        seat_option(r, id, v);
        break;
    }
}

/* One option; --help and --version answer and exit. */
static void one_option(struct request *r, const struct option_iter *it, int id)
{
    switch (id) {
    case O_HELP:
        print_help();
        finish_output();
        exit(EXIT_OK);
    case O_VERSION:
        printf("%s\n", bfc_version_string());
        finish_output();
        exit(EXIT_OK);
    case O_JSON:
        r->json = 1;
        return;
    case O_MERGE:
        r->merging = 1;
        return;
    case O_TIMING:
        r->timing = 1;
        break;
    default:
        run_option(r, id, it->value);
        break;
    }
    if (!r->run_option) /* everything else says what to play */
        r->run_option = it->arg;
}

/* --duplicate and --par against the game: a duplicate set rotates the
 * bots over the seats by whole sides, which needs sides alike. */
static void set_up_duplicate(const struct request *r)
{
    const struct config *c = r->c;
    if (c->duplicate && c->players == 1)
        msg_die(EXIT_USAGE, "--duplicate needs two sides or more (solitaire is played alone)");
    if (c->duplicate && (c->rules.flags & BFC_RULE_CAPTAIN))
        msg_die(EXIT_USAGE,
                "--duplicate: in captain's cribbage one player plays against two, so the sides "
                "are not alike and rotating the bots changes them (play it without --duplicate)");
    if (c->duplicate && c->par)
        msg_die(EXIT_USAGE,
                "--par is the check of independent self-play games; --duplicate prints the "
                "points per deal by role itself (use one or the other)");
    if (c->par && c->players == 1)
        msg_die(EXIT_USAGE, "--par: solitaire has no dealer and pone (RULES 3.8)");
}

/* The seats and the game: players from the bots listed (one name: every
 * seat), the game's checks (games.c), then a bot for every seat. */
static void set_up(struct request *r)
{
    struct config *c = r->c;
    char why[160];
    if (c->players == 0 && r->nbots > 1)
        c->players = r->nbots;
    if (config_rules(c, why, sizeof why) != 0)
        msg_die(EXIT_USAGE, "%s", why);
    if (r->nbots > 1 && r->nbots != c->players)
        msg_die(EXIT_USAGE, "--bots names %d bots for %d players (give one per seat, or one for all)",
                r->nbots, c->players);
    for (int s = 0; s < c->players; s++)
        c->bot[s] = r->nbots == 0 ? (s % 2 ? K_RANDOM : K_GREEDY) : r->bot[r->nbots > 1 ? s : 0];
    if (r->level) { /* ismcts and base at the level: the bots easy.. and base-easy.. */
        if (r->budget_option)
            msg_die(EXIT_USAGE, "--level and %s are two budgets: give one", r->budget_option);
        if (!has_budget(c))
            msg_die(EXIT_USAGE, "--level is the level of the ismcts and base bots, and no seat "
                                "plays them (--bots ismcts, or a level as the bot: --bots hard)");
        for (int s = 0; s < c->players; s++)
            if (kind_budgeted(c->bot[s]))
                c->bot[s] = (c->bot[s] == K_ISMCTS ? K_EASY : K_BASE_EASY) +
                            (r->level - BFC_LEVEL_EASY);
    }
    if (!has_budget(c)) {
        if (r->budget_option)
            msg_die(EXIT_USAGE,
                    "%s is the budget of the ismcts and base bots, and no seat plays them "
                    "(--bots)",
                    r->budget_option);
    } else if (!r->budget_option) { /* the medium level's budget */
        bfc_search_config sc;
        bfc_search_config_init(&sc);
        bfc_search_config_level(&sc, BFC_LEVEL_MEDIUM);
        c->iterations = sc.iterations;
    }
    set_up_duplicate(r);
}

void parse_options(int argc, char **argv, struct config *c, int *json, int *timing,
                   char ***files, int *nfiles)
{
    struct request r;
    struct option_iter it;
    memset(&r, 0, sizeof r);
    memset(c, 0, sizeof *c);
    r.c = c;
    c->game = game_find("battlefield");
    c->turn_limit = -1; /* the game's own */
    c->games = 1000;
    c->seed = 1;
    c->shard_k = c->shard_n = 1;
    /* the files of --merge, gathered at the front of argv: the i-th file
     * comes from argv[i + 1] or later, so nothing unread is overwritten */
    r.files = argv + 1;
    option_start(&it, argc, argv);
    int id;
    while ((id = option_next(&it, OPTIONS)) != OPT_END) {
        if (id == OPT_ERROR)
            msg_die(EXIT_USAGE, "%s (see --help)", it.error);
        if (id != OPT_ARG)
            one_option(&r, &it, id);
        else if (r.merging || it.only_args)
            r.files[r.nfiles++] = argv[it.next - 1];
        else
            msg_die(EXIT_USAGE, "unexpected argument '%s' (files go after --merge; see --help)",
                    it.arg);
    }
    if (r.merging && r.run_option)
        msg_die(EXIT_USAGE, "%s cannot be used with --merge (the files give the run)",
                r.run_option);
    if (r.merging && r.nfiles == 0)
        msg_die(EXIT_USAGE, "--merge needs at least one FILE ('-' for standard input)");
    if (!r.merging)
        set_up(&r);
    *json = r.json;
    *timing = r.timing;
    c->timing = r.timing;
    *files = r.merging ? r.files : NULL;
    *nfiles = r.nfiles;
}
