/* SPDX-License-Identifier: MIT */
/*
 * truesig.h — libtruesig: read the true signatures a compiler recorded.
 *
 * A file built with the truesig GCC plugin carries, in its .debug_truesig
 * section, one record for every function whose emitted signature differs
 * from the one its source declares (foo.isra.0, foo.constprop.0,
 * foo.part.0, ...): which source parameters still arrive, split, constant
 * or removed; the real parameters in order and where each arrives; whether
 * the return value was dropped.  This library opens such a file (object,
 * executable, shared library, vmlinux, kernel module; any byte order),
 * validates every byte of the section and gives the records as read-only
 * objects.  docs/API.md describes each call; docs/FORMAT.md the bytes.
 *
 * Conventions (those of libbpf): every name starts with truesig_; objects
 * are opaque and read through accessors, so their layout may change
 * without breaking a caller; calls that can fail return 0 or a negative
 * errno value; the library never prints and never exits: it passes its
 * messages to the print callback (truesig_set_print), which by default
 * drops them.
 *
 * Lifetime: everything a file gives (units, records, parameters, strings)
 * lives until truesig_file__close() of that file.  Strings are never NULL;
 * "" means none.
 *
 * Threads: a file is not changed after truesig_file__open() returns, so
 * any number of threads may read it at once.  The print callback is the
 * process's: set it before starting threads.
 */
#ifndef TRUESIG_TRUESIG_H
#define TRUESIG_TRUESIG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* The section's enumerators: TS_KIND_*, TS_FATE_*, TS_HOW_*, TS_LOC_*,
   TS_CONST_*, TS_TYPE_*, TS_RF_* (installed beside this header). */
#include "truesig_format.h"

#ifdef __cplusplus
extern "C" {
#endif

/* This header's version; truesig_version() says the library's. */
#define LIBTRUESIG_MAJOR_VERSION 1
#define LIBTRUESIG_MINOR_VERSION 2

/* The version of the library linked in, "MAJOR.MINOR" ("1.2"). */
const char *truesig_version(void);

/* ---- messages ------------------------------------------------------------ */

enum truesig_print_level {
	TRUESIG_WARN,		/* why a call failed */
	TRUESIG_INFO,
	TRUESIG_DEBUG,
};

typedef int (*truesig_print_fn_t)(enum truesig_print_level level,
				  const char *format, va_list args);

/*
 * Pass the library's messages to `fn` (NULL: drop them, the default).
 * A failing call sends one TRUESIG_WARN message, "FILE: problem\n", before
 * it returns.  Returns the callback set before.
 */
truesig_print_fn_t truesig_set_print(truesig_print_fn_t fn);

/* ---- files --------------------------------------------------------------- */

struct truesig_file;		/* one ELF file's records */
struct truesig_unit;		/* the records of one compilation unit */
struct truesig_record;		/* one emitted function */
struct truesig_source_param;	/* a parameter as the source declares it */
struct truesig_param;		/* a parameter as the function receives it */
struct truesig_location;	/* where (a piece of) a value arrives */
struct truesig_known_piece;	/* a piece of a source parameter that
				   IPA-CP knows */

/*
 * Open the ELF file at `path` and read its records.  Returns 0 and sets
 * *file, or a negative errno value: -ENOENT, -EACCES and the like from the
 * system; -EISDIR; -EINVAL (not an ELF file, an archive, or a malformed
 * section: the message gives the byte offset); -ENODATA (an ELF file
 * without a .debug_truesig or .truesig section); -ENOTSUP (a unit of a
 * format version this library does not read); -ENOMEM.
 */
int truesig_file__open(const char *path, struct truesig_file **file);

/*
 * The same for an ELF image of `size` bytes in memory, which the library
 * copies (the caller may free it when the call returns); `name` stands
 * for the file in messages.
 */
int truesig_file__open_mem(const char *name, const void *image, size_t size,
			   struct truesig_file **file);

/* Frees the file and everything it gave.  NULL is allowed. */
void truesig_file__close(struct truesig_file *file);

/* The ELF machine (EM_X86_64, EM_AARCH64, ...), address size (4 or 8) and
   whether the file is big-endian. */
unsigned truesig_file__machine(const struct truesig_file *file);
unsigned truesig_file__addr_size(const struct truesig_file *file);
int truesig_file__big_endian(const struct truesig_file *file);

/* Units in the order of the file's sections; records of every unit in that
   order, then in each unit's order. */
size_t truesig_file__unit_cnt(const struct truesig_file *file);
const struct truesig_unit *truesig_file__unit(const struct truesig_file *file,
					      size_t index);
size_t truesig_file__record_cnt(const struct truesig_file *file);
const struct truesig_record *
truesig_file__record(const struct truesig_file *file, size_t index);

/*
 * The records of symbol `symbol` ("foo.isra.0"), or of source function
 * `function` ("foo": each of its clones), in file order: the nth of them,
 * from 0, or NULL after the last.  A static function's name may recur in
 * several units, so walk them:
 *	for (n = 0; (r = truesig_file__find_function(f, "foo", n)); n++)
 */
const struct truesig_record *
truesig_file__find_symbol(const struct truesig_file *file, const char *symbol,
			  size_t nth);
const struct truesig_record *
truesig_file__find_function(const struct truesig_file *file,
			    const char *function, size_t nth);

/* ---- units --------------------------------------------------------------- */

const char *truesig_unit__name(const struct truesig_unit *unit);
const char *truesig_unit__producer(const struct truesig_unit *unit);
unsigned truesig_unit__version(const struct truesig_unit *unit);
unsigned truesig_unit__flags(const struct truesig_unit *unit); /* TS_UNIT_* */
size_t truesig_unit__record_cnt(const struct truesig_unit *unit);
const struct truesig_record *
truesig_unit__record(const struct truesig_unit *unit, size_t index);

/*
 * Types are numbered per unit; 0 is void.  truesig_unit__type_str writes
 * the C declaration of `declarator` ("" for the type alone) with type
 * `type` into buf: "const char *", "struct s p", "int (*cb)(int, ...)".
 * Returns buf ("?" for a type index out of range).
 */
unsigned truesig_unit__type_cnt(const struct truesig_unit *unit);
unsigned truesig_unit__type_kind(const struct truesig_unit *unit,
				 unsigned type);	/* TS_TYPE_* */
const char *truesig_unit__type_name(const struct truesig_unit *unit,
				    unsigned type);	/* "" if none */
unsigned truesig_unit__type_size(const struct truesig_unit *unit,
				 unsigned type);
char *truesig_unit__type_str(const struct truesig_unit *unit, unsigned type,
			     const char *declarator, char *buf, size_t size);

/* ---- records ------------------------------------------------------------- */

const struct truesig_unit *
truesig_record__unit(const struct truesig_record *record);
const char *truesig_record__symbol(const struct truesig_record *record);
const char *truesig_record__function(const struct truesig_record *record);
const char *truesig_record__decl_file(const struct truesig_record *record);
unsigned truesig_record__decl_line(const struct truesig_record *record);
/* A cold fragment's function, or the function an alias names; else "". */
const char *truesig_record__parent(const struct truesig_record *record);
/* The symbol's address: section-relative in an object, as st_value. */
uint64_t truesig_record__address(const struct truesig_record *record);
uint32_t truesig_record__flags(const struct truesig_record *record); /* TS_RF_* */

/* What GCC did, in order: TS_KIND_ISRA, TS_KIND_CONSTPROP, ... */
unsigned truesig_record__kind_cnt(const struct truesig_record *record);
unsigned truesig_record__kind(const struct truesig_record *record,
			      unsigned index);
/* "isra", "constprop", "part", "cold", "abi", "lto_priv", "strub",
   "locality"; NULL for a kind this library does not know. */
const char *truesig_kind_str(unsigned kind);
/* The record's kinds joined by `sep` ("constprop.isra" with "."), "" if it
   has none; written into buf, returned. */
char *truesig_record__kinds_str(const struct truesig_record *record,
				const char *sep, char *buf, size_t size);

/* The real return type (void when dropped) and the declared one. */
unsigned truesig_record__return_type(const struct truesig_record *record);
unsigned truesig_record__source_return_type(const struct truesig_record *record);

unsigned truesig_record__source_param_cnt(const struct truesig_record *record);
const struct truesig_source_param *
truesig_record__source_param(const struct truesig_record *record,
			     unsigned index);
unsigned truesig_record__param_cnt(const struct truesig_record *record);
const struct truesig_param *
truesig_record__param(const struct truesig_record *record, unsigned index);
unsigned truesig_record__known_piece_cnt(const struct truesig_record *record);
const struct truesig_known_piece *
truesig_record__known_piece(const struct truesig_record *record,
			    unsigned index);

/* Where the return value, the hidden struct-return pointer and the static
   chain arrive: usually 0 or 1 location each, more for a value in pieces. */
enum truesig_loc_group {
	TRUESIG_LOC_RETURN,
	TRUESIG_LOC_SRET,
	TRUESIG_LOC_CHAIN,
};
unsigned truesig_record__loc_cnt(const struct truesig_record *record,
				 enum truesig_loc_group group);
const struct truesig_location *
truesig_record__loc(const struct truesig_record *record,
		    enum truesig_loc_group group, unsigned index);

/* ---- source parameters --------------------------------------------------- */

const char *truesig_source_param__name(const struct truesig_source_param *sp);
unsigned truesig_source_param__type(const struct truesig_source_param *sp);
unsigned truesig_source_param__fate(const struct truesig_source_param *sp); /* TS_FATE_* */
/* A constant one's value: TS_CONST_SIGNED (read the value as int64_t),
   _UNSIGNED, _TEXT (the expression, "&foo", in const_text), _PIECES (known
   in part: see the record's known pieces), or TS_CONST_NONE. */
unsigned truesig_source_param__const_kind(const struct truesig_source_param *sp);
uint64_t truesig_source_param__const_value(const struct truesig_source_param *sp);
const char *truesig_source_param__const_text(const struct truesig_source_param *sp);

/* ---- real parameters ----------------------------------------------------- */

/* GCC's name for it ("ISRA.5"), or "". */
const char *truesig_param__name(const struct truesig_param *param);
unsigned truesig_param__type(const struct truesig_param *param);
unsigned truesig_param__size(const struct truesig_param *param);
unsigned truesig_param__how(const struct truesig_param *param); /* TS_HOW_* */
/* The source parameter it comes from, or -1 for TS_HOW_NEW. */
int truesig_param__source(const struct truesig_param *param);
/* A piece's place in the source value: "p.a", "b->x[1]" (or "") and its
   byte offset. */
const char *truesig_param__path(const struct truesig_param *param);
unsigned truesig_param__offset(const struct truesig_param *param);
unsigned truesig_param__loc_cnt(const struct truesig_param *param);
const struct truesig_location *
truesig_param__loc(const struct truesig_param *param, unsigned index);

/* ---- known pieces -------------------------------------------------------- */

unsigned truesig_known_piece__source(const struct truesig_known_piece *kp);
unsigned truesig_known_piece__how(const struct truesig_known_piece *kp);
unsigned truesig_known_piece__offset(const struct truesig_known_piece *kp);
unsigned truesig_known_piece__size(const struct truesig_known_piece *kp);
unsigned truesig_known_piece__type(const struct truesig_known_piece *kp);
const char *truesig_known_piece__path(const struct truesig_known_piece *kp);
unsigned truesig_known_piece__const_kind(const struct truesig_known_piece *kp);
uint64_t truesig_known_piece__value(const struct truesig_known_piece *kp);
const char *truesig_known_piece__text(const struct truesig_known_piece *kp);

/* ---- locations ----------------------------------------------------------- */

unsigned truesig_location__kind(const struct truesig_location *loc); /* TS_LOC_* */
/* Bytes of the value this piece holds, and where they start in it. */
unsigned truesig_location__size(const struct truesig_location *loc);
unsigned truesig_location__piece_offset(const struct truesig_location *loc);
/* TS_LOC_REG, _REG_INDIRECT: the register's DWARF number and its name as
   the assembler writes it ("" if the plugin had none). */
int truesig_location__reg(const struct truesig_location *loc);
const char *truesig_location__reg_name(const struct truesig_location *loc);
/* TS_LOC_STACK, _STACK_INDIRECT: the byte offset from the stack pointer
   at the function's first instruction. */
int truesig_location__stack_offset(const struct truesig_location *loc);
/* "rdi", "[sp+8]", "[rdi]" (by reference), "[[sp+8]]"; a register without
   a name "dwarf reg N".  Written into buf, returned. */
char *truesig_location__str(const struct truesig_location *loc, char *buf,
			    size_t size);

/* ---- source functions in BTF --------------------------------------------- */

/*
 * From BTF alone (libbpf's struct btf: a vmlinux's, a module's, an
 * object's), every function that stands for a function as written: the
 * function itself when the BTF has it, and each clone ("foo.isra.0",
 * "foo.constprop.0.isra.0", "foo.part.0"), with its true prototype and,
 * from the `truesig:` tags `truesig btf` writes (docs/FORMAT.md 13.4),
 * where each source argument is at entry.  In a BTF without those tags
 * (plain pahole) the clones are found by name, unverified, their
 * arguments' fates unknown.  These calls need libbpf (libtruesig.pc says
 * so); the file calls above do not.
 */
struct btf;			/* libbpf's */
struct truesig_lookup;		/* the functions standing for one name */
struct truesig_func;		/* one of them: a FUNC of a BTF */
struct truesig_arg;		/* a source argument, as that FUNC gets it */
struct truesig_piece;		/* a piece of one */

/*
 * A lookup of `function` ("finish_task_switch"), empty until BTF is added.
 * 0 with *lookup set, -EINVAL, -ENOMEM.
 */
int truesig_lookup__new(const char *function, struct truesig_lookup **lookup);
/*
 * Add the FUNCs of `btf` that stand for the function: those of its own
 * types only (after those of `base` when it is split BTF on `base`, a
 * module's on vmlinux's; NULL otherwise).  `btf_name` ("vmlinux", "ext4")
 * names it in what is found; btf must outlive the lookup.  0, -EINVAL (a
 * malformed truesig tag: the message names its type id), -ENOMEM.
 */
int truesig_lookup__add_btf(struct truesig_lookup *lookup,
			    const struct btf *btf, const struct btf *base,
			    const char *btf_name);
/* Frees the lookup and everything it gave.  NULL is allowed. */
void truesig_lookup__free(struct truesig_lookup *lookup);
const char *truesig_lookup__function(const struct truesig_lookup *lookup);
/* The functions found, in the order of the BTFs added, then of type ids. */
size_t truesig_lookup__func_cnt(const struct truesig_lookup *lookup);
const struct truesig_func *
truesig_lookup__func(const struct truesig_lookup *lookup, size_t index);

/* Its FUNC's name ("foo.isra.0"), BTF (as added, with its name) and id. */
const char *truesig_func__symbol(const struct truesig_func *func);
const char *truesig_func__btf_name(const struct truesig_func *func);
const struct btf *truesig_func__btf(const struct truesig_func *func);
uint32_t truesig_func__btf_id(const struct truesig_func *func);
/* 1 for a clone, 0 for the function as written (which may itself have
   changed: a strub "at-calls" function keeps its name). */
int truesig_func__is_clone(const struct truesig_func *func);
/* 1 when its prototype is known true: truesig's tags describe it, or it
   is the function as written in a BTF truesig has tagged. */
int truesig_func__verified(const struct truesig_func *func);
int truesig_func__return_dropped(const struct truesig_func *func);
/* "isra", "constprop,isra", "" for none (the tags' words). */
const char *truesig_func__kinds(const struct truesig_func *func);
/* "void foo.isra.0(int a, long b__x)", as libbpf's btf_dump writes C. */
const char *truesig_func__prototype(const struct truesig_func *func);
/* The parameters of its FUNC_PROTO, the real ones. */
unsigned truesig_func__param_cnt(const struct truesig_func *func);
/* Its source arguments, in the source's order; by name (NULL if none). */
unsigned truesig_func__arg_cnt(const struct truesig_func *func);
const struct truesig_arg *truesig_func__arg(const struct truesig_func *func,
					    unsigned index);
const struct truesig_arg *
truesig_func__arg_by_name(const struct truesig_func *func, const char *name);

/* The name the source gives it ("" when no tag or FUNC names it). */
const char *truesig_arg__name(const struct truesig_arg *arg);
/* TS_FATE_PASSED, _SPLIT, _REMOVED, _CONSTANT; 0 when unknown (no tags). */
unsigned truesig_arg__fate(const struct truesig_arg *arg);
/* PASSED: TS_HOW_COPY, or TS_HOW_REFERENCE (the address of a copy of it
   arrives), and the real parameter it is; else 0 and -1. */
unsigned truesig_arg__how(const struct truesig_arg *arg);
int truesig_arg__param(const struct truesig_arg *arg);
/* SPLIT: its pieces that arrive, in parameter order. */
unsigned truesig_arg__piece_cnt(const struct truesig_arg *arg);
const struct truesig_piece *truesig_arg__piece(const struct truesig_arg *arg,
					       unsigned index);
/* CONSTANT, or a passed one IPA-CP knows: TS_CONST_SIGNED (read the value
   as int64_t), _UNSIGNED, _TEXT ("&foo"), _PIECES (see its known pieces),
   or TS_CONST_NONE; const_text is the tag's text of the value ("-5"). */
unsigned truesig_arg__const_kind(const struct truesig_arg *arg);
uint64_t truesig_arg__const_value(const struct truesig_arg *arg);
const char *truesig_arg__const_text(const struct truesig_arg *arg);
/* The pieces of it IPA-CP knows, each with its value. */
unsigned truesig_arg__known_piece_cnt(const struct truesig_arg *arg);
const struct truesig_piece *
truesig_arg__known_piece(const struct truesig_arg *arg, unsigned index);

/* TS_HOW_VALUE_PIECE (of an aggregate passed by value) or
   TS_HOW_POINTER_PIECE (of what the argument points to); the real
   parameter it arrives in (-1 for a known piece); its place in the
   argument, by byte offset, size and path ("p.in.x", "b->flags", or ""). */
unsigned truesig_piece__how(const struct truesig_piece *piece);
int truesig_piece__param(const struct truesig_piece *piece);
unsigned truesig_piece__offset(const struct truesig_piece *piece);
unsigned truesig_piece__size(const struct truesig_piece *piece);
const char *truesig_piece__path(const struct truesig_piece *piece);
/* A known piece's value, as for an argument's. */
unsigned truesig_piece__const_kind(const struct truesig_piece *piece);
uint64_t truesig_piece__const_value(const struct truesig_piece *piece);
const char *truesig_piece__const_text(const struct truesig_piece *piece);

/* ---- BPF programs written against source names ---------------------------- */

/*
 * A BPF object whose fentry and fexit programs name a function as written
 * (SEC("fentry/finish_task_switch")) and read its arguments by their source
 * names (<truesig/truesig_bpf.h>), attached to every function that stands
 * for it in the running kernel: one instance of the object for each of
 * those functions, instance i's program on the i-th of them (not loaded
 * where there are fewer), each told where each argument is there.  The
 * instances share instance 0's maps; .rodata is each one's own.  These
 * calls need libbpf.  docs/FIND.md has a complete example.
 */
struct bpf_object;		/* libbpf's */
struct truesig_bpf;

/*
 * Open the BPF object at `path` (or of `size` bytes at `image`, copied;
 * `name` stands for it in messages), find the functions of each of its
 * fentry/fexit programs in the running kernel's BTF (/sys/kernel/btf) and
 * open every instance, attach targets and argument places set.  0 with
 * *tb set; -ENOENT when the kernel has no function a program names,
 * -EINVAL, -ENOMEM, or libbpf's error.  Before truesig_bpf__load, each
 * instance's object may be set up further (its own read-only variables).
 * `btf_dir` (NULL: /sys/kernel/btf) may name another kernel's BTF, laid
 * out as /sys/kernel/btf: the instances are then set up as for it, to be
 * looked at, and not loadable (libbpf resolves attach targets in the
 * running kernel).
 */
int truesig_bpf__open(const char *path, const char *btf_dir,
		      struct truesig_bpf **tb);
int truesig_bpf__open_mem(const void *image, size_t size, const char *name,
			  const char *btf_dir, struct truesig_bpf **tb);

/* A program whose function the kernel has neither as written nor as a
   clone (inlined at every call, or configured out) is left unloaded in
   every instance, said at TRUESIG_INFO, where truesig_bpf__open fails
   with -ENOENT; truesig_bpf__target is NULL for it. */
#define TRUESIG_BPF_SKIP_MISSING	(1u << 0)

/* The options of truesig_bpf__open_file and _open_image (1.2).  Set `sz`
   to its size; a field it does not reach, or 0, is the default. */
struct truesig_bpf_opts {
	size_t		 sz;
	const char	*btf_dir;	/* as truesig_bpf__open's */
	unsigned int	 flags;		/* TRUESIG_BPF_* */
};

/* truesig_bpf__open and _open_mem with options (NULL: none); -EINVAL for
   a flag this library does not know. */
int truesig_bpf__open_file(const char *path,
			   const struct truesig_bpf_opts *opts,
			   struct truesig_bpf **tb);
int truesig_bpf__open_image(const void *image, size_t size, const char *name,
			    const struct truesig_bpf_opts *opts,
			    struct truesig_bpf **tb);
/* Load every instance (instance 0 first, whose maps the others reuse),
   then attach each loaded program.  0 or a negative errno value. */
int truesig_bpf__load(struct truesig_bpf *tb);
int truesig_bpf__attach(struct truesig_bpf *tb);
/* Detach, unload and free it all.  NULL is allowed. */
void truesig_bpf__destroy(struct truesig_bpf *tb);
/* The instances: their objects (instance 0's maps are every one's). */
size_t truesig_bpf__object_cnt(const struct truesig_bpf *tb);
struct bpf_object *truesig_bpf__object(const struct truesig_bpf *tb,
				       size_t index);
/* The function instance `index` attaches program `prog_name` to, as the
   lookup found it (its symbol, prototype, arguments' fates); NULL where
   that instance does not load the program. */
const struct truesig_func *truesig_bpf__target(const struct truesig_bpf *tb,
					       size_t index,
					       const char *prog_name);

#ifdef __cplusplus
}
#endif

#endif /* TRUESIG_TRUESIG_H */
