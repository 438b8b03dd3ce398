"""bfc-sim on a real Dask cluster (a LocalCluster of two worker processes on
this machine): the merged report is byte for byte bfc-sim's on one
machine, also when a worker dies in the middle of the run."""

import logging
import os
import re
import subprocess
import sys
import time

import pytest

from conftest import PACKAGE_DIR, QUICK, scaled

distributed = pytest.importorskip("distributed")
psutil = pytest.importorskip("psutil")

import bfc.distributed as bd  # noqa: E402


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    c = distributed.Client(cluster)
    try:
        yield c
    finally:
        c.close()
        cluster.close()


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


def running_bfc_sim(pid):
    """The processes under pid when one of them is a bfc-sim, else None."""
    try:
        tree = psutil.Process(pid).children(recursive=True)
        if any("bfc-sim" in " ".join(p.cmdline()) for p in tree):
            return tree
    except psutil.Error:  # a process ended while we looked
        pass
    return None


def test_distributed__a_killed_worker_changes_nothing(client, bfc_sim):
    """One worker (with the bfc-sim it runs) is killed while it plays a
    shard, as when its machine goes down; the scheduler runs that shard
    again on a worker that lives, and the merged report is the same
    bytes."""
    options = ["--games", str(scaled(6000, 2400)), "--json", "--seed", "4"]
    want = one_machine(bfc_sim, options)
    pids = client.run(os.getpid)  # worker address -> its process
    futures = bd.submit(client, str(bfc_sim), options, 4)
    victim = None
    deadline = time.monotonic() + 60
    while victim is None and time.monotonic() < deadline:
        for pid in pids.values():
            tree = running_bfc_sim(pid)
            if tree:
                victim = psutil.Process(pid), tree
                break
        time.sleep(0.01)
    assert victim is not None, "no worker ever ran bfc-sim"
    proc, tree = victim
    for p in [proc, *tree]:
        try:
            p.kill()
        except psutil.NoSuchProcess:
            pass
    psutil.wait_procs([proc, *tree], timeout=10)
    assert not proc.is_running()
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
    # the nanny brings a new worker up in the dead one's place
    client.wait_for_workers(2, timeout=60)


@pytest.mark.skipif(QUICK, reason="starts a cluster of its own: make check runs it, not the quick tier")
def test_distributed__command_line(bfc_sim, tmp_path):
    options = ["--game", "five-card", "--games", "150", "--json"]
    env = dict(os.environ, PYTHONPATH=str(PACKAGE_DIR))
    p = subprocess.run(
        [sys.executable, "-m", "bfc.distributed", "--workers", "2", "--shards", "3", "--timing",
         "--bfc-sim", str(bfc_sim), *options],
        capture_output=True,
        env=env,
        cwd=tmp_path,
        check=False,
        timeout=300,
    )
    want = one_machine(bfc_sim, options)
    assert p.returncode == 0 and p.stdout == want[1]
    assert b"games/s (2 workers, 3 shards)" in p.stderr.splitlines()[-1]


def free_port():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.skipif(QUICK, reason="starts a cluster of its own: make check runs it, not the quick tier")
def test_distributed__a_scheduler_and_workers_of_their_own(bfc_sim, tmp_path):
    """dask-scheduler and dask-worker as on a real cluster (here on the
    loopback): the workers know nothing of this package (no PYTHONPATH),
    the tasks travel by value."""
    addr = f"tcp://127.0.0.1:{free_port()}"
    bare = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    procs = []
    try:
        procs.append(subprocess.Popen(
            dask + ["--host", "127.0.0.1", "--port", addr.rsplit(":", 1)[1], "--no-dashboard"],
            env=bare, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", addr, "--nworkers", "2", "--nthreads", "1",
             "--host", "127.0.0.1", "--no-dashboard"],
            env=bare, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        options = ["--game", "classic", "--players", "3", "--games", "300", "--json"]
        env = dict(os.environ, PYTHONPATH=str(PACKAGE_DIR))
        p = subprocess.run(
            [sys.executable, "-m", "bfc.distributed", "--scheduler", addr, "--bfc-sim", str(bfc_sim), *options],
            capture_output=True, env=env, cwd=tmp_path, check=False, timeout=300)
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
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
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
