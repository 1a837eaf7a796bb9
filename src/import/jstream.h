/* The streaming JSON reader of the profile importers (docs/ARCHITECTURE.md): a
 * tokenizer of its own that is fed chunks of any size, tracks the JSON path
 * and the line/column of every token, skips subtrees the importer does not
 * want, rejects duplicate keys, and parses integers without strtod. No
 * document tree is built; strings are handed out in place when they hold no
 * escape. The whole input is checked against RFC 8259 (strings are not
 * checked for UTF-8: the model sanitises what it keeps). */
#ifndef FC_IMPORT_JSTREAM_H
#define FC_IMPORT_JSTREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/error.h"
#include "model/profile.h"

#define J_TOP 0   /* context of the top-level value */
#define J_SKIP -1 /* open() result: ignore this container and all inside it */
#define J_NOKEY -1

enum jtype { J_NULL, J_BOOL, J_INT, J_DOUBLE, J_STRING };

/* A scalar; the fields of other types are 0. */
struct jvalue {
	enum jtype type;
	bool b;
	int64_t i;         /* J_INT */
	double d;          /* J_DOUBLE, and J_INT converted */
	bool int_overflow; /* an integer literal outside int64 (type J_DOUBLE) */
	const char *s;     /* J_STRING, not NUL-terminated; may hold NUL bytes */
	size_t len;
};

struct jstream;

/* How a string's plain run is scanned for its end: many bytes at a time where
 * the build and the CPU allow (SSE2 on x86-64, AVX2 chosen at run time),
 * one byte at a time otherwise or when built with -Dscanner=scalar. Every
 * scan gives the same tokens, errors and positions; the tests and the fuzz
 * target jstream_scan compare them. */
enum jscan { JSCAN_SCALAR, JSCAN_SSE2, JSCAN_AVX2 };

/* The widest scan this build has and this CPU runs: what jstream_init
 * picks. A lower one may be set in js->scan after jstream_init. */
enum jscan jstream_best_scan(void);

struct jhandlers {
	/* Key names by id, for duplicate detection and paths. Keys are looked
	 * up with key(); an unknown key returns J_NOKEY and its value is skipped. */
	int (*key)(void *user, int ctx, const char *s, size_t len);
	const char *const *key_names;
	/* A container opens as the value of (ctx, key) or element index of ctx.
	 * Returns the new context id (> 0), or J_SKIP. */
	int (*open)(void *user, struct jstream *js, int ctx, int key, int64_t index, bool is_map);
	/* A scalar value. Return false (after jstream_fail) to stop. */
	bool (*value)(void *user, struct jstream *js, int ctx, int key, int64_t index,
		      const struct jvalue *v);
	/* A container of context ctx closes. */
	bool (*close)(void *user, struct jstream *js, int ctx);
};

/* A container the importer follows. */
struct jframe {
	int ctx;
	int key; /* current key in a map, J_NOKEY otherwise */
	bool is_map;
	int64_t index; /* arrays: index of the current element */
	uint64_t seen; /* maps: bit per key id < 64 already seen */
};

struct jstream {
	const struct jhandlers *hd;
	void *user;
	const char *file;
	struct fc_error *err;
	bool failed;
	bool stopped; /* jstream_stop: the caller has what it wanted */

	struct jframe *stack; /* followed containers; stack[0] is the top level */
	size_t depth, cap;
	size_t skip; /* nesting inside a skipped container */

	/* grammar: what may come next, and one bit per open container
	 * (1 = object), skipped ones included */
	int state;
	uint64_t *kinds;
	size_t nest, kinds_cap;

	/* position: lines are counted as whitespace is skipped (a newline
	 * cannot occur inside a token) */
	const unsigned char *buf; /* the bytes being read */
	uint64_t buf_abs;         /* absolute offset of buf[0] */
	const unsigned char *tok; /* start of the current token, in buf */
	long line;
	uint64_t line_start; /* absolute offset of the line's first byte */
	uint64_t total;      /* bytes fed so far */
	bool any_token;

	/* a token cut by the end of a chunk, completed from the next one */
	unsigned char *carry;
	size_t carry_len, carry_cap;
	uint64_t carry_abs;
	bool carry_escape; /* a string's carry ends inside an escape */

	char *text; /* decoded strings that held escapes */
	size_t text_cap;

	bool bom_checked;
	int bom_pos; /* bytes of a byte order mark seen so far */

	enum jscan scan; /* at most jstream_best_scan() */
};

bool jstream_init(struct jstream *js, const struct jhandlers *hd, void *user, const char *file,
		  struct fc_error *err);
void jstream_finish(struct jstream *js);

/* Feeds bytes; false on error (err filled) or after jstream_stop. */
bool jstream_feed(struct jstream *js, const unsigned char *data, size_t len);
/* Ends the input; false on error (truncated JSON, empty file). */
bool jstream_end(struct jstream *js);

/* True when the bytes fed so far end between tokens (no token is waiting
 * for the next chunk). */
static inline bool jstream_between_tokens(const struct jstream *js)
{
	return js->carry_len == 0;
}

/* Ends reading from inside a handler without an error: the handler returns
 * false (or J_SKIP), and feed returns false with js->stopped set. */
void jstream_stop(struct jstream *js);

/* Line and column (1-based, in bytes) of the current token's first byte. */
void jstream_pos(struct jstream *js, long *line, long *col);

/* Writes the JSON path of the current token ("nodes[3].callFrame.url"). */
void jstream_path(const struct jstream *js, char *buf, size_t size);

/* Sets err (with the current path and position) and stops the parse. */
bool jstream_fail(struct jstream *js, enum fc_error_code code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The two failures every importer reports the same way: out of memory
 * (false), and a value of the wrong kind ("expected WANT, found an object"
 * or "an array"), which returns J_SKIP for an on_open handler. */
bool jstream_nomem(struct jstream *js);
int jstream_type_error(struct jstream *js, const char *want, bool is_map);

/* A short description of a value's JSON type for messages ("a string"). */
const char *jstream_type_name(const struct jvalue *v);

#endif
