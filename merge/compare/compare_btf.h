/* SPDX-License-Identifier: MIT */
/*
 * compare_btf.h — judge a BTF (pahole's, GCC's, ours) against the records:
 * for each recorded function, is there a FUNC for it, and is its prototype
 * the true one?
 *
 *   missing   no FUNC named as the symbol (nor, for a clone whose source
 *             name no other function of the file has, as the source)
 *   right     the FUNC's prototype has the real return and the real
 *             parameters' types, in order
 *   wrong     it has not; the reasons say how (and whether it is the
 *             source prototype)
 */
#ifndef TRUESIG_COMPARE_BTF_H
#define TRUESIG_COMPARE_BTF_H

#include <stdbool.h>
#include <stddef.h>

#include "compare_dwarf.h"
#include "records.h"

enum btf_verdict {
	BTF_VERDICT_MISSING,
	BTF_VERDICT_RIGHT,
	BTF_VERDICT_WRONG,
	BTF_N_VERDICTS
};

struct btf_judge;

/*
 * Read the BTF to judge: raw BTF or an ELF file's .BTF, split on `base`
 * (the same forms) when base is not NULL.  Its types are checked first.
 * Returns 0, or a negative errno with "PATH: problem" in err.
 */
int btf_judge_open(const char *path, const char *base,
		   struct btf_judge **out, char *err, size_t err_size);
void btf_judge_close(struct btf_judge *j);

/*
 * The verdict on record r.  `source_name_taken`: the file has a function
 * symbol named as r's source function, so a FUNC of that name is that
 * function's, not r's.
 */
enum btf_verdict btf_judge_record(struct btf_judge *j,
				  const struct truesig_record *r,
				  bool source_name_taken,
				  struct compare_reasons *reasons);

/* "missing", "right", "wrong". */
const char *btf_verdict_name(enum btf_verdict v);

#endif /* TRUESIG_COMPARE_BTF_H */
