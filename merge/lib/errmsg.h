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
 * message is kept.  Returns RET.
 */
int errmsg(char *err, size_t err_size, int ret, const char *prefix,
	   const char *fmt, ...) __attribute__((format(printf, 5, 6)));
int errmsgv(char *err, size_t err_size, int ret, const char *prefix,
	    const char *fmt, va_list ap) __attribute__((format(printf, 5, 0)));

#endif
