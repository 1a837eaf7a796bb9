/* pprof profiles (input-rules §I): profile.proto, gzipped or not, decoded
 * by protobuf-c from C generated at build time (src/import/proto/). One
 * sample type is read (--sample-type; by default the profile's
 * default_sample_type, else the last, as pprof chooses). Each sample's
 * locations, leaf first, become a stack, root first; a location with
 * several lines (inlined calls) becomes several frames, the inlined ones
 * named "NAME (inline)". Stacks share prefixes as folded stacks do, and
 * each sample advances the cumulative weight by its value in the model's
 * unit: time in µs (nanoseconds rounded on the running total, so the total
 * is exact to the µs), bytes, or a count. pprof keeps no time order:
 * has_time is false and only a graph is drawn. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/importers.h"
#include "model/builder.h"
#include "profile.pb-c.h"
#include "util/util.h"
#include "model/profile.h"
#include "util/children.h"

/* Weights beyond 2^53 would not be exact in the layout's doubles. */
#define WEIGHT_LIMIT ((int64_t)1 << 53)
/* protobuf-c's decoded messages may take this many times the encoded
 * bytes, plus a constant, before the file is refused: real profiles take 6
 * to 10 times (Go's, Node's, flamechart's own), but a 2-byte empty
 * Location becomes a struct of about 60 bytes and a pointer. */
#define DECODE_FACTOR 16
#define DECODE_SLACK ((size_t)64 << 20)

typedef Perftools__Profiles__Profile Profile;
typedef Perftools__Profiles__Location Location;
typedef Perftools__Profiles__Function Function;

/* --- bounded decoding --------------------------------------------------------- */

struct budget {
	size_t used, limit;
	bool exceeded;
};

static void *budget_alloc(void *data, size_t size)
{
	struct budget *b = data;
	size_t *block;

	if (size > b->limit - b->used || size > SIZE_MAX - sizeof(size_t)) {
		b->exceeded = true;
		return NULL;
	}
	block = malloc(sizeof(size_t) + size);
	if (!block)
		return NULL;
	*block = size;
	b->used += size;
	return block + 1;
}

static void budget_free(void *data, void *ptr)
{
	struct budget *b = data;
	size_t *block = ptr;

	if (!block)
		return;
	block--;
	b->used -= *block;
	free(block);
}

/* --- the importer -------------------------------------------------------------- */

struct importer {
	const Profile *pb;
	struct fc_profile *p;
	struct fc_builder b;
	struct fc_error *err;
	/* id -> index of pb->function / pb->location */
	struct fc_map functions, locations;
	/* (parent node, frame) -> node; node i has builder id i, root 0 */
	uint32_t *node_parent, *node_frame;
	size_t n_nodes, nodes_cap;
	struct fc_map edges;
	uint32_t *stack; /* one sample's frames, root first */
	size_t stack_cap;
};

static bool nomem(struct importer *im)
{
	fc_error_set(im->err, FC_ERR_NOMEM, "out of memory");
	return false;
}

/* An error at a place in the message ("sample[3].location_id[0]"). */
static bool invalid(struct importer *im, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static bool invalid(struct importer *im, const char *path, const char *fmt, ...)
{
	va_list ap;

	fc_error_set_path(im->err, path);
	va_start(ap, fmt);
	fc_error_vset(im->err, FC_ERR_INVALID, fmt, ap);
	va_end(ap);
	return false;
}

/* s for a message: printable ASCII, at most 40 bytes, anything else '?'
 * (a file's strings may hold control characters). */
static const char *shown(const char *s, char *buf, size_t size)
{
	size_t i;

	for (i = 0; s[i] && i + 1 < size && i < 40; i++)
		buf[i] = s[i] >= 0x20 && s[i] < 0x7f ? s[i] : '?';
	buf[i] = '\0';
	return buf;
}

static const char *str(const struct importer *im, int64_t i)
{
	return i >= 0 && (uint64_t)i < im->pb->n_string_table ? im->pb->string_table[i] : NULL;
}

/* A string index must name an entry of string_table. */
static bool str_ok(struct importer *im, int64_t i, const char *path, const char *what)
{
	if (str(im, i))
		return true;
	return invalid(im, path, "%s is string %" PRIu64 ", beyond the string table", what,
		       (uint64_t)i);
}

struct id_probe {
	const struct importer *im;
	uint64_t id;
	bool location;
};

static bool id_eq(const void *ctx, uint32_t k)
{
	const struct id_probe *q = ctx;
	return (q->location ? q->im->pb->location[k]->id : q->im->pb->function[k]->id) == q->id;
}

/* The index of the function or location with this id, FC_NONE if none. */
static uint32_t find_id(const struct importer *im, bool location, uint64_t id)
{
	struct id_probe q = { im, id, location };
	return fc_map_find(location ? &im->locations : &im->functions, (uint32_t)fc_hash_u64(id),
			   id_eq, &q, NULL);
}

/* Indexes functions and locations by id; ids are non-zero and unique. */
static bool index_ids(struct importer *im, bool location)
{
	size_t n = location ? im->pb->n_location : im->pb->n_function, i;
	struct fc_map *m = location ? &im->locations : &im->functions;
	const char *what = location ? "location" : "function";
	char path[64];

	if (n >= UINT32_MAX || !fc_map_reserve(m, n))
		return nomem(im);
	for (i = 0; i < n; i++) {
		uint64_t id = location ? im->pb->location[i]->id : im->pb->function[i]->id;
		struct id_probe q = { im, id, location };
		size_t slot;
		uint32_t h = (uint32_t)fc_hash_u64(id);

		snprintf(path, sizeof(path), "%s[%zu].id", what, i);
		if (id == 0)
			return invalid(im, path, "%s id is %" PRIu64 " (ids start at 1)", what, id);
		if (fc_map_find(m, h, id_eq, &q, &slot) != FC_NONE)
			return invalid(im, path, "%s id %" PRIu64 " appears twice", what, id);
		fc_map_put(m, slot, h, (uint32_t)i);
	}
	return true;
}

/* The child of parent with this frame, added when new; FC_NONE on failure. */
static uint32_t child(struct importer *im, uint32_t parent, uint32_t frame)
{
	return fc_children_add(&im->edges, &im->node_parent, &im->node_frame, &im->n_nodes,
			       &im->nodes_cap, parent, frame);
}

/* The frame of one line of a location: its function's name, file and
 * first line; inlined lines (all but the location's last) are marked. A
 * location without lines is its address (a native frame). */
static uint32_t line_frame(struct importer *im, const Location *loc, size_t li, size_t where)
{
	char path[96], addr[40];
	const char *name, *file = "";
	char *marked = NULL;
	int32_t line = -1, column = -1;
	uint32_t f;

	if (loc->n_line == 0) {
		snprintf(addr, sizeof(addr), "0x%" PRIx64, loc->address);
		name = addr;
	} else {
		const Perftools__Profiles__Line *ln = loc->line[li];
		uint32_t k = find_id(im, false, ln->function_id);
		const Function *fn;

		snprintf(path, sizeof(path), "location[%zu].line[%zu].function_id", where, li);
		if (k == FC_NONE) {
			invalid(im, path, "%s %" PRIu64 " is not in the function table", "function",
				ln->function_id);
			return FC_NONE;
		}
		fn = im->pb->function[k];
		snprintf(path, sizeof(path), "function[%u]", k);
		if (!str_ok(im, fn->name, path, "the name") ||
		    !str_ok(im, fn->system_name, path, "the system name") ||
		    !str_ok(im, fn->filename, path, "the file name"))
			return FC_NONE;
		name = str(im, fn->name)[0] ? str(im, fn->name) : str(im, fn->system_name);
		file = str(im, fn->filename);
		if (fn->start_line > 0 && fn->start_line <= FC_POS_MAX)
			line = (int32_t)(fn->start_line - 1);
		/* a column on the function's own first line is where the
		 * function starts (JavaScript frames keep it) */
		if (line >= 0 && ln->line == fn->start_line && ln->column > 0 &&
		    ln->column <= FC_POS_MAX)
			column = (int32_t)(ln->column - 1);
		if (li + 1 < loc->n_line) {
			marked = fc_asprintf("%s (inline)", name);
			if (!marked) {
				nomem(im);
				return FC_NONE;
			}
			name = marked;
		}
	}
	f = fc_profile_intern_frame(im->p, name, strlen(name), file, strlen(file),
				    file[0] ? "1" : "0", 1, line, column);
	free(marked);
	if (f == FC_NONE)
		nomem(im);
	return f;
}

/* The sample's stack as nodes: locations leaf first, each location's lines
 * leaf (innermost inlined call) first. Returns the leaf node. */
static uint32_t sample_node(struct importer *im, const Perftools__Profiles__Sample *s, size_t si)
{
	size_t i, j, n = 0;
	uint32_t node = 0;
	char path[64];

	for (i = s->n_location_id; i-- > 0;) {
		uint32_t k = find_id(im, true, s->location_id[i]);
		const Location *loc;

		if (k == FC_NONE) {
			snprintf(path, sizeof(path), "sample[%zu].location_id[%zu]", si, i);
			invalid(im, path, "%s %" PRIu64 " is not in the location table", "location",
				s->location_id[i]);
			return FC_NONE;
		}
		loc = im->pb->location[k];
		for (j = loc->n_line ? loc->n_line : 1; j-- > 0;) {
			uint32_t f = line_frame(im, loc, j, k);
			if (f == FC_NONE)
				return FC_NONE;
			if (!FC_GROW(im->stack, im->stack_cap, n + 1)) {
				nomem(im);
				return FC_NONE;
			}
			im->stack[n++] = f;
		}
	}
	for (i = 0; i < n; i++) {
		if ((node = child(im, node, im->stack[i])) == FC_NONE) {
			nomem(im);
			return FC_NONE;
		}
	}
	return node;
}

/* What a unit becomes: a factor to the model's unit and its name. */
struct unit {
	int64_t num, den; /* model = value * num / den */
	const char *model;
	bool count; /* a count of events (unit "count") */
};

static bool unit_of(const char *type, const char *unit, struct unit *u)
{
	static const struct {
		const char *name;
		int64_t num, den;
	} times[] = {
		{ "nanoseconds", 1, 1000 }, { "microseconds", 1, 1 }, { "milliseconds", 1000, 1 },
		{ "seconds", 1000000, 1 },  { "ns", 1, 1000 },        { "us", 1, 1 },
		{ "ms", 1000, 1 },          { "s", 1000000, 1 },
	};
	size_t i;

	/* counts of anything (samples, objects, contentions) are the model's
	 * count unit, "samples" (input-rules §I3) */
	*u = (struct unit){ 1, 1, "samples", strcmp(unit, "count") == 0 };
	for (i = 0; i < FC_ARRAY_LEN(times); i++) {
		if (strcmp(unit, times[i].name) == 0) {
			*u = (struct unit){ times[i].num, times[i].den, "µs", false };
			return true;
		}
	}
	if (strcmp(unit, "bytes") == 0) {
		u->model = FC_UNIT_BYTES;
		return true;
	}
	return u->count;
}

/* The sample type asked for, the default one, or the last. */
static bool choose_type(struct importer *im, const char *want, size_t *out)
{
	const Profile *pb = im->pb;
	char list[256] = "", name[48];
	size_t i;

	for (i = 0; i < pb->n_sample_type; i++) {
		char path[48];
		snprintf(path, sizeof(path), "sample_type[%zu]", i);
		if (!str_ok(im, pb->sample_type[i]->type, path, "the type") ||
		    !str_ok(im, pb->sample_type[i]->unit, path, "the unit"))
			return false;
	}
	if (pb->n_sample_type == 0) {
		fc_error_set(im->err, FC_ERR_FORMAT, "the pprof profile declares no sample type");
		return false;
	}
	*out = pb->n_sample_type - 1;
	for (i = 0; i < pb->n_sample_type; i++) {
		const char *type = str(im, pb->sample_type[i]->type);
		if (want ? strcmp(type, want) == 0
			 : pb->default_sample_type &&
				    pb->sample_type[i]->type == pb->default_sample_type) {
			*out = i;
			return true;
		}
		snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s", i ? ", " : "",
			 shown(type, name, sizeof(name)));
	}
	if (!want)
		return true;
	fc_error_set(im->err, FC_ERR_USAGE, "no sample type %s in this profile (it has: %s)",
		     shown(want, name, sizeof(name)), list);
	return false;
}

static bool build(struct importer *im, const struct fc_import_options *opts)
{
	const Profile *pb = im->pb;
	const char *want = opts->version >= 2 ? opts->sample_type : NULL;
	struct unit u, ucount;
	size_t t, i, count_type = SIZE_MAX;
	int64_t total = 0, model_total = 0, events = 0;
	__int128 raw = 0;
	uint32_t f;
	char name[48];

	if (!choose_type(im, want, &t))
		return false;
	{
		/* the header says which sample type it shows, and an unknown
		 * unit (weighed as a count) */
		char unit[48];
		bool known = unit_of(str(im, pb->sample_type[t]->type),
				     str(im, pb->sample_type[t]->unit), &u);
		im->p->note =
			fc_asprintf("pprof sample type %s (%s%s)",
				    shown(str(im, pb->sample_type[t]->type), name, sizeof(name)),
				    shown(str(im, pb->sample_type[t]->unit), unit, sizeof(unit)),
				    known ? "" : ", weighed as a count");
		if (!im->p->note)
			return nomem(im);
	}
	/* a heap profile's count of allocations beside its bytes */
	for (i = 0; i < pb->n_sample_type && strcmp(u.model, FC_UNIT_BYTES) == 0; i++)
		if (unit_of("", str(im, pb->sample_type[i]->unit), &ucount) && ucount.count &&
		    i != t)
			count_type = i;
	if (!index_ids(im, false) || !index_ids(im, true))
		return false;
	f = fc_profile_intern_frame(im->p, "(root)", 6, "", 0, "0", 1, -1, -1);
	if (f == FC_NONE || !FC_GROW(im->node_parent, im->nodes_cap, 1))
		return nomem(im);
	im->node_frame = malloc(im->nodes_cap * sizeof(*im->node_frame));
	if (!im->node_frame)
		return nomem(im);
	im->node_parent[0] = FC_NONE;
	im->node_frame[0] = f;
	im->n_nodes = 1;
	if (fc_builder_node(&im->b, 0, f, 0, 0, im->err) == FC_NONE)
		return false;
	im->b.have_times = true;
	im->b.times_absolute = true;
	for (i = 0; i < pb->n_sample; i++) {
		const Perftools__Profiles__Sample *s = pb->sample[i];
		char path[64];
		uint32_t leaf;
		int64_t v;

		snprintf(path, sizeof(path), "sample[%zu].value", i);
		if (s->n_value != pb->n_sample_type)
			return invalid(im, path, "%s has %" PRIu64 " values for the sample types",
				       "the sample", (uint64_t)s->n_value);
		v = s->value[t];
		if (count_type != SIZE_MAX && s->value[count_type] > 0)
			events += s->value[count_type];
		if (v == 0)
			continue;
		if (v < 0) {
			if (!fc_builder_repair(&im->b, im->err, path, 0, 0,
					       "a negative value (%" PRId64 ") was skipped", v))
				return false;
			continue;
		}
		if (s->n_location_id == 0) {
			/* no stack to put the weight on */
			snprintf(path, sizeof(path), "sample[%zu].location_id", i);
			if (!fc_builder_repair(&im->b, im->err, path, 0, 0,
					       "a sample without locations was skipped"))
				return false;
			continue;
		}
		if ((leaf = sample_node(im, s, i)) == FC_NONE)
			return false;
		raw += v;
		/* the running total converted, so that rounding never adds up */
		model_total = (int64_t)((raw * u.num + u.den / 2) / u.den);
		if (raw > WEIGHT_LIMIT || model_total > WEIGHT_LIMIT) {
			fc_error_set_path(im->err, path);
			fc_error_set(im->err, FC_ERR_LIMIT, "the values add up to more than 2^53");
			return false;
		}
		if (!fc_builder_sample(&im->b, leaf) || !fc_builder_time(&im->b, total))
			return nomem(im);
		total = model_total;
	}
	if (im->b.n_samples == 0) {
		fc_error_set(im->err, FC_ERR_FORMAT,
			     "the pprof profile has no sample with a %s value",
			     shown(str(im, pb->sample_type[t]->type), name, sizeof(name)));
		return false;
	}
	for (i = 1; i < im->n_nodes; i++) {
		uint32_t slot =
			fc_builder_node(&im->b, (int64_t)i, im->node_frame[i], 0, 0, im->err);
		if (slot == FC_NONE)
			return false;
		fc_builder_parent(&im->b, slot, im->node_parent[i]);
	}
	if (!fc_builder_time(&im->b, total))
		return nomem(im);
	im->b.have_start = im->b.have_end = true;
	im->b.start_us = 0;
	im->b.end_us = total;
	if (!fc_builder_finish(&im->b, im->err))
		return false;
	/* the chart's rules that look at the previous sample (GC on its
	 * stack, a lone (program) healed) need a time order pprof does not
	 * keep: such frames stay where the stacks put them */
	im->p->gc_node = im->p->program_node = FC_NONE;
	im->p->format = FC_FORMAT_PPROF;
	im->p->has_time = false;
	im->p->weight_unit = u.model;
	if (events > 0)
		im->p->bytes_per_event = (double)total / (double)events;
	fc_profile_classify(im->p);
	return true;
}

bool fc_import_pprof(struct fc_source *src, const struct fc_import_options *opts,
		     struct fc_profile_set *out, struct fc_error *err)
{
	struct importer im;
	struct budget budget = { 0, 0, false };
	ProtobufCAllocator alloc = { budget_alloc, budget_free, &budget };
	unsigned char *data = NULL;
	size_t len = 0;
	Profile *pb = NULL;
	bool ok = false;

	memset(&im, 0, sizeof(im));
	im.err = err;
	if (!fc_source_slurp(src, &data, &len, err))
		return false;
	budget.limit = len > (SIZE_MAX - DECODE_SLACK) / DECODE_FACTOR
			       ? SIZE_MAX
			       : len * DECODE_FACTOR + DECODE_SLACK;
	pb = perftools__profiles__profile__unpack(&alloc, len, data);
	free(data); /* the message holds copies of what it needs */
	data = NULL;
	if (!pb) {
		if (budget.exceeded)
			fc_error_set(err, FC_ERR_LIMIT,
				     "decoding this pprof profile would take more than %d x its "
				     "%zu bytes + 64 MiB of memory",
				     DECODE_FACTOR, len);
		else
			fc_error_set(err, FC_ERR_SYNTAX,
				     "not a valid pprof profile (profile.proto): the protocol "
				     "buffer does not decode");
		goto out;
	}
	im.pb = pb;
	im.p = fc_profile_create();
	if (!im.p) {
		nomem(&im);
		goto out;
	}
	fc_builder_init(&im.b, im.p, src->name, opts->strict);
	im.b.nodes_path = "location";
	im.b.samples_path = "sample";
	if (!build(&im, opts))
		goto out;
	if (!fc_profile_set_add(out, im.p)) {
		nomem(&im);
		goto out;
	}
	im.p = NULL;
	ok = true;
out:
	fc_builder_finish_free(&im.b);
	free(im.node_parent);
	free(im.node_frame);
	free(im.stack);
	fc_map_finish(&im.edges);
	fc_map_finish(&im.functions);
	fc_map_finish(&im.locations);
	fc_profile_destroy(im.p);
	if (pb)
		perftools__profiles__profile__free_unpacked(pb, &alloc);
	free(data);
	return ok;
}
