/* The chance of winning by score (bfc_win_chance): the two-player tables
 * of win_tables.c, and for every other game a normal approximation. */
#include "winchance.h"

/* ---- Arithmetic without libm (the library links libc only) ---------------- */

double bfc__exp(double x)
{
    if (x < -700)
        return 0;
    if (x > 700)
        x = 700;
    int halve = 0;
    while (x > 0.5 || x < -0.5) {
        x /= 2;
        halve++;
    }
    double term = 1, sum = 1;
    for (int i = 1; i < 16; i++) {
        term *= x / i;
        sum += term;
    }
    while (halve--)
        sum *= sum;
    return sum;
}

/* sqrt x for x >= 0: Newton's method. */
static double sqrt_of(double x)
{
    if (!(x > 0))
        return 0;
    double y = x > 1 ? x : 1;
    for (int i = 0; i < 64; i++) {
        const double z = 0.5 * (y + x / y);
        if (z >= y)
            break;
        y = z;
    }
    return y;
}

/* The normal distribution function by its logistic approximation (within
 * 0.01 of it): smooth and monotone, which is what the estimate needs. */
static double phi(double z) { return 1.0 / (1.0 + bfc__exp(-1.702 * z)); }

/* ---- The approximation ------------------------------------------------------ */

/* How points come in a game of these rules: mean points per side per deal
 * (skirmish), their spread, and what dealing is worth. Measured in
 * self-play of the library's bots; only their scale matters. */
typedef struct pace {
    double rate, sd, adv;
} pace;

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
    case BFC_VARIANT_SEVEN_CARD:
        return (pace){20, 7, 4};
    default:
        return (pace){15, 6, 0};
    }
}

/* Each pair of sides compared by the points they need, their spread over
 * the deals that takes and the dealer's edge; a side wins with the product
 * of its pairwise chances, normalised. Backward games: the chance of not
 * being first to the target. Captain's cribbage: the captain, side 0,
 * plays to half the target, rounded up (RULES 3.10). */
static void approx(const bfc_rules *r, const int *score, int n, int dealer, double *out)
{
    const pace p = pace_of(r);
    const int backward = (r->flags & BFC_RULE_BACKWARD) != 0;
    const int captain = (r->flags & BFC_RULE_CAPTAIN) != 0;
    double need[6], total = 0;
    for (int i = 0; i < n; i++) {
        need[i] = (captain && i == 0 ? (r->target + 1) / 2 : r->target) - score[i];
        if (need[i] < 1)
            need[i] = 1;
        out[i] = 1;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            const double adv = dealer == i ? p.adv : dealer == j ? -p.adv : 0;
            double z = (need[j] - need[i] + adv) / (p.sd * sqrt_of((need[i] + need[j]) / p.rate));
            if (backward)
                z = -z;
            const double pij = phi(z);
            out[i] *= pij;
            out[j] *= 1 - pij;
        }
    for (int i = 0; i < n; i++)
        total += out[i];
    for (int i = 0; i < n && total > 0; i++)
        out[i] /= total;
}

/* ---- The tables ------------------------------------------------------------- */

const bfc__win_table *bfc__win_table_of(const bfc_rules *r)
{
    if (r->players != 2 || r->teams || (r->flags & (BFC_RULE_BACKWARD | BFC_RULE_CAPTAIN)) ||
        r->board.n)
        return NULL;
    for (const bfc__win_table *t = bfc__win_tables; t->v; t++)
        if (t->variant == r->variant && t->target == r->target)
            return t;
    return NULL;
}

int bfc_win_chance(const bfc_rules *rules, const int *scores, size_t nsides, int dealer,
                   double *out)
{
    if (!rules || !scores || !out || bfc_rules_check(rules) != BFC_OK ||
        nsides != (size_t)bfc_rules_sides(rules) || dealer < 0 || (size_t)dealer >= nsides ||
        rules->variant == BFC_VARIANT_SOLITAIRE)
        return BFC_EINVAL;
    const int n = (int)nsides;
    for (int i = 0; i < n; i++)
        if (scores[i] < 0 || scores[i] > 10000)
            return BFC_EINVAL;
    /* a side at its target has won (backward: has lost) */
    const int captain = (rules->flags & BFC_RULE_CAPTAIN) != 0;
    for (int i = 0; i < n; i++) {
        const int goal = captain && i == 0 ? (rules->target + 1) / 2 : rules->target;
        if (scores[i] >= goal) {
            if (rules->flags & BFC_RULE_BACKWARD) {
                for (int j = 0; j < n; j++)
                    out[j] = j == i ? 0.0 : 1.0 / (n - 1);
            } else {
                for (int j = 0; j < n; j++)
                    out[j] = j == i;
            }
            return BFC_WIN_TABLE;
        }
    }
    const bfc__win_table *t = bfc__win_table_of(rules);
    if (!t) {
        approx(rules, scores, n, dealer, out);
        return BFC_WIN_APPROX;
    }
    const int a = t->target - scores[dealer], b = t->target - scores[1 - dealer];
    const double v = t->v[(a - 1) * t->target + (b - 1)] / 65535.0;
    out[dealer] = v;
    out[1 - dealer] = 1 - v;
    return BFC_WIN_TABLE;
}

int bfc_win_table(const bfc_rules *rules, const uint16_t **out)
{
    if (!rules || !out || bfc_rules_check(rules) != BFC_OK)
        return BFC_EINVAL;
    const bfc__win_table *t = bfc__win_table_of(rules);
    *out = t ? t->v : NULL;
    return t ? t->target : 0;
}

const bfc__deal_model *bfc__deal_model_of(int variant)
{
    for (const bfc__deal_model *d = bfc__deal_models; d->variant >= 0; d++)
        if (d->variant == variant)
            return d;
    return NULL;
}
