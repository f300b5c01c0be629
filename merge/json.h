/* SPDX-License-Identifier: MIT */
/*
 * json.h — a small streaming JSON writer.
 *
 * The caller opens and closes objects and arrays, and in an object writes
 * json_key() before each value; commas, indentation and string escaping
 * are the writer's.  Strings are bytes: valid UTF-8 passes through, control
 * characters are escaped, and a byte that is not part of valid UTF-8 is
 * written as the code point of the same value (\u00XX), so the output is
 * always valid JSON.
 */
#ifndef TRUESIG_JSON_H
#define TRUESIG_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH	32

struct json_writer {
	FILE		*out;
	unsigned	 depth;
	bool		 has_items[JSON_MAX_DEPTH];	/* per open container */
	bool		 after_key;
	bool		 failed;	/* nesting error */
};

void json_init(struct json_writer *w, FILE *out);

void json_begin_object(struct json_writer *w);
void json_end_object(struct json_writer *w);
void json_begin_array(struct json_writer *w);
void json_end_array(struct json_writer *w);

void json_key(struct json_writer *w, const char *key);
void json_string(struct json_writer *w, const char *s);
/* A string, or null for NULL or "". */
void json_string_or_null(struct json_writer *w, const char *s);
/* An array of the N strings S. */
void json_strings(struct json_writer *w, char *const *s, size_t n);
void json_int(struct json_writer *w, int64_t v);
void json_uint(struct json_writer *w, uint64_t v);
void json_bool(struct json_writer *w, bool v);
void json_null(struct json_writer *w);

/*
 * Ends the document with a newline.  False, with "truesig: internal error:
 * bad JSON nesting" on stderr, if the nesting went wrong (a bug of ours).
 */
bool json_finish(struct json_writer *w);

#endif /* TRUESIG_JSON_H */
