#!/usr/bin/env python3
"""Runs a program on a pseudo-terminal, as a player at a terminal would.

    python3 tests/pty_run.py PROGRAM [ARGS...] < INPUT > TRANSCRIPT

The program's standard input, output and error are the terminal, so it takes
its interactive paths (isatty). INPUT is typed in one line at a time, each
after the program has gone quiet. The terminal does not echo, so the
transcript is what the program wrote and nothing else, however slowly it
ends (a line typed while it exits leaves no trace); it goes to standard
output with CRLF line ends turned into LF. Exits with the program's
status, or 124 when it runs longer than 60 seconds (it is then killed).
"""
import os
import pty
import select
import signal
import sys
import termios
import time

LIMIT = 60.0   # seconds for the whole run
QUIET = 0.05   # seconds of no output before the next line is typed


def main():
    if len(sys.argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    lines = sys.stdin.buffer.read().splitlines(keepends=True)
    pid, fd = pty.fork()
    if pid == 0:
        try:
            attrs = termios.tcgetattr(0)
            attrs[3] &= ~termios.ECHO  # lflag
            termios.tcsetattr(0, termios.TCSANOW, attrs)
            os.execv(sys.argv[1], sys.argv[1:])
        finally:
            os._exit(127)
    out = bytearray()
    timed_out = False
    start = time.monotonic()
    while True:
        if time.monotonic() - start > LIMIT:
            os.kill(pid, signal.SIGKILL)
            timed_out = True
            break
        ready, _, _ = select.select([fd], [], [], QUIET)
        if ready:
            try:
                data = os.read(fd, 4096)
            except OSError:  # EIO: the program has closed the terminal
                break
            if not data:
                break
            out += data
        elif lines:
            os.write(fd, lines.pop(0))
    _, status = os.waitpid(pid, 0)
    sys.stdout.buffer.write(bytes(out).replace(b"\r\n", b"\n"))
    return 124 if timed_out else os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main())
