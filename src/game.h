/* The game state, shared by game.c, observe.c, save.c and bot.c. Not
 * installed. */
#ifndef BFC_GAME_H
#define BFC_GAME_H

#include "internal.h"

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(hidden)
#endif

#define BFC__SEATS 4
#define BFC__SLOTS 5
#define BFC__NONE8 0xFFu

/* A flat struct of small arrays, so that bfc_game_copy is one memcpy. It is
 * allocated zeroed and every byte is always written by value, so two equal
 * states are byte-identical (tests compare them with memcmp). */
struct bfc_game {
    bfc_rules rules;
    uint64_t rng[4];           /* xoshiro256** state */
    uint32_t moves;            /* moves applied in this game */
    uint32_t turns;            /* turns completed in this skirmish */
    uint32_t skirmish;         /* skirmishes dealt in this game */
    int16_t score[BFC__SEATS]; /* per side */
    uint8_t players, sides;
    uint8_t phase;             /* BFC_PHASE_* */
    uint8_t to_move;
    uint8_t dealer;
    uint8_t revealed;          /* bit s: seat s revealed this skirmish */
    uint8_t ender;             /* seat, or BFC__NONE8 */
    uint8_t owed;              /* final turns still owed */
    uint8_t over, winner, winning_seat;
    bfc_card held;             /* drawn card, or BFC_CARD_NONE */
    bfc_card turn_card;        /* or BFC_CARD_NONE */
    uint8_t lay_legal;         /* legal lay-away slots of to_move */
    uint8_t ncrib;
    uint8_t pile_pos;          /* the draw pile is pile[pile_pos..53), top first;
                                  the bytes before it are 0 */
    bfc_card crib[2];
    uint8_t laid[BFC__SEATS];  /* slot laid away, or BFC__NONE8 */
    uint8_t faceup[BFC__SEATS];
    bfc_card cut[BFC__SEATS];
    bfc_card form[BFC__SEATS][BFC__SLOTS];
    bfc_card pile[53];
    uint64_t gone;             /* cards out of play this skirmish */
    bfc_frontline front;
};

/* Seat and side arithmetic. */
static inline unsigned bfc__left(const bfc_game *g, unsigned s)
{
    return s + 1u == g->players ? 0u : s + 1u;
}
static inline unsigned bfc__right(const bfc_game *g, unsigned s)
{
    return s == 0 ? g->players - 1u : s - 1u;
}
static inline unsigned bfc__side(const bfc_game *g, unsigned s)
{
    return g->rules.teams ? s & 1u : s;
}
static inline unsigned bfc__pile_size(const bfc_game *g)
{
    return 53u - g->pile_pos;
}

/* The slots of reveal pair p (0..9). */
extern const uint8_t bfc__reveal_pair[10][2];

/* xoshiro256**: seeded by splitmix64; bfc__rng_below(n) is uniform enough
 * for n <= 64 (bias below n / 2^32). */
void bfc__rng_seed(uint64_t s[4], uint64_t seed);
static inline uint64_t bfc__rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
static inline uint64_t bfc__rng_next(uint64_t s[4])
{
    const uint64_t r = bfc__rotl(s[1] * 5u, 7) * 9u;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = bfc__rotl(s[3], 45);
    return r;
}
static inline unsigned bfc__rng_below(uint64_t s[4], unsigned n)
{
    return (unsigned)(((bfc__rng_next(s) >> 32) * n) >> 32);
}
/* splitmix64 step: the bots' one-word generator. */
static inline uint64_t bfc__splitmix(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Legal moves from the public facts (shared by the game and observation
 * paths). */
int bfc__legal_moves(unsigned phase, unsigned pile, unsigned front_n, int limit_hit,
                     unsigned lay_legal, bfc_move *out, size_t cap);

/* Whether the turn limit (D9) forces the turn card now. */
static inline int bfc__limit_hit(const bfc_rules *r, unsigned turns)
{
    return r->turn_limit > 0 && turns >= (unsigned)r->turn_limit;
}

/* Checks every invariant of a state (cards conserved, phase consistent,
 * ranges): BFC_OK or BFC_ESTATE. Used by load, and by the tests. */
int bfc__game_check(const bfc_game *g);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#endif
