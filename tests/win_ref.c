/* A reference for the chance-of-winning tables (tests/test_win.sh): V(a,
 * b), the chance that the dealer of a deal about to be dealt wins when it
 * needs a points and the pone b, straight from the definition in
 * tools/gen_win.c -- a deal is a play pair and a show pair drawn from the
 * measured histograms, pegged in order (the play, whichever side needs the
 * smaller share of its play points first when both get there, the pone on
 * a tie; the pone's show; the dealer's), and then the next deal with the
 * deal passed -- by value iteration over every pair of scores until no
 * value moves, with no cleverness: every cell sums over every pair of
 * cells of the two histograms.
 *
 *   win_ref FILE GAME TARGET      prints "a b V" lines as gen_win does */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct cell {
    int x, y;
    double p;
} cell;

static cell play[4096], show[32768];
static int nplay, nshow;
static double V[64][64];

int main(int argc, char **argv)
{
    if (argc != 4)
        return 2;
    const int t = atoi(argv[3]);
    FILE *f = fopen(argv[1], "r");
    if (!f || t < 1 || t > 63)
        return 2;
    char line[256], g[64];
    int on = 0, x, y;
    uint64_t n;
    double tp = 0, ts = 0;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "game %63s", g) == 1)
            on = !strcmp(g, argv[2]);
        else if (on && sscanf(line, "play %d %d %" SCNu64, &x, &y, &n) == 3 && nplay < 4096) {
            play[nplay++] = (cell){x, y, (double)n};
            tp += (double)n;
        } else if (on && sscanf(line, "show %d %d %" SCNu64, &x, &y, &n) == 3 && nshow < 32768) {
            show[nshow++] = (cell){x, y, (double)n};
            ts += (double)n;
        }
    }
    fclose(f);
    if (tp == 0 || ts == 0)
        return 1;
    for (int i = 0; i < nplay; i++)
        play[i].p /= tp;
    for (int i = 0; i < nshow; i++)
        show[i].p /= ts;
    for (int sweep = 0; sweep < 200; sweep++) {
        double moved = 0;
        for (int a = 1; a <= t; a++)
            for (int b = 1; b <= t; b++) {
                double v = 0;
                for (int i = 0; i < nplay; i++) {
                    const cell *p = &play[i];
                    if (p->x >= a && p->y >= b) {
                        v += p->p * (a * p->y < b * p->x ? 1 : 0);
                        continue;
                    }
                    if (p->x >= a) {
                        v += p->p;
                        continue;
                    }
                    if (p->y >= b)
                        continue;
                    for (int j = 0; j < nshow; j++) {
                        const cell *s = &show[j];
                        double o;
                        if (s->x >= b - p->y)
                            o = 0; /* the pone's show */
                        else if (s->y >= a - p->x)
                            o = 1; /* the dealer's */
                        else
                            o = 1 - V[b - p->y - s->x][a - p->x - s->y];
                        v += p->p * s->p * o;
                    }
                }
                const double d = v > V[a][b] ? v - V[a][b] : V[a][b] - v;
                if (d > moved)
                    moved = d;
                V[a][b] = v;
            }
        if (moved < 1e-13)
            break;
    }
    for (int a = 1; a <= t; a++)
        for (int b = 1; b <= t; b++)
            printf("%d %d %.9f\n", a, b, V[a][b]);
    return 0;
}
