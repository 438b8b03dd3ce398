/*
 * bfc-score -- score a cribbage hand, a Battlefield Cribbage formation,
 * reserve, cease-fire or frontline placement, or a pegging play, from the
 * command line. Plain text for people, one-line JSON for programs, and a
 * batch mode (`--json -`) that scores one case per line of standard input.
 *
 * An example of the public API: it uses include/bfc.h only. `bfc-score
 * --help` documents every mode, option and JSON field.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bfc.h"

#if defined(__GNUC__) || defined(__clang__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

#define PROG "bfc-score"

/* More cards than any legal input needs: a count of at most 31 holds at most
 * 13 standard cards (and the frontline one joker more). */
#define MAX_CARDS 64
/* Longest batch line kept in memory; a longer line is reported as an error
 * and skipped up to its newline. */
#define MAX_LINE (1u << 20)
/* At most this many bytes of a bad token are quoted in a message. */
#define MAX_QUOTE 48

enum { EXIT_OK = 0, EXIT_LINE_FAILED = 1, EXIT_USAGE = 2 };

enum mode { M_SHOW, M_BATTLEFIELD, M_RESERVE, M_CEASEFIRE, M_FRONTLINE, M_PEG };

static const char *const MODE_OPTION[] = {"--show",      "--battlefield", "--reserve",
                                          "--ceasefire", "--frontline",   "--peg"};

struct opts {
    enum mode mode;
    int mode_given; /* a mode option was named */
    int json, unicode;
    int crib, noddy, five_card, turn_card, any_lay_away;
};

/* ---- Messages ------------------------------------------------------------ */

struct err {
    char msg[512];
};

static void set_err(struct err *e, const char *fmt, ...) PRINTF_LIKE(2, 3);
static void set_err(struct err *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
}

/* Length of the valid UTF-8 sequence at s[0..n), or 0 when s[0] does not
 * begin one (stray continuation byte, overlong form, surrogate, > U+10FFFF,
 * truncated sequence). */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    if (s[0] < 0x80)
        return 1;
    size_t len;
    unsigned cp;
    if (s[0] >= 0xC2 && s[0] <= 0xDF) {
        len = 2;
        cp = s[0] & 0x1Fu;
    } else if (s[0] >= 0xE0 && s[0] <= 0xEF) {
        len = 3;
        cp = s[0] & 0x0Fu;
    } else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
        len = 4;
        cp = s[0] & 0x07u;
    } else {
        return 0;
    }
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0u) != 0x80u)
            return 0;
        cp = cp << 6 | (s[i] & 0x3Fu);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

/* Copies the token text[off..off+len) into out for quoting in a message, cut
 * to MAX_QUOTE bytes at a character boundary ("..." marks the cut). */
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

/* Writes s as a JSON string: quotes, backslashes and control characters
 * escaped, valid UTF-8 passed through, every byte of invalid UTF-8 written
 * as U+FFFD, so the output is always valid JSON. */
static void json_string(FILE *f, const char *str)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t n = strlen(str);
    putc('"', f);
    for (size_t i = 0; i < n;) {
        unsigned char c = s[i];
        size_t l = utf8_len(s + i, n - i);
        if (l == 0) {
            fputs("\\ufffd", f);
            i++;
            continue;
        }
        if (l > 1) {
            fwrite(s + i, 1, l, f);
        } else if (c == '"' || c == '\\') {
            putc('\\', f);
            putc(c, f);
        } else if (c == '\n') {
            fputs("\\n", f);
        } else if (c == '\t') {
            fputs("\\t", f);
        } else if (c == '\r') {
            fputs("\\r", f);
        } else if (c < 0x20 || c == 0x7F) {
            fprintf(f, "\\u%04x", c);
        } else {
            putc(c, f);
        }
        i += l;
    }
    putc('"', f);
}

/* Writes s for a terminal: control bytes and invalid UTF-8 as \xNN. */
static void safe_text(FILE *f, const char *str)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t n = strlen(str);
    for (size_t i = 0; i < n;) {
        size_t l = utf8_len(s + i, n - i);
        if (l == 0 || (l == 1 && (s[i] < 0x20 || s[i] == 0x7F))) {
            fprintf(f, "\\x%02X", s[i]);
            i++;
            continue;
        }
        fwrite(s + i, 1, l, f);
        i += l;
    }
}

static void error_line(const char *msg)
{
    fputs(PROG ": ", stderr);
    safe_text(stderr, msg);
    putc('\n', stderr);
}

/* ---- Scoring --------------------------------------------------------------- */

struct hand_out {
    bfc_hand_score s;
    size_t nitems;
    bfc_item items[BFC_MAX_ITEMS];
};

struct result {
    bfc_card cards[MAX_CARDS];
    size_t n;
    struct hand_out hand[5]; /* [0] for a show; [i] for battlefield lay-away i */
    bfc_battlefield bf;
    bfc_frontline_score fl;
    bfc_peg_score peg;
    size_t nitems; /* frontline and peg items */
    bfc_item items[BFC_MAX_ITEMS];
};

static int joker_allowed(enum mode m) { return m != M_SHOW && m != M_PEG; }

/* Hand cards in show mode: 3 with --noddy or --five-card (unless a
 * five-card crib), else 4; the starter follows. */
static size_t show_hand_cards(const struct opts *o)
{
    return (o->noddy || o->five_card) && !o->crib ? 3 : 4;
}

static unsigned show_flags(const struct opts *o)
{
    return (o->crib ? BFC_CRIB : 0u) | (o->noddy ? BFC_NODDY : 0u);
}

static const char *show_name(const struct opts *o)
{
    if (o->noddy)
        return "Noddy show";
    if (o->five_card)
        return o->crib ? "five-card crib" : "five-card show";
    return o->crib ? "crib show" : "show";
}

static size_t clamp_items(int rc) { return rc > BFC_MAX_ITEMS ? BFC_MAX_ITEMS : (size_t)rc; }

/* A library status after the cards parsed: phrased for the user. */
static void score_failed(struct err *e, const char *what, int rc, const bfc_card *cards,
                         size_t n)
{
    if (rc == BFC_ECOUNT) {
        int sum = 0;
        for (size_t i = 0; i < n; i++)
            sum += bfc_card_value(cards[i]);
        set_err(e, "%s is %d, above 31", what, sum);
        return;
    }
    set_err(e, "cannot score these cards: %s", bfc_strerror(rc));
}

/* Scores one case (the card text of a command line or of a batch line) in
 * r; on failure fills e and returns -1. */
static int score_text(const char *text, const struct opts *o, struct result *r, struct err *e)
{
    bfc_parse_error pe = {0, 0, 0};
    int rc = bfc_cards_parse(text, joker_allowed(o->mode) ? BFC_PARSE_JOKER : 0u, r->cards,
                             MAX_CARDS, &pe);
    if (rc < 0) {
        char tok[MAX_QUOTE + 8];
        quote_token(text, pe.offset, pe.length, tok, sizeof tok);
        if (rc == BFC_EDUP)
            set_err(e, "duplicate card '%s' (each card may appear once)", tok);
        else if (rc == BFC_EJOKER)
            set_err(e,
                    "bad card '%s' (the joker is not allowed in classic %s scoring; only in "
                    "--battlefield, --reserve, --ceasefire and --frontline)",
                    tok, o->mode == M_PEG ? "peg" : "show");
        else if (rc == BFC_EPARSE && pe.length > 0)
            set_err(e, "bad card '%s' (cannot parse)", tok);
        else
            set_err(e, "cannot parse the cards: %s", bfc_strerror(rc));
        return -1;
    }
    if (rc > MAX_CARDS) {
        set_err(e, "too many cards (%d; at most %d)", rc, MAX_CARDS);
        return -1;
    }
    r->n = (size_t)rc;
    const bfc_card *c = r->cards;
    const size_t n = r->n;
    size_t want = 0;
    const char *expect = NULL;
    switch (o->mode) {
    case M_SHOW:
        want = show_hand_cards(o) + 1;
        expect = want == 4 ? "4 cards (3 hand cards, then the starter)"
                           : "5 cards (4 hand cards, then the starter)";
        break;
    case M_BATTLEFIELD: want = 6; expect = "6 cards (5 formation cards, then the turn card)"; break;
    case M_RESERVE: want = 5; expect = "5 cards (4 reserve cards, then the turn card)"; break;
    case M_CEASEFIRE: want = 5; expect = "5 cards (the formation; there is no turn card)"; break;
    case M_FRONTLINE:
        expect = "at least 1 card (the frontline oldest first, then the placed card)";
        break;
    case M_PEG:
        expect = "at least 1 card (the cards since the count reset, last one just laid)";
        break;
    }
    if (want ? n != want : n == 0) {
        set_err(e, "wrong number of cards: %s mode expects %s, got %zu",
                o->mode == M_SHOW ? show_name(o) : MODE_OPTION[o->mode] + 2, expect, n);
        return -1;
    }
    switch (o->mode) {
    case M_SHOW:
    case M_RESERVE:
    case M_CEASEFIRE: {
        size_t k = o->mode == M_SHOW ? n - 1 : o->mode == M_RESERVE ? 4 : 5;
        bfc_card starter = k < n ? c[k] : BFC_CARD_NONE;
        unsigned flags = o->mode == M_SHOW      ? show_flags(o)
                         : o->mode == M_RESERVE ? BFC_CRIB | BFC_KILL_CARD
                                                : BFC_KILL_CARD;
        if (o->mode == M_RESERVE)
            rc = bfc_score_reserve(c, starter, &r->hand[0].s);
        else if (o->mode == M_CEASEFIRE)
            rc = bfc_score_ceasefire(c, &r->hand[0].s);
        else
            rc = bfc_score_hand(c, k, starter, flags, &r->hand[0].s);
        if (rc >= 0)
            rc = bfc_score_hand_items(c, k, starter, flags, r->hand[0].items, BFC_MAX_ITEMS);
        if (rc < 0) {
            score_failed(e, "the count", rc, c, n);
            return -1;
        }
        r->hand[0].nitems = clamp_items(rc);
        return 0;
    }
    case M_BATTLEFIELD:
        rc = bfc_score_battlefield(c, c[5], o->any_lay_away ? BFC_ANY_LAY_AWAY : 0u, &r->bf);
        if (rc < 0) {
            score_failed(e, "the count", rc, c, n);
            return -1;
        }
        for (size_t i = 0; i < 5; i++) {
            bfc_card kept[4];
            size_t m = 0;
            for (size_t j = 0; j < 5; j++)
                if (j != i)
                    kept[m++] = c[j];
            r->hand[i].s = r->bf.by_lay_away[i];
            rc = bfc_score_hand_items(kept, 4, c[5], BFC_KILL_CARD, r->hand[i].items,
                                      BFC_MAX_ITEMS);
            if (rc < 0) {
                score_failed(e, "the count", rc, c, n);
                return -1;
            }
            r->hand[i].nitems = clamp_items(rc);
        }
        return 0;
    case M_FRONTLINE: {
        unsigned flags = o->turn_card ? BFC_TURN_CARD : 0u;
        rc = bfc_score_frontline(c, n - 1, c[n - 1], flags, &r->fl);
        if (rc >= 0)
            rc = bfc_score_frontline_items(c, n - 1, c[n - 1], flags, r->items, BFC_MAX_ITEMS);
        if (rc < 0) {
            score_failed(e, "the frontline sum before the placed card", rc, c, n - 1);
            return -1;
        }
        r->nitems = clamp_items(rc);
        return 0;
    }
    case M_PEG: {
        unsigned flags = o->noddy ? BFC_NODDY : 0u;
        rc = bfc_score_peg_detail(c, n, flags, &r->peg);
        if (rc >= 0)
            rc = bfc_score_peg_items(c, n, flags, r->items, BFC_MAX_ITEMS);
        if (rc < 0) {
            score_failed(e, "the count", rc, c, n);
            return -1;
        }
        r->nitems = clamp_items(rc);
        return 0;
    }
    }
    set_err(e, "internal error: unknown mode");
    return -1;
}

/* ---- JSON output ------------------------------------------------------------ */

static void json_card(FILE *f, bfc_card c)
{
    char t[BFC_CARD_TEXT_MAX];
    if (bfc_card_format(c, 0, t, sizeof t) < 0)
        strcpy(t, "??");
    fprintf(f, "\"%s\"", t);
}

static void json_cards(FILE *f, const bfc_card *c, size_t n)
{
    putc('[', f);
    for (size_t i = 0; i < n; i++) {
        if (i)
            fputs(", ", f);
        json_card(f, c[i]);
    }
    putc(']', f);
}

static void json_items(FILE *f, const bfc_item *items, size_t n)
{
    fputs("\"items\": [", f);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? ", {\"kind\": " : "{\"kind\": ", f);
        json_string(f, bfc_item_kind_name(items[i].kind));
        fprintf(f, ", \"points\": %u, \"cards\": ", (unsigned)items[i].points);
        json_cards(f, items[i].cards, items[i].ncards);
        putc('}', f);
    }
    putc(']', f);
}

static void json_hand(FILE *f, const struct hand_out *h)
{
    const bfc_hand_score *s = &h->s;
    fprintf(f,
            "{\"total\": %u, \"fifteens\": %u, \"pairs\": %u, \"runs\": %u, \"flush\": %u, "
            "\"nobs\": %u, \"killed\": %s, ",
            (unsigned)s->total, (unsigned)s->fifteens, (unsigned)s->pairs, (unsigned)s->runs,
            (unsigned)s->flush, (unsigned)s->nobs, s->killed ? "true" : "false");
    json_items(f, h->items, h->nitems);
    putc('}', f);
}

static void json_result(FILE *f, const struct opts *o, const struct result *r)
{
    switch (o->mode) {
    case M_SHOW:
    case M_RESERVE:
    case M_CEASEFIRE: json_hand(f, &r->hand[0]); break;
    case M_BATTLEFIELD: {
        fprintf(f, "{\"best\": %d, \"legal_lay_away\": [", r->bf.best);
        int first = 1;
        for (unsigned i = 0; i < 5; i++)
            if (r->bf.legal >> i & 1u) {
                fprintf(f, first ? "%u" : ", %u", i);
                first = 0;
            }
        fputs("], \"by_lay_away\": [", f);
        for (size_t i = 0; i < 5; i++) {
            if (i)
                fputs(", ", f);
            json_hand(f, &r->hand[i]);
        }
        fputs("]}", f);
        break;
    }
    case M_FRONTLINE: {
        const bfc_frontline_score *s = &r->fl;
        fprintf(f, "{\"renewed\": %s, \"sum\": %u, \"length\": %u, \"fifteen_31\": %u, ",
                s->renewed ? "true" : "false", (unsigned)s->sum, (unsigned)s->length,
                (unsigned)s->fifteen_31);
        if (s->combination && s->combo_cards >= 2 && s->combo_cards <= r->n) {
            fprintf(f, "\"combination\": {\"k\": %u, \"name\": ", (unsigned)s->combo_cards);
            json_string(f, bfc_combo_name(s->combo));
            fprintf(f, ", \"points\": %u, \"cards\": ", (unsigned)s->combination);
            json_cards(f, r->cards + r->n - s->combo_cards, s->combo_cards);
            fputs("}, ", f);
        } else {
            fputs("\"combination\": null, ", f);
        }
        fprintf(f,
                "\"last_card\": %u, \"placer_points\": %u, \"go_point\": %u, "
                "\"knobs_dealer\": %u, ",
                (unsigned)s->last_card, (unsigned)s->placer_points, (unsigned)s->go_point,
                (unsigned)s->knobs_dealer);
        json_items(f, r->items, r->nitems);
        putc('}', f);
        break;
    }
    case M_PEG: {
        const bfc_peg_score *s = &r->peg;
        fprintf(f,
                "{\"count\": %u, \"fifteen_31\": %u, \"pairs\": %u, \"runs\": %u, \"flush\": %u, "
                "\"total\": %u, ",
                (unsigned)s->count, (unsigned)s->fifteen_31, (unsigned)s->pairs,
                (unsigned)s->runs, (unsigned)s->flush, (unsigned)s->total);
        json_items(f, r->items, r->nitems);
        putc('}', f);
        break;
    }
    }
    putc('\n', f);
}

static void json_error(FILE *f, const char *msg)
{
    fputs("{\"error\": ", f);
    json_string(f, msg);
    fputs("}\n", f);
}

/* ---- Plain output ------------------------------------------------------------ */

static void plain_cards(FILE *f, const bfc_card *c, size_t n, unsigned fmt)
{
    for (size_t i = 0; i < n; i++) {
        char t[BFC_CARD_TEXT_MAX];
        if (bfc_card_format(c[i], fmt, t, sizeof t) < 0)
            strcpy(t, "??");
        fprintf(f, i ? " %s" : "%s", t);
    }
}

/* Prints the narration of items ("fifteen two, and a pair is four"). */
static void plain_narrate(FILE *f, const bfc_item *items, size_t n)
{
    char small[1024];
    int len = bfc_items_narrate(items, n, small, sizeof small);
    if (len < 0) {
        fputs("(cannot narrate the count)", f);
        return;
    }
    if ((size_t)len < sizeof small) {
        fputs(small, f);
        return;
    }
    char *big = malloc((size_t)len + 1);
    if (!big) {
        fputs(small, f);
        return;
    }
    bfc_items_narrate(items, n, big, (size_t)len + 1);
    fputs(big, f);
    free(big);
}

static void plain_breakdown(FILE *f, const struct hand_out *h)
{
    if (h->s.killed) {
        fputs("killed by the joker = 0\n", f);
        return;
    }
    plain_narrate(f, h->items, h->nitems);
    fprintf(f, "\n(fifteens %u, pairs %u, runs %u, flush %u, nobs %u)\n", (unsigned)h->s.fifteens,
            (unsigned)h->s.pairs, (unsigned)h->s.runs, (unsigned)h->s.flush,
            (unsigned)h->s.nobs);
}

static void plain_result(FILE *f, const struct opts *o, const struct result *r)
{
    const unsigned fmt = o->unicode ? BFC_UNICODE : 0u;
    const bfc_card *c = r->cards;
    const size_t n = r->n;
    switch (o->mode) {
    case M_SHOW:
        fprintf(f, "%s: ", o->crib ? "crib" : "hand");
        plain_cards(f, c, n - 1, fmt);
        fputs(", starter: ", f);
        plain_cards(f, c + n - 1, 1, fmt);
        fprintf(f, "  (%s)\n", show_name(o));
        plain_breakdown(f, &r->hand[0]);
        break;
    case M_RESERVE:
        fputs("reserve: ", f);
        plain_cards(f, c, 4, fmt);
        fputs(", turn: ", f);
        plain_cards(f, c + 4, 1, fmt);
        putc('\n', f);
        plain_breakdown(f, &r->hand[0]);
        break;
    case M_CEASEFIRE:
        fputs("formation: ", f);
        plain_cards(f, c, 5, fmt);
        fputs("  (cease-fire, no turn card)\n", f);
        plain_breakdown(f, &r->hand[0]);
        break;
    case M_BATTLEFIELD:
        fputs("formation: ", f);
        plain_cards(f, c, 5, fmt);
        fputs(", turn: ", f);
        plain_cards(f, c + 5, 1, fmt);
        fprintf(f, "\nbest: %d\nlegal lay-aways:", r->bf.best);
        for (size_t i = 0; i < 5; i++)
            if (r->bf.legal >> i & 1u) {
                fprintf(f, " [%zu] ", i);
                plain_cards(f, c + i, 1, fmt);
            }
        putc('\n', f);
        for (size_t i = 0; i < 5; i++) {
            fprintf(f, "%c [%zu] lay away ", (r->bf.legal >> i & 1u) ? '*' : ' ', i);
            plain_cards(f, c + i, 1, fmt);
            fputs(": ", f);
            if (r->hand[i].s.killed)
                fputs("killed by the joker = 0", f);
            else
                plain_narrate(f, r->hand[i].items, r->hand[i].nitems);
            putc('\n', f);
        }
        break;
    case M_FRONTLINE: {
        const bfc_frontline_score *s = &r->fl;
        fputs("frontline: ", f);
        if (n > 1)
            plain_cards(f, c, n - 1, fmt);
        else
            fputs("(empty)", f);
        fputs(", placed: ", f);
        plain_cards(f, c + n - 1, 1, fmt);
        fputs(o->turn_card ? " (the turn card)\n" : "\n", f);
        plain_narrate(f, r->items, r->nitems);
        putc('\n', f);
        if (s->renewed) {
            fputs("renewed: the sum would pass 31, so the frontline goes out of play and ", f);
            plain_cards(f, c + n - 1, 1, fmt);
            fprintf(f, " begins a new one (sum %u)\n", (unsigned)s->sum);
        } else {
            fprintf(f, "sum: %u (%u card%s on the frontline)\n", (unsigned)s->sum,
                    (unsigned)s->length, s->length == 1 ? "" : "s");
        }
        if (s->combination && s->combo_cards >= 2 && s->combo_cards <= n) {
            fprintf(f, "combination: %s (", bfc_combo_name(s->combo));
            plain_cards(f, c + n - s->combo_cards, s->combo_cards, fmt);
            fprintf(f, ") for %u\n", (unsigned)s->combination);
        } else if (!s->renewed) {
            fputs("combination: none\n", f);
        }
        if (o->turn_card)
            fprintf(f, "last card: %u%s\n", (unsigned)s->last_card,
                    s->last_card       ? ""
                    : s->renewed       ? " (none after a renewal)"
                                       : " (none at 31)");
        fprintf(f, "placer scores %u\n", (unsigned)s->placer_points);
        if (s->go_point)
            fprintf(f, "go: the player to the placer's right scores %u\n",
                    (unsigned)s->go_point);
        if (s->knobs_dealer)
            fprintf(f, "knobs: the dealer scores %u for the jack turn card\n",
                    (unsigned)s->knobs_dealer);
        break;
    }
    case M_PEG:
        fputs("play: ", f);
        plain_cards(f, c, n, fmt);
        fprintf(f, "  (count %u%s)\n", (unsigned)r->peg.count, o->noddy ? ", Noddy" : "");
        plain_narrate(f, r->items, r->nitems);
        putc('\n', f);
        break;
    }
}

/* ---- Batch mode ---------------------------------------------------------------- */

struct line {
    char *buf;
    size_t len, cap;
    int too_long; /* more than MAX_LINE bytes: the rest was skipped */
    int has_nul;  /* a NUL byte inside the line */
};

/* Reads one line (without its newline) into l. Returns 1 for a line, 0 at
 * the end of input, -1 when out of memory (the line is then skipped). */
static int read_line(FILE *in, struct line *l)
{
    l->len = 0;
    l->too_long = 0;
    l->has_nul = 0;
    int ch, any = 0, oom = 0;
    while ((ch = getc(in)) != EOF) {
        any = 1;
        if (ch == '\n')
            break;
        if (ch == '\0')
            l->has_nul = 1;
        if (l->too_long || oom)
            continue;
        if (l->len >= MAX_LINE) {
            l->too_long = 1;
            continue;
        }
        if (l->len + 1 >= l->cap) {
            size_t ncap = l->cap ? l->cap * 2 : 256;
            char *nb = realloc(l->buf, ncap);
            if (!nb) {
                oom = 1;
                continue;
            }
            l->buf = nb;
            l->cap = ncap;
        }
        l->buf[l->len++] = (char)ch;
    }
    if (!any)
        return 0;
    if (!l->buf) { /* an empty first line */
        l->buf = malloc(1);
        if (!l->buf)
            return -1;
        l->cap = 1;
    }
    l->buf[l->len] = '\0';
    return oom ? -1 : 1;
}

static int blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ' && *s != '\t' && *s != '\r' && *s != '\v' && *s != '\f')
            return 0;
    return 1;
}

static int run_batch(const struct opts *o)
{
    struct line l = {NULL, 0, 0, 0, 0};
    struct result *r = malloc(sizeof *r);
    if (!r) {
        error_line("out of memory");
        return EXIT_USAGE;
    }
    int failed = 0, rc;
    while ((rc = read_line(stdin, &l)) != 0) {
        struct err e = {{0}};
        if (rc < 0) {
            set_err(&e, "out of memory reading the line");
        } else if (l.too_long) {
            set_err(&e, "line too long (more than %u bytes)", MAX_LINE);
        } else if (l.has_nul) {
            set_err(&e, "line holds a NUL byte");
        } else if (blank(l.buf)) {
            continue; /* blank lines are skipped: no output */
        } else if (score_text(l.buf, o, r, &e) == 0) {
            json_result(stdout, o, r);
            fflush(stdout);
            continue;
        }
        failed = 1;
        json_error(stdout, e.msg);
        fflush(stdout);
    }
    int read_error = ferror(stdin);
    free(l.buf);
    free(r);
    if (read_error) {
        error_line("error reading standard input");
        return EXIT_USAGE;
    }
    return failed ? EXIT_LINE_FAILED : EXIT_OK;
}

/* ---- Command line ----------------------------------------------------------------- */

static const char USAGE[] =
    "usage: bfc-score [MODE] [OPTIONS] CARDS...\n"
    "       bfc-score [MODE] [OPTIONS] --json -\n"
    "Try 'bfc-score --help' for more information.\n";

/* The --help text, in pieces (ISO C limits the length of one literal). */
static const char *const HELP[] = {
    "usage: bfc-score [MODE] [OPTIONS] CARDS...\n"
    "       bfc-score [MODE] [OPTIONS] --json -     (batch: one case per line of stdin)\n"
    "\n",
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
    "  -               (with --json) batch: read one case per line of standard\n"
    "                  input and print one JSON object per line; a bad line prints\n"
    "                  {\"error\": \"...\"} and the others go on. Blank lines\n"
    "                  (empty or only spaces/tabs) are skipped and print nothing.\n"
    "  --              the words after it are cards, even if they begin with '-'\n"
    "  --help          this text;   --version   the libbfc version\n"
    "Other words beginning with '-' are unknown options.\n"
    "\n",
    "PLAIN OUTPUT: the cards, then the count narrated as a player says it\n"
    "(\"fifteen two, fifteen four, and a pair is six\"), then the breakdown.\n"
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
    "    error (a message naming the bad token)\n"
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
    "  bfc-score --peg 5H TD 5C                      a pair\n"
    "  printf '5H 5C 5S JD 5D\\nAH 2H 3H 4H 5H\\n' | bfc-score --json -\n",
};

/* Usage error: a one-line message, the short usage, exit status 2. */
static int usage_error(const char *fmt, ...) PRINTF_LIKE(1, 2);
static int usage_error(const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    error_line(msg);
    fputs(USAGE, stderr);
    return EXIT_USAGE;
}

/* Checks that each option suits the mode; returns 0 or the exit status. */
static int check_opts(const struct opts *o)
{
    const char *bad = NULL;
    if (o->crib && o->mode != M_SHOW)
        bad = "--crib";
    else if (o->five_card && o->mode != M_SHOW)
        bad = "--five-card";
    else if (o->noddy && o->mode != M_SHOW && o->mode != M_PEG)
        bad = "--noddy";
    else if (o->turn_card && o->mode != M_FRONTLINE)
        bad = "--turn-card";
    else if (o->any_lay_away && o->mode != M_BATTLEFIELD)
        bad = "--any-lay-away";
    if (bad)
        return usage_error("option %s does not apply to %s", bad, MODE_OPTION[o->mode]);
    if (o->noddy && (o->crib || o->five_card))
        return usage_error("option --noddy does not combine with %s",
                           o->crib ? "--crib" : "--five-card");
    return 0;
}

int main(int argc, char **argv)
{
    struct opts o;
    memset(&o, 0, sizeof o);
    o.mode = M_SHOW;
    char **words = malloc(sizeof *words * (size_t)(argc > 0 ? argc : 1));
    if (!words) {
        error_line("out of memory");
        return EXIT_USAGE;
    }
    size_t nwords = 0;
    int batch = 0, only_cards = 0, rc = 0;
    for (int i = 1; i < argc && rc == 0; i++) {
        const char *a = argv[i];
        if (only_cards || a[0] != '-') {
            words[nwords++] = argv[i];
        } else if (strcmp(a, "-") == 0) {
            batch = 1;
        } else if (strcmp(a, "--") == 0) {
            only_cards = 1;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            for (size_t k = 0; k < sizeof HELP / sizeof HELP[0]; k++)
                fputs(HELP[k], stdout);
            free(words);
            return fflush(stdout) == 0 ? EXIT_OK : EXIT_USAGE;
        } else if (strcmp(a, "--version") == 0) {
            printf("%s\n", bfc_version_string());
            free(words);
            return fflush(stdout) == 0 ? EXIT_OK : EXIT_USAGE;
        } else if (strcmp(a, "--json") == 0) {
            o.json = 1;
        } else if (strcmp(a, "--unicode") == 0) {
            o.unicode = 1;
        } else if (strcmp(a, "--crib") == 0) {
            o.crib = 1;
        } else if (strcmp(a, "--noddy") == 0) {
            o.noddy = 1;
        } else if (strcmp(a, "--five-card") == 0) {
            o.five_card = 1;
        } else if (strcmp(a, "--turn-card") == 0) {
            o.turn_card = 1;
        } else if (strcmp(a, "--any-lay-away") == 0) {
            o.any_lay_away = 1;
        } else {
            int m = -1;
            for (int k = 0; k < 6; k++)
                if (strcmp(a, MODE_OPTION[k]) == 0)
                    m = k;
            if (m < 0) {
                rc = usage_error("unknown option '%.100s'", a);
            } else if (o.mode_given && o.mode != (enum mode)m) {
                rc = usage_error("only one mode may be given: %s and %s", MODE_OPTION[o.mode], a);
            } else {
                o.mode = (enum mode)m;
                o.mode_given = 1;
            }
        }
    }
    if (rc == 0)
        rc = check_opts(&o);
    if (rc == 0 && batch && nwords > 0)
        rc = usage_error("batch mode ('-') reads the cards from stdin; unexpected argument "
                         "'%.100s'", words[0]);
    if (rc == 0 && batch && !o.json)
        rc = usage_error("batch mode ('-') needs --json");
    if (rc == 0 && !batch && nwords == 0) {
        error_line("no cards given");
        fputs(USAGE, stderr);
        rc = EXIT_USAGE;
    }
    if (rc != 0) {
        free(words);
        return rc;
    }
    if (batch) {
        free(words);
        rc = run_batch(&o);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            error_line("error writing standard output");
            rc = EXIT_USAGE;
        }
        return rc;
    }

    /* One case from the command line: the words joined with spaces. */
    size_t total = 1;
    for (size_t i = 0; i < nwords; i++)
        total += strlen(words[i]) + 1;
    char *text = malloc(total);
    struct result *r = malloc(sizeof *r);
    if (!text || !r) {
        free(text);
        free(r);
        free(words);
        error_line("out of memory");
        return EXIT_USAGE;
    }
    size_t pos = 0;
    for (size_t i = 0; i < nwords; i++) {
        size_t l = strlen(words[i]);
        if (i)
            text[pos++] = ' ';
        memcpy(text + pos, words[i], l);
        pos += l;
    }
    text[pos] = '\0';
    free(words);

    struct err e = {{0}};
    if (score_text(text, &o, r, &e) != 0) {
        error_line(e.msg);
        rc = EXIT_USAGE;
    } else {
        if (o.json)
            json_result(stdout, &o, r);
        else
            plain_result(stdout, &o, r);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            error_line("error writing standard output");
            rc = EXIT_USAGE;
        }
    }
    free(text);
    free(r);
    return rc;
}
