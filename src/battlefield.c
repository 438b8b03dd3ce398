/* Battlefield Cribbage (RULES 4): the deal and the cease-fire, the turns
 * (reveal, draw, place, swap, take, the turn card), renewing and ending a
 * skirmish, and the battlefield with its lay-aways and the reserve. Here
 * the moves are made; the legal move lists are in battlefield_moves.c. */
#include <string.h>

#include "variants.h"

/* ---- The deal (RULES 4.2, 4.3) ---------------------------------------- */

static void begin_turn(bfc_game *g, unsigned seat)
{
    g->to_move = (uint8_t)seat;
    g->phase = ((unsigned)g->revealed >> seat & 1u) || bfc__limit_reached(g)
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
        if (bfc__peg(g, s, BFC_SRC_CEASEFIRE, items, (size_t)m, hs.total, k, BFC__TOLD))
            return 1;
    }
    return 0;
}

/* The pile is shuffled as it is used: the card dealt or drawn at place i
 * of the unshuffled part is one of the cards left there, uniformly (a step
 * of Fisher-Yates from the top), and its place is left 0. A skirmish deals
 * and draws about a third of the 53 cards, so only those are shuffled. */
static inline bfc_card draw_card(bfc_card *pile, unsigned i, uint64_t rng[4])
{
    const unsigned j = i + bfc__rng_below(rng, 53 - i);
    const bfc_card c = pile[j];
    pile[j] = pile[i];
    pile[i] = 0;
    return c;
}
/* The top card of the draw pile: in the order the pile has where it is
 * shuffled already (a loaded position may give the whole order), else
 * drawn as above. */
static bfc_card pile_draw(bfc_game *g)
{
    const unsigned i = g->pile_pos;
    g->pile_pos = (uint8_t)(i + 1u);
    if (i < g->pile_shuffled) {
        const bfc_card c = g->pile[i];
        g->pile[i] = 0;
        return c;
    }
    g->pile_shuffled = (uint8_t)(i + 1u);
    return draw_card(g->pile, i, g->rng);
}

/* Deals skirmishes until one is playable (a cease-fire is over at once) or
 * the game is won. */
void bfc__bf_deal(bfc_game *g, bfc__sink *k)
{
    for (;;) {
        /* the 53 cards in the pile, drawn from the top as the pile is
           shuffled (draw_card): the formations, the crib, the first
           frontline card; the pile keeps the rest. The generator is kept
           in locals, as stores to the card bytes could otherwise alias it */
        bfc_card *pile = g->pile;
        memcpy(pile, bfc__identity, 53);
        uint64_t rng[4] = {g->rng[0], g->rng[1], g->rng[2], g->rng[3]};
        unsigned d = 0;
        const unsigned n = g->players;
        if (n == 2) { /* the usual game, its places known */
            for (unsigned i = 0; i < 5; i++) {
                g->form[0][i] = draw_card(pile, 2 * i, rng);
                g->form[1][i] = draw_card(pile, 2 * i + 1, rng);
            }
            d = 10;
        } else {
            for (unsigned i = 0; i < 5; i++)
                for (unsigned s = 0; s < n; s++)
                    g->form[s][i] = draw_card(pile, d++, rng);
        }
        g->ncrib = (uint8_t)(n == 2 ? 2 : n == 3 ? 1 : 0);
        g->crib[0] = g->crib[1] = BFC_CARD_NONE;
        for (unsigned i = 0; i < g->ncrib; i++)
            g->crib[i] = draw_card(pile, d++, rng);
        const bfc_card first = draw_card(pile, d++, rng);
        for (unsigned i = 0; i < 4; i++)
            g->rng[i] = rng[i];
        g->pile_pos = g->pile_shuffled = (uint8_t)d;
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
        bfc__frontline_one(&g->front, first);
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
    /* D10 option: every lay-away legal, nothing to score first */
    if (g->rules.flags & BFC_RULE_ANY_LAY_AWAY)
        return 0x1F;
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

/* RULES 4.6: seat s has all five face up and ends the skirmish; each
 * other seat is owed a final turn, from its left. */
BFC__NOINLINE static int ending(bfc_game *g, unsigned s, bfc__sink *k)
{
    g->ender = (uint8_t)s;
    g->owed = (uint8_t)(g->players - 1);
    bfc__push(k, g, BFC_EV_ENDING, s);
    begin_turn(g, bfc__left(g, s));
    return BFC_OK;
}

/* The turn of the seat to move is over: the next seat's begins. */
static inline int end_turn(bfc_game *g, bfc__sink *k)
{
    const unsigned s = g->to_move;
    g->turns++;
    if (g->ender == BFC__NONE8) {
        if (g->faceup[s] == 0x1F)
            return ending(g, s, k);
    } else if (g->owed > 0) {
        g->owed--;
    }
    begin_turn(g, bfc__left(g, s));
    return BFC_OK;
}

/* Pegs what a placement scored (bfc__frontline_put's points: the placer's
 * points, the go, knobs), in the credit order of RULES 4.8: the placer,
 * the go to the right, knobs to the dealer; items[0..m) are its SCORE
 * items when the sink builds them (items may be NULL when m is 0).
 * Returns 1 if that won. */
static int credit(bfc_game *g, unsigned s, const bfc_item *items, int m, uint32_t pts,
                  bfc__sink *k)
{
    if (m == 0) /* nothing told: the points alone */
        return bfc__peg(g, s, BFC_SRC_FRONTLINE, NULL, 0, pts & 255u, k, BFC__TOLD) ||
               bfc__peg(g, bfc__right(g, s), BFC_SRC_GO, NULL, 0, pts >> 8 & 255u, k, BFC__TOLD) ||
               bfc__peg(g, g->dealer, BFC_SRC_KNOBS, NULL, 0, pts >> 16 & 255u, k, BFC__TOLD);
    int np = 0;
    while (np < m && items[np].kind != BFC_ITEM_GO && items[np].kind != BFC_ITEM_KNOBS)
        np++;
    if (bfc__peg(g, s, BFC_SRC_FRONTLINE, items, (size_t)np, pts & 255u, k, BFC__TOLD))
        return 1;
    int ng = np;
    while (ng < m && items[ng].kind == BFC_ITEM_GO)
        ng++;
    if (bfc__peg(g, bfc__right(g, s), BFC_SRC_GO, items + np, (size_t)(ng - np),
                       pts >> 8 & 255u, k, BFC__TOLD))
        return 1;
    return bfc__peg(g, g->dealer, BFC_SRC_KNOBS, items + ng, (size_t)(m - ng),
                          pts >> 16 & 255u, k, BFC__TOLD);
}

/* Places card c (from slot, 5 = drawn or pile card) for the seat to move,
 * scores it (RULES 4.5, 2.3) and ends the turn, or the turn card starts
 * the battlefield (4.6). One body for both modes: told (BFC__TOLD, the
 * events and the items scored) and quiet (BFC__QUIET, a NULL sink).
 * Returns BFC_OK. */
BFC__INLINE int place_as(bfc_game *g, bfc_card c, unsigned slot, int turn_card, bfc__sink *k,
                         const int mode)
{
    const unsigned flags = turn_card ? BFC_TURN_CARD : 0u;
    bfc_item items[BFC_MAX_ITEMS];
    const bfc_item *told = NULL; /* the items built, told mode only */
    int m = 0;
    if (mode == BFC__TOLD) {
        const unsigned s = g->to_move;
        told = items;
        bfc__push_card(k, g, BFC_EV_PLACE, s, c, slot);
        if (turn_card)
            bfc__push_card(k, g, BFC_EV_TURN_CARD, s, c, slot);
        if (bfc__items_on(k)) {
            m = bfc_score_frontline_items(g->front.cards, g->front.n, c, flags, items,
                                          BFC_MAX_ITEMS);
            if (m < 0)
                m = 0;
            if (g->front.sum + bfc__value(c) > 31)
                bfc__push_cards(k, g, BFC_EV_RENEW, s, g->front.cards, g->front.n, 0);
        }
    }
    const uint32_t pts = bfc__frontline_put(&g->front, c, flags, &g->gone) & 0xFFFFFFu;
    if (turn_card)
        g->turn_card = c;
    /* most placements score nothing: no credit to give */
    if (pts && credit(g, g->to_move, told, m, pts, k))
        return BFC_OK;
    if (!turn_card)
        return end_turn(g, k);
    g->turns++;
    start_battlefield(g, k);
    return BFC_OK;
}

BFC__NOINLINE static void place_told(bfc_game *g, bfc_card c, unsigned slot, int turn_card,
                                     bfc__sink *k)
{
    (void)place_as(g, c, slot, turn_card, k, BFC__TOLD);
}

static int place_quiet(bfc_game *g, bfc_card c, int turn_card)
{
    return place_as(g, c, 5, turn_card, NULL, BFC__QUIET);
}

/* The frontline's end card, taken (RULES 4.4). */
static bfc_card pop_joker(bfc_frontline *f)
{
    bfc_card c = BFC_CARD_NONE;
    (void)bfc_frontline_take(f, &c); /* the game's frontline is valid and not empty */
    return c;
}
static inline bfc_card pop(bfc_frontline *f)
{
    return f->cards[f->n - 1] == BFC_JOKER ? pop_joker(f) : bfc__frontline_pop_card(f);
}

/* RULES 4.6: the last owed final turn places the turn card. */
static inline int turn_card_due(const bfc_game *g)
{
    return g->ender != BFC__NONE8 && g->owed == 1;
}
/* place() by the mode the sink asks for; RULES 4.6: the last owed final
 * turn places the turn card. */
static void place(bfc_game *g, bfc_card c, unsigned slot, int turn_card, bfc__sink *k)
{
    turn_card |= turn_card_due(g);
    if (k)
        place_told(g, c, slot, turn_card, k);
    else
        (void)place_quiet(g, c, turn_card);
}

/* The show of four kept cards with key sum key (RULES 4.7): none when the
 * joker is among them or is the turn card, or when the D13 option killed
 * the formation; else the table scorer's. */
static inline unsigned kept_points(const bfc_game *g, uint64_t key, int joker, int killed)
{
    if (joker || killed || g->turn_card == BFC_JOKER)
        return 0;
    return (unsigned)bfc__show_key(key, g->turn_card, 0);
}

/* The reserve (RULES 4.7): the crib and every laid-away card, from the
 * dealer's left, counted for the dealer with the turn card (the joker
 * anywhere kills it: bfc_score_reserve's total), then the next skirmish.
 * One body for both modes (BFC__TOLD, BFC__QUIET). Returns BFC_OK. */
BFC__INLINE int reserve_as(bfc_game *g, bfc__sink *k, const int mode)
{
    const unsigned d = g->dealer;
    bfc_card res[4];
    unsigned n = g->ncrib;
    uint64_t key = 0;
    int joker = g->turn_card == BFC_JOKER;
    for (unsigned i = 0; i < n; i++) {
        res[i] = g->crib[i];
        key += bfc__tab.card_key[res[i]];
        joker |= res[i] == BFC_JOKER;
    }
    for (unsigned p = 0, t = d; p < g->players; p++) {
        t = bfc__left(g, t);
        const bfc_card c = g->form[t][g->laid[t] % 5u];
        res[n++] = c;
        key += bfc__tab.card_key[c];
        joker |= c == BFC_JOKER;
    }
    const unsigned rp = joker ? 0u : (unsigned)bfc__show_key(key, g->turn_card, BFC_CRIB);
    bfc_item items[BFC_MAX_ITEMS];
    const bfc_item *told = NULL; /* the items built, told mode only */
    int m = 0;
    if (mode == BFC__TOLD) {
        bfc__push_cards(k, g, BFC_EV_RESERVE, d, res, n, rp);
        m = bfc__hand_items(res, n, g->turn_card, BFC_CRIB | BFC_KILL_CARD, items, k);
        told = items;
    }
    if (bfc__peg(g, d, BFC_SRC_RESERVE, told, (size_t)m, rp, k, mode))
        return BFC_OK;
    g->dealer = (uint8_t)bfc__left(g, d);
    bfc__bf_deal(g, k);
    return BFC_OK;
}

BFC__NOINLINE static int reserve_told(bfc_game *g, bfc__sink *k)
{
    return reserve_as(g, k, BFC__TOLD);
}

BFC__NOINLINE static int reserve_quiet(bfc_game *g)
{
    return reserve_as(g, NULL, BFC__QUIET);
}

/* The seat to move lays away the card of slot (RULES 4.7): the four kept
 * cards count with the turn card, none when the joker is among them or is
 * the turn card, or with the D13 option anywhere in the formation; the
 * next seat lays away, or after the dealer the reserve. One body for both
 * modes (BFC__TOLD, BFC__QUIET): the kept cards' key sum is the
 * formation's less the card laid away. Returns BFC_OK. */
BFC__INLINE int lay_away_as(bfc_game *g, unsigned slot, bfc__sink *k, const int mode)
{
    const unsigned s = g->to_move;
    g->laid[s] = (uint8_t)slot;
    g->lay_legal = 0;
    const bfc_card *f = g->form[s];
    const uint64_t *key = bfc__tab.card_key;
    const uint64_t kept = key[f[0]] + key[f[1]] + key[f[2]] + key[f[3]] + key[f[4]] - key[f[slot]];
    const int joker = (f[0] == BFC_JOKER || f[1] == BFC_JOKER || f[2] == BFC_JOKER ||
                       f[3] == BFC_JOKER || f[4] == BFC_JOKER) &&
                      f[slot] != BFC_JOKER;
    const int killed = formation_killed(g, s);
    const unsigned pts = kept_points(g, kept, joker, killed);
    bfc_item items[BFC_MAX_ITEMS];
    const bfc_item *told = NULL; /* the items built, told mode only */
    int m = 0;
    if (mode == BFC__TOLD) {
        bfc_card cards[4];
        for (unsigned i = 0, j = 0; i < 5; i++)
            if (i != slot)
                cards[j++] = f[i];
        bfc_event *e = bfc__push(k, g, BFC_EV_LAYAWAY, s);
        if (e) {
            e->card = f[slot];
            e->slot = (uint8_t)slot;
            e->points = (uint8_t)pts;
            e->item.ncards = 4;
            memcpy(e->item.cards, cards, 4);
        }
        m = killed ? 0 : bfc__hand_items(cards, 4, g->turn_card, BFC_KILL_CARD, items, k);
        told = items;
    }
    if (bfc__peg(g, s, BFC_SRC_BATTLEFIELD, told, (size_t)m, pts, k, mode))
        return BFC_OK;
    if (s != g->dealer) {
        lay_turn(g, bfc__left(g, s));
        return BFC_OK;
    }
    return mode == BFC__TOLD ? reserve_told(g, k) : reserve_quiet(g);
}

BFC__NOINLINE static int lay_away_told(bfc_game *g, unsigned slot, bfc__sink *k)
{
    return lay_away_as(g, slot, k, BFC__TOLD);
}

BFC__NOINLINE static int lay_away_quiet(bfc_game *g, unsigned slot)
{
    return lay_away_as(g, slot, NULL, BFC__QUIET);
}

/* The moves of each phase (game.c calls them by the phase), each checked
 * as the legal list would check it (RULES 4.4 - 4.7): BFC_EILLEGAL with
 * nothing changed, or the move made and counted. */

/* The first turn of a skirmish: two formation cards face up. */
int bfc__bf_reveal(bfc_game *g, bfc_move m, bfc__sink *k)
{
    if (m >= 10)
        return BFC_EILLEGAL;
    const unsigned s = g->to_move;
    g->moves++;
    const unsigned a = bfc__reveal_pair[m][0], b = bfc__reveal_pair[m][1];
    g->faceup[s] |= (uint8_t)(1u << a | 1u << b);
    g->revealed |= (uint8_t)(1u << s);
    g->phase = BFC_PHASE_TURN;
    bfc__push_card(k, g, BFC_EV_REVEAL, s, g->form[s][a], a);
    bfc__push_card(k, g, BFC_EV_REVEAL, s, g->form[s][b], b);
    return BFC_OK;
}

/* A take (RULES 4.4): the frontline's end card into slot i face up, the
 * slot's card placed. One body for both modes (BFC__TOLD, BFC__QUIET).
 * Returns BFC_OK. */
BFC__INLINE int take_as(bfc_game *g, unsigned i, bfc__sink *k, const int mode)
{
    const unsigned s = g->to_move;
    const bfc_card t = pop(&g->front), c = g->form[s][i];
    g->form[s][i] = t;
    g->faceup[s] |= (uint8_t)(1u << i);
    if (mode == BFC__TOLD)
        bfc__push_card(k, g, BFC_EV_TAKE, s, t, i);
    return place_as(g, c, i, turn_card_due(g), k, mode);
}

BFC__NOINLINE static int take_told(bfc_game *g, unsigned i, bfc__sink *k)
{
    return take_as(g, i, k, BFC__TOLD);
}

BFC__NOINLINE static int take_other_quiet(bfc_game *g, unsigned i)
{
    return take_as(g, i, NULL, BFC__QUIET);
}

/* take_as() in silence. Most of a playout's moves, a take before the
 * skirmish's ending of a card that is not the joker (whose take re-scans
 * the frontline), take the end card off and put the slot's card on in one
 * step (bfc__frontline_retake); the others go the one way. */
BFC__NOINLINE static int take_quiet(bfc_game *g, unsigned i)
{
    const unsigned s = g->to_move;
    const bfc_card t = g->front.cards[g->front.n - 1];
    if (t == BFC_JOKER || g->ender != BFC__NONE8)
        return take_other_quiet(g, i);
    const bfc_card c = g->form[s][i];
    g->form[s][i] = t;
    g->faceup[s] |= (uint8_t)(1u << i);
    const uint32_t pts = bfc__frontline_retake(&g->front, c, 0, &g->gone) & 0xFFFFFFu;
    if (pts && credit(g, s, NULL, 0, pts, NULL))
        return BFC_OK;
    return end_turn(g, NULL);
}

/* A take: the frontline's end card into slot i, the slot's card placed. */
static int take(bfc_game *g, unsigned i, bfc__sink *k)
{
    if (bfc__limit_reached(g) || !bfc__can_take(&g->rules, g->front.n, g->turns))
        return BFC_EILLEGAL;
    g->moves++;
    return k ? take_told(g, i, k) : take_quiet(g, i);
}

/* A draw: the pile's top card, held by the seat to move (seen by it alone). */
BFC__NOINLINE static int draw(bfc_game *g, bfc__sink *k)
{
    if (bfc__limit_reached(g) || bfc__pile_size(g) <= 2)
        return BFC_EILLEGAL;
    g->moves++;
    g->held = pile_draw(g);
    g->phase = BFC_PHASE_DRAWN;
    bfc__push_card(k, g, BFC_EV_DRAW, g->to_move, g->held, 5);
    return BFC_OK;
}

/* The turn card, forced by the turn limit (D9), else with two cards left
 * (4.6). */
BFC__NOINLINE static int turn_card(bfc_game *g, bfc__sink *k)
{
    if (!bfc__limit_reached(g) && bfc__pile_size(g) > 2)
        return BFC_EILLEGAL;
    g->moves++;
    place(g, pile_draw(g), 5, 1, k);
    return BFC_OK;
}

/* A turn: take a frontline card, draw, or place the turn card. */
int bfc__bf_turn(bfc_game *g, bfc_move m, bfc__sink *k)
{
    if (m - BFC_MOVE_TAKE < 5u)
        return take(g, m - BFC_MOVE_TAKE, k);
    if (m == BFC_MOVE_DRAW)
        return draw(g, k);
    if (m == BFC_MOVE_TURN)
        return turn_card(g, k);
    return BFC_EILLEGAL;
}

/* Holding a drawn card: place it, or swap it into a slot and place that. */
int bfc__bf_drawn(bfc_game *g, bfc_move m, bfc__sink *k)
{
    if (m - BFC_MOVE_PLACE >= 6u)
        return BFC_EILLEGAL;
    const unsigned s = g->to_move;
    g->moves++;
    bfc_card c = g->held;
    unsigned slot = 5;
    if (m != BFC_MOVE_PLACE) { /* swap */
        slot = m - BFC_MOVE_SWAP;
        c = g->form[s][slot];
        g->form[s][slot] = g->held;
        g->faceup[s] |= (uint8_t)(1u << slot);
        bfc__push_card(k, g, BFC_EV_SWAP, s, g->held, slot);
    }
    g->held = BFC_CARD_NONE;
    place(g, c, slot, 0, k);
    return BFC_OK;
}

/* The battlefield: a legal lay-away. */
int bfc__bf_layaway(bfc_game *g, bfc_move m, bfc__sink *k)
{
    const unsigned slot = (unsigned)m - BFC_MOVE_LAYAWAY; /* wraps below: >= 5 */
    if (slot >= 5u || !((unsigned)g->lay_legal >> slot & 1u))
        return BFC_EILLEGAL;
    g->moves++;
    return k ? lay_away_told(g, slot, k) : lay_away_quiet(g, slot);
}
