# Used by the shell tests: `python3 tests/jcheck.py EXPR < output`. Every
# non-empty line of the output must be valid JSON; then EXPR (Python) must
# hold, with d = the only object (None if several), docs = every object,
# lines = the raw lines. Exit 0 when it holds; otherwise prints why, exit 1.
import json, sys
lines = [l for l in sys.stdin.read().split("\n") if l != ""]
try:
    docs = [json.loads(l) for l in lines]
except ValueError as e:
    print("invalid JSON: %s" % e)
    sys.exit(1)
d = docs[0] if len(docs) == 1 else None
try:
    ok = eval(sys.argv[1], {"d": d, "docs": docs, "lines": lines, "json": json})
except Exception as e:
    print("%s: %s" % (type(e).__name__, e))
    sys.exit(1)
sys.exit(0 if ok else 1)
