/* The legal moves of Battlefield Cribbage (RULES 4.4 - 4.7): the reveal
 * of two formation cards, the turn's take, draw or turn card (D9: the
 * turn limit; D14: no take back), the drawn card placed or swapped, and
 * the lay-aways the rules allow, listed for bfc_game_legal_moves()
 * (game.c calls them by the phase) and for the search. The moves
 * themselves are made in battlefield.c. */
#include <string.h>

#include "variants.h"

/* The fixed lists, copied whole (a fixed-size copy is a move or two). */
static const bfc_move REVEALS[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
static const bfc_move DRAW_TAKES[6] = {BFC_MOVE_DRAW,     BFC_MOVE_TAKE,     BFC_MOVE_TAKE + 1,
                                       BFC_MOVE_TAKE + 2, BFC_MOVE_TAKE + 3, BFC_MOVE_TAKE + 4};
static const bfc_move TAKES_TURN[6] = {BFC_MOVE_TAKE,     BFC_MOVE_TAKE + 1, BFC_MOVE_TAKE + 2,
                                       BFC_MOVE_TAKE + 3, BFC_MOVE_TAKE + 4, BFC_MOVE_TURN};
static const bfc_move PLACE_SWAPS[6] = {BFC_MOVE_PLACE,    BFC_MOVE_SWAP,     BFC_MOVE_SWAP + 1,
                                        BFC_MOVE_SWAP + 2, BFC_MOVE_SWAP + 3, BFC_MOVE_SWAP + 4};

/* Writes the legal moves into m (room for BFC_MAX_MOVES); returns how many. */
static inline unsigned list_moves(unsigned phase, unsigned pile, int can_take, int limit_hit,
                                  unsigned lay_legal, bfc_move *m)
{
    switch (phase) {
    case BFC_PHASE_REVEAL:
        memcpy(m, REVEALS, sizeof REVEALS);
        return 10;
    case BFC_PHASE_TURN:
        /* RULES 4.6: no draw with two cards left, the turn card instead;
           D9: the turn card alone at the turn limit */
        if (!limit_hit && can_take) {
            memcpy(m, pile > 2 ? DRAW_TAKES : TAKES_TURN, sizeof DRAW_TAKES);
            return 6;
        }
        m[0] = !limit_hit && pile > 2 ? BFC_MOVE_DRAW : BFC_MOVE_TURN;
        return 1;
    case BFC_PHASE_DRAWN:
        memcpy(m, PLACE_SWAPS, sizeof PLACE_SWAPS);
        return 6;
    case BFC_PHASE_LAYAWAY: {
        unsigned n = 0;
        for (unsigned i = 0; i < 5; i++)
            if (lay_legal >> i & 1u)
                m[n++] = (bfc_move)(BFC_MOVE_LAYAWAY + i);
        return n;
    }
    default:
        return 0;
    }
}

/* The list into out[0..cap) (snprintf-style) through a local list: for a
 * caller's buffer with less room than any list may need. */
BFC__COLD static int list_short(unsigned phase, unsigned pile, int can_take, int limit_hit,
                                unsigned lay_legal, bfc_move *out, size_t cap)
{
    bfc_move local[BFC_MAX_MOVES];
    const unsigned n = list_moves(phase, pile, can_take, limit_hit, lay_legal, local);
    if (cap > 0)
        memcpy(out, local, (n < cap ? n : cap) * sizeof *out);
    return (int)n;
}

int bfc__bf_moves(unsigned phase, unsigned pile, int can_take, int limit_hit, unsigned lay_legal,
                  bfc_move *out, size_t cap)
{
    if (cap >= BFC_MAX_MOVES)
        return (int)list_moves(phase, pile, can_take, limit_hit, lay_legal, out);
    return list_short(phase, pile, can_take, limit_hit, lay_legal, out, cap);
}

/* The legal moves of each phase (game.c calls them by the phase). A turn,
 * most of a game's moves: list_moves() with its facts read at once. */
int bfc__bf_legal_turn(const bfc_game *g, bfc_move *out, size_t cap)
{
    const unsigned pile = bfc__pile_size(g);
    const int can_take = bfc__can_take(&g->rules, g->front.n, g->turns);
    const int limit = bfc__limit_reached(g);
    if (cap < BFC_MAX_MOVES)
        return list_short(BFC_PHASE_TURN, pile, can_take, limit, 0, out, cap);
    if (!limit && can_take) {
        memcpy(out, pile > 2 ? DRAW_TAKES : TAKES_TURN, sizeof DRAW_TAKES);
        return 6;
    }
    out[0] = !limit && pile > 2 ? BFC_MOVE_DRAW : BFC_MOVE_TURN;
    return 1;
}

/* The list of a phase other than the turn, its phase a constant where it
 * is called, so that list_moves() keeps only that phase's case. */
static inline int phase_moves(unsigned phase, unsigned lay_legal, bfc_move *out, size_t cap)
{
    if (cap >= BFC_MAX_MOVES)
        return (int)list_moves(phase, 0, 0, 0, lay_legal, out);
    return list_short(phase, 0, 0, 0, lay_legal, out, cap);
}

int bfc__bf_legal_reveal(const bfc_game *g, bfc_move *out, size_t cap)
{
    (void)g;
    return phase_moves(BFC_PHASE_REVEAL, 0, out, cap);
}

int bfc__bf_legal_drawn(const bfc_game *g, bfc_move *out, size_t cap)
{
    (void)g;
    return phase_moves(BFC_PHASE_DRAWN, 0, out, cap);
}

int bfc__bf_legal_layaway(const bfc_game *g, bfc_move *out, size_t cap)
{
    return phase_moves(BFC_PHASE_LAYAWAY, g->lay_legal, out, cap);
}

