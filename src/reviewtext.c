/* Text for the review and the explanations (reviewtext.h). */
#include <string.h>

#include "reviewtext.h"

void bfc__rt_put(rtext *t, const char *s)
{
    for (; *s; s++, t->len++)
        if (t->len + 1 < t->cap)
            t->buf[t->len] = *s;
}

void bfc__rt_unum(rtext *t, uint64_t v)
{
    char d[24];
    size_t n = 0;
    do
        d[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    char s[24];
    for (size_t i = 0; i < n; i++)
        s[i] = d[n - 1 - i];
    s[n] = 0;
    bfc__rt_put(t, s);
}

void bfc__rt_num(rtext *t, long long v)
{
    if (v < 0) {
        bfc__rt_put(t, "-");
        bfc__rt_unum(t, 0ull - (unsigned long long)v);
    } else {
        bfc__rt_unum(t, (uint64_t)v);
    }
}

void bfc__rt_fixed(rtext *t, double v, int decimals)
{
    if (!(v == v)) { /* NaN */
        bfc__rt_put(t, "?");
        return;
    }
    if (decimals < 0)
        decimals = 0;
    if (decimals > 4)
        decimals = 4;
    uint64_t scale = 1;
    for (int i = 0; i < decimals; i++)
        scale *= 10;
    const int neg = v < 0;
    double a = neg ? -v : v;
    if (a > 1e12)
        a = 1e12;
    const uint64_t q = (uint64_t)(a * (double)scale + 0.5);
    if (neg && q != 0)
        bfc__rt_put(t, "-");
    bfc__rt_unum(t, q / scale);
    if (decimals) {
        bfc__rt_put(t, ".");
        uint64_t f = q % scale;
        char s[8];
        for (int i = decimals - 1; i >= 0; i--) {
            s[i] = (char)('0' + f % 10);
            f /= 10;
        }
        s[decimals] = 0;
        bfc__rt_put(t, s);
    }
}

void bfc__rt_pct(rtext *t, double v)
{
    bfc__rt_fixed(t, 100.0 * v, 1);
    bfc__rt_put(t, "%");
}

void bfc__rt_card(rtext *t, bfc_card c, unsigned flags)
{
    char b[BFC_CARD_TEXT_MAX];
    if (bfc_card_format(c, flags, b, sizeof b) < 0)
        bfc__rt_put(t, "?");
    else
        bfc__rt_put(t, b);
}

int bfc__rt_end(rtext *t)
{
    if (t->cap > 0)
        t->buf[t->len < t->cap ? t->len : t->cap - 1] = 0;
    return t->len > 0x7FFFFFFF ? BFC_EINVAL : (int)t->len;
}

int bfc__move_text(bfc_move m, unsigned flags, char *buf, size_t cap)
{
    bfc_move_info mi;
    if (bfc_move_decode(m, &mi) != BFC_OK)
        return BFC_EINVAL;
    if (!(flags & BFC_UNICODE) || mi.ncards == 0)
        return bfc_move_format(m, buf, cap);
    rtext t = {buf, cap, 0};
    bfc__rt_put(&t, bfc_move_kind_name(mi.kind));
    for (int i = 0; i < mi.ncards; i++) {
        bfc__rt_put(&t, " ");
        bfc__rt_card(&t, mi.card[i], flags);
    }
    return bfc__rt_end(&t);
}
