/* The JSON output of a run: one flat object on one line -- the
 * configuration, every counter of struct tally (what --merge adds up),
 * then figures derived from them (bfc-sim.h). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bfc-sim.h"
#include "games.h"
#include "players.h"

const struct rule_key RULE_KEYS[] = {
    {"no_take_back", BFC_RULE_NO_TAKE_BACK},
    {"joker_kills_formation", BFC_RULE_JOKER_KILLS_FORMATION},
    {"partners_by_cut", BFC_RULE_PARTNERS_BY_CUT},
};

/* A source's name as a key: bfc_source_name() without hyphens
 * ("cease-fire" -> "ceasefire"). */
void source_key(int src, char *buf, size_t cap)
{
    size_t n = 0;
    for (const char *p = bfc_source_name(src); *p && n + 1 < cap; p++)
        if (*p != '-')
            buf[n++] = *p;
    buf[n] = '\0';
}

struct fields {
    struct field *f;
    size_t n;
};

static void add(struct fields *fs, uint64_t *p, int max, const char *fmt, ...) PRINTF_LIKE(4, 5);
static void add(struct fields *fs, uint64_t *p, int max, const char *fmt, ...)
{
    struct field *f = &fs->f[fs->n++];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->key, sizeof f->key, fmt, ap);
    va_end(ap);
    f->p = p;
    f->max = max;
}

size_t tally_fields(const struct config *c, struct tally *t, struct field *f)
{
    struct fields fs = {f, 0};
    const int classic = is_classic(c);
    const int *src;
    const size_t nsrc = sources(c, &src);
    add(&fs, &t->played, 0, "played");
    add(&fs, &t->moves, 0, "moves");
    add(&fs, &t->moves_max, 1, "moves_max");
    add(&fs, &t->turns, 0, classic ? "cards_laid" : "turns");
    add(&fs, &t->skirmishes, 0, classic ? "deals" : "skirmishes");
    if (!classic) {
        add(&fs, &t->ceasefires, 0, "ceasefires");
        add(&fs, &t->limit_endings, 0, "limit_endings");
    }
    for (int d = 0; d < sides_of(c); d++) {
        add(&fs, &t->wins[d], 0, "side%d_wins", d);
        add(&fs, &t->value_sum[d], 0, "side%d_value_sum", d);
    }
    for (int s = 0; s < c->players; s++)
        for (size_t i = 0; i < nsrc; i++) {
            char key[16];
            source_key(src[i], key, sizeof key);
            add(&fs, &t->points[s][src[i]], 0, "seat%d_%s", s, key);
        }
    for (int s = 0; s < c->players; s++)
        add(&fs, &t->first_dealer[s], 0, "seat%d_first_dealer", s);
    add(&fs, &t->first_dealer_wins, 0, "first_dealer_wins");
    if (c->duplicate) {
        add(&fs, &t->sets, 0, "sets");
        for (int k = 0; k <= rotations(c); k++)
            add(&fs, &t->hero_sets[k], 0, "hero_sets_won%d", k);
        add(&fs, &t->margin_plus, 0, "hero_margin_plus");
        add(&fs, &t->margin_minus, 0, "hero_margin_minus");
        add(&fs, &t->margin_sq, 0, "hero_margin_sq");
        add(&fs, &t->deals_compared, 0, "deals_compared");
        add(&fs, &t->deals_same, 0, "deals_same");
        for (int b = 0; b < c->players; b++)
            add(&fs, &t->bot_wins[b], 0, "bot%d_wins", b);
    }
    if (c->duplicate || c->par) /* by bot and role */
        for (int b = 0; b < c->players; b++)
            for (int role = ROLE_DEALER; role <= ROLE_PONE; role++) {
                const char *rn = role == ROLE_DEALER ? "dealer" : "pone";
                add(&fs, &t->deals[b][role], 0, "bot%d_%s_deals", b, rn);
                add(&fs, &t->full_deals[b][role], 0, "bot%d_%s_full_deals", b, rn);
                add(&fs, &t->full_points[b][role], 0, "bot%d_%s_full_points", b, rn);
                for (size_t i = 0; i < nsrc; i++) {
                    char key[16];
                    source_key(src[i], key, sizeof key);
                    add(&fs, &t->role_points[b][role][src[i]], 0, "bot%d_%s_%s", b, rn, key);
                }
            }
    return fs.n;
}

static void print_config(const struct config *c)
{
    char bots[64];
    bots_text(c, bots, sizeof bots);
    printf("{\"format\":\"%s\",\"game\":\"%s\",\"muggins\":%s,\"bots\":\"%s\",\"players\":%d,"
           "\"teams\":%s,\"target\":%d,\"turn_limit\":%d,\"value\":\"%s\",\"pay\":\"%s\"",
           JSON_FORMAT, c->game->name, c->muggins ? "true" : "false", bots, c->players,
           c->teams ? "true" : "false", c->target, c->turn_limit, bfc_value_name(c->value),
           game_pay_name(c->pay));
    for (size_t i = 0; i < NRULE_KEYS; i++)
        printf(",\"%s\":%s", RULE_KEYS[i].key, c->flags & RULE_KEYS[i].flag ? "true" : "false");
    printf(",\"games\":%" PRIu64 ",\"seed\":%" PRIu64 ",\"shard_k\":%" PRIu64
           ",\"shard_n\":%" PRIu64,
           c->games, c->seed, c->shard_k, c->shard_n);
    if (has_budget(c)) /* the search bots' budget; absent without them */
        printf(",\"iterations\":%" PRIu32 ",\"time_ms\":%" PRIu32, c->iterations, c->time_ms);
    if (c->duplicate) /* absent: false */
        printf(",\"duplicate\":true,\"rotations\":%d", rotations(c));
    if (c->par)
        printf(",\"par\":true");
}

/* A number, or null when there is none (an interval of fewer than two
 * units). */
static void number_or_null(const char *key, int have, double v)
{
    if (have)
        printf(",\"%s\":%.6f", key, v);
    else
        printf(",\"%s\":null", key);
}

/* The figures by bot and role: points per deal (skirmish). */
static void print_roles(const struct config *c, const struct tally *t)
{
    for (int b = 0; b < c->players; b++)
        for (int role = ROLE_DEALER; role <= ROLE_PONE; role++) {
            uint64_t pts = 0;
            for (int src = 1; src < NSRC; src++)
                pts += t->role_points[b][role][src];
            printf(",\"bot%d_%s_points_per_deal\":%.6f", b,
                   role == ROLE_DEALER ? "dealer" : "pone", ratio(pts, t->deals[b][role]));
            printf(",\"bot%d_%s_points_per_full_deal\":%.6f", b,
                   role == ROLE_DEALER ? "dealer" : "pone",
                   ratio(t->full_points[b][role], t->full_deals[b][role]));
        }
}

/* The figures of --duplicate and --par. */
static void print_pairs(const struct config *c, const struct tally *t)
{
    double mean, lo, hi;
    if (c->duplicate) {
        int have = hero_share(c, t, &mean, &lo, &hi) == 0;
        printf(",\"hero_win_rate\":%.6f", mean);
        number_or_null("hero_ci_low", have, lo);
        number_or_null("hero_ci_high", have, hi);
        have = hero_margin(c, t, &mean, &lo, &hi) == 0;
        printf(",\"hero_margin_per_set\":%.6f", mean);
        number_or_null("hero_margin_ci_low", have, lo);
        number_or_null("hero_margin_ci_high", have, hi);
        for (int b = 0; b < c->players; b++)
            printf(",\"bot%d_win_rate\":%.6f", b, ratio(t->bot_wins[b], t->played));
    }
    if (c->duplicate || c->par)
        print_roles(c, t);
    if (c->par) {
        wilson(t->first_dealer_wins, t->played, &lo, &hi);
        printf(",\"first_dealer_win_rate\":%.6f,\"first_dealer_ci_low\":%.6f,"
               "\"first_dealer_ci_high\":%.6f",
               ratio(t->first_dealer_wins, t->played), lo, hi);
    }
    if (c->timing) /* wall clock: never merged */
        for (int b = 0; b < c->players; b++)
            printf(",\"bot%d_decisions\":%" PRIu64 ",\"bot%d_ms_per_decision\":%.6f", b,
                   t->decisions[b], b,
                   t->decisions[b] ? t->decision_ms[b] / (double)t->decisions[b] : 0);
}

/* The means over the games played, side by side and seat by seat. */
static void print_derived(const struct config *c, const struct tally *t)
{
    const uint64_t n = t->played;
    const int *src;
    const size_t nsrc = sources(c, &src);
    printf(",\"moves_per_game\":%.6f", ratio(t->moves, n));
    if (is_classic(c))
        printf(",\"cards_laid_per_game\":%.6f,\"deals_per_game\":%.6f", ratio(t->turns, n),
               ratio(t->skirmishes, n));
    else
        printf(",\"turns_per_game\":%.6f,\"skirmishes_per_game\":%.6f,"
               "\"ceasefires_per_game\":%.6f",
               ratio(t->turns, n), ratio(t->skirmishes, n), ratio(t->ceasefires, n));
    for (int d = 0; d < sides_of(c); d++) {
        double lo, hi;
        wilson(t->wins[d], n, &lo, &hi);
        printf(",\"side%d_win_rate\":%.6f,\"side%d_ci_low\":%.6f,\"side%d_ci_high\":%.6f,"
               "\"side%d_mean_value\":%.6f",
               d, ratio(t->wins[d], n), d, lo, d, hi, d, ratio(t->value_sum[d], t->wins[d]));
        for (size_t i = 0; i < nsrc; i++) {
            char key[16];
            source_key(src[i], key, sizeof key);
            printf(",\"side%d_%s_per_game\":%.6f", d, key, ratio(side_points(c, t, d, src[i]), n));
        }
        printf(",\"side%d_points_per_game\":%.6f", d, ratio(side_total(c, t, d), n));
    }
    for (int s = 0; s < c->players; s++)
        printf(",\"seat%d_points_per_game\":%.6f", s, ratio(seat_total(t, s), n));
    print_pairs(c, t);
}

void print_json(const struct config *c, const struct tally *t, double seconds)
{
    struct tally copy = *t; /* tally_fields hands out writable pointers */
    struct field f[MAX_FIELDS];
    const size_t nf = tally_fields(c, &copy, f);
    print_config(c);
    for (size_t i = 0; i < nf; i++)
        printf(",\"%s\":%" PRIu64, f[i].key, *f[i].p);
    print_derived(c, t);
    if (seconds >= 0)
        printf(",\"seconds\":%.3f,\"games_per_s\":%.1f", seconds,
               seconds > 0 ? (double)t->played / seconds : 0);
    printf("}\n");
}
