/* Output (bfc-play.h): every line goes through out_* so that, at a
 * terminal, none is wider than 80 columns -- a longer line is broken at a
 * space and the rest indented under it. Scripts (output not a terminal)
 * get one unbroken line per event. And the text of cards, sides, scores
 * and moves. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bfc-play.h"
#include "outcheck.h"

#define COLUMNS 80

static struct {
    int wrap;
    int measure; /* count the rows, write nothing */
    int rows;    /* rows written since out_seen() */
    size_t n;
    char buf[4096];
} line;

void out_init(int wrap) { line.wrap = wrap; }

int text_width(const char *s)
{
    int w = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if ((*p & 0xC0u) != 0x80u)
            w += *p >= 0xF0u ? 2 : 1; /* the joker's emoji takes two */
    return w;
}

/* Whether a line may break at the space s[i]: not before a number ("player
 * 2", "sum 31", a card such as 5H) nor before "--". */
static int good_break(const char *s, size_t i)
{
    return !(s[i + 1] >= '0' && s[i + 1] <= '9') && s[i + 1] != '-';
}

/* The bytes of s that fit in `cols` columns: all of it, or up to the last
 * space that fits (past byte `from`; a good break if there is one), or
 * else as many characters as fit. */
static size_t fit(const char *s, size_t from, int cols)
{
    size_t i = 0, good = 0, any = 0;
    int w = 0;
    while (s[i]) {
        const int cw = (unsigned char)s[i] >= 0xF0u ? 2 : 1; /* the joker's emoji */
        if (s[i] == ' ' && i > from && w <= cols) {
            any = i;
            good = good_break(s, i) ? i : good;
        }
        if (w + cw > cols)
            return good ? good : any ? any : i;
        w += cw;
        for (i++; (s[i] & 0xC0) == 0x80; i++)
            ;
    }
    return i;
}

/* Writes s (one line, no newline) in lines of at most 80 columns; the
 * lines after the first are indented 4 more than it. Returns the line
 * breaks it made; with dry set it only counts them. */
static int write_wrapped(const char *s, int dry)
{
    const size_t indent = strspn(s, " ");
    const int more = indent + 4 < COLUMNS / 2 ? (int)indent + 4 : 4;
    int breaks = 0;
    size_t n = fit(s, indent, COLUMNS);
    while (s[n + strspn(s + n, " ")]) {
        size_t end = n;
        while (end > 0 && s[end - 1] == ' ')
            end--;
        if (!dry)
            printf("%.*s\n%*s", (int)end, s, more, "");
        breaks++;
        s += n + strspn(s + n, " ");
        n = fit(s, 0, COLUMNS - more);
    }
    if (!dry)
        printf("%.*s", (int)n, s);
    return breaks;
}

static void emit(int newline)
{
    line.buf[line.n] = '\0';
    line.n = 0;
    if (newline)
        line.rows += 1 + (line.wrap ? write_wrapped(line.buf, line.measure) : 0);
    if (line.measure)
        return;
    if (!line.wrap || !newline)
        fputs(line.buf, stdout);
    if (newline)
        putchar('\n');
    outcheck_failed(); /* a full buffer was just written, or failed to be */
}

int out_rows(void) { return line.rows; }

void out_seen(void) { line.rows = 0; }

static int saved_rows;

void out_measure_begin(void)
{
    if (line.n) /* a line begun is written first */
        emit(0);
    saved_rows = line.rows;
    line.rows = 0;
    line.measure = 1;
}

int out_measure_end(void)
{
    const int rows = line.rows + (line.n > 0); /* a last line without its end */
    line.n = 0;
    line.rows = saved_rows;
    line.measure = 0;
    return rows;
}

void out_puts(const char *s)
{
    for (; *s; s++) {
        if (*s == '\n')
            emit(1);
        else if (line.n + 1 < sizeof line.buf)
            line.buf[line.n++] = *s;
    }
}

void out_printf(const char *fmt, ...)
{
    char text[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    out_puts(text);
}

void out_flush(void)
{
    if (line.n)
        emit(0);
    fflush(stdout);
    outcheck_failed(); /* right after the write: its reason, if it failed */
}

void out_clear_screen(void)
{
    out_flush();
    fputs("\033[H\033[2J\033[3J", stdout); /* home, clear, and the scrollback */
    fflush(stdout);
    out_seen();
}

/* ---- Cards, sides, scores, moves ------------------------------------------ */

/* Card c: "5H" ("5♥" with --unicode), "[??]" when hidden. */
const char *card_text(const struct ui *ui, bfc_card c, char *buf, size_t cap)
{
    if (c == BFC_CARD_HIDDEN)
        snprintf(buf, cap, "[??]");
    else if (bfc_card_format(c, ui->flags, buf, cap) < 0)
        snprintf(buf, cap, "--");
    return buf;
}

void print_card(const struct ui *ui, bfc_card c)
{
    char t[BFC_CARD_TEXT_MAX + 4];
    out_puts(card_text(ui, c, t, sizeof t));
}

void print_cards(const struct ui *ui, const bfc_card *cards, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i > 0)
            out_puts(" ");
        print_card(ui, cards[i]);
    }
}

/* The cards of a set (bit c for card c), lowest id first: by rank. */
void print_set(const struct ui *ui, uint64_t set)
{
    const char *sep = "";
    for (int c = 0; c < BFC_NCARDS; c++)
        if (set >> c & 1u) {
            out_puts(sep);
            print_card(ui, (bfc_card)c);
            sep = " ";
        }
}

/* "player 2", or "team 1" for a side of a partnership game. */
void print_side(const struct ui *ui, int side)
{
    out_printf(ui->opt.teams ? "team %d" : "player %d", side + 1);
}

void print_scores(const struct ui *ui, const bfc_observation *o)
{
    for (int s = 0; s < o->sides; s++) {
        out_puts(s == 0 ? "" : ", ");
        print_side(ui, s);
        if (ui->opt.teams) /* partners sit opposite (RULES 4.1, 3.3, 3.4) */
            out_printf(" (%d+%d)", s + 1, s + 1 + o->sides);
        else if (!ui->opt.hot_seat && s == ui->opt.seat)
            out_puts(" (you)");
        out_printf(" %d", o->score[s]);
    }
}

void print_all_scores(const struct ui *ui, const bfc_game *g)
{
    int score[MAX_SEATS];
    const int sides = bfc_game_scores(g, score, MAX_SEATS);
    for (int s = 0; s < sides && s < MAX_SEATS; s++) {
        out_puts(s == 0 ? "" : ", ");
        print_side(ui, s);
        out_printf(" %d", score[s]);
    }
}

/* bfc_move_format's text ("play 5H", "discard 2C 5H"), with the cards as
 * --unicode writes them when it is on (both parse back). */
const char *move_text(const struct ui *ui, bfc_move m, char *buf, size_t cap)
{
    bfc_move_info mi;
    char a[BFC_CARD_TEXT_MAX + 4], b[BFC_CARD_TEXT_MAX + 4] = "";
    if (bfc_move_format(m, buf, cap) < 0 || !ui->flags || bfc_move_decode(m, &mi) != BFC_OK ||
        mi.ncards == 0)
        return buf;
    if (mi.ncards == 2)
        card_text(ui, mi.card[1], b, sizeof b);
    snprintf(buf, cap, "%s %s%s%s", bfc_move_kind_name(mi.kind),
             card_text(ui, mi.card[0], a, sizeof a), *b ? " " : "", b);
    return buf;
}
