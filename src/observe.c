/* What a seat may know (RULES D7): the observation, its text, the legal
 * moves seen from it, and determinization for search. */
#include <string.h>

#include "game.h"

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
    memcpy(o->faceup, g->faceup, sizeof o->faceup);
    memcpy(o->cut, g->cut, sizeof o->cut);
    memset(o->formation, BFC_CARD_NONE, sizeof o->formation);
    for (unsigned s = 0; s < g->players; s++)
        for (unsigned i = 0; i < 5; i++)
            o->formation[s][i] = (g->faceup[s] >> i & 1u) ? g->form[s][i] : BFC_CARD_HIDDEN;
    o->frontline = g->front;
    o->out_of_play = g->gone;
    return BFC_OK;
}

int bfc_observation_legal_moves(const bfc_observation *o, bfc_move *out, size_t cap)
{
    if (!o || (!out && cap > 0))
        return BFC_EINVAL;
    if (o->over)
        return 0;
    return bfc__legal_moves(o->phase, o->pile, o->frontline.n,
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

static const char *const PHASE[] = {"reveal", "turn", "drawn", "lay away", "over"};

int bfc_observation_format(const bfc_observation *o, unsigned flags, char *buf, size_t cap)
{
    if (!o || (!buf && cap > 0) || (flags & ~BFC_UNICODE) || o->players < 2 || o->players > 4 ||
        o->sides > 4 || o->frontline.n > BFC_FRONTLINE_MAX)
        return BFC_EINVAL;
    bfc__text w = {buf, cap, 0};
    bfc__put(&w, "skirmish ");
    bfc__putnum(&w, o->skirmish);
    bfc__put(&w, ", turn ");
    bfc__putnum(&w, o->turns);
    bfc__put(&w, "; dealer: player ");
    bfc__putnum(&w, o->dealer + 1);
    bfc__put(&w, "\nscores:");
    for (unsigned s = 0; s < o->sides; s++) {
        bfc__put(&w, o->sides == 2 && o->rules.teams ? " team " : " player ");
        bfc__putnum(&w, s + 1);
        bfc__put(&w, " ");
        bfc__putnum(&w, o->score[s]);
        if (s + 1 < o->sides)
            bfc__put(&w, ",");
    }
    bfc__put(&w, "\n");
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
    if (o->over) {
        bfc__put(&w, o->rules.teams ? "game over: team " : "game over: player ");
        bfc__putnum(&w, o->winner + 1);
        bfc__put(&w, " wins\n");
    } else {
        bfc__put(&w, "to move: player ");
        bfc__putnum(&w, o->to_move + 1);
        bfc__put(&w, " (");
        bfc__put(&w, o->phase <= BFC_PHASE_OVER ? PHASE[o->phase] : "?");
        bfc__put(&w, ")");
        if (o->held != BFC_CARD_NONE) {
            bfc__put(&w, ", holding ");
            putcard(&w, o->held, flags);
        }
        bfc__put(&w, "\n");
    }
    return bfc__text_end(&w);
}

/* ---- Determinization ------------------------------------------------------ */

int bfc_game_determinize(bfc_game *g, int seat, uint64_t seed)
{
    if (!g || seat < 0 || seat >= g->players)
        return BFC_EINVAL;
    /* every card no one but possibly its holder has seen */
    bfc_card *where[53];
    bfc_card cards[53];
    unsigned n = 0;
    for (unsigned s = 0; s < g->players; s++)
        for (unsigned i = 0; i < 5; i++)
            if (!(g->faceup[s] >> i & 1u))
                where[n++] = &g->form[s][i];
    for (unsigned i = 0; i < g->ncrib; i++)
        where[n++] = &g->crib[i];
    for (unsigned i = g->pile_pos; i < 53; i++)
        where[n++] = &g->pile[i];
    if (g->held != BFC_CARD_NONE && (unsigned)seat != g->to_move)
        where[n++] = &g->held;
    for (unsigned i = 0; i < n; i++)
        cards[i] = *where[i];
    uint64_t rng[4];
    bfc__rng_seed(rng, seed);
    for (unsigned i = n; i > 1; i--) {
        const unsigned j = bfc__rng_below(rng, i);
        const bfc_card t = cards[i - 1];
        cards[i - 1] = cards[j];
        cards[j] = t;
    }
    for (unsigned i = 0; i < n; i++)
        *where[i] = cards[i];
    /* the later deals are unseen too: the game's generator goes on from
     * the sample's, so each world deals its own next skirmishes */
    memcpy(g->rng, rng, sizeof rng);
    return BFC_OK;
}
