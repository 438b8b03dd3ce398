/* UTF-8: where one character ends, for quoting, escaping and JSON. */
#ifndef EXAMPLES_UTF8_H
#define EXAMPLES_UTF8_H

#include <stddef.h>

/* The length of the valid UTF-8 sequence at s[0..n), or 0 when s[0] does
 * not begin one (a stray continuation byte, an overlong form, a surrogate,
 * above U+10FFFF, or cut short). */
size_t utf8_len(const unsigned char *s, size_t n);

#endif
