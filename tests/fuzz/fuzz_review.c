/* Fuzz target: game reviews (issue 39): bfc_review_game and
 * bfc_review_game_with on a random game's moves, some of them replaced by
 * ids the input picks (often illegal), with tiny budgets and a progress
 * callback that stops the review where the input says.
 *
 * The input (missing bytes read as 0):
 *   byte 0   the game (fg_pick's kind)
 *   byte 1   classic flag bits and a short target (fg_pick's f); bit 4
 *            BFC_SEARCH_EXACT_DISCARD on (a classic discard graded by the
 *            exact advice, tens of milliseconds each under the sanitizers)
 *   byte 2   the seed
 *   byte 3   moves played (v % 48, fewer if the game ends)
 *   byte 4   the budget: bits 0-2 iterations 1 + v (bit 7: 65 + v & 15,
 *            so that the callback is called within a search too); bits
 *            3-4 the seat reviewed (0: every seat, else (v - 1) % players)
 *            bits 5-6 the room of the first review: n, n / 2, 1, 0
 *   byte 5   the progress callback of the second review: 0 none, else it
 *            stops at its call number v - 1 (if the review gets so far)
 *   then pairs P V, at most 4: moves[P % n] := V | (V & 1) << 8 ... (see
 *   the code: the id V, or V + 256, or BFC_MOVE_COUNT + V)
 * Invariants:
 *   - a move not legal where it comes: both reviews BFC_EILLEGAL, nothing
 *     written;
 *   - else bfc_review_game returns the number of decisions graded, at most
 *     n, writing min(it, cap) entries and nothing past them; every entry
 *     has its fields in range (plies ascending, seat and phase of the
 *     position, grade, stage, chances -1 or in [0, 1], losses >= 0, the
 *     move made moves[ply], it and the bot's choice legal there);
 *   - bfc_review_game_with on a bot of the same config gives the same
 *     entries; stopped by its callback it returns BFC_EINTR, with a prefix
 *     of those entries and nothing past it;
 *   - refused: a bot of other rules, a bot in a stepped decision, a value
 *     other than BFC_SEARCH_WIN, a seat out of range (BFC_EINVAL, nothing
 *     written);
 *   - each entry formats, and the summary counts them. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include "fuzz.h"
#include "fuzz_game.h"

const char fuzz_target_name[] = "fuzz_review";

#define RV_MAX 48

typedef struct {
    unsigned calls, stop_at; /* stop at call stop_at (UINT32_MAX: never) */
    size_t last_done;
    int stopped;
} stopper;

static int progress(void *ctx, size_t done, size_t total)
{
    stopper *s = ctx;
    FUZZ_CHECK(done <= total && total <= RV_MAX);
    FUZZ_CHECK(done >= s->last_done); /* never going back */
    s->last_done = done;
    if (s->calls++ == s->stop_at) {
        s->stopped = 1;
        return 1;
    }
    return 0;
}

static int same_entry(const bfc_review_entry *a, const bfc_review_entry *b)
{
    return a->ply == b->ply && a->deal == b->deal && a->seat == b->seat && a->phase == b->phase &&
           a->stage == b->stage && a->grade == b->grade && a->by_points == b->by_points &&
           a->has_points == b->has_points && a->nlegal == b->nlegal && a->rank == b->rank &&
           a->score[0] == b->score[0] && a->score[1] == b->score[1] && a->tries == b->tries &&
           a->made == b->made && a->made_as == b->made_as && a->best == b->best &&
           a->close == b->close && a->reserved == b->reserved && a->made_win == b->made_win &&
           a->best_win == b->best_win && a->win_lost == b->win_lost &&
           a->made_points == b->made_points && a->best_points == b->best_points &&
           a->points_lost == b->points_lost;
}

static int chance(double x) { return x == -1 || (x >= 0 && x <= 1); }

/* Entries e[0..k) of a review of moves[0..n) from start, seat (-1: all). */
static void check_entries(const bfc_game *start, const bfc_move *moves, unsigned n, int seat,
                          const bfc_review_entry *e, size_t k)
{
    bfc_game *g = bfc_game_clone(start);
    FUZZ_CHECK(g != NULL);
    unsigned at = 0;
    for (size_t i = 0; i < k; i++) {
        const bfc_review_entry *x = &e[i];
        FUZZ_CHECK(x->ply < n && (i == 0 || x->ply > e[i - 1].ply));
        for (; at < x->ply; at++)
            FUZZ_CHECK(bfc_game_apply(g, moves[at], NULL, 0, NULL) == BFC_OK);
        bfc_move l[BFC_MAX_MOVES];
        const int nl = fg_legal(g, l);
        FUZZ_CHECK(x->seat == bfc_game_to_move(g) && (seat < 0 || x->seat == seat));
        FUZZ_CHECK(x->phase == bfc_game_phase(g));
        FUZZ_CHECK(x->made == moves[x->ply] && fg_among(l, nl, x->made));
        FUZZ_CHECK(fg_among(l, nl, x->best) && fg_among(l, nl, x->made_as));
        FUZZ_CHECK(x->nlegal == nl && nl >= 2 && x->rank < nl);
        FUZZ_CHECK(x->stage < BFC_STAGES && x->grade <= BFC_GRADE_UNRATED);
        FUZZ_CHECK(x->by_points <= 1 && x->has_points <= 1 && x->close <= 1 && x->reserved == 0);
        FUZZ_CHECK(x->deal >= 1);
        FUZZ_CHECK(chance(x->made_win) && chance(x->best_win));
        FUZZ_CHECK(x->win_lost >= 0 && x->win_lost <= 1);
        FUZZ_CHECK(isfinite(x->made_points) && isfinite(x->best_points));
        FUZZ_CHECK(x->points_lost >= 0 && isfinite(x->points_lost));
        FUZZ_CHECK(x->has_points ||
                   (x->made_points == 0 && x->best_points == 0 && x->points_lost == 0));
        char buf[512];
        const int len = bfc_review_format(x, (unsigned)i & BFC_UNICODE, buf, sizeof buf);
        FUZZ_CHECK(len > 0 && (size_t)len < sizeof buf && strlen(buf) == (size_t)len);
    }
    bfc_game_free(g);
    bfc_review_summary s;
    FUZZ_CHECK(bfc_review_summarize(e, k, seat, &s) == BFC_OK);
    FUZZ_CHECK(s.all.decisions == k);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t h[6] = {0};
    for (size_t i = 0; i < 6 && i < size; i++)
        h[i] = data[i];
    bfc_move moves[RV_MAX];
    unsigned n = 0;
    bfc_game *start = fg_pick(h[0], h[1], h[2], 0, NULL, NULL);
    bfc_game *end = fg_pick(h[0], h[1], h[2], h[3] % RV_MAX, moves, &n);
    bfc_game_free(end);
    const bfc_rules *rules = bfc_game_rules(start);
    for (size_t i = 6; i + 1 < size && i < 6 + 8 && n > 0; i += 2) {
        const unsigned v = data[i + 1];
        moves[data[i] % n] = (bfc_move)(v & 1 ? v : v & 2 ? v + 256u : BFC_MOVE_COUNT + v);
    }
    /* the first move not legal where it comes, if any */
    int legal = 1;
    {
        bfc_game *g = bfc_game_clone(start);
        FUZZ_CHECK(g != NULL);
        for (unsigned i = 0; i < n && legal; i++)
            legal = bfc_game_apply(g, moves[i], NULL, 0, NULL) == BFC_OK;
        bfc_game_free(g);
    }
    bfc_review_config cfg;
    bfc_review_config_init(&cfg);
    cfg.search.iterations = h[4] & 0x80 ? 65u + (h[4] & 15u) : 1u + (h[4] & 7u);
    cfg.search.worlds = 1u + (h[4] & 3u);
    cfg.search.seed = h[2];
    if (!(h[1] & 0x10))
        cfg.search.flags &= ~BFC_SEARCH_EXACT_DISCARD;
    cfg.seat = (h[4] >> 3 & 3u) == 0 ? -1 : (int)(((h[4] >> 3 & 3u) - 1u) % rules->players);
    const unsigned rooms[4] = {n, n / 2, 1, 0};
    const size_t cap = rooms[h[4] >> 5 & 3u];

    static bfc_review_entry a[RV_MAX + 1], b[RV_MAX + 1];
    memset(a, FUZZ_SENTINEL, sizeof a);
    memset(b, FUZZ_SENTINEL, sizeof b);
    const int ra = bfc_review_game(start, moves, n, &cfg, cap ? a : NULL, cap);
    if (!legal) {
        FUZZ_CHECK(ra == BFC_EILLEGAL && fuzz_all_sentinel(a, sizeof a));
    } else {
        FUZZ_CHECK(ra >= 0 && (unsigned)ra <= n);
        const size_t k = (size_t)ra < cap ? (size_t)ra : cap;
        check_entries(start, moves, n, cfg.seat, a, k);
        FUZZ_CHECK(fuzz_all_sentinel(a + k, sizeof a - k * sizeof a[0]));
    }

    int st = 1;
    bfc_search *bot = bfc_search_new(rules, &cfg.search, &st);
    FUZZ_CHECK(bot != NULL && st == BFC_OK);
    stopper s = {0, h[5] ? h[5] - 1u : UINT32_MAX, 0, 0};
    const int rb = bfc_review_game_with(bot, start, moves, n, cfg.seat, b, n, h[5] ? progress : NULL,
                                        &s);
    if (!legal) {
        FUZZ_CHECK(rb == BFC_EILLEGAL && fuzz_all_sentinel(b, sizeof b) && s.calls == 0);
    } else if (s.stopped) {
        FUZZ_CHECK(rb == BFC_EINTR);
        size_t k = 0;
        while (k < n && !fuzz_all_sentinel(&b[k], sizeof b[k]))
            k++;
        FUZZ_CHECK(k <= (size_t)ra);
        for (size_t i = 0; i < k && i < cap; i++)
            FUZZ_CHECK(same_entry(&a[i], &b[i]));
        check_entries(start, moves, n, cfg.seat, b, k);
        FUZZ_CHECK(fuzz_all_sentinel(b + k, sizeof b - k * sizeof b[0]));
    } else {
        FUZZ_CHECK(rb == ra);
        const size_t k = (size_t)ra < cap ? (size_t)ra : cap;
        for (size_t i = 0; i < k; i++)
            FUZZ_CHECK(same_entry(&a[i], &b[i]));
        check_entries(start, moves, n, cfg.seat, b, (size_t)rb);
        FUZZ_CHECK(fuzz_all_sentinel(b + rb, sizeof b - (size_t)rb * sizeof b[0]));
        FUZZ_CHECK(!h[5] || s.last_done == n); /* called at the end with done = total */
    }

    /* refused calls write nothing */
    memset(b, FUZZ_SENTINEL, sizeof b);
    FUZZ_CHECK(bfc_review_game_with(bot, start, moves, n, rules->players, b, n, NULL, NULL) ==
               BFC_EINVAL);
    FUZZ_CHECK(bfc_review_game_with(bot, start, moves, n, -2, b, n, NULL, NULL) == BFC_EINVAL);
    FUZZ_CHECK(bfc_review_game_with(NULL, start, moves, n, -1, b, n, NULL, NULL) == BFC_EINVAL);
    FUZZ_CHECK(bfc_review_game_with(bot, NULL, moves, n, -1, b, n, NULL, NULL) == BFC_EINVAL);
    if (!bfc_game_over(start)) { /* a decision in steps running on the bot */
        FUZZ_CHECK(bfc_search_begin(bot, start) == BFC_OK);
        FUZZ_CHECK(bfc_review_game_with(bot, start, moves, n, -1, b, n, NULL, NULL) ==
                   BFC_EINVAL);
        FUZZ_CHECK(bfc_search_end(bot) == BFC_OK);
    }
    bfc_review_config bad = cfg;
    bad.search.value = BFC_SEARCH_MARGIN;
    FUZZ_CHECK(bfc_review_game(start, moves, n, &bad, b, n) == BFC_EINVAL);
    bad = cfg;
    bad.seat = rules->players;
    FUZZ_CHECK(bfc_review_game(start, moves, n, &bad, b, n) == BFC_EINVAL);
    if (h[5] & 1) { /* a bot of other rules */
        bfc_rules o = *rules;
        o.target = o.target == 1000 ? 999 : o.target + 1;
        bfc_search *other = bfc_search_new(&o, &cfg.search, &st);
        FUZZ_CHECK(other != NULL && st == BFC_OK);
        FUZZ_CHECK(bfc_review_game_with(other, start, moves, n, -1, b, n, NULL, NULL) ==
                   BFC_EINVAL);
        bfc_search_free(other);
    }
    FUZZ_CHECK(fuzz_all_sentinel(b, sizeof b));
    bfc_search_free(bot);
    bfc_game_free(start);
    return 0;
}
