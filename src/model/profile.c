#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/annotations.h"
#include "model/profile.h"
#include "model/screenshots.h"
#include "util/util.h"

struct fc_profile *fc_profile_create(void)
{
	struct fc_profile *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	if (!fc_strpool_init(&p->strings)) {
		free(p);
		return NULL;
	}
	p->pid = -1;
	p->tid = -1;
	p->has_time = true;
	p->weight_unit = "µs";
	p->last_end_us = INT64_MIN;
	p->program_node = p->idle_node = p->gc_node = FC_NONE;
	return p;
}

void fc_profile_destroy(struct fc_profile *p)
{
	size_t i;

	if (!p)
		return;
	free(p->name);
	free(p->source);
	free(p->thread_name);
	free(p->process_name);
	free(p->note);
	for (i = 0; i < p->n_transforms; i++)
		free(p->transforms[i]);
	free(p->transforms);
	free(p->generated);
	free(p->node_lines);
	free(p->lines);
	free(p->sourcemap_unreadable_names);
	fc_screenshots_destroy(p->screenshots);
	fc_annotations_destroy(p->annotations);
	free(p->timings);
	fc_strpool_finish(&p->strings);
	free(p->frames);
	fc_profile_drop_frame_index(p);
	free(p->node_parent);
	free(p->node_frame);
	free(p->node_depth);
	free(p->node_id);
	free(p->sample_node);
	free(p->sample_time_us);
	for (i = 0; i < p->n_warnings; i++) {
		free(p->warnings[i].path);
		free(p->warnings[i].text);
	}
	free(p->warnings);
	free(p);
}

/* A frame's identity hashed from its strings' bytes, not their ids: an
 * importer's strings are looked up before anything is interned, and the
 * table keeps the hash of the stored (sanitised) strings. */
static uint32_t key_hash(const char *name, size_t nl, const char *url, size_t ul, int32_t line,
			 int32_t column, unsigned has_script)
{
	uint64_t h = fc_hash_bytes(name, nl);
	h ^= fc_hash_bytes(url, ul) * 0x9e3779b97f4a7c15ULL;
	h ^= ((uint64_t)(uint32_t)line << 32 | (uint32_t)column) * 0xc2b2ae3d27d4eb4fULL;
	return (uint32_t)fc_hash_u64(h ^ has_script);
}

static bool str_is(const struct fc_profile *p, uint32_t id, const char *s, size_t len)
{
	return fc_strpool_len(&p->strings, id) == len &&
	       memcmp(fc_strpool_get(&p->strings, id), s, len) == 0;
}

/* The script part of a frame's location: its URL, or for a script without
 * one (eval, new Function) its script id, as DevTools tells such scripts
 * apart (devtools-rules §5): 40 `new Function` scripts are 40 frames. Returns
 * the key's has_script: 0 none, 1 a script with a URL, 2 the script id
 * stands for the URL (then *url and *ul name the id). */
static unsigned key_script(const char **url, size_t *ul, const char *sid, size_t sid_len,
			   bool has_script)
{
	if (*ul == 0 && has_script) {
		*url = sid;
		*ul = sid_len;
		return 2;
	}
	return has_script;
}

/* What a lookup compares, in one record per frame kept apart from the
 * frames: a probe touches its table slot and one record, not the frame and
 * the pool's offsets, lengths and bytes (a frame table of 100 000 frames
 * does not fit in the cache). The name's bytes follow the record; the
 * index's values are the records' offsets. */
struct frame_key {
	int32_t line, column;
	uint32_t url; /* string id: the URL, or the script id (has_script 2) */
	uint32_t name_len;
	uint32_t has_script; /* key_script() */
	uint32_t frame;      /* the frame's index */
};

/* The interning table: the frames by their strings (values: offsets of
 * their key records in keys, which the lookups compare). */
struct fc_frame_index {
	struct fc_map map;
	unsigned char *keys;
	size_t keys_len, keys_cap;
};

/* The table, made when first needed; NULL on allocation failure. */
static struct fc_frame_index *index_of(struct fc_profile *p)
{
	if (!p->frame_index)
		p->frame_index = calloc(1, sizeof(*p->frame_index));
	return p->frame_index;
}

/* A lookup's key, for frame_eq. */
struct frame_probe {
	const struct fc_profile *p;
	const char *name, *url;
	size_t nl, ul;
	int32_t line, column;
	unsigned has_script;
};

static bool frame_eq(const void *ctx, uint32_t at)
{
	const struct frame_probe *q = ctx;
	const struct frame_key *k = (const void *)(q->p->frame_index->keys + at);

	/* URLs are few: their bytes stay in the cache */
	return k->line == q->line && k->column == q->column && k->has_script == q->has_script &&
	       k->name_len == q->nl && memcmp(k + 1, q->name, q->nl) == 0 &&
	       str_is(q->p, k->url, q->url, q->ul);
}

/* The frame with these strings, or FC_NONE and the empty slot where it
 * would go. */
static uint32_t frame_find(const struct fc_profile *p, uint32_t h, const char *name, size_t nl,
			   const char *url, size_t ul, int32_t line, int32_t column,
			   unsigned has_script, size_t *slot)
{
	struct frame_probe q = { p, name, url, nl, ul, line, column, has_script };
	uint32_t at = fc_map_find(&p->frame_index->map, h, frame_eq, &q, slot);

	if (at == FC_NONE)
		return FC_NONE;
	return ((const struct frame_key *)(const void *)(p->frame_index->keys + at))->frame;
}

/* Appends the key record of f, frame number index; its offset, FC_NONE on
 * failure. */
static uint32_t key_add(struct fc_profile *p, const struct fc_frame *f, uint32_t index)
{
	bool by_id = f->has_script && fc_strpool_len(&p->strings, f->url) == 0;
	struct frame_key k = { f->line,
			       f->column,
			       by_id ? f->script_id : f->url,
			       fc_strpool_len(&p->strings, f->name),
			       by_id ? 2u : f->has_script,
			       index };
	struct fc_frame_index *x = p->frame_index;
	size_t at = x->keys_len, size = sizeof(k) + k.name_len;

	size = (size + 3) & ~(size_t)3; /* records stay 4-byte aligned */
	if (at + size > UINT32_MAX || !FC_GROW(x->keys, x->keys_cap, at + size))
		return FC_NONE;
	memcpy(x->keys + at, &k, sizeof(k));
	memcpy(x->keys + at + sizeof(k), fc_profile_str(p, f->name), k.name_len);
	x->keys_len = at + size;
	return (uint32_t)at;
}

static enum fc_meta meta_of(const char *name)
{
	if (strcmp(name, "(root)") == 0)
		return FC_META_ROOT;
	if (strcmp(name, "(program)") == 0)
		return FC_META_PROGRAM;
	if (strcmp(name, "(idle)") == 0)
		return FC_META_IDLE;
	if (strcmp(name, "(garbage collector)") == 0)
		return FC_META_GC;
	if (strcmp(name, "(unknown)") == 0)
		return FC_META_UNKNOWN;
	return FC_META_NONE;
}

/* A frame not seen before: its strings are interned (and sanitised). */
static uint32_t frame_add(struct fc_profile *p, uint32_t h, const char *name, size_t nl,
			  const char *url, size_t ul, const char *sid, size_t sid_len, int32_t line,
			  int32_t column, bool has_script)
{
	struct fc_frame f = { 0 };
	uint32_t k, key;
	size_t slot, cap;
	unsigned kind;

	if (!index_of(p) || !fc_map_reserve(&p->frame_index->map, (size_t)p->n_frames + 1))
		return FC_NONE;
	f.name = fc_strpool_intern(&p->strings, name, nl);
	f.url = fc_strpool_intern(&p->strings, url, ul);
	f.script_id = fc_strpool_intern(&p->strings, sid, sid_len);
	if (f.name == FC_NONE || f.url == FC_NONE || f.script_id == FC_NONE)
		return FC_NONE;
	f.has_script = has_script;
	f.line = line;
	f.column = column;
	/* sanitising changed the strings: they may name a known frame */
	if (!str_is(p, f.name, name, nl) || !str_is(p, f.url, url, ul) ||
	    !str_is(p, f.script_id, sid, sid_len)) {
		name = fc_strpool_get(&p->strings, f.name);
		nl = fc_strpool_len(&p->strings, f.name);
		url = fc_strpool_get(&p->strings, f.url);
		ul = fc_strpool_len(&p->strings, f.url);
		sid = fc_strpool_get(&p->strings, f.script_id);
		sid_len = fc_strpool_len(&p->strings, f.script_id);
		kind = key_script(&url, &ul, sid, sid_len, has_script);
		h = key_hash(name, nl, url, ul, line, column, kind);
		k = frame_find(p, h, name, nl, url, ul, line, column, kind, &slot);
		if (k != FC_NONE)
			return k;
	} else {
		kind = key_script(&url, &ul, sid, sid_len, has_script);
	}
	frame_find(p, h, name, nl, url, ul, line, column, kind, &slot);
	if (p->n_frames >= UINT32_MAX - 1)
		return FC_NONE;
	cap = p->frames_cap;
	if (!FC_GROW(p->frames, cap, (size_t)p->n_frames + 1))
		return FC_NONE;
	p->frames_cap = cap;
	key = key_add(p, &f, p->n_frames);
	if (key == FC_NONE)
		return FC_NONE;
	f.meta = (uint8_t)meta_of(fc_profile_str(p, f.name));
	p->frames[p->n_frames] = f;
	fc_map_put(&p->frame_index->map, slot, h, key);
	return p->n_frames++;
}

void fc_profile_drop_frame_index(struct fc_profile *p)
{
	if (!p->frame_index)
		return;
	fc_map_finish(&p->frame_index->map);
	free(p->frame_index->keys);
	free(p->frame_index);
	p->frame_index = NULL;
}

/* The index again, from the frames (after fc_profile_drop_frame_index). */
static bool frame_reindex(struct fc_profile *p)
{
	uint32_t i;

	if (!index_of(p) ||
	    !fc_map_reserve(&p->frame_index->map, p->n_frames > 128 ? p->n_frames + 1 : 128))
		return false;
	for (i = 0; i < p->n_frames; i++) {
		const struct fc_frame *f = &p->frames[i];
		const char *url = fc_profile_str(p, f->url);
		size_t ul = fc_strpool_len(&p->strings, f->url);
		unsigned kind =
			key_script(&url, &ul, fc_profile_str(p, f->script_id),
				   fc_strpool_len(&p->strings, f->script_id), f->has_script);
		uint32_t h =
			key_hash(fc_profile_str(p, f->name), fc_strpool_len(&p->strings, f->name),
				 url, ul, f->line, f->column, kind);
		uint32_t key = key_add(p, f, i);

		if (key == FC_NONE || !fc_map_add(&p->frame_index->map, h, key)) {
			fc_profile_drop_frame_index(p);
			return false;
		}
	}
	return true;
}

/* Key fields as the table keeps them: lines and columns below -1 or above
 * FC_POS_MAX are -1 (unknown), a script id of "" or "0" means none
 * (devtools-rules §8.1). */
static bool clamp_key(const char *sid, size_t sid_len, int32_t *line, int32_t *column)
{
	if (*line < -1 || *line > FC_POS_MAX)
		*line = -1;
	if (*column < -1 || *column > FC_POS_MAX)
		*column = -1;
	return !(sid_len == 0 || (sid_len == 1 && sid[0] == '0'));
}

uint32_t fc_profile_frame_hash(const char *name, size_t name_len, const char *url, size_t url_len,
			       const char *sid, size_t sid_len, int32_t line, int32_t column)
{
	bool has_script = clamp_key(sid, sid_len, &line, &column);
	unsigned kind = key_script(&url, &url_len, sid, sid_len, has_script);
	return key_hash(name, name_len, url, url_len, line, column, kind);
}

void fc_profile_frame_prefetch(const struct fc_profile *p, uint32_t hash, bool record)
{
	const struct fc_map_slot *e =
		p->frame_index ? fc_map_home(&p->frame_index->map, hash) : NULL;

	if (!e)
		return;
	if (!record)
		__builtin_prefetch(e);
	else if (e->ref && e->hash == hash)
		__builtin_prefetch(p->frame_index->keys + (e->ref - 1));
}

uint32_t fc_profile_intern_frame_hashed(struct fc_profile *p, uint32_t hash, const char *name,
					size_t name_len, const char *url, size_t url_len,
					const char *sid, size_t sid_len, int32_t line,
					int32_t column)
{
	bool has_script = clamp_key(sid, sid_len, &line, &column);
	const char *kurl = url;
	size_t kul = url_len;
	unsigned kind = key_script(&kurl, &kul, sid, sid_len, has_script);
	uint32_t k;
	size_t slot;

	if ((!p->frame_index || !p->frame_index->map.slots) && p->n_frames && !frame_reindex(p))
		return FC_NONE;
	if (p->frame_index && p->frame_index->map.slots) {
		k = frame_find(p, hash, name, name_len, kurl, kul, line, column, kind, &slot);
		if (k != FC_NONE)
			return k;
	}
	return frame_add(p, hash, name, name_len, url, url_len, sid, sid_len, line, column,
			 has_script);
}

uint32_t fc_profile_intern_frame(struct fc_profile *p, const char *name, size_t name_len,
				 const char *url, size_t url_len, const char *sid, size_t sid_len,
				 int32_t line, int32_t column)
{
	uint32_t h =
		fc_profile_frame_hash(name, name_len, url, url_len, sid, sid_len, line, column);
	return fc_profile_intern_frame_hashed(p, h, name, name_len, url, url_len, sid, sid_len,
					      line, column);
}

uint32_t fc_profile_append_frame(struct fc_profile *p, const struct fc_frame *f)
{
	size_t cap = p->frames_cap;

	fc_profile_drop_frame_index(p);
	if (p->n_frames >= UINT32_MAX - 1 || !FC_GROW(p->frames, cap, (size_t)p->n_frames + 1))
		return FC_NONE;
	p->frames_cap = cap;
	p->frames[p->n_frames] = *f;
	p->frames[p->n_frames].meta = (uint8_t)meta_of(fc_profile_str(p, f->name));
	return p->n_frames++;
}

bool fc_profile_copy_frames(struct fc_profile *dst, const struct fc_profile *src)
{
	size_t nf = src->n_frames;
	struct fc_frame *frames = malloc((nf ? nf : 1) * sizeof(*frames));

	if (dst->n_frames || !frames || !fc_strpool_copy(&dst->strings, &src->strings)) {
		free(frames);
		return false;
	}
	memcpy(frames, src->frames, nf * sizeof(*frames));
	/* source-map positions name strings of the same pool */
	if (src->generated && src->n_generated) {
		struct fc_frame_generated *g = malloc(src->n_generated * sizeof(*g));
		if (!g) {
			free(frames);
			return false;
		}
		memcpy(g, src->generated, src->n_generated * sizeof(*g));
		free(dst->generated);
		dst->generated = g;
		dst->n_generated = src->n_generated;
	}
	free(dst->frames);
	dst->frames = frames;
	dst->n_frames = (uint32_t)nf;
	dst->frames_cap = nf ? nf : 1;
	/* the index is made again if a frame is interned into dst */
	fc_profile_drop_frame_index(dst);
	return true;
}

bool fc_profile_warn(struct fc_profile *p, const char *path, long line, long column,
		     const char *fmt, ...)
{
	struct fc_warning *w;
	va_list ap;
	char text[512];

	p->n_repairs++;
	if (p->n_warnings >= FC_PROFILE_MAX_WARNINGS)
		return true;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	w = realloc(p->warnings, (p->n_warnings + 1) * sizeof(*w));
	if (!w)
		return false;
	p->warnings = w;
	w = &p->warnings[p->n_warnings];
	/* warnings quote the input (ids, names): clean text for display */
	w->path = fc_strdup_clean(path ? path : "");
	w->text = fc_strdup_clean(text);
	w->line = line;
	w->column = column;
	if (!w->path || !w->text) {
		free(w->path);
		free(w->text);
		return false;
	}
	p->n_warnings++;
	return true;
}

double fc_profile_samples_end(const struct fc_profile *p)
{
	uint32_t n = p->n_samples;
	double first, last;

	if (n == 0)
		return (double)p->end_us;
	first = (double)p->sample_time_us[0];
	last = (double)p->sample_time_us[n - 1];
	/* a recorded end before the last sample (unsorted legacy timestamps)
	 * would give the last bars a negative width */
	if (p->last_end_us != INT64_MIN)
		return (double)p->last_end_us > last ? (double)p->last_end_us : last;
	if (n == 1) {
		/* DevTools: avg is NaN for one sample, so the header endTime is used. */
		return (double)p->end_us > last ? (double)p->end_us : last;
	}
	return last + (last - first) / (double)(n - 1);
}

/* DevTools' bottomNode(): the ancestor just below the root (the root itself
 * for the root). */
static uint32_t bottom_node(const struct fc_profile *p, uint32_t n)
{
	while (p->node_parent[n] != FC_NONE && p->node_parent[p->node_parent[n]] != FC_NONE)
		n = p->node_parent[n];
	return n;
}

static bool is_system(const struct fc_profile *p, uint32_t n)
{
	return n == p->program_node || n == p->gc_node || n == p->idle_node;
}

/* DevTools fixMissingSamples (devtools-rules §2, heuristic 1): tests use the
 * original sample values, never an earlier replacement. */
uint32_t fc_profile_heal_program(const struct fc_profile *p, uint32_t *out)
{
	uint32_t n = p->n_samples, i, healed = 0;

	if (n)
		memcpy(out, p->sample_node, n * sizeof(*out));
	if (p->program_node == FC_NONE || n < 3)
		return 0;
	for (i = 1; i + 1 < n; i++) {
		uint32_t prev = p->sample_node[i - 1], next = p->sample_node[i + 1];
		if (p->sample_node[i] == p->program_node && !is_system(p, prev) &&
		    !is_system(p, next) && bottom_node(p, prev) == bottom_node(p, next)) {
			out[i] = prev;
			healed++;
		}
	}
	return healed;
}

void fc_profile_find_meta_nodes(struct fc_profile *p)
{
	uint32_t i;

	p->program_node = p->idle_node = p->gc_node = FC_NONE;
	for (i = 1; i < p->n_nodes; i++) {
		if (p->node_parent[i] != 0)
			continue;
		switch (p->frames[p->node_frame[i]].meta) {
		case FC_META_PROGRAM:
			if (p->program_node == FC_NONE)
				p->program_node = i;
			break;
		case FC_META_IDLE:
			if (p->idle_node == FC_NONE)
				p->idle_node = i;
			break;
		case FC_META_GC:
			if (p->gc_node == FC_NONE)
				p->gc_node = i;
			break;
		default:
			break;
		}
	}
}

void fc_profile_set_init(struct fc_profile_set *s)
{
	memset(s, 0, sizeof(*s));
}

bool fc_profile_set_add(struct fc_profile_set *s, struct fc_profile *p)
{
	if (!FC_GROW(s->items, s->cap, s->count + 1))
		return false;
	s->items[s->count++] = p;
	return true;
}

void fc_profile_set_finish(struct fc_profile_set *s)
{
	size_t i;

	for (i = 0; i < s->count; i++)
		fc_profile_destroy(s->items[i]);
	free(s->items);
	memset(s, 0, sizeof(*s));
}

double fc_profile_sample_duration(const struct fc_profile *p, uint32_t i)
{
	if (i + 1 < p->n_samples)
		return (double)(p->sample_time_us[i + 1] - p->sample_time_us[i]);
	return fc_profile_samples_end(p) - (double)p->sample_time_us[i];
}

/* Interval i (between samples i and i + 1) as a key whose unsigned order
 * is the signed order of the interval. */
static uint64_t interval_key(const struct fc_profile *p, size_t i)
{
	return (uint64_t)(p->sample_time_us[i + 1] - p->sample_time_us[i]) ^ (UINT64_C(1) << 63);
}

/* The k-th smallest interval (0-based) of the n = n_samples - 1, by radix
 * selection: from the highest 16-bit digit where the intervals differ
 * down, a histogram of the digit among the intervals that share the digits
 * chosen so far. Linear, without a copy of the intervals (a 10 million
 * sample profile would need 80 MB for one); real intervals differ only in
 * their low 16 bits, which takes one pass after the one for the range. */
static int64_t kth_interval(const struct fc_profile *p, size_t k, uint32_t *count)
{
	size_t n = (size_t)p->n_samples - 1, i;
	uint64_t lo = UINT64_MAX, hi = 0, prefix, high;
	int shift;

	for (i = 0; i < n; i++) {
		uint64_t x = interval_key(p, i);
		if (x < lo)
			lo = x;
		if (x > hi)
			hi = x;
	}
	if (lo == hi)
		return (int64_t)(lo ^ (UINT64_C(1) << 63));
	for (shift = 48; !((lo ^ hi) >> shift); shift -= 16)
		;
	/* the digits above shift are the same in every interval */
	prefix = shift == 48 ? 0 : lo & ~((UINT64_C(1) << (shift + 16)) - 1);
	for (; shift >= 0; shift -= 16) {
		uint32_t d;
		high = shift == 48 ? 0 : ~((UINT64_C(1) << (shift + 16)) - 1);
		memset(count, 0, 65536 * sizeof(*count));
		for (i = 0; i < n; i++) {
			uint64_t x = interval_key(p, i);
			if (((x ^ prefix) & high) == 0)
				count[(x >> shift) & 0xffff]++;
		}
		for (d = 0; k >= count[d]; d++)
			k -= count[d];
		prefix |= (uint64_t)d << shift;
	}
	return (int64_t)(prefix ^ (UINT64_C(1) << 63));
}

static int cmp_key(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Up to this many intervals a sorted copy is cheaper than the radix
 * selection's 256 KiB histogram. */
#define MEDIAN_SORT_MAX 4096

static double median_by_sort(const struct fc_profile *p, size_t n)
{
	uint64_t keys[MEDIAN_SORT_MAX];
	size_t i;

	for (i = 0; i < n; i++)
		keys[i] = interval_key(p, i);
	qsort(keys, n, sizeof(*keys), cmp_key);
	if (n % 2)
		return (double)(int64_t)(keys[n / 2] ^ (UINT64_C(1) << 63));
	return ((double)(int64_t)(keys[n / 2 - 1] ^ (UINT64_C(1) << 63)) +
		(double)(int64_t)(keys[n / 2] ^ (UINT64_C(1) << 63))) /
	       2.0;
}

double fc_profile_median_interval(const struct fc_profile *p)
{
	size_t n = p->n_samples ? (size_t)p->n_samples - 1 : 0;
	uint32_t *count;
	double m;

	if (n < 1)
		return 0;
	if (n <= MEDIAN_SORT_MAX)
		return median_by_sort(p, n);
	count = malloc(65536 * sizeof(*count));
	if (!count)
		return 0;
	if (n % 2)
		m = (double)kth_interval(p, n / 2, count);
	else
		m = ((double)kth_interval(p, n / 2 - 1, count) +
		     (double)kth_interval(p, n / 2, count)) /
		    2.0;
	free(count);
	return m;
}

/* --- the installed header's accessors ------------------------------------- */

const char *fc_profile_name(const struct fc_profile *p)
{
	return p && p->name ? p->name : "";
}

const char *fc_profile_thread_name(const struct fc_profile *p)
{
	return p ? p->thread_name : NULL;
}

enum fc_format fc_profile_format(const struct fc_profile *p)
{
	return p ? p->format : FC_FORMAT_AUTO;
}

size_t fc_profile_sample_count(const struct fc_profile *p)
{
	return p ? p->n_samples : 0;
}

size_t fc_profile_frame_count(const struct fc_profile *p)
{
	return p ? p->n_frames : 0;
}

const char *fc_profile_unit(const struct fc_profile *p)
{
	if (!p || p->has_time)
		return "us";
	return p->weight_unit ? p->weight_unit : "samples";
}

double fc_profile_total(const struct fc_profile *p)
{
	double total = 0;

	if (!p)
		return 0;
	for (uint32_t i = 0; i < p->n_samples; i++)
		total += fc_profile_sample_duration(p, i);
	return total;
}
