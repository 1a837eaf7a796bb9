/* A thin layer over YAJL's streaming parser for the profile importers: it
 * tracks the JSON path and the line/column of every token, skips subtrees
 * the importer does not want, rejects duplicate keys, and parses integers
 * without strtod. No document tree is built (DESIGN §2). */
#ifndef FC_IMPORT_JSTREAM_H
#define FC_IMPORT_JSTREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <yajl/yajl_parse.h>

#include "flamechart/error.h"

#define J_TOP 0   /* context of the top-level value */
#define J_SKIP -1 /* open() result: ignore this container and all inside it */
#define J_NOKEY -1

enum jtype { J_NULL, J_BOOL, J_INT, J_DOUBLE, J_STRING };

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

struct jframe {
	int ctx;
	int key; /* current key in a map, J_NOKEY otherwise */
	bool is_map;
	int64_t index; /* arrays: index of the current element */
	uint64_t seen; /* maps: bit per key id < 64 already seen */
};

struct jstream {
	yajl_handle h;
	const struct jhandlers *hd;
	void *user;
	const char *file;
	struct fc_error *err;
	bool failed;
	bool seen_value;

	struct jframe *stack;
	size_t depth, cap;
	size_t skip; /* nesting inside a skipped container */

	/* position tracking */
	const unsigned char *chunk;
	size_t chunk_len;
	size_t scan;        /* newlines counted up to here in chunk */
	uint64_t chunk_abs; /* absolute offset of chunk[0] */
	uint64_t line_start;
	long line;
	uint64_t total; /* bytes fed so far */
	bool all_space; /* nothing but whitespace seen */
	bool bom_checked;
	int bom_pos; /* bytes of a byte order mark seen so far */

	/* Where a syntax error is reported, found the same way whatever the
	 * chunk boundaries (jstream.c, find_bad): after the last complete
	 * token, its whitespace and the one separator it allows. */
	uint64_t good_end; /* absolute offset after that token (or the scan) */
	int good_sep;      /* ':' after a key, ',' after a value, 0 */
	bool bad_found;
	long bad_line, bad_col;
};

bool jstream_init(struct jstream *js, const struct jhandlers *hd, void *user, const char *file,
		  struct fc_error *err);
void jstream_finish(struct jstream *js);

/* Feeds bytes; false on error (err filled). */
bool jstream_feed(struct jstream *js, const unsigned char *data, size_t len);
/* Ends the input; false on error (truncated JSON, empty file). */
bool jstream_end(struct jstream *js);

/* Current line and column (of the token just read). */
void jstream_pos(struct jstream *js, long *line, long *col);

/* Writes the JSON path of the current token ("nodes[3].callFrame.url"). */
void jstream_path(const struct jstream *js, char *buf, size_t size);

/* Sets err (with the current path and position) and stops the parse. */
bool jstream_fail(struct jstream *js, enum fc_error_code code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A short description of a value's JSON type for messages ("a string"). */
const char *jstream_type_name(const struct jvalue *v);

#endif
