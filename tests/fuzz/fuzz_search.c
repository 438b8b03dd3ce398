/* Fuzz target: the search bot driven through its stepped API (issue 39),
 * with the hostile calls a front end could make between the steps.
 *
 * The input (missing bytes read as 0):
 *   byte 0   the game (fg_pick's kind: Battlefield or any classic game)
 *   byte 1   classic flag bits and a short target (fg_pick's f)
 *   byte 2   the seed
 *   byte 3   random moves played before the first decision (v % 128)
 *   byte 4   the config's flags: bits 0-3 BFC_SEARCH_EXACT_DISCARD,
 *            SOLVER, BELIEF, RULES_PRIOR; bit 4 BFC_SEARCH_MARGIN; bits
 *            5-6 the playout (3 reads as GUIDED)
 *   byte 5   the budget: iterations 1 + v % 24, worlds 1 + v / 32
 *   then one operation a byte, op = v & 15, a = v >> 4:
 *     0 begin on the game        1 begin on a game of other rules
 *     2 step a units of work     3 result into a buffer of a entries
 *     4 end                      5 search_move
 *     6 analyze (cap a)          7 interrupt
 *     8 seed a                   9 free the bot mid-decision, make a new one
 *     10 last                    11 a whole decision stepped from seed a,
 *                                   against search_move of a twin bot
 *     12 NULL arguments          13 begin twice (on the game, again)
 *     14 a random legal move played (a decision running is ended first)
 *     15 step until done (at most 32 steps of 1 + a units)
 *   At the end a decision still running is left to bfc_search_free().
 * Invariants (a model of the bot's state: no decision, running, done,
 * interrupted):
 *   - every call returns one of the statuses bfc.h lists for it, the one
 *     the model says: search_move, analyze and seed during a decision
 *     are BFC_EINVAL (writing nothing), step/result/end with none begun
 *     BFC_EINVAL, a step after an interrupt BFC_EINTR, a step of a decision
 *     done 1;
 *   - every move a call names is legal in the game (bfc_game_legal_moves),
 *     result and analyze return the number of legal moves and list each
 *     once, best first by visits (ISMCTS) among the searched, with values
 *     -1 or in [0, 1] (BFC_SEARCH_WIN), writing no entry past cap;
 *   - stepped to its end, a decision chooses what search_move of a bot with
 *     the same config and seed chooses, with the same figures;
 *   - no leak, whatever is left running (ASan). */
#include <math.h>
#include <stdlib.h>

#include "fuzz.h"
#include "fuzz_game.h"

const char fuzz_target_name[] = "fuzz_search";

enum { IDLE, RUNNING, DONE, STOPPED };

typedef struct {
    bfc_search *bot, *twin;
    bfc_search_config cfg;
    bfc_rules rules;
    bfc_game *g, *other;
    int state;   /* IDLE, RUNNING, DONE, STOPPED */
    int pending; /* an interrupt during a running decision */
    uint64_t rng;
} sz;

static bfc_search *new_bot(const sz *z)
{
    int st = 1;
    bfc_search *b = bfc_search_new(&z->rules, &z->cfg, &st);
    FUZZ_CHECK(b != NULL && st == BFC_OK);
    return b;
}

/* The n entries of an analysis of game g (cap of them written, the rest
 * of out[0..room) left as it was): each a legal move, once; figures in
 * range. */
static void check_stats(const sz *z, const bfc_game *g, const bfc_search_stat *st, int n,
                        size_t cap, size_t room)
{
    bfc_move l[BFC_MAX_MOVES];
    const int nl = fg_legal(g, l);
    FUZZ_CHECK(n == nl);
    const size_t w = (size_t)n < cap ? (size_t)n : cap;
    for (size_t i = 0; i < w; i++) {
        const bfc_search_stat *s = &st[i];
        FUZZ_CHECK(fg_among(l, nl, s->move) && fg_among(l, nl, s->same_as));
        for (size_t j = 0; j < i; j++)
            FUZZ_CHECK(st[j].move != s->move);
        FUZZ_CHECK(s->searched <= 1 && s->wins_now <= 1);
        FUZZ_CHECK(s->searched || (s->visits == 0 && !s->wins_now));
        FUZZ_CHECK(s->value == -1 || z->cfg.value == BFC_SEARCH_MARGIN ||
                   (s->value >= 0 && s->value <= 1));
        FUZZ_CHECK(isfinite(s->value) && isfinite(s->points));
        if (i > 0)
            FUZZ_CHECK(st[i - 1].searched >= s->searched);
    }
    FUZZ_CHECK(fuzz_all_sentinel(st + w, (room - w) * sizeof *st));
}

/* A decision stepped to its end from seed s, against search_move and
 * analyze of a twin bot of the same config and seed. */
static void stepped_equals_move(sz *z, unsigned s)
{
    if (bfc_game_over(z->g))
        return;
    if (!z->twin)
        z->twin = new_bot(z);
    FUZZ_CHECK(bfc_search_seed(z->bot, s) == BFC_OK);
    FUZZ_CHECK(bfc_search_begin(z->bot, z->g) == BFC_OK);
    int rc = 0, steps = 0;
    while ((rc = bfc_search_step(z->bot, 1u + (unsigned)((z->rng = z->rng * 6364136223846793005u + 1442695040888963407u) >> 61))) == 0)
        FUZZ_CHECK(++steps < 4096);
    FUZZ_CHECK(rc == 1);
    static bfc_search_stat a[BFC_MAX_MOVES], b[BFC_MAX_MOVES];
    memset(a, FUZZ_SENTINEL, sizeof a);
    memset(b, FUZZ_SENTINEL, sizeof b);
    const int n = bfc_search_result(z->bot, a, BFC_MAX_MOVES);
    check_stats(z, z->g, a, n, BFC_MAX_MOVES, BFC_MAX_MOVES);
    FUZZ_CHECK(bfc_search_end(z->bot) == BFC_OK);
    bfc_move m = BFC_MOVE_NONE;
    FUZZ_CHECK(bfc_search_seed(z->twin, s) == BFC_OK);
    FUZZ_CHECK(bfc_search_move(z->twin, z->g, &m) == BFC_OK);
    FUZZ_CHECK(n > 0 && m == a[0].move);
    FUZZ_CHECK(bfc_search_seed(z->twin, s) == BFC_OK);
    FUZZ_CHECK(bfc_search_analyze(z->twin, z->g, b, BFC_MAX_MOVES) == n);
    for (int i = 0; i < n; i++)
        FUZZ_CHECK(a[i].move == b[i].move && a[i].searched == b[i].searched &&
                   a[i].wins_now == b[i].wins_now && a[i].visits == b[i].visits &&
                   a[i].value == b[i].value && a[i].points == b[i].points &&
                   a[i].same_as == b[i].same_as);
    bfc_search_info ia, ib;
    FUZZ_CHECK(bfc_search_last(z->bot, &ia) == BFC_OK && bfc_search_last(z->twin, &ib) == BFC_OK);
    FUZZ_CHECK(ia.iterations == ib.iterations && ia.nodes == ib.nodes &&
               ia.depth == ib.depth && ia.candidates == ib.candidates);
    z->state = IDLE;
    z->pending = 0;
}

static void step(sz *z, uint32_t work)
{
    const int rc = bfc_search_step(z->bot, work);
    switch (z->state) {
    case IDLE:
        FUZZ_CHECK(rc == BFC_EINVAL);
        break;
    case STOPPED:
        FUZZ_CHECK(rc == BFC_EINTR);
        break;
    case DONE:
        FUZZ_CHECK(rc == 1);
        break;
    default:
        if (z->pending && work > 0) {
            /* 1: a decision with nothing to search, done at its begin */
            bfc_search_info info;
            FUZZ_CHECK(rc == BFC_EINTR || rc == 1);
            FUZZ_CHECK(rc == BFC_EINTR ||
                       (bfc_search_last(z->bot, &info) == BFC_OK && info.iterations == 0));
            z->state = rc == 1 ? DONE : STOPPED;
        } else {
            FUZZ_CHECK(rc == 0 || rc == 1);
            bfc_search_info info;
            FUZZ_CHECK(work > 0 || rc == 0 ||
                       (bfc_search_last(z->bot, &info) == BFC_OK && info.iterations == 0));
            if (rc == 1)
                z->state = DONE;
        }
    }
    if (z->state == DONE || z->state == STOPPED)
        z->pending = 0;
}

static void begin(sz *z)
{
    const int rc = bfc_search_begin(z->bot, z->g);
    if (bfc_game_over(z->g)) {
        FUZZ_CHECK(rc == BFC_EINVAL); /* the decision running, if any, is kept */
        return;
    }
    FUZZ_CHECK(rc == BFC_OK);
    z->state = RUNNING;
    z->pending = 0;
}

static void op(sz *z, unsigned v)
{
    const unsigned a = v >> 4;
    bfc_search_stat st[BFC_MAX_MOVES];
    bfc_move m;
    memset(st, FUZZ_SENTINEL, sizeof st);
    memset(&m, FUZZ_SENTINEL, sizeof m);
    const int busy = z->state != IDLE;
    const int over = bfc_game_over(z->g) != 0;
    switch (v & 15u) {
    case 0:
        begin(z);
        break;
    case 1: { /* other rules: refused, the decision running kept */
        const int was = z->state;
        FUZZ_CHECK(bfc_search_begin(z->bot, z->other) == BFC_EINVAL);
        FUZZ_CHECK(z->state == was);
        break;
    }
    case 2:
        step(z, a);
        break;
    case 3: {
        const int n = bfc_search_result(z->bot, st, a);
        if (!busy) {
            FUZZ_CHECK(n == BFC_EINVAL && fuzz_all_sentinel(st, sizeof st));
        } else {
            check_stats(z, z->g, st, n, a, BFC_MAX_MOVES);
        }
        break;
    }
    case 4:
        FUZZ_CHECK(bfc_search_end(z->bot) == (busy ? BFC_OK : BFC_EINVAL));
        z->state = IDLE;
        z->pending = 0;
        break;
    case 5: {
        const int rc = bfc_search_move(z->bot, z->g, &m);
        if (busy || over) {
            FUZZ_CHECK(rc == BFC_EINVAL && fuzz_all_sentinel(&m, sizeof m));
        } else {
            FUZZ_CHECK(rc == BFC_OK && fg_is_legal(z->g, m));
        }
        break;
    }
    case 6: {
        const int n = bfc_search_analyze(z->bot, z->g, st, a);
        if (busy || over) {
            FUZZ_CHECK(n == BFC_EINVAL && fuzz_all_sentinel(st, sizeof st));
        } else {
            check_stats(z, z->g, st, n, a, BFC_MAX_MOVES);
        }
        break;
    }
    case 7:
        FUZZ_CHECK(bfc_search_interrupt(z->bot) == BFC_OK);
        if (z->state == RUNNING)
            z->pending = 1;
        break;
    case 8:
        FUZZ_CHECK(bfc_search_seed(z->bot, a) == (busy ? BFC_EINVAL : BFC_OK));
        break;
    case 9:
        bfc_search_free(z->bot);
        z->bot = new_bot(z);
        z->state = IDLE;
        z->pending = 0;
        break;
    case 10: {
        bfc_search_info info;
        FUZZ_CHECK(bfc_search_last(z->bot, &info) == BFC_OK);
        FUZZ_CHECK(info.ms >= 0 && info.depth <= info.nodes);
        break;
    }
    case 11:
        if (!busy)
            stepped_equals_move(z, a);
        break;
    case 12: {
        const int was = z->state;
        FUZZ_CHECK(bfc_search_begin(NULL, z->g) == BFC_EINVAL);
        FUZZ_CHECK(bfc_search_begin(z->bot, NULL) == BFC_EINVAL);
        FUZZ_CHECK(bfc_search_step(NULL, 1) == BFC_EINVAL);
        FUZZ_CHECK(bfc_search_result(NULL, st, 1) == BFC_EINVAL);
        FUZZ_CHECK(bfc_search_result(z->bot, NULL, 1) == BFC_EINVAL);
        FUZZ_CHECK(bfc_search_end(NULL) == BFC_EINVAL);
        FUZZ_CHECK(bfc_search_interrupt(NULL) == BFC_EINVAL);
        FUZZ_CHECK(bfc_search_move(z->bot, z->g, NULL) == BFC_EINVAL);
        FUZZ_CHECK(bfc_search_analyze(z->bot, z->g, NULL, 1) == BFC_EINVAL);
        FUZZ_CHECK(bfc_search_last(NULL, NULL) == BFC_EINVAL);
        FUZZ_CHECK(fuzz_all_sentinel(st, sizeof st));
        FUZZ_CHECK(z->state == was);
        break;
    }
    case 13:
        begin(z);
        begin(z);
        break;
    case 14: {
        if (busy) {
            FUZZ_CHECK(bfc_search_end(z->bot) == BFC_OK);
            z->state = IDLE;
            z->pending = 0;
        }
        bfc_move l[BFC_MAX_MOVES];
        const int n = fg_legal(z->g, l);
        if (n > 0)
            FUZZ_CHECK(bfc_game_apply(z->g, l[a % (unsigned)n], NULL, 0, NULL) == BFC_OK);
        break;
    }
    default:
        for (int i = 0; i < 32 && (z->state == RUNNING || z->state == IDLE); i++) {
            step(z, 1u + a);
            if (z->state == IDLE)
                break;
        }
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t h[6] = {0};
    for (size_t i = 0; i < 6 && i < size; i++)
        h[i] = data[i];
    sz z;
    memset(&z, 0, sizeof z);
    z.g = fg_pick(h[0], h[1], h[2], h[3] % 128u, NULL, NULL);
    z.rules = *bfc_game_rules(z.g);
    bfc_rules o = z.rules;
    o.target = o.target == 1000 ? 999 : o.target + 1;
    int st = 1;
    z.other = bfc_game_new(&o, h[2], &st);
    FUZZ_CHECK(z.other && st == BFC_OK);
    bfc_search_config_init(&z.cfg);
    z.cfg.flags = h[4] & 15u;
    z.cfg.value = h[4] & 16u ? BFC_SEARCH_MARGIN : BFC_SEARCH_WIN;
    z.cfg.playout = (h[4] >> 5 & 3u) == 3 ? BFC_PLAYOUT_GUIDED : (int)(h[4] >> 5 & 3u);
    z.cfg.iterations = 1u + h[5] % 24u;
    z.cfg.worlds = 1u + h[5] / 32u;
    z.cfg.seed = h[2];
    z.rng = h[2];
    z.bot = new_bot(&z);
    for (size_t i = 6; i < size && i < 6 + 64; i++)
        op(&z, data[i]);
    bfc_search_free(z.bot); /* a decision may be running: freed with it */
    bfc_search_free(z.twin);
    bfc_game_free(z.g);
    bfc_game_free(z.other);
    return 0;
}
