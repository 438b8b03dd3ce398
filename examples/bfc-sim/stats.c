/* Figures derived from a tally (bfc-sim.h). */
#include <stdio.h>

#include "bfc-sim.h"
#include "bots.h"

/* 95% two-sided normal quantile, for the Wilson score interval. */
#define Z95 1.959963984540054

/* The sources of points of each kind of game, in report order. */
static const int BATTLEFIELD_SRC[] = {BFC_SRC_FRONTLINE,   BFC_SRC_GO,      BFC_SRC_KNOBS,
                                      BFC_SRC_BATTLEFIELD, BFC_SRC_RESERVE, BFC_SRC_CEASEFIRE};
static const int CLASSIC_SRC[] = {BFC_SRC_PLAY,  BFC_SRC_GO,      BFC_SRC_HAND, BFC_SRC_CRIB,
                                  BFC_SRC_HEELS, BFC_SRC_MUGGINS, BFC_SRC_FIRST};

int is_classic(const struct config *c) { return c->game->variant != BFC_VARIANT_BATTLEFIELD; }

int sides_of(const struct config *c) { return bfc_rules_sides(&c->rules); }

/* With teams seat s plays for side s % sides: partners sit opposite
 * (bfc_rules.teams; RULES 4.1, 3.3, 3.4); else for side s. */
int side_of_seat(const struct config *c, int seat)
{
    return c->teams ? seat % sides_of(c) : seat;
}

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

/* Square root by Newton's method (the tools link libc only, not libm).
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
void wilson(uint64_t w, uint64_t n, double *lo, double *hi)
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
        n += (size_t)snprintf(buf + n, cap - n, "%s%s", s ? "," : "", bot_name(c->bot[s]));
}
