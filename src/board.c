/* The Crib Wars board (RULES 3.9, seed 003): special holes given as data,
 * what a peg landing on them does, the penalty box with two and three
 * sides. The rules of the board are written out in bfc.h. */
#include <string.h>

#include "game.h"

#define NONE BFC__NONE8

int bfc_board_example(bfc_board *board)
{
    /* An example only: seed 003 names the holes but places none of them. */
    static const bfc_hole example[] = {
        {12, BFC_HOLE_RED_SKIP, 15},      {27, BFC_HOLE_TIME_TRAP, 20},
        {35, BFC_HOLE_PENALTY_BOX, 0},    {44, BFC_HOLE_GREEN_ADVANCE, 49},
        {52, BFC_HOLE_RED_SKIP, 55},      {63, BFC_HOLE_TIME_TRAP, 57},
        {75, BFC_HOLE_PENALTY_BOX, 0},    {86, BFC_HOLE_TIME_TRAP, 79},
        {92, BFC_HOLE_RED_SKIP, 95},      {98, BFC_HOLE_GREEN_ADVANCE, 104},
        {107, BFC_HOLE_TIME_TRAP, 101},   {115, BFC_HOLE_PENALTY_BOX, 0},
    };
    if (!board)
        return BFC_EINVAL;
    memset(board, 0, sizeof *board);
    board->n = (uint8_t)(sizeof example / sizeof example[0]);
    memcpy(board->hole, example, sizeof example);
    return BFC_OK;
}

const char *bfc_hole_kind_name(int kind)
{
    static const char *const names[] = {"?", "red skip", "time trap", "penalty box",
                                        "green advance"};
    return kind >= BFC_HOLE_RED_SKIP && kind <= BFC_HOLE_GREEN_ADVANCE ? names[kind] : "?";
}

const bfc_hole *bfc__board_hole(const bfc_board *b, unsigned at)
{
    for (unsigned i = 0; i < b->n; i++)
        if (b->hole[i].at == at)
            return &b->hole[i];
    return NULL;
}

int bfc__board_check(const bfc_rules *r)
{
    const bfc_board *b = &r->board;
    if (b->n > BFC_BOARD_MAX || b->reserved[0] || b->reserved[1] || b->reserved[2])
        return BFC_EINVAL;
    for (unsigned i = b->n; i < BFC_BOARD_MAX; i++) /* one way to write each board */
        if (b->hole[i].at || b->hole[i].kind || b->hole[i].to)
            return BFC_EINVAL;
    if (b->n == 0)
        return BFC_OK;
    const int sides = r->teams ? r->players / 2 : r->players;
    if (r->variant == BFC_VARIANT_BATTLEFIELD || r->variant == BFC_VARIANT_SOLITAIRE ||
        sides < 2 || sides > 3) /* the box rules name 2 and 3 sides only */
        return BFC_EINVAL;
    for (unsigned i = 0; i < b->n; i++) {
        const bfc_hole *h = &b->hole[i];
        if (h->at == 0 || (i > 0 && h->at <= b->hole[i - 1].at))
            return BFC_EINVAL;
        switch (h->kind) {
        case BFC_HOLE_RED_SKIP:
        case BFC_HOLE_GREEN_ADVANCE:
            if (h->to <= h->at)
                return BFC_EINVAL;
            break;
        case BFC_HOLE_TIME_TRAP:
            if (h->to == h->at)
                return BFC_EINVAL;
            break;
        case BFC_HOLE_PENALTY_BOX:
            if (h->to != 0)
                return BFC_EINVAL;
            break;
        default:
            return BFC_EINVAL;
        }
    }
    for (unsigned i = 0; i < b->n; i++)
        if (b->hole[i].kind != BFC_HOLE_PENALTY_BOX && bfc__board_hole(b, b->hole[i].to))
            return BFC_EINVAL; /* a target is never special: no chains */
    return BFC_OK;
}

unsigned bfc__side_seats(const bfc_game *g, unsigned side)
{
    unsigned m = 0;
    for (unsigned s = 0; s < g->players; s++)
        if (bfc__side(g, s) == side)
            m |= 1u << s;
    return m;
}

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

int bfc__board_keeps(const bfc_game *g, unsigned seat, unsigned source, unsigned points,
                     bfc__sink *k)
{
    if (!bfc__board_on(g) || points == 0)
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

/* Moves side's peg to hole v by the board; returns 1 if that ends the
 * game (RULES 3.7: in backward, the side that reaches the target loses). */
static int move_peg(bfc_game *g, unsigned side, unsigned v, unsigned what, unsigned points,
                    bfc__sink *k)
{
    g->score[side] = (int16_t)v;
    board_event(g, side, what, points, k);
    if (g->score[side] >= g->rules.target) {
        bfc__finish(g, side, k);
        return 1;
    }
    return 0;
}

/* An award of 20 goes on past any box or time trap it would end in. */
static int ahead(bfc_game *g, unsigned side, bfc__sink *k)
{
    unsigned v = (unsigned)g->score[side] + 20u;
    for (const bfc_hole *h; (h = bfc__board_hole(&g->rules.board, v)) != NULL &&
                            (h->kind == BFC_HOLE_PENALTY_BOX || h->kind == BFC_HOLE_TIME_TRAP);)
        v++;
    return move_peg(g, side, v, BFC_BOARD_AHEAD, 20, k);
}

static int out_of_box(bfc_game *g, bfc__sink *k)
{
    const unsigned side = g->boxed;
    g->boxed = NONE;
    g->box_left = 0;
    return move_peg(g, side, (unsigned)g->score[side] + 1u, BFC_BOARD_OUT, 1, k);
}

int bfc__board_land(bfc_game *g, unsigned seat, bfc__sink *k)
{
    if (!bfc__board_on(g))
        return 0;
    const unsigned side = bfc__side(g, seat), at = (unsigned)g->score[side];
    const bfc_hole *h = bfc__board_hole(&g->rules.board, at);
    if (!h)
        return 0;
    if (h->kind != BFC_HOLE_PENALTY_BOX)
        return move_peg(g, side, h->to, h->kind, at, k);
    g->folded |= (uint8_t)bfc__side_seats(g, side);
    if (g->sides == 3 && g->boxed == NONE) { /* the first in: sits out */
        g->boxed = (uint8_t)side;
        g->box_left = 4;
        board_event(g, side, BFC_BOARD_PENALTY_BOX, at, k);
        return 0;
    }
    /* two sides, or a second side in a box: back 20, the others ahead */
    move_peg(g, side, at >= 20 ? at - 20u : 0u, BFC_BOARD_PENALTY_BOX, at, k);
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
