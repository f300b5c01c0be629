// SPDX-License-Identifier: MIT
/*
 * places [--skip-missing] OBJECT BTF_DIR — open the BPF object with
 * truesig_bpf__open_file() (with TRUESIG_BPF_SKIP_MISSING if asked) on
 * the kernel BTF in BTF_DIR (laid out as /sys/kernel/btf) and print, for
 * each instance, the function each program attaches to and, for each
 * truesig__FUNC__ARG variable of its .rodata, where the instance was told
 * that argument is.  The object is opened, never loaded: this runs
 * anywhere, no kernel needed.
 *
 *	instance 0: on_work -> work.isra.0 (vmlinux)
 *	instance 0: truesig__work__c__b: slot 0, 4 bytes, signed, passed
 *	instance 0: truesig__work__unused: none, removed
 *
 * Exit 0, or 1 with libtruesig's message; its other messages (what it
 * left unloaded) go to stderr too.
 */
#include <stdio.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <truesig/truesig.h>
#include <truesig/truesig_bpf.h>

static int print_message(enum truesig_print_level level, const char *fmt,
			 va_list ap)
{
	if (level == TRUESIG_DEBUG)
		return 0;
	fputs(level == TRUESIG_WARN ? "places: " : "places: info: ", stderr);
	return vfprintf(stderr, fmt, ap);
}

static const char *const wheres[] = { "unset", "slot", "constant", "none" };
static const char *const fates[] = { "unknown", "passed", "split", "removed",
				     "constant" };

static void print_places(struct bpf_object *obj, size_t i)
{
	struct btf *btf = bpf_object__btf(obj);
	int id = btf__find_by_name_kind(btf, ".rodata", BTF_KIND_DATASEC);
	const struct btf_var_secinfo *v;
	const struct btf_type *sec;
	struct bpf_map *m, *rodata = NULL;
	const char *data;
	size_t size;

	bpf_object__for_each_map(m, obj)
		if (strstr(bpf_map__name(m), ".rodata"))
			rodata = m;
	if (id < 0 || !rodata)
		return;
	data = bpf_map__initial_value(rodata, &size);
	sec = btf__type_by_id(btf, (__u32)id);
	v = btf_var_secinfos(sec);
	for (unsigned k = 0; k < btf_vlen(sec); k++, v++) {
		const char *name = btf__name_by_offset(
			btf, btf__type_by_id(btf, v->type)->name_off);
		struct truesig_bpf_arg a;

		if (strncmp(name, "truesig__", 9) || v->offset + sizeof(a) > size)
			continue;
		memcpy(&a, data + v->offset, sizeof(a));
		printf("instance %zu: %s: %s", i, name,
		       a.where < 4 ? wheres[a.where] : "?");
		if (a.where == TRUESIG_WHERE_SLOT)
			printf(" %u, %u bytes, %s", a.slot, a.size,
			       a.is_signed ? "signed" : "unsigned");
		if (a.where == TRUESIG_WHERE_CONSTANT)
			printf(" %llu", a.value);
		printf(", %s\n", a.fate < 5 ? fates[a.fate] : "?");
	}
}

int main(int argc, char **argv)
{
	struct truesig_bpf_opts opts = { .sz = sizeof(opts) };
	struct truesig_bpf *tb;

	if (argc == 4 && !strcmp(argv[1], "--skip-missing")) {
		opts.flags = TRUESIG_BPF_SKIP_MISSING;
		argv++;
		argc--;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: places [--skip-missing] OBJECT BTF_DIR\n");
		return 2;
	}
	opts.btf_dir = argv[2];
	truesig_set_print(print_message);
	if (truesig_bpf__open_file(argv[1], &opts, &tb))
		return 1;
	printf("%zu instances\n", truesig_bpf__object_cnt(tb));
	for (size_t i = 0; i < truesig_bpf__object_cnt(tb); i++) {
		struct bpf_program *p;

		bpf_object__for_each_program(p, truesig_bpf__object(tb, i)) {
			const char *name = bpf_program__name(p);
			const struct truesig_func *f =
				truesig_bpf__target(tb, i, name);

			printf("instance %zu: %s -> %s", i, name,
			       f ? truesig_func__symbol(f) : "(not loaded)");
			if (f)
				printf(" (%s)", truesig_func__btf_name(f));
			printf("\n");
		}
		print_places(truesig_bpf__object(tb, i), i);
	}
	truesig_bpf__destroy(tb);
	return 0;
}
