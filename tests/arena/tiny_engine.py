#!/usr/bin/env python3
"""An engine written from doc/protocol.md alone: it plays the first legal
move. tests/test_arena.sh plays a whole match with it."""
import sys


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "bfce":
        say("id name tiny")
        say("id author the tests")
        say("games battlefield classic")
        say("ready")
    elif words[0] == "go":
        moves = line.rstrip("\n").split(" moves ", 1)[1].split(",")
        say("move " + moves[0])
    elif words[0] == "quit":
        break
    # everything else (newgame, event, world, gameover): ignored
