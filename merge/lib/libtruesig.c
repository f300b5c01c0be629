// SPDX-License-Identifier: MIT
/*
 * libtruesig.c — the public API of <truesig/truesig.h> over the reader's
 * modules: load.c opens the file and parses its sections (elf_input.c,
 * records.c), type_name.c spells types.  A truesig_file owns the loaded
 * file, flat arrays of its units and records in file order, and two
 * indexes of the records, by symbol and by source function.  The opaque types of the
 * header are the modules' own structures (records.h), read here through
 * accessors.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <truesig/truesig.h>

#include "load.h"
#include "print.h"
#include "records.h"
#include "type_name.h"

#define STR(x)		#x
#define VERSION_STR(major, minor) STR(major) "." STR(minor)

struct name_entry {
	const struct truesig_record *record;
	size_t		 position;	/* in file order */
};

struct truesig_file {
	struct loaded_file loaded;
	void		*image;		/* open_mem's copy, or NULL */
	const struct truesig_unit **units;
	size_t		 n_units;
	const struct truesig_record **records;	/* file order */
	struct name_entry *by_symbol;	/* sorted by symbol */
	struct name_entry *by_function;	/* sorted by source function */
	size_t		 n_records;
};

static truesig_print_fn_t print_fn;

const char *truesig_version(void)
{
	return VERSION_STR(LIBTRUESIG_MAJOR_VERSION, LIBTRUESIG_MINOR_VERSION);
}

truesig_print_fn_t truesig_set_print(truesig_print_fn_t fn)
{
	truesig_print_fn_t old = print_fn;

	print_fn = fn;
	return old;
}

static void say(enum truesig_print_level level, const char *fmt, va_list ap)
{
	truesig_print_fn_t fn = print_fn;

	if (fn)
		fn(level, fmt, ap);
}

void truesig_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(TRUESIG_WARN, fmt, ap);
	va_end(ap);
}

void truesig_info(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(TRUESIG_INFO, fmt, ap);
	va_end(ap);
}

/* ---- opening -------------------------------------------------------------- */

/*
 * The name indexes: every record with its position in file order, sorted
 * by name and then by that position, so that the records of one name are
 * consecutive and in file order.
 */
static int by_symbol(const void *a, const void *b)
{
	const struct name_entry *x = a, *y = b;
	int c = strcmp(x->record->symbol, y->record->symbol);

	return c ? c : (x->position > y->position) - (x->position < y->position);
}

static int by_function(const void *a, const void *b)
{
	const struct name_entry *x = a, *y = b;
	int c = strcmp(x->record->function, y->record->function);

	return c ? c : (x->position > y->position) - (x->position < y->position);
}

static struct name_entry *make_index(const struct truesig_file *f,
				     int (*compare)(const void *, const void *))
{
	struct name_entry *index = calloc(f->n_records ? f->n_records : 1,
					  sizeof(*index));

	if (!index)
		return NULL;
	for (size_t i = 0; i < f->n_records; i++) {
		index[i].record = f->records[i];
		index[i].position = i;
	}
	qsort(index, f->n_records, sizeof(*index), compare);
	return index;
}

/* The flat arrays of units and records over the loaded sections. */
static int flatten(struct truesig_file *f)
{
	const struct loaded_file *l = &f->loaded;
	struct truesig_walk units = truesig_walk(l->sections, l->n_sections);
	struct truesig_walk counting = units;
	size_t nu = 0, nr = loaded_record_count(l);
	const struct truesig_unit *u;

	while (truesig_walk_next_unit(&counting))
		nu++;
	f->units = calloc(nu ? nu : 1, sizeof(*f->units));
	f->records = calloc(nr ? nr : 1, sizeof(*f->records));
	if (!f->units || !f->records)
		return -ENOMEM;
	while ((u = truesig_walk_next_unit(&units))) {
		f->units[f->n_units++] = u;
		for (uint32_t r = 0; r < u->n_records; r++)
			f->records[f->n_records++] = &u->records[r];
	}
	f->by_symbol = make_index(f, by_symbol);
	f->by_function = make_index(f, by_function);
	return f->by_symbol && f->by_function ? 0 : -ENOMEM;
}

static int finish_open(struct truesig_file *f, const char *name, int ret,
		       const char *err, struct truesig_file **file)
{
	if (!ret) {
		ret = flatten(f);
		if (ret)
			err = NULL;
	}
	if (ret) {
		if (err && err[0])
			truesig_warn("%s\n", err);
		else
			truesig_warn("%s: %s\n", name, strerror(-ret));
		truesig_file__close(f);
		return ret;
	}
	*file = f;
	return 0;
}

int truesig_file__open(const char *path, struct truesig_file **file)
{
	struct truesig_file *f;
	char err[1024] = "";
	int ret;

	if (!file || !path)
		return -EINVAL;
	*file = NULL;
	f = calloc(1, sizeof(*f));
	if (!f)
		return -ENOMEM;
	ret = load_path(path, &f->loaded, err, sizeof(err));
	return finish_open(f, path, ret, err, file);
}

int truesig_file__open_mem(const char *name, const void *image, size_t size,
			   struct truesig_file **file)
{
	struct truesig_file *f;
	char err[1024] = "";
	int ret;

	if (!file || !name || (!image && size))
		return -EINVAL;
	*file = NULL;
	f = calloc(1, sizeof(*f));
	if (!f)
		return -ENOMEM;
	/* libelf may write to the image it reads: work on a copy. */
	f->image = malloc(size ? size : 1);
	if (!f->image) {
		free(f);
		return -ENOMEM;
	}
	if (size)
		memcpy(f->image, image, size);
	ret = load_memory(name, f->image, size, &f->loaded, err, sizeof(err));
	return finish_open(f, name, ret, err, file);
}

void truesig_file__close(struct truesig_file *file)
{
	if (!file)
		return;
	if (file->loaded.elf)
		unload_file(&file->loaded);
	free(file->units);
	free(file->records);
	free(file->by_symbol);
	free(file->by_function);
	free(file->image);
	free(file);
}

unsigned truesig_file__machine(const struct truesig_file *file)
{
	return file->loaded.elf->machine;
}

unsigned truesig_file__addr_size(const struct truesig_file *file)
{
	return file->loaded.elf->addr_size;
}

int truesig_file__big_endian(const struct truesig_file *file)
{
	return file->loaded.elf->big_endian;
}

size_t truesig_file__unit_cnt(const struct truesig_file *file)
{
	return file->n_units;
}

const struct truesig_unit *truesig_file__unit(const struct truesig_file *file,
					      size_t index)
{
	return index < file->n_units ? file->units[index] : NULL;
}

size_t truesig_file__record_cnt(const struct truesig_file *file)
{
	return file->n_records;
}

const struct truesig_record *
truesig_file__record(const struct truesig_file *file, size_t index)
{
	return index < file->n_records ? file->records[index] : NULL;
}

/* The nth record (from 0) of `index` whose name is `name`. */
static const struct truesig_record *
find_nth(const struct name_entry *index, size_t n,
	 const char *(*name_of)(const struct truesig_record *),
	 const char *name, size_t nth)
{
	size_t lo = 0, hi = n;

	if (!name)
		return NULL;
	while (lo < hi) {		/* the first not below `name` */
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(name_of(index[mid].record), name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (nth >= n - lo || strcmp(name_of(index[lo + nth].record), name))
		return NULL;
	return index[lo + nth].record;
}

static const char *symbol_of(const struct truesig_record *r)
{
	return r->symbol;
}

static const char *function_of(const struct truesig_record *r)
{
	return r->function;
}

const struct truesig_record *
truesig_file__find_symbol(const struct truesig_file *file, const char *symbol,
			  size_t nth)
{
	return find_nth(file->by_symbol, file->n_records, symbol_of, symbol,
			nth);
}

const struct truesig_record *
truesig_file__find_function(const struct truesig_file *file,
			    const char *function, size_t nth)
{
	return find_nth(file->by_function, file->n_records, function_of,
			function, nth);
}

/* ---- units ----------------------------------------------------------------- */

const char *truesig_unit__name(const struct truesig_unit *unit)
{
	return unit->name;
}

const char *truesig_unit__producer(const struct truesig_unit *unit)
{
	return unit->producer;
}

unsigned truesig_unit__version(const struct truesig_unit *unit)
{
	return unit->version;
}

unsigned truesig_unit__flags(const struct truesig_unit *unit)
{
	return unit->flags;
}

size_t truesig_unit__record_cnt(const struct truesig_unit *unit)
{
	return unit->n_records;
}

const struct truesig_record *
truesig_unit__record(const struct truesig_unit *unit, size_t index)
{
	return index < unit->n_records ? &unit->records[index] : NULL;
}

unsigned truesig_unit__type_cnt(const struct truesig_unit *unit)
{
	return unit->n_types;
}

unsigned truesig_unit__type_kind(const struct truesig_unit *unit,
				 unsigned type)
{
	return type < unit->n_types ? unit->types[type].kind : TS_TYPE_VOID;
}

const char *truesig_unit__type_name(const struct truesig_unit *unit,
				    unsigned type)
{
	return type < unit->n_types ? unit->types[type].name : "";
}

unsigned truesig_unit__type_size(const struct truesig_unit *unit,
				 unsigned type)
{
	return type < unit->n_types ? unit->types[type].size : 0;
}

char *truesig_unit__type_str(const struct truesig_unit *unit, unsigned type,
			     const char *declarator, char *buf, size_t size)
{
	if (!size)
		return buf;
	if (type >= unit->n_types) {
		snprintf(buf, size, "?");
		return buf;
	}
	return type_name(unit, type, declarator ? declarator : "", buf, size);
}

/* ---- records --------------------------------------------------------------- */

const struct truesig_unit *
truesig_record__unit(const struct truesig_record *record)
{
	return record->unit;
}

const char *truesig_record__symbol(const struct truesig_record *record)
{
	return record->symbol;
}

const char *truesig_record__function(const struct truesig_record *record)
{
	return record->function;
}

const char *truesig_record__decl_file(const struct truesig_record *record)
{
	return record->decl_file;
}

unsigned truesig_record__decl_line(const struct truesig_record *record)
{
	return record->decl_line;
}

const char *truesig_record__parent(const struct truesig_record *record)
{
	return record->parent;
}

uint64_t truesig_record__address(const struct truesig_record *record)
{
	return record->address;
}

uint32_t truesig_record__flags(const struct truesig_record *record)
{
	return record->flags;
}

unsigned truesig_record__kind_cnt(const struct truesig_record *record)
{
	return record->n_kinds;
}

unsigned truesig_record__kind(const struct truesig_record *record,
			      unsigned index)
{
	return index < record->n_kinds ? record->kinds[index] : TS_KIND_NONE;
}

const char *truesig_kind_str(unsigned kind)
{
	const char *name = truesig_kind_name(kind);

	return strcmp(name, "?") ? name : NULL;
}

char *truesig_record__kinds_str(const struct truesig_record *record,
				const char *sep, char *buf, size_t size)
{
	if (!size)
		return buf;
	return truesig_kinds_text(record, sep ? sep : "", buf, size);
}

unsigned truesig_record__return_type(const struct truesig_record *record)
{
	return record->return_type;
}

unsigned truesig_record__source_return_type(const struct truesig_record *record)
{
	return record->source_return_type;
}

unsigned truesig_record__source_param_cnt(const struct truesig_record *record)
{
	return record->n_source_params;
}

const struct truesig_source_param *
truesig_record__source_param(const struct truesig_record *record,
			     unsigned index)
{
	return index < record->n_source_params ?
		&record->source_params[index] : NULL;
}

unsigned truesig_record__param_cnt(const struct truesig_record *record)
{
	return record->n_params;
}

const struct truesig_param *
truesig_record__param(const struct truesig_record *record, unsigned index)
{
	return index < record->n_params ? &record->params[index] : NULL;
}

unsigned truesig_record__known_piece_cnt(const struct truesig_record *record)
{
	return record->n_known_pieces;
}

const struct truesig_known_piece *
truesig_record__known_piece(const struct truesig_record *record,
			    unsigned index)
{
	return index < record->n_known_pieces ?
		&record->known_pieces[index] : NULL;
}

unsigned truesig_record__loc_cnt(const struct truesig_record *record,
				 enum truesig_loc_group group)
{
	switch (group) {
	case TRUESIG_LOC_RETURN:
		return record->return_locs;
	case TRUESIG_LOC_SRET:
		return record->sret_locs;
	case TRUESIG_LOC_CHAIN:
		return record->chain_locs;
	}
	return 0;
}

const struct truesig_location *
truesig_record__loc(const struct truesig_record *record,
		    enum truesig_loc_group group, unsigned index)
{
	if (index >= truesig_record__loc_cnt(record, group))
		return NULL;
	switch (group) {
	case TRUESIG_LOC_RETURN:
		return &truesig_return_locs(record)[index];
	case TRUESIG_LOC_SRET:
		return &truesig_sret_locs(record)[index];
	case TRUESIG_LOC_CHAIN:
		return &truesig_chain_locs(record)[index];
	}
	return NULL;
}

/* ---- source parameters ----------------------------------------------------- */

const char *truesig_source_param__name(const struct truesig_source_param *sp)
{
	return sp->name;
}

unsigned truesig_source_param__type(const struct truesig_source_param *sp)
{
	return sp->type;
}

unsigned truesig_source_param__fate(const struct truesig_source_param *sp)
{
	return sp->fate;
}

unsigned truesig_source_param__const_kind(const struct truesig_source_param *sp)
{
	return sp->const_kind;
}

uint64_t truesig_source_param__const_value(const struct truesig_source_param *sp)
{
	return sp->const_kind == TS_CONST_TEXT ? 0 : sp->const_value;
}

const char *truesig_source_param__const_text(const struct truesig_source_param *sp)
{
	return sp->const_text;
}

/* ---- real parameters ------------------------------------------------------- */

const char *truesig_param__name(const struct truesig_param *param)
{
	return param->name;
}

unsigned truesig_param__type(const struct truesig_param *param)
{
	return param->type;
}

unsigned truesig_param__size(const struct truesig_param *param)
{
	return param->size;
}

unsigned truesig_param__how(const struct truesig_param *param)
{
	return param->how;
}

int truesig_param__source(const struct truesig_param *param)
{
	return param->how == TS_HOW_NEW ? -1 : param->source;
}

const char *truesig_param__path(const struct truesig_param *param)
{
	return param->path;
}

unsigned truesig_param__offset(const struct truesig_param *param)
{
	return param->offset;
}

unsigned truesig_param__loc_cnt(const struct truesig_param *param)
{
	return param->loc_count;
}

const struct truesig_location *
truesig_param__loc(const struct truesig_param *param, unsigned index)
{
	if (index >= param->loc_count)
		return NULL;
	return &truesig_param_locs(param->record, param)[index];
}

/* ---- known pieces ---------------------------------------------------------- */

unsigned truesig_known_piece__source(const struct truesig_known_piece *kp)
{
	return kp->source;
}

unsigned truesig_known_piece__how(const struct truesig_known_piece *kp)
{
	return kp->how;
}

unsigned truesig_known_piece__offset(const struct truesig_known_piece *kp)
{
	return kp->offset;
}

unsigned truesig_known_piece__size(const struct truesig_known_piece *kp)
{
	return kp->size;
}

unsigned truesig_known_piece__type(const struct truesig_known_piece *kp)
{
	return kp->type;
}

const char *truesig_known_piece__path(const struct truesig_known_piece *kp)
{
	return kp->path;
}

unsigned truesig_known_piece__const_kind(const struct truesig_known_piece *kp)
{
	return kp->const_kind;
}

uint64_t truesig_known_piece__value(const struct truesig_known_piece *kp)
{
	return kp->const_kind == TS_CONST_TEXT ? 0 : kp->value;
}

const char *truesig_known_piece__text(const struct truesig_known_piece *kp)
{
	return kp->text;
}

/* ---- locations ------------------------------------------------------------- */

unsigned truesig_location__kind(const struct truesig_location *loc)
{
	return loc->kind;
}

unsigned truesig_location__size(const struct truesig_location *loc)
{
	return loc->size;
}

unsigned truesig_location__piece_offset(const struct truesig_location *loc)
{
	return loc->piece_offset;
}

int truesig_location__reg(const struct truesig_location *loc)
{
	return loc->kind == TS_LOC_REG || loc->kind == TS_LOC_REG_INDIRECT ?
		loc->value : -1;
}

const char *truesig_location__reg_name(const struct truesig_location *loc)
{
	return loc->reg_name;
}

int truesig_location__stack_offset(const struct truesig_location *loc)
{
	return loc->kind == TS_LOC_STACK || loc->kind == TS_LOC_STACK_INDIRECT ?
		loc->value : 0;
}

char *truesig_location__str(const struct truesig_location *loc, char *buf,
			    size_t size)
{
	return truesig_location_text(loc, 0, TS_LOCATION_PLAIN, buf, size);
}
