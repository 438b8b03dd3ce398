/* Fuzz target: card text (bfc_cards_parse, bfc_card_parse, bfc_cards_format).
 *
 * The input bytes are the text (up to the first NUL byte) and, separately,
 * card ids for the formatter. Invariants, for both parse flags and output
 * capacities 0, 1, 5 and 64:
 *   - never a crash; a status from the documented set;
 *   - the count does not depend on the capacity; min(count, cap) cards are
 *     written and nothing beyond them; the cards are valid and distinct;
 *   - formatting the cards (ASCII and Unicode) and parsing the text back
 *     gives the same cards; the formatter is snprintf-consistent;
 *   - on failure, err names a token of the text (offset + length <= strlen,
 *     empty only at the end), everything before it parses, and the token is
 *     bad for the reason given; nothing is written to out;
 *   - bfc_card_parse on the whole text agrees with bfc_cards_parse.
 */
#include <stdlib.h>
#include <string.h>

#include "bfc.h"
#include "fuzz.h"

const char fuzz_target_name[] = "fuzz_parse";

#define MAXCARDS 64 /* more than the 53 distinct cards a list can hold */
#define GUARD 8     /* sentinel slots after the capacity */

static const size_t CAPS[] = {0, 1, 5, MAXCARDS};

/* The separators of bfc_cards_parse: whitespace, commas, hyphens. */
static int is_sep(unsigned char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f' ||
           ch == ',' || ch == '-';
}

static char *dup_range(const char *s, size_t n)
{
    char *t = malloc(n + 1);
    if (!t)
        abort();
    memcpy(t, s, n);
    t[n] = '\0';
    return t;
}

/* bfc_cards_parse with a large buffer; returns its status/count. */
static int parse_all(const char *text, unsigned flags, bfc_card out[MAXCARDS],
                     bfc_parse_error *err)
{
    memset(err, FUZZ_SENTINEL, sizeof *err);
    return bfc_cards_parse(text, flags, out, MAXCARDS, err);
}

/* Valid and pairwise distinct cards. */
static void check_card_set(const bfc_card *c, size_t n, unsigned flags)
{
    uint64_t seen = 0;
    int joker = 0;
    for (size_t i = 0; i < n; i++) {
        FUZZ_CHECK(c[i] <= BFC_JOKER);
        if (c[i] == BFC_JOKER) {
            FUZZ_CHECK(!joker);
            joker = 1;
            FUZZ_CHECK(flags & BFC_PARSE_JOKER);
        } else {
            FUZZ_CHECK(!(seen >> c[i] & 1));
            seen |= UINT64_C(1) << c[i];
        }
    }
}

/* bfc_cards_format of valid cards is snprintf-consistent and parses back. */
static void check_format_roundtrip(const bfc_card *cards, size_t n)
{
    for (unsigned fmt = 0; fmt <= BFC_UNICODE; fmt += BFC_UNICODE) {
        char big[MAXCARDS * 8];
        int len = bfc_cards_format(cards, n, fmt, big, sizeof big);
        FUZZ_CHECK(len >= 0 && (size_t)len < sizeof big);
        FUZZ_CHECK(strlen(big) == (size_t)len);
        FUZZ_CHECK(bfc_cards_format(cards, n, fmt, NULL, 0) == len);
        /* truncated outputs: a NUL-terminated prefix, nothing past cap */
        const size_t caps[] = {1, 2, 7, (size_t)len, (size_t)len + 1};
        for (size_t k = 0; k < sizeof caps / sizeof caps[0]; k++) {
            char small[MAXCARDS * 8 + GUARD];
            size_t cap = caps[k];
            if (cap == 0)
                continue;
            memset(small, FUZZ_SENTINEL, sizeof small);
            FUZZ_CHECK(bfc_cards_format(cards, n, fmt, small, cap) == len);
            size_t w = (size_t)len < cap ? (size_t)len : cap - 1;
            FUZZ_CHECK(memcmp(small, big, w) == 0 && small[w] == '\0');
            FUZZ_CHECK(fuzz_all_sentinel(small + cap, GUARD));
        }
        /* the text of each card alone */
        size_t sum = n ? n - 1 : 0;
        for (size_t i = 0; i < n; i++) {
            char one[BFC_CARD_TEXT_MAX];
            int l1 = bfc_card_format(cards[i], fmt, one, sizeof one);
            FUZZ_CHECK(l1 >= 2 && l1 < BFC_CARD_TEXT_MAX);
            if (!fmt)
                FUZZ_CHECK(l1 == 2);
            bfc_card back = (bfc_card)FUZZ_SENTINEL;
            FUZZ_CHECK(bfc_card_parse(one, &back) == BFC_OK && back == cards[i]);
            sum += (size_t)l1;
        }
        FUZZ_CHECK(sum == (size_t)len);
        /* and the whole list parses back to the same cards */
        bfc_card again[MAXCARDS];
        bfc_parse_error err;
        FUZZ_CHECK(parse_all(big, BFC_PARSE_JOKER, again, &err) == (int)n);
        FUZZ_CHECK(memcmp(again, cards, n) == 0);
    }
}

/* The checks of one parse flag value; returns the status/count. */
static int check_parse(const char *text, size_t len, unsigned flags, bfc_card cards[MAXCARDS],
                       bfc_parse_error *err)
{
    int rc = parse_all(text, flags, cards, err);
    /* every capacity gives the same answer and writes min(count, cap) cards */
    for (size_t k = 0; k < sizeof CAPS / sizeof CAPS[0]; k++) {
        bfc_card out[MAXCARDS + GUARD];
        bfc_parse_error e;
        memset(out, FUZZ_SENTINEL, sizeof out);
        memset(&e, FUZZ_SENTINEL, sizeof e);
        size_t cap = CAPS[k];
        FUZZ_CHECK(bfc_cards_parse(text, flags, out, cap, &e) == rc);
        if (rc >= 0) {
            size_t w = (size_t)rc < cap ? (size_t)rc : cap;
            FUZZ_CHECK(memcmp(out, cards, w) == 0);
            FUZZ_CHECK(fuzz_all_sentinel(out + w, sizeof out - w));
            FUZZ_CHECK(fuzz_all_sentinel(&e, sizeof e));
        } else {
            /* bfc.h: a rejected call writes nothing through its out-pointers */
            FUZZ_CHECK(fuzz_all_sentinel(out, sizeof out));
            FUZZ_CHECK(memcmp(&e, err, sizeof e) == 0);
        }
        if (cap == 0)
            FUZZ_CHECK(bfc_cards_parse(text, flags, NULL, 0, NULL) == rc);
    }
    if (rc >= 0) {
        FUZZ_CHECK(rc <= 53);
        check_card_set(cards, (size_t)rc, flags);
        check_format_roundtrip(cards, (size_t)rc);
        return rc;
    }
    /* a failure names one token of the text */
    FUZZ_CHECK(rc == BFC_EPARSE || rc == BFC_EDUP || rc == BFC_EJOKER);
    FUZZ_CHECK(err->status == rc);
    FUZZ_CHECK(err->offset <= len && err->length <= len - err->offset);
    FUZZ_CHECK(err->length > 0 || err->offset == len);
    FUZZ_CHECK(err->offset == 0 || is_sep((unsigned char)text[err->offset - 1]));
    FUZZ_CHECK(err->offset + err->length == len ||
               is_sep((unsigned char)text[err->offset + err->length]));
    for (size_t i = 0; i < err->length; i++)
        FUZZ_CHECK(!is_sep((unsigned char)text[err->offset + i]));
    /* everything before the token parses */
    char *prefix = dup_range(text, err->offset);
    bfc_card before[MAXCARDS];
    bfc_parse_error e2;
    int nb = parse_all(prefix, flags, before, &e2);
    free(prefix);
    FUZZ_CHECK(nb >= 0);
    /* and the token is bad for the reason given */
    char *token = dup_range(text + err->offset, err->length);
    bfc_card c = (bfc_card)FUZZ_SENTINEL;
    int one = bfc_card_parse(token, &c);
    free(token);
    if (rc == BFC_EPARSE) {
        FUZZ_CHECK(one == BFC_EPARSE && c == (bfc_card)FUZZ_SENTINEL);
    } else {
        FUZZ_CHECK(one == BFC_OK);
        if (rc == BFC_EJOKER)
            FUZZ_CHECK(c == BFC_JOKER && !(flags & BFC_PARSE_JOKER));
        else
            FUZZ_CHECK(nb > 0 && memchr(before, c, (size_t)nb) != NULL);
    }
    return rc;
}

/* Card ids straight from the bytes: the formatter rejects any non-card and
 * writes nothing then; otherwise its text parses back. */
static void check_format_bytes(const uint8_t *data, size_t size)
{
    size_t n = size < MAXCARDS ? size : MAXCARDS;
    int bad = 0, dup = 0;
    uint64_t seen = 0;
    for (size_t i = 0; i < n; i++) {
        if (data[i] > BFC_JOKER)
            bad = 1;
        else if (seen >> data[i] & 1)
            dup = 1;
        else
            seen |= UINT64_C(1) << data[i];
    }
    for (unsigned fmt = 0; fmt <= BFC_UNICODE; fmt += BFC_UNICODE) {
        char buf[MAXCARDS * 8];
        memset(buf, FUZZ_SENTINEL, sizeof buf);
        int len = bfc_cards_format(data, n, fmt, buf, sizeof buf);
        if (bad) {
            FUZZ_CHECK(len == BFC_ECARD);
            FUZZ_CHECK(fuzz_all_sentinel(buf, sizeof buf));
            FUZZ_CHECK(bfc_cards_format(data, n, fmt, NULL, 0) == BFC_ECARD);
            continue;
        }
        FUZZ_CHECK(len >= 0 && (size_t)len < sizeof buf);
        bfc_card back[MAXCARDS];
        bfc_parse_error err;
        int rc = parse_all(buf, BFC_PARSE_JOKER, back, &err);
        if (dup) {
            FUZZ_CHECK(rc == BFC_EDUP);
        } else {
            FUZZ_CHECK(rc == (int)n && memcmp(back, data, n) == 0);
        }
    }
    /* single cards, every byte value */
    if (size > 0) {
        char one[BFC_CARD_TEXT_MAX + GUARD];
        memset(one, FUZZ_SENTINEL, sizeof one);
        int l = bfc_card_format(data[0], size > 1 ? data[1] : 0, one, BFC_CARD_TEXT_MAX);
        if (data[0] > BFC_JOKER || (size > 1 && (data[1] & ~BFC_UNICODE)))
            FUZZ_CHECK(l < 0 && fuzz_all_sentinel(one, sizeof one));
        else
            FUZZ_CHECK(l >= 2 && l < BFC_CARD_TEXT_MAX && strlen(one) == (size_t)l &&
                       fuzz_all_sentinel(one + BFC_CARD_TEXT_MAX, GUARD));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = dup_range((const char *)data, size);
    const size_t len = strlen(text);

    bfc_card with[MAXCARDS], without[MAXCARDS];
    bfc_parse_error ew, eo;
    int rw = check_parse(text, len, BFC_PARSE_JOKER, with, &ew);
    int ro = check_parse(text, len, 0, without, &eo);

    /* the two flag values agree but for the joker */
    const int has_joker = rw >= 0 && memchr(with, BFC_JOKER, (size_t)rw) != NULL;
    if (rw >= 0 && !has_joker)
        FUZZ_CHECK(ro == rw && memcmp(with, without, (size_t)rw) == 0);
    if (has_joker)
        FUZZ_CHECK(ro == BFC_EJOKER);
    if (ro >= 0)
        FUZZ_CHECK(rw == ro);
    if (rw < 0) {
        FUZZ_CHECK(ro < 0);
        FUZZ_CHECK(ro == BFC_EJOKER ? eo.offset < ew.offset
                                    : ro == rw && memcmp(&eo, &ew, sizeof eo) == 0);
    }
    if (ro == BFC_EJOKER)
        FUZZ_CHECK(rw >= 0 || ew.offset > eo.offset);

    /* unknown flags and bad pointers are rejected */
    FUZZ_CHECK(bfc_cards_parse(text, 0x2u, with, MAXCARDS, NULL) == BFC_EINVAL);
    FUZZ_CHECK(bfc_cards_parse(text, 0x80000000u, NULL, 0, NULL) == BFC_EINVAL);
    FUZZ_CHECK(bfc_cards_parse(text, 0, NULL, 1, NULL) == BFC_EINVAL);
    FUZZ_CHECK(bfc_cards_parse(NULL, 0, NULL, 0, NULL) == BFC_EINVAL);

    /* one card: the whole text, no separators allowed */
    bfc_card c = (bfc_card)FUZZ_SENTINEL;
    int one = bfc_card_parse(text, &c);
    FUZZ_CHECK(one == BFC_OK || one == BFC_EPARSE);
    if (one == BFC_OK) {
        FUZZ_CHECK(c <= BFC_JOKER);
        FUZZ_CHECK(rw == 1 && with[0] == c);
    } else {
        FUZZ_CHECK(c == (bfc_card)FUZZ_SENTINEL);
        int has_sep = 0;
        for (size_t i = 0; i < len; i++)
            has_sep |= is_sep((unsigned char)text[i]);
        FUZZ_CHECK(has_sep || rw != 1);
    }
    FUZZ_CHECK(bfc_card_parse(text, NULL) == BFC_EINVAL);
    FUZZ_CHECK(bfc_card_parse(NULL, &c) == BFC_EINVAL);

    check_format_bytes(data, size);
    free(text);
    return 0;
}
