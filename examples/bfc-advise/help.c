/* The text of bfc-advise --help (bfc-advise.h). */
#include <stdio.h>

#include "bfc-advise.h"

static const char *const HELP[] = {
    "usage: bfc-advise [--game NAME] [--players N] [--teams]\n"
    "                  [--dealer|--pone|--partner] [--json] CARDS...\n"
    "       bfc-advise --formation [--json] C1 C2 C3 C4 C5\n"
    "\n"
    "Exact advice from libbfc (bfc_advise_discard, bfc_advise_formation).\n"
    "\n"
    "DISCARDS (the classic games). CARDS are the cards dealt to you: 6 with two\n"
    "players and in solitaire, 5 otherwise (\"5H 5C 5S JD 2C 3D\", as one word or\n"
    "several). Every way to throw to the crib is printed, best first, with:\n"
    "  hand_ev   the mean show of the cards you keep over every unseen card as\n"
    "            the starter (RULES 2.1; five-card: three cards kept, D4);\n"
    "  crib_ev   the mean crib score under the uniform model: the rest of the\n"
    "            crib is a uniformly random set of the cards you have not seen\n"
    "            (the other players' throws), the starter uniform over the\n"
    "            rest (with two players: every pair of the 46 unseen cards and\n"
    "            every starter of the other 44);\n"
    "  total_ev  hand_ev + crib_ev when the crib is your side's (--dealer,\n"
    "            --partner), hand_ev - crib_ev when it is not (--pone).\n"
    "The model says nothing of how people really throw, and the pegging the\n"
    "kept cards make is not counted. With six players the dealer's side\n"
    "throws out of the deal (RULES D3): crib_ev is then the same for every\n"
    "discard (to_crib false).\n"
    "\n",
    "FORMATIONS (Battlefield, RULES 4.7). --formation takes the five slots of a\n"
    "formation, a card or ?? for a face-down card (at most 3), and prints the\n"
    "expected best battlefield score (one slot laid away, the other four and\n"
    "the turn card scored, the joker killing as in bfc-score --battlefield)\n"
    "over every turn card among the unseen cards -- every card of the 53 not\n"
    "named -- with the face-down slots dealt from them too, every outcome\n"
    "alike.\n"
    "\n",
    "OPTIONS (also written --name=VALUE):\n"
    "  --game NAME   the game of the discard (default classic): five-card,\n"
    "                backward, solitaire, crib-wars, captains... (bfc-play\n"
    "                --help); a game without this discard is refused\n"
    "  --players N   the players of the game (default: the game's)\n"
    "  --teams       partners (4 or 6 players)\n"
    "  --dealer      you deal (default)\n"
    "  --pone        another side deals\n"
    "  --partner     your partner deals (with --teams)\n"
    "  --formation   advise on a Battlefield formation instead\n"
    "  --json        one JSON object: {\"game\", \"players\", \"role\", \"hand\",\n"
    "                \"options\": [{\"discard\", \"keep\", \"to_crib\", \"hand_ev\",\n"
    "                \"crib_ev\", \"total_ev\"}, ...]} best first, values with 9\n"
    "                decimals; --formation: {\"formation\", \"hidden\", \"unseen\",\n"
    "                \"ev\"}\n"
    "  -h, --help    this text;   --version   the libbfc version\n"
    "\n"
    "EXAMPLES:\n"
    "  bfc-advise --pone 5H 5C 5S JD 2C 3D\n"
    "  bfc-advise --game five-card --json 4H 5C 6D 5S KH\n"
    "  bfc-advise --formation 5H 5C ?? JD ??\n"
    "\n"
    "EXIT STATUS: 0 success; 2 a bad option or bad cards (one line on standard\n"
    "error); 1 an output error.\n",
};

void print_help(void)
{
    for (size_t k = 0; k < sizeof HELP / sizeof HELP[0]; k++)
        fputs(HELP[k], stdout);
}
