#!/bin/sh
# The table of bad inputs (tests/bad_inputs.json) against the C library
# through its tools (tests/bad_inputs_cli.py): each tool refuses each
# input with the status and the words of the table. The Python and
# JavaScript packages run the same table in their own tests. Run from the
# top of the tree after `make`.
if ! command -v python3 >/dev/null 2>&1; then
    echo "note: no python3: the table of bad inputs is not run against the tools"
    echo "0 passed, 0 failed"
    exit 0
fi
exec python3 tests/bad_inputs_cli.py
