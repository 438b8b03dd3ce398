/* Events and pegging: how a move reports what happened, how a side's peg
 * moves, the end of the game (RULES 4.8, 3.7, 3.8, 5), and the Crib Wars
 * board (RULES 3.9, seed 003), whose special holes act on every peg. The
 * rules of the board are written out in bfc.h. */
#include <string.h>

#include "peg.h"

#define NONE BFC__NONE8

/* ---- Events ------------------------------------------------------------- */

bfc_event *bfc__push_at(bfc__sink *k, const bfc_game *g, unsigned type, unsigned seat)
{
    bfc_event *e = NULL;
    if (k->n < k->cap) {
        e = &k->ev[k->n];
        memset(e, 0, sizeof *e);
        e->type = (uint8_t)type;
        e->seat = (uint8_t)seat;
        e->side = seat < g->players ? (uint8_t)bfc__side(g, seat) : BFC__NONE8;
        e->card = BFC_CARD_NONE;
        e->slot = BFC__NONE8;
        e->turn = (uint16_t)(g->turns > 0xFFFFu ? 0xFFFFu : g->turns);
    }
    k->n++;
    return e;
}

void bfc__push_cards_at(bfc__sink *k, const bfc_game *g, unsigned type, unsigned seat,
                        const bfc_card *cards, size_t n, unsigned points)
{
    bfc_event *e = bfc__push_at(k, g, type, seat);
    if (e) {
        e->points = (uint8_t)points;
        e->item.ncards = (uint8_t)n;
        memcpy(e->item.cards, cards, n);
    }
}

/* ---- Scoring and the end of the game ------------------------------------- */

/* The games the win is worth against one losing side (RULES 5), judged on
 * that side's own score and target. Every line is measured on a side's own
 * way to go, its target minus its score (D17: captain's cribbage, where the
 * captain plays to half the team's target): the skunk and lurch lines on
 * the loser's, the margin as the loser's way to go less the winner's (the
 * plain score difference when the targets are equal). */
static int value_against(const bfc_game *g, unsigned loser)
{
    if (g->rules.variant == BFC_VARIANT_SOLITAIRE || (g->rules.flags & BFC_RULE_BACKWARD))
        return 1;
    const int l = g->score[loser], t = bfc__target(g, loser);
    const int margin = (t - l) - (bfc__target(g, g->winner) - g->score[g->winner]);
    switch (g->rules.value) {
    case BFC_VALUE_SKUNK:
        return l < t - 60 ? 4 : l < t - 30 ? 2 : 1;
    case BFC_VALUE_MARGIN:
        return margin >= 61 ? 4 : margin >= 31 ? 2 : 1;
    case BFC_VALUE_LURCH:
        return 2 * l < t ? 2 : 1;
    default:
        return 1;
    }
}

/* Whether side lost the finished game: backward games have one loser,
 * the side that reached the target (RULES 3.7). */
static int is_loser(const bfc_game *g, unsigned side)
{
    if (side == g->winner)
        return 0;
    if (g->rules.flags & BFC_RULE_BACKWARD)
        return g->score[side] >= bfc__target(g, side);
    return 1;
}

int bfc_game_values(const bfc_game *g, int *out, size_t cap)
{
    if (!g || (!out && cap > 0))
        return BFC_EINVAL;
    for (unsigned s = 0; s < g->sides && s < cap; s++)
        out[s] = g->over && g->winner != BFC__NONE8 && is_loser(g, s) ? value_against(g, s) : 0;
    return g->sides;
}

/* Adds up what each loser pays under the rules' convention (RULES 5: each
 * loser pays, the winner takes the sum; or only the best or the worst
 * loser pays). f gives one loser's payment. */
static int collect(const bfc_game *g, int (*f)(const bfc_game *, unsigned))
{
    const unsigned only = g->rules.flags & (BFC_RULE_PAY_BEST_LOSER | BFC_RULE_PAY_WORST_LOSER);
    int sum = 0, pick = -1;
    unsigned at = BFC__NONE8;
    for (unsigned s = 0; s < g->sides; s++) {
        if (!is_loser(g, s))
            continue;
        sum += f(g, s);
        const int sc = g->score[s];
        if (at == BFC__NONE8 || (only == BFC_RULE_PAY_BEST_LOSER ? sc > pick : sc < pick)) {
            pick = sc;
            at = s;
        }
    }
    return !only || at == BFC__NONE8 ? sum : f(g, at);
}

int bfc_game_value(const bfc_game *g)
{
    if (!g)
        return BFC_EINVAL;
    if (!g->over || g->winner == BFC__NONE8)
        return 0;
    if (g->rules.variant == BFC_VARIANT_SOLITAIRE)
        return 1; /* won: no one else to pay */
    return collect(g, value_against);
}

/* The match points of a win against one losing side (bfc.h, BFC_MATCH_*):
 * a win, a skunk (below the target - 30), a double skunk (below - 60), the
 * loser's own target (D17). */
static int match_against(const bfc_game *g, unsigned loser)
{
    static const uint8_t table[][3] = {
        {1, 1, 1}, {0, 0, 0}, {2, 3, 3}, {1, 2, 4}, {3, 4, 4}, {1, 2, 3},
    };
    if (g->rules.match_points == BFC_MATCH_VALUE)
        return value_against(g, loser);
    const int l = g->score[loser], t = bfc__target(g, loser);
    const unsigned kind = (g->rules.flags & BFC_RULE_BACKWARD) ? 0u : l < t - 60 ? 2u
                                                               : l < t - 30      ? 1u
                                                                                 : 0u;
    return table[g->rules.match_points][kind];
}

/* Backward cribbage (RULES 3.7): seat reached the target and lost. The
 * winner is the lowest other side, ties to the first from seat's left;
 * its first seat from there is the "winning seat". */
static void backward_winner(bfc_game *g, unsigned seat)
{
    const unsigned lost = bfc__side(g, seat);
    unsigned best = BFC__NONE8, at = BFC__NONE8;
    for (unsigned i = 1, t = bfc__left(g, seat); i < g->players; i++, t = bfc__left(g, t)) {
        const unsigned d = bfc__side(g, t);
        if (d != lost && (best == BFC__NONE8 || g->score[d] < g->score[best])) {
            best = d;
            at = t;
        }
    }
    g->winner = (uint8_t)best;
    g->winning_seat = (uint8_t)at;
}

void bfc__finish(bfc_game *g, unsigned seat, bfc__sink *k)
{
    g->over = 1;
    g->winner = (uint8_t)bfc__side(g, seat);
    g->winning_seat = (uint8_t)seat;
    if (g->rules.flags & BFC_RULE_BACKWARD)
        backward_winner(g, seat);
    else if (g->rules.variant == BFC_VARIANT_SOLITAIRE && g->score[0] < g->rules.target)
        g->winner = g->winning_seat = BFC__NONE8;
    g->phase = BFC_PHASE_OVER;
    g->to_move = BFC__NONE8;
    g->lay_legal = 0;
    bfc_event *e = bfc__push(k, g, BFC_EV_GAME_OVER, seat);
    if (e) {
        e->points = (uint8_t)bfc_game_value(g);
        e->side = g->winner;
        e->score = g->score[g->winner == BFC__NONE8 ? 0 : g->winner];
    }
    if (!g->rules.match || g->winner == BFC__NONE8)
        return;
    /* match play (RULES 5): the winner takes its match points */
    const int pts = collect(g, match_against);
    g->match[g->winner] = (int16_t)(g->match[g->winner] + pts);
    e = bfc__push(k, g, BFC_EV_MATCH, g->winning_seat);
    if (e) {
        e->side = g->winner;
        e->points = (uint8_t)(pts > 255 ? 255 : pts);
        e->score = g->match[g->winner];
    }
}

/* ---- The Crib Wars board -------------------------------------------------- */

static bfc_event *board_event(const bfc_game *g, unsigned side, unsigned what, unsigned points,
                              bfc__sink *k)
{
    bfc_event *e = bfc__push(k, g, BFC_EV_BOARD, side); /* seat `side` is on side `side` */
    if (e) {
        e->slot = (uint8_t)what;
        e->points = (uint8_t)points;
        e->score = g->score[side];
    }
    return e;
}

/* Whether seat's side pegs nothing now (folded, or in the box); if so, a
 * BFC_BOARD_LOST event reports the points. */
static int board_keeps(const bfc_game *g, unsigned seat, unsigned source, unsigned points,
                       bfc__sink *k)
{
    if (!bfc__board_on(g))
        return 0;
    const unsigned side = bfc__side(g, seat);
    if (!(g->folded >> seat & 1u) && g->boxed != side)
        return 0;
    bfc_event *e = bfc__push(k, g, BFC_EV_BOARD, seat);
    if (e) {
        e->slot = BFC_BOARD_LOST;
        e->source = (uint8_t)source;
        e->points = (uint8_t)points;
        e->score = g->score[side];
    }
    return 1;
}

/* Moves seat's side's peg to hole v by the board; returns 1 if that ends
 * the game (RULES 3.7: in backward, the side that reaches the target
 * loses), seat then scoring the winning point (D20, D15). */
static int move_peg(bfc_game *g, unsigned seat, unsigned v, unsigned what, unsigned points,
                    bfc__sink *k)
{
    const unsigned side = bfc__side(g, seat);
    g->score[side] = (int16_t)v;
    board_event(g, side, what, points, k);
    return bfc__peg_to(g, seat, (int)v, k);
}

/* The seat a move of the whole side's peg is credited to (D20: ahead 20,
 * out of the box): the side's lowest-numbered seat. */
static unsigned first_seat(const bfc_game *g, unsigned side)
{
    return bfc__lowest(bfc__side_seats(g, side));
}

/* An award of 20 goes on past any box or time trap it would end in. */
static int ahead(bfc_game *g, unsigned side, bfc__sink *k)
{
    unsigned v = (unsigned)g->score[side] + 20u;
    for (const bfc_hole *h; (h = bfc__board_hole(&g->rules.board, v)) != NULL &&
                            (h->kind == BFC_HOLE_PENALTY_BOX || h->kind == BFC_HOLE_TIME_TRAP);)
        v++;
    return move_peg(g, first_seat(g, side), v, BFC_BOARD_AHEAD, 20, k);
}

static int out_of_box(bfc_game *g, bfc__sink *k)
{
    const unsigned side = g->boxed;
    g->boxed = NONE;
    g->box_left = 0;
    return move_peg(g, first_seat(g, side), (unsigned)g->score[side] + 1u, BFC_BOARD_OUT, 1, k);
}

/* seat's side has just pegged (not won): the hole it landed on acts.
 * Returns 1 when a board move ended the game. */
static int board_land(bfc_game *g, unsigned seat, bfc__sink *k)
{
    if (!bfc__board_on(g))
        return 0;
    const unsigned side = bfc__side(g, seat), at = (unsigned)g->score[side];
    const bfc_hole *h = bfc__board_hole(&g->rules.board, at);
    if (!h)
        return 0;
    if (h->kind != BFC_HOLE_PENALTY_BOX) /* D20: seat's award landed there */
        return move_peg(g, seat, h->to, h->kind, at, k);
    g->folded |= (uint8_t)bfc__side_seats(g, side);
    if (g->sides == 3 && g->boxed == NONE) { /* the first in: sits out */
        g->boxed = (uint8_t)side;
        g->box_left = 4;
        board_event(g, side, BFC_BOARD_PENALTY_BOX, at, k);
        return 0;
    }
    /* two sides, or a second side in a box: back 20, the others ahead */
    move_peg(g, seat, at >= 20 ? at - 20u : 0u, BFC_BOARD_PENALTY_BOX, at, k);
    if (g->sides == 2)
        return ahead(g, side ^ 1u, k);
    const unsigned in = g->boxed, third = 3u - side - in;
    return ahead(g, third, k) || out_of_box(g, k);
}

int bfc__board_deal(bfc_game *g, bfc__sink *k)
{
    g->folded = 0;
    if (g->boxed == NONE)
        return 0;
    if (--g->box_left == 0)
        return out_of_box(g, k);
    g->folded = (uint8_t)bfc__side_seats(g, g->boxed); /* sits this deal out */
    return 0;
}

/* ---- Pegging ----------------------------------------------------------- */

int bfc__peg_long(bfc_game *g, unsigned seat, unsigned source, const bfc_item *items, size_t n,
                  unsigned points, bfc__sink *k)
{
    if (board_keeps(g, seat, source, points, k))
        return 0; /* Crib Wars: folded, or in the box */
    if (k && k->tally)
        k->tally[seat][source & 15u] += points;
    if (bfc__items_on(k)) {
        int run = g->score[bfc__side(g, seat)];
        for (size_t i = 0; i < n; i++) {
            bfc_event *e = bfc__push(k, g, BFC_EV_SCORE, seat);
            run += items[i].points;
            if (e) {
                e->source = (uint8_t)source;
                e->points = items[i].points;
                e->score = (int16_t)run;
                e->item = items[i];
            }
        }
    }
    if (bfc__peg_to(g, seat, g->score[bfc__side(g, seat)] + (int)points, k))
        return 1;
    return board_land(g, seat, k); /* Crib Wars */
}

int bfc__peg_one_at(bfc_game *g, unsigned seat, unsigned source, unsigned kind,
                    const bfc_card *cards, size_t n, unsigned points, bfc__sink *k)
{
    bfc_item it;
    memset(&it, 0, sizeof it);
    it.kind = (uint8_t)kind;
    it.points = (uint8_t)points;
    it.ncards = (uint8_t)n;
    if (n)
        memcpy(it.cards, cards, n);
    return bfc__peg(g, seat, source, &it, points ? 1 : 0, points, k, BFC__TOLD);
}

int bfc__hand_items_at(const bfc_card *cards, size_t n, bfc_card starter, unsigned flags,
                       bfc_item *items)
{
    const int m = bfc_score_hand_items(cards, n, starter, flags, items, BFC_MAX_ITEMS);
    return m < 0 ? 0 : m > BFC_MAX_ITEMS ? BFC_MAX_ITEMS : m;
}
