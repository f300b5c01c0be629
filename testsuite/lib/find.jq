# find.jq -- read `truesig find --json` output, for the find checks of
# testsuite/truesig.btf (`include "find";` with `jq -L testsuite/lib`).

# The functions found that are clones (not the function as written).
def clones: [.clones[] | select(.clone)];

# There is a clone, and every clone satisfies f (whatever GCC named it).
def every_clone(f): clones | (length > 0 and all(.[]; f));

# A function's entries for source argument $n, as [fate, param, path]
# (one a piece for a split argument).
def arg($n): [.args[] | select(.name == $n) | [.fate, .param, .path]];

# ... as [fate, constant].
def value($n): [.args[] | select(.name == $n) | [.fate, .constant]];
