/*
 * 95% intervals, as bfc-sim and bfc-arena report them: the Wilson score
 * interval of a rate, and Student's t interval of a mean over units (the
 * paired interval of duplicate deals, the unit a set of games).
 */
#ifndef EXAMPLES_INTERVAL_H
#define EXAMPLES_INTERVAL_H

#include <stdint.h>

/* The Wilson score interval for w successes in n trials (n 0: [0, 1]). */
void wilson(uint64_t w, uint64_t n, double *lo, double *hi);

/* The mean of n units with the given sum and sum of squares, and its 95%
 * interval (Student's t over the units' spread). Returns 0, or -1 with
 * fewer than 2 units (*lo and *hi then the mean). */
int mean_interval(uint64_t n, double sum, double sumsq, double *mean, double *lo, double *hi);

#endif
