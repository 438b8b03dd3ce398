/* The search bot: single-observer Information Set Monte Carlo Tree Search
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
 * worlds, both made in bfc_search_new; a decision allocates nothing. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <stdio.h> /* XXX experiment knobs */

#include "bfc.h"

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

static double fabs_(double x) { return x < 0 ? -x : x; }

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

#define SOLVE_PLIES 20     /* the deal solver's deepest line, plus one */
#define SOLVE_WORLDS 1024  /* worlds whose values the stopping rule keeps */
#define SOLVE_KIDS 6       /* children ordered at a node, at most */

struct bfc_search {
    bfc_search_config cfg;
    bfc_rules rules;
    uint64_t rng;      /* the decisions' generator */
    bfc_game *world;   /* the world of one iteration */
    pace pace;
    const uint16_t *win; /* the chance-of-winning table, NULL if none */
    int win_target;
    bfc_search_info info;
    bfc_game *kid[SOLVE_PLIES][SOLVE_KIDS]; /* XXX children for ordering */
    int order; /* XXX */
    bfc_game *ply[SOLVE_PLIES]; /* the deal solver's games, one a ply (NULL
                                   when these rules are not solved) */
    uint32_t worlds;   /* the deal solver's worlds per decision */
    uint64_t solved;   /* nodes the deal solver visited (statistics) */
    double crib_pair[13][13]; /* mean crib of two thrown ranks (uniform rest) */
    double beta;       /* the belief's discard temperature, per point */
    int oppmodel;      /* XXX */
    int crib_model;    /* XXX */
    double stop_z;     /* XXX */
    double stop_eps;   /* XXX */
    int win_near;      /* XXX */
    uint32_t min_worlds; /* XXX */
    double pegw;       /* XXX */
    double pegtab[2][1820]; /* XXX */
    double wv[SOLVE_WORLDS][BFC_MAX_MOVES]; /* the deal solver's values by world */
    uint32_t cap;      /* nodes in the arena */
    uint32_t used;
    node nodes[];
};

#define MAX_DEPTH 256      /* tree path of one iteration */
#define MAX_PLAYOUT 4000   /* moves of one playout (a safety net) */
#define MAX_NODES (UINT32_C(1) << 26)
#define MIN_NODES 64

void bfc_search_config_init(bfc_search_config *c)
{
    if (!c)
        return;
    memset(c, 0, sizeof *c);
    c->iterations = 400;
    c->time_ms = 0;
    c->exploration = 0.7;
    c->seed = 0;
    c->playout = BFC_PLAYOUT_GUIDED;
    c->value = BFC_SEARCH_WIN;
    c->flags = BFC_SEARCH_EXACT_DISCARD;
    c->nodes = 0;
}

int bfc_search_config_level(bfc_search_config *c, int level)
{
    static const uint32_t budget[] = {0, 40, 400, 2000};
    if (!c || level < BFC_LEVEL_EASY || level > BFC_LEVEL_HARD)
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

/* The rules whose play the deal solver searches: two players of a classic
 * game with a crib and a plain play (no muggins declarations, no board;
 * Noddy's play scores flushes, so its cards of a rank are not alike). */
static void crib_pairs(bfc_search *s);

/* XXX experiment knobs, removed before landing */
static double knob(const char *name, double dflt)
{
    const char *v = getenv(name);
    return v ? atof(v) : dflt;
}

static int solvable(const bfc_rules *r)
{
    return r->players == 2 && !r->teams &&
           (r->variant == BFC_VARIANT_CLASSIC || r->variant == BFC_VARIANT_FIVE_CARD ||
            r->variant == BFC_VARIANT_SEVEN_CARD) &&
           !(r->flags & BFC_RULE_MUGGINS) && r->board.n == 0;
}

static int config_ok(const bfc_search_config *c)
{
    return c->playout >= BFC_PLAYOUT_RANDOM && c->playout <= BFC_PLAYOUT_GREEDY &&
           (c->value == BFC_SEARCH_WIN || c->value == BFC_SEARCH_MARGIN) &&
           (c->flags & ~BFC_SEARCH_EXACT_DISCARD) == 0 && (c->iterations || c->time_ms) &&
           c->exploration >= 0 && c->exploration <= 100 && c->nodes <= MAX_NODES;
}

bfc_search *bfc_search_new(const bfc_rules *rules, const bfc_search_config *cfg, int *status)
{
    bfc_search_config c;
    if (cfg)
        c = *cfg;
    else
        bfc_search_config_init(&c);
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
    bfc_search *s = malloc(sizeof *s + (size_t)cap * sizeof(node));
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
    if (solvable(rules)) {
        for (int i = 0; i < SOLVE_PLIES * SOLVE_KIDS; i++)
            s->kid[i / SOLVE_KIDS][i % SOLVE_KIDS] = bfc_game_new(rules, 0, &rc);
        for (int i = 0; i < SOLVE_PLIES; i++) {
            s->ply[i] = bfc_game_new(rules, 0, &rc);
            if (!s->ply[i]) {
                bfc_search_free(s);
                if (status)
                    *status = BFC_ENOMEM;
                return NULL;
            }
        }
        s->worlds = c.iterations ? (c.iterations + 15) / 16 : 32;
        if (knob("X_WORLDS", 0) > 0)
            s->worlds = (uint32_t)knob("X_WORLDS", 0);
        if (rules->variant == BFC_VARIANT_CLASSIC)
            crib_pairs(s);
    }
    s->pace = pace_of(rules);
    s->win_target = bfc_win_table(rules, &s->win);
    if (s->win_target <= 0 || knob("X_NOTABLE", 0) > 0)
        s->win = NULL;
    s->crib_model = (int)knob("X_CRIB", 0);
    s->pegw = knob("X_PEGW", 0);
    s->stop_z = knob("X_STOPZ", 0);
    s->stop_eps = knob("X_EPS", 0);
    s->order = (int)knob("X_ORDER", 0);
    s->win_near = (int)knob("X_WINNEAR", 0);
    s->min_worlds = (uint32_t)knob("X_MINW", 16);
    if (s->pegw != 0) {
        FILE *f = fopen("/work/scratch/pegtab.txt", "r");
        for (int k = 0; f && k < 2 * 1820; k++)
            if (fscanf(f, "%lf", &s->pegtab[k / 1820][k % 1820]) != 1)
                break;
        if (f)
            fclose(f);
    }
    s->cap = (uint32_t)cap;
    if (status)
        *status = BFC_OK;
    return s;
}

void bfc_search_free(bfc_search *s)
{
    if (!s)
        return;
    bfc_game_free(s->world);
    for (int i = 0; i < SOLVE_PLIES; i++)
        bfc_game_free(s->ply[i]);
    for (int i = 0; i < SOLVE_PLIES * SOLVE_KIDS; i++)
        bfc_game_free(s->kid[i / SOLVE_KIDS][i % SOLVE_KIDS]);
    free(s);
}

int bfc_search_seed(bfc_search *s, uint64_t seed)
{
    if (!s)
        return BFC_EINVAL;
    s->rng = seed;
    return BFC_OK;
}

int bfc_search_last(const bfc_search *s, bfc_search_info *out)
{
    if (!s || !out)
        return BFC_EINVAL;
    *out = s->info;
    return BFC_OK;
}

/* ---- One decision ----------------------------------------------------------- */

typedef struct run {
    bfc_search *s;
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
    int next_dealer;          /* the deal solver: the side that deals next */
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
    case BFC_PLAYOUT_RANDOM:
        if (bfc_bot_random(o, &r->rng, &m) != BFC_OK)
            m = BFC_MOVE_NONE;
        return m;
    case BFC_PLAYOUT_GREEDY:
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
    const bfc_search *s = r->s;
    const int n = r->sides;
    int sc[6] = {0};
    bfc_game_scores(w, sc, 6);
    const int backward = (s->rules.flags & BFC_RULE_BACKWARD) != 0;
    if (s->cfg.value == BFC_SEARCH_MARGIN) {
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
    if (s->win && n == 2) {
        const int t = s->win_target, a = t - sc[dealer], b = t - sc[1 - dealer];
        const double v = s->win[(a - 1) * t + (b - 1)] / 65535.0;
        val[dealer] = v;
        val[1 - dealer] = 1 - v;
        return;
    }
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

static uint32_t new_node(bfc_search *s, uint32_t parent, bfc_move m, int seat, bfc_card card)
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
    bfc_search *s = r->s;
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

/* ---- The belief: what the opponent's discard says ------------------------------ */

/* The mean crib of two thrown cards of ranks a, b (unsuited) with two more
 * cards and the starter at random: the cards' worth to a crib, for the
 * belief's model of a sensible discard. */
static void crib_pairs(bfc_search *s)
{
    for (int a = 0; a < 13; a++)
        for (int b = a; b < 13; b++) {
            bfc_card crib[4] = {(bfc_card)(a * 4), (bfc_card)(b * 4 + 1), 0, 0};
            int8_t sc[52];
            int64_t sum = 0, cnt = 0;
            for (int x = 0; x < 52; x++)
                for (int y = x + 1; y < 52; y++) {
                    if (x == crib[0] || x == crib[1] || y == crib[0] || y == crib[1])
                        continue;
                    crib[2] = (bfc_card)x;
                    crib[3] = (bfc_card)y;
                    bfc_score_show_all_starters(crib, BFC_CRIB, sc);
                    for (int c = 0; c < 52; c++)
                        if (sc[c] >= 0) {
                            sum += sc[c];
                            cnt++;
                        }
                }
            s->crib_pair[a][b] = s->crib_pair[b][a] = (double)sum / (double)cnt;
        }
    s->beta = knob("X_BETA", 2);
    s->oppmodel = (int)knob("X_OPP", 0);
}

/* How likely a sensible player is to keep `kept` (4 cards) of `six`
 * (relative: 1 for its best discard), crib its own when `deals`. */
static double keep_likelihood(const bfc_search *s, uint64_t six, uint64_t kept, int deals)
{
    bfc_card c[6];
    int n = 0;
    for (uint64_t m = six; m && n < 6; m &= m - 1)
        c[n++] = (bfc_card)__builtin_ctzll(m);
    if (n != 6)
        return 1;
    double best = -1e9, mine = 0;
    for (int a = 0; a < 6; a++)
        for (int b = a + 1; b < 6; b++) {
            bfc_card k[4];
            int nk = 0;
            for (int i = 0; i < 6; i++)
                if (i != a && i != b)
                    k[nk++] = c[i];
            int8_t sc[52];
            bfc_score_show_all_starters(k, 0, sc);
            int sum = 0;
            for (int x = 0; x < 52; x++)
                if (!(six >> x & 1u))
                    sum += sc[x];
            const double crib = s->crib_pair[c[a] / 4][c[b] / 4];
            const double v = sum / 46.0 + (deals ? crib : -crib);
            if (v > best)
                best = v;
            if (((UINT64_C(1) << c[a]) | (UINT64_C(1) << c[b])) == (six & ~kept))
                mine = v;
        }
    return fexp(s->beta * (mine - best));
}

/* A world for the deal solver: re-deals until the opponent's discard is
 * one a sensible player makes (rejection by keep_likelihood), at most a
 * few tries. */
static void believe(run *r, bfc_game *w, const bfc_game *game, uint64_t *stream)
{
    bfc_search *s = r->s;
    const int opp = 1 - r->seat;
    for (int t = 0; t < 64; t++) {
        bfc_game_copy(w, game);
        bfc_game_determinize(w, r->seat, bfc_rng_next(stream));
        if (s->beta <= 0 || s->rules.variant != BFC_VARIANT_CLASSIC)
            return;
        bfc_observation oo;
        bfc_game_observe(w, opp, &oo);
        const uint64_t kept = oo.hand | oo.played[opp];
        const double l = keep_likelihood(s, kept | oo.thrown, kept, oo.dealer == opp);
        const double u = (double)(bfc_rng_next(stream) >> 11) * (1.0 / 9007199254740992.0);
        if (u < l)
            return;
    }
}

/* ---- The deal solver ---------------------------------------------------------- */

/* Two players' play (solvable()): perfect-information Monte Carlo. Each
 * world re-deals what the seat to move has not seen; in it the rest of the
 * play is solved exactly by alpha-beta, the engine applying every move, to
 * the horizon (the next deal, the show counted, or the game's end), valued
 * as the ISMCTS values it. A root move scores its mean over the worlds.
 * Cards of one rank are alike in the play and the show does not depend on
 * the order cards were laid, so only one card of each rank is tried. */

/* The value of w at the horizon for the root seat's side. */
static double leaf(const run *r, const bfc_game *w)
{
    const bfc_search *s = r->s;
    const int me = r->side[r->seat];
    if (bfc_game_over(w))
        return bfc_game_winner(w) == me;
    int sc[2];
    bfc_game_scores(w, sc, 2);
    if (s->win && s->cfg.value == BFC_SEARCH_WIN) {
        const int d = r->next_dealer, t = s->win_target;
        const double v = s->win[(t - sc[d] - 1) * t + (t - sc[1 - d] - 1)] / 65535.0;
        return d == me ? v : 1 - v;
    }
    double val[6] = {0};
    bfc_observation o;
    bfc_game_observe(w, bfc_game_to_move(w), &o);
    values(r, w, &o, val);
    return val[me];
}

/* The play's moves of w, one card of each rank, into L; returns how many. */
static int play_moves(const bfc_game *w, bfc_move *L)
{
    bfc_move all[BFC_MAX_MOVES];
    int n = bfc_game_legal_moves(w, all, BFC_MAX_MOVES), k = 0;
    if (n > BFC_MAX_MOVES)
        n = BFC_MAX_MOVES;
    int last_rank = -1;
    for (int i = 0; i < n; i++) {
        if (all[i] >= BFC_MOVE_PLAY && all[i] < BFC_MOVE_PLAY + 52) {
            const int rank = bfc_card_rank((bfc_card)(all[i] - BFC_MOVE_PLAY));
            if (rank == last_rank)
                continue;
            last_rank = rank;
        }
        L[k++] = all[i];
    }
    return k;
}

/* The exact value of ply d's game for the root side, within (alpha, beta). */
static double solve(run *r, unsigned d, double alpha, double beta)
{
    bfc_search *s = r->s;
    const bfc_game *w = s->ply[d];
    s->solved++;
    if (bfc_game_over(w) || bfc_game_phase(w) != BFC_PHASE_PLAY || d + 1 >= SOLVE_PLIES)
        return leaf(r, w);
    bfc_move L[BFC_MAX_MOVES];
    const int n = play_moves(w, L);
    const int mine = r->side[bfc_game_to_move(w)] == r->side[r->seat];
    double best = mine ? -1e300 : 1e300;
    if (!mine && s->oppmodel > 0 && n > 1) {
        /* XXX experiment: the opponent plays the guided policy's move */
        bfc_observation o;
        bfc_game_observe(w, bfc_game_to_move(w), &o);
        double bv = -1e9;
        bfc_move pick = L[0];
        for (int i = 0; i < n; i++) {
            const double v = peg_value(&o, (bfc_card)(L[i] - BFC_MOVE_PLAY));
            if (v > bv) {
                bv = v;
                pick = L[i];
            }
        }
        bfc_game_copy(s->ply[d + 1], w);
        apply(s->ply[d + 1], pick);
        return solve(r, d + 1, alpha, beta);
    }
    if (s->order && n > 1 && n <= SOLVE_KIDS) {
        /* every child first, then the ones that peg most for their mover
           first: cutoffs come sooner */
        int sc0[2], gain[SOLVE_KIDS], idx[SOLVE_KIDS];
        bfc_game_scores(w, sc0, 2);
        const int ms = r->side[bfc_game_to_move(w)];
        for (int i = 0; i < n; i++) {
            bfc_game_copy(s->kid[d][i], w);
            apply(s->kid[d][i], L[i]);
            int sc[2];
            bfc_game_scores(s->kid[d][i], sc, 2);
            gain[i] = (sc[ms] - sc0[ms]) - (sc[1 - ms] - sc0[1 - ms]);
            idx[i] = i;
        }
        for (int i = 1; i < n; i++) {
            const int x = idx[i];
            int j = i;
            while (j > 0 && gain[idx[j - 1]] < gain[x]) {
                idx[j] = idx[j - 1];
                j--;
            }
            idx[j] = x;
        }
        for (int q = 0; q < n; q++) {
            bfc_game_copy(s->ply[d + 1], s->kid[d][idx[q]]);
            const double v = solve(r, d + 1, alpha, beta);
            if (mine) {
                if (v > best)
                    best = v;
                if (best > alpha)
                    alpha = best;
            } else {
                if (v < best)
                    best = v;
                if (best < beta)
                    beta = best;
            }
            if (alpha >= beta)
                break;
        }
        return best;
    }
    for (int i = 0; i < n; i++) {
        bfc_game_copy(s->ply[d + 1], w);
        apply(s->ply[d + 1], L[i]);
        const double v = solve(r, d + 1, alpha, beta);
        if (mine) {
            if (v > best)
                best = v;
            if (best > alpha)
                alpha = best;
        } else {
            if (v < best)
                best = v;
            if (best < beta)
                beta = best;
        }
        if (alpha >= beta)
            break;
    }
    return best;
}

/* Runs the deal solver over the root candidates; each candidate gets a
 * root child with one visit a world. Returns the worlds solved. */
static uint32_t solve_root(run *r, const bfc_game *game, uint64_t *stream)
{
    bfc_search *s = r->s;
    double sum[BFC_MAX_MOVES] = {0};
    int rep[BFC_MAX_MOVES]; /* the candidate whose value each one shares */
    for (unsigned i = 0; i < r->ncand; i++) {
        rep[i] = (int)i;
        const bfc_move m = r->cand[i];
        for (unsigned j = 0; j < i; j++)
            if (m >= BFC_MOVE_PLAY && m < BFC_MOVE_PLAY + 52 && r->cand[j] >= BFC_MOVE_PLAY &&
                r->cand[j] < BFC_MOVE_PLAY + 52 &&
                bfc_card_rank((bfc_card)(m - BFC_MOVE_PLAY)) ==
                    bfc_card_rank((bfc_card)(r->cand[j] - BFC_MOVE_PLAY))) {
                rep[i] = rep[j];
                break;
            }
    }
    uint32_t k;
    {
        bfc_observation o;
        bfc_game_observe(game, r->seat, &o);
        r->next_dealer = r->side[(o.dealer + 1) % 2];
    }
    for (k = 0; k < s->worlds; k++) {
        if (s->beta > 0) {
            bfc_game_copy(s->ply[0], game);
            bfc_game_determinize_belief(s->ply[0], r->seat, bfc_rng_next(stream));
        } else
            believe(r, s->ply[0], game, stream);
        double v[BFC_MAX_MOVES];
        int best = -1;
        for (unsigned i = 0; i < r->ncand; i++) {
            if (rep[i] != (int)i)
                continue;
            bfc_game_copy(s->ply[1], s->ply[0]);
            apply(s->ply[1], r->cand[i]);
            v[i] = solve(r, 1, -1e300, 1e300);
            sum[i] += v[i];
            if (best < 0 || sum[i] > sum[best])
                best = (int)i;
        }
        for (unsigned i = 0; i < r->ncand; i++)
            if (rep[i] == (int)i && k < SOLVE_WORLDS)
                s->wv[k][i] = v[i];
        /* paired differences to the best so far: stop once every other
           candidate is clearly worse (s->stop_z standard errors) */
        if (s->stop_z > 0 && k + 1 >= s->min_worlds && (k + 1) % 4 == 0 && k < SOLVE_WORLDS) {
            int clear = 1;
            const uint32_t n = k + 1;
            for (unsigned i = 0; i < r->ncand && clear; i++) {
                if (rep[i] != (int)i || (int)i == best)
                    continue;
                double d1 = 0, d2 = 0;
                for (uint32_t w = 0; w < n; w++) {
                    const double d = s->wv[w][best] - s->wv[w][i];
                    d1 += d;
                    d2 += d * d;
                }
                const double mean = d1 / n, var = d2 / n - mean * mean;
                const double se = fsqrt((var > 1e-12 ? var : 1e-12) / n);
                /* clearly worse, or surely no better than a hair */
                if (!(mean > s->stop_z * se) && !(fabs_(mean) + s->stop_z * se < s->stop_eps))
                    clear = 0;
            }
            if (clear) {
                k++;
                break;
            }
        }
    }
    for (unsigned i = 0; i < r->ncand; i++) {
        const uint32_t c = new_node(s, 0, r->cand[i], r->seat, BFC_CARD_NONE);
        if (!c)
            break;
        s->nodes[c].visits = k;
        s->nodes[c].avail = k;
        s->nodes[c].sum = sum[rep[i]];
    }
    s->nodes[0].visits = k;
    return k;
}

static double now_ms(void)
{
    struct timespec ts;
    if (timespec_get(&ts, TIME_UTC) != TIME_UTC)
        return 0;
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* The moves the search weighs at the root. A classic discard, with
 * BFC_SEARCH_EXACT_DISCARD, is the best of bfc_advise_discard; a muggins
 * declaration or claim is the greedy bot's (an honest count, a claim when
 * the count is wrong). Otherwise every legal move. */
static unsigned candidates(const bfc_search *s, const bfc_observation *o, const bfc_move *L,
                           unsigned n, bfc_move *out, uint64_t *rng)
{
    if (o->rules.variant != BFC_VARIANT_BATTLEFIELD) {
        if (o->phase == BFC_PHASE_DISCARD && (s->cfg.flags & BFC_SEARCH_EXACT_DISCARD)) {
            bfc_discard_option opts[15];
            int no = -1;
            if (s->win_near > 0 && s->win && o->players == 2 &&
                (s->win_target - o->score[o->seat] <= s->win_near ||
                 s->win_target - o->score[1 - o->seat] <= s->win_near))
                no = bfc_advise_discard_win(o, s->crib_model, opts, 15);
            if (no <= 0)
                no = bfc_advise_discard_observation(o, s->crib_model, opts, 15);
            if (no > 0) {
                int pick = 0;
                if (s->pegw != 0 && o->players == 2 && opts[0].nkeep == 4) {
                    double bv = -1e9;
                    for (int i = 0; i < no; i++) {
                        int rr[4];
                        for (int j = 0; j < 4; j++)
                            rr[j] = opts[i].keep[j] / 4;
                        /* keep[] ascending ids: ranks ascending */
                        const int a = rr[0], b = rr[1] + 1, c = rr[2] + 2, d = rr[3] + 3;
                        const int idx = a + b * (b - 1) / 2 + c * (c - 1) * (c - 2) / 6 +
                                        d * (d - 1) * (d - 2) * (d - 3) / 24;
                        const double v = opts[i].total_ev +
                                         s->pegw * s->pegtab[o->dealer == o->seat ? 0 : 1][idx];
                        if (v > bv) {
                            bv = v;
                            pick = i;
                        }
                    }
                }
                out[0] = opts[pick].move;
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
static int search(bfc_search *s, const bfc_game *game, run *r)
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
    r->norm = s->cfg.value == BFC_SEARCH_MARGIN ? 2 * s->pace.sd : 1;
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
    if (r->ncand > 1 && s->ply[0] && o.phase == BFC_PHASE_PLAY) {
        it = solve_root(r, game, &stream);
    } else if (r->ncand > 1) {
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
    if (getenv("X_STATS") && s->ply[0] && o.phase == BFC_PHASE_PLAY && r->ncand > 1)
        fprintf(stderr, "STAT cand %u worlds %u nodes %llu ms %.3f\n", r->ncand, it,
                (unsigned long long)s->solved, s->info.ms);
    s->solved = 0;
    return BFC_OK;
}

/* One root move's figures. */
static void stat_of(const bfc_search *s, const run *r, bfc_move m, bfc_search_stat *st)
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
static int before(const bfc_search_stat *a, const bfc_search_stat *b)
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

int bfc_search_analyze(bfc_search *s, const bfc_game *game, bfc_search_stat *out, size_t cap)
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
    bfc_search_stat st[BFC_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        stat_of(s, &r, L[i], &st[i]);
        int j = i;
        while (j > 0 && before(&st[i], &st[j - 1]))
            j--;
        const bfc_search_stat x = st[i];
        memmove(&st[j + 1], &st[j], (size_t)(i - j) * sizeof *st);
        st[j] = x;
    }
    if (out)
        memcpy(out, st, ((size_t)n < cap ? (size_t)n : cap) * sizeof *out);
    return n;
}

int bfc_search_move(bfc_search *s, const bfc_game *game, bfc_move *out)
{
    if (!out)
        return BFC_EINVAL;
    bfc_search_stat best;
    const int n = bfc_search_analyze(s, game, &best, 1);
    if (n < 0)
        return n;
    if (n == 0)
        return BFC_EINVAL;
    *out = best.move;
    return BFC_OK;
}
