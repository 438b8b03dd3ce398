/* Win probability by score (bfc_win_chance): measures how deals score and
 * turns that into tables.
 *
 *   gen_win --measure GAME GAMES [K/N]   self-play of the search bot at
 *                                         the medium level; prints the
 *                                         deals' histograms (below)
 *   gen_win FILE                          reads those histograms (all
 *                                         games in one file) and writes
 *                                         src/win_tables.c
 *
 * A deal (a Battlefield skirmish) of a two-player game scores in three
 * steps, each of which may end the game: the play (the pegging with the
 * dealer's heels, or the frontline with its goes and knobs), then the
 * pone's show (hand; battlefield hand; a cease-fire's formation), then the
 * dealer's (hand and crib; battlefield hand and reserve; formation). The
 * measurement counts, over every deal played to its end, the pair (dealer's
 * play points, pone's play points) and the pair (pone's show, dealer's
 * show).
 *
 * The table: V(a, b), the chance that the dealer of a deal about to be
 * dealt wins when it still needs a points and the pone b. One deal is the
 * play pair and the show pair drawn independently from the histograms; the
 * play is won by whichever side gets there first -- when both could, the
 * one that needs the smaller share of its play points (the points are
 * taken to come evenly through the play; the pone on a tie, as it lays
 * first) --, then the pone's show, then the dealer's; otherwise the next
 * deal starts with the deal passed: V(a, b) = sum P(play) P(show) (1 -
 * V(b - pone's points, a - dealer's points)). The values depend only on
 * deals with fewer points to go, except through a deal that scores
 * nothing at all, solved exactly as a pair of equations. Every sum runs in
 * one order in double precision, and the tables store V rounded to 1/65535:
 * the output is the same on every machine. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bfc.h"

#define MAXP 64  /* play points of one side in a deal, at most (capped) */
#define MAXS 160 /* show points of one side in a deal, at most (capped) */
#define MAXT 181 /* the largest target tabled */

/* ---- Measuring ------------------------------------------------------------ */

typedef struct hist {
    uint64_t play[MAXP][MAXP]; /* [dealer][pone] */
    uint64_t show[MAXS][MAXS]; /* [pone][dealer] */
    uint64_t hand[MAXS];       /* the dealer's hand alone (battlefield hand) */
    uint64_t crib[MAXS];       /* the crib (the reserve) */
    uint64_t deals;
} hist;

static int cap(int v, int hi) { return v < 0 ? 0 : v >= hi ? hi - 1 : v; }

static int measure(const char *game, long games, long k, long n)
{
    bfc_rules r;
    if (bfc_rules_preset(&r, game, 2, 0) != BFC_OK)
        return 2;
    bfc_search_config c;
    bfc_search_config_init(&c);
    bfc_search_config_level(&c, BFC_LEVEL_MEDIUM);
    int st;
    bfc_search *b[2] = {bfc_search_new(&r, &c, &st), bfc_search_new(&r, &c, &st)};
    if (!b[0] || !b[1])
        return 1;
    const int bf = r.variant == BFC_VARIANT_BATTLEFIELD;
    static hist h;
    static bfc_event ev[BFC_MAX_EVENTS];
    for (long gi = k - 1; gi < games; gi += n) {
        const uint64_t gs = bfc_sim_game_seed(UINT64_C(0x77696E), (uint64_t)gi); /* "win" */
        size_t ne = 0;
        bfc_game *g = bfc_game_new_events(&r, gs, ev, BFC_MAX_EVENTS, &ne, &st);
        if (!g)
            return 1;
        for (int s = 0; s < 2; s++)
            bfc_search_seed(b[s], bfc_sim_bot_seed(gs, s));
        /* dealer play, pone play, pone show, dealer show, of which the crib */
        int dealer = -1, pts[5] = {0};
        for (;;) {
            for (size_t i = 0; i < ne && i < BFC_MAX_EVENTS; i++) {
                const bfc_event *e = &ev[i];
                if (e->type == BFC_EV_DEAL) {
                    if (dealer >= 0) {
                        h.play[cap(pts[0], MAXP)][cap(pts[1], MAXP)]++;
                        h.show[cap(pts[2], MAXS)][cap(pts[3], MAXS)]++;
                        h.hand[cap(pts[3] - pts[4], MAXS)]++;
                        h.crib[cap(pts[4], MAXS)]++;
                        h.deals++;
                    }
                    dealer = e->seat;
                    memset(pts, 0, sizeof pts);
                } else if (e->type == BFC_EV_SCORE && dealer >= 0) {
                    const int d = e->seat == dealer, src = e->source;
                    const int show = bf ? src == BFC_SRC_BATTLEFIELD || src == BFC_SRC_RESERVE ||
                                              src == BFC_SRC_CEASEFIRE
                                        : src == BFC_SRC_HAND || src == BFC_SRC_CRIB;
                    pts[show ? (d ? 3 : 2) : (d ? 0 : 1)] += e->item.points;
                    if (src == BFC_SRC_CRIB || src == BFC_SRC_RESERVE)
                        pts[4] += e->item.points;
                }
            }
            if (bfc_game_over(g))
                break;
            bfc_move m;
            if (bfc_search_move(b[bfc_game_to_move(g)], g, &m) != BFC_OK ||
                bfc_game_apply(g, m, ev, BFC_MAX_EVENTS, &ne) != BFC_OK)
                return 1;
        }
        bfc_game_free(g);
    }
    printf("game %s deals %" PRIu64 "\n", game, h.deals);
    for (int i = 0; i < MAXP; i++)
        for (int j = 0; j < MAXP; j++)
            if (h.play[i][j])
                printf("play %d %d %" PRIu64 "\n", i, j, h.play[i][j]);
    for (int i = 0; i < MAXS; i++)
        for (int j = 0; j < MAXS; j++)
            if (h.show[i][j])
                printf("show %d %d %" PRIu64 "\n", i, j, h.show[i][j]);
    for (int i = 0; i < MAXS; i++)
        if (h.hand[i])
            printf("hand %d %" PRIu64 "\n", i, h.hand[i]);
    for (int i = 0; i < MAXS; i++)
        if (h.crib[i])
            printf("crib %d %" PRIu64 "\n", i, h.crib[i]);
    bfc_search_free(b[0]);
    bfc_search_free(b[1]);
    return 0;
}

/* ---- The tables ------------------------------------------------------------- */

typedef struct cell {
    int x, y;
    double p;
} cell;

typedef struct dist {
    cell play[MAXP * MAXP], show[MAXS * MAXS];
    int nplay, nshow;
    double play0, show0; /* the chance of no points in the play, in the show */
} dist;

static double V[MAXT + 1][MAXT + 1]; /* [dealer needs][pone needs] */
static double S[MAXT + 1][MAXT + 1]; /* after the play: [dealer][pone] */

/* V(a, b) for a <= 0 or b <= 0 is never read: a side at 0 has won. */
static double v_at(int a, int b) { return V[a][b]; }

/* The pone's show and the dealer's after the play, with the dealer needing
 * x and the pone y; without the term of a show of no points at all. */
static double after_play(const dist *d, int x, int y)
{
    double s = 0;
    for (int i = 0; i < d->nshow; i++) {
        const cell *c = &d->show[i];
        if (c->x == 0 && c->y == 0)
            continue;
        if (c->x >= y)
            continue; /* the pone wins */
        if (c->y >= x)
            s += c->p; /* the dealer wins */
        else
            s += c->p * (1 - v_at(y - c->x, x - c->y));
    }
    return s;
}

/* The deal from (a, b), without the term of a play of no points. */
static double deal(const dist *d, int a, int b)
{
    double s = 0;
    for (int i = 0; i < d->nplay; i++) {
        const cell *c = &d->play[i];
        if (c->x == 0 && c->y == 0)
            continue;
        const int dw = c->x >= a, pw = c->y >= b;
        if (dw && pw) {
            /* both get there in the play: the smaller share first */
            if ((int64_t)a * c->y < (int64_t)b * c->x)
                s += c->p;
        } else if (dw) {
            s += c->p;
        } else if (!pw) {
            s += c->p * S[a - c->x][b - c->y];
        }
    }
    return s;
}

static void solve(const dist *d, int t)
{
    for (int sum = 2; sum <= 2 * t; sum++) {
        for (int x = 1; x <= t; x++) {
            const int y = sum - x;
            if (y < 1 || y > t)
                continue;
            S[x][y] = after_play(d, x, y); /* the zero show comes below */
        }
        for (int a = 1; a <= t; a++) {
            const int b = sum - a;
            if (b < 1 || b > t)
                continue;
            V[a][b] = deal(d, a, b) + d->play0 * S[a][b];
        }
        /* a deal of no points passes the deal with nothing changed:
           V(a,b) = X(a,b) + p0 (1 - V(b,a)), p0 its chance */
        const double p0 = d->play0 * d->show0;
        for (int a = 1; a <= t; a++) {
            const int b = sum - a;
            if (b < 1 || b > t || a > b)
                continue;
            const double xab = V[a][b], xba = V[b][a];
            V[a][b] = (xab + p0 * (1 - xba) - p0 * p0) / (1 - p0 * p0);
            if (a != b)
                V[b][a] = (xba + p0 * (1 - xab) - p0 * p0) / (1 - p0 * p0);
            S[a][b] += d->show0 * (1 - V[b][a]);
            if (a != b)
                S[b][a] += d->show0 * (1 - V[a][b]);
        }
    }
}

static void emit(const char *name, int t)
{
    printf("static const uint16_t %s[%d][%d] = {\n", name, t, t);
    for (int a = 1; a <= t; a++) {
        printf("    {");
        for (int b = 1; b <= t; b++) {
            double v = V[a][b] * 65535.0 + 0.5;
            if (v > 65535)
                v = 65535;
            printf("%s%u", b == 1 ? "" : (b - 1) % 16 ? "," : ",\n     ", (unsigned)v);
        }
        printf("}%s\n", a < t ? "," : "");
    }
    printf("};\n\n");
}

/* The measured deals of one game in a file of --measure output (shards
 * may follow one another: their counts add up). */
typedef struct counts {
    uint64_t play[MAXP][MAXP], show[MAXS][MAXS], hand[MAXS], crib[MAXS];
    uint64_t nplay, nshow;
} counts;

static int load(const char *file, const char *game, counts *c)
{
    FILE *f = fopen(file, "r");
    if (!f) {
        perror(file);
        return -1;
    }
    memset(c, 0, sizeof *c);
    char line[256], g[64];
    int on = 0, x, y;
    uint64_t n;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "game %63s", g) == 1)
            on = !strcmp(g, game);
        else if (!on)
            continue;
        else if (sscanf(line, "play %d %d %" SCNu64, &x, &y, &n) == 3) {
            c->play[cap(x, MAXP)][cap(y, MAXP)] += n;
            c->nplay += n;
        } else if (sscanf(line, "show %d %d %" SCNu64, &x, &y, &n) == 3) {
            c->show[cap(x, MAXS)][cap(y, MAXS)] += n;
            c->nshow += n;
        } else if (sscanf(line, "hand %d %" SCNu64, &x, &n) == 2) {
            c->hand[cap(x, MAXS)] += n;
        } else if (sscanf(line, "crib %d %" SCNu64, &x, &n) == 2) {
            c->crib[cap(x, MAXS)] += n;
        }
    }
    fclose(f);
    return c->nplay && c->nshow ? 0 : -1;
}

/* The distributions of a game's deals as chances, every cell once. */
static void dist_of(const counts *c, dist *d)
{
    memset(d, 0, sizeof *d);
    for (int x = 0; x < MAXP; x++)
        for (int y = 0; y < MAXP; y++)
            if (c->play[x][y])
                d->play[d->nplay++] = (cell){x, y, (double)c->play[x][y] / (double)c->nplay};
    for (int x = 0; x < MAXS; x++)
        for (int y = 0; y < MAXS; y++)
            if (c->show[x][y])
                d->show[d->nshow++] = (cell){x, y, (double)c->show[x][y] / (double)c->nshow};
    d->play0 = (double)c->play[0][0] / (double)c->nplay;
    d->show0 = (double)c->show[0][0] / (double)c->nshow;
}

static int tables(const char *file)
{
    static counts c[2];
    static dist ds[2];
    const char *games[2] = {"classic", "battlefield"};
    for (int w = 0; w < 2; w++) {
        if (load(file, games[w], &c[w]) < 0) {
            fprintf(stderr, "gen_win: %s: no deals of %s\n", file, games[w]);
            return 1;
        }
        dist_of(&c[w], &ds[w]);
    }
    printf("/* Generated by tools/gen_win.c from src/win_deals.txt (make win); do not\n"
           " * edit. V[a-1][b-1]: the chance, times 65535, that the dealer of a deal\n"
           " * about to be dealt wins a two-player game when it needs a points and\n"
           " * the pone b. */\n#include \"winchance.h\"\n\n");
    static const struct {
        int which, target;
        const char *name;
    } T[] = {{0, 121, "classic121"}, {0, 61, "classic61"}, {1, 121, "battlefield121"}};
    for (unsigned k = 0; k < sizeof T / sizeof T[0]; k++) {
        solve(&ds[T[k].which], T[k].target);
        emit(T[k].name, T[k].target);
    }
    static const int variants[2] = {BFC_VARIANT_CLASSIC, BFC_VARIANT_BATTLEFIELD};
    printf("const bfc__deal_model bfc__deal_models[] = {\n");
    for (int w = 0; w < 2; w++) {
        printf("    {%d,\n     {", variants[w]);
        for (int i = 0; i < 64; i++) {
            printf("%s{", i ? ",\n      " : "");
            for (int j = 0; j < 64; j++)
                printf("%s%" PRIu64, j ? (j % 16 ? "," : ",\n       ") : "", c[w].play[i][j]);
            printf("}");
        }
        printf("},\n");
        uint64_t pone[32] = {0}, hand[32] = {0}, crib[32] = {0};
        for (int i = 0; i < MAXS; i++) {
            for (int j = 0; j < MAXS; j++)
                pone[i < 31 ? i : 31] += c[w].show[i][j];
            hand[i < 31 ? i : 31] += c[w].hand[i];
            crib[i < 31 ? i : 31] += c[w].crib[i];
        }
        const uint64_t *arr[3] = {pone, hand, crib};
        for (int a = 0; a < 3; a++) {
            printf("     {");
            for (int i = 0; i < 32; i++)
                printf("%s%" PRIu64, i ? (i % 16 ? "," : ",\n      ") : "", arr[a][i]);
            printf("}%s\n", a < 2 ? "," : "");
        }
        printf("    },\n");
    }
    printf("    {-1, {{0}}, {0}, {0}, {0}}};\n\n");
    printf("const bfc__win_table bfc__win_tables[] = {\n"
           "    {BFC_VARIANT_CLASSIC, 121, &classic121[0][0]},\n"
           "    {BFC_VARIANT_CLASSIC, 61, &classic61[0][0]},\n"
           "    {BFC_VARIANT_BATTLEFIELD, 121, &battlefield121[0][0]},\n"
           "    {0, 0, NULL}};\n");
    return 0;
}

/* --table-text FILE GAME TARGET: V for one table, as text, for the
 * reference check in tests/test_win.sh. */
static int table_text(const char *file, const char *game, int target)
{
    static counts c;
    static dist d;
    if (target < 1 || target > MAXT || load(file, game, &c) < 0)
        return 2;
    dist_of(&c, &d);
    solve(&d, target);
    for (int a = 1; a <= target; a++)
        for (int b = 1; b <= target; b++)
            printf("%d %d %.9f\n", a, b, V[a][b]);
    return 0;
}

/* --merge FILE...: the shards' counts added up, one section a game, with
 * the provenance of the measurement. */
static int merge(int n, char **files)
{
    static counts total[2], one;
    const char *games[2] = {"classic", "battlefield"};
    for (int w = 0; w < 2; w++)
        for (int i = 0; i < n; i++) {
            if (load(files[i], games[w], &one) < 0)
                continue;
            for (int x = 0; x < MAXP; x++)
                for (int y = 0; y < MAXP; y++)
                    total[w].play[x][y] += one.play[x][y];
            for (int x = 0; x < MAXS; x++) {
                for (int y = 0; y < MAXS; y++)
                    total[w].show[x][y] += one.show[x][y];
                total[w].hand[x] += one.hand[x];
                total[w].crib[x] += one.crib[x];
            }
            total[w].nplay += one.nplay;
            total[w].nshow += one.nshow;
        }
    printf("# How deals score when libbfc's search bot plays itself at the medium\n"
           "# level (tools/gen_win.c --measure; make win-measure). Counts of deals\n"
           "# (Battlefield: skirmishes) played to their end: play = (dealer's,\n"
           "# pone's) points of the play with heels, goes and knobs; show = (pone's,\n"
           "# dealer's) points of the shows; hand = the dealer's hand alone; crib.\n");
    for (int w = 0; w < 2; w++) {
        const counts *c = &total[w];
        if (!c->nplay)
            continue;
        printf("game %s deals %" PRIu64 "\n", games[w], c->nplay);
        for (int x = 0; x < MAXP; x++)
            for (int y = 0; y < MAXP; y++)
                if (c->play[x][y])
                    printf("play %d %d %" PRIu64 "\n", x, y, c->play[x][y]);
        for (int x = 0; x < MAXS; x++)
            for (int y = 0; y < MAXS; y++)
                if (c->show[x][y])
                    printf("show %d %d %" PRIu64 "\n", x, y, c->show[x][y]);
        for (int x = 0; x < MAXS; x++)
            if (c->hand[x])
                printf("hand %d %" PRIu64 "\n", x, c->hand[x]);
        for (int x = 0; x < MAXS; x++)
            if (c->crib[x])
                printf("crib %d %" PRIu64 "\n", x, c->crib[x]);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && !strcmp(argv[1], "--merge"))
        return merge(argc - 2, argv + 2);
    if (argc == 5 && !strcmp(argv[1], "--table-text"))
        return table_text(argv[2], argv[3], atoi(argv[4]));
    if (argc >= 4 && !strcmp(argv[1], "--measure")) {
        long k = 1, n = 1;
        if (argc > 4 && sscanf(argv[4], "%ld/%ld", &k, &n) != 2)
            return 2;
        return measure(argv[2], atol(argv[3]), k, n);
    }
    if (argc == 2)
        return tables(argv[1]);
    fprintf(stderr, "usage: gen_win --measure GAME GAMES [K/N] | gen_win FILE |\n"
                    "       gen_win --table-text FILE GAME TARGET | gen_win --merge FILE...\n");
    return 2;
}
