/* Fuzz target: the game engine, move by move (bfc_game_*, observation,
 * determinization, save/load, bots), with every invariant of fuzz_game.h
 * checked after each step, in Battlefield Cribbage and every classic game.
 * Each input does bounded work: FG_BUDGET units (fuzz_game.h), each step
 * paying its cost before it runs; the input ends when they are spent.
 *
 * The input (missing bytes read as 0):
 *   byte 0   bits 0-1 Battlefield players: 2, 3, 4, 4 as two teams; bits
 *            2-3 the value convention; bit 4 BFC_ANY_LAY_AWAY (classic:
 *            refused, then dropped); bits 5-7 first dealer:
 *            (v % (players + 1)) - 1, so -1 (a cut) or a seat
 *   byte 1   target: TARGETS[v % 16] (1 .. 1000); classic: bits 4-5 a
 *            Crib Wars board, fg_board() mode (refused with 1 or 4-6
 *            sides, then dropped)
 *   byte 2   below 0x80: Battlefield Cribbage, turn limit LIMITS[v % 16]
 *            (0 = none, 1 .. 6, ..., 10000). From 0x80: a classic game,
 *            bits 0-3 fg_games[v & 15] (variant, players, teams), bit 4
 *            BFC_RULE_MUGGINS, bit 5 BFC_RULE_BACKWARD, bit 6 BFC_RULE_NO_LATE_HEELS; a
 *            flag the variant refuses (muggins or backward in solitaire,
 *            backward with 5 or 6 players) must make bfc_game_new fail,
 *            and is then dropped
 *   3..10    the seed, little-endian
 *   11       0.2's options: bit 0 D13, bit 1 D14, bit 2 partners by cut
 *            (D16), bit 3 captain's cribbage, bits 4-5 the next dealer
 *            (D15; 3 is refused), bit 6 pay the best loser, bit 7 the worst
 *   12       match play: bits 0-2 the match (0: single games), bits 3-5
 *            the match points (6 and 7 are refused); options the rules
 *            refuse are checked refused, then dropped
 * then a stream of steps, each an opcode byte and its arguments:
 *   0x00-0x7F  the legal move number (op & 31) % n; the second apply uses
 *              small buffer (op >> 5) & 3 (cap 0 ev NULL, 0, 1, 3)
 *   0x80-0x8F  burst: A + 1 moves chosen by the target's generator
 *              (seeded from the seed); a finished game goes on with
 *              bfc_game_next, a won match ends the burst. Each move has
 *              the cheap checks (fg_check_light); move i also every
 *              check when i % 16 == op & 15, and the state after a move
 *              that deals anew or ends the game every check of the state
 *   0x90-0x97  any move id A | B << 8 (legal, illegal, >= BFC_MOVE_COUNT)
 *   0x98-0x9F  Battlefield: a move id A % 32 (most illegal now); classic:
 *              by op & 3 "play C", "discard C", "discard C D" with D the
 *              mover's lowest card, "declare A % 40" (C = A % 52; near
 *              misses: a card of the hand too high for the count, one card
 *              where two are thrown, a declaration above 31 or out of turn)
 *   0xA0-0xAF  determinize for seat (op & 7) % players, seed A | B << 8
 *   0xB0-0xB7  copy / clone / copies refused (op & 1: go on with a clone)
 *   0xB8-0xBF  save -> load -> save (op & 1: go on with the loaded game;
 *              (op >> 1) & 3 the other parts of fg_save_load: 0 all, 1
 *              short buffers, 2 loads into existing games, 3 a text cut
 *              short; A picks the truncated buffer and text)
 *   0xC0-0xCF  observations and their texts: op & 8 every seat, else
 *              seat (op & 7) % players (A picks a truncated buffer)
 *   0xD0-0xDF  bot move (op & 1: greedy, else random), generator seed A
 *   0xE0-0xEF  bfc_game_next (BFC_EINVAL unless the game is over, and
 *              once the match is won)
 *   0xF0-0xFF  NULL and out-of-range arguments
 */
#include "fuzz_game.h"

const char fuzz_target_name[] = "fuzz_game";

static const int TARGETS[16] = {121, 1, 2, 5, 10, 15, 20, 31, 45, 61, 91, 121, 150, 200, 500, 1000};
static const int LIMITS[16] = {200, 0, 1, 2, 3, 4, 5, 6, 10, 20, 50, 100, 200, 1000, 5000, 10000};

/* Whether bfc.h's "Rules" section allows r, written from its text: the
 * player counts of each variant (teams required for classic 4 and 6,
 * allowed for Battlefield 4 and Noddy 4 and 6), target 1..1000, a first
 * dealer that is a seat or a cut, a value convention, the turn limit
 * (Battlefield 0..10000, else 0) and the flags of the variant. */
/* The board of r, from bfc.h: n up to 16 holes, strictly ascending from 1,
 * the zero bytes zero; red and green forward, a trap anywhere else, a box
 * to 0; no target special; only classic games of 2 or 3 sides. */
static int board_allowed(const bfc_rules *r)
{
    const bfc_board *b = &r->board;
    const uint8_t *bytes = (const uint8_t *)b;
    const size_t used = b->n <= BFC_BOARD_MAX ? offsetof(bfc_board, hole) + b->n * sizeof b->hole[0]
                                              : sizeof *b;
    for (size_t i = 1; i < sizeof *b; i++)
        if (bytes[i] && (i < offsetof(bfc_board, hole) || i >= used))
            return 0;
    if (b->n == 0)
        return 1;
    const int sides = r->teams ? r->players / 2 : r->players;
    if (b->n > BFC_BOARD_MAX || sides < 2 || sides > 3 || r->variant == BFC_VARIANT_BATTLEFIELD ||
        r->variant == BFC_VARIANT_SOLITAIRE)
        return 0;
    uint8_t special[256] = {0};
    for (unsigned i = 0; i < b->n; i++) {
        const bfc_hole h = b->hole[i];
        if (h.at == 0 || (i && h.at <= b->hole[i - 1].at))
            return 0;
        special[h.at] = 1;
        const int ok = h.kind == BFC_HOLE_PENALTY_BOX                        ? h.to == 0
                       : h.kind == BFC_HOLE_TIME_TRAP                        ? h.to != h.at
                       : h.kind == BFC_HOLE_RED_SKIP || h.kind == BFC_HOLE_GREEN_ADVANCE ? h.to > h.at
                                                                             : 0;
        if (!ok)
            return 0;
    }
    for (unsigned i = 0; i < b->n; i++)
        if (b->hole[i].kind != BFC_HOLE_PENALTY_BOX && special[b->hole[i].to])
            return 0;
    return 1;
}

static int rules_allowed(const bfc_rules *r)
{
    if (!board_allowed(r))
        return 0;
    const int p = r->players, t = r->teams;
    const unsigned f = r->flags;
    int players_ok;
    switch (r->variant) {
    case BFC_VARIANT_BATTLEFIELD:
        players_ok = p >= 2 && p <= 4 && (!t || p == 4);
        break;
    case BFC_VARIANT_CLASSIC: /* 4 alone or as partners (3.10), 6 as partners */
        players_ok = ((p == 2 || p == 3) && !t) || p == 4 || (p == 6 && t);
        break;
    case BFC_VARIANT_FIVE_CARD:
    case BFC_VARIANT_SEVEN_CARD:
        players_ok = p == 2 && !t;
        break;
    case BFC_VARIANT_NODDY:
        players_ok = p >= 2 && p <= 6 && (!t || p == 4 || p == 6);
        break;
    case BFC_VARIANT_SOLITAIRE:
        players_ok = p == 1 && !t;
        break;
    default:
        players_ok = 0;
    }
    if (!players_ok || (t != 0 && t != 1) || r->target < 1 || r->target > 1000 ||
        r->first_dealer < BFC_DEALER_CUT || r->first_dealer >= p || r->value < 0 ||
        r->value > BFC_VALUE_LURCH)
        return 0;
    /* the flags each variant takes (bfc.h "Rules flags") */
    const unsigned any = BFC_RULE_PARTNERS_BY_CUT | BFC_RULE_PAY_BEST_LOSER |
                         BFC_RULE_PAY_WORST_LOSER;
    unsigned allowed;
    if (r->variant == BFC_VARIANT_BATTLEFIELD)
        allowed = any | BFC_RULE_ANY_LAY_AWAY | BFC_RULE_NO_TAKE_BACK |
                  BFC_RULE_JOKER_KILLS_FORMATION;
    else if (r->variant == BFC_VARIANT_SOLITAIRE)
        allowed = BFC_RULE_NO_LATE_HEELS;
    else
        allowed = any | BFC_RULE_MUGGINS | BFC_RULE_NO_LATE_HEELS |
                  (r->variant == BFC_VARIANT_SEVEN_CARD ? 0u : BFC_RULE_BACKWARD) |
                  (r->variant == BFC_VARIANT_CLASSIC ? BFC_RULE_CAPTAIN : 0u);
    if (f & ~allowed)
        return 0;
    if (r->variant == BFC_VARIANT_BATTLEFIELD ? r->turn_limit < 0 || r->turn_limit > 10000
                                              : r->turn_limit != 0)
        return 0;
    if ((f & BFC_RULE_BACKWARD) && p > 4)
        return 0;
    if ((f & BFC_RULE_PAY_BEST_LOSER) && (f & BFC_RULE_PAY_WORST_LOSER))
        return 0;
    if ((f & BFC_RULE_PARTNERS_BY_CUT) && (!t || r->first_dealer != BFC_DEALER_CUT))
        return 0;
    if ((f & BFC_RULE_CAPTAIN) &&
        (p != 3 || t || (f & BFC_RULE_BACKWARD) || r->first_dealer > 0 || r->board.n))
        return 0;
    if (r->next_dealer < BFC_NEXT_WINNER || r->next_dealer > BFC_NEXT_LEFT)
        return 0;
    if (r->match < 0 || r->match > 1000 || r->match_points < BFC_MATCH_GAMES ||
        r->match_points > BFC_MATCH_FREE)
        return 0;
    return !(r->match && r->variant == BFC_VARIANT_SOLITAIRE);
}

/* A game of rules r must exist exactly when rules_allowed(r). */
static void check_rules(const bfc_rules *r, uint64_t seed)
{
    int st = 1;
    bfc_game *g = bfc_game_new(r, seed, &st);
    const int ok = rules_allowed(r);
    FUZZ_CHECK(bfc_rules_check(r) == (ok ? BFC_OK : BFC_EINVAL));
    FUZZ_CHECK(ok ? g && st == BFC_OK : !g && st == BFC_EINVAL);
    bfc_game_free(g);
}

/* Op 0x98-0x9F: a move id close to the legal ones (see the top). */
static unsigned near_miss(const bfc_game *g, unsigned op, unsigned a)
{
    if (bfc_game_rules(g)->variant == BFC_VARIANT_BATTLEFIELD)
        return a % 32u;
    const bfc_card c = (bfc_card)(a % 52u);
    const int mover = bfc_game_to_move(g);
    const uint64_t hand = mover >= 0 ? g->hand[mover] : 0;
    switch (op & 3u) {
    case 0:
        return BFC_MOVE_PLAY + c;
    case 1:
        return BFC_MOVE_DISCARD + c;
    case 2: {
        const bfc_move m = bfc_move_discard2(c, hand ? (bfc_card)__builtin_ctzll(hand) : 0);
        return m == BFC_MOVE_NONE ? BFC_MOVE_DISCARD2 : m;
    }
    default:
        return BFC_MOVE_DECLARE + a % 40u;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t pos = 0;
#define NEXT() (pos < size ? data[pos++] : 0u)
    const unsigned b0 = NEXT(), b1 = NEXT(), b2 = NEXT();
    uint64_t seed = 0;
    for (int i = 0; i < 8; i++)
        seed |= (uint64_t)NEXT() << (8 * i);

    const unsigned opt = NEXT(), mat = NEXT(); /* 0.2's options (fg_options) */

    bfc_rules r;
    if (b2 < 0x80) {
        bfc_rules_init(&r);
        r.players = (b0 & 3u) == 3 ? 4 : 2 + (int)(b0 & 3u);
        r.teams = (b0 & 3u) == 3;
        r.turn_limit = LIMITS[b2 % 16u];
    } else {
        fg_classic_rules(&r, b2, b2 >> 4);
        fg_board(&r, b1 >> 4 & 3u, seed);
    }
    r.value = (int)(b0 >> 2 & 3u);
    r.flags |= (b0 & 16u) ? BFC_RULE_ANY_LAY_AWAY : 0u;
    r.first_dealer = (int)((b0 >> 5) % (unsigned)(r.players + 1)) - 1;
    r.target = TARGETS[b1 % 16u];
    fg_options(&r, opt, mat);

    /* the rules as the bytes give them, then made playable */
    check_rules(&r, seed);
    fg_options_fix(&r);
    if (r.variant != BFC_VARIANT_BATTLEFIELD)
        fg_classic_fix(&r);
    else
        r.flags &= ~BFC_RULE_CAPTAIN;
    if (!rules_allowed(&r)) /* a board on a game of 1 or 4-6 sides */
        memset(&r.board, 0, sizeof r.board);
    FUZZ_CHECK(rules_allowed(&r));

    /* bad rules make no game: each field out of range in turn */
    bfc_rules bad = r;
    bad.players = 7;
    check_rules(&bad, seed);
    bad = r;
    bad.teams = !r.teams;
    check_rules(&bad, seed);
    bad = r;
    bad.turn_limit = r.variant == BFC_VARIANT_BATTLEFIELD ? 10001 : 1 + (int)(seed % 200u);
    check_rules(&bad, seed);
    bad = r;
    bad.flags ^= 1u << (seed % 8u);
    check_rules(&bad, seed);
    bad = r;
    bad.variant = (int)(seed % 7u) - 1;
    check_rules(&bad, seed);
    bad = r;
    bad.first_dealer = r.players;
    check_rules(&bad, seed);
    bad = r; /* one bit of the board changed: allowed or not, as the model says */
    ((uint8_t *)&bad.board)[seed % sizeof bad.board] ^= (uint8_t)(1u << (seed >> 8 & 7u));
    check_rules(&bad, seed);
    FUZZ_CHECK(bfc_game_new(NULL, seed, NULL) == NULL);

    int st = 1;
    bfc_game *g = bfc_game_new(&r, seed, &st);
    FUZZ_CHECK(g && st == BFC_OK);
    FUZZ_CHECK(memcmp(bfc_game_rules(g), &r, sizeof r) == 0);
    fg z;
    fg_adopt(&z, g, seed);
    fg_check(&z);

    while (pos < size && z.budget > 0) {
        const unsigned op = NEXT();
        if (op < 0x80) {
            z.budget -= FG_COST_STEP;
            bfc_move m[BFC_MAX_MOVES];
            const int n = fg_legal(z.g, m);
            if (n > 0)
                fg_apply_as(&z, m[(op & 31u) % (unsigned)n], 1, op >> 5 & 3u, 1);
            else
                fg_next(&z);
        } else if (op < 0x90) {
            fg_burst(&z, NEXT() + 1u, op & 15u);
        } else if (op < 0x98) {
            z.budget -= FG_COST_STEP;
            const unsigned a = NEXT(), b = NEXT();
            fg_apply(&z, a | b << 8, op & 7u);
        } else if (op < 0xA0) {
            z.budget -= FG_COST_STEP;
            fg_apply(&z, near_miss(z.g, op, NEXT()), op & 7u);
        } else if (op < 0xB0) {
            z.budget -= FG_COST_DETERMINIZE;
            const unsigned a = NEXT(), b = NEXT();
            fg_determinize(&z, (int)((op & 7u) % (unsigned)r.players), a | b << 8);
        } else if (op < 0xB8) {
            z.budget -= FG_COST_STEP;
            fg_copies(&z, op & 1u);
        } else if (op < 0xC0) {
            z.budget -= (op & 6u) ? FG_COST_SAVE : FG_COST_SAVE_ALL;
            fg_save_load(&z, op & 7u, NEXT() * 7u);
        } else if (op < 0xD0) {
            z.budget -= FG_COST_SEAT * ((op & 8u) ? r.players : 1);
            fg_observe_all(&z, op & 15u, NEXT() * 5u);
        } else if (op < 0xE0) {
            z.budget -= FG_COST_BOT;
            fg_bot(&z, op & 1u, NEXT(), op >> 1 & 7u);
        } else if (op < 0xF0) {
            z.budget -= FG_COST_STEP;
            fg_next(&z);
        } else {
            z.budget -= FG_COST_STEP;
            fg_misuse(&z);
        }
        fg_check(&z);
    }
#undef NEXT
    fg_free(&z);
    return 0;
}
