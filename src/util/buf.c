#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"

void fc_buf_free(struct fc_buf *b)
{
	free(b->data);
	memset(b, 0, sizeof(*b));
}

bool fc_buf_grow(struct fc_buf *b, size_t n)
{
	size_t cap = b->cap ? b->cap : 256;
	char *q;

	if (b->failed || n > SIZE_MAX / 2 - b->len)
		goto nomem;
	while (cap - b->len < n)
		cap *= 2;
	q = realloc(b->data, cap);
	if (!q)
		goto nomem;
	b->data = q;
	b->cap = cap;
	return true;
nomem:
	b->failed = true;
	return false;
}

const char *fc_buf_cstr(struct fc_buf *b)
{
	if (!fc_buf_room(b, 1))
		return NULL;
	b->data[b->len] = '\0';
	return b->data;
}
