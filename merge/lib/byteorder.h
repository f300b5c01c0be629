/* SPDX-License-Identifier: MIT */
/*
 * byteorder.h — load and store integers of a given byte order from an
 * unaligned byte buffer.  The caller has checked the bounds.
 */
#ifndef TRUESIG_BYTEORDER_H
#define TRUESIG_BYTEORDER_H

#include <stdbool.h>
#include <stdint.h>

static inline uint64_t load_uint(const uint8_t *p, unsigned width,
				 bool big_endian)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < width; i++) {
		unsigned byte = big_endian ? i : width - 1 - i;

		v = (v << 8) | p[byte];
	}
	return v;
}

static inline void store_uint(uint8_t *p, unsigned width, bool big_endian,
			      uint64_t v)
{
	for (unsigned i = 0; i < width; i++) {
		unsigned byte = big_endian ? width - 1 - i : i;

		p[byte] = (uint8_t)(v & 0xff);
		v >>= 8;
	}
}

static inline uint32_t load_u32(const uint8_t *p, bool big_endian)
{
	return (uint32_t)load_uint(p, 4, big_endian);
}

static inline uint64_t load_u64(const uint8_t *p, bool big_endian)
{
	return load_uint(p, 8, big_endian);
}

#endif /* TRUESIG_BYTEORDER_H */
