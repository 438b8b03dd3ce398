/* The API that programs use instead of re-deriving rules (0.2): flag
 * families, the rules check that names the bad field, presets, move
 * decoding, the names of every enumeration, reading and formatting events,
 * the events of a game's start, the observation's new facts, the bots'
 * generator, saves of format 1, and the bots' progress and honesty. Public
 * API only. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "bfc.h"

#define NEV 4096
static bfc_event EV[NEV];

static bfc_card C(const char *text)
{
    bfc_card c = BFC_CARD_NONE;
    if (bfc_card_parse(text, &c) != BFC_OK)
        fprintf(stderr, "bad card in test: %s\n", text);
    return c;
}

/* ---- Flags -------------------------------------------------------------- */

static void test_api__flag_families(void)
{
    /* each family in bits of its own */
    CHECK((BFC_SCORE_FLAGS & BFC_RULES_FLAGS) == 0 && (BFC_SCORE_FLAGS & BFC_PARSE_FLAGS) == 0 &&
          (BFC_SCORE_FLAGS & BFC_FORMAT_FLAGS) == 0 && (BFC_RULES_FLAGS & BFC_PARSE_FLAGS) == 0 &&
          (BFC_RULES_FLAGS & BFC_FORMAT_FLAGS) == 0 && (BFC_PARSE_FLAGS & BFC_FORMAT_FLAGS) == 0);
    const unsigned score[] = {BFC_CRIB, BFC_KILL_CARD, BFC_NODDY, BFC_TURN_CARD, BFC_ANY_LAY_AWAY};
    for (size_t i = 0; i < sizeof score / sizeof *score; i++)
        CHECK((score[i] & ~BFC_SCORE_FLAGS) == 0);
    const unsigned rules[] = {BFC_RULE_MUGGINS, BFC_RULE_BACKWARD, BFC_RULE_NO_LATE_HEELS,
                              BFC_RULE_ANY_LAY_AWAY};
    for (size_t i = 0; i < sizeof rules / sizeof *rules; i++)
        CHECK((rules[i] & ~BFC_RULES_FLAGS) == 0);
    CHECK((BFC_PARSE_JOKER & ~BFC_PARSE_FLAGS) == 0 && (BFC_UNICODE & ~BFC_FORMAT_FLAGS) == 0);

    /* a flag of another family is refused, never read as something else */
    bfc_card h[5];
    INT_EQ(bfc_cards_parse("5H 5C 5S JD 5D", 0, h, 5, NULL), 5);
    INT_EQ(bfc_score_show(h, h[4], 0), 29);
    INT_EQ(bfc_score_show(h, h[4], BFC_UNICODE), BFC_EINVAL);
    INT_EQ(bfc_score_show(h, h[4], BFC_PARSE_JOKER), BFC_EINVAL);
    INT_EQ(bfc_score_show(h, h[4], BFC_RULE_MUGGINS), BFC_EINVAL);
    INT_EQ(bfc_score_hand(h, 4, h[4], BFC_UNICODE, NULL), BFC_EINVAL);
    INT_EQ(bfc_cards_parse("5H", BFC_CRIB, h, 5, NULL), BFC_EINVAL);
    INT_EQ(bfc_cards_parse("5H", BFC_UNICODE, h, 5, NULL), BFC_EINVAL);
    char buf[16];
    INT_EQ(bfc_card_format(h[0], BFC_CRIB, buf, sizeof buf), BFC_EINVAL);
    INT_EQ(bfc_card_format(h[0], BFC_PARSE_JOKER, buf, sizeof buf), BFC_EINVAL);
    INT_EQ(bfc_cards_format(h, 2, BFC_CRIB, buf, sizeof buf), BFC_EINVAL);
    bfc_battlefield bf;
    bfc_card f[5];
    bfc_cards_parse("4H 6C 5H 5S JK", BFC_PARSE_JOKER, f, 5, NULL);
    INT_EQ(bfc_score_battlefield(f, C("4S"), BFC_RULE_ANY_LAY_AWAY, &bf), BFC_EINVAL);
    INT_EQ(bfc_score_battlefield(f, C("4S"), BFC_ANY_LAY_AWAY, &bf), 24);
    INT_EQ(bf.legal, 0x1F);
}

/* ---- The rules check names the field ------------------------------------- */

/* The problem starts with the field's name and a colon. */
static void expect_problem(const bfc_rules *r, const char *field)
{
    const char *why = bfc_rules_problem(r);
    const size_t n = strlen(field);
    if (!CHECK(why != NULL && strncmp(why, field, n) == 0 && why[n] == ':'))
        fprintf(stderr, "  want \"%s: ...\", got \"%s\"\n", field, why ? why : "(null)");
    INT_EQ(bfc_rules_check(r), BFC_EINVAL);
}

static void test_api__rules_problem(void)
{
    bfc_rules r;
    bfc_rules_init(&r);
    CHECK(bfc_rules_problem(&r) == NULL);
    CHECK(bfc_rules_problem(NULL) != NULL);
    INT_EQ(bfc_rules_check(NULL), BFC_EINVAL);

#define CASE(preset, stmt, field)                                                           \
    do {                                                                                  \
        INT_EQ(bfc_rules_preset(&r, preset, 0, 0), BFC_OK);                               \
        stmt;                                                                             \
        expect_problem(&r, field);                                                        \
    } while (0)
    CASE("battlefield", r.players = 5, "players");
    CASE("battlefield", r.players = 1, "players");
    CASE("battlefield", r.teams = 1, "teams");
    CASE("battlefield", r.teams = 2, "teams");
    CASE("battlefield", r.variant = 9, "variant");
    CASE("battlefield", r.target = 0, "target");
    CASE("battlefield", r.target = 1001, "target");
    CASE("battlefield", r.turn_limit = -1, "turn_limit");
    CASE("battlefield", r.turn_limit = 10001, "turn_limit");
    CASE("battlefield", r.first_dealer = 2, "first_dealer");
    CASE("battlefield", r.first_dealer = -2, "first_dealer");
    CASE("battlefield", r.value = 4, "value");
    CASE("battlefield", r.flags = BFC_RULE_MUGGINS, "flags");
    CASE("battlefield", r.flags = BFC_ANY_LAY_AWAY, "flags"); /* a score flag */
    CASE("classic", r.players = 5, "players");
    CASE("classic", r.players = 6, "teams"); /* 6 players need teams */
    CASE("classic", r.turn_limit = 200, "turn_limit");
    CASE("classic", r.flags = BFC_CRIB, "flags");
    CASE("classic", r.flags = 0x800000u, "flags");
    CASE("five-card", r.players = 3, "players");
    CASE("noddy", r.players = 7, "players");
    CASE("noddy", (r.players = 5, r.teams = 1), "teams");
    CASE("solitaire", r.flags = BFC_RULE_MUGGINS, "flags");
    CASE("classic", (r.players = 6, r.teams = 1, r.flags = BFC_RULE_BACKWARD), "flags");
    CASE("crib-wars", r.board.hole[0].to = 5, "board.hole"); /* red skip backwards */
    CASE("crib-wars", r.board.reserved[1] = 1, "board.reserved");
    CASE("crib-wars", r.board.n = 17, "board.n");
    /* the holes past board.n are zero, to the last byte (one way to write
       each board) */
    CASE("classic", r.board.hole[0].at = 1, "board.hole");
    CASE("classic", r.board.hole[BFC_BOARD_MAX - 1].to = 1, "board.hole");
    CASE("crib-wars", r.board.hole[r.board.n].kind = 1, "board.hole");
    CASE("crib-wars", r.board.hole[BFC_BOARD_MAX - 1].to = 1, "board.hole");
    CASE("crib-wars", (r.players = 4, r.teams = 1, r.board.hole[0].kind = 9), "board.hole");
#undef CASE
}

/* The example board is fine with 2 sides. */
static void test_api__rules_problem_board_ok(void)
{
    bfc_rules r;
    INT_EQ(bfc_rules_preset(&r, "classic", 0, 0), BFC_OK);
    bfc_board_example(&r.board);
    CHECK(bfc_rules_problem(&r) == NULL);
    INT_EQ(bfc_rules_sides(&r), 2);
    INT_EQ(bfc_rules_sides(NULL), BFC_EINVAL);
}

/* ---- Presets ---------------------------------------------------------- */

static void test_api__presets(void)
{
    static const char *const names[] = {"battlefield", "classic",   "five-card",
                                        "noddy",       "backward",  "solitaire",
                                        "crib-wars",   "seven-card", "captains"};
    const size_t n = sizeof names / sizeof *names;
    for (size_t i = 0; i < n; i++) {
        const bfc_preset *p = bfc_preset_get((int)i);
        if (!CHECK(p != NULL))
            continue;
        STR_EQ(p->name, names[i]);
        CHECK(p->title && *p->title && p->summary && *p->summary);
        CHECK(bfc_preset_find(names[i]) == p);
        CHECK(p->players >> p->default_players & 1u);
        CHECK((p->need_teams & ~p->teams) == 0 && (p->teams & ~p->players) == 0);
        /* every player count it names makes a game that plays to the end */
        for (int players = 1; players <= 8; players++) {
            bfc_rules r;
            bfc_rules_init(&r);
            const bfc_rules before = r;
            const int rc = bfc_rules_preset(&r, names[i], players, 0);
            if (!(p->players >> players & 1u)) {
                INT_EQ(rc, BFC_EINVAL);
                CHECK(memcmp(&r, &before, sizeof r) == 0);
                continue;
            }
            INT_EQ(rc, BFC_OK);
            CHECK(bfc_rules_problem(&r) == NULL);
            INT_EQ(r.variant, p->variant);
            INT_EQ(r.players, players);
            INT_EQ(r.teams, (int)(p->need_teams >> players & 1u));
            INT_EQ(r.target, p->target);
            INT_EQ(r.flags, p->flags);
            INT_EQ(r.board.n != 0, p->board);
            if (p->teams >> players & 1u) { /* teams on request */
                bfc_rules t;
                INT_EQ(bfc_rules_preset(&t, names[i], players, 1), BFC_OK);
                INT_EQ(t.teams, 1);
                CHECK(bfc_rules_problem(&t) == NULL);
            } else {
                bfc_rules t;
                INT_EQ(bfc_rules_preset(&t, names[i], players, 1), BFC_EINVAL);
            }
            bfc_game *g = bfc_game_new(&r, 7, NULL);
            if (!CHECK(g != NULL))
                continue;
            uint64_t rng = 1;
            for (int m = 0; m < 100000 && !bfc_game_over(g); m++) {
                bfc_observation o;
                bfc_move mv;
                bfc_game_observe(g, bfc_game_to_move(g), &o);
                bfc_bot_greedy(&o, &rng, &mv);
                bfc_game_apply(g, mv, NULL, 0, NULL);
            }
            CHECK(bfc_game_over(g) == 1);
            bfc_game_free(g);
        }
    }
    CHECK(bfc_preset_get((int)n) == NULL);
    CHECK(bfc_preset_get(-1) == NULL);
    CHECK(bfc_preset_find("CLASSIC") == bfc_preset_get(1));
    CHECK(bfc_preset_find("Crib-Wars") == bfc_preset_get(6));
    CHECK(bfc_preset_find("classics") == NULL);
    CHECK(bfc_preset_find("") == NULL);
    CHECK(bfc_preset_find(NULL) == NULL);
    bfc_rules r;
    INT_EQ(bfc_rules_preset(&r, "chess", 0, 0), BFC_EINVAL);
    INT_EQ(bfc_rules_preset(NULL, "classic", 0, 0), BFC_EINVAL);
    INT_EQ(bfc_rules_preset(&r, NULL, 0, 0), BFC_EINVAL);
    INT_EQ(bfc_rules_preset(&r, "classic", -1, 0), BFC_EINVAL);
    INT_EQ(bfc_rules_preset(&r, "classic", 2, 2), BFC_EINVAL);
    /* backward is classic with its flag; its default players and target */
    INT_EQ(bfc_rules_preset(&r, "backward", 3, 0), BFC_OK);
    INT_EQ(r.variant, BFC_VARIANT_CLASSIC);
    INT_EQ(r.flags, BFC_RULE_BACKWARD);
    INT_EQ(bfc_rules_preset(&r, "five-card", 0, 0), BFC_OK);
    INT_EQ(r.target, 61);
    INT_EQ(bfc_rules_preset(&r, "noddy", 0, 0), BFC_OK);
    INT_EQ(r.target, 31);
    INT_EQ(bfc_rules_preset(&r, "battlefield", 0, 0), BFC_OK);
    INT_EQ(r.turn_limit, 200);
}

/* RULES 3.1-3.8: the cards each player throws. */
static void test_api__rules_throws(void)
{
    static const struct {
        const char *preset;
        int players, throws;
    } t[] = {{"battlefield", 2, 0}, {"classic", 2, 2}, {"classic", 3, 1}, {"classic", 4, 1},
             {"classic", 6, 1},     {"five-card", 2, 2}, {"noddy", 3, 0},  {"solitaire", 1, 2},
             {"backward", 3, 1},    {"crib-wars", 2, 2}};
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        bfc_rules r;
        INT_EQ(bfc_rules_preset(&r, t[i].preset, t[i].players, 0), BFC_OK);
        INT_EQ(bfc_rules_throws(&r), t[i].throws);
    }
    bfc_rules r;
    bfc_rules_init(&r);
    r.players = 9;
    INT_EQ(bfc_rules_throws(&r), BFC_EINVAL);
    INT_EQ(bfc_rules_throws(NULL), BFC_EINVAL);
}

/* ---- Moves taken apart -------------------------------------------------- */

/* The move rebuilt from its parts with the header's own constructors. */
static bfc_move rebuild(const bfc_move_info *d)
{
    switch (d->kind) {
    case BFC_MOVEKIND_REVEAL: return bfc_move_reveal(d->slot[1], d->slot[0]);
    case BFC_MOVEKIND_DRAW: return BFC_MOVE_DRAW;
    case BFC_MOVEKIND_PLACE: return BFC_MOVE_PLACE;
    case BFC_MOVEKIND_SWAP: return (bfc_move)(BFC_MOVE_SWAP + d->slot[0]);
    case BFC_MOVEKIND_TAKE: return (bfc_move)(BFC_MOVE_TAKE + d->slot[0]);
    case BFC_MOVEKIND_TURN: return BFC_MOVE_TURN;
    case BFC_MOVEKIND_LAYAWAY: return (bfc_move)(BFC_MOVE_LAYAWAY + d->slot[0]);
    case BFC_MOVEKIND_PLAY: return (bfc_move)(BFC_MOVE_PLAY + d->card[0]);
    case BFC_MOVEKIND_DISCARD:
        return d->ncards == 1 ? (bfc_move)(BFC_MOVE_DISCARD + d->card[0])
                              : bfc_move_discard2(d->card[1], d->card[0]);
    case BFC_MOVEKIND_DECLARE: /* D18: 0..31, then 32.. after pass */
        return (bfc_move)(d->points < 32 ? BFC_MOVE_DECLARE + d->points
                                         : BFC_MOVE_DECLARE_HIGH + d->points - 32u);
    case BFC_MOVEKIND_CLAIM: return BFC_MOVE_CLAIM;
    case BFC_MOVEKIND_PASS: return BFC_MOVE_PASS;
    default: return BFC_MOVE_NONE;
    }
}

static void test_api__move_decode(void)
{
    int bad = 0;
    unsigned kinds = 0;
    for (unsigned m = 0; m < BFC_MOVE_COUNT; m++) {
        bfc_move_info d;
        char text[BFC_MOVE_TEXT_MAX], word[BFC_MOVE_TEXT_MAX];
        if (bfc_move_decode((bfc_move)m, &d) != BFC_OK) {
            bad++;
            continue;
        }
        kinds |= 1u << d.kind;
        bfc_move_format((bfc_move)m, text, sizeof text);
        sscanf(text, "%15s", word);
        int ok = rebuild(&d) == m && strcmp(bfc_move_kind_name(d.kind), word) == 0;
        /* unused parts are marked as such */
        ok &= d.nslots <= 2 && d.ncards <= 2;
        for (unsigned i = d.nslots; i < 2; i++)
            ok &= d.slot[i] == 0xFF;
        for (unsigned i = d.ncards; i < 2; i++)
            ok &= d.card[i] == BFC_CARD_NONE;
        ok &= (d.kind == BFC_MOVEKIND_DECLARE) == (d.points != 0xFF);
        ok &= d.nslots < 2 || d.slot[0] < d.slot[1];
        ok &= d.ncards < 2 || d.card[0] < d.card[1];
        /* the text names the same cards */
        if (d.ncards > 0) {
            bfc_card cards[2];
            const char *p = strchr(text, ' ');
            ok &= p && bfc_cards_parse(p, 0, cards, 2, NULL) == d.ncards && cards[0] == d.card[0] &&
                  (d.ncards == 1 || cards[1] == d.card[1]);
        }
        if (!ok && bad++ < 5)
            fprintf(stderr, "move %u (%s) decodes wrong\n", m, text);
    }
    INT_EQ(bad, 0);
    INT_EQ(kinds, 0x1FFEu); /* kinds 1..12 all seen */
    bfc_move_info d;
    memset(&d, 0x5A, sizeof d);
    INT_EQ(bfc_move_decode(BFC_MOVE_COUNT, &d), BFC_EINVAL);
    INT_EQ(bfc_move_decode(BFC_MOVE_NONE, &d), BFC_EINVAL);
    INT_EQ(d.kind, 0x5A); /* untouched */
    INT_EQ(bfc_move_decode(BFC_MOVE_DRAW, NULL), BFC_EINVAL);
    /* the examples of the header */
    INT_EQ(bfc_move_decode(bfc_move_discard2(C("5H"), C("2C")), &d), BFC_OK);
    INT_EQ(d.kind, BFC_MOVEKIND_DISCARD);
    INT_EQ(d.ncards, 2);
    INT_EQ(d.card[0], C("2C"));
    INT_EQ(d.card[1], C("5H"));
    INT_EQ(bfc_move_decode(bfc_move_reveal(4, 0), &d), BFC_OK);
    INT_EQ(d.slot[0], 0);
    INT_EQ(d.slot[1], 4);
    INT_EQ(bfc_move_decode((bfc_move)(BFC_MOVE_DECLARE + 29), &d), BFC_OK);
    INT_EQ(d.points, 29);
}

/* ---- Names ---------------------------------------------------------------- */

static void test_api__names(void)
{
    STR_EQ(bfc_phase_name(BFC_PHASE_REVEAL), "reveal");
    STR_EQ(bfc_phase_name(BFC_PHASE_LAYAWAY), "lay away");
    STR_EQ(bfc_phase_name(BFC_PHASE_CLAIM), "claim");
    STR_EQ(bfc_phase_name(9), "?");
    STR_EQ(bfc_phase_name(-1), "?");
    STR_EQ(bfc_variant_name(BFC_VARIANT_BATTLEFIELD), "battlefield");
    STR_EQ(bfc_variant_name(BFC_VARIANT_FIVE_CARD), "five-card");
    STR_EQ(bfc_variant_name(BFC_VARIANT_SOLITAIRE), "solitaire");
    STR_EQ(bfc_variant_name(BFC_VARIANT_SEVEN_CARD), "seven-card");
    STR_EQ(bfc_variant_name(6), "?");
    STR_EQ(bfc_move_kind_name(BFC_MOVEKIND_REVEAL), "reveal");
    STR_EQ(bfc_move_kind_name(BFC_MOVEKIND_PASS), "pass");
    STR_EQ(bfc_move_kind_name(0), "?");
    STR_EQ(bfc_move_kind_name(13), "?");
    STR_EQ(bfc_event_name(BFC_EV_DEAL), "deal");
    STR_EQ(bfc_event_name(BFC_EV_SCORE), "score");
    STR_EQ(bfc_event_name(BFC_EV_END_PLAY), "end of play");
    STR_EQ(bfc_event_name(BFC_EV_CUT), "cut");
    STR_EQ(bfc_event_name(0), "?");
    STR_EQ(bfc_event_name(BFC_EV_MATCH), "match");
    STR_EQ(bfc_event_name(BFC_EV_SEAT), "seat");
    STR_EQ(bfc_event_name(29), "?");
    STR_EQ(bfc_value_name(BFC_VALUE_PLAIN), "plain");
    STR_EQ(bfc_value_name(BFC_VALUE_LURCH), "lurch");
    STR_EQ(bfc_value_name(4), "?");
    STR_EQ(bfc_match_points_name(BFC_MATCH_GAMES), "games");
    STR_EQ(bfc_match_points_name(BFC_MATCH_FREE), "free");
    STR_EQ(bfc_match_points_name(6), "?");
    STR_EQ(bfc_next_dealer_name(BFC_NEXT_LOSER), "loser");
    STR_EQ(bfc_next_dealer_name(-1), "?");
    STR_EQ(bfc_source_name(BFC_SRC_FRONTLINE), "frontline");
    STR_EQ(bfc_source_name(BFC_SRC_CEASEFIRE), "cease-fire");
    STR_EQ(bfc_source_name(BFC_SRC_FIRST), "first");
    STR_EQ(bfc_source_name(0), "?");
    STR_EQ(bfc_source_name(13), "?");
    STR_EQ(bfc_board_action_name(BFC_BOARD_RED_SKIP), "red skip");
    STR_EQ(bfc_board_action_name(BFC_BOARD_LOST), "lost");
    STR_EQ(bfc_board_action_name(8), "?");
    STR_EQ(bfc_hole_kind_name(BFC_HOLE_GREEN_ADVANCE), "green advance");
    STR_EQ(bfc_hole_kind_name(5), "?");
    /* every value in range has a real name, distinct from the others */
    for (int t = BFC_EV_DEAL; t <= BFC_EV_SEAT; t++)
        for (int u = BFC_EV_DEAL; u < t; u++)
            CHECK(strcmp(bfc_event_name(t), bfc_event_name(u)) != 0);
    for (int p = 0; p <= BFC_PHASE_CLAIM; p++)
        CHECK(strcmp(bfc_phase_name(p), "?") != 0);
}

/* ---- Events: the accessors and one line of English ----------------------- */

/* Plays a game with greedy bots and checks every event's accessors. */
static void check_events(const char *preset, int players, unsigned flags, uint64_t seed,
                         unsigned *seen)
{
    bfc_rules r;
    const int teams = (flags & BFC_RULE_PARTNERS_BY_CUT) != 0; /* D16 needs teams */
    if (!CHECK(bfc_rules_preset(&r, preset, players, teams) == BFC_OK))
        return;
    r.flags |= flags;
    if (seed == 1) { /* RULES 5: a match of one game ends with a MATCH event */
        r.match = 1;
        if (bfc_rules_check(&r) != BFC_OK) /* solitaire has no match */
            r.match = 0;
    }
    size_t n = 0;
    bfc_game *g = bfc_game_new_events(&r, seed, EV, NEV, &n, NULL);
    if (!CHECK(g != NULL))
        return;
    uint64_t rng = seed;
    int bad = 0;
    for (int moves = 0;; moves++) {
        for (size_t i = 0; i < n && i < NEV; i++) {
            const bfc_event *e = &EV[i];
            *seen |= 1u << e->type;
            const int slot = bfc_event_slot(e), pts = bfc_event_points(e);
            const int count = bfc_event_count(e), crib = bfc_event_crib(e);
            const int dealt = bfc_event_dealt(e), board = bfc_event_board(e);
            int ok = 1;
            switch (e->type) {
            case BFC_EV_REVEAL: case BFC_EV_SWAP: case BFC_EV_TAKE: case BFC_EV_LAYAWAY:
                ok &= slot >= 0 && slot <= 4;
                break;
            case BFC_EV_PLACE:
                ok &= slot >= 0 && slot <= 5;
                break;
            case BFC_EV_SEAT: /* D16: the seat the player cut from */
                ok &= slot >= 0 && slot < players;
                break;
            default:
                ok &= slot == BFC_EINVAL;
            }
            switch (e->type) {
            case BFC_EV_SCORE: case BFC_EV_SHOW: case BFC_EV_LAYAWAY: case BFC_EV_RESERVE:
            case BFC_EV_FORMATION: case BFC_EV_DECLARE: case BFC_EV_CLAIM: case BFC_EV_GAME_OVER:
            case BFC_EV_BOARD: case BFC_EV_MATCH:
                ok &= pts == e->points;
                break;
            default:
                ok &= pts == BFC_EINVAL;
            }
            ok &= e->type == BFC_EV_PLAY ? count >= 1 && count <= 31 : count == BFC_EINVAL;
            if (e->type == BFC_EV_DISCARD || e->type == BFC_EV_PLAY || e->type == BFC_EV_SHOW)
                ok &= crib == 0 || crib == 1;
            else
                ok &= crib == BFC_EINVAL;
            if (e->type == BFC_EV_DEAL)
                ok &= dealt == (r.variant == BFC_VARIANT_BATTLEFIELD ? 5
                                : r.variant == BFC_VARIANT_NODDY     ? 3
                                : r.variant == BFC_VARIANT_FIVE_CARD ? 5
                                : players == 2 || players == 1       ? 6
                                                                     : 5);
            else
                ok &= dealt == BFC_EINVAL;
            ok &= e->type == BFC_EV_BOARD ? board >= 1 && board <= 7 : board == BFC_EINVAL;
            char line[512];
            const int len = bfc_event_format(e, 0, line, sizeof line);
            ok &= len > 0 && (size_t)len == strlen(line);
            if (!ok && bad++ < 5)
                fprintf(stderr, "%s: event %s (%s) reads wrong\n", preset, bfc_event_name(e->type),
                        line);
        }
        if (bfc_game_over(g) || moves > 100000)
            break;
        bfc_observation o;
        bfc_move m;
        bfc_game_observe(g, bfc_game_to_move(g), &o);
        bfc_bot_greedy(&o, &rng, &m);
        bfc_game_apply(g, m, EV, NEV, &n);
    }
    INT_EQ(bad, 0);
    CHECK(bfc_game_over(g) == 1);
    bfc_game_free(g);
}

static void test_api__event_accessors(void)
{
    unsigned seen = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        check_events("battlefield", 2 + (int)(seed % 3), 0, seed, &seen);
        check_events("classic", seed % 2 ? 2 : 3, 0, seed, &seen);
        check_events("classic", 6, BFC_RULE_MUGGINS, seed, &seen);
        check_events("noddy", 3, BFC_RULE_MUGGINS, seed, &seen);
        check_events("solitaire", 1, 0, seed, &seen);
        check_events("crib-wars", 3, 0, seed, &seen);
        check_events("five-card", 2, 0, seed, &seen);
        check_events("classic", 4, BFC_RULE_PARTNERS_BY_CUT, seed, &seen);
    }
    /* every type but the cease-fire (1 deal in 53) came up */
    for (int t = BFC_EV_DEAL; t <= BFC_EV_SEAT; t++)
        if (t != BFC_EV_CEASEFIRE && !CHECK(seen >> t & 1u))
            fprintf(stderr, "  no %s event seen\n", bfc_event_name(t));
    INT_EQ(bfc_event_slot(NULL), BFC_EINVAL);
    INT_EQ(bfc_event_points(NULL), BFC_EINVAL);
    INT_EQ(bfc_event_count(NULL), BFC_EINVAL);
    INT_EQ(bfc_event_crib(NULL), BFC_EINVAL);
    INT_EQ(bfc_event_dealt(NULL), BFC_EINVAL);
    INT_EQ(bfc_event_board(NULL), BFC_EINVAL);
}

static bfc_event make_event(unsigned type, unsigned seat, const char *card, unsigned slot,
                            unsigned points)
{
    bfc_event e;
    memset(&e, 0, sizeof e);
    e.type = (uint8_t)type;
    e.seat = (uint8_t)seat;
    e.side = (uint8_t)seat;
    e.card = card ? C(card) : BFC_CARD_NONE;
    e.slot = (uint8_t)slot;
    e.points = (uint8_t)points;
    return e;
}

static void expect_format(const bfc_event *e, unsigned flags, const char *want)
{
    char buf[256];
    const int n = bfc_event_format(e, flags, buf, sizeof buf);
    INT_EQ(n, (int)strlen(want));
    STR_EQ(buf, want);
}

static void test_api__event_format(void)
{
    bfc_event e = make_event(BFC_EV_PLAY, 1, "5H", 0, 15);
    expect_format(&e, 0, "player 2 plays 5H, count 15");
    e = make_event(BFC_EV_PLAY, 0, "TD", 1, 25);
    expect_format(&e, BFC_UNICODE, "player 1 plays 10\u2666 from the crib, count 25");
    e = make_event(BFC_EV_DISCARD, 2, "KS", 1, 0);
    expect_format(&e, 0, "player 3 throws KS out of the deal");
    e = make_event(BFC_EV_TAKE, 0, "7C", 3, 0);
    expect_format(&e, 0, "player 1 takes 7C from the frontline into slot 3");
    e = make_event(BFC_EV_PLACE, 1, "7C", 5, 0);
    expect_format(&e, 0, "player 2 places 7C");
    e = make_event(BFC_EV_CUT, 3, "AS", 0xFF, 0);
    expect_format(&e, 0, "player 4 cuts AS for the deal");
    e = make_event(BFC_EV_DEAL, 0, "QH", 2, 0);
    expect_format(&e, 0, "player 1 deals 5 cards each; the frontline begins with QH");
    e = make_event(BFC_EV_DEAL, 1, NULL, 6, 0);
    expect_format(&e, 0, "player 2 deals 6 cards each");
    e = make_event(BFC_EV_CLAIM, 1, NULL, 0xFF, 0);
    expect_format(&e, 0, "player 2 lets the count stand");
    e = make_event(BFC_EV_SCORE, 0, NULL, 0xFF, 2);
    e.source = BFC_SRC_PLAY;
    e.score = 17;
    e.item.kind = BFC_ITEM_PAIR;
    e.item.points = 2;
    e.item.ncards = 2;
    e.item.cards[0] = C("5H");
    e.item.cards[1] = C("5D");
    expect_format(&e, 0, "player 1 pegs 2 for a pair (5H 5D), 17 in all");
    /* snprintf-style */
    char small[8];
    const int full = (int)strlen("player 1 pegs 2 for a pair (5H 5D), 17 in all");
    INT_EQ(bfc_event_format(&e, 0, small, sizeof small), full);
    STR_EQ(small, "player ");
    INT_EQ(bfc_event_format(&e, 0, NULL, 0), full);
    INT_EQ(bfc_event_format(&e, 0, NULL, 4), BFC_EINVAL);
    INT_EQ(bfc_event_format(&e, BFC_CRIB, small, sizeof small), BFC_EINVAL);
    INT_EQ(bfc_event_format(NULL, 0, small, sizeof small), BFC_EINVAL);
    e.type = 0;
    INT_EQ(bfc_event_format(&e, 0, small, sizeof small), BFC_EINVAL);
    e.type = 29;
    INT_EQ(bfc_event_format(&e, 0, small, sizeof small), BFC_EINVAL);
    /* a hidden card reads "a card" */
    e = make_event(BFC_EV_DRAW, 1, NULL, 5, 0);
    e.card = BFC_CARD_HIDDEN;
    expect_format(&e, 0, "player 2 draws a card");
}

/* The number after `word` in text ("side 2 wins" -> 2), or -1. */
static int number_after(const char *text, const char *word)
{
    const char *p = strstr(text, word);
    return p ? atoi(p + strlen(word)) : -1;
}

static void test_api__issue_28_texts_say_counts_starters_and_sides(void)
{
    /* issue 28 item 7: bfc_event_format said "player 2 plays 2C for 2"
     * (the 2 is the running count, not points), listed a shown hand's
     * five cards without marking the starter, and said "side 1 wins"
     * while bfc_game_winner() returned 0, with nothing saying how sides
     * are numbered in texts (bfc.h does now: from 1, side N is side
     * N - 1), and the observation's text called captain's cribbage's team
     * "player 2". */
    bfc_event e = make_event(BFC_EV_PLAY, 1, "2C", 0, 7);
    expect_format(&e, 0, "player 2 plays 2C, count 7");
    e = make_event(BFC_EV_SHOW, 0, NULL, 0, 29);
    e.item.ncards = 5;
    bfc_cards_parse("5H 5C 5S JD 5D", 0, e.item.cards, 5, NULL);
    expect_format(&e, 0, "player 1's hand 5H 5C 5S JD with the starter 5D counts 29");
    e.slot = 1;
    e.points = 12;
    e.seat = 2;
    expect_format(&e, 0, "player 3's crib 5H 5C 5S JD with the starter 5D counts 12");
    e.slot = 0; /* a seven-card hand: five cards and the starter */
    e.item.ncards = 6;
    bfc_cards_parse("4C 4D 5C 5D 6C 6D", 0, e.item.cards, 6, NULL);
    e.points = 46;
    expect_format(&e, 0, "player 3's hand 4C 4D 5C 5D 6C with the starter 6D counts 46");
    /* in real games, every text names the seats and sides the API does:
       "player N" is seat N - 1, "side N" side N - 1 */
    static const struct {
        const char *preset;
        int players, teams;
        unsigned flags;
    } games[] = {{"classic", 2, 0, 0},         {"classic", 4, 1, 0},     {"captains", 3, 0, 0},
                 {"battlefield", 4, 1, 0},     {"noddy", 6, 1, 0},       {"backward", 3, 0, 0},
                 {"classic", 3, 0, BFC_RULE_MUGGINS}, {"solitaire", 1, 0, 0}};
    for (size_t i = 0; i < sizeof games / sizeof *games; i++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            bfc_rules r;
            INT_EQ(bfc_rules_preset(&r, games[i].preset, games[i].players, games[i].teams), BFC_OK);
            r.flags |= games[i].flags;
            r.match = 5; /* the MATCH event names the side too */
            if (bfc_rules_check(&r) != BFC_OK)
                r.match = 0; /* solitaire: no match */
            bfc_game *g = bfc_game_new(&r, seed, NULL);
            uint64_t rng = seed;
            int over_texts = 0, plays = 0, shows = 0;
            size_t N = 0;
            for (long k = 0; g && !bfc_game_over(g) && k < 100000; k++) {
                bfc_observation o;
                bfc_move m;
                bfc_game_observe(g, bfc_game_to_move(g), &o);
                bfc_bot_greedy(&o, &rng, &m);
                if (bfc_game_apply(g, m, EV, NEV, &N) != BFC_OK)
                    break;
                for (size_t j = 0; j < N && j < NEV; j++) {
                    char line[512];
                    bfc_event_format(&EV[j], 0, line, sizeof line);
                    if (number_after(line, "player ") >= 1 && EV[j].type != BFC_EV_SEAT)
                        INT_EQ(number_after(line, "player "), EV[j].seat + 1);
                    if (EV[j].type == BFC_EV_PLAY) {
                        plays++;
                        INT_EQ(number_after(line, ", count "), bfc_event_count(&EV[j]));
                        CHECK(strstr(line, " for ") == NULL);
                    }
                    if (EV[j].type == BFC_EV_SHOW) {
                        shows++;
                        /* the starter, named as such, is the last card */
                        char starter[8];
                        bfc_card_format(EV[j].item.cards[EV[j].item.ncards - 1], 0, starter,
                                        sizeof starter);
                        const char *p = strstr(line, " with the starter ");
                        CHECK(p && strncmp(p + 18, starter, strlen(starter)) == 0);
                    }
                    if (EV[j].type == BFC_EV_GAME_OVER && bfc_game_winner(g) >= 0) {
                        over_texts++;
                        INT_EQ(number_after(line, "side "), bfc_game_winner(g) + 1);
                    }
                    if (EV[j].type == BFC_EV_MATCH)
                        INT_EQ(number_after(line, "side "), bfc_game_winner(g) + 1);
                }
            }
            if (!CHECK(g && bfc_game_over(g) == 1)) {
                bfc_game_free(g);
                continue;
            }
            CHECK(over_texts == (bfc_game_winner(g) >= 0));
            if (r.variant != BFC_VARIANT_BATTLEFIELD)
                CHECK(shows > 0 && plays > 0);
            /* the observation's text: the winning side by the same number,
               with its players */
            bfc_observation o;
            bfc_game_observe(g, 0, &o);
            char text[4096];
            bfc_observation_format(&o, 0, text, sizeof text);
            const int w = bfc_game_winner(g);
            if (w < 0) {
                CHECK(strstr(text, "game over: lost") != NULL);
            } else if (bfc_game_sides(g) == r.players && !r.teams) {
                INT_EQ(number_after(text, "game over: player "), w + 1);
            } else {
                INT_EQ(number_after(text, "game over: side "), w + 1);
                /* its players are those bfc_game_side_of puts on it */
                char want[64] = "";
                int k = 0;
                for (int s = 0; s < r.players; s++)
                    if (bfc_game_side_of(g, s) == w)
                        k += snprintf(want + k, sizeof want - (size_t)k, "%s%d",
                                      k == 0 ? "" : " and ", s + 1);
                CHECK(strstr(text, want) != NULL);
            }
            bfc_game_free(g);
        }
    /* captain's cribbage: the team is side 2, players 2 and 3 */
    bfc_rules r;
    bfc_rules_preset(&r, "captains", 0, 0);
    bfc_game *g = bfc_game_new(&r, 1, NULL);
    bfc_observation o;
    bfc_game_observe(g, 1, &o);
    char text[4096];
    bfc_observation_format(&o, 0, text, sizeof text);
    CHECK(strstr(text, "scores: side 1 (player 1) 0, side 2 (players 2 and 3) 0\n") != NULL);
    bfc_game_free(g);
    bfc_rules_preset(&r, "classic", 4, 1);
    g = bfc_game_new(&r, 1, NULL);
    bfc_game_observe(g, 1, &o);
    bfc_observation_format(&o, 0, text, sizeof text);
    CHECK(strstr(text, "scores: side 1 (players 1 and 3) 0, side 2 (players 2 and 4) 0\n") != NULL);
    bfc_game_free(g);
}

/* RULES D7 and the classic games' hidden hands: what each seat may see of
 * every event of real games. */
static void test_api__event_visible(void)
{
    static const struct {
        const char *preset;
        int players;
        unsigned flags;
    } games[] = {{"battlefield", 3, 0}, {"classic", 2, 0}, {"noddy", 3, 0},
                 {"noddy", 2, BFC_RULE_MUGGINS}, {"classic", 6, 0}};
    int hidden_draws = 0, hidden_discards = 0, private_hands = 0, own_seen = 0;
    for (size_t gi = 0; gi < sizeof games / sizeof *games; gi++) {
        bfc_rules r;
        bfc_rules_preset(&r, games[gi].preset, games[gi].players, 0);
        r.flags |= games[gi].flags;
        bfc_game *g = bfc_game_new(&r, 9, NULL);
        uint64_t rng = 9;
        size_t n = 0;
        while (!bfc_game_over(g)) {
            bfc_observation o;
            bfc_move m;
            bfc_game_observe(g, bfc_game_to_move(g), &o);
            bfc_bot_greedy(&o, &rng, &m);
            bfc_game_apply(g, m, EV, NEV, &n);
            for (size_t i = 0; i < n && i < NEV; i++)
                for (int v = 0; v < r.players; v++) {
                    bfc_event out;
                    memset(&out, 0x5A, sizeof out);
                    const int vis = bfc_event_visible(&EV[i], &r, v, &out);
                    const int own = EV[i].seat == v;
                    const int noddy_hand = r.variant == BFC_VARIANT_NODDY &&
                                           (EV[i].type == BFC_EV_SHOW ||
                                            (EV[i].type == BFC_EV_SCORE &&
                                             EV[i].source == BFC_SRC_HAND));
                    if (noddy_hand && !own) {
                        INT_EQ(vis, 0);
                        private_hands++;
                        continue;
                    }
                    INT_EQ(vis, 1);
                    if ((EV[i].type == BFC_EV_DRAW || EV[i].type == BFC_EV_DISCARD) && !own) {
                        INT_EQ(out.card, BFC_CARD_HIDDEN);
                        hidden_draws += EV[i].type == BFC_EV_DRAW;
                        hidden_discards += EV[i].type == BFC_EV_DISCARD;
                        out.card = EV[i].card; /* the rest is as the game said */
                    }
                    own_seen += own;
                    CHECK(memcmp(&out, &EV[i], sizeof out) == 0);
                }
        }
        bfc_game_free(g);
    }
    CHECK(hidden_draws > 0 && hidden_discards > 0 && private_hands > 0 && own_seen > 0);
    bfc_rules r;
    bfc_rules_init(&r);
    bfc_event e;
    memset(&e, 0, sizeof e);
    e.type = BFC_EV_DRAW;
    INT_EQ(bfc_event_visible(&e, &r, 2, NULL), BFC_EINVAL); /* 2 players */
    INT_EQ(bfc_event_visible(&e, &r, -1, NULL), BFC_EINVAL);
    INT_EQ(bfc_event_visible(NULL, &r, 0, NULL), BFC_EINVAL);
    INT_EQ(bfc_event_visible(&e, NULL, 0, NULL), BFC_EINVAL);
    INT_EQ(bfc_event_visible(&e, &r, 0, NULL), 1);
    e.type = 0;
    INT_EQ(bfc_event_visible(&e, &r, 0, NULL), BFC_EINVAL);
}

/* ---- The events of a game's start --------------------------------------- */

/* The points of the SCORE events per side, and BOARD moves, replayed. */
static void sum_scores(const bfc_event *ev, size_t n, int *side_score)
{
    for (size_t i = 0; i < n && i < NEV; i++)
        if (ev[i].type == BFC_EV_SCORE || ev[i].type == BFC_EV_BOARD)
            side_score[ev[i].side == 0xFF ? 0 : ev[i].side] = ev[i].score;
}

static void test_api__start_events(void)
{
    static const struct {
        const char *preset;
        int players;
        unsigned flags;
    } games[] = {{"battlefield", 2, 0}, {"battlefield", 3, 0}, {"classic", 2, 0},
                 {"five-card", 2, 0},   {"noddy", 4, 0},       {"noddy", 3, BFC_RULE_MUGGINS},
                 {"solitaire", 1, 0},   {"crib-wars", 3, 0}};
    int ceasefires = 0, scored = 0;
    for (size_t gi = 0; gi < sizeof games / sizeof *games; gi++) {
        for (uint64_t seed = 0; seed < 300; seed++) {
            bfc_rules r;
            bfc_rules_preset(&r, games[gi].preset, games[gi].players, 0);
            r.flags |= games[gi].flags;
            size_t n = 0;
            int st = -1;
            bfc_game *g = bfc_game_new_events(&r, seed, EV, NEV, &n, &st);
            bfc_game *plain = bfc_game_new(&r, seed, NULL);
            if (!CHECK(g && plain && st == BFC_OK)) {
                bfc_game_free(g);
                bfc_game_free(plain);
                continue;
            }
            /* the same game as bfc_game_new */
            char a[8192], b[8192];
            bfc_game_save(g, a, sizeof a);
            bfc_game_save(plain, b, sizeof b);
            STR_EQ(a, b);
            /* the cut (D6) comes first, then the deal */
            size_t i = 0;
            int cuts = 0;
            while (i < n && EV[i].type == BFC_EV_CUT)
                i++, cuts++;
            CHECK(r.players == 1 ? cuts == 0 : cuts >= r.players);
            CHECK(i < n && EV[i].type == BFC_EV_DEAL);
            /* the first dealer cut lowest in the deciding round (D6) */
            bfc_observation o;
            bfc_game_observe(g, 0, &o);
            int low = -1;
            for (int s = 0; s < r.players; s++)
                if (o.cut[s] != BFC_CARD_NONE &&
                    (low < 0 || bfc_card_rank(o.cut[s]) < bfc_card_rank(o.cut[low])))
                    low = s;
            if (i < n && cuts)
                INT_EQ(EV[i].seat, low);
            /* every point scored before the first move is an event */
            int want[6] = {0}, got[6] = {0};
            bfc_game_scores(g, want, 6);
            sum_scores(EV, n, got);
            CHECK(memcmp(want, got, sizeof want) == 0);
            for (size_t k = 0; k < n; k++) {
                ceasefires += EV[k].type == BFC_EV_CEASEFIRE;
                scored += EV[k].type == BFC_EV_SCORE;
            }
            bfc_game_free(g);
            bfc_game_free(plain);
        }
    }
    CHECK(ceasefires > 0); /* 1 deal in 53 */
    CHECK(scored > 0);
    /* bad arguments: no game, the status says why */
    bfc_rules r;
    bfc_rules_init(&r);
    int st = 0;
    CHECK(bfc_game_new_events(&r, 1, NULL, 4, NULL, &st) == NULL);
    INT_EQ(st, BFC_EINVAL);
    r.players = 7;
    CHECK(bfc_game_new_events(&r, 1, EV, NEV, NULL, &st) == NULL);
    INT_EQ(st, BFC_EINVAL);
}

/* bfc_game_next_events: the next game's first deal, with its events. */
static void test_api__next_events(void)
{
    bfc_rules r;
    bfc_rules_preset(&r, "five-card", 0, 0);
    bfc_game *g = bfc_game_new(&r, 3, NULL);
    uint64_t rng = 3;
    size_t n = 9;
    INT_EQ(bfc_game_next_events(g, EV, NEV, &n), BFC_EINVAL); /* not over */
    INT_EQ(n, 9);
    while (!bfc_game_over(g)) {
        bfc_observation o;
        bfc_move m;
        bfc_game_observe(g, bfc_game_to_move(g), &o);
        bfc_bot_greedy(&o, &rng, &m);
        bfc_game_apply(g, m, NULL, 0, NULL);
    }
    const int winner_seat = bfc_game_winning_seat(g);
    INT_EQ(bfc_game_next_events(g, EV, NEV, &n), BFC_OK);
    CHECK(n >= 2);
    INT_EQ(EV[0].type, BFC_EV_DEAL);
    INT_EQ(EV[0].seat, winner_seat); /* RULES 4.2: the winner deals */
    /* RULES 3.5: the non-dealer's three, as an event */
    CHECK(EV[n - 1].type == BFC_EV_SCORE && EV[n - 1].source == BFC_SRC_FIRST &&
          EV[n - 1].points == 3);
    INT_EQ(bfc_game_next_events(NULL, EV, NEV, &n), BFC_EINVAL);
    bfc_game_free(g);
}

/* ---- The observation's new facts ------------------------------------------ */

static void test_api__observation_facts(void)
{
    /* throws: during the discard only, what the rules say */
    static const struct {
        const char *preset;
        int players;
    } t[] = {{"classic", 2}, {"classic", 3}, {"classic", 6}, {"five-card", 2}, {"solitaire", 1}};
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        bfc_rules r;
        bfc_rules_preset(&r, t[i].preset, t[i].players, 0);
        bfc_game *g = bfc_game_new(&r, 11, NULL);
        uint64_t rng = 5;
        int discards = 0;
        while (!bfc_game_over(g) && bfc_game_phase(g) != BFC_PHASE_PLAY) {
            bfc_observation o;
            bfc_move m;
            bfc_game_observe(g, bfc_game_to_move(g), &o);
            INT_EQ(o.throws, bfc_game_phase(g) == BFC_PHASE_DISCARD ? bfc_rules_throws(&r) : 0);
            INT_EQ(o.limit_reached, 0);
            bfc_bot_random(&o, &rng, &m);
            bfc_move_info d;
            bfc_move_decode(m, &d);
            if (d.kind == BFC_MOVEKIND_DISCARD)
                INT_EQ(d.ncards, o.throws), discards++;
            bfc_game_apply(g, m, NULL, 0, NULL);
        }
        INT_EQ(discards, t[i].players);
        bfc_observation o;
        bfc_game_observe(g, 0, &o);
        INT_EQ(o.throws, 0);
        bfc_game_free(g);
    }
    /* limit_reached: the turn limit D9 forces the turn card */
    bfc_rules r;
    bfc_rules_init(&r);
    r.turn_limit = 3;
    bfc_game *g = bfc_game_new(&r, 4, NULL);
    uint64_t rng = 9;
    int forced = 0;
    while (!bfc_game_over(g)) {
        bfc_observation o;
        bfc_move m, legal[BFC_MAX_MOVES];
        const int seat = bfc_game_to_move(g);
        bfc_game_observe(g, seat, &o);
        const int n = bfc_game_legal_moves(g, legal, BFC_MAX_MOVES);
        if (o.limit_reached) {
            forced++;
            CHECK(n == 1 && legal[0] == BFC_MOVE_TURN && o.phase == BFC_PHASE_TURN);
        } else if (o.phase == BFC_PHASE_TURN) {
            CHECK(o.turns < 3);
        }
        /* another seat sees the same fact (RULES D7) */
        bfc_observation p;
        bfc_game_observe(g, (seat + 1) % 2, &p);
        INT_EQ(p.limit_reached, o.limit_reached);
        bfc_bot_random(&o, &rng, &m);
        bfc_game_apply(g, m, NULL, 0, NULL);
    }
    CHECK(forced > 0);
    bfc_game_free(g);
}

/* ---- The generator ---------------------------------------------------------- */

static void test_api__rng_next(void)
{
    /* splitmix64's published first outputs from state 0 */
    uint64_t s = 0;
    CHECK(bfc_rng_next(&s) == UINT64_C(0xE220A8397B1DCDAF));
    CHECK(bfc_rng_next(&s) == UINT64_C(0x6E789E6AA1B965F4));
    CHECK(bfc_rng_next(&s) == UINT64_C(0x06C45D188009454F));
    CHECK(s == UINT64_C(0x9E3779B97F4A7C15) * 3);
    INT_EQ(bfc_rng_next(NULL), 0);
}

/* ---- Saves of format 1 ------------------------------------------------------ */

static void test_api__save_format_1(void)
{
    /* a muggins game saved by 0.1: flags 0x20 meant muggins; its rules line
       had 8 numbers and its deal line 16 */
    bfc_rules r;
    bfc_rules_preset(&r, "classic", 2, 0);
    r.flags = BFC_RULE_MUGGINS | BFC_RULE_NO_LATE_HEELS;
    bfc_game *g = bfc_game_new(&r, 21, NULL);
    char v2[8192], v1[8192], again[8192];
    bfc_game_save(g, v2, sizeof v2);
    const char *head2 = "bfc-game 3\nrules 1 2 0 121 0 -1 0 1280 0 0 0\n";
    CHECK(strncmp(v2, head2, strlen(head2)) == 0);
    /* the same state as format 1 wrote it: the deal line without its last
       two numbers (resume "-" and owed "0"), no goes line (format 3) */
    snprintf(v1, sizeof v1, "bfc-game 1\nrules 1 2 0 121 0 -1 0 160\n%s", v2 + strlen(head2));
    char *end = strstr(v1, " - 0\nscore");
    if (CHECK(end != NULL))
        memmove(end, end + 4, strlen(end + 4) + 1);
    char *goes = strstr(v1, "\ngoes 0 0");
    if (CHECK(goes != NULL))
        memmove(goes, goes + 9, strlen(goes + 9) + 1);
    bfc_game *h = NULL;
    INT_EQ(bfc_game_load(&h, v1), BFC_OK);
    if (CHECK(h != NULL)) {
        INT_EQ(bfc_game_rules(h)->flags, BFC_RULE_MUGGINS | BFC_RULE_NO_LATE_HEELS);
        bfc_game_save(h, again, sizeof again);
        STR_EQ(again, v2); /* saved again: format 3 */
    }
    bfc_game_free(h);
    /* a Battlefield save of 0.1 with the D10 option (0x10) */
    bfc_rules_init(&r);
    r.flags = BFC_RULE_ANY_LAY_AWAY;
    bfc_game *b = bfc_game_new(&r, 8, NULL);
    bfc_game_save(b, v2, sizeof v2);
    const char *bhead = "bfc-game 3\nrules 0 2 0 121 200 -1 0 2048 0 0 0\n";
    CHECK(strncmp(v2, bhead, strlen(bhead)) == 0);
    snprintf(v1, sizeof v1, "bfc-game 1\nrules 0 2 0 121 200 -1 0 16\n%s", v2 + strlen(bhead));
    h = NULL;
    INT_EQ(bfc_game_load(&h, v1), BFC_OK);
    if (CHECK(h != NULL))
        INT_EQ(bfc_game_rules(h)->flags, BFC_RULE_ANY_LAY_AWAY);
    bfc_game_free(h);
    /* format 1 with a bit 0.1 never had: refused as a bad state */
    snprintf(v1, sizeof v1, "bfc-game 1\nrules 0 2 0 121 200 -1 0 1\n%s", v2 + strlen(bhead));
    h = NULL;
    INT_EQ(bfc_game_load(&h, v1), BFC_ESTATE);
    CHECK(h == NULL);
    bfc_game_free(g);
    bfc_game_free(b);
}

/* ---- The bots ------------------------------------------------------------ */

/* Bug: the greedy bot declared 0 for every Noddy hand with muggins (its
 * observation shows no judged cards: Noddy hands are declared unseen, but
 * the declarer holds its own). bfc.h promises an honest count: a claim on
 * any of its declarations (hands, and cards in the play, D12) finds
 * nothing wrong. */
static void test_api__greedy_declares_honestly_in_noddy(void)
{
    int declared = 0, honest = 0, nonzero = 0, hands = 0;
    for (uint64_t seed = 0; seed < 40; seed++) {
        bfc_rules r;
        bfc_rules_preset(&r, "noddy", 2 + (int)(seed % 3), 0);
        r.flags |= BFC_RULE_MUGGINS;
        bfc_game *g = bfc_game_new(&r, seed, NULL);
        uint64_t rng = seed;
        while (!bfc_game_over(g)) {
            bfc_observation o;
            bfc_move m;
            bfc_game_observe(g, bfc_game_to_move(g), &o);
            bfc_bot_greedy(&o, &rng, &m);
            if (m >= BFC_MOVE_DECLARE && m < BFC_MOVE_CLAIM) {
                declared++;
                nonzero += m != BFC_MOVE_DECLARE;
                hands += o.counting == 0;
                bfc_game *peek = bfc_game_clone(g);
                bfc_game_apply(peek, m, NULL, 0, NULL);
                size_t k = 0;
                bfc_game_apply(peek, BFC_MOVE_CLAIM, EV, NEV, &k);
                honest += k > 0 && EV[0].type == BFC_EV_CLAIM && EV[0].points == 0;
                bfc_game_free(peek);
            }
            bfc_game_apply(g, m, NULL, 0, NULL);
        }
        bfc_game_free(g);
    }
    CHECK(declared > 50 && hands > 50);
    CHECK(nonzero > hands / 2);
    INT_EQ(honest, declared);
}

/* Bug: with no turn limit (D9 = 0) two greedy bots could trade the
 * frontline's end card for ever. The bots must make progress. */
static void test_api__greedy_progress_without_turn_limit(void)
{
    const int games = 300 / harness_quick + 20;
    int longest = 0;
    for (int i = 0; i < games; i++) {
        bfc_rules r;
        bfc_rules_init(&r);
        r.turn_limit = 0;
        r.players = 2 + i % 3;
        bfc_game *g = bfc_game_new(&r, (uint64_t)i, NULL);
        uint64_t rng = (uint64_t)i * 7 + 1;
        int moves = 0;
        while (!bfc_game_over(g) && moves < 1000000) {
            bfc_observation o;
            bfc_move m;
            bfc_game_observe(g, bfc_game_to_move(g), &o);
            bfc_bot_greedy(&o, &rng, &m);
            bfc_game_apply(g, m, NULL, 0, NULL);
            moves++;
        }
        CHECK(bfc_game_over(g) == 1);
        longest = moves > longest ? moves : longest;
        bfc_game_free(g);
    }
    /* a skirmish draws at most 40 cards: a game takes far fewer moves */
    CHECK(longest < 20000);
}

/* ---- Whole games in C ------------------------------------------------------ */

/* The same games move by move through the public API, points tallied from
 * the SCORE events (the first deal's from bfc_game_new_events). */
static void sim_by_hand(const bfc_rules *r, const bfc_bot_fn *bots, uint64_t seed, uint64_t n,
                        bfc_sim_result *out)
{
    memset(out, 0, sizeof *out);
    for (uint64_t i = 0; i < n; i++) {
        const uint64_t gs = bfc_sim_game_seed(seed, i);
        size_t k = 0;
        bfc_game *g = bfc_game_new_events(r, gs, EV, NEV, &k, NULL);
        uint64_t rng[6];
        for (int s = 0; s < r->players; s++)
            rng[s] = bfc_sim_bot_seed(gs, s);
        for (;;) {
            for (size_t e = 0; e < k && e < NEV; e++)
                if (EV[e].type == BFC_EV_SCORE)
                    out->points[EV[e].seat][EV[e].source] += EV[e].points;
            if (bfc_game_over(g))
                break;
            const int s = bfc_game_to_move(g);
            bfc_observation o;
            bfc_move m;
            bfc_game_observe(g, s, &o);
            bots[s](&o, &rng[s], &m);
            bfc_game_apply(g, m, EV, NEV, &k);
            out->moves++;
        }
        out->games++;
        if (bfc_game_winner(g) >= 0) {
            out->wins[bfc_game_winner(g)]++;
            out->value_sum[bfc_game_winner(g)] += (uint64_t)bfc_game_value(g);
        }
        bfc_game_free(g);
    }
}

static int bad_bot(const bfc_observation *o, uint64_t *rng, bfc_move *out)
{
    (void)o;
    (void)rng;
    *out = BFC_MOVE_COUNT - 1; /* a pass, never legal at the start */
    return BFC_OK;
}

static void test_api__sim_run(void)
{
    /* the seeds: game i from the (i+1)-th output of splitmix64 */
    uint64_t st = 12345;
    for (uint64_t i = 0; i < 5; i++)
        CHECK(bfc_sim_game_seed(12345, i) == bfc_rng_next(&st));
    static const struct {
        const char *preset;
        int players;
        unsigned flags;
    } games[] = {{"battlefield", 2, 0}, {"battlefield", 4, 0}, {"classic", 3, BFC_RULE_MUGGINS},
                 {"noddy", 4, 0},       {"five-card", 2, 0},  {"solitaire", 1, 0},
                 {"crib-wars", 3, 0},   {"seven-card", 2, 0}};
    for (size_t gi = 0; gi < sizeof games / sizeof *games; gi++) {
        bfc_rules r;
        bfc_rules_preset(&r, games[gi].preset, games[gi].players, 0);
        r.flags |= games[gi].flags;
        bfc_bot_fn bots[6] = {bfc_bot_greedy, bfc_bot_random, bfc_bot_greedy,
                              bfc_bot_random, bfc_bot_greedy, bfc_bot_random};
        const uint64_t n = 24;
        bfc_sim_result a, b, shards;
        memset(&a, 0, sizeof a);
        INT_EQ(bfc_sim_run(&r, bots, 7, 0, n, 1, &a), BFC_OK);
        sim_by_hand(&r, bots, 7, n, &b);
        if (!CHECK(memcmp(&a, &b, sizeof a) == 0))
            fprintf(stderr, "  %s: games %llu/%llu moves %llu/%llu\n", games[gi].preset,
                    (unsigned long long)a.games, (unsigned long long)b.games,
                    (unsigned long long)a.moves, (unsigned long long)b.moves);
        /* three shards add up to the whole run exactly */
        memset(&shards, 0, sizeof shards);
        for (uint64_t k = 0; k < 3; k++)
            INT_EQ(bfc_sim_run(&r, bots, 7, k, n / 3, 3, &shards), BFC_OK);
        CHECK(memcmp(&a, &shards, sizeof a) == 0);
    }
    /* refusals leave the result as it was */
    bfc_rules r;
    bfc_rules_init(&r);
    bfc_bot_fn bots[2] = {bfc_bot_random, bfc_bot_random};
    bfc_sim_result res, keep;
    memset(&res, 0, sizeof res);
    INT_EQ(bfc_sim_run(&r, bots, 1, 0, 3, 1, &res), BFC_OK);
    keep = res;
    INT_EQ(bfc_sim_run(&r, bots, 1, 0, 3, 0, &res), BFC_EINVAL);
    INT_EQ(bfc_sim_run(NULL, bots, 1, 0, 3, 1, &res), BFC_EINVAL);
    INT_EQ(bfc_sim_run(&r, NULL, 1, 0, 3, 1, &res), BFC_EINVAL);
    INT_EQ(bfc_sim_run(&r, bots, 1, 0, 3, 1, NULL), BFC_EINVAL);
    bfc_bot_fn one[2] = {bfc_bot_random, NULL};
    INT_EQ(bfc_sim_run(&r, one, 1, 0, 3, 1, &res), BFC_EINVAL);
    bfc_bot_fn cheat[2] = {bad_bot, bad_bot};
    INT_EQ(bfc_sim_run(&r, cheat, 1, 0, 3, 1, &res), BFC_EILLEGAL);
    r.players = 9;
    INT_EQ(bfc_sim_run(&r, bots, 1, 0, 3, 1, &res), BFC_EINVAL);
    CHECK(memcmp(&res, &keep, sizeof res) == 0);
    INT_EQ(res.games, 3);
}

/* ---- Observations handed in (issue 39) ------------------------------------- */

enum { OBS_CALLS = 9 };

/* Every public function that reads an observation, on o: their statuses.
 * A guard byte after each buffer proves that nothing is written past it. */
static void observation_calls(const bfc_observation *o, int rc[OBS_CALLS])
{
    struct {
        bfc_move m[BFC_MAX_MOVES];
        unsigned char guard;
    } lm;
    struct {
        bfc_discard_option d[16];
        unsigned char guard;
    } ad;
    char buf[4096];
    uint64_t rng = 7, unseen = 0;
    bfc_move mv = BFC_MOVE_NONE;
    lm.guard = ad.guard = 0x5A;
    rc[0] = bfc_observation_legal_moves(o, lm.m, BFC_MAX_MOVES);
    rc[1] = bfc_observation_format(o, 0, buf, sizeof buf);
    rc[2] = bfc_observation_unseen(o, &unseen);
    rc[3] = bfc_bot_random(o, &rng, &mv);
    rc[4] = bfc_bot_greedy(o, &rng, &mv);
    rc[5] = bfc_advise_discard_observation(o, BFC_CRIB_UNIFORM, ad.d, 16);
    rc[6] = bfc_advise_discard_win(o, BFC_CRIB_UNIFORM, ad.d, 16);
    rc[7] = bfc_explain_move(o, rc[0] > 0 ? lm.m[0] : BFC_MOVE_NONE, 0, buf, sizeof buf);
    rc[8] = rc[5] > 0 ? bfc_explain_discard(o, &ad.d[0], 0, buf, sizeof buf) : BFC_EINVAL;
    CHECK(lm.guard == 0x5A && ad.guard == 0x5A);
}

/* An observation changed by hand -- a card set past the deck, a count its
 * phase cannot have, a seat or side out of range, cards in two places --
 * is refused with BFC_EINVAL by every function that takes one (issue 39:
 * a three-player discard observation with hand = ~0 made bfc_bot_random
 * write 64 moves into a 48-move buffer); the observation the library
 * wrote is accepted. Random byte edits never crash (make sanitize). */
static void test_api__edited_observation_refused_everywhere(void)
{
    static const struct {
        int variant, players;
        unsigned flags;
    } kinds[] = {
        {BFC_VARIANT_BATTLEFIELD, 2, 0}, {BFC_VARIANT_BATTLEFIELD, 3, 0},
        {BFC_VARIANT_BATTLEFIELD, 4, 0}, {BFC_VARIANT_CLASSIC, 2, 0},
        {BFC_VARIANT_CLASSIC, 3, 0},     {BFC_VARIANT_CLASSIC, 4, 0},
        {BFC_VARIANT_CLASSIC, 2, BFC_RULE_MUGGINS}, {BFC_VARIANT_FIVE_CARD, 2, 0},
        {BFC_VARIANT_SEVEN_CARD, 2, 0},  {BFC_VARIANT_NODDY, 2, 0},
        {BFC_VARIANT_SOLITAIRE, 1, 0},
    };
    uint64_t x = 39;
    long refused = 0, edited = 0;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        bfc_rules r;
        bfc_rules_init_variant(&r, kinds[k].variant);
        r.players = (uint8_t)kinds[k].players;
        r.flags |= kinds[k].flags;
        if (!CHECK(bfc_rules_check(&r) == BFC_OK))
            continue;
        bfc_game *g = bfc_game_new(&r, 100 + k, NULL);
        for (int step = 0; g && step < 120 / harness_quick + 8; step++) {
            for (int seat = 0; seat < r.players; seat++) {
                bfc_observation o, e;
                CHECK(bfc_game_observe(g, seat, &o) == BFC_OK);
                int base[OBS_CALLS], rc[OBS_CALLS];
                observation_calls(&o, base);
                CHECK(base[0] >= 0 || base[0] == BFC_EHIDDEN); /* accepted */
                CHECK(base[1] > 0 && base[2] == BFC_OK);
                for (int edit = 0; edit < 18; edit++) {
                    e = o;
                    switch (edit) {
                    case 0: e.hand = ~UINT64_C(0); break;
                    case 1: e.played[0] |= UINT64_C(1) << 60; break;
                    case 2: e.out_of_play |= UINT64_C(1) << 63; break;
                    case 3: e.held_by[e.seat]++; break;
                    case 4: e.seat = e.players; break;
                    case 5: e.players = 7; break;
                    case 6: e.phase = 9; break;
                    case 7: e.to_move = 6; break;
                    case 8: e.dealer = e.players; break;
                    case 9: e.sides = 0; break;
                    case 10: e.frontline.n = BFC_FRONTLINE_MAX + 1; break;
                    case 11: e.nseq = 17; break;
                    case 12: e.formation[0][0] = 60; break;
                    case 13: e.cut[0] = 60; break;
                    case 14: e.starter = BFC_JOKER; break;
                    case 15: e.crib = 60; break;
                    case 16: e.winner = 6; break;
                    default: e.go_room[0] = 31; break;
                    }
                    observation_calls(&e, rc);
                    for (int i = 0; i < OBS_CALLS; i++)
                        if (!CHECK(rc[i] == BFC_EINVAL))
                            fprintf(stderr, "  variant %d, %d players, step %d, edit %d: call %d gave %d\n",
                                    kinds[k].variant, r.players, step, edit, i, rc[i]);
                    refused++;
                }
                /* random byte edits: refused, or answered without harm */
                for (int t = 0; t < 6; t++) {
                    e = o;
                    unsigned char *b = (unsigned char *)&e;
                    for (int j = 0; j < 1 + t % 3; j++) {
                        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
                        b[(x >> 33) % sizeof e] = (unsigned char)(x >> 24);
                    }
                    observation_calls(&e, rc);
                    edited++;
                }
            }
            bfc_move m[BFC_MAX_MOVES];
            const int n = bfc_game_legal_moves(g, m, BFC_MAX_MOVES);
            if (n <= 0) {
                bfc_game_free(g);
                g = bfc_game_new(&r, 1000 + k * 100 + (uint64_t)step, NULL);
                continue;
            }
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            CHECK(bfc_game_apply(g, m[(x >> 33) % (uint64_t)n], NULL, 0, NULL) >= 0);
        }
        bfc_game_free(g);
    }
    CHECK(refused > 1000 && edited > 300);
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_api__flag_families);
    RUN(test_api__rules_problem);
    RUN(test_api__rules_problem_board_ok);
    RUN(test_api__presets);
    RUN(test_api__rules_throws);
    RUN(test_api__move_decode);
    RUN(test_api__names);
    RUN(test_api__event_accessors);
    RUN(test_api__event_format);
    RUN(test_api__issue_28_texts_say_counts_starters_and_sides);
    RUN(test_api__event_visible);
    RUN(test_api__start_events);
    RUN(test_api__next_events);
    RUN(test_api__observation_facts);
    RUN(test_api__rng_next);
    RUN(test_api__save_format_1);
    RUN(test_api__greedy_declares_honestly_in_noddy);
    RUN(test_api__greedy_progress_without_turn_limit);
    RUN(test_api__sim_run);
    RUN(test_api__edited_observation_refused_everywhere);
    return harness_done();
}
