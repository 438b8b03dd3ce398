/*
 * bfc-sim -- bots against each other, and the statistics of their games
 * (bfc-sim.h). It uses the public header include/bfc.h only; `bfc-sim
 * --help` documents every option and JSON key.
 */
#include <string.h>
#include <time.h>

#include "bfc-sim.h"

const char tool_name[] = "bfc-sim";

static double now_seconds(void)
{
    struct timespec ts;
    if (timespec_get(&ts, TIME_UTC) != TIME_UTC)
        return 0;
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    struct config c;
    struct tally t;
    int json = 0, timing = 0, nfiles = 0;
    char **files = NULL;
    double seconds = -1;
    parse_options(argc, argv, &c, &json, &timing, &files, &nfiles);
    memset(&t, 0, sizeof t);
    if (files) {
        merge(files, nfiles, &c, &t);
    } else {
        const double start = timing ? now_seconds() : 0;
        run(&c, &t);
        if (timing)
            seconds = now_seconds() - start;
    }
    if (json) {
        print_json(&c, &t, seconds);
    } else {
        print_report(&c, &t);
        if (seconds >= 0) {
            printf("\ntime: %.3f s, %.1f games/s\n", seconds,
                   seconds > 0 ? (double)t.played / seconds : 0);
            print_decision_times(&c, &t);
        }
    }
    finish_output();
    return EXIT_OK;
}
