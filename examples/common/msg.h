/*
 * Messages of the tools on standard error: one line, "TOOL: text", with
 * control bytes and invalid UTF-8 in the text written as \xNN, so nothing
 * a user typed can move the cursor or change colours.
 */
#ifndef EXAMPLES_MSG_H
#define EXAMPLES_MSG_H

#include <stdarg.h>
#include <stdio.h>

#if defined(__GNUC__) || defined(__clang__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#define NORETURN __attribute__((noreturn))
#else
#define PRINTF_LIKE(f, a)
#define NORETURN
#endif

/* The tool's name, defined once in each tool ("bfc-sim"). */
extern const char tool_name[];

/* Writes text to f with control bytes and invalid UTF-8 as \xNN. */
void msg_safe(FILE *f, const char *text);

/* "TOOL: message" on standard error. */
void msg_error(const char *fmt, ...) PRINTF_LIKE(1, 2);
void msg_verror(const char *fmt, va_list ap) PRINTF_LIKE(1, 0);

/* "TOOL: note: message" on standard error: a thing said, not a failure
 * (an old form of an option, read as its new one). */
void msg_note(const char *fmt, ...) PRINTF_LIKE(1, 2);

/* msg_error(), then exit(status). */
NORETURN void msg_die(int status, const char *fmt, ...) PRINTF_LIKE(2, 3);

#endif
