/* SPDX-License-Identifier: MIT */
/*
 * errmsg.h — how the reader's modules report a failure: a message written
 * into the caller's buffer and a negative errno returned.  The caller
 * prints the message (prefixed with the file's name) or passes it on.
 */
#ifndef TRUESIG_ERRMSG_H
#define TRUESIG_ERRMSG_H

#include <stdarg.h>
#include <stddef.h>

/*
 * Writes "PREFIX: message" (or the message alone, PREFIX NULL) into ERR,
 * ERR_SIZE bytes, cut short if it must; with ERR NULL or ERR_SIZE 0 no
 * message is kept.  Returns RET, a negative errno; a RET of 0 or more (an
 * errno the failed call did not set) becomes -EINVAL, so that a failure is
 * never returned as success.
 *
 * This is the one way the library and the tool's modules form a failure
 * message: a module whose context holds the buffer calls it with that
 * context's err and err_size; the record parser (records.c) puts the
 * section offset of the failing record where PREFIX goes.
 */
int errmsg(char *err, size_t err_size, int ret, const char *prefix,
	   const char *fmt, ...) __attribute__((format(printf, 5, 6)));
int errmsgv(char *err, size_t err_size, int ret, const char *prefix,
	    const char *fmt, va_list ap) __attribute__((format(printf, 5, 0)));

#endif
