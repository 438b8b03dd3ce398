"""bfc-sim across a Dask cluster: ``python3 -m bfc.distributed``.

::

    python3 -m bfc.distributed [--scheduler tcp://HOST:8786 | --workers N]
                               [--shards K] [--timing] [--bfc-sim PATH]
                               BFC-SIM-OPTIONS...

splits the run that ``bfc-sim BFC-SIM-OPTIONS...`` would make into K shards
(``bfc-sim --shard k/K --json ...``, k = 1..K), runs them as tasks on a
Dask cluster, gathers their JSON lines, and merges them with ``bfc-sim
--merge`` -- the same program, so the same merge code -- on this machine.
It prints exactly what ``bfc-sim BFC-SIM-OPTIONS...`` prints on one
machine (with ``--json``, the same JSON), and exits with its status.

- ``--scheduler ADDRESS``: a running Dask scheduler (``dask-scheduler`` on
  one host, ``dask-worker ADDRESS`` on each of the others).
- ``--workers N``: without a scheduler, a local cluster of N worker
  processes (default: the number of processors).
- ``--shards K``: how many tasks (default: 4 per worker, so a lost worker
  costs little and fast workers take more); 1 <= K <= 1000000.
- ``--timing``: on standard error, the wall-clock time from the first task
  submitted to the merged report, and games per second (``bfc-sim
  --timing`` prints the same line in its report; here the report stays
  byte-identical to the one-machine run).
- ``--bfc-sim PATH``: the program. Otherwise ``BFC_SIM``, then
  ``examples/bfc-sim/bfc-sim`` or ``examples/bfc-sim`` of the source tree
  this package sits in, then the ``bfc-sim`` that ``pip install`` built
  into this package (``bfc/bin/bfc-sim``, from the same sources as its
  library), then ``bfc-sim`` on PATH. A worker runs, in this order, its
  own ``BFC_SIM``, the same path if it exists there (a local cluster, or
  workers with the same virtual environment), or ``bfc-sim`` on its PATH.

A task is a whole shard: if a worker dies (its machine, its process),
Dask runs the shard again elsewhere, and because a shard's games depend
only on the run's seed and their index, the result is the same. On Linux
a shard's bfc-sim dies with its worker (PR_SET_PDEATHSIG), so a worker
killed with ``kill -9`` leaves no shard running on.

The tasks need only the Python standard library and bfc-sim on the
workers: this module's functions travel by value, so the workers need
neither this package nor libbfc installed. This command always runs the
program bfc-sim (its options, report and merge are the program's); it never
stands in for it. :func:`sim` is the way without the program: the
library's own ``bfc_sim_run`` through this package.

From Python, :func:`sim` runs :func:`bfc.sim` the same way: K shards as
tasks (``bfc.sim(..., shard=(k, K))``, each played in C by
``bfc_sim_run`` when every seat is a library bot), their
:class:`~bfc.SimResult` added up on the client -- the same result as one
``bfc.sim`` call. Its workers need this package, which brings its library (``pip
install``; or ``make install`` and ``make install-python``, or
``PYTHONPATH`` and ``BFC_LIBRARY``), and no bfc-sim::

    from distributed import Client
    import bfc.distributed
    result = bfc.distributed.sim(Client("tcp://HOST:8786"), 100000, "classic", players=3)
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, List, Optional, Sequence, Tuple

if TYPE_CHECKING:  # for the annotations only: the tasks import it on the workers
    from .sim import SimResult

USAGE = """\
usage: python3 -m bfc.distributed [--scheduler tcp://HOST:8786 | --workers N]
                                  [--shards K] [--timing] [--bfc-sim PATH]
                                  BFC-SIM-OPTIONS...

Runs `bfc-sim BFC-SIM-OPTIONS...` as K shards (bfc-sim --shard k/K --json)
on a Dask cluster -- a scheduler's, or a local one of N worker processes --
merges them with `bfc-sim --merge` and prints exactly what the one-machine
run prints (with --json, the same JSON).

  --scheduler ADDR  a running Dask scheduler (dask-scheduler / dask-worker)
  --workers N       a local cluster of N worker processes (default: the
                    number of processors)
  --shards K        tasks to split the run into (default 4 per worker)
  --timing          the time and games per second, on standard error
  --bfc-sim PATH    the bfc-sim program (default: BFC_SIM, the source
                    tree's, the one pip built into this package, or PATH)
  --help            this text

Every other option is bfc-sim's (bfc-sim --help); --shard and --merge are
this program's to use.
EXIT STATUS: bfc-sim's; 2 for a bad option of this program.
"""

EXIT_FAIL = 1
EXIT_USAGE = 2


class UsageError(Exception):
    """A bad command line; the message is the one line to print."""


class ShardFailed(RuntimeError):
    """bfc-sim exited with an error on a worker: its status and standard
    error."""

    def __init__(self, status: int, stderr: str) -> None:
        super().__init__(stderr.strip() or f"bfc-sim exited with status {status}")
        self.status = status
        self.stderr = stderr

    def __reduce__(self):
        return (ShardFailed, (self.status, self.stderr))


# ---------------------------------------------------------------------------
# Where bfc-sim is


def _tree_root() -> Path:
    # bindings/python/bfc/distributed.py -> the top of the source tree
    return Path(__file__).resolve().parent.parent.parent.parent


def _packaged_bfc_sim() -> Optional[str]:
    """The bfc-sim built into this package by ``pip install`` (None when
    the package was built without it, or sits in the source tree)."""
    try:
        from ._build_info import BFC_SIM
    except ImportError:
        return None
    if not BFC_SIM:
        return None
    return str(Path(__file__).resolve().parent / BFC_SIM)


def find_bfc_sim(explicit: Optional[str] = None) -> str:
    """The bfc-sim to run: ``explicit``, else ``BFC_SIM``, else the source
    tree's ``examples/bfc-sim/bfc-sim`` or ``examples/bfc-sim``, else the
    one ``pip install`` built into this package (``bfc/bin/bfc-sim``),
    else ``bfc-sim`` on PATH. Raises FileNotFoundError listing what was
    tried."""
    tried = []
    cands: List[str] = []
    if explicit:
        cands.append(explicit)
    elif os.environ.get("BFC_SIM"):
        cands.append(os.environ["BFC_SIM"])
    else:
        tried.append("BFC_SIM: not set")
        root = _tree_root()
        cands += [str(root / "examples" / "bfc-sim" / "bfc-sim"), str(root / "examples" / "bfc-sim")]
        packaged = _packaged_bfc_sim()
        if packaged:
            cands.append(packaged)
        else:
            tried.append("bfc/bin/bfc-sim: this package was built without it")
    for c in cands:
        if os.path.isfile(c) and os.access(c, os.X_OK):
            return os.path.abspath(c)
        tried.append(f"{c}: not an executable file")
    on_path = shutil.which("bfc-sim")
    if on_path and not explicit:
        return on_path
    tried.append("bfc-sim on PATH: not found")
    raise FileNotFoundError("cannot find bfc-sim; tried:\n  " + "\n  ".join(tried))


# ---------------------------------------------------------------------------
# The task (runs on a worker; standard library only)

# On Linux, bfc-sim is started through this small Python program: it asks
# the kernel to kill it when the worker's thread that started it dies
# (PR_SET_PDEATHSIG), checks that the worker did not die before that, and
# runs bfc-sim in its own place (exec: the same process, arguments and
# output). So a worker killed with `kill -9` (or lost with its machine)
# takes its shard's bfc-sim with it instead of leaving it to run to the
# shard's end. Elsewhere bfc-sim is started directly.
_DIE_WITH_PARENT = """\
import ctypes, os, signal, sys
try:
    ctypes.CDLL(None, use_errno=True).prctl(1, ctypes.c_ulong(signal.SIGKILL), ctypes.c_ulong(0),
                                            ctypes.c_ulong(0), ctypes.c_ulong(0))
except (OSError, AttributeError):
    pass
if os.getppid() != int(sys.argv[1]):
    os._exit(1)  # the worker is already gone
os.execv(sys.argv[2], sys.argv[2:])
"""


def _shard_command(prog: str, args: Sequence[str]) -> List[str]:
    """The command that runs ``prog args...`` as a child that dies with this
    process (see _DIE_WITH_PARENT); the command itself elsewhere."""
    import os as _os
    import sys as _sys

    if not _sys.platform.startswith("linux") or not _sys.executable:
        return [prog, *args]
    return [_sys.executable, "-I", "-S", "-c", _DIE_WITH_PARENT, str(_os.getpid()), prog, *args]


def run_shard(sim: str, options: Sequence[str], k: int, n: int) -> str:
    """Runs shard k of n of the bfc-sim run given by ``options`` and
    returns its JSON line. ``sim`` is the client's path to bfc-sim; the
    worker's own ``BFC_SIM`` comes first, and ``bfc-sim`` on its PATH
    last. On Linux the bfc-sim process dies with the worker (a worker
    killed, even with SIGKILL, leaves no shard running). Raises
    :class:`ShardFailed` when bfc-sim fails."""
    import os as _os
    import shutil as _shutil
    import subprocess as _sp

    prog = _os.environ.get("BFC_SIM") or (sim if _os.access(sim, _os.X_OK) else None)
    prog = prog or _shutil.which("bfc-sim")
    if not prog:
        raise ShardFailed(EXIT_FAIL, f"bfc-sim: not found on this worker ({sim}, PATH)")
    p = _sp.run(
        _shard_command(prog, [*options, "--shard", f"{k}/{n}", "--json"]),
        stdin=_sp.DEVNULL,
        stdout=_sp.PIPE,
        stderr=_sp.PIPE,
        check=False,
    )
    if p.returncode != 0:
        raise ShardFailed(p.returncode, p.stderr.decode("utf-8", "replace"))
    return p.stdout.decode("utf-8")


# ---------------------------------------------------------------------------
# The client side


def _by_value() -> None:
    """Send this module's functions to the workers by value, so that they
    need neither this package nor the library (cloudpickle >= 2)."""
    if __name__ == "__main__":
        return  # already pickled by value
    try:
        import cloudpickle

        cloudpickle.register_pickle_by_value(sys.modules[__name__])
    except (ImportError, AttributeError, ValueError):
        pass


def submit(client, sim: str, options: Sequence[str], shards: int) -> list:
    """Submits the ``shards`` tasks of the run and returns their futures, in
    shard order. Each task is retried twice if it fails; a task whose
    worker dies is run again by the scheduler on another worker."""
    _by_value()
    opts = list(options)
    token = os.urandom(6).hex()
    return [
        client.submit(
            run_shard,
            sim,
            opts,
            k,
            shards,
            key=f"bfc-sim-shard-{k}-of-{shards}-{token}",
            pure=False,
            retries=2,
        )
        for k in range(1, shards + 1)
    ]


def merge(sim: str, lines: Sequence[str], json_out: bool) -> Tuple[int, bytes, bytes]:
    """``bfc-sim [--json] --merge -`` on the shards' JSON lines: its exit
    status, standard output and standard error."""
    text = "".join(line if line.endswith("\n") else line + "\n" for line in lines)
    cmd = [sim] + (["--json"] if json_out else []) + ["--merge", "-"]
    p = subprocess.run(cmd, input=text.encode("utf-8"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    return p.returncode, p.stdout, p.stderr


def run(client, sim: str, options: Sequence[str], shards: int) -> Tuple[int, bytes, bytes, int]:
    """Runs the whole thing on a client: submit, gather, merge. Returns
    (status, stdout, stderr, games played)."""
    futures = submit(client, sim, options, shards)
    try:
        lines = client.gather(futures)
    except Exception as e:  # a ShardFailed, possibly as a copy of the class
        if not (isinstance(getattr(e, "status", None), int) and isinstance(getattr(e, "stderr", None), str)):
            raise
        for f in futures:
            f.cancel()
        return e.status, b"", e.stderr.encode("utf-8"), 0
    played = 0
    for line in lines:
        try:
            played += int(json.loads(line).get("played", 0))
        except (ValueError, AttributeError):
            pass
    status, out, err = merge(sim, lines, "--json" in options)
    return status, out, err, played


def _sim_shard(games: int, kwargs: dict, k: int, n: int) -> "SimResult":
    """The task of :func:`sim`: shard k of n of ``bfc.sim(games,
    **kwargs)``, on a worker (which needs this package and libbfc)."""
    from bfc.sim import sim as _one

    return _one(games, shard=(k, n), **kwargs)


def sim(
    client,
    games: int = 1000,
    preset: str = "battlefield",
    players: Optional[int] = None,
    bots: Any = None,
    seed: int = 1,
    *,
    shards: Optional[int] = None,
    **kwargs: Any,
) -> "SimResult":
    """:func:`bfc.sim` on a Dask cluster: the run split into ``shards``
    tasks (default: 4 per worker), each ``bfc.sim(..., shard=(k,
    shards))`` on a worker -- in C through ``bfc_sim_run`` when every seat
    is a library bot --, and their results added up: the same
    :class:`~bfc.SimResult` as ``bfc.sim(games, preset, players, bots,
    seed, **kwargs)`` on one machine. A task whose worker dies is run
    again (the shard's games depend only on the seed and their index).
    The bots must be picklable (names, or :class:`bfc.bots.Bot` classes
    the workers can import)."""
    from .sim import sim as _one

    if shards is None:
        shards = 4 * max(1, len(client.scheduler_info().get("workers", {})))
    if isinstance(shards, bool) or not isinstance(shards, int) or not 1 <= shards <= 1000000:
        raise ValueError(f"shards: {shards!r} is not 1..1000000")
    kw = dict(kwargs, preset=preset, players=players, bots=bots, seed=seed)
    _one(0, **kw)  # bad arguments fail here, not on a worker
    _by_value()
    token = os.urandom(6).hex()
    futures = [
        client.submit(_sim_shard, games, kw, k, shards, key=f"bfc-sim-py-{k}-of-{shards}-{token}", pure=False,
                      retries=2)
        for k in range(1, shards + 1)
    ]
    parts = client.gather(futures)
    total = parts[0]
    for p in parts[1:]:
        total = total + p
    return total


def _system_dask() -> Optional[str]:
    """Where the system's Python has Dask's distributed, when this Python
    is a virtual environment that does not see it; else None."""
    if sys.prefix == sys.base_prefix:
        return None
    import glob

    v = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    for d in (
        os.path.join(sys.base_prefix, "lib", "python3", "dist-packages"),  # Debian's packages
        os.path.join(sys.base_prefix, "lib", v, "site-packages"),
        os.path.join(sys.base_prefix, "local", "lib", v, "dist-packages"),
    ):
        if glob.glob(os.path.join(d, "distributed", "__init__.py")) and d not in sys.path:
            return d
    return None


def _no_dask(e: ImportError) -> str:
    """Why Dask's distributed cannot be imported, and what to do. In a
    virtual environment made without --system-site-packages the system's
    packages (Debian's python3-distributed among them) are not seen: the
    message says so rather than that Dask is not installed."""
    where = _system_dask()
    if where:
        return (
            f"Dask's distributed is installed for the system's Python ({where}), but this virtual environment "
            f"({sys.prefix}) does not see the system's packages: make it with `python3 -m venv "
            "--system-site-packages`, or `pip install distributed` in it"
        )
    if getattr(e, "name", None) not in (None, "distributed"):
        return f"Dask's distributed does not import ({e}): a package it needs is missing or broken"
    return "Dask's distributed is not installed (Debian: apt-get install python3-distributed; in a virtual environment: pip install distributed)"


def _parse(argv: Sequence[str]):
    scheduler = None
    workers = None
    shards = None
    timing = False
    sim = None
    rest: List[str] = []
    args = list(argv)
    i = 0

    def value(name: str) -> str:
        nonlocal i
        a = args[i]
        if a.startswith(name + "="):
            return a[len(name) + 1 :]
        if i + 1 >= len(args):
            raise UsageError(f"{name} needs a value")
        i += 1
        return args[i]

    def count(name: str, text: str, hi: int) -> int:
        if not text.isdigit() or not 1 <= int(text) <= hi:
            raise UsageError(f"bad {name} {text!r} (want 1..{hi})")
        return int(text)

    while i < len(args):
        a = args[i]
        name = a.split("=", 1)[0]
        if name == "--help" or a == "-h":
            return None
        if name == "--scheduler":
            scheduler = value(name)
        elif name == "--workers":
            workers = count(name, value(name), 1024)
        elif name == "--shards":
            shards = count(name, value(name), 1000000)
        elif a == "--timing":
            timing = True
        elif name == "--bfc-sim":
            sim = value(name)
        elif name in ("--shard", "--merge"):
            raise UsageError(f"{name} is this program's to use: give the options of the whole run")
        else:
            rest.append(a)
        i += 1
    if scheduler and workers:
        raise UsageError("--scheduler and --workers: give one (workers are the scheduler's)")
    return scheduler, workers, shards, timing, sim, rest


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command: see the module's documentation. Returns the exit
    status."""
    prog = "bfc.distributed"
    try:
        parsed = _parse(sys.argv[1:] if argv is None else argv)
    except UsageError as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return EXIT_USAGE
    if parsed is None:
        sys.stdout.write(USAGE)
        return 0
    scheduler, workers, shards, timing, sim_arg, options = parsed
    try:
        sim = find_bfc_sim(sim_arg)
    except FileNotFoundError as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return EXIT_USAGE
    if "--version" in options:
        return subprocess.run([sim, "--version"], check=False).returncode

    import logging

    try:
        from distributed import Client, LocalCluster
    except ImportError as e:
        print(f"{prog}: {_no_dask(e)}", file=sys.stderr)
        return EXIT_FAIL

    cluster = None
    try:
        if scheduler:
            client = Client(scheduler)
            client.wait_for_workers(1)
            nworkers = len(client.scheduler_info().get("workers", {}))
        else:
            nworkers = workers or os.cpu_count() or 1
            cluster = LocalCluster(
                n_workers=nworkers,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address=None,
                silence_logs=logging.ERROR,
            )
            client = Client(cluster)
        k = shards or 4 * max(1, nworkers)
        t0 = time.monotonic()
        status, out, err, played = run(client, sim, options, k)
        seconds = time.monotonic() - t0
        client.close()
    finally:
        if cluster is not None:
            cluster.close()
    sys.stdout.buffer.write(out)
    sys.stdout.flush()
    sys.stderr.buffer.write(err)
    if timing and status == 0:
        rate = played / seconds if seconds > 0 else 0.0
        print(
            f"time: {seconds:.3f} s, {rate:.1f} games/s ({nworkers} worker{'s' if nworkers != 1 else ''}, "
            f"{k} shards)",
            file=sys.stderr,
        )
    return status


if __name__ == "__main__":
    sys.exit(main())
