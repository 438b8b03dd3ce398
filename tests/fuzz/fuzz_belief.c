/* Fuzz target: worlds drawn from the belief (issue 39):
 * bfc_game_determinize_belief() and bfc_game_determinize() on random
 * positions, on saves of them edited and loaded, and the observation the
 * worlds must agree with, edited.
 *
 * The input (missing bytes read as 0):
 *   byte 0   the game (fg_pick's kind)
 *   byte 1   classic flag bits and a short target (fg_pick's f)
 *   byte 2   the seed
 *   byte 3   random moves played (v % 128, fewer if the game ends)
 *   byte 4   the observing seat (v % players); bits 4-5 worlds drawn
 *            (1 + v); bit 6 each world saved and loaded again; bit 7 the
 *            edits go to the position's save text (else to its observation)
 *   then edits of 3 bytes P1 P2 V at offset (P1 | P2 << 8) % the length
 *   (the save's text or sizeof (bfc_observation)): the byte := V (at most
 *   16 edits).
 * Invariants:
 *   - a save edited: loaded, or refused with a documented status; when
 *     loaded, it is the position the worlds are drawn from;
 *   - a world drawn (belief or not) from a game not over is BFC_OK and
 *     passes the library's own state check (bfc__game_check), the seat's
 *     observation of it byte-identical to the game's (same hand, same
 *     cards in view), every other seat holding as many cards, and every
 *     card that changed place one the seat had not seen
 *     (bfc_observation_unseen); a world saved loads back identical;
 *   - a game over, or a seat out of range: BFC_EINVAL, nothing changed;
 *   - an edited observation that fails the library's check
 *     (bfc__observation_check) is refused by bfc_observation_unseen with
 *     BFC_EINVAL, writing nothing; one that passes gives a set apart from
 *     its own cards. */
#include <stdlib.h>

#include "fuzz.h"
#include "fuzz_game.h"
#include "internal.h"

const char fuzz_target_name[] = "fuzz_belief";

/* The cards seat s holds or threw in g, as its observation shows them. */
static uint64_t own_cards(const bfc_game *g, int s, int *held)
{
    bfc_observation o;
    FUZZ_CHECK(bfc_game_observe(g, s, &o) == BFC_OK);
    *held = o.held_by[s];
    return o.hand | o.thrown;
}

static void worlds(const bfc_game *g, int seat, unsigned nw, int round_trip, uint64_t seed)
{
    const int players = bfc_game_rules(g)->players;
    bfc_observation o, ow;
    FUZZ_CHECK(bfc_game_observe(g, seat, &o) == BFC_OK);
    uint64_t unseen = 0;
    FUZZ_CHECK(bfc_observation_unseen(&o, &unseen) == BFC_OK);
    FUZZ_CHECK((unseen & (o.hand | o.thrown)) == 0);
    bfc_game *w = bfc_game_clone(g);
    FUZZ_CHECK(w != NULL);
    for (unsigned i = 0; i < nw * 2; i++) {
        FUZZ_CHECK(bfc_game_copy(w, g) == BFC_OK);
        const int belief = i % 2 == 0;
        const uint64_t s = seed * 31u + i;
        const int rc =
            belief ? bfc_game_determinize_belief(w, seat, s) : bfc_game_determinize(w, seat, s);
        if (bfc_game_over(g)) {
            FUZZ_CHECK(rc == BFC_EINVAL && fg_same(w, g));
            break;
        }
        FUZZ_CHECK(rc == BFC_OK);
        FUZZ_CHECK(bfc__game_check(w) == BFC_OK);
        FUZZ_CHECK(bfc_game_observe(w, seat, &ow) == BFC_OK);
        FUZZ_CHECK(memcmp(&o, &ow, sizeof o) == 0);
        for (int p = 0; p < players; p++) {
            int hg, hw;
            const uint64_t cg = own_cards(g, p, &hg), cw = own_cards(w, p, &hw);
            FUZZ_CHECK(hg == hw && fg_bits(cg) == fg_bits(cw));
            FUZZ_CHECK(((cg ^ cw) & ~unseen) == 0); /* only unseen cards moved */
        }
        if (round_trip && i < 2) {
            static char t1[FG_TEXT_MAX], t2[FG_TEXT_MAX];
            const int n1 = bfc_game_save(w, t1, sizeof t1);
            FUZZ_CHECK(n1 > 0 && (size_t)n1 < sizeof t1);
            bfc_game *l = NULL;
            FUZZ_CHECK(bfc_game_load(&l, t1) == BFC_OK);
            FUZZ_CHECK(bfc_game_save(l, t2, sizeof t2) == n1 && memcmp(t1, t2, (size_t)n1) == 0);
            bfc_game_free(l);
        }
    }
    /* refused: a seat out of range, NULL */
    FUZZ_CHECK(bfc_game_copy(w, g) == BFC_OK);
    FUZZ_CHECK(bfc_game_determinize_belief(w, players, seed) == BFC_EINVAL);
    FUZZ_CHECK(bfc_game_determinize_belief(w, -1, seed) == BFC_EINVAL);
    FUZZ_CHECK(bfc_game_determinize_belief(NULL, seat, seed) == BFC_EINVAL);
    FUZZ_CHECK(fg_same(w, g));
    bfc_game_free(w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t h[5] = {0};
    for (size_t i = 0; i < 5 && i < size; i++)
        h[i] = data[i];
    bfc_game *g = fg_pick(h[0], h[1], h[2], h[3] % 128u, NULL, NULL);
    const int players = bfc_game_rules(g)->players;
    const int seat = (h[4] & 15u) % (unsigned)players;
    const unsigned nw = 1u + (h[4] >> 4 & 3u);
    if (h[4] & 0x80) { /* the save edited */
        static char text[FG_TEXT_MAX];
        const int n = bfc_game_save(g, text, sizeof text);
        FUZZ_CHECK(n > 0 && (size_t)n < sizeof text);
        for (size_t i = 5; i + 2 < size && i < 5 + 3 * 16; i += 3)
            text[((size_t)data[i] | (size_t)data[i + 1] << 8) % (size_t)n] =
                data[i + 2] ? (char)data[i + 2] : ' ';
        bfc_game *l = NULL;
        const int rc = bfc_game_load(&l, text);
        FUZZ_CHECK(rc == BFC_OK || rc == BFC_EPARSE || rc == BFC_EVERSION || rc == BFC_ESTATE ||
                   rc == BFC_EINVAL);
        FUZZ_CHECK((rc == BFC_OK) == (l != NULL));
        if (l) {
            FUZZ_CHECK(bfc__game_check(l) == BFC_OK);
            const int lp = bfc_game_rules(l)->players;
            worlds(l, seat % lp, nw, h[4] & 0x40, h[2]);
            bfc_game_free(l);
        }
    } else {
        worlds(g, seat, nw, h[4] & 0x40, h[2]);
        bfc_observation o;
        FUZZ_CHECK(bfc_game_observe(g, seat, &o) == BFC_OK);
        unsigned char *b = (unsigned char *)&o;
        for (size_t i = 5; i + 2 < size && i < 5 + 3 * 16; i += 3)
            b[((size_t)data[i] | (size_t)data[i + 1] << 8) % sizeof o] = data[i + 2];
        uint64_t u;
        memset(&u, FUZZ_SENTINEL, sizeof u);
        const int rc = bfc_observation_unseen(&o, &u);
        if (bfc__observation_check(&o) != BFC_OK) {
            FUZZ_CHECK(rc == BFC_EINVAL && fuzz_all_sentinel(&u, sizeof u));
        } else {
            FUZZ_CHECK(rc == BFC_OK && (u & (o.hand | o.thrown)) == 0);
        }
    }
    bfc_game_free(g);
    return 0;
}
