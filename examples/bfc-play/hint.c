/* The search bot's seats and the `hint` command (bfc-play.h). The ismcts
 * bots have one search each, made once for the game (or the match) and
 * seeded from --seed; `hint` asks a search of its own, re-seeded before
 * every hint, so a hint neither changes the game nor what any bot will do,
 * and the same position always gets the same hint: the library's analysis
 * (bfc_search_analyze), moves that are the same to every player on one
 * line, each with its reason in a player's words under it, the library's
 * (bfc_explain_move). */
#include <string.h>

#include "bfc-play.h"
#include "bots.h"

#define HINT_SALT UINT64_C(0x4849A7B1C0FFEE15) /* the hint search's seed */
#define HINT_SHOWN 10 /* searched moves listed; the rest are counted */
#define HINT_WHY 5    /* the best discards told with their reason */
#define HINT_FIRST 3  /* at a terminal, the moves told at once: the rest on
                         `more` (an 80x24 screen holds the table, these and
                         the prompt) */

/* The reason for a move in a player's words (bfc_explain_move), on a line
 * of its own under it, in the move's block. */
static void print_why(struct ui *ui, const bfc_observation *o, bfc_move m)
{
    char why[512];
    if (bfc_explain_move(o, m, ui->flags, why, sizeof why) > 0)
        more_line(ui, "      %s\n", why);
}

/* The search config of --level. */
static void level_config(const struct ui *ui, bfc_search_config *sc)
{
    bfc_search_config_init(sc);
    bfc_search_config_level(sc, ui->opt.level);
}

int searches_open(struct ui *ui)
{
    bfc_search_config sc;
    level_config(ui, &sc);
    for (int s = 0; s < ui->opt.players; s++) {
        int rc = BFC_OK;
        if (ui->human >> s & 1u)
            continue;
        if (ui->opt.dial_step) {
            ui->dial[s] = bfc_dial_new(&ui->rules, ui->opt.dial_step, ui->rng[s], &rc);
            if (!ui->dial[s]) {
                msg_error("cannot make the dial's bot: %s", bfc_strerror(rc));
                return -1;
            }
            continue;
        }
        if (ui->opt.bots != BOT_ISMCTS)
            continue;
        sc.seed = ui->rng[s];
        ui->search[s] = bfc_search_new(&ui->rules, &sc, &rc);
        if (!ui->search[s]) {
            msg_error("cannot make the search bot: %s", bfc_strerror(rc));
            return -1;
        }
    }
    return 0;
}

void searches_close(struct ui *ui)
{
    for (int s = 0; s < MAX_SEATS; s++) {
        bfc_search_free(ui->search[s]);
        ui->search[s] = NULL;
        bfc_dial_free(ui->dial[s]);
        ui->dial[s] = NULL;
    }
    bfc_search_free(ui->hint);
    ui->hint = NULL;
}

static const char *level_name(int level)
{
    return level == BFC_LEVEL_EASY ? "easy" : level == BFC_LEVEL_HARD ? "hard" : "medium";
}

/* st[i] with the moves alike it (same_as: the same to every player, bfc.h)
 * as one line's name: "play 3C or 3S" for two, "reveal 0 1 (or 9 more
 * alike)" for more. */
static const char *group_text(const struct ui *ui, const bfc_search_stat *st, int n, int i,
                              char *buf, size_t cap)
{
    int alike = 0, last = -1;
    for (int j = 0; j < n; j++)
        if (j != i && st[j].same_as == st[i].move && st[j].same_as != st[j].move) {
            alike++;
            last = j;
        }
    move_text(ui, st[i].move, buf, cap);
    if (alike == 1) {
        char other[48];
        move_text(ui, st[last].move, other, sizeof other);
        const char *a = strchr(buf, ' '), *b = strchr(other, ' ');
        /* "play 3C or 3S": the word they share said once */
        const int same_word = a && b && a - buf == b - other &&
                              strncmp(buf, other, (size_t)(a - buf)) == 0;
        const size_t len = strlen(buf);
        snprintf(buf + len, cap - len, " or %s", same_word ? b + 1 : other);
    } else if (alike > 1) {
        const size_t len = strlen(buf);
        snprintf(buf + len, cap - len, " (or %d more alike)", alike);
    }
    return buf;
}

/* Seven-card's discard: the exact advice (bfc_advise_discard_observation,
 * the rest of the crib thrown at random: the library's throw model is of
 * the six-card classic deal), best first. The search bot does not decide
 * by it (bfc.h), so the hint asks the library for it itself. */
static int seven_card_hint(struct ui *ui, const bfc_observation *o)
{
    bfc_discard_option opt[21];
    const int n = bfc_advise_discard_observation(o, BFC_CRIB_UNIFORM, opt, 21);
    if (n <= 0 || n > 21)
        return -1;
    char text[64];
    more_clear(ui);
    out_puts("hint: each discard's expected points (hand and crib, the pegging not\n"
             "  counted; the rest of the crib thrown at random), best first\n");
    for (int i = 0; i < n; i++) {
        move_text(ui, opt[i].move, text, sizeof text);
        more_block(ui, "  %-20s points %7.3f\n", text, opt[i].total_ev);
        if (i < HINT_WHY)
            print_why(ui, o, opt[i].move);
    }
    more_show(ui, HINT_FIRST, "discards");
    return 0;
}

/* The search's analysis of the decision (the same search the bot makes):
 * at a classic discard, each discard's chance of winning and expected
 * points (the advice the search decides by); otherwise each move with its
 * chance of winning and the tries behind it, moves alike on one line;
 * under each (the best five discards), its reason. */
void show_hint(struct ui *ui, const bfc_game *g, const bfc_observation *o)
{
    if (o->rules.variant == BFC_VARIANT_SEVEN_CARD && o->phase == BFC_PHASE_DISCARD &&
        seven_card_hint(ui, o) == 0)
        return;
    if (!ui->hint) {
        bfc_search_config sc;
        int rc = BFC_OK;
        level_config(ui, &sc);
        ui->hint = bfc_search_new(&ui->rules, &sc, &rc);
        if (!ui->hint) {
            out_printf("hint: no search (%s)\n", bfc_strerror(rc));
            return;
        }
    }
    bfc_search_stat st[BFC_MAX_MOVES];
    bfc_search_info info;
    bfc_search_seed(ui->hint, ui->opt.seed ^ HINT_SALT);
    const int n = bfc_search_analyze(ui->hint, g, st, BFC_MAX_MOVES);
    if (n < 0 || bfc_search_last(ui->hint, &info) != BFC_OK) {
        out_printf("hint: no analysis here (%s)\n", bfc_strerror(n < 0 ? n : BFC_EINVAL));
        return;
    }
    int m = n; /* the moves listed (at most BFC_MAX_MOVES were written) */
    if (m > BFC_MAX_MOVES)
        m = BFC_MAX_MOVES;
    char text[64];
    more_clear(ui); /* each move (with its reason) a block, the best first */
    /* a discard with the advice behind it runs no search (seven-card's
       hint is the advice, above) */
    if (ui->classic && o->phase == BFC_PHASE_DISCARD && info.iterations == 0) {
        const int wins = m > 0 && st[0].value >= 0;
        if (wins)
            out_puts("hint: each discard's chance of winning the game from the scores (the\n"
                     "  play and the other hand as the bot expects them) and its expected\n"
                     "  points (hand and crib, the pegging not counted), best first\n");
        else
            out_puts("hint: each discard's expected points (hand and crib, the pegging not\n"
                     "  counted), best first\n");
        for (int i = 0; i < m; i++) {
            move_text(ui, st[i].move, text, sizeof text);
            if (wins)
                more_block(ui, "  %-20s %5.1f%%  points %7.3f\n", text, 100.0 * st[i].value,
                           st[i].points);
            else
                more_block(ui, "  %-20s points %7.3f\n", text, st[i].points);
            if (i < HINT_WHY)
                print_why(ui, o, st[i].move);
        }
        more_show(ui, HINT_FIRST, "discards");
        return;
    }
    const int solver = info.depth == 0 && info.iterations > 0; /* bfc.h: the deal solver */
    if (info.iterations == 0)
        out_printf("hint: nothing to weigh (%s level): %s\n", level_name(ui->opt.level),
                   m == 1 ? "the only move" : "every move is the same to everyone");
    else if (solver)
        out_printf("hint: %s level search, %u deals solved; each move with its chance\n"
                   "  of winning the game over those deals, best first\n",
                   level_name(ui->opt.level), (unsigned)info.iterations);
    else
        out_printf("hint: %s level search, %u iterations; each move with its chance of\n"
                   "  winning the game and the iterations that tried it, best first%s\n",
                   level_name(ui->opt.level), (unsigned)info.iterations,
                   o->phase == BFC_PHASE_DISCARD
                       ? "\n  (no exact advice for this discard: the search weighs it)"
                       : "");
    int shown = 0, rest = 0;
    for (int i = 0; i < m; i++) {
        if (st[i].same_as != st[i].move)
            continue; /* on the line of the move it is the same as */
        if (!st[i].searched || shown == HINT_SHOWN) {
            rest++;
            continue;
        }
        shown++;
        group_text(ui, st, m, i, text, sizeof text);
        if (info.iterations == 0 || st[i].value < 0)
            more_block(ui, "  %s\n", text);
        else
            more_block(ui, "  %-26s %5.1f%%  %6u %s%s\n", text, 100.0 * st[i].value,
                       (unsigned)st[i].visits, solver ? "deals" : "tries",
                       st[i].wins_now ? "  wins now" : "");
        print_why(ui, o, st[i].move);
    }
    more_show(ui, HINT_FIRST, "moves");
    if (rest)
        out_printf("  (%d more move%s: fewer tries, or not worth a search)\n", rest,
                   rest == 1 ? "" : "s");
}
