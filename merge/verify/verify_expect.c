// SPDX-License-Identifier: MIT
/*
 * verify_expect.c — read the capture buffer of truesig_verify.h.
 *
 * Layout (in the program's byte order; the same for 32- and 64-bit
 * programs):
 *
 *   0  char magic[8]     "TSVCAP1\0"
 *   8  u32 pending       1 from the capture to the callee's entry
 *  12  u32 nargs
 *  16  u64 callee        address of the callee's name, NUL-terminated
 *  24  u32 used          bytes of data in use
 *  28  u32 overflow      the arguments did not fit
 *  32  16 x { u32 off, size, ptr_off, ptr_size }
 * 288  u8 data[8192]
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "byteorder.h"
#include "errmsg.h"
#include "verify_expect.h"

#define MAGIC		"TSVCAP1"
#define OFF_PENDING	8
#define HEADER_SIZE	288

static uint32_t get32(const struct trace_child *child, const uint8_t *p)
{
	return load_u32(p, child->big_endian);
}

static uint64_t get64(const struct trace_child *child, const uint8_t *p)
{
	return load_u64(p, child->big_endian);
}

/* The NUL-terminated string at `address', in at most `size' bytes. */
static int read_string(const struct trace_child *child, uint64_t address,
		       char *out, size_t size)
{
	/* At once, when the bytes up to `size' are mapped (one exchange
	   with a remote stub); else a byte at a time. */
	if (size && !trace_read(child, address, out, size))
		return memchr(out, '\0', size) ? 0 : -ENAMETOOLONG;
	for (size_t i = 0; i < size; i++) {
		if (trace_read(child, address + i, &out[i], 1))
			return -EFAULT;
		if (!out[i])
			return 0;
	}
	return -ENAMETOOLONG;
}

int expect_read(const struct trace_child *child, uint64_t address,
		struct expect_call *call, char *err, size_t err_size)
{
	uint8_t header[HEADER_SIZE];
	uint32_t used;

	if (trace_read(child, address, header, sizeof(header)))
		return errmsg(err, err_size, -EFAULT, NULL,
			      "cannot read %s at 0x%llx", EXPECT_SYMBOL,
			      (unsigned long long)address);
	if (memcmp(header, MAGIC, sizeof(MAGIC)))
		return errmsg(err, err_size, -EINVAL, NULL,
			      "%s has no magic \"%s\": not the "
			      "buffer of truesig_verify.h", EXPECT_SYMBOL,
			      MAGIC);
	if (get32(child, header + OFF_PENDING) != 1)
		return 0;

	memset(call, 0, offsetof(struct expect_call, data));
	call->nargs = get32(child, header + 12);
	call->overflow = get32(child, header + 28) != 0;
	used = get32(child, header + 24);
	if (read_string(child, get64(child, header + 16), call->callee,
			sizeof(call->callee)))
		return errmsg(err, err_size, -EFAULT, EXPECT_SYMBOL,
			      "the callee's name at 0x%llx cannot be read",
			      (unsigned long long)get64(child, header + 16));
	if (call->overflow)
		return 1;
	if (call->nargs > EXPECT_MAX_ARGS || used > EXPECT_DATA_SIZE)
		return errmsg(err, err_size, -EINVAL, EXPECT_SYMBOL,
			      "%u arguments, %u bytes: too many", call->nargs, used);
	if (used && trace_read(child, address + HEADER_SIZE, call->data, used))
		return errmsg(err, err_size, -EFAULT, NULL,
			      "cannot read %s's data", EXPECT_SYMBOL);
	for (uint32_t i = 0; i < call->nargs; i++) {
		const uint8_t *a = header + 32 + 16 * i;
		uint32_t off = get32(child, a), size = get32(child, a + 4);
		uint32_t ptr_off = get32(child, a + 8);
		uint32_t ptr_size = get32(child, a + 12);

		if (off > used || size > used - off || ptr_off > used ||
		    ptr_size > used - ptr_off)
			return errmsg(err, err_size, -EINVAL, EXPECT_SYMBOL,
				      "argument %u lies outside the %u bytes "
				      "in use", i, used);
		call->args[i].bytes = call->data + off;
		call->args[i].size = size;
		call->args[i].pointee = ptr_size ? call->data + ptr_off : NULL;
		call->args[i].pointee_size = ptr_size;
	}
	return 1;
}

int expect_consume(const struct trace_child *child, uint64_t address)
{
	uint8_t zero[4] = { 0 };

	return trace_write(child, address + OFF_PENDING, zero, sizeof(zero));
}

void expect_copy(struct expect_call *to, const struct expect_call *from)
{
	memcpy(to, from, sizeof(*to));
	for (uint32_t i = 0; i < to->nargs && i < EXPECT_MAX_ARGS; i++) {
		if (from->args[i].bytes)
			to->args[i].bytes = to->data +
					    (from->args[i].bytes - from->data);
		if (from->args[i].pointee)
			to->args[i].pointee = to->data +
					      (from->args[i].pointee - from->data);
	}
}
