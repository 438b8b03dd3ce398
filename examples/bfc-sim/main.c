/*
 * bfc-sim -- play many games of Battlefield Cribbage or a classic game
 * (--game) between the library's baseline bots and print statistics: wins
 * with 95% confidence intervals, the game value of wins (RULES 5), mean
 * points per game by source, and the length of a game.
 *
 * An example of the public API: it uses include/bfc.h only. The loop of one
 * game is play_game() below:
 *
 *     bfc_game_new(&rules, seed)          deal (maybe cease-fires, RULES 4.3;
 *                                         five-card's 3, Noddy's hands)
 *     until bfc_game_over():
 *         bfc_game_observe(seat to move)  what that seat may know (D7)
 *         bfc_bot_greedy / _random        its bot picks a move
 *         bfc_game_apply(move, events)    play it; tally the SCORE events
 *     bfc_game_winner / bfc_game_value
 *
 * Everything is a pure function of the command line: the same arguments
 * print the same bytes (the wall-clock figures appear only with --timing).
 * A run can be split into shards played by separate processes and merged
 * exactly (--shard, --merge). `bfc-sim --help` documents every option and
 * JSON key.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bfc.h"

#if defined(__GNUC__) || defined(__clang__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#define NORETURN __attribute__((noreturn))
#else
#define PRINTF_LIKE(f, a)
#define NORETURN
#endif

#define PROG "bfc-sim"
#define JSON_FORMAT "bfc-sim 1" /* the "format" key of the JSON output */

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

#define MAX_SEATS 6 /* six-handed cribbage (RULES 3.4) */
#define MAX_GAMES UINT64_C(1000000000000) /* 10^12: far beyond any real run */
#define MAX_SHARDS UINT64_C(1000000)
/* A safety net: no game comes anywhere near this many moves (the turn limit,
 * RULES D9, ends every skirmish), so reaching it means an engine bug. */
#define MAX_MOVES_PER_GAME 1000000u
/* 95% two-sided normal quantile, for the Wilson score interval. */
#define Z95 1.959963984540054

/* ---- Names ---------------------------------------------------------------- */

enum bot_kind { BOT_RANDOM = 0, BOT_GREEDY = 1, NBOTS };
static const char *const BOT_NAME[NBOTS] = {"random", "greedy"};

/* Indexed by BFC_VALUE_*. */
static const char *const VALUE_NAME[] = {"plain", "skunk", "margin", "lurch"};
#define NVALUES (sizeof VALUE_NAME / sizeof VALUE_NAME[0])

/* Indexed by BFC_SRC_* (1..12); index 0 is unused. */
#define NSRC 13
static const char *const SRC_NAME[NSRC] = {
    "",     "frontline", "go",   "knobs", "battlefield", "reserve", "ceasefire",
    "play", "hand",      "crib", "heels", "muggins",     "first"};

static const char *src_name(int src) { return src > 0 && src < NSRC ? SRC_NAME[src] : "?"; }

/* The sources of points of each kind of game, in report order. */
static const int BATTLEFIELD_SRC[] = {BFC_SRC_FRONTLINE,   BFC_SRC_GO,      BFC_SRC_KNOBS,
                                      BFC_SRC_BATTLEFIELD, BFC_SRC_RESERVE, BFC_SRC_CEASEFIRE};
static const int CLASSIC_SRC[] = {BFC_SRC_PLAY,  BFC_SRC_GO,      BFC_SRC_HAND, BFC_SRC_CRIB,
                                  BFC_SRC_HEELS, BFC_SRC_MUGGINS, BFC_SRC_FIRST};

/* The games of --game. players, teams and need_teams are sets of player
 * counts (bit n: n players): the counts it is played by, those that may
 * play in partnerships, and those that must (RULES 3.3, 3.4). */
static const struct game_kind {
    const char *name, *title;
    int variant;    /* BFC_VARIANT_* */
    unsigned flags; /* rules flags it implies */
    unsigned players, teams, need_teams;
    int board;          /* the library's example Crib Wars board (RULES 3.9) */
    const char *counts; /* the player counts in words */
} GAMES[] = {
    {"battlefield", "Battlefield Cribbage", BFC_VARIANT_BATTLEFIELD, 0, 0x1Cu, 0x10u, 0,
     0, "2, 3 or 4"},
    {"classic", "Cribbage", BFC_VARIANT_CLASSIC, 0, 0x5Cu, 0x50u, 0x50u, 0, "2, 3, 4 or 6"},
    {"five-card", "Five-card cribbage", BFC_VARIANT_FIVE_CARD, 0, 0x04u, 0, 0, 0, "2"},
    {"noddy", "Noddy", BFC_VARIANT_NODDY, 0, 0x7Cu, 0x50u, 0, 0, "2 to 6"},
    {"backward", "Backward cribbage", BFC_VARIANT_CLASSIC, BFC_RULE_BACKWARD, 0x1Cu, 0x10u, 0x10u,
     0, "2, 3 or 4"},
    {"solitaire", "Solitaire cribbage", BFC_VARIANT_SOLITAIRE, 0, 0x02u, 0, 0, 0, "1"},
    {"crib-wars", "Crib Wars", BFC_VARIANT_CLASSIC, 0, 0x5Cu, 0x50u, 0x50u, 1, "2, 3, 4 or 6"},
};
#define NGAMES (sizeof GAMES / sizeof GAMES[0])

/* ---- Configuration and tallies ------------------------------------------- */

/* What a run plays: everything the results depend on. */
struct config {
    int game;            /* index in GAMES */
    int muggins;         /* classic games: declared counts (RULES 3.9) */
    int players, teams, target, value;
    int turn_limit;      /* turns per skirmish before the turn card is forced (D9) */
    int bot[MAX_SEATS];  /* enum bot_kind per seat */
    uint64_t games;      /* games in the whole run (all shards) */
    uint64_t seed;
    uint64_t shard_k, shard_n; /* this process plays shard k of n (1/1: all) */
};

/* What a run counts. Only integers, so that shards add up exactly. */
struct tally {
    uint64_t played;                 /* games played */
    uint64_t moves, moves_max;       /* moves applied: total, longest game */
    uint64_t turns;                  /* turns (one placement each); classic:
                                        cards laid in the play */
    uint64_t skirmishes;             /* deals, cease-fires included */
    uint64_t ceasefires;             /* deals that were cease-fires (4.3) */
    uint64_t limit_endings;          /* skirmishes ended by the turn limit (D9) */
    uint64_t wins[MAX_SEATS];        /* per side */
    uint64_t value_sum[MAX_SEATS];   /* per side: game values of its wins */
    uint64_t first_ceasefire[MAX_SEATS]; /* per side: cease-fire points at the
                                        first deal (scored inside bfc_game_new,
                                        with no events, so known per side only) */
    uint64_t points[MAX_SEATS][NSRC]; /* per seat and BFC_SRC_*: SCORE events
                                        (classic: and the first deal's points,
                                        see first_points) */
    uint64_t first_dealer[MAX_SEATS]; /* per seat: games it dealt first */
    uint64_t first_dealer_wins;      /* games won by the first dealer's side */
};

/* Teams are 2 of 2 (4 players) or 3 of 2 (6 players); the options and
 * --merge allow them with 4 or 6 players only. */
static int has_teams(const struct config *c) { return c->teams && c->players >= 4; }

static int sides_of(const struct config *c)
{
    return has_teams(c) ? c->players / 2 : c->players;
}

/* With teams seat s plays for side s % (players / 2): partners sit opposite
 * (RULES 4.1, 3.3, 3.4); else for side s. */
static int side_of_seat(const struct config *c, int seat)
{
    const int half = c->players / 2;
    return c->teams && half >= 2 ? seat % half : seat;
}

static int is_classic(const struct config *c)
{
    return GAMES[c->game].variant != BFC_VARIANT_BATTLEFIELD;
}

/* The sources of points the game reports, in order. */
static size_t sources(const struct config *c, const int **src)
{
    if (is_classic(c)) {
        *src = CLASSIC_SRC;
        return sizeof CLASSIC_SRC / sizeof CLASSIC_SRC[0];
    }
    *src = BATTLEFIELD_SRC;
    return sizeof BATTLEFIELD_SRC / sizeof BATTLEFIELD_SRC[0];
}

/* Games of the whole run that shard k/n plays: indices i < games with
 * i % n == k - 1. */
static uint64_t shard_games(uint64_t games, uint64_t k, uint64_t n)
{
    return games > k - 1 ? (games - (k - 1) + n - 1) / n : 0;
}

/* ---- Messages ------------------------------------------------------------ */

static void die(int status, const char *fmt, ...) PRINTF_LIKE(2, 3) NORETURN;
static void die(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs(PROG ": ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(status);
}

/* ---- Seeds ------------------------------------------------------------------
 * Game i (0-based, counted over the whole run) is dealt from
 *     game_seed(seed, i) = mix64(seed + (i + 1) * GOLDEN),
 * the (i+1)-th output of the splitmix64 generator started at --seed. Seat s's
 * bot draws from its own generator, started at
 *     mix64(game_seed ^ (BOT_SALT + s)).
 * Both depend on (--seed, i) only, never on the order games are played in, so
 * any shard plays exactly the games a single run would. */

#define GOLDEN UINT64_C(0x9E3779B97F4A7C15)
#define BOT_SALT UINT64_C(0xB07B07B07B07B07B)

/* splitmix64's output function: a bijective mix of 64 bits. */
static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static uint64_t game_seed(uint64_t seed, uint64_t index)
{
    return mix64(seed + (index + 1) * GOLDEN);
}

static uint64_t bot_seed(uint64_t gseed, int seat)
{
    return mix64(gseed ^ (BOT_SALT + (uint64_t)seat));
}

/* ---- Playing ------------------------------------------------------------- */

typedef int (*bot_fn)(const bfc_observation *obs, uint64_t *rng, bfc_move *out);

static bot_fn bot_function(int kind)
{
    return kind == BOT_GREEDY ? bfc_bot_greedy : bfc_bot_random;
}

/* The event buffer. BFC_MAX_EVENTS holds the events of any move except a
 * chain of cease-fires (each 1 in 53); apply_move grows it when a move
 * reports more. */
static bfc_event *events;
static size_t events_cap;

/* Applies move, with every event it produces in events[0..*nev). The
 * library reports the number of events as snprintf reports a length: when
 * they did not fit, the game is restored from a copy taken before the move
 * (bfc_game_copy does not allocate) and the move applied again with room
 * for all of them -- the game is deterministic, so it replays the same. */
static void apply_move(bfc_game *g, bfc_game *before, bfc_move move, size_t *nev)
{
    int rc = bfc_game_copy(before, g);
    if (rc == BFC_OK)
        rc = bfc_game_apply(g, move, events, events_cap, nev);
    if (rc == BFC_OK && *nev > events_cap) {
        bfc_event *bigger = realloc(events, *nev * sizeof *events);
        if (!bigger)
            die(EXIT_FAIL, "out of memory");
        events = bigger;
        events_cap = *nev;
        rc = bfc_game_copy(g, before);
        if (rc == BFC_OK)
            rc = bfc_game_apply(g, move, events, events_cap, nev);
    }
    if (rc != BFC_OK)
        die(EXIT_FAIL, "bfc_game_apply: %s", bfc_strerror(rc));
}

/* Peg for the model of the first deal: adds points for seat from source,
 * unless the game already ended (a side reached the target, which ends it
 * at once, RULES 3.1); returns 1 once it has ended. */
static int model_peg(const struct config *c, int *score, int seat, int src, int points,
                     uint64_t pts[MAX_SEATS][NSRC])
{
    for (int d = 0; d < sides_of(c); d++)
        if (score[d] >= c->target)
            return 1;
    score[side_of_seat(c, seat)] += points;
    pts[seat][src] += (uint64_t)points;
    return score[side_of_seat(c, seat)] >= c->target;
}

/* The points the first deal of a classic game scored inside bfc_game_new,
 * which makes no events (bfc.h): the five-card non-dealer's 3 (RULES 3.5),
 * Noddy's heels and hands counted before the play (3.6, not under muggins,
 * where they are declared with events). This program works them out from
 * the observations, seat by seat and source by source, and checks them
 * against the scores the game reports. */
static void first_deal_classic(const struct config *c, const bfc_game *g, uint64_t index,
                               struct tally *t)
{
    uint64_t pts[MAX_SEATS][NSRC];
    int model[MAX_SEATS] = {0}, score[MAX_SEATS] = {0};
    bfc_observation o;
    memset(pts, 0, sizeof pts);
    bfc_game_observe(g, 0, &o);
    const int variant = GAMES[c->game].variant;
    if (variant == BFC_VARIANT_FIVE_CARD)
        model_peg(c, model, (o.dealer + 1) % 2, BFC_SRC_FIRST, 3, pts);
    if (variant == BFC_VARIANT_NODDY) {
        int over = bfc_card_rank(o.starter) == BFC_JACK &&
                   model_peg(c, model, o.dealer, BFC_SRC_HEELS, 2, pts);
        /* the hands from the dealer's left, the dealer last (RULES 3.6) */
        for (int k = 1; k <= c->players && !over && !c->muggins; k++) {
            const int seat = (o.dealer + k) % c->players;
            bfc_observation h;
            bfc_card hand[3];
            size_t n = 0;
            bfc_game_observe(g, seat, &h);
            for (int card = 0; card < BFC_NCARDS && n < 3; card++)
                if (h.hand >> card & 1u)
                    hand[n++] = (bfc_card)card;
            const int p = bfc_score_hand(hand, n, o.starter, BFC_NODDY, NULL);
            if (n != 3 || p < 0)
                die(EXIT_FAIL, "game %" PRIu64 ": seat %d holds %zu cards at the first deal",
                    index, seat, n);
            over = model_peg(c, model, seat, BFC_SRC_HAND, p, pts);
        }
    }
    bfc_game_scores(g, score, MAX_SEATS);
    for (int d = 0; d < sides_of(c); d++)
        if (score[d] != model[d])
            die(EXIT_FAIL,
                "game %" PRIu64 " (seed %" PRIu64 "): the first deal scored %d for side %d, "
                "but the rules (RULES 3.5, 3.6) give %d",
                index, c->seed, score[d], d, model[d]);
    for (int s = 0; s < c->players; s++)
        for (int src = 1; src < NSRC; src++)
            t->points[s][src] += pts[s][src];
}

/* Plays game `index` of the run to its end and adds it to *t. `before` is a
 * spare game of the same rules (for apply_move). */
static void play_game(const struct config *c, const bfc_rules *rules, uint64_t index,
                      bfc_game *before, struct tally *t)
{
    const uint64_t gseed = game_seed(c->seed, index);
    int rc;
    bfc_game *g = bfc_game_new(rules, gseed, &rc);
    if (!g)
        die(EXIT_FAIL, "bfc_game_new: %s", bfc_strerror(rc));
    uint64_t rng[MAX_SEATS];
    for (int s = 0; s < c->players; s++)
        rng[s] = bot_seed(gseed, s);

    bfc_observation obs;
    rc = bfc_game_observe(g, 0, &obs);
    if (rc != BFC_OK)
        die(EXIT_FAIL, "bfc_game_observe: %s", bfc_strerror(rc));
    int first_dealer;
    if (is_classic(c)) {
        first_deal_classic(c, g, index, t);
        first_dealer = obs.dealer; /* the cut (RULES 3.1); solitaire: seat 0 */
    } else {
        /* The first deal happened inside bfc_game_new. If its first frontline
         * card was the joker, that skirmish was a cease-fire (RULES 4.3), scored
         * at once and with no events, and the deal passed to the left; several
         * may follow one another, and with a low --target one may even win the
         * game. What is left of them: the side scores, and the skirmish count. */
        int score[MAX_SEATS] = {0};
        bfc_game_scores(g, score, MAX_SEATS);
        for (int d = 0; d < sides_of(c); d++)
            t->first_ceasefire[d] += (uint64_t)score[d];
        /* Every deal but the last was a cease-fire that passed the deal on (the
         * last is the one being played, or the cease-fire that won); so the
         * seat that won the cut (RULES 4.2) is skirmish - 1 seats to the right
         * of the dealer now. */
        first_dealer =
            (int)((obs.dealer + (uint64_t)c->players * obs.skirmish - (obs.skirmish - 1)) %
                  (uint64_t)c->players);
        t->ceasefires += obs.over ? obs.skirmish : obs.skirmish - 1;
    }
    t->first_dealer[first_dealer]++;
    const int sides = sides_of(c);

    uint64_t moves = 0;
    while (!bfc_game_over(g)) {
        const int seat = bfc_game_to_move(g);
        bfc_move move;
        rc = bfc_game_observe(g, seat, &obs);
        if (rc == BFC_OK)
            rc = bot_function(c->bot[seat])(&obs, &rng[seat], &move);
        if (rc != BFC_OK)
            die(EXIT_FAIL, "the %s bot of seat %d: %s", BOT_NAME[c->bot[seat]], seat,
                bfc_strerror(rc));

        int old[MAX_SEATS] = {0}, now[MAX_SEATS] = {0};
        int64_t pegged[MAX_SEATS] = {0};
        int total[MAX_SEATS]; /* each side's total as the events go */
        size_t nev = 0;
        bfc_game_scores(g, old, MAX_SEATS);
        apply_move(g, before, move, &nev);
        bfc_game_scores(g, now, MAX_SEATS);
        memcpy(total, old, sizeof total);

        for (size_t i = 0; i < nev; i++) {
            const bfc_event *e = &events[i];
            switch (e->type) {
            case BFC_EV_SCORE:
                /* item.points (== points) for seat's side, from source */
                if (e->source >= 1 && e->source < NSRC && e->seat < c->players) {
                    t->points[e->seat][e->source] += e->points;
                    pegged[side_of_seat(c, e->seat)] += e->points;
                    total[side_of_seat(c, e->seat)] += e->points;
                }
                break;
            case BFC_EV_BOARD: /* Crib Wars: the board moved the peg to `score` */
                if (e->side < MAX_SEATS) {
                    pegged[e->side] += e->score - total[e->side];
                    total[e->side] = e->score;
                }
                break;
            case BFC_EV_PLACE: /* every turn places exactly one card */
            case BFC_EV_PLAY:  /* classic: a card laid in the play */
                t->turns++;
                break;
            case BFC_EV_CEASEFIRE:
                t->ceasefires++;
                break;
            case BFC_EV_TURN_CARD:
                /* `turn` counts the skirmish's turns before this one: at the
                 * limit the turn card was forced (D9) */
                if (rules->turn_limit > 0 && e->turn >= rules->turn_limit)
                    t->limit_endings++;
                break;
            default:
                break;
            }
        }
        /* The SCORE events of a move (and the board's moves) account for
         * every point it pegged: a mismatch is an engine bug, worth stopping
         * for. */
        for (int d = 0; d < sides; d++)
            if (pegged[d] != now[d] - old[d])
                die(EXIT_FAIL,
                    "game %" PRIu64 " (seed %" PRIu64 "), move %" PRIu64
                    ": side %d pegged %d points but its SCORE events add up to %" PRId64,
                    index, c->seed, moves + 1, d, now[d] - old[d], pegged[d]);
        if (++moves >= MAX_MOVES_PER_GAME)
            die(EXIT_FAIL, "game %" PRIu64 " (seed %" PRIu64 ") did not end in %u moves", index,
                c->seed, MAX_MOVES_PER_GAME);
    }

    rc = bfc_game_observe(g, 0, &obs); /* for the final skirmish count */
    if (rc != BFC_OK)
        die(EXIT_FAIL, "bfc_game_observe: %s", bfc_strerror(rc));
    const int winner = bfc_game_winner(g), value = bfc_game_value(g);
    const int solo_lost = c->players == 1 && winner == -1 && value == 0; /* RULES 3.8 */
    if (!solo_lost && (winner < 0 || winner >= sides || value < 1))
        die(EXIT_FAIL, "game %" PRIu64 ": over, but winner %d and value %d", index, winner,
            value);
    t->played++;
    if (!solo_lost) {
        t->wins[winner]++;
        t->value_sum[winner] += (uint64_t)value;
        if (side_of_seat(c, first_dealer) == winner)
            t->first_dealer_wins++;
    }
    t->moves += moves;
    if (moves > t->moves_max)
        t->moves_max = moves;
    t->skirmishes += obs.skirmish;
    bfc_game_free(g);
}

/* Plays every game of the run that belongs to this process's shard. */
static void run(const struct config *c, struct tally *t)
{
    bfc_rules rules;
    bfc_rules_init_variant(&rules, GAMES[c->game].variant);
    rules.players = c->players;
    rules.teams = c->teams;
    rules.target = c->target;
    rules.value = c->value;
    rules.turn_limit = c->turn_limit; /* 0 in the classic games */
    rules.flags |= GAMES[c->game].flags | (c->muggins ? BFC_RULE_MUGGINS : 0u);
    if (GAMES[c->game].board)
        bfc_board_example(&rules.board);
    /* rules.first_dealer stays BFC_DEALER_CUT: each game cuts for the first
     * deal (RULES 4.2, D6), so no seat always deals first. */
    if (bfc_rules_check(&rules) != BFC_OK)
        die(EXIT_USAGE, "these rules are not a game libbfc plays");
    int rc;
    bfc_game *before = bfc_game_new(&rules, 0, &rc);
    if (!before)
        die(EXIT_FAIL, "bfc_game_new: %s", bfc_strerror(rc));
    events_cap = BFC_MAX_EVENTS;
    events = malloc(events_cap * sizeof *events);
    if (!events)
        die(EXIT_FAIL, "out of memory");
    for (uint64_t i = c->shard_k - 1; i < c->games; i += c->shard_n)
        play_game(c, &rules, i, before, t);
    free(events);
    events = NULL;
    bfc_game_free(before);
}

/* ---- Statistics -------------------------------------------------------- */

/* Square root by Newton's method (the examples link libc only, not libm).
 * Started above the root, the iterates decrease until rounding stops them:
 * exact to the last bit or two, and the same on every IEEE machine. */
static double square_root(double x)
{
    if (!(x > 0))
        return 0;
    double r = x > 1 ? x : 1;
    for (;;) {
        const double next = 0.5 * (r + x / r);
        if (!(next < r))
            return r;
        r = next;
    }
}

/* The Wilson score interval for w successes in n trials (95%): better than
 * p +- z*sqrt(p(1-p)/n) near 0 and 1 and for small n. */
static void wilson(uint64_t w, uint64_t n, double *lo, double *hi)
{
    if (n == 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    const double nn = (double)n, p = (double)w / nn, z2 = Z95 * Z95;
    const double denom = 1 + z2 / nn;
    const double centre = (p + z2 / (2 * nn)) / denom;
    const double half = Z95 * square_root(p * (1 - p) / nn + z2 / (4 * nn * nn)) / denom;
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0; }

/* Points of side d from source src (cease-fires at the first deal included). */
static uint64_t side_points(const struct config *c, const struct tally *t, int d, int src)
{
    uint64_t sum = src == BFC_SRC_CEASEFIRE ? t->first_ceasefire[d] : 0;
    for (int s = 0; s < c->players; s++)
        if (side_of_seat(c, s) == d)
            sum += t->points[s][src];
    return sum;
}

static uint64_t side_total(const struct config *c, const struct tally *t, int d)
{
    uint64_t sum = 0;
    for (int src = 1; src < NSRC; src++)
        sum += side_points(c, t, d, src);
    return sum;
}

static uint64_t seat_total(const struct tally *t, int s)
{
    uint64_t sum = 0;
    for (int src = 1; src < NSRC; src++)
        sum += t->points[s][src];
    return sum;
}

/* ---- The text report ----------------------------------------------------- */

static void bots_text(const struct config *c, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int s = 0; s < c->players && n < cap; s++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%s", s ? "," : "", BOT_NAME[c->bot[s]]);
}

/* "0+2" and "greedy+random" for a side with teams (partners opposite:
 * seats d and d + players/2); "1" and "greedy" without. */
static void side_text(const struct config *c, int d, char *seats, char *bots, size_t cap)
{
    if (c->teams) {
        const int p = d + c->players / 2;
        snprintf(seats, cap, "%d+%d", d, p);
        snprintf(bots, cap, "%s+%s", BOT_NAME[c->bot[d]], BOT_NAME[c->bot[p]]);
    } else {
        snprintf(seats, cap, "%d", d);
        snprintf(bots, cap, "%s", BOT_NAME[c->bot[d]]);
    }
}

/* The width of a source's column: its name, at least 9 wide. */
static int src_width(int src)
{
    const int w = (int)strlen(src_name(src));
    return w > 9 ? w : 9;
}

/* One row of mean points per game by source. */
static void points_row(const struct config *c, const char *who, const char *bot,
                       const uint64_t pts[NSRC], uint64_t played)
{
    const int *src;
    const size_t nsrc = sources(c, &src);
    uint64_t total = 0;
    printf("  %-5s %-13s", who, bot);
    for (size_t i = 0; i < nsrc; i++) {
        printf(" %*.2f", src_width(src[i]), ratio(pts[src[i]], played));
        total += pts[src[i]];
    }
    printf(" %8.2f\n", ratio(total, played));
}

static void points_header(const struct config *c, const char *who, const char *bot)
{
    const int *src;
    const size_t nsrc = sources(c, &src);
    printf("  %-5s %-13s", who, bot);
    for (size_t i = 0; i < nsrc; i++)
        printf(" %*s", src_width(src[i]), src_name(src[i]));
    printf(" %8s\n", "total");
}

static void print_report(const struct config *c, const struct tally *t)
{
    const int sides = sides_of(c);
    const uint64_t n = t->played;
    const int classic = is_classic(c), solo = c->players == 1;
    char bots[64], seats[32], sbots[32]; /* side_text: both of one size */
    bots_text(c, bots, sizeof bots);

    printf("%s%s: %" PRIu64 " games, %d player%s%s, target %d", GAMES[c->game].title,
           c->muggins ? " with muggins" : "", c->games, c->players, solo ? "" : "s",
           !c->teams             ? ""
           : sides_of(c) == 2 ? " in two teams (seats 0+2, 1+3)"
                              : " in three teams (seats 0+3, 1+4, 2+5)",
           c->target);
    if (!classic)
        printf(", turn limit %d", c->turn_limit);
    printf(", %s game value\n", VALUE_NAME[c->value]);
    printf("bots by seat: %s; seed %" PRIu64 "; %s\n", bots, c->seed,
           solo ? "one player, more than 120 wins (RULES 3.8)"
                : "first dealer by cut in every game");
    if (c->shard_n > 1)
        printf("shard %" PRIu64 "/%" PRIu64 ": the %" PRIu64 " games with index %% %" PRIu64
               " == %" PRIu64 "\n",
               c->shard_k, c->shard_n, n, c->shard_n, c->shard_k - 1);

    printf("\nwins\n");
    printf("  %-5s %-5s %-13s %8s %7s  %-17s %7s\n", "side", "seats", "bots", "wins", "rate",
           "95% CI (Wilson)", "value");
    for (int d = 0; d < sides; d++) {
        double lo, hi;
        char ci[64], value[32];
        wilson(t->wins[d], n, &lo, &hi);
        snprintf(ci, sizeof ci, "[%.1f%%, %.1f%%]", 100 * lo, 100 * hi);
        if (t->wins[d])
            snprintf(value, sizeof value, "%.3f", ratio(t->value_sum[d], t->wins[d]));
        else
            snprintf(value, sizeof value, "-");
        side_text(c, d, seats, sbots, sizeof seats);
        printf("  %-5d %-5s %-13s %8" PRIu64 " %6.1f%%  %-17s %7s\n", d, seats, sbots, t->wins[d],
               100 * ratio(t->wins[d], n), ci, value);
    }
    printf("  (value: the mean game value of the side's wins, RULES 5)\n");
    if (solo)
        printf("  mean score %.2f; lost %" PRIu64 " of %" PRIu64 " games\n",
               ratio(side_total(c, t, 0), n), n - t->wins[0], n);

    printf("\nmean points per game, by source\n");
    points_header(c, "seat", "bot");
    for (int s = 0; s < c->players; s++) {
        uint64_t pts[NSRC];
        char who[12];
        memcpy(pts, t->points[s], sizeof pts);
        if (!c->teams) /* side == seat: the first deal's cease-fires are its own */
            pts[BFC_SRC_CEASEFIRE] += t->first_ceasefire[s];
        snprintf(who, sizeof who, "%d", s);
        points_row(c, who, BOT_NAME[c->bot[s]], pts, n);
    }
    if (c->teams) {
        points_header(c, "side", "bots");
        for (int d = 0; d < sides; d++) {
            uint64_t pts[NSRC] = {0};
            for (int src = 1; src < NSRC; src++)
                pts[src] = side_points(c, t, d, src);
            side_text(c, d, seats, sbots, sizeof seats);
            points_row(c, seats, sbots, pts, n);
        }
        if (!classic)
            printf("  (a cease-fire at the first deal scores inside bfc_game_new, with no\n"
                   "  events, so it is known per side only: in the side rows, not the "
                   "seats')\n");
    }
    const int variant = GAMES[c->game].variant;
    if (variant == BFC_VARIANT_FIVE_CARD || variant == BFC_VARIANT_NODDY)
        printf("  (points of the first deal, scored inside bfc_game_new without events --\n"
               "  five-card's first 3, Noddy's heels and hands -- are worked out from the\n"
               "  observations and checked against the scores)\n");

    printf("\ngame length, per game\n");
    if (classic) {
        printf("  moves %.1f (longest game %" PRIu64 "), cards laid %.1f, deals %.2f\n",
               ratio(t->moves, n), t->moves_max, ratio(t->turns, n), ratio(t->skirmishes, n));
    } else {
        printf("  moves %.1f (longest game %" PRIu64 "), turns %.1f, skirmishes %.2f\n",
               ratio(t->moves, n), t->moves_max, ratio(t->turns, n), ratio(t->skirmishes, n));
        printf("  cease-fires %.3f, skirmishes ended by the turn limit %.3f\n",
               ratio(t->ceasefires, n), ratio(t->limit_endings, n));
    }
    if (solo)
        return;
    printf("\nfirst dealer (cut):");
    for (int s = 0; s < c->players; s++)
        printf("%s seat %d %" PRIu64, s ? "," : "", s, t->first_dealer[s]);
    printf("; the first dealer's side won %.1f%%\n", 100 * ratio(t->first_dealer_wins, n));
}

/* ---- JSON ---------------------------------------------------------------
 * One flat object on one line: the configuration, every counter of struct
 * tally (the integers --merge adds up), then figures derived from them. */

/* A counter of struct tally with its JSON key; max: merged by maximum, not
 * by sum. */
struct field {
    char key[40];
    uint64_t *p;
    int max;
};
#define MAX_FIELDS (8 + 4 * MAX_SEATS + MAX_SEATS * (NSRC - 1) + 1)

/* The counters of *t for configuration c, in output order. */
static size_t tally_fields(const struct config *c, struct tally *t, struct field *f)
{
    size_t n = 0;
#define FIELD(ptr, ismax, ...)                                                                 \
    do {                                                                                       \
        snprintf(f[n].key, sizeof f[n].key, __VA_ARGS__);                                      \
        f[n].p = (ptr);                                                                        \
        f[n].max = (ismax);                                                                    \
        n++;                                                                                   \
    } while (0)
    const int classic = is_classic(c);
    const int *src;
    const size_t nsrc = sources(c, &src);
    FIELD(&t->played, 0, "played");
    FIELD(&t->moves, 0, "moves");
    FIELD(&t->moves_max, 1, "moves_max");
    if (classic) {
        FIELD(&t->turns, 0, "cards_laid");
        FIELD(&t->skirmishes, 0, "deals");
    } else {
        FIELD(&t->turns, 0, "turns");
        FIELD(&t->skirmishes, 0, "skirmishes");
        FIELD(&t->ceasefires, 0, "ceasefires");
        FIELD(&t->limit_endings, 0, "limit_endings");
    }
    for (int d = 0; d < sides_of(c); d++) {
        FIELD(&t->wins[d], 0, "side%d_wins", d);
        FIELD(&t->value_sum[d], 0, "side%d_value_sum", d);
        if (!classic)
            FIELD(&t->first_ceasefire[d], 0, "side%d_first_ceasefire", d);
    }
    for (int s = 0; s < c->players; s++)
        for (size_t i = 0; i < nsrc; i++)
            FIELD(&t->points[s][src[i]], 0, "seat%d_%s", s, src_name(src[i]));
    for (int s = 0; s < c->players; s++)
        FIELD(&t->first_dealer[s], 0, "seat%d_first_dealer", s);
    FIELD(&t->first_dealer_wins, 0, "first_dealer_wins");
#undef FIELD
    return n;
}

static void print_json(const struct config *c, const struct tally *t, double seconds)
{
    struct tally copy = *t; /* tally_fields hands out writable pointers */
    struct field f[MAX_FIELDS];
    const size_t nf = tally_fields(c, &copy, f);
    const uint64_t n = t->played;
    char bots[64];
    bots_text(c, bots, sizeof bots);

    const int *src;
    const size_t nsrc = sources(c, &src);
    printf("{\"format\":\"%s\",\"game\":\"%s\",\"muggins\":%s,\"bots\":\"%s\",\"players\":%d,"
           "\"teams\":%s,\"target\":%d,\"turn_limit\":%d,\"value\":\"%s\",\"games\":%" PRIu64
           ",\"seed\":%" PRIu64 ",\"shard_k\":%" PRIu64 ",\"shard_n\":%" PRIu64,
           JSON_FORMAT, GAMES[c->game].name, c->muggins ? "true" : "false", bots, c->players,
           c->teams ? "true" : "false", c->target, c->turn_limit, VALUE_NAME[c->value], c->games,
           c->seed, c->shard_k, c->shard_n);
    for (size_t i = 0; i < nf; i++)
        printf(",\"%s\":%" PRIu64, f[i].key, *f[i].p);

    /* derived figures: means over the games played */
    if (is_classic(c))
        printf(",\"moves_per_game\":%.6f,\"cards_laid_per_game\":%.6f,\"deals_per_game\":%.6f",
               ratio(t->moves, n), ratio(t->turns, n), ratio(t->skirmishes, n));
    else
        printf(",\"moves_per_game\":%.6f,\"turns_per_game\":%.6f,\"skirmishes_per_game\":%.6f,"
               "\"ceasefires_per_game\":%.6f",
               ratio(t->moves, n), ratio(t->turns, n), ratio(t->skirmishes, n),
               ratio(t->ceasefires, n));
    for (int d = 0; d < sides_of(c); d++) {
        double lo, hi;
        wilson(t->wins[d], n, &lo, &hi);
        printf(",\"side%d_win_rate\":%.6f,\"side%d_ci_low\":%.6f,\"side%d_ci_high\":%.6f,"
               "\"side%d_mean_value\":%.6f",
               d, ratio(t->wins[d], n), d, lo, d, hi, d, ratio(t->value_sum[d], t->wins[d]));
        for (size_t i = 0; i < nsrc; i++)
            printf(",\"side%d_%s_per_game\":%.6f", d, src_name(src[i]),
                   ratio(side_points(c, t, d, src[i]), n));
        printf(",\"side%d_points_per_game\":%.6f", d, ratio(side_total(c, t, d), n));
    }
    for (int s = 0; s < c->players; s++)
        printf(",\"seat%d_points_per_game\":%.6f", s, ratio(seat_total(t, s), n));
    if (seconds >= 0)
        printf(",\"seconds\":%.3f,\"games_per_s\":%.1f", seconds,
               seconds > 0 ? (double)n / seconds : 0);
    printf("}\n");
}

/* ---- Reading the JSON back (--merge) -------------------------------------
 * Only what print_json writes is accepted: one flat object per line, string
 * values without escapes, numbers, true and false. */

struct pair {
    const char *key, *val; /* NUL-terminated, inside the line */
    int is_string;
};
#define MAX_PAIRS 256

static void skip_blanks(char **p)
{
    while (**p == ' ' || **p == '\t' || **p == '\r')
        (*p)++;
}

/* Cuts a string at *p (on its opening quote) out of the line in place;
 * returns its text or NULL. */
static char *take_string(char **p)
{
    char *s = ++*p;
    while (**p && **p != '"') {
        if (**p == '\\' || (unsigned char)**p < 0x20)
            return NULL;
        (*p)++;
    }
    if (**p != '"')
        return NULL;
    *(*p)++ = '\0';
    return s;
}

/* Parses the object in line (modified in place) into pairs; returns how
 * many, or -1 with *why set. */
static int parse_object(char *line, struct pair *pairs, const char **why)
{
    char *p = line;
    int n = 0;
    skip_blanks(&p);
    if (*p++ != '{') {
        *why = "not a JSON object";
        return -1;
    }
    skip_blanks(&p);
    if (*p == '}')
        p++;
    else
        for (;;) {
            if (n == MAX_PAIRS) {
                *why = "too many keys";
                return -1;
            }
            struct pair *kv = &pairs[n++];
            skip_blanks(&p);
            if (*p != '"' || !(kv->key = take_string(&p))) {
                *why = "bad key";
                return -1;
            }
            skip_blanks(&p);
            if (*p++ != ':') {
                *why = "':' missing";
                return -1;
            }
            skip_blanks(&p);
            kv->is_string = *p == '"';
            if (kv->is_string) {
                if (!(kv->val = take_string(&p))) {
                    *why = "bad string";
                    return -1;
                }
            } else {
                kv->val = p;
                while (*p && strchr("0123456789+-.eEtrufals", *p))
                    p++;
                if (p == kv->val) {
                    *why = "bad value";
                    return -1;
                }
            }
            char *end = p; /* the value ends here; cut it after looking on */
            skip_blanks(&p);
            const char next = *p++;
            *end = '\0';
            if (next == '}')
                break;
            if (next != ',') {
                *why = "',' or '}' missing";
                return -1;
            }
        }
    skip_blanks(&p);
    if (*p != '\0' && *p != '\n') {
        *why = "text after the object";
        return -1;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            if (strcmp(pairs[i].key, pairs[j].key) == 0) {
                *why = "a key twice";
                return -1;
            }
    return n;
}

/* A decimal integer 0..max, digits only; 0 on success, -1 otherwise. */
static int parse_u64(const char *s, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    if (!*s)
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        const unsigned digit = (unsigned)(*s - '0');
        if (digit > max || v > (max - digit) / 10)
            return -1;
        v = v * 10 + digit;
    }
    *out = v;
    return 0;
}

/* ---- Options ------------------------------------------------------------- */

/* Parses a --bots list into bot[] and returns how many names it has. */
static int parse_bots(const char *list, int bot[MAX_SEATS])
{
    int n = 0;
    const char *p = list;
    for (;;) {
        const size_t len = strcspn(p, ",");
        int kind = -1;
        for (int k = 0; k < NBOTS; k++)
            if (strlen(BOT_NAME[k]) == len && strncmp(p, BOT_NAME[k], len) == 0)
                kind = k;
        if (kind < 0 || n == MAX_SEATS)
            return -1;
        bot[n++] = kind;
        if (p[len] == '\0')
            return n;
        p += len + 1;
    }
}

/* The index in GAMES of a --game name, or -1. */
static int parse_game(const char *s)
{
    for (size_t g = 0; g < NGAMES; g++)
        if (strcmp(s, GAMES[g].name) == 0)
            return (int)g;
    return -1;
}

static int parse_value(const char *s)
{
    for (size_t v = 0; v < NVALUES; v++)
        if (strcmp(s, VALUE_NAME[v]) == 0)
            return (int)v;
    return -1;
}

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

/* Fills c->bot for c->players seats from a parsed list of nbots names (one
 * name: every seat), or reports the mismatch. */
static void assign_bots(struct config *c, const int *bot, int nbots, const char *what)
{
    if (nbots > 1 && nbots != c->players)
        die(EXIT_USAGE, "%s names %d bots for %d players (give one per seat, or one for all)",
            what, nbots, c->players);
    for (int s = 0; s < c->players; s++)
        c->bot[s] = bot[nbots > 1 ? s : 0];
}

/* The --help text, in pieces (ISO C limits the length of one literal). */
static const char *const HELP[] = {
    "usage: bfc-sim [OPTIONS]                  play games, print statistics\n"
    "       bfc-sim [--json] --merge FILE...   merge the --json output of shards\n"
    "\n"
    "Plays Battlefield Cribbage (RULES 4) or a classic game (RULES 3) between\n"
    "libbfc's baseline bots and prints who won and where the points came from.\n"
    "\n",
    "OPTIONS (also written --name=VALUE):\n"
    "  --game NAME     battlefield (default), classic (RULES 3.1-3.4), five-card\n"
    "                  (3.5), noddy (3.6), backward (3.7: the first to the target\n"
    "                  loses), solitaire (3.8: one seat, more than 120 wins) or\n"
    "                  crib-wars (3.9: classic on the library's example board)\n"
    "  --bots LIST     the bot of each seat, comma-separated, seat 0 first: random\n"
    "                  (a legal move at random) or greedy (the most immediate\n"
    "                  points). One name plays every seat. Default greedy,random\n"
    "                  (for more players: greedy,random,greedy,...; solitaire greedy).\n"
    "  --players N     battlefield 2, 3 or 4; classic, crib-wars 2, 3, 4 or 6 (4, 6 in\n"
    "                  teams); five-card 2; noddy 2 to 6; backward 2, 3 or 4;\n"
    "                  solitaire 1. Default: the number of bots listed, else 4\n"
    "                  with --teams, else 2 (solitaire 1)\n"
    "  --teams         partners opposite: 4 players as seats 0+2 against 1+3\n"
    "                  (RULES 4.1, 3.3), 6 as 0+3, 1+4, 2+5 (3.4)\n"
    "  --muggins       classic games: players declare their counts and the\n"
    "                  opponents may claim (RULES 3.9)\n"
    "  --target N      points to win, 1..1000 (default 121; five-card 61, noddy 31;\n"
    "                  backward: the points that lose)\n"
    "  --turn-limit N  battlefield: turns per skirmish before the turn card is\n"
    "                  forced, 0..10000 (RULES D9; default 200, 0 = no limit)\n"
    "  --value NAME    game value of a win (RULES 5): plain (default; always 1),\n"
    "                  skunk, margin or lurch\n"
    "  --games N       games in the run, 1..10^12 (default 1000)\n"
    "  --seed N        the run's seed, 0..2^64-1 (default 1)\n"
    "  --shard K/N     play only shard K of N (below)\n"
    "  --json          print one JSON object on one line instead of the report\n"
    "  --timing        also print the wall-clock time and games per second (the\n"
    "                  only output that changes from run to run)\n"
    "  --merge FILE... read the JSON lines of shard runs ('-' is standard input;\n"
    "                  a file may hold several lines) and print the report of the\n"
    "                  whole run (with --json: its JSON)\n"
    "  --help          this text;   --version   the libbfc version\n"
    "\n",
    "THE GAMES. Rules: bfc_rules_init_variant() defaults (Battlefield: best\n"
    "lay-aways only, RULES D10) with the options above. Each game cuts for its\n"
    "first dealer (RULES 4.2, 3.1, D6), then the deal passes to the left. Seats\n"
    "keep their bots in every game; the cut makes each seat deal first about\n"
    "equally often (the report counts it), but the order of play stays: with 3\n"
    "or more players a bot's neighbours (who plays before it, who gets its go\n"
    "points, who may claim its miscounts) matter.\n"
    "Game i (0-based) is dealt from seed mix64(S + (i+1) * 0x9E3779B97F4A7C15),\n"
    "S = --seed, mix64 = splitmix64's output function; seat s's bot has its own\n"
    "generator started at mix64(game seed ^ (0xB07B07B07B07B07B + s)). So a game\n"
    "depends on (--seed, i) only, and the same arguments print the same bytes.\n"
    "\n",
    "SHARDS. --shard K/N plays only the games i with i % N == K-1; games,\n"
    "seeds and bots are those of the whole run. Run K = 1..N (on any machines),\n"
    "each with --json and otherwise the same options, then --merge their output:\n"
    "it prints exactly what the unsharded run prints. --merge checks that the\n"
    "lines agree on every option and hold each shard once.\n"
    "\n",
    "THE REPORT.\n"
    "  wins: per side (a seat, or a team): wins, win rate and its 95% Wilson\n"
    "    score interval, and the mean game value of its wins; backward games\n"
    "    count the side that did not reach the target; solitaire, the games\n"
    "    won and the mean final score\n"
    "  mean points per game by source (the SCORE events' source); total = the\n"
    "    final score. Battlefield: frontline (fifteen/31, combination, last\n"
    "    card), go, knobs (a jack turn card, for the dealer), battlefield,\n"
    "    reserve, ceasefire. A cease-fire at the very first deal is scored\n"
    "    inside bfc_game_new, without events: it is read from the starting\n"
    "    scores and counted under ceasefire -- per side only, so with --teams\n"
    "    it is in the side rows. Classic games: play (pegging, last card), go,\n"
    "    hand, crib, heels (a jack starter), muggins (points claimed), first\n"
    "    (five-card's 3 for the first non-dealer). The first deal is made\n"
    "    inside bfc_game_new too: its points (five-card's 3, Noddy's heels and\n"
    "    hands) are worked out seat by seat from the observations and checked\n"
    "    against the starting scores.\n"
    "  game length per game: moves (each bfc_game_apply, reveals and lay-aways\n"
    "    included), turns (one placement each), skirmishes (deals, cease-fires\n"
    "    included), cease-fires, skirmishes ended by the turn limit (D9); in\n"
    "    the classic games moves, cards laid and deals\n"
    "  first dealer: how often each seat won the cut, and how often the first\n"
    "    dealer's side won the game\n"
    "\n",
    "JSON KEYS (one line):\n"
    "  format (\"" JSON_FORMAT "\"), game, muggins, bots, players, teams, target,\n"
    "  turn_limit, value, games, seed, shard_k, shard_n (1 and 1 for a whole run);\n"
    "  counters (integers, summed by --merge; moves_max: the maximum):\n"
    "    played, moves, moves_max, turns, skirmishes, ceasefires, limit_endings,\n"
    "    sideD_wins, sideD_value_sum, sideD_first_ceasefire (D = side),\n"
    "    seatS_frontline, seatS_go, seatS_knobs, seatS_battlefield,\n"
    "    seatS_reserve, seatS_ceasefire (S = seat; SCORE events only),\n"
    "    seatS_first_dealer, first_dealer_wins; in the classic games\n"
    "    cards_laid and deals for turns..limit_endings, no sideD_first_ceasefire,\n"
    "    and seatS_play, _go, _hand, _crib, _heels, _muggins, _first;\n"
    "  derived (means over the games played): moves_per_game, turns_per_game,\n"
    "    skirmishes_per_game, ceasefires_per_game (classic: cards_laid_per_game,\n"
    "    deals_per_game), sideD_win_rate, sideD_ci_low, sideD_ci_high,\n"
    "    sideD_mean_value, sideD_<source>_per_game (first-deal points\n"
    "    included), sideD_points_per_game, seatS_points_per_game;\n"
    "  with --timing: seconds, games_per_s.\n"
    "\n",
    "EXAMPLES:\n"
    "  bfc-sim                                 greedy vs random, 1000 games\n"
    "  bfc-sim --bots greedy --players 3 --games 5000\n"
    "  bfc-sim --teams --bots greedy,random,random,greedy --value skunk\n"
    "  bfc-sim --game classic --muggins --games 2000\n"
    "  bfc-sim --game solitaire --bots greedy  win rate and mean score alone\n"
    "  bfc-sim --games 100000 --shard 1/2 --json > a.json    (one machine)\n"
    "  bfc-sim --games 100000 --shard 2/2 --json > b.json    (another)\n"
    "  bfc-sim --merge a.json b.json           = bfc-sim --games 100000\n"
    "\n",
    "EXIT STATUS: 0 success; 1 an engine error, or --merge input that is not\n"
    "the JSON of matching shards (the message says which line); 2 a bad option\n"
    "or value (one line on standard error).\n",
};

/* ---- Merging --------------------------------------------------------------- */

/* Reads one line of any length into *buf; returns 0 at the end of f. */
static int read_line(FILE *f, char **buf, size_t *cap)
{
    size_t n = 0;
    int ch;
    while ((ch = getc(f)) != EOF && ch != '\n') {
        if (n + 2 > *cap) {
            const size_t grown = *cap ? *cap * 2 : 1024;
            char *p = realloc(*buf, grown);
            if (!p)
                die(EXIT_FAIL, "out of memory");
            *buf = p;
            *cap = grown;
        }
        (*buf)[n++] = (char)ch;
    }
    if (n == 0 && ch == EOF)
        return 0;
    if (!*buf) {
        *buf = malloc(1);
        *cap = 1;
        if (!*buf)
            die(EXIT_FAIL, "out of memory");
    }
    (*buf)[n] = '\0';
    return 1;
}

static const struct pair *find_key(const struct pair *kv, int n, const char *key)
{
    for (int i = 0; i < n; i++)
        if (strcmp(kv[i].key, key) == 0)
            return &kv[i];
    return NULL;
}

/* Where a merged line came from, for messages. */
struct origin {
    const char *file;
    unsigned long line;
};

static void bad_line(const struct origin *o, const char *what) NORETURN;
static void bad_line(const struct origin *o, const char *what)
{
    die(EXIT_FAIL, "%s:%lu: %s", o->file, o->line, what);
}

static uint64_t get_u64(const struct origin *o, const struct pair *kv, int n, const char *key,
                        uint64_t max)
{
    const struct pair *p = find_key(kv, n, key);
    uint64_t v;
    if (!p || p->is_string || parse_u64(p->val, max, &v) != 0) {
        char msg[96];
        snprintf(msg, sizeof msg, "key \"%s\" missing or not an integer 0..%" PRIu64, key, max);
        bad_line(o, msg);
    }
    return v;
}

static const char *get_string(const struct origin *o, const struct pair *kv, int n,
                              const char *key)
{
    const struct pair *p = find_key(kv, n, key);
    if (!p || !p->is_string) {
        char msg[64];
        snprintf(msg, sizeof msg, "key \"%s\" missing or not a string", key);
        bad_line(o, msg);
    }
    return p->val;
}

/* The configuration and counters of one JSON line of a run. */
static void read_result(const struct origin *o, char *line, struct config *c, struct tally *t)
{
    struct pair kv[MAX_PAIRS];
    const char *why = NULL;
    const int n = parse_object(line, kv, &why);
    if (n < 0)
        bad_line(o, why);
    if (strcmp(get_string(o, kv, n, "format"), JSON_FORMAT) != 0)
        bad_line(o, "not the output of bfc-sim --json (\"format\" is not \"" JSON_FORMAT "\")");
    memset(c, 0, sizeof *c);
    /* "game" and "muggins" came with the classic games: absent, the line is
     * a Battlefield run */
    const struct pair *game = find_key(kv, n, "game");
    if (game) {
        c->game = parse_game(game->is_string ? game->val : "");
        if (c->game < 0)
            bad_line(o, "key \"game\" is not a game bfc-sim plays");
    }
    const struct pair *muggins = find_key(kv, n, "muggins");
    if (muggins && (muggins->is_string || (strcmp(muggins->val, "true") != 0 &&
                                           strcmp(muggins->val, "false") != 0)))
        bad_line(o, "key \"muggins\" not true/false");
    c->muggins = muggins && strcmp(muggins->val, "true") == 0;
    c->players = (int)get_u64(o, kv, n, "players", MAX_SEATS);
    const struct pair *teams = find_key(kv, n, "teams");
    if (!teams || teams->is_string ||
        (strcmp(teams->val, "true") != 0 && strcmp(teams->val, "false") != 0))
        bad_line(o, "key \"teams\" missing or not true/false");
    c->teams = strcmp(teams->val, "true") == 0;
    c->target = (int)get_u64(o, kv, n, "target", 1000);
    c->turn_limit = (int)get_u64(o, kv, n, "turn_limit", 10000);
    c->value = parse_value(get_string(o, kv, n, "value"));
    c->games = get_u64(o, kv, n, "games", MAX_GAMES);
    c->seed = get_u64(o, kv, n, "seed", UINT64_MAX);
    c->shard_k = get_u64(o, kv, n, "shard_k", MAX_SHARDS);
    c->shard_n = get_u64(o, kv, n, "shard_n", MAX_SHARDS);
    int bot[MAX_SEATS];
    const int nbots = parse_bots(get_string(o, kv, n, "bots"), bot);
    const struct game_kind *k = &GAMES[c->game];
    if (!(k->players >> c->players & 1u) || (c->teams && !(k->teams >> c->players & 1u)) ||
        (!c->teams && (k->need_teams >> c->players & 1u)) || c->target < 1 || c->value < 0 ||
        c->games < 1 || c->shard_k < 1 || c->shard_k > c->shard_n || nbots != c->players ||
        (is_classic(c) && c->turn_limit != 0))
        bad_line(o, "a configuration bfc-sim does not write");
    for (int s = 0; s < c->players; s++)
        c->bot[s] = bot[s];

    memset(t, 0, sizeof *t);
    struct field f[MAX_FIELDS];
    const size_t nf = tally_fields(c, t, f);
    for (size_t i = 0; i < nf; i++)
        *f[i].p = get_u64(o, kv, n, f[i].key, UINT64_MAX);
    if (t->played != shard_games(c->games, c->shard_k, c->shard_n))
        bad_line(o, "\"played\" is not the number of games of its shard (an interrupted run?)");
}

/* Whether a and b are shards of one run: all but shard_k equal. */
static int same_run(const struct config *a, const struct config *b)
{
    if (a->game != b->game || a->muggins != b->muggins || a->players != b->players ||
        a->teams != b->teams || a->target != b->target ||
        a->value != b->value || a->turn_limit != b->turn_limit || a->games != b->games ||
        a->seed != b->seed || a->shard_n != b->shard_n)
        return 0;
    for (int s = 0; s < a->players; s++)
        if (a->bot[s] != b->bot[s])
            return 0;
    return 1;
}

/* What merge() holds, released at exit too: a bad line ends the program
 * through die(), and valgrind should find nothing left behind. */
static struct {
    char *line;
    unsigned char *seen; /* seen[k-1]: shard k read */
    FILE *f;             /* an open file (not stdin) */
} held;

static void merge_release(void)
{
    free(held.line);
    free(held.seen);
    if (held.f)
        fclose(held.f);
    memset(&held, 0, sizeof held);
}

/* --merge: adds up the shards in files[] into *c and *t. */
static void merge(char **files, int nfiles, struct config *c, struct tally *t)
{
    atexit(merge_release);
    unsigned char *seen = NULL;
    uint64_t nseen = 0;
    size_t cap = 0;
    for (int i = 0; i < nfiles; i++) {
        struct origin o = {files[i], 0};
        const int is_stdin = strcmp(files[i], "-") == 0;
        FILE *f = is_stdin ? stdin : fopen(files[i], "r");
        if (!f)
            die(EXIT_FAIL, "cannot open %s", files[i]);
        held.f = is_stdin ? NULL : f;
        while (read_line(f, &held.line, &cap)) {
            char *line = held.line;
            o.line++;
            if (line[strspn(line, " \t\r")] == '\0')
                continue; /* blank */
            struct config lc;
            struct tally lt;
            read_result(&o, line, &lc, &lt);
            if (!seen) {
                *c = lc;
                memset(t, 0, sizeof *t);
                seen = held.seen = calloc((size_t)lc.shard_n, 1);
                if (!seen)
                    die(EXIT_FAIL, "out of memory");
            } else {
                if (!same_run(&lc, c))
                    bad_line(&o, "a shard of another run (options differ from the first line)");
            }
            if (seen[lc.shard_k - 1])
                bad_line(&o, "the same shard twice");
            seen[lc.shard_k - 1] = 1;
            nseen++;
            /* add the counters up */
            struct field to[MAX_FIELDS], from[MAX_FIELDS];
            const size_t nf = tally_fields(c, t, to);
            tally_fields(c, &lt, from);
            for (size_t k = 0; k < nf; k++)
                if (!to[k].max)
                    *to[k].p += *from[k].p;
                else if (*from[k].p > *to[k].p)
                    *to[k].p = *from[k].p;
        }
        if (ferror(f))
            die(EXIT_FAIL, "cannot read %s", files[i]);
        if (!is_stdin)
            fclose(f);
        held.f = NULL;
    }
    if (!seen)
        die(EXIT_FAIL, "--merge: no results in the files given");
    if (nseen != c->shard_n) {
        uint64_t k = 0;
        while (seen[k])
            k++;
        die(EXIT_FAIL, "--merge: shard %" PRIu64 "/%" PRIu64 " is missing", k + 1, c->shard_n);
    }
    merge_release();
    c->shard_k = c->shard_n = 1; /* now the whole run */
}

/* ---- main ---------------------------------------------------------------- */

static double now_seconds(void)
{
    struct timespec ts;
    if (timespec_get(&ts, TIME_UTC) != TIME_UTC)
        return 0;
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    struct config c;
    memset(&c, 0, sizeof c);
    c.target = 121;
    c.turn_limit = 200;
    c.value = BFC_VALUE_PLAIN;
    c.games = 1000;
    c.seed = 1;
    c.shard_k = c.shard_n = 1;
    int bot[MAX_SEATS] = {BOT_GREEDY, BOT_RANDOM};
    int nbots = 0; /* 0: --bots not given */
    uint64_t players = 0;
    int json = 0, timing = 0, merging = 0, only_files = 0, nfiles = 0;
    int target_given = 0, turn_limit_given = 0;
    const char *run_option = NULL; /* an option that --merge forbids */
    /* The files of --merge, gathered at the front of argv: the i-th file
     * comes from argv[i + 1] or later, so nothing unread is overwritten
     * (and nothing is allocated that a usage error would leave behind). */
    char **files = argv + 1;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
            if (!merging && !only_files)
                die(EXIT_USAGE, "unexpected argument '%s' (files go after --merge; see --help)",
                    a);
            files[nfiles++] = argv[i];
            continue;
        }
        if (strcmp(a, "--") == 0) {
            only_files = 1;
            continue;
        }
        /* --name VALUE or --name=VALUE */
        char name[32];
        const char *eq = strchr(a, '=');
        const size_t len = eq ? (size_t)(eq - a) : strlen(a);
        snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), a);
        static const char *const WITH_VALUE[] = {"--bots",  "--players", "--target",
                                                 "--value", "--games",   "--seed",
                                                 "--shard", "--turn-limit", "--game"};
        int takes_value = 0;
        for (size_t k = 0; k < sizeof WITH_VALUE / sizeof WITH_VALUE[0]; k++)
            takes_value |= strcmp(name, WITH_VALUE[k]) == 0;
        const char *v = NULL;
        if (takes_value) {
            if (eq)
                v = eq + 1;
            else if (i + 1 < argc)
                v = argv[++i];
            else
                die(EXIT_USAGE, "%s needs a value (see --help)", name);
            run_option = run_option ? run_option : argv[i - (eq ? 0 : 1)];
        } else if (eq) {
            die(EXIT_USAGE, "option '%s' takes no value", name);
        }

        uint64_t u;
        if (strcmp(name, "--help") == 0) {
            for (size_t k = 0; k < sizeof HELP / sizeof HELP[0]; k++)
                fputs(HELP[k], stdout);
            return fflush(stdout) == 0 ? EXIT_OK : EXIT_FAIL;
        } else if (strcmp(name, "--version") == 0) {
            printf("%s\n", bfc_version_string());
            return fflush(stdout) == 0 ? EXIT_OK : EXIT_FAIL;
        } else if (strcmp(name, "--json") == 0) {
            json = 1;
        } else if (strcmp(name, "--timing") == 0) {
            timing = 1;
            run_option = run_option ? run_option : a;
        } else if (strcmp(name, "--teams") == 0) {
            c.teams = 1;
            run_option = run_option ? run_option : a;
        } else if (strcmp(name, "--muggins") == 0) {
            c.muggins = 1;
            run_option = run_option ? run_option : a;
        } else if (strcmp(name, "--game") == 0) {
            c.game = parse_game(v);
            if (c.game < 0)
                die(EXIT_USAGE,
                    "bad --game '%s' (want battlefield, classic, five-card, noddy, backward, "
                    "solitaire or crib-wars)",
                    v);
        } else if (strcmp(name, "--merge") == 0) {
            merging = 1;
        } else if (strcmp(name, "--bots") == 0) {
            nbots = parse_bots(v, bot);
            if (nbots < 0)
                die(EXIT_USAGE,
                    "bad --bots '%s' (want 1 to 6 of random, greedy, separated by commas)", v);
        } else if (strcmp(name, "--players") == 0) {
            if (parse_u64(v, MAX_SEATS, &players) != 0 || players < 1)
                die(EXIT_USAGE, "bad --players '%s' (want 1 to 6)", v);
        } else if (strcmp(name, "--target") == 0) {
            if (parse_u64(v, 1000, &u) != 0 || u < 1)
                die(EXIT_USAGE, "bad --target '%s' (want 1..1000)", v);
            c.target = (int)u;
            target_given = 1;
        } else if (strcmp(name, "--turn-limit") == 0) {
            if (parse_u64(v, 10000, &u) != 0)
                die(EXIT_USAGE, "bad --turn-limit '%s' (want 0..10000)", v);
            c.turn_limit = (int)u;
            turn_limit_given = 1;
        } else if (strcmp(name, "--value") == 0) {
            c.value = parse_value(v);
            if (c.value < 0)
                die(EXIT_USAGE, "bad --value '%s' (want plain, skunk, margin or lurch)", v);
        } else if (strcmp(name, "--games") == 0) {
            if (parse_u64(v, MAX_GAMES, &c.games) != 0 || c.games < 1)
                die(EXIT_USAGE, "bad --games '%s' (want 1..%" PRIu64 ")", v, MAX_GAMES);
        } else if (strcmp(name, "--seed") == 0) {
            if (parse_u64(v, UINT64_MAX, &c.seed) != 0)
                die(EXIT_USAGE, "bad --seed '%s' (want 0..%" PRIu64 ")", v, UINT64_MAX);
        } else if (strcmp(name, "--shard") == 0) {
            if (parse_shard(v, &c.shard_k, &c.shard_n) != 0)
                die(EXIT_USAGE, "bad --shard '%s' (want K/N, 1 <= K <= N <= %" PRIu64 ")", v,
                    MAX_SHARDS);
        } else {
            die(EXIT_USAGE, "unknown option '%s' (see --help)", a);
        }
    }

    struct tally t;
    memset(&t, 0, sizeof t);
    double seconds = -1;
    if (merging) {
        if (run_option)
            die(EXIT_USAGE, "%s cannot be used with --merge (the files give the run)",
                run_option);
        if (nfiles == 0)
            die(EXIT_USAGE, "--merge needs at least one FILE ('-' for standard input)");
        merge(files, nfiles, &c, &t);
    } else {
        /* the game: its player counts, partnerships, target and turn limit */
        const struct game_kind *k = &GAMES[c.game];
        const int classic = k->variant != BFC_VARIANT_BATTLEFIELD;
        if (c.muggins && (!classic || k->variant == BFC_VARIANT_SOLITAIRE))
            die(EXIT_USAGE, "--muggins is for the classic games with opponents, not %s",
                k->name);
        if (c.teams && !k->teams)
            die(EXIT_USAGE, "--teams: %s has no partnerships", k->name);
        if (classic && turn_limit_given)
            die(EXIT_USAGE, "--turn-limit is a Battlefield rule (RULES D9), not %s", k->name);
        /* seats: one bot per seat, or one for all; the default list repeats */
        if (players == 0)
            players = nbots > 1                                ? (uint64_t)nbots
                      : c.teams                                ? 4
                      : k->variant == BFC_VARIANT_SOLITAIRE ? 1
                                                               : 2;
        c.players = (int)players;
        if (c.teams && !(k->teams >> c.players & 1u))
            die(EXIT_USAGE, "--teams needs %s players (got --players %d)",
                k->teams == 0x10u ? "4" : "4 or 6", c.players);
        if (!(k->players >> c.players & 1u))
            die(EXIT_USAGE, "%s is played by %s player%s (got --players %d)", k->name,
                k->counts, k->players == 0x02u ? "" : "s", c.players);
        if (k->need_teams >> c.players & 1u) /* RULES 3.3, 3.4: partners */
            c.teams = 1;
        if (classic) {
            bfc_rules r;
            bfc_rules_init_variant(&r, k->variant);
            c.turn_limit = 0;
            if (!target_given)
                c.target = r.target; /* five-card 61, Noddy 31 */
        }
        if (nbots == 0) {
            for (int s = 0; s < c.players; s++)
                c.bot[s] = s % 2 ? BOT_RANDOM : BOT_GREEDY;
        } else {
            assign_bots(&c, bot, nbots, "--bots");
        }
        const double start = timing ? now_seconds() : 0;
        run(&c, &t);
        if (timing)
            seconds = now_seconds() - start;
    }

    if (json) {
        print_json(&c, &t, seconds);
    } else {
        print_report(&c, &t);
        if (seconds >= 0)
            printf("\ntime: %.3f s, %.1f games/s\n", seconds,
                   seconds > 0 ? (double)t.played / seconds : 0);
    }
    if (fflush(stdout) != 0 || ferror(stdout))
        die(EXIT_FAIL, "cannot write the output");
    return EXIT_OK;
}
