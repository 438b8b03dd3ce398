/* Fuzz target: move text (bfc_move_parse, bfc_move_format, bfc_move_reveal).
 *
 * The input bytes are the text (up to the first NUL byte); bytes 0-1 are
 * also a move id (any uint16) for the formatter and bytes 0-1 as signed
 * slots for bfc_move_reveal. Invariants:
 *   - never a crash; BFC_OK or BFC_EPARSE, exactly when a model parser
 *     written here from bfc.h (words separated by spaces and tabs, case
 *     ignored, "reveal A B" with slots A != B, one slot for swap, take and
 *     layaway) accepts the text, with the same move; *out written only on
 *     success;
 *   - success gives an id below BFC_MOVE_COUNT whose text parses back to
 *     the same id; the text upper-cased and with extra blanks around and
 *     between the words parses to the same move;
 *   - every move's text fits in BFC_MOVE_TEXT_MAX; the formatter is
 *     snprintf-consistent and rejects ids >= BFC_MOVE_COUNT with
 *     BFC_EINVAL, writing nothing;
 *   - bfc_move_reveal(a, b) is the move "reveal a b" for slots a != b in
 *     0..4 (either order), else BFC_MOVE_NONE.
 */
#include <stdlib.h>
#include <string.h>

#include "bfc.h"
#include "fuzz.h"

const char fuzz_target_name[] = "fuzz_move";

#define SENT ((bfc_move)0xA5A5)

static int blank(char c) { return c == ' ' || c == '\t'; }

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

/* The reveal id of slots a < b, counted in the order of the bfc.h table. */
static int reveal_id(int a, int b)
{
    int id = 0;
    for (int x = 0; x < 5; x++)
        for (int y = x + 1; y < 5; y++, id++)
            if (x == a && y == b)
                return id;
    return -1;
}

/* The model: the move the text names, or -1. */
static int model(const char *t)
{
    char w[3][8];
    int n = 0;
    for (const char *p = t;;) {
        while (blank(*p))
            p++;
        if (!*p)
            break;
        size_t k = 0;
        while (*p && !blank(*p)) {
            if (n >= 3 || k >= 7)
                return -1; /* too many words, or longer than any word */
            w[n][k++] = lower(*p++);
        }
        w[n++][k] = 0;
    }
    static const struct {
        const char *name;
        int base, args;
    } K[] = {{"reveal", 0, 2}, {"draw", 10, 0},  {"place", 11, 0},  {"swap", 12, 1},
             {"take", 17, 1},  {"turn", 22, 0},  {"layaway", 23, 1}};
    if (n == 0)
        return -1;
    int slot[2] = {-1, -1};
    for (int i = 1; i < n; i++)
        if (w[i][0] >= '0' && w[i][0] <= '4' && w[i][1] == 0)
            slot[i - 1] = w[i][0] - '0';
        else
            return -1;
    for (size_t k = 0; k < sizeof K / sizeof K[0]; k++) {
        if (strcmp(w[0], K[k].name) != 0)
            continue;
        if (n != 1 + K[k].args)
            return -1;
        if (K[k].args == 0)
            return K[k].base;
        if (K[k].args == 1)
            return K[k].base + slot[0];
        if (slot[0] == slot[1])
            return -1;
        return slot[0] < slot[1] ? reveal_id(slot[0], slot[1]) : reveal_id(slot[1], slot[0]);
    }
    return -1;
}

/* The text of every move, checked once. */
static void check_format(unsigned id)
{
    char buf[BFC_MOVE_TEXT_MAX + 8], part[BFC_MOVE_TEXT_MAX + 8];
    memset(buf, FUZZ_SENTINEL, sizeof buf);
    const int n = bfc_move_format((bfc_move)id, buf, sizeof buf);
    FUZZ_CHECK(bfc_move_format((bfc_move)id, NULL, 0) == n);
    if (id >= BFC_MOVE_COUNT) {
        FUZZ_CHECK(n == BFC_EINVAL && fuzz_all_sentinel(buf, sizeof buf));
        return;
    }
    FUZZ_CHECK(n > 0 && n < BFC_MOVE_TEXT_MAX && strlen(buf) == (size_t)n);
    FUZZ_CHECK(bfc_move_format((bfc_move)id, NULL, 1) == BFC_EINVAL);
    for (size_t cap = 1; cap <= (size_t)n + 1; cap++) {
        memset(part, FUZZ_SENTINEL, sizeof part);
        FUZZ_CHECK(bfc_move_format((bfc_move)id, part, cap) == n);
        FUZZ_CHECK(memcmp(part, buf, cap - 1) == 0 && part[cap - 1] == 0);
        FUZZ_CHECK(fuzz_all_sentinel(part + cap, sizeof part - cap));
    }
    bfc_move m = SENT;
    FUZZ_CHECK(bfc_move_parse(buf, &m) == BFC_OK && m == id && model(buf) == (int)id);
}

static void check_parse(const char *t)
{
    bfc_move m = SENT;
    const int rc = bfc_move_parse(t, &m);
    const int want = model(t);
    if (want < 0) {
        FUZZ_CHECK(rc == BFC_EPARSE && m == SENT);
        return;
    }
    FUZZ_CHECK(rc == BFC_OK && m == want && m < BFC_MOVE_COUNT);
    char buf[BFC_MOVE_TEXT_MAX];
    FUZZ_CHECK(bfc_move_format(m, buf, sizeof buf) > 0);
    bfc_move back = SENT;
    FUZZ_CHECK(bfc_move_parse(buf, &back) == BFC_OK && back == m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int once;
    if (!once) {
        once = 1;
        for (unsigned id = 0; id <= 0xFFFF; id++)
            check_format(id);
        FUZZ_CHECK(bfc_move_parse(NULL, NULL) == BFC_EINVAL);
    }
    const unsigned id = (size > 0 ? data[0] : 0u) | (size > 1 ? (unsigned)data[1] << 8 : 0u);
    check_format(id);
    check_format(id % 32u);

    /* bfc_move_reveal on any two small numbers */
    const int a = size > 0 ? (int8_t)data[0] : 0, b = size > 1 ? (int8_t)data[1] : 0;
    const bfc_move r = bfc_move_reveal(a, b);
    if (a >= 0 && a <= 4 && b >= 0 && b <= 4 && a != b) {
        FUZZ_CHECK(r < 10 && r == bfc_move_reveal(b, a));
        char t[32];
        snprintf(t, sizeof t, "reveal %d %d", a, b);
        bfc_move m = SENT;
        FUZZ_CHECK(bfc_move_parse(t, &m) == BFC_OK && m == r);
    } else {
        FUZZ_CHECK(r == BFC_MOVE_NONE);
    }

    /* the text, as given */
    char *t = malloc(size + 1);
    FUZZ_CHECK(t != NULL);
    memcpy(t, data, size);
    t[size] = 0;
    check_parse(t);
    bfc_move m = SENT;
    FUZZ_CHECK(bfc_move_parse(t, NULL) == BFC_EINVAL);

    /* upper-cased, and with blanks added around and between words */
    const size_t n = strlen(t);
    char *u = malloc(3 * n + 3);
    FUZZ_CHECK(u != NULL);
    size_t k = 0;
    u[k++] = '\t';
    for (size_t i = 0; i < n; i++) {
        const char c = t[i];
        u[k++] = c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
        if (blank(c))
            u[k++] = (i & 1) ? ' ' : '\t';
    }
    u[k++] = ' ';
    u[k] = 0;
    const int rc1 = bfc_move_parse(t, &m);
    bfc_move m2 = SENT;
    const int rc2 = bfc_move_parse(u, &m2);
    FUZZ_CHECK(rc1 == rc2 && (rc1 < 0 || m == m2));
    check_parse(u);
    free(u);
    free(t);
    return 0;
}
