/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * strings.cc — the unit's string table: every name the records and the
 * type table give, stored once.  Offset 0 is the empty string.  types.cc
 * and describe.cc add to it; section.cc writes it out.
 */
#include "truesig.h"

static vec<char> strtab;
static hash_map<nofree_string_hash, unsigned> *strtab_index;

unsigned
ts_string (const char *s)
{
	if (!s || !*s)
		return 0;
	if (strtab.is_empty ())
		strtab.safe_push ('\0');
	if (!strtab_index)
		strtab_index = new hash_map<nofree_string_hash, unsigned>;
	if (unsigned *found = strtab_index->get (s))
		return *found;
	unsigned at = strtab.length ();
	for (const char *p = s; *p; p++)
		strtab.safe_push (*p);
	strtab.safe_push ('\0');
	strtab_index->put (xstrdup (s), at);
	return at;
}

/* File names as the debug info spells them: the unit (DW_AT_name) and
   the line table (DW_AT_decl_file) go through -ffile-prefix-map and
   -fdebug-prefix-map, so that builds in two folders with the same maps
   are the same bit for bit.  */
unsigned
ts_file_name (const char *file)
{
	return file ? ts_string (remap_debug_filename (file)) : 0;
}

void
ts_strings_serialize (vec<char> *out)
{
	if (strtab.is_empty ())
		strtab.safe_push ('\0');
	out->safe_splice (strtab);
}
