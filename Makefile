# libbfc -- plain GNU make; no other build system needed.
#
#   make                 libbfc.a, libbfc.so (SONAME libbfc.so.MAJOR), examples
#   make check           build and run every test; last line "N passed, N failed"
#   make bench           release build of the benchmark; prints the figures
#   make sanitize        make check under -fsanitize=address,undefined
#   make tsan            the threads test under -fsanitize=thread
#   make valgrind        the test programs (quick mode) and the examples under valgrind
#   make lint            cppcheck and clang-tidy (checks in .clang-tidy)
#   make fuzz / fuzz-replay   libFuzzer targets / their corpora replayed
#   make install / uninstall   (PREFIX, LIBDIR, INCLUDEDIR, PKGCONFIGDIR, BINDIR, DESTDIR)
#   make tables          regenerate src/tables.c (committed; `make check` proves it current)
#
# Honours CC, CFLAGS, CPPFLAGS, LDFLAGS; ours come first so yours win.

CC      ?= cc
CXX     ?= c++
PREFIX  ?= /usr/local
LIBDIR  ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
BINDIR  ?= $(PREFIX)/bin
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
DESTDIR ?=

# The version is written once, in the header.
VMAJOR := $(shell sed -n 's/^\#define BFC_VERSION_MAJOR \([0-9]*\).*/\1/p' include/bfc.h)
VMINOR := $(shell sed -n 's/^\#define BFC_VERSION_MINOR \([0-9]*\).*/\1/p' include/bfc.h)
VPATCH := $(shell sed -n 's/^\#define BFC_VERSION_PATCH \([0-9]*\).*/\1/p' include/bfc.h)
VERSION := $(VMAJOR).$(VMINOR).$(VPATCH)

WARN    = -Wall -Wextra -Werror -Wshadow -Wcast-qual -Wstrict-prototypes \
          -Wmissing-prototypes -Wpointer-arith -Wundef -Wvla -Wformat=2
# The library and the examples also keep to these (the tests need not:
# they mix signed and unsigned freely in their checks).
STRICT_WARN = -Wconversion -Wsign-conversion -Wcast-align -Wswitch-enum
OPT    ?= -O2
BASE_CFLAGS = -std=c11 $(OPT) $(WARN) -Iinclude -Isrc
LIB_CFLAGS  = $(BASE_CFLAGS) $(STRICT_WARN) -fPIC -fvisibility=hidden
ALL_CFLAGS  = $(LIB_CFLAGS) $(CPPFLAGS) $(CFLAGS)
TEST_CFLAGS = $(BASE_CFLAGS) $(CPPFLAGS) $(CFLAGS)

SRCS  = src/card.c src/status.c src/tables.c src/show.c src/frontline.c src/items.c \
        src/text.c src/game.c src/classic.c src/board.c src/move.c src/observe.c src/save.c \
        src/bot.c
OBJS  = $(SRCS:src/%.c=build/%.o)
SHLIB = libbfc.so.$(VERSION)
SONAME = libbfc.so.$(VMAJOR)

EXAMPLES = examples/bfc-score examples/bfc-play examples/bfc-sim
TESTS = tests/test_cards tests/test_show tests/test_frontline tests/test_seeds \
        tests/test_items tests/test_game tests/test_classic tests/test_alloc tests/test_threads \
        tests/test_abi
TEST_SCRIPTS = tests/test_tables.sh tests/test_cli.sh tests/test_symbols.sh tests/test_readme.sh \
        tests/test_install.sh tests/test_play.sh tests/test_sim.sh

.PHONY: all check bench sanitize tsan valgrind lint fuzz fuzz-replay install uninstall clean tables bfc.pc
all: libbfc.a $(SHLIB) $(EXAMPLES)

build/%.o: src/%.c include/bfc.h src/internal.h src/game.h | build
	$(CC) $(ALL_CFLAGS) -c $< -o $@
build:
	mkdir -p build

libbfc.a: $(OBJS)
	rm -f $@
	$(AR) rcs $@ $(OBJS)

$(SHLIB): $(OBJS)
	$(CC) -shared -Wl,-soname,$(SONAME) $(LDFLAGS) -o $@ $(OBJS)
	ln -sf $(SHLIB) $(SONAME)
	ln -sf $(SHLIB) libbfc.so

# Examples and tests link the static library: they run from the tree with no
# LD_LIBRARY_PATH. The install test links the shared one.
examples/%: examples/%.c include/bfc.h libbfc.a
	$(CC) $(TEST_CFLAGS) $(STRICT_WARN) $< -o $@ libbfc.a $(LDFLAGS)

tests/brute.o: tests/brute.c tests/brute.h include/bfc.h
	$(CC) $(TEST_CFLAGS) -c $< -o $@
tests/test_%: tests/test_%.c tests/harness.h tests/textbuf.h tests/brute.o libbfc.a
	$(CC) $(TEST_CFLAGS) $< -o $@ tests/brute.o libbfc.a $(LDFLAGS)
# Counts the library's heap calls (the linker routes them through the
# test's __wrap_ functions) to prove a playout allocates nothing.
tests/test_alloc: tests/test_alloc.c tests/harness.h libbfc.a
	$(CC) $(TEST_CFLAGS) $< -o $@ libbfc.a $(LDFLAGS) \
	    -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free

# Scorers and games on several threads at once (bfc.h's promise); `make
# tsan` runs it under ThreadSanitizer.
tests/test_threads: tests/test_threads.c tests/harness.h tests/brute.o libbfc.a
	$(CC) $(TEST_CFLAGS) -pthread $< -o $@ tests/brute.o libbfc.a $(LDFLAGS) -pthread

# The table generator is a host tool, never part of the library.
build/gen_tables: src/gen_tables.c | build
	$(CC) $(BASE_CFLAGS) $(CPPFLAGS) $(CFLAGS) $< -o $@ $(LDFLAGS)
tables: build/gen_tables
	./build/gen_tables > src/tables.c

check: all $(TESTS) build/gen_tables
	@CC="$(CC)" CXX="$(CXX)" LDFLAGS="$(LDFLAGS)" sh tests/run.sh $(TESTS) $(TEST_SCRIPTS)

# The C tests under valgrind (quick mode: every exhaustive loop, fewer
# brute-force comparisons), then the example programs in every mode and on
# bad input (tests/valgrind_examples.sh); any error or leak fails.
valgrind: all $(TESTS)
	@BFC_TEST_QUICK=1 VALGRIND="valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=all" \
	    sh tests/run.sh $(TESTS) tests/valgrind_examples.sh

# Static analysis: cppcheck and clang-tidy (check set and reasons in
# .clang-tidy); any finding fails.
LINT_SRCS = $(SRCS) src/gen_tables.c examples/bfc-score.c examples/bfc-play.c examples/bfc-sim.c
lint:
	cppcheck --enable=warning,style,performance,portability --inline-suppr --error-exitcode=1 \
	    --std=c11 -Iinclude -Isrc --suppress=missingIncludeSystem -q $(filter-out src/tables.c,$(LINT_SRCS))
	clang-tidy --quiet $(filter-out src/tables.c,$(LINT_SRCS)) -- -std=c11 -Iinclude -Isrc

sanitize:
	$(MAKE) --no-print-directory clean
	$(MAKE) --no-print-directory check OPT="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined"

# tests/test_threads and the library built with ThreadSanitizer: any data
# race stops it.
tsan: | build
	$(CC) -std=c11 -O1 -g $(WARN) -Iinclude -Isrc -Itests -fsanitize=thread -pthread $(CPPFLAGS) \
	    $(CFLAGS) tests/test_threads.c tests/brute.c $(SRCS) -o build/tsan_test_threads $(LDFLAGS)
	@TSAN_OPTIONS="halt_on_error=1 $$TSAN_OPTIONS" sh tests/run.sh build/tsan_test_threads

bench: tests/bench.c tests/brute.c tests/brute.h $(SRCS) include/bfc.h src/internal.h src/game.h
	$(CC) -std=c11 -O3 $(WARN) -Iinclude -Isrc $(CPPFLAGS) $(CFLAGS) -o build/bench \
	    tests/bench.c tests/brute.c $(SRCS) $(LDFLAGS)
	./build/bench

# ---- Fuzzing (tests/fuzz/README.md) -----------------------------------------
#   make fuzz          libFuzzer binaries build/fuzz_{parse,score,kept,game,load,move}
#                      (clang)
#   make fuzz-replay   the same targets as plain programs (any CC, no libFuzzer)
#                      over tests/fuzz/corpus + FUZZ_RUNS seeded random inputs
#                      each; last line "N passed, N failed"
FUZZ_TARGETS = fuzz_parse fuzz_score fuzz_kept fuzz_game fuzz_load fuzz_move fuzz_cli
FUZZ_CC     ?= clang
FUZZ_RUNS   ?= 100000
FUZZ_SEED   ?= 1
FUZZ_SAN    ?= -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS  = -std=c11 -g -O1 $(WARN) -Iinclude -Isrc -Itests
FUZZ_DEPS    = tests/fuzz/fuzz.h tests/fuzz/fuzz_game.h tests/brute.c tests/brute.h $(SRCS) examples/bfc-score.c \
               include/bfc.h src/internal.h src/game.h

fuzz: $(FUZZ_TARGETS:%=build/%)
build/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_DEPS) | build
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	    $(CPPFLAGS) $(CFLAGS) $< tests/brute.c $(SRCS) -o $@ $(LDFLAGS)

build/replay_fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c $(FUZZ_DEPS) | build
	$(CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) $(CPPFLAGS) $(CFLAGS) tests/fuzz/replay.c $< tests/brute.c \
	    $(SRCS) -o $@ $(LDFLAGS)
fuzz-replay: $(FUZZ_TARGETS:%=build/replay_%)
	@sh tests/fuzz/replay.sh build $(FUZZ_RUNS) $(FUZZ_SEED)

bfc.pc: bfc.pc.in include/bfc.h
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@VERSION@|$(VERSION)|g' $< > $@

install: all bfc.pc
	install -d $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(BINDIR)
	install -m 644 include/bfc.h $(DESTDIR)$(INCLUDEDIR)/bfc.h
	install -m 644 libbfc.a $(DESTDIR)$(LIBDIR)/libbfc.a
	install -m 755 $(SHLIB) $(DESTDIR)$(LIBDIR)/$(SHLIB)
	ln -sf $(SHLIB) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SHLIB) $(DESTDIR)$(LIBDIR)/libbfc.so
	install -m 644 bfc.pc $(DESTDIR)$(PKGCONFIGDIR)/bfc.pc
	for e in $(EXAMPLES); do install -m 755 $$e $(DESTDIR)$(BINDIR)/; done

uninstall:
	rm -f $(DESTDIR)$(INCLUDEDIR)/bfc.h $(DESTDIR)$(LIBDIR)/libbfc.a \
	    $(DESTDIR)$(LIBDIR)/$(SHLIB) $(DESTDIR)$(LIBDIR)/$(SONAME) \
	    $(DESTDIR)$(LIBDIR)/libbfc.so $(DESTDIR)$(PKGCONFIGDIR)/bfc.pc
	for e in $(EXAMPLES); do rm -f $(DESTDIR)$(BINDIR)/$${e##*/}; done

clean:
	rm -rf build libbfc.a libbfc.so libbfc.so.* bfc.pc $(EXAMPLES) $(TESTS) tests/*.o
