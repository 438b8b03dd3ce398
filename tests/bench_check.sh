#!/bin/sh
# The speed gate (issue 30, `make bench-check`): instructions counted by
# callgrind for each compiler's build, against the pins of
# tests/bench_pins.txt. A count more than 2 % above its pin fails; one more
# than 2 % below passes with a note (pin it, so the gain is kept). The
# counts are exact for a given binary and input, whatever the machine's
# load: random 2-player playouts of both games (tests/bench_playout.sh,
# BENCH_GAMES games, per game) and the per-call scorers
# (tests/bench_instr.sh).
#
#   sh tests/bench_check.sh [--pin] PINS CC=BENCH [CC=BENCH ...]
#       measures each BENCH (tests/bench.c linked with CC's build of the
#       library) and compares with the pins of CC; --pin writes the counts
#       as CC's pins instead (the other compilers' pins are kept).
#   sh tests/bench_check.sh --compare PINS CC MEASURED
#       compares a file of "WORKLOAD COUNT" lines with the pins of CC
#       (what tests/test_bench_check.sh drives, with no valgrind).
#
# A pins line is "CC WORKLOAD COUNT"; "CC version V" records the compiler
# (`CC -dumpfullversion -dumpversion`) and "CC arch A" the machine (uname -m)
# the pins were taken with. Other lines are comments (#) or blank. Exit
# status 0 when every count is within its pin's 2 %, 1 otherwise, 2 on a
# usage error.
TOLERANCE=${BENCH_TOLERANCE:-2}
GAMES=${BENCH_GAMES:-3000}
here=$(dirname "$0")

usage() {
    echo "usage: sh tests/bench_check.sh [--pin] PINS CC=BENCH [CC=BENCH ...]" >&2
    echo "       sh tests/bench_check.sh --compare PINS CC MEASURED" >&2
    exit 2
}

# compare PINS CC MEASURED: one line per workload, then the verdict.
compare() {
    awk -v cc="$2" -v tol="$TOLERANCE" -v pins="$1" '
    FILENAME == pins {
        if ($0 ~ /^[ \t]*(#|$)/)
            next
        if ($1 != cc)
            next
        if ($2 == "version" || $2 == "arch") {
            meta[$2] = $3
            next
        }
        if (NF != 3 || $3 !~ /^[0-9]+(\.[0-9]+)?$/) {
            printf "%s line %d: want \"CC WORKLOAD COUNT\", got \"%s\"\n", pins, FNR, $0
            bad = 1
            next
        }
        pin[$2] = $3
        order[++npins] = $2
        next
    }
    {
        if ($0 ~ /^[ \t]*$/)
            next
        if (NF != 2 || $2 !~ /^[0-9]+(\.[0-9]+)?$/) {
            printf "measured: want \"WORKLOAD COUNT\", got \"%s\"\n", $0
            bad = 1
            next
        }
        got[$1] = $2
        seen[++nseen] = $1
    }
    END {
        if (npins == 0) {
            printf "%s: no pins for %s (make bench-pin BENCH_CCS=%s writes them)\n", pins, cc, cc
            exit 1
        }
        if (meta["arch"] != "" && here_arch != "" && meta["arch"] != here_arch) {
            printf "%s: the pins of %s were taken on %s, this machine is %s " \
                "(make bench-pin BENCH_CCS=%s pins its counts)\n", pins, cc, meta["arch"],
                here_arch, cc
            exit 1
        }
        if (meta["version"] != "" && here_version != "" && meta["version"] != here_version)
            printf "note: the pins of %s were taken with version %s, this is %s\n", cc,
                meta["version"], here_version
        for (i = 1; i <= npins; i++) {
            w = order[i]
            if (!(w in got)) {
                printf "%-6s %-24s pinned %10.1f, not measured: FAIL\n", cc, w, pin[w]
                bad = 1
                continue
            }
            rise = pin[w] > 0 ? (got[w] - pin[w]) * 100 / pin[w] : (got[w] > 0 ? 100 : 0)
            verdict = "ok"
            if (rise > tol) {
                verdict = sprintf("FAIL (more than %s %% above the pin)", tol)
                bad = 1
            } else if (rise < -tol) {
                verdict = "ok, lower: make bench-pin keeps the gain"
            }
            printf "%-6s %-24s %10.1f  pinned %10.1f  %+6.2f %%  %s\n", cc, w, got[w], pin[w],
                rise, verdict
        }
        for (i = 1; i <= nseen; i++)
            if (!(seen[i] in pin)) {
                printf "%-6s %-24s %10.1f  not pinned: FAIL (make bench-pin)\n", cc, seen[i],
                    got[seen[i]]
                bad = 1
            }
        exit bad ? 1 : 0
    }' here_arch="${BENCH_ARCH-$(uname -m)}" here_version="$BENCH_VERSION" "$1" "$3"
}

# measure BENCH: "WORKLOAD COUNT" lines on stdout; fails without a count.
measure() {
    sh "$here/bench_playout.sh" --raw "$1" "$GAMES" &&
        sh "$here/bench_instr.sh" --raw "$1" "$tmp"
}

# pin PINS CC MEASURED VERSION ARCH: CC's lines of PINS replaced by these.
pin() {
    {
        awk -v cc="$2" '$1 != cc || /^[ \t]*#/' "$1"
        echo "$2 version $4"
        echo "$2 arch $5"
        sed "s/^/$2 /" "$3"
    } >"$tmp/pins.new" && cp "$tmp/pins.new" "$1"
}

mode=check
case "${1:-}" in
--pin)
    mode=pin
    shift
    ;;
--compare)
    [ $# -eq 4 ] || usage
    [ -r "$2" ] || { echo "bench_check: cannot read the pins $2" >&2; exit 2; }
    [ -r "$4" ] || { echo "bench_check: cannot read the counts $4" >&2; exit 2; }
    compare "$2" "$3" "$4"
    exit
    ;;
esac
[ $# -ge 2 ] || usage
pins=$1
shift
[ -r "$pins" ] || [ "$mode" = pin ] || { echo "bench_check: cannot read the pins $pins" >&2; exit 2; }
[ -e "$pins" ] || : >"$pins"
if ! command -v valgrind >/dev/null 2>&1; then
    echo "bench_check: valgrind is not installed (Debian: apt-get install valgrind)" >&2
    exit 1
fi
# The scorers' pins are counts of the AVX2 and POPCNT paths (chosen at run
# time; valgrind passes both through).
if [ -r /proc/cpuinfo ] && ! grep -qw avx2 /proc/cpuinfo; then
    echo "bench_check: this CPU has no AVX2, so bfc_score_show_all_starters takes another" \
        "path than the pinned one; pin this machine (make bench-pin) to gate it" >&2
    exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bfc-bench.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' 0
trap 'exit 1' INT TERM HUP

st=0
for pair in "$@"; do
    cc=${pair%%=*}
    bin=${pair#*=}
    if [ "$cc" = "$pair" ] || [ -z "$cc" ] || [ ! -x "$bin" ]; then
        echo "bench_check: want CC=BENCH with BENCH a built program, got $pair" >&2
        exit 2
    fi
    if ! measure "$bin" >"$tmp/$cc.counts"; then
        echo "bench_check: $cc: callgrind gave no count" >&2
        st=1
        continue
    fi
    version=$("$cc" -dumpfullversion -dumpversion 2>/dev/null | head -n 1)
    if [ "$mode" = pin ]; then
        pin "$pins" "$cc" "$tmp/$cc.counts" "${version:-unknown}" "$(uname -m)" || st=1
        echo "$cc: pinned $(wc -l <"$tmp/$cc.counts") counts in $pins ($cc $version, $GAMES games)"
        sed "s/^/  /" "$tmp/$cc.counts"
    else
        BENCH_VERSION=$version compare "$pins" "$cc" "$tmp/$cc.counts" || st=1
    fi
done
if [ "$mode" = check ]; then
    if [ "$st" = 0 ]; then
        echo "bench-check: every count within $TOLERANCE % of its pin"
    else
        echo "bench-check: FAILED; a count that rose for a reason the commit gives is" \
            "re-pinned with make bench-pin"
    fi
fi
exit $st
