# libbfc -- plain GNU make; no other build system needed.
#
#   make                 libbfc.a, libbfc.so (SONAME libbfc.so.0.MINOR while at 0.x), the tools
#   make check           build and run every test; last line "N passed, N failed"
#   make check-quick     the same tests in their quick tier (under a minute)
#   make examples        the teaching examples (examples/*.c; not installed)
#   make bench           release build of the benchmark; prints the rates, then
#                        instructions per call counted by callgrind (valgrind);
#                        BENCH_QUICK=1: a run of seconds (CI), not to compare
#   make bench-check     the speed gate: those counts, gcc and clang, against
#                        tests/bench_pins.txt (a rise above 2 % fails);
#                        make bench-pin writes them as the pins
#   make ladder          the search bot's strength against the frozen baseline
#                        on duplicate deals (long; LADDER_ARGS="-n 200 --cell
#                        bf2" for a part, LADDER_JOBS processes at once)
#   make sanitize        make check under -fsanitize=address,undefined
#                        (SANITIZE_CHECK=check-quick: the quick tier)
#   make tsan            the threads test under -fsanitize=thread
#   make valgrind        the test programs (quick mode) and the tools under valgrind
#   make lint            cppcheck and clang-tidy (checks in .clang-tidy)
#   make fuzz / fuzz-replay   libFuzzer targets / their corpora replayed
#   make install / uninstall   (PREFIX, BINDIR, LIBDIR, INCLUDEDIR, PKGCONFIGDIR, CMAKEDIR,
#                        MANDIR, DOCDIR, DESTDIR): the libraries, the header, bfc.pc,
#                        the CMake package bfc::bfc, the tools, their man pages, the
#                        rules reference; uninstall removes what the install wrote in
#                        its manifest (INSTALL_MANIFEST), whatever variables it is given
#   make dist            build/libbfc-VERSION.tar.gz: the commit checked out (HEAD) as a
#                        reproducible tarball (sorted names, owner 0, mtime of the commit
#                        or SOURCE_DATE_EPOCH)
#   make distcheck       the tarball unpacked in a fresh folder: built, its quick tests
#                        run, installed and uninstalled (DISTCHECK_FLAGS="CC=clang ...")
#   make install-python / uninstall-python   the Python package bfc (PYTHON, PYTHON_SITEDIR)
#   make bench-python    games/s from Python (bindings/python/bench.py) and in C
#   make man             regenerate man/*.1 and man/libbfc.3 from the --help texts and
#                        bfc.h (committed; `make check` proves them current)
#   make tables          regenerate src/tables.c (committed; `make check` proves it current)
#   make cases           regenerate tests/cases/*.jsonl (committed; checked the same way)
#   make wasm            the library as WebAssembly for the npm package bindings/js/ (emcc)
#   make check-js        the JavaScript package's tests (node --test)
#   make web / check-web the web page examples/web/ into build/web/ / played in Chromium
#   make bench-js        scoring speed through the JavaScript API next to native
#
# Quiet by default; `make V=1` shows every command. Honours CC, CFLAGS,
# CPPFLAGS, LDFLAGS: ours come first so yours win.

CC      ?= cc
CXX     ?= c++
PYTHON  ?= python3
PREFIX  ?= /usr/local
LIBDIR  ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
BINDIR  ?= $(PREFIX)/bin
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CMAKEDIR ?= $(LIBDIR)/cmake/bfc
DATAROOTDIR ?= $(PREFIX)/share
MANDIR  ?= $(DATAROOTDIR)/man
DOCDIR  ?= $(DATAROOTDIR)/doc/libbfc
DESTDIR ?=
# make install appends every file, link and directory it makes here (one per
# line: "file PATH", "link PATH", "dir PATH", DESTDIR included); make
# uninstall removes exactly those, then the file.
INSTALL_MANIFEST ?= install_manifest.txt

# The version is written once, in the header.
VMAJOR := $(shell sed -n 's/^\#define BFC_VERSION_MAJOR \([0-9]*\).*/\1/p' include/bfc.h)
VMINOR := $(shell sed -n 's/^\#define BFC_VERSION_MINOR \([0-9]*\).*/\1/p' include/bfc.h)
VPATCH := $(shell sed -n 's/^\#define BFC_VERSION_PATCH \([0-9]*\).*/\1/p' include/bfc.h)
VERSION := $(VMAJOR).$(VMINOR).$(VPATCH)

# ---- Flags, in one place ---------------------------------------------------
# Warnings are errors in the project's own builds (plain `make`, CI). A build
# with your own CFLAGS keeps every warning but not -Werror, so a compiler's
# false positive under flags we never tried cannot stop it; WERROR=-Werror
# brings it back.
ifeq ($(origin CFLAGS),undefined)
WERROR ?= -Werror
else
WERROR ?=
endif
WARN    = -Wall -Wextra $(WERROR) -Wshadow -Wcast-qual -Wstrict-prototypes \
          -Wmissing-prototypes -Wpointer-arith -Wundef -Wvla -Wformat=2
# The library and the programs of examples/ also keep to these (the tests
# need not: they mix signed and unsigned freely in their checks).
STRICT_WARN = -Wconversion -Wsign-conversion -Wcast-align -Wswitch-enum
OPT    ?= -O2
STD     = -std=c11
# the library: its private headers, hidden symbols, position-independent
LIB_CFLAGS  = $(STD) $(OPT) $(WARN) $(STRICT_WARN) -Iinclude -Isrc -fPIC -fvisibility=hidden \
              $(CPPFLAGS) $(CFLAGS)
# examples/: the public header only (tests/test_wall.sh proves it)
EX_CFLAGS   = $(STD) $(OPT) $(WARN) $(STRICT_WARN) -Iinclude -Iexamples/common $(CPPFLAGS) $(CFLAGS)
# tests/: may look inside (src/ headers) to check internal invariants
TEST_CFLAGS = $(STD) $(OPT) $(WARN) -Iinclude -Isrc $(CPPFLAGS) $(CFLAGS)

ifeq ($(V),1)
Q =
say = @:
else
Q = @
say = @printf '  %-6s %s\n'
MAKEFLAGS += --no-print-directory
endif

# ---- The library ----------------------------------------------------------
SRCS  = src/card.c src/status.c src/tables.c src/show.c src/frontline.c src/items.c \
        src/text.c src/names.c src/event.c src/rules.c src/move.c src/peg.c src/battlefield.c \
        src/battlefield_moves.c src/classic.c src/classic_deal.c src/classic_play.c \
        src/classic_show.c src/classic_moves.c src/classic_muggins.c \
        src/check.c src/observe.c src/determinize.c src/save.c src/bot.c src/game.c \
        src/sim.c src/advise.c src/search.c src/dial.c src/model.c src/model_tables.c src/winchance.c src/win_tables.c \
        src/review.c src/explain.c src/reviewtext.c
OBJS  = $(SRCS:src/%.c=build/%.o)
ENGINE_H = src/internal.h src/state.h src/peg.h src/variants.h src/classic_body.h \
           src/classic_deal.h src/classic_play.h src/classic_show.h src/compiler.h src/model.h \
           src/winchance.h src/reviewtext.h
# The SONAME changes whenever the ABI may: while the major version is 0 a
# minor release may break it, so the SONAME carries the minor (libbfc.so.0.3);
# from 1.0 on, the major (bfc.h, "Versioning"; tests/abi/ lists the exports).
SHLIB = libbfc.so.$(VERSION)
SONAME = libbfc.so.$(if $(filter 0,$(VMAJOR)),0.$(VMINOR),$(VMAJOR))

# ---- Programs: the tools (installed) and the teaching examples (not) -------
# Each tool is a folder of sources split by concern, linked with what the
# tools share (examples/common/); objects go under build/examples/. A
# teaching example is one file, examples/NAME.c.
TOOLS = examples/bfc-score/bfc-score examples/bfc-play/bfc-play examples/bfc-sim/bfc-sim \
        examples/bfc-advise/bfc-advise examples/bfc-engine/bfc-engine examples/bfc-arena/bfc-arena
TEACH = examples/score_hand examples/bot_game examples/save_resume examples/search_bot
COMMON_SRCS = $(wildcard examples/common/*.c)
EX_HDRS = include/bfc.h $(wildcard examples/*/*.h)
COMMON_LIB = build/examples/libcommon.a
tool_srcs = $(wildcard examples/$(1)/*.c)
tool_objs = $(patsubst examples/%.c,build/examples/%.o,$(call tool_srcs,$(1)))
EX_SRCS = $(foreach t,$(TOOLS),$(wildcard $(dir $(t))*.c)) $(COMMON_SRCS) $(TEACH:%=%.c)

TESTS = tests/test_cards tests/test_show tests/test_frontline tests/test_seeds \
        tests/test_items tests/test_api tests/test_options tests/test_game tests/test_classic tests/test_alloc \
        tests/test_threads tests/test_abi tests/test_pin tests/test_advise tests/test_search \
        tests/test_baseline tests/test_deals tests/test_selfplay tests/test_expert tests/test_review \
        tests/test_dial
TEST_SCRIPTS = tests/test_tables.sh tests/test_web_rules.sh tests/test_cli.sh tests/test_symbols.sh tests/test_readme.sh \
        tests/test_install.sh tests/test_play.sh tests/test_sim.sh tests/test_examples.sh \
        tests/test_wall.sh tests/test_js.sh tests/test_python.sh tests/test_advise_cli.sh \
        tests/test_ladder.sh tests/test_bad_inputs.sh tests/test_man.sh tests/test_cases.sh \
        tests/test_dist.sh tests/test_win.sh tests/test_coach.sh tests/test_layers.sh tests/test_arena.sh
# The manual pages (generated by man/gen_man.py, committed).
MAN1 = $(foreach t,$(TOOLS),man/$(notdir $(t)).1)
MAN3 = man/libbfc.3
# The docs installed in DOCDIR.
DOCS = doc/rules.md doc/strength.md doc/protocol.md README.md CHANGELOG.md LICENSE

.PHONY: all examples check check-quick bench bench-python ladder rate dial-cost sanitize tsan valgrind lint fuzz \
        fuzz-replay install uninstall install-python uninstall-python clean tables model win win-measure bfc.pc wasm \
        check-js web check-web bench-js npm-pack man cases cmake-config dist distcheck
all: libbfc.a $(SHLIB) $(TOOLS)

build/%.o: src/%.c include/bfc.h $(ENGINE_H) | build
	$(say) CC $@
	$(Q)$(CC) $(LIB_CFLAGS) -c $< -o $@
build:
	$(Q)mkdir -p build

libbfc.a: $(OBJS)
	$(say) AR $@
	$(Q)rm -f $@
	$(Q)$(AR) rcs $@ $(OBJS)

$(SHLIB): $(OBJS)
	$(say) LD $@
	$(Q)$(CC) -shared -Wl,-soname,$(SONAME) $(LDFLAGS) -o $@ $(OBJS)
	$(Q)ln -sf $(SHLIB) $(SONAME)
	$(Q)ln -sf $(SHLIB) libbfc.so

# Programs link the static library: they run from the tree with no
# LD_LIBRARY_PATH. The install test links the shared one.
build/examples/%.o: examples/%.c $(EX_HDRS)
	$(say) CC $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(EX_CFLAGS) -c $< -o $@
examples/bfc-score/bfc-score: $(call tool_objs,bfc-score)
examples/bfc-play/bfc-play: $(call tool_objs,bfc-play)
examples/bfc-sim/bfc-sim: $(call tool_objs,bfc-sim)
examples/bfc-advise/bfc-advise: $(call tool_objs,bfc-advise)
examples/bfc-engine/bfc-engine: $(call tool_objs,bfc-engine)
examples/bfc-arena/bfc-arena: $(call tool_objs,bfc-arena)
$(TOOLS): $(COMMON_LIB) libbfc.a
	$(say) LD $@
	$(Q)$(CC) $(EX_CFLAGS) $(filter %.o,$^) -o $@ $(COMMON_LIB) libbfc.a $(LDFLAGS)
$(COMMON_LIB): $(COMMON_SRCS:examples/%.c=build/examples/%.o)
	$(say) AR $@
	$(Q)rm -f $@
	$(Q)$(AR) rcs $@ $^
$(TEACH): examples/%: examples/%.c include/bfc.h libbfc.a
	$(say) CC $@
	$(Q)$(CC) $(EX_CFLAGS) $< -o $@ libbfc.a $(LDFLAGS)
examples: $(TEACH)

# ---- Tests ------------------------------------------------------------------
tests/brute.o: tests/brute.c tests/brute.h include/bfc.h
	$(say) CC $@
	$(Q)$(CC) $(TEST_CFLAGS) -c $< -o $@
tests/test_%: tests/test_%.c tests/harness.h tests/textbuf.h tests/brute.o libbfc.a
	$(say) CC $@
	$(Q)$(CC) $(TEST_CFLAGS) $< -o $@ tests/brute.o libbfc.a $(LDFLAGS)
# Counts the library's heap calls (the linker routes them through the
# test's __wrap_ functions) to prove a playout allocates nothing.
tests/test_alloc: tests/test_alloc.c tests/harness.h libbfc.a
	$(say) CC $@
	$(Q)$(CC) $(TEST_CFLAGS) $< -o $@ libbfc.a $(LDFLAGS) \
	    -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free
# The frozen baselines of the tools (examples/common/baseline.c, 0.2's; base03.c,
# 0.3's), built as the tools build them, against its pinned signature.
tests/test_baseline: tests/test_baseline.c tests/harness.h build/examples/common/baseline.o \
    build/examples/common/base03.o libbfc.a
	$(say) CC $@
	$(Q)$(CC) $(TEST_CFLAGS) -Iexamples/common $< -o $@ build/examples/common/baseline.o \
	    build/examples/common/base03.o libbfc.a \
	    $(LDFLAGS)
# Scorers and games on several threads at once (bfc.h's promise); `make
# tsan` runs it under ThreadSanitizer.
tests/test_threads: tests/test_threads.c tests/harness.h tests/brute.o libbfc.a
	$(say) CC $@
	$(Q)$(CC) $(TEST_CFLAGS) -pthread $< -o $@ tests/brute.o libbfc.a $(LDFLAGS) -pthread

# ---- The generators (tools/) -----------------------------------------------
# Host programs that write the library's committed tables, never part of
# it: each has a make rule here, and `make check` proves its output is
# the committed file (tests/test_tables.sh, tests/test_win.sh). The scoring
# tables: tools/gen_tables.c -> src/tables.c.
GEN_SRCS = tools/gen_tables.c tools/gen_model.c tools/gen_win.c
build/gen_tables: tools/gen_tables.c | build
	$(say) CC $@
	$(Q)$(CC) $(STD) $(OPT) $(WARN) -Iinclude -Isrc $(CPPFLAGS) $(CFLAGS) $< -o $@ $(LDFLAGS)
tables: build/gen_tables
	./build/gen_tables > src/tables.c

# The expert model's tables (issue 27), each with its generator, a host
# tool linked with the library it helps build (the generated files are
# committed, so the library builds without them; tests/test_win.sh proves
# them up to date): how sensible players throw to the crib
# (tools/gen_model.c -> src/model_tables.c, seconds), and the chance of
# winning by score (tools/gen_win.c: src/win_deals.txt, the measured deals
# -> src/win_tables.c, a second). `make win-measure` measures the deals
# again by self-play of the search bot at the medium level (about an hour
# on one core; WIN_JOBS shards at once).
build/gen_model: tools/gen_model.c include/bfc.h src/model.h libbfc.a | build
	$(say) CC $@
	$(Q)$(CC) $(STD) $(OPT) $(WARN) -Iinclude -Isrc $(CPPFLAGS) $(CFLAGS) $< -o $@ libbfc.a $(LDFLAGS)
build/gen_win: tools/gen_win.c include/bfc.h libbfc.a | build
	$(say) CC $@
	$(Q)$(CC) $(STD) $(OPT) $(WARN) -Iinclude -Isrc $(CPPFLAGS) $(CFLAGS) $< -o $@ libbfc.a $(LDFLAGS)
build/win_ref: tests/win_ref.c | build
	$(say) CC $@
	$(Q)$(CC) $(STD) $(OPT) $(WARN) $(CPPFLAGS) $(CFLAGS) $< -o $@ $(LDFLAGS)
model: build/gen_model
	./build/gen_model > src/model_tables.c
win: build/gen_win
	./build/gen_win src/win_deals.txt > src/win_tables.c
WIN_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
WIN_CLASSIC_GAMES ?= 6000
WIN_BF_GAMES ?= 1200
win-measure: build/gen_win
	rm -f build/win_deals.*
	for k in $$(seq 1 $(WIN_JOBS)); do \
	    ./build/gen_win --measure classic $(WIN_CLASSIC_GAMES) $$k/$(WIN_JOBS) > build/win_deals.c$$k & \
	done; wait
	for k in $$(seq 1 $(WIN_JOBS)); do \
	    ./build/gen_win --measure battlefield $(WIN_BF_GAMES) $$k/$(WIN_JOBS) > build/win_deals.b$$k & \
	done; wait
	./build/gen_win --merge build/win_deals.c* build/win_deals.b* > src/win_deals.txt

# The sample scoring cases (tests/gen_cases.c: chosen by a fixed seed, every
# expected score checked against tests/brute.c), committed in tests/cases/.
build/gen_cases: tests/gen_cases.c tests/brute.o libbfc.a | build
	$(say) CC $@
	$(Q)$(CC) $(TEST_CFLAGS) $< -o $@ tests/brute.o libbfc.a $(LDFLAGS)
cases: build/gen_cases
	./build/gen_cases tests/cases

# The manual pages, from the tools' --help and from bfc.h (man/gen_man.py,
# python3): committed, so installing needs no Python.
man: $(TOOLS)
	$(Q)for t in $(TOOLS); do $(PYTHON) man/gen_man.py tool $$t > man/$${t##*/}.1 || exit 1; done
	$(Q)$(PYTHON) man/gen_man.py lib include/bfc.h > $(MAN3)

# TEST_JOBS test programs at once (default: one per core; the scripts one
# after the other beside them; tests/run.sh)
TEST_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
RUN_TESTS = JOBS=$(TEST_JOBS) CC="$(CC)" CXX="$(CXX)" LDFLAGS="$(LDFLAGS)" sh tests/run.sh
check: all examples $(TESTS) build/gen_tables build/gen_cases build/gen_model build/gen_win build/win_ref build/ladder
	@$(RUN_TESTS) $(TESTS) $(TEST_SCRIPTS)
# The quick tier: every test program and script with BFC_TEST_QUICK=1
# (random case counts divided by 50, exhaustive loops compared with brute
# force on a stride, fewer whole games).
check-quick: all examples $(TESTS) build/gen_tables build/gen_cases build/gen_model build/gen_win build/win_ref build/ladder
	@BFC_TEST_QUICK=1 $(RUN_TESTS) $(TESTS) $(TEST_SCRIPTS)

# The tools in every mode and on bad input (tests/valgrind_examples.sh, the
# longest, first) and the C tests (quick mode: every exhaustive loop, fewer
# brute-force comparisons) under valgrind; any error or leak fails.
# TEST_JOBS of them at once, as in make check.
valgrind: all $(TESTS)
	@BFC_TEST_QUICK=1 JOBS=$(TEST_JOBS) \
	    VALGRIND="valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=all" \
	    sh tests/run.sh tests/valgrind_examples.sh $(TESTS)

# Static analysis: cppcheck and clang-tidy (check set and reasons in
# .clang-tidy); any finding fails. Each runs LINT_JOBS jobs at once
# (default: one per core; clang-tidy eight files a job).
LINT_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
LINT_SRCS = $(SRCS) $(filter-out tools/gen_win.c,$(GEN_SRCS)) $(EX_SRCS) $(JS_DIR)/tools/layout.c
lint:
	cppcheck -j $(LINT_JOBS) --enable=warning,style,performance,portability --inline-suppr \
	    --error-exitcode=1 --std=c11 -Iinclude -Isrc -Iexamples/common \
	    --suppress=missingIncludeSystem -q \
	    $(filter-out src/tables.c,$(LINT_SRCS))
	printf '%s\n' $(filter-out src/tables.c,$(LINT_SRCS)) | xargs -P $(LINT_JOBS) -n 8 \
	    sh -c 'clang-tidy --quiet "$$@" -- -std=c11 -Iinclude -Isrc -Iexamples/common' clang-tidy

SANITIZE_CHECK ?= check
sanitize:
	$(MAKE) clean
	$(MAKE) $(SANITIZE_CHECK) OPT="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined"

# tests/test_threads and the library built with ThreadSanitizer: any data
# race stops it.
tsan: | build
	$(say) CC build/tsan_test_threads
	$(Q)$(CC) $(STD) -O1 -g $(WARN) -Iinclude -Isrc -Itests -fsanitize=thread -pthread $(CPPFLAGS) \
	    $(CFLAGS) tests/test_threads.c tests/brute.c $(SRCS) -o build/tsan_test_threads $(LDFLAGS)
	@TSAN_OPTIONS="halt_on_error=1 $$TSAN_OPTIONS" sh tests/run.sh build/tsan_test_threads

# The rates come from a -O3 build of the sources; the instructions per call
# and per game (tests/bench_instr.sh and tests/bench_playout.sh, under
# callgrind) from the library as built here, libbfc.a, so they count what a
# program linking it runs. BENCH_QUICK=1 (CI, with gcc and clang): every
# line once, in seconds (bench --quick, 100 games per playout count), to
# show it builds and runs; its figures are not for comparing.
bench: build/bench build/bench_instr
	./build/bench$(if $(BENCH_QUICK), --quick)
	@sh tests/bench_instr.sh build/bench_instr build
	@sh tests/bench_playout.sh build/bench_instr$(if $(BENCH_QUICK), 100)
build/bench: tests/bench.c tests/brute.c tests/brute.h $(SRCS) include/bfc.h $(ENGINE_H) | build
	$(say) CC build/bench
	$(Q)$(CC) $(STD) -O3 $(WARN) -Iinclude -Isrc $(CPPFLAGS) $(CFLAGS) -o build/bench \
	    tests/bench.c tests/brute.c $(SRCS) $(LDFLAGS)
build/bench_instr: tests/bench.c tests/brute.o libbfc.a | build
	$(say) CC $@
	$(Q)$(CC) $(TEST_CFLAGS) -g $< -o $@ tests/brute.o libbfc.a $(LDFLAGS)

# ---- The speed gate (issue 30) ------------------------------------------------
# make bench-check: instructions counted by callgrind (random 2-player
# playouts of both games, BENCH_GAMES games; the per-call scorers) for each
# compiler of BENCH_CCS, each linking its own libbfc.a built as `make`
# builds it (build/bench-CC/), against tests/bench_pins.txt: a count more
# than 2 % above its pin fails (tests/bench_check.sh). make bench-pin writes
# this tree's counts as the pins; a commit that moves a pin says why.
BENCH_CCS ?= gcc clang
BENCH_GAMES ?= 3000
.PHONY: bench-check bench-pin
define bench_cc
build/bench-$(1)/%.o: src/%.c include/bfc.h $$(ENGINE_H)
	$$(say) CC $$@
	$$(Q)mkdir -p $$(@D)
	$$(Q)$(1) $$(LIB_CFLAGS) -c $$< -o $$@
build/bench-$(1)/libbfc.a: $$(SRCS:src/%.c=build/bench-$(1)/%.o)
	$$(say) AR $$@
	$$(Q)rm -f $$@
	$$(Q)$$(AR) rcs $$@ $$^
build/bench-$(1)/bench_instr: tests/bench.c tests/brute.c tests/brute.h build/bench-$(1)/libbfc.a
	$$(say) CC $$@
	$$(Q)$(1) $$(TEST_CFLAGS) tests/bench.c tests/brute.c -o $$@ build/bench-$(1)/libbfc.a \
	    $$(LDFLAGS)
endef
$(foreach c,$(BENCH_CCS),$(eval $(call bench_cc,$(c))))
bench-check: $(BENCH_CCS:%=build/bench-%/bench_instr)
	@BENCH_GAMES=$(BENCH_GAMES) sh tests/bench_check.sh tests/bench_pins.txt \
	    $(foreach c,$(BENCH_CCS),$(c)=build/bench-$(c)/bench_instr)
bench-pin: $(BENCH_CCS:%=build/bench-%/bench_instr)
	@BENCH_GAMES=$(BENCH_GAMES) sh tests/bench_check.sh --pin tests/bench_pins.txt \
	    $(foreach c,$(BENCH_CCS),$(c)=build/bench-$(c)/bench_instr)
# the gate's own logic, without valgrind, in make check
TEST_SCRIPTS += tests/test_bench_check.sh

# Games per second from Python (a pure-Python loop, bfc.sim) beside bfc-sim
# in C; BFC_BENCH_GAMES games each (default 2000).
bench-python: all
	$(PYTHON) bindings/python/bench.py $(BFC_BENCH_GAMES)

# The proof of strength of the search bot (tests/ladder.c, README
# "Strength"): the library's levels against the frozen baseline on
# duplicate deals, each cell a bfc-sim --duplicate run in LADDER_JOBS
# shards at once (default: one per core), paired 95% intervals. Takes hours
# at 2,000 pairs a cell; not part of `make check` (LADDER_ARGS="-n 200
# --cell bf2" runs a part; tests/test_ladder.sh checks it on a tiny one).
LADDER_ARGS ?=
LADDER_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
build/ladder: tests/ladder.c examples/common/json.h $(COMMON_LIB) | build
	$(say) CC $@
	$(Q)$(CC) $(EX_CFLAGS) $< -o $@ $(COMMON_LIB) $(LDFLAGS)
ladder: build/ladder examples/bfc-sim/bfc-sim
	./build/ladder -j $(LADDER_JOBS) $(LADDER_ARGS)

# The strength dial (issue 35): its ratings, from duplicate matches between
# neighbouring steps and the anchors fitted as a whole (tests/rate.py; tens
# of minutes: not a test; its output is committed as tests/data/dial_ratings.txt
# and its "c" line as src/dial_ratings.h, test_dial proves them equal), and
# each step's CPU time a decision in classic (tests/dial_cost.c).
rate: examples/bfc-sim/bfc-sim
	$(PYTHON) tests/rate.py -j 2 $(RATE_ARGS)
build/dial.o: src/dial_ratings.h
build/dial_cost: tests/dial_cost.c libbfc.a | build
	$(say) CC $@
	$(Q)$(CC) $(TEST_CFLAGS) $< -o $@ libbfc.a $(LDFLAGS)
dial-cost: build/dial_cost
	./build/dial_cost $(DIAL_COST_GAMES)

# ---- Fuzzing (tests/fuzz/README.md) -----------------------------------------
#   make fuzz          libFuzzer binaries build/fuzz_{parse,score,kept,game,load,move,cli,
#                      record,observe,search,review,belief,win} (clang)
#   make fuzz-replay   the same targets as plain programs (any CC, no libFuzzer)
#                      over tests/fuzz/corpus + FUZZ_RUNS seeded random inputs
#                      each; last line "N passed, N failed"
FUZZ_TARGETS = fuzz_parse fuzz_score fuzz_kept fuzz_game fuzz_load fuzz_move fuzz_cli fuzz_record \
               fuzz_observe fuzz_search fuzz_review fuzz_belief fuzz_win
FUZZ_CC     ?= clang
FUZZ_RUNS   ?= 100000
FUZZ_SEED   ?= 1
FUZZ_SAN    ?= -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS  = $(STD) -g -O1 $(WARN) -Iinclude -Isrc -Itests -Iexamples/common -Iexamples/bfc-score
FUZZ_DEPS    = tests/fuzz/fuzz.h tests/fuzz/fuzz_game.h tests/brute.c tests/brute.h $(SRCS) \
               include/bfc.h $(ENGINE_H)
# fuzz_cli links bfc-score's code (all but its main) as objects, compiled
# as the tool is: the public header only.
CLI_SRCS     = $(filter-out %/main.c,$(call tool_srcs,bfc-score)) $(COMMON_SRCS)
FUZZ_EX_CFLAGS = $(STD) -g -O1 $(WARN) -Iinclude -Iexamples/common

fuzz: $(FUZZ_TARGETS:%=build/%)
build/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_DEPS) | build
	$(say) CC $@
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	    $(CPPFLAGS) $(CFLAGS) $< tests/brute.c $(SRCS) $(filter %.o,$^) -o $@ $(LDFLAGS)
build/fuzz-ex/%.o: examples/%.c $(EX_HDRS)
	$(say) CC $@
	$(Q)mkdir -p $(@D)
	$(Q)$(FUZZ_CC) $(FUZZ_EX_CFLAGS) -fsanitize=fuzzer-no-link,address,undefined \
	    -fno-sanitize-recover=undefined $(CPPFLAGS) $(CFLAGS) -c $< -o $@
build/fuzz_cli: $(CLI_SRCS:examples/%.c=build/fuzz-ex/%.o)

build/replay_fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c $(FUZZ_DEPS) | build
	$(say) CC $@
	$(Q)$(CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) $(CPPFLAGS) $(CFLAGS) tests/fuzz/replay.c $< tests/brute.c \
	    $(SRCS) $(filter %.o,$^) -o $@ $(LDFLAGS)
build/replay-ex/%.o: examples/%.c $(EX_HDRS)
	$(say) CC $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(FUZZ_EX_CFLAGS) $(FUZZ_SAN) $(CPPFLAGS) $(CFLAGS) -c $< -o $@
build/replay_fuzz_cli: $(CLI_SRCS:examples/%.c=build/replay-ex/%.o)
fuzz-replay: $(FUZZ_TARGETS:%=build/replay_%)
	@sh tests/fuzz/replay.sh build $(FUZZ_RUNS) $(FUZZ_SEED)

# ---- WebAssembly, the npm package and the web page (bindings/js/README.md) ---
# Debian's emscripten (3.1.6). Its emcc runs JavaScript tools under node, which
# must find Debian's acorn in /usr/share/nodejs. The module exports bfc.h's
# functions and malloc/free, nothing else of the library; the binding passes
# the .wasm bytes itself (fetch or fs), so the glue is built for the web only.
EMCC     ?= emcc
EMCC_RUN  = NODE_PATH=/usr/share/nodejs$${NODE_PATH:+:$$NODE_PATH} $(EMCC)
JS_DIR    = bindings/js
JS_DIST   = $(JS_DIR)/dist
WASM_EXPORTS = ${shell sed -n 's/^BFC_API [^(]*[ *]\(bfc_[a-z0-9_]*\)(.*/_\1/p' include/bfc.h | \
               sort -u | tr '\n' ','}_malloc,_free
WASM_FLAGS = -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createLibbfc -sENVIRONMENT=web \
             -sALLOW_MEMORY_GROWTH=1 -sWASM_BIGINT=1 -sFILESYSTEM=0 --no-entry \
             -sEXPORTED_FUNCTIONS=$(WASM_EXPORTS)
JS_TESTS = $(wildcard $(JS_DIR)/test/*.test.js)

wasm: $(JS_DIST)/libbfc.mjs $(JS_DIST)/layout.js
build/wasm/libbfc.mjs: $(SRCS) include/bfc.h $(ENGINE_H)
	$(say) EMCC $@
	$(Q)mkdir -p build/wasm
	$(Q)$(EMCC_RUN) $(STD) -O2 $(WARN) $(STRICT_WARN) -Iinclude -Isrc $(SRCS) $(WASM_FLAGS) -o $@
# The struct layouts and constants of bfc.h as wasm32 lays them out, printed
# by a program built with the same compiler (dist/layout.js).
build/wasm/layout.cjs: $(JS_DIR)/tools/layout.c include/bfc.h
	$(say) EMCC $@
	$(Q)mkdir -p build/wasm
	$(Q)$(EMCC_RUN) $(STD) -O1 $(WARN) $(STRICT_WARN) -Iinclude $< -sSINGLE_FILE=1 -o $@
$(JS_DIST)/layout.js: build/wasm/layout.cjs
	$(say) GEN $@
	$(Q)mkdir -p $(JS_DIST)
	$(Q)node build/wasm/layout.cjs > $@.tmp && mv $@.tmp $@
$(JS_DIST)/libbfc.mjs: build/wasm/libbfc.mjs
	$(Q)mkdir -p $(JS_DIST)
	$(Q)cp build/wasm/libbfc.wasm $(JS_DIST)/libbfc.wasm
	$(Q)cp build/wasm/libbfc.mjs $@

check-js: wasm
	@node --test $(JS_TESTS)

# The package as npm would publish it: build/libbfc-VERSION.tgz
npm-pack: wasm
	$(Q)cd $(JS_DIR) && npm pack --silent --pack-destination ../../build

# The web page: examples/web/ and the package in one folder any static
# server serves (build/web/index.html; the page imports ./libbfc/index.js).
WEB_DIR   = examples/web
WEB_FILES = $(WEB_DIR)/index.html $(WEB_DIR)/app.js $(WEB_DIR)/kept.js $(WEB_DIR)/style.css $(WEB_DIR)/rules.js
web: wasm $(WEB_FILES) $(JS_DIR)/index.js
	$(say) WEB build/web
	$(Q)rm -rf build/web && mkdir -p build/web/libbfc/dist
	$(Q)cp $(WEB_FILES) build/web/
	$(Q)cp $(JS_DIR)/index.js $(JS_DIR)/package.json build/web/libbfc/
	$(Q)cp $(JS_DIST)/libbfc.mjs $(JS_DIST)/libbfc.wasm $(JS_DIST)/layout.js build/web/libbfc/dist/

# The page played in Debian's chromium through playwright-core (npm ci in
# examples/web first); screenshots in build/web-shots/.
check-web: web
	@node --test $(WEB_DIR)/test/

# hands/s through the JavaScript API, next to build/bench's bfc_score_show
# line (the native benchmark runs whole first, then the JavaScript one).
bench-js: wasm build/bench
	@node $(JS_DIR)/bench.js --native build/bench

# ---- Install ----------------------------------------------------------------
bfc.pc: bfc.pc.in include/bfc.h
	$(say) GEN $@
	$(Q)sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@VERSION@|$(VERSION)|g' $< > $@

# The CMake package (cmake/*.in): relocatable when LIBDIR, INCLUDEDIR and
# CMAKEDIR are under PREFIX (it finds the library from where it is), else
# with absolute paths. The version file knows the ABI series (0.MINOR) and
# the pointer size of the build.
cmake-config: cmake/bfcConfig.cmake.in cmake/bfcConfigVersion.cmake.in
	$(Q)mkdir -p build/cmake
	$(Q)rel() { case "$$2" in "$$1") echo .;; "$$1"/*) echo "$${2#"$$1"/}";; *) return 1;; esac; }; \
	if lib=$$(rel "$(PREFIX)" "$(LIBDIR)") && inc=$$(rel "$(PREFIX)" "$(INCLUDEDIR)") && \
	    cm=$$(rel "$(PREFIX)" "$(CMAKEDIR)"); then \
	    up=$$(printf '%s' "$$cm" | sed 's|[^/][^/]*|..|g'); \
	    setup='get_filename_component(_bfc_prefix "$${CMAKE_CURRENT_LIST_DIR}/'"$$up"'" ABSOLUTE)'; \
	    libv='$${_bfc_prefix}/'"$$lib"; incv='$${_bfc_prefix}/'"$$inc"; \
	else \
	    setup='# installed outside one prefix: absolute paths'; libv='$(LIBDIR)'; incv='$(INCLUDEDIR)'; \
	fi; \
	bytes=$$($(CC) -dM -E -x c /dev/null 2>/dev/null | sed -n 's/^#define __SIZEOF_POINTER__ //p'); \
	sed -e "s|@BFC_PREFIX_SETUP@|$$setup|" -e "s|@BFC_LIBDIR@|$$libv|" -e "s|@BFC_INCLUDEDIR@|$$incv|" \
	    -e 's|@VERSION@|$(VERSION)|g' -e 's|@SONAME@|$(SONAME)|g' -e 's|@SHLIB@|$(SHLIB)|g' \
	    cmake/bfcConfig.cmake.in > build/cmake/bfcConfig.cmake; \
	sed -e 's|@VERSION@|$(VERSION)|g' -e 's|@VMAJOR@|$(VMAJOR)|g' -e 's|@VMINOR@|$(VMINOR)|g' \
	    -e "s|@BFC_POINTER_BYTES@|$$bytes|g" -e "s|@BFC_POINTER_BITS@|$$(($${bytes:-0} * 8))|g" \
	    cmake/bfcConfigVersion.cmake.in > build/cmake/bfcConfigVersion.cmake

# What make install puts in, as shell calls: put MODE FILE DEST, link TARGET
# DEST. Both install and an uninstall without a manifest read this one list.
INSTALL_LIST = \
    put 644 include/bfc.h "$(DESTDIR)$(INCLUDEDIR)/bfc.h"; \
    put 644 libbfc.a "$(DESTDIR)$(LIBDIR)/libbfc.a"; \
    put 755 $(SHLIB) "$(DESTDIR)$(LIBDIR)/$(SHLIB)"; \
    link $(SHLIB) "$(DESTDIR)$(LIBDIR)/$(SONAME)"; \
    link $(SHLIB) "$(DESTDIR)$(LIBDIR)/libbfc.so"; \
    put 644 bfc.pc "$(DESTDIR)$(PKGCONFIGDIR)/bfc.pc"; \
    put 644 build/cmake/bfcConfig.cmake "$(DESTDIR)$(CMAKEDIR)/bfcConfig.cmake"; \
    put 644 build/cmake/bfcConfigVersion.cmake "$(DESTDIR)$(CMAKEDIR)/bfcConfigVersion.cmake"; \
    $(foreach t,$(TOOLS),put 755 $(t) "$(DESTDIR)$(BINDIR)/$(notdir $(t))";) \
    $(foreach m,$(MAN1),put 644 $(m) "$(DESTDIR)$(MANDIR)/man1/$(notdir $(m))";) \
    put 644 $(MAN3) "$(DESTDIR)$(MANDIR)/man3/$(notdir $(MAN3))"; \
    $(foreach d,$(DOCS),put 644 $(d) "$(DESTDIR)$(DOCDIR)/$(notdir $(d))";)

# Installing to the system as root (no DESTDIR) refreshes the loader's
# cache, so a program linked against libbfc.so finds libbfc.so.0.MINOR at
# once when LIBDIR is a directory the loader searches (README: "Installing").
# Every file, link and directory made is appended to INSTALL_MANIFEST.
install: all bfc.pc cmake-config
	$(Q)m='$(INSTALL_MANIFEST)'; \
	mkd() { [ -d "$$1" ] && return 0; mkd "$$(dirname "$$1")" && mkdir "$$1" && echo "dir $$1" >>"$$m"; }; \
	put() { mkd "$$(dirname "$$3")" && install -m "$$1" "$$2" "$$3" && echo "file $$3" >>"$$m"; }; \
	link() { mkd "$$(dirname "$$2")" && ln -sf "$$1" "$$2" && echo "link $$2" >>"$$m"; }; \
	set -e; $(INSTALL_LIST) LC_ALL=C sort -u -o "$$m" "$$m"
	$(Q)if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ] && command -v ldconfig >/dev/null 2>&1; then \
	    ldconfig; fi
	@echo "installed libbfc $(VERSION) under $(DESTDIR)$(PREFIX) (list: $(INSTALL_MANIFEST))"

# Removes what the manifest lists (files and links, then the directories
# the install made, deepest first, each only if empty), whatever PREFIX,
# LIBDIR or DESTDIR are now; with no manifest (an install made before 0.3),
# what an install with these variables puts in.
uninstall:
	$(Q)m='$(INSTALL_MANIFEST)'; \
	if [ -f "$$m" ]; then \
	    n=0; \
	    while IFS= read -r e; do \
	        case "$$e" in "file "* | "link "*) rm -f "$${e#* }"; n=$$((n + 1));; esac; \
	    done <"$$m"; \
	    sed -n 's/^dir //p' "$$m" | LC_ALL=C sort -r | while IFS= read -r d; do rmdir "$$d" 2>/dev/null || :; done; \
	    rm -f "$$m"; \
	    echo "uninstalled libbfc: the $$n files and links $$m listed"; \
	else \
	    echo "make uninstall: no $$m (make install writes it): removing what an install with these variables puts in"; \
	    put() { rm -f "$$3"; }; link() { rm -f "$$2"; }; \
	    $(INSTALL_LIST) :; \
	fi

# ---- Release tarball ----------------------------------------------------------
# make dist: the commit checked out (git archive HEAD; uncommitted changes
# are not in it, and it says so) as build/libbfc-VERSION.tar.gz, made
# reproducible: names sorted, owner and group 0, modes 644/755, every mtime
# the commit's time (or SOURCE_DATE_EPOCH), gzip without name or time. It
# holds every tracked file: sources, tables, tests and their cases, the
# docs and rules reference, the man pages, the bindings.
DIST_NAME = libbfc-$(VERSION)
DIST_DIR ?= build
dist:
	$(Q)top=$$(git rev-parse --show-toplevel 2>/dev/null) && [ "$$top" -ef . ] || \
	    { echo "make dist: needs the git checkout of libbfc (a tarball is made from a commit)"; exit 1; }
	$(Q)git diff --quiet HEAD -- 2>/dev/null || \
	    echo "make dist: note: uncommitted changes are not in the tarball (it is HEAD's)"
	$(Q)epoch=$${SOURCE_DATE_EPOCH:-$$(git log -1 --format=%ct HEAD)}; \
	tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	git archive --format=tar --prefix=$(DIST_NAME)/ HEAD | tar -x -C "$$tmp" && \
	mkdir -p $(DIST_DIR) && \
	(cd "$$tmp" && LC_ALL=C tar --sort=name --format=gnu --owner=0 --group=0 --numeric-owner \
	    --mode='u+rwX,go=rX' --mtime="@$$epoch" -cf - $(DIST_NAME)) | gzip -n -9 > $(DIST_DIR)/$(DIST_NAME).tar.gz.tmp && \
	mv $(DIST_DIR)/$(DIST_NAME).tar.gz.tmp $(DIST_DIR)/$(DIST_NAME).tar.gz
	@echo "$(DIST_DIR)/$(DIST_NAME).tar.gz"

# make distcheck: the tarball as a user gets it, in a fresh folder with
# nothing beside it: make, make check-quick, make install into a DESTDIR
# (then uninstall, which must leave nothing). DISTCHECK_FLAGS go to every
# make there (CI: CC=clang CXX=clang++).
DISTCHECK_FLAGS ?=
distcheck: dist
	$(Q)d=$$(mktemp -d) && trap 'chmod -R u+w "$$d" 2>/dev/null; rm -rf "$$d"' EXIT && \
	tar -xzf $(DIST_DIR)/$(DIST_NAME).tar.gz -C "$$d" && cd "$$d/$(DIST_NAME)" && \
	echo "distcheck: make in $$d/$(DIST_NAME)" && $(MAKE) $(DISTCHECK_FLAGS) && \
	echo "distcheck: make check-quick" && $(MAKE) $(DISTCHECK_FLAGS) check-quick && \
	echo "distcheck: make install" && $(MAKE) $(DISTCHECK_FLAGS) install DESTDIR="$$d/stage" >/dev/null && \
	for f in "$(INCLUDEDIR)/bfc.h" "$(LIBDIR)/$(SONAME)" "$(CMAKEDIR)/bfcConfig.cmake" "$(MANDIR)/man1/bfc-play.1" \
	    "$(MANDIR)/man3/libbfc.3" "$(DOCDIR)/rules.md"; do \
	    [ -e "$$d/stage$$f" ] || { echo "distcheck: make install did not install $$f"; exit 1; }; done && \
	$(MAKE) $(DISTCHECK_FLAGS) uninstall >/dev/null && left=$$(find "$$d/stage" 2>/dev/null || :) && \
	{ [ -z "$$left" ] || { echo "distcheck: make uninstall left $$left"; exit 1; }; } && \
	echo "distcheck: $(DIST_DIR)/$(DIST_NAME).tar.gz builds, passes its quick tests, installs and uninstalls"

# The Python package without a copy of the library (its build's
# `library=system`: it loads the libbfc that `make install` put in LIBDIR by
# its SONAME, and runs the bfc-sim of BINDIR) into PYTHON_SITEDIR: by
# default the first site directory of $(PYTHON) (Debian:
# /usr/local/lib/python3.X/dist-packages). pip builds it offline with the
# package's own build backend (bindings/python/backend): no index, no
# setuptools. `pip install ./bindings/python` instead builds the library
# into the package.
PYTHON_SITEDIR ?= $(shell $(PYTHON) -c 'import site; print(site.getsitepackages()[0])' 2>/dev/null)
install-python:
	$(Q)test -n "$(PYTHON_SITEDIR)" || { echo "install-python: set PYTHON_SITEDIR"; exit 1; }
	$(Q)$(PYTHON) -m pip install -q --no-deps --no-index --no-cache-dir --upgrade \
	    --config-settings library=system --target "$(DESTDIR)$(PYTHON_SITEDIR)" ./bindings/python
	@echo "installed the Python package bfc under $(DESTDIR)$(PYTHON_SITEDIR)"

uninstall-python:
	$(Q)test -n "$(PYTHON_SITEDIR)" || { echo "uninstall-python: set PYTHON_SITEDIR"; exit 1; }
	$(Q)rm -rf "$(DESTDIR)$(PYTHON_SITEDIR)/bfc" "$(DESTDIR)$(PYTHON_SITEDIR)"/bfc-*.dist-info

# What the Python package's build backend (bindings/python/backend/bfc_build.py)
# compiles into a wheel: the library's sources and SONAME, and bfc-sim's
# sources, written once, here. tests/test_python_pkg.sh builds, installs and
# plays the package in a fresh virtual environment.
.PHONY: python-config
python-config:
	@printf 'SONAME=%s\nVERSION=%s\nSRCS=%s\nBFC_SIM_SRCS=%s\n' '$(SONAME)' '$(VERSION)' '$(strip $(SRCS))' \
	    '$(strip $(call tool_srcs,bfc-sim) $(COMMON_SRCS))'
TEST_SCRIPTS += tests/test_python_pkg.sh

# The npm package's CommonJS entry, for require('libbfc') (dist/index.cjs and
# its declarations dist/index.d.cts, written by tools/cjs.mjs from the ES
# module), and its LICENSE, the project's; `make wasm` makes them.
$(JS_DIST)/index.cjs: $(JS_DIR)/tools/cjs.mjs $(JS_DIR)/index.js $(JS_DIR)/index.d.ts $(JS_DIST)/libbfc.mjs \
    $(JS_DIST)/layout.js
	$(say) GEN $@
	$(Q)node $(JS_DIR)/tools/cjs.mjs $(JS_DIR)
$(JS_DIR)/LICENSE: LICENSE
	$(Q)cp LICENSE $@
wasm: $(JS_DIST)/index.cjs $(JS_DIR)/LICENSE
.PHONY: clean-npm
clean: clean-npm
clean-npm:
	rm -f $(JS_DIR)/LICENSE

clean:
	rm -rf build $(JS_DIST) libbfc.a libbfc.so libbfc.so.* bfc.pc $(TOOLS) $(TEACH) $(TESTS) tests/*.o
	rm -rf bindings/python/build bindings/python/bfc.egg-info bindings/python/bfc/__pycache__ \
	    bindings/python/tests/__pycache__
