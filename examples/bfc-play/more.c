/* `more` (bfc-play.h): a long answer -- a hint's every move, a review's
 * every decision -- told a screen at a time at a terminal. The answer is
 * kept as blocks (a move and its reason, a graded decision); the first few
 * are told at once, the rest on `more`, a screen each, so that the best
 * never scrolls off an 80x24 screen. A script (input not a terminal) gets
 * every block at once, as before. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bfc-play.h"

void more_clear(struct ui *ui)
{
    for (int i = 0; i < ui->more_n; i++)
        free(ui->more[i]);
    free(ui->more);
    ui->more = NULL;
    ui->more_n = ui->more_cap = ui->more_at = 0;
}

/* Appends formatted text to block k (k == more_n: a new block). */
static void vadd(struct ui *ui, int k, const char *fmt, va_list ap) PRINTF_LIKE(3, 0);
static void vadd(struct ui *ui, int k, const char *fmt, va_list ap)
{
    if (k == ui->more_n) {
        if (ui->more_n == ui->more_cap) {
            const int cap = ui->more_cap ? 2 * ui->more_cap : 32;
            char **b = realloc(ui->more, (size_t)cap * sizeof *b);
            if (!b)
                return; /* out of memory: the block is not kept */
            ui->more = b;
            ui->more_cap = cap;
        }
        ui->more[ui->more_n] = calloc(1, 1);
        if (!ui->more[ui->more_n])
            return;
        ui->more_n++;
    }
    char line[1024];
    vsnprintf(line, sizeof line, fmt, ap);
    const size_t have = strlen(ui->more[k]), add = strlen(line);
    char *grown = realloc(ui->more[k], have + add + 1);
    if (!grown)
        return;
    memcpy(grown + have, line, add + 1);
    ui->more[k] = grown;
}

void more_block(struct ui *ui, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vadd(ui, ui->more_n, fmt, ap);
    va_end(ap);
}

void more_line(struct ui *ui, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vadd(ui, ui->more_n ? ui->more_n - 1 : 0, fmt, ap);
    va_end(ap);
}

/* The rows block k takes on the screen. */
static int rows_of(const char *block)
{
    out_measure_begin();
    out_puts(block);
    return out_measure_end();
}

void more_show(struct ui *ui, int first, const char *noun)
{
    const int page = !ui->interactive ? ui->more_n : first;
    int rows = 0, shown = 0;
    while (ui->more_at < ui->more_n) {
        const char *b = ui->more[ui->more_at];
        const int r = rows_of(b);
        /* a screen: the blocks that fit under the prompt's row and ours */
        if (page >= 0 ? shown == page : shown > 0 && rows + r > SCREEN_ROWS - 3)
            break;
        out_puts(b);
        rows += r;
        shown++;
        ui->more_at++;
    }
    const int left = ui->more_n - ui->more_at;
    if (left > 0 && !ui->more_ending) /* at the game's end more_at_end asks */
        out_printf("  (%d more %s: type more)\n", left, left == 1 ? "line" : noun);
    ui->more_noun = noun;
}

int more_left(const struct ui *ui) { return ui->more_n - ui->more_at; }

void more_next(struct ui *ui)
{
    if (more_left(ui) == 0) {
        out_puts("more: nothing more to show (hint, review)\n");
        return;
    }
    more_show(ui, -1, ui->more_noun ? ui->more_noun : "lines");
}
