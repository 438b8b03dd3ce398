/* Determinization (RULES D7): one sampled world for search. Every card a
 * seat has not seen is dealt again at random, so that the seat's
 * observation does not change. The world drawn depends on the seat's
 * observation and the seed only, never on where the hidden cards really
 * are: a search that starts each iteration here cannot read them. */
#include <string.h>

#include "model.h"
#include "variants.h"

/* Renames the cards of a set through map. */
static uint64_t remap(uint64_t m, const bfc_card *map)
{
    uint64_t r = 0;
    for (; m; m &= m - 1)
        r |= UINT64_C(1) << map[bfc__lowest(m)];
    return r;
}

/* Applies a renaming of the cards to every place a classic game keeps a
 * card that may be hidden (hands, discards, crib, deck). */
static void relabel(bfc_game *g, const bfc_card *map)
{
    for (unsigned s = 0; s < g->players; s++) {
        g->hand[s] = remap(g->hand[s], map);
        g->thrown[s] = remap(g->thrown[s], map);
    }
    for (unsigned i = 0; i < g->nccrib; i++)
        g->ccrib[i] = map[g->ccrib[i]];
    for (unsigned i = g->deck_pos; i < 52; i++)
        g->deck[i] = map[g->deck[i]];
}

/* Hides where the hidden cards are: the places that can hold one, in an
 * order every seat knows (each seat's hand, the cards each seat threw out
 * of the deal, the crib in the order it was made, the deck from the top),
 * get the hidden cards in ascending order. A hand is a set, so the order
 * of its cards does not matter; the crib and the deck are sequences. What
 * the seat sees (the size of each place) is all that stays. */
static void normalize_classic(bfc_game *g, uint64_t hidden)
{
    bfc_card map[52], sorted[52];
    unsigned n = 0, k = 0;
    for (unsigned i = 0; i < 52; i++)
        map[i] = (bfc_card)i;
    for (uint64_t m = hidden; m; m &= m - 1)
        sorted[n++] = (bfc_card)bfc__lowest(m);
    uint64_t crib = 0, done = 0;
    for (unsigned i = 0; i < g->nccrib; i++)
        crib |= UINT64_C(1) << g->ccrib[i];
    bfc_card order[52];
    for (unsigned s = 0; s < g->players; s++)
        for (uint64_t m = g->hand[s] & hidden; m && k < 52; m &= m - 1)
            order[k++] = (bfc_card)bfc__lowest(m);
    for (unsigned s = 0; s < g->players; s++)
        for (uint64_t m = g->thrown[s] & hidden & ~crib; m && k < 52; m &= m - 1)
            order[k++] = (bfc_card)bfc__lowest(m);
    for (unsigned i = 0; i < g->nccrib && k < 52; i++)
        if (hidden >> g->ccrib[i] & 1u)
            order[k++] = g->ccrib[i];
    for (unsigned i = g->deck_pos; i < 52 && k < 52; i++)
        if (hidden >> g->deck[i] & 1u)
            order[k++] = g->deck[i];
    for (unsigned i = 0; i < k; i++)
        done |= UINT64_C(1) << order[i];
    if (k != n || done != hidden) /* cannot happen in a checked state */
        return;
    for (unsigned i = 0; i < k; i++)
        map[order[i]] = sorted[i];
    relabel(g, map);
}

/* Draws n cards of `pool` (a set) at random into a set. */
static uint64_t draw_set(uint64_t rng[4], uint64_t pool, unsigned n)
{
    uint64_t got = 0;
    for (unsigned i = 0; i < n && pool; i++) {
        uint64_t from = pool;
        const unsigned k = bfc__rng_below(rng, (unsigned)bfc__popcount(from));
        for (unsigned j = 0; j < k; j++)
            from &= from - 1;
        const uint64_t c = UINT64_C(1) << bfc__lowest(from);
        got |= c;
        pool &= ~c;
    }
    return got;
}

/* The cards of a set worth more than v (the complement of bfc__fits). */
static uint64_t above(unsigned v) { return BFC__STD_MASK & ~bfc__fits(v); }

/* Whether the seats' hidden hands can still be filled from `pool`: each
 * seat s needs need[s] cards worth more than go_room[s]; these sets are
 * nested, so it is enough that, taking the seats from the most
 * constrained, the cards available always cover the cards needed. */
static int fillable(const bfc_game *g, uint64_t pool, const unsigned need[BFC__MAXP],
                    const unsigned *order, unsigned norder)
{
    unsigned demand = 0;
    for (unsigned i = 0; i < norder; i++) {
        const unsigned s = order[i];
        demand += need[s];
        if ((unsigned)bfc__popcount(pool & above(g->go_room[s])) < demand)
            return 0;
    }
    return 1;
}

/* Deals the hidden cards (a set) to the places that hold them, at random,
 * so that what every seat saw in the play stays true: each other seat's
 * hand holds only cards worth more than the room it said go at this deal
 * (bfc_game.go_room; a go in this sequence says as much for the room now),
 * and the seat to lay next holds one it can lay. With `fixed` (belief) a
 * given set of cards goes to one seat's hand and throw instead
 * (fixed->seat, ->hand, ->thrown; already drawn within these rules). */
typedef struct fixed_cards {
    unsigned seat;
    uint64_t hand, thrown;
} fixed_cards;

static void deal_hidden(bfc_game *g, unsigned seat, uint64_t hidden, uint64_t rng[4],
                        const fixed_cards *fixed)
{
    uint64_t pool = hidden, newhand[BFC__MAXP] = {0};
    unsigned need[BFC__MAXP] = {0}, order[BFC__MAXP], norder = 0;
    for (unsigned s = 0; s < g->players; s++) {
        if (s == seat || (fixed && s == fixed->seat))
            continue;
        need[s] = (unsigned)bfc__popcount(g->hand[s] & hidden);
        if (need[s] == 0)
            continue;
        /* the most constrained first (insertion by go room, descending) */
        unsigned i = norder++;
        while (i > 0 && g->go_room[order[i - 1]] < g->go_room[s]) {
            order[i] = order[i - 1];
            i--;
        }
        order[i] = s;
    }
    if (fixed) {
        newhand[fixed->seat] = fixed->hand;
        pool &= ~(fixed->hand | fixed->thrown);
    }
    /* in the play, and while a card's points are declared (D12): the next
       to lay holds a card it can lay, chosen so the rest stays fillable */
    const int playing = g->phase == BFC_PHASE_PLAY || g->counting == BFC__PLAY_COUNTED;
    const unsigned next = g->phase == BFC_PHASE_PLAY ? g->to_move : g->resume;
    if (playing && g->players > 1 && next < g->players && next != seat && need[next] > 0) {
        uint64_t can = pool & bfc__fits(31u - g->count) & above(g->go_room[next]), pick = 0;
        need[next]--;
        while (can) {
            pick = draw_set(rng, can, 1);
            if (fillable(g, pool & ~pick, need, order, norder))
                break;
            can &= ~pick;
        }
        newhand[next] |= pick;
        pool &= ~pick;
    }
    for (unsigned i = 0; i < norder; i++) {
        const unsigned s = order[i];
        uint64_t got = draw_set(rng, pool & above(g->go_room[s]), need[s]);
        if ((unsigned)bfc__popcount(got) < need[s]) /* cannot happen: the real cards fit */
            got |= draw_set(rng, pool & ~got, need[s] - (unsigned)bfc__popcount(got));
        newhand[s] |= got;
        pool &= ~got;
    }
    /* the places get their new cards: each hand its set (a hand is a set),
       a fixed throw its set, and every other place -- throws, the crib's
       order, the deck -- the rest in one random order */
    bfc_card map[52], rest[52];
    for (unsigned i = 0; i < 52; i++)
        map[i] = (bfc_card)i;
    for (unsigned s = 0; s < g->players; s++) {
        uint64_t a = g->hand[s] & hidden, b = newhand[s];
        if (s == seat)
            continue;
        for (; a && b; a &= a - 1, b &= b - 1)
            map[bfc__lowest(a)] = (bfc_card)bfc__lowest(b);
    }
    uint64_t placed = 0;
    if (fixed) {
        uint64_t a = g->thrown[fixed->seat] & hidden, b = fixed->thrown;
        placed = a;
        for (; a && b; a &= a - 1, b &= b - 1)
            map[bfc__lowest(a)] = (bfc_card)bfc__lowest(b);
    }
    unsigned nr = 0;
    for (uint64_t r = pool; r; r &= r - 1)
        rest[nr++] = (bfc_card)bfc__lowest(r);
    for (unsigned i = nr; i > 1; i--) {
        const unsigned j = bfc__rng_below(rng, i);
        const bfc_card t = rest[i - 1];
        rest[i - 1] = rest[j];
        rest[j] = t;
    }
    /* the other places, in an order every seat knows: throws by seat, the
       crib in the order it was made, the deck from the top */
    uint64_t inhand = 0;
    for (unsigned s = 0; s < g->players; s++)
        inhand |= g->hand[s];
    unsigned k = 0;
    for (unsigned s = 0; s < g->players; s++)
        for (uint64_t m = g->thrown[s] & hidden & ~placed; m && k < nr; m &= m - 1) {
            map[bfc__lowest(m)] = rest[k++];
            placed |= UINT64_C(1) << bfc__lowest(m);
        }
    for (unsigned i = 0; i < g->nccrib && k < nr; i++) {
        const bfc_card c = g->ccrib[i];
        if ((hidden >> c & 1u) && !(placed >> c & 1u)) {
            map[c] = rest[k++];
            placed |= UINT64_C(1) << c;
        }
    }
    for (unsigned i = g->deck_pos; i < 52 && k < nr; i++) {
        const bfc_card c = g->deck[i];
        if ((hidden >> c & 1u) && !(placed >> c & 1u) && !(inhand >> c & 1u))
            map[c] = rest[k++];
    }
    relabel(g, map);
}

/* The cards seat has not seen in a classic game, as a set. */
static uint64_t hidden_of(const bfc_game *g, unsigned seat)
{
    bfc_observation o;
    bfc_game_observe(g, (int)seat, &o);
    uint64_t known = o.hand | o.thrown | o.crib_cards | g->gone | o.judged;
    if (g->starter != BFC_CARD_NONE)
        known |= UINT64_C(1) << g->starter;
    for (unsigned s = 0; s < g->players; s++)
        known |= o.played[s] | o.shown[s];
    if (g->players == 1 && g->first_laid != BFC_CARD_NONE)
        known |= UINT64_C(1) << g->first_laid;
    return BFC__STD_MASK & ~known;
}

/* The classic games: every card seat has not seen is dealt again at
 * random (deal_hidden), so each hidden place keeps its size, every card
 * seat knows stays where it is and what the play showed stays true. With
 * `fixed` one seat's hand and throw are given. */
static void determinize_classic(bfc_game *g, unsigned seat, uint64_t rng[4],
                                const fixed_cards *fixed)
{
    const uint64_t hidden = hidden_of(g, seat);
    normalize_classic(g, hidden);
    deal_hidden(g, seat, hidden, rng, fixed);
    /* a Noddy hand declared unseen may now count differently */
    if (g->phase == BFC_PHASE_DECLARE || g->phase == BFC_PHASE_CLAIM) {
        const int t = bfc__classic_truth(g, g->declarer, g->counting);
        g->truth = (uint8_t)(t < 0 ? 0 : t);
    }
}

int bfc_game_determinize(bfc_game *g, int seat, uint64_t seed)
{
    /* a finished game has nothing left to search: refused, unchanged */
    if (!g || seat < 0 || seat >= g->players || g->over)
        return BFC_EINVAL;
    if (bfc__classic(g)) {
        uint64_t rng[4];
        bfc__rng_seed(rng, seed);
        determinize_classic(g, (unsigned)seat, rng, NULL);
        memcpy(g->rng, rng, sizeof rng);
        return BFC_OK;
    }
    /* every card no one but possibly its holder has seen */
    bfc_card *where[53];
    bfc_card cards[53];
    unsigned n = 0;
    uint64_t set = 0;
    for (unsigned s = 0; s < g->players; s++)
        for (unsigned i = 0; i < 5; i++)
            if (!((unsigned)g->faceup[s] >> i & 1u))
                where[n++] = &g->form[s][i];
    for (unsigned i = 0; i < g->ncrib; i++)
        where[n++] = &g->crib[i];
    for (unsigned i = g->pile_pos; i < 53; i++)
        where[n++] = &g->pile[i];
    if (g->held != BFC_CARD_NONE && (unsigned)seat != g->to_move)
        where[n++] = &g->held;
    /* the cards in ascending order, not in the order they lie */
    for (unsigned i = 0; i < n; i++)
        set |= UINT64_C(1) << *where[i];
    unsigned m = 0;
    for (; set && m < 53; set &= set - 1)
        cards[m++] = (bfc_card)bfc__lowest(set);
    for (unsigned i = 0; m != n && i < n; i++) /* never: the places hold distinct cards */
        cards[i] = *where[i];
    uint64_t rng[4];
    bfc__rng_seed(rng, seed);
    for (unsigned i = n; i > 1; i--) {
        const unsigned j = bfc__rng_below(rng, i);
        const bfc_card t = cards[i - 1];
        cards[i - 1] = cards[j];
        cards[j] = t;
    }
    for (unsigned i = 0; i < n; i++)
        *where[i] = cards[i];
    /* the later deals are unseen too: the game's generator goes on from
     * the sample's, so each world deals its own next skirmishes */
    memcpy(g->rng, rng, sizeof rng);
    return BFC_OK;
}

/* RULES 3.1: with two players each throws two of six cards before the
 * starter is cut. The belief draws the other seat's cards (its hand and
 * its throw) from the cards `seat` has not seen, within what the play
 * showed (deal_hidden's rules); keeps them with the chance that a sensible
 * player (model.c) would have thrown those two out of its six, relative to
 * its best throw, or draws again (at most BELIEF_TRIES times; then the
 * last stands); and deals the rest of the unseen cards at random. */
#define BELIEF_TRIES 64

int bfc_game_determinize_belief(bfc_game *g, int seat, uint64_t seed)
{
    if (!g || seat < 0 || seat >= g->players || g->over)
        return BFC_EINVAL;
    const bfc__throw_model *m = bfc__classic(g) ? bfc__throw_model_of(&g->rules) : NULL;
    const unsigned me = (unsigned)seat, o = 1u - me;
    if (!m || !((unsigned)g->discarded >> o & 1u) || g->phase == BFC_PHASE_DISCARD ||
        g->counting != BFC__NONE8)
        return bfc_game_determinize(g, seat, seed);
    const uint64_t hidden = hidden_of(g, me);
    const unsigned nhand = (unsigned)bfc__popcount(g->hand[o]);
    const unsigned nthrown = (unsigned)bfc__popcount(g->thrown[o]);
    /* what the play showed: its hand holds only cards worth more than the
       room it said go at; when it lays next, one it can lay */
    const uint64_t ok = above(g->go_room[o]);
    const int lays = g->phase == BFC_PHASE_PLAY && g->to_move == o && nhand > 0;
    const uint64_t fits = bfc__fits(31u - g->count) & ok;
    uint64_t rng[4];
    bfc__rng_seed(rng, seed);
    fixed_cards f = {o, 0, 0};
    for (unsigned t = 0; t < BELIEF_TRIES; t++) {
        f.hand = lays ? draw_set(rng, hidden & fits, 1) : 0;
        f.hand |= draw_set(rng, hidden & ok & ~f.hand, nhand - (lays ? 1u : 0u));
        f.thrown = draw_set(rng, hidden & ~f.hand, nthrown);
        const uint64_t six = f.hand | f.thrown | g->played[o];
        const double l = bfc__throw_likelihood(m, six, f.thrown, g->dealer == o);
        const double u = (double)(bfc__rng_next(rng) >> 11) * (1.0 / 9007199254740992.0);
        if (u < l)
            break;
    }
    determinize_classic(g, me, rng, &f);
    memcpy(g->rng, rng, sizeof rng);
    return BFC_OK;
}
