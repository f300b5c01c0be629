/* SPDX-License-Identifier: MIT */
/*
 * btf_names.h — the strings truesig writes into BTF: parameter names of a
 * record's prototype and the values of its decl tags (docs/FORMAT.md,
 * "BTF produced by truesig btf").
 */
#ifndef TRUESIG_BTF_NAMES_H
#define TRUESIG_BTF_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "records.h"

/* Longest name the kernel accepts (KSYM_NAME_LEN - 1 since Linux 6.1). */
#define BTF_NAME_MAX		511

/* Parameter names are cut to this many bytes before de-duplication. */
#define BTF_PARAM_NAME_MAX	120

/* The prefix of every decl tag truesig writes. */
#define BTF_TAG_PREFIX		"truesig:"

/*
 * A name the kernel accepts for a FUNC, STRUCT, TYPEDEF, ...: first
 * character a letter, '_' or '.', then letters, digits, '_' or '.', at
 * most BTF_NAME_MAX bytes.
 */
bool btf_name_valid(const char *name);

/*
 * The names of record r's real parameters in its BTF prototype, in order:
 * valid C identifiers, pairwise distinct.  Returns an array of r->n_params
 * strings (free with btf_names_free), or NULL when out of memory.
 */
char **btf_param_names(const struct truesig_record *r);
void btf_names_free(char **names, unsigned n);

/* One decl tag: value and component (-1: the function, i: parameter i). */
struct btf_tag {
	int		 component;
	char		*value;
};

/*
 * The decl tags describing record r, in the order they are written:
 * the function's own, then each parameter's.  Returns 0 and sets *tags
 * and *n (free with btf_tags_free), or -ENOMEM.
 */
int btf_record_tags(const struct truesig_record *r, struct btf_tag **tags,
		    unsigned *n);
void btf_tags_free(struct btf_tag *tags, unsigned n);

#endif /* TRUESIG_BTF_NAMES_H */
