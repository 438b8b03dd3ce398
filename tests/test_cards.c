/* Cards and their notation (RULES 1): ids and properties of every byte
 * value, every accepted spelling of every card, list separators, every kind
 * of bad input with the token it names, formatting in both forms, status
 * messages and the version. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include "brute.h"
#include "harness.h"

/* UTF-8 of the suit symbols (kept as escapes so the source stays ASCII;
 * always concatenated as separate literals so no hex escape runs on). */
#define B_SPADE "\xE2\x99\xA0"   /* U+2660 black spade */
#define W_HEART "\xE2\x99\xA1"   /* U+2661 white heart */
#define W_DIAMOND "\xE2\x99\xA2" /* U+2662 white diamond */
#define B_CLUB "\xE2\x99\xA3"    /* U+2663 black club */
#define W_SPADE "\xE2\x99\xA4"   /* U+2664 white spade */
#define B_HEART "\xE2\x99\xA5"   /* U+2665 black heart */
#define B_DIAMOND "\xE2\x99\xA6" /* U+2666 black diamond */
#define W_CLUB "\xE2\x99\xA7"    /* U+2667 white club */
#define VS16 "\xEF\xB8\x8F"      /* U+FE0F emoji variation selector */
#define JOKER_GLYPH "\xF0\x9F\x83\x8F" /* U+1F0CF playing card black joker */

/* Every spelling of each rank (index 1..13) and each suit (RULES 1). */
static const char *const rank_spellings[14][4] = {
    {NULL},
    {"A", "a", "1", NULL}, /* RULES 1: input also accepts "1" */
    {"2", NULL},
    {"3", NULL},
    {"4", NULL},
    {"5", NULL},
    {"6", NULL},
    {"7", NULL},
    {"8", NULL},
    {"9", NULL},
    {"T", "t", "10", NULL}, /* RULES 1: ten as "10" */
    {"J", "j", NULL},
    {"Q", "q", NULL},
    {"K", "k", NULL},
};

static const char *const suit_spellings[4][7] = {
    {"C", "c", B_CLUB, B_CLUB VS16, W_CLUB, W_CLUB VS16, NULL},
    {"D", "d", B_DIAMOND, B_DIAMOND VS16, W_DIAMOND, W_DIAMOND VS16, NULL},
    {"H", "h", B_HEART, B_HEART VS16, W_HEART, W_HEART VS16, NULL},
    {"S", "s", B_SPADE, B_SPADE VS16, W_SPADE, W_SPADE VS16, NULL},
};

/* RULES 1: "JK (input also accepts joker, X, U+1F0CF)", ASCII in any case. */
static const char *const joker_spellings[] = {"JK", "jk",    "Jk",    "jK",        "joker",
                                              "JOKER", "Joker", "jOkEr", "x", "X",
                                              JOKER_GLYPH};

static int is_sep_char(int ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f' ||
           ch == ',' || ch == '-';
}

static bfc_card parse1(const char *text)
{
    bfc_card c = BFC_CARD_NONE;
    if (bfc_card_parse(text, &c) != BFC_OK)
        fprintf(stderr, "bad card in test: %s\n", text);
    return c;
}

/* ---- Ids and properties ------------------------------------------------ */

/* RULES 1: id = (rank - 1) * 4 + suit, clubs diamonds hearts spades. */
static void test_cards__make_all(void)
{
    int bad = 0;
    for (int r = 1; r <= 13; r++)
        for (int s = 0; s < 4; s++) {
            bfc_card c = bfc_card_make(r, s);
            bad += c != (bfc_card)((r - 1) * 4 + s);
            bad += bfc_card_rank(c) != r || bfc_card_suit(c) != s;
        }
    INT_EQ(bad, 0);
    INT_EQ(bfc_card_make(BFC_ACE, BFC_CLUBS), 0);
    INT_EQ(bfc_card_make(BFC_KING, BFC_SPADES), 51);
    INT_EQ(bfc_card_make(BFC_JACK, BFC_DIAMONDS), 41);
    INT_EQ(bfc_card_make(BFC_QUEEN, BFC_HEARTS), 46);
    INT_EQ(bfc_card_make(10, BFC_DIAMONDS), parse1("TD"));
}

static void test_cards__make_bad(void)
{
    static const int bad_ranks[] = {INT_MIN, -1, 0, 14, 15, 52, 255, 256, INT_MAX};
    static const int bad_suits[] = {INT_MIN, -1, 4, 5, 52, 255, INT_MAX};
    for (size_t i = 0; i < sizeof bad_ranks / sizeof *bad_ranks; i++)
        for (int s = -1; s <= 4; s++)
            INT_EQ(bfc_card_make(bad_ranks[i], s), BFC_CARD_NONE);
    for (size_t i = 0; i < sizeof bad_suits / sizeof *bad_suits; i++)
        for (int r = 0; r <= 14; r++)
            INT_EQ(bfc_card_make(r, bad_suits[i]), BFC_CARD_NONE);
}

/* RULES 1: pip values A=1, 2..10, J/Q/K=10; the joker has no rank, no suit,
 * value 0; every other byte is not a card. */
static void test_cards__properties_all_bytes(void)
{
    int bad = 0;
    for (int v = 0; v < 256; v++) {
        const bfc_card c = (bfc_card)v;
        int want_rank, want_suit, want_value;
        if (v < 52) {
            want_rank = v / 4 + 1;
            want_suit = v % 4;
            want_value = want_rank > 10 ? 10 : want_rank;
        } else if (v == 52) {
            want_rank = 0;
            want_suit = BFC_EJOKER;
            want_value = 0;
        } else {
            want_rank = want_suit = want_value = BFC_ECARD;
        }
        if (bfc_card_rank(c) != want_rank || bfc_card_suit(c) != want_suit ||
            bfc_card_value(c) != want_value) {
            if (bad++ < 5)
                fprintf(stderr, "byte %d: rank %d suit %d value %d\n", v, bfc_card_rank(c),
                        bfc_card_suit(c), bfc_card_value(c));
        }
    }
    INT_EQ(bad, 0);
    INT_EQ(bfc_card_rank(BFC_JOKER), 0);
    INT_EQ(bfc_card_suit(BFC_JOKER), BFC_EJOKER);
    INT_EQ(bfc_card_value(BFC_JOKER), 0);
    INT_EQ(bfc_card_rank(BFC_CARD_NONE), BFC_ECARD);
    INT_EQ(bfc_card_suit(BFC_CARD_NONE), BFC_ECARD);
    INT_EQ(bfc_card_value(BFC_CARD_NONE), BFC_ECARD);
    INT_EQ(bfc_card_value(parse1("KS")), 10);
    INT_EQ(bfc_card_value(parse1("AS")), 1);
}

/* ---- Parsing one card --------------------------------------------------- */

static void test_cards__parse_ranks(void)
{
    for (int r = 1; r <= 13; r++)
        for (int i = 0; rank_spellings[r][i]; i++) {
            char tok[16];
            snprintf(tok, sizeof tok, "%sH", rank_spellings[r][i]);
            bfc_card c = BFC_CARD_NONE;
            INT_EQ(bfc_card_parse(tok, &c), BFC_OK);
            INT_EQ(c, bfc_card_make(r, BFC_HEARTS));
        }
    INT_EQ(parse1("10d"), bfc_card_make(10, BFC_DIAMONDS)); /* RULES 1: "10d" */
    INT_EQ(parse1("1S"), parse1("AS"));                      /* RULES 1: ace as "1" */
}

/* RULES 1: "Case-insensitive for ASCII letters only". */
static void test_cards__ascii_suits_any_case(void)
{
    static const char *const pairs[][2] = {
        {"5H", "5h"}, {"TD", "td"}, {"Td", "tD"}, {"AS", "as"}, {"KC", "kC"}, {"Qs", "qS"},
        {"JC", "jc"}, {"JD", "jD"}, {"10C", "10c"},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
        bfc_card a = BFC_CARD_NONE, b = BFC_CARD_NONE;
        INT_EQ(bfc_card_parse(pairs[i][0], &a), BFC_OK);
        INT_EQ(bfc_card_parse(pairs[i][1], &b), BFC_OK);
        INT_EQ(a, b);
        CHECK(a < 52);
    }
    /* "jc" is the jack of clubs, not a joker spelling */
    INT_EQ(parse1("jc"), bfc_card_make(BFC_JACK, BFC_CLUBS));
}

/* RULES 1: the black and the white suit symbols. */
static void test_cards__unicode_suits(void)
{
    static const struct {
        const char *text;
        int rank, suit;
    } cases[] = {
        {"J" B_SPADE, BFC_JACK, BFC_SPADES},    {"7" B_DIAMOND, 7, BFC_DIAMONDS},
        {"8" B_CLUB, 8, BFC_CLUBS},             {"9" B_HEART, 9, BFC_HEARTS},
        {"Q" W_SPADE, BFC_QUEEN, BFC_SPADES},   {"2" W_DIAMOND, 2, BFC_DIAMONDS},
        {"A" W_CLUB, BFC_ACE, BFC_CLUBS},       {"K" W_HEART, BFC_KING, BFC_HEARTS},
        {"10" B_DIAMOND, 10, BFC_DIAMONDS},     {"10" W_SPADE, 10, BFC_SPADES},
        {"t" B_HEART, 10, BFC_HEARTS},          {"1" B_CLUB, BFC_ACE, BFC_CLUBS},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        bfc_card c = BFC_CARD_NONE;
        INT_EQ(bfc_card_parse(cases[i].text, &c), BFC_OK);
        INT_EQ(c, bfc_card_make(cases[i].rank, cases[i].suit));
    }
}

/* RULES 1: each symbol suit "optionally followed by the emoji variation
 * selector U+FE0F" -- once, and only after a symbol. */
static void test_cards__variation_selector(void)
{
    bfc_card c = BFC_CARD_NONE;
    INT_EQ(bfc_card_parse("5" B_HEART VS16, &c), BFC_OK);
    INT_EQ(c, bfc_card_make(5, BFC_HEARTS));
    INT_EQ(bfc_card_parse("10" W_DIAMOND VS16, &c), BFC_OK);
    INT_EQ(c, bfc_card_make(10, BFC_DIAMONDS));
    c = 77;
    INT_EQ(bfc_card_parse("5" B_HEART VS16 VS16, &c), BFC_EPARSE); /* twice */
    INT_EQ(bfc_card_parse("5H" VS16, &c), BFC_EPARSE);               /* after a letter suit */
    INT_EQ(bfc_card_parse("5" VS16, &c), BFC_EPARSE);                /* alone */
    INT_EQ(bfc_card_parse(VS16 "5" B_HEART, &c), BFC_EPARSE);        /* before */
    INT_EQ(bfc_card_parse("5" VS16 B_HEART, &c), BFC_EPARSE);        /* between */
    INT_EQ(bfc_card_parse(JOKER_GLYPH VS16 VS16, &c), BFC_EPARSE);
    INT_EQ(c, 77); /* a rejected call writes nothing */
}

static void test_cards__joker_spellings(void)
{
    for (size_t i = 0; i < sizeof joker_spellings / sizeof *joker_spellings; i++) {
        bfc_card c = BFC_CARD_NONE;
        INT_EQ(bfc_card_parse(joker_spellings[i], &c), BFC_OK); /* always accepted here */
        INT_EQ(c, BFC_JOKER);
        bfc_card out[2] = {0, 0};
        bfc_parse_error err = {0, 0, 0};
        INT_EQ(bfc_cards_parse(joker_spellings[i], BFC_PARSE_JOKER, out, 2, &err), 1);
        INT_EQ(out[0], BFC_JOKER);
        err.status = 0;
        INT_EQ(bfc_cards_parse(joker_spellings[i], 0, out, 2, &err), BFC_EJOKER);
        INT_EQ(err.status, BFC_EJOKER);
        INT_EQ(err.offset, 0);
        INT_EQ(err.length, strlen(joker_spellings[i]));
    }
    /* near misses of the joker spellings */
    static const char *const bad[] = {"J", "JKR", "jokers", "joke", "XX", "xk", "K",
                                      "\xF0\x9F\x83", "\xF0\x9F\x83\x8E", JOKER_GLYPH "5"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        bfc_card c = 99;
        INT_EQ(bfc_card_parse(bad[i], &c), BFC_EPARSE);
        INT_EQ(c, 99);
    }
}

/* RULES 1: every output and input form of a card names the same card: all
 * 52 cards x every rank spelling x every suit spelling, alone and in lists. */
static void test_cards__roundtrip_all_spellings(void)
{
    int bad = 0, n = 0;
    for (int r = 1; r <= 13; r++)
        for (int s = 0; s < 4; s++) {
            const bfc_card want = bfc_card_make(r, s);
            for (int i = 0; rank_spellings[r][i]; i++)
                for (int j = 0; suit_spellings[s][j]; j++) {
                    char tok[32], list[96];
                    snprintf(tok, sizeof tok, "%s%s", rank_spellings[r][i], suit_spellings[s][j]);
                    bfc_card c = BFC_CARD_NONE;
                    int rc = bfc_card_parse(tok, &c);
                    /* the same token inside a list, between separators */
                    snprintf(list, sizeof list, " ,%s-\t%s\n", tok, want == 0 ? "JK" : "X");
                    bfc_card out[4] = {0};
                    bfc_parse_error err = {0, 0, 0};
                    int lrc = bfc_cards_parse(list, BFC_PARSE_JOKER, out, 4, &err);
                    if (rc != BFC_OK || c != want || lrc != 2 || out[0] != want ||
                        out[1] != BFC_JOKER) {
                        if (bad++ < 5)
                            fprintf(stderr, "spelling \"%s\": rc %d card %d list %d\n", tok, rc,
                                    c, lrc);
                    }
                    n++;
                }
        }
    INT_EQ(bad, 0);
    /* 4 suits x 6 suit spellings x 20 rank spellings (A a 1, 2..9, T t 10,
     * J j, Q q, K k) */
    INT_EQ(n, 4 * 6 * (3 + 8 + 3 + 2 + 2 + 2));
}

/* Every token of one or two bytes: exactly the documented spellings parse
 * (RULES 1: "Anything else is an error ... never a guess"). */
static void test_cards__short_tokens_exhaustive(void)
{
    int bad = 0;
    for (int a = 1; a < 256; a++) {
        char tok[2] = {(char)a, 0};
        bfc_card c = 200;
        int rc = bfc_card_parse(tok, &c);
        int want = (a == 'x' || a == 'X') ? BFC_OK : BFC_EPARSE;
        if (rc != want || (rc == BFC_OK && c != BFC_JOKER) || (rc != BFC_OK && c != 200)) {
            if (bad++ < 5)
                fprintf(stderr, "token 0x%02x: rc %d\n", a, rc);
        }
    }
    static const char ranks[] = "A23456789TJQK1";
    static const char suits[] = "CDHS";
    for (int a = 1; a < 256; a++)
        for (int b = 1; b < 256; b++) {
            char tok[3] = {(char)a, (char)b, 0};
            const int ua = a >= 'a' && a <= 'z' ? a - 32 : a;
            const int ub = b >= 'a' && b <= 'z' ? b - 32 : b;
            const char *rp = a > 0 && a < 128 ? strchr(ranks, ua) : NULL;
            const char *sp = b > 0 && b < 128 ? strchr(suits, ub) : NULL;
            bfc_card want = BFC_CARD_NONE;
            if (ua == 'J' && ub == 'K')
                want = BFC_JOKER;
            else if (rp && sp) {
                int r = (int)(rp - ranks) + 1;
                want = bfc_card_make(r == 14 ? 1 : r, (int)(sp - suits));
            }
            bfc_card c = 200;
            int rc = bfc_card_parse(tok, &c);
            int ok = want == BFC_CARD_NONE ? rc == BFC_EPARSE && c == 200
                                           : rc == BFC_OK && c == want;
            if (!ok && bad++ < 5)
                fprintf(stderr, "token 0x%02x 0x%02x: rc %d card %d\n", a, b, rc, c);
        }
    INT_EQ(bad, 0);
}

/* ---- Parsing lists ------------------------------------------------------ */

static void expect_list(const char *text, unsigned flags, const char *want_text)
{
    bfc_card got[64], want[64];
    int n = bfc_cards_parse(text, flags, got, 64, NULL);
    int m = bfc_cards_parse(want_text, BFC_PARSE_JOKER, want, 64, NULL);
    if (!INT_EQ(n, m))
        fprintf(stderr, "  list \"%s\"\n", text);
    for (int i = 0; i < n && i < m && i < 64; i++)
        INT_EQ(got[i], want[i]);
}

/* RULES 1: "whitespace, commas or hyphens between cards", in any mixture,
 * also before the first and after the last card. */
static void test_cards__list_separators(void)
{
    expect_list("5H 5C 5S JD 5D", 0, "5H 5C 5S JD 5D");
    expect_list("7" B_SPADE "-7" B_DIAMOND "-8" B_CLUB "-9" B_HEART, 0, "7S 7D 8C 9H");
    expect_list("5H, 5C,5S", 0, "5H 5C 5S");
    expect_list("5H\t5C\n5S\r\nJD", 0, "5H 5C 5S JD");
    expect_list("  ,-5H--,,\t\n 5C - 5S ,", 0, "5H 5C 5S");
    expect_list("\n5H\n", 0, "5H");
    expect_list("5H\v5C\f5S", 0, "5H 5C 5S");
    expect_list("10" B_DIAMOND VS16 ",10h,1S", 0, "TD TH AS");
    expect_list("JK-5H", BFC_PARSE_JOKER, "JK 5H");
    expect_list(JOKER_GLYPH ",TD", BFC_PARSE_JOKER, "JK TD");
    /* no cards at all */
    bfc_card out[2] = {7, 7};
    INT_EQ(bfc_cards_parse("", 0, out, 2, NULL), 0);
    INT_EQ(bfc_cards_parse(" ,\t-\n", 0, out, 2, NULL), 0);
    INT_EQ(out[0], 7);
    /* all 53 cards in one list */
    char all[53 * 8];
    bfc_card cards[53], got[53];
    for (int i = 0; i < 53; i++)
        cards[i] = (bfc_card)i;
    INT_EQ(bfc_cards_format(cards, 53, BFC_UNICODE, all, sizeof all) < (int)sizeof all, 1);
    INT_EQ(bfc_cards_parse(all, BFC_PARSE_JOKER, got, 53, NULL), 53);
    INT_EQ(memcmp(got, cards, 53), 0);
}

/* Parses text expecting status `status` with the error naming `token`
 * (the bad token's bytes). */
static void expect_error(const char *text, unsigned flags, int status, size_t offset,
                         const char *token)
{
    bfc_card out[16];
    memset(out, 0xA5, sizeof out);
    bfc_parse_error err = {999, 999, 999};
    int rc = bfc_cards_parse(text, flags, out, 16, &err);
    int ok = INT_EQ(rc, status);
    ok &= INT_EQ(err.status, status);
    ok &= INT_EQ(err.offset, offset);
    ok &= INT_EQ(err.length, strlen(token));
    if (err.offset <= strlen(text) && err.length <= strlen(text) - err.offset)
        ok &= CHECK(memcmp(text + err.offset, token, strlen(token)) == 0);
    else
        ok &= CHECK(!"error range inside the text");
    /* the same without an error struct */
    ok &= INT_EQ(bfc_cards_parse(text, flags, out, 16, NULL), status);
    if (!ok)
        fprintf(stderr, "  text \"%s\"\n", text);
}

/* RULES 1: "Anything else is an error with a clear message naming the bad
 * token; never a guess." */
static void test_cards__list_bad_tokens(void)
{
    static const char *const bad[] = {
        "5X",    /* unknown suit letter */
        "11H",   /* no rank 11 */
        "0S",    /* no rank 0 */
        "JKH",   /* the joker takes no suit */
        "5",     /* rank without suit */
        "H5",    /* suit before rank */
        "5H5",   /* trailing rank */
        "10",    /* RULES 1: "10" is a rank, not a card */
        "1",     /* "1" alone */
        "A",     /* "A" alone */
        "H",     /* a suit alone */
        B_SPADE "5",          /* symbol suit first */
        "5" B_SPADE B_SPADE,  /* two suits */
        "5\xE2\x99",          /* truncated UTF-8 suit */
        "5\xE2",              /* truncated UTF-8 suit */
        "5\xE2\x99\xA8",      /* U+2668 is not a suit */
        "5\xE2\x99\x9F",      /* U+265F is not a suit */
        "5" VS16,             /* a variation selector with no suit */
        "5" B_HEART VS16 VS16, /* U+FE0F twice */
        "5H" VS16,            /* U+FE0F only follows symbol suits */
        "5HH",   "55H",  "5SC",  "105H", "010H", "1OH", "AH!", "5_H", "5.H", "5/H",
        "10" VS16 "H", "JOKERS", "XX", "ZZ",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char text[64];
        bfc_card c = 33;
        INT_EQ(bfc_card_parse(bad[i], &c), BFC_EPARSE);
        INT_EQ(c, 33);
        expect_error(bad[i], BFC_PARSE_JOKER, BFC_EPARSE, 0, bad[i]);
        snprintf(text, sizeof text, "AS, %s KD", bad[i]);
        expect_error(text, BFC_PARSE_JOKER, BFC_EPARSE, 4, bad[i]);
        snprintf(text, sizeof text, "AS-KD-%s", bad[i]);
        expect_error(text, 0, BFC_EPARSE, 6, bad[i]);
    }
    /* the first bad token is the one named */
    expect_error("5H 5X 6X", 0, BFC_EPARSE, 3, "5X");
    /* a bad token comes before a duplicate later on */
    expect_error("5H ZZ 5H", 0, BFC_EPARSE, 3, "ZZ");
    /* a duplicate before a bad token */
    expect_error("5H 5H ZZ", 0, BFC_EDUP, 3, "5H");
}

/* Garbage bytes 0x80..0xFF (and ASCII punctuation) anywhere in a token. */
static void test_cards__list_garbage_bytes(void)
{
    int bad = 0;
    for (int b = 1; b < 256; b++) {
        if (is_sep_char(b))
            continue;
        char tok[4], text[16];
        for (int form = 0; form < 3; form++) {
            if (form == 0)
                snprintf(tok, sizeof tok, "%c", b);
            else if (form == 1)
                snprintf(tok, sizeof tok, "5%c", b);
            else
                snprintf(tok, sizeof tok, "5H%c", b);
            snprintf(text, sizeof text, "KS %s", tok);
            bfc_card out[4];
            bfc_parse_error err = {0, 0, 0};
            int rc = bfc_cards_parse(text, BFC_PARSE_JOKER, out, 4, &err);
            int accept = (form == 0 && (b == 'x' || b == 'X')) ||
                         (form == 1 && b < 128 && strchr("CDHScdhs", b));
            int ok = accept ? rc == 2
                            : rc == BFC_EPARSE && err.offset == 3 && err.length == strlen(tok);
            if (!ok && bad++ < 5)
                fprintf(stderr, "garbage 0x%02x form %d: rc %d\n", b, form, rc);
        }
    }
    INT_EQ(bad, 0);
}

/* RULES 1: "A list that repeats a card ... is an error": BFC_EDUP at the
 * second occurrence, whatever the spelling of either. */
static void test_cards__list_duplicates(void)
{
    expect_error("5H 5H", 0, BFC_EDUP, 3, "5H");
    expect_error("5H 5h", 0, BFC_EDUP, 3, "5h");
    expect_error("5H 5" B_HEART, 0, BFC_EDUP, 3, "5" B_HEART);
    expect_error("5H,AS,5" W_HEART VS16, 0, BFC_EDUP, 6, "5" W_HEART VS16);
    expect_error("TD 10d", 0, BFC_EDUP, 3, "10d");
    expect_error("AC-2C-1" B_CLUB, 0, BFC_EDUP, 6, "1" B_CLUB);
    expect_error("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 3C", 0, BFC_EDUP, 36, "3C");
    /* the joker twice, in different spellings */
    expect_error("JK X", BFC_PARSE_JOKER, BFC_EDUP, 3, "X");
    expect_error(JOKER_GLYPH " joker", BFC_PARSE_JOKER, BFC_EDUP, 5, "joker");
    /* the same card of another suit is no duplicate */
    bfc_card out[4];
    INT_EQ(bfc_cards_parse("5H 5D 5" B_SPADE " 5" W_CLUB, 0, out, 4, NULL), 4);
}

/* RULES 1: "(in classic games) contains the joker, is an error". */
static void test_cards__list_joker_flag(void)
{
    expect_error("5H JK", 0, BFC_EJOKER, 3, "JK");
    expect_error("5H,joker,6H", 0, BFC_EJOKER, 3, "joker");
    expect_error(JOKER_GLYPH, 0, BFC_EJOKER, 0, JOKER_GLYPH);
    bfc_card out[3] = {0};
    INT_EQ(bfc_cards_parse("5H JK 6H", BFC_PARSE_JOKER, out, 3, NULL), 3);
    INT_EQ(out[1], BFC_JOKER);
}

static void test_cards__list_invalid_args(void)
{
    bfc_card out[4];
    bfc_parse_error err;
    INT_EQ(bfc_cards_parse(NULL, 0, out, 4, &err), BFC_EINVAL);
    INT_EQ(bfc_cards_parse(NULL, 0, NULL, 0, NULL), BFC_EINVAL);
    INT_EQ(bfc_cards_parse("5H", 0, NULL, 1, &err), BFC_EINVAL);
    INT_EQ(bfc_cards_parse("5H", 0x2u, out, 4, &err), BFC_EINVAL);
    INT_EQ(bfc_cards_parse("5H", 0x80000000u, out, 4, &err), BFC_EINVAL);
    INT_EQ(bfc_cards_parse("5H", BFC_PARSE_JOKER | 0x100u, out, 4, &err), BFC_EINVAL);
    INT_EQ(bfc_cards_parse("5H", ~0u, out, 4, NULL), BFC_EINVAL);
    bfc_card c;
    INT_EQ(bfc_card_parse(NULL, &c), BFC_EINVAL);
    INT_EQ(bfc_card_parse("5H", NULL), BFC_EINVAL);
    INT_EQ(bfc_card_parse(NULL, NULL), BFC_EINVAL);
    INT_EQ(bfc_card_parse("", &c), BFC_EPARSE);
    /* bfc_card_parse takes exactly one token, nothing around it */
    INT_EQ(bfc_card_parse(" 5H", &c), BFC_EPARSE);
    INT_EQ(bfc_card_parse("5H ", &c), BFC_EPARSE);
    INT_EQ(bfc_card_parse("5H,", &c), BFC_EPARSE);
    INT_EQ(bfc_card_parse("5H 6H", &c), BFC_EPARSE);
}

/* snprintf-style count: the full count, at most cap cards written. */
static void test_cards__list_count_snprintf(void)
{
    const char *text = "AS 2S 3S 4S 5S 6S 7S";
    bfc_card out[10];
    memset(out, 0xEE, sizeof out);
    INT_EQ(bfc_cards_parse(text, 0, out, 3, NULL), 7);
    INT_EQ(out[0], bfc_card_make(1, BFC_SPADES));
    INT_EQ(out[2], bfc_card_make(3, BFC_SPADES));
    for (int i = 3; i < 10; i++)
        INT_EQ(out[i], 0xEE);
    INT_EQ(bfc_cards_parse(text, 0, NULL, 0, NULL), 7); /* cap 0, out NULL: counts */
    INT_EQ(bfc_cards_parse(text, 0, out, 0, NULL), 7);
    INT_EQ(out[0], bfc_card_make(1, BFC_SPADES));
    INT_EQ(bfc_cards_parse(text, 0, out, 7, NULL), 7);
    INT_EQ(out[6], bfc_card_make(7, BFC_SPADES));
    INT_EQ(out[7], 0xEE);
    /* errors are found past cap too: the whole text is checked */
    INT_EQ(bfc_cards_parse("AS 2S 3S 4S ZZ", 0, out, 2, NULL), BFC_EPARSE);
    INT_EQ(bfc_cards_parse("AS 2S 3S 4S AS", 0, NULL, 0, NULL), BFC_EDUP);
}

/* Header "Errors": "A rejected call writes nothing through its
 * out-pointers" (the error struct is the documented exception). */
static void test_cards__list_rejected_writes_nothing(void)
{
    static const char *const texts[] = {"5H 6H 7H 5H", "5H 6H ZZ", "5H 6H JK"};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        bfc_card out[8];
        memset(out, 0xEE, sizeof out);
        int rc = bfc_cards_parse(texts[i], 0, out, 8, NULL);
        CHECK(rc < 0);
        int touched = 0;
        for (int k = 0; k < 8; k++)
            touched += out[k] != 0xEE;
        if (!INT_EQ(touched, 0))
            fprintf(stderr, "  \"%s\" -> %d wrote %d cards before failing\n", texts[i], rc,
                    touched);
    }
}

/* ---- Formatting ---------------------------------------------------------- */

/* RULES 1: canonical output is the two-character ASCII form. */
static void test_cards__format_ascii(void)
{
    static const char ranks[] = "A23456789TJQK", suits[] = "CDHS";
    int bad = 0;
    for (int c = 0; c < 53; c++) {
        char buf[BFC_CARD_TEXT_MAX], want[3] = {0};
        if (c == 52) {
            want[0] = 'J', want[1] = 'K';
        } else {
            want[0] = ranks[c / 4], want[1] = suits[c % 4];
        }
        int n = bfc_card_format((bfc_card)c, 0, buf, sizeof buf);
        if (n != 2 || strcmp(buf, want) != 0) {
            if (bad++ < 5)
                fprintf(stderr, "format %d: %d \"%s\" want \"%s\"\n", c, n, buf, want);
        }
    }
    INT_EQ(bad, 0);
    char buf[BFC_CARD_TEXT_MAX];
    INT_EQ(bfc_card_format(parse1("10d"), 0, buf, sizeof buf), 2);
    STR_EQ(buf, "TD");
    INT_EQ(bfc_card_format(BFC_JOKER, 0, buf, sizeof buf), 2);
    STR_EQ(buf, "JK");
}

/* RULES 1: the Unicode output option: "10" for ten, black suits, joker glyph. */
static void test_cards__format_unicode(void)
{
    static const char *const rank_text[14] = {NULL, "A", "2", "3", "4", "5", "6", "7",
                                              "8",  "9", "10", "J", "Q", "K"};
    static const char *const suit_text[4] = {B_CLUB, B_DIAMOND, B_HEART, B_SPADE};
    int bad = 0;
    for (int c = 0; c < 53; c++) {
        char buf[BFC_CARD_TEXT_MAX], want[16];
        if (c == 52)
            snprintf(want, sizeof want, "%s", JOKER_GLYPH);
        else
            snprintf(want, sizeof want, "%s%s", rank_text[c / 4 + 1], suit_text[c % 4]);
        int n = bfc_card_format((bfc_card)c, BFC_UNICODE, buf, sizeof buf);
        if (n != (int)strlen(want) || strcmp(buf, want) != 0) {
            if (bad++ < 5)
                fprintf(stderr, "unicode format %d: %d \"%s\" want \"%s\"\n", c, n, buf, want);
        }
    }
    INT_EQ(bad, 0);
    char buf[BFC_CARD_TEXT_MAX];
    INT_EQ(bfc_card_format(parse1("TD"), BFC_UNICODE, buf, sizeof buf), 5);
    STR_EQ(buf, "10" B_DIAMOND);
    INT_EQ(bfc_card_format(BFC_JOKER, BFC_UNICODE, buf, sizeof buf), 4);
    STR_EQ(buf, JOKER_GLYPH);
}

/* RULES 1: "every output form parses back to the same card"; and
 * BFC_CARD_TEXT_MAX holds every card's text with its NUL. */
static void test_cards__format_roundtrip(void)
{
    int bad = 0;
    for (int c = 0; c < 53; c++)
        for (unsigned f = 0; f <= BFC_UNICODE; f += BFC_UNICODE) {
            char buf[BFC_CARD_TEXT_MAX];
            int n = bfc_card_format((bfc_card)c, f, buf, sizeof buf);
            bfc_card back = BFC_CARD_NONE, list[2];
            int rc = bfc_card_parse(buf, &back);
            int lrc = bfc_cards_parse(buf, BFC_PARSE_JOKER, list, 2, NULL);
            if (n <= 0 || n + 1 > BFC_CARD_TEXT_MAX || rc != BFC_OK || back != c || lrc != 1 ||
                list[0] != c) {
                if (bad++ < 5)
                    fprintf(stderr, "roundtrip %d flags %u: \"%s\"\n", c, f, buf);
            }
        }
    INT_EQ(bad, 0);
    /* a whole list in both forms */
    bfc_card cards[53], back[53];
    for (int i = 0; i < 53; i++)
        cards[i] = (bfc_card)((i * 19) % 53);
    for (unsigned f = 0; f <= BFC_UNICODE; f += BFC_UNICODE) {
        char text[53 * BFC_CARD_TEXT_MAX];
        int n = bfc_cards_format(cards, 53, f, text, sizeof text);
        INT_EQ(n, (int)strlen(text));
        INT_EQ(bfc_cards_parse(text, BFC_PARSE_JOKER, back, 53, NULL), 53);
        INT_EQ(memcmp(back, cards, 53), 0);
    }
}

/* snprintf-style truncation: always NUL-terminated, returns the full length. */
static void test_cards__format_truncation(void)
{
    const bfc_card td = parse1("TD");
    char full[BFC_CARD_TEXT_MAX];
    INT_EQ(bfc_card_format(td, BFC_UNICODE, full, sizeof full), 5);
    for (size_t cap = 1; cap <= 6; cap++) {
        char buf[8];
        memset(buf, '#', sizeof buf);
        INT_EQ(bfc_card_format(td, BFC_UNICODE, buf, cap), 5);
        size_t keep = cap - 1 < 5 ? cap - 1 : 5;
        INT_EQ(memcmp(buf, full, keep), 0);
        INT_EQ(buf[keep], '\0');
        INT_EQ(buf[cap], '#'); /* nothing past cap */
    }
    char buf[4] = {'#', '#', '#', '#'};
    INT_EQ(bfc_card_format(td, 0, NULL, 0), 2);
    INT_EQ(bfc_card_format(BFC_JOKER, BFC_UNICODE, NULL, 0), 4);
    INT_EQ(bfc_card_format(td, 0, buf, 0), 2); /* cap 0: nothing written */
    INT_EQ(buf[0], '#');
    INT_EQ(bfc_card_format(td, 0, buf, 1), 2);
    STR_EQ(buf, "");
    INT_EQ(bfc_card_format(td, 0, buf, 2), 2);
    STR_EQ(buf, "T");
    INT_EQ(bfc_card_format(td, 0, buf, 3), 2);
    STR_EQ(buf, "TD");

    /* lists */
    bfc_card h[5];
    INT_EQ(bfc_cards_parse("5H 5C 5S JD 5D", 0, h, 5, NULL), 5);
    char text[32];
    INT_EQ(bfc_cards_format(h, 5, 0, text, sizeof text), 14);
    STR_EQ(text, "5H 5C 5S JD 5D");
    INT_EQ(bfc_cards_format(h, 5, 0, NULL, 0), 14);
    memset(text, '#', sizeof text);
    INT_EQ(bfc_cards_format(h, 5, 0, text, 7), 14);
    STR_EQ(text, "5H 5C ");
    INT_EQ(text[7], '#');
    INT_EQ(bfc_cards_format(h, 5, BFC_UNICODE, text, sizeof text), 24);
    STR_EQ(text, "5" B_HEART " 5" B_CLUB " 5" B_SPADE " J" B_DIAMOND " 5" B_DIAMOND);
    INT_EQ(bfc_cards_format(h, 0, 0, text, sizeof text), 0);
    STR_EQ(text, "");
    INT_EQ(bfc_cards_format(NULL, 0, 0, text, sizeof text), 0);
}

static void test_cards__format_errors(void)
{
    char buf[16];
    int bad = 0;
    for (int v = 53; v < 256; v++) {
        memset(buf, '#', sizeof buf);
        int a = bfc_card_format((bfc_card)v, 0, buf, sizeof buf);
        int b = bfc_card_format((bfc_card)v, BFC_UNICODE, buf, sizeof buf);
        int c = bfc_card_format((bfc_card)v, 0, NULL, 0);
        if (a != BFC_ECARD || b != BFC_ECARD || c != BFC_ECARD || buf[0] != '#')
            bad++;
    }
    INT_EQ(bad, 0);
    bfc_card h[3] = {0, BFC_CARD_NONE, 2};
    memset(buf, '#', sizeof buf);
    INT_EQ(bfc_cards_format(h, 3, 0, buf, sizeof buf), BFC_ECARD);
    INT_EQ(buf[0], '#'); /* a rejected call writes nothing */
    h[1] = 53;
    INT_EQ(bfc_cards_format(h, 3, BFC_UNICODE, buf, sizeof buf), BFC_ECARD);
    h[1] = 1;
    INT_EQ(bfc_cards_format(h, 3, 0x2u, buf, sizeof buf), BFC_EINVAL);    /* unknown flag */
    INT_EQ(bfc_card_format(0, 0x80u, buf, sizeof buf), BFC_EINVAL);       /* unknown flag */
    INT_EQ(bfc_cards_format(NULL, 2, 0, buf, sizeof buf), BFC_EINVAL);    /* cards NULL */
    INT_EQ(bfc_cards_format(h, 3, 0, NULL, 4), BFC_EINVAL);               /* buf NULL, cap > 0 */
    INT_EQ(bfc_card_format(0, 0, NULL, 4), BFC_EINVAL);
}

/* ---- Status and version ------------------------------------------------- */

static void test_cards__strerror(void)
{
    static const int codes[] = {BFC_OK,     BFC_EINVAL, BFC_ECARD,    BFC_EDUP,    BFC_EJOKER,
                                BFC_ECOUNT, BFC_EPARSE, BFC_ENOMEM, BFC_EILLEGAL, BFC_EVERSION};
    const size_t n = sizeof codes / sizeof *codes;
    /* the pinned values */
    INT_EQ(BFC_OK, 0);
    INT_EQ(BFC_EINVAL, -1);
    INT_EQ(BFC_ECARD, -2);
    INT_EQ(BFC_EDUP, -3);
    INT_EQ(BFC_EJOKER, -4);
    INT_EQ(BFC_ECOUNT, -5);
    INT_EQ(BFC_EPARSE, -6);
    INT_EQ(BFC_ENOMEM, -7);
    INT_EQ(BFC_EILLEGAL, -8);
    INT_EQ(BFC_EVERSION, -9);
    for (size_t i = 0; i < n; i++) {
        const char *m = bfc_strerror(codes[i]);
        CHECK(m != NULL && m[0] != '\0');
        for (size_t j = 0; j < i; j++)
            CHECK(m && strcmp(m, bfc_strerror(codes[j])) != 0); /* each its own message */
    }
    STR_EQ(bfc_strerror(BFC_EDUP), "duplicate card"); /* the header's example */
    static const int unknown[] = {-10, -11, -100, 1, 2, 29, 1000, INT_MIN, INT_MAX};
    for (size_t i = 0; i < sizeof unknown / sizeof *unknown; i++) {
        const char *m = bfc_strerror(unknown[i]);
        CHECK(m != NULL && m[0] != '\0');
        for (size_t j = 0; j < n; j++)
            CHECK(m && strcmp(m, bfc_strerror(codes[j])) != 0);
    }
}

static void test_cards__version(void)
{
    INT_EQ(bfc_version(), BFC_VERSION_NUMBER);
    STR_EQ(bfc_version_string(), BFC_VERSION_STRING);
    INT_EQ(BFC_VERSION_NUMBER,
           BFC_VERSION_MAJOR * 10000 + BFC_VERSION_MINOR * 100 + BFC_VERSION_PATCH);
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", BFC_VERSION_MAJOR, BFC_VERSION_MINOR,
             BFC_VERSION_PATCH);
    STR_EQ(bfc_version_string(), want);
}

/* ---- Any byte as a card -------------------------------------------------- */

/* Header "No input -- any byte value as a card ... makes the library crash":
 * every byte value 0..255 in each hand slot and as the starter, the other
 * four cards valid. A standard card scores (as brute force says) or repeats
 * another card (BFC_EDUP); the joker is BFC_EJOKER, or with BFC_KILL_CARD
 * a killed hand scoring 0 (RULES 4.7); every other byte is BFC_ECARD --
 * except BFC_CARD_NONE as the starter of bfc_score_hand, which means "no
 * starter" there (a four-card score). */
static void test_cards__show_any_byte(void)
{
    static const unsigned flag_sets[] = {0, BFC_CRIB, BFC_KILL_CARD, BFC_CRIB | BFC_KILL_CARD};
    bfc_card base[5];
    INT_EQ(bfc_cards_parse("2C 3D 4H 9S KC", 0, base, 5, NULL), 5);
    int bad = 0, calls = 0;
    for (int pos = 0; pos < 5; pos++)
        for (int v = 0; v < 256; v++)
            for (size_t f = 0; f < sizeof flag_sets / sizeof *flag_sets; f++) {
                const unsigned flags = flag_sets[f];
                bfc_card c[5];
                memcpy(c, base, 5);
                c[pos] = (bfc_card)v;
                int dup = 0;
                for (int k = 0; k < 5; k++)
                    dup |= k != pos && c[k] == v;
                int want;
                if (v < 52 && dup)
                    want = BFC_EDUP;
                else if (v < 52) {
                    bfc_hand_score s;
                    want = brute_show(c, 4, c[4], flags & BFC_CRIB, &s);
                } else if (v == 52)
                    want = (flags & BFC_KILL_CARD) ? 0 : BFC_EJOKER;
                else
                    want = BFC_ECARD;
                int got = bfc_score_show(c, c[4], flags);
                bfc_hand_score hs;
                int got2 = bfc_score_hand(c, 4, c[4], flags, &hs);
                int want2 = want;
                if (pos == 4 && v == BFC_CARD_NONE) /* bfc_score_hand: "no starter" */
                    want2 = brute_show(c, 4, BFC_CARD_NONE, flags & BFC_CRIB, &hs);
                calls++;
                if (got != want || got2 != want2) {
                    if (bad++ < 5)
                        fprintf(stderr, "byte %d at %d flags %u: %d/%d want %d\n", v, pos, flags,
                                got, got2, want);
                }
                /* the batch path, for hand slots (no starter) */
                if (pos < 4 && !(flags & BFC_KILL_CARD)) {
                    int8_t scores[52];
                    memset(scores, 0x55, sizeof scores);
                    int rc = bfc_score_show_all_starters(c, flags, scores);
                    int wrc = v < 52 ? (dup && c[4] != v ? BFC_EDUP : BFC_OK)
                                     : (v == 52 ? BFC_EJOKER : BFC_ECARD);
                    if (rc != wrc || (rc < 0 && scores[0] != 0x55)) {
                        if (bad++ < 5)
                            fprintf(stderr, "all_starters byte %d at %d: %d want %d\n", v, pos,
                                    rc, wrc);
                    }
                }
            }
    INT_EQ(bad, 0);
    INT_EQ(calls, 5 * 256 * 4);
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_cards__make_all);
    RUN(test_cards__make_bad);
    RUN(test_cards__properties_all_bytes);
    RUN(test_cards__parse_ranks);
    RUN(test_cards__ascii_suits_any_case);
    RUN(test_cards__unicode_suits);
    RUN(test_cards__variation_selector);
    RUN(test_cards__joker_spellings);
    RUN(test_cards__roundtrip_all_spellings);
    RUN(test_cards__short_tokens_exhaustive);
    RUN(test_cards__list_separators);
    RUN(test_cards__list_bad_tokens);
    RUN(test_cards__list_garbage_bytes);
    RUN(test_cards__list_duplicates);
    RUN(test_cards__list_joker_flag);
    RUN(test_cards__list_invalid_args);
    RUN(test_cards__list_count_snprintf);
    RUN(test_cards__list_rejected_writes_nothing);
    RUN(test_cards__format_ascii);
    RUN(test_cards__format_unicode);
    RUN(test_cards__format_roundtrip);
    RUN(test_cards__format_truncation);
    RUN(test_cards__format_errors);
    RUN(test_cards__strerror);
    RUN(test_cards__version);
    RUN(test_cards__show_any_byte);
    return harness_done();
}
