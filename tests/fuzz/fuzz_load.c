/* Fuzz target: bfc_game_load on any text, and on real saves edited.
 *
 * The input (missing bytes read as 0):
 *   byte 0 even: the input is the text (up to its first NUL): a save as
 *            written ("bfc-game ..." begins with an even byte) or anything;
 *            the byte after that NUL is the check byte (below).
 *   byte 0 odd:  a real save, edited. Byte 0 bits 1-2 players (2, 3, 4, 4
 *            as two teams), bit 3 BFC_ANY_LAY_AWAY, bits 4-5 the value
 *            convention, bits 6-7 first dealer (v % (players + 1)) - 1;
 *            byte 1 target TARGETS[v % 8] (classic: bits 3-4 a Crib Wars
 *            board, fg_board() mode, when the game allows one), byte 2
 *            below 0x80 turn limit
 *            LIMITS[v % 8], from 0x80 a classic game instead: bits 0-3
 *            fg_games[v & 15] (fuzz_game.h; players and bit 3 of byte 0
 *            then unused), bits 4-6 its flags (muggins, backward, no late
 *            heels; those the variant refuses dropped); byte 3 the seed;
 *            byte 4: 2 * v random moves are played (fewer if the game
 *            ends), then the game is saved; bytes 5 and 6: the options
 *            and the match of fg_options() (those the rules refuse
 *            dropped). The save of a header is made once and kept (a
 *            cache of 256), so an input changed only in its edits does
 *            not replay the moves.
 *            Then edits of 4 bytes K A B C, at P = (A << 8 | B) % length:
 *              K % 8 = 0  the byte at P := C
 *                      1  insert byte C at P
 *                      2  delete C % 16 + 1 bytes at P
 *                      3  the word at P := WORDS[C % NWORDS]
 *                      4  swap the words at P and at C * length / 256
 *                      5  toggle a '+' before the word at P
 *                      6  the word at P := the word at C * length / 256
 *                      7  delete the line at P (C odd: duplicate it)
 *            A byte left after the edits is the check byte.
 *   The check byte picks what an accepted game goes through besides the
 *   checks every accepted game has (below): bits 0-2 the moves played,
 *   MOVES[v & 7] = 8, 0, 2, 4, 16, 32, 64, 128 (the first of them, and
 *   every 16th, with every check of fuzz_game.h, the others with the cheap
 *   ones); bit 3 every seat's observation text; bit 4 determinization; bit
 *   5 a greedy bot move; bits 6-7 the part of fg_save_load() besides its
 *   save -> load -> save: 0 a text cut short, 1 loads into existing
 *   games, 2 short buffers, 3 all of them.
 * Invariants:
 *   - never a crash; a rejected text gives BFC_EPARSE, BFC_EVERSION or
 *     BFC_ESTATE, *game stays NULL, and loading it into an existing game
 *     (default Battlefield rules when the text's length is even, default
 *     two-player classic when odd) gives the same status and changes
 *     nothing;
 *   - an accepted game passes bfc__game_check; loading into that existing
 *     game gives that state when the rules are the same, else BFC_EINVAL
 *     and no change; every check of fuzz_game.h's fg_check() holds, each
 *     seat's observation matches the state field by field and shows no
 *     card the seat may not see; saved again, the text loads to a
 *     byte-identical state and saves to the same text;
 *   - an accepted game is playable: the steps the check byte picks, each
 *     with the checks of fuzz_game.h.
 */
#include "fuzz_game.h"

const char fuzz_target_name[] = "fuzz_load";

#define TEXT_MAX 8192

static const int TARGETS[8] = {121, 1, 5, 15, 31, 61, 200, 1000};
static const int LIMITS[8] = {200, 0, 1, 2, 3, 5, 20, 10000};

/* Words an edit may put in: numbers at the edges of the ranges, cards in
 * every spelling, keys, and separators. */
static const char *const WORDS[] = {
    "-", "+", "0", "1", "2", "3", "4", "5", "9", "15", "16", "31", "52", "53", "121", "999",
    "1000", "1001", "-1", "-2", "65535", "65536", "2147483647", "4294967295", "4294967296",
    "JK", "+JK", "X", "joker", "5H", "+5H", "10D", "TD", "1C", "AC", "KS", "jd", "+-",
    "0000000000000000", "ffffffffffffffff", "FFFFFFFFFFFFFFFF", "bfc-game", "rules", "rng",
    "state", "score", "over", "cut", "formation", "crib", "pile", "frontline", "gone", "held",
    "turncard", "laid", "", " ", "  ", "\n", "\t", "\r\n", "2 2",
    /* the classic games' lines and their numbers */
    "deal", "hand", "played", "thrown", "seq", "starter", "deck", "first", "6", "7", "8", "32",
    "63", "64", "127", "128", "129", "255", "256", "QH", "+QH", "\xe2\x99\xa0",
    /* Crib Wars: the board and box lines */
    "board", "box", "12:1:15", "35:3:0", "27:2:20", "0:1:1", "1:4:255", "::", "12:1:15:1",
};
#define NWORDS (sizeof WORDS / sizeof WORDS[0])

static char text[TEXT_MAX + 1];
static size_t len;

static int is_sep(char c) { return c == ' ' || c == '\n'; }

/* The word around position p: [*b, *e). */
static void word_at(size_t p, size_t *b, size_t *e)
{
    size_t s = p, t = p;
    while (s > 0 && !is_sep(text[s - 1]))
        s--;
    while (t < len && !is_sep(text[t]))
        t++;
    *b = s;
    *e = t;
}

/* Replaces text[b, e) with the n bytes of s, when there is room. */
static void splice(size_t b, size_t e, const char *s, size_t n)
{
    if (len - (e - b) + n > TEXT_MAX)
        return;
    memmove(text + b + n, text + e, len - e);
    memcpy(text + b, s, n);
    len = len - (e - b) + n;
    text[len] = 0;
}

static void edit(unsigned k, unsigned a, unsigned b, unsigned c)
{
    if (len == 0)
        return;
    const size_t p = (a << 8 | b) % len, q = (size_t)c * len / 256;
    size_t wb, we, xb, xe;
    static char tmp[TEXT_MAX];
    switch (k % 8) {
    case 0:
        text[p] = (char)c;
        break;
    case 1: {
        const char ch = (char)c;
        splice(p, p, &ch, 1);
        break;
    }
    case 2: {
        const size_t n = c % 16 + 1;
        splice(p, p + n < len ? p + n : len, "", 0);
        break;
    }
    case 3:
        word_at(p, &wb, &we);
        splice(wb, we, WORDS[c % NWORDS], strlen(WORDS[c % NWORDS]));
        break;
    case 4: /* swap two words: the later one first, so positions hold */
        word_at(p, &wb, &we);
        word_at(q, &xb, &xe);
        if (wb > xb) {
            size_t t = wb;
            wb = xb;
            xb = t;
            t = we;
            we = xe;
            xe = t;
        }
        if (we <= xb && we > wb && xe > xb) {
            static char w2[TEXT_MAX];
            const size_t n1 = we - wb, n2 = xe - xb;
            memcpy(tmp, text + wb, n1);
            memcpy(w2, text + xb, n2);
            splice(xb, xe, tmp, n1);
            splice(wb, we, w2, n2);
        }
        break;
    case 5:
        word_at(p, &wb, &we);
        if (wb < len && text[wb] == '+')
            splice(wb, wb + 1, "", 0);
        else
            splice(wb, wb, "+", 1);
        break;
    case 6:
        word_at(p, &wb, &we);
        word_at(q, &xb, &xe);
        memcpy(tmp, text + xb, xe - xb);
        splice(wb, we, tmp, xe - xb);
        break;
    default: {
        size_t lb = p, le = p;
        while (lb > 0 && text[lb - 1] != '\n')
            lb--;
        while (le < len && text[le] != '\n')
            le++;
        if (le < len)
            le++;
        if (c & 1u) {
            memcpy(tmp, text + lb, le - lb);
            splice(lb, lb, tmp, le - lb);
        } else {
            splice(lb, le, "", 0);
        }
        break;
    }
    }
}

/* The save that edit mode starts from: the game of header bytes h[0..6]
 * (see the top) after its random moves, saved. Made once per header: the
 * moves (up to 510) cost far more than the rest of an exec, and the fuzzer
 * changes the edits far more often than the header. The cache is direct
 * mapped, keyed by the whole header. Returns the length; the text is in
 * `text`. */
#define CACHE_SLOTS 256
static struct {
    uint64_t key; /* the header bytes, and bit 63: slot used */
    size_t len;
    char text[TEXT_MAX + 1];
} cache[CACHE_SLOTS];

static size_t generated_save(const unsigned h[7])
{
    uint64_t key = UINT64_C(1) << 63;
    for (int i = 0; i < 7; i++)
        key |= (uint64_t)h[i] << (8 * i);
    const size_t slot = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 56) % CACHE_SLOTS;
    if (cache[slot].key == key) {
        memcpy(text, cache[slot].text, cache[slot].len + 1);
        return cache[slot].len;
    }
    const unsigned mode = h[0], tb = h[1], lb = h[2], seed = h[3], play = 2 * h[4];
    bfc_rules r;
    if (lb < 0x80) {
        bfc_rules_init(&r);
        const unsigned pl = mode >> 1 & 3u;
        r.players = pl == 3 ? 4 : 2 + (int)pl;
        r.teams = pl == 3;
        r.flags = (mode & 8u) ? BFC_RULE_ANY_LAY_AWAY : 0u;
        r.turn_limit = LIMITS[lb % 8u];
    } else {
        fg_classic_rules(&r, lb, lb >> 4);
        fg_classic_fix(&r);
        fg_board(&r, tb >> 3 & 3u, tb);
        if (bfc_rules_check(&r) != BFC_OK) /* no board for 1 or 4-6 sides */
            memset(&r.board, 0, sizeof r.board);
    }
    r.value = (int)(mode >> 4 & 3u);
    r.first_dealer = (int)((mode >> 6) % (unsigned)(r.players + 1)) - 1;
    r.target = TARGETS[tb % 8u];
    fg_options(&r, h[5], h[6]); /* 0.2's options (fuzz_game.h) */
    fg_options_fix(&r);
    if (r.variant != BFC_VARIANT_BATTLEFIELD)
        fg_classic_fix(&r);
    else
        r.flags &= ~BFC_RULE_CAPTAIN;
    bfc_game *g = bfc_game_new(&r, seed, NULL);
    FUZZ_CHECK(g != NULL);
    uint64_t x = seed;
    for (unsigned i = 0; i < play && !bfc_game_over(g); i++) {
        bfc_move m[BFC_MAX_MOVES];
        const int n = bfc_game_legal_moves(g, m, BFC_MAX_MOVES);
        x = x * 6364136223846793005u + 1442695040888963407u;
        FUZZ_CHECK(bfc_game_apply(g, m[(x >> 33) % (unsigned)n], NULL, 0, NULL) == BFC_OK);
    }
    const int l = bfc_game_save(g, text, sizeof text);
    FUZZ_CHECK(l > 0 && l < TEXT_MAX);
    bfc_game_free(g);
    cache[slot].key = key;
    cache[slot].len = (size_t)l;
    memcpy(cache[slot].text, text, (size_t)l + 1);
    return (size_t)l;
}

/* Moves played after loading, by bits 0-2 of the check byte. */
static const unsigned MOVES[8] = {8, 0, 2, 4, 16, 32, 64, 128};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t pos = 0;
#define NEXT() (pos < size ? data[pos++] : 0u)
    const unsigned mode = size > 0 ? data[0] : 0u;
    if (!(mode & 1u)) {
        len = 0;
        while (pos < size && data[pos] != 0 && len < TEXT_MAX)
            text[len++] = (char)data[pos++];
        text[len] = 0;
        while (pos < size && data[pos] != 0) /* past the text's end */
            pos++;
        pos++; /* the NUL */
    } else {
        unsigned h[7];
        for (int i = 0; i < 7; i++)
            h[i] = NEXT();
        len = generated_save(h);
        while (size - pos >= 4) {
            const unsigned k = NEXT(), a = NEXT(), b = NEXT(), c = NEXT();
            edit(k, a, b, c);
        }
    }
    const unsigned checks = NEXT();
#undef NEXT

    /* an existing game to load into: the default rules of Battlefield
     * Cribbage (the text's length even) or of two-player classic cribbage
     * (odd) */
    bfc_rules dr;
    static bfc_game snap;
    if (len & 1u)
        bfc_rules_init_variant(&dr, BFC_VARIANT_CLASSIC);
    else
        bfc_rules_init(&dr);
    bfc_game *base = bfc_game_new(&dr, 99, NULL);
    FUZZ_CHECK(base != NULL);
    memcpy(&snap, base, sizeof snap);

    bfc_game *g = NULL;
    const int rc = bfc_game_load(&g, text);
    const int rcb = bfc_game_load(&base, text);
    if (rc != BFC_OK) {
        FUZZ_CHECK(rc == BFC_EPARSE || rc == BFC_EVERSION || rc == BFC_ESTATE);
        FUZZ_CHECK(g == NULL);
        FUZZ_CHECK(rcb == rc && fg_same(base, &snap));
        bfc_game_free(base);
        return 0;
    }
    FUZZ_CHECK(g != NULL && bfc__game_check(g) == BFC_OK);
    if (memcmp(bfc_game_rules(g), &dr, sizeof dr) == 0)
        FUZZ_CHECK(rcb == BFC_OK && fg_same(base, g));
    else
        FUZZ_CHECK(rcb == BFC_EINVAL && fg_same(base, &snap));
    bfc_game_free(base);

    /* playable, with the checks of fuzz_game.h */
    fg z;
    fg_adopt(&z, g, (uint64_t)len);
    fg_check(&z);
    /* every seat's observation, field by field (the cards it may not see
       among them); their texts when the check byte asks */
    bfc_observation o;
    for (int s = 0; s < z.g->players; s++)
        fg_observe(z.g, s, &o);
    if (checks & 8u)
        fg_observe_all(&z, 8u, (unsigned)len);
    /* saved again: the same state, the same text the second time (and
       the part of fg_save_load that bits 6-7 pick) */
    fg_save_load(&z, 1u | (3u - (checks >> 6 & 3u)) << 1, (unsigned)len * 3u);
    fg_check(&z);
    if (checks & 16u) {
        fg_determinize(&z, (int)(len % (size_t)z.g->players), len);
        fg_check(&z);
    }
    if (checks & 32u) {
        fg_bot(&z, 1, len, 3);
        fg_check(&z);
    }
    fg_burst(&z, MOVES[checks & 7u], 0);
    fg_check(&z);
    fg_free(&z);
    return 0;
}
