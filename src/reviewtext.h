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

/* sqrt x for x >= 0 (0 otherwise), without libm (search.c). */
double bfc__sqrt(double x);

/* The next decision bot begins searches only among[0..n) (n at most 2;
 * the legal ones of them), tries them in turn rather than by UCB1, and
 * runs at least `iterations` (ISMCTS; the config's if more): the
 * review's second
 * search, which compares the move made with the bot's choice (search.c).
 * BFC_OK or BFC_EINVAL. */
int bfc__search_restrict(bfc_search *s, const bfc_move *among, unsigned n, uint32_t iterations);

/* on 1: clears the bot's interrupt flag, and the decisions begun from now
 * on keep it (so that bfc_search_interrupt() between two of a review's
 * searches stops the review); on 0: they clear it again, as bfc.h says.
 * BFC_OK or BFC_EINVAL (NULL, a decision in steps running). */
int bfc__search_keep_stop(bfc_search *s, int on);

/* 1: bfc_search_interrupt() has set the bot's flag (not cleared since). */
int bfc__search_stopped(bfc_search *s);

/* The bot's config (NULL for NULL). */
const bfc_search_config *bfc__search_config(const bfc_search *s);

/* The rules the bot was made with (NULL for NULL). */
const bfc_rules *bfc__search_rules(const bfc_search *s);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#endif
