// SPDX-License-Identifier: MIT
/*
 * elf_input.c — read the .truesig section(s) and the symbols of an ELF file.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "array.h"
#include "byteorder.h"
#include "elf_input.h"
#include "errmsg.h"
#include "target.h"
#include "truesig_format.h"

static bool fits(uint64_t value, unsigned width, enum reloc_range range)
{
	int64_t s = (int64_t)value;
	uint64_t bits = width * 8;

	if (width >= 8 || range == RANGE_WRAP)
		return true;
	bool fits_unsigned = value < (1ULL << bits);
	bool fits_signed = s >= -(int64_t)(1ULL << (bits - 1)) &&
			   s < (int64_t)(1ULL << (bits - 1));

	switch (range) {
	case RANGE_UNSIGNED:
		return fits_unsigned;
	case RANGE_SIGNED:
		return fits_signed;
	default:
		return fits_unsigned || fits_signed;
	}
}

/* ---- relocations ----------------------------------------------------------- */

struct reloc_context {
	struct elf_input *in;
	char		*err;
	size_t		 err_size;
	const char	*rel_name;	/* of the relocation section */
	struct truesig_bytes *target;
	Elf_Data	*symbols;
	size_t		 n_symbols;
	Elf_Data	*symbol_shndx;	/* SHT_SYMTAB_SHNDX, or NULL */
};

/* Apply relocation number i: type, symbol, offset, addend (RELA) or not. */
static int apply_reloc(struct reloc_context *c, size_t i, uint32_t type,
		       size_t sym_index, uint64_t offset, bool has_addend,
		       int64_t addend)
{
	struct elf_input *in = c->in;
	const struct reloc_kind *kind = target_reloc_kind(in->machine, type);
	const char *path = in->path;
	GElf_Sym sym;
	Elf32_Word xshndx = 0;
	uint64_t value;
	uint8_t *slot;

	if (!kind)
		return errmsg(c->err, c->err_size, -EINVAL, path,
			      "%s: relocation %zu has unsupported type %u for %s",
			      c->rel_name, i, type, target_name(in->machine));
	if (!kind->width)
		return 0;
	if (offset > c->target->size || c->target->size - offset < kind->width)
		return errmsg(c->err, c->err_size, -EINVAL, path,
			      "%s: relocation %zu at offset 0x%llx is outside %s (%zu bytes)",
			      c->rel_name, i, (unsigned long long)offset,
			      c->target->name, c->target->size);
	if (sym_index >= c->n_symbols ||
	    !gelf_getsymshndx(c->symbols, c->symbol_shndx, (int)sym_index,
			      &sym, &xshndx))
		return errmsg(c->err, c->err_size, -EINVAL, path,
			      "%s: relocation %zu names symbol %zu, which does not exist",
			      c->rel_name, i, sym_index);
	if (sym_index && sym.st_shndx == SHN_UNDEF)
		return errmsg(c->err, c->err_size, -EINVAL, path,
			      "%s: relocation %zu is against an undefined symbol",
			      c->rel_name, i);
	if (sym.st_shndx == SHN_COMMON)
		return errmsg(c->err, c->err_size, -EINVAL, path,
			      "%s: relocation %zu is against a common symbol",
			      c->rel_name, i);

	slot = c->target->data + offset;
	if (!has_addend)	/* SHT_REL: the addend is in the slot */
		addend = (int64_t)load_uint(slot, kind->width, in->big_endian);
	value = sym.st_value + (uint64_t)addend;
	if (!fits(value, kind->width, kind->range))
		return errmsg(c->err, c->err_size, -EINVAL, path,
			      "%s: relocation %zu: value 0x%llx does not fit in %u bytes",
			      c->rel_name, i, (unsigned long long)value,
			      kind->width);
	store_uint(slot, kind->width, in->big_endian, value);
	return 0;
}

static int apply_reloc_section(struct elf_input *in, Elf_Scn *scn,
			       const GElf_Shdr *shdr, const char *name,
			       struct truesig_bytes *target, char *err,
			       size_t err_size)
{
	Elf *elf = in->elf;
	struct reloc_context c = {
		.in = in, .err = err, .err_size = err_size, .rel_name = name,
		.target = target,
	};
	Elf_Scn *symscn = elf_getscn(elf, shdr->sh_link);
	bool rela = shdr->sh_type == SHT_RELA;
	size_t entsize, count;
	GElf_Shdr symshdr;
	Elf_Data *data;

	if (!symscn || !gelf_getshdr(symscn, &symshdr) ||
	    (symshdr.sh_type != SHT_SYMTAB && symshdr.sh_type != SHT_DYNSYM))
		return errmsg(err, err_size, -EINVAL, in->path,
			      "%s: sh_link %u is not a symbol table", name,
			      shdr->sh_link);
	c.symbols = elf_getdata(symscn, NULL);
	if (!c.symbols)
		return errmsg(err, err_size, -EINVAL, in->path, "%s: %s", name,
			      elf_errmsg(-1));
	c.n_symbols = c.symbols->d_size /
		      gelf_fsize(elf, ELF_T_SYM, 1, EV_CURRENT);
	/* Section indices >= SHN_LORESERVE live in SHT_SYMTAB_SHNDX. */
	for (Elf_Scn *s = NULL; (s = elf_nextscn(elf, s));) {
		GElf_Shdr sh;

		if (gelf_getshdr(s, &sh) && sh.sh_type == SHT_SYMTAB_SHNDX &&
		    sh.sh_link == elf_ndxscn(symscn))
			c.symbol_shndx = elf_getdata(s, NULL);
	}

	data = elf_getdata(scn, NULL);
	if (!data)
		return errmsg(err, err_size, -EINVAL, in->path, "%s: %s", name,
			      elf_errmsg(-1));
	entsize = gelf_fsize(elf, rela ? ELF_T_RELA : ELF_T_REL, 1, EV_CURRENT);
	if (!entsize)
		return errmsg(err, err_size, -EINVAL, in->path, "%s: %s", name,
			      elf_errmsg(-1));
	count = data->d_size / entsize;

	for (size_t i = 0; i < count; i++) {
		int ret;

		if (rela) {
			GElf_Rela r;

			if (!gelf_getrela(data, (int)i, &r))
				return errmsg(err, err_size, -EINVAL, in->path,
					      "%s: %s", name, elf_errmsg(-1));
			ret = apply_reloc(&c, i, GELF_R_TYPE(r.r_info),
					  GELF_R_SYM(r.r_info), r.r_offset,
					  true, r.r_addend);
		} else {
			GElf_Rel r;

			if (!gelf_getrel(data, (int)i, &r))
				return errmsg(err, err_size, -EINVAL, in->path,
					      "%s: %s", name, elf_errmsg(-1));
			ret = apply_reloc(&c, i, GELF_R_TYPE(r.r_info),
					  GELF_R_SYM(r.r_info), r.r_offset,
					  false, 0);
		}
		if (ret)
			return ret;
	}
	return 0;
}

/* ---- sections -------------------------------------------------------------- */

static int copy_truesig(struct elf_input *in, Elf_Scn *scn,
			const GElf_Shdr *shdr, const char *name, char *err,
			size_t err_size)
{
	struct truesig_bytes *b;
	Elf_Data *data;
	void *grown;

	if (shdr->sh_type == SHT_NOBITS)
		return errmsg(err, err_size, -EINVAL, in->path,
			      "%s section has no contents (SHT_NOBITS)", name);
	if ((shdr->sh_flags & SHF_COMPRESSED) && elf_compress(scn, 0, 0) < 0)
		return errmsg(err, err_size, -EINVAL, in->path,
			      "cannot decompress %s: %s", name, elf_errmsg(-1));
	data = elf_getdata(scn, NULL);
	if (!data)
		return errmsg(err, err_size, -EINVAL, in->path,
			      "cannot read %s: %s", name, elf_errmsg(-1));

	grown = array_grow(in->sections, &in->sections_cap, sizeof(*b),
			   in->n_sections + 1);
	if (!grown)
		return errmsg(err, err_size, -ENOMEM, in->path,
			      "out of memory");
	in->sections = grown;
	b = &in->sections[in->n_sections];
	memset(b, 0, sizeof(*b));
	b->name = name;
	b->section_index = elf_ndxscn(scn);
	b->size = data->d_size;
	b->data = malloc(b->size ? b->size : 1);
	if (!b->data)
		return errmsg(err, err_size, -ENOMEM, in->path,
			      "out of memory");
	if (b->size)
		memcpy(b->data, data->d_buf, b->size);
	in->n_sections++;
	return 0;
}

static struct truesig_bytes *section_copy(struct elf_input *in, size_t index)
{
	for (size_t i = 0; i < in->n_sections; i++)
		if (in->sections[i].section_index == index)
			return &in->sections[i];
	return NULL;
}

static int read_sections(struct elf_input *in, char *err, size_t err_size)
{
	Elf *elf = in->elf;
	size_t shstrndx;
	int ret;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return errmsg(err, err_size, -EINVAL, in->path, "%s",
			      elf_errmsg(-1));

	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(elf, scn));) {
		GElf_Shdr shdr;
		const char *name;

		if (!gelf_getshdr(scn, &shdr))
			return errmsg(err, err_size, -EINVAL, in->path, "%s",
				      elf_errmsg(-1));
		name = elf_strptr(elf, shstrndx, shdr.sh_name);
		if (!name)
			return errmsg(err, err_size, -EINVAL, in->path,
				      "section %zu: bad name: %s",
				      elf_ndxscn(scn), elf_errmsg(-1));
		if (!strcmp(name, TRUESIG_SECTION))
			name = TRUESIG_SECTION;
		else if (!strcmp(name, TRUESIG_SECTION_OLD))
			name = TRUESIG_SECTION_OLD;
		else
			continue;
		ret = copy_truesig(in, scn, &shdr, name, err, err_size);
		if (ret)
			return ret;
	}

	/* A linked file's .rel(a).debug_truesig (--emit-relocs) is already
	   applied. */
	if (in->type != ET_REL)
		return 0;
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(elf, scn));) {
		struct truesig_bytes *target;
		GElf_Shdr shdr;
		const char *name;

		if (!gelf_getshdr(scn, &shdr))
			return errmsg(err, err_size, -EINVAL, in->path, "%s",
				      elf_errmsg(-1));
		if (shdr.sh_type != SHT_RELA && shdr.sh_type != SHT_REL)
			continue;
		target = section_copy(in, shdr.sh_info);
		if (!target)
			continue;
		name = elf_strptr(elf, shstrndx, shdr.sh_name);
		ret = apply_reloc_section(in, scn, &shdr,
					  name ? name : "relocations", target,
					  err, err_size);
		if (ret)
			return ret;
	}
	return 0;
}

/* ---- symbols --------------------------------------------------------------- */

static int compare_symbols(const void *a, const void *b)
{
	const struct elf_symbol *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	if (x->value != y->value)
		return x->value < y->value ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static int read_symbols(struct elf_input *in, char *err, size_t err_size)
{
	Elf *elf = in->elf;

	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(elf, scn));) {
		GElf_Shdr shdr;
		Elf_Data *data;
		size_t count;
		void *grown;

		if (!gelf_getshdr(scn, &shdr) ||
		    (shdr.sh_type != SHT_SYMTAB && shdr.sh_type != SHT_DYNSYM))
			continue;
		data = elf_getdata(scn, NULL);
		if (!data)
			return errmsg(err, err_size, -EINVAL, in->path,
				      "cannot read symbols: %s",
				      elf_errmsg(-1));
		count = data->d_size / gelf_fsize(elf, ELF_T_SYM, 1, EV_CURRENT);
		if (count <= 1)		/* entry 0 is no symbol */
			continue;
		grown = array_grow(in->symbols, &in->symbols_cap,
				   sizeof(*in->symbols), in->n_symbols + count);
		if (!grown)
			return errmsg(err, err_size, -ENOMEM, in->path,
				      "out of memory");
		in->symbols = grown;

		for (size_t i = 1; i < count; i++) {
			struct elf_symbol *s = &in->symbols[in->n_symbols];
			const char *name;
			GElf_Sym sym;

			if (!gelf_getsym(data, (int)i, &sym))
				break;
			if (GELF_ST_TYPE(sym.st_info) == STT_SECTION ||
			    GELF_ST_TYPE(sym.st_info) == STT_FILE ||
			    sym.st_shndx == SHN_UNDEF)
				continue;
			name = elf_strptr(elf, shdr.sh_link, sym.st_name);
			if (!name || !name[0])
				continue;
			s->name = name;
			s->value = sym.st_value;
			s->size = sym.st_size;
			s->binding = GELF_ST_BIND(sym.st_info);
			s->type = GELF_ST_TYPE(sym.st_info);
			s->order = (unsigned)in->n_symbols;
			in->n_symbols++;
		}
	}
	elf_input_sort_symbols(in);
	return 0;
}

void elf_input_sort_symbols(struct elf_input *in)
{
	if (in->n_symbols)
		qsort(in->symbols, in->n_symbols, sizeof(*in->symbols),
		      compare_symbols);
}

const struct elf_symbol *elf_input_find_symbol(const struct elf_input *in,
					       const char *name,
					       uint64_t address)
{
	const struct elf_symbol *best = NULL, *named;
	size_t n;

	named = elf_input_symbols_named(in, name, &n);
	for (size_t i = 0; i < n; i++) {
		const struct elf_symbol *s = &named[i];

		if (s->value != address)
			continue;
		if (!best || (s->type == STT_FUNC && best->type != STT_FUNC))
			best = s;
	}
	return best;
}

static int compare_addresses(const void *a, const void *b)
{
	const struct elf_symbol *x = *(const struct elf_symbol *const *)a;
	const struct elf_symbol *y = *(const struct elf_symbol *const *)b;

	if (x->value != y->value)
		return x->value < y->value ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

int elf_input_index_functions(const struct elf_input *in,
			      struct elf_function_index *index)
{
	size_t n = 0;

	memset(index, 0, sizeof(*index));
	for (size_t i = 0; i < in->n_symbols; i++)
		n += in->symbols[i].type == STT_FUNC;
	if (!n)
		return 0;
	index->functions = malloc(n * sizeof(*index->functions));
	if (!index->functions)
		return -ENOMEM;
	for (size_t i = 0; i < in->n_symbols; i++)
		if (in->symbols[i].type == STT_FUNC)
			index->functions[index->n_functions++] = &in->symbols[i];
	qsort(index->functions, n, sizeof(*index->functions),
	      compare_addresses);
	return 0;
}

void elf_function_index_free(struct elf_function_index *index)
{
	free(index->functions);
	memset(index, 0, sizeof(*index));
}

const struct elf_symbol *
elf_input_find_renamed_symbol(const struct elf_function_index *index,
			      const char *name, uint64_t address)
{
	size_t lo = 0, hi = index->n_functions, len = strlen(name);

	while (lo < hi) {		/* the first function not below address */
		size_t mid = lo + (hi - lo) / 2;

		if (index->functions[mid]->value < address)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < index->n_functions; lo++) {
		const struct elf_symbol *s = index->functions[lo];
		size_t slen = strlen(s->name);

		if (s->value != address)
			break;
		if (slen > len && !strcmp(s->name + slen - len, name))
			return s;
	}
	return NULL;
}

const struct elf_symbol *elf_input_symbols_named(const struct elf_input *in,
						 const char *name,
						 size_t *count)
{
	size_t lo = 0, hi = in->n_symbols, end;

	while (lo < hi) {		/* the first symbol not below name */
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(in->symbols[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (end = lo; end < in->n_symbols; end++)
		if (strcmp(in->symbols[end].name, name))
			break;
	*count = end - lo;
	return end > lo ? &in->symbols[lo] : NULL;
}

const struct elf_symbol *elf_input_find_typed(const struct elf_input *in,
					      const char *name, unsigned type)
{
	size_t n;
	const struct elf_symbol *s = elf_input_symbols_named(in, name, &n);

	for (size_t i = 0; i < n; i++)
		if (s[i].type == type)
			return &s[i];
	return NULL;
}

const char *elf_binding_name(unsigned binding)
{
	switch (binding) {
	case STB_GLOBAL:
	case STB_GNU_UNIQUE:
		return "global";
	case STB_LOCAL:
		return "local";
	case STB_WEAK:
		return "weak";
	default:
		return NULL;
	}
}

/* ---- open and close -------------------------------------------------------- */

/*
 * Read everything of in->elf, which elf_begin or elf_memory just made of
 * `size` bytes.
 */
static int read_elf(struct elf_input *in, uint64_t size, char *err,
		    size_t err_size)
{
	Elf *elf = in->elf;
	GElf_Ehdr ehdr;
	size_t shnum;
	int ret;

	if (!elf)
		return errmsg(err, err_size, -EINVAL, in->path, "%s",
			      elf_errmsg(-1));
	if (elf_kind(elf) != ELF_K_ELF)
		return errmsg(err, err_size, -EINVAL, in->path, "%s",
			      elf_kind(elf) == ELF_K_AR ?
			      "is an archive; give its members one by one" :
			      "not an ELF file");
	if (!gelf_getehdr(elf, &ehdr))
		return errmsg(err, err_size, -EINVAL, in->path, "%s",
			      elf_errmsg(-1));
	/*
	 * libelf sees no sections when their headers are cut off: check
	 * against the header's count (0 with extended numbering: then at
	 * least section 0 holds the count).
	 */
	if (elf_getshdrnum(elf, &shnum))
		return errmsg(err, err_size, -EINVAL, in->path, "%s",
			      elf_errmsg(-1));
	if (shnum < ehdr.e_shnum)
		shnum = ehdr.e_shnum;
	if (!shnum)
		shnum = 1;
	if (ehdr.e_shoff &&
	    (ehdr.e_shoff > size || (size - ehdr.e_shoff) /
	     (ehdr.e_shentsize ? ehdr.e_shentsize : 1) < shnum))
		return errmsg(err, err_size, -EINVAL, in->path,
			      "truncated: its section headers (%zu at offset %llu) end past its end (%llu bytes)",
			      shnum, (unsigned long long)ehdr.e_shoff,
			      (unsigned long long)size);
	in->type = ehdr.e_type;
	in->machine = ehdr.e_machine;
	in->addr_size = gelf_getclass(elf) == ELFCLASS32 ? 4 : 8;
	in->big_endian = ehdr.e_ident[EI_DATA] == ELFDATA2MSB;

	ret = read_sections(in, err, err_size);
	if (!ret)
		ret = read_symbols(in, err, err_size);
	return ret;
}

/* libelf's version handshake, once a process (opens may run in threads). */
static pthread_once_t libelf_once = PTHREAD_ONCE_INIT;
static bool libelf_ready;

static void start_libelf(void)
{
	libelf_ready = elf_version(EV_CURRENT) != EV_NONE;
}

static bool libelf_started(void)
{
	pthread_once(&libelf_once, start_libelf);
	return libelf_ready;
}

static bool same_stat(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
	       a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

int elf_input_open(const char *path, struct elf_input **out, char *err,
		   size_t err_size)
{
	struct elf_input *in;
	struct stat after;
	int ret;

	*out = NULL;
	if (!libelf_started())
		return errmsg(err, err_size, -EINVAL, path, "libelf: %s",
			      elf_errmsg(-1));
	in = calloc(1, sizeof(*in));
	if (!in)
		return errmsg(err, err_size, -ENOMEM, path, "out of memory");
	in->path = path;
	in->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (in->fd < 0 || fstat(in->fd, &in->stat)) {
		ret = -errno;
		errmsg(err, err_size, ret, path, "%s", strerror(-ret));
		if (in->fd >= 0)
			close(in->fd);
		free(in);
		return ret;
	}
	/* A directory or a pipe has no ELF image to read: say what it is. */
	if (!S_ISREG(in->stat.st_mode)) {
		ret = S_ISDIR(in->stat.st_mode) ? -EISDIR : -EINVAL;
		errmsg(err, err_size, ret, path, "%s",
		       S_ISDIR(in->stat.st_mode) ? "a directory, not an ELF file"
						 : "not a regular file");
		close(in->fd);
		free(in);
		return ret;
	}
	/*
	 * Read, not mapped: a file cut short while it is read gives an error
	 * from libelf, where a mapping would give SIGBUS.
	 */
	in->elf = elf_begin(in->fd, ELF_C_READ, NULL);
	ret = read_elf(in, (uint64_t)in->stat.st_size, err, err_size);
	if (!ret && (fstat(in->fd, &after) || !same_stat(&in->stat, &after)))
		ret = errmsg(err, err_size, -EAGAIN, path,
			     "changed while being read");
	if (ret) {
		elf_input_close(in);
		return ret;
	}
	*out = in;
	return 0;
}

int elf_input_open_memory(const char *name, void *image, size_t size,
			  struct elf_input **out, char *err, size_t err_size)
{
	struct elf_input *in;
	int ret;

	*out = NULL;
	if (!libelf_started())
		return errmsg(err, err_size, -EINVAL, name, "libelf: %s",
			      elf_errmsg(-1));
	in = calloc(1, sizeof(*in));
	if (!in)
		return errmsg(err, err_size, -ENOMEM, name, "out of memory");
	in->path = name;
	in->fd = -1;
	in->elf = elf_memory(image, size);
	ret = read_elf(in, size, err, err_size);
	if (ret) {
		elf_input_close(in);
		return ret;
	}
	*out = in;
	return 0;
}

bool elf_input_unchanged(const struct elf_input *in)
{
	struct stat now;

	return in->fd < 0 ||
	       (!stat(in->path, &now) && same_stat(&in->stat, &now));
}

void elf_input_close(struct elf_input *in)
{
	if (!in)
		return;
	for (size_t i = 0; i < in->n_sections; i++)
		free(in->sections[i].data);
	free(in->sections);
	free(in->symbols);
	if (in->elf)
		elf_end(in->elf);
	if (in->fd >= 0)
		close(in->fd);
	free(in);
}
