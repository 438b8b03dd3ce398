/* JSON strings out, flat objects in (json.h). */
#include "json.h"

#include <string.h>

#include "utf8.h"

/* One ASCII byte of a JSON string, escaped where JSON asks. */
static void json_ascii(FILE *f, unsigned char c)
{
    if (c == '"' || c == '\\') {
        putc('\\', f);
        putc(c, f);
    } else if (c == '\n') {
        fputs("\\n", f);
    } else if (c == '\t') {
        fputs("\\t", f);
    } else if (c == '\r') {
        fputs("\\r", f);
    } else if (c < 0x20 || c == 0x7F) {
        fprintf(f, "\\u%04x", c);
    } else {
        putc(c, f);
    }
}

void json_string(FILE *f, const char *str)
{
    const unsigned char *s = (const unsigned char *)str;
    const size_t n = strlen(str);
    putc('"', f);
    for (size_t i = 0; i < n;) {
        const size_t l = utf8_len(s + i, n - i);
        if (l == 0) {
            fputs("\\ufffd", f);
            i++;
        } else {
            if (l > 1)
                fwrite(s + i, 1, l, f);
            else
                json_ascii(f, s[i]);
            i += l;
        }
    }
    putc('"', f);
}

/* ---- Reading ------------------------------------------------------------ */

static void skip_blanks(char **p)
{
    while (**p == ' ' || **p == '\t' || **p == '\r')
        (*p)++;
}

/* Cuts the string at *p (on its opening quote) out of the line in place;
 * returns its text, or NULL for an escape, a control byte or no end. */
static char *take_string(char **p)
{
    char *s = ++*p;
    while (**p && **p != '"') {
        if (**p == '\\' || (unsigned char)**p < 0x20)
            return NULL;
        (*p)++;
    }
    if (**p != '"')
        return NULL;
    *(*p)++ = '\0';
    return s;
}

/* The value at *p into kv: a string, or a run of number/true/false/null
 * characters (cut later, by the caller). NULL, or what is wrong. */
static const char *take_value(char **p, struct json_pair *kv)
{
    kv->is_string = **p == '"';
    if (kv->is_string)
        return (kv->val = take_string(p)) ? NULL : "bad string";
    kv->val = *p;
    while (**p && strchr("0123456789+-.eEtrufalsn", **p))
        (*p)++;
    return *p == kv->val ? "bad value" : NULL;
}

/* One "key": value pair at *p, then its ',' or '}' in *next. */
static const char *take_pair(char **p, struct json_pair *kv, char *next)
{
    skip_blanks(p);
    if (**p != '"' || !(kv->key = take_string(p)))
        return "bad key";
    skip_blanks(p);
    if (**p != ':')
        return "':' missing";
    (*p)++;
    skip_blanks(p);
    const char *why = take_value(p, kv);
    if (why)
        return why;
    char *end = *p; /* the value ends here; cut it after looking on */
    skip_blanks(p);
    *next = **p;
    if (*next) /* never past the line's end (issue 39: a line that ends
                  here was read one byte beyond its buffer) */
        (*p)++;
    *end = '\0';
    return *next == '}' || *next == ',' ? NULL : "',' or '}' missing";
}

static int has_twice(const struct json_pair *pairs, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            if (strcmp(pairs[i].key, pairs[j].key) == 0)
                return 1;
    return 0;
}

int json_parse_flat(char *line, struct json_pair *pairs, const char **why)
{
    char *p = line, next = '}';
    int n = 0;
    skip_blanks(&p);
    *why = *p != '{' ? "not a JSON object" : NULL;
    if (!*why)
        p++;
    skip_blanks(&p);
    if (!*why && *p == '}')
        p++;
    else
        while (!*why) {
            *why = n == JSON_MAX_PAIRS ? "too many keys" : take_pair(&p, &pairs[n++], &next);
            if (next == '}')
                break;
        }
    skip_blanks(&p);
    if (!*why && *p != '\0' && *p != '\n')
        *why = "text after the object";
    if (!*why && has_twice(pairs, n))
        *why = "a key twice";
    return *why ? -1 : n;
}

const struct json_pair *json_find(const struct json_pair *kv, int n, const char *key)
{
    for (int i = 0; i < n; i++)
        if (strcmp(kv[i].key, key) == 0)
            return &kv[i];
    return NULL;
}
