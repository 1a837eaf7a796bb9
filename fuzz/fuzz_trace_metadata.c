/* Fuzz target: a trace's metadata (input-rules §C9): the embedded source
 * maps written out again as JSON while they stream, the annotations and
 * their entry keys, then the maps used as --sourcemaps uses them. The trace
 * is read whole and in pieces; both must keep the same. */
#include <jansson.h>
#include <string.h>

#include "harness.h"
#include "import/importers.h"
#include "import/source.h"
#include "import/sourcemap.h"
#include "model/annotations.h"
#include "util/util.h"

static const struct fc_sourcemap_options maps = FC_SOURCEMAP_OPTIONS_INIT;

static bool import(const uint8_t *data, size_t size, size_t read_max, struct fc_profile_set *set,
		   struct fc_error *err)
{
	struct fc_import_options opts = { .version = FC_IMPORT_OPTIONS_VERSION,
					  .format = FC_FORMAT_TRACE,
					  .max_bytes = FUZZ_MAX_BYTES,
					  .tasks = true,
					  .sourcemaps = &maps };
	struct fc_source src;
	bool ok;

	fc_error_init(err);
	fc_error_set_file(err, "fuzz");
	fc_source_memory(&src, "fuzz", data, size);
	src.max_bytes = FUZZ_MAX_BYTES;
	src.read_max = read_max;
	ok = fc_import_trace(&src, &opts, set, err);
	fc_source_close(&src);
	return ok;
}

static void check_ref(const struct fc_entry_ref *r)
{
	if (!r->known)
		return;
	fuzz_check(r->name && fuzz_text_clean(r->name, strlen(r->name)),
		   "a resolved entry without a clean name");
	fuzz_check(r->dur >= -1, "an entry with a negative duration");
}

/* A trace's annotations go with its first thread: the first profile, or
 * the second when the first is the Timings lane of the user timings. */
static const struct fc_annotations *annotations_of(const struct fc_profile_set *set)
{
	const struct fc_annotations *a = NULL;
	size_t i, first = set->count > 1 && set->items[0]->timings ? 1 : 0;

	for (i = 0; i < set->count; i++) {
		if (!set->items[i]->annotations)
			continue;
		fuzz_check(!a && i == first, "annotations on another than the first thread");
		a = set->items[i]->annotations;
	}
	return a;
}

static void check(const struct fc_annotations *a)
{
	size_t i, bytes = 0;

	if (!a)
		return;
	fuzz_check(a->n_labels <= FC_ANNOTATIONS_MAX && a->n_ranges <= FC_ANNOTATIONS_MAX &&
			   a->n_links <= FC_ANNOTATIONS_MAX,
		   "more annotations than the bound");
	for (i = 0; i < a->n_maps; i++) {
		const struct fc_embedded_map *m = &a->maps[i];
		bytes += m->len;
		fuzz_check(m->url && m->url[0] && m->map_url && m->json,
			   "an embedded map without its url or text");
		if (!m->as_string) {
			/* written out again from the streamed object: JSON */
			json_error_t je;
			json_t *j =
				json_loadb(m->json, m->len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &je);
			/* a key holding U+0000 is JSON, which jansson (and so the
			 * source-map reader, as for a map file) refuses */
			fuzz_check((j && json_is_object(j)) ||
					   (!j && strstr(je.text, "NUL byte in object key")),
				   "an embedded map written out as bad JSON");
			json_decref(j);
		}
	}
	fuzz_check(bytes == a->map_bytes && bytes <= FC_TRACE_MAPS_MAX_BYTES,
		   "embedded maps past their bound");
	for (i = 0; i < a->n_labels; i++) {
		const char *l = a->labels[i].label;
		fuzz_check(l && fuzz_text_clean(l, strlen(l)), "a label that is not clean text");
		check_ref(&a->labels[i].entry);
	}
	for (i = 0; i < a->n_ranges; i++) {
		fuzz_check(a->ranges[i].min <= a->ranges[i].max, "a time range that ends first");
		fuzz_check(fuzz_text_clean(a->ranges[i].label, strlen(a->ranges[i].label)),
			   "a range label that is not clean text");
	}
	for (i = 0; i < a->n_links; i++) {
		check_ref(&a->links[i].from);
		check_ref(&a->links[i].to);
	}
}

static void check_same(const struct fc_annotations *a, const struct fc_annotations *b)
{
	size_t i;

	fuzz_check(!a == !b, "piecewise import: annotations differ");
	if (!a)
		return;
	fuzz_check(a->n_maps == b->n_maps && a->n_labels == b->n_labels &&
			   a->n_ranges == b->n_ranges && a->n_links == b->n_links,
		   "piecewise import: annotation counts differ");
	for (i = 0; i < a->n_maps; i++)
		fuzz_check(a->maps[i].len == b->maps[i].len &&
				   memcmp(a->maps[i].json, b->maps[i].json, a->maps[i].len) == 0,
			   "piecewise import: an embedded map differs");
	for (i = 0; i < a->n_labels; i++)
		fuzz_check(strcmp(a->labels[i].label, b->labels[i].label) == 0 &&
				   a->labels[i].entry.known == b->labels[i].entry.known &&
				   a->labels[i].entry.ts == b->labels[i].entry.ts,
			   "piecewise import: a label differs");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fc_profile_set whole, pieces;
	struct fc_error e1, e2;
	size_t piece = 1 + (size_t)(size > 0 ? data[size / 2] % 61 : 0);
	bool ok1, ok2;

	fc_profile_set_init(&whole);
	fc_profile_set_init(&pieces);
	ok1 = import(data, size, 0, &whole, &e1);
	ok2 = import(data, size, piece, &pieces, &e2);
	fuzz_check(ok1 == ok2, "piecewise import: success differs");
	if (ok1) {
		const struct fc_annotations *a = annotations_of(&whole);
		check(a);
		check_same(a, annotations_of(&pieces));
		/* the maps as --sourcemaps uses them: a bad one is a warning */
		if (!fc_sourcemap_apply(&whole, 0, &maps, false, &e1))
			fuzz_check_error(&e1);
		for (size_t i = 0; i < whole.count; i++)
			fuzz_check(!whole.items[i]->annotations ||
					   !whole.items[i]->annotations->n_maps,
				   "the embedded maps were kept after they were used");
	} else {
		fuzz_check_error(&e1);
	}
	fc_profile_set_finish(&whole);
	fc_profile_set_finish(&pieces);
	return 0;
}
