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

/* Moves the first card of set in pool[*at..n) to pool[*at] and returns it
 * (the pool is shuffled, so the first is a random one); NONE if none. */
static bfc_card take(bfc_card *pool, unsigned n, unsigned *at, uint64_t set)
{
    for (unsigned i = *at; i < n; i++) {
        if (!(set >> pool[i] & 1u))
            continue;
        const bfc_card c = pool[i];
        pool[i] = pool[*at];
        pool[(*at)++] = c;
        return c;
    }
    return BFC_CARD_NONE;
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

/* The classic games: every card seat has not seen is renamed by one random
 * permutation of those cards, so each hidden place keeps its size and every
 * card seat knows stays where it is. In the play, what the play showed is
 * kept too: the seat to move holds a card it can lay, and a seat that said
 * go in this sequence holds none. */
static void determinize_classic(bfc_game *g, unsigned seat, uint64_t rng[4])
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
    const uint64_t hidden = BFC__STD_MASK & ~known;
    normalize_classic(g, hidden);
    const uint64_t room = bfc__fits(31u - g->count);
    /* the old hidden cards, constrained ones first: go seats' hands, then
       the mover's, then the rest */
    bfc_card from[52], pool[52], map[52];
    uint64_t go = 0, mover = 0;
    /* in the play, and while a card's points are declared (D12): the next
       to lay holds a card it can lay */
    const int playing = g->phase == BFC_PHASE_PLAY || g->counting == BFC__PLAY_COUNTED;
    const unsigned next = g->phase == BFC_PHASE_PLAY ? g->to_move : g->resume;
    if (playing && g->players > 1) {
        for (unsigned s = 0; s < g->players; s++)
            if (((unsigned)g->said_go >> s & 1u) && s != seat)
                go |= g->hand[s] & hidden;
        /* a seat that said go is constrained as one already (while a
           declaration is pending, the seat to resume may have said go) */
        if (next != seat && next < g->players)
            mover = g->hand[next] & hidden & ~go;
    }
    unsigned n = 0, np = 0;
    for (uint64_t m = go; m; m &= m - 1)
        from[n++] = (bfc_card)bfc__lowest(m);
    const unsigned ngo = n;
    for (uint64_t m = mover; m; m &= m - 1)
        from[n++] = (bfc_card)bfc__lowest(m);
    const unsigned nmover = n - ngo;
    for (uint64_t m = hidden & ~go & ~mover; m; m &= m - 1)
        from[n++] = (bfc_card)bfc__lowest(m);
    for (uint64_t m = hidden; m; m &= m - 1)
        pool[np++] = (bfc_card)bfc__lowest(m);
    for (unsigned i = np; i > 1; i--) {
        const unsigned j = bfc__rng_below(rng, i);
        const bfc_card t = pool[i - 1];
        pool[i - 1] = pool[j];
        pool[j] = t;
    }
    for (unsigned i = 0; i < 52; i++)
        map[i] = (bfc_card)i;
    unsigned at = 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t want = BFC__STD_MASK;
        if (i < ngo)
            want = ~room; /* the go seats cannot lay */
        else if (i == ngo && nmover > 0)
            want = room; /* the mover's first hidden card can be laid */
        bfc_card c = take(pool, np, &at, want);
        if (c == BFC_CARD_NONE) /* cannot happen: the real cards qualify */
            c = take(pool, np, &at, BFC__STD_MASK);
        map[from[i]] = c;
    }
    relabel(g, map);
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
        determinize_classic(g, (unsigned)seat, rng);
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
 * its throw) from the cards `seat` has not seen, so that every go it said
 * holds and, when it is to lay next, it holds a card that fits; keeps them
 * with the chance that a sensible player (model.c) would have thrown those
 * two out of its six, relative to its best throw, or draws again (at most
 * BELIEF_TRIES times; then the last stands); and deals the rest of the
 * unseen cards to the deck at random. */
#define BELIEF_TRIES 64

/* Draws n cards of `pool` (a set) into a set, each from `want` while it
 * has some (the first `special` of them from `first` instead). */
static uint64_t draw(uint64_t rng[4], uint64_t pool, unsigned n, uint64_t want,
                     uint64_t first, unsigned special)
{
    uint64_t got = 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t from = pool & ~got & (i < special ? first : want);
        if (!from)
            from = pool & ~got;
        const unsigned k = bfc__rng_below(rng, (unsigned)__builtin_popcountll(from));
        for (unsigned j = 0; j < k; j++)
            from &= from - 1;
        got |= UINT64_C(1) << bfc__lowest(from);
    }
    return got;
}

int bfc_game_determinize_belief(bfc_game *g, int seat, uint64_t seed)
{
    if (!g || seat < 0 || seat >= g->players)
        return BFC_EINVAL;
    const bfc__throw_model *m = bfc__classic(g) ? bfc__throw_model_of(&g->rules) : NULL;
    const unsigned me = (unsigned)seat, o = 1u - me;
    if (!m || g->over || !((unsigned)g->discarded >> o & 1u) || g->phase == BFC_PHASE_DISCARD ||
        g->counting != BFC__NONE8)
        return bfc_game_determinize(g, seat, seed);
    bfc_observation ob;
    bfc_game_observe(g, seat, &ob);
    uint64_t hidden;
    bfc_observation_unseen(&ob, &hidden);
    hidden &= BFC__STD_MASK;
    const unsigned nhand = (unsigned)__builtin_popcountll(g->hand[o]);
    const unsigned nthrown = (unsigned)__builtin_popcountll(g->thrown[o]);
    /* what the play showed: a seat that said go in this sequence holds no
       card that fits; the next to lay holds one */
    const uint64_t room = bfc__fits(31u - g->count);
    const int playing = g->phase == BFC_PHASE_PLAY;
    const uint64_t want = playing && ((unsigned)g->said_go >> o & 1u) ? ~room : BFC__STD_MASK;
    const unsigned special = playing && g->to_move == o ? 1u : 0u;
    uint64_t rng[4];
    bfc__rng_seed(rng, seed);
    uint64_t hand = 0, thrown = 0;
    for (unsigned t = 0; t < BELIEF_TRIES; t++) {
        hand = draw(rng, hidden, nhand, want, room & want, special);
        thrown = draw(rng, hidden & ~hand, nthrown, BFC__STD_MASK, 0, 0);
        const uint64_t six = hand | thrown | g->played[o];
        const double l = bfc__throw_likelihood(m, six, thrown, g->dealer == o);
        const double u = (double)(bfc__rng_next(rng) >> 11) * (1.0 / 9007199254740992.0);
        if (u < l)
            break;
    }
    /* the places of the hidden cards get their new cards: the other seat's
       hand and throw as drawn, the deck's the rest in random order */
    bfc_card map[52], rest[52];
    for (unsigned i = 0; i < 52; i++)
        map[i] = (bfc_card)i;
    uint64_t a = g->hand[o] & hidden, b = hand;
    for (; a && b; a &= a - 1, b &= b - 1)
        map[bfc__lowest(a)] = (bfc_card)bfc__lowest(b);
    a = g->thrown[o] & hidden;
    b = thrown;
    for (; a && b; a &= a - 1, b &= b - 1)
        map[bfc__lowest(a)] = (bfc_card)bfc__lowest(b);
    unsigned nr = 0;
    for (uint64_t r = hidden & ~hand & ~thrown; r; r &= r - 1)
        rest[nr++] = (bfc_card)bfc__lowest(r);
    for (unsigned i = nr; i > 1; i--) {
        const unsigned j = bfc__rng_below(rng, i);
        const bfc_card x = rest[i - 1];
        rest[i - 1] = rest[j];
        rest[j] = x;
    }
    unsigned k = 0;
    for (unsigned i = g->deck_pos; i < 52 && k < nr; i++)
        if (hidden >> g->deck[i] & 1u)
            map[g->deck[i]] = rest[k++];
    relabel(g, map);
    memcpy(g->rng, rng, sizeof rng);
    return BFC_OK;
}
