/* The classic games (RULES 3 and 5) through the game API: every rule on exact
 * positions built by loading saved games, each expected score worked out by
 * hand from RULES in a comment beside it; seeded random games of every
 * variant checked after every move against a reference written straight
 * from RULES (its own pegging scorer, tests/brute.c for the show) and
 * against the invariants of the API (cards conserved, hidden cards,
 * determinization, save/load, illegal moves); move text; rules checks.
 * Public API only. */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "harness.h"
#include "textbuf.h"

/* ===========================================================================
 * Helpers
 * ======================================================================== */

#define TEXT_MAX 8192
#define NONE8 0xFFu

static bfc_card C(const char *text)
{
    bfc_card c = BFC_CARD_NONE;
    if (bfc_card_parse(text, &c) != BFC_OK)
        fprintf(stderr, "bad card in test: %s\n", text);
    return c;
}

/* Card arithmetic on ids, straight from the table in bfc.h (RULES 1). */
static uint64_t bit(unsigned c) { return UINT64_C(1) << c; }
static int rank_of(bfc_card c) { return c / 4 + 1; }
static int suit_of(bfc_card c) { return c % 4; }
static int pips(bfc_card c) { return rank_of(c) > 10 ? 10 : rank_of(c); }
static int ones(uint64_t m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}
static int lowest(uint64_t m)
{
    int i = 0;
    while (!(m >> i & 1u))
        i++;
    return i;
}

/* The cards of a text list as a set (0 for an empty text). */
static uint64_t set_of(const char *text)
{
    bfc_card c[52];
    const int n = bfc_cards_parse(text, 0, c, 52, NULL);
    uint64_t m = 0;
    for (int i = 0; i < n && i < 52; i++)
        m |= bit(c[i]);
    if (n < 0)
        fprintf(stderr, "bad card list in test: %s\n", text);
    return m;
}

/* The cards of a set, ascending. */
static int list_of(uint64_t m, bfc_card *out)
{
    int n = 0;
    for (; m; m &= m - 1)
        out[n++] = (bfc_card)lowest(m);
    return n;
}

static void sb_set(sb *b, uint64_t m)
{
    for (int first = 1; m; m &= m - 1, first = 0) {
        if (!first)
            sb_put(b, " ");
        sb_card(b, (bfc_card)lowest(m));
    }
}

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Seats (RULES 3): play passes to the left, seat s + 1. Sides: partners
 * s and s + players/2 (3.3, 3.4); captain's cribbage: the captain, seat 0,
 * against seats 1 and 2 (3.10); else one side per seat. */
static unsigned left_of(unsigned n, unsigned s) { return (s + 1) % n; }
static unsigned side_of(const bfc_rules *r, unsigned s)
{
    if (r->flags & BFC_RULE_CAPTAIN)
        return s != 0;
    return r->teams ? s % (unsigned)(r->players / 2) : s;
}
/* The points a side plays to: the captain half the target, rounded up. */
static int target_of(const bfc_rules *r, unsigned side)
{
    return (r->flags & BFC_RULE_CAPTAIN) && side == 0 ? (r->target + 1) / 2 : r->target;
}

/* The rules of a classic variant, first dealer fixed. */
static bfc_rules mkrules(int variant, int players, int dealer)
{
    bfc_rules r;
    bfc_rules_init_variant(&r, variant);
    r.players = players;
    r.teams = variant == BFC_VARIANT_CLASSIC && (players == 4 || players == 6);
    r.first_dealer = dealer;
    return r;
}

/* ---- RULES D18: the most a declaration may be, by exhaustive search ------
 * Independent of the library: tests/brute.c scores every candidate. */

/* A card of rank 1..13 and suit 0..3 (RULES 1, the table of bfc.h). */
static bfc_card card_of(int rank, int suit) { return (bfc_card)((rank - 1) * 4 + suit); }

typedef struct {
    uint8_t count[14]; /* cards of each rank */
    int rank_points;   /* fifteens + pairs + runs, whatever the suits */
} d18_ranks;

/* Every multiset of k ranks (at most 4 of each) into out; returns how many. */
static int d18_multisets(int k, int from, uint8_t *count, d18_ranks *out, int n)
{
    if (k == 0) {
        memcpy(out[n].count, count, 14);
        return n + 1;
    }
    for (int r = from; r <= 13; r++)
        if (count[r] < 4) {
            count[r]++;
            n = d18_multisets(k - 1, r, count, out, n);
            count[r]--;
        }
    return n;
}

static int d18_by_rank_points(const void *a, const void *b)
{
    return ((const d18_ranks *)b)->rank_points - ((const d18_ranks *)a)->rank_points;
}

/* The best show of a multiset (n hand cards and a starter) over every
 * choice of suits and of the starter; the cards of the best in *w (hand
 * first, starter last). */
static int d18_suits(const d18_ranks *m, int n, unsigned flags, int rank, bfc_card *cards,
                     int k, int best, bfc_card *w)
{
    while (rank <= 13 && m->count[rank] == 0)
        rank++;
    if (rank > 13) {
        for (int s = 0; s <= n; s++) { /* each card as the starter */
            bfc_card hand[6];
            int h = 0;
            for (int i = 0; i <= n; i++)
                if (i != s)
                    hand[h++] = cards[i];
            bfc_hand_score hs;
            const int t = brute_show(hand, n, cards[s], flags, &hs);
            if (t > best) {
                best = t;
                memcpy(w, hand, (size_t)n);
                w[n] = cards[s];
            }
        }
        return best;
    }
    for (unsigned suits = 0; suits < 16; suits++) { /* which suits this rank has */
        if (ones(suits) != m->count[rank])
            continue;
        int j = k;
        for (int s = 0; s < 4; s++)
            if (suits >> s & 1u)
                cards[j++] = card_of(rank, s);
        best = d18_suits(m, n, flags, rank + 1, cards, j, best, w);
    }
    return best;
}

/* The most a show of n hand cards (3..5) and a starter can count under
 * flags (BFC_CRIB, BFC_NODDY), and the cards that count it (n + 1, the
 * starter last). Fifteens, pairs and runs depend on the ranks alone; a
 * flush and nobs add at most n + 2. So each multiset of n + 1 ranks is
 * scored once, and only those that could still beat the best so far are
 * tried with every choice of suits and starter, highest first. */
static int d18_show_most(int n, unsigned flags, bfc_card *w)
{
    static d18_ranks all[20000];
    uint8_t count[14] = {0};
    const int m = d18_multisets(n + 1, 1, count, all, 0);
    for (int i = 0; i < m; i++) {
        bfc_card cards[6];
        int k = 0;
        for (int r = 1; r <= 13; r++)
            for (int c = 0; c < all[i].count[r]; c++)
                cards[k++] = card_of(r, c);
        bfc_hand_score hs;
        brute_show(cards, n, cards[n], flags, &hs);
        all[i].rank_points = hs.fifteens + hs.pairs + hs.runs;
    }
    qsort(all, (size_t)m, sizeof *all, d18_by_rank_points);
    int best = -1;
    for (int i = 0; i < m && all[i].rank_points + n + 2 > best; i++) {
        bfc_card cards[6];
        best = d18_suits(&all[i], n, flags, 1, cards, 0, best, w);
    }
    return best;
}

/* The most one card laid in the play can score with the go or the last
 * card it earns (RULES 2.2, 3.6 with noddy; D12), and a sequence that
 * scores it (*wn cards in w). What a card scores depends on the count and
 * on the last cards laid: its pairs on the cards of its rank just before
 * it, its run and (Noddy) its flush on the cards of distinct ranks just
 * before it (a flush's cards are of one suit, so of distinct ranks). So
 * every window that ends the sequence -- 2 to 4 cards of one rank, or up to
 * 7 cards of distinct ranks (8 are more than 31: A to 8 is 36) -- is scored
 * with every count it can end on: its own pips plus any earlier cards, up
 * to 31. The cards of distinct ranks take one suit (a flush only adds);
 * the count of 15, 31 (Noddy: 25) scores 2, and the go or last card 1
 * unless the count is 31. Each best window is checked as a real sequence
 * below (d18_play_witness). */
static int d18_window(const int *ranks, int k, int same, int noddy, int *best, int *wr, int *wk,
                      int *wc)
{
    bfc_card w[8] = {0};
    int sum = 0;
    for (int i = 0; i < k; i++) {
        w[i] = card_of(ranks[i], same ? i : 0);
        sum += pips(w[i]);
    }
    bfc_peg_score ps;
    brute_peg(w, k, noddy, &ps);
    const int shown = ps.total - ps.fifteen_31; /* pairs, runs, flush */
    for (int c = sum; c <= 31; c++) {
        const int t = shown + (c == 15 || c == 31 || (noddy && c == 25) ? 2 : 0) + (c != 31);
        if (t > *best) {
            *best = t;
            memcpy(wr, ranks, (size_t)k * sizeof *ranks);
            *wk = k;
            *wc = c;
        }
    }
    return 0;
}

static void d18_distinct(int *ranks, int k, int sum, unsigned used, int noddy, int *best,
                         int *wr, int *wk, int *wc)
{
    if (k > 0)
        d18_window(ranks, k, 0, noddy, best, wr, wk, wc);
    for (int r = 1; r <= 13 && k < 7; r++) {
        const int v = r > 10 ? 10 : r;
        if ((used >> r & 1u) || sum + v > 31)
            continue;
        ranks[k] = r;
        d18_distinct(ranks, k + 1, sum + v, used | 1u << r, noddy, best, wr, wk, wc);
    }
}

/* Spades from rank r down (none of rank `skip`) adding up to left: their
 * number, written to out, or -1. */
static int d18_spades(int r, int left, int skip, uint64_t used, bfc_card *out)
{
    if (left == 0)
        return 0;
    for (; r >= 1; r--) {
        const bfc_card c = card_of(r, 3);
        if (r == skip || (used & bit(c)) || pips(c) > left)
            continue;
        const int k = d18_spades(r - 1, left - pips(c), skip, used | bit(c), out + 1);
        if (k >= 0) {
            out[0] = c;
            return k + 1;
        }
    }
    return -1;
}

/* A real sequence for the best window: spades before it (of another rank
 * than a window of one rank) that bring the count to the window's count. */
static int d18_play_witness(const int *wr, int wk, int same, int count, bfc_card *out)
{
    bfc_card w[8];
    int sum = 0;
    uint64_t used = 0;
    for (int i = 0; i < wk; i++) {
        w[i] = card_of(wr[i], same ? i : 0);
        sum += pips(w[i]);
        used |= bit(w[i]);
    }
    const int n = d18_spades(13, count - sum, same ? wr[0] : 0, used, out);
    if (n < 0)
        return -1;
    memcpy(out + n, w, (size_t)wk);
    return n + wk;
}

static int d18_play_most(int noddy, bfc_card *w, int *wn)
{
    int best = -1, wr[8], wk = 0, wc = 0, ranks[8], same = 0;
    d18_distinct(ranks, 0, 0, 0, noddy, &best, wr, &wk, &wc);
    for (int r = 1; r <= 13; r++) /* two to four cards of one rank */
        for (int k = 2; k <= 4; k++) {
            const int before = best;
            int rr[4] = {r, r, r, r};
            if (k * (r > 10 ? 10 : r) <= 31)
                d18_window(rr, k, 1, noddy, &best, wr, &wk, &wc);
            same = best > before ? 1 : same;
        }
    *wn = d18_play_witness(wr, wk, same, wc, w);
    return best;
}

/* The most a declaration may be (RULES D18) in a game of this variant:
 * counting 0 a hand (classic 4 cards, five-card and Noddy 3, seven-card 5,
 * each with the starter), 1 the crib (4 and the starter), 2 a card in the
 * play with its go or last card. Worked out once per case. */
static int d18_most(int variant, int counting)
{
    static int cache[6][3];
    static int done[6][3];
    if (variant < 0 || variant > 5 || counting < 0 || counting > 2)
        return -1;
    if (!done[variant][counting]) {
        bfc_card w[16];
        int wn;
        const int noddy = variant == BFC_VARIANT_NODDY;
        cache[variant][counting] =
            counting == 2 ? d18_play_most(noddy, w, &wn)
            : counting == 1 ? d18_show_most(4, BFC_CRIB, w)
            : d18_show_most(variant == BFC_VARIANT_SEVEN_CARD ? 5
                            : noddy || variant == BFC_VARIANT_FIVE_CARD ? 3
                                                                      : 4,
                            noddy ? BFC_NODDY : 0u, w);
        done[variant][counting] = 1;
    }
    return cache[variant][counting];
}

/* The move that declares n, from the table of bfc.h: 0..31 from
 * BFC_MOVE_DECLARE, the rest after `pass` from BFC_MOVE_DECLARE_HIGH. */
static bfc_move d18_move(int n)
{
    return (bfc_move)(n < 32 ? BFC_MOVE_DECLARE + (unsigned)n
                             : BFC_MOVE_DECLARE_HIGH + (unsigned)n - 32u);
}

/* ---- Save text: lines and fields ------------------------------------------ */

/* The line of text that starts with key (a word, or "hand 2"), then a space
 * or the end of the line; NULL if none. *len is its length. */
static const char *find_line(const char *text, const char *key, size_t *len)
{
    const size_t k = strlen(key);
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        const size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l >= k && !strncmp(p, key, k) && (l == k || p[k] == ' ')) {
            *len = l;
            return p;
        }
        p += l + (e ? 1 : 0);
    }
    return NULL;
}

/* Replaces the line that starts with key by `line`. */
static int set_line(char *text, size_t cap, const char *key, const char *line)
{
    size_t len;
    const char *p = find_line(text, key, &len);
    if (!p) {
        fprintf(stderr, "no line \"%s\" in the save\n", key);
        return -1;
    }
    static char out[TEXT_MAX];
    const size_t at = (size_t)(p - text);
    snprintf(out, sizeof out, "%.*s%s%s", (int)at, text, line, p + len);
    snprintf(text, cap, "%s", out);
    return 0;
}

/* Replaces word i (0 = the key) of the line that starts with key. */
static int set_field(char *text, size_t cap, const char *key, int i, const char *value)
{
    size_t len;
    const char *p = find_line(text, key, &len);
    if (!p)
        return -1;
    char line[512], out[512];
    snprintf(line, sizeof line, "%.*s", (int)len, p);
    sb b = {out, sizeof out, 0};
    int w = 0;
    for (char *tok = strtok(line, " "); tok; tok = strtok(NULL, " "), w++) {
        if (w)
            sb_put(&b, " ");
        sb_put(&b, w == i ? value : tok);
    }
    return set_line(text, cap, key, out);
}

/* The save text of g (static). */
static const char *save_text(const bfc_game *g)
{
    static char text[TEXT_MAX];
    text[0] = 0;
    if (g)
        bfc_game_save(g, text, sizeof text);
    return text;
}

/* ---- Positions ---------------------------------------------------------------
 * A real game of the rules, saved, with its card lines (and score, and the
 * few deal fields given) replaced: the deck is `top` followed by every card
 * named nowhere else in ascending order (or, with rest_gone, those cards go
 * to "gone" and the deck is `top` alone: solitaire's later deals). */

typedef struct table {
    bfc_rules rules;
    const char *score;   /* "0 3", or NULL to keep */
    const char *hand[6]; /* cards held by each seat */
    const char *crib;    /* the crib so far, in the order the cards went in */
    const char *starter; /* Noddy: the starter (the dealer turned it) */
    const char *top;     /* the top of the deck, top first */
    const char *gone;    /* solitaire: the cards used face up */
    const char *first;   /* solitaire: the first card laid in deal 1 */
    int rest_gone;       /* the cards named nowhere go to "gone", not the deck */
    int deals;           /* > 0: the deal line's deal number */
    int truth;           /* >= 0: the deal line's true count (muggins) */
} table;

static int table_text(const table *t, char *text, size_t cap)
{
    int st = 0;
    bfc_game *g = bfc_game_new(&t->rules, 1, &st);
    if (!g) {
        fprintf(stderr, "table rules refused: %s\n", bfc_strerror(st));
        return -1;
    }
    snprintf(text, cap, "%s", save_text(g));
    bfc_game_free(g);
    char line[512];
    uint64_t named = 0;
    int rc = 0;
    if (t->score) {
        snprintf(line, sizeof line, "score %s", t->score);
        rc |= set_line(text, cap, "score", line);
    }
    for (int s = 0; s < t->rules.players; s++) {
        const uint64_t h = set_of(t->hand[s] ? t->hand[s] : "");
        named |= h;
        sb b = {line, sizeof line, 0};
        char key[24];
        snprintf(key, sizeof key, "hand %d", s);
        sb_put(&b, key);
        if (h)
            sb_put(&b, " ");
        sb_set(&b, h);
        rc |= set_line(text, cap, key, line);
    }
    const char *lists[3] = {t->crib, t->starter, t->first};
    for (int i = 0; i < 3; i++)
        named |= lists[i] ? set_of(lists[i]) : 0;
    named |= set_of(t->top ? t->top : "") | set_of(t->gone ? t->gone : "");
    snprintf(line, sizeof line, "crib%s%s", t->crib && *t->crib ? " " : "",
             t->crib ? t->crib : "");
    rc |= set_line(text, cap, "crib", line);
    snprintf(line, sizeof line, "starter %s", t->starter ? t->starter : "-");
    rc |= set_line(text, cap, "starter", line);
    snprintf(line, sizeof line, "first %s", t->first ? t->first : "-");
    rc |= set_line(text, cap, "first", line);
    const uint64_t rest = ((UINT64_C(1) << 52) - 1) & ~named;
    {
        sb b = {line, sizeof line, 0};
        sb_put(&b, "deck");
        if (t->top && *t->top)
            sb_fmt(&b, " %s", t->top);
        if (!t->rest_gone && rest) {
            sb_put(&b, " ");
            sb_set(&b, rest);
        }
        rc |= set_line(text, cap, "deck", line);
    }
    {
        sb b = {line, sizeof line, 0};
        const uint64_t gone = set_of(t->gone ? t->gone : "") | (t->rest_gone ? rest : 0);
        sb_put(&b, "gone");
        if (gone) {
            sb_put(&b, " ");
            sb_set(&b, gone);
        }
        rc |= set_line(text, cap, "gone", line);
    }
    char num[16];
    if (t->deals > 0) {
        snprintf(num, sizeof num, "%d", t->deals);
        rc |= set_field(text, cap, "deal", 4, num);
    }
    if (t->truth >= 0) {
        snprintf(num, sizeof num, "%d", t->truth);
        rc |= set_field(text, cap, "deal", 14, num);
    }
    return rc;
}

/* The position of a table (a new game; NULL, counted as a failure, when the
 * loader refuses it). */
static bfc_game *table_game(const table *t)
{
    static char text[TEXT_MAX];
    if (table_text(t, text, sizeof text) < 0) {
        CHECK(!"table builds");
        return NULL;
    }
    bfc_game *g = NULL;
    const int rc = bfc_game_load(&g, text);
    if (rc != BFC_OK) {
        fprintf(stderr, "FAIL %s: position refused (%s):\n%s", harness_current, bfc_strerror(rc),
                text);
        harness_failed++;
        return NULL;
    }
    return g;
}

/* A position from a save's text (NULL, counted as a failure, when the
 * loader refuses it). */
static bfc_game *loaded(const char *text)
{
    bfc_game *g = NULL;
    const int rc = bfc_game_load(&g, text);
    if (rc != BFC_OK) {
        fprintf(stderr, "FAIL %s: save refused (%s)\n", harness_current, bfc_strerror(rc));
        harness_failed++;
    }
    return g;
}

/* ---- Events as text ----------------------------------------------------------
 * One short phrase per event, joined by ", ":
 *   deal D N | discard S CARD [out] | starter S CARD | play S CARD =COUNT [crib] |
 *   go S | reset | endplay | show S hand|crib POINTS | declare S N | claim S P |
 *   score S SRC ITEM:P ITEM:P ... =TOTAL | over S side W value V
 * Consecutive SCORE events of one seat and source make one "score" phrase
 * listing each item (15, 31, 25, pair, run, flush, nobs, last, go, heels,
 * declared, muggins, three) and ending with the side's total. */

static const char *src_name(unsigned s)
{
    switch (s) {
    case BFC_SRC_PLAY: return "play";
    case BFC_SRC_GO: return "go";
    case BFC_SRC_HAND: return "hand";
    case BFC_SRC_CRIB: return "crib";
    case BFC_SRC_HEELS: return "heels";
    case BFC_SRC_MUGGINS: return "muggins";
    case BFC_SRC_FIRST: return "first";
    default: return "?";
    }
}

static const char *item_name(unsigned k)
{
    switch (k) {
    case BFC_ITEM_FIFTEEN: return "15";
    case BFC_ITEM_THIRTY_ONE: return "31";
    case BFC_ITEM_TWENTY_FIVE: return "25";
    case BFC_ITEM_LAST_CARD: return "last";
    case BFC_ITEM_THREE_FOR_LAST: return "three";
    default: return bfc_item_kind_name((int)k);
    }
}

static void events_text(sb *b, const bfc_event *ev, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const bfc_event *e = &ev[i];
        if (i)
            sb_put(b, ", ");
        switch (e->type) {
        case BFC_EV_DEAL:
            sb_fmt(b, "deal %u %u", e->seat, e->slot);
            break;
        case BFC_EV_DISCARD:
            sb_fmt(b, "discard %u ", e->seat);
            sb_card(b, e->card);
            if (e->slot == 1)
                sb_put(b, " out");
            break;
        case BFC_EV_STARTER:
            sb_fmt(b, "starter %u ", e->seat);
            sb_card(b, e->card);
            break;
        case BFC_EV_PLAY:
            sb_fmt(b, "play %u ", e->seat);
            sb_card(b, e->card);
            sb_fmt(b, " =%u%s", e->points, e->slot == 1 ? " crib" : "");
            break;
        case BFC_EV_GO:
            sb_fmt(b, "go %u", e->seat);
            break;
        case BFC_EV_RESET:
            sb_put(b, "reset");
            break;
        case BFC_EV_END_PLAY:
            sb_put(b, "endplay");
            break;
        case BFC_EV_SHOW:
            sb_fmt(b, "show %u %s %u", e->seat, e->slot ? "crib" : "hand", e->points);
            break;
        case BFC_EV_DECLARE:
            sb_fmt(b, "declare %u %u", e->seat, e->points);
            break;
        case BFC_EV_CLAIM:
            sb_fmt(b, "claim %u %u", e->seat, e->points);
            break;
        case BFC_EV_SCORE: {
            sb_fmt(b, "score %u %s", e->seat, src_name(e->source));
            size_t j = i;
            for (; j < n && ev[j].type == BFC_EV_SCORE && ev[j].seat == e->seat &&
                   ev[j].source == e->source;
                 j++)
                sb_fmt(b, " %s:%u", item_name(ev[j].item.kind), ev[j].points);
            sb_fmt(b, " =%d", ev[j - 1].score);
            i = j - 1;
            break;
        }
        case BFC_EV_BOARD: {
            static const char *const what[8] = {"?",   "red",   "trap", "box",
                                                "green", "ahead", "out",  "lost"};
            if (e->slot == BFC_BOARD_LOST)
                sb_fmt(b, "lost %u %s %u", e->seat, src_name(e->source), e->points);
            else
                sb_fmt(b, "board %u %s %u =%d", e->seat, what[e->slot & 7u], e->points, e->score);
            break;
        }
        case BFC_EV_GAME_OVER:
            if (e->side == NONE8)
                sb_fmt(b, "over %u side - value %u", e->seat, e->points);
            else
                sb_fmt(b, "over %u side %u value %u", e->seat, e->side, e->points);
            break;
        default:
            sb_fmt(b, "?%u", e->type);
        }
    }
}

static bfc_event EV[BFC_MAX_EVENTS];
static size_t NEV;

/* Applies the move (text) and returns its events as text, or "error: ...". */
static const char *play(bfc_game *g, const char *move)
{
    static char text[TEXT_MAX];
    sb b = {text, sizeof text, 0};
    NEV = 0;
    if (!g)
        return "no game";
    const int rc = bfc_game_apply(g, M(move), EV, BFC_MAX_EVENTS, &NEV);
    if (rc != BFC_OK) {
        sb_fmt(&b, "error: %s", bfc_strerror(rc));
        return text;
    }
    events_text(&b, EV, NEV < BFC_MAX_EVENTS ? NEV : BFC_MAX_EVENTS);
    return text;
}

/* Plays moves (texts, NULL-terminated) without looking at their events;
 * returns the number that were refused. */
static int play_all(bfc_game *g, const char *const *moves)
{
    int bad = 0;
    for (; *moves; moves++)
        if (bfc_game_apply(g, M(*moves), NULL, 0, NULL) != BFC_OK) {
            fprintf(stderr, "move \"%s\" refused\n", *moves);
            bad++;
        }
    return bad;
}

/* Applies the first legal move, its events in EV (NEV of them, no more
 * than BFC_MAX_EVENTS); 1, or 0 when there is none or it was refused. */
static int first_move(bfc_game *g)
{
    bfc_move L[BFC_MAX_MOVES];
    NEV = 0;
    if (bfc_game_legal_moves(g, L, BFC_MAX_MOVES) < 1 ||
        bfc_game_apply(g, L[0], EV, BFC_MAX_EVENTS, &NEV) != BFC_OK)
        return 0;
    if (NEV > BFC_MAX_EVENTS)
        NEV = BFC_MAX_EVENTS;
    return 1;
}

/* "s0 s1 ..." per side. */
static const char *scores(const bfc_game *g)
{
    static char text[64];
    sb b = {text, sizeof text, 0};
    int s[6];
    const int n = g ? bfc_game_scores(g, s, 6) : 0;
    for (int i = 0; i < n && i < 6; i++)
        sb_fmt(&b, i ? " %d" : "%d", s[i]);
    return text;
}

/* The legal moves as text: "play 5H, play 6C". */
static const char *legal(const bfc_game *g)
{
    static char text[1024];
    sb b = {text, sizeof text, 0};
    bfc_move m[BFC_MAX_MOVES];
    const int n = g ? bfc_game_legal_moves(g, m, BFC_MAX_MOVES) : 0;
    for (int i = 0; i < n && i < BFC_MAX_MOVES; i++) {
        char t[BFC_MOVE_TEXT_MAX];
        bfc_move_format(m[i], t, sizeof t);
        sb_fmt(&b, i ? ", %s" : "%s", t);
    }
    return text;
}

static bfc_observation OBS;
static const bfc_observation *observe(const bfc_game *g, int seat)
{
    memset(&OBS, 0, sizeof OBS);
    if (!g || bfc_game_observe(g, seat, &OBS) != BFC_OK)
        CHECK(!"observe");
    return &OBS;
}

/* The cards of an event's item as a set. */
static uint64_t item_set(const bfc_event *e)
{
    uint64_t m = 0;
    for (unsigned i = 0; i < e->item.ncards && i < BFC_ITEM_MAX_CARDS; i++)
        m |= e->item.cards[i] < 52 ? bit(e->item.cards[i]) : 0;
    return m;
}

/* ===========================================================================
 * RULES 3.1: two players, one scripted deal
 * ======================================================================== */

/* Dealer 1; the non-dealer (seat 0) throws AS 2S, the dealer 3S QS; the
 * starter JH is on top of the deck. */
static table two_table(int target, unsigned flags, const char *score, const char *starter)
{
    table t;
    memset(&t, 0, sizeof t);
    t.rules = mkrules(BFC_VARIANT_CLASSIC, 2, 1);
    t.rules.target = target;
    t.rules.flags = flags;
    t.score = score;
    t.hand[0] = "5C TS 6H 8S AS 2S";
    t.hand[1] = "TD 7D 9C KC 3S QS";
    t.top = starter;
    t.truth = -1;
    return t;
}

static const char *const TWO_MOVES[] = {"discard AS 2S", "discard 3S QS", "play 5C", "play TD",
                                        "play TS",       "play 6H",       "play 7D", "play 8S",
                                        "play 9C",       "play KC",       NULL};

/* The first n moves of the two-player script. */
static int two_moves(bfc_game *g, int n)
{
    const char *m[16];
    for (int i = 0; i < n; i++)
        m[i] = TWO_MOVES[i];
    m[n] = NULL;
    return play_all(g, m);
}

static void test_classic__rules_3_1_two_player_deal(void)
{
    /* RULES 3.1. Seat 0 (non-dealer) holds 5C TS 6H 8S and throws AS 2S;
     * seat 1 (dealer) holds TD 7D 9C KC and throws 3S QS. */
    table t = two_table(121, 0, "0 0", "JH");
    bfc_game *g = table_game(&t);
    if (!g)
        return;
    INT_EQ(bfc_game_phase(g), BFC_PHASE_DISCARD);
    INT_EQ(bfc_game_to_move(g), 0); /* the dealer's left throws first */
    STR_EQ(legal(g), "discard AS 2S, discard AS 5C, discard AS 6H, discard AS 8S, "
                     "discard AS TS, discard 2S 5C, discard 2S 6H, discard 2S 8S, "
                     "discard 2S TS, discard 5C 6H, discard 5C 8S, discard 5C TS, "
                     "discard 6H 8S, discard 6H TS, discard 8S TS");
    /* the discards: each private to its thrower */
    STR_EQ(play(g, "discard AS 2S"), "discard 0 AS, discard 0 2S");
    INT_EQ(bfc_game_to_move(g), 1);
    INT_EQ(observe(g, 0)->thrown, set_of("AS 2S"));
    INT_EQ(observe(g, 1)->thrown, 0);
    INT_EQ(observe(g, 1)->held_by[0], 4);
    INT_EQ(observe(g, 1)->crib, 2);
    CHECK(observe(g, 1)->crib_cards == 0);
    /* the starter: cut by the non-dealer; a jack is the dealer's heels, 2 */
    STR_EQ(play(g, "discard 3S QS"), "discard 1 3S, discard 1 QS, starter 0 JH, "
                                     "score 1 heels heels:2 =2");
    INT_EQ(bfc_game_phase(g), BFC_PHASE_PLAY);
    INT_EQ(bfc_game_to_move(g), 0); /* the non-dealer leads */
    INT_EQ(observe(g, 1)->starter, C("JH"));
    STR_EQ(legal(g), "play 5C, play 6H, play 8S, play TS");
    {
        bfc_move L[BFC_MAX_MOVES];
        INT_EQ(bfc_observation_legal_moves(observe(g, 1), L, BFC_MAX_MOVES), BFC_EHIDDEN);
    }
    /* the play: 5C (5); TD makes 15 (2); TS pairs it (2) at 25 */
    STR_EQ(play(g, "play 5C"), "play 0 5C =5");
    STR_EQ(play(g, "play TD"), "play 1 TD =15, score 1 play 15:2 =4");
    /* 7D 9C KC cannot go on 25: the dealer says go, the non-dealer goes on */
    STR_EQ(play(g, "play TS"), "play 0 TS =25, score 0 play pair:2 =2, go 1");
    INT_EQ(bfc_game_to_move(g), 0);
    STR_EQ(legal(g), "play 6H"); /* 8S would pass 31 */
    INT_EQ(observe(g, 1)->count, 25);
    INT_EQ(observe(g, 1)->nseq, 3);
    CHECK(observe(g, 1)->seq[0] == C("5C") && OBS.seq[1] == C("TD") && OBS.seq[2] == C("TS"));
    INT_EQ(bfc_game_apply(g, M("play 8S"), NULL, 0, NULL), BFC_EILLEGAL);
    /* a go that reaches 31: 2 for the 31 and nothing for the go; the count
     * resets and the player who said go leads */
    STR_EQ(play(g, "play 6H"), "play 0 6H =31, score 0 play 31:2 =4, reset");
    INT_EQ(bfc_game_to_move(g), 1);
    INT_EQ(observe(g, 0)->count, 0);
    INT_EQ(observe(g, 0)->nseq, 0);
    STR_EQ(play(g, "play 7D"), "play 1 7D =7");
    STR_EQ(play(g, "play 8S"), "play 0 8S =15, score 0 play 15:2 =6");
    /* 9C: a run 7-8-9 (3) at 24; KC cannot go and seat 0 has no card: the
     * go (1), the count resets, and the dealer leads again */
    STR_EQ(play(g, "play 9C"), "play 1 9C =24, score 1 play run:3 =7, score 1 go go:1 =8, reset");
    INT_EQ(bfc_game_to_move(g), 1);
    STR_EQ(legal(g), "play KC");
    INT_EQ(observe(g, 0)->held_by[0], 0);
    INT_EQ(observe(g, 0)->played[1], set_of("TD 7D 9C"));
    /* the last card (1), then the show: non-dealer, dealer, crib.
     *   seat 0: 5C TS 6H 8S + JH: 5+T, 5+J = 4
     *   seat 1: TD 7D 9C KC + JH: run 9-T-J = 3
     *   crib:   AS 2S 3S QS + JH: Q+2+3, J+2+3 = 4, run A-2-3 = 3, and no
     *           flush: four spades, but a crib needs the starter too = 7
     * totals: seat 0 = 2+2+2 (play) + 4 = 10; seat 1 = 2 (heels) + 2+3+1+1
     * (play) + 3 + 7 = 19. The deal passes to seat 0. */
    STR_EQ(play(g, "play KC"),
           "play 1 KC =10, score 1 play last:1 =9, endplay, show 0 hand 4, "
           "score 0 hand 15:2 15:2 =10, show 1 hand 3, score 1 hand run:3 =12, show 1 crib 7, "
           "score 1 crib 15:2 15:2 run:3 =19, deal 0 6");
    STR_EQ(scores(g), "10 19");
    INT_EQ(bfc_game_phase(g), BFC_PHASE_DISCARD);
    INT_EQ(bfc_game_to_move(g), 1);
    INT_EQ(observe(g, 0)->dealer, 0);
    INT_EQ(observe(g, 0)->starter, BFC_CARD_NONE);
    INT_EQ(ones(observe(g, 0)->hand), 6);
    INT_EQ(observe(g, 0)->shown[1], 0);
    INT_EQ(observe(g, 0)->skirmish, 2);
    bfc_game_free(g);

    /* The crib flush rule (2.1) the other way: with JS as the starter the
     * crib's four spades flush with it: 4 + 3 + 5 = 12, seat 1 = 2 + 7 + 3 +
     * 12 = 24; seat 0's hand is still 4. */
    t = two_table(121, 0, "0 0", "JS");
    g = table_game(&t);
    if (!g)
        return;
    two_moves(g, 9);
    STR_EQ(play(g, "play KC"),
           "play 1 KC =10, score 1 play last:1 =9, endplay, show 0 hand 4, "
           "score 0 hand 15:2 15:2 =10, show 1 hand 3, score 1 hand run:3 =12, show 1 crib 12, "
           "score 1 crib 15:2 15:2 run:3 flush:5 =24, deal 0 6");
    bfc_game_free(g);
}

static void test_classic__rules_3_1_win_at_once_in_the_show(void)
{
    /* RULES 3.1 "at once, wherever in the deal": seat 0 at 111, seat 1 at
     * 105. Heels and the play leave seat 0 on 111 + 6 = 117 and seat 1 on
     * 105 + 2 + 7 = 114. The non-dealer counts first: 117 + 4 = 121 wins,
     * although the dealer's hand and crib (3 + 7) would take it to 124. */
    table t = two_table(121, 0, "111 105", "JH");
    bfc_game *g = table_game(&t);
    if (!g)
        return;
    INT_EQ(two_moves(g, 9), 0);
    STR_EQ(scores(g), "117 113");
    STR_EQ(play(g, "play KC"), "play 1 KC =10, score 1 play last:1 =114, endplay, show 0 hand 4, "
                               "score 0 hand 15:2 15:2 =121, over 0 side 0 value 1");
    STR_EQ(scores(g), "121 114");
    INT_EQ(bfc_game_over(g), 1);
    INT_EQ(bfc_game_phase(g), BFC_PHASE_OVER);
    INT_EQ(bfc_game_to_move(g), -1);
    INT_EQ(bfc_game_winner(g), 0);
    INT_EQ(bfc_game_winning_seat(g), 0);
    INT_EQ(bfc_game_value(g), 1);
    INT_EQ(bfc_game_legal_moves(g, NULL, 0), 0);
    INT_EQ(observe(g, 0)->shown[1], 0); /* the dealer never counted */
    INT_EQ(observe(g, 1)->over, 1);
    INT_EQ(bfc_game_apply(g, M("declare 3"), NULL, 0, NULL), BFC_EILLEGAL);
    /* the winner deals the next game (RULES 4.2 for every game) */
    INT_EQ(bfc_game_next(g), BFC_OK);
    STR_EQ(scores(g), "0 0");
    INT_EQ(observe(g, 0)->dealer, 0);
    INT_EQ(bfc_game_to_move(g), 1);
    INT_EQ(bfc_game_phase(g), BFC_PHASE_DISCARD);
    bfc_game_free(g);

    /* a win in the play ends the play at once: target 61 ("once around"),
     * seat 0 at 55 pegs a pair (57), the 31 (59) and 8S's fifteen: 61 */
    t = two_table(61, 0, "55 0", "JH");
    g = table_game(&t);
    if (!g)
        return;
    INT_EQ(two_moves(g, 7), 0);
    STR_EQ(scores(g), "59 4");
    STR_EQ(play(g, "play 8S"), "play 0 8S =15, score 0 play 15:2 =61, over 0 side 0 value 1");
    INT_EQ(bfc_game_apply(g, M("play 9C"), NULL, 0, NULL), BFC_EILLEGAL);
    INT_EQ(bfc_game_winner(g), 0);
    bfc_game_free(g);

    /* the rules' defaults: 121, not 61 */
    bfc_rules r;
    INT_EQ(bfc_rules_init_variant(&r, BFC_VARIANT_CLASSIC), BFC_OK);
    INT_EQ(r.target, 121);
}

/* ===========================================================================
 * RULES 3.9: the Crib Wars board
 * ======================================================================== */

/* A board from "at:kind:to ..." (kinds r t b g). */
static bfc_board board_of(const char *text)
{
    bfc_board b;
    memset(&b, 0, sizeof b);
    for (const char *p = text; *p && b.n < BFC_BOARD_MAX;) {
        int at = 0, to = 0, used = 0;
        char k = 0;
        if (sscanf(p, "%d:%c:%d%n", &at, &k, &to, &used) != 3)
            break;
        b.hole[b.n].at = (uint8_t)at;
        b.hole[b.n].kind = (uint8_t)(k == 'r'   ? BFC_HOLE_RED_SKIP
                                     : k == 't' ? BFC_HOLE_TIME_TRAP
                                     : k == 'b' ? BFC_HOLE_PENALTY_BOX
                                                : BFC_HOLE_GREEN_ADVANCE);
        b.hole[b.n].to = (uint8_t)to;
        b.n++;
        p += used;
        while (*p == ' ')
            p++;
    }
    return b;
}

static void test_classic__rules_3_9_crib_wars_holes(void)
{
    /* The two-player deal of RULES 3.1 on a board with a red skip at 12
     * (to 15), a time trap at 17 (its path worth hole 7) and a green
     * advance at 4 (to 30); seat 1 starts on 10. Heels lands seat 1 on the
     * red hole; its fifteen (17) in the trap, and the go and last card go
     * on from 7, the last card landing on the red hole again. Seat 0's 31
     * lands on the green advance. Passing a special hole does nothing. */
    table t = two_table(121, 0, "0 10", "JH");
    t.rules.board = board_of("4:g:30 12:r:15 17:t:7");
    bfc_game *g = table_game(&t);
    if (!g)
        return;
    STR_EQ(play(g, "discard AS 2S"), "discard 0 AS, discard 0 2S");
    STR_EQ(play(g, "discard 3S QS"), "discard 1 3S, discard 1 QS, starter 0 JH, "
                                     "score 1 heels heels:2 =12, board 1 red 12 =15");
    STR_EQ(play(g, "play 5C"), "play 0 5C =5");
    STR_EQ(play(g, "play TD"), "play 1 TD =15, score 1 play 15:2 =17, board 1 trap 17 =7");
    STR_EQ(play(g, "play TS"), "play 0 TS =25, score 0 play pair:2 =2, go 1");
    STR_EQ(play(g, "play 6H"), "play 0 6H =31, score 0 play 31:2 =4, board 0 green 4 =30, reset");
    STR_EQ(play(g, "play 7D"), "play 1 7D =7");
    STR_EQ(play(g, "play 8S"), "play 0 8S =15, score 0 play 15:2 =32");
    STR_EQ(play(g, "play 9C"), "play 1 9C =24, score 1 play run:3 =10, score 1 go go:1 =11, reset");
    STR_EQ(play(g, "play KC"),
           "play 1 KC =10, score 1 play last:1 =12, board 1 red 12 =15, endplay, show 0 hand 4, "
           "score 0 hand 15:2 15:2 =36, show 1 hand 3, score 1 hand run:3 =18, show 1 crib 7, "
           "score 1 crib 15:2 15:2 run:3 =25, deal 0 6");
    STR_EQ(scores(g), "36 25");
    /* the board goes with the game: saved, loaded, the same */
    const char *text = save_text(g);
    CHECK(strstr(text, "\nboard 4:4:30 12:1:15 17:2:7\n") != NULL);
    CHECK(strstr(text, "\nbox 0 - 0\n") != NULL);
    bfc_game *h = NULL;
    INT_EQ(bfc_game_load(&h, text), BFC_OK);
    STR_EQ(save_text(h), save_text(g));
    CHECK(h && bfc_game_rules(h)->board.n == 3 && bfc_game_rules(h)->board.hole[2].to == 7);
    bfc_game_free(h);
    bfc_game_free(g);

    /* a board move that reaches the target ends the game at once: the
     * green advance at 4 goes to 30 with a target of 30 */
    t = two_table(30, 0, "0 10", "JH");
    t.rules.board = board_of("4:g:30");
    g = table_game(&t);
    if (!g)
        return;
    INT_EQ(two_moves(g, 4), 0);
    STR_EQ(play(g, "play TS"), "play 0 TS =25, score 0 play pair:2 =2, go 1");
    STR_EQ(play(g, "play 6H"),
           "play 0 6H =31, score 0 play 31:2 =4, board 0 green 4 =30, over 0 side 0 value 1");
    INT_EQ(bfc_game_winner(g), 0);
    bfc_game_free(g);

    /* a board may send a peg far past the target (to hole 255): the
     * finished game saves and loads like any other (fuzz_load found the
     * loader refusing such a score) */
    t.rules.board = board_of("4:g:255");
    g = table_game(&t);
    if (!g)
        return;
    INT_EQ(two_moves(g, 4), 0);
    play(g, "play TS");
    STR_EQ(play(g, "play 6H"),
           "play 0 6H =31, score 0 play 31:2 =4, board 0 green 4 =255, over 0 side 0 value 1");
    char saved[TEXT_MAX];
    snprintf(saved, sizeof saved, "%s", save_text(g));
    h = NULL;
    INT_EQ(bfc_game_load(&h, saved), BFC_OK);
    CHECK(h && strcmp(save_text(h), saved) == 0);
    bfc_game_free(h);
    bfc_game_free(g);
}

/* The deal of 3.1 under muggins to its show (the muggins section). */
static int muggins_to_the_show(bfc_game *g);

static void test_classic__d19_a_peg_lands_where_one_award_leaves_it(void)
{
    /* D19: one award (a card's points, a go, a last card, a hand, the
     * crib, heels, a muggins award, the five-card 3) lands the peg where
     * it leaves it; passing a hole does nothing. The deal of RULES 3.1 on
     * a red skip at 8 (to 11), a green advance at 10 (to 30), a box at 17
     * and a time trap at 22 (its path worth 5):
     *   seat 1's 9C pegs its run (3) to 7, then the go, an award of its
     *   own, lands it on 8: the red skip, to 11; KC's last card 12;
     *   seat 0's hand 15:2 15:2 from 6 passes 8 and lands on 10: the
     *   green advance, to 30;
     *   seat 1's hand 3 (15), its crib 15:2 15:2 run:3 from 15 passes the
     *   box at 17 (and 19) and lands on 22: the trap, to 5. */
    table t = two_table(121, 0, "0 0", "JH");
    t.rules.board = board_of("8:r:11 10:g:30 17:b:0 22:t:5");
    bfc_game *g = table_game(&t);
    if (!g)
        return;
    INT_EQ(two_moves(g, 8), 0);
    STR_EQ(scores(g), "6 4");
    STR_EQ(play(g, "play 9C"), "play 1 9C =24, score 1 play run:3 =7, score 1 go go:1 =8, "
                               "board 1 red 8 =11, reset");
    STR_EQ(play(g, "play KC"),
           "play 1 KC =10, score 1 play last:1 =12, endplay, show 0 hand 4, "
           "score 0 hand 15:2 15:2 =10, board 0 green 10 =30, show 1 hand 3, "
           "score 1 hand run:3 =15, show 1 crib 7, score 1 crib 15:2 15:2 run:3 =22, "
           "board 1 trap 22 =5, deal 0 6");
    STR_EQ(scores(g), "30 5");
    bfc_game_free(g);

    /* one muggins award lands too: the same deal under muggins, every
     * count declared as it is but the crib's 7, declared as 1. Seat 0
     * claims the 6 missed, 10 -> 16: a red skip (to 20). */
    t = two_table(121, BFC_RULE_MUGGINS, "0 0", "JH");
    t.rules.board = board_of("16:r:20");
    g = table_game(&t);
    if (!g)
        return;
    INT_EQ(muggins_to_the_show(g), 0);
    static const char *const show[] = {"play KC", "declare 1", "pass", "declare 4", "pass",
                                       "declare 3", "pass", NULL};
    INT_EQ(play_all(g, show), 0);
    STR_EQ(scores(g), "10 12");
    STR_EQ(play(g, "declare 1"), "declare 1 1");
    STR_EQ(play(g, "claim"), "claim 0 6, score 1 crib declared:1 =13, score 0 muggins muggins:6 =16, "
                             "board 0 red 16 =20, deal 0 6");
    STR_EQ(scores(g), "20 13");
    bfc_game_free(g);
}

static void test_classic__d19_two_sides_a_box_folds_the_deal(void)
{
    /* Seat 0 (on 28) pairs TS in the play: 30, a penalty box. It folds its
     * hand: back 20 (10), and seat 1 (54) goes ahead 20 (74). Seat 1 then
     * plays its cards alone; the go seat 0 would have pegged is kept from
     * it; seat 0's hand is not counted (nor shown), seat 1's hand and crib
     * are. */
    table t = two_table(121, 0, "28 50", "JH");
    t.rules.board = board_of("30:b:0");
    bfc_game *g = table_game(&t);
    if (!g)
        return;
    INT_EQ(two_moves(g, 4), 0);
    STR_EQ(scores(g), "28 54");
    STR_EQ(play(g, "play TS"), "play 0 TS =25, score 0 play pair:2 =30, board 0 box 30 =10, "
                               "board 1 ahead 20 =74, go 1, lost 0 go 1, reset");
    INT_EQ(observe(g, 1)->folded, 1);
    INT_EQ(bfc_game_to_move(g), 1);
    STR_EQ(legal(g), "play 7D, play 9C, play KC");
    STR_EQ(play(g, "play 7D"), "play 1 7D =7");
    INT_EQ(bfc_game_to_move(g), 1); /* seat 0 is out of the play */
    STR_EQ(play(g, "play 9C"), "play 1 9C =16");
    STR_EQ(play(g, "play KC"),
           "play 1 KC =26, score 1 play last:1 =75, endplay, show 1 hand 3, "
           "score 1 hand run:3 =78, show 1 crib 7, score 1 crib 15:2 15:2 run:3 =85, deal 0 6");
    STR_EQ(scores(g), "10 85");
    INT_EQ(observe(g, 1)->folded, 0); /* a new deal */
    bfc_game_free(g);

    /* the dealer's hand count lands it in the box: its crib is folded too */
    t = two_table(121, 0, "0 40", "JH");
    t.rules.board = board_of("52:b:0");
    g = table_game(&t);
    if (!g)
        return;
    INT_EQ(two_moves(g, 9), 0);
    STR_EQ(play(g, "play KC"),
           "play 1 KC =10, score 1 play last:1 =49, endplay, show 0 hand 4, "
           "score 0 hand 15:2 15:2 =10, show 1 hand 3, score 1 hand run:3 =52, "
           "board 1 box 52 =32, board 0 ahead 20 =30, deal 0 6");
    bfc_game_free(g);

    /* the dealer's heels land it in the box at the cut: it takes no part
     * in the play, and seat 0 lays all its cards alone */
    t = two_table(121, 0, "0 0", "JH");
    t.rules.board = board_of("2:b:0");
    g = table_game(&t);
    if (!g)
        return;
    INT_EQ(two_moves(g, 1), 0);
    STR_EQ(play(g, "discard 3S QS"), "discard 1 3S, discard 1 QS, starter 0 JH, "
                                     "score 1 heels heels:2 =2, board 1 box 2 =0, "
                                     "board 0 ahead 20 =20");
    STR_EQ(play(g, "play 5C"), "play 0 5C =5");
    STR_EQ(play(g, "play TS"), "play 0 TS =15, score 0 play 15:2 =22");
    STR_EQ(play(g, "play 6H"), "play 0 6H =21");
    STR_EQ(play(g, "play 8S"), "play 0 8S =29, score 0 play last:1 =23, endplay, show 0 hand 4, "
                               "score 0 hand 15:2 15:2 =27, deal 0 6");
    bfc_game_free(g);
}

/* Seat 0 (on score's first number) pairs TS in the play of 3.1 to a box
 * on the given board: the events of that card, then the scores. */
static void pair_into_a_box(const char *score, const char *board, const char *events,
                            const char *after)
{
    table t = two_table(121, 0, score, "JH");
    t.rules.board = board_of(board);
    bfc_game *g = table_game(&t);
    if (!g)
        return;
    INT_EQ(two_moves(g, 4), 0);
    STR_EQ(play(g, "play TS"), events);
    STR_EQ(scores(g), after);
    bfc_game_free(g);
}

static void test_classic__d19_board_moves_set_off_nothing(void)
{
    /* D19: a move the board makes is no landing. Seat 0's pair lands it
     * in the box at 30: back 20 to 10, a green advance, and seat 1 ahead
     * 20 from 54 to 74, a red skip: neither acts. (Nor does a move out of
     * the box: d19_three_sides_moving_out_one_hole; a path's end is never
     * a special hole: bfc_rules_check.) */
    pair_into_a_box("28 50", "10:g:20 30:b:0 74:r:80",
                    "play 0 TS =25, score 0 play pair:2 =30, board 0 box 30 =10, "
                    "board 1 ahead 20 =74, go 1, lost 0 go 1, reset",
                    "10 74");
}

static void test_classic__d19_ahead_20_skips_boxes_and_traps(void)
{
    /* D19: ahead 20 never ends in a box or a trap but goes on to the first
     * hole past them: seat 1 from 54 past the trap at 74 and the box at
     * 75 to 76, a red skip, where it stays (a board move sets off
     * nothing). */
    pair_into_a_box("28 50", "30:b:0 74:t:60 75:b:0 76:r:90",
                    "play 0 TS =25, score 0 play pair:2 =30, board 0 box 30 =10, "
                    "board 1 ahead 20 =76, go 1, lost 0 go 1, reset",
                    "10 76");
}

static void test_classic__d19_back_20_stops_at_0(void)
{
    /* seat 0 on 0 pegs its pair into the box at 2: back 20 stops at 0 */
    pair_into_a_box("0 1", "2:b:0",
                    "play 0 TS =25, score 0 play pair:2 =2, board 0 box 2 =0, "
                    "board 1 ahead 20 =25, go 1, lost 0 go 1, reset",
                    "0 25");
}

/* The three-player deal of RULES 3.2 on a board with one box, at 31. */
static table three_box_table(const char *score)
{
    table t;
    memset(&t, 0, sizeof t);
    t.rules = mkrules(BFC_VARIANT_CLASSIC, 3, 0);
    t.rules.board = board_of("31:b:0");
    t.score = score;
    t.hand[0] = "5S TC 9H 8H 6S";
    t.hand[1] = "KH 2C 3D 9S AD";
    t.hand[2] = "QH 8C 7C 6C JC";
    t.crib = "4C";
    t.top = "5D";
    t.truth = -1;
    return t;
}

/* The deal of three_box_table with seat 2 folded (sitting out in the
 * box): eleven moves, the last (8H) ending the play. */
static const char *const SITTING_OUT[] = {"discard AD", "discard JC", "discard 6S", "play KH",
                                          "play 5S",    "play 2C",    "play 9H",    "play 3D",
                                          "play TC",    "play 9S",    "play 8H",    NULL};

/* The first n moves of SITTING_OUT; the number refused. */
static int sitting_out_moves(bfc_game *g, int n)
{
    const char *m[16];
    for (int i = 0; i < n; i++)
        m[i] = SITTING_OUT[i];
    m[n] = NULL;
    return play_all(g, m);
}

/* The position of a table with its save's box line replaced ("box 4 2 1":
 * seat 2 in the box, its last deal); NULL, a failure, if refused. */
static bfc_game *boxed_game(const table *t, const char *box)
{
    char text[TEXT_MAX];
    if (table_text(t, text, sizeof text) != 0 || set_line(text, sizeof text, "box", box) != 0) {
        CHECK(!"boxed table builds");
        return NULL;
    }
    return loaded(text);
}

static void test_classic__d19_three_sides_the_box_for_the_deal_and_three_more(void)
{
    /* D19, three sides: the first lander stays in the box for the rest of
     * that deal and the next three. Seat 2 (on 29) makes 31 in deal 1, a
     * box; seats 0 and 1 play far above it (40, 50; a target of 200), so
     * no one else lands there. Through deals 2, 3 and 4 (each played out
     * with the first legal move) seat 2 is dealt in, discards, cuts (deal
     * 2: dealer 1's left) and deals (deal 3), but lays, shows and pegs
     * nothing and says no go; it stays on 31. As deal 4 ends it moves out
     * one hole, 32, and from deal 5 it plays again. */
    table t = three_box_table("40 50 29");
    t.rules.target = 200;
    bfc_game *g = table_game(&t);
    if (!g)
        return;
    static const char *const moves[] = {"discard AD", "discard JC", "discard 6S", "play KH",
                                        "play QH",    "play 5S",    "play 2C",    "play 3D",
                                        "play 6C",    "play 9H",    "play 9S",    NULL};
    INT_EQ(play_all(g, moves), 0);
    STR_EQ(play(g, "play 7C"), "play 2 7C =31, score 2 play 31:2 =31, board 2 box 31 =31, reset");
    INT_EQ(observe(g, 0)->box_deals, 4);
    INT_EQ(play_all(g, (const char *const[]){"play TC", NULL}), 0);
    play(g, "play 8H"); /* the end of deal 1 */
    int deal = 1, discards = 0, cuts = 0, deals_dealt = 0, part = 0, out = 0, moves_made = 0;
    while (!bfc_game_over(g) && deal <= 5 && moves_made++ < 2000) {
        const bfc_observation *o = observe(g, 0);
        if (o->skirmish != (unsigned)deal) { /* a new deal */
            deal = (int)o->skirmish;
            if (deal <= 4) {
                INT_EQ(o->boxed, 2);
                INT_EQ(o->box_deals, 5 - deal);
                INT_EQ(o->folded, 1u << 2);
            } else {
                INT_EQ(o->boxed, NONE8);
                INT_EQ(o->folded, 0);
            }
            INT_EQ(o->score[2], deal <= 4 ? 31 : 32);
            if (deal > 4)
                break;
        }
        if (!CHECK(first_move(g)))
            break;
        for (size_t i = 0; i < NEV; i++) {
            const bfc_event *e = &EV[i];
            discards += e->type == BFC_EV_DISCARD && e->seat == 2;
            cuts += e->type == BFC_EV_STARTER && e->seat == 2;
            deals_dealt += e->type == BFC_EV_DEAL && e->seat == 2;
            part += e->seat == 2 && (e->type == BFC_EV_PLAY || e->type == BFC_EV_GO ||
                                     e->type == BFC_EV_SHOW || e->type == BFC_EV_SCORE ||
                                     e->type == BFC_EV_DECLARE);
            if (e->type == BFC_EV_BOARD && e->slot == BFC_BOARD_OUT) {
                out++;
                INT_EQ(e->seat, 2);
                INT_EQ(e->score, 32);
                INT_EQ(observe(g, 0)->skirmish, 5); /* after deal 4, with deal 5 dealt */
            }
            CHECK(e->type != BFC_EV_BOARD || e->slot == BFC_BOARD_OUT || e->slot == BFC_BOARD_LOST);
        }
    }
    INT_EQ(deal, 5);
    INT_EQ(discards, 3); /* deals 2, 3, 4 */
    INT_EQ(cuts, 1);     /* deal 2 */
    INT_EQ(deals_dealt, 1); /* deal 3 */
    INT_EQ(part, 0);
    INT_EQ(out, 1);
    bfc_game_free(g);
}

static void test_classic__d19_three_sides_a_second_lander(void)
{
    /* D19, three sides: seat 2 (on 29) makes 31 in the play: the box. The
     * first side in sits out: it stays on 31, folded. Seat 0 then plays
     * alone; its crib count lands it in the box too (31), a second lander:
     * it goes back 20 (11), the third side (seat 1, 27) ahead 20 (47), and
     * seat 2 moves out of the box, one hole (32), and plays again from the
     * next deal. */
    table t = three_box_table("10 20 29");
    bfc_game *g = table_game(&t);
    if (!g)
        return;
    static const char *const moves[] = {"discard AD", "discard JC", "discard 6S", "play KH",
                                        "play QH",    "play 5S",    "play 2C",    "play 3D",
                                        "play 6C",    "play 9H",    "play 9S",    NULL};
    INT_EQ(play_all(g, moves), 0);
    STR_EQ(scores(g), "12 23 29");
    STR_EQ(play(g, "play 7C"), "play 2 7C =31, score 2 play 31:2 =31, board 2 box 31 =31, reset");
    INT_EQ(observe(g, 0)->boxed, 2);
    INT_EQ(OBS.box_deals, 4);
    INT_EQ(OBS.folded, 4);
    INT_EQ(bfc_game_to_move(g), 0);
    STR_EQ(play(g, "play TC"), "play 0 TC =10");
    INT_EQ(bfc_game_to_move(g), 0);
    STR_EQ(play(g, "play 8H"),
           "play 0 8H =18, score 0 play last:1 =13, endplay, show 1 hand 4, "
           "score 1 hand 15:2 15:2 =27, show 0 hand 9, score 0 hand 15:2 15:2 pair:2 run:3 =22, "
           "show 0 crib 9, score 0 crib 15:2 15:2 15:2 run:3 =31, board 0 box 31 =11, "
           "board 1 ahead 20 =47, board 2 out 1 =32, deal 1 5");
    STR_EQ(scores(g), "11 47 32");
    INT_EQ(observe(g, 1)->boxed, NONE8);
    INT_EQ(OBS.folded, 0);
    bfc_game_free(g);
}

static void test_classic__rules_3_9_crib_wars_sitting_out(void)
{
    /* Seat 2 sits in the box (31) for its last deal: it throws to the crib
     * but takes no part in the play or the show; then it moves out. */
    table t = three_box_table("5 20 31");
    bfc_game *g = boxed_game(&t, "box 4 2 1");
    if (!g)
        return;
    INT_EQ(observe(g, 2)->boxed, 2);
    INT_EQ(OBS.box_deals, 1);
    STR_EQ(play(g, "discard AD"), "discard 1 AD");
    STR_EQ(play(g, "discard JC"), "discard 2 JC");
    STR_EQ(play(g, "discard 6S"), "discard 0 6S, starter 1 5D");
    STR_EQ(play(g, "play KH"), "play 1 KH =10");
    INT_EQ(bfc_game_to_move(g), 0); /* past seat 2 */
    STR_EQ(play(g, "play 5S"), "play 0 5S =15, score 0 play 15:2 =7");
    STR_EQ(play(g, "play 2C"), "play 1 2C =17");
    STR_EQ(play(g, "play 9H"), "play 0 9H =26");
    STR_EQ(play(g, "play 3D"), "play 1 3D =29, go 0, score 1 go go:1 =21, reset");
    STR_EQ(play(g, "play TC"), "play 0 TC =10");
    STR_EQ(play(g, "play 9S"), "play 1 9S =19");
    /* seat 2's hand is folded, not counted; then it moves out of the box */
    STR_EQ(play(g, "play 8H"),
           "play 0 8H =27, score 0 play run:3 last:1 =11, endplay, show 1 hand 4, "
           "score 1 hand 15:2 15:2 =25, show 0 hand 9, score 0 hand 15:2 15:2 pair:2 run:3 =20, "
           "show 0 crib 9, score 0 crib 15:2 15:2 15:2 run:3 =29, board 2 out 1 =32, deal 1 5");
    INT_EQ(observe(g, 2)->boxed, NONE8);
    INT_EQ(OBS.folded, 0);
    INT_EQ(OBS.box_deals, 0);
    bfc_game_free(g);

    /* with more deals to sit out, a new deal folds the side again */
    g = boxed_game(&t, "box 4 2 3");
    INT_EQ(sitting_out_moves(g, 11), 0);
    INT_EQ(observe(g, 2)->boxed, 2);
    INT_EQ(OBS.box_deals, 2);
    INT_EQ(OBS.folded, 4);
    STR_EQ(scores(g), "29 25 31");
    bfc_game_free(g);

    /* moving out as the deal passes can win (a target of 32): the game
     * ends before a new deal, so the finished game keeps the deal just
     * played and its dealer (seat 0), and saves and loads like any other */
    t.rules.target = 32;
    g = boxed_game(&t, "box 4 2 1");
    if (!g)
        return;
    INT_EQ(sitting_out_moves(g, 10), 0); /* all but the last */
    const char *events = play(g, SITTING_OUT[10]);
    /* two losers, 1 game each (RULES 5) */
    if (!CHECK(strstr(events, ", board 2 out 1 =32, over 2 side 2 value 2") != NULL))
        fprintf(stderr, "  events: %s\n", events);
    INT_EQ(bfc_game_over(g), 1);
    INT_EQ(bfc_game_winner(g), 2);
    INT_EQ(bfc_game_winning_seat(g), 2); /* D20: the side's lowest seat */
    INT_EQ(observe(g, 0)->dealer, 0);
    INT_EQ(OBS.held_by[0], 0); /* the deal's cards stay where they were */
    char text[TEXT_MAX];
    snprintf(text, sizeof text, "%s", save_text(g));
    bfc_game *h = NULL;
    INT_EQ(bfc_game_load(&h, text), BFC_OK);
    CHECK(h && strcmp(save_text(h), text) == 0);
    bfc_game_free(h);
    bfc_game_free(g);
}

static void test_classic__d19_three_sides_moving_out_one_hole(void)
{
    /* D19: the boxed side moves out one hole as its last deal ends, a
     * board move: the red skip at 32 does not act. Seat 2 sits in the box
     * (31) for its last deal (the moves of rules_3_9_crib_wars_sitting_out);
     * as the deal passes it moves to 32 and stays there. */
    table t = three_box_table("5 20 31");
    t.rules.board = board_of("31:b:0 32:r:40");
    bfc_game *g = boxed_game(&t, "box 4 2 1");
    if (!g)
        return;
    INT_EQ(sitting_out_moves(g, 10), 0);
    const char *events = play(g, SITTING_OUT[10]);
    if (!CHECK(strstr(events, ", board 2 out 1 =32, deal 1 5") != NULL))
        fprintf(stderr, "  events: %s\n", events);
    STR_EQ(scores(g), "29 25 32");
    INT_EQ(observe(g, 2)->boxed, NONE8);
    INT_EQ(OBS.folded, 0);
    bfc_game_free(g);
}

static void test_classic__d19_a_boxed_side_under_muggins(void)
{
    /* D19: under muggins a folded or boxed side declares nothing; it is
     * still asked to claim, and what it claims is not pegged. Seat 2 sits
     * in the box (31, its last deal); three players under muggins. */
    table t = three_box_table("5 20 31");
    t.rules.flags |= BFC_RULE_MUGGINS;
    bfc_game *g = boxed_game(&t, "box 4 2 1");
    if (!g)
        return;
    static const char *const throws[] = {"discard AD", "discard JC", "discard 6S", NULL};
    INT_EQ(play_all(g, throws), 0); /* it discards (d19_..._still_discards) */
    /* seat 1's KH (10) declared 0: the opponents from its left are asked,
     * seat 2 first, then seat 0 */
    STR_EQ(play(g, "play KH"), "play 1 KH =10");
    STR_EQ(play(g, "declare 0"), "declare 1 0");
    INT_EQ(bfc_game_phase(g), BFC_PHASE_CLAIM);
    INT_EQ(bfc_game_to_move(g), 2);
    STR_EQ(play(g, "pass"), "claim 2 0");
    INT_EQ(bfc_game_to_move(g), 0);
    STR_EQ(play(g, "pass"), "claim 0 0");
    /* seat 0's 5S makes 15 (2), declared 0; seat 1 passes, seat 2 claims
     * the 2 missed: they are not pegged (lost) */
    INT_EQ(bfc_game_to_move(g), 0); /* past seat 2 in the play */
    STR_EQ(play(g, "play 5S"), "play 0 5S =15");
    STR_EQ(play(g, "declare 0"), "declare 0 0");
    STR_EQ(play(g, "pass"), "claim 1 0");
    STR_EQ(play(g, "claim"), "claim 2 2, lost 2 muggins 2");
    /* seat 1's 2C (17, nothing) declared 2: seat 2 claims the over-count.
     * Seat 1 pegs only the truth, 0; the 2 seat 2 would take are lost. */
    STR_EQ(play(g, "play 2C"), "play 1 2C =17");
    STR_EQ(play(g, "declare 2"), "declare 1 2");
    STR_EQ(play(g, "claim"), "claim 2 2, lost 2 muggins 2");
    STR_EQ(scores(g), "5 20 31");
    /* the rest of the deal, the first legal move each time (the counts
     * declared as 0 and claimed by the first opponent asked): seat 2 is
     * never the declarer, its hand is never shown; it moves out as the
     * deal ends */
    int declared = 0, asked = 0;
    for (int k = 0; k < 200 && bfc_game_phase(g) != BFC_PHASE_DISCARD; k++) {
        const int mover = bfc_game_to_move(g), phase = bfc_game_phase(g);
        CHECK(mover != 2 || phase == BFC_PHASE_CLAIM);
        asked += mover == 2;
        if (!CHECK(first_move(g)))
            break;
        for (size_t i = 0; i < NEV; i++) {
            const bfc_event *e = &EV[i];
            declared += e->type == BFC_EV_DECLARE;
            CHECK(e->seat != 2 || e->type == BFC_EV_CLAIM || e->type == BFC_EV_BOARD);
            if (e->type == BFC_EV_CLAIM && e->seat == 2 && e->points > 0)
                CHECK(i + 1 < NEV && EV[i + 1].type == BFC_EV_BOARD &&
                      EV[i + 1].slot == BFC_BOARD_LOST);
        }
    }
    CHECK(declared >= 4 && asked >= 1);
    INT_EQ(observe(g, 2)->boxed, NONE8);
    INT_EQ(OBS.score[2], 32);
    bfc_game_free(g);
}

static void test_classic__d19_a_side_that_folds_before_the_discards_still_discards(void)
{
    /* D19: a side that folds before the discards still discards. In
     * five-card the non-dealer pegs 3 as the game starts (RULES 3.5): on a
     * box at 3 it folds at once, back to 0, and the dealer goes ahead 20.
     * Both still throw two to the crib; then the dealer plays alone, seat
     * 0's hand is not counted, the dealer's hand and crib are. */
    bfc_rules r = mkrules(BFC_VARIANT_FIVE_CARD, 2, 1);
    r.board = board_of("3:b:0");
    bfc_event ev[16];
    size_t nev = 0;
    int st = -1;
    bfc_game *g = bfc_game_new_events(&r, 5, ev, 16, &nev, &st);
    if (!CHECK(g != NULL && st == BFC_OK))
        return;
    char text[TEXT_MAX];
    sb b = {text, sizeof text, 0};
    events_text(&b, ev, nev < 16 ? nev : 16);
    if (!CHECK(strstr(text, "score 0 first three:3 =3, board 0 box 3 =0, board 1 ahead 20 =20")))
        fprintf(stderr, "  events: %s\n", text);
    INT_EQ(observe(g, 0)->folded, 1);
    INT_EQ(bfc_game_phase(g), BFC_PHASE_DISCARD);
    INT_EQ(bfc_game_to_move(g), 0); /* the folded seat throws first */
    INT_EQ(bfc_game_legal_moves(g, NULL, 0), 10); /* any two of its five */
    int shown0 = 0, laid0 = 0, discards0 = 0;
    for (int k = 0; k < 60 && observe(g, 0)->skirmish == 1 && !bfc_game_over(g); k++) {
        if (!CHECK(first_move(g)))
            break;
        for (size_t i = 0; i < NEV; i++) {
            discards0 += EV[i].type == BFC_EV_DISCARD && EV[i].seat == 0;
            laid0 += EV[i].type == BFC_EV_PLAY && EV[i].seat == 0;
            shown0 += EV[i].type == BFC_EV_SHOW && EV[i].seat == 0;
        }
    }
    INT_EQ(discards0, 2);
    INT_EQ(laid0, 0);
    INT_EQ(shown0, 0);
    INT_EQ(observe(g, 0)->skirmish, 2);
    INT_EQ(OBS.score[0], 0);
    INT_EQ(OBS.folded, 0);
    bfc_game_free(g);
}

static void test_classic__rules_3_9_crib_wars_board_data(void)
{
    /* the example layout: twelve holes, a valid board for 2 and 3 sides */
    bfc_rules r = mkrules(BFC_VARIANT_CLASSIC, 2, 0);
    INT_EQ(bfc_board_example(NULL), BFC_EINVAL);
    memset(&r.board, 0x5A, sizeof r.board);
    INT_EQ(bfc_board_example(&r.board), BFC_OK);
    INT_EQ(r.board.n, 12);
    INT_EQ(r.board.reserved[0], 0);
    INT_EQ(r.board.hole[12].at, 0); /* the rest is zero */
    int kinds[5] = {0};
    for (int i = 0; i < r.board.n; i++)
        kinds[r.board.hole[i].kind]++;
    CHECK(kinds[BFC_HOLE_RED_SKIP] == 3 && kinds[BFC_HOLE_TIME_TRAP] == 4 &&
          kinds[BFC_HOLE_PENALTY_BOX] == 3 && kinds[BFC_HOLE_GREEN_ADVANCE] == 2);
    INT_EQ(bfc_rules_check(&r), BFC_OK);
    STR_EQ(bfc_hole_kind_name(BFC_HOLE_RED_SKIP), "red skip");
    STR_EQ(bfc_hole_kind_name(BFC_HOLE_TIME_TRAP), "time trap");
    STR_EQ(bfc_hole_kind_name(BFC_HOLE_PENALTY_BOX), "penalty box");
    STR_EQ(bfc_hole_kind_name(BFC_HOLE_GREEN_ADVANCE), "green advance");
    STR_EQ(bfc_hole_kind_name(0), "?");
    STR_EQ(bfc_hole_kind_name(5), "?");

    /* which games may have a board: the classic games with 2 or 3 sides */
    static const struct {
        int variant, players, teams, ok;
    } games[] = {{BFC_VARIANT_CLASSIC, 2, 0, 1},   {BFC_VARIANT_CLASSIC, 3, 0, 1},
                 {BFC_VARIANT_CLASSIC, 4, 1, 1},   {BFC_VARIANT_CLASSIC, 6, 1, 1},
                 {BFC_VARIANT_FIVE_CARD, 2, 0, 1}, {BFC_VARIANT_NODDY, 3, 0, 1},
                 {BFC_VARIANT_NODDY, 4, 1, 1},     {BFC_VARIANT_NODDY, 4, 0, 0},
                 {BFC_VARIANT_NODDY, 5, 0, 0},     {BFC_VARIANT_NODDY, 6, 0, 0},
                 {BFC_VARIANT_SOLITAIRE, 1, 0, 0}, {BFC_VARIANT_BATTLEFIELD, 2, 0, 0}};
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        bfc_rules q;
        bfc_rules_init_variant(&q, games[i].variant);
        q.players = games[i].players;
        q.teams = games[i].teams;
        INT_EQ(bfc_rules_check(&q), BFC_OK);
        bfc_board_example(&q.board);
        INT_EQ(bfc_rules_check(&q), games[i].ok ? BFC_OK : BFC_EINVAL);
    }

    /* every board the rules of a board refuse */
    static const char *const bad[] = {
        "12:r:12",          /* a red skip goes forward */
        "12:r:3",           "12:g:12", /* so does a green advance */
        "12:t:12",          /* a trap goes somewhere */
        "12:r:15 15:g:20",  /* a target is never special */
        "12:t:20 20:b:0",   "20:r:30 12:t:1", /* ascending */
        "12:r:15 12:g:20",  /* once each */
        "0:r:3",            /* hole 0 is the start */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        r.board = board_of(bad[i]);
        if (bfc_rules_check(&r) != BFC_EINVAL)
            fprintf(stderr, "board \"%s\" accepted\n", bad[i]);
        INT_EQ(bfc_rules_check(&r), BFC_EINVAL);
        int st = 0;
        CHECK(bfc_game_new(&r, 1, &st) == NULL && st == BFC_EINVAL);
    }
    r.board = board_of("30:b:0");
    INT_EQ(bfc_rules_check(&r), BFC_OK);
    r.board.hole[0].to = 1; /* a box sends nowhere */
    INT_EQ(bfc_rules_check(&r), BFC_EINVAL);
    r.board = board_of("30:b:0");
    r.board.hole[0].kind = 5;
    INT_EQ(bfc_rules_check(&r), BFC_EINVAL);
    r.board = board_of("30:b:0");
    r.board.reserved[1] = 1;
    INT_EQ(bfc_rules_check(&r), BFC_EINVAL);
    r.board = board_of("30:b:0");
    r.board.hole[5].at = 7; /* past n: must be zero */
    INT_EQ(bfc_rules_check(&r), BFC_EINVAL);
    r.board = board_of("");
    r.board.hole[0].kind = 1;
    INT_EQ(bfc_rules_check(&r), BFC_EINVAL);
    bfc_board_example(&r.board);
    r.board.n = BFC_BOARD_MAX + 1;
    INT_EQ(bfc_rules_check(&r), BFC_EINVAL);
    /* the largest board: 16 holes up to 255 */
    memset(&r.board, 0, sizeof r.board);
    for (int i = 0; i < BFC_BOARD_MAX; i++) {
        r.board.hole[i].at = (uint8_t)(240 + i);
        r.board.hole[i].kind = BFC_HOLE_PENALTY_BOX;
    }
    r.board.n = BFC_BOARD_MAX;
    INT_EQ(bfc_rules_check(&r), BFC_OK);

    /* games of different boards are different rules */
    bfc_rules a = mkrules(BFC_VARIANT_CLASSIC, 2, 0), b = a;
    b.board = board_of("30:b:0");
    bfc_game *ga = bfc_game_new(&a, 1, NULL), *gb = bfc_game_new(&b, 1, NULL);
    INT_EQ(bfc_game_copy(ga, gb), BFC_EINVAL);
    bfc_game_free(ga);

    /* the board and box lines of a save */
    char text[TEXT_MAX], edit[TEXT_MAX];
    snprintf(text, sizeof text, "%s", save_text(gb));
    CHECK(strstr(text, "\nboard 30:3:0\nrng ") != NULL);
    static const struct {
        const char *key, *line;
        int rc;
    } edits[] = {
        {"board", "board", BFC_EPARSE},
        {"board", "board 30:3", BFC_EPARSE},
        {"board", "board 30:3:0:1", BFC_EPARSE},
        {"board", "board 30::0", BFC_EPARSE},
        {"board", "board 30:3:256", BFC_EPARSE},
        {"board", "board 30:3:0 ", BFC_EPARSE},
        {"board", "board 30:3:1", BFC_ESTATE},       /* the rules refuse it */
        {"board", "board 30:3:0 20:3:0", BFC_ESTATE}, /* not ascending */
        {"box", "box 0 0 4", BFC_ESTATE},             /* only 3 sides sit in a box */
        {"box", "box 1 - 0", BFC_ESTATE},             /* folded: no one has landed */
        {"box", "box 0 - 1", BFC_ESTATE},
        {"box", "box 0 -", BFC_EPARSE},
        {"box", "box 0 - 5", BFC_EPARSE},
        {"box", "box 64 - 0", BFC_EPARSE},
    };
    for (size_t i = 0; i < sizeof edits / sizeof *edits; i++) {
        snprintf(edit, sizeof edit, "%s", text);
        CHECK(set_line(edit, sizeof edit, edits[i].key, edits[i].line) == 0);
        bfc_game *h = NULL;
        const int rc = bfc_game_load(&h, edit);
        if (rc != edits[i].rc)
            fprintf(stderr, "\"%s\": %s\n", edits[i].line, bfc_strerror(rc));
        INT_EQ(rc, edits[i].rc);
        CHECK(h == NULL);
    }
    /* without the board line the box line is out of place; without the
     * box line the save is cut short */
    snprintf(edit, sizeof edit, "%s", text);
    char *line = strstr(edit, "\nboard ");
    if (line)
        memmove(line, strchr(line + 1, '\n'), strlen(strchr(line + 1, '\n')) + 1);
    INT_EQ(bfc_game_load(&gb, edit), BFC_EPARSE);
    snprintf(edit, sizeof edit, "%s", text);
    line = strstr(edit, "\nbox ");
    if (line)
        line[1] = 0;
    bfc_game *h = NULL;
    INT_EQ(bfc_game_load(&h, edit), BFC_EPARSE);
    bfc_game_free(gb);
}

static void test_classic__d20_a_go_owed_after_a_fold_under_muggins(void)
{
    /* Issue 38's first save (found by a referee replaying games against
     * RULES): two players under muggins on the example board. Seat 1 laid
     * QC to 26 (no points; seat 0 could lay 2H next, so nothing more was
     * owed) and declared 1; seat 0 claims. The truth is 0: seat 1 pegs 0,
     * seat 0 the 1 over, 34 -> 35, a penalty box: seat 0 folds and goes
     * back 20 (15), seat 1 ahead 20 (5 -> 25). Now seat 1 (6H TH on 26)
     * cannot lay and seat 0 has folded: no one lays, and the go that
     * leaves owed goes at once, undeclared, to seat 1, who laid the last
     * card (D20): 26. Then the count resets and seat 1 leads. (Before
     * D20 the go was never pegged: 15-25.) */
    static const char save[] =
        "bfc-game 3\n"
        "rules 1 2 0 121 0 -1 0 256 0 0 0\n"
        "board 12:1:15 27:2:20 35:3:0 44:4:49 52:1:55 63:2:57 75:3:0 86:2:79 92:1:95 98:4:104 "
        "107:2:101 115:3:0\n"
        "rng 7e6d4bb2dd2ab4aa 171ea34dc4da1d88 98c115644ecb579c f1e6e6808393e5f4\n"
        "deal 8 0 0 2 42 26 1 3 0 0 0 1 1 0 2 0 0 0\n"
        "score 34 5\n"
        "over 0 - -\n"
        "cut JC 3D\n"
        "hand 0 2H 4C 7C\n"
        "hand 1 6H TH\n"
        "played 0 9S\n"
        "played 1 7S QC\n"
        "thrown 0 4D QS\n"
        "thrown 1 TS JH\n"
        "crib TS JH 4D QS\n"
        "seq 7S 9S QC\n"
        "starter JS\n"
        "deck 2D 4H 4S 5C 5D 5H 5S 6C 6D 3D 6S AD 7D 7H AH 8C 8D 8H 8S 9C 9D 9H AS TC TD AC 3H "
        "JC JD 2C 2S 3C QD QH 3S KC KD KH KS\n"
        "gone\n"
        "first -\n"
        "goes 0 0\n"
        "box 0 - 0\n";
    bfc_game *g = loaded(save);
    if (!g)
        return;
    INT_EQ(bfc_game_phase(g), BFC_PHASE_CLAIM);
    INT_EQ(bfc_game_to_move(g), 0);
    STR_EQ(play(g, "claim"), "claim 0 1, score 0 muggins muggins:1 =35, board 0 box 35 =15, "
                             "board 1 ahead 20 =25, score 1 go go:1 =26, reset");
    STR_EQ(scores(g), "15 26");
    INT_EQ(bfc_game_to_move(g), 1);
    INT_EQ(bfc_game_phase(g), BFC_PHASE_PLAY);
    bfc_game_free(g);

    /* the go it leaves owed is lost when the layer's own side folded: the
     * deal of 3.1 under muggins, seat 0 (28) declares TS's pair (2) to
     * 30, a box (back to 10; seat 1 ahead 20 to 74). It was to lay 6H
     * next; now no one can lay on 25 and the go is seat 0's, folded: lost
     * (as without muggins: d19_two_sides_a_box_folds_the_deal) */
    table t = two_table(121, BFC_RULE_MUGGINS, "28 50", "JH");
    t.rules.board = board_of("30:b:0");
    g = table_game(&t);
    if (!g)
        return;
    static const char *const to_ts[] = {"discard AS 2S", "discard 3S QS", "play 5C", "declare 0",
                                        "pass",          "play TD",       "declare 2", "pass",
                                        NULL};
    INT_EQ(play_all(g, to_ts), 0);
    STR_EQ(play(g, "play TS"), "play 0 TS =25, go 1");
    STR_EQ(play(g, "declare 2"), "declare 0 2");
    STR_EQ(play(g, "pass"), "claim 1 0, score 0 play declared:2 =30, board 0 box 30 =10, "
                            "board 1 ahead 20 =74, lost 0 go 1, reset");
    INT_EQ(bfc_game_to_move(g), 1);
    bfc_game_free(g);

    /* the last card: seat 0 lays its last card, 8S (15), and declares 3;
     * seat 1, to lay 9C next, claims the 1 over: seat 0 pegs the 2 (6),
     * seat 1 the 1 (29 -> 30), a box: back to 10, seat 0 ahead 20 (26).
     * Seat 1's cards are folded and seat 0 has none: the play is over,
     * and seat 0 pegs the last card (27) */
    t = two_table(121, BFC_RULE_MUGGINS, "0 25", "JH");
    t.rules.board = board_of("30:b:0");
    g = table_game(&t);
    if (!g)
        return;
    static const char *const to_8s[] = {
        "discard AS 2S", "discard 3S QS", "play 5C", "declare 0", "pass", "play TD",
        "declare 2",     "pass",          "play TS", "declare 2", "pass", "play 6H",
        "declare 2",     "pass",          "play 7D", "declare 0", "pass", NULL};
    INT_EQ(play_all(g, to_8s), 0);
    STR_EQ(scores(g), "4 29");
    STR_EQ(play(g, "play 8S"), "play 0 8S =15");
    STR_EQ(play(g, "declare 3"), "declare 0 3");
    STR_EQ(play(g, "claim"), "claim 1 1, score 0 play declared:2 =6, score 1 muggins muggins:1 =30, "
                             "board 1 box 30 =10, board 0 ahead 20 =26, score 0 play last:1 =27, "
                             "endplay, show 0 hand 4");
    INT_EQ(bfc_game_phase(g), BFC_PHASE_DECLARE);
    INT_EQ(bfc_game_to_move(g), 0);
    bfc_game_free(g);
}

/* D20: a board move that takes a side to its target wins at once; after a
 * red skip, time trap or green advance the player whose award landed on
 * that hole scored the winning point (D15: deals the next game); after
 * ahead 20 or a move out of the box, the side's lowest-numbered seat (out
 * of the box: rules_3_9_crib_wars_sitting_out). */
static void test_classic__d20_the_winning_point_of_a_board_move(void)
{
    /* Issue 38's second save: four players in teams (seats 1 and 3 are
     * side 1, on 111), seat 1 to lay its last card, 9C. Its last card is
     * 1 (112); the show from the dealer's (seat 1's) left: seat 2's 4 for
     * side 0 (37), then seat 3's 6, 112 -> 118, a red skip to 130, past
     * the target: side 1 wins, and the player whose count landed on the
     * red hole, seat 3, scored the winning point (D20, D15: seat 3 deals
     * the next game). Before D20: seat 1, the side's number. */
    static const char save[] =
        "bfc-game 3\n"
        "rules 1 4 1 121 0 -1 0 0 0 0 0\n"
        "board 3:3:0 8:2:2 15:2:40 23:1:26 43:3:0 44:2:30 45:3:0 63:4:70 83:3:0 84:1:88 104:1:106 "
        "110:4:125 118:1:130 120:3:0\n"
        "rng 7f038e2b3bb2f68d ab94224ddb0a662e 16f5b7cbecb22838 ba52d70803d8b761\n"
        "deal 6 1 1 5 97 0 0 15 0 0 0 - - - - 0 - 0\n"
        "score 33 111\n"
        "over 0 - -\n"
        "cut 7S 2D JD QC\n"
        "hand 0\n"
        "hand 1 9C\n"
        "hand 2\n"
        "hand 3\n"
        "played 0 AD 2H 8D KH\n"
        "played 1 3S 6C JS\n"
        "played 2 2C 8C 9H 9S\n"
        "played 3 2S 4H 4S 7S\n"
        "thrown 0 TH\n"
        "thrown 1 6S\n"
        "thrown 2 3D\n"
        "thrown 3 5C\n"
        "crib 3D 5C TH 6S\n"
        "seq\n"
        "starter 8H\n"
        "deck 6D 6H AS 7C 7D 7H 5D AC 5H 4D 8S 2D 9D 4C 3C TC TD AH TS JC JD JH 5S QC QD QH QS "
        "KC KD 3H KS\n"
        "gone\n"
        "first -\n"
        "goes 0 8 0 0\n"
        "box 0 - 0\n";
    bfc_game *g = loaded(save);
    if (!g)
        return;
    INT_EQ(bfc_game_to_move(g), 1);
    STR_EQ(play(g, "play 9C"),
           "play 1 9C =9, score 1 play last:1 =112, endplay, show 2 hand 4, "
           "score 2 hand pair:2 pair:2 =37, show 3 hand 6, score 3 hand 15:2 15:2 pair:2 =118, "
           "board 1 red 118 =130, over 3 side 1 value 1");
    STR_EQ(scores(g), "37 130");
    INT_EQ(bfc_game_winner(g), 1);
    INT_EQ(bfc_game_winning_seat(g), 3);
    INT_EQ(bfc_game_next(g), BFC_OK); /* D15: the winning point's player deals */
    INT_EQ(observe(g, 0)->dealer, 3);
    bfc_game_free(g);

    /* six players in teams, a green advance: seat 4 (side 1, on 117)
     * lays 7C to 15 after AD 3H 4S, 2 points, lands on the green advance
     * at 119 and follows it to 125: seat 4 scored the winning point.
     * Both other sides lose: a value of 2 (RULES 5). */
    table t;
    memset(&t, 0, sizeof t);
    t.rules = mkrules(BFC_VARIANT_CLASSIC, 6, 0);
    t.rules.board = board_of("119:g:125");
    t.score = "0 117 0";
    t.hand[0] = "AC 2C 3C 4C 6C";
    t.hand[1] = "5H AD 2D 3D 4D";
    t.hand[2] = "5D AH 2H 3H 4H";
    t.hand[3] = "AS 2S 3S 4S 6S";
    t.hand[4] = "5S 7C 7D 7H 7S";
    t.hand[5] = "5C 8C 8D 8H 8S";
    t.top = "JD";
    t.truth = -1;
    g = table_game(&t);
    if (!g)
        return;
    static const char *const six[] = {"discard 5H", "discard 5D", "discard 6S", "discard 5S",
                                      "discard 5C", "discard 6C", "play AD",    "play 3H",
                                      "play 4S",    NULL};
    INT_EQ(play_all(g, six), 0);
    STR_EQ(play(g, "play 7C"),
           "play 4 7C =15, score 4 play 15:2 =119, board 1 green 119 =125, over 4 side 1 value 2");
    INT_EQ(bfc_game_winner(g), 1);
    INT_EQ(bfc_game_winning_seat(g), 4);
    bfc_game_free(g);

    /* ahead 20 to the target is the side's lowest-numbered seat's: four
     * in teams, seat 2 (side 0, on 29) pegs the go for AH into the box at
     * 30 (back to 10) and side 1 goes ahead 20 from 101 to 121: seat 1,
     * not seat 3 nor the lander, scored the winning point */
    memset(&t, 0, sizeof t);
    t.rules = mkrules(BFC_VARIANT_CLASSIC, 4, 3);
    t.rules.board = board_of("30:b:0");
    t.score = "29 101";
    t.hand[0] = "KC 5D 6D 6S JS";
    t.hand[1] = "QC 5C 7C KH 2S";
    t.hand[2] = "9C AH 6H 8H TS";
    t.hand[3] = "5S 4H 9D QD AS";
    t.top = "3C";
    t.truth = -1;
    g = table_game(&t);
    if (!g)
        return;
    static const char *const four[] = {"discard JS", "discard 2S", "discard TS", "discard AS",
                                       "play KC",    "play QC",    "play 9C",    NULL};
    INT_EQ(play_all(g, four), 0);
    STR_EQ(play(g, "play AH"), "play 2 AH =30, score 2 go go:1 =30, board 0 box 30 =10, "
                               "board 1 ahead 20 =121, over 1 side 1 value 1");
    INT_EQ(bfc_game_winning_seat(g), 1);
    bfc_game_free(g);
}

static void test_classic__rules_3_9_heels_near_the_end(void)
{
    /* RULES 3.1 heels: 2 to the dealer (seat 1) for the jack starter, at
     * once (a win at 119 or 120). RULES 3.9 / BFC_RULE_NO_LATE_HEELS: none within
     * the last 3 holes, from target - 3 on (118, 119, 120 for 121; 58..60
     * for 61); target - 4 still pegs. */
    static const struct {
        int target, dealer_score;
        unsigned flags;
        const char *events;
    } cases[] = {
        {121, 117, 0, "score 1 heels heels:2 =119"},
        {121, 118, 0, "score 1 heels heels:2 =120"},
        {121, 119, 0, "score 1 heels heels:2 =121, over 1 side 1 value 1"},
        {121, 120, 0, "score 1 heels heels:2 =122, over 1 side 1 value 1"},
        {121, 117, BFC_RULE_NO_LATE_HEELS, "score 1 heels heels:2 =119"},
        {121, 118, BFC_RULE_NO_LATE_HEELS, ""},
        {121, 119, BFC_RULE_NO_LATE_HEELS, ""},
        {121, 120, BFC_RULE_NO_LATE_HEELS, ""},
        {61, 57, BFC_RULE_NO_LATE_HEELS, "score 1 heels heels:2 =59"},
        {61, 58, BFC_RULE_NO_LATE_HEELS, ""},
        {61, 60, BFC_RULE_NO_LATE_HEELS, ""},
        {61, 59, 0, "score 1 heels heels:2 =61, over 1 side 1 value 1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char score[32], want[256];
        snprintf(score, sizeof score, "10 %d", cases[i].dealer_score);
        table t = two_table(cases[i].target, cases[i].flags, score, "JH");
        bfc_game *g = table_game(&t);
        if (!g)
            continue;
        two_moves(g, 1);
        snprintf(want, sizeof want, "discard 1 3S, discard 1 QS, starter 0 JH%s%s",
                 cases[i].events[0] ? ", " : "", cases[i].events);
        if (!STR_EQ(play(g, "discard 3S QS"), want))
            fprintf(stderr, "  case %zu\n", i);
        bfc_game_free(g);
    }
}

/* Under muggins (D12) every card laid is declared and claimed or passed
 * on: the discards, then each card of the play of 3.1 with its true count
 * declared and let stand (passed), to the show. */
static int muggins_to_the_show(bfc_game *g)
{
    static const char *const moves[] = {
        "discard AS 2S", "discard 3S QS", "play 5C", "declare 0", "pass", "play TD",
        "declare 2",     "pass",          "play TS", "declare 2", "pass", "play 6H",
        "declare 2",     "pass",          "play 7D", "declare 0", "pass", "play 8S",
        "declare 2",     "pass",          "play 9C", "declare 4", "pass", NULL};
    return play_all(g, moves);
}

static void test_classic__rules_3_9_muggins_show(void)
{
    /* RULES 3.9 muggins on the deal of 3.1, its play declared honestly
     * (D12). After each declaration the opponents from the declarer's left
     * claim or pass (bfc.h Moves). Seat 0 declares its 4 exactly, seat 1
     * claims: nothing to take, the 4 stands; seat 1 declares 2 for its 3,
     * seat 0 passes: the 2 stands; the crib's 7 declared as 9 and claimed:
     * seat 1 pegs the true 7, seat 0 the 2 over. Seat 0 = 6 + 4 + 2 = 12,
     * seat 1 = 9 + 2 + 7 = 18. */
    table t = two_table(121, BFC_RULE_MUGGINS, "0 0", "JH");
    bfc_game *g = table_game(&t);
    if (!g)
        return;
    INT_EQ(muggins_to_the_show(g), 0);
    STR_EQ(play(g, "play KC"), "play 1 KC =10");
    STR_EQ(play(g, "declare 1"), "declare 1 1");
    STR_EQ(play(g, "pass"), "claim 0 0, score 1 play declared:1 =9, endplay, show 0 hand 4");
    INT_EQ(bfc_game_phase(g), BFC_PHASE_DECLARE);
    INT_EQ(bfc_game_to_move(g), 0);
    INT_EQ(bfc_game_legal_moves(g, NULL, 0), 30); /* declare 0..29 (D18) */
    {
        const bfc_observation *o = observe(g, 1);
        INT_EQ(o->declarer, 0);
        INT_EQ(o->counting, 0);
        INT_EQ(o->judged, set_of("5C TS 6H 8S"));
        INT_EQ(o->shown[0], set_of("5C TS 6H 8S"));
        INT_EQ(o->shown[1], 0);
        bfc_move L[BFC_MAX_MOVES];
        INT_EQ(bfc_observation_legal_moves(o, L, BFC_MAX_MOVES), 30);
    }
    STR_EQ(play(g, "declare 4"), "declare 0 4");
    INT_EQ(bfc_game_phase(g), BFC_PHASE_CLAIM);
    INT_EQ(bfc_game_to_move(g), 1);
    STR_EQ(legal(g), "claim, pass");
    INT_EQ(observe(g, 0)->declared, 4);
    STR_EQ(play(g, "claim"), "claim 1 0, score 0 hand declared:4 =10, show 1 hand 3");
    INT_EQ(bfc_game_to_move(g), 1);
    STR_EQ(play(g, "declare 2"), "declare 1 2");
    INT_EQ(bfc_game_to_move(g), 0);
    STR_EQ(play(g, "pass"), "claim 0 0, score 1 hand declared:2 =11, show 1 crib 7");
    INT_EQ(bfc_game_to_move(g), 1);
    INT_EQ(observe(g, 0)->counting, 1);
    INT_EQ(observe(g, 0)->judged, set_of("AS 2S 3S QS"));
    INT_EQ(observe(g, 0)->crib_cards, set_of("AS 2S 3S QS"));
    STR_EQ(play(g, "declare 9"), "declare 1 9");
    INT_EQ(bfc_game_to_move(g), 0);
    STR_EQ(play(g, "claim"),
           "claim 0 2, score 1 crib declared:7 =18, score 0 muggins muggins:2 =12, deal 0 6");
    STR_EQ(scores(g), "12 18");
    bfc_game_free(g);
}

static void test_classic__rules_3_9_D12_muggins_in_the_play(void)
{
    /* D12 (seed 002: a score overlooked "whether in his hand or in play";
     * seed 003: "while counting their hand or pegging"): the player who lays
     * a card declares what it scores, the go or last card it earns
     * included, and the opponent claims what was missed or over-counted.
     * The deal of 3.1; the dealer's heels are pegged as usual. */
    table t = two_table(121, BFC_RULE_MUGGINS, "0 0", "JH");
    bfc_game *g = table_game(&t);
    if (!g)
        return;
    STR_EQ(play(g, "discard AS 2S"), "discard 0 AS, discard 0 2S");
    STR_EQ(play(g, "discard 3S QS"),
           "discard 1 3S, discard 1 QS, starter 0 JH, score 1 heels heels:2 =2");
    /* a card that scores nothing is declared too (being asked tells nothing) */
    STR_EQ(play(g, "play 5C"), "play 0 5C =5");
    INT_EQ(bfc_game_phase(g), BFC_PHASE_DECLARE);
    INT_EQ(bfc_game_to_move(g), 0);
    {
        const bfc_observation *o = observe(g, 1);
        INT_EQ(o->counting, 2);
        INT_EQ(o->judged, set_of("5C"));
        INT_EQ(o->owed, 0);
    }
    STR_EQ(play(g, "declare 0"), "declare 0 0");
    STR_EQ(play(g, "pass"), "claim 1 0");
    INT_EQ(bfc_game_phase(g), BFC_PHASE_PLAY);
    INT_EQ(bfc_game_to_move(g), 1);
    /* the fifteen overlooked: declared 0, claimed: the claimer pegs the 2 */
    STR_EQ(play(g, "play TD"), "play 1 TD =15");
    STR_EQ(play(g, "declare 0"), "declare 1 0");
    STR_EQ(play(g, "claim"), "claim 0 2, score 0 muggins muggins:2 =2");
    STR_EQ(scores(g), "2 2");
    /* the pair: the dealer cannot go on 25, so it says go before seat 0
       declares; seat 0 can still lay, so no go is owed yet */
    STR_EQ(play(g, "play TS"), "play 0 TS =25, go 1");
    INT_EQ(observe(g, 1)->owed, 0);
    STR_EQ(play(g, "declare 2"), "declare 0 2");
    STR_EQ(play(g, "pass"), "claim 1 0, score 0 play declared:2 =4");
    INT_EQ(bfc_game_to_move(g), 0);
    /* 31 over-counted as 3: the declarer pegs the true 2, the claimer the 1
       over; then the count resets and the dealer leads */
    STR_EQ(play(g, "play 6H"), "play 0 6H =31");
    STR_EQ(play(g, "declare 3"), "declare 0 3");
    STR_EQ(play(g, "claim"), "claim 1 1, score 0 play declared:2 =6, score 1 muggins muggins:1 =3, "
                             "reset");
    INT_EQ(bfc_game_to_move(g), 1);
    STR_EQ(play(g, "play 7D"), "play 1 7D =7");
    STR_EQ(play(g, "declare 0"), "declare 1 0");
    STR_EQ(play(g, "pass"), "claim 0 0");
    STR_EQ(play(g, "play 8S"), "play 0 8S =15");
    STR_EQ(play(g, "declare 2"), "declare 0 2");
    STR_EQ(play(g, "pass"), "claim 1 0, score 0 play declared:2 =8");
    /* the run of 3 and the go it earns (KC cannot go, seat 0 has no card):
       one count of 4, declared as 3 and claimed: the go's point missed */
    STR_EQ(play(g, "play 9C"), "play 1 9C =24");
    INT_EQ(observe(g, 0)->owed, 1);
    STR_EQ(play(g, "declare 3"), "declare 1 3");
    STR_EQ(play(g, "claim"), "claim 0 1, score 1 play declared:3 =6, score 0 muggins muggins:1 =9, "
                             "reset");
    /* the last card: declared 1, passed; then the show is declared */
    STR_EQ(play(g, "play KC"), "play 1 KC =10");
    INT_EQ(observe(g, 0)->owed, 1);
    STR_EQ(play(g, "declare 1"), "declare 1 1");
    STR_EQ(play(g, "pass"), "claim 0 0, score 1 play declared:1 =7, endplay, show 0 hand 4");
    STR_EQ(scores(g), "9 7");
    bfc_game_free(g);
}

/* D12 and seed 003 "the first person to call muggins": with three players
 * both opponents are asked in turn, from the declarer's left, until one
 * claims. */
static void test_classic__rules_3_9_D12_any_opponent_claims(void)
{
    bfc_rules r = mkrules(BFC_VARIANT_CLASSIC, 3, 0);
    r.flags = BFC_RULE_MUGGINS;
    bfc_game *g = bfc_game_new(&r, 5, NULL);
    if (!CHECK(g != NULL))
        return;
    uint64_t rng = 1;
    int asked_second = 0, second_claims = 0, all_passed = 0;
    while (!bfc_game_over(g) && bfc_game_phase(g) != BFC_PHASE_DECLARE) {
        bfc_observation o;
        bfc_move m;
        bfc_game_observe(g, bfc_game_to_move(g), &o);
        bfc_bot_random(&o, &rng, &m);
        if (m >= BFC_MOVE_DECLARE)
            break;
        bfc_game_apply(g, m, NULL, 0, NULL);
    }
    /* from the first declaration on: declare one too many, the first asked
       passes, the second claims the point over */
    if (CHECK(bfc_game_phase(g) == BFC_PHASE_DECLARE)) {
        const int d = bfc_game_to_move(g);
        bfc_game *h = bfc_game_clone(g);
        /* the true count: the declaration a claim finds nothing wrong with */
        int honest = -1;
        for (int k = 0; k < 32 && honest < 0; k++) {
            bfc_game_copy(h, g);
            bfc_game_apply(h, (bfc_move)(BFC_MOVE_DECLARE + (unsigned)k), NULL, 0, NULL);
            NEV = 0;
            bfc_game_apply(h, BFC_MOVE_CLAIM, EV, BFC_MAX_EVENTS, &NEV);
            if (NEV > 0 && EV[0].type == BFC_EV_CLAIM && EV[0].points == 0)
                honest = k;
        }
        if (CHECK(honest >= 0 && honest < 31)) {
            bfc_game_copy(h, g);
            bfc_game_apply(h, (bfc_move)(BFC_MOVE_DECLARE + (unsigned)honest + 1u), NULL, 0,
                           NULL);
            const int first = bfc_game_to_move(h);
            INT_EQ(first, (d + 1) % 3);
            NEV = 0;
            bfc_game_apply(h, BFC_MOVE_PASS, EV, BFC_MAX_EVENTS, &NEV);
            INT_EQ(NEV, 1); /* the pass: nothing pegged yet */
            INT_EQ(EV[0].type, BFC_EV_CLAIM);
            const int second = bfc_game_to_move(h);
            INT_EQ(second, (d + 2) % 3);
            asked_second = second == (d + 2) % 3;
            NEV = 0;
            bfc_game_apply(h, BFC_MOVE_CLAIM, EV, BFC_MAX_EVENTS, &NEV);
            CHECK(NEV >= 2 && EV[0].type == BFC_EV_CLAIM && EV[0].seat == second &&
                  EV[0].points == 1);
            for (size_t i = 0; i < NEV; i++)
                second_claims |= EV[i].type == BFC_EV_SCORE && EV[i].seat == second &&
                                 EV[i].source == BFC_SRC_MUGGINS && EV[i].points == 1;
            /* both pass: the declared count stands */
            bfc_game_copy(h, g);
            bfc_game_apply(h, (bfc_move)(BFC_MOVE_DECLARE + (unsigned)honest + 1u), NULL, 0,
                           NULL);
            bfc_game_apply(h, BFC_MOVE_PASS, NULL, 0, NULL);
            NEV = 0;
            bfc_game_apply(h, BFC_MOVE_PASS, EV, BFC_MAX_EVENTS, &NEV);
            for (size_t i = 0; i < NEV; i++)
                all_passed |= EV[i].type == BFC_EV_SCORE && EV[i].seat == d &&
                              EV[i].item.kind == BFC_ITEM_DECLARED &&
                              EV[i].points == honest + 1;
        }
        bfc_game_free(h);
    }
    CHECK(asked_second && second_claims && all_passed);
    bfc_game_free(g);
}

/* ===========================================================================
 * RULES 5: game values on finished classic games; 3.7 backward
 * ======================================================================== */

/* The deal of 3.1 with seat 0 at 111 (it wins in the show with 121) and the
 * dealer at `dealer` (it ends on dealer + 9); returns the GAME_OVER event's
 * value after checking it against bfc_game_value, or -1. */
static int two_value(int value, unsigned flags, int dealer, int *winner)
{
    char score[32];
    snprintf(score, sizeof score, "111 %d", dealer);
    table t = two_table(121, flags, score, "JH");
    t.rules.value = value;
    bfc_game *g = table_game(&t);
    if (!g)
        return -1;
    two_moves(g, 9);
    bfc_game_apply(g, M("play KC"), EV, BFC_MAX_EVENTS, &NEV);
    int v = -1;
    if (CHECK(NEV > 0 && EV[NEV - 1].type == BFC_EV_GAME_OVER) &&
        INT_EQ(EV[NEV - 1].points, bfc_game_value(g)))
        v = EV[NEV - 1].points;
    *winner = bfc_game_winner(g);
    INT_EQ(bfc_game_winning_seat(g), *winner);
    int s[2];
    bfc_game_scores(g, s, 2);
    INT_EQ(s[0], 121);
    INT_EQ(s[1], dealer + 9);
    bfc_game_free(g);
    return v;
}

static void test_classic__rules_5_game_values(void)
{
    /* RULES 5 on a classic game won with 121 against the loser's score
     * L = dealer + 9. Skunk: L < 91 is 2, L < 61 is 4; margin: 121 - L >= 31
     * is 2, >= 61 is 4; lurch: L < 60.5 (half of 121) is 2. */
    static const struct {
        int value, loser, want;
    } cases[] = {
        {BFC_VALUE_PLAIN, 9, 1},   {BFC_VALUE_PLAIN, 91, 1},  {BFC_VALUE_SKUNK, 9, 4},
        {BFC_VALUE_SKUNK, 60, 4},  {BFC_VALUE_SKUNK, 61, 2},  {BFC_VALUE_SKUNK, 90, 2},
        {BFC_VALUE_SKUNK, 91, 1},  {BFC_VALUE_MARGIN, 9, 4},  {BFC_VALUE_MARGIN, 60, 4},
        {BFC_VALUE_MARGIN, 61, 2}, {BFC_VALUE_MARGIN, 90, 2}, {BFC_VALUE_MARGIN, 91, 1},
        {BFC_VALUE_LURCH, 9, 2},   {BFC_VALUE_LURCH, 60, 2},  {BFC_VALUE_LURCH, 61, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int w = -9;
        const int v = two_value(cases[i].value, 0, cases[i].loser - 9, &w);
        if (v != cases[i].want)
            fprintf(stderr, "  value %d, loser %d\n", cases[i].value, cases[i].loser);
        INT_EQ(v, cases[i].want);
        INT_EQ(w, 0);
    }
    /* three players (RULES 5; seed 003 skunks "you or your opponent(s)"):
     * each loser judged on its own score, the winner takes the sum; the
     * options pay only the best or the worst loser. Seat 1 (114) wins on
     * its hand, counted first: 114 + 3 (play) + 4 = 121; seat 2 ends on
     * its score + 2, the dealer on its score + 5 (the play of 3.2). */
    static const struct {
        int b, d;
        unsigned flags;
        int want;
    } three[] = {{40, 85, 0, 6}, /* seat 2 on 42: 4, dealer on 90: 2 */
                 {89, 10, 0, 5}, /* 91: 1, 15: 4 */
                 {0, 50, 0, 8},  {58, 40, 0, 8}, {59, 40, 0, 6},
                 {40, 85, BFC_RULE_PAY_BEST_LOSER, 2}, {89, 10, BFC_RULE_PAY_BEST_LOSER, 1},
                 {59, 40, BFC_RULE_PAY_BEST_LOSER, 2}, {40, 85, BFC_RULE_PAY_WORST_LOSER, 4},
                 {89, 10, BFC_RULE_PAY_WORST_LOSER, 4}, {89, 89, BFC_RULE_PAY_WORST_LOSER, 1}};
    for (size_t i = 0; i < sizeof three / sizeof *three; i++) {
        char score[32];
        snprintf(score, sizeof score, "%d 114 %d", three[i].d, three[i].b);
        bfc_rules r = mkrules(BFC_VARIANT_CLASSIC, 3, 0);
        r.value = BFC_VALUE_SKUNK;
        r.flags = three[i].flags;
        table t;
        memset(&t, 0, sizeof t);
        t.rules = r;
        t.score = score;
        t.hand[0] = "5S TC 9H 8H 6S";
        t.hand[1] = "KH 2C 3D 9S AD";
        t.hand[2] = "QH 8C 7C 6C JC";
        t.crib = "4C";
        t.top = "5D";
        t.truth = -1;
        bfc_game *g = table_game(&t);
        if (!g)
            continue;
        static const char *const moves[] = {
            "discard AD", "discard JC", "discard 6S", "play KH", "play QH", "play 5S",
            "play 2C",    "play 3D",    "play 6C",    "play 9H", "play 9S", "play 7C",
            "play TC",    "play 8C",    NULL};
        INT_EQ(play_all(g, moves), 0);
        char want[256];
        snprintf(want, sizeof want,
                 "play 0 8H =26, score 0 play pair:2 last:1 =%d, endplay, show 1 hand 4, "
                 "score 1 hand 15:2 15:2 =121, over 1 side 1 value %d",
                 three[i].d + 5, three[i].want);
        STR_EQ(play(g, "play 8H"), want);
        bfc_game_free(g);
    }
}

/* ===========================================================================
 * RULES D17: captain's cribbage, sides playing to different targets
 * ======================================================================== */

/* RULES 5 and D17 written out on their own (tests/brute.c, not the
 * library's arithmetic), for a winner to won_target at won points and a
 * loser to lost_target at lost: the game value, and the match points of
 * the win against that loser. */
static int d17_value(int value, int won_target, int won, int lost_target, int lost)
{
    return brute_game_value(value, 0, lost, lost_target, won, won_target);
}

static int d17_match(int system, int value, int won_target, int won, int lost_target, int lost)
{
    return brute_match_points(system, 0, lost, lost_target,
                              d17_value(value, won_target, won, lost_target, lost));
}

/* A captain's deal (RULES 3.10 with 3.2; the captain, seat 0, deals and
 * plays to 61, seats 1 and 2 to 121) from the scores "captain team". The
 * play: the team pegs a go (1), a pair (2) and 31 (2), the captain 15 (2),
 * then a pair and the last card (3) with 8H, its last card; the show
 * follows in the same move: seat 1 (team) 4, seat 2 (team) 8, the
 * captain's hand 9 and crib 9. Plays the deal through 8H under the value
 * convention and match system; returns the GAME_OVER event's value
 * (checked against bfc_game_value and bfc_game_values), the winner in
 * *winner, the MATCH event's points in *match, the final scores in sc. */
static int captain_deal(int value, int system, int captain, int team, int *winner, int *match,
                        int sc[2])
{
    char score[32];
    snprintf(score, sizeof score, "%d %d", captain, team);
    table t;
    memset(&t, 0, sizeof t);
    t.rules = mkrules(BFC_VARIANT_CLASSIC, 3, 0);
    t.rules.flags = BFC_RULE_CAPTAIN;
    t.rules.value = value;
    t.rules.match = 1000;
    t.rules.match_points = system;
    t.score = score;
    t.hand[0] = "5S TC 9H 8H 6S";
    t.hand[1] = "KH 2C 3D 9S AD";
    t.hand[2] = "QH 8C 7C 6C JC";
    t.crib = "4C";
    t.top = "5D";
    t.truth = -1;
    bfc_game *g = table_game(&t);
    if (!g)
        return -1;
    static const char *const moves[] = {
        "discard AD", "discard JC", "discard 6S", "play KH", "play QH", "play 5S", "play 2C",
        "play 3D",    "play 6C",    "play 9H",    "play 9S", "play 7C", "play TC", "play 8C",
        NULL};
    int v = -1;
    *winner = *match = -1;
    if (play_all(g, moves) == 0 && bfc_game_over(g) == 0 &&
        bfc_game_apply(g, M("play 8H"), EV, BFC_MAX_EVENTS, &NEV) == BFC_OK) {
        for (size_t i = 0; i < NEV && i < BFC_MAX_EVENTS; i++) {
            if (EV[i].type == BFC_EV_GAME_OVER)
                v = EV[i].points;
            if (EV[i].type == BFC_EV_MATCH)
                *match = EV[i].points;
        }
        *winner = bfc_game_winner(g);
        INT_EQ(bfc_game_value(g), v);
        int per[2];
        INT_EQ(bfc_game_values(g, per, 2), 2);
        if (*winner >= 0)
            CHECK(per[*winner] == 0 && per[1 - *winner] == v);
        bfc_game_scores(g, sc, 2);
    }
    bfc_game_free(g);
    return v;
}

static void test_classic__d17_captains_values_on_each_sides_way_to_go(void)
{
    /* RULES D17, worked by hand on the deal of captain_deal(). The team
     * wins with seat 1's hand: from T (112..115) it has T + 5 after the
     * play and T + 9 after the hand; the captain, from C, ends on C + 5.
     * The captain wins with its last card of the play: from 56 it ends on
     * 61 (15 for 2, a pair and the last card), from 58 on 62 (the pair
     * wins, at once); the team from T on T + 5. */
    static const struct {
        int captain, team, value, want, winner;
        const char *why;
    } cases[] = {
        /* the team wins 121 against a captain on 5: 56 holes to go to 61,
           the team none: a margin of 56, a skunk (the raw difference,
           116, made it a double skunk) */
        {0, 112, BFC_VALUE_MARGIN, 2, 1, "team 121, captain 5: margin 56 - 0"},
        {25, 112, BFC_VALUE_MARGIN, 2, 1, "team 121, captain 30: margin 31"},
        {26, 112, BFC_VALUE_MARGIN, 1, 1, "team 121, captain 31: margin 30"},
        {55, 112, BFC_VALUE_MARGIN, 1, 1, "team 121, captain 60: margin 1"},
        /* the team's points past 121 count, as in the plain difference */
        {28, 115, BFC_VALUE_MARGIN, 2, 1, "team 124, captain 33: margin 28 + 3"},
        {29, 115, BFC_VALUE_MARGIN, 1, 1, "team 124, captain 34: margin 27 + 3"},
        /* the captain wins 61 against the team: the team's way to go to
           121 is the margin (the raw difference, 56 - T, made every
           captain's win worth 1 or 2) */
        {56, 0, BFC_VALUE_MARGIN, 4, 0, "captain 61, team 5: margin 116"},
        {56, 55, BFC_VALUE_MARGIN, 4, 0, "captain 61, team 60: margin 61"},
        {56, 56, BFC_VALUE_MARGIN, 2, 0, "captain 61, team 61: margin 60"},
        {56, 85, BFC_VALUE_MARGIN, 2, 0, "captain 61, team 90: margin 31"},
        {56, 86, BFC_VALUE_MARGIN, 1, 0, "captain 61, team 91: margin 30"},
        /* from 58 the captain's pair makes 62: it wins there, one past */
        {58, 57, BFC_VALUE_MARGIN, 2, 0, "captain 62, team 62: margin 59 + 1"},
        {58, 56, BFC_VALUE_MARGIN, 4, 0, "captain 62, team 61: margin 60 + 1"},
        /* ACC / seed 003 lines on the loser's own target: a captain is
           skunked below 61 - 30 = 31, double below 61 - 60 = 1 (never,
           here: it has 5 at least); the team below 91 and 61 */
        {0, 112, BFC_VALUE_SKUNK, 2, 1, "captain 5 of 61"},
        {25, 112, BFC_VALUE_SKUNK, 2, 1, "captain 30 of 61"},
        {26, 112, BFC_VALUE_SKUNK, 1, 1, "captain 31 of 61"},
        {56, 55, BFC_VALUE_SKUNK, 4, 0, "team 60 of 121"},
        {56, 56, BFC_VALUE_SKUNK, 2, 0, "team 61 of 121"},
        {56, 85, BFC_VALUE_SKUNK, 2, 0, "team 90 of 121"},
        {56, 86, BFC_VALUE_SKUNK, 1, 0, "team 91 of 121"},
        /* lurch: the loser short of half its own target (31 of 61, 61 of
           121) */
        {25, 112, BFC_VALUE_LURCH, 2, 1, "captain 30, half of 61 is 31"},
        {26, 112, BFC_VALUE_LURCH, 1, 1, "captain 31"},
        {56, 55, BFC_VALUE_LURCH, 2, 0, "team 60, half of 121 is 61"},
        {56, 56, BFC_VALUE_LURCH, 1, 0, "team 61"},
        {0, 112, BFC_VALUE_PLAIN, 1, 1, "plain"},
        {56, 0, BFC_VALUE_PLAIN, 1, 0, "plain"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int w = -9, m = -9, sc[2] = {-1, -1};
        const int v = captain_deal(cases[i].value, BFC_MATCH_VALUE, cases[i].captain,
                                   cases[i].team, &w, &m, sc);
        if (v != cases[i].want || w != cases[i].winner)
            fprintf(stderr, "  %s %s: value %d, winner %d\n", bfc_value_name(cases[i].value),
                    cases[i].why, v, w);
        INT_EQ(v, cases[i].want);
        INT_EQ(w, cases[i].winner);
        INT_EQ(m, v); /* BFC_MATCH_VALUE: the match takes the game value */
        /* the scores the case is worked from (a captain from 58 wins
           with the pair, before the last card) */
        INT_EQ(sc[0], cases[i].captain == 58 ? 62 : cases[i].captain + 5);
        INT_EQ(sc[1], cases[i].team + (cases[i].winner ? 9 : 5));
        /* the reference of RULES 5 + D17 agrees */
        const int ref = w == 1 ? d17_value(cases[i].value, 121, sc[1], 61, sc[0])
                               : d17_value(cases[i].value, 61, sc[0], 121, sc[1]);
        INT_EQ(ref, cases[i].want);
    }
    /* match points (RULES 5): the ACC / seed 003 lines on the loser's own
       target. ACC 2 / 3 / 3, seed 003 1 / 2 / 4, long 3 / 4 / 4. */
    static const struct {
        int captain, team, system, want;
    } match[] = {
        {0, 112, BFC_MATCH_ACC, 3},    {26, 112, BFC_MATCH_ACC, 2},
        {56, 55, BFC_MATCH_ACC, 3},    {56, 86, BFC_MATCH_ACC, 2},
        {0, 112, BFC_MATCH_SKUNKS, 2}, {26, 112, BFC_MATCH_SKUNKS, 1},
        {56, 55, BFC_MATCH_SKUNKS, 4}, {56, 85, BFC_MATCH_SKUNKS, 2},
        {56, 0, BFC_MATCH_LONG, 4},    {55, 112, BFC_MATCH_LONG, 3},
        {56, 0, BFC_MATCH_GAMES, 1},   {56, 86, BFC_MATCH_FREE, 1},
    };
    for (size_t i = 0; i < sizeof match / sizeof *match; i++) {
        int w = -9, m = -9, sc[2];
        captain_deal(BFC_VALUE_MARGIN, match[i].system, match[i].captain, match[i].team, &w, &m,
                     sc);
        INT_EQ(m, match[i].want);
        const int ref = w == 1 ? d17_match(match[i].system, BFC_VALUE_MARGIN, 121, sc[1], 61, sc[0])
                               : d17_match(match[i].system, BFC_VALUE_MARGIN, 61, sc[0], 121, sc[1]);
        INT_EQ(ref, match[i].want);
    }
}

static void test_classic__d17_captains_games_against_the_reference(void)
{
    /* RULES D17 in whole games: captain's cribbage played by the greedy
     * bots under every value convention and match system, every result
     * checked against the reference written from RULES 5 and D17 above. A
     * team win is no longer a double skunk merely because the captain's
     * target is lower (issue 28: 34 of 34 were). */
    int games = 0, team_wins = 0, team_doubles = 0, captain_wins = 0;
    const int per = 24 / (harness_quick > 8 ? 8 : harness_quick);
    for (int value = BFC_VALUE_PLAIN; value <= BFC_VALUE_LURCH; value++)
        for (int system = BFC_MATCH_GAMES; system <= BFC_MATCH_FREE; system++)
            for (int k = 0; k < per / 4 + 1; k++) {
                bfc_rules r;
                bfc_rules_preset(&r, "captains", 0, 0);
                r.value = value;
                r.match = 1000;
                r.match_points = system;
                bfc_game *g = bfc_game_new(&r, (uint64_t)(value * 1000 + system * 100 + k), NULL);
                uint64_t rng = (uint64_t)(k + 1);
                size_t last = 0;
                for (long n = 0; g && !bfc_game_over(g) && n < 100000; n++) {
                    bfc_observation o;
                    bfc_move m;
                    bfc_game_observe(g, bfc_game_to_move(g), &o);
                    if (bfc_bot_greedy(&o, &rng, &m) != BFC_OK ||
                        bfc_game_apply(g, m, EV, BFC_MAX_EVENTS, &NEV) != BFC_OK)
                        break;
                    last = NEV;
                }
                if (!CHECK(g && bfc_game_over(g) == 1)) {
                    bfc_game_free(g);
                    continue;
                }
                int sc[2];
                bfc_game_scores(g, sc, 2);
                const int w = bfc_game_winner(g);
                const int want = w == 1 ? d17_value(value, 121, sc[1], 61, sc[0])
                                        : d17_value(value, 61, sc[0], 121, sc[1]);
                const int wantm = w == 1 ? d17_match(system, value, 121, sc[1], 61, sc[0])
                                         : d17_match(system, value, 61, sc[0], 121, sc[1]);
                int got_match = -1;
                for (size_t i = 0; i < last && i < BFC_MAX_EVENTS; i++)
                    if (EV[i].type == BFC_EV_MATCH)
                        got_match = EV[i].points;
                if (!INT_EQ(bfc_game_value(g), want) || !INT_EQ(got_match, wantm))
                    fprintf(stderr, "  %s/%s: captain %d, team %d\n", bfc_value_name(value),
                            bfc_match_points_name(system), sc[0], sc[1]);
                games++;
                if (w == 1) {
                    team_wins++;
                    team_doubles += value == BFC_VALUE_MARGIN && want == 4;
                } else {
                    captain_wins++;
                }
                bfc_game_free(g);
            }
    CHECK(games >= 24 && team_wins > 0 && captain_wins > 0);
    /* a team win is a double skunk only when the captain is 61 holes
       short of its own 61: never, since it pegs something in a game */
    INT_EQ(team_doubles, 0);
}

/* ===========================================================================
 * RULES D18: every true count can be declared
 * ======================================================================== */

/* A greedy game of these rules played until a seat must declare what
 * `counting` names (0 a hand, 1 the crib, 2 a card in the play); NULL if
 * none came within `games` seeded games. */
static bfc_game *d18_position(int variant, int players, int teams, int counting, int games)
{
    for (int seed = 0; seed < games; seed++) {
        bfc_rules r = mkrules(variant, players, -1);
        r.teams = teams;
        r.flags = BFC_RULE_MUGGINS;
        bfc_game *g = bfc_game_new(&r, (uint64_t)seed * 7 + 1, NULL);
        uint64_t rng = (uint64_t)seed + 3;
        for (long k = 0; g && !bfc_game_over(g) && k < 100000; k++) {
            if (bfc_game_phase(g) == BFC_PHASE_DECLARE && observe(g, 0)->counting == counting)
                return g;
            bfc_move m;
            if (bfc_bot_greedy(observe(g, bfc_game_to_move(g)), &rng, &m) != BFC_OK ||
                bfc_game_apply(g, m, NULL, 0, NULL) != BFC_OK)
                break;
        }
        bfc_game_free(g);
    }
    return NULL;
}

static void test_classic__d18_the_most_each_declaration_can_be(void)
{
    /* RULES D18: "a declaration may be any count from 0 to the most the
     * declared cards could ever score in that game". The most is found
     * here by exhaustive search with tests/brute.c (d18_most), its cards
     * scored again by the library, and every muggins game offers exactly
     * "declare 0" to that most, in move id order (bfc.h: 0..31 from
     * BFC_MOVE_DECLARE, the rest after `pass`). Before D18 every
     * declaration was 0..31: a seven-card hand (six cards shown) may count
     * more (issue 28 item 6, issue 29 item 1). */
    static const struct {
        int variant, players, teams, counting;
        const char *what;
    } cases[] = {
        {BFC_VARIANT_CLASSIC, 2, 0, 0, "classic hand"},
        {BFC_VARIANT_CLASSIC, 2, 0, 1, "classic crib"},
        {BFC_VARIANT_CLASSIC, 2, 0, 2, "classic play"},
        {BFC_VARIANT_CLASSIC, 4, 1, 0, "classic 4 in teams, hand"},
        {BFC_VARIANT_CLASSIC, 3, 0, 2, "classic 3, play"},
        {BFC_VARIANT_FIVE_CARD, 2, 0, 0, "five-card hand"},
        {BFC_VARIANT_FIVE_CARD, 2, 0, 1, "five-card crib"},
        {BFC_VARIANT_FIVE_CARD, 2, 0, 2, "five-card play"},
        {BFC_VARIANT_NODDY, 2, 0, 0, "Noddy hand"},
        {BFC_VARIANT_NODDY, 3, 0, 2, "Noddy play"},
        {BFC_VARIANT_SEVEN_CARD, 2, 0, 0, "seven-card hand"},
        {BFC_VARIANT_SEVEN_CARD, 2, 0, 1, "seven-card crib"},
        {BFC_VARIANT_SEVEN_CARD, 2, 0, 2, "seven-card play"},
    };
    /* the maxima, each with cards that score it (library and brute) */
    int most_of_all = 0;
    static const struct {
        int n;
        unsigned flags;
    } shows[] = {{3, 0}, {3, BFC_NODDY}, {4, 0}, {4, BFC_CRIB}, {5, 0}};
    for (size_t i = 0; i < sizeof shows / sizeof *shows; i++) {
        bfc_card w[6];
        const int most = d18_show_most(shows[i].n, shows[i].flags, w);
        bfc_hand_score hs;
        INT_EQ(bfc_score_hand(w, (size_t)shows[i].n, w[shows[i].n], shows[i].flags, &hs), most);
        char t[64];
        bfc_cards_format(w, (size_t)shows[i].n + 1, 0, t, sizeof t);
        printf("D18: a show of %d cards and the starter%s counts at most %d (%s)\n", shows[i].n,
               shows[i].flags == BFC_CRIB ? " (crib)" : shows[i].flags ? " (Noddy)" : "", most, t);
        most_of_all = most > most_of_all ? most : most_of_all;
    }
    for (int noddy = 0; noddy <= 1; noddy++) {
        bfc_card w[16];
        int wn = 0;
        const int most = d18_play_most(noddy, w, &wn);
        bfc_peg_score ps;
        if (!CHECK(wn > 0))
            continue;
        const int lib = bfc_score_peg_detail(w, (size_t)wn, noddy ? BFC_NODDY : 0u, &ps);
        INT_EQ(lib + (ps.count != 31), most); /* the card's points, and the go */
        bfc_peg_score bs;
        INT_EQ(brute_peg(w, wn, noddy, &bs) + (bs.count != 31), most);
        char t[96];
        bfc_cards_format(w, (size_t)wn, 0, t, sizeof t);
        printf("D18: a card laid in the %s play scores at most %d with the go (%s)\n",
               noddy ? "Noddy" : "classic", most, t);
        most_of_all = most > most_of_all ? most : most_of_all;
    }
    INT_EQ(BFC_DECLARE_MAX, most_of_all);
    /* every declaration of the muggins games: 0 to its most, nothing more */
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const int most = d18_most(cases[i].variant, cases[i].counting);
        bfc_game *g = d18_position(cases[i].variant, cases[i].players, cases[i].teams,
                                   cases[i].counting, 20);
        if (!CHECK(g != NULL)) {
            fprintf(stderr, "  no %s declared\n", cases[i].what);
            continue;
        }
        bfc_move L[BFC_MAX_MOVES + 4], want[BFC_MAX_MOVES + 4];
        for (int n = 0; n <= most; n++)
            want[n] = d18_move(n);
        const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
        if (!INT_EQ(n, most + 1) || !CHECK(memcmp(L, want, (size_t)n * sizeof *L) == 0))
            fprintf(stderr, "  %s: %d moves, want declare 0..%d\n", cases[i].what, n, most);
        for (int s = 0; s < cases[i].players; s++) {
            bfc_move O[BFC_MAX_MOVES];
            INT_EQ(bfc_observation_legal_moves(observe(g, s), O, BFC_MAX_MOVES), n);
            CHECK(memcmp(O, L, (size_t)(n > 0 ? n : 0) * sizeof *L) == 0);
        }
        /* one more than the most is refused, the game unchanged */
        char before[TEXT_MAX];
        snprintf(before, sizeof before, "%s", save_text(g));
        if (most < BFC_DECLARE_MAX)
            INT_EQ(bfc_game_apply(g, d18_move(most + 1), NULL, 0, NULL), BFC_EILLEGAL);
        STR_EQ(save_text(g), before);
        /* the most itself is accepted */
        INT_EQ(bfc_game_apply(g, d18_move(most), NULL, 0, NULL), BFC_OK);
        INT_EQ(observe(g, 0)->declared, most);
        bfc_game_free(g);
    }
    /* the moves: bfc_move_declare, text, decode, for every count */
    for (int p = -2; p <= BFC_DECLARE_MAX + 2; p++) {
        const bfc_move m = bfc_move_declare(p);
        if (p < 0 || p > BFC_DECLARE_MAX) {
            INT_EQ(m, BFC_MOVE_NONE);
            continue;
        }
        INT_EQ(m, d18_move(p));
        char t[BFC_MOVE_TEXT_MAX], want[BFC_MOVE_TEXT_MAX];
        snprintf(want, sizeof want, "declare %d", p);
        bfc_move_format(m, t, sizeof t);
        STR_EQ(t, want);
        bfc_move back = BFC_MOVE_NONE;
        INT_EQ(bfc_move_parse(want, &back), BFC_OK);
        INT_EQ(back, m);
        bfc_move_info d;
        INT_EQ(bfc_move_decode(m, &d), BFC_OK);
        INT_EQ(d.kind, BFC_MOVEKIND_DECLARE);
        INT_EQ(d.points, p);
    }
    bfc_move m = 7;
    INT_EQ(bfc_move_parse("declare 47", &m), BFC_EPARSE);
    INT_EQ(bfc_move_parse("declare 046", &m), BFC_EPARSE);
    INT_EQ(bfc_move_parse("declare 100", &m), BFC_EPARSE);
    INT_EQ(m, 7);
    INT_EQ(BFC_MOVE_COUNT, d18_move(BFC_DECLARE_MAX) + 1);
}

static void test_classic__d18_seven_card_hand_of_46_declared(void)
{
    /* RULES D18 on a seven-card hand worked by hand (RULES 3.10, 2.1): seat
     * 0 keeps 4C 4D 5C 5D 6C and the starter is 6D. Fifteens: a 4, a 5
     * and a 6 in 2 x 2 x 2 ways, 16; pairs: three, 6; runs: eight runs of
     * 4-5-6, 24: 46, the most any hand can count. Under muggins the honest
     * declaration was impossible (0..31); the greedy bot declared "claim"
     * (issue 29 item 1). Now: 47 declarations, the greedy bot declares
     * 46, it loads and saves, and it stands or is claimed as any other. */
    table t;
    memset(&t, 0, sizeof t);
    t.rules = mkrules(BFC_VARIANT_SEVEN_CARD, 2, 1);
    t.rules.flags = BFC_RULE_MUGGINS;
    t.score = "0 0";
    t.hand[0] = "4C 4D 5C 5D 6C KS QS";
    t.hand[1] = "AH 2H 3H 7S 8S 9S TH";
    t.top = "6D";
    t.truth = -1;
    for (int how = 0; how < 3; how++) { /* pass; under-count claimed; over-count */
        bfc_game *g = table_game(&t);
        if (!g)
            return;
        STR_EQ(play(g, "discard KS QS"), "discard 0 QS, discard 0 KS");
        STR_EQ(play(g, "discard AH 2H"), "discard 1 AH, discard 1 2H, starter 0 6D");
        uint64_t rng = 5;
        for (long k = 0; k < 1000 && !bfc_game_over(g); k++) {
            const bfc_observation *o = observe(g, bfc_game_to_move(g));
            if (o->phase == BFC_PHASE_DECLARE && o->counting == 0 && o->declarer == 0)
                break;
            bfc_move m;
            bfc_bot_greedy(o, &rng, &m);
            bfc_game_apply(g, m, NULL, 0, NULL);
        }
        const bfc_observation *o = observe(g, 0);
        INT_EQ(o->phase, BFC_PHASE_DECLARE);
        INT_EQ(o->judged, set_of("4C 4D 5C 5D 6C"));
        INT_EQ(o->starter, C("6D"));
        INT_EQ(bfc_game_legal_moves(g, NULL, 0), 47);
        bfc_move m = BFC_MOVE_NONE;
        INT_EQ(bfc_bot_greedy(o, &rng, &m), BFC_OK);
        INT_EQ(m, BFC_MOVE_DECLARE_HIGH + 46 - 32);
        /* 0: 46 declared, passed; 1: 40 declared, claimed; 2: 46 claimed */
        const int said = how == 1 ? 40 : 46;
        char text[32], want[32];
        snprintf(text, sizeof text, "declare %d", said);
        snprintf(want, sizeof want, "declare 0 %d", said);
        int sc[2];
        bfc_game_scores(g, sc, 2);
        const int before0 = sc[0], before1 = sc[1];
        STR_EQ(play(g, text), want);
        INT_EQ(observe(g, 1)->declared, said);
        /* a claim phase with a count above 31 saves and loads */
        bfc_game *h = NULL;
        char saved_text[TEXT_MAX];
        snprintf(saved_text, sizeof saved_text, "%s", save_text(g));
        INT_EQ(bfc_game_load(&h, saved_text), BFC_OK);
        if (h)
            STR_EQ(save_text(h), saved_text);
        bfc_game_free(h);
        bfc_game_apply(g, how ? BFC_MOVE_CLAIM : BFC_MOVE_PASS, EV, BFC_MAX_EVENTS, &NEV);
        bfc_game_scores(g, sc, 2);
        if (how == 1) { /* 6 missed: seat 1 takes them, seat 0 keeps 40 */
            INT_EQ(sc[0] - before0, 40);
            INT_EQ(sc[1] - before1, 6);
        } else { /* the right count stands, claimed or not */
            INT_EQ(sc[0] - before0, 46);
            INT_EQ(sc[1] - before1, 0);
        }
        bfc_game_free(g);
    }
}

static void test_classic__rules_3_7_backward(void)
{
    /* RULES 3.7: the first to the target loses. Two players, the deal of
     * 3.1: seat 0 reaches 121 in the show and loses; seat 1 wins, and a
     * backward game is worth 1 whatever the convention (bfc.h). */
    int w = -9;
    INT_EQ(two_value(BFC_VALUE_SKUNK, BFC_RULE_BACKWARD, 0, &w), 1);
    INT_EQ(w, 1);
    /* three players: the dealer (seat 0, 119) reaches 121 with its heels
     * and loses; the winner is the lowest other score, a tie going to the
     * first side from the loser's left (bfc.h, bfc_game_winner) */
    static const struct {
        const char *score;
        int winner;
    } three[] = {{"119 50 50", 1}, {"119 60 40", 2}, {"119 40 60", 1}, {"119 0 0", 1}};
    for (size_t i = 0; i < sizeof three / sizeof *three; i++) {
        bfc_rules r = mkrules(BFC_VARIANT_CLASSIC, 3, 0);
        r.flags = BFC_RULE_BACKWARD;
        r.value = BFC_VALUE_SKUNK;
        table t;
        memset(&t, 0, sizeof t);
        t.rules = r;
        t.score = three[i].score;
        t.hand[0] = "5S TC 9H 8H 6S";
        t.hand[1] = "KH 2C 3D 9S AD";
        t.hand[2] = "QH 8C 7C 6C JC";
        t.crib = "4C";
        t.top = "JD";
        t.truth = -1;
        bfc_game *g = table_game(&t);
        if (!g)
            continue;
        play(g, "discard AD");
        play(g, "discard JC");
        char want[256];
        snprintf(want, sizeof want,
                 "discard 0 6S, starter 1 JD, score 0 heels heels:2 =121, over 0 side %d value 1",
                 three[i].winner);
        STR_EQ(play(g, "discard 6S"), want);
        INT_EQ(bfc_game_winner(g), three[i].winner);
        INT_EQ(bfc_game_winning_seat(g), three[i].winner);
        INT_EQ(bfc_game_value(g), 1);
        bfc_game_free(g);
    }
    /* four players in teams: seat 3 (side 1) reaches the target; side 0
     * wins, and its first seat from seat 3's left is seat 0 */
    table t = {0};
    t.rules = mkrules(BFC_VARIANT_CLASSIC, 4, 3);
    t.rules.flags = BFC_RULE_BACKWARD;
    t.score = "30 119";
    t.hand[0] = "KC 5D 6D 6S JS";
    t.hand[1] = "QC 5C 7C KH 2S";
    t.hand[2] = "9C AH 6H 8H TS";
    t.hand[3] = "5S 4H 9D QD AS";
    t.top = "JD";
    t.truth = -1;
    bfc_game *g = table_game(&t);
    if (g) {
        play(g, "discard JS");
        play(g, "discard 2S");
        play(g, "discard TS");
        STR_EQ(play(g, "discard AS"),
               "discard 3 AS, starter 0 JD, score 3 heels heels:2 =121, over 3 side 0 value 1");
        INT_EQ(bfc_game_winner(g), 0);
        INT_EQ(bfc_game_winning_seat(g), 0);
        bfc_game_free(g);
    }
}

/* ===========================================================================
 * RULES 3.2 - 3.4: three, four and six players
 * ======================================================================== */

static void test_classic__rules_3_2_three_players(void)
{
    /* RULES 3.2. Dealer 0; 5 cards each and 4C dealt to the crib; each
     * throws one, from the dealer's left; seat 1 cuts (5D) and leads. */
    table t;
    memset(&t, 0, sizeof t);
    t.rules = mkrules(BFC_VARIANT_CLASSIC, 3, 0);
    t.score = "0 0 0";
    t.hand[0] = "5S TC 9H 8H 6S";
    t.hand[1] = "KH 2C 3D 9S AD";
    t.hand[2] = "QH 8C 7C 6C JC";
    t.crib = "4C";
    t.top = "5D";
    t.truth = -1;
    bfc_game *g = table_game(&t);
    if (!g)
        return;
    INT_EQ(observe(g, 0)->crib, 1);
    INT_EQ(bfc_game_to_move(g), 1);
    STR_EQ(legal(g), "discard AD, discard 2C, discard 3D, discard 9S, discard KH");
    STR_EQ(play(g, "discard AD"), "discard 1 AD");
    INT_EQ(bfc_game_to_move(g), 2);
    STR_EQ(play(g, "discard JC"), "discard 2 JC");
    STR_EQ(play(g, "discard 6S"), "discard 0 6S, starter 1 5D");
    INT_EQ(bfc_game_to_move(g), 1);
    INT_EQ(observe(g, 0)->crib, 4);
    /* KH QH 5S: 25; 2C makes 27; seats 2 and 0 cannot lay (go, go); seat 1
     * lays 3D (30) and pegs the go (1); the count resets and the next
     * player after seat 1 (seat 2) leads */
    STR_EQ(play(g, "play KH"), "play 1 KH =10");
    STR_EQ(play(g, "play QH"), "play 2 QH =20");
    STR_EQ(play(g, "play 5S"), "play 0 5S =25");
    STR_EQ(play(g, "play 2C"), "play 1 2C =27, go 2, go 0");
    INT_EQ(bfc_game_to_move(g), 1);
    STR_EQ(play(g, "play 3D"), "play 1 3D =30, score 1 go go:1 =1, reset");
    INT_EQ(bfc_game_to_move(g), 2);
    /* 6C; 9H fifteen (2); 9S pairs (2); 7C makes 31 (2): the count resets
     * (no one says go after a 31) and seat 0 leads (the next after seat 2) */
    STR_EQ(play(g, "play 6C"), "play 2 6C =6");
    STR_EQ(play(g, "play 9H"), "play 0 9H =15, score 0 play 15:2 =2");
    STR_EQ(play(g, "play 9S"), "play 1 9S =24, score 1 play pair:2 =3");
    STR_EQ(play(g, "play 7C"), "play 2 7C =31, score 2 play 31:2 =2, reset");
    INT_EQ(bfc_game_to_move(g), 0);
    /* seat 1 is out of cards: TC, 8C, 8H pairs (2) and is the last card (1) */
    STR_EQ(play(g, "play TC"), "play 0 TC =10");
    INT_EQ(bfc_game_to_move(g), 2);
    STR_EQ(play(g, "play 8C"), "play 2 8C =18");
    /* the show from the dealer's left, the dealer last, then the crib:
     *   seat 1: KH 2C 3D 9S + 5D: K+5, K+2+3 = 4            -> 3 + 4 = 7
     *   seat 2: QH 8C 7C 6C + 5D: 8+7, Q+5 = 4, run 5-6-7-8 = 4 -> 2 + 8 = 10
     *   seat 0: 5S TC 9H 8H + 5D: 5S+T, 5D+T = 4, pair 2, run 8-9-T 3 = 9
     *   crib:   4C AD JC 6S + 5D: J+5, J+4+A, 4+5+6 = 6, run 4-5-6 3 = 9
     *   seat 0 = 2 + 2 + 1 (play) + 9 + 9 = 23 */
    STR_EQ(play(g, "play 8H"),
           "play 0 8H =26, score 0 play pair:2 last:1 =5, endplay, show 1 hand 4, "
           "score 1 hand 15:2 15:2 =7, show 2 hand 8, score 2 hand 15:2 15:2 run:4 =10, "
           "show 0 hand 9, score 0 hand 15:2 15:2 pair:2 run:3 =14, show 0 crib 9, "
           "score 0 crib 15:2 15:2 15:2 run:3 =23, deal 1 5");
    STR_EQ(scores(g), "23 7 10");
    INT_EQ(bfc_game_to_move(g), 2);
    INT_EQ(observe(g, 2)->crib, 1); /* the next deal's card to the crib */
    bfc_game_free(g);
}

static void test_classic__rules_3_3_four_players_partners(void)
{
    /* RULES 3.3. Dealer 3; seats 0 + 2 (side 0) against 1 + 3 (side 1).
     * Each throws one; seat 0 cuts 3C and leads. */
    table t;
    memset(&t, 0, sizeof t);
    t.rules = mkrules(BFC_VARIANT_CLASSIC, 4, 3);
    t.score = "0 0";
    t.hand[0] = "KC 5D 6D 6S JS";
    t.hand[1] = "QC 5C 7C KH 2S";
    t.hand[2] = "9C AH 6H 8H TS";
    t.hand[3] = "5S 4H 9D QD AS";
    t.top = "3C";
    t.truth = -1;
    bfc_game *g = table_game(&t);
    if (!g)
        return;
    INT_EQ(bfc_game_sides(g), 2);
    INT_EQ(bfc_game_side_of(g, 2), 0);
    INT_EQ(bfc_game_side_of(g, 3), 1);
    STR_EQ(play(g, "discard JS"), "discard 0 JS");
    STR_EQ(play(g, "discard 2S"), "discard 1 2S");
    STR_EQ(play(g, "discard TS"), "discard 2 TS");
    STR_EQ(play(g, "discard AS"), "discard 3 AS, starter 0 3C");
    /* 29 after KC QC 9C: three players say go, seat 2 lays AH (30) and pegs
     * the go for side 0 */
    STR_EQ(play(g, "play KC"), "play 0 KC =10");
    STR_EQ(play(g, "play QC"), "play 1 QC =20");
    STR_EQ(play(g, "play 9C"), "play 2 9C =29, go 3, go 0, go 1");
    INT_EQ(bfc_game_to_move(g), 2);
    STR_EQ(play(g, "play AH"), "play 2 AH =30, score 2 go go:1 =1, reset");
    INT_EQ(bfc_game_to_move(g), 3);
    /* 5S 5D (pair 2), 5C (fifteen 2 + three of a kind 6 = 8), 6H, 4H (run
     * 4-5-6: 3), 6D (31: 2); partners' points add up per side */
    STR_EQ(play(g, "play 5S"), "play 3 5S =5");
    STR_EQ(play(g, "play 5D"), "play 0 5D =10, score 0 play pair:2 =3");
    STR_EQ(play(g, "play 5C"), "play 1 5C =15, score 1 play 15:2 pair:6 =8");
    STR_EQ(play(g, "play 6H"), "play 2 6H =21");
    STR_EQ(play(g, "play 4H"), "play 3 4H =25, score 3 play run:3 =11");
    STR_EQ(play(g, "play 6D"), "play 0 6D =31, score 0 play 31:2 =5, reset");
    INT_EQ(bfc_game_to_move(g), 1);
    /* 7C 8H (fifteen 2) 9D (run 3) 6S (run 6-7-8-9: 4) at 30; go (1) */
    STR_EQ(play(g, "play 7C"), "play 1 7C =7");
    STR_EQ(play(g, "play 8H"), "play 2 8H =15, score 2 play 15:2 =7");
    STR_EQ(play(g, "play 9D"), "play 3 9D =24, score 3 play run:3 =14");
    STR_EQ(play(g, "play 6S"),
           "play 0 6S =30, score 0 play run:4 =11, go 1, go 3, score 0 go go:1 =12, reset");
    STR_EQ(play(g, "play KH"), "play 1 KH =10");
    INT_EQ(bfc_game_to_move(g), 3);
    /* the last card (1), then the show from the dealer's left:
     *   seat 0: KC 5D 6D 6S + 3C: K+5, 6+6+3 = 4, pair 2 = 6       side 0: 18
     *   seat 1: QC 5C 7C KH + 3C: Q+5, K+5, 5+7+3 = 6               side 1: 21
     *   seat 2: 9C AH 6H 8H + 3C: 9+6, 6+8+A = 4                    side 0: 22
     *   seat 3: 5S 4H 9D QD + 3C: Q+5 = 2, run 3-4-5 = 3 = 5        side 1: 26
     *   crib:   JS 2S TS AS + 3C: J+2+3, T+2+3 = 4, run A-2-3 = 3;
     *           four spades but a club starter: no flush = 7        side 1: 33 */
    STR_EQ(play(g, "play QD"),
           "play 3 QD =20, score 3 play last:1 =15, endplay, show 0 hand 6, "
           "score 0 hand 15:2 15:2 pair:2 =18, show 1 hand 6, score 1 hand 15:2 15:2 15:2 =21, "
           "show 2 hand 4, score 2 hand 15:2 15:2 =22, show 3 hand 5, score 3 hand 15:2 run:3 =26, "
           "show 3 crib 7, score 3 crib 15:2 15:2 run:3 =33, deal 0 5");
    STR_EQ(scores(g), "22 33");
    INT_EQ(bfc_game_to_move(g), 1);
    bfc_game_free(g);
}

/* Forward: the reference check of one move (the random games' section). */
typedef struct ref ref;
static ref *ref_new(const bfc_game *g);
static void ref_free(ref *R);
static int ref_apply(ref *R, bfc_game *g, bfc_move m);
static long ref_failures(const ref *R);

static void test_classic__rules_3_4_six_players_D3(void)
{
    /* RULES 3.4, D3. Dealer 0, partner 3 (teams s and s + 3: side s % 3).
     * The dealer and partner throw out of the deal (slot 1), the four
     * others to the crib: four fives. Seat 1 cuts JD: heels 2 for side 0.
     * The crib 5H 5D 5S 5C + JD: 5 + J four times (8), three fives four
     * times (8), four of a kind (12) = 28, for the dealer's side. */
    table t;
    memset(&t, 0, sizeof t);
    t.rules = mkrules(BFC_VARIANT_CLASSIC, 6, 0);
    t.score = "0 0 0";
    t.hand[0] = "AC 2C 3C 4C 6C";
    t.hand[1] = "5H AD 2D 3D 4D";
    t.hand[2] = "5D AH 2H 3H 4H";
    t.hand[3] = "AS 2S 3S 4S 6S";
    t.hand[4] = "5S 7C 7D 7H 7S";
    t.hand[5] = "5C 8C 8D 8H 8S";
    t.top = "JD";
    t.truth = -1;
    bfc_game *g = table_game(&t);
    if (!g)
        return;
    INT_EQ(bfc_game_sides(g), 3);
    for (int s = 0; s < 6; s++)
        INT_EQ(bfc_game_side_of(g, s), s % 3);
    INT_EQ(bfc_game_to_move(g), 1);
    STR_EQ(play(g, "discard 5H"), "discard 1 5H");
    STR_EQ(play(g, "discard 5D"), "discard 2 5D");
    STR_EQ(play(g, "discard 6S"), "discard 3 6S out");
    STR_EQ(play(g, "discard 5S"), "discard 4 5S");
    STR_EQ(play(g, "discard 5C"), "discard 5 5C");
    INT_EQ(bfc_game_to_move(g), 0);
    INT_EQ(observe(g, 0)->crib, 4);
    STR_EQ(play(g, "discard 6C"), "discard 0 6C out, starter 1 JD, score 0 heels heels:2 =2");
    INT_EQ(observe(g, 0)->thrown, set_of("6C"));
    INT_EQ(observe(g, 3)->thrown, set_of("6S"));
    INT_EQ(observe(g, 4)->thrown, set_of("5S"));
    INT_EQ(observe(g, 2)->crib, 4);
    {
        size_t len;
        const char *p = find_line(save_text(g), "crib", &len);
        CHECK(p && len == 16 && !strncmp(p, "crib 5H 5D 5S 5C", len));
    }
    INT_EQ(bfc_game_to_move(g), 1);
    /* the rest of the deal, lowest card first, each move checked by the
     * reference of RULES 3 (the random games' section) */
    ref *R = ref_new(g);
    int crib_seen = 0;
    for (int k = 0; k < 40 && bfc_game_phase(g) == BFC_PHASE_PLAY && R; k++) {
        bfc_move L[BFC_MAX_MOVES];
        if (bfc_game_legal_moves(g, L, BFC_MAX_MOVES) < 1)
            break;
        ref_apply(R, g, L[0]);
        for (size_t i = 0; i < NEV && i < BFC_MAX_EVENTS; i++) {
            CHECK(EV[i].type == BFC_EV_GAME_OVER || EV[i].side == EV[i].seat % 3);
            if (EV[i].type == BFC_EV_SHOW && EV[i].slot == 1) {
                crib_seen = 1;
                INT_EQ(EV[i].seat, 0);
                INT_EQ(EV[i].points, 28);
                INT_EQ(item_set(&EV[i]), set_of("5H 5D 5S 5C JD"));
            }
        }
    }
    CHECK(crib_seen);
    if (R)
        INT_EQ(ref_failures(R), 0);
    ref_free(R);
    INT_EQ(observe(g, 0)->dealer, 1);
    INT_EQ(bfc_game_to_move(g), 2);
    bfc_game_free(g);
}

/* ===========================================================================
 * RULES 3.5: five-card cribbage
 * ======================================================================== */

static void test_classic__rules_3_5_five_card(void)
{
    /* The non-dealer pegs 3 at the start of the game (no event: bfc.h) */
    for (int dealer = 0; dealer < 2; dealer++) {
        bfc_rules r = mkrules(BFC_VARIANT_FIVE_CARD, 2, dealer);
        INT_EQ(r.target, 61);
        bfc_game *g = bfc_game_new(&r, 5, NULL);
        if (!CHECK(g != NULL))
            continue;
        STR_EQ(scores(g), dealer ? "3 0" : "0 3");
        INT_EQ(ones(observe(g, 0)->hand), 5);
        INT_EQ(bfc_game_to_move(g), 1 - dealer);
        bfc_game_free(g);
    }
    /* a deal: dealer 0 keeps 8S 6S TS (throws QS KS); seat 1 keeps 7H 9H 3H
     * (throws AS 4S); the starter 2S; seat 1 has its 3 */
    table t;
    memset(&t, 0, sizeof t);
    t.rules = mkrules(BFC_VARIANT_FIVE_CARD, 2, 0);
    t.score = "0 3";
    t.hand[0] = "8S 6S TS KS QS";
    t.hand[1] = "7H 9H 3H AS 4S";
    t.top = "2S";
    t.truth = -1;
    bfc_game *g = table_game(&t);
    if (!g)
        return;
    STR_EQ(play(g, "discard AS 4S"), "discard 1 AS, discard 1 4S");
    STR_EQ(play(g, "discard QS KS"), "discard 0 QS, discard 0 KS, starter 1 2S");
    STR_EQ(play(g, "play 7H"), "play 1 7H =7");
    STR_EQ(play(g, "play 8S"), "play 0 8S =15, score 0 play 15:2 =2");
    STR_EQ(play(g, "play 9H"), "play 1 9H =24, score 1 play run:3 =6");
    STR_EQ(legal(g), "play 6S");
    /* 6S: run 6-7-8-9 (4) at 30; 3H and TS cannot go: the play ends there,
     * no reset, the last card 1 to seat 0; 3H and TS stay unplayed but are
     * counted. The show:
     *   seat 1: 7H 9H 3H + 2S: a flush of three (D4) = 3
     *   seat 0: TS 8S 6S + 2S: a flush of three with the starter = 4
     *   crib:   AS 4S QS KS + 2S: Q+4+A, K+4+A = 4, flush of five 5 = 9
     * seat 0 = 2 + 4 + 1 + 4 + 9 = 20; seat 1 = 3 + 3 + 3 = 9 */
    STR_EQ(play(g, "play 6S"),
           "play 0 6S =30, score 0 play run:4 =6, go 1, score 0 play last:1 =7, endplay, "
           "show 1 hand 3, score 1 hand flush:3 =9, show 0 hand 4, score 0 hand flush:4 =11, "
           "show 0 crib 9, score 0 crib 15:2 15:2 flush:5 =20, deal 1 5");
    STR_EQ(scores(g), "20 9");
    INT_EQ(bfc_game_to_move(g), 0);
    bfc_game_free(g);

    /* a crib of four of a suit and a starter of another: no flush (D4);
     * the same hand of three: 3 */
    t.top = "2D";
    g = table_game(&t);
    if (!g)
        return;
    static const char *const moves[] = {"discard AS 4S", "discard QS KS", "play 7H",
                                        "play 8S",       "play 9H",       NULL};
    INT_EQ(play_all(g, moves), 0);
    STR_EQ(play(g, "play 6S"),
           "play 0 6S =30, score 0 play run:4 =6, go 1, score 0 play last:1 =7, endplay, "
           "show 1 hand 3, score 1 hand flush:3 =9, show 0 hand 3, score 0 hand flush:3 =10, "
           "show 0 crib 4, score 0 crib 15:2 15:2 =14, deal 1 5");
    bfc_game_free(g);

    /* the 3 comes once per game: the next game gives it to the new
     * non-dealer (the winner deals) */
    bfc_rules r = mkrules(BFC_VARIANT_FIVE_CARD, 2, 0);
    r.target = 15;
    g = bfc_game_new(&r, 9, NULL);
    if (!g)
        return;
    ref *R = ref_new(g);
    for (int k = 0; k < 400 && !bfc_game_over(g); k++) {
        bfc_move L[BFC_MAX_MOVES];
        bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
        ref_apply(R, g, L[0]);
    }
    CHECK(bfc_game_over(g) == 1);
    INT_EQ(ref_failures(R), 0);
    ref_free(R);
    const int ws = bfc_game_winning_seat(g);
    INT_EQ(bfc_game_next(g), BFC_OK);
    STR_EQ(scores(g), ws == 0 ? "0 3" : "3 0");
    INT_EQ(observe(g, 0)->dealer, ws);
    bfc_game_free(g);
}

/* ===========================================================================
 * RULES 3.6: Noddy
 * ======================================================================== */

/* Three players, dealer 0, the hands counted; seat 1 leads. */
static table noddy_table(const char *score)
{
    table t;
    memset(&t, 0, sizeof t);
    t.rules = mkrules(BFC_VARIANT_NODDY, 3, 0);
    t.score = score;
    t.hand[0] = "4H 5C 9C";
    t.hand[1] = "5H 3H KS";
    t.hand[2] = "6H 7H QD";
    t.starter = "2D";
    t.truth = -1;
    return t;
}

static void test_classic__rules_3_6_noddy_play(void)
{
    /* RULES 3.6 play scoring: 15 and 31 (2), 25 (2), pairs, a run of three
     * 2 and longer runs 1 per card, the last 3 / 4 cards of a suit 3 / 4
     * (D5), five or more 1 per card; no reset: the play ends at the first
     * point no one can lay, the last card 1. */
    table t = noddy_table("0 0 0");
    bfc_game *g = table_game(&t);
    if (!g)
        return;
    INT_EQ(bfc_game_phase(g), BFC_PHASE_PLAY);
    INT_EQ(bfc_game_to_move(g), 1); /* from the dealer's left */
    STR_EQ(play(g, "play 5H"), "play 1 5H =5");
    STR_EQ(play(g, "play 6H"), "play 2 6H =11");
    /* 4H: 15 (2), run 4-5-6 (2), three hearts (3) = 7 */
    STR_EQ(play(g, "play 4H"), "play 0 4H =15, score 0 play 15:2 run:2 flush:3 =7");
    /* 3H: run 3-4-5-6 (4), four hearts (4) = 8 */
    STR_EQ(play(g, "play 3H"), "play 1 3H =18, score 1 play run:4 flush:4 =8");
    STR_EQ(legal(g), "play 7H, play QD");
    /* 7H: 25 (2), run 3-7 (5), five hearts (5) = 12 */
    STR_EQ(play(g, "play 7H"), "play 2 7H =25, score 2 play 25:2 run:5 flush:5 =12");
    /* 5C at 30: the last five cards 6H 4H 3H 7H 5C are a run of 5 (5); KS,
     * QD, 9C cannot go: the play ends, the last card 1 = 6; then the next
     * deal: seat 1 deals and turns the starter */
    const char *want = "play 0 5C =30, score 0 play run:5 =12, go 1, go 2, score 0 play last:1 "
                       "=13, endplay, deal 1 3, starter 1 ";
    const char *got = play(g, "play 5C");
    if (strncmp(got, want, strlen(want)) != 0)
        STR_EQ(got, want);
    else
        CHECK(1);
    /* The new deal's counts before the play (D5, from the dealer's left:
     * seats 2, 0, 1), checked against tests/brute.c's Noddy scorer; heels
     * for a jack the dealer turns. */
    size_t i = 0;
    while (i < NEV && EV[i].type != BFC_EV_STARTER)
        i++;
    if (CHECK(i < NEV)) {
        const bfc_card st = EV[i].card;
        INT_EQ(st, observe(g, 0)->starter);
        int want_score[3] = {13, 8, 12};
        i++;
        if (rank_of(st) == 11) {
            CHECK(i < NEV && EV[i].type == BFC_EV_SCORE && EV[i].source == BFC_SRC_HEELS &&
                  EV[i].seat == 1 && EV[i].points == 2);
            want_score[1] += 2;
            i++;
        }
        for (int k = 0; k < 3; k++) {
            const unsigned s = (1u + 1u + (unsigned)k) % 3u;
            bfc_card h[3];
            INT_EQ(list_of(observe(g, (int)s)->hand, h), 3);
            bfc_hand_score hs;
            const int pts = brute_show(h, 3, st, BFC_NODDY, &hs);
            if (!CHECK(i < NEV && EV[i].type == BFC_EV_SHOW && EV[i].seat == s))
                break;
            INT_EQ(EV[i].points, pts);
            INT_EQ(item_set(&EV[i]), observe(g, (int)s)->hand | bit(st));
            i++;
            int sum = 0;
            for (; i < NEV && EV[i].type == BFC_EV_SCORE && EV[i].seat == s; i++)
                sum += EV[i].points;
            INT_EQ(sum, pts);
            want_score[s] += pts;
        }
        INT_EQ(i, NEV);
        char w[64];
        snprintf(w, sizeof w, "%d %d %d", want_score[0], want_score[1], want_score[2]);
        STR_EQ(scores(g), w);
        INT_EQ(bfc_game_phase(g), BFC_PHASE_PLAY);
        INT_EQ(bfc_game_to_move(g), 2);
        /* Noddy hands are never shown (bfc.h) */
        for (int v = 0; v < 3; v++)
            for (int s = 0; s < 3; s++)
                INT_EQ(observe(g, v)->shown[s], 0);
    }
    bfc_game_free(g);

    /* game to 31: 20 + 12 ends it at once, every item pegged */
    t = noddy_table("0 0 20");
    g = table_game(&t);
    if (!g)
        return;
    play(g, "play 5H");
    play(g, "play 6H");
    play(g, "play 4H");
    play(g, "play 3H");
    STR_EQ(play(g, "play 7H"),
           "play 2 7H =25, score 2 play 25:2 run:5 flush:5 =32, over 2 side 2 value 2");
    INT_EQ(bfc_game_winner(g), 2); /* two losers, 1 game each (RULES 5) */
    bfc_game_free(g);
}

static void test_classic__rules_3_6_noddy_counts_before_the_play(void)
{
    /* RULES 3.6, D5: the dealer turns the starter (heels 2 for a jack); the
     * hands (3 cards + starter, Noddy scoring) are counted before the play;
     * a new game's counts are in the scores with no events (bfc.h). For
     * each player count, a game whose starter is a jack and one whose is
     * not, found by seed. */
    for (int players = 2; players <= 6; players++) {
        int found[2] = {0, 0};
        for (uint64_t seed = 1; seed < 400 && !(found[0] && found[1]); seed++) {
            bfc_rules r = mkrules(BFC_VARIANT_NODDY, players, (int)(seed % (unsigned)players));
            r.teams = (players == 4 || players == 6) && seed % 2;
            bfc_game *g = bfc_game_new(&r, seed, NULL);
            if (!CHECK(g != NULL))
                break;
            const bfc_card st = observe(g, 0)->starter;
            const int jack = rank_of(st) == 11;
            if (found[jack]) {
                bfc_game_free(g);
                continue;
            }
            found[jack] = 1;
            const unsigned d = (unsigned)r.first_dealer;
            int want[6] = {0};
            for (int s = 0; s < players; s++) {
                bfc_card h[3];
                INT_EQ(list_of(observe(g, s)->hand, h), 3);
                bfc_hand_score hs;
                want[side_of(&r, (unsigned)s)] += brute_show(h, 3, st, BFC_NODDY, &hs);
            }
            if (jack)
                want[side_of(&r, d)] += 2;
            int got[6];
            const int sides = bfc_game_scores(g, got, 6);
            INT_EQ(sides, r.teams ? players / 2 : players);
            for (int s = 0; s < sides; s++)
                INT_EQ(got[s], want[s]);
            INT_EQ(bfc_game_phase(g), BFC_PHASE_PLAY);
            INT_EQ(bfc_game_to_move(g), (int)left_of((unsigned)players, d));
            INT_EQ(observe(g, 0)->dealer, d);
            INT_EQ(observe(g, 1)->crib, 0);
            bfc_game_free(g);
        }
        CHECK(found[0] && found[1]);
    }
}

static void test_classic__rules_3_9_muggins_noddy(void)
{
    /* RULES 3.9 in Noddy (two players, dealer 0): the hands are declared
     * before the play, unseen (3.6), seat 1 first.
     *   seat 1: 4H 5H 6H + 9H: 4+5+6, 6+9 = 4, run of three 2, three hearts
     *           and a heart starter 4 (D5) = 10; declares 8 (under) and
     *           seat 0 claims: seat 1 pegs its 8, seat 0 the 2 missed
     *   seat 0: 7C 8C KD + 9H: 7+8 = 2, run 7-8-9 2 = 4; declares 6 (over)
     *           and seat 1 passes: the 6 stands */
    table t;
    memset(&t, 0, sizeof t);
    t.rules = mkrules(BFC_VARIANT_NODDY, 2, 0);
    t.rules.flags = BFC_RULE_MUGGINS;
    t.score = "0 0";
    t.hand[0] = "7C 8C KD";
    t.hand[1] = "4H 5H 6H";
    t.starter = "9H";
    t.truth = 10;
    bfc_game *g = table_game(&t);
    if (!g)
        return;
    INT_EQ(bfc_game_phase(g), BFC_PHASE_DECLARE);
    INT_EQ(bfc_game_to_move(g), 1);
    INT_EQ(observe(g, 0)->declarer, 1);
    INT_EQ(observe(g, 0)->judged, 0); /* Noddy hands are declared unseen */
    STR_EQ(play(g, "declare 8"), "declare 1 8");
    INT_EQ(bfc_game_phase(g), BFC_PHASE_CLAIM);
    INT_EQ(bfc_game_to_move(g), 0);
    STR_EQ(play(g, "claim"),
           "claim 0 2, score 1 hand declared:8 =8, score 0 muggins muggins:2 =2, show 0 hand 4");
    INT_EQ(bfc_game_to_move(g), 0);
    STR_EQ(play(g, "declare 6"), "declare 0 6");
    INT_EQ(bfc_game_to_move(g), 1);
    STR_EQ(play(g, "pass"), "claim 1 0, score 0 hand declared:6 =8");
    STR_EQ(scores(g), "8 8");
    INT_EQ(bfc_game_phase(g), BFC_PHASE_PLAY);
    INT_EQ(bfc_game_to_move(g), 1);
    for (int v = 0; v < 2; v++)
        CHECK(observe(g, v)->shown[0] == 0 && OBS.shown[1] == 0);
    bfc_game_free(g);
}

/* ===========================================================================
 * RULES 3.10: seven-card cribbage
 * ======================================================================== */

static void test_classic__rules_3_10_seven_card(void)
{
    /* 7 cards each, 2 to the crib; hands of 5 and the crib of 4 shown with
     * the starter (the hand a 6-card show); the play goes on through every
     * card (3.1); to 181, skunk below 151 (RULES 5 with the target - 30). */
    bfc_rules r;
    INT_EQ(bfc_rules_preset(&r, "seven-card", 0, 0), BFC_OK);
    INT_EQ(r.variant, BFC_VARIANT_SEVEN_CARD);
    INT_EQ(r.target, 181);
    INT_EQ(bfc_rules_throws(&r), 2);
    r.first_dealer = 1;
    bfc_game *g = bfc_game_new(&r, 77, NULL);
    if (!g)
        return;
    INT_EQ(observe(g, 0)->held_by[0], 7);
    INT_EQ(OBS.held_by[1], 7);
    INT_EQ(OBS.throws, 2);
    INT_EQ(bfc_game_legal_moves(g, NULL, 0), 21); /* C(7, 2) discards */
    uint64_t rng = 4;
    int shows = 0, six = 0;
    while (!bfc_game_over(g)) {
        bfc_observation o;
        bfc_move m;
        bfc_game_observe(g, bfc_game_to_move(g), &o);
        bfc_bot_greedy(&o, &rng, &m);
        INT_EQ(bfc_game_apply(g, m, EV, BFC_MAX_EVENTS, &NEV), BFC_OK);
        for (size_t i = 0; i < NEV; i++) {
            if (EV[i].type != BFC_EV_SHOW)
                continue;
            /* the hand: five cards and the starter, counted by tests/brute.c */
            const int crib = EV[i].slot == 1, m5 = EV[i].item.ncards - 1;
            INT_EQ(m5, crib ? 4 : 5);
            bfc_hand_score hs;
            INT_EQ(EV[i].points, brute_show(EV[i].item.cards, (size_t)m5, EV[i].item.cards[m5],
                                            crib ? BFC_CRIB : 0u, &hs));
            shows++;
            six += !crib;
        }
    }
    CHECK(shows > 6 && six > 4);
    int sc[2];
    bfc_game_scores(g, sc, 2);
    CHECK(sc[bfc_game_winner(g)] >= 181 && sc[1 - bfc_game_winner(g)] < 181);
    bfc_game_free(g);
}

/* ===========================================================================
 * RULES 3.8: solitaire
 * ======================================================================== */

/* Deal `deals` of a solitaire game: the hand 5C 5S QH KD KC KS, the blind
 * crib 5D TD (5D went in first), the starter 4H on top of the deck. */
static table solitaire_table(int deals, const char *score)
{
    table t;
    memset(&t, 0, sizeof t);
    t.rules = mkrules(BFC_VARIANT_SOLITAIRE, 1, 0);
    t.score = score;
    t.hand[0] = "5C 5S QH KD KC KS";
    t.crib = "5D TD";
    t.deals = deals;
    t.truth = -1;
    if (deals == 6) {
        /* four cards left face down; every other card used face up, the
         * first card laid in deal 1 (6C) among them */
        t.top = "4H 2C 3C 9H";
        t.gone = "6C";
        t.first = "6C";
        t.rest_gone = 1;
    } else {
        t.top = "4H";
    }
    return t;
}

static void test_classic__rules_3_8_solitaire_deal(void)
{
    /* RULES 3.8, D11. Throw KC KS on top of the blind 5D TD; the starter
     * 4H. The play alternates a hand card and the crib's bottom card (the
     * blind two first); only hand cards peg; the count resets first when
     * the crib card would pass 31, or when every hand card would. */
    table t = solitaire_table(1, "0");
    bfc_game *g = table_game(&t);
    if (!g)
        return;
    INT_EQ(bfc_game_to_move(g), 0);
    INT_EQ(bfc_game_legal_moves(g, NULL, 0), 15);
    STR_EQ(play(g, "discard KC KS"), "discard 0 KC, discard 0 KS, starter 0 4H");
    {
        size_t len;
        const char *p = find_line(save_text(g), "crib", &len);
        CHECK(p && len == 16 && !strncmp(p, "crib 5D TD KC KS", len));
    }
    /* the loader knows the crib's order: the blind two went in first */
    char text[TEXT_MAX], edit[TEXT_MAX];
    snprintf(text, sizeof text, "%s", save_text(g));
    snprintf(edit, sizeof edit, "%s", text);
    CHECK(set_line(edit, sizeof edit, "crib", "crib 5D KC TD KS") == 0);
    bfc_game *h = NULL;
    INT_EQ(bfc_game_load(&h, edit), BFC_ESTATE);
    CHECK(h == NULL);
    /* 5C (5), the crib's 5D (10: its pair is not scored) */
    STR_EQ(play(g, "play 5C"), "play 0 5C =5, play 0 5D =10 crib");
    INT_EQ(observe(g, 0)->crib_cards, set_of("5D"));
    /* a saved sequence may hold only the crib cards laid so far, from the
     * bottom: with the blind two swapped, 5D was not laid yet (TD was), so
     * the observation would show a face-down card (a fuzz_load finding) */
    snprintf(text, sizeof text, "%s", save_text(g));
    snprintf(edit, sizeof edit, "%s", text);
    CHECK(set_line(edit, sizeof edit, "crib", "crib TD 5D KC KS") == 0);
    INT_EQ(bfc_game_load(&h, edit), BFC_ESTATE);
    CHECK(h == NULL);
    /* nor a crib card before the hand card it follows */
    snprintf(edit, sizeof edit, "%s", text);
    CHECK(set_line(edit, sizeof edit, "seq", "seq 5D 5C") == 0);
    INT_EQ(bfc_game_load(&h, edit), BFC_ESTATE);
    CHECK(h == NULL);
    INT_EQ(bfc_game_load(&h, text), BFC_OK);
    bfc_game_free(h);
    h = NULL;
    /* 5S: 15 (2) and three fives (6) = 8, the crib cards counting in the
     * sequence; TD (25); QH and KD would pass 31: reset */
    STR_EQ(play(g, "play 5S"),
           "play 0 5S =15, score 0 play 15:2 pair:6 =8, play 0 TD =25 crib, reset");
    /* QH (10), KC (20), KD (30) pairs KC (2); KS would pass 31: reset */
    STR_EQ(play(g, "play QH"), "play 0 QH =10, play 0 KC =20 crib");
    /* then the show: the hand 5C 5S QH KD + 4H: four fifteens (8) and a
     * pair (2) = 10; the crib 5D TD KC KS + 4H: 5 + T, K, K (6) and a pair
     * (2) = 8. 10 + 10 + 8 = 28. Then deal 2: the starter went back on
     * top, so it is the first card of the new hand */
    STR_EQ(play(g, "play KD"),
           "play 0 KD =30, score 0 play pair:2 =10, reset, play 0 KS =10 crib, endplay, "
           "show 0 hand 10, score 0 hand 15:2 15:2 15:2 15:2 pair:2 =20, show 0 crib 8, "
           "score 0 crib 15:2 15:2 15:2 pair:2 =28, deal 0 6");
    STR_EQ(scores(g), "28");
    const bfc_observation *o = observe(g, 0);
    INT_EQ(o->skirmish, 2);
    INT_EQ(o->out_of_play, set_of("5C 5S QH KD KC KS 5D TD"));
    /* the deck was 4H, then the other cards in ascending order: hand first
     * (4H AC AD AH AS 2C), then the blind two (2D 2H) */
    INT_EQ(o->hand, set_of("4H AC AD AH AS 2C"));
    INT_EQ(o->crib, 2);
    INT_EQ(o->crib_cards, 0);
    /* the loader knows that one deal put 8 cards face up under the deck:
     * a ninth there (the deck's bottom card) would leave the deals to come
     * short of cards (a fuzz_load finding) */
    snprintf(text, sizeof text, "%s", save_text(g));
    size_t dlen, glen;
    const char *deck = find_line(text, "deck", &dlen), *gone = find_line(text, "gone", &glen);
    if (CHECK(deck && gone && dlen > 8 && glen > 5)) {
        char dl[256], gl[256];
        snprintf(dl, sizeof dl, "%.*s", (int)dlen - 3, deck);
        snprintf(gl, sizeof gl, "%.*s %.2s", (int)glen, gone, deck + dlen - 2);
        snprintf(edit, sizeof edit, "%s", text);
        CHECK(set_line(edit, sizeof edit, "deck", dl) == 0);
        CHECK(set_line(edit, sizeof edit, "gone", gl) == 0);
        INT_EQ(bfc_game_load(&h, edit), BFC_ESTATE);
        CHECK(h == NULL);
        INT_EQ(bfc_game_load(&h, text), BFC_OK);
        bfc_game_free(h);
    }
    bfc_game_free(g);
}

static void test_classic__rules_3_8_solitaire_free_crib(void)
{
    /* RULES 3.8: after the sixth deal the four face-down cards (4H, back on
     * top, and 2C 3C 9H) are the free crib; its starter is the first card
     * laid in deal 1 (6C). 4H 2C 3C 9H + 6C: 9+6, 9+4+2, 6+4+3+2 (6), run
     * 2-3-4 (3) = 9. Deal 6 scores 28 as in deal 1: 28 + 9 = 37. Won with
     * more than 120: from 84, 121 wins; from 83, 120 loses (no winner,
     * value 0). The game does not end at 121 before the end. */
    static const struct {
        int start;
        const char *over;
        int winner, value;
    } cases[] = {{84, "over 0 side 0 value 1", 0, 1},
                 {83, "over 0 side - value 0", -1, 0},
                 {121, "over 0 side 0 value 1", 0, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char score[16], want[512];
        snprintf(score, sizeof score, "%d", cases[i].start);
        table t = solitaire_table(6, score);
        bfc_game *g = table_game(&t);
        if (!g)
            continue;
        static const char *const moves[] = {"discard KC KS", "play 5C", "play 5S", "play QH",
                                            NULL};
        INT_EQ(play_all(g, moves), 0);
        const int s = cases[i].start;
        snprintf(want, sizeof want,
                 "play 0 KD =30, score 0 play pair:2 =%d, reset, play 0 KS =10 crib, endplay, "
                 "show 0 hand 10, score 0 hand 15:2 15:2 15:2 15:2 pair:2 =%d, show 0 crib 8, "
                 "score 0 crib 15:2 15:2 15:2 pair:2 =%d, show 0 crib 9, "
                 "score 0 crib 15:2 15:2 15:2 run:3 =%d, %s",
                 s + 10, s + 20, s + 28, s + 37, cases[i].over);
        STR_EQ(play(g, "play KD"), want);
        for (size_t k = 0; k < NEV; k++)
            if (EV[k].type == BFC_EV_SHOW && EV[k].points == 9)
                INT_EQ(item_set(&EV[k]), set_of("4H 2C 3C 9H 6C"));
        INT_EQ(bfc_game_over(g), 1);
        INT_EQ(bfc_game_winner(g), cases[i].winner);
        INT_EQ(bfc_game_winning_seat(g), cases[i].winner);
        INT_EQ(bfc_game_value(g), cases[i].value);
        bfc_game_free(g);
    }
}

static void test_classic__loader_one_thrower_per_card(void)
{
    /* RULES 3.2: each seat throws its own cards to the crib. A save that
     * lists a crib card among two seats' discards is refused, in the play
     * and in a finished game alike (fuzz_load found a finished one that
     * loaded and showed a seat its opponent's discard as its own). */
    int tried_over = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        bfc_rules r = mkrules(BFC_VARIANT_CLASSIC, 2, 0);
        r.target = seed % 2 ? 121 : 9; /* even seeds: a game that ends in its first deal */
        bfc_game *g = bfc_game_new(&r, seed, NULL);
        if (!CHECK(g != NULL))
            continue;
        while (!bfc_game_over(g) && bfc_game_phase(g) == BFC_PHASE_DISCARD) {
            bfc_move L[BFC_MAX_MOVES];
            bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
            bfc_game_apply(g, L[0], NULL, 0, NULL);
        }
        for (int i = 0; i < 20 && r.target == 9 && !bfc_game_over(g); i++) {
            bfc_move L[BFC_MAX_MOVES];
            bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
            bfc_game_apply(g, L[0], NULL, 0, NULL);
        }
        if (r.target == 9 && (!bfc_game_over(g) || bfc_game_phase(g) == BFC_PHASE_DISCARD ||
                              bfc_game_rules(g)->variant != BFC_VARIANT_CLASSIC)) {
            bfc_game_free(g);
            continue;
        }
        tried_over += bfc_game_over(g);
        char text[TEXT_MAX], edit[TEXT_MAX], line[64];
        snprintf(text, sizeof text, "%s", save_text(g));
        size_t len0, len1;
        const char *t0 = find_line(text, "thrown 0", &len0), *t1 = find_line(text, "thrown 1", &len1);
        if (!CHECK(t0 && t1 && len0 == 14 && len1 == 14)) { /* "thrown S C1 C2" */
            bfc_game_free(g);
            continue;
        }
        /* seat 1 "threw" seat 0's first card instead of its own first */
        snprintf(line, sizeof line, "thrown 1 %.2s %.2s", t0 + 9, t1 + 12);
        snprintf(edit, sizeof edit, "%s", text);
        CHECK(set_line(edit, sizeof edit, "thrown 1", line) == 0);
        bfc_game *h = NULL;
        INT_EQ(bfc_game_load(&h, edit), BFC_ESTATE);
        CHECK(h == NULL);
        INT_EQ(bfc_game_load(&h, text), BFC_OK);
        bfc_game_free(h);
        bfc_game_free(g);
    }
    CHECK(tried_over > 0);
}

/* ===========================================================================
 * RULES 3.1: the cut for the first deal
 * ======================================================================== */

static void test_classic__rules_3_1_cut_for_deal(void)
{
    /* Lowest card deals (ace low); equal cuts cut again: the observation
     * keeps the deciding round, in which the dealer's card is the only
     * lowest. Every seat deals some game. Solitaire: seat 0, no cut. */
    static const struct {
        int variant, players;
    } games[] = {{BFC_VARIANT_CLASSIC, 2}, {BFC_VARIANT_CLASSIC, 3}, {BFC_VARIANT_CLASSIC, 4},
                 {BFC_VARIANT_CLASSIC, 6}, {BFC_VARIANT_FIVE_CARD, 2}, {BFC_VARIANT_NODDY, 5}};
    for (size_t k = 0; k < sizeof games / sizeof *games; k++) {
        unsigned dealt = 0;
        long bad = 0;
        for (uint64_t seed = 1; seed <= 200; seed++) {
            bfc_rules r = mkrules(games[k].variant, games[k].players, BFC_DEALER_CUT);
            bfc_game *g = bfc_game_new(&r, seed, NULL);
            if (!g) {
                bad++;
                continue;
            }
            const bfc_observation *o = observe(g, 0);
            const unsigned d = o->dealer;
            int cards = 0;
            uint64_t seen = 0;
            for (int s = 0; s < games[k].players; s++) {
                const bfc_card c = o->cut[s];
                if (c == BFC_CARD_NONE)
                    continue;
                cards++;
                bad += c >= 52 || (seen >> c & 1u);
                seen |= bit(c);
                bad += (unsigned)s != d && (o->cut[d] >= 52 || rank_of(c) <= rank_of(o->cut[d]));
            }
            bad += cards < 2 || o->cut[d] == BFC_CARD_NONE;
            dealt |= 1u << d;
            bfc_game_free(g);
        }
        INT_EQ(bad, 0);
        INT_EQ(dealt, (1u << games[k].players) - 1u);
    }
    bfc_rules r = mkrules(BFC_VARIANT_SOLITAIRE, 1, BFC_DEALER_CUT);
    bfc_game *g = bfc_game_new(&r, 3, NULL);
    if (CHECK(g != NULL)) {
        INT_EQ(observe(g, 0)->dealer, 0);
        INT_EQ(OBS.cut[0], BFC_CARD_NONE);
    }
    bfc_game_free(g);
    /* a fixed first dealer: no cut */
    r = mkrules(BFC_VARIANT_CLASSIC, 3, 2);
    g = bfc_game_new(&r, 3, NULL);
    if (CHECK(g != NULL)) {
        INT_EQ(observe(g, 0)->dealer, 2);
        CHECK(OBS.cut[0] == BFC_CARD_NONE && OBS.cut[1] == BFC_CARD_NONE &&
              OBS.cut[2] == BFC_CARD_NONE);
    }
    bfc_game_free(g);
}

/* ===========================================================================
 * A reference of the classic games, written from RULES 3: it follows each
 * move's events, predicting every one (who says go, what each card pegs by
 * its own scorer, the show's counts by tests/brute.c, who moves next, the
 * winner and the game's value) and the state after it. Only the cards of a
 * new deal are taken from the game (its generator shuffles them).
 * ======================================================================== */

/* ---- The save text, parsed (format in bfc.h) --------------------------- */

typedef struct saved {
    int phase, to_move, dealer, deals;
    int said_go, step, shown, declarer, declared, truth, counting, sol_laid, resume, owed;
    int score[6], nscore, over;
    uint64_t hand[6], played[6], thrown[6], gone;
    bfc_card crib[8], seq[16], deck[53], starter, first;
    int ncrib, nseq, ndeck;
    int folded, boxed, box_left; /* Crib Wars' box line, else 0 -1 0 */
} saved;

static int num(const char *t) { return t[0] == '-' && !t[1] ? -1 : atoi(t); }

/* Cards tok[from..nt) into out (at most cap); returns how many, -1 if bad. */
static int tok_cards(char tok[][24], int from, int nt, bfc_card *out, int cap)
{
    int n = 0;
    for (int i = from; i < nt; i++) {
        bfc_card c;
        if (bfc_card_parse(tok[i], &c) != BFC_OK || c >= 52 || n >= cap)
            return -1;
        out[n++] = c;
    }
    return n;
}

static int parse_save(const char *text, saved *s)
{
    memset(s, 0, sizeof *s);
    s->starter = s->first = BFC_CARD_NONE;
    s->boxed = -1;
    int bad = 0;
    static char tok[64][24];
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        const size_t len = e ? (size_t)(e - p) : strlen(p);
        const int nt = split(p, len, tok, 64);
        p += len + (e ? 1 : 0);
        if (nt == 0)
            continue;
        const char *k = tok[0];
        bfc_card c[53];
        if (!strcmp(k, "deal")) {
            if (nt != 19) { /* format 2 */
                bad++;
                continue;
            }
            s->resume = num(tok[17]);
            s->owed = num(tok[18]);
            s->phase = num(tok[1]);
            s->to_move = num(tok[2]);
            s->dealer = num(tok[3]);
            s->deals = num(tok[4]);
            s->said_go = num(tok[9]);
            s->step = num(tok[10]);
            s->shown = num(tok[11]);
            s->declarer = num(tok[12]);
            s->declared = num(tok[13]);
            s->truth = num(tok[14]);
            s->counting = num(tok[15]);
            s->sol_laid = num(tok[16]);
        } else if (!strcmp(k, "score")) {
            s->nscore = nt - 1;
            for (int i = 1; i < nt && i <= 6; i++)
                s->score[i - 1] = num(tok[i]);
        } else if (!strcmp(k, "over")) {
            s->over = num(tok[1]);
        } else if (!strcmp(k, "hand") || !strcmp(k, "played") || !strcmp(k, "thrown")) {
            const int seat = nt > 1 ? num(tok[1]) : -1;
            const int n = tok_cards(tok, 2, nt, c, 53);
            if (seat < 0 || seat > 5 || n < 0) {
                bad++;
                continue;
            }
            uint64_t m = 0;
            for (int i = 0; i < n; i++)
                m |= bit(c[i]);
            uint64_t *dst = k[0] == 'h' ? s->hand : k[0] == 'p' ? s->played : s->thrown;
            dst[seat] = m;
        } else if (!strcmp(k, "crib") || !strcmp(k, "seq") || !strcmp(k, "deck")) {
            bfc_card *dst = k[0] == 'c' ? s->crib : k[0] == 's' ? s->seq : s->deck;
            const int cap = k[0] == 'c' ? 8 : k[0] == 's' ? 16 : 53;
            const int n = tok_cards(tok, 1, nt, dst, cap);
            if (n < 0)
                bad++;
            *(k[0] == 'c' ? &s->ncrib : k[0] == 's' ? &s->nseq : &s->ndeck) = n < 0 ? 0 : n;
        } else if (!strcmp(k, "starter") || !strcmp(k, "first")) {
            bfc_card *dst = k[0] == 's' ? &s->starter : &s->first;
            if (nt == 2 && strcmp(tok[1], "-") != 0 && tok_cards(tok, 1, 2, c, 1) == 1)
                *dst = c[0];
            else if (nt != 2 || strcmp(tok[1], "-") != 0)
                bad++;
        } else if (!strcmp(k, "box")) {
            if (nt != 4) {
                bad++;
                continue;
            }
            s->folded = num(tok[1]);
            s->boxed = num(tok[2]);
            s->box_left = num(tok[3]);
        } else if (!strcmp(k, "gone")) {
            const int n = tok_cards(tok, 1, nt, c, 53);
            if (n < 0)
                bad++;
            for (int i = 0; i < n; i++)
                s->gone |= bit(c[i]);
        }
    }
    return bad ? -1 : 0;
}

/* RULES 3: the 52 cards each exactly once among the hands, the cards laid,
 * the crib, the deck, the starter, the cards used (solitaire) and the cards
 * thrown out of the deal (D3: six players only). Returns 0 if so. */
static int conserved(const saved *s, int players, int dealer)
{
    int seen[52] = {0};
    uint64_t crib = 0;
    for (int i = 0; i < s->ncrib; i++)
        crib |= bit(s->crib[i]);
    for (int p = 0; p < 6; p++) {
        if (p >= players && (s->hand[p] | s->played[p] | s->thrown[p]))
            return -1;
        const uint64_t out = s->thrown[p] & ~crib;
        if (out && (players != 6 || (p != dealer && p != (dealer + 3) % 6)))
            return -2;
        const uint64_t parts[3] = {s->hand[p], s->played[p], out};
        for (int k = 0; k < 3; k++)
            for (uint64_t m = parts[k]; m; m &= m - 1)
                seen[lowest(m)]++;
    }
    for (int i = 0; i < s->ncrib; i++)
        seen[s->crib[i]]++;
    for (int i = 0; i < s->ndeck; i++)
        seen[s->deck[i]]++;
    for (uint64_t m = s->gone; m; m &= m - 1)
        seen[lowest(m)]++;
    if (s->starter < 52)
        seen[s->starter]++;
    for (int c = 0; c < 52; c++)
        if (seen[c] != 1)
            return -3;
    return 0;
}

/* ---- Pegging, from RULES 2.2 and 3.6 ------------------------------------ */

static int my_peg(const bfc_card *seq, int n, int noddy)
{
    int count = 0, p = 0;
    for (int i = 0; i < n; i++)
        count += pips(seq[i]);
    if (count == 15 || count == 31 || (noddy && count == 25))
        p += 2;
    int same = 1; /* the last cards of the last card's rank */
    while (same < n && rank_of(seq[n - 1 - same]) == rank_of(seq[n - 1]))
        same++;
    p += same == 2 ? 2 : same == 3 ? 6 : same == 4 ? 12 : 0;
    int run = 0; /* the largest k >= 3: the last k cards distinct and consecutive */
    for (int k = 3; k <= n; k++) {
        int seen[14] = {0}, lo = 99, hi = 0, ok = 1;
        for (int i = n - k; i < n; i++) {
            const int r = rank_of(seq[i]);
            ok &= !seen[r]++;
            lo = r < lo ? r : lo;
            hi = r > hi ? r : hi;
        }
        if (ok && hi - lo == k - 1)
            run = k;
    }
    p += noddy && run == 3 ? 2 : run;
    if (noddy) { /* the last 3 or more cards of one suit: 1 each (3.6, D5) */
        int f = 1;
        while (f < n && suit_of(seq[n - 1 - f]) == suit_of(seq[n - 1]))
            f++;
        p += f >= 3 ? f : 0;
    }
    return p;
}

/* ---- The reference ----------------------------------------------------- */

struct ref {
    bfc_rules r;
    unsigned n, sides;
    int noddy, five, seven, solitaire, muggins, backward;
    /* the state RULES says the game is in */
    int phase, to_move, dealer, deals, over, winner, winning_seat;
    int score[6], match[6];
    uint64_t hand[6], played[6], thrown[6], gone;
    bfc_card crib[8], deck[53], seq[16], starter, first;
    int ncrib, ndeck, nseq, count;
    unsigned said_go, discarded, shown;
    int step, free_crib, sol_crib;
    uint64_t blind; /* solitaire: this deal's blind crib cards */
    int declarer, declared, truth, counting;
    int resume, owed;       /* D12: who lays after a card's declared points */
    unsigned folded;        /* Crib Wars: seats folded this deal */
    int boxed, box_left;    /* the side in the box (-1), deals it sits out */
    /* the move being followed */
    const bfc_event *ev;
    size_t nev, at;
    const saved *post;
    int derailed;
    long bad, moves;
    bfc_game *before; /* the position before the move, for failure reports */
    bfc_move move;
};

static void ref_fail(ref *R, const char *what, int line)
{
    R->bad++;
    if (R->bad <= 3) {
        char m[BFC_MOVE_TEXT_MAX] = "-", evs[TEXT_MAX];
        bfc_move_format(R->move, m, sizeof m);
        sb b = {evs, sizeof evs, 0};
        events_text(&b, R->ev, R->nev);
        fprintf(stderr, "FAIL %s (line %d): %s\n  move \"%s\" -> %s\n  from:\n%s", harness_current,
                line, what, m, evs, save_text(R->before));
    }
}

#define RX(cond)                                                                          \
    do {                                                                                  \
        if (!(cond))                                                                      \
            ref_fail(R, #cond, __LINE__);                                                 \
    } while (0)

static unsigned rside(const ref *R, unsigned s) { return side_of(&R->r, s); }
static unsigned rleft(const ref *R, unsigned s) { return left_of(R->n, s); }

/* Cards each hand is dealt, and the cards each player throws (RULES 3). */
static int dealt_per(const ref *R)
{
    return R->noddy ? 3 : R->five ? 5 : R->seven ? 7 : R->solitaire ? 6 : R->n == 2 ? 6 : 5;
}
static int throw_per(const ref *R)
{
    return R->noddy ? 0 : R->five || R->seven || R->solitaire || R->n == 2 ? 2 : 1;
}
static int rtarget(const ref *R, unsigned side) { return target_of(&R->r, side); }

/* The next event, which must be of this type (and seat, unless any). */
#define ANY_SEAT 0xFFu
static const bfc_event *rx_next(ref *R, unsigned type, unsigned seat, int line)
{
    if (R->derailed)
        return NULL;
    if (R->at >= R->nev || R->ev[R->at].type != type ||
        (seat != ANY_SEAT && R->ev[R->at].seat != seat)) {
        char what[96];
        snprintf(what, sizeof what, "expected event type %u seat %u at index %zu", type, seat,
                 R->at);
        ref_fail(R, what, line);
        R->derailed = 1;
        return NULL;
    }
    return &R->ev[R->at++];
}
#define NEXT(type, seat) rx_next(R, type, seat, __LINE__)

/* The winner when seat has just reached the target (RULES 3.7 and bfc.h
 * for backward games; 3.8 for solitaire). */
static void ref_winner(const ref *R, unsigned seat, int *w, int *ws)
{
    if (R->solitaire) {
        *w = *ws = R->score[0] >= R->r.target ? 0 : -1;
        return;
    }
    const unsigned lost = rside(R, seat);
    if (!R->backward) {
        *w = (int)lost;
        *ws = (int)seat;
        return;
    }
    int best = -1, at = -1;
    for (unsigned i = 1, t = rleft(R, seat); i < R->n; i++, t = rleft(R, t)) {
        const unsigned d = rside(R, t);
        if (d != lost && (best < 0 || R->score[d] < R->score[best])) {
            best = (int)d;
            at = (int)t;
        }
    }
    *w = best;
    *ws = at;
}

/* RULES 5 and D17: what one losing side pays (tests/brute.c, written from
 * the rules' text), judged on its own score and target. */
static int ref_pays(const ref *R, int w, unsigned l)
{
    return brute_game_value(R->r.value, R->backward, R->score[l], rtarget(R, l), R->score[w],
                            rtarget(R, (unsigned)w));
}

/* RULES 5: each loser pays and the winner takes the sum (or only the best
 * or the worst loser pays, an option); a backward game has one loser, the
 * side that reached the target; solitaire is 1. */
static int ref_value(const ref *R, int w)
{
    if (w < 0)
        return 0;
    if (R->solitaire)
        return 1;
    int sum = 0, pick = -1, best = -1;
    for (unsigned s = 0; s < R->sides; s++) {
        if ((int)s == w || (R->backward && R->score[s] < rtarget(R, s)))
            continue;
        sum += ref_pays(R, w, s);
        const int sc = R->score[s];
        if (best < 0 || ((R->r.flags & BFC_RULE_PAY_BEST_LOSER) ? sc > pick : sc < pick)) {
            pick = sc;
            best = (int)s;
        }
    }
    if (R->r.flags & (BFC_RULE_PAY_BEST_LOSER | BFC_RULE_PAY_WORST_LOSER))
        return best < 0 ? 0 : ref_pays(R, w, (unsigned)best);
    return sum;
}

/* Match play (RULES 5, bfc.h BFC_MATCH_*): the match points the winner w
 * takes from one loser l (tests/brute.c). */
static int ref_match_pays(const ref *R, int w, unsigned l)
{
    return brute_match_points(R->r.match_points, R->backward, R->score[l], rtarget(R, l),
                              ref_pays(R, w, l));
}

static int ref_match_points(const ref *R, int w)
{
    int sum = 0, pick = -1, best = -1;
    for (unsigned s = 0; s < R->sides; s++) {
        if ((int)s == w || (R->backward && R->score[s] < rtarget(R, s)))
            continue;
        sum += ref_match_pays(R, w, s);
        const int sc = R->score[s];
        if (best < 0 || ((R->r.flags & BFC_RULE_PAY_BEST_LOSER) ? sc > pick : sc < pick)) {
            pick = sc;
            best = (int)s;
        }
    }
    if (R->r.flags & (BFC_RULE_PAY_BEST_LOSER | BFC_RULE_PAY_WORST_LOSER))
        return best < 0 ? 0 : ref_match_pays(R, w, (unsigned)best);
    return sum;
}

static void rx_game_over(ref *R, unsigned seat)
{
    ref_winner(R, seat, &R->winner, &R->winning_seat);
    R->over = 1;
    R->phase = BFC_PHASE_OVER;
    R->to_move = -1;
    const bfc_event *e = NEXT(BFC_EV_GAME_OVER, seat);
    if (e) {
        RX(e->side == (R->winner < 0 ? NONE8 : (unsigned)R->winner));
        RX(e->points == ref_value(R, R->winner));
        RX(e->score == R->score[R->winner < 0 ? 0 : R->winner]);
    }
    if (!R->r.match || R->winner < 0)
        return;
    /* match play: the winner's match points, one MATCH event */
    const int pts = ref_match_points(R, R->winner);
    R->match[R->winner] += pts;
    e = NEXT(BFC_EV_MATCH, (unsigned)R->winning_seat);
    if (e)
        RX(e->side == (unsigned)R->winner && e->points == pts &&
           e->score == R->match[R->winner]);
}

/* ---- Crib Wars in the reference (bfc.h: the board) ---------------------- */

/* The kind of special hole `at` (0: none) and the hole it sends a peg to. */
static int rb_hole(const ref *R, int at, int *to)
{
    for (int i = 0; i < R->r.board.n; i++)
        if (R->r.board.hole[i].at == at) {
            *to = R->r.board.hole[i].to;
            return R->r.board.hole[i].kind;
        }
    return 0;
}

static unsigned rb_seats(const ref *R, unsigned side)
{
    unsigned m = 0;
    for (unsigned s = 0; s < R->n; s++)
        if (rside(R, s) == side)
            m |= 1u << s;
    return m;
}

/* The board puts seat's side's peg in hole v: one BOARD event (its seat
 * the side's number, bfc.h); 1 if the game ends, seat scoring the winning
 * point (D20). */
static int rb_move(ref *R, unsigned seat, int v, unsigned what, int points)
{
    const unsigned side = rside(R, seat);
    R->score[side] = v;
    const bfc_event *e = NEXT(BFC_EV_BOARD, side);
    if (!e)
        return 1;
    RX(e->slot == what && e->points == points && e->score == v && e->side == side);
    if (v >= R->r.target) {
        rx_game_over(R, seat);
        return 1;
    }
    return 0;
}

/* D20: a move of the whole side (ahead 20, out of the box) is its
 * lowest-numbered seat's. */
static unsigned rb_first(const ref *R, unsigned side) { return (unsigned)lowest(rb_seats(R, side)); }

/* An award of 20, past every box and time trap it would end in. */
static int rb_ahead(ref *R, unsigned side)
{
    int v = R->score[side] + 20, to, k;
    while ((k = rb_hole(R, v, &to)) == BFC_HOLE_PENALTY_BOX || k == BFC_HOLE_TIME_TRAP)
        v++;
    return rb_move(R, rb_first(R, side), v, BFC_BOARD_AHEAD, 20);
}

static int rb_out(ref *R)
{
    const unsigned b = (unsigned)R->boxed;
    R->boxed = -1;
    R->box_left = 0;
    return rb_move(R, rb_first(R, b), R->score[b] + 1, BFC_BOARD_OUT, 1);
}

/* seat's side has pegged and not won: the hole it is in acts. */
static int rb_land(ref *R, unsigned seat)
{
    const unsigned side = rside(R, seat);
    const int at = R->score[side];
    int to = 0;
    const int kind = R->r.board.n ? rb_hole(R, at, &to) : 0;
    if (kind == 0)
        return 0;
    if (kind != BFC_HOLE_PENALTY_BOX) /* D20: seat's award landed there */
        return rb_move(R, seat, to, (unsigned)kind, at);
    R->folded |= rb_seats(R, side);
    if (R->sides == 3 && R->boxed < 0) { /* sits out, in the box */
        R->boxed = (int)side;
        R->box_left = 4;
        const bfc_event *e = NEXT(BFC_EV_BOARD, side);
        if (!e)
            return 1;
        RX(e->slot == BFC_BOARD_PENALTY_BOX && e->points == at && e->score == at);
        return 0;
    }
    if (rb_move(R, seat, at >= 20 ? at - 20 : 0, BFC_BOARD_PENALTY_BOX, at))
        return 1;
    if (R->sides == 2)
        return rb_ahead(R, 1u - side);
    unsigned third = 0;
    while (third == side || (int)third == R->boxed)
        third++;
    return rb_ahead(R, third) || rb_out(R);
}

/* A seat folded or a side in the box pegs nothing: one LOST event. */
static int rb_keeps(ref *R, unsigned seat, unsigned source, int points)
{
    const unsigned side = rside(R, seat);
    if (!R->r.board.n || (!(R->folded >> seat & 1u) && R->boxed != (int)side))
        return 0;
    const bfc_event *e = NEXT(BFC_EV_BOARD, seat);
    if (e)
        RX(e->slot == BFC_BOARD_LOST && e->source == source && e->points == points &&
           e->score == R->score[side]);
    return 1;
}

/* seat pegs `points` from source: the next SCORE events of that seat and
 * source (one event of `kind` when kind is given, else all but the go and
 * last card) must add up to them. Returns 1 when that ends the game. */
static int rx_credit(ref *R, unsigned seat, unsigned source, unsigned kind, int points)
{
    if (points <= 0 || R->derailed)
        return R->derailed;
    if (rb_keeps(R, seat, source, points))
        return R->derailed;
    const unsigned side = rside(R, seat);
    int got = 0;
    while (R->at < R->nev) {
        const bfc_event *e = &R->ev[R->at];
        if (e->type != BFC_EV_SCORE || e->seat != seat || e->source != source)
            break;
        if (kind ? e->item.kind != kind
                 : e->item.kind == BFC_ITEM_LAST_CARD || e->item.kind == BFC_ITEM_GO)
            break;
        RX(e->points == e->item.points && e->points > 0 && e->side == side);
        got += e->points;
        R->score[side] += e->points;
        RX(e->score == R->score[side]);
        R->at++;
        if (kind)
            break;
    }
    if (got != points) {
        char what[96];
        snprintf(what, sizeof what, "seat %u source %u kind %u: %d points, want %d", seat,
                 source, kind, got, points);
        ref_fail(R, what, __LINE__);
        R->derailed = 1;
        return 1;
    }
    if (!R->solitaire && R->score[side] >= rtarget(R, side)) {
        rx_game_over(R, seat);
        return 1;
    }
    return rb_land(R, seat);
}

static int rx_fits(const ref *R, unsigned t)
{
    for (uint64_t m = R->hand[t]; m; m &= m - 1)
        if (pips((bfc_card)lowest(m)) <= 31 - R->count)
            return 1;
    return 0;
}

static int rx_end_play(ref *R);

/* The play: from the dealer's left, past the seats folded (Crib Wars). */
static int rx_start_play(ref *R)
{
    R->phase = BFC_PHASE_PLAY;
    R->count = R->nseq = 0;
    R->said_go = 0;
    unsigned t = R->n == 1 ? 0u : rleft(R, (unsigned)R->dealer);
    for (unsigned i = 0; i < R->n; i++, t = rleft(R, t))
        if (!(R->folded >> t & 1u)) {
            R->to_move = (int)t;
            return 0;
        }
    return rx_end_play(R); /* every side folded */
}

/* The starter (3.1): cut by the dealer's left (turned by the dealer in
 * Noddy and solitaire); a jack is 2 for the dealer's heels, except from
 * target - 3 on with BFC_RULE_NO_LATE_HEELS (3.9). */
static int rx_starter(ref *R)
{
    const unsigned d = (unsigned)R->dealer;
    const unsigned cutter = R->n == 1 || R->noddy ? d : rleft(R, d);
    RX(R->ndeck > 0);
    if (R->ndeck <= 0)
        return R->derailed = 1;
    R->starter = R->deck[0];
    memmove(R->deck, R->deck + 1, (size_t)--R->ndeck);
    const bfc_event *e = NEXT(BFC_EV_STARTER, cutter);
    if (!e)
        return 1;
    RX(e->card == R->starter);
    if (rank_of(R->starter) == 11) {
        const int late = R->score[rside(R, d)] >= rtarget(R, rside(R, d)) - 3;
        if (!((R->r.flags & BFC_RULE_NO_LATE_HEELS) && late) &&
            rx_credit(R, d, BFC_SRC_HEELS, BFC_ITEM_HEELS, 2))
            return 1;
    }
    return 0;
}

static int rx_show(ref *R);
static int rx_end_deal(ref *R);

/* A new deal: the cards come from the game's generator (taken from the
 * position after the move, their numbers checked), except in solitaire,
 * dealt from the deck without a shuffle (3.8: hand first, then the blind
 * crib). */
static int rx_new_deal(ref *R)
{
    const int per = dealt_per(R);
    R->deals++;
    const bfc_event *e = NEXT(BFC_EV_DEAL, (unsigned)R->dealer);
    if (!e)
        return 1;
    RX(e->slot == per);
    memset(R->played, 0, sizeof R->played);
    memset(R->thrown, 0, sizeof R->thrown);
    R->count = R->nseq = 0;
    R->said_go = R->discarded = R->shown = 0;
    R->step = R->sol_crib = 0;
    R->declarer = R->declared = R->truth = R->counting = -1;
    R->resume = -1;
    R->owed = 0;
    R->starter = BFC_CARD_NONE;
    R->ncrib = 0;
    if (R->solitaire) {
        RX(R->ndeck >= 8);
        if (R->ndeck < 8)
            return R->derailed = 1;
        R->hand[0] = 0;
        for (int i = 0; i < 6; i++)
            R->hand[0] |= bit(R->deck[i]);
        R->crib[0] = R->deck[6];
        R->crib[1] = R->deck[7];
        R->ncrib = 2;
        R->ndeck -= 8;
        memmove(R->deck, R->deck + 8, (size_t)R->ndeck);
    } else {
        const saved *p = R->post;
        for (unsigned s = 0; s < R->n; s++) {
            R->hand[s] = p->hand[s];
            RX(ones(p->hand[s]) == per && p->played[s] == 0 && p->thrown[s] == 0);
        }
        const int blind = !R->noddy && !R->five && !R->seven && R->n == 3;
        RX(p->ncrib == blind);
        R->ncrib = p->ncrib < 8 ? p->ncrib : 0;
        memcpy(R->crib, p->crib, (size_t)R->ncrib);
        R->ndeck = 0;
        if (R->noddy && p->starter < 52)
            R->deck[R->ndeck++] = p->starter;
        memcpy(R->deck + R->ndeck, p->deck, (size_t)p->ndeck);
        R->ndeck += p->ndeck;
        RX(R->ndeck == 52 - (int)R->n * per - blind);
    }
    R->blind = 0;
    for (int i = 0; i < R->ncrib && R->solitaire; i++)
        R->blind |= bit(R->crib[i]);
    if (R->noddy) {
        if (rx_starter(R))
            return 1;
        R->step = 0;
        return rx_show(R);
    }
    R->phase = BFC_PHASE_DISCARD;
    R->to_move = R->n == 1 ? 0 : (int)rleft(R, (unsigned)R->dealer);
    return 0;
}

/* The deal is over: the next dealer (3.1: the deal passes), or solitaire's
 * used cards go face up under the deck with the starter back on top, and
 * after six deals the four face-down cards are the free crib (3.8). */
static int rx_end_deal(ref *R)
{
    if (R->n > 1) {
        R->folded = 0;
        /* out of the box as the deal passes; a win there ends the game
           with the deal just played and its dealer */
        if (R->boxed >= 0 && --R->box_left == 0) {
            if (rb_out(R))
                return 1;
        } else if (R->boxed >= 0) {
            R->folded = rb_seats(R, (unsigned)R->boxed);
        }
        R->dealer = (int)rleft(R, (unsigned)R->dealer);
        return rx_new_deal(R);
    }
    uint64_t used = R->played[0] | R->hand[0];
    for (int i = 0; i < R->ncrib; i++)
        used |= bit(R->crib[i]);
    RX(ones(used) == 8);
    R->gone |= used;
    R->hand[0] = R->played[0] = R->thrown[0] = 0;
    R->ncrib = 0;
    memmove(R->deck + 1, R->deck, (size_t)R->ndeck);
    R->deck[0] = R->starter;
    R->ndeck++;
    R->starter = BFC_CARD_NONE;
    if (R->deals < 6)
        return rx_new_deal(R);
    RX(R->ndeck == 4 && R->first < 52 && (R->gone >> R->first & 1u));
    memcpy(R->crib, R->deck, (size_t)R->ndeck);
    R->ncrib = R->ndeck;
    R->ndeck = 0;
    R->starter = R->first;
    R->gone &= ~bit(R->first);
    R->free_crib = 1;
    R->shown = 0;
    R->step = 1;
    R->count = R->nseq = 0;
    return rx_show(R);
}

/* The show (3.1: from the dealer's left, the dealer, then the crib; Noddy
 * 3.6: the hands before the play), each count by tests/brute.c; under
 * muggins (3.9) each waits for a declaration. */
static int rx_show(ref *R)
{
    for (;;) {
        if (R->derailed)
            return 1;
        unsigned seat, crib = 0;
        if (R->step < (int)R->n) {
            seat = R->n == 1 ? 0u : ((unsigned)R->dealer + 1u + (unsigned)R->step) % R->n;
        } else if (R->step == (int)R->n && !R->noddy) {
            seat = (unsigned)R->dealer;
            crib = 1;
        } else if (R->noddy) {
            return rx_start_play(R);
        } else if (R->free_crib) {
            rx_game_over(R, 0);
            return 1;
        } else {
            return rx_end_deal(R);
        }
        if (R->folded >> seat & 1u) { /* Crib Wars: folded, not counted */
            R->step++;
            continue;
        }
        bfc_card cards[8];
        int m;
        if (crib) {
            m = R->ncrib;
            memcpy(cards, R->crib, (size_t)m);
        } else {
            m = list_of(R->played[seat] | R->hand[seat], cards);
        }
        RX(m == (crib ? 4 : dealt_per(R) - throw_per(R)));
        const unsigned flags = (crib ? BFC_CRIB : 0u) | (R->noddy ? BFC_NODDY : 0u);
        bfc_hand_score hs;
        const int truth = brute_show(cards, m, R->starter, flags, &hs);
        const bfc_event *e = NEXT(BFC_EV_SHOW, seat);
        if (!e)
            return 1;
        uint64_t want = bit(R->starter);
        for (int i = 0; i < m; i++)
            want |= bit(cards[i]);
        RX(e->slot == crib && e->points == truth && e->item.ncards == m + 1 &&
           e->item.cards[m] == R->starter && item_set(e) == want);
        if (!R->noddy)
            R->shown |= crib ? 0x80u : 1u << seat;
        if (R->muggins) {
            R->phase = BFC_PHASE_DECLARE;
            R->to_move = (int)seat;
            R->declarer = (int)seat;
            R->declared = -1;
            R->truth = truth;
            R->counting = (int)crib;
            return 0;
        }
        if (rx_credit(R, seat, crib ? BFC_SRC_CRIB : BFC_SRC_HAND, 0, truth))
            return 1;
        R->step++;
    }
}

static int rx_end_play(ref *R)
{
    if (!NEXT(BFC_EV_END_PLAY, ANY_SEAT))
        return 1;
    R->count = R->nseq = 0; /* the table is cleared for the show */
    if (R->noddy)
        return rx_end_deal(R);
    R->step = 0;
    return rx_show(R);
}

static int rx_reset(ref *R)
{
    if (!NEXT(BFC_EV_RESET, ANY_SEAT))
        return 1;
    R->count = R->nseq = 0;
    R->said_go = 0;
    return 0;
}

/* After seat laid a card (3.1 - 3.6): the next player from its left who
 * can lay one moves; those who cannot say go (once a sequence; nobody
 * after a 31, where the count simply resets). When no one can, the last
 * to lay pegs 1 for the go (not at 31) and the count resets, the next
 * player after it leading; in five-card and Noddy the play ends there
 * instead (the last card, 1). The final card of the play pegs 1 for the
 * last card (not at 31). */
static int rx_after_lay(ref *R, unsigned s)
{
    uint64_t any = 0, live[6] = {0}; /* the cards of the seats not folded */
    for (unsigned t = 0; t < R->n; t++) {
        live[t] = R->folded >> t & 1u ? 0 : R->hand[t];
        any |= live[t];
    }
    if (!any) {
        if (R->count != 31 && rx_credit(R, s, BFC_SRC_PLAY, BFC_ITEM_LAST_CARD, 1))
            return 1;
        return rx_end_play(R);
    }
    unsigned t = s;
    for (unsigned i = 0; i < R->n && R->count < 31; i++) { /* at 31 no one says go */
        t = rleft(R, t);
        if (!live[t])
            continue;
        if (rx_fits(R, t)) {
            R->to_move = (int)t;
            return 0;
        }
        if (t != s && !(R->said_go >> t & 1u)) {
            R->said_go |= 1u << t;
            if (!NEXT(BFC_EV_GO, t))
                return 1;
        }
    }
    const int ends = R->five || R->noddy;
    if (R->count != 31 && rx_credit(R, s, ends ? BFC_SRC_PLAY : BFC_SRC_GO,
                                    ends ? BFC_ITEM_LAST_CARD : BFC_ITEM_GO, 1))
        return 1;
    if (ends)
        return rx_end_play(R);
    if (rx_reset(R))
        return 1;
    t = s;
    for (unsigned i = 0; i < R->n; i++) {
        t = rleft(R, t);
        if (!(R->folded >> t & 1u) && R->hand[t]) {
            R->to_move = (int)t;
            return 0;
        }
    }
    return rx_end_play(R); /* the go folded the last seat with cards */
}

/* The play goes on after the declared points of s's card (D12): next
 * lays; or no one can, and the count resets (the player after s leading)
 * or, every card laid (five-card, Noddy: no one can lay), the play ends. */
#define ALL_LAID 254 /* the save's <resume> when the card was the play's last */
static int rx_next_layer(ref *R, unsigned s, int *next);
static int rx_go_on(ref *R, unsigned s, int next)
{
    R->phase = BFC_PHASE_PLAY;
    /* Crib Wars (D20): the points just settled folded the next layer. The
       play goes on as after any card: who lays is found again, and a go or
       last card that leaves owed is pegged, undeclared, to s (lost if s
       folded) */
    if (next >= 0 && next != ALL_LAID && (R->folded >> next & 1u))
        return rx_after_lay(R, s);
    if (next >= 0 && next != ALL_LAID) {
        R->to_move = next;
        return 0;
    }
    if (next == ALL_LAID || R->five || R->noddy)
        return rx_end_play(R);
    if (rx_reset(R))
        return 1;
    unsigned t = s;
    for (unsigned i = 0; i < R->n; i++) {
        t = rleft(R, t);
        if (!(R->folded >> t & 1u) && R->hand[t]) {
            R->to_move = (int)t;
            return 0;
        }
    }
    return rx_end_play(R);
}

/* Muggins in the play (D12, seeds 002 and 003): after s lays a card, those
 * who cannot lay say go (as without muggins), then s declares what the card
 * scores together with the go or last card it earns (when no one can lay
 * after it, not at 31). */
/* After s's card: the next seat from s's left that can lay (those before
 * it that cannot say go), -1 if none, ALL_LAID if no one holds a card. */
static int rx_next_layer(ref *R, unsigned s, int *next)
{
    int any = 0;
    for (unsigned t = 0; t < R->n; t++)
        any |= !(R->folded >> t & 1u) && R->hand[t] != 0;
    *next = any ? -1 : ALL_LAID;
    unsigned t = s;
    for (unsigned i = 0; any && i < R->n && R->count < 31; i++) {
        t = rleft(R, t);
        if ((R->folded >> t & 1u) || !R->hand[t])
            continue;
        if (rx_fits(R, t)) {
            *next = (int)t;
            break;
        }
        if (t != s && !(R->said_go >> t & 1u)) {
            R->said_go |= 1u << t;
            if (!NEXT(BFC_EV_GO, t))
                return 1;
        }
    }
    return 0;
}

static int rx_play_declared(ref *R, unsigned s, int points)
{
    int next;
    if (rx_next_layer(R, s, &next))
        return 1;
    R->owed = (next < 0 || next == ALL_LAID) && R->count != 31;
    R->resume = next;
    R->phase = BFC_PHASE_DECLARE;
    R->to_move = (int)s;
    R->declarer = (int)s;
    R->declared = -1;
    R->truth = points + R->owed;
    R->counting = 2;
    return 0;
}

/* Solitaire (3.8, D11): the crib's next card from the bottom (the blind
 * two first), the count reset first if it would pass 31; it pegs nothing;
 * then a reset if no hand card can go. */
static int rx_solitaire_after(ref *R)
{
    RX(R->sol_crib < R->ncrib);
    if (R->sol_crib >= R->ncrib)
        return R->derailed = 1;
    const bfc_card c = R->crib[R->sol_crib];
    RX((R->sol_crib < 2) == ((R->blind >> c & 1u) != 0));
    if (R->count + pips(c) > 31 && rx_reset(R))
        return 1;
    R->seq[R->nseq++] = c;
    R->count += pips(c);
    R->sol_crib++;
    const bfc_event *e = NEXT(BFC_EV_PLAY, 0);
    if (!e)
        return 1;
    RX(e->card == c && e->slot == 1 && e->points == R->count);
    if (!R->hand[0])
        return rx_end_play(R);
    if (!rx_fits(R, 0) && rx_reset(R))
        return 1;
    R->to_move = 0;
    return 0;
}

static int rx_play(ref *R, unsigned s, bfc_card c)
{
    RX((R->hand[s] >> c & 1u) && R->count + pips(c) <= 31);
    R->hand[s] &= ~bit(c);
    R->played[s] |= bit(c);
    R->seq[R->nseq++] = c;
    R->count += pips(c);
    if (R->solitaire && R->deals == 1 && R->first == BFC_CARD_NONE)
        R->first = c;
    const bfc_event *e = NEXT(BFC_EV_PLAY, s);
    if (!e)
        return 1;
    RX(e->card == c && e->slot == 0 && e->points == R->count);
    const int points = my_peg(R->seq, R->nseq, R->noddy);
    if (R->muggins)
        return rx_play_declared(R, s, points);
    if (rx_credit(R, s, BFC_SRC_PLAY, 0, points))
        return 1;
    return R->solitaire ? rx_solitaire_after(R) : rx_after_lay(R, s);
}

/* D3: with six players the dealer and partner throw out of the deal. */
static int rx_discard(ref *R, unsigned s, const bfc_card *c, int k)
{
    const int out = R->n == 6 && (s == (unsigned)R->dealer || s == (unsigned)(R->dealer + 3) % 6u);
    for (int i = 0; i < k; i++) {
        RX(R->hand[s] >> c[i] & 1u);
        const bfc_event *e = NEXT(BFC_EV_DISCARD, s);
        if (!e)
            return 1;
        RX(e->card == c[i] && e->slot == out);
        R->hand[s] &= ~bit(c[i]);
        R->thrown[s] |= bit(c[i]);
        if (!out && R->ncrib < 8)
            R->crib[R->ncrib++] = c[i];
    }
    R->discarded |= 1u << s;
    if (ones(R->discarded) < (int)R->n) {
        R->to_move = (int)rleft(R, s);
        return 0;
    }
    if (rx_starter(R))
        return 1;
    return rx_start_play(R);
}

/* Muggins (3.9): the next hand once this one is counted out, or the play
 * goes on after a card's points (D12). */
static int rx_counted(ref *R)
{
    const int play = R->counting == 2, next = R->resume;
    const unsigned d = (unsigned)R->declarer;
    R->declarer = R->declared = R->truth = R->counting = -1;
    R->resume = -1;
    R->owed = 0;
    if (play)
        return rx_go_on(R, d, next);
    R->step++;
    return rx_show(R);
}

/* The opponent of declarer s asked after seat `after` (s itself for the
 * first), from s's left; s when all have been asked (seed 003: "the first
 * person to call muggins"). */
static unsigned ref_claimer(const ref *R, unsigned s, unsigned after)
{
    unsigned t = rleft(R, after);
    while (t != s && rside(R, t) == rside(R, s))
        t = rleft(R, t);
    return t;
}

/* A declaration: whatever it is, the opponents from the declarer's left
 * are asked in turn to claim or pass (bfc.h Moves, muggins). */
static int rx_declare(ref *R, int k)
{
    const unsigned s = (unsigned)R->declarer;
    const bfc_event *e = NEXT(BFC_EV_DECLARE, s);
    if (!e)
        return 1;
    RX(e->points == k);
    R->declared = k;
    R->phase = BFC_PHASE_CLAIM;
    R->to_move = (int)ref_claimer(R, s, s);
    return 0;
}

/* A claim or a pass (3.9): claimed, an under-count gives the claimer what
 * was missed, an over-count makes the declarer peg the truth and the
 * claimer the excess, a right count gives the claimer nothing; passed, the
 * declared count stands. The declarer pegs first, then the claimer. */
static int rx_claim(ref *R, int take)
{
    const unsigned s = (unsigned)R->declarer, c = (unsigned)R->to_move;
    const int k = R->declared, t = R->truth, diff = take ? (k > t ? k - t : t - k) : 0;
    const bfc_event *e = NEXT(BFC_EV_CLAIM, c);
    if (!e)
        return 1;
    RX(e->points == diff);
    if (!take && ref_claimer(R, s, c) != s) { /* passed: the next opponent */
        R->to_move = (int)ref_claimer(R, s, c);
        return 0;
    }
    const unsigned src = R->counting == 2 ? BFC_SRC_PLAY
                         : R->counting   ? BFC_SRC_CRIB
                                         : BFC_SRC_HAND;
    if (rx_credit(R, s, src, BFC_ITEM_DECLARED, take && k > t ? t : k))
        return 1;
    if (rx_credit(R, c, BFC_SRC_MUGGINS, BFC_ITEM_MUGGINS, diff))
        return 1;
    return rx_counted(R);
}

/* The legal moves RULES allows, ascending. */
static int ref_legal(const ref *R, bfc_move *out)
{
    int n = 0;
    if (R->over)
        return 0;
    const uint64_t h = R->to_move >= 0 ? R->hand[R->to_move] : 0;
    switch (R->phase) {
    case BFC_PHASE_DISCARD:
        for (uint64_t a = h; a; a &= a - 1) {
            const int x = lowest(a);
            if (throw_per(R) == 1) {
                out[n++] = (bfc_move)(BFC_MOVE_DISCARD + (unsigned)x);
                continue;
            }
            /* the pair's index: the pairs before it in the order 0 1, 0 2, ... */
            int index = 0;
            for (int i = 0; i < x; i++)
                index += 51 - i;
            for (uint64_t b = a & (a - 1); b; b &= b - 1)
                out[n++] = (bfc_move)(BFC_MOVE_DISCARD2 + (unsigned)(index + lowest(b) - x - 1));
        }
        break;
    case BFC_PHASE_PLAY:
        for (uint64_t a = h; a; a &= a - 1)
            if (pips((bfc_card)lowest(a)) <= 31 - R->count)
                out[n++] = (bfc_move)(BFC_MOVE_PLAY + (unsigned)lowest(a));
        break;
    case BFC_PHASE_DECLARE: /* D18: 0 to the most those cards can score */
        for (int i = 0; i <= d18_most(R->r.variant, R->counting); i++)
            out[n++] = d18_move(i);
        break;
    case BFC_PHASE_CLAIM:
        out[n++] = BFC_MOVE_CLAIM;
        out[n++] = BFC_MOVE_PASS;
        break;
    default:
        break;
    }
    return n;
}

/* Takes every fact from a position (a new game, or after a failure). */
static void ref_adopt(ref *R, const bfc_game *g)
{
    saved p;
    const int rc = parse_save(save_text(g), &p);
    RX(rc == 0);
    R->phase = bfc_game_phase(g);
    R->to_move = bfc_game_to_move(g);
    R->dealer = p.dealer;
    R->deals = p.deals;
    R->over = bfc_game_over(g);
    R->winner = bfc_game_winner(g);
    R->winning_seat = bfc_game_winning_seat(g);
    bfc_game_scores(g, R->score, 6);
    bfc_game_match_scores(g, R->match, 6);
    memcpy(R->hand, p.hand, sizeof R->hand);
    memcpy(R->played, p.played, sizeof R->played);
    memcpy(R->thrown, p.thrown, sizeof R->thrown);
    R->gone = p.gone;
    memcpy(R->crib, p.crib, sizeof R->crib);
    R->ncrib = p.ncrib;
    memcpy(R->deck, p.deck, sizeof R->deck);
    R->ndeck = p.ndeck;
    memcpy(R->seq, p.seq, sizeof R->seq);
    R->nseq = p.nseq;
    R->count = 0;
    for (int i = 0; i < R->nseq; i++)
        R->count += pips(R->seq[i]);
    R->starter = p.starter;
    R->first = p.first;
    R->said_go = p.said_go > 0 ? (unsigned)p.said_go : 0;
    R->discarded = 0;
    for (unsigned s = 0; s < R->n; s++)
        if (R->phase != BFC_PHASE_DISCARD || p.thrown[s])
            R->discarded |= 1u << s;
    R->step = p.step;
    R->shown = p.shown > 0 ? (unsigned)p.shown : 0;
    R->declarer = p.declarer;
    R->declared = p.declared;
    R->truth = p.truth;
    R->counting = p.counting;
    R->resume = p.resume;
    R->owed = p.owed;
    R->sol_crib = p.sol_laid / 2;
    R->folded = (unsigned)p.folded;
    R->boxed = p.boxed;
    R->box_left = p.box_left;
    R->free_crib = 0;
    R->blind = 0;
    for (int i = 0; i < 2 && i < R->ncrib && R->solitaire; i++)
        R->blind |= bit(R->crib[i]);
}

static ref *ref_new(const bfc_game *g)
{
    ref *R = calloc(1, sizeof *R);
    if (!R || !g) {
        free(R);
        CHECK(!"reference");
        return NULL;
    }
    R->r = *bfc_game_rules(g);
    R->n = (unsigned)R->r.players;
    R->sides = (unsigned)bfc_game_sides(g);
    R->noddy = R->r.variant == BFC_VARIANT_NODDY;
    R->five = R->r.variant == BFC_VARIANT_FIVE_CARD;
    R->seven = R->r.variant == BFC_VARIANT_SEVEN_CARD;
    R->solitaire = R->r.variant == BFC_VARIANT_SOLITAIRE;
    R->muggins = (R->r.flags & BFC_RULE_MUGGINS) != 0;
    R->backward = (R->r.flags & BFC_RULE_BACKWARD) != 0;
    ref_adopt(R, g);
    R->before = bfc_game_clone(g);
    if (!R->before) {
        free(R);
        CHECK(!"reference");
        return NULL;
    }
    return R;
}

static void ref_free(ref *R)
{
    if (R)
        bfc_game_free(R->before);
    free(R);
}
static long ref_failures(const ref *R) { return R ? R->bad : 1; }

/* The state after the move against the game's. */
static void ref_compare(ref *R, const bfc_game *g, const saved *p)
{
    RX(bfc_game_phase(g) == R->phase);
    RX(bfc_game_to_move(g) == (R->over ? -1 : R->to_move));
    RX(bfc_game_over(g) == R->over);
    int s[6] = {0};
    RX(bfc_game_scores(g, s, 6) == (int)R->sides);
    for (unsigned i = 0; i < R->sides; i++)
        RX(s[i] == R->score[i]);
    RX(bfc_game_match_scores(g, s, 6) == (int)R->sides);
    for (unsigned i = 0; i < R->sides; i++)
        RX(s[i] == R->match[i]);
    RX(p->dealer == R->dealer && p->deals == R->deals);
    for (unsigned t = 0; t < R->n; t++)
        RX(p->hand[t] == R->hand[t] && p->played[t] == R->played[t] &&
           p->thrown[t] == R->thrown[t]);
    /* the crib as a set; the order matters only for solitaire's blind two,
     * which go first (3.8); then the game's order is taken */
    uint64_t c1 = 0, c2 = 0;
    for (int i = 0; i < p->ncrib; i++)
        c1 |= bit(p->crib[i]);
    for (int i = 0; i < R->ncrib; i++)
        c2 |= bit(R->crib[i]);
    RX(p->ncrib == R->ncrib && c1 == c2);
    if (R->solitaire && !R->free_crib && p->ncrib >= 2)
        RX((bit(p->crib[0]) | bit(p->crib[1])) == R->blind);
    if (p->ncrib == R->ncrib)
        memcpy(R->crib, p->crib, (size_t)p->ncrib);
    RX(p->ndeck == R->ndeck && !memcmp(p->deck, R->deck, (size_t)R->ndeck));
    RX(p->starter == R->starter && p->gone == R->gone && p->first == R->first);
    RX(p->nseq == R->nseq && !memcmp(p->seq, R->seq, (size_t)R->nseq));
    RX(p->folded == (int)R->folded && p->boxed == R->boxed && p->box_left == R->box_left);
    if (R->over) {
        RX(bfc_game_winner(g) == R->winner && bfc_game_winning_seat(g) == R->winning_seat);
        RX(bfc_game_value(g) == ref_value(R, R->winner));
    } else if (R->phase == BFC_PHASE_DECLARE || R->phase == BFC_PHASE_CLAIM) {
        RX(p->truth == R->truth && p->declarer == R->declarer && p->counting == R->counting &&
           p->resume == R->resume && p->owed == R->owed);
    }
}

/* Applies m to g and checks its events and the position after it. */
static int ref_apply(ref *R, bfc_game *g, bfc_move m)
{
    if (!R || !g)
        return -1;
    bfc_game_copy(R->before, g);
    R->move = m;
    R->moves++;
    bfc_move L[BFC_MAX_MOVES + 8];
    const int nl = ref_legal(R, L);
    int ok = 0;
    for (int i = 0; i < nl; i++)
        ok |= L[i] == m;
    NEV = 0;
    const int rc = bfc_game_apply(g, m, EV, BFC_MAX_EVENTS, &NEV);
    R->ev = EV;
    R->nev = NEV < BFC_MAX_EVENTS ? NEV : BFC_MAX_EVENTS;
    R->at = 0;
    R->derailed = 0;
    RX(rc == (ok ? BFC_OK : BFC_EILLEGAL));
    if (rc != BFC_OK)
        return rc;
    static saved post;
    RX(parse_save(save_text(g), &post) == 0);
    R->post = &post;
    if (NEV > BFC_MAX_EVENTS) {
        ref_adopt(R, g);
        return rc;
    }
    for (size_t i = 0; i < R->nev; i++) {
        const bfc_event *e = &EV[i];
        RX(e->seat < R->n);
        if (e->type != BFC_EV_GAME_OVER)
            RX(e->side == rside(R, e->seat));
    }
    const unsigned s = (unsigned)R->to_move;
    if (m >= BFC_MOVE_DECLARE && m < BFC_MOVE_CLAIM) {
        rx_declare(R, m - BFC_MOVE_DECLARE);
    } else if (m >= BFC_MOVE_DECLARE_HIGH) { /* D18: 32 and up, after pass */
        rx_declare(R, m - BFC_MOVE_DECLARE_HIGH + 32);
    } else if (m == BFC_MOVE_CLAIM || m == BFC_MOVE_PASS) {
        rx_claim(R, m == BFC_MOVE_CLAIM);
    } else if (m >= BFC_MOVE_DISCARD2) {
        /* the two cards of the pair index, by walking the pairs in order */
        int index = m - BFC_MOVE_DISCARD2, a = 0;
        while (index >= 51 - a) {
            index -= 51 - a;
            a++;
        }
        const bfc_card c[2] = {(bfc_card)a, (bfc_card)(a + 1 + index)};
        rx_discard(R, s, c, 2);
    } else if (m >= BFC_MOVE_DISCARD) {
        const bfc_card c = (bfc_card)(m - BFC_MOVE_DISCARD);
        rx_discard(R, s, &c, 1);
    } else {
        rx_play(R, s, (bfc_card)(m - BFC_MOVE_PLAY));
    }
    if (!R->derailed)
        RX(R->at == R->nev);
    const long before = R->bad;
    ref_compare(R, g, &post);
    if (R->bad != before || R->derailed)
        ref_adopt(R, g);
    return rc;
}

/* ===========================================================================
 * Seeded random games: the reference after every move, and the invariants
 * of every position
 * ======================================================================== */

typedef struct stats {
    long games, positions, moves, worlds, worlds_changed, illegal, bad;
    long wins, lost, overflow;
    long board[8]; /* BFC_EV_BOARD events of each kind (slot) */
} stats;

static char pos_context[TEXT_MAX];

/* Reports a failed invariant: the first two of each kind (line) in full. */
static void pos_fail(stats *x, const char *what, int line)
{
    static int lines[16], times[16];
    int k = 0;
    while (k < 16 && lines[k] && lines[k] != line)
        k++;
    if (k < 16) {
        lines[k] = line;
        times[k]++;
    }
    x->bad++;
    if (k < 16 && times[k] <= 2)
        fprintf(stderr, "FAIL %s (line %d): %s\n  at:\n%s", harness_current, line, what,
                pos_context);
}

#define PX(cond)                                                                          \
    do {                                                                                  \
        if (!(cond))                                                                      \
            pos_fail(x, #cond, __LINE__);                                                 \
    } while (0)

/* What seat v may know (bfc.h Observation): its own hand and throws, every
 * card laid, the starter, the hands and crib counted (shown), solitaire's
 * used cards and the crib cards laid, the cut for the deal. */
static uint64_t known_to(const ref *R, unsigned v, const bfc_observation *o)
{
    uint64_t k = R->hand[v] | R->thrown[v] | R->gone | o->judged;
    for (unsigned s = 0; s < R->n; s++) {
        k |= R->played[s];
        if (R->shown >> s & 1u)
            k |= R->played[s] | R->hand[s];
    }
    if (R->shown & 0x80u)
        for (int i = 0; i < R->ncrib; i++)
            k |= bit(R->crib[i]);
    for (int i = 0; i < R->sol_crib && R->solitaire; i++)
        k |= bit(R->crib[i]);
    if (R->starter < 52)
        k |= bit(R->starter);
    for (unsigned s = 0; s < R->n; s++)
        if (o->cut[s] < 52)
            k |= bit(o->cut[s]);
    return k;
}

/* Seat v's observation against the reference (bfc.h Observation, D7). */
static void check_observation(stats *x, const ref *R, unsigned v, const bfc_observation *o)
{
    PX(o->seat == v && o->players == R->n && o->sides == R->sides && o->phase == R->phase);
    PX(o->dealer == R->dealer && o->over == R->over && o->skirmish == (unsigned)R->deals);
    PX(o->to_move == (R->over ? NONE8 : (unsigned)R->to_move));
    PX(o->winner == (R->over && R->winner >= 0 ? (unsigned)R->winner : NONE8));
    for (unsigned s = 0; s < R->sides; s++)
        PX(o->score[s] == R->score[s]);
    PX(o->starter == R->starter && o->count == R->count && o->nseq == R->nseq);
    PX(!memcmp(o->seq, R->seq, (size_t)R->nseq));
    /* the hand field is the observer's own; the others only by count */
    PX(o->hand == R->hand[v] && o->thrown == R->thrown[v]);
    for (unsigned s = 0; s < R->n; s++) {
        PX(o->played[s] == R->played[s] && o->held_by[s] == ones(R->hand[s]));
        PX(o->shown[s] == ((R->shown >> s & 1u) ? R->played[s] | R->hand[s] : 0));
    }
    uint64_t crib = 0, laid = 0;
    for (int i = 0; i < R->ncrib; i++)
        crib |= bit(R->crib[i]);
    for (int i = 0; i < R->sol_crib && R->solitaire && i < R->ncrib; i++)
        laid |= bit(R->crib[i]);
    PX(o->crib == R->ncrib);
    PX(o->crib_cards == ((R->shown & 0x80u) ? crib : laid));
    PX(o->out_of_play == R->gone);
    PX(o->folded == R->folded && o->box_deals == R->box_left &&
       o->boxed == (R->boxed < 0 ? NONE8 : (unsigned)R->boxed));
    /* the Battlefield fields: none in a classic game (bfc.h: held "else
     * NONE", turn_card "else BFC_CARD_NONE") */
    PX(o->held == BFC_CARD_NONE && o->turn_card == BFC_CARD_NONE && o->frontline.n == 0);
    const int counting = R->phase == BFC_PHASE_DECLARE || R->phase == BFC_PHASE_CLAIM;
    if (counting) {
        PX(o->declarer == (unsigned)R->declarer && o->counting == (unsigned)R->counting);
        PX(o->declared == (R->phase == BFC_PHASE_CLAIM ? (unsigned)R->declared : NONE8));
        /* the hand or crib declared, on the table; Noddy's hands unseen;
           in the play (D12), the cards laid since the count was reset */
        uint64_t seq = 0;
        for (int i = 0; i < R->nseq; i++)
            seq |= bit(R->seq[i]);
        PX(o->judged == (R->counting == 2 ? seq
                         : R->noddy       ? 0
                         : R->counting    ? crib
                                          : R->played[R->declarer] | R->hand[R->declarer]));
        PX(o->owed == (R->counting == 2 ? (unsigned)R->owed : 0u));
    } else {
        PX(o->declarer == NONE8 && o->declared == NONE8 && o->judged == 0);
    }
    uint64_t seen = o->hand | o->thrown | o->crib_cards | o->judged | o->out_of_play;
    for (unsigned s = 0; s < R->n; s++)
        seen |= o->played[s] | o->shown[s];
    PX((seen & ~known_to(R, v, o)) == 0);
}

/* The observation's text names no card the observer has not seen. */
static void check_observation_text(stats *x, const ref *R, unsigned v, const bfc_observation *o)
{
    char text[4096];
    const int len = bfc_observation_format(o, 0, text, sizeof text);
    PX(len > 0 && (size_t)len < sizeof text);
    if (len <= 0 || (size_t)len >= sizeof text)
        return;
    const uint64_t k = known_to(R, v, o);
    static char tok[256][24];
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        const size_t l = e ? (size_t)(e - p) : strlen(p);
        const int nt = split(p, l, tok, 256);
        for (int i = 0; i < nt; i++) {
            char *t = tok[i];
            if (i > 0 && !strcmp(tok[i - 1], "holding"))
                continue; /* the held card: checked in check_observation */
            size_t tl = strlen(t);
            while (tl && (t[tl - 1] == ';' || t[tl - 1] == ',' || t[tl - 1] == ':'))
                t[--tl] = 0;
            bfc_card c;
            if (tl == 2 && t[0] >= '1' && bfc_card_parse(t, &c) == BFC_OK && c < 52 &&
                t[1] >= 'A' && !(k >> c & 1u)) {
                char what[64];
                snprintf(what, sizeof what, "seat %u's text shows %.8s", v, t);
                pos_fail(x, what, __LINE__);
            }
        }
        p += l + (e ? 1 : 0);
    }
}

static int in_list(const bfc_move *L, int n, unsigned m)
{
    for (int i = 0; i < n; i++)
        if (L[i] == m)
            return 1;
    return 0;
}

/* The true count of the hand or crib being declared, from a save. */
static int saved_truth(const saved *p, int players, int variant)
{
    bfc_card cards[8];
    int m;
    if (p->counting == 2) /* D12: the card just laid, and the go it earns */
        return my_peg(p->seq, p->nseq, variant == BFC_VARIANT_NODDY) + p->owed;
    if (p->counting == 1) {
        m = p->ncrib;
        memcpy(cards, p->crib, (size_t)m);
    } else {
        if (p->declarer < 0 || p->declarer >= players)
            return -1;
        m = list_of(p->hand[p->declarer] | p->played[p->declarer], cards);
    }
    bfc_hand_score hs;
    return brute_show(cards, m, p->starter,
                      (p->counting == 1 ? BFC_CRIB : 0u) |
                          (variant == BFC_VARIANT_NODDY ? BFC_NODDY : 0u),
                      &hs);
}

/* Every invariant of a position before a move. */
static void check_position(stats *x, const ref *R, bfc_game *g, uint64_t *rnd, int heavy)
{
    x->positions++;
    static char s1[TEXT_MAX], s2[TEXT_MAX];
    const int l1 = bfc_game_save(g, s1, sizeof s1);
    PX(l1 > 0 && (size_t)l1 < sizeof s1);
    snprintf(pos_context, sizeof pos_context, "%s", s1);
    saved p;
    PX(parse_save(s1, &p) == 0);
    PX(conserved(&p, (int)R->n, p.dealer) == 0);
    if (p.phase == BFC_PHASE_DECLARE || p.phase == BFC_PHASE_CLAIM)
        PX(saved_truth(&p, (int)R->n, R->r.variant) == p.truth);
    /* the legal moves: RULES's, the game's, the mover's observation's */
    bfc_move L[BFC_MAX_MOVES + 8], X[BFC_MAX_MOVES + 8];
    const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
    const int nx = ref_legal(R, X);
    PX(n == nx && n <= BFC_MAX_MOVES && !memcmp(L, X, (size_t)(n > 0 ? n : 0) * sizeof *L));
    PX(R->over ? n == 0 : n >= 1);
    for (unsigned v = 0; v < R->n; v++) {
        bfc_observation o;
        PX(bfc_game_observe(g, (int)v, &o) == BFC_OK);
        check_observation(x, R, v, &o);
        bfc_move O[BFC_MAX_MOVES];
        const int no = bfc_observation_legal_moves(&o, O, BFC_MAX_MOVES);
        if (!R->over && v != (unsigned)R->to_move &&
            (R->phase == BFC_PHASE_DISCARD || R->phase == BFC_PHASE_PLAY))
            PX(no == BFC_EHIDDEN);
        else
            PX(no == n && !memcmp(O, L, (size_t)(n > 0 ? n : 0) * sizeof *L));
        if (heavy)
            check_observation_text(x, R, v, &o);
        /* the bots answer a legal move from the mover's observation */
        if (heavy && !R->over && v == (unsigned)R->to_move) {
            uint64_t br = *rnd | 1u;
            bfc_move b = BFC_MOVE_NONE;
            PX(bfc_bot_random(&o, &br, &b) == BFC_OK && in_list(L, n, b));
            b = BFC_MOVE_NONE;
            PX(bfc_bot_greedy(&o, &br, &b) == BFC_OK && in_list(L, n, b));
        }
    }
    /* save -> load -> save: the same text */
    bfc_game *h = NULL;
    PX(bfc_game_load(&h, s1) == BFC_OK);
    if (h) {
        PX(bfc_game_save(h, s2, sizeof s2) == l1 && !strcmp(s1, s2));
        bfc_game_free(h);
    }
    /* illegal moves: refused, nothing changed (the save compared now and
     * then, and after all of them). Heavy positions try every id; others a
     * sample. */
    size_t tries = heavy ? BFC_MOVE_COUNT : 40;
    for (size_t i = 0; i < tries; i++) {
        const unsigned m = heavy ? (unsigned)i : test_rnd(rnd, BFC_MOVE_COUNT);
        if (in_list(L, n, m))
            continue;
        size_t nev = 777;
        x->illegal++;
        PX(bfc_game_apply(g, (bfc_move)m, EV, BFC_MAX_EVENTS, &nev) == BFC_EILLEGAL && nev == 777);
        if (i % 331 == 3) {
            bfc_game_save(g, s2, sizeof s2);
            PX(!strcmp(s1, s2));
        }
    }
    PX(bfc_game_apply(g, BFC_MOVE_NONE, NULL, 0, NULL) == BFC_EILLEGAL);
    bfc_game_save(g, s2, sizeof s2);
    PX(!strcmp(s1, s2));
    /* determinization: what the seat sees is unchanged, the world is a
     * consistent game that plays on; a finished game is refused, unchanged
     * (issue 29) */
    if (R->over) {
        bfc_game *w = bfc_game_clone(g);
        PX(w != NULL);
        if (w) {
            PX(bfc_game_determinize(w, (int)test_rnd(rnd, R->n), splitmix(rnd)) == BFC_EINVAL);
            bfc_game_save(w, s2, sizeof s2);
            PX(!strcmp(s1, s2));
            bfc_game_free(w);
        }
    } else if (heavy || test_rnd(rnd, 4) == 0) {
        bfc_game *w = bfc_game_clone(g);
        PX(w != NULL);
        if (w) {
            const unsigned v = test_rnd(rnd, R->n);
            bfc_observation o1, o2;
            bfc_game_observe(g, (int)v, &o1);
            PX(bfc_game_determinize(w, (int)v, splitmix(rnd)) == BFC_OK);
            bfc_game_observe(w, (int)v, &o2);
            PX(!memcmp(&o1, &o2, sizeof o1));
            x->worlds++;
            const int ls = bfc_game_save(w, s2, sizeof s2);
            x->worlds_changed += strcmp(s1, s2) != 0;
            saved q;
            PX(ls > 0 && parse_save(s2, &q) == 0 && conserved(&q, (int)R->n, q.dealer) == 0);
            if (q.phase == BFC_PHASE_DECLARE || q.phase == BFC_PHASE_CLAIM)
                PX(saved_truth(&q, (int)R->n, R->r.variant) == q.truth);
            bfc_game *h2 = NULL;
            PX(bfc_game_load(&h2, s2) == BFC_OK);
            bfc_game_free(h2);
            h2 = NULL;
            bfc_move D[BFC_MAX_MOVES];
            const int nd = bfc_game_legal_moves(w, D, BFC_MAX_MOVES);
            if (R->over || v == (unsigned)R->to_move || R->phase == BFC_PHASE_DECLARE ||
                R->phase == BFC_PHASE_CLAIM)
                PX(nd == n && !memcmp(D, L, (size_t)(n > 0 ? n : 0) * sizeof *L));
            /* the world plays on: a few random moves, a loadable save */
            for (int k = 0; k < (heavy ? 12 : 2) && !bfc_game_over(w); k++) {
                const int nw = bfc_game_legal_moves(w, D, BFC_MAX_MOVES);
                PX(nw >= 1);
                if (nw < 1)
                    break;
                PX(bfc_game_apply(w, D[test_rnd(rnd, (unsigned)nw)], NULL, 0, NULL) == BFC_OK);
            }
            PX(bfc_game_save(w, s2, sizeof s2) > 0 && bfc_game_load(&h2, s2) == BFC_OK);
            bfc_game_free(h2);
            bfc_game_free(w);
        }
    }
}

/* A new game from RULES: five-card's 3 for the non-dealer (3.5); Noddy's
 * heels and hand counts from the dealer's left (3.6, not under muggins),
 * pegged in that order, so that a low target may end the game at once. */
static void check_new_game(stats *x, ref *R, const bfc_game *g, int dealer)
{
    if (R->r.board.n) { /* Crib Wars: landings are checked move by move */
        PX(R->deals == 1 && (dealer < 0 || R->dealer == dealer));
        return;
    }
    int want[6] = {0}, over = 0, wseat = -1;
    const unsigned d = (unsigned)R->dealer, first = R->n == 1 ? 0u : rleft(R, d);
#define PEG(seat, pts)                                                                    \
    do {                                                                                  \
        if (!over && (pts) > 0) {                                                         \
            want[rside(R, seat)] += (pts);                                                \
            if (!R->solitaire && want[rside(R, seat)] >= rtarget(R, rside(R, seat))) {    \
                over = 1;                                                                 \
                wseat = (int)(seat);                                                      \
            }                                                                             \
        }                                                                                 \
    } while (0)
    if (R->five)
        PEG(first, 3);
    if (R->noddy) {
        if (rank_of(R->starter) == 11 &&
            !((R->r.flags & BFC_RULE_NO_LATE_HEELS) && 0 >= rtarget(R, rside(R, d)) - 3))
            PEG(d, 2);
        for (unsigned i = 0, s = first; i < R->n && !R->muggins; i++, s = rleft(R, s)) {
            bfc_card h[3];
            bfc_hand_score hs;
            PX(list_of(R->hand[s], h) == 3);
            PEG(s, brute_show(h, 3, R->starter, BFC_NODDY, &hs));
        }
    }
#undef PEG
    int got[6] = {0};
    bfc_game_scores(g, got, 6);
    for (unsigned s = 0; s < R->sides; s++)
        PX(got[s] == want[s]);
    PX(R->over == over && R->deals == 1);
    for (unsigned s = 0; s < R->n; s++)
        PX(ones(R->hand[s]) == dealt_per(R));
    if (dealer >= 0)
        PX(R->dealer == dealer);
    if (over) {
        int w, ws;
        ref_winner(R, (unsigned)wseat, &w, &ws);
        PX(R->winner == w && R->winning_seat == ws);
        PX(bfc_game_value(g) == ref_value(R, w));
        return;
    }
    PX(R->to_move == (int)first);
    if (R->noddy) {
        PX(R->phase == (R->muggins ? BFC_PHASE_DECLARE : BFC_PHASE_PLAY));
    } else {
        PX(R->phase == BFC_PHASE_DISCARD && R->starter == BFC_CARD_NONE);
        PX(R->ncrib == (R->solitaire ? 2 : R->n == 3 && !R->five && !R->seven ? 1 : 0));
    }
}

/* One seeded random game, every position and move checked. The mover
 * picks a random legal move; under muggins the true count half the time. */
/* D15: who deals the next game of a finished one: the winning seat (seat
 * 0 after a lost solitaire game); a loser: the lowest score, ties to the
 * first from the winner's left, that side's seat nearest the winner's
 * left; or the seat left of the last deal's dealer. */
static int ref_next_dealer(const bfc_game *g)
{
    const bfc_rules *r = bfc_game_rules(g);
    const int n = r->players, ws = bfc_game_winning_seat(g) < 0 ? 0 : bfc_game_winning_seat(g);
    int score[6];
    bfc_game_scores(g, score, 6);
    saved p;
    parse_save(save_text(g), &p);
    if (r->next_dealer == BFC_NEXT_LEFT)
        return (p.dealer + 1) % n;
    if (r->next_dealer != BFC_NEXT_LOSER)
        return ws;
    int best = -1;
    for (int i = 1; i < n; i++) {
        const int s = (ws + i) % n, d = (int)side_of(r, (unsigned)s);
        if (d != bfc_game_winner(g) &&
            (best < 0 || score[d] < score[side_of(r, (unsigned)best)]))
            best = s;
    }
    return best < 0 ? ws : best;
}

static void random_game(const bfc_rules *r, uint64_t seed, stats *x)
{
    int st = -99;
    bfc_game *g = bfc_game_new(r, seed, &st);
    PX(g != NULL && st == BFC_OK);
    if (!g)
        return;
    ref *R = ref_new(g);
    if (!R) {
        bfc_game_free(g);
        return;
    }
    x->games++;
    snprintf(pos_context, sizeof pos_context, "%s", save_text(g));
    check_new_game(x, R, g, r->first_dealer);
    uint64_t rnd = seed * 0x9E3779B97F4A7C15u + 7;
    for (int k = 0; k < 4000; k++) {
        const int heavy = k % 8 == 0 || x->games % 16 == 0;
        check_position(x, R, g, &rnd, heavy);
        if (bfc_game_over(g))
            break;
        bfc_move L[BFC_MAX_MOVES];
        const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
        if (n < 1)
            break;
        bfc_move m = L[test_rnd(&rnd, (unsigned)n)];
        if (bfc_game_phase(g) == BFC_PHASE_DECLARE && test_rnd(&rnd, 2) && R->truth >= 0)
            m = d18_move(R->truth);
        x->moves++;
        ref_apply(R, g, m);
        x->overflow += NEV > BFC_MAX_EVENTS;
        for (size_t i = 0; i < NEV && i < BFC_MAX_EVENTS; i++)
            if (EV[i].type == BFC_EV_BOARD)
                x->board[EV[i].slot & 7u]++;
    }
    PX(bfc_game_over(g) == 1);
    const int ws = bfc_game_winning_seat(g);
    const int next = ref_next_dealer(g);
    x->wins += bfc_game_winner(g) >= 0;
    x->lost += bfc_game_winner(g) < 0;
    x->bad += R->bad;
    ref_free(R);
    /* the next game of a match: the dealer D15 names (by default the seat
     * that won, RULES 4.2; seat 0 after a lost solitaire game), scores from
     * 0, the deal's points again; none once the match is won */
    if (seed % 4 == 0 && bfc_game_match_winner(g) >= 0) {
        PX(bfc_game_next(g) == BFC_EINVAL);
    } else if (seed % 4 == 0) {
        (void)ws;
        PX(bfc_game_next(g) == BFC_OK);
        R = ref_new(g);
        if (R) {
            check_new_game(x, R, g, next);
            check_position(x, R, g, &rnd, 1);
            x->bad += R->bad;
        }
        ref_free(R);
    }
    bfc_game_free(g);
}

/* A random Crib Wars board (bfc.h): up to 16 special holes below `max`
 * (at most 255), targets below max + 10, none of them special. */
static void random_board(bfc_board *b, uint64_t *y, int max)
{
    memset(b, 0, sizeof *b);
    int kind[256] = {0};
    const int want = 1 + (int)(splitmix(y) % BFC_BOARD_MAX);
    for (int i = 0; i < want; i++)
        kind[1 + (int)(splitmix(y) % (unsigned)max)] = 1 + (int)(splitmix(y) % 4);
    const int top = max + 10 > 255 ? 255 : max + 10;
    for (int at = 1; at < 256; at++) {
        if (!kind[at])
            continue;
        int to = 0, k = kind[at];
        for (int tries = 0; k != BFC_HOLE_PENALTY_BOX && tries < 64; tries++) {
            const int lo = k == BFC_HOLE_TIME_TRAP ? 0 : at + 1;
            to = lo > top ? -1 : lo + (int)(splitmix(y) % (unsigned)(top - lo + 1));
            if (to >= 0 && to != at && !kind[to])
                break;
            to = -1;
        }
        if (to < 0) { /* no room: a box */
            k = BFC_HOLE_PENALTY_BOX;
            to = 0;
        }
        kind[at] = k;
        b->hole[b->n].at = (uint8_t)at;
        b->hole[b->n].kind = (uint8_t)k;
        b->hole[b->n].to = (uint8_t)to;
        b->n++;
    }
}

static void random_games_on(const char *name, int variant, int players, int teams,
                            unsigned flags, int count, uint64_t seed0, int board);
/* Board effects seen over all the Crib Wars runs. */
static long board_seen[8];

/* A few hundred games of one kind: random targets (the usual one half the
 * time), values, first dealers and the late-heels option. */
static void random_games(const char *name, int variant, int players, int teams, unsigned flags,
                         int count, uint64_t seed0)
{
    random_games_on(name, variant, players, teams, flags, count, seed0, 0);
}

/* The same on Crib Wars boards (board 1): the example board or a random
 * one, crowded, on short games. */
static void random_games_on(const char *name, int variant, int players, int teams,
                            unsigned flags, int count, uint64_t seed0, int board)
{
    stats x;
    memset(&x, 0, sizeof x);
    for (int i = 0; i < count; i++) {
        uint64_t y = seed0 * 1000003u + (uint64_t)i;
        bfc_rules r;
        bfc_rules_init_variant(&r, variant);
        r.players = players;
        r.teams = teams;
        r.flags = flags | (splitmix(&y) % 4 == 0 ? BFC_RULE_NO_LATE_HEELS : 0u);
        if (splitmix(&y) % 2)
            r.target = 1 + (int)(splitmix(&y) % (unsigned)r.target);
        r.value = (int)(splitmix(&y) % 4);
        r.first_dealer = splitmix(&y) % 3 == 0 ? BFC_DEALER_CUT
                                               : (int)(splitmix(&y) % (unsigned)players);
        if (flags & BFC_RULE_PARTNERS_BY_CUT) /* D16: the cut decides */
            r.first_dealer = BFC_DEALER_CUT;
        if ((flags & BFC_RULE_CAPTAIN) && r.first_dealer > 0) /* 3.10: the captain deals */
            r.first_dealer = 0;
        /* D15, RULES 5: who deals the next game, match play, who pays */
        r.next_dealer = (int)(splitmix(&y) % 3);
        if (splitmix(&y) % 3 == 0 && variant != BFC_VARIANT_SOLITAIRE) {
            r.match = 1 + (int)(splitmix(&y) % 7);
            r.match_points = (int)(splitmix(&y) % 6);
        }
        if (bfc_rules_sides(&r) >= 3 && variant != BFC_VARIANT_SOLITAIRE)
            r.flags |= (unsigned[]){0, 0, BFC_RULE_PAY_BEST_LOSER,
                                    BFC_RULE_PAY_WORST_LOSER}[splitmix(&y) % 4];
        if (board && splitmix(&y) % 3 == 0) {
            bfc_board_example(&r.board);
            r.target = 121;
        } else if (board) {
            r.target = 20 + (int)(splitmix(&y) % 100);
            random_board(&r.board, &y, r.target + 5 > 255 ? 255 : r.target + 5);
        }
        if (bfc_rules_check(&r) != BFC_OK)
            pos_fail(&x, "random rules refused", __LINE__);
        random_game(&r, splitmix(&y), &x);
    }
    printf("%-24s %4ld games, %6ld positions, %6ld moves, %ld worlds (%ld changed), "
           "%ld illegal tried\n",
           name, x.games, x.positions, x.moves, x.worlds, x.worlds_changed, x.illegal);
    if (x.bad)
        fprintf(stderr, "%s: %ld failures\n", name, x.bad);
    INT_EQ(x.bad, 0);
    CHECK(x.games == count);
    CHECK(x.worlds_changed > x.worlds / 4);
    CHECK(x.overflow == 0);
    if (variant == BFC_VARIANT_SOLITAIRE)
        CHECK(x.wins > 0 && x.lost > 0);
    if (board) {
        printf("%-24s board: red %ld, trap %ld, box %ld, green %ld, ahead %ld, out %ld, "
               "lost %ld\n",
               "", x.board[1], x.board[2], x.board[3], x.board[4], x.board[5], x.board[6],
               x.board[7]);
        for (int k = 0; k < 8; k++)
            board_seen[k] += x.board[k];
        /* with two sides a box sends the lander back, so no one sits in it */
        CHECK(x.board[BFC_BOARD_OUT] == 0 || (teams ? players / 2 : players) == 3);
    }
}

static void test_classic__random_classic(void)
{
    const int n = 200 / harness_quick;
    random_games("classic 2", BFC_VARIANT_CLASSIC, 2, 0, 0, n, 1);
    random_games("classic 3", BFC_VARIANT_CLASSIC, 3, 0, 0, n, 2);
    random_games("classic 4 teams", BFC_VARIANT_CLASSIC, 4, 1, 0, n, 3);
    random_games("classic 6 teams", BFC_VARIANT_CLASSIC, 6, 1, 0, n, 4);
    /* RULES 3.10: four players without partners; captain's cribbage; D16 */
    random_games("classic 4 alone", BFC_VARIANT_CLASSIC, 4, 0, 0, n, 40);
    random_games("captain's", BFC_VARIANT_CLASSIC, 3, 0, BFC_RULE_CAPTAIN, n, 41);
    random_games("classic 4 partners by cut", BFC_VARIANT_CLASSIC, 4, 1, BFC_RULE_PARTNERS_BY_CUT,
                 n, 42);
    random_games("classic 6 partners by cut", BFC_VARIANT_CLASSIC, 6, 1, BFC_RULE_PARTNERS_BY_CUT,
                 n, 43);
    random_games("seven-card", BFC_VARIANT_SEVEN_CARD, 2, 0, 0, n, 46);
}

/* Crib Wars (RULES 3.9): every game that may have a board, on the example
 * board and on random crowded ones. */
static void test_classic__rules_3_9_random_crib_wars(void)
{
    const int n = 150 / harness_quick;
    random_games_on("crib wars classic 2", BFC_VARIANT_CLASSIC, 2, 0, 0, n, 31, 1);
    random_games_on("crib wars classic 3", BFC_VARIANT_CLASSIC, 3, 0, 0, n, 32, 1);
    random_games_on("crib wars classic 4t", BFC_VARIANT_CLASSIC, 4, 1, 0, n, 33, 1);
    random_games_on("crib wars classic 6t", BFC_VARIANT_CLASSIC, 6, 1, 0, n, 34, 1);
    random_games_on("crib wars five-card", BFC_VARIANT_FIVE_CARD, 2, 0, 0, n, 35, 1);
    random_games_on("crib wars noddy 2", BFC_VARIANT_NODDY, 2, 0, 0, n, 36, 1);
    random_games_on("crib wars noddy 3", BFC_VARIANT_NODDY, 3, 0, 0, n, 37, 1);
    random_games_on("crib wars noddy 6t", BFC_VARIANT_NODDY, 6, 1, 0, n, 38, 1);
    random_games_on("crib wars muggins 3", BFC_VARIANT_CLASSIC, 3, 0, BFC_RULE_MUGGINS, n, 39, 1);
    random_games_on("crib wars muggins 2", BFC_VARIANT_CLASSIC, 2, 0, BFC_RULE_MUGGINS, n, 40, 1);
    random_games_on("crib wars backward 3", BFC_VARIANT_CLASSIC, 3, 0, BFC_RULE_BACKWARD, n, 41, 1);
    random_games_on("crib wars backward 2", BFC_VARIANT_CLASSIC, 2, 0, BFC_RULE_BACKWARD, n, 42, 1);
    /* every effect of the board happened over these games (in a full run:
       the quick runs under valgrind play a few games only) */
    for (int k = BFC_BOARD_RED_SKIP; k <= BFC_BOARD_LOST && harness_quick == 1; k++)
        if (!CHECK(board_seen[k] > 0))
            fprintf(stderr, "  no board effect %d\n", k);
}

static void test_classic__random_five_card_and_solitaire(void)
{
    const int n = 300 / harness_quick;
    random_games("five-card", BFC_VARIANT_FIVE_CARD, 2, 0, 0, n, 5);
    random_games("solitaire", BFC_VARIANT_SOLITAIRE, 1, 0, 0, n, 6);
}

static void test_classic__random_noddy(void)
{
    const int n = 200 / harness_quick;
    random_games("noddy 2", BFC_VARIANT_NODDY, 2, 0, 0, n, 7);
    random_games("noddy 3", BFC_VARIANT_NODDY, 3, 0, 0, n, 8);
    random_games("noddy 4", BFC_VARIANT_NODDY, 4, 0, 0, n, 9);
    random_games("noddy 4 teams", BFC_VARIANT_NODDY, 4, 1, 0, n, 10);
    random_games("noddy 5", BFC_VARIANT_NODDY, 5, 0, 0, n, 11);
    random_games("noddy 6", BFC_VARIANT_NODDY, 6, 0, 0, n, 12);
    random_games("noddy 6 teams", BFC_VARIANT_NODDY, 6, 1, 0, n, 13);
}

static void test_classic__random_backward(void)
{
    const int n = 200 / harness_quick;
    random_games("backward classic 2", BFC_VARIANT_CLASSIC, 2, 0, BFC_RULE_BACKWARD, n, 14);
    random_games("backward classic 3", BFC_VARIANT_CLASSIC, 3, 0, BFC_RULE_BACKWARD, n, 15);
    random_games("backward classic 4t", BFC_VARIANT_CLASSIC, 4, 1, BFC_RULE_BACKWARD, n, 16);
    random_games("backward five-card", BFC_VARIANT_FIVE_CARD, 2, 0, BFC_RULE_BACKWARD, n, 17);
    random_games("backward noddy 3", BFC_VARIANT_NODDY, 3, 0, BFC_RULE_BACKWARD, n, 18);
    random_games("backward noddy 4t", BFC_VARIANT_NODDY, 4, 1, BFC_RULE_BACKWARD, n, 19);
}

static void test_classic__random_muggins(void)
{
    const int n = 200 / harness_quick;
    random_games("muggins classic 2", BFC_VARIANT_CLASSIC, 2, 0, BFC_RULE_MUGGINS, n, 20);
    random_games("muggins classic 3", BFC_VARIANT_CLASSIC, 3, 0, BFC_RULE_MUGGINS, n, 21);
    random_games("muggins classic 4t", BFC_VARIANT_CLASSIC, 4, 1, BFC_RULE_MUGGINS, n, 22);
    random_games("muggins classic 6t", BFC_VARIANT_CLASSIC, 6, 1, BFC_RULE_MUGGINS, n, 23);
    random_games("muggins classic 4", BFC_VARIANT_CLASSIC, 4, 0, BFC_RULE_MUGGINS, n, 44);
    random_games("muggins captain's", BFC_VARIANT_CLASSIC, 3, 0,
                 BFC_RULE_MUGGINS | BFC_RULE_CAPTAIN, n, 45);
    random_games("muggins seven-card", BFC_VARIANT_SEVEN_CARD, 2, 0, BFC_RULE_MUGGINS, n, 47);
    random_games("muggins five-card", BFC_VARIANT_FIVE_CARD, 2, 0, BFC_RULE_MUGGINS, n, 24);
    random_games("muggins noddy 3", BFC_VARIANT_NODDY, 3, 0, BFC_RULE_MUGGINS, n, 25);
    random_games("muggins noddy 6t", BFC_VARIANT_NODDY, 6, 1, BFC_RULE_MUGGINS, n, 26);
    random_games("muggins backward 2", BFC_VARIANT_CLASSIC, 2, 0, BFC_RULE_MUGGINS | BFC_RULE_BACKWARD,
                 n, 27);
}

/* ===========================================================================
 * Move text (bfc.h Moves)
 * ======================================================================== */

static void test_classic__move_text_round_trip(void)
{
    /* every id's text, built from the table in bfc.h: the Battlefield
     * words, then "play C", "discard C", "discard C D" (pairs in the order
     * 0 1, 0 2, ..., 0 51, 1 2, ...), "declare N", "claim", "pass", then
     * "declare N" from 32 (RULES D18) */
    static const char *const battlefield[28] = {
        "reveal 0 1", "reveal 0 2", "reveal 0 3", "reveal 0 4", "reveal 1 2", "reveal 1 3",
        "reveal 1 4", "reveal 2 3", "reveal 2 4", "reveal 3 4", "draw",       "place",
        "swap 0",     "swap 1",     "swap 2",     "swap 3",     "swap 4",     "take 0",
        "take 1",     "take 2",     "take 3",     "take 4",     "turn",       "layaway 0",
        "layaway 1",  "layaway 2",  "layaway 3",  "layaway 4"};
    static char want[BFC_MOVE_COUNT][24];
    for (unsigned m = 0; m < 28; m++)
        snprintf(want[m], sizeof want[m], "%s", battlefield[m]);
    char a[BFC_CARD_TEXT_MAX], b[BFC_CARD_TEXT_MAX];
    for (unsigned c = 0; c < 52; c++) {
        bfc_card_format((bfc_card)c, 0, a, sizeof a);
        snprintf(want[28 + c], sizeof want[0], "play %s", a);
        snprintf(want[80 + c], sizeof want[0], "discard %s", a);
    }
    unsigned id = 132;
    for (unsigned x = 0; x < 52; x++)
        for (unsigned y = x + 1; y < 52; y++, id++) {
            bfc_card_format((bfc_card)x, 0, a, sizeof a);
            bfc_card_format((bfc_card)y, 0, b, sizeof b);
            snprintf(want[id], sizeof want[0], "discard %s %s", a, b);
            if (bfc_move_discard2((bfc_card)x, (bfc_card)y) != id ||
                bfc_move_discard2((bfc_card)y, (bfc_card)x) != id)
                CHECK(!"bfc_move_discard2 gives the pair's id");
        }
    INT_EQ(id, 1458);
    for (unsigned k = 0; k < 32; k++)
        snprintf(want[1458 + k], sizeof want[0], "declare %u", k);
    snprintf(want[1490], sizeof want[0], "claim");
    snprintf(want[1491], sizeof want[0], "pass");
    for (unsigned k = 32; k <= 46; k++) /* RULES D18: 1492 + N - 32 */
        snprintf(want[1492 + k - 32], sizeof want[0], "declare %u", k);
    INT_EQ(BFC_MOVE_COUNT, 1507);
    long bad = 0;
    for (unsigned m = 0; m < BFC_MOVE_COUNT; m++) {
        char t[BFC_MOVE_TEXT_MAX];
        const int n = bfc_move_format((bfc_move)m, t, sizeof t);
        bfc_move back = BFC_MOVE_NONE;
        const int rc = bfc_move_parse(t, &back);
        if (n != (int)strlen(want[m]) || strcmp(t, want[m]) != 0 || rc != BFC_OK || back != m) {
            if (bad++ < 5)
                fprintf(stderr, "move %u: \"%s\" (%d), want \"%s\"; parsed back %u\n", m, t, n,
                        want[m], back);
        }
    }
    INT_EQ(bad, 0);
    for (unsigned m = BFC_MOVE_COUNT; m <= 0xFFFF; m++) {
        char t[BFC_MOVE_TEXT_MAX] = "x";
        if (bfc_move_format((bfc_move)m, t, sizeof t) != BFC_EINVAL || t[0] != 'x') {
            CHECK(!"no text for a move id past BFC_MOVE_COUNT");
            break;
        }
    }
    /* either order, any accepted spelling of the cards */
    const bfc_move d = bfc_move_discard2(C("2C"), C("5H"));
    INT_EQ(d, bfc_move_discard2(C("5H"), C("2C")));
    INT_EQ(d, M("discard 5H 2C"));
    INT_EQ(d, M("discard 2C 5H"));
    static const struct {
        const char *text;
        unsigned move;
    } good[] = {
        {"PLAY 10h", BFC_MOVE_PLAY + 38},
        {"play 1c", BFC_MOVE_PLAY + 0},
        {"play 10\xe2\x99\xa6", BFC_MOVE_PLAY + 37},
        {"  Discard\tKS  ", BFC_MOVE_DISCARD + 51},
        {"discard 5\xe2\x99\xa5 J\xe2\x99\xa0", 0}, /* filled below */
        {"Declare 0", BFC_MOVE_DECLARE},
        {"declare 31", BFC_MOVE_DECLARE + 31},
        {"declare 32", BFC_MOVE_DECLARE_HIGH},        /* D18: after pass */
        {"declare 46", BFC_MOVE_DECLARE_HIGH + 14},
        {"  claim ", BFC_MOVE_CLAIM},
        {"PASS", BFC_MOVE_PASS},
    };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        const unsigned w = good[i].move ? good[i].move : bfc_move_discard2(C("5H"), C("JS"));
        bfc_move m = BFC_MOVE_NONE;
        INT_EQ(bfc_move_parse(good[i].text, &m), BFC_OK);
        INT_EQ(m, w);
    }
    /* the discard of a pair: the lower card id first in the text */
    char t[BFC_MOVE_TEXT_MAX];
    bfc_move_format(M("discard KS AC"), t, sizeof t);
    STR_EQ(t, "discard AC KS");
    /* refused: jokers, the same card twice, counts past BFC_DECLARE_MAX
       (46, D18), wrong words */
    static const char *const bad_texts[] = {
        "play JK",          "play joker",    "discard JK",        "discard 5H JK",
        "discard 5H 5H",    "discard 5h 5H", "declare 47",        "declare -1",
        "declare 1.5",      "declare",       "declare x",         "declare 100",
        "play",             "play 5H 6H",    "discard",           "discard 2C 5H 7D",
        "claim 1",          "pass pass",     "play 11H",          "play 5X",
        "play5H",           "discard2C 5H",  "claim claim",       "declare 3 4",
        "play \xf0\x9f\x83\x8f"};
    for (size_t i = 0; i < sizeof bad_texts / sizeof *bad_texts; i++) {
        bfc_move m = 4242;
        const int rc = bfc_move_parse(bad_texts[i], &m);
        if (rc != BFC_EPARSE)
            fprintf(stderr, "move text \"%s\" gave %d\n", bad_texts[i], rc);
        INT_EQ(rc, BFC_EPARSE);
        INT_EQ(m, 4242);
    }
    /* bfc_move_discard2: two different standard cards */
    INT_EQ(bfc_move_discard2(C("5H"), C("5H")), BFC_MOVE_NONE);
    INT_EQ(bfc_move_discard2(BFC_JOKER, C("5H")), BFC_MOVE_NONE);
    INT_EQ(bfc_move_discard2(C("5H"), BFC_JOKER), BFC_MOVE_NONE);
    INT_EQ(bfc_move_discard2(BFC_CARD_NONE, 0), BFC_MOVE_NONE);
    INT_EQ(bfc_move_discard2(0, 200), BFC_MOVE_NONE);
    INT_EQ(bfc_move_discard2(0, 1), BFC_MOVE_DISCARD2);
    INT_EQ(bfc_move_discard2(50, 51), BFC_MOVE_DECLARE - 1);
}

/* ===========================================================================
 * Rules (bfc.h Rules)
 * ======================================================================== */

static void test_classic__rules_init_variant_and_check(void)
{
    /* the defaults of each variant */
    static const struct {
        int variant, players, target, turn_limit;
    } defaults[] = {{BFC_VARIANT_BATTLEFIELD, 2, 121, 200}, {BFC_VARIANT_CLASSIC, 2, 121, 0},
                    {BFC_VARIANT_FIVE_CARD, 2, 61, 0},      {BFC_VARIANT_NODDY, 2, 31, 0},
                    {BFC_VARIANT_SOLITAIRE, 1, 121, 0}};
    for (size_t i = 0; i < sizeof defaults / sizeof *defaults; i++) {
        bfc_rules r;
        memset(&r, 0x5A, sizeof r);
        INT_EQ(bfc_rules_init_variant(&r, defaults[i].variant), BFC_OK);
        INT_EQ(r.variant, defaults[i].variant);
        INT_EQ(r.players, defaults[i].players);
        INT_EQ(r.teams, 0);
        INT_EQ(r.target, defaults[i].target);
        INT_EQ(r.turn_limit, defaults[i].turn_limit);
        INT_EQ(r.first_dealer, BFC_DEALER_CUT);
        INT_EQ(r.value, BFC_VALUE_PLAIN);
        INT_EQ(r.flags, 0);
        INT_EQ(bfc_rules_check(&r), BFC_OK);
        bfc_game *g = bfc_game_new(&r, 1, NULL);
        CHECK(g != NULL);
        bfc_game_free(g);
    }
    {
        bfc_rules r, before;
        memset(&r, 0x5A, sizeof r);
        before = r;
        INT_EQ(bfc_rules_init_variant(&r, 6), BFC_EINVAL);
        INT_EQ(bfc_rules_init_variant(&r, -1), BFC_EINVAL);
        CHECK(!memcmp(&r, &before, sizeof r));
        INT_EQ(bfc_rules_init_variant(NULL, BFC_VARIANT_CLASSIC), BFC_EINVAL);
        INT_EQ(bfc_rules_check(NULL), BFC_EINVAL);
    }
    /* every invalid combination: refused by the check and by bfc_game_new */
    static const struct {
        int variant, players, teams, target, turn_limit, first_dealer, value;
        unsigned flags;
        const char *why;
    } invalid[] = {
        {1, 6, 0, 121, 0, -1, 0, 0, "classic 6 without teams"},
        {1, 5, 0, 121, 0, -1, 0, 0, "classic 5"},
        {1, 5, 1, 121, 0, -1, 0, 0, "classic 5 in teams"},
        {1, 1, 0, 121, 0, -1, 0, 0, "classic 1"},
        {1, 7, 0, 121, 0, -1, 0, 0, "classic 7"},
        {1, 0, 0, 121, 0, -1, 0, 0, "classic 0"},
        {1, 2, 1, 121, 0, -1, 0, 0, "classic 2 in teams"},
        {1, 3, 1, 121, 0, -1, 0, 0, "classic 3 in teams"},
        {1, 4, 2, 121, 0, -1, 0, 0, "teams 2"},
        {1, 2, 0, 121, 200, -1, 0, 0, "classic with a turn limit"},
        {1, 2, 0, 121, 1, -1, 0, 0, "classic with turn limit 1"},
        {1, 2, 0, 121, -1, -1, 0, 0, "classic with turn limit -1"},
        {1, 2, 0, 121, 0, -1, 0, BFC_CRIB, "unknown flag 0x1"},
        {1, 2, 0, 121, 0, -1, 0, BFC_NODDY, "a scoring flag"},
        {1, 2, 0, 121, 0, -1, 0, BFC_ANY_LAY_AWAY, "a Battlefield flag"},
        {1, 2, 0, 121, 0, -1, 0, 0x800000u, "unknown flag 0x800000"},
        {1, 2, 0, 121, 0, -1, 0, 0x80000000u, "unknown flag 0x80000000"},
        {1, 6, 1, 121, 0, -1, 0, BFC_RULE_BACKWARD, "backward with 6 players"},
        {1, 2, 0, 121, 0, 2, 0, 0, "first dealer 2 of 2"},
        {1, 2, 0, 121, 0, -2, 0, 0, "first dealer -2"},
        {1, 2, 0, 0, 0, -1, 0, 0, "target 0"},
        {1, 2, 0, 1001, 0, -1, 0, 0, "target 1001"},
        {1, 2, 0, 121, 0, -1, 4, 0, "value 4"},
        {1, 2, 0, 121, 0, -1, -1, 0, "value -1"},
        {2, 3, 0, 61, 0, -1, 0, 0, "five-card with 3"},
        {2, 4, 1, 61, 0, -1, 0, 0, "five-card with 4"},
        {2, 2, 1, 61, 0, -1, 0, 0, "five-card in teams"},
        {2, 1, 0, 61, 0, -1, 0, 0, "five-card alone"},
        {2, 2, 0, 61, 200, -1, 0, 0, "five-card with a turn limit"},
        {3, 1, 0, 31, 0, -1, 0, 0, "Noddy alone"},
        {3, 7, 0, 31, 0, -1, 0, 0, "Noddy with 7"},
        {3, 3, 1, 31, 0, -1, 0, 0, "Noddy 3 in teams"},
        {3, 5, 1, 31, 0, -1, 0, 0, "Noddy 5 in teams"},
        {3, 2, 1, 31, 0, -1, 0, 0, "Noddy 2 in teams"},
        {3, 5, 0, 31, 0, -1, 0, BFC_RULE_BACKWARD, "backward Noddy 5"},
        {3, 6, 1, 31, 0, -1, 0, BFC_RULE_BACKWARD, "backward Noddy 6"},
        {3, 2, 0, 31, 10, -1, 0, 0, "Noddy with a turn limit"},
        {4, 2, 0, 121, 0, -1, 0, 0, "solitaire with 2"},
        {4, 1, 1, 121, 0, -1, 0, 0, "solitaire in teams"},
        {4, 1, 0, 121, 0, -1, 0, BFC_RULE_MUGGINS, "solitaire with muggins"},
        {4, 1, 0, 121, 0, -1, 0, BFC_RULE_BACKWARD, "backward solitaire"},
        {4, 1, 0, 121, 0, 1, 0, 0, "solitaire dealt by seat 1"},
        {4, 1, 0, 121, 200, -1, 0, 0, "solitaire with a turn limit"},
        {6, 2, 0, 121, 0, -1, 0, 0, "variant 6"},
        {5, 3, 0, 181, 0, -1, 0, 0, "seven-card with 3"},
        {5, 2, 0, 181, 0, -1, 0, BFC_RULE_BACKWARD, "backward seven-card"},
        {1, 4, 0, 121, 0, -1, 0, BFC_RULE_CAPTAIN, "captain's with 4"},
        {1, 3, 0, 121, 0, 1, 0, BFC_RULE_CAPTAIN, "captain's dealt by seat 1"},
        {1, 3, 0, 121, 0, -1, 0, BFC_RULE_CAPTAIN | BFC_RULE_BACKWARD, "backward captain's"},
        {3, 3, 0, 31, 0, -1, 0, BFC_RULE_CAPTAIN, "captain's Noddy"},
        {1, 4, 0, 121, 0, -1, 0, BFC_RULE_PARTNERS_BY_CUT, "partners by cut, no teams"},
        {1, 4, 1, 121, 0, 0, 0, BFC_RULE_PARTNERS_BY_CUT, "partners by cut, dealer set"},
        {1, 3, 0, 121, 0, -1, 0, BFC_RULE_PAY_BEST_LOSER | BFC_RULE_PAY_WORST_LOSER,
         "best and worst loser"},
        {1, 2, 0, 121, 0, -1, 0, BFC_RULE_NO_TAKE_BACK, "a Battlefield option"},
        {-1, 2, 0, 121, 0, -1, 0, 0, "variant -1"},
        {0, 2, 0, 121, 200, -1, 0, BFC_RULE_MUGGINS, "Battlefield with muggins"},
        {0, 2, 0, 121, 200, -1, 0, BFC_RULE_BACKWARD, "backward Battlefield"},
        {0, 2, 0, 121, 200, -1, 0, BFC_RULE_NO_LATE_HEELS, "Battlefield without late heels"},
    };
    for (size_t i = 0; i < sizeof invalid / sizeof *invalid; i++) {
        bfc_rules r;
        bfc_rules_init(&r);
        r.variant = invalid[i].variant;
        r.players = invalid[i].players;
        r.teams = invalid[i].teams;
        r.target = invalid[i].target;
        r.turn_limit = invalid[i].turn_limit;
        r.first_dealer = invalid[i].first_dealer;
        r.value = invalid[i].value;
        r.flags = invalid[i].flags;
        int st = 12345;
        bfc_game *g = bfc_game_new(&r, 1, &st);
        if (g || bfc_rules_check(&r) != BFC_EINVAL)
            fprintf(stderr, "accepted: %s\n", invalid[i].why);
        CHECK(g == NULL);
        INT_EQ(st, BFC_EINVAL);
        INT_EQ(bfc_rules_check(&r), BFC_EINVAL);
        bfc_game_free(g);
    }
    /* and the valid ones around them */
    static const struct {
        int variant, players, teams, target, first_dealer;
        unsigned flags;
    } valid[] = {
        {1, 2, 0, 121, -1, 0},
        {1, 4, 0, 121, -1, 0}, /* RULES 3.10: four players, no partners */
        {5, 2, 0, 181, -1, BFC_RULE_MUGGINS},
        {1, 3, 0, 121, 0, BFC_RULE_CAPTAIN},
        {1, 3, 0, 121, -1, BFC_RULE_CAPTAIN | BFC_RULE_MUGGINS},
        {1, 4, 1, 121, -1, BFC_RULE_PARTNERS_BY_CUT},
        {1, 6, 1, 121, -1, BFC_RULE_PARTNERS_BY_CUT | BFC_RULE_MUGGINS},
        {1, 3, 0, 121, 2, 0},
        {1, 4, 1, 121, 3, 0},
        {1, 6, 1, 121, 5, 0},
        {1, 2, 0, 61, 0, BFC_RULE_MUGGINS | BFC_RULE_BACKWARD | BFC_RULE_NO_LATE_HEELS},
        {1, 4, 1, 121, -1, BFC_RULE_BACKWARD},
        {1, 6, 1, 1000, -1, BFC_RULE_MUGGINS | BFC_RULE_NO_LATE_HEELS},
        {2, 2, 0, 61, 1, BFC_RULE_MUGGINS | BFC_RULE_BACKWARD},
        {3, 2, 0, 31, -1, 0},
        {3, 3, 0, 31, -1, 0},
        {3, 4, 0, 31, -1, BFC_RULE_BACKWARD},
        {3, 4, 1, 31, -1, BFC_RULE_MUGGINS},
        {3, 5, 0, 1, 4, 0},
        {3, 6, 0, 31, -1, 0},
        {3, 6, 1, 31, -1, BFC_RULE_MUGGINS},
        {4, 1, 0, 121, 0, 0},
        {4, 1, 0, 121, -1, BFC_RULE_NO_LATE_HEELS},
    };
    for (size_t i = 0; i < sizeof valid / sizeof *valid; i++) {
        bfc_rules r;
        bfc_rules_init_variant(&r, valid[i].variant);
        r.players = valid[i].players;
        r.teams = valid[i].teams;
        r.target = valid[i].target;
        r.first_dealer = valid[i].first_dealer;
        r.flags = valid[i].flags;
        r.value = (int)(i % 4);
        int st = 12345;
        bfc_game *g = bfc_game_new(&r, 1 + i, &st);
        if (!g)
            fprintf(stderr, "refused: valid case %zu\n", i);
        CHECK(g != NULL);
        INT_EQ(st, BFC_OK);
        INT_EQ(bfc_rules_check(&r), BFC_OK);
        if (g) {
            CHECK(!memcmp(bfc_game_rules(g), &r, sizeof r));
            /* partners: players / 2 sides; captain's: 2 (RULES 3.10) */
            INT_EQ(bfc_game_sides(g), r.teams                         ? r.players / 2
                                      : (r.flags & BFC_RULE_CAPTAIN) ? 2
                                                                      : r.players);
        }
        bfc_game_free(g);
    }
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    /* RULES 3 and 5 on exact positions */
    RUN(test_classic__rules_3_1_two_player_deal);
    RUN(test_classic__rules_3_1_win_at_once_in_the_show);
    RUN(test_classic__rules_3_1_cut_for_deal);
    RUN(test_classic__rules_3_2_three_players);
    RUN(test_classic__rules_3_3_four_players_partners);
    RUN(test_classic__rules_3_4_six_players_D3);
    RUN(test_classic__rules_3_5_five_card);
    RUN(test_classic__rules_3_6_noddy_play);
    RUN(test_classic__rules_3_6_noddy_counts_before_the_play);
    RUN(test_classic__d17_captains_values_on_each_sides_way_to_go);
    RUN(test_classic__d17_captains_games_against_the_reference);
    RUN(test_classic__d18_the_most_each_declaration_can_be);
    RUN(test_classic__d18_seven_card_hand_of_46_declared);
    RUN(test_classic__rules_3_7_backward);
    RUN(test_classic__rules_3_8_solitaire_deal);
    RUN(test_classic__rules_3_8_solitaire_free_crib);
    RUN(test_classic__loader_one_thrower_per_card);
    RUN(test_classic__rules_3_9_muggins_show);
    RUN(test_classic__rules_3_9_D12_muggins_in_the_play);
    RUN(test_classic__rules_3_9_D12_any_opponent_claims);
    RUN(test_classic__rules_3_10_seven_card);
    RUN(test_classic__rules_3_9_muggins_noddy);
    RUN(test_classic__rules_3_9_heels_near_the_end);
    RUN(test_classic__rules_3_9_crib_wars_board_data);
    RUN(test_classic__rules_3_9_crib_wars_holes);
    RUN(test_classic__d19_a_peg_lands_where_one_award_leaves_it);
    RUN(test_classic__d19_two_sides_a_box_folds_the_deal);
    RUN(test_classic__d19_board_moves_set_off_nothing);
    RUN(test_classic__d19_ahead_20_skips_boxes_and_traps);
    RUN(test_classic__d19_back_20_stops_at_0);
    RUN(test_classic__d19_three_sides_the_box_for_the_deal_and_three_more);
    RUN(test_classic__d19_three_sides_a_second_lander);
    RUN(test_classic__rules_3_9_crib_wars_sitting_out);
    RUN(test_classic__d19_three_sides_moving_out_one_hole);
    RUN(test_classic__d19_a_boxed_side_under_muggins);
    RUN(test_classic__d19_a_side_that_folds_before_the_discards_still_discards);
    RUN(test_classic__d20_a_go_owed_after_a_fold_under_muggins);
    RUN(test_classic__d20_the_winning_point_of_a_board_move);
    RUN(test_classic__rules_5_game_values);
    /* seeded random games: the reference and the invariants */
    RUN(test_classic__random_classic);
    RUN(test_classic__random_five_card_and_solitaire);
    RUN(test_classic__random_noddy);
    RUN(test_classic__random_backward);
    RUN(test_classic__random_muggins);
    RUN(test_classic__rules_3_9_random_crib_wars);
    /* move text and rules */
    RUN(test_classic__move_text_round_trip);
    RUN(test_classic__rules_init_variant_and_check);
    return harness_done();
}
