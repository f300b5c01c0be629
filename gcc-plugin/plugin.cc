/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * plugin.cc — truesig's entry point: version check, options, and where it
 * hooks into GCC.  It observes; it never changes the code GCC generates.
 *
 *   -fplugin=truesig                    record changed functions
 *   -fplugin-arg-truesig-all            record every emitted function
 *   -fplugin-arg-truesig-disable        load, but record nothing
 */
#include "truesig.h"
#include "plugin-version.h"

int plugin_is_GPL_compatible;

bool ts_opt_all;

static struct plugin_info truesig_info = {
	"1",
	"Records the true calling signature of functions GCC changed "
	"(.isra, .constprop, .part clones, ABI changes) in a .debug_truesig section.\n"
	"  -fplugin-arg-truesig-all      record every emitted function\n"
	"  -fplugin-arg-truesig-disable  record nothing\n",
};

/* An RTL pass that calls one of the plugin's functions on each function. */
class ts_rtl_pass : public rtl_opt_pass {
public:
	ts_rtl_pass (const pass_data &data, gcc::context *ctxt,
		     unsigned int (*run) (function *))
		: rtl_opt_pass (data, ctxt), run (run) {}
	unsigned int execute (function *fun) final override
	{
		return run (fun);
	}
private:
	unsigned int (*run) (function *);
};

static const pass_data describe_pass_data = {
	RTL_PASS, "truesig_describe", OPTGROUP_NONE, TV_NONE,
	PROP_rtl, 0, 0, 0, 0,
};

static const pass_data cold_pass_data = {
	RTL_PASS, "truesig_cold", OPTGROUP_NONE, TV_NONE,
	PROP_rtl, 0, 0, 0, 0,
};

static void
on_all_ipa_passes_end (void *, void *)
{
	ts_snapshot_clones ();
}

static void
on_finish_unit (void *, void *)
{
	if (!seen_error ())
		ts_emit_section ();
}

static void
register_pass_after (opt_pass *pass, const char *reference)
{
	struct register_pass_info info;
	info.pass = pass;
	info.reference_pass_name = reference;
	info.ref_pass_instance_number = 1;
	info.pos_op = PASS_POS_INSERT_AFTER;
	register_callback ("truesig", PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
	const char *name = info->base_name;

	if (!plugin_default_version_check (version, &gcc_version)) {
		error ("%s: built for GCC %s, cannot run in GCC %s", name,
		       gcc_version.basever, version->basever);
		return 1;
	}

	bool disable = false;
	for (int i = 0; i < info->argc; i++) {
		const char *key = info->argv[i].key;
		const char *value = info->argv[i].value;
		if (!strcmp (key, "all") && !value)
			ts_opt_all = true;
		else if (!strcmp (key, "disable") && !value)
			disable = true;
		else if (value)
			error ("%s: option %<%s=%s%> is not known; "
			       "options: all, disable", name, key, value);
		else
			error ("%s: option %qs is not known; options: all, "
			       "disable", name, key);
	}
	if (seen_error ())
		return 1;

	register_callback (name, PLUGIN_INFO, NULL, &truesig_info);
	if (disable)
		return 0;

	ts_register_gc_roots ();
	register_pass_after (new ts_rtl_pass (describe_pass_data, g,
					      ts_describe_function), "expand");
	register_pass_after (new ts_rtl_pass (cold_pass_data, g,
					      ts_note_cold_fragment), "final");
	register_callback (name, PLUGIN_ALL_IPA_PASSES_END,
			   on_all_ipa_passes_end, NULL);
	register_callback (name, PLUGIN_FINISH_UNIT, on_finish_unit, NULL);
	return 0;
}
