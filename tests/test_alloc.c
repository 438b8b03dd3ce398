/* The library's heap use (bfc.h: a game is allocated once, in bfc_game_new,
 * bfc_game_clone or bfc_game_load, and freed in bfc_game_free; nothing
 * else allocates). The Makefile links this test with
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free, so every heap
 * call of the library (and of this file) goes through the counters below;
 * the C library's own internal calls (stdio) do not. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bfc.h"
#include "harness.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

static long n_alloc, n_free, n_free_null;
static size_t n_bytes; /* bytes asked for by the allocations counted */
static int fail_next; /* the next allocation returns NULL */
static int fail_skip; /* ... after letting this many through */

/* Whether this allocation fails (fail_next, fail_skip). */
static int failing(void)
{
    if (!fail_next)
        return 0;
    if (fail_skip > 0) {
        fail_skip--;
        return 0;
    }
    fail_next = 0;
    return 1;
}

void *__wrap_malloc(size_t n)
{
    n_alloc++;
    n_bytes += n;
    if (failing())
        return NULL;
    return __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
    n_alloc++;
    n_bytes += n * size;
    if (failing())
        return NULL;
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
    n_alloc++;
    n_bytes += n;
    if (failing())
        return NULL;
    return __real_realloc(p, n);
}

void __wrap_free(void *p)
{
    if (p)
        n_free++;
    else
        n_free_null++;
    __real_free(p);
}

static void reset_counts(void)
{
    n_alloc = n_free = n_free_null = 0;
    n_bytes = 0;
}

static uint64_t rnd_next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static void test_alloc__game_new_allocates_once(void)
{
    for (int players = 2; players <= 4; players++)
        for (int teams = 0; teams <= (players == 4); teams++) {
            bfc_rules r;
            bfc_rules_init(&r);
            r.players = players;
            r.teams = teams;
            reset_counts();
            int st = 99;
            bfc_game *g = bfc_game_new(&r, 42 + (uint64_t)players, &st);
            INT_EQ(n_alloc, 1);
            INT_EQ(n_free, 0);
            CHECK(g != NULL && st == BFC_OK);
            reset_counts();
            bfc_game_free(g);
            INT_EQ(n_alloc, 0);
            INT_EQ(n_free, 1);
        }
    /* bad rules: nothing allocated */
    bfc_rules r;
    bfc_rules_init(&r);
    r.players = 7;
    reset_counts();
    CHECK(bfc_game_new(&r, 1, NULL) == NULL);
    CHECK(bfc_game_new(NULL, 1, NULL) == NULL);
    INT_EQ(n_alloc, 0);
    /* freeing NULL frees nothing */
    reset_counts();
    bfc_game_free(NULL);
    INT_EQ(n_free, 0);
}

/* One complete random playout, every call of the game API along the way. */
static void playout(bfc_game *g, bfc_game *scratch, uint64_t seed, long *moves)
{
    uint64_t x = seed | 1, bot = seed;
    bfc_event ev[BFC_MAX_EVENTS];
    char text[4096];
    for (int k = 0; k < 100000 && !bfc_game_over(g); k++) {
        bfc_move L[BFC_MAX_MOVES];
        const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
        if (n <= 0)
            break;
        const int seat = bfc_game_to_move(g);
        bfc_observation o;
        bfc_game_observe(g, seat, &o);
        bfc_observation_legal_moves(&o, L, BFC_MAX_MOVES);
        bfc_observation_format(&o, (unsigned)(k & 1) * BFC_UNICODE, text, sizeof text);
        bfc_move m = L[rnd_next(&x) % (unsigned)n];
        switch (rnd_next(&x) % 4) {
        case 0:
            bfc_bot_greedy(&o, &bot, &m);
            break;
        case 1:
            bfc_bot_random(&o, &bot, &m);
            break;
        default:
            break;
        }
        /* search-style: copy, determinize (for the mover, or any seat),
         * play the move there */
        bfc_game_copy(scratch, g);
        const int seat_d = k % 3 ? seat : (int)(rnd_next(&x) % (unsigned)o.players);
        bfc_game_determinize(scratch, seat_d, seed + (uint64_t)k);
        bfc_game_apply(scratch, m, k % 5 ? NULL : ev, k % 5 ? 0 : BFC_MAX_EVENTS, NULL);
        bfc_game_save(g, text, sizeof text);
        bfc_move_format(m, text, sizeof text);
        bfc_move parsed = m;
        bfc_move_parse(text, &parsed);
        int sc[4];
        bfc_game_scores(g, sc, 4);
        bfc_game_phase(g);
        bfc_game_value(g);
        size_t nev = 0;
        const int rc = k % 2 ? bfc_game_apply(g, parsed, ev, BFC_MAX_EVENTS, &nev)
                             : bfc_game_apply(g, parsed, NULL, 0, NULL);
        if (rc != BFC_OK) {
            INT_EQ(rc, BFC_OK); /* the move chosen is legal: the walk goes on */
            break;
        }
        (*moves)++;
    }
}

static void test_alloc__playout_allocates_nothing(void)
{
    long moves = 0;
    const int games = 60 / harness_quick + 3;
    for (int i = 0; i < games; i++) {
        bfc_rules r;
        bfc_rules_init(&r);
        r.players = 2 + i % 3;
        r.teams = i % 6 == 5;
        r.flags = i % 4 == 1 ? BFC_RULE_ANY_LAY_AWAY : 0;
        bfc_game *g = bfc_game_new(&r, 1000 + (uint64_t)i, NULL);
        bfc_game *scratch = bfc_game_new(&r, 2000 + (uint64_t)i, NULL);
        if (!CHECK(g && scratch)) {
            bfc_game_free(g);
            bfc_game_free(scratch);
            continue;
        }
        reset_counts();
        playout(g, scratch, 3000 + (uint64_t)i, &moves);
        CHECK(bfc_game_over(g) == 1);
        /* a match goes on in the same handle */
        bfc_game_next(g);
        playout(g, scratch, 4000 + (uint64_t)i, &moves);
        if (n_alloc || n_free)
            fprintf(stderr, "game %d: %ld allocations, %ld frees\n", i, n_alloc, n_free);
        INT_EQ(n_alloc, 0);
        INT_EQ(n_free, 0);
        reset_counts();
        bfc_game_free(scratch);
        bfc_game_free(g);
        INT_EQ(n_free, 2);
        INT_EQ(n_alloc, 0);
    }
    CHECK(moves > 1000 / harness_quick);
}

/* The classic games (RULES 3) with every option a rules struct can carry:
 * variant, players, teams, flags. Muggins adds the declare and claim
 * phases, so the bots and the search calls meet those too. */
static const struct {
    int variant, players, teams;
    unsigned flags;
} CLASSIC[] = {
    {BFC_VARIANT_CLASSIC, 2, 0, 0},
    {BFC_VARIANT_CLASSIC, 2, 0, BFC_RULE_MUGGINS},
    {BFC_VARIANT_CLASSIC, 3, 0, BFC_RULE_MUGGINS | BFC_RULE_NO_LATE_HEELS},
    {BFC_VARIANT_CLASSIC, 3, 0, BFC_RULE_BACKWARD},
    {BFC_VARIANT_CLASSIC, 4, 1, 0},
    {BFC_VARIANT_CLASSIC, 4, 1, BFC_RULE_MUGGINS | BFC_RULE_BACKWARD},
    {BFC_VARIANT_CLASSIC, 6, 1, BFC_RULE_MUGGINS},
    {BFC_VARIANT_CLASSIC, 6, 1, BFC_RULE_NO_LATE_HEELS},
    {BFC_VARIANT_FIVE_CARD, 2, 0, 0},
    {BFC_VARIANT_FIVE_CARD, 2, 0, BFC_RULE_MUGGINS | BFC_RULE_BACKWARD},
    {BFC_VARIANT_NODDY, 2, 0, 0},
    {BFC_VARIANT_NODDY, 3, 0, BFC_RULE_MUGGINS},
    {BFC_VARIANT_NODDY, 4, 0, BFC_RULE_BACKWARD},
    {BFC_VARIANT_NODDY, 4, 1, BFC_RULE_MUGGINS},
    {BFC_VARIANT_NODDY, 5, 0, BFC_RULE_NO_LATE_HEELS},
    {BFC_VARIANT_NODDY, 6, 0, BFC_RULE_MUGGINS},
    {BFC_VARIANT_NODDY, 6, 1, 0},
    {BFC_VARIANT_SOLITAIRE, 1, 0, 0},
    {BFC_VARIANT_SOLITAIRE, 1, 0, BFC_RULE_NO_LATE_HEELS},
};
#define NCLASSIC (sizeof CLASSIC / sizeof CLASSIC[0])

static void test_alloc__classic_playouts_allocate_nothing(void)
{
    long moves = 0;
    const unsigned games = harness_quick > 1 ? (unsigned)NCLASSIC : 4 * (unsigned)NCLASSIC;
    for (unsigned i = 0; i < games; i++) {
        const unsigned v = i % NCLASSIC;
        bfc_rules r;
        INT_EQ(bfc_rules_init_variant(&r, CLASSIC[v].variant), BFC_OK);
        r.players = CLASSIC[v].players;
        r.teams = CLASSIC[v].teams;
        r.flags = CLASSIC[v].flags;
        r.value = (int)(i % 4);
        if (i / NCLASSIC % 2 == 1) { /* every other round on the Crib Wars board */
            bfc_board_example(&r.board);
            if (bfc_rules_check(&r) != BFC_OK) /* 1 or 4-6 sides: no board */
                memset(&r.board, 0, sizeof r.board);
        }
        bfc_game *g = bfc_game_new(&r, 5000 + (uint64_t)i, NULL);
        bfc_game *scratch = bfc_game_new(&r, 6000 + (uint64_t)i, NULL);
        if (!CHECK(g && scratch)) {
            fprintf(stderr, "classic rules %u refused\n", v);
            bfc_game_free(g);
            bfc_game_free(scratch);
            continue;
        }
        reset_counts();
        playout(g, scratch, 7000 + (uint64_t)i, &moves);
        CHECK(bfc_game_over(g) == 1);
        bfc_game_next(g); /* the next game of the match, same handle */
        playout(g, scratch, 8000 + (uint64_t)i, &moves);
        if (n_alloc || n_free)
            fprintf(stderr, "classic rules %u: %ld allocations, %ld frees\n", v, n_alloc,
                    n_free);
        INT_EQ(n_alloc, 0);
        INT_EQ(n_free, 0);
        bfc_game_free(scratch);
        bfc_game_free(g);
    }
    CHECK(moves > 1000 / harness_quick);
}

static void test_alloc__clone_and_load(void)
{
    bfc_rules r;
    bfc_rules_init(&r);
    bfc_game *g = bfc_game_new(&r, 7, NULL);
    char text[4096];
    bfc_game_save(g, text, sizeof text);
    /* a clone is one allocation, freed once */
    reset_counts();
    bfc_game *c = bfc_game_clone(g);
    INT_EQ(n_alloc, 1);
    reset_counts();
    bfc_game_free(c);
    INT_EQ(n_free, 1);
    /* loading into a new handle: one game more, nothing leaked */
    reset_counts();
    bfc_game *h = NULL;
    INT_EQ(bfc_game_load(&h, text), BFC_OK);
    CHECK(h != NULL);
    INT_EQ(n_alloc - n_free, 1);
    reset_counts();
    bfc_game_free(h);
    INT_EQ(n_free, 1);
    /* loading into an existing game, or a bad text: balanced */
    reset_counts();
    INT_EQ(bfc_game_load(&g, text), BFC_OK);
    INT_EQ(n_alloc, n_free);
    reset_counts();
    h = NULL;
    CHECK(bfc_game_load(&h, "bfc-game 1\nnonsense\n") < 0);
    CHECK(bfc_game_load(&g, "bfc-game 4\n") == BFC_EVERSION); /* a format to come */
    CHECK(h == NULL);
    INT_EQ(n_alloc, n_free);
    bfc_game_free(g);

    /* the classic games the same: a saved deal loads as one game more */
    for (unsigned v = 0; v < NCLASSIC; v++) {
        bfc_rules cr;
        bfc_rules_init_variant(&cr, CLASSIC[v].variant);
        cr.players = CLASSIC[v].players;
        cr.teams = CLASSIC[v].teams;
        cr.flags = CLASSIC[v].flags;
        bfc_game *cg = bfc_game_new(&cr, 40 + v, NULL);
        if (!CHECK(cg != NULL))
            continue;
        for (int k = 0; k < 9 && !bfc_game_over(cg); k++) {
            bfc_move m[BFC_MAX_MOVES];
            bfc_game_legal_moves(cg, m, BFC_MAX_MOVES);
            bfc_game_apply(cg, m[0], NULL, 0, NULL);
        }
        CHECK(bfc_game_save(cg, text, sizeof text) > 0);
        reset_counts();
        h = NULL;
        INT_EQ(bfc_game_load(&h, text), BFC_OK);
        INT_EQ(n_alloc - n_free, 1);
        INT_EQ(bfc_game_load(&cg, text), BFC_OK);
        INT_EQ(n_alloc - n_free, 1);
        bfc_game_free(h);
        bfc_game_free(cg);
    }
}

static void test_alloc__out_of_memory(void)
{
    bfc_rules r;
    bfc_rules_init(&r);
    int st = 99;
    fail_next = 1;
    CHECK(bfc_game_new(&r, 1, &st) == NULL);
    INT_EQ(st, BFC_ENOMEM);
    fail_next = 0;
    bfc_game *g = bfc_game_new(&r, 1, &st);
    if (!CHECK(g != NULL))
        return;
    fail_next = 1;
    CHECK(bfc_game_clone(g) == NULL);
    fail_next = 0;
    /* a load that cannot allocate changes nothing */
    char text[4096], before[4096];
    bfc_game_save(g, text, sizeof text);
    bfc_game *other = bfc_game_new(&r, 2, NULL);
    bfc_game_save(other, before, sizeof before);
    fail_next = 1;
    INT_EQ(bfc_game_load(&other, text), BFC_ENOMEM);
    fail_next = 0;
    char after[4096];
    bfc_game_save(other, after, sizeof after);
    STR_EQ(after, before);
    bfc_game *h = NULL;
    fail_next = 1;
    INT_EQ(bfc_game_load(&h, text), BFC_ENOMEM);
    fail_next = 0;
    CHECK(h == NULL);
    bfc_game_free(other);
    bfc_game_free(g);
}

/* The search bot (bfc.h "Search bot"): two allocations when it is made
 * (the bot with its node arena, one game), none in any decision -- each
 * of its iterations copies, re-deals and plays out a game and grows the
 * tree -- and two frees. Battlefield and the classic games, with the
 * analysis and every playout policy. */
static void test_alloc__search_allocates_at_creation_only(void)
{
    static const struct {
        const char *preset;
        int players, teams, playout;
    } K[] = {{"battlefield", 2, 0, BFC_PLAYOUT_GUIDED}, {"battlefield", 4, 1, BFC_PLAYOUT_RANDOM},
             {"classic", 2, 0, BFC_PLAYOUT_GUIDED},     {"classic", 6, 1, BFC_PLAYOUT_GREEDY},
             {"noddy", 3, 0, BFC_PLAYOUT_GUIDED},       {"solitaire", 1, 0, BFC_PLAYOUT_GUIDED}};
    for (size_t k = 0; k < sizeof K / sizeof K[0]; k++) {
        bfc_rules r;
        if (!CHECK(bfc_rules_preset(&r, K[k].preset, K[k].players, K[k].teams) == BFC_OK))
            continue;
        bfc_search_config c;
        bfc_search_config_init(&c);
        c.iterations = 40;
        c.playout = K[k].playout;
        bfc_game *g = bfc_game_new(&r, 11 + k, NULL);
        reset_counts();
        bfc_search *s = bfc_search_new(&r, &c, NULL);
        /* the bot with its arena, its world and, for the deal solver
           (two-player classic), its 14 games (bfc.h) */
        const long made = strcmp(K[k].preset, "classic") == 0 && K[k].players == 2 ? 16 : 2;
        INT_EQ(n_alloc, made);
        if (!CHECK(s && g)) {
            bfc_search_free(s);
            bfc_game_free(g);
            continue;
        }
        reset_counts();
        long decisions = 0;
        const int limit = harness_quick > 1 ? 60 : 400;
        for (int i = 0; i < limit && !bfc_game_over(g); i++) {
            bfc_move m;
            bfc_search_stat st[BFC_MAX_MOVES];
            if (i % 3 == 0)
                CHECK(bfc_search_analyze(s, g, st, BFC_MAX_MOVES) > 0);
            if (!CHECK(bfc_search_move(s, g, &m) == BFC_OK))
                break;
            bfc_game_apply(g, m, NULL, 0, NULL);
            decisions++;
        }
        if (n_alloc || n_free)
            fprintf(stderr, "%s: %ld allocations, %ld frees in %ld decisions\n", K[k].preset,
                    n_alloc, n_free, decisions);
        INT_EQ(n_alloc, 0);
        INT_EQ(n_free, 0);
        CHECK(decisions > 10);
        reset_counts();
        bfc_search_free(s);
        INT_EQ(n_free, made);
        INT_EQ(n_alloc, 0);
        bfc_game_free(g);
    }
    /* a time budget: the clock allocates nothing either */
    bfc_rules r;
    bfc_rules_init(&r);
    bfc_search_config c;
    bfc_search_config_init(&c);
    c.iterations = 0;
    c.time_ms = 3;
    bfc_search *s = bfc_search_new(&r, &c, NULL);
    bfc_game *g = bfc_game_new(&r, 5, NULL);
    reset_counts();
    bfc_move m;
    for (int i = 0; i < 5 && s && g; i++) {
        CHECK(bfc_search_move(s, g, &m) == BFC_OK);
        bfc_game_apply(g, m, NULL, 0, NULL);
    }
    INT_EQ(n_alloc, 0);
    /* out of memory at either allocation: NULL, BFC_ENOMEM, nothing kept */
    for (int which = 0; which < 2; which++) {
        reset_counts();
        int st = 0;
        fail_next = 1;
        fail_skip = which;
        CHECK(bfc_search_new(&r, &c, &st) == NULL);
        INT_EQ(st, BFC_ENOMEM);
        INT_EQ(n_alloc, which + 1);
        INT_EQ(n_free, which); /* what was allocated is freed */
        fail_next = fail_skip = 0;
    }
    bfc_search_free(s);
    bfc_game_free(g);
}

/* test_alloc__search_config_bytes (issue 39): bfc_search_config_bytes() is
 * what bfc_search_new() allocates, byte for byte, over budgets (levels,
 * iterations, times, `nodes`, the arena's floor and ceiling), flags (the
 * deal solver's games) and rules; 0 for what it refuses. The JS binding
 * restated the arena's formula before; it reads this instead. */
static void test_alloc__search_config_bytes(void)
{
    static const struct {
        const char *preset;
        int players, teams;
    } K[] = {{"battlefield", 2, 0}, {"battlefield", 4, 1}, {"classic", 2, 0},
             {"classic", 3, 0},     {"noddy", 2, 0},       {"solitaire", 1, 0}};
    static const uint32_t its[] = {0, 1, 30, 31, 1000, 524287, 524288, 4000000};
    static const uint32_t nodes[] = {0, 1, 64, 5000, 1u << 21};
    static const uint32_t ms[] = {0, 1, 2619, 100000};
    int compared = 0;
    for (size_t k = 0; k < sizeof K / sizeof K[0]; k++) {
        bfc_rules r;
        if (!CHECK(bfc_rules_preset(&r, K[k].preset, K[k].players, K[k].teams) == BFC_OK))
            continue;
        for (int level = 0; level <= 3; level++)
            for (size_t i = 0; i < sizeof its / sizeof its[0]; i++)
                for (size_t t = 0; t < sizeof ms / sizeof ms[0]; t++)
                    for (size_t nn = 0; nn < sizeof nodes / sizeof nodes[0]; nn++)
                        for (unsigned f = 0; f < 2; f++) {
                            bfc_search_config c;
                            bfc_search_config_init(&c);
                            if (level)
                                bfc_search_config_level(&c, level);
                            else {
                                c.iterations = its[i];
                                c.time_ms = ms[t];
                            }
                            if (level && (i || t))
                                continue; /* a level is its own budget */
                            c.nodes = nodes[nn];
                            c.flags = f ? c.flags | BFC_SEARCH_SOLVER : c.flags & ~BFC_SEARCH_SOLVER;
                            const size_t said = bfc_search_config_bytes(&r, &c);
                            reset_counts();
                            int st = BFC_OK;
                            bfc_search *s = bfc_search_new(&r, &c, &st);
                            const size_t made = n_bytes;
                            if (s) {
                                INT_EQ(said, made);
                                compared++;
                            } else {
                                CHECK(st == BFC_EINVAL);
                                INT_EQ(said, 0);
                            }
                            bfc_search_free(s);
                        }
    }
    CHECK(compared > 500);
    /* NULL: the defaults, as bfc_search_new */
    bfc_rules r;
    bfc_rules_init(&r);
    reset_counts();
    bfc_search *s = bfc_search_new(&r, NULL, NULL);
    INT_EQ(bfc_search_config_bytes(&r, NULL), n_bytes);
    CHECK(n_bytes > 0);
    bfc_search_free(s);
    bfc_search_config c;
    bfc_search_config_init(&c);
    INT_EQ(bfc_search_config_bytes(NULL, &c), 0);
    c.exploration = -1;
    INT_EQ(bfc_search_config_bytes(&r, &c), 0);
    bfc_search_config_init(&c);
    r.players = 9;
    INT_EQ(bfc_search_config_bytes(&r, &c), 0);
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_alloc__game_new_allocates_once);
    RUN(test_alloc__playout_allocates_nothing);
    RUN(test_alloc__classic_playouts_allocate_nothing);
    RUN(test_alloc__clone_and_load);
    RUN(test_alloc__out_of_memory);
    RUN(test_alloc__search_allocates_at_creation_only);
    RUN(test_alloc__search_config_bytes);
    return harness_done();
}
