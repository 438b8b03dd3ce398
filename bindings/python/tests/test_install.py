"""`make install-python` (pip, offline, with the package's own build
backend) installs a package without a copy of the library that works away
from the tree, finding the library through the system loader by the
Makefile's SONAME; help(bfc) reads well."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT


def has_pip():
    return subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True, check=False).returncode == 0


@pytest.mark.skipif(not has_pip(), reason="no pip for this python (Debian: python3-pip)")
def test_install__make_install_python_offline(tmp_path):
    site = "/site"
    p = subprocess.run(
        ["make", "-s", "-C", str(ROOT), "install-python", f"DESTDIR={tmp_path}", f"PYTHON={sys.executable}",
         f"PYTHON_SITEDIR={site}"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    installed = tmp_path / "site" / "bfc"
    assert (installed / "__init__.py").is_file() and (installed / "py.typed").is_file()
    assert not (ROOT / "bindings" / "python" / "build").exists()
    # library=system: no copy of the library or of bfc-sim in the package
    assert not list(installed.glob("libbfc*")) and not (installed / "bin").exists()
    soname = subprocess.run(["make", "-s", "--no-print-directory", "-C", str(ROOT), "python-config"],
                            capture_output=True, text=True, check=True).stdout.split("SONAME=")[1].split()[0]
    # away from the tree, no BFC_LIBRARY: the system loader finds the library
    # (here through LD_LIBRARY_PATH, as after `make install` through ldconfig)
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp_path / "site"), "LD_LIBRARY_PATH": str(ROOT)}
    code = "import bfc; print(bfc.__file__); print(bfc.library_path()); print(bfc.score('5H 5C 5S JD', '5D').total)"
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    file, lib, total = r.stdout.split()
    assert file.startswith(str(installed)) and lib == soname and total == "29"
    p = subprocess.run(
        ["make", "-s", "-C", str(ROOT), "uninstall-python", f"DESTDIR={tmp_path}", f"PYTHON={sys.executable}",
         f"PYTHON_SITEDIR={site}"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert p.returncode == 0 and not installed.exists() and not list((tmp_path / "site").glob("bfc-*"))


def test_install__help_reads_well():
    import pydoc

    import bfc

    text = pydoc.render_doc(bfc, renderer=pydoc.plaintext)
    assert "Battlefield Cribbage" in text and "score(" in text and "Game" in text
    undocumented = []
    for name in bfc.__all__:
        obj = getattr(bfc, name)
        if callable(obj) and not (getattr(obj, "__doc__", None) or "").strip():
            undocumented.append(name)
    for cls in (bfc.Game, bfc.Observation, bfc.Score, bfc.Move, bfc.Event, bfc.Card, bfc.Rules):
        for attr, v in vars(cls).items():
            if attr.startswith("_") or not (callable(v) or isinstance(v, (property, classmethod, staticmethod))):
                continue
            doc = (getattr(v, "__doc__", None) or "").strip()
            if not doc and not isinstance(v, property):
                undocumented.append(f"{cls.__name__}.{attr}")
    assert undocumented == []


def test_install__readme_python_example_runs(tmp_path):
    """The README's "From Python" example runs as written."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## From Python")
    block = text[text.index("```python\n", start) + len("```python\n") :]
    block = block[: block.index("```")]
    assert len(block.strip().splitlines()) <= 12
    env = dict(os.environ, PYTHONPATH=str(ROOT / "bindings" / "python"))
    r = subprocess.run([sys.executable, "-c", block], cwd=tmp_path, env=env, capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == "29"


def test_install__readme_write_a_bot_tour_runs(tmp_path):
    """The README's "Write a bot" tour: its class is a bot bfc.sim plays
    against the search bot, as the text after it says."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("### Write a bot")
    block = text[text.index("```python\n", start) + len("```python\n") :]
    block = block[: block.index("```")]
    after = text[text.index("```", text.index("```python\n", start) + 10) :]
    assert 'bfc.sim(1000, "classic", bots=[first, "hard"])' in after
    code = "import bfc\n" + block + 'r = bfc.sim(2, "classic", bots=[first, "hard"])\nprint(r.games, r.bots)\n'
    env = dict(os.environ, PYTHONPATH=str(ROOT / "bindings" / "python"))
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "2 ['first-legal', 'hard']"
