/* Writes the project's sample scoring cases, tests/cases/NAME.jsonl: hands,
 * cribs, battlefields, reserves, cease-fires, frontline placements and
 * pegging sequences with their exact expected scores, one JSON object a
 * line, for the tests of the bindings and the tools (and for anyone who
 * wants to check a scorer of their own: tests/cases/README.md).
 *
 *     build/gen_cases DIR      (make cases: DIR = tests/cases)
 *
 * The cases are chosen by a fixed seed, plus a few written out by hand for
 * the rules that random deals rarely reach. Every expected score is the
 * library's, and every one is checked here against the brute-force scorer
 * of tests/brute.c, written separately from the rules: a disagreement
 * stops the program with status 1 and writes nothing. Each item list must
 * also add up to its score's fields. tests/test_cases.sh runs this and
 * requires tests/cases to be exactly what it writes. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bfc.h"
#include "brute.h"

static int failures;

static void disagree(const char *id, const char *what)
{
    fprintf(stderr, "gen_cases: %s: the library and tests/brute.c disagree on %s\n", id, what);
    failures++;
}

/* ---- JSON out -------------------------------------------------------------- */

struct out {
    FILE *f;
    char *buf; /* the whole file, written only when every case agreed */
    size_t len;
};

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static void put(struct out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (vfprintf(o->f, fmt, ap) < 0) {
        fprintf(stderr, "gen_cases: out of memory\n");
        exit(1);
    }
    va_end(ap);
}

static void card(struct out *o, bfc_card c)
{
    char t[BFC_CARD_TEXT_MAX + 1];
    if (bfc_card_format(c, 0, t, sizeof t) < 0) {
        fprintf(stderr, "gen_cases: card %d does not format\n", c);
        exit(1);
    }
    put(o, "\"%s\"", t);
}

static void cards(struct out *o, const bfc_card *c, int n)
{
    put(o, "[");
    for (int i = 0; i < n; i++) {
        if (i)
            put(o, ", ");
        card(o, c[i]);
    }
    put(o, "]");
}

static void tags(struct out *o, const char *const *t, int n)
{
    put(o, "\"tags\": [");
    for (int i = 0; i < n; i++)
        put(o, "%s\"%s\"", i ? ", " : "", t[i]);
    put(o, "]");
}

static void items(struct out *o, const bfc_item *it, int n)
{
    put(o, "\"items\": [");
    for (int i = 0; i < n; i++) {
        put(o, "%s{\"kind\": \"%s\", \"points\": %d, \"cards\": ", i ? ", " : "",
            bfc_item_kind_name(it[i].kind), it[i].points);
        cards(o, it[i].cards, it[i].ncards);
        put(o, "}");
    }
    put(o, "]");
}

/* ---- Shows ------------------------------------------------------------------- */

/* The items of a show must add up to its fields, kind by kind. */
static int items_add_up(const bfc_item *it, int n, const bfc_hand_score *s)
{
    int sum[16] = {0};
    for (int i = 0; i < n; i++)
        sum[it[i].kind & 15] += it[i].points;
    return sum[BFC_ITEM_FIFTEEN] == s->fifteens && sum[BFC_ITEM_PAIR] == s->pairs &&
           sum[BFC_ITEM_RUN] == s->runs && sum[BFC_ITEM_FLUSH] == s->flush &&
           sum[BFC_ITEM_NOBS] == s->nobs;
}

/* One score object: the library's, checked against brute_show. */
static void score(struct out *o, const char *id, const bfc_card *hand, int n, bfc_card starter,
                  unsigned flags, bfc_hand_score *got)
{
    bfc_hand_score lib, ref;
    bfc_item it[BFC_MAX_ITEMS];
    int total = bfc_score_hand(hand, (size_t)n, starter, flags, &lib);
    int ni = bfc_score_hand_items(hand, (size_t)n, starter, flags, it, BFC_MAX_ITEMS);
    brute_show(hand, n, starter, flags, &ref);
    if (total < 0 || ni < 0 || ni > BFC_MAX_ITEMS) {
        fprintf(stderr, "gen_cases: %s: the library refused the case (%s)\n", id, bfc_strerror(total));
        exit(1);
    }
    if (memcmp(&lib, &ref, sizeof lib) != 0)
        disagree(id, "the show");
    if (!items_add_up(it, ni, &lib))
        disagree(id, "the items of the show");
    put(o, "{\"total\": %d, \"fifteens\": %d, \"pairs\": %d, \"runs\": %d, \"flush\": %d, "
           "\"nobs\": %d, \"killed\": %s, ",
        lib.total, lib.fifteens, lib.pairs, lib.runs, lib.flush, lib.nobs,
        lib.killed ? "true" : "false");
    items(o, it, ni);
    put(o, "}");
    if (got)
        *got = lib;
}

/* What a show holds, as tags. */
static int show_tags(const bfc_hand_score *s, const char **t, int n)
{
    if (s->killed)
        t[n++] = "killed";
    if (s->fifteens)
        t[n++] = "fifteens";
    if (s->pairs)
        t[n++] = "pairs";
    if (s->runs)
        t[n++] = "runs";
    if (s->flush)
        t[n++] = s->flush == 5 ? "flush 5" : "flush";
    if (s->nobs)
        t[n++] = "nobs";
    if (!s->total && !s->killed)
        t[n++] = "nothing";
    return n;
}

/* A deal that tends to hold what scores: ranks from a window of w ranks
 * (w = 13: any), suits from s suits; the joker with chance 1 in joker_in
 * (0: never). Distinct cards. */
static void deal(uint64_t *rng, bfc_card *c, int n, int w, int s, int joker_in)
{
    int lo = 1 + (int)test_rnd(rng, (unsigned)(14 - w));
    int suit0 = (int)test_rnd(rng, 4);
    for (int i = 0; i < n; i++) {
        bfc_card x;
        int again;
        do {
            if (joker_in && test_rnd(rng, (unsigned)joker_in) == 0) {
                x = BFC_JOKER;
            } else {
                /* one draw after the other: the order of a call's
                 * arguments is the compiler's, and the cases must not be */
                int rank = lo + (int)test_rnd(rng, (unsigned)w);
                int suit = (suit0 + (int)test_rnd(rng, (unsigned)s)) % 4;
                x = bfc_card_make(rank, suit);
            }
            again = 0;
            for (int j = 0; j < i; j++)
                again |= c[j] == x;
        } while (again);
        c[i] = x;
    }
}

static void parse(const char *text, bfc_card *c, int n)
{
    if (bfc_cards_parse(text, BFC_PARSE_JOKER, c, (size_t)n, NULL) != n) {
        fprintf(stderr, "gen_cases: bad hand-written case '%s'\n", text);
        exit(1);
    }
}

static void classic_show(struct out *o)
{
    /* by hand: the best hand, the rules' edges of the flush and nobs */
    static const struct {
        const char *cards;
        int crib;
        const char *why;
    } fixed[] = {
        {"5H 5C 5S JD 5D", 0, "the best hand: 29"},
        {"5H 5C 5S JD 5D", 1, "the best crib"},
        {"7C 7D 8H 8S 9C", 0, "a double-double run"},
        {"2H 4H 8H TH KH", 0, "a flush of five"},
        {"2H 4H 8H TH KS", 0, "a flush of four"},
        {"2H 4H 8H TH KS", 1, "a crib: no flush of four"},
        {"2H 4H 8H TH KH", 1, "a crib flush of five"},
        {"JH 2C 4D 8S 6H", 0, "nobs"},
        {"2C 4D 8S JH 6H", 0, "the starter is the jack: no nobs"},
        {"2C 4D 6S 8H TC", 0, "nineteen: nothing"},
        {"3C 3D 3H 4S 5C", 0, "a triple run"},
        {"AC 2D 3H 4S 5C", 0, "a run of five and a fifteen"},
    };
    uint64_t rng = 0x5A0517ECA5E5ull;
    int id = 0;
    for (size_t k = 0; k < sizeof fixed / sizeof fixed[0] + 138; k++) {
        bfc_card c[5];
        int crib;
        const char *t[12];
        int nt = 0;
        if (k < sizeof fixed / sizeof fixed[0]) {
            parse(fixed[k].cards, c, 5);
            crib = fixed[k].crib;
            t[nt++] = fixed[k].why;
        } else {
            int w = (int)k % 3 == 0 ? 13 : 5; /* runs, pairs and fifteens often */
            int s = (int)k % 7 == 0 ? 1 : 4;  /* flushes now and then */
            deal(&rng, c, 5, w, s, 0);
            crib = (int)k % 2;
        }
        char name[16];
        snprintf(name, sizeof name, "S%03d", ++id);
        put(o, "{\"id\": \"%s\", \"hand\": ", name);
        cards(o, c, 4);
        put(o, ", \"starter\": ");
        card(o, c[4]);
        put(o, ", \"crib\": %s, \"expected\": ", crib ? "true" : "false");
        bfc_hand_score s;
        score(o, name, c, 4, c[4], crib ? BFC_CRIB : 0, &s);
        if (crib)
            t[nt++] = "crib";
        nt = show_tags(&s, t, nt);
        put(o, ", ");
        tags(o, t, nt);
        put(o, "}\n");
    }
}

/* ---- Battlefield: formations, reserves, cease-fires ------------------------- */

static void battlefield(struct out *o)
{
    static const char *const fixed[] = {
        "4H 6C 5H 5S JK 4S",  /* the joker laid away: best 24 */
        "7D 8C 8S 9D JK 7H",  /* RULES 6: 7 8 8 9 with 7 is 24 */
        "JS JH 5H 5S 2C JD",  /* RULES 6: 20, the turn jack's knobs are the dealer's */
        "5H 5C 5S JD 5D JK",  /* the joker turn card kills every hand */
        "JK 2C 3C 4C 5C 6C",  /* four clubs kept with a club turn card */
        "JC 2D 4S 8H KD 3C",  /* knobs kept or laid away */
    };
    uint64_t rng = 0xBA771EF1E1Dull;
    int id = 0;
    for (int k = 0; k < 230; k++) {
        bfc_card c[6];
        const char *t[12];
        int nt = 0;
        char name[16];
        snprintf(name, sizeof name, "B%03d", ++id);
        int kind = k < 150 ? 0 : k < 195 ? 1 : 2; /* battlefield, reserve, cease-fire */
        if (kind == 0 && k < (int)(sizeof fixed / sizeof fixed[0])) {
            parse(fixed[k], c, 6);
            t[nt++] = "by hand";
        } else {
            deal(&rng, c, 6, k % 3 == 0 ? 13 : 6, k % 5 == 0 ? 1 : 4, k % 4 == 0 ? 5 : 0);
        }
        if (kind == 0) {
            bfc_battlefield lib, ref;
            int best = bfc_score_battlefield(c, c[5], 0, &lib);
            brute_battlefield(c, c[5], 0, &ref);
            if (best < 0) {
                fprintf(stderr, "gen_cases: %s: refused (%s)\n", name, bfc_strerror(best));
                exit(1);
            }
            if (lib.best != ref.best || lib.legal != ref.legal)
                disagree(name, "the best lay-away");
            put(o, "{\"id\": \"%s\", \"kind\": \"battlefield\", \"formation\": ", name);
            cards(o, c, 5);
            put(o, ", \"turn\": ");
            card(o, c[5]);
            put(o, ", \"expected\": {\"best\": %d, \"legal_lay_away\": [", lib.best);
            int first = 1, nlegal = 0;
            for (int i = 0; i < 5; i++)
                if (lib.legal >> i & 1) {
                    put(o, "%s%d", first ? "" : ", ", i);
                    first = 0;
                    nlegal++;
                }
            put(o, "], \"by_lay_away\": [");
            for (int i = 0; i < 5; i++) {
                bfc_card keep[4];
                int m = 0;
                for (int j = 0; j < 5; j++)
                    if (j != i)
                        keep[m++] = c[j];
                bfc_hand_score s;
                if (i)
                    put(o, ", ");
                score(o, name, keep, 4, c[5], BFC_KILL_CARD, &s);
                if (memcmp(&s, &lib.by_lay_away[i], sizeof s) != 0)
                    disagree(name, "a lay-away's score");
            }
            put(o, "]}, ");
            for (int i = 0; i < 6; i++)
                if (c[i] == BFC_JOKER)
                    t[nt++] = i == 5 ? "joker turn card" : "joker in the formation";
            if (nlegal > 1)
                t[nt++] = "lay-aways tie";
            t[nt++] = lib.best ? "scores" : "nothing";
        } else if (kind == 1) {
            put(o, "{\"id\": \"%s\", \"kind\": \"reserve\", \"reserve\": ", name);
            cards(o, c, 4);
            put(o, ", \"turn\": ");
            card(o, c[4]);
            put(o, ", \"expected\": ");
            bfc_hand_score s;
            score(o, name, c, 4, c[4], BFC_CRIB | BFC_KILL_CARD, &s);
            bfc_hand_score r;
            if (bfc_score_reserve(c, c[4], &r) < 0 || memcmp(&r, &s, sizeof r) != 0)
                disagree(name, "bfc_score_reserve");
            put(o, ", ");
            nt = show_tags(&s, t, nt);
        } else {
            put(o, "{\"id\": \"%s\", \"kind\": \"ceasefire\", \"formation\": ", name);
            cards(o, c, 5);
            put(o, ", \"expected\": ");
            bfc_hand_score s;
            score(o, name, c, 5, BFC_CARD_NONE, BFC_KILL_CARD, &s);
            bfc_hand_score r;
            if (bfc_score_ceasefire(c, &r) < 0 || memcmp(&r, &s, sizeof r) != 0)
                disagree(name, "bfc_score_ceasefire");
            put(o, ", ");
            nt = show_tags(&s, t, nt);
        }
        tags(o, t, nt);
        put(o, "}\n");
    }
}

/* ---- The frontline ------------------------------------------------------------ */

static int value(bfc_card c) { return c == BFC_JOKER ? 0 : bfc_card_value(c); }

/* The library's placement against brute_frontline's, which names no
 * combination: the library's must be worth its points and its cards
 * (RULES 2.3's table). */
static int same_placement(const bfc_frontline_score *lib, const bfc_frontline_score *ref)
{
    /* points and cards of each bfc_combo, in its order */
    static const int points[] = {0, 2, 6, 12, 3, 4, 5, 8, 10, 15, 16};
    static const int ncards[] = {0, 2, 3, 4, 3, 4, 5, 4, 5, 5, 5};
    if (lib->combo > BFC_COMBO_DOUBLE_DOUBLE_RUN || points[lib->combo] != lib->combination ||
        ncards[lib->combo] != lib->combo_cards)
        return 0;
    return lib->renewed == ref->renewed && lib->sum == ref->sum && lib->length == ref->length &&
           lib->fifteen_31 == ref->fifteen_31 && lib->combination == ref->combination &&
           lib->combo_cards == ref->combo_cards && lib->last_card == ref->last_card &&
           lib->placer_points == ref->placer_points && lib->go_point == ref->go_point &&
           lib->knobs_dealer == ref->knobs_dealer;
}

static void frontline(struct out *o)
{
    static const struct {
        const char *cards; /* the frontline, then the card placed */
        int turn;
        const char *why;
    } fixed[] = {
        {"JH KS AC QH JK", 0, "the joker on 31 scores it again"},
        {"JK 3C 4D 5H", 0, "a run after the joker"},
        {"3C JK 4D 5H", 0, "the joker breaks the run"},
        {"5C 9D 5H", 0, "D2: no pair apart"},
        {"2H 2C 2D 2S", 0, "D1: four of a kind"},
        {"QH KD JC", 1, "a turn jack: knobs to the dealer"},
        {"TH 2S 9H JC", 1, "31 with the turn card: no last card"},
        {"KC QD 9S 3H", 1, "D8: renewed, no last card"},
        {"6S 7D 5S 5H 6H", 0, "a double-double run of 3"},
        {"8C", 0, "the first card: nothing"},
    };
    uint64_t rng = 0xF120171E5ull;
    int id = 0;
    for (int k = 0; k < 300; k++) {
        bfc_card c[8];
        int n, turn;
        const char *t[12];
        int nt = 0;
        if (k < (int)(sizeof fixed / sizeof fixed[0])) {
            n = bfc_cards_parse(fixed[k].cards, BFC_PARSE_JOKER, c, 8, NULL) - 1;
            turn = fixed[k].turn;
            t[nt++] = fixed[k].why;
        } else {
            /* a frontline of 0 to 6 cards under 31, then any other card */
            int len = (int)test_rnd(&rng, 7);
            for (;;) {
                deal(&rng, c, len + 1, k % 2 ? 5 : 13, 4, k % 6 == 0 ? 8 : 0);
                int sum = 0;
                for (int i = 0; i < len; i++)
                    sum += value(c[i]);
                if (sum <= 31)
                    break;
            }
            n = len;
            turn = k % 3 == 0;
        }
        char name[16];
        snprintf(name, sizeof name, "F%03d", ++id);
        unsigned flags = turn ? BFC_TURN_CARD : 0;
        bfc_frontline_score lib, ref;
        bfc_item it[BFC_MAX_ITEMS];
        int p = bfc_score_frontline(c, (size_t)n, c[n], flags, &lib);
        int ni = bfc_score_frontline_items(c, (size_t)n, c[n], flags, it, BFC_MAX_ITEMS);
        brute_frontline(c, n, c[n], turn, &ref);
        if (p < 0 || ni < 0 || ni > BFC_MAX_ITEMS) {
            fprintf(stderr, "gen_cases: %s: refused (%s)\n", name, bfc_strerror(p));
            exit(1);
        }
        if (!same_placement(&lib, &ref))
            disagree(name, "the placement");
        int sum = 0;
        for (int i = 0; i < ni; i++)
            sum += it[i].points;
        if (sum != lib.placer_points + lib.go_point + lib.knobs_dealer)
            disagree(name, "the items of the placement");
        put(o, "{\"id\": \"%s\", \"frontline_before\": ", name);
        cards(o, c, n);
        put(o, ", \"card\": ");
        card(o, c[n]);
        put(o, ", \"is_turn_card\": %s, \"expected\": {\"renewed\": %s, \"sum\": %d, "
               "\"fifteen_31\": %d, \"combination\": ",
            turn ? "true" : "false", lib.renewed ? "true" : "false", lib.sum, lib.fifteen_31);
        if (lib.combo == BFC_COMBO_NONE) {
            put(o, "null");
        } else {
            put(o, "{\"k\": %d, \"name\": \"%s\", \"points\": %d, \"cards\": ", lib.combo_cards,
                bfc_combo_name(lib.combo), lib.combination);
            /* the last k cards of the frontline, the placed one last */
            cards(o, c + n + 1 - lib.combo_cards, lib.combo_cards);
            put(o, "}");
        }
        put(o, ", \"last_card\": %d, \"placer_points\": %d, \"go_point\": %d, "
               "\"knobs_dealer\": %d, ",
            lib.last_card, lib.placer_points, lib.go_point, lib.knobs_dealer);
        items(o, it, ni);
        put(o, "}, ");
        if (lib.renewed)
            t[nt++] = "renewed";
        if (lib.fifteen_31)
            t[nt++] = lib.sum == 15 ? "fifteen" : "thirty-one";
        if (lib.combo)
            t[nt++] = bfc_combo_name(lib.combo);
        if (turn)
            t[nt++] = "turn card";
        if (lib.knobs_dealer)
            t[nt++] = "knobs";
        for (int i = 0; i <= n; i++)
            if (c[i] == BFC_JOKER) {
                t[nt++] = "joker";
                break;
            }
        tags(o, t, nt);
        put(o, "}\n");
    }
}

/* ---- Pegging ------------------------------------------------------------------- */

static void classic_peg(struct out *o)
{
    static const struct {
        const char *cards;
        const char *why;
    } fixed[] = {
        {"7H 8C", "fifteen"},
        {"TS QC KD", "a run, no score on 30"},
        {"5C 5D 5H", "three of a kind"},
        {"6C 6D 6H 6S", "four of a kind"},
        {"3C 5D 4H", "a run out of order"},
        {"3C 4D 3H 5S", "a run broken by a pair"},
        {"8H 9H TS 4H", "thirty-one"},
        {"AC 2D 3H 4S 5C", "a run of five and fifteen"},
        {"5H TD", "fifteen, no pair"},
        {"5H TD 5C", "a pair apart scores nothing"},
    };
    uint64_t rng = 0x9E66106ull;
    int id = 0;
    for (int k = 0; k < 80; k++) {
        bfc_card c[13];
        int n;
        const char *t[8];
        int nt = 0;
        if (k < (int)(sizeof fixed / sizeof fixed[0])) {
            n = bfc_cards_parse(fixed[k].cards, 0, c, 13, NULL);
            t[nt++] = fixed[k].why;
        } else {
            int len = 1 + (int)test_rnd(&rng, 7);
            for (;;) {
                deal(&rng, c, len, k % 4 == 0 ? 13 : 4, 4, 0);
                int sum = 0;
                for (int i = 0; i < len; i++)
                    sum += value(c[i]);
                if (sum <= 31)
                    break;
                len = 1 + (int)test_rnd(&rng, 7);
            }
            n = len;
        }
        char name[16];
        snprintf(name, sizeof name, "P%03d", ++id);
        bfc_peg_score lib, ref;
        bfc_item it[BFC_MAX_ITEMS];
        int p = bfc_score_peg_detail(c, (size_t)n, 0, &lib);
        int ni = bfc_score_peg_items(c, (size_t)n, 0, it, BFC_MAX_ITEMS);
        brute_peg(c, n, 0, &ref);
        if (p < 0 || ni < 0 || ni > BFC_MAX_ITEMS) {
            fprintf(stderr, "gen_cases: %s: refused (%s)\n", name, bfc_strerror(p));
            exit(1);
        }
        if (memcmp(&lib, &ref, sizeof lib) != 0)
            disagree(name, "the play");
        int sum = 0;
        for (int i = 0; i < ni; i++)
            sum += it[i].points;
        if (sum != lib.total)
            disagree(name, "the items of the play");
        put(o, "{\"id\": \"%s\", \"sequence\": ", name);
        cards(o, c, n);
        put(o, ", \"expected\": {\"count\": %d, \"fifteen_31\": %d, \"pairs\": %d, \"runs\": %d, "
               "\"total\": %d, ",
            lib.count, lib.fifteen_31, lib.pairs, lib.runs, lib.total);
        items(o, it, ni);
        put(o, "}, ");
        if (lib.fifteen_31)
            t[nt++] = lib.count == 15 ? "fifteen" : "thirty-one";
        if (lib.pairs)
            t[nt++] = lib.pairs == 2 ? "pair" : lib.pairs == 6 ? "three of a kind" : "four of a kind";
        if (lib.runs)
            t[nt++] = "run";
        if (!lib.total)
            t[nt++] = "nothing";
        tags(o, t, nt);
        put(o, "}\n");
    }
}

/* ---- main ------------------------------------------------------------------------ */

int main(int argc, char **argv)
{
    static const struct {
        const char *file;
        void (*write)(struct out *);
    } files[] = {
        {"battlefield.jsonl", battlefield},
        {"classic_peg.jsonl", classic_peg},
        {"classic_show.jsonl", classic_show},
        {"frontline.jsonl", frontline},
    };
    enum { NFILES = sizeof files / sizeof files[0] };
    struct out o[NFILES];
    if (argc != 2) {
        fprintf(stderr, "usage: gen_cases DIR   (writes DIR/*.jsonl)\n");
        return 2;
    }
    for (int i = 0; i < NFILES; i++) {
        o[i].buf = NULL;
        o[i].f = open_memstream(&o[i].buf, &o[i].len);
        if (!o[i].f) {
            perror("gen_cases");
            return 1;
        }
        files[i].write(&o[i]);
        fclose(o[i].f);
    }
    if (failures) {
        fprintf(stderr, "gen_cases: %d disagreements; nothing written\n", failures);
        return 1;
    }
    for (int i = 0; i < NFILES; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", argv[1], files[i].file);
        FILE *f = fopen(path, "w");
        if (!f || fwrite(o[i].buf, 1, o[i].len, f) != o[i].len || fclose(f) != 0) {
            perror(path);
            return 1;
        }
        free(o[i].buf);
    }
    return 0;
}
