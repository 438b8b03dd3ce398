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
