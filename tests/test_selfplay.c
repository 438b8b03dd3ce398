/* Self-play (issue 29 item 1): the library's own bots -- random, greedy
 * and the search bot at a small iteration budget -- play each other in
 * every preset at every player count it is played by, alone and in teams,
 * under every rules option that preset takes (muggins, backward, late
 * heels, the Battlefield options, partners by cut, the pay options, every
 * game value, match play with every match system and next dealer, the
 * turn limit, a fixed first dealer, a short target). Every decision's
 * status is checked, every move must be legal and accepted, and every game
 * must end within a bound of moves; a finished game's result must hold
 * together. The bug it was written for: in seven-card cribbage with
 * muggins the greedy bot answered "claim" to a count above 31 and the game
 * refused it (RULES D18); fuzzing never got there, self-play did.
 *
 * Work, not time, bounds it: a fixed list of games (a few hundred), the
 * search bot at 4 iterations a decision, every game at most MAX_MOVES
 * moves. Public API only. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bfc.h"
#include "harness.h"

#define MAX_MOVES_PER_GAME 20000L /* far above any game (a few hundred) */
#define MAX_GAMES_PER_MATCH 60

enum { BOT_RANDOM, BOT_GREEDY, BOT_SEARCH, BOTS };
static const char *const BOT_NAME[BOTS] = {"random", "greedy", "search"};

/* The options a game is played under: one change to a preset's rules. */
typedef struct {
    const char *name;
    unsigned flags;   /* added to the preset's */
    int value;        /* -1: the preset's */
    int match, match_points, next_dealer;
    int turn_limit;   /* -1: the preset's */
    int first_dealer; /* -2: the preset's; -3: the last seat */
    int target;       /* 0: the preset's */
    int teams_only;   /* partners by cut: only where there are teams */
} option;

#define KEEP -1, 0, 0, 0, -1, -2, 0, 0
static const option OPTIONS[] = {
    {"as the preset", 0, KEEP},
    {"muggins", BFC_RULE_MUGGINS, KEEP},
    {"backward", BFC_RULE_BACKWARD, KEEP},
    {"no late heels", BFC_RULE_NO_LATE_HEELS, KEEP},
    {"muggins, backward", BFC_RULE_MUGGINS | BFC_RULE_BACKWARD, KEEP},
    {"any lay-away", BFC_RULE_ANY_LAY_AWAY, KEEP},
    {"no take-back", BFC_RULE_NO_TAKE_BACK, KEEP},
    {"joker kills the formation", BFC_RULE_JOKER_KILLS_FORMATION, KEEP},
    {"partners by cut", BFC_RULE_PARTNERS_BY_CUT, -1, 0, 0, 0, -1, -2, 0, 1},
    {"pay the best loser", BFC_RULE_PAY_BEST_LOSER, BFC_VALUE_SKUNK, 0, 0, 0, -1, -2, 0, 0},
    {"pay the worst loser", BFC_RULE_PAY_WORST_LOSER, BFC_VALUE_LURCH, 0, 0, 0, -1, -2, 0, 0},
    {"skunk value", 0, BFC_VALUE_SKUNK, 0, 0, 0, -1, -2, 0, 0},
    {"margin value", 0, BFC_VALUE_MARGIN, 0, 0, 0, -1, -2, 0, 0},
    {"lurch value", 0, BFC_VALUE_LURCH, 0, 0, 0, -1, -2, 0, 0},
    {"match, games, winner deals", 0, BFC_VALUE_SKUNK, 2, BFC_MATCH_GAMES, BFC_NEXT_WINNER, -1,
     -2, 61, 0},
    {"match, value, loser deals", 0, BFC_VALUE_MARGIN, 3, BFC_MATCH_VALUE, BFC_NEXT_LOSER, -1,
     -2, 61, 0},
    {"match, acc, left deals", 0, BFC_VALUE_PLAIN, 3, BFC_MATCH_ACC, BFC_NEXT_LEFT, -1, -2, 61, 0},
    {"match, skunks", BFC_RULE_MUGGINS, BFC_VALUE_SKUNK, 4, BFC_MATCH_SKUNKS, BFC_NEXT_WINNER, -1,
     -2, 31, 0},
    {"match, long", 0, BFC_VALUE_LURCH, 4, BFC_MATCH_LONG, BFC_NEXT_LOSER, -1, -2, 31, 0},
    {"match, free", 0, BFC_VALUE_PLAIN, 2, BFC_MATCH_FREE, BFC_NEXT_LEFT, -1, -2, 31, 0},
    {"no turn limit", 0, -1, 0, 0, 0, 0, -2, 0, 0},
    {"turn limit 12", 0, -1, 0, 0, 0, 12, -2, 0, 0},
    {"the last seat deals", 0, -1, 0, 0, 0, -1, -3, 0, 0},
    {"target 31", 0, -1, 0, 0, 0, -1, -2, 31, 0},
};
#define NOPTIONS (sizeof OPTIONS / sizeof OPTIONS[0])
#undef KEEP

/* The rules of a preset, players, teams under an option; 0 when the option
 * does not apply there (bfc_rules_check refuses it, or it would change
 * nothing: partners by cut without teams). */
static int rules_of(const bfc_preset *p, int players, int teams, const option *x, bfc_rules *r)
{
    if (bfc_rules_preset(r, p->name, players, teams) != BFC_OK)
        return 0;
    if (x->teams_only && !r->teams)
        return 0;
    if ((x->flags & BFC_RULE_BACKWARD) && (r->flags & BFC_RULE_BACKWARD))
        return 0; /* the backward preset is that game already */
    r->flags |= x->flags;
    if (x->value >= 0)
        r->value = x->value;
    r->match = x->match;
    r->match_points = x->match_points;
    r->next_dealer = x->next_dealer;
    if (x->turn_limit >= 0) {
        if (r->variant != BFC_VARIANT_BATTLEFIELD)
            return 0;
        r->turn_limit = x->turn_limit;
    }
    if (x->first_dealer == -3)
        r->first_dealer = players - 1;
    if (x->target > 0) {
        if (r->target == x->target)
            return 0;
        r->target = x->target;
    }
    return bfc_rules_check(r) == BFC_OK;
}

typedef struct {
    long games, matches, moves, decisions[BOTS], declared_above_31;
    long by_option[NOPTIONS], by_preset[16];
    long board[8];      /* Crib Wars: BFC_EV_BOARD events of each kind (slot) */
    long board_ends;    /* games a board move ended (D20) */
    long round_trips;   /* positions saved, loaded and played on (Crib Wars) */
    long bad; /* failures, each told once on stderr (the first few) */
} tally;

static void fail(tally *t, const char *what, const bfc_rules *r, uint64_t seed, const char *more)
{
    if (t->bad++ < 8)
        fprintf(stderr, "self-play: %s (%s, %d players%s, flags %#x, seed %llu)%s%s\n", what,
                bfc_variant_name(r->variant), r->players, r->teams ? " in teams" : "", r->flags,
                (unsigned long long)seed, more ? ": " : "", more ? more : "");
}

/* A finished game's result, as bfc.h states it. */
static void check_result(tally *t, const bfc_game *g, const bfc_rules *r, uint64_t seed)
{
    const int w = bfc_game_winner(g), ws = bfc_game_winning_seat(g), v = bfc_game_value(g);
    const int sides = bfc_game_sides(g);
    int values[6], sum = 0;
    if (bfc_game_values(g, values, 6) != sides)
        fail(t, "bfc_game_values", r, seed, NULL);
    for (int s = 0; s < sides && s < 6; s++)
        sum += values[s];
    if (r->variant == BFC_VARIANT_SOLITAIRE) {
        if (!((w == 0 && ws == 0 && v == 1) || (w == -1 && ws == -1 && v == 0)))
            fail(t, "a solitaire result", r, seed, NULL);
        return;
    }
    const int pay = (r->flags & (BFC_RULE_PAY_BEST_LOSER | BFC_RULE_PAY_WORST_LOSER)) != 0;
    if (w < 0 || w >= sides || ws < 0 || ws >= r->players || bfc_game_side_of(g, ws) != w ||
        v < 1 || values[w] != 0 || (!pay && v != sum) || (pay && v > sum))
        fail(t, "a finished game's winner and value", r, seed, NULL);
}

/* The seat a game-ending move credits with the winning point, read from
 * its events alone (D15, D20): after a red skip, time trap or green
 * advance, the seat whose award (its SCORE events) landed there; after
 * ahead 20 or out of the box, the side's lowest-numbered seat; else the
 * seat of the last SCORE event. -1 when the events do not say. */
static int d20_scorer(const bfc_game *g, const bfc_event *ev, size_t n, int *by_board)
{
    size_t over = 0;
    while (over < n && ev[over].type != BFC_EV_GAME_OVER)
        over++;
    *by_board = 0;
    if (over == 0 || over == n)
        return -1;
    const bfc_event *e = &ev[over - 1];
    if (e->type == BFC_EV_SCORE)
        return e->seat;
    if (e->type != BFC_EV_BOARD)
        return -1;
    *by_board = 1;
    if (e->slot == BFC_BOARD_AHEAD || e->slot == BFC_BOARD_OUT) {
        for (int s = 0; s < bfc_game_rules(g)->players; s++)
            if (bfc_game_side_of(g, s) == e->side)
                return s;
        return -1;
    }
    if (e->slot < BFC_BOARD_RED_SKIP || e->slot > BFC_BOARD_GREEN_ADVANCE || over < 2 ||
        ev[over - 2].type != BFC_EV_SCORE || ev[over - 2].side != e->side)
        return -1;
    return ev[over - 2].seat;
}

/* Crib Wars, after each move (RULES 3.9): the position before it, saved
 * and loaded (h), made the same move with the same events and reached
 * the same position; a move that ended the game credited the seat D20
 * names. */
static void board_checks(tally *t, const bfc_rules *r, uint64_t seed, bfc_game *g,
                         bfc_game *h, bfc_move m, const bfc_event *ev, size_t nev)
{
    static bfc_event hev[BFC_MAX_EVENTS];
    static char a[1 << 14], b[1 << 14];
    size_t hn = 0;
    t->round_trips++;
    if (bfc_game_apply(h, m, hev, BFC_MAX_EVENTS, &hn) != BFC_OK || hn != nev ||
        memcmp(hev, ev, (nev < BFC_MAX_EVENTS ? nev : BFC_MAX_EVENTS) * sizeof *ev) != 0 ||
        bfc_game_save(g, a, sizeof a) <= 0 || bfc_game_save(h, b, sizeof b) <= 0 ||
        strcmp(a, b) != 0)
        fail(t, "a loaded position played on differs (Crib Wars)", r, seed, NULL);
    for (size_t i = 0; i < nev && i < BFC_MAX_EVENTS; i++)
        if (ev[i].type == BFC_EV_BOARD)
            t->board[ev[i].slot & 7u]++;
    if (!bfc_game_over(g) || (r->flags & BFC_RULE_BACKWARD))
        return;
    int by_board = 0;
    const int who = d20_scorer(g, ev, nev < BFC_MAX_EVENTS ? nev : BFC_MAX_EVENTS, &by_board);
    t->board_ends += by_board;
    if (who < 0 || bfc_game_winning_seat(g) != who) {
        char why[64];
        snprintf(why, sizeof why, "winning seat %d, the events say %d", bfc_game_winning_seat(g),
                 who);
        fail(t, "D20: the winning point of the last move", r, seed, why);
    }
}

/* One game (or match) of rules r, seat s played by bot kind[s]; every
 * decision checked. */
static void play(tally *t, const bfc_rules *r, uint64_t seed, const int *kind)
{
    int st = -99;
    bfc_game *g = bfc_game_new(r, seed, &st);
    if (!g || st != BFC_OK) {
        fail(t, "bfc_game_new", r, seed, bfc_strerror(st));
        return;
    }
    bfc_search *search[6] = {NULL};
    uint64_t rng[6];
    for (int s = 0; s < r->players; s++) {
        rng[s] = bfc_sim_bot_seed(seed, s);
        if (kind[s] != BOT_SEARCH)
            continue;
        bfc_search_config cfg;
        bfc_search_config_init(&cfg);
        cfg.iterations = 4; /* small: the rules, not the strength, are tested */
        cfg.seed = rng[s];
        search[s] = bfc_search_new(r, &cfg, &st);
        if (!search[s])
            fail(t, "bfc_search_new", r, seed, bfc_strerror(st));
    }
    long moves = 0;
    int games = 0;
    static bfc_event ev[BFC_MAX_EVENTS];
    for (;;) {
        if (bfc_game_over(g)) {
            check_result(t, g, r, seed);
            games++;
            if (r->match == 0 || bfc_game_match_winner(g) >= 0)
                break;
            if (games >= MAX_GAMES_PER_MATCH) {
                fail(t, "a match that does not end", r, seed, NULL);
                break;
            }
            if (bfc_game_next(g) != BFC_OK) {
                fail(t, "bfc_game_next", r, seed, NULL);
                break;
            }
            continue;
        }
        if (moves++ >= MAX_MOVES_PER_GAME) {
            fail(t, "a game that does not end", r, seed, NULL);
            break;
        }
        const int seat = bfc_game_to_move(g);
        bfc_move legal[BFC_MAX_MOVES];
        const int n = bfc_game_legal_moves(g, legal, BFC_MAX_MOVES);
        if (seat < 0 || seat >= r->players || n < 1 || n > BFC_MAX_MOVES) {
            fail(t, "no legal move before the end", r, seed, NULL);
            break;
        }
        bfc_observation o;
        memset(&o, 0, sizeof o);
        bfc_move m = BFC_MOVE_NONE;
        int rc = bfc_game_observe(g, seat, &o);
        if (rc == BFC_OK) {
            t->decisions[kind[seat]]++;
            if (kind[seat] == BOT_RANDOM)
                rc = bfc_bot_random(&o, &rng[seat], &m);
            else if (kind[seat] == BOT_GREEDY)
                rc = bfc_bot_greedy(&o, &rng[seat], &m);
            else
                rc = search[seat] ? bfc_search_move(search[seat], g, &m) : BFC_EINVAL;
        }
        int listed = 0;
        for (int i = 0; i < n; i++)
            listed |= legal[i] == m;
        char text[BFC_MOVE_TEXT_MAX] = "?", why[96];
        bfc_move_format(m, text, sizeof text);
        if (rc != BFC_OK || !listed) {
            snprintf(why, sizeof why, "%s bot at seat %d: %s, move %u (%s), phase %s",
                     BOT_NAME[kind[seat]], seat, bfc_strerror(rc), (unsigned)m, text,
                     bfc_phase_name(o.phase));
            fail(t, "a bot's decision", r, seed, why);
            break;
        }
        bfc_move_info mi;
        if (bfc_move_decode(m, &mi) == BFC_OK && mi.kind == BFC_MOVEKIND_DECLARE && mi.points > 31)
            t->declared_above_31++;
        static char saved[1 << 14];
        bfc_game *h = NULL; /* Crib Wars: the position saved and loaded */
        if (r->board.n && (bfc_game_save(g, saved, sizeof saved) <= 0 ||
                           bfc_game_load(&h, saved) != BFC_OK))
            fail(t, "save and load of a position (Crib Wars)", r, seed, NULL);
        size_t nev = 0;
        rc = bfc_game_apply(g, m, ev, BFC_MAX_EVENTS, &nev);
        if (rc != BFC_OK) {
            snprintf(why, sizeof why, "%s bot at seat %d: %s refused: %s", BOT_NAME[kind[seat]],
                     seat, text, bfc_strerror(rc));
            fail(t, "bfc_game_apply", r, seed, why);
            bfc_game_free(h);
            break;
        }
        if (h)
            board_checks(t, r, seed, g, h, m, ev, nev);
        bfc_game_free(h);
        t->moves++;
    }
    /* a finished game saves and loads to the same text */
    static char a[1 << 14], b[1 << 14];
    bfc_game *h = NULL;
    const int la = bfc_game_save(g, a, sizeof a);
    if (la <= 0 || (size_t)la >= sizeof a || bfc_game_load(&h, a) != BFC_OK ||
        bfc_game_save(h, b, sizeof b) != la || strcmp(a, b) != 0)
        fail(t, "save and load of the last position", r, seed, NULL);
    bfc_game_free(h);
    for (int s = 0; s < 6; s++)
        bfc_search_free(search[s]);
    bfc_game_free(g);
    t->games += games;
    t->matches += r->match > 0;
}

static void test_selfplay__every_preset_option_and_player_count(void)
{
    tally t;
    memset(&t, 0, sizeof t);
    int configs = 0, presets = 0;
    uint64_t seed = 1;
    for (int i = 0; bfc_preset_get(i); i++, presets++) {
        const bfc_preset *p = bfc_preset_get(i);
        for (int players = 1; players <= 6; players++) {
            if (!(p->players >> players & 1u))
                continue;
            for (int teams = 0; teams <= 1; teams++) {
                if ((teams && !(p->teams >> players & 1u)) ||
                    (!teams && (p->need_teams >> players & 1u)))
                    continue;
                configs++;
                int played = 0;
                for (size_t x = 0; x < NOPTIONS; x++) {
                    bfc_rules r;
                    if (!rules_of(p, players, teams, &OPTIONS[x], &r))
                        continue;
                    /* the quick tier (valgrind): the preset as it is,
                       muggins, and every sixth option */
                    if (harness_quick > 1 && x % 6 != 0 && x != 1)
                        continue;
                    /* the bots by seat, turned round from game to game:
                       random and greedy everywhere, the search bot at one
                       seat of every third game (its decisions cost the
                       most); without a turn limit only the bots that
                       always make progress (bfc.h) */
                    int kind[6];
                    for (int s = 0; s < players; s++) {
                        kind[s] = (int)((x + (size_t)s + (size_t)i) % 2);
                        if (r.variant == BFC_VARIANT_BATTLEFIELD && r.turn_limit == 0)
                            kind[s] = BOT_GREEDY;
                    }
                    if ((x + (size_t)i) % 3 == 0)
                        kind[(x / 3) % (size_t)players] = BOT_SEARCH;
                    play(&t, &r, seed++, kind);
                    t.by_option[x]++;
                    played++;
                }
                t.by_preset[i] += played;
                if (played < (harness_quick > 1 ? 1 : 3)) /* the preset, a value, ... */
                    fprintf(stderr, "self-play: %s with %d players: only %d option sets\n",
                            p->name, players, played);
                CHECK(played >= (harness_quick > 1 ? 1 : 3));
            }
        }
    }
    INT_EQ(t.bad, 0);
    printf("self-play: %d presets, %d player counts and teams, %ld games (%ld matches), %ld moves;"
           " decisions: random %ld, greedy %ld, search %ld; %ld declarations above 31\n",
           presets, configs, t.games, t.matches, t.moves, t.decisions[BOT_RANDOM],
           t.decisions[BOT_GREEDY], t.decisions[BOT_SEARCH], t.declared_above_31);
    /* every option was played somewhere, every preset, every bot */
    for (size_t x = 0; x < NOPTIONS; x++)
        if (!CHECK(t.by_option[x] > 0 || (harness_quick > 1 && x % 6 != 0 && x != 1)))
            fprintf(stderr, "  option never played: %s\n", OPTIONS[x].name);
    for (int i = 0; i < presets; i++)
        CHECK(t.by_preset[i] > 0);
    for (int k = 0; k < BOTS; k++)
        CHECK(t.decisions[k] > 1000 / harness_quick);
    CHECK(t.games >= 200 / harness_quick);
}

static void test_selfplay__d18_muggins_counts_of_every_size(void)
{
    /* RULES D18 in self-play: the greedy bots declare every count honestly
     * and claim every wrong one, in each game muggins is played in. A
     * seven-card hand counts above 31 in about one game in twenty (issue
     * 29: 89 of 2,000 greedy games ended "illegal move"), so seven-card
     * gets enough games to see several; the others a few each. */
    static const struct {
        const char *preset;
        int players, teams, games;
    } games[] = {{"seven-card", 2, 0, 160}, {"classic", 2, 0, 6}, {"classic", 3, 0, 4},
                 {"classic", 4, 1, 4},      {"classic", 6, 1, 2}, {"five-card", 2, 0, 6},
                 {"noddy", 3, 0, 6},        {"captains", 3, 0, 4}, {"crib-wars", 2, 0, 4}};
    tally t;
    memset(&t, 0, sizeof t);
    uint64_t seed = 1000;
    for (size_t i = 0; i < sizeof games / sizeof *games; i++)
        for (int k = 0; k < games[i].games / (harness_quick > 1 ? 4 : 1) + 1; k++) {
            bfc_rules r;
            INT_EQ(bfc_rules_preset(&r, games[i].preset, games[i].players, games[i].teams),
                   BFC_OK);
            r.flags |= BFC_RULE_MUGGINS;
            const int kind[6] = {BOT_GREEDY, BOT_GREEDY, BOT_GREEDY,
                                 BOT_GREEDY, BOT_GREEDY, BOT_GREEDY};
            play(&t, &r, seed++, kind);
        }
    INT_EQ(t.bad, 0);
    printf("self-play, muggins: %ld games, %ld moves, %ld declarations above 31\n", t.games,
           t.moves, t.declared_above_31);
    if (harness_quick == 1)
        CHECK(t.declared_above_31 >= 3);
}

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* A random board as bfc.h allows it (bfc_board): 1 to 16 special holes at
 * distinct places in 1..target + 9, ascending, each of a random kind: a
 * red skip or green advance forward (up to 30 holes, at most 255), a time
 * trap to another hole back or forward (up to 30; 0 is the start), a box
 * to 0; no target is itself a special hole (a kind with no such target
 * left becomes a box). */
static void random_board(uint64_t *x, int target, bfc_board *b)
{
    memset(b, 0, sizeof *b);
    uint8_t special[256] = {0};
    const int top = target + 9 < 255 ? target + 9 : 255;
    const int n = 1 + (int)(splitmix(x) % BFC_BOARD_MAX);
    for (int i = 0; i < n;) {
        const int at = 1 + (int)(splitmix(x) % (uint64_t)top);
        if (!special[at]) {
            special[at] = 1;
            i++;
        }
    }
    for (int at = 1; at < 256; at++) {
        if (!special[at])
            continue;
        bfc_hole *h = &b->hole[b->n++];
        h->at = (uint8_t)at;
        h->kind = (uint8_t)(1 + splitmix(x) % 4);
        h->to = 0;
        for (int tries = 0; h->kind != BFC_HOLE_PENALTY_BOX; tries++) {
            const int d = 1 + (int)(splitmix(x) % 30);
            const int to = h->kind == BFC_HOLE_TIME_TRAP && splitmix(x) % 3 ? at - d : at + d;
            if (to >= 0 && to <= 255 && !special[to]) {
                h->to = (uint8_t)to;
                break;
            }
            if (tries == 20)
                h->kind = BFC_HOLE_PENALTY_BOX; /* no room: a box */
        }
    }
}

static void test_selfplay__crib_wars_random_boards(void)
{
    /* Crib Wars (RULES 3.9, D19, D20) on random valid boards: 2 and 3
     * players, 4 and 6 in teams (2 and 3 sides), with and without muggins,
     * the bots of self-play at the seats. After every move the position
     * before it, saved and loaded, makes the same move with the same
     * events to the same position; a game a move ends credits the seat
     * D20 names (d20_scorer). Work bounds it: a fixed list of games. */
    static const struct {
        int players, teams;
    } tables[] = {{2, 0}, {3, 0}, {4, 1}, {6, 1}};
    tally t;
    memset(&t, 0, sizeof t);
    uint64_t x = 38, seed = 3800;
    const int per = harness_quick > 1 ? 2 : 30;
    int boards = 0;
    for (size_t i = 0; i < sizeof tables / sizeof *tables; i++)
        for (int muggins = 0; muggins <= 1; muggins++)
            for (int k = 0; k < per; k++) {
                bfc_rules r;
                INT_EQ(bfc_rules_preset(&r, "crib-wars", tables[i].players, tables[i].teams),
                       BFC_OK);
                random_board(&x, r.target, &r.board);
                if (muggins)
                    r.flags |= BFC_RULE_MUGGINS;
                if (!CHECK(bfc_rules_check(&r) == BFC_OK)) /* valid by construction */
                    continue;
                boards++;
                /* random and greedy by seat, turned round; the search bot at
                   one seat of every fourth game */
                int kind[6];
                for (int s = 0; s < r.players; s++)
                    kind[s] = (int)((size_t)s + (size_t)k + i) % 2;
                if (k % 4 == 3)
                    kind[k % r.players] = BOT_SEARCH;
                play(&t, &r, seed++, kind);
            }
    INT_EQ(t.bad, 0);
    printf("self-play, Crib Wars: %d random boards, %ld games, %ld moves, %ld round trips; "
           "board: red %ld, trap %ld, box %ld, green %ld, ahead %ld, out %ld, lost %ld; "
           "%ld games ended by the board\n",
           boards, t.games, t.moves, t.round_trips, t.board[1], t.board[2], t.board[3],
           t.board[4], t.board[5], t.board[6], t.board[7], t.board_ends);
    CHECK(t.round_trips == t.moves);
    if (harness_quick == 1) { /* every effect of the board, and D20's ends */
        for (int k = BFC_BOARD_RED_SKIP; k <= BFC_BOARD_LOST; k++)
            if (!CHECK(t.board[k] > 0))
                fprintf(stderr, "  no board effect %d\n", k);
        CHECK(t.board_ends > 0);
    }
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_selfplay__every_preset_option_and_player_count);
    RUN(test_selfplay__d18_muggins_counts_of_every_size);
    RUN(test_selfplay__crib_wars_random_boards);
    return harness_done();
}
