/* The game state: the struct every part of the engine works on, and the
 * small facts read straight from it (seats and sides, the generator, card
 * sets). Nothing here calls into another file of src/ except the facts of
 * the rules (rules.c). Not installed. */
#ifndef BFC_STATE_H
#define BFC_STATE_H

#include "internal.h"

BFC__HIDDEN_BEGIN

#define BFC__SEATS 4 /* Battlefield */
#define BFC__MAXP 6  /* any game */
#define BFC__SLOTS 5
#define BFC__NONE8 0xFFu
#define BFC__PLAY_COUNTED 2u /* bfc_game.counting: a card's points in the play (D12) */
#define BFC__ALL_LAID 0xFEu  /* bfc_game.resume: the card laid was the play's last */

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
    uint8_t pile_shuffled;     /* the pile's places below this are in draw
                                  order; from it on the cards are not yet
                                  shuffled: each is drawn at random from
                                  them when its turn comes (battlefield.c) */
    bfc_card crib[2];
    uint8_t laid[BFC__SEATS];  /* slot laid away, or BFC__NONE8 */
    uint8_t faceup[BFC__SEATS];
    bfc_card cut[BFC__MAXP];
    bfc_card form[BFC__SEATS][BFC__SLOTS];
    bfc_card pile[53];
    /* Classic (placed here, where it fills the padding before `gone`): per
       seat, the most room (31 - count) at which it said go this deal, 0 if
       none -- every card it still holds is worth more (RULES 3.1). */
    uint8_t go_room[BFC__MAXP];
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
    /* Crib Wars (peg.c) */
    uint8_t folded;             /* bit s: seat s folded this deal */
    uint8_t boxed, box_left;    /* side in a penalty box (3 sides) or NONE;
                                   deals it still sits out, this one
                                   included */
    /* Muggins in the play (D12, classic_play.c): after the declared points of a
       card are pegged, the seat that lays next (resume), NONE when no one
       can lay (the go), or BFC__ALL_LAID when the card was the play's
       last; owed: the go or last-card point the layer declared with its
       card (0 or 1). */
    uint8_t resume, play_owed;
    /* D16: the seat each player took after the cut for partners (player =
       the seat they cut from); identity otherwise. */
    uint8_t seat_of[BFC__MAXP];
    /* Match play (RULES 5): the match points of each side. */
    int16_t match[BFC__MAXP];
    /* Facts of the rules, set when the game is made or loaded
       (bfc__game_derive) and never changed by play, so that the hot paths
       read one byte where they would test several rules: the side of each
       seat (bfc__side) and the seat on its left (bfc__left), the score at
       which pegging ends the game for each side (its target; none in
       solitaire, which ends after six deals),
       the cards each player throws, whether the play and the show
       take their common path (BFC__PLAIN_*), and the turns of a skirmish
       at which its turn limit forces the turn card (D9; UINT32_MAX for
       none: bfc__limit_reached). */
    uint8_t side_of[BFC__MAXP];
    uint8_t left_of[BFC__MAXP];
    int16_t goal[BFC__MAXP];
    uint32_t turn_cap;
    uint8_t nthrow;
    uint8_t plain;
    /* zero: the copy moves whole 32-byte blocks (game.c) */
    uint8_t spare[2];
};

/* bfc_game.plain: a game the plain path of the classic files (BFC__PLAIN)
 * plays: the classic variant with two players or more (RULES 3.1 as written),
 * no board, and no rules flag but those of BFC__PLAIN_FLAGS, the ones that
 * path was written for (tests/test_pin.c compares it with the told path):
 * backward and the game's payment (peg.c, shared), no late heels (heels()),
 * the captain's goal and the seating (bfc_game.goal, side_of). An
 * allow-list: a flag added later takes the general path until it is listed
 * here (test_pin__plain_path_is_an_allow_list). */
#define BFC__PLAIN_CLASSIC 1u
#define BFC__PLAIN_FLAGS                                                                   \
    (BFC_RULE_BACKWARD | BFC_RULE_NO_LATE_HEELS | BFC_RULE_CAPTAIN |                       \
     BFC_RULE_PARTNERS_BY_CUT | BFC_RULE_PAY_BEST_LOSER | BFC_RULE_PAY_WORST_LOSER)

/* Whether the game is one of the classic games (RULES 3). */
static inline int bfc__classic(const bfc_game *g)
{
    return g->rules.variant != BFC_VARIANT_BATTLEFIELD;
}

/* Seat and side arithmetic. The seat on seat s's left (s < BFC__MAXP)
 * is one byte of the derived bfc_game.left_of, read on every turn. */
static inline unsigned bfc__left(const bfc_game *g, unsigned s)
{
    return g->left_of[s];
}
static inline unsigned bfc__right(const bfc_game *g, unsigned s)
{
    return s == 0 ? g->players - 1u : s - 1u;
}
/* The side of seat s (0..5) under rules r with that many sides. */
static inline unsigned bfc__side_by_rules(const bfc_rules *r, unsigned sides, unsigned s)
{
    if (r->teams && sides)
        return s % sides; /* partners: s, s + sides */
    /* captain's cribbage: the captain (seat 0) against the other two */
    return (r->flags & BFC_RULE_CAPTAIN) ? s != 0 : s;
}
static inline unsigned bfc__side(const bfc_game *g, unsigned s) { return g->side_of[s]; }
/* The points a side plays to: the target, and half of it (rounded up)
 * for the captain (RULES 3.10). */
static inline int bfc__target(const bfc_game *g, unsigned side)
{
    return (g->rules.flags & BFC_RULE_CAPTAIN) && side == 0 ? (g->rules.target + 1) / 2
                                                            : g->rules.target;
}
/* The seats of a side, as a bit set. */
static inline unsigned bfc__side_seats(const bfc_game *g, unsigned side)
{
    unsigned m = 0;
    for (unsigned s = 0; s < g->players; s++)
        if (bfc__side(g, s) == side)
            m |= 1u << s;
    return m;
}
/* Muggins (RULES 3.9, D12): the opponent of the declarer asked after
 * seat `after` (the declarer itself for the first), in seat order from the
 * declarer's left; the declarer when every opponent has been asked. */
static inline unsigned bfc__claimer(const bfc_game *g, unsigned declarer, unsigned after)
{
    unsigned t = bfc__left(g, after);
    while (t != declarer && bfc__side(g, t) == bfc__side(g, declarer))
        t = bfc__left(g, t);
    return t;
}
static inline unsigned bfc__pile_size(const bfc_game *g)
{
    return 53u - g->pile_pos;
}

/* Whether the turn limit (D9) forces the turn card now. */
static inline int bfc__limit_hit(const bfc_rules *r, unsigned turns)
{
    return r->turn_limit > 0 && turns >= (unsigned)r->turn_limit;
}

/* The same for a game: its derived turn_cap. */
static inline int bfc__limit_reached(const bfc_game *g) { return g->turns >= g->turn_cap; }

/* Whether a take is allowed (RULES 4.4): a frontline card to take and,
 * with D14 (no immediate take-back), the skirmish's first turn: every later
 * turn starts with the card the previous player just placed at the end. */
static inline int bfc__can_take(const bfc_rules *r, unsigned front_n, unsigned turns)
{
    return front_n > 0 && (!(r->flags & BFC_RULE_NO_TAKE_BACK) || turns == 0);
}

/* The battlefield's score flags under these rules (the D10 option). */
static inline unsigned bfc__lay_flags(const bfc_rules *r)
{
    return (r->flags & BFC_RULE_ANY_LAY_AWAY) ? BFC_ANY_LAY_AWAY : 0u;
}

/* ---- Random numbers -------------------------------------------------------
 * The game's generator is xoshiro256**, seeded by splitmix64;
 * bfc__rng_below(n) is uniform enough for n <= 64 (bias below n / 2^32). */

/* splitmix64 step: also the bots' one-word generator (bfc_rng_next). */
static inline uint64_t bfc__splitmix(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}
static inline void bfc__rng_seed(uint64_t s[4], uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        s[i] = bfc__splitmix(&seed);
}
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

/* ---- Card sets (bit c for card c) ------------------------------------------ */

static inline unsigned bfc__popcount(uint64_t m) { return (unsigned)__builtin_popcountll(m); }
static inline unsigned bfc__lowest(uint64_t m) { return (unsigned)__builtin_ctzll(m); }
/* The cards whose pip value is at most v (0..31). */
static inline uint64_t bfc__fits(unsigned v)
{
    return v >= 10 ? BFC__STD_MASK : (UINT64_C(1) << (4 * v)) - 1u;
}

/* The cards 0..52 in order: a deck before its shuffle (move.c). */
extern const bfc_card bfc__identity[53];

/* ---- Facts of the rules (rules.c) ----------------------------------------- */

/* Cards dealt to each player (a Battlefield formation: 5). */
static inline unsigned bfc__rules_dealt(const bfc_rules *r)
{
    switch (r->variant) {
    case BFC_VARIANT_CLASSIC:
        return r->players == 2 ? 6u : 5u;
    case BFC_VARIANT_NODDY:
        return 3;
    case BFC_VARIANT_SOLITAIRE:
        return 6;
    case BFC_VARIANT_SEVEN_CARD:
        return 7;
    default:
        return 5; /* five-card; a Battlefield formation */
    }
}
/* Cards each player throws: 2, 1, or 0 (Noddy; Battlefield, no discard). */
static inline unsigned bfc__rules_throw(const bfc_rules *r)
{
    switch (r->variant) {
    case BFC_VARIANT_CLASSIC:
        return r->players == 2 ? 2u : 1u;
    case BFC_VARIANT_FIVE_CARD:
    case BFC_VARIANT_SOLITAIRE:
    case BFC_VARIANT_SEVEN_CARD:
        return 2;
    default:
        return 0;
    }
}
/* The most a declaration may be (RULES D18): the most the declared cards
 * could ever score in this game, so that every true count is declarable.
 * counting as bfc_game.counting: 0 a hand, 1 the crib, 2 a card laid in
 * the play with the go or last card it earns (D12); any other value is
 * read as a hand. The maxima, found by exhaustive search in the tests
 * (test_classic's D18 tests): a show of four cards and the starter 29
 * (5 5 5 J and the fifth 5 of the jack's suit; a crib the same), of three
 * and the starter 20 (5 5 5 5: five-card and Noddy hands), of five and the
 * starter 46 (4 4 5 5 6 6: seven-card hands); a card in the play 15 (four
 * of a kind making 15, and the go), Noddy 16 (a run of seven of one suit
 * making 31). */
static inline unsigned bfc__declare_max(const bfc_rules *r, unsigned counting)
{
    if (counting == 2u)
        return r->variant == BFC_VARIANT_NODDY ? 16u : 15u;
    if (counting == 1u)
        return 29u;
    switch (r->variant) {
    case BFC_VARIANT_FIVE_CARD:
    case BFC_VARIANT_NODDY:
        return 20u;
    case BFC_VARIANT_SEVEN_CARD:
        return (unsigned)BFC_DECLARE_MAX;
    default:
        return 29u;
    }
}
/* The move that declares n (n <= BFC_DECLARE_MAX): two ranges, the second
 * after `pass` (bfc.h). */
static inline bfc_move bfc__declare_move(unsigned n)
{
    return (bfc_move)(n < 32u ? BFC_MOVE_DECLARE + n : BFC_MOVE_DECLARE_HIGH + n - 32u);
}
/* The points a declare move announces, or -1 for any other move. */
static inline int bfc__declared_points(bfc_move m)
{
    if (m >= BFC_MOVE_DECLARE && m < BFC_MOVE_CLAIM)
        return (int)(m - BFC_MOVE_DECLARE);
    if (m >= BFC_MOVE_DECLARE_HIGH && m < BFC_MOVE_COUNT)
        return (int)(m - BFC_MOVE_DECLARE_HIGH) + 32;
    return -1;
}
_Static_assert(BFC_MOVE_CLAIM - BFC_MOVE_DECLARE == 32 &&
                   BFC_MOVE_COUNT - BFC_MOVE_DECLARE_HIGH == BFC_DECLARE_MAX - 31 &&
                   BFC_MAX_MOVES > BFC_DECLARE_MAX,
               "declare 0..31, then 32..BFC_DECLARE_MAX after pass; every list fits");

/* Sets the facts of the rules that a game keeps (bfc_game.side_of,
 * left_of, goal, turn_cap, nthrow, plain) from g->rules, g->players and
 * g->sides: once, when the game is made or loaded. */
void bfc__game_derive(bfc_game *g);

/* The special hole `at` of board b, or NULL. */
const bfc_hole *bfc__board_hole(const bfc_board *b, unsigned at);

/* ---- Moves (move.c) -------------------------------------------------------- */

/* The slots of reveal pair p (0..9). */
extern const uint8_t bfc__reveal_pair[10][2];
/* The index of the first pair (a, a + 1) among all pairs in order (bfc.h:
 * 0 1, 0 2, ..., 0 51, 1 2, ...): the 51 + 50 + ... pairs of lower cards. */
static inline unsigned bfc__pair_start(unsigned a) { return a * (103u - a) / 2u; }
/* The two-card discard move (a, b) is this + b, for a < b. */
static inline unsigned bfc__discard2_base(unsigned a)
{
    return BFC_MOVE_DISCARD2 + bfc__pair_start(a) - a - 1u;
}
/* The two cards (a < b) of a two-card discard move m, by table: every
 * caller has checked BFC_MOVE_DISCARD2 <= m < BFC_MOVE_DECLARE. */
_Static_assert(BFC_MOVE_DECLARE - BFC_MOVE_DISCARD2 == 1326, "one move per pair of 52 cards");
static inline void bfc__discard2_cards(bfc_move m, bfc_card *a, bfc_card *b)
{
    const unsigned p = bfc__tab.pair_cards[(unsigned)(m - BFC_MOVE_DISCARD2)];
    *a = (bfc_card)(p & 255u);
    *b = (bfc_card)(p >> 8);
}

BFC__HIDDEN_END

#endif
