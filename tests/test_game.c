/* The Battlefield Cribbage game engine (RULES 4 and 5): every rule of
 * section 4 on exact positions built by loading saved games; seeded random
 * games checked after every move against invariants and against a reference
 * written straight from RULES (tests/brute.c scores); a pinned determinism
 * signature and pinned move-tree counts; API misuse (NULL pointers, bad
 * rules, short buffers, corrupted saves, move text). */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "variants.h"
#include "harness.h"
#include "textbuf.h"

/* ===========================================================================
 * Helpers
 * ======================================================================== */

static bfc_card C(const char *text)
{
    bfc_card c = BFC_CARD_NONE;
    if (bfc_card_parse(text, &c) != BFC_OK)
        fprintf(stderr, "bad card in test: %s\n", text);
    return c;
}

static void sb_cards(sb *b, const bfc_card *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            sb_put(b, " ");
        sb_card(b, c[i]);
    }
}

/* Independent seat arithmetic (RULES 4.1): left is s+1, right is s-1. */
static unsigned left_of(unsigned players, unsigned s) { return (s + 1) % players; }
static unsigned right_of(unsigned players, unsigned s) { return (s + players - 1) % players; }
static unsigned side_of(const bfc_rules *r, unsigned s) { return r->teams ? s % 2 : s; }

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static bfc_rules mkrules(int players, int teams, int first_dealer)
{
    bfc_rules r;
    bfc_rules_init(&r);
    r.players = players;
    r.teams = teams;
    r.first_dealer = first_dealer;
    return r;
}

/* ---- Positions from text templates ---------------------------------------
 * A template is a save (format in bfc.h) without the "bfc-game 1" and "rng"
 * lines, which are added (the generator from rng_seed). In the pile line a
 * token "*" stands for every card not named elsewhere (ascending ids) and
 * "*N" fills the pile up to N cards, the cards left over going out of play
 * ("gone"): so a template names only the cards that matter. */

#define TEXT_MAX 8192

static int is_card_line(const char *key)
{
    return !strcmp(key, "formation") || !strcmp(key, "crib") || !strcmp(key, "pile") ||
           !strcmp(key, "frontline") || !strcmp(key, "gone") || !strcmp(key, "held");
}

static int tmpl_build(const char *tmpl, uint64_t rng_seed, char *out, size_t cap)
{
    char tok[64][24];
    uint64_t used = 0;
    int explicit_pile = 0, star = -2, has_rng = 0;
    for (const char *p = tmpl; *p;) {
        const char *e = strchr(p, '\n');
        const size_t len = e ? (size_t)(e - p) : strlen(p);
        const int nt = split(p, len, tok, 64);
        if (nt > 0 && !strcmp(tok[0], "rng"))
            has_rng = 1;
        if (nt > 0 && is_card_line(tok[0])) {
            for (int i = !strcmp(tok[0], "formation") ? 2 : 1; i < nt; i++) {
                const char *t = tok[i][0] == '+' ? tok[i] + 1 : tok[i];
                if (t[0] == '*') {
                    star = t[1] ? atoi(t + 1) : -1;
                    continue;
                }
                if (!strcmp(t, "-") || !strcmp(t, "|")) /* none; the pile's unshuffled rest */
                    continue;
                bfc_card c;
                if (bfc_card_parse(t, &c) != BFC_OK || (used >> c & 1u)) {
                    fprintf(stderr, "template: bad or repeated card %s\n", t);
                    return -1;
                }
                used |= UINT64_C(1) << c;
                if (!strcmp(tok[0], "pile"))
                    explicit_pile++;
            }
        }
        p += len + (e ? 1 : 0);
    }
    bfc_card rest[53];
    int nrest = 0;
    for (unsigned c = 0; c < 53; c++)
        if (!(used >> c & 1u))
            rest[nrest++] = (bfc_card)c;
    const int fill = star == -1 ? nrest : star >= 0 ? star - explicit_pile : 0;
    if (fill < 0 || fill > nrest) {
        fprintf(stderr, "template: cannot fill the pile to %d\n", star);
        return -1;
    }
    /* a template whose rules line has format 2's 11 numbers is format 2;
       the others are format 1 (0.1's saves, which still load) */
    int version = 1;
    for (const char *p = tmpl; *p;) {
        const char *e = strchr(p, '\n');
        const size_t len = e ? (size_t)(e - p) : strlen(p);
        if (split(p, len, tok, 64) == 12 && !strcmp(tok[0], "rules"))
            version = 2;
        p += len + (e ? 1 : 0);
    }
    sb b = {out, cap, 0};
    sb_fmt(&b, "bfc-game %d\n", version);
    for (const char *p = tmpl; *p;) {
        const char *e = strchr(p, '\n');
        const size_t len = e ? (size_t)(e - p) : strlen(p);
        const int nt = split(p, len, tok, 64);
        if (nt > 0 && !strcmp(tok[0], "pile")) {
            sb_put(&b, "pile");
            for (int i = 1; i < nt; i++) {
                if (tok[i][0] == '*') {
                    for (int k = 0; k < fill; k++) {
                        sb_put(&b, " ");
                        sb_card(&b, rest[k]);
                    }
                } else {
                    sb_fmt(&b, " %s", tok[i]);
                }
            }
            sb_put(&b, "\n");
        } else if (nt > 0 && !strcmp(tok[0], "gone")) {
            sb_put(&b, "gone");
            for (int i = 1; i < nt; i++)
                sb_fmt(&b, " %s", tok[i]);
            for (int k = fill; k < nrest && star != -2; k++) {
                sb_put(&b, " ");
                sb_card(&b, rest[k]);
            }
            sb_put(&b, "\n");
        } else {
            sb_fmt(&b, "%.*s\n", (int)len, p);
            if (nt > 0 && !strcmp(tok[0], "rules") && !has_rng) {
                uint64_t x = rng_seed;
                sb_put(&b, "rng");
                for (int i = 0; i < 4; i++)
                    sb_fmt(&b, " %016llx", (unsigned long long)splitmix(&x));
                sb_put(&b, "\n");
            }
        }
        p += len + (e ? 1 : 0);
    }
    return b.len < cap ? 0 : -1;
}

/* The position of the template (a new game; NULL, counted as a failure,
 * when the template or the loader rejects it). */
static bfc_game *pos_rng(const char *tmpl, uint64_t rng_seed)
{
    static char text[TEXT_MAX];
    if (tmpl_build(tmpl, rng_seed, text, sizeof text) < 0) {
        CHECK(!"template builds");
        return NULL;
    }
    bfc_game *g = NULL;
    const int rc = bfc_game_load(&g, text);
    if (rc != BFC_OK) {
        fprintf(stderr, "FAIL %s: position rejected (%s):\n%s", harness_current,
                bfc_strerror(rc), text);
        harness_failed++;
        return NULL;
    }
    return g;
}

static bfc_game *pos(const char *tmpl) { return pos_rng(tmpl, 1); }

/* The loader's status for a template (for positions that must be refused). */
static int pos_status(const char *tmpl)
{
    static char text[TEXT_MAX];
    if (tmpl_build(tmpl, 1, text, sizeof text) < 0)
        return 1;
    bfc_game *g = NULL;
    const int rc = bfc_game_load(&g, text);
    bfc_game_free(g);
    return rc;
}

/* ---- Events as text --------------------------------------------------------
 * One short phrase per event, joined by ", ":
 *   deal D CARD | ceasefire | reveal S SLOT:CARD | draw S CARD |
 *   place S SLOT:CARD | swap S SLOT:CARD | take S SLOT:CARD | renew S [CARDS] |
 *   score S SRC KIND POINTS =TOTAL | ending S | turncard S CARD |
 *   formation S POINTS | layaway S SLOT:CARD POINTS | reserve S POINTS |
 *   over S side SIDE value VALUE
 * SRC: fl (frontline), go, knobs, bf (battlefield), res (reserve), cf. */

static const char *const SRC_NAME[] = {"?", "fl", "go", "knobs", "bf", "res", "cf"};

#define SHOW_FORMATION 1u

static void events_text(sb *b, const bfc_event *ev, size_t n, unsigned show)
{
    int first = 1;
    for (size_t i = 0; i < n; i++) {
        const bfc_event *e = &ev[i];
        if (e->type == BFC_EV_FORMATION && !(show & SHOW_FORMATION))
            continue;
        if (!first)
            sb_put(b, ", ");
        first = 0;
        switch (e->type) {
        case BFC_EV_DEAL:
            sb_fmt(b, "deal %u ", e->seat);
            sb_card(b, e->card);
            break;
        case BFC_EV_CEASEFIRE:
            sb_put(b, "ceasefire");
            break;
        case BFC_EV_REVEAL:
        case BFC_EV_PLACE:
        case BFC_EV_SWAP:
        case BFC_EV_TAKE:
            sb_fmt(b, "%s %u %u:",
                   e->type == BFC_EV_REVEAL  ? "reveal"
                   : e->type == BFC_EV_PLACE ? "place"
                   : e->type == BFC_EV_SWAP  ? "swap"
                                             : "take",
                   e->seat, e->slot);
            sb_card(b, e->card);
            break;
        case BFC_EV_DRAW:
            sb_fmt(b, "draw %u ", e->seat);
            sb_card(b, e->card);
            break;
        case BFC_EV_RENEW:
            sb_fmt(b, "renew %u [", e->seat);
            sb_cards(b, e->item.cards, e->item.ncards);
            sb_put(b, "]");
            break;
        case BFC_EV_SCORE:
            sb_fmt(b, "score %u %s %s %u =%d", e->seat, e->source < 7 ? SRC_NAME[e->source] : "?",
                   bfc_item_kind_name(e->item.kind), e->points, e->score);
            break;
        case BFC_EV_ENDING:
            sb_fmt(b, "ending %u", e->seat);
            break;
        case BFC_EV_TURN_CARD:
            sb_fmt(b, "turncard %u ", e->seat);
            sb_card(b, e->card);
            break;
        case BFC_EV_FORMATION:
            sb_fmt(b, "formation %u %u", e->seat, e->points);
            break;
        case BFC_EV_LAYAWAY:
            sb_fmt(b, "layaway %u %u:", e->seat, e->slot);
            sb_card(b, e->card);
            sb_fmt(b, " %u", e->points);
            break;
        case BFC_EV_RESERVE:
            sb_fmt(b, "reserve %u %u", e->seat, e->points);
            break;
        case BFC_EV_GAME_OVER:
            sb_fmt(b, "over %u side %u value %u", e->seat, e->side, e->points);
            break;
        default:
            sb_fmt(b, "?%u", e->type);
        }
    }
}

static bfc_event EV[BFC_MAX_EVENTS];
static size_t NEV;

/* Applies the move (text) and returns its events as text (battlefield
 * FORMATION events left out unless show says), or "error: ...". */
static const char *play_show(bfc_game *g, const char *move, unsigned show)
{
    static char text[TEXT_MAX];
    sb b = {text, sizeof text, 0};
    NEV = 0;
    if (!g)
        return "no game";
    const int rc = bfc_game_apply(g, M(move), EV, BFC_MAX_EVENTS, &NEV);
    if (rc != BFC_OK) {
        sb_fmt(&b, "error: %s", bfc_strerror(rc));
        return text;
    }
    events_text(&b, EV, NEV, show);
    return text;
}

static const char *play(bfc_game *g, const char *move) { return play_show(g, move, 0); }

/* "s0 s1 ..." per side. */
static const char *scores(const bfc_game *g)
{
    static char text[64];
    sb b = {text, sizeof text, 0};
    int s[4];
    const int n = g ? bfc_game_scores(g, s, 4) : 0;
    for (int i = 0; i < n; i++)
        sb_fmt(&b, i ? " %d" : "%d", s[i]);
    return text;
}

/* The legal moves as text: "draw take 0 ... turn". */
static const char *legal(const bfc_game *g)
{
    static char text[512];
    sb b = {text, sizeof text, 0};
    bfc_move m[BFC_MAX_MOVES];
    const int n = g ? bfc_game_legal_moves(g, m, BFC_MAX_MOVES) : 0;
    for (int i = 0; i < n && i < BFC_MAX_MOVES; i++) {
        char t[BFC_MOVE_TEXT_MAX];
        bfc_move_format(m[i], t, sizeof t);
        sb_fmt(&b, i ? ", %s" : "%s", t);
    }
    return text;
}

/* The frontline as text. */
static const char *front(const bfc_game *g)
{
    static char text[128];
    sb b = {text, sizeof text, 0};
    bfc_observation o;
    if (g && bfc_game_observe(g, 0, &o) == BFC_OK)
        sb_cards(&b, o.frontline.cards, o.frontline.n);
    return text;
}

/* Seat s's formation as viewer sees it: "+5S ?? ..." (+ = face up). */
static const char *formation(const bfc_game *g, int viewer, int s)
{
    static char text[128];
    sb b = {text, sizeof text, 0};
    bfc_observation o;
    if (!g || bfc_game_observe(g, viewer, &o) != BFC_OK)
        return "";
    for (int i = 0; i < 5; i++) {
        if (i)
            sb_put(&b, " ");
        if (o.faceup[s] >> i & 1u)
            sb_put(&b, "+");
        sb_card(&b, o.formation[s][i]);
    }
    return text;
}

static bfc_observation OBS;
static const bfc_observation *observe(const bfc_game *g, int seat)
{
    memset(&OBS, 0, sizeof OBS);
    if (!g || bfc_game_observe(g, seat, &OBS) != BFC_OK)
        CHECK(!"observe");
    return &OBS;
}

/* The save text of g (static). */
static const char *save_text(const bfc_game *g)
{
    static char text[TEXT_MAX];
    text[0] = 0;
    if (g)
        bfc_game_save(g, text, sizeof text);
    return text;
}

/* The line of the save that starts with key (static). */
static const char *save_line(const bfc_game *g, const char *key)
{
    static char text[1024];
    const char *s = save_text(g);
    const size_t k = strlen(key);
    text[0] = 0;
    for (const char *p = s; *p;) {
        const char *e = strchr(p, '\n');
        const size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len >= k && !strncmp(p, key, k) && (p[k] == ' ' || len == k)) {
            snprintf(text, sizeof text, "%.*s", (int)len, p);
            break;
        }
        p += len + (e ? 1 : 0);
    }
    return text;
}

/* The first event of a type from index `from`, or NULL. */
static const bfc_event *find_event(unsigned type, size_t from)
{
    for (size_t i = from; i < NEV && i < BFC_MAX_EVENTS; i++)
        if (EV[i].type == type)
            return &EV[i];
    return NULL;
}

/* The type of the last event of the last move (0 if none). */
static int last_event_type(void)
{
    return NEV > 0 && NEV <= BFC_MAX_EVENTS ? EV[NEV - 1].type : 0;
}

/* A card set as a mask. */
static uint64_t mask_of(const bfc_card *c, size_t n)
{
    uint64_t m = 0;
    for (size_t i = 0; i < n; i++)
        m |= c[i] <= BFC_JOKER ? UINT64_C(1) << c[i] : UINT64_C(1) << 63;
    return m;
}

/* The four kept cards of a formation when slot goes away. */
static void kept_of(const bfc_card form[5], unsigned slot, bfc_card kept[4])
{
    for (unsigned i = 0, j = 0; i < 5; i++)
        if (i != slot)
            kept[j++] = form[i];
}

/* ===========================================================================
 * RULES 4: one test per rule, on exact positions
 * ======================================================================== */

/* A two-player table in the middle of a skirmish: dealer 1, seat 0 to move
 * (both have revealed), 10 in the frontline. */
#define TWO_MID(state, form0, form1, pile, frontline)                                    \
    "rules 0 2 0 121 200 0 0 0\n"                                                     \
    "state " state "\n"                                                               \
    "score 0 0\n"                                                                     \
    "over 0 - -\n"                                                                    \
    "cut - -\n"                                                                       \
    "formation 0 " form0 "\n"                                                         \
    "formation 1 " form1 "\n"                                                         \
    "crib AH AS\n"                                                                    \
    "pile " pile "\n"                                                                 \
    "frontline " frontline "\n"                                                       \
    "gone\n"                                                                          \
    "held -\n"                                                                        \
    "turncard -\n"                                                                    \
    "laid - -\n"

/* The draw from the pile of E (RULES 4.2, 4.4): the top card where the
 * pile's order is known (a position loaded with it); else the pile is
 * shuffled as it is used, so the card drawn is the one at a place the
 * game's generator picks among the cards not yet shuffled (uniform below
 * their count, the draw's one number), swapped with the top, whose place
 * is left 0. */
static bfc_card model_draw(bfc_game *E)
{
    const unsigned i = E->pile_pos, left = 53u - i;
    if (i < E->pile_shuffled) {
        const bfc_card c = E->pile[i];
        E->pile[i] = 0;
        E->pile_pos++;
        return c;
    }
    E->pile_shuffled = (uint8_t)(i + 1u);
    const unsigned j = i + (unsigned)(((bfc__rng_next(E->rng) >> 32) * left) >> 32);
    const bfc_card c = E->pile[j];
    E->pile[j] = E->pile[i];
    E->pile[i] = 0;
    E->pile_pos++;
    return c;
}

static void test_game__rules_4_4_first_turn_reveal(void)
{
    /* RULES 4.4 step 1: the first turn of a player in a skirmish begins by
     * turning two formation cards face up (any two: 10 moves), for every
     * player and every skirmish; no later turn does. */
    for (int players = 2; players <= 4; players++) {
        bfc_rules r = mkrules(players, 0, players - 2);
        bfc_game *g = bfc_game_new(&r, 77 + (uint64_t)players, NULL);
        if (!CHECK(g != NULL))
            continue;
        uint64_t rnd = 12345 + (uint64_t)players;
        unsigned had = 0, skirmish = observe(g, 0)->skirmish, new_turn = 1;
        int reveals = 0, later_turns = 0, skirmishes = 0;
        long bad = 0;
        while (!bfc_game_over(g) && skirmishes < 4) {
            const bfc_observation *o = observe(g, 0);
            if (o->skirmish != skirmish) {
                skirmish = o->skirmish;
                had = 0;
                skirmishes++;
                new_turn = 1;
            }
            const unsigned s = o->to_move, phase = o->phase;
            bfc_move L[BFC_MAX_MOVES];
            const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
            bfc_move m = L[test_rnd(&rnd, (unsigned)n)];
            if (new_turn && phase != BFC_PHASE_LAYAWAY) {
                if (!(had >> s & 1u)) {
                    /* the first turn: exactly the ten reveals */
                    bad += phase != BFC_PHASE_REVEAL || n != 10;
                    for (int i = 0; i < n; i++)
                        bad += L[i] != (bfc_move)(BFC_MOVE_REVEAL + (unsigned)i);
                    reveals++;
                } else {
                    bad += phase != BFC_PHASE_TURN;
                    for (int i = 0; i < n; i++)
                        bad += L[i] < BFC_MOVE_DRAW;
                    later_turns++;
                }
                had |= 1u << s;
            }
            if (m < BFC_MOVE_DRAW) {
                const unsigned a = bfc__reveal_pair[m][0], b = bfc__reveal_pair[m][1];
                const bfc_card ca = g->form[s][a], cb = g->form[s][b];
                const uint8_t up = o->faceup[s];
                if (bfc_game_apply(g, m, EV, BFC_MAX_EVENTS, &NEV) != BFC_OK) {
                    bad++;
                    break;
                }
                /* two REVEAL events with the slots' cards, now public */
                bad += NEV != 2 || EV[0].type != BFC_EV_REVEAL || EV[1].type != BFC_EV_REVEAL;
                bad += EV[0].seat != s || EV[0].slot != a || EV[0].card != ca;
                bad += EV[1].seat != s || EV[1].slot != b || EV[1].card != cb;
                for (int v = 0; v < players; v++) {
                    const bfc_observation *ov = observe(g, v);
                    bad += ov->faceup[s] != (up | 1u << a | 1u << b);
                    bad += ov->formation[s][a] != ca || ov->formation[s][b] != cb;
                }
                /* the same turn goes on: draw or take, no second reveal */
                bad += bfc_game_phase(g) != BFC_PHASE_TURN || bfc_game_to_move(g) != (int)s;
                const int k = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
                for (int i = 0; i < k; i++)
                    bad += L[i] < BFC_MOVE_DRAW;
                new_turn = 0;
                continue;
            }
            if (bfc_game_apply(g, m, NULL, 0, NULL) != BFC_OK) {
                bad++;
                break;
            }
            new_turn = m != BFC_MOVE_DRAW;
        }
        INT_EQ(bad, 0);
        CHECK(reveals >= 3 * players);
        CHECK(later_turns > reveals);
        bfc_game_free(g);
    }
    /* the reveal ids follow the table of bfc.h */
    INT_EQ(bfc_move_reveal(0, 1), 0);
    INT_EQ(bfc_move_reveal(4, 0), 3);
    INT_EQ(bfc_move_reveal(1, 2), 4);
    INT_EQ(bfc_move_reveal(2, 4), 8);
    INT_EQ(bfc_move_reveal(3, 4), 9);
    INT_EQ(bfc_move_reveal(2, 2), BFC_MOVE_NONE);
    INT_EQ(bfc_move_reveal(-1, 2), BFC_MOVE_NONE);
    INT_EQ(bfc_move_reveal(0, 5), BFC_MOVE_NONE);
    /* a seat that has revealed does not reveal again */
    bfc_game *g = pos(TWO_MID("1 0 1 3 - 0 2 1 6", "+2C +3D 5H 9S KC", "+6C +7D 8H 9C TD",
                              "5S *", "TH"));
    STR_EQ(legal(g), "draw, take 0, take 1, take 2, take 3, take 4");
    INT_EQ(bfc_game_apply(g, BFC_MOVE_REVEAL, NULL, 0, NULL), BFC_EILLEGAL);
    bfc_game_free(g);
    /* and one that has not, does, with its whole formation face down */
    g = pos(TWO_MID("0 0 1 2 - 0 1 1 3", "2C 3D 5H 9S KC", "+6C +7D 8H 9C TD", "5S *", "TH"));
    STR_EQ(legal(g), "reveal 0 1, reveal 0 2, reveal 0 3, reveal 0 4, reveal 1 2, reveal 1 3, "
                     "reveal 1 4, reveal 2 3, reveal 2 4, reveal 3 4");
    STR_EQ(play(g, "reveal 4 2"), "reveal 0 2:5H, reveal 0 4:KC");
    STR_EQ(formation(g, 1, 0), "?? ?? +5H ?? +KC");
    bfc_game_free(g);
}

static void test_game__rules_4_4_draw_then_place(void)
{
    /* RULES 4.4: draw the top card of the pile, then place it face up on
     * the end of the frontline; it is scored (2.3). D7: only the drawer
     * sees the drawn card until it is placed. */
    bfc_game *g = pos(TWO_MID("1 0 1 3 - 0 2 1 6", "+2C +3D 5H 9S KC", "+6C +7D 8H 9C TD",
                              "5S 2S *", "TH"));
    const int pile = observe(g, 0)->pile;
    INT_EQ(pile, 53 - 10 - 2 - 1);
    STR_EQ(play(g, "draw"), "draw 0 5S");
    INT_EQ(bfc_game_phase(g), BFC_PHASE_DRAWN);
    INT_EQ(observe(g, 0)->held, C("5S"));
    INT_EQ(observe(g, 1)->held, BFC_CARD_HIDDEN);
    INT_EQ(observe(g, 1)->pile, pile - 1);
    STR_EQ(legal(g), "place, swap 0, swap 1, swap 2, swap 3, swap 4");
    STR_EQ(play(g, "place"), "place 0 5:5S, score 0 fl fifteen 2 =2");
    STR_EQ(front(g), "TH 5S");
    STR_EQ(scores(g), "2 0");
    INT_EQ(bfc_game_to_move(g), 1);
    INT_EQ(observe(g, 1)->held, BFC_CARD_NONE);
    STR_EQ(formation(g, 1, 0), "+2C +3D ?? ?? ??");
    bfc_game_free(g);
}

/* Whether two games have the same pile, its order and the generator. */
static int same_pile(const bfc_game *a, const bfc_game *b)
{
    return memcmp(a->pile, b->pile, sizeof a->pile) == 0 && a->pile_pos == b->pile_pos &&
           a->pile_shuffled == b->pile_shuffled && memcmp(a->rng, b->rng, sizeof a->rng) == 0;
}

static void test_game__rules_4_2_pile_shuffled_as_used(void)
{
    /* RULES 4.2: the pile is shuffled, and the game shuffles it as it is
     * used: a card is drawn at random from the cards not yet drawn. A save
     * marks with "|" where that part begins; a position that names the
     * pile's order (no "|") is drawn in that order. */
    bfc_rules r = mkrules(2, 0, 0);
    bfc_game *g = bfc_game_new(&r, 77, NULL);
    CHECK(strncmp(save_line(g, "pile"), "pile | ", 7) == 0);
    INT_EQ(observe(g, 0)->pile, 40);
    if (bfc_game_phase(g) == BFC_PHASE_REVEAL)
        CHECK(bfc_game_apply(g, 0, NULL, 0, NULL) == BFC_OK);
    bfc_game model;
    memcpy(&model, g, sizeof model);
    const bfc_card want = model_draw(&model);
    char text[64], card[8];
    bfc_card_format(want, 0, card, sizeof card);
    snprintf(text, sizeof text, "draw %d %s", bfc_game_to_move(g), card);
    STR_EQ(play(g, "draw"), text);
    INT_EQ(observe(g, 0)->pile, 39);
    CHECK(strncmp(save_line(g, "pile"), "pile | ", 7) == 0);
    CHECK(same_pile(&model, g));
    bfc_game_free(g);

    /* the order given, then the rest at random; save, load, save again */
    g = pos(TWO_MID("1 0 1 3 - 0 2 1 6", "+2C +3D 5H 9S KC", "+6C +7D 8H 9C TD",
                    "5S 2S | *", "TH"));
    STR_EQ(save_line(g, "pile"), "pile 5S 2S | AC AD 2D 2H 3C 3H 3S 4C 4D 4H 4S 5C 5D 6D 6H 6S 7C "
                                 "7H 7S 8C 8D 8S 9D 9H TC TS JC JD JH JS QC QD QH QS KD KH KS JK");
    STR_EQ(play(g, "draw"), "draw 0 5S");
    STR_EQ(play(g, "place"), "place 0 5:5S, score 0 fl fifteen 2 =2");
    STR_EQ(play(g, "draw"), "draw 1 2S");
    STR_EQ(play(g, "place"), "place 1 5:2S");
    CHECK(strncmp(save_line(g, "pile"), "pile | AC AD", 12) == 0);
    memcpy(&model, g, sizeof model);
    bfc_card_format(model_draw(&model), 0, card, sizeof card);
    snprintf(text, sizeof text, "draw 0 %s", card);
    STR_EQ(play(g, "draw"), text);
    CHECK(same_pile(&model, g));
    bfc_game *h = NULL;
    INT_EQ(bfc_game_load(&h, save_text(g)), BFC_OK);
    CHECK(h && memcmp(h, g, sizeof *g) == 0);
    bfc_game_free(h);
    bfc_game_free(g);

    /* "|" once, before a card */
    INT_EQ(pos_status(TWO_MID("1 0 1 3 - 0 2 1 6", "+2C +3D 5H 9S KC", "+6C +7D 8H 9C TD",
                              "5S | 2S | *", "TH")),
           BFC_EPARSE);
    INT_EQ(pos_status(TWO_MID("1 0 1 3 - 0 2 1 6", "+2C +3D 5H 9S KC", "+6C +7D 8H 9C TD",
                              "5S 2S * |", "TH")),
           BFC_EPARSE);
    INT_EQ(pos_status(TWO_MID("1 0 1 3 - 0 2 1 6", "+2C +3D 5H 9S KC", "+6C +7D 8H 9C TD", "|",
                              "TH")),
           BFC_EPARSE);
}

static void test_game__rules_4_4_draw_then_swap(void)
{
    /* RULES 4.4: or swap the drawn card into slot i (face up) and place the
     * card that was there, face down or face up. */
    bfc_game *g = pos(TWO_MID("1 0 1 3 - 0 2 1 6", "+2C +3D 5H 9S KC", "+6C +7D 8H 9C TD",
                              "2S *", "TH"));
    STR_EQ(play(g, "draw"), "draw 0 2S");
    STR_EQ(play(g, "swap 2"), "swap 0 2:2S, place 0 2:5H, score 0 fl fifteen 2 =2");
    STR_EQ(front(g), "TH 5H");
    STR_EQ(formation(g, 1, 0), "+2C +3D +2S ?? ??");
    STR_EQ(formation(g, 0, 0), "+2C +3D +2S ?? ??");
    STR_EQ(scores(g), "2 0");
    bfc_game_free(g);
    /* a face-up slot: the slot stays face up with the new card */
    g = pos(TWO_MID("1 0 1 3 - 0 2 1 6", "+2C +3D 5H 9S KC", "+6C +7D 8H 9C TD", "2S *", "TH"));
    STR_EQ(play(g, "draw"), "draw 0 2S");
    STR_EQ(play(g, "swap 0"), "swap 0 0:2S, place 0 0:2C");
    STR_EQ(front(g), "TH 2C");
    STR_EQ(formation(g, 1, 0), "+2S +3D ?? ?? ??");
    STR_EQ(scores(g), "0 0");
    bfc_game_free(g);
}

static void test_game__rules_4_4_take_scores_without_taken_card(void)
{
    /* RULES 4.4 take: the end card of the frontline goes into slot i face
     * up, the slot's card is placed and scored against the frontline
     * WITHOUT the taken card: 4H 6D [5S taken] + 5D = 15 and a run of 3
     * (5 points), not 20 and a pair. */
    bfc_game *g = pos(TWO_MID("1 0 1 3 - 0 2 1 6", "+2C +3D 9H 5D KC", "+6C +7D 8H 9C TD", "*",
                              "4H 6D 5S"));
    STR_EQ(play(g, "take 3"),
           "take 0 3:5S, place 0 3:5D, score 0 fl fifteen 2 =2, score 0 fl combination 3 =5");
    STR_EQ(front(g), "4H 6D 5D");
    STR_EQ(formation(g, 1, 0), "+2C +3D ?? +5S ??");
    STR_EQ(scores(g), "5 0");
    INT_EQ(bfc_game_to_move(g), 1);
    bfc_game_free(g);

    /* taking the only card leaves the frontline empty: the placed card
     * simply begins it -- no renewal, no go, nothing scored */
    g = pos(TWO_MID("1 0 1 3 - 0 2 1 6", "+2C +3D 9H 5D KC", "+6C +7D 8H 9C TD", "*", "9D"));
    STR_EQ(play(g, "take 4"), "take 0 4:9D, place 0 4:KC");
    STR_EQ(front(g), "KC");
    INT_EQ(observe(g, 0)->frontline.sum, 10);
    INT_EQ(observe(g, 0)->out_of_play, 0);
    STR_EQ(save_line(g, "gone"), "gone");
    STR_EQ(scores(g), "0 0");
    bfc_game_free(g);

    /* taking the joker off the end: the window is no longer cut by it
     * (3C 4D + 5D is a run of 3) */
    g = pos(TWO_MID("1 0 1 3 - 0 2 1 6", "+2C +3D 9H 5D KC", "+6C +7D 8H 9C TD", "*",
                    "3C 4D JK"));
    STR_EQ(play(g, "take 3"), "take 0 3:JK, place 0 3:5D, score 0 fl combination 3 =3");
    STR_EQ(front(g), "3C 4D 5D");
    bfc_game_free(g);

    /* a take whose placed card passes 31 without the taken card renews
     * the frontline (4.5): TH TC 9S [2C taken] + QD */
    g = pos(TWO_MID("1 0 1 3 - 0 2 1 6", "+2C +3D 9H QD KC", "+6C +7D 8H 9C TD", "*",
                    "TH TC 9S 2D"));
    STR_EQ(play(g, "take 3"), "take 0 3:2D, place 0 3:QD, renew 0 [TH TC 9S], score 1 go go 1 =1");
    STR_EQ(front(g), "QD");
    STR_EQ(scores(g), "0 1");
    bfc_game_free(g);
}

/* Three players, dealer 0, seat 2 to move (everyone revealed). */
#define THREE_MID(state, score, form2, pile, frontline)                                  \
    "rules 0 3 0 121 200 0 0 0\n"                                                     \
    "state " state "\n"                                                               \
    "score " score "\n"                                                               \
    "over 0 - -\n"                                                                    \
    "cut - - -\n"                                                                     \
    "formation 0 +2C +3D 4H 8S KC\n"                                                  \
    "formation 1 +6C +7D 8H 9C AD\n"                                                  \
    "formation 2 " form2 "\n"                                                         \
    "crib AH\n"                                                                       \
    "pile " pile "\n"                                                                 \
    "frontline " frontline "\n"                                                       \
    "gone\n"                                                                          \
    "held -\n"                                                                        \
    "turncard -\n"                                                                    \
    "laid - - -\n"

static void test_game__rules_4_5_renewal_go_to_the_right(void)
{
    /* RULES 4.5: a placed card that would take the frontline past 31
     * begins a new frontline; the cards on it go out of play; the player to
     * the RIGHT of the placer (seat s-1: seat 1 for placer 2, not the
     * dealer 0 on its left) scores 1 for the go; the placer scores nothing
     * (here 5D would otherwise make three fives: 6). */
    bfc_game *g = pos(THREE_MID("1 2 0 7 - 0 4 1 12", "3 4 5", "+2H +3S 7S QD KS", "5D *",
                                "TH TC 5S 5C"));
    STR_EQ(play(g, "draw"), "draw 2 5D");
    STR_EQ(play(g, "place"), "place 2 5:5D, renew 2 [TH TC 5S 5C], score 1 go go 1 =5");
    STR_EQ(scores(g), "3 5 5");
    STR_EQ(front(g), "5D");
    INT_EQ(observe(g, 0)->frontline.sum, 5);
    const bfc_card gone[4] = {C("TH"), C("TC"), C("5S"), C("5C")};
    INT_EQ(observe(g, 0)->out_of_play, mask_of(gone, 4));
    STR_EQ(save_line(g, "gone"), "gone 5C 5S TC TH");
    INT_EQ(bfc_game_to_move(g), 0);
    bfc_game_free(g);

    /* placer 0, dealer 1 on its left: the go goes to seat 2 on its right */
    g = pos("rules 0 3 0 121 200 0 0 0\n"
            "state 1 0 1 7 - 0 4 1 12\n"
            "score 0 0 0\n"
            "over 0 - -\n"
            "cut - - -\n"
            "formation 0 +2C +3D 4H 9S KC\n"
            "formation 1 +6C +7D 8H 9C AD\n"
            "formation 2 +2H +3S 7S QD KS\n"
            "crib AH\n"
            "pile QC *\n"
            "frontline TH TC 9D\n"
            "gone\n"
            "held -\n"
            "turncard -\n"
            "laid - - -\n");
    STR_EQ(play(g, "draw"), "draw 0 QC");
    STR_EQ(play(g, "place"), "place 0 5:QC, renew 0 [TH TC 9D], score 2 go go 1 =1");
    STR_EQ(scores(g), "0 0 1");
    bfc_game_free(g);

    /* the joker adds 0 and never renews: on 31 it scores the 31 again */
    g = pos(THREE_MID("1 2 0 7 - 0 4 1 12", "3 4 5", "+2H +3S 7S QD KS", "JK *", "TH TC JD AC"));
    STR_EQ(play(g, "draw"), "draw 2 JK");
    STR_EQ(play(g, "place"), "place 2 5:JK, score 2 fl thirty-one 2 =7");
    STR_EQ(front(g), "TH TC JD AC JK");
    bfc_game_free(g);
}

static void test_game__rules_4_5_D8_turn_card_renewal(void)
{
    /* RULES 4.5 D8: the turn card renewing the frontline scores nothing for
     * its placer, not even the last card; the go is still scored (seat 1,
     * right of placer 2), then knobs still go to the dealer (seat 0) for a
     * jack, after the go. */
    bfc_game *g = pos(THREE_MID("1 2 0 7 - 0 4 1 12", "3 4 5", "+2H +3S 7S QD KS", "JD 3C *2",
                                "TH TC 9S"));
    STR_EQ(legal(g), "take 0, take 1, take 2, take 3, take 4, turn");
    STR_EQ(play(g, "turn"), "place 2 5:JD, turncard 2 JD, renew 2 [TH TC 9S], "
                            "score 1 go go 1 =5, score 0 knobs knobs 2 =5");
    STR_EQ(scores(g), "5 5 5");
    INT_EQ(bfc_game_phase(g), BFC_PHASE_LAYAWAY);
    INT_EQ(bfc_game_to_move(g), 1);
    INT_EQ(observe(g, 0)->turn_card, C("JD"));
    STR_EQ(front(g), "JD");
    bfc_game_free(g);
    /* the same turn card without renewal: last card 1 for the placer, then
     * knobs for the dealer */
    g = pos(THREE_MID("1 2 0 7 - 0 4 1 12", "3 4 5", "+2H +3S 7S QD KS", "JD 3C *2", "TH 8C"));
    STR_EQ(play(g, "turn"),
           "place 2 5:JD, turncard 2 JD, score 2 fl last card 1 =6, score 0 knobs knobs 2 =5");
    bfc_game_free(g);
    /* a turn card making 31 scores the 31 but no last card (2.3) */
    g = pos(THREE_MID("1 2 0 7 - 0 4 1 12", "3 4 5", "+2H +3S 7S QD KS", "JD 3C *2", "TH TS AS"));
    STR_EQ(play(g, "turn"), "place 2 5:JD, turncard 2 JD, score 2 fl thirty-one 2 =7, "
                            "score 0 knobs knobs 2 =5");
    bfc_game_free(g);
}

static void test_game__rules_4_6_two_cards_left(void)
{
    /* RULES 4.4/4.6: a turn that starts with exactly 2 cards in the pile
     * may not draw: take, or place the top pile card as the turn card; the
     * last card stays unused. */
    const char *t = TWO_MID("1 0 1 3 - 0 30 1 70", "+2C +3D 4H 9S KC", "+6C +7D 8H 9C TD",
                            "7C 8D *2", "5H");
    bfc_game *g = pos(t);
    STR_EQ(legal(g), "take 0, take 1, take 2, take 3, take 4, turn");
    char before[TEXT_MAX];
    snprintf(before, sizeof before, "%s", save_text(g));
    INT_EQ(bfc_game_apply(g, BFC_MOVE_DRAW, NULL, 0, NULL), BFC_EILLEGAL);
    STR_EQ(save_text(g), before);
    STR_EQ(play(g, "turn"), "place 0 5:7C, turncard 0 7C, score 0 fl last card 1 =1");
    INT_EQ(bfc_game_phase(g), BFC_PHASE_LAYAWAY);
    INT_EQ(bfc_game_to_move(g), 0);
    INT_EQ(observe(g, 1)->pile, 1);
    STR_EQ(save_line(g, "pile"), "pile 8D");
    /* the unused card is in no hand and not in the reserve */
    bfc_move L[BFC_MAX_MOVES];
    bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
    CHECK(bfc_game_apply(g, L[0], EV, BFC_MAX_EVENTS, &NEV) == BFC_OK);
    bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
    CHECK(bfc_game_apply(g, L[0], EV, BFC_MAX_EVENTS, &NEV) == BFC_OK);
    const bfc_event *res = find_event(BFC_EV_RESERVE, 0);
    if (CHECK(res != NULL)) {
        INT_EQ(res->item.ncards, 4);
        CHECK(!(mask_of(res->item.cards, 4) >> C("8D") & 1u));
        CHECK((mask_of(res->item.cards, 4) & mask_of((const bfc_card[]){C("AH"), C("AS")}, 2)) ==
              mask_of((const bfc_card[]){C("AH"), C("AS")}, 2));
    }
    bfc_game_free(g);

    /* a take is still allowed, and leaves the pile at 2 for the next */
    g = pos(t);
    STR_EQ(play(g, "take 0"), "take 0 0:5H, place 0 0:2C");
    STR_EQ(legal(g), "take 0, take 1, take 2, take 3, take 4, turn");
    bfc_game_free(g);

    /* with 3 cards a draw is legal; it leaves 2, and the next may not */
    g = pos(TWO_MID("1 0 1 3 - 0 30 1 70", "+2C +3D 4H 9S KC", "+6C +7D 8H 9C TD", "7C 8D 9D *3",
                    "5H"));
    STR_EQ(legal(g), "draw, take 0, take 1, take 2, take 3, take 4");
    STR_EQ(play(g, "draw"), "draw 0 7C");
    STR_EQ(play(g, "place"), "place 0 5:7C");
    STR_EQ(legal(g), "take 0, take 1, take 2, take 3, take 4, turn");
    bfc_game_free(g);

    /* the turn card also ends the final turns still owed (seat 2's here) */
    g = pos("rules 0 3 0 121 200 0 0 0\n"
            "state 1 1 2 7 0 2 10 1 30\n"
            "score 0 0 0\n"
            "over 0 - -\n"
            "cut - - -\n"
            "formation 0 +2C +3D +4H +9S +KC\n"
            "formation 1 +6C +7D 8H 9C AD\n"
            "formation 2 +2H +3S 7S QD KS\n"
            "crib AH\n"
            "pile 7C 8D *2\n"
            "frontline 5H\n"
            "gone\n"
            "held -\n"
            "turncard -\n"
            "laid - - -\n");
    INT_EQ(observe(g, 0)->final_turns, 2);
    STR_EQ(play(g, "turn"), "place 1 5:7C, turncard 1 7C, score 1 fl last card 1 =1");
    INT_EQ(bfc_game_phase(g), BFC_PHASE_LAYAWAY);
    INT_EQ(bfc_game_to_move(g), 0);
    bfc_game_free(g);
}

#define ENDED_TWO(frontline)                                                              \
    "rules 0 2 0 121 200 0 0 0\n"                                                     \
    "state 1 1 0 3 0 1 7 1 20\n"                                                      \
    "score 0 0\n"                                                                     \
    "over 0 - -\n"                                                                    \
    "cut - -\n"                                                                       \
    "formation 0 +2D +3D +4D +6S +9H\n"                                               \
    "formation 1 +6C +7D 8H AC 2H\n"                                                  \
    "crib AH AS\n"                                                                    \
    "pile 6H *\n"                                                                     \
    "frontline " frontline "\n"                                                       \
    "gone\n"                                                                          \
    "held -\n"                                                                        \
    "turncard -\n"                                                                    \
    "laid - -\n"

static void test_game__rules_4_6_all_face_up_ending(void)
{
    /* RULES 4.6: a turn ending with all five of the player's formation
     * cards face up ends the skirmish; each other player has one final
     * turn in order; the card placed by the last of them (the ender's
     * right) is the turn card: last card 1 to its placer, knobs 2 to the
     * dealer. Further all-face-up formations change nothing. */
    bfc_game *g = pos("rules 0 3 0 121 200 0 0 0\n"
                      "state 1 0 1 7 - 0 4 1 14\n"
                      "score 0 0 0\n"
                      "over 0 - -\n"
                      "cut - - -\n"
                      "formation 0 +2D +3D +4D +6S 9H\n"
                      "formation 1 +6C +7D +8H +AC 2H\n"
                      "formation 2 +2S 3S 7S QD KS\n"
                      "crib AH\n"
                      "pile 3C 4C JS 5C *\n"
                      "frontline 2C\n"
                      "gone\n"
                      "held -\n"
                      "turncard -\n"
                      "laid - - -\n");
    STR_EQ(play(g, "draw"), "draw 0 3C");
    STR_EQ(play(g, "swap 4"), "swap 0 4:3C, place 0 4:9H, ending 0");
    INT_EQ(observe(g, 0)->ender, 0);
    INT_EQ(observe(g, 0)->final_turns, 2);
    INT_EQ(bfc_game_to_move(g), 1);
    /* seat 1's formation goes all face up in its final turn: no new ending */
    STR_EQ(play(g, "draw"), "draw 1 4C");
    STR_EQ(play(g, "swap 4"), "swap 1 4:4C, place 1 4:2H");
    INT_EQ(observe(g, 0)->ender, 0);
    INT_EQ(observe(g, 0)->final_turns, 1);
    INT_EQ(bfc_game_to_move(g), 2);
    CHECK(observe(g, 0)->turn_card == BFC_CARD_NONE);
    /* seat 2, right of the ender: its placed card is the turn card; then
     * every formation goes face up for the battlefield, from the dealer's
     * left */
    STR_EQ(play(g, "draw"), "draw 2 JS");
    STR_EQ(play_show(g, "place", SHOW_FORMATION),
           "place 2 5:JS, turncard 2 JS, score 2 fl last card 1 =1, score 1 knobs knobs 2 =2, "
           "formation 2 0, formation 0 0, formation 1 0");
    STR_EQ(front(g), "2C 9H 2H JS");
    INT_EQ(bfc_game_phase(g), BFC_PHASE_LAYAWAY);
    INT_EQ(bfc_game_to_move(g), 2); /* the dealer's left */
    INT_EQ(observe(g, 0)->turn_card, C("JS"));
    for (int s = 0; s < 3; s++)
        INT_EQ(observe(g, 1)->faceup[s], 0x1F);
    bfc_game_free(g);

    /* two players: the other player's final turn places the turn card,
     * here by a take (scored without the taken card: 4C + 8H = 12) */
    g = pos(ENDED_TWO("4C 5C"));
    INT_EQ(observe(g, 0)->final_turns, 1);
    STR_EQ(play(g, "take 2"),
           "take 1 2:5C, place 1 2:8H, turncard 1 8H, score 1 fl last card 1 =1");
    INT_EQ(bfc_game_phase(g), BFC_PHASE_LAYAWAY);
    INT_EQ(bfc_game_to_move(g), 1);
    bfc_game_free(g);
    /* a turn card making 31 scores the 31 and no last card */
    g = pos(ENDED_TWO("TC TH 5C"));
    STR_EQ(play(g, "draw"), "draw 1 6H");
    STR_EQ(play(g, "place"), "place 1 5:6H, turncard 1 6H, score 1 fl thirty-one 2 =2");
    bfc_game_free(g);
    /* the turn card by a swap: the slot's card is placed */
    g = pos(ENDED_TWO("4C 5C"));
    STR_EQ(play(g, "draw"), "draw 1 6H");
    STR_EQ(play(g, "swap 2"),
           "swap 1 2:6H, place 1 2:8H, turncard 1 8H, score 1 fl last card 1 =1");
    bfc_game_free(g);
}

static void test_game__rules_4_6_D9_turn_limit(void)
{
    /* RULES D9: once a skirmish has had turn_limit turns, the player to
     * move may only place the top pile card as the turn card. */
    for (int players = 2; players <= 4; players++) {
        bfc_rules r = mkrules(players, 0, 0);
        r.turn_limit = 3;
        bfc_game *g = NULL;
        for (uint64_t seed = 1; seed < 100; seed++) { /* skip an opening cease-fire */
            g = bfc_game_new(&r, seed, NULL);
            if (g && observe(g, 0)->skirmish == 1)
                break;
            bfc_game_free(g);
            g = NULL;
        }
        if (!CHECK(g != NULL))
            continue;
        for (int turn = 0; turn < 3; turn++) {
            if (bfc_game_phase(g) == BFC_PHASE_REVEAL)
                CHECK(bfc_game_apply(g, 0, NULL, 0, NULL) == BFC_OK);
            CHECK(bfc_game_apply(g, BFC_MOVE_DRAW, NULL, 0, NULL) == BFC_OK);
            CHECK(bfc_game_apply(g, BFC_MOVE_PLACE, NULL, 0, NULL) == BFC_OK);
        }
        INT_EQ(observe(g, 0)->turns, 3);
        STR_EQ(legal(g), "turn");
        INT_EQ(bfc_game_phase(g), BFC_PHASE_TURN); /* no reveal either (4 players) */
        INT_EQ(bfc_game_apply(g, BFC_MOVE_DRAW, NULL, 0, NULL), BFC_EILLEGAL);
        INT_EQ(bfc_game_apply(g, BFC_MOVE_TAKE, NULL, 0, NULL), BFC_EILLEGAL);
        INT_EQ(bfc_game_apply(g, BFC_MOVE_REVEAL, NULL, 0, NULL), BFC_EILLEGAL);
        const int mover = bfc_game_to_move(g);
        bfc_game model;
        memcpy(&model, g, sizeof model);
        const bfc_card top = model_draw(&model);
        CHECK(bfc_game_apply(g, BFC_MOVE_TURN, EV, BFC_MAX_EVENTS, &NEV) == BFC_OK);
        const bfc_event *tc = find_event(BFC_EV_TURN_CARD, 0);
        CHECK(tc && tc->seat == mover && tc->card == top);
        if (!bfc_game_over(g))
            INT_EQ(bfc_game_phase(g), BFC_PHASE_LAYAWAY);
        bfc_game_free(g);
    }
    /* turn_limit 0: no limit */
    bfc_game *g = pos("rules 0 2 0 121 0 0 0 0\n"
                      "state 1 0 1 3 - 0 5000 1 9000\n"
                      "score 0 0\n"
                      "over 0 - -\n"
                      "cut - -\n"
                      "formation 0 +2C +3D 4H 9S KC\n"
                      "formation 1 +6C +7D 8H 9C TD\n"
                      "crib AH AS\n"
                      "pile *\n"
                      "frontline 5H\n"
                      "gone\n"
                      "held -\n"
                      "turncard -\n"
                      "laid - -\n");
    STR_EQ(legal(g), "draw, take 0, take 1, take 2, take 3, take 4");
    bfc_game_free(g);
    /* a loaded game at its limit */
    g = pos(TWO_MID("1 0 1 3 - 0 200 1 500", "+2C +3D 4H 9S KC", "+6C +7D 8H 9C TD", "7S *",
                    "5H"));
    STR_EQ(legal(g), "turn");
    bfc_game_free(g);
    /* RULES D9: no card drawn at the limit, so a save holding one there is
     * refused (placed, it would have made a turn past the limit) */
#define HELD_AT(turns)                                                                     \
    "rules 0 2 0 121 200 0 0 0\n"                                                     \
    "state 2 0 1 3 - 0 " turns " 1 500\n"                                            \
    "score 0 0\n"                                                                     \
    "over 0 - -\n"                                                                    \
    "cut - -\n"                                                                       \
    "formation 0 +2C +3D 4H 9S KC\n"                                                  \
    "formation 1 +6C +7D 8H 9C TD\n"                                                  \
    "crib AH AS\n"                                                                    \
    "pile *\n"                                                                        \
    "frontline 5H\n"                                                                  \
    "gone\n"                                                                          \
    "held 7S\n"                                                                       \
    "turncard -\n"                                                                    \
    "laid - -\n"
    INT_EQ(pos_status(HELD_AT("199")), BFC_OK);
    INT_EQ(pos_status(HELD_AT("200")), BFC_ESTATE);
#undef HELD_AT
}

/* A two-player battlefield: dealer 1, seat 0 to lay away first. */
#define TWO_FIELD(flags, form0, form1, crib, frontline, turn)                              \
    "rules 0 2 0 121 200 0 0 " flags "\n"                                             \
    "state 3 0 1 3 - 0 30 1 70\n"                                                     \
    "score 0 0\n"                                                                     \
    "over 0 - -\n"                                                                    \
    "cut - -\n"                                                                       \
    "formation 0 " form0 "\n"                                                         \
    "formation 1 " form1 "\n"                                                         \
    "crib " crib "\n"                                                                 \
    "pile *20\n"                                                                      \
    "frontline " frontline "\n"                                                       \
    "gone\n"                                                                          \
    "held -\n"                                                                        \
    "turncard " turn "\n"                                                             \
    "laid - -\n"

static int reserve_points(const bfc_card *res, bfc_card turn)
{
    bfc_hand_score hs;
    return brute_show(res, 4, turn, BFC_CRIB, &hs);
}

static void test_game__rules_4_7_D10_best_lay_aways(void)
{
    /* RULES 4.7 D10: by default the legal lay-aways are exactly those that
     * leave the best four cards (ties: all of them). Turn card KC.
     * Seat 0: only 2C away keeps 5 5 5 JC (21). Seat 1: 9S or TS away
     * both keep 7; 2D/3D/4H away keep less. */
    bfc_game *g = pos(TWO_FIELD("0", "+5H +5C +5S +JC +2C", "+9S +TS +2D +3D +4H", "AH AS",
                                "3C KC", "KC"));
    STR_EQ(legal(g), "layaway 4");
    INT_EQ(observe(g, 0)->lay_legal, 0x10);
    STR_EQ(play(g, "layaway 4"),
           "layaway 0 4:2C 21, score 0 bf fifteen 2 =2, score 0 bf fifteen 2 =4, "
           "score 0 bf fifteen 2 =6, score 0 bf fifteen 2 =8, score 0 bf fifteen 2 =10, "
           "score 0 bf fifteen 2 =12, score 0 bf fifteen 2 =14, score 0 bf pair 2 =16, "
           "score 0 bf pair 2 =18, score 0 bf pair 2 =20, score 0 bf nobs 1 =21");
    STR_EQ(legal(g), "layaway 0, layaway 1");
    INT_EQ(bfc_game_apply(g, M("layaway 2"), NULL, 0, NULL), BFC_EILLEGAL);
    INT_EQ(bfc_game_apply(g, M("layaway 4"), NULL, 0, NULL), BFC_EILLEGAL);
    play(g, "layaway 1");
    const bfc_event *la = find_event(BFC_EV_LAYAWAY, 0);
    CHECK(la && la->seat == 1 && la->slot == 1 && la->card == C("TS") && la->points == 7);
    const bfc_event *re = find_event(BFC_EV_RESERVE, 0);
    const bfc_card res[4] = {C("AH"), C("AS"), C("2C"), C("TS")};
    if (CHECK(re != NULL)) {
        INT_EQ(re->seat, 1);
        INT_EQ(mask_of(re->item.cards, re->item.ncards), mask_of(res, 4));
        INT_EQ(re->points, reserve_points(res, C("KC")));
        INT_EQ(re->points, 2);
    }
    STR_EQ(scores(g), "21 9");
    bfc_game_free(g);

    /* RULES D10 option BFC_ANY_LAY_AWAY: every card may be laid away */
    g = pos(TWO_FIELD("16", "+5H +5C +5S +JC +2C", "+9S +TS +2D +3D +4H", "AH AS", "3C KC",
                      "KC"));
    STR_EQ(legal(g), "layaway 0, layaway 1, layaway 2, layaway 3, layaway 4");
    play(g, "layaway 0");
    la = find_event(BFC_EV_LAYAWAY, 0);
    CHECK(la && la->points == 11); /* 5C 5S JC 2C + KC */
    STR_EQ(scores(g), "11 0");
    STR_EQ(legal(g), "layaway 0, layaway 1, layaway 2, layaway 3, layaway 4");
    play(g, "layaway 4");
    la = find_event(BFC_EV_LAYAWAY, 0);
    CHECK(la && la->points == 4); /* 9S TS 2D 3D + KC: two fifteens */
    bfc_game_free(g);
}

static void test_game__rules_4_7_joker_kill(void)
{
    /* RULES 4.7: four kept cards holding the joker score 0 */
    bfc_game *g = pos(TWO_FIELD("16", "+JK +5H +5C +5S +TD", "+9S +TS +2D +3D +4H", "TC TH",
                                "3C 5D", "5D"));
    STR_EQ(play(g, "layaway 4"), "layaway 0 4:TD 0");
    STR_EQ(scores(g), "0 0");
    bfc_game_free(g);
    /* so by default only the joker may go (the others all score 0) ... */
    g = pos(TWO_FIELD("0", "+JK +5H +5C +5S +TD", "+9S +TS +2D +3D +4H", "TC TH", "3C 5D", "5D"));
    STR_EQ(legal(g), "layaway 0");
    play(g, "layaway 0");
    const bfc_event *la = find_event(BFC_EV_LAYAWAY, 0);
    CHECK(la && la->card == BFC_JOKER && la->points == 28);
    STR_EQ(scores(g), "28 0");
    /* ... and then it kills the reserve (TC TH JK + seat 1's card, 5D) */
    bfc_move L[BFC_MAX_MOVES];
    CHECK(bfc_game_legal_moves(g, L, BFC_MAX_MOVES) >= 1);
    CHECK(bfc_game_apply(g, L[0], EV, BFC_MAX_EVENTS, &NEV) == BFC_OK);
    const bfc_event *re = find_event(BFC_EV_RESERVE, 0);
    if (CHECK(re != NULL)) {
        CHECK(mask_of(re->item.cards, re->item.ncards) >> BFC_JOKER & 1u);
        INT_EQ(re->points, 0);
        for (size_t i = 0; i < NEV; i++)
            CHECK(!(EV[i].type == BFC_EV_SCORE && EV[i].source == BFC_SRC_RESERVE));
    }
    bfc_game_free(g);

    /* a joker turn card: every hand and the reserve score 0, and every
     * lay-away ties, so all five are legal even by default */
    g = pos(TWO_FIELD("0", "+5H +5C +5S +5D +TD", "+9S +TS +2D +3D +4H", "TC TH", "3C JK", "JK"));
    STR_EQ(legal(g), "layaway 0, layaway 1, layaway 2, layaway 3, layaway 4");
    STR_EQ(play(g, "layaway 2"), "layaway 0 2:5S 0");
    STR_EQ(legal(g), "layaway 0, layaway 1, layaway 2, layaway 3, layaway 4");
    play(g, "layaway 0");
    la = find_event(BFC_EV_LAYAWAY, 0);
    re = find_event(BFC_EV_RESERVE, 0);
    CHECK(la && la->points == 0);
    CHECK(re && re->points == 0);
    STR_EQ(scores(g), "0 0");
    for (size_t i = 0; i < NEV; i++)
        CHECK(EV[i].type != BFC_EV_SCORE || EV[i].source == BFC_SRC_CEASEFIRE);
    bfc_game_free(g);
}

static void test_game__rules_4_7_knobs_to_the_reserve(void)
{
    /* RULES 4.7: knobs is a jack of the turn card's suit among the four
     * KEPT cards; a jack laid away counts for the reserve instead. Turn 4H. */
    bfc_game *g = pos(TWO_FIELD("16", "+JH +5C +6D +7S +KC", "+9S +TS +2D +3D +4S", "AH AS",
                                "3C 4H", "4H"));
    const char *t = play(g, "layaway 0");
    CHECK(strstr(t, "layaway 0 0:JH 8") == t);
    CHECK(strstr(t, "nobs") == NULL);
    t = play(g, "layaway 0");
    CHECK(strstr(t, "reserve 1 9") != NULL);
    CHECK(strstr(t, "score 1 res nobs 1") != NULL);
    const bfc_card res[4] = {C("AH"), C("AS"), C("JH"), C("9S")};
    INT_EQ(reserve_points(res, C("4H")), 9);
    bfc_game_free(g);
    /* the same jack kept: knobs for the hand */
    g = pos(TWO_FIELD("16", "+JH +5C +6D +7S +KC", "+9S +TS +2D +3D +4S", "AH AS", "3C 4H",
                      "4H"));
    t = play(g, "layaway 4");
    CHECK(strstr(t, "score 0 bf nobs 1") != NULL);
    t = play(g, "layaway 0");
    CHECK(strstr(t, "res nobs") == NULL);
    bfc_game_free(g);
}

/* A battlefield where only the dealer (seat 0) has still to lay away, the
 * turn card the joker (every hand and the reserve score 0): its lay-away
 * deals the next skirmish from the game's generator. */
static const char *deal_base(int players, int teams, const int *score)
{
    static char t[TEXT_MAX];
    static const char *const forms[4] = {"+2C +3D +4H +9S +KC", "+6C +7D +8H +AC +AD",
                                         "+2H +3S +7S +QD +KS", "+4C +4D +4S +6H +6D"};
    static const char *const cribs[5] = {"", "", " AH AS", " AH", ""};
    static const char *const laid[5] = {"", "", "- 0", "- 0 0", "- 0 0 0"};
    sb b = {t, sizeof t, 0};
    sb_fmt(&b, "rules 0 %d %d 121 200 0 0 0\n", players, teams);
    sb_fmt(&b, "state 3 0 0 %d - 0 30 1 80\nscore", (1 << players) - 1);
    for (int s = 0; s < (teams ? 2 : players); s++)
        sb_fmt(&b, " %d", score ? score[s] : 0);
    sb_put(&b, "\nover 0 - -\ncut");
    for (int s = 0; s < players; s++)
        sb_put(&b, " -");
    sb_put(&b, "\n");
    for (int s = 0; s < players; s++)
        sb_fmt(&b, "formation %d %s\n", s, forms[s]);
    sb_fmt(&b, "crib%s\npile *10\nfrontline 5C JK\ngone\nheld -\nturncard JK\nlaid %s\n",
           cribs[players], laid[players]);
    return t;
}

/* Sets the game's generator (so its next deal) from seed. */
static void set_rng(bfc_game *g, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        g->rng[i] = splitmix(&seed);
}

/* Checks every cease-fire among the events of the dealer's last lay-away
 * (RULES 4.3): after the DEAL of the joker, each player from the dealer's
 * left scores its five cards (no turn card: flush only with all five, no
 * knobs), the crib is not scored, the deal passes left. Returns the number
 * of cease-fires; counts formations with exactly 4 and 5 cards of a suit. */
static int check_ceasefires(unsigned players, unsigned old_dealer, long *bad, int *four, int *five)
{
    int n_cf = 0;
    size_t i = 0;
    while (i < NEV && EV[i].type != BFC_EV_RESERVE)
        i++;
    unsigned dealer = old_dealer;
    int over = 0;
    for (; i < NEV && !over; i++) {
        if (EV[i].type != BFC_EV_DEAL)
            continue;
        dealer = left_of(players, dealer);
        *bad += EV[i].seat != dealer;
        if (i + 1 >= NEV || EV[i + 1].type != BFC_EV_CEASEFIRE) {
            *bad += EV[i].card == BFC_JOKER;
            break;
        }
        *bad += EV[i].card != BFC_JOKER;
        n_cf++;
        i += 2;
        for (unsigned k = 0; k < players && !over; k++) {
            const unsigned x = (dealer + 1 + k) % players;
            if (i >= NEV || EV[i].type != BFC_EV_FORMATION || EV[i].seat != x ||
                EV[i].item.ncards != 5) {
                (*bad)++;
                return n_cf;
            }
            bfc_hand_score hs;
            const int pts = brute_show(EV[i].item.cards, 5, BFC_CARD_NONE, 0, &hs);
            *bad += EV[i].points != pts;
            int suits[4] = {0, 0, 0, 0};
            for (int c = 0; c < 5; c++) {
                *bad += EV[i].item.cards[c] >= BFC_NCARDS;
                suits[EV[i].item.cards[c] % 4 & 3]++;
            }
            for (int su = 0; su < 4; su++) {
                *four += suits[su] == 4;
                *five += suits[su] == 5;
            }
            int sum = 0;
            for (i++; i < NEV && EV[i].type == BFC_EV_SCORE; i++) {
                *bad += EV[i].seat != x || EV[i].source != BFC_SRC_CEASEFIRE;
                *bad += EV[i].item.kind == BFC_ITEM_NOBS;
                *bad += EV[i].item.kind == BFC_ITEM_FLUSH && EV[i].points != 5;
                sum += EV[i].points;
            }
            *bad += sum != pts;
            if (i < NEV && EV[i].type == BFC_EV_GAME_OVER)
                over = 1;
        }
        i--; /* the loop's i++ reaches the next DEAL */
    }
    for (size_t j = 0; j < NEV; j++)
        if (EV[j].type == BFC_EV_CEASEFIRE)
            for (size_t k = j; k < NEV; k++)
                *bad += EV[k].type == BFC_EV_RESERVE || EV[k].type == BFC_EV_LAYAWAY;
    return n_cf;
}

static void test_game__rules_4_3_ceasefire(void)
{
    /* RULES 4.3: a joker as the first frontline card stops the skirmish at
     * once; each player from the dealer's left scores its five formation
     * cards with no turn card (fifteens, pairs, runs, a flush only with all
     * five, no knobs); the crib is not scored; the deal passes left. The
     * deal is searched over generator states. */
    int four = 0, five = 0;
    for (int players = 2; players <= 4; players++) {
        bfc_game *base = pos(deal_base(players, 0, NULL));
        bfc_game *g = bfc_game_clone(base);
        if (!g || !base) {
            CHECK(!"base position");
            bfc_game_free(base);
            bfc_game_free(g);
            continue;
        }
        long bad = 0;
        int found = 0, deals = 0;
        for (uint64_t seed = 1; seed < 400000 && (found < 20 || (players == 4 && !five)); seed++) {
            bfc_game_copy(g, base);
            set_rng(g, seed);
            if (bfc_game_apply(g, M("layaway 0"), EV, BFC_MAX_EVENTS, &NEV) != BFC_OK ||
                NEV > BFC_MAX_EVENTS) {
                bad++;
                continue;
            }
            deals++;
            const int f = check_ceasefires((unsigned)players, 0, &bad, &four, &five);
            if (!f)
                continue;
            found++;
            /* the scores are exactly the cease-fire points */
            int sum[4] = {0, 0, 0, 0};
            for (size_t i = 0; i < NEV; i++)
                if (EV[i].type == BFC_EV_SCORE)
                    sum[EV[i].seat] += EV[i].points;
            int sc[4];
            bfc_game_scores(g, sc, 4);
            for (int s = 0; s < players; s++)
                bad += sc[s] != sum[s];
            /* the next skirmish: dealt by the left of the cease-fire dealer */
            const bfc_observation *o = observe(g, 0);
            bad += o->dealer != (unsigned)(1 + f) % (unsigned)players;
            bad += o->skirmish != 2u + (unsigned)f;
            bad += o->frontline.n != 1 || o->frontline.cards[0] == BFC_JOKER;
            bad += o->to_move != (o->dealer + 1u) % (unsigned)players;
        }
        INT_EQ(bad, 0);
        CHECK(found >= 20);
        /* about one deal in 53 */
        CHECK(found * 20 < deals && found * 100 > deals);
        bfc_game_free(g);
        bfc_game_free(base);
    }
    CHECK(four > 0); /* four of a suit seen: no flush */
    CHECK(five > 0); /* five of a suit seen: flush 5 */

    /* the game ends at once inside a cease-fire: from the dealer's left
     * (new dealer 1: seats 2, 0, 1), the first to reach 121 wins and later
     * players do not score */
    const int s120[3] = {120, 120, 120};
    bfc_game *base = pos(deal_base(3, 0, s120));
    bfc_game *g = bfc_game_clone(base);
    int done = 0;
    for (uint64_t seed = 1; base && g && seed < 2000000 && !done; seed++) {
        bfc_game_copy(g, base);
        set_rng(g, seed);
        bfc_game_apply(g, M("layaway 0"), EV, BFC_MAX_EVENTS, &NEV);
        if (!find_event(BFC_EV_CEASEFIRE, 0) || !bfc_game_over(g))
            continue;
        bfc_hand_score hs;
        const int p2 = brute_show(g->form[2], 5, BFC_CARD_NONE, 0, &hs);
        const int p0 = brute_show(g->form[0], 5, BFC_CARD_NONE, 0, &hs);
        const int p1 = brute_show(g->form[1], 5, BFC_CARD_NONE, 0, &hs);
        if (!(p2 == 0 && p0 > 0 && p1 > 0) || observe(g, 0)->skirmish != 2)
            continue;
        done = 1;
        INT_EQ(bfc_game_winning_seat(g), 0);
        int sc[3];
        bfc_game_scores(g, sc, 3);
        INT_EQ(sc[0], 120 + p0);
        INT_EQ(sc[1], 120);
        INT_EQ(sc[2], 120);
        int forms = 0;
        for (size_t i = 0; i < NEV; i++)
            if (EV[i].type == BFC_EV_FORMATION) {
                CHECK(EV[i].seat == (forms == 0 ? 2 : 0));
                forms++;
            }
        INT_EQ(forms, 2);
        INT_EQ(last_event_type(), BFC_EV_GAME_OVER);
    }
    CHECK(done);
    bfc_game_free(g);
    bfc_game_free(base);
}

static void test_game__rules_4_2_crib_and_pile_sizes(void)
{
    /* RULES 4.2: 5 cards each; a crib of 2, 1, 0 cards and a draw pile of
     * 40, 36, 32 for 2, 3, 4 players; one card begins the frontline. */
    static const int crib[5] = {0, 0, 2, 1, 0}, pile[5] = {0, 0, 40, 36, 32};
    for (int players = 2; players <= 4; players++)
        for (int teams = 0; teams <= (players == 4); teams++)
            for (uint64_t seed = 1; seed <= 30; seed++) {
                bfc_rules r = mkrules(players, teams, BFC_DEALER_CUT);
                bfc_game *g = bfc_game_new(&r, seed, NULL);
                if (!CHECK(g != NULL))
                    continue;
                const bfc_observation *o = observe(g, 1);
                INT_EQ(o->crib, crib[players]);
                INT_EQ(o->pile, pile[players]);
                INT_EQ(o->frontline.n, 1);
                CHECK(o->frontline.cards[0] != BFC_JOKER);
                INT_EQ(o->phase, BFC_PHASE_REVEAL);
                for (int s = 0; s < players; s++) {
                    INT_EQ(o->faceup[s], 0);
                    for (int i = 0; i < 5; i++)
                        INT_EQ(o->formation[s][i], BFC_CARD_HIDDEN);
                }
                int words = 0;
                for (const char *p = save_line(g, "crib"); *p; p++)
                    words += *p == ' ';
                INT_EQ(words, crib[players]);
                INT_EQ(bfc__game_check(g), BFC_OK);
                bfc_game_free(g);
            }
    /* the DEAL event of a new skirmish says the crib size */
    for (int players = 2; players <= 4; players++) {
        bfc_game *g = pos(deal_base(players, 0, NULL));
        if (!g)
            continue;
        set_rng(g, 5);
        CHECK(bfc_game_apply(g, M("layaway 0"), EV, BFC_MAX_EVENTS, &NEV) == BFC_OK);
        const bfc_event *d = find_event(BFC_EV_DEAL, 0);
        if (CHECK(d != NULL)) {
            INT_EQ(d->slot, crib[players]);
            INT_EQ(d->seat, 1);
        }
        if (observe(g, 0)->skirmish == 2)
            INT_EQ(observe(g, 0)->pile, pile[players]);
        bfc_game_free(g);
    }
}

#define TEAMS_MID(score)                                                                  \
    "rules 0 4 1 121 200 0 0 0\n"                                                     \
    "state 1 2 3 15 - 0 10 1 30\n"                                                    \
    "score " score " 20\n"                                                            \
    "over 0 - -\n"                                                                    \
    "cut - - - -\n"                                                                   \
    "formation 0 +2C +3D 4H 9S KC\n"                                                  \
    "formation 1 +6C +7D 8H 9C AD\n"                                                  \
    "formation 2 +2H +3S 5H QD KS\n"                                                  \
    "formation 3 +4C +4D 4S 6H 6D\n"                                                  \
    "crib\n"                                                                          \
    "pile 2S KD QC 9D 8D TC *\n"                                                      \
    "frontline TH\n"                                                                  \
    "gone\n"                                                                          \
    "held -\n"                                                                        \
    "turncard -\n"                                                                    \
    "laid - - - -\n"

static void test_game__rules_4_1_teams_peg_together(void)
{
    /* RULES 4.1: four players as two teams, seats 0+2 against 1+3, a team's
     * points pegged together. The go goes to the placer's right, which is
     * always on the other team. */
    bfc_game *g = pos(TEAMS_MID("10"));
    INT_EQ(bfc_game_sides(g), 2);
    INT_EQ(bfc_game_scores(g, NULL, 0), 2);
    for (int s = 0; s < 4; s++)
        INT_EQ(bfc_game_side_of(g, s), s % 2);
    STR_EQ(play(g, "draw"), "draw 2 2S");
    STR_EQ(play(g, "swap 2"), "swap 2 2:2S, place 2 2:5H, score 2 fl fifteen 2 =12");
    INT_EQ(EV[2].side, 0);
    STR_EQ(scores(g), "12 20");
    STR_EQ(play(g, "draw"), "draw 3 KD");
    STR_EQ(play(g, "place"), "place 3 5:KD");
    STR_EQ(play(g, "draw"), "draw 0 QC");
    STR_EQ(play(g, "place"), "place 0 5:QC, renew 0 [TH 5H KD], score 3 go go 1 =21");
    INT_EQ(EV[2].side, 1);
    STR_EQ(play(g, "draw"), "draw 1 9D");
    STR_EQ(play(g, "place"), "place 1 5:9D");
    STR_EQ(play(g, "draw"), "draw 2 8D");
    STR_EQ(play(g, "place"), "place 2 5:8D");
    STR_EQ(play(g, "draw"), "draw 3 TC");
    STR_EQ(play(g, "place"), "place 3 5:TC, renew 3 [QC 9D 8D], score 2 go go 1 =13");
    STR_EQ(scores(g), "13 21");
    bfc_game_free(g);

    /* seat 2 wins for team 0; the next game is dealt by seat 2 */
    g = pos(TEAMS_MID("119"));
    play(g, "draw");
    STR_EQ(play(g, "swap 2"),
           "swap 2 2:2S, place 2 2:5H, score 2 fl fifteen 2 =121, over 2 side 0 value 1");
    INT_EQ(bfc_game_winner(g), 0);
    INT_EQ(bfc_game_winning_seat(g), 2);
    INT_EQ(bfc_game_next(g), BFC_OK);
    const bfc_observation *o = observe(g, 0);
    INT_EQ(o->dealer, (2 + o->skirmish - 1) % 4);
    bfc_game_free(g);

    /* the battlefield: each lay-away pegs for the seat's team */
    g = pos("rules 0 4 1 121 200 0 0 0\n"
            "state 3 0 3 15 - 0 30 1 90\n"
            "score 0 0\n"
            "over 0 - -\n"
            "cut - - - -\n"
            "formation 0 +2C +3D +4H +9S +KC\n"
            "formation 1 +6C +7D +8H +9C +AD\n"
            "formation 2 +2H +3S +5H +QD +KS\n"
            "formation 3 +4C +4D +4S +6H +6D\n"
            "crib\n"
            "pile *20\n"
            "frontline TH 5D\n"
            "gone\n"
            "held -\n"
            "turncard 5D\n"
            "laid - - - -\n");
    int expect[2] = {0, 0};
    for (int k = 0; k < 4 && g; k++) {
        bfc_move L[BFC_MAX_MOVES];
        bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
        INT_EQ(bfc_game_to_move(g), k);
        CHECK(bfc_game_apply(g, L[0], EV, BFC_MAX_EVENTS, &NEV) == BFC_OK);
        const bfc_event *la = find_event(BFC_EV_LAYAWAY, 0);
        CHECK(la && la->seat == k && la->side == k % 2);
        expect[k % 2] += la ? la->points : 0;
        const bfc_event *re = find_event(BFC_EV_RESERVE, 0);
        if (k == 3 && CHECK(re != NULL))
            expect[1] += re->points;
        for (size_t i = 0; i < NEV; i++) /* a cease-fire in the next deal */
            if (EV[i].type == BFC_EV_SCORE && EV[i].source == BFC_SRC_CEASEFIRE)
                expect[EV[i].side] += EV[i].points;
    }
    int sc[2];
    bfc_game_scores(g, sc, 2);
    INT_EQ(sc[0], expect[0]);
    INT_EQ(sc[1], expect[1]);
    CHECK(expect[0] > 0 && expect[1] > 0);
    bfc_game_free(g);
}

static void test_game__rules_4_8_credit_order_frontline(void)
{
    /* RULES 4.8 and 2.3: the game ends the moment a side reaches the
     * target; points are credited placer first, then the go (to the
     * placer's right), then the dealer's knobs; later credits are not made.
     * Three players, dealer 0, seat 2 places the turn card JD. */
    /* the go wins for seat 1 before the dealer's knobs */
    bfc_game *g = pos(THREE_MID("1 2 0 7 - 0 4 1 12", "120 120 120", "+2H +3S 7S QD KS",
                                "JD 3C *2", "TH TC 9S"));
    STR_EQ(play(g, "turn"), "place 2 5:JD, turncard 2 JD, renew 2 [TH TC 9S], "
                            "score 1 go go 1 =121, over 1 side 1 value 2");
    STR_EQ(scores(g), "120 121 120");
    INT_EQ(bfc_game_winner(g), 1);
    INT_EQ(bfc_game_winning_seat(g), 1);
    INT_EQ(bfc_game_over(g), 1);
    INT_EQ(bfc_game_phase(g), BFC_PHASE_OVER);
    INT_EQ(bfc_game_to_move(g), -1);
    INT_EQ(bfc_game_legal_moves(g, NULL, 0), 0);
    bfc_game_free(g);
    /* the placer wins before the dealer's knobs (5C + JD: 15 and last card) */
    g = pos(THREE_MID("1 2 0 7 - 0 4 1 12", "120 120 119", "+2H +3S 7S QD KS", "JD 3C *2",
                      "5C"));
    const char *t = play(g, "turn");
    CHECK(strstr(t, "knobs") == NULL);
    CHECK(strstr(t, "over 2 side 2 value 2") != NULL); /* two losers (RULES 5) */
    INT_EQ(bfc_game_winning_seat(g), 2);
    int sc[3];
    bfc_game_scores(g, sc, 3);
    INT_EQ(sc[0], 120);
    INT_EQ(sc[1], 120);
    CHECK(sc[2] >= 121);
    bfc_game_free(g);
    /* the placer does not reach it; the dealer's knobs then win */
    g = pos(THREE_MID("1 2 0 7 - 0 4 1 12", "119 50 110", "+2H +3S 7S QD KS", "JD 3C *2",
                      "TH TC"));
    STR_EQ(play(g, "turn"), "place 2 5:JD, turncard 2 JD, score 2 fl last card 1 =111, "
                            "score 0 knobs knobs 2 =121, over 0 side 0 value 2");
    STR_EQ(scores(g), "121 50 111");
    bfc_game_free(g);
}

/* Three players at the battlefield, dealer 0, turn card 5D; seat `to_move`
 * lays away next (the seats before it from the dealer's left have). */
static bfc_game *three_field(const char *state, const char *score, const char *laid)
{
    char t[TEXT_MAX];
    snprintf(t, sizeof t,
             "rules 0 3 0 121 200 0 0 0\n"
             "state %s\n"
             "score %s\n"
             "over 0 - -\n"
             "cut - - -\n"
             "formation 0 +5S +TD +JD +QD +KD\n"
             "formation 1 +2C +4H +6S +8C +QH\n"
             "formation 2 +5H +5C +TS +JS +KS\n"
             "crib AH\n"
             "pile *20\n"
             "frontline 3C 5D\n"
             "gone\n"
             "held -\n"
             "turncard 5D\n"
             "laid %s\n",
             state, score, laid);
    return pos(t);
}

static int best_of(const char *form, const char *turn)
{
    bfc_card f[5];
    bfc_cards_parse(form, BFC_PARSE_JOKER, f, 5, NULL);
    bfc_battlefield bf;
    return brute_battlefield(f, C(turn), 0, &bf);
}

static void test_game__rules_4_8_credit_order_battlefield(void)
{
    /* RULES 4.7/4.8: the battlefield is scored from the dealer's left, the
     * dealer last, then the reserve; the first side to reach the target
     * wins at once and later scorers do not score. */
    const int h1 = best_of("2C 4H 6S 8C QH", "5D"), h2 = best_of("5H 5C TS JS KS", "5D"),
              h0 = best_of("5S TD JD QD KD", "5D");
    CHECK(h1 > 0 && h2 > 0 && h0 > 0);
    /* seat 1 first: it wins, seats 2 and 0 stay at 119 */
    bfc_game *g = three_field("3 1 0 7 - 0 20 1 60", "119 119 119", "- - -");
    bfc_move L[BFC_MAX_MOVES];
    bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
    CHECK(bfc_game_apply(g, L[0], EV, BFC_MAX_EVENTS, &NEV) == BFC_OK);
    INT_EQ(bfc_game_winning_seat(g), 1);
    INT_EQ(last_event_type(), BFC_EV_GAME_OVER);
    CHECK(find_event(BFC_EV_RESERVE, 0) == NULL);
    int sc[3];
    bfc_game_scores(g, sc, 3);
    INT_EQ(sc[0], 119);
    INT_EQ(sc[1], 119 + h1);
    INT_EQ(sc[2], 119);
    bfc_game_free(g);
    /* seat 1 scores and goes on; seat 2 wins before the dealer */
    g = three_field("3 1 0 7 - 0 20 1 60", "119 50 119", "- - -");
    bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
    CHECK(bfc_game_apply(g, L[0], NULL, 0, NULL) == BFC_OK);
    bfc_game_scores(g, sc, 3);
    INT_EQ(sc[1], 50 + h1);
    INT_EQ(bfc_game_to_move(g), 2);
    bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
    CHECK(bfc_game_apply(g, L[0], EV, BFC_MAX_EVENTS, &NEV) == BFC_OK);
    INT_EQ(bfc_game_winning_seat(g), 2);
    bfc_game_scores(g, sc, 3);
    INT_EQ(sc[0], 119);
    INT_EQ(sc[1], 50 + h1);
    INT_EQ(sc[2], 119 + h2);
    bfc_game_free(g);

    /* the dealer's own hand, then the reserve: the reserve wins */
    g = three_field("3 0 0 7 - 0 20 1 60", "0 0 0", "- 0 0");
    bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
    CHECK(bfc_game_apply(g, L[0], EV, BFC_MAX_EVENTS, &NEV) == BFC_OK);
    const bfc_event *la = find_event(BFC_EV_LAYAWAY, 0), *re = find_event(BFC_EV_RESERVE, 0);
    const int hand = la ? la->points : 0, res = re ? re->points : 0;
    INT_EQ(hand, h0);
    CHECK(res > 0);
    bfc_game_free(g);
    char score[32];
    snprintf(score, sizeof score, "%d 0 0", 121 - hand - res);
    g = three_field("3 0 0 7 - 0 20 1 60", score, "- 0 0");
    CHECK(bfc_game_apply(g, L[0], EV, BFC_MAX_EVENTS, &NEV) == BFC_OK);
    INT_EQ(bfc_game_winning_seat(g), 0);
    CHECK(find_event(BFC_EV_RESERVE, 0) != NULL);
    INT_EQ(last_event_type(), BFC_EV_GAME_OVER);
    CHECK(find_event(BFC_EV_DEAL, 0) == NULL);
    STR_EQ(scores(g), "121 0 0");
    bfc_game_free(g);
    /* the dealer's hand wins: the reserve is not scored */
    snprintf(score, sizeof score, "%d 0 0", 121 - hand);
    g = three_field("3 0 0 7 - 0 20 1 60", score, "- 0 0");
    CHECK(bfc_game_apply(g, L[0], EV, BFC_MAX_EVENTS, &NEV) == BFC_OK);
    INT_EQ(bfc_game_winning_seat(g), 0);
    CHECK(find_event(BFC_EV_RESERVE, 0) == NULL);
    STR_EQ(scores(g), "121 0 0");
    bfc_game_free(g);
}

static void test_game__rules_4_2_first_dealer_and_deal_passes_left(void)
{
    /* RULES 4.2: the first dealer is given (a seat) or cut for (D6: lowest
     * of the 52 standard cards deals, ties cut again); the player to the
     * dealer's left moves first; after each skirmish the deal passes left. */
    for (int players = 2; players <= 4; players++)
        for (int fd = 0; fd < players; fd++)
            for (uint64_t seed = 1; seed <= 10; seed++) {
                bfc_rules r = mkrules(players, 0, fd);
                bfc_game *g = bfc_game_new(&r, seed, NULL);
                const bfc_observation *o = observe(g, 0);
                INT_EQ(o->dealer, (unsigned)(fd + (int)o->skirmish - 1) % (unsigned)players);
                INT_EQ(o->to_move, (o->dealer + 1u) % (unsigned)players);
                for (int s = 0; s < players; s++)
                    INT_EQ(o->cut[s], BFC_CARD_NONE);
                bfc_game_free(g);
            }
    int dealt[4] = {0, 0, 0, 0};
    for (uint64_t seed = 1; seed <= 400; seed++) {
        const int players = 2 + (int)(seed % 3);
        bfc_rules r = mkrules(players, 0, BFC_DEALER_CUT);
        bfc_game *g = bfc_game_new(&r, seed, NULL);
        const bfc_observation *o = observe(g, 0);
        const unsigned first = (o->dealer + 12u * 8u - (o->skirmish - 1u)) % (unsigned)players;
        dealt[first]++;
        /* bfc.h: cut[] holds the deciding round (after a tie, only the
         * seats that cut again); its lowest rank, alone, deals */
        int in_round = 0, lowest_alone = o->cut[first] < BFC_NCARDS;
        for (int s = 0; s < players; s++) {
            if (o->cut[s] == BFC_CARD_NONE)
                continue;
            in_round++;
            CHECK(o->cut[s] < BFC_NCARDS); /* D6: the 52 standard cards */
            if (s != (int)first && o->cut[first] < BFC_NCARDS)
                lowest_alone &= o->cut[first] / 4 < o->cut[s] / 4;
        }
        CHECK(in_round >= 2);
        CHECK(lowest_alone);
        if (players == 2)
            INT_EQ(in_round, 2);
        bfc_game_free(g);
    }
    for (int s = 0; s < 4; s++)
        CHECK(dealt[s] > 15);
    /* the deal passes left skirmish after skirmish */
    for (int players = 2; players <= 4; players++) {
        bfc_rules r = mkrules(players, 0, BFC_DEALER_CUT);
        bfc_game *g = bfc_game_new(&r, 99, NULL);
        uint64_t rnd = 7;
        unsigned dealer = observe(g, 0)->dealer, skirmish = observe(g, 0)->skirmish;
        int passes = 0;
        while (g && !bfc_game_over(g)) {
            bfc_move L[BFC_MAX_MOVES];
            const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
            bfc_game_apply(g, L[test_rnd(&rnd, (unsigned)n)], NULL, 0, NULL);
            const bfc_observation *o = observe(g, 0);
            if (o->skirmish != skirmish) {
                INT_EQ(o->dealer, (dealer + o->skirmish - skirmish) % (unsigned)players);
                dealer = o->dealer;
                skirmish = o->skirmish;
                passes++;
            }
        }
        CHECK(passes >= 2);
        bfc_game_free(g);
    }
}

static void test_game__rules_4_2_winner_deals_next_game(void)
{
    /* RULES 4.2: in later games of a match the player who scored the
     * winning point deals (bfc_game_next). */
    for (int k = 0; k < 12; k++) {
        const int players = 2 + k % 3, teams = k % 6 == 5;
        bfc_rules r = mkrules(players + teams * (4 - players), teams, BFC_DEALER_CUT);
        bfc_game *g = bfc_game_new(&r, 500 + (uint64_t)k, NULL);
        INT_EQ(bfc_game_next(g), BFC_EINVAL); /* not over */
        uint64_t rnd = 3 + (uint64_t)k;
        for (int game = 0; game < 2 && g; game++) {
            while (!bfc_game_over(g)) {
                bfc_move L[BFC_MAX_MOVES];
                const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
                bfc_game_apply(g, L[test_rnd(&rnd, (unsigned)n)], NULL, 0, NULL);
            }
            const int w = bfc_game_winning_seat(g);
            CHECK(w >= 0 && w < r.players);
            INT_EQ(bfc_game_winner(g), teams ? w % 2 : w);
            CHECK(bfc_game_value(g) >= 1);
            INT_EQ(bfc_game_next(g), BFC_OK);
            const bfc_observation *o = observe(g, 0);
            INT_EQ(o->dealer, (unsigned)(w + (int)o->skirmish - 1) % (unsigned)r.players);
            INT_EQ(bfc_game_over(g), 0);
            INT_EQ(bfc_game_winner(g), -1);
            INT_EQ(bfc_game_winning_seat(g), -1);
            INT_EQ(bfc_game_value(g), 0);
            int sc[4] = {1, 1, 1, 1};
            const int sides = bfc_game_scores(g, sc, 4);
            for (int s = 0; s < sides; s++)
                CHECK(sc[s] == 0 || o->skirmish > 1); /* a cease-fire may score */
            INT_EQ(bfc__game_check(g), BFC_OK);
        }
        bfc_game_free(g);
    }
}

/* Seat 0 draws 5S onto TH: fifteen 2, from 119 to 121; the losers' scores
 * and the value convention are given. */
static int value_of_win(int value, unsigned flags, int players, const int *losers)
{
    char t[TEXT_MAX];
    sb b = {t, sizeof t, 0};
    sb_fmt(&b, "rules 0 %d 0 121 200 0 %d %u 0 0 0\n", players, value, flags);
    sb_fmt(&b, "state 1 0 %d %d - 0 5 1 9\nscore 119", players - 1, (1 << players) - 1);
    for (int s = 1; s < players; s++)
        sb_fmt(&b, " %d", losers[s - 1]);
    sb_put(&b, "\nover 0 - -\ncut");
    for (int s = 0; s < players; s++)
        sb_put(&b, " -");
    sb_put(&b, "\nformation 0 +2C +3D 4H 9S KC\nformation 1 +6C +7D 8H 9C TD\n");
    if (players == 3)
        sb_put(&b, "formation 2 +2H +3S 7S QD KS\ncrib AH\n");
    else
        sb_put(&b, "crib AH AS\n");
    sb_put(&b, "pile 5S *\nfrontline TH\ngone\nheld -\nturncard -\nlaid");
    for (int s = 0; s < players; s++)
        sb_put(&b, " -");
    sb_put(&b, "\n");
    bfc_game *g = pos(t);
    if (!g)
        return -1;
    int v = -1;
    CHECK(bfc_game_value(g) == 0);
    play(g, "draw");
    play(g, "place");
    const bfc_event *e = find_event(BFC_EV_GAME_OVER, 0);
    if (CHECK(e != NULL) && INT_EQ(bfc_game_value(g), e->points))
        v = e->points;
    CHECK(bfc_game_winning_seat(g) == 0 && bfc_game_scores(g, NULL, 0) == players);
    bfc_game_free(g);
    return v;
}

static void test_game__rules_5_game_values(void)
{
    /* RULES 5, target 121, the winner ends on 121: plain 1; skunk (ACC):
     * loser below 91 = 2, below 61 = 4; margin: by 31 or more = 2, by 61
     * or more = 4; lurch: loser below 61 = 2. Judged against the best
     * loser. */
    static const struct {
        int value, loser, want;
    } cases[] = {
        {BFC_VALUE_PLAIN, 0, 1},   {BFC_VALUE_PLAIN, 60, 1},   {BFC_VALUE_PLAIN, 120, 1},
        {BFC_VALUE_SKUNK, 0, 4},   {BFC_VALUE_SKUNK, 60, 4},   {BFC_VALUE_SKUNK, 61, 2},
        {BFC_VALUE_SKUNK, 90, 2},  {BFC_VALUE_SKUNK, 91, 1},   {BFC_VALUE_SKUNK, 120, 1},
        {BFC_VALUE_MARGIN, 0, 4},  {BFC_VALUE_MARGIN, 60, 4},  {BFC_VALUE_MARGIN, 61, 2},
        {BFC_VALUE_MARGIN, 90, 2}, {BFC_VALUE_MARGIN, 91, 1},  {BFC_VALUE_MARGIN, 120, 1},
        {BFC_VALUE_LURCH, 0, 2},   {BFC_VALUE_LURCH, 60, 2},   {BFC_VALUE_LURCH, 61, 1},
        {BFC_VALUE_LURCH, 120, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const int v = value_of_win(cases[i].value, 0, 2, &cases[i].loser);
        if (v != cases[i].want)
            fprintf(stderr, "value %d, loser %d:\n", cases[i].value, cases[i].loser);
        INT_EQ(v, cases[i].want);
    }
    /* RULES 5, three players (seed 003 skunks "you or your opponent(s)"):
     * each loser is judged on its own score and the winner takes the sum;
     * options: only the best loser pays (0.1's reading), or the worst */
    static const struct {
        int value, l1, l2, sum, best, worst;
    } three[] = {
        {BFC_VALUE_SKUNK, 10, 95, 5, 1, 4},  {BFC_VALUE_SKUNK, 10, 70, 6, 2, 4},
        {BFC_VALUE_SKUNK, 70, 10, 6, 2, 4},  {BFC_VALUE_SKUNK, 5, 10, 8, 4, 4},
        {BFC_VALUE_SKUNK, 95, 100, 2, 1, 1}, {BFC_VALUE_MARGIN, 10, 95, 5, 1, 4},
        {BFC_VALUE_MARGIN, 10, 70, 6, 2, 4}, {BFC_VALUE_LURCH, 10, 70, 3, 1, 2},
        {BFC_VALUE_LURCH, 10, 50, 4, 2, 2},  {BFC_VALUE_PLAIN, 0, 0, 2, 1, 1},
    };
    for (size_t i = 0; i < sizeof three / sizeof *three; i++) {
        const int l[2] = {three[i].l1, three[i].l2};
        INT_EQ(value_of_win(three[i].value, 0, 3, l), three[i].sum);
        INT_EQ(value_of_win(three[i].value, BFC_RULE_PAY_BEST_LOSER, 3, l), three[i].best);
        INT_EQ(value_of_win(three[i].value, BFC_RULE_PAY_WORST_LOSER, 3, l), three[i].worst);
    }
}

/* ===========================================================================
 * Seeded random games: invariants after every move, and a reference for
 * every transition written from RULES (scores from tests/brute.c)
 * ======================================================================== */

static long inv_bad;          /* invariant failures */
static char inv_context[TEXT_MAX]; /* the save before the move being checked */
static bfc_move inv_move;

static void inv_fail(const char *what, int line)
{
    inv_bad++;
    if (inv_bad <= 8) {
        char m[BFC_MOVE_TEXT_MAX] = "-";
        bfc_move_format(inv_move, m, sizeof m);
        fprintf(stderr, "FAIL %s (line %d): %s\n  move \"%s\" from:\n%s", harness_current, line,
                what, m, inv_context);
    }
}

#define EXPECT(cond)                                                                      \
    do {                                                                                  \
        if (!(cond))                                                                      \
            inv_fail(#cond, __LINE__);                                                    \
    } while (0)

/* D13 option: a formation holding the joker scores 0 at the battlefield. */
static int ref_killed(const bfc_game *g, unsigned s)
{
    if (!(g->rules.flags & BFC_RULE_JOKER_KILLS_FORMATION))
        return 0;
    for (unsigned i = 0; i < 5; i++)
        if (g->form[s][i] == BFC_JOKER)
            return 1;
    return 0;
}

/* The legal lay-aways of seat s at the battlefield (RULES 4.7, D10): all
 * five tie in a killed formation (D13 option). */
static unsigned ref_lay_mask(const bfc_game *g, unsigned s)
{
    if (ref_killed(g, s))
        return 0x1F;
    bfc_battlefield bf;
    brute_battlefield(g->form[s], g->turn_card, (g->rules.flags & BFC_RULE_ANY_LAY_AWAY) != 0, &bf);
    return bf.legal;
}

static int ref_limit(const bfc_game *g, uint32_t turns)
{
    return g->rules.turn_limit > 0 && turns >= (uint32_t)g->rules.turn_limit;
}

/* The legal moves from RULES 4.4, 4.6, D9, 4.7, D10. */
static int ref_legal(const bfc_game *g, bfc_move *out)
{
    int n = 0;
    const unsigned pile = 53u - g->pile_pos;
    if (g->over)
        return 0;
    switch (g->phase) {
    case BFC_PHASE_REVEAL:
        for (unsigned i = 0; i < 10; i++)
            out[n++] = (bfc_move)i;
        break;
    case BFC_PHASE_TURN:
        if (ref_limit(g, g->turns)) {
            out[n++] = BFC_MOVE_TURN;
            break;
        }
        if (pile > 2)
            out[n++] = BFC_MOVE_DRAW;
        /* D14 option: no take but of the skirmish's first frontline card */
        for (unsigned i = 0; i < 5 && g->front.n > 0 &&
                             (!(g->rules.flags & BFC_RULE_NO_TAKE_BACK) || g->turns == 0);
             i++)
            out[n++] = (bfc_move)(BFC_MOVE_TAKE + i);
        if (pile == 2)
            out[n++] = BFC_MOVE_TURN;
        break;
    case BFC_PHASE_DRAWN:
        for (unsigned i = 0; i < 6; i++)
            out[n++] = (bfc_move)(BFC_MOVE_PLACE + i);
        break;
    case BFC_PHASE_LAYAWAY: {
        const unsigned mask = ref_lay_mask(g, g->to_move);
        for (unsigned i = 0; i < 5; i++)
            if (mask >> i & 1u)
                out[n++] = (bfc_move)(BFC_MOVE_LAYAWAY + i);
        break;
    }
    default:
        break;
    }
    return n;
}

/* RULES 5: what one losing side s pays (tests/brute.c, written from the
 * rules' text); every side plays to the rules' target. */
static int ref_pays(const bfc_game *g, unsigned s)
{
    const int t = g->rules.target;
    return brute_game_value(g->rules.value, 0, g->score[s], t, g->score[g->winner], t);
}

/* RULES 5: each loser judged on its own score, the winner takes the sum
 * (or, as an option, only the best or the worst loser pays); f gives what
 * one loser pays. */
static int ref_collect(const bfc_game *g, int (*f)(const bfc_game *, unsigned))
{
    int sum = 0, pick = -1, best = -1;
    for (unsigned s = 0; s < g->sides; s++) {
        if (s == g->winner)
            continue;
        sum += f(g, s);
        const int l = g->score[s];
        if (best < 0 || ((g->rules.flags & BFC_RULE_PAY_BEST_LOSER) ? l > pick : l < pick)) {
            pick = l;
            best = (int)s;
        }
    }
    if (!(g->rules.flags & (BFC_RULE_PAY_BEST_LOSER | BFC_RULE_PAY_WORST_LOSER)))
        return sum;
    return best < 0 ? 0 : f(g, (unsigned)best);
}

static int ref_value(const bfc_game *g) { return ref_collect(g, ref_pays); }

/* Match play (RULES 5, bfc.h BFC_MATCH_*): the match points of the win
 * against loser s (tests/brute.c), collected as the game value is. */
static int ref_match_pays(const bfc_game *g, unsigned s)
{
    return brute_match_points(g->rules.match_points, 0, g->score[s], g->rules.target,
                              ref_pays(g, s));
}

static int ref_match_points(const bfc_game *g) { return ref_collect(g, ref_match_pays); }

/* Points credited in order (RULES 4.8); stops at the winning credit. */
typedef struct credits {
    const bfc_game *g;
    unsigned seat[256], source[256];
    int points[256];
    int n;
    int run[4];
    int won, win_seat;
} credits;

static void credit(credits *c, unsigned seat, unsigned source, int points)
{
    if (c->won || points <= 0 || c->n >= 256)
        return;
    const unsigned side = side_of(&c->g->rules, seat);
    c->seat[c->n] = seat;
    c->source[c->n] = source;
    c->points[c->n++] = points;
    c->run[side] += points;
    if (c->run[side] >= c->g->rules.target) {
        c->won = 1;
        c->win_seat = (int)seat;
    }
}

/* Compares the SCORE events with the expected credits (consecutive credits
 * of one seat and source merged on both sides), and the running totals. */
static void check_credits(const credits *c, const bfc_game *B, const bfc_event *ev, size_t nev)
{
    unsigned gs[256], gsrc[256];
    int gp[256], ng = 0;
    int run[4];
    for (int i = 0; i < 4; i++)
        run[i] = B->score[i];
    for (size_t i = 0; i < nev; i++) {
        const bfc_event *e = &ev[i];
        if (e->type != BFC_EV_SCORE)
            continue;
        EXPECT(e->seat < B->players && e->side == side_of(&B->rules, e->seat));
        EXPECT(e->points == e->item.points && e->points > 0);
        if (e->side < 4) {
            run[e->side] += e->points;
            EXPECT(e->score == run[e->side]);
        }
        if (ng > 0 && gs[ng - 1] == e->seat && gsrc[ng - 1] == e->source) {
            gp[ng - 1] += e->points;
        } else if (ng < 256) {
            gs[ng] = e->seat;
            gsrc[ng] = e->source;
            gp[ng++] = e->points;
        }
    }
    unsigned xs[256], xsrc[256];
    int xp[256], nx = 0;
    for (int i = 0; i < c->n; i++) {
        if (nx > 0 && xs[nx - 1] == c->seat[i] && xsrc[nx - 1] == c->source[i]) {
            xp[nx - 1] += c->points[i];
        } else {
            xs[nx] = c->seat[i];
            xsrc[nx] = c->source[i];
            xp[nx++] = c->points[i];
        }
    }
    EXPECT(ng == nx);
    for (int i = 0; i < ng && i < nx; i++)
        EXPECT(gs[i] == xs[i] && gsrc[i] == xsrc[i] && gp[i] == xp[i]);
}

static int count_events(const bfc_event *ev, size_t nev, unsigned type)
{
    int n = 0;
    for (size_t i = 0; i < nev; i++)
        n += ev[i].type == type;
    return n;
}

/* The state of a freshly dealt skirmish (RULES 4.2). */
static void check_fresh_deal(const bfc_game *A)
{
    const unsigned n = A->players;
    EXPECT(A->phase == BFC_PHASE_REVEAL && A->to_move == left_of(n, A->dealer));
    EXPECT(A->turns == 0 && A->revealed == 0 && A->ender == BFC__NONE8 && A->owed == 0);
    EXPECT(A->held == BFC_CARD_NONE && A->turn_card == BFC_CARD_NONE && A->gone == 0);
    EXPECT(A->front.n == 1 && A->front.cards[0] != BFC_JOKER);
    EXPECT(53u - A->pile_pos == 53u - 5u * n - A->ncrib - 1u);
    for (unsigned s = 0; s < n; s++)
        EXPECT(A->faceup[s] == 0 && A->laid[s] == BFC__NONE8);
}

/* Checks the move m from B to A with its events (all of them). */
static void check_transition(const bfc_game *B, bfc_move m, const bfc_game *A,
                             const bfc_event *ev, size_t nev)
{
    const unsigned n = B->players, s = B->to_move;
    credits cr;
    memset(&cr, 0, sizeof cr);
    cr.g = B;
    for (int i = 0; i < 4; i++)
        cr.run[i] = B->score[i];
    EXPECT(A->moves == B->moves + 1);
    EXPECT(memcmp(&A->rules, &B->rules, sizeof A->rules) == 0);
    for (size_t i = 0; i < nev; i++) {
        EXPECT(ev[i].type >= BFC_EV_DEAL && (ev[i].type <= BFC_EV_GAME_OVER || ev[i].type == BFC_EV_MATCH));
        EXPECT(ev[i].seat < n && ev[i].side == side_of(&B->rules, ev[i].seat));
    }
    if (m < BFC_MOVE_DRAW) {
        /* RULES 4.4 step 1 */
        const unsigned a = bfc__reveal_pair[m][0], b = bfc__reveal_pair[m][1];
        bfc_game E;
        memcpy(&E, B, sizeof E);
        E.faceup[s] |= (uint8_t)(1u << a | 1u << b);
        E.revealed |= (uint8_t)(1u << s);
        E.phase = BFC_PHASE_TURN;
        E.moves++;
        EXPECT(B->phase == BFC_PHASE_REVEAL && B->faceup[s] == 0);
        EXPECT(memcmp(&E, A, sizeof E) == 0);
        EXPECT(nev == 2 && ev[0].type == BFC_EV_REVEAL && ev[1].type == BFC_EV_REVEAL);
        EXPECT(ev[0].slot == a && ev[0].card == B->form[s][a] && ev[0].seat == s);
        EXPECT(ev[1].slot == b && ev[1].card == B->form[s][b] && ev[1].seat == s);
        return;
    }
    if (m == BFC_MOVE_DRAW) {
        bfc_game E;
        memcpy(&E, B, sizeof E);
        E.held = model_draw(&E);
        E.phase = BFC_PHASE_DRAWN;
        E.moves++;
        EXPECT(53u - B->pile_pos > 2);
        EXPECT(memcmp(&E, A, sizeof E) == 0);
        EXPECT(nev == 1 && ev[0].type == BFC_EV_DRAW && ev[0].card == E.held);
        return;
    }
    if (m < BFC_MOVE_LAYAWAY) {
        /* a placement: RULES 4.4 step 2, 4.5, 2.3, 4.6 */
        bfc_card fl[BFC_FRONTLINE_MAX + 1];
        unsigned nf = B->front.n;
        memcpy(fl, B->front.cards, nf);
        bfc_card c, taken = BFC_CARD_NONE;
        unsigned slot = 5;
        bfc_card eform[5];
        memcpy(eform, B->form[s], 5);
        unsigned efu = B->faceup[s];
        if (m == BFC_MOVE_PLACE) {
            c = B->held;
        } else if (m < BFC_MOVE_TAKE) {
            slot = m - BFC_MOVE_SWAP;
            c = B->form[s][slot];
            eform[slot] = B->held;
            efu |= 1u << slot;
        } else if (m < BFC_MOVE_TURN) {
            slot = m - BFC_MOVE_TAKE;
            taken = fl[--nf];
            c = B->form[s][slot];
            eform[slot] = taken;
            efu |= 1u << slot;
        } else {
            bfc_game E;
            memcpy(&E, B, sizeof E);
            c = model_draw(&E);
            EXPECT(memcmp(E.pile, A->pile, sizeof E.pile) == 0 &&
                   memcmp(E.rng, A->rng, sizeof E.rng) == 0 &&
                   E.pile_shuffled == A->pile_shuffled);
        }
        const int is_turn =
            m == BFC_MOVE_TURN || (B->ender != BFC__NONE8 && s == right_of(n, B->ender));
        bfc_frontline_score fs;
        brute_frontline(fl, (int)nf, c, is_turn, &fs);
        credit(&cr, s, BFC_SRC_FRONTLINE, fs.placer_points);
        credit(&cr, right_of(n, s), BFC_SRC_GO, fs.go_point);
        credit(&cr, B->dealer, BFC_SRC_KNOBS, fs.knobs_dealer);
        /* the frontline after */
        bfc_card ef[BFC_FRONTLINE_MAX + 1];
        unsigned nef = 0;
        uint64_t egone = B->gone;
        if (fs.renewed) {
            egone |= mask_of(fl, nf);
        } else {
            memcpy(ef, fl, nf);
            nef = nf;
        }
        ef[nef++] = c;
        EXPECT(A->front.n == nef && memcmp(A->front.cards, ef, nef) == 0);
        EXPECT(A->front.sum == fs.sum);
        EXPECT(A->gone == egone);
        EXPECT(memcmp(A->form[s], eform, 5) == 0);
        for (unsigned x = 0; x < n; x++)
            EXPECT(x == s || memcmp(A->form[x], B->form[x], 5) == 0);
        EXPECT(A->held == BFC_CARD_NONE && A->dealer == B->dealer);
        EXPECT(A->pile_pos == B->pile_pos + (m == BFC_MOVE_TURN));
        EXPECT(memcmp(A->crib, B->crib, sizeof A->crib) == 0);
        /* the events of the placement */
        EXPECT(count_events(ev, nev, BFC_EV_PLACE) == 1);
        EXPECT(count_events(ev, nev, BFC_EV_TURN_CARD) == is_turn);
        EXPECT(count_events(ev, nev, BFC_EV_RENEW) == fs.renewed);
        EXPECT(count_events(ev, nev, BFC_EV_TAKE) == (m >= BFC_MOVE_TAKE && m < BFC_MOVE_TURN));
        EXPECT(count_events(ev, nev, BFC_EV_SWAP) == (m >= BFC_MOVE_SWAP && m < BFC_MOVE_TAKE));
        for (size_t i = 0; i < nev; i++) {
            const bfc_event *e = &ev[i];
            if (e->type == BFC_EV_PLACE || e->type == BFC_EV_TURN_CARD)
                EXPECT(e->card == c && e->seat == s && e->slot == slot);
            if (e->type == BFC_EV_TAKE)
                EXPECT(e->card == taken && e->slot == slot);
            if (e->type == BFC_EV_SWAP)
                EXPECT(e->card == B->held && e->slot == slot);
            if (e->type == BFC_EV_RENEW)
                EXPECT(e->item.ncards == nf && memcmp(e->item.cards, fl, nf) == 0);
        }
        if (!cr.won && is_turn) {
            /* RULES 4.6 / 4.7: the battlefield, from the dealer's left */
            EXPECT(A->phase == BFC_PHASE_LAYAWAY && A->to_move == left_of(n, B->dealer));
            EXPECT(A->turn_card == c && A->turns == B->turns + 1);
            for (unsigned x = 0; x < n; x++)
                EXPECT(A->faceup[x] == 0x1F && A->laid[x] == BFC__NONE8);
            EXPECT(A->lay_legal == ref_lay_mask(A, A->to_move));
            EXPECT(count_events(ev, nev, BFC_EV_ENDING) == 0);
            EXPECT(count_events(ev, nev, BFC_EV_FORMATION) == (int)n);
        } else if (!cr.won) {
            EXPECT(A->turn_card == BFC_CARD_NONE && A->turns == B->turns + 1);
            const int ends = B->ender == BFC__NONE8 && efu == 0x1F;
            EXPECT(A->ender == (ends ? s : B->ender));
            EXPECT(count_events(ev, nev, BFC_EV_ENDING) == ends);
            const unsigned t = left_of(n, s);
            EXPECT(A->to_move == t && A->revealed == B->revealed);
            const int first = !(A->revealed >> t & 1u);
            EXPECT(A->phase == (first && !ref_limit(A, A->turns) ? BFC_PHASE_REVEAL
                                                                 : BFC_PHASE_TURN));
            EXPECT(A->owed == (A->ender == BFC__NONE8 ? 0u : (A->ender + n - t) % n));
            for (unsigned x = 0; x < n; x++)
                EXPECT(A->faceup[x] == (x == s ? efu : B->faceup[x]));
        }
    } else {
        /* a lay-away: RULES 4.7 */
        const unsigned slot = m - BFC_MOVE_LAYAWAY;
        EXPECT(ref_lay_mask(B, s) >> slot & 1u);
        bfc_card kept[4];
        kept_of(B->form[s], slot, kept);
        bfc_hand_score hs;
        const int pts = ref_killed(B, s) ? 0 : brute_show(kept, 4, B->turn_card, 0, &hs);
        credit(&cr, s, BFC_SRC_BATTLEFIELD, pts);
        const bfc_event *la = NULL;
        for (size_t i = 0; i < nev; i++)
            if (ev[i].type == BFC_EV_LAYAWAY)
                la = &ev[i];
        EXPECT(count_events(ev, nev, BFC_EV_LAYAWAY) == 1);
        EXPECT(la && la->seat == s && la->slot == slot && la->card == B->form[s][slot] &&
               la->points == pts);
        if (s != B->dealer) {
            if (!cr.won) {
                EXPECT(A->to_move == left_of(n, s) && A->phase == BFC_PHASE_LAYAWAY);
                EXPECT(A->laid[s] == slot);
                EXPECT(A->lay_legal == ref_lay_mask(A, A->to_move));
            }
        } else {
            /* the reserve: crib + every laid-away card, for the dealer */
            bfc_card res[4];
            unsigned nr = 0;
            for (unsigned i = 0; i < B->ncrib; i++)
                res[nr++] = B->crib[i];
            for (unsigned k = 1; k <= n && nr < 4; k++) {
                const unsigned x = (B->dealer + k) % n;
                const unsigned l = x == s ? slot : B->laid[x];
                res[nr++] = l < 5 ? B->form[x][l] : BFC_CARD_NONE;
            }
            EXPECT(nr == 4);
            const int won_before = cr.won;
            const int rp = brute_show(res, 4, B->turn_card, BFC_CRIB, &hs);
            credit(&cr, B->dealer, BFC_SRC_RESERVE, rp);
            size_t i = 0;
            while (i < nev && ev[i].type != BFC_EV_RESERVE)
                i++;
            EXPECT((i < nev) == !won_before);
            if (i < nev)
                EXPECT(ev[i].points == rp && ev[i].seat == B->dealer &&
                       mask_of(ev[i].item.cards, ev[i].item.ncards) == mask_of(res, 4));
            /* the deals: each passes left; cease-fires (RULES 4.3) */
            unsigned d = B->dealer, deals = 0;
            bfc_card last_card = BFC_CARD_NONE;
            for (; i < nev && !cr.won; i++) {
                if (ev[i].type != BFC_EV_DEAL)
                    continue;
                d = left_of(n, d);
                deals++;
                last_card = ev[i].card;
                EXPECT(ev[i].seat == d && ev[i].slot == B->ncrib);
                if (i + 1 >= nev || ev[i + 1].type != BFC_EV_CEASEFIRE) {
                    EXPECT(ev[i].card != BFC_JOKER);
                    break;
                }
                EXPECT(ev[i].card == BFC_JOKER);
                size_t j = i + 2;
                for (unsigned k = 1; k <= n && !cr.won; k++) {
                    const unsigned x = (d + k) % n;
                    while (j < nev && ev[j].type != BFC_EV_FORMATION)
                        j++;
                    EXPECT(j < nev && ev[j].seat == x && ev[j].item.ncards == 5);
                    if (j >= nev)
                        break;
                    EXPECT((mask_of(ev[j].item.cards, 5) >> BFC_JOKER) == 0 &&
                           __builtin_popcountll(mask_of(ev[j].item.cards, 5)) == 5);
                    const int cp = brute_show(ev[j].item.cards, 5, BFC_CARD_NONE, 0, &hs);
                    EXPECT(ev[j].points == cp);
                    credit(&cr, x, BFC_SRC_CEASEFIRE, cp);
                    j++;
                }
                i = j - 1;
            }
            if (!cr.won) {
                EXPECT(A->dealer == d && A->skirmish == B->skirmish + deals);
                EXPECT(deals >= 1 && A->front.n == 1 && A->front.cards[0] == last_card);
                check_fresh_deal(A);
            }
        }
    }
    check_credits(&cr, B, ev, nev);
    for (unsigned x = 0; x < 4; x++)
        EXPECT(A->score[x] == cr.run[x] && A->score[x] >= B->score[x]);
    EXPECT(A->over == cr.won);
    EXPECT(count_events(ev, nev, BFC_EV_GAME_OVER) == cr.won);
    if (cr.won) {
        EXPECT(A->phase == BFC_PHASE_OVER && A->to_move == BFC__NONE8);
        EXPECT(A->winning_seat == cr.win_seat &&
               A->winner == side_of(&A->rules, (unsigned)cr.win_seat));
        /* the game's end is the last event, or the last but the match's */
        const size_t last = A->rules.match && nev > 1 ? nev - 2 : nev - 1;
        EXPECT(nev > 0 && ev[last].type == BFC_EV_GAME_OVER && ev[last].seat == cr.win_seat &&
               ev[last].points == ref_value(A));
        EXPECT(bfc_game_value(A) == ref_value(A));
        EXPECT(nev > 0 && ev[last].score == A->score[A->winner]);
        if (A->rules.match) /* RULES 5 match play: the winner's match points */
            EXPECT(ev[nev - 1].type == BFC_EV_MATCH && ev[nev - 1].side == A->winner &&
                   ev[nev - 1].score == A->match[A->winner] &&
                   A->match[A->winner] == B->match[A->winner] + ev[nev - 1].points &&
                   ev[nev - 1].points == ref_match_points(A));
    }
}

/* ---- The invariants of a position -------------------------------------- */

typedef struct scratch {
    bfc_game *copy, *work, *load;
    long determinized_changed, positions, moves, games, events_overflow;
} scratch;

static void check_observation(const bfc_game *g, int v, const bfc_observation *o)
{
    const unsigned n = g->players;
    EXPECT(o->seat == v && o->players == n && o->sides == g->sides && o->phase == g->phase);
    EXPECT(o->to_move == g->to_move && o->dealer == g->dealer && o->over == g->over);
    EXPECT(o->pile == 53u - g->pile_pos && o->crib == g->ncrib && o->turn_card == g->turn_card);
    EXPECT(o->turns == g->turns && o->skirmish == g->skirmish);
    EXPECT(o->ender == g->ender && o->final_turns == g->owed && o->revealed == g->revealed);
    EXPECT(memcmp(o->score, g->score, sizeof o->score) == 0);
    EXPECT(memcmp(&o->rules, &g->rules, sizeof o->rules) == 0);
    EXPECT(o->frontline.n == g->front.n &&
           memcmp(o->frontline.cards, g->front.cards, g->front.n) == 0);
    EXPECT(o->out_of_play == g->gone);
    /* RULES D7: face-down cards hidden from everyone, face-up ones public;
     * the drawn card seen by its drawer only */
    for (unsigned s = 0; s < n; s++) {
        EXPECT(o->faceup[s] == g->faceup[s]);
        for (unsigned i = 0; i < 5; i++)
            EXPECT(o->formation[s][i] ==
                   ((g->faceup[s] >> i & 1u) ? g->form[s][i] : BFC_CARD_HIDDEN));
    }
    if (g->held == BFC_CARD_NONE)
        EXPECT(o->held == BFC_CARD_NONE);
    else
        EXPECT(o->held == ((unsigned)v == g->to_move ? g->held : BFC_CARD_HIDDEN));
    if (g->phase == BFC_PHASE_LAYAWAY)
        EXPECT(o->lay_legal == g->lay_legal);
    EXPECT(memcmp(o->laid, g->laid, sizeof o->laid) == 0);
    EXPECT(memcmp(o->cut, g->cut, sizeof o->cut) == 0);
    EXPECT(o->winner == g->winner && o->winning_seat == g->winning_seat);
}

static int in_list(const bfc_move *L, int n, unsigned m)
{
    for (int i = 0; i < n; i++)
        if (L[i] == m)
            return 1;
    return 0;
}

/* The formatted observation never shows a card the observer has not seen. */
static void check_observation_text(const bfc_game *g, const bfc_observation *o)
{
    char text[2048], t[BFC_CARD_TEXT_MAX];
    const int len = bfc_observation_format(o, 0, text, sizeof text);
    EXPECT(len > 0 && (size_t)len < sizeof text && strlen(text) == (size_t)len);
    uint64_t seen = g->front.mask | (o->held <= BFC_JOKER ? UINT64_C(1) << o->held : 0);
    for (unsigned s = 0; s < g->players; s++)
        for (unsigned i = 0; i < 5; i++)
            if (g->faceup[s] >> i & 1u)
                seen |= UINT64_C(1) << g->form[s][i];
    if (g->turn_card <= BFC_JOKER)
        seen |= UINT64_C(1) << g->turn_card;
    for (unsigned c = 0; c < 53; c++) {
        if (seen >> c & 1u)
            continue;
        bfc_card_format((bfc_card)c, 0, t, sizeof t);
        EXPECT(strstr(text, t) == NULL);
    }
}


/* Every invariant of a position (before a move); `heavy` adds the
 * formatted observations and the bots' answers (on a sample of positions,
 * for time). */
static void check_position(bfc_game *g, scratch *x, uint64_t *rnd, int heavy)
{
    x->positions++;
    EXPECT(bfc__game_check(g) == BFC_OK);
    bfc_move L[BFC_MAX_MOVES + 4], R[BFC_MAX_MOVES + 4];
    const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
    const int over = bfc_game_over(g);
    EXPECT(over ? n == 0 : n >= 1 && n <= BFC_MAX_MOVES);
    for (int i = 0; i < n; i++)
        EXPECT(L[i] < BFC_MOVE_COUNT && (i == 0 || L[i - 1] < L[i]));
    const int nr = ref_legal(g, R);
    EXPECT(nr == n && memcmp(R, L, (size_t)n * sizeof *L) == 0);
    EXPECT(bfc_game_to_move(g) == (over ? -1 : (int)g->to_move));
    /* observations: hidden information, and the same legal moves */
    for (int v = 0; v < g->players; v++) {
        bfc_observation o;
        EXPECT(bfc_game_observe(g, v, &o) == BFC_OK);
        check_observation(g, v, &o);
        bfc_move O[BFC_MAX_MOVES];
        EXPECT(bfc_observation_legal_moves(&o, O, BFC_MAX_MOVES) == n);
        EXPECT(memcmp(O, L, (size_t)n * sizeof *L) == 0);
        if (heavy)
            check_observation_text(g, &o);
        /* the bots read any seat's view and answer a legal move */
        if (heavy && v == (int)(x->positions % g->players)) {
            uint64_t br = x->positions;
            bfc_move b = BFC_MOVE_NONE;
            EXPECT(bfc_bot_random(&o, &br, &b) == (over ? BFC_EINVAL : BFC_OK));
            EXPECT(over || in_list(L, n, b));
            b = BFC_MOVE_NONE;
            EXPECT(bfc_bot_greedy(&o, &br, &b) == (over ? BFC_EINVAL : BFC_OK));
            EXPECT(over || in_list(L, n, b));
        }
    }
    /* copy: identical */
    EXPECT(bfc_game_copy(x->copy, g) == BFC_OK);
    EXPECT(memcmp(x->copy, g, sizeof *g) == 0);
    /* determinization keeps what the seat sees, and a consistent state;
       a finished game is refused, unchanged (issue 29) */
    if (over) {
        const int v = (int)test_rnd(rnd, g->players);
        bfc_game_copy(x->work, g);
        EXPECT(bfc_game_determinize(x->work, v, *rnd ^ 0x5555) == BFC_EINVAL);
        EXPECT(memcmp(x->work, g, sizeof *g) == 0);
    } else {
        const int v = (int)test_rnd(rnd, g->players);
        bfc_observation o1, o2;
        bfc_game_copy(x->work, g);
        bfc_game_observe(x->work, v, &o1);
        EXPECT(bfc_game_determinize(x->work, v, *rnd ^ 0x5555) == BFC_OK);
        bfc_game_observe(x->work, v, &o2);
        EXPECT(memcmp(&o1, &o2, sizeof o1) == 0);
        EXPECT(bfc__game_check(x->work) == BFC_OK);
        x->determinized_changed += memcmp(x->work, g, sizeof *g) != 0;
        bfc_move D[BFC_MAX_MOVES];
        EXPECT(bfc_game_legal_moves(x->work, D, BFC_MAX_MOVES) == n &&
               memcmp(D, L, (size_t)n * sizeof *L) == 0);
        /* the sampled world plays on */
        if (n > 0)
            EXPECT(bfc_game_apply(x->work, L[test_rnd(rnd, (unsigned)n)], NULL, 0, NULL) ==
                   BFC_OK);
    }
    /* save -> load -> save: byte-identical text and state */
    {
        static char s1[TEXT_MAX], s2[TEXT_MAX];
        const int l1 = bfc_game_save(g, s1, sizeof s1);
        EXPECT(l1 > 0 && (size_t)l1 < sizeof s1 && strlen(s1) == (size_t)l1);
        bfc_game *h = NULL;
        EXPECT(bfc_game_load(&h, s1) == BFC_OK);
        if (h) {
            EXPECT(bfc_game_save(h, s2, sizeof s2) == l1 && strcmp(s1, s2) == 0);
            EXPECT(memcmp(h, g, sizeof *g) == 0);
            bfc_game_free(h);
        }
        EXPECT(bfc_game_load(&x->load, s1) == BFC_OK);
        EXPECT(memcmp(x->load, g, sizeof *g) == 0);
    }
    /* illegal moves: refused, nothing changed */
    static const unsigned extra[] = {28, 29, 31, 64, 100, 255, 256, 1000, 0x7FFF, 0xFFFF};
    for (unsigned m = 0; m < BFC_MOVE_COUNT + sizeof extra / sizeof *extra; m++) {
        const unsigned mv = m < BFC_MOVE_COUNT ? m : extra[m - BFC_MOVE_COUNT];
        if (in_list(L, n, mv))
            continue;
        size_t nev = 12345;
        EXPECT(bfc_game_apply(g, (bfc_move)mv, EV, BFC_MAX_EVENTS, &nev) == BFC_EILLEGAL);
        EXPECT(nev == 12345);
    }
    EXPECT(memcmp(x->copy, g, sizeof *g) == 0);
}

/* Applies m (with events, and on a copy without: the same state), checks
 * the transition. */
static void apply_checked(bfc_game *g, bfc_move m, scratch *x)
{
    inv_move = m;
    bfc_game_copy(x->copy, g);
    bfc_game_copy(x->work, g);
    EXPECT(bfc_game_apply(x->work, m, NULL, 0, NULL) == BFC_OK);
    size_t nev = 0;
    EXPECT(bfc_game_apply(g, m, EV, BFC_MAX_EVENTS, &nev) == BFC_OK);
    EXPECT(memcmp(x->work, g, sizeof *g) == 0);
    /* a short event buffer: the same count, the same state */
    bfc_event few[3];
    size_t nfew = 0;
    bfc_game_copy(x->work, x->copy);
    EXPECT(bfc_game_apply(x->work, m, few, 3, &nfew) == BFC_OK);
    EXPECT(nfew == nev && memcmp(x->work, g, sizeof *g) == 0);
    EXPECT(memcmp(few, EV, (nev < 3 ? nev : 3) * sizeof *few) == 0);
    x->moves++;
    if (nev <= BFC_MAX_EVENTS)
        check_transition(x->copy, m, g, EV, nev);
    else
        x->events_overflow++;
}

/* Plays one seeded random game with every check; the mover picks a random
 * legal move, or asks bfc_bot_random / bfc_bot_greedy. */
static void play_checked(const bfc_rules *r, uint64_t seed, scratch *x)
{
    int st = -99;
    bfc_game *g = bfc_game_new(r, seed, &st);
    EXPECT(g != NULL && st == BFC_OK);
    if (!g)
        return;
    x->copy = bfc_game_clone(g);
    x->work = bfc_game_clone(g);
    x->load = bfc_game_clone(g);
    uint64_t rnd = seed * 2654435761u + 1, bot_rng = seed;
    /* 0 random, 1 and 3 mixed with the bots, 2 greedy only; with no turn
     * limit (D9) greedy bots may take from the frontline forever, so such
     * games keep some random moves */
    unsigned policy = (unsigned)(seed % 4);
    if (r->turn_limit == 0 && policy == 2)
        policy = 1;
    x->games++;
    for (long k = 0; k < 200000; k++) {
        const int heavy = (k % 4) == 0 || x->games % 8 == 0;
        if (inv_bad < 8) /* the context of a failure report */
            bfc_game_save(g, inv_context, sizeof inv_context);
        check_position(g, x, &rnd, heavy);
        if (bfc_game_over(g))
            break;
        bfc_move L[BFC_MAX_MOVES];
        const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
        if (n <= 0)
            break;
        bfc_move m = L[test_rnd(&rnd, (unsigned)n)];
        const unsigned pick = test_rnd(&rnd, 8);
        bfc_observation o;
        bfc_game_observe(g, g->to_move, &o);
        if ((policy == 1 && pick < 3) || (policy == 3 && pick < 5) || policy == 2) {
            bfc_move b = BFC_MOVE_NONE;
            const int rc = (policy == 1 && pick == 0) ? bfc_bot_random(&o, &bot_rng, &b)
                                                      : bfc_bot_greedy(&o, &bot_rng, &b);
            EXPECT(rc == BFC_OK && in_list(L, n, b));
            if (rc == BFC_OK && in_list(L, n, b))
                m = b;
        }
        apply_checked(g, m, x);
    }
    EXPECT(bfc_game_over(g) == 1);
    bfc_game_free(x->copy);
    bfc_game_free(x->work);
    bfc_game_free(x->load);
    bfc_game_free(g);
}

static void random_games(int count, uint64_t seed0, scratch *x)
{
    for (int i = 0; i < count; i++) {
        const uint64_t seed = seed0 + (uint64_t)i;
        uint64_t y = seed ^ 0xABCDEF;
        bfc_rules r;
        bfc_rules_init(&r);
        r.players = 2 + (int)(splitmix(&y) % 3);
        r.teams = r.players == 4 && splitmix(&y) % 2;
        const uint64_t t = splitmix(&y) % 8;
        r.target = t < 4 ? 121 : t < 6 ? 61 : t == 6 ? 31 : 1 + (int)(splitmix(&y) % 200);
        const uint64_t l = splitmix(&y) % 8;
        r.turn_limit = l < 5 ? 200 : l == 5 ? 0 : 1 + (int)(splitmix(&y) % 40);
        r.first_dealer =
            splitmix(&y) % 2 ? BFC_DEALER_CUT : (int)(splitmix(&y) % (unsigned)r.players);
        r.value = (int)(splitmix(&y) % 4);
        r.flags = splitmix(&y) % 4 == 0 ? BFC_RULE_ANY_LAY_AWAY : 0;
        /* the options of 0.2: D13, D14, D15, D16, match play, who pays */
        const uint64_t o = splitmix(&y);
        r.flags |= (o & 1u) ? BFC_RULE_JOKER_KILLS_FORMATION : 0u;
        r.flags |= (o & 6u) == 2u ? BFC_RULE_NO_TAKE_BACK : 0u;
        if (r.teams && (o & 8u)) {
            r.flags |= BFC_RULE_PARTNERS_BY_CUT;
            r.first_dealer = BFC_DEALER_CUT;
        }
        if (bfc_rules_sides(&r) >= 3)
            r.flags |= (o >> 4 & 3u) == 1u   ? BFC_RULE_PAY_BEST_LOSER
                       : (o >> 4 & 3u) == 2u ? BFC_RULE_PAY_WORST_LOSER
                                             : 0u;
        r.next_dealer = (int)(o >> 6 & 3u) % 3;
        if ((o >> 8 & 3u) == 0) {
            r.match = 1 + (int)(o >> 10 & 7u);
            r.match_points = (int)(o >> 13 & 7u) % 6;
        }
        play_checked(&r, seed, x);
    }
}

static void test_game__determinize_samples_the_next_deal(void)
{
    /* RULES D7: nobody knows the next skirmish's shuffle. bfc.h: a
     * determinized game is "one sampled world for search" in which the
     * seat sees the same. The next deal comes from the game's generator, so
     * a sampled world must not carry the real generator: otherwise every
     * sampled world deals the real next skirmish, and a search that plays
     * past the current skirmish learns it. Here only the dealer's lay-away
     * is left before the next deal. */
    bfc_game *base = pos(deal_base(2, 0, NULL));
    bfc_game *real = bfc_game_clone(base), *w = bfc_game_clone(base);
    if (!base || !real || !w) {
        CHECK(!"positions");
    } else {
        bfc_game_apply(real, M("layaway 0"), NULL, 0, NULL);
        int same = 0;
        const int worlds = 20;
        for (int k = 0; k < worlds; k++) {
            bfc_game_copy(w, base);
            INT_EQ(bfc_game_determinize(w, k % 2, 1000 + (uint64_t)k), BFC_OK);
            bfc_game_apply(w, M("layaway 0"), NULL, 0, NULL);
            same += memcmp(w->form, real->form, sizeof w->form) == 0 &&
                    w->front.cards[0] == real->front.cards[0];
        }
        if (same)
            fprintf(stderr, "%d of %d determinized worlds deal the real next skirmish\n", same,
                    worlds);
        INT_EQ(same, 0);
    }
    bfc_game_free(w);
    bfc_game_free(real);
    bfc_game_free(base);
}

static void test_game__random_games_invariants(void)
{
    /* Thousands of seeded games, all player counts, teams, targets, turn
     * limits, lay-away options and value conventions; every move checked
     * (bfc__game_check, legal moves = RULES, observations = D7, determinize,
     * copy, save/load, illegal moves, events = RULES scores). */
    scratch x;
    memset(&x, 0, sizeof x);
    inv_bad = 0;
    random_games(2400 / harness_quick, 1, &x);
    printf("random games: %ld games, %ld positions, %ld moves checked\n", x.games, x.positions,
           x.moves);
    INT_EQ(inv_bad, 0);
    CHECK(x.games >= 2400 / harness_quick);
    CHECK(x.determinized_changed > x.positions / 4);
    CHECK(x.events_overflow == 0 || x.events_overflow < x.moves / 1000);
}

/* ===========================================================================
 * Determinism: a pinned signature and pinned move-tree counts
 * ======================================================================== */

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

static uint64_t fnv_int(uint64_t h, long long v)
{
    unsigned char b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)((unsigned long long)v >> (8 * i));
    return fnv(h, b, 8);
}

/* 200 games from fixed seeds, moves chosen by a fixed rule (tests/brute.c's
 * generator over the legal list), hashing every legal list, move, event,
 * score and save. */
static uint64_t game_signature(int games)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (int i = 0; i < games; i++) {
        bfc_rules r;
        bfc_rules_init(&r);
        r.players = 2 + i % 3;
        r.teams = i % 6 == 5;
        r.value = i % 4;
        r.flags = i % 7 == 3 ? BFC_RULE_ANY_LAY_AWAY : 0;
        r.turn_limit = i % 5 == 4 ? 25 : 200;
        r.first_dealer = i % 2 ? BFC_DEALER_CUT : i % r.players;
        bfc_game *g = bfc_game_new(&r, 1000 + (uint64_t)i, NULL);
        if (!g)
            return 0;
        uint64_t rnd = 0x5EED0000u + (uint64_t)i;
        static char text[TEXT_MAX];
        bfc_game_save(g, text, sizeof text);
        h = fnv(h, text, strlen(text));
        while (!bfc_game_over(g)) {
            bfc_move L[BFC_MAX_MOVES];
            const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
            if (n <= 0)
                break;
            h = fnv(h, L, (size_t)n * sizeof *L);
            const bfc_move m = L[test_rnd(&rnd, (unsigned)n)];
            h = fnv_int(h, m);
            size_t nev = 0;
            bfc_game_apply(g, m, EV, BFC_MAX_EVENTS, &nev);
            for (size_t k = 0; k < nev && k < BFC_MAX_EVENTS; k++) {
                const bfc_event *e = &EV[k];
                const unsigned char f[8] = {e->type, e->seat, e->side, e->source,
                                            e->card, e->slot, e->points, e->item.kind};
                h = fnv(h, f, sizeof f);
                h = fnv_int(h, e->score);
                h = fnv(h, e->item.cards, e->item.ncards);
            }
            int sc[4];
            const int sides = bfc_game_scores(g, sc, 4);
            for (int s = 0; s < sides; s++)
                h = fnv_int(h, sc[s]);
            if (g->moves % 16 == 0) {
                bfc_game_save(g, text, sizeof text);
                h = fnv(h, text, strlen(text));
            }
        }
        bfc_game_save(g, text, sizeof text);
        h = fnv(h, text, strlen(text));
        h = fnv_int(h, bfc_game_value(g));
        bfc_game_free(g);
    }
    return h;
}

static void test_game__determinism_signature(void)
{
    /* A game is fully determined by its rules, seed and moves. This value
     * is pinned: ANY engine change that alters it (shuffle, deal, move
     * order, events, scores, save text) must say why in its commit message,
     * and update the pin. */
    const uint64_t pinned = UINT64_C(0x55fe5f4510b0d788);
    const uint64_t sig = game_signature(200);
    printf("determinism signature: 0x%016llx\n", (unsigned long long)sig);
    INT_EQ(sig == pinned, 1);
    /* and it is a function of the inputs: twice the same */
    CHECK(game_signature(20) == game_signature(20));
}

/* Leaves of the move tree below g, depth moves deep (draws are the game's
 * own chance: the tree is deterministic); adds every side's score at each
 * leaf to *points, so that the count also depends on the cards. */
static long long perft(const bfc_game *g, int depth, bfc_game **stack, long long *points)
{
    bfc_move L[BFC_MAX_MOVES];
    const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
    if (depth == 0 || n <= 0) {
        int sc[4];
        const int sides = bfc_game_scores(g, sc, 4);
        for (int s = 0; s < sides; s++)
            *points += sc[s];
        return depth == 0;
    }
    long long total = 0;
    for (int i = 0; i < n; i++) {
        bfc_game_copy(stack[0], g);
        if (bfc_game_apply(stack[0], L[i], NULL, 0, NULL) != BFC_OK)
            return -1;
        total += perft(stack[0], depth - 1, stack + 1, points);
    }
    return total;
}

static void perft_case(bfc_game *g, int depth, const long long *want)
{
    if (!CHECK(g != NULL))
        return;
    bfc_game *stack[12];
    for (int i = 0; i < 12; i++)
        stack[i] = bfc_game_clone(g);
    printf("perft %d players:", g->players);
    for (int d = 1; d <= depth; d++) {
        long long points = 0;
        const long long n = perft(g, d, stack, &points);
        printf(" %lld/%lld", n, points);
        INT_EQ(n, want[2 * (d - 1)]);
        INT_EQ(points, want[2 * (d - 1) + 1]);
    }
    printf("\n");
    for (int i = 0; i < 12; i++)
        bfc_game_free(stack[i]);
}

static void test_game__determinism_perft(void)
{
    /* Move-tree counts (leaves / the sum of the scores at the leaves) from
     * fixed games, pinned (see the signature). */
    static const long long two[] = {10, 0, 60, 0, 560, 40, 3600, 400, 21600, 2400, 129600, 38300};
    static const long long three[] = {10, 0, 60, 0, 560, 60, 3600, 600, 31600, 8400};
    static const long long four[] = {10, 0, 60, 0, 560, 0, 3600, 0, 31600, 2400};
    static const long long late[] = {6,    0,    36,    2,     216,    28,    1296,
                                     294,  7776, 2734,  46656, 23707, 276936, 204284};
    for (int players = 2; players <= 4; players++) {
        bfc_rules r = mkrules(players, 0, 0);
        bfc_game *g = bfc_game_new(&r, 2024, NULL);
        perft_case(g, players == 2 ? 6 : 5, players == 2 ? two : players == 3 ? three : four);
        bfc_game_free(g);
    }
    /* late in a skirmish: two cards left, the turn card, the battlefield
     * and the next deal inside the tree */
    bfc_game *g = pos(TWO_MID("1 0 1 3 - 0 30 1 70", "+2C +3D 4H 9S KC", "+6C +7D 8H 9C TD",
                              "7C 8D 9D QS *5", "5H"));
    perft_case(g, 7, late);
    bfc_game_free(g);
}

/* ===========================================================================
 * API misuse
 * ======================================================================== */

/* A game some moves in (holding a drawn card when `drawn`). */
static bfc_game *some_game(int players, uint64_t seed, int moves, int drawn)
{
    bfc_rules r = mkrules(players, 0, BFC_DEALER_CUT);
    bfc_game *g = bfc_game_new(&r, seed, NULL);
    uint64_t rnd = seed + 11;
    for (int k = 0; g && k < moves && !bfc_game_over(g); k++) {
        bfc_move L[BFC_MAX_MOVES];
        const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
        bfc_game_apply(g, L[test_rnd(&rnd, (unsigned)n)], NULL, 0, NULL);
    }
    while (g && drawn && bfc_game_phase(g) != BFC_PHASE_DRAWN && !bfc_game_over(g)) {
        bfc_move L[BFC_MAX_MOVES];
        const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
        bfc_game_apply(g, in_list(L, n, BFC_MOVE_DRAW) ? BFC_MOVE_DRAW : L[0], NULL, 0, NULL);
    }
    return g;
}

static void test_game__api_null_pointers(void)
{
    /* bfc.h: NULL pointers give BFC_EINVAL (or NULL, -1, 0 for the queries
     * that say so), write nothing, and change nothing */
    int st = 12345;
    CHECK(bfc_game_new(NULL, 1, &st) == NULL);
    INT_EQ(st, BFC_EINVAL);
    CHECK(bfc_game_new(NULL, 1, NULL) == NULL);
    bfc_game_free(NULL);
    bfc_rules_init(NULL);
    INT_EQ(bfc_rules_check(NULL), BFC_EINVAL);
    bfc_game *g = some_game(2, 3, 7, 1);
    bfc_game *before = bfc_game_clone(g);
    bfc_move L[BFC_MAX_MOVES];
    bfc_observation o;
    bfc_move m = 77;
    uint64_t rng = 1;
    char buf[64];
    int sc[4];
    INT_EQ(bfc_game_copy(NULL, g), BFC_EINVAL);
    INT_EQ(bfc_game_copy(g, NULL), BFC_EINVAL);
    INT_EQ(bfc_game_copy(NULL, NULL), BFC_EINVAL);
    CHECK(bfc_game_clone(NULL) == NULL);
    CHECK(bfc_game_rules(NULL) == NULL);
    CHECK(bfc_game_rules(g) != NULL && bfc_game_rules(g)->players == 2);
    INT_EQ(bfc_game_legal_moves(NULL, L, BFC_MAX_MOVES), BFC_EINVAL);
    INT_EQ(bfc_game_legal_moves(g, NULL, 3), BFC_EINVAL);
    INT_EQ(bfc_game_legal_moves(g, NULL, 0), 6); /* holding a card: place, swap 0..4 */
    INT_EQ(bfc_game_apply(NULL, BFC_MOVE_PLACE, EV, BFC_MAX_EVENTS, NULL), BFC_EINVAL);
    INT_EQ(bfc_game_apply(g, BFC_MOVE_PLACE, NULL, 5, NULL), BFC_EINVAL);
    INT_EQ(bfc_game_to_move(NULL), -1);
    INT_EQ(bfc_game_phase(NULL), BFC_EINVAL);
    INT_EQ(bfc_game_sides(NULL), BFC_EINVAL);
    INT_EQ(bfc_game_side_of(NULL, 0), BFC_EINVAL);
    INT_EQ(bfc_game_scores(NULL, sc, 4), BFC_EINVAL);
    INT_EQ(bfc_game_scores(g, NULL, 2), BFC_EINVAL);
    INT_EQ(bfc_game_over(NULL), BFC_EINVAL);
    INT_EQ(bfc_game_winner(NULL), -1);
    INT_EQ(bfc_game_winning_seat(NULL), -1);
    INT_EQ(bfc_game_value(NULL), BFC_EINVAL);
    INT_EQ(bfc_game_next(NULL), BFC_EINVAL);
    INT_EQ(bfc_game_observe(NULL, 0, &o), BFC_EINVAL);
    INT_EQ(bfc_game_observe(g, 0, NULL), BFC_EINVAL);
    INT_EQ(bfc_game_determinize(NULL, 0, 1), BFC_EINVAL);
    INT_EQ(bfc_game_save(NULL, buf, sizeof buf), BFC_EINVAL);
    INT_EQ(bfc_game_save(g, NULL, 10), BFC_EINVAL);
    CHECK(bfc_game_save(g, NULL, 0) > 100);
    INT_EQ(bfc_game_load(NULL, "bfc-game 1\n"), BFC_EINVAL);
    bfc_game *h = g;
    INT_EQ(bfc_game_load(&h, NULL), BFC_EINVAL);
    CHECK(h == g);
    bfc_game_observe(g, 0, &o);
    INT_EQ(bfc_observation_legal_moves(NULL, L, BFC_MAX_MOVES), BFC_EINVAL);
    INT_EQ(bfc_observation_legal_moves(&o, NULL, 2), BFC_EINVAL);
    INT_EQ(bfc_observation_legal_moves(&o, NULL, 0), 6);
    INT_EQ(bfc_observation_format(NULL, 0, buf, sizeof buf), BFC_EINVAL);
    INT_EQ(bfc_observation_format(&o, 0, NULL, 10), BFC_EINVAL);
    INT_EQ(bfc_observation_format(&o, 0x80, buf, sizeof buf), BFC_EINVAL);
    CHECK(bfc_observation_format(&o, 0, NULL, 0) > 50);
    INT_EQ(bfc_bot_random(NULL, &rng, &m), BFC_EINVAL);
    INT_EQ(bfc_bot_random(&o, NULL, &m), BFC_EINVAL);
    INT_EQ(bfc_bot_random(&o, &rng, NULL), BFC_EINVAL);
    INT_EQ(bfc_bot_greedy(NULL, &rng, &m), BFC_EINVAL);
    INT_EQ(bfc_bot_greedy(&o, NULL, &m), BFC_EINVAL);
    INT_EQ(bfc_bot_greedy(&o, &rng, NULL), BFC_EINVAL);
    INT_EQ(m, 77);
    INT_EQ(rng, 1);
    CHECK(bfc_move_parse(NULL, &m) < 0);
    CHECK(bfc_move_parse("draw", NULL) < 0);
    INT_EQ(m, 77);
    INT_EQ(bfc_move_format(BFC_MOVE_DRAW, NULL, 5), BFC_EINVAL);
    INT_EQ(bfc_move_format(BFC_MOVE_DRAW, NULL, 0), 4);
    /* nothing above changed the game */
    CHECK(memcmp(g, before, sizeof *g) == 0);
    bfc_game_free(before);
    bfc_game_free(g);
}

static void test_game__api_bad_seats_and_caps(void)
{
    /* seats out of range; capacities of 0 and too small (snprintf-style
     * counts, nothing written past cap) */
    for (int players = 2; players <= 4; players++) {
        bfc_game *g = some_game(players, 40 + (uint64_t)players, 9, 1);
        bfc_game *before = bfc_game_clone(g);
        static const int bad[] = {-1, -2, 4, 5, 100, -1000000, 2147483647};
        bfc_observation o, fill;
        memset(&fill, 0xA5, sizeof fill);
        for (size_t i = 0; i < sizeof bad / sizeof *bad + 1; i++) {
            const int seat = i < sizeof bad / sizeof *bad ? bad[i] : players;
            memcpy(&o, &fill, sizeof o);
            INT_EQ(bfc_game_observe(g, seat, &o), BFC_EINVAL);
            CHECK(memcmp(&o, &fill, sizeof o) == 0);
            INT_EQ(bfc_game_determinize(g, seat, 9), BFC_EINVAL);
            INT_EQ(bfc_game_side_of(g, seat), BFC_EINVAL);
        }
        for (int s = 0; s < players; s++)
            INT_EQ(bfc_game_observe(g, s, &o), BFC_OK);
        /* scores: cap 0 tells the count and writes nothing */
        int sc[5] = {-7, -7, -7, -7, -7};
        INT_EQ(bfc_game_scores(g, sc, 0), players);
        INT_EQ(sc[0], -7);
        INT_EQ(bfc_game_scores(g, sc, 1), players);
        CHECK(sc[0] >= 0 && sc[1] == -7);
        INT_EQ(bfc_game_scores(g, sc, 5), players);
        INT_EQ(sc[4], -7);
        /* legal moves: a short buffer gets a prefix, the count is whole */
        bfc_move all[BFC_MAX_MOVES], few[3] = {999, 999, 999};
        const int n = bfc_game_legal_moves(g, all, BFC_MAX_MOVES);
        INT_EQ(bfc_game_legal_moves(g, few, 2), n);
        CHECK(few[0] == all[0] && few[1] == all[1] && few[2] == 999);
        /* events: a short buffer gets the first ones, the count is whole */
        bfc_game *h = bfc_game_clone(g);
        size_t nev = 0, nfew = 0;
        bfc_event one[2];
        memset(one, 0xEE, sizeof one);
        CHECK(bfc_game_apply(h, BFC_MOVE_PLACE, EV, BFC_MAX_EVENTS, &nev) == BFC_OK);
        bfc_game_copy(h, g);
        CHECK(bfc_game_apply(h, BFC_MOVE_PLACE, one, 1, &nfew) == BFC_OK);
        INT_EQ(nfew, nev);
        CHECK(memcmp(&one[0], &EV[0], sizeof one[0]) == 0);
        const unsigned char *tail = (const unsigned char *)&one[1];
        for (size_t i = 0; i < sizeof one[1]; i++)
            INT_EQ(tail[i], 0xEE);
        bfc_game_free(h);
        CHECK(memcmp(g, before, sizeof *g) == 0);
        bfc_game_free(before);
        bfc_game_free(g);
    }
}

/* snprintf-style: every capacity from 0 to the length + 2 gives the whole
 * length, a NUL-terminated prefix, and no byte written past cap. */
static void check_snprintf(const char *what, int (*fn)(const void *, unsigned, char *, size_t),
                           const void *obj, unsigned flags)
{
    char full[TEXT_MAX], buf[TEXT_MAX + 8];
    const int len = fn(obj, flags, full, sizeof full);
    if (!CHECK(len > 0 && (size_t)len < sizeof full)) {
        fprintf(stderr, "  (%s)\n", what);
        return;
    }
    INT_EQ(fn(obj, flags, NULL, 0), len);
    long bad = 0;
    for (size_t cap = 0; cap <= (size_t)len + 2; cap++) {
        memset(buf, 'X', sizeof buf);
        bad += fn(obj, flags, buf, cap) != len;
        if (cap > 0) {
            const size_t k = cap - 1 < (size_t)len ? cap - 1 : (size_t)len;
            bad += memcmp(buf, full, k) != 0 || buf[k] != 0;
        }
        for (size_t i = cap; i < sizeof buf; i++)
            bad += buf[i] != 'X';
    }
    if (bad)
        fprintf(stderr, "  (%s)\n", what);
    INT_EQ(bad, 0);
}

static int save_fn(const void *g, unsigned flags, char *buf, size_t cap)
{
    (void)flags;
    return bfc_game_save(g, buf, cap);
}

static int obs_fn(const void *o, unsigned flags, char *buf, size_t cap)
{
    return bfc_observation_format(o, flags, buf, cap);
}

static int move_fn(const void *m, unsigned flags, char *buf, size_t cap)
{
    (void)flags;
    return bfc_move_format(*(const bfc_move *)m, buf, cap);
}

static void test_game__api_short_buffers(void)
{
    /* bfc_game_save, bfc_observation_format, bfc_move_format: snprintf-style
     * at every capacity */
    for (int players = 2; players <= 4; players++) {
        bfc_game *g = some_game(players, 60 + (uint64_t)players, 25, 1);
        check_snprintf("save", save_fn, g, 0);
        bfc_observation o;
        for (int s = 0; s < players; s++) {
            bfc_game_observe(g, s, &o);
            check_snprintf("observation", obs_fn, &o, 0);
            check_snprintf("observation unicode", obs_fn, &o, BFC_UNICODE);
        }
        /* the text shows face-down cards as [??] and whose move it is */
        char text[2048];
        bfc_observation_format(&o, 0, text, sizeof text);
        CHECK(strstr(text, "[??]") != NULL);
        CHECK(strstr(text, "to move: player") != NULL);
        bfc_game_free(g);
    }
    for (bfc_move m = 0; m < BFC_MOVE_COUNT; m++)
        check_snprintf("move", move_fn, &m, 0);
    char buf[8] = "XXXXXXX";
    INT_EQ(bfc_move_format(BFC_MOVE_LAYAWAY, buf, 0), 9);
    INT_EQ(buf[0], 'X');
}

static void test_game__api_copy_between_different_rules(void)
{
    /* bfc_game_copy (and bfc_game_load into a game) need the same rules:
     * BFC_EINVAL, the destination unchanged */
    bfc_rules base = mkrules(2, 0, 0);
    bfc_game *g = bfc_game_new(&base, 1, NULL);
    for (int k = 0; k < 8; k++) {
        bfc_rules r = base;
        switch (k) {
        case 0: r.players = 3; break;
        case 1: r.target = 61; break;
        case 2: r.turn_limit = 0; break;
        case 3: r.first_dealer = 1; break;
        case 4: r.first_dealer = BFC_DEALER_CUT; break;
        case 5: r.value = BFC_VALUE_SKUNK; break;
        case 6: r.flags = BFC_RULE_ANY_LAY_AWAY; break;
        default: r.players = 4; r.teams = 1; break;
        }
        bfc_game *d = bfc_game_new(&r, 2, NULL);
        if (!CHECK(d != NULL))
            continue;
        bfc_game *keep = bfc_game_clone(d);
        INT_EQ(bfc_game_copy(d, g), BFC_EINVAL);
        CHECK(memcmp(d, keep, sizeof *d) == 0);
        INT_EQ(bfc_game_copy(g, d), BFC_EINVAL);
        /* loading a save of other rules into it: refused, unchanged */
        INT_EQ(bfc_game_load(&d, save_text(g)), BFC_EINVAL);
        CHECK(memcmp(d, keep, sizeof *d) == 0);
        bfc_game_free(keep);
        bfc_game_free(d);
    }
    /* the same rules: a copy, and a copy onto itself */
    bfc_game *d = bfc_game_new(&base, 99, NULL);
    INT_EQ(bfc_game_copy(d, g), BFC_OK);
    CHECK(memcmp(d, g, sizeof *d) == 0);
    INT_EQ(bfc_game_copy(g, g), BFC_OK);
    CHECK(memcmp(d, g, sizeof *d) == 0);
    bfc_game_free(d);
    bfc_game_free(g);
}

static void test_game__issue_29_value_null_and_determinize_after_over(void)
{
    /* issue 29 item 12: bfc_game_value(NULL) returned 0, a value a game
     * may have, rather than BFC_EINVAL; bfc_game_determinize() re-dealt the
     * hidden cards of a finished game (no decision is left to search).
     * Both are refused now, the game left as it was. Battlefield and a
     * classic game, each played to its end by the greedy bots. */
    INT_EQ(bfc_game_value(NULL), BFC_EINVAL);
    static const char *const presets[] = {"battlefield", "classic", "noddy", "solitaire"};
    for (size_t p = 0; p < sizeof presets / sizeof *presets; p++) {
        bfc_rules r;
        INT_EQ(bfc_rules_preset(&r, presets[p], 0, 0), BFC_OK);
        bfc_game *g = bfc_game_new(&r, 29 + p, NULL);
        uint64_t rng = 12;
        /* before the end: accepted, and the seat's view kept */
        bfc_game *w = bfc_game_clone(g);
        bfc_observation o1, o2;
        bfc_game_observe(g, 0, &o1);
        INT_EQ(bfc_game_determinize(w, 0, 5), BFC_OK);
        bfc_game_observe(w, 0, &o2);
        CHECK(memcmp(&o1, &o2, sizeof o1) == 0);
        INT_EQ(bfc_game_value(g), 0); /* not over: worth nothing yet */
        for (long k = 0; !bfc_game_over(g) && k < 100000; k++) {
            bfc_observation o;
            bfc_move m;
            bfc_game_observe(g, bfc_game_to_move(g), &o);
            if (bfc_bot_greedy(&o, &rng, &m) != BFC_OK ||
                bfc_game_apply(g, m, NULL, 0, NULL) != BFC_OK)
                break;
        }
        if (!CHECK(bfc_game_over(g) == 1))
            continue;
        CHECK(bfc_game_value(g) >= (bfc_game_winner(g) >= 0 ? 1 : 0));
        bfc_game *keep = bfc_game_clone(g);
        for (int seat = 0; seat < r.players; seat++)
            INT_EQ(bfc_game_determinize(g, seat, 77 + (uint64_t)seat), BFC_EINVAL);
        CHECK(memcmp(g, keep, sizeof *g) == 0);
        bfc_game_free(keep);
        bfc_game_free(w);
        bfc_game_free(g);
    }
}

static void test_game__api_moves_after_game_over(void)
{
    /* once over: no legal move, every move id BFC_EILLEGAL, nothing changed */
    for (int players = 2; players <= 4; players++) {
        bfc_game *g = some_game(players, 70 + (uint64_t)players, 1000000, 0);
        if (!CHECK(g && bfc_game_over(g) == 1))
            continue;
        bfc_game *keep = bfc_game_clone(g);
        long bad = 0;
        for (unsigned m = 0; m <= 0xFFFF; m++) {
            size_t nev = 7;
            bad += bfc_game_apply(g, (bfc_move)m, EV, BFC_MAX_EVENTS, &nev) != BFC_EILLEGAL;
            bad += nev != 7;
        }
        INT_EQ(bad, 0);
        CHECK(memcmp(g, keep, sizeof *g) == 0);
        INT_EQ(bfc_game_legal_moves(g, NULL, 0), 0);
        INT_EQ(bfc_game_to_move(g), -1);
        INT_EQ(bfc_game_phase(g), BFC_PHASE_OVER);
        bfc_observation o;
        bfc_move m = 5;
        uint64_t rng = 3;
        for (int s = 0; s < players; s++) {
            INT_EQ(bfc_game_observe(g, s, &o), BFC_OK);
            INT_EQ(o.over, 1);
            INT_EQ(o.to_move, 0xFF);
            INT_EQ(bfc_observation_legal_moves(&o, NULL, 0), 0);
            INT_EQ(bfc_bot_random(&o, &rng, &m), BFC_EINVAL);
            INT_EQ(bfc_bot_greedy(&o, &rng, &m), BFC_EINVAL);
            INT_EQ(m, 5);
        }
        /* a finished game saves and loads */
        bfc_game *h = NULL;
        INT_EQ(bfc_game_load(&h, save_text(g)), BFC_OK);
        CHECK(h && memcmp(h, g, sizeof *g) == 0);
        bfc_game_free(h);
        bfc_game_free(keep);
        bfc_game_free(g);
    }
}

static void test_game__api_invalid_rules(void)
{
    /* bfc_rules_check / bfc_game_new: every field out of range is refused
     * with BFC_EINVAL (and no game); the edges that are valid are accepted */
    for (int k = 0; k < 26; k++) {
        bfc_rules r;
        bfc_rules_init(&r);
        switch (k) {
        case 0: r.players = 1; break;
        case 1: r.players = 5; break;
        case 2: r.players = 0; break;
        case 3: r.players = -2; break;
        case 4: r.players = 3; r.teams = 1; break;
        case 5: r.players = 2; r.teams = 1; break;
        case 6: r.players = 4; r.teams = 2; break;
        case 7: r.teams = -1; break;
        case 8: r.target = 0; break;
        case 9: r.target = -121; break;
        case 10: r.target = 1001; break;
        case 11: r.turn_limit = -1; break;
        case 12: r.turn_limit = 10001; break;
        case 13: r.flags = BFC_CRIB; break;
        case 14: r.flags = BFC_KILL_CARD | BFC_ANY_LAY_AWAY; break;
        case 15: r.flags = 0x80000000u; break;
        case 16: r.first_dealer = -2; break;
        case 17: r.first_dealer = 2; break; /* 2 players: seats 0, 1 */
        case 18: r.players = 4; r.first_dealer = 4; break;
        case 19: r.value = -1; break;
        case 20: r.value = 4; break;
        case 21: r.variant = 1; break;
        case 22: r.variant = -1; break;
        case 23: r.target = -2147483647 - 1; break;
        case 24: r.turn_limit = -2147483647 - 1; break;
        default: r.players = 2147483647; break;
        }
        int st = 12345;
        bfc_game *g = bfc_game_new(&r, 1, &st);
        if (g != NULL || st != BFC_EINVAL)
            fprintf(stderr, "invalid rules case %d accepted\n", k);
        CHECK(g == NULL);
        INT_EQ(st, BFC_EINVAL);
        INT_EQ(bfc_rules_check(&r), BFC_EINVAL);
        bfc_game_free(g);
    }
    /* the edges that are valid */
    for (int k = 0; k < 9; k++) {
        bfc_rules r;
        bfc_rules_init(&r);
        switch (k) {
        case 0: r.target = 1; break;
        case 1: r.target = 1000; break;
        case 2: r.turn_limit = 0; break;
        case 3: r.turn_limit = 10000; break;
        case 4: r.first_dealer = 1; break;
        case 5: r.players = 4; r.teams = 1; r.first_dealer = 3; break;
        case 6: r.value = BFC_VALUE_LURCH; break;
        case 7: r.flags = BFC_RULE_ANY_LAY_AWAY; break;
        default: r.players = 3; r.turn_limit = 1; break;
        }
        int st = 12345;
        bfc_game *g = bfc_game_new(&r, 1, &st);
        CHECK(g != NULL);
        INT_EQ(st, BFC_OK);
        INT_EQ(bfc_rules_check(&r), BFC_OK);
        if (g) {
            INT_EQ(bfc__game_check(g), BFC_OK);
            CHECK(memcmp(bfc_game_rules(g), &r, sizeof r) == 0);
        }
        bfc_game_free(g);
    }
}

/* Replaces the first occurrence of `from` in src by `to` into out. */
static void replace(const char *src, const char *from, const char *to, char *out, size_t cap)
{
    const char *p = strstr(src, from);
    if (!p) {
        snprintf(out, cap, "%s", src);
        return;
    }
    snprintf(out, cap, "%.*s%s%s", (int)(p - src), src, to, p + strlen(from));
}

static void test_game__api_load_version(void)
{
    /* another format version: BFC_EVERSION, the target game unchanged */
    bfc_game *g = some_game(3, 5, 20, 0);
    bfc_game *keep = bfc_game_clone(g);
    char text[TEXT_MAX], bad[TEXT_MAX];
    snprintf(text, sizeof text, "%s", save_text(g));
    CHECK(strncmp(text, "bfc-game 3\n", 11) == 0);
    static const char *const versions[] = {"bfc-game 0\n", "bfc-game 4\n", "bfc-game 999\n",
                                           "bfc-game 10\n"};
    for (size_t i = 0; i < sizeof versions / sizeof *versions; i++) {
        replace(text, "bfc-game 3\n", versions[i], bad, sizeof bad);
        bfc_game *h = g;
        INT_EQ(bfc_game_load(&h, bad), BFC_EVERSION);
        CHECK(h == g && memcmp(g, keep, sizeof *g) == 0);
        bfc_game *n = NULL;
        INT_EQ(bfc_game_load(&n, bad), BFC_EVERSION);
        CHECK(n == NULL);
    }
    /* not a save at all */
    static const char *const heads[] = {"bfc-game\n", "bfc-gamex 3\n", "BFC-GAME 3\n",
                                        "bfc-game  3\n", "bfc-game 3 3\n", "bfc-game x\n"};
    for (size_t i = 0; i < sizeof heads / sizeof *heads; i++) {
        replace(text, "bfc-game 3\n", heads[i], bad, sizeof bad);
        bfc_game *h = g;
        const int rc = bfc_game_load(&h, bad);
        CHECK(rc == BFC_EPARSE);
        CHECK(h == g && memcmp(g, keep, sizeof *g) == 0);
    }
    /* the good text loads into the same game */
    bfc_game *h = g;
    INT_EQ(bfc_game_load(&h, text), BFC_OK);
    CHECK(h == g && memcmp(g, keep, sizeof *g) == 0);
    bfc_game_free(keep);
    bfc_game_free(g);
}

/* text with every "\n" written as "\r\n", or only every other one */
static void to_crlf(const char *text, char *out, size_t cap, int every_other)
{
    size_t k = 0;
    int line = 0;
    for (const char *s = text; *s && k + 3 < cap; s++) {
        if (*s == '\n' && (!every_other || line++ % 2 == 0))
            out[k++] = '\r';
        out[k++] = *s;
    }
    out[k] = 0;
}

static void test_game__api_load_crlf(void)
{
    /* bfc.h: a save's lines end in "\n" or "\r\n" (a Windows text file);
     * both load to the very same state. A lone "\r" is not a line end. */
    bfc_rules classic;
    bfc_rules_init_variant(&classic, BFC_VARIANT_CLASSIC);
    classic.players = 3;
    bfc_board_example(&classic.board);
    for (int k = 0; k < 4; k++) {
        bfc_game *g = k < 3 ? some_game(2 + k, 300 + (uint64_t)k, 17 * k, k % 2)
                            : bfc_game_new(&classic, 301, NULL);
        if (!CHECK(g != NULL))
            continue;
        for (int i = 0; k == 3 && i < 9; i++) { /* into the play */
            bfc_move L[BFC_MAX_MOVES];
            if (bfc_game_legal_moves(g, L, BFC_MAX_MOVES) > 0)
                bfc_game_apply(g, L[0], NULL, 0, NULL);
        }
        char text[TEXT_MAX], crlf[2 * TEXT_MAX], bad[2 * TEXT_MAX];
        snprintf(text, sizeof text, "%s", save_text(g));
        for (int mixed = 0; mixed <= 1; mixed++) {
            to_crlf(text, crlf, sizeof crlf, mixed);
            CHECK(strstr(crlf, "\r\n") != NULL);
            bfc_game *h = NULL;
            INT_EQ(bfc_game_load(&h, crlf), BFC_OK);
            CHECK(h && memcmp(h, g, sizeof *g) == 0);
            CHECK(h && strcmp(save_text(h), text) == 0); /* written back with "\n" */
            bfc_game_free(h);
        }
        /* "\r" without "\n", or twice: refused, the game unchanged */
        bfc_game *keep = bfc_game_clone(g);
        static const char *const ends[] = {"\rrng ", "\r\r\nrng ", "\n\rrng ", " \r\nrng "};
        for (size_t e = 0; e < sizeof ends / sizeof *ends; e++) {
            replace(text, "\nrng ", ends[e], bad, sizeof bad);
            CHECK(strcmp(bad, text) != 0);
            bfc_game *h = g;
            INT_EQ(bfc_game_load(&h, bad), BFC_EPARSE);
            CHECK(h == g && memcmp(g, keep, sizeof *g) == 0);
        }
        bfc_game_free(keep);
        bfc_game_free(g);
    }
}

/* After a corrupted save was accepted: a consistent state that plays on. */
static long play_on_loaded(bfc_game *h, uint64_t seed)
{
    long bad = bfc__game_check(h) != BFC_OK;
    char s1[TEXT_MAX], s2[TEXT_MAX];
    bfc_game_save(h, s1, sizeof s1);
    bfc_game *k = NULL;
    bad += bfc_game_load(&k, s1) != BFC_OK;
    if (k) {
        bfc_game_save(k, s2, sizeof s2);
        bad += strcmp(s1, s2) != 0 || memcmp(k, h, sizeof *h) != 0;
        bfc_game_free(k);
    }
    uint64_t rnd = seed | 1;
    for (int i = 0; i < 40 && !bfc_game_over(h); i++) {
        bfc_move L[BFC_MAX_MOVES];
        const int n = bfc_game_legal_moves(h, L, BFC_MAX_MOVES);
        if (n <= 0) {
            bad++;
            break;
        }
        const bfc_move m = L[test_rnd(&rnd, (unsigned)n)];
        bad += bfc_game_apply(h, m, EV, BFC_MAX_EVENTS, NULL) != BFC_OK;
        bad += bfc__game_check(h) != BFC_OK;
        bfc_observation o;
        bad += bfc_game_observe(h, 0, &o) != BFC_OK;
    }
    return bad;
}

/* The facts of the rules a game keeps in its state (bfc__game_derive: each
 * seat's side and the seat on its left, the goals, the turn cap, the
 * throw, the plain path) are the rules' own: the engine's state check, which
 * the loader and the fuzzers run, refuses a state where one was changed. */
static void test_game__derived_facts_checked(void)
{
    static const struct {
        int variant, players;
    } cases[] = {{BFC_VARIANT_BATTLEFIELD, 2}, {BFC_VARIANT_BATTLEFIELD, 4},
                 {BFC_VARIANT_CLASSIC, 2},     {BFC_VARIANT_CLASSIC, 3},
                 {BFC_VARIANT_CLASSIC, 6},     {BFC_VARIANT_FIVE_CARD, 2}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bfc_rules r;
        bfc_rules_init_variant(&r, cases[i].variant);
        r.players = cases[i].players;
        r.teams = r.variant == BFC_VARIANT_CLASSIC && r.players >= 4;
        bfc_game *g = bfc_game_new(&r, 31 + i, NULL);
        if (!CHECK(g != NULL))
            continue;
        INT_EQ(bfc__game_check(g), BFC_OK);
        for (unsigned s = 0; s < g->players; s++)
            INT_EQ(g->left_of[s], (s + 1) % g->players);
        for (int f = 0; f < 6; f++) {
            bfc_game bad;
            memcpy(&bad, g, sizeof bad);
            switch (f) {
            case 0: bad.side_of[0] ^= 1; break;
            case 1: bad.left_of[0] = bad.left_of[0] == 0 ? 1 : 0; break;
            case 2: bad.goal[0]++; break;
            case 3: bad.turn_cap--; break;
            case 4: bad.nthrow ^= 3; break;
            default: bad.plain ^= 1; break;
            }
            if (!CHECK(bfc__game_check(&bad) != BFC_OK))
                fprintf(stderr, "  case %zu: fact %d changed, still accepted\n", i, f);
        }
        bfc_game_free(g);
    }
}

static void test_game__api_load_corrupted(void)
{
    /* every prefix of a valid save, and single-byte changes: refused, or
     * accepted as a consistent state that plays on -- never a crash */
    long bad = 0, accepted = 0, tried = 0;
    for (int k = 0; k < 9; k++) {
        const int players = 2 + k % 3;
        bfc_game *g = some_game(players, 90 + (uint64_t)k, k * 23, k % 2);
        if (k == 8) { /* a battlefield */
            while (g && !bfc_game_over(g) && bfc_game_phase(g) != BFC_PHASE_LAYAWAY) {
                bfc_move L[BFC_MAX_MOVES];
                const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
                bfc_game_apply(g, in_list(L, n, BFC_MOVE_TURN) ? BFC_MOVE_TURN : L[0], NULL,
                               0, NULL);
            }
        }
        char text[TEXT_MAX], t[TEXT_MAX];
        const int len = bfc_game_save(g, text, sizeof text);
        for (int n = 0; n <= len; n++) {
            memcpy(t, text, (size_t)n);
            t[n] = 0;
            bfc_game *h = NULL;
            const int rc = bfc_game_load(&h, t);
            tried++;
            if (rc == BFC_OK) {
                accepted++;
                /* only the whole text, with or without its last newline */
                bad += n < len - 1;
                bad += play_on_loaded(h, (uint64_t)n) != 0;
            } else {
                bad += rc != BFC_EPARSE && rc != BFC_ESTATE && rc != BFC_EVERSION;
                bad += h != NULL;
            }
            bfc_game_free(h);
        }
        static const unsigned char subst[] = {0,   ' ', '\n', '+', '-', '0', '1', '2', '5', '9',
                                              'A', 'J', 'K',  'T', 'X', 'f', 'z', 0x7F, 0xC3,
                                              0xFF};
        const int stride = harness_quick > 1 ? 7 : 1;
        for (int i = 0; i < len; i += stride) {
            unsigned char used[256] = {0};
            used[(unsigned char)text[i]] = 1;
            for (size_t j = 0; j < sizeof subst + 2; j++) {
                memcpy(t, text, (size_t)len + 1);
                const unsigned char c = j < sizeof subst ? subst[j]
                                        : j == sizeof subst ? (unsigned char)(text[i] + 1)
                                                            : (unsigned char)(text[i] - 1);
                if (used[c]++)
                    continue;
                t[i] = (char)c;
                bfc_game *h = NULL;
                const int rc = bfc_game_load(&h, t);
                tried++;
                if (rc == BFC_OK) {
                    accepted++;
                    /* consistent: checks, saves and loads back, and stays
                     * consistent through legal moves */
                    const long b = play_on_loaded(h, (uint64_t)i * 31 + j) != 0;
                    if (b && bad < 3) {
                        int a = i, e = i;
                        while (a > 0 && t[a - 1] != '\n')
                            a--;
                        while (t[e] && t[e] != '\n')
                            e++;
                        fprintf(stderr,
                                "a corrupted save was accepted, but legal moves from it break "
                                "bfc__game_check: byte %d -> 0x%02x, line \"%.*s\"\n",
                                i, c, e - a, t + a);
                    }
                    bad += b;
                } else {
                    bad += rc != BFC_EPARSE && rc != BFC_ESTATE && rc != BFC_EVERSION;
                }
                bfc_game_free(h);
            }
        }
        bfc_game_free(g);
    }
    printf("corrupted saves: %ld loads, %ld accepted\n", tried, accepted);
    INT_EQ(bad, 0);
    CHECK(accepted > 0);

    /* hand-made bad saves */
    /* phase "drawn" with no held card */
    INT_EQ(pos_status(TWO_MID("2 0 1 3 - 0 2 1 6", "+2C +3D 5H 9S KC", "+6C +7D 8H 9C TD", "*",
                              "TH")),
           BFC_ESTATE);
    /* seat 0 revealed nothing yet has a face-up card (a reveal turn) */
    INT_EQ(pos_status(TWO_MID("0 0 1 0 - 0 2 1 6", "+2C 3D 5H 9S KC", "6C 7D 8H 9C TD", "*",
                              "TH")),
           BFC_ESTATE);
    bfc_game *g =
        pos(TWO_MID("1 0 1 3 - 0 2 1 6", "+2C +3D 5H 9S KC", "+6C +7D 8H 9C TD", "*", "TH"));
    char text[TEXT_MAX], t[TEXT_MAX];
    snprintf(text, sizeof text, "%s", save_text(g));
    static const char *const edits[][2] = {
        {"crib AH AS", "crib AH AH"},          /* a card twice */
        {"crib AH AS", "crib AH JK"},          /* the joker twice */
        {"crib AH AS", "crib AH"},             /* a card missing */
        {"crib AH AS", "crib AH AS QQ"},       /* not a card */
        {"frontline TH", "frontline TH KS KC"}, /* sum 30 but KS KC in the pile too */
        {"held -", "held 2S"},                 /* held in phase turn */
        {"turncard -", "turncard TH"},         /* a turn card while playing */
        {"laid - -", "laid 0 -"},              /* laid while playing */
        {"laid - -", "laid - - -"},            /* a seat too many */
        {"score 0 0", "score 0"},              /* a side missing */
        {"score 0 0", "score -1 0"},           /* negative */
        {"score 0 0", "score 500 0"},          /* past the target, not over */
        {"over 0 - -", "over 1 0 0"},          /* over, but the phase is not */
        {"state 1 0 1", "state 7 0 1"},        /* no such phase */
        {"state 1 0 1", "state 1 2 1"},        /* no such seat */
        {"state 1 0 1", "state 1 0 1 "},       /* a double space */
        {"rules 0 2 0", "rules 0 2 1"},        /* teams with 2 players */
        {"rules 0 2 0 121", "rules 0 2 0 0"},  /* target 0 */
        {"rng ", "rng 0000000000000000 0000000000000000 0000000000000000 0000000000000000 "},
        {"\nheld", "\nextra\nheld"},           /* an unknown line */
        {"cut - -", "cut JK -"},               /* the joker cut */
        {"formation 1 ", "formation 0 "},      /* the wrong seat */
        {"formation 0 +2C", "formation 0 ++2C"},
        {"gone", "gone 2C"},                   /* gone and in a formation */
    };
    for (size_t i = 0; i < sizeof edits / sizeof *edits; i++) {
        replace(text, edits[i][0], edits[i][1], t, sizeof t);
        if (!strcmp(t, text)) {
            fprintf(stderr, "edit %zu did not apply\n", i);
            CHECK(0);
            continue;
        }
        bfc_game *h = g;
        const int rc = bfc_game_load(&h, t);
        if (rc >= 0)
            fprintf(stderr, "bad save accepted (edit %zu: %s)\n", i, edits[i][1]);
        CHECK(rc < 0);
        CHECK(h == g);
    }
    /* long lines, many tokens, huge numbers, binary */
    static char big[70000];
    memset(big, 'A', sizeof big - 1);
    big[sizeof big - 1] = 0;
    bfc_game *h = NULL;
    CHECK(bfc_game_load(&h, big) < 0);
    CHECK(bfc_game_load(&h, "") < 0);
    CHECK(bfc_game_load(&h, "\n") < 0);
    CHECK(bfc_game_load(&h, "bfc-game 1") < 0);
    CHECK(bfc_game_load(&h, "bfc-game 99999999999999999999999\n") < 0);
    CHECK(bfc_game_load(&h, "bfc-game 1\nrules 0 2 0 121 200 0 0 0\n") < 0);
    memset(big, ' ', sizeof big - 1);
    memcpy(big, "bfc-game 1\nrules", 16);
    CHECK(bfc_game_load(&h, big) < 0);
    CHECK(h == NULL);
    uint64_t rnd = 99;
    for (int i = 0; i < 2000 / harness_quick; i++) {
        size_t n = test_rnd(&rnd, 600);
        for (size_t j = 0; j < n; j++)
            big[j] = (char)(1 + test_rnd(&rnd, 255));
        big[n] = 0;
        CHECK(bfc_game_load(&h, big) < 0);
    }
    bfc_game_free(h);
    bfc_game_free(g);
}

static void test_game__api_load_edge_numbers(void)
{
    /* the largest counts a save may hold load, and play on consistently */
    static const char *const states[] = {
        /* turns at UINT32_MAX with no turn limit */
        "rules 0 2 0 121 0 0 0 0\nstate 1 0 1 3 - 0 4294967295 1 6\n",
        /* moves at UINT32_MAX */
        "rules 0 2 0 121 200 0 0 0\nstate 1 0 1 3 - 0 2 1 4294967295\n",
        /* skirmish at UINT32_MAX, two cards left: the next deal is near */
        "rules 0 2 0 121 200 0 0 0\nstate 1 0 1 3 - 0 2 4294967295 6\n",
    };
    for (size_t i = 0; i < sizeof states / sizeof *states; i++) {
        char t[TEXT_MAX];
        snprintf(t, sizeof t,
                 "%sscore 0 0\nover 0 - -\ncut - -\nformation 0 +2C +3D 4H 9S KC\n"
                 "formation 1 +6C +7D 8H 9C TD\ncrib AH AS\npile 7C 8D *2\nfrontline 5H\n"
                 "gone\nheld -\nturncard -\nlaid - -\n",
                 states[i]);
        bfc_game *g = pos(t);
        if (!g)
            continue;
        long bad = 0;
        for (int k = 0; k < 12 && !bfc_game_over(g); k++) {
            bfc_move L[BFC_MAX_MOVES];
            const int n = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
            bad += n <= 0 || bfc_game_apply(g, L[n - 1], EV, BFC_MAX_EVENTS, &NEV) != BFC_OK;
            bad += bfc__game_check(g) != BFC_OK;
            if (bad) {
                fprintf(stderr, "loaded \"%.*s\" breaks bfc__game_check after %d moves: %s\n",
                        (int)strcspn(strchr(states[i], '\n') + 1, "\n"),
                        strchr(states[i], '\n') + 1, k + 1, save_line(g, "state"));
                break;
            }
        }
        INT_EQ(bad, 0);
        bfc_game_free(g);
    }
}

static void test_game__api_load_many_words(void)
{
    /* Lines of more than 64 words (the loader keeps 64): refused, and
     * nothing written past the loader's table -- the ASan/UBSan build
     * (make sanitize) checks that part. Last in main, so that a sanitizer
     * stop here lets every other test run first. */
    static char text[70000];
    sb b = {text, sizeof text, 0};
    sb_put(&b, "bfc-game");
    for (int i = 0; i < 70; i++)
        sb_put(&b, " zzzzzzzzzzzzzzzzzzzzzzz");
    sb_put(&b, "\n");
    bfc_game *h = NULL;
    INT_EQ(bfc_game_load(&h, text), BFC_EPARSE);
    CHECK(h == NULL);
    /* a pile line of 23333 cards */
    for (size_t i = 0; i + 3 < sizeof text; i += 3)
        memcpy(text + i, "2C ", 3);
    text[sizeof text - 1] = 0;
    memcpy(text, "bfc-game 1\npile", 15);
    CHECK(bfc_game_load(&h, text) < 0);
    CHECK(h == NULL);
}

#if defined(__GNUC__) || defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* Fills the stack below the caller with a pattern (up or down), so that a
 * read of uninitialised stack memory in the next call sees it. */
static NOINLINE void smear_stack(int up)
{
    volatile unsigned char junk[16384];
    for (size_t i = 0; i < sizeof junk; i++)
        junk[i] = (unsigned char)(up ? i * 7u : 255u - i * 7u);
}

static void test_game__api_bots_on_crafted_observations(void)
{
    /* bfc.h: the bots read an observation only, and no input makes the
     * library misbehave: on an observation the caller made up (here the
     * battlefield with the mover's cards face down, so not scorable) a bot
     * answers a move legal in that observation, or BFC_EINVAL, and the same
     * answer whatever the stack held before (no uninitialised reads) */
    bfc_game *g = some_game(2, 5, 0, 0);
    bfc_observation o;
    bfc_game_observe(g, 0, &o);
    o.phase = BFC_PHASE_LAYAWAY;
    o.lay_legal = 0x1F;
    o.turn_card = C("6C");
    o.to_move = 0;
    for (int k = 0; k < 4; k++) {
        if (k == 1)
            o.lay_legal = 0x0A;
        if (k == 2)
            o.turn_card = BFC_CARD_HIDDEN;
        if (k == 3)
            o.formation[0][2] = o.formation[0][1] = C("5H"); /* a card twice */
        bfc_move L[BFC_MAX_MOVES];
        const int n = bfc_observation_legal_moves(&o, L, BFC_MAX_MOVES);
        for (int bot = 0; bot < 2; bot++) {
            bfc_move m1 = BFC_MOVE_NONE, m2 = BFC_MOVE_NONE;
            uint64_t r1 = 9, r2 = 9;
            smear_stack(1);
            const int rc1 = bot ? bfc_bot_greedy(&o, &r1, &m1) : bfc_bot_random(&o, &r1, &m1);
            smear_stack(0);
            const int rc2 = bot ? bfc_bot_greedy(&o, &r2, &m2) : bfc_bot_random(&o, &r2, &m2);
            INT_EQ(rc1, rc2);
            if (rc1 == BFC_OK) {
                CHECK(in_list(L, n, m1));
                if (m1 != m2)
                    fprintf(stderr, "bot %d, case %d: %u then %u from the same view\n", bot, k,
                            m1, m2);
                INT_EQ(m1, m2);
            } else {
                INT_EQ(rc1, BFC_EINVAL);
            }
        }
    }
    bfc_game_free(g);
}

static void test_game__api_move_text_round_trip(void)
{
    /* bfc_move_format / bfc_move_parse: the table of bfc.h, both ways; bad
     * texts refused with *out untouched */
    static const char *const names[BFC_MOVE_PLAY] = {
        "reveal 0 1", "reveal 0 2", "reveal 0 3", "reveal 0 4", "reveal 1 2", "reveal 1 3",
        "reveal 1 4", "reveal 2 3", "reveal 2 4", "reveal 3 4", "draw",       "place",
        "swap 0",     "swap 1",     "swap 2",     "swap 3",     "swap 4",     "take 0",
        "take 1",     "take 2",     "take 3",     "take 4",     "turn",       "layaway 0",
        "layaway 1",  "layaway 2",  "layaway 3",  "layaway 4"};
    /* the classic moves' texts, built here from the table of bfc.h */
    static char classic[BFC_MOVE_COUNT - BFC_MOVE_PLAY][BFC_MOVE_TEXT_MAX];
    {
        unsigned i = 0;
#define CARD_TEXT(c) "A23456789TJQK"[(c) >> 2], "CDHS"[(c)&3]
        for (unsigned c = 0; c < 52; c++)
            snprintf(classic[i++], BFC_MOVE_TEXT_MAX, "play %c%c", CARD_TEXT(c));
        for (unsigned c = 0; c < 52; c++)
            snprintf(classic[i++], BFC_MOVE_TEXT_MAX, "discard %c%c", CARD_TEXT(c));
        for (unsigned a = 0; a < 52; a++)
            for (unsigned b = a + 1; b < 52; b++)
                snprintf(classic[i++], BFC_MOVE_TEXT_MAX, "discard %c%c %c%c", CARD_TEXT(a),
                         CARD_TEXT(b));
#undef CARD_TEXT
        for (unsigned p = 0; p < 32; p++)
            snprintf(classic[i++], BFC_MOVE_TEXT_MAX, "declare %u", p);
        snprintf(classic[i++], BFC_MOVE_TEXT_MAX, "claim");
        snprintf(classic[i++], BFC_MOVE_TEXT_MAX, "pass");
        for (unsigned p = 32; p <= BFC_DECLARE_MAX; p++) /* D18: after pass */
            snprintf(classic[i++], BFC_MOVE_TEXT_MAX, "declare %u", p);
        INT_EQ(i, BFC_MOVE_COUNT - BFC_MOVE_PLAY);
    }
    for (bfc_move m = 0; m < BFC_MOVE_COUNT; m++) {
        char t[BFC_MOVE_TEXT_MAX];
        const int n = bfc_move_format(m, t, sizeof t);
        CHECK(n > 0 && n < BFC_MOVE_TEXT_MAX);
        STR_EQ(t, m < BFC_MOVE_PLAY ? names[m] : classic[m - BFC_MOVE_PLAY]);
        bfc_move back = BFC_MOVE_NONE;
        INT_EQ(bfc_move_parse(t, &back), BFC_OK);
        INT_EQ(back, m);
    }
    for (unsigned m = BFC_MOVE_COUNT; m <= 0xFFFF; m++) {
        char t[BFC_MOVE_TEXT_MAX] = "x";
        if (bfc_move_format((bfc_move)m, t, sizeof t) != BFC_EINVAL || t[0] != 'x') {
            CHECK(!"no text for a move id past BFC_MOVE_COUNT");
            break;
        }
    }
    static const struct {
        const char *text;
        unsigned move;
    } good[] = {
        {"REVEAL 4 0", 3},     {"reveal 2 1", 4},     {"  draw  ", BFC_MOVE_DRAW},
        {"\tswap\t3\t", 15},   {"Take 2", 19},        {"TURN", BFC_MOVE_TURN},
        {"layaway   4", 27},   {"PlAcE", BFC_MOVE_PLACE}, {"reveal 3    4", 9},
    };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        bfc_move m = BFC_MOVE_NONE;
        INT_EQ(bfc_move_parse(good[i].text, &m), BFC_OK);
        INT_EQ(m, good[i].move);
    }
    static const char *const bad[] = {
        "", " ", "\t", "draw 1", "reveal 1", "reveal 1 1", "reveal 0 5", "reveal 0 1 2",
        "reveal a b", "swap", "swap 5", "swap -1", "swap 01", "swap 3 4", "take", "take 9",
        "turn 0", "layaway", "layaway 5", "drawx", "dra", "place place", "swap3", "10",
        "reveal -1 2", "layawayy 1", "swap 1.0", "x y z w v", "draw draw draw draw draw",
        "reveal 0 1 extra words here", "verylongwordthatisnotamove 1"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        bfc_move m = 4242;
        const int rc = bfc_move_parse(bad[i], &m);
        if (rc != BFC_EPARSE)
            fprintf(stderr, "move text \"%s\" gave %d\n", bad[i], rc);
        INT_EQ(rc, BFC_EPARSE);
        INT_EQ(m, 4242);
    }
    char longtext[2000];
    memset(longtext, 'a', sizeof longtext - 1);
    longtext[sizeof longtext - 1] = 0;
    bfc_move m = 4242;
    INT_EQ(bfc_move_parse(longtext, &m), BFC_EPARSE);
    INT_EQ(m, 4242);
    /* every status has a message */
    for (int s = -12; s <= 1; s++)
        CHECK(bfc_strerror(s) != NULL && bfc_strerror(s)[0] != 0);
}

/* Issue 38: a corrupted save said "cannot parse" or "inconsistent game
 * state" with no line (a record names its line). bfc_game_load_report()
 * names the line at fault: for a save of each kind of game (every preset,
 * partners by cut, match play, the Crib Wars board), each line in turn
 * deleted, garbled or doubled is reported at that very line, and the
 * save whole loads. */
static size_t zero_lines, all_lines; /* faults no one line was blamed for */

static void load_report_check(const char *preset, int players, int teams, unsigned flags, int match)
{
    bfc_rules r;
    if (!CHECK(bfc_rules_preset(&r, preset, players, teams) == BFC_OK))
        return;
    r.flags |= flags;
    r.match = match;
    bfc_game *g = bfc_game_new(&r, 77, NULL);
    if (!CHECK(g != NULL))
        return;
    uint64_t rng = 3;
    for (int k = 0; k < 9 && !bfc_game_over(g); k++) { /* into the deal a little */
        bfc_observation o;
        bfc_move m;
        bfc_game_observe(g, bfc_game_to_move(g), &o);
        bfc_bot_random(&o, &rng, &m);
        bfc_game_apply(g, m, NULL, 0, NULL);
    }
    static char save[1 << 14], bad[1 << 14];
    bfc_game_save(g, save, sizeof save);
    bfc_game_free(g);
    bfc_record_error e;
    bfc_game *h = NULL;
    INT_EQ(bfc_game_load_report(&h, save, &e), BFC_OK);
    INT_EQ(e.line, 0);
    bfc_game_free(h);
    /* the starts of the lines */
    const char *line[128];
    size_t n = 0;
    for (const char *q = save; *q && n < 128; q = strchr(q, '\n') + 1)
        line[n++] = q;
    for (size_t i = 0; i < n; i++) {
        const size_t len = (size_t)(strchr(line[i], '\n') - line[i]) + 1;
        const size_t before = (size_t)(line[i] - save);
        for (int how = 0; how < 3; how++) {
            /* 0: the line deleted, 1: garbled (a word no line has), 2: doubled */
            memcpy(bad, save, before);
            size_t at = before;
            if (how == 1) {
                memcpy(bad + at, "zz 9\n", 5);
                at += 5;
            } else if (how == 2) {
                memcpy(bad + at, line[i], len);
                at += len;
                memcpy(bad + at, line[i], len);
                at += len;
            }
            strcpy(bad + at, save + before + len);
            h = NULL;
            const int rc = bfc_game_load_report(&h, bad, &e);
            bfc_game_free(h);
            if (!CHECK(rc < 0) || !CHECK(e.status == rc) || !CHECK(e.what && *e.what)) {
                fprintf(stderr, "  %s line %zu how %d\n", preset, i + 1, how);
                continue;
            }
            /* deleted: the next line stands where line i belongs (or the
               save ends there); garbled: line i; doubled: the copy, line
               i + 1 -- or line 0 when the lines read but make no game */
            const size_t want = how == 2 ? i + 2 : i + 1;
            /* the board line is optional: a save without it reads on as a
               classic game, and stumbles later (on the box line) */
            const int optional = how == 0 && strncmp(line[i], "board ", 6) == 0;
            if (e.line != want && e.line != 0 && !(optional && e.line > want)) {
                fprintf(stderr, "  %s: line %zu %s: reported at line %zu (%s), want %zu\n", preset,
                        i + 1, how == 0 ? "deleted" : how == 1 ? "garbled" : "doubled", e.line,
                        e.what, want);
                CHECK(e.line == want);
            } else {
                CHECK(1);
                zero_lines += e.line == 0;
                all_lines++;
            }
        }
    }
    /* the save cut short after its line 5: the missing line 6 */
    memcpy(bad, save, (size_t)(line[5] - save));
    bad[line[5] - save] = 0;
    INT_EQ(bfc_game_load_report(&h, bad, &e), BFC_EPARSE);
    INT_EQ(e.line, 6);
    STR_EQ(e.what, "the save ends before this line: a line is missing");
    /* text after the last line */
    strcpy(bad, save); /* save is shorter than bad by far */
    strcat(bad, "extra\n");
    INT_EQ(bfc_game_load_report(&h, bad, &e), BFC_EPARSE);
    INT_EQ(e.line, n + 1);
    STR_EQ(e.what, "text after the save's last line");
    CHECK(h == NULL);
}

static void test_game__issue38_load_report_names_the_line(void)
{
    for (int i = 0; bfc_preset_get(i); i++)
        load_report_check(bfc_preset_get(i)->name, 0, 0, 0, 0);
    load_report_check("battlefield", 4, 1, BFC_RULE_PARTNERS_BY_CUT, 0);
    load_report_check("classic", 4, 1, BFC_RULE_PARTNERS_BY_CUT, 3);
    load_report_check("classic", 2, 0, 0, 2);
    /* most faults are one line's: the whole state is blamed only where the
       lines read (a line doubled that reads as the next: "gone" twice) */
    if (!CHECK(zero_lines * 10 < all_lines))
        fprintf(stderr, "  %zu of %zu faults blamed on no line\n", zero_lines, all_lines);
    /* what each kind of fault says */
    bfc_record_error e;
    bfc_game *h = NULL;
    INT_EQ(bfc_game_load_report(&h, "bfc-game 9\n", &e), BFC_EVERSION);
    INT_EQ(e.line, 1);
    STR_EQ(e.what, "a save format this library does not read (it reads 1 to 3)");
    INT_EQ(bfc_game_load_report(&h, "bfc-gam 3\n", &e), BFC_EPARSE);
    INT_EQ(e.line, 1);
    INT_EQ(bfc_game_load_report(NULL, "x", &e), BFC_EINVAL);
    INT_EQ(e.line, 0);
    STR_EQ(e.what, "a NULL argument");
    INT_EQ(bfc_game_load_report(&h, "bfc-game 3\n", NULL), BFC_EPARSE); /* err may be NULL */
    CHECK(h == NULL);
}

int main(int argc, char **argv)
{
    harness_init(argc, argv);
    RUN(test_game__issue38_load_report_names_the_line);
    /* RULES 4 and 5 on exact positions */
    RUN(test_game__rules_4_1_teams_peg_together);
    RUN(test_game__rules_4_2_first_dealer_and_deal_passes_left);
    RUN(test_game__rules_4_2_crib_and_pile_sizes);
    RUN(test_game__rules_4_2_pile_shuffled_as_used);
    RUN(test_game__rules_4_2_winner_deals_next_game);
    RUN(test_game__rules_4_3_ceasefire);
    RUN(test_game__rules_4_4_first_turn_reveal);
    RUN(test_game__rules_4_4_draw_then_place);
    RUN(test_game__rules_4_4_draw_then_swap);
    RUN(test_game__rules_4_4_take_scores_without_taken_card);
    RUN(test_game__rules_4_5_renewal_go_to_the_right);
    RUN(test_game__rules_4_5_D8_turn_card_renewal);
    RUN(test_game__rules_4_6_two_cards_left);
    RUN(test_game__rules_4_6_all_face_up_ending);
    RUN(test_game__rules_4_6_D9_turn_limit);
    RUN(test_game__rules_4_7_D10_best_lay_aways);
    RUN(test_game__rules_4_7_joker_kill);
    RUN(test_game__rules_4_7_knobs_to_the_reserve);
    RUN(test_game__rules_4_8_credit_order_frontline);
    RUN(test_game__rules_4_8_credit_order_battlefield);
    RUN(test_game__rules_5_game_values);
    /* seeded random games against invariants and the RULES reference */
    RUN(test_game__random_games_invariants);
    RUN(test_game__determinize_samples_the_next_deal);
    /* determinism */
    RUN(test_game__determinism_signature);
    RUN(test_game__determinism_perft);
    /* API misuse */
    RUN(test_game__api_null_pointers);
    RUN(test_game__api_bad_seats_and_caps);
    RUN(test_game__api_short_buffers);
    RUN(test_game__api_copy_between_different_rules);
    RUN(test_game__api_moves_after_game_over);
    RUN(test_game__issue_29_value_null_and_determinize_after_over);
    RUN(test_game__api_invalid_rules);
    RUN(test_game__api_load_version);
    RUN(test_game__api_load_crlf);
    RUN(test_game__derived_facts_checked);
    RUN(test_game__api_load_corrupted);
    RUN(test_game__api_load_edge_numbers);
    RUN(test_game__api_move_text_round_trip);
    RUN(test_game__api_bots_on_crafted_observations);
    RUN(test_game__api_load_many_words);
    return harness_done();
}
