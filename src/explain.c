/* Explanations of moves in a player's words (bfc.h, "Explanations"), from
 * the library's own scorers: what a move scores now, what it keeps and
 * gives, and what it risks. Public API only. */
#include <string.h>

#include "bfc.h"
#include "internal.h"
#include "reviewtext.h"

/* "an ace", "a 5", "an 8", "a jack" ... */
static void put_rank(rtext *t, int rank)
{
    static const char *const names[14] = {"?",     "an ace", "a 2",     "a 3",   "a 4",
                                          "a 5",   "a 6",    "a 7",     "an 8",  "a 9",
                                          "a ten", "a jack", "a queen", "a king"};
    bfc__rt_put(t, rank >= 1 && rank <= 13 ? names[rank] : "the joker");
}

static void put_rank_plural(rtext *t, int rank)
{
    static const char *const names[14] = {"?",  "aces", "2s", "3s",   "4s",    "5s",     "6s",
                                          "7s", "8s",   "9s", "tens", "jacks", "queens", "kings"};
    bfc__rt_put(t, rank >= 1 && rank <= 13 ? names[rank] : "jokers");
}

/* A card of pip value v: "a ten-card" for 10, else the rank */
static void put_value(rtext *t, int v)
{
    if (v == 10)
        bfc__rt_put(t, "a ten-card");
    else
        put_rank(t, v);
}

/* Items in words: "15-4", "a pair", "a run of 3", ... joined by ", " and
 * " and "; nothing written for no items. Returns how many phrases. */
static int put_items(rtext *t, const bfc_item *it, int n, int play)
{
    const char *ph[16];
    char num[16][24];
    int np = 0, fifteens = 0, runs = 0, runlen = 0;
    int by_rank[14] = {0}; /* pairs of each rank: 1 a pair, 3 three of a
                              kind, 6 four of a kind */
    for (int i = 0; i < n; i++) {
        const int rank = it[i].ncards ? bfc_card_rank(it[i].cards[0]) : 0;
        switch (it[i].kind) {
        case BFC_ITEM_FIFTEEN: fifteens++; break;
        case BFC_ITEM_PAIR:
            if (rank < 1 || rank > 13)
                break;
            if (play) /* the play's pairs are one item of 2, 3 or 4 cards */
                by_rank[rank] = it[i].ncards == 4 ? 6 : it[i].ncards == 3 ? 3 : 1;
            else
                by_rank[rank]++;
            break;
        case BFC_ITEM_RUN:
            runs++;
            runlen = it[i].ncards;
            break;
        default: break;
        }
    }
    if (fifteens) {
        rtext w = {num[np], sizeof num[np], 0};
        if (play) {
            bfc__rt_put(&w, "fifteen");
        } else {
            bfc__rt_put(&w, "15-");
            bfc__rt_num(&w, 2 * fifteens);
        }
        bfc__rt_end(&w);
        ph[np] = num[np];
        np++;
    }
    int single = 0;
    for (int r = 1; r <= 13; r++)
        single += by_rank[r] == 1;
    if (single == 2)
        ph[np++] = "two pairs";
    for (int r = 1; r <= 13; r++) {
        if (by_rank[r] == 1 && single != 2)
            ph[np++] = "a pair";
        else if (by_rank[r] == 3)
            ph[np++] = "three of a kind";
        else if (by_rank[r] >= 6)
            ph[np++] = "four of a kind";
    }
    if (runs) {
        rtext w = {num[np], sizeof num[np], 0};
        bfc__rt_put(&w, runs == 1   ? "a run of "
                   : runs == 2 ? "a double run of "
                   : runs == 3 ? "a triple run of "
                               : "a quadruple run of ");
        bfc__rt_num(&w, runlen);
        bfc__rt_end(&w);
        ph[np] = num[np];
        np++;
    }
    for (int i = 0; i < n; i++) {
        if (it[i].kind == BFC_ITEM_FLUSH)
            ph[np++] = "a flush";
        else if (it[i].kind == BFC_ITEM_THIRTY_ONE)
            ph[np++] = "31";
        else if (it[i].kind == BFC_ITEM_TWENTY_FIVE)
            ph[np++] = "25";
        else if (it[i].kind == BFC_ITEM_COMBINATION)
            ph[np++] = bfc_combo_name(it[i].combo);
        if (np >= 12)
            break;
    }
    for (int i = 0; i < np; i++) {
        if (i)
            bfc__rt_put(t, i == np - 1 ? " and " : ", ");
        bfc__rt_put(t, ph[i]);
    }
    return np;
}

static int side_of(const bfc_observation *o, int seat)
{
    return bfc_rules_side_of(&o->rules, seat);
}

/* ---- Classic discards -------------------------------------------------- */

static void explain_discard(rtext *t, const bfc_observation *o, const bfc_move_info *mi)
{
    bfc_card keep[8];
    int nk = 0;
    for (int c = 0; c < 52; c++)
        if (o->hand >> c & 1u && c != mi->card[0] && (mi->ncards < 2 || c != mi->card[1]) && nk < 8)
            keep[nk++] = (bfc_card)c;
    bfc__rt_put(t, "keeps ");
    bfc_item items[BFC_MAX_ITEMS];
    bfc_hand_score hs;
    const unsigned sflags = o->rules.variant == BFC_VARIANT_NODDY ? BFC_NODDY : 0u;
    const int pts =
        nk >= 3 && nk <= 5 ? bfc_score_hand(keep, (size_t)nk, BFC_CARD_NONE, sflags, &hs) : 0;
    const int ni = pts > 0 ? bfc_score_hand_items(keep, (size_t)nk, BFC_CARD_NONE, sflags, items,
                                                  BFC_MAX_ITEMS)
                           : 0;
    if (pts > 0 && ni > 0) {
        put_items(t, items, ni < BFC_MAX_ITEMS ? ni : BFC_MAX_ITEMS, 0);
        bfc__rt_put(t, " (");
        bfc__rt_num(t, pts);
        bfc__rt_put(t, pts == 1 ? " point" : " points");
        bfc__rt_put(t, " before the starter)");
    } else {
        bfc__rt_put(t, "nothing that scores before the starter");
    }
    /* the throw */
    const int me = side_of(o, o->seat), dealer = side_of(o, o->dealer);
    const int out_of_deal = o->players == 6 && me == dealer && o->seat != o->dealer;
    bfc__rt_put(t, "; gives ");
    const int r0 = bfc_card_rank(mi->card[0]);
    const int r1 = mi->ncards == 2 ? bfc_card_rank(mi->card[1]) : 0;
    if (mi->ncards == 2 && r0 == r1) {
        bfc__rt_put(t, "a pair of ");
        put_rank_plural(t, r0);
    } else {
        for (int i = 0; i < mi->ncards; i++) {
            if (i)
                bfc__rt_put(t, " and ");
            put_rank(t, bfc_card_rank(mi->card[i]));
        }
        if (mi->ncards == 2) {
            const int v = bfc_card_value(mi->card[0]) + bfc_card_value(mi->card[1]);
            const int d = r0 > r1 ? r0 - r1 : r1 - r0;
            if (v == 15)
                bfc__rt_put(t, " (a fifteen)");
            else if (d == 1 || d == 2)
                bfc__rt_put(t, " (cards that run)");
        }
    }
    if (out_of_deal)
        bfc__rt_put(t, " out of the deal");
    else if (me == dealer)
        bfc__rt_put(t, o->seat == o->dealer ? " to your crib" : " to your side's crib");
    else
        bfc__rt_put(t, " to the other crib");
}

/* ---- The classic play -------------------------------------------------- */

static int explain_play(rtext *t, const bfc_observation *o, bfc_card card)
{
    const unsigned sflags = o->rules.variant == BFC_VARIANT_NODDY ? BFC_NODDY : 0u;
    bfc_card seq[BFC_PEG_MAX + 2];
    size_t n = o->nseq;
    if (n > BFC_PEG_MAX - 1)
        return BFC_EINVAL;
    memcpy(seq, o->seq, n);
    seq[n++] = card;
    bfc_item items[BFC_MAX_ITEMS];
    bfc_peg_score ps;
    const int pts = bfc_score_peg_detail(seq, n, sflags, &ps);
    if (pts < 0)
        return pts;
    const int ni = bfc_score_peg_items(seq, n, sflags, items, BFC_MAX_ITEMS);
    if (pts > 0 && ni > 0) {
        rtext dummy = {NULL, 0, 0};
        const int np = put_items(&dummy, items, ni, 1);
        if (np == 1 && items[0].kind == BFC_ITEM_PAIR) {
            bfc__rt_put(t, ps.pairs == 2   ? "pairs"
                      : ps.pairs == 6 ? "makes three of a kind"
                                      : "makes four of a kind");
        } else {
            bfc__rt_put(t, "makes ");
            put_items(t, items, ni, 1);
        }
        bfc__rt_put(t, " for ");
        bfc__rt_num(t, pts);
        bfc__rt_put(t, "; ");
    } else {
        bfc__rt_put(t, "scores nothing; ");
    }
    const int count = ps.count;
    const int limit = 31;
    if (count == limit) {
        bfc__rt_put(t, "the count starts again");
        return BFC_OK;
    }
    bfc__rt_put(t, "leaves ");
    bfc__rt_num(t, count);
    /* the best reply among the cards the seat has not seen */
    uint64_t unseen = 0;
    if (bfc__observation_unseen(o, &unseen) != BFC_OK)
        return BFC_EINVAL;
    int best = 0, best_rank = 0, best_kind = 0;
    for (int r = 1; r <= 13; r++) {
        int have = 0;
        for (int s = 0; s < 4; s++)
            have |= (int)(unseen >> ((r - 1) * 4 + s) & 1u);
        const int v = r > 10 ? 10 : r;
        if (!have || count + v > limit || n >= BFC_PEG_MAX)
            continue;
        bfc_card x = BFC_CARD_NONE;
        for (int s = 0; s < 4 && x == BFC_CARD_NONE; s++)
            if (unseen >> ((r - 1) * 4 + s) & 1u)
                x = (bfc_card)((r - 1) * 4 + s);
        seq[n] = x;
        bfc_peg_score rp;
        const int p = bfc_score_peg_detail(seq, n + 1, sflags, &rp);
        if (p <= 0)
            continue;
        /* what the reply makes: the count first (it names a value), then a run, then a pair */
        const int kind = rp.fifteen_31 ? 1 : rp.runs ? 2 : 3;
        if (p > best || (p == best && kind < best_kind)) {
            best = p;
            best_rank = r;
            best_kind = kind;
        }
    }
    if (best == 0) {
        bfc__rt_put(t, ", and no card you have not seen scores on it");
        return BFC_OK;
    }
    bfc__rt_put(t, ", ");
    const int v = best_rank > 10 ? 10 : best_rank;
    if (best_kind == 1) {
        put_value(t, v);
        bfc__rt_put(t, count + v == 31 ? " makes 31" : count + v == 15 ? " makes 15" : " makes 25");
    } else if (best_kind == 2) {
        put_rank(t, best_rank);
        bfc__rt_put(t, " makes a run");
    } else {
        put_rank(t, best_rank);
        bfc__rt_put(t, best >= 12  ? " makes four of a kind"
                  : best >= 6 ? " makes three of a kind"
                              : " pairs it");
    }
    bfc__rt_put(t, " for ");
    bfc__rt_num(t, best);
    return BFC_OK;
}

/* ---- Battlefield ------------------------------------------------------- */

/* A placement on the frontline: its points in words and the sum left. */
static void explain_place(rtext *t, const bfc_observation *o, bfc_card placed, unsigned tflags,
                          unsigned flags)
{
    if (placed == BFC_CARD_HIDDEN || placed == BFC_CARD_NONE) {
        bfc__rt_put(t, "places a card no one has seen");
        if (o->frontline.n) {
            bfc__rt_put(t, " on a sum of ");
            bfc__rt_num(t, o->frontline.sum);
        } else {
            bfc__rt_put(t, " on an empty frontline");
        }
        return;
    }
    bfc__rt_put(t, "places ");
    bfc__rt_card(t, placed, flags);
    bfc_frontline_score fs;
    bfc_item items[BFC_MAX_ITEMS];
    const int pts = bfc_score_frontline(o->frontline.cards, o->frontline.n, placed, tflags, &fs);
    if (pts < 0) {
        bfc__rt_put(t, " (it does not fit)");
        return;
    }
    if (fs.renewed) {
        bfc__rt_put(t, ": past 31, a new frontline; the go point to the player on the right");
        return;
    }
    if (pts > 0) {
        const int ni = bfc_score_frontline_items(o->frontline.cards, o->frontline.n, placed, tflags,
                                                 items, BFC_MAX_ITEMS);
        bfc__rt_put(t, " for ");
        bfc__rt_num(t, pts);
        bfc__rt_put(t, " (");
        int first = 1;
        for (int i = 0; i < ni && i < BFC_MAX_ITEMS; i++) {
            const bfc_item *it = &items[i];
            const char *w = it->kind == BFC_ITEM_FIFTEEN       ? "fifteen"
                            : it->kind == BFC_ITEM_THIRTY_ONE  ? "31"
                            : it->kind == BFC_ITEM_COMBINATION ? bfc_combo_name(it->combo)
                            : it->kind == BFC_ITEM_LAST_CARD   ? "last card"
                                                               : NULL;
            if (!w)
                continue;
            bfc__rt_put(t, first ? "" : ", ");
            bfc__rt_put(t, w);
            first = 0;
        }
        bfc__rt_put(t, ")");
    }
    bfc__rt_put(t, "; leaves ");
    bfc__rt_num(t, fs.sum);
    /* how many unseen cards would score placed next */
    uint64_t unseen = 0;
    if (bfc__observation_unseen(o, &unseen) != BFC_OK || fs.sum == 31)
        return;
    bfc_frontline f = o->frontline;
    if (bfc_frontline_place(&f, placed, tflags & ~(unsigned)BFC_TURN_CARD, NULL) < 0)
        return;
    int scoring = 0, total = 0;
    for (int c = 0; c <= 52; c++) {
        if (!(unseen >> c & 1u) || c == placed)
            continue;
        total++;
        bfc_frontline_score r;
        if (bfc_score_frontline(f.cards, f.n, (bfc_card)c, 0, &r) > 0)
            scoring++;
    }
    if (total) {
        bfc__rt_put(t, ": ");
        bfc__rt_num(t, scoring);
        bfc__rt_put(t, " of the ");
        bfc__rt_num(t, total);
        bfc__rt_put(t, " unseen cards would score on it");
    }
}

static void explain_battlefield(rtext *t, const bfc_observation *o, const bfc_move_info *mi,
                                unsigned flags)
{
    const int me = o->seat;
    const bfc_card *form = o->formation[me];
    switch (mi->kind) {
    case BFC_MOVEKIND_REVEAL:
        bfc__rt_put(t, "turns up slots ");
        bfc__rt_num(t, mi->slot[0]);
        bfc__rt_put(t, " and ");
        bfc__rt_num(t, mi->slot[1]);
        bfc__rt_put(t, ": every pair is alike, no one has seen these cards");
        break;
    case BFC_MOVEKIND_DRAW: {
        uint64_t unseen = 0;
        int scoring = 0, total = 0;
        if (bfc__observation_unseen(o, &unseen) == BFC_OK)
            for (int c = 0; c <= 52; c++) {
                if (!(unseen >> c & 1u))
                    continue;
                total++;
                scoring += bfc_score_frontline(o->frontline.cards, o->frontline.n, (bfc_card)c, 0,
                                               NULL) > 0;
            }
        bfc__rt_put(t, "draws: ");
        bfc__rt_num(t, scoring);
        bfc__rt_put(t, " of the ");
        bfc__rt_num(t, total);
        bfc__rt_put(t, " unseen cards would score placed now (sum ");
        bfc__rt_num(t, o->frontline.sum);
        bfc__rt_put(t, ")");
        break;
    }
    case BFC_MOVEKIND_PLACE: explain_place(t, o, o->held, 0, flags); break;
    case BFC_MOVEKIND_SWAP:
        bfc__rt_put(t, "keeps ");
        bfc__rt_card(t, o->held, flags);
        bfc__rt_put(t, " in slot ");
        bfc__rt_num(t, mi->slot[0]);
        bfc__rt_put(t, " and ");
        explain_place(t, o, form[mi->slot[0]], 0, flags);
        break;
    case BFC_MOVEKIND_TAKE: {
        const bfc_card end =
            o->frontline.n ? o->frontline.cards[o->frontline.n - 1] : BFC_CARD_NONE;
        bfc__rt_put(t, "takes ");
        bfc__rt_card(t, end, flags);
        bfc__rt_put(t, " into slot ");
        bfc__rt_num(t, mi->slot[0]);
        bfc__rt_put(t, " and ");
        /* the frontline without its end card */
        bfc_observation o2 = *o;
        bfc_card c;
        bfc_frontline_take(&o2.frontline, &c);
        explain_place(t, &o2, form[mi->slot[0]], 0, flags);
        break;
    }
    case BFC_MOVEKIND_TURN:
        bfc__rt_put(t, "the turn card: the skirmish ends; ");
        explain_place(t, o, BFC_CARD_HIDDEN, BFC_TURN_CARD, flags);
        break;
    case BFC_MOVEKIND_LAYAWAY: {
        bfc_battlefield b;
        const unsigned any = o->rules.flags & BFC_RULE_ANY_LAY_AWAY ? BFC_ANY_LAY_AWAY : 0u;
        if (bfc_score_battlefield(form, o->turn_card, any, &b) < 0) {
            bfc__rt_put(t, "lays away slot ");
            bfc__rt_num(t, mi->slot[0]);
            break;
        }
        const int s = mi->slot[0];
        bfc__rt_put(t, "lays away ");
        bfc__rt_card(t, form[s], flags);
        bfc__rt_put(t, ": the hand keeps ");
        bfc__rt_num(t, b.by_lay_away[s].total);
        if (b.by_lay_away[s].total < b.best) {
            bfc__rt_put(t, " of the best ");
            bfc__rt_num(t, b.best);
        }
        const int mine = side_of(o, me) == side_of(o, o->dealer);
        bfc__rt_put(t, mine ? "; the card goes to your reserve"
                       : "; the card goes to the dealer's reserve");
        break;
    }
    default: break;
    }
}

/* ---- Muggins ----------------------------------------------------------- */

/* The true count of what is judged, when the seat may know it; -1 if not. */
static int judged_truth(const bfc_observation *o)
{
    if (o->counting == 2) {
        const unsigned sflags = o->rules.variant == BFC_VARIANT_NODDY ? BFC_NODDY : 0u;
        const int p = o->nseq ? bfc_score_peg_detail(o->seq, o->nseq, sflags, NULL) : 0;
        return p < 0 ? -1 : p + (o->owed ? 1 : 0);
    }
    if (!o->judged || o->starter == BFC_CARD_NONE)
        return -1;
    bfc_card cards[8];
    int n = 0;
    for (int c = 0; c < 52 && n < 8; c++)
        if (o->judged >> c & 1u)
            cards[n++] = (bfc_card)c;
    unsigned f = o->counting == 1 ? BFC_CRIB : 0u;
    if (o->rules.variant == BFC_VARIANT_NODDY)
        f |= BFC_NODDY;
    return bfc_score_hand(cards, (size_t)n, o->starter, f, NULL);
}

static void explain_muggins(rtext *t, const bfc_observation *o, const bfc_move_info *mi)
{
    const int truth = judged_truth(o);
    if (mi->kind == BFC_MOVEKIND_DECLARE) {
        bfc__rt_put(t, "declares ");
        bfc__rt_num(t, mi->points);
        if (truth >= 0) {
            bfc__rt_put(t, truth == mi->points ? ": the true count" : "; the true count is ");
            if (truth != mi->points)
                bfc__rt_num(t, truth);
        }
        return;
    }
    bfc__rt_put(t, mi->kind == BFC_MOVEKIND_CLAIM ? "claims against " : "lets stand ");
    bfc__rt_num(t, o->declared);
    if (truth >= 0) {
        bfc__rt_put(t, truth == o->declared ? ", the true count" : "; the true count is ");
        if (truth != o->declared)
            bfc__rt_num(t, truth);
    }
}

/* ---- The calls --------------------------------------------------------- */

static int check_move(const bfc_observation *o, bfc_move move, unsigned flags)
{
    if ((flags & ~BFC_UNICODE) || bfc__observation_check(o) != BFC_OK || o->seat != o->to_move)
        return BFC_EINVAL;
    bfc_move legal[BFC_MAX_MOVES];
    const int n = bfc__observation_moves(o, legal, BFC_MAX_MOVES);
    if (n < 0)
        return n;
    for (int i = 0; i < n && i < BFC_MAX_MOVES; i++)
        if (legal[i] == move)
            return BFC_OK;
    return BFC_EILLEGAL;
}

static int explain(rtext *t, const bfc_observation *o, bfc_move move, unsigned flags)
{
    bfc_move_info mi;
    if (bfc_move_decode(move, &mi) != BFC_OK)
        return BFC_EILLEGAL;
    switch (mi.kind) {
    case BFC_MOVEKIND_DISCARD: explain_discard(t, o, &mi); return BFC_OK;
    case BFC_MOVEKIND_PLAY: return explain_play(t, o, mi.card[0]);
    case BFC_MOVEKIND_DECLARE:
    case BFC_MOVEKIND_CLAIM:
    case BFC_MOVEKIND_PASS: explain_muggins(t, o, &mi); return BFC_OK;
    default: explain_battlefield(t, o, &mi, flags); return BFC_OK;
    }
}

int bfc_explain_move(const bfc_observation *obs, bfc_move move, unsigned flags, char *buf,
                     size_t cap)
{
    if (!buf && cap > 0)
        return BFC_EINVAL;
    int rc = check_move(obs, move, flags);
    if (rc != BFC_OK)
        return rc;
    rtext t = {buf, cap, 0};
    rc = explain(&t, obs, move, flags);
    return rc != BFC_OK ? rc : bfc__rt_end(&t);
}

int bfc_explain_discard(const bfc_observation *obs, const bfc_discard_option *opt, unsigned flags,
                        char *buf, size_t cap)
{
    if (!opt || (!buf && cap > 0))
        return BFC_EINVAL;
    int rc = check_move(obs, opt->move, flags);
    if (rc != BFC_OK)
        return rc == BFC_EILLEGAL ? BFC_EINVAL : rc;
    if (obs->phase != BFC_PHASE_DISCARD)
        return BFC_EINVAL;
    rtext t = {buf, cap, 0};
    rc = explain(&t, obs, opt->move, flags);
    if (rc != BFC_OK)
        return rc;
    const int own = side_of(obs, obs->seat) == side_of(obs, obs->dealer);
    bfc__rt_put(&t, "; hand ");
    bfc__rt_fixed(&t, opt->hand_ev, 2);
    if (opt->to_crib) {
        bfc__rt_put(&t, ", crib ");
        bfc__rt_fixed(&t, opt->crib_ev, 2);
        bfc__rt_put(&t, own ? " to your side" : " to the other side");
    }
    bfc__rt_put(&t, ": ");
    bfc__rt_fixed(&t, opt->total_ev, 2);
    bfc__rt_put(&t, " in all");
    if (opt->win >= 0) {
        bfc__rt_put(&t, " (");
        bfc__rt_pct(&t, opt->win);
        bfc__rt_put(&t, " to win)");
    }
    return bfc__rt_end(&t);
}
