/* See brute.h. Slow and obvious on purpose. */
#include "brute.h"

#include <string.h>

static int is_joker(bfc_card c) { return c == 52; }
static int rank_of(bfc_card c) { return c / 4 + 1; }
static int suit_of(bfc_card c) { return c % 4; }
static int value_of(bfc_card c)
{
    if (is_joker(c))
        return 0;
    return rank_of(c) > 10 ? 10 : rank_of(c);
}

/* Pairs and runs of a frontline window, runs by the classic brute method:
 * the largest size k with any k-subset of consecutive distinct ranks, k
 * points per such subset (Noddy: 2 per run of three). Up to 5 cards. */
static void pairs_runs(const bfc_card *c, int n, int noddy, int *pairs, int *runs)
{
    *pairs = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (rank_of(c[i]) == rank_of(c[j]))
                *pairs += 2;
    *runs = 0;
    for (int k = n; k >= 3 && !*runs; k--)
        for (int sub = 0; sub < (1 << n); sub++) {
            int cnt = 0, lo = 99, hi = 0, seen[14] = {0}, distinct = 1;
            for (int i = 0; i < n; i++)
                if (sub >> i & 1) {
                    int r = rank_of(c[i]);
                    cnt++;
                    if (seen[r]++)
                        distinct = 0;
                    if (r < lo)
                        lo = r;
                    if (r > hi)
                        hi = r;
                }
            if (cnt == k && distinct && hi - lo == k - 1)
                *runs += (noddy && k == 3) ? 2 : k;
        }
}

int brute_show(const bfc_card *hand, int n, bfc_card starter, unsigned flags, bfc_hand_score *out)
{
    bfc_card c[6] = {0};
    int m = 0;
    memset(out, 0, sizeof *out);
    for (int i = 0; i < n; i++)
        c[m++] = hand[i];
    if (starter != BFC_CARD_NONE)
        c[m++] = starter;
    for (int i = 0; i < m; i++)
        if (is_joker(c[i])) {
            out->killed = 1;
            return 0;
        }
    /* Every subset of the cards, built from the subset without its lowest
     * card: its pip sum, its card count, the set of its ranks and whether
     * two of its cards share a rank. A fifteen is a subset summing to 15; a
     * run is a subset of k >= 3 distinct consecutive ranks, and only the
     * largest such k counts, once per subset (with at most six cards two
     * runs of different lengths cannot both be maximal: that takes 4 + 3). */
    int sum[64] = {0}, count[64] = {0}, dup[64] = {0};
    unsigned ranks[64] = {0};
    int fifteens = 0, runs_of[7] = {0};
    for (int sub = 1; sub < (1 << m); sub++) {
        int low = 0;
        while (!(sub >> low & 1))
            low++;
        const int rest = sub & (sub - 1), r = rank_of(c[low]);
        sum[sub] = sum[rest] + value_of(c[low]);
        count[sub] = count[rest] + 1;
        dup[sub] = dup[rest] || (ranks[rest] >> r & 1);
        ranks[sub] = ranks[rest] | 1u << r;
        if (sum[sub] == 15)
            fifteens += 2;
        int lo = 1;
        while (!(ranks[sub] >> lo & 1))
            lo++;
        if (!dup[sub] && count[sub] >= 3 && ranks[sub] == ((1u << count[sub]) - 1) << lo)
            runs_of[count[sub]]++;
    }
    int pairs = 0;
    for (int i = 0; i < m; i++)
        for (int j = i + 1; j < m; j++)
            if (rank_of(c[i]) == rank_of(c[j]))
                pairs += 2;
    int runs = 0;
    for (int k = m; k >= 3 && !runs; k--)
        runs = runs_of[k] * ((flags & BFC_NODDY) && k == 3 ? 2 : k);
    int flush = 0, same = 1;
    for (int i = 1; i < n; i++)
        if (suit_of(hand[i]) != suit_of(hand[0]))
            same = 0;
    if (same) {
        if (starter == BFC_CARD_NONE)
            flush = n;
        else if (suit_of(starter) == suit_of(hand[0]))
            flush = n + 1;
        else if (!(flags & BFC_CRIB))
            flush = n;
    }
    int nobs = 0;
    if (starter != BFC_CARD_NONE)
        for (int i = 0; i < n; i++)
            if (rank_of(hand[i]) == 11 && suit_of(hand[i]) == suit_of(starter))
                nobs = 1;
    out->fifteens = (uint8_t)fifteens;
    out->pairs = (uint8_t)pairs;
    out->runs = (uint8_t)runs;
    out->flush = (uint8_t)flush;
    out->nobs = (uint8_t)nobs;
    out->total = (uint8_t)(fifteens + pairs + runs + flush + nobs);
    return out->total;
}

/* The window w[0..k) is a frontline combination when all of its cards are
 * one rank, or all belong to one run of >= 3 consecutive ranks. */
static int window_points(const bfc_card *w, int k)
{
    int seen[14] = {0}, lo = 99, hi = 0, distinct = 0;
    for (int i = 0; i < k; i++) {
        if (is_joker(w[i]))
            return 0;
        int r = rank_of(w[i]);
        if (!seen[r]++)
            distinct++;
        if (r < lo)
            lo = r;
        if (r > hi)
            hi = r;
    }
    int ok = distinct == 1 || (distinct >= 3 && hi - lo == distinct - 1);
    if (!ok)
        return 0;
    int pairs, runs;
    pairs_runs(w, k, 0, &pairs, &runs);
    return pairs + runs;
}

int brute_frontline(const bfc_card *fl, int n, bfc_card placed, int turn, bfc_frontline_score *out)
{
    memset(out, 0, sizeof *out);
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += value_of(fl[i]);
    int knobs = turn && !is_joker(placed) && rank_of(placed) == 11 ? 2 : 0;
    out->knobs_dealer = (uint8_t)knobs;
    if (sum + value_of(placed) > 31) {
        out->renewed = 1;
        out->go_point = 1;
        out->sum = (uint8_t)value_of(placed);
        out->length = 1;
        return 0;
    }
    sum += value_of(placed);
    out->sum = (uint8_t)sum;
    out->length = (uint8_t)(n + 1);
    out->fifteen_31 = (uint8_t)(sum == 15 || sum == 31 ? 2 : 0);
    bfc_card all[64];
    for (int i = 0; i < n; i++)
        all[i] = fl[i];
    all[n] = placed;
    for (int k = 5; k >= 2; k--) {
        if (k > n + 1)
            continue;
        int p = window_points(all + n + 1 - k, k);
        if (p) {
            out->combination = (uint8_t)p;
            out->combo_cards = (uint8_t)k;
            break;
        }
    }
    out->last_card = (uint8_t)(turn && sum != 31);
    out->placer_points = (uint8_t)(out->fifteen_31 + out->combination + out->last_card);
    return out->placer_points;
}

int brute_peg(const bfc_card *seq, int n, int noddy, bfc_peg_score *out)
{
    memset(out, 0, sizeof *out);
    int count = 0;
    for (int i = 0; i < n; i++)
        count += value_of(seq[i]);
    out->count = (uint8_t)count;
    if (count == 15 || count == 31 || (noddy && count == 25))
        out->fifteen_31 = 2;
    /* pairs: last 4, 3, 2 cards of one rank */
    static const int pair_points[5] = {0, 0, 2, 6, 12};
    for (int k = 4; k >= 2; k--) {
        if (k > n)
            continue;
        int same = 1;
        for (int i = n - k; i < n; i++)
            if (rank_of(seq[i]) != rank_of(seq[n - 1]))
                same = 0;
        if (same) {
            out->pairs = (uint8_t)pair_points[k];
            break;
        }
    }
    for (int k = n; k >= 3; k--) {
        int seen[14] = {0}, lo = 99, hi = 0, distinct = 1;
        for (int i = n - k; i < n; i++) {
            int r = rank_of(seq[i]);
            if (seen[r]++)
                distinct = 0;
            if (r < lo)
                lo = r;
            if (r > hi)
                hi = r;
        }
        if (distinct && hi - lo == k - 1) {
            out->runs = (uint8_t)(noddy && k == 3 ? 2 : k);
            break;
        }
    }
    if (noddy)
        for (int k = n; k >= 3; k--) {
            int same = 1;
            for (int i = n - k; i < n; i++)
                if (suit_of(seq[i]) != suit_of(seq[n - 1]))
                    same = 0;
            if (same) {
                out->flush = (uint8_t)k;
                break;
            }
        }
    out->total = (uint8_t)(out->fifteen_31 + out->pairs + out->runs + out->flush);
    return out->total;
}

int brute_battlefield(const bfc_card formation[5], bfc_card turn, int any, bfc_battlefield *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < 5; i++) {
        bfc_card kept[4];
        int m = 0;
        for (int j = 0; j < 5; j++)
            if (j != i)
                kept[m++] = formation[j];
        brute_show(kept, 4, turn, 0, &out->by_lay_away[i]);
        if (out->by_lay_away[i].total > out->best)
            out->best = out->by_lay_away[i].total;
    }
    for (int i = 0; i < 5; i++)
        if (any || out->by_lay_away[i].total == out->best)
            out->legal |= 1u << i;
    return out->best;
}

unsigned test_rnd(uint64_t *state, unsigned n)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *state = x;
    return (unsigned)(x % n);
}

void test_deal(uint64_t *state, bfc_card *out, int n, int deck)
{
    uint64_t seen = 0;
    for (int i = 0; i < n; i++) {
        bfc_card c;
        do
            c = (bfc_card)test_rnd(state, (unsigned)deck);
        while (seen >> c & 1);
        seen |= UINT64_C(1) << c;
        out[i] = c;
    }
}

/* RULES 5, read line by line. Each line is measured on a side's way to go,
 * its own target less its score (D17: the captain plays to a lower target
 * than the team):
 * - "loser below 91 = skunk, 2 games; below 61 = double skunk, 4", the
 *   lines scaling with the target as target - 30 and target - 60: a loser
 *   more than 30 (60) points from its target;
 * - "win by 31 or more = skunk, by 61 or more = double skunk", the margin
 *   being the loser's way to go less the winner's;
 * - lurch: "before the loser is halfway", half its target rounded up;
 * - a plain win, and every backward game, is 1. */
enum { BRUTE_WIN = 1, BRUTE_SKUNK = 2, BRUTE_DOUBLE_SKUNK = 4 };

int brute_game_value(int value, int backward, int loser_score, int loser_target, int winner_score,
                     int winner_target)
{
    const int to_go = loser_target - loser_score, winner_to_go = winner_target - winner_score;
    if (backward)
        return BRUTE_WIN;
    switch (value) {
    case BFC_VALUE_SKUNK:
        if (to_go > 60)
            return BRUTE_DOUBLE_SKUNK;
        return to_go > 30 ? BRUTE_SKUNK : BRUTE_WIN;
    case BFC_VALUE_MARGIN: {
        const int margin = to_go - winner_to_go;
        if (margin >= 61)
            return BRUTE_DOUBLE_SKUNK;
        return margin >= 31 ? BRUTE_SKUNK : BRUTE_WIN;
    }
    case BFC_VALUE_LURCH: {
        const int halfway = loser_target / 2 + loser_target % 2;
        return loser_score < halfway ? 2 : BRUTE_WIN;
    }
    default:
        return BRUTE_WIN;
    }
}

/* The systems, each as "win / skunk / double skunk": RULES 5's plain 1,
 * ACC 2 for a win, 3 for a skunk, 3 for a double skunk, seed 003's 1 / 2 /
 * 4, and bfc.h's 3 / 4 / 4 and 1 / 2 / 3; a skunk judged on the lines of
 * the ACC convention above (never in a backward game). */
int brute_match_points(int system, int backward, int loser_score, int loser_target,
                       int value_games)
{
    const int to_go = loser_target - loser_score;
    const int skunk = !backward && to_go > 30, double_skunk = !backward && to_go > 60;
    switch (system) {
    case BFC_MATCH_VALUE:
        return value_games;
    case BFC_MATCH_ACC:
        return skunk ? 3 : 2;
    case BFC_MATCH_SKUNKS:
        return double_skunk ? 4 : skunk ? 2 : 1;
    case BFC_MATCH_LONG:
        return skunk ? 4 : 3;
    case BFC_MATCH_FREE:
        return double_skunk ? 3 : skunk ? 2 : 1;
    default: /* BFC_MATCH_GAMES */
        return 1;
    }
}
