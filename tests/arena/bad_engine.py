#!/usr/bin/env python3
"""Engines that misbehave, for tests/test_arena.sh: each does the handshake
of doc/protocol.md and then, at the request named by its argument, does the
wrong thing instead of a move:

    crash    dies of SIGSEGV at its first request
    hang     never answers its first request (sleeps until killed; with
             BFC_ARENA_MARK set, first makes that file)
    illegal  answers a move that is a move but never one of the list
    garbage  answers a line that is not a move
    flood    writes a line of 100,000 bytes
    exit     answers its first two requests, then exits with status 3
"""
import os
import signal
import sys
import time

how = sys.argv[1]
asked = 0


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    line = line.rstrip("\n")
    if line == "bfce 1":
        say("id name bad-" + how)
        say("games classic battlefield")
        say("ready")
    elif line.startswith("go "):
        asked += 1
        first = line.split(" moves ", 1)[1].split(",")[0]
        if how == "crash":
            os.kill(os.getpid(), signal.SIGSEGV)
        elif how == "hang":
            if os.environ.get("BFC_ARENA_MARK"):  # tells the test it hangs now
                open(os.environ["BFC_ARENA_MARK"], "w").close()
            while True:
                time.sleep(1000)
        elif how == "illegal":
            say("move declare 46")
        elif how == "garbage":
            say("hello, arena")
        elif how == "flood":
            say("info " + "x" * 100000)
        elif how == "exit" and asked > 2:
            sys.exit(3)
        else:
            say("move " + first)
    elif line == "quit":
        break
