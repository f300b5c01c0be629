/* SPDX-License-Identifier: MIT */
/*
 * verify_expect.h — what the caller passed at the source level, read from
 * the child: the capture buffer `truesig_verify_capture' that the call
 * macro of testsuite/verify/truesig_verify.h fills right before a call.
 * It is written by the program itself, never derived from a record.
 */
#ifndef TRUESIG_VERIFY_EXPECT_H
#define TRUESIG_VERIFY_EXPECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "verify_trace.h"

#define EXPECT_SYMBOL		"truesig_verify_capture"
#define EXPECT_MAX_ARGS		16
#define EXPECT_DATA_SIZE	8192
#define EXPECT_NAME_MAX		256

/* One source argument: its bytes, and for a pointer the bytes it points to. */
struct expect_arg {
	const uint8_t	*bytes;		/* into the capture's data */
	uint32_t	 size;
	const uint8_t	*pointee;	/* NULL when not captured */
	uint32_t	 pointee_size;
};

/* One call as the caller made it. */
struct expect_call {
	char		 callee[EXPECT_NAME_MAX];	/* the source name */
	uint32_t	 nargs;
	bool		 overflow;	/* the arguments did not fit: none */
	struct expect_arg args[EXPECT_MAX_ARGS];
	uint8_t		 data[EXPECT_DATA_SIZE];
};

/*
 * Read the capture buffer at `address' in the child.  Returns 1 when a call
 * is pending (then *call is filled), 0 when none is, -errno with a message
 * in err when the buffer cannot be read (-EFAULT) or is malformed (-EINVAL;
 * every offset and size is checked).
 */
int expect_read(const struct trace_child *child, uint64_t address,
		struct expect_call *call, char *err, size_t err_size);

/* Mark the pending call used.  0, or -errno. */
int expect_consume(const struct trace_child *child, uint64_t address);

/* Copy a call (its args point into its own data). */
void expect_copy(struct expect_call *to, const struct expect_call *from);

#endif /* TRUESIG_VERIFY_EXPECT_H */
