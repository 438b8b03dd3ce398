/* --position FILE (bfc-advise.h): a game saved by bfc_game_save(), loaded
 * with bfc_game_load(), and the advice for the seat to move: the search
 * analysis (bfc_search_analyze(): every legal move with its visits and
 * mean value, best first, moves alike shown together), or at a classic
 * discard the advice under the crib model of --crib
 * (bfc_advise_discard_observation()), valued in wins from the save's
 * scores when the rules have a table (bfc_advise_discard_win()). The
 * search sees only that seat's observation (it re-deals what the seat has
 * not seen), and with an iteration budget and --seed it is
 * deterministic. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bfc-advise.h"
#include "json.h"

#define SAVE_MAX (16u << 20) /* a save is a few kilobytes; refuse more */

/* The whole of f in a buffer the caller frees, NUL-terminated; NULL with
 * *why set when it cannot. */
static char *read_all(FILE *f, const char **why)
{
    size_t len = 0, cap = 4096;
    char *text = malloc(cap);
    *why = "out of memory";
    while (text) {
        const size_t got = fread(text + len, 1, cap - 1 - len, f);
        len += got;
        if (got == 0) {
            if (ferror(f)) {
                *why = "read error";
                break;
            }
            text[len] = '\0';
            if (strlen(text) == len)
                return text;
            *why = "it holds a NUL byte: not a save";
            break;
        }
        if (len + 1 == cap) {
            char *more = cap >= SAVE_MAX ? NULL : realloc(text, cap * 2);
            if (!more) {
                *why = "too big for a save";
                break;
            }
            text = more;
            cap *= 2;
        }
    }
    free(text);
    return NULL;
}

/* The text of a file (standard input for "-"); exits when it cannot. */
char *read_save(const char *path)
{
    const char *why = NULL;
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        msg_die(EXIT_USAGE, "cannot open '%s': %s", path, strerror(errno));
    char *text = read_all(f, &why);
    if (f != stdin)
        fclose(f);
    if (!text)
        msg_die(EXIT_USAGE, "cannot read '%s': %s", path, why);
    return text;
}

static const char *move_text(bfc_move m, char *buf, size_t cap)
{
    if (bfc_move_format(m, buf, cap) < 0)
        snprintf(buf, cap, "?");
    return buf;
}

/* A classic discard: the advice, best first, in wins when the rules have
 * a table; -1 if this is not one. */
static int print_exact(FILE *out, const struct request *r, const bfc_observation *obs, int seat,
                       const char *phase)
{
    bfc_discard_option opt[MAX_OPTIONS];
    int n = bfc_advise_discard_win(obs, r->crib_model, opt, MAX_OPTIONS);
    const int win = n >= 0;
    if (!win)
        n = bfc_advise_discard_observation(obs, r->crib_model, opt, MAX_OPTIONS);
    if (n < 0 || n > MAX_OPTIONS)
        return -1;
    char buf[64];
    const char *model = crib_model_name(r->crib_model);
    if (r->json) {
        fprintf(out, "{\"seat\":%d,\"player\":%d,\"phase\":\"%s\",\"method\":\"exact\","
                     "\"crib_model\":\"%s\",\"valued_in\":\"%s\",\"moves\":[",
                seat, seat + 1, phase, model, win ? "wins" : "points");
        for (int i = 0; i < n; i++) {
            fprintf(out, "%s{\"move\":", i ? "," : "");
            json_string(out, move_text(opt[i].move, buf, sizeof buf));
            fprintf(out, ",\"value\":%.9f,\"points\":%.9f,\"hand_ev\":%.9f,\"crib_ev\":%.9f,"
                         "\"total_ev\":%.9f",
                    win ? opt[i].win : opt[i].total_ev, opt[i].total_ev, opt[i].hand_ev,
                    opt[i].crib_ev, opt[i].total_ev);
            if (win)
                fprintf(out, ",\"win\":%.9f", opt[i].win);
            putc('}', out);
        }
        fputs("]}\n", out);
        return 0;
    }
    fprintf(out, "player %d to move, phase %s: every discard, best first%s\n"
                 "(crib model %s; the pegging is not counted in the points)\n\n",
            seat + 1, phase, win ? " by its chance of\nwinning the game from the scores of the save" : "",
            model);
    fprintf(out, "  %-20s %8s %8s %9s%s\n", "move", "hand_ev", "crib_ev", "total_ev",
            win ? "      win" : "");
    for (int i = 0; i < n; i++) {
        char w[16] = "";
        if (win)
            snprintf(w, sizeof w, " %7.1f%%", 100.0 * opt[i].win);
        fprintf(out, "  %-20s %8.3f %8.3f %9.3f%s\n", move_text(opt[i].move, buf, sizeof buf),
                opt[i].hand_ev, opt[i].crib_ev, opt[i].total_ev, w);
    }
    return 0;
}

/* A value in JSON: null when the move was not valued (bfc.h: -1 with no
 * visits). */
static void json_value(FILE *out, const bfc_search_stat *s)
{
    if (s->visits == 0 && s->value == -1)
        fputs("null", out);
    else
        fprintf(out, "%.9f", s->value);
}

static int print_search(FILE *out, const struct request *r, const bfc_game *g, int seat,
                        const char *phase)
{
    bfc_search_stat st[BFC_MAX_MOVES];
    int rc = BFC_OK;
    bfc_search *bot = bfc_search_new(bfc_game_rules(g), &r->search, &rc);
    if (!bot) {
        msg_error("cannot make the search: %s", bfc_strerror(rc));
        return EXIT_USAGE;
    }
    const int n = bfc_search_analyze(bot, g, st, BFC_MAX_MOVES);
    bfc_search_info info;
    memset(&info, 0, sizeof info);
    bfc_search_last(bot, &info);
    bfc_search_free(bot);
    if (n < 0 || n > BFC_MAX_MOVES) {
        msg_error("bfc_search_analyze: %s", bfc_strerror(n < 0 ? n : BFC_EINVAL));
        return EXIT_USAGE;
    }
    char buf[64];
    const int win = r->search.value == BFC_SEARCH_WIN;
    const int solver = info.depth == 0 && info.iterations > 0; /* bfc.h: depth 0, the solver */
    if (r->json) {
        fprintf(out, "{\"seat\":%d,\"player\":%d,\"phase\":\"%s\",\"method\":\"search\","
                     "\"iterations\":%lu,\"seed\":%llu,\"value\":\"%s\",\"moves\":[",
                seat, seat + 1, phase, (unsigned long)info.iterations,
                (unsigned long long)r->search.seed, win ? "win" : "margin");
        for (int i = 0; i < n; i++) {
            fprintf(out, "%s{\"move\":", i ? "," : "");
            json_string(out, move_text(st[i].move, buf, sizeof buf));
            fprintf(out, ",\"visits\":%lu,\"value\":", (unsigned long)st[i].visits);
            json_value(out, &st[i]);
            fprintf(out, ",\"searched\":%s,\"wins_now\":%s,\"same_as\":",
                    st[i].searched ? "true" : "false", st[i].wins_now ? "true" : "false");
            json_string(out, move_text(st[i].same_as, buf, sizeof buf));
            putc('}', out);
        }
        fputs("]}\n", out);
        return EXIT_OK;
    }
    fprintf(out, "player %d to move, phase %s: the search's analysis, best first\n"
                 "(%lu %s, seed %llu; value: %s)\n\n",
            seat + 1, phase, (unsigned long)info.iterations,
            solver ? "worlds of the deal solver" : "iterations", (unsigned long long)r->search.seed,
            win ? "its side's chance of winning" : "the points margin");
    fprintf(out, "  %-20s %8s %9s\n", "move", "visits", "value");
    for (int i = 0; i < n; i++) {
        if (st[i].same_as != st[i].move)
            continue; /* printed under the move it is the same as */
        char v[32];
        if (st[i].visits == 0 && st[i].value == -1)
            snprintf(v, sizeof v, "%9s", "-");
        else
            snprintf(v, sizeof v, "%9.3f", st[i].value);
        fprintf(out, "  %-20s %8lu %s%s\n", move_text(st[i].move, buf, sizeof buf),
                (unsigned long)st[i].visits, v, st[i].searched ? "" : "  (not a candidate)");
        for (int j = 0; j < n; j++)
            if (j != i && st[j].same_as == st[i].move && st[j].same_as != st[j].move)
                fprintf(out, "    or %s (the same to every player)\n",
                        move_text(st[j].move, buf, sizeof buf));
    }
    return EXIT_OK;
}

int run_position(FILE *out, const struct request *r)
{
    char *text = read_save(r->position);
    bfc_game *g = NULL;
    bfc_record_error err;
    const int rc = bfc_game_load_report(&g, text, &err);
    free(text);
    if (rc != BFC_OK && err.line > 0)
        msg_die(EXIT_USAGE, "'%s' is not a game libbfc can load: line %zu: %s (%s)", r->position,
                err.line, err.what, bfc_strerror(rc));
    if (rc != BFC_OK)
        msg_die(EXIT_USAGE, "'%s' is not a game libbfc can load: %s (%s)", r->position, err.what,
                bfc_strerror(rc));
    if (bfc_game_over(g)) {
        bfc_game_free(g);
        msg_die(EXIT_USAGE, "the game in '%s' is over: no move to advise on", r->position);
    }
    const int seat = bfc_game_to_move(g);
    const int phase = bfc_game_phase(g);
    const char *pname = bfc_phase_name(phase);
    int status = EXIT_OK;
    bfc_observation obs;
    if (phase == BFC_PHASE_DISCARD && bfc_game_observe(g, seat, &obs) == BFC_OK &&
        print_exact(out, r, &obs, seat, pname ? pname : "?") == 0)
        status = EXIT_OK;
    else
        status = print_search(out, r, g, seat, pname ? pname : "?");
    bfc_game_free(g);
    return status;
}
