/* Intervals of the tools' reports (interval.h): bfc-sim's and bfc-arena's. */
#include "interval.h"

/* 95% two-sided normal quantile, for the Wilson score interval. */
#define Z95 1.959963984540054

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

/* The 97.5% quantile of Student's t with df degrees of freedom: the
 * table to 30, then z + (z^3 + z) / (4 df) (within 0.003). */
static double t975(uint64_t df)
{
    static const double T[31] = {0,     12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365,
                                 2.306, 2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
                                 2.120, 2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069,
                                 2.064, 2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
    if (df <= 30)
        return T[df];
    return Z95 + (Z95 * Z95 * Z95 + Z95) / (4 * (double)df);
}

/* The mean of n units with the given sum and sum of squares, and its 95%
 * interval (Student's t over the units' spread). Returns 0, or -1 with
 * fewer than 2 units (*lo and *hi then the mean). */
int mean_interval(uint64_t n, double sum, double sumsq, double *mean, double *lo, double *hi)
{
    *mean = n ? sum / (double)n : 0;
    *lo = *hi = *mean;
    if (n < 2)
        return -1;
    double var = (sumsq - sum * sum / (double)n) / (double)(n - 1);
    if (var < 0) /* rounding */
        var = 0;
    const double half = t975(n - 1) * square_root(var / (double)n);
    *lo = *mean - half;
    *hi = *mean + half;
    return 0;
}
