/* Saving and loading a game as text (the format is in bfc.h). A loaded
 * state must keep every invariant of check.c. */
#include <stdlib.h>
#include <string.h>

#include "variants.h"

/* ---- Writing -------------------------------------------------------------- */

/* " N": every number of a save follows a space */
static void putn(bfc__text *w, long long v)
{
    bfc__put(w, " ");
    bfc__putnum(w, v);
}

/* a small number or '-' for "none" */
static void putopt(bfc__text *w, unsigned v)
{
    if (v == BFC__NONE8)
        bfc__put(w, " -");
    else
        putn(w, v);
}

static void putcard(bfc__text *w, bfc_card c, int faceup)
{
    char t[BFC_CARD_TEXT_MAX];
    bfc__put(w, faceup ? " +" : " ");
    if (c == BFC_CARD_NONE || bfc_card_format(c, 0, t, sizeof t) < 0)
        bfc__put(w, "-");
    else
        bfc__put(w, t);
}

static void putset(bfc__text *w, uint64_t m)
{
    for (; m; m &= m - 1)
        putcard(w, (bfc_card)bfc__lowest(m), 0);
}

static void put_end(bfc__text *w, const bfc_game *g)
{
    bfc__put(w, "\nscore");
    for (unsigned s = 0; s < g->sides; s++)
        putn(w, g->score[s]);
    bfc__put(w, "\nover");
    putn(w, g->over);
    putopt(w, g->winner);
    putopt(w, g->winning_seat);
    bfc__put(w, "\ncut");
    for (unsigned s = 0; s < g->players; s++)
        putcard(w, g->cut[s], 0);
    if (g->rules.match) {
        bfc__put(w, "\nmatch");
        for (unsigned s = 0; s < g->sides; s++)
            putn(w, g->match[s]);
    }
    if (g->rules.flags & BFC_RULE_PARTNERS_BY_CUT) {
        bfc__put(w, "\nseating");
        for (unsigned p = 0; p < g->players; p++)
            putn(w, g->seat_of[p]);
    }
}

/* The classic games' lines (format in bfc.h). */
static void save_classic(bfc__text *w, const bfc_game *g)
{
    bfc__put(w, "\ndeal");
    putn(w, g->phase);
    putopt(w, g->to_move);
    putn(w, g->dealer);
    putn(w, g->skirmish);
    putn(w, g->moves);
    putn(w, g->count);
    putopt(w, g->last);
    putn(w, g->discarded);
    putn(w, g->said_go);
    putn(w, g->step);
    putn(w, (long long)g->shown);
    putopt(w, g->declarer);
    putopt(w, g->declared);
    putopt(w, g->truth);
    putopt(w, g->counting);
    putn(w, g->sol_laid);
    putopt(w, g->resume);
    putn(w, g->play_owed);
    put_end(w, g);
    static const char *const names[3] = {"\nhand", "\nplayed", "\nthrown"};
    for (unsigned k = 0; k < 3; k++)
        for (unsigned s = 0; s < g->players; s++) {
            bfc__put(w, names[k]);
            putn(w, s);
            putset(w, k == 0 ? g->hand[s] : k == 1 ? g->played[s] : g->thrown[s]);
        }
    bfc__put(w, "\ncrib");
    for (unsigned i = 0; i < g->nccrib && i < 4; i++)
        putcard(w, g->ccrib[i], 0);
    bfc__put(w, "\nseq");
    for (unsigned i = 0; i < g->nseq && i < 16; i++)
        putcard(w, g->seq[i], 0);
    bfc__put(w, "\nstarter");
    putcard(w, g->starter, 0);
    bfc__put(w, "\ndeck");
    for (unsigned i = g->deck_pos; i < 52; i++)
        putcard(w, g->deck[i], 0);
    bfc__put(w, "\ngone");
    putset(w, g->gone);
    bfc__put(w, "\nfirst");
    putcard(w, g->first_laid, 0);
    bfc__put(w, "\ngoes");
    for (unsigned s = 0; s < g->players; s++)
        putn(w, g->go_room[s]);
    if (bfc__board_on(g)) {
        bfc__put(w, "\nbox");
        putn(w, g->folded);
        putopt(w, g->boxed);
        putn(w, g->box_left);
    }
    bfc__put(w, "\n");
}

int bfc_game_save(const bfc_game *g, char *buf, size_t cap)
{
    if (!g || (!buf && cap > 0))
        return BFC_EINVAL;
    bfc__text w = {buf, cap, 0};
    static const char hex[] = "0123456789abcdef";
    const bfc_rules *r = &g->rules;
    bfc__put(&w, "bfc-game");
    putn(&w, BFC_SAVE_VERSION);
    bfc__put(&w, "\nrules");
    putn(&w, r->variant);
    putn(&w, r->players);
    putn(&w, r->teams);
    putn(&w, r->target);
    putn(&w, r->turn_limit);
    putn(&w, r->first_dealer);
    putn(&w, r->value);
    putn(&w, r->flags);
    putn(&w, r->next_dealer);
    putn(&w, r->match);
    putn(&w, r->match_points);
    if (r->board.n) {
        bfc__put(&w, "\nboard");
        for (unsigned i = 0; i < r->board.n && i < BFC_BOARD_MAX; i++) {
            const bfc_hole *h = &r->board.hole[i];
            putn(&w, h->at);
            bfc__put(&w, ":");
            bfc__putnum(&w, h->kind);
            bfc__put(&w, ":");
            bfc__putnum(&w, h->to);
        }
    }
    bfc__put(&w, "\nrng");
    for (int i = 0; i < 4; i++) {
        char h[18];
        h[0] = ' ';
        for (int j = 0; j < 16; j++)
            h[1 + j] = hex[g->rng[i] >> (60 - 4 * j) & 15u];
        h[17] = 0;
        bfc__put(&w, h);
    }
    if (bfc__classic(g)) {
        save_classic(&w, g);
        return bfc__text_end(&w);
    }
    bfc__put(&w, "\nstate");
    putn(&w, g->phase);
    putopt(&w, g->to_move);
    putn(&w, g->dealer);
    putn(&w, g->revealed);
    putopt(&w, g->ender);
    putn(&w, g->owed);
    putn(&w, g->turns);
    putn(&w, g->skirmish);
    putn(&w, g->moves);
    put_end(&w, g);
    for (unsigned s = 0; s < g->players; s++) {
        bfc__put(&w, "\nformation");
        putn(&w, s);
        for (unsigned i = 0; i < 5; i++)
            putcard(&w, g->form[s][i], g->faceup[s] >> i & 1u);
    }
    bfc__put(&w, "\ncrib");
    for (unsigned i = 0; i < g->ncrib; i++)
        putcard(&w, g->crib[i], 0);
    bfc__put(&w, "\npile");
    for (unsigned i = g->pile_pos; i < 53; i++) {
        if (i == g->pile_shuffled)
            bfc__put(&w, " |"); /* the rest is not shuffled yet */
        putcard(&w, g->pile[i], 0);
    }
    bfc__put(&w, "\nfrontline");
    for (unsigned i = 0; i < g->front.n && i < BFC_FRONTLINE_MAX; i++)
        putcard(&w, g->front.cards[i], 0);
    bfc__put(&w, "\ngone");
    for (unsigned c = 0; c < 53; c++)
        if (g->gone >> c & 1u)
            putcard(&w, (bfc_card)c, 0);
    bfc__put(&w, "\nheld");
    putcard(&w, g->held, 0);
    bfc__put(&w, "\nturncard");
    putcard(&w, g->turn_card, 0);
    bfc__put(&w, "\nlaid");
    for (unsigned s = 0; s < g->players; s++)
        putopt(&w, g->laid[s]);
    bfc__put(&w, "\n");
    return bfc__text_end(&w);
}

/* ---- Reading -------------------------------------------------------------- */

#define MAX_TOKENS 64
#define TOKEN_MAX 24

/* One line split at single spaces: its key and the words after it. */
typedef struct line {
    char tok[MAX_TOKENS][TOKEN_MAX];
    unsigned n;
} line;

/* A line that cannot be read: *p goes past it, so that the line at fault
 * is the one before *p (bfc_game_load_report). */
static int bad_line(const char **p)
{
    const char *e = strchr(*p, '\n');
    *p = e ? e + 1 : *p + strlen(*p);
    return BFC_EPARSE;
}

/* Reads the next line of *p into l (at most MAX_TOKENS words of fewer than
 * TOKEN_MAX bytes, separated by one space, ending in '\n', "\r\n" -- a save
 * that went through a Windows text file -- or the end of the text).
 * Returns 0 or BFC_EPARSE: then *p is past the line at fault, or NULL when
 * the text ended before it. */
static int next_line(const char **p, line *l)
{
    const char *s = *p;
    l->n = 0;
    if (*s == 0) {
        *p = NULL;
        return BFC_EPARSE;
    }
    for (;;) {
        size_t k = 0;
        if (l->n >= MAX_TOKENS)
            return bad_line(p);
        while (*s && *s != ' ' && *s != '\n' && !(s[0] == '\r' && s[1] == '\n')) {
            if (k + 1 >= TOKEN_MAX || (unsigned char)*s < 0x21 || (unsigned char)*s > 0x7E)
                return bad_line(p);
            l->tok[l->n][k++] = *s++;
        }
        if (k == 0)
            return bad_line(p);
        l->tok[l->n++][k] = 0;
        if (*s == ' ') {
            s++;
            continue;
        }
        s += *s == '\r' ? 2 : *s == '\n';
        *p = s;
        return 0;
    }
}

/* A decimal number in [lo, hi], or '-' for BFC__NONE8 when none_ok. */
static int num(const char *t, long long lo, long long hi, int none_ok, long long *v)
{
    if (none_ok && strcmp(t, "-") == 0) {
        *v = BFC__NONE8;
        return 0;
    }
    const char *s = t;
    int neg = 0;
    if (*s == '-') {
        neg = 1;
        s++;
    }
    if (*s == 0)
        return BFC_EPARSE;
    long long x = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || x > 1000000000000LL)
            return BFC_EPARSE;
        x = x * 10 + (*s - '0');
    }
    if (neg)
        x = -x;
    if (x < lo || x > hi)
        return BFC_EPARSE;
    *v = x;
    return 0;
}

/* A card as saved: optionally '+' (face up, when plus is given), '-' for
 * none when none_ok. */
static int card(const char *t, int none_ok, bfc_card *c, unsigned *plus)
{
    if (plus) {
        *plus = t[0] == '+';
        t += *plus;
    } else if (t[0] == '+') {
        return BFC_EPARSE;
    }
    if (strcmp(t, "-") == 0) {
        if (!none_ok)
            return BFC_EPARSE;
        *c = BFC_CARD_NONE;
        return 0;
    }
    return bfc_card_parse(t, c) == BFC_OK ? 0 : BFC_EPARSE;
}

static int key(const line *l, const char *k, unsigned lo, unsigned hi)
{
    return strcmp(l->tok[0], k) == 0 && l->n >= 1 + lo && l->n <= 1 + hi ? 0 : BFC_EPARSE;
}

#define TRY(x)                                                                            \
    do {                                                                                  \
        int rc_ = (x);                                                                    \
        if (rc_ < 0)                                                                      \
            return rc_;                                                                   \
    } while (0)

/* A special hole as saved: <at>:<kind>:<to>. */
static int hole_word(const char *t, bfc_hole *h)
{
    char part[3][TOKEN_MAX];
    unsigned k = 0, j = 0;
    for (; *t; t++) {
        if (*t != ':') {
            part[k][j++] = *t; /* a word is shorter than TOKEN_MAX */
            continue;
        }
        if (k == 2)
            return BFC_EPARSE;
        part[k++][j] = 0;
        j = 0;
    }
    part[k][j] = 0;
    if (k != 2)
        return BFC_EPARSE;
    long long v[3];
    for (unsigned i = 0; i < 3; i++)
        TRY(num(part[i], 0, 255, 0, &v[i]));
    h->at = (uint8_t)v[0];
    h->kind = (uint8_t)v[1];
    h->to = (uint8_t)v[2];
    return 0;
}

/* The score, over and cut lines, shared by every game. */
static int parse_end(const char **p, bfc_game *g)
{
    line l;
    long long v;
    const unsigned n = g->players;
    TRY(next_line(p, &l));
    TRY(key(&l, "score", g->sides, g->sides));
    for (unsigned s = 0; s < g->sides; s++) {
        TRY(num(l.tok[1 + s], 0, 30000, 0, &v));
        g->score[s] = (int16_t)v;
    }

    TRY(next_line(p, &l));
    TRY(key(&l, "over", 3, 3));
    TRY(num(l.tok[1], 0, 1, 0, &v));
    g->over = (uint8_t)v;
    TRY(num(l.tok[2], 0, g->sides - 1, 1, &v));
    g->winner = (uint8_t)v;
    TRY(num(l.tok[3], 0, n - 1, 1, &v));
    g->winning_seat = (uint8_t)v;

    TRY(next_line(p, &l));
    TRY(key(&l, "cut", n, n));
    memset(g->cut, BFC_CARD_NONE, sizeof g->cut);
    for (unsigned s = 0; s < n; s++)
        TRY(card(l.tok[1 + s], 1, &g->cut[s], NULL));

    if (g->rules.match) { /* format 2 only: format 1 had no match play */
        TRY(next_line(p, &l));
        TRY(key(&l, "match", g->sides, g->sides));
        for (unsigned s = 0; s < g->sides; s++) {
            TRY(num(l.tok[1 + s], 0, 30000, 0, &v));
            g->match[s] = (int16_t)v;
        }
    }
    if (g->rules.flags & BFC_RULE_PARTNERS_BY_CUT) {
        TRY(next_line(p, &l));
        TRY(key(&l, "seating", n, n));
        for (unsigned q = 0; q < n; q++) {
            TRY(num(l.tok[1 + q], 0, n - 1, 0, &v));
            g->seat_of[q] = (uint8_t)v;
        }
    }
    return 0;
}

/* A line "<key> <cards...>" of at most max cards into out (a set in *set
   when set is not NULL); returns the number of cards. */
static int card_line(const char **p, const char *k, int seat, unsigned max, bfc_card *out,
                     uint64_t *set)
{
    line l;
    long long v;
    TRY(next_line(p, &l));
    const unsigned first = seat >= 0 ? 2u : 1u;
    TRY(key(&l, k, first - 1, first - 1 + max));
    if (seat >= 0)
        TRY(num(l.tok[1], seat, seat, 0, &v));
    for (unsigned i = first; i < l.n; i++) {
        bfc_card c;
        TRY(card(l.tok[i], 0, &c, NULL));
        if (c >= BFC_NCARDS)
            return BFC_ESTATE;
        if (set) {
            if (*set >> c & 1u)
                return BFC_ESTATE;
            *set |= UINT64_C(1) << c;
        }
        if (out)
            out[i - first] = c;
    }
    return (int)(l.n - first);
}

static int parse_classic(const char **pp, bfc_game *g, int version, int *line_fault)
{
    line l;
    long long v[18];
    const unsigned n = g->players;
    /* format 2 adds resume and play_owed (muggins in the play, D12) */
    const unsigned fields = version == 1 ? 16u : 18u;
    TRY(next_line(pp, &l));
    TRY(key(&l, "deal", fields, fields));
    static const struct {
        long long lo, hi;
        int none;
    } R[18] = {{0, BFC_PHASE_CLAIM, 0}, {0, 5, 1},   {0, 5, 0},        {1, UINT32_MAX, 0},
               {0, UINT32_MAX, 0},      {0, 31, 0},  {0, 5, 1},        {0, 63, 0},
               {0, 63, 0},              {0, 7, 0},   {0, 255, 0},      {0, 5, 1},
               {0, BFC_DECLARE_MAX, 1}, {0, 255, 1}, {0, 2, 1},        {0, 8, 0},
               {0, 254, 1},             {0, 1, 0}};
    v[16] = BFC__NONE8;
    v[17] = 0;
    for (unsigned i = 0; i < fields; i++)
        TRY(num(l.tok[1 + i], R[i].lo, R[i].hi, R[i].none, &v[i]));
    g->phase = (uint8_t)v[0];
    g->to_move = (uint8_t)v[1];
    g->dealer = (uint8_t)v[2];
    g->skirmish = (uint32_t)v[3];
    g->moves = (uint32_t)v[4];
    g->count = (uint8_t)v[5];
    g->last = (uint8_t)v[6];
    g->discarded = (uint8_t)v[7];
    g->said_go = (uint8_t)v[8];
    g->step = (uint8_t)v[9];
    g->shown = (uint8_t)v[10];
    g->declarer = (uint8_t)v[11];
    g->declared = (uint8_t)v[12];
    g->truth = (uint8_t)v[13];
    g->counting = (uint8_t)v[14];
    g->sol_laid = (uint8_t)v[15];
    g->resume = (uint8_t)v[16];
    g->play_owed = (uint8_t)v[17];
    if (g->to_move != BFC__NONE8 && g->to_move >= n)
        return BFC_ESTATE;
    TRY(parse_end(pp, g));
    for (unsigned s = 0; s < n; s++)
        TRY(card_line(pp, "hand", (int)s, 7, NULL, &g->hand[s]));
    for (unsigned s = 0; s < n; s++)
        TRY(card_line(pp, "played", (int)s, 7, NULL, &g->played[s]));
    for (unsigned s = 0; s < n; s++)
        TRY(card_line(pp, "thrown", (int)s, 2, NULL, &g->thrown[s]));
    memset(g->ccrib, BFC_CARD_NONE, sizeof g->ccrib);
    int k;
    TRY(k = card_line(pp, "crib", -1, 4, g->ccrib, NULL));
    g->nccrib = (uint8_t)k;
    TRY(k = card_line(pp, "seq", -1, 16, g->seq, NULL));
    g->nseq = (uint8_t)k;
    TRY(next_line(pp, &l));
    TRY(key(&l, "starter", 1, 1));
    TRY(card(l.tok[1], 1, &g->starter, NULL));
    bfc_card deck[52];
    TRY(k = card_line(pp, "deck", -1, 52, deck, NULL));
    g->deck_pos = (uint8_t)(52 - k);
    memcpy(g->deck + g->deck_pos, deck, (size_t)k);
    TRY(card_line(pp, "gone", -1, 52, NULL, &g->gone));
    TRY(next_line(pp, &l));
    TRY(key(&l, "first", 1, 1));
    TRY(card(l.tok[1], 1, &g->first_laid, NULL));
    if (version >= 3) { /* the room each seat said go at this deal */
        TRY(next_line(pp, &l));
        TRY(key(&l, "goes", n, n));
        for (unsigned s = 0; s < n; s++) {
            TRY(num(l.tok[1 + s], 0, 30, 0, &v[0]));
            g->go_room[s] = (uint8_t)v[0];
        }
        for (unsigned s = 0; s < n; s++)
            if (bfc__go_room_check(g, s) != BFC_OK) {
                *line_fault = 1; /* this line's, even as the last */
                return BFC_ESTATE;
            }
    } else if (g->phase == BFC_PHASE_PLAY || g->counting == BFC__PLAY_COUNTED) {
        /* an older save knows only the goes of this sequence (in the play,
           or while a card laid in it is declared: D12) */
        for (unsigned s = 0; s < n; s++)
            if ((unsigned)g->said_go >> s & 1u)
                g->go_room[s] = (uint8_t)(31u - g->count);
    }
    if (bfc__board_on(g)) {
        TRY(next_line(pp, &l));
        TRY(key(&l, "box", 3, 3));
        TRY(num(l.tok[1], 0, 63, 0, &v[0]));
        TRY(num(l.tok[2], 0, 2, 1, &v[1]));
        TRY(num(l.tok[3], 0, 4, 0, &v[2]));
        g->folded = (uint8_t)v[0];
        g->boxed = (uint8_t)v[1];
        g->box_left = (uint8_t)v[2];
    }
    if (**pp != 0)
        return bad_line(pp); /* text after the last line */
    return bfc__game_check(g);
}

/* Format 1 (libbfc 0.1) wrote the rules flags of 0.1: BFC_ANY_LAY_AWAY
 * 0x10, muggins 0x20, backward 0x40, no late heels 0x80. Any other bit is
 * kept where it is, so bfc_rules_check() refuses it. */
static unsigned flags_of_v1(unsigned f)
{
    static const unsigned map[4][2] = {{0x10u, BFC_RULE_ANY_LAY_AWAY},
                                       {0x20u, BFC_RULE_MUGGINS},
                                       {0x40u, BFC_RULE_BACKWARD},
                                       {0x80u, BFC_RULE_NO_LATE_HEELS}};
    unsigned out = f & ~0xF0u;
    for (unsigned i = 0; i < 4; i++)
        if (f & map[i][0])
            out |= map[i][1];
    return out;
}

/* The save at *pp into g; on failure *pp says where (next_line), and
 * *line_fault is set when the line before *pp is at fault even though it
 * is the last (a failure at the end is else the final check's). */
static int parse(const char **pp, bfc_game *g, int *line_fault)
{
    line l;
    long long v;
    TRY(next_line(pp, &l));
    TRY(key(&l, "bfc-game", 1, 1));
    TRY(num(l.tok[1], 0, 1000000, 0, &v));
    if (v < 1 || v > BFC_SAVE_VERSION)
        return BFC_EVERSION;
    const int version = (int)v;

    TRY(next_line(pp, &l));
    /* format 2 adds next_dealer, match and match_points */
    const unsigned nrules = version == 1 ? 8u : 11u;
    TRY(key(&l, "rules", nrules, nrules));
    long long rv[11] = {0};
    for (unsigned i = 0; i < nrules; i++)
        TRY(num(l.tok[1 + i], -1000000, 1000000, 0, &rv[i]));
    bfc_rules *r = &g->rules;
    r->variant = (int)rv[0];
    r->players = (int)rv[1];
    r->teams = (int)rv[2];
    r->target = (int)rv[3];
    r->turn_limit = (int)rv[4];
    r->first_dealer = (int)rv[5];
    r->value = (int)rv[6];
    if (rv[7] < 0)
        return BFC_EPARSE;
    r->flags = version == 1 ? flags_of_v1((unsigned)rv[7]) : (unsigned)rv[7];
    r->next_dealer = (int)rv[8];
    r->match = (int)rv[9];
    r->match_points = (int)rv[10];
    TRY(next_line(pp, &l));
    if (strcmp(l.tok[0], "board") == 0) { /* Crib Wars */
        if (l.n < 2 || l.n > 1 + BFC_BOARD_MAX)
            return BFC_EPARSE;
        r->board.n = (uint8_t)(l.n - 1);
        for (unsigned i = 0; i + 1 < l.n; i++)
            TRY(hole_word(l.tok[1 + i], &r->board.hole[i]));
        TRY(next_line(pp, &l));
    }
    if (bfc_rules_check(r) != BFC_OK)
        return BFC_ESTATE;
    g->boxed = BFC__NONE8; /* Crib Wars' box line may say otherwise */
    for (unsigned q = 0; q < BFC__MAXP; q++) /* the seating line may say otherwise */
        g->seat_of[q] = (uint8_t)q;
    const unsigned n = (unsigned)r->players;
    g->players = (uint8_t)n;
    g->sides = (uint8_t)bfc_rules_sides(r);
    bfc__game_derive(g);
    memset(g->cut, BFC_CARD_NONE, sizeof g->cut);
    bfc_frontline_init(&g->front);

    TRY(key(&l, "rng", 4, 4));
    for (int i = 0; i < 4; i++) {
        uint64_t x = 0;
        if (strlen(l.tok[1 + i]) != 16)
            return BFC_EPARSE;
        for (int j = 0; j < 16; j++) {
            const char ch = l.tok[1 + i][j];
            const int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
            if (d < 0)
                return BFC_EPARSE;
            x = x << 4 | (uint64_t)d;
        }
        g->rng[i] = x;
    }
    if ((g->rng[0] | g->rng[1] | g->rng[2] | g->rng[3]) == 0)
        return BFC_ESTATE; /* xoshiro's one dead state */
    if (bfc__classic(g))
        return parse_classic(pp, g, version, line_fault);

    TRY(next_line(pp, &l));
    TRY(key(&l, "state", 9, 9));
    TRY(num(l.tok[1], 0, BFC_PHASE_OVER, 0, &v));
    g->phase = (uint8_t)v;
    TRY(num(l.tok[2], 0, n - 1, 1, &v));
    g->to_move = (uint8_t)v;
    TRY(num(l.tok[3], 0, n - 1, 0, &v));
    g->dealer = (uint8_t)v;
    TRY(num(l.tok[4], 0, 15, 0, &v));
    g->revealed = (uint8_t)v;
    TRY(num(l.tok[5], 0, n - 1, 1, &v));
    g->ender = (uint8_t)v;
    TRY(num(l.tok[6], 0, n - 1, 0, &v));
    g->owed = (uint8_t)v;
    TRY(num(l.tok[7], 0, UINT32_MAX, 0, &v));
    g->turns = (uint32_t)v;
    TRY(num(l.tok[8], 1, UINT32_MAX, 0, &v));
    g->skirmish = (uint32_t)v;
    TRY(num(l.tok[9], 0, UINT32_MAX, 0, &v));
    g->moves = (uint32_t)v;

    TRY(parse_end(pp, g));

    for (unsigned s = 0; s < n; s++) {
        TRY(next_line(pp, &l));
        TRY(key(&l, "formation", 6, 6));
        TRY(num(l.tok[1], s, s, 0, &v));
        for (unsigned i = 0; i < 5; i++) {
            unsigned up;
            TRY(card(l.tok[2 + i], 0, &g->form[s][i], &up));
            g->faceup[s] |= (uint8_t)(up << i);
        }
    }

    TRY(next_line(pp, &l));
    const unsigned ncrib = n == 2 ? 2 : n == 3 ? 1 : 0;
    TRY(key(&l, "crib", ncrib, ncrib));
    g->ncrib = (uint8_t)ncrib;
    g->crib[0] = g->crib[1] = BFC_CARD_NONE;
    for (unsigned i = 0; i < ncrib; i++)
        TRY(card(l.tok[1 + i], 0, &g->crib[i], NULL));

    TRY(next_line(pp, &l));
    TRY(key(&l, "pile", 1, 54));
    {
        /* the cards after a "|" are not shuffled yet; without one, the
           whole pile is in draw order */
        unsigned bar = 0;
        for (unsigned i = 1; i < l.n; i++)
            if (strcmp(l.tok[i], "|") == 0) {
                if (bar)
                    return BFC_EPARSE;
                bar = i;
            }
        const unsigned ncards = l.n - 1u - (bar != 0);
        if (ncards < 1 || ncards > 53 || bar == l.n - 1u)
            return BFC_EPARSE;
        g->pile_pos = (uint8_t)(53 - ncards);
        g->pile_shuffled = 53;
        for (unsigned i = 1, at = g->pile_pos; i < l.n; i++) {
            if (i == bar) {
                g->pile_shuffled = (uint8_t)at;
                continue;
            }
            TRY(card(l.tok[i], 0, &g->pile[at++], NULL));
        }
    }

    TRY(next_line(pp, &l));
    TRY(key(&l, "frontline", 0, BFC_FRONTLINE_MAX));
    bfc_card front[BFC_FRONTLINE_MAX];
    for (unsigned i = 1; i < l.n; i++)
        TRY(card(l.tok[i], 0, &front[i - 1], NULL));
    if (bfc_frontline_set(&g->front, front, l.n - 1) != BFC_OK)
        return BFC_ESTATE;

    TRY(next_line(pp, &l));
    TRY(key(&l, "gone", 0, 53));
    for (unsigned i = 1; i < l.n; i++) {
        bfc_card c;
        TRY(card(l.tok[i], 0, &c, NULL));
        if (g->gone >> c & 1u)
            return BFC_ESTATE;
        g->gone |= UINT64_C(1) << c;
    }

    TRY(next_line(pp, &l));
    TRY(key(&l, "held", 1, 1));
    TRY(card(l.tok[1], 1, &g->held, NULL));
    TRY(next_line(pp, &l));
    TRY(key(&l, "turncard", 1, 1));
    TRY(card(l.tok[1], 1, &g->turn_card, NULL));

    TRY(next_line(pp, &l));
    TRY(key(&l, "laid", n, n));
    memset(g->laid, BFC__NONE8, sizeof g->laid);
    for (unsigned s = 0; s < n; s++) {
        TRY(num(l.tok[1 + s], 0, 4, 1, &v));
        g->laid[s] = (uint8_t)v;
    }
    if (**pp != 0)
        return bad_line(pp); /* text after the last line */

    /* derived: the lay-aways legal now */
    if (g->phase == BFC_PHASE_LAYAWAY && g->to_move < n && g->turn_card != BFC_CARD_NONE) {
        uint64_t mask;
        if (bfc__check_cards(g->form[g->to_move], 5, 1, &mask) < 0 ||
            bfc__check_cards(&g->turn_card, 1, 1, &mask) < 0)
            return BFC_ESTATE;
        g->lay_legal = (uint8_t)bfc__bf_lay_legal(g, g->to_move);
    }
    return bfc__game_check(g);
}

/* ---- What went wrong, and where (bfc_game_load_report) ------------------ */

/* The keys of a save's lines in order, for the game of rules r (format
 * version): the line at index i (from 0), or NULL past the last. The same
 * order parse() reads them in (tests/test_game.c checks it against the
 * saves of every preset). */
static const char *line_key(const bfc_rules *r, int version, size_t i)
{
    const unsigned n = (unsigned)r->players;
    const int classic = r->variant != BFC_VARIANT_BATTLEFIELD;
    static const char *const HEAD[] = {"bfc-game", "rules", "board", "rng"};
    static const char *const CL[] = {"deal", "score", "over", "cut", "match", "seating"};
    static const char *const CL_TAIL[] = {"crib", "seq", "starter", "deck", "gone", "first", "goes", "box"};
    static const char *const BF_TAIL[] = {"crib", "pile", "frontline", "gone", "held", "turncard", "laid"};
    size_t k = i;
    if (k < 2)
        return HEAD[k];
    if (!r->board.n)
        k++; /* no board line */
    if (k < 4)
        return HEAD[k];
    k -= 4;
    /* the state, score, over, cut; match and seating when the rules have them */
    const char *const head[] = {classic ? CL[0] : "state", CL[1], CL[2], CL[3]};
    if (k < 4)
        return head[k];
    k -= 4;
    if (r->match && version >= 2 && k-- == 0)
        return "match";
    if ((r->flags & BFC_RULE_PARTNERS_BY_CUT) && k-- == 0)
        return "seating";
    if (!classic) {
        if (k < n)
            return "formation";
        k -= n;
        return k < sizeof BF_TAIL / sizeof BF_TAIL[0] ? BF_TAIL[k] : NULL;
    }
    if (k < 3 * (size_t)n)
        return k < n ? "hand" : k < 2 * (size_t)n ? "played" : "thrown";
    k -= 3 * (size_t)n;
    if (k < 6)
        return CL_TAIL[k];
    k -= 6;
    if (version >= 3 && k-- == 0)
        return "goes";
    if (r->board.n && k == 0)
        return "box";
    return NULL;
}

/* What a line of that key holds, for a message. */
static const char *line_what(const char *key)
{
    static const struct {
        const char *key, *what;
    } W[] = {
        {"bfc-game", "the first line is not \"bfc-game N\" (N the format, 1 to 3)"},
        {"rules", "the rules line is not \"rules\" and 11 numbers (8 in format 1) the rules can have"},
        {"board", "the board line is not \"board\" and holes AT:KIND:TO"},
        {"rng", "the rng line is not \"rng\" and four 16-digit hexadecimal numbers"},
        {"state", "the state line is not \"state\" and 9 numbers in range (phase, seats, turns...)"},
        {"deal", "the deal line is not \"deal\" and 18 numbers in range (16 in format 1)"},
        {"score", "the score line is not \"score\" and a score 0 to 30000 for each side"},
        {"over", "the over line is not \"over\", 0 or 1, the winning side and seat (or -)"},
        {"cut", "the cut line is not \"cut\" and a card (or -) for each seat"},
        {"match", "the match line is not \"match\" and each side's match points"},
        {"seating", "the seating line is not \"seating\" and a seat for each player"},
        {"formation", "a formation line is not \"formation SEAT\" and five cards (+ face up)"},
        {"hand", "a hand line is not \"hand SEAT\" and at most 7 cards, each once"},
        {"played", "a played line is not \"played SEAT\" and at most 7 cards, each once"},
        {"thrown", "a thrown line is not \"thrown SEAT\" and at most 2 cards, each once"},
        {"crib", "the crib line is not \"crib\" and its cards"},
        {"seq", "the seq line is not \"seq\" and the cards of the play's count"},
        {"starter", "the starter line is not \"starter\" and a card or -"},
        {"deck", "the deck line is not \"deck\" and the undealt cards"},
        {"pile", "the pile line is not \"pile\" and its cards (one \"|\" at most)"},
        {"frontline", "the frontline line is not \"frontline\" and a frontline's cards"},
        {"gone", "the gone line is not \"gone\" and cards out of play, each once"},
        {"first", "the first line is not \"first\" and a card or -"},
        {"goes", "the goes line is not \"goes\" and a room 0 to 30 for each seat"},
        {"box", "the box line is not \"box\" and the folded sides, the boxed side and the hands left"},
        {"held", "the held line is not \"held\" and a card or -"},
        {"turncard", "the turncard line is not \"turncard\" and a card or -"},
        {"laid", "the laid line is not \"laid\" and a slot 0 to 4 (or -) for each seat"},
    };
    for (size_t i = 0; key && i < sizeof W / sizeof W[0]; i++)
        if (strcmp(W[i].key, key) == 0)
            return W[i].what;
    return "a line that does not belong to a save";
}

/* The status and where, into *err (when not NULL). */
static int report(bfc_record_error *err, int status, const char *text, const char *at,
                  const bfc_game *t)
{
    if (!err)
        return status;
    err->status = status;
    err->line = 0;
    /* the line at fault: the one before *at, or the one after the last */
    size_t lines = 0;
    const char *end = at ? at : text + strlen(text);
    for (const char *q = text; q < end; q++)
        lines += *q == '\n';
    const int ended_line = end > text && end[-1] == '\n';
    if (!at) /* the text ended before a line */
        err->line = lines + 1 - !ended_line;
    else
        err->line = lines + !ended_line;
    if (err->line == 0)
        err->line = 1;
    long version = 0;
    if (strncmp(text, "bfc-game ", 9) == 0)
        version = strtol(text + 9, NULL, 10);
    const int rules_read = err->line > 3 && t->rules.players > 0;
    const char *k = err->line <= 2 ? (err->line == 1 ? "bfc-game" : "rules")
                      : rules_read   ? line_key(&t->rules, (int)version, err->line - 1)
                                     : NULL;
    if (status == BFC_EVERSION)
        err->what = "a save format this library does not read (it reads 1 to 3)";
    else if (!at && k)
        err->what = "the save ends before this line: a line is missing";
    else if (!k && (rules_read || (status == BFC_ESTATE && at && !*at)))
        err->what = "text after the save's last line";
    else if (status == BFC_ESTATE && err->line == 2)
        err->what = "rules the library does not play (bfc_rules_check refuses them)";
    else if (status == BFC_ESTATE && k && strcmp(k, "goes") == 0)
        err->what = "a room a card of the seat's hand fits, or smaller than the room left "
                    "now for a go said in the play's count (bfc_game.go_room)";
    else if (status == BFC_ESTATE)
        err->what = "the cards or values of this line cannot be (a card twice, a card that "
                    "is not one, a seat or count the game cannot have)";
    else if (k)
        err->what = line_what(k);
    else
        err->what = "a line that cannot be read (a word too long, or a character that is "
                    "not printable ASCII)";
    return status;
}

/* The final check of a save read line by line (bfc__game_check): no one
 * line is at fault. */
static int report_state(bfc_record_error *err, int status)
{
    if (err) {
        err->status = status;
        err->line = 0;
        err->what = "the lines do not make one game: the cards are not each in one place, or "
                    "the phase, the seat to move, the counts or the scores cannot be together";
    }
    return status;
}

int bfc_game_load_report(bfc_game **game, const char *text, bfc_record_error *err)
{
    if (err) {
        err->line = 0;
        err->status = BFC_OK;
        err->what = "";
    }
    if (!game || !text) {
        if (err) {
            err->status = BFC_EINVAL;
            err->what = "a NULL argument";
        }
        return BFC_EINVAL;
    }
    bfc_game *t = calloc(1, sizeof *t);
    if (!t) {
        if (err) {
            err->status = BFC_ENOMEM;
            err->what = "out of memory";
        }
        return BFC_ENOMEM;
    }
    const char *at = text;
    int line_fault = 0;
    int rc = parse(&at, t, &line_fault);
    if (rc != BFC_OK) {
        /* a failure of the last check comes with the text read to its end */
        if (rc == BFC_ESTATE && at && !*at && !line_fault && err)
            report_state(err, rc);
        else
            report(err, rc, text, at, t);
    } else if (*game) {
        if (memcmp(&(*game)->rules, &t->rules, sizeof t->rules) != 0) {
            rc = BFC_EINVAL;
            if (err) {
                err->status = rc;
                err->line = 2;
                err->what = "the save's rules are not the game's it is loaded into";
            }
        } else {
            memcpy(*game, t, sizeof *t);
        }
    } else {
        *game = t;
        return BFC_OK;
    }
    free(t);
    return rc;
}

int bfc_game_load(bfc_game **game, const char *text)
{
    return bfc_game_load_report(game, text, NULL);
}
