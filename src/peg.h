/* Events and pegging (peg.c): what both kinds of game call to report what
 * happened and to move a side's peg, the end of the game, and the Crib Wars
 * board that acts on every peg. Not installed. */
#ifndef BFC_PEG_H
#define BFC_PEG_H

#include "state.h"

BFC__HIDDEN_BEGIN

/* A sink gathers a move's events into the caller's buffer; items says
 * whether scoring items are built at all. A NULL sink tells nothing at all
 * (no events, no count, no items, no tally): a playout's moves, whose hot
 * paths then skip every event. */
typedef struct bfc__sink {
    bfc_event *ev;
    size_t cap, n;
    int items;
    uint64_t (*tally)[16]; /* bfc_sim_run: points per seat and source */
} bfc__sink;

/* The sink of a call that takes events: items are built when the caller
 * takes them (a buffer, or the count). */
static inline bfc__sink bfc__sink_make(bfc_event *ev, size_t cap, const size_t *nev)
{
    bfc__sink k = {ev, cap, 0, cap > 0 || nev != NULL, NULL};
    return k;
}
/* Whether items are built (the caller takes events). */
static inline int bfc__items_on(const bfc__sink *k) { return k && k->items; }

/* The next event slot (zeroed, with the common fields), or NULL when the
 * caller's buffer is full; the count goes on either way. A call that takes
 * only the count counts inline; a NULL sink does nothing. */
bfc_event *bfc__push_at(bfc__sink *k, const bfc_game *g, unsigned type, unsigned seat);
static inline bfc_event *bfc__push(bfc__sink *k, const bfc_game *g, unsigned type, unsigned seat)
{
    if (!k)
        return NULL;
    if (k->n >= k->cap) {
        k->n++;
        return NULL;
    }
    return bfc__push_at(k, g, type, seat);
}
/* An event with a card and a slot; nothing but the count in silence. */
static inline void bfc__push_card(bfc__sink *k, const bfc_game *g, unsigned type, unsigned seat,
                                  bfc_card c, unsigned slot)
{
    bfc_event *e = bfc__push(k, g, type, seat);
    if (e) {
        e->card = c;
        e->slot = (uint8_t)slot;
    }
}
/* An event with cards and points. */
void bfc__push_cards_at(bfc__sink *k, const bfc_game *g, unsigned type, unsigned seat,
                        const bfc_card *cards, size_t n, unsigned points);
static inline void bfc__push_cards(bfc__sink *k, const bfc_game *g, unsigned type, unsigned seat,
                                   const bfc_card *cards, size_t n, unsigned points)
{
    if (!k)
        return;
    if (k->n >= k->cap)
        k->n++;
    else
        bfc__push_cards_at(k, g, type, seat, cards, n, points);
}

/* seat scored the point that ends the game (RULES 4.8, 3.7, 3.8). */
void bfc__finish(bfc_game *g, unsigned seat, bfc__sink *k);

/* Crib Wars (RULES 3.9). */
static inline int bfc__board_on(const bfc_game *g) { return g->rules.board.n != 0; }

/* Pegs points for seat's side; returns 1 when that ends the game (RULES
 * 4.8: at once, so the caller scores nothing after it). */
int bfc__peg(bfc_game *g, unsigned seat, unsigned points, bfc__sink *k);
/* SCORE events for items (when the sink builds them), then the points;
 * the whole path when a board, a tally or items are involved. */
int bfc__peg_items_at(bfc_game *g, unsigned seat, unsigned source, const bfc_item *items,
                      size_t n, unsigned points, bfc__sink *k);
/* The same: inline for a silent playout with no board, where it only
 * moves the peg and looks for the end of the game. */
static inline int bfc__peg_items(bfc_game *g, unsigned seat, unsigned source,
                                 const bfc_item *items, size_t n, unsigned points, bfc__sink *k)
{
    if (points == 0) /* no points, no items: nothing to peg or tell */
        return 0;
    if ((k && (k->items || k->tally)) || bfc__board_on(g))
        return bfc__peg_items_at(g, seat, source, items, n, points, k);
    const unsigned side = bfc__side(g, seat);
    g->score[side] = (int16_t)(g->score[side] + (int)points);
    if (g->score[side] >= g->goal[side]) {
        bfc__finish(g, seat, k);
        return 1;
    }
    return 0;
}
/* A single SCORE item of the given kind with its cards. */
int bfc__peg_one_at(bfc_game *g, unsigned seat, unsigned source, unsigned kind,
                    const bfc_card *cards, size_t n, unsigned points, bfc__sink *k);
static inline int bfc__peg_one(bfc_game *g, unsigned seat, unsigned source, unsigned kind,
                               const bfc_card *cards, size_t n, unsigned points, bfc__sink *k)
{
    if (!bfc__items_on(k)) /* no item to build */
        return bfc__peg_items(g, seat, source, NULL, 0, points, k);
    return bfc__peg_one_at(g, seat, source, kind, cards, n, points, k);
}
/* The items of a hand when the sink builds them, else 0. */
int bfc__hand_items_at(const bfc_card *cards, size_t n, bfc_card starter, unsigned flags,
                       bfc_item *items);
static inline int bfc__hand_items(const bfc_card *cards, size_t n, bfc_card starter,
                                  unsigned flags, bfc_item *items, const bfc__sink *k)
{
    return bfc__items_on(k) ? bfc__hand_items_at(cards, n, starter, flags, items) : 0;
}
/* Whether seat's side pegs nothing now (folded, or in the box); if so, a
 * BFC_BOARD_LOST event reports the points. */
int bfc__board_keeps(const bfc_game *g, unsigned seat, unsigned source, unsigned points,
                     bfc__sink *k);
/* A new deal: the side in the box sits it out, or moves out (returns 1
 * when that ended the game). */
int bfc__board_deal(bfc_game *g, bfc__sink *k);

BFC__HIDDEN_END

#endif
