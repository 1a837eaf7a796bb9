/* Errors, modelled on jansson's json_error_t. Every fallible public
 * function takes a caller-provided struct fc_error, or NULL when the caller
 * does not want the details. It clears the error on entry, whatever it
 * held, and on failure fills it: code, text, and the file, JSON path, line
 * and column where they are known. On success the code is FC_OK. */
#ifndef FC_ERROR_H
#define FC_ERROR_H

#include <stdbool.h>
#include <stddef.h>

#include "flamechart/common.h"

#ifdef __cplusplus
extern "C" {
#endif

enum fc_error_code {
	FC_OK = 0,
	FC_ERR_USAGE,   /* bad option or argument */
	FC_ERR_IO,      /* cannot open or read an input */
	FC_ERR_SYNTAX,  /* not JSON, truncated JSON, bad folded line */
	FC_ERR_FORMAT,  /* valid JSON, but not a profile of the expected kind */
	FC_ERR_TYPE,    /* a member has the wrong JSON type */
	FC_ERR_INVALID, /* the data contradicts itself (duplicate ids, cycles) */
	FC_ERR_LIMIT,   /* input larger than the configured bound */
	FC_ERR_STRICT,  /* a repair that --strict turns into an error */
	FC_ERR_OUTPUT,  /* cannot write the output */
	FC_ERR_NOMEM,   /* allocation failed */
	FC_ERR_PIPE,    /* the reader of the output pipe went away (EPIPE): the CLI
			 * ends quietly, as cat and git do */
};

struct fc_error {
	enum fc_error_code code;
	long line;      /* 1-based; 0 when unknown */
	long column;    /* 1-based; 0 when unknown */
	char file[512]; /* input or output path, "" when none */
	char path[256]; /* JSON path such as nodes[12].children[3], "" when none */
	char text[512]; /* what is wrong, without the prefix */
};

/* Clears e: FC_OK, no file, path, line, column or text. */
FC_API void fc_error_init(struct fc_error *e);

/* "FILE: PATH (line L, column C): text", leaving out the parts that are unknown.
 * Returns the length written (truncated to size); "" for a NULL e. */
FC_API size_t fc_error_format(const struct fc_error *e, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
