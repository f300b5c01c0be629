// SPDX-License-Identifier: MIT
/*
 * test-fuzz.c — mutated section images never crash the parser or the
 * dumps (run under ASan/UBSan): every truncation, every byte set to a few
 * values, and seeded random multi-byte mutations.  Whatever parses is also
 * dumped, as text and as JSON, to /dev/null.
 */
#include "dump.h"
#include "records.h"
#include "section_builder.h"
#include "test_util.h"

static FILE *devnull;
static unsigned long parsed, rejected;

/* Parse (and dump) one image; false if an invariant broke. */
static bool try_image(const uint8_t *data, size_t size, char *why,
		      size_t why_size)
{
	struct truesig_section *s = (void *)1;
	char err[512];
	int ret = truesig_parse(data, size, &s, err, sizeof(err));

	if (ret) {
		rejected++;
		if (s) {
			snprintf(why, why_size, "error %d but *out set", ret);
			return false;
		}
		if (strncmp(err, "offset 0x", 9)) {
			snprintf(why, why_size, "message \"%s\"", err);
			return false;
		}
		return true;
	}
	parsed++;
	{
		struct truesig_section *sections[] = { s };
		struct dump_input in = { NULL, sections, 1 };

		dump_text(devnull, &in);
		if (dump_json(devnull, &in)) {
			snprintf(why, why_size, "bad JSON nesting");
			truesig_section_free(s);
			return false;
		}
	}
	truesig_section_free(s);
	return true;
}

/* xorshift64: the same sequence every run. */
static uint64_t next_random(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *state = x;
}

int main(void)
{
	static const uint8_t values[] = { 0x00, 0x01, 0x07, 0x80, 0xff };
	struct sb_buf img = { 0 };
	struct sb_unit u;
	uint8_t *copy;
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	char why[600];
	bool ok;

	devnull = fopen("/dev/null", "w");
	if (!devnull)
		return 1;
	sb_unit_init(&u, false, 8, 62);
	sb_sample_types(&u);
	sb_sample_records(&u, 0x1000, 0x2000);
	sb_extra_record(&u, 0x3000);
	sb_finish(&u, &img, NULL);
	sb_unit_free(&u);
	sb_unit_init(&u, true, 4, 20);
	sb_sample_types(&u);
	sb_sample_records(&u, 0x1000, 0x2000);
	sb_finish(&u, &img, NULL);
	sb_unit_free(&u);

	ok = try_image(img.data, img.len, why, sizeof(why)) && parsed == 1;
	check("fuzz_baseline", ok, "the unmutated image does not parse");

	/* Every truncation, in a buffer of exactly that size. */
	ok = true;
	for (size_t len = 0; len < img.len && ok; len++) {
		copy = malloc(len ? len : 1);
		memcpy(copy, img.data, len);
		ok = try_image(copy, len, why, sizeof(why));
		free(copy);
	}
	check("fuzz_truncations", ok, why);

	copy = malloc(img.len);
	ok = true;
	for (size_t i = 0; i < img.len && ok; i++)
		for (size_t v = 0; v < sizeof(values) && ok; v++) {
			memcpy(copy, img.data, img.len);
			copy[i] = values[v];
			ok = try_image(copy, img.len, why, sizeof(why));
		}
	check("fuzz_single_bytes", ok, why);

	ok = true;
	for (int round = 0; round < 20000 && ok; round++) {
		unsigned n = 1 + next_random(&seed) % 6;

		memcpy(copy, img.data, img.len);
		for (unsigned k = 0; k < n; k++)
			copy[next_random(&seed) % img.len] =
				(uint8_t)next_random(&seed);
		ok = try_image(copy, img.len, why, sizeof(why));
	}
	check("fuzz_random", ok, why);
	free(copy);

	check("fuzz_some_mutants_parse", parsed > 100 && rejected > 100,
	      "mutations all parsed or all rejected");
	sb_free(&img);
	fclose(devnull);
	return test_exit();
}
