// SPDX-License-Identifier: MIT
/*
 * test-records.c — truesig_parse() on valid and malformed section images.
 *
 * The sample unit (section_builder.h), little-endian, 64-bit, lies out as:
 *   0x000 header          0x030 type 1 .. 0x0f8 type 11 (20 bytes each)
 *   0x110 record 0 (foo.isra.0, 272 bytes): source params at 0x150,
 *         params at 0x1b0, locations at 0x1f0
 *   0x220 record 1 (foo.cold, 64 bytes)
 *   0x260 string table (123 bytes), zero padding to 0x2e0 (736 bytes)
 */
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>

#include "records.h"
#include "section_builder.h"
#include "test_util.h"

#define HDR(field)	offsetof(struct ts_unit_header, field)
#define REC(field)	offsetof(struct ts_record, field)
#define SRC(field)	(sizeof(struct ts_record) + \
			 offsetof(struct ts_source_param, field))
#define PAR(i, field)	(sizeof(struct ts_record) + \
			 4 * sizeof(struct ts_source_param) + \
			 (i) * sizeof(struct ts_param) + \
			 offsetof(struct ts_param, field))
#define LOC(i, field)	(sizeof(struct ts_record) + \
			 4 * sizeof(struct ts_source_param) + \
			 2 * sizeof(struct ts_param) + \
			 (i) * sizeof(struct ts_location) + \
			 offsetof(struct ts_location, field))
#define TYPE(i, field)	(((i) - 1) * sizeof(struct ts_type) + \
			 offsetof(struct ts_type, field))

/* Build the sample unit into out. */
static void sample(struct sb_buf *out, bool big_endian, unsigned addr_size,
		   struct sb_layout *layout)
{
	struct sb_unit u;

	sb_unit_init(&u, big_endian, addr_size, big_endian ? 183 : 62);
	sb_sample_types(&u);
	sb_sample_records(&u, addr_size == 8 ? 0xffffffff81001230ULL :
			  0x08049230, addr_size == 8 ? 0x1000 : 0x2000);
	sb_finish(&u, out, layout);
	sb_unit_free(&u);
}

static int parse(const struct sb_buf *img, struct truesig_section **s,
		 char *err, size_t err_size)
{
	return truesig_parse(img->data, img->len, s, err, err_size);
}

/* ---- valid images ---------------------------------------------------------- */

/* Check the sample's model; returns a complaint or NULL. */
static const char *check_sample(const struct truesig_section *s,
				unsigned addr_size, bool big_endian)
{
	const struct truesig_unit *u;
	const struct truesig_record *r, *c;

	if (s->n_units != 1)
		return "not one unit";
	u = &s->units[0];
	if (u->byte_order != (big_endian ? TRUESIG_BIG_ENDIAN :
			      TRUESIG_LITTLE_ENDIAN) ||
	    u->addr_size != addr_size || u->machine != (big_endian ? 183 : 62))
		return "unit header fields";
	if (strcmp(u->producer, "GCC 12.2.0, truesig 2") ||
	    strcmp(u->name, "test.c"))
		return "unit strings";
	if (u->n_types != 12 || u->types[SB_T_FUNC].kind != TS_TYPE_FUNC ||
	    u->types[SB_T_FUNC].count != 2 ||
	    u->types[SB_T_ARRAY].count != 16 ||
	    strcmp(u->types[SB_T_STRUCT_S].name, "s") ||
	    u->types[SB_T_STRUCT_S].size != 8)
		return "types";
	if (u->n_records != 2)
		return "record count";
	r = &u->records[0];
	c = &u->records[1];
	if (strcmp(r->symbol, "foo.isra.0") || strcmp(r->function, "foo") ||
	    strcmp(r->decl_file, "test.c") || r->decl_line != 3 ||
	    r->flags != TS_RF_CHANGED || r->return_type != SB_T_INT ||
	    r->source_return_type != SB_T_INT ||
	    r->n_kinds != 1 || r->kinds[0] != TS_KIND_ISRA || r->unit != u ||
	    r->offset != 0x110)
		return "record 0 fields";
	if (r->address != (addr_size == 8 ? 0xffffffff81001230ULL : 0x08049230))
		return "record 0 address";
	if (r->n_source_params != 4 || r->n_params != 2 ||
	    r->n_locations != 3 || r->return_locs != 1)
		return "record 0 counts";
	if (strcmp(r->source_params[1].name, "p") ||
	    r->source_params[1].fate != TS_FATE_SPLIT ||
	    r->source_params[3].const_kind != TS_CONST_SIGNED ||
	    (int64_t)r->source_params[3].const_value != -5)
		return "record 0 source params";
	if (r->params[1].how != TS_HOW_VALUE_PIECE ||
	    r->params[1].source != 1 || strcmp(r->params[1].path, "p.b") ||
	    strcmp(r->params[1].name, "ISRA.3") || r->params[1].offset != 4 ||
	    r->params[1].loc_first != 2 || r->params[1].loc_count != 1 ||
	    r->params[0].path[0])
		return "record 0 params";
	if (strcmp(truesig_return_locs(r)[0].reg_name, "eax") ||
	    r->locations[1].value != 5 ||
	    truesig_param_locs(r, &r->params[1])->kind != TS_LOC_STACK ||
	    truesig_param_locs(r, &r->params[1])->value != 8 ||
	    r->locations[2].reg_name[0])
		return "record 0 locations";
	if (strcmp(c->symbol, "foo.cold") || strcmp(c->parent, "foo.isra.0") ||
	    !(c->flags & TS_RF_COLD_FRAGMENT) || c->n_kinds != 2 ||
	    c->kinds[1] != TS_KIND_COLD || c->n_params || c->params ||
	    c->address != (addr_size == 8 ? 0x1000 : 0x2000))
		return "record 1";
	return NULL;
}

static void test_valid(const char *name, bool big_endian, unsigned addr_size)
{
	struct truesig_section *s;
	struct sb_buf img = { 0 };
	const char *problem;
	char err[256];
	int ret;

	sample(&img, big_endian, addr_size, NULL);
	ret = parse(&img, &s, err, sizeof(err));
	if (ret) {
		fail(name, "parse failed (%d): %s", ret, err);
	} else {
		problem = check_sample(s, addr_size, big_endian);
		if (problem)
			fail(name, "wrong %s", problem);
		else
			pass(name);
		truesig_section_free(s);
	}
	sb_free(&img);
}

static void test_units(const char *name, size_t padding, size_t trailing,
		       bool second_big_endian)
{
	struct truesig_section *s = NULL;
	struct sb_buf img = { 0 };
	char err[256];
	int ret;

	sample(&img, false, 8, NULL);
	sb_append(&img, NULL, padding);
	sample(&img, second_big_endian, 4, NULL);
	sb_append(&img, NULL, trailing);
	ret = parse(&img, &s, err, sizeof(err));
	if (ret)
		fail(name, "parse failed (%d): %s", ret, err);
	else if (s->n_units != 2 || s->units[1].offset != 0x2e0 + padding ||
		 s->units[1].addr_size != 4 ||
		 s->units[1].records[1].address != 0x2000 ||
		 s->units[0].records[0].address != 0xffffffff81001230ULL)
		fail(name, "wrong units (%zu)", s->n_units);
	else
		pass(name);
	truesig_section_free(s);
	sb_free(&img);
}

/* More units than the reader's first allocation: every record must still
   point at its own unit (a linked file holds hundreds). */
static void test_many_units(void)
{
	const char *name = "many_units";
	struct truesig_section *s = NULL;
	struct sb_buf img = { 0 };
	char err[256];
	size_t n = 37;

	for (size_t i = 0; i < n; i++)
		sample(&img, i % 3 == 1, i % 2 ? 4 : 8, NULL);
	if (parse(&img, &s, err, sizeof(err))) {
		fail(name, "parse failed: %s", err);
	} else if (s->n_units != n) {
		fail(name, "%zu units, expected %zu", s->n_units, n);
	} else {
		bool ok = true;

		for (size_t i = 0; i < s->n_units; i++)
			for (uint32_t j = 0; j < s->units[i].n_records; j++)
				if (s->units[i].records[j].unit != &s->units[i])
					ok = false;
		if (ok)
			pass(name);
		else
			fail(name, "a record points at another unit");
	}
	truesig_section_free(s);
	sb_free(&img);
}

static void test_empty(void)
{
	static const uint8_t zeros[64];
	struct truesig_section *s;
	char err[256];

	if (truesig_parse(NULL, 0, &s, err, sizeof(err)) || s->n_units)
		fail("empty_section", "%s", err);
	else
		pass("empty_section");
	truesig_section_free(s);
	if (truesig_parse(zeros, sizeof(zeros), &s, err, sizeof(err)) ||
	    s->n_units)
		fail("all_zero_section", "%s", err);
	else
		pass("all_zero_section");
	truesig_section_free(s);
}

/* A text constant, a new parameter, indirect locations, sret and chain. */
static void test_valid_extras(void)
{
	const char *name = "valid_extras";
	struct sb_record r = {
		.address = 0x40, .symbol = "bar.constprop.0",
		.function = "bar", .return_type = 0,
		.kinds = { TS_KIND_CONSTPROP, TS_KIND_PART },
		.flags = TS_RF_VARARGS | TS_RF_INCOMPLETE,
		.n_source_params = 1,
		.source_params = {
			{ "cb", SB_T_PTR_FUNC, TS_FATE_CONSTANT, TS_CONST_TEXT,
			  0, "&handler" },
		},
		.n_params = 1,
		.params = {
			{ NULL, SB_T_INT, 4, TS_HOW_NEW, TS_NO_SOURCE, NULL, 0,
			  2, 1 },
		},
		.n_locations = 3,
		.locations = {
			{ TS_LOC_REG_INDIRECT, 8, "rdi", 5, 0 },
			{ TS_LOC_REG, 8, "r10", 10, 0 },
			{ TS_LOC_STACK_INDIRECT, 16, NULL, 8, 0 },
		},
		.sret_locs = 1, .chain_locs = 1,
	};
	struct truesig_section *s = NULL;
	const struct truesig_record *rec;
	struct sb_buf img = { 0 };
	struct sb_unit u;
	char err[256];

	sb_unit_init(&u, false, 8, 62);
	sb_sample_types(&u);
	sb_record(&u, &r);
	sb_finish(&u, &img, NULL);
	sb_unit_free(&u);

	if (parse(&img, &s, err, sizeof(err))) {
		fail(name, "parse failed: %s", err);
		goto out;
	}
	rec = &s->units[0].records[0];
	if (strcmp(rec->source_params[0].const_text, "&handler") ||
	    rec->params[0].source != TS_NO_SOURCE || rec->n_kinds != 2 ||
	    truesig_sret_locs(rec)->kind != TS_LOC_REG_INDIRECT ||
	    strcmp(truesig_chain_locs(rec)->reg_name, "r10") ||
	    truesig_param_locs(rec, &rec->params[0])->size != 16)
		fail(name, "wrong model");
	else
		pass(name);
out:
	truesig_section_free(s);
	sb_free(&img);
}

/* ---- known pieces ---------------------------------------------------------- */

/*
 *   static int get(struct s p, int *q);    // q's pointee is known: 7
 * IPA-CP knows p.a (7) and *q (the text "&x"); p.b is passed.
 */
static const struct sb_record known_record = {
	.address = 0x80, .symbol = "get.constprop.0.isra.0",
	.function = "get", .return_type = SB_T_INT,
	.source_return_type = SB_T_INT,
	.kinds = { TS_KIND_CONSTPROP, TS_KIND_ISRA },
	.flags = TS_RF_CHANGED,
	.n_source_params = 2,
	.source_params = {
		{ "p", SB_T_STRUCT_S, TS_FATE_SPLIT, TS_CONST_PIECES, 0, NULL },
		{ "q", SB_T_PTR_INT, TS_FATE_CONSTANT, TS_CONST_PIECES, 0,
		  NULL },
	},
	.n_params = 1,
	.params = {
		{ "ISRA.1", SB_T_INT, 4, TS_HOW_VALUE_PIECE, 0, "p.b", 4, 0,
		  0 },
	},
	.n_known_pieces = 2,
	.known_pieces = {
		{ 0, TS_HOW_VALUE_PIECE, TS_CONST_SIGNED, 0, 4, SB_T_INT,
		  "p.a", (uint64_t)-7, NULL },
		{ 1, TS_HOW_POINTER_PIECE, TS_CONST_TEXT, 0, 8, SB_T_PTR_INT,
		  "*q", 0, "&x" },
	},
};

/* Parse one unit of the sample types and record r, made as `version`. */
static int parse_one(const struct sb_record *r, unsigned version,
		     struct truesig_section **s, char *err, size_t err_size)
{
	struct sb_buf img = { 0 };
	struct sb_layout l;
	struct sb_unit u;
	int ret;

	sb_unit_init(&u, false, 8, 62);
	sb_sample_types(&u);
	sb_record(&u, r);
	sb_finish(&u, &img, &l);
	sb_unit_free(&u);
	img.data[l.unit + offsetof(struct ts_unit_header, version)] = version;
	ret = parse(&img, s, err, err_size);
	sb_free(&img);
	return ret;
}

static void test_known_pieces(void)
{
	const char *name = "known_pieces";
	struct truesig_section *s = NULL;
	const struct truesig_record *rec;
	const struct truesig_known_piece *k;
	char err[256];

	if (parse_one(&known_record, TRUESIG_VERSION, &s, err, sizeof(err))) {
		fail(name, "parse failed: %s", err);
		return;
	}
	rec = &s->units[0].records[0];
	k = rec->known_pieces;
	if (rec->n_known_pieces != 2 || k[0].source != 0 ||
	    (int64_t)k[0].value != -7 || strcmp(k[0].path, "p.a") ||
	    k[1].how != TS_HOW_POINTER_PIECE || strcmp(k[1].text, "&x") ||
	    strcmp(k[1].path, "*q") ||
	    rec->source_params[1].const_kind != TS_CONST_PIECES)
		fail(name, "wrong model");
	else
		pass(name);
	truesig_section_free(s);
}

/* known_record changed by `change`, refused with a message ending so. */
static void expect_known_error(const char *name, unsigned version,
			       void (*change)(struct sb_record *),
			       const char *ending)
{
	struct sb_record r = known_record;
	struct truesig_section *s = NULL;
	char err[512];
	size_t n = strlen(ending);

	if (change)
		change(&r);
	if (!parse_one(&r, version, &s, err, sizeof(err))) {
		fail(name, "parsed; expected \"...%s\"", ending);
		truesig_section_free(s);
	} else if (strlen(err) < n || strcmp(err + strlen(err) - n, ending))
		fail(name, "got \"%s\", expected \"...%s\"", err, ending);
	else
		pass(name);
}

static void unsorted(struct sb_record *r)
{
	r->known_pieces[1] = r->known_pieces[0];
	r->known_pieces[0] = known_record.known_pieces[1];
}
static void source_out_of_range(struct sb_record *r) { r->known_pieces[1].source = 2; }
static void how_copy(struct sb_record *r) { r->known_pieces[0].how = TS_HOW_COPY; }
static void kind_pieces(struct sb_record *r) { r->known_pieces[0].const_kind = TS_CONST_PIECES; }
static void past_value(struct sb_record *r) { r->known_pieces[0].offset = 6; }
static void of_removed(struct sb_record *r)
{
	r->source_params[1].fate = TS_FATE_REMOVED;
	r->source_params[1].const_kind = TS_CONST_NONE;
}
static void none_listed(struct sb_record *r) { r->n_known_pieces = 1; }
static void bad_type(struct sb_record *r) { r->known_pieces[0].type = 99; }

static void test_known_pieces_bad(void)
{
	expect_known_error("known_pieces_in_version_1", 1, NULL,
			   "reserved field is not zero (known pieces in a version 1 unit)");
	expect_known_error("known_pieces_unsorted", TRUESIG_VERSION, unsorted,
			   "known piece 1: not after the previous piece (by source, then offset)");
	expect_known_error("known_piece_source_out_of_range", TRUESIG_VERSION,
			   source_out_of_range,
			   "known piece 1: source 2 out of range (2 source params)");
	expect_known_error("known_piece_how_copy", TRUESIG_VERSION, how_copy,
			   "known piece 0: how 1 is not a value or pointer piece");
	expect_known_error("known_piece_kind_pieces", TRUESIG_VERSION,
			   kind_pieces,
			   "known piece 0: const_kind 4 is not signed, unsigned or text");
	expect_known_error("known_piece_past_value", TRUESIG_VERSION,
			   past_value,
			   "known piece 0: bytes 6+4 past its source param's 8");
	expect_known_error("known_piece_of_removed", TRUESIG_VERSION,
			   of_removed,
			   "known piece 1: its source param 1 is removed without a constant");
	expect_known_error("known_pieces_none_listed", TRUESIG_VERSION,
			   none_listed,
			   "source param 1 has known pieces but none is listed");
	expect_known_error("known_piece_bad_type", TRUESIG_VERSION, bad_type,
			   "known piece 0: type index 99 out of range (the unit has 11 types)");
}

/* ---- malformed images ------------------------------------------------------ */

enum base { AT_UNIT, AT_TYPES, AT_RECORD0, AT_RECORD1, AT_STRINGS };

struct patch {
	enum base	 base;
	size_t		 offset;
	unsigned	 width;		/* 0: no patch */
	uint64_t	 value;
};

struct bad_case {
	const char	*name;
	struct patch	 patches[3];
	int		 code;
	const char	*message;
};

static const struct bad_case bad_cases[] = {
	{ "unknown_version", { { AT_UNIT, HDR(version), 1, 3 } }, -ENOTSUP,
	  "offset 0x0: unsupported .truesig version 3 (this tool reads 1 to 2)" },
	{ "bad_magic", { { AT_UNIT, HDR(magic), 1, 'X' } }, -EINVAL,
	  "offset 0x0: bad magic 58 53 49 47 (expected \"TSIG\")" },
	{ "wrong_byte_order_value", { { AT_UNIT, HDR(byte_order), 1, 3 } },
	  -EINVAL,
	  "offset 0x0: bad byte_order 3 (expected 1, little-endian, or 2, big-endian)" },
	{ "byte_order_mismatch", { { AT_UNIT, HDR(byte_order), 1, 2 } },
	  -EINVAL,
	  "offset 0x0: unit_size 3758227456 runs past the end of the section (736 bytes left)" },
	{ "bad_addr_size", { { AT_UNIT, HDR(addr_size), 1, 3 } }, -EINVAL,
	  "offset 0x0: bad addr_size 3 (expected 4 or 8)" },
	{ "header_size_too_small", { { AT_UNIT, HDR(header_size), 1, 40 } },
	  -EINVAL,
	  "offset 0x0: header_size 40 smaller than the version 1 header (48)" },
	{ "unit_size_past_end", { { AT_UNIT, HDR(unit_size), 4, 744 } },
	  -EINVAL,
	  "offset 0x0: unit_size 744 runs past the end of the section (736 bytes left)" },
	{ "unit_size_not_multiple_of_8", { { AT_UNIT, HDR(unit_size), 4, 692 } },
	  -EINVAL, "offset 0x0: unit_size 692 is not a multiple of 8" },
	{ "unit_size_below_header", { { AT_UNIT, HDR(unit_size), 4, 40 } },
	  -EINVAL, "offset 0x0: unit_size 40 smaller than its header (48)" },
	{ "string_table_past_end", { { AT_UNIT, HDR(strings_size), 4, 0xfffffff0 } },
	  -EINVAL,
	  "offset 0x0: string table (offset 608, 4294967280 bytes) is not inside the unit (48-byte header, 736 bytes in all)" },
	{ "string_table_in_header", { { AT_UNIT, HDR(strings_off), 4, 8 } },
	  -EINVAL,
	  "offset 0x0: string table (offset 8, 123 bytes) is not inside the unit (48-byte header, 736 bytes in all)" },
	{ "string_table_no_leading_nul", { { AT_STRINGS, 0, 1, 'x' } },
	  -EINVAL, "offset 0x260: string table does not start with a NUL byte" },
	{ "bad_string_offset", { { AT_RECORD0, REC(symbol), 4, 123 } }, -EINVAL,
	  "offset 0x120: record 0: string offset 123 outside the string table (123 bytes)" },
	{ "bad_string_offset_huge", { { AT_UNIT, HDR(producer), 4, 0xffffffff } },
	  -EINVAL,
	  "offset 0x10: unit producer: string offset 4294967295 outside the string table (123 bytes)" },
	{ "unterminated_string", { { AT_UNIT, HDR(strings_size), 4, 122 } },
	  -EINVAL,
	  "offset 0x14: unit name: string at offset 116 is not NUL-terminated within the string table" },
	{ "absurd_types_count", { { AT_UNIT, HDR(types_count), 4, 0xffffffff } },
	  -EINVAL,
	  "offset 0x0: types_count 4294967295 cannot fit in a 736-byte unit" },
	{ "absurd_records_count", { { AT_UNIT, HDR(records_count), 4, 0x10000000 } },
	  -EINVAL,
	  "offset 0x0: records_count 268435456 cannot fit in a 736-byte unit" },
	{ "type_table_past_end", { { AT_UNIT, HDR(types_off), 4, 600 } },
	  -EINVAL,
	  "offset 0x0: type table (offset 600, 11 entries) is not inside the unit (48-byte header, 736 bytes in all)" },
	{ "type_table_overlaps_strings", { { AT_UNIT, HDR(types_off), 4, 512 } },
	  -EINVAL, "offset 0x0: type table and string table overlap" },
	{ "records_off_misaligned", { { AT_UNIT, HDR(records_off), 4, 0x114 } },
	  -EINVAL, "offset 0x0: records_off 276 is not a multiple of 8" },
	{ "records_off_past_end", { { AT_UNIT, HDR(records_off), 4, 0x1000 } },
	  -EINVAL,
	  "offset 0x0: records_off 4096 is not inside the unit (48-byte header, 736 bytes in all)" },
	{ "type_forward_ref", { { AT_TYPES, TYPE(3, ref), 4, 5 } }, -EINVAL,
	  "offset 0x58: type 3: ref 5 is not smaller than the entry's own index (forward reference or cycle)" },
	{ "type_cycle", { { AT_TYPES, TYPE(3, ref), 4, 3 } }, -EINVAL,
	  "offset 0x58: type 3: ref 3 is not smaller than the entry's own index (forward reference or cycle)" },
	{ "type_unknown_kind", { { AT_TYPES, TYPE(2, kind), 1, 99 } }, -EINVAL,
	  "offset 0x44: type 2: unknown kind 99" },
	{ "type_void_stored", { { AT_TYPES, TYPE(1, kind), 1, 0 } }, -EINVAL,
	  "offset 0x30: type 1: kind VOID is only valid as the implicit index 0" },
	{ "type_reserved", { { AT_TYPES, TYPE(1, reserved), 2, 1 } }, -EINVAL,
	  "offset 0x30: type 1: reserved field is not zero" },
	{ "type_bad_name", { { AT_TYPES, TYPE(1, name), 4, 1000 } }, -EINVAL,
	  "offset 0x34: type 1: string offset 1000 outside the string table (123 bytes)" },
	{ "func_short_of_params", { { AT_TYPES, TYPE(SB_T_FUNC, count), 4, 3 } },
	  -EINVAL,
	  "offset 0xe4: type 10: is a PTR, but FUNC type 7 still expects 1 PARAM entries" },
	{ "func_params_past_end", { { AT_TYPES, TYPE(SB_T_FUNC, count), 4, 5 } },
	  -EINVAL,
	  "offset 0xa8: type 7: FUNC with 5 parameters runs past the end of the type table (11 types)" },
	{ "param_without_func", { { AT_TYPES, TYPE(SB_T_ARRAY, kind), 1, TS_TYPE_PARAM } },
	  -EINVAL, "offset 0xf8: type 11: PARAM entry that does not follow a FUNC" },
	{ "ref_to_param", { { AT_TYPES, TYPE(SB_T_PTR_FUNC, ref), 4, SB_T_FUNC_P1 } },
	  -EINVAL, "offset 0xe4: type 10: ref 8 is a PARAM entry, not a type" },
	{ "record_size_past_unit", { { AT_RECORD1, REC(size), 4, 0x100 } },
	  -EINVAL,
	  "offset 0x220: record 1: size 256 runs past the end of the unit (192 bytes left)" },
	{ "record_size_too_small", { { AT_RECORD1, REC(size), 4, 56 } },
	  -EINVAL, "offset 0x220: record 1: size 56 smaller than a record (64)" },
	{ "record_size_misaligned", { { AT_RECORD1, REC(size), 4, 68 } },
	  -EINVAL, "offset 0x220: record 1: size 68 is not a multiple of 8" },
	{ "record_overlaps_strings", { { AT_RECORD1, REC(size), 4, 72 } },
	  -EINVAL,
	  "offset 0x220: record 1 overlaps the type table or the string table" },
	{ "record_arrays_overflow", { { AT_RECORD1, REC(n_locations), 2, 0xffff } },
	  -EINVAL,
	  "offset 0x220: record 1: 0 source params, 0 params, 65535 locations and 0 known pieces need 1048624 bytes, more than its size 64" },
	{ "record_known_pieces_overflow",
	  { { AT_RECORD1, REC(n_known_pieces), 2, 0xffff } }, -EINVAL,
	  "offset 0x220: record 1: 0 source params, 0 params, 0 locations and 65535 known pieces need 2097184 bytes, more than its size 64" },
	{ "record_count_past_records", { { AT_UNIT, HDR(records_count), 4, 3 } },
	  -EINVAL,
	  "offset 0x260: record 2 overlaps the type table or the string table" },
	{ "address_high_bytes", { { AT_RECORD1, REC(address), 8, 0x1000 },
				  { AT_UNIT, HDR(addr_size), 1, 4 } },
	  -EINVAL,
	  "offset 0x110: record 0: address slot has non-zero bytes after its 4 address bytes" },
	{ "no_symbol", { { AT_RECORD1, REC(symbol), 4, 0 } }, -EINVAL,
	  "offset 0x220: record 1: no symbol name" },
	{ "cold_without_parent", { { AT_RECORD1, REC(parent), 4, 0 } }, -EINVAL,
	  "offset 0x220: record 1 (foo.cold): cold fragment without a parent" },
	{ "return_type_out_of_range", { { AT_RECORD0, REC(return_type), 4, 12 } },
	  -EINVAL,
	  "offset 0x110: record 0 (foo.isra.0): type index 12 out of range (the unit has 11 types)" },
	{ "source_return_type_out_of_range",
	  { { AT_RECORD0, REC(source_return_type), 4, 0xffffffff } }, -EINVAL,
	  "offset 0x110: record 0 (foo.isra.0): type index 4294967295 out of range (the unit has 11 types)" },
	{ "unknown_kind", { { AT_RECORD1, REC(kinds) + 1, 1, 9 } }, -EINVAL,
	  "offset 0x220: record 1 (foo.cold): unknown kind 9 in kinds[1]" },
	{ "kind_after_terminator", { { AT_RECORD1, REC(kinds) + 3, 1, 1 } },
	  -EINVAL,
	  "offset 0x220: record 1 (foo.cold): kinds[3] = 1 after the terminating 0" },
	{ "fixed_locations_exceed", { { AT_RECORD0, REC(sret_locs), 1, 1 },
				      { AT_RECORD0, REC(chain_locs), 1, 2 } },
	  -EINVAL,
	  "offset 0x110: record 0 (foo.isra.0): 1 return + 1 sret + 2 chain locations exceed its 3 locations" },
	{ "record_reserved", { { AT_RECORD0, REC(reserved), 1, 1 } },
	  -EINVAL, "offset 0x110: record 0 (foo.isra.0): reserved field is not zero" },
	{ "source_param_bad_fate", { { AT_RECORD0, SRC(fate), 1, 5 } }, -EINVAL,
	  "offset 0x150: record 0 (foo.isra.0): source param 0: unknown fate 5" },
	{ "source_param_bad_const_kind", { { AT_RECORD0, SRC(const_kind), 1, 5 } },
	  -EINVAL,
	  "offset 0x150: record 0 (foo.isra.0): source param 0: unknown const_kind 5" },
	{ "source_param_constant_not_constant", { { AT_RECORD0, SRC(fate), 1, 3 },
						  { AT_RECORD0, SRC(const_kind), 1, 1 } },
	  -EINVAL,
	  "offset 0x150: record 0 (foo.isra.0): source param 0: has a constant but its fate is removed" },
	{ "source_param_bad_type", { { AT_RECORD0, SRC(type), 4, 0x7fffffff } },
	  -EINVAL,
	  "offset 0x150: record 0 (foo.isra.0): source param 0: type index 2147483647 out of range (the unit has 11 types)" },
	{ "param_type_is_param_entry", { { AT_RECORD0, PAR(0, type), 4, SB_T_FUNC_P2 } },
	  -EINVAL,
	  "offset 0x1b0: record 0 (foo.isra.0): param 0: type index 9 is a PARAM entry, not a type" },
	{ "param_bad_how", { { AT_RECORD0, PAR(0, how), 1, 0 } }, -EINVAL,
	  "offset 0x1b0: record 0 (foo.isra.0): param 0: unknown how 0" },
	{ "param_how_past_reference", { { AT_RECORD0, PAR(0, how), 1, 6 } },
	  -EINVAL, "offset 0x1b0: record 0 (foo.isra.0): param 0: unknown how 6" },
	{ "param_source_out_of_range", { { AT_RECORD0, PAR(1, source), 2, 4 } },
	  -EINVAL,
	  "offset 0x1d0: record 0 (foo.isra.0): param 1: source 4 out of range (4 source params)" },
	{ "param_no_source_not_new", { { AT_RECORD0, PAR(1, source), 2, TS_NO_SOURCE } },
	  -EINVAL,
	  "offset 0x1d0: record 0 (foo.isra.0): param 1: source 65535 out of range (4 source params)" },
	{ "param_new_with_source", { { AT_RECORD0, PAR(1, how), 1, TS_HOW_NEW } },
	  -EINVAL,
	  "offset 0x1d0: record 0 (foo.isra.0): param 1: how is new but source is 1, not TS_NO_SOURCE" },
	{ "param_locations_past_end", { { AT_RECORD0, PAR(1, loc_count), 2, 2 } },
	  -EINVAL,
	  "offset 0x1d0: record 0 (foo.isra.0): param 1: locations 2+2 past the record's 3 locations" },
	{ "param_locations_overflow", { { AT_RECORD0, PAR(1, loc_first), 2, 0xffff },
					{ AT_RECORD0, PAR(1, loc_count), 2, 0xffff } },
	  -EINVAL,
	  "offset 0x1d0: record 0 (foo.isra.0): param 1: locations 65535+65535 past the record's 3 locations" },
	{ "param_locations_in_return", { { AT_RECORD0, PAR(0, loc_first), 2, 0 } },
	  -EINVAL,
	  "offset 0x1b0: record 0 (foo.isra.0): param 0: locations start at 0, inside the 1 return/sret/chain locations" },
	{ "param_reserved", { { AT_RECORD0, PAR(0, reserved2), 4, 1 } }, -EINVAL,
	  "offset 0x1b0: record 0 (foo.isra.0): param 0: reserved field is not zero" },
	{ "location_bad_kind", { { AT_RECORD0, LOC(2, kind), 1, 5 } }, -EINVAL,
	  "offset 0x210: record 0 (foo.isra.0): location 2: unknown kind 5" },
	{ "location_bad_reg_name", { { AT_RECORD0, LOC(1, reg_name), 4, 123 } },
	  -EINVAL,
	  "offset 0x204: record 0 (foo.isra.0): location 1: string offset 123 outside the string table (123 bytes)" },
};

static size_t base_offset(const struct sb_layout *l, enum base base)
{
	switch (base) {
	case AT_TYPES:	 return l->types;
	case AT_RECORD0: return l->record[0];
	case AT_RECORD1: return l->record[1];
	case AT_STRINGS: return l->strings;
	default:	 return l->unit;
	}
}

/* Parse img and compare the error with the expected code and message. */
static void expect_error(const char *name, const struct sb_buf *img,
			 int code, const char *message)
{
	struct truesig_section *s = (void *)1;
	char err[512];
	int ret;

	ret = parse(img, &s, err, sizeof(err));
	if (!ret) {
		fail(name, "parsed; expected \"%s\"", message);
		truesig_section_free(s);
	} else if (s) {
		fail(name, "error %d but *out not NULL", ret);
	} else if (ret != code || strcmp(err, message)) {
		fail(name, "got %d \"%s\", expected %d \"%s\"", ret, err, code,
		     message);
	} else {
		pass(name);
	}
}

static void test_bad_cases(void)
{
	for (size_t i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
		const struct bad_case *c = &bad_cases[i];
		struct sb_buf img = { 0 };
		struct sb_layout l;

		sample(&img, false, 8, &l);
		for (size_t j = 0; j < 3 && c->patches[j].width; j++) {
			const struct patch *p = &c->patches[j];

			sb_put(&img, base_offset(&l, p->base) + p->offset,
			       p->width, false, p->value);
		}
		expect_error(c->name, &img, c->code, c->message);
		sb_free(&img);
	}
}

static void test_truncated(void)
{
	struct sb_buf img = { 0 };
	size_t full;

	sample(&img, false, 8, NULL);
	full = img.len;
	img.len = 20;
	expect_error("truncated_header", &img, -EINVAL,
		     "offset 0x0: unit header truncated: 20 bytes left, a header needs 48");
	img.len = 5;
	expect_error("truncated_before_header_size", &img, -EINVAL,
		     "offset 0x0: unit header truncated: 5 bytes left, a header needs 48");
	img.len = full - 8;
	expect_error("truncated_unit", &img, -EINVAL,
		     "offset 0x0: unit_size 736 runs past the end of the section (728 bytes left)");
	sb_free(&img);
}

static void test_between_units(void)
{
	struct sb_buf img = { 0 };

	sample(&img, false, 8, NULL);
	sb_append(&img, "GARBAGE!", 8);
	sample(&img, false, 8, NULL);
	expect_error("garbage_between_units", &img, -EINVAL,
		     "offset 0x2e0: bad magic 47 41 52 42 (expected \"TSIG\")");
	sb_free(&img);

	sample(&img, false, 8, NULL);
	sb_append(&img, "\0\0\0\0\0\0\0\x01", 8);
	expect_error("nonzero_padding_byte", &img, -EINVAL,
		     "offset 0x2e7: non-zero byte 0x01 between units (a unit starts at a multiple of 8)");
	sb_free(&img);

	sample(&img, false, 8, NULL);
	sb_append(&img, NULL, 4);
	sample(&img, false, 8, NULL);	/* pads itself to 8 first */
	memmove(img.data + 0x2e4, img.data + 0x2e8, img.len - 0x2e8);
	img.len -= 4;
	expect_error("unit_misaligned", &img, -EINVAL,
		     "offset 0x2e4: non-zero byte 0x54 between units (a unit starts at a multiple of 8)");
	sb_free(&img);

	sample(&img, false, 8, NULL);
	sb_append(&img, "TSIG", 4);
	expect_error("truncated_second_unit", &img, -EINVAL,
		     "offset 0x2e0: unit header truncated: 4 bytes left, a header needs 48");
	sb_free(&img);
}

/* Errors with a big-endian unit carry the same offsets and values. */
static void test_big_endian_errors(void)
{
	struct sb_buf img = { 0 };
	struct sb_layout l;

	sample(&img, true, 8, &l);
	sb_put(&img, l.types + TYPE(3, ref), 4, true, 5);
	expect_error("big_endian_forward_ref", &img, -EINVAL,
		     "offset 0x58: type 3: ref 5 is not smaller than the entry's own index (forward reference or cycle)");
	sb_free(&img);

	sample(&img, true, 4, &l);
	sb_put(&img, l.record[0] + REC(address) + 4, 1, true, 1);
	expect_error("addr_size_4_high_bytes", &img, -EINVAL,
		     "offset 0x110: record 0: address slot has non-zero bytes after its 4 address bytes");
	sb_free(&img);
}

static void test_record_padding(void)
{
	struct sb_record r = {
		.symbol = "pad", .n_source_params = 1,
		.source_params = { { "x", SB_T_INT, TS_FATE_REMOVED, 0, 0, NULL } },
	};
	struct sb_buf img = { 0 };
	struct sb_layout l;
	struct sb_unit u;

	sb_unit_init(&u, false, 8, 62);
	sb_sample_types(&u);
	sb_record(&u, &r);	/* 64 + 24 bytes: no padding needed */
	sb_finish(&u, &img, &l);
	sb_unit_free(&u);
	sb_put(&img, l.record[0] + 64 + 16, 8, false, 7);
	expect_error("const_value_without_kind", &img, -EINVAL,
		     "offset 0x150: record 0 (pad): source param 0: const_value is not zero but const_kind is none");
	sb_free(&img);
}

int main(void)
{
	test_valid("valid_little_endian_64", false, 8);
	test_valid("valid_big_endian_64", true, 8);
	test_valid("valid_addr_size_4", false, 4);
	test_valid("valid_big_endian_addr_size_4", true, 4);
	test_valid_extras();
	test_known_pieces();
	test_known_pieces_bad();
	test_units("two_units", 0, 0, false);
	test_units("padding_between_units", 8, 0, false);
	test_units("padding_and_trailing_zeros", 16, 24, true);
	test_many_units();
	test_empty();
	test_truncated();
	test_between_units();
	test_big_endian_errors();
	test_record_padding();
	test_bad_cases();
	return test_exit();
}
