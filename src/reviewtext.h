/* Text for the review and the explanations (review.c, explain.c): a
 * caller's buffer filled snprintf-style, numbers written without the C
 * library's locale (a point is always the decimal mark). Not installed. */
#ifndef BFC_REVIEWTEXT_H
#define BFC_REVIEWTEXT_H

#include <stddef.h>
#include <stdint.h>

#include "bfc.h"

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(hidden)
#endif

typedef struct rtext {
    char *buf;
    size_t cap;
    size_t len; /* the length the whole text needs */
} rtext;

void bfc__rt_put(rtext *t, const char *s);
void bfc__rt_num(rtext *t, long long v);
void bfc__rt_unum(rtext *t, uint64_t v);
/* v with `decimals` (0..4) decimals, rounded half away from zero */
void bfc__rt_fixed(rtext *t, double v, int decimals);
/* 100 * v with one decimal and "%" */
void bfc__rt_pct(rtext *t, double v);
void bfc__rt_card(rtext *t, bfc_card c, unsigned flags);
/* NUL-terminates; the length needed, or BFC_EINVAL past INT_MAX */
int bfc__rt_end(rtext *t);
/* A move's text as bfc_move_format() writes it, its cards in the form of
 * flags (BFC_UNICODE). snprintf-style; BFC_EINVAL for a bad move. */
int bfc__move_text(bfc_move m, unsigned flags, char *buf, size_t cap);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#endif
