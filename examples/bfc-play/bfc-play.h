/*
 * bfc-play -- play cribbage in a terminal: Battlefield Cribbage (the
 * default) or a classic game (--game), you against the bots, or everyone
 * at one keyboard (--hot-seat).
 *
 * The shape of the program is the shape of any front end, the same for
 * every game the library plays:
 *
 *     game = bfc_game_new_events(rules, seed)  and tell its events
 *     until bfc_game_over(game):
 *         seat = bfc_game_to_move(game)
 *         a human picks a move from bfc_game_legal_moves(), or a bot picks
 *         one from bfc_game_observe(game, seat) (what that seat may know)
 *         bfc_game_apply(game, move, events) and tell the events
 *
 * Everything the table shows comes from an observation, so it never shows
 * a card its viewer may not see (RULES D7); the narration hides a bot's
 * drawn card, the cards thrown to the crib and Noddy's hands the same way,
 * and at a shared keyboard (--hot-seat) every hand stays hidden until its
 * player has the keyboard. When standard input is not a terminal the
 * program reads one move per line and prints only the narration, one line
 * per event, so scripts and tests can drive it (tests/test_play.sh).
 *
 * The files, by concern: main.c (the loop), options.c (the command line),
 * help.c (every text of help), out.c (output: card text, and lines fitted
 * to 80 columns at a terminal), table.c and table_classic.c (the table a
 * player sees), moves.c and moves_classic.c (the list of moves with what
 * each would do, and why a move is refused), narrate.c and
 * narrate_classic.c (one line per event), intro.c (who plays, the end),
 * input.c (what the human types), seats.c (the bots, and passing the
 * keyboard at a hot seat), hint.c (the search bot's seats and `hint`),
 * coach.c (`review`, --review, --record, the chance of winning).
 */
#ifndef BFC_PLAY_H
#define BFC_PLAY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bfc.h"
#include "msg.h"

enum { EXIT_DONE = 0, EXIT_UNFINISHED = 1, EXIT_USAGE = 2 };

#define MAX_SEATS 6 /* six-handed cribbage (RULES 3.4) */

/* The command line. */
struct options {
    const bfc_preset *game;
    int players;  /* see the game */
    int teams;    /* partnerships (4 or 6 players) */
    int muggins;  /* classic games: players declare their counts (RULES 3.9) */
    int target;   /* points to win (0: the game's own) */
    unsigned rule_flags; /* GAME_FLAGS (games.h): --no-take-back (D14),
                            --joker-kills-formation (D13), --partners-by-cut (D16) */
    int value;    /* BFC_VALUE_* (--value, RULES 5) */
    int pay;      /* GAME_PAY_* (--pay) */
    int next_dealer;  /* BFC_NEXT_* (--next-dealer, D15), -1: not given */
    int match;        /* --match N: 0 single game */
    int match_points; /* BFC_MATCH_* (--match-points), -1: not given */
    uint64_t seed;
    int unicode;  /* suits as symbols */
    int bots;     /* BOT_GREEDY, BOT_RANDOM or BOT_ISMCTS */
    int level;    /* BFC_LEVEL_* (--level): the ismcts bots' and the hints'
                     budget */
    int dial_step; /* --rating N: the bots are the dial's step (bfc_dial),
                      0: not asked */
    int hot_seat; /* every seat is a human */
    int no_pause; /* --no-pause: no waiting for Enter after a count */
    int seat;     /* the human's seat (0-based) without --hot-seat */
    int review;   /* --review: the review of the game at its end */
    const char *record; /* --record FILE: the game record written there */
    const char *resume; /* --resume FILE: a record (save FILE wrote it) or a
                           save, played on from where it stands */
    const char *resume_seat_by; /* --player or --seat given with --resume */
    int seed_given;     /* --seed given (else from the clock, or the file's) */
};

/* Everything the front end keeps between moves. It lives in main(). */
struct ui {
    struct options opt;
    bfc_rules rules;
    int classic;          /* a classic game (RULES 3), not Battlefield */
    unsigned flags;       /* card text flags: 0 or BFC_UNICODE */
    unsigned human;       /* bit s: seat s is played from the keyboard */
    unsigned sees;        /* bit s: seat s's own cards may be shown on the
                             screen all the players look at */
    int interactive;      /* standard input is a terminal */
    uint64_t rng[MAX_SEATS]; /* each bot's own generator */
    bfc_search *search[MAX_SEATS]; /* each ismcts bot's search, else NULL */
    bfc_search *hint;     /* the search of `hint` (made at the first) */
    bfc_dial *dial[MAX_SEATS]; /* --rating: each bot's dial step, else NULL */
    unsigned skirmish;    /* skirmishes (classic: deals) dealt so far */
    bfc_frontline front;  /* the frontline as the narration goes (public) */
    int last_seat;        /* the seat of the last prompt, -1 before any */
    uint32_t last_turns;  /* the skirmish and turn of the last prompt */
    uint32_t last_skirmish;
    int screen_seat;      /* hot seat: whose cards the screen shows, -1 none */
    /* muggins (RULES 3.9, D12): the hand, crib or card being declared,
       from its BFC_EV_SHOW or the observation, so that the true count can
       be told once it is judged */
    int judged_crib;      /* 0 a hand, 1 the crib, 2 a card in the play */
    int judged_truth;     /* its true count, -1 when the viewer may not know
                             it (another player's Noddy hand) */
    int count;            /* classic: the count after the last card laid */
    int crib_counted;     /* solitaire: the crib of this deal is counted, so
                             a second crib is the free crib (RULES 3.8) */
    int noddy_told;       /* Noddy: the hands' being hidden was told */
    int cut_seat;         /* the human's seat before partners by cut (D16)
                             moved it; opt.seat is where it sits now */
    int game_number;      /* match play: the game being played, from 1 */
    /* pauses at a terminal (input.c): a count (a show, the battlefield)
       stays on the screen until the player presses Enter */
    int pause;            /* pausing is on: input at a terminal, no --no-pause */
    int counted;          /* a count has been told since the last pause */
    int count_row;        /* out_rows() when its first line was told */
    int left;             /* ASK_QUIT or ASK_EOF typed at a pause, else 0 */
    /* muggins: the cards of what is judged, for its itemised true count */
    bfc_card judged_cards[BFC_ITEM_MAX_CARDS];
    int judged_n;         /* how many (a show: the starter last), 0 none */
    int judged_owed;      /* a card in the play: the go (1) or last card (2) */
    /* the coach (coach.c): the game's start and its moves, for `review`,
       --review and --record; the chance of winning at the deal's start */
    bfc_game *start;
    bfc_move *moves;
    size_t nmoves, moves_cap;
    uint32_t chance_deal;   /* the deal the chance is of, 0 none */
    int chance_method;      /* BFC_WIN_TABLE or BFC_WIN_APPROX, 0 none */
    double chance[MAX_SEATS];
    /* `more` (more.c): the blocks of the last long answer, the next to tell */
    char **more;
    int more_n, more_cap, more_at;
    const char *more_noun;  /* what they are: "moves", "decisions" */
    int more_ending;        /* the game is over: no prompt to type more at */
    int resumed_unseeded;   /* --resume of a file with no seed (a save, or a
                               later game of a match): records say "seed -" */
    FILE *record;           /* --record FILE, opened before the game starts
                               (a path that cannot be written is said then,
                               not once the game is over) */
};

/* options.c: the options and the rules they make: 0 to play, 1 after
 * --help or --version, -1 after a message. */
int parse_options(int argc, char **argv, struct options *opt, bfc_rules *rules);

/* help.c */
void print_usage(void);
void print_help(void);
void print_help_classic(void);
const char *why_unparsed(const char *text);
const char *why_unparsed_classic(const char *text);

/* out.c: all output goes through these; at a terminal a line longer than
 * 80 columns is wrapped at a space, the rest indented. */
void out_init(int wrap);
void out_printf(const char *fmt, ...) PRINTF_LIKE(1, 2);
void out_puts(const char *s);
void out_flush(void);
void out_clear_screen(void);
/* Rows: the lines written since the player last typed a line (or the
 * screen was cleared), as a terminal shows them (wrapped lines count each
 * row). out_seen() starts again from 0. Between out_measure_begin() and
 * out_measure_end() nothing is written: the rows that would be are
 * counted and returned. */
#define SCREEN_ROWS 24
int out_rows(void);
void out_seen(void);
void out_measure_begin(void);
int out_measure_end(void);
int text_width(const char *s);
const char *card_text(const struct ui *ui, bfc_card c, char *buf, size_t cap);
void print_card(const struct ui *ui, bfc_card c);
void print_cards(const struct ui *ui, const bfc_card *cards, size_t n);
void print_set(const struct ui *ui, uint64_t set);
void print_side(const struct ui *ui, int side);
void print_scores(const struct ui *ui, const bfc_observation *o);
void print_all_scores(const struct ui *ui, const bfc_game *g);
const char *move_text(const struct ui *ui, bfc_move m, char *buf, size_t cap);

/* table.c, table_classic.c: the table as the observation shows it; brief:
 * only what a turn changed. */
void show_table(const struct ui *ui, const bfc_observation *o, int brief);
void show_table_classic(const struct ui *ui, const bfc_observation *o);

/* moves.c, moves_classic.c: the legal moves, numbered, with what each
 * would do; why a well-formed move is not legal now. */
void list_moves(const struct ui *ui, const bfc_observation *o, const bfc_move *m, int n);
void list_moves_classic(const struct ui *ui, const bfc_observation *o, const bfc_move *m,
                        int n);
const char *why_illegal(const bfc_observation *o, bfc_move m);
const char *why_illegal_classic(const struct ui *ui, const bfc_observation *o, bfc_move m,
                                char *buf, size_t cap);
int throws_out(const bfc_observation *o, int seat);
/* The most the seat to move may declare now (RULES D18): the points of
 * the last declaration its legal moves list; -1 outside a declaration. */
int declare_most(const bfc_observation *o);

/* narrate.c, narrate_classic.c: the events of one move (or of the game's
 * start: move BFC_MOVE_NONE); g is the game after them, before the table
 * just before them. */
void narrate(struct ui *ui, const bfc_game *g, bfc_move move, const bfc_observation *before,
             const bfc_event *ev, size_t n);
void narrate_classic(struct ui *ui, const bfc_game *g, bfc_move move, const bfc_event *ev,
                     size_t n);
void narrate_score(const struct ui *ui, const bfc_event *e, const char *what);
void narrate_game_over(const struct ui *ui, const bfc_game *g, const bfc_event *e);
void narrate_match(const struct ui *ui, const bfc_event *e);
size_t narrate_cut(const struct ui *ui, const bfc_event *ev, size_t n);
const char *item_name(const bfc_item *it, char *buf, size_t cap);

/* intro.c */
void intro(const struct ui *ui, const bfc_game *g);
void outro(const struct ui *ui, const bfc_game *g);
void print_match_scores(const struct ui *ui, const bfc_game *g);

/* input.c: ask_move gives ASK_MOVE with *out, or ASK_QUIT / ASK_EOF;
 * read_typed reads one line, LINE_* (control bytes as '?'). */
enum { ASK_MOVE, ASK_QUIT, ASK_EOF };
enum { LINE_OK, LINE_LONG, LINE_EOF };
int ask_move(struct ui *ui, const bfc_game *g, int seat, bfc_move *out);
int read_typed(char *buf, size_t cap);
int is_quit(const char *line);
/* Pauses (ui->pause): pace_event() before the narration of each event --
 * a count that fills the screen waits for Enter ("more"), and so does a
 * new deal after a count; pace_before(rows) before that many rows (the
 * table at a prompt, the last table) waits after a count when they would
 * push it off the screen. */
void pace_event(struct ui *ui, const bfc_event *e);
void pace_before(struct ui *ui, int rows);

/* hint.c: the ismcts bots' searches (0, or -1 after a message), and
 * the `hint` command for the seat to move. */
int searches_open(struct ui *ui);
void searches_close(struct ui *ui);
void show_hint(struct ui *ui, const bfc_game *g, const bfc_observation *o);

/* coach.c: the moves kept from the game's start (coach_start at each new
 * game, coach_move after each move), the review of the game so far for a
 * seat (-1 every seat), the record (--record: 0, or -1 after a message),
 * the chance of winning at each deal's start (coach_chance after each
 * move; print_chance its line on the table). */
void coach_start(struct ui *ui, const bfc_game *g);
void coach_move(struct ui *ui, bfc_move m);
void coach_close(struct ui *ui);
void coach_chance(struct ui *ui, const bfc_game *g);
void print_chance(const struct ui *ui, const bfc_observation *o);
void coach_review(struct ui *ui, int seat);
int coach_record_open(struct ui *ui);
int coach_record(const struct ui *ui);
/* `save FILE` at a prompt: the game so far as a record in FILE (what
 * --resume FILE reads); says what it did. */
void coach_save(const struct ui *ui, const char *path);

/* more.c: a long answer in blocks (more_block starts one, more_line adds
 * to it), told `first` blocks now (-1: a screen) and the rest on `more`, a
 * screen each; a script gets them all at once. */
void more_clear(struct ui *ui);
void more_block(struct ui *ui, const char *fmt, ...) PRINTF_LIKE(2, 3);
void more_line(struct ui *ui, const char *fmt, ...) PRINTF_LIKE(2, 3);
void more_show(struct ui *ui, int first, const char *noun);
int more_left(const struct ui *ui);
void more_next(struct ui *ui);
/* input.c: at the end of the game, the rest of the review a screen at a
 * time, while the player presses Enter (q: no more). */
void more_at_end(struct ui *ui);

/* seats.c */
void announce(const struct ui *ui, int seat, bfc_move m, const char *indent);
int bot_turn(struct ui *ui, const bfc_game *g, int seat, bfc_move *out);
int pass_keyboard(struct ui *ui, int seat);
void hide_hand(struct ui *ui, const bfc_game *g, int seat);

#endif
