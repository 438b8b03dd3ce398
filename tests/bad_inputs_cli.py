"""The table of bad inputs (tests/bad_inputs.json) against the C library
through its tools: each case with a "cli" form is given to the tool named
(examples/TOOL/TOOL), which must exit with the status given and print on
standard error a message holding every fragment (case insensitive), with
no C macro in it. The Python and JavaScript packages run the same table
(bindings/python/tests/test_bad_inputs.py, bindings/js/test/
bad_inputs.test.js). Prints one line per failure and "N passed, N failed".

Run from the top of the tree after `make`: python3 tests/bad_inputs_cli.py
"""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def value(v):
    """A value of the table as text (the tools read text)."""
    if isinstance(v, dict):
        if "$repeat" in v:
            text, n = v["$repeat"]
            return text * n
        if "$concat" in v:
            return "".join(value(x) for x in v["$concat"])
        raise ValueError(f"no text for {v}")
    return v


def main() -> int:
    table = json.loads((ROOT / "tests" / "bad_inputs.json").read_text())
    passed = failed = 0
    for case in table["cases"]:
        cli = case.get("cli")
        if not cli:
            continue
        argv = list(cli["argv"])
        tool = ROOT / "examples" / argv[0] / argv[0]
        stdin = value(cli["stdin"]).encode() if "stdin" in cli else b""
        p = subprocess.run([str(tool)] + argv[1:], input=stdin, capture_output=True)
        err = p.stderr.decode("utf-8", "replace")
        out = p.stdout.decode("utf-8", "replace")
        problems = []
        if p.returncode != cli["status"]:
            problems.append(f"exit {p.returncode}, want {cli['status']}")
        for frag in cli["message"]:
            if frag.lower() not in err.lower():
                problems.append(f"no {frag!r} in its message")
        for frag in cli.get("stdout", []):
            if frag.lower() not in out.lower():
                problems.append(f"no {frag!r} in its output")
        if "BFC_" in err + out:
            problems.append("a C macro in what it prints")
        if len(err) > table["max_message"] or len(out) > cli.get("max_output", 10**9):
            problems.append(f"{len(err) + len(out)} characters printed, a value echoed whole")
        if problems:
            failed += 1
            print(f"FAIL {case['id']}: {' '.join(argv)}: {'; '.join(problems)}\n  stderr: {err[:300]!r}")
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
