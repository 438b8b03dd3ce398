/* The classic games (RULES 3): two, three, four and six players, five-card,
 * Noddy, backward and solitaire cribbage, with muggins (3.9) and the game
 * values of RULES 5, played through the same bfc_game API as Battlefield
 * Cribbage. This file says what follows what: the deal, the discards, the
 * cut, the play, the show, the next deal (Noddy: the hands counted after
 * the cut, before the play). Each rule is a leaf that returns what
 * happened (classic_body.h): the deal, the discards and the cut in
 * classic_deal.c, the play in classic_play.c, the show in classic_show.c
 * (their plain forms are made here from the bodies in their headers, so
 * that a plain playout runs in this one translation unit);
 * the legal move lists are in classic_moves.c, muggins' declarations and
 * claims in classic_muggins.c. */
#include <string.h>

#include "classic_deal.h"
#include "classic_play.h"
#include "classic_show.h"

static void new_deal(bfc_game *g, bfc__sink *k);
static void show_next(bfc_game *g, bfc__sink *k);

/* The play begins; when every side folded (Crib Wars) it is over at once. */
static void start_play(bfc_game *g, bfc__sink *k);

/* The deal is over: the next dealer deals, or solitaire's free crib is
 * counted and ends the game (3.8). */
static void end_deal(bfc_game *g, bfc__sink *k)
{
    if (g->players > 1) {
        /* Crib Wars: out of the box as the deal passes; when that wins, the
           finished game keeps the deal just played with its dealer (whose
           partner threw out of the deal in D3) */
        if (bfc__board_deal(g, k))
            return;
        g->dealer = (uint8_t)bfc__left(g, g->dealer);
        new_deal(g, k);
        return;
    }
    if (bfc__classic_solitaire_return(g))
        show_next(g, k); /* the free crib */
    else
        new_deal(g, k);
}

/* A new deal, then the discards; Noddy cuts the starter and counts the
 * hands before the play (3.6). */
static void new_deal(bfc_game *g, bfc__sink *k)
{
    bfc__classic_deal(g, k);
    if (variant(g) == BFC_VARIANT_NODDY && !bfc__classic_cut(g, k)) {
        g->step = 0;
        show_next(g, k);
    }
}

/* The show from its next step; when it is over, Noddy's play, the end of
 * solitaire's game after its free crib, or the next deal. */
static void show_next(bfc_game *g, bfc__sink *k)
{
    if (bfc__classic_show(g, k))
        return; /* the game won, or a count to declare (muggins) */
    if (variant(g) == BFC_VARIANT_NODDY) {
        start_play(g, k);
        return;
    }
    if (g->players == 1 && g->skirmish >= 6 && g->deck_pos == 52) {
        bfc__finish(g, 0, k);
        return;
    }
    end_deal(g, k);
}

/* The show and the next deal of a plain game in silence (no board). */
BFC__NOINLINE static int plain_show(bfc_game *g)
{
    g->step = 0;
    if (show_as(g, NULL, BFC__PLAIN))
        return BFC_OK;
    g->dealer = (uint8_t)bfc__left(g, g->dealer);
    deal_as(g, NULL, BFC__PLAIN);
    return BFC_OK;
}

/* The play is over (its leaf cleared the table): the show begins (Noddy,
 * which counted before the play, deals again: 3.6). */
static void play_over(bfc_game *g, bfc__sink *k)
{
    if (!k && g->plain) {
        plain_show(g);
        return;
    }
    if (variant(g) == BFC_VARIANT_NODDY) {
        end_deal(g, k);
        return;
    }
    g->step = 0;
    show_next(g, k);
}

static void start_play(bfc_game *g, bfc__sink *k)
{
    if (bfc__classic_start_play(g, k))
        play_over(g, k);
}

/* Every seat has thrown: the starter is cut (the dealer's 2 for his
 * heels may win), then the play (RULES 3.1). */
static int cut_told(bfc_game *g, bfc__sink *k)
{
    if (!bfc__classic_cut(g, k))
        start_play(g, k);
    return BFC_OK;
}

BFC__NOINLINE static int cut_plain(bfc_game *g)
{
    if (!cut_starter_as(g, NULL, BFC__PLAIN))
        (void)start_play_as(g, NULL, BFC__PLAIN);
    return BFC_OK;
}

void bfc__classic_start(bfc_game *g, unsigned dealer, bfc__sink *k)
{
    g->dealer = (uint8_t)dealer;
    g->gone = 0;
    g->deck_pos = 0;
    memset(g->deck, 0, sizeof g->deck);
    g->first_laid = BFC_CARD_NONE;
    new_deal(g, k);
    bfc__classic_first_points(g, k);
}

/* After muggins settled a count (classic_muggins.c): the show from its
 * next step, or the play after the card seat s laid. */
void bfc__classic_show_next(bfc_game *g, bfc__sink *k)
{
    show_next(g, k);
}

void bfc__classic_go_on(bfc_game *g, unsigned s, unsigned next, bfc__sink *k)
{
    if (bfc__classic_play_on(g, s, next, k))
        play_over(g, k);
}

/* ---- Moves ------------------------------------------------------------- */

/* The moves of each phase (game.c calls them by the phase), each checked
 * as the legal list would check it (RULES 3): BFC_EILLEGAL with nothing
 * changed, or the move made and counted. */

BFC__NOINLINE static int lay_told(bfc_game *g, unsigned s, unsigned c, unsigned count,
                                  bfc__sink *k)
{
    if (bfc__classic_lay(g, s, c, count, k))
        play_over(g, k);
    return BFC_OK;
}

/* After a card of a plain game, when the next seat cannot lay at once:
 * the go (two players: lay_stops_two(); more: lay_stops()), and the show
 * if that ended the play. */
BFC__NOINLINE static int plain_stops_more(bfc_game *g, unsigned s)
{
    return bfc__cl_lay_stops(g, s, NULL) ? plain_show(g) : BFC_OK;
}

BFC__NOINLINE static int plain_stops(bfc_game *g, unsigned s)
{
    if (g->players != 2)
        return plain_stops_more(g, s);
    return lay_stops_two(g, s) ? plain_show(g) : BFC_OK;
}

/* A card of a plain game in silence: nearly every move of a classic
 * playout. */
BFC__NOINLINE static int plain_lay(bfc_game *g, unsigned s, unsigned c, unsigned count)
{
    return lay_as(g, s, c, count, NULL, BFC__PLAIN) ? plain_stops(g, s) : BFC_OK;
}

/* The play: a card of the hand that keeps the count to 31. */
int bfc__classic_play(bfc_game *g, bfc_move m, bfc__sink *k)
{
    const unsigned s = g->to_move, c = (unsigned)m - BFC_MOVE_PLAY;
    if (c >= BFC_NCARDS)
        return BFC_EILLEGAL;
    const unsigned count = g->count + bfc__value((bfc_card)c);
    if (!(g->hand[s] >> c & 1u) || count > 31)
        return BFC_EILLEGAL;
    g->moves++;
    return k || !g->plain ? lay_told(g, s, c, count, k) : plain_lay(g, s, c, count);
}

/* A told discard, then the cut when every seat has thrown (out of line,
 * so that a plain discard keeps no frame). */
BFC__NOINLINE static int throw_told(bfc_game *g, unsigned s, bfc_card a, bfc_card b,
                                    bfc__sink *k)
{
    return bfc__classic_throw(g, s, a, b, k) ? cut_told(g, k) : BFC_OK;
}

/* A discard of one card (three players or more). */
static int discard_one(bfc_game *g, bfc_move m, bfc__sink *k)
{
    const unsigned s = g->to_move, c = (unsigned)m - BFC_MOVE_DISCARD;
    if (c >= BFC_NCARDS || !(g->hand[s] >> c & 1u))
        return BFC_EILLEGAL;
    g->moves++;
    if (!k && g->plain)
        return discard_as(g, s, (bfc_card)c, BFC_CARD_NONE, 1, NULL, BFC__PLAIN) ? cut_plain(g)
                                                                                 : BFC_OK;
    return throw_told(g, s, (bfc_card)c, BFC_CARD_NONE, k);
}

/* A discard of two cards, a pair id. A plain game that throws two has two
 * players (RULES 3.1). */
static int discard_two(bfc_game *g, bfc_move m, bfc__sink *k)
{
    const unsigned s = g->to_move;
    if (m < BFC_MOVE_DISCARD2 || m >= BFC_MOVE_DECLARE)
        return BFC_EILLEGAL;
    bfc_card a, b;
    bfc__discard2_cards(m, &a, &b);
    const uint64_t h = g->hand[s];
    if (!(h >> a & 1u) || !(h >> b & 1u))
        return BFC_EILLEGAL;
    g->moves++;
    if (!k && g->plain)
        return discard_as(g, s, a, b, 2, NULL, BFC__PLAIN) ? cut_plain(g) : BFC_OK;
    return throw_told(g, s, a, b, k);
}

/* A discard: one card, or two where the rules throw two. */
int bfc__classic_discard(bfc_game *g, bfc_move m, bfc__sink *k)
{
    return g->nthrow == 1 ? discard_one(g, m, k) : discard_two(g, m, k);
}
