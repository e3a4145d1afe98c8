# libFuzzer targets with AddressSanitizer (docs/fuzzing.md, ADR 019), included by the Makefile.
#
# Built with swiftc directly, not SwiftPM: SwiftPM links executables with
# `--defsym main=<target>_main`, which clashes with libFuzzer's own `main`. Each library
# module is compiled once, whole-module and instrumented (coverage for libFuzzer,
# AddressSanitizer), into one object; each target in Tests/Fuzz/<Target>/ is one small file
# linked against the modules it imports. The C libraries (libxml2, cmark-gfm, libyaml, libcrypto) are
# Debian's, uninstrumented: ASan still sees their allocations, coverage stops at their door.

# `make fuzz` fuzzes an optimized build (about three times the executions per second); the short
# pass in `make test` a debug one, which compiles in a quarter of the time (docs/fuzzing.md).
FUZZ_OPT ?= -O
FUZZ_BUILD ?= .build/fuzz
FUZZ_SMOKE_BUILD := .build/fuzz-debug
FUZZ_SWIFTC ?= swiftc
# Every folder Tests/Fuzz/<Target>/ holding a <Target>.swift is a target (Support is shared code).
FUZZ_ALL_TARGETS := $(sort $(foreach f,$(wildcard Tests/Fuzz/*/*.swift),$(if $(filter $(notdir $(f:.swift=)),$(notdir $(patsubst %/,%,$(dir $(f))))),$(notdir $(f:.swift=)))))
FUZZ_TARGETS ?= $(FUZZ_ALL_TARGETS)
FUZZ_BINARIES := $(addprefix $(FUZZ_BUILD)/bin/,$(FUZZ_TARGETS))
# Seconds per target for `make fuzz`.
FUZZ_SECONDS ?= 60
FUZZ_ARGS ?=
FUZZ_RUNNER := Tests/Fuzz/fuzz.py

# newsgen's own C wrappers (Sources/<Wrapper>/), compiled with clang, each with a module map.
FUZZ_C_WRAPPERS := CNewsgenVips CNewsgenCurl
FUZZ_SANITIZE := -sanitize=fuzzer,address
FUZZ_MODULE_FLAGS := $(FUZZ_OPT) -g -wmo -parse-as-library -swift-version 6 -enable-testing -package-name newsgen -D SWIFT_PACKAGE $(FUZZ_SANITIZE) \
  -I $(FUZZ_BUILD)/modules -module-cache-path $(FUZZ_BUILD)/module-cache \
  -Xcc -fmodule-map-file=Sources/CLibXML2/module.modulemap \
  -Xcc -fmodule-map-file=Sources/CCmarkGFM/module.modulemap \
  -Xcc -fmodule-map-file=Sources/CYAML/module.modulemap \
  -Xcc -fmodule-map-file=Sources/CCurl/module.modulemap \
  -Xcc -fmodule-map-file=Sources/CCrypto/module.modulemap \
  $(foreach w,$(FUZZ_C_WRAPPERS),-Xcc -fmodule-map-file=$(FUZZ_BUILD)/$(w)/module.modulemap) \
  -Xcc -I/usr/include/libxml2
# The modules in dependency order, and what each one's object needs before it can be compiled.
FUZZ_MODULES := NewsgenModel Mustache NewsgenHTML NewsgenExtract NewsgenFeeds NewsgenKit
FUZZ_WRAPPER_MAPS := $(foreach w,$(FUZZ_C_WRAPPERS),$(FUZZ_BUILD)/$(w)/module.modulemap)
FUZZ_OBJECTS := $(foreach m,$(FUZZ_MODULES),$(FUZZ_BUILD)/obj/$(m).o) $(foreach w,$(FUZZ_C_WRAPPERS),$(FUZZ_BUILD)/obj/$(w).o)
fuzz_module = $(FUZZ_BUILD)/obj/$(1).o
# Every Swift file of a module, at any depth (stage folders hold subfolders: Enrich/Images/).
fuzz_sources = $(shell find Sources/$(1) -name '*.swift' | LC_ALL=C sort)
fuzz_deps_NewsgenModel :=
fuzz_deps_Mustache :=
fuzz_deps_NewsgenHTML := $(call fuzz_module,NewsgenModel)
fuzz_deps_NewsgenExtract := $(call fuzz_module,NewsgenModel) $(call fuzz_module,NewsgenHTML)
fuzz_deps_NewsgenFeeds := $(call fuzz_module,NewsgenModel) $(call fuzz_module,NewsgenHTML)
fuzz_deps_NewsgenKit := $(call fuzz_module,NewsgenModel) $(call fuzz_module,Mustache) $(call fuzz_module,NewsgenHTML) \
  $(call fuzz_module,NewsgenExtract) $(call fuzz_module,NewsgenFeeds)

.PHONY: fuzz fuzz-build fuzz-smoke

## Build every fuzz target into .build/fuzz/bin/ (FUZZ_TARGETS="FeedParser Mustache" picks some).
fuzz-build: deps $(FUZZ_BINARIES)
	@echo "fuzz-build: $(words $(FUZZ_BINARIES)) targets in $(FUZZ_BUILD)/bin ($(FUZZ_OPT))"

## Fuzz each target in turn for FUZZ_SECONDS (default 60), keeping what it learns in .fuzz/corpus/<Target>;
## a crash, hang or memory blow-up stops that target and is written to .fuzz/findings/<Target>/.
fuzz: fuzz-build
	python3 $(FUZZ_RUNNER) run --bin $(FUZZ_BUILD)/bin --seconds $(FUZZ_SECONDS) $(FUZZ_ARGS) $(FUZZ_TARGETS)

## The short deterministic pass `make test` runs, on a debug build in .build/fuzz-debug/: every
## regression input once, then each target over its seeds and a fixed count of mutations from seed 1.
fuzz-smoke: deps
	@$(MAKE) --no-print-directory FUZZ_OPT=-Onone FUZZ_BUILD=$(FUZZ_SMOKE_BUILD) fuzz-build
	python3 $(FUZZ_RUNNER) smoke --bin $(FUZZ_SMOKE_BUILD)/bin $(FUZZ_TARGETS)

define fuzz_module_rule
$(FUZZ_BUILD)/obj/$(1).o: $(call fuzz_sources,$(1)) $(fuzz_deps_$(1)) Tests/Fuzz/fuzz.mk $(FUZZ_WRAPPER_MAPS)
	@mkdir -p $(FUZZ_BUILD)/obj $(FUZZ_BUILD)/modules
	$(FUZZ_SWIFTC) $(FUZZ_MODULE_FLAGS) -module-name $(1) -emit-module -emit-module-path $(FUZZ_BUILD)/modules/$(1).swiftmodule \
	  -c -o $$@ $(call fuzz_sources,$(1))
	@# swiftc leaves an object whose bytes did not change as it was, older than its inputs.
	@touch $$@
endef
$(foreach m,$(FUZZ_MODULES),$(eval $(call fuzz_module_rule,$(m))))

# The C wrappers for libvips (opened with dlopen at run time, so nothing more to link) and for
# libcurl (linked, -lcurl), uninstrumented like the libraries they wrap.
define fuzz_wrapper_rule
$(FUZZ_BUILD)/obj/$(1).o: $(wildcard Sources/$(1)/*.c Sources/$(1)/include/*.h)
	@mkdir -p $(FUZZ_BUILD)/obj
	clang -O1 -g -fPIC -ISources/$(1)/include -c -o $$@ $(wildcard Sources/$(1)/*.c)

$(FUZZ_BUILD)/$(1)/module.modulemap: Tests/Fuzz/fuzz.mk
	@mkdir -p $$(dir $$@)
	printf 'module $(1) {\n    header "%s/$(wildcard Sources/$(1)/include/*.h)"\n    export *\n}\n' "$(CURDIR)" > $$@
endef
$(foreach w,$(FUZZ_C_WRAPPERS),$(eval $(call fuzz_wrapper_rule,$(w))))

# One binary per target: its file and Tests/Fuzz/Support, linked against the archive of every
# module, from which the linker takes only the modules the target reaches. lld rather than gold,
# which warns about ASan's symbols.
FUZZ_LINK_FLAGS := $(FUZZ_OPT) -g -parse-as-library -swift-version 6 $(FUZZ_SANITIZE) -use-ld=lld \
  -I $(FUZZ_BUILD)/modules -module-cache-path $(FUZZ_BUILD)/module-cache \
  -Xcc -fmodule-map-file=Sources/CLibXML2/module.modulemap -Xcc -fmodule-map-file=Sources/CCmarkGFM/module.modulemap \
  -Xcc -fmodule-map-file=Sources/CYAML/module.modulemap -Xcc -fmodule-map-file=Sources/CCurl/module.modulemap \
  -Xcc -fmodule-map-file=Sources/CCrypto/module.modulemap \
  $(foreach w,$(FUZZ_C_WRAPPERS),-Xcc -fmodule-map-file=$(FUZZ_BUILD)/$(w)/module.modulemap) \
  -Xcc -I/usr/include/libxml2
FUZZ_SUPPORT := $(wildcard Tests/Fuzz/Support/*.swift)
FUZZ_ARCHIVE := $(FUZZ_BUILD)/libnewsgen-fuzz.a

$(FUZZ_ARCHIVE): $(FUZZ_OBJECTS)
	rm -f $@
	llvm-ar rcs $@ $^

define fuzz_target_rule
$(FUZZ_BUILD)/bin/$(1): Tests/Fuzz/$(1)/$(1).swift $(FUZZ_SUPPORT) $(FUZZ_ARCHIVE)
	@mkdir -p $(FUZZ_BUILD)/bin
	$(FUZZ_SWIFTC) $(FUZZ_LINK_FLAGS) -module-name $(1)Fuzz Tests/Fuzz/$(1)/$(1).swift $(FUZZ_SUPPORT) \
	  $(FUZZ_ARCHIVE) -lxml2 -lcmark-gfm -lcmark-gfm-extensions -lyaml -lcurl -lcrypto -ldl -o $$@
endef
$(foreach t,$(FUZZ_ALL_TARGETS),$(eval $(call fuzz_target_rule,$(t))))
