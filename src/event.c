/* Reading events: what each small field of a bfc_event means for its type,
 * and one line of English per event for a front end's log. */
#include "internal.h"

#define NONE8 0xFFu

int bfc_event_slot(const bfc_event *e)
{
    if (!e)
        return BFC_EINVAL;
    switch (e->type) {
    case BFC_EV_REVEAL:
    case BFC_EV_SWAP:
    case BFC_EV_TAKE:
    case BFC_EV_LAYAWAY:
    case BFC_EV_PLACE:
    case BFC_EV_SEAT:
        return e->slot;
    default:
        return BFC_EINVAL;
    }
}

int bfc_event_points(const bfc_event *e)
{
    if (!e)
        return BFC_EINVAL;
    switch (e->type) {
    case BFC_EV_SCORE:
    case BFC_EV_SHOW:
    case BFC_EV_LAYAWAY:
    case BFC_EV_RESERVE:
    case BFC_EV_FORMATION:
    case BFC_EV_DECLARE:
    case BFC_EV_CLAIM:
    case BFC_EV_GAME_OVER:
    case BFC_EV_BOARD:
    case BFC_EV_MATCH:
        return e->points;
    default:
        return BFC_EINVAL;
    }
}

int bfc_event_count(const bfc_event *e)
{
    return e && e->type == BFC_EV_PLAY ? e->points : BFC_EINVAL;
}

int bfc_event_crib(const bfc_event *e)
{
    if (!e)
        return BFC_EINVAL;
    switch (e->type) {
    case BFC_EV_DISCARD:
        return e->slot == 0; /* slot 0: to the crib, 1: out of the deal */
    case BFC_EV_PLAY:
    case BFC_EV_SHOW:
        return e->slot == 1;
    default:
        return BFC_EINVAL;
    }
}

int bfc_event_dealt(const bfc_event *e)
{
    if (!e || e->type != BFC_EV_DEAL)
        return BFC_EINVAL;
    /* a Battlefield deal names its first frontline card (its slot is the
       crib's size); a classic deal has no card and names the hand size */
    return e->card == BFC_CARD_NONE ? e->slot : 5;
}

int bfc_event_board(const bfc_event *e)
{
    return e && e->type == BFC_EV_BOARD ? e->slot : BFC_EINVAL;
}

/* ---- One line of English ------------------------------------------------ */

static void put_card(bfc__text *t, bfc_card c, unsigned flags)
{
    char s[BFC_CARD_TEXT_MAX];
    if (c == BFC_CARD_HIDDEN) { /* a card the viewer may not see */
        bfc__put(t, "a card");
        return;
    }
    bfc__put(t, bfc_card_format(c, flags, s, sizeof s) < 0 ? "?" : s);
}

static void put_cards(bfc__text *t, const bfc_item *it, unsigned flags)
{
    for (unsigned i = 0; i < it->ncards && i < BFC_ITEM_MAX_CARDS; i++) {
        if (i)
            bfc__put(t, " ");
        put_card(t, it->cards[i], flags);
    }
}

/* A shown hand or crib: its cards, then the starter (the last card) named
 * as such, so that five cards never read as a five-card hand. */
static void put_shown(bfc__text *t, const bfc_item *it, unsigned flags)
{
    unsigned n = it->ncards;
    if (n > BFC_ITEM_MAX_CARDS) /* an event made up by a caller */
        n = BFC_ITEM_MAX_CARDS;
    if (n == 0)
        return;
    for (unsigned i = 0; i + 1 < n; i++) {
        bfc__put(t, " ");
        put_card(t, it->cards[i], flags);
    }
    bfc__put(t, " with the starter ");
    put_card(t, it->cards[n - 1], flags);
}

static void put_player(bfc__text *t, unsigned seat)
{
    bfc__put(t, "player ");
    bfc__putnum(t, (long long)seat + 1);
}

/* "a pair (5H 5D)", "the go", "a double run of 3 (...)". */
static void put_item(bfc__text *t, const bfc_item *it, unsigned flags)
{
    switch (it->kind) {
    case BFC_ITEM_COMBINATION:
        bfc__put(t, "a ");
        bfc__put(t, bfc_combo_name(it->combo));
        break;
    case BFC_ITEM_PAIR:
        bfc__put(t, it->ncards == 4 ? "four of a kind" : it->ncards == 3 ? "three of a kind"
                                                                         : "a pair");
        break;
    case BFC_ITEM_RUN:
        bfc__put(t, "a run of ");
        bfc__putnum(t, it->ncards);
        break;
    case BFC_ITEM_FLUSH:
        bfc__put(t, "a flush of ");
        bfc__putnum(t, it->ncards);
        break;
    case BFC_ITEM_THIRTY_ONE:
        bfc__put(t, "thirty-one");
        break;
    case BFC_ITEM_TWENTY_FIVE:
        bfc__put(t, "twenty-five");
        break;
    default: /* fifteen, go, last card, nobs, knobs, heels, declared, ... */
        bfc__put(t, bfc_item_kind_name(it->kind));
        break;
    }
    if (it->ncards) {
        bfc__put(t, " (");
        put_cards(t, it, flags);
        bfc__put(t, ")");
    }
}

static const char *const BOARD_DID[] = {
    NULL,
    " lands on a red skip at ",
    " lands in a time trap at ",
    " lands in a penalty box at ",
    " lands on a green advance at ",
};

static void put_board(bfc__text *t, const bfc_event *e)
{
    bfc__put(t, "the board: ");
    put_player(t, e->seat);
    bfc__put(t, "'s side");
    switch (e->slot) {
    case BFC_BOARD_RED_SKIP:
    case BFC_BOARD_TIME_TRAP:
    case BFC_BOARD_PENALTY_BOX:
    case BFC_BOARD_GREEN_ADVANCE:
        bfc__put(t, BOARD_DID[e->slot]);
        bfc__putnum(t, e->points);
        bfc__put(t, " and is moved to ");
        break;
    case BFC_BOARD_AHEAD:
        bfc__put(t, " goes ahead 20 to ");
        break;
    case BFC_BOARD_OUT:
        bfc__put(t, " moves out of the penalty box to ");
        break;
    case BFC_BOARD_LOST:
        bfc__put(t, " pegs nothing for ");
        bfc__putnum(t, e->points);
        bfc__put(t, " (");
        bfc__put(t, bfc_source_name(e->source));
        bfc__put(t, "): folded or in the box; stays at ");
        break;
    default:
        bfc__put(t, " ? ");
        break;
    }
    bfc__putnum(t, e->score);
}

/* The events of the Battlefield table. */
static int format_battlefield(bfc__text *t, const bfc_event *e, unsigned flags)
{
    switch (e->type) {
    case BFC_EV_CEASEFIRE:
        bfc__put(t, "cease-fire: the joker begins the frontline");
        return 1;
    case BFC_EV_REVEAL:
        put_player(t, e->seat);
        bfc__put(t, " turns slot ");
        bfc__putnum(t, e->slot);
        bfc__put(t, " face up: ");
        put_card(t, e->card, flags);
        return 1;
    case BFC_EV_DRAW:
        put_player(t, e->seat);
        bfc__put(t, " draws ");
        put_card(t, e->card, flags);
        return 1;
    case BFC_EV_PLACE:
        put_player(t, e->seat);
        bfc__put(t, " places ");
        put_card(t, e->card, flags);
        if (e->slot < 5) {
            bfc__put(t, " from slot ");
            bfc__putnum(t, e->slot);
        }
        return 1;
    case BFC_EV_SWAP:
        put_player(t, e->seat);
        bfc__put(t, " puts ");
        put_card(t, e->card, flags);
        bfc__put(t, " in slot ");
        bfc__putnum(t, e->slot);
        return 1;
    case BFC_EV_TAKE:
        put_player(t, e->seat);
        bfc__put(t, " takes ");
        put_card(t, e->card, flags);
        bfc__put(t, " from the frontline into slot ");
        bfc__putnum(t, e->slot);
        return 1;
    case BFC_EV_RENEW:
        bfc__put(t, "the frontline passes 31: ");
        put_cards(t, &e->item, flags);
        bfc__put(t, " go out of play");
        return 1;
    case BFC_EV_ENDING:
        put_player(t, e->seat);
        bfc__put(t, "'s formation is all face up: one final turn each");
        return 1;
    case BFC_EV_TURN_CARD:
        put_card(t, e->card, flags);
        bfc__put(t, " is the turn card");
        return 1;
    case BFC_EV_FORMATION:
        put_player(t, e->seat);
        bfc__put(t, "'s formation: ");
        put_cards(t, &e->item, flags);
        return 1;
    case BFC_EV_LAYAWAY:
        put_player(t, e->seat);
        bfc__put(t, " lays away ");
        put_card(t, e->card, flags);
        bfc__put(t, "; ");
        put_cards(t, &e->item, flags);
        bfc__put(t, " count ");
        bfc__putnum(t, e->points);
        return 1;
    case BFC_EV_RESERVE:
        bfc__put(t, "the reserve ");
        put_cards(t, &e->item, flags);
        bfc__put(t, " counts ");
        bfc__putnum(t, e->points);
        bfc__put(t, " for ");
        put_player(t, e->seat);
        return 1;
    default:
        return 0;
    }
}

/* The events of the classic games. */
static int format_classic(bfc__text *t, const bfc_event *e, unsigned flags)
{
    switch (e->type) {
    case BFC_EV_DISCARD:
        put_player(t, e->seat);
        bfc__put(t, " throws ");
        put_card(t, e->card, flags);
        bfc__put(t, e->slot == 0 ? " to the crib" : " out of the deal");
        return 1;
    case BFC_EV_STARTER:
        put_player(t, e->seat);
        bfc__put(t, " cuts ");
        put_card(t, e->card, flags);
        bfc__put(t, ", the starter");
        return 1;
    case BFC_EV_PLAY: /* points: the running count, not points scored */
        put_player(t, e->seat);
        bfc__put(t, " plays ");
        put_card(t, e->card, flags);
        bfc__put(t, e->slot == 1 ? " from the crib, count " : ", count ");
        bfc__putnum(t, e->points);
        return 1;
    case BFC_EV_GO:
        put_player(t, e->seat);
        bfc__put(t, " says go");
        return 1;
    case BFC_EV_RESET:
        bfc__put(t, "the count goes back to 0");
        return 1;
    case BFC_EV_SHOW: /* the cards counted, the starter last */
        put_player(t, e->seat);
        bfc__put(t, e->slot == 1 ? "'s crib" : "'s hand");
        put_shown(t, &e->item, flags);
        bfc__put(t, " counts ");
        bfc__putnum(t, e->points);
        return 1;
    case BFC_EV_DECLARE:
        put_player(t, e->seat);
        bfc__put(t, " declares ");
        bfc__putnum(t, e->points);
        return 1;
    case BFC_EV_CLAIM:
        put_player(t, e->seat);
        if (e->points) {
            bfc__put(t, " calls muggins: ");
            bfc__putnum(t, e->points);
        } else {
            bfc__put(t, " lets the count stand");
        }
        return 1;
    case BFC_EV_END_PLAY:
        bfc__put(t, "the play is over");
        return 1;
    default:
        return 0;
    }
}

int bfc_event_format(const bfc_event *e, unsigned flags, char *buf, size_t cap)
{
    if (!e || (!buf && cap > 0) || (flags & ~BFC_UNICODE) || e->type < BFC_EV_DEAL ||
        e->type > BFC_EV_SEAT)
        return BFC_EINVAL;
    bfc__text t = {buf, cap, 0};
    if (format_battlefield(&t, e, flags) || format_classic(&t, e, flags))
        return bfc__text_end(&t);
    switch (e->type) {
    case BFC_EV_DEAL:
        put_player(&t, e->seat);
        bfc__put(&t, " deals ");
        bfc__putnum(&t, bfc_event_dealt(e));
        bfc__put(&t, " cards each");
        if (e->card != BFC_CARD_NONE) {
            bfc__put(&t, "; the frontline begins with ");
            put_card(&t, e->card, flags);
        }
        break;
    case BFC_EV_SCORE:
        put_player(&t, e->seat);
        bfc__put(&t, " pegs ");
        bfc__putnum(&t, e->points);
        bfc__put(&t, " for ");
        put_item(&t, &e->item, flags);
        bfc__put(&t, ", "); /* the side's total, as bfc.h's example says */
        bfc__putnum(&t, e->score);
        bfc__put(&t, " in all");
        break;
    case BFC_EV_GAME_OVER:
        bfc__put(&t, "game over: ");
        put_player(&t, e->seat);
        if (e->side == NONE8) {
            bfc__put(&t, " loses");
        } else {
            bfc__put(&t, " scores the last point; side ");
            bfc__putnum(&t, (long long)e->side + 1);
            bfc__put(&t, " wins ");
            bfc__putnum(&t, e->points);
            bfc__put(&t, e->points == 1 ? " game" : " games");
        }
        break;
    case BFC_EV_BOARD:
        put_board(&t, e);
        break;
    case BFC_EV_MATCH:
        bfc__put(&t, "the match: side ");
        bfc__putnum(&t, (long long)e->side + 1);
        bfc__put(&t, " takes ");
        bfc__putnum(&t, e->points);
        bfc__put(&t, ", ");
        bfc__putnum(&t, e->score);
        bfc__put(&t, " in all");
        break;
    case BFC_EV_SEAT:
        bfc__put(&t, "the player who cut from seat ");
        bfc__putnum(&t, (long long)e->slot + 1);
        bfc__put(&t, " sits at seat ");
        bfc__putnum(&t, (long long)e->seat + 1);
        break;
    default: /* BFC_EV_CUT */
        put_player(&t, e->seat);
        bfc__put(&t, " cuts ");
        put_card(&t, e->card, flags);
        bfc__put(&t, " for the deal");
        break;
    }
    return bfc__text_end(&t);
}

int bfc_event_visible(const bfc_event *e, const bfc_rules *rules, int viewer, bfc_event *out)
{
    if (!e || !rules || viewer < 0 || viewer >= rules->players || rules->players > 6 ||
        e->type < BFC_EV_DEAL || e->type > BFC_EV_SEAT)
        return BFC_EINVAL;
    const int own = e->seat == (unsigned)viewer;
    /* a Noddy hand is declared without being shown (RULES 3.6) */
    if (!own && rules->variant == BFC_VARIANT_NODDY &&
        (e->type == BFC_EV_SHOW || (e->type == BFC_EV_SCORE && e->source == BFC_SRC_HAND)))
        return 0;
    if (out) {
        *out = *e;
        /* another seat's drawn card (D7) and discards stay face down */
        if (!own && (e->type == BFC_EV_DRAW || e->type == BFC_EV_DISCARD))
            out->card = BFC_CARD_HIDDEN;
    }
    return 1;
}
