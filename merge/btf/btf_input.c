// SPDX-License-Identifier: MIT
/*
 * btf_input.c — read and check the BTF that truesig extends.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/libbpf.h>
#include <linux/btf.h>

#include "btf_input.h"
#include "btf_prune.h"
#include "errmsg.h"

/* libbpf's last message, for our own ones. */
static char libbpf_message[256];

static int capture(enum libbpf_print_level level, const char *fmt,
		   va_list ap)
{
	char *nl;

	(void)level;
	vsnprintf(libbpf_message, sizeof(libbpf_message), fmt, ap);
	nl = strchr(libbpf_message, '\n');
	if (nl)
		*nl = '\0';
	if (!strncmp(libbpf_message, "libbpf: ", 8))
		memmove(libbpf_message, libbpf_message + 8,
			strlen(libbpf_message + 8) + 1);
	return 0;
}

/* A libbpf failure: its message if it said one, else errno's text. */
static const char *why(int err)
{
	static char buf[300];

	if (libbpf_message[0])
		snprintf(buf, sizeof(buf), "%s", libbpf_message);
	else
		snprintf(buf, sizeof(buf), "%s", strerror(err < 0 ? -err : err));
	return buf;
}

/* ---- checking types -------------------------------------------------------- */

struct check {
	const struct btf *btf;
	uint32_t	 id;		/* the type being checked */
	unsigned	 kind;
	uint32_t	 count;		/* btf__type_cnt */
	bool		 said;		/* err holds the reason */
	char		*err;
	size_t		 err_size;
};

/* May a type of kind `from` refer, through this field, to type `to`? */
static bool reference_ok(unsigned from, const struct btf_type *to)
{
	unsigned kind = to ? btf_kind(to) : BTF_KIND_UNKN;

	switch (from) {
	case BTF_KIND_FUNC:
		return kind == BTF_KIND_FUNC_PROTO;
	case BTF_KIND_DECL_TAG:
		return kind == BTF_KIND_STRUCT || kind == BTF_KIND_UNION ||
		       kind == BTF_KIND_FUNC || kind == BTF_KIND_VAR ||
		       kind == BTF_KIND_TYPEDEF;
	case BTF_KIND_DATASEC:
		return kind == BTF_KIND_VAR || kind == BTF_KIND_FUNC;
	default:
		return kind != BTF_KIND_FUNC && kind != BTF_KIND_VAR &&
		       kind != BTF_KIND_DATASEC && kind != BTF_KIND_DECL_TAG;
	}
}

static int check_id(uint32_t *id, void *ctx)
{
	struct check *c = ctx;
	const struct btf_type *to;

	c->said = true;
	if (*id >= c->count)
		return errmsg(c->err, c->err_size, -EINVAL, NULL,
			      "type %u refers to type %u, which does not exist",
			      c->id, *id);
	to = *id ? btf__type_by_id(c->btf, *id) : NULL;
	c->said = !reference_ok(c->kind, to);
	if (c->said)
		return errmsg(c->err, c->err_size, -EINVAL, NULL,
			      "type %u (kind %u) refers to type %u of kind %u",
			      c->id, c->kind, *id, to ? btf_kind(to) : 0);
	return 0;
}

static bool string_ok(const struct btf *btf, uint32_t off, bool start)
{
	const char *s = btf__str_by_offset(btf, off);

	if (!s)
		return false;
	if (!start || !off)
		return true;
	s = btf__str_by_offset(btf, off - 1);
	return s && !s[0];
}

static int check_names(struct check *c, const struct btf_type *t,
		       bool start)
{
	unsigned n = btf_vlen(t);

	if (!string_ok(c->btf, t->name_off, start))
		goto bad;
	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		for (unsigned i = 0; i < n; i++)
			if (!string_ok(c->btf, btf_members(t)[i].name_off, start))
				goto bad;
		break;
	case BTF_KIND_ENUM:
		for (unsigned i = 0; i < n; i++)
			if (!string_ok(c->btf, btf_enum(t)[i].name_off, start))
				goto bad;
		break;
	case BTF_KIND_ENUM64:
		for (unsigned i = 0; i < n; i++)
			if (!string_ok(c->btf, btf_enum64(t)[i].name_off, start))
				goto bad;
		break;
	case BTF_KIND_FUNC_PROTO:
		for (unsigned i = 0; i < n; i++)
			if (!string_ok(c->btf, btf_params(t)[i].name_off, start))
				goto bad;
		break;
	default:
		break;
	}
	return 0;
bad:
	return errmsg(c->err, c->err_size, -EINVAL, NULL,
		      "type %u has a name that is not a string of the BTF",
		      c->id);
}

static uint32_t u32_at(const uint8_t *p, bool swap)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return swap ? __builtin_bswap32(v) : v;
}

/*
 * The fields every BTF header has, magic to str_len: 24 bytes.  Newer
 * kernel headers declare a longer struct btf_header (a layout section
 * after the strings), so its sizeof is not the smallest header.
 */
#define BTF_HEADER_MIN 24

/* The header at p (at least BTF_HEADER_MIN bytes), in either byte order,
   as numbers; fields past str_len are 0. */
static struct btf_header header_at(const uint8_t *p)
{
	struct btf_header h = { 0 };
	uint16_t magic;
	bool swap;

	memcpy(&magic, p, 2);
	swap = magic == __builtin_bswap16(BTF_MAGIC);
	h.magic = BTF_MAGIC;
	h.version = p[2];
	h.flags = p[3];
	h.hdr_len = u32_at(p + 4, swap);
	h.type_off = u32_at(p + 8, swap);
	h.type_len = u32_at(p + 12, swap);
	h.str_off = u32_at(p + 16, swap);
	h.str_len = u32_at(p + 20, swap);
	return h;
}

/*
 * The header's sections must be the types right after the header and the
 * strings right after them, filling the rest: the kernel refuses a gap,
 * an overlap or bytes after them, and libbpf, when it adds types, writes
 * them back to back but keeps the header's offsets, which then lie.
 */
static int check_layout(const struct btf *btf, char *err, size_t err_size)
{
	uint32_t size;
	const uint8_t *p = btf__raw_data(btf, &size);
	struct btf_header h;

	if (!p)
		return errmsg(err, err_size, -ENOMEM, NULL, "out of memory");
	if (size < BTF_HEADER_MIN)
		return errmsg(err, err_size, -EINVAL, NULL, "header cut short");
	h = header_at(p);
	if (h.type_off != 0 || h.str_off != h.type_len ||
	    (uint64_t)h.hdr_len + h.type_len + h.str_len != size)
		return errmsg(err, err_size, -EINVAL, NULL,
			      "its sections are not types then strings, back to back after the header: "
			      "types at %u (%u bytes), strings at %u (%u bytes), %u bytes after the header",
			      h.type_off, h.type_len, h.str_off, h.str_len,
			      size > h.hdr_len ? size - h.hdr_len : 0);
	return 0;
}

int btf_input_check(const struct btf *btf, bool split_names, char *err,
		    size_t err_size)
{
	const struct btf *base = btf__base_btf(btf);
	struct check c = {
		.btf = btf, .count = btf__type_cnt(btf), .err = err,
		.err_size = err_size,
	};
	int ret = check_layout(btf, err, err_size);

	if (ret)
		return ret;

	for (c.id = base ? btf__type_cnt(base) : 1; c.id < c.count; c.id++) {
		/* visiting never writes: it only hands out the fields */
		struct btf_type *t = (struct btf_type *)btf__type_by_id(btf, c.id);

		c.kind = btf_kind(t);
		ret = check_names(&c, t, split_names);
		if (ret)
			return ret;
		if (c.kind == BTF_KIND_DECL_TAG &&
		    btf_decl_tag(t)->component_idx < -1)
			return errmsg(err, err_size, -EINVAL, NULL,
				      "type %u: decl tag component %d", c.id,
				      btf_decl_tag(t)->component_idx);
		c.said = false;
		ret = btf_visit_type_ids(t, check_id, &c);
		if (ret && !c.said)
			ret = errmsg(err, err_size, ret, NULL,
				     "type %u: unknown kind %u", c.id, c.kind);
		if (ret)
			return ret;
	}
	return 0;
}

/* ---- the file's .BTF section ----------------------------------------------- */

struct section_info {
	bool		 found;
	bool		 alloc;
	bool		 compressed;
	bool		 nobits;
	uint64_t	 size;
	bool		 split;		/* its strings do not start with "" */
};

static int find_btf_section(Elf *e, struct section_info *s)
{
	size_t shstrndx;

	memset(s, 0, sizeof(*s));
	if (elf_getshdrstrndx(e, &shstrndx))
		return -EINVAL;
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn));) {
		GElf_Shdr sh;
		const char *name;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh))
			return -EINVAL;
		name = elf_strptr(e, shstrndx, sh.sh_name);
		if (!name || strcmp(name, ".BTF"))
			continue;
		s->found = true;
		s->alloc = sh.sh_flags & SHF_ALLOC;
		s->compressed = sh.sh_flags & SHF_COMPRESSED;
		s->nobits = sh.sh_type == SHT_NOBITS;
		s->size = sh.sh_size;
		if (s->compressed || s->nobits)
			return 0;
		d = elf_getdata(scn, NULL);
		if (d && d->d_size >= BTF_HEADER_MIN) {
			const uint8_t *p = d->d_buf;
			struct btf_header h = header_at(p);

			if ((uint64_t)h.hdr_len + h.str_off + h.str_len <=
			    d->d_size)
				s->split = !h.str_len || p[h.hdr_len + h.str_off];
		}
		return 0;
	}
	return 0;
}

static int find_section(const struct elf_input *elf, struct section_info *s)
{
	return find_btf_section(elf->elf, s);
}

/* Whether the ELF file at path has no .BTF section, as truesig reads it,
   not as the version of libbpf at hand reports it. */
static bool elf_file_lacks_btf(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct section_info s;
	bool lacks = false;
	Elf *e;

	if (fd < 0)
		return false;
	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (e && elf_kind(e) == ELF_K_ELF)
		lacks = !find_btf_section(e, &s) && !s.found;
	elf_end(e);
	close(fd);
	return lacks;
}

static bool is_elf_file(const char *path)
{
	unsigned char magic[SELFMAG];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	bool elf;

	if (fd < 0)
		return false;
	elf = read(fd, magic, SELFMAG) == SELFMAG &&
	      !memcmp(magic, ELFMAG, SELFMAG);
	close(fd);
	return elf;
}

/* Read BTF_OR_ELF at path, split on base when not NULL (see the header),
   and check it unless `trusted`; `role` ends the message of a file without
   .BTF. */
static int read_btf(const char *path, struct btf *base, const char *role,
		    bool trusted, struct btf **out, char *err, size_t err_size)
{
	struct stat st;
	struct btf *b;
	int ret;

	*out = NULL;
	libbpf_set_print(capture);
	if (access(path, R_OK))
		return errmsg(err, err_size, -errno, path, "%s",
			      strerror(errno));
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return errmsg(err, err_size, -EISDIR, path,
			      "a directory, not BTF nor an ELF file");
	libbpf_message[0] = '\0';
	if (is_elf_file(path)) {
		if (elf_file_lacks_btf(path))
			return errmsg(err, err_size, -ENOENT, path,
				      "no .BTF section%s", role);
		b = base ? btf__parse_elf_split(path, base) :
			   btf__parse_elf(path, NULL);
	} else {
		b = base ? btf__parse_raw_split(path, base) :
			   btf__parse_raw(path);
	}
	if (!b)
		return errmsg(err, err_size, -errno, path,
			      "not BTF, nor an ELF file with a .BTF section (%s)",
			      why(errno));
	ret = trusted ? 0 : btf_input_check(b, base != NULL, err, err_size);
	if (ret) {
		char inner[512];

		snprintf(inner, sizeof(inner), "%s", err);
		btf__free(b);
		return errmsg(err, err_size, ret, path, "bad BTF: %s", inner);
	}
	*out = b;
	return 0;
}

int btf_input_read(const char *path, struct btf *base, struct btf **out,
		   char *err, size_t err_size)
{
	return read_btf(path, base, "", false, out, err, err_size);
}

/*
 * The kernel's BTF in /sys/kernel/btf is mapped where the kernel allows it
 * (read-only and private, from Linux 6.16): libbpf then copies it once
 * instead of reading it 4 KiB at a time into a buffer it copies again,
 * which halves the time `truesig find --running` takes.  NULL where it
 * cannot be mapped, and for split BTF (a module's, small): libbpf 1.1
 * does not export btf__new_split.
 */
static struct btf *map_kernel_btf(const char *path, struct btf *base)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	struct btf *b = NULL;
	void *data;

	if (fd < 0 || base) {
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	if (fstat(fd, &st) == 0 && st.st_size > 0 && st.st_size <= UINT32_MAX) {
		data = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE,
			    fd, 0);
		if (data != MAP_FAILED) {
			b = btf__new(data, (uint32_t)st.st_size);
			munmap(data, (size_t)st.st_size);
		}
	}
	close(fd);
	return b;
}

int btf_input_read_kernel(const char *path, struct btf *base,
			  struct btf **out, char *err, size_t err_size)
{
	libbpf_set_print(capture);
	*out = map_kernel_btf(path, base);
	if (*out)
		return 0;
	return read_btf(path, base, "", true, out, err, err_size);
}

static int open_base(const char *base_path, struct btf **base, char *err,
		     size_t err_size)
{
	return read_btf(base_path, NULL, " to use as base", false, base, err,
			err_size);
}

int btf_input_open(const struct elf_input *elf, const char *btf_path,
		   const char *base_path, struct btf_input *in, char *err,
		   size_t err_size)
{
	const char *path = elf->path;
	struct section_info s;
	char inner[512];
	int ret;

	memset(in, 0, sizeof(*in));
	err[0] = '\0';
	libbpf_set_print(capture);
	if (find_section(elf, &s))
		return errmsg(err, err_size, -EINVAL, path, "%s",
			      elf_errmsg(-1));
	in->has_section = s.found;
	in->section_alloc = s.alloc;
	in->section_size = s.size;
	if (s.found && (s.compressed || s.nobits))
		return errmsg(err, err_size, -EINVAL, path,
			      ".BTF is %s; truesig cannot extend it",
			      s.nobits ? "empty (SHT_NOBITS)" : "compressed");

	if (base_path) {
		ret = open_base(base_path, &in->base, err, err_size);
		if (ret)
			return ret;
	}
	if (btf_path) {
		ret = read_btf(btf_path, in->base, "", false, &in->btf, err,
			       err_size);
		if (ret)
			btf_input_close(in);
		return ret;
	}
	if (s.found && s.split && !in->base) {
		btf_input_close(in);
		return errmsg(err, err_size, -EINVAL, path,
			      "its .BTF is split BTF: give its base with --base");
	}
	if (s.found && !s.split && in->base) {
		btf_input_close(in);
		return errmsg(err, err_size, -EINVAL, path,
			      "base BTF %s does not belong: its .BTF is complete, not split BTF",
			      base_path);
	}

	libbpf_message[0] = '\0';
	if (s.found) {
		in->btf = in->base ? btf__parse_elf_split(path, in->base) :
				     btf__parse_elf(path, NULL);
		if (!in->btf) {
			ret = -errno;
			snprintf(inner, sizeof(inner), "%s", why(ret));
		} else {
			ret = btf_input_check(in->btf, !!in->base, inner,
					      sizeof(inner));
		}
		if (ret) {
			btf_input_close(in);
			if (base_path)
				return errmsg(err, err_size, ret, path,
					      "base BTF %s does not belong: %s",
					      base_path, inner);
			return errmsg(err, err_size, ret, path, "bad .BTF: %s",
				      inner);
		}
		return 0;
	}

	if (in->base) {
		enum btf_endianness want = elf->big_endian ? BTF_BIG_ENDIAN :
							     BTF_LITTLE_ENDIAN;
		size_t ptr = btf__pointer_size(in->base);

		if (btf__endianness(in->base) != want) {
			btf_input_close(in);
			return errmsg(err, err_size, -EINVAL, path,
				      "base BTF %s does not belong: it is %s-endian, the file %s-endian",
				      base_path,
				      want == BTF_BIG_ENDIAN ? "little" : "big",
				      want == BTF_BIG_ENDIAN ? "big" : "little");
		}
		if (ptr && ptr != elf->addr_size) {
			btf_input_close(in);
			return errmsg(err, err_size, -EINVAL, path,
				      "base BTF %s does not belong: it describes a %zu-bit target, the file is %u-bit",
				      base_path, ptr * 8, elf->addr_size * 8);
		}
		in->btf = btf__new_empty_split(in->base);
	} else {
		in->btf = btf__new_empty();
	}
	if (!in->btf) {
		btf_input_close(in);
		return errmsg(err, err_size, -ENOMEM, path, "out of memory");
	}
	btf__set_endianness(in->btf, elf->big_endian ? BTF_BIG_ENDIAN :
						       BTF_LITTLE_ENDIAN);
	btf__set_pointer_size(in->btf, elf->addr_size);
	return 0;
}

void btf_input_close(struct btf_input *in)
{
	btf__free(in->btf);
	btf__free(in->base);
	memset(in, 0, sizeof(*in));
}
