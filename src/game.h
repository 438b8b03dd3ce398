/* The game state, shared by game.c, observe.c, save.c and bot.c. Not
 * installed. */
#ifndef BFC_GAME_H
#define BFC_GAME_H

#include "internal.h"

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(hidden)
#endif

#define BFC__SEATS 4 /* Battlefield */
#define BFC__MAXP 6  /* any game */
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
    int16_t score[BFC__MAXP]; /* per side */
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
    bfc_card cut[BFC__MAXP];
    bfc_card form[BFC__SEATS][BFC__SLOTS];
    bfc_card pile[53];
    uint64_t gone;             /* cards out of play this skirmish;
                                  solitaire: the cards used face up */
    bfc_frontline front;
    /* The classic games (RULES 3); zero in Battlefield games. */
    uint64_t hand[BFC__MAXP];   /* cards held, not yet laid */
    uint64_t played[BFC__MAXP]; /* cards laid in this deal's play */
    uint64_t thrown[BFC__MAXP]; /* cards thrown (crib, or out of the deal) */
    uint64_t shown;             /* bit s: seat s's hand was counted; bit 7:
                                   the crib */
    bfc_card ccrib[4];          /* the crib in the order it was made */
    bfc_card seq[16];           /* cards laid since the count reset */
    bfc_card deck[52];          /* the deck is deck[deck_pos..52), top first */
    bfc_card starter;           /* or BFC_CARD_NONE */
    bfc_card first_laid;        /* solitaire: first card laid in deal 1 */
    uint8_t nccrib, nseq, count, deck_pos;
    uint8_t last;               /* seat that laid the last card, or NONE */
    uint8_t discarded;          /* bit s: seat s has thrown */
    uint8_t said_go;            /* bit s: seat s said go in this sequence */
    uint8_t step;               /* show: hands counted so far (players = the
                                   crib is next) */
    uint8_t declarer, declared, truth, counting; /* muggins, or NONE */
    uint8_t sol_laid;           /* solitaire: cards laid this deal (0..8) */
    /* Crib Wars (board.c) */
    uint8_t folded;             /* bit s: seat s folded this deal */
    uint8_t boxed, box_left;    /* side in a penalty box (3 sides) or NONE;
                                   deals it still sits out, this one
                                   included */
};

static inline int bfc__classic(const bfc_game *g)
{
    return g->rules.variant != BFC_VARIANT_BATTLEFIELD;
}

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
    return g->rules.teams && g->sides ? s % g->sides : s; /* partners: s, s + sides */
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

/* Events (game.c): a sink gathers a move's events into the caller's
 * buffer; items says whether scoring items are built at all. */
typedef struct bfc__sink {
    bfc_event *ev;
    size_t cap, n;
    int items;
} bfc__sink;
bfc_event *bfc__push(bfc__sink *k, const bfc_game *g, unsigned type, unsigned seat);
void bfc__push_card(bfc__sink *k, const bfc_game *g, unsigned type, unsigned seat, bfc_card c,
                    unsigned slot);
void bfc__push_cards(bfc__sink *k, const bfc_game *g, unsigned type, unsigned seat,
                     const bfc_card *cards, size_t n, unsigned points);
/* Pegs points for seat's side; returns 1 when that ends the game. */
int bfc__peg(bfc_game *g, unsigned seat, unsigned points, bfc__sink *k);
/* SCORE events for items (when built), then bfc__peg(points). */
int bfc__peg_items(bfc_game *g, unsigned seat, unsigned source, const bfc_item *items,
                   size_t n, unsigned points, bfc__sink *k);
/* A single SCORE item of the given kind with its cards. */
int bfc__peg_one(bfc_game *g, unsigned seat, unsigned source, unsigned kind,
                 const bfc_card *cards, size_t n, unsigned points, bfc__sink *k);
/* The items of a hand when the sink builds them, else 0. */
int bfc__hand_items(const bfc_card *cards, size_t n, bfc_card starter, unsigned flags,
                    bfc_item *items, const bfc__sink *k);
void bfc__finish(bfc_game *g, unsigned seat, bfc__sink *k);
/* D6 / 3.1: the seat that deals first (lowest cut). */
unsigned bfc__cut_for_deal(bfc_game *g);

/* The classic games (classic.c). */
void bfc__classic_start(bfc_game *g, unsigned dealer, bfc__sink *k);
int bfc__classic_legal(const bfc_game *g, bfc_move *out, size_t cap);
int bfc__classic_is_legal(const bfc_game *g, bfc_move m);
void bfc__classic_apply(bfc_game *g, bfc_move m, bfc__sink *k);
/* The legal moves from the public facts and the mover's hand. */
int bfc__classic_moves(unsigned phase, unsigned need, uint64_t hand, unsigned count,
                       bfc_move *out, size_t cap);
/* The two cards (a < b) of a two-card discard move. */
void bfc__discard2_cards(bfc_move m, bfc_card *a, bfc_card *b);
/* Cards dealt to each hand in this variant. */
unsigned bfc__classic_dealt(const bfc_rules *r);
/* The seat that may claim on seat's declared count (muggins). */
unsigned bfc__classic_claimer(const bfc_game *g, unsigned seat);
/* The true count of seat's hand (crib 0) or the crib (1). */
int bfc__classic_truth(const bfc_game *g, unsigned seat, unsigned crib);
/* The cards whose pip value is at most v (0..31). */
static inline uint64_t bfc__fits(unsigned v)
{
    return v >= 10 ? BFC__STD_MASK : (UINT64_C(1) << (4 * v)) - 1u;
}
/* Cards each player throws in this variant. */
unsigned bfc__classic_throw(const bfc_rules *r);
/* Card sets. */
static inline unsigned bfc__popcount(uint64_t m) { return (unsigned)__builtin_popcountll(m); }
static inline unsigned bfc__lowest(uint64_t m) { return (unsigned)__builtin_ctzll(m); }
int bfc__classic_check(const bfc_game *g);

/* Crib Wars (board.c). */
static inline int bfc__board_on(const bfc_game *g) { return g->rules.board.n != 0; }
int bfc__board_check(const bfc_rules *r);
/* The special hole `at` of board b, or NULL. */
const bfc_hole *bfc__board_hole(const bfc_board *b, unsigned at);
/* Whether seat's side pegs nothing now (folded, or in the box); if so, a
 * BFC_BOARD_LOST event reports the points. */
int bfc__board_keeps(const bfc_game *g, unsigned seat, unsigned source, unsigned points,
                     bfc__sink *k);
/* seat's side has just pegged (not won): the hole it landed on acts.
 * Returns 1 when a board move ended the game. */
int bfc__board_land(bfc_game *g, unsigned seat, bfc__sink *k);
/* A new deal: the side in the box sits it out, or moves out (returns 1
 * when that ended the game). */
int bfc__board_deal(bfc_game *g, bfc__sink *k);
/* The seats of a side, as a bit set. */
unsigned bfc__side_seats(const bfc_game *g, unsigned side);

/* Checks every invariant of a state (cards conserved, phase consistent,
 * ranges): BFC_OK or BFC_ESTATE. Used by load, and by the tests. */
int bfc__game_check(const bfc_game *g);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#endif
