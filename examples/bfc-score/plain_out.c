/* The plain output of bfc-score: the cards, the count as a player says
 * it, then the breakdown (bfc-score.h). */
#include <stdlib.h>
#include <string.h>

#include "bfc-score.h"

static void plain_cards(FILE *f, const bfc_card *c, size_t n, unsigned fmt)
{
    for (size_t i = 0; i < n; i++) {
        char t[BFC_CARD_TEXT_MAX];
        if (bfc_card_format(c[i], fmt, t, sizeof t) < 0)
            strcpy(t, "??");
        fprintf(f, i ? " %s" : "%s", t);
    }
}

/* The narration of items ("fifteen two, and a pair is four"). */
static void plain_narrate(FILE *f, const bfc_item *items, size_t n)
{
    char small[1024];
    const int len = bfc_items_narrate(items, n, small, sizeof small);
    if (len < 0) {
        fputs("(cannot narrate the count)", f);
        return;
    }
    char *big = (size_t)len < sizeof small ? NULL : malloc((size_t)len + 1);
    if (big)
        bfc_items_narrate(items, n, big, (size_t)len + 1);
    fputs(big ? big : small, f);
    free(big);
}

/* The count as it is said, then the summary line: the total as a number
 * (for a reader, and for a script grepping the output), then its parts
 * under their JSON names. */
static void plain_breakdown(FILE *f, const struct hand_out *h)
{
    if (h->s.killed) {
        fputs("killed by the joker: nothing\ntotal 0 (killed)\n", f);
        return;
    }
    plain_narrate(f, h->items, h->nitems);
    fprintf(f, "\ntotal %u (fifteens %u, pairs %u, runs %u, flush %u, nobs %u)\n",
            (unsigned)h->s.total, (unsigned)h->s.fifteens, (unsigned)h->s.pairs,
            (unsigned)h->s.runs, (unsigned)h->s.flush, (unsigned)h->s.nobs);
}

/* A show, a reserve or a cease-fire: the cards, then the count. */
static void plain_show(FILE *f, const struct opts *o, const struct result *r, unsigned fmt)
{
    const bfc_card *c = r->cards;
    if (o->mode == M_SHOW) {
        fprintf(f, "%s: ", o->crib ? "crib" : "hand");
        plain_cards(f, c, r->n - 1, fmt);
        fputs(", starter: ", f);
        plain_cards(f, c + r->n - 1, 1, fmt);
        fprintf(f, "  (%s)\n", show_name(o));
    } else if (o->mode == M_RESERVE) {
        fputs("reserve: ", f);
        plain_cards(f, c, 4, fmt);
        fputs(", turn: ", f);
        plain_cards(f, c + 4, 1, fmt);
        putc('\n', f);
    } else {
        fputs("formation: ", f);
        plain_cards(f, c, 5, fmt);
        fputs("  (cease-fire, no turn card)\n", f);
    }
    plain_breakdown(f, &r->hand[0]);
}

static void plain_battlefield(FILE *f, const struct result *r, unsigned fmt)
{
    const bfc_card *c = r->cards;
    fputs("formation: ", f);
    plain_cards(f, c, 5, fmt);
    fputs(", turn: ", f);
    plain_cards(f, c + 5, 1, fmt);
    fprintf(f, "\nbest: %d\nlegal lay-aways:", r->bf.best);
    for (size_t i = 0; i < 5; i++)
        if (r->bf.legal >> i & 1u) {
            fprintf(f, " [%zu] ", i);
            plain_cards(f, c + i, 1, fmt);
        }
    putc('\n', f);
    for (size_t i = 0; i < 5; i++) {
        fprintf(f, "%c [%zu] lay away ", (r->bf.legal >> i & 1u) ? '*' : ' ', i);
        plain_cards(f, c + i, 1, fmt);
        fprintf(f, " for %u: ", (unsigned)r->hand[i].s.total);
        if (r->hand[i].s.killed)
            fputs("killed by the joker: nothing", f);
        else
            plain_narrate(f, r->hand[i].items, r->hand[i].nitems);
        putc('\n', f);
    }
}

/* What a frontline placement did besides its items: the sum or the
 * renewal, the combination, the last card, the go and knobs. */
static void frontline_details(FILE *f, const struct opts *o, const struct result *r,
                              unsigned fmt)
{
    const bfc_frontline_score *s = &r->fl;
    const bfc_card *c = r->cards;
    const size_t n = r->n;
    if (s->renewed) {
        fputs("renewed: the sum would pass 31, so the frontline goes out of play and ", f);
        plain_cards(f, c + n - 1, 1, fmt);
        fprintf(f, " begins a new one (sum %u)\n", (unsigned)s->sum);
    } else {
        fprintf(f, "sum: %u (%u card%s on the frontline)\n", (unsigned)s->sum,
                (unsigned)s->length, s->length == 1 ? "" : "s");
    }
    if (s->combination && s->combo_cards >= 2 && s->combo_cards <= n) {
        fprintf(f, "combination: %s (", bfc_combo_name(s->combo));
        plain_cards(f, c + n - s->combo_cards, s->combo_cards, fmt);
        fprintf(f, ") for %u\n", (unsigned)s->combination);
    } else if (!s->renewed) {
        fputs("combination: none\n", f);
    }
    if (o->turn_card)
        fprintf(f, "last card: %u%s\n", (unsigned)s->last_card,
                s->last_card ? "" : s->renewed ? " (none after a renewal)" : " (none at 31)");
    fprintf(f, "placer scores %u\n", (unsigned)s->placer_points);
    if (s->go_point)
        fprintf(f, "go: the player to the placer's right scores %u\n", (unsigned)s->go_point);
    if (s->knobs_dealer)
        fprintf(f, "knobs: the dealer scores %u for the jack turn card\n",
                (unsigned)s->knobs_dealer);
}

static void plain_frontline(FILE *f, const struct opts *o, const struct result *r, unsigned fmt)
{
    const bfc_card *c = r->cards;
    const size_t n = r->n;
    fputs("frontline: ", f);
    if (n > 1)
        plain_cards(f, c, n - 1, fmt);
    else
        fputs("(empty)", f);
    fputs(", placed: ", f);
    plain_cards(f, c + n - 1, 1, fmt);
    fputs(o->turn_card ? " (the turn card)\n" : "\n", f);
    plain_narrate(f, r->items, r->nitems);
    putc('\n', f);
    frontline_details(f, o, r, fmt);
}

static void plain_peg(FILE *f, const struct opts *o, const struct result *r, unsigned fmt)
{
    fputs("play: ", f);
    plain_cards(f, r->cards, r->n, fmt);
    fprintf(f, "  (count %u%s)\n", (unsigned)r->peg.count, o->noddy ? ", Noddy" : "");
    plain_narrate(f, r->items, r->nitems);
    fprintf(f, "\ntotal %u (fifteen_31 %u, pairs %u, runs %u", (unsigned)r->peg.total,
            (unsigned)r->peg.fifteen_31, (unsigned)r->peg.pairs, (unsigned)r->peg.runs);
    if (o->noddy)
        fprintf(f, ", flush %u", (unsigned)r->peg.flush);
    fputs(")\n", f);
}

void plain_result(FILE *f, const struct opts *o, const struct result *r)
{
    const unsigned fmt = o->unicode ? BFC_UNICODE : 0u;
    switch (o->mode) {
    case M_BATTLEFIELD:
        plain_battlefield(f, r, fmt);
        break;
    case M_FRONTLINE:
        plain_frontline(f, o, r, fmt);
        break;
    case M_PEG:
        plain_peg(f, o, r, fmt);
        break;
    case M_SHOW:
    case M_RESERVE:
    case M_CEASEFIRE:
    case NMODES:
        plain_show(f, o, r, fmt);
        break;
    }
}
