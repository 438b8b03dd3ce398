/* The games of a run, and what their events count (bfc-sim.h). One game
 * is the loop every bot runner writes:
 *
 *     bfc_game_new_events(rules, seed)   the cut, the first deal and any
 *                                        points scored before the first move
 *     until bfc_game_over():
 *         bfc_game_observe(seat to move) what that seat may know (D7)
 *         bfc_bot_greedy / _random       its bot picks a move
 *         bfc_game_apply(move, events)   play it; tally the events
 *     bfc_game_winner / bfc_game_value
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "bfc-sim.h"
#include "bots.h"

/* A safety net: no game comes anywhere near this many moves (the bots
 * always make progress, bfc.h), so reaching it means an engine bug. */
#define MAX_MOVES_PER_GAME 1000000u

/* ---- Seeds ----------------------------------------------------------------
 * Game i (0-based, over the whole run) is dealt from the (i+1)-th output of
 * the library's generator (bfc_rng_next, splitmix64) started at --seed;
 * seat s's bot starts its own generator at the mix of (game seed ^
 * (BOT_SALT + s)). Both depend on (--seed, i) only, never on the order games
 * are played in, so any shard plays exactly the games a single run would. */

#define GOLDEN UINT64_C(0x9E3779B97F4A7C15) /* the step of bfc_rng_next */
#define BOT_SALT UINT64_C(0xB07B07B07B07B07B)

/* splitmix64's mix of z: the output of one bfc_rng_next step that lands
 * on z (each step adds GOLDEN first). */
static uint64_t mix(uint64_t z)
{
    uint64_t state = z - GOLDEN;
    return bfc_rng_next(&state);
}

static uint64_t game_seed(uint64_t seed, uint64_t index)
{
    return mix(seed + (index + 1) * GOLDEN);
}

static uint64_t bot_seed(uint64_t gseed, int seat)
{
    return mix(gseed ^ (BOT_SALT + (uint64_t)seat));
}

/* ---- Events ----------------------------------------------------------------
 * BFC_MAX_EVENTS holds the events of any move except a chain of cease-fires
 * (each 1 in 53): a call that reports more than fit is made again, the game
 * being deterministic, with a buffer grown to the number reported. */

struct events {
    bfc_event *ev;
    size_t cap, n;
};

static void grow(struct events *e)
{
    bfc_event *bigger = realloc(e->ev, e->n * sizeof *e->ev);
    if (!bigger)
        msg_die(EXIT_FAIL, "out of memory");
    e->ev = bigger;
    e->cap = e->n;
}

/* A new game with the events of its start in *e. */
static bfc_game *new_game(const bfc_rules *rules, uint64_t seed, struct events *e)
{
    for (;;) {
        int rc;
        bfc_game *g = bfc_game_new_events(rules, seed, e->ev, e->cap, &e->n, &rc);
        if (!g)
            msg_die(EXIT_FAIL, "bfc_game_new_events: %s", bfc_strerror(rc));
        if (e->n <= e->cap)
            return g;
        bfc_game_free(g);
        grow(e);
    }
}

/* Applies move with all its events in *e; `before` is a spare game of the
 * same rules to restore from (bfc_game_copy does not allocate). */
static void apply_move(bfc_game *g, bfc_game *before, bfc_move move, struct events *e)
{
    int rc = bfc_game_copy(before, g);
    if (rc == BFC_OK)
        rc = bfc_game_apply(g, move, e->ev, e->cap, &e->n);
    if (rc == BFC_OK && e->n > e->cap) {
        grow(e);
        rc = bfc_game_copy(g, before);
        if (rc == BFC_OK)
            rc = bfc_game_apply(g, move, e->ev, e->cap, &e->n);
    }
    if (rc != BFC_OK)
        msg_die(EXIT_FAIL, "bfc_game_apply: %s", bfc_strerror(rc));
}

/* One game being counted. */
struct counting {
    const struct config *c;
    struct tally *t;
    uint64_t index;   /* the game's index in the run */
    uint64_t moves;   /* moves applied so far */
    int first_dealer; /* the seat of the first deal, -1 before it */
};

/* Counts one event; pegged[] adds up what each side's score should move. */
static void count_event(struct counting *k, const bfc_event *e, int64_t pegged[MAX_SEATS],
                        int total[MAX_SEATS])
{
    struct tally *t = k->t;
    switch (e->type) {
    case BFC_EV_SCORE:
        if (e->source >= 1 && e->source < NSRC && e->seat < k->c->players && e->side < MAX_SEATS) {
            t->points[e->seat][e->source] += (uint64_t)bfc_event_points(e);
            pegged[e->side] += bfc_event_points(e);
            total[e->side] += bfc_event_points(e);
        }
        break;
    case BFC_EV_BOARD: /* Crib Wars: the board moved the side's peg to `score` */
        if (e->side < MAX_SEATS) {
            pegged[e->side] += e->score - total[e->side];
            total[e->side] = e->score;
        }
        break;
    case BFC_EV_DEAL:
        if (k->first_dealer < 0)
            k->first_dealer = e->seat;
        break;
    case BFC_EV_PLACE: /* every turn places exactly one card */
    case BFC_EV_PLAY:  /* classic: a card laid in the play */
        t->turns++;
        break;
    case BFC_EV_CEASEFIRE:
        t->ceasefires++;
        break;
    case BFC_EV_TURN_CARD:
        /* `turn` counts the skirmish's turns before this one: at the limit
         * the turn card was forced (D9) */
        if (k->c->turn_limit > 0 && e->turn >= k->c->turn_limit)
            t->limit_endings++;
        break;
    default:
        break;
    }
}

/* Counts the events of a move (or of the game's start); their SCORE and
 * BOARD events must account for every point pegged, from old[] to the
 * game's scores now: a mismatch is an engine bug, worth stopping for. */
static void count_events(struct counting *k, const bfc_game *g, const struct events *e,
                         const int old[MAX_SEATS])
{
    int64_t pegged[MAX_SEATS] = {0};
    int total[MAX_SEATS], now[MAX_SEATS] = {0};
    memcpy(total, old, sizeof total);
    for (size_t i = 0; i < e->n; i++)
        count_event(k, &e->ev[i], pegged, total);
    bfc_game_scores(g, now, MAX_SEATS);
    for (int d = 0; d < sides_of(k->c); d++)
        if (pegged[d] != now[d] - old[d])
            msg_die(EXIT_FAIL,
                    "game %" PRIu64 " (seed %" PRIu64 "), move %" PRIu64
                    ": side %d pegged %d points but its events add up to %" PRId64,
                    k->index, k->c->seed, k->moves, d, now[d] - old[d], pegged[d]);
}

/* The seat to move picks its move with its bot: a baseline bot from its
 * observation, the search bot from the game (it reads only what the seat
 * may see, bfc.h). */
static bfc_move bot_turn(const struct config *c, const bfc_game *g, uint64_t rng[MAX_SEATS],
                         bfc_search *const search[MAX_SEATS])
{
    const int seat = bfc_game_to_move(g);
    bfc_move move = BFC_MOVE_NONE;
    const int rc = bot_decide(c->bot[seat], search[seat], g, &rng[seat], &move);
    if (rc != BFC_OK)
        msg_die(EXIT_FAIL, "the %s bot of seat %d: %s", bot_name(c->bot[seat]), seat,
                bfc_strerror(rc));
    return move;
}

/* The result of a finished game into the tally. */
static void count_result(struct counting *k, const bfc_game *g)
{
    const struct config *c = k->c;
    struct tally *t = k->t;
    bfc_observation obs;
    bfc_game_observe(g, 0, &obs); /* for the skirmish count */
    const int winner = bfc_game_winner(g), value = bfc_game_value(g);
    const int solo_lost = c->players == 1 && winner == -1 && value == 0; /* RULES 3.8 */
    if (!solo_lost && (winner < 0 || winner >= sides_of(c) || value < 1))
        msg_die(EXIT_FAIL, "game %" PRIu64 ": over, but winner %d and value %d", k->index,
                winner, value);
    t->played++;
    t->first_dealer[k->first_dealer]++;
    if (!solo_lost) {
        t->wins[winner]++;
        t->value_sum[winner] += (uint64_t)value;
        t->first_dealer_wins += side_of_seat(c, k->first_dealer) == winner;
    }
    t->moves += k->moves;
    if (k->moves > t->moves_max)
        t->moves_max = k->moves;
    t->skirmishes += obs.skirmish;
}

/* Plays game `index` of the run to its end and counts it. An ismcts seat's
 * search is re-seeded with the seat's bot seed, so that the game depends on
 * (--seed, index) only, as with the other bots. */
static void play_game(struct counting *k, bfc_game *before, struct events *e,
                      bfc_search *const search[MAX_SEATS])
{
    const struct config *c = k->c;
    const uint64_t gseed = game_seed(c->seed, k->index);
    uint64_t rng[MAX_SEATS];
    for (int s = 0; s < c->players; s++) {
        rng[s] = bot_seed(gseed, s);
        if (search[s] && bfc_search_seed(search[s], rng[s]) != BFC_OK)
            msg_die(EXIT_FAIL, "bfc_search_seed failed");
    }
    int old[MAX_SEATS] = {0};
    bfc_game *g = new_game(&c->rules, gseed, e);
    count_events(k, g, e, old);
    if (k->first_dealer < 0)
        msg_die(EXIT_FAIL, "game %" PRIu64 ": no deal among the events of its start", k->index);
    while (!bfc_game_over(g)) {
        const bfc_move move = bot_turn(c, g, rng, search);
        bfc_game_scores(g, old, MAX_SEATS);
        apply_move(g, before, move, e);
        if (++k->moves >= MAX_MOVES_PER_GAME)
            msg_die(EXIT_FAIL, "game %" PRIu64 " (seed %" PRIu64 ") did not end in %u moves",
                    k->index, c->seed, MAX_MOVES_PER_GAME);
        count_events(k, g, e, old);
    }
    count_result(k, g);
    bfc_game_free(g);
}

/* The searches of the ismcts seats, made once for the run (each holds its
 * node arena); NULL for the other seats. */
static void open_searches(const struct config *c, bfc_search *search[MAX_SEATS])
{
    bfc_search_config sc;
    bfc_search_config_init(&sc);
    sc.iterations = c->iterations;
    sc.time_ms = c->time_ms;
    for (int s = 0; s < MAX_SEATS; s++) {
        int rc = BFC_OK;
        search[s] = NULL;
        if (s < c->players && c->bot[s] == BOT_ISMCTS &&
            !(search[s] = bfc_search_new(&c->rules, &sc, &rc)))
            msg_die(EXIT_FAIL, "bfc_search_new: %s", bfc_strerror(rc));
    }
}

void run(const struct config *c, struct tally *t)
{
    int rc;
    bfc_search *search[MAX_SEATS];
    open_searches(c, search);
    bfc_game *before = bfc_game_new(&c->rules, 0, &rc);
    if (!before)
        msg_die(EXIT_FAIL, "bfc_game_new: %s", bfc_strerror(rc));
    struct events e = {NULL, BFC_MAX_EVENTS, 0};
    e.ev = malloc(e.cap * sizeof *e.ev);
    if (!e.ev)
        msg_die(EXIT_FAIL, "out of memory");
    for (uint64_t i = c->shard_k - 1; i < c->games; i += c->shard_n) {
        struct counting k = {c, t, i, 0, -1};
        play_game(&k, before, &e, search);
    }
    free(e.ev);
    bfc_game_free(before);
    for (int s = 0; s < MAX_SEATS; s++)
        bfc_search_free(search[s]);
}
