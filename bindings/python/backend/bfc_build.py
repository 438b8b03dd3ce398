"""The build backend of the Python package ``bfc`` (PEP 517), standard
library only, so that ``pip install ./bindings/python`` needs no package
index: pip's isolated build installs nothing (``requires = []``) and runs
this module from the project (``backend-path``).

The wheel carries its own libbfc: the library's C sources are compiled into
``bfc/<SONAME>`` (and ``bfc-sim`` into ``bfc/bin/bfc-sim``, for ``python3 -m
bfc.distributed``), with ``bfc/_build_info.py`` telling the package's loader
what was built. The sources come from one of two places:

- the libbfc source tree this project sits in (``bindings/python`` of the
  tree): ``make python-config`` at the top of the tree prints the lists
  (the Makefile's ``SRCS``, bfc-sim's sources, ``SONAME``), so the list of
  sources is written once, in the Makefile;
- an sdist made by :func:`build_sdist`: the sources are copied under
  ``csrc/`` with the lists in ``csrc/build.json``, and no ``make`` is
  needed.

Config settings (``pip install --config-settings library=system``):

- ``library=bundle`` (the default): the library and bfc-sim in the wheel;
- ``library=system``: neither; the package loads the system's libbfc
  (``make install``) by its SONAME and runs the ``bfc-sim`` on PATH. ``make
  install-python`` builds so.

The compiler is ``CC`` (default ``cc``) with ``CPPFLAGS``, ``CFLAGS`` and
``LDFLAGS`` after this backend's flags, as in the Makefile. Linux and other
ELF systems only (``-shared -Wl,-soname``).
"""

from __future__ import annotations

import base64
import concurrent.futures
import gzip
import hashlib
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Tuple

PROJECT = Path(__file__).resolve().parent.parent  # bindings/python (or the sdist's folder)
NAME = "bfc"
# Files of the fixed date a reproducible archive gets (SOURCE_DATE_EPOCH wins).
EPOCH_DEFAULT = 315532800  # 1980-01-01, the earliest a zip can say


class BuildError(Exception):
    """The build cannot go on; the message says why and what to do."""


# ---------------------------------------------------------------------------
# pyproject.toml: tomllib (Python 3.11+), else a reader of the subset the
# file uses (tables, strings, arrays of strings, inline tables of strings).


def _toml_value(text: str, where: str) -> Any:
    text = text.strip()
    if text.startswith('"'):
        m = re.fullmatch(r'"((?:[^"\\]|\\.)*)"', text)
        if not m:
            raise BuildError(f"pyproject.toml: {where}: a string this reader cannot read: {text}")
        return json.loads(text)  # TOML basic strings escape as JSON does, for what we write
    if text.startswith("["):
        inner = text[1:-1].strip() if text.endswith("]") else None
        if inner is None:
            raise BuildError(f"pyproject.toml: {where}: an unclosed array")
        items = [x for x in re.findall(r'"(?:[^"\\]|\\.)*"|[^,\s][^,]*', inner) if x.strip()]
        return [_toml_value(x, where) for x in items]
    if text.startswith("{"):
        out: Dict[str, Any] = {}
        for part in re.findall(r'([A-Za-z0-9_-]+)\s*=\s*("(?:[^"\\]|\\.)*")', text):
            out[part[0]] = _toml_value(part[1], where)
        return out
    if text in ("true", "false"):
        return text == "true"
    if re.fullmatch(r"-?[0-9]+", text):
        return int(text)
    raise BuildError(f"pyproject.toml: {where}: a value this reader cannot read: {text}")


def _strip_comment(line: str) -> str:
    out, quoted, i = [], False, 0
    while i < len(line):
        c = line[i]
        if c == "\\" and quoted:
            out.append(line[i : i + 2])
            i += 2
            continue
        if c == '"':
            quoted = not quoted
        elif c == "#" and not quoted:
            break
        out.append(c)
        i += 1
    return "".join(out).rstrip()


def read_toml_subset(text: str) -> Dict[str, Any]:
    """pyproject.toml read without tomllib (Python < 3.11): tables, keys
    with strings, integers, booleans, arrays of them (over several lines)
    and inline tables of strings. Anything else is a :class:`BuildError`,
    never a guess. tests/test_package.py compares it with tomllib."""
    data: Dict[str, Any] = {}
    table = data
    pending = ""
    key = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = _strip_comment(raw).strip()
        if pending:
            pending += " " + line
            if pending.count("[") > pending.count("]"):
                continue
            table[key] = _toml_value(pending, f"line {number}")
            pending = ""
            continue
        if not line:
            continue
        m = re.fullmatch(r"\[([A-Za-z0-9_.-]+)\]", line)
        if m:
            table = data
            for part in m.group(1).split("."):
                table = table.setdefault(part, {})
            continue
        m = re.fullmatch(r'([A-Za-z0-9_-]+|"[^"]*")\s*=\s*(.*)', line)
        if not m:
            raise BuildError(f"pyproject.toml: line {number}: cannot read {raw.strip()!r}")
        key = m.group(1).strip('"')
        value = m.group(2)
        if value.startswith("[") and value.count("[") > value.count("]"):
            pending = value
            continue
        table[key] = _toml_value(value, f"line {number}")
    if pending:
        raise BuildError("pyproject.toml: an array is not closed at the end of the file")
    return data


def read_pyproject(path: Path) -> Dict[str, Any]:
    text = path.read_text(encoding="utf-8")
    try:
        import tomllib  # type: ignore[import-not-found]
    except ImportError:
        return read_toml_subset(text)
    return tomllib.loads(text)


# ---------------------------------------------------------------------------
# Where the C sources are


class Sources:
    """The C sources to build: ``base`` is the folder the relative paths
    start from (the top of the tree, or the sdist's ``csrc``)."""

    def __init__(self, base: Path, soname: str, version: str, library: List[str], sim: List[str], where: str):
        self.base = base
        self.soname = soname
        self.version = version
        self.library = library
        self.sim = sim
        self.where = where

    def to_json(self) -> Dict[str, Any]:
        return {"soname": self.soname, "version": self.version, "library": self.library, "bfc_sim": self.sim}


def _header_version(header: Path) -> str:
    text = header.read_text(encoding="utf-8")
    parts = []
    for part in ("MAJOR", "MINOR", "PATCH"):
        m = re.search(rf"^#define BFC_VERSION_{part} (\d+)", text, re.M)
        if not m:
            raise BuildError(f"{header}: no #define BFC_VERSION_{part}")
        parts.append(m.group(1))
    return ".".join(parts)


def _tree_root() -> Optional[Path]:
    root = PROJECT.parent.parent  # bindings/python -> the top of the tree
    if (root / "Makefile").is_file() and (root / "include" / "bfc.h").is_file() and (root / "src").is_dir():
        return root
    return None


def _make_config(root: Path) -> Dict[str, str]:
    """``make python-config`` at the top of the tree: KEY=value lines."""
    make = os.environ.get("MAKE") or shutil.which("make") or shutil.which("gmake")
    if not make:
        raise BuildError(
            "building bfc from the libbfc source tree reads the list of C sources from its Makefile "
            "with `make python-config`, and no `make` was found (Debian: apt-get install make)"
        )
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")}
    p = subprocess.run(
        [make, "-s", "--no-print-directory", "-C", str(root), "python-config"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        check=False,
    )
    if p.returncode != 0:
        raise BuildError(
            f"`make -C {root} python-config` failed (exit {p.returncode}):\n"
            + p.stderr.decode("utf-8", "replace")
        )
    out: Dict[str, str] = {}
    for line in p.stdout.decode("utf-8", "replace").splitlines():
        k, sep, v = line.partition("=")
        if sep:
            out[k.strip()] = v.strip()
    for k in ("SONAME", "VERSION", "SRCS", "BFC_SIM_SRCS"):
        if not out.get(k):
            raise BuildError(f"`make -C {root} python-config` printed no {k}=...")
    return out


def find_sources() -> Sources:
    """The sdist's ``csrc/``, else the source tree around the project."""
    csrc = PROJECT / "csrc"
    if (csrc / "build.json").is_file():
        cfg = json.loads((csrc / "build.json").read_text(encoding="utf-8"))
        return Sources(csrc, cfg["soname"], cfg["version"], cfg["library"], cfg["bfc_sim"], f"{csrc} (sdist)")
    root = _tree_root()
    if root is None:
        raise BuildError(
            f"no C sources for libbfc: {PROJECT} is neither an sdist of bfc (no csrc/build.json) nor "
            "bindings/python inside the libbfc source tree (no ../../Makefile, include/bfc.h, src/). "
            "pip before 21.3 copies a local project away from its tree: use a newer pip, or build "
            "from an sdist"
        )
    cfg = _make_config(root)
    version = _header_version(root / "include" / "bfc.h")
    if cfg["VERSION"] != version:
        raise BuildError(f"the Makefile says version {cfg['VERSION']}, include/bfc.h {version}")
    return Sources(root, cfg["SONAME"], version, cfg["SRCS"].split(), cfg["BFC_SIM_SRCS"].split(), str(root))


def _package_api(sources: Sources) -> None:
    """The package's loader accepts only libbfc MAJOR.MINOR of
    bfc/_lib.py: refuse to build a wheel whose library it would refuse."""
    text = (PROJECT / NAME / "_lib.py").read_text(encoding="utf-8")
    major = re.search(r"^NEED_MAJOR = (\d+)", text, re.M)
    minor = re.search(r"^NEED_MINOR = (\d+)", text, re.M)
    if not (major and minor):
        raise BuildError("bfc/_lib.py: no NEED_MAJOR / NEED_MINOR")
    need = f"{major.group(1)}.{minor.group(1)}"
    if not sources.version.startswith(need + "."):
        raise BuildError(
            f"the C sources are libbfc {sources.version} but this package (bfc/_lib.py) is written for "
            f"{need}.x: build the package and the library from the same tree"
        )
    init = (PROJECT / NAME / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r'^__version__ = "([^"]*)"', init, re.M)
    if not m or m.group(1) != sources.version:
        raise BuildError(
            f"bfc/__init__.py says __version__ {m.group(1) if m else 'nothing'!r}, the C sources "
            f"{sources.version}: the package's version is the library's"
        )


# ---------------------------------------------------------------------------
# Compiling


def _compiler() -> List[str]:
    cc = shlex.split(os.environ.get("CC") or "cc")
    if not cc or not shutil.which(cc[0]):
        raise BuildError(
            f"no C compiler: CC is {os.environ.get('CC')!r} and {cc[0] if cc else 'cc'!r} is not on PATH; "
            "install one (Debian: apt-get install gcc) or set CC"
        )
    return cc


def _run(cmd: List[str]) -> None:
    p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
    if p.returncode != 0:
        raise BuildError(
            "this command failed (exit %d):\n  %s\n%s"
            % (p.returncode, " ".join(shlex.quote(c) for c in cmd), p.stdout.decode("utf-8", "replace"))
        )


def compile_c(sources: Sources, out: Path, with_sim: bool) -> Tuple[Path, Optional[Path]]:
    """Compiles the library into ``out/<SONAME>`` (and bfc-sim into
    ``out/bfc-sim``, linked with the same objects). Returns the paths."""
    if sys.platform in ("darwin", "win32", "cygwin"):
        raise BuildError(f"this backend builds ELF shared objects (Linux, BSD); {sys.platform} is not supported")
    cc = _compiler()
    user_cflags = shlex.split(os.environ.get("CPPFLAGS", "")) + shlex.split(os.environ.get("CFLAGS", ""))
    ldflags = shlex.split(os.environ.get("LDFLAGS", ""))
    base = sources.base
    # the library's own flags (Makefile: LIB_CFLAGS, less its warnings:
    # a user's compiler must not fail the install on a new warning)
    lib_flags = ["-std=c11", "-O2", "-fPIC", "-fvisibility=hidden", "-I", str(base / "include"),
                 "-I", str(base / "src")]
    ex_flags = ["-std=c11", "-O2", "-I", str(base / "include"), "-I", str(base / "examples" / "common")]
    jobs: List[List[str]] = []
    lib_objs: List[str] = []
    sim_objs: List[str] = []
    for i, src in enumerate(sources.library):
        obj = str(out / f"lib{i}_{Path(src).stem}.o")
        lib_objs.append(obj)
        jobs.append(cc + lib_flags + user_cflags + ["-c", str(base / src), "-o", obj])
    if with_sim:
        for i, src in enumerate(sources.sim):
            obj = str(out / f"sim{i}_{Path(src).stem}.o")
            sim_objs.append(obj)
            jobs.append(cc + ex_flags + user_cflags + ["-c", str(base / src), "-o", obj])
    workers = max(1, min(len(jobs), os.cpu_count() or 1))
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        for f in [pool.submit(_run, j) for j in jobs]:
            f.result()
    lib = out / sources.soname
    _run(cc + ["-shared", f"-Wl,-soname,{sources.soname}"] + user_cflags + ldflags + ["-o", str(lib)] + lib_objs)
    sim = None
    if with_sim:
        sim = out / "bfc-sim"
        _run(cc + user_cflags + sim_objs + lib_objs + ldflags + ["-o", str(sim)])
    return lib, sim


# ---------------------------------------------------------------------------
# Metadata


def _settings(config_settings: Optional[Mapping[str, Any]]) -> str:
    library = (config_settings or {}).get("library", "bundle")
    if isinstance(library, list):  # pip passes a repeated setting as a list
        library = library[-1]
    if library not in ("bundle", "system"):
        raise BuildError(f"config setting library: want 'bundle' or 'system' (got {library!r})")
    return str(library)


def _project() -> Dict[str, Any]:
    project = read_pyproject(PROJECT / "pyproject.toml").get("project")
    if not isinstance(project, dict) or project.get("name") != NAME:
        raise BuildError("pyproject.toml: no [project] table named bfc")
    return project


def _version(project: Dict[str, Any], sources: Optional[Sources]) -> str:
    if "version" in project:
        raise BuildError("pyproject.toml: the version is dynamic (it is libbfc's, from include/bfc.h)")
    if sources is not None:
        return sources.version
    return find_sources().version


def metadata(version: str) -> str:
    """The METADATA (and sdist PKG-INFO) text, from [project]."""
    p = _project()
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {p['name']}",
        f"Version: {version}",
        f"Summary: {p.get('description', '')}",
    ]
    if "requires-python" in p:
        lines.append(f"Requires-Python: {p['requires-python']}")
    lic = p.get("license")
    if isinstance(lic, dict) and "text" in lic:
        lines.append(f"License: {lic['text']}")
    if p.get("keywords"):
        lines.append("Keywords: " + ",".join(p["keywords"]))
    for c in p.get("classifiers", []):
        lines.append(f"Classifier: {c}")
    for label, url in (p.get("urls") or {}).items():
        lines.append(f"Project-URL: {label}, {url}")
    for dep in p.get("dependencies", []):
        lines.append(f"Requires-Dist: {dep}")
    for extra, deps in (p.get("optional-dependencies") or {}).items():
        lines.append(f"Provides-Extra: {extra}")
        for dep in deps:
            lines.append(f'Requires-Dist: {dep}; extra == "{extra}"')
    readme = p.get("readme")
    body = ""
    if isinstance(readme, str):
        lines.append("Description-Content-Type: text/markdown")
        body = (PROJECT / readme).read_text(encoding="utf-8")
    return "\n".join(lines) + "\n\n" + body


def _license_file() -> Path:
    for p in (PROJECT / "LICENSE", PROJECT.parent.parent / "LICENSE"):
        if p.is_file():
            return p
    raise BuildError("no LICENSE: neither in the project (an sdist) nor at the top of the tree")


def _dist_info(version: str) -> str:
    return f"{NAME}-{version}.dist-info"


def _tag() -> str:
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"py3-none-{plat}"


# ---------------------------------------------------------------------------
# Archives


def _epoch() -> int:
    try:
        return max(EPOCH_DEFAULT, int(os.environ.get("SOURCE_DATE_EPOCH", EPOCH_DEFAULT)))
    except ValueError:
        return EPOCH_DEFAULT


def _package_files() -> List[Path]:
    """The package's own files: its modules and py.typed."""
    files = sorted(p for p in (PROJECT / NAME).iterdir() if p.is_file() and (p.suffix == ".py" or p.name == "py.typed"))
    return [p for p in files if p.name != "_build_info.py"]


def _build_info(sources: Sources, library: Optional[str], sim: Optional[str]) -> str:
    return (
        '"""How this copy of bfc was built (written by bindings/python/backend/bfc_build.py)."""\n\n'
        f"VERSION = {sources.version!r}  # of the C sources\n"
        f"SONAME = {sources.soname!r}  # the library's; the system loader is asked for it\n"
        f"LIBRARY = {library!r}  # the library beside this file; None: the system's\n"
        f"BFC_SIM = {sim!r}  # bfc-sim, relative to this folder; None: BFC_SIM or PATH\n"
    )


class _Wheel:
    def __init__(self, path: Path) -> None:
        self.zip = zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED)
        self.records: List[str] = []
        self.date = _zip_date()

    def add(self, name: str, data: bytes, executable: bool = False) -> None:
        info = zipfile.ZipInfo(name, date_time=self.date)
        info.external_attr = ((0o755 if executable else 0o644) | 0o100000) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        self.zip.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
        self.records.append(f"{name},sha256={digest},{len(data)}")

    def close(self, record: str) -> None:
        lines = self.records + [f"{record},,"]
        info = zipfile.ZipInfo(record, date_time=self.date)
        info.external_attr = (0o644 | 0o100000) << 16
        self.zip.writestr(info, "\n".join(lines) + "\n", compress_type=zipfile.ZIP_DEFLATED)
        self.zip.close()


def _zip_date() -> Tuple[int, int, int, int, int, int]:
    t = time.gmtime(_epoch())
    return (t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec)


def _write_dist_info(add, version: str, tag: str) -> None:
    info = _dist_info(version)
    add(f"{info}/METADATA", metadata(version).encode("utf-8"))
    add(
        f"{info}/WHEEL",
        (f"Wheel-Version: 1.0\nGenerator: bfc_build\nRoot-Is-Purelib: {'true' if tag.startswith('py3-none-any') else 'false'}\n"
         f"Tag: {tag}\n").encode("ascii"),
    )
    add(f"{info}/top_level.txt", b"bfc\n")
    add(f"{info}/LICENSE", _license_file().read_bytes())


# ---------------------------------------------------------------------------
# The PEP 517 hooks


def get_requires_for_build_wheel(config_settings: Optional[Mapping[str, Any]] = None) -> List[str]:
    """Nothing: the standard library and a C compiler build the wheel."""
    return []


def get_requires_for_build_sdist(config_settings: Optional[Mapping[str, Any]] = None) -> List[str]:
    """Nothing."""
    return []


def prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: Optional[Mapping[str, Any]] = None
) -> str:
    """Writes ``bfc-VERSION.dist-info`` (METADATA, WHEEL, top_level.txt,
    LICENSE) into metadata_directory and returns its name."""
    library = _settings(config_settings)
    sources = find_sources()
    version = _version(_project(), sources)
    tag = _tag() if library == "bundle" else "py3-none-any"
    info = Path(metadata_directory) / _dist_info(version)
    info.mkdir(parents=True, exist_ok=True)

    def add(name: str, data: bytes) -> None:
        path = Path(metadata_directory) / name
        path.write_bytes(data)

    _write_dist_info(add, version, tag)
    return info.name


def build_wheel(
    wheel_directory: str,
    config_settings: Optional[Mapping[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    """Builds ``bfc-VERSION-py3-none-PLATFORM.whl`` with the library and
    bfc-sim compiled into the package (``library=system``: a pure-Python
    ``py3-none-any`` wheel that uses the system's) and returns its name."""
    library = _settings(config_settings)
    sources = find_sources()
    _package_api(sources)
    version = _version(_project(), sources)
    bundle = library == "bundle"
    tag = _tag() if bundle else "py3-none-any"
    name = f"{NAME}-{version}-{tag}.whl"
    Path(wheel_directory).mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="bfc-build-") as tmp:
        lib = sim = None
        if bundle:
            lib, sim = compile_c(sources, Path(tmp), with_sim=True)
        partial = Path(wheel_directory) / (name + ".part")
        wheel = _Wheel(partial)
        try:
            for f in _package_files():
                wheel.add(f"{NAME}/{f.name}", f.read_bytes())
            wheel.add(
                f"{NAME}/_build_info.py",
                _build_info(sources, lib.name if lib else None, "bin/bfc-sim" if sim else None).encode("utf-8"),
            )
            if lib is not None:
                wheel.add(f"{NAME}/{lib.name}", lib.read_bytes(), executable=True)
            if sim is not None:
                wheel.add(f"{NAME}/bin/bfc-sim", sim.read_bytes(), executable=True)
            _write_dist_info(wheel.add, version, tag)
            wheel.close(f"{_dist_info(version)}/RECORD")
        except BaseException:
            wheel.zip.close()
            partial.unlink()
            raise
        os.replace(partial, Path(wheel_directory) / name)
    return name


def build_sdist(sdist_directory: str, config_settings: Optional[Mapping[str, Any]] = None) -> str:
    """Builds ``bfc-VERSION.tar.gz``: the package, this backend, the README,
    LICENSE and the C sources it compiles (``csrc/``, with their lists in
    ``csrc/build.json``), so the sdist builds away from the tree without
    make. Returns its name."""
    sources = find_sources()
    version = _version(_project(), sources)
    top = f"{NAME}-{version}"
    files: List[Tuple[str, bytes, bool]] = []  # (name in the archive, data, executable)
    for rel in ("pyproject.toml", "README.md"):
        files.append((rel, (PROJECT / rel).read_bytes(), False))
    files.append(("LICENSE", _license_file().read_bytes(), False))
    files.append(("backend/bfc_build.py", Path(__file__).read_bytes(), False))
    for f in _package_files():
        files.append((f"{NAME}/{f.name}", f.read_bytes(), False))
    base = sources.base
    # the sources compiled, and every header beside them (the library's
    # private headers, the tools' shared ones)
    c_files = set(sources.library) | set(sources.sim) | {"include/bfc.h"}
    for folder in {str(Path(s).parent) for s in sources.library + sources.sim}:
        for h in sorted((base / folder).glob("*.h")):
            c_files.add(str(h.relative_to(base)))
    for rel in sorted(c_files):
        files.append((f"csrc/{rel}", (base / rel).read_bytes(), False))
    files.append(("csrc/build.json", (json.dumps(sources.to_json(), indent=1) + "\n").encode("utf-8"), False))
    files.append(("PKG-INFO", metadata(version).encode("utf-8"), False))
    Path(sdist_directory).mkdir(parents=True, exist_ok=True)
    name = f"{top}.tar.gz"
    partial = Path(sdist_directory) / (name + ".part")
    epoch = _epoch()
    with open(partial, "wb") as raw:
        with gzip.GzipFile(filename="", fileobj=raw, mode="wb", mtime=epoch) as gz:
            with tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar:
                for rel, data, executable in sorted(files):
                    info = tarfile.TarInfo(f"{top}/{rel}")
                    info.size = len(data)
                    info.mtime = epoch
                    info.mode = 0o755 if executable else 0o644
                    info.uname = info.gname = ""
                    tar.addfile(info, io.BytesIO(data))
    os.replace(partial, Path(sdist_directory) / name)
    return name


def _main(argv: List[str]) -> int:
    """``python3 backend/bfc_build.py wheel|sdist DIR [library=system]``:
    the hooks from the command line (tests, make)."""
    if len(argv) < 2 or argv[0] not in ("wheel", "sdist"):
        print("usage: bfc_build.py wheel|sdist DIR [library=bundle|system]", file=sys.stderr)
        return 2
    settings = dict(a.split("=", 1) for a in argv[2:] if "=" in a)
    try:
        if argv[0] == "wheel":
            print(build_wheel(argv[1], settings))
        else:
            print(build_sdist(argv[1], settings))
    except BuildError as e:
        print(f"bfc_build: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
