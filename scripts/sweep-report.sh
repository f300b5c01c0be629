#!/bin/sh
# sweep-report.sh NAME RESULTS: sum the lines of sweep-one.sh.
awk -v name="$1" '
{
	for (i = 1; i <= NF; i++)
		if ($i ~ /^(ok|skip|ice|diag|code|dump|missing|link|exec|verify)$/) break
	s = $i; files++; count[s]++
	clones += $(i + 2); records += $(i + 3); funcs += $(i + 4)
	if (s == "ok" && $(i + 5) != "") run[$(i + 5)]++
	if (s != "ok" && s != "skip") print "  " $0
}
END {
	printf "%s: %d compiles, %d skipped (no compile without the plugin), %d functions, %d clones, %d records\n", name, files, count["skip"], funcs, clones, records
	printf "%s: ICEs %d, diagnostics changed %d, code differences %d, unreadable %d, clones without record %d\n", name, count["ice"], count["diag"], count["code"], count["dump"], count["missing"]
	if (run["ran"] + run["verified"] + run["fails-without"] + run["nolink"] + count["link"] + count["exec"] + count["verify"])
		printf "%s: execute tests: %d ran as without the plugin (%d with records, each run to the end under truesig verify --no-capture), %d fail without it too, %d do not link without it; caused by the plugin: %d link failures, %d run failures, %d verify failures\n", name, run["ran"] + run["verified"], run["verified"], run["fails-without"], run["nolink"], count["link"], count["exec"], count["verify"]
	bad = count["ice"] + count["diag"] + count["code"] + count["dump"] + count["missing"] + count["link"] + count["exec"] + count["verify"]
	printf "%s: %d passed, %d failed\n", name, files - bad, bad
	exit bad > 0
}' "$2"
