/* The texts of help (bfc-play.h): --help, the in-game help of each kind of
 * game, and why a typed text is not a move, from its first word. */
#include <string.h>

#include "bfc-play.h"

/* The --help text, in pieces (ISO C limits the length of one literal). */
static const char *const USAGE[] = {
    "Usage: bfc-play [OPTIONS]\n"
    "\n"
    "Play cribbage in the terminal: Battlefield Cribbage or a classic game, you\n"
    "against the bots, or everyone at one keyboard.\n"
    "\n"
    "Options:\n"
    "  --game NAME    the game (doc/rules.md): battlefield (the default; section 4),\n"
    "                 classic (3.1-3.4), five-card (3.5), noddy (3.6), backward\n"
    "                 (3.7: the first to the target loses), solitaire (3.8) or\n"
    "                 crib-wars (3.9: classic cribbage on the library's example\n"
    "                 Crib Wars board), seven-card (3.10: 2 players to 181) or\n"
    "                 captains (3.10: one to 61 against two to 121)\n"
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
    "  --bots KIND    the bots: random, greedy (default) or ismcts (the search\n"
    "                 bot: it tries its moves in many deals of the cards it\n"
    "                 cannot see, and plays what wins most often); easy,\n"
    "                 medium or hard: the search bot at that level (as in\n"
    "                 bfc-sim --bots)\n"
    "  --level NAME   easy, medium (default) or hard: the search bot's strength,\n"
    "                 each level stronger than the one below; alone, it makes\n"
    "                 the bots search bots of that level (with --bots, or\n"
    "                 --hot-seat, it is the strength of hint and review)\n"
    "  --rating N     the bots are the strength dial's strongest step rated at\n"
    "                 most N (bfc_dial: 10 steps from a beginner to hard,\n"
    "                 rated on one scale where random moves are 1000); not\n"
    "                 with --bots or --level\n"
    "  --hot-seat     every seat is played from the keyboard, in turn; in the\n"
    "                 classic games each hand stays hidden until its player\n"
    "                 has the keyboard\n"
    "  --player N     you are player N, 1 to the players (default 1), as the\n"
    "                 game prints players and bfc-advise --player reads them;\n"
    "                 --seat K, its old form, counts from 0 (--seat 0 is\n"
    "                 --player 1) and says so\n"
    "  --no-pause     at a terminal, go on after a count without waiting for\n"
    "                 Enter (scripts, whose input is not a terminal, never wait)\n"
    "  --review       at the end of the game, grade each of your decisions\n"
    "                 against the search bot's (every player's with --hot-seat):\n"
    "                 best, inaccuracy, mistake or blunder, by the chance of\n"
    "                 winning lost; `review` at a prompt does it for the game so far.\n"
    "                 At a terminal a hint shows the best 3 moves and a review the\n"
    "                 summary and the 5 costliest decisions: `more` tells the rest,\n"
    "                 a screen at a time (a script gets every line at once)\n"
    "  --record FILE  write the game as a record to FILE at its end (or when\n"
    "                 you leave): bfc-advise --review FILE reviews it. FILE\n"
    "                 is opened first: one that cannot be written stops\n"
    "                 bfc-play before the game (status 2)\n"
    "  --resume FILE  go on with the game in FILE: a record (`save FILE` at a\n"
    "                 prompt writes one, so does --record) or a save\n"
    "                 (bfc_game_save); its rules come from the file (no --game\n"
    "                 or other rule option), its moves are replayed, and the\n"
    "                 bots go on from the file's seed (their later moves may\n"
    "                 differ from the game's had it not stopped)\n"
    "  --value NAME   what a win is worth (RULES 5): plain (default), skunk,\n"
    "                 margin or lurch\n"
    "  --pay NAME     with 3 or more sides: sum (default: each loser pays), best\n"
    "                 or worst (only that loser pays)\n"
    "  --no-take-back          battlefield: the card just placed may not be\n"
    "                          taken by the next player (RULES D14)\n"
    "  --joker-kills-formation battlefield: a formation holding the joker\n"
    "                          scores 0, even with the joker laid away (D13)\n"
    "  --partners-by-cut       with --teams: everyone cuts, the two lowest are\n"
    "                          partners and the lowest deals (D16); you keep\n"
    "                          playing the player you cut as\n"
    "  --match N      play a match: games until a side has N match points (1 to\n"
    "                 1000; RULES 5); the score is told after every game\n"
    "  --match-points NAME  what a game is worth in the match: games (default,\n"
    "                 1 a win), value (--value), acc (2/3/3 for a win, skunk,\n"
    "                 double skunk), skunks (1/2/4), long (3/4/4), free (1/2/3)\n"
    "  --next-dealer NAME   who deals the next game of a match (D15): winner\n"
    "                 (default: who scored the winning point), loser or left\n"
    "  -h, --help     this text;   --version   the libbfc version\n"
    "An option's value may also follow an '=' (--players=3).\n"
    "\n"
    "Battlefield Cribbage (doc/rules.md section 4), in short: each player has a\n"
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
    "First to the target wins at once. On the table [5H] is a card face up,\n"
    "[??] one face down and (5H) the card laid away into the reserve.\n"
    "\n",
    "The classic games (section 3): you throw cards to the dealer's crib, a\n"
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
    "and help, board (or show), moves, hint, review, more, save FILE or quit.\n"
    "save FILE writes the game so far to FILE (bfc-play --resume FILE goes on\n"
    "from there; bfc-advise --review FILE reviews it). hint shows what\n"
    "the search bot thinks of your moves, best first, with its chance of\n"
    "winning (at a classic discard, with each discard's expected points too)\n"
    "and, under each, why in a player's words; review grades your decisions so\n"
    "far. Neither changes the game.\n"
    "\n"
    "When standard input is not a terminal, bfc-play prints no prompt and no\n"
    "table: it reads one move (or number) per line and prints what happens,\n"
    "one line per event. At a terminal no line is wider than 80 columns, and\n"
    "after a count (the show, the battlefield) bfc-play waits for Enter before\n"
    "the next deal or a table would push it off a 24-line screen; a count\n"
    "longer than the screen shows a screen at a time (--no-pause: no waiting;\n"
    "quit there leaves the game).\n"
    "\n"
    "Examples:\n"
    "  bfc-play                            you against a greedy bot\n"
    "  bfc-play --teams --unicode          you and a bot against two bots\n"
    "  bfc-play --hot-seat --players 3     three people at one keyboard\n"
    "  bfc-play --game classic --muggins   cribbage; count your own hands\n"
    "  bfc-play --game solitaire           six deals, more than 120 wins\n"
    "  bfc-play --game crib-wars --players 3   the Crib Wars board, three players\n"
    "  bfc-play --match 3 --match-points acc --next-dealer loser\n"
    "                                    a match to 3 ACC points, loser deals\n"
    "  printf 'reveal 0 1\\ndraw\\nplace\\n' | bfc-play --seed 7\n"
    "                                    three moves, then status 1\n"
    "\n"
    "Exit status: 0 when the game (or the match) was played to its end, 1 when\n"
    "the input ended or the player quit before that, or when standard output\n"
    "cannot be written (a message says why), 2 for a bad option.\n",
};

void print_usage(void)
{
    for (size_t k = 0; k < sizeof USAGE / sizeof USAGE[0]; k++)
        out_puts(USAGE[k]);
}

void print_help(void)
{
    out_puts("Moves (formation slots are numbered 0 to 4, left to right):\n"
          "  reveal A B   first turn of each skirmish: turn slots A and B face up\n"
          "  draw         take the top card of the draw pile (then place or swap)\n"
          "  place        put the drawn card on the end of the frontline\n"
          "  swap I       put the drawn card in slot I; slot I's card goes on the\n"
          "               frontline\n"
          "  take I       take the frontline's end card into slot I; slot I's card goes on\n"
          "               the frontline\n"
          "  turn         with two cards left in the pile: place the top one as the turn\n"
          "               card, which ends the skirmish\n"
          "  layaway I    at the battlefield: lay slot I away into the reserve and score\n"
          "               the other four with the turn card\n"
          "On the table [5H] is a card face up, [??] face down, (5H) laid away.\n"
          "A number picks that move from the list (1 is the first).\n"
          "Commands: board (or show) draws the table again, moves lists your moves,\n"
          "help shows this, hint the best moves and why, review grades your decisions\n"
          "so far (more tells the rest of a long hint or review), save FILE keeps\n"
          "the game in FILE (bfc-play --resume FILE goes on), quit leaves the game.\n");
}

void print_help_classic(void)
{
    out_puts("Moves (a card is rank and suit: 5H, TD or 10D, JS, AC):\n"
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
          "help shows this, hint the best moves and why, review grades your decisions\n"
          "so far (more tells the rest of a long hint or review), save FILE keeps\n"
          "the game in FILE (bfc-play --resume FILE goes on), quit leaves the game.\n");
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
const char *why_unparsed(const char *text)
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

const char *why_unparsed_classic(const char *text)
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

