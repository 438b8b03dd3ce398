/* Messages on standard error (msg.h). */
#include "msg.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

void msg_safe(FILE *f, const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    const size_t n = strlen(text);
    for (size_t i = 0; i < n;) {
        const size_t l = utf8_len(s + i, n - i);
        if (l == 0 || (l == 1 && (s[i] < 0x20 || s[i] == 0x7F))) {
            fprintf(f, "\\x%02X", s[i]);
            i++;
            continue;
        }
        fwrite(s + i, 1, l, f);
        i += l;
    }
}

/* "TOOL: " and what (as "note: "), then the message, on standard error. */
static void vsay(const char *what, const char *fmt, va_list ap) PRINTF_LIKE(2, 0);
static void vsay(const char *what, const char *fmt, va_list ap)
{
    char text[1024];
    vsnprintf(text, sizeof text, fmt, ap);
    fprintf(stderr, "%s: %s", tool_name, what);
    msg_safe(stderr, text);
    putc('\n', stderr);
}

void msg_verror(const char *fmt, va_list ap) { vsay("", fmt, ap); }

void msg_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay("note: ", fmt, ap);
    va_end(ap);
}

void msg_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    msg_verror(fmt, ap);
    va_end(ap);
}

void msg_die(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    msg_verror(fmt, ap);
    va_end(ap);
    exit(status);
}
