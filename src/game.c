/* The game as users see it (bfc_game): creating, copying and starting
 * games, the cut for the first dealer, legal moves and applying them, and
 * the queries. A thin layer: the rules of play live in battlefield.c and
 * classic.c, which it reaches through one table. */
#include <stdlib.h>
#include <string.h>

#include "variants.h"

/* What differs between the two kinds of game, in one place. (cppcheck
 * does not follow calls through a table.) */
typedef struct kind {
    // cppcheck-suppress unusedStructMember
    void (*start)(bfc_game *g, unsigned dealer, bfc__sink *k);
    // cppcheck-suppress unusedStructMember
    int (*legal)(const bfc_game *g, bfc_move *out, size_t cap);
    int (*is_legal)(const bfc_game *g, bfc_move m);
    void (*apply)(bfc_game *g, bfc_move m, bfc__sink *k);
} kind;

static void bf_start(bfc_game *g, unsigned dealer, bfc__sink *k)
{
    g->dealer = (uint8_t)dealer;
    bfc__bf_deal(g, k);
}

static const kind KINDS[2] = {
    {bf_start, bfc__bf_legal, bfc__bf_is_legal, bfc__bf_apply},
    {bfc__classic_start, bfc__classic_legal, bfc__classic_is_legal, bfc__classic_apply},
};

static const kind *kind_of(const bfc_game *g) { return &KINDS[bfc__classic(g)]; }

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
    kind_of(g)->start(g, dealer, k);
}

bfc_game *bfc_game_new_events(const bfc_rules *rules, uint64_t seed, bfc_event *ev, size_t cap,
                              size_t *nev, int *status)
{
    int rc = (!ev && cap > 0) ? BFC_EINVAL : bfc_rules_check(rules);
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
    g->sides = (uint8_t)bfc_rules_sides(rules);
    bfc__rng_seed(g->rng, seed);
    memset(g->cut, BFC_CARD_NONE, sizeof g->cut);
    bfc_frontline_init(&g->front);
    bfc__sink k = bfc__sink_make(ev, cap, nev);
    const unsigned dealer = rules->first_dealer != BFC_DEALER_CUT ? (unsigned)rules->first_dealer
                            : rules->players == 1                 ? 0u
                                                                  : cut_for_deal(g, &k);
    start_game(g, dealer, &k);
    if (nev)
        *nev = k.n;
    return g;
}

bfc_game *bfc_game_new(const bfc_rules *rules, uint64_t seed, int *status)
{
    return bfc_game_new_events(rules, seed, NULL, 0, NULL, status);
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

int bfc_game_next_events(bfc_game *g, bfc_event *ev, size_t cap, size_t *nev)
{
    if (!g || !g->over || (!ev && cap > 0))
        return BFC_EINVAL;
    bfc__sink k = bfc__sink_make(ev, cap, nev);
    memset(g->cut, BFC_CARD_NONE, sizeof g->cut); /* the winner deals: no cut */
    start_game(g, g->winning_seat == BFC__NONE8 ? 0u : g->winning_seat, &k);
    if (nev)
        *nev = k.n;
    return BFC_OK;
}

int bfc_game_next(bfc_game *g) { return bfc_game_next_events(g, NULL, 0, NULL); }

/* ---- Moves -------------------------------------------------------------- */

int bfc_game_legal_moves(const bfc_game *g, bfc_move *out, size_t cap)
{
    if (!g || (!out && cap > 0))
        return BFC_EINVAL;
    return kind_of(g)->legal(g, out, cap);
}

int bfc_game_apply(bfc_game *g, bfc_move m, bfc_event *ev, size_t cap, size_t *nev)
{
    if (!g || (!ev && cap > 0))
        return BFC_EINVAL;
    const kind *v = kind_of(g);
    if (!v->is_legal(g, m))
        return BFC_EILLEGAL;
    bfc__sink k = bfc__sink_make(ev, cap, nev);
    g->moves++;
    v->apply(g, m, &k);
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
