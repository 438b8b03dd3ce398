/* The games by name and the rules of the options (games.h). */
#include "games.h"

#include <stdio.h>
#include <string.h>

/* The options of game_choice.flags, with the rule each one is. */
static const struct {
    unsigned flag;
    const char *option, *rule;
} FLAG_OPTIONS[] = {
    {BFC_RULE_NO_TAKE_BACK, "--no-take-back", "D14"},
    {BFC_RULE_JOKER_KILLS_FORMATION, "--joker-kills-formation", "D13"},
    {BFC_RULE_PARTNERS_BY_CUT, "--partners-by-cut", "D16"},
};
#define NFLAG_OPTIONS (sizeof FLAG_OPTIONS / sizeof FLAG_OPTIONS[0])

/* GAME_PAY_* as rules flags. */
static const unsigned PAY_FLAG[] = {0u, BFC_RULE_PAY_BEST_LOSER, BFC_RULE_PAY_WORST_LOSER};

void game_choice_init(struct game_choice *c, const bfc_preset *p)
{
    memset(c, 0, sizeof *c);
    c->preset = p;
    c->turn_limit = -1;
    c->value = BFC_VALUE_PLAIN;
    c->next_dealer = -1;
    c->match_points = -1;
}

const char *game_pay_name(int pay)
{
    static const char *const NAME[] = {"sum", "best", "worst"};
    return pay >= 0 && pay < (int)(sizeof NAME / sizeof NAME[0]) ? NAME[pay] : "?";
}

int game_pay_of(unsigned flags)
{
    return flags & BFC_RULE_PAY_BEST_LOSER    ? GAME_PAY_BEST
           : flags & BFC_RULE_PAY_WORST_LOSER ? GAME_PAY_WORST
                                              : GAME_PAY_SUM;
}

const char *game_flag_option(unsigned flag)
{
    for (size_t i = 0; i < NFLAG_OPTIONS; i++)
        if (FLAG_OPTIONS[i].flag == flag)
            return FLAG_OPTIONS[i].option;
    return NULL;
}

/* The options whose values are names, and where the names come from. */
static const struct {
    const char *option;
    const char *(*name)(int);
} NAMED[] = {
    {"--value", bfc_value_name},
    {"--pay", game_pay_name},
    {"--next-dealer", bfc_next_dealer_name},
    {"--match-points", bfc_match_points_name},
};

int game_named(const char *option, const char *value, char *why, size_t cap)
{
    const char *(*name)(int) = NULL;
    for (size_t i = 0; i < sizeof NAMED / sizeof NAMED[0]; i++)
        if (strcmp(option, NAMED[i].option) == 0)
            name = NAMED[i].name;
    if (!name) {
        snprintf(why, cap, "%s takes no name", option);
        return -1;
    }
    int count = 0;
    for (; strcmp(name(count), "?") != 0; count++)
        if (strcmp(name(count), value) == 0)
            return count;
    char list[160];
    size_t n = 0;
    list[0] = '\0';
    for (int v = 0; v < count && n < sizeof list; v++)
        n += (size_t)snprintf(list + n, sizeof list - n, "%s%s",
                              v == 0 ? "" : v == count - 1 ? " or " : ", ", name(v));
    snprintf(why, cap, "bad %s '%s' (want %s)", option, value, list);
    return -1;
}

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

/* Whether the game, with its default players, takes these flags, this
 * turn limit (-1: its own) and this match: the library decides. */
static int takes(const bfc_preset *p, unsigned flags, int turn_limit, int match)
{
    bfc_rules r;
    if (bfc_rules_preset(&r, p->name, 0, 0) != BFC_OK)
        return 0;
    r.flags |= flags;
    if (turn_limit >= 0)
        r.turn_limit = turn_limit;
    r.match = match;
    return bfc_rules_check(&r) == BFC_OK;
}

/* The flags of c->flags but partners by cut (checked with the seats). */
static int check_flags(const struct game_choice *c, char *why, size_t cap)
{
    for (size_t i = 0; i < NFLAG_OPTIONS; i++) {
        const unsigned f = FLAG_OPTIONS[i].flag;
        if (f != BFC_RULE_PARTNERS_BY_CUT && (c->flags & f) && !takes(c->preset, f, -1, 0)) {
            snprintf(why, cap, "%s is a Battlefield rule (RULES %s), not %s",
                     FLAG_OPTIONS[i].option, FLAG_OPTIONS[i].rule, c->preset->name);
            return -1;
        }
    }
    return 0;
}

/* The options of match play (RULES 5, D15); 0 or -1 with why. */
static int check_match(const struct game_choice *c, char *why, size_t cap)
{
    const bfc_preset *p = c->preset;
    if (c->pay < GAME_PAY_SUM || c->pay > GAME_PAY_WORST ||
        (c->pay && !takes(p, PAY_FLAG[c->pay], -1, 0)))
        snprintf(why, cap, "--pay: %s has no losers to pay (RULES 5)", p->name);
    else if (c->match && !takes(p, 0, -1, c->match))
        snprintf(why, cap, "--match: %s has no match (RULES 5)", p->name);
    else if (!c->match && c->next_dealer >= 0)
        snprintf(why, cap, "--next-dealer is for match play (RULES D15): add --match N");
    else if (!c->match && c->match_points >= 0)
        snprintf(why, cap, "--match-points is for match play (RULES 5): add --match N");
    else
        return 0;
    return -1;
}

/* The options that do not suit the game at all; 0 or -1 with why. */
static int check_options(const struct game_choice *c, char *why, size_t cap)
{
    const bfc_preset *p = c->preset;
    if (c->muggins && !takes(p, BFC_RULE_MUGGINS, -1, 0))
        snprintf(why, cap, "--muggins is for the classic games with opponents, not %s", p->name);
    else if (c->teams && !p->teams)
        snprintf(why, cap, "--teams: %s has no partnerships", p->name);
    else if ((c->flags & BFC_RULE_PARTNERS_BY_CUT) && !p->teams)
        snprintf(why, cap, "--partners-by-cut: %s has no partnerships (RULES D16)", p->name);
    else if (c->turn_limit >= 0 && !takes(p, 0, c->turn_limit, 0))
        snprintf(why, cap, "--turn-limit is a Battlefield rule (RULES D9), not %s", p->name);
    else
        return check_flags(c, why, cap) != 0 || check_match(c, why, cap) != 0 ? -1 : 0;
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
    if ((c->flags & BFC_RULE_PARTNERS_BY_CUT) && !rules->teams) {
        snprintf(why, cap, "--partners-by-cut is for partners (RULES D16): add --teams");
        return -1;
    }
    rules->flags |= (c->flags & GAME_FLAGS) | PAY_FLAG[c->pay];
    rules->match = c->match;
    if (c->next_dealer >= 0)
        rules->next_dealer = c->next_dealer;
    if (c->match_points >= 0)
        rules->match_points = c->match_points;
    const char *problem = bfc_rules_problem(rules);
    if (problem)
        snprintf(why, cap, "%s", problem);
    return problem ? -1 : 0;
}
