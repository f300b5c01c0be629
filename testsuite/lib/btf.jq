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
# "int (*)(int, ...)", "char *const p".
def btf_decl($T; $id; $d):
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
        then btf_decl($T; $t.type_id; "(*" + $d + ")")
        else btf_decl($T; $t.type_id; "*" + $d) end
    elif ($t.kind == "CONST" or $t.kind == "VOLATILE" or $t.kind == "RESTRICT") then
      ($t.kind | ascii_downcase) as $q
      | ($T[$t.type_id | tostring].kind // "VOID") as $k
      | if $k == "PTR" then btf_decl($T; $t.type_id; $q + sp($d))
        else $q + " " + btf_decl($T; $t.type_id; $d) end
    elif $t.kind == "ARRAY" then
      btf_decl($T; $t.type_id; $d + "[\($t.nr_elems)]")
    elif $t.kind == "FUNC_PROTO" then
      ([$t.params[] | if .type_id == 0 then "..."
                      else btf_decl($T; .type_id; .name | btf_name) end]
       | if length == 0 then "void" else join(", ") end) as $ps
      | btf_decl($T; $t.ret_type_id; $d + "(" + $ps + ")")
    else "<\($t.kind)>" + sp($d) end
  end;

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
