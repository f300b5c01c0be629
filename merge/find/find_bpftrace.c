// SPDX-License-Identifier: MIT
/*
 * find_bpftrace.c — `truesig find --bpftrace NAME [ARG...]`: a bpftrace
 * program with one fentry probe (bpftrace's `kfunc:`) on every function
 * that stands for NAME, each printing the source arguments under their
 * source names, read from wherever that function receives them:
 *
 *	kfunc:vmlinux:pick.isra.0
 *	{
 *		printf("pick.isra.0: p.b=%d p.in.x=%d k=%d\n",
 *		       args->p__b, args->p__in__x, args->k);
 *	}
 *
 * A removed argument prints as <removed>, a constant one as its value; a
 * value bpftrace cannot print (a struct, a float) as <TYPE>.  The probes
 * are written for bpftrace 0.17 and later (`args->`, `kfunc:MODULE:`).
 */
#include <bpf/btf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "find_bpftrace.h"
#include "truesig_format.h"

/*
 * bpftrace's module word for the BTF a function is in: "vmlinux" for a
 * vmlinux, a module's name for a module (an entry of /sys/kernel/btf, or
 * "ext2" of ext2.ko), "" for another file (an object's or raw BTF: probe
 * by the function's name alone).
 */
static void probe_module(const struct truesig_func *f, char *buf,
			 size_t size)
{
	const char *base = strrchr(f->btf_name, '/');
	size_t n;

	base = base ? base + 1 : f->btf_name;
	n = strlen(base);
	if (n > 3 && !strcmp(base + n - 3, ".ko"))
		n -= 3;
	else if (strcmp(base, "vmlinux") &&
		 (strchr(f->btf_name, '/') || strchr(base, '.')))
		n = 0;
	snprintf(buf, size, "%.*s", (int)n, base);
}

/* The printf conversion for a value of BTF type `id`, or NULL when
   bpftrace cannot print it (write "<TYPE>" instead). */
static const char *conversion(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	while (t && (btf_is_typedef(t) || btf_is_mod(t)))
		t = btf__type_by_id(btf, t->type);
	if (!t)
		return NULL;
	if (btf_is_ptr(t))
		return "0x%lx";
	/* bpftrace prints %d and %u as 32 bits: 8-byte values want l. */
	if (btf_is_enum(t))
		return t->size == 8 ? "%ld" : "%d";
	if (btf_is_int(t)) {
		bool is_signed = btf_int_encoding(t) & BTF_INT_SIGNED;

		if (t->size == 8)
			return is_signed ? "%ld" : "%lu";
		return is_signed ? "%d" : "%u";
	}
	return NULL;
}

/* The type of real parameter `param`, or 0. */
static uint32_t param_type(const struct truesig_func *f, uint32_t param)
{
	const struct btf_type *p = btf__type_by_id(f->btf, f->proto);

	if (!p || !btf_is_func_proto(p) || param >= btf_vlen(p))
		return 0;
	return btf_params(p)[param].type;
}

/* A piece of the format string: `s` with '%' and '"' and '\' escaped. */
static void format_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '%')
			fputs("%%", out);
		else if (*s == '"' || *s == '\\')
			fprintf(out, "\\%c", *s);
		else
			fputc(*s, out);
	}
}

/* One real parameter as "LABEL=%d" into the format, and its expression
   into the argument list (values). */
static void value(FILE *fmt, FILE *values, const struct truesig_func *f,
		  uint32_t param, const char *label, bool *first)
{
	const char *conv = conversion(f->btf, param_type(f, param));

	fputs(*first ? "" : " ", fmt);
	*first = false;
	format_text(fmt, label);
	fputc('=', fmt);
	if (!conv) {
		fputs("<not printable>", fmt);
		return;
	}
	fputs(conv, fmt);
	/* A pointer as a number: printf's %lx takes integers. */
	fprintf(values, ", %sargs->%s", strcmp(conv, "0x%lx") ? "" : "(uint64)",
		source_func_param_name(f, (int)param));
}

static void probe(FILE *out, const struct truesig_lookup *l,
		  const struct truesig_func *f, const char *const *args,
		  size_t n_args)
{
	char module[256], *fmt_buf = NULL, *values_buf = NULL;
	size_t fmt_len, values_len, n = n_args ? n_args : f->n_args;
	FILE *fmt = open_memstream(&fmt_buf, &fmt_len);
	FILE *values = open_memstream(&values_buf, &values_len);
	bool first = true;

	if (!fmt || !values) {
		if (fmt)
			fclose(fmt);
		if (values)
			fclose(values);
		free(fmt_buf);
		free(values_buf);
		return;
	}
	for (size_t k = 0; k < n; k++) {
		const struct truesig_arg *a = n_args ? source_func_arg(f, args[k])
						    : &f->args[k];
		const char *name = a ? a->name : args[k];

		if (!a || !f->verified || !a->fate) {
			fprintf(fmt, "%s", first ? "" : " ");
			format_text(fmt, name[0] ? name : "?");
			fputs("=<not available>", fmt);
			first = false;
			continue;
		}
		switch (a->fate) {
		case TS_FATE_PASSED:
			if (a->how == TS_HOW_REFERENCE) {
				char label[300];

				/* What arrives is the address of a copy. */
				snprintf(label, sizeof(label), "&%s", name);
				value(fmt, values, f, (uint32_t)a->param,
				      label, &first);
			} else {
				value(fmt, values, f, (uint32_t)a->param,
				      name, &first);
			}
			break;
		case TS_FATE_SPLIT:
			for (size_t p = 0; p < a->n_pieces; p++) {
				char label[300];

				snprintf(label, sizeof(label), "%s",
					 a->pieces[p].path[0]
					 ? a->pieces[p].path : name);
				value(fmt, values, f,
				      (uint32_t)a->pieces[p].param, label,
				      &first);
			}
			break;
		case TS_FATE_REMOVED:
			fprintf(fmt, "%s", first ? "" : " ");
			format_text(fmt, name);
			fputs("=<removed>", fmt);
			first = false;
			break;
		case TS_FATE_CONSTANT:
			fprintf(fmt, "%s", first ? "" : " ");
			format_text(fmt, name);
			fputc('=', fmt);
			if (a->constant.kind == TS_CONST_SIGNED)
				fprintf(fmt, "%" PRId64, (int64_t)a->constant.value);
			else if (a->constant.kind == TS_CONST_UNSIGNED)
				fprintf(fmt, "%" PRIu64, a->constant.value);
			else if (a->constant.kind == TS_CONST_TEXT)
				format_text(fmt, a->constant.text);
			else
				fputs("<constant>", fmt);
			first = false;
			break;
		}
	}
	fclose(fmt);
	fclose(values);
	probe_module(f, module, sizeof(module));
	fprintf(out, "\n// %s: %s%s\n", f->symbol, f->prototype,
		f->verified ? "" : " (unverified)");
	if (module[0])
		fprintf(out, "kfunc:%s:%s\n", module, f->symbol);
	else
		fprintf(out, "kfunc:%s\n", f->symbol);
	fprintf(out, "{\n\tprintf(\"");
	format_text(out, f->symbol);
	fputc('(', out);
	format_text(out, l->function);
	fprintf(out, "): %s\\n\"%s);\n}\n", fmt_buf, values_buf);
	free(fmt_buf);
	free(values_buf);
}

void find_print_bpftrace(FILE *out, const struct truesig_lookup *l,
			 const char *const *args, size_t n_args)
{
	fprintf(out, "// Every function that stands for %s, with its arguments "
		"as the source names them\n// (truesig find --bpftrace).\n",
		l->function);
	for (size_t i = 0; i < l->n_funcs; i++)
		probe(out, l, &l->funcs[i], args, n_args);
}
