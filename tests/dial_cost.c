/* `make dial-cost`: what a decision of each step of the strength dial
 * costs in classic cribbage, 2 players to 121 (bfc_dial_move; steps 8, 9
 * and 10 are today's easy, medium and hard). Each step plays GAMES games
 * against the greedy bot, seeded 1..GAMES; its decisions are timed in
 * process CPU time, the discards apart from the play. Prints a line a step:
 *
 *   step  3   discard 0.0052 ms (450)   play 0.0011 ms (1602)   all 0.0020 ms
 *
 * Not a test: the figures depend on the machine (run it beside a change,
 * in one run, to compare). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bfc.h"

static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

int main(int argc, char **argv)
{
    const int games = argc > 1 ? atoi(argv[1]) : 50;
    bfc_rules r;
    if (games < 1 || bfc_rules_preset(&r, "classic", 2, 0) != BFC_OK) {
        fprintf(stderr, "dial_cost: usage: dial_cost [GAMES >= 1]\n");
        return 2;
    }
    for (int step = 1; step <= BFC_DIAL_STEPS; step++) {
        double t[2] = {0, 0};
        long n[2] = {0, 0};
        for (int i = 1; i <= games; i++) {
            bfc_game *g = bfc_game_new(&r, (uint64_t)i, NULL);
            bfc_dial *d = bfc_dial_new(&r, step, (uint64_t)i, NULL);
            uint64_t rng = (uint64_t)i * 7;
            if (!g || !d) {
                fprintf(stderr, "dial_cost: out of memory\n");
                return 1;
            }
            while (!bfc_game_over(g)) {
                bfc_move m;
                int rc;
                if (bfc_game_to_move(g) == i % 2) {
                    const int k = bfc_game_phase(g) == BFC_PHASE_DISCARD ? 0 : 1;
                    const double t0 = cpu_ms();
                    rc = bfc_dial_move(d, g, &m);
                    t[k] += cpu_ms() - t0;
                    n[k]++;
                } else {
                    bfc_observation o;
                    rc = bfc_game_observe(g, bfc_game_to_move(g), &o);
                    if (rc == BFC_OK)
                        rc = bfc_bot_greedy(&o, &rng, &m);
                }
                if (rc != BFC_OK || bfc_game_apply(g, m, NULL, 0, NULL) != BFC_OK) {
                    fprintf(stderr, "dial_cost: step %d: %s\n", step, bfc_strerror(rc));
                    return 1;
                }
            }
            bfc_dial_free(d);
            bfc_game_free(g);
        }
        printf("step %2d   discard %.4f ms (%ld)   play %.4f ms (%ld)   all %.4f ms\n", step,
               n[0] ? t[0] / (double)n[0] : 0.0, n[0], n[1] ? t[1] / (double)n[1] : 0.0, n[1],
               (t[0] + t[1]) / (double)(n[0] + n[1] ? n[0] + n[1] : 1));
    }
    return 0;
}
