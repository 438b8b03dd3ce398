/* The search bot's seats and the `hint` command (bfc-play.h). Each move
 * of a hint comes with its reason in a player's words, the library's
 * (bfc_explain_move), and moves that are the same to the player (the
 * analysis's same_as) are one line. The ismcts
 * bots have one search each, made once for the game (or the match) and
 * seeded from --seed; `hint` asks a search of its own, re-seeded before
 * every hint, so a hint neither changes the game nor what any bot will do,
 * and the same position always gets the same hint. */
#include <string.h>

#include "bfc-play.h"
#include "bots.h"

#define HINT_SALT UINT64_C(0x4849A7B1C0FFEE15) /* the hint search's seed */
#define HINT_SHOWN 10 /* searched moves listed; the rest are counted */
#define HINT_WHY 5    /* the best discards told with their reason */

/* The reason for a move in a player's words (bfc_explain_move), on a line
 * of its own under it; then the moves alike it, `alike`. */
static void print_why(const struct ui *ui, const bfc_observation *o, bfc_move m,
                      const char *alike)
{
    char why[512];
    if (bfc_explain_move(o, m, ui->flags, why, sizeof why) > 0)
        out_printf("      %s%s\n", why, alike);
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
        if (ui->human >> s & 1u || ui->opt.bots != BOT_ISMCTS)
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
    }
    bfc_search_free(ui->hint);
    ui->hint = NULL;
}

static const char *level_name(int level)
{
    return level == BFC_LEVEL_EASY ? "easy" : level == BFC_LEVEL_HARD ? "hard" : "medium";
}

/* A classic discard: the exact advice, every option best first. */
static void hint_discard(const struct ui *ui, const bfc_observation *o)
{
    bfc_discard_option opt[15];
    const int n = bfc_advise_discard_observation(o, BFC_CRIB_UNIFORM, opt, 15);
    if (n < 0) {
        out_printf("hint: no advice here (%s)\n", bfc_strerror(n));
        return;
    }
    const int own = n > 0 && opt[0].total_ev >= opt[0].hand_ev; /* whose crib */
    out_printf("hint: the exact expected points of each discard, best first; the crib is\n"
               "  %s: total = hand %s crib (the rest of the crib thrown at random,\n"
               "  every starter alike; the pegging is not counted)\n",
               own ? "your side's" : "another side's", own ? "+" : "-");
    for (int i = 0; i < n && i < 15; i++) {
        char text[48];
        out_printf("  %-20s hand %6.3f  crib %6.3f  total %7.3f\n",
                   move_text(ui, opt[i].move, text, sizeof text), opt[i].hand_ev, opt[i].crib_ev,
                   opt[i].total_ev);
        if (i < HINT_WHY)
            print_why(ui, o, opt[i].move, "");
    }
}

/* Any other decision: the search's analysis, the best moves first. */
static void hint_search(struct ui *ui, const bfc_game *g, const bfc_observation *o)
{
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
    if (info.iterations == 0)
        out_printf("hint: one move to weigh (%s level)\n", level_name(ui->opt.level));
    else
        out_printf("hint: %s level search, %u iterations; each move with its chance of\n"
                   "  winning the game and the iterations that tried it, best first\n",
                   level_name(ui->opt.level), (unsigned)info.iterations);
    /* the moves alike (same_as) are one line: the move that stands for
       them, with the others named under it */
    int shown = 0, rest = 0;
    for (int i = 0; i < n && i < BFC_MAX_MOVES; i++) {
        char text[48], alike[256] = "";
        if (st[i].same_as != st[i].move)
            continue;
        if (!st[i].searched || shown == HINT_SHOWN) {
            rest++;
            continue;
        }
        shown++;
        size_t len = 0;
        for (int j = 0; j < n && j < BFC_MAX_MOVES; j++) {
            if (j == i || st[j].same_as != st[i].move || len + 40 > sizeof alike)
                continue;
            len += (size_t)snprintf(alike + len, sizeof alike - len, "%s%s",
                                    len ? ", " : "; the same: ",
                                    move_text(ui, st[j].move, text, sizeof text));
        }
        move_text(ui, st[i].move, text, sizeof text);
        if (info.iterations == 0)
            out_printf("  %s\n", text);
        else
            out_printf("  %-20s %5.1f%%  %6u tries%s\n", text, 100.0 * st[i].value,
                       (unsigned)st[i].visits, st[i].wins_now ? "  wins now" : "");
        print_why(ui, o, st[i].move, alike);
    }
    if (rest)
        out_printf("  (%d more move%s: fewer tries, or not worth a search)\n", rest,
                   rest == 1 ? "" : "s");
}

void show_hint(struct ui *ui, const bfc_game *g, const bfc_observation *o)
{
    if (ui->classic && o->phase == BFC_PHASE_DISCARD)
        hint_discard(ui, o);
    else
        hint_search(ui, g, o);
}
