/* SPDX-License-Identifier: MIT */
/*
 * btf_convert.h — add a file's records to its BTF: the types they need,
 * a FUNC per record with its decl tags, stale tags removed.  What `truesig
 * btf` does between reading and writing.
 */
#ifndef TRUESIG_BTF_CONVERT_H
#define TRUESIG_BTF_CONVERT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "btf_funcs.h"
#include "btf_input.h"
#include "load.h"

struct btf_convert_result {
	struct btf_func_stats funcs;
	uint32_t	 reused;	/* existing types used */
	uint32_t	 added;		/* types added */
	size_t		 removed;	/* stale tags removed */
};

/*
 * Describe every record of f in in->btf, which may be replaced by a copy
 * (when stale tags are removed).  `path` names the file in messages and
 * notes; `quiet` keeps notes off stderr.  Returns 0, or a negative errno
 * with "PATH: problem" in err; in->btf is then still valid, but may hold
 * some of the additions.
 */
int btf_convert(struct btf_input *in, const struct loaded_file *f,
		const char *path, bool quiet, struct btf_convert_result *res,
		char *err, size_t err_size);

#endif /* TRUESIG_BTF_CONVERT_H */
