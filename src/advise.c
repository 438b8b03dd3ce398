/* Exact advice: the expected points of every classic discard (hand and
 * crib over every unseen starter and every crib the other players may
 * make, under a stated model of their throws), and the expected
 * battlefield score of a Battlefield formation over the unseen turn cards.
 * Everything is an exact enumeration through the table-driven scorers; the
 * sums are integers, divided once at the end. */
#include <string.h>

#include "model.h"
#include "winchance.h"

/* ---- Card sets -------------------------------------------------------------- */

static uint64_t bit(bfc_card c) { return UINT64_C(1) << c; }

/* Lists the cards of a set in ascending order; returns how many. */
static unsigned list(uint64_t m, bfc_card *out)
{
    unsigned n = 0;
    for (; m; m &= m - 1)
        out[n++] = (bfc_card)__builtin_ctzll(m);
    return n;
}

int bfc_observation_unseen(const bfc_observation *o, uint64_t *out)
{
    if (!out || bfc__observation_check(o) != BFC_OK)
        return BFC_EINVAL;
    return bfc__observation_unseen(o, out);
}

/* The unseen cards of an observation the library made (or checked). */
int bfc__observation_unseen(const bfc_observation *o, uint64_t *out)
{
    if (o->players < 1 || o->players > 6)
        return BFC_EINVAL;
    uint64_t seen = 0;
    if (o->rules.variant == BFC_VARIANT_BATTLEFIELD) {
        if (o->players > 4)
            return BFC_EINVAL;
        seen = o->out_of_play | o->frontline.mask;
        for (unsigned s = 0; s < o->players; s++)
            for (unsigned i = 0; i < 5; i++)
                if (o->formation[s][i] <= BFC_JOKER)
                    seen |= bit(o->formation[s][i]);
        if (o->held <= BFC_JOKER)
            seen |= bit(o->held);
        if (o->turn_card <= BFC_JOKER)
            seen |= bit(o->turn_card);
        *out = ((UINT64_C(1) << 53) - 1) & ~seen;
        return BFC_OK;
    }
    seen = o->hand | o->thrown | o->crib_cards | o->judged | o->out_of_play;
    for (unsigned s = 0; s < o->players; s++)
        seen |= o->played[s] | o->shown[s];
    if (o->starter < BFC_NCARDS)
        seen |= bit(o->starter);
    *out = BFC__STD_MASK & ~seen;
    return BFC_OK;
}

/* ---- Classic discards ----------------------------------------------------- */

/* What a discard decision looks like under some rules: cards dealt and
 * thrown, cards of the seat's throw that reach the crib, and how many the
 * crib takes from the others. */
typedef struct shape {
    unsigned dealt, throws, keep; /* keep = dealt - throws */
    int to_crib;                  /* the seat's throw goes to the crib (not out, D3) */
    int mine;                     /* the seat's side scores the crib */
} shape;

/* The shape of rules r for role; BFC_EINVAL if there is no such discard. */
static int shape_of(const bfc_rules *r, int role, shape *sh)
{
    if (!r || bfc_rules_check(r) != BFC_OK)
        return BFC_EINVAL;
    const int v = r->variant, p = r->players;
    if (role != BFC_ROLE_DEALER && role != BFC_ROLE_PONE && role != BFC_ROLE_PARTNER)
        return BFC_EINVAL;
    if (v == BFC_VARIANT_SOLITAIRE) {
        if (role != BFC_ROLE_DEALER)
            return BFC_EINVAL;
        *sh = (shape){6, 2, 4, 1, 1};
        return BFC_OK;
    }
    if (v == BFC_VARIANT_FIVE_CARD) {
        if (role == BFC_ROLE_PARTNER)
            return BFC_EINVAL;
        *sh = (shape){5, 2, 3, 1, role == BFC_ROLE_DEALER};
        return BFC_OK;
    }
    if (v == BFC_VARIANT_SEVEN_CARD) { /* 7 dealt, 2 to the crib, hands of 5 (RULES 3.10) */
        if (role == BFC_ROLE_PARTNER)
            return BFC_EINVAL;
        *sh = (shape){7, 2, 5, 1, role == BFC_ROLE_DEALER};
        return BFC_OK;
    }
    if (v != BFC_VARIANT_CLASSIC)
        return BFC_EINVAL; /* Noddy and Battlefield: no discard */
    if (role == BFC_ROLE_PARTNER && !r->teams && !(r->flags & BFC_RULE_CAPTAIN))
        return BFC_EINVAL;
    if (p == 2) {
        *sh = (shape){6, 2, 4, 1, role == BFC_ROLE_DEALER};
        return BFC_OK;
    }
    /* 3, 4 and 6 players: five cards, one thrown; with six the dealer and
       partner throw out of the deal (RULES 3.4, D3) */
    const int deals = role != BFC_ROLE_PONE;
    *sh = (shape){5, 1, 4, !(p == 6 && deals), deals};
    return BFC_OK;
}

/* Histograms of crib_sum() are indexed by points + 1 (a starter's hand
 * and crib under 96), with a spill area from SPILL on for the cards that
 * are not starters. */
#define SPILL 128
#define HIST_ROOM (SPILL + 32)

/* The sum of the 52 scores of bfc_score_show_all_starters() (each -1..29),
 * eight at a time: each byte plus 1 is 0..30, so eight of them sum below
 * 256 and one multiply adds them into the top byte. */
static int sum52(const int8_t sc[52])
{
    int s = -52;
    for (unsigned i = 0; i < 48; i += 8) {
        uint64_t x;
        memcpy(&x, sc + i, 8);
        /* each byte plus 1 without a carry between bytes (-1 is 0xFF) */
        x = ((x & UINT64_C(0x7F7F7F7F7F7F7F7F)) + UINT64_C(0x0101010101010101)) ^
            (x & UINT64_C(0x8080808080808080));
        s += (int)((x * UINT64_C(0x0101010101010101)) >> 56);
    }
    for (unsigned i = 48; i < 52; i++)
        s += sc[i] + 1;
    return s;
}

/* The crib for the thrown cards t[0..k): its other 4 - k cards are a set
 * of the unseen cards u -- uniformly random (m NULL), or the other
 * player's throw as a sensible player in role `other` throws it (model m:
 * each pair weighted by its class's count, spread over the class) -- and
 * the starter uniform over the unseen cards left. Returns the weighted sum
 * of the crib's scores over every such (set, starter) and the total weight
 * in *count. The batch scorer gives all starters of one crib at once. */
static int64_t crib_sum(const bfc_card *t, unsigned k, const bfc_card *u, unsigned nu,
                        const bfc__throw_model *m, int other, int64_t *count, int64_t *hist,
                        const int8_t *add)
{
    const unsigned need = 4 - k;
    bfc_card crib[4], seen[52];
    unsigned nseen = 0;
    int base[52];
    {
        uint64_t inu = 0;
        for (unsigned i = 0; i < nu; i++)
            inu |= UINT64_C(1) << u[i];
        for (uint64_t r = BFC__STD_MASK & ~inu; r; r &= r - 1)
            seen[nseen++] = (bfc_card)__builtin_ctzll(r);
        for (unsigned c = 0; c < 52; c++)
            /* cppcheck-suppress unreadVariable -- read in the histogram's loop below */
            base[c] = (inu >> c & 1u) ? 1 + (add ? add[c] : 0) : SPILL;
    }
    for (unsigned i = 0; i < k; i++)
        crib[i] = t[i];
    int64_t sum = 0, weight = 0;
    int8_t sc[52];
    unsigned idx[4] = {0, 1, 2, 3};
    if (need > nu)
        return 0;
    /* every need-subset of u, in lexicographic order of indices */
    for (;;) {
        for (unsigned j = 0; j < need; j++)
            crib[k + j] = u[idx[j]];
        int64_t w = 1;
        if (m && need == 2) {
            const int cls = bfc__throw_class(crib[k], crib[k + 1]);
            w = (int64_t)m->counts[other][cls] * bfc__class_spread(cls);
        }
        if (w) {
            bfc_score_show_all_starters(crib, BFC_CRIB, sc);
            /* the starters: the unseen cards not in this crib; sc[] is -1
               for each crib card, so the sum over all unseen cards plus
               need is the sum over the others. The sum over the unseen
               cards is the sum over all 52 less the seen ones'. */
            int s = (int)need + sum52(sc);
            for (unsigned i = 0; i < nseen; i++)
                s -= sc[seen[i]];
            sum += w * s;
            weight += w;
            if (hist) {
                /* each starter's crib plus base[] of it: a seen card's base
                   puts it in the histogram's spill area, and the two other
                   crib cards (scored -1) are taken out again */
                for (unsigned c = 0; c < 52; c++)
                    hist[base[c] + sc[c]] += w;
                for (unsigned j = 0; j < need; j++)
                    hist[base[crib[k + j]] - 1] -= w;
            }
        }
        /* next subset */
        int j = (int)need - 1;
        while (j >= 0 && idx[j] == nu - need + (unsigned)j)
            j--;
        if (j < 0)
            break;
        idx[j]++;
        for (unsigned q = (unsigned)j + 1; q < need; q++)
            idx[q] = idx[q - 1] + 1;
    }
    *count = weight * (int64_t)(nu - need);
    return sum;
}

/* The mean show of the kept cards over the unseen starters: four kept
 * (classic) by the batch scorer, three (five-card) or five (seven-card: a
 * six-card show, RULES 3.10) by bfc_score_hand(). */
static double hand_mean(const bfc_card *keep, unsigned nk, const bfc_card *u, unsigned nu)
{
    int64_t sum = 0;
    if (nk == 4) {
        int8_t sc[52];
        bfc_score_show_all_starters(keep, 0, sc);
        for (unsigned i = 0; i < nu; i++)
            sum += sc[u[i]];
    } else {
        for (unsigned i = 0; i < nu; i++)
            sum += bfc_score_hand(keep, nk, u[i], 0, NULL);
    }
    return nu ? (double)sum / (double)nu : 0.0;
}

/* Best first: the higher total, then the lower move id. */
static int better(const bfc_discard_option *a, const bfc_discard_option *b)
{
    /* chances of winning closer than this are the same (the table's steps
       are 1/65535) */
    if (a->win > b->win + 1e-4 || a->win < b->win - 1e-4)
        return a->win > b->win;
    if (a->total_ev != b->total_ev)
        return a->total_ev > b->total_ev;
    return a->move < b->move;
}

/* ---- Discards valued in wins ----------------------------------------------- */

/* What valuing a discard in wins needs: the table, the measured deals, the
 * points each side still needs and whether the seat deals. */
typedef struct winctx {
    const bfc__win_table *t;
    const bfc__deal_model *dm;
    int mine, theirs; /* points still needed */
    int deals;
    int near;  /* 1: either side needs NEAR_END or fewer: the distributions */
    int top; /* the largest play points of one side with any chance */
    double peg_mine, peg_theirs, show_theirs; /* means of the deal model */
    double play[BFC__PLAY_MAX][BFC__PLAY_MAX]; /* the deal model's, as chances */
    double pone[BFC__SHOW_MAX], hand[BFC__SHOW_MAX];
} winctx;

#define HIST 96 /* points of one show and crib together, at most (capped) */

/* Within this many points of a target the deal's distributions decide;
 * farther, where the table is nearly linear in points, its expectations
 * do (a deal scores 26.4 points in all on average, its 95th percentile
 * about 48). */
#define NEAR_END 60

/* The chance that the dealer of the next deal wins when it needs a and the
 * other b; a side at 0 or less has won. */
static double next_deal(const winctx *w, int a, int b)
{
    if (b <= 0)
        return 0;
    if (a <= 0)
        return 1;
    const int t = w->t->target;
    return w->t->v[(a - 1) * t + (b - 1)] / 65535.0;
}

/* The chance of winning of a discard whose own show is distributed as
 * mine[] (the seat's hand, with the crib when it deals) and, for a pone,
 * the crib it gives as crib[]: the play drawn from the deal model, then
 * the pone's show, then the dealer's, in that order (RULES 3.1); after the
 * deal, the table. */
static double win_of(const winctx *w, const double *mine, const double *crib)
{
    double other[HIST] = {0}; /* the other side's show */
    if (w->deals) {
        for (int i = 0; i < BFC__SHOW_MAX; i++)
            other[i] = w->pone[i];
    } else { /* the dealer's hand and the crib the seat gives */
        for (int i = 0; i < BFC__SHOW_MAX; i++)
            for (int j = 0; j < HIST && i + j < HIST; j++)
                other[i + j] += w->hand[i] * crib[j];
    }
    int lo = HIST, hi = 0, olo = HIST, ohi = 0;
    for (int i = 0; i < HIST; i++) {
        if (mine[i] > 0) {
            lo = i < lo ? i : lo;
            hi = i;
        }
        if (other[i] > 0) {
            olo = i < olo ? i : olo;
            ohi = i;
        }
    }
    const int a = w->mine, b = w->theirs;
    /* after the play the seat needs x = a - its play points and the other
       y = b - theirs; both only take values a - k, b - k for k below the
       play's largest points (w->top) */
    const int top = w->top;
    /* cache[k][j]: the value for x = a - k of the shows with the other
       side needing z = b - j (j up to top + the other's largest show) */
    static const double unset = -1;
    double cache[BFC__PLAY_MAX][BFC__PLAY_MAX + HIST];
    for (int k = 0; k <= top; k++)
        for (int j = 0; j <= top + ohi; j++)
            cache[k][j] = unset;
    double total = 0;
    for (int dp = 0; dp <= top; dp++)
        for (int pp = 0; pp <= top; pp++) {
            const double p = w->play[dp][pp];
            if (p == 0)
                continue;
            const int me = w->deals ? dp : pp, op = w->deals ? pp : dp;
            if (me >= a && op >= b) {
                /* both could peg out: the one needing the smaller share of
                   its play points first (the pone on a tie) */
                const int dealer_first = w->deals ? (int64_t)a * op < (int64_t)b * me
                                                  : (int64_t)b * me < (int64_t)a * op;
                total += p * (w->deals ? dealer_first : !dealer_first);
                continue;
            }
            if (me >= a) {
                total += p;
                continue;
            }
            if (op >= b)
                continue;
            const int x = a - me, y = b - op;
            double v = 0;
            if (w->deals) { /* the pone's show, then the seat's */
                for (int o = olo; o <= ohi && o < y; o++) {
                    if (other[o] == 0)
                        continue;
                    /* Q(x, z): the seat's show with the other at z = y - o */
                    double *q = &cache[me][op + o];
                    if (*q == unset) {
                        double sum = 0;
                        for (int m = lo; m <= hi; m++)
                            if (mine[m] > 0)
                                sum += mine[m] * (m >= x ? 1 : 1 - next_deal(w, y - o, x - m));
                        *q = sum;
                    }
                    v += other[o] * *q;
                }
            } else { /* the seat's show, then the dealer's */
                for (int m = lo; m <= hi; m++) {
                    if (mine[m] == 0)
                        continue;
                    if (m >= x) {
                        v += mine[m];
                        continue;
                    }
                    /* R(x - m, y): the dealer's show, the seat at x - m */
                    double *r = &cache[op][me + m];
                    if (*r == unset) {
                        double sum = 0;
                        for (int o = olo; o <= ohi && o < y; o++)
                            if (other[o] > 0)
                                sum += other[o] * next_deal(w, x - m, y - o);
                        *r = sum;
                    }
                    v += mine[m] * *r;
                }
            }
            total += p * v;
        }
    return total;
}

/* A chance of winning as bfc.h promises it, in [0, 1]: the sums over the
 * show's distributions round to a few ulps past 1 where the win is sure
 * (1.0000000000000007 in 1,591 of 9,180 answers near the end, issue 39). */
static double chance01(double p) { return p < 0 ? 0 : p > 1 ? 1 : p; }

/* The table at fractional points to go, bilinear between whole ones. */
static double table_at(const winctx *w, double a, double b)
{
    const int t = w->t->target;
    a = a < 1 ? 1 : a > t ? t : a;
    b = b < 1 ? 1 : b > t ? t : b;
    const int a0 = (int)a, b0 = (int)b;
    const int a1 = a0 < t ? a0 + 1 : a0, b1 = b0 < t ? b0 + 1 : b0;
    const double fa = a - a0, fb = b - b0;
    const double v00 = next_deal(w, a0, b0), v01 = next_deal(w, a0, b1);
    const double v10 = next_deal(w, a1, b0), v11 = next_deal(w, a1, b1);
    return (1 - fa) * ((1 - fb) * v00 + fb * v01) + fa * ((1 - fb) * v10 + fb * v11);
}

/* Away from the end: the chance of winning of the deal's expected points,
 * the seat's hand and crib as advised, the play and the other side's show
 * as measured; the next deal is the other's to deal. */
static double win_by_means(const winctx *w, double hand_ev, double crib_ev)
{
    const double mine = w->peg_mine + hand_ev + (w->deals ? crib_ev : 0);
    const double theirs = w->peg_theirs + w->show_theirs + (w->deals ? 0 : crib_ev);
    const double a = w->mine - mine, b = w->theirs - theirs;
    /* the next deal: the seat deals it when it does not deal this one */
    return w->deals ? 1 - table_at(w, b, a) : table_at(w, a, b);
}

/* Normalises a histogram of counts into chances. */
static void chances(const int64_t *h, int n, double *out)
{
    int64_t sum = 0;
    for (int i = 0; i < n; i++)
        sum += h[i];
    for (int i = 0; i < n; i++)
        out[i] = sum ? (double)h[i] / (double)sum : 0.0;
}

/* Every option of the hand (a set) with the unseen cards u (a set). */
static int advise(const bfc_rules *rules, const shape *sh, uint64_t hand, uint64_t unseen,
                  int model, const winctx *wc, bfc_discard_option *out, size_t cap)
{
    const bfc__throw_model *m = NULL;
    if (model == BFC_CRIB_PLAYED) {
        m = bfc__throw_model_of(rules);
        if (!m)
            return BFC_EINVAL;
    } else if (model != BFC_CRIB_UNIFORM) {
        return BFC_EINVAL;
    }
    const int other = sh->mine ? 1 : 0; /* the other thrower: the pone, or the dealer */
    bfc_card h[7], u[52];
    if ((unsigned)__builtin_popcountll(hand) != sh->dealt)
        return BFC_EINVAL;
    const unsigned nh = list(hand, h), nu = list(unseen & ~hand, u);
    if (nu < 5)
        return BFC_EINVAL;
    bfc_discard_option opt[21]; /* C(7,2), seven-card */
    unsigned n = 0;
    /* the crib without the seat's cards (six players, dealer's side): the
       same for every option, counted once */
    double shared_crib = 0;
    if (!sh->to_crib) {
        int64_t cnt = 0;
        const int64_t s = crib_sum(NULL, 0, u, nu, NULL, 0, &cnt, NULL, NULL);
        shared_crib = cnt ? (double)s / (double)cnt : 0.0;
    }
    for (unsigned a = 0; a < nh; a++)
        for (unsigned b = sh->throws == 2 ? a + 1 : a; b < nh; b++) {
            if (sh->throws == 1 && b != a)
                continue;
            bfc_discard_option *o = &opt[n++];
            memset(o, 0, sizeof *o);
            o->ndiscard = (uint8_t)sh->throws;
            o->discard[0] = h[a];
            o->discard[1] = sh->throws == 2 ? h[b] : BFC_CARD_NONE;
            o->move = sh->throws == 2 ? bfc_move_discard2(h[a], h[b])
                                      : (bfc_move)(BFC_MOVE_DISCARD + h[a]);
            o->to_crib = (uint8_t)sh->to_crib;
            memset(o->keep, BFC_CARD_NONE, sizeof o->keep);
            for (unsigned i = 0; i < nh; i++)
                if (i != a && i != b)
                    o->keep[o->nkeep++] = h[i];
            o->hand_ev = hand_mean(o->keep, o->nkeep, u, nu);
            int64_t hist[HIST_ROOM] = {0};
            int8_t add[52] = {0};
            const int dist = wc && wc->near;
            if (dist) /* each starter's hand, added to the crib's (dealer) */
                bfc_score_show_all_starters(o->keep, 0, add);
            if (sh->to_crib) {
                int64_t cnt = 0;
                const int64_t s = crib_sum(o->discard, sh->throws, u, nu, m, other, &cnt,
                                           dist ? hist : NULL, dist && wc->deals ? add : NULL);
                o->crib_ev = cnt ? (double)s / (double)cnt : 0.0;
            } else {
                o->crib_ev = shared_crib;
            }
            o->total_ev = sh->mine ? o->hand_ev + o->crib_ev : o->hand_ev - o->crib_ev;
            o->win = -1;
            if (dist) {
                double mine[HIST], crib[HIST];
                if (wc->deals) {
                    chances(hist + 1, HIST, mine);
                } else {
                    int64_t hh[HIST] = {0};
                    for (unsigned i = 0; i < nu; i++)
                        if (add[u[i]] >= 0)
                            hh[add[u[i]]]++;
                    chances(hh, HIST, mine);
                    chances(hist + 1, HIST, crib);
                }
                o->win = chance01(win_of(wc, mine, crib));
            } else if (wc) {
                o->win = chance01(win_by_means(wc, o->hand_ev, o->crib_ev));
            }
        }
    /* insertion sort, best first */
    for (unsigned i = 1; i < n; i++) {
        const bfc_discard_option x = opt[i];
        unsigned j = i;
        while (j > 0 && better(&x, &opt[j - 1])) {
            opt[j] = opt[j - 1];
            j--;
        }
        opt[j] = x;
    }
    if (out)
        memcpy(out, opt, (n < cap ? n : cap) * sizeof *out);
    return (int)n;
}

int bfc_advise_discard(const bfc_rules *rules, const bfc_card *hand, size_t n, int role,
                       int model, bfc_discard_option *out, size_t cap)
{
    shape sh;
    if (!hand || (!out && cap > 0) || shape_of(rules, role, &sh) < 0 || n != sh.dealt)
        return BFC_EINVAL;
    uint64_t mask;
    const int rc = bfc__check_cards(hand, n, 0, &mask);
    if (rc < 0)
        return rc;
    return advise(rules, &sh, mask, BFC__STD_MASK & ~mask, model, NULL, out, cap);
}

int bfc_advise_discard_observation(const bfc_observation *obs, int model,
                                   bfc_discard_option *out, size_t cap)
{
    if ((!out && cap > 0) || bfc__observation_check(obs) != BFC_OK || obs->over ||
        obs->phase != BFC_PHASE_DISCARD || obs->seat != obs->to_move)
        return BFC_EINVAL;
    /* the crib is the seat's side's when the dealer plays for it: a
       partner (teams), or a teammate of captain's cribbage (RULES 3.10) */
    const int mine = obs->players == 1 || bfc_rules_side_of(&obs->rules, obs->seat) ==
                                              bfc_rules_side_of(&obs->rules, obs->dealer);
    const int role = obs->players == 1 || obs->seat == obs->dealer ? BFC_ROLE_DEALER
                     : mine                                        ? BFC_ROLE_PARTNER
                                                                   : BFC_ROLE_PONE;
    shape sh;
    if (shape_of(&obs->rules, role, &sh) < 0)
        return BFC_EINVAL;
    uint64_t unseen;
    if (bfc__observation_unseen(obs, &unseen) < 0)
        return BFC_EINVAL;
    return advise(&obs->rules, &sh, obs->hand, unseen, model, NULL, out, cap);
}

int bfc_advise_discard_win(const bfc_observation *obs, int model, bfc_discard_option *out,
                           size_t cap)
{
    if ((!out && cap > 0) || bfc__observation_check(obs) != BFC_OK || obs->over ||
        obs->phase != BFC_PHASE_DISCARD || obs->seat != obs->to_move || obs->players != 2)
        return BFC_EINVAL;
    static const winctx none;
    winctx w = none;
    w.t = bfc__win_table_of(&obs->rules);
    w.dm = bfc__deal_model_of(obs->rules.variant);
    shape sh;
    const int role = obs->seat == obs->dealer ? BFC_ROLE_DEALER : BFC_ROLE_PONE;
    if (!w.t || !w.dm || shape_of(&obs->rules, role, &sh) < 0 || sh.dealt != 6)
        return BFC_EINVAL;
    w.deals = role == BFC_ROLE_DEALER;
    w.mine = w.t->target - obs->score[obs->seat];
    w.theirs = w.t->target - obs->score[1 - obs->seat];
    int64_t n = 0, np = 0, nh = 0;
    for (int i = 0; i < BFC__PLAY_MAX; i++)
        for (int j = 0; j < BFC__PLAY_MAX; j++)
            n += w.dm->play[i][j];
    for (int i = 0; i < BFC__SHOW_MAX; i++) {
        np += w.dm->pone[i];
        nh += w.dm->hand[i];
    }
    if (!n || !np || !nh)
        return BFC_EINVAL;
    for (int i = 0; i < BFC__PLAY_MAX; i++)
        for (int j = 0; j < BFC__PLAY_MAX; j++) {
            w.play[i][j] = (double)w.dm->play[i][j] / (double)n;
            if (w.dm->play[i][j] && (i > w.top || j > w.top))
                w.top = i > j ? i : j;
        }
    double dp = 0, pp = 0, ps = 0, dh = 0;
    for (int i = 0; i < BFC__PLAY_MAX; i++)
        for (int j = 0; j < BFC__PLAY_MAX; j++) {
            dp += i * w.play[i][j];
            pp += j * w.play[i][j];
        }
    for (int i = 0; i < BFC__SHOW_MAX; i++) {
        w.pone[i] = (double)w.dm->pone[i] / (double)np;
        w.hand[i] = (double)w.dm->hand[i] / (double)nh;
        ps += i * w.pone[i];
        dh += i * w.hand[i];
    }
    w.peg_mine = w.deals ? dp : pp;
    w.peg_theirs = w.deals ? pp : dp;
    w.show_theirs = w.deals ? ps : dh;
    w.near = w.mine <= NEAR_END || w.theirs <= NEAR_END;
    uint64_t unseen;
    if (bfc__observation_unseen(obs, &unseen) < 0)
        return BFC_EINVAL;
    return advise(&obs->rules, &sh, obs->hand, unseen, model, &w, out, cap);
}

/* ---- The battlefield -------------------------------------------------------- */

/* The most face-down slots bfc_advise_formation() accepts. */
#define MAX_HIDDEN 3

int bfc_advise_formation(const bfc_card formation[5], uint64_t unseen, unsigned flags,
                         double *ev)
{
    if (!formation || !ev || (flags & ~BFC_ANY_LAY_AWAY) || (unseen >> 53))
        return BFC_EINVAL;
    bfc_card f[5], u[53];
    unsigned hidden[5], nh = 0;
    uint64_t seen = 0;
    for (unsigned i = 0; i < 5; i++) {
        f[i] = formation[i];
        if (f[i] == BFC_CARD_HIDDEN) {
            hidden[nh++] = i;
            continue;
        }
        if (f[i] > BFC_JOKER)
            return BFC_ECARD;
        if (seen & bit(f[i]))
            return BFC_EDUP;
        seen |= bit(f[i]);
    }
    if (unseen & seen || nh > MAX_HIDDEN)
        return BFC_EINVAL;
    const unsigned nu = list(unseen, u);
    if (nu < nh + 1)
        return BFC_EINVAL;
    /* every set of cards for the face-down slots (in index order: the
       score does not depend on the slot order), every turn card of the rest */
    unsigned idx[MAX_HIDDEN] = {0, 1, 2};
    int64_t sum = 0, count = 0;
    for (;;) {
        uint64_t used = 0;
        for (unsigned j = 0; j < nh; j++) {
            f[hidden[j]] = u[idx[j]];
            used |= bit(u[idx[j]]);
        }
        for (unsigned t = 0; t < nu; t++) {
            if (used & bit(u[t]))
                continue;
            const int best = bfc_score_battlefield(f, u[t], flags, NULL);
            sum += best > 0 ? best : 0;
            count++;
        }
        int j = (int)nh - 1;
        while (j >= 0 && idx[j] == nu - nh + (unsigned)j)
            j--;
        if (j < 0)
            break;
        idx[j]++;
        for (unsigned q = (unsigned)j + 1; q < nh; q++)
            idx[q] = idx[q - 1] + 1;
    }
    *ev = count ? (double)sum / (double)count : 0.0;
    return BFC_OK;
}
