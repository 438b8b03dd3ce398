/* The engine protocol's shared parts (proto.h, doc/protocol.md). */
#include "proto.h"

#include <stdio.h>
#include <string.h>

#include "games.h"

/* Appends to buf at *n what snprintf would, keeping count past cap. */
#define ADD(...)                                                                            \
    do {                                                                                    \
        const int k_ = snprintf(buf + (*n < cap ? *n : cap), *n < cap ? cap - *n : 0,       \
                                __VA_ARGS__);                                               \
        if (k_ > 0)                                                                         \
            *n += (size_t)k_;                                                               \
    } while (0)

/* A name with its spaces as '-' ("turn card" -> "turn-card"). */
static void word(const char *name, char *out, size_t cap)
{
    size_t i = 0;
    for (; name[i] && i + 1 < cap; i++)
        out[i] = name[i] == ' ' ? '-' : name[i];
    out[i] = '\0';
}

static void card_text(bfc_card c, char *out, size_t cap)
{
    if (c == BFC_CARD_HIDDEN || bfc_card_format(c, 0, out, cap) < 0)
        snprintf(out, cap, "??");
}

static void add_card(char *buf, size_t cap, size_t *n, const char *key, bfc_card c)
{
    char t[BFC_CARD_TEXT_MAX + 2];
    card_text(c, t, sizeof t);
    ADD(" %s %s", key, t);
}

int proto_event_line(const bfc_event *e, char *buf, size_t cap)
{
    size_t nn = 0, *n = &nn;
    char name[32];
    const char *ename = bfc_event_name(e->type);
    if (strcmp(ename, "?") == 0)
        return -1;
    word(ename, name, sizeof name);
    ADD("event %s seat %d side %d", name, e->seat, e->side);
    if (e->card != BFC_CARD_NONE)
        add_card(buf, cap, n, "card", e->card);
    if (e->slot != 0xFF)
        ADD(" slot %d", e->slot);
    const int points = bfc_event_points(e), count = bfc_event_count(e);
    if (points >= 0)
        ADD(" points %d", points);
    if (count >= 0)
        ADD(" count %d", count);
    if (e->type == BFC_EV_SCORE || e->type == BFC_EV_BOARD || e->type == BFC_EV_MATCH)
        ADD(" score %d", e->score);
    if (e->type == BFC_EV_SCORE) {
        char kind[32];
        ADD(" source %s", bfc_source_name(e->source));
        word(bfc_item_kind_name(e->item.kind), kind, sizeof kind);
        ADD(" item %s", kind);
    }
    if (e->item.ncards > 0 && e->item.ncards <= BFC_ITEM_MAX_CARDS) {
        ADD(" cards");
        for (int i = 0; i < e->item.ncards; i++) {
            char t[BFC_CARD_TEXT_MAX + 2];
            card_text(e->item.cards[i], t, sizeof t);
            ADD(" %s", t);
        }
    }
    return (int)nn;
}

int proto_rules(const char *game, int players, bfc_rules *rules, char *why, size_t cap)
{
    const bfc_preset *p = game_option(game, why, cap);
    if (!p)
        return -1;
    struct game_choice c;
    game_choice_init(&c, p);
    c.players = players;
    return game_rules(&c, rules, why, cap);
}
