/* The moves of a Battlefield turn (bfc-play.h): each legal move with what
 * it would do, and why a well-formed move is not legal now. */
#include "bfc-play.h"

/* What placing `placed` on the frontline cards[0..n) scores:
 * " -> sum 22, 2 points". */
static void placement_hint(const bfc_observation *o, const bfc_card *cards, size_t n,
                           bfc_card placed, int turn)
{
    bfc_frontline_score fs;
    if (placed == BFC_CARD_HIDDEN) {
        out_puts(" (face down, unknown)");
        return;
    }
    if (bfc_score_frontline(cards, n, placed, turn ? BFC_TURN_CARD : 0u, &fs) < 0)
        return;
    if (fs.renewed) {
        out_printf(" -> passes 31, go to player %d", (o->to_move + o->players - 1) % o->players + 1);
        return;
    }
    out_printf(" -> sum %u", fs.sum);
    if (fs.placer_points > 0)
        out_printf(", %u point%s", fs.placer_points, fs.placer_points == 1 ? "" : "s");
    if (fs.knobs_dealer > 0)
        out_puts(", knobs to the dealer");
}

/* Laying slot away: the four kept and their score with the turn card. */
static void layaway_hint(const struct ui *ui, const bfc_observation *o, int slot)
{
    const int me = o->to_move;
    bfc_battlefield bf;
    out_puts("lay ");
    print_card(ui, o->formation[me][slot]);
    out_puts(" away, keep");
    for (int j = 0; j < 5; j++)
        if (j != slot) {
            out_puts(" ");
            print_card(ui, o->formation[me][j]);
        }
    const unsigned any = o->rules.flags & BFC_RULE_ANY_LAY_AWAY ? BFC_ANY_LAY_AWAY : 0u;
    if (bfc_score_battlefield(o->formation[me], o->turn_card, any, &bf) >= 0)
        out_printf(": %u point%s%s", bf.by_lay_away[slot].total,
                   bf.by_lay_away[slot].total == 1 ? "" : "s",
                   bf.by_lay_away[slot].killed ? " (killed by the joker)" : "");
}

/* What move m would do, after its number and text. */
static void move_hint(const struct ui *ui, const bfc_observation *o, bfc_move m)
{
    const bfc_frontline *f = &o->frontline;
    const int turn = o->ender != 0xFF && o->final_turns == 1; /* the turn card (4.6) */
    const bfc_card *row = o->formation[o->to_move];
    bfc_move_info mi;
    bfc_move_decode(m, &mi);
    switch (mi.kind) {
    case BFC_MOVEKIND_DRAW:
        out_printf("draw the top card of the pile (%u left)", o->pile);
        break;
    case BFC_MOVEKIND_PLACE:
        out_puts("place ");
        print_card(ui, o->held);
        placement_hint(o, f->cards, f->n, o->held, turn);
        break;
    case BFC_MOVEKIND_SWAP:
    case BFC_MOVEKIND_TAKE:
        out_puts("place ");
        print_card(ui, row[mi.slot[0]]);
        out_puts(" (");
        print_card(ui, mi.kind == BFC_MOVEKIND_SWAP ? o->held : f->cards[f->n - 1]);
        out_puts(" in)");
        placement_hint(o, f->cards, mi.kind == BFC_MOVEKIND_SWAP ? f->n : f->n - 1u,
                       row[mi.slot[0]], turn);
        break;
    case BFC_MOVEKIND_TURN:
        out_puts("the pile's top card is the turn card (ends the skirmish)");
        break;
    case BFC_MOVEKIND_LAYAWAY:
        layaway_hint(ui, o, mi.slot[0]);
        break;
    default:
        break;
    }
}

/* One line per legal move: its number, its text, and what it would do. */
void list_moves(const struct ui *ui, const bfc_observation *o, const bfc_move *m, int n)
{
    char text[BFC_MOVE_TEXT_MAX];
    if (o->phase == BFC_PHASE_REVEAL) {
        /* ten moves of one kind: five to a row */
        out_puts("  Reveal two of your face-down slots:\n");
        for (int i = 0; i < n; i++) {
            bfc_move_format(m[i], text, sizeof text);
            out_printf("%s%2d) %-11s", i % 5 == 0 ? "   " : "", i + 1, text);
            if (i % 5 == 4 || i == n - 1)
                out_puts("\n");
        }
        return;
    }
    if (o->phase == BFC_PHASE_LAYAWAY)
        out_puts("  Lay a card away (only those that keep your best score, RULES D10):\n");
    else if (o->ender != 0xFF && o->final_turns == 1)
        out_puts("  Your moves (the last turn: the card you place is the turn card):\n");
    else
        out_puts("  Your moves:\n");
    for (int i = 0; i < n; i++) {
        bfc_move_format(m[i], text, sizeof text);
        out_printf("   %2d) %-11s", i + 1, text);
        move_hint(ui, o, m[i]);
        out_puts("\n");
    }
}

/* Why a well-formed move is not legal now in the turn of a skirmish. */
static const char *why_not_in_turn(const bfc_observation *o, const bfc_move_info *mi)
{
    if (o->limit_reached)
        return "the turn limit is reached: the only move is turn (RULES D9)";
    switch (mi->kind) {
    case BFC_MOVEKIND_REVEAL:
        return "you have revealed your two cards already this skirmish";
    case BFC_MOVEKIND_PLACE:
    case BFC_MOVEKIND_SWAP:
        return "you hold no card: draw first";
    case BFC_MOVEKIND_DRAW:
        return "two cards left in the pile: no drawing, take or turn (RULES 4.6)";
    case BFC_MOVEKIND_TURN:
        return "the turn card comes only when two cards are left in the pile";
    case BFC_MOVEKIND_LAYAWAY:
        return "cards are laid away at the battlefield, after the turn card";
    default:
        return "the frontline is empty: nothing to take";
    }
}

const char *why_illegal(const bfc_observation *o, bfc_move m)
{
    bfc_move_info mi;
    if (bfc_move_decode(m, &mi) != BFC_OK)
        return "that is not a move";
    if (mi.kind >= BFC_MOVEKIND_PLAY)
        return "that is a move of the classic games; type help for the moves of this game";
    switch (o->phase) {
    case BFC_PHASE_REVEAL:
        return "your first turn of a skirmish begins with a reveal (e.g. reveal 0 3)";
    case BFC_PHASE_TURN:
        return why_not_in_turn(o, &mi);
    case BFC_PHASE_DRAWN:
        return "you hold a drawn card: place it, or swap it into a slot";
    case BFC_PHASE_LAYAWAY:
        if (mi.kind == BFC_MOVEKIND_LAYAWAY)
            return "laying that card away does not keep your best score (RULES D10)";
        return "the battlefield is being scored: lay a card away";
    default:
        return "the game is over";
    }
}
