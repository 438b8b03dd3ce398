/* Moves as values (the table in bfc.h), taken apart, and as text: "reveal
 * 0 4", "draw", "place", "swap 3", "take 2", "turn", "layaway 1"; "play
 * 5H", "discard 5H", "discard 2C 5H", "declare 12" (0 to 46, D18), "claim",
 * "pass". */
#include <string.h>

#include "state.h"

/* ---- Move values -------------------------------------------------------- */

const bfc_card bfc__identity[53] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17,
    18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,
    36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52};

const uint8_t bfc__reveal_pair[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                         {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};

bfc_move bfc_move_reveal(int a, int b)
{
    if (a > b) {
        const int t = a;
        a = b;
        b = t;
    }
    if (a < 0 || b > 4 || a == b)
        return BFC_MOVE_NONE;
    /* pairs (0,1..4) are 0..3, (1,2..4) 4..6, (2,3..4) 7..8, (3,4) 9 */
    static const uint8_t first[4] = {0, 4, 7, 9};
    return (bfc_move)(first[a] + (unsigned)(b - a - 1));
}

bfc_move bfc_move_declare(int points)
{
    if (points < 0 || points > BFC_DECLARE_MAX)
        return BFC_MOVE_NONE;
    return bfc__declare_move((unsigned)points);
}

bfc_move bfc_move_discard2(bfc_card a, bfc_card b)
{
    if (a >= BFC_NCARDS || b >= BFC_NCARDS || a == b)
        return BFC_MOVE_NONE;
    if (a > b) {
        const bfc_card t = a;
        a = b;
        b = t;
    }
    return (bfc_move)(bfc__discard2_base(a) + b);
}

/* ---- Text ---------------------------------------------------------------- */

/* The classic moves: a word and up to two cards, or "declare N". */
static int format_classic(bfc_move m, char *buf, size_t cap)
{
    bfc__text w = {buf, cap, 0};
    char t[BFC_CARD_TEXT_MAX];
    if (m < BFC_MOVE_DISCARD) {
        bfc__put(&w, "play ");
        bfc_card_format((bfc_card)(m - BFC_MOVE_PLAY), 0, t, sizeof t);
        bfc__put(&w, t);
    } else if (m < BFC_MOVE_DISCARD2) {
        bfc__put(&w, "discard ");
        bfc_card_format((bfc_card)(m - BFC_MOVE_DISCARD), 0, t, sizeof t);
        bfc__put(&w, t);
    } else if (m < BFC_MOVE_DECLARE) {
        bfc_card a, b;
        bfc__discard2_cards(m, &a, &b);
        bfc__put(&w, "discard ");
        bfc_card_format(a, 0, t, sizeof t);
        bfc__put(&w, t);
        bfc__put(&w, " ");
        bfc_card_format(b, 0, t, sizeof t);
        bfc__put(&w, t);
    } else if (m == BFC_MOVE_CLAIM || m == BFC_MOVE_PASS) {
        bfc__put(&w, m == BFC_MOVE_CLAIM ? "claim" : "pass");
    } else { /* either declare range (D18) */
        bfc__put(&w, "declare ");
        bfc__putnum(&w, bfc__declared_points(m));
    }
    return bfc__text_end(&w);
}

int bfc_move_format(bfc_move m, char *buf, size_t cap)
{
    if (!buf && cap > 0)
        return BFC_EINVAL;
    char t[BFC_MOVE_TEXT_MAX];
    const char *name;
    int a = -1, b = -1;
    if (m >= BFC_MOVE_PLAY && m < BFC_MOVE_COUNT)
        return format_classic(m, buf, cap);
    if (m < BFC_MOVE_DRAW) {
        name = "reveal";
        a = bfc__reveal_pair[m][0];
        b = bfc__reveal_pair[m][1];
    } else if (m == BFC_MOVE_DRAW) {
        name = "draw";
    } else if (m == BFC_MOVE_PLACE) {
        name = "place";
    } else if (m < BFC_MOVE_TAKE) {
        name = "swap";
        a = (int)(m - BFC_MOVE_SWAP);
    } else if (m < BFC_MOVE_TURN) {
        name = "take";
        a = (int)(m - BFC_MOVE_TAKE);
    } else if (m == BFC_MOVE_TURN) {
        name = "turn";
    } else if (m < BFC_MOVE_PLAY) {
        name = "layaway";
        a = (int)(m - BFC_MOVE_LAYAWAY);
    } else {
        return BFC_EINVAL;
    }
    size_t n = strlen(name);
    memcpy(t, name, n);
    if (a >= 0) {
        t[n++] = ' ';
        t[n++] = (char)('0' + a);
    }
    if (b >= 0) {
        t[n++] = ' ';
        t[n++] = (char)('0' + b);
    }
    t[n] = 0;
    if (cap > 0) {
        const size_t k = n < cap ? n : cap - 1;
        memcpy(buf, t, k);
        buf[k] = 0;
    }
    return (int)n;
}

static int blank(char c) { return c == ' ' || c == '\t'; }

/* The next word of *p (lower-cased into w, at most cap-1 bytes); 0 when
 * there is none, -1 when it is too long. */
static int word(const char **p, char *w, size_t cap)
{
    const char *s = *p;
    while (blank(*s))
        s++;
    size_t n = 0;
    while (*s && !blank(*s)) {
        if (n + 1 >= cap)
            return -1;
        char c = *s++;
        w[n++] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
    }
    w[n] = 0;
    *p = s;
    return n > 0;
}

/* A standard card as a whole word, or -1. */
static int card_word(const char *w)
{
    bfc_card c;
    return bfc_card_parse(w, &c) == BFC_OK && c < BFC_NCARDS ? c : -1;
}

/* "declare N": N is 0..BFC_DECLARE_MAX written plainly (D18). */
static int points_word(const char *w)
{
    if (w[0] < '0' || w[0] > '9' || (w[1] && (w[1] < '0' || w[1] > '9' || w[2])) ||
        (w[0] == '0' && w[1]))
        return -1;
    const int v = w[1] ? (w[0] - '0') * 10 + (w[1] - '0') : w[0] - '0';
    return v <= BFC_DECLARE_MAX ? v : -1;
}

/* The classic moves' texts; BFC_EPARSE if w[0] is none of them. */
static int parse_classic(char (*w)[16], int n, bfc_move *out)
{
    if (n == 1 && (strcmp(w[0], "claim") == 0 || strcmp(w[0], "pass") == 0)) {
        *out = strcmp(w[0], "claim") == 0 ? BFC_MOVE_CLAIM : BFC_MOVE_PASS;
        return BFC_OK;
    }
    if (n == 2 && strcmp(w[0], "declare") == 0 && points_word(w[1]) >= 0) {
        *out = bfc__declare_move((unsigned)points_word(w[1]));
        return BFC_OK;
    }
    const int a = n >= 2 ? card_word(w[1]) : -1;
    if (a < 0)
        return BFC_EPARSE;
    if (n == 2 && strcmp(w[0], "play") == 0) {
        *out = (bfc_move)(BFC_MOVE_PLAY + (unsigned)a);
        return BFC_OK;
    }
    if (strcmp(w[0], "discard") != 0)
        return BFC_EPARSE;
    if (n == 2) {
        *out = (bfc_move)(BFC_MOVE_DISCARD + (unsigned)a);
        return BFC_OK;
    }
    const int b = n == 3 ? card_word(w[2]) : -1;
    const bfc_move m = b < 0 ? BFC_MOVE_NONE : bfc_move_discard2((bfc_card)a, (bfc_card)b);
    if (m == BFC_MOVE_NONE)
        return BFC_EPARSE;
    *out = m;
    return BFC_OK;
}

/* A slot digit 0..4 as a whole word. */
static int slot(const char *w) { return w[0] >= '0' && w[0] <= '4' && w[1] == 0 ? w[0] - '0' : -1; }

int bfc_move_parse(const char *text, bfc_move *out)
{
    if (!text || !out)
        return BFC_EINVAL;
    static const struct {
        const char *name;
        unsigned base, args;
    } K[] = {{"reveal", BFC_MOVE_REVEAL, 2}, {"draw", BFC_MOVE_DRAW, 0},
             {"place", BFC_MOVE_PLACE, 0},   {"swap", BFC_MOVE_SWAP, 1},
             {"take", BFC_MOVE_TAKE, 1},     {"turn", BFC_MOVE_TURN, 0},
             {"layaway", BFC_MOVE_LAYAWAY, 1}};
    const char *p = text;
    char w[4][16];
    int n = 0, r;
    while (n < 4 && (r = word(&p, w[n], sizeof w[n])) > 0)
        n++;
    if (n == 0 || r < 0 || (n == 4 && word(&p, w[0], sizeof w[0]) != 0))
        return BFC_EPARSE;
    for (size_t k = 0; k < sizeof K / sizeof K[0]; k++) {
        if (strcmp(w[0], K[k].name) != 0)
            continue;
        if ((unsigned)n != 1 + K[k].args)
            return BFC_EPARSE;
        if (K[k].args == 0) {
            *out = (bfc_move)K[k].base;
            return BFC_OK;
        }
        const int a = slot(w[1]);
        if (a < 0)
            return BFC_EPARSE;
        bfc_move m = (bfc_move)(K[k].base + (unsigned)a);
        if (K[k].args == 2) {
            m = bfc_move_reveal(a, slot(w[2]));
            if (m == BFC_MOVE_NONE)
                return BFC_EPARSE;
        }
        *out = m;
        return BFC_OK;
    }
    return parse_classic(w, n, out);
}

/* ---- Taking a move apart -------------------------------------------------- */

int bfc_move_decode(bfc_move m, bfc_move_info *out)
{
    if (!out || m >= BFC_MOVE_COUNT)
        return BFC_EINVAL;
    bfc_move_info d;
    memset(&d, 0xFF, sizeof d); /* no slots, no cards, no points */
    d.nslots = d.ncards = 0;
    if (m < BFC_MOVE_DRAW) {
        d.kind = BFC_MOVEKIND_REVEAL;
        d.nslots = 2;
        d.slot[0] = bfc__reveal_pair[m][0];
        d.slot[1] = bfc__reveal_pair[m][1];
    } else if (m == BFC_MOVE_DRAW || m == BFC_MOVE_PLACE || m == BFC_MOVE_TURN) {
        d.kind = m == BFC_MOVE_DRAW ? BFC_MOVEKIND_DRAW
                 : m == BFC_MOVE_PLACE ? BFC_MOVEKIND_PLACE
                                       : BFC_MOVEKIND_TURN;
    } else if (m < BFC_MOVE_PLAY) {
        const unsigned base = m < BFC_MOVE_TAKE ? BFC_MOVE_SWAP
                              : m < BFC_MOVE_TURN ? BFC_MOVE_TAKE
                                                  : BFC_MOVE_LAYAWAY;
        d.kind = base == BFC_MOVE_SWAP ? BFC_MOVEKIND_SWAP
                 : base == BFC_MOVE_TAKE ? BFC_MOVEKIND_TAKE
                                         : BFC_MOVEKIND_LAYAWAY;
        d.nslots = 1;
        d.slot[0] = (uint8_t)(m - base);
    } else if (m < BFC_MOVE_DISCARD2) {
        d.kind = m < BFC_MOVE_DISCARD ? BFC_MOVEKIND_PLAY : BFC_MOVEKIND_DISCARD;
        d.ncards = 1;
        d.card[0] = (bfc_card)(m - (m < BFC_MOVE_DISCARD ? BFC_MOVE_PLAY : BFC_MOVE_DISCARD));
    } else if (m < BFC_MOVE_DECLARE) {
        d.kind = BFC_MOVEKIND_DISCARD;
        d.ncards = 2;
        bfc__discard2_cards(m, &d.card[0], &d.card[1]);
    } else if (m == BFC_MOVE_CLAIM || m == BFC_MOVE_PASS) {
        d.kind = m == BFC_MOVE_CLAIM ? BFC_MOVEKIND_CLAIM : BFC_MOVEKIND_PASS;
    } else { /* either declare range (D18) */
        d.kind = BFC_MOVEKIND_DECLARE;
        d.points = (uint8_t)bfc__declared_points(m);
    }
    *out = d;
    return BFC_OK;
}
