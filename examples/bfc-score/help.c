/* The texts of bfc-score: the short usage and --help (bfc-score.h). */
#include "bfc-score.h"

static const char USAGE[] =
    "usage: bfc-score [MODE] [OPTIONS] CARDS...\n"
    "       bfc-score [MODE] [OPTIONS] -     (batch: one case per line of stdin)\n"
    "Try 'bfc-score --help' for more information.\n";

/* The --help text, in pieces (ISO C limits the length of one literal). */
static const char *const HELP[] = {
    "usage: bfc-score [MODE] [OPTIONS] CARDS...\n"
    "       bfc-score [MODE] [OPTIONS] -     (batch: one case per line of stdin)\n"
    "\n"
    "Scores cribbage and Battlefield Cribbage (BFC) hands and plays with libbfc.\n"
    "\n",
    "CARDS: rank A 2-9 T J Q K (also 10 and 1) and suit C D H S (also the Unicode\n"
    "suit symbols), e.g. 5H TD 10d J\xE2\x99\xA0; the joker is JK (also joker, X). Cards are\n"
    "separated by spaces, commas or hyphens, in one quoted word or in several\n"
    "words. A card may not repeat. The joker is accepted in the BFC modes\n"
    "(--battlefield, --reserve, --ceasefire, --frontline) only.\n"
    "\n",
    "MODES (one of):\n"
    "  --show          (default) classic show: 4 hand cards, then the starter.\n"
    "      --crib        score a crib (flush only with all 5 cards of one suit)\n"
    "      --five-card   five-card cribbage hand: 3 hand cards, then the starter\n"
    "                    (3-card flush 3, 4 with the starter; with --crib: a\n"
    "                    5-card crib = 4 cards + starter, as --crib)\n"
    "      --seven-card  seven-card cribbage hand: 5 hand cards, then the starter\n"
    "                    (RULES 3.10; flush 5, 6 with the starter; with --crib\n"
    "                    the usual 4-card crib)\n"
    "      --noddy       Noddy hand: 3 hand cards, then the starter (run of three\n"
    "                    2, flush of three 3, of four 4); no --crib\n"
    "  --battlefield   BFC battlefield: 5 formation cards, then the turn card.\n"
    "                  Prints the best score, the legal lay-aways (indices 0-4 of\n"
    "                  the formation) and the score of the 4 kept cards for each.\n"
    "      --any-lay-away  every lay-away is legal (RULES D10 option)\n"
    "  --reserve       BFC reserve: 4 reserve cards, then the turn card (flush only\n"
    "                  with all 5; the joker kills it).\n"
    "  --ceasefire     BFC cease-fire: the 5 formation cards, no turn card (flush\n"
    "                  only with all 5, no knobs; the joker kills it).\n"
    "  --frontline     BFC frontline: the frontline oldest first, then the card\n"
    "                  just placed (an empty frontline: just the placed card).\n"
    "      --turn-card   the placed card is the turn card (last card, knobs)\n"
    "  --peg           classic pegging: the cards laid since the count reset,\n"
    "                  oldest first; the last one was just laid (no go/last card).\n"
    "      --noddy       Noddy play scoring (count of 25, run of three 2, flushes)\n"
    "\n",
    "OPTIONS:\n"
    "  --json          print one JSON object on one line (below)\n"
    "  --unicode       print cards with suit symbols (10\xE2\x99\xA6, \xF0\x9F\x83\x8F) in plain\n"
    "                  output; JSON cards are always canonical ASCII (\"TD\", \"JK\")\n"
    "                  so they parse back\n"
    "  -               batch: read one case per line of standard input and answer\n"
    "                  every line, in order. With --json each line gets exactly\n"
    "                  one JSON line: the result, or {\"error\": \"...\", \"line\": N}\n"
    "                  for a bad line (N counts from 1). In plain text each answer\n"
    "                  begins \"line N: \" (\"line N: error: ...\" for a bad one).\n"
    "                  Blank lines (empty or only spaces/tabs) answer null in JSON\n"
    "                  and \"line N: blank\" in plain text. A bad line does not stop\n"
    "                  the others.\n"
    "  --              the words after it are cards, even if they begin with '-'\n"
    "  -h, --help      this text;   --version   the libbfc version\n"
    "Other words beginning with '-' are unknown options.\n"
    "\n",
    "PLAIN OUTPUT: the cards, then the count narrated as a player says it\n"
    "(\"fifteen two, fifteen four, and a pair is six\"), then the total and\n"
    "its parts: \"total 6 (fifteens 4, pairs 2, runs 0, flush 0, nobs 0)\" (with\n"
    "--peg \"total N (fifteen_31 N, pairs N, runs N)\"; with --battlefield each\n"
    "lay-away line says \"for N\"). Control bytes and invalid UTF-8 that came\n"
    "from the input are written as \\xNN.\n"
    "\n",
    "JSON FIELDS (cards as arrays of ASCII card strings such as \"5H\"):\n"
    "  show, --reserve, --ceasefire:\n"
    "    total, fifteens, pairs, runs, flush, nobs, killed (true/false),\n"
    "    items: [{kind, points, cards}] (kind: fifteen, pair, run, flush, nobs)\n"
    "  --battlefield:\n"
    "    best, legal_lay_away (indices), by_lay_away (5 score objects as for\n"
    "    show: [i] is the score of the other four cards when card i is laid away)\n"
    "  --frontline:\n"
    "    renewed (true/false), sum, length, fifteen_31,\n"
    "    combination (null or {k, name, points, cards}), last_card,\n"
    "    placer_points, go_point (to the placer's right), knobs_dealer, items\n"
    "  --peg:\n"
    "    count, fifteen_31, pairs, runs, flush (Noddy), total, items\n"
    "  a bad batch line:\n"
    "    error (a message naming the bad token), line (its number)\n"
    "  a blank batch line:\n"
    "    null\n"
    "\n",
    "EXIT STATUS: 0 success; 1 some batch line failed; 2 usage error, bad input\n"
    "on the command line (the message names the bad token) or an I/O error.\n"
    "\n",
    "EXAMPLES:\n"
    "  bfc-score 5H 5C 5S JD 5D                      29\n"
    "  bfc-score --crib 4H 5H 6H 7H 8C               crib: no 4-card flush\n"
    "  bfc-score --noddy 5H 5C 5S JH                 Noddy hand of 3 + starter\n"
    "  bfc-score --battlefield --json 8H 8S 7S JH 9H 7H\n"
    "  bfc-score --reserve 5H 5C 5S JD 5D\n"
    "  bfc-score --ceasefire 5H 5C 5S TD 5D\n"
    "  bfc-score --frontline --turn-card 2H-TH-9S-JC  31, run of 3, knobs\n"
    "  bfc-score --peg 5H TD                         fifteen\n"
    "  bfc-score --peg 5H TD 5C 5S                   a pair (5H TD 5C: nothing)\n"
    "  printf '5H 5C 5S JD 5D\\n\\nAH 2H 3H 4H 5H\\n' | bfc-score --json -\n"
    "                                                29, null, 12\n",
};

void print_usage(FILE *f) { fputs(USAGE, f); }

void print_help(FILE *f)
{
    for (size_t k = 0; k < sizeof HELP / sizeof HELP[0]; k++)
        fputs(HELP[k], f);
}
