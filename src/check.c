/* The invariants every state keeps, Battlefield (RULES 4) and classic
 * (RULES 3): cards conserved, the phase consistent with the rest, every
 * value in range. bfc_game_load() refuses a save that breaks one; the tests
 * check them after every move. */
#include <string.h>

#include "variants.h"

/* ---- Invariants ------------------------------------------------------------ */

#define REQUIRE(c)                                                                        \
    do {                                                                                  \
        if (!(c))                                                                         \
            return BFC_ESTATE;                                                            \
    } while (0)

/* What every game keeps: its seats and sides, the seating of D16 (a
 * permutation of the seats), and the match (RULES 5): points only in match
 * play, and a side that has won the match has won the game just played. */
static int common_check(const bfc_game *g)
{
    const unsigned n = g->players;
    REQUIRE(n == (unsigned)g->rules.players && g->sides == (unsigned)bfc_rules_sides(&g->rules));
    { /* the facts of the rules kept in the state are the rules' (first:
         the checks below walk the seats through left_of) */
        bfc_game d;
        memcpy(&d, g, sizeof d);
        bfc__game_derive(&d);
        REQUIRE(memcmp(d.side_of, g->side_of, sizeof d.side_of) == 0 &&
                memcmp(d.left_of, g->left_of, sizeof d.left_of) == 0 &&
                memcmp(d.goal, g->goal, sizeof d.goal) == 0 && d.turn_cap == g->turn_cap &&
                d.nthrow == g->nthrow && d.plain == g->plain);
    }
    unsigned seats = 0;
    for (unsigned p = 0; p < BFC__MAXP; p++) {
        REQUIRE(p < n ? g->seat_of[p] < n : g->seat_of[p] == p);
        seats |= 1u << g->seat_of[p];
    }
    REQUIRE(seats == (1u << BFC__MAXP) - 1u);
    if (!(g->rules.flags & BFC_RULE_PARTNERS_BY_CUT))
        for (unsigned p = 0; p < n; p++)
            REQUIRE(g->seat_of[p] == p);
    else /* partners sit opposite */
        for (unsigned p = 0; p < n; p++)
            REQUIRE(bfc__side(g, g->seat_of[p]) < g->sides);
    unsigned won = 0;
    for (unsigned s = 0; s < BFC__MAXP; s++) {
        REQUIRE(g->match[s] >= 0 && (g->rules.match > 0 || g->match[s] == 0));
        REQUIRE(s < g->sides || g->match[s] == 0);
        if (g->rules.match > 0 && g->match[s] >= g->rules.match) {
            won++;
            REQUIRE(g->over && g->winner == s);
        }
    }
    REQUIRE(won <= 1);
    return BFC_OK;
}

/* RULES 4: a Battlefield state. */
static int battlefield_check(const bfc_game *g)
{
    const unsigned n = g->players;
    for (unsigned s = BFC__SEATS; s < BFC__MAXP; s++)
        REQUIRE(g->score[s] == 0 && g->cut[s] == BFC_CARD_NONE);
    for (unsigned s = 0; s < BFC__MAXP; s++)
        REQUIRE(g->go_room[s] == 0); /* no go is said in Battlefield */
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
    REQUIRE(g->pile_shuffled >= g->pile_pos && g->pile_shuffled <= 53);
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
        else /* drawn: a draw is a move of a turn before the limit (D9) */
            REQUIRE(revealed && !bfc__limit_hit(&g->rules, g->turns));
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

int bfc__go_room_check(const bfc_game *g, unsigned s)
{
    const unsigned n = g->players, room = g->go_room[s];
    const int solitaire = g->rules.variant == BFC_VARIANT_SOLITAIRE;
    /* the play goes on while a card's points are declared (D12) */
    const int playing = g->phase == BFC_PHASE_PLAY ||
                        ((g->phase == BFC_PHASE_DECLARE || g->phase == BFC_PHASE_CLAIM) &&
                         g->counting == BFC__PLAY_COUNTED);
    REQUIRE(s < BFC__MAXP);
    REQUIRE(room <= 30 && (s < n || room == 0) && (!solitaire || room == 0));
    REQUIRE(s >= n || (g->hand[s] & bfc__fits(room)) == 0);
    REQUIRE(s >= n || !playing || !(g->said_go >> s & 1u) || room >= 31u - g->count);
    return BFC_OK;
}

/* RULES 3: a classic state. */
static int classic_check(const bfc_game *g)
{
    const bfc_rules *r = &g->rules;
    const unsigned n = g->players, v = (unsigned)r->variant;
    const unsigned per = bfc__rules_dealt(r), thr = bfc__rules_throw(r), keep = per - thr;
    const int solitaire = v == BFC_VARIANT_SOLITAIRE, noddy = v == BFC_VARIANT_NODDY;
    const unsigned all = (1u << n) - 1u;
    const int t = r->target; /* the highest of the sides' targets */
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
            REQUIRE(g->score[s] < bfc__target(g, s));
    } else if (solitaire) {
        REQUIRE(g->skirmish == 6 && g->to_move == BFC__NONE8);
        REQUIRE(g->score[0] >= t ? w == 0 && ws == 0 : w == BFC__NONE8 && ws == BFC__NONE8);
    } else {
        REQUIRE(g->to_move == BFC__NONE8 && ws < n && w == bfc__side(g, ws));
        unsigned reached = 0;
        for (unsigned s = 0; s < g->sides; s++)
            reached += g->score[s] >= bfc__target(g, s);
        if (r->flags & BFC_RULE_BACKWARD) { /* the lowest of the others wins (3.7) */
            REQUIRE(reached == 1 && g->score[w] < t);
            for (unsigned s = 0; s < g->sides; s++)
                REQUIRE(g->score[s] >= t || g->score[w] <= g->score[s]);
        }
        else
            REQUIRE(reached == 1 && g->score[w] >= bfc__target(g, w));
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
    for (unsigned s = 0; s < BFC__MAXP; s++)
        REQUIRE(bfc__go_room_check(g, s) == BFC_OK);
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
        for (unsigned s = 0; s < n; s++)
            REQUIRE(g->go_room[s] == 0);
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
    } else if (counting && g->counting == BFC__PLAY_COUNTED) {
        /* D12: the points of the card just laid (the layer's, the last
           card of the sequence), and what follows them: the seat that lays
           next, holding a card it can lay, or no one and the go or last
           card owed */
        const unsigned d = g->declarer;
        REQUIRE((r->flags & BFC_RULE_MUGGINS) && !solitaire && d < n && g->last == d &&
                g->nseq > 0 && (g->played[d] >> g->seq[g->nseq - 1] & 1u));
        REQUIRE(g->step == (noddy ? n : 0u) && g->shown == 0 && g->play_owed <= 1);
        REQUIRE(bfc__classic_truth(g, d, BFC__PLAY_COUNTED) == g->truth);
        const uint64_t room = bfc__fits(31u - g->count);
        uint64_t left = 0;
        for (unsigned s = 0; s < n; s++)
            left |= (g->folded >> s & 1u) ? 0 : g->hand[s];
        if (g->resume == BFC__ALL_LAID)
            REQUIRE(left == 0 && g->play_owed == (g->count != 31));
        else if (g->resume != BFC__NONE8)
            REQUIRE(g->resume < n && (g->hand[g->resume] & room) && g->play_owed == 0 &&
                    !(g->folded >> g->resume & 1u));
        else
            REQUIRE(left != 0 && g->play_owed == (g->count != 31));
        for (unsigned s = 0; s < n; s++)
            if (g->said_go >> s & 1u)
                REQUIRE((g->hand[s] & room) == 0 && s != d);
        if (g->phase == BFC_PHASE_DECLARE)
            REQUIRE(mover == d && g->declared == BFC__NONE8);
        else /* D18: any count up to the most a card can score */
            REQUIRE(bfc__side(g, mover) != bfc__side(g, d) &&
                    g->declared <= bfc__declare_max(r, BFC__PLAY_COUNTED));
    } else if (counting) {
        const unsigned crib_next = g->step == n && !noddy;
        const unsigned seat = crib_next ? g->dealer : n == 1 ? 0u : (g->dealer + 1u + g->step) % n;
        REQUIRE((r->flags & BFC_RULE_MUGGINS) && g->step < n + !noddy);
        REQUIRE(g->declarer == seat && g->counting == crib_next);
        REQUIRE(bfc__classic_truth(g, seat, crib_next) == g->truth);
        REQUIRE(g->resume == BFC__NONE8 && g->play_owed == 0);
        if (g->phase == BFC_PHASE_DECLARE)
            REQUIRE(mover == seat && g->declared == BFC__NONE8);
        else /* an opponent: those before it from the declarer's left passed;
                D18: any count up to the most the hand or crib can score */
            REQUIRE(bfc__side(g, mover) != bfc__side(g, seat) &&
                    g->declared <= bfc__declare_max(r, crib_next));
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
                g->truth == BFC__NONE8 && g->counting == BFC__NONE8 &&
                g->resume == BFC__NONE8 && g->play_owed == 0);
    return BFC_OK;
}

int bfc__game_check(const bfc_game *g)
{
    REQUIRE(g && bfc_rules_check(&g->rules) == BFC_OK && common_check(g) == BFC_OK);
    return bfc__classic(g) ? classic_check(g) : battlefield_check(g);
}
