/* The game as users see it (bfc_game): creating, copying and starting
 * games, the cut for the first dealer, legal moves and applying them, and
 * the queries. A thin layer: the rules of play live in battlefield.c and
 * classic.c, which it calls by the kind of game. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "variants.h"

static void bf_start(bfc_game *g, unsigned dealer, bfc__sink *k)
{
    g->dealer = (uint8_t)dealer;
    bfc__bf_deal(g, k);
}

uint64_t bfc_rng_next(uint64_t *state) { return state ? bfc__splitmix(state) : 0; }

/* ---- Starting a game ------------------------------------------------------ */

/* D6 / 3.1: each seat still in cuts a card of the 52; the lowest rank
 * deals, ties cut again. Each cut is a BFC_EV_CUT event. */
static unsigned cut_for_deal(bfc_game *g, bfc__sink *k)
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
            bfc__push_card(k, g, BFC_EV_CUT, s, g->cut[s], BFC__NONE8);
            const unsigned r = bfc__rank(g->cut[s]);
            if (r < low) {
                low = r;
                at_low = 0;
            }
            if (r == low)
                at_low |= 1u << s;
        }
        if ((at_low & (at_low - 1u)) == 0)
            return bfc__lowest(at_low);
        in = at_low;
    }
}

/* D16: everyone cuts; the two lowest are partners and the lowest deals;
 * with six players the next two and the last two are partners too. Ties
 * that decide a partnership or the deal are cut again by the tied players
 * (their new cards order them among themselves). The dealer keeps the
 * seat it cut from, its partner sits opposite, and the other teams take
 * the seats left in the order of their lower cutter's old seat (clockwise
 * from the dealer), each partner opposite. Returns the dealer's seat. */
static unsigned partners_by_cut(bfc_game *g, bfc__sink *k)
{
    const unsigned n = g->players, half = n / 2u;
    unsigned order[BFC__MAXP]; /* players, lowest cut first */
    uint64_t key[BFC__MAXP];   /* rank, refined by re-cuts (4 bits a round) */
    for (unsigned p = 0; p < n; p++)
        key[p] = 0;
    unsigned in = (1u << n) - 1u; /* who cuts in this round */
    for (;;) {
        bfc_card deck[52];
        for (unsigned i = 0; i < 52; i++)
            deck[i] = (bfc_card)i;
        unsigned d = 0;
        for (unsigned p = 0; p < n; p++) {
            if (!(in >> p & 1u))
                continue;
            const unsigned j = d + bfc__rng_below(g->rng, 52 - d);
            const bfc_card t = deck[d];
            deck[d] = deck[j];
            deck[j] = t;
            g->cut[p] = deck[d++];
            bfc__push_card(k, g, BFC_EV_CUT, p, g->cut[p], BFC__NONE8);
            key[p] = key[p] * 16u + bfc__rank(g->cut[p]);
        }
        for (unsigned p = 0; p < n; p++) /* the others keep their place */
            if (!(in >> p & 1u))
                key[p] *= 16u;
        for (unsigned i = 0; i < n; i++)
            order[i] = i;
        for (unsigned i = 1; i < n; i++) /* insertion sort by key, stable */
            for (unsigned j = i; j > 0 && key[order[j]] < key[order[j - 1]]; j--) {
                const unsigned t = order[j];
                order[j] = order[j - 1];
                order[j - 1] = t;
            }
        /* the boundaries that matter: the dealer (1st/2nd) and each pair */
        in = 0;
        for (unsigned b = 1; b < n; b++) {
            if (b != 1 && b % 2u != 0)
                continue; /* inside a pair: no matter */
            if (key[order[b - 1]] != key[order[b]])
                continue;
            for (unsigned p = 0; p < n; p++)
                if (key[p] == key[order[b]])
                    in |= 1u << p;
        }
        if (!in)
            break;
    }
    /* seats: the dealer keeps its own, partners opposite */
    const unsigned dealer = order[0];
    unsigned taken = 0;
    for (unsigned t = 0; t < half; t++) {
        const unsigned a = order[2 * t], b = order[2 * t + 1];
        unsigned seat = dealer;
        if (t > 0) { /* the next free seat clockwise from the dealer */
            seat = (dealer + 1u) % n;
            while (taken >> seat & 1u)
                seat = (seat + 1u) % n;
        }
        g->seat_of[a] = (uint8_t)seat;
        g->seat_of[b] = (uint8_t)((seat + half) % n);
        taken |= 1u << seat | 1u << ((seat + half) % n);
    }
    for (unsigned p = 0; p < n; p++) {
        bfc_event *e = bfc__push(k, g, BFC_EV_SEAT, g->seat_of[p]);
        if (e)
            e->slot = (uint8_t)p;
    }
    return dealer;
}

static void start_game(bfc_game *g, unsigned dealer, bfc__sink *k)
{
    memset(g->score, 0, sizeof g->score);
    g->over = 0;
    g->winner = g->winning_seat = BFC__NONE8;
    g->skirmish = 0;
    g->moves = 0;
    g->folded = 0;
    g->boxed = BFC__NONE8;
    g->box_left = 0;
    if (bfc__classic(g))
        bfc__classic_start(g, dealer, k);
    else
        bf_start(g, dealer, k);
}

bfc_game *bfc_game_new_events(const bfc_rules *rules, uint64_t seed, bfc_event *ev, size_t cap,
                              size_t *nev, int *status)
{
    bfc__sink k = bfc__sink_make(ev, cap, nev);
    bfc_game *g = bfc__game_new_sink(rules, seed, (!ev && cap > 0) ? BFC_EINVAL : BFC_OK,
                                     k.items ? &k : NULL, status);
    if (g && nev)
        *nev = k.n;
    return g;
}

/* A fresh game of g's rules in g, shuffled and dealt from seed. */
void bfc__game_reset(bfc_game *g, uint64_t seed, bfc__sink *sink)
{
    const bfc_rules rules = g->rules;
    memset(g, 0, sizeof *g);
    g->rules = rules;
    g->players = (uint8_t)rules.players;
    g->sides = (uint8_t)bfc_rules_sides(&rules);
    bfc__game_derive(g);
    bfc__rng_seed(g->rng, seed);
    memset(g->cut, BFC_CARD_NONE, sizeof g->cut);
    bfc_frontline_init(&g->front);
    for (unsigned p = 0; p < BFC__MAXP; p++)
        g->seat_of[p] = (uint8_t)p;
    unsigned dealer;
    if (rules.flags & BFC_RULE_PARTNERS_BY_CUT)
        dealer = partners_by_cut(g, sink);
    else if (rules.first_dealer != BFC_DEALER_CUT)
        dealer = (unsigned)rules.first_dealer;
    else if (rules.players == 1 || (rules.flags & BFC_RULE_CAPTAIN))
        dealer = 0; /* solitaire; the captain deals first (RULES 3.10) */
    else
        dealer = cut_for_deal(g, sink);
    start_game(g, dealer, sink);
}

size_t bfc__game_bytes(void) { return sizeof(bfc_game); }

bfc_game *bfc__game_new_sink(const bfc_rules *rules, uint64_t seed, int rc, bfc__sink *sink,
                             int *status)
{
    if (rc == BFC_OK)
        rc = bfc_rules_check(rules);
    bfc_game *g = NULL;
    if (rc == BFC_OK) {
        g = malloc(sizeof *g); /* bfc__game_reset clears it all */
        if (!g)
            rc = BFC_ENOMEM;
    }
    if (status)
        *status = rc;
    if (!g)
        return NULL;
    g->rules = *rules;
    bfc__game_reset(g, seed, sink);
    return g;
}

bfc_game *bfc_game_new(const bfc_rules *rules, uint64_t seed, int *status)
{
    return bfc_game_new_events(rules, seed, NULL, 0, NULL, status);
}

void bfc_game_free(bfc_game *g) { free(g); }

/* Whether two rules are the same bytes: word by word, inline (the rules
 * have no padding: bfc_struct_size and test_abi pin the layout). */
static inline int same_rules(const bfc_rules *a, const bfc_rules *b)
{
    _Static_assert(sizeof(bfc_rules) % 8 == 0, "bfc_rules is whole words");
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    uint64_t diff = 0;
    for (size_t i = 0; i < sizeof(bfc_rules); i += 8) {
        uint64_t x, y;
        memcpy(&x, p + i, 8);
        memcpy(&y, q + i, 8);
        diff |= x ^ y;
    }
    return diff == 0;
}

/* The state after the rules, copied in whole 32-byte blocks: a fixed
 * shape, where one copy of the whole struct measured several times slower
 * on some x86 machines. */
#define STATE_AT offsetof(struct bfc_game, rng)
_Static_assert(STATE_AT == sizeof(bfc_rules) && (sizeof(struct bfc_game) - STATE_AT) % 32 == 0,
               "bfc_game: the rules first, then whole 32-byte blocks");

int bfc_game_copy(bfc_game *dst, const bfc_game *src)
{
    if (!dst || !src || !same_rules(&dst->rules, &src->rules))
        return BFC_EINVAL;
    if (dst == src)
        return BFC_OK;
    /* the rules are the same bytes already */
    unsigned char *d = (unsigned char *)dst + STATE_AT;
    const unsigned char *s = (const unsigned char *)src + STATE_AT;
    for (size_t i = 0; i < sizeof *dst - STATE_AT; i += 32)
        memcpy(d + i, s + i, 32);
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

/* D15: who deals the next game. A loser: the lowest score, ties to the
 * first from the winning seat's left, that side's seat nearest the
 * winner's left. */
static unsigned next_dealer(const bfc_game *g)
{
    const unsigned ws = g->winning_seat == BFC__NONE8 ? 0u : g->winning_seat;
    switch (g->rules.next_dealer) {
    case BFC_NEXT_LOSER: {
        unsigned best = ws;
        for (unsigned i = 1, s = bfc__left(g, ws); i < g->players; i++, s = bfc__left(g, s)) {
            const unsigned d = bfc__side(g, s);
            if (d != g->winner && (best == ws || g->score[d] < g->score[bfc__side(g, best)]))
                best = s;
        }
        return best;
    }
    case BFC_NEXT_LEFT:
        return bfc__left(g, g->dealer); /* the last deal's dealer passes it on */
    default:
        return ws;
    }
}

int bfc_game_next_events(bfc_game *g, bfc_event *ev, size_t cap, size_t *nev)
{
    if (!g || !g->over || (!ev && cap > 0) || bfc_game_match_winner(g) >= 0)
        return BFC_EINVAL;
    bfc__sink k = bfc__sink_make(ev, cap, nev);
    const unsigned dealer = next_dealer(g);
    memset(g->cut, BFC_CARD_NONE, sizeof g->cut); /* no cut: the dealer is known */
    start_game(g, dealer, k.items ? &k : NULL);
    if (nev)
        *nev = k.n;
    return BFC_OK;
}

int bfc_game_next(bfc_game *g) { return bfc_game_next_events(g, NULL, 0, NULL); }

/* ---- Moves -------------------------------------------------------------- */

/* The legal moves and the moves of each phase, by the phase (a phase
 * belongs to one kind of game): one indirect call from the public
 * functions to the code of the phase. */
typedef int legal_fn(const bfc_game *g, bfc_move *out, size_t cap);
typedef int apply_fn(bfc_game *g, bfc_move m, bfc__sink *k);

static int no_moves(const bfc_game *g, bfc_move *out, size_t cap)
{
    (void)g, (void)out, (void)cap;
    return 0;
}
static int no_move(bfc_game *g, bfc_move m, bfc__sink *k)
{
    (void)g, (void)m, (void)k;
    return BFC_EILLEGAL;
}

_Static_assert(BFC_PHASE_REVEAL == 0 && BFC_PHASE_TURN == 1 && BFC_PHASE_DRAWN == 2 &&
                   BFC_PHASE_LAYAWAY == 3 && BFC_PHASE_OVER == 4 && BFC_PHASE_DISCARD == 5 &&
                   BFC_PHASE_PLAY == 6 && BFC_PHASE_DECLARE == 7 && BFC_PHASE_CLAIM == 8,
               "the tables below are in the order of the phases");
static legal_fn *const LEGAL[16] = {
    bfc__bf_legal_reveal,       bfc__bf_legal_turn,      bfc__bf_legal_drawn,
    bfc__bf_legal_layaway,      no_moves,                bfc__classic_legal_discard,
    bfc__classic_legal_play,    bfc__classic_legal_declare, bfc__classic_legal_claim,
    no_moves,                   no_moves,                no_moves,
    no_moves,                   no_moves,                no_moves,
    no_moves};
static apply_fn *const APPLY[16] = {
    bfc__bf_reveal,       bfc__bf_turn,        bfc__bf_drawn,       bfc__bf_layaway,
    no_move,              bfc__classic_discard, bfc__classic_play,   bfc__classic_declare,
    bfc__classic_claim,   no_move,             no_move,             no_move,
    no_move,              no_move,             no_move,             no_move};

int bfc_game_legal_moves(const bfc_game *g, bfc_move *out, size_t cap)
{
    if (!g || (!out && cap > 0))
        return BFC_EINVAL;
    return LEGAL[g->phase & 15u](g, out, cap);
}

int bfc__game_apply_sink(bfc_game *g, bfc_move m, bfc__sink *k)
{
    /* each phase checks the move as it takes it apart: no second pass */
    return APPLY[g->phase & 15u](g, m, k);
}

/* A move whose events or their count the caller takes. */
BFC__NOINLINE static int apply_told(bfc_game *g, bfc_move m, bfc_event *ev, size_t cap,
                                    size_t *nev)
{
    if (!g || (!ev && cap > 0))
        return BFC_EINVAL;
    bfc__sink k = bfc__sink_make(ev, cap, nev);
    const int rc = APPLY[g->phase & 15u](g, m, &k);
    if (rc == BFC_OK && nev)
        *nev = k.n;
    return rc;
}

int bfc_game_apply(bfc_game *g, bfc_move m, bfc_event *ev, size_t cap, size_t *nev)
{
    if (cap > 0 || nev)
        return apply_told(g, m, ev, cap, nev);
    /* nothing told: a playout's move, with no sink at all */
    return g ? APPLY[g->phase & 15u](g, m, NULL) : BFC_EINVAL;
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

int bfc_game_match_scores(const bfc_game *g, int *out, size_t cap)
{
    if (!g || (!out && cap > 0))
        return BFC_EINVAL;
    for (size_t i = 0; i < cap && i < g->sides; i++)
        out[i] = g->match[i];
    return g->sides;
}

int bfc_game_match_winner(const bfc_game *g)
{
    if (!g || g->rules.match <= 0)
        return -1;
    for (unsigned s = 0; s < g->sides; s++)
        if (g->match[s] >= g->rules.match)
            return (int)s;
    return -1;
}

int bfc_game_seat_of(const bfc_game *g, int player)
{
    if (!g || player < 0 || player >= g->players)
        return BFC_EINVAL;
    return g->seat_of[player];
}
