/* Fuzz target: observations handed in (issue 39). bfc_observation is a
 * public struct; every function that takes one must refuse one that
 * bfc_game_observe() could not have written, and never overrun a buffer on
 * it.
 *
 * The input (missing bytes read as 0):
 *   byte 0   the game (v % 12: Battlefield 2, 3, 4 players; classic 2, 3,
 *            4, 2 with muggins; five-card, seven-card, Noddy, solitaire,
 *            classic 2 backward)
 *   byte 1   the seed
 *   byte 2   random moves played (v % 96, fewer if the game ends)
 *   byte 3   the observing seat (v % players); bit 7: the advice and the
 *            explanation of a discard run too (their cost is a table walk)
 *   then edits of 3 bytes P1 P2 V at offset ((P1 | P2 << 8) & 0x7FFF) %
 *   sizeof (bfc_observation): P2 bit 7 clear, the byte := V; set, the 8
 *   bytes from it (as many as fit) := V.
 * Invariants:
 *   - the unedited observation passes the library's check
 *     (bfc__observation_check);
 *   - an observation that fails it is refused with BFC_EINVAL by every
 *     public function taking one (legal moves, format, unseen, both bots,
 *     the discard advice, explain), each writing nothing through its
 *     out-pointers;
 *   - one that passes: never a crash (ASan), legal moves strictly
 *     ascending and at most BFC_MAX_MOVES, the texts NUL-terminated and
 *     as long as they say, a bot's move one of the legal moves, the unseen
 *     cards apart from the observer's own.
 */
#include <stddef.h>

#include "fuzz.h"
#include "bfc.h"
#include "internal.h"

const char fuzz_target_name[] = "fuzz_observe";

static bfc_game *game_of(const uint8_t *d, size_t n)
{
    static const struct {
        int variant, players;
        unsigned flags;
    } kinds[12] = {
        {BFC_VARIANT_BATTLEFIELD, 2, 0}, {BFC_VARIANT_BATTLEFIELD, 3, 0},
        {BFC_VARIANT_BATTLEFIELD, 4, 0}, {BFC_VARIANT_CLASSIC, 2, 0},
        {BFC_VARIANT_CLASSIC, 3, 0},     {BFC_VARIANT_CLASSIC, 4, 0},
        {BFC_VARIANT_CLASSIC, 2, BFC_RULE_MUGGINS}, {BFC_VARIANT_FIVE_CARD, 2, 0},
        {BFC_VARIANT_SEVEN_CARD, 2, 0},  {BFC_VARIANT_NODDY, 2, 0},
        {BFC_VARIANT_SOLITAIRE, 1, 0},   {BFC_VARIANT_CLASSIC, 2, BFC_RULE_BACKWARD},
    };
    const unsigned k = (n > 0 ? d[0] : 0u) % 12u;
    bfc_rules r;
    FUZZ_CHECK(bfc_rules_init_variant(&r, kinds[k].variant) == BFC_OK);
    r.players = (uint8_t)kinds[k].players;
    r.flags |= kinds[k].flags;
    FUZZ_CHECK(bfc_rules_check(&r) == BFC_OK);
    uint64_t rng = n > 1 ? d[1] : 0u;
    bfc_game *g = bfc_game_new(&r, rng, NULL);
    FUZZ_CHECK(g != NULL);
    const unsigned want = (n > 2 ? d[2] : 0u) % 96u;
    for (unsigned i = 0; i < want && !bfc_game_over(g); i++) {
        bfc_move L[BFC_MAX_MOVES];
        const int nl = bfc_game_legal_moves(g, L, BFC_MAX_MOVES);
        FUZZ_CHECK(nl > 0 && nl <= BFC_MAX_MOVES);
        FUZZ_CHECK(bfc_game_apply(g, L[bfc_rng_next(&rng) % (uint64_t)nl], NULL, 0, NULL) ==
                   BFC_OK);
    }
    return g;
}

/* Every public call on o. refused: o failed the check, so each must say
 * BFC_EINVAL and write nothing. */
static void calls(const bfc_observation *o, int refused, int advice)
{
    bfc_move m[BFC_MAX_MOVES + 1], mv;
    uint64_t unseen, rng = 5;
    static char buf[4096];
    bfc_discard_option d[16];
    memset(m, FUZZ_SENTINEL, sizeof m);
    memset(&mv, FUZZ_SENTINEL, sizeof mv);
    memset(&unseen, FUZZ_SENTINEL, sizeof unseen);
    memset(buf, FUZZ_SENTINEL, sizeof buf);
    memset(d, FUZZ_SENTINEL, sizeof d);
    const int n = bfc_observation_legal_moves(o, m, BFC_MAX_MOVES);
    const int len = bfc_observation_format(o, 0, buf, sizeof buf);
    const int u = bfc_observation_unseen(o, &unseen);
    if (refused) {
        FUZZ_CHECK(n == BFC_EINVAL && len == BFC_EINVAL && u == BFC_EINVAL);
        FUZZ_CHECK(bfc_bot_random(o, &rng, &mv) == BFC_EINVAL);
        FUZZ_CHECK(bfc_bot_greedy(o, &rng, &mv) == BFC_EINVAL);
        FUZZ_CHECK(bfc_explain_move(o, BFC_MOVE_NONE, 0, buf, sizeof buf) == BFC_EINVAL);
        if (advice) {
            FUZZ_CHECK(bfc_advise_discard_observation(o, BFC_CRIB_UNIFORM, d, 16) ==
                       BFC_EINVAL);
            FUZZ_CHECK(bfc_advise_discard_win(o, BFC_CRIB_UNIFORM, d, 16) == BFC_EINVAL);
        }
        FUZZ_CHECK(fuzz_all_sentinel(m, sizeof m) && fuzz_all_sentinel(&mv, sizeof mv) &&
                   fuzz_all_sentinel(&unseen, sizeof unseen) &&
                   fuzz_all_sentinel(buf, sizeof buf) && fuzz_all_sentinel(d, sizeof d));
        FUZZ_CHECK(rng == 5);
        return;
    }
    FUZZ_CHECK(n >= 0 || n == BFC_EHIDDEN);
    FUZZ_CHECK(n <= BFC_MAX_MOVES && fuzz_all_sentinel(&m[BFC_MAX_MOVES], sizeof m[0]));
    for (int i = 1; i < n; i++)
        FUZZ_CHECK(m[i - 1] < m[i]);
    FUZZ_CHECK(len > 0 && (size_t)len < sizeof buf && buf[len] == 0 && strlen(buf) == (size_t)len);
    FUZZ_CHECK(u == BFC_OK && (unseen & (o->hand | o->thrown)) == 0);
    for (int b = 0; b < 2; b++) {
        const int rc = b ? bfc_bot_greedy(o, &rng, &mv) : bfc_bot_random(o, &rng, &mv);
        if (rc == BFC_OK) {
            int found = 0;
            for (int i = 0; i < n; i++)
                found |= m[i] == mv;
            FUZZ_CHECK(found);
        } else {
            FUZZ_CHECK(rc == BFC_EINVAL && n <= 0);
        }
    }
    if (n > 0) {
        const int e = bfc_explain_move(o, m[0], 0, buf, sizeof buf);
        FUZZ_CHECK(e == BFC_EINVAL || (e > 0 && (size_t)e < sizeof buf && buf[e] == 0));
    }
    if (advice) {
        const int a = bfc_advise_discard_observation(o, BFC_CRIB_UNIFORM, d, 16);
        FUZZ_CHECK(a == BFC_EINVAL || (a > 0 && a <= BFC_MAX_MOVES));
        if (a > 0) {
            const int e = bfc_explain_discard(o, &d[0], 0, buf, sizeof buf);
            FUZZ_CHECK(e > 0 && (size_t)e < sizeof buf);
        }
        const int w = bfc_advise_discard_win(o, BFC_CRIB_UNIFORM, d, 16);
        FUZZ_CHECK(w == BFC_EINVAL || w > 0);
        for (int i = 0; i < w && i < 16; i++)
            FUZZ_CHECK(d[i].win >= 0 && d[i].win <= 1);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bfc_game *g = game_of(data, size);
    const int players = bfc_game_rules(g)->players;
    const int seat = (size > 3 ? data[3] : 0) % players;
    const int advice = size > 3 && (data[3] & 0x80);
    bfc_observation o;
    FUZZ_CHECK(bfc_game_observe(g, seat, &o) == BFC_OK);
    bfc_game_free(g);
    FUZZ_CHECK(bfc__observation_check(&o) == BFC_OK);
    unsigned char *b = (unsigned char *)&o;
    for (size_t i = 4; i + 2 < size && i < 4 + 3 * 32; i += 3) {
        const size_t p = ((size_t)data[i] | (size_t)(data[i + 1] & 0x7F) << 8) % sizeof o;
        if (data[i + 1] & 0x80)
            memset(b + p, data[i + 2], sizeof o - p < 8 ? sizeof o - p : 8);
        else
            b[p] = data[i + 2];
    }
    calls(&o, bfc__observation_check(&o) != BFC_OK, advice);
    return 0;
}
