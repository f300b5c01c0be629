# truesig: a GCC plugin that records true function signatures, and the
# tool that reads them.  `make`, `make demo`, `make check`, `make install`.

.DEFAULT_GOAL := all
CC	?= gcc
# The kernel the kernel goals build (6.1, 6.12, 7.2), for ARCH (x86_64,
# the default, or arm64: cross-built) and, unless CC is given, the GCC
# Debian builds it with.
KERNEL	?= 6.1
export KERNEL
ARCH	?= x86_64
KERNEL_CC_x86_64_6.12 := gcc-14
KERNEL_CC_x86_64_7.2 := gcc-15
KERNEL_CC_arm64_6.1 := aarch64-linux-gnu-gcc-12
KERNEL_CC_arm64_6.12 := aarch64-linux-gnu-gcc-14
KERNEL_CC_arm64_7.2 := aarch64-linux-gnu-gcc-15
ifeq ($(origin CC),default)
CC	:= $(if $(filter kernel-check,$(MAKECMDGOALS)),$(or $(KERNEL_CC_$(ARCH)_$(KERNEL)),gcc),gcc)
endif

# A GCC this system lacks and has no package for (GCC 13-16 on Debian 12)
# runs in a Debian sid root (scripts/toolchain-root.sh, made on first use):
# every goal is made there, in this checkout, with the same variables.
# TRUESIG_ROOT says where it is; `make toolchain-root-refresh` upgrades its
# packages, `make toolchain-root-remove` deletes it.
export TRUESIG_ROOT
ROOT_GOALS := toolchain-root toolchain-root-refresh toolchain-root-remove
.PHONY: $(ROOT_GOALS)
toolchain-root:
	@scripts/toolchain-root.sh create
toolchain-root-refresh:
	@scripts/toolchain-root.sh refresh
toolchain-root-remove:
	@scripts/toolchain-root.sh remove

ifeq ($(shell scripts/toolchain-root.sh needed $(CC) && echo yes),yes)
.PHONY: FORCE
$(filter-out $(ROOT_GOALS),$(or $(MAKECMDGOALS),all)): FORCE
	@scripts/toolchain-root.sh exec $(MAKE) --no-print-directory $@
FORCE:
else

# A cross compiler (CC=aarch64-linux-gnu-gcc-12, s390x-..., riscv64-...):
# the plugin is built for it, the tool and the tests that run here for
# this machine, by HOST_CC.  Otherwise HOST_CC is CC.
# Told by the name, so that it holds before the dependency step installs CC.
CC_TRIPLET	:= $(shell echo '$(notdir $(CC))' | sed -n 's/^\(.*-linux-gnu[a-z]*\)-gcc.*/\1/p')
CROSS		:= $(if $(CC_TRIPLET),$(if $(filter $(shell uname -m)-%,$(CC_TRIPLET)),,yes))
CC_MAJOR	:= $(or $(shell echo '$(notdir $(CC))' | sed -n 's/.*gcc-\([0-9][0-9]*\)$$/\1/p'),\
	$(shell $(CC) -dumpversion 2>/dev/null | cut -d. -f1))
HOST_CC		?= $(if $(CROSS),gcc,$(CC))

# The plugin is built by the C++ compiler of the same GCC it plugs into;
# for a cross compiler, by this machine's g++ of the same version (the
# plugin runs in the cross compiler, a program of this machine).
CXX_FOR_PLUGIN := $(if $(CROSS),g++-$(CC_MAJOR),$(subst gcc,g++,$(CC)))

# One build folder a compiler: build/ for the system's gcc, build-gcc-N/
# for CC=gcc-N, so that builds for several GCCs stand side by side.
BUILD	?= $(if $(filter gcc,$(CC)),build,build-$(notdir $(CC)))
PREFIX	?= /usr/local
DESTDIR	?=

PLUGIN_DIR	= $(shell $(CC) -print-file-name=plugin)
PLUGIN		:= $(BUILD)/truesig.so
TOOL		:= $(BUILD)/truesig

PLUGIN_CXXFLAGS := -std=gnu++11 -fPIC -fno-rtti -fno-exceptions -O2 -g \
	-Wall -Werror -Wno-literal-suffix -Iinclude
# The tool: merge/main.c, the command-line helpers beside it, a folder a
# subcommand (dump/, btf/, compare/, verify/, diff/, find/), all over the
# reader library merge/lib/.
TOOL_DIRS	:= merge merge/lib merge/dump merge/btf merge/compare merge/verify \
	merge/diff merge/find
TOOL_CFLAGS	:= -std=gnu11 -O2 -g -Wall -Wextra -Werror -Iinclude \
	$(addprefix -I,$(TOOL_DIRS))
TOOL_LIBS	:= -lbpf -ldw -lelf -lz
SAN_FLAGS	:= -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer

PLUGIN_SRCS	:= $(wildcard gcc-plugin/*.cc)
PLUGIN_HDRS	:= $(wildcard gcc-plugin/*.h) include/truesig_format.h
LIB_SRCS	:= $(wildcard merge/lib/*.c)
LIB_HDRS	:= $(wildcard merge/lib/*.h) include/truesig_format.h \
	include/truesig/truesig.h include/truesig/truesig_bpf.h
TOOL_SRCS	:= $(filter-out merge/main.c,$(wildcard $(addsuffix /*.c,$(filter-out merge/lib,$(TOOL_DIRS))))) \
	$(LIB_SRCS)
TOOL_HDRS	:= $(wildcard $(addsuffix /*.h,$(filter-out merge/lib,$(TOOL_DIRS)))) $(LIB_HDRS)

# libtruesig, the reader as a library (merge/lib/, <truesig/truesig.h>,
# docs/API.md): a static and a shared one from the same position-
# independent objects; the shared one exports only the names its version
# script lists.  LIB_VERSION comes from the header.
LIB_VERSION	:= $(shell sed -n 's/^\#define LIBTRUESIG_MAJOR_VERSION //p' include/truesig/truesig.h).$(shell sed -n 's/^\#define LIBTRUESIG_MINOR_VERSION //p' include/truesig/truesig.h)
LIB_SONAME	:= libtruesig.so.$(basename $(LIB_VERSION))
LIB_A		:= $(BUILD)/lib/libtruesig.a
LIB_INTERNAL_A	:= $(BUILD)/lib/libtruesig-internal.a
LIB_SO		:= $(BUILD)/lib/libtruesig.so.$(LIB_VERSION)
LIB_MAP		:= merge/lib/libtruesig.map
LIB_PIC_OBJS	:= $(patsubst merge/lib/%.c,$(BUILD)/pic/%.o,$(LIB_SRCS))
LIB_LIBS	:= -lbpf -lelf
OBJCOPY		?= objcopy

UNIT_TESTS	:= $(patsubst merge/tests/%.c,$(BUILD)/asan/%,$(wildcard merge/tests/test-*.c))
BTF_LOAD	:= $(BUILD)/btf-kernel-load
# Inputs that once crashed a fuzz target, replayed by `make check` (built
# by clang when it is installed: its UBSan also catches NULL + 0).
REPLAY_CC	:= $(shell command -v clang >/dev/null 2>&1 && echo clang || echo $(HOST_CC))
REPLAY_TESTS	:= $(patsubst fuzz/fuzz-%.c,$(BUILD)/asan/replay-%,$(wildcard fuzz/fuzz-*.c))

.PHONY: FORCE all plugin deps demo check check-targets install-lib check-gcc-ipa check-objtool gcc-diff gcc-diff-objects sweep torture-sweep torture kernel-check bench fuzz robustness valgrind install uninstall clean
.DELETE_ON_ERROR:

all: deps $(PLUGIN) $(TOOL) $(LIB_A) $(LIB_SO)

# The plugin alone (what a cross compiler's tests need of its build).
plugin: deps $(PLUGIN)

deps:
	@scripts/deps.sh $(CC)

$(BUILD):
	@mkdir -p $(BUILD)/asan

# The compiler's name and version: everything built depends on it, so that
# `make CC=gcc-11` in a tree built with gcc-12 rebuilds (a plugin built for
# one GCC cannot load in another).  Rewritten only when it changes.
COMPILER	:= $(BUILD)/compiler
$(COMPILER): FORCE | $(BUILD)
	@v="$(CC) $$($(CC) -dumpfullversion) $(HOST_CC)"; \
	[ "$$(cat $@ 2>/dev/null)" = "$$v" ] || echo "$$v" >$@
FORCE:

# Linked without libstdc++: the plugin needs only operator new and delete,
# which cc1 (linked with libstdc++ and exporting its symbols for plugins)
# provides; loading libstdc++.so into every compile would cost 1.2 MB more.
PLUGIN_LDFLAGS	:= -shared -nodefaultlibs -lc -lgcc

# An object a source, as the tool's: touching one recompiles one.
PLUGIN_OBJS	:= $(patsubst gcc-plugin/%.cc,$(BUILD)/plugin-obj/%.o,$(PLUGIN_SRCS))

$(BUILD)/plugin-obj/%.o: gcc-plugin/%.cc $(COMPILER) Makefile | $(BUILD) deps
	@mkdir -p $(@D)
	$(CXX_FOR_PLUGIN) $(PLUGIN_CXXFLAGS) -I$(PLUGIN_DIR)/include -MMD -MP \
		-c -o $@ $<

$(PLUGIN): $(PLUGIN_OBJS)
	$(CXX_FOR_PLUGIN) -o $@ $(PLUGIN_OBJS) $(PLUGIN_LDFLAGS)

# The tool, an object a source: touching one source recompiles one object
# (each object's headers are in its .d file, written as it compiles; a
# changed Makefile recompiles them all).
# The library's part is its own objects, through LIB_INTERNAL_A.
TOOL_OBJS	:= $(patsubst merge/%.c,$(BUILD)/obj/%.o,merge/main.c \
	$(filter-out $(LIB_SRCS),$(TOOL_SRCS)))

$(BUILD)/obj/%.o: merge/%.c $(COMPILER) Makefile | $(BUILD) deps
	@mkdir -p $(@D)
	$(HOST_CC) $(TOOL_CFLAGS) -MMD -MP -c -o $@ $<

$(TOOL): $(TOOL_OBJS) $(LIB_INTERNAL_A)
	$(HOST_CC) $(TOOL_CFLAGS) -o $@ $(TOOL_OBJS) $(LIB_INTERNAL_A) $(TOOL_LIBS)


# Built with its own folder alone on the include path: the library never
# reaches into the tool.
LIB_CFLAGS	:= -std=gnu11 -O2 -g -Wall -Wextra -Werror -Iinclude -Imerge/lib

$(BUILD)/pic/%.o: merge/lib/%.c $(COMPILER) Makefile | $(BUILD) deps
	@mkdir -p $(@D)
	$(HOST_CC) $(LIB_CFLAGS) -fPIC -MMD -MP -c -o $@ $<

# The library's objects with every name global, for the tool and the
# project's helpers, which use its internal headers too.
$(LIB_INTERNAL_A): $(LIB_PIC_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $(LIB_PIC_OBJS)

# What users link: one object whose only global names are those the
# shared library exports (its version script's); the others would collide
# with a program's own array_grow or load_path.
$(LIB_A): $(LIB_PIC_OBJS) $(LIB_MAP)
	@mkdir -p $(@D)
	sed -n 's/^[[:space:]]*\(truesig_[a-z0-9_]*\);$$/\1/p' $(LIB_MAP) >$(@:.a=.exports)
	$(LD) -r -o $(@:.a=.o) $(LIB_PIC_OBJS)
	$(OBJCOPY) --keep-global-symbols=$(@:.a=.exports) $(@:.a=.o)
	rm -f $@ && $(AR) rcs $@ $(@:.a=.o) && rm -f $(@:.a=.o) $(@:.a=.exports)

$(LIB_SO): $(LIB_PIC_OBJS) $(LIB_MAP)
	@mkdir -p $(@D)
	$(HOST_CC) -shared -Wl,-soname,$(LIB_SONAME) -Wl,--version-script=$(LIB_MAP) \
		-Wl,--no-undefined -o $@ $(LIB_PIC_OBJS) $(LIB_LIBS)
	ln -sf $(notdir $@) $(BUILD)/lib/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(BUILD)/lib/libtruesig.so

# The same tool under AddressSanitizer and UBSan, for the tests: its
# objects are compiled once (by CC, and by REPLAY_CC for the replays) and
# linked into each test.
ASAN_OBJS	:= $(patsubst merge/%.c,$(BUILD)/asan/obj/%.o,$(TOOL_SRCS))
REPLAY_OBJS	:= $(if $(filter $(HOST_CC),$(REPLAY_CC)),$(ASAN_OBJS),\
	$(patsubst merge/%.c,$(BUILD)/asan/obj-replay/%.o,$(TOOL_SRCS)))

.SECONDARY: $(ASAN_OBJS) $(REPLAY_OBJS)

$(BUILD)/asan/obj/%.o: merge/%.c $(COMPILER) Makefile | $(BUILD)
	@mkdir -p $(@D)
	$(HOST_CC) $(TOOL_CFLAGS) $(SAN_FLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/asan/obj-replay/%.o: merge/%.c $(COMPILER) Makefile | $(BUILD)
	@mkdir -p $(@D)
	$(REPLAY_CC) $(TOOL_CFLAGS) $(SAN_FLAGS) -MMD -MP -c -o $@ $<

-include $(wildcard $(foreach d,obj asan/obj asan/obj-replay,\
	$(BUILD)/$(d)/*.d $(BUILD)/$(d)/*/*.d) $(BUILD)/pic/*.d \
	$(BUILD)/plugin-obj/*.d)

$(BUILD)/asan/truesig: merge/main.c $(ASAN_OBJS) $(TOOL_HDRS)
	$(HOST_CC) $(TOOL_CFLAGS) $(SAN_FLAGS) -o $@ $< $(ASAN_OBJS) $(TOOL_LIBS)

$(BUILD)/asan/test-%: merge/tests/test-%.c $(ASAN_OBJS) $(TOOL_HDRS) $(wildcard merge/tests/*.h)
	$(HOST_CC) $(TOOL_CFLAGS) $(SAN_FLAGS) -o $@ $< $(ASAN_OBJS) $(TOOL_LIBS)

$(BUILD)/asan/replay-%: fuzz/replay.c fuzz/fuzz-%.c fuzz/fuzz_common.h $(REPLAY_OBJS) $(TOOL_HDRS)
	$(REPLAY_CC) $(TOOL_CFLAGS) $(SAN_FLAGS) -DFUZZ_TARGET='"$*"' \
		-DFUZZ_REGRESS_DIR='"$(CURDIR)/fuzz/regress/$*"' -o $@ \
		fuzz/replay.c fuzz/fuzz-$*.c $(REPLAY_OBJS) $(TOOL_LIBS)

# A helper of the BTF tests: the running kernel's verdict on a BTF file.
$(BTF_LOAD): merge/tests/btf-kernel-load.c $(COMPILER) | $(BUILD)
	$(HOST_CC) $(TOOL_CFLAGS) -o $@ $< -lbpf

# The helpers of the verify suite: the torture generator and a tool that
# spoils a record on purpose (on the library's internal headers).
$(BUILD)/torture-gen: testsuite/torture/gen.c $(COMPILER) | $(BUILD)
	$(HOST_CC) $(TOOL_CFLAGS) -o $@ $<

$(BUILD)/corrupt-record: testsuite/verify/corrupt-record.c $(LIB_INTERNAL_A) $(LIB_HDRS) $(COMPILER) | $(BUILD)
	$(HOST_CC) $(TOOL_CFLAGS) -o $@ $< $(LIB_INTERNAL_A) $(LIB_LIBS)

VERIFY_HELPERS := $(BUILD)/torture-gen $(BUILD)/corrupt-record

# Compares a clone's record with GCC's own IPA-CP and IPA-SRA dumps (on
# the library's internal headers).
$(BUILD)/ipa-dump-check: testsuite/gcc-ipa/ipa-dump-check.c $(LIB_INTERNAL_A) $(LIB_HDRS) $(COMPILER) | $(BUILD)
	$(HOST_CC) $(TOOL_CFLAGS) -o $@ $< $(LIB_INTERNAL_A) $(LIB_LIBS)

# ---- demo -------------------------------------------------------------------
demo: all
	@scripts/demo.sh $(CC) $(BUILD)

# ---- tests ------------------------------------------------------------------
# Each suite writes "<suite>: N passed, N failed" to $(BUILD)/results/;
# the last line sums them.  The unit tests are the tool's, of this machine,
# and so are the objects they build (this machine's objcopy reads them);
# the API test builds its program for this machine too (HOST_CC).
check: all $(BUILD)/asan/truesig $(UNIT_TESTS) $(REPLAY_TESTS) $(BTF_LOAD) $(VERIFY_HELPERS)
	@rm -rf $(BUILD)/results; mkdir -p $(BUILD)/results
	@CC=$(HOST_CC) scripts/run-unit-tests.sh $(BUILD) $(UNIT_TESTS) $(REPLAY_TESTS) || true
	@scripts/run-dejagnu.sh $(CC) $(BUILD) || true
	@scripts/run-verify.sh $(CC) $(BUILD) || true
	@scripts/sweep.sh $(CC) $(BUILD) $(CHECK_SWEEP_EVERY) -O2 $(if $(CROSS),,"-O2 -m32") \
		| tee $(BUILD)/results/sweep | tail -n 3
	@$(if $(CHECK_TARGETS),$(MAKE) --no-print-directory check-targets || true,\
		echo "targets: run with the system's gcc (make check-targets CC=gcc-N runs them)" >&2)
	@if $(MAKE) --no-print-directory install-lib PREFIX=$(API_PREFIX) \
		>$(BUILD)/api-install.log 2>&1; then \
		scripts/check-api.sh $(CC) $(HOST_CC) $(BUILD) $(API_PREFIX) || true; \
	else echo "api: 0 passed, 1 failed (make install-lib: see $(BUILD)/api-install.log)" \
		| tee $(BUILD)/results/api; fi
	@scripts/summarize.sh $(BUILD)/results

# Other targets' calling conventions (testsuite/truesig.target), with the
# cross compilers of CC's GCC version (Debian 12 has GCC 12's): part of
# `make check` with the system's gcc, and on its own as `make check-targets`.
TARGET_TRIPLETS	:= aarch64-linux-gnu s390x-linux-gnu riscv64-linux-gnu
CHECK_TARGETS	?= $(if $(filter gcc,$(CC)),yes)
check-targets: all $(VERIFY_HELPERS)
	@mkdir -p $(BUILD)/results; for t in $(TARGET_TRIPLETS); do \
		scripts/deps.sh $$t-gcc-$(CC_MAJOR) || { echo "targets: 0 passed, 1 failed" \
			"(the dependency step for $$t-gcc-$(CC_MAJOR))" | tee $(BUILD)/results/targets; \
			exit 1; }; done
	@scripts/run-targets.sh $(CC_MAJOR) $(BUILD) $(TARGET_TRIPLETS)

# libtruesig installed where the API suite builds against it.
API_PREFIX = $(abspath $(BUILD))/api/prefix

# Every Nth c-torture file in `make check`; all of them in `make sweep`.
CHECK_SWEEP_EVERY ?= 40
SWEEP_EVERY ?= 1
SWEEP_FLAGS ?= -O2 -O3 -Os "-O2 -m32"

# Compile GCC's c-torture tests with and without the plugin: ICEs, changed
# diagnostics, changed code, clones without a record (not part of check);
# SWEEP_RUN=--run also links and runs the execute tests both ways.
sweep: all
	@scripts/sweep.sh $(SWEEP_RUN) $(CC) $(BUILD) $(SWEEP_EVERY) $(SWEEP_FLAGS)

# The same with each of TORTURE_SWEEP_CCS (any of GCC 11-16; those this
# system lacks run in the toolchain root), the execute tests linked and
# run with and without the plugin (not part of check; about two hours a
# compiler on 2 cores with SWEEP_EVERY=1).
TORTURE_SWEEP_CCS ?= gcc-11 gcc-12
torture-sweep:
	@status=0; for cc in $(TORTURE_SWEEP_CCS); do \
		echo "== $$cc"; \
		$(MAKE) --no-print-directory CC=$$cc BUILD=build-sweep-$$cc \
			SWEEP_RUN=--run sweep || status=1; \
	done; exit $$status

# How GCC versions change the signatures of the same code: every c-torture
# file at -O2 with each of GCC_DIFF_CCS (those this system lacks in the
# toolchain root), then `truesig diff` between neighbours, summed
# (BUILD/gcc-diff/report; not part of check).
GCC_DIFF_CCS ?= gcc-11 gcc-12 gcc-13 gcc-14 gcc-15 gcc-16
gcc-diff: all
	@scripts/gcc-diff.sh source $(BUILD)/gcc-diff/src
	@for cc in $(GCC_DIFF_CCS); do \
		$(MAKE) --no-print-directory CC=$$cc BUILD=build-diff-$$cc \
			GCC_DIFF_SRC=$(abspath $(BUILD))/gcc-diff/src \
			gcc-diff-objects || exit 1; \
	done
	@scripts/gcc-diff.sh report $(TOOL) $(foreach cc,$(GCC_DIFF_CCS),build-diff-$(cc)/gcc-diff/objects) \
		| tee $(BUILD)/gcc-diff/report
gcc-diff-objects: all
	@scripts/gcc-diff.sh objects $(CC) $(BUILD) $(GCC_DIFF_SRC)

# Build Linux $(KERNEL) with and without the plugin, check its BTF, boot
# it under QEMU and trace clone functions with fentry (about an hour on 2
# cores; not part of check).  KERNEL_WORK holds the builds.
# KCONFIG=defconfig builds the architecture's defconfig in place of the
# small config (hours on 2 cores).
export KCONFIG
KERNEL_WORK ?= $(BUILD)/kernel$(if $(filter-out 6.1,$(KERNEL)),-$(KERNEL))$(if $(filter defconfig,$(KCONFIG)),-defconfig)
kernel-check: all
	@[ -d kernel-integration/patches-$(KERNEL) ] || { \
		echo "kernel-check: no patches for Linux $(KERNEL) (kernel-integration/patches-$(KERNEL)/); there are: $(patsubst kernel-integration/patches-%,%,$(wildcard kernel-integration/patches-*))" >&2; \
		exit 2; }
	@case '$(ARCH)' in x86_64|arm64) ;; *) \
		echo "kernel-check: no kernel check for ARCH=$(ARCH) (there are x86_64 and arm64)" >&2; \
		exit 2 ;; esac
	@scripts/deps.sh $(CC) kernel
	@CC=$(CC) ARCH=$(ARCH) TRUESIG_PLUGIN=$(abspath $(PLUGIN)) TRUESIG=$(abspath $(TOOL)) \
		kernel-integration/build-and-check.sh $(KERNEL_WORK)

# Every benchmark in one run, ratios side by side (bench/run-all.sh);
# builds the kernels it measures in KERNEL_WORK when they are missing.
bench: all
	@scripts/deps.sh $(CC) kernel
	@CC=$(CC) bench/run-all.sh $(KERNEL_WORK)

# N torture-gen programs from seed SEED on, each at -O2, -O3, -Os and
# -O2 -m32, run under `truesig verify` (not part of check).
N ?= 50
SEED ?= 1
JOBS ?= 2
torture: all $(VERIFY_HELPERS)
	@scripts/torture.sh $(CC) $(BUILD) $(N) $(SEED) $(JOBS)

# GCC's own gcc.dg/ipa tests (from gcc-N-source of CC's version) compiled
# with the plugin; every clone's record compared with GCC's IPA-CP and
# IPA-SRA dumps (not part of check).
check-gcc-ipa: all $(BUILD)/ipa-dump-check
	@scripts/deps.sh $(CC) gcc-ipa
	@scripts/gcc-ipa-check.sh $(CC) $(BUILD)

# The kernel's objtool (built from the linux-source-N this system has) on
# kernel-style objects with and without the plugin: the records change
# nothing objtool says or writes (not part of check; CI runs it).
check-objtool: all
	@scripts/deps.sh $(CC) objtool
	@scripts/objtool-check.sh $(CC) $(BUILD)

# The failure-atomicity tests of testsuite/truesig.robust (in check with a
# few rounds on a small program) with many rounds on a large one.
ROBUST_ROUNDS	?= 200
ROBUST_FUNCS	?= 1500

robustness: all
	@rm -rf $(BUILD)/robustness; mkdir -p $(BUILD)/robustness
	@cd $(BUILD)/robustness && TRUESIG_ROBUST_ROUNDS=$(ROBUST_ROUNDS) \
		TRUESIG_ROBUST_FUNCS=$(ROBUST_FUNCS) runtest --tool truesig \
		--srcdir $(CURDIR)/testsuite TRUESIG_CC=$(CC) \
		TRUESIG_PLUGIN=$(abspath $(PLUGIN)) TRUESIG_TOOL=$(abspath $(TOOL)) \
		TRUESIG_TOP=$(CURDIR) truesig.robust/atomic.exp >runtest.out 2>&1; \
		grep -E '^(PASS|FAIL|UNSUPPORTED|UNRESOLVED|ERROR)' truesig.sum; \
		! grep -qE '^(FAIL|UNRESOLVED|ERROR)' truesig.sum

# The plugin under valgrind on a few sample compiles (not part of check).
valgrind: all
	@scripts/valgrind.sh $(CC) $(abspath $(PLUGIN)) $(BUILD)/valgrind

# ---- fuzzing ----------------------------------------------------------------
# libFuzzer targets (fuzz/): the section parser, records to BTF, whole ELF
# files.  `make fuzz` runs each for FUZZ_SECONDS, one after another, from
# seeds made from the testsuite's programs (not part of check).  The tool's
# sources are compiled once, with coverage for libFuzzer (fuzzer-no-link),
# and linked into each target.
FUZZ_CC		?= clang
FUZZ_SECONDS	?= 60
FUZZ_TARGETS	:= records btf elf
FUZZ_SAN	:= address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS	:= -std=gnu11 -g -O1 -Wall -Wextra -Werror -Iinclude $(addprefix -I,$(TOOL_DIRS))
FUZZ_BINS	:= $(patsubst %,$(BUILD)/fuzz/fuzz-%,$(FUZZ_TARGETS))
FUZZ_OBJS	:= $(patsubst merge/%.c,$(BUILD)/fuzz/obj/%.o,$(TOOL_SRCS))

.SECONDARY: $(FUZZ_OBJS)

$(BUILD)/fuzz/obj/%.o: merge/%.c Makefile
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link,$(FUZZ_SAN) -MMD -MP -c -o $@ $<

-include $(wildcard $(BUILD)/fuzz/obj/*.d $(BUILD)/fuzz/obj/*/*.d)

$(BUILD)/fuzz/fuzz-%: fuzz/fuzz-%.c fuzz/fuzz_common.h $(FUZZ_OBJS) $(TOOL_HDRS)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer,$(FUZZ_SAN) -o $@ $< $(FUZZ_OBJS) $(TOOL_LIBS)

fuzz: all $(FUZZ_BINS)
	@scripts/fuzz-seeds.sh $(CC) $(PLUGIN) $(TOOL) $(BUILD)/fuzz/seeds
	@scripts/fuzz.sh $(BUILD)/fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# ---- install ----------------------------------------------------------------
# gcc -fplugin=truesig looks for truesig.so in its plugin directory.
# The library alone (install-lib): its headers, libtruesig.a, the shared
# library with its soname links, and libtruesig.pc for pkg-config.
LIBDIR		?= $(PREFIX)/lib
INCLUDEDIR	?= $(PREFIX)/include

install: all install-lib
	install -d $(DESTDIR)$(PLUGIN_DIR) $(DESTDIR)$(PREFIX)/bin
	install -m 0644 $(PLUGIN) $(DESTDIR)$(PLUGIN_DIR)/truesig.so
	install -m 0755 $(TOOL) $(DESTDIR)$(PREFIX)/bin/truesig

install-lib: $(LIB_A) $(LIB_SO)
	install -d $(DESTDIR)$(INCLUDEDIR)/truesig $(DESTDIR)$(LIBDIR)/pkgconfig
	install -m 0644 include/truesig/truesig.h include/truesig/truesig_bpf.h \
		include/truesig_format.h $(DESTDIR)$(INCLUDEDIR)/truesig/
	install -m 0644 $(LIB_A) $(DESTDIR)$(LIBDIR)/
	install -m 0755 $(LIB_SO) $(DESTDIR)$(LIBDIR)/
	ln -sf $(notdir $(LIB_SO)) $(DESTDIR)$(LIBDIR)/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(DESTDIR)$(LIBDIR)/libtruesig.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
		-e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(LIB_VERSION)|' \
		merge/lib/libtruesig.pc.in >$(DESTDIR)$(LIBDIR)/pkgconfig/libtruesig.pc

uninstall:
	rm -f $(DESTDIR)$(PLUGIN_DIR)/truesig.so $(DESTDIR)$(PREFIX)/bin/truesig
	rm -f $(DESTDIR)$(INCLUDEDIR)/truesig/truesig.h \
		$(DESTDIR)$(INCLUDEDIR)/truesig/truesig_bpf.h \
		$(DESTDIR)$(INCLUDEDIR)/truesig/truesig_format.h \
		$(DESTDIR)$(LIBDIR)/libtruesig.a $(DESTDIR)$(LIBDIR)/$(notdir $(LIB_SO)) \
		$(DESTDIR)$(LIBDIR)/$(LIB_SONAME) $(DESTDIR)$(LIBDIR)/libtruesig.so \
		$(DESTDIR)$(LIBDIR)/pkgconfig/libtruesig.pc
	-rmdir $(DESTDIR)$(INCLUDEDIR)/truesig

clean:
	rm -rf $(BUILD) build-*

endif # CC from the toolchain root
