/* The trend's series and steps (docs/trend.md): what fc_trend_add_run read,
 * put in run order, averaged per run, ranked, and searched for the places
 * where a series changed level and held. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diff/internal.h"
#include "report/trend.h"
#include "util/util.h"
#include "model/profile.h"

bool fc_trend_init(struct fc_trend *t, const struct fc_trend_options *o)
{
	memset(t, 0, sizeof(*t));
	t->o = *o;
	if (!(t->o.alpha > 0 && t->o.alpha < 1))
		t->o.alpha = 0.05;
	if (t->o.min_segment < 2)
		t->o.min_segment = 2;
	fc_map_init(&t->index);
	return fc_strpool_init(&t->strings);
}

static void series_finish(struct fc_trend_series *s)
{
	free(s->values);
	free(s->means);
	free(s->steps);
}

void fc_trend_finish(struct fc_trend *t)
{
	size_t i, j;

	for (i = 0; i < t->n_runs; i++) {
		struct fc_trend_run *r = &t->runs[i];
		free(r->path);
		free(r->label);
		for (j = 0; j < r->n_fields; j++) {
			free(r->fields[j].key);
			free(r->fields[j].value);
		}
		free(r->fields);
	}
	free(t->runs);
	series_finish(&t->total);
	for (i = 0; i < t->n_functions; i++)
		series_finish(&t->functions[i]);
	free(t->functions);
	free(t->read_total);
	free(t->entries);
	fc_map_finish(&t->index);
	fc_strpool_finish(&t->strings);
	memset(t, 0, sizeof(*t));
}

/* --- order ------------------------------------------------------------------ */

struct order_ctx {
	const char *field; /* NULL: by mtime */
};

static const struct fc_trend_field *field_of(const struct fc_trend_run *r, const char *key)
{
	size_t i;

	for (i = 0; i < r->n_fields; i++)
		if (strcmp(r->fields[i].key, key) == 0)
			return &r->fields[i];
	return NULL;
}

static int run_cmp(const void *a, const void *b, void *ctx)
{
	const struct fc_trend_run *x = a, *y = b;
	const struct order_ctx *c = ctx;
	const struct fc_trend_field *fx, *fy;

	if (!c->field)
		return (x->mtime > y->mtime) - (x->mtime < y->mtime);
	fx = field_of(x, c->field);
	fy = field_of(y, c->field);
	if (fx->number && fy->number) {
		double dx = strtod(fx->value, NULL), dy = strtod(fy->value, NULL);
		return (dx > dy) - (dx < dy);
	}
	return strcmp(fx->value, fy->value);
}

bool fc_trend_order(struct fc_trend *t, const char *by, struct fc_error *err)
{
	struct order_ctx c = { NULL };
	size_t i;

	if (!by || strcmp(by, "args") == 0)
		return true;
	if (strncmp(by, "manifest:", 9) == 0 && by[9]) {
		c.field = by + 9;
		for (i = 0; i < t->n_runs; i++)
			if (!field_of(&t->runs[i], c.field)) {
				fc_error_set(err, FC_ERR_INVALID,
					     "--order-by %s: the run has no manifest field '%s' "
					     "(PATH/run.json or PATH.run.json)",
					     by, c.field);
				fc_error_set_file(err, t->runs[i].path);
				return false;
			}
	} else if (strcmp(by, "mtime") != 0) {
		fc_error_set(err, FC_ERR_USAGE,
			     "--order-by: '%s' is not args, mtime or manifest:FIELD", by);
		return false;
	}
	if (!fc_sort(t->runs, t->n_runs, sizeof(*t->runs), run_cmp, &c)) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	return true;
}

/* --- steps ------------------------------------------------------------------ */

/* Prefix sums over the runs of a series: the measurements' count, sum and
 * sum of squares up to each run, shifted by the first value (so that the
 * squares stay small and the variance exact enough), for any segment's
 * moments in O(1). */
struct sums {
	double *n, *s, *ss, shift;
};

static bool sums_init(struct sums *p, const struct fc_trend_run *runs, size_t n, const double *v)
{
	size_t i, j;

	p->n = calloc(3 * (n + 1), sizeof(double));
	if (!p->n)
		return false;
	p->s = p->n + n + 1;
	p->ss = p->s + n + 1;
	p->shift = n && runs[0].n ? v[runs[0].first] : 0;
	for (i = 0; i < n; i++) {
		double s = 0, ss = 0;
		for (j = 0; j < runs[i].n; j++) {
			double d = v[runs[i].first + j] - p->shift;
			s += d;
			ss += d * d;
		}
		p->n[i + 1] = p->n[i] + (double)runs[i].n;
		p->s[i + 1] = p->s[i] + s;
		p->ss[i + 1] = p->ss[i] + ss;
	}
	return true;
}

/* Mean and sample variance of the measurements of runs [a, b). */
static void moments(const struct sums *p, size_t a, size_t b, double *mean, double *var, size_t *n)
{
	double k = p->n[b] - p->n[a], s = p->s[b] - p->s[a], ss = p->ss[b] - p->ss[a];

	*n = (size_t)k;
	*mean = k > 0 ? s / k + p->shift : 0;
	*var = k > 1 ? (ss - s * s / k) / (k - 1) : 0;
	if (*var < 0)
		*var = 0; /* rounding of a segment with no spread */
}

/* The best split of runs [a, b) by Welch's t, when it passes the rule:
 * p below alpha over the number of splits tried (Bonferroni), and a change
 * of at least min_change of the level before and min_share of the total. */
static bool best_split(const struct fc_trend_options *o, const struct sums *p, size_t a, size_t b,
		       double level, struct fc_trend_step *out)
{
	size_t k, tried = 0, m = o->min_segment;
	double best_t = -1;
	bool found = false;

	if (b - a < 2 * m)
		return false;
	for (k = a + m; k + m <= b; k++) {
		double ma, va, mb, vb, t = 0, df = 0, pv;
		size_t na, nb;
		moments(p, a, k, &ma, &va, &na);
		moments(p, k, b, &mb, &vb, &nb);
		tried++;
		if (na < 2 || nb < 2)
			continue;
		pv = fc_diff_welch_moments(ma, va, na, mb, vb, nb, &t, &df);
		if (fabs(t) > best_t || (isinf(t) && !found)) {
			best_t = fabs(t);
			out->at = k;
			out->before = ma;
			out->after = mb;
			out->p_value = pv;
			found = true;
		}
	}
	if (!found || !(out->p_value < o->alpha / (double)tried))
		return false;
	{
		double change = fabs(out->after - out->before);
		double base = out->before > 0 ? out->before : out->after;
		return change >= o->min_change * base && change >= o->min_share * level;
	}
}

static int step_cmp(const void *a, const void *b, void *ctx)
{
	const struct fc_trend_step *x = a, *y = b;
	(void)ctx;
	return (x->at > y->at) - (x->at < y->at);
}

bool fc_trend_steps(const struct fc_trend_options *o, const struct fc_trend_run *runs, size_t n,
		    const double *values, double level, struct fc_trend_step **out, size_t *n_out)
{
	/* binary segmentation with an explicit stack of [a, b) segments */
	size_t *stack = NULL, cap_stack = 0, depth = 0, cap = 0;
	struct fc_trend_step *steps = NULL, s;
	struct sums p;

	*out = NULL;
	*n_out = 0;
	if (!sums_init(&p, runs, n, values))
		return false;
	if (!FC_GROW(stack, cap_stack, 2)) {
		free(p.n);
		return false;
	}
	stack[depth++] = 0;
	stack[depth++] = n;
	while (depth) {
		size_t b = stack[--depth], a = stack[--depth];
		memset(&s, 0, sizeof(s));
		if (!best_split(o, &p, a, b, level, &s))
			continue;
		if (!FC_GROW(steps, cap, *n_out + 1) || !FC_GROW(stack, cap_stack, depth + 4)) {
			free(p.n);
			free(stack);
			free(steps);
			*n_out = 0;
			return false;
		}
		steps[(*n_out)++] = s;
		stack[depth++] = a;
		stack[depth++] = s.at;
		stack[depth++] = s.at;
		stack[depth++] = b;
	}
	free(stack);
	if (*n_out && !fc_sort(steps, *n_out, sizeof(*steps), step_cmp, NULL)) {
		free(p.n);
		free(steps);
		*n_out = 0;
		return false;
	}
	if (*n_out) {
		/* each side's mean between its neighbouring steps, as people read
		 * "from X to Y": the split's sides reach further back and on */
		size_t i;
		for (i = 0; i < *n_out; i++) {
			size_t a = i ? steps[i - 1].at : 0,
			       b = i + 1 < *n_out ? steps[i + 1].at : n, k;
			double var;
			moments(&p, a, steps[i].at, &steps[i].before, &var, &k);
			moments(&p, steps[i].at, b, &steps[i].after, &var, &k);
		}
		steps[*n_out - 1].newest = true;
	}
	free(p.n);
	*out = steps;
	return true;
}

/* --- compute ---------------------------------------------------------------- */

static bool series_fill(struct fc_trend *t, struct fc_trend_series *s)
{
	size_t i, j;

	s->means = calloc(t->n_runs, sizeof(*s->means));
	if (!s->means)
		return false;
	s->sum = 0;
	for (i = 0; i < t->n_runs; i++) {
		const struct fc_trend_run *r = &t->runs[i];
		double sum = 0;
		for (j = 0; j < r->n; j++)
			sum += s->values[r->first + j];
		s->means[i] = r->n ? sum / (double)r->n : 0;
		s->sum += s->means[i];
	}
	return true;
}

static int series_cmp(const void *a, const void *b, void *ctx)
{
	const struct fc_trend_series *x = a, *y = b;
	int c;
	(void)ctx;
	if (x->sum != y->sum)
		return x->sum > y->sum ? -1 : 1;
	c = strcmp(x->name, y->name);
	return c ? c : strcmp(x->file, y->file);
}

bool fc_trend_compute(struct fc_trend *t, struct fc_error *err)
{
	size_t *where = NULL, i, j, next = 0;
	double level;
	bool ok = false;

	if (t->n_runs < 2) {
		fc_error_set(err, FC_ERR_USAGE, "trend needs at least 2 runs (%zu given)",
			     t->n_runs);
		return false;
	}
	/* measurements renumbered in run order: where[old] = new */
	where = malloc((t->n_measurements + 1) * sizeof(*where));
	t->total.values = calloc(t->n_measurements + 1, sizeof(double));
	if (!where || !t->total.values)
		goto nomem;
	for (i = 0; i < t->n_runs; i++) {
		struct fc_trend_run *r = &t->runs[i];
		for (j = 0; j < r->n; j++)
			where[r->first + j] = next + j;
		r->first = next;
		next += r->n;
	}
	for (i = 0; i < t->n_measurements; i++)
		t->total.values[where[i]] = t->read_total[i];
	for (i = 0; i < t->n_functions; i++) {
		t->functions[i].values = calloc(t->n_measurements + 1, sizeof(double));
		if (!t->functions[i].values)
			goto nomem;
	}
	for (i = 0; i < t->n_entries; i++) {
		const struct fc_trend_entry *e = &t->entries[i];
		t->functions[e->series].values[where[e->measure]] += e->value;
	}
	free(t->entries);
	t->entries = NULL;
	t->n_entries = t->cap_entries = 0;
	fc_map_finish(&t->index); /* the order changes below */
	t->total.name = t->total.file = "";
	/* the strings are all in: their addresses stay */
	for (i = 0; i < t->n_functions; i++) {
		t->functions[i].name = fc_strpool_get(&t->strings, t->functions[i].name_id);
		t->functions[i].file = fc_strpool_get(&t->strings, t->functions[i].file_id);
	}
	if (!series_fill(t, &t->total))
		goto nomem;
	for (i = 0; i < t->n_functions; i++)
		if (!series_fill(t, &t->functions[i]))
			goto nomem;
	if (!fc_sort(t->functions, t->n_functions, sizeof(*t->functions), series_cmp, NULL))
		goto nomem;
	level = t->total.sum / (double)t->n_runs;
	if (!fc_trend_steps(&t->o, t->runs, t->n_runs, t->total.values, level, &t->total.steps,
			    &t->total.n_steps))
		goto nomem;
	for (i = 0; i < t->n_functions; i++) {
		struct fc_trend_series *s = &t->functions[i];
		if (!fc_trend_steps(&t->o, t->runs, t->n_runs, s->values, level, &s->steps,
				    &s->n_steps))
			goto nomem;
	}
	t->computed = true;
	ok = true;
	goto done;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
done:
	free(where);
	return ok;
}
