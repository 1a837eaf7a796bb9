#include <stdio.h>
#include <string.h>

#include "flamechart/error.h"
#include "util/util.h"

void fc_error_init(struct fc_error *e)
{
	if (e)
		memset(e, 0, sizeof(*e));
}

struct fc_error *fc_error_begin(struct fc_error *e, struct fc_error *scratch)
{
	e = e ? e : scratch;
	memset(e, 0, sizeof(*e));
	return e;
}

/* Messages quote the input (keys, a line of text, names), and they end up
 * on a terminal, in logs and in the report's HTML: control characters (a
 * terminal obeys ESC sequences) and invalid UTF-8 become U+FFFD, as in the
 * string pool. A sequence cut by truncation is dropped. */
static void clean_text(char *text, size_t size)
{
	char buf[3 * 512 + 1];
	size_t n = strlen(text), k;

	if (fc_utf8_clean(text, n) || size > 512)
		return;
	if (n == size - 1) {
		/* truncated: drop an incomplete last sequence */
		for (k = n; k > 0 && k + 4 > n && ((unsigned char)text[k - 1] & 0xc0) == 0x80; k--)
			;
		if (k > 0 && (unsigned char)text[k - 1] >= 0xc0 &&
		    fc_utf8_seqlen((unsigned char)text[k - 1]) > n - (k - 1))
			n = k - 1;
	}
	n = fc_utf8_sanitize(text, n, buf);
	if (n >= size) {
		n = size - 1;
		while (n > 0 && ((unsigned char)buf[n] & 0xc0) == 0x80)
			n--;
	}
	memcpy(text, buf, n);
	text[n] = '\0';
}

void fc_error_vset(struct fc_error *e, enum fc_error_code code, const char *fmt, va_list ap)
{
	if (!e)
		return;
	e->code = code;
	vsnprintf(e->text, sizeof(e->text), fmt, ap);
	clean_text(e->text, sizeof(e->text));
}

void fc_error_set(struct fc_error *e, enum fc_error_code code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fc_error_vset(e, code, fmt, ap);
	va_end(ap);
}

void fc_error_set_file(struct fc_error *e, const char *file)
{
	if (e) {
		snprintf(e->file, sizeof(e->file), "%s", file ? file : "");
		clean_text(e->file, sizeof(e->file));
	}
}

void fc_error_set_path(struct fc_error *e, const char *path)
{
	if (e) {
		/* a path can hold a key from the input (a theme's unknown key) */
		snprintf(e->path, sizeof(e->path), "%s", path ? path : "");
		clean_text(e->path, sizeof(e->path));
	}
}

size_t fc_error_format(const struct fc_error *e, char *buf, size_t size)
{
	size_t n = 0;
	int w;

#define PUT(...)                                                             \
	do {                                                                 \
		w = snprintf(buf + n, n < size ? size - n : 0, __VA_ARGS__); \
		if (w > 0)                                                   \
			n += (size_t)w;                                      \
	} while (0)

	if (size)
		buf[0] = '\0';
	if (!e)
		return 0;
	if (e->file[0])
		PUT("%s: ", e->file);
	if (e->path[0])
		PUT("%s", e->path);
	if (e->path[0] && e->line > 0 && e->column > 0)
		PUT(" (line %ld, column %ld)", e->line, e->column);
	else if (e->path[0] && e->line > 0)
		PUT(" (line %ld)", e->line);
	else if (e->line > 0 && e->column > 0)
		PUT("line %ld, column %ld", e->line, e->column);
	else if (e->line > 0)
		PUT("line %ld", e->line);
	if (e->path[0] || e->line > 0)
		PUT(": ");
	PUT("%s", e->text);
#undef PUT
	return n < size ? n : (size ? size - 1 : 0);
}
