/* Generates src/tables.c: the per-card tables and the perfect hashes of rank
 * multisets used by the show scorers. Run by `make tables`; `make check`
 * runs it again and compares its output with the committed file.
 *
 * Three tables: five-card multisets (the classic show), zero to four cards,
 * and six-card multisets (seven-card cribbage's show of five hand cards and
 * the starter, RULES 3.10).
 *
 * Scheme. Each rank gets a random key; a multiset of ranks is named by the
 * wrapping sum of its keys (the generator checks the sums are distinct). A
 * rank key has random bits only in bits 0..9 and 52..63: the sum of up to
 * six keys stays below 2^13 in its low 32 bits, so bits 32..47 are free for
 * the suit fields the per-card keys add there (internal.h). A two-level
 * "hash and displace" table maps a sum to a slot: the top bits pick a
 * bucket, and the bucket's displacement is XOR-ed into the low 32 bits,
 * which give the slot with no mask (the generator checks every sum of the
 * table's size is below its slot count). Buckets are placed largest
 * first, each at the first displacement that puts all its keys in free
 * slots, so no two multisets share a slot. The records hold the rank-only
 * show points: fifteens, pairs and runs (RULES 2.1); flush and nobs depend
 * on suits and are added by the scorer.
 *
 * A fourth table serves the batch scorer bfc_score_show_all_starters: for
 * each multiset of four ranks, one 16-byte row of the rank points it makes
 * with a starter of each rank (bytes 0..12; a rank the four already hold
 * four times cannot be the starter's and reads 0).
 *
 * Everything here is plain and slow on purpose: it runs once. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEED0 UINT64_C(0x6C6962626663) /* "libbfc" */

static uint64_t rng_state;
static uint64_t splitmix64(void)
{
    uint64_t z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static uint64_t rank_key[14]; /* ranks 1..13 */
#define RANK_KEY_BITS UINT64_C(0xFFF00000000003FF) /* see the scheme above */
#define SUIT_SHIFT 32 /* the suit fields of a card key (internal.h) */
#define FOURS (UINT64_C(0x4444) << SUIT_SHIFT) /* a suit field counting 4 */

/* Rank-only show points of cnt[1..13] (RULES 2.1), a byte each as internal.h
 * says: total, fifteens, pairs, runs. */
static unsigned record(const int cnt[14])
{
    int vals[8], n = 0;
    for (int r = 1; r <= 13; r++)
        for (int k = 0; k < cnt[r]; k++)
            vals[n++] = r > 10 ? 10 : r;
    int fifteens = 0;
    for (int sub = 1; sub < (1 << n); sub++) {
        int s = 0;
        for (int i = 0; i < n; i++)
            if (sub >> i & 1)
                s += vals[i];
        fifteens += s == 15;
    }
    int pairs = 0;
    for (int r = 1; r <= 13; r++)
        pairs += cnt[r] * (cnt[r] - 1) / 2;
    int runs = 0;
    for (int r = 1; r <= 13;) {
        if (!cnt[r]) {
            r++;
            continue;
        }
        int len = 0, prod = 1;
        while (r <= 13 && cnt[r]) {
            prod *= cnt[r];
            len++;
            r++;
        }
        if (len >= 3)
            runs += len * prod;
    }
    unsigned total = (unsigned)(2 * fifteens + 2 * pairs + runs);
    if (total > 255 || runs > 255) {
        fprintf(stderr, "gen_tables: record out of range\n");
        exit(1);
    }
    return total | (unsigned)(2 * fifteens) << 8 | (unsigned)(2 * pairs) << 16 |
           (unsigned)runs << 24;
}

/* The frontline combination (RULES 2.3) formed by ALL the cards of a
 * multiset: one rank (pair, three, four of a kind) or every card in one
 * block of >= 3 consecutive ranks. Values are bfc_combo; 0 for none. */
static unsigned combo_of(const int cnt[14])
{
    int k = 0, distinct = 0, lo = 0, hi = 0, maxc = 0;
    for (int r = 1; r <= 13; r++)
        if (cnt[r]) {
            k += cnt[r];
            distinct++;
            if (!lo)
                lo = r;
            hi = r;
            if (cnt[r] > maxc)
                maxc = cnt[r];
        }
    if (k < 2 || k > 5)
        return 0;
    if (distinct == 1)
        return (unsigned)(k - 1); /* 1 pair, 2 three, 3 four of a kind */
    if (distinct < 3 || hi - lo + 1 != distinct)
        return 0;
    switch (k - distinct) {
    case 0: return (unsigned)(4 + distinct - 3);     /* runs of 3, 4, 5 */
    case 1: return (unsigned)(7 + distinct - 3);     /* double runs of 3, 4 */
    default: return maxc == 3 ? 9u : 10u;            /* triple, double-double */
    }
}

typedef struct {
    uint64_t key;
    unsigned rec, slot;
    uint8_t row[16]; /* four-card multisets: the points with each starter rank */
} entry;

static entry *entries;
static size_t nentries, entries_cap;

/* Enumerates multisets of `size` ranks from `from`..13, at most 4 of each. */
static void enumerate(int size, int from, int cnt[14], uint64_t key)
{
    if (size == 0) {
        if (nentries == entries_cap) {
            entries_cap = entries_cap ? 2 * entries_cap : 1024;
            entries = realloc(entries, entries_cap * sizeof *entries);
            if (!entries)
                exit(1);
        }
        entry *e = &entries[nentries++];
        memset(e, 0, sizeof *e);
        e->key = key;
        e->rec = record(cnt);
        for (int r = 1; r <= 13; r++)
            if (cnt[r] < 4) {
                cnt[r]++;
                e->row[r - 1] = (uint8_t)(record(cnt) & 255u);
                cnt[r]--;
            }
        return;
    }
    for (int r = from; r <= 13; r++) {
        if (cnt[r] == 4)
            continue;
        cnt[r]++;
        enumerate(size - 1, r, cnt, key + rank_key[r]);
        cnt[r]--;
    }
}

static int cmp_key(const void *a, const void *b)
{
    uint64_t x = ((const entry *)a)->key, y = ((const entry *)b)->key;
    return x < y ? -1 : x > y;
}

/* The slot of a key in a table of `slots` slots under displacement d. */
static unsigned slot_of(uint64_t key, unsigned d, unsigned slots)
{
    return ((unsigned)key ^ d) & (slots - 1);
}

/* Places entries[0..nentries) into slots (entries[e].slot); fills disp;
 * returns 0 on failure. With `unmasked`, the slot is the low 32 bits of the
 * sum XOR the displacement with no mask: every sum must be below `slots`. */
static int place(unsigned slots, int bucket_shift, uint16_t *disp, int unmasked)
{
    unsigned nb = 1u << (64 - bucket_shift);
    for (size_t i = 0; unmasked && i < nentries; i++)
        if ((uint32_t)entries[i].key >= slots) {
            fprintf(stderr, "gen_tables: a key sum reaches past its table\n");
            exit(1);
        }
    qsort(entries, nentries, sizeof *entries, cmp_key);
    for (size_t i = 1; i < nentries; i++)
        if (entries[i].key == entries[i - 1].key)
            return 0; /* two multisets with one key: new rank keys */
    /* Entries sorted by key are grouped by bucket (the bucket is the top bits). */
    size_t *start = calloc(nb + 1, sizeof *start);
    unsigned *order = malloc(nb * sizeof *order);
    unsigned char *used = calloc(slots, 1);
    if (!start || !order || !used)
        exit(1);
    for (size_t i = 0; i < nentries; i++)
        start[(entries[i].key >> bucket_shift) + 1]++;
    for (unsigned b = 0; b < nb; b++)
        start[b + 1] += start[b];
    for (unsigned b = 0; b < nb; b++)
        order[b] = b;
    /* Largest buckets first (insertion sort: nb is small, and stable). */
    for (unsigned i = 1; i < nb; i++) {
        unsigned b = order[i], j = i;
        size_t sz = start[b + 1] - start[b];
        while (j > 0 && start[order[j - 1] + 1] - start[order[j - 1]] < sz) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = b;
    }
    memset(disp, 0, nb * sizeof *disp);
    int ok = 1;
    for (unsigned i = 0; i < nb && ok; i++) {
        unsigned b = order[i];
        if (start[b + 1] == start[b])
            continue;
        unsigned d;
        for (d = 0; d < slots; d++) {
            int fits = 1;
            for (size_t e = start[b]; e < start[b + 1] && fits; e++) {
                unsigned sl = slot_of(entries[e].key, d, slots);
                if (used[sl])
                    fits = 0;
                for (size_t f = start[b]; f < e && fits; f++)
                    fits = slot_of(entries[f].key, d, slots) != sl;
            }
            if (fits)
                break;
        }
        if (d == slots) {
            ok = 0;
            break;
        }
        disp[b] = (uint16_t)d;
        for (size_t e = start[b]; e < start[b + 1]; e++) {
            entries[e].slot = slot_of(entries[e].key, d, slots);
            used[entries[e].slot] = 1;
        }
    }
    free(start);
    free(order);
    free(used);
    return ok;
}

/* The records of the placed entries, by slot (0 in empty slots). */
static void records(uint32_t *rec, unsigned slots)
{
    memset(rec, 0, slots * sizeof *rec);
    for (size_t e = 0; e < nentries; e++)
        rec[entries[e].slot] = entries[e].rec;
}

static void emit_u16(const char *name, const uint16_t *a, unsigned n)
{
    printf("    .%s = {", name);
    for (unsigned i = 0; i < n; i++)
        printf("%s%u,", i % 12 ? " " : "\n        ", a[i]);
    printf("\n    },\n");
}

static void emit_u32(const char *name, const uint32_t *a, unsigned n)
{
    printf("    .%s = {", name);
    for (unsigned i = 0; i < n; i++)
        printf("%s0x%08x,", i % 8 ? " " : "\n        ", a[i]);
    printf("\n    },\n");
}

static void emit_u8(const char *name, const uint8_t *a, unsigned n)
{
    printf("    .%s = {", name);
    for (unsigned i = 0; i < n; i++)
        printf("%s%u,", i % 16 ? " " : "\n        ", a[i]);
    printf("\n    },\n");
}

static void emit_u64(const char *name, const uint64_t *a, unsigned n)
{
    printf("    .%s = {", name);
    for (unsigned i = 0; i < n; i++)
        printf("%sUINT64_C(0x%016llx),", i % 3 ? " " : "\n        ", (unsigned long long)a[i]);
    printf("\n    },\n");
}

int main(void)
{
    static uint16_t d5[1u << 11], d4[1u << 9], d6[1u << 12], dr[1u << 9];
    static uint32_t r5[8192], r4[4096], r6[32768];
    static uint8_t rows[2048][16];
    static uint8_t window[14641];
    uint64_t seed = SEED0;
    for (int attempt = 0;; attempt++, seed++) {
        if (attempt == 1000) {
            fprintf(stderr, "gen_tables: no perfect hash found\n");
            return 1;
        }
        rng_state = seed;
        for (int r = 1; r <= 13; r++)
            rank_key[r] = splitmix64() & RANK_KEY_BITS;
        int cnt[14] = {0};
        nentries = 0;
        enumerate(5, 1, cnt, 0);
        if (nentries != 6175 || !place(8192, 53, d5, 1))
            continue;
        records(r5, 8192);
        nentries = 0;
        for (int size = 0; size <= 4; size++)
            enumerate(size, 1, cnt, 0);
        if (nentries != 2380 || !place(4096, 55, d4, 1))
            continue;
        records(r4, 4096);
        nentries = 0;
        enumerate(6, 1, cnt, 0);
        if (nentries != 18395 || !place(32768, 52, d6, 1))
            continue;
        records(r6, 32768);
        nentries = 0;
        enumerate(4, 1, cnt, 0);
        if (nentries != 1820 || !place(2048, 55, dr, 0))
            continue;
        memset(rows, 0, sizeof rows);
        for (size_t e = 0; e < nentries; e++)
            memcpy(rows[entries[e].slot], entries[e].row, 16);
        break;
    }
    /* The frontline window table: the four cards before the placed one,
     * newest first, each as a digit: its rank minus the placed card's rank
     * plus 5 (1..9), or 0 / 10 when further than 4 ranks below / above,
     * absent, or when the placed card is the joker: such a card ends every
     * window that reaches it, since a combination spans at most five
     * consecutive ranks. Index digit0 + 11 digit1 + 121 digit2 + 1331
     * digit3; value the combination of the largest scoring window. */
    for (int idx = 0; idx < 14641; idx++) {
        int cnt[14] = {0}, x = idx;
        unsigned best = 0;
        cnt[5]++; /* the placed card, at relative rank 5 */
        for (int k = 2; k <= 5; k++, x /= 11) {
            int digit = x % 11;
            if (digit == 0 || digit == 10)
                break;
            cnt[digit]++;
            if (cnt[digit] > 4)
                break; /* five of a rank cannot be dealt */
            unsigned c = combo_of(cnt);
            if (c)
                best = c;
        }
        window[idx] = (uint8_t)best;
    }
    /* The digits, weighted by 11^k for the k-th newest card: by the placed
     * card's rank index (card >> 2; 13 is the joker) and the older card's
     * byte (a card 0..51, or BFC_CARD_NONE). */
    static uint16_t weight[4][14][256];
    for (int k = 0, w = 1; k < 4; k++, w *= 11)
        for (int row = 0; row < 14; row++)
            for (int b = 0; b < 256; b++) {
                const int e = b / 4 - row + 5;
                const int digit = row == 13 || b > 51 ? 10 : e < 1 ? 0 : e > 9 ? 10 : e;
                weight[k][row][b] = (uint16_t)(w * digit);
            }
    uint64_t bit[256], key[256];
    uint8_t value[256];
    for (unsigned c = 0; c < 256; c++) {
        bit[c] = c < 52 ? UINT64_C(1) << c : c == 52 ? UINT64_C(1) << 52 : UINT64_C(1) << 63;
        /* RULES 2.1: the suit field counts the card in its suit's nibble,
         * plus 8 for a jack (nobs) */
        key[c] = c < 52 ? rank_key[c / 4 + 1] +
                              ((UINT64_C(1) + (c / 4 + 1 == 11 ? 8u : 0u)) << (SUIT_SHIFT + 4 * (c % 4)))
                        : 0;
        value[c] = (uint8_t)(c < 52 ? (c / 4 + 1 > 10 ? 10 : c / 4 + 1) : 0);
    }
    printf("/* Generated by tools/gen_tables.c (rank-key seed 0x%llx); do not edit.\n"
           " * Regenerate with `make tables`; `make check` proves this file current. */\n"
           "#include \"internal.h\"\n\n",
           (unsigned long long)seed);
    printf("const struct bfc__tables bfc__tab = {\n");
    printf("    .front_weight = {");
    for (int k = 0; k < 4; k++) {
        printf("\n        {");
        for (int row = 0; row < 14; row++) {
            printf("\n            {");
            for (int b = 0; b < 256; b++)
                printf("%s%u,", b % 16 ? " " : "\n                ", weight[k][row][b]);
            printf("\n            },");
        }
        printf("\n        },");
    }
    printf("\n    },\n");
    emit_u64("card_bit", bit, 256);
    emit_u64("card_key", key, 256);
    for (unsigned c = 0; c < 256; c++)
        key[c] = c < 52 ? rank_key[c / 4 + 1] : 0;
    emit_u64("rank_key", key, 256);
    /* The mask of a four-card flush by score flags: BFC_CRIB (1) has none. */
    printf("    .four_flush = {UINT64_C(0x%016llx), 0, UINT64_C(0x%016llx), 0},\n",
           (unsigned long long)FOURS, (unsigned long long)FOURS);
    emit_u8("card_value", value, 256);
    /* The shift that brings a card's suit field to bit 0. */
    uint8_t shift[256];
    for (unsigned c = 0; c < 256; c++)
        shift[c] = (uint8_t)(c < 52 ? SUIT_SHIFT + 4 * (c % 4) : 0);
    emit_u8("suit_shift", shift, 256);
    /* The suit points of a show from the suit field of its hand cards
     * (count + 8 for the jack) in the starter's suit: a flush of the hand
     * and the starter (1 more than the hand's four, or 5 in a crib) and
     * nobs. suit_points[field][flags & 3], BFC_CRIB = 1. */
    printf("    .suit_points = {");
    for (unsigned f = 0; f < 16; f++) {
        const unsigned four = (f & 7u) == 4, jack = f >> 3;
        printf("%s{", f % 4 ? " " : "\n        ");
        for (unsigned c = 0; c < 4; c++)
            printf("%s%u", c ? ", " : "", (c & 1) ? 5 * four + jack : four + jack);
        printf("},");
    }
    printf("\n    },\n");
    /* The same points for two suits at once, for the batch scorer: the
     * suit fields of suits 2k and 2k + 1 (a byte of a key sum) give two
     * bytes. suit_pair_points[crib][byte]. */
    printf("    .suit_pair_points = {");
    for (unsigned c = 0; c < 2; c++) {
        printf("\n        {");
        for (unsigned b = 0; b < 256; b++) {
            unsigned v = 0;
            for (unsigned h = 0; h < 2; h++) {
                const unsigned f = (b >> (4 * h)) & 15u, four = (f & 7u) == 4, jack = f >> 3;
                v |= (c ? 5 * four + jack : four + jack) << (8 * h);
            }
            printf("%s%u,", b % 12 ? " " : "\n            ", v);
        }
        printf("\n        },");
    }
    printf("\n    },\n");
    /* The BFC hand's flush-with-turn and nobs as an addend to its score
     * (total in byte 0, flush byte 4, nobs byte 5). */
    uint64_t bf_add[16];
    for (unsigned f = 0; f < 16; f++) {
        const uint64_t four = (f & 7u) == 4, jack = f >> 3;
        bf_add[f] = four + jack + (four << 32) + (jack << 40);
    }
    emit_u64("bf_add", bf_add, 16);
    emit_u16("h5_disp", d5, 1u << 11);
    emit_u32("h5_rec", r5, 8192);
    emit_u16("h4_disp", d4, 1u << 9);
    emit_u32("h4_rec", r4, 4096);
    emit_u16("h6_disp", d6, 1u << 12);
    emit_u32("h6_rec", r6, 32768);
    emit_u16("row_disp", dr, 1u << 9);
    printf("    .rows = {");
    for (unsigned i = 0; i < 2048; i++) {
        printf("\n        {");
        for (unsigned j = 0; j < 16; j++)
            printf("%s%u", j ? ", " : "", rows[i][j]);
        printf("},");
    }
    printf("\n    },\n");
    emit_u8("front_window", window, 14641);
    /* A placement's score (bfc_frontline_score) as two little-endian words:
     * bytes 0..7 and 8..11. By combination: combination points, combo and
     * its cards in bytes 4..6, and the points for the placer (byte 8). */
    static const unsigned points[11] = {0, 2, 6, 12, 3, 4, 5, 8, 10, 15, 16};
    static const unsigned cards[11] = {0, 2, 3, 4, 3, 4, 5, 4, 5, 5, 5};
    uint64_t combo_a[11];
    uint32_t combo_b[11];
    for (unsigned c = 0; c < 11; c++) {
        combo_a[c] = (uint64_t)points[c] << 32 | (uint64_t)c << 40 | (uint64_t)cards[c] << 48;
        combo_b[c] = points[c];
    }
    emit_u64("front_combo_a", combo_a, 11);
    emit_u32("front_combo_b", combo_b, 11);
    /* By a placement that keeps the frontline (RULES 2.3, D8), indexed by
     * sum + 32 for the turn card + 64 for a jack: the sum (byte 1), 2 for
     * 15 or 31 (byte 3), 1 for the turn card's last card unless the sum is
     * 31 (byte 7), their points for the placer (byte 8) and, for a jack
     * turn card, 2 knobs for the dealer (byte 10, RULES 4.5). */
    uint64_t sum_a[128];
    uint32_t sum_b[128];
    for (unsigned jack = 0; jack < 2; jack++)
        for (unsigned turn = 0; turn < 2; turn++)
            for (unsigned total = 0; total < 32; total++) {
                const unsigned f15 = total == 15 || total == 31 ? 2 : 0;
                const unsigned last = turn && total != 31;
                const unsigned i = 64 * jack + 32 * turn + total;
                sum_a[i] = (uint64_t)total << 8 | (uint64_t)f15 << 24 | (uint64_t)last << 56;
                sum_b[i] = f15 + last + (jack && turn ? 2u << 16 : 0);
            }
    emit_u64("front_sum_a", sum_a, 128);
    emit_u32("front_sum_b", sum_b, 128);
    /* 64 for a jack (the index above), 2 knobs (byte 10) for the renewed. */
    uint32_t knobs[256];
    for (unsigned c = 0; c < 256; c++)
        knobs[c] = c >= 40 && c < 44 ? 64u : 0;
    emit_u32("front_jack", knobs, 256);
    uint64_t reset[256];
    for (unsigned c = 0; c < 256; c++)
        reset[c] = c == 52 ? ~UINT64_C(0) : 0;
    emit_u64("front_reset", reset, 256);
    uint32_t row_of[256];
    for (unsigned c = 0; c < 256; c++)
        row_of[c] = 256 * (c <= 52 ? c / 4 : 13);
    emit_u32("front_row", row_of, 256);
    /* The two cards of each two-card discard move (bfc.h: pairs a < b in
     * order, 0 1, 0 2, ..., 50 51): a in the low byte, b in the high. */
    uint16_t pairs[1326];
    unsigned np = 0;
    for (unsigned a = 0; a < 52; a++)
        for (unsigned b = a + 1; b < 52; b++)
            pairs[np++] = (uint16_t)(a | b << 8);
    emit_u16("pair_cards", pairs, 1326);
    /* card_bits: a standard card's bit; any other byte, the joker too, the
     * twelve bits 52..63, so that five cards are five distinct standard
     * cards exactly when the OR of their card_bits has five bits. */
    uint64_t bits[256];
    for (unsigned c = 0; c < 256; c++)
        bits[c] = c < 52 ? UINT64_C(1) << c : ~UINT64_C(0) << 52;
    emit_u64("card_bits", bits, 256);
    printf("};\n");
    free(entries);
    return 0;
}
