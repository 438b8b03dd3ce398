# The committed src/tables.c is exactly what tools/gen_tables.c generates.
. tests/lib.sh
tmp=$(mktemp)
if ./build/gen_tables >"$tmp"; then ok; else fail "gen_tables ran"; fi
check "src/tables.c is up to date (run make tables)" cmp -s "$tmp" src/tables.c
rm -f "$tmp"
done_
