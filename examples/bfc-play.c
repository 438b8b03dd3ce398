/*
 * bfc-play -- play Battlefield Cribbage in a terminal: you against one to
 * three bots, or everyone at one keyboard (--hot-seat).
 *
 * An example of the public API: it uses include/bfc.h only. The shape of
 * the program is the shape of any front end:
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
 * bot draws the same way. When standard input is not a terminal the program
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

enum { EXIT_DONE = 0, EXIT_UNFINISHED = 1, EXIT_USAGE = 2 };
enum { BOT_GREEDY, BOT_RANDOM };

/* The command line. */
struct options {
    int players;       /* 2..4 */
    int teams;         /* 4 players as two partnerships */
    int target;        /* points to win */
    uint64_t seed;     /* the game's seed */
    int unicode;       /* suits as symbols */
    int bots;          /* BOT_GREEDY or BOT_RANDOM */
    int hot_seat;      /* every seat is a human */
    int seat;          /* the human's seat (0-based) without --hot-seat */
};

/* Everything the front end keeps between moves. It lives in main(). */
struct ui {
    struct options opt;
    unsigned flags;      /* card text flags: 0 or BFC_UNICODE */
    unsigned human;      /* bit s: seat s is played from the keyboard */
    int interactive;     /* standard input is a terminal */
    uint64_t rng[4];     /* each bot's own generator */
    unsigned skirmish;   /* skirmishes dealt so far, for the narration */
    bfc_frontline front; /* the frontline as the narration goes (public) */
    int last_seat;       /* the seat of the last prompt, -1 before any */
    uint32_t last_turns; /* the skirmish and turn of the last prompt */
    uint32_t last_skirmish;
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
        if (ui->opt.teams)
            printf(" (players %d+%d)", s + 1, s + 3);
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
        if (o->phase == BFC_PHASE_LAYAWAY || o->over)
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
            const int slot = mv - BFC_MOVE_SWAP;
            print_card(ui, o->held);
            printf(" into slot %d, place ", slot);
            print_card(ui, o->formation[me][slot]);
            placement_hint(o, f->cards, f->n, o->formation[me][slot], last_turn);
        } else if (mv >= BFC_MOVE_TAKE && mv < BFC_MOVE_TAKE + 5) {
            const int slot = mv - BFC_MOVE_TAKE;
            fputs("take ", stdout);
            print_card(ui, f->cards[f->n - 1]);
            printf(" into slot %d, place ", slot);
            print_card(ui, o->formation[me][slot]);
            placement_hint(o, f->cards, f->n - 1u, o->formation[me][slot], last_turn);
        } else if (mv == BFC_MOVE_TURN) {
            fputs("place the top card of the pile as the turn card (ends the skirmish)",
                  stdout);
        } else if (mv >= BFC_MOVE_LAYAWAY && mv < BFC_MOVE_LAYAWAY + 5) {
            const int slot = mv - BFC_MOVE_LAYAWAY;
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
            if (bfc_score_battlefield(o->formation[me], o->turn_card, o->rules.flags, &bf) >= 0)
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

/* Why a text is not a move, from its first word. */
static const char *why_unparsed(const char *text)
{
    static const struct {
        const char *verb, *hint;
    } V[] = {
        {"reveal", "reveal needs two different slots from 0 to 4, e.g. reveal 0 3"},
        {"swap", "swap needs one slot from 0 to 4, e.g. swap 2"},
        {"take", "take needs one slot from 0 to 4, e.g. take 2"},
        {"layaway", "layaway needs one slot from 0 to 4, e.g. layaway 1"},
        {"draw", "draw is a word on its own"},
        {"place", "place is a word on its own (to put the card in a slot: swap I)"},
        {"turn", "turn is a word on its own"},
    };
    for (size_t i = 0; i < sizeof V / sizeof V[0]; i++) {
        const size_t n = strlen(V[i].verb);
        if (strncmp(text, V[i].verb, n) == 0 && (text[n] == ' ' || text[n] == 0))
            return V[i].hint;
    }
    return "type help for the moves and commands";
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
        show_table(ui, &o, same_turn);
        list_moves(ui, &o, legal, n);
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
            print_help();
            continue;
        }
        if (strcmp(line, "board") == 0 || strcmp(line, "show") == 0) {
            show_table(ui, &o, 0);
            list_moves(ui, &o, legal, n);
            continue;
        }
        if (strcmp(line, "moves") == 0) {
            list_moves(ui, &o, legal, n);
            continue;
        }
        if (strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0 || strcmp(line, "q") == 0)
            return ASK_QUIT;
        bfc_move m;
        const int k = small_number(line);
        const int by_number = k >= 0;
        if (by_number) {
            if (k < 1 || k > n) {
                char why[64];
                snprintf(why, sizeof why, "pick a number from 1 to %d", n);
                refuse(ui, seat, typed, "is not in the list", why);
                continue;
            }
            m = legal[k - 1];
        } else if (bfc_move_parse(line, &m) != BFC_OK) {
            refuse(ui, seat, typed, "is not a move", why_unparsed(line));
            continue;
        } else if (!is_listed(legal, n, m)) {
            refuse(ui, seat, typed, "is not legal now", why_illegal(&o, m));
            continue;
        }
        /* a script's transcript names every move; at a terminal, only the
         * ones picked by number */
        if (!ui->interactive || by_number) {
            char text[BFC_MOVE_TEXT_MAX];
            bfc_move_format(m, text, sizeof text);
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
    char text[BFC_MOVE_TEXT_MAX];
    bfc_move_format(*out, text, sizeof text);
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
          "Play Battlefield Cribbage in the terminal: you against 1 to 3 bots, or\n"
          "everyone at one keyboard.\n"
          "\n"
          "Options:\n"
          "  --players N    2, 3 or 4 players (default 2)\n"
          "  --teams        4 players as two partnerships, players 1 and 3 against\n"
          "                 players 2 and 4 (implies --players 4)\n"
          "  --target N     points to win, 1 to 1000 (default 121)\n"
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
          "The game (RULES.md section 4), in short: each player has a formation of\n"
          "five face-down cards, slots 0 to 4; nobody looks at them. On your first\n"
          "turn of a skirmish you turn two face up. Then, each turn, you draw a card\n"
          "and place it on the frontline or swap it into a slot (that slot's card\n"
          "goes on the frontline), or you take the frontline's end card into a slot\n"
          "(again that slot's card goes on the frontline). The placed card scores\n"
          "fifteen or thirty-one, and pairs, three or four of a kind and runs among\n"
          "the last five cards; a card that would pass 31 starts a new frontline and\n"
          "the player to the right scores a go. When a formation is all face up the\n"
          "others have one final turn, and the last card placed is the turn card;\n"
          "with two cards left in the pile there is no drawing, and the pile's top\n"
          "card may be placed as the turn card. At the battlefield everyone lays one\n"
          "card away into the dealer's reserve and scores the other four with the\n"
          "turn card, like a cribbage hand; the joker kills a hand.\n"
          "First to the target wins at once.\n"
          "\n"
          "At the prompt, type a move or its number in the list of your moves:\n"
          "  reveal A B, draw, place, swap I, take I, turn, layaway I\n"
          "and help, board (or show), moves or quit.\n"
          "\n"
          "When standard input is not a terminal, " PROG " prints no prompt and no\n"
          "table: it reads one move (or number) per line and prints what happens.\n"
          "\n"
          "Examples:\n"
          "  " PROG "                            you against a greedy bot\n"
          "  " PROG " --teams --unicode          you and a bot against two bots\n"
          "  " PROG " --hot-seat --players 3     three people at one keyboard\n"
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
    opt->players = 2;
    opt->teams = 0;
    opt->target = 121;
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
            strcmp(name, "--seat") != 0) {
            fprintf(stderr, PROG ": unknown option '%s' (see --help)\n", arg);
            return -1;
        }
        const char *val = eq ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
        if (!val) {
            fprintf(stderr, PROG ": %s needs a value (see --help)\n", name);
            return -1;
        }
        uint64_t v;
        if (strcmp(name, "--players") == 0) {
            if (!parse_number(val, 2, 4, &v)) {
                fprintf(stderr, PROG ": --players must be 2, 3 or 4, not '%s'\n", val);
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
            if (!parse_number(val, 0, 3, &v)) {
                fprintf(stderr, PROG ": --seat must be a seat number from 0 to 3, not '%s'\n",
                        val);
                return -1;
            }
            seat = (int)v;
        }
    }
    /* the options together */
    if (opt->teams) {
        if (players != 0 && players != 4) {
            fprintf(stderr, PROG ": --teams needs 4 players, not %d\n", players);
            return -1;
        }
        players = 4;
    }
    if (players)
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
    int score[4];
    const int sides = bfc_game_scores(g, score, 4);
    for (int s = 0; s < sides && s < 4; s++) {
        fputs(s == 0 ? "" : ", ", stdout);
        print_side(ui, s);
        printf(" %d", score[s]);
    }
}

/* Who plays, the cut for the first deal, and the first deal itself (it has
 * no events: bfc_game_new deals it). */
static void intro(struct ui *ui, const bfc_game *g)
{
    bfc_observation o;
    bfc_game_observe(g, ui->opt.hot_seat ? 0 : ui->opt.seat, &o);
    const int n = ui->opt.players;
    fputs("Battlefield Cribbage: ", stdout);
    if (ui->opt.hot_seat)
        printf("%d players at one keyboard", n);
    else
        printf("you are player %d, against %d %s bot%s", ui->opt.seat + 1, n - 1,
               ui->opt.bots == BOT_RANDOM ? "random" : "greedy", n == 2 ? "" : "s");
    printf("; first to %d. Seed %llu.\n", ui->opt.target, (unsigned long long)ui->opt.seed);
    if (ui->opt.teams)
        fputs("Teams: players 1 and 3 (team 1) against players 2 and 4 (team 2).\n", stdout);

    /* the cut for the first deal (RULES 4.2, D6): lowest card deals; the
     * observation keeps the deciding round, so after a tie only the players
     * who cut again have a card */
    int cut = 0, all = 1;
    for (int s = 0; s < n; s++) {
        cut |= o.cut[s] != BFC_CARD_NONE;
        all &= o.cut[s] != BFC_CARD_NONE;
    }
    if (cut) {
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
    if (ui->interactive) {
        bfc_observation o;
        bfc_game_observe(g, ui->opt.hot_seat ? 0 : ui->opt.seat, &o);
        show_table(ui, &o, 0);
    }
    fputs("\nFinal scores: ", stdout);
    print_all_scores(ui, g);
    fputs("; ", stdout);
    print_side(ui, bfc_game_winner(g));
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
    ui.flags = ui.opt.unicode ? BFC_UNICODE : 0u;
    ui.interactive = isatty(STDIN_FILENO);
    ui.human = ui.opt.hot_seat ? (1u << ui.opt.players) - 1u : 1u << ui.opt.seat;
    ui.last_seat = -1;
    for (int s = 0; s < 4; s++)
        ui.rng[s] = mix64(ui.opt.seed ^ UINT64_C(0xB0B0000000000000) * (uint64_t)(s + 1));

    bfc_rules rules;
    bfc_rules_init(&rules); /* cut for the first dealer, turn limit 200 (D9) */
    rules.players = ui.opt.players;
    rules.teams = ui.opt.teams;
    rules.target = ui.opt.target;
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
