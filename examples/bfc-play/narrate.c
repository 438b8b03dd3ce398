/* Narration (bfc-play.h): one line per event of a Battlefield move, and
 * what both kinds of game tell alike -- the cut, a score, the end. */
#include <string.h>

#include "bfc-play.h"

/* The name of a scoring item with its article: "fifteen", "a pair",
 * "three of a kind", "a run of 4", "a double run of 3", "the go". */
const char *item_name(const bfc_item *it, char *buf, size_t cap)
{
    const char *name = bfc_item_kind_name(it->kind);
    switch (it->kind) {
    case BFC_ITEM_COMBINATION:
        name = bfc_combo_name(it->combo);
        /* "three of a kind" and "four of a kind" take no article */
        snprintf(buf, cap, "%s%s",
                 strncmp(name, "three", 5) == 0 || strncmp(name, "four", 4) == 0 ? "" : "a ", name);
        return buf;
    case BFC_ITEM_PAIR: /* in the play: the 2, 3 or 4 equal cards */
        return it->ncards >= 4 ? "four of a kind" : it->ncards == 3 ? "three of a kind" : "a pair";
    case BFC_ITEM_RUN:
    case BFC_ITEM_FLUSH:
        snprintf(buf, cap, "a %s of %u", name, it->ncards);
        return buf;
    case BFC_ITEM_GO:
    case BFC_ITEM_LAST_CARD:
        snprintf(buf, cap, "the %s", name);
        return buf;
    case BFC_ITEM_KNOBS:
        return "knobs (the dealer's, for a jack turn card)";
    case BFC_ITEM_HEELS:
        return "heels (a jack starter, the dealer's 2)";
    case BFC_ITEM_THREE_FOR_LAST:
        return "three for last (the non-dealer's 3)";
    default:
        return name;
    }
}

/* "player 2 scores a pair for 2 (total 14)": one BFC_EV_SCORE; what names
 * the points, or NULL for the item's name (with the cards of a
 * combination and of every item of a Battlefield show). */
void narrate_score(const struct ui *ui, const bfc_event *e, const char *what)
{
    char t[64];
    const int show = e->source == BFC_SRC_BATTLEFIELD || e->source == BFC_SRC_RESERVE ||
                     e->source == BFC_SRC_CEASEFIRE;
    out_printf("  player %d scores %s", e->seat + 1, what ? what : item_name(&e->item, t, sizeof t));
    if (!what && (show || e->item.kind == BFC_ITEM_COMBINATION) && e->item.ncards > 0) {
        out_puts(" (");
        print_cards(ui, e->item.cards, e->item.ncards);
        out_puts(")");
    }
    out_printf(" for %d (", bfc_event_points(e));
    if (ui->opt.teams)
        out_printf("team %d ", e->side + 1);
    out_printf("total %d)\n", e->score);
}

/* The end of a game: who won, what it is worth (RULES 5); backward, who
 * reached the target (RULES 3.7); solitaire, more than 120 (RULES 3.8). */
void narrate_game_over(const struct ui *ui, const bfc_game *g, const bfc_event *e)
{
    int score[MAX_SEATS] = {0};
    const int value = bfc_event_points(e);
    bfc_game_scores(g, score, MAX_SEATS);
    out_puts("\n*** Game over: ");
    if (e->side == 0xFF) {
        out_printf("%d points after six deals and the free crib; more than %d wins: you lose ***\n",
                   score[0], ui->rules.target - 1);
        return;
    }
    if (ui->rules.flags & BFC_RULE_BACKWARD) {
        const int loser = bfc_game_side_of(g, e->seat);
        out_printf("player %d reaches %d and loses", e->seat + 1, score[loser]);
        if (ui->opt.teams)
            out_printf(" for team %d", loser + 1);
        out_puts("; ");
    } else if (ui->opt.teams) {
        out_printf("player %d scores the winning point and ", e->seat + 1);
    }
    print_side(ui, e->side);
    out_printf(" wins with %d (a win worth %d game%s) ***\n", score[e->side], value,
               value == 1 ? "" : "s");
}

/* Partners by cut (RULES D16): the BFC_EV_SEAT events at ev[0..), one per
 * player (slot: the seat it cut from; seat: where it sits now), told as
 * who moved; the human keeps playing the same person. Returns the events
 * told. */
static size_t narrate_seats(const struct ui *ui, const bfc_event *ev, size_t n)
{
    size_t k = 0;
    int moved = 0;
    out_puts(".\nPartners by cut (RULES D16): the two lowest cuts are partners and the\n"
             "lowest deals; seats by the cut:");
    for (; k < n && ev[k].type == BFC_EV_SEAT; k++) {
        const int from = bfc_event_slot(&ev[k]);
        if (from == ev[k].seat)
            continue;
        out_printf("%s who cut as player %d is now player %d", moved++ ? "," : "", from + 1,
                   ev[k].seat + 1);
        if (!ui->opt.hot_seat && from == ui->cut_seat)
            out_puts(" (you)");
    }
    if (!moved)
        out_puts(" no one moves");
    return k;
}

/* Match play (RULES 5): after a game, the winner's match points. */
void narrate_match(const struct ui *ui, const bfc_event *e)
{
    const int pts = bfc_event_points(e);
    out_puts("*** Match: ");
    print_side(ui, e->side);
    out_printf(" takes %d match point%s (%s), %d in all; the match goes to %d ***\n", pts,
               pts == 1 ? "" : "s", bfc_match_points_name(ui->rules.match_points), e->score,
               ui->rules.match);
}

/* The cut for the first deal (RULES 4.2, 3.1, D6), its BFC_EV_CUT events
 * at ev[0..) told in one line: lowest card deals, a tie cuts again. The
 * dealer is the seat of the deal that follows. Returns the events told. */
size_t narrate_cut(const struct ui *ui, const bfc_event *ev, size_t n)
{
    size_t k = 0;
    unsigned cut = 0; /* the seats that cut in this round */
    out_puts("Cut for the deal:");
    for (; k < n && ev[k].type == BFC_EV_CUT; k++) {
        if (cut >> ev[k].seat & 1u) {
            out_puts("; a tie, so again:");
            cut = 0;
        }
        out_printf("%s player %d ", cut ? "," : "", ev[k].seat + 1);
        print_card(ui, ev[k].card);
        cut |= 1u << ev[k].seat;
    }
    const int seated = k < n && ev[k].type == BFC_EV_SEAT; /* partners by cut (D16) */
    if (seated)
        k += narrate_seats(ui, ev + k, n - k);
    if (k < n && ev[k].type == BFC_EV_DEAL)
        out_printf(seated ? ".\nPlayer %d deals first." : ": player %d deals first.",
                   ev[k].seat + 1);
    out_puts("\n");
    return k;
}

/* ---- Battlefield ------------------------------------------------------------ */

/* "player 2 places the drawn 7S: frontline 3C 9H 7S (sum 19)". The card
 * came from a slot, or (5) is the drawn card or the pile's top card for the
 * turn card; before says whether that slot was face down. */
static void narrate_place(struct ui *ui, const bfc_event *e, bfc_move move,
                          const bfc_observation *before)
{
    const int slot = bfc_event_slot(e);
    out_printf("  player %d places ", e->seat + 1);
    if (slot >= 5)
        out_puts(move == BFC_MOVE_TURN ? "the top card of the pile, " : "the drawn ");
    print_card(ui, e->card);
    if (slot < 5)
        out_printf(" from %sslot %d", before->faceup[e->seat] >> slot & 1u ? "" : "face-down ",
                   slot);
    bfc_frontline_score fs;
    if (bfc_frontline_place(&ui->front, e->card, 0, &fs) < 0) {
        out_puts("\n"); /* cannot happen: the mirror is synced after each move */
        return;
    }
    if (fs.renewed) {
        out_puts(": that passes 31\n");
        return;
    }
    out_puts(": frontline ");
    print_cards(ui, ui->front.cards, ui->front.n);
    out_printf(" (sum %u)\n", ui->front.sum);
}

static void narrate_deal(struct ui *ui, const bfc_event *e)
{
    ui->skirmish++;
    bfc_frontline_set(&ui->front, &e->card, 1);
    out_printf("\n-- Skirmish %u: player %d deals", ui->skirmish, e->seat + 1);
    if (e->slot > 0) /* a Battlefield deal's slot is the crib's size (bfc.h) */
        out_printf(", %u card%s to the crib", e->slot, e->slot == 1 ? "" : "s");
    out_puts("; frontline ");
    print_card(ui, e->card);
    out_puts(" --\n");
}

/* The two reveals of a first turn read as one sentence; returns the
 * events told. */
static size_t narrate_reveal(const struct ui *ui, const bfc_event *ev, size_t n)
{
    size_t k = 1;
    out_printf("  player %d reveals ", ev[0].seat + 1);
    print_card(ui, ev[0].card);
    out_printf(" in slot %d", bfc_event_slot(&ev[0]));
    if (n > 1 && ev[1].type == BFC_EV_REVEAL && ev[1].seat == ev[0].seat) {
        out_puts(" and ");
        print_card(ui, ev[1].card);
        out_printf(" in slot %d", bfc_event_slot(&ev[1]));
        k = 2;
    }
    out_puts("\n");
    return k;
}

/* A formation at the battlefield or at a cease-fire (with its score). */
static void narrate_formation(const struct ui *ui, const bfc_event *e, int ceasefire, int first)
{
    if (!ceasefire && first)
        out_puts("  The battlefield: every formation turns face up.\n");
    out_printf("  player %d's formation: ", e->seat + 1);
    print_cards(ui, e->item.cards, e->item.ncards);
    if (ceasefire) {
        out_printf(", %d point%s", bfc_event_points(e), bfc_event_points(e) == 1 ? "" : "s");
        if (memchr(e->item.cards, BFC_JOKER, e->item.ncards))
            out_puts(" (killed by the joker)");
    }
    out_puts("\n");
}

/* A lay-away (the four kept, with the turn card) or the reserve. */
static void narrate_kept(const struct ui *ui, const bfc_event *e, bfc_card turn)
{
    const int pts = bfc_event_points(e);
    if (e->type == BFC_EV_LAYAWAY) {
        out_printf("  player %d lays away ", e->seat + 1);
        print_card(ui, e->card);
        out_printf(" (slot %d): ", bfc_event_slot(e));
    } else {
        out_puts("  the reserve ");
    }
    print_cards(ui, e->item.cards, e->item.ncards);
    out_puts(" and turn card ");
    print_card(ui, turn);
    out_printf(" score %d", pts);
    if (e->type == BFC_EV_RESERVE)
        out_printf(" for the dealer, player %d", e->seat + 1);
    if (turn == BFC_JOKER || memchr(e->item.cards, BFC_JOKER, e->item.ncards))
        out_puts(" (killed by the joker)");
    else if (e->type == BFC_EV_LAYAWAY && e->card == BFC_JOKER &&
             (ui->rules.flags & BFC_RULE_JOKER_KILLS_FORMATION))
        out_puts(" (the joker kills its formation, RULES D13)");
    out_puts("\n");
}

/* The events that move cards between formations and the frontline. */
static void narrate_card(struct ui *ui, const bfc_event *e)
{
    const int who = e->seat + 1;
    bfc_card taken;
    switch (e->type) {
    case BFC_EV_DRAW: /* RULES D7: only the drawer sees the card */
        out_printf("  player %d draws ", who);
        if (ui->sees >> e->seat & 1u)
            print_card(ui, e->card);
        else
            out_puts("a card");
        out_puts("\n");
        break;
    case BFC_EV_SWAP:
        out_printf("  player %d puts the drawn ", who);
        print_card(ui, e->card);
        out_printf(" into slot %d\n", bfc_event_slot(e));
        break;
    case BFC_EV_TAKE:
        out_printf("  player %d takes ", who);
        print_card(ui, e->card);
        out_printf(" off the frontline into slot %d\n", bfc_event_slot(e));
        bfc_frontline_take(&ui->front, &taken);
        break;
    case BFC_EV_RENEW:
        out_puts("  the frontline is renewed: ");
        print_cards(ui, e->item.cards, e->item.ncards);
        out_puts(" out of play, ");
        print_card(ui, ui->front.cards[0]);
        out_printf(" starts a new one (sum %u)\n", ui->front.sum);
        break;
    case BFC_EV_ENDING:
        out_printf("  player %d has all five cards face up: the skirmish is ending, and\n"
                   "  each other player has one final turn (RULES 4.6)\n",
                   who);
        break;
    default: /* BFC_EV_TURN_CARD */
        out_puts("  ");
        print_card(ui, e->card);
        out_puts(" is the turn card: the skirmish is over\n");
        break;
    }
}

void narrate(struct ui *ui, const bfc_game *g, bfc_move move, const bfc_observation *before,
             const bfc_event *ev, size_t n)
{
    int ceasefire = 0; /* formations are being scored for a cease-fire */
    for (size_t i = 0; i < n; i++) {
        const bfc_event *e = &ev[i];
        pace_event(ui, e);
        if (ui->left) /* quit at a pause: nothing more is told */
            break;
        switch (e->type) {
        case BFC_EV_CUT:
            i += narrate_cut(ui, e, n - i) - 1;
            break;
        case BFC_EV_DEAL:
            ceasefire = 0;
            narrate_deal(ui, e);
            break;
        case BFC_EV_CEASEFIRE:
            ceasefire = 1;
            out_puts("  The first frontline card is the joker: cease-fire! Each formation is\n"
                     "  scored as it lies, five cards and no turn card (RULES 4.3).\n");
            break;
        case BFC_EV_REVEAL:
            i += narrate_reveal(ui, e, n - i) - 1;
            break;
        case BFC_EV_DRAW:
        case BFC_EV_SWAP:
        case BFC_EV_TAKE:
        case BFC_EV_RENEW:
        case BFC_EV_ENDING:
        case BFC_EV_TURN_CARD:
            narrate_card(ui, e);
            break;
        case BFC_EV_PLACE:
            narrate_place(ui, e, move, before);
            break;
        case BFC_EV_SCORE:
            narrate_score(ui, e, NULL);
            break;
        case BFC_EV_FORMATION:
            narrate_formation(ui, e, ceasefire, i == 0 || ev[i - 1].type != BFC_EV_FORMATION);
            break;
        case BFC_EV_LAYAWAY:
        case BFC_EV_RESERVE:
            narrate_kept(ui, e, before->turn_card);
            break;
        case BFC_EV_GAME_OVER:
            narrate_game_over(ui, g, e);
            break;
        case BFC_EV_MATCH:
            narrate_match(ui, e);
            break;
        default: {
            char line[256];
            bfc_event_format(e, ui->flags, line, sizeof line);
            out_printf("  %s\n", line);
            break;
        }
        }
    }
}
