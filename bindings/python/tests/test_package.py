"""The package's build backend (backend/bfc_build.py) and what its build
tells the loader (bfc/_build_info.py): the parts that need no compiler.
tests/test_python_pkg.sh builds, installs and plays the package for real."""

import importlib.util
import os
import shutil
import subprocess
import sys

import pytest

from conftest import PACKAGE_DIR, ROOT, program


def backend():
    spec = importlib.util.spec_from_file_location("bfc_build_under_test", PACKAGE_DIR / "backend" / "bfc_build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_package__pyproject_read_without_tomllib_as_tomllib_reads_it():
    """Python before 3.11 has no tomllib: the backend's own reader gives the
    same tables as tomllib for the project's pyproject.toml."""
    tomllib = pytest.importorskip("tomllib")
    text = (PACKAGE_DIR / "pyproject.toml").read_text(encoding="utf-8")
    assert backend().read_toml_subset(text) == tomllib.loads(text)


@pytest.mark.parametrize(
    "text",
    ["name = 'literal string'", "[[array.of.tables]]", "when = 1979-05-27", 'x = """multi', "a = [1, 2"],
)
def test_package__pyproject_reader_refuses_what_it_cannot_read(text):
    b = backend()
    with pytest.raises(b.BuildError, match="pyproject.toml"):
        b.read_toml_subset(text)


def test_package__unknown_config_setting_is_refused(tmp_path):
    b = backend()
    with pytest.raises(b.BuildError, match=r"library: want 'bundle' or 'system' \(got 'static'\)"):
        b.build_wheel(str(tmp_path), {"library": "static"})
    assert list(tmp_path.iterdir()) == []


def make_value(expr):
    """A make expression evaluated in the tree's Makefile."""
    p = subprocess.run(["make", "-s", "--no-print-directory", "-C", str(ROOT), "--eval", f"_bfc_value: ; @echo {expr}",
                        "_bfc_value"], capture_output=True, text=True, check=True)
    return p.stdout.strip()


def test_package__sources_and_soname_come_from_the_makefile():
    """The backend compiles the Makefile's SRCS (never src/gen_*.c) into the
    SONAME the tree's library carries, and bfc-sim from its folder and
    examples/common."""
    b = backend()
    src = b.find_sources()
    assert src.library == make_value("$(SRCS)").split() and not any("gen_" in s for s in src.library)
    assert src.soname == make_value("$(SONAME)")
    if shutil.which("objdump"):
        out = subprocess.run(["objdump", "-p", str(ROOT / "libbfc.so")], capture_output=True, text=True).stdout
        assert f"SONAME               {src.soname}" in out
    assert src.sim == make_value("$(wildcard examples/bfc-sim/*.c) $(wildcard examples/common/*.c)").split()


def test_package__refuses_sources_of_another_api(tmp_path, monkeypatch):
    """A package written for libbfc 0.2 is never built around 0.3's
    sources: its loader would refuse its own library."""
    b = backend()
    src = b.find_sources()
    fake = tmp_path / "project"
    shutil.copytree(PACKAGE_DIR / "bfc", fake / "bfc", ignore=shutil.ignore_patterns("__pycache__"))
    lib = fake / "bfc" / "_lib.py"
    text = lib.read_text(encoding="utf-8")
    major, minor = (int(x) for x in src.version.split(".")[:2])
    assert f"\nNEED_MINOR = {minor}\n" in text
    lib.write_text(text.replace(f"\nNEED_MINOR = {minor}\n", f"\nNEED_MINOR = {minor + 1}\n"), encoding="utf-8")
    monkeypatch.setattr(b, "PROJECT", fake)
    with pytest.raises(b.BuildError, match=rf"the C sources are libbfc {src.version} .* written for {major}\.{minor + 1}\.x"):
        b._package_api(src)


def installed_copy(tmp_path, library, soname, sim=None):
    """The package as a build installs it, away from the tree: its modules,
    a _build_info.py, and the files it names."""
    pkg = tmp_path / "site" / "bfc"
    shutil.copytree(PACKAGE_DIR / "bfc", pkg, ignore=shutil.ignore_patterns("__pycache__", "_build_info.py"))
    (pkg / "_build_info.py").write_text(
        f"VERSION = 'any'\nSONAME = {soname!r}\nLIBRARY = {library!r}\nBFC_SIM = {sim!r}\n", encoding="utf-8"
    )
    return pkg


def run_in(tmp_path, code, **env):
    e = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp_path / "site"), "PYTHONDONTWRITEBYTECODE": "1"}
    e.update(env)
    return subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=e, capture_output=True, text=True,
                          check=False)


def test_package__loader_takes_the_packaged_library_first(tmp_path):
    pkg = installed_copy(tmp_path, "libbfc.so.0", "libbfc.so.0")
    shutil.copy(ROOT / "libbfc.so", pkg / "libbfc.so.0")
    r = run_in(tmp_path, "import bfc; print(bfc.library_path()); print(bfc.score('5H 5C 5S JD', '5D').total)")
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == [str(pkg / "libbfc.so.0"), "29"]
    # BFC_LIBRARY still comes first, and alone
    r = run_in(tmp_path, "import bfc", BFC_LIBRARY=str(tmp_path / "nowhere.so"))
    assert r.returncode != 0 and "BFC_LIBRARY=" + str(tmp_path / "nowhere.so") in r.stderr
    assert str(pkg / "libbfc.so.0") not in r.stderr


def test_package__loader_asks_the_system_for_the_built_soname(tmp_path):
    """A package built with library=system loads the SONAME its build read
    from the Makefile, through the system loader, and says so when it is
    not there."""
    installed_copy(tmp_path, None, "libbfc.so.99")
    r = run_in(tmp_path, "import bfc")
    assert r.returncode != 0 and "LibraryNotFound" in r.stderr
    assert "libbfc.so.99 (system loader)" in r.stderr
    (tmp_path / "lib").mkdir()
    shutil.copy(ROOT / "libbfc.so", tmp_path / "lib" / "libbfc.so.99")
    r = run_in(tmp_path, "import bfc; print(bfc.library_path())", LD_LIBRARY_PATH=str(tmp_path / "lib"))
    assert r.returncode == 0 and r.stdout.strip() == "libbfc.so.99", r.stderr


def test_package__loader_says_when_the_packaged_library_is_gone(tmp_path):
    installed_copy(tmp_path, "libbfc.so.0", "libbfc.so.0")
    r = run_in(tmp_path, "import bfc")
    assert r.returncode != 0 and "the package's own library is gone: reinstall bfc" in r.stderr


def test_package__distributed_runs_the_packaged_bfc_sim(tmp_path):
    """python3 -m bfc.distributed, away from the tree with no BFC_SIM and
    no bfc-sim on PATH, finds the bfc-sim the build put in the package."""
    pkg = installed_copy(tmp_path, "libbfc.so.0", "libbfc.so.0", sim="bin/bfc-sim")
    shutil.copy(ROOT / "libbfc.so", pkg / "libbfc.so.0")
    (pkg / "bin").mkdir()
    shutil.copy(program("bfc-sim"), pkg / "bin" / "bfc-sim")
    r = run_in(tmp_path, "import bfc.distributed as d; print(d.find_bfc_sim())")
    assert r.returncode == 0 and r.stdout.strip() == str(pkg / "bin" / "bfc-sim"), r.stderr
    os.unlink(pkg / "bin" / "bfc-sim")
    r = run_in(tmp_path, "import bfc.distributed as d; d.find_bfc_sim()")
    assert r.returncode != 0 and str(pkg / "bin" / "bfc-sim") + ": not an executable file" in r.stderr
