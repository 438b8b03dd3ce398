/* The Battlefield Cribbage game (RULES 4 and 5): rules, deal, moves,
 * scoring events, the end of a skirmish and of the game. */
#include <stdlib.h>
#include <string.h>

#include "game.h"

/* ---- Rules ----------------------------------------------------------- */

void bfc_rules_init(bfc_rules *r)
{
    if (!r)
        return;
    memset(r, 0, sizeof *r);
    r->variant = BFC_VARIANT_BATTLEFIELD;
    r->players = 2;
    r->teams = 0;
    r->target = 121;
    r->turn_limit = 200;
    r->first_dealer = BFC_DEALER_CUT;
    r->value = BFC_VALUE_PLAIN;
    r->flags = 0;
}

int bfc_rules_init_variant(bfc_rules *r, int variant)
{
    if (!r || variant < BFC_VARIANT_BATTLEFIELD || variant > BFC_VARIANT_SOLITAIRE)
        return BFC_EINVAL;
    bfc_rules_init(r);
    r->variant = variant;
    if (variant != BFC_VARIANT_BATTLEFIELD)
        r->turn_limit = 0;
    if (variant == BFC_VARIANT_FIVE_CARD)
        r->target = 61;
    else if (variant == BFC_VARIANT_NODDY)
        r->target = 31;
    else if (variant == BFC_VARIANT_SOLITAIRE)
        r->players = 1;
    return BFC_OK;
}

/* The player counts of each variant, and whether teams are allowed (bit
 * 0) or required (bit 1) at that count. */
static int players_ok(const bfc_rules *r)
{
    const int p = r->players, t = r->teams;
    if (t != 0 && t != 1)
        return 0;
    switch (r->variant) {
    case BFC_VARIANT_BATTLEFIELD:
        return p >= 2 && p <= 4 && (!t || p == 4);
    case BFC_VARIANT_CLASSIC:
        return p == 2 || p == 3 ? !t : (p == 4 || p == 6) && t;
    case BFC_VARIANT_FIVE_CARD:
        return p == 2 && !t;
    case BFC_VARIANT_NODDY:
        return p >= 2 && p <= 6 && (!t || p == 4 || p == 6);
    case BFC_VARIANT_SOLITAIRE:
        return p == 1 && !t;
    default:
        return 0;
    }
}

int bfc_rules_check(const bfc_rules *r)
{
    if (!r || !players_ok(r) || bfc__board_check(r) != BFC_OK || r->target < 1 || r->target > 1000 ||
        r->first_dealer < BFC_DEALER_CUT || r->first_dealer >= r->players ||
        r->value < BFC_VALUE_PLAIN || r->value > BFC_VALUE_LURCH)
        return BFC_EINVAL;
    if (r->variant == BFC_VARIANT_BATTLEFIELD)
        return r->turn_limit < 0 || r->turn_limit > 10000 || (r->flags & ~BFC_ANY_LAY_AWAY)
                   ? BFC_EINVAL
                   : BFC_OK;
    if (r->turn_limit != 0 || (r->flags & ~(BFC_MUGGINS | BFC_BACKWARD | BFC_NO_LATE_HEELS)))
        return BFC_EINVAL;
    if (r->variant == BFC_VARIANT_SOLITAIRE && (r->flags & (BFC_MUGGINS | BFC_BACKWARD)))
        return BFC_EINVAL;
    if ((r->flags & BFC_BACKWARD) && r->players > 4)
        return BFC_EINVAL;
    return BFC_OK;
}

/* ---- Random numbers ------------------------------------------------- */

void bfc__rng_seed(uint64_t s[4], uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        s[i] = bfc__splitmix(&seed);
}

/* ---- Moves -------------------------------------------------------------- */

const uint8_t bfc__reveal_pair[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                         {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};

bfc_move bfc_move_reveal(int a, int b)
{
    if (a > b) {
        const int t = a;
        a = b;
        b = t;
    }
    if (a < 0 || b > 4 || a == b)
        return BFC_MOVE_NONE;
    /* pairs (0,1..4) are 0..3, (1,2..4) 4..6, (2,3..4) 7..8, (3,4) 9 */
    static const uint8_t first[4] = {0, 4, 7, 9};
    return (bfc_move)(first[a] + (unsigned)(b - a - 1));
}

int bfc__legal_moves(unsigned phase, unsigned pile, unsigned front_n, int limit_hit,
                     unsigned lay_legal, bfc_move *out, size_t cap)
{
    bfc_move m[BFC_MAX_MOVES];
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
        if (front_n > 0)
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
    if (out)
        memcpy(out, m, (n < cap ? n : cap) * sizeof *m);
    return (int)n;
}

int bfc_game_legal_moves(const bfc_game *g, bfc_move *out, size_t cap)
{
    if (!g || (!out && cap > 0))
        return BFC_EINVAL;
    if (bfc__classic(g))
        return bfc__classic_legal(g, out, cap);
    return bfc__legal_moves(g->phase, bfc__pile_size(g), g->front.n,
                            bfc__limit_hit(&g->rules, g->turns), g->lay_legal, out, cap);
}

/* Whether move is legal now: the same facts as the list, without building
 * it. */
static int is_legal(const bfc_game *g, bfc_move m)
{
    if (bfc__classic(g))
        return bfc__classic_is_legal(g, m);
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
        return m >= BFC_MOVE_TAKE && m < BFC_MOVE_TAKE + 5 && g->front.n > 0;
    case BFC_PHASE_DRAWN:
        return m >= BFC_MOVE_PLACE && m < BFC_MOVE_SWAP + 5;
    case BFC_PHASE_LAYAWAY:
        return m >= BFC_MOVE_LAYAWAY && m < BFC_MOVE_LAYAWAY + 5 &&
               (g->lay_legal >> (m - BFC_MOVE_LAYAWAY) & 1u);
    default:
        return 0;
    }
}

/* ---- Events ------------------------------------------------------------ */


/* The next event slot (zeroed, with the common fields), or NULL when the
 * caller's buffer is full; the count goes on either way. */
bfc_event *bfc__push(bfc__sink *k, const bfc_game *g, unsigned type, unsigned seat)
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

void bfc__push_card(bfc__sink *k, const bfc_game *g, unsigned type, unsigned seat, bfc_card c,
                      unsigned slot)
{
    bfc_event *e = bfc__push(k, g, type, seat);
    if (e) {
        e->card = c;
        e->slot = (uint8_t)slot;
    }
}

void bfc__push_cards(bfc__sink *k, const bfc_game *g, unsigned type, unsigned seat,
                       const bfc_card *cards, size_t n, unsigned points)
{
    bfc_event *e = bfc__push(k, g, type, seat);
    if (e) {
        e->points = (uint8_t)points;
        e->item.ncards = (uint8_t)n;
        memcpy(e->item.cards, cards, n);
    }
}

/* ---- Scoring and the end of the game ------------------------------------- */

int bfc_game_value(const bfc_game *g)
{
    if (!g || !g->over || g->winner == BFC__NONE8)
        return 0;
    if (g->rules.variant == BFC_VARIANT_SOLITAIRE || (g->rules.flags & BFC_BACKWARD))
        return 1;
    const int w = g->score[g->winner];
    int l = -1;
    for (unsigned s = 0; s < g->sides; s++)
        if (s != g->winner && g->score[s] > l)
            l = g->score[s];
    const int t = g->rules.target;
    switch (g->rules.value) {
    case BFC_VALUE_SKUNK:
        return l < t - 60 ? 4 : l < t - 30 ? 2 : 1;
    case BFC_VALUE_MARGIN:
        return w - l >= 61 ? 4 : w - l >= 31 ? 2 : 1;
    case BFC_VALUE_LURCH:
        return 2 * l < t ? 2 : 1;
    default:
        return 1;
    }
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
    if (g->rules.flags & BFC_BACKWARD)
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
}

/* Pegs points for seat's side; returns 1 when that wins the game (RULES
 * 4.8: at once, so the caller scores nothing after it). */
int bfc__peg(bfc_game *g, unsigned seat, unsigned points, bfc__sink *k)
{
    if (points == 0)
        return 0;
    const unsigned side = bfc__side(g, seat);
    g->score[side] = (int16_t)(g->score[side] + (int)points);
    if (g->score[side] >= g->rules.target && g->rules.variant != BFC_VARIANT_SOLITAIRE) {
        bfc__finish(g, seat, k);
        return 1;
    }
    return bfc__board_land(g, seat, k); /* Crib Wars */
}

/* The SCORE events of items pegged by seat (built only when the caller
 * takes events), then the points themselves. */
int bfc__peg_items(bfc_game *g, unsigned seat, unsigned source, const bfc_item *items,
                     size_t n, unsigned points, bfc__sink *k)
{
    if (bfc__board_keeps(g, seat, source, points, k))
        return 0; /* Crib Wars: folded, or in the box */
    if (k->items) {
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
    return bfc__peg(g, seat, points, k);
}

int bfc__peg_one(bfc_game *g, unsigned seat, unsigned source, unsigned kind,
                 const bfc_card *cards, size_t n, unsigned points, bfc__sink *k)
{
    bfc_item it;
    memset(&it, 0, sizeof it);
    it.kind = (uint8_t)kind;
    it.points = (uint8_t)points;
    it.ncards = (uint8_t)n;
    if (n)
        memcpy(it.cards, cards, n);
    return bfc__peg_items(g, seat, source, &it, points ? 1 : 0, points, k);
}

int bfc__hand_items(const bfc_card *cards, size_t n, bfc_card starter, unsigned flags,
                      bfc_item *items, const bfc__sink *k)
{
    if (!k->items)
        return 0;
    const int m = bfc_score_hand_items(cards, n, starter, flags, items, BFC_MAX_ITEMS);
    return m < 0 ? 0 : m > BFC_MAX_ITEMS ? BFC_MAX_ITEMS : m;
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
static void deal(bfc_game *g, bfc__sink *k)
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

/* D6: each seat still in cuts a card of the 52; the lowest rank deals, ties
 * cut again. */
unsigned bfc__cut_for_deal(bfc_game *g)
{
    unsigned in = (1u << g->players) - 1u;
    for (;;) {
        bfc_card deck[52];
        for (unsigned i = 0; i < 52; i++)
            deck[i] = (bfc_card)i;
        unsigned low = 99, at_low = 0, d = 0;
        for (unsigned s = 0; s < g->players; s++) {
            if (!(in >> s & 1u)) {
                g->cut[s] = BFC_CARD_NONE; /* out of the deciding round */
                continue;
            }
            const unsigned j = d + bfc__rng_below(g->rng, 52 - d);
            const bfc_card t = deck[d];
            deck[d] = deck[j];
            deck[j] = t;
            g->cut[s] = deck[d++];
            const unsigned r = bfc__rank(g->cut[s]);
            if (r < low) {
                low = r;
                at_low = 0;
            }
            if (r == low)
                at_low |= 1u << s;
        }
        if ((at_low & (at_low - 1u)) == 0) {
            unsigned s = 0;
            while (!(at_low >> s & 1u))
                s++;
            return s;
        }
        in = at_low;
    }
}

static void start_game(bfc_game *g, unsigned dealer, bfc__sink *k)
{
    memset(g->score, 0, sizeof g->score);
    g->over = 0;
    g->winner = g->winning_seat = BFC__NONE8;
    g->skirmish = 0;
    g->moves = 0;
    g->dealer = (uint8_t)dealer;
    g->folded = 0;
    g->boxed = BFC__NONE8;
    g->box_left = 0;
    if (bfc__classic(g))
        bfc__classic_start(g, dealer, k);
    else
        deal(g, k);
}

bfc_game *bfc_game_new(const bfc_rules *rules, uint64_t seed, int *status)
{
    int rc = bfc_rules_check(rules);
    bfc_game *g = NULL;
    if (rc == BFC_OK) {
        g = calloc(1, sizeof *g);
        if (!g)
            rc = BFC_ENOMEM;
    }
    if (status)
        *status = rc;
    if (!g)
        return NULL;
    g->rules = *rules;
    g->players = (uint8_t)rules->players;
    g->sides = (uint8_t)(rules->teams ? rules->players / 2 : rules->players);
    bfc__rng_seed(g->rng, seed);
    memset(g->cut, BFC_CARD_NONE, sizeof g->cut);
    bfc_frontline_init(&g->front);
    const unsigned dealer = rules->first_dealer != BFC_DEALER_CUT ? (unsigned)rules->first_dealer
                            : rules->players == 1                 ? 0u
                                                                  : bfc__cut_for_deal(g);
    bfc__sink k = {NULL, 0, 0, 0};
    start_game(g, dealer, &k);
    return g;
}

void bfc_game_free(bfc_game *g) { free(g); }

int bfc_game_copy(bfc_game *dst, const bfc_game *src)
{
    if (!dst || !src || memcmp(&dst->rules, &src->rules, sizeof src->rules) != 0)
        return BFC_EINVAL;
    if (dst != src)
        memcpy(dst, src, sizeof *dst);
    return BFC_OK;
}

bfc_game *bfc_game_clone(const bfc_game *src)
{
    if (!src)
        return NULL;
    bfc_game *g = malloc(sizeof *g);
    if (g)
        memcpy(g, src, sizeof *g);
    return g;
}

int bfc_game_next(bfc_game *g)
{
    if (!g || !g->over)
        return BFC_EINVAL;
    bfc__sink k = {NULL, 0, 0, 0};
    memset(g->cut, BFC_CARD_NONE, sizeof g->cut); /* the winner deals: no cut */
    start_game(g, g->winning_seat == BFC__NONE8 ? 0u : g->winning_seat, &k);
    return BFC_OK;
}

/* ---- Turns (RULES 4.4 - 4.7) ------------------------------------------- */

/* The lay-away facts of the seat to lay away now (D10). */
static void lay_turn(bfc_game *g, unsigned seat)
{
    bfc_battlefield bf;
    g->to_move = (uint8_t)seat;
    g->phase = BFC_PHASE_LAYAWAY;
    if (bfc_score_battlefield(g->form[seat], g->turn_card, g->rules.flags & BFC_ANY_LAY_AWAY,
                              &bf) < 0)
        bf.legal = 0x1F; /* cannot happen in a consistent state */
    g->lay_legal = (uint8_t)bf.legal;
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
    bfc_battlefield bf;
    if (bfc_score_battlefield(g->form[s], g->turn_card, 0, &bf) < 0)
        memset(&bf, 0, sizeof bf);
    g->laid[s] = (uint8_t)slot;
    g->lay_legal = 0;
    const unsigned pts = bf.by_lay_away[slot].total;
    bfc_card kept[4];
    for (unsigned i = 0, j = 0; i < 5; i++)
        if (i != slot)
            kept[j++] = g->form[s][i];
    bfc_event *e = bfc__push(k, g, BFC_EV_LAYAWAY, s);
    if (e) {
        e->card = g->form[s][slot];
        e->slot = (uint8_t)slot;
        e->points = (uint8_t)pts;
        e->item.ncards = 4;
        memcpy(e->item.cards, kept, 4);
    }
    bfc_item items[BFC_MAX_ITEMS];
    int m = bfc__hand_items(kept, 4, g->turn_card, BFC_KILL_CARD, items, k);
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
    deal(g, k);
}

int bfc_game_apply(bfc_game *g, bfc_move m, bfc_event *ev, size_t cap, size_t *nev)
{
    if (!g || (!ev && cap > 0))
        return BFC_EINVAL;
    if (!is_legal(g, m))
        return BFC_EILLEGAL;
    bfc__sink k = {ev, cap, 0, cap > 0 || nev != NULL};
    const unsigned s = g->to_move;
    g->moves++;
    if (bfc__classic(g)) {
        bfc__classic_apply(g, m, &k);
    } else if (m < BFC_MOVE_DRAW) {
        const unsigned a = bfc__reveal_pair[m][0], b = bfc__reveal_pair[m][1];
        g->faceup[s] |= (uint8_t)(1u << a | 1u << b);
        g->revealed |= (uint8_t)(1u << s);
        g->phase = BFC_PHASE_TURN;
        bfc__push_card(&k, g, BFC_EV_REVEAL, s, g->form[s][a], a);
        bfc__push_card(&k, g, BFC_EV_REVEAL, s, g->form[s][b], b);
    } else if (m == BFC_MOVE_DRAW) {
        g->held = g->pile[g->pile_pos];
        g->pile[g->pile_pos++] = 0;
        g->phase = BFC_PHASE_DRAWN;
        bfc__push_card(&k, g, BFC_EV_DRAW, s, g->held, 5);
    } else if (m == BFC_MOVE_PLACE) {
        const bfc_card c = g->held;
        g->held = BFC_CARD_NONE;
        place(g, c, 5, 0, &k);
    } else if (m < BFC_MOVE_TAKE) {
        const unsigned i = m - BFC_MOVE_SWAP;
        const bfc_card c = g->form[s][i];
        g->form[s][i] = g->held;
        g->faceup[s] |= (uint8_t)(1u << i);
        bfc__push_card(&k, g, BFC_EV_SWAP, s, g->held, i);
        g->held = BFC_CARD_NONE;
        place(g, c, i, 0, &k);
    } else if (m < BFC_MOVE_TURN) {
        const unsigned i = m - BFC_MOVE_TAKE;
        bfc_card t = BFC_CARD_NONE;
        bfc_frontline_take(&g->front, &t);
        const bfc_card c = g->form[s][i];
        g->form[s][i] = t;
        g->faceup[s] |= (uint8_t)(1u << i);
        bfc__push_card(&k, g, BFC_EV_TAKE, s, t, i);
        place(g, c, i, 0, &k);
    } else if (m == BFC_MOVE_TURN) {
        const bfc_card c = g->pile[g->pile_pos];
        g->pile[g->pile_pos++] = 0;
        place(g, c, 5, 1, &k);
    } else {
        lay_away(g, m - BFC_MOVE_LAYAWAY, &k);
    }
    if (nev)
        *nev = k.n;
    return BFC_OK;
}

/* ---- Queries ------------------------------------------------------------ */

const bfc_rules *bfc_game_rules(const bfc_game *g) { return g ? &g->rules : NULL; }

int bfc_game_to_move(const bfc_game *g) { return g && !g->over ? g->to_move : -1; }

int bfc_game_phase(const bfc_game *g) { return g ? g->phase : BFC_EINVAL; }

int bfc_game_sides(const bfc_game *g) { return g ? g->sides : BFC_EINVAL; }

int bfc_game_side_of(const bfc_game *g, int seat)
{
    if (!g || seat < 0 || seat >= g->players)
        return BFC_EINVAL;
    return (int)bfc__side(g, (unsigned)seat);
}

int bfc_game_scores(const bfc_game *g, int *out, size_t cap)
{
    if (!g || (!out && cap > 0))
        return BFC_EINVAL;
    for (size_t i = 0; i < cap && i < g->sides; i++)
        out[i] = g->score[i];
    return g->sides;
}

int bfc_game_over(const bfc_game *g) { return g ? g->over : BFC_EINVAL; }

int bfc_game_winner(const bfc_game *g)
{
    return g && g->over && g->winner != BFC__NONE8 ? g->winner : -1;
}

int bfc_game_winning_seat(const bfc_game *g)
{
    return g && g->over && g->winning_seat != BFC__NONE8 ? g->winning_seat : -1;
}
