/* Fuzz target: move text (bfc_move_parse, bfc_move_format, bfc_move_reveal,
 * bfc_move_discard2).
 *
 * The input bytes are the text (up to the first NUL byte); bytes 0-1 are
 * also a move id (any uint16) for the formatter, bytes 0-1 as signed
 * slots for bfc_move_reveal and as cards for bfc_move_discard2.
 * Invariants:
 *   - never a crash; BFC_OK or BFC_EPARSE, exactly when a model parser
 *     written here from bfc.h (words separated by spaces and tabs, ASCII
 *     case ignored; "reveal A B" with slots A != B, one slot for swap, take
 *     and layaway; "play C", "discard C", "discard C D" with C != D,
 *     "declare N" for N 0..46 written in plain decimal (RULES D18: ids
 *     1458 + N up to 31, then 1492 + N - 32), "claim", "pass";
 *     a card in any RULES 1 spelling but the joker's) accepts the text,
 *     with the same move; *out written only on success;
 *   - success gives an id below BFC_MOVE_COUNT whose text parses back to
 *     the same id; the text upper-cased and with extra blanks around and
 *     between the words parses to the same move;
 *   - every move's text fits in BFC_MOVE_TEXT_MAX; the formatter is
 *     snprintf-consistent and rejects ids >= BFC_MOVE_COUNT with
 *     BFC_EINVAL, writing nothing; a card move's cards respelled (Unicode
 *     suits, "10", lower case, the two cards swapped) name the same move;
 *   - bfc_move_reveal(a, b) is the move "reveal a b" for slots a != b in
 *     0..4 (either order), else BFC_MOVE_NONE; bfc_move_discard2(a, b) the
 *     move "discard a b" for standard cards a != b, else BFC_MOVE_NONE.
 */
#include <stdlib.h>
#include <string.h>

#include "bfc.h"
#include "fuzz.h"

const char fuzz_target_name[] = "fuzz_move";

#define SENT ((bfc_move)0xA5A5)

static int blank(char c) { return c == ' ' || c == '\t'; }

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

/* The reveal id of slots a < b, counted in the order of the bfc.h table. */
static int reveal_id(int a, int b)
{
    int id = 0;
    for (int x = 0; x < 5; x++)
        for (int y = x + 1; y < 5; y++, id++)
            if (x == a && y == b)
                return id;
    return -1;
}

/* The card a word names (RULES 1, bfc.h bfc_card_parse), or -1; w is
 * lower-cased already. A rank (a 2..9 t j q k, or 10, or 1 for the ace),
 * then a suit letter or symbol (U+2660..U+2667, UTF-8 E2 99 A0..A7; black
 * and white forms alike), optionally followed by U+FE0F (EF B8 8F). The
 * joker is never a card of a move. */
static int card_model(const char *w)
{
    static const char RANKS[] = "a23456789tjqk";
    int rank = -1;
    const char *p = w;
    if (p[0] == '1' && p[1] == '0') {
        rank = 10;
        p += 2;
    } else if (p[0] == '1') {
        rank = 1;
        p += 1;
    } else if (p[0] && strchr(RANKS, p[0])) {
        rank = (int)(strchr(RANKS, p[0]) - RANKS) + 1;
        p += 1;
    } else {
        return -1;
    }
    int suit;
    /* U+2660 spade, 2661 heart, 2662 diamond, 2663 club, then the same
     * four again (white spade, black heart, black diamond, white club) */
    static const int SYMBOL_SUIT[8] = {3, 2, 1, 0, 3, 2, 1, 0};
    switch (p[0]) {
    case 'c':
        suit = 0;
        p++;
        break;
    case 'd':
        suit = 1;
        p++;
        break;
    case 'h':
        suit = 2;
        p++;
        break;
    case 's':
        suit = 3;
        p++;
        break;
    case '\xe2':
        if ((unsigned char)p[1] != 0x99 || (unsigned char)p[2] < 0xa0 ||
            (unsigned char)p[2] > 0xa7)
            return -1;
        suit = SYMBOL_SUIT[(unsigned char)p[2] - 0xa0];
        p += 3;
        if (memcmp(p, "\xef\xb8\x8f", 3) == 0)
            p += 3;
        break;
    default:
        return -1;
    }
    return *p ? -1 : (rank - 1) * 4 + suit;
}

/* The index of the pair of cards a < b among all pairs in the order of
 * bfc.h (0 1, 0 2, ..., 0 51, 1 2, ...), counted. */
static int pair_index(int a, int b)
{
    int id = 0;
    for (int x = 0; x < 52; x++)
        for (int y = x + 1; y < 52; y++, id++)
            if (x == a && y == b)
                return id;
    return -1;
}

/* "declare N": N in 0..46, decimal digits with no leading zero (the form
 * bfc_move_format writes; a reading of bfc.h, which names N 0..46, RULES
 * D18). */
static int points_model(const char *w)
{
    int v = 0;
    if (!w[0] || (w[0] == '0' && w[1]))
        return -1;
    for (const char *p = w; *p; p++) {
        if (*p < '0' || *p > '9' || v > 46)
            return -1;
        v = v * 10 + (*p - '0');
    }
    return v <= 46 ? v : -1;
}

/* The model: the move the text names, or -1. */
static int model(const char *t)
{
    char w[3][16];
    int n = 0;
    for (const char *p = t;;) {
        while (blank(*p))
            p++;
        if (!*p)
            break;
        size_t k = 0;
        while (*p && !blank(*p)) {
            if (n >= 3 || k >= 15)
                return -1; /* too many words, or longer than any word */
            w[n][k++] = lower(*p++);
        }
        w[n++][k] = 0;
    }
    static const struct {
        const char *name;
        int base, args;
    } K[] = {{"reveal", 0, 2}, {"draw", 10, 0},  {"place", 11, 0},  {"swap", 12, 1},
             {"take", 17, 1},  {"turn", 22, 0},  {"layaway", 23, 1}};
    if (n == 0)
        return -1;
    /* the classic moves (bfc.h "Moves": 28 and up) */
    if (n == 1 && strcmp(w[0], "claim") == 0)
        return 1490;
    if (n == 1 && strcmp(w[0], "pass") == 0)
        return 1491;
    if (n == 2 && strcmp(w[0], "declare") == 0) {
        const int v = points_model(w[1]);
        return v < 0 ? -1 : v < 32 ? 1458 + v : 1492 + v - 32;
    }
    if (strcmp(w[0], "play") == 0)
        return n == 2 && card_model(w[1]) >= 0 ? 28 + card_model(w[1]) : -1;
    if (strcmp(w[0], "discard") == 0) {
        const int a = n >= 2 ? card_model(w[1]) : -1, b = n == 3 ? card_model(w[2]) : -1;
        if (n == 2 && a >= 0)
            return 80 + a;
        if (n != 3 || a < 0 || b < 0 || a == b)
            return -1;
        return 132 + (a < b ? pair_index(a, b) : pair_index(b, a));
    }
    int slot[2] = {-1, -1};
    for (int i = 1; i < n; i++)
        if (w[i][0] >= '0' && w[i][0] <= '4' && w[i][1] == 0)
            slot[i - 1] = w[i][0] - '0';
        else
            return -1;
    for (size_t k = 0; k < sizeof K / sizeof K[0]; k++) {
        if (strcmp(w[0], K[k].name) != 0)
            continue;
        if (n != 1 + K[k].args)
            return -1;
        if (K[k].args == 0)
            return K[k].base;
        if (K[k].args == 1)
            return K[k].base + slot[0];
        if (slot[0] == slot[1])
            return -1;
        return slot[0] < slot[1] ? reveal_id(slot[0], slot[1]) : reveal_id(slot[1], slot[0]);
    }
    return -1;
}

/* A card move's text with its cards respelled: Unicode suits and "10"
 * (BFC_UNICODE), lower case, the two cards of a discard swapped. */
static void check_respelled(unsigned id, const char *text)
{
    char word[8], c1[BFC_CARD_TEXT_MAX], c2[BFC_CARD_TEXT_MAX], alt[64];
    bfc_card a = BFC_CARD_NONE, b = BFC_CARD_NONE;
    if (id >= 28 && id < 80) {
        a = (bfc_card)(id - 28);
    } else if (id >= 80 && id < 132) {
        a = (bfc_card)(id - 80);
    } else if (id >= 132 && id < 1458) {
        for (int x = 0, k = 132; x < 52 && b == BFC_CARD_NONE; x++)
            for (int y = x + 1; y < 52; y++, k++)
                if ((unsigned)k == id) {
                    a = (bfc_card)x;
                    b = (bfc_card)y;
                    break;
                }
    } else {
        return;
    }
    FUZZ_CHECK(sscanf(text, "%7s", word) == 1);
    FUZZ_CHECK(bfc_card_format(a, BFC_UNICODE, c1, sizeof c1) > 0);
    if (b == BFC_CARD_NONE) {
        snprintf(alt, sizeof alt, "%s %s", word, c1);
    } else {
        FUZZ_CHECK(bfc_card_format(b, BFC_UNICODE, c2, sizeof c2) > 0);
        snprintf(alt, sizeof alt, "%s %s\t%s", word, c2, c1); /* swapped */
    }
    for (char *p = alt; *p; p++)
        *p = lower(*p);
    bfc_move m = SENT;
    FUZZ_CHECK(model(alt) == (int)id);
    FUZZ_CHECK(bfc_move_parse(alt, &m) == BFC_OK && m == id);
}

/* The text of every move, checked once. */
static void check_format(unsigned id)
{
    char buf[BFC_MOVE_TEXT_MAX + 8], part[BFC_MOVE_TEXT_MAX + 8];
    memset(buf, FUZZ_SENTINEL, sizeof buf);
    const int n = bfc_move_format((bfc_move)id, buf, sizeof buf);
    FUZZ_CHECK(bfc_move_format((bfc_move)id, NULL, 0) == n);
    if (id >= BFC_MOVE_COUNT) {
        FUZZ_CHECK(n == BFC_EINVAL && fuzz_all_sentinel(buf, sizeof buf));
        return;
    }
    FUZZ_CHECK(n > 0 && n < BFC_MOVE_TEXT_MAX && strlen(buf) == (size_t)n);
    FUZZ_CHECK(bfc_move_format((bfc_move)id, NULL, 1) == BFC_EINVAL);
    for (size_t cap = 1; cap <= (size_t)n + 1; cap++) {
        memset(part, FUZZ_SENTINEL, sizeof part);
        FUZZ_CHECK(bfc_move_format((bfc_move)id, part, cap) == n);
        FUZZ_CHECK(memcmp(part, buf, cap - 1) == 0 && part[cap - 1] == 0);
        FUZZ_CHECK(fuzz_all_sentinel(part + cap, sizeof part - cap));
    }
    bfc_move m = SENT;
    FUZZ_CHECK(bfc_move_parse(buf, &m) == BFC_OK && m == id && model(buf) == (int)id);
    check_respelled(id, buf);
}

static void check_parse(const char *t)
{
    bfc_move m = SENT;
    const int rc = bfc_move_parse(t, &m);
    const int want = model(t);
    if (want < 0) {
        FUZZ_CHECK(rc == BFC_EPARSE && m == SENT);
        return;
    }
    FUZZ_CHECK(rc == BFC_OK && m == want && m < BFC_MOVE_COUNT);
    char buf[BFC_MOVE_TEXT_MAX];
    FUZZ_CHECK(bfc_move_format(m, buf, sizeof buf) > 0);
    bfc_move back = SENT;
    FUZZ_CHECK(bfc_move_parse(buf, &back) == BFC_OK && back == m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int once;
    if (!once) {
        once = 1;
        for (unsigned id = 0; id <= 0xFFFF; id++)
            check_format(id);
        FUZZ_CHECK(bfc_move_parse(NULL, NULL) == BFC_EINVAL);
    }
    const unsigned id = (size > 0 ? data[0] : 0u) | (size > 1 ? (unsigned)data[1] << 8 : 0u);
    check_format(id);
    check_format(id % 32u);

    /* bfc_move_reveal on any two small numbers */
    const int a = size > 0 ? (int8_t)data[0] : 0, b = size > 1 ? (int8_t)data[1] : 0;
    const bfc_move r = bfc_move_reveal(a, b);
    if (a >= 0 && a <= 4 && b >= 0 && b <= 4 && a != b) {
        FUZZ_CHECK(r < 10 && r == bfc_move_reveal(b, a));
        char t[32];
        snprintf(t, sizeof t, "reveal %d %d", a, b);
        bfc_move m = SENT;
        FUZZ_CHECK(bfc_move_parse(t, &m) == BFC_OK && m == r);
    } else {
        FUZZ_CHECK(r == BFC_MOVE_NONE);
    }

    /* bfc_move_discard2 on any two bytes as cards */
    const bfc_card ca = size > 0 ? data[0] : 0, cb = size > 1 ? data[1] : 0;
    const bfc_move d = bfc_move_discard2(ca, cb);
    if (ca < 52 && cb < 52 && ca != cb) {
        FUZZ_CHECK(d == bfc_move_discard2(cb, ca) && d >= 132 && d < 1458);
        char t[32], t1[BFC_CARD_TEXT_MAX], t2[BFC_CARD_TEXT_MAX];
        FUZZ_CHECK(bfc_card_format(ca, 0, t1, sizeof t1) > 0 &&
                   bfc_card_format(cb, 0, t2, sizeof t2) > 0);
        snprintf(t, sizeof t, "discard %s %s", t1, t2);
        FUZZ_CHECK(model(t) == (int)d);
    } else {
        FUZZ_CHECK(d == BFC_MOVE_NONE);
    }

    /* the text, as given */
    char *t = malloc(size + 1);
    FUZZ_CHECK(t != NULL);
    memcpy(t, data, size);
    t[size] = 0;
    check_parse(t);
    bfc_move m = SENT;
    FUZZ_CHECK(bfc_move_parse(t, NULL) == BFC_EINVAL);

    /* upper-cased, and with blanks added around and between words */
    const size_t n = strlen(t);
    char *u = malloc(3 * n + 3);
    FUZZ_CHECK(u != NULL);
    size_t k = 0;
    u[k++] = '\t';
    for (size_t i = 0; i < n; i++) {
        const char c = t[i];
        u[k++] = c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
        if (blank(c))
            u[k++] = (i & 1) ? ' ' : '\t';
    }
    u[k++] = ' ';
    u[k] = 0;
    const int rc1 = bfc_move_parse(t, &m);
    bfc_move m2 = SENT;
    const int rc2 = bfc_move_parse(u, &m2);
    FUZZ_CHECK(rc1 == rc2 && (rc1 < 0 || m == m2));
    check_parse(u);
    free(u);
    free(t);
    return 0;
}
