/* SPDX-License-Identifier: MIT */
/*
 * btf_source.h — the source-level view of a BTF: for the name of a
 * function as written ("finish_task_switch"), every FUNC that stands for
 * it (the function itself, and each clone: "finish_task_switch.isra.0",
 * "foo.constprop.0.isra.0", "foo.part.0") with its prototype and, read
 * from the `truesig:` decl tags `truesig btf` writes (docs/FORMAT.md
 * 13.4), where each source argument is at entry: a real parameter, pieces
 * of real parameters, removed, or a constant.
 *
 * A BTF without those tags (plain pahole) still gives the clones by name;
 * their prototypes are then unverified and their arguments' fates unknown.
 *
 * Vocabulary: fates TS_FATE_*, ways of passing TS_HOW_*, constants TS_CONST_*
 * of truesig_format.h; 0 where BTF does not tell.
 */
#ifndef TRUESIG_BTF_SOURCE_H
#define TRUESIG_BTF_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct btf;

/* A value IPA-CP knows: TS_CONST_SIGNED ("-5"), _UNSIGNED ("42u"), _TEXT
   ("&foo"), _PIECES (known in part: see the argument's known pieces), or
   TS_CONST_NONE. */
struct truesig_constant {
	uint8_t		 kind;		/* TS_CONST_* */
	uint64_t	 value;		/* SIGNED: cast to int64_t */
	char		*text;		/* the tag's text of it: "-5", "42u",
					   "&foo"; "" for NONE or PIECES */
};

/* Where a piece of a source argument is (SPLIT), or a piece IPA-CP knows. */
struct truesig_piece {
	uint8_t		 how;		/* TS_HOW_VALUE_PIECE, _POINTER_PIECE */
	int		 param;		/* the real parameter; -1 for a known
					   piece */
	uint32_t	 offset;	/* in the argument, or in what it
					   points to */
	uint32_t	 size;
	char		*path;		/* "p.in.x", "b->flags", or "" */
	struct truesig_constant constant;	/* a known piece's value */
};

/* A source argument of one function. */
struct truesig_arg {
	char		*name;		/* "" when no tag names it */
	uint8_t		 fate;		/* TS_FATE_*, 0: unknown (no tags) */
	uint8_t		 how;		/* PASSED: TS_HOW_COPY, or
					   TS_HOW_REFERENCE (the address of a
					   copy arrives) */
	int		 param;		/* PASSED: the real parameter; else -1 */
	struct truesig_piece *pieces;	/* SPLIT: in parameter order */
	size_t		 n_pieces;
	struct truesig_constant constant;	/* CONSTANT, or a PASSED one
						   whose value IPA-CP knows */
	struct truesig_piece *known;	/* pieces IPA-CP knows (constant
					   kind PIECES) */
	size_t		 n_known;
};

/* One FUNC that stands for the source function. */
struct truesig_func {
	char		*symbol;	/* the FUNC's name */
	char		*btf_name;	/* the BTF it is in ("vmlinux", a
					   module's name, a file's) */
	const struct btf *btf;
	uint32_t	 id;		/* the FUNC's type id there */
	uint32_t	 proto;		/* its FUNC_PROTO */
	unsigned	 linkage;	/* BTF_FUNC_STATIC, ... */
	bool		 clone;		/* not the function as written */
	bool		 tagged;	/* truesig's tags describe it */
	bool		 verified;	/* its prototype is the true one:
					   tagged, or the function itself in
					   a BTF truesig has tagged */
	bool		 return_dropped;
	char		*kinds;		/* "isra", "constprop,isra"; "" */
	char		*source;	/* its source= tag's function; "" */
	char		*prototype;	/* "void foo.isra.0(int a)" */
	unsigned	 n_params;	/* of its FUNC_PROTO */
	struct truesig_arg *args;	/* source arguments in order */
	size_t		 n_args;
};

struct truesig_lookup {
	char		*function;
	struct truesig_func *funcs;	/* in the order the BTFs were added,
					   then by type id */
	size_t		 n_funcs;
	size_t		 cap_funcs;
};

/* An empty lookup for `function`.  0, or -ENOMEM. */
int source_lookup_init(struct truesig_lookup *l, const char *function);
void source_lookup_release(struct truesig_lookup *l);

/*
 * Add the FUNCs of `btf` (its own types only: those after `base`, when it
 * is split BTF on `base`) that stand for l->function.  `btf_name` names it
 * in each function found; btf must outlive l.  0, or a negative errno with
 * a message in err.
 */
int source_lookup_add(struct truesig_lookup *l, const struct btf *btf,
		      const struct btf *base, const char *btf_name,
		      char *err, size_t err_size);

/* The argument of f called `name`, or NULL. */
const struct truesig_arg *source_func_arg(const struct truesig_func *f,
					 const char *name);

/* The name of real parameter `param` of f in its FUNC_PROTO, or "". */
const char *source_func_param_name(const struct truesig_func *f, int param);

/* "passed", "split", "removed", "constant"; "unknown" for 0. */
const char *source_fate_str(unsigned fate);

/*
 * Whether `symbol` is a clone's name for `function`: the function's name
 * followed by GCC's clone suffixes (".isra.0", ".constprop.3.isra.0",
 * ".part.1", ".lto_priv.0", ".strub.0", ...), not ".cold".
 */
bool source_clone_name(const char *symbol, const char *function);

#endif /* TRUESIG_BTF_SOURCE_H */
