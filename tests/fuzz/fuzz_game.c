/* Fuzz target: the game engine, move by move (bfc_game_*, observation,
 * determinization, save/load, bots), with every invariant of fuzz_game.h
 * checked after each step.
 *
 * The input (missing bytes read as 0):
 *   byte 0   bits 0-1 players: 2, 3, 4, 4 as two teams; bits 2-3 the value
 *            convention; bit 4 BFC_ANY_LAY_AWAY; bits 5-7 first dealer:
 *            (v % (players + 1)) - 1, so -1 (a cut) or a seat
 *   byte 1   target: TARGETS[v % 16] (1 .. 1000)
 *   byte 2   turn limit: LIMITS[v % 16] (0 = none, 1 .. 6, ..., 10000)
 *   3..10    the seed, little-endian
 * then a stream of steps, each an opcode byte and its arguments:
 *   0x00-0x7F  the legal move number (op & 31) % n; the second apply uses
 *              small buffer (op >> 5) & 3 (cap 0 ev NULL, 0, 1, 3)
 *   0x80-0x8F  burst: A + 1 moves chosen by the target's generator
 *              (seeded from the seed); a finished game goes on with
 *              bfc_game_next
 *   0x90-0x97  any move id A | B << 8 (legal, illegal, >= BFC_MOVE_COUNT)
 *   0x98-0x9F  a move id A % 32 (most illegal now)
 *   0xA0-0xAF  determinize for seat (op & 3) % players, seed A | B << 8
 *   0xB0-0xB7  copy / clone / copies refused (op & 1: go on with a clone)
 *   0xB8-0xBF  save -> load -> save (op & 1: go on with the loaded game;
 *              A picks the truncated buffer and text)
 *   0xC0-0xCF  observe every seat, texts (A picks a truncated buffer)
 *   0xD0-0xDF  bot move (op & 1: greedy, else random), generator seed A
 *   0xE0-0xEF  bfc_game_next (BFC_EINVAL unless the game is over)
 *   0xF0-0xFF  NULL and out-of-range arguments
 */
#include "fuzz_game.h"

const char fuzz_target_name[] = "fuzz_game";

static const int TARGETS[16] = {121, 1, 2, 5, 10, 15, 20, 31, 45, 61, 91, 121, 150, 200, 500, 1000};
static const int LIMITS[16] = {200, 0, 1, 2, 3, 4, 5, 6, 10, 20, 50, 100, 200, 1000, 5000, 10000};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t pos = 0;
#define NEXT() (pos < size ? data[pos++] : 0u)
    const unsigned b0 = NEXT(), b1 = NEXT(), b2 = NEXT();
    uint64_t seed = 0;
    for (int i = 0; i < 8; i++)
        seed |= (uint64_t)NEXT() << (8 * i);

    bfc_rules r;
    bfc_rules_init(&r);
    r.players = (b0 & 3u) == 3 ? 4 : 2 + (int)(b0 & 3u);
    r.teams = (b0 & 3u) == 3;
    r.value = (int)(b0 >> 2 & 3u);
    r.flags = (b0 & 16u) ? BFC_ANY_LAY_AWAY : 0u;
    r.first_dealer = (int)((b0 >> 5) % (unsigned)(r.players + 1)) - 1;
    r.target = TARGETS[b1 % 16u];
    r.turn_limit = LIMITS[b2 % 16u];

    /* bad rules make no game */
    int st = 1;
    bfc_rules bad = r;
    bad.players = 5;
    FUZZ_CHECK(bfc_game_new(&bad, seed, &st) == NULL && st == BFC_EINVAL);
    FUZZ_CHECK(bfc_game_new(NULL, seed, NULL) == NULL);

    bfc_game *g = bfc_game_new(&r, seed, &st);
    FUZZ_CHECK(g && st == BFC_OK);
    FUZZ_CHECK(memcmp(bfc_game_rules(g), &r, sizeof r) == 0);
    fg z;
    fg_adopt(&z, g, seed);
    fg_check(&z);

    while (pos < size) {
        const unsigned op = NEXT();
        if (op < 0x80) {
            bfc_move m[BFC_MAX_MOVES];
            const int n = fg_legal(z.g, m);
            if (n > 0)
                fg_apply(&z, m[(op & 31u) % (unsigned)n], op >> 5 & 3u);
            else
                fg_next(&z);
        } else if (op < 0x90) {
            fg_burst(&z, NEXT() + 1u);
        } else if (op < 0x98) {
            const unsigned a = NEXT(), b = NEXT();
            fg_apply(&z, a | b << 8, op & 7u);
        } else if (op < 0xA0) {
            fg_apply(&z, NEXT() % 32u, op & 7u);
        } else if (op < 0xB0) {
            const unsigned a = NEXT(), b = NEXT();
            fg_determinize(&z, (int)((op & 3u) % (unsigned)r.players), a | b << 8);
        } else if (op < 0xB8) {
            fg_copies(&z, op & 1u);
        } else if (op < 0xC0) {
            fg_save_load(&z, op & 1u, NEXT() * 7u);
        } else if (op < 0xD0) {
            fg_observe_all(&z, NEXT() * 5u);
        } else if (op < 0xE0) {
            fg_bot(&z, op & 1u, NEXT(), op >> 1 & 7u);
        } else if (op < 0xF0) {
            fg_next(&z);
        } else {
            fg_misuse(&z);
        }
        fg_check(&z);
    }
#undef NEXT
    fg_free(&z);
    return 0;
}
