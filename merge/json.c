// SPDX-License-Identifier: MIT
/*
 * json.c — a small streaming JSON writer, two-space indented.
 */
#include <inttypes.h>
#include <string.h>

#include "json.h"

void json_init(struct json_writer *w, FILE *out)
{
	memset(w, 0, sizeof(*w));
	w->out = out;
}

static void newline(struct json_writer *w)
{
	fputc('\n', w->out);
	for (unsigned i = 0; i < w->depth; i++)
		fputs("  ", w->out);
}

/* Called before every value and key: the separator and indentation. */
static void begin_item(struct json_writer *w, bool is_key)
{
	if (w->after_key) {
		if (is_key)
			w->failed = true;	/* a key needs its value */
		w->after_key = false;
		return;
	}
	if (!w->depth) {
		if (w->has_items[0])
			w->failed = true;	/* one top-level value */
		w->has_items[0] = true;
		return;
	}
	if (w->has_items[w->depth])
		fputc(',', w->out);
	w->has_items[w->depth] = true;
	newline(w);
}

static void open_container(struct json_writer *w, char c)
{
	begin_item(w, false);
	fputc(c, w->out);
	if (w->depth + 1 >= JSON_MAX_DEPTH) {
		w->failed = true;
		return;
	}
	w->depth++;
	w->has_items[w->depth] = false;
}

static void close_container(struct json_writer *w, char c)
{
	if (!w->depth || w->after_key) {
		w->failed = true;
		return;
	}
	w->depth--;
	if (w->has_items[w->depth + 1])
		newline(w);
	fputc(c, w->out);
}

void json_begin_object(struct json_writer *w)
{
	open_container(w, '{');
}

void json_end_object(struct json_writer *w)
{
	close_container(w, '}');
}

void json_begin_array(struct json_writer *w)
{
	open_container(w, '[');
}

void json_end_array(struct json_writer *w)
{
	close_container(w, ']');
}

/* Length of the valid UTF-8 sequence at s, or 0 if it is not one. */
static size_t utf8_length(const unsigned char *s)
{
	uint32_t cp;
	size_t n;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)	/* also stops at the NUL */
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;	/* overlong, too big, or a surrogate */
	return n;
}

static void write_string(FILE *out, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	fputc('"', out);
	while (*s) {
		size_t n;

		switch (*s) {
		case '"':  fputs("\\\"", out); s++; continue;
		case '\\': fputs("\\\\", out); s++; continue;
		case '\b': fputs("\\b", out); s++; continue;
		case '\f': fputs("\\f", out); s++; continue;
		case '\n': fputs("\\n", out); s++; continue;
		case '\r': fputs("\\r", out); s++; continue;
		case '\t': fputs("\\t", out); s++; continue;
		}
		if (*s < 0x20 || *s == 0x7f) {
			fprintf(out, "\\u%04x", *s);
			s++;
			continue;
		}
		n = utf8_length(s);
		if (!n) {
			fprintf(out, "\\u%04x", *s);
			s++;
			continue;
		}
		fwrite(s, 1, n, out);
		s += n;
	}
	fputc('"', out);
}

void json_key(struct json_writer *w, const char *key)
{
	begin_item(w, true);
	write_string(w->out, key);
	fputs(": ", w->out);
	w->after_key = true;
}

void json_string(struct json_writer *w, const char *s)
{
	begin_item(w, false);
	write_string(w->out, s ? s : "");
}

void json_string_or_null(struct json_writer *w, const char *s)
{
	if (s && s[0])
		json_string(w, s);
	else
		json_null(w);
}

void json_strings(struct json_writer *w, char *const *s, size_t n)
{
	json_begin_array(w);
	for (size_t i = 0; i < n; i++)
		json_string(w, s[i]);
	json_end_array(w);
}

void json_int(struct json_writer *w, int64_t v)
{
	begin_item(w, false);
	fprintf(w->out, "%" PRId64, v);
}

void json_uint(struct json_writer *w, uint64_t v)
{
	begin_item(w, false);
	fprintf(w->out, "%" PRIu64, v);
}

void json_bool(struct json_writer *w, bool v)
{
	begin_item(w, false);
	fputs(v ? "true" : "false", w->out);
}

void json_null(struct json_writer *w)
{
	begin_item(w, false);
	fputs("null", w->out);
}

bool json_finish(struct json_writer *w)
{
	if (w->depth || w->after_key)
		w->failed = true;
	fputc('\n', w->out);
	if (w->failed)
		fprintf(stderr, "truesig: internal error: bad JSON nesting\n");
	return !w->failed;
}
