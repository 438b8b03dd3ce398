/* The frozen 0.3 baseline (base03.h): a copy of the library's search bot,
 * src/search.c as 0.3 released it (branch dial, from main 38dd994), its
 * exported names prefixed base03_ instead of bfc_search and nothing else
 * changed. tests/test_baseline.c pins a checksum of its moves over a fixed
 * set of games at each of its levels; a change there means the baseline
 * (or a library call under it) changed. Do not edit the search below. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base03.h"

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

static double fabs_(double x) { return x < 0 ? -x : x; }

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

#define MAX_DEPTH 256      /* tree path of one iteration */
#define MAX_PLAYOUT 4000   /* moves of one playout (a safety net) */
#define MAX_NODES (UINT32_C(1) << 26)
#define DEFAULT_NODES (UINT32_C(1) << 20) /* the arena, at most, unless asked */
#define MIN_NODES 64
#define SOLVE_PLIES 14     /* the deal solver's deepest line (a seven-card
                              play lays 10 cards), plus the root's two */
#define SOLVE_WORLDS 1024  /* worlds whose values the stopping rule keeps */
#define UCB_TABLE 4096     /* counts whose UCB1 terms are kept in tables */
/* The deal solver's stopping rule: after MIN_WORLDS worlds, checked every
 * CHECK_EVERY, it stops when every other root move is STOP_Z standard
 * errors worse than the best, or surely (STOP_Z standard errors) within
 * STOP_EPS of it: a chance of winning no one could tell apart. */
#define MIN_WORLDS 16
#define CHECK_EVERY 4
#define STOP_Z 2.5
#define STOP_EPS 0.001

/* A decision in progress (base03_begin() to its result). */
typedef struct run {
    const bfc_game *game;     /* the game decided, unchanged meanwhile */
    int seat;                 /* the seat to move at the root */
    int sides;
    int side[6];              /* side of each seat */
    uint32_t skirmish;        /* the root's deal: the horizon is its end */
    int start[6];             /* scores at the root */
    uint64_t stream;          /* the decision's generator */
    uint64_t rng;             /* this iteration's policy generator */
    bfc_move cand[BFC_MAX_MOVES]; /* the root's moves to search */
    unsigned ncand;
    int solver;               /* 1: the deal solver decides; 0: ISMCTS */
    int done;                 /* 1: the budget is spent (or nothing to search) */
    int stopped;              /* 1: interrupted */
    uint32_t units;           /* iterations, or the solver's worlds, run */
    double t0;                /* when it began, in ms */
    double norm;              /* margin values are divided by this in UCB */
    uint32_t depth;
    uint32_t at_once[BFC_MAX_MOVES + 1]; /* ISMCTS: root child k (node k); the
                                            solver: candidate k -- the
                                            iterations (worlds) in which it
                                            won the game at once */
    int next_dealer;          /* the deal solver: the side that deals next */
    int rep[BFC_MAX_MOVES];   /* the candidate whose figures each one shares
                                 (alike(): the same to every player) */
    bfc_move reps[BFC_MAX_MOVES]; /* the candidates that stand for the rest */
    unsigned nreps;
    double sum[BFC_MAX_MOVES];/* the solver: each candidate's values summed */
    /* a discard or muggins decision: the advice behind it */
    bfc_discard_option advice[16];
    int nadvice;
    int advice_win;           /* 1: the advice's win fields are chances */
} run;

struct base03 {
    bfc_search_config cfg;
    bfc_rules rules;
    uint64_t rng;        /* the decisions' generator */
    bfc_game *world;     /* the world of one ISMCTS iteration */
    bfc_game *ply[SOLVE_PLIES]; /* the deal solver's games, one a ply (NULL
                                   when these rules are not solved) */
    const uint16_t *win; /* the chance-of-winning table, NULL if none */
    int win_target;
    int crib_model;      /* the best crib model these rules have */
    atomic_int stop;     /* base03_interrupt() */
    int busy;            /* a decision began and has not ended */
    run r;
    bfc_search_info info;
    double sqrt_ln[UCB_TABLE], inv_sqrt[UCB_TABLE]; /* sqrt(ln n), 1 / sqrt(n) */
    double wv[SOLVE_WORLDS][BFC_MAX_MOVES]; /* the solver's values by world */
    uint32_t cap;        /* nodes in the arena */
    uint32_t used;
    node nodes[];
};

void base03_config_init(bfc_search_config *c)
{
    if (!c)
        return;
    memset(c, 0, sizeof *c);
    base03_config_level(c, BFC_LEVEL_MEDIUM);
    c->exploration = 0.3;
    c->seed = 0;
    c->playout = BFC_PLAYOUT_GUIDED;
    c->value = BFC_SEARCH_WIN;
    c->flags = BFC_SEARCH_EXACT_DISCARD | BFC_SEARCH_SOLVER | BFC_SEARCH_BELIEF;
    c->nodes = 0;
}

int base03_config_level(bfc_search_config *c, int level)
{
    /* iterations (ISMCTS), worlds (the deal solver) */
    static const uint32_t budget[4][2] = {{0, 0}, {40, 8}, {300, 24}, {2400, 200}};
    if (!c || level < BFC_LEVEL_EASY || level > BFC_LEVEL_HARD)
        return BFC_EINVAL;
    c->iterations = budget[level][0];
    c->worlds = budget[level][1];
    c->time_ms = 0;
    return BFC_OK;
}

/* The rules whose play the deal solver searches: two players of a classic
 * game with a crib and a plain play (no muggins declarations, no board;
 * Noddy's play scores flushes, so its cards of a rank are not alike). */
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
           (c->flags & ~(BFC_SEARCH_EXACT_DISCARD | BFC_SEARCH_SOLVER | BFC_SEARCH_BELIEF)) == 0 &&
           (c->iterations || c->time_ms) && c->exploration >= 0 && c->exploration <= 100 &&
           c->nodes <= MAX_NODES && c->worlds <= 100000;
}

base03 *base03_new(const bfc_rules *rules, const bfc_search_config *cfg, int *status)
{
    bfc_search_config c;
    if (cfg)
        c = *cfg;
    else
        base03_config_init(&c);
    int rc = rules && config_ok(&c) ? bfc_rules_check(rules) : BFC_EINVAL;
    if (rc != BFC_OK) {
        if (status)
            *status = rc;
        return NULL;
    }
    /* each iteration adds at most two nodes (a move and a drawn card); a
       search that fills the arena goes on without growing its tree */
    uint64_t cap = c.nodes ? c.nodes
                   : c.iterations ? 2 * (uint64_t)c.iterations + 2
                                  : 400 * (uint64_t)c.time_ms + 1024;
    if (!c.nodes && cap > DEFAULT_NODES)
        cap = DEFAULT_NODES;
    if (cap > MAX_NODES)
        cap = MAX_NODES;
    if (cap < MIN_NODES)
        cap = MIN_NODES; /* room for every root move */
    base03 *s = malloc(sizeof *s + (size_t)cap * sizeof(node));
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
    atomic_init(&s->stop, 0);
    s->cap = (uint32_t)cap;
    s->win_target = bfc_win_table(rules, &s->win);
    if (s->win_target <= 0)
        s->win = NULL;
    /* the best crib model these rules have (bfc_advise_discard) */
    s->crib_model = rules->variant == BFC_VARIANT_CLASSIC && rules->players == 2 ? BFC_CRIB_PLAYED
                                                                                  : BFC_CRIB_UNIFORM;
    for (uint32_t i = 1; i < UCB_TABLE; i++) {
        s->sqrt_ln[i] = fsqrt(flog((double)i));
        s->inv_sqrt[i] = 1 / fsqrt((double)i);
    }
    if ((c.flags & BFC_SEARCH_SOLVER) && solvable(rules))
        for (int i = 0; i < SOLVE_PLIES; i++) {
            s->ply[i] = bfc_game_new(rules, 0, &rc);
            if (!s->ply[i]) {
                base03_free(s);
                if (status)
                    *status = BFC_ENOMEM;
                return NULL;
            }
        }
    if (status)
        *status = BFC_OK;
    return s;
}

void base03_free(base03 *s)
{
    if (!s)
        return;
    bfc_game_free(s->world);
    for (int i = 0; i < SOLVE_PLIES; i++)
        bfc_game_free(s->ply[i]);
    free(s);
}

int base03_seed(base03 *s, uint64_t seed)
{
    if (!s || s->busy)
        return BFC_EINVAL;
    s->rng = seed;
    return BFC_OK;
}

int base03_last(const base03 *s, bfc_search_info *out)
{
    if (!s || !out)
        return BFC_EINVAL;
    *out = s->info;
    return BFC_OK;
}

int base03_interrupt(base03 *s)
{
    if (!s)
        return BFC_EINVAL;
    atomic_store_explicit(&s->stop, 1, memory_order_relaxed);
    return BFC_OK;
}

/* sqrt(ln(avail) / visits), the UCB1 term, from the bot's tables while
 * both counts are small (they nearly always are), computed otherwise. */
static double explore(const base03 *s, uint32_t avail, uint32_t visits)
{
    const double a = avail < UCB_TABLE ? s->sqrt_ln[avail] : fsqrt(flog((double)avail));
    const double v = visits < UCB_TABLE ? s->inv_sqrt[visits] : 1 / fsqrt((double)visits);
    return a * v;
}

static unsigned below(uint64_t *rng, unsigned n)
{
    return (unsigned)(((bfc_rng_next(rng) >> 32) * n) >> 32);
}

static void apply(bfc_game *w, bfc_move m) { bfc_game_apply(w, m, NULL, 0, NULL); }

/* A world for the seat: re-dealt from its belief, or uniformly. */
static void draw_world(const base03 *s, bfc_game *w, const bfc_game *game, int seat,
                       uint64_t seed)
{
    bfc_game_copy(w, game);
    if (s->cfg.flags & BFC_SEARCH_BELIEF)
        bfc_game_determinize_belief(w, seat, seed);
    else
        bfc_game_determinize(w, seat, seed);
}

/* ---- Values ----------------------------------------------------------------- */

/* The value of world w at the horizon for each side: the chance of winning
 * (1 or 0 once the game is over, the table or bfc_win_chance() from the
 * scores and the next dealer otherwise), or the points margin won since
 * the root. o: w's observation by the seat to move (the game goes on). */
static void values(const base03 *s, const run *r, const bfc_game *w,
                   const bfc_observation *o, double *val)
{
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
    if (n == 1) { /* solitaire: the deals left, about 15 points each and
                     4.5 for the free crib, against the target */
        const double left = o->skirmish < 6 ? 6.0 - o->skirmish : 0.0;
        const double z = (sc[0] + 15 * left + 4.5 - s->rules.target) / (6 * fsqrt(left + 1));
        val[0] = z > 0 ? 1 - 0.5 / (1 + z + z * z) : 0.5 / (1 - z + z * z);
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
    if (bfc_win_chance(&s->rules, sc, (size_t)n, dealer, val) < 0)
        for (int i = 0; i < n; i++)
            val[i] = 1.0 / n;
}

/* ---- The guided playout policy ------------------------------------------------ */

/* The side seat s plays for (bfc_rules_side_of). */
static int side_in(const bfc_observation *o, unsigned s)
{
    const int side = bfc_rules_side_of(&o->rules, (int)s);
    return side < 0 ? (int)s : side;
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

/* The frontline once its end card is taken (a take's placement is scored
 * against it, RULES 4.4), made once for all the take moves of a turn. */
typedef struct taken {
    int ok; /* 0: not made yet; 1: made; -1: nothing to take */
    bfc_frontline rest;
    bfc_card card;
} taken;

static double bf_move_value(const bfc_observation *o, bfc_move m, taken *tk)
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
        if (!tk->ok) {
            tk->rest = *f;
            tk->ok = bfc_frontline_take(&tk->rest, &tk->card) < 0 ? -1 : 1;
        }
        if (tk->ok < 0)
            return NO_PROGRESS;
        const bfc_card c = o->formation[me][m - BFC_MOVE_TAKE];
        const double v = c == BFC_CARD_HIDDEN ? HIDDEN_VALUE - 1 : place_value(o, &tk->rest, c, 0);
        /* a take that scores nothing makes no progress (RULES 4.4, D9) */
        if (v <= 0)
            return NO_PROGRESS + v;
        return v + 0.3 * (worth(tk->card) - (c == BFC_CARD_HIDDEN ? 0 : worth(c)));
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
    taken tk = {0};
    for (int i = 0; i < n; i++) {
        const double v = o->rules.variant == BFC_VARIANT_BATTLEFIELD
                             ? bf_move_value(o, L[i], &tk)
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

static bfc_move policy(const base03 *s, run *r, const bfc_observation *o)
{
    bfc_move m = BFC_MOVE_NONE;
    switch (s->cfg.playout) {
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

/* ---- ISMCTS --------------------------------------------------------------------- */

/* 1 when w is at the horizon (game over, or a new deal); otherwise *o is
 * the observation of the seat to move. */
static int at_horizon(const run *r, const bfc_game *w, bfc_observation *o)
{
    if (bfc_game_over(w))
        return 1;
    bfc_game_observe(w, bfc_game_to_move(w), o);
    return o->skirmish != r->skirmish;
}

static uint32_t new_node(base03 *s, uint32_t parent, bfc_move m, int seat, bfc_card card)
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

/* Whether the root seat's side has just won the game in w. */
static int won(const run *r, const bfc_game *w)
{
    return bfc_game_over(w) && bfc_game_winner(w) == r->side[r->seat];
}

static void iterate(base03 *s, run *r, uint64_t seed)
{
    bfc_game *w = s->world;
    node *nd = s->nodes;
    draw_world(s, w, r->game, r->seat, seed);
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
            apply(w, policy(s, r, &o));
            done = at_horizon(r, w, &o);
            continue;
        }
        bfc_move L[BFC_MAX_MOVES];
        int n;
        if (v == 0) {
            n = (int)r->nreps;
            memcpy(L, r->reps, r->nreps * sizeof *L);
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
            const double u =
                ch->visits ? mean + s->cfg.exploration * explore(s, ch->avail, ch->visits) : 1e300;
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
        const bfc_move m = policy(s, r, &o);
        if (m == BFC_MOVE_NONE || bfc_game_apply(w, m, NULL, 0, NULL) != BFC_OK)
            break;
    }
    double val[6] = {0};
    values(s, r, w, &o, val);
    nd[0].visits++;
    if (won_now && depth > 1 && path[1] <= BFC_MAX_MOVES)
        r->at_once[path[1]]++;
    for (unsigned i = 1; i < depth; i++) {
        node *x = &nd[path[i]];
        x->visits++;
        x->sum += val[r->side[x->seat]];
    }
}

/* ---- The deal solver ---------------------------------------------------------- */

/* The value of w at the horizon for the root seat's side. */
static double leaf(const base03 *s, const run *r, const bfc_game *w)
{
    const int me = r->side[r->seat];
    if (bfc_game_over(w))
        return s->cfg.value == BFC_SEARCH_WIN ? bfc_game_winner(w) == me : 0;
    if (s->win && s->cfg.value == BFC_SEARCH_WIN) {
        int sc[2];
        bfc_game_scores(w, sc, 2);
        const int d = r->next_dealer, t = s->win_target;
        const double v = s->win[(t - sc[d] - 1) * t + (t - sc[1 - d] - 1)] / 65535.0;
        return d == me ? v : 1 - v;
    }
    double val[6] = {0};
    bfc_observation o;
    bfc_game_observe(w, bfc_game_to_move(w), &o);
    values(s, r, w, &o, val);
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

/* The exact value of ply d's game for the root side, within (alpha, beta):
 * the root side takes the most, the other the least (two sides: what one
 * wins the other loses). */
static double solve(base03 *s, const run *r, unsigned d, double alpha, double beta)
{
    const bfc_game *w = s->ply[d];
    if (bfc_game_over(w) || bfc_game_phase(w) != BFC_PHASE_PLAY || d + 1 >= SOLVE_PLIES)
        return leaf(s, r, w);
    bfc_move L[BFC_MAX_MOVES];
    const int n = play_moves(w, L);
    const int mine = r->side[bfc_game_to_move(w)] == r->side[r->seat];
    double best = mine ? -1e300 : 1e300;
    for (int i = 0; i < n; i++) {
        bfc_game_copy(s->ply[d + 1], w);
        apply(s->ply[d + 1], L[i]);
        const double v = solve(s, r, d + 1, alpha, beta);
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

static void solve_begin(base03 *s, run *r)
{
    bfc_observation o;
    bfc_game_observe(r->game, r->seat, &o);
    r->next_dealer = r->side[(o.dealer + 1) % 2];
    for (unsigned i = 0; i < r->ncand; i++) {
        const uint32_t c = new_node(s, 0, r->cand[i], r->seat, BFC_CARD_NONE);
        (void)c; /* the arena holds at least every root move */
    }
}

/* Whether the worlds so far tell the best move: every other one clearly
 * worse, or surely no better than STOP_EPS. */
static int told(const base03 *s, const run *r, uint32_t n)
{
    int best = -1;
    for (unsigned i = 0; i < r->ncand; i++)
        if (r->rep[i] == (int)i && (best < 0 || r->sum[i] > r->sum[best]))
            best = (int)i;
    for (unsigned i = 0; i < r->ncand; i++) {
        if (r->rep[i] != (int)i || (int)i == best)
            continue;
        double d1 = 0, d2 = 0;
        for (uint32_t k = 0; k < n; k++) {
            const double d = s->wv[k][best] - s->wv[k][i];
            d1 += d;
            d2 += d * d;
        }
        const double mean = d1 / n, var = d2 / n - mean * mean;
        const double se = fsqrt((var > 1e-12 ? var : 1e-12) / n);
        if (!(mean > STOP_Z * se) && !(fabs_(mean) + STOP_Z * se < STOP_EPS))
            return 0;
    }
    return 1;
}

/* One world of the deal solver: every candidate's exact value in it. */
static void solve_world(base03 *s, run *r)
{
    draw_world(s, s->ply[0], r->game, r->seat, bfc_rng_next(&r->stream));
    const uint32_t k = r->units;
    for (unsigned i = 0; i < r->ncand; i++) {
        if (r->rep[i] != (int)i)
            continue;
        bfc_game_copy(s->ply[1], s->ply[0]);
        apply(s->ply[1], r->cand[i]);
        r->at_once[i] += (uint32_t)won(r, s->ply[1]); /* pegged out with this card */
        const double v = solve(s, r, 1, -1e300, 1e300);
        r->sum[i] += v;
        if (k < SOLVE_WORLDS)
            s->wv[k][i] = v;
    }
    r->units++;
    if (r->units >= MIN_WORLDS && r->units % CHECK_EVERY == 0 && r->units <= SOLVE_WORLDS &&
        told(s, r, r->units))
        r->done = 1;
}

/* ---- Moves alike --------------------------------------------------------------- */

/* Whether moves a and b of the seat to move are the same to every player,
 * so that one stands for both: in Battlefield any two first-turn reveals
 * (every formation card is face down to everyone, RULES D7), and two swaps
 * or two takes into face-down slots (the card put on the frontline is
 * unknown to all, and where a card sits in a formation never matters); in
 * the classic play two cards of one rank (the show does not depend on the
 * order cards were laid; not Noddy, whose play scores flushes). */
static int alike(const bfc_observation *o, bfc_move a, bfc_move b)
{
    if (o->rules.variant == BFC_VARIANT_BATTLEFIELD) {
        if (a < BFC_MOVE_DRAW && b < BFC_MOVE_DRAW)
            return 1; /* reveals */
        const bfc_card *f = o->formation[o->to_move];
        for (unsigned base = BFC_MOVE_SWAP; base <= BFC_MOVE_TAKE; base += 5)
            if (a >= base && a < base + 5 && b >= base && b < base + 5)
                return f[a - base] == BFC_CARD_HIDDEN && f[b - base] == BFC_CARD_HIDDEN;
        return 0;
    }
    if (o->rules.variant == BFC_VARIANT_NODDY || o->phase != BFC_PHASE_PLAY)
        return 0;
    return a >= BFC_MOVE_PLAY && a < BFC_MOVE_PLAY + 52 && b >= BFC_MOVE_PLAY &&
           b < BFC_MOVE_PLAY + 52 &&
           bfc_card_rank((bfc_card)(a - BFC_MOVE_PLAY)) == bfc_card_rank((bfc_card)(b - BFC_MOVE_PLAY));
}

/* Each candidate's representative (the first candidate alike it), and the
 * representatives in order, the moves the search tries. */
static void represent(run *r, const bfc_observation *o)
{
    r->nreps = 0;
    for (unsigned i = 0; i < r->ncand; i++) {
        r->rep[i] = (int)i;
        for (unsigned j = 0; j < i; j++)
            if (alike(o, r->cand[j], r->cand[i])) {
                r->rep[i] = r->rep[j];
                break;
            }
        if (r->rep[i] == (int)i)
            r->reps[r->nreps++] = r->cand[i];
    }
}

/* ---- A decision ------------------------------------------------------------------ */

static double now_ms(void)
{
    struct timespec ts;
    if (timespec_get(&ts, TIME_UTC) != TIME_UTC)
        return 0;
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* The advice of a classic discard: valued in chances of winning when the
 * rules have a table, else in points under the best crib model they have. */
static int advise(const base03 *s, const bfc_observation *o, run *r)
{
    int n = -1;
    r->advice_win = 0;
    /* seven-card's discards stay the search's, as before its advice
       existed (issue 38: the bots' play is unchanged) */
    if (o->rules.variant == BFC_VARIANT_SEVEN_CARD)
        return n;
    if (s->win && s->cfg.value == BFC_SEARCH_WIN && o->players == 2) {
        n = bfc_advise_discard_win(o, s->crib_model, r->advice, 16);
        r->advice_win = n > 0;
    }
    if (n <= 0)
        n = bfc_advise_discard_observation(o, s->crib_model, r->advice, 16);
    if (n <= 0)
        n = bfc_advise_discard_observation(o, BFC_CRIB_UNIFORM, r->advice, 16);
    r->nadvice = n > 16 ? 16 : n;
    return n;
}

/* The moves the search weighs at the root. A classic discard, with
 * BFC_SEARCH_EXACT_DISCARD, is the advice's best; a muggins declaration or
 * claim is the greedy bot's (an honest count, a claim when the count is
 * wrong). Otherwise every legal move. */
static unsigned candidates(const base03 *s, const bfc_observation *o, const bfc_move *L,
                           unsigned n, run *r)
{
    if (o->rules.variant != BFC_VARIANT_BATTLEFIELD) {
        if (o->phase == BFC_PHASE_DISCARD && (s->cfg.flags & BFC_SEARCH_EXACT_DISCARD) &&
            advise(s, o, r) > 0) {
            r->cand[0] = r->advice[0].move;
            return 1;
        }
        if (o->phase == BFC_PHASE_DECLARE || o->phase == BFC_PHASE_CLAIM) {
            bfc_move m;
            if (bfc_bot_greedy(o, &r->rng, &m) == BFC_OK) {
                r->cand[0] = m;
                return 1;
            }
        }
    }
    memcpy(r->cand, L, n * sizeof *L);
    return n;
}

int base03_begin(base03 *s, const bfc_game *game)
{
    const double t0 = now_ms();
    if (!s || !game)
        return BFC_EINVAL;
    const bfc_rules *gr = bfc_game_rules(game);
    if (!gr || memcmp(gr, &s->rules, sizeof *gr) != 0 || bfc_game_over(game))
        return BFC_EINVAL;
    run *r = &s->r;
    memset(r, 0, sizeof *r);
    r->game = game;
    r->t0 = t0;
    r->seat = bfc_game_to_move(game);
    r->sides = bfc_game_sides(game);
    for (int i = 0; i < s->rules.players && i < 6; i++)
        r->side[i] = bfc_game_side_of(game, i);
    bfc_observation o;
    bfc_game_observe(game, r->seat, &o);
    r->skirmish = o.skirmish;
    bfc_game_scores(game, r->start, 6);
    r->norm = s->cfg.value == BFC_SEARCH_MARGIN ? 12 : 1;
    bfc_move L[BFC_MAX_MOVES];
    const int n = bfc_observation_legal_moves(&o, L, BFC_MAX_MOVES);
    if (n <= 0)
        return BFC_EINVAL;
    r->stream = bfc_rng_next(&s->rng);
    r->rng = bfc_rng_next(&r->stream);
    r->ncand = candidates(s, &o, L, n > BFC_MAX_MOVES ? BFC_MAX_MOVES : (unsigned)n, r);
    s->used = 1;
    memset(&s->nodes[0], 0, sizeof s->nodes[0]);
    s->nodes[0].seat = (uint8_t)r->seat;
    represent(r, &o);
    r->solver = s->ply[0] != NULL && o.phase == BFC_PHASE_PLAY && r->nreps > 1;
    if (r->solver)
        solve_begin(s, r);
    r->done = r->nreps <= 1;
    atomic_store_explicit(&s->stop, 0, memory_order_relaxed);
    s->busy = 1;
    return BFC_OK;
}

/* Writes the figures of the decision so far into s->info. */
static void sum_up(base03 *s)
{
    const run *r = &s->r;
    s->info.iterations = r->units;
    s->info.nodes = s->used;
    s->info.depth = r->solver ? 0 : r->depth;
    s->info.candidates = r->nreps;
    s->info.ms = now_ms() - r->t0;
}

int base03_step(base03 *s, uint32_t work)
{
    if (!s || !s->busy)
        return BFC_EINVAL;
    run *r = &s->r;
    const uint32_t budget = r->solver ? (s->cfg.worlds ? s->cfg.worlds : s->cfg.iterations / 16 + 8)
                                      : s->cfg.iterations;
    const double deadline = r->t0 + (double)s->cfg.time_ms;
    for (uint32_t k = 0; k < work && !r->done; k++) {
        if (atomic_load_explicit(&s->stop, memory_order_relaxed)) {
            r->stopped = 1;
            r->done = 1;
            break;
        }
        if (s->cfg.iterations ? r->units >= budget
                              : (r->units % 8 == 0 && r->units > 0 && now_ms() >= deadline)) {
            r->done = 1;
            break;
        }
        if (r->solver) {
            solve_world(s, r);
        } else {
            const uint64_t seed = bfc_rng_next(&r->stream);
            r->rng = bfc_rng_next(&r->stream);
            iterate(s, r, seed);
            r->units++;
        }
    }
    sum_up(s);
    if (r->stopped)
        return BFC_EINTR;
    return r->done ? 1 : 0;
}

/* One root move's figures: a move alike another carries that one's. */
static void stat_of(const base03 *s, const run *r, bfc_move m, bfc_search_stat *st)
{
    memset(st, 0, sizeof *st);
    st->move = m;
    st->same_as = m;
    st->value = -1;
    unsigned i = 0;
    while (i < r->ncand && r->cand[i] != m)
        i++;
    if (i < r->ncand) {
        const unsigned k = (unsigned)r->rep[i];
        const bfc_move rm = r->cand[k];
        st->searched = 1;
        st->same_as = rm;
        if (r->solver) {
            st->visits = r->units;
            st->value = r->units ? r->sum[k] / r->units : -1;
            st->wins_now = (uint8_t)(r->units > 0 && r->at_once[k] == r->units);
        } else {
            for (uint32_t c = s->nodes[0].child; c; c = s->nodes[c].sibling)
                if (s->nodes[c].move == rm) {
                    st->visits = s->nodes[c].visits;
                    st->value = st->visits ? s->nodes[c].sum / st->visits : -1;
                    st->wins_now = (uint8_t)(c <= BFC_MAX_MOVES && st->visits > 0 &&
                                             r->at_once[c] == st->visits);
                }
        }
    }
    for (int j = 0; j < r->nadvice; j++)
        if (r->advice[j].move == m) {
            st->points = r->advice[j].total_ev;
            if (r->advice_win)
                st->value = r->advice[j].win;
        }
}

/* The order of the root's moves: candidates first, then a move that won
 * the game at once every time it was tried (whatever the hidden cards,
 * so the bot pegs out when it can), then (searched moves) the most visits
 * or (advice) the better value, then the better mean, the lower move id. */
static int before(const bfc_search_stat *a, const bfc_search_stat *b, int by_value)
{
    if (a->searched != b->searched)
        return a->searched > b->searched;
    if (a->wins_now != b->wins_now)
        return a->wins_now > b->wins_now;
    if (!by_value && a->visits != b->visits)
        return a->visits > b->visits;
    if (a->value != b->value)
        return a->value > b->value;
    if (a->points != b->points)
        return a->points > b->points;
    if ((a->same_as == a->move) != (b->same_as == b->move))
        return a->same_as == a->move; /* a move before the ones alike it */
    return a->move < b->move;
}

int base03_result(base03 *s, bfc_search_stat *out, size_t cap)
{
    if (!s || (!out && cap > 0) || !s->busy)
        return BFC_EINVAL;
    const run *r = &s->r;
    bfc_move L[BFC_MAX_MOVES];
    int n = bfc_game_legal_moves(r->game, L, BFC_MAX_MOVES);
    if (n > BFC_MAX_MOVES)
        n = BFC_MAX_MOVES;
    /* the solver's candidates share their values: its order is by value */
    const int by_value = r->solver;
    bfc_search_stat st[BFC_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        stat_of(s, r, L[i], &st[i]);
        int j = i;
        while (j > 0 && before(&st[i], &st[j - 1], by_value))
            j--;
        const bfc_search_stat x = st[i];
        memmove(&st[j + 1], &st[j], (size_t)(i - j) * sizeof *st);
        st[j] = x;
    }
    /* a discard's advice is in its own order (the searched move first) */
    if (out)
        memcpy(out, st, ((size_t)n < cap ? (size_t)n : cap) * sizeof *out);
    return n;
}

int base03_end(base03 *s)
{
    if (!s || !s->busy)
        return BFC_EINVAL;
    sum_up(s);
    s->busy = 0;
    return BFC_OK;
}

int base03_analyze(base03 *s, const bfc_game *game, bfc_search_stat *out, size_t cap)
{
    if (!out && cap > 0)
        return BFC_EINVAL;
    int rc = base03_begin(s, game);
    if (rc < 0)
        return rc;
    while ((rc = base03_step(s, 64)) == 0)
        ;
    if (rc < 0) {
        base03_end(s);
        return rc;
    }
    rc = base03_result(s, out, cap);
    base03_end(s);
    return rc;
}

int base03_move(base03 *s, const bfc_game *game, bfc_move *out)
{
    if (!out)
        return BFC_EINVAL;
    bfc_search_stat best;
    const int n = base03_analyze(s, game, &best, 1);
    if (n < 0)
        return n;
    if (n == 0)
        return BFC_EINVAL;
    *out = best.move;
    return BFC_OK;
}
