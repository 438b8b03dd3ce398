/* The classic games (RULES 3): two, three, four and six players, five-card,
 * Noddy, backward and solitaire cribbage, with muggins (3.9) and the game
 * values of RULES 5, played through the same bfc_game API as Battlefield
 * Cribbage. Here the moves are made: the deal, the discards, the cut, the
 * play, the show; the legal move lists are in classic_moves.c, muggins'
 * declarations and claims in classic_muggins.c. */
#include <string.h>

#include "variants.h"

#define NONE BFC__NONE8
#define CRIB_SHOWN 0x80u /* bfc_game.shown: the crib was counted */

#define ALL_LAID BFC__ALL_LAID /* after a card: every card is laid (go_on) */

static unsigned variant(const bfc_game *g) { return (unsigned)g->rules.variant; }

static uint64_t bit(bfc_card c) { return UINT64_C(1) << c; }

/* ---- The deal ----------------------------------------------------------- */

static void new_deal(bfc_game *g, bfc__sink *k);
static void show_next(bfc_game *g, bfc__sink *k);
static void end_play(bfc_game *g, bfc__sink *k);
static void go_on(bfc_game *g, unsigned s, unsigned next, bfc__sink *k);

/* A seat's cards still in the play: none once it folded (Crib Wars). */
static inline uint64_t live(const bfc_game *g, unsigned s)
{
    return g->folded >> s & 1u ? 0 : g->hand[s];
}

/* any_live() when some seat folded (Crib Wars). */
static int any_live_folded(const bfc_game *g)
{
    uint64_t any = 0;
    for (unsigned t = 0; t < g->players; t++)
        any |= live(g, t);
    return any != 0;
}

/* Lists the cards of a set in ascending order; returns how many. */
static unsigned list(uint64_t m, bfc_card *out)
{
    unsigned n = 0;
    for (; m; m &= m - 1)
        out[n++] = (bfc_card)bfc__lowest(m);
    return n;
}

/* The play begins (RULES 3.1): the count at 0, the dealer's left leads
 * (Crib Wars: the first seat from there that has not folded; every side
 * folded ends the play). One body for the told way and a plain game in
 * silence (BFC__PLAIN: no board, so no seat folded). */
BFC__INLINE void start_play_as(bfc_game *g, bfc__sink *k, const int mode)
{
    g->phase = BFC_PHASE_PLAY;
    g->count = 0;
    g->nseq = 0;
    g->said_go = 0;
    unsigned t = mode != BFC__PLAIN && g->players == 1 ? 0u : bfc__left(g, g->dealer);
    if (mode != BFC__PLAIN) {
        for (unsigned i = 1; i < g->players && !live(g, t); i++)
            t = bfc__left(g, t); /* past the folded seats */
    }
    g->to_move = (uint8_t)t;
    if (mode != BFC__PLAIN && !live(g, t)) /* Crib Wars: every side folded */
        end_play(g, k);
}

static void start_play(bfc_game *g, bfc__sink *k)
{
    start_play_as(g, k, BFC__TOLD);
}

/* The starter (3.1): cut by the dealer's left (the non-dealer with two),
 * turned by the dealer in Noddy; a jack gives the dealer 2 for his heels.
 * Returns 1 if that ended the game. */
static int heels(bfc_game *g, bfc__sink *k);

/* The starter is the next card of the deck; its place is left 0. */
static inline bfc_card turn_starter(bfc_game *g)
{
    const bfc_card c = g->deck[g->deck_pos];
    g->starter = c;
    g->deck[g->deck_pos++] = 0;
    return c;
}

/* The starter is cut (3.1) and the dealer pegs his heels for a jack;
 * returns 1 if that ended the game. One body for both modes. */
BFC__INLINE int cut_starter_as(bfc_game *g, bfc__sink *k, const int mode)
{
    const bfc_card c = turn_starter(g);
    if (mode == BFC__TOLD) {
        const unsigned cutter = g->players == 1 || variant(g) == BFC_VARIANT_NODDY
                                    ? g->dealer
                                    : bfc__left(g, g->dealer);
        bfc__push_card(k, g, BFC_EV_STARTER, cutter, c, NONE);
    }
    return bfc__rank(c) == 11 ? heels(g, k) : 0;
}

static int cut_starter(bfc_game *g, bfc__sink *k)
{
    return cut_starter_as(g, k, BFC__TOLD);
}

/* The last discard is in: the starter, then the play (RULES 3.1). */
BFC__INLINE int cut_as(bfc_game *g, bfc__sink *k, const int mode)
{
    if (!cut_starter_as(g, k, mode))
        start_play_as(g, k, mode);
    return BFC_OK;
}

BFC__NOINLINE static int cut_told(bfc_game *g, bfc__sink *k)
{
    return cut_as(g, k, BFC__TOLD);
}

BFC__NOINLINE static int plain_cut(bfc_game *g)
{
    return cut_as(g, NULL, BFC__PLAIN);
}

/* The starter is a jack: the dealer's 2 for his heels, unless late (the
 * BFC_RULE_NO_LATE_HEELS option). Returns 1 if that ended the game. */
static int heels(bfc_game *g, bfc__sink *k)
{
    const unsigned side = bfc__side(g, g->dealer);
    const int late = g->score[side] >= bfc__target(g, side) - 3;
    if ((g->rules.flags & BFC_RULE_NO_LATE_HEELS) && late)
        return 0;
    return bfc__peg_one(g, g->dealer, BFC_SRC_HEELS, BFC_ITEM_HEELS, &g->starter, 1, 2, k, BFC__TOLD);
}

/* Step i of a Fisher-Yates shuffle from the top of deck d: the card drawn
 * for place i (its old place j takes the card at i). */
static inline bfc_card draw_at(bfc_card *d, uint64_t rng[4], unsigned i)
{
    const unsigned j = i + bfc__rng_below(rng, 52 - i);
    const bfc_card c = d[j];
    d[j] = d[i];
    return c;
}

/* The first k cards of the deck shuffled into place (Fisher-Yates from the
 * top): only what is dealt is drawn. The generator is kept in locals, as
 * stores to the card bytes could otherwise alias it. */
static void shuffle(bfc_game *g, unsigned k)
{
    bfc_card *d = g->deck;
    memcpy(d, bfc__identity, 52);
    uint64_t rng[4] = {g->rng[0], g->rng[1], g->rng[2], g->rng[3]};
    for (unsigned i = 0; i < k && i < 51; i++) {
        const unsigned j = i + bfc__rng_below(rng, 52 - i);
        const bfc_card t = d[i];
        d[i] = d[j];
        d[j] = t;
    }
    for (unsigned i = 0; i < 4; i++)
        g->rng[i] = rng[i];
}

/* The hands, `dealt` cards one at a time from the dealer's left, then
 * three players' crib card (crib_card), then a random starter below them:
 * each card dealt as the shuffle draws it (Fisher-Yates from the top, only
 * what is dealt). The places of the dealt cards in the deck are left 0;
 * the starter waits at deck[deck_pos]. The hands are gathered in locals by
 * their seat's place from the dealer's left (two players' in two
 * locals), and the generator kept in locals, as stores to card bytes
 * could otherwise alias them. */
static void deal_hands(bfc_game *g, unsigned dealt, unsigned crib_card)
{
    const unsigned n = g->players;
    bfc_card *d = g->deck;
    memcpy(d, bfc__identity, 52);
    uint64_t rng[4] = {g->rng[0], g->rng[1], g->rng[2], g->rng[3]};
    uint64_t hands[BFC__MAXP] = {0};
    if (n == 2) {
        uint64_t h0 = 0, h1 = 0;
        for (unsigned i = 0; i < dealt; i += 2) {
            h0 |= bit(draw_at(d, rng, i));
            h1 |= bit(draw_at(d, rng, i + 1));
        }
        hands[0] = h0;
        hands[1] = h1;
    } else {
        for (unsigned i = 0, q = 0; i < dealt; i++) {
            hands[q] |= bit(draw_at(d, rng, i));
            q = q + 1u == n ? 0u : q + 1u;
        }
    }
    const unsigned total = dealt + crib_card;
    if (crib_card)
        g->ccrib[g->nccrib++] = draw_at(d, rng, dealt);
    d[total] = draw_at(d, rng, total);
    memset(d, 0, total);
    for (unsigned i = 0; i < 4; i++)
        g->rng[i] = rng[i];
    g->deck_pos = (uint8_t)total;
    for (unsigned q = 0, s = g->dealer; q < n; q++) {
        s = bfc__left(g, s);
        g->hand[s] = hands[q];
    }
}

/* deal_hands() for the usual game, six cards to each of two players
 * (RULES 3.1), its places known: the same draws, with no list of hands. */
BFC__NOINLINE static void deal_two(bfc_game *g)
{
    bfc_card *d = g->deck;
    memcpy(d, bfc__identity, 52);
    uint64_t rng[4] = {g->rng[0], g->rng[1], g->rng[2], g->rng[3]};
    uint64_t h0 = 0, h1 = 0;
#define TWO(i)                                                                                     \
    do {                                                                                           \
        h0 |= bit(draw_at(d, rng, i));                                                             \
        h1 |= bit(draw_at(d, rng, (i) + 1));                                                       \
    } while (0)
    TWO(0);
    TWO(2);
    TWO(4);
    TWO(6);
    TWO(8);
    TWO(10);
#undef TWO
    d[12] = draw_at(d, rng, 12);
    memset(d, 0, 12);
    for (unsigned i = 0; i < 4; i++)
        g->rng[i] = rng[i];
    g->deck_pos = 12;
    const unsigned first = bfc__left(g, g->dealer); /* the dealer's left: h0 */
    g->hand[first] = h0;
    g->hand[1u - first] = h1;
}

/* The table of a new deal: no cards anywhere, nothing counted, and the
 * skirmish (the deal) counted. */
static inline void clear_deal(bfc_game *g)
{
    memset(g->hand, 0, sizeof g->hand);
    memset(g->played, 0, sizeof g->played);
    memset(g->thrown, 0, sizeof g->thrown);
    memset(g->ccrib, NONE, sizeof g->ccrib);
    memset(g->seq, 0, sizeof g->seq);
    g->shown = 0;
    g->nccrib = g->nseq = g->count = 0;
    g->starter = BFC_CARD_NONE;
    g->last = NONE;
    g->discarded = g->said_go = g->step = 0;
    memset(g->go_room, 0, sizeof g->go_room);
    g->declarer = g->declared = g->truth = g->counting = NONE;
    g->resume = NONE;
    g->play_owed = 0;
    g->sol_laid = 0;
    if (g->skirmish < UINT32_MAX)
        g->skirmish++;
}

/* Solitaire's deal (3.8): one shuffle for the game, the deck dealt from
 * the top six times, six cards to the hand and two to the crib. */
static void deal_solitaire(bfc_game *g)
{
    if (g->skirmish == 1) {
        shuffle(g, 52);
        g->deck_pos = 0;
        g->gone = 0;
        g->first_laid = BFC_CARD_NONE;
    }
    for (unsigned i = 0; i < 8; i++) {
        const bfc_card c = g->deck[g->deck_pos];
        g->deck[g->deck_pos++] = 0;
        if (i < 6)
            g->hand[0] |= bit(c);
        else
            g->ccrib[g->nccrib++] = c;
    }
}

/* A new deal: the table cleared, the hands dealt, and the discards begin
 * at the dealer's left (RULES 3.1-3.5, 3.8); Noddy cuts the starter and
 * counts the hands before the play (3.6). One body for the told way
 * (BFC__TOLD) and a plain game in silence (BFC__PLAIN: two players dealt
 * six cards each, three or more five, RULES 3.1-3.4). */
BFC__INLINE void deal_as(bfc_game *g, bfc__sink *k, const int mode)
{
    const unsigned n = g->players;
    const int solitaire = mode != BFC__PLAIN && n == 1;
    clear_deal(g);
    g->phase = BFC_PHASE_DISCARD;
    g->to_move = (uint8_t)(solitaire ? 0u : bfc__left(g, g->dealer));
    const unsigned per = mode == BFC__PLAIN ? 6u - (n > 2) : bfc__rules_dealt(&g->rules);
    if (solitaire)
        deal_solitaire(g);
    else if (n == 2 && per == 6)
        deal_two(g);
    else
        deal_hands(g, per * n, n == 3 && (mode == BFC__PLAIN || variant(g) == BFC_VARIANT_CLASSIC));
    if (mode == BFC__TOLD) {
        bfc__push_card(k, g, BFC_EV_DEAL, g->dealer, BFC_CARD_NONE, per);
        if (variant(g) == BFC_VARIANT_NODDY && !cut_starter(g, k)) {
            g->step = 0;
            show_next(g, k); /* Noddy counts the hands before the play */
        }
    }
}

static void new_deal(bfc_game *g, bfc__sink *k)
{
    deal_as(g, k, BFC__TOLD);
}

void bfc__classic_start(bfc_game *g, unsigned dealer, bfc__sink *k)
{
    g->dealer = (uint8_t)dealer;
    g->gone = 0;
    g->deck_pos = 0;
    memset(g->deck, 0, sizeof g->deck);
    g->first_laid = BFC_CARD_NONE;
    new_deal(g, k);
    if (variant(g) == BFC_VARIANT_FIVE_CARD) /* before anyone scores: RULES 3.5 */
        bfc__peg_one(g, bfc__left(g, dealer), BFC_SRC_FIRST, BFC_ITEM_THREE_FOR_LAST, NULL, 0, 3,
                     k, BFC__TOLD);
}

/* The deal is over: the next dealer deals, or solitaire's free crib ends
 * the game (3.8). */
static void end_deal(bfc_game *g, bfc__sink *k)
{
    if (g->players > 1) {
        /* Crib Wars: out of the box as the deal passes; when that wins, the
           finished game keeps the deal just played with its dealer (whose
           partner threw out of the deal in D3) */
        if (bfc__board_deal(g, k))
            return;
        g->dealer = (uint8_t)bfc__left(g, g->dealer);
        new_deal(g, k);
        return;
    }
    /* solitaire: the used cards go face up under the deck, the starter back
       on top */
    uint64_t used = g->played[0] | g->hand[0];
    for (unsigned i = 0; i < g->nccrib; i++)
        used |= bit(g->ccrib[i]);
    g->gone |= used;
    g->deck[--g->deck_pos] = g->starter;
    if (g->skirmish < 6) {
        new_deal(g, k);
        return;
    }
    /* the free crib: the four face-down cards, the first face-up card under
       them as its starter */
    g->hand[0] = g->played[0] = g->thrown[0] = 0;
    g->nccrib = g->nseq = g->count = g->sol_laid = 0;
    memset(g->seq, 0, sizeof g->seq);
    for (unsigned i = g->deck_pos; i < 52; i++) {
        g->ccrib[g->nccrib++] = g->deck[i];
        g->deck[i] = 0;
    }
    g->deck_pos = 52;
    g->starter = g->first_laid;
    if (g->first_laid < BFC_NCARDS) /* always, in a checked state */
        g->gone &= ~bit(g->first_laid);
    g->shown = 0;
    g->step = 1; /* the crib is next */
    show_next(g, k);
}

/* ---- The show (and Noddy's count before the play) ------------------------ */

/* The cards being counted: seat's hand or the crib; returns how many. */
static inline unsigned counted(const bfc_game *g, unsigned seat, unsigned crib,
                               bfc_card *out)
{
    if (crib) {
        memcpy(out, g->ccrib, g->nccrib);
        return g->nccrib;
    }
    return list(g->played[seat] | g->hand[seat], out);
}

static unsigned show_flags(const bfc_game *g, unsigned crib)
{
    return (crib ? BFC_CRIB : 0u) | (variant(g) == BFC_VARIANT_NODDY ? BFC_NODDY : 0u);
}

static inline int card_points(const bfc_game *g);

/* The count of m shown cards with the starter: four of them (every
 * variant's crib, and the hands of the classic and solitaire games) by the
 * table scorer, the others (Noddy's three, five-card's three, seven-card's
 * five) by the general one. */
static inline int show_count(const bfc_game *g, const bfc_card *cards, unsigned m,
                             unsigned crib)
{
    if (m == 4 && variant(g) != BFC_VARIANT_NODDY)
        return bfc_score_show(cards, g->starter, crib ? BFC_CRIB : 0u);
    return m <= 5 ? bfc_score_hand(cards, m, g->starter, show_flags(g, crib), NULL) : BFC_ESTATE;
}

int bfc__classic_truth(const bfc_game *g, unsigned seat, unsigned counting)
{
    if (counting == BFC__PLAY_COUNTED) /* a card's points and the go it is owed */
        return g->nseq ? card_points(g) + g->play_owed : BFC_ESTATE;
    bfc_card cards[8];
    return show_count(g, cards, counted(g, seat, counting, cards), counting);
}

static unsigned source_of(unsigned crib) { return crib ? BFC_SRC_CRIB : BFC_SRC_HAND; }

/* The key sum of a hand of four cards (bit c for card c), written out. */
static inline uint64_t key_of_four(uint64_t m)
{
    uint64_t sum = bfc__tab.card_key[bfc__lowest(m)];
    m &= m - 1;
    sum += bfc__tab.card_key[bfc__lowest(m)];
    m &= m - 1;
    sum += bfc__tab.card_key[bfc__lowest(m)];
    m &= m - 1;
    return sum + bfc__tab.card_key[bfc__lowest(m)];
}

/* The key sum of the crib of a plain game (four cards, RULES 3.1). */
static inline uint64_t key_of_crib(const bfc_game *g)
{
    return bfc__tab.card_key[g->ccrib[0]] + bfc__tab.card_key[g->ccrib[1]] +
           bfc__tab.card_key[g->ccrib[2]] + bfc__tab.card_key[g->ccrib[3]];
}

/* One count of the show (RULES 3.1): seat's hand, or its crib, counted
 * with the starter and pegged; 1 when the show stops there: the game is
 * won, or a muggins declaration is awaited (D12). A folded hand or crib
 * (Crib Wars, 3.9) is passed; Noddy's hands are declared without being
 * shown (3.6). A plain game in silence (BFC__PLAIN: four cards each, the
 * state check holds a loaded game to it; no muggins, no board) counts
 * them from their key sum by the table scorer without its checks. */
BFC__INLINE int show_one_as(bfc_game *g, unsigned seat, const unsigned crib, bfc__sink *k,
                            const int mode)
{
    if (mode == BFC__PLAIN) {
        g->shown |= crib ? CRIB_SHOWN : 1u << seat;
        const uint64_t key = crib ? key_of_crib(g) : key_of_four(g->played[seat] | g->hand[seat]);
        const unsigned t = (unsigned)bfc__show_key(key, g->starter, crib ? BFC_CRIB : 0u);
        return bfc__peg(g, seat, source_of(crib), NULL, 0, t, NULL, BFC__PLAIN);
    }
    if ((unsigned)g->folded >> seat & 1u)
        return 0;
    bfc_card cards[8];
    const unsigned m = counted(g, seat, crib, cards);
    const unsigned flags = show_flags(g, crib);
    const int truth = show_count(g, cards, m, crib);
    const unsigned t = truth < 0 ? 0u : (unsigned)truth;
    if (variant(g) != BFC_VARIANT_NODDY)
        g->shown |= crib ? CRIB_SHOWN : 1u << seat;
    cards[m] = g->starter;
    bfc_event *e = bfc__push(k, g, BFC_EV_SHOW, seat);
    if (e) {
        e->points = (uint8_t)t;
        e->slot = (uint8_t)crib;
        e->item.ncards = (uint8_t)(m + 1);
        memcpy(e->item.cards, cards, m + 1);
    }
    if (g->rules.flags & BFC_RULE_MUGGINS) {
        g->phase = BFC_PHASE_DECLARE;
        g->to_move = (uint8_t)seat;
        g->declarer = (uint8_t)seat;
        g->truth = (uint8_t)t;
        g->counting = (uint8_t)crib;
        return 1;
    }
    bfc_item items[BFC_MAX_ITEMS];
    const int ni = bfc__hand_items(cards, m, g->starter, flags, items, k);
    return bfc__peg(g, seat, source_of(crib), items, (size_t)ni, t, k, BFC__TOLD);
}

/* The show (RULES 3.1) from step g->step on: the hands from the dealer's
 * left, then the dealer's crib, until show_one_as() stops it or the show
 * is over and the next deal is dealt; Noddy counts the hands alone, before
 * the play (3.6). One body for both modes (BFC__TOLD, BFC__PLAIN). */
BFC__INLINE void show_as(bfc_game *g, bfc__sink *k, const int mode)
{
    const unsigned n = g->players;
    const int noddy = mode != BFC__PLAIN && variant(g) == BFC_VARIANT_NODDY;
    unsigned step = g->step, seat = g->dealer;
    for (unsigned i = 0; i <= step && i < n; i++)
        seat = bfc__left(g, seat);
    for (; step < n; g->step = (uint8_t)++step, seat = bfc__left(g, seat))
        if (show_one_as(g, seat, 0, k, mode))
            return;
    if (noddy) {
        start_play(g, k);
        return;
    }
    if (step == n) {
        if (show_one_as(g, g->dealer, 1, k, mode))
            return;
        g->step = (uint8_t)++step;
    }
    if (mode == BFC__PLAIN) { /* the next deal (a plain game has no board) */
        g->dealer = (uint8_t)bfc__left(g, g->dealer);
        deal_as(g, NULL, BFC__PLAIN);
        return;
    }
    if (n == 1 && g->skirmish >= 6 && g->deck_pos == 52) {
        bfc__finish(g, 0, k);
        return;
    }
    end_deal(g, k);
}

static void show_next(bfc_game *g, bfc__sink *k)
{
    show_as(g, k, BFC__TOLD);
}

/* The cards counted for muggins (classic_muggins.c): counted(). */
unsigned bfc__classic_counted(const bfc_game *g, unsigned seat, unsigned crib, bfc_card *out)
{
    return counted(g, seat, crib, out);
}

void bfc__classic_show_next(bfc_game *g, bfc__sink *k)
{
    show_next(g, k);
}

/* ---- The play ------------------------------------------------------------ */

static void reset_count(bfc_game *g, bfc__sink *k)
{
    g->count = 0;
    g->nseq = 0;
    memset(g->seq, 0, sizeof g->seq);
    g->said_go = 0;
    bfc__push(k, g, BFC_EV_RESET, g->last == NONE ? g->to_move : g->last);
}

/* The play is over (RULES 3.1): the table is cleared, and the show
 * begins (Noddy, which counted before the play, deals again: 3.6). One
 * body for both modes. */
BFC__INLINE void end_play_as(bfc_game *g, bfc__sink *k, const int mode)
{
    /* seat: the last to lay (the dealer when no one laid: Crib Wars' folds) */
    if (mode == BFC__TOLD)
        bfc__push(k, g, BFC_EV_END_PLAY, g->last == NONE ? g->dealer : g->last);
    g->count = g->nseq = 0; /* the table is cleared for the show */
    memset(g->seq, 0, sizeof g->seq);
    if (mode != BFC__PLAIN && variant(g) == BFC_VARIANT_NODDY) {
        end_deal(g, k);
        return;
    }
    g->step = 0;
    show_as(g, k, mode);
}

BFC__NOINLINE static int plain_play_over(bfc_game *g)
{
    end_play_as(g, NULL, BFC__PLAIN);
    return BFC_OK;
}

static void end_play(bfc_game *g, bfc__sink *k)
{
    if (!k && g->plain) {
        plain_play_over(g);
        return;
    }
    end_play_as(g, k, BFC__TOLD);
}

/* The pegging points of the card just laid (RULES 2.2; Noddy 3.6). */
static inline int card_points(const bfc_game *g)
{
    return (int)bfc__peg_points(g->seq, g->nseq, g->count, variant(g) == BFC_VARIANT_NODDY, NULL);
}

/* Lays card c for seat: the card goes down (solitaire: only hand cards
 * leave the hand). */
static void put_down(bfc_game *g, unsigned seat, bfc_card c, int from_crib, bfc__sink *k)
{
    g->seq[g->nseq++] = c;
    g->count = (uint8_t)(g->count + bfc__value(c));
    g->last = (uint8_t)seat;
    bfc_event *e = bfc__push(k, g, BFC_EV_PLAY, seat);
    if (e) {
        e->card = c;
        e->points = g->count;
        e->slot = (uint8_t)from_crib;
    }
    if (from_crib)
        return;
    g->played[seat] |= bit(c);
    g->hand[seat] &= ~bit(c);
}

/* Pegs the points p of the card just laid; returns 1 if that won. */
static int peg_card(bfc_game *g, unsigned seat, int p, bfc__sink *k)
{
    if (p <= 0)
        return 0;
    const unsigned flags = variant(g) == BFC_VARIANT_NODDY ? BFC_NODDY : 0u;
    bfc_item items[BFC_MAX_ITEMS];
    int ni = 0;
    if (bfc__items_on(k)) {
        ni = bfc_score_peg_items(g->seq, g->nseq, flags, items, BFC_MAX_ITEMS);
        ni = ni < 0 ? 0 : ni > BFC_MAX_ITEMS ? BFC_MAX_ITEMS : ni;
    }
    return bfc__peg(g, seat, BFC_SRC_PLAY, items, (size_t)ni, (unsigned)p, k, BFC__TOLD);
}

/* Whether anyone still holds a card to lay. */
static inline int any_live(const bfc_game *g)
{
    uint64_t any = 0;
    for (unsigned t = 0; t < g->players; t++)
        any |= g->hand[t];
    return g->folded ? any_live_folded(g) : any != 0;
}

/* Five-card and Noddy end the play when no one can lay (3.5, 3.6); the
 * others reset the count. */
static int play_ends(const bfc_game *g)
{
    return variant(g) == BFC_VARIANT_FIVE_CARD || variant(g) == BFC_VARIANT_NODDY;
}

/* Seat t says go: it holds no card that fits the room left, which every
 * player sees (bfc_game.go_room). */
static inline void said_go_at(bfc_game *g, unsigned t)
{
    const uint8_t room = (uint8_t)(31u - g->count);
    if (g->go_room[t] < room)
        g->go_room[t] = room;
}

/* After seat s laid a card: the seat that lays next, saying go for those
 * who cannot (BFC_EV_GO; never after a count of 31), or NONE when no one
 * can lay a card. */
static inline unsigned next_layer(bfc_game *g, unsigned s, bfc__sink *k)
{
    if (g->count >= 31)
        return NONE;
    const uint64_t room = bfc__fits(31u - g->count);
    unsigned t = s;
    for (unsigned i = 0; i < g->players; i++) {
        t = bfc__left(g, t);
        const uint64_t h = live(g, t);
        if (!h)
            continue;
        if (h & room)
            return t;
        if (t != s && !((unsigned)g->said_go >> t & 1u)) {
            g->said_go |= (uint8_t)(1u << t);
            said_go_at(g, t);
            bfc__push(k, g, BFC_EV_GO, t);
        }
    }
    return NONE;
}

/* The seat that lays next after s: next_layer(), or ALL_LAID when no one
 * holds a card. */
static unsigned next_any(bfc_game *g, unsigned s, bfc__sink *k)
{
    return any_live(g) ? next_layer(g, s, k) : ALL_LAID;
}

/* The play goes on after the points of s's card: next lays; or no one
 * can (NONE) and the count resets, the player after the last to lay
 * leading; or the play is over: every card was laid when s laid its card
 * (ALL_LAID), or, in five-card and Noddy, no one can lay. (A seat folded by
 * the points just pegged, Crib Wars, may leave no one to lead after the
 * reset: the play is over then too.) */
void bfc__classic_go_on(bfc_game *g, unsigned s, unsigned next, bfc__sink *k)
{
    go_on(g, s, next, k);
}

static void go_on(bfc_game *g, unsigned s, unsigned next, bfc__sink *k)
{
    if (next != NONE && next != ALL_LAID && !live(g, next)) {
        /* Crib Wars under muggins: the points just pegged put the next
           layer's side in a box. Who lays is found again; a go it leaves
           was not owed when the card was declared, so none is pegged. */
        next = any_live(g) ? next_layer(g, s, k) : ALL_LAID;
    }
    if (next != NONE && next != ALL_LAID) {
        g->to_move = (uint8_t)next;
        return;
    }
    if (next == ALL_LAID || play_ends(g)) {
        end_play(g, k);
        return;
    }
    reset_count(g, k);
    unsigned t = s;
    for (unsigned i = 0; i < g->players; i++) {
        t = bfc__left(g, t);
        if (live(g, t)) {
            g->to_move = (uint8_t)t;
            return;
        }
    }
    end_play(g, k); /* Crib Wars: the go put the last seat with cards in a box */
}

/* After s laid a card and pegged its points, when no seat lays next at
 * once: the next to lay found by going round (saying go for those who
 * cannot), or the go or last card pegged and the play goes on (RULES 3.1,
 * 3.5, 3.6). Returns BFC_OK. */
BFC__NOINLINE static int lay_stops(bfc_game *g, unsigned s, bfc__sink *k)
{
    const unsigned next = next_any(g, s, k);
    if (next < BFC__MAXP) {
        g->to_move = (uint8_t)next;
        return BFC_OK;
    }
    const bfc_card c = g->seq[g->nseq - 1];
    if (g->count != 31) {
        /* all laid: the last card; else the go (five-card, Noddy: last) */
        const int last = next == ALL_LAID || play_ends(g);
        if (bfc__peg_one(g, s, last ? BFC_SRC_PLAY : BFC_SRC_GO,
                         last ? BFC_ITEM_LAST_CARD : BFC_ITEM_GO, &c, 1, 1, k, BFC__TOLD))
            return BFC_OK;
    }
    go_on(g, s, next, k);
    return BFC_OK;
}

/* lay_stops() of a plain two-player game in silence (bfc_game.plain), when
 * the other seat cannot lay now: it says go if it holds cards (RULES
 * 3.1), and s lays again if it can; else s pegs the go or the last card
 * (none at 31), and the count resets with the other seat leading, or the
 * play is over. The same state as lay_stops() (tests/test_pin.c). Kept as
 * the one classic twin: lay_stops() in the plain mode walks the seats and
 * costs 600 instructions more per classic playout (issue 30). */
BFC__NOINLINE static int lay_stops_two(bfc_game *g, unsigned s)
{
    const unsigned o = 1u - s, count = g->count;
    const uint64_t hs = g->hand[s], ho = g->hand[o];
    if (count < 31 && (hs | ho)) {
        if (ho) {
            g->said_go = (uint8_t)(g->said_go | 1u << o);
            said_go_at(g, o);
        }
        if (hs & bfc__fits31[31u - count]) {
            g->to_move = (uint8_t)s;
            return BFC_OK;
        }
    }
    if (count != 31 && bfc__peg(g, s, BFC_SRC_GO, NULL, 0, 1, NULL, BFC__PLAIN))
        return BFC_OK; /* the go or the last card */
    if (!(hs | ho))
        return plain_play_over(g);
    reset_count(g, NULL);
    g->to_move = (uint8_t)(ho ? o : s);
    return BFC_OK;
}

/* Muggins in the play (D12): the layer declares its card's points and the
 * go or last-card point it is owed, as one count. */
static void lay_declared(bfc_game *g, unsigned s, bfc__sink *k)
{
    const unsigned next = any_live(g) ? next_layer(g, s, k) : ALL_LAID;
    g->resume = (uint8_t)next;
    g->play_owed = (next == NONE || next == ALL_LAID) && g->count != 31;
    g->phase = BFC_PHASE_DECLARE;
    g->to_move = (uint8_t)s;
    g->declarer = (uint8_t)s;
    g->truth = (uint8_t)(card_points(g) + g->play_owed);
    g->counting = BFC__PLAY_COUNTED;
}

/* Solitaire (3.8, D11): after a hand card, the crib's next card (the count
 * reset first if it would pass 31), then the next hand card's count. */
static void solitaire_after(bfc_game *g, bfc__sink *k)
{
    const bfc_card c = g->ccrib[g->sol_laid / 2];
    g->sol_laid++;
    if (g->count + bfc__value(c) > 31)
        reset_count(g, k);
    put_down(g, 0, c, 1, k);
    g->sol_laid++;
    if (g->sol_laid >= 8) {
        end_play(g, k);
        return;
    }
    if (!(g->hand[0] & bfc__fits(31u - g->count)))
        reset_count(g, k);
}

/* ---- Moves ------------------------------------------------------------- */

/* Seat s throws card a, and b when it throws two (ncards), to the crib,
 * or out of the deal (D3: with six players the dealer and partner, who
 * throw one card each); then the next seat throws, or the starter is cut
 * (the dealer's 2 for his heels) and the play begins (RULES 3.1). One body
 * for the told way (BFC__TOLD) and a plain game in silence (BFC__PLAIN).
 * Returns BFC_OK. */
BFC__INLINE int discard_as(bfc_game *g, unsigned s, bfc_card a, bfc_card b, unsigned ncards,
                           bfc__sink *k, const int mode)
{
    const int out = ncards == 1 && g->players == 6 && (s == g->dealer || s == (g->dealer + 3u) % 6u);
    const uint64_t m = ncards == 1 ? bit(a) : bit(a) | bit(b);
    g->hand[s] &= ~m;
    g->thrown[s] |= m;
    if (!out) {
        const unsigned n = g->nccrib;
        g->ccrib[n] = a;
        if (ncards == 2)
            g->ccrib[n + 1] = b;
        g->nccrib = (uint8_t)(n + ncards);
    }
    if (mode == BFC__TOLD) {
        bfc__push_card(k, g, BFC_EV_DISCARD, s, a, out ? 1u : 0u);
        if (ncards == 2)
            bfc__push_card(k, g, BFC_EV_DISCARD, s, b, out ? 1u : 0u);
    }
    const unsigned done = g->discarded | 1u << s;
    g->discarded = (uint8_t)done;
    if (done != (1u << g->players) - 1u) {
        g->to_move = (uint8_t)bfc__left(g, s);
        return BFC_OK;
    }
    return mode == BFC__PLAIN ? plain_cut(g) : cut_told(g, k);
}

BFC__NOINLINE static int discard_told(bfc_game *g, unsigned s, bfc_card a, bfc_card b,
                                      bfc__sink *k)
{
    return discard_as(g, s, a, b, b == BFC_CARD_NONE ? 1u : 2u, k, BFC__TOLD);
}

BFC__NOINLINE static int discard_plain(bfc_game *g, unsigned s, bfc_card a)
{
    return discard_as(g, s, a, BFC_CARD_NONE, 1, NULL, BFC__PLAIN);
}

static int discard_plain_two(bfc_game *g, unsigned s, bfc_card a, bfc_card b)
{
    return discard_as(g, s, a, b, 2, NULL, BFC__PLAIN);
}

/* The moves of each phase (game.c calls them by the phase), each checked
 * as the legal list would check it (RULES 3): BFC_EILLEGAL with nothing
 * changed, or the move made and counted. */

/* Seat s lays card c, to the new count (RULES 3.1): the card goes down,
 * its points are pegged (RULES 2.2; Noddy 3.6), and the next seat lays if
 * it can, else the go or the last card (lay_stops). Under muggins (D12)
 * the layer declares it all as one count first; in solitaire the crib's
 * next card follows (3.8, D11). One body for the told way (BFC__TOLD) and
 * a plain game in silence (BFC__PLAIN, nearly every move of a classic
 * playout: no event, item, tally, board, fold or muggins to think of).
 * Returns BFC_OK. */
BFC__INLINE int lay_as(bfc_game *g, unsigned s, unsigned c, unsigned count, bfc__sink *k,
                       const int mode)
{
    const uint64_t b = bit((bfc_card)c);
    const unsigned n = g->nseq + 1u;
    if (mode != BFC__PLAIN && g->players == 1 && g->skirmish == 1 &&
        g->first_laid == BFC_CARD_NONE)
        g->first_laid = (bfc_card)c;
    g->hand[s] ^= b;
    g->played[s] |= b;
    g->seq[n - 1] = (bfc_card)c;
    g->nseq = (uint8_t)n;
    g->count = (uint8_t)count;
    g->last = (uint8_t)s;
    if (mode == BFC__TOLD) {
        bfc_event *e = bfc__push(k, g, BFC_EV_PLAY, s);
        if (e) {
            e->card = (bfc_card)c;
            e->points = (uint8_t)count;
            e->slot = 0; /* from the hand (solitaire's crib cards: put_down) */
        }
        if (g->players == 1) {
            if (!peg_card(g, s, card_points(g), k))
                solitaire_after(g, k);
            return BFC_OK;
        }
        if (g->rules.flags & BFC_RULE_MUGGINS) {
            lay_declared(g, s, k);
            return BFC_OK;
        }
    }
    const int p = (int)bfc__peg_points(g->seq, n, count,
                                       mode != BFC__PLAIN && variant(g) == BFC_VARIANT_NODDY, NULL);
    if (mode == BFC__PLAIN ? bfc__peg(g, s, BFC_SRC_PLAY, NULL, 0, (unsigned)p, NULL, BFC__PLAIN)
                           : peg_card(g, s, p, k))
        return BFC_OK;
    /* who can lay is known once the card's points are pegged (a Crib Wars
       box may have folded the layer) */
    const unsigned t = bfc__left(g, s);
    if ((mode == BFC__PLAIN || !g->folded) && (g->hand[t] & bfc__fits31[31u - count])) {
        g->to_move = (uint8_t)t; /* the common case: that seat lays next */
        return BFC_OK;
    }
    if (mode == BFC__PLAIN && g->players == 2)
        return lay_stops_two(g, s);
    return lay_stops(g, s, k);
}

BFC__NOINLINE static int lay_told(bfc_game *g, unsigned s, unsigned c, unsigned count,
                                  bfc__sink *k)
{
    return lay_as(g, s, c, count, k, BFC__TOLD);
}

BFC__NOINLINE static int plain_lay(bfc_game *g, unsigned s, unsigned c, unsigned count)
{
    return lay_as(g, s, c, count, NULL, BFC__PLAIN);
}

/* The play: a card of the hand that keeps the count to 31. */
int bfc__classic_play(bfc_game *g, bfc_move m, bfc__sink *k)
{
    const unsigned s = g->to_move, c = (unsigned)m - BFC_MOVE_PLAY;
    if (c >= BFC_NCARDS)
        return BFC_EILLEGAL;
    const unsigned count = g->count + bfc__value((bfc_card)c);
    if (!(g->hand[s] >> c & 1u) || count > 31)
        return BFC_EILLEGAL;
    g->moves++;
    return k || !g->plain ? lay_told(g, s, c, count, k) : plain_lay(g, s, c, count);
}

/* A discard of one card (three players or more). */
static int discard_one(bfc_game *g, bfc_move m, bfc__sink *k)
{
    const unsigned s = g->to_move, c = (unsigned)m - BFC_MOVE_DISCARD;
    if (c >= BFC_NCARDS || !(g->hand[s] >> c & 1u))
        return BFC_EILLEGAL;
    g->moves++;
    if (!k && g->plain)
        return discard_plain(g, s, (bfc_card)c);
    return discard_told(g, s, (bfc_card)c, BFC_CARD_NONE, k);
}

/* A discard of two cards, a pair id. A plain game that throws two has two
 * players (RULES 3.1). */
static int discard_two(bfc_game *g, bfc_move m, bfc__sink *k)
{
    const unsigned s = g->to_move;
    if (m < BFC_MOVE_DISCARD2 || m >= BFC_MOVE_DECLARE)
        return BFC_EILLEGAL;
    bfc_card a, b;
    bfc__discard2_cards(m, &a, &b);
    const uint64_t h = g->hand[s];
    if (!(h >> a & 1u) || !(h >> b & 1u))
        return BFC_EILLEGAL;
    g->moves++;
    if (!k && g->plain)
        return discard_plain_two(g, s, a, b);
    return discard_told(g, s, a, b, k);
}

/* A discard: one card, or two where the rules throw two. */
int bfc__classic_discard(bfc_game *g, bfc_move m, bfc__sink *k)
{
    return g->nthrow == 1 ? discard_one(g, m, k) : discard_two(g, m, k);
}
