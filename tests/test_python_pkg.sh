#!/bin/sh
# The Python package as a user installs it (README "From Python"): in a
# fresh virtual environment, with no package index, `pip install
# ./bindings/python` builds the library into the package (the package's own
# build backend, bindings/python/backend/bfc_build.py); `import bfc` works
# at once, away from the tree, with no BFC_LIBRARY; a game is played; `pip
# wheel` makes a wheel carrying the library and bfc-sim (every file as its
# RECORD says, the library's SONAME the Makefile's); the sdist builds away
# from the tree without make; `python3 -m bfc.distributed` runs on Dask
# with the package's own bfc-sim (the same report as the tree's bfc-sim),
# and bfc.distributed.sim gives bfc.sim's result; `pip uninstall` leaves
# nothing. Run from the top of the tree after `make`.
#
# Uses the first of $PYTHON, /usr/bin/python3 and python3 that can make a
# virtual environment with pip (Debian: python3-venv); the environment sees
# that Python's packages (--system-site-packages), so Dask's distributed
# (Debian: python3-distributed) is used when it is installed, and its part
# is skipped with a note otherwise.
#
# The package builds its library with its own flags (CC is honoured), so a
# sanitizer build of the tree (make sanitize) changes nothing here: there
# the script notes so and stops.
. tests/lib.sh
root=$(pwd)
case " ${LDFLAGS:-} ${CFLAGS:-} " in
*-fsanitize=*)
    echo "note: the tree is built with sanitizers; the package builds its own library without them: not run"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
    ;;
esac
py=
for cand in ${PYTHON:-} /usr/bin/python3 python3; do
    if command -v "$cand" >/dev/null 2>&1 && "$cand" -c 'import venv, ensurepip' >/dev/null 2>&1; then
        py=$cand
        break
    fi
done
if [ -z "$py" ]; then
    echo "note: no python3 that makes virtual environments (Debian: apt-get install python3-venv); skipped"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bfc-pypkg.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' 0
log=$tmp/log
# what the package builds, as the Makefile says (the backend asks it the same way)
soname=$(make -s --no-print-directory python-config | sed -n 's/^SONAME=//p')
version=$(make -s --no-print-directory python-config | sed -n 's/^VERSION=//p')
check "make python-config names the SONAME ($soname) and version ($version)" \
    test -n "$soname" -a -n "$version"

# A user's shell: no index, nothing of the tree on the paths, no BFC_*, and
# the tree's build flags (a sanitizer's, say) left to the tree.
run() {
    env -u PYTHONPATH -u BFC_LIBRARY -u BFC_SIM -u LD_LIBRARY_PATH -u LD_PRELOAD -u PIP_FIND_LINKS \
        -u CFLAGS -u CPPFLAGS -u LDFLAGS -u MAKEFLAGS -u MAKELEVEL \
        PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONDONTWRITEBYTECODE=1 "$@"
}
# runs a step, its output into $log; shows the log when it fails
step() { # step DESCRIPTION COMMAND...
    d=$1
    shift
    if "$@" >"$log" 2>&1; then ok; else
        tail -n 30 "$log"
        fail "$d"
        return 1
    fi
}

venv=$tmp/venv
vpy=$venv/bin/python
step "python3 -m venv --system-site-packages" run "$py" -m venv --system-site-packages "$venv" || {
    done_
    exit
}
# 1. pip install ./bindings/python, the README's command, with no index
files() { find bindings/python -name __pycache__ -prune -o -print | LC_ALL=C sort; }
before=$(files)
step "pip install --no-index ./bindings/python in a fresh venv" \
    run sh -c "cd '$tmp' && '$vpy' -m pip install --no-index --no-cache-dir '$root/bindings/python'"
site=$(run "$vpy" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
check "the install leaves nothing in bindings/python" test "$(files)" = "$before"

# 2. import bfc away from the tree: the package's own library, a game played
cat >"$tmp/play.py" <<'EOF'
import sys
import bfc

print(bfc.__file__)
print(bfc.library_path())
print(bfc.version(), bfc.score("5H 5C 5S JD", starter="5D").total)
g = bfc.Game("classic", players=2, seed=11)
bots = [bfc.bots.greedy(seed=1), bfc.bots.random(seed=2)]
moves = 0
while not g.over:
    g.apply(bots[g.to_move](g.observe()))
    moves += 1
print("game", moves, g.scores, g.winner)
r = bfc.sim(50, "battlefield", bots=["greedy", "random"], seed=4)
print("sim", r.games, r.wins)
EOF
if step "import bfc and play a game in the venv" run sh -c "cd '$tmp' && PATH=/usr/bin:/bin '$vpy' play.py"; then
    out=$(cat "$log")
    line() { printf '%s\n' "$out" | sed -n "${1}p"; }
    check "bfc is the venv's ($(line 1))" test "$(line 1)" = "$site/bfc/__init__.py"
    check "the library is the package's own, $site/bfc/$soname (got $(line 2))" test "$(line 2)" = "$site/bfc/$soname"
    check "libbfc $version scores 29 (got $(line 3))" test "$(line 3)" = "$version 29"
    check "a whole game is played ($(line 4))" sh -c "printf '%s\n' '$(line 4)' | grep -Eq '^game [1-9][0-9]* \[[0-9]+, [0-9]+\] [01]$'"
    check "bfc.sim plays 50 games ($(line 5))" sh -c "printf '%s\n' '$(line 5)' | grep -q '^sim 50 '"
fi
# BFC_LIBRARY still comes first, and says so when it names no library
if env BFC_LIBRARY="$tmp/nowhere.so" PYTHONDONTWRITEBYTECODE=1 sh -c "cd '$tmp' && '$vpy' -c 'import bfc'" >"$log" 2>&1; then
    fail "BFC_LIBRARY=nowhere.so: import bfc should fail"
else
    check "BFC_LIBRARY is tried first and alone" grep -q "BFC_LIBRARY=$tmp/nowhere.so" "$log"
    check "and nothing else is tried" sh -c "! grep -q '$site/bfc/$soname' '$log'"
fi

# 2b. The README's venv without the system's packages: where the system's
# Python has Dask, bfc.distributed says the venv does not see it (issue
# 38: it said Dask was not installed) and how to make one that does
if "$py" -c 'import distributed' >/dev/null 2>&1 && run "$py" -m venv --without-pip "$tmp/plain" >/dev/null 2>&1; then
    run sh -c "cd '$tmp' && PYTHONPATH='$PWD/bindings/python' '$tmp/plain/bin/python' -m bfc.distributed --workers 1 --games 2" \
        >"$tmp/plain.out" 2>"$tmp/plain.err"
    st=$?
    check "a venv without the system's packages: status 1, and why ($(head -c 300 "$tmp/plain.err"))" sh -c \
        "test $st -eq 1 && grep -q \"Dask's distributed is installed for the system's Python (.*), but this virtual environment ($tmp/plain) does not see the system's packages: make it with \\\`python3 -m venv --system-site-packages\\\`, or \\\`pip install distributed\\\` in it\" '$tmp/plain.err'"
fi

# 3. python3 -m bfc.distributed with the package's bfc-sim, and
# bfc.distributed.sim, on a local Dask cluster
if run "$vpy" -c 'import distributed' >/dev/null 2>&1; then
    args="--games 30 --seed 5 --bots greedy,random"
    if step "python3 -m bfc.distributed --workers 1 --shards 3 $args" \
        run sh -c "cd '$tmp' && PATH=/usr/bin:/bin '$vpy' -m bfc.distributed --workers 1 --shards 3 $args > dask.txt"; then
        # shellcheck disable=SC2086 # $args is a list of options
        run "$site/bfc/bin/bfc-sim" $args >"$tmp/packaged.txt" 2>&1
        check "the Dask run prints what the package's bfc-sim prints" cmp "$tmp/dask.txt" "$tmp/packaged.txt"
        if [ -x examples/bfc-sim/bfc-sim ]; then
            # shellcheck disable=SC2086
            examples/bfc-sim/bfc-sim $args >"$tmp/tree.txt" 2>&1
            check "the package's bfc-sim prints what the tree's prints" cmp "$tmp/packaged.txt" "$tmp/tree.txt"
        fi
    fi
    cat >"$tmp/dask_sim.py" <<'EOF'
import logging
import bfc
import bfc.distributed
from distributed import Client, LocalCluster

if __name__ == "__main__":
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None, silence_logs=logging.ERROR) as cluster, Client(cluster) as client:
        r = bfc.distributed.sim(client, 40, "classic", players=3, seed=9, shards=4)
    one = bfc.sim(40, "classic", players=3, seed=9)
    print(r.games, r == one)
EOF
    step "bfc.distributed.sim on a local cluster" run sh -c "cd '$tmp' && PATH=/usr/bin:/bin '$vpy' dask_sim.py" &&
        check "bfc.distributed.sim gives bfc.sim's result ($(tail -n 1 "$log"))" test "$(tail -n 1 "$log")" = "40 True"
else
    echo "note: Dask's distributed is not installed for $py (Debian: python3-distributed); its part skipped"
fi

# 4. pip wheel: a wheel carrying the library and bfc-sim, every file as
# its RECORD says
cat >"$tmp/wheel.py" <<'EOF'
import base64, hashlib, sys, zipfile

z = zipfile.ZipFile(sys.argv[1])
names = set(z.namelist())
record = next(n for n in names if n.endswith(".dist-info/RECORD"))
bad = []
listed = set()
for line in z.read(record).decode().splitlines():
    name, digest, size = line.rsplit(",", 2)
    listed.add(name)
    if name == record:
        continue
    data = z.read(name)
    want = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    if digest != want or int(size) != len(data):
        bad.append(name)
print("record", "ok" if not bad and listed == names else f"bad {bad} {sorted(names ^ listed)}")
for name in sorted(names):
    info = z.getinfo(name)
    print(name, oct(info.external_attr >> 16 & 0o777))
EOF
if step "pip wheel --no-index ./bindings/python" \
    run sh -c "cd '$tmp' && '$vpy' -m pip wheel --no-index --no-deps --no-cache-dir -w wheels '$root/bindings/python'"; then
    whl=$(ls "$tmp"/wheels/bfc-"$version"-py3-none-*.whl 2>/dev/null | head -n 1)
    check "the wheel is bfc-$version-py3-none-PLATFORM.whl ($(basename "${whl:-none}"))" test -f "$whl"
    run "$vpy" "$tmp/wheel.py" "$whl" >"$tmp/wheel.txt" 2>&1
    check "every file of the wheel is in its RECORD with its hash" grep -qx 'record ok' "$tmp/wheel.txt"
    check "the wheel carries the library, executable" grep -qx "bfc/$soname 0o755" "$tmp/wheel.txt"
    check "the wheel carries bfc-sim, executable" grep -qx "bfc/bin/bfc-sim 0o755" "$tmp/wheel.txt"
    check "the wheel carries py.typed and the build's record" sh -c \
        "grep -q '^bfc/py.typed ' '$tmp/wheel.txt' && grep -q '^bfc/_build_info.py ' '$tmp/wheel.txt'"
    check "the wheel carries the LICENSE" grep -q "^bfc-$version.dist-info/LICENSE " "$tmp/wheel.txt"
    if command -v objdump >/dev/null 2>&1; then
        mkdir "$tmp/unzipped"
        run "$vpy" -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$whl" "$tmp/unzipped"
        got=$(objdump -p "$tmp/unzipped/bfc/$soname" 2>/dev/null | awk '/SONAME/ {print $2}')
        check "the packaged library's SONAME is the Makefile's $soname (got $got)" test "$got" = "$soname"
    fi
    # 5. the sdist: the C sources inside, built away from the tree with no make
    if step "the backend builds an sdist" run "$vpy" "$root/bindings/python/backend/bfc_build.py" sdist "$tmp/sdist"; then
        mkdir "$tmp/away"
        tar xzf "$tmp/sdist/bfc-$version.tar.gz" -C "$tmp/away"
        step "pip wheel from the unpacked sdist, no make" run sh -c \
            "cd '$tmp' && MAKE=/bin/false '$vpy' -m pip wheel --no-index --no-deps --no-cache-dir -w wheels2 away/bfc-$version" &&
            {
                whl2=$(ls "$tmp"/wheels2/bfc-*.whl | head -n 1)
                run "$vpy" "$tmp/wheel.py" "$whl2" >"$tmp/wheel2.txt" 2>&1
                check "the sdist's wheel holds the same files as the tree's" cmp "$tmp/wheel.txt" "$tmp/wheel2.txt"
            }
    fi
fi

# 6. pip uninstall takes away every file the install put in
step "pip uninstall -y bfc" run "$vpy" -m pip uninstall -y bfc
check "nothing of bfc is left in the venv" sh -c "test -z \"\$(ls -d '$site'/bfc '$site'/bfc-* 2>/dev/null)\""
done_
