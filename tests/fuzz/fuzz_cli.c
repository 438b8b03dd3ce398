/* Fuzz target: bfc-score's batch lines (`bfc-score [MODE] [--json] -`).
 *
 * bfc-score's own code (examples/bfc-score/, all but main.c, and
 * examples/common/) is linked into this target as objects, and each input
 * is one run of batch lines through its batch_line():
 *   byte 0: the mode (% 6) and, in its high bits, --unicode;
 *   byte 1: the mode's options (--crib, --noddy, --five-card, --turn-card,
 *           --any-lay-away), kept only where the mode takes them;
 *   the rest: the text, split at newlines as batch mode reads stdin; only
 *           its first 8 lines are read (lines are answered one by one, so
 *           more of them in one input only make it slower).
 * Every line is answered twice, with --json into one memory stream and in
 * plain text into another. Invariants: never a crash; exactly one JSON
 * output line per input line, each one well-formed JSON value (an object,
 * or null for a blank line; checked by a small parser here) holding no raw
 * control byte; every plain answer begins "line N: " and is text with no
 * NUL.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "bfc-score.h"
#include "line.h"

#include "fuzz.h"

const char fuzz_target_name[] = "fuzz_cli";

#define CLI_LINES 8 /* the lines of one input that are read */
const char tool_name[] = "bfc-score";

/* ---- A small JSON checker (RFC 8259 grammar, no semantics) --------------- */

static const char *json_value(const char *p, int depth);

static const char *ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    return p;
}

static const char *json_str(const char *p)
{
    if (*p++ != '"')
        return NULL;
    for (;;) {
        const unsigned char c = (unsigned char)*p++;
        if (c == '"')
            return p;
        if (c < 0x20)
            return NULL;
        if (c == '\\') {
            const char e = *p++;
            if (e == 'u') {
                for (int i = 0; i < 4; i++, p++)
                    if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f') ||
                          (*p >= 'A' && *p <= 'F')))
                        return NULL;
            } else if (!strchr("\"\\/bfnrt", e) || e == 0) {
                return NULL;
            }
        }
    }
}

static const char *json_num(const char *p)
{
    if (*p == '-')
        p++;
    if (*p == '0')
        p++;
    else if (*p >= '1' && *p <= '9')
        while (*p >= '0' && *p <= '9')
            p++;
    else
        return NULL;
    if (*p == '.') {
        p++;
        if (*p < '0' || *p > '9')
            return NULL;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    return p;
}

static const char *json_seq(const char *p, char close, int object, int depth)
{
    p = ws(p + 1);
    if (*p == close)
        return p + 1;
    for (;;) {
        if (object) {
            p = json_str(p);
            if (!p)
                return NULL;
            p = ws(p);
            if (*p++ != ':')
                return NULL;
        }
        p = json_value(ws(p), depth + 1);
        if (!p)
            return NULL;
        p = ws(p);
        if (*p == close)
            return p + 1;
        if (*p++ != ',')
            return NULL;
        p = ws(p);
    }
}

static const char *json_value(const char *p, int depth)
{
    if (depth > 32)
        return NULL;
    switch (*p) {
    case '{': return json_seq(p, '}', 1, depth);
    case '[': return json_seq(p, ']', 0, depth);
    case '"': return json_str(p);
    case 't': return strncmp(p, "true", 4) == 0 ? p + 4 : NULL;
    case 'f': return strncmp(p, "false", 5) == 0 ? p + 5 : NULL;
    case 'n': return strncmp(p, "null", 4) == 0 ? p + 4 : NULL;
    default: return json_num(p);
    }
}

/* out holds exactly `lines` lines, each one JSON object or null. */
static void check_json_lines(const char *out, size_t len, size_t lines)
{
    FUZZ_CHECK(strlen(out) == len);
    size_t seen = 0;
    const char *p = out;
    while (*p) {
        FUZZ_CHECK(*p == '{' || strncmp(p, "null\n", 5) == 0);
        const char *end = json_value(p, 0);
        FUZZ_CHECK(end != NULL);
        FUZZ_CHECK(*end == '\n');
        p = end + 1;
        seen++;
    }
    FUZZ_CHECK(seen == lines);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2 || size > 4096)
        return 0;
    struct opts o;
    memset(&o, 0, sizeof o);
    o.mode = (enum mode)(data[0] % 6);
    o.mode_given = 1;
    o.json = 1;
    o.unicode = (data[0] >> 7) & 1;
    const unsigned f = data[1];
    o.crib = o.mode == M_SHOW && (f & 1);
    o.five_card = o.mode == M_SHOW && (f & 2);
    o.noddy = (o.mode == M_SHOW || o.mode == M_PEG) && (f & 4) && !o.crib && !o.five_card;
    o.turn_card = o.mode == M_FRONTLINE && (f & 8);
    o.any_lay_away = o.mode == M_BATTLEFIELD && (f & 16);

    char text[4097];
    memcpy(text, data + 2, size - 2);
    text[size - 2] = 0;

    char *json = NULL, *plain = NULL;
    size_t json_len = 0, plain_len = 0, lines = 0;
    FILE *js = open_memstream(&json, &json_len);
    FILE *ps = open_memstream(&plain, &plain_len);
    struct result *r = malloc(sizeof *r);
    FUZZ_CHECK(js && ps && r);
    struct opts po = o;
    po.json = 0;
    for (char *text_line = text, *next; text_line && lines < CLI_LINES; text_line = next) {
        next = strchr(text_line, '\n');
        if (next)
            *next++ = 0;
        struct line l = {text_line, strlen(text_line), strlen(text_line) + 1, 0, 0};
        lines++;
        const int failed = batch_line(js, &o, r, &l, lines);
        fflush(ps);
        const long before = ftell(ps);
        FUZZ_CHECK(batch_line(ps, &po, r, &l, lines) == failed);
        fflush(ps);
        char want[32];
        snprintf(want, sizeof want, "line %zu: ", lines);
        FUZZ_CHECK(ftell(ps) > before && strncmp(plain + before, want, strlen(want)) == 0);
    }
    FUZZ_CHECK(fclose(js) == 0 && fclose(ps) == 0);
    check_json_lines(json, json_len, lines);
    FUZZ_CHECK(strlen(plain) == plain_len);
    free(json);
    free(plain);
    free(r);
    return 0;
}
