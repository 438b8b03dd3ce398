/* The games by name and the rules of the options (games.h). */
#include "games.h"

#include <stdio.h>
#include <string.h>

const bfc_preset *game_find(const char *name)
{
    const bfc_preset *p = bfc_preset_find(name);
    return p && strcmp(p->name, name) == 0 ? p : NULL;
}

/* "battlefield, classic, ..., solitaire or crib-wars" into buf. */
static void game_names(char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; bfc_preset_get(i) && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%s", i == 0 ? "" : !bfc_preset_get(i + 1) ? " or " : ", ",
                              bfc_preset_get(i)->name);
}

const bfc_preset *game_option(const char *name, char *why, size_t cap)
{
    const bfc_preset *p = game_find(name);
    char names[128];
    game_names(names, sizeof names);
    if (!p)
        snprintf(why, cap, "bad --game '%s' (want %s)", name, names);
    return p;
}

/* "2, 3 or 4", "2 to 6", "1": the player counts of a bit set (bit n: n). */
static void game_counts(unsigned set, char *buf, size_t cap)
{
    int lo = 0, hi = 0, k = 0, n = 0;
    for (int p = 1; p < 16; p++)
        if (set >> p & 1u) {
            lo = lo ? lo : p;
            hi = p;
            n++;
        }
    if (n >= 4 && hi - lo + 1 == n) { /* one long run */
        snprintf(buf, cap, "%d to %d", lo, hi);
        return;
    }
    size_t len = 0;
    buf[0] = '\0';
    for (int p = 1; p < 16 && len < cap; p++)
        if (set >> p & 1u) {
            k++;
            len += (size_t)snprintf(buf + len, cap - len, "%s%d",
                                    k == 1 ? "" : k == n ? " or " : ", ", p);
        }
}

static int lowest(unsigned set)
{
    for (int p = 1; p < 16; p++)
        if (set >> p & 1u)
            return p;
    return 0;
}

/* Whether the game, with its default players, takes these flags and this
 * turn limit (-1: its own): the library decides. */
static int takes(const bfc_preset *p, unsigned flags, int turn_limit)
{
    bfc_rules r;
    if (bfc_rules_preset(&r, p->name, 0, 0) != BFC_OK)
        return 0;
    r.flags |= flags;
    if (turn_limit >= 0)
        r.turn_limit = turn_limit;
    return bfc_rules_check(&r) == BFC_OK;
}

/* The options that do not suit the game at all; 0 or -1 with why. */
static int check_options(const struct game_choice *c, char *why, size_t cap)
{
    const bfc_preset *p = c->preset;
    if (c->muggins && !takes(p, BFC_RULE_MUGGINS, -1))
        snprintf(why, cap, "--muggins is for the classic games with opponents, not %s", p->name);
    else if (c->teams && !p->teams)
        snprintf(why, cap, "--teams: %s has no partnerships", p->name);
    else if (c->turn_limit >= 0 && !takes(p, 0, c->turn_limit))
        snprintf(why, cap, "--turn-limit is a Battlefield rule (RULES D9), not %s", p->name);
    else
        return 0;
    return -1;
}

/* The player count against the game's; 0 or -1 with why. */
static int check_players(const struct game_choice *c, char *why, size_t cap)
{
    const bfc_preset *p = c->preset;
    char counts[32];
    if (c->teams && !(p->teams >> c->players & 1u)) {
        game_counts(p->teams, counts, sizeof counts);
        snprintf(why, cap, "--teams needs %s players (got --players %d)", counts, c->players);
        return -1;
    }
    if (!(p->players >> c->players & 1u)) {
        game_counts(p->players, counts, sizeof counts);
        snprintf(why, cap, "%s is played by %s player%s (got --players %d)", p->name, counts,
                 strcmp(counts, "1") == 0 ? "" : "s", c->players);
        return -1;
    }
    return 0;
}

int game_rules(struct game_choice *c, bfc_rules *rules, char *why, size_t cap)
{
    if (check_options(c, why, cap) != 0)
        return -1;
    if (c->players == 0)
        c->players = c->teams ? lowest(c->preset->teams) : c->preset->default_players;
    if (check_players(c, why, cap) != 0)
        return -1;
    if (c->players < 0 || c->players > 15 ||
        bfc_rules_preset(rules, c->preset->name, c->players, c->teams) != BFC_OK) {
        snprintf(why, cap, "%s cannot be played so", c->preset->name);
        return -1;
    }
    c->teams = rules->teams; /* RULES 3.3, 3.4: some games need partners */
    if (c->target)
        rules->target = c->target;
    if (c->turn_limit >= 0)
        rules->turn_limit = c->turn_limit;
    rules->value = c->value;
    rules->flags |= c->muggins ? BFC_RULE_MUGGINS : 0u;
    const char *problem = bfc_rules_problem(rules);
    if (problem)
        snprintf(why, cap, "%s", problem);
    return problem ? -1 : 0;
}
