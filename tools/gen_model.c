/* Generates src/model_tables.c: how a sensible player throws to the crib,
 * the model the expert bot, its belief about hidden cards and the advice
 * model BFC_CRIB_PLAYED use. Run by `make model`; `make check` runs it
 * again and compares its output with the committed file.
 *
 * It builds one game: two-player classic cribbage, six cards dealt to
 * each player, two thrown by each (GAMES, NGAMES). A throw is named by its
 * pair class: the two ranks and whether the cards share a suit (169
 * classes: 13 pairs, 78 suited and 78 offsuit rank pairs).
 *
 * The model is a fixed point. A sensible player keeps the cards whose show
 * averages most over the starters it cannot see (exact, through the
 * library's scorer), plus the crib value of its throw when it deals, minus
 * it when it does not. The crib value of a throw is the mean crib those two
 * cards make with the other player's throw and a starter: the other throw
 * drawn as sensible players of the other role throw. Start from a crib
 * value with the other throw uniform; then, five times: deal N random hands
 * to each role, count the class of each sensible throw, and value every
 * throw again against those counts. Each count comes from a fixed seed,
 * the crib values from integer sums: the output is the same on every
 * machine and with every compiler.
 *
 * The crib value of a class is exact over its concrete pairs, every other
 * throw (weighted by its class's count, spread evenly over the class's
 * concrete pairs) and every starter left. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bfc.h"

#define CLASSES 169
#define HANDS 200000 /* random hands per role and round */
#define ROUNDS 5
#define NGAMES 1
#define SEED UINT64_C(0x6D6F64656C) /* "model" */

/* The games: cards dealt to each of the two players. */
static const struct game {
    const char *name;
    int dealt;
} GAMES[1] = {{"classic", 6}};

/* The class of a throw: [lo][hi] offsuit, [hi][lo] suited, [r][r] a pair
 * (ranks 0..12), read as lo * 13 + hi etc. */
static int class_of(bfc_card a, bfc_card b)
{
    const int ra = a / 4, rb = b / 4;
    const int lo = ra < rb ? ra : rb, hi = ra < rb ? rb : ra;
    if (lo == hi)
        return lo * 13 + lo;
    return a % 4 == b % 4 ? hi * 13 + lo : lo * 13 + hi;
}

/* Concrete pairs of a class in a full deck: 6 for a pair, 4 suited, 12
 * offsuit; the weight that spreads a class's count over them is 12 / that
 * (an integer). */
static int spread(int cls)
{
    const int a = cls / 13, b = cls % 13;
    return a == b ? 2 : a > b ? 3 : 1;
}

static uint64_t rng;
static uint64_t next(void)
{
    return bfc_rng_next(&rng);
}
static unsigned below(unsigned n)
{
    return (unsigned)(((next() >> 32) * n) >> 32);
}

/* Sum of the show of kept[0..nk) over every starter not in `seen`, and how
 * many starters that is. */
static int64_t hand_sum(const bfc_card *kept, int nk, uint64_t seen, int *n)
{
    int64_t sum = 0;
    int cnt = 0;
    if (nk == 4) {
        int8_t sc[52];
        bfc_score_show_all_starters(kept, 0, sc);
        for (int c = 0; c < 52; c++)
            if (!(seen >> c & 1u)) {
                sum += sc[c];
                cnt++;
            }
    } else {
        for (int c = 0; c < 52; c++)
            if (!(seen >> c & 1u)) {
                sum += bfc_score_hand(kept, (size_t)nk, (bfc_card)c, 0, NULL);
                cnt++;
            }
    }
    *n = cnt;
    return sum;
}

/* crib[role][class]: the crib value of a throw by `role` (0 dealer, 1
 * pone) against the other role's counts (NULL: uniform). */
static void crib_values(const uint64_t counts[2][CLASSES], int uniform, double crib[2][CLASSES])
{
    for (int role = 0; role < 2; role++) {
        int64_t num[CLASSES] = {0}, den[CLASSES] = {0};
        const uint64_t *other = uniform ? NULL : counts[1 - role]; /* NULL: no counts yet */
        for (int a = 0; a < 52; a++)
            for (int b = a + 1; b < 52; b++) {
                const int cls = class_of((bfc_card)a, (bfc_card)b);
                bfc_card crib4[4] = {(bfc_card)a, (bfc_card)b, 0, 0};
                int8_t sc[52];
                for (int c = 0; c < 52; c++)
                    for (int d = c + 1; d < 52; d++) {
                        if (c == a || c == b || d == a || d == b)
                            continue;
                        const int64_t w =
                            uniform ? 1 : (int64_t)other[class_of((bfc_card)c, (bfc_card)d)] *
                                              spread(class_of((bfc_card)c, (bfc_card)d));
                        if (w == 0)
                            continue;
                        crib4[2] = (bfc_card)c;
                        crib4[3] = (bfc_card)d;
                        bfc_score_show_all_starters(crib4, BFC_CRIB, sc);
                        int64_t s = 0;
                        for (int x = 0; x < 52; x++)
                            if (sc[x] >= 0)
                                s += sc[x];
                        num[cls] += w * s;
                        den[cls] += w * 48;
                    }
            }
        for (int k = 0; k < CLASSES; k++)
            crib[role][k] = den[k] ? (double)num[k] / (double)den[k] : 0.0;
    }
}

/* Deals HANDS hands of `dealt` cards to each role and counts the class of
 * the sensible throw of each. */
static void count_throws(int dealt, const double crib[2][CLASSES], uint64_t counts[2][CLASSES])
{
    memset(counts, 0, 2 * CLASSES * sizeof counts[0][0]);
    for (int role = 0; role < 2; role++)
        for (long h = 0; h < HANDS; h++) {
            bfc_card deck[52], hand[7];
            for (int i = 0; i < 52; i++)
                deck[i] = (bfc_card)i;
            uint64_t seen = 0;
            for (int i = 0; i < dealt; i++) {
                const unsigned j = (unsigned)i + below(52u - (unsigned)i);
                const bfc_card t = deck[i];
                deck[i] = deck[j];
                deck[j] = t;
                hand[i] = deck[i];
                seen |= UINT64_C(1) << deck[i];
            }
            double best = -1e300;
            int pick = 0;
            for (int a = 0; a < dealt; a++)
                for (int b = a + 1; b < dealt; b++) {
                    bfc_card kept[5];
                    int nk = 0;
                    for (int i = 0; i < dealt; i++)
                        if (i != a && i != b)
                            kept[nk++] = hand[i];
                    int n;
                    const int64_t s = hand_sum(kept, nk, seen, &n);
                    const double c = crib[role][class_of(hand[a], hand[b])];
                    const double v = (double)s / n + (role == 0 ? c : -c);
                    if (v > best) {
                        best = v;
                        pick = class_of(hand[a], hand[b]);
                    }
                }
            counts[role][pick]++;
        }
}

int main(int argc, char **argv)
{
    (void)argv;
    if (argc > 1) {
        fprintf(stderr, "usage: gen_model > src/model_tables.c\n");
        return 2;
    }
    printf("/* Generated by tools/gen_model.c (make model); do not edit. How a sensible\n"
           " * player throws to the crib in the two-player games with a two-card\n"
           " * throw: %d rounds of %d random hands per role, seed %#" PRIx64 ". */\n",
           ROUNDS, HANDS, SEED);
    printf("#include \"model.h\"\n\n");
    static uint64_t counts[NGAMES][2][CLASSES];
    static double crib[NGAMES][2][CLASSES];
    for (int g = 0; g < NGAMES; g++) {
        rng = SEED + (uint64_t)g;
        crib_values(NULL, 1, crib[g]);
        for (int round = 0; round < ROUNDS; round++) {
            count_throws(GAMES[g].dealt, (const double(*)[CLASSES])crib[g], counts[g]);
            crib_values((const uint64_t(*)[CLASSES])counts[g], 0, crib[g]);
        }
    }
    printf("const bfc__throw_model bfc__throws[%d] = {\n", NGAMES);
    for (int g = 0; g < NGAMES; g++) {
        printf("    /* %s: %d cards dealt */\n    {{", GAMES[g].name, GAMES[g].dealt);
        for (int role = 0; role < 2; role++) {
            printf("%s{", role ? ",\n      " : "");
            for (int k = 0; k < CLASSES; k++)
                printf("%s%" PRIu64, k ? (k % 12 ? ", " : ",\n       ") : "", counts[g][role][k]);
            printf("}");
        }
        printf("},\n     {");
        for (int role = 0; role < 2; role++) {
            printf("%s{", role ? ",\n      " : "");
            for (int k = 0; k < CLASSES; k++)
                printf("%s%.17g", k ? (k % 4 ? ", " : ",\n       ") : "", crib[g][role][k]);
            printf("}");
        }
        printf("}}%s\n", g < NGAMES - 1 ? "," : "");
    }
    printf("};\n");
    return 0;
}
