/* Who plays what (before the game's first events are told) and the final
 * scores (bfc-play.h). */
#include "bfc-play.h"
#include "bots.h"

/* The board of Crib Wars (RULES 3.9: the seed names the holes, not where
 * they are, so the library's example layout is played). */
static void board(const struct ui *ui)
{
    const bfc_board *b = &ui->rules.board;
    out_puts("The board (the library's example layout; RULES 3.9 gives no holes):");
    for (unsigned i = 0; i < b->n; i++) {
        const bfc_hole *h = &b->hole[i];
        out_printf("%s %s %u", i % 4 ? "," : "\n ", bfc_hole_kind_name(h->kind), h->at);
        if (h->kind != BFC_HOLE_PENALTY_BOX)
            out_printf(" -> %u", h->to);
    }
    out_puts(".\nLand in a penalty box and you fold your hand and crib for the deal");
    out_puts(bfc_rules_sides(&ui->rules) == 3 ? ", then sit\nout three more deals.\n"
                                              : ": back 20 holes,\nand the other side goes ahead 20.\n");
}

void intro(const struct ui *ui, const bfc_game *g)
{
    const int n = ui->opt.players;
    const bfc_rules *r = bfc_game_rules(g);
    out_printf("%s%s: ", ui->opt.game->title, r->flags & BFC_RULE_MUGGINS ? " with muggins" : "");
    if (n == 1)
        out_puts("six deals and the free crib");
    else if (ui->opt.hot_seat)
        out_printf("%d players at one keyboard", n);
    else if (ui->opt.dial_step)
        out_printf("you %s player %d, against %d bot%s of the dial's step %d (rating %d)",
                   r->flags & BFC_RULE_PARTNERS_BY_CUT ? "cut as" : "are", ui->cut_seat + 1,
                   n - 1, n == 2 ? "" : "s", ui->opt.dial_step, bfc_dial_rating(ui->opt.dial_step));
    else
        out_printf("you %s player %d, against %d %s%s bot%s",
                   r->flags & BFC_RULE_PARTNERS_BY_CUT ? "cut as" : "are", ui->cut_seat + 1,
                   n - 1,
                   ui->opt.bots != BOT_ISMCTS          ? ""
                   : ui->opt.level == BFC_LEVEL_EASY ? "easy "
                   : ui->opt.level == BFC_LEVEL_HARD ? "hard "
                                                     : "medium ",
                   bot_name(ui->opt.bots), n == 2 ? "" : "s");
    if (r->flags & BFC_RULE_BACKWARD)
        out_printf("; the first to %d loses", r->target);
    else if (n == 1)
        out_printf("; more than %d wins", r->target - 1);
    else
        out_printf("; first to %d", r->target);
    out_printf(". Seed %llu.\n", (unsigned long long)ui->opt.seed);
    if (ui->opt.teams && n == 4)
        out_puts("Teams: players 1 and 3 (team 1) against players 2 and 4 (team 2).\n");
    else if (ui->opt.teams)
        out_puts("Teams: players 1 and 4 (team 1), 2 and 5 (team 2), 3 and 6 (team 3).\n");
    if (r->board.n)
        board(ui);
    if (r->flags & BFC_RULE_MUGGINS)
        out_puts("Muggins: declare the count of your hand and crib yourself; an opponent\n"
                 "may claim what you overlook, and what you add too much (RULES 3.9).\n");
    if (r->flags & BFC_RULE_NO_TAKE_BACK)
        out_puts("No take-back: the card just placed may not be taken by the next player\n"
                 "(RULES D14).\n");
    if (r->flags & BFC_RULE_JOKER_KILLS_FORMATION)
        out_puts("The joker kills the formation holding it when the skirmish ends (RULES D13).\n");
    if (r->flags & (BFC_RULE_PAY_BEST_LOSER | BFC_RULE_PAY_WORST_LOSER))
        out_printf("Only the %s loser pays the game value (RULES 5).\n",
                   r->flags & BFC_RULE_PAY_BEST_LOSER ? "best" : "worst");
    if (r->match)
        out_printf("A match: the first %s to %d match points wins (%s points, RULES 5); the\n"
                   "next game's dealer: the %s (RULES D15).\n",
                   ui->opt.teams ? "team" : "player", r->match,
                   bfc_match_points_name(r->match_points),
                   r->next_dealer == BFC_NEXT_LEFT ? "next to the left"
                                                   : bfc_next_dealer_name(r->next_dealer));
}

/* "Match score: player 1 3, player 2 1". */
void print_match_scores(const struct ui *ui, const bfc_game *g)
{
    int pts[MAX_SEATS] = {0};
    const int sides = bfc_game_match_scores(g, pts, MAX_SEATS);
    out_puts("Match score: ");
    for (int s = 0; s < sides && s < MAX_SEATS; s++) {
        out_puts(s == 0 ? "" : ", ");
        print_side(ui, s);
        out_printf(" %d", pts[s]);
    }
    out_printf(" (first to %d).\n", ui->rules.match);
}

void outro(const struct ui *ui, const bfc_game *g)
{
    if (ui->interactive && !ui->classic) {
        bfc_observation o;
        bfc_game_observe(g, ui->opt.hot_seat ? 0 : ui->opt.seat, &o);
        show_table(ui, &o, 0);
    }
    out_puts("\nFinal scores: ");
    print_all_scores(ui, g);
    out_puts("; ");
    const int winner = bfc_game_winner(g);
    if (winner < 0) { /* a lost solitaire game (RULES 3.8) */
        out_printf("lost (more than %d wins).\n", ui->rules.target - 1);
        return;
    }
    print_side(ui, winner);
    const int value = bfc_game_value(g);
    out_printf(" wins (worth %d game%s).\n", value, value == 1 ? "" : "s");
    if (!ui->rules.match)
        return;
    print_match_scores(ui, g);
    const int champion = bfc_game_match_winner(g);
    if (champion >= 0) {
        int pts[MAX_SEATS] = {0};
        bfc_game_match_scores(g, pts, MAX_SEATS);
        print_side(ui, champion);
        out_printf(" wins the match with %d match points after %d game%s.\n", pts[champion],
                   ui->game_number, ui->game_number == 1 ? "" : "s");
    }
}
