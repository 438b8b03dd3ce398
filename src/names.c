/* The English names of the library's enumerations, for programs that show
 * or log them: phases, variants, moves, events, sources of points, board
 * actions and holes. Each returns "?" for a value it does not know. */
#include "internal.h"

#define NAME(table, i)                                                                    \
    ((i) >= 0 && (size_t)(i) < sizeof(table) / sizeof(table)[0] && (table)[i] ? (table)[i] : "?")

const char *bfc_phase_name(int phase)
{
    static const char *const names[] = {"reveal",  "turn", "drawn",   "lay away", "over",
                                        "discard", "play", "declare", "claim"};
    return NAME(names, phase);
}

const char *bfc_variant_name(int variant)
{
    static const char *const names[] = {"battlefield", "classic", "five-card", "noddy",
                                        "solitaire", "seven-card"};
    return NAME(names, variant);
}

const char *bfc_move_kind_name(int kind)
{
    static const char *const names[] = {NULL,     "reveal", "draw",    "place", "swap",
                                        "take",   "turn",   "layaway", "play",  "discard",
                                        "declare", "claim", "pass"};
    return NAME(names, kind);
}

const char *bfc_event_name(int type)
{
    static const char *const names[] = {
        NULL,        "deal",     "cease-fire", "reveal",  "draw",      "place",   "swap",
        "take",      "renew",    "score",      "ending",  "turn card", "formation",
        "lay away",  "reserve",  "game over",  "discard", "starter",   "play",    "go",
        "reset",     "show",     "declare",    "claim",   "end of play", "board", "cut",
        "match",     "seat"};
    return NAME(names, type);
}

const char *bfc_source_name(int source)
{
    static const char *const names[] = {NULL,      "frontline", "go",   "knobs", "battlefield",
                                        "reserve", "cease-fire", "play", "hand",  "crib",
                                        "heels",   "muggins",   "first"};
    return NAME(names, source);
}

const char *bfc_board_action_name(int action)
{
    static const char *const names[] = {NULL,    "red skip",        "time trap", "penalty box",
                                        "green advance", "ahead", "out of the box", "lost"};
    return NAME(names, action);
}

const char *bfc_hole_kind_name(int kind)
{
    static const char *const names[] = {NULL, "red skip", "time trap", "penalty box",
                                        "green advance"};
    return NAME(names, kind);
}

const char *bfc_value_name(int value)
{
    static const char *const names[] = {"plain", "skunk", "margin", "lurch"};
    return NAME(names, value);
}

const char *bfc_match_points_name(int points)
{
    static const char *const names[] = {"games", "value", "acc", "skunks", "long", "free"};
    return NAME(names, points);
}

const char *bfc_next_dealer_name(int next)
{
    static const char *const names[] = {"winner", "loser", "left"};
    return NAME(names, next);
}
