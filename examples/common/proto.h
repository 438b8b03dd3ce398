/*
 * The libbfc engine protocol 1 (doc/protocol.md), the parts both sides of
 * it share: bfc-engine (an engine) and bfc-arena (the host).
 */
#ifndef EXAMPLES_PROTO_H
#define EXAMPLES_PROTO_H

#include <stddef.h>

#include "bfc.h"

#define PROTO_VERSION 1
#define PROTO_LINE_MAX 4096          /* bytes of a line, its newline excluded */
#define PROTO_REQUEST_MAX (64u << 10) /* bytes an engine may write per request */

/* The "event ..." line (no newline) of an event as a seat may see it
 * (already passed through bfc_event_visible). snprintf-style: the length
 * needed, or -1 when the event does not format. */
int proto_event_line(const bfc_event *e, char *buf, size_t cap);

/* The rules of "newgame <game> players <N>": the game's default rules
 * for N players (N 0: the game's own). 0, or -1 with why. */
int proto_rules(const char *game, int players, bfc_rules *rules, char *why, size_t cap);

#endif
