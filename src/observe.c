/* What a seat may know (RULES D7): the observation, the legal moves seen
 * from it, and its text. */
#include <string.h>

#include "variants.h"

/* The classic games: a seat sees its own hand and discards, the cards
 * laid, the starter, the hands shown and the crib once counted. */
static void observe_classic(const bfc_game *g, unsigned seat, bfc_observation *o)
{
    /* no Battlefield table */
    o->held = o->turn_card = BFC_CARD_NONE;
    o->ender = 0xFF;
    memset(o->laid, 0xFF, sizeof o->laid);
    o->pile = (uint8_t)(52u - g->deck_pos); /* the deck */
    o->starter = g->starter;
    o->count = g->count;
    o->nseq = g->nseq;
    memcpy(o->seq, g->seq, sizeof o->seq);
    o->hand = g->hand[seat];
    o->thrown = g->thrown[seat];
    memcpy(o->go_room, g->go_room, sizeof o->go_room);
    for (unsigned s = 0; s < g->players; s++) {
        o->held_by[s] = (uint8_t)bfc__popcount(g->hand[s]);
        o->played[s] = g->played[s];
        if (g->shown >> s & 1u)
            o->shown[s] = g->played[s] | g->hand[s];
    }
    uint64_t crib = 0;
    for (unsigned i = 0; i < g->nccrib; i++)
        crib |= UINT64_C(1) << g->ccrib[i];
    o->crib = g->nccrib;
    if (g->shown & 0x80u)
        o->crib_cards = crib;
    else if (g->players == 1) /* solitaire: the crib cards laid so far */
        for (unsigned i = 0; i < g->sol_laid / 2u && i < g->nccrib; i++)
            o->crib_cards |= UINT64_C(1) << g->ccrib[i];
    if (g->phase == BFC_PHASE_DECLARE || g->phase == BFC_PHASE_CLAIM) {
        o->declarer = g->declarer;
        o->counting = g->counting;
        if (g->phase == BFC_PHASE_CLAIM)
            o->declared = g->declared;
        if (g->counting == BFC__PLAY_COUNTED) { /* D12: every card laid is public */
            for (unsigned i = 0; i < g->nseq; i++)
                o->judged |= UINT64_C(1) << g->seq[i];
            o->owed = g->play_owed;
        } else if (g->rules.variant != BFC_VARIANT_NODDY) { /* Noddy: declared unseen */
            o->judged = g->counting ? crib : g->played[g->declarer] | g->hand[g->declarer];
        }
    }
}

int bfc_game_observe(const bfc_game *g, int seat, bfc_observation *o)
{
    if (!g || !o || seat < 0 || seat >= g->players)
        return BFC_EINVAL;
    memset(o, 0, sizeof *o);
    o->rules = g->rules;
    o->seat = (uint8_t)seat;
    o->players = g->players;
    o->sides = g->sides;
    o->phase = g->phase;
    o->to_move = g->to_move;
    o->dealer = g->dealer;
    o->revealed = g->revealed;
    o->ender = g->ender;
    o->final_turns = g->owed;
    o->pile = (uint8_t)bfc__pile_size(g);
    o->crib = g->ncrib;
    o->held = g->held == BFC_CARD_NONE ? BFC_CARD_NONE
              : (unsigned)seat == g->to_move ? g->held
                                             : BFC_CARD_HIDDEN;
    o->turn_card = g->turn_card;
    memcpy(o->laid, g->laid, sizeof o->laid);
    o->lay_legal = g->lay_legal;
    o->over = g->over;
    o->winner = g->winner;
    o->winning_seat = g->winning_seat;
    o->turns = g->turns;
    o->skirmish = g->skirmish;
    memcpy(o->score, g->score, sizeof o->score);
    memcpy(o->match, g->match, sizeof o->match);
    o->folded = g->folded;
    o->boxed = g->boxed;
    o->box_deals = g->box_left;
    memcpy(o->faceup, g->faceup, sizeof o->faceup);
    memcpy(o->cut, g->cut, sizeof o->cut);
    memset(o->formation, BFC_CARD_NONE, sizeof o->formation);
    for (unsigned s = 0; s < g->players && !bfc__classic(g); s++)
        for (unsigned i = 0; i < 5; i++)
            o->formation[s][i] = (g->faceup[s] >> i & 1u) ? g->form[s][i] : BFC_CARD_HIDDEN;
    o->frontline = g->front;
    o->out_of_play = g->gone;
    o->starter = BFC_CARD_NONE;
    o->declarer = o->declared = o->counting = 0xFF;
    o->limit_reached = (uint8_t)(!bfc__classic(g) && !g->over && g->phase == BFC_PHASE_TURN &&
                                 bfc__limit_hit(&g->rules, g->turns));
    if (g->phase == BFC_PHASE_DISCARD)
        o->throws = (uint8_t)bfc__rules_throw(&g->rules);
    if (bfc__classic(g))
        observe_classic(g, (unsigned)seat, o);
    return BFC_OK;
}

/* ---- An observation handed in (issue 39) ---------------------------------- */

#define OBS_REQUIRE(c)             \
    do {                           \
        if (!(c))                  \
            return BFC_EINVAL;     \
    } while (0)

/* RULES 4: the table as bfc_game_observe() shows it. */
static int battlefield_observation_check(const bfc_observation *o)
{
    const unsigned n = o->players;
    const uint64_t deck = (UINT64_C(1) << 53) - 1u; /* the joker is bit 52 */
    OBS_REQUIRE(n >= 2 && n <= BFC__SEATS && o->phase <= BFC_PHASE_OVER && o->throws == 0);
    OBS_REQUIRE((o->revealed >> n) == 0 && o->limit_reached <= 1);
    /* the frontline as bfc_frontline_set() makes it from its cards */
    bfc_frontline f;
    OBS_REQUIRE(o->frontline.n <= BFC_FRONTLINE_MAX &&
                bfc_frontline_set(&f, o->frontline.cards, o->frontline.n) == BFC_OK &&
                f.mask == o->frontline.mask && f.sum == o->frontline.sum &&
                f.recent == o->frontline.recent);
    OBS_REQUIRE((o->out_of_play & ~deck) == 0 && (o->out_of_play & f.mask) == 0);
    uint64_t seen = f.mask | o->out_of_play;
    unsigned down = 0; /* face-down formation cards */
    for (unsigned s = 0; s < BFC__SEATS; s++) {
        OBS_REQUIRE(o->faceup[s] <= (s < n ? 0x1Fu : 0u));
        OBS_REQUIRE(o->laid[s] == BFC__NONE8 || (s < n && o->laid[s] < 5));
        for (unsigned i = 0; i < 5; i++) {
            const bfc_card c = o->formation[s][i];
            if (s >= n) {
                OBS_REQUIRE(c == BFC_CARD_NONE);
            } else if (!(o->faceup[s] >> i & 1u)) {
                OBS_REQUIRE(c == BFC_CARD_HIDDEN);
                down++;
            } else {
                OBS_REQUIRE(c <= BFC_JOKER && !(seen >> c & 1u));
                seen |= UINT64_C(1) << c;
            }
        }
    }
    if (o->phase == BFC_PHASE_DRAWN) { /* the drawn card: its drawer's to see */
        if (o->seat == o->to_move) {
            OBS_REQUIRE(o->held <= BFC_JOKER && !(seen >> o->held & 1u));
            seen |= UINT64_C(1) << o->held;
        } else {
            OBS_REQUIRE(o->held == BFC_CARD_HIDDEN);
            down++;
        }
    } else {
        OBS_REQUIRE(o->held == BFC_CARD_NONE);
    }
    OBS_REQUIRE(o->turn_card == BFC_CARD_NONE ||
                (o->turn_card <= BFC_JOKER && (f.mask >> o->turn_card & 1u)));
    OBS_REQUIRE(o->lay_legal <= 0x1Fu && o->crib <= 2 && o->pile <= 53);
    OBS_REQUIRE(o->ender == BFC__NONE8 ? o->final_turns == 0
                                       : o->ender < n && o->final_turns < n);
    /* every card in one place: 53 in all */
    OBS_REQUIRE(bfc__popcount(seen) + down + o->pile + o->crib <= 53u);
    /* nothing of the classic games */
    OBS_REQUIRE(o->starter == BFC_CARD_NONE && o->count == 0 && o->nseq == 0 &&
                o->hand == 0 && o->thrown == 0 && o->crib_cards == 0 && o->judged == 0 &&
                o->declarer == BFC__NONE8 && o->declared == BFC__NONE8 &&
                o->counting == BFC__NONE8 && o->owed == 0);
    for (unsigned s = 0; s < BFC__MAXP; s++)
        OBS_REQUIRE(o->played[s] == 0 && o->shown[s] == 0 && o->held_by[s] == 0 &&
                    o->go_room[s] == 0);
    for (unsigned i = 0; i < 16; i++)
        OBS_REQUIRE(o->seq[i] == 0);
    return BFC_OK;
}

/* RULES 3: the seat's cards, the cards laid and shown, the counts. */
static int classic_observation_check(const bfc_observation *o)
{
    const bfc_rules *r = &o->rules;
    const unsigned n = o->players, per = bfc__rules_dealt(r), thr = bfc__rules_throw(r);
    const unsigned keep = per - thr, phase = o->phase;
    const uint64_t deck = BFC__STD_MASK;
    OBS_REQUIRE(phase == BFC_PHASE_OVER ||
                (phase >= BFC_PHASE_DISCARD && phase <= BFC_PHASE_CLAIM));
    /* no Battlefield table */
    OBS_REQUIRE(o->held == BFC_CARD_NONE && o->turn_card == BFC_CARD_NONE &&
                o->ender == BFC__NONE8 && o->final_turns == 0 && o->lay_legal == 0 &&
                o->limit_reached == 0 && o->frontline.n == 0);
    for (unsigned s = 0; s < BFC__SEATS; s++) {
        OBS_REQUIRE(o->laid[s] == BFC__NONE8);
        for (unsigned i = 0; i < 5; i++)
            OBS_REQUIRE(o->formation[s][i] == BFC_CARD_NONE);
    }
    /* the card sets: inside the deck, apart, no seat with more than dealt */
    OBS_REQUIRE(((o->hand | o->thrown | o->crib_cards | o->judged | o->out_of_play) & ~deck) == 0);
    OBS_REQUIRE((o->hand & o->thrown) == 0 && bfc__popcount(o->hand) == o->held_by[o->seat]);
    uint64_t laid = 0;
    unsigned others = 0; /* cards the other seats hold */
    for (unsigned s = 0; s < BFC__MAXP; s++) {
        if (s >= n) {
            OBS_REQUIRE(o->played[s] == 0 && o->shown[s] == 0 && o->held_by[s] == 0 &&
                        o->go_room[s] == 0);
            continue;
        }
        OBS_REQUIRE((o->played[s] & ~deck) == 0 && (o->played[s] & laid) == 0 &&
                    (o->shown[s] & ~deck) == 0 && o->go_room[s] <= 30);
        OBS_REQUIRE(o->held_by[s] + bfc__popcount(o->played[s]) <= per);
        laid |= o->played[s];
        if (s != o->seat)
            others += o->held_by[s];
    }
    const uint64_t mine = o->hand | o->thrown;
    OBS_REQUIRE((mine & laid) == 0 && bfc__popcount(mine | o->played[o->seat]) <= per);
    uint64_t known = mine | laid | o->crib_cards | o->out_of_play;
    if (o->starter != BFC_CARD_NONE) {
        OBS_REQUIRE(o->starter < BFC_NCARDS && !((mine | laid) >> o->starter & 1u));
        known |= UINT64_C(1) << o->starter;
    }
    OBS_REQUIRE(bfc__popcount(known) + others <= BFC_NCARDS && o->pile <= BFC_NCARDS);
    OBS_REQUIRE(o->crib <= 8 && bfc__popcount(o->crib_cards) <= o->crib);
    /* the play's sequence: cards laid this deal (solitaire: crib cards too) */
    OBS_REQUIRE(o->count <= 31 && o->nseq <= 16);
    uint64_t seq = 0;
    unsigned count = 0;
    for (unsigned i = 0; i < 16; i++) {
        const bfc_card c = o->seq[i];
        if (i >= o->nseq) {
            OBS_REQUIRE(c == 0);
            continue;
        }
        OBS_REQUIRE(c < BFC_NCARDS && ((laid | o->crib_cards) >> c & 1u) && !(seq >> c & 1u));
        seq |= UINT64_C(1) << c;
        count += bfc__value(c);
    }
    OBS_REQUIRE(count == o->count);
    /* the deal's phase */
    OBS_REQUIRE(o->throws == (phase == BFC_PHASE_DISCARD ? thr : 0u));
    if (phase == BFC_PHASE_DISCARD) {
        OBS_REQUIRE(thr > 0 && o->held_by[o->to_move] == per &&
                    bfc__popcount(mine) == per && o->starter == BFC_CARD_NONE &&
                    o->nseq == 0);
        for (unsigned s = 0; s < n; s++)
            OBS_REQUIRE(o->played[s] == 0 && (o->held_by[s] == per || o->held_by[s] == keep));
    } else if (phase != BFC_PHASE_OVER) {
        OBS_REQUIRE(o->starter != BFC_CARD_NONE && bfc__popcount(o->thrown) == thr);
        for (unsigned s = 0; s < n; s++)
            OBS_REQUIRE(o->held_by[s] + bfc__popcount(o->played[s]) == keep);
    }
    if (phase == BFC_PHASE_PLAY)
        OBS_REQUIRE(o->held_by[o->to_move] > 0);
    if (phase == BFC_PHASE_DECLARE || phase == BFC_PHASE_CLAIM) {
        OBS_REQUIRE((r->flags & BFC_RULE_MUGGINS) && o->declarer < n && o->counting <= 2);
        OBS_REQUIRE(phase == BFC_PHASE_CLAIM
                        ? o->declared <= bfc__declare_max(r, o->counting)
                        : o->declared == BFC__NONE8);
        OBS_REQUIRE(o->owed <= (o->counting == 2 ? 1u : 0u));
    } else {
        OBS_REQUIRE(o->declarer == BFC__NONE8 && o->declared == BFC__NONE8 &&
                    o->counting == BFC__NONE8 && o->judged == 0 && o->owed == 0);
    }
    return BFC_OK;
}

int bfc__observation_check(const bfc_observation *o)
{
    if (!o || bfc_rules_check(&o->rules) != BFC_OK)
        return BFC_EINVAL;
    const unsigned n = o->players;
    OBS_REQUIRE(n == (unsigned)o->rules.players && n >= 1 && n <= BFC__MAXP &&
                o->sides == (unsigned)bfc_rules_sides(&o->rules));
    OBS_REQUIRE(o->seat < n && o->dealer < n && o->skirmish >= 1 && o->over <= 1);
    OBS_REQUIRE((o->phase == BFC_PHASE_OVER) == (o->over == 1));
    if (!o->over)
        OBS_REQUIRE(o->to_move < n && o->winner == BFC__NONE8 &&
                    o->winning_seat == BFC__NONE8);
    else /* solitaire may be lost: no winner */
        OBS_REQUIRE(o->to_move == BFC__NONE8 &&
                    (o->winner == BFC__NONE8 ? o->winning_seat == BFC__NONE8
                                             : o->winner < o->sides && o->winning_seat < n));
    for (unsigned s = 0; s < BFC__MAXP; s++) {
        OBS_REQUIRE(o->score[s] >= 0 && o->match[s] >= 0 &&
                    (s < o->sides || (o->score[s] == 0 && o->match[s] == 0)));
        OBS_REQUIRE(o->cut[s] == BFC_CARD_NONE || (s < n && o->cut[s] < BFC_NCARDS));
    }
    OBS_REQUIRE((o->folded >> n) == 0 && (o->boxed == BFC__NONE8 || o->boxed < o->sides));
    return o->rules.variant == BFC_VARIANT_BATTLEFIELD ? battlefield_observation_check(o)
                                                        : classic_observation_check(o);
}

int bfc_observation_legal_moves(const bfc_observation *o, bfc_move *out, size_t cap)
{
    if ((!out && cap > 0) || bfc__observation_check(o) != BFC_OK)
        return BFC_EINVAL;
    return bfc__observation_moves(o, out, cap);
}

/* The legal moves of an observation the library made (or checked). */
int bfc__observation_moves(const bfc_observation *o, bfc_move *out, size_t cap)
{
    if (o->over)
        return 0;
    if (o->rules.variant != BFC_VARIANT_BATTLEFIELD) {
        if ((o->phase == BFC_PHASE_DISCARD || o->phase == BFC_PHASE_PLAY) && o->seat != o->to_move)
            return BFC_EHIDDEN;
        const unsigned need = o->phase == BFC_PHASE_DECLARE
                                  ? bfc__declare_max(&o->rules, o->counting) /* D18 */
                                  : bfc__rules_throw(&o->rules);
        return bfc__classic_moves(o->phase, need, o->hand, o->count, out, cap);
    }
    return bfc__bf_moves(o->phase, o->pile, bfc__can_take(&o->rules, o->frontline.n, o->turns),
                         bfc__limit_hit(&o->rules, o->turns), o->lay_legal, out, cap);
}

/* ---- Text --------------------------------------------------------------- */

static void putcard(bfc__text *w, bfc_card c, unsigned flags)
{
    if (c == BFC_CARD_HIDDEN) {
        bfc__put(w, "[??]");
        return;
    }
    char t[BFC_CARD_TEXT_MAX + 2];
    if (bfc_card_format(c, flags, t, sizeof t) < 0)
        bfc__put(w, "--");
    else
        bfc__put(w, t);
}

static void putset(bfc__text *w, uint64_t m, unsigned flags)
{
    for (; m; m &= m - 1) {
        bfc__put(w, " ");
        putcard(w, (bfc_card)bfc__lowest(m), flags);
    }
}

/* A side as texts name it (bfc.h, bfc_event_format): "player N" when
 * every side is one player (side N - 1 is seat N - 1), else "side N
 * (players 1 and 3)", numbered from 1 as the players are. */
static void put_side(bfc__text *w, const bfc_observation *o, unsigned side)
{
    const int alone = o->sides == o->players && !o->rules.teams &&
                      !(o->rules.flags & BFC_RULE_CAPTAIN);
    bfc__put(w, alone ? "player " : "side ");
    bfc__putnum(w, side + 1);
    if (alone)
        return;
    unsigned seats[BFC__MAXP], n = 0;
    for (unsigned s = 0; s < o->players && s < BFC__MAXP; s++)
        if (bfc_rules_side_of(&o->rules, (int)s) == (int)side)
            seats[n++] = s;
    bfc__put(w, n == 1 ? " (player " : " (players ");
    for (unsigned i = 0; i < n; i++) {
        if (i > 0)
            bfc__put(w, i + 1 == n ? " and " : ", ");
        bfc__putnum(w, seats[i] + 1);
    }
    bfc__put(w, ")");
}

/* The classic table: hands, cards laid, starter, count, crib. */
static void format_classic(bfc__text *w, const bfc_observation *o, unsigned flags)
{
    for (unsigned s = 0; s < o->players; s++) {
        bfc__put(w, "player ");
        bfc__putnum(w, s + 1);
        bfc__put(w, s == o->seat ? " (you):" : ":");
        if (s == o->dealer && o->players > 1)
            bfc__put(w, " dealer;");
        if (s == o->seat) {
            bfc__put(w, " hand");
            putset(w, o->hand, flags);
            if (o->thrown) {
                bfc__put(w, "; thrown");
                putset(w, o->thrown, flags);
            }
        } else {
            bfc__put(w, " ");
            bfc__putnum(w, o->held_by[s]);
            bfc__put(w, " cards in hand");
        }
        if (o->played[s]) {
            bfc__put(w, "; laid");
            putset(w, o->played[s], flags);
        }
        if (o->shown[s]) {
            bfc__put(w, "; shown");
            putset(w, o->shown[s], flags);
        }
        if (o->folded >> s & 1u)
            bfc__put(w, "; folded");
        bfc__put(w, "\n");
    }
    bfc__put(w, "starter: ");
    if (o->starter == BFC_CARD_NONE)
        bfc__put(w, "not cut");
    else
        putcard(w, o->starter, flags);
    bfc__put(w, "; count ");
    bfc__putnum(w, o->count);
    if (o->nseq) {
        bfc__put(w, ":");
        for (unsigned i = 0; i < o->nseq && i < 16; i++) {
            bfc__put(w, " ");
            putcard(w, o->seq[i], flags);
        }
    }
    if (o->rules.variant != BFC_VARIANT_NODDY) {
        bfc__put(w, "\ncrib: ");
        bfc__putnum(w, o->crib);
        bfc__put(w, " cards");
        if (o->crib_cards) {
            bfc__put(w, ":");
            putset(w, o->crib_cards, flags);
        }
    }
    if (o->boxed < o->sides) {
        bfc__put(w, "\nin the penalty box: ");
        put_side(w, o, o->boxed);
        bfc__put(w, o->box_deals > 1 ? ", out after " : ", out after this deal");
        if (o->box_deals > 1) {
            bfc__putnum(w, o->box_deals);
            bfc__put(w, " deals");
        }
    }
    if (o->declarer != 0xFF && o->declarer < o->players) {
        bfc__put(w, "\ncounting: player ");
        bfc__putnum(w, o->declarer + 1);
        bfc__put(w, o->counting == 1 ? "'s crib" : o->counting == 2 ? "'s card in the play"
                                                                   : "'s hand");
        if (o->counting == 2 && o->owed)
            bfc__put(w, " (and the go or last card)");
        putset(w, o->judged, flags);
        if (o->declared != 0xFF) {
            bfc__put(w, ", declared ");
            bfc__putnum(w, o->declared);
        }
    }
    bfc__put(w, "\n");
}

int bfc_observation_format(const bfc_observation *o, unsigned flags, char *buf, size_t cap)
{
    if ((!buf && cap > 0) || (flags & ~BFC_UNICODE) || bfc__observation_check(o) != BFC_OK)
        return BFC_EINVAL;
    bfc__text w = {buf, cap, 0};
    const int classic = o->rules.variant != BFC_VARIANT_BATTLEFIELD;
    if (classic) {
        bfc__put(&w, bfc_variant_name(o->rules.variant));
        bfc__put(&w, (o->rules.flags & BFC_RULE_BACKWARD) ? " (backward), deal " : ", deal ");
        bfc__putnum(&w, o->skirmish);
        bfc__put(&w, "\nscores:");
        goto scores;
    }
    bfc__put(&w, "skirmish ");
    bfc__putnum(&w, o->skirmish);
    bfc__put(&w, ", turn ");
    bfc__putnum(&w, o->turns);
    bfc__put(&w, "; dealer: player ");
    bfc__putnum(&w, o->dealer + 1);
    bfc__put(&w, "\nscores:");
scores:
    for (unsigned s = 0; s < o->sides; s++) {
        bfc__put(&w, " ");
        put_side(&w, o, s);
        bfc__put(&w, " ");
        bfc__putnum(&w, o->score[s]);
        if (s + 1 < o->sides)
            bfc__put(&w, ",");
    }
    bfc__put(&w, "\n");
    if (classic) {
        format_classic(&w, o, flags);
        goto end;
    }
    for (unsigned s = 0; s < o->players; s++) {
        bfc__put(&w, "player ");
        bfc__putnum(&w, s + 1);
        bfc__put(&w, s == o->seat ? " (you) " : "       ");
        for (unsigned i = 0; i < 5; i++) {
            bfc__put(&w, " ");
            if (o->laid[s] == i)
                bfc__put(&w, "(");
            putcard(&w, o->formation[s][i], flags);
            if (o->laid[s] == i)
                bfc__put(&w, ")");
        }
        if (o->ender == s)
            bfc__put(&w, "  ended the skirmish");
        bfc__put(&w, "\n");
    }
    bfc__put(&w, "frontline:");
    for (unsigned i = 0; i < o->frontline.n; i++) {
        bfc__put(&w, " ");
        putcard(&w, o->frontline.cards[i], flags);
    }
    bfc__put(&w, " (sum ");
    bfc__putnum(&w, o->frontline.sum);
    bfc__put(&w, ")\ndraw pile: ");
    bfc__putnum(&w, o->pile);
    bfc__put(&w, " cards; crib: ");
    bfc__putnum(&w, o->crib);
    if (o->turn_card != BFC_CARD_NONE) {
        bfc__put(&w, "; turn card ");
        putcard(&w, o->turn_card, flags);
    }
    if (o->ender != 0xFF && o->phase <= BFC_PHASE_DRAWN) {
        bfc__put(&w, "; final turns left ");
        bfc__putnum(&w, o->final_turns);
    }
    bfc__put(&w, "\n");
end:
    if (o->over && o->winner == 0xFF) {
        bfc__put(&w, "game over: lost\n");
    } else if (o->over && o->winner < o->sides) {
        bfc__put(&w, "game over: ");
        put_side(&w, o, o->winner);
        bfc__put(&w, " wins\n");
    } else if (o->over) { /* an observation made up: no such side */
        bfc__put(&w, "game over\n");
    } else {
        bfc__put(&w, "to move: player ");
        bfc__putnum(&w, o->to_move + 1);
        bfc__put(&w, " (");
        bfc__put(&w, bfc_phase_name(o->phase));
        bfc__put(&w, ")");
        if (o->held != BFC_CARD_NONE) {
            bfc__put(&w, ", holding ");
            putcard(&w, o->held, flags);
        }
        bfc__put(&w, "\n");
    }
    return bfc__text_end(&w);
}
