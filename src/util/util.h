/* Small helpers shared by every stage: growable arrays, hashing, UTF-8. */
#ifndef FC_UTIL_H
#define FC_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FC_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#include "flamechart/common.h"
#include "flamechart/error.h"

/* Grows *ptr (an array of elem-sized items with capacity *cap) so that it holds
 * at least need items. Capacity doubles; overflow and allocation failure
 * return false and leave the array untouched. */
bool fc_grow(void **ptr, size_t *cap, size_t need, size_t elem);

#define FC_GROW(ptr, cap, need) fc_grow((void **)&(ptr), &(cap), (need), sizeof(*(ptr)))

/* The 1-based number shown for a 0-based line or column (FC_POS_MAX in
 * model/profile.h): 0 when unknown. Never overflows. */
static inline int32_t fc_pos_shown(int32_t pos)
{
	return pos >= 0 && pos < INT32_MAX ? pos + 1 : 0;
}

/* 64-bit hash of a byte string and of an integer (not cryptographic). */
uint64_t fc_hash_bytes(const void *data, size_t len);
uint64_t fc_hash_u64(uint64_t x);

/* True when s[0..len) is valid UTF-8 with no NUL or other C0 control bytes
 * (tab excepted). */
bool fc_utf8_clean(const char *s, size_t len);

/* Copies s[0..len) to out as valid UTF-8: invalid sequences become U+FFFD,
 * NUL and C0 controls become U+FFFD too. out must hold 3*len+1 bytes.
 * Returns the length written (out is NUL-terminated). */
size_t fc_utf8_sanitize(const char *s, size_t len, char *out);

/* A malloc'd copy of s that is clean text: fc_utf8_sanitize applied when
 * fc_utf8_clean fails. For names and messages that come from the input or
 * the command line and are shown (terminal, pango, JSON). NULL on
 * allocation failure. */
char *fc_strdup_clean(const char *s);

/* Length of the valid UTF-8 sequence at s (at most avail bytes, 1..4), 0
 * when the bytes there are not one. */
size_t fc_utf8_valid_seq(const unsigned char *s, size_t avail);

/* Length of the UTF-8 sequence starting at s (1..4), assuming valid UTF-8. */
size_t fc_utf8_seqlen(unsigned char c);

/* The longest prefix of the valid UTF-8 s[0..len) of at most max bytes that
 * ends on a code point boundary (len itself when len <= max). */
size_t fc_utf8_prefix(const char *s, size_t len, size_t max);

/* len, less an incomplete sequence at the end of s[0..len) (UTF-8 cut by
 * bytes). */
size_t fc_utf8_complete(const char *s, size_t len);

/* The value of a hexadecimal digit, -1 when c is not one. */
int fc_hexval(int c);

/* Allocating copies; NULL on allocation failure. */
char *fc_strdup(const char *s);
char *fc_strndup(const char *s, size_t n);
char *fc_asprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Stable sort with a context argument (iterative merge sort, no recursion).
 * false on allocation failure (the array is then unchanged). */
bool fc_sort(void *base, size_t n, size_t size, int (*cmp)(const void *a, const void *b, void *ctx),
	     void *ctx);
/* The first k elements of what fc_sort would give, in base[0 .. min(k, n)),
 * in that order; the others follow in no particular order. A short top (k
 * at most 256, below n) is kept by insertion as the elements come: one
 * comparison with the k-th for most, instead of sorting all n. false on
 * allocation failure (the array is then unchanged). */
bool fc_sort_top(void *base, size_t n, size_t size, size_t k,
		 int (*cmp)(const void *a, const void *b, void *ctx), void *ctx);

/* Numbers the nodes of a tree in pre-order (the one walk every rebuilt
 * call tree is numbered by): order[i] is node i's number, root's is 0 and
 * a node's children follow it in increasing index order. parent[i] is node
 * i's parent (anything >= n, e.g. FC_NONE, for none). Iterative, so any
 * depth is fine. Nodes the walk from root does not reach (a cycle, other
 * roots) keep FC_NONE; *reached is how many it reached. false on allocation
 * failure. */
bool fc_preorder(uint32_t n, const uint32_t *parent, uint32_t root, uint32_t *order,
		 uint32_t *reached);

/* Whether a profile's weight unit (fc_profile.weight_unit) is bytes: a
 * heap profile's, shown as B, kB, MB, GB (docs/inputs.md). */
bool fc_unit_is_bytes(const char *unit);

/* What a profile's weights are divided by to give its unit: 1000 for the
 * thousandths decimal counts are kept in ("1/1000 samples", input-rules
 * §D2), 1 for any other unit. */
double fc_unit_divisor(const char *unit);

/* A byte count as people read it: "812 B", "1.5 kB", "26.9 MB", "3.21 GB"
 * (powers of 1000, three significant digits, a '-' for negative counts);
 * sign adds '+' to positive ones. Returns the length snprintf would. */
size_t fc_format_bytes(double bytes, bool sign, char *out, size_t size);

/* The CPUs the process may run on (its affinity mask, as taskset sets it),
 * at least 1: the default number of threads (docs/threads.md). */
unsigned fc_cpus_available(void);

/* Last path component of a path or URL ("a/b/c.js?x" -> "c.js?x"). */
const char *fc_basename(const char *path);

/* Whether path resolves (through any symbolic links) to a place inside the
 * directory dir_real, itself a realpath(): a folder of inputs follows a
 * link only to there, never to ~/.ssh or /etc. */
bool fc_path_inside(const char *dir_real, const char *path);

/* Whether a file name says it is a profile (*.cpuprofile, *.heapprofile,
 * gzipped or not): such a
 * file beside others is never skipped as "not a profile" (when broken, it
 * fails). */
bool fc_named_as_profile(const char *name);

/* A file name as node --cpu-prof writes it,
 * CPU.<yyyymmdd>.<hhmmss>.<pid>.<tid>.<seq>.cpuprofile, or as --heap-prof
 * does, Heap.<...same...>.heapprofile, or either gzipped (".gz"): the one
 * parser of these names (the clock groups a
 * process's threads by pid, lanes are titled by pid and thread, diff orders
 * a run's threads, report draws a process's lanes). path may have
 * directories; false when its last component is not such a name. */
struct fc_node_file {
	uint64_t date, time, pid, tid, seq; /* tid 0 = the main thread */
	bool gzip;
	bool heap; /* Heap.*.heapprofile */
};
bool fc_node_file_name(const char *path, struct fc_node_file *out);

/* jansson's error text without the input it quotes: "invalid token near
 * 'SECRET'" becomes "invalid token" (messages never quote a file's content;
 * docs/robustness.md). Cuts text in place and returns it. */
char *fc_json_error_unquoted(char *text);

/* Sets code and text; file, path, line and column are left as they are
 * (a public call cleared them on entry, and fills them where it knows
 * them); the library's own, not exported. Nothing happens when e is NULL. */
void fc_error_set(struct fc_error *e, enum fc_error_code code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void fc_error_vset(struct fc_error *e, enum fc_error_code code, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

void fc_error_set_file(struct fc_error *e, const char *file);
void fc_error_set_path(struct fc_error *e, const char *path);

/* The first step of every public fallible call: the caller's error, or
 * scratch when the caller passed NULL, cleared (docs/api.md, "Errors"). */
struct fc_error *fc_error_begin(struct fc_error *e, struct fc_error *scratch);

/* v with `decimals` decimals and a comma between groups of three integer
 * digits: 1234.5 -> "1,234.5"; never "-0" or "-0.00". The length written,
 * 0 (and "") when it does not fit. The one number formatter of headers,
 * tables, reports and Markdown. */
size_t fc_format_grouped(double v, int decimals, char *out, size_t size);

#endif
