/* --merge: the JSON lines of shards read back and added up into the whole
 * run (bfc-sim.h). Only what json_out.c writes is accepted. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "bfc-sim.h"
#include "games.h"
#include "json.h"
#include "options.h"

/* A line being read, for messages: "a.json:3: ...". */
struct origin {
    const char *file;
    unsigned long line;
    const struct json_pair *kv;
    int n;
};

/* What --merge reads is bounded, so that no input keeps it reading (issue
 * 29: `--merge /dev/zero` read forever): a line of bfc-sim --json is a few
 * kilobytes, a NUL byte is never in one, and a run has at most MAX_SHARDS
 * lines (blank ones aside). */
#define MERGE_MAX_LINE 65536u
#define MERGE_MAX_LINES (2 * MAX_SHARDS)

/* What merge() holds, released at exit too: a bad line ends the program
 * through msg_die(), and valgrind should find nothing left behind. */
static struct {
    char *line;          /* MERGE_MAX_LINE + 1 bytes */
    unsigned char *seen; /* seen[k-1]: shard k read */
    FILE *f;             /* an open file (not stdin) */
} held;

static void release(void)
{
    free(held.line);
    free(held.seen);
    if (held.f)
        fclose(held.f);
    memset(&held, 0, sizeof held);
}

static void bad_line(const struct origin *o, const char *what) NORETURN;
static void bad_line(const struct origin *o, const char *what)
{
    msg_die(EXIT_FAIL, "%s:%lu: %s", o->file, o->line, what);
}

static uint64_t get_u64(const struct origin *o, const char *key, uint64_t max)
{
    const struct json_pair *p = json_find(o->kv, o->n, key);
    uint64_t v = 0;
    if (p && !p->is_string && parse_u64(p->val, max, &v) == 0)
        return v;
    char msg[96];
    snprintf(msg, sizeof msg, "key \"%s\" missing or not an integer 0..%" PRIu64, key, max);
    bad_line(o, msg);
}

static const char *get_string(const struct origin *o, const char *key)
{
    const struct json_pair *p = json_find(o->kv, o->n, key);
    if (p && p->is_string)
        return p->val;
    char msg[64];
    snprintf(msg, sizeof msg, "key \"%s\" missing or not a string", key);
    bad_line(o, msg);
}

/* true or false; absent: 0 when may_miss, else a bad line. */
static int get_bool(const struct origin *o, const char *key, int may_miss)
{
    const struct json_pair *p = json_find(o->kv, o->n, key);
    if (!p && may_miss)
        return 0;
    if (p && !p->is_string && (strcmp(p->val, "true") == 0 || strcmp(p->val, "false") == 0))
        return strcmp(p->val, "true") == 0;
    char msg[64];
    snprintf(msg, sizeof msg, "key \"%s\" missing or not true/false", key);
    bad_line(o, msg);
}

/* The bots of "bots": one per seat. */
static void read_bots(const struct origin *o, struct config *c)
{
    int bot[MAX_SEATS] = {0};
    if (parse_bots(get_string(o, "bots"), bot) != c->players)
        bad_line(o, "a configuration bfc-sim does not write");
    memcpy(c->bot, bot, sizeof bot);
}

/* The configuration of a line; its rules must be a game bfc-sim plays. */
static void read_config(const struct origin *o, struct config *c)
{
    char why[160];
    memset(c, 0, sizeof *c);
    /* "game" came with the classic games: absent, the line is a Battlefield run */
    const struct json_pair *game = json_find(o->kv, o->n, "game");
    c->game = game_find(game && game->is_string ? game->val : game ? "" : "battlefield");
    if (!c->game)
        bad_line(o, "key \"game\" is not a game bfc-sim plays");
    c->muggins = get_bool(o, "muggins", 1);
    c->players = (int)get_u64(o, "players", MAX_SEATS);
    c->teams = get_bool(o, "teams", 0);
    c->target = (int)get_u64(o, "target", 1000);
    c->turn_limit = (int)get_u64(o, "turn_limit", 10000);
    c->value = game_named("--value", get_string(o, "value"), why, sizeof why);
    /* "pay" and the rule keys came with issue 16: absent, the defaults */
    const struct json_pair *pay = json_find(o->kv, o->n, "pay");
    c->pay = !pay ? GAME_PAY_SUM : pay->is_string ? game_named("--pay", pay->val, why, sizeof why) : -1;
    for (size_t i = 0; i < NRULE_KEYS; i++)
        c->flags |= get_bool(o, RULE_KEYS[i].key, 1) ? RULE_KEYS[i].flag : 0u;
    c->games = get_u64(o, "games", MAX_GAMES);
    c->seed = get_u64(o, "seed", UINT64_MAX);
    c->shard_k = get_u64(o, "shard_k", MAX_SHARDS);
    c->shard_n = get_u64(o, "shard_n", MAX_SHARDS);
    const int teams = c->teams;
    if (c->players < 1 || c->value < 0 || c->pay < 0 || c->games < 1 || c->shard_k < 1 ||
        c->shard_k > c->shard_n || config_rules(c, why, sizeof why) != 0 || c->teams != teams)
        bad_line(o, "a configuration bfc-sim does not write");
    read_bots(o, c);
    /* the search budget: both keys with an ismcts or base seat (exactly one
     * of them not 0), neither without */
    const struct json_pair *it = json_find(o->kv, o->n, "iterations");
    const struct json_pair *ms = json_find(o->kv, o->n, "time_ms");
    if (has_budget(c) != (it != NULL) || has_budget(c) != (ms != NULL))
        bad_line(o, "a configuration bfc-sim does not write");
    if (has_budget(c)) {
        c->iterations = (uint32_t)get_u64(o, "iterations", MAX_ITERATIONS);
        c->time_ms = (uint32_t)get_u64(o, "time_ms", MAX_TIME_MS);
        if ((c->iterations == 0) == (c->time_ms == 0))
            bad_line(o, "a configuration bfc-sim does not write");
    }
    /* --duplicate and --par (absent: false); a duplicate run says how many
     * games a set has, which the rules decide */
    c->duplicate = get_bool(o, "duplicate", 1);
    c->par = get_bool(o, "par", 1);
    const struct json_pair *rot = json_find(o->kv, o->n, "rotations");
    if ((rot != NULL) != c->duplicate || (c->duplicate && c->par) ||
        (c->duplicate && (c->players == 1 || (c->rules.flags & BFC_RULE_CAPTAIN))) ||
        (c->par && c->players == 1) ||
        (rot && get_u64(o, "rotations", MAX_SEATS) != (uint64_t)rotations(c)))
        bad_line(o, "a configuration bfc-sim does not write");
}

/* Whether the counters of a shard of `played` games can be its games'
 * (issue 39: "side0_wins" 10^6 in a 10-game shard merged and reported
 * 3333396.7%): what play.c counts of every game, exactly -- one winning
 * side a game (none in a lost solitaire game), a value of 1 or more for
 * each win, one first dealer, at least one deal, a cease-fire or a turn
 * limit ending one deal at most, the longest game among the moves, and
 * with --duplicate one k per set, the deals dealt alike among those
 * compared, per bot no more wins than games, per bot and role no more
 * deals played to their end than deals. NULL, or what is wrong. */
static const char *bad_counts(const struct config *c, const struct tally *t)
{
    const uint64_t p = t->played;
    uint64_t wins = 0, dealers = 0;
    for (int d = 0; d < sides_of(c); d++) {
        if (t->wins[d] > p)
            return "a side's wins are more than the games of the shard";
        if (t->value_sum[d] < t->wins[d] || (t->wins[d] == 0) != (t->value_sum[d] == 0))
            return "a side's game values are not 1 or more for each of its wins";
        wins += t->wins[d];
    }
    if (c->players > 1 ? wins != p : wins > p)
        return "the sides' wins do not add up to the games of the shard";
    for (int s = 0; s < c->players; s++)
        if ((dealers += t->first_dealer[s]) > p)
            break;
    if (dealers != p)
        return "the seats' first deals do not add up to the games of the shard";
    if (t->first_dealer_wins > wins)
        return "the first dealers won more games than were won";
    if (t->moves_max > t->moves)
        return "the longest game has more moves than all the games";
    if (t->skirmishes < p || t->ceasefires > t->skirmishes || t->limit_endings > t->skirmishes)
        return "the deals are fewer than the games, their cease-fires or turn limit endings";
    if (c->duplicate) {
        uint64_t ks = 0;
        for (int k = 0; k <= rotations(c); k++)
            if ((ks += t->hero_sets[k]) > t->sets)
                break;
        if (ks != t->sets)
            return "the sets by games won do not add up to the sets of the shard";
        if (t->deals_same > t->deals_compared)
            return "more deals dealt alike than deals compared";
        for (int b = 0; b < c->players; b++)
            if (t->bot_wins[b] > p)
                return "a bot's wins are more than the games of the shard";
    }
    for (int b = 0; b < c->players; b++)
        for (int role = ROLE_DEALER; role <= ROLE_PONE; role++)
            if (t->full_deals[b][role] > t->deals[b][role])
                return "a bot has more deals played to their end than deals";
    return NULL;
}

/* The configuration and counters of one JSON line of a run. */
static void read_result(struct origin *o, char *line, struct config *c, struct tally *t)
{
    struct json_pair kv[JSON_MAX_PAIRS];
    const char *why = NULL;
    o->n = json_parse_flat(line, kv, &why);
    o->kv = kv;
    if (o->n < 0)
        bad_line(o, why);
    const char *format = get_string(o, "format");
    if (strcmp(format, "bfc-sim 1") == 0)
        bad_line(o, "written by an older bfc-sim (format \"bfc-sim 1\"): play the shards again");
    if (strcmp(format, JSON_FORMAT) != 0)
        bad_line(o, "not the output of bfc-sim --json (\"format\" is not \"" JSON_FORMAT "\")");
    read_config(o, c);
    memset(t, 0, sizeof *t);
    struct field f[MAX_FIELDS];
    const size_t nf = tally_fields(c, t, f);
    for (size_t i = 0; i < nf; i++)
        *f[i].p = get_u64(o, f[i].key, UINT64_MAX);
    const uint64_t sets = shard_games(c->games, c->shard_k, c->shard_n);
    if (t->played != sets * (uint64_t)rotations(c) || (c->duplicate && t->sets != sets))
        bad_line(o, "\"played\" is not the number of games of its shard (an interrupted run?)");
    const char *bad = bad_counts(c, t);
    if (bad) {
        char msg[160];
        snprintf(msg, sizeof msg, "counters no run of its games can have: %s", bad);
        bad_line(o, msg);
    }
    o->kv = NULL; /* kv goes out of scope */
    o->n = 0;
}

/* Whether a and b are shards of one run: all but shard_k equal. */
static int same_run(const struct config *a, const struct config *b)
{
    if (a->game != b->game || a->muggins != b->muggins || a->players != b->players ||
        a->teams != b->teams || a->target != b->target || a->value != b->value ||
        a->turn_limit != b->turn_limit || a->flags != b->flags || a->pay != b->pay ||
        a->games != b->games || a->seed != b->seed ||
        a->iterations != b->iterations || a->time_ms != b->time_ms ||
        a->duplicate != b->duplicate || a->par != b->par || a->shard_n != b->shard_n)
        return 0;
    return memcmp(a->bot, b->bot, (size_t)a->players * sizeof a->bot[0]) == 0;
}

/* Adds the counters of `from` (a shard) into `to`; a sum past 2^64 - 1
 * is a bad line. */
static void add_up(const struct origin *o, const struct config *c, struct tally *to,
                   struct tally *from)
{
    struct field a[MAX_FIELDS], b[MAX_FIELDS];
    const size_t nf = tally_fields(c, to, a);
    tally_fields(c, from, b);
    for (size_t k = 0; k < nf; k++)
        if (!a[k].max) {
            if (*b[k].p > UINT64_MAX - *a[k].p) {
                char msg[96];
                snprintf(msg, sizeof msg, "\"%s\" added up goes past 2^64 - 1", a[k].key);
                bad_line(o, msg);
            }
            *a[k].p += *b[k].p;
        } else if (*b[k].p > *a[k].p) {
            *a[k].p = *b[k].p;
        }
}

/* One shard's line: checked against the first and added in. */
static void take_line(struct origin *o, struct config *c, struct tally *t, uint64_t *nseen)
{
    struct config lc;
    struct tally lt;
    read_result(o, held.line, &lc, &lt);
    if (!held.seen) {
        *c = lc;
        memset(t, 0, sizeof *t);
        held.seen = calloc((size_t)lc.shard_n, 1);
        if (!held.seen)
            msg_die(EXIT_FAIL, "out of memory");
    } else if (!same_run(&lc, c)) {
        bad_line(o, "a shard of another run (options differ from the first line)");
    }
    if (held.seen[lc.shard_k - 1])
        bad_line(o, "the same shard twice");
    held.seen[lc.shard_k - 1] = 1;
    ++*nseen;
    add_up(o, c, t, &lt);
}

/* The next line of f into held.line, without its newline: 1, or 0 at
 * the end of the input. A line too long or holding a NUL byte ends the
 * program at once (nothing more is read). */
static int next_line(FILE *f, struct origin *o)
{
    size_t n = 0;
    int ch;
    while ((ch = getc(f)) != EOF && ch != '\n') {
        if (ch == '\0')
            bad_line(o, "a NUL byte: not a line of bfc-sim --json");
        if (n == MERGE_MAX_LINE) {
            char msg[96];
            snprintf(msg, sizeof msg, "longer than %u bytes: not a line of bfc-sim --json",
                     MERGE_MAX_LINE);
            bad_line(o, msg);
        }
        held.line[n++] = (char)ch;
    }
    held.line[n] = '\0';
    return ch != EOF || n > 0;
}

/* Every line of one file ('-': standard input). */
static void read_file(const char *name, struct config *c, struct tally *t, uint64_t *nseen)
{
    struct origin o = {name, 0, NULL, 0};
    const int is_stdin = strcmp(name, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(name, "r");
    if (!f)
        msg_die(EXIT_FAIL, "cannot open %s", name);
    held.f = is_stdin ? NULL : f;
    for (;;) {
        if (o.line == MERGE_MAX_LINES)
            msg_die(EXIT_FAIL, "%s: more than %" PRIu64 " lines: not the output of bfc-sim shards",
                    name, (uint64_t)MERGE_MAX_LINES);
        o.line++;
        if (!next_line(f, &o))
            break;
        if (held.line[strspn(held.line, " \t\r")] != '\0') /* not blank */
            take_line(&o, c, t, nseen);
    }
    if (ferror(f))
        msg_die(EXIT_FAIL, "cannot read %s", name);
    if (!is_stdin)
        fclose(f);
    held.f = NULL;
}

void merge(char **files, int nfiles, struct config *c, struct tally *t)
{
    atexit(release);
    held.line = malloc(MERGE_MAX_LINE + 1);
    if (!held.line)
        msg_die(EXIT_FAIL, "out of memory");
    uint64_t nseen = 0;
    for (int i = 0; i < nfiles; i++)
        read_file(files[i], c, t, &nseen);
    if (!held.seen)
        msg_die(EXIT_FAIL, "--merge: no results in the files given");
    if (nseen != c->shard_n) {
        uint64_t k = 0;
        while (held.seen[k])
            k++;
        msg_die(EXIT_FAIL, "--merge: shard %" PRIu64 "/%" PRIu64 " is missing", k + 1,
                c->shard_n);
    }
    release();
    c->shard_k = c->shard_n = 1; /* now the whole run */
}
