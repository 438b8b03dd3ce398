/* The moves of a classic game (bfc-play.h): each legal move with what it
 * would do (the cards kept by a discard, what a card laid pegs), and why a
 * well-formed move is not legal now. */
#include <string.h>

#include "bfc-play.h"

/* Six players (RULES D3): the dealer and partner throw out of the deal.
 * (The observation does not say where a seat's discard goes.) */
int throws_out(const bfc_observation *o, int seat)
{
    return o->rules.players == 6 && (seat == o->dealer || seat == (o->dealer + 3) % 6);
}

/* The cards kept after a discard and their points before the starter is
 * cut (a 3- to 5-card hand, no starter: RULES 2.1). */
static void discard_hint(const struct ui *ui, const bfc_observation *o, const bfc_move_info *mi)
{
    bfc_card keep[8];
    size_t n = 0;
    uint64_t thrown = 0;
    for (int i = 0; i < mi->ncards; i++)
        thrown |= UINT64_C(1) << mi->card[i];
    for (int c = 0; c < BFC_NCARDS && n < 8; c++)
        if ((o->hand & ~thrown) >> c & 1u)
            keep[n++] = (bfc_card)c;
    if (throws_out(o, o->seat))
        out_puts("out of the deal, ");
    out_puts("keep ");
    print_cards(ui, keep, n);
    const int pts = bfc_score_hand(keep, n, BFC_CARD_NONE, 0, NULL);
    if (pts >= 0)
        out_printf(" (%d before the cut)", pts);
}

/* The count after a card laid and what it pegs (RULES 2.2, Noddy 3.6);
 * the go and the last card are left out. */
static void play_hint(const bfc_observation *o, bfc_card c)
{
    bfc_card seq[17];
    bfc_item items[BFC_MAX_ITEMS];
    const size_t n = o->nseq < 16 ? o->nseq : 16;
    memcpy(seq, o->seq, n);
    seq[n] = c;
    const unsigned noddy = o->rules.variant == BFC_VARIANT_NODDY ? BFC_NODDY : 0u;
    const int ni = bfc_score_peg_items(seq, n + 1, noddy, items, BFC_MAX_ITEMS);
    out_printf("-> count %d", o->count + bfc_card_value(c));
    int pts = 0;
    for (int i = 0; i < ni && i < BFC_MAX_ITEMS; i++)
        pts += items[i].points;
    if (pts == 0)
        return;
    out_printf(", %d point%s (", pts, pts == 1 ? "" : "s");
    for (int i = 0; i < ni && i < BFC_MAX_ITEMS; i++) {
        char t[48];
        out_printf("%s%s", i ? ", " : "", item_name(&items[i], t, sizeof t));
    }
    out_puts(")");
}

static void move_hint(const struct ui *ui, const bfc_observation *o, bfc_move m)
{
    bfc_move_info mi;
    bfc_move_decode(m, &mi);
    switch (mi.kind) {
    case BFC_MOVEKIND_DISCARD:
        discard_hint(ui, o, &mi);
        break;
    case BFC_MOVEKIND_PLAY:
        play_hint(o, mi.card[0]);
        break;
    case BFC_MOVEKIND_CLAIM:
        out_printf("player %d's count of %u is wrong: take the difference", o->declarer + 1,
                   o->declared);
        break;
    case BFC_MOVEKIND_PASS:
        out_printf("let player %d's count of %u stand", o->declarer + 1, o->declared);
        break;
    default:
        break;
    }
}

int declare_most(const bfc_observation *o)
{
    bfc_move m[BFC_MAX_MOVES];
    bfc_move_info mi;
    const int n = o->phase == BFC_PHASE_DECLARE ? bfc_observation_legal_moves(o, m, BFC_MAX_MOVES)
                                                : 0;
    if (n <= 0 || n > BFC_MAX_MOVES || bfc_move_decode(m[n - 1], &mi) != BFC_OK ||
        mi.kind != BFC_MOVEKIND_DECLARE)
        return -1;
    return mi.points;
}

/* A long list of discards (15 with six cards) in two columns, numbered
 * down the first then the second, "AS 2C: 4H 5D 7D TD (2)" -- the cards
 * thrown, the cards kept and their points before the cut -- so that the
 * table above keeps the scores on a 24-line screen. Returns 0 when the
 * entries are too wide for two columns in 80 (the caller lists them one a
 * line). */
static int list_discards_in_two(const struct ui *ui, const bfc_observation *o, const bfc_move *m,
                                int n)
{
    enum { MAX_DISCARDS = 36, ENTRY = 96 };
    char entry[MAX_DISCARDS][ENTRY];
    int width = 0;
    if (n > MAX_DISCARDS || throws_out(o, o->seat))
        return 0;
    for (int i = 0; i < n; i++) {
        bfc_move_info mi;
        if (bfc_move_decode(m[i], &mi) != BFC_OK || mi.kind != BFC_MOVEKIND_DISCARD)
            return 0;
        size_t len = (size_t)snprintf(entry[i], ENTRY, "%2d)", i + 1);
        uint64_t thrown = 0;
        for (int k = 0; k < mi.ncards && len < ENTRY; k++) {
            char t[BFC_CARD_TEXT_MAX + 4];
            thrown |= UINT64_C(1) << mi.card[k];
            len += (size_t)snprintf(entry[i] + len, ENTRY - len, " %s",
                                    card_text(ui, mi.card[k], t, sizeof t));
        }
        bfc_card keep[8];
        size_t nk = 0;
        for (int c = 0; c < BFC_NCARDS && nk < 8; c++)
            if ((o->hand & ~thrown) >> c & 1u)
                keep[nk++] = (bfc_card)c;
        for (size_t k = 0; k < nk && len < ENTRY; k++) {
            char t[BFC_CARD_TEXT_MAX + 4];
            len += (size_t)snprintf(entry[i] + len, ENTRY - len, "%s%s", k ? " " : ": ",
                                    card_text(ui, keep[k], t, sizeof t));
        }
        const int pts = bfc_score_hand(keep, nk, BFC_CARD_NONE, 0, NULL);
        if (len < ENTRY)
            snprintf(entry[i] + len, ENTRY - len, " (%d)", pts < 0 ? 0 : pts);
        const int w = text_width(entry[i]);
        if (w > width)
            width = w;
    }
    if (3 + 2 * width + 3 > 80)
        return 0;
    out_puts("  Your moves (discard: the cards you keep, their points before the cut):\n");
    const int rows = (n + 1) / 2;
    for (int r = 0; r < rows; r++) {
        out_printf("   %s", entry[r]);
        if (r + rows < n)
            out_printf("%*s%s", width - text_width(entry[r]) + 3, "", entry[r + rows]);
        out_puts("\n");
    }
    return 1;
}

/* One line per legal move, numbered; a declaration is typed as its points
 * instead (30 or 47 lines of "declare N" help nobody); a long list of
 * discards in two columns. */
void list_moves_classic(const struct ui *ui, const bfc_observation *o, const bfc_move *m,
                        int n)
{
    char text[32];
    if (o->phase == BFC_PHASE_DECLARE) {
        if (o->counting == 2)
            out_printf("  Declare what your card scores in the play%s: type the points,\n"
                       "  0 to %d (or declare N). An opponent may claim what you overlook or add\n"
                       "  too much (RULES D12).\n",
                       o->owed ? ", with the go or last card it earns" : "", declare_most(o));
        else
            out_printf("  Count your %s and declare it: type the points, 0 to %d (or declare N).\n"
                       "  An opponent may claim what you overlook or add too much (RULES 3.9).\n",
                       o->counting == 1 ? "crib" : "hand", declare_most(o));
        return;
    }
    if (n > 8 && list_discards_in_two(ui, o, m, n))
        return;
    out_puts("  Your moves:\n");
    for (int i = 0; i < n; i++) {
        move_text(ui, m[i], text, sizeof text);
        out_printf("   %2d) %s%*s", i + 1, text, 15 - text_width(text), "");
        move_hint(ui, o, m[i]);
        out_puts("\n");
    }
}

/* Why a discard is refused: the count, or a card not held. */
static const char *why_not_discard(const struct ui *ui, const bfc_observation *o,
                                   const bfc_move_info *mi, char *buf, size_t cap)
{
    char t[BFC_CARD_TEXT_MAX + 4];
    if (mi->ncards == 1 && o->throws == 2)
        return "throw two cards at once, e.g. discard 2C 5H";
    if (mi->ncards == 2 && o->throws == 1)
        return "throw one card, e.g. discard 5H";
    const int first_held = (o->hand >> mi->card[0] & 1u) != 0;
    const bfc_card missing = mi->ncards == 2 && first_held ? mi->card[1] : mi->card[0];
    snprintf(buf, cap, "you do not hold %s", card_text(ui, missing, t, sizeof t));
    return buf;
}

/* Why a card cannot be laid: not held, or past 31. */
static const char *why_not_play(const struct ui *ui, const bfc_observation *o, bfc_card c,
                                char *buf, size_t cap)
{
    char t[BFC_CARD_TEXT_MAX + 4];
    card_text(ui, c, t, sizeof t);
    if (!(o->hand >> c & 1u))
        snprintf(buf, cap, "you do not hold %s", t);
    else
        snprintf(buf, cap, "%s would take the count past 31 (it is %u)", t, o->count);
    return buf;
}

const char *why_illegal_classic(const struct ui *ui, const bfc_observation *o, bfc_move m,
                                char *buf, size_t cap)
{
    bfc_move_info mi;
    if (bfc_move_decode(m, &mi) != BFC_OK || mi.kind < BFC_MOVEKIND_PLAY)
        return "that is a Battlefield Cribbage move; type help for the moves of this game";
    switch (o->phase) {
    case BFC_PHASE_DISCARD:
        if (mi.kind == BFC_MOVEKIND_DISCARD)
            return why_not_discard(ui, o, &mi, buf, cap);
        return "first the discards: throw your cards to the crib";
    case BFC_PHASE_PLAY:
        if (mi.kind == BFC_MOVEKIND_PLAY)
            return why_not_play(ui, o, mi.card[0], buf, cap);
        if (mi.kind == BFC_MOVEKIND_DISCARD)
            return "the discards are made: lay a card (play C)";
        return "the hands are counted after the play: lay a card (play C)";
    case BFC_PHASE_DECLARE:
        snprintf(buf, cap, "declare the count first: type the points, 0 to %d", declare_most(o));
        return buf;
    case BFC_PHASE_CLAIM:
        return "claim or pass on the count just declared";
    default:
        return "the game is over";
    }
}
