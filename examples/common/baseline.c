/* The frozen baseline (baseline.h): a copy of the library's search bot,
 * src/search.c as it was at main 67276bf (issue 27's "today's bot"), with
 * its names prefixed baseline_ instead of bfc_search and nothing else
 * changed. Keep it that way: it is the yardstick new bots are measured
 * against (bfc-sim --bots base-hard, tests/ladder.c), so its moves must not
 * change. tests/test_baseline.c pins a checksum of its moves over a fixed
 * set of games; a change there means the baseline (or a library call under
 * it: the engine, bfc_game_determinize, the uniform discard advice, the
 * greedy bot) plays otherwise, and the commit must say why.
 *
 * What follows is the original's own description.
 *
 * Single-observer Information Set Monte Carlo Tree Search
 * (ISMCTS, Cowling, Powley and Whitehouse 2012) over determinizations.
 *
 * Written against the public header only, as a user of the library could
 * have written it: every iteration copies the game, re-deals every card
 * the seat to move has not seen (bfc_game_determinize, whose world depends
 * on that seat's observation and the seed only), walks one tree shared by
 * all those worlds -- at each node only the moves legal in this world
 * compete, by UCB1 with availability counts -- adds one node, plays the
 * rest out with a cheap policy to a horizon (the end of the skirmish or
 * deal) and backs the value up for each node's mover.
 *
 * The value of a position at the horizon is, for each side, its chance of
 * winning the game estimated from the scores (exact 1 or 0 when the game
 * ended), or optionally the points margin won over the horizon. A classic
 * discard is chosen by its exact expected points (bfc_advise_discard):
 * whole-deal playouts are far too noisy to rank fifteen discards.
 *
 * Memory: one block for the bot and its node arena, one game for the
 * worlds, both made in baseline_new; a decision allocates nothing. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "baseline.h"

/* ---- Arithmetic without libm (the library links libc only) ---------------- */

static uint64_t bits_of(double x)
{
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return b;
}

static double of_bits(uint64_t b)
{
    double x;
    memcpy(&x, &b, sizeof x);
    return x;
}

#define LN2 0.69314718055994530942

/* e^x to about 1e-15 relative: x = k ln 2 + r, |r| <= ln 2 / 2. */
static double fexp(double x)
{
    if (x > 700)
        x = 700;
    if (x < -700)
        return 0;
    const double kd = x / LN2;
    const long k = (long)(kd < 0 ? kd - 0.5 : kd + 0.5);
    const double r = x - (double)k * LN2;
    double term = 1, sum = 1;
    for (int i = 1; i <= 14; i++) {
        term *= r / i;
        sum += term;
    }
    return sum * of_bits((uint64_t)(k + 1023) << 52);
}

/* ln x for x > 0 (0 otherwise): x = m 2^e with m in [sqrt(1/2), sqrt(2)),
 * ln m = 2 atanh((m - 1) / (m + 1)). */
static double flog(double x)
{
    if (!(x > 0))
        return 0;
    const uint64_t b = bits_of(x);
    long e = (long)((b >> 52) & 0x7FF) - 1023;
    double m = of_bits((b & ((UINT64_C(1) << 52) - 1)) | (UINT64_C(1023) << 52));
    if (m > 1.4142135623730951) {
        m /= 2;
        e++;
    }
    const double t = (m - 1) / (m + 1), t2 = t * t;
    double term = t, sum = 0;
    for (int i = 1; i <= 25; i += 2) {
        sum += term / i;
        term *= t2;
    }
    return 2 * sum + (double)e * LN2;
}

/* sqrt x for x >= 0: Newton's method from a halved exponent. */
static double fsqrt(double x)
{
    if (!(x > 0))
        return 0;
    double y = of_bits((bits_of(x) >> 1) + (UINT64_C(1023) << 51));
    for (int i = 0; i < 6; i++)
        y = 0.5 * (y + x / y);
    return y;
}

/* The normal distribution function, by its logistic approximation
 * (within 0.01): a smooth, monotone chance of winning. */
static double phi(double z) { return 1.0 / (1.0 + fexp(-1.702 * z)); }

/* ---- The bot --------------------------------------------------------------- */

/* One tree node: a move from its parent's position (or, below a draw, a
 * chance node for the card drawn: move BFC_MOVE_NONE). */
typedef struct node {
    uint32_t child;   /* first child, 0 = none (node 0 is the root) */
    uint32_t sibling; /* next child of the same parent, 0 = none */
    uint32_t visits;
    uint32_t avail;   /* times the move was legal when the parent was visited */
    double sum;       /* values for the mover's side, summed */
    bfc_move move;
    uint8_t seat;     /* who made the move */
    bfc_card card;    /* a chance node's card */
} node;

/* How points come in a game of these rules, for the value estimate: mean
 * points per side per deal (or skirmish), their spread, and what dealing
 * next is worth. Measured with greedy bots; only their scale matters. */
typedef struct pace {
    double rate, sd, adv;
} pace;

struct baseline {
    baseline_config cfg;
    bfc_rules rules;
    uint64_t rng;      /* the decisions' generator */
    bfc_game *world;   /* the world of one iteration */
    pace pace;
    baseline_info info;
    uint32_t cap;      /* nodes in the arena */
    uint32_t used;
    node nodes[];
};

#define MAX_DEPTH 256      /* tree path of one iteration */
#define MAX_PLAYOUT 4000   /* moves of one playout (a safety net) */
#define MAX_NODES (UINT32_C(1) << 26)
#define MIN_NODES 64

void baseline_config_init(baseline_config *c)
{
    if (!c)
        return;
    memset(c, 0, sizeof *c);
    c->iterations = 400;
    c->time_ms = 0;
    c->exploration = 0.7;
    c->seed = 0;
    c->playout = BASELINE_PLAYOUT_GUIDED;
    c->value = BASELINE_WIN;
    c->flags = BASELINE_EXACT_DISCARD;
    c->nodes = 0;
}

int baseline_config_level(baseline_config *c, int level)
{
    static const uint32_t budget[] = {0, 40, 400, 2000};
    if (!c || level < BASELINE_EASY || level > BASELINE_HARD)
        return BFC_EINVAL;
    c->iterations = budget[level];
    c->time_ms = 0;
    return BFC_OK;
}

static pace pace_of(const bfc_rules *r)
{
    switch (r->variant) {
    case BFC_VARIANT_BATTLEFIELD:
        return r->teams ? (pace){35, 17, 1.1} : r->players == 4 ? (pace){21, 20, 1.5}
                                                                 : (pace){18, 11, 1.5};
    case BFC_VARIANT_CLASSIC:
        return r->players == 2 ? (pace){13.4, 5.8, 3} : r->players == 3 ? (pace){11, 5.3, 2.8}
                                                                         : (pace){21, 7, 2.8};
    case BFC_VARIANT_FIVE_CARD:
        return (pace){8.6, 4.5, 2.5};
    case BFC_VARIANT_NODDY:
        return (pace){4.3, 2.7, 0.2};
    default: /* solitaire */
        return (pace){15, 6, 0};
    }
}

static int config_ok(const baseline_config *c)
{
    return c->playout >= BASELINE_PLAYOUT_RANDOM && c->playout <= BASELINE_PLAYOUT_GREEDY &&
           (c->value == BASELINE_WIN || c->value == BASELINE_MARGIN) &&
           (c->flags & ~BASELINE_EXACT_DISCARD) == 0 && (c->iterations || c->time_ms) &&
           c->exploration >= 0 && c->exploration <= 100 && c->nodes <= MAX_NODES;
}

baseline *baseline_new(const bfc_rules *rules, const baseline_config *cfg, int *status)
{
    baseline_config c;
    if (cfg)
        c = *cfg;
    else
        baseline_config_init(&c);
    int rc = rules && config_ok(&c) ? bfc_rules_check(rules) : BFC_EINVAL;
    if (rc != BFC_OK) {
        if (status)
            *status = rc;
        return NULL;
    }
    /* each iteration adds at most two nodes (a move and a drawn card) */
    uint64_t cap = c.nodes ? c.nodes
                   : c.iterations ? 2 * (uint64_t)c.iterations + 2
                                  : 400 * (uint64_t)c.time_ms + 1024;
    if (cap > MAX_NODES)
        cap = MAX_NODES;
    if (cap < MIN_NODES)
        cap = MIN_NODES; /* room for every root move */
    baseline *s = malloc(sizeof *s + (size_t)cap * sizeof(node));
    bfc_game *w = s ? bfc_game_new(rules, 0, &rc) : NULL;
    if (!s || !w) {
        free(s);
        if (status)
            *status = BFC_ENOMEM;
        return NULL;
    }
    memset(s, 0, sizeof *s);
    s->cfg = c;
    s->rules = *rules;
    s->rng = c.seed;
    s->world = w;
    s->pace = pace_of(rules);
    s->cap = (uint32_t)cap;
    if (status)
        *status = BFC_OK;
    return s;
}

void baseline_free(baseline *s)
{
    if (!s)
        return;
    bfc_game_free(s->world);
    free(s);
}

int baseline_seed(baseline *s, uint64_t seed)
{
    if (!s)
        return BFC_EINVAL;
    s->rng = seed;
    return BFC_OK;
}

int baseline_last(const baseline *s, baseline_info *out)
{
    if (!s || !out)
        return BFC_EINVAL;
    *out = s->info;
    return BFC_OK;
}

/* ---- One decision ----------------------------------------------------------- */

typedef struct run {
    baseline *s;
    int seat;                 /* the seat to move at the root */
    int sides;
    int side[6];              /* side of each seat */
    uint32_t skirmish;        /* the root's deal: the horizon is its end */
    int start[6];             /* scores at the root */
    uint64_t rng;             /* this iteration's policy generator */
    bfc_move cand[BFC_MAX_MOVES]; /* the root's moves to search */
    unsigned ncand;
    double norm;              /* margin values are divided by this in UCB */
    uint32_t depth;
    uint32_t at_once[BFC_MAX_MOVES + 1]; /* root child k (node k): iterations
                                            in which it won the game at once */
} run;

static unsigned below(uint64_t *rng, unsigned n)
{
    return (unsigned)(((bfc_rng_next(rng) >> 32) * n) >> 32);
}

/* 1 when w is at the horizon (game over, or a new deal); otherwise *o is
 * the observation of the seat to move. */
static int at_horizon(const run *r, const bfc_game *w, bfc_observation *o)
{
    if (bfc_game_over(w))
        return 1;
    bfc_game_observe(w, bfc_game_to_move(w), o);
    return o->skirmish != r->skirmish;
}

/* ---- The guided playout policy ------------------------------------------------ */

/* The side seat s plays for: partners sit opposite; in captain's
 * cribbage (RULES 3.10) the captain, seat 0, alone against the others. */
static int side_in(const bfc_observation *o, unsigned s)
{
    if (o->rules.teams && o->sides)
        return (int)(s % o->sides);
    return (o->rules.flags & BFC_RULE_CAPTAIN) ? s != 0 : (int)s;
}

/* A card's worth to a Battlefield formation, roughly: fives and tens make
 * fifteens; the joker kills the hand it is kept in. */
static double worth(bfc_card c)
{
    if (c == BFC_JOKER)
        return -3;
    const int v = bfc_card_value(c);
    return v == 5 ? 1.0 : v == 10 ? 0.4 : 0.0;
}

/* The value for the mover's side of placing c on frontline f: its own
 * points, a go given away or to a partner, knobs for the dealer. */
static double place_value(const bfc_observation *o, const bfc_frontline *f, bfc_card c,
                          unsigned flags)
{
    bfc_frontline t = *f;
    bfc_frontline_score sc;
    if (bfc_frontline_place(&t, c, flags, &sc) < 0)
        return 0;
    const unsigned me = o->to_move, right = me == 0 ? o->players - 1u : me - 1u;
    const int my = side_in(o, me);
    double v = sc.placer_points;
    if (sc.go_point)
        v += side_in(o, right) == my ? 1 : -1;
    if (sc.knobs_dealer)
        v += side_in(o, o->dealer) == my ? 2 : -2;
    return v;
}

/* What a face-down card is worth placed, and the value of a draw, as
 * rough constants: the policy must be cheap. */
#define HIDDEN_VALUE 0.4
#define DRAW_VALUE 0.9
#define NO_PROGRESS (-50.0)

static double bf_move_value(const bfc_observation *o, bfc_move m)
{
    const unsigned me = o->to_move;
    const bfc_frontline *f = &o->frontline;
    if (m == BFC_MOVE_DRAW)
        return DRAW_VALUE;
    if (m == BFC_MOVE_TURN)
        return 0.5;
    if (m == BFC_MOVE_PLACE)
        return place_value(o, f, o->held, 0);
    if (m >= BFC_MOVE_SWAP && m < BFC_MOVE_SWAP + 5) {
        const bfc_card c = o->formation[me][m - BFC_MOVE_SWAP];
        if (c == BFC_CARD_HIDDEN)
            return HIDDEN_VALUE + 0.3 * worth(o->held) + 0.2;
        return place_value(o, f, c, 0) + 0.3 * (worth(o->held) - worth(c));
    }
    if (m >= BFC_MOVE_TAKE && m < BFC_MOVE_TAKE + 5) {
        bfc_frontline t = *f;
        bfc_card taken;
        if (bfc_frontline_take(&t, &taken) < 0)
            return NO_PROGRESS;
        const bfc_card c = o->formation[me][m - BFC_MOVE_TAKE];
        const double v = c == BFC_CARD_HIDDEN ? HIDDEN_VALUE - 1 : place_value(o, &t, c, 0);
        /* a take that scores nothing makes no progress (RULES 4.4, D9) */
        if (v <= 0)
            return NO_PROGRESS + v;
        return v + 0.3 * (worth(taken) - (c == BFC_CARD_HIDDEN ? 0 : worth(c)));
    }
    return 0;
}

/* Battlefield lay-away: among the legal (best) ones, the dealer's side
 * gives its reserve the most useful card, the others the least. */
static bfc_move lay_away(const bfc_observation *o, const bfc_move *L, int n)
{
    const int mine = side_in(o, o->dealer) == side_in(o, o->to_move);
    bfc_move pick = L[0];
    double best = -1e9;
    for (int i = 0; i < n; i++) {
        const double w = worth(o->formation[o->to_move][L[i] - BFC_MOVE_LAYAWAY]);
        const double v = mine ? w : -w;
        if (v > best) {
            best = v;
            pick = L[i];
        }
    }
    return pick;
}

/* Classic play: the most points now, less a little for a count of 5 or 21
 * (a ten card makes 15 or 31) and for laying a five. */
static double peg_value(const bfc_observation *o, bfc_card c)
{
    bfc_card seq[17];
    const unsigned n = o->nseq < 16 ? o->nseq : 16;
    memcpy(seq, o->seq, n);
    seq[n] = c;
    const unsigned flags = o->rules.variant == BFC_VARIANT_NODDY ? BFC_NODDY : 0u;
    const int p = bfc_score_peg_detail(seq, n + 1, flags, NULL);
    const int count = o->count + bfc_card_value(c);
    double v = p > 0 ? p : 0;
    if (o->players > 1) {
        if (count == 5 || count == 21)
            v -= 0.6;
        if (bfc_card_rank(c) == 5)
            v -= 0.2;
    }
    return (o->rules.flags & BFC_RULE_BACKWARD) ? -v : v;
}

static bfc_move guided(run *r, const bfc_observation *o)
{
    bfc_move L[BFC_MAX_MOVES];
    const int n = bfc_observation_legal_moves(o, L, BFC_MAX_MOVES);
    if (n <= 0)
        return BFC_MOVE_NONE;
    if (n == 1)
        return L[0];
    double best = -1e18;
    bfc_move pick = L[0];
    unsigned ties = 0;
    if (o->rules.variant == BFC_VARIANT_BATTLEFIELD) {
        if (o->phase == BFC_PHASE_REVEAL)
            return L[below(&r->rng, (unsigned)n)];
        if (o->phase == BFC_PHASE_LAYAWAY)
            return lay_away(o, L, n);
    } else if (o->phase != BFC_PHASE_PLAY) {
        bfc_move m = L[0];
        return bfc_bot_greedy(o, &r->rng, &m) == BFC_OK ? m : L[0];
    }
    for (int i = 0; i < n; i++) {
        const double v = o->rules.variant == BFC_VARIANT_BATTLEFIELD
                             ? bf_move_value(o, L[i])
                             : peg_value(o, (bfc_card)(L[i] - BFC_MOVE_PLAY));
        if (v > best + 1e-9) {
            best = v;
            pick = L[i];
            ties = 1;
        } else if (v > best - 1e-9 && below(&r->rng, ++ties) == 0) {
            pick = L[i]; /* uniform among equals */
        }
    }
    return pick;
}

static bfc_move policy(run *r, const bfc_observation *o)
{
    bfc_move m = BFC_MOVE_NONE;
    switch (r->s->cfg.playout) {
    case BASELINE_PLAYOUT_RANDOM:
        if (bfc_bot_random(o, &r->rng, &m) != BFC_OK)
            m = BFC_MOVE_NONE;
        return m;
    case BASELINE_PLAYOUT_GREEDY:
        if (bfc_bot_greedy(o, &r->rng, &m) != BFC_OK)
            m = BFC_MOVE_NONE;
        return m;
    default:
        return guided(r, o);
    }
}

/* ---- Values ----------------------------------------------------------------- */

/* The value of world w at the horizon for each side (o: the observation
 * made by at_horizon when the game goes on). */
static void values(const run *r, const bfc_game *w, const bfc_observation *o, double *val)
{
    const baseline *s = r->s;
    const int n = r->sides;
    int sc[6] = {0};
    bfc_game_scores(w, sc, 6);
    const int backward = (s->rules.flags & BFC_RULE_BACKWARD) != 0;
    if (s->cfg.value == BASELINE_MARGIN) {
        double gain[6];
        for (int i = 0; i < n; i++)
            gain[i] = (backward ? -1 : 1) * (double)(sc[i] - r->start[i]);
        for (int i = 0; i < n; i++) {
            double other = n == 1 ? 0 : -1e9;
            for (int j = 0; j < n; j++)
                if (j != i && gain[j] > other)
                    other = gain[j];
            val[i] = gain[i] - other;
        }
        return;
    }
    if (bfc_game_over(w)) {
        const int win = bfc_game_winner(w);
        for (int i = 0; i < n; i++)
            val[i] = i == win;
        return;
    }
    const pace *p = &s->pace;
    const double target = s->rules.target;
    if (n == 1) { /* solitaire: the deals left, then the free crib */
        const double left = o->skirmish < 6 ? 6.0 - o->skirmish : 0.0;
        val[0] = phi((sc[0] + p->rate * left + 4.5 - target) / (p->sd * fsqrt(left + 1)));
        return;
    }
    const int dealer = bfc_game_side_of(w, o->dealer);
    /* captain's cribbage: the captain (side 0) plays to half the target,
       rounded up (RULES 3.10) */
    const int captain = (s->rules.flags & BFC_RULE_CAPTAIN) != 0;
    const int half = (s->rules.target + 1) / 2;
    double need[6], total = 0;
    for (int i = 0; i < n; i++) {
        need[i] = (captain && i == 0 ? (double)half : target) - sc[i];
        if (need[i] < 1)
            need[i] = 1;
        val[i] = 1;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            const double adv = dealer == i ? p->adv : dealer == j ? -p->adv : 0;
            double z = (need[j] - need[i] + adv) / (p->sd * fsqrt((need[i] + need[j]) / p->rate));
            if (backward)
                z = -z;
            const double pij = phi(z);
            val[i] *= pij;
            val[j] *= 1 - pij;
        }
    for (int i = 0; i < n; i++)
        total += val[i];
    for (int i = 0; i < n && total > 0; i++)
        val[i] /= total;
}

/* ---- The tree ----------------------------------------------------------------- */

static uint32_t new_node(baseline *s, uint32_t parent, bfc_move m, int seat, bfc_card card)
{
    if (s->used >= s->cap)
        return 0;
    const uint32_t k = s->used++;
    node *c = &s->nodes[k];
    memset(c, 0, sizeof *c);
    c->move = m;
    c->seat = (uint8_t)seat;
    c->card = card;
    c->sibling = s->nodes[parent].child;
    s->nodes[parent].child = k;
    return k;
}

/* Below the root, phases whose choice the search leaves to the policy:
 * the first-turn reveal (the formation is face down to everyone, RULES
 * D7, so every pair of slots is alike) and the muggins declaration and
 * claim (honest, and claimed when wrong). */
static int policy_phase(const bfc_observation *o)
{
    return o->phase == BFC_PHASE_REVEAL || o->phase == BFC_PHASE_DECLARE ||
           o->phase == BFC_PHASE_CLAIM;
}

static void apply(bfc_game *w, bfc_move m) { bfc_game_apply(w, m, NULL, 0, NULL); }

/* Whether the root seat's side has just won the game in w. */
static int won(const run *r, const bfc_game *w)
{
    return bfc_game_over(w) && bfc_game_winner(w) == r->side[r->seat];
}

static void iterate(run *r, const bfc_game *game, uint64_t seed)
{
    baseline *s = r->s;
    bfc_game *w = s->world;
    node *nd = s->nodes;
    bfc_game_copy(w, game);
    bfc_game_determinize(w, r->seat, seed);
    uint32_t path[MAX_DEPTH];
    unsigned depth = 0;
    path[depth++] = 0;
    uint32_t v = 0;
    int won_now = 0;
    bfc_observation o;
    int done = at_horizon(r, w, &o);
    while (!done && depth < MAX_DEPTH - 2) {
        const int mover = o.to_move;
        if (v != 0 && policy_phase(&o)) {
            apply(w, policy(r, &o));
            done = at_horizon(r, w, &o);
            continue;
        }
        bfc_move L[BFC_MAX_MOVES];
        int n;
        if (v == 0) {
            n = (int)r->ncand;
            memcpy(L, r->cand, r->ncand * sizeof *L);
        } else {
            n = bfc_game_legal_moves(w, L, BFC_MAX_MOVES);
            if (n > BFC_MAX_MOVES)
                n = BFC_MAX_MOVES;
        }
        if (n <= 0)
            break;
        /* the children legal here: their availability counts, and the best
           of them by UCB1; the moves with no child yet */
        uint8_t have[BFC_MAX_MOVES] = {0};
        uint32_t best = 0;
        double best_u = -1e300;
        for (uint32_t c = nd[v].child; c; c = nd[c].sibling) {
            int at = -1;
            for (int i = 0; i < n; i++)
                if (L[i] == nd[c].move) {
                    at = i;
                    break;
                }
            if (at < 0)
                continue;
            have[at] = 1;
            node *ch = &nd[c];
            ch->avail++;
            const double mean = ch->visits ? ch->sum / ch->visits / r->norm : 0;
            const double u = ch->visits ? mean + s->cfg.exploration *
                                                     fsqrt(flog((double)ch->avail) / ch->visits)
                                        : 1e300;
            if (u > best_u) {
                best_u = u;
                best = c;
            }
        }
        unsigned untried = 0;
        for (int i = 0; i < n; i++)
            untried += !have[i];
        if (untried > 0) {
            if (s->used >= s->cap)
                break; /* the arena is full: play out from here */
            unsigned k = below(&r->rng, untried);
            bfc_move m = BFC_MOVE_NONE;
            for (int i = 0; i < n; i++)
                if (!have[i] && k-- == 0) {
                    m = L[i];
                    break;
                }
            const uint32_t c = new_node(s, v, m, mover, BFC_CARD_NONE);
            nd[c].avail = 1;
            path[depth++] = c;
            apply(w, m);
            if (v == 0)
                won_now = won(r, w);
            break;
        }
        if (!best)
            break;
        path[depth++] = best;
        apply(w, nd[best].move);
        if (v == 0)
            won_now = won(r, w);
        v = best;
        done = at_horizon(r, w, &o);
        if (done || nd[best].move != BFC_MOVE_DRAW)
            continue;
        /* the card drawn: one chance node per card, so that the drawer's
           next choice (place or swap) is made knowing it */
        const bfc_card card = o.held;
        uint32_t ch = nd[v].child;
        while (ch && nd[ch].card != card)
            ch = nd[ch].sibling;
        if (!ch) {
            ch = new_node(s, v, BFC_MOVE_NONE, mover, card);
            if (ch)
                path[depth++] = ch;
            break;
        }
        path[depth++] = ch;
        v = ch;
    }
    if (depth > r->depth)
        r->depth = depth;
    /* the playout */
    for (int k = 0; k < MAX_PLAYOUT && !at_horizon(r, w, &o); k++) {
        const bfc_move m = policy(r, &o);
        if (m == BFC_MOVE_NONE || bfc_game_apply(w, m, NULL, 0, NULL) != BFC_OK)
            break;
    }
    double val[6] = {0};
    values(r, w, &o, val);
    nd[0].visits++;
    if (won_now && depth > 1 && path[1] <= BFC_MAX_MOVES)
        r->at_once[path[1]]++;
    for (unsigned i = 1; i < depth; i++) {
        node *x = &nd[path[i]];
        x->visits++;
        x->sum += val[r->side[x->seat]];
    }
}

static double now_ms(void)
{
    struct timespec ts;
    if (timespec_get(&ts, TIME_UTC) != TIME_UTC)
        return 0;
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* The moves the search weighs at the root. A classic discard, with
 * BASELINE_EXACT_DISCARD, is the best of bfc_advise_discard; a muggins
 * declaration or claim is the greedy bot's (an honest count, a claim when
 * the count is wrong). Otherwise every legal move. */
static unsigned candidates(const baseline *s, const bfc_observation *o, const bfc_move *L,
                           unsigned n, bfc_move *out, uint64_t *rng)
{
    if (o->rules.variant != BFC_VARIANT_BATTLEFIELD) {
        /* seven-card: searched, as before its advice existed (issue 38) */
        if (o->phase == BFC_PHASE_DISCARD && (s->cfg.flags & BASELINE_EXACT_DISCARD) &&
            o->rules.variant != BFC_VARIANT_SEVEN_CARD) {
            bfc_discard_option best;
            if (bfc_advise_discard_observation(o, BFC_CRIB_UNIFORM, &best, 1) > 0) {
                out[0] = best.move;
                return 1;
            }
        }
        if (o->phase == BFC_PHASE_DECLARE || o->phase == BFC_PHASE_CLAIM) {
            bfc_move m;
            if (bfc_bot_greedy(o, rng, &m) == BFC_OK) {
                out[0] = m;
                return 1;
            }
        }
    }
    memcpy(out, L, n * sizeof *L);
    return n;
}

/* Runs the search for the seat to move in game; fills r. */
static int search(baseline *s, const bfc_game *game, run *r)
{
    const double t0 = now_ms();
    if (!s || !game)
        return BFC_EINVAL;
    const bfc_rules *gr = bfc_game_rules(game);
    if (!gr || memcmp(gr, &s->rules, sizeof *gr) != 0)
        return BFC_EINVAL;
    if (bfc_game_over(game))
        return BFC_EINVAL;
    memset(r, 0, sizeof *r);
    r->s = s;
    r->seat = bfc_game_to_move(game);
    r->sides = bfc_game_sides(game);
    for (int i = 0; i < s->rules.players && i < 6; i++)
        r->side[i] = bfc_game_side_of(game, i);
    bfc_observation o;
    bfc_game_observe(game, r->seat, &o);
    r->skirmish = o.skirmish;
    bfc_game_scores(game, r->start, 6);
    r->norm = s->cfg.value == BASELINE_MARGIN ? 2 * s->pace.sd : 1;
    bfc_move L[BFC_MAX_MOVES];
    const int n = bfc_observation_legal_moves(&o, L, BFC_MAX_MOVES);
    if (n <= 0)
        return BFC_EINVAL;
    uint64_t stream = bfc_rng_next(&s->rng);
    r->rng = bfc_rng_next(&stream);
    r->ncand = candidates(s, &o, L, (unsigned)n, r->cand, &r->rng);
    s->used = 1;
    memset(&s->nodes[0], 0, sizeof s->nodes[0]);
    s->nodes[0].seat = (uint8_t)r->seat;
    uint32_t it = 0;
    if (r->ncand > 1) {
        const uint32_t budget = s->cfg.iterations;
        const double deadline = t0 + (double)s->cfg.time_ms;
        for (;;) {
            if (budget ? it >= budget : (it % 8 == 0 && it > 0 && now_ms() >= deadline))
                break;
            const uint64_t seed = bfc_rng_next(&stream);
            r->rng = bfc_rng_next(&stream);
            iterate(r, game, seed);
            it++;
        }
    }
    s->info.iterations = it;
    s->info.nodes = s->used;
    s->info.depth = r->depth;
    s->info.candidates = r->ncand;
    s->info.ms = now_ms() - t0;
    return BFC_OK;
}

/* One root move's figures. */
static void stat_of(const baseline *s, const run *r, bfc_move m, baseline_stat *st)
{
    memset(st, 0, sizeof *st);
    st->move = m;
    for (uint32_t c = s->nodes[0].child; c; c = s->nodes[c].sibling)
        if (s->nodes[c].move == m) {
            st->visits = s->nodes[c].visits;
            st->value = st->visits ? s->nodes[c].sum / st->visits : 0;
            st->wins_now = (uint8_t)(c <= BFC_MAX_MOVES && st->visits > 0 &&
                                     r->at_once[c] == st->visits);
        }
    for (unsigned i = 0; i < r->ncand; i++)
        if (r->cand[i] == m)
            st->searched = 1;
}

/* The order of the root's moves: candidates first, then a move that won
 * the game at once every time it was tried (whatever the hidden cards,
 * so the bot pegs out when it can), then the most visits, the better
 * mean, the lower move id. */
static int before(const baseline_stat *a, const baseline_stat *b)
{
    if (a->searched != b->searched)
        return a->searched > b->searched;
    if (a->wins_now != b->wins_now)
        return a->wins_now > b->wins_now;
    if (a->visits != b->visits)
        return a->visits > b->visits;
    if (a->value != b->value)
        return a->value > b->value;
    return a->move < b->move;
}

int baseline_analyze(baseline *s, const bfc_game *game, baseline_stat *out, size_t cap)
{
    if (!out && cap > 0)
        return BFC_EINVAL;
    run r;
    const int rc = search(s, game, &r);
    if (rc < 0)
        return rc;
    bfc_move L[BFC_MAX_MOVES];
    int n = bfc_game_legal_moves(game, L, BFC_MAX_MOVES);
    if (n > BFC_MAX_MOVES)
        n = BFC_MAX_MOVES;
    baseline_stat st[BFC_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        stat_of(s, &r, L[i], &st[i]);
        int j = i;
        while (j > 0 && before(&st[i], &st[j - 1]))
            j--;
        const baseline_stat x = st[i];
        memmove(&st[j + 1], &st[j], (size_t)(i - j) * sizeof *st);
        st[j] = x;
    }
    if (out)
        memcpy(out, st, ((size_t)n < cap ? (size_t)n : cap) * sizeof *out);
    return n;
}

int baseline_move(baseline *s, const bfc_game *game, bfc_move *out)
{
    if (!out)
        return BFC_EINVAL;
    baseline_stat best;
    const int n = baseline_analyze(s, game, &best, 1);
    if (n < 0)
        return n;
    if (n == 0)
        return BFC_EINVAL;
    *out = best.move;
    return BFC_OK;
}
