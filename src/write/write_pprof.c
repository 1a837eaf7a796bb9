/* pprof out (-f pprof, docs/inputs.md "pprof"): the merged graph of the
 * profiles as they reach the writer -- after --focus, --hide, source maps
 * and the other transforms -- as a gzipped profile.proto message, packed by
 * protobuf-c. One sample per merged stack that has weight; one function and
 * one location per frame, except that frames read from pprof as inlined
 * ("NAME (inline)", input-rules §I2) go back into one location with their
 * caller, under their own name, as pprof wrote them; reading the file back
 * gives the same frames.
 *
 * Profiles with time (.cpuprofile, traces) get two sample types, pprof's
 * CPU pair: samples/count and cpu/nanoseconds, the time of each stack as
 * the graph sums it (the chart's sample rules, devtools-rules §1-3), in
 * whole nanoseconds; the time order is lost, as it is in every pprof
 * profile. Profiles weighed otherwise get one: their weight in its unit
 * (µs as nanoseconds, bytes, counts). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "render/render.h"
#include "layout/graph.h"
#include "profile.pb-c.h"
#include "util/util.h"
#include "model/profile.h"
#include "util/children.h"

typedef Perftools__Profiles__Profile Profile;
typedef Perftools__Profiles__ValueType ValueType;
typedef Perftools__Profiles__Sample Sample;
typedef Perftools__Profiles__Location Location;
typedef Perftools__Profiles__Line Line;
typedef Perftools__Profiles__Function Function;

/* The string table: each string once, "" first as profile.proto wants. */
struct strings {
	char **text; /* borrowed from the merged profile's pool */
	size_t n, cap;
	struct fc_map index;
};

struct str_probe {
	const struct strings *t;
	const char *s;
};

static bool str_eq(const void *ctx, uint32_t k)
{
	const struct str_probe *q = ctx;
	return strcmp(q->t->text[k], q->s) == 0;
}

/* The index of s, added when new; -1 on allocation failure. */
static int64_t string_id(struct strings *t, const char *s)
{
	struct str_probe q = { t, s };
	uint32_t h = (uint32_t)fc_hash_bytes(s, strlen(s)), k;
	size_t slot;

	if (!fc_map_reserve(&t->index, t->n + 1))
		return -1;
	k = fc_map_find(&t->index, h, str_eq, &q, &slot);
	if (k != FC_NONE)
		return k;
	if (t->n >= UINT32_MAX - 1 || !FC_GROW(t->text, t->cap, t->n + 1))
		return -1;
	t->text[t->n] = (char *)s;
	fc_map_put(&t->index, slot, h, (uint32_t)t->n);
	return (int64_t)t->n++;
}

/* Everything the message points into, freed together. */
struct message {
	Profile pb;
	struct strings strings;
	ValueType types[2], *type_ptrs[2], period_type;
	Function *functions, **function_ptrs;
	Location *locations, **location_ptrs;
	Line *lines, **line_ptrs;
	Sample *samples, **sample_ptrs;
	uint64_t *stack_ids; /* every sample's location ids, one array */
	int64_t *values;     /* every sample's values, one array */
	/* locations of inlined calls: frames (leaf first, the caller last) at
	 * group_frames[group_start[k] .. group_start[k + 1]), location id
	 * n_frames + 1 + k */
	uint32_t *group_frames, *group_start;
	size_t n_group_frames, group_frames_cap, n_groups, group_start_cap;
	struct fc_map groups;
	char **owned; /* names made here (the inlined frames' own) */
	size_t n_owned, owned_cap;
};

static void message_free(struct message *m)
{
	free(m->strings.text);
	fc_map_finish(&m->strings.index);
	free(m->functions);
	free(m->function_ptrs);
	free(m->locations);
	free(m->location_ptrs);
	free(m->lines);
	free(m->line_ptrs);
	free(m->samples);
	free(m->sample_ptrs);
	free(m->stack_ids);
	free(m->values);
	free(m->group_frames);
	free(m->group_start);
	fc_map_finish(&m->groups);
	while (m->n_owned)
		free(m->owned[--m->n_owned]);
	free(m->owned);
}

#define INLINE_SUFFIX " (inline)"

/* The frame's name without " (inline)", 0 when it has no such suffix. */
static size_t inlined_name(const struct fc_profile *p, uint32_t frame)
{
	const char *s = fc_profile_str(p, p->frames[frame].name);
	size_t n = strlen(s), k = sizeof(INLINE_SUFFIX) - 1;

	return n > k && memcmp(s + n - k, INLINE_SUFFIX, k) == 0 ? n - k : 0;
}

struct group_probe {
	const struct message *m;
	const uint32_t *frames;
	size_t n;
};

static bool group_eq(const void *ctx, uint32_t k)
{
	const struct group_probe *q = ctx;
	const struct message *m = q->m;
	size_t n = m->group_start[k + 1] - m->group_start[k];

	return n == q->n &&
	       memcmp(m->group_frames + m->group_start[k], q->frames, n * sizeof(*q->frames)) == 0;
}

/* The location id of an inlined call chain (frames leaf first, the caller
 * last), added when new; 0 on allocation failure. */
static uint64_t group_id(struct message *m, size_t n_frames, const uint32_t *frames, size_t n)
{
	struct group_probe q = { m, frames, n };
	uint32_t h = (uint32_t)fc_hash_bytes(frames, n * sizeof(*frames)), k;
	size_t slot;

	if (!fc_map_reserve(&m->groups, m->n_groups + 1))
		return 0;
	k = fc_map_find(&m->groups, h, group_eq, &q, &slot);
	if (k == FC_NONE) {
		if (!FC_GROW(m->group_frames, m->group_frames_cap, m->n_group_frames + n) ||
		    !FC_GROW(m->group_start, m->group_start_cap, m->n_groups + 2))
			return 0;
		m->group_start[m->n_groups] = (uint32_t)m->n_group_frames;
		memcpy(m->group_frames + m->n_group_frames, frames, n * sizeof(*frames));
		m->n_group_frames += n;
		m->group_start[m->n_groups + 1] = (uint32_t)m->n_group_frames;
		k = (uint32_t)m->n_groups++;
		fc_map_put(&m->groups, slot, h, k);
	}
	return (uint64_t)n_frames + 1 + k;
}

/* What the profiles' weight unit is written as: pprof's type and unit, and
 * the factor from the model's unit to it. */
static void weight_type(const char *unit, const char **type, const char **punit, double *scale)
{
	*scale = 1;
	if (fc_unit_is_bytes(unit)) {
		*type = "space";
		*punit = "bytes";
	} else if (strcmp(unit, "µs") == 0) {
		*type = "cpu";
		*punit = "nanoseconds";
		*scale = 1000;
	} else {
		/* "samples", and folded stacks' thousandths of a sample */
		*type = "samples";
		*punit = "count";
	}
}

/* The functions and locations: frame f is function f + 1 (and, when it
 * was inlined, function n + 1 + f under its own name) and single-line
 * location f + 1; the inlined chains add the locations add_samples made
 * ids for. */
static bool add_frames(struct message *m, const struct fc_profile *p)
{
	size_t n = p->n_frames, nl = n + m->n_group_frames, nloc = n + m->n_groups, i, j;

	m->functions = calloc(2 * n + 1, sizeof(*m->functions));
	m->function_ptrs = calloc(2 * n + 1, sizeof(*m->function_ptrs));
	m->locations = calloc(nloc + 1, sizeof(*m->locations));
	m->location_ptrs = calloc(nloc + 1, sizeof(*m->location_ptrs));
	m->lines = calloc(nl + 1, sizeof(*m->lines));
	m->line_ptrs = calloc(nl + 1, sizeof(*m->line_ptrs));
	if (!m->functions || !m->function_ptrs || !m->locations || !m->location_ptrs || !m->lines ||
	    !m->line_ptrs)
		return false;
	m->pb.n_function = 0;
	for (i = 0; i < n; i++) {
		const struct fc_frame *f = &p->frames[i];
		Function *fn = &m->functions[m->pb.n_function];
		const char *name = fc_profile_str(p, f->name);
		int64_t nid = string_id(&m->strings, name);
		int64_t file = string_id(&m->strings, fc_profile_str(p, f->url));
		size_t own = inlined_name(p, (uint32_t)i);

		if (nid < 0 || file < 0)
			return false;
		perftools__profiles__function__init(fn);
		fn->id = i + 1;
		fn->name = fn->system_name = nid;
		fn->filename = file;
		fn->start_line = f->line >= 0 ? (int64_t)f->line + 1 : 0;
		m->function_ptrs[m->pb.n_function++] = fn;
		if (own) {
			Function *in = &m->functions[m->pb.n_function];
			char *copy = malloc(own + 1);

			if (!copy || !FC_GROW(m->owned, m->owned_cap, m->n_owned + 1)) {
				free(copy);
				return false;
			}
			memcpy(copy, name, own);
			copy[own] = '\0';
			m->owned[m->n_owned++] = copy;
			*in = *fn;
			in->id = n + 1 + i;
			if ((in->name = in->system_name = string_id(&m->strings, copy)) < 0)
				return false;
			m->function_ptrs[m->pb.n_function++] = in;
		}
	}
	/* lines: one per frame (the single-line locations), then the chains',
	 * where every line but a chain's last is inlined */
	for (i = 0; i < nl; i++) {
		uint32_t fr = i < n ? (uint32_t)i : m->group_frames[i - n];
		const struct fc_frame *f = &p->frames[fr];
		Line *ln = &m->lines[i];

		perftools__profiles__line__init(ln);
		ln->function_id = 1 + fr;
		ln->line = f->line >= 0 ? (int64_t)f->line + 1 : 0;
		ln->column = f->column >= 0 ? (int64_t)f->column + 1 : 0;
		m->line_ptrs[i] = ln;
	}
	for (i = 0; i < m->n_groups; i++)
		for (j = m->group_start[i]; j + 1 < m->group_start[i + 1]; j++)
			m->lines[n + j].function_id += n; /* the inlined name */
	for (i = 0; i < nloc; i++) {
		Location *loc = &m->locations[i];

		perftools__profiles__location__init(loc);
		loc->id = i + 1;
		j = i < n ? i : n + m->group_start[i - n];
		loc->n_line = i < n ? 1 : m->group_start[i - n + 1] - m->group_start[i - n];
		loc->line = &m->line_ptrs[j];
		m->location_ptrs[i] = loc;
	}
	m->pb.n_location = nloc;
	m->pb.function = m->function_ptrs;
	m->pb.location = m->location_ptrs;
	return true;
}

/* The time graph's node with the same stack as each node of the count
 * graph t (FC_NONE when none: the two merges see the same samples, but a
 * stack whose samples last 0 µs is only in the count graph). Frames are
 * matched by their strings, by interning them in c's merged profile. */
static bool match_graphs(const struct fc_graph *t, struct fc_graph *c, uint32_t *of)
{
	const struct fc_profile *tp = t->merged;
	struct fc_profile *cp = c->merged;
	struct fc_map edges = { 0 };
	uint32_t *fmap = malloc((tp->n_frames ? tp->n_frames : 1) * sizeof(*fmap));
	size_t i;
	bool ok = fmap && fc_map_reserve(&edges, c->n_nodes);

	for (i = 1; ok && i < c->n_nodes; i++)
		ok = fc_map_add(&edges, fc_children_hash(cp->node_parent[i], cp->node_frame[i]),
				(uint32_t)i);
	for (i = 0; ok && i < tp->n_frames; i++) {
		const struct fc_frame *f = &tp->frames[i];
		const struct fc_strpool *s = &tp->strings;
		fmap[i] = fc_profile_intern_frame(
			cp, fc_strpool_get(s, f->name), fc_strpool_len(s, f->name),
			fc_strpool_get(s, f->url), fc_strpool_len(s, f->url),
			fc_strpool_get(s, f->script_id), fc_strpool_len(s, f->script_id), f->line,
			f->column);
		ok = fmap[i] != FC_NONE;
	}
	if (ok)
		of[0] = 0;
	for (i = 1; ok && i < t->n_nodes; i++) {
		uint32_t parent = of[tp->node_parent[i]], frame = fmap[tp->node_frame[i]], h;
		size_t slot;

		of[i] = parent == FC_NONE
				? FC_NONE
				: fc_children_find(&edges, cp->node_parent, cp->node_frame, parent,
						   frame, &h, &slot);
	}
	free(fmap);
	fc_map_finish(&edges);
	return ok;
}

/* The samples: one per node of g with self weight, its stack leaf first as
 * frame ids (frame + 1). Alone, g's weights are the one value (scaled);
 * with a time graph, g counts samples and the time of the matching node is
 * the second value. */
static bool add_samples(struct message *m, const struct fc_graph *g, const struct fc_graph *time,
			const uint32_t *of, double scale, uint32_t **chain, size_t *chain_cap)
{
	const struct fc_profile *p = g->merged;
	size_t n = 0, ids = 0, i, k = 0, at = 0, nv = time ? 2 : 1, run;
	double cum = 0;
	int64_t written = 0;

	for (i = 1; i < g->n_nodes; i++) {
		uint32_t v;
		if (!(g->self[i] > 0))
			continue;
		n++;
		for (v = (uint32_t)i; v != 0; v = p->node_parent[v])
			ids++;
	}
	m->samples = calloc(n ? n : 1, sizeof(*m->samples));
	m->sample_ptrs = calloc(n ? n : 1, sizeof(*m->sample_ptrs));
	m->stack_ids = malloc((ids ? ids : 1) * sizeof(*m->stack_ids));
	m->values = calloc(n * nv + 1, sizeof(*m->values));
	if (!m->samples || !m->sample_ptrs || !m->stack_ids || !m->values)
		return false;
	for (i = 1; i < g->n_nodes; i++) {
		Sample *s = &m->samples[k];
		uint32_t v;

		if (!(g->self[i] > 0))
			continue;
		perftools__profiles__sample__init(s);
		s->location_id = &m->stack_ids[at];
		/* the stack leaf first; a run of inlined frames and the caller
		 * they were inlined into make one location */
		for (v = (uint32_t)i, run = 0; v != 0; v = p->node_parent[v]) {
			uint32_t fr = p->node_frame[v];
			uint64_t id = (uint64_t)fr + 1;

			if (!FC_GROW(*chain, *chain_cap, run + 1))
				return false;
			(*chain)[run++] = fr;
			if (inlined_name(p, fr) && p->node_parent[v] != 0)
				continue; /* its caller comes next */
			if (run > 1 && (id = group_id(m, p->n_frames, *chain, run)) == 0)
				return false;
			run = 0;
			m->stack_ids[at + s->n_location_id++] = id;
		}
		at += s->n_location_id;
		s->value = &m->values[k * nv];
		s->n_value = nv;
		/* rounded on the running total: the file's total is the
		 * graph's, to the unit */
		if (time)
			cum += of[i] == FC_NONE ? 0 : time->self[of[i]] * scale;
		else
			cum += g->self[i] * scale;
		s->value[nv - 1] = (int64_t)llround(cum) - written;
		written += s->value[nv - 1];
		if (time)
			s->value[0] = (int64_t)llround(g->self[i]);
		m->sample_ptrs[k++] = s;
	}
	m->pb.n_sample = k;
	m->pb.sample = m->sample_ptrs;
	return true;
}

/* gzip of data, written to out. */
static bool write_gzip(const uint8_t *data, size_t len, struct fc_output *out)
{
	unsigned char buf[64 * 1024];
	z_stream z;
	int rc;

	memset(&z, 0, sizeof(z));
	if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) !=
	    Z_OK)
		return false;
	z.next_in = (Bytef *)data;
	do {
		size_t chunk = len > UINT32_MAX ? UINT32_MAX : len;
		z.avail_in = (uInt)chunk;
		len -= chunk;
		do {
			z.next_out = buf;
			z.avail_out = sizeof(buf);
			rc = deflate(&z, len ? Z_NO_FLUSH : Z_FINISH);
			fc_output_write(out, buf, sizeof(buf) - z.avail_out);
		} while (z.avail_out == 0);
	} while (len);
	deflateEnd(&z);
	return rc == Z_STREAM_END;
}

bool fc_write_pprof(const struct fc_profile_set *set, const struct fc_layout_options *lo,
		    struct fc_output *out, struct fc_error *err)
{
	struct fc_layout_options o = *lo;
	struct fc_graph *g = NULL, *counts = NULL;
	struct message m;
	uint32_t *of = NULL, *chain = NULL;
	size_t chain_cap = 0;
	const char *type, *unit, *wunit;
	double scale, median = 0;
	uint8_t *packed = NULL;
	size_t i, len;
	bool timed = true, ok = false;

	memset(&m, 0, sizeof(m));
	if (!set->count) {
		fc_error_set(err, FC_ERR_USAGE, "no profile to write as pprof");
		return false;
	}
	wunit = set->items[0]->weight_unit;
	for (i = 0; i < set->count; i++) {
		const struct fc_profile *p = set->items[i];
		timed = timed && p->has_time;
		if (strcmp(p->weight_unit, wunit) != 0) {
			fc_error_set(err, FC_ERR_USAGE,
				     "the profiles are weighed in different units (%s and %s): "
				     "one pprof file holds one",
				     wunit, p->weight_unit);
			return false;
		}
		if (p->has_time && p->n_samples > 1)
			median = fc_profile_median_interval(p);
	}
	weight_type(timed ? "µs" : wunit, &type, &unit, &scale);
	perftools__profiles__profile__init(&m.pb);
	o.mode = FC_MODE_GRAPH;
	o.weight_samples = false;
	g = fc_graph_merge((const struct fc_profile *const *)set->items, set->count, &o, err);
	if (!g)
		goto out;
	if (timed) {
		/* the samples of each stack beside its time: pprof's CPU pair */
		o.weight_samples = true;
		counts = fc_graph_merge((const struct fc_profile *const *)set->items, set->count,
					&o, err);
		of = counts ? malloc((counts->n_nodes ? counts->n_nodes : 1) * sizeof(*of)) : NULL;
		if (!counts || !of || !match_graphs(counts, g, of))
			goto nomem;
	}
	if (string_id(&m.strings, "") != 0)
		goto nomem;
	for (i = 0; i < (timed ? 2u : 1u); i++) {
		int64_t t = string_id(&m.strings, timed && i == 0 ? "samples" : type);
		int64_t u = string_id(&m.strings, timed && i == 0 ? "count" : unit);
		if (t < 0 || u < 0)
			goto nomem;
		perftools__profiles__value_type__init(&m.types[i]);
		m.types[i].type = t;
		m.types[i].unit = u;
		m.type_ptrs[i] = &m.types[i];
	}
	m.pb.n_sample_type = timed ? 2 : 1;
	m.pb.sample_type = m.type_ptrs;
	m.pb.default_sample_type = m.types[m.pb.n_sample_type - 1].type;
	if (timed) {
		perftools__profiles__value_type__init(&m.period_type);
		m.period_type = m.types[1];
		m.pb.period_type = &m.period_type;
		m.pb.period = (int64_t)llround(median * 1000);
	}
	if (timed ? !add_samples(&m, counts, g, of, scale, &chain, &chain_cap) ||
			    !add_frames(&m, counts->merged)
		  : !add_samples(&m, g, NULL, NULL, scale, &chain, &chain_cap) ||
			    !add_frames(&m, g->merged))
		goto nomem;
	m.pb.n_string_table = m.strings.n;
	m.pb.string_table = m.strings.text;
	len = perftools__profiles__profile__get_packed_size(&m.pb);
	packed = malloc(len ? len : 1);
	if (!packed)
		goto nomem;
	perftools__profiles__profile__pack(&m.pb, packed);
	if (!write_gzip(packed, len, out)) {
		if (!out->failed)
			fc_error_set(err, FC_ERR_NOMEM, "out of memory (gzip)");
		else
			fc_error_set(err, FC_ERR_OUTPUT, "cannot write the pprof profile");
		goto out;
	}
	ok = !out->failed;
	if (!ok)
		fc_error_set(err, FC_ERR_OUTPUT, "cannot write the pprof profile");
	goto out;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
out:
	free(packed);
	free(of);
	free(chain);
	message_free(&m);
	fc_graph_destroy(counts);
	fc_graph_destroy(g);
	return ok;
}
