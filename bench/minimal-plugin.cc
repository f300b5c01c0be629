// SPDX-License-Identifier: MIT
/*
 * minimal-plugin.cc — the least a GCC plugin that looks at functions
 * does: check the version, register a GIMPLE pass that does nothing.
 * plugin-memory.sh loads it next to truesig to show what any such plugin
 * costs a compile in memory.
 */
#include "gcc-plugin.h"
#include "plugin-version.h"
#include "tree-pass.h"
#include "context.h"

int plugin_is_GPL_compatible;

namespace {

const pass_data nothing_pass_data = {
	GIMPLE_PASS, "nothing", OPTGROUP_NONE, TV_NONE, PROP_gimple_any,
	0, 0, 0, 0,
};

struct nothing_pass : gimple_opt_pass {
	nothing_pass (gcc::context *ctxt)
		: gimple_opt_pass (nothing_pass_data, ctxt) {}
	unsigned int execute (function *) final override { return 0; }
};

}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
	struct register_pass_info pass;

	if (!plugin_default_version_check (version, &gcc_version))
		return 1;
	pass.pass = new nothing_pass (g);
	pass.reference_pass_name = "ssa";
	pass.ref_pass_instance_number = 1;
	pass.pos_op = PASS_POS_INSERT_AFTER;
	register_callback (info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			   &pass);
	return 0;
}
