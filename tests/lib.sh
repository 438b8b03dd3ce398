# Shared by the shell tests: counters and the closing line.
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL $*" >&2; }
check() { # check DESCRIPTION COMMAND...
    d=$1
    shift
    if "$@"; then ok; else fail "$d"; fi
}
done_() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
