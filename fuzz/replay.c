// SPDX-License-Identifier: MIT
/*
 * replay.c — run a fuzz target's LLVMFuzzerTestOneInput on saved inputs,
 * without libFuzzer: `make check` replays every input that once crashed a
 * target (fuzz/regress/TARGET/), under AddressSanitizer and UBSan.
 *
 *   replay-TARGET [FILE...]    default: every file in FUZZ_REGRESS_DIR
 *
 * Prints "PASS: TARGET: FILE" for each input that runs through within
 * MAX_SECONDS of CPU time ("FAIL: ..." if it takes longer: some inputs
 * were found for their slowness); a crash ends the program (and the
 * test) with the sanitizer's report.
 */
#include <dirent.h>
#include <time.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_SECONDS	1.0

static int replay(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data = NULL;
	size_t size = 0, cap = 0, n;

	if (!f) {
		printf("FAIL: %s: %s: cannot open\n", FUZZ_TARGET, path);
		return 1;
	}
	do {
		if (size + 4096 > cap) {
			cap = (size + 4096) * 2;
			data = realloc(data, cap);
			if (!data)
				abort();
		}
		n = fread(data + size, 1, 4096, f);
		size += n;
	} while (n);
	fclose(f);
	/* exactly `size` bytes, so that reading past them is caught */
	{
		uint8_t *exact = malloc(size ? size : 1);

		if (!exact)
			abort();
		clock_t start = clock();
		double took;

		memcpy(exact, data, size);
		free(data);
		LLVMFuzzerTestOneInput(exact, size);
		free(exact);
		took = (double)(clock() - start) / CLOCKS_PER_SEC;
		if (took > MAX_SECONDS) {
			printf("FAIL: %s: %s: took %.1f s of CPU time\n",
			       FUZZ_TARGET, path, took);
			return 1;
		}
	}
	printf("PASS: %s: %s\n", FUZZ_TARGET, path);
	fflush(stdout);
	return 0;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
	char *names[1024];
	size_t n = 0;
	int failed = 0;
	DIR *d;

	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			failed |= replay(argv[i]);
		return failed;
	}
	d = opendir(FUZZ_REGRESS_DIR);
	if (!d)
		return 0;	/* nothing ever crashed this target */
	for (struct dirent *e; (e = readdir(d)) && n < 1024;) {
		char path[4096];

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", FUZZ_REGRESS_DIR,
			 e->d_name);
		names[n] = strdup(path);
		if (!names[n])
			abort();
		n++;
	}
	closedir(d);
	qsort(names, n, sizeof(*names), compare_names);
	for (size_t i = 0; i < n; i++) {
		failed |= replay(names[i]);
		free(names[i]);
	}
	return failed;
}
