#!/usr/bin/env python3
"""Runs a program on a pseudo-terminal, as a player at a terminal would.

    python3 tests/pty_run.py PROGRAM [ARGS...] < INPUT > TRANSCRIPT

The program's standard input, output and error are the terminal, so it takes
its interactive paths (isatty). INPUT is typed in, line after line, and when
it is all typed the end of the input (Ctrl-D at the start of a line) follows,
so a program that reads on gets end-of-file and ends. The terminal keeps
what is typed until the program reads it, in order, and does not echo: the
transcript is what the program wrote and nothing else, whenever the lines
were typed. It goes to standard output with CRLF line ends turned into LF.
Exits with the program's status (128 + N when signal N ended it).

Nothing here waits for a time or measures one: the run ends when the program
ends (bound by the input, which is finite). A program that would spin for
ever is stopped by its CPU time (PTY_RUN_CPU_SECONDS, default 300 seconds of
its own CPU, however loaded the machine), then exits 128 + SIGXCPU.
"""
import errno
import os
import pty
import resource
import select
import signal
import sys
import termios


def main():
    if len(sys.argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    data = sys.stdin.buffer.read()
    if data and not data.endswith(b"\n"):
        data += b"\n"  # the end of the input is a Ctrl-D at a line's start
    cpu = int(os.environ.get("PTY_RUN_CPU_SECONDS", "300"))
    pid, fd = pty.fork()
    if pid == 0:
        try:
            attrs = termios.tcgetattr(0)
            attrs[3] &= ~termios.ECHO  # lflag
            termios.tcsetattr(0, termios.TCSANOW, attrs)
            resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 10))
            os.execv(sys.argv[1], sys.argv[1:])
        finally:
            os._exit(127)
    # no echo from the first byte typed: the child may not have run yet
    attrs = termios.tcgetattr(fd)
    attrs[3] &= ~termios.ECHO
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    eof = attrs[6][termios.VEOF]
    os.set_blocking(fd, False)
    pending = data + (eof if isinstance(eof, bytes) else bytes([eof]))
    out = bytearray()
    while True:
        # wait for the program's output, or for room to type in (the
        # terminal takes a line at a time while the program reads)
        readable, writable, _ = select.select([fd], [fd] if pending else [], [])
        if readable:
            try:
                chunk = os.read(fd, 65536)
            except BlockingIOError:
                chunk = None
            except OSError as e:  # EIO: the program has closed the terminal
                if e.errno != errno.EIO:
                    raise
                break
            if chunk is not None:
                if not chunk:
                    break
                out += chunk
        if writable and pending:
            # a line at a time, so the end of the input comes after them all
            n = pending.find(b"\n") + 1 or len(pending)
            try:
                pending = pending[os.write(fd, pending[:n]):]
            except BlockingIOError:
                pass
            except OSError as e:
                if e.errno != errno.EIO:
                    raise
                pending = b""
    _, status = os.waitpid(pid, 0)
    sys.stdout.buffer.write(bytes(out).replace(b"\r\n", b"\n"))
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if sig == signal.SIGXCPU:
            sys.stderr.write("pty_run: %s used its %d seconds of CPU\n" % (sys.argv[1], cpu))
        return 128 + sig
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main())
