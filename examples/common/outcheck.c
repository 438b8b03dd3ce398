/* Standard output, checked (outcheck.h). */
#define _POSIX_C_SOURCE 200809L
#include "outcheck.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "msg.h"

static int failed;       /* a write failed, or the descriptor is closed */
static int failed_errno; /* its errno, 0 when not known */
static int told;         /* the message is out */

int outcheck_open(void)
{
    if (fcntl(STDOUT_FILENO, F_GETFD) == -1 && errno == EBADF) {
        msg_error("standard output is closed");
        failed = told = 1;
        return -1;
    }
    return 0;
}

int outcheck_failed(void)
{
    if (!failed && ferror(stdout)) {
        failed = 1;
        failed_errno = errno; /* called right after the failing write: its reason */
    }
    return failed;
}

int outcheck_close(void)
{
    /* an error flag set by a write long ago has no errno left to tell; the
       flush's own failure has */
    const int earlier = ferror(stdout);
    errno = 0;
    const int flushed = fflush(stdout) == 0;
    const int flush_errno = errno;
    if (!failed && (earlier || !flushed)) {
        failed = 1;
        failed_errno = flushed ? 0 : flush_errno;
    }
    errno = 0;
    if (fclose(stdout) != 0 && !failed) { /* a late error (NFS, a full disk) */
        failed = 1;
        failed_errno = errno;
    }
    if (!failed)
        return 0;
    if (told)
        return -1;
    told = 1;
    if (failed_errno)
        msg_error("cannot write standard output: %s", strerror(failed_errno));
    else
        msg_error("cannot write standard output");
    return -1;
}
