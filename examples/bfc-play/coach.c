/* The coach of bfc-play (bfc-play.h): the moves of the game kept as they
 * are made, so that `review` at a prompt and --review at the end grade
 * them (bfc_review_game), --record FILE writes them as a game record
 * (bfc_record_format: bfc-advise --review reads it), and the table shows
 * each side's chance of winning from the scores at the start of the deal
 * (bfc_win_chance). Every figure and every text is the library's. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bfc-play.h"

#define REVIEW_SALT UINT64_C(0x5245564945572121) /* the review search's seed */

void coach_start(struct ui *ui, const bfc_game *g)
{
    bfc_game_free(ui->start);
    ui->start = bfc_game_clone(g);
    if (!ui->start)
        msg_error("cannot keep the game's start: %s", bfc_strerror(BFC_ENOMEM));
    ui->nmoves = 0;
    ui->chance_deal = 0;
}

void coach_move(struct ui *ui, bfc_move m)
{
    if (ui->nmoves == ui->moves_cap) {
        const size_t cap = ui->moves_cap ? ui->moves_cap * 2 : 256;
        bfc_move *more = realloc(ui->moves, cap * sizeof *more);
        if (!more) {
            msg_error("cannot keep the moves: %s", bfc_strerror(BFC_ENOMEM));
            return;
        }
        ui->moves = more;
        ui->moves_cap = cap;
    }
    ui->moves[ui->nmoves++] = m;
}

void coach_close(struct ui *ui)
{
    bfc_game_free(ui->start);
    ui->start = NULL;
    free(ui->moves);
    ui->moves = NULL;
    ui->nmoves = ui->moves_cap = 0;
}

/* The chance of winning of each side from the scores at the start of the
 * deal (after the move that dealt it). */
void coach_chance(struct ui *ui, const bfc_game *g)
{
    bfc_observation o;
    if (bfc_game_over(g) || bfc_game_observe(g, 0, &o) != BFC_OK || o.skirmish == ui->chance_deal)
        return;
    ui->chance_deal = o.skirmish;
    int scores[MAX_SEATS];
    for (int s = 0; s < o.sides && s < MAX_SEATS; s++)
        scores[s] = o.score[s];
    const int rc = bfc_win_chance(&ui->rules, scores, (size_t)o.sides,
                                  bfc_game_side_of(g, o.dealer), ui->chance);
    ui->chance_method = rc < 0 ? 0 : rc;
}

void print_chance(const struct ui *ui, const bfc_observation *o)
{
    if (!ui->chance_method || o->over)
        return;
    out_puts("  Chance to win at the deal's start");
    if (ui->chance_method == BFC_WIN_APPROX)
        out_puts(" (roughly)");
    out_puts(": ");
    for (int s = 0; s < o->sides && s < MAX_SEATS; s++) {
        out_puts(s == 0 ? "" : ", ");
        print_side(ui, s);
        if (!ui->opt.teams && !ui->opt.hot_seat && s == ui->opt.seat)
            out_puts(" (you)");
        /* a game not decided is never said to be 0% or 100% */
        const double c = ui->chance[s];
        if (c > 0 && c < 0.005)
            out_puts(" <1%");
        else if (c < 1 && c > 0.995)
            out_puts(" >99%");
        else
            out_printf(" %.0f%%", 100.0 * c);
    }
    out_puts("\n");
}

#define REVIEW_FIRST 5 /* at a terminal, the costliest decisions told at once */

/* What a graded decision lost, to put the costliest first: the chance of
 * winning, or the points where the grade is by points. */
static double loss(const bfc_review_entry *e)
{
    /* the grade first (a blunder by points before an inaccuracy by the
       chance), then the loss within it */
    const double grade = e->grade == BFC_GRADE_UNRATED ? 0 : e->grade;
    return grade + (e->by_points ? e->points_lost / 100.0 : e->win_lost);
}

/* Each seat's summary of the review (every seat's, seat -1). */
static void review_summaries(const struct ui *ui, const bfc_review_entry *e, int k, int seat)
{
    for (int s = 0; s < ui->opt.players; s++) {
        bfc_review_summary sum;
        char text[2048];
        if (seat >= 0 && s != seat)
            continue;
        bfc_review_summarize(e, (size_t)(k > 0 ? k : 0), s, &sum);
        if (!sum.all.decisions && seat < 0)
            continue;
        bfc_review_summary_format(&sum, text, sizeof text);
        out_printf("  player %d: %s", s + 1, text);
    }
}

/* Ctrl-C during a review: review_stop() sets it, and the review's progress
 * (called before each move and every 64 units of each search's work)
 * stops the review when it is set. */
static atomic_int review_int;

static void review_stop(int sig)
{
    (void)sig;
    atomic_store(&review_int, 1);
}

static int review_progress(void *ctx, size_t done, size_t total)
{
    (void)ctx;
    (void)done;
    (void)total;
    return atomic_load(&review_int);
}

/* The review of the game so far for seat (-1: every seat): the decisions
 * that were not the best, and each seat's summary. */
void coach_review(struct ui *ui, int seat)
{
    if (!ui->start) {
        out_puts("review: no game to review\n");
        return;
    }
    bfc_review_config cfg;
    bfc_review_config_init(&cfg);
    bfc_search_config_level(&cfg.search, ui->opt.level);
    cfg.search.seed = ui->opt.seed ^ REVIEW_SALT;
    cfg.seat = seat;
    /* one review, into room for one entry a move (bfc.h: never more) */
    bfc_review_entry *e = calloc(ui->nmoves ? ui->nmoves : 1, sizeof *e);
    int status = BFC_ENOMEM;
    bfc_search *bot = e ? bfc_search_new(bfc_game_rules(ui->start), &cfg.search, &status) : NULL;
    int k = status < 0 ? status : BFC_ENOMEM;
    if (bot) {
        /* Ctrl-C stops the review (seconds for a long game at the hard
           level), not the program: the handler only sets a flag */
        atomic_store(&review_int, 0);
        void (*was)(int) = signal(SIGINT, review_stop);
        if (was == SIG_IGN) /* a background job's: left ignored */
            signal(SIGINT, SIG_IGN);
        out_flush(); /* the game's end on the screen while it runs */
        k = bfc_review_game_with(bot, ui->start, ui->moves, ui->nmoves, seat, e, ui->nmoves,
                                 review_progress, NULL);
        if (was != SIG_ERR)
            signal(SIGINT, was);
        bfc_search_free(bot);
    }
    if (k == BFC_EINTR) {
        out_puts("review: stopped (Ctrl-C)\n");
        free(e);
        return;
    }
    if (k < 0) {
        out_printf("review: %s\n", bfc_strerror(k));
        free(e);
        return;
    }
    out_printf("review: %s level search of each decision; a move that loses 2%% of the\n"
               "  chance of winning is an inaccuracy, 5%% a mistake, 10%% a blunder\n",
               ui->opt.level == BFC_LEVEL_EASY   ? "easy"
               : ui->opt.level == BFC_LEVEL_HARD ? "hard"
                                                 : "medium");
    /* at a terminal: the summary first, then the costliest decisions, the
       rest on `more` (a whole game's list scrolled the summary off an 80x24
       screen); a script: every decision in order, then the summary */
    if (ui->interactive)
        review_summaries(ui, e, k, seat);
    int *order = k > 0 ? malloc((size_t)k * sizeof *order) : NULL;
    int shown = 0;
    for (int i = 0; i < k; i++)
        if (e[i].grade != BFC_GRADE_BEST && order)
            order[shown++] = i;
    if (ui->interactive && shown > 1) { /* the most lost first, in play order when alike */
        for (int a = 1; a < shown; a++)
            for (int b = a; b > 0 && loss(&e[order[b]]) > loss(&e[order[b - 1]]); b--) {
                const int t = order[b];
                order[b] = order[b - 1];
                order[b - 1] = t;
            }
    }
    more_clear(ui);
    for (int j = 0; j < shown; j++) {
        char line[512];
        bfc_review_format(&e[order[j]], ui->flags, line, sizeof line);
        more_block(ui, "  %s\n", line);
    }
    free(order);
    if (k > 0 && !shown)
        out_puts("  every decision was the best or as good\n");
    more_show(ui, REVIEW_FIRST, "graded decisions");
    if (!ui->interactive)
        review_summaries(ui, e, k, seat);
    free(e);
}

/* --record FILE, opened (made empty) before the game starts: 0, or -1
 * after a message naming the file and why, so that no game is played
 * whose record cannot be written. */
int coach_record_open(struct ui *ui)
{
    if (!ui->opt.record)
        return 0;
    ui->record = fopen(ui->opt.record, "w");
    if (!ui->record) {
        msg_error("cannot write the record '%s': %s", ui->opt.record, strerror(errno));
        return -1;
    }
    return 0;
}

/* The game so far as a record's text (malloc'd), or NULL after *rc. The
 * seed is written when the start is the seed's new game. */
static char *record_text(const struct ui *ui, int *rc)
{
    const uint64_t *seed = ui->game_number == 1 && !ui->resumed_unseeded ? &ui->opt.seed : NULL;
    const int len = bfc_record_format(ui->start, seed, ui->moves, ui->nmoves, NULL, 0);
    char *text = len >= 0 ? malloc((size_t)len + 1) : NULL;
    *rc = len < 0 ? len : BFC_ENOMEM;
    if (text)
        bfc_record_format(ui->start, seed, ui->moves, ui->nmoves, text, (size_t)len + 1);
    return text;
}

/* A path as it may be shown: bytes other than printable ASCII as '?'. */
static void plain_text(const char *s, char *buf, size_t cap)
{
    size_t n = 0;
    for (; *s && n + 1 < cap; s++)
        buf[n++] = (unsigned char)*s < 0x20 || (unsigned char)*s > 0x7E ? '?' : *s;
    buf[n] = 0;
}

void coach_save(const struct ui *ui, const char *path)
{
    int rc;
    char *text = ui->start ? record_text(ui, &rc) : NULL;
    if (!text) {
        out_printf("save: %s\n", ui->start ? bfc_strerror(rc) : "no game to save");
        return;
    }
    errno = 0;
    FILE *f = fopen(path, "w");
    int ok = f && fputs(text, f) >= 0;
    if (f && fclose(f) != 0)
        ok = 0;
    free(text);
    char shown[256];
    plain_text(path, shown, sizeof shown);
    if (ok)
        out_printf("saved to %s (%zu moves): bfc-play --resume %s goes on from here\n", shown,
                   ui->nmoves, shown);
    else
        out_printf("save: cannot write '%s': %s\n", shown, strerror(errno ? errno : EIO));
}

/* --record FILE: the game so far as a record, in place of what the file
 * held. 0, or -1 after a message. */
int coach_record(const struct ui *ui)
{
    if (!ui->record || !ui->start)
        return 0;
    int rc;
    char *text = record_text(ui, &rc);
    if (!text) {
        msg_error("cannot write the record: %s", bfc_strerror(rc));
        return -1;
    }
    FILE *f = ui->record;
    errno = 0;
    int ok = fseek(f, 0, SEEK_SET) == 0 && ftruncate(fileno(f), 0) == 0 && fputs(text, f) >= 0 &&
             fflush(f) == 0;
    free(text);
    if (!ok) {
        msg_error("cannot write the record '%s': %s", ui->opt.record, strerror(errno));
        return -1;
    }
    return 0;
}
