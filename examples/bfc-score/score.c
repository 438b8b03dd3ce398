/* Cards in, scores out: the one file of bfc-score that calls the scorers
 * (bfc-score.h). */
#include <stdarg.h>
#include <stdio.h>

#include "bfc-score.h"
#include "utf8.h"

/* At most this many bytes of a bad token are quoted in a message. */
#define MAX_QUOTE 48

static void set_msg(char *msg, size_t cap, const char *fmt, ...) PRINTF_LIKE(3, 4);
static void set_msg(char *msg, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
}

/* Copies the token text[off..off+len) into out for a message, cut to
 * MAX_QUOTE bytes at a character boundary ("..." marks the cut). */
static void quote_token(const char *text, size_t off, size_t len, char *out, size_t cap)
{
    const unsigned char *t = (const unsigned char *)text + off;
    size_t keep = 0;
    while (keep < len && keep < MAX_QUOTE) {
        size_t l = utf8_len(t + keep, len - keep);
        if (l == 0)
            l = 1;
        if (keep + l > MAX_QUOTE)
            break;
        keep += l;
    }
    snprintf(out, cap, "%.*s%s", (int)keep, (const char *)t, keep < len ? "..." : "");
}

static int joker_allowed(enum mode m) { return m != M_SHOW && m != M_PEG; }

/* Hand cards in show mode: 3 with --noddy or --five-card (unless a
 * five-card crib), 5 with --seven-card (its crib is the usual four),
 * else 4; the starter follows. */
static size_t show_hand_cards(const struct opts *o)
{
    if (o->seven_card && !o->crib)
        return 5;
    return (o->noddy || o->five_card) && !o->crib ? 3 : 4;
}

static unsigned show_flags(const struct opts *o)
{
    return (o->crib ? BFC_CRIB : 0u) | (o->noddy ? BFC_NODDY : 0u);
}

const char *show_name(const struct opts *o)
{
    if (o->noddy)
        return "Noddy show";
    if (o->five_card)
        return o->crib ? "five-card crib" : "five-card show";
    if (o->seven_card)
        return o->crib ? "seven-card crib" : "seven-card show";
    return o->crib ? "crib show" : "show";
}

static size_t clamp_items(int rc) { return rc > BFC_MAX_ITEMS ? BFC_MAX_ITEMS : (size_t)rc; }

/* A library status after the cards parsed, phrased for the user. */
static int score_failed(char *msg, size_t cap, const char *what, int rc, const bfc_card *cards,
                        size_t n)
{
    if (rc == BFC_ECOUNT) {
        int sum = 0;
        for (size_t i = 0; i < n; i++)
            sum += bfc_card_value(cards[i]);
        set_msg(msg, cap, "%s is %d, above 31", what, sum);
    } else {
        set_msg(msg, cap, "cannot score these cards: %s", bfc_strerror(rc));
    }
    return -1;
}

/* Parses the cards of text into r; 0, or -1 with the bad token named. */
static int parse_cards(const char *text, const struct opts *o, struct result *r, char *msg,
                       size_t cap)
{
    bfc_parse_error pe = {0, 0, 0};
    const int rc = bfc_cards_parse(text, joker_allowed(o->mode) ? BFC_PARSE_JOKER : 0u, r->cards,
                                   MAX_CARDS, &pe);
    char tok[MAX_QUOTE + 8];
    quote_token(text, pe.offset, pe.length, tok, sizeof tok);
    if (rc == BFC_EDUP)
        set_msg(msg, cap, "duplicate card '%s' (each card may appear once)", tok);
    else if (rc == BFC_EJOKER)
        set_msg(msg, cap,
                "bad card '%s' (the joker is not allowed in classic %s scoring; only in "
                "--battlefield, --reserve, --ceasefire and --frontline)",
                tok, o->mode == M_PEG ? "peg" : "show");
    else if (rc == BFC_EPARSE && pe.length > 0)
        set_msg(msg, cap, "bad card '%s' (cannot parse)", tok);
    else if (rc < 0)
        set_msg(msg, cap, "cannot parse the cards: %s", bfc_strerror(rc));
    else if (rc > MAX_CARDS)
        set_msg(msg, cap, "too many cards (%d; at most %d)", rc, MAX_CARDS);
    else
        r->n = (size_t)rc;
    return rc < 0 || rc > MAX_CARDS ? -1 : 0;
}

/* The number of cards the mode wants (0: at least one) and its words. */
static size_t wanted(const struct opts *o, const char **expect)
{
    switch (o->mode) {
    case M_SHOW:
        *expect = show_hand_cards(o) == 3   ? "4 cards (3 hand cards, then the starter)"
                  : show_hand_cards(o) == 5 ? "6 cards (5 hand cards, then the starter)"
                                            : "5 cards (4 hand cards, then the starter)";
        return show_hand_cards(o) + 1;
    case M_BATTLEFIELD:
        *expect = "6 cards (5 formation cards, then the turn card)";
        return 6;
    case M_RESERVE:
        *expect = "5 cards (4 reserve cards, then the turn card)";
        return 5;
    case M_CEASEFIRE:
        *expect = "5 cards (the formation; there is no turn card)";
        return 5;
    case M_FRONTLINE:
        *expect = "at least 1 card (the frontline oldest first, then the placed card)";
        return 0;
    case M_PEG:
    case NMODES:
        break;
    }
    *expect = "at least 1 card (the cards since the count reset, last one just laid)";
    return 0;
}

/* A show, a reserve or a cease-fire: one hand and its items. */
static int score_show(const struct opts *o, struct result *r, char *msg, size_t cap)
{
    const bfc_card *c = r->cards;
    const size_t k = o->mode == M_SHOW ? r->n - 1 : o->mode == M_RESERVE ? 4 : 5;
    const bfc_card starter = k < r->n ? c[k] : BFC_CARD_NONE;
    const unsigned flags = o->mode == M_SHOW      ? show_flags(o)
                           : o->mode == M_RESERVE ? BFC_CRIB | BFC_KILL_CARD
                                                  : BFC_KILL_CARD;
    int rc;
    if (o->mode == M_RESERVE)
        rc = bfc_score_reserve(c, starter, &r->hand[0].s);
    else if (o->mode == M_CEASEFIRE)
        rc = bfc_score_ceasefire(c, &r->hand[0].s);
    else
        rc = bfc_score_hand(c, k, starter, flags, &r->hand[0].s);
    if (rc >= 0)
        rc = bfc_score_hand_items(c, k, starter, flags, r->hand[0].items, BFC_MAX_ITEMS);
    if (rc < 0)
        return score_failed(msg, cap, "the count", rc, c, r->n);
    r->hand[0].nitems = clamp_items(rc);
    return 0;
}

/* A battlefield: the best lay-away, and the items of each of the five. */
static int score_battlefield(const struct opts *o, struct result *r, char *msg, size_t cap)
{
    const bfc_card *c = r->cards;
    int rc = bfc_score_battlefield(c, c[5], o->any_lay_away ? BFC_ANY_LAY_AWAY : 0u, &r->bf);
    for (size_t i = 0; i < 5 && rc >= 0; i++) {
        bfc_card kept[4];
        size_t m = 0;
        for (size_t j = 0; j < 5; j++)
            if (j != i)
                kept[m++] = c[j];
        r->hand[i].s = r->bf.by_lay_away[i];
        rc = bfc_score_hand_items(kept, 4, c[5], BFC_KILL_CARD, r->hand[i].items, BFC_MAX_ITEMS);
        r->hand[i].nitems = rc < 0 ? 0 : clamp_items(rc);
    }
    return rc < 0 ? score_failed(msg, cap, "the count", rc, c, r->n) : 0;
}

/* The last card placed on a frontline, or laid in the play. */
static int score_placed(const struct opts *o, struct result *r, char *msg, size_t cap)
{
    const bfc_card *c = r->cards;
    const size_t n = r->n;
    int rc;
    if (o->mode == M_FRONTLINE) {
        const unsigned flags = o->turn_card ? BFC_TURN_CARD : 0u;
        rc = bfc_score_frontline(c, n - 1, c[n - 1], flags, &r->fl);
        if (rc >= 0)
            rc = bfc_score_frontline_items(c, n - 1, c[n - 1], flags, r->items, BFC_MAX_ITEMS);
        if (rc < 0)
            return score_failed(msg, cap, "the frontline sum before the placed card", rc, c,
                                n - 1);
    } else {
        const unsigned flags = o->noddy ? BFC_NODDY : 0u;
        rc = bfc_score_peg_detail(c, n, flags, &r->peg);
        if (rc >= 0)
            rc = bfc_score_peg_items(c, n, flags, r->items, BFC_MAX_ITEMS);
        if (rc < 0)
            return score_failed(msg, cap, "the count", rc, c, n);
    }
    r->nitems = clamp_items(rc);
    return 0;
}

int score_text(const char *text, const struct opts *o, struct result *r, char *msg, size_t cap)
{
    if (parse_cards(text, o, r, msg, cap) != 0)
        return -1;
    const char *expect = NULL;
    const size_t want = wanted(o, &expect);
    if (want ? r->n != want : r->n == 0) {
        set_msg(msg, cap, "wrong number of cards: %s mode expects %s, got %zu",
                o->mode == M_SHOW ? show_name(o) : MODE_OPTION[o->mode] + 2, expect, r->n);
        return -1;
    }
    switch (o->mode) {
    case M_BATTLEFIELD:
        return score_battlefield(o, r, msg, cap);
    case M_FRONTLINE:
    case M_PEG:
        return score_placed(o, r, msg, cap);
    case M_SHOW:
    case M_RESERVE:
    case M_CEASEFIRE:
    case NMODES:
        break;
    }
    return score_show(o, r, msg, cap);
}
