/* SPDX-License-Identifier: MIT */
/*
 * type_name.h — spell a .truesig type as a C declaration.
 */
#ifndef TRUESIG_TYPE_NAME_H
#define TRUESIG_TYPE_NAME_H

#include <stddef.h>
#include <stdint.h>

#include "records.h"

/* A buffer this big holds any name type_name() writes in full. */
#define TYPE_NAME_MAX	512

/*
 * Write into buf the C declaration of `declarator` (a name, or "" for the
 * type alone) with type `type` of unit u: "int", "const char *",
 * "struct s p", "int (*cb)(int, ...)", "char buf[16]".  `type` must be a
 * validated index.  Types nested too deeply (or too many) print as "...".
 * Returns buf.
 */
char *type_name(const struct truesig_unit *u, uint32_t type,
		const char *declarator, char *buf, size_t size);

#endif /* TRUESIG_TYPE_NAME_H */
