/*
 * Standard output, checked: a tool whose output cannot be written (a full
 * disk, `>/dev/full`, a closed descriptor, `>&-`) says so on standard error,
 * "TOOL: cannot write standard output: No space left on device", and exits
 * with a failure status, in every mode (--help and --version too), instead
 * of ending silently or with a success status.
 */
#ifndef EXAMPLES_OUTCHECK_H
#define EXAMPLES_OUTCHECK_H

/* At the start, before anything is opened: 0, or -1 after the message
 * "TOOL: standard output is closed" when descriptor 1 is not open (a file
 * the tool opens would otherwise take its place). */
int outcheck_open(void);

/* Whether a write to standard output has failed so far (1) or not (0).
 * Called right after a write, it keeps that failure's errno for the
 * message. Cheap: a program that runs on (a game) calls it after its
 * writes and stops at the first failure. */
int outcheck_failed(void);

/* At the end: flushes and closes standard output. 0, or -1 after the
 * message when any write to it failed. */
int outcheck_close(void);

#endif
