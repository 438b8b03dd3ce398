/* Narration of a classic game (bfc-play.h): one line per event of a move,
 * never a card the players looking at the screen may not see (RULES D7). */
#include <string.h>

#include "bfc-play.h"

static int is_noddy(const struct ui *ui) { return ui->rules.variant == BFC_VARIANT_NODDY; }

/* "hand" or "crib" (RULES 3.1 show). */
/* what a muggins count is of (observation.counting: 0, 1, 2) */
static const char *counted_name(int counting)
{
    return counting == 2 ? "play" : counting == 1 ? "crib" : "hand";
}

/* A new deal: its heading and the cards dealt to each player whose cards
 * the screen may show. o is the table after the move: the deal is always
 * followed by a decision, so it shows the hands and the crib as dealt. */
static void narrate_deal(struct ui *ui, const bfc_game *g, const bfc_event *e,
                         const bfc_observation *o)
{
    ui->skirmish++;
    ui->crib_counted = 0;
    if (ui->rules.players == 1)
        out_printf("\n-- Deal %u of 6: %d cards to your hand, %u to the crib --\n", ui->skirmish,
                   bfc_event_dealt(e), o->crib);
    else if (o->crib > 0) /* RULES 3.2: a card from the deck */
        out_printf("\n-- Deal %u: player %d deals %d cards each, %u to the crib --\n",
                   ui->skirmish, e->seat + 1, bfc_event_dealt(e), o->crib);
    else
        out_printf("\n-- Deal %u: player %d deals %d cards each --\n", ui->skirmish, e->seat + 1,
                   bfc_event_dealt(e));
    for (int s = 0; s < ui->rules.players; s++) {
        bfc_observation d;
        if ((ui->sees >> s & 1u) && bfc_game_observe(g, s, &d) == BFC_OK) {
            out_printf("  player %d is dealt ", s + 1);
            print_set(ui, d.hand | d.thrown | d.played[s]);
            out_puts("\n");
        }
    }
}

/* The cards a player throws in one move, in one line; only the screen's
 * own players see which (RULES D7). Returns the events told. */
static size_t narrate_discard(const struct ui *ui, const bfc_event *ev, size_t n)
{
    bfc_card c[8];
    size_t k = 0;
    const int crib = bfc_event_crib(&ev[0]);
    while (k < n && k < 8 && ev[k].type == BFC_EV_DISCARD && ev[k].seat == ev[0].seat &&
           bfc_event_crib(&ev[k]) == crib) {
        c[k] = ev[k].card;
        k++;
    }
    const char *to = crib ? "to the crib" : "out of the deal (to the bottom of the deck)";
    out_printf("  player %d %s ", ev[0].seat + 1, crib ? "throws" : "puts");
    if (ui->sees >> ev[0].seat & 1u)
        print_cards(ui, c, k);
    else
        out_printf("%zu card%s", k, k == 1 ? "" : "s");
    out_printf(" %s\n", to);
    return k;
}

/* The items of a hand or crib being counted: the SCORE events after its
 * BFC_EV_SHOW at ev[0]. Their items into items[], their points and the
 * last of them (for the side's total) into *sum; returns how many. */
static size_t show_scores(const bfc_event *ev, size_t n, bfc_item *items, bfc_event *sum)
{
    size_t k = 0;
    int pts = 0;
    *sum = ev[0];
    for (size_t i = 1; i < n && ev[i].type == BFC_EV_SCORE &&
                       (ev[i].source == BFC_SRC_HAND || ev[i].source == BFC_SRC_CRIB);
         i++) {
        if (k < BFC_MAX_ITEMS)
            items[k] = ev[i].item;
        pts += bfc_event_points(&ev[i]);
        sum->score = ev[i].score;
        sum->side = ev[i].side;
        k++;
    }
    sum->type = BFC_EV_SCORE;
    sum->points = (uint8_t)pts;
    return k;
}

/* "player 2's hand 2S 7S 8C 9D, starter 9H", or under muggins "player 2
 * shows the hand 2S 7S 8C 9D with the starter 9H" (to be declared). */
static void show_heading(struct ui *ui, const bfc_event *e, int visible)
{
    const int crib = bfc_event_crib(e);
    const int muggins = (ui->rules.flags & BFC_RULE_MUGGINS) != 0;
    const size_t m = e->item.ncards; /* the hand, the starter last */
    if (muggins)
        out_printf("  player %d %s the %s ", e->seat + 1, is_noddy(ui) ? "counts" : "shows",
                   counted_name(crib));
    else if (ui->rules.players == 1 && crib && ui->crib_counted)
        out_puts("  the free crib ");
    else
        out_printf("  player %d's %s ", e->seat + 1, counted_name(crib));
    if (visible)
        print_cards(ui, e->item.cards, m - 1);
    else
        out_puts("(hidden)");
    out_puts(muggins ? " with the starter " : ", starter ");
    print_card(ui, e->item.cards[m - 1]);
}

/* A hand or crib counted in the show (BFC_EV_SHOW at ev[0]) with the
 * SCORE events of its items: told as a player counts it, then one line
 * with the points. Under muggins the count is declared next, so it is not
 * told now. A Noddy hand is never shown (RULES 3.6): only its owner sees
 * it. Returns the events told. */
static size_t narrate_show(struct ui *ui, const bfc_event *ev, size_t n)
{
    const bfc_event *e = &ev[0];
    const int crib = bfc_event_crib(e);
    const int visible = !is_noddy(ui) || (ui->sees >> e->seat & 1u);
    const int free_crib = ui->rules.players == 1 && crib && ui->crib_counted;
    if (is_noddy(ui) && !(ui->rules.flags & BFC_RULE_MUGGINS) && !ui->noddy_told) {
        out_puts("  The hands were counted before the play, and never shown (RULES 3.6).\n");
        ui->noddy_told = 1;
    }
    show_heading(ui, e, visible);
    if (crib)
        ui->crib_counted = 1;
    if (ui->rules.flags & BFC_RULE_MUGGINS) {
        ui->judged_crib = crib;
        ui->judged_truth = visible ? bfc_event_points(e) : -1;
        /* kept to itemise the true count once it is judged */
        ui->judged_n = visible && e->item.ncards <= BFC_ITEM_MAX_CARDS ? e->item.ncards : 0;
        memcpy(ui->judged_cards, e->item.cards, (size_t)ui->judged_n);
        ui->judged_owed = 0;
        out_puts("\n");
        return 1;
    }
    bfc_item items[BFC_MAX_ITEMS];
    bfc_event sum;
    const size_t k = show_scores(ev, n, items, &sum);
    char says[512];
    /* the items would tell what a hidden hand holds: only its points */
    if (visible && bfc_items_narrate(items, k < BFC_MAX_ITEMS ? k : BFC_MAX_ITEMS, says,
                                     sizeof says) >= 0)
        out_printf(": %s\n", says);
    else
        out_printf(": %d point%s\n", bfc_event_points(e), bfc_event_points(e) == 1 ? "" : "s");
    if (sum.points > 0)
        narrate_score(ui, &sum, free_crib ? "the free crib" : crib ? "the crib" : "the hand");
    return 1 + k;
}

/* What the Crib Wars board did (RULES 3.9). */
static void narrate_board(const struct ui *ui, const bfc_event *e)
{
    char who[16];
    const int at = bfc_event_points(e), to = e->score;
    snprintf(who, sizeof who, ui->opt.teams ? "team %d" : "player %d",
             (ui->opt.teams ? e->side : e->seat) + 1);
    switch (bfc_event_board(e)) {
    case BFC_BOARD_RED_SKIP:
        out_printf("  %s lands on the red skip at %d and slides to %d\n", who, at, to);
        break;
    case BFC_BOARD_TIME_TRAP:
        out_printf("  %s lands in the time trap at %d: down the blue path, worth hole %d\n", who,
                   at, to);
        break;
    case BFC_BOARD_GREEN_ADVANCE:
        out_printf("  %s lands on the green advance at %d: the short cut to %d\n", who, at, to);
        break;
    case BFC_BOARD_PENALTY_BOX:
        if (to == at)
            out_printf("  %s lands in the penalty box at %d: folds and sits out this deal and "
                       "three more\n",
                       who, at);
        else
            out_printf("  %s lands in the penalty box at %d: folds and goes back to %d\n", who,
                       at, to);
        break;
    case BFC_BOARD_AHEAD:
        out_printf("  %s goes ahead 20, to %d\n", who, to);
        break;
    case BFC_BOARD_OUT:
        out_printf("  %s moves out of the penalty box, to %d\n", who, to);
        break;
    default: /* BFC_BOARD_LOST */
        out_printf("  %s has folded: %d point%s not pegged\n", who, at, at == 1 ? "" : "s");
        break;
    }
}

/* A card laid in the play, a go, the count back to 0. */
static void narrate_play(struct ui *ui, const bfc_event *e)
{
    switch (e->type) {
    case BFC_EV_PLAY:
        if (bfc_event_crib(e))
            out_puts("  the crib's bottom card is laid: ");
        else
            out_printf("  player %d plays ", e->seat + 1);
        print_card(ui, e->card);
        ui->count = bfc_event_count(e);
        out_printf(", count %d\n", ui->count);
        break;
    case BFC_EV_GO:
        /* at 31 the count simply starts again: nobody says go there */
        if (ui->count != 31)
            out_printf("  player %d says go\n", e->seat + 1);
        break;
    case BFC_EV_RESET:
        ui->count = 0;
        out_puts("  the count goes back to 0\n");
        break;
    default: /* BFC_EV_END_PLAY */
        out_puts("  the play is over\n");
        break;
    }
}

/* The true count of what muggins judged (ui->judged_*), itemised as a
 * player counts it: "fifteen two, and a pair is four" (a card in the play:
 * ", and one for the go"). The library scores the cards kept from the
 * show or the play; 1 with the text in buf when its total is the true
 * count the narration gives, else 0 (only the number is told then). */
static int true_items(const struct ui *ui, char *buf, size_t cap)
{
    bfc_item items[BFC_MAX_ITEMS];
    const int m = ui->judged_n;
    const unsigned noddy = is_noddy(ui) ? BFC_NODDY : 0u;
    int k;
    if (m < 1)
        return 0;
    if (ui->judged_crib == 2)
        k = bfc_score_peg_items(ui->judged_cards, (size_t)m, noddy, items, BFC_MAX_ITEMS);
    else if (m >= 2)
        k = bfc_score_hand_items(ui->judged_cards, (size_t)m - 1, ui->judged_cards[m - 1],
                                 noddy | (ui->judged_crib ? BFC_CRIB : 0u), items, BFC_MAX_ITEMS);
    else
        return 0;
    if (k < 0 || k > BFC_MAX_ITEMS)
        return 0;
    int sum = ui->judged_owed ? 1 : 0;
    for (int i = 0; i < k; i++)
        sum += items[i].points;
    if (sum != ui->judged_truth)
        return 0;
    const char *owed = ui->judged_owed == 2 ? "one for the last card" : "one for the go";
    if (k == 0)
        return snprintf(buf, cap, "%s", owed) > 0;
    if (bfc_items_narrate(items, (size_t)k, buf, cap) < 0)
        return 0;
    if (ui->judged_owed) {
        const size_t len = strlen(buf);
        snprintf(buf + len, cap - len, ", and %s", owed);
    }
    return 1;
}

/* Muggins (RULES 3.9): a count declared, then claimed or passed; the true
 * count is told after the decision (an opponent decides without it). */
static void narrate_muggins(struct ui *ui, const bfc_event *e, bfc_move move,
                            const bfc_observation *after)
{
    const int who = e->seat + 1, pts = bfc_event_points(e);
    if (e->type == BFC_EV_DECLARE && after->counting == 2) {
        /* a card laid (D12): the play is public, so its true count is
           what the card scores and the go or last card it earns */
        const int noddy = is_noddy(ui);
        const int peg = bfc_score_peg_detail(after->seq, after->nseq, noddy ? BFC_NODDY : 0u, NULL);
        int held = 0;
        for (int s = 0; s < ui->rules.players && s < 6; s++)
            held += after->held_by[s];
        ui->judged_crib = 2;
        ui->judged_truth = peg < 0 ? -1 : peg + after->owed;
        ui->judged_n = after->nseq <= BFC_ITEM_MAX_CARDS ? after->nseq : 0;
        memcpy(ui->judged_cards, after->seq, (size_t)ui->judged_n);
        ui->judged_owed = after->owed ? (held == 0 ? 2 : 1) : 0; /* last card, or go */
    }
    if (e->type == BFC_EV_DECLARE) {
        out_printf("  player %d declares %d for the %s\n", who, pts,
                   counted_name(ui->judged_crib));
        return;
    }
    if (move == BFC_MOVE_PASS && after->phase == BFC_PHASE_CLAIM) {
        /* the next opponent is asked: the truth is not told yet */
        out_printf("  player %d passes\n", who);
        return;
    }
    if (move == BFC_MOVE_PASS)
        out_printf("  player %d passes: the count stands", who);
    else if (pts > 0)
        out_printf("  player %d claims muggins: %d point%s", who, pts, pts == 1 ? "" : "s");
    else
        out_printf("  player %d claims muggins, but the count is right: nothing to take", who);
    if (ui->judged_truth >= 0) {
        char items[512];
        out_printf(" (the true count is %d%s%s)", ui->judged_truth,
                   ui->judged_truth > 0 && true_items(ui, items, sizeof items) ? ": " : "",
                   ui->judged_truth > 0 ? items : "");
    }
    out_puts("\n");
}

static void narrate_starter(const struct ui *ui, const bfc_event *e)
{
    if (ui->rules.players == 1)
        out_puts("  the starter is ");
    else
        out_printf("  player %d %s the starter: ", e->seat + 1, is_noddy(ui) ? "turns up" : "cuts");
    print_card(ui, e->card);
    out_puts("\n");
}

static void narrate_classic_score(const struct ui *ui, const bfc_event *e)
{
    if (e->item.kind == BFC_ITEM_DECLARED) /* the count that stands */
        narrate_score(ui, e,
                      e->source == BFC_SRC_CRIB   ? "the crib"
                      : e->source == BFC_SRC_PLAY ? "the play"
                                                  : "the hand");
    else if (e->item.kind == BFC_ITEM_MUGGINS)
        narrate_score(ui, e, "muggins");
    else
        narrate_score(ui, e, NULL);
}

/* One event at ev[0] (with those after it that belong to it); returns
 * how many were told. */
static size_t narrate_one(struct ui *ui, const bfc_game *g, bfc_move move, const bfc_event *ev,
                          size_t n, const bfc_observation *after)
{
    switch (ev->type) {
    case BFC_EV_CUT:
        return narrate_cut(ui, ev, n);
    case BFC_EV_DEAL:
        narrate_deal(ui, g, ev, after);
        return 1;
    case BFC_EV_DISCARD:
        return narrate_discard(ui, ev, n);
    case BFC_EV_STARTER:
        narrate_starter(ui, ev);
        return 1;
    case BFC_EV_PLAY:
    case BFC_EV_GO:
    case BFC_EV_RESET:
    case BFC_EV_END_PLAY:
        narrate_play(ui, ev);
        return 1;
    case BFC_EV_SHOW:
        return narrate_show(ui, ev, n);
    case BFC_EV_DECLARE:
    case BFC_EV_CLAIM:
        narrate_muggins(ui, ev, move, after);
        return 1;
    case BFC_EV_SCORE:
        narrate_classic_score(ui, ev);
        return 1;
    case BFC_EV_BOARD:
        narrate_board(ui, ev);
        return 1;
    case BFC_EV_GAME_OVER:
        narrate_game_over(ui, g, ev);
        return 1;
    case BFC_EV_MATCH:
        narrate_match(ui, ev);
        return 1;
    default: {
        char line[256];
        bfc_event_format(ev, ui->flags, line, sizeof line);
        out_printf("  %s\n", line);
        return 1;
    }
    }
}

void narrate_classic(struct ui *ui, const bfc_game *g, bfc_move move, const bfc_event *ev,
                     size_t n)
{
    bfc_observation after;
    bfc_game_observe(g, 0, &after); /* public facts only: the crib's size */
    for (size_t i = 0; i < n;) {
        pace_event(ui, &ev[i]);
        if (ui->left) /* quit at a pause: nothing more is told */
            break;
        i += narrate_one(ui, g, move, &ev[i], n - i, &after);
    }
}
