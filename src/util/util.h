/* Small helpers shared by every stage: growable arrays, hashing, UTF-8. */
#ifndef FC_UTIL_H
#define FC_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FC_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#include "flamechart/common.h"

/* Grows *ptr (an array of elem-sized items with capacity *cap) so that it holds
 * at least need items. Capacity doubles; overflow and allocation failure
 * return false and leave the array untouched. */
bool fc_grow(void **ptr, size_t *cap, size_t need, size_t elem);

#define FC_GROW(ptr, cap, need) fc_grow((void **)&(ptr), &(cap), (need), sizeof(*(ptr)))

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

/* Length of the UTF-8 sequence starting at s (1..4), assuming valid UTF-8. */
size_t fc_utf8_seqlen(unsigned char c);

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

/* A byte count as people read it: "812 B", "1.5 kB", "26.9 MB", "3.21 GB"
 * (powers of 1000, three significant digits, a '-' for negative counts);
 * sign adds '+' to positive ones. Returns the length snprintf would. */
size_t fc_format_bytes(double bytes, bool sign, char *out, size_t size);

/* Last path component of a path or URL ("a/b/c.js?x" -> "c.js?x"). */
const char *fc_basename(const char *path);

/* jansson's error text without the input it quotes: "invalid token near
 * 'SECRET'" becomes "invalid token" (messages never quote a file's content;
 * docs/robustness.md). Cuts text in place and returns it. */
char *fc_json_error_unquoted(char *text);

#endif
