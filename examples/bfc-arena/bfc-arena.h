/*
 * bfc-arena -- duplicate matches between two engines of the libbfc engine
 * protocol 1 (doc/protocol.md), run as child processes. The arena is the
 * dealer: it holds the game and sends each engine only its seat's view.
 *
 * The files: main.c (the command line, the match, the report), engine.c
 * (a child process: start, lines in and out with every wait bounded by a
 * clock, kill and reap).
 */
#ifndef BFC_ARENA_H
#define BFC_ARENA_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "proto.h"

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

/* An engine: its command and, while it runs, its process. */
struct engine {
    const char *label;  /* "A" or "B" */
    const char *cmd;    /* run by /bin/sh -c */
    int clock;          /* ms for each answer */
    pid_t pid;          /* 0: not running */
    pid_t pgid;         /* its process group, until killed */
    int to_fd, from_fd; /* its standard input, its standard output */
    char buf[PROTO_LINE_MAX + 2];
    size_t len;         /* bytes read, not yet taken as lines */
    size_t budget;      /* bytes it may still write for this request */
    char name[128];     /* from "id name", or its command */
};

/* SIGPIPE ignored; SIGINT, SIGTERM, SIGHUP kill and reap the engines. */
void engine_setup(void);

/* An engine not running: fds -1. */
void engine_init(struct engine *e, const char *label, const char *cmd);

/* Starts e and does the handshake within start_ms: 0, or -1 with why. */
int engine_start(struct engine *e, int start_ms, char *why, size_t cap);

/* Writes text (lines, each ended by '\n') within ms: 0, or -1 with why. */
int engine_send(struct engine *e, const char *text, int ms, char *why, size_t cap);

/* Reads one line (without its newline) into line[0..cap) within ms,
 * counted against e->budget: 0, or -1 with why. */
int engine_read(struct engine *e, char *line, size_t cap, int ms, char *why, size_t wcap);

/* Kills e's process group and reaps it; e is then not running. */
void engine_kill(struct engine *e);

/* Asks e to quit, then kills and reaps whatever is left. */
void engine_quit(struct engine *e);

#endif
