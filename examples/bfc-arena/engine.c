/* An engine as a child process (bfc-arena.h): /bin/sh -c CMD in a process
 * group of its own, its standard input and output on non-blocking pipes,
 * every wait a poll() bounded by a clock. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bfc-arena.h"

/* The running children, for the handler of SIGINT and SIGTERM. */
static pid_t running[2];

static void remember(pid_t pid)
{
    for (int i = 0; i < 2; i++)
        if (running[i] == 0) {
            running[i] = pid;
            return;
        }
}

static void forget(pid_t pid)
{
    for (int i = 0; i < 2; i++)
        if (running[i] == pid)
            running[i] = 0;
}

/* Ctrl-C: the children die with the arena (async-signal-safe calls only). */
static void on_signal(int sig)
{
    for (int i = 0; i < 2; i++)
        if (running[i] > 0) {
            kill(-running[i], SIGKILL); /* its process group */
            kill(running[i], SIGKILL);
            waitpid(running[i], NULL, 0);
        }
    _exit(128 + sig);
}

void engine_init(struct engine *e, const char *label, const char *cmd)
{
    memset(e, 0, sizeof *e);
    e->label = label;
    e->cmd = cmd;
    e->to_fd = e->from_fd = -1;
}

void engine_setup(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, NULL); /* a dead engine is an EPIPE, not our death */
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int left_ms(long long deadline)
{
    const long long d = deadline - now_ms();
    return d < 0 ? 0 : d > 1000000000 ? 1000000000 : (int)d;
}

static int nonblocking(int fd)
{
    const int fl = fcntl(fd, F_GETFL);
    return fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0 ||
                   fcntl(fd, F_SETFD, FD_CLOEXEC) < 0
               ? -1
               : 0;
}

/* Why a process that closed its output did: "exited with status 3",
 * "crashed (signal 11)", or "closed its output" when it still runs after
 * ms. Reaps it when it is gone. */
static void gone_reason(struct engine *e, int ms, char *why, size_t cap)
{
    const long long deadline = now_ms() + ms;
    int st = 0;
    for (;;) {
        const pid_t r = waitpid(e->pid, &st, WNOHANG);
        if (r == e->pid) {
            forget(e->pid);
            e->pid = 0;
            if (WIFSIGNALED(st))
                snprintf(why, cap, "crashed (signal %d)", WTERMSIG(st));
            else if (WEXITSTATUS(st) > 128 && WEXITSTATUS(st) < 128 + 65)
                snprintf(why, cap, "crashed (signal %d, as its shell says: status %d)",
                         WEXITSTATUS(st) - 128, WEXITSTATUS(st));
            else
                snprintf(why, cap, "exited with status %d", WEXITSTATUS(st));
            return;
        }
        if (r < 0 || left_ms(deadline) == 0)
            break;
        poll(NULL, 0, 5); /* a bounded wait for the exit to land */
    }
    snprintf(why, cap, "closed its output");
}

int engine_start(struct engine *e, int start_ms, char *why, size_t cap)
{
    int in[2], out[2];
    e->len = 0;
    e->budget = PROTO_REQUEST_MAX;
    snprintf(e->name, sizeof e->name, "%.100s", e->cmd);
    if (pipe(in) != 0)
        return snprintf(why, cap, "cannot make a pipe: %s", strerror(errno)), -1;
    if (pipe(out) != 0) {
        close(in[0]);
        close(in[1]);
        return snprintf(why, cap, "cannot make a pipe: %s", strerror(errno)), -1;
    }
    fflush(NULL);
    const pid_t pid = fork();
    if (pid < 0) {
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        return snprintf(why, cap, "cannot fork: %s", strerror(errno)), -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        signal(SIGPIPE, SIG_DFL);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl("/bin/sh", "sh", "-c", e->cmd, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);
    remember(pid);
    e->pid = e->pgid = pid;
    close(in[0]);
    close(out[1]);
    e->to_fd = in[1];
    e->from_fd = out[0];
    if (nonblocking(e->to_fd) != 0 || nonblocking(e->from_fd) != 0) {
        snprintf(why, cap, "cannot set up its pipes");
        engine_kill(e);
        return -1;
    }
    const long long deadline = now_ms() + start_ms;
    char line[PROTO_LINE_MAX + 1], w[200];
    if (engine_send(e, "bfce 1\n", start_ms, w, sizeof w) != 0) {
        snprintf(why, cap, "at the handshake: %s", w);
        return -1;
    }
    for (;;) {
        if (engine_read(e, line, sizeof line, left_ms(deadline), w, sizeof w) != 0) {
            snprintf(why, cap, "at the handshake: %s", w);
            return -1;
        }
        if (strncmp(line, "id name ", 8) == 0)
            snprintf(e->name, sizeof e->name, "%.100s", line + 8);
        if (strcmp(line, "ready") == 0)
            return 0;
        if (strncmp(line, "error", 5) == 0) {
            snprintf(why, cap, "at the handshake: said '%.120s'", line);
            return -1;
        }
    }
}

int engine_send(struct engine *e, const char *text, int ms, char *why, size_t cap)
{
    if (e->pid == 0)
        return snprintf(why, cap, "is not running"), -1;
    const long long deadline = now_ms() + ms;
    size_t n = strlen(text), done = 0;
    while (done < n) {
        const ssize_t w = write(e->to_fd, text + done, n - done);
        if (w > 0) {
            done += (size_t)w;
            continue;
        }
        if (w < 0 && errno == EPIPE) {
            gone_reason(e, ms, why, cap);
            return -1;
        }
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            return snprintf(why, cap, "cannot be written to: %s", strerror(errno)), -1;
        struct pollfd p = {e->to_fd, POLLOUT, 0};
        if (left_ms(deadline) == 0 || poll(&p, 1, left_ms(deadline)) == 0)
            return snprintf(why, cap, "stopped reading its input (%d ms)", ms), -1;
    }
    return 0;
}

int engine_read(struct engine *e, char *line, size_t cap, int ms, char *why, size_t wcap)
{
    if (e->pid == 0)
        return snprintf(why, wcap, "is not running"), -1;
    const long long deadline = now_ms() + ms;
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->len);
        if (nl) {
            size_t k = (size_t)(nl - e->buf);
            const size_t take = k + 1;
            if (k > 0 && e->buf[k - 1] == '\r')
                k--;
            if (k >= cap)
                k = cap - 1;
            memcpy(line, e->buf, k);
            line[k] = '\0';
            memmove(e->buf, e->buf + take, e->len - take);
            e->len -= take;
            return 0;
        }
        if (e->len > PROTO_LINE_MAX)
            return snprintf(why, wcap, "flooded: a line longer than %d bytes", PROTO_LINE_MAX),
                   -1;
        if (e->budget == 0)
            return snprintf(why, wcap, "flooded: more than %u bytes for one request",
                            PROTO_REQUEST_MAX),
                   -1;
        size_t room = sizeof e->buf - e->len;
        if (room > e->budget)
            room = e->budget;
        const ssize_t r = read(e->from_fd, e->buf + e->len, room);
        if (r > 0) {
            e->len += (size_t)r;
            e->budget -= (size_t)r;
            continue;
        }
        if (r == 0) {
            gone_reason(e, ms, why, wcap);
            return -1;
        }
        if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            return snprintf(why, wcap, "cannot be read: %s", strerror(errno)), -1;
        struct pollfd p = {e->from_fd, POLLIN, 0};
        if (left_ms(deadline) == 0 || poll(&p, 1, left_ms(deadline)) == 0)
            return snprintf(why, wcap, "hung: no answer in %d ms", ms), -1;
    }
}

void engine_kill(struct engine *e)
{
    if (e->pgid > 0)
        kill(-e->pgid, SIGKILL); /* what its shell started too */
    if (e->pid > 0) {
        kill(e->pid, SIGKILL);
        waitpid(e->pid, NULL, 0);
        forget(e->pid);
    }
    if (e->to_fd >= 0)
        close(e->to_fd);
    if (e->from_fd >= 0)
        close(e->from_fd);
    e->pid = e->pgid = 0;
    e->to_fd = e->from_fd = -1;
    e->len = 0;
}

void engine_quit(struct engine *e)
{
    char why[160];
    if (e->pid > 0 && engine_send(e, "quit\n", 1000, why, sizeof why) == 0) {
        char line[PROTO_LINE_MAX + 1];
        close(e->to_fd);
        e->to_fd = -1;
        /* until it closes its output, at most a second */
        while (e->pid > 0 && engine_read(e, line, sizeof line, 1000, why, sizeof why) == 0)
            e->budget = PROTO_REQUEST_MAX;
    }
    engine_kill(e);
}
