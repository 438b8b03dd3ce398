/* UTF-8 sequences (utf8.h). */
#include "utf8.h"

/* The length a lead byte announces and its payload bits; 0 if none. */
static size_t lead(unsigned char c, unsigned *cp)
{
    if (c >= 0xC2 && c <= 0xDF) {
        *cp = c & 0x1Fu;
        return 2;
    }
    if (c >= 0xE0 && c <= 0xEF) {
        *cp = c & 0x0Fu;
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        *cp = c & 0x07u;
        return 4;
    }
    return 0;
}

size_t utf8_len(const unsigned char *s, size_t n)
{
    if (s[0] < 0x80)
        return 1;
    unsigned cp = 0;
    const size_t len = lead(s[0], &cp);
    if (len == 0 || n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0u) != 0x80u)
            return 0;
        cp = cp << 6 | (s[i] & 0x3Fu);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}
