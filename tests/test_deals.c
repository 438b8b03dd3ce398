/* Duplicate deals (bfc-sim --duplicate): which of a game's deals depend on
 * its seed alone, and which on the moves too.
 *
 * Two games of the same rules and seed are played by different bots (the
 * greedy bot at every seat in one; in the other, seat 0 plays at random),
 * so their moves differ; each deal of one is compared with the deal of the same
 * number in the other, as far as both games go. A deal is compared by the
 * engine's generator right after it (the generator before a deal decides
 * every card of it and of the draws that follow, and it is a bijection:
 * equal after means equal before) and by the cards anyone can check: each
 * seat's classic hand, the first frontline card.
 *
 * What is true today (and what bfc-sim --help says):
 * - classic games: every deal draws a fixed number of cards from the
 *   generator (the hands, three players' crib card, the starter, all at the
 *   deal), and nothing else draws from it, so every deal depends on the
 *   seed only;
 * - Battlefield: the first skirmish does too (the cut, the formations, the
 *   crib, the first card, and each draw from the pile in turn), but the
 *   pile is shuffled as it is used (battlefield.c, issue 17): each card
 *   drawn in a skirmish takes one step of the generator, so the next
 *   skirmish's deal depends on how many cards were drawn, that is on the
 *   moves. test_deals__battlefield_later_skirmishes_follow_the_draws pins
 *   that; when the engine gives each skirmish a deal of its own (README,
 *   "Duplicate deals"), it fails: update bfc-sim's help and README then.
 *
 * Reads the generator inside the game (src/state.h), as tests may. */
#include <stdint.h>
#include <string.h>

#include "bfc.h"
#include "harness.h"
#include "state.h"

typedef struct snap {
    uint64_t rng[4];     /* the generator after the deal */
    uint64_t hand[6];    /* classic: each seat's hand as dealt */
    bfc_card first;      /* Battlefield: the first frontline card */
} snap;

#define MAX_DEALS 64
#define MAX_DRAWS 64

typedef struct record {
    snap deal[MAX_DEALS];
    int ndeals;
    bfc_card drawn[MAX_DRAWS]; /* Battlefield: the cards drawn in the first
                                  skirmish, in order */
    int ndrawn;
    uint64_t moves_hash;       /* to tell the two games apart */
} record;

static bfc_event EV[1024];

/* Notes what the events of one call dealt and drew. */
static void note(const bfc_game *g, size_t n, record *r)
{
    if (n > sizeof EV / sizeof EV[0])
        n = sizeof EV / sizeof EV[0];
    int dealt = 0;
    bfc_card first = BFC_CARD_NONE;
    for (size_t i = 0; i < n; i++) {
        if (EV[i].type == BFC_EV_DEAL) {
            dealt = 1;
            first = EV[i].card;
        }
        if (EV[i].type == BFC_EV_DRAW && r->ndeals == 1 && r->ndrawn < MAX_DRAWS)
            r->drawn[r->ndrawn++] = EV[i].card;
    }
    if (!dealt || r->ndeals == MAX_DEALS)
        return;
    snap *s = &r->deal[r->ndeals++];
    memset(s, 0, sizeof *s);
    memcpy(s->rng, g->rng, sizeof s->rng);
    s->first = first;
    const bfc_rules *rules = bfc_game_rules(g);
    for (int seat = 0; seat < rules->players && seat < 6; seat++) {
        bfc_observation o;
        bfc_game_observe(g, seat, &o);
        s->hand[seat] = o.hand;
    }
}

/* Plays a whole game of rules and seed into *r: every seat greedy, or
 * with `one_random` seat 0 random. 0 on success. */
static int play(const bfc_rules *rules, uint64_t seed, int one_random, record *r)
{
    memset(r, 0, sizeof *r);
    size_t n = 0;
    bfc_game *g = bfc_game_new_events(rules, seed, EV, sizeof EV / sizeof EV[0], &n, NULL);
    if (!g)
        return -1;
    note(g, n, r);
    uint64_t rng[6];
    for (int s = 0; s < 6; s++)
        rng[s] = seed * 977 + (uint64_t)s;
    r->moves_hash = 1;
    int moves = 0;
    while (!bfc_game_over(g) && moves++ < 100000) {
        const int s = bfc_game_to_move(g);
        bfc_observation o;
        bfc_move m;
        bfc_game_observe(g, s, &o);
        const int rc = one_random && s == 0 ? bfc_bot_random(&o, &rng[s], &m)
                                            : bfc_bot_greedy(&o, &rng[s], &m);
        if (rc != BFC_OK || bfc_game_apply(g, m, EV, sizeof EV / sizeof EV[0], &n) != BFC_OK) {
            bfc_game_free(g);
            return -1;
        }
        r->moves_hash = r->moves_hash * 1000003u + m;
        note(g, n, r);
    }
    const int over = bfc_game_over(g);
    bfc_game_free(g);
    return over ? 0 : -1;
}

static int same_deal(const snap *a, const snap *b)
{
    return memcmp(a->rng, b->rng, sizeof a->rng) == 0 &&
           memcmp(a->hand, b->hand, sizeof a->hand) == 0 && a->first == b->first;
}

/* How many deals two records have in common, and whether those agree
 * (deal k with deal k, generator and cards). */
static int deals_agree(const record *a, const record *b, int *common)
{
    *common = a->ndeals < b->ndeals ? a->ndeals : b->ndeals;
    for (int k = 0; k < *common; k++)
        if (!same_deal(&a->deal[k], &b->deal[k]))
            return k; /* the first deal that differs */
    return -1;
}

typedef struct kind {
    const char *preset;
    int players, teams;
    unsigned flags;
} kind;

static const kind CLASSIC[] = {
    {"classic", 2, 0, 0},          {"classic", 3, 0, 0},      {"classic", 4, 0, 0},
    {"classic", 4, 1, 0},          {"classic", 6, 1, 0},      {"five-card", 2, 0, 0},
    {"seven-card", 2, 0, 0},       {"noddy", 2, 0, 0},        {"noddy", 5, 0, 0},
    {"backward", 2, 0, 0},         {"crib-wars", 2, 0, 0},    {"crib-wars", 3, 0, 0},
    {"captains", 3, 0, 0},         {"solitaire", 1, 0, 0},
    {"classic", 2, 0, BFC_RULE_MUGGINS},
    {"classic", 4, 1, BFC_RULE_PARTNERS_BY_CUT},
};
static const kind BATTLEFIELD[] = {
    {"battlefield", 2, 0, 0},
    {"battlefield", 3, 0, 0},
    {"battlefield", 4, 0, 0},
    {"battlefield", 4, 1, 0},
    {"battlefield", 4, 1, BFC_RULE_PARTNERS_BY_CUT},
};

static bfc_rules rules_of(const kind *k)
{
    bfc_rules r;
    if (bfc_rules_preset(&r, k->preset, k->players, k->teams) != BFC_OK)
        fprintf(stderr, "preset %s refused\n", k->preset);
    r.flags |= k->flags;
    return r;
}

static int seeds(void) { return harness_quick > 1 ? 4 : 40; }

static record A, B;

/* Every deal of a classic game depends on its seed only: the same deals,
 * number for number, whatever the bots play. */
static void test_deals__classic_deals_depend_on_the_seed_only(void)
{
    for (size_t k = 0; k < sizeof CLASSIC / sizeof CLASSIC[0]; k++) {
        const bfc_rules r = rules_of(&CLASSIC[k]);
        int compared = 0, differ = 0, other_moves = 0;
        for (int seed = 1; seed <= seeds(); seed++) {
            if (play(&r, (uint64_t)seed, 0, &A) != 0 || play(&r, (uint64_t)seed, 1, &B) != 0) {
                CHECK(!"a game failed");
                continue;
            }
            int common;
            const int bad = deals_agree(&A, &B, &common);
            if (bad >= 0) {
                differ++;
                fprintf(stderr, "%s, %d players, seed %d: deal %d differs\n",
                        CLASSIC[k].preset, CLASSIC[k].players, seed, bad + 1);
            }
            compared += common;
            other_moves += A.moves_hash != B.moves_hash;
        }
        INT_EQ(differ, 0);
        /* not vacuous: most games went otherwise, over more than one deal */
        if (!CHECK(2 * other_moves >= seeds()))
            fprintf(stderr, "%s, %d players: %d of %d games played other moves\n",
                    CLASSIC[k].preset, CLASSIC[k].players, other_moves, seeds());
        if (!CHECK(compared > seeds()))
            fprintf(stderr, "%s, %d players: %d deals compared\n", CLASSIC[k].preset,
                    CLASSIC[k].players, compared);
    }
}

/* Battlefield: the cut and the first skirmish depend on the seed only --
 * its deal and every card drawn from its pile, in order. */
static void test_deals__battlefield_first_skirmish_depends_on_the_seed_only(void)
{
    for (size_t k = 0; k < sizeof BATTLEFIELD / sizeof BATTLEFIELD[0]; k++) {
        const bfc_rules r = rules_of(&BATTLEFIELD[k]);
        int differ = 0, draws = 0;
        for (int seed = 1; seed <= seeds(); seed++) {
            if (play(&r, (uint64_t)seed, 0, &A) != 0 || play(&r, (uint64_t)seed, 1, &B) != 0) {
                CHECK(!"a game failed");
                continue;
            }
            const int nd = A.ndrawn < B.ndrawn ? A.ndrawn : B.ndrawn;
            differ += A.ndeals < 1 || B.ndeals < 1 ||
                      !same_deal(&A.deal[0], &B.deal[0]) ||
                      memcmp(A.drawn, B.drawn, (size_t)nd * sizeof A.drawn[0]) != 0;
            draws += nd;
        }
        INT_EQ(differ, 0);
        CHECK(draws > seeds()); /* cards were drawn, and compared */
    }
}

/* Battlefield, today: a later skirmish's deal depends on the cards drawn
 * before it (the pile is shuffled as it is used), so two games of one
 * seed part at the first skirmish whose predecessor drew a different
 * number of cards. Fails once every skirmish has a deal of its own. */
static void test_deals__battlefield_later_skirmishes_follow_the_draws(void)
{
    const bfc_rules r = rules_of(&BATTLEFIELD[0]);
    int games = 0, parted = 0, second_same = 0, second = 0;
    for (int seed = 1; seed <= seeds(); seed++) {
        if (play(&r, (uint64_t)seed, 0, &A) != 0 || play(&r, (uint64_t)seed, 1, &B) != 0) {
            CHECK(!"a game failed");
            continue;
        }
        int common;
        games++;
        parted += deals_agree(&A, &B, &common) >= 0;
        if (common >= 2) {
            second++;
            second_same += same_deal(&A.deal[1], &B.deal[1]);
        }
    }
    fprintf(stderr, "battlefield, 2 players, random and greedy bots on the same seeds: %d of %d "
                    "games part at a later skirmish; the second skirmish is the same in %d of %d\n",
            parted, games, second_same, second);
    CHECK(parted > 0);
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_deals__classic_deals_depend_on_the_seed_only);
    RUN(test_deals__battlefield_first_skirmish_depends_on_the_seed_only);
    RUN(test_deals__battlefield_later_skirmishes_follow_the_draws);
    return harness_done();
}
