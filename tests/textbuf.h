/* Small text helpers shared by the engine tests (test_game, test_classic):
 * a growing text in a fixed buffer, cards and moves as text. */
#ifndef BFC_TESTS_TEXTBUF_H
#define BFC_TESTS_TEXTBUF_H

#include <stdarg.h>
#include <stdio.h>

#include "bfc.h"

/* A growing text in a fixed buffer (truncated, always NUL-terminated). */
typedef struct sb {
    char *buf;
    size_t cap, len;
} sb;

static inline void sb_put(sb *b, const char *s)
{
    for (; *s; s++, b->len++)
        if (b->len + 1 < b->cap)
            b->buf[b->len] = *s;
    if (b->cap)
        b->buf[b->len < b->cap ? b->len : b->cap - 1] = 0;
}

#if defined(__GNUC__) || defined(__clang__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
/* Splits one line (len bytes) at spaces into tok (words of at most 23
 * bytes); returns the count. */
static inline int split(const char *p, size_t len, char tok[][24], int max)
{
    int n = 0;
    size_t i = 0;
    while (i < len && n < max) {
        while (i < len && p[i] == ' ')
            i++;
        size_t k = 0;
        while (i < len && p[i] != ' ') {
            if (k < 23)
                tok[n][k++] = p[i];
            i++;
        }
        if (k) {
            tok[n][k] = 0;
            n++;
        }
    }
    return n;
}

#endif

PRINTF_LIKE(2, 3) static inline void sb_fmt(sb *b, const char *fmt, ...)
{
    char t[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t, sizeof t, fmt, ap);
    va_end(ap);
    sb_put(b, t);
}

/* A card: "??" when hidden, "-" for none, "<n>" for a byte that is not one. */
static inline void sb_card(sb *b, bfc_card c)
{
    char t[BFC_CARD_TEXT_MAX];
    if (c == BFC_CARD_HIDDEN)
        sb_put(b, "??");
    else if (c == BFC_CARD_NONE)
        sb_put(b, "-");
    else if (bfc_card_format(c, 0, t, sizeof t) < 0)
        sb_fmt(b, "<%u>", (unsigned)c);
    else
        sb_put(b, t);
}

/* A move from its text (complains on stderr when the test wrote a bad one). */
static inline bfc_move M(const char *text)
{
    bfc_move m = BFC_MOVE_NONE;
    if (bfc_move_parse(text, &m) != BFC_OK)
        fprintf(stderr, "bad move in test: %s\n", text);
    return m;
}

/* Splits one line (len bytes) at spaces into tok (words of at most 23
 * bytes); returns the count. */
static inline int split(const char *p, size_t len, char tok[][24], int max)
{
    int n = 0;
    size_t i = 0;
    while (i < len && n < max) {
        while (i < len && p[i] == ' ')
            i++;
        size_t k = 0;
        while (i < len && p[i] != ' ') {
            if (k < 23)
                tok[n][k++] = p[i];
            i++;
        }
        if (k) {
            tok[n][k] = 0;
            n++;
        }
    }
    return n;
}

#endif
