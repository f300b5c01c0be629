// SPDX-License-Identifier: MIT
/*
 * btf_convert.c — add a file's records to its BTF.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "btf_convert.h"
#include "btf_index.h"
#include "btf_prune.h"
#include "btf_types.h"
#include "errmsg.h"

/*
 * Make libbpf keep `btf` in its modifiable form, where changing a type
 * through btf__type_by_id() is seen by btf__raw_data() (finding a string
 * does that, without adding one).
 */
static void modifiable(struct btf *btf)
{
	btf__find_str(btf, "truesig:\x7f");
}

int btf_convert(struct btf_input *in, const struct loaded_file *f,
		const char *path, bool quiet, struct btf_convert_result *res,
		char *err, size_t err_size)
{
	struct btf_funcs_opts fo;
	struct btf_types types;
	struct btf_index *index;
	uint32_t *remove = NULL;
	size_t n_remove = 0;
	uint32_t before;
	char why[1024];
	int ret;

	memset(res, 0, sizeof(*res));
	modifiable(in->btf);
	index = btf_index_new(in->btf);
	if (!index || btf_types_init(&types, in->btf, index)) {
		btf_index_free(index);
		return errmsg(err, err_size, -ENOMEM, path, "out of memory");
	}
	before = btf__type_cnt(in->btf);
	fo = (struct btf_funcs_opts){
		.path = path, .quiet = quiet,
		.start_id = in->base ? btf__type_cnt(in->base) : 1,
	};
	ret = btf_funcs_apply(&types, f, &fo, &res->funcs, &remove, &n_remove,
			      why, sizeof(why));
	if (ret) {
		errmsg(err, err_size, ret, path, "%s", why);
		goto out;
	}
	res->reused = types.reused;
	res->added = btf__type_cnt(in->btf) - before;
	if (n_remove) {
		struct btf *pruned = btf_prune(in->btf, remove, n_remove);

		if (!pruned) {
			ret = errmsg(err, err_size, -errno, path,
				     "cannot remove stale tags: %s",
				     strerror(errno));
			goto out;
		}
		btf__free(in->btf);
		in->btf = pruned;
		res->removed = n_remove;
	}
	modifiable(in->btf);	/* forget any cached raw form */
out:
	free(remove);
	btf_types_fini(&types);
	btf_index_free(index);
	return ret;
}
