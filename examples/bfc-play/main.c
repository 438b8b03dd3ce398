/*
 * bfc-play -- play cribbage in a terminal: Battlefield Cribbage (the
 * default) or a classic game (--game classic, five-card, noddy, backward,
 * solitaire), you against the bots, or everyone at one keyboard
 * (--hot-seat).
 *
 * An example of the public API: it uses include/bfc.h only. The shape of
 * the program is the shape of any front end, and it is the same for every
 * game the library plays:
 *
 *     game = bfc_game_new(rules, seed)
 *     until bfc_game_over(game):
 *         seat = bfc_game_to_move(game)
 *         a human picks a move from bfc_game_legal_moves(), or a bot picks
 *         one from bfc_game_observe(game, seat) (what that seat may know)
 *         bfc_game_apply(game, move, events) and tell the events
 *
 * Everything the table shows comes from an observation, so it never shows
 * a card its viewer may not see (RULES D7); the narration hides the card a
 * bot draws, the cards a bot throws to the crib and the hands of a Noddy
 * game the same way. When standard input is not a terminal the program
 * reads one move per line and prints only the narration, so scripts and
 * tests can drive it (tests/test_play.sh). `bfc-play --help` documents the
 * options.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bfc.h"

#define PROG "bfc-play"
#define MAX_SEATS 6 /* six-handed cribbage (RULES 3.4) */

enum { EXIT_DONE = 0, EXIT_UNFINISHED = 1, EXIT_USAGE = 2 };
enum { BOT_GREEDY, BOT_RANDOM };

/* The games of --game. players, teams and need_teams are sets of player
 * counts (bit n: n players): the counts the game is played by, those that
 * may play in two or three partnerships, and those that must (the classic
 * game with 4 or 6, RULES 3.3, 3.4). */
static const struct game_kind {
    const char *name;  /* --game NAME */
    const char *title; /* for the intro and the table */
    int variant;       /* BFC_VARIANT_* */
    unsigned flags;    /* rules flags the game implies */
    unsigned players, teams, need_teams;
    int board;          /* the Crib Wars board (RULES 3.9): the library's example */
    const char *counts; /* the player counts in words, for messages */
} GAMES[] = {
    {"battlefield", "Battlefield Cribbage", BFC_VARIANT_BATTLEFIELD, 0, 0x1Cu, 0x10u, 0,
     0, "2, 3 or 4"},
    {"classic", "Cribbage", BFC_VARIANT_CLASSIC, 0, 0x5Cu, 0x50u, 0x50u, 0, "2, 3, 4 or 6"},
    {"five-card", "Five-card cribbage", BFC_VARIANT_FIVE_CARD, 0, 0x04u, 0, 0, 0, "2"},
    {"noddy", "Noddy", BFC_VARIANT_NODDY, 0, 0x7Cu, 0x50u, 0, 0, "2 to 6"},
    {"backward", "Backward cribbage", BFC_VARIANT_CLASSIC, BFC_RULE_BACKWARD, 0x1Cu, 0x10u, 0x10u,
     0, "2, 3 or 4"},
    {"solitaire", "Solitaire cribbage", BFC_VARIANT_SOLITAIRE, 0, 0x02u, 0, 0, 0, "1"},
    {"crib-wars", "Crib Wars", BFC_VARIANT_CLASSIC, 0, 0x5Cu, 0x50u, 0x50u, 1, "2, 3, 4 or 6"},
};
#define NGAMES (sizeof GAMES / sizeof GAMES[0])

/* The command line. */
struct options {
    int game;          /* index in GAMES */
    int players;       /* see GAMES */
    int teams;         /* partnerships (4 or 6 players) */
    int muggins;       /* classic games: players declare their counts (RULES 3.9) */
    int target;        /* points to win (0: the game's own, bfc_rules_init_variant) */
    uint64_t seed;     /* the game's seed */
    int unicode;       /* suits as symbols */
    int bots;          /* BOT_GREEDY or BOT_RANDOM */
    int hot_seat;      /* every seat is a human */
    int seat;          /* the human's seat (0-based) without --hot-seat */
};

/* Everything the front end keeps between moves. It lives in main(). */
struct ui {
    struct options opt;
    const struct game_kind *game; /* GAMES[opt.game] */
    int classic;         /* a classic game (RULES 3), not Battlefield */
    unsigned flags;      /* card text flags: 0 or BFC_UNICODE */
    unsigned human;      /* bit s: seat s is played from the keyboard */
    int interactive;     /* standard input is a terminal */
    uint64_t rng[MAX_SEATS]; /* each bot's own generator */
    unsigned skirmish;   /* skirmishes (classic: deals) dealt so far */
    bfc_frontline front; /* the frontline as the narration goes (public) */
    int last_seat;       /* the seat of the last prompt, -1 before any */
    uint32_t last_turns; /* the skirmish and turn of the last prompt */
    uint32_t last_skirmish;
    /* muggins (RULES 3.9): the hand or crib being declared, from its
       BFC_EV_SHOW, so that the true count can be told once it is judged */
    int judged_crib;     /* 1: the crib */
    int judged_truth;    /* its true count, -1 when the viewer may not know it
                            (another player's Noddy hand) */
    int count;           /* classic: the count after the last card laid */
    int crib_counted;    /* solitaire: the crib of this deal is counted, so a
                            second crib is the free crib (RULES 3.8) */
};

/* ===========================================================================
 * Small text helpers
 * ======================================================================== */

/* Writes card c into buf: "5H" ("5♥" with --unicode), "[??]" when hidden. */
static const char *card_text(const struct ui *ui, bfc_card c, char *buf, size_t cap)
{
    if (c == BFC_CARD_HIDDEN)
        snprintf(buf, cap, "[??]");
    else if (bfc_card_format(c, ui->flags, buf, cap) < 0)
        snprintf(buf, cap, "--");
    return buf;
}

static void print_card(const struct ui *ui, bfc_card c)
{
    char t[BFC_CARD_TEXT_MAX + 4];
    fputs(card_text(ui, c, t, sizeof t), stdout);
}

/* Cards separated by spaces. */
static void print_cards(const struct ui *ui, const bfc_card *cards, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i > 0)
            putchar(' ');
        print_card(ui, cards[i]);
    }
}

/* Columns a UTF-8 text takes on a terminal: one per character, two for the
 * joker's playing-card emoji. Good enough for lining up cards. */
static int text_width(const char *s)
{
    int w = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if ((*p & 0xC0u) == 0x80u)
            continue;
        w += *p >= 0xF0u ? 2 : 1;
    }
    return w;
}

static int popcount64(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* "player 2", or "team 1" for a side of a partnership game. */
static void print_side(const struct ui *ui, int side)
{
    printf(ui->opt.teams ? "team %d" : "player %d", side + 1);
}

/* Whether the turn limit (RULES D9) forces the turn card now. */
static int limit_hit(const bfc_observation *o)
{
    return o->rules.turn_limit > 0 && o->turns >= (uint32_t)o->rules.turn_limit;
}

/* ===========================================================================
 * The table: what the viewer's observation shows
 * ======================================================================== */

static const char *phase_hint(const bfc_observation *o)
{
    switch (o->phase) {
    case BFC_PHASE_REVEAL:
        return "first turn: reveal two slots";
    case BFC_PHASE_TURN:
        if (limit_hit(o))
            return "the turn limit is reached: place the turn card";
        return o->pile > 2 ? "draw or take" : "take, or place the turn card";
    case BFC_PHASE_DRAWN:
        return "place the drawn card or swap it into a slot";
    case BFC_PHASE_LAYAWAY:
        return "lay a card away into the reserve";
    default:
        return "game over";
    }
}

static void print_scores(const struct ui *ui, const bfc_observation *o)
{
    for (int s = 0; s < o->sides; s++) {
        fputs(s == 0 ? "" : ", ", stdout);
        print_side(ui, s);
        if (ui->opt.teams) /* partners sit opposite (RULES 4.1, 3.3, 3.4) */
            printf(" (players %d+%d)", s + 1, s + 1 + o->players / 2);
        else if (!ui->opt.hot_seat && s == ui->opt.seat)
            fputs(" (you)", stdout);
        printf(" %d", o->score[s]);
    }
}

/* The whole table as the observation o shows it. With brief set (the same
 * turn goes on, after a reveal or a draw), only what changed: the mover's
 * formation, the frontline and the held card. */
static void show_table(const struct ui *ui, const bfc_observation *o, int brief)
{
    char t[BFC_CARD_TEXT_MAX + 4];
    putchar('\n');
    if (!brief) {
        printf("  Skirmish %u, ", o->skirmish);
        if (o->over) /* it may end at any point of the skirmish (RULES 4.8) */
            fputs("game over", stdout);
        else if (o->phase == BFC_PHASE_LAYAWAY)
            fputs("the battlefield", stdout);
        else
            printf("turn %u", o->turns + 1);
        printf("; dealer: player %d; first to %d\n", o->dealer + 1, o->rules.target);
        fputs("  Scores: ", stdout);
        print_scores(ui, o);
        fputs("\n\n", stdout);
    }
    printf("  %-15s", "slot");
    for (int i = 0; i < 5; i++)
        printf("%-7d", i);
    putchar('\n');
    for (int s = 0; s < o->players; s++) {
        if (brief && s != o->seat)
            continue;
        char name[32];
        snprintf(name, sizeof name, "player %d", s + 1);
        printf("  %-12s", name);
        for (int i = 0; i < 5; i++) {
            /* a laid-away card is shown in parentheses (RULES 4.7) */
            char cell[24];
            const int laid = o->laid[s] == i;
            card_text(ui, o->formation[s][i], t, sizeof t);
            if (o->formation[s][i] == BFC_CARD_HIDDEN)
                snprintf(cell, sizeof cell, "%s", t);
            else
                snprintf(cell, sizeof cell, laid ? "(%s)" : "[%s]", t);
            printf("  %s%*s", cell, 5 - text_width(cell), "");
        }
        /* notes: who you are, the dealer, the ender, whose move */
        const char *sep = "  ";
        if (s == o->seat && !ui->opt.hot_seat) {
            printf("%syou", sep);
            sep = ", ";
        }
        if (ui->opt.teams) {
            printf("%steam %d", sep, s % 2 + 1);
            sep = ", ";
        }
        if (s == o->dealer) {
            printf("%sdealer", sep);
            sep = ", ";
        }
        if (s == o->ender) {
            printf("%sended the skirmish", sep);
            sep = ", ";
        }
        if (!o->over && s == o->to_move)
            printf("%s<- to move", sep);
        putchar('\n');
    }
    putchar('\n');
    printf("  Frontline: ");
    if (o->frontline.n == 0)
        fputs("(empty)", stdout);
    else
        print_cards(ui, o->frontline.cards, o->frontline.n);
    printf("   sum %u", o->frontline.sum);
    const int gone = popcount64(o->out_of_play);
    if (gone > 0)
        printf("   (out of play: %d card%s)", gone, gone == 1 ? "" : "s");
    putchar('\n');
    if (!brief) {
        printf("  Draw pile: %u cards; crib: ", o->pile);
        if (o->crib == 0)
            fputs("none", stdout);
        else
            printf("%u face down", o->crib);
        if (o->turn_card != BFC_CARD_NONE) {
            fputs("; turn card: ", stdout);
            print_card(ui, o->turn_card);
        }
        putchar('\n');
        if (o->ender != 0xFF && o->phase <= BFC_PHASE_DRAWN)
            printf("  Final turns left: %u (the last one places the turn card)\n",
                   o->final_turns);
    }
    if (o->held != BFC_CARD_NONE && o->held != BFC_CARD_HIDDEN) {
        fputs("  You hold: ", stdout);
        print_card(ui, o->held);
        putchar('\n');
    } else if (o->held == BFC_CARD_HIDDEN) {
        printf("  Player %d holds a drawn card.\n", o->to_move + 1);
    }
    if (!o->over && !brief) {
        printf("  To move: player %d (%s)\n", o->to_move + 1, phase_hint(o));
    }
}

/* ===========================================================================
 * Moves: what each legal move would do, as a hint beside it
 * ======================================================================== */

/* What placing `placed` on the frontline cards[0..n) scores, for the hint:
 * " -> sum 22, 2 points". turn is 1 when it is the turn card. */
static void placement_hint(const bfc_observation *o, const bfc_card *cards, size_t n,
                           bfc_card placed, int turn)
{
    if (placed == BFC_CARD_HIDDEN) {
        fputs(" (face down, unknown)", stdout);
        return;
    }
    bfc_frontline_score fs;
    if (bfc_score_frontline(cards, n, placed, turn ? BFC_TURN_CARD : 0u, &fs) < 0)
        return;
    if (fs.renewed) {
        printf(" -> passes 31: a new frontline, and the go for player %d",
               (o->to_move + o->players - 1) % o->players + 1);
        return;
    }
    printf(" -> sum %u", fs.sum);
    if (fs.placer_points > 0)
        printf(", %u point%s", fs.placer_points, fs.placer_points == 1 ? "" : "s");
    if (fs.knobs_dealer > 0)
        fputs(", knobs to the dealer", stdout);
    if (turn)
        fputs(" (the turn card)", stdout);
}

/* One line per legal move: its number, its text, and what it would do. */
static void list_moves(const struct ui *ui, const bfc_observation *o, const bfc_move *m, int n)
{
    char text[BFC_MOVE_TEXT_MAX];
    const int me = o->to_move;
    if (o->phase == BFC_PHASE_REVEAL) {
        /* ten moves of one kind: five to a row */
        fputs("  Reveal two of your face-down slots:\n", stdout);
        for (int i = 0; i < n; i++) {
            bfc_move_format(m[i], text, sizeof text);
            printf("%s%2d) %-12s", i % 5 == 0 ? "   " : "", i + 1, text);
            if (i % 5 == 4 || i == n - 1)
                putchar('\n');
        }
        return;
    }
    /* the turn card is the last owed final turn's placement (RULES 4.6) */
    const int last_turn = o->ender != 0xFF && o->final_turns == 1;
    const bfc_frontline *f = &o->frontline;
    fputs(o->phase == BFC_PHASE_LAYAWAY
              ? "  Lay a card away (only those that keep your best score, RULES D10):\n"
              : "  Your moves:\n",
          stdout);
    for (int i = 0; i < n; i++) {
        bfc_move_format(m[i], text, sizeof text);
        printf("   %2d) %-11s", i + 1, text);
        const bfc_move mv = m[i];
        if (mv == BFC_MOVE_DRAW) {
            printf("draw the top card of the pile (%u left)", o->pile);
        } else if (mv == BFC_MOVE_PLACE) {
            fputs("place ", stdout);
            print_card(ui, o->held);
            placement_hint(o, f->cards, f->n, o->held, last_turn);
        } else if (mv >= BFC_MOVE_SWAP && mv < BFC_MOVE_SWAP + 5) {
            const int slot = (int)(mv - BFC_MOVE_SWAP);
            print_card(ui, o->held);
            printf(" into slot %d, place ", slot);
            print_card(ui, o->formation[me][slot]);
            placement_hint(o, f->cards, f->n, o->formation[me][slot], last_turn);
        } else if (mv >= BFC_MOVE_TAKE && mv < BFC_MOVE_TAKE + 5) {
            const int slot = (int)(mv - BFC_MOVE_TAKE);
            fputs("take ", stdout);
            print_card(ui, f->cards[f->n - 1]);
            printf(" into slot %d, place ", slot);
            print_card(ui, o->formation[me][slot]);
            placement_hint(o, f->cards, f->n - 1u, o->formation[me][slot], last_turn);
        } else if (mv == BFC_MOVE_TURN) {
            fputs("place the top card of the pile as the turn card (ends the skirmish)",
                  stdout);
        } else if (mv >= BFC_MOVE_LAYAWAY && mv < BFC_MOVE_LAYAWAY + 5) {
            const int slot = (int)(mv - BFC_MOVE_LAYAWAY);
            bfc_battlefield bf;
            fputs("lay ", stdout);
            print_card(ui, o->formation[me][slot]);
            fputs(" away, keep", stdout);
            for (int j = 0; j < 5; j++) {
                if (j != slot) {
                    putchar(' ');
                    print_card(ui, o->formation[me][j]);
                }
            }
            if (bfc_score_battlefield(o->formation[me], o->turn_card, (o->rules.flags & BFC_RULE_ANY_LAY_AWAY) ? BFC_ANY_LAY_AWAY : 0u, &bf) >= 0)
                printf(": %u point%s%s", bf.by_lay_away[slot].total,
                       bf.by_lay_away[slot].total == 1 ? "" : "s",
                       bf.by_lay_away[slot].killed ? " (killed by the joker)" : "");
        }
        putchar('\n');
    }
}

/* Why a well-formed move is not legal now: a short reason. */
static const char *why_illegal(const bfc_observation *o, bfc_move m)
{
    const int reveal = m < BFC_MOVE_DRAW;
    const int layaway = m >= BFC_MOVE_LAYAWAY && m < BFC_MOVE_LAYAWAY + 5;
    switch (o->phase) {
    case BFC_PHASE_REVEAL:
        return "your first turn of a skirmish begins with a reveal (e.g. reveal 0 3)";
    case BFC_PHASE_TURN:
        if (limit_hit(o))
            return "the turn limit is reached: the only move is turn (RULES D9)";
        if (reveal)
            return "you have revealed your two cards already this skirmish";
        if (m == BFC_MOVE_PLACE || (m >= BFC_MOVE_SWAP && m < BFC_MOVE_SWAP + 5))
            return "you hold no card: draw first";
        if (m == BFC_MOVE_DRAW)
            return "two cards left in the pile: no drawing, take or turn (RULES 4.6)";
        if (m == BFC_MOVE_TURN)
            return "the turn card comes only when two cards are left in the pile";
        if (layaway)
            return "cards are laid away at the battlefield, after the turn card";
        return "the frontline is empty: nothing to take";
    case BFC_PHASE_DRAWN:
        return "you hold a drawn card: place it, or swap it into a slot";
    case BFC_PHASE_LAYAWAY:
        if (layaway)
            return "laying that card away does not keep your best score (RULES D10)";
        return "the battlefield is being scored: lay a card away";
    default:
        return "the game is over";
    }
}

/* A hint for each move word: why a text starting with it is not a move. */
typedef struct verb_help {
    const char *verb, *hint;
} verb_help;

static const char *verb_hint(const char *text, const verb_help *V, size_t nv)
{
    for (size_t i = 0; i < nv; i++) {
        const size_t n = strlen(V[i].verb);
        if (strncmp(text, V[i].verb, n) == 0 && (text[n] == ' ' || text[n] == 0))
            return V[i].hint;
    }
    return "type help for the moves and commands";
}

/* Why a text is not a move, from its first word. */
static const char *why_unparsed(const char *text)
{
    static const verb_help V[] = {
        {"reveal", "reveal needs two different slots from 0 to 4, e.g. reveal 0 3"},
        {"swap", "swap needs one slot from 0 to 4, e.g. swap 2"},
        {"take", "take needs one slot from 0 to 4, e.g. take 2"},
        {"layaway", "layaway needs one slot from 0 to 4, e.g. layaway 1"},
        {"draw", "draw is a word on its own"},
        {"place", "place is a word on its own (to put the card in a slot: swap I)"},
        {"turn", "turn is a word on its own"},
    };
    return verb_hint(text, V, sizeof V / sizeof V[0]);
}

static void print_help(void)
{
    fputs("Moves (formation slots are numbered 0 to 4, left to right):\n"
          "  reveal A B   first turn of each skirmish: turn slots A and B face up\n"
          "  draw         take the top card of the draw pile (then place or swap)\n"
          "  place        put the drawn card on the end of the frontline\n"
          "  swap I       put the drawn card in slot I; slot I's card goes on the frontline\n"
          "  take I       take the frontline's end card into slot I; slot I's card goes on\n"
          "               the frontline\n"
          "  turn         with two cards left in the pile: place the top one as the turn\n"
          "               card, which ends the skirmish\n"
          "  layaway I    at the battlefield: lay slot I away into the reserve and score\n"
          "               the other four with the turn card\n"
          "A number picks that move from the list (1 is the first).\n"
          "Commands: board (or show) draws the table again, moves lists your moves,\n"
          "help shows this, quit leaves the game.\n",
          stdout);
}

/* ===========================================================================
 * Narration: one line per event
 * ======================================================================== */

/* The text of a scoring item: "fifteen", "a pair", "a run of 3", ... */
static void print_item(const struct ui *ui, const bfc_item *it, int source)
{
    const char *name = bfc_item_kind_name(it->kind);
    switch (it->kind) {
    case BFC_ITEM_COMBINATION:
        name = bfc_combo_name(it->combo);
        /* "three of a kind" and "four of a kind" take no article */
        printf("%s%s", strncmp(name, "three", 5) == 0 || strncmp(name, "four", 4) == 0 ? ""
                                                                                       : "a ",
               name);
        break;
    case BFC_ITEM_PAIR:
        fputs("a pair", stdout);
        break;
    case BFC_ITEM_RUN:
        printf("a run of %u", it->ncards);
        break;
    case BFC_ITEM_FLUSH:
        printf("a flush of %u", it->ncards);
        break;
    case BFC_ITEM_GO:
    case BFC_ITEM_LAST_CARD:
        printf("the %s", name);
        break;
    case BFC_ITEM_KNOBS:
        printf("%s (the dealer's, for a jack turn card)", name);
        break;
    default:
        fputs(name, stdout);
        break;
    }
    /* the cards of a combination and of every item of a show */
    const int show = source == BFC_SRC_BATTLEFIELD || source == BFC_SRC_RESERVE ||
                     source == BFC_SRC_CEASEFIRE;
    if ((show || it->kind == BFC_ITEM_COMBINATION) && it->ncards > 0) {
        fputs(" (", stdout);
        print_cards(ui, it->cards, it->ncards);
        putchar(')');
    }
}

/* "player 2 places the drawn 7S: frontline 3C 9H 7S (sum 19)". The card
 * came from slot (5: the drawn card, or the pile's top card for the turn
 * card); before says whether that slot was face down. */
static void narrate_place(struct ui *ui, const bfc_event *e, bfc_move move,
                          const bfc_observation *before)
{
    printf("  player %d places ", e->seat + 1);
    if (e->slot >= 5)
        fputs(move == BFC_MOVE_TURN ? "the top card of the pile, " : "the drawn ", stdout);
    print_card(ui, e->card);
    if (e->slot < 5) {
        printf(" from slot %u", e->slot);
        if (!(before->faceup[e->seat] >> e->slot & 1u))
            fputs(" (face down until now)", stdout);
    }
    bfc_frontline_score fs;
    if (bfc_frontline_place(&ui->front, e->card, 0, &fs) < 0) {
        putchar('\n'); /* cannot happen: the mirror is synced after each move */
        return;
    }
    if (fs.renewed) {
        fputs(": that passes 31\n", stdout);
        return;
    }
    fputs(": frontline ", stdout);
    print_cards(ui, ui->front.cards, ui->front.n);
    printf(" (sum %u)\n", ui->front.sum);
}

/* Tells the events of one move. move is the move applied; before is the
 * table just before it; n events of total happened (more than fit in the
 * buffer only in a chain of cease-fires). */
static void narrate(struct ui *ui, bfc_move move, const bfc_observation *before,
                    const bfc_event *ev, size_t n, size_t total)
{
    int ceasefire = 0; /* formations are being scored for a cease-fire */
    for (size_t i = 0; i < n; i++) {
        const bfc_event *e = &ev[i];
        const int who = e->seat + 1;
        switch (e->type) {
        case BFC_EV_DEAL:
            ui->skirmish++;
            ceasefire = 0;
            bfc_frontline_set(&ui->front, &e->card, 1);
            printf("\n-- Skirmish %u: player %d deals", ui->skirmish, who);
            if (e->slot > 0)
                printf(", %u card%s to the crib", e->slot, e->slot == 1 ? "" : "s");
            fputs("; the frontline begins with ", stdout);
            print_card(ui, e->card);
            fputs(" --\n", stdout);
            break;
        case BFC_EV_CEASEFIRE:
            ceasefire = 1;
            fputs("  The first frontline card is the joker: cease-fire! Each formation is\n"
                  "  scored as it lies, five cards and no turn card (RULES 4.3).\n",
                  stdout);
            break;
        case BFC_EV_REVEAL:
            printf("  player %d reveals ", who);
            print_card(ui, e->card);
            printf(" in slot %u", e->slot);
            /* the two reveals of a first turn read as one sentence */
            if (i + 1 < n && ev[i + 1].type == BFC_EV_REVEAL && ev[i + 1].seat == e->seat) {
                i++;
                fputs(" and ", stdout);
                print_card(ui, ev[i].card);
                printf(" in slot %u", ev[i].slot);
            }
            putchar('\n');
            break;
        case BFC_EV_DRAW:
            /* RULES D7: only the drawer sees the card */
            printf("  player %d draws ", who);
            if (ui->human >> e->seat & 1u)
                print_card(ui, e->card);
            else
                fputs("a card", stdout);
            putchar('\n');
            break;
        case BFC_EV_SWAP:
            printf("  player %d puts the drawn ", who);
            print_card(ui, e->card);
            printf(" into slot %u\n", e->slot);
            break;
        case BFC_EV_TAKE:
            printf("  player %d takes ", who);
            print_card(ui, e->card);
            printf(" off the frontline into slot %u\n", e->slot);
            {
                bfc_card taken;
                bfc_frontline_take(&ui->front, &taken);
            }
            break;
        case BFC_EV_PLACE:
            narrate_place(ui, e, move, before);
            break;
        case BFC_EV_RENEW:
            fputs("  the frontline is renewed: ", stdout);
            print_cards(ui, e->item.cards, e->item.ncards);
            fputs(" go out of play and ", stdout);
            print_card(ui, ui->front.cards[0]);
            printf(" begins a new frontline (sum %u)\n", ui->front.sum);
            break;
        case BFC_EV_SCORE:
            printf("  player %d scores ", who);
            print_item(ui, &e->item, e->source);
            printf(" for %u (", e->points);
            if (ui->opt.teams)
                printf("team %d ", e->side + 1);
            printf("total %d)\n", e->score);
            break;
        case BFC_EV_ENDING:
            printf("  player %d has all five cards face up: the skirmish is ending, and\n"
                   "  each other player has one final turn (RULES 4.6)\n",
                   who);
            break;
        case BFC_EV_TURN_CARD:
            fputs("  ", stdout);
            print_card(ui, e->card);
            fputs(" is the turn card: the skirmish is over\n", stdout);
            break;
        case BFC_EV_FORMATION:
            if (!ceasefire && (i == 0 || ev[i - 1].type != BFC_EV_FORMATION))
                fputs("  The battlefield: every formation turns face up.\n", stdout);
            printf("  player %d's formation: ", who);
            print_cards(ui, e->item.cards, e->item.ncards);
            if (ceasefire) {
                printf(", %u point%s", e->points, e->points == 1 ? "" : "s");
                if (memchr(e->item.cards, BFC_JOKER, e->item.ncards))
                    fputs(" (killed by the joker)", stdout);
            }
            putchar('\n');
            break;
        case BFC_EV_LAYAWAY:
            printf("  player %d lays ", who);
            print_card(ui, e->card);
            printf(" away (slot %u) and keeps ", e->slot);
            print_cards(ui, e->item.cards, e->item.ncards);
            fputs(" with the turn card ", stdout);
            print_card(ui, before->turn_card);
            printf(": %u point%s", e->points, e->points == 1 ? "" : "s");
            if (before->turn_card == BFC_JOKER || memchr(e->item.cards, BFC_JOKER, 4))
                fputs(" (killed by the joker)", stdout);
            putchar('\n');
            break;
        case BFC_EV_RESERVE:
            fputs("  the reserve ", stdout);
            print_cards(ui, e->item.cards, e->item.ncards);
            fputs(" with the turn card ", stdout);
            print_card(ui, before->turn_card);
            printf(" scores %u for the dealer, player %d", e->points, who);
            if (before->turn_card == BFC_JOKER || memchr(e->item.cards, BFC_JOKER, 4))
                fputs(" (killed by the joker)", stdout);
            putchar('\n');
            break;
        case BFC_EV_GAME_OVER:
            fputs("\n*** Game over: ", stdout);
            if (ui->opt.teams)
                printf("player %d scores the winning point and ", who);
            print_side(ui, e->side);
            printf(" wins with %d (a win worth %u game%s) ***\n", e->score, e->points,
                   e->points == 1 ? "" : "s");
            break;
        default:
            printf("  (an event of unknown type %u)\n", e->type);
            break;
        }
    }
    if (total > n)
        printf("  (%zu more events not shown)\n", total - n);
}

/* ===========================================================================
 * The classic games (RULES 3): the table, the moves and the narration
 * ======================================================================== */

/* The cards of a set (bit c for card c), lowest id first: by rank. */
static void print_set(const struct ui *ui, uint64_t set)
{
    const char *sep = "";
    for (int c = 0; c < BFC_NCARDS; c++)
        if (set >> c & 1u) {
            fputs(sep, stdout);
            print_card(ui, (bfc_card)c);
            sep = " ";
        }
}

static int is_noddy(const bfc_observation *o) { return o->rules.variant == BFC_VARIANT_NODDY; }

/* How many cards each player throws (RULES 3.1-3.8): two with two players
 * (five-card too) and in solitaire, one with 3, 4 or 6; none in Noddy. */
static int throw_count(const bfc_observation *o)
{
    if (is_noddy(o))
        return 0;
    return o->rules.players <= 2 ? 2 : 1;
}

/* Six players (RULES D3): the dealer and partner throw out of the deal. */
static int throws_out(const bfc_observation *o, int seat)
{
    return o->rules.players == 6 && (seat == o->dealer || seat == (o->dealer + 3) % 6);
}

/* The show flags of a hand or crib (RULES 2.1, 3.5, 3.6). */
static unsigned show_flags(const bfc_observation *o, int crib)
{
    return (crib ? BFC_CRIB : 0u) | (is_noddy(o) ? BFC_NODDY : 0u);
}

/* The name of a scoring item of the play or of a bonus, with its article:
 * "fifteen", "a pair", "three of a kind", "a run of 4", "the go". */
static const char *play_item_name(const bfc_item *it, char *buf, size_t cap)
{
    switch (it->kind) {
    case BFC_ITEM_PAIR:
        return it->ncards >= 4 ? "four of a kind" : it->ncards == 3 ? "three of a kind" : "a pair";
    case BFC_ITEM_RUN:
        snprintf(buf, cap, "a run of %u", it->ncards);
        return buf;
    case BFC_ITEM_FLUSH:
        snprintf(buf, cap, "a flush of %u", it->ncards);
        return buf;
    case BFC_ITEM_GO:
    case BFC_ITEM_LAST_CARD:
        snprintf(buf, cap, "the %s", bfc_item_kind_name(it->kind));
        return buf;
    case BFC_ITEM_HEELS:
        return "heels (a jack starter, the dealer's 2)";
    case BFC_ITEM_THREE_FOR_LAST:
        return "three for last (the non-dealer's 3)";
    default:
        return bfc_item_kind_name(it->kind);
    }
}

/* "hand" or "crib" (RULES 3.1 show). */
static const char *counted_name(int crib) { return crib ? "crib" : "hand"; }

/* What the player to move decides now, for the table. */
static void classic_phase_hint(const bfc_observation *o)
{
    switch (o->phase) {
    case BFC_PHASE_DISCARD:
        if (throws_out(o, o->to_move))
            fputs("put one card out of the deal", stdout);
        else
            printf("throw %s to the crib", throw_count(o) == 2 ? "two cards" : "one card");
        break;
    case BFC_PHASE_PLAY:
        printf("lay a card; the count is %u", o->count);
        break;
    case BFC_PHASE_DECLARE:
        printf("declare the count of the %s", counted_name(o->counting == 1));
        break;
    case BFC_PHASE_CLAIM:
        printf("claim or pass on player %d's count of %u", o->declarer + 1, o->declared);
        break;
    default:
        fputs("game over", stdout);
        break;
    }
}

/* The table of a classic game as the observation o shows it: scores, each
 * player's cards laid (and shown), the starter, the count and the cards
 * laid since it was last 0, the crib, the viewer's own hand. */
static void show_table_classic(const struct ui *ui, const bfc_observation *o)
{
    const int solo = o->players == 1;
    putchar('\n');
    printf("  %s, deal %u%s", ui->game->title, o->skirmish, solo ? " of 6" : "");
    if (!solo)
        printf("; dealer: player %d", o->dealer + 1);
    if (o->rules.flags & BFC_RULE_BACKWARD)
        printf("; the first to %d loses\n", o->rules.target);
    else if (solo)
        printf("; more than %d wins\n", o->rules.target - 1);
    else
        printf("; first to %d\n", o->rules.target);
    fputs("  Scores: ", stdout);
    print_scores(ui, o);
    fputs("\n\n", stdout);
    for (int s = 0; s < o->players && !solo; s++) {
        char name[32];
        snprintf(name, sizeof name, "player %d%s", s + 1,
                 s == o->seat && !ui->opt.hot_seat ? " (you)" : "");
        printf("  %-15s %-7s holds %u", name, s == o->dealer ? "dealer" : "", o->held_by[s]);
        if (o->played[s]) {
            fputs("  laid ", stdout);
            print_set(ui, o->played[s]);
        }
        if (o->shown[s] && o->shown[s] != o->played[s]) {
            fputs("  shown ", stdout);
            print_set(ui, o->shown[s]);
        }
        if (o->folded >> s & 1u) /* Crib Wars: a penalty box */
            fputs(o->boxed < o->sides && (int)o->boxed == s % o->sides
                      ? "  in the penalty box"
                      : "  folded",
                  stdout);
        if (!o->over && s == o->to_move)
            fputs("  <- to move", stdout);
        putchar('\n');
    }
    if (o->boxed < o->sides)
        printf("\n  In the penalty box: %s %d, sitting out this deal and %d more\n",
               ui->opt.teams ? "team" : "player", o->boxed + 1, o->box_deals - 1);
    if (!solo)
        putchar('\n');
    fputs("  Starter: ", stdout);
    if (o->starter == BFC_CARD_NONE)
        fputs("not cut yet", stdout);
    else
        print_card(ui, o->starter);
    if (!is_noddy(o)) {
        printf("   Crib: %u card%s", o->crib, o->crib == 1 ? "" : "s");
        if (!solo)
            printf(" (player %d's)", o->dealer + 1);
        if (o->crib_cards) {
            fputs(solo && o->phase == BFC_PHASE_PLAY ? ", laid so far: " : ": ", stdout);
            print_set(ui, o->crib_cards);
        }
    }
    putchar('\n');
    if (o->phase == BFC_PHASE_PLAY) {
        printf("  Count: %u", o->count);
        if (o->nseq > 0) {
            fputs(" (", stdout);
            print_cards(ui, o->seq, o->nseq < 16 ? o->nseq : 16);
            putchar(')');
        }
        putchar('\n');
    }
    fputs("  Your hand: ", stdout);
    if (o->hand)
        print_set(ui, o->hand);
    else
        fputs(o->phase == BFC_PHASE_DISCARD ? "(no cards)" : "(all laid)", stdout);
    if (o->thrown) {
        fputs(throws_out(o, o->seat) ? "   put out of the deal: " : "   thrown to the crib: ",
              stdout);
        print_set(ui, o->thrown);
    }
    putchar('\n');
    if (o->declarer < o->players) {
        printf("  Counting: player %d's %s", o->declarer + 1, counted_name(o->counting == 1));
        if (o->judged) {
            putchar(' ');
            print_set(ui, o->judged);
            fputs(" with the starter ", stdout);
            print_card(ui, o->starter);
        } else if (o->declarer == o->seat) {
            fputs(" (yours, with the starter ", stdout);
            print_card(ui, o->starter);
            putchar(')');
        } else {
            fputs(" (not shown: Noddy hands stay hidden)", stdout);
        }
        if (o->phase == BFC_PHASE_CLAIM)
            printf(", declared %u", o->declared);
        putchar('\n');
    }
    if (!o->over) {
        printf("  To move: player %d (", o->to_move + 1);
        classic_phase_hint(o);
        fputs(")\n", stdout);
    }
}

/* The two cards of a two-card discard move (RULES 3.1), lower id first. */
static int discard2_cards(bfc_move m, bfc_card *a, bfc_card *b)
{
    for (int i = 0; i < BFC_NCARDS; i++)
        for (int j = i + 1; j < BFC_NCARDS; j++)
            if (bfc_move_discard2((bfc_card)i, (bfc_card)j) == m) {
                *a = (bfc_card)i;
                *b = (bfc_card)j;
                return 1;
            }
    return 0;
}

/* The text of a move: bfc_move_format's ("play 5H", "discard 2C 5H"), with
 * the cards as --unicode writes them when it is on (both parse back). */
static const char *move_text(const struct ui *ui, bfc_move m, char *buf, size_t cap)
{
    char a[BFC_CARD_TEXT_MAX + 4], b[BFC_CARD_TEXT_MAX + 4];
    bfc_card c1, c2;
    if (bfc_move_format(m, buf, cap) < 0 || !ui->flags)
        return buf;
    if (m >= BFC_MOVE_PLAY && m < BFC_MOVE_DISCARD)
        snprintf(buf, cap, "play %s", card_text(ui, (bfc_card)(m - BFC_MOVE_PLAY), a, sizeof a));
    else if (m >= BFC_MOVE_DISCARD && m < BFC_MOVE_DISCARD2)
        snprintf(buf, cap, "discard %s",
                 card_text(ui, (bfc_card)(m - BFC_MOVE_DISCARD), a, sizeof a));
    else if (m >= BFC_MOVE_DISCARD2 && m < BFC_MOVE_DECLARE && discard2_cards(m, &c1, &c2))
        snprintf(buf, cap, "discard %s %s", card_text(ui, c1, a, sizeof a),
                 card_text(ui, c2, b, sizeof b));
    return buf;
}

/* The hint of a discard: the cards kept and their points before the
 * starter is cut (a 3- to 5-card hand, no starter: RULES 2.1). */
static void discard_hint(const struct ui *ui, const bfc_observation *o, uint64_t thrown)
{
    bfc_card keep[8];
    size_t n = 0;
    for (int c = 0; c < BFC_NCARDS && n < 8; c++)
        if ((o->hand & ~thrown) >> c & 1u)
            keep[n++] = (bfc_card)c;
    fputs("keep ", stdout);
    print_cards(ui, keep, n);
    const int pts = bfc_score_hand(keep, n, BFC_CARD_NONE, show_flags(o, 0), NULL);
    if (pts >= 0)
        printf(" (%d before the cut)", pts);
}

/* The hint of a card laid: the count after it and what it pegs (RULES 2.2,
 * Noddy 3.6); the go and the last card are left out. */
static void play_hint(const bfc_observation *o, bfc_card c)
{
    bfc_card seq[17];
    const size_t n = o->nseq < 16 ? o->nseq : 16;
    memcpy(seq, o->seq, n);
    seq[n] = c;
    bfc_item items[BFC_MAX_ITEMS];
    const int ni = bfc_score_peg_items(seq, n + 1, is_noddy(o) ? BFC_NODDY : 0u, items,
                                       BFC_MAX_ITEMS);
    printf("-> count %d", o->count + bfc_card_value(c));
    int pts = 0;
    for (int i = 0; i < ni && i < BFC_MAX_ITEMS; i++)
        pts += items[i].points;
    if (pts == 0)
        return;
    printf(", %d point%s (", pts, pts == 1 ? "" : "s");
    for (int i = 0; i < ni && i < BFC_MAX_ITEMS; i++) {
        char t[32];
        printf("%s%s", i ? ", " : "", play_item_name(&items[i], t, sizeof t));
    }
    putchar(')');
}

/* One line per legal move of a classic game, numbered; a declaration is
 * typed as its points instead (32 lines of "declare N" help nobody). */
static void list_moves_classic(const struct ui *ui, const bfc_observation *o, const bfc_move *m,
                               int n)
{
    char text[32];
    if (o->phase == BFC_PHASE_DECLARE) {
        printf("  Count your %s and declare it: type the points, 0 to 31 (or declare N).\n"
               "  An opponent may claim what you overlook or add too much (RULES 3.9).\n",
               counted_name(o->counting == 1));
        return;
    }
    fputs("  Your moves:\n", stdout);
    for (int i = 0; i < n; i++) {
        move_text(ui, m[i], text, sizeof text);
        printf("   %2d) %s%*s", i + 1, text, 15 - text_width(text), "");
        if (m[i] >= BFC_MOVE_DISCARD2 && m[i] < BFC_MOVE_DECLARE) {
            bfc_card a, b;
            if (discard2_cards(m[i], &a, &b))
                discard_hint(ui, o, UINT64_C(1) << a | UINT64_C(1) << b);
        } else if (m[i] >= BFC_MOVE_DISCARD && m[i] < BFC_MOVE_DISCARD2) {
            if (throws_out(o, o->seat))
                fputs("out of the deal, ", stdout);
            discard_hint(ui, o, UINT64_C(1) << (m[i] - BFC_MOVE_DISCARD));
        } else if (m[i] >= BFC_MOVE_PLAY && m[i] < BFC_MOVE_DISCARD) {
            play_hint(o, (bfc_card)(m[i] - BFC_MOVE_PLAY));
        } else if (m[i] == BFC_MOVE_CLAIM) {
            printf("say player %d's count of %u is wrong and take the difference",
                   o->declarer + 1, o->declared);
        } else if (m[i] == BFC_MOVE_PASS) {
            printf("let player %d's count of %u stand", o->declarer + 1, o->declared);
        }
        putchar('\n');
    }
}

/* Why a well-formed move is not legal now in a classic game. buf holds
 * the reason when it names a card. */
static const char *why_illegal_classic(const struct ui *ui, const bfc_observation *o, bfc_move m,
                                       char *buf, size_t cap)
{
    char t[BFC_CARD_TEXT_MAX + 4];
    const int play = m >= BFC_MOVE_PLAY && m < BFC_MOVE_DISCARD;
    const int discard1 = m >= BFC_MOVE_DISCARD && m < BFC_MOVE_DISCARD2;
    const int discard2 = m >= BFC_MOVE_DISCARD2 && m < BFC_MOVE_DECLARE;
    if (m < BFC_MOVE_PLAY)
        return "that is a Battlefield Cribbage move; type help for the moves of this game";
    switch (o->phase) {
    case BFC_PHASE_DISCARD:
        if (discard1 && throw_count(o) == 2)
            return "throw two cards at once, e.g. discard 2C 5H";
        if (discard2 && throw_count(o) == 1)
            return "throw one card, e.g. discard 5H";
        if (discard1 || discard2) {
            bfc_card a = (bfc_card)(m - BFC_MOVE_DISCARD), b = a;
            if (discard2)
                discard2_cards(m, &a, &b);
            const bfc_card missing = (o->hand >> a & 1u) ? b : a;
            snprintf(buf, cap, "you do not hold %s", card_text(ui, missing, t, sizeof t));
            return buf;
        }
        return "first the discards: throw your cards to the crib";
    case BFC_PHASE_PLAY:
        if (play) {
            const bfc_card c = (bfc_card)(m - BFC_MOVE_PLAY);
            card_text(ui, c, t, sizeof t);
            if (!(o->hand >> c & 1u))
                snprintf(buf, cap, "you do not hold %s", t);
            else
                snprintf(buf, cap, "%s would take the count past 31 (it is %u)", t, o->count);
            return buf;
        }
        if (discard1 || discard2)
            return "the discards are made: lay a card (play C)";
        return "the hands are counted after the play: lay a card (play C)";
    case BFC_PHASE_DECLARE:
        return "declare the count first: type the points, 0 to 31";
    case BFC_PHASE_CLAIM:
        return "claim or pass on the count just declared";
    default:
        return "the game is over";
    }
}

static const char *why_unparsed_classic(const char *text)
{
    static const verb_help V[] = {
        {"play", "play needs one card, e.g. play 5H"},
        {"discard", "discard needs one or two cards, e.g. discard 2C 5H"},
        {"declare", "declare needs points from 0 to 31, e.g. declare 12"},
        {"claim", "claim is a word on its own"},
        {"pass", "pass is a word on its own"},
        {"go", "there is no go move: when you cannot lay a card the game says go for you"},
    };
    return verb_hint(text, V, sizeof V / sizeof V[0]);
}

static void print_help_classic(void)
{
    fputs("Moves (a card is rank and suit: 5H, TD or 10D, JS, AC):\n"
          "  discard C D  throw two cards to the crib (two players, five-card,\n"
          "               solitaire); discard C with 3, 4 or 6 players\n"
          "  play C       lay card C in the play; the count may not pass 31. When you\n"
          "               cannot lay a card the game says go for you.\n"
          "  declare N    muggins: declare N points for your hand or crib (type just N)\n"
          "  claim        muggins: say the count just declared is wrong and take the\n"
          "               difference (RULES 3.9)\n"
          "  pass         muggins: let the declared count stand\n"
          "A number picks that move from the list (1 is the first); when declaring,\n"
          "a number is the points. A card alone plays it (5H), two cards discard them.\n"
          "Commands: board (or show) draws the table again, moves lists your moves,\n"
          "help shows this, quit leaves the game.\n",
          stdout);
}

/* "player 2 scores a pair for 2 (total 14)": one BFC_EV_SCORE. */
static void narrate_score(const struct ui *ui, const bfc_event *e, const char *what)
{
    char t[64];
    printf("  player %d scores %s for %u (", e->seat + 1,
           what ? what : play_item_name(&e->item, t, sizeof t), e->points);
    if (ui->opt.teams)
        printf("team %d ", e->side + 1);
    printf("total %d)\n", e->score);
}

/* What the Crib Wars board did (RULES 3.9). */
static void narrate_board(const struct ui *ui, const bfc_event *e)
{
    char who[16];
    if (ui->opt.teams)
        snprintf(who, sizeof who, "team %d", e->side + 1);
    else
        snprintf(who, sizeof who, "player %d", e->seat + 1);
    switch (e->slot) {
    case BFC_BOARD_RED_SKIP:
        printf("  %s lands on the red skip at %u and slides to %d\n", who, e->points, e->score);
        break;
    case BFC_BOARD_TIME_TRAP:
        printf("  %s lands in the time trap at %u: down the blue path, worth hole %d\n", who,
               e->points, e->score);
        break;
    case BFC_BOARD_GREEN_ADVANCE:
        printf("  %s lands on the green advance at %u: the short cut to %d\n", who, e->points,
               e->score);
        break;
    case BFC_BOARD_PENALTY_BOX:
        if (e->score == e->points)
            printf("  %s lands in the penalty box at %u: folds and sits out this deal and "
                   "three more\n",
                   who, e->points);
        else
            printf("  %s lands in the penalty box at %u: folds and goes back to %d\n", who,
                   e->points, e->score);
        break;
    case BFC_BOARD_AHEAD:
        printf("  %s goes ahead 20, to %d\n", who, e->score);
        break;
    case BFC_BOARD_OUT:
        printf("  %s moves out of the penalty box, to %d\n", who, e->score);
        break;
    case BFC_BOARD_LOST:
        printf("  %s has folded: %u point%s not pegged\n", who, e->points,
               e->points == 1 ? "" : "s");
        break;
    default:
        break;
    }
}

/* The true count of shown cards (hand cards, the starter last) as this
 * program counts them, with its items narrated into buf; -1 on error. */
static int count_show(const bfc_observation *o, const bfc_card *cards, size_t n, int crib,
                      char *buf, size_t cap)
{
    bfc_item items[BFC_MAX_ITEMS];
    if (n < 2)
        return -1;
    const int ni = bfc_score_hand_items(cards, n - 1, cards[n - 1], show_flags(o, crib), items,
                                        BFC_MAX_ITEMS);
    const int total = bfc_score_hand(cards, n - 1, cards[n - 1], show_flags(o, crib), NULL);
    if (ni < 0 || total < 0)
        return -1;
    bfc_items_narrate(items, (size_t)(ni < BFC_MAX_ITEMS ? ni : BFC_MAX_ITEMS), buf, cap);
    return total;
}

/* A hand or crib counted in the show (BFC_EV_SHOW at ev[*i]), with the
 * scoring events that follow it. Without muggins they are collapsed into
 * the count as a player says it and one line with the points; under
 * muggins the count is declared next, so it is not told now. */
static void narrate_show(struct ui *ui, const bfc_observation *o, const bfc_event *ev, size_t n,
                         size_t *i)
{
    const bfc_event *e = &ev[*i];
    const int crib = e->slot == 1;
    const size_t m = e->item.ncards; /* the hand, the starter last */
    /* a Noddy hand is never shown (RULES 3.6): only its owner sees it */
    const int visible = !is_noddy(o) || (ui->human >> e->seat & 1u);
    const int muggins = (o->rules.flags & BFC_RULE_MUGGINS) != 0;
    const int free_crib = o->players == 1 && crib && ui->crib_counted;
    char says[512];
    const int truth = count_show(o, e->item.cards, m, crib, says, sizeof says);
    if (truth != e->points)
        fprintf(stderr, PROG ": the game counts %u for a %s, this program %d\n", e->points,
                counted_name(crib), truth);
    if (crib)
        ui->crib_counted = 1;

    /* "player 2's hand 2S 7S 8C 9D, starter 9H", or under muggins "player 2
       shows the hand 2S 7S 8C 9D with the starter 9H" (to be declared) */
    if (muggins)
        printf("  player %d %s the %s ", e->seat + 1, is_noddy(o) ? "counts" : "shows",
               counted_name(crib));
    else if (free_crib)
        fputs("  the free crib ", stdout);
    else
        printf("  player %d's %s ", e->seat + 1, counted_name(crib));
    if (visible)
        print_cards(ui, e->item.cards, m - 1);
    else
        fputs("(hidden)", stdout);
    fputs(muggins ? " with the starter " : ", starter ", stdout);
    print_card(ui, e->item.cards[m - 1]);
    if (muggins) {
        ui->judged_crib = crib;
        ui->judged_truth = visible ? truth : -1;
        putchar('\n');
        return;
    }
    /* the items would tell what a hidden hand holds: only its points */
    if (visible)
        printf(": %s\n", says);
    else
        printf(": %u point%s\n", e->points, e->points == 1 ? "" : "s");
    /* the items of this count: pegged whole, even when they win */
    int pts = 0, total = 0, side = e->side;
    while (*i + 1 < n && ev[*i + 1].type == BFC_EV_SCORE &&
           (ev[*i + 1].source == BFC_SRC_HAND || ev[*i + 1].source == BFC_SRC_CRIB)) {
        ++*i;
        pts += ev[*i].points;
        total = ev[*i].score;
        side = ev[*i].side;
    }
    if (pts != e->points)
        fprintf(stderr, PROG ": the %s counts %u but scores %d\n", counted_name(crib),
                e->points, pts);
    if (pts > 0) {
        bfc_event sum = *e;
        sum.points = (uint8_t)pts;
        sum.score = (int16_t)total;
        sum.side = (uint8_t)side;
        narrate_score(ui, &sum, free_crib ? "the free crib" : crib ? "the crib" : "the hand");
    }
}

/* The end of a game: who won, what it is worth (RULES 5); backward, who
 * reached the target (RULES 3.7); solitaire, more than 120 (RULES 3.8). */
static void narrate_game_over(const struct ui *ui, const bfc_game *g, const bfc_event *e)
{
    int score[MAX_SEATS] = {0};
    bfc_game_scores(g, score, MAX_SEATS);
    fputs("\n*** Game over: ", stdout);
    if (e->side == 0xFF) {
        printf("%d points after six deals and the free crib; more than %d wins: you lose ***\n",
               score[0], bfc_game_rules(g)->target - 1);
        return;
    }
    if (bfc_game_rules(g)->flags & BFC_RULE_BACKWARD) {
        const int loser = bfc_game_side_of(g, e->seat);
        printf("player %d reaches %d and loses", e->seat + 1, score[loser]);
        if (ui->opt.teams)
            printf(" for team %d", loser + 1);
        fputs("; ", stdout);
    } else if (ui->opt.teams) {
        printf("player %d scores the winning point and ", e->seat + 1);
    }
    print_side(ui, e->side);
    printf(" wins with %d (a win worth %u game%s) ***\n", score[e->side], e->points,
           e->points == 1 ? "" : "s");
}

/* A new deal: its heading and, for each human, the cards dealt (the hand
 * now: the deal is always followed by a human or bot decision). */
static void narrate_deal(struct ui *ui, const bfc_game *g, int dealer, int cards)
{
    bfc_observation o;
    ui->skirmish++;
    ui->crib_counted = 0;
    if (bfc_game_rules(g)->players == 1)
        printf("\n-- Deal %u of 6: %d cards to your hand, 2 to the crib --\n", ui->skirmish,
               cards);
    else
        printf("\n-- Deal %u: player %d deals %d cards each%s --\n", ui->skirmish, dealer + 1,
               cards,
               bfc_game_rules(g)->players == 3 && bfc_game_rules(g)->variant == BFC_VARIANT_CLASSIC
                   ? ", 1 to the crib" /* RULES 3.2 */
                   : "");
    for (int s = 0; s < bfc_game_rules(g)->players; s++)
        if ((ui->human >> s & 1u) && bfc_game_observe(g, s, &o) == BFC_OK) {
            printf("  player %d is dealt ", s + 1);
            print_set(ui, o.hand | o.thrown | o.played[s]);
            putchar('\n');
        }
}

/* Tells the events of one move of a classic game; g is the game after it. */
static void narrate_classic(struct ui *ui, const bfc_game *g, bfc_move move, const bfc_event *ev,
                            size_t n, size_t total)
{
    bfc_observation o;
    bfc_game_observe(g, 0, &o); /* the rules and public facts only */
    for (size_t i = 0; i < n; i++) {
        const bfc_event *e = &ev[i];
        const int who = e->seat + 1;
        switch (e->type) {
        case BFC_EV_DEAL:
            narrate_deal(ui, g, e->seat, e->slot);
            break;
        case BFC_EV_DISCARD: {
            /* one line for the cards a player throws in one move; only the
               thrower may see them (RULES D7) */
            bfc_card c[8];
            size_t k = 0;
            c[k++] = e->card;
            while (i + 1 < n && ev[i + 1].type == BFC_EV_DISCARD && ev[i + 1].seat == e->seat &&
                   ev[i + 1].slot == e->slot && k < 8)
                c[k++] = ev[++i].card;
            const char *to = e->slot == 1 ? "out of the deal (to the bottom of the deck)"
                                          : "to the crib";
            const char *verb = e->slot == 1 ? "puts" : "throws";
            if (ui->human >> e->seat & 1u) {
                printf("  player %d %s ", who, verb);
                print_cards(ui, c, k);
                printf(" %s\n", to);
            } else {
                printf("  player %d %s %zu card%s %s\n", who, verb, k, k == 1 ? "" : "s", to);
            }
            break;
        }
        case BFC_EV_STARTER:
            if (o.players == 1)
                fputs("  the starter is ", stdout);
            else
                printf("  player %d %s the starter: ", who, is_noddy(&o) ? "turns up" : "cuts");
            print_card(ui, e->card);
            putchar('\n');
            break;
        case BFC_EV_PLAY:
            if (e->slot == 1)
                fputs("  the crib's bottom card is laid: ", stdout);
            else
                printf("  player %d plays ", who);
            print_card(ui, e->card);
            printf(", count %u\n", e->points);
            ui->count = e->points;
            break;
        case BFC_EV_GO:
            /* at 31 the count simply starts again: nobody says go there */
            if (ui->count != 31)
                printf("  player %d says go\n", who);
            break;
        case BFC_EV_RESET:
            ui->count = 0;
            fputs("  the count goes back to 0\n", stdout);
            break;
        case BFC_EV_END_PLAY:
            fputs("  the play is over\n", stdout);
            break;
        case BFC_EV_SHOW:
            narrate_show(ui, &o, ev, n, &i);
            break;
        case BFC_EV_DECLARE:
            /* the true count is told after the claim or pass: an opponent
               decides without it (RULES 3.9) */
            printf("  player %d declares %u for the %s\n", who, e->points,
                   counted_name(ui->judged_crib));
            break;
        case BFC_EV_CLAIM:
            if (move == BFC_MOVE_PASS)
                printf("  player %d passes: the count stands", who);
            else if (e->points > 0)
                printf("  player %d claims muggins: %u point%s", who, e->points,
                       e->points == 1 ? "" : "s");
            else
                printf("  player %d claims muggins, but the count is right: nothing to take",
                       who);
            if (ui->judged_truth >= 0)
                printf(" (the true count is %d)", ui->judged_truth);
            putchar('\n');
            break;
        case BFC_EV_SCORE:
            if (e->item.kind == BFC_ITEM_DECLARED) /* the count that stands */
                narrate_score(ui, e, e->source == BFC_SRC_CRIB ? "the crib" : "the hand");
            else if (e->item.kind == BFC_ITEM_MUGGINS)
                narrate_score(ui, e, "muggins");
            else
                narrate_score(ui, e, NULL);
            break;
        case BFC_EV_BOARD:
            narrate_board(ui, e);
            break;
        case BFC_EV_GAME_OVER:
            narrate_game_over(ui, g, e);
            break;
        default:
            printf("  (an event of unknown type %u)\n", e->type);
            break;
        }
    }
    if (total > n)
        printf("  (%zu more events not shown)\n", total - n);
}

/* ===========================================================================
 * Reading the human's moves
 * ======================================================================== */

enum { LINE_OK, LINE_LONG, LINE_EOF };

/* Reads one line of standard input into buf (without its newline). A line
 * longer than buf is read to its end and reported as LINE_LONG; NUL and
 * other control bytes become '?', so nothing odd is ever echoed. */
static int read_line(char *buf, size_t cap)
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
    if (!any)
        return LINE_EOF;
    return too_long ? LINE_LONG : LINE_OK;
}

/* Lower-cases ASCII letters, trims blanks (a trailing '\r' from a CRLF file
 * becomes '?', so it is trimmed first), squeezes inner blanks to one
 * space, and accepts "lay away" and "lay-away" for "layaway". */
static void normalize(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '?'))
        n--;
    s[n] = 0;
    char *w = s;
    int blank = 1; /* drops leading blanks */
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
    if (o->phase == BFC_PHASE_PLAY && n == 1) {
        *out = (bfc_move)(BFC_MOVE_PLAY + c[0]);
        return 1;
    }
    if (o->phase == BFC_PHASE_DISCARD && n == 1) {
        *out = (bfc_move)(BFC_MOVE_DISCARD + c[0]);
        return 1;
    }
    if (o->phase == BFC_PHASE_DISCARD && n == 2) {
        *out = bfc_move_discard2(c[0], c[1]);
        return 1;
    }
    return 0;
}

enum { ASK_MOVE, ASK_QUIT, ASK_EOF };

/* Why the human's input was refused; the game goes on with the next line. */
static void refuse(const struct ui *ui, int seat, const char *input, const char *what,
                   const char *why)
{
    if (!ui->interactive)
        printf("player %d: ", seat + 1);
    else
        fputs("  ", stdout);
    if (input)
        printf("'%s' %s: ", input, what);
    printf("%s\n", why);
}

/* Asks the human at seat for a move until a legal one comes: ASK_MOVE
 * with *out, or ASK_QUIT / ASK_EOF. */
static int ask_move(struct ui *ui, const bfc_game *g, int seat, bfc_move *out)
{
    bfc_observation o;
    bfc_move legal[BFC_MAX_MOVES];
    bfc_game_observe(g, seat, &o);
    const int n = bfc_game_legal_moves(g, legal, BFC_MAX_MOVES);
    if (ui->interactive) {
        if (ui->opt.hot_seat && seat != ui->last_seat)
            printf("\n=== Player %d, your turn ===\n", seat + 1);
        /* the same turn goes on (after a reveal or a draw): only what changed */
        const int same_turn = seat == ui->last_seat && o.turns == ui->last_turns &&
                              o.skirmish == ui->last_skirmish && o.phase != BFC_PHASE_LAYAWAY;
        if (ui->classic) {
            show_table_classic(ui, &o);
            list_moves_classic(ui, &o, legal, n);
        } else {
            show_table(ui, &o, same_turn);
            list_moves(ui, &o, legal, n);
        }
    }
    ui->last_seat = seat;
    ui->last_turns = o.turns;
    ui->last_skirmish = o.skirmish;
    for (;;) {
        char line[256];
        if (ui->interactive) {
            printf("player %d> ", seat + 1);
            fflush(stdout);
        }
        const int r = read_line(line, sizeof line);
        if (r == LINE_EOF)
            return ASK_EOF;
        if (r == LINE_LONG) {
            refuse(ui, seat, NULL, NULL, "that line is too long");
            continue;
        }
        char typed[sizeof line]; /* as typed, for messages */
        memcpy(typed, line, sizeof line);
        normalize(line);
        if (line[0] == 0)
            continue;
        {
            /* trim the copy the same way */
            char *t = typed;
            while (*t == ' ' || *t == '\t')
                t++;
            memmove(typed, t, strlen(t) + 1);
            size_t len = strlen(typed);
            while (len > 0 && (typed[len - 1] == ' ' || typed[len - 1] == '\t' ||
                               typed[len - 1] == '?'))
                typed[--len] = 0;
        }
        if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) {
            if (ui->classic)
                print_help_classic();
            else
                print_help();
            continue;
        }
        const int board = strcmp(line, "board") == 0 || strcmp(line, "show") == 0;
        if (board || strcmp(line, "moves") == 0) {
            if (board && ui->classic)
                show_table_classic(ui, &o);
            else if (board)
                show_table(ui, &o, 0);
            if (ui->classic)
                list_moves_classic(ui, &o, legal, n);
            else
                list_moves(ui, &o, legal, n);
            continue;
        }
        if (strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0 || strcmp(line, "q") == 0)
            return ASK_QUIT;
        bfc_move m;
        const int k = small_number(line);
        const int by_number = k >= 0;
        char why[96];
        if (by_number && o.phase == BFC_PHASE_DECLARE) {
            /* muggins: the number is the points declared */
            m = (bfc_move)(BFC_MOVE_DECLARE + (unsigned)(k < 32 ? k : 0));
            if (k > 31 || !is_listed(legal, n, m)) {
                refuse(ui, seat, typed, "cannot be declared", "declare 0 to 31 points");
                continue;
            }
        } else if (by_number) {
            if (k < 1 || k > n) {
                    snprintf(why, sizeof why, "pick a number from 1 to %d", n);
                refuse(ui, seat, typed, "is not in the list", why);
                continue;
            }
            m = legal[k - 1];
        } else if (bfc_move_parse(line, &m) != BFC_OK &&
                   !(ui->classic && cards_as_move(&o, line, &m))) {
            refuse(ui, seat, typed, "is not a move",
                   ui->classic ? why_unparsed_classic(line) : why_unparsed(line));
            continue;
        } else if (!is_listed(legal, n, m)) {
            refuse(ui, seat, typed, "is not legal now",
                   ui->classic ? why_illegal_classic(ui, &o, m, why, sizeof why)
                               : why_illegal(&o, m));
            continue;
        }
        /* a script's transcript names every move; at a terminal, only the
         * ones picked by number */
        if (!ui->interactive || by_number) {
            char text[32];
            move_text(ui, m, text, sizeof text);
            printf("%splayer %d: %s\n", ui->interactive ? "  " : "", seat + 1, text);
        }
        *out = m;
        return ASK_MOVE;
    }
}

/* ===========================================================================
 * Bots
 * ======================================================================== */

/* splitmix64: turns the game's seed into one generator state per bot. */
static uint64_t mix64(uint64_t x)
{
    x += UINT64_C(0x9E3779B97F4A7C15);
    x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
    return x ^ (x >> 31);
}

/* The bot at seat picks a move from its own observation (so it never sees
 * a hidden card) and announces it: "player 2: take 3". */
static int bot_move(struct ui *ui, const bfc_game *g, int seat, bfc_move *out)
{
    bfc_observation o;
    if (bfc_game_observe(g, seat, &o) != BFC_OK)
        return -1;
    const int rc = ui->opt.bots == BOT_RANDOM ? bfc_bot_random(&o, &ui->rng[seat], out)
                                              : bfc_bot_greedy(&o, &ui->rng[seat], out);
    if (rc != BFC_OK) {
        fprintf(stderr, PROG ": the bot of player %d found no move: %s\n", seat + 1,
                bfc_strerror(rc));
        return -1;
    }
    char text[32];
    move_text(ui, *out, text, sizeof text);
    /* a discard is face down (RULES D7): say how many cards, not which */
    if (*out >= BFC_MOVE_DISCARD2 && *out < BFC_MOVE_DECLARE)
        snprintf(text, sizeof text, "discard [??] [??]");
    else if (*out >= BFC_MOVE_DISCARD && *out < BFC_MOVE_DISCARD2)
        snprintf(text, sizeof text, "discard [??]");
    printf("player %d: %s\n", seat + 1, text);
    return 0;
}

/* ===========================================================================
 * Options
 * ======================================================================== */

static void usage(FILE *f)
{
    fputs("Usage: " PROG " [OPTIONS]\n"
          "\n"
          "Play cribbage in the terminal: Battlefield Cribbage or a classic game, you\n"
          "against the bots, or everyone at one keyboard.\n"
          "\n"
          "Options:\n"
          "  --game NAME    the game (RULES.md): battlefield (the default; section 4),\n"
          "                 classic (3.1-3.4), five-card (3.5), noddy (3.6), backward\n"
          "                 (3.7: the first to the target loses), solitaire (3.8) or\n"
          "                 crib-wars (3.9: classic cribbage on the library's example\n"
          "                 Crib Wars board)\n"
          "  --players N    battlefield 2, 3 or 4; classic and crib-wars 2, 3, 4 or 6\n"
          "                 (4 and 6 in teams); five-card 2; noddy 2 to 6; backward 2,\n"
          "                 3 or 4; solitaire 1 (default 2; solitaire 1)\n"
          "  --teams        partnerships, partners opposite: with 4 players 1+3 against\n"
          "                 2+4, with 6 (classic, noddy) 1+4, 2+5, 3+6 (default 4 players)\n"
          "  --muggins      classic games: everyone declares the count of their hand and\n"
          "                 crib, and an opponent may claim what was miscounted (3.9)\n"
          "  --target N     points to win, 1 to 1000 (default 121; five-card 61, noddy 31;\n"
          "                 backward: the points that lose)\n"
          "  --seed N       seed of the shuffles, 0 to 2^64-1 (default: from the clock;\n"
          "                 the game prints it, so the same game can be played again)\n"
          "  --unicode      suits as \xE2\x99\xA3 \xE2\x99\xA6 \xE2\x99\xA5 \xE2\x99\xA0"
          " and ten as 10\n"
          "  --bots KIND    the bots: random or greedy (default greedy)\n"
          "  --hot-seat     every seat is played from the keyboard, in turn\n"
          "  --seat K       your seat, 0 to N-1 (default 0, shown as player 1)\n"
          "  --help         this text\n"
          "An option's value may also follow an '=' (--players=3).\n"
          "\n"
          "Battlefield Cribbage (RULES.md section 4), in short: each player has a\n"
          "formation of five face-down cards, slots 0 to 4; nobody looks at them. On\n"
          "your first turn of a skirmish you turn two face up. Then, each turn, you\n"
          "draw a card and place it on the frontline or swap it into a slot (that\n"
          "slot's card goes on the frontline), or you take the frontline's end card\n"
          "into a slot (again that slot's card goes on the frontline). The placed card\n"
          "scores fifteen or thirty-one, and pairs, three or four of a kind and runs\n"
          "among the last five cards; a card that would pass 31 starts a new frontline\n"
          "and the player to the right scores a go. When a formation is all face up\n"
          "the others have one final turn, and the last card placed is the turn card;\n"
          "with two cards left in the pile there is no drawing, and the pile's top\n"
          "card may be placed as the turn card. At the battlefield everyone lays one\n"
          "card away into the dealer's reserve and scores the other four with the\n"
          "turn card, like a cribbage hand; the joker kills a hand.\n"
          "First to the target wins at once.\n"
          "\n",
          f);
    fputs("The classic games (section 3): you throw cards to the dealer's crib, a\n"
          "starter is cut, then everyone lays cards in turn, counting up to 31, and\n"
          "pegs fifteens, pairs, runs, 31, the go and the last card; then each hand\n"
          "and the crib are counted with the starter. In Noddy the hands are counted\n"
          "before the play and never shown. The library says go for you. Crib Wars\n"
          "adds special holes to the board: red skips and green advances move your\n"
          "peg on, time traps move it back, and a penalty box folds your hand.\n"
          "\n"
          "At the prompt, type a move or its number in the list of your moves:\n"
          "  reveal A B, draw, place, swap I, take I, turn, layaway I (battlefield)\n"
          "  discard C D, play C, declare N, claim, pass (the classic games)\n"
          "and help, board (or show), moves or quit.\n"
          "\n"
          "When standard input is not a terminal, " PROG " prints no prompt and no\n"
          "table: it reads one move (or number) per line and prints what happens.\n"
          "\n"
          "Examples:\n"
          "  " PROG "                            you against a greedy bot\n"
          "  " PROG " --teams --unicode          you and a bot against two bots\n"
          "  " PROG " --hot-seat --players 3     three people at one keyboard\n"
          "  " PROG " --game classic --muggins   cribbage; count your own hands\n"
          "  " PROG " --game solitaire           six deals, more than 120 wins\n"
          "  " PROG " --game crib-wars --players 3   the Crib Wars board, three players\n"
          "  printf 'reveal 0 1\\ndraw\\nplace\\n' | " PROG " --seed 7\n"
          "                                    three moves, then status 1\n"
          "\n"
          "Exit status: 0 when the game was played to its end, 1 when the input\n"
          "ended or the player quit before that, 2 for a bad option.\n",
          f);
}

/* A whole decimal number in [min, max] into *out; 0 if s is not one. */
static int parse_number(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    if (!*s)
        return 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return 0;
        const unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10)
            return 0;
        v = v * 10 + d;
    }
    if (v < min || v > max)
        return 0;
    *out = v;
    return 1;
}

/* Parses the command line into *opt. Returns 0 to play, 1 after --help, or
 * -1 after a one-line message on stderr. */
static int parse_options(int argc, char **argv, struct options *opt)
{
    int players = 0, seat = -1, bots = -1;
    opt->game = 0;
    opt->players = 2;
    opt->teams = 0;
    opt->muggins = 0;
    opt->target = 0;
    opt->unicode = 0;
    opt->bots = BOT_GREEDY;
    opt->hot_seat = 0;
    opt->seat = 0;
    int seed_given = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        char name[32];
        const char *eq = strchr(arg, '=');
        const size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
        if (strncmp(arg, "--", 2) != 0 || len >= sizeof name) {
            fprintf(stderr, PROG ": %s '%s' (see --help)\n",
                    arg[0] == '-' ? "unknown option" : "unexpected argument", arg);
            return -1;
        }
        memcpy(name, arg, len);
        name[len] = 0;
        /* options without a value */
        int *flag = strcmp(name, "--teams") == 0      ? &opt->teams
                    : strcmp(name, "--unicode") == 0  ? &opt->unicode
                    : strcmp(name, "--hot-seat") == 0 ? &opt->hot_seat
                    : strcmp(name, "--muggins") == 0  ? &opt->muggins
                                                      : NULL;
        if (flag || strcmp(name, "--help") == 0) {
            if (eq) {
                fprintf(stderr, PROG ": %s takes no value\n", name);
                return -1;
            }
            if (!flag) {
                usage(stdout);
                return 1;
            }
            *flag = 1;
            continue;
        }
        if (strcmp(name, "--players") != 0 && strcmp(name, "--target") != 0 &&
            strcmp(name, "--seed") != 0 && strcmp(name, "--bots") != 0 &&
            strcmp(name, "--seat") != 0 && strcmp(name, "--game") != 0) {
            fprintf(stderr, PROG ": unknown option '%s' (see --help)\n", arg);
            return -1;
        }
        const char *val = eq ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
        if (!val) {
            fprintf(stderr, PROG ": %s needs a value (see --help)\n", name);
            return -1;
        }
        uint64_t v;
        if (strcmp(name, "--game") == 0) {
            int k = -1;
            for (size_t g = 0; g < NGAMES; g++)
                if (strcmp(val, GAMES[g].name) == 0)
                    k = (int)g;
            if (k < 0) {
                fprintf(stderr,
                        PROG ": --game must be battlefield, classic, five-card, noddy, "
                             "backward, solitaire or crib-wars, not '%s'\n",
                        val);
                return -1;
            }
            opt->game = k;
        } else if (strcmp(name, "--players") == 0) {
            if (!parse_number(val, 1, MAX_SEATS, &v)) {
                fprintf(stderr, PROG ": --players must be a number from 1 to 6, not '%s'\n",
                        val);
                return -1;
            }
            players = (int)v;
        } else if (strcmp(name, "--target") == 0) {
            if (!parse_number(val, 1, 1000, &v)) {
                fprintf(stderr, PROG ": --target must be a number from 1 to 1000, not '%s'\n",
                        val);
                return -1;
            }
            opt->target = (int)v;
        } else if (strcmp(name, "--seed") == 0) {
            if (!parse_number(val, 0, UINT64_MAX, &v)) {
                fprintf(stderr, PROG ": --seed must be a number from 0 to 2^64-1, not '%s'\n",
                        val);
                return -1;
            }
            opt->seed = v;
            seed_given = 1;
        } else if (strcmp(name, "--bots") == 0) {
            if (strcmp(val, "greedy") == 0) {
                bots = BOT_GREEDY;
            } else if (strcmp(val, "random") == 0) {
                bots = BOT_RANDOM;
            } else {
                fprintf(stderr, PROG ": --bots must be random or greedy, not '%s'\n", val);
                return -1;
            }
        } else {
            if (!parse_number(val, 0, MAX_SEATS - 1, &v)) {
                fprintf(stderr, PROG ": --seat must be a seat number from 0 to 5, not '%s'\n",
                        val);
                return -1;
            }
            seat = (int)v;
        }
    }
    /* the options together */
    const struct game_kind *k = &GAMES[opt->game];
    if (opt->muggins && (k->variant == BFC_VARIANT_BATTLEFIELD ||
                         k->variant == BFC_VARIANT_SOLITAIRE)) {
        fprintf(stderr, PROG ": --muggins is for the classic games with opponents, not %s\n",
                k->name);
        return -1;
    }
    if (opt->teams) {
        if (!k->teams) {
            fprintf(stderr, PROG ": --teams: %s has no partnerships\n", k->name);
            return -1;
        }
        if (players != 0 && !(k->teams >> players & 1u)) {
            fprintf(stderr, PROG ": --teams needs %s players, not %d\n",
                    k->teams == 0x10u ? "4" : "4 or 6", players);
            return -1;
        }
        if (players == 0)
            players = 4;
    }
    if (players == 0)
        players = k->variant == BFC_VARIANT_SOLITAIRE ? 1 : 2;
    if (!(k->players >> players & 1u)) {
        fprintf(stderr, PROG ": %s is played by %s player%s, not %d\n", k->name, k->counts,
                k->players == 0x02u ? "" : "s", players);
        return -1;
    }
    if (k->need_teams >> players & 1u) /* RULES 3.3, 3.4: partners */
        opt->teams = 1;
    opt->players = players;
    if (opt->hot_seat && (seat >= 0 || bots >= 0)) {
        fprintf(stderr, PROG ": --hot-seat has no bots and no single human seat (drop %s)\n",
                seat >= 0 ? "--seat" : "--bots");
        return -1;
    }
    if (seat >= opt->players) {
        fprintf(stderr, PROG ": --seat %d is not a seat of %d players (0 to %d)\n", seat,
                opt->players, opt->players - 1);
        return -1;
    }
    if (seat >= 0)
        opt->seat = seat;
    if (bots >= 0)
        opt->bots = bots;
    if (!seed_given)
        opt->seed = mix64((uint64_t)time(NULL) ^ (uint64_t)getpid() << 32);
    return 0;
}

/* ===========================================================================
 * The game
 * ======================================================================== */

static void print_all_scores(const struct ui *ui, const bfc_game *g)
{
    int score[MAX_SEATS];
    const int sides = bfc_game_scores(g, score, MAX_SEATS);
    for (int s = 0; s < sides && s < MAX_SEATS; s++) {
        fputs(s == 0 ? "" : ", ", stdout);
        print_side(ui, s);
        printf(" %d", score[s]);
    }
}

/* The first deal of a classic game, made inside bfc_game_new with no
 * events: its heading, the human's cards, and the points it already
 * scored, which only the scores show (five-card's 3 for the non-dealer,
 * RULES 3.5; Noddy's heels and hands counted before the play, 3.6). */
static void intro_classic(struct ui *ui, const bfc_game *g, const bfc_observation *o)
{
    const int variant = o->rules.variant;
    const int cards = variant == BFC_VARIANT_SOLITAIRE ? 6
                      : variant == BFC_VARIANT_NODDY   ? 3
                      : variant == BFC_VARIANT_FIVE_CARD || o->players > 2 ? 5
                                                                          : 6;
    ui->skirmish = 0;
    narrate_deal(ui, g, o->dealer, cards);
    if (variant == BFC_VARIANT_FIVE_CARD) {
        const int nondealer = (o->dealer + 1) % 2;
        printf("  player %d, the non-dealer, pegs 3 at the start of the game (RULES 3.5).\n"
               "  Scores: ",
               nondealer + 1);
        print_all_scores(ui, g);
        fputs(".\n", stdout);
    }
    if (variant != BFC_VARIANT_NODDY)
        return;
    printf("  player %d turns up the starter: ", o->dealer + 1);
    print_card(ui, o->starter);
    putchar('\n');
    if (bfc_card_rank(o->starter) == BFC_JACK)
        printf("  player %d scores heels for 2, a jack starter (RULES 3.6).\n", o->dealer + 1);
    if (o->phase == BFC_PHASE_DECLARE) {
        /* muggins: the first hand is being declared */
        ui->judged_crib = 0;
        ui->judged_truth = -1;
        const int mine = ui->human >> o->declarer & 1u;
        printf("  player %d counts the hand ", o->declarer + 1);
        if (mine) {
            bfc_observation d;
            bfc_game_observe(g, o->declarer, &d);
            bfc_card hand[4];
            size_t n = 0;
            for (int c = 0; c < BFC_NCARDS && n < 3; c++)
                if (d.hand >> c & 1u)
                    hand[n++] = (bfc_card)c;
            hand[n++] = d.starter;
            char says[512];
            ui->judged_truth = count_show(&d, hand, n, 0, says, sizeof says);
            print_cards(ui, hand, n - 1);
        } else {
            fputs("(hidden)", stdout);
        }
        fputs(" with the starter ", stdout);
        print_card(ui, o->starter);
        putchar('\n');
        return;
    }
    fputs("  The hands were counted before the play, and never shown (RULES 3.6).\n", stdout);
    for (int s = 0; s < o->players; s++) {
        bfc_observation d;
        if (!(ui->human >> s & 1u) || bfc_game_observe(g, s, &d) != BFC_OK)
            continue;
        bfc_card hand[4];
        size_t n = 0;
        for (int c = 0; c < BFC_NCARDS && n < 3; c++)
            if ((d.hand | d.played[s]) >> c & 1u)
                hand[n++] = (bfc_card)c;
        hand[n++] = d.starter;
        char says[512];
        if (count_show(&d, hand, n, 0, says, sizeof says) < 0)
            continue;
        printf("  player %d's hand ", s + 1);
        print_cards(ui, hand, n - 1);
        fputs(", starter ", stdout);
        print_card(ui, d.starter);
        printf(": %s\n", says);
    }
    fputs("  Scores: ", stdout);
    print_all_scores(ui, g);
    fputs(".\n", stdout);
}

/* Who plays, the cut for the first deal, and the first deal itself (it has
 * no events: bfc_game_new deals it). */
static void intro(struct ui *ui, const bfc_game *g)
{
    bfc_observation o;
    bfc_game_observe(g, ui->opt.hot_seat ? 0 : ui->opt.seat, &o);
    const int n = ui->opt.players;
    const bfc_rules *r = bfc_game_rules(g);
    printf("%s%s: ", ui->game->title, r->flags & BFC_RULE_MUGGINS ? " with muggins" : "");
    if (n == 1)
        fputs("six deals and the free crib", stdout);
    else if (ui->opt.hot_seat)
        printf("%d players at one keyboard", n);
    else
        printf("you are player %d, against %d %s bot%s", ui->opt.seat + 1, n - 1,
               ui->opt.bots == BOT_RANDOM ? "random" : "greedy", n == 2 ? "" : "s");
    if (r->flags & BFC_RULE_BACKWARD)
        printf("; the first to %d loses", r->target);
    else if (n == 1)
        printf("; more than %d wins", r->target - 1);
    else
        printf("; first to %d", r->target);
    printf(". Seed %llu.\n", (unsigned long long)ui->opt.seed);
    if (ui->opt.teams && n == 4)
        fputs("Teams: players 1 and 3 (team 1) against players 2 and 4 (team 2).\n", stdout);
    else if (ui->opt.teams)
        fputs("Teams: players 1 and 4 (team 1), 2 and 5 (team 2), 3 and 6 (team 3).\n", stdout);
    if (r->board.n) {
        fputs("The board (the library's example layout; RULES 3.9 gives no holes):", stdout);
        for (unsigned i = 0; i < r->board.n; i++) {
            const bfc_hole *h = &r->board.hole[i];
            printf("%s %s %u", i % 4 ? "," : "\n ", bfc_hole_kind_name(h->kind), h->at);
            if (h->kind != BFC_HOLE_PENALTY_BOX)
                printf(" -> %u", h->to);
        }
        fputs(".\nLand in a penalty box and you fold your hand and crib for the deal",
              stdout);
        fputs(n == 3 || n == 6 ? ", then sit\nout three more deals.\n"
                               : ": back 20 holes,\nand the other side goes ahead 20.\n",
              stdout);
    }
    if (r->flags & BFC_RULE_MUGGINS)
        fputs("Muggins: declare the count of your hand and crib yourself; an opponent\n"
              "may claim what you overlook, and what you add too much (RULES 3.9).\n",
              stdout);

    /* the cut for the first deal (RULES 4.2, D6): lowest card deals; the
     * observation keeps the deciding round, so after a tie only the players
     * who cut again have a card */
    int cut = 0, all = 1;
    for (int s = 0; s < n; s++) {
        cut |= o.cut[s] != BFC_CARD_NONE;
        all &= o.cut[s] != BFC_CARD_NONE;
    }
    if (cut && n > 1) {
        fputs(all ? "Cut for the deal:" : "Cut for the deal, after a tie:", stdout);
        int first = 1;
        for (int s = 0; s < n; s++) {
            if (o.cut[s] == BFC_CARD_NONE)
                continue;
            printf("%s player %d ", first ? "" : ",", s + 1);
            print_card(ui, o.cut[s]);
            first = 0;
        }
        /* the dealer of the first skirmish dealt; cease-fires move it on */
        const int dealer = (int)((o.dealer + (unsigned)n * 4u - (o.skirmish - 1u) % (unsigned)n) %
                                 (unsigned)n);
        printf(": player %d deals first.\n", dealer + 1);
    }
    if (ui->classic) {
        intro_classic(ui, g, &o);
        if (o.over) {
            /* won (or, backward, lost) inside bfc_game_new: a target that
             * small. The game over as its event would tell it. */
            bfc_event e;
            int score[MAX_SEATS] = {0};
            memset(&e, 0, sizeof e);
            bfc_game_scores(g, score, MAX_SEATS);
            const int winner = bfc_game_winner(g);
            e.side = (uint8_t)(winner < 0 ? 0xFF : winner);
            e.points = (uint8_t)bfc_game_value(g);
            e.seat = (uint8_t)(winner < 0 ? 0 : bfc_game_winning_seat(g));
            for (int s = 0; s < n && (r->flags & BFC_RULE_BACKWARD); s++)
                if (score[bfc_game_side_of(g, s)] >= r->target) {
                    e.seat = (uint8_t)s; /* the first to the target loses */
                    break;
                }
            narrate_game_over(ui, g, &e);
        } else if (ui->interactive) {
            fputs("Type help for the moves and commands, quit to leave.\n", stdout);
        }
        return;
    }

    /* RULES 4.3: a joker first card at the first deal is a cease-fire,
     * already scored by bfc_game_new (it reports no events) */
    const unsigned ceasefires = o.over ? o.skirmish : o.skirmish - 1u;
    int scored = 0;
    for (int s = 0; s < o.sides; s++)
        scored |= o.score[s] != 0;
    if (ceasefires > 0 || scored) {
        fputs("The joker came up as the first frontline card: cease-fire! The formations\n"
              "were scored as they lay (RULES 4.3)",
              stdout);
        if (ceasefires > 1)
            printf(", %u deals in a row", ceasefires);
        fputs(". Scores: ", stdout);
        print_all_scores(ui, g);
        fputs(".\n", stdout);
    }
    ui->skirmish = o.skirmish;
    ui->front = o.frontline;
    if (!o.over) {
        printf("\n-- Skirmish %u: player %d deals", o.skirmish, o.dealer + 1);
        if (o.crib > 0)
            printf(", %u card%s to the crib", o.crib, o.crib == 1 ? "" : "s");
        fputs("; the frontline begins with ", stdout);
        print_card(ui, o.frontline.cards[0]);
        fputs(" --\n", stdout);
        if (ui->interactive)
            fputs("Type help for the moves and commands, quit to leave.\n", stdout);
    }
}

static void outro(const struct ui *ui, const bfc_game *g)
{
    if (ui->interactive && !ui->classic) {
        bfc_observation o;
        bfc_game_observe(g, ui->opt.hot_seat ? 0 : ui->opt.seat, &o);
        show_table(ui, &o, 0);
    }
    fputs("\nFinal scores: ", stdout);
    print_all_scores(ui, g);
    fputs("; ", stdout);
    const int winner = bfc_game_winner(g);
    if (winner < 0) { /* a lost solitaire game (RULES 3.8) */
        printf("lost (more than %d wins).\n", bfc_game_rules(g)->target - 1);
        return;
    }
    print_side(ui, winner);
    const int value = bfc_game_value(g);
    printf(" wins (worth %d game%s).\n", value, value == 1 ? "" : "s");
}

int main(int argc, char **argv)
{
    struct ui ui;
    memset(&ui, 0, sizeof ui);
    const int rc = parse_options(argc, argv, &ui.opt);
    if (rc != 0)
        return rc > 0 ? EXIT_DONE : EXIT_USAGE;
    ui.game = &GAMES[ui.opt.game];
    ui.classic = ui.game->variant != BFC_VARIANT_BATTLEFIELD;
    ui.judged_truth = -1;
    ui.flags = ui.opt.unicode ? BFC_UNICODE : 0u;
    ui.interactive = isatty(STDIN_FILENO);
    ui.human = ui.opt.hot_seat ? (1u << ui.opt.players) - 1u : 1u << ui.opt.seat;
    ui.last_seat = -1;
    for (int s = 0; s < MAX_SEATS; s++)
        ui.rng[s] = mix64(ui.opt.seed ^ UINT64_C(0xB0B0000000000000) * (uint64_t)(s + 1));

    /* the game's defaults: first dealer by cut; Battlefield's turn limit 200
     * (D9); target 121, five-card 61, Noddy 31 */
    bfc_rules rules;
    bfc_rules_init_variant(&rules, ui.game->variant);
    rules.players = ui.opt.players;
    rules.teams = ui.opt.teams;
    if (ui.opt.target)
        rules.target = ui.opt.target;
    rules.flags |= ui.game->flags | (ui.opt.muggins ? BFC_RULE_MUGGINS : 0u);
    if (ui.game->board)
        bfc_board_example(&rules.board);
    if (bfc_rules_check(&rules) != BFC_OK) { /* parse_options should have said why */
        fprintf(stderr, PROG ": these options are not a game libbfc plays\n");
        return EXIT_USAGE;
    }
    int status;
    bfc_game *g = bfc_game_new(&rules, ui.opt.seed, &status);
    if (!g) {
        fprintf(stderr, PROG ": cannot start a game: %s\n", bfc_strerror(status));
        return EXIT_USAGE;
    }

    intro(&ui, g);
    int result = EXIT_DONE;
    bfc_event ev[BFC_MAX_EVENTS];
    while (!bfc_game_over(g)) {
        const int seat = bfc_game_to_move(g);
        bfc_move m;
        if (ui.human >> seat & 1u) {
            const int a = ask_move(&ui, g, seat, &m);
            if (a != ASK_MOVE) {
                fputs(a == ASK_EOF ? "\nThe input ended before the game did. Scores: "
                                   : "\nYou left the game. Scores: ",
                      stdout);
                print_all_scores(&ui, g);
                fputs(".\n", stdout);
                result = EXIT_UNFINISHED;
                break;
            }
        } else if (bot_move(&ui, g, seat, &m) != 0) {
            result = EXIT_UNFINISHED;
            break;
        }
        bfc_observation before; /* the public table before the move */
        bfc_game_observe(g, seat, &before);
        size_t n = 0;
        const int applied = bfc_game_apply(g, m, ev, BFC_MAX_EVENTS, &n);
        if (applied != BFC_OK) {
            fprintf(stderr, PROG ": the game refused a legal move: %s\n", bfc_strerror(applied));
            result = EXIT_UNFINISHED;
            break;
        }
        if (ui.classic) {
            narrate_classic(&ui, g, m, ev, n < BFC_MAX_EVENTS ? n : BFC_MAX_EVENTS, n);
            if (ui.interactive)
                fflush(stdout);
            continue;
        }
        narrate(&ui, m, &before, ev, n < BFC_MAX_EVENTS ? n : BFC_MAX_EVENTS, n);
        /* the narration followed the frontline event by event; it must end
         * where the game's is (a check on this program), then take it */
        bfc_observation after;
        bfc_game_observe(g, seat, &after);
        if (n <= BFC_MAX_EVENTS && (ui.front.n != after.frontline.n ||
                                    memcmp(ui.front.cards, after.frontline.cards,
                                           after.frontline.n) != 0))
            fputs(PROG ": the narrated frontline differs from the game's\n", stderr);
        ui.front = after.frontline;
        if (ui.interactive)
            fflush(stdout);
    }
    if (bfc_game_over(g))
        outro(&ui, g);
    bfc_game_free(g);
    return result;
}
