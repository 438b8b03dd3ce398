/* The worked examples of the seed rulebooks as data-driven tests: every row
 * of the seed 000 frontline and battlefield example tables (RULES §6 errata
 * applied), the three-player frontline narrative, the definition examples,
 * and every concrete scoring statement of seeds 001-003 (classic, Noddy,
 * five-card cribbage). The cases live in the tests/data files (one per line,
 * label first, `#` comments; each file documents its columns); this program
 * parses them and makes one check per expected column, the case's label in
 * every failure message. Run from the repo root, or point BFC_TEST_DATA at
 * the data directory. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bfc.h"
#include "harness.h"

/* ---------------------------------------------------------------------------
 * Reading the data files
 * ------------------------------------------------------------------------ */

#define ROW_MAX_FIELDS 12
#define ROW_LINE_MAX 1024

typedef struct row {
    const char *file;                /* the data file's name (for messages) */
    int line;                        /* its line number */
    const char *label;               /* the first field */
    char *field[ROW_MAX_FIELDS];     /* every field, trimmed; field[0] = label */
    int nfields;
    char buf[ROW_LINE_MAX];
} row;

typedef struct datafile {
    FILE *fp;
    const char *name;
    int line;
    int rows;
} datafile;

static const char *data_dir(void)
{
    const char *dir = getenv("BFC_TEST_DATA");
    return dir && *dir ? dir : "tests/data";
}

static int data_open(datafile *d, const char *name)
{
    char path[1024];
    memset(d, 0, sizeof *d);
    d->name = name;
    snprintf(path, sizeof path, "%s/%s", data_dir(), name);
    d->fp = fopen(path, "r");
    if (!d->fp) {
        char msg[1200];
        snprintf(msg, sizeof msg, "cannot open data file %s (run from the repo root or set "
                                  "BFC_TEST_DATA)", path);
        check_(0, msg, __FILE__, __LINE__);
        return 0;
    }
    return 1;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
        s[--n] = '\0';
    return s;
}

/* A failure about a case, its file, line and label in the message. */
static void row_fail(const row *r, const char *what)
{
    char msg[1400];
    snprintf(msg, sizeof msg, "[%s:%d %s] %s", r->file, r->line, r->label, what);
    check_(0, msg, __FILE__, __LINE__);
}

/* One check of an expected column: "[file:line label] what = got, want W". */
#define FIELD_EQ(r, what, got, want) \
    field_eq_((r), (what), (long long)(got), (long long)(want), __LINE__)
static int field_eq_(const row *r, const char *what, long long got, long long want, int line)
{
    char msg[1400];
    snprintf(msg, sizeof msg, "[%s:%d %s] %s", r->file, r->line, r->label, what);
    return int_eq_(got, want, msg, __FILE__, line);
}

/* The next case line of d, split on '|'. Returns 1 with *r filled, 0 at the
 * end of the file. Comments (from '#') and blank lines are skipped. */
static int data_next(datafile *d, row *r)
{
    if (!d->fp)
        return 0;
    while (fgets(r->buf, sizeof r->buf, d->fp)) {
        d->line++;
        r->file = d->name;
        r->line = d->line;
        r->label = "(line too long)";
        if (!strchr(r->buf, '\n') && !feof(d->fp)) {
            row_fail(r, "line longer than the test's buffer");
            int ch;
            while ((ch = fgetc(d->fp)) != EOF && ch != '\n')
                ;
            continue;
        }
        char *hash = strchr(r->buf, '#');
        if (hash)
            *hash = '\0';
        char *text = trim(r->buf);
        if (*text == '\0')
            continue;
        r->nfields = 0;
        for (char *p = text;;) {
            char *bar = strchr(p, '|');
            if (bar)
                *bar = '\0';
            if (r->nfields < ROW_MAX_FIELDS)
                r->field[r->nfields] = trim(p);
            r->nfields++;
            if (!bar)
                break;
            p = bar + 1;
        }
        r->label = r->field[0];
        d->rows++;
        return 1;
    }
    return 0;
}

/* Closes d and checks it held the expected number of cases (a truncated or
 * padded file fails). */
static void data_close(datafile *d, int want_rows)
{
    char msg[300];
    snprintf(msg, sizeof msg, "[%s] number of cases", d->name);
    int_eq_(d->rows, want_rows, msg, __FILE__, __LINE__);
    if (d->fp)
        fclose(d->fp);
    d->fp = NULL;
}

static int want_fields(const row *r, int n)
{
    if (r->nfields == n)
        return 1;
    char msg[100];
    snprintf(msg, sizeof msg, "has %d '|'-separated fields, want %d", r->nfields, n);
    row_fail(r, msg);
    return 0;
}

/* Parses a card list ("-" = none) with bfc_cards_parse; -1 on error. */
static int parse_cards(const row *r, const char *text, bfc_card *out, size_t cap)
{
    if (strcmp(text, "-") == 0)
        return 0;
    bfc_parse_error err = {0, 0, 0};
    int n = bfc_cards_parse(text, BFC_PARSE_JOKER, out, cap, &err);
    if (n < 0 || (size_t)n > cap) {
        char msg[600];
        if (n < 0)
            snprintf(msg, sizeof msg, "cards \"%s\": %s at byte %zu", text, bfc_strerror(n),
                     err.offset);
        else
            snprintf(msg, sizeof msg, "cards \"%s\": %d cards, at most %zu", text, n, cap);
        row_fail(r, msg);
        return -1;
    }
    return n;
}

/* Exactly one card, or "-" for BFC_CARD_NONE when none_ok. */
static int parse_card(const row *r, const char *text, int none_ok, bfc_card *out)
{
    bfc_card c[2];
    int n = parse_cards(r, text, c, 2);
    if (n == 0 && none_ok) {
        *out = BFC_CARD_NONE;
        return 1;
    }
    if (n != 1) {
        if (n >= 0)
            row_fail(r, "want exactly one card");
        return 0;
    }
    *out = c[0];
    return 1;
}

/* Exactly n whitespace-separated integers. */
static int parse_ints(const row *r, const char *text, int *out, int n)
{
    const char *p = text;
    for (int i = 0; i < n; i++) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < -1000 || v > 1000) {
            char msg[300];
            snprintf(msg, sizeof msg, "\"%s\": want %d numbers", text, n);
            row_fail(r, msg);
            return 0;
        }
        out[i] = (int)v;
        p = end;
    }
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p) {
        char msg[300];
        snprintf(msg, sizeof msg, "\"%s\": more than %d numbers", text, n);
        row_fail(r, msg);
        return 0;
    }
    return 1;
}

/* "-" or a comma list of crib, kill, noddy. */
static int parse_flags(const row *r, const char *text, unsigned *out)
{
    *out = 0;
    if (strcmp(text, "-") == 0)
        return 1;
    char tmp[100];
    snprintf(tmp, sizeof tmp, "%s", text);
    for (char *w = strtok(tmp, ", "); w; w = strtok(NULL, ", ")) {
        if (strcmp(w, "crib") == 0)
            *out |= BFC_CRIB;
        else if (strcmp(w, "kill") == 0)
            *out |= BFC_KILL_CARD;
        else if (strcmp(w, "noddy") == 0)
            *out |= BFC_NODDY;
        else {
            char msg[200];
            snprintf(msg, sizeof msg, "unknown flag \"%s\"", w);
            row_fail(r, msg);
            return 0;
        }
    }
    return 1;
}

/* ---------------------------------------------------------------------------
 * Frontline (RULES 2.3, 4.5, D8): seed000_frontline*.txt
 * ------------------------------------------------------------------------ */

/* The combination names of bfc.h, indexed by bfc_combo. */
static const char *const combo_names[] = {
    [BFC_COMBO_NONE] = "none",
    [BFC_COMBO_PAIR] = "pair",
    [BFC_COMBO_THREE_OF_A_KIND] = "three of a kind",
    [BFC_COMBO_FOUR_OF_A_KIND] = "four of a kind",
    [BFC_COMBO_RUN_3] = "run of 3",
    [BFC_COMBO_RUN_4] = "run of 4",
    [BFC_COMBO_RUN_5] = "run of 5",
    [BFC_COMBO_DOUBLE_RUN_3] = "double run of 3",
    [BFC_COMBO_DOUBLE_RUN_4] = "double run of 4",
    [BFC_COMBO_TRIPLE_RUN_3] = "triple run of 3",
    [BFC_COMBO_DOUBLE_DOUBLE_RUN] = "double-double run of 3",
};
#define NCOMBOS ((int)(sizeof combo_names / sizeof combo_names[0]))

static int parse_combo(const row *r, const char *text)
{
    for (int i = 0; i < NCOMBOS; i++)
        if (strcmp(text, combo_names[i]) == 0)
            return i;
    char msg[200];
    snprintf(msg, sizeof msg, "unknown combination \"%s\"", text);
    row_fail(r, msg);
    return -1;
}

static int same_frontline_score(const bfc_frontline_score *a, const bfc_frontline_score *b)
{
    return a->renewed == b->renewed && a->sum == b->sum && a->length == b->length &&
           a->fifteen_31 == b->fifteen_31 && a->combination == b->combination &&
           a->combo == b->combo && a->combo_cards == b->combo_cards &&
           a->last_card == b->last_card && a->placer_points == b->placer_points &&
           a->go_point == b->go_point && a->knobs_dealer == b->knobs_dealer;
}

/* label | before | placed | turn | sum 15/31 comb last knobs go placer | combo */
static void frontline_file(const char *name, int want_rows)
{
    datafile d;
    row r;
    if (!data_open(&d, name))
        return;
    while (data_next(&d, &r)) {
        bfc_card before[BFC_FRONTLINE_MAX], placed;
        int want[7], combo;
        if (!want_fields(&r, 6))
            continue;
        int n = parse_cards(&r, r.field[1], before, BFC_FRONTLINE_MAX);
        if (n < 0 || !parse_card(&r, r.field[2], 0, &placed) || !parse_ints(&r, r.field[4], want, 7))
            continue;
        unsigned flags;
        if (strcmp(r.field[3], "turn") == 0)
            flags = BFC_TURN_CARD;
        else if (strcmp(r.field[3], "-") == 0)
            flags = 0;
        else {
            row_fail(&r, "turn column is neither \"turn\" nor \"-\"");
            continue;
        }
        if ((combo = parse_combo(&r, r.field[5])) < 0)
            continue;

        bfc_frontline_score s;
        memset(&s, 0xAA, sizeof s);
        int rc = bfc_score_frontline(before, (size_t)n, placed, flags, &s);
        FIELD_EQ(&r, "bfc_score_frontline return (placer points)", rc, want[6]);
        if (rc < 0)
            continue;
        FIELD_EQ(&r, "sum", s.sum, want[0]);
        FIELD_EQ(&r, "fifteen_31", s.fifteen_31, want[1]);
        FIELD_EQ(&r, "combination", s.combination, want[2]);
        FIELD_EQ(&r, "last_card", s.last_card, want[3]);
        FIELD_EQ(&r, "knobs_dealer", s.knobs_dealer, want[4]);
        FIELD_EQ(&r, "go_point", s.go_point, want[5]);
        FIELD_EQ(&r, "placer_points", s.placer_points, want[6]);
        FIELD_EQ(&r, "combo (bfc_combo)", s.combo, combo);
        if (strcmp(bfc_combo_name(s.combo), r.field[5]) != 0) {
            char msg[300];
            snprintf(msg, sizeof msg, "bfc_combo_name(combo) = \"%s\", want \"%s\"",
                     bfc_combo_name(s.combo), r.field[5]);
            row_fail(&r, msg);
        } else {
            check_(1, "bfc_combo_name", __FILE__, __LINE__);
        }
        FIELD_EQ(&r, "renewed (go point given)", s.renewed, want[5] != 0);
        FIELD_EQ(&r, "length", s.length, s.renewed ? 1 : n + 1);

        /* The same placement through a kept bfc_frontline. */
        bfc_frontline f;
        bfc_frontline_score s2;
        bfc_frontline_init(&f);
        FIELD_EQ(&r, "bfc_frontline_set", bfc_frontline_set(&f, before, (size_t)n), BFC_OK);
        FIELD_EQ(&r, "bfc_frontline_place return", bfc_frontline_place(&f, placed, flags, &s2),
                 rc);
        FIELD_EQ(&r, "bfc_frontline_place agrees with bfc_score_frontline",
                 same_frontline_score(&s, &s2), 1);
        FIELD_EQ(&r, "bfc_frontline sum after the placement", f.sum, want[0]);
    }
    data_close(&d, want_rows);
}

static void test_seeds__frontline_table(void)
{
    frontline_file("seed000_frontline.txt", 11);
}

static void test_seeds__frontline_definitions(void)
{
    frontline_file("seed000_frontline_defs.txt", 18);
}

/* The three-player narrative: label | player | before | placed |
 * sum 15/31 comb placer | totals of players 1 2 3. */
static void test_seeds__frontline_narrative(void)
{
    datafile d;
    row r;
    bfc_card line[BFC_FRONTLINE_MAX];
    size_t nline = 0;
    int totals[3] = {0, 0, 0}, first = 1;
    bfc_frontline kept;
    bfc_frontline_init(&kept);
    if (!data_open(&d, "seed000_narrative.txt"))
        return;
    while (data_next(&d, &r)) {
        bfc_card before[BFC_FRONTLINE_MAX], placed;
        int want[4], want_tot[3], player;
        if (!want_fields(&r, 6) || !parse_ints(&r, r.field[1], &player, 1))
            continue;
        int n = parse_cards(&r, r.field[2], before, BFC_FRONTLINE_MAX);
        if (n < 0 || !parse_card(&r, r.field[3], 0, &placed) ||
            !parse_ints(&r, r.field[4], want, 4) || !parse_ints(&r, r.field[5], want_tot, 3))
            continue;
        if (player < 1 || player > 3) {
            row_fail(&r, "player is not 1, 2 or 3");
            continue;
        }
        if (first) {
            /* The frontline turned at the deal: never scored. */
            memcpy(line, before, (size_t)n * sizeof *line);
            nline = (size_t)n;
            FIELD_EQ(&r, "bfc_frontline_set (the dealt card)",
                     bfc_frontline_set(&kept, before, (size_t)n), BFC_OK);
            first = 0;
        }
        FIELD_EQ(&r, "frontline before = the previous one + its placed card",
                 (size_t)n == nline && memcmp(before, line, nline * sizeof *line) == 0, 1);

        bfc_frontline_score s, s2;
        int rc = bfc_score_frontline(before, (size_t)n, placed, 0, &s);
        FIELD_EQ(&r, "bfc_score_frontline return (placer points)", rc, want[3]);
        if (rc < 0)
            continue;
        FIELD_EQ(&r, "sum", s.sum, want[0]);
        FIELD_EQ(&r, "fifteen_31", s.fifteen_31, want[1]);
        FIELD_EQ(&r, "combination", s.combination, want[2]);
        FIELD_EQ(&r, "placer_points", s.placer_points, want[3]);
        FIELD_EQ(&r, "bfc_frontline_place on the kept frontline",
                 bfc_frontline_place(&kept, placed, 0, &s2), rc);
        FIELD_EQ(&r, "bfc_frontline_place agrees with bfc_score_frontline",
                 same_frontline_score(&s, &s2), 1);

        totals[player - 1] += rc;
        FIELD_EQ(&r, "player 1 total", totals[0], want_tot[0]);
        FIELD_EQ(&r, "player 2 total", totals[1], want_tot[1]);
        FIELD_EQ(&r, "player 3 total", totals[2], want_tot[2]);

        if (nline < BFC_FRONTLINE_MAX)
            line[nline++] = placed;
    }
    data_close(&d, 5);
}

/* ---------------------------------------------------------------------------
 * Show (RULES 2.1, 4.3, 4.7) and play (2.2, 3.6)
 * ------------------------------------------------------------------------ */

/* Expected show columns: 15s flush pairs runs nobs total [killed]. */
static void check_hand_score(const row *r, const char *fn, const bfc_hand_score *s,
                             const int *want, int killed)
{
    char what[120];
    static const char *const names[] = {"fifteens", "flush", "pairs", "runs", "nobs", "total"};
    const int got[] = {s->fifteens, s->flush, s->pairs, s->runs, s->nobs, s->total};
    for (int i = 0; i < 6; i++) {
        snprintf(what, sizeof what, "%s %s", fn, names[i]);
        FIELD_EQ(r, what, got[i], want[i]);
    }
    snprintf(what, sizeof what, "%s killed", fn);
    FIELD_EQ(r, what, s->killed, killed);
}

/* label | show | hand | starter | flags | 15s flush pairs runs nobs total killed */
static void show_case(const row *r)
{
    bfc_card hand[6], starter;
    unsigned flags;
    int want[7];
    if (!want_fields(r, 6))
        return;
    int n = parse_cards(r, r->field[2], hand, 6);
    if (n < 0 || !parse_card(r, r->field[3], 1, &starter) || !parse_flags(r, r->field[4], &flags) ||
        !parse_ints(r, r->field[5], want, 7))
        return;

    bfc_hand_score s;
    memset(&s, 0xAA, sizeof s);
    int rc = bfc_score_hand(hand, (size_t)n, starter, flags, &s);
    FIELD_EQ(r, "bfc_score_hand return", rc, want[5]);
    if (rc < 0)
        return;
    check_hand_score(r, "bfc_score_hand", &s, want, want[6]);

    /* The special-purpose entry points, where the case has their shape. */
    if (n == 4 && starter != BFC_CARD_NONE && !(flags & BFC_NODDY))
        FIELD_EQ(r, "bfc_score_show", bfc_score_show(hand, starter, flags), want[5]);
    if (n == 4 && starter != BFC_CARD_NONE && flags == (BFC_CRIB | BFC_KILL_CARD)) {
        bfc_hand_score rs;
        FIELD_EQ(r, "bfc_score_reserve return", bfc_score_reserve(hand, starter, &rs), want[5]);
        check_hand_score(r, "bfc_score_reserve", &rs, want, want[6]);
    }
    if (n == 5 && starter == BFC_CARD_NONE && flags == BFC_KILL_CARD) {
        bfc_hand_score cs;
        FIELD_EQ(r, "bfc_score_ceasefire return", bfc_score_ceasefire(hand, &cs), want[5]);
        check_hand_score(r, "bfc_score_ceasefire", &cs, want, want[6]);
    }
}

/* label | peg | seq | flags | count 15/31 pairs runs flush total */
static void peg_case(const row *r)
{
    bfc_card seq[16];
    unsigned flags;
    int want[6];
    if (!want_fields(r, 5))
        return;
    int n = parse_cards(r, r->field[2], seq, 16);
    if (n < 0 || !parse_flags(r, r->field[3], &flags) || !parse_ints(r, r->field[4], want, 6))
        return;
    if (n == 0) {
        row_fail(r, "an empty sequence");
        return;
    }
    bfc_peg_score p;
    memset(&p, 0xAA, sizeof p);
    int rc = bfc_score_peg_detail(seq, (size_t)n, flags, &p);
    FIELD_EQ(r, "bfc_score_peg_detail return", rc, want[5]);
    if (rc < 0)
        return;
    FIELD_EQ(r, "count", p.count, want[0]);
    FIELD_EQ(r, "fifteen_31", p.fifteen_31, want[1]);
    FIELD_EQ(r, "pairs", p.pairs, want[2]);
    FIELD_EQ(r, "runs", p.runs, want[3]);
    FIELD_EQ(r, "flush", p.flush, want[4]);
    FIELD_EQ(r, "total", p.total, want[5]);
    if (flags == 0)
        FIELD_EQ(r, "bfc_score_peg", bfc_score_peg(seq, (size_t)n), want[5]);
}

/* A file of show and peg lines. */
static void show_peg_file(const char *name, int want_rows)
{
    datafile d;
    row r;
    if (!data_open(&d, name))
        return;
    while (data_next(&d, &r)) {
        if (r.nfields >= 2 && strcmp(r.field[1], "show") == 0)
            show_case(&r);
        else if (r.nfields >= 2 && strcmp(r.field[1], "peg") == 0)
            peg_case(&r);
        else
            row_fail(&r, "second field is neither \"show\" nor \"peg\"");
    }
    data_close(&d, want_rows);
}

/* label | kept 4 | turn | 15s flush pairs runs knobs total: bfc_score_hand
 * with the kill card, then the joker as the fifth formation card. */
static void test_seeds__battlefield_table(void)
{
    datafile d;
    row r;
    if (!data_open(&d, "seed000_battlefield.txt"))
        return;
    while (data_next(&d, &r)) {
        bfc_card kept[4], turn;
        int want[6];
        if (!want_fields(&r, 4))
            continue;
        int n = parse_cards(&r, r.field[1], kept, 4);
        if (n < 0 || !parse_card(&r, r.field[2], 0, &turn) || !parse_ints(&r, r.field[3], want, 6))
            continue;
        if (n != 4) {
            row_fail(&r, "want 4 kept cards");
            continue;
        }

        bfc_hand_score s;
        memset(&s, 0xAA, sizeof s);
        int rc = bfc_score_hand(kept, 4, turn, BFC_KILL_CARD, &s);
        FIELD_EQ(&r, "bfc_score_hand return", rc, want[5]);
        if (rc >= 0)
            check_hand_score(&r, "bfc_score_hand", &s, want, 0);

        /* RULES §6, last bullet: the joker as the fifth formation card, in a
         * slot that varies with the row. */
        int jpos = (d.rows - 1) % 5;
        bfc_card formation[5];
        for (int i = 0, k = 0; i < 5; i++)
            formation[i] = i == jpos ? BFC_JOKER : kept[k++];
        bfc_battlefield b;
        memset(&b, 0xAA, sizeof b);
        rc = bfc_score_battlefield(formation, turn, 0, &b);
        FIELD_EQ(&r, "bfc_score_battlefield return (with the joker)", rc, want[5]);
        if (rc < 0)
            continue;
        FIELD_EQ(&r, "battlefield best", b.best, want[5]);
        FIELD_EQ(&r, "battlefield legal lay-aways", b.legal,
                 want[5] > 0 ? 1u << jpos : 0x1fu);
        check_hand_score(&r, "battlefield by_lay_away[joker]", &b.by_lay_away[jpos], want, 0);
        int killed_ok = 1;
        for (int i = 0; i < 5; i++)
            if (i != jpos)
                killed_ok &= b.by_lay_away[i].killed == 1 && b.by_lay_away[i].total == 0;
        FIELD_EQ(&r, "battlefield: keeping the joker kills the hand", killed_ok, 1);
        FIELD_EQ(&r, "battlefield legal with BFC_ANY_LAY_AWAY",
                 bfc_score_battlefield(formation, turn, BFC_ANY_LAY_AWAY, &b) >= 0 ? b.legal : 0,
                 0x1fu);
    }
    data_close(&d, 9);
}

static void test_seeds__battlefield_definitions(void)
{
    show_peg_file("seed000_battlefield_defs.txt", 15);
}

static void test_seeds__classic_001(void)
{
    show_peg_file("seed001.txt", 48);
}

static void test_seeds__classic_002(void)
{
    show_peg_file("seed002.txt", 22);
}

static void test_seeds__classic_003(void)
{
    show_peg_file("seed003.txt", 28);
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_seeds__frontline_table);
    RUN(test_seeds__frontline_definitions);
    RUN(test_seeds__frontline_narrative);
    RUN(test_seeds__battlefield_table);
    RUN(test_seeds__battlefield_definitions);
    RUN(test_seeds__classic_001);
    RUN(test_seeds__classic_002);
    RUN(test_seeds__classic_003);
    return harness_done();
}
