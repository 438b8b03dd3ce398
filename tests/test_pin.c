/* Pinned behaviour of the whole engine (issue 17): a game is fully
 * determined by its rules, its seed and its moves, so seeded games played
 * with a fixed move rule must give the same legal lists, events, scores,
 * observations and saves after any change made for speed. Every preset at
 * every player count it is played by, and the options (muggins, captain,
 * partners by cut, match play, the Battlefield options, ...), each hashed
 * on its own and pinned. A commit that changes one of these values changes
 * what the engine does: it must say why and update the pin.
 *
 * Each game is also played a second time in silence (no events: the
 * playout fast path) and must reach byte-identical states; and at every
 * position an illegal move must be refused without changing anything. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bfc.h"
#include "harness.h"
#include "state.h"

#define TEXT_MAX 8192

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

static uint64_t fnv_int(uint64_t h, long long v)
{
    unsigned char b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)((unsigned long long)v >> (8 * i));
    return fnv(h, b, 8);
}

static uint64_t mix(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static unsigned below(uint64_t *x, unsigned n) { return (unsigned)(mix(x) % n); }

static uint64_t hash_events(uint64_t h, const bfc_event *ev, size_t n)
{
    for (size_t k = 0; k < n && k < BFC_MAX_EVENTS; k++)
        h = fnv(h, &ev[k], sizeof ev[k]); /* every field: no padding in bfc_event */
    return fnv_int(h, (long long)n);
}

static uint64_t hash_save(uint64_t h, const bfc_game *g)
{
    static char text[TEXT_MAX];
    const int n = bfc_game_save(g, text, sizeof text);
    return fnv(h, text, n > 0 && n < TEXT_MAX ? (size_t)n : 0);
}

static uint64_t hash_observations(uint64_t h, const bfc_game *g)
{
    const int players = bfc_game_rules(g)->players;
    for (int s = 0; s < players; s++) {
        bfc_observation o;
        bfc_game_observe(g, s, &o); /* zeroed first: byte-stable */
        h = fnv(h, &o, sizeof o);
        bfc_move L[BFC_MAX_MOVES];
        const int n = bfc_observation_legal_moves(&o, L, BFC_MAX_MOVES);
        h = fnv_int(h, n);
        if (n > 0)
            h = fnv(h, L, (size_t)n * sizeof *L);
    }
    return h;
}

static long silent_differs, illegal_changed, illegal_accepted;

/* The ids drawn for illegal tries: those of 0.1, a fixed number so that
 * the pins do not move when ids are added at the end (RULES D18 added
 * 1492..1506); the last draw reaches past them. */
#define PIN_IDS 1492u

/* A move outside the legal list must be refused and change nothing. */
static void try_illegal(bfc_game *g, const bfc_move *L, int n, uint64_t *rnd)
{
    static struct bfc_game before;
    bfc_move m;
    int in = 1;
    for (int tries = 0; tries < 8 && in; tries++) {
        m = (bfc_move)(tries == 7 ? PIN_IDS + below(rnd, 100) : below(rnd, PIN_IDS));
        in = 0;
        for (int i = 0; i < n; i++)
            in |= L[i] == m;
    }
    if (in)
        return;
    memcpy(&before, g, sizeof before);
    bfc_event ev[4];
    size_t nev = 99;
    const int rc = bfc_game_apply(g, m, ev, 4, &nev);
    illegal_accepted += rc != BFC_EILLEGAL;
    illegal_changed += memcmp(&before, g, sizeof before) != 0 || nev != 99;
}

/* games seeded games of rules, moves picked from the legal list by a fixed
 * generator; match play goes on through bfc_game_next_events. */
static uint64_t signature(const bfc_rules *r, uint64_t seed0, int games)
{
    static bfc_event ev[BFC_MAX_EVENTS];
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (int i = 0; i < games; i++) {
        const uint64_t seed = seed0 + (uint64_t)i;
        size_t nev = 0;
        int st = -99;
        bfc_game *g = bfc_game_new_events(r, seed, ev, BFC_MAX_EVENTS, &nev, &st);
        bfc_game *quiet = bfc_game_new(r, seed, NULL);
        if (!CHECK(g && quiet && st == BFC_OK)) {
            bfc_game_free(g);
            bfc_game_free(quiet);
            return 0;
        }
        h = hash_events(h, ev, nev);
        h = hash_save(h, g);
        uint64_t rnd = seed * 7919u + 17u;
        long moves = 0;
        for (;;) {
            silent_differs += memcmp(g, quiet, sizeof *g) != 0;
            if (bfc_game_over(g)) {
                if (r->match == 0 || bfc_game_match_winner(g) >= 0 || moves > 20000)
                    break;
                nev = 0;
                bfc_game_next_events(g, ev, BFC_MAX_EVENTS, &nev);
                bfc_game_next(quiet);
                h = hash_events(h, ev, nev);
                h = hash_save(h, g);
                continue;
            }
            bfc_move L[BFC_MAX_MOVES];
            const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
            if (!CHECK(n > 0))
                break;
            h = fnv(h, L, (size_t)n * sizeof *L);
            if (moves % 8 == 0)
                try_illegal(g, L, n, &rnd);
            if (moves % 4 == 1)
                h = hash_observations(h, g);
            const bfc_move m = L[below(&rnd, (unsigned)n)];
            nev = 0;
            INT_EQ(bfc_game_apply(g, m, ev, BFC_MAX_EVENTS, &nev), BFC_OK);
            INT_EQ(bfc_game_apply(quiet, m, NULL, 0, NULL), BFC_OK);
            h = hash_events(h, ev, nev);
            h = hash_save(h, g);
            moves++;
        }
        int v[BFC__MAXP];
        const int sides = bfc_game_values(g, v, BFC__MAXP);
        for (int s = 0; s < sides; s++)
            h = fnv_int(h, v[s]);
        h = fnv_int(h, bfc_game_value(g));
        h = fnv_int(h, moves);
        bfc_game_free(quiet);
        bfc_game_free(g);
    }
    /* bfc_sim_run's tally sink and the bots */
    const bfc_bot_fn bots[6] = {bfc_bot_greedy, bfc_bot_random, bfc_bot_greedy,
                                bfc_bot_random, bfc_bot_greedy, bfc_bot_random};
    bfc_sim_result res;
    memset(&res, 0, sizeof res);
    INT_EQ(bfc_sim_run(r, bots, seed0, 0, 2, 1, &res), BFC_OK);
    return fnv(h, &res, sizeof res);
}

typedef struct config {
    const char *name;   /* a preset, or "seven-card" */
    int players, teams; /* 0: the preset's default */
    unsigned flags;     /* added to the preset's */
    int target;         /* 0: the preset's */
    int turn_limit;     /* -1: the preset's */
    int match, match_points, next_dealer, value, first_dealer;
    uint64_t pin;
} config;

#define CUT BFC_DEALER_CUT
#define MUG BFC_RULE_MUGGINS

/* name players teams flags target turn_limit match points next value dealer pin */
static const config CONFIGS[] = {
    {"battlefield", 2, 0, 0, 0, -1, 0, 0, 0, 0, CUT, UINT64_C(0xdecbeb135f44297f)},
    {"battlefield", 3, 0, 0, 0, -1, 0, 0, 0, 1, CUT, UINT64_C(0xa9a7b1e3f2ae1140)},
    {"battlefield", 4, 0, 0, 0, -1, 0, 0, 0, 2, CUT, UINT64_C(0x3f4757c0f1500150)},
    {"battlefield", 4, 1, 0, 0, -1, 0, 0, 0, 3, 1, UINT64_C(0x3d5149530aa5b94a)},
    {"battlefield", 2, 0, BFC_RULE_ANY_LAY_AWAY | BFC_RULE_NO_TAKE_BACK, 0, 12, 0, 0, 0, 0, 0,
     UINT64_C(0x79fffeccf0365c83)},
    {"battlefield", 3, 0, BFC_RULE_JOKER_KILLS_FORMATION | BFC_RULE_PAY_BEST_LOSER, 61, 0, 0, 0,
     0, 1, CUT, UINT64_C(0xfd2b17cd50d2d142)},
    {"battlefield", 4, 1, BFC_RULE_PARTNERS_BY_CUT | BFC_RULE_NO_TAKE_BACK, 0, 30, 0, 0, 0, 0,
     CUT, UINT64_C(0xc0246e5e53a2f8c0)},
    {"battlefield", 2, 0, 0, 31, -1, 5, BFC_MATCH_SKUNKS, BFC_NEXT_LOSER, 1, CUT, UINT64_C(0xb00e40fe9510b8e2)},
    {"battlefield", 2, 0, 0, 0, 0, 0, 0, 0, 0, CUT, UINT64_C(0x276453a17fde2132)},
    {"battlefield", 3, 0, BFC_RULE_ANY_LAY_AWAY, 0, -1, 3, BFC_MATCH_VALUE, BFC_NEXT_LEFT, 2, 2,
     UINT64_C(0xc45d8c3f6ae62d8e)},
    {"classic", 2, 0, 0, 0, -1, 0, 0, 0, 1, CUT, UINT64_C(0xbe5188ae43301734)},
    {"classic", 3, 0, 0, 0, -1, 0, 0, 0, 2, CUT, UINT64_C(0x288809ce03a02b09)},
    {"classic", 4, 0, 0, 0, -1, 0, 0, 0, 3, 2, UINT64_C(0x50785ee801f1f19d)},
    {"classic", 4, 1, 0, 0, -1, 0, 0, 0, 0, CUT, UINT64_C(0x4dbb07c7120a4eda)},
    {"classic", 6, 1, 0, 0, -1, 0, 0, 0, 1, CUT, UINT64_C(0x51ecb6b3389fa7fb)},
    {"classic", 2, 0, MUG, 0, -1, 0, 0, 0, 0, CUT, UINT64_C(0xa2ba63bbabbcb9b3)},
    {"classic", 3, 0, MUG | BFC_RULE_PAY_WORST_LOSER, 0, -1, 0, 0, 0, 1, CUT, UINT64_C(0x459971738ab82ee5)},
    {"classic", 6, 1, MUG | BFC_RULE_PARTNERS_BY_CUT, 0, -1, 0, 0, 0, 2, CUT, UINT64_C(0xdae02ee9a17b563c)},
    {"classic", 3, 0, BFC_RULE_CAPTAIN | BFC_RULE_NO_LATE_HEELS, 0, -1, 0, 0, 0, 1, CUT,
     UINT64_C(0xb933cb0a76ba5f52)},
    {"classic", 4, 0, MUG | BFC_RULE_BACKWARD, 0, -1, 0, 0, 0, 0, CUT, UINT64_C(0xabc8f4129fbd8f7b)},
    {"classic", 4, 1, BFC_RULE_PARTNERS_BY_CUT, 0, -1, 0, 0, 0, 0, CUT, UINT64_C(0x8a8e45d2aafd9706)},
    {"classic", 2, 0, 0, 61, -1, 7, BFC_MATCH_ACC, BFC_NEXT_LEFT, 2, CUT, UINT64_C(0xc5bfd9127b9af22d)},
    {"five-card", 2, 0, 0, 0, -1, 0, 0, 0, 0, CUT, UINT64_C(0x826973342a1ee019)},
    {"five-card", 2, 0, MUG, 0, -1, 0, 0, 0, 3, 0, UINT64_C(0x2ffa5134a7bb4370)},
    {"noddy", 2, 0, 0, 0, -1, 0, 0, 0, 0, CUT, UINT64_C(0x217f3caa06cbf5a8)},
    {"noddy", 3, 0, 0, 0, -1, 0, 0, 0, 0, CUT, UINT64_C(0x87add9b798aa8e9c)},
    {"noddy", 4, 1, 0, 0, -1, 0, 0, 0, 0, CUT, UINT64_C(0xc58dbd7e1543908e)},
    {"noddy", 5, 0, 0, 0, -1, 0, 0, 0, 0, CUT, UINT64_C(0x5ffda1a7059ff927)},
    {"noddy", 6, 0, MUG, 0, -1, 0, 0, 0, 0, CUT, UINT64_C(0x3d3dc6e188d6447c)},
    {"noddy", 2, 0, MUG, 0, -1, 3, BFC_MATCH_GAMES, BFC_NEXT_WINNER, 0, CUT, UINT64_C(0x9a5c1db3a468e164)},
    {"backward", 2, 0, 0, 0, -1, 0, 0, 0, 0, CUT, UINT64_C(0x09fdbccd4130a05c)},
    {"backward", 3, 0, MUG, 0, -1, 0, 0, 0, 0, CUT, UINT64_C(0x179039c9c5f9e6b8)},
    {"solitaire", 1, 0, 0, 0, -1, 0, 0, 0, 0, CUT, UINT64_C(0xe8d7ef6181f8c8dc)},
    {"solitaire", 1, 0, 0, 100, -1, 0, 0, 0, 0, CUT, UINT64_C(0x844d42486fc0b2bd)},
    {"crib-wars", 2, 0, 0, 0, -1, 0, 0, 0, 0, CUT, UINT64_C(0x96c7ee9bc8a45906)},
    {"crib-wars", 3, 0, 0, 0, -1, 0, 0, 0, 1, CUT, UINT64_C(0x1055348dff530b8c)},
    {"crib-wars", 3, 0, MUG, 0, -1, 0, 0, 0, 2, CUT, UINT64_C(0x24f6c2ca54011e6d)},
    {"crib-wars", 4, 1, MUG, 0, -1, 0, 0, 0, 0, CUT, UINT64_C(0xf67c9137521dd307)},
    {"seven-card", 2, 0, 0, 0, -1, 0, 0, 0, 0, CUT, UINT64_C(0x9097e1ae823fa0b3)},
    {"seven-card", 2, 0, MUG, 0, -1, 0, 0, 0, 1, CUT, UINT64_C(0x79906428ae98b876)},
    /* a payment option on the plain path (BFC__PLAIN_FLAGS) */
    {"classic", 3, 0, BFC_RULE_PAY_BEST_LOSER, 0, -1, 0, 0, 0, 2, CUT, UINT64_C(0xcc315da0d950a2a6)},
};

static int make_rules(const config *c, bfc_rules *r)
{
    if (strcmp(c->name, "seven-card") == 0) {
        bfc_rules_init_variant(r, BFC_VARIANT_SEVEN_CARD);
        r->players = c->players;
    } else if (bfc_rules_preset(r, c->name, c->players, c->teams) != BFC_OK) {
        return 0;
    }
    r->flags |= c->flags;
    if (c->target)
        r->target = c->target;
    if (c->turn_limit >= 0)
        r->turn_limit = c->turn_limit;
    r->match = c->match;
    r->match_points = c->match_points;
    r->next_dealer = c->next_dealer;
    r->value = c->value;
    if (!(c->flags & BFC_RULE_PARTNERS_BY_CUT) && !(c->flags & BFC_RULE_CAPTAIN) &&
        r->players > 1)
        r->first_dealer = c->first_dealer;
    return bfc_rules_check(r) == BFC_OK;
}

#define GAMES 40

static void test_pin__every_preset_and_option(void)
{
    const size_t n = sizeof CONFIGS / sizeof CONFIGS[0];
    int print = getenv("BFC_PIN_PRINT") != NULL;
    silent_differs = illegal_changed = illegal_accepted = 0;
    for (size_t i = 0; i < n; i++) {
        const config *c = &CONFIGS[i];
        /* quick mode (valgrind): every fourth configuration */
        if (harness_quick > 1 && i % 4 != 0)
            continue;
        bfc_rules r;
        if (!CHECK(make_rules(c, &r))) {
            fprintf(stderr, "config %zu (%s %d): rules refused: %s\n", i, c->name, c->players,
                    bfc_rules_problem(&r));
            continue;
        }
        const uint64_t sig = signature(&r, 1000u * (uint64_t)(i + 1), GAMES);
        if (print)
            printf("    config %2zu %-11s %d players: UINT64_C(0x%016llx)\n", i, c->name, c->players,
                   (unsigned long long)sig);
        if (sig != c->pin)
            fprintf(stderr, "config %zu (%s, %d players, flags 0x%x): signature 0x%016llx, "
                            "pinned 0x%016llx\n",
                    i, c->name, c->players, c->flags, (unsigned long long)sig,
                    (unsigned long long)c->pin);
        INT_EQ(sig == c->pin, 1);
    }
    INT_EQ(silent_differs, 0);
    INT_EQ(illegal_accepted, 0);
    INT_EQ(illegal_changed, 0);
}

/* The plain path (bfc_game.plain) is chosen by an allow-list: a classic
 * game of two players or more, no board, and only the rules flags that
 * path was written for (backward, no late heels, captain, partners by cut,
 * the payment options). Every other flag bit, one the library has today
 * (muggins, the Battlefield ones) or one it may add later, takes the
 * general path, and so do the other variants and a board. */
static void test_pin__plain_path_is_an_allow_list(void)
{
    static bfc_game g;
    const unsigned handled = BFC_RULE_BACKWARD | BFC_RULE_NO_LATE_HEELS | BFC_RULE_CAPTAIN |
                             BFC_RULE_PARTNERS_BY_CUT | BFC_RULE_PAY_BEST_LOSER |
                             BFC_RULE_PAY_WORST_LOSER;
    const int players[] = {2, 3, 4, 6};
    for (size_t p = 0; p < sizeof players / sizeof players[0]; p++) {
        memset(&g, 0, sizeof g);
        if (!CHECK(bfc_rules_preset(&g.rules, "classic", players[p], players[p] == 6) == BFC_OK))
            continue;
        g.players = (uint8_t)players[p];
        g.sides = (uint8_t)bfc_rules_sides(&g.rules);
        bfc__game_derive(&g);
        INT_EQ(g.plain, BFC__PLAIN_CLASSIC);
        const unsigned base = g.rules.flags;
        for (unsigned bit = 1; bit; bit <<= 1) {
            if (!(bit & BFC_RULES_FLAGS))
                continue;
            g.rules.flags = base | bit;
            bfc__game_derive(&g);
            if (g.plain != ((bit & handled) ? BFC__PLAIN_CLASSIC : 0u))
                fprintf(stderr, "%d players, flag 0x%x: plain %u\n", players[p], bit,
                        (unsigned)g.plain);
            INT_EQ(g.plain, (bit & handled) ? BFC__PLAIN_CLASSIC : 0u);
        }
        g.rules.flags = base;
        g.rules.board.n = 1;
        bfc__game_derive(&g);
        INT_EQ(g.plain, 0);
    }
    const int others[] = {BFC_VARIANT_BATTLEFIELD, BFC_VARIANT_FIVE_CARD, BFC_VARIANT_NODDY,
                          BFC_VARIANT_SEVEN_CARD, BFC_VARIANT_SOLITAIRE};
    for (size_t v = 0; v < sizeof others / sizeof others[0]; v++) {
        memset(&g, 0, sizeof g);
        if (!CHECK(bfc_rules_init_variant(&g.rules, others[v]) == BFC_OK))
            continue;
        g.players = (uint8_t)g.rules.players;
        g.sides = (uint8_t)bfc_rules_sides(&g.rules);
        bfc__game_derive(&g);
        INT_EQ(g.plain, 0);
    }
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_pin__every_preset_and_option);
    RUN(test_pin__plain_path_is_an_allow_list);
    return harness_done();
}
