/* Fuzz target: discards valued in wins (issue 39): bfc_advise_discard_win
 * and bfc_advise_discard_observation at discard decisions of random games,
 * the scores set by the input (near the end most of all, where the chances
 * come from every option's own distribution), and the observation edited.
 *
 * The input (missing bytes read as 0):
 *   byte 0   the game: bit 7 set, two-player classic (the rules with a
 *            table); else fg_pick's classic game 4 + v % 16
 *   byte 1   classic flag bits and a short target (fg_pick's f)
 *   byte 2   the seed
 *   byte 3   random moves played first (v % 64); then on to the next
 *            discard decision
 *   bytes 4, 5  the scores of sides 0 and 1: v < 128: target - 1 - v % 64
 *            (near the end), else (v - 128) * target / 128
 *   byte 6   bits 0-1 the crib model (2, 3: unknown models); bit 2 observe
 *            a seat not to move; bits 3-7 the room for options (v % 17, 31:
 *            16 and out NULL)
 *   then edits of 3 bytes P1 P2 V (at most 4): the observation's byte at
 *   (P1 | P2 << 8) % sizeof (bfc_observation) := V.
 * Invariants:
 *   - an observation that fails the library's check, a seat not to move, a
 *     phase other than the discard, an unknown model: BFC_EINVAL from both,
 *     nothing written; rules without a table: BFC_EINVAL from the win
 *     advice only;
 *   - else both return the same count (15, 10, 7, 5 or 6 options ...) and
 *     the same options with the same points; every option a legal move, its
 *     cards the observer's hand split into discard and keep (ascending,
 *     NONE past their counts, as many thrown as the rules throw), total_ev
 *     the hand's points plus or minus the crib's;
 *   - win in [0, 1] (-1 from the plain advice), options best first as
 *     bfc.h says: the higher win (within 0.0001 equal), then total_ev,
 *     then the lower move id (the plain advice: total_ev, move id); no
 *     option written past the room; the same answer twice. */
#include <math.h>
#include <stdlib.h>

#include "fuzz.h"
#include "fuzz_game.h"
#include "internal.h"

const char fuzz_target_name[] = "fuzz_win";

#define WN 16

/* a before b, as bfc.h orders the win advice (the plain advice: win -1
 * everywhere, so by total_ev and move id) */
static int better(const bfc_discard_option *a, const bfc_discard_option *b)
{
    if (a->win > b->win + 1e-4 || a->win < b->win - 1e-4)
        return a->win > b->win;
    if (a->total_ev != b->total_ev)
        return a->total_ev > b->total_ev;
    return a->move < b->move;
}

static void check_options(const bfc_observation *o, const bfc_discard_option *d, int n, size_t cap,
                          int win)
{
    bfc_move l[BFC_MAX_MOVES];
    const int nl = bfc_observation_legal_moves(o, l, BFC_MAX_MOVES);
    FUZZ_CHECK(n > 0 && n <= nl);
    const size_t w = (size_t)n < cap ? (size_t)n : cap;
    for (size_t i = 0; i < w; i++) {
        const bfc_discard_option *x = &d[i];
        FUZZ_CHECK(fg_among(l, nl, x->move));
        for (size_t j = 0; j < i; j++)
            FUZZ_CHECK(d[j].move != x->move);
        FUZZ_CHECK(x->ndiscard == o->throws && x->ndiscard + x->nkeep == fg_bits(o->hand));
        uint64_t cards = 0;
        for (int k = 0; k < 2; k++) {
            if (k < x->ndiscard) {
                FUZZ_CHECK(x->discard[k] < 52 && (k == 0 || x->discard[k] > x->discard[k - 1]));
                cards |= fg_bit(x->discard[k]);
            } else {
                FUZZ_CHECK(x->discard[k] == BFC_CARD_NONE);
            }
        }
        for (int k = 0; k < (int)(sizeof x->keep / sizeof x->keep[0]); k++) {
            if (k < x->nkeep) {
                FUZZ_CHECK(x->keep[k] < 52 && (k == 0 || x->keep[k] > x->keep[k - 1]));
                FUZZ_CHECK(!(cards & fg_bit(x->keep[k])));
                cards |= fg_bit(x->keep[k]);
            } else {
                FUZZ_CHECK(x->keep[k] == BFC_CARD_NONE);
            }
        }
        FUZZ_CHECK(cards == o->hand);
        FUZZ_CHECK(x->to_crib <= 1);
        for (int k = 0; k < (int)sizeof x->reserved; k++)
            FUZZ_CHECK(x->reserved[k] == 0);
        FUZZ_CHECK(isfinite(x->hand_ev) && isfinite(x->crib_ev) && x->hand_ev >= 0);
        FUZZ_CHECK(fabs(x->total_ev - (x->hand_ev + x->crib_ev)) < 1e-9 ||
                   fabs(x->total_ev - (x->hand_ev - x->crib_ev)) < 1e-9);
        FUZZ_CHECK(win ? x->win >= 0 && x->win <= 1 : x->win == -1);
        if (i > 0)
            FUZZ_CHECK(!better(x, &d[i - 1]));
    }
    FUZZ_CHECK(fuzz_all_sentinel(d + w, (WN - w) * sizeof *d));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t h[7] = {0};
    for (size_t i = 0; i < 7 && i < size; i++)
        h[i] = data[i];
    const unsigned kind = h[0] & 0x80 ? 4u : 4u + h[0] % 16u;
    bfc_game *g = fg_pick(kind, h[1], h[2], h[3] % 64u, NULL, NULL);
    /* on to the next discard decision */
    uint64_t r = h[2];
    for (int i = 0; i < 400 && !bfc_game_over(g) && bfc_game_phase(g) != BFC_PHASE_DISCARD; i++) {
        bfc_move l[BFC_MAX_MOVES];
        const int n = fg_legal(g, l);
        FUZZ_CHECK(bfc_game_apply(g, l[bfc_rng_next(&r) % (uint64_t)n], NULL, 0, NULL) ==
                   BFC_OK);
    }
    const bfc_rules *rules = bfc_game_rules(g);
    const int to_move = bfc_game_to_move(g);
    const int seat = h[6] & 4 ? (to_move + 1) % rules->players : to_move < 0 ? 0 : to_move;
    bfc_observation o;
    FUZZ_CHECK(bfc_game_observe(g, seat, &o) == BFC_OK);
    for (int s = 0; s < 2 && s < o.sides; s++) {
        const int v = h[4 + s];
        o.score[s] = (int16_t)(v < 128 ? rules->target - 1 - v % 64 : (v - 128) * rules->target / 128);
        if (o.score[s] < 0)
            o.score[s] = 0;
    }
    unsigned char *b = (unsigned char *)&o;
    for (size_t i = 7; i + 2 < size && i < 7 + 3 * 4; i += 3)
        b[((size_t)data[i] | (size_t)data[i + 1] << 8) % sizeof o] = data[i + 2];
    const int model = h[6] & 3;
    const size_t room = (h[6] >> 3) == 31 ? 0 : (h[6] >> 3) % 17u;

    static bfc_discard_option p[WN], w[WN], w2[WN];
    memset(p, FUZZ_SENTINEL, sizeof p);
    memset(w, FUZZ_SENTINEL, sizeof w);
    memset(w2, FUZZ_SENTINEL, sizeof w2);
    const int np = bfc_advise_discard_observation(&o, model, room ? p : NULL, room);
    const int nw = bfc_advise_discard_win(&o, model, room ? w : NULL, room);
    const int refused = bfc__observation_check(&o) != BFC_OK || o.phase != BFC_PHASE_DISCARD ||
                        o.to_move != o.seat || model > BFC_CRIB_PLAYED;
    if (refused) {
        FUZZ_CHECK(np == BFC_EINVAL && nw == BFC_EINVAL);
    } else if (np == BFC_EINVAL) {
        /* seven-card, whose hand the exact advice does not cover; the
           played crib's model, two players only */
        FUZZ_CHECK(nw == BFC_EINVAL && (o.rules.variant == BFC_VARIANT_SEVEN_CARD ||
                                        (model == BFC_CRIB_PLAYED && (o.rules.players != 2 ||
                                                                      o.rules.variant != BFC_VARIANT_CLASSIC))));
    } else {
        check_options(&o, p, np, room, 0);
        FUZZ_CHECK(nw == BFC_EINVAL || nw == np);
        if (nw > 0) {
            check_options(&o, w, nw, room, 1);
            /* the same options with the same points, in another order */
            const size_t k = (size_t)np < room ? (size_t)np : room;
            if (k == (size_t)np)
                for (size_t i = 0; i < k; i++) {
                    size_t j = 0;
                    while (j < k && p[j].move != w[i].move)
                        j++;
                    FUZZ_CHECK(j < k && p[j].hand_ev == w[i].hand_ev &&
                               p[j].crib_ev == w[i].crib_ev && p[j].total_ev == w[i].total_ev);
                }
            FUZZ_CHECK(bfc_advise_discard_win(&o, model, room ? w2 : NULL, room) == nw);
            FUZZ_CHECK(memcmp(w, w2, sizeof w) == 0);
        }
        /* valued in wins exactly where the rules have a table */
        const uint16_t *t = NULL;
        FUZZ_CHECK((bfc_win_table(&o.rules, &t) > 0) == (nw > 0));
    }
    if (refused || np < 0)
        FUZZ_CHECK(fuzz_all_sentinel(p, sizeof p) && fuzz_all_sentinel(w, sizeof w));
    bfc_game_free(g);
    return 0;
}
