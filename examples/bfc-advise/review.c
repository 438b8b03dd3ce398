/* --review FILE (bfc-advise.h): a game record (bfc_record_parse(): the
 * start, the seed and the moves, as bfc-play --record writes it) reviewed
 * by the search bot at --level / --iterations and --seed
 * (bfc_review_game()): every decision of --seat (or of every player)
 * graded, the summary of each player after. The texts are the library's
 * (bfc_review_format(), bfc_review_summary_format()), so every face of
 * the library says the same. */
#include <stdlib.h>
#include <string.h>

#include "bfc-advise.h"
#include "json.h"

static const char *move_text(bfc_move m, char *buf, size_t cap)
{
    if (bfc_move_format(m, buf, cap) < 0)
        snprintf(buf, cap, "?");
    return buf;
}

/* A number for JSON: -1 stays -1, others with 6 decimals. */
static void json_num(FILE *out, const char *key, double v)
{
    fprintf(out, ",\"%s\":%.6f", key, v);
}

static void print_entry_json(FILE *out, const bfc_review_entry *e)
{
    char m[BFC_MOVE_TEXT_MAX], b[BFC_MOVE_TEXT_MAX], a[BFC_MOVE_TEXT_MAX], text[512];
    fprintf(out, "{\"ply\":%u,\"deal\":%u,\"player\":%d,\"stage\":\"%s\",\"move\":\"%s\","
                 "\"same_as\":\"%s\",\"best\":\"%s\",\"grade\":\"%s\",\"close\":%s,\"by_points\":%s,"
                 "\"legal\":%u,\"rank\":%u,\"tries\":%u,\"score\":[%d,%d]",
            e->ply, e->deal, e->seat + 1, bfc_stage_name(e->stage),
            move_text(e->made, m, sizeof m), move_text(e->made_as, a, sizeof a),
            move_text(e->best, b, sizeof b), bfc_grade_name(e->grade),
            e->close ? "true" : "false", e->by_points ? "true" : "false", e->nlegal, e->rank, e->tries, e->score[0],
            e->score[1]);
    json_num(out, "win", e->made_win);
    json_num(out, "best_win", e->best_win);
    json_num(out, "win_lost", e->win_lost);
    if (e->has_points) {
        json_num(out, "points", e->made_points);
        json_num(out, "best_points", e->best_points);
        json_num(out, "points_lost", e->points_lost);
    }
    bfc_review_format(e, 0, text, sizeof text);
    fputs(",\"text\":", out);
    json_string(out, text);
    fputc('}', out);
}

static void print_tally_json(FILE *out, const bfc_review_tally *t)
{
    fprintf(out, "{\"decisions\":%u", t->decisions);
    for (int g = BFC_GRADE_BEST; g <= BFC_GRADE_UNRATED; g++)
        fprintf(out, ",\"%s\":%u", bfc_grade_name(g), t->grades[g]);
    json_num(out, "win_lost", t->win_lost);
    json_num(out, "points_lost", t->points_lost);
    fputc('}', out);
}

static void print_summary_json(FILE *out, int seat, const bfc_review_summary *s)
{
    fprintf(out, "{\"player\":%d,\"deals\":%u,\"all\":", seat + 1, s->deals);
    print_tally_json(out, &s->all);
    fputs(",\"stages\":{", out);
    int first = 1;
    for (int k = 0; k < BFC_STAGES; k++) {
        if (!s->stage[k].decisions)
            continue;
        fprintf(out, "%s\"%s\":", first ? "" : ",", bfc_stage_name(k));
        print_tally_json(out, &s->stage[k]);
        first = 0;
    }
    fputs("}}", out);
}

int run_review(FILE *out, const struct request *r)
{
    char *text = read_save(r->review);
    bfc_game *start = NULL;
    bfc_record_error err;
    uint64_t seed;
    int seeded;
    int n = bfc_record_parse(text, &start, &seed, &seeded, NULL, 0, &err);
    bfc_move *moves = NULL;
    if (n > 0) { /* the moves' number only: again with room for them */
        moves = malloc(((size_t)n + 1) * sizeof *moves);
        if (!moves)
            msg_die(EXIT_FAIL, "out of memory");
        n = bfc_record_parse(text, &start, &seed, &seeded, moves, (size_t)n, &err);
    }
    free(text);
    if (n < 0) {
        if (err.line)
            msg_die(EXIT_USAGE, "'%s' line %zu: %s", r->review, err.line, err.what);
        msg_die(EXIT_USAGE, "'%s': %s", r->review, err.what);
    }
    const bfc_rules *rules = bfc_game_rules(start);
    if (r->seat >= rules->players)
        msg_die(EXIT_USAGE, "--player %d: the game has %d players", r->seat + 1, rules->players);
    bfc_review_config cfg;
    bfc_review_config_init(&cfg);
    cfg.search = r->search;
    cfg.seat = r->seat;
    /* once: the decisions are never more than the moves (bfc.h) */
    bfc_review_entry *e = malloc(((size_t)n + 1) * sizeof *e);
    if (!e)
        msg_die(EXIT_FAIL, "out of memory");
    const int k = bfc_review_game(start, moves, (size_t)n, &cfg, e, (size_t)n);
    if (k < 0)
        msg_die(EXIT_USAGE, "bfc_review_game: %s", bfc_strerror(k));
    const int first = r->seat >= 0 ? r->seat : 0;
    const int last = r->seat >= 0 ? r->seat : rules->players - 1;
    if (r->json) {
        fprintf(out, "{\"game\":\"%s\",\"players\":%d,\"seed\":", bfc_variant_name(rules->variant),
                rules->players);
        if (seeded)
            fprintf(out, "%llu", (unsigned long long)seed);
        else
            fputs("null", out);
        fprintf(out, ",\"moves\":%d,\"iterations\":%u,\"worlds\":%u,\"search_seed\":%llu,"
                     "\"decisions\":[",
                n, r->search.iterations, r->search.worlds, (unsigned long long)r->search.seed);
        for (int i = 0; i < k; i++) {
            if (i)
                fputc(',', out);
            print_entry_json(out, &e[i]);
        }
        fputs("],\"summaries\":[", out);
        for (int s = first; s <= last; s++) {
            bfc_review_summary sum;
            bfc_review_summarize(e, (size_t)k, s, &sum);
            if (s > first)
                fputc(',', out);
            print_summary_json(out, s, &sum);
        }
        fputs("]}\n", out);
    } else {
        fprintf(out, "Review of a game of %s, %d players, %d moves (seed ",
                bfc_variant_name(rules->variant), rules->players, n);
        if (seeded)
            fprintf(out, "%llu)", (unsigned long long)seed);
        else
            fputs("not given)", out);
        fprintf(out, "\nby the search bot: %u iterations, %u worlds, seed %llu; each decision\n"
                     "with the chance of winning it lost against the bot's choice\n\n",
                r->search.iterations, r->search.worlds, (unsigned long long)r->search.seed);
        for (int i = 0; i < k; i++) {
            char line[512];
            bfc_review_format(&e[i], 0, line, sizeof line);
            fprintf(out, "%s\n", line);
        }
        for (int s = first; s <= last; s++) {
            bfc_review_summary sum;
            char buf[2048];
            bfc_review_summarize(e, (size_t)k, s, &sum);
            bfc_review_summary_format(&sum, buf, sizeof buf);
            fprintf(out, "\nplayer %d: %s", s + 1, buf);
        }
    }
    free(e);
    free(moves);
    bfc_game_free(start);
    return EXIT_OK;
}
