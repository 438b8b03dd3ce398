/* The rules of a game (bfc_rules): defaults, the presets players name,
 * the check with its reason, and the facts every part of the engine reads
 * from them (cards dealt and thrown, sides, the Crib Wars board's shape). */
#include <string.h>

#include "state.h"

void bfc_rules_init(bfc_rules *r)
{
    if (!r)
        return;
    memset(r, 0, sizeof *r);
    r->variant = BFC_VARIANT_BATTLEFIELD;
    r->players = 2;
    r->teams = 0;
    r->target = 121;
    r->turn_limit = 200;
    r->first_dealer = BFC_DEALER_CUT;
    r->value = BFC_VALUE_PLAIN;
    r->flags = 0;
}

int bfc_rules_init_variant(bfc_rules *r, int variant)
{
    if (!r || variant < BFC_VARIANT_BATTLEFIELD || variant > BFC_VARIANT_SEVEN_CARD)
        return BFC_EINVAL;
    bfc_rules_init(r);
    r->variant = variant;
    if (variant != BFC_VARIANT_BATTLEFIELD)
        r->turn_limit = 0;
    if (variant == BFC_VARIANT_FIVE_CARD)
        r->target = 61;
    else if (variant == BFC_VARIANT_NODDY)
        r->target = 31;
    else if (variant == BFC_VARIANT_SEVEN_CARD)
        r->target = 181;
    else if (variant == BFC_VARIANT_SOLITAIRE)
        r->players = 1;
    return BFC_OK;
}

/* ---- Presets ----------------------------------------------------------- */

/* Player counts as bit sets: bit n for n players. */
#define P(n) (1u << (n))

static const bfc_preset PRESETS[] = {
    {"battlefield", "Battlefield Cribbage",
     "2, 3 or 4 players (4 alone or in teams) to 121; formations, a frontline, the battlefield",
     BFC_VARIANT_BATTLEFIELD, 0, 0, P(2) | P(3) | P(4), P(4), 0, 2, 121},
    {"classic", "Cribbage", "2, 3 or 4 players, or 4 and 6 in teams, to 121",
     BFC_VARIANT_CLASSIC, 0, 0, P(2) | P(3) | P(4) | P(6), P(4) | P(6), P(6), 2, 121},
    {"five-card", "Five-card cribbage", "2 players to 61; the non-dealer starts with 3",
     BFC_VARIANT_FIVE_CARD, 0, 0, P(2), 0, 0, 2, 61},
    {"noddy", "Noddy", "2 to 6 players to 31; three cards, hands counted before the play",
     BFC_VARIANT_NODDY, 0, 0, P(2) | P(3) | P(4) | P(5) | P(6), P(4) | P(6), 0, 2, 31},
    {"backward", "Backward cribbage", "2 to 4 players (4 in teams); the first to 121 loses",
     BFC_VARIANT_CLASSIC, BFC_RULE_BACKWARD, 0, P(2) | P(3) | P(4), P(4), P(4), 2, 121},
    {"solitaire", "Solitaire cribbage", "1 player, six deals and the free crib; win with 121",
     BFC_VARIANT_SOLITAIRE, 0, 0, P(1), 0, 0, 1, 121},
    {"crib-wars", "Crib Wars",
     "cribbage on a board of special holes (the library's example layout)",
     BFC_VARIANT_CLASSIC, 0, 1, P(2) | P(3) | P(4) | P(6), P(4) | P(6), P(4) | P(6), 2, 121},
    {"seven-card", "Seven-card cribbage", "2 players to 181; seven cards, hands of five",
     BFC_VARIANT_SEVEN_CARD, 0, 0, P(2), 0, 0, 2, 181},
    {"captains", "Captain's cribbage",
     "3 players: the captain alone to 61 against the other two as a team to 121",
     BFC_VARIANT_CLASSIC, BFC_RULE_CAPTAIN, 0, P(3), 0, 0, 3, 121},
};
#undef P

const bfc_preset *bfc_preset_get(int index)
{
    return index >= 0 && (size_t)index < sizeof PRESETS / sizeof PRESETS[0] ? &PRESETS[index]
                                                                            : NULL;
}

static int same_word(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        const char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
        if (x != *b)
            return 0;
    }
    return *a == *b;
}

const bfc_preset *bfc_preset_find(const char *name)
{
    if (!name)
        return NULL;
    for (const bfc_preset *p = PRESETS; p < PRESETS + sizeof PRESETS / sizeof PRESETS[0]; p++)
        if (same_word(name, p->name))
            return p;
    return NULL;
}

int bfc_rules_preset(bfc_rules *rules, const char *name, int players, int teams)
{
    const bfc_preset *p = bfc_preset_find(name);
    if (!rules || !p || players < 0 || players > 30 || teams < 0 || teams > 1)
        return BFC_EINVAL;
    const int n = players ? players : p->default_players;
    if (!(p->players >> n & 1u) || (teams && !(p->teams >> n & 1u)))
        return BFC_EINVAL;
    bfc_rules r;
    bfc_rules_init_variant(&r, p->variant);
    r.players = n;
    r.teams = teams || (p->need_teams >> n & 1u);
    r.flags = p->flags;
    r.target = p->target;
    if (p->flags & BFC_RULE_CAPTAIN)
        r.first_dealer = 0; /* the captain deals first (RULES 3.10) */
    if (p->board)
        bfc_board_example(&r.board);
    *rules = r;
    return BFC_OK;
}

/* ---- The Crib Wars board ------------------------------------------------- */

int bfc_board_example(bfc_board *board)
{
    /* An example only: seed 003 names the holes but places none of them. */
    static const bfc_hole example[] = {
        {12, BFC_HOLE_RED_SKIP, 15},      {27, BFC_HOLE_TIME_TRAP, 20},
        {35, BFC_HOLE_PENALTY_BOX, 0},    {44, BFC_HOLE_GREEN_ADVANCE, 49},
        {52, BFC_HOLE_RED_SKIP, 55},      {63, BFC_HOLE_TIME_TRAP, 57},
        {75, BFC_HOLE_PENALTY_BOX, 0},    {86, BFC_HOLE_TIME_TRAP, 79},
        {92, BFC_HOLE_RED_SKIP, 95},      {98, BFC_HOLE_GREEN_ADVANCE, 104},
        {107, BFC_HOLE_TIME_TRAP, 101},   {115, BFC_HOLE_PENALTY_BOX, 0},
    };
    if (!board)
        return BFC_EINVAL;
    memset(board, 0, sizeof *board);
    board->n = (uint8_t)(sizeof example / sizeof example[0]);
    memcpy(board->hole, example, sizeof example);
    return BFC_OK;
}

/* ---- Facts of the rules --------------------------------------------------- */

int bfc_rules_sides(const bfc_rules *r)
{
    if (!r)
        return BFC_EINVAL;
    if (r->flags & BFC_RULE_CAPTAIN)
        return 2; /* the captain, and the other two (RULES 3.10) */
    return r->teams ? r->players / 2 : r->players;
}

int bfc_rules_side_of(const bfc_rules *r, int seat)
{
    if (!r || seat < 0 || seat >= r->players || r->players < 1 || r->players > 6)
        return BFC_EINVAL;
    const int sides = bfc_rules_sides(r);
    if (r->teams && sides > 0)
        return seat % sides;
    return (r->flags & BFC_RULE_CAPTAIN) ? seat != 0 : seat;
}

int bfc_rules_throws(const bfc_rules *r)
{
    if (bfc_rules_problem(r))
        return BFC_EINVAL;
    return (int)bfc__rules_throw(r);
}

/* ---- The check ------------------------------------------------------------ */

void bfc__game_derive(bfc_game *g)
{
    const bfc_rules *r = &g->rules;
    for (unsigned s = 0; s < BFC__MAXP; s++) {
        g->side_of[s] = (uint8_t)bfc__side_by_rules(r, g->sides, s);
        g->left_of[s] = (uint8_t)(s + 1u >= (unsigned)r->players ? 0u : s + 1u);
    }
    const int16_t goal = (int16_t)(r->variant == BFC_VARIANT_SOLITAIRE ? INT16_MAX : r->target);
    for (unsigned side = 0; side < BFC__MAXP; side++)
        g->goal[side] = goal;
    if ((r->flags & BFC_RULE_CAPTAIN) && r->variant != BFC_VARIANT_SOLITAIRE)
        g->goal[0] = (int16_t)((r->target + 1) / 2); /* the captain plays to half (3.10) */
    g->turn_cap = r->turn_limit > 0 ? (uint32_t)r->turn_limit : UINT32_MAX;
    g->nthrow = (uint8_t)bfc__rules_throw(r);
    g->plain = r->variant == BFC_VARIANT_CLASSIC && r->players > 1 && r->board.n == 0 &&
                       !(r->flags & ~(unsigned)BFC__PLAIN_FLAGS)
                   ? BFC__PLAIN_CLASSIC
                   : 0u;
}

const bfc_hole *bfc__board_hole(const bfc_board *b, unsigned at)
{
    for (unsigned i = 0; i < b->n && i < BFC_BOARD_MAX; i++)
        if (b->hole[i].at == at)
            return &b->hole[i];
    return NULL;
}

/* What is wrong with a Crib Wars board (RULES 3.9), or NULL. */
static const char *board_problem(const bfc_rules *r)
{
    const bfc_board *b = &r->board;
    if (b->n > BFC_BOARD_MAX)
        return "board.n: at most BFC_BOARD_MAX (16) special holes";
    if (b->reserved[0] || b->reserved[1] || b->reserved[2])
        return "board.reserved: must be 0";
    static const bfc_hole none[BFC_BOARD_MAX];
    if (memcmp(b->hole + b->n, none, (BFC_BOARD_MAX - b->n) * sizeof *none) != 0)
        return "board.hole: the holes past board.n must be zero"; /* one way to write each board */
    if (b->n == 0)
        return NULL;
    const int sides = r->teams ? r->players / 2 : r->players;
    if (r->variant == BFC_VARIANT_BATTLEFIELD || r->variant == BFC_VARIANT_SOLITAIRE)
        return "board: a Crib Wars board is for the classic games with other players";
    if (sides < 2 || sides > 3) /* the box rules name 2 and 3 sides only */
        return "board: a Crib Wars board needs 2 or 3 sides";
    for (unsigned i = 0; i < b->n; i++) {
        const bfc_hole *h = &b->hole[i];
        if (h->at == 0 || (i > 0 && h->at <= b->hole[i - 1].at))
            return "board.hole: holes must be 1..255 in strictly ascending order";
        switch (h->kind) {
        case BFC_HOLE_RED_SKIP:
        case BFC_HOLE_GREEN_ADVANCE:
            if (h->to <= h->at)
                return "board.hole: a red skip or green advance moves forward";
            break;
        case BFC_HOLE_TIME_TRAP:
            if (h->to == h->at)
                return "board.hole: a time trap moves the peg";
            break;
        case BFC_HOLE_PENALTY_BOX:
            if (h->to != 0)
                return "board.hole: a penalty box has to = 0";
            break;
        default:
            return "board.hole: unknown kind";
        }
    }
    for (unsigned i = 0; i < b->n; i++)
        if (b->hole[i].kind != BFC_HOLE_PENALTY_BOX && bfc__board_hole(b, b->hole[i].to))
            return "board.hole: a hole's target may not be special itself";
    return NULL;
}

/* What is wrong with the players and teams of a variant, or NULL. */
static const char *players_problem(const bfc_rules *r)
{
    const int p = r->players, t = r->teams;
    if (t != 0 && t != 1)
        return "teams: 0 or 1";
    switch (r->variant) {
    case BFC_VARIANT_BATTLEFIELD:
        if (p < 2 || p > 4)
            return "players: Battlefield Cribbage is played by 2, 3 or 4 players";
        return t && p != 4 ? "teams: Battlefield teams need 4 players" : NULL;
    case BFC_VARIANT_CLASSIC:
        if (p != 2 && p != 3 && p != 4 && p != 6)
            return "players: classic cribbage is played by 2, 3, 4 or 6 players";
        if (t && p < 4)
            return "teams: classic teams need 4 or 6 players";
        return !t && p == 6 ? "teams: classic cribbage with 6 players is played in teams"
                            : NULL;
    case BFC_VARIANT_SEVEN_CARD:
        if (p != 2)
            return "players: seven-card cribbage is played by 2 players";
        return t ? "teams: seven-card cribbage has no teams" : NULL;
    case BFC_VARIANT_FIVE_CARD:
        if (p != 2)
            return "players: five-card cribbage is played by 2 players";
        return t ? "teams: five-card cribbage has no teams" : NULL;
    case BFC_VARIANT_NODDY:
        if (p < 2 || p > 6)
            return "players: Noddy is played by 2 to 6 players";
        return t && p != 4 && p != 6 ? "teams: Noddy teams need 4 or 6 players" : NULL;
    case BFC_VARIANT_SOLITAIRE:
        if (p != 1)
            return "players: solitaire cribbage is played by 1 player";
        return t ? "teams: solitaire has no teams" : NULL;
    default:
        return "variant: not a BFC_VARIANT_* value";
    }
}

/* The rules flags each variant takes. */
static unsigned flags_allowed(int variant)
{
    const unsigned both = BFC_RULE_PARTNERS_BY_CUT | BFC_RULE_PAY_BEST_LOSER |
                          BFC_RULE_PAY_WORST_LOSER;
    switch (variant) {
    case BFC_VARIANT_BATTLEFIELD:
        return both | BFC_RULE_ANY_LAY_AWAY | BFC_RULE_NO_TAKE_BACK |
               BFC_RULE_JOKER_KILLS_FORMATION;
    case BFC_VARIANT_CLASSIC:
        return both | BFC_RULE_MUGGINS | BFC_RULE_BACKWARD | BFC_RULE_NO_LATE_HEELS |
               BFC_RULE_CAPTAIN;
    case BFC_VARIANT_SOLITAIRE:
        return BFC_RULE_NO_LATE_HEELS;
    default: /* five-card, Noddy, seven-card */
        return both | BFC_RULE_MUGGINS | BFC_RULE_NO_LATE_HEELS |
               (variant == BFC_VARIANT_SEVEN_CARD ? 0u : BFC_RULE_BACKWARD);
    }
}

/* What is wrong with the flags and the turn limit, or NULL. */
static const char *options_problem(const bfc_rules *r)
{
    const unsigned f = r->flags;
    if (f & ~BFC_RULES_FLAGS)
        return "flags: not rules flags (BFC_RULE_*; score flags such as BFC_ANY_LAY_AWAY "
               "belong to the scorers)";
    if (f & ~flags_allowed(r->variant))
        return "flags: a BFC_RULE_* flag this variant does not take";
    if (r->variant == BFC_VARIANT_BATTLEFIELD) {
        if (r->turn_limit < 0 || r->turn_limit > 10000)
            return "turn_limit: 0 (no limit) to 10000";
    } else if (r->turn_limit != 0) {
        return "turn_limit: must be 0 outside Battlefield Cribbage";
    }
    if ((f & BFC_RULE_BACKWARD) && r->players > 4)
        return "flags: backward cribbage is for 2 to 4 players";
    if ((f & BFC_RULE_PAY_BEST_LOSER) && (f & BFC_RULE_PAY_WORST_LOSER))
        return "flags: BFC_RULE_PAY_BEST_LOSER or BFC_RULE_PAY_WORST_LOSER, not both";
    if ((f & BFC_RULE_PARTNERS_BY_CUT) && (!r->teams || r->first_dealer != BFC_DEALER_CUT))
        return "flags: partners by cut (D16) need teams and first_dealer BFC_DEALER_CUT";
    if (f & BFC_RULE_CAPTAIN) {
        if (r->players != 3 || r->teams)
            return "flags: captain's cribbage is for 3 players, no teams";
        if (f & BFC_RULE_BACKWARD)
            return "flags: captain's cribbage has no backward game";
        if (r->first_dealer > 0)
            return "first_dealer: the captain (seat 0) deals first";
        if (r->board.n)
            return "board: captain's cribbage is played on a plain board";
    }
    if (r->next_dealer < BFC_NEXT_WINNER || r->next_dealer > BFC_NEXT_LEFT)
        return "next_dealer: a BFC_NEXT_* value";
    if (r->match < 0 || r->match > 1000)
        return "match: 0 (single games) or the points that win the match, 1 to 1000";
    if (r->match_points < BFC_MATCH_GAMES || r->match_points > BFC_MATCH_FREE)
        return "match_points: a BFC_MATCH_* value";
    if (r->match && r->variant == BFC_VARIANT_SOLITAIRE)
        return "match: solitaire has no match";
    return NULL;
}

const char *bfc_rules_problem(const bfc_rules *r)
{
    if (!r)
        return "rules: NULL";
    const char *why = players_problem(r);
    if (why)
        return why;
    if (r->target < 1 || r->target > 1000)
        return "target: 1 to 1000 points";
    if (r->first_dealer < BFC_DEALER_CUT || r->first_dealer >= r->players)
        return "first_dealer: a seat (0 to players - 1) or BFC_DEALER_CUT";
    if (r->value < BFC_VALUE_PLAIN || r->value > BFC_VALUE_LURCH)
        return "value: not a BFC_VALUE_* convention";
    why = options_problem(r);
    return why ? why : board_problem(r);
}

int bfc_rules_check(const bfc_rules *r) { return bfc_rules_problem(r) ? BFC_EINVAL : BFC_OK; }
