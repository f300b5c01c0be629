// SPDX-License-Identifier: MIT
/*
 * text.c — text built up in a caller's buffer.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "text.h"

void text_append(char *buf, size_t size, const char *fmt, ...)
{
	size_t len = strlen(buf);
	va_list ap;

	if (len + 1 >= size)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + len, size - len, fmt, ap);
	va_end(ap);
}
