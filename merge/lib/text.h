/* SPDX-License-Identifier: MIT */
/*
 * text.h — text built up in a caller's buffer.
 */
#ifndef TRUESIG_TEXT_H
#define TRUESIG_TEXT_H

#include <stddef.h>

/* Append to buf (of `size` bytes, holding a string) as snprintf would
   write it, cut short if it must. */
void text_append(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* TRUESIG_TEXT_H */
