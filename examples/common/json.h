/*
 * JSON for the tools: writing strings safely, and reading back the flat
 * one-line objects the tools write (keys to strings, numbers, true, false).
 */
#ifndef EXAMPLES_JSON_H
#define EXAMPLES_JSON_H

#include <stdio.h>

/* Writes s as a JSON string: quotes, backslashes and control characters
 * escaped, valid UTF-8 passed through, each byte of invalid UTF-8 written
 * as U+FFFD, so the output is always valid JSON. */
void json_string(FILE *f, const char *s);

/* One key and its value, both NUL-terminated inside the parsed line. */
struct json_pair {
    const char *key, *val;
    int is_string;
};
#define JSON_MAX_PAIRS 1024

/* Parses one flat object (string values without escapes, numbers, true,
 * false), cutting the line in place and reading nothing past its NUL.
 * Returns the number of pairs, or -1 with *why saying what is wrong (a key
 * twice is wrong too). */
int json_parse_flat(char *line, struct json_pair *pairs, const char **why);

/* The pair of this key, or NULL. */
const struct json_pair *json_find(const struct json_pair *kv, int n, const char *key);

#endif
