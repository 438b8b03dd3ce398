/* The strength dial (bfc.h, "Strength dial"): steps 1..BFC_DIAL_STEPS, each
 * a bot whose weakness comes from its own values. The lower steps are a
 * cheap player (below); the upper ones the search bot at budgets.
 *
 * The cheap player, classic games:
 * - Discard: each throw is valued by the points the kept cards hold
 *   (the four cards alone, or their mean over a few starters at the
 *   higher cheap steps), plus (its own crib) or minus (the other's) a
 *   rough worth of the thrown pair weighted by the step (0 at the bottom:
 *   it forgets the crib); a noise of the step's size is added to each
 *   value and the highest is kept.
 * - Play: each card is valued by the points it pegs now, less the step's
 *   share of what the next player may peg in reply (for each rank, the
 *   chance it holds one times the points it would make): the bottom steps
 *   peg for the nearest 15 or 31 without looking at what it leaves. What
 *   the next player may hold is counted from the cards this seat has seen
 *   laid this deal only at the higher steps; below, it forgets the cards
 *   gone except those on the table. With the step's error chance the card
 *   is drawn by a softmax of those values at the step's temperature, else
 *   the best is laid.
 * - Everything else (muggins, Battlefield): the greedy bot, or with half
 *   the step's error chance a legal move at random.
 * Every draw comes from the bot's generator: deterministic for a seed. */
#include <stdlib.h>
#include <string.h>

#include "state.h"

#define CHEAP_STEPS 6

/* Per cheap step (index step - 1). */
static const double TEMP[CHEAP_STEPS] = {2.0, 1.2, 0.7, 0.4, 0.2, 0.1};
static const double ERR[CHEAP_STEPS] = {1.0, 0.9, 0.75, 0.6, 0.45, 0.3};
static const double NOISE[CHEAP_STEPS] = {3.0, 2.0, 1.5, 1.0, 0.6, 0.3};
static const double CRIB[CHEAP_STEPS] = {0.0, 0.0, 0.5, 1.0, 1.0, 1.0};
static const double LOOK[CHEAP_STEPS] = {0.0, 0.0, 0.4, 0.7, 1.0, 1.0};
static const unsigned STARTERS[CHEAP_STEPS] = {0, 0, 0, 0, 6, 12};
static const int REMEMBERS[CHEAP_STEPS] = {0, 0, 0, 0, 1, 1};

/* The search steps' budgets: iterations, worlds (7..10). */
static const uint32_t BUDGET[BFC_DIAL_STEPS - CHEAP_STEPS][2] = {
    {20, 4}, {40, 8}, {300, 24}, {2400, 200}};

/* The dial's ratings (tests/data/dial_ratings.txt, printed by `make rate`;
 * tests/test_dial.c proves them equal). */
static const int RATING[BFC_DIAL_STEPS] = {
#include "dial_ratings.h"
};

struct bfc_dial {
    bfc_rules rules;
    int step;
    uint64_t rng;
    bfc_search *search; /* the upper steps */
    unsigned off;       /* this discard's first starter */
};

int bfc_dial_rating(int step)
{
    return step >= 1 && step <= BFC_DIAL_STEPS ? RATING[step - 1] : BFC_EINVAL;
}

int bfc_dial_step_of_rating(int rating)
{
    int best = 1;
    for (int s = 1; s <= BFC_DIAL_STEPS; s++)
        if (RATING[s - 1] <= rating && RATING[s - 1] >= RATING[best - 1])
            best = s;
    return best;
}

int bfc_dial_step_of_level(int level)
{
    if (level < BFC_LEVEL_EASY || level > BFC_LEVEL_HARD)
        return BFC_EINVAL;
    return CHEAP_STEPS + 1 + level;
}

bfc_dial *bfc_dial_new(const bfc_rules *rules, int step, uint64_t seed, int *status)
{
    int st = BFC_EINVAL;
    bfc_dial *d = NULL;
    if (!rules || step < 1 || step > BFC_DIAL_STEPS || bfc_rules_check(rules) != BFC_OK)
        goto out;
    st = BFC_ENOMEM;
    d = calloc(1, sizeof *d);
    if (!d)
        goto out;
    d->rules = *rules;
    d->step = step;
    d->rng = seed;
    if (step > CHEAP_STEPS) {
        bfc_search_config c;
        bfc_search_config_init(&c);
        c.iterations = BUDGET[step - CHEAP_STEPS - 1][0];
        c.worlds = BUDGET[step - CHEAP_STEPS - 1][1];
        c.seed = seed;
        d->search = bfc_search_new(rules, &c, &st);
        if (!d->search) {
            free(d);
            d = NULL;
            goto out;
        }
    }
    st = BFC_OK;
out:
    if (status)
        *status = st;
    return d;
}

void bfc_dial_free(bfc_dial *d)
{
    if (!d)
        return;
    bfc_search_free(d->search);
    free(d);
}

int bfc_dial_seed(bfc_dial *d, uint64_t seed)
{
    if (!d)
        return BFC_EINVAL;
    d->rng = seed;
    return d->search ? bfc_search_seed(d->search, seed) : BFC_OK;
}

/* A uniform double in [0, 1). */
static double unit(uint64_t *rng) { return (double)(bfc__splitmix(rng) >> 11) * 0x1.0p-53; }

/* Roughly normal (mean 0, deviation 1): four uniforms summed. */
static double gauss(uint64_t *rng)
{
    double s = 0;
    for (int i = 0; i < 4; i++)
        s += unit(rng);
    return (s - 2) * 1.7320508075688772;
}

/* e^x for x <= 0 without libm: the series of x / 32, squared 5 times. */
static double dexp(double x)
{
    if (x < -40)
        return 0;
    const double y = x / 32;
    double e = 1 + y * (1 + y / 2 * (1 + y / 3 * (1 + y / 4 * (1 + y / 5))));
    for (int i = 0; i < 5; i++)
        e *= e;
    return e;
}

static int side(const bfc_observation *o, unsigned s)
{
    const int d = bfc_rules_side_of(&o->rules, (int)s);
    return d < 0 ? (int)s : d;
}

/* A rough worth of cards thrown to a crib: their fifteen and pair, touching
 * ranks, fives. */
static double crib_worth(const bfc_card *t, unsigned n)
{
    double v = 0;
    for (unsigned i = 0; i < n; i++) {
        v += bfc__rank(t[i]) == 5;
        for (unsigned j = i + 1; j < n; j++) {
            const unsigned a = bfc__rank(t[i]), b = bfc__rank(t[j]);
            v += (bfc__value(t[i]) + bfc__value(t[j]) == 15) ? 2 : 0;
            v += a == b ? 2 : 0;
            v += (a + 1 == b || b + 1 == a) ? 0.5 : 0;
        }
    }
    return v;
}

static double discard_value(bfc_dial *d, const bfc_observation *o, bfc_move m)
{
    const int k = d->step - 1;
    bfc_move_info mi;
    bfc_move_decode(m, &mi);
    uint64_t thrown = 0;
    for (unsigned i = 0; i < mi.ncards; i++)
        thrown |= UINT64_C(1) << mi.card[i];
    bfc_card kept[6];
    unsigned n = 0;
    for (uint64_t h = o->hand & ~thrown; h && n < 5; h &= h - 1)
        kept[n++] = (bfc_card)bfc__lowest(h);
    const unsigned flags = o->rules.variant == BFC_VARIANT_NODDY ? BFC_NODDY : 0u;
    double v = 0;
    if (STARTERS[k] == 0 || n > 4) {
        const int p = bfc_score_hand(kept, n, BFC_CARD_NONE, flags, NULL);
        v = p > 0 ? p : 0;
    } else {
        /* a few starters the seat has not seen, spread over the deck */
        const uint64_t seen = o->hand | o->thrown;
        const unsigned stride = 52 / STARTERS[k];
        unsigned used = 0;
        for (unsigned c = d->off % stride; c < BFC_NCARDS &&
                                                                        used < STARTERS[k];
             c += stride) {
            if (seen >> c & 1u)
                continue;
            const int p = bfc_score_hand(kept, n, (bfc_card)c, flags, NULL);
            v += p > 0 ? p : 0;
            used++;
        }
        v = used ? v / used : 0;
    }
    const double crib = crib_worth(mi.card, mi.ncards) * CRIB[k];
    const int mine = o->players == 1 || side(o, o->dealer) == side(o, o->seat);
    return v + (mine ? crib : -crib);
}

/* Points that laying the cards seq[0..n) ending in the last makes. */
static int pegs(const bfc_card *seq, unsigned n, unsigned flags)
{
    const int p = bfc_score_peg_detail(seq, n, flags, NULL);
    return p > 0 ? p : 0;
}

static double play_value(const bfc_dial *d, const bfc_observation *o, bfc_card c,
                         const double *p_rank)
{
    const int k = d->step - 1;
    bfc_card seq[18];
    const unsigned n = o->nseq < 16 ? o->nseq : 16;
    memcpy(seq, o->seq, n);
    seq[n] = c;
    const unsigned flags = o->rules.variant == BFC_VARIANT_NODDY ? BFC_NODDY : 0u;
    double v = pegs(seq, n + 1, flags);
    const unsigned count = o->count + bfc__value(c);
    if (count == 31 || LOOK[k] == 0 || !p_rank)
        return v;
    double risk = 0;
    for (unsigned r = 1; r <= 13; r++) {
        if (p_rank[r] <= 0)
            continue;
        const bfc_card reply = (bfc_card)((r - 1) * 4); /* any card of rank r */
        if (count + bfc__value(reply) > 31)
            continue;
        seq[n + 1] = reply;
        risk += p_rank[r] * pegs(seq, n + 2, flags);
    }
    return v - LOOK[k] * risk;
}

/* For each rank, the chance the next player holds one, as this step
 * counts the cards it has not seen; NULL-like (all 0) when it holds none. */
static void rank_chances(const bfc_dial *d, const bfc_observation *o, double *p)
{
    memset(p, 0, 14 * sizeof *p);
    const unsigned next = (o->seat + 1u) % o->players;
    const unsigned h = o->held_by[next];
    if (h == 0 || o->players < 2 || side(o, next) == side(o, o->seat))
        return;
    uint64_t seen = o->hand | o->thrown;
    for (unsigned i = 0; i < o->nseq && i < 16; i++)
        seen |= UINT64_C(1) << o->seq[i];
    if (REMEMBERS[d->step - 1]) {
        for (unsigned s = 0; s < o->players; s++)
            seen |= o->played[s];
        if (o->starter < BFC_NCARDS)
            seen |= UINT64_C(1) << o->starter;
    }
    unsigned left[14] = {0}, total = 0;
    for (unsigned c = 0; c < BFC_NCARDS; c++)
        if (!(seen >> c & 1u)) {
            left[bfc__rank((bfc_card)c)]++;
            total++;
        }
    if (total == 0)
        return;
    const unsigned room = o->go_room[next];
    for (unsigned r = 1; r <= 13; r++) {
        if (room && bfc__value((bfc_card)((r - 1) * 4)) <= room)
            continue; /* it said go with room for this rank: it has none */
        double none = 1;
        for (unsigned i = 0; i < h; i++)
            none *= 1 - (double)left[r] / total;
        p[r] = 1 - none;
    }
}

static int cheap_move(bfc_dial *d, const bfc_game *g, bfc_move *out)
{
    bfc_observation o;
    int rc = bfc_game_observe(g, bfc_game_to_move(g), &o);
    if (rc != BFC_OK)
        return rc;
    bfc_move m[BFC_MAX_MOVES];
    const int n = bfc_observation_legal_moves(&o, m, BFC_MAX_MOVES);
    if (n <= 0)
        return BFC_EINVAL;
    const int k = d->step - 1;
    const int discard = o.phase == BFC_PHASE_DISCARD;
    const int play = o.phase == BFC_PHASE_PLAY && o.rules.variant != BFC_VARIANT_BATTLEFIELD;
    const int backward = (o.rules.flags & BFC_RULE_BACKWARD) != 0;
    if (n == 1) {
        *out = m[0];
        return BFC_OK;
    }
    if (!discard && !play) {
        if (unit(&d->rng) < ERR[k] / 2)
            return bfc_bot_random(&o, &d->rng, out);
        return bfc_bot_greedy(&o, &d->rng, out);
    }
    double v[BFC_MAX_MOVES];
    double p_rank[14];
    d->off = (unsigned)(bfc__splitmix(&d->rng) >> 40);
    if (play)
        rank_chances(d, &o, p_rank);
    int best = 0;
    for (int i = 0; i < n; i++) {
        if (discard)
            v[i] = discard_value(d, &o, m[i]) + NOISE[k] * gauss(&d->rng);
        else if (m[i] >= BFC_MOVE_PLAY && m[i] < BFC_MOVE_PLAY + BFC_NCARDS)
            v[i] = play_value(d, &o, (bfc_card)(m[i] - BFC_MOVE_PLAY), p_rank);
        else
            v[i] = 0;
        if (backward)
            v[i] = -v[i];
        if (v[i] > v[best])
            best = i;
    }
    if (discard || unit(&d->rng) >= ERR[k]) {
        *out = m[best];
        return BFC_OK;
    }
    double w[BFC_MAX_MOVES], sum = 0;
    for (int i = 0; i < n; i++)
        sum += w[i] = dexp((v[i] - v[best]) / TEMP[k]);
    double x = unit(&d->rng) * sum;
    *out = m[n - 1];
    for (int i = 0; i < n; i++) {
        x -= w[i];
        if (x < 0) {
            *out = m[i];
            break;
        }
    }
    return BFC_OK;
}

int bfc_dial_move(bfc_dial *d, const bfc_game *g, bfc_move *out)
{
    if (!d || !g || !out || bfc_game_over(g))
        return BFC_EINVAL;
    const bfc_rules *gr = bfc_game_rules(g);
    if (!gr || memcmp(gr, &d->rules, sizeof *gr) != 0)
        return BFC_EINVAL;
    if (d->search)
        return bfc_search_move(d->search, g, out);
    return cheap_move(d, g, out);
}
