/* Fuzz target: the kept frontline (bfc_frontline_*), step by step against a
 * model kept here and against the stateless bfc_score_frontline.
 *
 * The input is a stream of operations; each takes an opcode byte and
 * argument bytes (missing bytes read as 0):
 *   op % 8 = 0  place card A            (A raw: any byte value)
 *            1  place card A, turn card
 *            2  place card A % 53       (always a card)
 *            3  place card A % 53, turn card, out NULL
 *            4  take
 *            5  set: K = A & 31 cards (A & 32: each % 53), from the next K bytes
 *            6  place card B with raw flags A; then init when A & 0x80
 *            7  poke: byte A % sizeof(bfc_frontline) of the struct := B
 * Invariants while the struct is made only by the library: every call
 * returns what bfc_score_frontline (and the brute-force reference) says for
 * the model's cards, or the status the input calls for; a failed call leaves
 * the struct and the out-struct unchanged; the public fields (n, sum,
 * cards, mask) match the model. After a poke (a struct changed by hand,
 * until the next successful set or init) only "never a crash, rejected
 * calls change nothing" is checked, as bfc.h promises.
 */
#include <string.h>

#include "bfc.h"
#include "brute.h"
#include "fuzz.h"

const char fuzz_target_name[] = "fuzz_kept";

#define NONE BFC_CARD_NONE

static unsigned pip(bfc_card c)
{
    return c >= BFC_JOKER ? 0 : c / 4u + 1u > 10 ? 10 : c / 4u + 1u;
}

static uint64_t bit_of(bfc_card c) { return UINT64_C(1) << c; }

/* The bfc_combo of a combination from its points and card count. */
static unsigned combo_of(unsigned points, unsigned ncards)
{
    static const unsigned char pts[] = {0, 2, 6, 12, 3, 4, 5, 8, 10, 15, 16};
    static const unsigned char cnt[] = {0, 2, 3, 4, 3, 4, 5, 4, 5, 5, 5};
    for (unsigned i = 0; i < sizeof pts; i++)
        if (pts[i] == points && cnt[i] == ncards)
            return i;
    return 99;
}

typedef struct {
    bfc_card cards[BFC_FRONTLINE_MAX];
    size_t n;
    int tainted; /* the struct was changed by hand */
} model;

static void check_matches(const bfc_frontline *f, const model *m)
{
    if (m->tainted)
        return;
    uint64_t mask = 0;
    unsigned sum = 0;
    for (size_t i = 0; i < m->n; i++) {
        mask |= bit_of(m->cards[i]);
        sum += pip(m->cards[i]);
    }
    FUZZ_CHECK(f->n == m->n && f->sum == sum && f->mask == mask);
    FUZZ_CHECK(memcmp(f->cards, m->cards, m->n) == 0);
}

static void do_place(bfc_frontline *f, model *m, bfc_card card, unsigned flags, int with_out)
{
    bfc_frontline before;
    memcpy(&before, f, sizeof before);
    bfc_frontline_score got, want;
    memset(&got, FUZZ_SENTINEL, sizeof got);
    int rc = bfc_frontline_place(f, card, flags, with_out ? &got : NULL);
    if (rc < 0) {
        FUZZ_CHECK(rc == BFC_EINVAL || rc == BFC_ECARD || rc == BFC_EDUP);
        FUZZ_CHECK(memcmp(f, &before, sizeof *f) == 0 && fuzz_all_sentinel(&got, sizeof got));
    } else {
        FUZZ_CHECK(f->n >= 1 && f->n <= BFC_FRONTLINE_MAX && f->cards[f->n - 1] == card);
        if (with_out)
            FUZZ_CHECK(rc == got.placer_points && got.sum == f->sum && got.length == f->n);
    }
    if (m->tainted)
        return;

    /* the stateless scorer on the same cards */
    bfc_frontline_score st;
    memset(&st, FUZZ_SENTINEL, sizeof st);
    int src = bfc_score_frontline(m->cards, m->n, card, flags, &st);
    FUZZ_CHECK(src == rc);
    int inval = (flags & ~BFC_TURN_CARD) != 0;
    int bad = card > BFC_JOKER;
    int dup = !bad && memchr(m->cards, card, m->n) != NULL;
    if (inval || bad || dup) {
        FUZZ_CHECK((rc == BFC_EINVAL && inval) || (rc == BFC_ECARD && bad) ||
                   (rc == BFC_EDUP && dup));
        return;
    }
    FUZZ_CHECK(rc >= 0);
    brute_frontline(m->cards, (int)m->n, card, (flags & BFC_TURN_CARD) != 0, &want);
    want.combo = (uint8_t)combo_of(want.combination, want.combo_cards);
    FUZZ_CHECK(rc == want.placer_points && memcmp(&st, &want, sizeof st) == 0);
    if (with_out)
        FUZZ_CHECK(memcmp(&got, &want, sizeof got) == 0);
    if (want.renewed)
        m->n = 0;
    FUZZ_CHECK(m->n < BFC_FRONTLINE_MAX);
    m->cards[m->n++] = card;
    check_matches(f, m);
}

static void do_take(bfc_frontline *f, model *m)
{
    bfc_frontline before;
    memcpy(&before, f, sizeof before);
    bfc_card c = (bfc_card)FUZZ_SENTINEL;
    int rc = bfc_frontline_take(f, &c);
    FUZZ_CHECK(bfc_frontline_take(f, NULL) == BFC_EINVAL);
    if (rc < 0) {
        FUZZ_CHECK(rc == BFC_EINVAL && c == (bfc_card)FUZZ_SENTINEL);
        FUZZ_CHECK(memcmp(f, &before, sizeof *f) == 0);
    } else {
        FUZZ_CHECK(rc == BFC_OK && before.n >= 1 && f->n == before.n - 1 &&
                   c == before.cards[before.n - 1]);
    }
    if (m->tainted)
        return;
    if (m->n == 0) {
        FUZZ_CHECK(rc == BFC_EINVAL);
        return;
    }
    FUZZ_CHECK(rc == BFC_OK && c == m->cards[m->n - 1]);
    m->n--;
    check_matches(f, m);
}

static void do_set(bfc_frontline *f, model *m, const bfc_card *cards, size_t k)
{
    bfc_frontline before;
    memcpy(&before, f, sizeof before);
    int rc = bfc_frontline_set(f, cards, k);
    int inval = k > BFC_FRONTLINE_MAX, bad = 0, dup = 0;
    unsigned sum = 0;
    for (size_t i = 0; i < k; i++) {
        if (cards[i] > BFC_JOKER)
            bad = 1;
        else if (memchr(cards, cards[i], i))
            dup = 1;
        sum += pip(cards[i]);
    }
    int count = sum > 31;
    if (!(inval || bad || dup || count)) {
        FUZZ_CHECK(rc == BFC_OK);
        memcpy(m->cards, cards, k);
        m->n = k;
        m->tainted = 0;
        check_matches(f, m);
        return;
    }
    FUZZ_CHECK((rc == BFC_EINVAL && inval) || (rc == BFC_ECARD && bad) ||
               (rc == BFC_EDUP && dup) || (rc == BFC_ECOUNT && count));
    FUZZ_CHECK(memcmp(f, &before, sizeof *f) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bfc_frontline f;
    model m = {{0}, 0, 0};
    bfc_frontline_init(&f);
    check_matches(&f, &m);
    FUZZ_CHECK(bfc_frontline_set(NULL, NULL, 0) == BFC_EINVAL);
    FUZZ_CHECK(bfc_frontline_set(&f, NULL, 1) == BFC_EINVAL);
    FUZZ_CHECK(bfc_frontline_place(NULL, 0, 0, NULL) == BFC_EINVAL);
    bfc_frontline_init(NULL);

    size_t pos = 0;
#define NEXT() (pos < size ? data[pos++] : 0)
    while (pos < size) {
        const unsigned op = NEXT() % 8u;
        switch (op) {
        case 0:
        case 1: {
            bfc_card c = NEXT();
            do_place(&f, &m, c, op == 1 ? BFC_TURN_CARD : 0, 1);
            break;
        }
        case 2:
        case 3: {
            bfc_card c = (bfc_card)(NEXT() % 53);
            do_place(&f, &m, c, op == 3 ? BFC_TURN_CARD : 0, op == 2);
            break;
        }
        case 4: do_take(&f, &m); break;
        case 5: {
            const unsigned a = NEXT();
            bfc_card cards[32];
            size_t k = a & 31u;
            for (size_t i = 0; i < k; i++) {
                unsigned b = NEXT();
                cards[i] = (bfc_card)((a & 32u) ? b % 53 : b);
            }
            do_set(&f, &m, cards, k);
            break;
        }
        case 6: {
            const unsigned a = NEXT();
            bfc_card c = NEXT();
            do_place(&f, &m, c, a, 1);
            if (a & 0x80) {
                bfc_frontline_init(&f);
                m.n = 0;
                m.tainted = 0;
                check_matches(&f, &m);
            }
            break;
        }
        default: {
            const unsigned a = NEXT(), b = NEXT();
            unsigned char *p = (unsigned char *)&f;
            p[a % sizeof f] = (unsigned char)b;
            m.tainted = 1;
            break;
        }
        }
    }
#undef NEXT
    return 0;
}
