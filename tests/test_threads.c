/* bfc.h's promise on threads: every scorer may be called from any number of
 * threads at once (here on the very same input arrays), and games on
 * different threads never meet -- the library keeps no global mutable state.
 * The main thread first does each worker's share alone; then the workers do
 * their shares all at once and must get the same results, hashed byte for
 * byte. Under `make tsan` this file and the library are built with
 * ThreadSanitizer, which stops the program on any data race. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "bfc.h"
#include "brute.h"
#include "harness.h"

#define WORKERS 4
#define HANDS 4096 /* shared, read by every worker at once */

static bfc_card hands[HANDS][6]; /* six distinct cards of the 53 */

/* FNV-1a over bytes: the fingerprint of a worker's results. */
static void mix(uint64_t *h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        *h = (*h ^ b[i]) * 0x100000001b3u;
}

static void mix_int(uint64_t *h, long long v) { mix(h, &v, sizeof v); }

/* Every scorer on hands[k] for k = first, first + step, ...: the standard
 * cards for the classic scorers, all six (joker included) for Battlefield. */
static uint64_t score_share(unsigned first, unsigned step)
{
    uint64_t h = 0xcbf29ce484222325u;
    char text[512];
    bfc_item items[BFC_MAX_ITEMS];
    for (unsigned k = first; k < HANDS; k += step) {
        const bfc_card *c = hands[k];
        bfc_card std[5];
        size_t n = 0;
        for (int i = 0; i < 6 && n < 5; i++)
            if (c[i] != BFC_JOKER)
                std[n++] = c[i];
        mix_int(&h, bfc_score_show(std, std[4], 0));
        mix_int(&h, bfc_score_show(std, std[4], BFC_CRIB));
        int8_t all[52];
        mix_int(&h, bfc_score_show_all_starters(std, 0, all));
        mix(&h, all, sizeof all);
        bfc_hand_score hs;
        mix_int(&h, bfc_score_hand(std, 3, std[4], BFC_NODDY, &hs));
        mix(&h, &hs, sizeof hs);
        mix_int(&h, bfc_score_ceasefire(c, &hs));
        mix(&h, &hs, sizeof hs);
        bfc_battlefield bf;
        mix_int(&h, bfc_score_battlefield(c, c[5], 0, &bf));
        mix(&h, &bf, sizeof bf);
        bfc_frontline_score fs;
        mix_int(&h, bfc_score_frontline(std, 2, std[2], BFC_TURN_CARD, &fs));
        mix(&h, &fs, sizeof fs);
        bfc_peg_score ps;
        mix_int(&h, bfc_score_peg_detail(std, 3, 0, &ps));
        mix(&h, &ps, sizeof ps);
        const int ni = bfc_score_hand_items(std, 4, std[4], 0, items, BFC_MAX_ITEMS);
        mix_int(&h, ni);
        if (ni > 0) {
            mix(&h, items, (size_t)ni * sizeof items[0]);
            mix_int(&h, bfc_items_narrate(items, (size_t)ni, text, sizeof text));
            mix(&h, text, strlen(text));
        }
        mix_int(&h, bfc_cards_format(c, 6, BFC_UNICODE, text, sizeof text));
        bfc_card back[6];
        mix_int(&h, bfc_cards_parse(text, BFC_PARSE_JOKER, back, 6, NULL));
        mix(&h, back, sizeof back);
    }
    return h;
}

/* A few whole games with the greedy bot in every seat, searching as a bot
 * author would (copy, determinize, apply on the copy), each ending in a
 * save; every event and the save text go into the hash. */
static uint64_t game_share(unsigned worker, int games)
{
    static const int variants[] = {BFC_VARIANT_BATTLEFIELD, BFC_VARIANT_CLASSIC,
                                   BFC_VARIANT_FIVE_CARD,   BFC_VARIANT_NODDY,
                                   BFC_VARIANT_SOLITAIRE};
    uint64_t h = 0xcbf29ce484222325u;
    bfc_event ev[BFC_MAX_EVENTS];
    char text[1 << 14];
    for (int i = 0; i < games; i++) {
        bfc_rules r;
        const unsigned k = (worker + (unsigned)i) % 7;
        bfc_rules_init_variant(&r, variants[k % 5]);
        if (k == 5) { /* Crib Wars, three players */
            r.variant = BFC_VARIANT_CLASSIC;
            r.players = 3;
            bfc_board_example(&r.board);
        } else if (k == 6) { /* muggins, two players */
            r.variant = BFC_VARIANT_CLASSIC;
            r.flags = BFC_RULE_MUGGINS;
        }
        const uint64_t seed = 1000u * worker + (uint64_t)i;
        int st = 0;
        bfc_game *g = bfc_game_new(&r, seed, &st);
        bfc_game *scratch = bfc_game_new(&r, seed + 1, &st);
        if (!g || !scratch) {
            mix_int(&h, st);
            bfc_game_free(g);
            bfc_game_free(scratch);
            continue;
        }
        uint64_t rng = seed | 1;
        for (int step = 0; step < 5000 && !bfc_game_over(g); step++) {
            const int seat = bfc_game_to_move(g);
            bfc_observation o;
            bfc_game_observe(g, seat, &o);
            bfc_move m = BFC_MOVE_NONE;
            bfc_bot_greedy(&o, &rng, &m);
            bfc_game_copy(scratch, g);
            bfc_game_determinize(scratch, seat, rng);
            bfc_game_apply(scratch, m, NULL, 0, NULL);
            size_t nev = 0;
            mix_int(&h, bfc_game_apply(g, m, ev, BFC_MAX_EVENTS, &nev));
            mix(&h, ev, (nev < BFC_MAX_EVENTS ? nev : BFC_MAX_EVENTS) * sizeof ev[0]);
        }
        const int len = bfc_game_save(g, text, sizeof text);
        mix_int(&h, len);
        if (len > 0 && (size_t)len < sizeof text)
            mix(&h, text, (size_t)len);
        bfc_game_free(scratch);
        bfc_game_free(g);
    }
    return h;
}

/* The search bot and the advice (bfc.h: bots on different threads are
 * independent): a game per worker with a search bot in every seat, every
 * analysis into the hash, and the discard advice of a few hands. */
static uint64_t search_share(unsigned worker, int decisions)
{
    static const char *const presets[] = {"battlefield", "classic", "five-card"};
    uint64_t h = 0xcbf29ce484222325u;
    bfc_rules r;
    bfc_rules_preset(&r, presets[worker % 3], 0, 0);
    bfc_search_config c;
    bfc_search_config_init(&c);
    c.iterations = 24;
    c.seed = worker;
    int st = 0;
    bfc_search *bot = bfc_search_new(&r, &c, &st);
    bfc_game *g = bfc_game_new(&r, 77 + worker, &st);
    for (int i = 0; bot && g && i < decisions && !bfc_game_over(g); i++) {
        bfc_search_stat a[BFC_MAX_MOVES];
        const int n = bfc_search_analyze(bot, g, a, BFC_MAX_MOVES);
        mix_int(&h, n);
        if (n <= 0)
            break;
        mix(&h, a, (size_t)n * sizeof a[0]);
        bfc_game_apply(g, a[0].move, NULL, 0, NULL);
    }
    mix_int(&h, st);
    bfc_search_free(bot);
    bfc_game_free(g);
    bfc_rules_preset(&r, "classic", 2, 0);
    for (unsigned k = worker; k < 8; k += 2) {
        /* the hand's six cards, the joker (if any) replaced by the
           lowest standard card not in it */
        bfc_card hand[6];
        uint64_t in = 0;
        for (int i = 0; i < 6; i++)
            in |= UINT64_C(1) << hands[k][i];
        for (int i = 0; i < 6; i++) {
            hand[i] = hands[k][i];
            if (hand[i] == BFC_JOKER)
                hand[i] = (bfc_card)__builtin_ctzll(~in);
        }
        bfc_discard_option o[15];
        const int no = bfc_advise_discard(&r, hand, 6, BFC_ROLE_DEALER, BFC_CRIB_UNIFORM, o, 15);
        mix_int(&h, no);
        if (no > 0)
            mix(&h, o, (size_t)no * sizeof o[0]);
    }
    return h;
}

struct work {
    unsigned worker;
    int games;
    uint64_t scores, plays, search; /* out */
};

static void *run_share(void *arg)
{
    struct work *w = arg;
    w->scores = score_share(w->worker, 1); /* every worker: all the hands */
    w->scores ^= score_share(w->worker, WORKERS);
    w->plays = game_share(w->worker, w->games);
    w->search = search_share(w->worker, w->games * 6);
    return NULL;
}

static void test_threads__same_results_at_once(void)
{
    uint64_t s = 0x9e3779b97f4a7c15u;
    for (unsigned k = 0; k < HANDS; k++)
        test_deal(&s, hands[k], 6, 53);
    const int games = harness_quick > 1 ? 2 : 7;
    struct work alone[WORKERS], together[WORKERS];
    for (unsigned w = 0; w < WORKERS; w++) {
        alone[w] = (struct work){w, games, 0, 0, 0};
        run_share(&alone[w]);
        together[w] = (struct work){w, games, 0, 0, 0};
    }
    pthread_t t[WORKERS];
    int started[WORKERS];
    for (unsigned w = 0; w < WORKERS; w++)
        started[w] = pthread_create(&t[w], NULL, run_share, &together[w]) == 0;
    for (unsigned w = 0; w < WORKERS; w++) {
        if (!CHECK(started[w]))
            continue;
        pthread_join(t[w], NULL);
        if (!CHECK(together[w].scores == alone[w].scores))
            fprintf(stderr, "  worker %u: scores differ when run beside the others\n", w);
        if (!CHECK(together[w].plays == alone[w].plays))
            fprintf(stderr, "  worker %u: games differ when run beside the others\n", w);
        if (!CHECK(together[w].search == alone[w].search))
            fprintf(stderr, "  worker %u: searches differ when run beside the others\n", w);
    }
    /* the shares are not all alike (the hash sees the work) */
    CHECK(alone[0].plays != alone[1].plays);
    CHECK(alone[0].scores != alone[1].scores);
    CHECK(alone[0].search != alone[1].search);
}

/* bfc_search_interrupt() from another thread stops a search that would
 * otherwise run for hours: bfc_search_move() returns BFC_EINTR. The main
 * thread interrupts until the search has returned, so an interrupt that
 * came before the decision began (and so was not for it) is repeated; no
 * clock is read. */
typedef struct long_search {
    bfc_search *s;
    bfc_game *g;
    int rc;
    atomic_int done;
} long_search;

static void *run_long(void *arg)
{
    long_search *x = arg;
    bfc_move m;
    x->rc = bfc_search_move(x->s, x->g, &m);
    atomic_store(&x->done, 1);
    return NULL;
}

static void test_threads__interrupt_from_another_thread(void)
{
    const char *presets[] = {"battlefield", "classic"};
    for (int k = 0; k < 2; k++) {
        bfc_rules r;
        bfc_rules_preset(&r, presets[k], 2, 0);
        if (k == 1) /* muggins: ISMCTS, which runs to its budget (the deal
                       solver may end sooner, when the best move is told) */
            r.flags |= BFC_RULE_MUGGINS;
        bfc_search_config c;
        bfc_search_config_init(&c);
        c.iterations = 10000000;
        c.worlds = 100000;
        long_search x = {bfc_search_new(&r, &c, NULL), bfc_game_new(&r, 3, NULL), 99, 0};
        /* a position with a choice: the play (classic), the turn (Battlefield) */
        uint64_t rng = 1;
        while (x.g && !bfc_game_over(x.g)) {
            bfc_move L[BFC_MAX_MOVES];
            const int ph = bfc_game_phase(x.g);
            if (bfc_game_legal_moves(x.g, L, BFC_MAX_MOVES) > 2 &&
                (ph == BFC_PHASE_PLAY || ph == BFC_PHASE_TURN))
                break;
            bfc_observation o;
            bfc_game_observe(x.g, bfc_game_to_move(x.g), &o);
            bfc_move m;
            bfc_bot_greedy(&o, &rng, &m);
            bfc_game_apply(x.g, m, NULL, 0, NULL);
        }
        pthread_t t;
        if (!CHECK(x.s && x.g && pthread_create(&t, NULL, run_long, &x) == 0)) {
            bfc_search_free(x.s);
            bfc_game_free(x.g);
            continue;
        }
        while (!atomic_load(&x.done)) {
            bfc_search_interrupt(x.s);
            sched_yield();
        }
        pthread_join(t, NULL);
        INT_EQ(x.rc, BFC_EINTR);
        bfc_search_info info;
        bfc_search_last(x.s, &info);
        CHECK(info.iterations < 10000000);
        bfc_search_free(x.s);
        bfc_game_free(x.g);
    }
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_threads__same_results_at_once);
    RUN(test_threads__interrupt_from_another_thread);
    return harness_done();
}
