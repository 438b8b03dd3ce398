/* What the human types (bfc-play.h): a move, its number in the list, a
 * card or two (classic games), or a command (help, board, moves, hint,
 * quit). */
#include <stdio.h>
#include <string.h>

#include "bfc-play.h"
#include "outcheck.h"
#include "utf8.h"

/* Reads one line of standard input into buf (without its newline). A line
 * longer than buf is read to its end and reported as LINE_LONG; NUL and
 * other control bytes become '?', so nothing odd is ever echoed. */
int read_typed(char *buf, size_t cap)
{
    size_t n = 0;
    int c, any = 0, too_long = 0;
    while ((c = getchar()) != EOF) {
        any = 1;
        if (c == '\n')
            break;
        if (n + 1 < cap)
            buf[n++] = (c < 0x20 && c != '\t') || c == 0x7F ? '?' : (char)c;
        else
            too_long = 1;
    }
    buf[n] = 0;
    out_seen(); /* what was written before the line, the player has seen */
    if (!any)
        return LINE_EOF;
    return too_long ? LINE_LONG : LINE_OK;
}

/* Trims blanks (and a '?' left by the '\r' of a CRLF line) at both ends. */
static void trim(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '?'))
        n--;
    s[n] = 0;
    const size_t lead = strspn(s, " \t");
    memmove(s, s + lead, n - lead + 1);
}

/* Trims, lower-cases ASCII letters, squeezes inner blanks to one space,
 * and accepts "lay away" and "lay-away" for "layaway". */
static void normalize(char *s)
{
    trim(s);
    char *w = s;
    int blank = 0;
    for (const char *r = s; *r; r++) {
        if (*r == ' ' || *r == '\t') {
            if (!blank)
                *w++ = ' ';
            blank = 1;
            continue;
        }
        blank = 0;
        *w++ = *r >= 'A' && *r <= 'Z' ? (char)(*r - 'A' + 'a') : *r;
    }
    *w = 0;
    if (strncmp(s, "lay away", 8) == 0 || strncmp(s, "lay-away", 8) == 0)
        memmove(s + 3, s + 4, strlen(s + 4) + 1);
}

int is_quit(const char *line)
{
    return strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0 || strcmp(line, "q") == 0;
}

/* A whole number written in digits (at most 4), or -1. */
static int small_number(const char *s)
{
    int v = 0;
    size_t n = 0;
    for (; s[n]; n++) {
        if (s[n] < '0' || s[n] > '9' || n >= 4)
            return -1;
        v = v * 10 + (s[n] - '0');
    }
    return n > 0 ? v : -1;
}

static int is_listed(const bfc_move *legal, int n, bfc_move m)
{
    for (int i = 0; i < n; i++)
        if (legal[i] == m)
            return 1;
    return 0;
}

/* Classic games: a card alone plays it, two cards (or one, with 3 to 6
 * players) in the discards throw them: "5h", "2c 5h". */
static int cards_as_move(const bfc_observation *o, const char *line, bfc_move *out)
{
    bfc_card c[3];
    const int n = bfc_cards_parse(line, 0, c, 3, NULL);
    if (o->phase == BFC_PHASE_PLAY && n == 1)
        *out = (bfc_move)(BFC_MOVE_PLAY + c[0]);
    else if (o->phase == BFC_PHASE_DISCARD && n == 1)
        *out = (bfc_move)(BFC_MOVE_DISCARD + c[0]);
    else if (o->phase == BFC_PHASE_DISCARD && n == 2)
        *out = bfc_move_discard2(c[0], c[1]);
    else
        return 0;
    return 1;
}

/* The n bytes of text as they may be shown: read_typed made the control
 * bytes '?', and invalid UTF-8 is written \xNN, so what anyone types never
 * reaches the terminal raw. Cut short to fit buf. */
static const char *shown(const char *text, size_t n, char *buf, size_t cap)
{
    const unsigned char *t = (const unsigned char *)text;
    size_t o = 0;
    for (size_t i = 0; i < n && t[i];) {
        size_t l = utf8_len(t + i, n - i);
        if (l == 0 && o + 5 < cap) {
            snprintf(buf + o, cap - o, "\\x%02X", t[i]);
            o += 4;
            l = 1;
        } else if (l > 0 && o + l < cap) {
            memcpy(buf + o, t + i, l);
            o += l;
        } else {
            break;
        }
        i += l;
    }
    buf[o] = 0;
    return buf;
}

/* Why the human's input was refused; the game goes on with the next line. */
static void refuse(const struct ui *ui, int seat, const char *typed, const char *what,
                   const char *why)
{
    if (!ui->interactive)
        out_printf("player %d: ", seat + 1);
    else
        out_puts("  ");
    if (typed) {
        char text[1024];
        out_printf("'%s' %s: ", shown(typed, strlen(typed), text, sizeof text), what);
    }
    out_printf("%s\n", why);
}

/* Whether word (n bytes) is w, ASCII letters in any case. */
static int is_word(const char *word, size_t n, const char *w)
{
    if (strlen(w) != n)
        return 0;
    for (size_t i = 0; i < n; i++) {
        const char c = word[i] >= 'A' && word[i] <= 'Z' ? (char)(word[i] - 'A' + 'a') : word[i];
        if (c != w[i])
            return 0;
    }
    return 1;
}

/* Classic games: a play or a discard as typed ("discard ZZ 2H", "discard 2H
 * 2H", or cards alone: "5H 5H") whose cards do not parse: why, naming the
 * token at fault; NULL when there is no such token (the move is then
 * refused for what it is). */
static const char *why_not_cards(const struct ui *ui, const char *typed, char *buf, size_t cap)
{
    const char *s = typed + strspn(typed, " \t");
    const size_t w = strcspn(s, " \t");
    const char *cards = s;
    if (is_word(s, w, "play") || is_word(s, w, "discard")) {
        cards = s + w;
    } else { /* cards alone: only when the first word is one */
        char first[32];
        const size_t f = strcspn(s, " \t,-");
        bfc_card c;
        if (f == 0 || f >= sizeof first)
            return NULL;
        memcpy(first, s, f);
        first[f] = 0;
        if (bfc_card_parse(first, &c) != BFC_OK)
            return NULL;
    }
    bfc_card c[4];
    bfc_parse_error err;
    if (bfc_cards_parse(cards, 0, c, 4, &err) >= 0)
        return NULL;
    char tok[64], t[BFC_CARD_TEXT_MAX + 4];
    shown(cards + err.offset, err.length < 24 ? err.length : 24, tok, sizeof tok);
    if (err.status == BFC_EJOKER)
        snprintf(buf, cap, "'%s' is the joker, which this game does not have", tok);
    else if (err.status == BFC_EDUP && bfc_card_parse(tok, &c[0]) == BFC_OK)
        snprintf(buf, cap, "%s is named twice: name two different cards",
                 card_text(ui, c[0], t, sizeof t));
    else
        snprintf(buf, cap, "'%s' is not a card (a card is rank and suit: 5H, TD or 10D, JS, AC)",
                 tok);
    return buf;
}

/* ---- Pauses ---------------------------------------------------------------- */

/* Whether event e is part of a count: the battlefield (the formations
 * turned up, each lay-away, the reserve), a cease-fire, a show. */
static int is_count(const bfc_event *e)
{
    switch (e->type) {
    case BFC_EV_FORMATION:
    case BFC_EV_LAYAWAY:
    case BFC_EV_RESERVE:
    case BFC_EV_CEASEFIRE:
    case BFC_EV_SHOW:
        return 1;
    default:
        return 0;
    }
}

/* "-- what --" and the player's Enter; quit (or the end of the input)
 * there is kept in ui->left for the next turn, and no more pauses come.
 * What was told so far has been seen. */
static void wait_enter(struct ui *ui, const char *what)
{
    char typed[256];
    out_printf("  -- %s --", what);
    out_flush();
    const int r = read_typed(typed, sizeof typed);
    normalize(typed);
    if (r == LINE_EOF)
        ui->left = ASK_EOF;
    else if (is_quit(typed))
        ui->left = ASK_QUIT;
    if (ui->left)
        ui->pause = 0;
}

void pace_event(struct ui *ui, const bfc_event *e)
{
    if (!ui->pause)
        return;
    if (e->type == BFC_EV_DEAL && ui->counted) { /* the deal and turns to come are long */
        wait_enter(ui, ui->classic ? "the count is over: press Enter for the next deal"
                                   : "the count is over: press Enter for the next skirmish");
        ui->counted = 0;
    }
    if (is_count(e) && !ui->counted) {
        ui->counted = 1;
        ui->count_row = out_rows();
    }
    /* a count longer than the screen, one screen at a time: an event is
       told in at most 6 rows, so nothing unseen scrolls off */
    if (ui->pause && ui->counted && out_rows() >= SCREEN_ROWS - 7) {
        wait_enter(ui, "more: press Enter");
        ui->count_row = 0;
    }
}

void more_at_end(struct ui *ui)
{
    while (ui->interactive && more_left(ui) > 0 && !ui->left) {
        char typed[256];
        out_printf("  -- %d more: press Enter to see them, q to go on --", more_left(ui));
        out_flush();
        const int r = read_typed(typed, sizeof typed);
        normalize(typed);
        if (r == LINE_EOF || is_quit(typed) || strcmp(typed, "q") == 0)
            return;
        more_next(ui);
    }
}

void pace_before(struct ui *ui, int rows)
{
    if (!ui->pause || !ui->counted)
        return;
    /* the count's first row must still be on the screen, with the rows and
       the prompt's row under it */
    if (out_rows() - ui->count_row + rows + 1 > SCREEN_ROWS)
        wait_enter(ui, "press Enter to go on");
    ui->counted = 0;
}

/* The turn as the player at the keyboard sees it: the table and the moves. */
static void show_turn(const struct ui *ui, const bfc_observation *o, const bfc_move *legal,
                      int n, int brief)
{
    if (ui->classic) {
        show_table_classic(ui, o);
        list_moves_classic(ui, o, legal, n);
    } else {
        show_table(ui, o, brief);
        list_moves(ui, o, legal, n);
    }
}

/* help, board, show, moves: 1 when line was one of them (and answered). */
static int command(const struct ui *ui, const bfc_observation *o, const char *line,
                   const bfc_move *legal, int n)
{
    if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) {
        if (ui->classic)
            print_help_classic();
        else
            print_help();
        return 1;
    }
    const int board = strcmp(line, "board") == 0 || strcmp(line, "show") == 0;
    if (board)
        show_turn(ui, o, legal, n, 0);
    else if (strcmp(line, "moves") == 0 && ui->classic)
        list_moves_classic(ui, o, legal, n);
    else if (strcmp(line, "moves") == 0)
        list_moves(ui, o, legal, n);
    return board || strcmp(line, "moves") == 0;
}

/* The move a line names (normalized in line, as typed in typed): 1 with
 * *m, or 0 after saying why it is refused. *by_number: picked by number. */
static int typed_move(const struct ui *ui, const bfc_observation *o, const char *line,
                      const char *typed, const bfc_move *legal, int n, bfc_move *m,
                      int *by_number)
{
    const int seat = o->seat, k = small_number(line);
    char why[96];
    *by_number = k >= 0;
    if (k >= 0 && o->phase == BFC_PHASE_DECLARE) { /* muggins: the points declared */
        *m = bfc_move_declare(k); /* RULES D18: 0 to the most these cards score */
        if (*m != BFC_MOVE_NONE && is_listed(legal, n, *m))
            return 1;
        snprintf(why, sizeof why, "declare 0 to %d points", declare_most(o));
        refuse(ui, seat, typed, "cannot be declared", why);
    } else if (k >= 0) {
        if (k >= 1 && k <= n) {
            *m = legal[k - 1];
            return 1;
        }
        snprintf(why, sizeof why, "pick a number from 1 to %d", n);
        refuse(ui, seat, typed, "is not in the list", why);
    } else if (bfc_move_parse(line, m) != BFC_OK && !(ui->classic && cards_as_move(o, line, m))) {
        char bad[160];
        const char *cards = ui->classic ? why_not_cards(ui, typed, bad, sizeof bad) : NULL;
        refuse(ui, seat, typed, "is not a move",
               cards                ? cards
               : ui->classic ? why_unparsed_classic(line)
                                    : why_unparsed(line));
    } else if (!is_listed(legal, n, *m)) {
        refuse(ui, seat, typed, "is not legal now",
               ui->classic ? why_illegal_classic(ui, o, *m, why, sizeof why) : why_illegal(o, *m));
    } else {
        return 1;
    }
    return 0;
}

/* Shows the turn to the player at the keyboard (at a terminal): a hot seat
 * first passes the keyboard. ASK_MOVE to go on, or ASK_QUIT / ASK_EOF. */
static int open_turn(struct ui *ui, const bfc_observation *o, const bfc_move *legal, int n)
{
    const int seat = o->seat;
    if (!ui->interactive)
        return ASK_MOVE;
    const int pass = pass_keyboard(ui, seat);
    if (pass != ASK_MOVE)
        return pass;
    /* the same turn goes on (after a reveal or a draw): only what changed */
    const int same_turn = seat == ui->last_seat && o->turns == ui->last_turns &&
                          o->skirmish == ui->last_skirmish && o->phase != BFC_PHASE_LAYAWAY;
    if (ui->counted) { /* a count just told stays on the screen until seen */
        out_measure_begin();
        show_turn(ui, o, legal, n, same_turn);
        pace_before(ui, out_measure_end());
        if (ui->left)
            return ui->left;
    }
    show_turn(ui, o, legal, n, same_turn);
    return ASK_MOVE;
}

int ask_move(struct ui *ui, const bfc_game *g, int seat, bfc_move *out)
{
    bfc_observation o;
    bfc_move legal[BFC_MAX_MOVES];
    bfc_game_observe(g, seat, &o);
    const int n = bfc_game_legal_moves(g, legal, BFC_MAX_MOVES);
    const int opened = open_turn(ui, &o, legal, n);
    if (opened != ASK_MOVE)
        return opened;
    ui->last_seat = seat;
    ui->last_turns = o.turns;
    ui->last_skirmish = o.skirmish;
    for (;;) {
        char line[256], typed[256];
        if (ui->interactive) {
            out_printf("player %d> ", seat + 1);
            out_flush();
        }
        if (outcheck_failed()) /* the prompt cannot be seen: no move is asked */
            return ASK_QUIT;
        const int r = read_typed(line, sizeof line);
        if (r == LINE_EOF)
            return ASK_EOF;
        if (r == LINE_LONG) {
            refuse(ui, seat, NULL, NULL, "that line is too long");
            continue;
        }
        memcpy(typed, line, sizeof line); /* as typed, for messages */
        trim(typed);
        normalize(line);
        if (line[0] == 0 || command(ui, &o, line, legal, n))
            continue;
        if (strcmp(line, "hint") == 0) {
            show_hint(ui, g, &o);
            continue;
        }
        if (strcmp(line, "review") == 0) {
            coach_review(ui, seat);
            continue;
        }
        if (strncmp(line, "save", 4) == 0 && (line[4] == ' ' || line[4] == 0)) {
            const char *path = typed + 4 + strspn(typed + 4, " \t"); /* as typed */
            if (!*path)
                out_puts("save: name the file (save FILE); bfc-play --resume FILE goes on\n");
            else
                coach_save(ui, path);
            continue;
        }
        if (strcmp(line, "more") == 0) { /* the rest of a hint or review */
            more_next(ui);
            continue;
        }
        if (is_quit(line))
            return ASK_QUIT;
        int by_number;
        if (!typed_move(ui, &o, line, typed, legal, n, out, &by_number))
            continue;
        /* a script's transcript names every move; at a terminal, only the
         * ones picked by number */
        if (!ui->interactive || by_number)
            announce(ui, seat, *out, ui->interactive ? "  " : "");
        return ASK_MOVE;
    }
}
