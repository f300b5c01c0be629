# btf.jq -- read `bpftool -j btf dump` output, for testsuite/truesig.btf.
#
# Input: {"types": [...]} (for split BTF: the base's dump and the split
# dump, slurped and added: `jq -s 'add' --slurp`... see truesig.exp).
# `include "btf";` with `jq -L testsuite/lib`.

# The types by id (a string key).
def btf_index: reduce .types[] as $t ({}; .[$t.id | tostring] = $t);

def btf_name: if . == "(anon)" or . == null then "" else . end;

# The C declaration of declarator $d with type $id, in the style of
# `truesig dump`: "int", "const char *", "struct s *p", "char [16]",
# "int (*)(int, ...)", "char *const p".  The parameters of a function
# type are named only when $names (the function's own prototype), not in
# a pointer to a function (where names do not matter, as in C).
def btf_decl_named($T; $id; $d; $names):
  def sp($d): if $d == "" then "" else " " + $d end;
  def tag($kind; $t): $kind + " " + (($t.name | btf_name) as $n
                                      | if $n == "" then "<anonymous>" else $n end);
  if $id == 0 then "void" + sp($d)
  else $T[$id | tostring] as $t
  | if $t == null then "<type \($id)>" + sp($d)
    elif ($t.kind == "INT" or $t.kind == "FLOAT" or $t.kind == "TYPEDEF")
    then $t.name + sp($d)
    elif $t.kind == "STRUCT" then tag("struct"; $t) + sp($d)
    elif $t.kind == "UNION" then tag("union"; $t) + sp($d)
    elif ($t.kind == "ENUM" or $t.kind == "ENUM64") then tag("enum"; $t) + sp($d)
    elif $t.kind == "FWD" then tag($t.fwd_kind; $t) + sp($d)
    elif $t.kind == "PTR" then
      ($T[$t.type_id | tostring].kind // "VOID") as $k
      | if ($k == "ARRAY" or $k == "FUNC_PROTO")
        then btf_decl_named($T; $t.type_id; "(*" + $d + ")"; false)
        else btf_decl_named($T; $t.type_id; "*" + $d; $names) end
    elif ($t.kind == "CONST" or $t.kind == "VOLATILE" or $t.kind == "RESTRICT") then
      ($t.kind | ascii_downcase) as $q
      | ($T[$t.type_id | tostring].kind // "VOID") as $k
      | if $k == "PTR" then btf_decl_named($T; $t.type_id; $q + sp($d); $names)
        else $q + " " + btf_decl_named($T; $t.type_id; $d; $names) end
    elif $t.kind == "ARRAY" then
      btf_decl_named($T; $t.type_id; $d + "[\($t.nr_elems)]"; $names)
    elif $t.kind == "FUNC_PROTO" then
      ([$t.params[] | if .type_id == 0 then "..."
                      else btf_decl_named($T; .type_id;
                                          if $names then .name | btf_name else "" end; false) end]
       | if length == 0 then "void" else join(", ") end) as $ps
      | btf_decl_named($T; $t.ret_type_id; $d + "(" + $ps + ")"; false)
    else "<\($t.kind)>" + sp($d) end
  end;

def btf_decl($T; $id; $d): btf_decl_named($T; $id; $d; true);

# The FUNCs named $name.
def btf_funcs($name): [.types[] | select(.kind == "FUNC" and .name == $name)];

# "static long int f.isra.0(long int p__b, int k)" for FUNC $f.
def btf_func_decl($T; $f): $f.linkage + " " + btf_decl($T; $f.type_id; $f.name);

# The decl tags of type $id: ["-1:truesig:source=f", "0:truesig:...", ...].
def btf_tags($id):
  [.types[] | select(.kind == "DECL_TAG" and .type_id == $id)
   | "\(.component_idx):\(.name)"];

# {"STRUCT s": 1, ...}: named structs, unions, enums and typedefs.
def btf_named_counts:
  [.types[] | select(.kind | IN("STRUCT", "UNION", "ENUM", "ENUM64", "TYPEDEF"))
   | select((.name | btf_name) != "") | "\(.kind) \(.name)"]
  | group_by(.) | map({key: .[0], value: length}) | from_entries;

# The indexes btf_record_problems needs, made in one pass over the types:
# {T: types by id, F: FUNCs by name, G: decl tag values by type id}.
def btf_indexes:
  {T: (reduce .types[] as $t ({}; .[$t.id | tostring] = $t)),
   F: ([.types[] | select(.kind == "FUNC")] | group_by(.name)
       | map({key: .[0].name, value: .}) | from_entries),
   G: ([.types[] | select(.kind == "DECL_TAG")] | group_by(.type_id)
       | map({key: (.[0].type_id | tostring),
              value: map("\(.component_idx):\(.name)")}) | from_entries)};

# What is wrong with the BTF indexed in $X (btf_indexes) for record $r of
# `truesig dump --json': [] when a FUNC named as its symbol has exactly
# its real prototype (return, parameter types, valid and distinct
# names), its binding's linkage and its truesig:source tag, or when $r
# is a cold fragment without a FUNC; else a message per problem.  When
# several FUNCs have the name (static functions of the same name in
# different files), one of them must fit, and there must not be more of
# them than the $n records of that name.
def btf_record_problems($X; $n; $r):
  def problems($f):
    $X.T[$f.type_id | tostring] as $p
    | [(if $f.linkage != (if $r.binding == "local" then "static" else "global" end)
	then "\($r.symbol): linkage \($f.linkage), binding \($r.binding)" else empty end),
       (if ($p.params | length) != ($r.params | length) + (if $r.varargs then 1 else 0 end)
	then "\($r.symbol): \($p.params | length) parameters, \($r.params | length) recorded"
	else empty end),
       (if btf_decl($X.T; $p.ret_type_id; "") != $r.return.type
	then "\($r.symbol): returns \(btf_decl($X.T; $p.ret_type_id; "")), recorded \($r.return.type)"
	else empty end),
       ([range(0; [$r.params, $p.params] | map(length) | min)] | .[] as $i
	| (if btf_decl($X.T; $p.params[$i].type_id; "") != $r.params[$i].type
	   then "\($r.symbol) parameter \($i): \(btf_decl($X.T; $p.params[$i].type_id; "")), recorded \($r.params[$i].type)"
	   else empty end),
	  (if ($p.params[$i].name | test("^[A-Za-z_][A-Za-z0-9_]*$") | not)
	   then "\($r.symbol) parameter \($i): name '\($p.params[$i].name)'" else empty end)),
       (if ([$p.params[].name] | unique | length) != ($p.params | length)
	then "\($r.symbol): parameter names repeat" else empty end),
       (if $r.function != null
	   and ($X.G[$f.id | tostring] // [] | any(.[]; . == "-1:truesig:source=\($r.function)") | not)
	then "\($r.symbol): no truesig:source tag" else empty end)];
  ($X.F[$r.symbol] // []) as $fs
  | if $r.cold_fragment then
      (if ($fs | length) > 0 then ["\($r.symbol): a FUNC for a cold fragment"] else [] end)
    elif ($fs | length) == 0 then ["\($r.symbol): no FUNC"]
    elif ($fs | length) > $n then ["\($r.symbol): \($fs | length) FUNCs for \($n) records"]
    else [$fs[] | problems(.)] as $each
      | if any($each[]; . == []) then [] else $each[0] end
    end;

# {symbol: number of records} of a `truesig dump --json' document.
def records_per_symbol:
  .records | group_by(.symbol) | map({key: .[0].symbol, value: length}) | from_entries;
