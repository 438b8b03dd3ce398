/* The Battlefield table as the viewer's observation shows it (bfc-play.h):
 * scores, every formation (face-down cards as [??]), the frontline, the
 * pile and the crib, whose move it is. Rows fit 80 columns. */
#include <stdio.h>

#include "bfc-play.h"

static int popcount64(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

static const char *phase_hint(const bfc_observation *o)
{
    switch (o->phase) {
    case BFC_PHASE_REVEAL:
        return "first turn: reveal two slots";
    case BFC_PHASE_TURN:
        if (o->limit_reached)
            return "the turn limit is reached: place the turn card";
        return o->pile > 2 ? "draw or take" : "take, or place the turn card";
    case BFC_PHASE_DRAWN:
        return "place the drawn card or swap it into a slot";
    case BFC_PHASE_LAYAWAY:
        return "lay a card away into the reserve";
    default:
        return "game over";
    }
}

static void heading(const struct ui *ui, const bfc_observation *o)
{
    out_printf("  Skirmish %u, ", o->skirmish);
    if (o->over) /* it may end at any point of the skirmish (RULES 4.8) */
        out_puts("game over");
    else if (o->phase == BFC_PHASE_LAYAWAY)
        out_puts("the battlefield");
    else
        out_printf("turn %u", o->turns + 1);
    out_printf("; dealer: player %d; first to %d\n", o->dealer + 1, o->rules.target);
    out_puts("  Scores: ");
    print_scores(ui, o);
    out_puts("\n");
    print_chance(ui, o);
    out_puts("\n");
}

/* One cell of a formation, 6 columns: [5H], (5H) laid away (RULES 4.7),
 * [??] face down. */
static void cell(const struct ui *ui, const bfc_observation *o, int s, int i)
{
    char t[BFC_CARD_TEXT_MAX + 4], c[24];
    card_text(ui, o->formation[s][i], t, sizeof t);
    if (o->formation[s][i] == BFC_CARD_HIDDEN)
        snprintf(c, sizeof c, "%s", t);
    else
        snprintf(c, sizeof c, o->laid[s] == i ? "(%s)" : "[%s]", t);
    out_printf("%s%*s", c, 6 - text_width(c), "");
}

/* Notes after a row: who you are, the team, the dealer, the ender, whose
 * move (at most 38 columns: the row is 42). */
static void notes(const struct ui *ui, const bfc_observation *o, int s)
{
    const char *sep = "";
    const char *note[5] = {NULL, NULL, NULL, NULL, NULL};
    char team[16];
    snprintf(team, sizeof team, "team %d", s % 2 + 1);
    note[0] = s == o->seat && !ui->opt.hot_seat ? "you" : NULL;
    note[1] = ui->opt.teams ? team : NULL;
    note[2] = s == o->dealer ? "dealer" : NULL;
    note[3] = s == o->ender ? "ended" : NULL;
    note[4] = !o->over && s == o->to_move ? "<- to move" : NULL;
    for (int k = 0; k < 5; k++)
        if (note[k]) {
            out_printf("%s%s", sep, note[k]);
            sep = ", ";
        }
}

static void formations(const struct ui *ui, const bfc_observation *o, int brief)
{
    int laid = 0; /* a card laid away is drawn (5H): the key says so */
    for (int s = 0; s < o->players; s++)
        laid |= o->laid[s] < 5 && !(brief && s != o->seat);
    out_printf("  %-11s", "slot");
    for (int i = 0; i < 4; i++)
        out_printf("%-6d", i);
    out_puts(laid ? "4     (card): laid away into the reserve\n" : "4\n");
    for (int s = 0; s < o->players; s++) {
        if (brief && s != o->seat)
            continue;
        out_printf("  player %d  ", s + 1);
        for (int i = 0; i < 5; i++)
            cell(ui, o, s, i);
        notes(ui, o, s);
        out_puts("\n");
    }
    out_puts("\n");
}

static void frontline(const struct ui *ui, const bfc_observation *o)
{
    out_puts("  Frontline: ");
    if (o->frontline.n == 0)
        out_puts("(empty)");
    else
        print_cards(ui, o->frontline.cards, o->frontline.n);
    out_printf("   sum %u", o->frontline.sum);
    const int gone = popcount64(o->out_of_play);
    if (gone > 0)
        out_printf("   (out of play: %d card%s)", gone, gone == 1 ? "" : "s");
    out_puts("\n");
}

static void pile(const struct ui *ui, const bfc_observation *o)
{
    out_printf("  Draw pile: %u card%s; crib: ", o->pile, o->pile == 1 ? "" : "s");
    if (o->crib == 0)
        out_puts("none");
    else
        out_printf("%u face down", o->crib);
    if (o->turn_card != BFC_CARD_NONE) {
        out_puts("; turn card: ");
        print_card(ui, o->turn_card);
    }
    out_puts("\n");
    if (o->ender != 0xFF && o->phase <= BFC_PHASE_DRAWN)
        out_printf("  Final turns left: %u (the last one places the turn card)\n",
                   o->final_turns);
}

/* The whole table as the observation o shows it. With brief set (the same
 * turn goes on, after a reveal or a draw), only what changed: the mover's
 * formation, the frontline and the held card. */
void show_table(const struct ui *ui, const bfc_observation *o, int brief)
{
    out_puts("\n");
    if (!brief)
        heading(ui, o);
    formations(ui, o, brief);
    frontline(ui, o);
    if (!brief)
        pile(ui, o);
    if (o->held != BFC_CARD_NONE && o->held != BFC_CARD_HIDDEN) {
        out_puts("  You hold: ");
        print_card(ui, o->held);
        out_puts("\n");
    } else if (o->held == BFC_CARD_HIDDEN) {
        out_printf("  Player %d holds a drawn card.\n", o->to_move + 1);
    }
    if (!o->over && !brief)
        out_printf("  To move: player %d (%s)\n", o->to_move + 1, phase_hint(o));
}
