/* Text output into caller buffers, snprintf-style (see internal.h). */
#include "internal.h"

void bfc__put(bfc__text *t, const char *s)
{
    for (; *s; s++, t->len++)
        if (t->len + 1 < t->cap)
            t->buf[t->len] = *s;
}

void bfc__putnum(bfc__text *t, long long v)
{
    char d[24], s[24];
    size_t n = 0;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do
        d[n++] = (char)('0' + u % 10);
    while ((u /= 10) != 0);
    if (v < 0)
        d[n++] = '-';
    for (size_t i = 0; i < n; i++)
        s[i] = d[n - 1 - i];
    s[n] = 0;
    bfc__put(t, s);
}

int bfc__text_end(const bfc__text *t)
{
    if (t->cap > 0)
        t->buf[t->len < t->cap ? t->len : t->cap - 1] = 0;
    return (int)t->len;
}
