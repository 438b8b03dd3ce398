/* The table of a classic game (RULES 3) as the viewer's observation shows
 * it (bfc-play.h): scores, the cards each player laid and showed, the
 * starter, the count and the cards laid since it was 0, the crib, the
 * viewer's own hand, and what the player to move decides. */
#include "bfc-play.h"

static int is_noddy(const bfc_observation *o) { return o->rules.variant == BFC_VARIANT_NODDY; }

/* "hand" or "crib" (RULES 3.1 show). */
/* what a muggins count is of (observation.counting: 0, 1, 2) */
static const char *counted_name(int counting)
{
    return counting == 2 ? "card in the play" : counting == 1 ? "crib" : "hand";
}

/* What the player to move decides now. */
static void phase_hint(const bfc_observation *o)
{
    switch (o->phase) {
    case BFC_PHASE_DISCARD:
        if (throws_out(o, o->to_move))
            out_puts("put one card out of the deal");
        else
            out_printf("throw %s to the crib", o->throws == 2 ? "two cards" : "one card");
        break;
    case BFC_PHASE_PLAY:
        out_printf("lay a card; the count is %u", o->count);
        break;
    case BFC_PHASE_DECLARE:
        out_printf("declare the count of the %s", counted_name(o->counting));
        break;
    case BFC_PHASE_CLAIM:
        out_printf("claim or pass on player %d's count of %u", o->declarer + 1, o->declared);
        break;
    default:
        out_puts("game over");
        break;
    }
}

static void heading(const struct ui *ui, const bfc_observation *o)
{
    const int solo = o->players == 1;
    out_printf("\n  %s, deal %u%s", ui->opt.game->title, o->skirmish,
               solo ? " of 6" : "");
    if (!solo)
        out_printf("; dealer: player %d", o->dealer + 1);
    if (o->rules.flags & BFC_RULE_BACKWARD)
        out_printf("; the first to %d loses\n", o->rules.target);
    else if (solo)
        out_printf("; more than %d wins\n", o->rules.target - 1);
    else
        out_printf("; first to %d\n", o->rules.target);
    out_puts("  Scores: ");
    print_scores(ui, o);
    out_puts("\n");
    print_chance(ui, o);
    out_puts("\n");
}

/* One row per player: what they hold, laid and showed. */
static void player_row(const struct ui *ui, const bfc_observation *o, int s)
{
    char name[32];
    snprintf(name, sizeof name, "player %d%s", s + 1,
             s == o->seat && !ui->opt.hot_seat ? " (you)" : "");
    out_printf("  %-14s %-6s holds %u", name, s == o->dealer ? "dealer" : "", o->held_by[s]);
    if (o->played[s]) {
        out_puts("  laid ");
        print_set(ui, o->played[s]);
    }
    if (o->shown[s] && o->shown[s] != o->played[s]) {
        out_puts("  shown ");
        print_set(ui, o->shown[s]);
    }
    if (o->folded >> s & 1u) /* Crib Wars: a penalty box */
        out_puts(o->boxed < o->sides && (int)o->boxed == s % o->sides ? "  in the penalty box"
                                                                       : "  folded");
    if (!o->over && s == o->to_move)
        out_puts("  <- to move");
    out_puts("\n");
}

/* The starter, the crib, and the count of the play. */
static void middle(const struct ui *ui, const bfc_observation *o)
{
    const int solo = o->players == 1;
    out_puts("  Starter: ");
    if (o->starter == BFC_CARD_NONE)
        out_puts("not cut yet");
    else
        print_card(ui, o->starter);
    if (!is_noddy(o)) {
        out_printf("   Crib: %u card%s", o->crib, o->crib == 1 ? "" : "s");
        if (!solo)
            out_printf(" (player %d's)", o->dealer + 1);
        if (o->crib_cards) {
            out_puts(solo && o->phase == BFC_PHASE_PLAY ? ", laid so far: " : ": ");
            print_set(ui, o->crib_cards);
        }
    }
    out_puts("\n");
    if (o->phase == BFC_PHASE_PLAY) {
        out_printf("  Count: %u", o->count);
        if (o->nseq > 0) {
            out_puts(" (");
            print_cards(ui, o->seq, o->nseq < 16 ? o->nseq : 16);
            out_puts(")");
        }
        out_puts("\n");
    }
}

/* The viewer's own cards, and the count being declared (muggins). */
static void own_cards(const struct ui *ui, const bfc_observation *o)
{
    out_puts("  Your hand: ");
    if (o->hand)
        print_set(ui, o->hand);
    else
        out_puts(o->phase == BFC_PHASE_DISCARD ? "(no cards)" : "(all laid)");
    if (o->thrown) {
        out_puts(throws_out(o, o->seat) ? "   put out of the deal: " : "   thrown to the crib: ");
        print_set(ui, o->thrown);
    }
    out_puts("\n");
    if (o->declarer >= o->players)
        return;
    out_printf("  Counting: player %d's %s", o->declarer + 1, counted_name(o->counting));
    if (o->counting == 2) {
        out_printf(", the count %u", o->count);
    } else if (o->judged) {
        out_puts(" ");
        print_set(ui, o->judged);
        out_puts(" with the starter ");
        print_card(ui, o->starter);
    } else if (o->declarer == o->seat) {
        out_puts(" (yours, with the starter ");
        print_card(ui, o->starter);
        out_puts(")");
    } else {
        out_puts(" (not shown: Noddy hands stay hidden)");
    }
    if (o->phase == BFC_PHASE_CLAIM)
        out_printf(", declared %u", o->declared);
    out_puts("\n");
}

void show_table_classic(const struct ui *ui, const bfc_observation *o)
{
    heading(ui, o);
    for (int s = 0; s < o->players && o->players > 1; s++)
        player_row(ui, o, s);
    if (o->boxed < o->sides)
        out_printf("\n  In the penalty box: %s %d, sitting out this deal and %d more\n",
                   ui->opt.teams ? "team" : "player", o->boxed + 1, o->box_deals - 1);
    if (o->players > 1)
        out_puts("\n");
    middle(ui, o);
    own_cards(ui, o);
    if (!o->over) {
        out_printf("  To move: player %d (", o->to_move + 1);
        phase_hint(o);
        out_puts(")\n");
    }
}
