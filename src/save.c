/* Saving and loading a game as text (format in bfc.h), and the invariants
 * every state keeps. */
#include <stdlib.h>
#include <string.h>

#include "game.h"

/* ---- Invariants ------------------------------------------------------------ */

int bfc__game_check(const bfc_game *g)
{
#define REQUIRE(c)                                                                        \
    do {                                                                                  \
        if (!(c))                                                                         \
            return BFC_ESTATE;                                                            \
    } while (0)
    REQUIRE(g && bfc_rules_check(&g->rules) == BFC_OK);
    if (bfc__classic(g))
        return bfc__classic_check(g);
    const unsigned n = g->players;
    REQUIRE(n == (unsigned)g->rules.players && g->sides == (g->rules.teams ? 2u : n));
    for (unsigned s = BFC__SEATS; s < BFC__MAXP; s++)
        REQUIRE(g->score[s] == 0 && g->cut[s] == BFC_CARD_NONE);
    REQUIRE(g->phase <= BFC_PHASE_OVER && g->dealer < n && g->skirmish >= 1);
    REQUIRE((g->phase == BFC_PHASE_OVER) == (g->over == 1) && g->over <= 1);
    const int t = g->rules.target;
    for (unsigned s = 0; s < BFC__SEATS; s++) {
        REQUIRE(g->score[s] >= 0 && g->score[s] < t + 200);
        if (s >= g->sides)
            REQUIRE(g->score[s] == 0);
        else if (!g->over || s != g->winner)
            REQUIRE(g->score[s] < t);
    }
    if (g->over) {
        REQUIRE(g->to_move == BFC__NONE8 && g->winning_seat < n && g->lay_legal == 0);
        REQUIRE(g->winner == bfc__side(g, g->winning_seat) && g->score[g->winner] >= t);
    } else {
        REQUIRE(g->to_move < n && g->winner == BFC__NONE8 && g->winning_seat == BFC__NONE8);
    }
    REQUIRE((g->revealed >> n) == 0);
    REQUIRE(g->ender == BFC__NONE8 ? g->owed == 0 : g->ender < n && g->owed < n);
    const unsigned pile = bfc__pile_size(g);
    REQUIRE(g->pile_pos <= 53);
    for (unsigned i = 0; i < g->pile_pos; i++)
        REQUIRE(g->pile[i] == 0);
    const int playing = g->phase <= BFC_PHASE_DRAWN;
    REQUIRE(pile >= (playing ? 2u : 1u));
    if (playing) {
        /* a seat shows cards only after its reveal (the turn limit may
         * skip the reveal, and then only the turn card can be placed) */
        for (unsigned s = 0; s < n; s++)
            if (!(g->revealed >> s & 1u))
                REQUIRE(g->faceup[s] == 0);
        const int revealed = g->revealed >> g->to_move & 1u;
        if (g->phase == BFC_PHASE_REVEAL)
            REQUIRE(!revealed && !bfc__limit_hit(&g->rules, g->turns));
        else if (g->phase == BFC_PHASE_TURN)
            REQUIRE(revealed || bfc__limit_hit(&g->rules, g->turns));
        else
            REQUIRE(revealed);
        REQUIRE(g->turn_card == BFC_CARD_NONE);
        /* final turns (RULES 4.6): one per seat from the ender's left */
        if (g->ender != BFC__NONE8)
            REQUIRE(g->faceup[g->ender] == 0x1F && g->owed >= 1 &&
                    g->owed == (g->ender + n - g->to_move) % n);
    }
    REQUIRE((g->phase == BFC_PHASE_DRAWN) == (g->held != BFC_CARD_NONE));
    REQUIRE(g->ncrib == (n == 2 ? 2 : n == 3 ? 1 : 0));
    for (unsigned i = g->ncrib; i < 2; i++)
        REQUIRE(g->crib[i] == BFC_CARD_NONE);
    /* the lay-aways: those before to_move from the dealer's left, in order */
    if (g->phase == BFC_PHASE_LAYAWAY || g->turn_card != BFC_CARD_NONE) {
        REQUIRE(g->turn_card != BFC_CARD_NONE && g->front.n > 0 &&
                g->front.cards[g->front.n - 1] == g->turn_card);
    }
    if (g->phase == BFC_PHASE_LAYAWAY) {
        for (unsigned s = 0; s < n; s++)
            REQUIRE(g->faceup[s] == 0x1F);
        unsigned s = bfc__left(g, g->dealer);
        for (; s != g->to_move; s = bfc__left(g, s))
            REQUIRE(g->laid[s] < 5);
        for (;; s = bfc__left(g, s)) {
            REQUIRE(g->laid[s] == BFC__NONE8);
            if (s == g->dealer)
                break;
        }
    } else if (!g->over) {
        REQUIRE(g->lay_legal == 0);
        for (unsigned s = 0; s < n; s++)
            REQUIRE(g->laid[s] == BFC__NONE8);
    }
    for (unsigned s = 0; s < BFC__SEATS; s++) {
        REQUIRE(g->laid[s] == BFC__NONE8 || (s < n && g->laid[s] < 5));
        REQUIRE(g->faceup[s] <= (s < n ? 0x1Fu : 0u));
        REQUIRE(g->cut[s] == BFC_CARD_NONE || (s < n && g->cut[s] < BFC_NCARDS));
        if (s >= n)
            for (unsigned i = 0; i < 5; i++)
                REQUIRE(g->form[s][i] == 0);
    }
    if (g->rules.turn_limit > 0 && playing)
        REQUIRE(g->turns <= (uint32_t)g->rules.turn_limit);
    /* RULES 4.2: the 53 cards, each exactly once */
    uint64_t seen = 0, sum = 0;
    bfc_card all[53 + BFC_FRONTLINE_MAX + 8];
    size_t m = 0;
    for (unsigned s = 0; s < n; s++)
        for (unsigned i = 0; i < 5; i++)
            all[m++] = g->form[s][i];
    for (unsigned i = 0; i < g->ncrib; i++)
        all[m++] = g->crib[i];
    for (unsigned i = g->pile_pos; i < 53; i++)
        all[m++] = g->pile[i];
    if (g->held != BFC_CARD_NONE)
        all[m++] = g->held;
    REQUIRE(g->front.n <= BFC_FRONTLINE_MAX);
    for (unsigned i = 0; i < g->front.n; i++)
        all[m++] = g->front.cards[i];
    for (size_t i = 0; i < m; i++) {
        REQUIRE(all[i] <= BFC_JOKER);
        seen |= UINT64_C(1) << all[i];
        sum += UINT64_C(1) << all[i];
    }
    REQUIRE(seen == sum && (seen & g->gone) == 0 && (g->gone >> 53) == 0);
    REQUIRE((seen | g->gone) == (UINT64_C(1) << 53) - 1);
    /* the kept frontline's own fields agree with its cards */
    bfc_frontline f;
    REQUIRE(bfc_frontline_set(&f, g->front.cards, g->front.n) == BFC_OK);
    REQUIRE(f.mask == g->front.mask && f.recent == g->front.recent && f.sum == g->front.sum &&
            memcmp(f.cards, g->front.cards, sizeof f.cards) == 0);
    return BFC_OK;
}


/* ---- The classic games' invariants ---------------------------------------- */

static unsigned bits(uint64_t m) { return bfc__popcount(m); }

/* Cards conserved (RULES 3): the 52 cards each exactly once among the
 * hands, the cards laid, the crib, the cards thrown out of the deal, the
 * deck, the starter and (solitaire) the cards used. */
static int classic_cards(const bfc_game *g, uint64_t *crib_out)
{
    const unsigned n = g->players;
    uint64_t crib = 0, seen = 0, sum = 0;
    if (g->nccrib > 4)
        return 0;
    for (unsigned i = 0; i < 4; i++) {
        const bfc_card c = g->ccrib[i];
        if (i >= g->nccrib ? c != BFC_CARD_NONE : c >= BFC_NCARDS || (crib >> c & 1u))
            return 0;
        if (i < g->nccrib)
            crib |= UINT64_C(1) << c;
    }
    uint64_t deck = 0;
    if (g->deck_pos > 52)
        return 0;
    for (unsigned i = 0; i < 52; i++) {
        const bfc_card c = g->deck[i];
        if (i < g->deck_pos ? c != 0 : c >= BFC_NCARDS || (deck >> c & 1u))
            return 0;
        if (i >= g->deck_pos)
            deck |= UINT64_C(1) << c;
    }
    uint64_t parts[3 * BFC__MAXP + 5];
    unsigned k = 0;
    for (unsigned s = 0; s < BFC__MAXP; s++) {
        if (s >= n && (g->hand[s] | g->played[s] | g->thrown[s]))
            return 0;
        if ((g->thrown[s] & ~crib) && (n != 6 || (s != g->dealer && s != (g->dealer + 3u) % 6u)))
            return 0; /* only D3's two throw out of the deal */
        parts[k++] = g->hand[s];
        parts[k++] = g->played[s];
        parts[k++] = g->thrown[s] & ~crib;
    }
    parts[k++] = crib;
    parts[k++] = deck;
    parts[k++] = g->gone;
    if (g->starter != BFC_CARD_NONE) {
        if (g->starter >= BFC_NCARDS)
            return 0;
        parts[k++] = UINT64_C(1) << g->starter;
    }
    for (unsigned i = 0; i < k; i++) {
        if (parts[i] & ~BFC__STD_MASK)
            return 0;
        seen |= parts[i];
        sum += parts[i];
    }
    *crib_out = crib;
    return seen == sum && seen == BFC__STD_MASK;
}

/* Crib Wars: folding goes by sides, and only a side of three sits in a
 * box, in a box hole, for at most four deals (the one it landed in and
 * three more), folded meanwhile. */
static int board_ok(const bfc_game *g)
{
    if (!bfc__board_on(g))
        return g->folded == 0 && g->boxed == BFC__NONE8 && g->box_left == 0;
    for (unsigned side = 0; side < g->sides; side++) {
        const unsigned seats = bfc__side_seats(g, side);
        if ((g->folded & seats) != 0 && (g->folded & seats) != seats)
            return 0;
    }
    if ((g->folded >> g->players) != 0)
        return 0;
    if (g->boxed == BFC__NONE8)
        return g->box_left == 0;
    if (g->sides != 3 || g->boxed >= 3 || g->box_left < 1 || g->box_left > 4 ||
        (g->folded & bfc__side_seats(g, g->boxed)) == 0)
        return 0;
    const bfc_hole *h = bfc__board_hole(&g->rules.board, (unsigned)g->score[g->boxed]);
    return h && h->kind == BFC_HOLE_PENALTY_BOX;
}

int bfc__classic_check(const bfc_game *g)
{
    const bfc_rules *r = &g->rules;
    const unsigned n = g->players, v = (unsigned)r->variant;
    const unsigned per = bfc__classic_dealt(r), thr = bfc__classic_throw(r), keep = per - thr;
    const int solitaire = v == BFC_VARIANT_SOLITAIRE, noddy = v == BFC_VARIANT_NODDY;
    const unsigned all = (1u << n) - 1u;
    const int t = r->target;
    REQUIRE(n == (unsigned)r->players && g->sides == (r->teams ? n / 2u : n));
    REQUIRE(g->phase == BFC_PHASE_OVER || (g->phase >= BFC_PHASE_DISCARD && g->phase <= BFC_PHASE_CLAIM));
    REQUIRE((g->phase == BFC_PHASE_OVER) == (g->over == 1) && g->over <= 1);
    REQUIRE(g->dealer < n && g->skirmish >= 1 && (!solitaire || (g->skirmish <= 6 && g->dealer == 0)));
    /* a winning award may pass the target (by less than 200); a Crib Wars
       board may move a peg to any hole up to 255 */
    const int most = bfc__board_on(g) && t + 200 < 256 ? 256 : t + 200;
    for (unsigned s = 0; s < BFC__MAXP; s++) {
        REQUIRE(g->score[s] >= 0 && g->score[s] < most && (s < g->sides || g->score[s] == 0));
        REQUIRE(g->cut[s] == BFC_CARD_NONE || (s < n && g->cut[s] < BFC_NCARDS));
    }
    /* the end of the game */
    const unsigned ws = g->winning_seat, w = g->winner;
    if (!g->over) {
        REQUIRE(g->to_move < n && w == BFC__NONE8 && ws == BFC__NONE8);
        for (unsigned s = 0; s < g->sides && !solitaire; s++)
            REQUIRE(g->score[s] < t);
    } else if (solitaire) {
        REQUIRE(g->skirmish == 6 && g->to_move == BFC__NONE8);
        REQUIRE(g->score[0] >= t ? w == 0 && ws == 0 : w == BFC__NONE8 && ws == BFC__NONE8);
    } else {
        REQUIRE(g->to_move == BFC__NONE8 && ws < n && w == bfc__side(g, ws));
        unsigned reached = 0;
        for (unsigned s = 0; s < g->sides; s++)
            reached += g->score[s] >= t;
        if (r->flags & BFC_BACKWARD) { /* the lowest of the others wins (3.7) */
            REQUIRE(reached == 1 && g->score[w] < t);
            for (unsigned s = 0; s < g->sides; s++)
                REQUIRE(g->score[s] >= t || g->score[w] <= g->score[s]);
        }
        else
            REQUIRE(reached == 1 && g->score[w] >= t);
    }
    uint64_t crib = 0;
    REQUIRE(classic_cards(g, &crib));
    REQUIRE(g->first_laid == BFC_CARD_NONE ? 1 : solitaire && g->first_laid < BFC_NCARDS);
    if (solitaire) { /* the free crib's starter: the first card laid in deal 1, face up
                        under the deck (never dealt again) until the free crib,
                        which ends the game */
        const uint64_t first = g->first_laid < BFC_NCARDS ? UINT64_C(1) << g->first_laid : 0;
        REQUIRE((first != 0) == (g->skirmish > 1 || g->played[0] != 0));
        if (first && g->skirmish == 1)
            REQUIRE(g->played[0] & first);
        else if (first)
            REQUIRE((g->gone & first) || (g->over && g->starter == g->first_laid));
        /* each deal before this one put its 8 cards face up under the deck,
           so the deck holds the cards the deals to come need; the free crib
           (the end) took its starter back from them */
        REQUIRE(bits(g->gone) == (g->over ? 47u : 8u * (g->skirmish - 1u)));
    }
    REQUIRE(solitaire || g->gone == 0);
    /* the play's sequence */
    REQUIRE(g->nseq <= 16 && g->count <= 31);
    unsigned count = 0;
    /* what the sequence may hold: the cards laid this deal; solitaire lays
       the crib's cards in turn with the hand's, from the bottom (3.8) */
    uint64_t laid = 0, seq = 0;
    for (unsigned s = 0; s < n; s++)
        laid |= g->played[s];
    for (unsigned i = 0; solitaire && i < g->sol_laid / 2u && i < g->nccrib; i++)
        laid |= UINT64_C(1) << g->ccrib[i];
    for (unsigned i = 0; i < 16; i++) {
        const bfc_card c = g->seq[i];
        if (i >= g->nseq) {
            REQUIRE(c == 0);
            continue;
        }
        REQUIRE(c < BFC_NCARDS && (laid >> c & 1u) && !(seq >> c & 1u));
        seq |= UINT64_C(1) << c;
        count += bfc__value(c);
    }
    REQUIRE(count == g->count);
    REQUIRE(g->last == BFC__NONE8 || g->last < n);
    REQUIRE((g->discarded & ~all) == 0 && (g->said_go & ~all) == 0 && (g->shown & ~(all | 0x80u)) == 0);
    REQUIRE(g->step <= n + 1u && g->sol_laid <= 8 && (solitaire || g->sol_laid == 0));
    REQUIRE(!noddy || g->shown == 0); /* Noddy hands are never shown */
    REQUIRE(board_ok(g));
    /* the crib, at any time (a game may end while it fills): the blind
       cards first, then those thrown, each thrown by one seat; a finished
       solitaire game holds its free crib, four cards from the deck (3.8) */
    const unsigned blind = solitaire ? (g->over ? 4u : 2u)
                           : (n == 3 && v == BFC_VARIANT_CLASSIC) ? 1u : 0u;
    uint64_t thrown = 0;
    for (unsigned s = 0; s < n; s++) {
        REQUIRE((thrown & g->thrown[s]) == 0);
        thrown |= g->thrown[s];
    }
    REQUIRE(g->nccrib == blind + bits(thrown & crib));
    for (unsigned i = 0; i < g->nccrib; i++)
        REQUIRE((thrown >> g->ccrib[i] & 1u) == (i >= blind));
    if (g->over)
        return BFC_OK; /* the game may end anywhere: only the cards matter */
    /* the deal's phase */
    const unsigned mover = g->to_move;
    if (g->phase == BFC_PHASE_DISCARD) {
        /* Crib Wars: before the cut only a side in the box is folded (or,
           in five-card, one that the first three points put in a box) */
        if (v != BFC_VARIANT_FIVE_CARD || g->skirmish > 1)
            REQUIRE(g->folded == (g->boxed == BFC__NONE8 ? 0u : bfc__side_seats(g, g->boxed)));
        REQUIRE(!noddy && g->starter == BFC_CARD_NONE && g->nseq == 0 && g->step == 0 &&
                g->shown == 0 && g->said_go == 0 && g->last == BFC__NONE8 && g->sol_laid == 0);
        unsigned before = 0; /* the seats from the dealer's left up to the mover */
        for (unsigned s = n == 1 ? 0u : bfc__left(g, g->dealer); s != mover; s = bfc__left(g, s))
            before |= 1u << s;
        REQUIRE(g->discarded == before);
        for (unsigned s = 0; s < n; s++) {
            const int done = g->discarded >> s & 1u;
            REQUIRE(g->played[s] == 0 && bits(g->hand[s]) == (done ? keep : per) &&
                    bits(g->thrown[s]) == (done ? thr : 0u));
        }
    } else {
        REQUIRE(g->starter != BFC_CARD_NONE && g->discarded == (noddy ? 0u : all));
        REQUIRE(g->nccrib == (noddy ? 0u : 4u));
        for (unsigned s = 0; s < n; s++)
            REQUIRE(bits(g->hand[s] | g->played[s]) == keep && bits(g->thrown[s]) == thr &&
                    (g->hand[s] & g->played[s]) == 0);
    }
    const int counting = g->phase == BFC_PHASE_DECLARE || g->phase == BFC_PHASE_CLAIM;
    if (g->phase == BFC_PHASE_PLAY) {
        REQUIRE(g->step == (noddy ? n : 0u) && g->shown == 0);
        REQUIRE((g->hand[mover] & bfc__fits(31u - g->count)) && !(g->folded >> mover & 1u));
        for (unsigned s = 0; s < n; s++)
            if (g->said_go >> s & 1u)
                REQUIRE((g->hand[s] & bfc__fits(31u - g->count)) == 0 && s != mover);
        REQUIRE(!solitaire || (g->sol_laid % 2u == 0 && g->sol_laid < 8 &&
                               bits(g->played[0]) == g->sol_laid / 2u));
        /* solitaire lays hand card, crib card, hand card, ... (3.8): the
           sequence is the end of that, the crib cards from the bottom */
        for (unsigned j = 0; solitaire && j < g->nseq; j++) {
            const bfc_card c = g->seq[g->nseq - 1u - j];
            const unsigned back = j / 2u + 1u; /* the crib card laid back-th last */
            REQUIRE(j % 2u ? (g->played[0] >> c & 1u) != 0
                           : back <= g->sol_laid / 2u && c == g->ccrib[g->sol_laid / 2u - back]);
        }
    } else if (counting) {
        const unsigned crib_next = g->step == n && !noddy;
        const unsigned seat = crib_next ? g->dealer : n == 1 ? 0u : (g->dealer + 1u + g->step) % n;
        REQUIRE((r->flags & BFC_MUGGINS) && g->step < n + !noddy);
        REQUIRE(g->declarer == seat && g->counting == crib_next);
        REQUIRE(bfc__classic_truth(g, seat, crib_next) == g->truth);
        if (g->phase == BFC_PHASE_DECLARE)
            REQUIRE(mover == seat && g->declared == BFC__NONE8);
        else
            REQUIRE(mover == bfc__classic_claimer(g, seat) && g->declared <= 31);
        /* the hands counted so far are shown (never in Noddy) */
        unsigned shown = 0;
        for (unsigned i = 0; i <= g->step && i < n && !noddy; i++)
            shown |= 1u << (n == 1 ? 0u : (g->dealer + 1u + i) % n);
        REQUIRE(!(g->folded >> seat & 1u));
        if (crib_next)
            shown |= 0x80u;
        /* Crib Wars: a hand folded before its turn is never shown; one
           folded after it was shown stays shown */
        REQUIRE((g->shown & ~shown) == 0 && (shown & ~(unsigned)g->folded & ~g->shown) == 0);
        if (noddy)
            REQUIRE(g->nseq == 0 && g->played[seat] == 0);
        else if (v != BFC_VARIANT_FIVE_CARD)
            for (unsigned s = 0; s < n; s++)
                REQUIRE(g->hand[s] == 0 || (g->folded >> s & 1u));
    }
    if (!counting)
        REQUIRE(g->declarer == BFC__NONE8 && g->declared == BFC__NONE8 &&
                g->truth == BFC__NONE8 && g->counting == BFC__NONE8);
    return BFC_OK;
}

/* ---- Writing -------------------------------------------------------------- */

/* " N": every number of a save follows a space */
static void putn(bfc__text *w, long long v)
{
    bfc__put(w, " ");
    bfc__putnum(w, v);
}

/* a small number or '-' for "none" */
static void putopt(bfc__text *w, unsigned v)
{
    if (v == BFC__NONE8)
        bfc__put(w, " -");
    else
        putn(w, v);
}

static void putcard(bfc__text *w, bfc_card c, int faceup)
{
    char t[BFC_CARD_TEXT_MAX];
    bfc__put(w, faceup ? " +" : " ");
    if (c == BFC_CARD_NONE || bfc_card_format(c, 0, t, sizeof t) < 0)
        bfc__put(w, "-");
    else
        bfc__put(w, t);
}

static void putset(bfc__text *w, uint64_t m)
{
    for (; m; m &= m - 1)
        putcard(w, (bfc_card)bfc__lowest(m), 0);
}

static void put_end(bfc__text *w, const bfc_game *g)
{
    bfc__put(w, "\nscore");
    for (unsigned s = 0; s < g->sides; s++)
        putn(w, g->score[s]);
    bfc__put(w, "\nover");
    putn(w, g->over);
    putopt(w, g->winner);
    putopt(w, g->winning_seat);
    bfc__put(w, "\ncut");
    for (unsigned s = 0; s < g->players; s++)
        putcard(w, g->cut[s], 0);
}

/* The classic games' lines (format in bfc.h). */
static void save_classic(bfc__text *w, const bfc_game *g)
{
    bfc__put(w, "\ndeal");
    putn(w, g->phase);
    putopt(w, g->to_move);
    putn(w, g->dealer);
    putn(w, g->skirmish);
    putn(w, g->moves);
    putn(w, g->count);
    putopt(w, g->last);
    putn(w, g->discarded);
    putn(w, g->said_go);
    putn(w, g->step);
    putn(w, (long long)g->shown);
    putopt(w, g->declarer);
    putopt(w, g->declared);
    putopt(w, g->truth);
    putopt(w, g->counting);
    putn(w, g->sol_laid);
    put_end(w, g);
    static const char *const names[3] = {"\nhand", "\nplayed", "\nthrown"};
    for (unsigned k = 0; k < 3; k++)
        for (unsigned s = 0; s < g->players; s++) {
            bfc__put(w, names[k]);
            putn(w, s);
            putset(w, k == 0 ? g->hand[s] : k == 1 ? g->played[s] : g->thrown[s]);
        }
    bfc__put(w, "\ncrib");
    for (unsigned i = 0; i < g->nccrib && i < 4; i++)
        putcard(w, g->ccrib[i], 0);
    bfc__put(w, "\nseq");
    for (unsigned i = 0; i < g->nseq && i < 16; i++)
        putcard(w, g->seq[i], 0);
    bfc__put(w, "\nstarter");
    putcard(w, g->starter, 0);
    bfc__put(w, "\ndeck");
    for (unsigned i = g->deck_pos; i < 52; i++)
        putcard(w, g->deck[i], 0);
    bfc__put(w, "\ngone");
    putset(w, g->gone);
    bfc__put(w, "\nfirst");
    putcard(w, g->first_laid, 0);
    if (bfc__board_on(g)) {
        bfc__put(w, "\nbox");
        putn(w, g->folded);
        putopt(w, g->boxed);
        putn(w, g->box_left);
    }
    bfc__put(w, "\n");
}

int bfc_game_save(const bfc_game *g, char *buf, size_t cap)
{
    if (!g || (!buf && cap > 0))
        return BFC_EINVAL;
    bfc__text w = {buf, cap, 0};
    static const char hex[] = "0123456789abcdef";
    const bfc_rules *r = &g->rules;
    bfc__put(&w, "bfc-game");
    putn(&w, BFC_SAVE_VERSION);
    bfc__put(&w, "\nrules");
    putn(&w, r->variant);
    putn(&w, r->players);
    putn(&w, r->teams);
    putn(&w, r->target);
    putn(&w, r->turn_limit);
    putn(&w, r->first_dealer);
    putn(&w, r->value);
    putn(&w, r->flags);
    if (r->board.n) {
        bfc__put(&w, "\nboard");
        for (unsigned i = 0; i < r->board.n && i < BFC_BOARD_MAX; i++) {
            const bfc_hole *h = &r->board.hole[i];
            putn(&w, h->at);
            bfc__put(&w, ":");
            bfc__putnum(&w, h->kind);
            bfc__put(&w, ":");
            bfc__putnum(&w, h->to);
        }
    }
    bfc__put(&w, "\nrng");
    for (int i = 0; i < 4; i++) {
        char h[18];
        h[0] = ' ';
        for (int j = 0; j < 16; j++)
            h[1 + j] = hex[g->rng[i] >> (60 - 4 * j) & 15u];
        h[17] = 0;
        bfc__put(&w, h);
    }
    if (bfc__classic(g)) {
        save_classic(&w, g);
        return bfc__text_end(&w);
    }
    bfc__put(&w, "\nstate");
    putn(&w, g->phase);
    putopt(&w, g->to_move);
    putn(&w, g->dealer);
    putn(&w, g->revealed);
    putopt(&w, g->ender);
    putn(&w, g->owed);
    putn(&w, g->turns);
    putn(&w, g->skirmish);
    putn(&w, g->moves);
    put_end(&w, g);
    for (unsigned s = 0; s < g->players; s++) {
        bfc__put(&w, "\nformation");
        putn(&w, s);
        for (unsigned i = 0; i < 5; i++)
            putcard(&w, g->form[s][i], g->faceup[s] >> i & 1u);
    }
    bfc__put(&w, "\ncrib");
    for (unsigned i = 0; i < g->ncrib; i++)
        putcard(&w, g->crib[i], 0);
    bfc__put(&w, "\npile");
    for (unsigned i = g->pile_pos; i < 53; i++)
        putcard(&w, g->pile[i], 0);
    bfc__put(&w, "\nfrontline");
    for (unsigned i = 0; i < g->front.n && i < BFC_FRONTLINE_MAX; i++)
        putcard(&w, g->front.cards[i], 0);
    bfc__put(&w, "\ngone");
    for (unsigned c = 0; c < 53; c++)
        if (g->gone >> c & 1u)
            putcard(&w, (bfc_card)c, 0);
    bfc__put(&w, "\nheld");
    putcard(&w, g->held, 0);
    bfc__put(&w, "\nturncard");
    putcard(&w, g->turn_card, 0);
    bfc__put(&w, "\nlaid");
    for (unsigned s = 0; s < g->players; s++)
        putopt(&w, g->laid[s]);
    bfc__put(&w, "\n");
    return bfc__text_end(&w);
}

/* ---- Reading -------------------------------------------------------------- */

#define MAX_TOKENS 64
#define TOKEN_MAX 24

/* One line split at single spaces: its key and the words after it. */
typedef struct line {
    char tok[MAX_TOKENS][TOKEN_MAX];
    unsigned n;
} line;

/* Reads the next line of *p into l (at most MAX_TOKENS words of fewer than
 * TOKEN_MAX bytes, separated by one space, ending in '\n', "\r\n" -- a save
 * that went through a Windows text file -- or the end of the text).
 * Returns 0 or BFC_EPARSE. */
static int next_line(const char **p, line *l)
{
    const char *s = *p;
    l->n = 0;
    if (*s == 0)
        return BFC_EPARSE;
    for (;;) {
        size_t k = 0;
        if (l->n >= MAX_TOKENS)
            return BFC_EPARSE;
        while (*s && *s != ' ' && *s != '\n' && !(s[0] == '\r' && s[1] == '\n')) {
            if (k + 1 >= TOKEN_MAX || (unsigned char)*s < 0x21 || (unsigned char)*s > 0x7E)
                return BFC_EPARSE;
            l->tok[l->n][k++] = *s++;
        }
        if (k == 0)
            return BFC_EPARSE;
        l->tok[l->n++][k] = 0;
        if (*s == ' ') {
            s++;
            continue;
        }
        s += *s == '\r' ? 2 : *s == '\n';
        *p = s;
        return 0;
    }
}

/* A decimal number in [lo, hi], or '-' for BFC__NONE8 when none_ok. */
static int num(const char *t, long long lo, long long hi, int none_ok, long long *v)
{
    if (none_ok && strcmp(t, "-") == 0) {
        *v = BFC__NONE8;
        return 0;
    }
    const char *s = t;
    int neg = 0;
    if (*s == '-') {
        neg = 1;
        s++;
    }
    if (*s == 0)
        return BFC_EPARSE;
    long long x = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || x > 1000000000000LL)
            return BFC_EPARSE;
        x = x * 10 + (*s - '0');
    }
    if (neg)
        x = -x;
    if (x < lo || x > hi)
        return BFC_EPARSE;
    *v = x;
    return 0;
}

/* A card as saved: optionally '+' (face up, when plus is given), '-' for
 * none when none_ok. */
static int card(const char *t, int none_ok, bfc_card *c, unsigned *plus)
{
    if (plus) {
        *plus = t[0] == '+';
        t += *plus;
    } else if (t[0] == '+') {
        return BFC_EPARSE;
    }
    if (strcmp(t, "-") == 0) {
        if (!none_ok)
            return BFC_EPARSE;
        *c = BFC_CARD_NONE;
        return 0;
    }
    return bfc_card_parse(t, c) == BFC_OK ? 0 : BFC_EPARSE;
}

static int key(const line *l, const char *k, unsigned lo, unsigned hi)
{
    return strcmp(l->tok[0], k) == 0 && l->n >= 1 + lo && l->n <= 1 + hi ? 0 : BFC_EPARSE;
}

#define TRY(x)                                                                            \
    do {                                                                                  \
        int rc_ = (x);                                                                    \
        if (rc_ < 0)                                                                      \
            return rc_;                                                                   \
    } while (0)

/* A special hole as saved: <at>:<kind>:<to>. */
static int hole_word(const char *t, bfc_hole *h)
{
    char part[3][TOKEN_MAX];
    unsigned k = 0, j = 0;
    for (; *t; t++) {
        if (*t != ':') {
            part[k][j++] = *t; /* a word is shorter than TOKEN_MAX */
            continue;
        }
        if (k == 2)
            return BFC_EPARSE;
        part[k++][j] = 0;
        j = 0;
    }
    part[k][j] = 0;
    if (k != 2)
        return BFC_EPARSE;
    long long v[3];
    for (unsigned i = 0; i < 3; i++)
        TRY(num(part[i], 0, 255, 0, &v[i]));
    h->at = (uint8_t)v[0];
    h->kind = (uint8_t)v[1];
    h->to = (uint8_t)v[2];
    return 0;
}

/* The score, over and cut lines, shared by every game. */
static int parse_end(const char **p, bfc_game *g)
{
    line l;
    long long v;
    const unsigned n = g->players;
    TRY(next_line(p, &l));
    TRY(key(&l, "score", g->sides, g->sides));
    for (unsigned s = 0; s < g->sides; s++) {
        TRY(num(l.tok[1 + s], 0, 30000, 0, &v));
        g->score[s] = (int16_t)v;
    }

    TRY(next_line(p, &l));
    TRY(key(&l, "over", 3, 3));
    TRY(num(l.tok[1], 0, 1, 0, &v));
    g->over = (uint8_t)v;
    TRY(num(l.tok[2], 0, g->sides - 1, 1, &v));
    g->winner = (uint8_t)v;
    TRY(num(l.tok[3], 0, n - 1, 1, &v));
    g->winning_seat = (uint8_t)v;

    TRY(next_line(p, &l));
    TRY(key(&l, "cut", n, n));
    memset(g->cut, BFC_CARD_NONE, sizeof g->cut);
    for (unsigned s = 0; s < n; s++)
        TRY(card(l.tok[1 + s], 1, &g->cut[s], NULL));
    return 0;
}

/* A line "<key> <cards...>" of at most max cards into out (a set in *set
   when set is not NULL); returns the number of cards. */
static int card_line(const char **p, const char *k, int seat, unsigned max, bfc_card *out,
                     uint64_t *set)
{
    line l;
    long long v;
    TRY(next_line(p, &l));
    const unsigned first = seat >= 0 ? 2u : 1u;
    TRY(key(&l, k, first - 1, first - 1 + max));
    if (seat >= 0)
        TRY(num(l.tok[1], seat, seat, 0, &v));
    for (unsigned i = first; i < l.n; i++) {
        bfc_card c;
        TRY(card(l.tok[i], 0, &c, NULL));
        if (c >= BFC_NCARDS)
            return BFC_ESTATE;
        if (set) {
            if (*set >> c & 1u)
                return BFC_ESTATE;
            *set |= UINT64_C(1) << c;
        }
        if (out)
            out[i - first] = c;
    }
    return (int)(l.n - first);
}

static int parse_classic(const char *p, bfc_game *g)
{
    line l;
    long long v[16];
    const unsigned n = g->players;
    TRY(next_line(&p, &l));
    TRY(key(&l, "deal", 16, 16));
    static const struct {
        long long lo, hi;
        int none;
    } R[16] = {{0, BFC_PHASE_CLAIM, 0}, {0, 5, 1},   {0, 5, 0},        {1, UINT32_MAX, 0},
               {0, UINT32_MAX, 0},      {0, 31, 0},  {0, 5, 1},        {0, 63, 0},
               {0, 63, 0},              {0, 7, 0},   {0, 255, 0},      {0, 5, 1},
               {0, 31, 1},              {0, 255, 1}, {0, 1, 1},        {0, 8, 0}};
    for (unsigned i = 0; i < 16; i++)
        TRY(num(l.tok[1 + i], R[i].lo, R[i].hi, R[i].none, &v[i]));
    g->phase = (uint8_t)v[0];
    g->to_move = (uint8_t)v[1];
    g->dealer = (uint8_t)v[2];
    g->skirmish = (uint32_t)v[3];
    g->moves = (uint32_t)v[4];
    g->count = (uint8_t)v[5];
    g->last = (uint8_t)v[6];
    g->discarded = (uint8_t)v[7];
    g->said_go = (uint8_t)v[8];
    g->step = (uint8_t)v[9];
    g->shown = (uint8_t)v[10];
    g->declarer = (uint8_t)v[11];
    g->declared = (uint8_t)v[12];
    g->truth = (uint8_t)v[13];
    g->counting = (uint8_t)v[14];
    g->sol_laid = (uint8_t)v[15];
    if (g->to_move != BFC__NONE8 && g->to_move >= n)
        return BFC_ESTATE;
    TRY(parse_end(&p, g));
    for (unsigned s = 0; s < n; s++)
        TRY(card_line(&p, "hand", (int)s, 6, NULL, &g->hand[s]));
    for (unsigned s = 0; s < n; s++)
        TRY(card_line(&p, "played", (int)s, 6, NULL, &g->played[s]));
    for (unsigned s = 0; s < n; s++)
        TRY(card_line(&p, "thrown", (int)s, 2, NULL, &g->thrown[s]));
    memset(g->ccrib, BFC_CARD_NONE, sizeof g->ccrib);
    int k;
    TRY(k = card_line(&p, "crib", -1, 4, g->ccrib, NULL));
    g->nccrib = (uint8_t)k;
    TRY(k = card_line(&p, "seq", -1, 16, g->seq, NULL));
    g->nseq = (uint8_t)k;
    TRY(next_line(&p, &l));
    TRY(key(&l, "starter", 1, 1));
    TRY(card(l.tok[1], 1, &g->starter, NULL));
    bfc_card deck[52];
    TRY(k = card_line(&p, "deck", -1, 52, deck, NULL));
    g->deck_pos = (uint8_t)(52 - k);
    memcpy(g->deck + g->deck_pos, deck, (size_t)k);
    TRY(card_line(&p, "gone", -1, 52, NULL, &g->gone));
    TRY(next_line(&p, &l));
    TRY(key(&l, "first", 1, 1));
    TRY(card(l.tok[1], 1, &g->first_laid, NULL));
    if (bfc__board_on(g)) {
        TRY(next_line(&p, &l));
        TRY(key(&l, "box", 3, 3));
        TRY(num(l.tok[1], 0, 63, 0, &v[0]));
        TRY(num(l.tok[2], 0, 2, 1, &v[1]));
        TRY(num(l.tok[3], 0, 4, 0, &v[2]));
        g->folded = (uint8_t)v[0];
        g->boxed = (uint8_t)v[1];
        g->box_left = (uint8_t)v[2];
    }
    if (*p != 0)
        return BFC_EPARSE;
    return bfc__game_check(g);
}

static int parse(const char *p, bfc_game *g)
{
    line l;
    long long v;
    TRY(next_line(&p, &l));
    TRY(key(&l, "bfc-game", 1, 1));
    TRY(num(l.tok[1], 0, 1000000, 0, &v));
    if (v != BFC_SAVE_VERSION)
        return BFC_EVERSION;

    TRY(next_line(&p, &l));
    TRY(key(&l, "rules", 8, 8));
    long long rv[8];
    for (int i = 0; i < 8; i++)
        TRY(num(l.tok[1 + i], -1000000, 1000000, 0, &rv[i]));
    bfc_rules *r = &g->rules;
    r->variant = (int)rv[0];
    r->players = (int)rv[1];
    r->teams = (int)rv[2];
    r->target = (int)rv[3];
    r->turn_limit = (int)rv[4];
    r->first_dealer = (int)rv[5];
    r->value = (int)rv[6];
    if (rv[7] < 0)
        return BFC_EPARSE;
    r->flags = (unsigned)rv[7];
    TRY(next_line(&p, &l));
    if (strcmp(l.tok[0], "board") == 0) { /* Crib Wars */
        if (l.n < 2 || l.n > 1 + BFC_BOARD_MAX)
            return BFC_EPARSE;
        r->board.n = (uint8_t)(l.n - 1);
        for (unsigned i = 0; i + 1 < l.n; i++)
            TRY(hole_word(l.tok[1 + i], &r->board.hole[i]));
        TRY(next_line(&p, &l));
    }
    if (bfc_rules_check(r) != BFC_OK)
        return BFC_ESTATE;
    g->boxed = BFC__NONE8; /* Crib Wars' box line may say otherwise */
    const unsigned n = (unsigned)r->players;
    g->players = (uint8_t)n;
    g->sides = (uint8_t)(r->teams ? n / 2 : n);
    memset(g->cut, BFC_CARD_NONE, sizeof g->cut);
    bfc_frontline_init(&g->front);

    TRY(key(&l, "rng", 4, 4));
    for (int i = 0; i < 4; i++) {
        uint64_t x = 0;
        if (strlen(l.tok[1 + i]) != 16)
            return BFC_EPARSE;
        for (int j = 0; j < 16; j++) {
            const char ch = l.tok[1 + i][j];
            const int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
            if (d < 0)
                return BFC_EPARSE;
            x = x << 4 | (uint64_t)d;
        }
        g->rng[i] = x;
    }
    if ((g->rng[0] | g->rng[1] | g->rng[2] | g->rng[3]) == 0)
        return BFC_ESTATE; /* xoshiro's one dead state */
    if (bfc__classic(g))
        return parse_classic(p, g);

    TRY(next_line(&p, &l));
    TRY(key(&l, "state", 9, 9));
    TRY(num(l.tok[1], 0, BFC_PHASE_OVER, 0, &v));
    g->phase = (uint8_t)v;
    TRY(num(l.tok[2], 0, n - 1, 1, &v));
    g->to_move = (uint8_t)v;
    TRY(num(l.tok[3], 0, n - 1, 0, &v));
    g->dealer = (uint8_t)v;
    TRY(num(l.tok[4], 0, 15, 0, &v));
    g->revealed = (uint8_t)v;
    TRY(num(l.tok[5], 0, n - 1, 1, &v));
    g->ender = (uint8_t)v;
    TRY(num(l.tok[6], 0, n - 1, 0, &v));
    g->owed = (uint8_t)v;
    TRY(num(l.tok[7], 0, UINT32_MAX, 0, &v));
    g->turns = (uint32_t)v;
    TRY(num(l.tok[8], 1, UINT32_MAX, 0, &v));
    g->skirmish = (uint32_t)v;
    TRY(num(l.tok[9], 0, UINT32_MAX, 0, &v));
    g->moves = (uint32_t)v;

    TRY(parse_end(&p, g));

    for (unsigned s = 0; s < n; s++) {
        TRY(next_line(&p, &l));
        TRY(key(&l, "formation", 6, 6));
        TRY(num(l.tok[1], s, s, 0, &v));
        for (unsigned i = 0; i < 5; i++) {
            unsigned up;
            TRY(card(l.tok[2 + i], 0, &g->form[s][i], &up));
            g->faceup[s] |= (uint8_t)(up << i);
        }
    }

    TRY(next_line(&p, &l));
    const unsigned ncrib = n == 2 ? 2 : n == 3 ? 1 : 0;
    TRY(key(&l, "crib", ncrib, ncrib));
    g->ncrib = (uint8_t)ncrib;
    g->crib[0] = g->crib[1] = BFC_CARD_NONE;
    for (unsigned i = 0; i < ncrib; i++)
        TRY(card(l.tok[1 + i], 0, &g->crib[i], NULL));

    TRY(next_line(&p, &l));
    TRY(key(&l, "pile", 1, 53));
    g->pile_pos = (uint8_t)(53 - (l.n - 1));
    for (unsigned i = 1; i < l.n; i++)
        TRY(card(l.tok[i], 0, &g->pile[g->pile_pos + i - 1], NULL));

    TRY(next_line(&p, &l));
    TRY(key(&l, "frontline", 0, BFC_FRONTLINE_MAX));
    bfc_card front[BFC_FRONTLINE_MAX];
    for (unsigned i = 1; i < l.n; i++)
        TRY(card(l.tok[i], 0, &front[i - 1], NULL));
    if (bfc_frontline_set(&g->front, front, l.n - 1) != BFC_OK)
        return BFC_ESTATE;

    TRY(next_line(&p, &l));
    TRY(key(&l, "gone", 0, 53));
    for (unsigned i = 1; i < l.n; i++) {
        bfc_card c;
        TRY(card(l.tok[i], 0, &c, NULL));
        if (g->gone >> c & 1u)
            return BFC_ESTATE;
        g->gone |= UINT64_C(1) << c;
    }

    TRY(next_line(&p, &l));
    TRY(key(&l, "held", 1, 1));
    TRY(card(l.tok[1], 1, &g->held, NULL));
    TRY(next_line(&p, &l));
    TRY(key(&l, "turncard", 1, 1));
    TRY(card(l.tok[1], 1, &g->turn_card, NULL));

    TRY(next_line(&p, &l));
    TRY(key(&l, "laid", n, n));
    memset(g->laid, BFC__NONE8, sizeof g->laid);
    for (unsigned s = 0; s < n; s++) {
        TRY(num(l.tok[1 + s], 0, 4, 1, &v));
        g->laid[s] = (uint8_t)v;
    }
    if (*p != 0)
        return BFC_EPARSE;

    /* derived: the lay-aways legal now */
    if (g->phase == BFC_PHASE_LAYAWAY && g->to_move < n && g->turn_card != BFC_CARD_NONE) {
        bfc_battlefield bf;
        if (bfc_score_battlefield(g->form[g->to_move], g->turn_card,
                                  g->rules.flags & BFC_ANY_LAY_AWAY, &bf) < 0)
            return BFC_ESTATE;
        g->lay_legal = (uint8_t)bf.legal;
    }
    return bfc__game_check(g);
}

int bfc_game_load(bfc_game **game, const char *text)
{
    if (!game || !text)
        return BFC_EINVAL;
    bfc_game *t = calloc(1, sizeof *t);
    if (!t)
        return BFC_ENOMEM;
    int rc = parse(text, t);
    if (rc == BFC_OK && *game) {
        if (memcmp(&(*game)->rules, &t->rules, sizeof t->rules) != 0)
            rc = BFC_EINVAL;
        else
            memcpy(*game, t, sizeof *t);
    } else if (rc == BFC_OK) {
        *game = t;
        return BFC_OK;
    }
    free(t);
    return rc;
}
