// SPDX-License-Identifier: MIT
/* errmsg.c — failure messages into the caller's buffer. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

#include "errmsg.h"

int errmsgv(char *err, size_t err_size, int ret, const char *prefix,
	    const char *fmt, va_list ap)
{
	int n = 0;

	if (ret >= 0)		/* an errno the failing call did not set */
		ret = -EINVAL;
	if (!err || !err_size)
		return ret;
	if (prefix)
		n = snprintf(err, err_size, "%s: ", prefix);
	if (n >= 0 && (size_t)n < err_size)
		vsnprintf(err + n, err_size - (size_t)n, fmt, ap);
	return ret;
}

int errmsg(char *err, size_t err_size, int ret, const char *prefix,
	   const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	errmsgv(err, err_size, ret, prefix, fmt, ap);
	va_end(ap);
	return ret;
}
