/* The text report of a run (bfc-sim.h; `bfc-sim --help` describes it). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bfc-sim.h"
#include "bots.h"
#include "games.h"

/* "0+2" and "greedy+random" for a side with teams (partners opposite:
 * seats d and d + sides); "1" and "greedy" without. */
static void side_text(const struct config *c, int d, char *seats, char *bots, size_t cap)
{
    if (c->teams) {
        const int p = d + sides_of(c);
        snprintf(seats, cap, "%d+%d", d, p);
        snprintf(bots, cap, "%s+%s", bot_name(c->bot[d]), bot_name(c->bot[p]));
    } else {
        snprintf(seats, cap, "%d", d);
        snprintf(bots, cap, "%s", bot_name(c->bot[d]));
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

static void print_heading(const struct config *c, const struct tally *t)
{
    const int solo = c->players == 1;
    char bots[64];
    bots_text(c, bots, sizeof bots);
    printf("%s%s: %" PRIu64 " games, %d player%s%s, target %d", c->game->title,
           c->muggins ? " with muggins" : "", c->games, c->players, solo ? "" : "s",
           !c->teams             ? ""
           : sides_of(c) == 2    ? " in two teams (seats 0+2, 1+3)"
                                 : " in three teams (seats 0+3, 1+4, 2+5)",
           c->target);
    if (!is_classic(c))
        printf(", turn limit %d", c->turn_limit);
    printf(", %s game value\n", bfc_value_name(c->value));
    print_rules(c);
    printf("bots by seat: %s; seed %" PRIu64 "; %s\n", bots, c->seed,
           solo ? "one player, more than 120 wins (RULES 3.8)"
                : "first dealer by cut in every game");
    if (c->time_ms > 0)
        printf("ismcts: %" PRIu32 " ms per decision (a time budget: the run is not "
               "reproducible)\n",
               c->time_ms);
    else if (c->iterations > 0)
        printf("ismcts: %" PRIu32 " iterations per decision\n", c->iterations);
    if (c->shard_n > 1)
        printf("shard %" PRIu64 "/%" PRIu64 ": the %" PRIu64 " games with index %% %" PRIu64
               " == %" PRIu64 "\n",
               c->shard_k, c->shard_n, t->played, c->shard_n, c->shard_k - 1);
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
        points_row(c, who, bot_name(c->bot[s]), t->points[s], t->played);
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

void print_report(const struct config *c, const struct tally *t)
{
    print_heading(c, t);
    print_wins(c, t);
    print_points(c, t);
    print_length(c, t);
    if (c->players == 1)
        return;
    printf("\nfirst dealer (cut):");
    for (int s = 0; s < c->players; s++)
        printf("%s seat %d %" PRIu64, s ? "," : "", s, t->first_dealer[s]);
    printf("; the first dealer's side won %.1f%%\n", 100 * ratio(t->first_dealer_wins, t->played));
}
