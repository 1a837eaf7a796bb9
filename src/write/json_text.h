/* JSON text without a JSON tree: the pieces of a value, appended to the
 * byte buffer (util/buf.h), formatted exactly as jansson formats them (JSON_COMPACT), so that
 * a writer can stream millions of values and still match what jansson
 * writes elsewhere. */
#ifndef FC_WRITE_JSON_TEXT_H
#define FC_WRITE_JSON_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "util/buf.h"

/* A string of valid UTF-8, quoted: \" \\ \b \f \n \r \t, \u00XX for
 * other control bytes, everything else as is. */
void fc_jbuf_string(struct fc_buf *b, const char *s);
/* true when the n bytes of s go into a JSON string as they are (no byte
 * fc_jbuf_string escapes). */
bool fc_json_plain(const char *s, size_t n);
/* An integer, %lld. */
void fc_jbuf_int(struct fc_buf *b, long long v);
/* A finite number: integral values below 2^53 as integers, others as
 * jansson's reals (%.17g, ".0" added to what looks like an integer, no '+'
 * or leading zeros in the exponent). */
void fc_jbuf_number(struct fc_buf *b, double v);

#endif
