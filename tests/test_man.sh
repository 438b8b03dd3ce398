# The manual pages (man/): each is what man/gen_man.py writes now from its
# tool's --help or from bfc.h (`make man` after changing either), formats
# without a single warning (groff -ww, man --warnings), has a NAME line
# that man's index reads, names every option its tool's --help names, and
# libbfc(3) every function bfc.h declares.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PY=${PYTHON:-python3}
have_py=1
command -v "$PY" >/dev/null 2>&1 || have_py=0
[ "$have_py" = 1 ] || echo "note: no $PY: the pages are not compared with what man/gen_man.py writes"

# roff source as plain text, for looking names up: escapes of - and fonts gone
plain() { sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\&//g' -e 's/\\(dq/"/g' "$1"; }

# formats PAGE: no output on standard error from groff -ww or man --warnings
formats_clean() {
    groff -ww -z -man -Tutf8 "$1" >"$tmp/groff.err" 2>&1 && [ ! -s "$tmp/groff.err" ] || return 1
    if command -v man >/dev/null 2>&1; then
        MANWIDTH=80 man --warnings -E UTF-8 -l "$1" >/dev/null 2>"$tmp/man.err" && [ ! -s "$tmp/man.err" ] || return 1
    fi
}

for t in bfc-score bfc-play bfc-sim bfc-advise bfc-engine bfc-arena; do
    page=man/$t.1
    bin=examples/$t/$t
    check "$page exists" test -s "$page"
    if [ "$have_py" = 1 ]; then
        if "$PY" man/gen_man.py tool "$bin" >"$tmp/$t.1" 2>"$tmp/gen.err"; then ok; else
            cat "$tmp/gen.err"
            fail "man/gen_man.py tool $bin"
        fi
        check "$page is what man/gen_man.py writes from $t --help (run make man)" cmp -s "$tmp/$t.1" "$page"
    fi
    if command -v groff >/dev/null 2>&1; then
        if formats_clean "$page"; then ok; else
            cat "$tmp/groff.err" "$tmp/man.err" 2>/dev/null
            fail "$page formats without warnings"
        fi
    fi
    if command -v lexgrog >/dev/null 2>&1; then
        check "$page has a NAME line for man's index" sh -c "lexgrog '$page' | grep -q '\"$t - '"
    fi
    # every option --help names is in the page
    plain "$page" >"$tmp/page.txt"
    "$bin" --help | grep -oE -- '(^|[^A-Za-z0-9-])--?[A-Za-z][A-Za-z0-9-]*' | sed 's/^[^-]*//' | sort -u >"$tmp/opts"
    check "$t --help names some options" test "$(wc -l <"$tmp/opts")" -gt 5
    missing=$(while read -r o; do grep -qF -- "$o" "$tmp/page.txt" || printf '%s ' "$o"; done <"$tmp/opts")
    check "$page names every option of $t --help (missing: $missing)" test -z "$missing"
    # issue 38: the README's long reference lives in man/NAME.md, and every
    # one of its sections is a section of the page
    if [ -f "man/$t.md" ]; then
        titles=$(sed -n 's/^## //p' "man/$t.md")
        check "man/$t.md has sections" test -n "$titles"
        missing=$(printf '%s\n' "$titles" | while read -r h; do
            H=$(printf '%s' "$h" | tr '[:lower:]' '[:upper:]' | sed 's/-/\\-/g')
            grep -qxF -e ".SH $H" -e ".SH \"$H\"" "$page" || printf '%s; ' "$h"
        done)
        check "$page has every section of man/$t.md (missing: $missing)" test -z "$missing"
    fi
    for s in NAME SYNOPSIS DESCRIPTION OPTIONS EXAMPLES "\"EXIT STATUS\"" "\"SEE ALSO\""; do
        check "$page has the section $s" grep -qx ".SH $s" "$page"
    done
done

page=man/libbfc.3
check "$page exists" test -s "$page"
if [ "$have_py" = 1 ]; then
    "$PY" man/gen_man.py lib include/bfc.h >"$tmp/libbfc.3"
    check "$page is what man/gen_man.py writes from include/bfc.h (run make man)" cmp -s "$tmp/libbfc.3" "$page"
fi
if command -v groff >/dev/null 2>&1; then
    if formats_clean "$page"; then ok; else
        cat "$tmp/groff.err" "$tmp/man.err" 2>/dev/null
        fail "$page formats without warnings"
    fi
fi
if command -v lexgrog >/dev/null 2>&1; then
    check "$page has a NAME line for man's index" sh -c "lexgrog '$page' | grep -q '\"libbfc - '"
fi
plain "$page" >"$tmp/page.txt"
declared=$(sed -n 's/^BFC_API [^(]*[ *]\(bfc_[a-z0-9_]*\)(.*/\1/p' include/bfc.h | sort -u)
check "bfc.h declares some functions" test "$(printf '%s\n' "$declared" | wc -l)" -gt 50
missing=$(for f in $declared; do grep -q "$f(" "$tmp/page.txt" || printf '%s ' "$f"; done)
check "$page shows every function bfc.h declares (missing: $missing)" test -z "$missing"
version=$(sed -n 's/^#define BFC_VERSION_STRING "\(.*\)".*/\1/p' include/bfc.h)
for p in man/*.1 man/libbfc.3; do
    check "$p is of libbfc $version" grep -q "^\.TH .*\"libbfc $version\"" "$p"
done
# bfc.h's CONTENTS list names every section of the header, in the order
# they come: a section's name is its banner's title up to the first '(',
# ':' or '.', a list entry's its text up to '(' or two spaces.
sections=$(awk '/^\/\* =+$/ { getline; sub(/^ \* /, ""); sub(/[(:.].*/, ""); sub(/ +$/, ""); print }' \
    include/bfc.h)
listed=$(awk '/^ \* CONTENTS\./ { on = 1; next } on && /^ \* -+$/ { exit }
    on && /^ \*   [^ ]/ { sub(/^ \*   /, ""); sub(/  .*/, ""); sub(/ *\(.*/, ""); print }' include/bfc.h)
check "bfc.h has some sections" test "$(printf '%s\n' "$sections" | wc -l)" -gt 15
unlisted=$(printf '%s\n' "$sections" | grep -v -x -F -e "$listed" | tr '\n' ';')
unknown=$(printf '%s\n' "$listed" | grep -v -x -F -e "$sections" | tr '\n' ';')
check "bfc.h's CONTENTS names every section (missing: $unlisted)" test -z "$unlisted"
check "bfc.h's CONTENTS names only its sections (no such section: $unknown)" test -z "$unknown"
check "bfc.h's CONTENTS lists the sections in their order" test "$listed" = "$sections"
# the pages point to the rules reference where it is installed
check "the pages name the installed rules reference" grep -q 'share/doc/libbfc/rules\.md' "$page"
done_
