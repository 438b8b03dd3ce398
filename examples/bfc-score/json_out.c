/* The JSON output of bfc-score: one object on one line (bfc-score.h;
 * `bfc-score --help` lists the fields). */
#include <string.h>

#include "bfc-score.h"
#include "json.h"

static void json_card(FILE *f, bfc_card c)
{
    char t[BFC_CARD_TEXT_MAX];
    if (bfc_card_format(c, 0, t, sizeof t) < 0)
        strcpy(t, "??");
    fprintf(f, "\"%s\"", t);
}

static void json_cards(FILE *f, const bfc_card *c, size_t n)
{
    putc('[', f);
    for (size_t i = 0; i < n; i++) {
        if (i)
            fputs(", ", f);
        json_card(f, c[i]);
    }
    putc(']', f);
}

static void json_items(FILE *f, const bfc_item *items, size_t n)
{
    fputs("\"items\": [", f);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? ", {\"kind\": " : "{\"kind\": ", f);
        json_string(f, bfc_item_kind_name(items[i].kind));
        fprintf(f, ", \"points\": %u, \"cards\": ", (unsigned)items[i].points);
        json_cards(f, items[i].cards, items[i].ncards);
        putc('}', f);
    }
    putc(']', f);
}

static void json_hand(FILE *f, const struct hand_out *h)
{
    const bfc_hand_score *s = &h->s;
    fprintf(f,
            "{\"total\": %u, \"fifteens\": %u, \"pairs\": %u, \"runs\": %u, \"flush\": %u, "
            "\"nobs\": %u, \"killed\": %s, ",
            (unsigned)s->total, (unsigned)s->fifteens, (unsigned)s->pairs, (unsigned)s->runs,
            (unsigned)s->flush, (unsigned)s->nobs, s->killed ? "true" : "false");
    json_items(f, h->items, h->nitems);
    putc('}', f);
}

static void json_battlefield(FILE *f, const struct result *r)
{
    fprintf(f, "{\"best\": %d, \"legal_lay_away\": [", r->bf.best);
    const char *sep = "";
    for (unsigned i = 0; i < 5; i++)
        if (r->bf.legal >> i & 1u) {
            fprintf(f, "%s%u", sep, i);
            sep = ", ";
        }
    fputs("], \"by_lay_away\": [", f);
    for (size_t i = 0; i < 5; i++) {
        if (i)
            fputs(", ", f);
        json_hand(f, &r->hand[i]);
    }
    fputs("]}", f);
}

static void json_frontline(FILE *f, const struct result *r)
{
    const bfc_frontline_score *s = &r->fl;
    fprintf(f, "{\"renewed\": %s, \"sum\": %u, \"length\": %u, \"fifteen_31\": %u, ",
            s->renewed ? "true" : "false", (unsigned)s->sum, (unsigned)s->length,
            (unsigned)s->fifteen_31);
    if (s->combination && s->combo_cards >= 2 && s->combo_cards <= r->n) {
        fprintf(f, "\"combination\": {\"k\": %u, \"name\": ", (unsigned)s->combo_cards);
        json_string(f, bfc_combo_name(s->combo));
        fprintf(f, ", \"points\": %u, \"cards\": ", (unsigned)s->combination);
        json_cards(f, r->cards + r->n - s->combo_cards, s->combo_cards);
        fputs("}, ", f);
    } else {
        fputs("\"combination\": null, ", f);
    }
    fprintf(f,
            "\"last_card\": %u, \"placer_points\": %u, \"go_point\": %u, "
            "\"knobs_dealer\": %u, ",
            (unsigned)s->last_card, (unsigned)s->placer_points, (unsigned)s->go_point,
            (unsigned)s->knobs_dealer);
    json_items(f, r->items, r->nitems);
    putc('}', f);
}

static void json_peg(FILE *f, const struct result *r)
{
    const bfc_peg_score *s = &r->peg;
    fprintf(f,
            "{\"count\": %u, \"fifteen_31\": %u, \"pairs\": %u, \"runs\": %u, \"flush\": %u, "
            "\"total\": %u, ",
            (unsigned)s->count, (unsigned)s->fifteen_31, (unsigned)s->pairs, (unsigned)s->runs,
            (unsigned)s->flush, (unsigned)s->total);
    json_items(f, r->items, r->nitems);
    putc('}', f);
}

void json_result(FILE *f, const struct opts *o, const struct result *r)
{
    switch (o->mode) {
    case M_BATTLEFIELD:
        json_battlefield(f, r);
        break;
    case M_FRONTLINE:
        json_frontline(f, r);
        break;
    case M_PEG:
        json_peg(f, r);
        break;
    case M_SHOW:
    case M_RESERVE:
    case M_CEASEFIRE:
    case NMODES:
        json_hand(f, &r->hand[0]);
        break;
    }
    putc('\n', f);
}

void json_error(FILE *f, const char *msg, unsigned long line)
{
    fputs("{\"error\": ", f);
    json_string(f, msg);
    fprintf(f, ", \"line\": %lu}\n", line);
}
