/* Cards: ids, properties, and the text notation of RULES 1. */
#include <string.h>

#include "internal.h"

bfc_card bfc_card_make(int rank, int suit)
{
    if (rank < 1 || rank > 13 || suit < 0 || suit > 3)
        return BFC_CARD_NONE;
    return (bfc_card)((rank - 1) * 4 + suit);
}

int bfc_card_rank(bfc_card c)
{
    if (c == BFC_JOKER)
        return 0;
    return c < BFC_NCARDS ? (int)bfc__rank(c) : BFC_ECARD;
}

int bfc_card_suit(bfc_card c)
{
    if (c == BFC_JOKER)
        return BFC_EJOKER;
    return c < BFC_NCARDS ? (int)bfc__suit(c) : BFC_ECARD;
}

int bfc_card_value(bfc_card c)
{
    return c <= BFC_JOKER ? (int)bfc__value(c) : BFC_ECARD;
}

int bfc__check_cards(const bfc_card *cards, size_t n, int joker_ok, uint64_t *mask)
{
    uint64_t or_ = 0, bad = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t b = bfc__card_bit[cards[i]];
        bad |= b & BFC__BIT_BAD;
        bad |= or_ & b; /* seen before: a duplicate */
        or_ |= b;
    }
    *mask = or_;
    if (bad & BFC__BIT_BAD)
        return BFC_ECARD;
    if (bad)
        return BFC_EDUP;
    if (!joker_ok && (or_ & BFC__BIT_JOKER))
        return BFC_EJOKER;
    return BFC_OK;
}

/* ---- Parsing ------------------------------------------------------------ */

/* UTF-8 of the suit symbols: U+2660..U+2667 are E2 99 A0..A7. The black and
 * white forms of each suit map to the same suit. */
static const uint8_t suit_of_2660[8] = {
    BFC_SPADES,   /* U+2660 black spade */
    BFC_HEARTS,   /* U+2661 white heart */
    BFC_DIAMONDS, /* U+2662 white diamond */
    BFC_CLUBS,    /* U+2663 black club */
    BFC_SPADES,   /* U+2664 white spade */
    BFC_HEARTS,   /* U+2665 black heart */
    BFC_DIAMONDS, /* U+2666 black diamond */
    BFC_CLUBS,    /* U+2667 white club */
};

static const char VS16[] = "\xEF\xB8\x8F"; /* U+FE0F emoji presentation */
static const char JOKER_UTF8[] = "\xF0\x9F\x83\x8F"; /* U+1F0CF */

static int lower(int ch) { return (ch >= 'A' && ch <= 'Z') ? ch + ('a' - 'A') : ch; }

/* Case-insensitive (ASCII only) comparison of s[0..len) with a lower-case word. */
static int word_is(const char *s, size_t len, const char *word)
{
    size_t wl = strlen(word);
    if (len != wl)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (lower((unsigned char)s[i]) != word[i])
            return 0;
    return 1;
}

/* Parses s[0..len) as one card; returns BFC_OK or BFC_EPARSE. */
static int parse_token(const char *s, size_t len, bfc_card *out)
{
    if (word_is(s, len, "jk") || word_is(s, len, "joker") || word_is(s, len, "x") ||
        (len == 4 && memcmp(s, JOKER_UTF8, 4) == 0)) {
        *out = BFC_JOKER;
        return BFC_OK;
    }
    if (len < 2)
        return BFC_EPARSE;
    int rank;
    size_t i = 1;
    switch (lower((unsigned char)s[0])) {
    case 'a': rank = 1; break;
    case 't': rank = 10; break;
    case 'j': rank = 11; break;
    case 'q': rank = 12; break;
    case 'k': rank = 13; break;
    case '1':
        if (s[1] == '0') {
            rank = 10;
            i = 2;
        } else {
            rank = 1;
        }
        break;
    default:
        if (s[0] >= '2' && s[0] <= '9')
            rank = s[0] - '0';
        else
            return BFC_EPARSE;
    }
    const char *t = s + i;
    size_t tl = len - i;
    int suit = -1;
    if (tl == 1) {
        switch (lower((unsigned char)t[0])) {
        case 'c': suit = BFC_CLUBS; break;
        case 'd': suit = BFC_DIAMONDS; break;
        case 'h': suit = BFC_HEARTS; break;
        case 's': suit = BFC_SPADES; break;
        default: return BFC_EPARSE;
        }
    } else if ((tl == 3 || (tl == 6 && memcmp(t + 3, VS16, 3) == 0)) &&
               (unsigned char)t[0] == 0xE2 && (unsigned char)t[1] == 0x99 &&
               (unsigned char)t[2] >= 0xA0 && (unsigned char)t[2] <= 0xA7) {
        suit = suit_of_2660[(unsigned char)t[2] - 0xA0];
    } else {
        return BFC_EPARSE;
    }
    *out = bfc_card_make(rank, suit);
    return BFC_OK;
}

int bfc_card_parse(const char *token, bfc_card *out)
{
    if (!token || !out)
        return BFC_EINVAL;
    return parse_token(token, strlen(token), out);
}

static int is_sep(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f' ||
           ch == ',' || ch == '-';
}

int bfc_cards_parse(const char *text, unsigned flags, bfc_card *out, size_t cap,
                    bfc_parse_error *err)
{
    if (!text || (!out && cap > 0) || (flags & ~BFC_PARSE_JOKER))
        return BFC_EINVAL;
    /* A valid list repeats no card, so it holds at most 53: parse it all
     * into a local array and write only once the whole text is valid. */
    bfc_card cards[BFC_NCARDS + 1];
    uint64_t seen = 0;
    size_t count = 0, pos = 0;
    for (;;) {
        while (text[pos] && is_sep(text[pos]))
            pos++;
        if (!text[pos])
            break;
        size_t start = pos;
        while (text[pos] && !is_sep(text[pos]))
            pos++;
        bfc_card c;
        int rc = parse_token(text + start, pos - start, &c);
        if (rc == BFC_OK && c == BFC_JOKER && !(flags & BFC_PARSE_JOKER))
            rc = BFC_EJOKER;
        if (rc == BFC_OK && (seen & bfc__card_bit[c]))
            rc = BFC_EDUP;
        if (rc != BFC_OK) {
            if (err) {
                err->offset = start;
                err->length = pos - start;
                err->status = rc;
            }
            return rc;
        }
        seen |= bfc__card_bit[c];
        cards[count++] = c;
    }
    for (size_t i = 0; i < count && i < cap; i++)
        out[i] = cards[i];
    return count > (size_t)INT32_MAX ? BFC_EINVAL : (int)count;
}

/* ---- Formatting --------------------------------------------------------- */

static const char ASCII_RANKS[] = "A23456789TJQK";
static const char ASCII_SUITS[] = "CDHS";
static const char *const UNICODE_SUITS[4] = {"\xE2\x99\xA3", "\xE2\x99\xA6", "\xE2\x99\xA5",
                                             "\xE2\x99\xA0"};

/* Writes the card text (no NUL) into t, which holds BFC_CARD_TEXT_MAX bytes;
 * returns its length. c must be valid. */
static size_t card_text(bfc_card c, unsigned flags, char *t)
{
    size_t n = 0;
    if (c == BFC_JOKER) {
        if (flags & BFC_UNICODE) {
            memcpy(t, JOKER_UTF8, 4);
            return 4;
        }
        t[0] = 'J';
        t[1] = 'K';
        return 2;
    }
    unsigned r = bfc__rank(c), s = bfc__suit(c);
    if (!(flags & BFC_UNICODE)) {
        t[0] = ASCII_RANKS[r - 1];
        t[1] = ASCII_SUITS[s];
        return 2;
    }
    if (r == 10) {
        t[n++] = '1';
        t[n++] = '0';
    } else {
        t[n++] = ASCII_RANKS[r - 1];
    }
    memcpy(t + n, UNICODE_SUITS[s], 3);
    return n + 3;
}

/* Appends src[0..len) to buf at *pos, truncating at cap - 1. */
static void put(char *buf, size_t cap, size_t *pos, const char *src, size_t len)
{
    for (size_t i = 0; i < len; i++, (*pos)++)
        if (*pos + 1 < cap)
            buf[*pos] = src[i];
}

static int finish(char *buf, size_t cap, size_t pos)
{
    if (cap > 0)
        buf[pos < cap ? pos : cap - 1] = '\0';
    return pos > (size_t)INT32_MAX ? BFC_EINVAL : (int)pos;
}

int bfc_card_format(bfc_card c, unsigned flags, char *buf, size_t cap)
{
    return bfc_cards_format(&c, 1, flags, buf, cap);
}

int bfc_cards_format(const bfc_card *cards, size_t n, unsigned flags, char *buf, size_t cap)
{
    if ((!cards && n > 0) || (!buf && cap > 0) || (flags & ~BFC_UNICODE))
        return BFC_EINVAL;
    for (size_t i = 0; i < n; i++)
        if (cards[i] > BFC_JOKER)
            return BFC_ECARD;
    size_t pos = 0;
    for (size_t i = 0; i < n; i++) {
        char t[BFC_CARD_TEXT_MAX] = {0};
        if (i > 0)
            put(buf, cap, &pos, " ", 1);
        put(buf, cap, &pos, t, card_text(cards[i], flags, t));
    }
    return finish(buf, cap, pos);
}
