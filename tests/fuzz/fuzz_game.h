/* Checked game play, shared by the fuzz targets fuzz_game.c and fuzz_load.c.
 *
 * An fg holds the game being played and two spare games: `shadow` (same
 * rules: the second apply of a move, copies, loads) and `other`
 * (different rules: copies and loads into it must fail). Every operation
 * below checks what bfc.h promises for it, and fg_check() the whole state
 * after it, in Battlefield Cribbage and in every classic game alike (the
 * moves of a burst have the cheap checks, fg_check_light(), and the rest
 * on the moves the input picks and those that deal anew or end the game;
 * see fg_burst()):
 *   - bfc__game_check() is BFC_OK (phase, ranges, the cards conserved);
 *   - the legal moves are strictly ascending, below BFC_MOVE_COUNT, at most
 *     BFC_MAX_MOVES, and none exactly when the game is over; the
 *     observation's legal moves are the same list;
 *   - the score of each side never decreases within a game (in the
 *     classic games too: muggins moves points, it never takes them away);
 *   - a finished game has the winner, winning seat and value bfc.h and
 *     RULES 5 describe (backward: the loser reached the target; solitaire:
 *     won only at the target);
 *   - a legal move: the SCORE events (taken in a buffer far larger than any
 *     move needs) sum per side to the score change, each carrying its
 *     side's running total; GAME_OVER comes last and only when the game
 *     ended; a classic card laid or thrown comes from the mover's hand and
 *     each PLAY event carries the running count; a classic move needs at
 *     most BFC_MAX_EVENTS events; the same move applied to a copy with cap
 *     0, 1 or 3 gives a byte-identical state, the same *nev and the same
 *     first events, and writes nothing past cap (every move but those of
 *     a burst that its phase does not pick);
 *   - an illegal move (any id, also >= BFC_MOVE_COUNT) returns
 *     BFC_EILLEGAL and changes nothing: state, events, *nev;
 *   - determinize(s) leaves seat s's observation byte-identical, and the
 *     other seats' except what only they see (a drawn card's face; their
 *     classic hands and discards), the card counts of every place kept;
 *     on a finished game it is refused and changes nothing;
 *   - save -> load gives a byte-identical state, and save of that the same
 *     text; loading into a game of other rules is BFC_EINVAL, unchanged;
 *   - each seat's observation shows exactly the public facts and its own
 *     cards: in the classic games never a card of another seat's hand or
 *     discards, the crib or the deck before the rules show it (RULES D7);
 *     its text is snprintf-consistent;
 *   - the bots answer a legal move, the same one for the same generator.
 */
#ifndef BFC_FUZZ_GAME_H
#define BFC_FUZZ_GAME_H

#include <stdlib.h>
#include <string.h>

#include "bfc.h"
#include "fuzz.h"
#include "variants.h"


#define FG_EVENTS 4096   /* far more than any move produces */
#define FG_TEXT_MAX 4096 /* far more than any save or observation text */
#define FG_NOSIZE ((size_t)-1)
#define FG_SIDES 6 /* the most sides of any game (BFC__MAXP) */

/* The classic games (RULES 3) a fuzz input picks from: every variant and
 * player count, with and without teams, the common ones twice. */
static const struct {
    int variant, players, teams;
} fg_games[16] = {
    {BFC_VARIANT_CLASSIC, 2, 0},   {BFC_VARIANT_CLASSIC, 3, 0},   {BFC_VARIANT_CLASSIC, 4, 1},
    {BFC_VARIANT_CLASSIC, 6, 1},   {BFC_VARIANT_FIVE_CARD, 2, 0}, {BFC_VARIANT_NODDY, 2, 0},
    {BFC_VARIANT_NODDY, 3, 0},     {BFC_VARIANT_NODDY, 4, 0},     {BFC_VARIANT_NODDY, 4, 1},
    {BFC_VARIANT_NODDY, 5, 0},     {BFC_VARIANT_NODDY, 6, 0},     {BFC_VARIANT_NODDY, 6, 1},
    {BFC_VARIANT_SOLITAIRE, 1, 0}, {BFC_VARIANT_CLASSIC, 4, 0},   {BFC_VARIANT_SEVEN_CARD, 2, 0},
    {BFC_VARIANT_CLASSIC, 3, 0}, /* with captain's cribbage when the options ask */
};

/* The rules of classic game i (0..15) with flag bits f: bit 0
 * BFC_RULE_MUGGINS, bit 1 BFC_RULE_BACKWARD, bit 2 BFC_RULE_NO_LATE_HEELS, as given (a
 * flag the variant refuses stays in). */
static inline void fg_classic_rules(bfc_rules *r, unsigned i, unsigned f)
{
    bfc_rules_init_variant(r, fg_games[i & 15u].variant);
    r->players = fg_games[i & 15u].players;
    r->teams = fg_games[i & 15u].teams;
    r->flags = (f & 1u ? BFC_RULE_MUGGINS : 0u) | (f & 2u ? BFC_RULE_BACKWARD : 0u) |
               (f & 4u ? BFC_RULE_NO_LATE_HEELS : 0u);
}

/* A Crib Wars board for r (bfc.h "The Crib Wars board"): mode 0 none, 1
 * the example layout, 2 a random valid board on the first 121 holes, 3 a
 * crowded one near the start (short targets land on it). */
static inline void fg_board(bfc_rules *r, unsigned mode, uint64_t seed)
{
    memset(&r->board, 0, sizeof r->board);
    if (mode == 1)
        bfc_board_example(&r->board);
    if (mode < 2)
        return;
    const unsigned top = mode == 2 ? 121u : 12u + (unsigned)(seed % 40u);
    uint8_t kind[256] = {0};
    for (unsigned i = 0; i < BFC_BOARD_MAX; i++) {
        seed = seed * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
        kind[1 + (seed >> 33) % top] = (uint8_t)(1u + (seed >> 20) % 4u);
    }
    for (unsigned at = 1; at < 256 && r->board.n < BFC_BOARD_MAX; at++) {
        if (!kind[at])
            continue;
        unsigned k = kind[at], to = 0;
        if (k != BFC_HOLE_PENALTY_BOX) { /* the nearest plain hole in its direction */
            seed = seed * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
            const unsigned step = 1u + (unsigned)((seed >> 35) % 9u);
            const int back = k == BFC_HOLE_TIME_TRAP && at > step;
            to = back ? at - step : at + step;
            while (to > 0 && to < 255 && kind[to])
                to = back ? to - 1u : to + 1u;
            if (to == 0 || to >= 255 || kind[to]) {
                k = BFC_HOLE_PENALTY_BOX;
                to = 0;
            }
        }
        kind[at] = (uint8_t)k;
        r->board.hole[r->board.n].at = (uint8_t)at;
        r->board.hole[r->board.n].kind = (uint8_t)k;
        r->board.hole[r->board.n].to = (uint8_t)to;
        r->board.n++;
    }
}

/* Drops the flags the classic variant of r refuses (bfc.h "Rules"). */
static inline void fg_classic_fix(bfc_rules *r)
{
    r->flags &= BFC_RULE_MUGGINS | BFC_RULE_BACKWARD | BFC_RULE_NO_LATE_HEELS |
                BFC_RULE_PARTNERS_BY_CUT | BFC_RULE_CAPTAIN | BFC_RULE_PAY_BEST_LOSER |
                BFC_RULE_PAY_WORST_LOSER;
    if (r->variant == BFC_VARIANT_SOLITAIRE)
        r->flags &= BFC_RULE_NO_LATE_HEELS;
    if (r->players > 4 || r->variant == BFC_VARIANT_SEVEN_CARD)
        r->flags &= ~BFC_RULE_BACKWARD;
    if (r->variant != BFC_VARIANT_CLASSIC || r->players != 3 || r->teams ||
        (r->flags & BFC_RULE_BACKWARD) || r->board.n)
        r->flags &= ~BFC_RULE_CAPTAIN;
    if (r->flags & BFC_RULE_CAPTAIN)
        r->first_dealer = r->first_dealer > 0 ? 0 : r->first_dealer;
}

/* The options of 0.2 that any game may take (fuzz_game's option byte):
 * bit 0 D13, bit 1 D14, bit 2 D16, bit 3 captain's, bits 4-5 next_dealer
 * (3 is refused), bit 6 pay the best loser, bit 7 the worst; then a match
 * byte: bits 0-2 match (0: single games), bits 3-5 match_points (6, 7 are
 * refused). */
static inline void fg_options(bfc_rules *r, unsigned o, unsigned m)
{
    r->flags |= (o & 1u ? BFC_RULE_JOKER_KILLS_FORMATION : 0u) |
                (o & 2u ? BFC_RULE_NO_TAKE_BACK : 0u) | (o & 4u ? BFC_RULE_PARTNERS_BY_CUT : 0u) |
                (o & 8u ? BFC_RULE_CAPTAIN : 0u) | (o & 64u ? BFC_RULE_PAY_BEST_LOSER : 0u) |
                (o & 128u ? BFC_RULE_PAY_WORST_LOSER : 0u);
    r->next_dealer = (int)(o >> 4 & 3u);
    r->match = (int)(m & 7u);
    r->match_points = (int)(m >> 3 & 7u);
}

/* Drops the options of fg_options that these rules refuse. */
static inline void fg_options_fix(bfc_rules *r)
{
    if (r->variant != BFC_VARIANT_BATTLEFIELD)
        r->flags &= ~(BFC_RULE_JOKER_KILLS_FORMATION | BFC_RULE_NO_TAKE_BACK);
    if (!r->teams)
        r->flags &= ~BFC_RULE_PARTNERS_BY_CUT;
    if (r->flags & BFC_RULE_PARTNERS_BY_CUT)
        r->first_dealer = BFC_DEALER_CUT;
    if ((r->flags & BFC_RULE_PAY_BEST_LOSER) && (r->flags & BFC_RULE_PAY_WORST_LOSER))
        r->flags &= ~BFC_RULE_PAY_WORST_LOSER;
    if (r->next_dealer > BFC_NEXT_LEFT)
        r->next_dealer = BFC_NEXT_WINNER;
    if (r->match_points > BFC_MATCH_FREE)
        r->match_points = BFC_MATCH_GAMES;
    if (r->variant == BFC_VARIANT_SOLITAIRE)
        r->match = 0;
}

/* The work one input may do, in units of roughly 2,000 instructions (an
 * -O2 build counted by callgrind), so that every exec is short: the fuzzer
 * gains more from many inputs than from a few that play for seconds. A
 * step costs its units before it runs; once the budget is spent the input
 * ends (its last state has had every check). 192 units is about 150
 * moves of a burst, most of a game to 121 or several short ones; a
 * build with -DFG_BUDGET=N (CPPFLAGS) lets inputs go deeper, slower. */
#ifndef FG_BUDGET
#define FG_BUDGET 192
#endif
#define FG_COST_MOVE 1  /* a burst's move with the cheap checks (fg_check_light) */
#define FG_COST_STEP 4  /* a move, an illegal move or another step, every check */
#define FG_COST_CHECK 2 /* fg_check alone */
#define FG_COST_SEAT 10 /* one seat's observation checked, with its text */
#define FG_COST_DETERMINIZE 12
#define FG_COST_BOT 12
#define FG_COST_SAVE 24 /* save, load, save again (fg_save_load's core) */
#define FG_COST_SAVE_ALL 64 /* with every part of fg_save_load */

typedef struct fg {
    bfc_game *g;      /* the game played */
    bfc_game *shadow; /* same rules */
    bfc_game *other;  /* different rules */
    int prev[FG_SIDES]; /* scores per side at the last check */
    uint64_t rng;     /* for bursts of moves and bot seeds */
    int budget;       /* units of work left (FG_BUDGET) */
} fg;

static inline uint64_t fg_rand(fg *z)
{
    uint64_t x = (z->rng += UINT64_C(0x9E3779B97F4A7C15));
    x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
    return x ^ (x >> 31);
}

static inline int fg_same(const bfc_game *a, const bfc_game *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static inline void fg_scores(const bfc_game *g, int out[FG_SIDES])
{
    for (int s = 0; s < FG_SIDES; s++)
        out[s] = 0;
    FUZZ_CHECK(bfc_game_scores(g, out, FG_SIDES) == bfc_game_sides(g));
}

static inline int fg_classic(const bfc_game *g)
{
    return bfc_game_rules(g)->variant != BFC_VARIANT_BATTLEFIELD;
}

static inline int fg_bits(uint64_t m) { return __builtin_popcountll(m); }

static inline uint64_t fg_bit(bfc_card c) { return c < 64 ? UINT64_C(1) << c : 0; }

/* Pip value of a standard card (RULES 1). */
static inline unsigned fg_value(bfc_card c)
{
    const unsigned rank = c / 4u + 1u;
    return rank > 10 ? 10u : rank;
}

/* The spare games for g (owned by the fg from now on). */
static inline void fg_adopt(fg *z, bfc_game *g, uint64_t seed)
{
    bfc_rules r = *bfc_game_rules(g);
    int st = 1;
    z->g = g;
    z->rng = seed;
    z->budget = FG_BUDGET;
    z->shadow = bfc_game_new(&r, seed ^ 1u, &st);
    FUZZ_CHECK(z->shadow && st == BFC_OK);
    r.target = r.target == 1000 ? 999 : r.target + 1;
    z->other = bfc_game_new(&r, seed ^ 2u, &st);
    FUZZ_CHECK(z->other && st == BFC_OK);
    fg_scores(g, z->prev);
}

static inline void fg_free(fg *z)
{
    bfc_game_free(z->g);
    bfc_game_free(z->shadow);
    bfc_game_free(z->other);
}

static inline int fg_legal(const bfc_game *g, bfc_move out[BFC_MAX_MOVES])
{
    const int n = bfc_game_legal_moves(g, out, BFC_MAX_MOVES);
    FUZZ_CHECK(n >= 0 && n <= BFC_MAX_MOVES);
    return n;
}

static inline int fg_is_legal(const bfc_game *g, unsigned m)
{
    bfc_move l[BFC_MAX_MOVES];
    const int n = fg_legal(g, l);
    for (int i = 0; i < n; i++)
        if (l[i] == m)
            return 1;
    return 0;
}

/* The value of a win (RULES 5) against one loser's score and target, the
 * winner's score and target beside it (D17: the margin is the loser's way
 * to go less the winner's). */
static inline int fg_value_model(const bfc_rules *r, int win, int tw, int loser, int t)
{
    switch (r->value) {
    case BFC_VALUE_SKUNK: /* below 91 / 61 at 121 */
        return loser < t - 60 ? 4 : loser < t - 30 ? 2 : 1;
    case BFC_VALUE_MARGIN: /* won by 31 / 61 of the ways to go */
        return (t - loser) - (tw - win) >= 61 ? 4 : (t - loser) - (tw - win) >= 31 ? 2 : 1;
    case BFC_VALUE_LURCH: /* the loser not halfway */
        return 2 * loser < t ? 2 : 1;
    default:
        return 1;
    }
}

/* A finished game: winner, winning seat and value (bfc.h "Games", RULES
 * 3.7, 3.8, 4.8, 5). */
static inline void fg_check_over(const bfc_game *g)
{
    const bfc_rules *r = bfc_game_rules(g);
    const int w = bfc_game_winner(g), ws = bfc_game_winning_seat(g), v = bfc_game_value(g);
    const int sides = bfc_game_sides(g), t = r->target;
    int sc[FG_SIDES];
    fg_scores(g, sc);
    if (r->variant == BFC_VARIANT_SOLITAIRE) { /* won with the target or more */
        if (sc[0] >= t)
            FUZZ_CHECK(w == 0 && ws == 0 && v == 1);
        else
            FUZZ_CHECK(w == -1 && ws == -1 && v == 0);
        return;
    }
    FUZZ_CHECK(w >= 0 && w < sides && bfc_game_side_of(g, ws) == w);
    /* each side plays to the target; the captain to half of it (3.10) */
    int reached = 0, loser = -1, sum = 0, best = -1, worst = -1, vbest = 0, vworst = 0;
    int per[FG_SIDES] = {0};
    FUZZ_CHECK(bfc_game_values(g, per, FG_SIDES) == sides);
    for (int s = 0; s < sides; s++) {
        const int ts = (r->flags & BFC_RULE_CAPTAIN) && s == 0 ? (t + 1) / 2 : t;
        reached += sc[s] >= ts;
        if (sc[s] >= ts)
            loser = s;
        if (s == w || (r->flags & BFC_RULE_BACKWARD))
            continue;
        /* RULES 5: each loser judged on its own score */
        const int tw = (r->flags & BFC_RULE_CAPTAIN) && w == 0 ? (t + 1) / 2 : t;
        const int vs = fg_value_model(r, sc[w], tw, sc[s], ts);
        FUZZ_CHECK(per[s] == vs);
        sum += vs;
        if (best < 0 || sc[s] > sc[best])
            best = s, vbest = vs;
        if (worst < 0 || sc[s] < sc[worst])
            worst = s, vworst = vs;
    }
    FUZZ_CHECK(per[w] == 0);
    FUZZ_CHECK(reached == 1); /* the game ends as soon as one side gets there */
    if (r->flags & BFC_RULE_BACKWARD) {
        /* the side that reached the target lost; the lowest other won */
        FUZZ_CHECK(loser != w && v == 1 && per[loser] == 1);
        for (int s = 0; s < sides; s++)
            FUZZ_CHECK(s == loser || sc[w] <= sc[s]);
    } else {
        FUZZ_CHECK(loser == w);
        FUZZ_CHECK(v == ((r->flags & BFC_RULE_PAY_BEST_LOSER)    ? vbest
                         : (r->flags & BFC_RULE_PAY_WORST_LOSER) ? vworst
                                                                 : sum));
    }
}

/* ---- The state after every step ------------------------------------------ */

/* The cheap checks, after every move (all a burst's move gets, but for
 * those its phase picks): the legal moves strictly ascending, below
 * BFC_MOVE_COUNT, at most BFC_MAX_MOVES, none exactly when the game is
 * over; the mover; no side's score going down; a finished game's result.
 * Returns the number of legal moves, listed in m. */
static inline int fg_check_light(fg *z, bfc_move m[BFC_MAX_MOVES])
{
    const bfc_game *g = z->g;
    const int n = fg_legal(g, m);
    const int over = bfc_game_over(g);
    FUZZ_CHECK(over == 0 || over == 1);
    if (over) {
        FUZZ_CHECK(n == 0 && bfc_game_to_move(g) == -1);
        fg_check_over(g);
    } else {
        FUZZ_CHECK(n >= 1);
        for (int i = 0; i < n; i++)
            FUZZ_CHECK(m[i] < BFC_MOVE_COUNT && (i == 0 || m[i - 1] < m[i]));
        FUZZ_CHECK(bfc_game_to_move(g) >= 0 && bfc_game_to_move(g) < g->players);
    }
    /* scores never go down within a game, in any variant */
    int sc[FG_SIDES];
    fg_scores(g, sc);
    const int board = bfc_game_rules(g)->board.n != 0; /* Crib Wars moves pegs back */
    for (int s = 0; s < FG_SIDES; s++)
        FUZZ_CHECK((board || sc[s] >= z->prev[s]) && (s < bfc_game_sides(g) || sc[s] == 0));
    memcpy(z->prev, sc, sizeof sc);
    return n;
}

/* Every check of the state: the cheap ones, the engine's own invariants
 * (bfc__game_check), the phase, the legal moves counted without a buffer
 * and into a short one, and the observation's legal moves. */
static inline int fg_check_moves(fg *z, bfc_move m[BFC_MAX_MOVES])
{
    const bfc_game *g = z->g;
    FUZZ_CHECK(bfc__game_check(g) == BFC_OK);
    const int n = fg_check_light(z, m);
    const int over = bfc_game_over(g);
    FUZZ_CHECK(bfc_game_legal_moves(g, NULL, 0) == n);
    if (over) {
        FUZZ_CHECK(bfc_game_phase(g) == BFC_PHASE_OVER);
    } else {
        const int ph = bfc_game_phase(g);
        FUZZ_CHECK(fg_classic(g) ? ph >= BFC_PHASE_DISCARD && ph <= BFC_PHASE_CLAIM
                                 : ph < BFC_PHASE_OVER);
        FUZZ_CHECK(bfc_game_winner(g) == -1 && bfc_game_winning_seat(g) == -1 &&
                   bfc_game_value(g) == 0);
        /* a short buffer: the same count, nothing written past it */
        bfc_move one[2] = {BFC_MOVE_NONE, BFC_MOVE_NONE};
        FUZZ_CHECK(bfc_game_legal_moves(g, one, 1) == n && one[0] == m[0] &&
                   one[1] == BFC_MOVE_NONE);
    }
    /* the observation's legal moves are the game's */
    bfc_observation o;
    const int seat = over ? 0 : bfc_game_to_move(g);
    FUZZ_CHECK(bfc_game_observe(g, seat, &o) == BFC_OK);
    bfc_move om[BFC_MAX_MOVES];
    FUZZ_CHECK(bfc_observation_legal_moves(&o, om, BFC_MAX_MOVES) == n);
    FUZZ_CHECK(memcmp(om, m, (size_t)n * sizeof m[0]) == 0);
    return n;
}

static inline void fg_check(fg *z)
{
    bfc_move m[BFC_MAX_MOVES];
    (void)fg_check_moves(z, m);
}

/* ---- Moves --------------------------------------------------------------- */

/* The events of a legal move (made in the state `was`) against the score
 * change and, in the classic games, against the cards the mover held. */
static inline void fg_check_events(const bfc_game *g, const bfc_game *was,
                                   const int before[FG_SIDES], const bfc_event *ev, size_t n)
{
    int after[FG_SIDES], run[FG_SIDES];
    fg_scores(g, after);
    memcpy(run, before, sizeof run);
    const bfc_rules *r = bfc_game_rules(g);
    const int over = bfc_game_over(g), classic = fg_classic(g);
    const int board = r->board.n != 0;
    int game_over_events = 0, from_hand = 0;
    unsigned count = was->count; /* the running count of the play */
    FUZZ_CHECK(!classic || n <= BFC_MAX_EVENTS);
    for (size_t i = 0; i < n; i++) {
        const bfc_event *e = &ev[i];
        FUZZ_CHECK(e->type >= BFC_EV_DEAL &&
                   (e->type <= (board ? BFC_EV_BOARD : BFC_EV_END_PLAY) ||
                    e->type == BFC_EV_MATCH || e->type == BFC_EV_SEAT || e->type == BFC_EV_CUT));
        /* a move deals no cut and no seating: only a new game does */
        FUZZ_CHECK(e->type != BFC_EV_CUT && e->type != BFC_EV_SEAT);
        if (classic) /* the classic events and four common ones */
            FUZZ_CHECK(e->type >= BFC_EV_DISCARD || e->type == BFC_EV_DEAL ||
                       e->type == BFC_EV_SCORE || e->type == BFC_EV_GAME_OVER);
        else
            FUZZ_CHECK(e->type < BFC_EV_DISCARD || e->type == BFC_EV_MATCH);
        FUZZ_CHECK(e->seat < g->players);
        if (e->type != BFC_EV_GAME_OVER)
            FUZZ_CHECK(e->side == bfc_game_side_of(g, e->seat));
        switch (e->type) {
        case BFC_EV_SCORE:
            FUZZ_CHECK(e->points > 0 && e->points == e->item.points);
            FUZZ_CHECK(classic ? e->source == BFC_SRC_GO ||
                                     (e->source >= BFC_SRC_PLAY && e->source <= BFC_SRC_FIRST)
                               : e->source >= BFC_SRC_FRONTLINE && e->source <= BFC_SRC_CEASEFIRE);
            run[e->side] += e->points;
            FUZZ_CHECK(e->score == run[e->side]);
            break;
        case BFC_EV_BOARD: /* a board move puts the peg in hole `score` */
            FUZZ_CHECK(e->slot >= BFC_BOARD_RED_SKIP && e->slot <= BFC_BOARD_LOST);
            if (e->slot == BFC_BOARD_LOST)
                FUZZ_CHECK(e->points > 0 && e->score == run[e->side]);
            else if (e->slot <= BFC_BOARD_GREEN_ADVANCE)
                FUZZ_CHECK(e->points == run[e->side]); /* the hole landed on */
            else
                FUZZ_CHECK(e->points == (e->slot == BFC_BOARD_AHEAD ? 20 : 1) &&
                           e->score >= run[e->side] + e->points);
            run[e->side] = e->score;
            break;
        case BFC_EV_MATCH: /* RULES 5: after the game's end, the winner's */
            FUZZ_CHECK(i + 1 == n && i > 0 && ev[i - 1].type == BFC_EV_GAME_OVER && r->match > 0);
            FUZZ_CHECK(e->side == bfc_game_winner(g) && e->seat == bfc_game_winning_seat(g));
            FUZZ_CHECK(e->score == was->match[e->side] + e->points && e->score == g->match[e->side]);
            break;
        case BFC_EV_GAME_OVER:
            game_over_events++;
            FUZZ_CHECK((i + 1 == n || (i + 2 == n && ev[i + 1].type == BFC_EV_MATCH)) && over &&
                       e->points == bfc_game_value(g));
            if (r->flags & BFC_RULE_BACKWARD) { /* seat reached the target and lost */
                const int lost = bfc_game_side_of(g, e->seat);
                FUZZ_CHECK(lost != e->side && e->side == bfc_game_winner(g) &&
                           after[lost] >= r->target);
            }
            else if (bfc_game_winner(g) < 0) /* a lost solitaire game */
                FUZZ_CHECK(e->side == 0xFF && e->score == after[0]);
            else
                FUZZ_CHECK(e->seat == bfc_game_winning_seat(g) && e->side == bfc_game_winner(g));
            if (e->side != 0xFF)
                FUZZ_CHECK(e->score == after[e->side]);
            break;
        case BFC_EV_DEAL:
            count = 0;
            break;
        case BFC_EV_DISCARD: /* the mover's own cards, one move's worth */
            FUZZ_CHECK(e->seat == was->to_move && (was->hand[e->seat] & fg_bit(e->card)) &&
                       e->slot <= 1 && ++from_hand <= 2);
            break;
        case BFC_EV_PLAY:
            if (e->slot == 0) /* from the mover's hand, one card a move */
                FUZZ_CHECK(e->seat == was->to_move && (was->hand[e->seat] & fg_bit(e->card)) &&
                           ++from_hand == 1);
            else /* solitaire: the crib's next card */
                FUZZ_CHECK(e->slot == 1 && r->variant == BFC_VARIANT_SOLITAIRE && e->card < 52);
            count += fg_value(e->card);
            FUZZ_CHECK(count <= 31 && e->points == count);
            break;
        case BFC_EV_RESET:
        case BFC_EV_END_PLAY:
            count = 0;
            break;
        default:
            break;
        }
    }
    FUZZ_CHECK(game_over_events == over);
    for (int s = 0; s < FG_SIDES; s++)
        FUZZ_CHECK(run[s] == after[s]);
}

/* Applies move m, legal (in the list of legal moves) or not. Its events
 * are always checked against the score change; with `full`, the move is
 * also applied a second time, to a copy, with the small buffer that small
 * (0..7) picks: bits 0-1 cap 0 with ev NULL, cap 0, cap 1, cap 3; bit 2
 * nev NULL. Returns 1 when the move dealt anew or ended the game (its
 * events hold BFC_EV_DEAL or BFC_EV_GAME_OVER), else 0. */
static inline int fg_apply_as(fg *z, unsigned m, int legal, unsigned small, int full)
{
    static bfc_event ev[FG_EVENTS];
    static bfc_game before;
    bfc_game *g = z->g;
    int sc0[FG_SIDES];
    fg_scores(g, sc0);
    memcpy(&before, g, sizeof before);
    if (full)
        FUZZ_CHECK(bfc_game_copy(z->shadow, g) == BFC_OK);

    size_t nev = FG_NOSIZE;
    ev[0].type = FUZZ_SENTINEL;
    const int rc = bfc_game_apply(g, (bfc_move)m, ev, FG_EVENTS, &nev);
    if (!legal) {
        FUZZ_CHECK(rc == BFC_EILLEGAL && nev == FG_NOSIZE && ev[0].type == FUZZ_SENTINEL);
        FUZZ_CHECK(fg_same(g, &before));
        FUZZ_CHECK(bfc_game_apply(g, (bfc_move)m, NULL, 0, NULL) == BFC_EILLEGAL);
        FUZZ_CHECK(fg_same(g, &before));
        return 0;
    }
    FUZZ_CHECK(rc == BFC_OK && nev >= 1 && nev <= FG_EVENTS);
    fg_check_events(g, &before, sc0, ev, nev);
    int turned = 0;
    for (size_t i = 0; i < nev; i++)
        turned |= ev[i].type == BFC_EV_DEAL || ev[i].type == BFC_EV_GAME_OVER;
    if (!full)
        return turned;

    /* the same move with a small buffer */
    static const size_t caps[4] = {0, 0, 1, 3};
    const size_t cap = caps[small & 3u];
    bfc_event sev[4];
    memset(sev, FUZZ_SENTINEL, sizeof sev);
    size_t snev = FG_NOSIZE;
    const int rc2 = bfc_game_apply(z->shadow, (bfc_move)m, (small & 3u) == 0 ? NULL : sev, cap,
                                   (small & 4u) ? NULL : &snev);
    FUZZ_CHECK(rc2 == BFC_OK && fg_same(z->shadow, g));
    if (small & 4u)
        FUZZ_CHECK(snev == FG_NOSIZE);
    else
        FUZZ_CHECK(snev == nev);
    const size_t k = nev < cap ? nev : cap;
    FUZZ_CHECK(memcmp(sev, ev, k * sizeof ev[0]) == 0);
    FUZZ_CHECK(fuzz_all_sentinel(sev + k, (4 - k) * sizeof sev[0]));
    return turned;
}

/* Applies move m (legal or not) with every check. */
static inline void fg_apply(fg *z, unsigned m, unsigned small)
{
    (void)fg_apply_as(z, m, fg_is_legal(z->g, m), small, 1);
}

/* Starts the next game of the match (only after game over). */
static inline void fg_next(fg *z)
{
    static bfc_game before;
    bfc_game *g = z->g;
    memcpy(&before, g, sizeof before);
    const int over = bfc_game_over(g), match_won = bfc_game_match_winner(g) >= 0;
    const int rc = bfc_game_next(g);
    if (!over || match_won) { /* no next game: the match is won (RULES 5) */
        FUZZ_CHECK(rc == BFC_EINVAL && fg_same(g, &before));
        return;
    }
    FUZZ_CHECK(rc == BFC_OK);
    FUZZ_CHECK(bfc__game_check(g) == BFC_OK && g->moves == 0);
    /* the seating and the match go on (a tiny target may end the new
       game at once: then its winner has taken its match points) */
    FUZZ_CHECK(memcmp(g->seat_of, before.seat_of, sizeof g->seat_of) == 0);
    for (unsigned s = 0; s < BFC__MAXP; s++)
        FUZZ_CHECK(bfc_game_over(g) && (int)s == bfc_game_winner(g)
                       ? g->match[s] >= before.match[s]
                       : g->match[s] == before.match[s]);
    fg_scores(g, z->prev); /* a new game: scores start again (a cease-fire may score) */
}

/* k moves chosen by the fg's generator, within the budget; a game that
 * ends goes on with the next one, a won match ends the burst (nothing can
 * change any more). Each move has the cheap checks (fg_check_light); move
 * i has every check (fg_apply's second apply, fg_check) when i % 16 ==
 * phase, so an input can put them on any move, and every move that deals
 * anew or ends the game has fg_check's (those states are where a game
 * changes most, and a finished game lasts one step). */
static inline void fg_burst(fg *z, unsigned k, unsigned phase)
{
    bfc_move m[BFC_MAX_MOVES];
    int n = fg_legal(z->g, m);
    for (unsigned i = 0; i < k && z->budget > 0; i++) {
        const uint64_t r = fg_rand(z);
        int full = (i & 15u) == (phase & 15u);
        z->budget -= full ? FG_COST_STEP : FG_COST_MOVE;
        if (n == 0) {
            const int won = bfc_game_match_winner(z->g) >= 0;
            fg_next(z);
            if (won)
                break;
        } else if (fg_apply_as(z, m[(r >> 32) % (unsigned)n], 1, (unsigned)r & 7u, full) &&
                   !full) {
            full = 1;
            z->budget -= FG_COST_CHECK;
        }
        n = full ? fg_check_moves(z, m) : fg_check_light(z, m);
    }
}

/* ---- Observation --------------------------------------------------------- */

static inline void fg_check_text(const bfc_observation *o, unsigned flags, unsigned cut)
{
    static char buf[FG_TEXT_MAX], part[FG_TEXT_MAX];
    const int len = bfc_observation_format(o, flags, NULL, 0);
    FUZZ_CHECK(len > 0 && len < FG_TEXT_MAX);
    FUZZ_CHECK(bfc_observation_format(o, flags, buf, sizeof buf) == len);
    FUZZ_CHECK(strlen(buf) == (size_t)len);
    const size_t cap = 1 + cut % (size_t)(len + 1);
    memset(part, FUZZ_SENTINEL, cap + 1);
    FUZZ_CHECK(bfc_observation_format(o, flags, part, cap) == len);
    FUZZ_CHECK(memcmp(part, buf, cap - 1) == 0 && part[cap - 1] == 0 &&
               (unsigned char)part[cap] == FUZZ_SENTINEL);
}

/* Whether the hands counted are shown: always, but in Noddy, where hands
 * are declared unseen, muggins or not (bfc.h "Observation"). */
static inline int fg_hands_shown(const bfc_game *g)
{
    return g->rules.variant != BFC_VARIANT_NODDY;
}

/* The cards seat s may not see now in a classic game (RULES D7, bfc.h
 * "Observation"), worked out from the state: another seat's hand until it
 * is shown in the show or laid out to be judged under muggins (never in
 * Noddy), another seat's discards and the crib until the crib is counted,
 * the deck below the starter (solitaire: but the cards used face up), the
 * blind crib cards not laid yet. */
static inline uint64_t fg_secret(const bfc_game *g, unsigned s)
{
    const int judging =
        (g->phase == BFC_PHASE_DECLARE || g->phase == BFC_PHASE_CLAIM) && fg_hands_shown(g);
    uint64_t secret = 0, crib = 0;
    for (unsigned i = 0; i < g->nccrib; i++)
        crib |= fg_bit(g->ccrib[i]);
    const int crib_seen = (g->shown & 0x80u) || (judging && g->counting == 1);
    for (unsigned t = 0; t < g->players; t++) {
        if (t == s)
            continue;
        const int hand_seen = (fg_hands_shown(g) && (g->shown >> t & 1u)) ||
                              (judging && g->counting == 0 && g->declarer == t);
        if (!hand_seen)
            secret |= g->hand[t];
        /* discards: those in the crib until it is seen, those out of the
         * deal (RULES D3) always */
        secret |= g->thrown[t] & (crib_seen ? ~crib : ~UINT64_C(0));
    }
    if (!crib_seen) {
        uint64_t laid = 0; /* solitaire lays the crib's cards one by one */
        if (g->players == 1)
            for (unsigned i = 0; i < g->sol_laid / 2u && i < g->nccrib; i++)
                laid |= fg_bit(g->ccrib[i]);
        secret |= crib & ~g->thrown[s] & ~laid;
    }
    for (unsigned i = g->deck_pos; i < 52; i++)
        secret |= fg_bit(g->deck[i]);
    secret &= ~g->gone; /* solitaire: used face up under the deck */
    return secret;
}

/* The classic fields of seat s's observation against the state, and no
 * card it may not see anywhere in it. */
static inline void fg_observe_classic(const bfc_game *g, unsigned s, const bfc_observation *o)
{
    const int counting = g->phase == BFC_PHASE_DECLARE || g->phase == BFC_PHASE_CLAIM;
    FUZZ_CHECK(o->starter == g->starter && o->count == g->count && o->nseq == g->nseq);
    FUZZ_CHECK(memcmp(o->seq, g->seq, sizeof o->seq) == 0);
    FUZZ_CHECK(o->hand == g->hand[s] && o->thrown == g->thrown[s]);
    uint64_t crib = 0, seen = o->hand | o->thrown | o->crib_cards | o->judged | o->out_of_play;
    for (unsigned i = 0; i < g->nccrib; i++)
        crib |= fg_bit(g->ccrib[i]);
    for (unsigned t = 0; t < BFC__MAXP; t++) {
        const int in = t < g->players;
        FUZZ_CHECK(o->held_by[t] == (in ? fg_bits(g->hand[t]) : 0));
        FUZZ_CHECK(o->played[t] == (in ? g->played[t] : 0));
        const int shown = in && fg_hands_shown(g) && (g->shown >> t & 1u);
        FUZZ_CHECK(o->shown[t] == (shown ? g->hand[t] | g->played[t] : 0));
        seen |= o->played[t] | o->shown[t];
    }
    FUZZ_CHECK(o->crib == g->nccrib);
    if (g->shown & 0x80u) {
        FUZZ_CHECK(o->crib_cards == crib);
    } else if (g->players > 1) {
        FUZZ_CHECK(o->crib_cards == 0);
    } else { /* solitaire: the crib cards laid so far */
        const unsigned laid = g->sol_laid / 2u < g->nccrib ? g->sol_laid / 2u : g->nccrib;
        FUZZ_CHECK((o->crib_cards & ~crib) == 0 && fg_bits(o->crib_cards) == (int)laid);
    }
    if (counting) {
        FUZZ_CHECK(o->declarer == g->declarer && o->counting == g->counting);
        FUZZ_CHECK(o->declared == (g->phase == BFC_PHASE_CLAIM ? g->declared : 0xFF));
        uint64_t seq = 0; /* D12: a card in the play is judged by the sequence */
        for (unsigned i = 0; i < g->nseq && i < 16; i++)
            seq |= fg_bit(g->seq[i]);
        const uint64_t judged = g->counting == 2   ? seq
                                : !fg_hands_shown(g) ? 0
                                : g->counting        ? crib
                                                     : g->hand[g->declarer] | g->played[g->declarer];
        FUZZ_CHECK(o->judged == judged);
        FUZZ_CHECK(o->owed == (g->counting == 2 ? g->play_owed : 0));
    } else {
        FUZZ_CHECK(o->declarer == 0xFF && o->declared == 0xFF && o->counting == 0xFF &&
                   o->judged == 0);
    }
    if (o->starter != BFC_CARD_NONE)
        seen |= fg_bit(o->starter);
    for (unsigned i = 0; i < o->nseq && i < 16; i++)
        seen |= fg_bit(o->seq[i]);
    FUZZ_CHECK((seen & fg_secret(g, s)) == 0);
    /* nothing of Battlefield Cribbage */
    FUZZ_CHECK(o->held == BFC_CARD_NONE && o->turn_card == BFC_CARD_NONE && o->ender == 0xFF);
    for (unsigned t = 0; t < 4; t++)
        FUZZ_CHECK(o->laid[t] == 0xFF && o->faceup[t] == 0);
    FUZZ_CHECK(o->frontline.n == 0 && o->frontline.mask == 0 && o->lay_legal == 0);
    for (unsigned t = 0; t < 4; t++)
        for (unsigned i = 0; i < 5; i++)
            FUZZ_CHECK(o->formation[t][i] == BFC_CARD_NONE);
}

/* Seat s's observation, checked field by field against the state. */
static inline void fg_observe(const bfc_game *g, int s, bfc_observation *o)
{
    FUZZ_CHECK(bfc_game_observe(g, s, o) == BFC_OK);
    /* what the library writes passes its own check of what comes in */
    FUZZ_CHECK(bfc__observation_check(o) == BFC_OK);
    FUZZ_CHECK(memcmp(&o->rules, bfc_game_rules(g), sizeof o->rules) == 0);
    FUZZ_CHECK(o->seat == s && o->players == g->players && o->sides == g->sides);
    FUZZ_CHECK(o->phase == g->phase && o->to_move == g->to_move && o->dealer == g->dealer);
    FUZZ_CHECK(o->folded == g->folded && o->boxed == g->boxed && o->box_deals == g->box_left);
    FUZZ_CHECK(o->over == g->over && o->winner == g->winner &&
               o->winning_seat == g->winning_seat);
    FUZZ_CHECK(o->skirmish == g->skirmish);
    FUZZ_CHECK(memcmp(o->score, g->score, sizeof o->score) == 0);
    FUZZ_CHECK(memcmp(o->cut, g->cut, sizeof o->cut) == 0);
    FUZZ_CHECK(o->out_of_play == g->gone);
    bfc_move a[BFC_MAX_MOVES], b[BFC_MAX_MOVES];
    const int n = fg_legal(g, a);
    if (fg_classic(g)) {
        fg_observe_classic(g, (unsigned)s, o);
        /* the discard and play moves need the mover's hand */
        const int own = g->phase != BFC_PHASE_DISCARD && g->phase != BFC_PHASE_PLAY;
        if (!g->over && !own && (unsigned)s != g->to_move) {
            FUZZ_CHECK(bfc_observation_legal_moves(o, b, BFC_MAX_MOVES) == BFC_EHIDDEN);
            return;
        }
        FUZZ_CHECK(bfc_observation_legal_moves(o, b, BFC_MAX_MOVES) == n);
        FUZZ_CHECK(memcmp(a, b, (size_t)n * sizeof a[0]) == 0);
        return;
    }
    FUZZ_CHECK(o->revealed == g->revealed && o->ender == g->ender && o->final_turns == g->owed);
    FUZZ_CHECK(o->pile == 53u - g->pile_pos && o->crib == g->ncrib);
    FUZZ_CHECK(o->turn_card == g->turn_card && o->lay_legal == g->lay_legal);
    FUZZ_CHECK(memcmp(o->laid, g->laid, sizeof o->laid) == 0);
    FUZZ_CHECK(o->turns == g->turns);
    FUZZ_CHECK(memcmp(o->faceup, g->faceup, sizeof o->faceup) == 0);
    FUZZ_CHECK(o->frontline.mask == g->front.mask && o->frontline.recent == g->front.recent &&
               o->frontline.n == g->front.n && o->frontline.sum == g->front.sum &&
               memcmp(o->frontline.cards, g->front.cards, sizeof o->frontline.cards) == 0);
    const bfc_card held = g->held == BFC_CARD_NONE  ? BFC_CARD_NONE
                          : (unsigned)s == g->to_move ? g->held
                                                      : BFC_CARD_HIDDEN;
    FUZZ_CHECK(o->held == held);
    for (unsigned t = 0; t < 4; t++)
        for (unsigned i = 0; i < 5; i++) {
            const bfc_card want = t >= g->players           ? BFC_CARD_NONE
                                  : (g->faceup[t] >> i & 1u) ? g->form[t][i]
                                                             : BFC_CARD_HIDDEN;
            FUZZ_CHECK(o->formation[t][i] == want);
        }
    /* none of the classic fields */
    FUZZ_CHECK(o->starter == BFC_CARD_NONE && o->count == 0 && o->nseq == 0 && o->hand == 0 &&
               o->thrown == 0 && o->crib_cards == 0 && o->judged == 0 && o->declarer == 0xFF);
    FUZZ_CHECK(bfc_observation_legal_moves(o, b, BFC_MAX_MOVES) == n);
    FUZZ_CHECK(memcmp(a, b, (size_t)n * sizeof a[0]) == 0);
}

/* Observations, checked field by field, and their text (ASCII for even
 * seats, Unicode for odd ones): with bit 3 of which every seat's, else
 * seat (which & 7) % players only; bad seats. */
static inline void fg_observe_all(fg *z, unsigned which, unsigned cut)
{
    const bfc_game *g = z->g;
    bfc_observation o;
    const int all = (which & 8u) != 0;
    const int first = all ? 0 : (int)((which & 7u) % (unsigned)g->players);
    for (int s = first; s < (all ? g->players : first + 1); s++) {
        fg_observe(g, s, &o);
        fg_check_text(&o, (s & 1) ? BFC_UNICODE : 0u, cut);
    }
    memset(&o, FUZZ_SENTINEL, sizeof o);
    FUZZ_CHECK(bfc_game_observe(g, g->players, &o) == BFC_EINVAL);
    FUZZ_CHECK(bfc_game_observe(g, -1, &o) == BFC_EINVAL);
    FUZZ_CHECK(fuzz_all_sentinel(&o, sizeof o));
}

/* Determinization for seat: nothing seat may see changes; every place
 * keeps its number of cards. */
static inline void fg_determinize(fg *z, int seat, uint64_t seed)
{
    static bfc_observation before[BFC__MAXP], after[BFC__MAXP];
    static bfc_game was;
    bfc_game *g = z->g;
    memcpy(&was, g, sizeof was);
    if (g->over) { /* nothing left to search: refused, unchanged (issue 29) */
        FUZZ_CHECK(bfc_game_determinize(g, seat, seed) == BFC_EINVAL);
        FUZZ_CHECK(memcmp(&was, g, sizeof was) == 0);
        return;
    }
    for (int s = 0; s < g->players; s++)
        fg_observe(g, s, &before[s]);
    FUZZ_CHECK(bfc_game_determinize(g, seat, seed) == BFC_OK);
    FUZZ_CHECK(bfc__game_check(g) == BFC_OK);
    for (int s = 0; s < g->players; s++) {
        fg_observe(g, s, &after[s]);
        if (s != seat) { /* what only s sees may change */
            after[s].held = before[s].held;
            FUZZ_CHECK(fg_bits(after[s].hand) == fg_bits(before[s].hand) &&
                       fg_bits(after[s].thrown) == fg_bits(before[s].thrown));
            after[s].hand = before[s].hand;
            after[s].thrown = before[s].thrown;
        }
        FUZZ_CHECK(memcmp(&before[s], &after[s], sizeof before[s]) == 0);
    }
    if (fg_classic(g))
        FUZZ_CHECK(g->deck_pos == was.deck_pos && g->nccrib == was.nccrib &&
                   g->starter == was.starter && g->to_move == was.to_move);
}

/* ---- Copies, save and load ------------------------------------------------ */

static inline void fg_copies(fg *z, unsigned how)
{
    static bfc_game snap;
    bfc_game *g = z->g;
    /* into a game of other rules: refused, nothing changes */
    memcpy(&snap, z->other, sizeof snap);
    FUZZ_CHECK(bfc_game_copy(z->other, g) == BFC_EINVAL && fg_same(z->other, &snap));
    memcpy(&snap, g, sizeof snap);
    FUZZ_CHECK(bfc_game_copy(g, z->other) == BFC_EINVAL && fg_same(g, &snap));
    FUZZ_CHECK(bfc_game_copy(NULL, g) == BFC_EINVAL && bfc_game_copy(g, NULL) == BFC_EINVAL);
    FUZZ_CHECK(bfc_game_copy(g, g) == BFC_OK && fg_same(g, &snap));
    FUZZ_CHECK(bfc_game_clone(NULL) == NULL);
    if (how & 1u) { /* go on with a clone */
        bfc_game *c = bfc_game_clone(g);
        FUZZ_CHECK(c && fg_same(c, g));
        bfc_game_free(g);
        z->g = c;
    } else { /* go on with a copy */
        FUZZ_CHECK(bfc_game_copy(z->shadow, g) == BFC_OK && fg_same(z->shadow, g));
        z->g = z->shadow;
        z->shadow = g;
    }
}

/* Save -> load -> save: the loaded state byte-identical, its text the same.
 * how bit 0: go on with the loaded game; bits 1-2 pick the other parts
 * (0: all of them): 1 the length asked with no buffer, a short buffer
 * (cut picks its size: a NUL-terminated prefix, nothing past it); 2 loads
 * into existing games (the same rules: the same state; other rules:
 * BFC_EINVAL, unchanged) and NULL arguments; 3 a text cut short (cut picks
 * where) fails and changes nothing. */
static inline void fg_save_load(fg *z, unsigned how, unsigned cut)
{
    static char text[FG_TEXT_MAX], again[FG_TEXT_MAX], part[FG_TEXT_MAX];
    static bfc_game snap;
    bfc_game *g = z->g;
    const unsigned parts = how >> 1 & 3u;
    const int len = bfc_game_save(g, text, sizeof text);
    FUZZ_CHECK(len > 0 && len < FG_TEXT_MAX && strlen(text) == (size_t)len);
    if (parts == 0 || parts == 1) {
        FUZZ_CHECK(bfc_game_save(g, NULL, 0) == len);
        FUZZ_CHECK(bfc_game_save(NULL, text, 0) == BFC_EINVAL);
        /* a short buffer: a NUL-terminated prefix, nothing past cap */
        const size_t cap = 1 + cut % (size_t)(len + 1);
        memset(part, FUZZ_SENTINEL, cap + 1);
        FUZZ_CHECK(bfc_game_save(g, part, cap) == len);
        FUZZ_CHECK(memcmp(part, text, cap - 1) == 0 && part[cap - 1] == 0 &&
                   (unsigned char)part[cap] == FUZZ_SENTINEL);
    }

    /* load into a new game */
    bfc_game *l = NULL;
    FUZZ_CHECK(bfc_game_load(&l, text) == BFC_OK && l && fg_same(l, g));
    FUZZ_CHECK(bfc_game_save(l, again, sizeof again) == len && strcmp(again, text) == 0);
    if (parts == 0 || parts == 2) {
        /* into an existing game of the same rules */
        FUZZ_CHECK(bfc_game_load(&z->shadow, text) == BFC_OK && fg_same(z->shadow, g));
        /* into a game of other rules: refused, unchanged */
        memcpy(&snap, z->other, sizeof snap);
        FUZZ_CHECK(bfc_game_load(&z->other, text) == BFC_EINVAL && fg_same(z->other, &snap));
        FUZZ_CHECK(bfc_game_load(NULL, text) == BFC_EINVAL);
    }
    /* a text cut short fails and changes nothing (the final newline may
     * go; a cut last number of a line may fail as BFC_ESTATE first) */
    const size_t keep = cut % (size_t)len;
    if ((parts == 0 || parts == 3) && keep < (size_t)len - 1) {
        memcpy(part, text, keep);
        part[keep] = 0;
        memcpy(&snap, z->shadow, sizeof snap);
        const int rc = bfc_game_load(&z->shadow, part);
        FUZZ_CHECK((rc == BFC_EPARSE || rc == BFC_ESTATE) && fg_same(z->shadow, &snap));
    }
    if (how & 1u) { /* go on with the loaded game */
        bfc_game_free(g);
        z->g = l;
    } else {
        bfc_game_free(l);
    }
}

/* ---- Bots ---------------------------------------------------------------- */

static inline void fg_bot(fg *z, unsigned greedy, uint64_t seed, unsigned small)
{
    bfc_game *g = z->g;
    bfc_observation o;
    const int over = bfc_game_over(g);
    fg_observe(g, over ? 0 : bfc_game_to_move(g), &o);
    int (*bot)(const bfc_observation *, uint64_t *, bfc_move *) =
        greedy ? bfc_bot_greedy : bfc_bot_random;
    uint64_t r1 = seed, r2 = seed;
    bfc_move m1 = BFC_MOVE_NONE, m2 = BFC_MOVE_NONE;
    const int rc = bot(&o, &r1, &m1);
    FUZZ_CHECK(bot(&o, &r2, &m2) == rc && m1 == m2 && r1 == r2);
    FUZZ_CHECK(bot(NULL, &r2, &m2) == BFC_EINVAL && bot(&o, NULL, &m2) == BFC_EINVAL &&
               bot(&o, &r2, NULL) == BFC_EINVAL);
    if (over) {
        FUZZ_CHECK(rc == BFC_EINVAL && m1 == BFC_MOVE_NONE);
        return;
    }
    FUZZ_CHECK(rc == BFC_OK && fg_is_legal(g, m1));
    fg_apply(z, m1, small);
}

/* ---- Argument checks ------------------------------------------------------ */

static inline void fg_misuse(fg *z)
{
    static bfc_game snap;
    bfc_game *g = z->g;
    memcpy(&snap, g, sizeof snap);
    bfc_move m[BFC_MAX_MOVES];
    const int n = fg_legal(g, m);
    size_t nev = FG_NOSIZE;
    FUZZ_CHECK(bfc_game_apply(g, n ? m[0] : 0, NULL, 5, &nev) == BFC_EINVAL &&
               nev == FG_NOSIZE);
    FUZZ_CHECK(bfc_game_apply(NULL, 0, NULL, 0, &nev) == BFC_EINVAL && nev == FG_NOSIZE);
    FUZZ_CHECK(bfc_game_legal_moves(g, NULL, 3) == BFC_EINVAL);
    FUZZ_CHECK(bfc_game_legal_moves(NULL, m, 3) == BFC_EINVAL);
    FUZZ_CHECK(bfc_game_determinize(g, -1, 0) == BFC_EINVAL);
    FUZZ_CHECK(bfc_game_determinize(g, g->players, 0) == BFC_EINVAL);
    FUZZ_CHECK(bfc_game_determinize(NULL, 0, 0) == BFC_EINVAL);
    FUZZ_CHECK(bfc_game_side_of(g, -1) == BFC_EINVAL);
    FUZZ_CHECK(bfc_game_side_of(g, g->players) == BFC_EINVAL);
    FUZZ_CHECK(bfc_game_scores(g, NULL, 1) == BFC_EINVAL);
    FUZZ_CHECK(bfc_game_scores(g, NULL, 0) == bfc_game_sides(g));
    int one[2] = {-7, -7};
    FUZZ_CHECK(bfc_game_scores(g, one, 1) == bfc_game_sides(g) && one[0] == g->score[0] &&
               one[1] == -7);
    FUZZ_CHECK(bfc_game_next(NULL) == BFC_EINVAL && bfc_game_over(NULL) == BFC_EINVAL);
    FUZZ_CHECK(bfc_game_phase(NULL) == BFC_EINVAL && bfc_game_to_move(NULL) == -1);
    FUZZ_CHECK(bfc_game_rules(NULL) == NULL && bfc_game_winner(NULL) == -1);
    FUZZ_CHECK(fg_same(g, &snap));
}

/* ---- A position for the bots and the advice ------------------------------ */

/* A game for the targets that drive the search bot, the review, the belief
 * and the advice (fuzz_search, fuzz_review, fuzz_belief, fuzz_win): kind
 * k % 20 -- 0-3 Battlefield of 2, 3 and 4 players and 4 in teams, 4-19
 * classic game k - 4 of fg_games --, classic flag bits f as
 * fg_classic_rules() takes them (those the variant refuses dropped), bit 3
 * of f a target of 31 (games that end within the input's moves), made
 * with seed, then up to `moves` random legal moves drawn from seed, fewer
 * if the game ends. When played is not NULL (room for `moves`) it gets
 * the moves made; *np (not NULL) their number. */
static inline bfc_game *fg_pick(unsigned k, unsigned f, uint64_t seed, unsigned moves,
                                bfc_move *played, unsigned *np)
{
    bfc_rules r;
    k %= 20u;
    if (k < 4) {
        FUZZ_CHECK(bfc_rules_init_variant(&r, BFC_VARIANT_BATTLEFIELD) == BFC_OK);
        r.players = (uint8_t)(k < 3 ? 2 + k : 4);
        r.teams = k == 3;
    } else {
        fg_classic_rules(&r, k - 4, f);
        fg_classic_fix(&r);
    }
    if (f & 8u)
        r.target = 31;
    FUZZ_CHECK(bfc_rules_check(&r) == BFC_OK);
    int st = 1;
    bfc_game *g = bfc_game_new(&r, seed, &st);
    FUZZ_CHECK(g != NULL && st == BFC_OK);
    fg z = {.rng = seed};
    unsigned i = 0;
    for (; i < moves && !bfc_game_over(g); i++) {
        bfc_move l[BFC_MAX_MOVES];
        const int n = fg_legal(g, l);
        FUZZ_CHECK(n > 0);
        const bfc_move m = l[fg_rand(&z) % (uint64_t)n];
        FUZZ_CHECK(bfc_game_apply(g, m, NULL, 0, NULL) == BFC_OK);
        if (played)
            played[i] = m;
    }
    if (np)
        *np = i;
    return g;
}

/* Whether m is among the n moves of l. */
static inline int fg_among(const bfc_move *l, int n, bfc_move m)
{
    for (int i = 0; i < n; i++)
        if (l[i] == m)
            return 1;
    return 0;
}

#endif
