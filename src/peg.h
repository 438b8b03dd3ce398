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

/* How a move is made. Each move of either kind of game is written once,
 * as an inline body taking one of these as a constant, and instantiated
 * by small wrappers for the modes that pay (the Battlefield moves told and
 * quiet; the classic moves told and plain):
 *   BFC__TOLD   any sink, NULL or not, and any rules: the general way;
 *   BFC__QUIET  no sink (NULL): nothing is told;
 *   BFC__PLAIN  no sink, and a plain classic game (bfc_game.plain): the
 *               rules of RULES 3.1 as written, no board, no muggins. */
enum { BFC__TOLD = 0, BFC__QUIET = 1, BFC__PLAIN = 2 };

/* seat scored the point that ends the game (RULES 4.8, 3.7, 3.8). */
void bfc__finish(bfc_game *g, unsigned seat, bfc__sink *k);

/* Crib Wars (RULES 3.9). */
static inline int bfc__board_on(const bfc_game *g) { return g->rules.board.n != 0; }

/* seat's side has moved its peg to `score`: the game ends when that
 * reaches the side's goal (RULES 4.8: at once; 3.7: backward, the side
 * that reaches the target loses; bfc__finish sorts out who won). Returns 1
 * when the game ended. */
static inline int bfc__peg_to(bfc_game *g, unsigned seat, int score, bfc__sink *k)
{
    const unsigned side = bfc__side(g, seat);
    g->score[side] = (int16_t)score;
    if (score < g->goal[side])
        return 0;
    bfc__finish(g, seat, k);
    return 1;
}

/* The long way of bfc__peg: the Crib Wars board (a folded or boxed side
 * pegs nothing; the hole landed on acts), the tally of bfc_sim_run, the
 * SCORE events of the items. */
int bfc__peg_long(bfc_game *g, unsigned seat, unsigned source, const bfc_item *items, size_t n,
                  unsigned points, bfc__sink *k);

/* The one door for points: seat's side pegs `points` from `source`, told
 * as the SCORE items items[0..n) when the sink builds them (items may be
 * NULL when n is 0). Returns 1 when that ends the game (RULES 4.8: at once,
 * so the caller scores nothing after it). */
BFC__INLINE int bfc__peg(bfc_game *g, unsigned seat, unsigned source, const bfc_item *items,
                         size_t n, unsigned points, bfc__sink *k, const int mode)
{
    if (points == 0) /* no points, no items: nothing to peg or tell */
        return 0;
    if (mode != BFC__PLAIN && ((k && (k->items || k->tally)) || bfc__board_on(g)))
        return bfc__peg_long(g, seat, source, items, n, points, k);
    return bfc__peg_to(g, seat, g->score[bfc__side(g, seat)] + (int)points, k);
}

/* A single SCORE item of the given kind with its cards. */
int bfc__peg_one_at(bfc_game *g, unsigned seat, unsigned source, unsigned kind,
                    const bfc_card *cards, size_t n, unsigned points, bfc__sink *k);
BFC__INLINE int bfc__peg_one(bfc_game *g, unsigned seat, unsigned source, unsigned kind,
                             const bfc_card *cards, size_t n, unsigned points, bfc__sink *k,
                             const int mode)
{
    if (mode != BFC__TOLD || !bfc__items_on(k)) /* no item to build */
        return bfc__peg(g, seat, source, NULL, 0, points, k, mode);
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
/* A new deal: the side in the box sits it out, or moves out (returns 1
 * when that ended the game). */
int bfc__board_deal(bfc_game *g, bfc__sink *k);

BFC__HIDDEN_END

#endif
