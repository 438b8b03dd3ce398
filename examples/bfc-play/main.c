/*
 * bfc-play -- cribbage in a terminal (bfc-play.h). It uses the public
 * header include/bfc.h only; `bfc-play --help` documents the options.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bfc-play.h"
#include "games.h"
#include "outcheck.h"

const char tool_name[] = "bfc-play";

/* Tells the events of a move (move BFC_MOVE_NONE: of the game's start);
 * total of them happened, more than fit only in a chain of cease-fires. */
static void tell(struct ui *ui, const bfc_game *g, bfc_move move, const bfc_observation *before,
                 const bfc_event *ev, size_t total)
{
    const int cut = total > BFC_MAX_EVENTS; /* events lost past the buffer */
    const size_t n = cut ? BFC_MAX_EVENTS : total;
    if (ui->classic) {
        narrate_classic(ui, g, move, ev, n);
    } else {
        narrate(ui, g, move, before, ev, n);
        /* the narration followed the frontline event by event; it must end
         * where the game's is (a check on this program), then take it */
        bfc_observation after;
        bfc_game_observe(g, 0, &after);
        if (!cut && !ui->left && (ui->front.n != after.frontline.n ||
                           memcmp(ui->front.cards, after.frontline.cards, after.frontline.n) != 0))
            msg_error("the narrated frontline differs from the game's");
        ui->front = after.frontline;
    }
    if (cut)
        out_printf("  (%zu more events not shown)\n", total - n);
    if (ui->interactive)
        out_flush();
}

static void init_ui(struct ui *ui)
{
    ui->classic = ui->rules.variant != BFC_VARIANT_BATTLEFIELD;
    ui->judged_truth = -1;
    ui->flags = ui->opt.unicode ? BFC_UNICODE : 0u;
    ui->interactive = isatty(STDIN_FILENO);
    ui->pause = ui->interactive && !ui->opt.no_pause;
    ui->human = ui->opt.hot_seat ? (1u << ui->opt.players) - 1u : 1u << ui->opt.seat;
    /* the cards a seat alone may see are shown for the one human; at a
     * shared keyboard, in the classic games, for nobody (seats.c shows each
     * player's own hand once they have the keyboard) */
    ui->sees = ui->opt.hot_seat && ui->classic ? 0u : ui->human;
    ui->last_seat = -1;
    ui->screen_seat = -1;
    ui->cut_seat = ui->opt.seat;
    ui->game_number = 1;
    for (int s = 0; s < MAX_SEATS; s++) {
        uint64_t state = ui->opt.seed ^ UINT64_C(0xB0B0000000000000) * (uint64_t)(s + 1);
        ui->rng[s] = bfc_rng_next(&state);
    }
    out_init(isatty(STDOUT_FILENO));
}

/* The game, with its start told: who plays, the cut, the first deal. */
static bfc_game *start(struct ui *ui)
{
    bfc_event ev[BFC_MAX_EVENTS];
    size_t n = 0;
    int status;
    bfc_game *g = bfc_game_new_events(&ui->rules, ui->opt.seed, ev, BFC_MAX_EVENTS, &n, &status);
    if (!g) {
        msg_error("cannot start a game: %s", bfc_strerror(status));
        return NULL;
    }
    bfc_observation o;
    bfc_game_observe(g, 0, &o);
    intro(ui, g);
    if (!ui->opt.hot_seat) { /* partners by cut (D16) may move the human */
        ui->opt.seat = bfc_game_seat_of(g, ui->cut_seat);
        ui->human = ui->sees = 1u << ui->opt.seat;
    }
    coach_start(ui, g);
    coach_chance(ui, g);
    tell(ui, g, BFC_MOVE_NONE, &o, ev, n);
    if (ui->interactive && !bfc_game_over(g))
        out_puts("Type help for the moves and commands, save FILE to keep the game, quit to leave.\n");
    return g;
}

/* The preset whose game these rules are, for the title: the first of the
 * same variant with the same board, captain and backward rules (the
 * options -- muggins, a target -- the title says apart). */
static const bfc_preset *preset_of(const bfc_rules *r)
{
    const unsigned kind = BFC_RULE_CAPTAIN | BFC_RULE_BACKWARD;
    for (int i = 0; bfc_preset_get(i); i++) {
        bfc_rules p;
        if (bfc_rules_preset(&p, bfc_preset_get(i)->name, r->players, r->teams) == BFC_OK &&
            p.variant == r->variant && (p.flags & kind) == (r->flags & kind) &&
            (p.board.n != 0) == (r->board.n != 0))
            return bfc_preset_get(i);
    }
    return game_find(r->variant == BFC_VARIANT_BATTLEFIELD ? "battlefield" : "classic");
}

/* The whole of a file (at most 64 MiB), NUL-terminated, or NULL with errno. */
static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t n = 0, cap = 1 << 14;
    char *buf = malloc(cap);
    while (buf) {
        const size_t got = fread(buf + n, 1, cap - 1 - n, f);
        n += got;
        if (n + 1 < cap || feof(f) || ferror(f))
            break;
        char *more = cap < ((size_t)64 << 20) ? realloc(buf, cap * 2) : NULL;
        if (!more) {
            free(buf);
            buf = NULL;
            errno = cap < ((size_t)64 << 20) ? ENOMEM : EFBIG;
            break;
        }
        buf = more;
        cap *= 2;
    }
    const int bad = ferror(f);
    fclose(f);
    if (buf && bad) {
        free(buf);
        errno = EIO;
        return NULL;
    }
    if (buf)
        buf[n] = 0;
    return buf;
}

/* --resume FILE: a record (`save FILE` wrote it; --record writes one too)
 * or a bare save, its moves replayed without a word, the game told from
 * where it stands. NULL after a message. */
static bfc_game *resume(struct ui *ui)
{
    const char *path = ui->opt.resume;
    char *text = read_all(path);
    if (!text) {
        msg_error("cannot read '%s': %s", path, strerror(errno));
        return NULL;
    }
    bfc_game *first = NULL;
    uint64_t seed = 0;
    int seeded = 0;
    bfc_record_error err;
    bfc_move *moves = NULL;
    int n = bfc_record_parse(text, &first, &seed, &seeded, NULL, 0, &err);
    if (n == BFC_EPARSE && err.line == 1) { /* not a record: a save? */
        bfc_record_error le;
        n = bfc_game_load_report(&first, text, &le);
        if (n != BFC_OK) {
            msg_error("'%s' is neither a game record nor a save that loads: line %zu: %s", path,
                      le.line, le.what);
            free(text);
            return NULL;
        }
    } else if (n > 0 && (moves = malloc((size_t)n * sizeof *moves)) != NULL) {
        n = bfc_record_parse(text, &first, &seed, &seeded, moves, (size_t)n, &err);
    } else if (n > 0) {
        n = BFC_ENOMEM;
        err.line = 0;
        err.what = "out of memory";
    }
    free(text);
    if (n < 0) {
        if (err.line)
            msg_error("'%s' is not a game record that loads: line %zu: %s", path, err.line, err.what);
        else
            msg_error("'%s' is not a game record that loads: %s", path, err.what);
        free(moves);
        return NULL;
    }
    ui->rules = *bfc_game_rules(first);
    ui->opt.players = ui->rules.players;
    ui->opt.teams = ui->rules.teams;
    ui->opt.muggins = (ui->rules.flags & BFC_RULE_MUGGINS) != 0;
    ui->opt.game = preset_of(&ui->rules);
    if (ui->opt.seat >= ui->opt.players) {
        msg_error("%s %d: the game in '%s' has %d players", ui->opt.resume_seat_by,
                  ui->opt.resume_seat_by[2] == 'p' ? ui->opt.seat + 1 : ui->opt.seat, path,
                  ui->opt.players);
        bfc_game_free(first);
        free(moves);
        return NULL;
    }
    if (seeded && !ui->opt.seed_given) /* the bots' generators from the game's seed */
        ui->opt.seed = seed;
    init_ui(ui);
    ui->resumed_unseeded = !seeded;
    bfc_game *g = coach_record_open(ui) == 0 ? bfc_game_clone(first) : NULL;
    if (!g) {
        bfc_game_free(first);
        free(moves);
        return NULL;
    }
    coach_start(ui, first);
    bfc_game_free(first);
    for (int i = 0; i < n; i++) { /* parse checked each move legal where it comes */
        bfc_game_apply(g, moves[i], NULL, 0, NULL);
        coach_move(ui, moves[i]);
    }
    free(moves);
    coach_chance(ui, g);
    if (bfc_game_over(g)) {
        msg_error("the game in '%s' is over: nothing to resume", path);
        bfc_game_free(g);
        return NULL;
    }
    bfc_observation o;
    bfc_game_observe(g, 0, &o);
    ui->skirmish = o.skirmish;
    ui->front = o.frontline;
    ui->count = o.count;
    intro(ui, g);
    out_printf("Resumed from %s after %d move%s%s.\n", path, n, n == 1 ? "" : "s",
               seeded ? "" : " (a game with no seed of its own)");
    if (ui->interactive)
        out_puts("Type help for the moves and commands, save FILE to keep the game, quit to leave.\n");
    return g;
}

/* The player at seat, human or bot, picks a move: EXIT_DONE with *m, or
 * EXIT_UNFINISHED when the human left or the input ended. */
static int pick(struct ui *ui, const bfc_game *g, int seat, bfc_move *m)
{
    if (!ui->left && !(ui->human >> seat & 1u))
        return bot_turn(ui, g, seat, m) == 0 ? EXIT_DONE : EXIT_UNFINISHED;
    /* quit (or the end of the input) at a pause ends the game here */
    const int a = ui->left ? ui->left : ask_move(ui, g, seat, m);
    if (a == ASK_MOVE)
        return EXIT_DONE;
    out_puts(a == ASK_EOF ? "\nThe input ended before the game did. Scores: "
                          : "\nYou left the game. Scores: ");
    print_all_scores(ui, g);
    out_puts(".\n");
    if (ui->rules.match)
        print_match_scores(ui, g);
    coach_record(ui);
    return EXIT_UNFINISHED;
}

/* Match play (RULES 5): the next game of the match, told (bfc_game_next
 * keeps the match score and the seats, D15 names the dealer). 0, or -1
 * after a message. */
static int next_game(struct ui *ui, bfc_game *g)
{
    bfc_event ev[BFC_MAX_EVENTS];
    size_t n = 0;
    const int rc = bfc_game_next_events(g, ev, BFC_MAX_EVENTS, &n);
    if (rc != BFC_OK) {
        msg_error("cannot start the next game: %s", bfc_strerror(rc));
        return -1;
    }
    ui->game_number++;
    ui->skirmish = 0;
    ui->last_seat = -1;
    ui->count = 0;
    out_printf("\n=== Game %d of the match ===\n", ui->game_number);
    coach_start(ui, g);
    coach_chance(ui, g);
    bfc_observation o;
    bfc_game_observe(g, 0, &o);
    tell(ui, g, BFC_MOVE_NONE, &o, ev, n);
    return 0;
}

/* Moves until the game (in match play: the match) is over; the exit
 * status. */
static int play(struct ui *ui, bfc_game *g)
{
    bfc_event ev[BFC_MAX_EVENTS];
    for (;;) {
        if (bfc_game_over(g)) {
            if (ui->counted) { /* the last count stays on the screen until seen */
                out_measure_begin();
                outro(ui, g);
                pace_before(ui, out_measure_end());
            }
            outro(ui, g);
            if (ui->opt.review) {
                out_puts("\n");
                ui->more_ending = 1;
                coach_review(ui, ui->opt.hot_seat ? -1 : ui->opt.seat);
                ui->more_ending = 0;
                more_at_end(ui);
            }
            if (coach_record(ui) != 0)
                return EXIT_UNFINISHED;
            if (!ui->rules.match || bfc_game_match_winner(g) >= 0)
                return EXIT_DONE;
            if (next_game(ui, g) != 0)
                return EXIT_UNFINISHED;
            continue;
        }
        if (outcheck_failed()) /* nobody sees the game: stop (main says why) */
            return EXIT_UNFINISHED;
        const int seat = bfc_game_to_move(g);
        bfc_move m;
        if (pick(ui, g, seat, &m) != EXIT_DONE)
            return EXIT_UNFINISHED;
        bfc_observation before; /* the public table before the move */
        bfc_game_observe(g, seat, &before);
        size_t n = 0;
        const int applied = bfc_game_apply(g, m, ev, BFC_MAX_EVENTS, &n);
        if (applied != BFC_OK) {
            msg_error("the game refused a legal move: %s", bfc_strerror(applied));
            return EXIT_UNFINISHED;
        }
        coach_move(ui, m);
        coach_chance(ui, g);
        if (ui->human >> seat & 1u)
            hide_hand(ui, g, seat);
        tell(ui, g, m, &before, ev, n);
    }
}

int main(int argc, char **argv)
{
    struct ui ui;
    memset(&ui, 0, sizeof ui);
    if (outcheck_open() != 0)
        return EXIT_UNFINISHED;
    const int rc = parse_options(argc, argv, &ui.opt, &ui.rules);
    if (rc != 0) /* --help, --version (their output checked), a bad option */
        return rc < 0 ? EXIT_USAGE : outcheck_close() == 0 ? EXIT_DONE : EXIT_UNFINISHED;
    bfc_game *g;
    if (ui.opt.resume) {
        g = resume(&ui);
    } else {
        init_ui(&ui);
        g = coach_record_open(&ui) == 0 ? start(&ui) : NULL;
    }
    if (!g) {
        if (ui.record)
            fclose(ui.record);
        return EXIT_USAGE;
    }
    int result = searches_open(&ui) == 0 ? play(&ui, g) : EXIT_UNFINISHED;
    out_flush();
    searches_close(&ui);
    coach_close(&ui);
    more_clear(&ui);
    bfc_game_free(g);
    if (ui.record && fclose(ui.record) != 0 && result == EXIT_DONE) {
        msg_error("cannot write the record '%s': %s", ui.opt.record, strerror(errno));
        result = EXIT_UNFINISHED;
    }
    /* a game nobody could see is not played to its end */
    if (outcheck_close() != 0 && result == EXIT_DONE)
        result = EXIT_UNFINISHED;
    return result;
}
