/* The text report of a run (bfc-sim.h; `bfc-sim --help` describes it). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bfc-sim.h"
#include "games.h"
#include "players.h"

/* "0+2" and "greedy+random" for a side with teams (partners opposite:
 * seats d and d + sides); "1" and "greedy" without. */
static void side_text(const struct config *c, int d, char *seats, char *bots, size_t cap)
{
    if (c->teams) {
        const int p = d + sides_of(c);
        snprintf(seats, cap, "%d+%d", d, p);
        snprintf(bots, cap, "%s+%s", kind_name(c->bot[d]), kind_name(c->bot[p]));
    } else {
        snprintf(seats, cap, "%d", d);
        snprintf(bots, cap, "%s", kind_name(c->bot[d]));
    }
}

/* The width of a source's column: its name, at least 9 wide. */
static int src_width(int src)
{
    const int w = (int)strlen(bfc_source_name(src));
    return w > 9 ? w : 9;
}

/* One row of mean points per game by source. */
static void points_row(const struct config *c, const char *who, const char *bot,
                       const uint64_t pts[NSRC], uint64_t played)
{
    const int *src;
    const size_t nsrc = sources(c, &src);
    uint64_t total = 0;
    printf("  %-5s %-13s", who, bot);
    for (size_t i = 0; i < nsrc; i++) {
        printf(" %*.2f", src_width(src[i]), ratio(pts[src[i]], played));
        total += pts[src[i]];
    }
    printf(" %8.2f\n", ratio(total, played));
}

static void points_header(const struct config *c, const char *who, const char *bot)
{
    const int *src;
    const size_t nsrc = sources(c, &src);
    printf("  %-5s %-13s", who, bot);
    for (size_t i = 0; i < nsrc; i++)
        printf(" %*s", src_width(src[i]), bfc_source_name(src[i]));
    printf(" %8s\n", "total");
}

/* The rules options of the run, on a line of their own when any is given. */
static void print_rules(const struct config *c)
{
    if (!c->flags && c->pay == GAME_PAY_SUM)
        return;
    printf("rules:");
    const char *sep = " ";
    if (c->flags & BFC_RULE_NO_TAKE_BACK) {
        printf("%sno take-back of the card just placed (RULES D14)", sep);
        sep = "; ";
    }
    if (c->flags & BFC_RULE_JOKER_KILLS_FORMATION) {
        printf("%sthe joker kills its formation (RULES D13)", sep);
        sep = "; ";
    }
    if (c->flags & BFC_RULE_PARTNERS_BY_CUT) {
        printf("%spartners by cut (RULES D16; the bots stay with the seats)", sep);
        sep = "; ";
    }
    if (c->pay != GAME_PAY_SUM)
        printf("%sonly the %s loser pays the game value (RULES 5)", sep, game_pay_name(c->pay));
    printf("\n");
}

/* The bots that take --iterations: "ismcts", "base" or "ismcts, base". */
static void budgeted_text(const struct config *c, char *buf, size_t cap)
{
    int has[NKINDS] = {0};
    for (int b = 0; b < c->players; b++)
        has[c->bot[b]] = 1;
    snprintf(buf, cap, "%s%s%s", has[K_ISMCTS] ? "ismcts" : "",
             has[K_ISMCTS] && has[K_BASE] ? ", " : "", has[K_BASE] ? "base" : "");
}

/* "1000 games" or, with --duplicate, "1000 duplicate pairs (2000 games)". */
static void print_count(const struct config *c)
{
    const int r = rotations(c);
    if (!c->duplicate)
        printf("%" PRIu64 " games", c->games);
    else if (r == 2)
        printf("%" PRIu64 " duplicate pairs (%" PRIu64 " games)", c->games, 2 * c->games);
    else
        printf("%" PRIu64 " duplicate sets of %d games (%" PRIu64 " games)", c->games, r,
               (uint64_t)r * c->games);
}

static void print_heading(const struct config *c, const struct tally *t)
{
    const int solo = c->players == 1;
    char bots[64];
    bots_text(c, bots, sizeof bots);
    printf("%s%s: ", c->game->title, c->muggins ? " with muggins" : "");
    print_count(c);
    printf(", %d player%s%s, target %d", c->players, solo ? "" : "s",
           !c->teams             ? ""
           : sides_of(c) == 2    ? " in two teams (seats 0+2, 1+3)"
                                 : " in three teams (seats 0+3, 1+4, 2+5)",
           c->target);
    if (!is_classic(c))
        printf(", turn limit %d", c->turn_limit);
    printf(", %s game value\n", bfc_value_name(c->value));
    print_rules(c);
    if (c->duplicate) {
        printf("bots: %s (bot 0, the hero, first); seed %" PRIu64
               "; first dealer by cut in every game\n",
               bots, c->seed);
        printf("duplicate: the games of a %s are dealt from one seed, the bots rotated by a "
               "side (game r: bot b at seat b+r)\n",
               rotations(c) == 2 ? "pair" : "set");
    } else {
        printf("bots by seat: %s; seed %" PRIu64 "; %s\n", bots, c->seed,
               solo ? "one player, more than 120 wins (RULES 3.8)"
                    : "first dealer by cut in every game");
    }
    char budgeted[32];
    budgeted_text(c, budgeted, sizeof budgeted);
    if (c->time_ms > 0)
        printf("%s: %" PRIu32 " ms per decision (a time budget: the run is not "
               "reproducible)\n",
               budgeted, c->time_ms);
    else if (c->iterations > 0)
        printf("%s: %" PRIu32 " iterations per decision\n", budgeted, c->iterations);
    if (c->shard_n > 1)
        printf("shard %" PRIu64 "/%" PRIu64 ": the %" PRIu64 " %s with index %% %" PRIu64
               " == %" PRIu64 "\n",
               c->shard_k, c->shard_n, c->duplicate ? t->sets : t->played,
               c->duplicate ? "sets" : "games", c->shard_n, c->shard_k - 1);
}

static void print_wins(const struct config *c, const struct tally *t)
{
    const uint64_t n = t->played;
    char seats[32], sbots[32];
    printf("\nwins\n");
    printf("  %-5s %-5s %-13s %8s %7s  %-17s %7s\n", "side", "seats", "bots", "wins", "rate",
           "95% CI (Wilson)", "value");
    for (int d = 0; d < sides_of(c); d++) {
        double lo, hi;
        char ci[64], value[32];
        wilson(t->wins[d], n, &lo, &hi);
        snprintf(ci, sizeof ci, "[%.1f%%, %.1f%%]", 100 * lo, 100 * hi);
        if (t->wins[d])
            snprintf(value, sizeof value, "%.3f", ratio(t->value_sum[d], t->wins[d]));
        else
            snprintf(value, sizeof value, "-");
        side_text(c, d, seats, sbots, sizeof seats);
        printf("  %-5d %-5s %-13s %8" PRIu64 " %6.1f%%  %-17s %7s\n", d, seats, sbots,
               t->wins[d], 100 * ratio(t->wins[d], n), ci, value);
    }
    printf("  (value: the mean game value of the side's wins, RULES 5)\n");
    if (c->players == 1)
        printf("  mean score %.2f; lost %" PRIu64 " of %" PRIu64 " games\n",
               ratio(side_total(c, t, 0), n), n - t->wins[0], n);
}

static void print_points(const struct config *c, const struct tally *t)
{
    char seats[32], sbots[32];
    printf("\nmean points per game, by source\n");
    points_header(c, "seat", "bot");
    for (int s = 0; s < c->players; s++) {
        char who[12];
        snprintf(who, sizeof who, "%d", s);
        points_row(c, who, kind_name(c->bot[s]), t->points[s], t->played);
    }
    if (!c->teams)
        return;
    points_header(c, "side", "bots");
    for (int d = 0; d < sides_of(c); d++) {
        uint64_t pts[NSRC] = {0};
        for (int src = 1; src < NSRC; src++)
            pts[src] = side_points(c, t, d, src);
        side_text(c, d, seats, sbots, sizeof seats);
        points_row(c, seats, sbots, pts, t->played);
    }
}

static void print_length(const struct config *c, const struct tally *t)
{
    const uint64_t n = t->played;
    printf("\ngame length, per game\n");
    if (is_classic(c)) {
        printf("  moves %.1f (longest game %" PRIu64 "), cards laid %.1f, deals %.2f\n",
               ratio(t->moves, n), t->moves_max, ratio(t->turns, n), ratio(t->skirmishes, n));
        return;
    }
    printf("  moves %.1f (longest game %" PRIu64 "), turns %.1f, skirmishes %.2f\n",
           ratio(t->moves, n), t->moves_max, ratio(t->turns, n), ratio(t->skirmishes, n));
    printf("  cease-fires %.3f, skirmishes ended by the turn limit %.3f\n",
           ratio(t->ceasefires, n), ratio(t->limit_endings, n));
}

/* "[45.1%, 47.3%]" (percent) or "[+1.20, +3.41]", or "[-]" with fewer than
 * two units. */
static void interval_text(int have, double lo, double hi, int percent, char *buf, size_t cap)
{
    if (!have)
        snprintf(buf, cap, "[-]");
    else if (percent)
        snprintf(buf, cap, "[%.1f%%, %.1f%%]", 100 * lo, 100 * hi);
    else
        snprintf(buf, cap, "[%+.2f, %+.2f]", lo, hi);
}

/* The hero's results over the sets: the paired figures of --duplicate. */
static void print_duplicate(const struct config *c, const struct tally *t)
{
    const int r = rotations(c), pairs = r == 2;
    const char *unit = pairs ? "pair" : "set";
    char others[64] = "", ci[64];
    size_t n = 0;
    for (int b = 1; b < c->players && n < sizeof others; b++)
        if (side_of_seat(c, b) != side_of_seat(c, 0))
            n += (size_t)snprintf(others + n, sizeof others - n, "%s%s", n ? ", " : "",
                                  kind_name(c->bot[b]));
    printf("\nhero: bot 0 (%s", kind_name(c->bot[0]));
    if (c->teams)
        printf(" with bot %d, %s", sides_of(c), kind_name(c->bot[sides_of(c)]));
    printf(") against %s, over %" PRIu64 " %ss\n", others, t->sets, unit);
    double mean, lo, hi;
    int have = hero_share(c, t, &mean, &lo, &hi) == 0;
    interval_text(have, lo, hi, 1, ci, sizeof ci);
    printf("  win rate  %5.1f%%  %s  fair %.1f%% (paired 95%% interval: the %s the unit, "
           "Student's t)\n",
           100 * mean, ci, 100.0 / r, unit);
    if (pairs) {
        printf("  pairs     won 2-0: %" PRIu64 ", split 1-1: %" PRIu64 ", lost 0-2: %" PRIu64
               "\n",
               t->hero_sets[2], t->hero_sets[1], t->hero_sets[0]);
    } else {
        printf("  sets      by games won:");
        for (int k = r; k >= 0; k--)
            printf("%s %d of %d: %" PRIu64, k == r ? "" : ",", k, r, t->hero_sets[k]);
        printf("\n");
    }
    have = hero_margin(c, t, &mean, &lo, &hi) == 0;
    interval_text(have, lo, hi, 0, ci, sizeof ci);
    printf("  margin    %+.2f points a %s  %s  (the hero's final score less the %s, "
           "summed over the %s)\n",
           mean, unit, ci, sides_of(c) == 2 ? "other side's" : "mean of the other sides'", unit);
    printf("  decks     %" PRIu64 " of %" PRIu64 " deals dealt as the same deal of the %s's "
           "first game%s\n",
           t->deals_same, t->deals_compared, unit,
           is_classic(c) ? ""
                         : " (Battlefield: the first skirmish always; a later one only when as "
                           "many cards were drawn before it)");
}

/* Games won by each bot's side (with --duplicate every bot sits at every
 * seat of its side in turn). */
static void print_bot_wins(const struct config *c, const struct tally *t)
{
    printf("\nwins by bot\n");
    printf("  %-4s %-12s %8s %8s %7s\n", "bot", "name", "games", "wins", "rate");
    for (int b = 0; b < c->players; b++)
        printf("  %-4d %-12s %8" PRIu64 " %8" PRIu64 " %6.1f%%\n", b, kind_name(c->bot[b]),
               t->played, t->bot_wins[b], 100 * ratio(t->bot_wins[b], t->played));
}

/* Points per deal by bot and role, by source: each kind of bot once (its
 * positions in --bots added up). */
/* Whether bot b is the first of its kind in --bots (each kind reported once). */
static int first_of_kind(const struct config *c, int b)
{
    for (int a = 0; a < b; a++)
        if (c->bot[a] == c->bot[b])
            return 0;
    return 1;
}

static void print_roles(const struct config *c, const struct tally *t)
{
    const int *src;
    const size_t nsrc = sources(c, &src);
    const int classic = is_classic(c);
    printf("\npoints per %s, by bot and role (dealer: the %s its seat dealt)\n",
           classic ? "deal" : "skirmish", classic ? "deals" : "skirmishes");
    printf("  %-12s %-6s %10s", "bot", "role", classic ? "deals" : "skirmishes");
    for (size_t i = 0; i < nsrc; i++)
        printf(" %*s", src_width(src[i]), bfc_source_name(src[i]));
    printf(" %8s\n", "total");
    for (int b = 0; b < c->players; b++) {
        if (!first_of_kind(c, b))
            continue;
        for (int role = ROLE_DEALER; role <= ROLE_PONE; role++) {
            uint64_t deals = 0, pts[NSRC] = {0}, total = 0;
            for (int a = b; a < c->players; a++) {
                if (c->bot[a] != c->bot[b])
                    continue;
                deals += t->deals[a][role];
                for (int k = 1; k < NSRC; k++)
                    pts[k] += t->role_points[a][role][k];
            }
            printf("  %-12s %-6s %10" PRIu64, kind_name(c->bot[b]),
                   role == ROLE_DEALER ? "dealer" : "pone", deals);
            for (size_t i = 0; i < nsrc; i++) {
                printf(" %*.2f", src_width(src[i]), ratio(pts[src[i]], deals));
                total += pts[src[i]];
            }
            printf(" %8.2f\n", ratio(total, deals));
        }
    }
    printf("  the %s played to their end (the one a game ends in left out, as people's\n"
           "  par is counted): points per %s\n",
           classic ? "deals" : "skirmishes", classic ? "deal" : "skirmish");
    for (int b = 0; b < c->players; b++) {
        if (!first_of_kind(c, b))
            continue;
        uint64_t n[2] = {0, 0}, pts[2] = {0, 0};
        for (int a = b; a < c->players; a++)
            for (int role = ROLE_DEALER; c->bot[a] == c->bot[b] && role <= ROLE_PONE; role++) {
                n[role] += t->full_deals[a][role];
                pts[role] += t->full_points[a][role];
            }
        printf("  %-12s dealer %.2f (%" PRIu64 "), pone %.2f (%" PRIu64 ")\n", kind_name(c->bot[b]),
               ratio(pts[ROLE_DEALER], n[ROLE_DEALER]), n[ROLE_DEALER], ratio(pts[ROLE_PONE], n[ROLE_PONE]),
               n[ROLE_PONE]);
    }
}

void print_decision_times(const struct config *c, const struct tally *t)
{
    for (int b = 0; b < c->players; b++)
        if (kind_searches(c->bot[b]) && t->decisions[b])
            printf("bot %d (%s): %.3f ms per decision over %" PRIu64 " decisions\n", b,
                   kind_name(c->bot[b]), t->decision_ms[b] / (double)t->decisions[b],
                   t->decisions[b]);
}

void print_report(const struct config *c, const struct tally *t)
{
    print_heading(c, t);
    if (c->duplicate) {
        print_duplicate(c, t);
        print_bot_wins(c, t);
    } else {
        print_wins(c, t);
        print_points(c, t);
    }
    if (c->duplicate || c->par)
        print_roles(c, t);
    print_length(c, t);
    if (c->players == 1)
        return;
    printf("\nfirst dealer (cut):");
    for (int s = 0; s < c->players; s++)
        printf("%s seat %d %" PRIu64, s ? "," : "", s, t->first_dealer[s]);
    printf("; the first dealer's side won %.1f%%\n", 100 * ratio(t->first_dealer_wins, t->played));
    if (c->par) {
        double lo, hi;
        wilson(t->first_dealer_wins, t->played, &lo, &hi);
        printf("par: the first dealer's side won %.1f%% [%.1f%%, %.1f%%] (Wilson 95%%) of %" PRIu64
               " games\n",
               100 * ratio(t->first_dealer_wins, t->played), 100 * lo, 100 * hi, t->played);
    }
}
