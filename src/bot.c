/* Baseline bots: they read an observation only, never the hidden cards. */
#include <string.h>

#include "state.h"

int bfc_bot_random(const bfc_observation *obs, uint64_t *rng, bfc_move *out)
{
    if (!rng || !out || bfc__observation_check(obs) != BFC_OK)
        return BFC_EINVAL;
    return bfc__bot_random(obs, rng, out);
}

/* The bots on an observation the library made (the search's playouts). */
int bfc__bot_random(const bfc_observation *obs, uint64_t *rng, bfc_move *out)
{
    bfc_move m[BFC_MAX_MOVES];
    const int n = bfc__observation_moves(obs, m, BFC_MAX_MOVES);
    if (n <= 0)
        return BFC_EINVAL;
    *out = m[(bfc__splitmix(rng) >> 32) * (uint64_t)n >> 32];
    return BFC_OK;
}

/* ---- Greedy -------------------------------------------------------------- */

typedef struct ctx {
    const bfc_observation *o;
    unsigned me;          /* the seat to move */
    bfc_card unseen[53];  /* cards this seat has not seen */
    unsigned nunseen;
} ctx;

static unsigned side_of(const bfc_observation *o, unsigned s)
{
    const int d = bfc_rules_side_of(&o->rules, (int)s);
    return d < 0 ? s : (unsigned)d;
}

/* The value for the mover's side of placing c on frontline f: its own
 * points, minus a go given to an opponent (plus one given to a partner),
 * plus knobs when the mover's side deals. */
static double placement(const ctx *x, const bfc_frontline *f, bfc_card c, unsigned flags)
{
    bfc_frontline t = *f;
    bfc_frontline_score s;
    if (bfc_frontline_place(&t, c, flags, &s) < 0)
        return 0;
    const bfc_observation *o = x->o;
    const unsigned my = side_of(o, x->me);
    const unsigned right = x->me == 0 ? o->players - 1u : x->me - 1u;
    double v = s.placer_points;
    if (s.go_point)
        v += side_of(o, right) == my ? 1 : -1;
    if (s.knobs_dealer)
        v += side_of(o, o->dealer) == my ? 2 : -2;
    return v;
}

/* The mean value of placing a card not seen (some face-down card). */
static double unseen_mean(const ctx *x, const bfc_frontline *f, unsigned flags)
{
    if (x->nunseen == 0)
        return 0;
    double sum = 0;
    for (unsigned i = 0; i < x->nunseen; i++)
        sum += placement(x, f, x->unseen[i], flags);
    return sum / x->nunseen;
}

/* The value of placing the card in slot i (its own, or the mean). */
static double slot_value(const ctx *x, const bfc_frontline *f, unsigned i, double mean,
                         unsigned flags)
{
    const bfc_card c = x->o->formation[x->me][i];
    return c == BFC_CARD_HIDDEN ? mean : placement(x, f, c, flags);
}

/* How much a card helps a show hand, roughly: fives and tens make fifteens. */
static int card_worth(bfc_card c)
{
    if (c == BFC_JOKER)
        return -10;
    const int v = bfc_card_value(c);
    return v == 5 ? 3 : v == 10 ? 1 : 0;
}

/* The value of a move that makes no progress: below any other. */
#define NO_PROGRESS (-1000.0)

static double move_value(const ctx *x, bfc_move m)
{
    const bfc_observation *o = x->o;
    const bfc_frontline *f = &o->frontline;
    if (m < BFC_MOVE_DRAW)
        return 0;
    if (m == BFC_MOVE_TURN)
        return unseen_mean(x, f, BFC_TURN_CARD);
    if (m == BFC_MOVE_PLACE)
        return placement(x, f, o->held, 0);
    if (m >= BFC_MOVE_SWAP && m < BFC_MOVE_SWAP + 5) {
        const unsigned i = m - BFC_MOVE_SWAP;
        /* keeping a good card, turning a face-down slot up: small bonuses */
        return slot_value(x, f, i, unseen_mean(x, f, 0), 0) + 0.05 * card_worth(o->held) +
               (o->formation[x->me][i] == BFC_CARD_HIDDEN ? 0.01 : 0);
    }
    if (m >= BFC_MOVE_TAKE && m < BFC_MOVE_TAKE + 5) {
        bfc_frontline t = *f;
        bfc_card taken;
        if (bfc_frontline_take(&t, &taken) < 0)
            return -100;
        const double v = slot_value(x, &t, m - BFC_MOVE_TAKE, unseen_mean(x, &t, 0), 0);
        /* Progress: a take that scores nothing is never preferred to a draw
           or the turn card. Two players could otherwise trade the end card
           for ever (RULES 4.4; with no turn limit, D9, nothing stops them),
           while each draw brings the skirmish's end closer and each
           scoring take brings the game's. */
        if (v <= 0)
            return NO_PROGRESS + v;
        return v + 0.05 * card_worth(taken);
    }
    if (m == BFC_MOVE_DRAW) {
        /* the mean over the card drawn of the best of place and swap */
        const double mean = unseen_mean(x, f, 0);
        double best_swap = -100;
        for (unsigned i = 0; i < 5; i++) {
            const double v = slot_value(x, f, i, mean, 0);
            if (v > best_swap)
                best_swap = v;
        }
        double sum = 0;
        for (unsigned i = 0; i < x->nunseen; i++) {
            const double p = placement(x, f, x->unseen[i], 0);
            sum += p > best_swap ? p : best_swap;
        }
        return x->nunseen ? sum / x->nunseen : 0;
    }
    return 0;
}

/* Battlefield: the best score for the hand; among equal hands the dealer's
 * side lays away the card worth most to its reserve, the others the card
 * worth least. */
static bfc_move lay_away(const bfc_observation *o, unsigned me)
{
    bfc_battlefield bf;
    if (bfc_score_battlefield(o->formation[me], o->turn_card, bfc__lay_flags(&o->rules),
                              &bf) < 0) {
        memset(&bf, 0, sizeof bf); /* a made-up observation: any legal slot */
        bf.legal = o->lay_legal;
    }
    /* D13 option: a formation holding the joker scores 0 whatever it lays
       away, so only the reserve matters */
    if (o->rules.flags & BFC_RULE_JOKER_KILLS_FORMATION)
        for (unsigned i = 0; i < 5; i++)
            if (o->formation[me][i] == BFC_JOKER)
                memset(bf.by_lay_away, 0, sizeof bf.by_lay_away);
    const int dealer_side = side_of(o, o->dealer) == side_of(o, me);
    int best = -1000, pick = -1;
    for (unsigned i = 0; i < 5; i++) {
        if (!(o->lay_legal >> i & 1u))
            continue;
        const int w = card_worth(o->formation[me][i]);
        const int v = 100 * bf.by_lay_away[i].total + (dealer_side ? w : -w);
        if (v > best) {
            best = v;
            pick = (int)i;
        }
    }
    return pick < 0 ? BFC_MOVE_NONE : (bfc_move)(BFC_MOVE_LAYAWAY + (unsigned)pick);
}

/* The best moves seen so far (values within 1e-9 tie); one of them is
 * chosen at random at the end. */
typedef struct best {
    double value;
    bfc_move ties[BFC_MAX_MOVES];
    unsigned n;
} best;

static void best_add(best *b, bfc_move m, double v)
{
    if (b->n == 0 || v > b->value + 1e-9) {
        b->value = v;
        b->n = 0;
    }
    if (v > b->value - 1e-9)
        b->ties[b->n++] = m;
}

static bfc_move best_pick(const best *b, uint64_t *rng)
{
    return b->ties[(bfc__splitmix(rng) >> 32) * (uint64_t)b->n >> 32];
}

/* ---- Greedy in the classic games ------------------------------------------- */



/* A rough worth of two cards thrown to a crib: their own fifteen and pair,
 * and a little for fives and touching ranks. */
static double crib_worth(bfc_card a, bfc_card b)
{
    const unsigned ra = bfc__rank(a), rb = bfc__rank(b);
    double v = 0;
    if (bfc__value(a) + bfc__value(b) == 15)
        v += 2;
    if (ra == rb)
        v += 2;
    if (ra + 1 == rb || rb + 1 == ra)
        v += 0.5;
    v += (ra == 5) + (rb == 5);
    return v;
}

/* The mean show score of the kept cards over every starter this seat has
 * not seen, plus the thrown cards' worth to the crib: for its side when it
 * deals (always in solitaire), against it otherwise. */
static double discard_value(const bfc_observation *o, bfc_move m)
{
    bfc_move_info d;
    bfc_move_decode(m, &d);
    const bfc_card a = d.card[0], b = d.ncards == 2 ? d.card[1] : BFC_CARD_NONE;
    uint64_t thrown = UINT64_C(1) << a;
    if (b != BFC_CARD_NONE)
        thrown |= UINT64_C(1) << b;
    bfc_card kept[6];
    unsigned k = 0;
    for (uint64_t h = o->hand & ~thrown; h && k < 5; h &= h - 1)
        kept[k++] = (bfc_card)bfc__lowest(h);
    const uint64_t seen = o->hand | o->thrown;
    double sum = 0;
    unsigned starters = 0;
    for (unsigned c = 0; c < BFC_NCARDS; c++) {
        if (seen >> c & 1u)
            continue;
        const int p = bfc_score_hand(kept, k, (bfc_card)c, 0, NULL);
        sum += p > 0 ? p : 0;
        starters++;
    }
    double v = starters ? sum / starters : 0;
    const double crib = b == BFC_CARD_NONE ? (bfc__rank(a) == 5) : crib_worth(a, b);
    const int mine = o->players == 1 || side_of(o, o->dealer) == side_of(o, o->seat);
    return v + (mine ? crib : -crib);
}

/* Points for laying c now, less a little for leaving a count of 5 or 21
 * (a ten-card makes 15 or 31) when someone else lays next. */
static double lay_value(const bfc_observation *o, bfc_card c)
{
    bfc_card seq[17];
    const unsigned n = o->nseq < 16 ? o->nseq : 16;
    memcpy(seq, o->seq, n);
    seq[n] = c;
    const unsigned flags = o->rules.variant == BFC_VARIANT_NODDY ? BFC_NODDY : 0u;
    const int p = bfc_score_peg_detail(seq, n + 1, flags, NULL);
    const unsigned count = o->count + bfc__value(c);
    double v = p > 0 ? p : 0;
    if (o->players > 1 && (count == 5 || count == 21))
        v -= 0.6;
    if (bfc__rank(c) == 5 && o->players > 1)
        v -= 0.2; /* a five is worth more kept for fifteens */
    return v;
}

/* The true count of the hand or crib being judged (muggins). A Noddy hand
 * is declared unseen (judged is empty), but its declarer holds it. */
static int judged_count(const bfc_observation *o)
{
    if (o->counting == 2) { /* D12: the card just laid, and the go it earns */
        const unsigned flags = o->rules.variant == BFC_VARIANT_NODDY ? BFC_NODDY : 0u;
        const int p = bfc_score_peg_detail(o->seq, o->nseq < 16 ? o->nseq : 16, flags, NULL);
        return (p < 0 ? 0 : p) + o->owed;
    }
    bfc_card cards[6];
    unsigned k = 0;
    const uint64_t judged = o->judged ? o->judged : o->seat == o->declarer ? o->hand : 0;
    for (uint64_t h = judged; h && k < 5; h &= h - 1)
        cards[k++] = (bfc_card)bfc__lowest(h);
    const unsigned flags = (o->counting == 1 ? BFC_CRIB : 0u) |
                           (o->rules.variant == BFC_VARIANT_NODDY ? BFC_NODDY : 0u);
    const int t = bfc_score_hand(cards, k, o->starter, flags, NULL);
    return t < 0 ? 0 : t;
}

static int greedy_classic(const bfc_observation *o, uint64_t *rng, const bfc_move *m, int n,
                          bfc_move *out)
{
    if (o->phase == BFC_PHASE_DECLARE) {
        /* honest: the true count, whatever it is (D18: every count up
           to the most the cards can score is listed, 0 first); an
           observation made up with more than its list holds gets the
           most listed */
        const bfc_move honest = bfc_move_declare(judged_count(o));
        *out = m[n - 1];
        for (int i = 0; i < n; i++)
            if (m[i] == honest)
                *out = honest;
        return BFC_OK;
    }
    const int backward = (o->rules.flags & BFC_RULE_BACKWARD) != 0;
    if (o->phase == BFC_PHASE_CLAIM) {
        /* an unseen count: a claim costs nothing; backward, a claim only
           gives the claimer points, so it passes */
        const int wrong = o->judged == 0 || judged_count(o) != o->declared;
        *out = wrong && !backward ? BFC_MOVE_CLAIM : BFC_MOVE_PASS;
        return BFC_OK;
    }
    best b = {0};
    for (int i = 0; i < n; i++) {
        const double v = o->phase == BFC_PHASE_DISCARD
                             ? discard_value(o, m[i])
                             : lay_value(o, (bfc_card)(m[i] - BFC_MOVE_PLAY));
        best_add(&b, m[i], backward ? -v : v); /* RULES 3.7: points are what it avoids */
    }
    *out = best_pick(&b, rng);
    return BFC_OK;
}

int bfc_bot_greedy(const bfc_observation *o, uint64_t *rng, bfc_move *out)
{
    if (!rng || !out || bfc__observation_check(o) != BFC_OK)
        return BFC_EINVAL;
    return bfc__bot_greedy(o, rng, out);
}

int bfc__bot_greedy(const bfc_observation *o, uint64_t *rng, bfc_move *out)
{
    if (o->to_move >= o->players || o->players > 6)
        return BFC_EINVAL;
    bfc_move m[BFC_MAX_MOVES];
    const int n = bfc__observation_moves(o, m, BFC_MAX_MOVES);
    if (n <= 0)
        return BFC_EINVAL;
    if (o->rules.variant != BFC_VARIANT_BATTLEFIELD)
        return greedy_classic(o, rng, m, n, out);
    if (o->players > 4)
        return BFC_EINVAL;
    if (o->phase == BFC_PHASE_LAYAWAY) {
        const bfc_move l = lay_away(o, o->to_move);
        if (l == BFC_MOVE_NONE)
            return BFC_EINVAL;
        *out = l;
        return BFC_OK;
    }
    ctx x;
    x.o = o;
    x.me = o->to_move;
    /* the cards this seat has not seen: all but the visible ones */
    uint64_t seen = o->out_of_play | o->frontline.mask;
    for (unsigned s = 0; s < o->players; s++)
        for (unsigned i = 0; i < 5; i++)
            if (o->formation[s][i] <= BFC_JOKER)
                seen |= UINT64_C(1) << o->formation[s][i];
    if (o->held <= BFC_JOKER)
        seen |= UINT64_C(1) << o->held;
    x.nunseen = 0;
    for (unsigned c = 0; c <= BFC_JOKER; c++)
        if (!(seen >> c & 1u))
            x.unseen[x.nunseen++] = (bfc_card)c;
    best b = {0};
    for (int i = 0; i < n; i++)
        best_add(&b, m[i], move_value(&x, m[i]));
    *out = best_pick(&b, rng);
    return BFC_OK;
}

/* ---- Rules of thumb (Battlefield) ------------------------------------------
 * A player written from the rulebook's strategy tips (seed 000, "Strategies")
 * and RULES 4, deciding from its observation only: the points a placement
 * makes now; what the frontline it leaves gives the next player (a fifteen,
 * a 31, a pair or a run that player can complete with a card it shows or
 * draws); the formation it builds (pairs, fifteens, touching ranks; the
 * joker a liability to the dealer's side, a threat to the reserve for the
 * others); whether a move ends the skirmish and so hands the turn card to
 * another; the best turn card for its side when it lays it; no pair or
 * touching ranks left on the frontline while the next player's formation is
 * still face down (the first-turn tip). Frozen: tests/test_baseline.c pins
 * its moves. */

#define RULES_THREAT 1.0   /* the share of the next player's best points counted */
#define RULES_FORM 0.4     /* formation worth to frontline points */
#define RULES_HIDDEN 1.2   /* the worth of a face-down slot */
#define RULES_END 0.3      /* the hand lead locked in by ending the skirmish */
#define RULES_TURN_EDGE 3  /* what laying the turn card is worth to the layer */

typedef struct rctx {
    ctx x;
    unsigned my, next; /* my side; the seat that moves after me */
    int next_foe;      /* that seat is not on my side */
    int turn_due;      /* the card I place is the turn card */
    int ending;        /* the skirmish is ending (final turns) */
    int dealer_side;   /* my side deals */
    unsigned cnt[15];  /* unseen cards by rank (14: the joker) */
    bfc_card rep[15];  /* one unseen card of each such rank */
    unsigned lay_flags;
} rctx;

static unsigned rank_of(bfc_card c) { return c == BFC_JOKER ? 14u : bfc__rank(c); }

/* Points for the seat s's side of placing c on f (s the placer). */
static double placed_for(const rctx *r, unsigned s, const bfc_frontline *f, bfc_card c,
                         unsigned flags)
{
    bfc_frontline t = *f;
    bfc_frontline_score sc;
    if (bfc_frontline_place(&t, c, flags, &sc) < 0)
        return 0;
    const bfc_observation *o = r->x.o;
    const unsigned side = side_of(o, s);
    const unsigned right = s == 0 ? o->players - 1u : s - 1u;
    double v = sc.placer_points;
    if (sc.go_point)
        v += side_of(o, right) == side ? 1 : -1;
    if (sc.knobs_dealer)
        v += side_of(o, o->dealer) == side ? 2 : -2;
    return v;
}

/* What the next player can make on frontline f: the best of its face-up
 * cards, or a card it draws when that beats them (the mean over the unseen
 * ranks); for my side, so a partner's points count for me. 0 when no one
 * places after me this skirmish. */
static double threat(const rctx *r, const bfc_frontline *f)
{
    const bfc_observation *o = r->x.o;
    if (r->turn_due)
        return 0;
    double known = -1; /* a placement that renews gives a go away: -1 */
    for (unsigned i = 0; i < 5; i++) {
        const bfc_card c = o->formation[r->next][i];
        if (c <= BFC_JOKER && !(f->mask >> c & 1u)) {
            const double v = placed_for(r, r->next, f, c, 0);
            if (v > known)
                known = v;
        }
    }
    double t = known;
    if (o->pile > 2 && r->x.nunseen) {
        double sum = 0;
        for (unsigned k = 1; k <= 14; k++)
            if (r->cnt[k]) {
                const double v = placed_for(r, r->next, f, r->rep[k], 0);
                sum += r->cnt[k] * (v > known ? v : known);
            }
        t = sum / r->x.nunseen;
    }
    if (t < 0)
        t = 0;
    return r->next_foe ? t : -t;
}

/* The first-turn tip: a pair or touching ranks at the end of the frontline
 * while the next player still has face-down cards to complete them. */
static double opening_risk(const rctx *r, const bfc_frontline *f)
{
    if (!r->next_foe || r->turn_due || f->n < 2 || f->sum > 26)
        return 0;
    const bfc_card a = f->cards[f->n - 1], b = f->cards[f->n - 2];
    if (a == BFC_JOKER || b == BFC_JOKER)
        return 0;
    const unsigned ra = bfc__rank(a), rb = bfc__rank(b);
    const unsigned d = ra > rb ? ra - rb : rb - ra;
    unsigned hidden = 0;
    for (unsigned i = 0; i < 5; i++)
        hidden += r->x.o->formation[r->next][i] == BFC_CARD_HIDDEN;
    const double risk = d == 0 ? 1.0 : d == 1 ? 0.6 : d == 2 ? 0.3 : 0;
    return risk * hidden / 3.0;
}

/* A formation's worth as a hand, roughly: pairs, fifteens of two and three
 * cards, touching ranks; face-down slots at a constant; the joker a cost to
 * the dealer's side (it kills the hand or the reserve), a small gain to the
 * others (laid away, it kills the dealer's reserve). */
static double worth(const bfc_card form[5], int dealer_side)
{
    bfc_card k[5];
    unsigned n = 0;
    double v = 0;
    for (unsigned i = 0; i < 5; i++) {
        const bfc_card c = form[i];
        if (c == BFC_JOKER)
            v += dealer_side ? -3 : 1;
        else if (c < BFC_JOKER)
            k[n++] = c;
        else
            v += RULES_HIDDEN;
    }
    for (unsigned i = 0; i < n; i++) {
        if (bfc__rank(k[i]) == 5)
            v += 0.5;
        for (unsigned j = i + 1; j < n; j++) {
            const unsigned ri = bfc__rank(k[i]), rj = bfc__rank(k[j]);
            const unsigned d = ri > rj ? ri - rj : rj - ri;
            const unsigned s2 = bfc__value(k[i]) + bfc__value(k[j]);
            v += (d == 0 ? 2 : d == 1 ? 1 : d == 2 ? 0.4 : 0) + (s2 == 15 ? 2 : 0);
            for (unsigned m = j + 1; m < n; m++)
                if (s2 + bfc__value(k[m]) == 15)
                    v += 2;
        }
    }
    return v;
}

/* Seat s's hand with turn card t: exact when its five cards are face up,
 * else the known cards (the joker aside) with t plus the face-down slots. */
static double hand_with(const rctx *r, const bfc_card form[5], bfc_card t)
{
    if (t == BFC_JOKER)
        return 0;
    bfc_card k[5];
    unsigned n = 0, hidden = 0;
    int joker = 0;
    for (unsigned i = 0; i < 5; i++) {
        if (form[i] == BFC_JOKER)
            joker = 1;
        else if (form[i] < BFC_JOKER)
            k[n++] = form[i];
        else
            hidden++;
    }
    if (n + (unsigned)joker == 5) {
        const int b = bfc_score_battlefield(form, t, r->lay_flags, NULL);
        return b > 0 ? b : 0;
    }
    if (n >= 3 && n <= 4) {
        const int p = bfc_score_hand(k, n, t, 0, NULL);
        return (p > 0 ? p : 0) + RULES_HIDDEN * hidden;
    }
    bfc_card w[5] = {t, BFC_CARD_NONE, BFC_CARD_NONE, BFC_CARD_NONE, BFC_CARD_NONE};
    for (unsigned i = 0; i < n; i++)
        w[i + 1] = k[i];
    return worth(w, 0) + RULES_HIDDEN * hidden;
}

/* What turn card t is worth to my side at the battlefield: my side's hands
 * less the others' (the reserve left out: no one sees it). */
static double turn_hands(const rctx *r, const bfc_card mine[5], bfc_card t)
{
    const bfc_observation *o = r->x.o;
    double v = 0;
    for (unsigned s = 0; s < o->players; s++) {
        const double h = hand_with(r, s == r->x.me ? mine : o->formation[s], t);
        v += side_of(o, s) == r->my ? h : -h;
    }
    return v;
}

/* The value of placing card c (BFC_CARD_HIDDEN: a face-down card, at its
 * mean over the unseen ranks) on f, my formation then being form. */
static double place_eval(const rctx *r, const bfc_frontline *f, bfc_card c,
                         const bfc_card form[5]);

static double place_known(const rctx *r, const bfc_frontline *f, bfc_card c,
                          const bfc_card form[5])
{
    const unsigned flags = r->turn_due ? BFC_TURN_CARD : 0u;
    double v = placed_for(r, r->x.me, f, c, flags);
    if (r->turn_due)
        return v + turn_hands(r, form, c);
    bfc_frontline t = *f;
    if (bfc_frontline_place(&t, c, 0, NULL) < 0)
        return v;
    return v - RULES_THREAT * threat(r, &t) - opening_risk(r, &t);
}

static double place_eval(const rctx *r, const bfc_frontline *f, bfc_card c,
                         const bfc_card form[5])
{
    if (c != BFC_CARD_HIDDEN)
        return place_known(r, f, c, form);
    if (!r->x.nunseen)
        return 0;
    double sum = 0;
    for (unsigned k = 1; k <= 14; k++)
        if (r->cnt[k] && !(f->mask >> r->rep[k] & 1u))
            sum += r->cnt[k] * place_known(r, f, r->rep[k], form);
    return sum / r->x.nunseen;
}

/* The change of my formation's worth, and the end of the skirmish when the
 * move turns my last face-down card up: the hand lead it locks in, less the
 * turn card handed to another and the joker that player could kill with. */
static double form_eval(const rctx *r, const bfc_card form[5])
{
    const bfc_observation *o = r->x.o;
    const bfc_card *old = o->formation[r->x.me];
    double v = RULES_FORM * (worth(form, r->dealer_side) - worth(old, r->dealer_side));
    if (r->ending || r->turn_due)
        return v;
    for (unsigned i = 0; i < 5; i++)
        if (form[i] == BFC_CARD_HIDDEN)
            return v;
    /* this move ends the skirmish: the next player lays the turn card */
    if (!r->x.nunseen)
        return v;
    double lead = 0; /* my side's hands less the others', over the turn cards */
    int joker = 0;
    for (unsigned s = 0; s < o->players; s++) {
        const bfc_card *h = s == r->x.me ? form : o->formation[s];
        double sum = 0;
        for (unsigned k = 1; k <= 14; k++)
            if (r->cnt[k])
                sum += r->cnt[k] * hand_with(r, h, r->rep[k]);
        const int mine = side_of(o, s) == r->my;
        lead += (mine ? sum : -sum) / r->x.nunseen;
        for (unsigned i = 0; i < 5 && !mine; i++)
            joker |= h[i] == BFC_JOKER;
    }
    v += RULES_END * lead - RULES_TURN_EDGE;
    if (joker && lead > 0)
        v -= lead; /* "the joker as leverage": they would kill every hand */
    return v;
}

static double rules_value(const rctx *r, bfc_move m)
{
    const bfc_observation *o = r->x.o;
    const bfc_frontline *f = &o->frontline;
    const bfc_card *form = o->formation[r->x.me];
    if (m < BFC_MOVE_DRAW)
        return 0;
    if (m == BFC_MOVE_TURN) {
        /* the top of the pile, unseen, as the turn card */
        if (!r->x.nunseen)
            return 0;
        double sum = 0;
        for (unsigned k = 1; k <= 14; k++)
            if (r->cnt[k]) {
                const bfc_card c = r->rep[k];
                sum += r->cnt[k] * (placed_for(r, r->x.me, f, c, BFC_TURN_CARD) +
                                    turn_hands(r, form, c));
            }
        return sum / r->x.nunseen;
    }
    if (m == BFC_MOVE_PLACE)
        return place_eval(r, f, o->held, form);
    bfc_card nf[5];
    memcpy(nf, form, sizeof nf);
    if (m >= BFC_MOVE_SWAP && m < BFC_MOVE_SWAP + 5) {
        const unsigned i = m - BFC_MOVE_SWAP;
        const bfc_card out = form[i];
        nf[i] = o->held;
        return place_eval(r, f, out, nf) + form_eval(r, nf);
    }
    if (m >= BFC_MOVE_TAKE && m < BFC_MOVE_TAKE + 5) {
        const unsigned i = m - BFC_MOVE_TAKE;
        bfc_frontline t = *f;
        bfc_card taken;
        if (bfc_frontline_take(&t, &taken) < 0)
            return NO_PROGRESS;
        const bfc_card out = form[i];
        nf[i] = taken;
        const double pts = out == BFC_CARD_HIDDEN ? unseen_mean(&r->x, &t, 0)
                                                  : placed_for(r, r->x.me, &t, out, 0);
        const double v = place_eval(r, &t, out, nf) + form_eval(r, nf);
        /* progress, as greedy: a take that scores nothing comes last */
        return pts <= 0 && !r->turn_due ? NO_PROGRESS + v : v;
    }
    if (m == BFC_MOVE_DRAW) {
        /* the mean over the unseen ranks drawn of the best of place and swap;
           the swaps' placements do not depend on the card drawn */
        double swap_place[5];
        for (unsigned i = 0; i < 5; i++)
            swap_place[i] = place_eval(r, f, form[i], form);
        double sum = 0;
        for (unsigned k = 1; k <= 14; k++) {
            if (!r->cnt[k])
                continue;
            const bfc_card c = r->rep[k];
            double b = place_known(r, f, c, form);
            for (unsigned i = 0; i < 5; i++) {
                nf[i] = c;
                const double v = swap_place[i] + form_eval(r, nf);
                nf[i] = form[i];
                if (v > b)
                    b = v;
            }
            sum += r->cnt[k] * b;
        }
        return r->x.nunseen ? sum / r->x.nunseen : 0;
    }
    return 0;
}

/* The context of a decision of seat o->to_move (Battlefield, 2-4 players). */
static void rules_begin(rctx *r, const bfc_observation *o)
{
    memset(r, 0, sizeof *r);
    r->x.o = o;
    r->x.me = o->to_move;
    uint64_t seen = o->out_of_play | o->frontline.mask;
    for (unsigned s = 0; s < o->players; s++)
        for (unsigned i = 0; i < 5; i++)
            if (o->formation[s][i] <= BFC_JOKER)
                seen |= UINT64_C(1) << o->formation[s][i];
    if (o->held <= BFC_JOKER)
        seen |= UINT64_C(1) << o->held;
    for (unsigned c = 0; c <= BFC_JOKER; c++)
        if (!(seen >> c & 1u)) {
            const unsigned k = rank_of((bfc_card)c);
            r->x.unseen[r->x.nunseen++] = (bfc_card)c;
            if (!r->cnt[k]++)
                r->rep[k] = (bfc_card)c;
        }
    r->my = side_of(o, r->x.me);
    r->next = (r->x.me + 1u) % o->players;
    r->next_foe = side_of(o, r->next) != r->my;
    r->ending = o->ender != 0xFF;
    r->turn_due = r->ending && o->final_turns == 1;
    r->dealer_side = side_of(o, o->dealer) == r->my;
    r->lay_flags = bfc__lay_flags(&o->rules);
}

int bfc__rules_values(const bfc_observation *o, const bfc_move *m, int n, double *v)
{
    if (!o || o->rules.variant != BFC_VARIANT_BATTLEFIELD || o->players > 4 ||
        o->to_move >= o->players || o->phase == BFC_PHASE_LAYAWAY)
        return -1;
    rctx r;
    rules_begin(&r, o);
    for (int i = 0; i < n; i++)
        v[i] = rules_value(&r, m[i]);
    return 0;
}

int bfc_bot_rules(const bfc_observation *o, uint64_t *rng, bfc_move *out)
{
    if (!o || !rng || !out || o->to_move >= o->players || o->players > 6)
        return BFC_EINVAL;
    if (o->rules.variant != BFC_VARIANT_BATTLEFIELD)
        return bfc_bot_greedy(o, rng, out);
    if (o->players > 4)
        return BFC_EINVAL;
    bfc_move m[BFC_MAX_MOVES];
    const int n = bfc_observation_legal_moves(o, m, BFC_MAX_MOVES);
    if (n <= 0)
        return BFC_EINVAL;
    if (o->phase == BFC_PHASE_LAYAWAY || m[0] < BFC_MOVE_DRAW) {
        /* the lay-away: greedy's (the best hand, the reserve by side); the
           first-turn reveal: every pair is alike (D7) */
        if (o->phase == BFC_PHASE_LAYAWAY) {
            const bfc_move l = lay_away(o, o->to_move);
            if (l == BFC_MOVE_NONE)
                return BFC_EINVAL;
            *out = l;
        } else {
            *out = m[0];
        }
        return BFC_OK;
    }
    rctx r;
    rules_begin(&r, o);
    best b = {0};
    for (int i = 0; i < n; i++)
        best_add(&b, m[i], rules_value(&r, m[i]));
    *out = best_pick(&b, rng);
    return BFC_OK;
}
