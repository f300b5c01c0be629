// SPDX-License-Identifier: MIT
/*
 * test-json.c — the JSON writer: layout, escaping, nesting errors.
 */
#include "json.h"
#include "test_util.h"

/* Run fn on a writer over a memory stream; returns what it wrote. */
static char *capture(void (*fn)(struct json_writer *), bool *ok)
{
	struct json_writer w;
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);

	if (!f)
		abort();
	json_init(&w, f);
	fn(&w);
	*ok = json_finish(&w);
	fclose(f);
	return buf;
}

static void expect(const char *name, void (*fn)(struct json_writer *),
		   bool want_ok, const char *want)
{
	bool ok;
	char *got = capture(fn, &ok);

	if (ok != want_ok)
		fail(name, "json_finish returned %d", ok);
	else if (want && strcmp(got, want))
		fail(name, "got <<%s>>, expected <<%s>>", got, want);
	else
		pass(name);
	free(got);
}

static void write_nested(struct json_writer *w)
{
	json_begin_object(w);
	json_key(w, "a");
	json_int(w, -1);
	json_key(w, "b");
	json_begin_array(w);
	json_uint(w, 18446744073709551615ULL);
	json_bool(w, true);
	json_null(w);
	json_begin_object(w);
	json_end_object(w);
	json_begin_array(w);
	json_end_array(w);
	json_end_array(w);
	json_key(w, "c");
	json_string_or_null(w, "");
	json_end_object(w);
}

static void write_escapes(struct json_writer *w)
{
	json_begin_array(w);
	json_string(w, "q\"b\\s/\b\f\n\r\t\x01\x1f\x7f");
	json_string(w, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
	json_string(w, "bad \xff \xc3 \xc0\xaf \xed\xa0\x80 \xf4\x90\x80\x80");
	json_end_array(w);
}

static void write_key_escape(struct json_writer *w)
{
	json_begin_object(w);
	json_key(w, "k\"\n");
	json_string(w, NULL);
	json_end_object(w);
}

static void write_strings(struct json_writer *w)
{
	char a[] = "a", b[] = "b\"";
	char *s[] = { a, b };

	json_begin_object(w);
	json_key(w, "none");
	json_strings(w, s, 0);
	json_key(w, "two");
	json_strings(w, s, 2);
	json_end_object(w);
}

static void write_unclosed(struct json_writer *w)
{
	json_begin_array(w);
}

static void write_extra_close(struct json_writer *w)
{
	json_begin_array(w);
	json_end_array(w);
	json_end_array(w);
}

static void write_key_without_value(struct json_writer *w)
{
	json_begin_object(w);
	json_key(w, "a");
	json_key(w, "b");
	json_null(w);
	json_end_object(w);
}

static void write_too_deep(struct json_writer *w)
{
	for (int i = 0; i < JSON_MAX_DEPTH + 2; i++)
		json_begin_array(w);
	for (int i = 0; i < JSON_MAX_DEPTH + 2; i++)
		json_end_array(w);
}

int main(void)
{
	expect("nested", write_nested, true,
	       "{\n"
	       "  \"a\": -1,\n"
	       "  \"b\": [\n"
	       "    18446744073709551615,\n"
	       "    true,\n"
	       "    null,\n"
	       "    {},\n"
	       "    []\n"
	       "  ],\n"
	       "  \"c\": null\n"
	       "}\n");
	expect("strings", write_strings, true,
	       "{\n"
	       "  \"none\": [],\n"
	       "  \"two\": [\n"
	       "    \"a\",\n"
	       "    \"b\\\"\"\n"
	       "  ]\n"
	       "}\n");
	expect("escapes", write_escapes, true,
	       "[\n"
	       "  \"q\\\"b\\\\s/\\b\\f\\n\\r\\t\\u0001\\u001f\\u007f\",\n"
	       "  \"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\",\n"
	       "  \"bad \\u00ff \\u00c3 \\u00c0\\u00af \\u00ed\\u00a0\\u0080 \\u00f4\\u0090\\u0080\\u0080\"\n"
	       "]\n");
	expect("key_escape", write_key_escape, true,
	       "{\n  \"k\\\"\\n\": \"\"\n}\n");
	expect("unclosed", write_unclosed, false, NULL);
	expect("extra_close", write_extra_close, false, NULL);
	expect("key_without_value", write_key_without_value, false, NULL);
	expect("too_deep", write_too_deep, false, NULL);
	return test_exit();
}
