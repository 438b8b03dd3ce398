/* Who sits at each seat (bfc-play.h): the bots' moves, what the screen may
 * show of a move, and passing the keyboard at a hot seat so that, in the
 * classic games, each hand stays hidden from the other players. */
#include <stdio.h>

#include "bfc-play.h"
#include "bots.h"

/* "player 2: take 3"; a discard the screen may not show is face down
 * (RULES D7): how many cards, not which. */
void announce(const struct ui *ui, int seat, bfc_move m, const char *indent)
{
    char text[32];
    bfc_move_info mi;
    move_text(ui, m, text, sizeof text);
    if (bfc_move_decode(m, &mi) == BFC_OK && mi.kind == BFC_MOVEKIND_DISCARD &&
        !(ui->sees >> seat & 1u))
        snprintf(text, sizeof text, mi.ncards == 2 ? "discard [??] [??]" : "discard [??]");
    out_printf("%splayer %d: %s\n", indent, seat + 1, text);
}

/* The bot at seat picks a move from its own observation (the search bot
 * reads the game, but only what its seat may see), so it never uses a
 * hidden card. 0, or -1 after a message. */
int bot_turn(struct ui *ui, const bfc_game *g, int seat, bfc_move *out)
{
    const int rc = ui->dial[seat] ? bfc_dial_move(ui->dial[seat], g, out)
                                  : bot_decide(ui->opt.bots, ui->search[seat], g, &ui->rng[seat], out);
    if (rc != BFC_OK) {
        msg_error("the bot of player %d found no move: %s", seat + 1, bfc_strerror(rc));
        return -1;
    }
    announce(ui, seat, *out, "");
    return 0;
}

/* At a hot seat, before a player's turn is shown. Battlefield has nothing
 * private (a drawn card goes face up in the same turn, D7): a heading. In
 * the classic games the turn shows the player's hand: the keyboard passes
 * first, and the player says when they have it (Enter). ASK_MOVE, or
 * ASK_QUIT / ASK_EOF. */
int pass_keyboard(struct ui *ui, int seat)
{
    if (!ui->opt.hot_seat)
        return ASK_MOVE;
    if (!ui->classic) {
        if (seat != ui->last_seat)
            out_printf("\n=== Player %d, your turn ===\n", seat + 1);
        return ASK_MOVE;
    }
    if (seat == ui->screen_seat)
        return ASK_MOVE;
    char line[256];
    out_printf("\n=== Pass the keyboard to player %d: press Enter when you have it ===\n",
               seat + 1);
    out_flush();
    if (read_typed(line, sizeof line) == LINE_EOF)
        return ASK_EOF;
    if (is_quit(line))
        return ASK_QUIT;
    ui->screen_seat = seat;
    ui->counted = 0; /* this was the pause: the count has been seen */
    return ASK_MOVE;
}

/* After a human's move at a hot seat of a classic game: when the keyboard
 * passes on (or the game ends), the screen forgets the hand it showed. */
void hide_hand(struct ui *ui, const bfc_game *g, int seat)
{
    if (!ui->opt.hot_seat || !ui->classic || !ui->interactive || ui->screen_seat < 0 ||
        bfc_game_to_move(g) == seat)
        return;
    out_clear_screen();
    ui->screen_seat = -1;
    ui->last_seat = -1;
}
