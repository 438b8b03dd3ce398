"""bfc-sim on a real Dask cluster (a LocalCluster of two worker processes on
this machine): the merged report is byte for byte bfc-sim's on one
machine, also when a worker dies in the middle of the run, and a worker
killed with SIGKILL takes its shard's bfc-sim with it.

No test here waits for a time or gives up after one: each waits for what
it needs to happen (a process to appear or to end, a task to finish, a
port to listen), bounded by the work asked for. Dask's own time limits
(connecting, a connection's silence) are raised far above what a loaded
machine needs, for this module's clusters and the programs it starts."""

import ctypes
import logging
import os
import re
import signal
import socket
import subprocess
import sys
import time

import pytest

from conftest import PACKAGE_DIR, QUICK, scaled

distributed = pytest.importorskip("distributed")
psutil = pytest.importorskip("psutil")
dask = pytest.importorskip("dask")

import bfc.distributed as bd  # noqa: E402

# Dask's time limits, for this module (its clusters) and the programs it
# starts (the environment): a loaded machine is slow, not broken
PATIENCE = {"distributed.comm.timeouts.connect": "3600s", "distributed.comm.timeouts.tcp": "3600s"}
PATIENT_ENV = {"DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "3600s",
               "DASK_DISTRIBUTED__COMM__TIMEOUTS__TCP": "3600s"}


@pytest.fixture(scope="module", autouse=True)
def patience():
    with dask.config.set(PATIENCE):
        yield


def local_cluster(n_workers):
    return distributed.LocalCluster(
        n_workers=n_workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=":0",  # any free port: two clusters may be up at once
        silence_logs=logging.ERROR,
    )


@pytest.fixture(scope="module")
def client(patience):
    cluster = local_cluster(2)
    c = distributed.Client(cluster)
    try:
        c.wait_for_workers(2)  # both joined (no limit: an event, not a time)
        yield c
    finally:
        c.close()
        cluster.close()


def gone(proc):
    """Waits until proc (a psutil.Process that is not our child) has ended:
    it no longer exists, or it is a zombie left for its parent to reap."""
    while True:
        try:
            if proc.status() == psutil.STATUS_ZOMBIE:
                return
        except psutil.NoSuchProcess:
            return
        time.sleep(0.01)  # polling an event; never a limit


def parent_of(pid):
    """The parent of process pid (alive or a zombie), from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[1])


def one_machine(bfc_sim, options):
    p = subprocess.run([str(bfc_sim), *options], capture_output=True, check=False)
    return p.returncode, p.stdout, p.stderr


RUNS = [
    ["--games", "400"],
    ["--games", "300", "--json", "--players", "4", "--teams", "--bots", "greedy,random,random,greedy"],
    ["--game", "classic", "--muggins", "--games", "250", "--seed", "9"],
    ["--game", "noddy", "--players", "3", "--games", "300", "--json"],
    ["--game", "crib-wars", "--games", "200", "--value", "skunk", "--json"],
    ["--game", "solitaire", "--games", "200"],
]


@pytest.mark.parametrize("options", RUNS, ids=lambda o: " ".join(o))
def test_distributed__same_bytes_as_one_machine(client, bfc_sim, options):
    want = one_machine(bfc_sim, options)
    assert want[0] == 0 and want[1]
    for shards in (3, 8) if not QUICK else (5,):
        status, out, err, played = bd.run(client, str(bfc_sim), options, shards)
        assert (status, out, err) == want, f"{shards} shards"
        assert played == int(options[options.index("--games") + 1])


def test_distributed__more_shards_than_games(client, bfc_sim):
    options = ["--games", "3", "--json"]
    assert bd.run(client, str(bfc_sim), options, 7)[:3] == one_machine(bfc_sim, options)


def test_distributed__a_bad_option_fails_as_bfc_sim_does(client, bfc_sim):
    for options in (["--games", "0"], ["--bots", "oracle"], ["--frobnicate"]):
        status, out, err, _ = bd.run(client, str(bfc_sim), options, 2)
        want = one_machine(bfc_sim, options)
        assert status == want[0] == 2 and out == b""
        assert err == want[2]


def test_distributed__a_killed_worker_changes_nothing(client, bfc_sim, tmp_path):
    """One worker is killed (SIGKILL) while it runs a shard, as when its
    machine goes down; the scheduler runs that shard again on a worker that
    lives, and the merged report is the same bytes. So that the worker is
    surely busy with a shard when it dies, whatever the machine's speed,
    the shards run bfc-sim through a wrapper whose first run says who it
    is (its process id in a file) and waits for this test (a FIFO read by
    the shell itself) before it becomes bfc-sim."""
    options = ["--games", str(scaled(6000, 2400)), "--json", "--seed", "4"]
    want = one_machine(bfc_sim, options)
    fifo = tmp_path / "hold"
    os.mkfifo(fifo)
    wrapper = tmp_path / "bfc-sim"
    held = tmp_path / "held"
    wrapper.write_text(f"#!/bin/sh\nif mkdir '{held}' 2>/dev/null; then\n"
                       f"    echo $$ >'{held}/pid.new' && mv '{held}/pid.new' '{held}/pid'\n"
                       f"    read -r x <'{fifo}'\nfi\nexec '{bfc_sim}' \"$@\"\n")
    wrapper.chmod(0o755)
    futures = bd.submit(client, str(wrapper), options, 4)
    while not (held / "pid").exists():  # the first shard to start says so
        time.sleep(0.01)  # polling an event; never a limit
    victim = psutil.Process(parent_of(int((held / "pid").read_text())))  # its worker
    victim.kill()
    gone(victim)
    try:  # let the waiting shard go on if it outlived its worker
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:  # ENXIO: it died with the worker
        pass
    lines = client.gather(futures)
    status, out, err = bd.merge(str(bfc_sim), lines, True)
    assert (status, out, err) == want
    # the scheduler's log: the killed worker's shard went to a worker twice
    started = [
        client.run_on_scheduler(
            lambda dask_scheduler, k=f.key: [t[2] for t in dask_scheduler.story(k) if len(t) > 2].count("processing")
        )
        for f in futures
    ]
    assert max(started) >= 2 and min(started) >= 1, started
    # the nanny brings a new worker up in the dead one's place; the tests
    # after this one run on one worker or two alike, so none waits for it


PR_SET_CHILD_SUBREAPER = 36


def test_distributed__a_killed_worker_s_shard_dies_with_it(bfc_sim, tmp_path, monkeypatch):
    """Issue 29 item 14: a Dask worker killed with SIGKILL (no chance to
    clean up) takes its shard's process with it. The shard's program here
    is a stand-in that waits for this test (it reads a FIFO nobody writes
    yet), so it is surely running when the worker dies. This process is
    made a subreaper (PR_SET_CHILD_SUBREAPER), so the orphan becomes its
    child and its end can be waited for and read: killed by SIGKILL when
    it died with the worker; without that, the test opens the FIFO after
    the worker is gone, and the stand-in ends by itself with status 0."""
    if not sys.platform.startswith("linux"):
        pytest.skip("PR_SET_PDEATHSIG and subreapers are Linux's")
    fifo = tmp_path / "hold"
    os.mkfifo(fifo)
    stand_in = tmp_path / "bfc-sim"
    # the first run waits on the FIFO; a run again (the scheduler's retry
    # on the worker the nanny starts next) ends at once
    stand_in.write_text(f"#!/bin/sh\nmkdir '{tmp_path}/first' 2>/dev/null || exit 0\nexec cat '{fifo}'\n")
    stand_in.chmod(0o755)
    monkeypatch.delenv("BFC_SIM", raising=False)  # the workers run the stand-in
    libc = ctypes.CDLL(None, use_errno=True)
    assert libc.prctl(PR_SET_CHILD_SUBREAPER, ctypes.c_ulong(1), 0, 0, 0) == 0
    cluster = local_cluster(1)
    c = distributed.Client(cluster)
    try:
        c.wait_for_workers(1)
        (pid,) = c.run(os.getpid).values()
        future = bd.submit(c, str(stand_in), ["--games", "1"], 1)[0]
        worker = psutil.Process(pid)
        held = None
        while held is None:  # until the worker runs it (bounded: it waits)
            assert not future.done(), future
            held = next((p for p in worker.children() if str(fifo) in " ".join(p.cmdline())), None)
            time.sleep(0.01)
        worker.kill()
        # once every thread of the worker has ended, the stand-in (alive or
        # not) is this process's child: the kernel sent the death signal
        # when the thread that started it ended, before that
        while parent_of(held.pid) != os.getpid():
            time.sleep(0.01)  # polling an event; never a limit
        try:  # release the stand-in if it still lives
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:  # ENXIO: no reader left
            pass
        _, status = os.waitpid(held.pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (
            f"the shard's process outlived its worker: exit status {os.waitstatus_to_exitcode(status)}")
    finally:
        libc.prctl(PR_SET_CHILD_SUBREAPER, ctypes.c_ulong(0), 0, 0, 0)
        c.close()
        cluster.close()


def test_distributed__the_shard_command_keeps_bfc_sim_s_bytes(bfc_sim):
    """The helper that makes bfc-sim die with its worker runs it in its own
    place: the same output, byte for byte, and the same failures."""
    for options in (["--games", "50", "--json", "--shard", "2/3"], ["--games", "0"]):
        direct = subprocess.run([str(bfc_sim), *options], capture_output=True, check=False)
        helped = subprocess.run(bd._shard_command(str(bfc_sim), options), capture_output=True, check=False)
        assert (helped.returncode, helped.stdout, helped.stderr) == (
            direct.returncode, direct.stdout, direct.stderr)


@pytest.mark.skipif(QUICK, reason="starts a cluster of its own: make check runs it, not the quick tier")
def test_distributed__command_line(bfc_sim, tmp_path):
    options = ["--game", "five-card", "--games", "150", "--json"]
    env = dict(os.environ, PYTHONPATH=str(PACKAGE_DIR), **PATIENT_ENV)
    p = subprocess.run(
        [sys.executable, "-m", "bfc.distributed", "--workers", "2", "--shards", "3", "--timing",
         "--bfc-sim", str(bfc_sim), *options],
        capture_output=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    want = one_machine(bfc_sim, options)
    assert p.returncode == 0 and p.stdout == want[1]
    assert b"games/s (2 workers, 3 shards)" in p.stderr.splitlines()[-1]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(port, proc):
    """Waits until something listens on the loopback's port, or proc ends
    first (then False)."""
    while proc.poll() is None:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return True
        time.sleep(0.01)  # polling an event; never a limit
    return False


@pytest.mark.skipif(QUICK, reason="starts a cluster of its own: make check runs it, not the quick tier")
def test_distributed__a_scheduler_and_workers_of_their_own(bfc_sim, tmp_path):
    """dask-scheduler and dask-worker as on a real cluster (here on the
    loopback): the workers know nothing of this package (no PYTHONPATH),
    the tasks travel by value."""
    port = free_port()
    addr = f"tcp://127.0.0.1:{port}"
    bare = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    bare.update(PATIENT_ENV)
    dask_scheduler = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    procs = []
    try:
        # each in a session of its own, so that the end kills its processes
        # (dask-worker's nannies and workers) all at once
        procs.append(subprocess.Popen(
            dask_scheduler + ["--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
            env=bare, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True))
        assert listening(port, procs[0]), "dask-scheduler ended before it listened"
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", addr, "--nworkers", "2", "--nthreads", "1",
             "--host", "127.0.0.1", "--no-dashboard"],
            env=bare, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True))
        options = ["--game", "classic", "--players", "3", "--games", "300", "--json"]
        env = dict(os.environ, PYTHONPATH=str(PACKAGE_DIR), **PATIENT_ENV)
        # bfc.distributed waits for a worker to join (wait_for_workers)
        p = subprocess.run(
            [sys.executable, "-m", "bfc.distributed", "--scheduler", addr, "--bfc-sim", str(bfc_sim), *options],
            capture_output=True, env=env, cwd=tmp_path, check=False)
        want = one_machine(bfc_sim, options)
        assert (p.returncode, p.stdout) == want[:2]
        # bfc-sim's own messages come through unchanged; the only other
        # lines allowed are asyncio's note on a Dask heartbeat that timed
        # out on a loaded machine (it changes nothing of the result)
        noise = re.compile(rb"^(Future exception was never retrieved|future: <Future finished "
                           rb"exception=TimeoutError\(.*\)>|TimeoutError: .*|Traceback .*|  .*)$")
        extra = [line for line in p.stderr.splitlines() if not noise.match(line)]
        assert extra == want[2].splitlines()
    finally:
        for proc in reversed(procs):
            os.killpg(proc.pid, signal.SIGKILL)  # its session: nannies and workers too
            proc.wait()


def test_distributed__usage(bfc_sim):
    env = dict(os.environ, PYTHONPATH=str(PACKAGE_DIR))
    run = lambda *a: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "bfc.distributed", *a], capture_output=True, text=True, env=env, check=False
    )
    p = run("--help")
    assert p.returncode == 0 and p.stdout.startswith("usage: python3 -m bfc.distributed")
    for bad in (["--shard", "1/2"], ["--merge", "x"], ["--workers", "0"], ["--shards", "x"],
                ["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], ["--bfc-sim", "/nonexistent"]):
        p = run(*bad)
        assert p.returncode == 2 and p.stdout == "" and p.stderr.startswith("bfc.distributed: "), bad
    p = run("--bfc-sim", str(bfc_sim), "--version")
    assert p.returncode == 0 and p.stdout == one_machine(bfc_sim, ["--version"])[1].decode()


def test_distributed__finds_the_tree_s_bfc_sim(bfc_sim, monkeypatch):
    monkeypatch.delenv("BFC_SIM", raising=False)
    assert os.path.samefile(bd.find_bfc_sim(), bfc_sim)
    monkeypatch.setenv("BFC_SIM", "/nonexistent/bfc-sim")
    with pytest.raises(FileNotFoundError) as e:
        bd.find_bfc_sim()
    assert "/nonexistent/bfc-sim" in str(e.value)


def test_distributed__bfc_sim_from_python_on_dask(client):
    """bfc.distributed.sim: bfc.sim's shards as Dask tasks (bfc_sim_run on
    each worker), added up: the same result as one bfc.sim call."""
    import bfc

    games = scaled(400, 120)
    for preset, kw in (("battlefield", {}), ("captains", {}), ("classic", {"players": 4, "teams": True,
                                                                             "partners_by_cut": True})):
        want = bfc.sim(games, preset, seed=6, **kw)
        for shards in (3, 7):
            got = bd.sim(client, games, preset, seed=6, shards=shards, **kw)
            assert got == want and got.games == games and got.engine == "c"
    with pytest.raises(bfc.InvalidArgument):
        bd.sim(client, 10, bots="oracle")
