"""Shared by the tests of the Python package: where the tree's programs and
the sample cases are, and the quick tier (BFC_TEST_QUICK=1)."""

import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
PACKAGE_DIR = HERE.parent  # bindings/python
ROOT = PACKAGE_DIR.parent.parent  # the top of the source tree
if str(PACKAGE_DIR) not in sys.path:
    sys.path.insert(0, str(PACKAGE_DIR))

QUICK = os.environ.get("BFC_TEST_QUICK") == "1"


def scaled(n: int, quick: int) -> int:
    """n cases, or `quick` of them in the quick tier."""
    return quick if QUICK else n


def program(name: str) -> Path:
    """A tool of the tree: examples/NAME/NAME (the tools in folders) or
    examples/NAME, whichever exists; BFC_SCORE / BFC_SIM override."""
    env = os.environ.get(name.upper().replace("-", "_"))
    if env:
        return Path(env)
    for p in (ROOT / "examples" / name / name, ROOT / "examples" / name):
        if p.is_file() and os.access(p, os.X_OK):
            return p
    pytest.fail(f"{name} is not built (make); looked in examples/{name}/{name} and examples/{name}")


@pytest.fixture(scope="session")
def bfc_score() -> Path:
    return program("bfc-score")


@pytest.fixture(scope="session")
def bfc_sim() -> Path:
    return program("bfc-sim")


@pytest.fixture(scope="session")
def cases_dir() -> Path:
    """The sample scoring cases: the project's own (tests/cases, written by
    tests/gen_cases.c), or the folder BFC_CASES names (../shared/cases)."""
    d = Path(os.environ["BFC_CASES"]) if os.environ.get("BFC_CASES") else ROOT / "tests" / "cases"
    if not d.is_dir():
        pytest.fail(f"the sample cases are not there ({d})")
    return d
