/*
 * bfc-arena -- duplicate matches between two engines (bfc-arena.h). It
 * uses the public header include/bfc.h only; `bfc-arena --help` documents
 * it, doc/protocol.md the protocol.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bfc-arena.h"
#include "bfc.h"
#include "interval.h"
#include "msg.h"
#include "options.h"

const char tool_name[] = "bfc-arena";

#define MAX_MOVES_PER_GAME 1000000u
#define MAX_PAIRS UINT64_C(1000000000)
#define MAX_CLOCK_MS UINT64_C(3600000)

static const char *const HELP[] = {
    "usage: bfc-arena --a CMD --b CMD [OPTIONS]\n"
    "\n"
    "Plays a duplicate match between two engines, programs that speak the\n"
    "libbfc engine protocol 1 (doc/protocol.md; bfc-engine is the library's\n"
    "bots as engines), and prints engine A's win rate with its paired 95%\n"
    "interval. The arena is the dealer: it holds the game and sends each\n"
    "engine only what its seat may see.\n"
    "\n",
    "OPTIONS (also written --name=VALUE):\n"
    "  --a CMD         engine A, a command run by /bin/sh -c\n"
    "  --b CMD         engine B\n"
    "  --game NAME     the game, as bfc-sim --game names it, two players:\n"
    "                  battlefield (default), classic, five-card, noddy,\n"
    "                  backward, crib-wars, seven-card\n"
    "  --pairs N       duplicate pairs to play, 1..10^9 (default 10): pair i\n"
    "                  is two games dealt from the same seed, A at seat 0 in\n"
    "                  the first and at seat 1 in the second\n"
    "  --seed N        the match's seed, 0..2^64-1 (default 1): pair i is dealt\n"
    "                  from bfc_sim_game_seed(N, i), as bfc-sim deals game i\n"
    "  --clock MS      milliseconds an engine has for each answer (the\n"
    "                  handshake, each move, taking in the events), 1..3600000\n"
    "                  (default 10000)\n"
    "  --start-clock MS  milliseconds an engine has to start and answer the\n"
    "                  handshake, 1..3600000 (default 30000)\n"
    "  --clock-a MS, --clock-b MS\n"
    "                  the clock of engine A, of engine B (default --clock)\n"
    "  -h, --help      this text;   --version   the libbfc version\n"
    "\n",
    "FORFEITS. An engine that answers with a line that is not a move of the\n"
    "list, or an illegal one, does not answer within the clock, stops\n"
    "reading, writes a line over 4096 bytes or over 64 KiB for one request,\n"
    "crashes or exits during a game loses that game: a line on standard\n"
    "output says which game and why. It is killed and started again for\n"
    "the next game; the match goes on.\n"
    "\n"
    "OUTPUT. A heading, a line per forfeit, then the results: each engine's\n"
    "wins and forfeits, A's win rate over the pairs with its paired 95%\n"
    "interval (the pair the unit, Student's t, as bfc-sim --duplicate), the\n"
    "pairs won 2-0, split and lost, and A's mean margin a pair.\n"
    "\n"
    "EXAMPLES:\n"
    "  bfc-arena --a 'bfc-engine --bot hard' --b 'bfc-engine --bot medium' --pairs 100\n"
    "  bfc-arena --game classic --a 'python3 my_engine.py' --b 'bfc-engine --bot easy'\n"
    "\n"
    "EXIT STATUS: 0 the match was played, 1 a failure of the arena itself,\n"
    "2 a bad command line. The engines are killed and reaped at the end and\n"
    "on SIGINT, SIGTERM or SIGHUP.\n",
};

enum { O_A, O_B, O_GAME, O_PAIRS, O_SEED, O_CLOCK, O_CLOCK_A, O_CLOCK_B, O_START, O_HELP, O_VERSION };
static const struct option_spec OPTIONS[] = {
    {"--a", 1, O_A},         {"--b", 1, O_B},         {"--game", 1, O_GAME},
    {"--pairs", 1, O_PAIRS}, {"--seed", 1, O_SEED},   {"--clock", 1, O_CLOCK},
    {"--start-clock", 1, O_START}, {"--clock-a", 1, O_CLOCK_A}, {"--clock-b", 1, O_CLOCK_B},
    {"--help", 0, O_HELP},   {"--version", 0, O_VERSION}, {NULL, 0, 0}};

struct match {
    const char *game;
    bfc_rules rules;
    uint64_t pairs, seed;
    int clock, start_clock;
    int eng_clock[2];     /* --clock-a, --clock-b; 0: --clock */
    struct engine eng[2]; /* A, B */
    uint64_t wins[2], forfeits[2], games;
    uint64_t pair_k[3];   /* pairs by A's wins in them */
    double margin_sum, margin_sq;
    bfc_event *ev;
    size_t cap;
};

/* ---- Sending the seat's view ------------------------------------------- */

/* realloc(p, size), or exit: never NULL. */
static void *resize(void *p, size_t size)
{
    void *q = realloc(p, size);
    if (!q)
        msg_die(EXIT_FAIL, "out of memory");
    return q;
}

/* The events ev[0..n) as engine `seat` (at seat) may see them, one line
 * each, appended to text. */
static void view_lines(const struct match *m, int seat, const bfc_event *ev, size_t n,
                       char **text, size_t *len, size_t *tcap)
{
    for (size_t i = 0; i < n; i++) {
        bfc_event seen;
        if (bfc_event_visible(&ev[i], &m->rules, seat, &seen) != 1)
            continue;
        char line[1024];
        const int k = proto_event_line(&seen, line, sizeof line);
        if (k < 0 || (size_t)k >= sizeof line)
            continue;
        if (*len + (size_t)k + 2 > *tcap) {
            const size_t ncap = 2 * (*len + (size_t)k + 2);
            *text = resize(*text, ncap);
            *tcap = ncap;
        }
        memcpy(*text + *len, line, (size_t)k);
        *len += (size_t)k;
        (*text)[(*len)++] = '\n';
        (*text)[*len] = '\0';
    }
}

/* Sends each engine its view of ev[0..n): -1 with the seat that failed in
 * *bad and why, else 0. who[s] is the engine at seat s. */
static int send_events(struct match *m, struct engine *who[2], const bfc_event *ev, size_t n,
                       int *bad, char *why, size_t cap)
{
    for (int s = 0; s < 2; s++) {
        char *text = NULL;
        size_t len = 0, tcap = 0;
        view_lines(m, s, ev, n, &text, &len, &tcap);
        const int rc = text ? engine_send(who[s], text, who[s]->clock, why, cap) : 0;
        free(text);
        if (rc != 0) {
            *bad = s;
            return -1;
        }
    }
    return 0;
}

/* The world for seat: the game with every card the seat has not seen dealt
 * again at random (doc/protocol.md), as "world " lines, then the request. */
static int send_request(struct engine *e, const bfc_game *g, int seat,
                        uint64_t wseed, const bfc_move *legal, int nlegal, char *why,
                        size_t cap)
{
    bfc_game *w = bfc_game_clone(g);
    if (!w || bfc_game_determinize(w, seat, wseed) != BFC_OK)
        msg_die(EXIT_FAIL, "bfc_game_determinize failed");
    const int need = bfc_game_save(w, NULL, 0);
    if (need < 0)
        msg_die(EXIT_FAIL, "bfc_game_save: %s", bfc_strerror(need));
    char *save = resize(NULL, (size_t)need + 1);
    /* each save line gains "world " (6 bytes), the list its moves */
    const size_t room = 2 * (size_t)need + 64 + 8 * 20 + (size_t)nlegal * (BFC_MOVE_TEXT_MAX + 1) + 64;
    char *text = resize(NULL, room);
    bfc_game_save(w, save, (size_t)need + 1);
    bfc_game_free(w);
    size_t n = 0;
    bfc_observation obs; /* the classic games: the cards the seat holds */
    if (bfc_game_observe(g, seat, &obs) == BFC_OK && obs.hand) {
        n += (size_t)snprintf(text, room, "hand");
        for (int c = 0; c < 52; c++)
            if (obs.hand >> c & 1) {
                char t[BFC_CARD_TEXT_MAX];
                bfc_card_format((bfc_card)c, 0, t, sizeof t);
                n += (size_t)snprintf(text + n, room - n, " %s", t);
            }
        n += (size_t)snprintf(text + n, room - n, "\n");
    }
    for (char *line = save; *line;) {
        const size_t k = strcspn(line, "\n");
        n += (size_t)snprintf(text + n, room - n, "world %.*s\n", (int)k, line);
        line += k + (line[k] == '\n');
    }
    n += (size_t)snprintf(text + n, room - n, "world end\ngo clock %d moves ", e->clock);
    for (int i = 0; i < nlegal; i++) {
        char mv[BFC_MOVE_TEXT_MAX];
        bfc_move_format(legal[i], mv, sizeof mv);
        n += (size_t)snprintf(text + n, room - n, "%s%s", i ? "," : "", mv);
    }
    snprintf(text + n, room - n, "\n");
    const int rc = engine_send(e, text, e->clock, why, cap);
    free(save);
    free(text);
    return rc;
}

/* The engine's answer: its move, one of legal[], or -1 with why. */
static int get_move(struct engine *e, const bfc_move *legal, int nlegal,
                    bfc_move *out, char *why, size_t cap)
{
    char line[PROTO_LINE_MAX + 1], w[200];
    e->budget = PROTO_REQUEST_MAX;
    for (;;) {
        if (engine_read(e, line, sizeof line, e->clock, w, sizeof w) != 0) {
            snprintf(why, cap, "%s", w);
            return -1;
        }
        if (strncmp(line, "info", 4) == 0 && (line[4] == ' ' || line[4] == '\0'))
            continue;
        bfc_move mv;
        if (strncmp(line, "move ", 5) != 0 || bfc_move_parse(line + 5, &mv) != BFC_OK) {
            snprintf(why, cap, "answered '%.60s', not a move", line);
            return -1;
        }
        for (int i = 0; i < nlegal; i++)
            if (legal[i] == mv) {
                *out = mv;
                return 0;
            }
        snprintf(why, cap, "answered the illegal move '%.60s'", line + 5);
        return -1;
    }
}

/* ---- A game --------------------------------------------------------------- */

/* Applies mv to g with its events in m->ev (grown as needed): how many. */
static size_t apply(struct match *m, bfc_game *g, bfc_move mv)
{
    bfc_game *before = bfc_game_clone(g);
    size_t n = 0;
    if (!before || bfc_game_apply(g, mv, m->ev, m->cap, &n) != BFC_OK)
        msg_die(EXIT_FAIL, "bfc_game_apply failed");
    if (n > m->cap) {
        m->ev = resize(m->ev, n * sizeof *m->ev);
        m->cap = n;
        bfc_game_copy(g, before);
        bfc_game_apply(g, mv, m->ev, m->cap, &n);
    }
    bfc_game_free(before);
    return n;
}

/* What became of a game: the engine (0 A, 1 B) that won, and A's margin. */
struct result {
    int winner;
    int margin;
};

static void forfeit(struct match *m, uint64_t game, uint64_t pair, int a_seat, int loser,
                    const char *why)
{
    printf("game %" PRIu64 " (pair %" PRIu64 ", A at seat %d): %s forfeits: %s %s\n", game,
           pair, a_seat, m->eng[loser].label, m->eng[loser].name, why);
    m->forfeits[loser]++;
    engine_kill(&m->eng[loser]);
}

/* Game `game` of the match: pair `pair`, A at seat a_seat. */
static struct result play(struct match *m, uint64_t game, uint64_t pair, int a_seat)
{
    struct engine *who[2] = {&m->eng[a_seat], &m->eng[1 - a_seat]}; /* by seat */
    struct result r = {-1, 0};
    char why[256], line[256];
    const uint64_t dseed = bfc_sim_game_seed(m->seed, pair);
    /* the engines' own seeds and the worlds' come from another stream */
    uint64_t wrng = bfc_sim_game_seed(m->seed ^ UINT64_C(0x5EED0F3E76A1CE37), game);
    for (int s = 0; s < 2; s++) {
        struct engine *e = who[s];
        const int idx = (int)(e - m->eng);
        if (e->pid == 0 && engine_start(e, m->start_clock, why, sizeof why) != 0) {
            forfeit(m, game, pair, a_seat, idx, why);
            r.winner = 1 - idx;
            return r;
        }
    }
    for (int s = 0; s < 2; s++) {
        const int idx = (int)(who[s] - m->eng);
        snprintf(line, sizeof line,
                 "newgame %s players 2 seat %d score %" PRIu64 " %" PRIu64 " seed %" PRIu64 "\n",
                 m->game, s, m->wins[s == a_seat ? 0 : 1], m->wins[s == a_seat ? 1 : 0],
                 bfc_rng_next(&wrng));
        if (engine_send(who[s], line, who[s]->clock, why, sizeof why) != 0) {
            forfeit(m, game, pair, a_seat, idx, why);
            r.winner = 1 - idx;
            return r;
        }
    }
    int rc;
    size_t n = 0;
    bfc_game *g = bfc_game_new_events(&m->rules, dseed, m->ev, m->cap, &n, &rc);
    if (!g || n > m->cap)
        msg_die(EXIT_FAIL, "bfc_game_new_events: %s", g ? "too many events" : bfc_strerror(rc));
    int bad = -1;
    unsigned moves = 0;
    while (bad < 0) {
        if (send_events(m, who, m->ev, n, &bad, why, sizeof why) != 0)
            break;
        if (bfc_game_over(g))
            break;
        const int seat = bfc_game_to_move(g);
        bfc_move legal[BFC_MAX_MOVES], mv = BFC_MOVE_NONE;
        const int nlegal = bfc_game_legal_moves(g, legal, BFC_MAX_MOVES);
        if (nlegal <= 0 || ++moves > MAX_MOVES_PER_GAME)
            msg_die(EXIT_FAIL, "game %" PRIu64 ": no legal move, or no end", game);
        if (send_request(who[seat], g, seat, bfc_rng_next(&wrng), legal, nlegal, why,
                         sizeof why) != 0 ||
            get_move(who[seat], legal, nlegal, &mv, why, sizeof why) != 0) {
            bad = seat;
            break;
        }
        n = apply(m, g, mv);
    }
    if (bad >= 0) {
        const int idx = (int)(who[bad] - m->eng);
        forfeit(m, game, pair, a_seat, idx, why);
        r.winner = 1 - idx;
        r.margin = 0;
        snprintf(line, sizeof line, "gameover forfeit %d\n", bad);
        if (who[1 - bad]->pid > 0 && engine_send(who[1 - bad], line, who[1 - bad]->clock, why, sizeof why) != 0)
            forfeit(m, game, pair, a_seat, 1 - idx, why); /* the game is already decided */
    } else {
        int sc[2] = {0, 0};
        bfc_game_scores(g, sc, 2);
        const int wside = bfc_game_winner(g);
        r.winner = wside == a_seat ? 0 : 1;
        r.margin = sc[a_seat] - sc[1 - a_seat];
        if (m->rules.flags & BFC_RULE_BACKWARD)
            r.margin = -r.margin;
        snprintf(line, sizeof line, "gameover winner %d value %d scores %d %d\n", wside,
                 bfc_game_value(g), sc[0], sc[1]);
        for (int s = 0; s < 2; s++)
            if (engine_send(who[s], line, who[s]->clock, why, sizeof why) != 0)
                engine_kill(who[s]); /* the game is over: no forfeit, a fresh start */
    }
    bfc_game_free(g);
    return r;
}

/* ---- The match and its report ------------------------------------------- */

static void report(const struct match *m)
{
    printf("\nresults: %" PRIu64 " games\n", m->games);
    for (int i = 0; i < 2; i++)
        printf("  %s %-40s wins %" PRIu64 ", forfeits %" PRIu64 "\n", m->eng[i].label,
               m->eng[i].name, m->wins[i], m->forfeits[i]);
    double sum = 0, sumsq = 0, mean, lo, hi;
    for (int k = 0; k <= 2; k++) {
        sum += (double)m->pair_k[k] * k / 2;
        sumsq += (double)m->pair_k[k] * k * k / 4;
    }
    char ci[64];
    if (mean_interval(m->pairs, sum, sumsq, &mean, &lo, &hi) == 0)
        snprintf(ci, sizeof ci, "[%.1f%%, %.1f%%]", 100 * (lo < 0 ? 0 : lo),
                 100 * (hi > 1 ? 1 : hi));
    else
        snprintf(ci, sizeof ci, "[-]");
    printf("  win rate  %5.1f%%  %s  fair 50.0%% (A's; paired 95%% interval: the pair the "
           "unit, Student's t)\n",
           100 * mean, ci);
    printf("  pairs     won 2-0: %" PRIu64 ", split 1-1: %" PRIu64 ", lost 0-2: %" PRIu64 "\n",
           m->pair_k[2], m->pair_k[1], m->pair_k[0]);
    if (mean_interval(m->pairs, m->margin_sum, m->margin_sq, &mean, &lo, &hi) == 0)
        snprintf(ci, sizeof ci, "[%+.2f, %+.2f]", lo, hi);
    else
        snprintf(ci, sizeof ci, "[-]");
    printf("  margin    %+.2f points a pair  %s  (A's final score less B's, summed over the "
           "pair; forfeited games count 0)\n",
           mean, ci);
}

static uint64_t number(const char *name, const char *v, uint64_t min, uint64_t max)
{
    uint64_t u = 0;
    if (parse_u64(v, max, &u) != 0 || u < min)
        msg_die(EXIT_USAGE, "bad %s '%s' (want %" PRIu64 "..%" PRIu64 ")", name, v, min, max);
    return u;
}

static void parse(int argc, char **argv, struct match *m, const char **a, const char **b)
{
    struct option_iter it;
    option_start(&it, argc, argv);
    int id;
    while ((id = option_next(&it, OPTIONS)) != OPT_END) {
        if (id == OPT_ERROR)
            msg_die(EXIT_USAGE, "%s (see --help)", it.error);
        switch (id) {
        case OPT_ARG:
            msg_die(EXIT_USAGE, "unexpected argument '%s' (see --help)", it.arg);
        case O_HELP:
            for (size_t i = 0; i < sizeof HELP / sizeof HELP[0]; i++)
                fputs(HELP[i], stdout);
            exit(fflush(stdout) == 0 ? EXIT_OK : EXIT_FAIL);
        case O_VERSION:
            printf("%s\n", bfc_version_string());
            exit(fflush(stdout) == 0 ? EXIT_OK : EXIT_FAIL);
        case O_A:
            *a = it.value;
            break;
        case O_B:
            *b = it.value;
            break;
        case O_GAME:
            m->game = it.value;
            break;
        case O_PAIRS:
            m->pairs = number("--pairs", it.value, 1, MAX_PAIRS);
            break;
        case O_SEED:
            m->seed = number("--seed", it.value, 0, UINT64_MAX);
            break;
        case O_START:
            m->start_clock = (int)number("--start-clock", it.value, 1, MAX_CLOCK_MS);
            break;
        case O_CLOCK_A:
        case O_CLOCK_B:
            m->eng_clock[id == O_CLOCK_B] =
                (int)number(id == O_CLOCK_A ? "--clock-a" : "--clock-b", it.value, 1, MAX_CLOCK_MS);
            break;
        default: /* O_CLOCK */
            m->clock = (int)number("--clock", it.value, 1, MAX_CLOCK_MS);
            break;
        }
    }
    if (!*a || !*b)
        msg_die(EXIT_USAGE, "give both engines: --a CMD --b CMD (see --help)");
    char why[192];
    if (proto_rules(m->game, 2, &m->rules, why, sizeof why) != 0)
        msg_die(EXIT_USAGE, "%s", why);
}

int main(int argc, char **argv)
{
    static struct match m;
    const char *a = NULL, *b = NULL;
    m.game = "battlefield";
    m.pairs = 10;
    m.seed = 1;
    m.clock = 10000;
    m.start_clock = 30000;
    parse(argc, argv, &m, &a, &b);
    engine_init(&m.eng[0], "A", a);
    engine_init(&m.eng[1], "B", b);
    for (int i = 0; i < 2; i++)
        m.eng[i].clock = m.eng_clock[i] ? m.eng_clock[i] : m.clock;
    engine_setup();
    m.cap = 4 * BFC_MAX_EVENTS;
    m.ev = resize(NULL, m.cap * sizeof *m.ev);
    printf("bfc-arena: %s, 2 players: %" PRIu64 " duplicate pairs (%" PRIu64
           " games); seed %" PRIu64 "\n",
           m.game, m.pairs, 2 * m.pairs, m.seed);
    printf("A: %s (clock %d ms)\nB: %s (clock %d ms)\n", a, m.eng[0].clock, b, m.eng[1].clock);
    fflush(stdout);
    for (uint64_t p = 0; p < m.pairs; p++) {
        int k = 0;
        double margin = 0;
        for (int a_seat = 0; a_seat < 2; a_seat++) {
            const struct result r = play(&m, m.games, p, a_seat);
            m.games++;
            m.wins[r.winner]++;
            k += r.winner == 0;
            margin += r.margin;
            fflush(stdout);
        }
        m.pair_k[k]++;
        m.margin_sum += margin;
        m.margin_sq += margin * margin;
    }
    for (int i = 0; i < 2; i++)
        engine_quit(&m.eng[i]);
    report(&m);
    free(m.ev);
    if (fflush(stdout) != 0)
        msg_die(EXIT_FAIL, "cannot write the report");
    return EXIT_OK;
}
