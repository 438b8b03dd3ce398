/* The games of a run, and what their events count (bfc-sim.h). One game
 * is the loop every bot runner writes:
 *
 *     bfc_game_new_events(rules, seed)   the cut, the first deal and any
 *                                        points scored before the first move
 *     until bfc_game_over():
 *         bfc_game_observe(seat to move) what that seat may know (D7)
 *         its bot picks a move           (players.c)
 *         bfc_game_apply(move, events)   play it; tally the events
 *     bfc_game_winner / bfc_game_value
 *
 * With --duplicate each index of the run is a set of games dealt from the
 * same seed, one per rotation of the bots over the seats; the bots' own
 * generators follow the seat, so identical bots play identical games. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bfc-sim.h"
#include "players.h"

/* A safety net: no game comes anywhere near this many moves (the bots
 * always make progress, bfc.h), so reaching it means an engine bug. */
#define MAX_MOVES_PER_GAME 1000000u

/* ---- Seeds ----------------------------------------------------------------
 * Game i (0-based, over the whole run) is dealt from bfc_sim_game_seed(--seed,
 * i) and seat s's bot starts its generator at bfc_sim_bot_seed(game seed, s),
 * the library's seeds (bfc.h), so that bfc_sim_run and the bindings play the
 * same games. Both depend on (--seed, i) only, never on the order games are
 * played in, so any shard plays exactly the games a single run would. With
 * --duplicate, every game of set i has the seeds of game i. */

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
    uint64_t index;   /* the game's (set's) index in the run */
    int rot;          /* its rotation: bot b sits at seat (b + rot) % players */
    uint64_t moves;   /* moves applied so far */
    int first_dealer; /* the seat of the first deal, -1 before it */
    int dealer;       /* the seat dealing now, -1 before the first deal */
    int deals_now;    /* DEAL events in the call being counted */
    int64_t deal_points[MAX_SEATS]; /* per seat: pegged in the deal now */
};

/* Counts one event; pegged[] adds up what each side's score should move. */
static void count_event(struct counting *k, const bfc_event *e, int64_t pegged[MAX_SEATS],
                        int total[MAX_SEATS])
{
    struct tally *t = k->t;
    const struct config *c = k->c;
    switch (e->type) {
    case BFC_EV_SCORE:
        if (e->source >= 1 && e->source < NSRC && e->seat < c->players && e->side < MAX_SEATS) {
            const int role = e->seat == k->dealer ? ROLE_DEALER : ROLE_PONE;
            t->points[e->seat][e->source] += (uint64_t)bfc_event_points(e);
            t->role_points[bot_at(c, k->rot, e->seat)][role][e->source] +=
                (uint64_t)bfc_event_points(e);
            pegged[e->side] += bfc_event_points(e);
            total[e->side] += bfc_event_points(e);
            k->deal_points[e->seat] += bfc_event_points(e);
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
        /* a deal begins: the one before it was played to its end */
        for (int s = 0; k->dealer >= 0 && s < c->players; s++) {
            const int b = bot_at(c, k->rot, s);
            const int role = s == k->dealer ? ROLE_DEALER : ROLE_PONE;
            t->full_deals[b][role]++;
            t->full_points[b][role] += (uint64_t)k->deal_points[s];
        }
        memset(k->deal_points, 0, sizeof k->deal_points);
        k->dealer = e->seat;
        k->deals_now++;
        for (int s = 0; s < c->players; s++)
            t->deals[bot_at(c, k->rot, s)][s == e->seat ? ROLE_DEALER : ROLE_PONE]++;
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
        if (c->turn_limit > 0 && e->turn >= c->turn_limit)
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
    k->deals_now = 0;
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

/* ---- Duplicate deals --------------------------------------------------------
 * Whether the games of a set were dealt alike, deal for deal: each deal is
 * known by the generator right after it, the "rng" line of
 * bfc_game_save() (the generator before a deal decides all its cards and
 * the draws after it; equal after, equal before). Rotation 0 writes the
 * list, the others compare with it. */

struct deal_list {
    uint64_t *sig;
    size_t n, cap;
    char *text; /* a save */
    size_t text_cap;
};

/* FNV-1a of the save's rng line. */
static uint64_t deal_signature(struct deal_list *d, const bfc_game *g)
{
    for (;;) {
        const int need = bfc_game_save(g, d->text, d->text_cap);
        if (need < 0)
            msg_die(EXIT_FAIL, "bfc_game_save: %s", bfc_strerror(need));
        if ((size_t)need < d->text_cap)
            break;
        char *bigger = realloc(d->text, (size_t)need + 1);
        if (!bigger)
            msg_die(EXIT_FAIL, "out of memory");
        d->text = bigger;
        d->text_cap = (size_t)need + 1;
    }
    const char *line = strstr(d->text, "\nrng ");
    uint64_t h = UINT64_C(0xCBF29CE484222325);
    for (size_t i = 1; line && line[i] && line[i] != '\n'; i++) {
        h ^= (unsigned char)line[i];
        h *= UINT64_C(0x100000001B3);
    }
    if (!line)
        msg_die(EXIT_FAIL, "bfc_game_save wrote no rng line");
    return h;
}

/* After a call that dealt k->deals_now deals: rotation 0 notes them (at
 * deal numbers *ndeals...), the others compare. */
static void note_deals(struct counting *k, const bfc_game *g, struct deal_list *d,
                       size_t *ndeals)
{
    if (!k->c->duplicate || k->deals_now == 0)
        return;
    const uint64_t sig = deal_signature(d, g);
    for (int i = 0; i < k->deals_now; i++, ++*ndeals) {
        if (k->rot == 0) {
            if (d->n == d->cap) {
                const size_t ncap = d->cap ? 2 * d->cap : 64;
                uint64_t *bigger = realloc(d->sig, ncap * sizeof *bigger);
                if (!bigger)
                    msg_die(EXIT_FAIL, "out of memory");
                d->sig = bigger;
                d->cap = ncap;
            }
            d->sig[d->n++] = sig;
        } else if (*ndeals < d->n) {
            k->t->deals_compared++;
            k->t->deals_same += d->sig[*ndeals] == sig;
        }
    }
}

/* ---- Bots ------------------------------------------------------------------ */

static double now_ms(void)
{
    struct timespec ts;
    if (timespec_get(&ts, TIME_UTC) != TIME_UTC)
        return 0;
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* The seat to move picks its move with its bot: a baseline bot from its
 * observation, a search from the game (it reads only what the seat may
 * see, bfc.h). With --timing, the time it took is counted. */
static bfc_move bot_turn(struct counting *k, const bfc_game *g, struct player bots[MAX_SEATS])
{
    const struct config *c = k->c;
    const int seat = bfc_game_to_move(g);
    const int b = bot_at(c, k->rot, seat);
    bfc_move move = BFC_MOVE_NONE;
    const double t0 = c->timing ? now_ms() : 0;
    const int rc = player_move(&bots[b], g, &move);
    if (c->timing) {
        k->t->decision_ms[b] += now_ms() - t0;
        k->t->decisions[b]++;
    }
    if (rc != BFC_OK)
        msg_die(EXIT_FAIL, "the %s bot of seat %d: %s", kind_name(c->bot[b]), seat,
                bfc_strerror(rc));
    return move;
}

/* ---- Results ---------------------------------------------------------------- */

/* The result of a finished game into the tally: *hero_won and *margin for
 * the set (the first bot's side). */
static void count_result(struct counting *k, const bfc_game *g, int *hero_won, int64_t *margin)
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
        for (int b = 0; b < c->players; b++)
            t->bot_wins[b] += side_of_seat(c, seat_of_bot(c, k->rot, b)) == winner;
    }
    t->moves += k->moves;
    if (k->moves > t->moves_max)
        t->moves_max = k->moves;
    t->skirmishes += obs.skirmish;
    /* the hero's side against the mean of the others, times (sides - 1)
       to stay an integer (backward: the other way round) */
    const int hero = side_of_seat(c, seat_of_bot(c, k->rot, 0));
    const int backward = (c->rules.flags & BFC_RULE_BACKWARD) != 0;
    int sc[MAX_SEATS] = {0};
    int64_t m = 0;
    bfc_game_scores(g, sc, MAX_SEATS);
    for (int d = 0; d < sides_of(c); d++)
        m += d == hero ? (int64_t)(sides_of(c) - 1) * sc[d] : -(int64_t)sc[d];
    *hero_won += !solo_lost && winner == hero;
    *margin += backward ? -m : m;
}

/* Plays game `index` of the run (rotation k->rot of set `index`) to its end
 * and counts it. A bot is seeded with the seed of the seat it sits at, so
 * the game depends on (--seed, index, rotation) only. */
static void play_game(struct counting *k, bfc_game *before, struct events *e,
                      struct player bots[MAX_SEATS], struct deal_list *d, int *hero_won,
                      int64_t *margin)
{
    const struct config *c = k->c;
    const uint64_t gseed = bfc_sim_game_seed(c->seed, k->index);
    for (int s = 0; s < c->players; s++)
        if (player_seed(&bots[bot_at(c, k->rot, s)], bfc_sim_bot_seed(gseed, s)) != BFC_OK)
            msg_die(EXIT_FAIL, "bfc_search_seed failed");
    int old[MAX_SEATS] = {0};
    size_t ndeals = 0;
    if (k->rot == 0)
        d->n = 0;
    bfc_game *g = new_game(&c->rules, gseed, e);
    count_events(k, g, e, old);
    note_deals(k, g, d, &ndeals);
    if (k->first_dealer < 0)
        msg_die(EXIT_FAIL, "game %" PRIu64 ": no deal among the events of its start", k->index);
    while (!bfc_game_over(g)) {
        const bfc_move move = bot_turn(k, g, bots);
        bfc_game_scores(g, old, MAX_SEATS);
        apply_move(g, before, move, e);
        if (++k->moves >= MAX_MOVES_PER_GAME)
            msg_die(EXIT_FAIL, "game %" PRIu64 " (seed %" PRIu64 ") did not end in %u moves",
                    k->index, c->seed, MAX_MOVES_PER_GAME);
        count_events(k, g, e, old);
        note_deals(k, g, d, &ndeals);
    }
    count_result(k, g, hero_won, margin);
    bfc_game_free(g);
}

/* The bots of the run, made once (each search holds its node arena). */
static void open_bots(const struct config *c, struct player bots[MAX_SEATS])
{
    memset(bots, 0, MAX_SEATS * sizeof bots[0]);
    for (int b = 0; b < c->players; b++) {
        const int rc = player_open(&bots[b], c->bot[b], &c->rules, c->iterations, c->time_ms);
        if (rc != BFC_OK)
            msg_die(EXIT_FAIL, "the %s bot: %s", kind_name(c->bot[b]), bfc_strerror(rc));
    }
}

/* Set `index`: a game per rotation, and the set's sums. */
static void play_set(const struct config *c, struct tally *t, uint64_t index, bfc_game *before,
                     struct events *e, struct player bots[MAX_SEATS], struct deal_list *d)
{
    int won = 0;
    int64_t margin = 0;
    for (int rot = 0; rot < rotations(c); rot++) {
        struct counting k = {c, t, index, rot, 0, -1, -1, 0, {0}};
        play_game(&k, before, e, bots, d, &won, &margin);
    }
    const uint64_t m = (uint64_t)(margin < 0 ? -margin : margin);
    t->sets++;
    t->hero_sets[won]++;
    *(margin < 0 ? &t->margin_minus : &t->margin_plus) += m;
    t->margin_sq += m * m;
}

void run(const struct config *c, struct tally *t)
{
    int rc;
    struct player bots[MAX_SEATS];
    open_bots(c, bots);
    bfc_game *before = bfc_game_new(&c->rules, 0, &rc);
    if (!before)
        msg_die(EXIT_FAIL, "bfc_game_new: %s", bfc_strerror(rc));
    struct events e = {NULL, BFC_MAX_EVENTS, 0};
    e.ev = malloc(e.cap * sizeof *e.ev);
    if (!e.ev)
        msg_die(EXIT_FAIL, "out of memory");
    struct deal_list d = {NULL, 0, 0, NULL, 0};
    for (uint64_t i = c->shard_k - 1; i < c->games; i += c->shard_n)
        play_set(c, t, i, before, &e, bots, &d);
    free(d.sig);
    free(d.text);
    free(e.ev);
    bfc_game_free(before);
    for (int b = 0; b < MAX_SEATS; b++)
        player_close(&bots[b]);
}
