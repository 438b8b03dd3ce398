/*
 * score_hand -- score a cribbage hand and say the count as a player does.
 *
 *     ./examples/score_hand 5H 5C 5S JD 5D     four hand cards, then the starter
 *     ./examples/score_hand                    the same, the best hand there is
 *
 * The task: cards in as text, a score out, itemised and narrated. Three
 * calls do it: bfc_cards_parse (text to cards, and where a bad card is),
 * bfc_score_hand (the total and its breakdown), bfc_score_hand_items and
 * bfc_items_narrate (each fifteen, pair, run... and the words for them).
 * Build: cc score_hand.c $(pkg-config --cflags --libs bfc)
 */
#include <bfc.h>
#include <stdio.h>
#include <string.h>

/* The command line's words joined with spaces (or the default hand). */
static void join(int argc, char **argv, char *text, size_t cap)
{
    snprintf(text, cap, "%s", argc > 1 ? "" : "5H 5C 5S JD 5D");
    for (int i = 1; i < argc; i++) {
        strncat(text, argv[i], cap - strlen(text) - 1);
        strncat(text, " ", cap - strlen(text) - 1);
    }
}

/* Scores hand[0..4) with the starter, as a hand or (flags BFC_CRIB) a
 * crib, and prints the count as a player says it; with items, each item
 * and its cards too. */
static int show(const bfc_card *hand, bfc_card starter, unsigned flags, int detail)
{
    bfc_hand_score s;
    bfc_item items[BFC_MAX_ITEMS];
    char said[512];
    const int total = bfc_score_hand(hand, 4, starter, flags, &s);
    const int n = bfc_score_hand_items(hand, 4, starter, flags, items, BFC_MAX_ITEMS);
    if (total < 0 || n < 0)
        return total < 0 ? total : n;
    bfc_items_narrate(items, (size_t)n, said, sizeof said);
    printf("as a %s: %s\n", flags & BFC_CRIB ? "crib" : "hand", said);
    printf("  %d points: fifteens %d, pairs %d, runs %d, flush %d, nobs %d\n", total,
           s.fifteens, s.pairs, s.runs, s.flush, s.nobs);
    for (int i = 0; detail && i < n && i < BFC_MAX_ITEMS; i++) {
        char cards[64];
        bfc_cards_format(items[i].cards, items[i].ncards, 0, cards, sizeof cards);
        printf("    %-8s %2d  %s\n", bfc_item_kind_name(items[i].kind), items[i].points, cards);
    }
    return total;
}

int main(int argc, char **argv)
{
    char text[256];
    bfc_card c[5];
    bfc_parse_error err;
    join(argc, argv, text, sizeof text);
    const int n = bfc_cards_parse(text, 0, c, 5, &err);
    if (n < 0) { /* the library says which token and why */
        fprintf(stderr, "score_hand: '%.*s': %s\n", (int)err.length, text + err.offset,
                bfc_strerror(n));
        return 2;
    }
    if (n != 5) {
        fprintf(stderr, "score_hand: give 5 cards (4 in the hand, then the starter), not %d\n", n);
        return 2;
    }
    char hand[32], starter[BFC_CARD_TEXT_MAX];
    bfc_cards_format(c, 4, 0, hand, sizeof hand);
    bfc_card_format(c[4], 0, starter, sizeof starter);
    printf("hand %s, starter %s\n", hand, starter);
    /* a crib differs only in its flush: all five cards of one suit */
    if (show(c, c[4], 0, 1) < 0 || show(c, c[4], BFC_CRIB, 0) < 0)
        return 1;
    return 0;
}
