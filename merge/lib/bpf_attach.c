// SPDX-License-Identifier: MIT
/*
 * bpf_attach.c — truesig_bpf__*: a BPF object whose fentry and fexit
 * programs name functions as written ("fentry/finish_task_switch") and
 * read their arguments by source name (include/truesig/truesig_bpf.h),
 * attached to every function that stands for each in the running kernel:
 * the function itself and each clone (btf_source.h).
 *
 * One instance of the object (bpf_object__open_mem of the same bytes) a
 * clone: instance i attaches each program to the i-th function of its
 * source function, and does not load it where that function has fewer.
 * In each instance, every variable truesig__FUNC__ARG of .rodata (a
 * struct truesig_bpf_arg) is set to where ARG is in the function that
 * instance's program for FUNC runs on.  The maps of instance 0 are the
 * maps of every instance (bpf_map__reuse_fd) but .rodata, which is each
 * instance's own.
 *
 * Where an argument is: a source argument passed is the context word of
 * its real parameter (the words of the parameters before it, a word for
 * each 8 bytes, as the BPF trampoline lays them out); a constant one has
 * its value; a piece of a split one is read by its parameter's name; the
 * rest is not available, with its fate.
 *
 * Several functions of one name in one BTF (static functions of different
 * files: sock_flag.constprop.0 three times, with three constants) are one
 * attach target: libbpf and the kernel find a target by its name.  The
 * instance for that name places an argument only where every one of them
 * has it in the same place; elsewhere it is not available (fate unknown
 * unless they share it).
 */
#include <errno.h>
#include <dirent.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include <truesig/truesig.h>
#include <truesig/truesig_bpf.h>

#include "array.h"
#include "btf_source.h"
#include "print.h"

#define VAR_PREFIX	"truesig__"
#define KERNEL_BTF_DIR	"/sys/kernel/btf"

/* A program of the object that names a source function. */
struct traced {
	char		*prog;		/* its name */
	struct truesig_lookup lookup;	/* the functions standing for its
					   source function */
	size_t		*targets;	/* the lookup's functions attached to,
					   one of each name in each BTF */
	size_t		 n_targets;
};

/* One instance: the object, and for each traced program the function it
   attaches to there (NULL: not loaded). */
struct instance {
	struct bpf_object *obj;
	const struct truesig_func **target;	/* by traced */
	struct bpf_link **links;		/* by traced */
};

/* A program that names no function (a kprobe, a tracepoint): instance
   0's alone, attached as libbpf attaches it. */
struct other_link {
	struct bpf_link	*link;
};

struct truesig_bpf {
	char		*name;
	void		*image;
	size_t		 size;
	struct btf	*vmlinux;
	struct btf	**modules;
	char		**module_names;
	size_t		 n_modules, cap_modules, cap_names;
	struct traced	*traced;
	size_t		 n_traced, cap_traced;
	struct instance	*inst;
	size_t		 n_inst;
	struct bpf_link	**others;	/* instance 0's other programs' */
	size_t		 n_others, cap_others;
	bool		 foreign;	/* the BTF of another kernel than this
					   one: set up, not loadable */
	unsigned	 flags;		/* TRUESIG_BPF_* */
	bool		 loaded;
};

/* ---- the kernel's BTF ------------------------------------------------------- */

static int read_kernel_btf(struct truesig_bpf *tb, const char *dir)
{
	char path[4096];
	struct dirent *e;
	DIR *d;

	snprintf(path, sizeof(path), "%s/vmlinux", dir);
	tb->vmlinux = btf__parse_raw(path);
	if (!tb->vmlinux) {
		int err = -errno;

		truesig_warn("%s: %s\n", path, strerror(-err));
		return err;
	}
	d = opendir(dir);
	while (d && (e = readdir(d))) {
		struct btf **grown;
		char **names, *name;
		struct btf *m;

		if (e->d_name[0] == '.' || !strcmp(e->d_name, "vmlinux"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		m = btf__parse_raw_split(path, tb->vmlinux);
		if (!m)
			continue;	/* a module gone since the listing */
		grown = array_grow(tb->modules, &tb->cap_modules,
				   sizeof(*grown), tb->n_modules + 1);
		if (grown)
			tb->modules = grown;
		names = array_grow(tb->module_names, &tb->cap_names,
				   sizeof(*names), tb->n_modules + 1);
		if (names)
			tb->module_names = names;
		name = strdup(e->d_name);
		if (!grown || !names || !name) {
			free(name);
			btf__free(m);
			closedir(d);
			return -ENOMEM;
		}
		tb->modules[tb->n_modules] = m;
		tb->module_names[tb->n_modules++] = name;
	}
	if (d)
		closedir(d);
	return 0;
}

/* ---- the object's programs ---------------------------------------------------- */

/* The source function a program's section names: "NAME" of "fentry/NAME"
   or "fexit/NAME" (fentry.s, fexit.s too); NULL for another program. */
static const char *traced_function(const struct bpf_program *p)
{
	const char *sec = bpf_program__section_name(p);
	const char *slash = sec ? strchr(sec, '/') : NULL;

	if (bpf_program__type(p) != BPF_PROG_TYPE_TRACING || !slash ||
	    !slash[1])
		return NULL;
	if (bpf_program__expected_attach_type(p) != BPF_TRACE_FENTRY &&
	    bpf_program__expected_attach_type(p) != BPF_TRACE_FEXIT)
		return NULL;
	return slash + 1;
}

static int add_traced(struct truesig_bpf *tb, const struct bpf_program *p,
		      const char *function)
{
	struct traced *grown = array_grow(tb->traced, &tb->cap_traced,
					  sizeof(*grown), tb->n_traced + 1);
	struct traced *t;
	int ret;

	if (!grown)
		return -ENOMEM;
	tb->traced = grown;
	t = &tb->traced[tb->n_traced];
	memset(t, 0, sizeof(*t));
	t->prog = strdup(bpf_program__name(p));
	if (!t->prog)
		return -ENOMEM;
	ret = source_lookup_init(&t->lookup, function);
	if (ret) {
		free(t->prog);
		return ret;
	}
	tb->n_traced++;
	return 0;
}

static bool same_name(const struct truesig_func *a,
		      const struct truesig_func *b)
{
	return a->btf == b->btf && !strcmp(a->symbol, b->symbol);
}

/* The first function of each name in each BTF. */
static int choose_targets(struct traced *t)
{
	const struct truesig_lookup *l = &t->lookup;

	t->targets = calloc(l->n_funcs, sizeof(*t->targets));
	if (!t->targets)
		return -ENOMEM;
	for (size_t i = 0; i < l->n_funcs; i++) {
		bool seen = false;

		for (size_t k = 0; k < t->n_targets && !seen; k++)
			seen = same_name(&l->funcs[t->targets[k]],
					 &l->funcs[i]);
		if (!seen)
			t->targets[t->n_targets++] = i;
	}
	return 0;
}

/* A program whose function the kernel lacks: its name, the program's, the
   function's. */
#define NO_FUNCTION "%s: program %s: the kernel has no function %s, nor a clone of it"

/* Find the functions of every traced program in the kernel's BTF. */
static int look_up(struct truesig_bpf *tb)
{
	char err[1024];

	for (size_t i = 0; i < tb->n_traced; i++) {
		struct truesig_lookup *l = &tb->traced[i].lookup;
		int ret = source_lookup_add(l, tb->vmlinux, NULL, "vmlinux",
					    err, sizeof(err));

		for (size_t m = 0; !ret && m < tb->n_modules; m++)
			ret = source_lookup_add(l, tb->modules[m],
						tb->vmlinux,
						tb->module_names[m], err,
						sizeof(err));
		if (ret) {
			truesig_warn("%s\n", err);
			return ret;
		}
		if (!l->n_funcs && (tb->flags & TRUESIG_BPF_SKIP_MISSING)) {
			truesig_info(NO_FUNCTION ": not loaded\n", tb->name,
				     tb->traced[i].prog, l->function);
			continue;	/* no targets: loaded nowhere */
		}
		if (!l->n_funcs) {
			truesig_warn(NO_FUNCTION "\n", tb->name,
				     tb->traced[i].prog, l->function);
			return -ENOENT;
		}
		ret = choose_targets(&tb->traced[i]);
		if (ret)
			return ret;
	}
	return 0;
}

/* ---- where each argument is ---------------------------------------------------- */

/* The words of the BPF context real parameter `param` starts at, and its
   size and signedness.  -EINVAL for a parameter the trampoline cannot
   pass (larger than 16 bytes). */
static int param_place(const struct truesig_func *f, unsigned param,
		       struct truesig_bpf_arg *a)
{
	const struct btf_type *proto = btf__type_by_id(f->btf, f->proto);
	const struct btf_param *p;
	unsigned slot = 0;

	if (!proto || !btf_is_func_proto(proto) || param >= btf_vlen(proto))
		return -EINVAL;
	p = btf_params(proto);
	for (unsigned j = 0; j <= param; j++) {
		__s64 size = btf__resolve_size(f->btf, p[j].type);

		if (size <= 0 || size > 16)
			return -EINVAL;
		if (j == param) {
			const struct btf_type *t = btf__type_by_id(f->btf,
								   p[j].type);

			while (t && (btf_is_typedef(t) || btf_is_mod(t)))
				t = btf__type_by_id(f->btf, t->type);
			a->slot = slot;
			a->size = size > 8 ? 8 : (unsigned)size;
			a->is_signed = t && btf_is_int(t) &&
				       (btf_int_encoding(t) & BTF_INT_SIGNED);
			return 0;
		}
		slot += (unsigned)(size + 7) / 8;
	}
	return -EINVAL;
}

/* The index of f's real parameter named `name`, or -1. */
static int param_named(const struct truesig_func *f, const char *name)
{
	const struct btf_type *proto = btf__type_by_id(f->btf, f->proto);

	for (unsigned j = 0; proto && btf_is_func_proto(proto) &&
			     j < btf_vlen(proto); j++) {
		const char *n = btf__name_by_offset(f->btf,
						    btf_params(proto)[j].name_off);

		if (n && !strcmp(n, name))
			return (int)j;
	}
	return -1;
}

/* Where argument `name` is in f (a source argument, or a piece of one by
   its parameter's name). */
static void place(const struct truesig_func *f, const char *name,
		  struct truesig_bpf_arg *a)
{
	const struct truesig_arg *arg = source_func_arg(f, name);
	int param;

	memset(a, 0, sizeof(*a));
	a->where = TRUESIG_WHERE_NONE;
	if (!f->verified)
		return;			/* fate unknown */
	if (!arg) {
		/* A piece of a split argument, by its parameter's name. */
		param = param_named(f, name);
		for (size_t i = 0; param >= 0 && i < f->n_args; i++)
			for (size_t k = 0; k < f->args[i].n_pieces; k++)
				if (f->args[i].pieces[k].param == param &&
				    !param_place(f, (unsigned)param, a)) {
					a->where = TRUESIG_WHERE_SLOT;
					a->fate = TRUESIG_FATE_PASSED;
					return;
				}
		return;
	}
	a->fate = arg->fate;
	if (arg->fate == TS_FATE_PASSED && arg->how == TS_HOW_COPY &&
	    !param_place(f, (unsigned)arg->param, a))
		a->where = TRUESIG_WHERE_SLOT;
	else if ((arg->fate == TS_FATE_CONSTANT ||
		  arg->fate == TS_FATE_PASSED) &&
		 (arg->constant.kind == TS_CONST_SIGNED ||
		  arg->constant.kind == TS_CONST_UNSIGNED)) {
		a->where = TRUESIG_WHERE_CONSTANT;
		a->value = arg->constant.value;
		a->size = 8;
	}
}

/* Where argument `name` is in every function named as target f: its
   place where they agree. */
static void place_all(const struct traced *t, const struct truesig_func *f,
		      const char *name, struct truesig_bpf_arg *a)
{
	const struct truesig_lookup *l = &t->lookup;

	place(f, name, a);
	for (size_t i = 0; i < l->n_funcs; i++) {
		struct truesig_bpf_arg other;

		if (&l->funcs[i] == f || !same_name(&l->funcs[i], f))
			continue;
		place(&l->funcs[i], name, &other);
		if (!memcmp(&other, a, sizeof(other)))
			continue;
		a->where = TRUESIG_WHERE_NONE;
		if (other.fate != a->fate)
			a->fate = TRUESIG_FATE_UNKNOWN;
		a->slot = a->size = a->is_signed = 0;
		a->value = 0;
	}
}

/* The traced program whose source function a variable's name starts
   with (the longest), and the argument after it; NULL for none. */
static const struct traced *var_owner(const struct truesig_bpf *tb,
				      const char *var, const char **arg)
{
	const struct traced *best = NULL;
	size_t best_len = 0, plen = strlen(VAR_PREFIX);

	if (strncmp(var, VAR_PREFIX, plen))
		return NULL;
	for (size_t i = 0; i < tb->n_traced; i++) {
		const char *fn = tb->traced[i].lookup.function;
		size_t n = strlen(fn);

		if (!strncmp(var + plen, fn, n) && !strncmp(var + plen + n,
							    "__", 2) &&
		    var[plen + n + 2] && n > best_len) {
			best = &tb->traced[i];
			best_len = n;
		}
	}
	if (best)
		*arg = var + plen + best_len + 2;
	return best;
}

/* Set instance k's truesig__ variables in its .rodata. */
static int fill_rodata(struct truesig_bpf *tb, size_t k)
{
	struct bpf_object *obj = tb->inst[k].obj;
	struct btf *btf = bpf_object__btf(obj);
	struct bpf_map *map, *rodata = NULL;
	const struct btf_var_secinfo *v;
	const struct btf_type *sec;
	const void *init;
	size_t size;
	int id, ret;
	char *data;

	bpf_object__for_each_map(map, obj) {
		const char *n = bpf_map__name(map);
		size_t len = strlen(n);

		if (bpf_map__is_internal(map) && len >= 7 &&
		    !strcmp(n + len - 7, ".rodata"))
			rodata = map;
	}
	id = btf ? btf__find_by_name_kind(btf, ".rodata", BTF_KIND_DATASEC)
		 : -ENOENT;
	if (!rodata || id < 0)
		return 0;	/* no variables */
	init = bpf_map__initial_value(rodata, &size);
	data = init ? malloc(size) : NULL;
	if (!data)
		return -ENOMEM;
	memcpy(data, init, size);
	sec = btf__type_by_id(btf, (__u32)id);
	v = btf_var_secinfos(sec);
	for (unsigned i = 0; i < btf_vlen(sec); i++, v++) {
		const struct btf_type *var = btf__type_by_id(btf, v->type);
		const char *name = btf__name_by_offset(btf, var->name_off);
		const struct traced *t;
		const struct truesig_func *f;
		struct truesig_bpf_arg a;
		const char *arg;

		t = name ? var_owner(tb, name, &arg) : NULL;
		if (!t)
			continue;
		if (v->size != sizeof(a) ||
		    (size_t)v->offset + sizeof(a) > size) {
			truesig_warn("%s: %s is not a struct truesig_bpf_arg "
				     "(%u bytes)\n", tb->name, name, v->size);
			free(data);
			return -EINVAL;
		}
		f = tb->inst[k].target[t - tb->traced];
		if (!f)
			continue;
		place_all(t, f, arg, &a);
		memcpy(data + v->offset, &a, sizeof(a));
	}
	ret = bpf_map__set_initial_value(rodata, data, size);
	free(data);
	return ret;
}

/* ---- opening ------------------------------------------------------------------ */

static int open_instance(struct truesig_bpf *tb, size_t k)
{
	/* Every instance of the same name, so that its maps are named as
	   instance 0's. */
	LIBBPF_OPTS(bpf_object_open_opts, opts, .object_name = tb->name);
	struct instance *in = &tb->inst[k];
	struct bpf_program *p;
	int ret = 0;

	in->obj = bpf_object__open_mem(tb->image, tb->size, &opts);
	in->target = calloc(tb->n_traced ? tb->n_traced : 1,
			    sizeof(*in->target));
	in->links = calloc(tb->n_traced ? tb->n_traced : 1,
			   sizeof(*in->links));
	if (!in->obj) {
		ret = -errno;
		truesig_warn("%s: libbpf cannot open it: %s\n", tb->name,
			     strerror(-ret));
		return ret;
	}
	if (!in->target || !in->links)
		return -ENOMEM;
	bpf_object__for_each_program(p, in->obj) {
		const char *fn = traced_function(p);
		const struct truesig_lookup *l;
		size_t t;

		if (!fn) {
			/* Another kind of program: instance 0's alone. */
			if (k)
				ret = bpf_program__set_autoload(p, false);
			if (ret)
				return ret;
			continue;
		}
		for (t = 0; t < tb->n_traced; t++)
			if (!strcmp(tb->traced[t].prog, bpf_program__name(p)))
				break;
		if (t == tb->n_traced)
			continue;
		l = &tb->traced[t].lookup;
		if (k < tb->traced[t].n_targets) {
			const struct truesig_func *f =
				&l->funcs[tb->traced[t].targets[k]];

			/* libbpf resolves the name in the running kernel's
			   BTF at once. */
			in->target[t] = f;
			if (!tb->foreign)
				ret = bpf_program__set_attach_target(
					p, 0, f->symbol);
			if (ret)
				truesig_warn("%s: program %s cannot attach to "
					     "%s: %s\n", tb->name,
					     tb->traced[t].prog, f->symbol,
					     strerror(-ret));
		} else {
			ret = bpf_program__set_autoload(p, false);
		}
		if (ret)
			return ret;
	}
	return fill_rodata(tb, k);
}

static int open_all(struct truesig_bpf *tb, const char *btf_dir)
{
	struct bpf_object *probe;
	struct bpf_program *p;
	size_t n = 1;
	int ret;

	probe = bpf_object__open_mem(tb->image, tb->size, NULL);
	if (!probe) {
		ret = -errno;
		truesig_warn("%s: libbpf cannot open it: %s\n", tb->name,
			     strerror(-ret));
		return ret;
	}
	ret = 0;
	bpf_object__for_each_program(p, probe) {
		const char *fn = traced_function(p);

		if (fn && !ret)
			ret = add_traced(tb, p, fn);
	}
	bpf_object__close(probe);
	tb->foreign = btf_dir && strcmp(btf_dir, KERNEL_BTF_DIR);
	if (!ret)
		ret = read_kernel_btf(tb, btf_dir ? btf_dir : KERNEL_BTF_DIR);
	if (!ret)
		ret = look_up(tb);
	for (size_t i = 0; !ret && i < tb->n_traced; i++)
		if (tb->traced[i].n_targets > n)
			n = tb->traced[i].n_targets;
	if (!ret) {
		tb->inst = calloc(n, sizeof(*tb->inst));
		if (!tb->inst)
			return -ENOMEM;
		tb->n_inst = n;
	}
	for (size_t k = 0; !ret && k < tb->n_inst; k++)
		ret = open_instance(tb, k);
	return ret;
}

/* opts' field, where opts reaches it; else 0. */
#define OPT(opts, field)						\
	((opts) && (opts)->sz >= offsetof(struct truesig_bpf_opts, field) + \
			       sizeof((opts)->field) ? (opts)->field : 0)

int truesig_bpf__open_image(const void *image, size_t size, const char *name,
			    const struct truesig_bpf_opts *opts,
			    struct truesig_bpf **out)
{
	const char *btf_dir = OPT(opts, btf_dir);
	unsigned flags = OPT(opts, flags);
	struct truesig_bpf *tb;
	int ret;

	if (!out || !image || !size || !name)
		return -EINVAL;
	*out = NULL;
	if (flags & ~TRUESIG_BPF_SKIP_MISSING) {
		truesig_warn("%s: unknown flags %#x\n", name,
			     flags & ~TRUESIG_BPF_SKIP_MISSING);
		return -EINVAL;
	}
	tb = calloc(1, sizeof(*tb));
	if (!tb)
		return -ENOMEM;
	tb->name = strdup(name);
	tb->image = malloc(size);
	if (!tb->name || !tb->image) {
		truesig_bpf__destroy(tb);
		return -ENOMEM;
	}
	memcpy(tb->image, image, size);
	tb->size = size;
	tb->flags = flags;
	ret = open_all(tb, btf_dir);
	if (ret) {
		if (ret == -ENOMEM)
			truesig_warn("%s: out of memory\n", name);
		truesig_bpf__destroy(tb);
		return ret;
	}
	*out = tb;
	return 0;
}

int truesig_bpf__open_mem(const void *image, size_t size, const char *name,
			  const char *btf_dir, struct truesig_bpf **out)
{
	struct truesig_bpf_opts opts = { .sz = sizeof(opts),
					 .btf_dir = btf_dir };

	return truesig_bpf__open_image(image, size, name, &opts, out);
}

int truesig_bpf__open_file(const char *path,
			   const struct truesig_bpf_opts *opts,
			   struct truesig_bpf **out)
{
	FILE *f;
	void *image = NULL;
	long size;
	int ret = 0;

	if (!path || !out)
		return -EINVAL;
	*out = NULL;
	f = fopen(path, "rb");
	if (!f) {
		ret = -errno;
		truesig_warn("%s: %s\n", path, strerror(-ret));
		return ret;
	}
	if (fseek(f, 0, SEEK_END) || (size = ftell(f)) <= 0 ||
	    fseek(f, 0, SEEK_SET) || !(image = malloc((size_t)size)) ||
	    fread(image, 1, (size_t)size, f) != (size_t)size) {
		ret = image ? -EIO : -ENOMEM;
		truesig_warn("%s: cannot read it\n", path);
	}
	fclose(f);
	if (!ret)
		ret = truesig_bpf__open_image(image, (size_t)size, path, opts,
					      out);
	free(image);
	return ret;
}

int truesig_bpf__open(const char *path, const char *btf_dir,
		      struct truesig_bpf **out)
{
	struct truesig_bpf_opts opts = { .sz = sizeof(opts),
					 .btf_dir = btf_dir };

	return truesig_bpf__open_file(path, &opts, out);
}

/* ---- loading and attaching ------------------------------------------------------- */

/* Instance k's maps are instance 0's, but its .rodata. */
static int share_maps(struct truesig_bpf *tb, size_t k)
{
	struct bpf_map *m;

	bpf_object__for_each_map(m, tb->inst[k].obj) {
		const char *n = bpf_map__name(m);
		size_t len = strlen(n);
		struct bpf_map *first;
		int ret;

		if (bpf_map__is_internal(m) && len >= 7 &&
		    !strcmp(n + len - 7, ".rodata"))
			continue;
		first = bpf_object__find_map_by_name(tb->inst[0].obj, n);
		if (!first || bpf_map__fd(first) < 0)
			continue;
		ret = bpf_map__reuse_fd(m, bpf_map__fd(first));
		if (ret)
			return ret;
	}
	return 0;
}

int truesig_bpf__load(struct truesig_bpf *tb)
{
	if (!tb || tb->loaded)
		return -EINVAL;
	if (tb->foreign) {
		truesig_warn("%s: set up for the kernel BTF of another kernel: "
			     "not loaded\n", tb->name);
		return -EINVAL;
	}
	for (size_t k = 0; k < tb->n_inst; k++) {
		int ret = k ? share_maps(tb, k) : 0;

		if (!ret)
			ret = bpf_object__load(tb->inst[k].obj);
		if (ret) {
			truesig_warn("%s: instance %zu (of %zu) does not "
				     "load: %s\n", tb->name, k, tb->n_inst,
				     strerror(ret < 0 ? -ret : ret));
			return ret < 0 ? ret : -ret;
		}
	}
	tb->loaded = true;
	return 0;
}

/* Instance 0's programs that name no function, attached as libbpf
   attaches them (those it cannot attach by their section are the
   caller's). */
static int attach_others(struct truesig_bpf *tb)
{
	struct bpf_object *obj = tb->inst[0].obj;
	struct bpf_program *p;

	bpf_object__for_each_program(p, obj) {
		struct bpf_link **grown, *link;
		int ret;

		if (traced_function(p) || !bpf_program__autoload(p))
			continue;
		link = bpf_program__attach(p);
		if (!link) {
			ret = -errno;
			if (ret == -EOPNOTSUPP || ret == -ESRCH)
				continue;
			truesig_warn("%s: program %s does not attach: %s\n",
				     tb->name, bpf_program__name(p),
				     strerror(-ret));
			return ret;
		}
		grown = array_grow(tb->others, &tb->cap_others,
				   sizeof(*grown), tb->n_others + 1);
		if (!grown) {
			bpf_link__destroy(link);
			return -ENOMEM;
		}
		tb->others = grown;
		tb->others[tb->n_others++] = link;
	}
	return 0;
}

int truesig_bpf__attach(struct truesig_bpf *tb)
{
	int ret;

	if (!tb || !tb->loaded)
		return -EINVAL;
	ret = tb->n_others ? 0 : attach_others(tb);
	if (ret)
		return ret;
	for (size_t k = 0; k < tb->n_inst; k++) {
		struct instance *in = &tb->inst[k];

		for (size_t t = 0; t < tb->n_traced; t++) {
			struct bpf_program *p;
			int ret;

			if (!in->target[t] || in->links[t])
				continue;
			p = bpf_object__find_program_by_name(in->obj,
							     tb->traced[t].prog);
			in->links[t] = p ? bpf_program__attach(p) : NULL;
			if (!in->links[t]) {
				ret = -errno;
				truesig_warn("%s: program %s does not attach "
					     "to %s: %s\n", tb->name,
					     tb->traced[t].prog,
					     in->target[t]->symbol,
					     strerror(-ret));
				return ret;
			}
		}
	}
	return 0;
}

void truesig_bpf__destroy(struct truesig_bpf *tb)
{
	if (!tb)
		return;
	/* Links before objects, the instances sharing instance 0's maps
	   before it. */
	for (size_t i = 0; i < tb->n_others; i++)
		bpf_link__destroy(tb->others[i]);
	free(tb->others);
	for (size_t k = tb->n_inst; k-- > 0;) {
		struct instance *in = &tb->inst[k];

		for (size_t t = 0; in->links && t < tb->n_traced; t++)
			bpf_link__destroy(in->links[t]);
		bpf_object__close(in->obj);
		free(in->target);
		free(in->links);
	}
	free(tb->inst);
	for (size_t i = 0; i < tb->n_traced; i++) {
		source_lookup_release(&tb->traced[i].lookup);
		free(tb->traced[i].targets);
		free(tb->traced[i].prog);
	}
	free(tb->traced);
	for (size_t m = tb->n_modules; m-- > 0;) {
		btf__free(tb->modules[m]);
		free(tb->module_names[m]);
	}
	free(tb->modules);
	free(tb->module_names);
	btf__free(tb->vmlinux);
	free(tb->image);
	free(tb->name);
	free(tb);
}

size_t truesig_bpf__object_cnt(const struct truesig_bpf *tb)
{
	return tb->n_inst;
}

struct bpf_object *truesig_bpf__object(const struct truesig_bpf *tb,
				       size_t index)
{
	return index < tb->n_inst ? tb->inst[index].obj : NULL;
}

const struct truesig_func *truesig_bpf__target(const struct truesig_bpf *tb,
					       size_t index,
					       const char *prog_name)
{
	if (index >= tb->n_inst || !prog_name)
		return NULL;
	for (size_t t = 0; t < tb->n_traced; t++)
		if (!strcmp(tb->traced[t].prog, prog_name))
			return tb->inst[index].target[t];
	return NULL;
}
