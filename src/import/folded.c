/* Folded ("collapsed") stacks, Brendan Gregg's text format (input-rules §D):
 * one "root;...;leaf count" line per stack. The lines become a call tree
 * (identical prefixes share nodes) and one sample per line whose "time"
 * advances by the count, so a merged graph can use durations as weights.
 * There is no real time: has_time is false and the unit is "samples". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/importers.h"
#include "model/builder.h"
#include "util/util.h"
#include "util/children.h"
#include "model/profile.h"

/* Weights beyond 2^53 would not be exact in the layout's doubles. */
#define WEIGHT_LIMIT 9007199254740992.0
/* Decimal counts are kept to three places: weights become thousandths. */
#define DECIMAL_SCALE 1000.0

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* The count at the end of s[0..*len): "\d+(\.\d*)?" after whitespace.
 * Shrinks *len to the text before the whitespace. */
static bool take_count(const char *s, size_t *len, double *count, bool *decimal)
{
	size_t e = *len, b = e, dots = 0;
	char buf[64];

	while (b > 0 && ((s[b - 1] >= '0' && s[b - 1] <= '9') || s[b - 1] == '.')) {
		if (s[b - 1] == '.')
			dots++;
		b--;
	}
	if (b == e || b == 0 || !is_space(s[b - 1]) || dots > 1 || s[b] == '.' ||
	    e - b >= sizeof(buf))
		return false;
	memcpy(buf, s + b, e - b);
	buf[e - b] = '\0';
	*count = strtod(buf, NULL);
	*decimal = dots == 1 && strspn(strchr(buf, '.') + 1, "0") != strlen(strchr(buf, '.') + 1);
	while (b > 0 && is_space(s[b - 1]))
		b--;
	*len = b;
	return true;
}

bool fc_folded_parse_line(const char *s, size_t len, struct fc_folded_line *out)
{
	size_t a = 0, e = len, e2;
	double c2;
	bool d2;

	while (a < e && is_space(s[a]))
		a++;
	while (e > a && (is_space(s[e - 1]) || s[e - 1] == '\n'))
		e--;
	s += a;
	e -= a;
	memset(out, 0, sizeof(*out));
	if (!take_count(s, &e, &out->count, &out->decimal))
		return false;
	/* a second number makes a differential line: "stack before after" */
	e2 = e;
	if (take_count(s, &e2, &c2, &d2) && e2 > 0) {
		out->has_count2 = true;
		out->count2 = out->count;
		out->count = c2;
		out->decimal = d2 || out->decimal;
		e = e2;
	}
	if (e == 0)
		return false;
	out->stack = s;
	out->stack_len = e;
	return true;
}

/* --- frames ----------------------------------------------------------------- */

struct frame_text {
	const char *name, *url;
	size_t name_len, url_len;
	int32_t line, column; /* 0-based, -1 unknown */
};

static bool all_digits(const char *s, size_t n)
{
	size_t i;

	if (n == 0 || n > 9)
		return false;
	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

/* "scheme://..." */
static bool has_scheme(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z')))
		i++;
	return i >= 2 && i + 3 <= n && memcmp(s + i, "://", 3) == 0;
}

/* "file:12" or "file:12:3" -> url, 0-based line and column (the numbers in
 * perf maps and stack traces are 1-based). False when s is not a location. */
static bool parse_location(const char *s, size_t n, struct frame_text *f)
{
	const char *c1 = NULL, *c2 = NULL;
	size_t i;

	for (i = n; i > 0; i--) {
		if (s[i - 1] == ':') {
			if (!c2)
				c2 = s + i - 1;
			else if (!c1)
				c1 = s + i - 1;
			else
				break;
		}
	}
	if (c2 && all_digits(c2 + 1, (size_t)(s + n - c2 - 1))) {
		if (c1 && c1 > s && all_digits(c1 + 1, (size_t)(c2 - c1 - 1))) {
			f->url = s;
			f->url_len = (size_t)(c1 - s);
			f->line = atoi(c1 + 1) - 1;
			f->column = atoi(c2 + 1) - 1;
		} else if (c2 > s) {
			f->url = s;
			f->url_len = (size_t)(c2 - s);
			f->line = atoi(c2 + 1) - 1;
		} else {
			return false;
		}
		return true;
	}
	/* a bare path or URL without a line */
	if (s[0] == '/' || has_scheme(s, n) || (n > 5 && memcmp(s, "node:", 5) == 0)) {
		f->url = s;
		f->url_len = n;
		return true;
	}
	return false;
}

/* V8 perf-map tags that mark JavaScript code (input-rules §D4); the tier
 * marker after them (~ ^ + *) says how the function was compiled. */
static const char *const js_tags[] = { "JS:", "LazyCompile:", "Function:", "Eval:", "Script:" };

/* Splits one frame into name and location (input-rules §D3-§D4). */
static void split_frame(const char *s, size_t n, struct frame_text *f)
{
	size_t i, sp;

	f->line = f->column = -1;
	f->url = "";
	f->url_len = 0;
	/* perf's annotations: _[k] kernel, _[j] JIT, _[i] inlined, _[w] waker */
	if (n >= 4 && s[n - 4] == '_' && s[n - 3] == '[' && s[n - 1] == ']' && s[n - 2] &&
	    strchr("kwij", s[n - 2]))
		n -= 4;
	for (i = 0; i < FC_ARRAY_LEN(js_tags); i++) {
		size_t tl = strlen(js_tags[i]);
		if (n > tl && memcmp(s, js_tags[i], tl) == 0) {
			s += tl;
			n -= tl;
			if (n && strchr("~^+*", s[0]))
				s++, n--;
			break;
		}
	}
	f->name = s;
	f->name_len = n;
	for (sp = n; sp > 0 && s[sp - 1] != ' '; sp--)
		;
	if (sp == 0 || sp == n)
		return;
	if (parse_location(s + sp, n - sp, f)) {
		f->name_len = sp - 1;
		while (f->name_len && s[f->name_len - 1] == ' ')
			f->name_len--;
	}
}

/* --- the tree ---------------------------------------------------------------- */

struct importer {
	struct fc_profile *p;
	const struct fc_source *src;
	struct fc_builder b;
	struct fc_error *err;
	/* (parent node, frame) -> node; node i has builder id i, root 0 */
	uint32_t *node_parent, *node_frame;
	size_t n_nodes, nodes_cap;
	struct fc_map table;
	double *weights;
	double *weights2; /* a differential line's second count (HEAD) */
	size_t n_weights, weights_cap, weights2_cap;
	uint32_t *leaves;
	size_t leaves_cap;
	bool decimal, differential;
	size_t invalid, valid;
	long first_invalid, lines;
};

/* The child of parent with this frame, added when new; FC_NONE on failure. */
static uint32_t child(struct importer *im, uint32_t parent, uint32_t frame)
{
	return fc_children_add(&im->table, &im->node_parent, &im->node_frame, &im->n_nodes,
			       &im->nodes_cap, parent, frame);
}

static bool nomem(struct importer *im)
{
	fc_error_set(im->err, FC_ERR_NOMEM, "out of memory");
	return false;
}

/* The memory bound (docs/robustness.md): a distinct frame or stack costs
 * the model, the builder and the layouts about UNIT_BYTES however short its
 * text, which folded stacks can make 2 bytes ("a;"). A file varied beyond
 * what 8 x its size + 64 MiB pays for is refused as it is read. */
#define UNIT_BYTES 128
static bool within_bound(struct importer *im)
{
	uint64_t units = (uint64_t)im->p->n_frames + im->n_nodes;
	uint64_t allowed = 8 * im->src->consumed + ((uint64_t)64 << 20);

	if (units * UNIT_BYTES <= allowed)
		return true;
	fc_error_set(im->err, FC_ERR_LIMIT,
		     "%zu distinct frames and %zu distinct stacks in the first %llu bytes: "
		     "folded stacks this varied need more memory than the bound of 8 x the "
		     "input + 64 MiB (about %d bytes each)",
		     (size_t)im->p->n_frames, im->n_nodes, (unsigned long long)im->src->consumed,
		     UNIT_BYTES);
	im->err->line = im->lines;
	return false;
}

static bool add_line(struct importer *im, const char *s, size_t len)
{
	struct fc_folded_line fl;
	size_t a = 0, i;
	uint32_t node = 0;

	/* a UTF-8 byte order mark before the first line is not part of the
	 * first frame's name (detection skips it too) */
	if (im->lines++ == 0 && len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
		s += 3;
		len -= 3;
	}
	while (a < len && is_space(s[a]))
		a++;
	if (a == len || s[a] == '#')
		return true; /* blank line or comment */
	if (!fc_folded_parse_line(s, len, &fl)) {
		if (im->invalid++ == 0)
			im->first_invalid = im->lines;
		return true;
	}
	im->valid++;
	if (fl.count > WEIGHT_LIMIT) {
		fc_error_set(im->err, FC_ERR_INVALID, "count %.0f is too large", fl.count);
		im->err->line = im->lines;
		return false;
	}
	if (!fl.has_count2)
		fl.count2 = fl.count; /* a line with one count weighs the same on both sides */
	if (fl.count2 > WEIGHT_LIMIT) {
		fc_error_set(im->err, FC_ERR_INVALID, "count %.0f is too large", fl.count2);
		im->err->line = im->lines;
		return false;
	}
	if (fl.count <= 0 && fl.count2 <= 0)
		return true; /* nothing to draw */
	im->decimal |= fl.decimal;
	im->differential |= fl.has_count2;
	for (i = 0; i <= fl.stack_len;) {
		const char *f = fl.stack + i, *semi = memchr(f, ';', fl.stack_len - i);
		size_t n = semi ? (size_t)(semi - f) : fl.stack_len - i;
		struct frame_text ft;
		uint32_t frame;

		split_frame(f, n, &ft);
		frame = fc_profile_intern_frame(im->p, ft.name, ft.name_len, ft.url, ft.url_len,
						ft.url_len ? "1" : "0", 1, ft.line, ft.column);
		if (frame == FC_NONE || (node = child(im, node, frame)) == FC_NONE)
			return nomem(im);
		i += n + 1;
	}
	if (!within_bound(im))
		return false;
	if (!FC_GROW(im->weights, im->weights_cap, im->n_weights + 1))
		return nomem(im);
	{
		size_t cap = im->leaves_cap;
		if (!FC_GROW(im->leaves, cap, im->n_weights + 1))
			return nomem(im);
		im->leaves_cap = cap;
	}
	{
		size_t cap = im->weights2_cap;
		if (!FC_GROW(im->weights2, cap, im->n_weights + 1))
			return nomem(im);
		im->weights2_cap = cap;
	}
	im->weights[im->n_weights] = fl.count > 0 ? fl.count : 0;
	im->weights2[im->n_weights] = fl.count2 > 0 ? fl.count2 : 0;
	im->leaves[im->n_weights++] = node;
	return true;
}

/* Hands the tree and the samples weighed by weights to builder b. */
static bool build(struct importer *im, struct fc_builder *b, const double *weights,
		  enum fc_count_unit unit)
{
	/* durations become whole µs; sample counts with decimals thousandths */
	double scale = unit == FC_COUNT_MS   ? 1000.0
		       : unit == FC_COUNT_US ? 1.0
		       : im->decimal         ? DECIMAL_SCALE
					     : 1.0,
	       total = 0;
	size_t i;

	for (i = 0; i < im->n_nodes; i++) {
		uint32_t slot = fc_builder_node(b, (int64_t)i, im->node_frame[i], 0, 0, im->err);
		if (slot == FC_NONE)
			return false;
		if (i > 0)
			fc_builder_parent(b, slot, im->node_parent[i]);
	}
	b->have_times = true;
	b->times_absolute = true;
	for (i = 0; i < im->n_weights; i++) {
		if (!fc_builder_sample(b, im->leaves[i]) ||
		    !fc_builder_time(b, (int64_t)llround(total)))
			return nomem(im);
		total += weights[i] * scale;
		if (total > WEIGHT_LIMIT) {
			fc_error_set(im->err, FC_ERR_LIMIT, "the counts add up to more than 2^53");
			return false;
		}
	}
	/* one more timestamp: where the last line's weight ends */
	if (!fc_builder_time(b, (int64_t)llround(total)))
		return nomem(im);
	b->have_start = b->have_end = true;
	b->start_us = 0;
	b->end_us = (int64_t)llround(total);
	return fc_builder_finish(b, im->err);
}

static bool finish_profile(struct importer *im, const struct fc_import_options *opts)
{
	struct fc_profile *p = im->p;
	char where[32];

	if (im->n_weights == 0) {
		if (im->invalid) {
			fc_error_set(im->err, FC_ERR_SYNTAX,
				     "no line is `stack count` (folded stacks); line %ld is not",
				     im->first_invalid);
			im->err->line = im->first_invalid;
		} else {
			fc_error_set(im->err, FC_ERR_FORMAT,
				     "no stacks: the folded file has only comments, blank lines "
				     "or zero counts");
		}
		return false;
	}
	if (im->invalid > im->valid) {
		/* flamegraph.pl skips bad lines, but when most are bad the input
		 * is something else (e.g. JSON read with --input-format folded) */
		fc_error_set(im->err, FC_ERR_SYNTAX,
			     "%zu of %zu lines are not `stack count` (the first is line %ld): "
			     "this is not folded stacks",
			     im->invalid, im->invalid + im->valid, im->first_invalid);
		im->err->line = im->first_invalid;
		return false;
	}
	if (!build(im, &im->b, im->weights, opts->count_unit))
		return false;
	p->format = FC_FORMAT_FOLDED;
	/* durations, but no order in time: still no chart */
	p->has_time = false;
	if (opts->count_unit != FC_COUNT_SAMPLES) {
		p->weight_unit = "µs";
		im->decimal = false; /* kept to the µs, no note */
	} else {
		p->weight_unit = im->decimal ? "1/1000 samples" : "samples";
	}
	if (im->invalid) {
		snprintf(where, sizeof(where), "line %ld", im->first_invalid);
		if (!fc_builder_repair(&im->b, im->err, where, 0, 0,
				       "%zu line%s not `stack count` and %s skipped (the first "
				       "is line %ld)",
				       im->invalid, im->invalid == 1 ? " is" : "s are",
				       im->invalid == 1 ? "was" : "were", im->first_invalid))
			return false;
	}
	if (im->differential || im->decimal) {
		p->note = fc_asprintf("%s%s%s",
				      im->differential ? "differential input: the first count "
							 "of each line is used here (BASE), "
							 "the second makes the next profile "
							 "(HEAD)"
						       : "",
				      im->differential && im->decimal ? "; " : "",
				      im->decimal ? "decimal counts: weights are in thousandths "
						    "of a sample"
						  : "");
		if (!p->note)
			return nomem(im);
	}
	fc_profile_classify(p);
	if (im->differential) {
		p->diff_side = 1;
		p->thread_name = fc_strdup("BASE");
		if (!p->thread_name)
			return nomem(im);
	}
	return true;
}

/* A differential file's second profile: the same tree and frames, weighed
 * by the second counts (docs/diff.md). NULL with err. */
static struct fc_profile *head_profile(struct importer *im, const char *name,
				       const struct fc_import_options *opts)
{
	struct fc_profile *q = fc_profile_create();
	struct fc_builder b;
	bool ok;

	if (!q || !fc_profile_copy_frames(q, im->p)) {
		fc_profile_destroy(q);
		nomem(im);
		return NULL;
	}
	fc_builder_init(&b, q, name, opts->strict);
	b.nodes_path = "stacks";
	b.samples_path = "lines";
	ok = build(im, &b, im->weights2, opts->count_unit);
	fc_builder_finish_free(&b);
	if (ok) {
		q->format = FC_FORMAT_FOLDED;
		q->has_time = false;
		q->weight_unit = im->p->weight_unit;
		q->diff_side = 2;
		q->thread_name = fc_strdup("HEAD");
		q->note = fc_strdup("differential input: the second count of each line (HEAD)");
		ok = q->thread_name && q->note;
		if (!ok)
			nomem(im);
	}
	if (!ok) {
		fc_profile_destroy(q);
		return NULL;
	}
	fc_profile_classify(q);
	return q;
}

bool fc_import_folded(struct fc_source *src, const struct fc_import_options *opts,
		      struct fc_profile_set *out, struct fc_error *err)
{
	struct importer im;
	struct fc_profile *head = NULL;
	char *carry = NULL;
	size_t carry_len = 0, carry_cap = 0;
	const unsigned char *chunk;
	size_t len, pos;
	bool ok = false;

	memset(&im, 0, sizeof(im));
	im.err = err;
	im.src = src;
	im.p = fc_profile_create();
	if (!im.p)
		return nomem(&im);
	fc_builder_init(&im.b, im.p, src->name, opts->strict);
	im.b.nodes_path = "stacks";
	im.b.samples_path = "lines";
	/* node 0: the synthetic root above every stack */
	{
		uint32_t f = fc_profile_intern_frame(im.p, "(root)", 6, "", 0, "0", 1, -1, -1);
		if (f == FC_NONE || !FC_GROW(im.node_parent, im.nodes_cap, 1)) {
			nomem(&im);
			goto out;
		}
		im.node_frame = malloc(im.nodes_cap * sizeof(*im.node_frame));
		if (!im.node_frame) {
			nomem(&im);
			goto out;
		}
		im.node_parent[0] = FC_NONE;
		im.node_frame[0] = f;
		im.n_nodes = 1;
	}
	for (;;) {
		if (!fc_source_next(src, &chunk, &len, err))
			goto out;
		if (!len)
			break;
		pos = 0;
		while (pos < len) {
			const unsigned char *nl = memchr(chunk + pos, '\n', len - pos);
			size_t end = nl ? (size_t)(nl - chunk) : len;

			if (!nl || carry_len) {
				/* a line split across chunks: gather it (bounded by the
				 * source's size limit) */
				if (!FC_GROW(carry, carry_cap, carry_len + end - pos + 1)) {
					nomem(&im);
					goto out;
				}
				memcpy(carry + carry_len, chunk + pos, end - pos);
				carry_len += end - pos;
				if (nl) {
					if (!add_line(&im, carry, carry_len))
						goto out;
					carry_len = 0;
				}
			} else if (!add_line(&im, (const char *)chunk + pos, end - pos)) {
				goto out;
			}
			pos = end + 1;
		}
	}
	if (carry_len && !add_line(&im, carry, carry_len))
		goto out;
	if (!finish_profile(&im, opts))
		goto out;
	if (im.differential) {
		head = head_profile(&im, src->name, opts);
		if (!head)
			goto out;
	}
	if (!fc_profile_set_add(out, im.p)) {
		nomem(&im);
		goto out;
	}
	im.p = NULL;
	if (head && !fc_profile_set_add(out, head)) {
		nomem(&im);
		goto out;
	}
	head = NULL;
	ok = true;
out:
	free(carry);
	fc_builder_finish_free(&im.b);
	free(im.node_parent);
	free(im.node_frame);
	fc_map_finish(&im.table);
	free(im.weights);
	free(im.weights2);
	free(im.leaves);
	fc_profile_destroy(head);
	fc_profile_destroy(im.p);
	return ok;
}
