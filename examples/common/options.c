/* Walking a command line (options.h). */
#include "options.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "msg.h"

void option_start(struct option_iter *it, int argc, char **argv)
{
    memset(it, 0, sizeof *it);
    it->argc = argc;
    it->argv = argv;
    it->next = 1;
}

/* The option of this name (name[0..len)), or NULL. "-h" is --help. */
static const struct option_spec *find(const struct option_spec *specs, const char *name,
                                      size_t len)
{
    if (len == 2 && strncmp(name, "-h", 2) == 0) {
        name = "--help";
        len = 6;
    }
    for (; specs->name; specs++)
        if (strlen(specs->name) == len && strncmp(specs->name, name, len) == 0)
            return specs;
    return NULL;
}

static int fail(struct option_iter *it, const char *fmt, ...) PRINTF_LIKE(2, 3);
static int fail(struct option_iter *it, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(it->error, sizeof it->error, fmt, ap);
    va_end(ap);
    return OPT_ERROR;
}

/* The value of option o written as a (its '=' at eq, or NULL). */
static int take_value(struct option_iter *it, const struct option_spec *o, const char *eq)
{
    if (!o->takes_value) {
        if (eq)
            return fail(it, "option '%.*s' takes no value", (int)(eq - it->arg), it->arg);
        return o->id;
    }
    if (eq)
        it->value = eq + 1;
    else if (it->next < it->argc)
        it->value = it->argv[it->next++];
    else
        return fail(it, "%s needs a value", it->arg);
    return o->id;
}

int option_next(struct option_iter *it, const struct option_spec *specs)
{
    it->value = NULL;
    for (;;) {
        if (it->next >= it->argc)
            return OPT_END;
        const char *a = it->arg = it->argv[it->next++];
        if (it->only_args || a[0] != '-' || strcmp(a, "-") == 0)
            return OPT_ARG;
        if (strcmp(a, "--") != 0)
            break;
        it->only_args = 1;
    }
    const char *a = it->arg;
    const char *eq = strncmp(a, "--", 2) == 0 ? strchr(a, '=') : NULL;
    const struct option_spec *o = find(specs, a, eq ? (size_t)(eq - a) : strlen(a));
    if (!o)
        return fail(it, "unknown option '%.100s'", a);
    return take_value(it, o, eq);
}

int parse_u64(const char *s, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    if (!*s)
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        const unsigned digit = (unsigned)(*s - '0');
        if (digit > max || v > (max - digit) / 10)
            return -1;
        v = v * 10 + digit;
    }
    *out = v;
    return 0;
}
