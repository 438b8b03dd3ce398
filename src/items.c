/* Itemised scores and their narration. Slower than the table scorers on
 * purpose: they enumerate every fifteen, pair and run with its cards. Each
 * one first calls the matching fast scorer, so validation and totals are
 * shared, and the items always add up to the score. */
#include <string.h>

#include "internal.h"

const char *bfc_item_kind_name(int kind)
{
    static const char *const names[] = {"?",          "fifteen",     "pair",
                                        "run",        "flush",       "nobs",
                                        "thirty-one", "twenty-five", "combination",
                                        "last card",  "go",          "knobs",
                                        "heels",      "declared",    "muggins",
                                        "three for last"};
    return kind >= BFC_ITEM_FIFTEEN && kind <= BFC_ITEM_THREE_FOR_LAST ? names[kind] : "?";
}

/* Collects items into the caller's buffer, counting those that do not fit. */
typedef struct {
    bfc_item *items;
    size_t cap, n;
} sink;

static void add(sink *k, int kind, unsigned points, int combo, const bfc_card *cards, size_t nc)
{
    if (k->n < k->cap) {
        bfc_item *it = &k->items[k->n];
        memset(it, 0, sizeof *it);
        it->kind = (uint8_t)kind;
        it->points = (uint8_t)points;
        it->combo = (uint8_t)combo;
        it->ncards = (uint8_t)nc;
        if (nc > 0)
            memcpy(it->cards, cards, nc);
    }
    k->n++;
}

static int done(const sink *k) { return (int)k->n; }

int bfc_score_hand_items(const bfc_card *hand, size_t n, bfc_card starter, unsigned flags,
                         bfc_item *items, size_t cap)
{
    bfc_hand_score s;
    int rc = bfc_score_hand(hand, n, starter, flags, &s);
    if (rc < 0)
        return rc;
    if (!items && cap > 0)
        return BFC_EINVAL;
    sink k = {items, cap, 0};
    if (s.killed)
        return 0;
    bfc_card c[6];
    size_t m = n;
    memcpy(c, hand, n);
    if (starter != BFC_CARD_NONE)
        c[m++] = starter;
    bfc_card pick[6];
    /* fifteens, smallest subsets first */
    for (size_t size = 2; size <= m; size++)
        for (unsigned sub = 1; sub < (1u << m); sub++) {
            if ((size_t)__builtin_popcount(sub) != size)
                continue;
            unsigned sum = 0;
            size_t np = 0;
            for (size_t i = 0; i < m; i++)
                if (sub >> i & 1) {
                    sum += bfc__value(c[i]);
                    pick[np++] = c[i];
                }
            if (sum == 15)
                add(&k, BFC_ITEM_FIFTEEN, 2, 0, pick, np);
        }
    for (size_t i = 0; i < m; i++)
        for (size_t j = i + 1; j < m; j++)
            if (bfc__rank(c[i]) == bfc__rank(c[j])) {
                pick[0] = c[i];
                pick[1] = c[j];
                add(&k, BFC_ITEM_PAIR, 2, 0, pick, 2);
            }
    /* runs: each maximal block of >= 3 ranks, once per choice of one card
     * of each rank */
    unsigned present = 0;
    for (size_t i = 0; i < m; i++)
        present |= 1u << bfc__rank(c[i]);
    for (unsigned lo = 1; lo <= 13; lo++) {
        if (!(present >> lo & 1) || (present >> (lo - 1) & 1))
            continue; /* not the low end of a block */
        unsigned len = 0;
        while (lo + len <= 13 && (present >> (lo + len) & 1))
            len++;
        if (len < 3)
            continue;
        /* odometer over the cards of each rank of the block */
        size_t idx[6] = {0}; /* a block spans at most the six cards */
        for (;;) {
            /* the chosen card of each rank, as a set of positions in c[] so
             * that the item lists them in hand order, starter last */
            unsigned chosen = 0;
            int valid = 1;
            for (unsigned r = 0; r < len && valid; r++) {
                size_t seen = 0, found = m;
                for (size_t i = 0; i < m; i++)
                    if (bfc__rank(c[i]) == lo + r && seen++ == idx[r]) {
                        found = i;
                        break;
                    }
                if (found == m)
                    valid = 0;
                else
                    chosen |= 1u << found;
            }
            if (!valid)
                break;
            size_t np = 0;
            for (size_t i = 0; i < m; i++)
                if (chosen >> i & 1)
                    pick[np++] = c[i];
            unsigned pts = (flags & BFC_NODDY) && len == 3 ? 2 : len;
            add(&k, BFC_ITEM_RUN, pts, 0, pick, np);
            /* next combination: advance the first digit that has room */
            unsigned r = 0;
            for (; r < len; r++) {
                size_t have = 0;
                for (size_t i = 0; i < m; i++)
                    have += bfc__rank(c[i]) == lo + r;
                if (++idx[r] < have)
                    break;
                idx[r] = 0;
            }
            if (r == len)
                break;
        }
    }
    if (s.flush)
        add(&k, BFC_ITEM_FLUSH, s.flush, 0, c, s.flush);
    if (s.nobs)
        for (size_t i = 0; i < n; i++)
            if (bfc__rank(c[i]) == BFC_JACK && bfc__suit(c[i]) == bfc__suit(starter))
                add(&k, BFC_ITEM_NOBS, 1, 0, &c[i], 1);
    return done(&k);
}

int bfc_score_frontline_items(const bfc_card *frontline, size_t n, bfc_card placed,
                              unsigned flags, bfc_item *items, size_t cap)
{
    bfc_frontline_score s;
    int rc = bfc_score_frontline(frontline, n, placed, flags, &s);
    if (rc < 0)
        return rc;
    if (!items && cap > 0)
        return BFC_EINVAL;
    sink k = {items, cap, 0};
    if (s.fifteen_31) {
        /* the whole frontline after the placement: at most 14 cards fit under 31 */
        bfc_card all[BFC_ITEM_MAX_CARDS];
        if (n > 0) /* frontline may be NULL when n is 0 */
            memcpy(all, frontline, n);
        all[n] = placed;
        add(&k, s.sum == 15 ? BFC_ITEM_FIFTEEN : BFC_ITEM_THIRTY_ONE, 2, 0, all, n + 1);
    }
    if (s.combination) {
        bfc_card win[5];
        for (size_t i = 0; i + 1 < s.combo_cards; i++)
            win[i] = frontline[n - (s.combo_cards - 1) + i];
        win[s.combo_cards - 1] = placed;
        add(&k, BFC_ITEM_COMBINATION, s.combination, s.combo, win, s.combo_cards);
    }
    if (s.last_card)
        add(&k, BFC_ITEM_LAST_CARD, 1, 0, &placed, 1);
    if (s.go_point)
        add(&k, BFC_ITEM_GO, 1, 0, &placed, 1);
    if (s.knobs_dealer)
        add(&k, BFC_ITEM_KNOBS, 2, 0, &placed, 1);
    return done(&k);
}

int bfc_score_peg_items(const bfc_card *seq, size_t n, unsigned flags, bfc_item *items, size_t cap)
{
    bfc_peg_score s;
    int rc = bfc_score_peg_detail(seq, n, flags, &s);
    if (rc < 0)
        return rc;
    if (!items && cap > 0)
        return BFC_EINVAL;
    sink k = {items, cap, 0};
    if (s.fifteen_31) {
        int kind = s.count == 15 ? BFC_ITEM_FIFTEEN
                   : s.count == 31 ? BFC_ITEM_THIRTY_ONE
                                   : BFC_ITEM_TWENTY_FIVE;
        add(&k, kind, 2, 0, seq, n); /* n <= 13: the count is at most 31 */
    }
    if (s.pairs) {
        size_t same = s.pairs == 2 ? 2 : s.pairs == 6 ? 3 : 4;
        add(&k, BFC_ITEM_PAIR, s.pairs, 0, seq + n - same, same);
    }
    if (s.runs) {
        size_t len = (flags & BFC_NODDY) && s.runs == 2 ? 3 : s.runs;
        add(&k, BFC_ITEM_RUN, s.runs, 0, seq + n - len, len);
    }
    if (s.flush)
        add(&k, BFC_ITEM_FLUSH, s.flush, 0, seq + n - s.flush, s.flush);
    return done(&k);
}

/* ---- Narration ------------------------------------------------------------
 * The cadence players use when they count aloud: "fifteen two, fifteen
 * four, and a pair is six, a run of three is nine, and nobs is ten". A
 * fifteen says its running total after the word; every other score says
 * what it is, then "is" and the total. "and" comes before the first score
 * after the fifteens and before the last one. Pairs of one rank are said
 * together (three of a kind, four of a kind), and so are the runs over the
 * same ranks (a double run, a triple run, a double-double run). Points for
 * someone else (a go, knobs, his heels) follow after "; ". */

static const char *const SMALL[] = {"nothing", "one",     "two",       "three",    "four",
                                    "five",    "six",     "seven",     "eight",    "nine",
                                    "ten",     "eleven",  "twelve",    "thirteen", "fourteen",
                                    "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"};
static const char *const TENS[] = {"", "", "twenty", "thirty", "forty",
                                   "fifty", "sixty", "seventy", "eighty", "ninety"};

/* A number as players say it: "twenty-nine"; digits from 100. */
static void put_number(bfc__text *t, unsigned v)
{
    if (v >= 100) {
        bfc__putnum(t, v);
        return;
    }
    if (v < 20) {
        bfc__put(t, v == 0 ? "zero" : SMALL[v]);
        return;
    }
    bfc__put(t, TENS[v / 10]);
    if (v % 10) {
        bfc__put(t, "-");
        bfc__put(t, SMALL[v % 10]);
    }
}

static int for_someone_else(int kind)
{
    return kind == BFC_ITEM_GO || kind == BFC_ITEM_KNOBS || kind == BFC_ITEM_HEELS;
}

/* The ranks of an item's cards as a set (bit r for rank r). */
static unsigned rank_set(const bfc_item *it)
{
    unsigned m = 0;
    for (unsigned i = 0; i < it->ncards && i < BFC_ITEM_MAX_CARDS; i++)
        if (it->cards[i] < BFC_NCARDS)
            m |= 1u << bfc__rank(it->cards[i]);
    return m;
}

/* How many items from items[i] on are said as one: the pairs of one rank,
 * the runs over one set of ranks (show scoring lists each on its own). */
static size_t group_size(const bfc_item *items, size_t n, size_t i)
{
    const int kind = items[i].kind;
    if (kind != BFC_ITEM_PAIR && kind != BFC_ITEM_RUN)
        return 1;
    if (kind == BFC_ITEM_PAIR && items[i].ncards != 2)
        return 1; /* the play's pair item already holds all its cards */
    const unsigned ranks = rank_set(&items[i]);
    size_t k = 1;
    while (i + k < n && items[i + k].kind == kind && items[i + k].ncards == items[i].ncards &&
           rank_set(&items[i + k]) == ranks)
        k++;
    return k;
}

/* The length of a run or a flush in words ("three"), for "a run of three". */
static void put_of(bfc__text *t, const char *what, unsigned n)
{
    bfc__put(t, what);
    put_number(t, n);
}

/* The most cards of one rank among the cards of k items (bit c of a card
 * mask; a rank's four cards are one nibble). */
static unsigned most_of_a_rank(const bfc_item *it, size_t k)
{
    uint64_t m = 0;
    for (size_t j = 0; j < k; j++)
        for (unsigned i = 0; i < it[j].ncards && i < BFC_ITEM_MAX_CARDS; i++)
            if (it[j].cards[i] < BFC_NCARDS)
                m |= UINT64_C(1) << it[j].cards[i];
    unsigned most = 0;
    for (unsigned r = 0; r < 13; r++) {
        const unsigned c = (unsigned)__builtin_popcountll((m >> (4 * r)) & 15u);
        most = c > most ? c : most;
    }
    return most;
}

/* What a group of k items scores, before " is <total>". */
static void phrase(bfc__text *t, const bfc_item *it, size_t k)
{
    switch (it->kind) {
    case BFC_ITEM_PAIR: {
        /* 1 pair: a pair; 3 pairs of one rank: three of a kind; 6: four */
        const unsigned cards = it->ncards != 2 ? it->ncards : k == 6 ? 4u : k == 3 ? 3u : 2u;
        bfc__put(t, cards == 4 ? "four of a kind" : cards == 3 ? "three of a kind" : "a pair");
        return;
    }
    case BFC_ITEM_RUN:
        /* k runs over one set of ranks: one rank twice (double), three
         * times (triple), four times (quadruple), two ranks twice each
         * (double-double); a six-card show (RULES 3.10) can also hold six
         * (3 x 2) or eight (2 x 2 x 2), said as a count of runs */
        if (k == 1)
            put_of(t, "a run of ", it->ncards);
        else if (k == 2)
            put_of(t, "a double run of ", it->ncards);
        else if (k == 3)
            put_of(t, "a triple run of ", it->ncards);
        else if (k == 4)
            put_of(t, most_of_a_rank(it, k) == 4 ? "a quadruple run of " : "a double-double run of ",
                   it->ncards);
        else {
            put_number(t, (unsigned)k);
            put_of(t, " runs of ", it->ncards);
        }
        return;
    case BFC_ITEM_FLUSH: put_of(t, "a flush of ", it->ncards); return;
    case BFC_ITEM_NOBS: bfc__put(t, "nobs"); return;
    case BFC_ITEM_LAST_CARD: bfc__put(t, "one for last"); return;
    case BFC_ITEM_COMBINATION:
        switch (it->combo) {
        case BFC_COMBO_PAIR: bfc__put(t, "a pair"); return;
        case BFC_COMBO_THREE_OF_A_KIND: bfc__put(t, "three of a kind"); return;
        case BFC_COMBO_FOUR_OF_A_KIND: bfc__put(t, "four of a kind"); return;
        case BFC_COMBO_RUN_3:
        case BFC_COMBO_RUN_4:
        case BFC_COMBO_RUN_5: put_of(t, "a run of ", it->ncards); return;
        case BFC_COMBO_DOUBLE_RUN_3: bfc__put(t, "a double run of three"); return;
        case BFC_COMBO_DOUBLE_RUN_4: bfc__put(t, "a double run of four"); return;
        case BFC_COMBO_TRIPLE_RUN_3: bfc__put(t, "a triple run of three"); return;
        case BFC_COMBO_DOUBLE_DOUBLE_RUN: bfc__put(t, "a double-double run of three"); return;
        default: bfc__put(t, "a combination"); return;
        }
    default: bfc__put(t, bfc_item_kind_name(it->kind)); return;
    }
}

int bfc_items_narrate(const bfc_item *items, size_t n, char *buf, size_t cap)
{
    if ((!items && n > 0) || (!buf && cap > 0))
        return BFC_EINVAL;
    bfc__text t = {buf, cap, 0};
    /* the counted groups: their start, and where the last one starts */
    size_t last = n;
    for (size_t i = 0; i < n; i += group_size(items, n, i))
        if (!for_someone_else(items[i].kind))
            last = i;
    unsigned running = 0, said = 0, said_other = 0;
    for (size_t i = 0, k; i < n; i += k) {
        k = group_size(items, n, i);
        const bfc_item *it = &items[i];
        if (for_someone_else(it->kind))
            continue;
        for (size_t j = 0; j < k; j++)
            running += items[i + j].points;
        if (said++)
            bfc__put(&t, ", ");
        if (it->kind == BFC_ITEM_FIFTEEN) { /* "fifteen two" */
            bfc__put(&t, "fifteen ");
            put_number(&t, running);
            continue;
        }
        if (said > 1 && (!said_other || i == last))
            bfc__put(&t, "and ");
        said_other = 1;
        if (it->kind == BFC_ITEM_THIRTY_ONE || it->kind == BFC_ITEM_TWENTY_FIVE) {
            bfc__put(&t, it->kind == BFC_ITEM_THIRTY_ONE ? "thirty-one for " : "twenty-five for ");
        } else {
            phrase(&t, it, k);
            bfc__put(&t, " is ");
        }
        put_number(&t, running);
    }
    if (!said)
        bfc__put(&t, "nothing");
    for (size_t i = 0; i < n; i++) {
        if (!for_someone_else(items[i].kind))
            continue;
        bfc__put(&t, "; ");
        bfc__put(&t, items[i].kind == BFC_ITEM_GO      ? "the go is "
                  : items[i].kind == BFC_ITEM_KNOBS ? "knobs is "
                                                    : "his heels is ");
        put_number(&t, items[i].points);
        bfc__put(&t, items[i].kind == BFC_ITEM_GO ? " for the player on the right"
                                                  : " for the dealer");
    }
    return bfc__text_end(&t);
}
