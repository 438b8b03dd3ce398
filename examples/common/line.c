/* Reading lines (line.h). */
#include "line.h"

#include <stdlib.h>

/* Appends one byte, growing the buffer; 0, or -1 when out of memory. */
static int append(struct line *l, char ch)
{
    if (!l->buf || l->len + 1 >= l->cap) {
        const size_t ncap = l->cap ? l->cap * 2 : 256;
        char *nb = realloc(l->buf, ncap);
        if (!nb)
            return -1;
        l->buf = nb;
        l->cap = ncap;
    }
    l->buf[l->len++] = ch;
    return 0;
}

int line_read(FILE *in, struct line *l)
{
    int ch, any = 0, oom = 0;
    l->len = 0;
    l->too_long = 0;
    l->has_nul = 0;
    while ((ch = getc(in)) != EOF) {
        any = 1;
        if (ch == '\n')
            break;
        l->has_nul |= ch == '\0';
        if (l->too_long || oom)
            continue;
        if (l->len >= LINE_MAX_BYTES)
            l->too_long = 1;
        else if (append(l, (char)ch) != 0)
            oom = 1;
    }
    if (!any)
        return 0;
    if (!l->buf && append(l, '\0') == 0) /* an empty first line */
        l->len = 0;
    if (!l->buf)
        return -1;
    l->buf[l->len] = '\0';
    return oom ? -1 : 1;
}

void line_free(struct line *l)
{
    free(l->buf);
    l->buf = NULL;
    l->len = l->cap = 0;
}
