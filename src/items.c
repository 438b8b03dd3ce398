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
        size_t idx[5] = {0};
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

/* ---- Narration ---------------------------------------------------------- */

/* The words for an item of the counting player, before its running total. */
static void phrase(bfc__text *t, const bfc_item *it)
{
    switch (it->kind) {
    case BFC_ITEM_FIFTEEN: bfc__put(t, "fifteen "); return;
    case BFC_ITEM_PAIR:
        bfc__put(t, it->ncards == 4 ? "four of a kind is " : it->ncards == 3 ? "three of a kind is "
                                                                             : "a pair is ");
        return;
    case BFC_ITEM_RUN:
        bfc__put(t, "a run of ");
        bfc__putnum(t, it->ncards);
        bfc__put(t, " is ");
        return;
    case BFC_ITEM_FLUSH:
        bfc__put(t, "a flush of ");
        bfc__putnum(t, it->ncards);
        bfc__put(t, " is ");
        return;
    case BFC_ITEM_NOBS: bfc__put(t, "one for his nob is "); return;
    case BFC_ITEM_THIRTY_ONE: bfc__put(t, "thirty-one is "); return;
    case BFC_ITEM_TWENTY_FIVE: bfc__put(t, "twenty-five is "); return;
    case BFC_ITEM_COMBINATION:
        if (it->combo != BFC_COMBO_THREE_OF_A_KIND && it->combo != BFC_COMBO_FOUR_OF_A_KIND)
            bfc__put(t, "a ");
        bfc__put(t, bfc_combo_name(it->combo));
        bfc__put(t, " is ");
        return;
    case BFC_ITEM_LAST_CARD: bfc__put(t, "one for last is "); return;
    default: bfc__put(t, bfc_item_kind_name(it->kind)); bfc__put(t, " is "); return;
    }
}

static int for_someone_else(int kind)
{
    return kind == BFC_ITEM_GO || kind == BFC_ITEM_KNOBS || kind == BFC_ITEM_HEELS;
}

int bfc_items_narrate(const bfc_item *items, size_t n, char *buf, size_t cap)
{
    if ((!items && n > 0) || (!buf && cap > 0))
        return BFC_EINVAL;
    bfc__text t = {buf, cap, 0};
    unsigned running = 0, said = 0;
    for (size_t i = 0; i < n; i++) {
        if (for_someone_else(items[i].kind))
            continue;
        if (said++)
            bfc__put(&t, ", ");
        running += items[i].points;
        phrase(&t, &items[i]);
        bfc__putnum(&t, running);
    }
    bfc__put(&t, said ? " = " : "nothing = ");
    bfc__putnum(&t, running);
    for (size_t i = 0; i < n; i++) {
        if (!for_someone_else(items[i].kind))
            continue;
        bfc__put(&t, "; ");
        bfc__put(&t, items[i].kind == BFC_ITEM_GO      ? "go: "
                  : items[i].kind == BFC_ITEM_KNOBS ? "knobs: "
                                                    : "his heels: ");
        bfc__putnum(&t, items[i].points);
        bfc__put(&t, items[i].kind == BFC_ITEM_GO ? " to the player on the right" : " to the dealer");
    }
    if (cap > 0)
        buf[t.len < cap ? t.len : cap - 1] = '\0';
    return t.len > (size_t)INT32_MAX ? BFC_EINVAL : (int)t.len;
}
