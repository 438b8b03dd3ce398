/* Checked game play, shared by the fuzz targets fuzz_game.c and fuzz_load.c.
 *
 * An fg holds the game being played and two spare games: `shadow` (same
 * rules: the second apply of every move, copies, loads) and `other`
 * (different rules: copies and loads into it must fail). Every operation
 * below checks what bfc.h promises for it, and fg_check() the whole state
 * after it:
 *   - bfc__game_check() is BFC_OK (phase, ranges, the 53 cards conserved);
 *   - the legal moves are strictly ascending, below BFC_MOVE_COUNT, at most
 *     BFC_MAX_MOVES, and none exactly when the game is over; the
 *     observation's legal moves are the same list;
 *   - the score of each side never decreases within a game;
 *   - a legal move: the SCORE events (taken in a buffer far larger than any
 *     move needs) sum per side to the score change, each carrying its
 *     side's running total; GAME_OVER comes last and only when the game
 *     ended; the same move applied to a copy with cap 0, 1 or 3 gives a
 *     byte-identical state, the same *nev and the same first events, and
 *     writes nothing past cap;
 *   - an illegal move (any id, also >= BFC_MOVE_COUNT) returns
 *     BFC_EILLEGAL and changes nothing: state, events, *nev;
 *   - determinize(s) leaves seat s's observation byte-identical (and the
 *     other seats' except the drawn card's face);
 *   - save -> load gives a byte-identical state, and save of that the same
 *     text; loading into a game of other rules is BFC_EINVAL, unchanged;
 *   - each seat's observation shows exactly the public facts and its own
 *     drawn card; its text is snprintf-consistent;
 *   - the bots answer a legal move, the same one for the same generator.
 */
#ifndef BFC_FUZZ_GAME_H
#define BFC_FUZZ_GAME_H

#include <stdlib.h>
#include <string.h>

#include "bfc.h"
#include "fuzz.h"
#include "game.h"


#define FG_EVENTS 4096   /* far more than any move produces */
#define FG_TEXT_MAX 4096 /* far more than any save or observation text */
#define FG_NOSIZE ((size_t)-1)

typedef struct fg {
    bfc_game *g;      /* the game played */
    bfc_game *shadow; /* same rules */
    bfc_game *other;  /* different rules */
    int prev[4];      /* scores per side at the last check */
    uint64_t rng;     /* for bursts of moves and bot seeds */
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

static inline void fg_scores(const bfc_game *g, int out[4])
{
    out[0] = out[1] = out[2] = out[3] = 0;
    FUZZ_CHECK(bfc_game_scores(g, out, 4) == bfc_game_sides(g));
}

/* The spare games for g (owned by the fg from now on). */
static inline void fg_adopt(fg *z, bfc_game *g, uint64_t seed)
{
    bfc_rules r = *bfc_game_rules(g);
    int st = 1;
    z->g = g;
    z->rng = seed;
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

/* ---- The state after every step ------------------------------------------ */

static inline void fg_check(fg *z)
{
    const bfc_game *g = z->g;
    FUZZ_CHECK(bfc__game_check(g) == BFC_OK);
    bfc_move m[BFC_MAX_MOVES];
    const int n = fg_legal(g, m);
    const int over = bfc_game_over(g);
    FUZZ_CHECK(over == 0 || over == 1);
    FUZZ_CHECK(bfc_game_legal_moves(g, NULL, 0) == n);
    if (over) {
        FUZZ_CHECK(n == 0 && bfc_game_to_move(g) == -1 && bfc_game_phase(g) == BFC_PHASE_OVER);
        const int w = bfc_game_winner(g), ws = bfc_game_winning_seat(g), v = bfc_game_value(g);
        FUZZ_CHECK(w >= 0 && w < bfc_game_sides(g) && bfc_game_side_of(g, ws) == w);
        FUZZ_CHECK(v == 1 || v == 2 || v == 4);
    } else {
        FUZZ_CHECK(n >= 1);
        for (int i = 0; i < n; i++)
            FUZZ_CHECK(m[i] < BFC_MOVE_COUNT && (i == 0 || m[i - 1] < m[i]));
        FUZZ_CHECK(bfc_game_to_move(g) >= 0 && bfc_game_to_move(g) < g->players);
        FUZZ_CHECK(bfc_game_phase(g) < BFC_PHASE_OVER);
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
    /* scores never go down within a game */
    int sc[4];
    fg_scores(g, sc);
    for (int s = 0; s < 4; s++)
        FUZZ_CHECK(sc[s] >= z->prev[s]);
    memcpy(z->prev, sc, sizeof sc);
}

/* ---- Moves --------------------------------------------------------------- */

/* The events of a legal move against the score change. */
static inline void fg_check_events(const bfc_game *g, const int before[4], const bfc_event *ev,
                                   size_t n)
{
    int after[4], run[4];
    fg_scores(g, after);
    memcpy(run, before, sizeof run);
    const int over = bfc_game_over(g);
    int game_over_events = 0;
    for (size_t i = 0; i < n; i++) {
        const bfc_event *e = &ev[i];
        FUZZ_CHECK(e->type >= BFC_EV_DEAL && e->type <= BFC_EV_GAME_OVER);
        FUZZ_CHECK(e->seat < g->players && e->side == bfc_game_side_of(g, e->seat));
        if (e->type == BFC_EV_SCORE) {
            FUZZ_CHECK(e->points > 0 && e->points == e->item.points);
            FUZZ_CHECK(e->source >= BFC_SRC_FRONTLINE && e->source <= BFC_SRC_CEASEFIRE);
            run[e->side] += e->points;
            FUZZ_CHECK(e->score == run[e->side]);
        } else if (e->type == BFC_EV_GAME_OVER) {
            game_over_events++;
            FUZZ_CHECK(i + 1 == n && over && e->seat == bfc_game_winning_seat(g));
            FUZZ_CHECK(e->points == bfc_game_value(g) && e->score == after[e->side]);
        }
    }
    FUZZ_CHECK(game_over_events == over);
    for (int s = 0; s < 4; s++)
        FUZZ_CHECK(run[s] == after[s]);
}

/* Applies move m (legal or not) with every check. small (0..7) picks the
 * second apply's buffer: bits 0-1 cap 0 with ev NULL, cap 0, cap 1, cap 3;
 * bit 2 nev NULL. */
static inline void fg_apply(fg *z, unsigned m, unsigned small)
{
    static bfc_event ev[FG_EVENTS];
    static bfc_game before;
    bfc_game *g = z->g;
    const int legal = fg_is_legal(g, m);
    int sc0[4];
    fg_scores(g, sc0);
    memcpy(&before, g, sizeof before);
    FUZZ_CHECK(bfc_game_copy(z->shadow, g) == BFC_OK);

    size_t nev = FG_NOSIZE;
    ev[0].type = FUZZ_SENTINEL;
    const int rc = bfc_game_apply(g, (bfc_move)m, ev, FG_EVENTS, &nev);
    if (!legal) {
        FUZZ_CHECK(rc == BFC_EILLEGAL && nev == FG_NOSIZE && ev[0].type == FUZZ_SENTINEL);
        FUZZ_CHECK(fg_same(g, &before));
        FUZZ_CHECK(bfc_game_apply(g, (bfc_move)m, NULL, 0, NULL) == BFC_EILLEGAL);
        FUZZ_CHECK(fg_same(g, &before));
        return;
    }
    FUZZ_CHECK(rc == BFC_OK && nev >= 1 && nev <= FG_EVENTS);
    fg_check_events(g, sc0, ev, nev);

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
}

/* Starts the next game of the match (only after game over). */
static inline void fg_next(fg *z)
{
    static bfc_game before;
    bfc_game *g = z->g;
    memcpy(&before, g, sizeof before);
    const int over = bfc_game_over(g);
    const int rc = bfc_game_next(g);
    if (!over) {
        FUZZ_CHECK(rc == BFC_EINVAL && fg_same(g, &before));
        return;
    }
    FUZZ_CHECK(rc == BFC_OK);
    FUZZ_CHECK(bfc__game_check(g) == BFC_OK && g->moves == 0);
    fg_scores(g, z->prev); /* a new game: scores start again (a cease-fire may score) */
}

/* k moves chosen by the fg's generator, each applied and checked; a game
 * that ends goes on with the next one. */
static inline void fg_burst(fg *z, unsigned k)
{
    for (unsigned i = 0; i < k; i++) {
        const uint64_t r = fg_rand(z);
        if (bfc_game_over(z->g)) {
            fg_next(z);
        } else {
            bfc_move m[BFC_MAX_MOVES];
            const int n = fg_legal(z->g, m);
            fg_apply(z, m[(r >> 32) % (unsigned)n], (unsigned)r & 7u);
        }
        fg_check(z);
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

/* Seat s's observation, checked field by field against the state. */
static inline void fg_observe(const bfc_game *g, int s, bfc_observation *o)
{
    FUZZ_CHECK(bfc_game_observe(g, s, o) == BFC_OK);
    FUZZ_CHECK(memcmp(&o->rules, bfc_game_rules(g), sizeof o->rules) == 0);
    FUZZ_CHECK(o->seat == s && o->players == g->players && o->sides == g->sides);
    FUZZ_CHECK(o->phase == g->phase && o->to_move == g->to_move && o->dealer == g->dealer);
    FUZZ_CHECK(o->revealed == g->revealed && o->ender == g->ender && o->final_turns == g->owed);
    FUZZ_CHECK(o->pile == 53u - g->pile_pos && o->crib == g->ncrib);
    FUZZ_CHECK(o->turn_card == g->turn_card && o->lay_legal == g->lay_legal);
    FUZZ_CHECK(memcmp(o->laid, g->laid, sizeof o->laid) == 0);
    FUZZ_CHECK(o->over == g->over && o->winner == g->winner &&
               o->winning_seat == g->winning_seat);
    FUZZ_CHECK(o->turns == g->turns && o->skirmish == g->skirmish);
    FUZZ_CHECK(memcmp(o->score, g->score, sizeof o->score) == 0);
    FUZZ_CHECK(memcmp(o->faceup, g->faceup, sizeof o->faceup) == 0);
    FUZZ_CHECK(memcmp(o->cut, g->cut, sizeof o->cut) == 0);
    FUZZ_CHECK(o->frontline.mask == g->front.mask && o->frontline.recent == g->front.recent &&
               o->frontline.n == g->front.n && o->frontline.sum == g->front.sum &&
               memcmp(o->frontline.cards, g->front.cards, sizeof o->frontline.cards) == 0);
    FUZZ_CHECK(o->out_of_play == g->gone);
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
    bfc_move a[BFC_MAX_MOVES], b[BFC_MAX_MOVES];
    const int n = fg_legal(g, a);
    FUZZ_CHECK(bfc_observation_legal_moves(o, b, BFC_MAX_MOVES) == n);
    FUZZ_CHECK(memcmp(a, b, (size_t)n * sizeof a[0]) == 0);
}

/* Every seat's observation and its text (ASCII and Unicode); bad seats. */
static inline void fg_observe_all(fg *z, unsigned cut)
{
    const bfc_game *g = z->g;
    bfc_observation o;
    for (int s = 0; s < g->players; s++) {
        fg_observe(g, s, &o);
        fg_check_text(&o, (unsigned)s & BFC_UNICODE, cut);
    }
    memset(&o, FUZZ_SENTINEL, sizeof o);
    FUZZ_CHECK(bfc_game_observe(g, g->players, &o) == BFC_EINVAL);
    FUZZ_CHECK(bfc_game_observe(g, -1, &o) == BFC_EINVAL);
    FUZZ_CHECK(fuzz_all_sentinel(&o, sizeof o));
}

/* Determinization for seat: nothing seat may see changes. */
static inline void fg_determinize(fg *z, int seat, uint64_t seed)
{
    static bfc_observation before[4], after[4];
    bfc_game *g = z->g;
    for (int s = 0; s < g->players; s++)
        fg_observe(g, s, &before[s]);
    FUZZ_CHECK(bfc_game_determinize(g, seat, seed) == BFC_OK);
    FUZZ_CHECK(bfc__game_check(g) == BFC_OK);
    for (int s = 0; s < g->players; s++) {
        fg_observe(g, s, &after[s]);
        if (s != seat) /* another seat may see its drawn card change */
            after[s].held = before[s].held;
        FUZZ_CHECK(memcmp(&before[s], &after[s], sizeof before[s]) == 0);
    }
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

/* Save -> load -> save; cut picks a truncated buffer and a truncated text. */
static inline void fg_save_load(fg *z, unsigned how, unsigned cut)
{
    static char text[FG_TEXT_MAX], again[FG_TEXT_MAX], part[FG_TEXT_MAX];
    static bfc_game snap;
    bfc_game *g = z->g;
    const int len = bfc_game_save(g, text, sizeof text);
    FUZZ_CHECK(len > 0 && len < FG_TEXT_MAX && strlen(text) == (size_t)len);
    FUZZ_CHECK(bfc_game_save(g, NULL, 0) == len);
    FUZZ_CHECK(bfc_game_save(NULL, text, 0) == BFC_EINVAL);
    /* a short buffer: a NUL-terminated prefix, nothing past cap */
    const size_t cap = 1 + cut % (size_t)(len + 1);
    memset(part, FUZZ_SENTINEL, cap + 1);
    FUZZ_CHECK(bfc_game_save(g, part, cap) == len);
    FUZZ_CHECK(memcmp(part, text, cap - 1) == 0 && part[cap - 1] == 0 &&
               (unsigned char)part[cap] == FUZZ_SENTINEL);

    /* load into a new game */
    bfc_game *l = NULL;
    FUZZ_CHECK(bfc_game_load(&l, text) == BFC_OK && l && fg_same(l, g));
    FUZZ_CHECK(bfc_game_save(l, again, sizeof again) == len && strcmp(again, text) == 0);
    /* into an existing game of the same rules */
    FUZZ_CHECK(bfc_game_load(&z->shadow, text) == BFC_OK && fg_same(z->shadow, g));
    /* into a game of other rules: refused, unchanged */
    memcpy(&snap, z->other, sizeof snap);
    FUZZ_CHECK(bfc_game_load(&z->other, text) == BFC_EINVAL && fg_same(z->other, &snap));
    /* a text cut short fails and changes nothing (the final newline may
     * go; a cut last number of a line may fail as BFC_ESTATE first) */
    const size_t keep = cut % (size_t)len;
    if (keep < (size_t)len - 1) {
        memcpy(part, text, keep);
        part[keep] = 0;
        memcpy(&snap, z->shadow, sizeof snap);
        const int rc = bfc_game_load(&z->shadow, part);
        FUZZ_CHECK((rc == BFC_EPARSE || rc == BFC_ESTATE) && fg_same(z->shadow, &snap));
    }
    FUZZ_CHECK(bfc_game_load(NULL, text) == BFC_EINVAL);
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

#endif
