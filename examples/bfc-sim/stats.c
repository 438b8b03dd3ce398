/* Figures derived from a tally (bfc-sim.h). */
#include <stdio.h>

#include "bfc-sim.h"
#include "interval.h"
#include "players.h"


/* The sources of points of each kind of game, in report order. */
static const int BATTLEFIELD_SRC[] = {BFC_SRC_FRONTLINE,   BFC_SRC_GO,      BFC_SRC_KNOBS,
                                      BFC_SRC_BATTLEFIELD, BFC_SRC_RESERVE, BFC_SRC_CEASEFIRE};
static const int CLASSIC_SRC[] = {BFC_SRC_PLAY,  BFC_SRC_GO,      BFC_SRC_HAND, BFC_SRC_CRIB,
                                  BFC_SRC_HEELS, BFC_SRC_MUGGINS, BFC_SRC_FIRST};

int is_classic(const struct config *c) { return c->game->variant != BFC_VARIANT_BATTLEFIELD; }

int sides_of(const struct config *c) { return bfc_rules_sides(&c->rules); }

/* With teams seat s plays for side s % sides: partners sit opposite
 * (bfc_rules.teams; RULES 4.1, 3.3, 3.4); in captain's cribbage seats 1
 * and 2 are one side; else seat s is side s (bfc_rules_side_of). */
int side_of_seat(const struct config *c, int seat)
{
    return bfc_rules_side_of(&c->rules, seat);
}

/* Games per set: with --duplicate one per rotation of the bots over the
 * seats by a whole side (the sides: partners sit `sides` apart, so a
 * rotation by one seat keeps them partners), else 1. */
int rotations(const struct config *c) { return c->duplicate ? sides_of(c) : 1; }

/* The bot (position in --bots) at seat in rotation rot: bot b sits at
 * seat (b + rot) % players. */
int bot_at(const struct config *c, int rot, int seat)
{
    return (seat - rot % c->players + c->players) % c->players;
}

int seat_of_bot(const struct config *c, int rot, int bot) { return (bot + rot) % c->players; }

size_t sources(const struct config *c, const int **src)
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
uint64_t shard_games(uint64_t games, uint64_t k, uint64_t n)
{
    return games > k - 1 ? (games - (k - 1) + n - 1) / n : 0;
}

double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0; }

/* The hero's share of the games of a set (k / rotations), its mean over
 * the sets and the 95% interval: the set is the unit, so the interval is
 * the paired one of duplicate deals. As mean_interval(). */
int hero_share(const struct config *c, const struct tally *t, double *mean, double *lo,
               double *hi)
{
    const double r = rotations(c);
    double sum = 0, sumsq = 0;
    for (int k = 0; k <= rotations(c) && k <= MAX_SEATS; k++) {
        sum += (double)t->hero_sets[k] * k / r;
        sumsq += (double)t->hero_sets[k] * k * k / (r * r);
    }
    const int rc = mean_interval(t->sets, sum, sumsq, mean, lo, hi);
    if (*lo < 0)
        *lo = 0;
    if (*hi > 1)
        *hi = 1;
    return rc;
}

/* The hero's margin per set, its mean and 95% interval over the sets (the
 * tally counts it in (sides - 1)ths of a point). */
int hero_margin(const struct config *c, const struct tally *t, double *mean, double *lo,
                double *hi)
{
    const double unit = sides_of(c) > 1 ? sides_of(c) - 1 : 1;
    return mean_interval(t->sets, ((double)t->margin_plus - (double)t->margin_minus) / unit,
                         (double)t->margin_sq / (unit * unit), mean, lo, hi);
}

/* Deals (skirmishes) played, by the bots' count: each deal is counted
 * once for every seat. */
uint64_t total_deals(const struct config *c, const struct tally *t)
{
    uint64_t n = 0;
    for (int b = 0; b < c->players; b++)
        n += t->deals[b][ROLE_DEALER] + t->deals[b][ROLE_PONE];
    return n / (uint64_t)c->players;
}

uint64_t side_points(const struct config *c, const struct tally *t, int d, int src)
{
    uint64_t sum = 0;
    for (int s = 0; s < c->players; s++)
        if (side_of_seat(c, s) == d)
            sum += t->points[s][src];
    return sum;
}

uint64_t side_total(const struct config *c, const struct tally *t, int d)
{
    uint64_t sum = 0;
    for (int src = 1; src < NSRC; src++)
        sum += side_points(c, t, d, src);
    return sum;
}

uint64_t seat_total(const struct tally *t, int s)
{
    uint64_t sum = 0;
    for (int src = 1; src < NSRC; src++)
        sum += t->points[s][src];
    return sum;
}

/* "greedy,random": the bots by seat. */
void bots_text(const struct config *c, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int s = 0; s < c->players && n < cap; s++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%s", s ? "," : "", kind_name(c->bot[s]));
}
