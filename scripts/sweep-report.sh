#!/bin/sh
# sweep-report.sh NAME RESULTS: sum the lines of sweep-one.sh.
awk -v name="$1" '
{
	for (i = 1; i <= NF; i++)
		if ($i ~ /^(ok|skip|ice|diag|code|dump|missing)$/) break
	s = $i; files++; count[s]++; clones += $(i + 2); records += $(i + 3)
	if (s != "ok" && s != "skip") print "  " $0
}
END {
	printf "%s: %d compiles, %d skipped (no compile without the plugin), %d clones, %d records\n", name, files, count["skip"], clones, records
	printf "%s: ICEs %d, diagnostics changed %d, code differences %d, unreadable %d, clones without record %d\n", name, count["ice"], count["diag"], count["code"], count["dump"], count["missing"]
	bad = count["ice"] + count["diag"] + count["code"] + count["dump"] + count["missing"]
	printf "%s: %d passed, %d failed\n", name, files - bad, bad
	exit bad > 0
}' "$2"
