// SPDX-License-Identifier: MIT
/*
 * fuzz-records.c — libFuzzer target: a .truesig section image, as raw
 * bytes, through the parser and both dumps.
 *
 * Whatever the bytes, truesig_parse either builds a model the dumps can
 * print, or fails with "offset 0xN: problem" and no model.
 */
#define _GNU_SOURCE
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct truesig_section *s = (void *)1;
	char err[512];
	int ret;

	ret = truesig_parse(data, size, &s, err, sizeof(err));
	if (ret) {
		fuzz_check_parse_error(ret, s, err);
		return 0;
	}
	fuzz_dump(NULL, &s, 1);
	truesig_section_free(s);
	return 0;
}
