/*
 * bfc-sim -- play many games of Battlefield Cribbage or a classic game
 * between bots (players.h) and print statistics: wins with 95% confidence
 * intervals, the game value of wins (RULES 5), mean points per game by
 * source, and the length of a game; with --duplicate, sets of games on the
 * same decks with the bots rotated over the seats and paired intervals;
 * with --par, points per deal as dealer and as pone.
 *
 * Everything is a pure function of the command line: the same arguments
 * print the same bytes (wall-clock figures only with --timing). A run can
 * be split into shards played by separate processes and merged exactly.
 *
 * The files, by concern: main.c (the flow), options.c (the command line),
 * help.c (the text of --help), players.c (examples/common/: the bots by
 * name, shared with bfc-engine), play.c (the
 * games: the loop any bot runner writes, and the tally of their events),
 * stats.c (figures derived from a tally), report.c (the text report),
 * json_out.c (the JSON line and the list of counters), merge.c (reading
 * shards back), out.c (standard output that must not fail silently).
 */
#ifndef BFC_SIM_H
#define BFC_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "bfc.h"
#include "interval.h"
#include "msg.h"

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

#define JSON_FORMAT "bfc-sim 2" /* the "format" key of the JSON output */
#define MAX_SEATS 6             /* six-handed cribbage (RULES 3.4) */
#define MAX_GAMES UINT64_C(1000000000000) /* 10^12: far beyond any real run */
#define MAX_SHARDS UINT64_C(1000000)
#define MAX_ITERATIONS UINT64_C(10000000) /* ismcts: per decision */
#define MAX_TIME_MS UINT64_C(100000)      /* ismcts: 100 s per decision */
#define NSRC 13 /* BFC_SRC_* are 1..12 */
enum { ROLE_DEALER = 0, ROLE_PONE = 1 };

/* What a run plays: everything the results depend on. */
struct config {
    const bfc_preset *game;
    bfc_rules rules;     /* the game's rules with the options below */
    int muggins;         /* classic games: declared counts (RULES 3.9) */
    int players, teams, target, value;
    int turn_limit;      /* Battlefield: turns per skirmish before the turn
                            card is forced (D9); 0 in the classic games */
    unsigned flags;      /* GAME_FLAGS (games.h): --no-take-back (D14),
                            --joker-kills-formation (D13), --partners-by-cut
                            (D16) */
    int pay;             /* GAME_PAY_* (--pay, RULES 5) */
    int bot[MAX_SEATS];  /* K_* (players.h) of each bot listed, in order:
                            bot s sits at seat s, except that --duplicate
                            rotates them (rotation r: bot s at seat s + r) */
    uint32_t iterations; /* ismcts, base: iterations per decision
                            (--iterations); 0 with a time budget or without
                            such a seat */
    uint32_t time_ms;    /* ismcts, base: --time-ms per decision, 0: none (a
                            time budget makes the run not reproducible) */
    int duplicate;       /* --duplicate: each index of the run is a set of
                            games on the same decks, one per rotation of the
                            bots over the seats (rotations(): the sides) */
    int par;             /* --par: points per deal by role, the first
                            dealer's win rate with its interval */
    int timing;          /* --timing: wall-clock figures (not results) */
    uint64_t games;      /* games in the whole run (all shards); with
                            --duplicate, sets of games */
    uint64_t seed;
    uint64_t shard_k, shard_n; /* this process plays shard k of n (1/1: all) */
};

/* What a run counts. Only integers, so that shards add up exactly. */
struct tally {
    uint64_t played;                  /* games played */
    uint64_t moves, moves_max;        /* moves applied: total, longest game */
    uint64_t turns;                   /* turns (one placement each); classic:
                                         cards laid in the play */
    uint64_t skirmishes;              /* deals, cease-fires included */
    uint64_t ceasefires;              /* deals that were cease-fires (4.3) */
    uint64_t limit_endings;           /* skirmishes ended by the turn limit (D9) */
    uint64_t wins[MAX_SEATS];         /* per side */
    uint64_t value_sum[MAX_SEATS];    /* per side: game values of its wins */
    uint64_t points[MAX_SEATS][NSRC]; /* per seat and BFC_SRC_*: every SCORE
                                         event, the first deal's too */
    uint64_t first_dealer[MAX_SEATS]; /* per seat: games it dealt first */
    uint64_t first_dealer_wins;       /* games won by the first dealer's side */
    /* By bot (the position in --bots: the seat, without --duplicate) and
       role (ROLE_*: the bot's seat dealt the deal, or did not). */
    uint64_t bot_wins[MAX_SEATS];     /* games its side won */
    uint64_t deals[MAX_SEATS][2];     /* deals (skirmishes) it played */
    uint64_t role_points[MAX_SEATS][2][NSRC]; /* what it pegged in them */
    uint64_t full_deals[MAX_SEATS][2];  /* the deals it played to their end
                                           (all but the one a game ends in,
                                           as par for people is counted) */
    uint64_t full_points[MAX_SEATS][2]; /* what it pegged in those */
    /* --duplicate: per set of games on the same decks (without it every
       game is a set of one). The hero is the first bot listed; k = the
       games of the set its side won, m = its margin over the set: its
       side's final score less the mean of the other sides', summed over
       the set and counted in (sides - 1)ths of a point so as to stay an
       integer (backward: the other way round). Identical bots give m = 0.
       A set has at most 4 games of scores below 1,100, so |m| < 30,000
       and m^2 < 10^9: the sum of squares fits 64 bits for 10^10 sets. */
    uint64_t sets;
    uint64_t hero_sets[MAX_SEATS + 1];      /* sets with k = 0, 1, ... */
    uint64_t margin_plus, margin_minus;     /* sum of m, as m > 0 and -m */
    uint64_t margin_sq;                     /* sum of m^2 */
    uint64_t deals_compared, deals_same;    /* deals of rotation r > 0 with
                                               a deal of the same number in
                                               rotation 0; those dealt alike */
    /* --timing only (wall clock, never merged): per bot */
    uint64_t decisions[MAX_SEATS];
    double decision_ms[MAX_SEATS];
};

/* options.c: the command line into *c; *json, *timing; the files of
 * --merge in files[0..*nfiles) (NULL: no --merge). Exits on a usage
 * error, and after --help or --version. */
void parse_options(int argc, char **argv, struct config *c, int *json, int *timing,
                   char ***files, int *nfiles);
/* Sets c->rules from the rest of *c: 0, or -1 with the reason in why. */
int config_rules(struct config *c, char *why, size_t cap);
/* A --bots list ("greedy,random") into bot[]: how many names, or -1. */
int parse_bots(const char *list, int bot[MAX_SEATS]);
/* Whether a bot of c takes --iterations / --time-ms (ismcts, base). */
int has_budget(const struct config *c);

/* help.c */
void print_help(void);

/* play.c: every game of c's shard, counted in *t. */
void run(const struct config *c, struct tally *t);

/* stats.c */
int is_classic(const struct config *c);
int sides_of(const struct config *c);
int side_of_seat(const struct config *c, int seat);
int rotations(const struct config *c);
int bot_at(const struct config *c, int rot, int seat);
int seat_of_bot(const struct config *c, int rot, int bot);
size_t sources(const struct config *c, const int **src);
uint64_t shard_games(uint64_t games, uint64_t k, uint64_t n);
double ratio(uint64_t a, uint64_t b);
uint64_t total_deals(const struct config *c, const struct tally *t);
int hero_share(const struct config *c, const struct tally *t, double *mean, double *lo,
               double *hi);
int hero_margin(const struct config *c, const struct tally *t, double *mean, double *lo,
                double *hi);
uint64_t side_points(const struct config *c, const struct tally *t, int d, int src);
uint64_t side_total(const struct config *c, const struct tally *t, int d);
uint64_t seat_total(const struct tally *t, int s);
void bots_text(const struct config *c, char *buf, size_t cap);

/* report.c */
void print_report(const struct config *c, const struct tally *t);
/* --timing: each search bot's milliseconds per decision. */
void print_decision_times(const struct config *c, const struct tally *t);

/* json_out.c: the counters of a tally with their keys, in output order
 * (max: merged by maximum, not by sum), and the JSON line. */
struct field {
    char key[40];
    uint64_t *p;
    int max;
};
#define MAX_FIELDS (8 + 2 * MAX_SEATS + MAX_SEATS * (NSRC - 1) + MAX_SEATS + 1 + \
                    6 + (MAX_SEATS + 1) + MAX_SEATS * (1 + 2 + 4 + 2 * (NSRC - 1)))
size_t tally_fields(const struct config *c, struct tally *t, struct field *f);
void source_key(int src, char *buf, size_t cap);
void print_json(const struct config *c, const struct tally *t, double seconds);
/* The JSON keys of config.flags (true or false; absent in the lines of an
 * older bfc-sim 2: false). */
struct rule_key {
    const char *key;
    unsigned flag;
};
#define NRULE_KEYS 3u
extern const struct rule_key RULE_KEYS[NRULE_KEYS];

/* merge.c: adds up the shards in files[] into *c and *t. */
void merge(char **files, int nfiles, struct config *c, struct tally *t);

/* out.c: flushes standard output; on a write error (a full disk, a closed
 * stdout) says so on standard error and exits EXIT_FAIL. */
void finish_output(void);

#endif
