/* Battlefield Cribbage (RULES 4): the deal and the cease-fire, the turns
 * (reveal, draw, place, swap, take, the turn card), renewing and ending a
 * skirmish, and the battlefield with its lay-aways and the reserve. */
#include <string.h>

#include "variants.h"

/* ---- Legal moves ----------------------------------------------------------- */

int bfc__bf_moves(unsigned phase, unsigned pile, int can_take, int limit_hit, unsigned lay_legal,
                  bfc_move *out, size_t cap)
{
    bfc_move local[BFC_MAX_MOVES];
    bfc_move *m = out && cap >= BFC_MAX_MOVES ? out : local; /* no copy when it fits */
    size_t n = 0;
    switch (phase) {
    case BFC_PHASE_REVEAL:
        for (unsigned p = 0; p < 10; p++)
            m[n++] = (bfc_move)(BFC_MOVE_REVEAL + p);
        break;
    case BFC_PHASE_TURN:
        if (limit_hit) {
            m[n++] = BFC_MOVE_TURN;
            break;
        }
        if (pile > 2) /* RULES 4.6: no draw with two cards left */
            m[n++] = BFC_MOVE_DRAW;
        if (can_take)
            for (unsigned i = 0; i < 5; i++)
                m[n++] = (bfc_move)(BFC_MOVE_TAKE + i);
        if (pile <= 2)
            m[n++] = BFC_MOVE_TURN;
        break;
    case BFC_PHASE_DRAWN:
        m[n++] = BFC_MOVE_PLACE;
        for (unsigned i = 0; i < 5; i++)
            m[n++] = (bfc_move)(BFC_MOVE_SWAP + i);
        break;
    case BFC_PHASE_LAYAWAY:
        for (unsigned i = 0; i < 5; i++)
            if (lay_legal >> i & 1u)
                m[n++] = (bfc_move)(BFC_MOVE_LAYAWAY + i);
        break;
    default:
        break;
    }
    if (out && m != out)
        memcpy(out, m, (n < cap ? n : cap) * sizeof *m);
    return (int)n;
}

int bfc__bf_legal(const bfc_game *g, bfc_move *out, size_t cap)
{
    return bfc__bf_moves(g->phase, bfc__pile_size(g),
                         bfc__can_take(&g->rules, g->front.n, g->turns),
                         bfc__limit_hit(&g->rules, g->turns), g->lay_legal, out, cap);
}

/* Whether move is legal now: the same facts as the list, without building
 * it. */
int bfc__bf_is_legal(const bfc_game *g, bfc_move m)
{
    switch (g->phase) {
    case BFC_PHASE_REVEAL:
        return m < 10;
    case BFC_PHASE_TURN:
        if (bfc__limit_hit(&g->rules, g->turns))
            return m == BFC_MOVE_TURN;
        if (m == BFC_MOVE_DRAW)
            return bfc__pile_size(g) > 2;
        if (m == BFC_MOVE_TURN)
            return bfc__pile_size(g) <= 2;
        return m >= BFC_MOVE_TAKE && m < BFC_MOVE_TAKE + 5 &&
               bfc__can_take(&g->rules, g->front.n, g->turns);
    case BFC_PHASE_DRAWN:
        return m >= BFC_MOVE_PLACE && m < BFC_MOVE_SWAP + 5;
    case BFC_PHASE_LAYAWAY:
        return m >= BFC_MOVE_LAYAWAY && m < BFC_MOVE_LAYAWAY + 5 &&
               (g->lay_legal >> (m - BFC_MOVE_LAYAWAY) & 1u);
    default:
        return 0;
    }
}

/* ---- The deal (RULES 4.2, 4.3) ---------------------------------------- */

static void begin_turn(bfc_game *g, unsigned seat)
{
    g->to_move = (uint8_t)seat;
    g->phase = ((unsigned)g->revealed >> seat & 1u) || bfc__limit_hit(&g->rules, g->turns)
                   ? BFC_PHASE_TURN
                   : BFC_PHASE_REVEAL;
}

/* Cease-fire: each player from the dealer's left scores the five formation
 * cards; returns 1 if that won the game. */
static int ceasefire(bfc_game *g, bfc__sink *k)
{
    unsigned s = g->dealer;
    for (unsigned i = 0; i < g->players; i++) {
        s = bfc__left(g, s);
        bfc_hand_score hs;
        if (bfc_score_ceasefire(g->form[s], &hs) < 0)
            hs.total = 0;
        bfc_item items[BFC_MAX_ITEMS];
        const int m = bfc__hand_items(g->form[s], 5, BFC_CARD_NONE, BFC_KILL_CARD, items, k);
        bfc__push_cards(k, g, BFC_EV_FORMATION, s, g->form[s], 5, hs.total);
        if (bfc__peg_items(g, s, BFC_SRC_CEASEFIRE, items, (size_t)m, hs.total, k))
            return 1;
    }
    return 0;
}

/* Deals skirmishes until one is playable (a cease-fire is over at once) or
 * the game is won. */
void bfc__bf_deal(bfc_game *g, bfc__sink *k)
{
    for (;;) {
        bfc_card deck[53];
        for (unsigned i = 0; i < 53; i++)
            deck[i] = (bfc_card)i;
        for (unsigned i = 52; i > 0; i--) {
            const unsigned j = bfc__rng_below(g->rng, i + 1);
            const bfc_card t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
        }
        unsigned d = 0;
        const unsigned n = g->players;
        for (unsigned i = 0; i < 5; i++)
            for (unsigned s = 0; s < n; s++)
                g->form[s][i] = deck[d++];
        g->ncrib = (uint8_t)(n == 2 ? 2 : n == 3 ? 1 : 0);
        g->crib[0] = g->crib[1] = BFC_CARD_NONE;
        for (unsigned i = 0; i < g->ncrib; i++)
            g->crib[i] = deck[d++];
        const bfc_card first = deck[d++];
        memset(g->pile, 0, sizeof g->pile);
        memcpy(g->pile + d, deck + d, 53 - d);
        g->pile_pos = (uint8_t)d;
        memset(g->faceup, 0, sizeof g->faceup);
        memset(g->laid, BFC__NONE8, sizeof g->laid);
        g->revealed = 0;
        g->ender = BFC__NONE8;
        g->owed = 0;
        g->held = BFC_CARD_NONE;
        g->turn_card = BFC_CARD_NONE;
        g->lay_legal = 0;
        g->gone = 0;
        g->turns = 0;
        if (g->skirmish < UINT32_MAX)
            g->skirmish++;
        bfc_frontline_set(&g->front, &first, 1);
        bfc__push_card(k, g, BFC_EV_DEAL, g->dealer, first, g->ncrib);
        if (first != BFC_JOKER) {
            begin_turn(g, bfc__left(g, g->dealer));
            return;
        }
        bfc__push_card(k, g, BFC_EV_CEASEFIRE, g->dealer, first, BFC__NONE8);
        if (ceasefire(g, k))
            return;
        g->dealer = (uint8_t)bfc__left(g, g->dealer);
    }
}

/* ---- Turns (RULES 4.4 - 4.7) ------------------------------------------- */

/* D13 option: a formation holding the joker is killed whatever is laid
 * away. */
static int formation_killed(const bfc_game *g, unsigned seat)
{
    if (!(g->rules.flags & BFC_RULE_JOKER_KILLS_FORMATION))
        return 0;
    for (unsigned i = 0; i < 5; i++)
        if (g->form[seat][i] == BFC_JOKER)
            return 1;
    return 0;
}

unsigned bfc__bf_lay_legal(const bfc_game *g, unsigned seat)
{
    bfc_battlefield bf;
    if (formation_killed(g, seat) ||
        bfc_score_battlefield(g->form[seat], g->turn_card, bfc__lay_flags(&g->rules), &bf) < 0)
        return 0x1F; /* the second cannot happen in a consistent state */
    return bf.legal;
}

/* The seat to lay away now. */
static void lay_turn(bfc_game *g, unsigned seat)
{
    g->to_move = (uint8_t)seat;
    g->phase = BFC_PHASE_LAYAWAY;
    g->lay_legal = (uint8_t)bfc__bf_lay_legal(g, seat);
}

/* The turn card is down: every formation goes face up, the battlefield is
 * scored from the dealer's left (RULES 4.7). */
static void start_battlefield(bfc_game *g, bfc__sink *k)
{
    unsigned s = g->dealer;
    for (unsigned i = 0; i < g->players; i++) {
        s = bfc__left(g, s);
        g->faceup[s] = 0x1F;
        bfc__push_cards(k, g, BFC_EV_FORMATION, s, g->form[s], 5, 0);
    }
    lay_turn(g, bfc__left(g, g->dealer));
}

static void end_turn(bfc_game *g, bfc__sink *k)
{
    const unsigned s = g->to_move;
    g->turns++;
    if (g->ender == BFC__NONE8) {
        if (g->faceup[s] == 0x1F) { /* RULES 4.6: all five face up */
            g->ender = (uint8_t)s;
            g->owed = (uint8_t)(g->players - 1);
            bfc__push(k, g, BFC_EV_ENDING, s);
        }
    } else if (g->owed > 0) {
        g->owed--;
    }
    begin_turn(g, bfc__left(g, s));
}

/* Places card c (from slot, 5 = drawn or pile card) for the seat to move,
 * scores it (RULES 4.5, 2.3) and ends the turn or the skirmish. */
static void place(bfc_game *g, bfc_card c, unsigned slot, int turn_card, bfc__sink *k)
{
    const unsigned s = g->to_move;
    /* RULES 4.6: the last owed final turn places the turn card */
    turn_card |= g->ender != BFC__NONE8 && g->owed == 1;
    const unsigned flags = turn_card ? BFC_TURN_CARD : 0u;
    bfc_item items[BFC_MAX_ITEMS];
    int m = 0;
    bfc__push_card(k, g, BFC_EV_PLACE, s, c, slot);
    if (turn_card)
        bfc__push_card(k, g, BFC_EV_TURN_CARD, s, c, slot);
    if (k->items) {
        m = bfc_score_frontline_items(g->front.cards, g->front.n, c, flags, items,
                                      BFC_MAX_ITEMS);
        if (m < 0)
            m = 0;
        if (g->front.sum + bfc__value(c) > 31)
            bfc__push_cards(k, g, BFC_EV_RENEW, s, g->front.cards, g->front.n, 0);
    }
    const uint64_t before = g->front.mask;
    bfc_frontline_score fs;
    if (bfc_frontline_place(&g->front, c, flags, &fs) < 0)
        memset(&fs, 0, sizeof fs); /* cannot happen in a consistent state */
    if (fs.renewed)
        g->gone |= before;
    if (turn_card)
        g->turn_card = c;
    /* credit order (RULES 4.8): the placer, the go to the right, knobs */
    int np = 0;
    /* items[0..m) are set whenever m > 0 */
    // cppcheck-suppress uninitvar
    while (np < m && items[np].kind != BFC_ITEM_GO && items[np].kind != BFC_ITEM_KNOBS)
        np++;
    if (bfc__peg_items(g, s, BFC_SRC_FRONTLINE, items, (size_t)np, fs.placer_points, k))
        return;
    int ng = np;
    while (ng < m && items[ng].kind == BFC_ITEM_GO)
        ng++;
    if (bfc__peg_items(g, bfc__right(g, s), BFC_SRC_GO, items + np, (size_t)(ng - np), fs.go_point,
                  k))
        return;
    if (bfc__peg_items(g, g->dealer, BFC_SRC_KNOBS, items + ng, (size_t)(m - ng), fs.knobs_dealer,
                  k))
        return;
    if (turn_card) {
        g->turns++;
        start_battlefield(g, k);
    } else {
        end_turn(g, k);
    }
}

static void lay_away(bfc_game *g, unsigned slot, bfc__sink *k)
{
    const unsigned s = g->to_move;
    g->laid[s] = (uint8_t)slot;
    g->lay_legal = 0;
    bfc_card kept[4];
    for (unsigned i = 0, j = 0; i < 5; i++)
        if (i != slot)
            kept[j++] = g->form[s][i];
    /* the four kept cards with the turn card; the joker among them kills
       the hand (4.7), or anywhere in the formation with the D13 option */
    const int killed = formation_killed(g, s);
    const int got = killed ? 0 : bfc_score_show(kept, g->turn_card, BFC_KILL_CARD);
    const unsigned pts = got < 0 ? 0u : (unsigned)got; /* < 0 cannot happen */
    bfc_event *e = bfc__push(k, g, BFC_EV_LAYAWAY, s);
    if (e) {
        e->card = g->form[s][slot];
        e->slot = (uint8_t)slot;
        e->points = (uint8_t)pts;
        e->item.ncards = 4;
        memcpy(e->item.cards, kept, 4);
    }
    bfc_item items[BFC_MAX_ITEMS];
    int m = killed ? 0 : bfc__hand_items(kept, 4, g->turn_card, BFC_KILL_CARD, items, k);
    if (bfc__peg_items(g, s, BFC_SRC_BATTLEFIELD, items, (size_t)m, pts, k))
        return;
    if (s != g->dealer) {
        lay_turn(g, bfc__left(g, s));
        return;
    }
    /* the reserve: the crib and every laid-away card, for the dealer */
    bfc_card res[4];
    unsigned n = 0;
    for (unsigned i = 0; i < g->ncrib; i++)
        res[n++] = g->crib[i];
    for (unsigned p = 0, t = g->dealer; p < g->players; p++) {
        t = bfc__left(g, t);
        res[n++] = g->form[t][g->laid[t] % 5u];
    }
    bfc_hand_score hs;
    if (bfc_score_reserve(res, g->turn_card, &hs) < 0)
        hs.total = 0;
    bfc__push_cards(k, g, BFC_EV_RESERVE, s, res, 4, hs.total);
    m = bfc__hand_items(res, 4, g->turn_card, BFC_CRIB | BFC_KILL_CARD, items, k);
    if (bfc__peg_items(g, s, BFC_SRC_RESERVE, items, (size_t)m, hs.total, k))
        return;
    g->dealer = (uint8_t)bfc__left(g, g->dealer);
    bfc__bf_deal(g, k);
}

void bfc__bf_apply(bfc_game *g, bfc_move m, bfc__sink *k)
{
    const unsigned s = g->to_move;
    if (m < BFC_MOVE_DRAW) {
        const unsigned a = bfc__reveal_pair[m][0], b = bfc__reveal_pair[m][1];
        g->faceup[s] |= (uint8_t)(1u << a | 1u << b);
        g->revealed |= (uint8_t)(1u << s);
        g->phase = BFC_PHASE_TURN;
        bfc__push_card(k, g, BFC_EV_REVEAL, s, g->form[s][a], a);
        bfc__push_card(k, g, BFC_EV_REVEAL, s, g->form[s][b], b);
    } else if (m == BFC_MOVE_DRAW) {
        g->held = g->pile[g->pile_pos];
        g->pile[g->pile_pos++] = 0;
        g->phase = BFC_PHASE_DRAWN;
        bfc__push_card(k, g, BFC_EV_DRAW, s, g->held, 5);
    } else if (m == BFC_MOVE_PLACE) {
        const bfc_card c = g->held;
        g->held = BFC_CARD_NONE;
        place(g, c, 5, 0, k);
    } else if (m < BFC_MOVE_TAKE) {
        const unsigned i = m - BFC_MOVE_SWAP;
        const bfc_card c = g->form[s][i];
        g->form[s][i] = g->held;
        g->faceup[s] |= (uint8_t)(1u << i);
        bfc__push_card(k, g, BFC_EV_SWAP, s, g->held, i);
        g->held = BFC_CARD_NONE;
        place(g, c, i, 0, k);
    } else if (m < BFC_MOVE_TURN) {
        const unsigned i = m - BFC_MOVE_TAKE;
        bfc_card t = BFC_CARD_NONE;
        bfc_frontline_take(&g->front, &t);
        const bfc_card c = g->form[s][i];
        g->form[s][i] = t;
        g->faceup[s] |= (uint8_t)(1u << i);
        bfc__push_card(k, g, BFC_EV_TAKE, s, t, i);
        place(g, c, i, 0, k);
    } else if (m == BFC_MOVE_TURN) {
        const bfc_card c = g->pile[g->pile_pos];
        g->pile[g->pile_pos++] = 0;
        place(g, c, 5, 1, k);
    } else {
        lay_away(g, m - BFC_MOVE_LAYAWAY, k);
    }
}
