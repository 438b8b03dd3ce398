/* Every compiler note of the library, named once; elsewhere the code uses
 * the names and its comments cite the rules. Each changes no result (without
 * GCC or Clang each is empty) and `make bench-check` pins its worth. COLD and
 * NOINLINE keep a rare or long path out of its caller's usual one, INLINE
 * puts a small scorer or a move's body into each caller, UNROLL writes out a
 * loop whose trip count the rules bound, HIDDEN reaches the library's names
 * without the GOT, the x86-64 targets build the paths a CPU check picks. */
#ifndef BFC_COMPILER_H
#define BFC_COMPILER_H

#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define BFC__HIDDEN_BEGIN _Pragma("GCC visibility push(hidden)")
#define BFC__HIDDEN_END _Pragma("GCC visibility pop")
#define BFC__COLD __attribute__((noinline, cold))
#define BFC__NOINLINE __attribute__((noinline))
#define BFC__INLINE __attribute__((always_inline)) static inline
/* A body in a header of inline bodies kept out of line: a copy in each
   file that calls it, and no warning in one that does not. */
#define BFC__NOINLINE_BODY __attribute__((noinline, unused)) static
#define BFC__UNLIKELY(x) __builtin_expect(!!(x), 0)
#define BFC__UNROLL(n) _Pragma(BFC__STR(GCC unroll n))
#define BFC__STR(x) #x
#define BFC__HAVE_CONSTRUCTOR 1
#define BFC__CONSTRUCTOR __attribute__((constructor))
#define BFC__HAVE_VECTORS 1
typedef uint16_t bfc__u16x8 __attribute__((vector_size(16)));
#else
#define BFC__HIDDEN_BEGIN
#define BFC__HIDDEN_END
#define BFC__COLD
#define BFC__NOINLINE
#define BFC__INLINE static inline
#define BFC__NOINLINE_BODY static inline
#define BFC__UNLIKELY(x) (x)
#define BFC__UNROLL(n)
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define BFC__HAVE_X86_PATHS 1
#define BFC__TARGET_POPCNT __attribute__((target("popcnt")))
#define BFC__TARGET_AVX2 __attribute__((target("avx2")))
#define BFC__CPU_INIT() __builtin_cpu_init()
#define BFC__CPU_HAS(feature) __builtin_cpu_supports(feature)
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define BFC__LITTLE_ENDIAN 1
#endif

#endif
