/*
 * bfc-engine -- the library's bots as engines of the libbfc engine
 * protocol 1 (doc/protocol.md): a host (bfc-arena) writes the game to its
 * standard input, it answers its moves on standard output. The bots are
 * bfc-sim's, by bfc-sim's names (examples/common/players.h). It plays
 * from the world the host sends before each request (a game the seat
 * cannot tell from the real one); without one, the first move listed.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bfc.h"
#include "msg.h"
#include "options.h"
#include "players.h"
#include "proto.h"

const char tool_name[] = "bfc-engine";

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

static const char *const HELP =
    "usage: bfc-engine [--bot NAME]\n"
    "\n"
    "Plays libbfc's bots for a host of the libbfc engine protocol 1\n"
    "(doc/protocol.md), such as bfc-arena: reads the host's lines on standard\n"
    "input and answers on standard output. Not for typing at: start it from a\n"
    "host (bfc-arena --a 'bfc-engine --bot hard' ...).\n"
    "\n"
    "OPTIONS:\n"
    "  --bot NAME      the bot, as bfc-sim --bots names them: random, greedy,\n"
    "                  rules, easy, medium, hard, easy+rules, medium+rules,\n"
    "                  hard+rules, step1 .. step10, rating:N, ismcts (400\n"
    "                  iterations), base-easy, base-medium, base-hard,\n"
    "                  base03-easy, base03-medium, base03-hard (default greedy)\n"
    "  -h, --help      this text;   --version   the libbfc version\n"
    "\n"
    "THE BOT. Each game re-seeds it from the newgame line's seed, so a host\n"
    "that sends the same seeds gets the same moves. It decides from the\n"
    "world sent before each go (bfc_game_load of the seat's view dealt out at\n"
    "random, bfc_game_determinize): never a hidden card of the real game.\n"
    "The search bots spend their levels' iterations, not the clock.\n"
    "\n"
    "EXAMPLES:\n"
    "  bfc-arena --a 'bfc-engine --bot hard' --b 'bfc-engine --bot greedy'\n"
    "  printf 'bfce 1\\nquit\\n' | bfc-engine       the handshake's answer\n"
    "\n"
    "EXIT STATUS: 0 after quit or the end of the input, 1 on a failure of the\n"
    "library or of standard output, 2 for a bad command line.\n";

enum { O_BOT, O_HELP, O_VERSION };
static const struct option_spec OPTIONS[] = {
    {"--bot", 1, O_BOT}, {"--help", 0, O_HELP}, {"--version", 0, O_VERSION}, {NULL, 0, 0}};

struct engine {
    int kind;
    int open;          /* p made for rules */
    bfc_rules rules;
    struct player p;
    char *world;       /* the world's save text so far */
    size_t wlen, wcap;
    int world_done;
};

static void say(const char *fmt, ...) PRINTF_LIKE(1, 2);
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    if (fflush(stdout) != 0)
        exit(EXIT_FAIL); /* the host is gone */
}

static void world_add(struct engine *e, const char *text)
{
    const size_t n = strlen(text);
    if (!e->world || e->wlen + n + 2 > e->wcap) {
        const size_t cap = 2 * (e->wlen + n + 2);
        char *bigger = realloc(e->world, cap);
        if (!bigger)
            msg_die(EXIT_FAIL, "out of memory");
        e->world = bigger;
        e->wcap = cap;
    }
    memcpy(e->world + e->wlen, text, n);
    e->wlen += n;
    e->world[e->wlen++] = '\n';
    e->world[e->wlen] = '\0';
}

/* The value after word `key` in the line's words, or NULL. */
static const char *after(const char *line, const char *key)
{
    const size_t k = strlen(key);
    for (const char *p = line; (p = strstr(p, key)) != NULL; p += k)
        if ((p == line || p[-1] == ' ') && p[k] == ' ')
            return p + k + 1;
    return NULL;
}

static void newgame(struct engine *e, const char *line)
{
    char game[32] = "", why[192];
    const char *pl = after(line, "players"), *sd = after(line, "seed");
    sscanf(line, "newgame %31s", game);
    bfc_rules rules;
    if (proto_rules(game, pl ? (int)strtol(pl, NULL, 10) : 0, &rules, why, sizeof why) != 0) {
        say("info cannot play this game: %s", why);
        return;
    }
    if (!e->open || memcmp(&rules, &e->rules, sizeof rules) != 0) {
        if (e->open)
            player_close(&e->p);
        const int rc = player_open(&e->p, e->kind, &rules, 400, 0);
        if (rc != BFC_OK)
            msg_die(EXIT_FAIL, "the %s bot: %s", kind_name(e->kind), bfc_strerror(rc));
        e->rules = rules;
        e->open = 1;
    }
    player_seed(&e->p, sd ? strtoull(sd, NULL, 10) : 0);
}

/* The move for "go clock MS moves A,B,...". */
static void go(struct engine *e, const char *line)
{
    const char *moves = after(line, "moves");
    char first[BFC_MOVE_TEXT_MAX + 8] = "";
    if (moves)
        snprintf(first, sizeof first, "%.*s", (int)strcspn(moves, ","), moves);
    bfc_game *g = NULL;
    bfc_move m = BFC_MOVE_NONE;
    char text[BFC_MOVE_TEXT_MAX];
    if (e->open && e->world_done && bfc_game_load(&g, e->world) == BFC_OK &&
        player_move(&e->p, g, &m) == BFC_OK && bfc_move_format(m, text, sizeof text) > 0)
        say("move %s", text);
    else
        say("move %s", first);
    bfc_game_free(g);
    e->wlen = 0;
    e->world_done = 0;
}

static void serve(struct engine *e)
{
    static char line[1 << 16];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strcmp(line, "bfce 1") == 0) {
            say("id name libbfc %s (%s)", kind_name(e->kind), bfc_version_string());
            say("id author libbfc");
            say("games battlefield classic five-card noddy backward solitaire crib-wars "
                "seven-card captains");
            say("ready");
        } else if (strncmp(line, "newgame ", 8) == 0) {
            newgame(e, line);
        } else if (strcmp(line, "world end") == 0) {
            e->world_done = 1;
        } else if (strncmp(line, "world ", 6) == 0) {
            if (e->world_done) {
                e->wlen = 0;
                e->world_done = 0;
            }
            world_add(e, line + 6);
        } else if (strncmp(line, "go ", 3) == 0) {
            go(e, line);
        } else if (strcmp(line, "quit") == 0) {
            return;
        } /* anything else: ignored (doc/protocol.md) */
    }
}

int main(int argc, char **argv)
{
    struct engine e;
    memset(&e, 0, sizeof e);
    e.kind = K_GREEDY;
    struct option_iter it;
    option_start(&it, argc, argv);
    int id;
    while ((id = option_next(&it, OPTIONS)) != OPT_END) {
        if (id == OPT_ERROR)
            msg_die(EXIT_USAGE, "%s (see --help)", it.error);
        if (id == OPT_ARG)
            msg_die(EXIT_USAGE, "unexpected argument '%s' (see --help)", it.arg);
        if (id == O_HELP) {
            fputs(HELP, stdout);
            return fflush(stdout) == 0 ? EXIT_OK : EXIT_FAIL;
        }
        if (id == O_VERSION) {
            printf("%s\n", bfc_version_string());
            return fflush(stdout) == 0 ? EXIT_OK : EXIT_FAIL;
        }
        e.kind = kind_find(it.value, strlen(it.value));
        if (e.kind < 0)
            msg_die(EXIT_USAGE, "bad --bot '%s' (want one of %s)", it.value, KIND_LIST);
    }
    serve(&e);
    if (e.open)
        player_close(&e.p);
    free(e.world);
    return EXIT_OK;
}
