/* FlameGraph's differential folded stacks (difffolded.pl's output): one line
 * "frame;frame;frame BASE HEAD" per path of the aligned tree with self time
 * on either side, in µs per run, rounded. The frame names are the function
 * keys: "name file" (docs/diff.md). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "diff/internal.h"
#include "util/util.h"
#include "model/profile.h"

/* A frame's name with ';' and line breaks replaced, as -f folded does (a
 * long name or path cut: fc_diff_text). */
static bool put_name(struct fc_output *out, const struct fc_diff_item *x)
{
	const char *parts[2] = { x->name, x->file };
	char buf[FC_DIFF_TEXT_MAX + 1];
	int k;

	for (k = 0; k < 2; k++) {
		const char *s = fc_diff_text(parts[k], buf);
		if (k && !s[0])
			break;
		if (k && !fc_output_write(out, " ", 1))
			return false;
		for (; *s; s++) {
			bool ok;
			if (*s == ';')
				ok = fc_output_write(out, "\xef\xbc\x9b", 3);
			else if (*s == '\n' || *s == '\r')
				ok = fc_output_write(out, "\xef\xbf\xbd", 3);
			else
				ok = fc_output_write(out, s, 1);
			if (!ok)
				return false;
		}
	}
	return true;
}

bool fc_diff_write_folded(const struct fc_diff *d, struct fc_output *out, struct fc_error *err)
{
	uint32_t *path;
	size_t i;

	if (d->options.no_paths) {
		fc_error_set(err, FC_ERR_INVALID,
			     "diff: the comparison was made without its call paths (no_paths): "
			     "no folded stacks can be written from it");
		return false;
	}
	path = malloc((d->n_nodes + 1) * sizeof(*path));
	if (!path) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	for (i = 0; i < d->n_nodes; i++) {
		long b = lround(d->node_self[0][i]), h = lround(d->node_self[1][i]);
		size_t n = 0, j;
		uint32_t k = (uint32_t)i;

		if (!b && !h)
			continue;
		while (k != FC_NONE) {
			path[n++] = k;
			k = d->node_parent[k];
		}
		for (j = n; j-- > 0;) {
			if (!put_name(out, &d->functions[d->node_function[path[j]]]) ||
			    (j && !fc_output_write(out, ";", 1)))
				goto fail;
		}
		if (!fc_output_printf(out, " %ld %ld\n", b, h))
			goto fail;
	}
	free(path);
	return true;
fail:
	free(path);
	fc_error_set(err, FC_ERR_OUTPUT, "write error");
	return false;
}
