/* The ABI of the public value structs and constants, pinned: the size,
 * alignment and field offsets of every struct a caller allocates or reads,
 * and the numbers a compiled program carries (move ids, bounds, the save
 * version). A program built against one 0.1 header must keep working with
 * any 0.1 library, so a change here is an ABI change: update the pin on
 * purpose, and say so in the CHANGELOG (while MAJOR is 0 a minor release may
 * break the ABI; the SONAME follows MAJOR).
 *
 * The pins are those of LP64 platforms (x86-64, AArch64, ...); elsewhere the
 * layout checks are skipped with a note and only the constants are checked. */
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>

#include "bfc.h"
#include "harness.h"

struct pin {
    const char *what;
    size_t got, want;
};

#define SIZE(t, size, align) {#t " size", sizeof(t), size}, {#t " align", alignof(t), align}
#define FIELD(t, m, off) {#t "." #m " offset", offsetof(t, m), off}
#define CONST(c, v) {#c, (size_t)(c), v}

static void check_pins(const struct pin *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!CHECK(p[i].got == p[i].want))
            fprintf(stderr, "  %s is %zu, pinned %zu\n", p[i].what, p[i].got, p[i].want);
}

static void test_abi__struct_layout(void)
{
#if UINTPTR_MAX == UINT64_MAX && SIZE_MAX == UINT64_MAX
    if (alignof(uint64_t) != 8 || sizeof(int) != 4) {
        fprintf(stderr, "note: not an LP64 layout; struct pins skipped\n");
        return;
    }
    static const struct pin pins[] = {
        SIZE(bfc_parse_error, 24, 8),
        FIELD(bfc_parse_error, offset, 0),
        FIELD(bfc_parse_error, length, 8),
        FIELD(bfc_parse_error, status, 16),
        SIZE(bfc_hand_score, 8, 1),
        FIELD(bfc_hand_score, total, 0),
        FIELD(bfc_hand_score, killed, 6),
        FIELD(bfc_hand_score, reserved, 7),
        SIZE(bfc_battlefield, 48, 4),
        FIELD(bfc_battlefield, best, 0),
        FIELD(bfc_battlefield, legal, 4),
        FIELD(bfc_battlefield, by_lay_away, 8),
        SIZE(bfc_frontline_score, 12, 1),
        FIELD(bfc_frontline_score, renewed, 0),
        FIELD(bfc_frontline_score, placer_points, 8),
        FIELD(bfc_frontline_score, reserved, 11),
        SIZE(bfc_frontline, 40, 8),
        FIELD(bfc_frontline, mask, 0),
        FIELD(bfc_frontline, recent, 8),
        FIELD(bfc_frontline, n, 16),
        FIELD(bfc_frontline, sum, 17),
        FIELD(bfc_frontline, cards, 18),
        SIZE(bfc_peg_score, 6, 1),
        FIELD(bfc_peg_score, count, 0),
        FIELD(bfc_peg_score, total, 5),
        SIZE(bfc_item, 20, 1),
        FIELD(bfc_item, kind, 0),
        FIELD(bfc_item, points, 1),
        FIELD(bfc_item, combo, 2),
        FIELD(bfc_item, ncards, 3),
        FIELD(bfc_item, cards, 4),
        SIZE(bfc_hole, 3, 1),
        FIELD(bfc_hole, at, 0),
        FIELD(bfc_hole, kind, 1),
        FIELD(bfc_hole, to, 2),
        SIZE(bfc_board, 52, 1),
        FIELD(bfc_board, n, 0),
        FIELD(bfc_board, hole, 4),
        SIZE(bfc_rules, 96, 4),
        FIELD(bfc_rules, variant, 0),
        FIELD(bfc_rules, players, 4),
        FIELD(bfc_rules, teams, 8),
        FIELD(bfc_rules, target, 12),
        FIELD(bfc_rules, turn_limit, 16),
        FIELD(bfc_rules, first_dealer, 20),
        FIELD(bfc_rules, value, 24),
        FIELD(bfc_rules, flags, 28),
        FIELD(bfc_rules, board, 32),
        FIELD(bfc_rules, next_dealer, 84),
        FIELD(bfc_rules, match, 88),
        FIELD(bfc_rules, match_points, 92),
        SIZE(bfc_event, 32, 2),
        FIELD(bfc_event, type, 0),
        FIELD(bfc_event, seat, 1),
        FIELD(bfc_event, side, 2),
        FIELD(bfc_event, source, 3),
        FIELD(bfc_event, card, 4),
        FIELD(bfc_event, slot, 5),
        FIELD(bfc_event, points, 6),
        FIELD(bfc_event, score, 8),
        FIELD(bfc_event, turn, 10),
        FIELD(bfc_event, item, 12),
        SIZE(bfc_observation, 408, 8),
        FIELD(bfc_observation, rules, 0),
        FIELD(bfc_observation, seat, 96),
        FIELD(bfc_observation, players, 97),
        FIELD(bfc_observation, to_move, 100),
        FIELD(bfc_observation, held, 107),
        FIELD(bfc_observation, laid, 109),
        FIELD(bfc_observation, winning_seat, 116),
        FIELD(bfc_observation, turns, 120),
        FIELD(bfc_observation, skirmish, 124),
        FIELD(bfc_observation, score, 128),
        FIELD(bfc_observation, faceup, 140),
        FIELD(bfc_observation, formation, 144),
        FIELD(bfc_observation, cut, 164),
        FIELD(bfc_observation, frontline, 176),
        FIELD(bfc_observation, out_of_play, 216),
        FIELD(bfc_observation, starter, 224),
        FIELD(bfc_observation, seq, 227),
        FIELD(bfc_observation, held_by, 243),
        FIELD(bfc_observation, counting, 251),
        FIELD(bfc_observation, hand, 256),
        FIELD(bfc_observation, thrown, 264),
        FIELD(bfc_observation, played, 272),
        FIELD(bfc_observation, shown, 320),
        FIELD(bfc_observation, crib_cards, 368),
        FIELD(bfc_observation, judged, 376),
        FIELD(bfc_observation, folded, 384),
        FIELD(bfc_observation, boxed, 385),
        FIELD(bfc_observation, box_deals, 386),
        FIELD(bfc_observation, throws, 387),
        FIELD(bfc_observation, limit_reached, 388),
        FIELD(bfc_observation, owed, 389),
        FIELD(bfc_observation, match, 390),
        FIELD(bfc_observation, go_room, 402),
        SIZE(bfc_move_info, 8, 1),
        FIELD(bfc_move_info, slot, 2),
        FIELD(bfc_move_info, card, 5),
        FIELD(bfc_move_info, points, 7),
        SIZE(bfc_preset, 56, 8),
        SIZE(bfc_sim_result, 880, 8),
        FIELD(bfc_sim_result, wins, 16),
        FIELD(bfc_sim_result, value_sum, 64),
        FIELD(bfc_sim_result, points, 112),
        FIELD(bfc_preset, variant, 24),
        FIELD(bfc_preset, players, 36),
        FIELD(bfc_preset, target, 52),
        SIZE(bfc_discard_option, 48, 8),
        FIELD(bfc_discard_option, move, 0),
        FIELD(bfc_discard_option, ndiscard, 2),
        FIELD(bfc_discard_option, nkeep, 3),
        FIELD(bfc_discard_option, discard, 4),
        FIELD(bfc_discard_option, keep, 6),
        FIELD(bfc_discard_option, to_crib, 11),
        FIELD(bfc_discard_option, reserved, 12),
        FIELD(bfc_discard_option, hand_ev, 16),
        FIELD(bfc_discard_option, crib_ev, 24),
        FIELD(bfc_discard_option, total_ev, 32),
        FIELD(bfc_discard_option, win, 40),
        SIZE(bfc_search_config, 48, 8),
        FIELD(bfc_search_config, iterations, 0),
        FIELD(bfc_search_config, time_ms, 4),
        FIELD(bfc_search_config, exploration, 8),
        FIELD(bfc_search_config, seed, 16),
        FIELD(bfc_search_config, playout, 24),
        FIELD(bfc_search_config, value, 28),
        FIELD(bfc_search_config, flags, 32),
        FIELD(bfc_search_config, nodes, 36),
        FIELD(bfc_search_config, worlds, 40),
        SIZE(bfc_search_stat, 32, 8),
        FIELD(bfc_search_stat, move, 0),
        FIELD(bfc_search_stat, searched, 2),
        FIELD(bfc_search_stat, wins_now, 3),
        FIELD(bfc_search_stat, visits, 4),
        FIELD(bfc_search_stat, value, 8),
        FIELD(bfc_search_stat, points, 16),
        FIELD(bfc_search_stat, same_as, 24),
        SIZE(bfc_search_info, 24, 8),
        FIELD(bfc_search_info, iterations, 0),
        FIELD(bfc_search_info, nodes, 4),
        FIELD(bfc_search_info, depth, 8),
        FIELD(bfc_search_info, candidates, 12),
        FIELD(bfc_search_info, ms, 16),
    };
    check_pins(pins, sizeof pins / sizeof pins[0]);
#else
    fprintf(stderr, "note: not an LP64 platform; struct pins skipped\n");
#endif
}

/* bfc_struct_size: the sizes the library was built with, by name. */
static void test_abi__struct_size(void)
{
    INT_EQ(bfc_struct_size("bfc_rules"), sizeof(bfc_rules));
    INT_EQ(bfc_struct_size("bfc_observation"), sizeof(bfc_observation));
    INT_EQ(bfc_struct_size("bfc_event"), sizeof(bfc_event));
    INT_EQ(bfc_struct_size("bfc_item"), sizeof(bfc_item));
    INT_EQ(bfc_struct_size("bfc_hand_score"), sizeof(bfc_hand_score));
    INT_EQ(bfc_struct_size("bfc_battlefield"), sizeof(bfc_battlefield));
    INT_EQ(bfc_struct_size("bfc_frontline"), sizeof(bfc_frontline));
    INT_EQ(bfc_struct_size("bfc_frontline_score"), sizeof(bfc_frontline_score));
    INT_EQ(bfc_struct_size("bfc_peg_score"), sizeof(bfc_peg_score));
    INT_EQ(bfc_struct_size("bfc_parse_error"), sizeof(bfc_parse_error));
    INT_EQ(bfc_struct_size("bfc_board"), sizeof(bfc_board));
    INT_EQ(bfc_struct_size("bfc_hole"), sizeof(bfc_hole));
    INT_EQ(bfc_struct_size("bfc_move_info"), sizeof(bfc_move_info));
    INT_EQ(bfc_struct_size("bfc_preset"), sizeof(bfc_preset));
    INT_EQ(bfc_struct_size("bfc_sim_result"), sizeof(bfc_sim_result));
    INT_EQ(bfc_struct_size("bfc_discard_option"), sizeof(bfc_discard_option));
    INT_EQ(bfc_struct_size("bfc_search_config"), sizeof(bfc_search_config));
    INT_EQ(bfc_struct_size("bfc_search_stat"), sizeof(bfc_search_stat));
    INT_EQ(bfc_struct_size("bfc_search_info"), sizeof(bfc_search_info));
    INT_EQ(bfc_struct_size("bfc_review_entry"), sizeof(bfc_review_entry));
    INT_EQ(bfc_struct_size("bfc_review_config"), sizeof(bfc_review_config));
    INT_EQ(bfc_struct_size("bfc_review_tally"), sizeof(bfc_review_tally));
    INT_EQ(bfc_struct_size("bfc_review_summary"), sizeof(bfc_review_summary));
    INT_EQ(bfc_struct_size("bfc_record_error"), sizeof(bfc_record_error));
    INT_EQ(bfc_struct_size("bfc_game"), 0); /* opaque */
    INT_EQ(bfc_struct_size("bfc_search"), 0);
    INT_EQ(bfc_struct_size("bfc_rule"), 0);
    INT_EQ(bfc_struct_size(""), 0);
    INT_EQ(bfc_struct_size(NULL), 0);
}

static void test_abi__constants(void)
{
    static const struct pin pins[] = {
        CONST(BFC_VERSION_MAJOR, 0),
        CONST(BFC_NCARDS, 52),
        CONST(BFC_JOKER, 52),
        CONST(BFC_CARD_NONE, 0xFF),
        CONST(BFC_CARD_HIDDEN, 0xFE),
        CONST(BFC_CARD_TEXT_MAX, 6),
        CONST(BFC_FRONTLINE_MAX, 16),
        CONST(BFC_PEG_MAX, 16),
        CONST(BFC_ITEM_MAX_CARDS, 16),
        CONST(BFC_MAX_ITEMS, 64),
        CONST(BFC_BOARD_MAX, 16),
        CONST(BFC_MOVE_REVEAL, 0),
        CONST(BFC_MOVE_DRAW, 10),
        CONST(BFC_MOVE_PLACE, 11),
        CONST(BFC_MOVE_SWAP, 12),
        CONST(BFC_MOVE_TAKE, 17),
        CONST(BFC_MOVE_TURN, 22),
        CONST(BFC_MOVE_LAYAWAY, 23),
        CONST(BFC_MOVE_PLAY, 28),
        CONST(BFC_MOVE_DISCARD, 80),
        CONST(BFC_MOVE_DISCARD2, 132),
        CONST(BFC_MOVE_DECLARE, 1458),
        CONST(BFC_MOVE_CLAIM, 1490),
        CONST(BFC_MOVE_PASS, 1491),
        CONST(BFC_MOVE_DECLARE_HIGH, 1492),
        CONST(BFC_DECLARE_MAX, 46),
        CONST(BFC_MOVE_COUNT, 1507),
        CONST(BFC_MOVE_NONE, 0xFFFF),
        CONST(BFC_MAX_MOVES, 48),
        CONST(BFC_MOVE_TEXT_MAX, 16),
        CONST(BFC_MAX_EVENTS, 256),
        CONST(BFC_SAVE_VERSION, 3),
        CONST(BFC_SCORE_FLAGS, 0x000000FF),
        CONST(BFC_RULES_FLAGS, 0x00FFFF00),
        CONST(BFC_PARSE_FLAGS, 0x0F000000),
        CONST(BFC_FORMAT_FLAGS, 0xF0000000u),
        CONST(BFC_CRIB, 0x01),
        CONST(BFC_KILL_CARD, 0x02),
        CONST(BFC_NODDY, 0x04),
        CONST(BFC_TURN_CARD, 0x08),
        CONST(BFC_ANY_LAY_AWAY, 0x10),
        CONST(BFC_RULE_MUGGINS, 0x100),
        CONST(BFC_RULE_BACKWARD, 0x200),
        CONST(BFC_RULE_NO_LATE_HEELS, 0x400),
        CONST(BFC_RULE_ANY_LAY_AWAY, 0x800),
        CONST(BFC_PARSE_JOKER, 0x01000000),
        CONST(BFC_UNICODE, 0x10000000),
        CONST(BFC_EV_CUT, 26),
        CONST(BFC_EV_MATCH, 27),
        CONST(BFC_EV_SEAT, 28),
        CONST(BFC_RULE_NO_TAKE_BACK, 0x1000),
        CONST(BFC_RULE_JOKER_KILLS_FORMATION, 0x2000),
        CONST(BFC_RULE_PARTNERS_BY_CUT, 0x4000),
        CONST(BFC_RULE_CAPTAIN, 0x8000),
        CONST(BFC_RULE_PAY_BEST_LOSER, 0x10000),
        CONST(BFC_RULE_PAY_WORST_LOSER, 0x20000),
        CONST(BFC_VARIANT_SEVEN_CARD, 5),
        CONST(BFC_CRIB_UNIFORM, 0),
        CONST(BFC_CRIB_PLAYED, 1),
        CONST(BFC_WIN_TABLE, 1),
        CONST(BFC_WIN_APPROX, 2),
        CONST(BFC_ROLE_DEALER, 0),
        CONST(BFC_ROLE_PONE, 1),
        CONST(BFC_ROLE_PARTNER, 2),
        CONST(BFC_PLAYOUT_RANDOM, 0),
        CONST(BFC_PLAYOUT_GUIDED, 1),
        CONST(BFC_PLAYOUT_GREEDY, 2),
        CONST(BFC_SEARCH_WIN, 0),
        CONST(BFC_SEARCH_MARGIN, 1),
        CONST(BFC_SEARCH_EXACT_DISCARD, 1),
        CONST(BFC_SEARCH_SOLVER, 2),
        CONST(BFC_SEARCH_BELIEF, 4),
        CONST(BFC_LEVEL_EASY, 1),
        CONST(BFC_LEVEL_MEDIUM, 2),
        CONST(BFC_LEVEL_HARD, 3),
        CONST(sizeof(bfc_card), 1),
        CONST(sizeof(bfc_move), 2),
    };
    check_pins(pins, sizeof pins / sizeof pins[0]);
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_abi__struct_layout);
    RUN(test_abi__struct_size);
    RUN(test_abi__constants);
    return harness_done();
}
