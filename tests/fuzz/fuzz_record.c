/* Fuzz target: game records (bfc_record_parse, bfc_record_format) and the
 * explanations of moves (bfc_explain_move) on any text and on real
 * records edited.
 *
 * The input (missing bytes read as 0):
 *   byte 0 even: the input (up to its first NUL) is the record's text.
 *   byte 0 odd:  a real record, edited: bit 1 a classic game (else
 *            Battlefield), byte 1 the seed, byte 2 the number of random
 *            moves played (v % 64); then edits of 3 bytes P1 P2 C: the
 *            byte at (P1 << 8 | P2) % length := C (C 0: deleted; C 1: a
 *            line break inserted).
 * Invariants:
 *   - never a crash; a rejected text gives BFC_EPARSE, BFC_EVERSION,
 *     BFC_ESTATE or BFC_EILLEGAL, with err.status the same, err.what set,
 *     err.line at most the text's lines + 1, *start untouched and the
 *     moves untouched;
 *   - asking with too small a buffer returns the count and allocates
 *     nothing;
 *   - an accepted record replays: every move is legal in turn, the record
 *     written again from its start, seed and moves parses to the same
 *     moves and writes to the same text;
 *   - at the end of the replay, every legal move of the seat to move has
 *     an explanation (bfc_explain_move > 0, NUL-terminated, no longer
 *     than it says), and an illegal one BFC_EILLEGAL.
 */
#include <stdlib.h>

#include "fuzz.h"
#include "bfc.h"

const char fuzz_target_name[] = "fuzz_record";

#define TEXT_MAX 65536
#define MOVES_MAX 2048

static char text[TEXT_MAX + 2];
static char again[TEXT_MAX * 2];
static bfc_move moves[MOVES_MAX], moves2[MOVES_MAX];

static size_t real_record(const uint8_t *d, size_t n)
{
    bfc_rules r;
    bfc_rules_init_variant(&r, (d[0] & 2) ? BFC_VARIANT_CLASSIC : BFC_VARIANT_BATTLEFIELD);
    const uint64_t seed = n > 1 ? d[1] : 0;
    bfc_game *g = bfc_game_new(&r, seed, NULL);
    FUZZ_CHECK(g != NULL);
    bfc_game *start = bfc_game_clone(g);
    const unsigned want = n > 2 ? d[2] % 64u : 0u;
    uint64_t rng = seed;
    size_t k = 0;
    while (k < want && !bfc_game_over(g)) {
        bfc_move L[BFC_MAX_MOVES];
        const int nl = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
        FUZZ_CHECK(nl > 0);
        moves[k] = L[bfc_rng_next(&rng) % (uint64_t)(nl < BFC_MAX_MOVES ? nl : BFC_MAX_MOVES)];
        FUZZ_CHECK(bfc_game_apply(g, moves[k], NULL, 0, NULL) == BFC_OK);
        k++;
    }
    const int len = bfc_record_format(start, &seed, moves, k, text, TEXT_MAX);
    FUZZ_CHECK(len > 0 && len < TEXT_MAX);
    bfc_game_free(g);
    bfc_game_free(start);
    size_t L = (size_t)len;
    for (size_t i = 3; i + 2 < n && L > 0; i += 3) {
        const size_t p = ((size_t)d[i] << 8 | d[i + 1]) % L;
        const uint8_t c = d[i + 2];
        if (c == 0) {
            memmove(text + p, text + p + 1, L - p);
            L--;
        } else if (c == 1 && L < TEXT_MAX) {
            memmove(text + p + 1, text + p, L - p + 1);
            text[p] = '\n';
            L++;
        } else {
            text[p] = (char)c;
        }
    }
    text[L] = 0;
    return L;
}

static void explain_all(const bfc_game *g)
{
    if (bfc_game_over(g))
        return;
    bfc_observation o;
    FUZZ_CHECK(bfc_game_observe(g, bfc_game_to_move(g), &o) == BFC_OK);
    bfc_move L[BFC_MAX_MOVES];
    const int nl = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
    char buf[600];
    for (int i = 0; i < nl && i < BFC_MAX_MOVES; i++) {
        memset(buf, FUZZ_SENTINEL, sizeof buf);
        const int len = bfc_explain_move(&o, L[i], 0, buf, sizeof buf);
        FUZZ_CHECK(len > 0);
        FUZZ_CHECK((size_t)len < sizeof buf && strlen(buf) == (size_t)len);
    }
    /* a move that is not legal */
    for (bfc_move m = 0; m < 40; m++) {
        int legal = 0;
        for (int i = 0; i < nl; i++)
            legal |= L[i] == m;
        if (!legal) {
            FUZZ_CHECK(bfc_explain_move(&o, m, 0, buf, sizeof buf) == BFC_EILLEGAL);
            break;
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
    size_t len;
    if (n > 0 && (d[0] & 1)) {
        len = real_record(d, n);
    } else {
        len = 0;
        while (len < n && len < TEXT_MAX && d[len])
            len++;
        memcpy(text, d, len);
        text[len] = 0;
    }
    size_t lines = 1;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    bfc_game *start = (bfc_game *)(uintptr_t)0x1; /* untouched on failure */
    uint64_t seed = 7;
    int seeded = 9;
    bfc_record_error err;
    memset(moves, FUZZ_SENTINEL, sizeof moves);
    const int rc = bfc_record_parse(text, &start, &seed, &seeded, moves, MOVES_MAX, &err);
    if (rc < 0) {
        FUZZ_CHECK(rc == BFC_EPARSE || rc == BFC_EVERSION || rc == BFC_ESTATE || rc == BFC_EILLEGAL);
        FUZZ_CHECK(err.status == rc && err.what != NULL && err.line <= lines + 1);
        FUZZ_CHECK(start == (bfc_game *)(uintptr_t)0x1 && seed == 7 && seeded == 9);
        for (size_t i = 0; i < sizeof moves; i++)
            FUZZ_CHECK(((const uint8_t *)moves)[i] == FUZZ_SENTINEL);
        return 0;
    }
    /* a count is never more than the text holds (issue 39) */
    FUZZ_CHECK((size_t)rc <= lines);
    if ((size_t)rc > MOVES_MAX) { /* more moves than room: nothing read */
        FUZZ_CHECK(start == (bfc_game *)(uintptr_t)0x1);
        return 0;
    }
    FUZZ_CHECK(start != NULL && start != (bfc_game *)(uintptr_t)0x1);
    /* a small buffer: the count, nothing read */
    if (rc > 0) {
        bfc_game *none = NULL;
        FUZZ_CHECK(bfc_record_parse(text, &none, NULL, NULL, moves2, (size_t)rc - 1, NULL) == rc);
        FUZZ_CHECK(none == NULL);
    }
    /* replay, write again, read again */
    bfc_game *g = bfc_game_clone(start);
    FUZZ_CHECK(g != NULL);
    for (int i = 0; i < rc; i++)
        FUZZ_CHECK(bfc_game_apply(g, moves[i], NULL, 0, NULL) == BFC_OK);
    const int l2 = bfc_record_format(start, seeded ? &seed : NULL, moves, (size_t)rc, again, sizeof again);
    FUZZ_CHECK(l2 > 0 && (size_t)l2 < sizeof again);
    bfc_game *start2 = NULL;
    FUZZ_CHECK(bfc_record_parse(again, &start2, NULL, NULL, moves2, MOVES_MAX, NULL) == rc);
    FUZZ_CHECK(memcmp(moves, moves2, (size_t)rc * sizeof *moves) == 0);
    static char third[TEXT_MAX * 2];
    FUZZ_CHECK(bfc_record_format(start2, seeded ? &seed : NULL, moves2, (size_t)rc, third, sizeof third) == l2);
    FUZZ_CHECK(strcmp(again, third) == 0);
    explain_all(g);
    bfc_game_free(start2);
    bfc_game_free(g);
    bfc_game_free(start);
    return 0;
}
