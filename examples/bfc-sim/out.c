/* Standard output that must not fail silently (bfc-sim.h): a report
 * written to a full disk or a closed descriptor is an error the user must
 * see (issue 29). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "bfc-sim.h"

void finish_output(void)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return;
    const int e = errno;
    if (e)
        msg_die(EXIT_FAIL, "cannot write the output: %s", strerror(e));
    msg_die(EXIT_FAIL, "cannot write the output");
}
