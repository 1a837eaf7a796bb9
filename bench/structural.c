/* bench/structural: how fast this machine finds the structure of a JSON file
 * 64 bytes at a time, as a tokenizer built on a structural index would, and
 * how fast a walk over that index meets every value.
 *
 *   structural [--scan scalar|sse2|avx2] [--stage index|walk|model] [--threads 1|2]
 *              [--check] FILE
 *   structural --stage json -o OUT [--scan ...] [--threads 1|2] FILE
 *   structural --stage graph [--scan ...] [--threads 1|2] FILE
 * --exact (model, json, graph): find frames by their keys, not by a hash
 *
 * It reads FILE in 256 KiB chunks, as flamechart's reader and bench/yajl-scan
 * do. For each 64-byte block of a chunk it makes four masks, a bit a byte:
 * quotes, backslashes, the six structural bytes ({ } [ ] : ,) and white
 * space (any byte up to 0x20). From them it finds the escaped bytes, marks
 * the bytes inside strings (a prefix XOR of the unescaped quotes: a
 * carry-less multiply where the CPU has one) and the first byte of every
 * number or literal, and writes the offsets of all three kinds into an
 * index ("index", the first stage). "walk" then goes over the index as a
 * tokenizer would: it counts values as bench/yajl-scan does (numbers,
 * literals, strings that are not keys, the ends of objects and arrays) and
 * converts every integer. "model" walks the index as an importer of a
 * .cpuprofile would and builds the least model that answers info's first
 * questions (see model_chunk below); it prints what it found: the nodes
 * (the highest id), frames, samples, the time, and the frame with the
 * most self time. "json" (with -o OUT) then lays out the time-ordered chart
 * from that model and writes its bars as flamechart's layout JSON does
 * (model_json below), and prints how many bars and bytes it wrote. "graph"
 * merges the model's tree as the flame graph does, with the library's child
 * lookup, and sums it (model_graph).
 *
 * Otherwise it prints the number of values (equal to yajl-scan's on a valid file),
 * the number of offsets, with --check a hash of them (equal whichever scan
 * made them; its multiplies cost about a third of the first stage, so it
 * is not taken by default), and a sum of the integers, so the compiler
 * keeps the work. It does not validate: this is the floor of finding the
 * tokens, not a parser.
 *
 * With --threads 2 the first stage runs on a second thread, three chunks
 * ahead of the walk, as flamechart's reading thread reads ahead: what
 * finding the structure beside the tokenizer would take off its thread.
 *
 * Build (x86-64; it hashes and grows arrays with flamechart's own helpers):
 *   cc -std=c11 -O2 -pthread -D_DEFAULT_SOURCE -Isrc -Iinclude -o structural \
 *      bench/structural.c src/util/util.c src/util/map.c src/util/children.c -lm
 * The SSE2 and AVX2 scans are compiled in with target attributes, and --scan
 * avx2 is refused on a CPU without AVX2.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <immintrin.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/children.h"
#include "util/util.h"

#define CHUNK (256 * 1024)

/* What a scan carries from one block to the next. */
struct carry {
	uint64_t in_string; /* all ones when the last block ended in a string */
	uint64_t escape;    /* 1 when its last byte was an unescaped backslash */
	uint64_t scalar;    /* 1 when its last byte was part of a number or literal */
};

struct masks {
	uint64_t quote, backslash, op, space;
};

/* The escaped bytes: each byte after an odd run of backslashes. Profiles
 * hold few backslashes, so a block without one costs a test. */
static uint64_t escaped_bytes(uint64_t backslash, uint64_t *escape)
{
	uint64_t out = 0, next = *escape;

	if (!backslash && !next)
		return 0;
	for (int i = 0; i < 64; i++) {
		uint64_t bit = (uint64_t)1 << i;
		if (next) {
			out |= bit;
			next = 0;
		} else if (backslash & bit) {
			next = 1;
		}
	}
	*escape = next;
	return out;
}

static uint64_t prefix_xor_shift(uint64_t x)
{
	x ^= x << 1;
	x ^= x << 2;
	x ^= x << 4;
	x ^= x << 8;
	x ^= x << 16;
	x ^= x << 32;
	return x;
}

__attribute__((target("pclmul,sse2"))) static inline uint64_t prefix_xor_clmul(uint64_t x)
{
	__m128i all = _mm_set1_epi8((char)0xFF);
	__m128i r = _mm_clmulepi64_si128(_mm_set_epi64x(0, (long long)x), all, 0);
	return (uint64_t)_mm_cvtsi128_si64(r);
}

/* The offsets of a mask's bits, eight at a time: idx has room for 64 past
 * the count, so the stores past it are harmless and the loop's branch goes
 * the same way for most blocks. */
static inline uint32_t extract(uint64_t s, uint32_t *idx, uint32_t base)
{
	uint32_t n = (uint32_t)__builtin_popcountll(s);
	for (uint32_t k = 0; k < n; k += 8) {
		for (int j = 0; j < 8; j++) {
			idx[k + (uint32_t)j] =
				base + (uint32_t)__builtin_ctzll(s | (uint64_t)1 << 63);
			s &= s - 1;
		}
	}
	return n;
}

/* A block's unescaped quotes. */
static inline uint64_t quotes_of(const struct masks *m, struct carry *c)
{
	return m->quote & ~escaped_bytes(m->backslash, &c->escape);
}

/* A block's offsets into idx, from its masks, its unescaped quotes q and
 * their prefix XOR; returns how many. */
static inline uint32_t block(const struct masks *m, uint64_t q, uint64_t prefix, struct carry *c,
			     uint32_t *idx, uint32_t base)
{
	uint64_t in = prefix ^ c->in_string;
	c->in_string = (uint64_t)((int64_t)in >> 63);
	uint64_t scalar = ~(m->op | m->space | m->quote);
	uint64_t start = scalar & ~((scalar << 1) | c->scalar);
	c->scalar = scalar >> 63;
	return extract(((m->op | start) & ~in) | q, idx, base);
}

static struct masks masks_scalar(const unsigned char *p)
{
	struct masks m = { 0, 0, 0, 0 };
	for (int i = 0; i < 64; i++) {
		uint64_t bit = (uint64_t)1 << i;
		switch (p[i]) {
		case '"':
			m.quote |= bit;
			break;
		case '\\':
			m.backslash |= bit;
			break;
		case '{':
		case '}':
		case '[':
		case ']':
		case ':':
		case ',':
			m.op |= bit;
			break;
		default:
			if (p[i] <= 0x20)
				m.space |= bit;
		}
	}
	return m;
}

static uint32_t index_scalar(const unsigned char *buf, size_t len, struct carry *c, uint32_t *idx)
{
	uint32_t n = 0;
	for (size_t off = 0; off < len; off += 64) {
		struct masks m = masks_scalar(buf + off);
		uint64_t q = quotes_of(&m, c);
		n += block(&m, q, prefix_xor_shift(q), c, idx + n, (uint32_t)off);
	}
	return n;
}

/* SSE2: [ ] { } are the bytes whose value with 0x20 set is { or }. */
__attribute__((target("sse2"))) static inline void masks16(__m128i v, uint64_t shift,
							   struct masks *m)
{
	__m128i low = _mm_or_si128(v, _mm_set1_epi8(0x20));
	__m128i op = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(low, _mm_set1_epi8('{')),
					       _mm_cmpeq_epi8(low, _mm_set1_epi8('}'))),
				  _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(':')),
					       _mm_cmpeq_epi8(v, _mm_set1_epi8(','))));
	__m128i sp = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x20)), v);
	m->quote |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')))
		    << shift;
	m->backslash |=
		(uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\')))
		<< shift;
	m->op |= (uint64_t)(uint16_t)_mm_movemask_epi8(op) << shift;
	m->space |= (uint64_t)(uint16_t)_mm_movemask_epi8(sp) << shift;
}

__attribute__((target("sse2,pclmul"))) static uint32_t
index_sse2(const unsigned char *buf, size_t len, struct carry *c, uint32_t *idx)
{
	uint32_t n = 0;
	for (size_t off = 0; off < len; off += 64) {
		struct masks m = { 0, 0, 0, 0 };
		for (int k = 0; k < 4; k++)
			masks16(_mm_loadu_si128((const __m128i *)(buf + off + 16 * k)),
				(uint64_t)(16 * k), &m);
		uint64_t q = quotes_of(&m, c);
		n += block(&m, q, prefix_xor_clmul(q), c, idx + n, (uint32_t)off);
	}
	return n;
}

__attribute__((target("avx2"))) static inline void masks32(__m256i v, uint64_t shift,
							   struct masks *m)
{
	__m256i low = _mm256_or_si256(v, _mm256_set1_epi8(0x20));
	__m256i op = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(low, _mm256_set1_epi8('{')),
						     _mm256_cmpeq_epi8(low, _mm256_set1_epi8('}'))),
				     _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(':')),
						     _mm256_cmpeq_epi8(v, _mm256_set1_epi8(','))));
	__m256i sp = _mm256_cmpeq_epi8(_mm256_min_epu8(v, _mm256_set1_epi8(0x20)), v);
	m->quote |= (uint64_t)(uint32_t)_mm256_movemask_epi8(
			    _mm256_cmpeq_epi8(v, _mm256_set1_epi8('"')))
		    << shift;
	m->backslash |= (uint64_t)(uint32_t)_mm256_movemask_epi8(
				_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\')))
			<< shift;
	m->op |= (uint64_t)(uint32_t)_mm256_movemask_epi8(op) << shift;
	m->space |= (uint64_t)(uint32_t)_mm256_movemask_epi8(sp) << shift;
}

__attribute__((target("avx2,pclmul"))) static uint32_t
index_avx2(const unsigned char *buf, size_t len, struct carry *c, uint32_t *idx)
{
	uint32_t n = 0;
	for (size_t off = 0; off < len; off += 64) {
		struct masks m = { 0, 0, 0, 0 };
		masks32(_mm256_loadu_si256((const __m256i *)(buf + off)), 0, &m);
		masks32(_mm256_loadu_si256((const __m256i *)(buf + off + 32)), 32, &m);
		uint64_t q = quotes_of(&m, c);
		n += block(&m, q, prefix_xor_clmul(q), c, idx + n, (uint32_t)off);
	}
	return n;
}

/* The walk's state between chunks. */
struct walk {
	int in_string;     /* an opening quote seen, its closing one not yet */
	int pending;       /* a string closed: a key if ':' follows, else a value */
	int in_number;     /* an integer's digits ran to the chunk's end */
	uint64_t number;   /* its value so far */
	uint64_t values;   /* as bench/yajl-scan counts them */
	uint64_t integers; /* the sum of every integer's digits, as a number */
};

static size_t digits(const unsigned char *p, size_t i, size_t len, uint64_t *v)
{
	uint64_t x = *v;
	while (i < len && (unsigned)(p[i] - '0') < 10)
		x = x * 10 + (uint64_t)(p[i++] - '0');
	*v = x;
	return i;
}

static void walk_chunk(const unsigned char *buf, size_t len, const uint32_t *idx, uint32_t n,
		       struct walk *w)
{
	if (w->in_number) {
		if (digits(buf, 0, len, &w->number) < len) {
			w->integers += w->number;
			w->in_number = 0;
		}
	}
	for (uint32_t k = 0; k < n; k++) {
		uint32_t i = idx[k];
		unsigned char ch = buf[i];
		if (ch == '"') {
			if (w->in_string)
				w->pending = 1;
			w->in_string = !w->in_string;
			continue;
		}
		if (w->pending) {
			w->pending = 0;
			if (ch != ':')
				w->values++;
		}
		switch (ch) {
		case '}':
		case ']':
			w->values++;
			break;
		case '{':
		case '[':
		case ':':
		case ',':
			break;
		default:
			w->values++;
			if (ch == '-')
				i++;
			w->number = 0;
			if (digits(buf, i, len, &w->number) == len)
				w->in_number = 1;
			else
				w->integers += w->number;
		}
	}
}

/* --stage model: the least an importer of a .cpuprofile must do beside the
 * walk, to answer what `flamechart info` answers first (each function's
 * self time, each node's total, the top 50). It reads the nodes'
 * id, callFrame and children and the samples and timeDeltas, and nothing
 * else; it interns a frame by a 64-bit hash of its name, script, URL, line
 * and column (the slot by the low bits, 32 high bits kept), without
 * comparing the strings, in a table of 8-byte slots whose slot it
 * prefetches when the callFrame closes and reads when the node closes; it
 * copies a frame's name and URL once, when the frame is new; it keeps a
 * node's frame and parent in arrays indexed by the node's id, and takes
 * the ids to be numbered parent before child, as V8 numbers them. It
 * checks nothing and unescapes nothing. Each of these is less than a
 * correct importer does, so its time is a floor, not a design. */
enum key {
	K_OTHER,
	K_NODES,
	K_NODE, /* not a key: an element of "nodes" */
	K_ID,
	K_CALLFRAME,
	K_FUNCTIONNAME,
	K_SCRIPTID,
	K_URL,
	K_LINENUMBER,
	K_COLUMNNUMBER,
	K_CHILDREN,
	K_SAMPLES,
	K_TIMEDELTAS,
	K_STARTTIME,
};

static enum key key_of(const unsigned char *p, size_t n)
{
#define IS(s) (n == sizeof s - 1 && !memcmp(p, s, sizeof s - 1))
	switch (p[0]) {
	case 'i':
		return IS("id") ? K_ID : K_OTHER;
	case 'c':
		return IS("callFrame")      ? K_CALLFRAME
		       : IS("children")     ? K_CHILDREN
		       : IS("columnNumber") ? K_COLUMNNUMBER
					    : K_OTHER;
	case 'f':
		return IS("functionName") ? K_FUNCTIONNAME : K_OTHER;
	case 's':
		return IS("scriptId")    ? K_SCRIPTID
		       : IS("samples")   ? K_SAMPLES
		       : IS("startTime") ? K_STARTTIME
					 : K_OTHER;
	case 'u':
		return IS("url") ? K_URL : K_OTHER;
	case 'l':
		return IS("lineNumber") ? K_LINENUMBER : K_OTHER;
	case 'n':
		return IS("nodes") ? K_NODES : K_OTHER;
	case 't':
		return IS("timeDeltas") ? K_TIMEDELTAS : K_OTHER;
	}
	return K_OTHER;
#undef IS
}

struct text {
	unsigned char *p;
	size_t n, cap;
};

static void text_set(struct text *t, const unsigned char *p, size_t n, size_t at)
{
	if (!n) {
		t->n = at;
		return;
	}
	if (!FC_GROW(t->p, t->cap, at + n))
		abort();
	memcpy(t->p + at, p, n);
	t->n = at + n;
}

/* A string of the callFrame being read: in the chunk, or copied out of it
 * (own) when it crossed into the next or the chunk ended before the frame
 * was interned. */
struct held {
	struct text own;
	const unsigned char *p;
	size_t n;
};

static void held_set(struct held *h, const unsigned char *p, size_t n, int copy)
{
	if (copy) {
		text_set(&h->own, p, n, 0);
		p = h->own.p;
	}
	h->p = p;
	h->n = n;
}

/* Room for one more item in arr, or abort: the bench reports no errors. */
#define GROW(arr, n, cap)                            \
	do {                                         \
		if (!FC_GROW((arr), (cap), (n) + 1)) \
			abort();                     \
	} while (0)

struct frame {
	uint64_t hash;
	uint32_t name, name_len, url, url_len;
	int32_t line, column;
};

#define DEPTH 64
struct model {
	/* the tokens */
	int in_string, pending, in_number, negative;
	uint64_t number;
	size_t start;             /* the open string's first byte in this chunk */
	struct text spill;        /* a string (or its start) that crossed a chunk */
	int spilled;              /* the open or pending string is in spill */
	const unsigned char *str; /* the last closed string, pending */
	size_t str_n;
	/* where the walk is */
	int depth, deep;                      /* deep: the containers opened past DEPTH */
	unsigned char kind[DEPTH], of[DEPTH]; /* container, the key it is the value of */
	enum key key;                         /* the innermost object's member */
	/* the node being read */
	uint32_t id;
	uint64_t h[3];
	int64_t line, column;
	struct held name, url; /* its frame's name and URL */
	/* the profile */
	uint32_t *frame_of, *parent_of;
	size_t ids;
	uint32_t max_id, frame;
	struct slot_frame {
		uint32_t tag, frame; /* a hash's high half (0: empty), its frame */
	} * slot;
	size_t slots;
	uint64_t hash; /* the callFrame's, found when its node closes */
	int have_frame;
	int exact; /* --exact: compare the frame's key on a hash's match */
	struct url_slot {
		uint64_t hash;
		uint32_t off, len; /* the URL's one copy in the arena; len + 1, 0: empty */
	} * urls;
	size_t urls_n, urls_cap;
	struct frame *frames;
	size_t frames_n, frames_cap;
	struct text arena;
	uint32_t *samples;
	size_t samples_n, samples_cap;
	int32_t *deltas;
	size_t deltas_n, deltas_cap;
	int64_t start_time; /* startTime */
};

static void model_ids(struct model *m, uint32_t id)
{
	if (id < m->ids)
		return;
	size_t cap = m->ids, cap2 = m->ids;
	if (!FC_GROW(m->frame_of, cap, (size_t)id + 1) ||
	    !FC_GROW(m->parent_of, cap2, (size_t)id + 1))
		abort();
	memset(m->frame_of + m->ids, 0, (cap - m->ids) * sizeof *m->frame_of);
	memset(m->parent_of + m->ids, 0, (cap - m->ids) * sizeof *m->parent_of);
	m->ids = cap;
}

static uint32_t arena_add(struct model *m, const unsigned char *p, size_t n)
{
	uint32_t at = (uint32_t)m->arena.n;
	text_set(&m->arena, p, n, m->arena.n);
	return at;
}

static void model_grow_table(struct model *m)
{
	size_t slots = m->slots ? 2 * m->slots : 1 << 14;
	struct slot_frame *t = calloc(slots, sizeof *t);
	if (!t)
		abort();
	for (size_t i = 0; i < m->slots; i++) {
		if (!m->slot[i].tag)
			continue;
		size_t at = m->frames[m->slot[i].frame].hash & (slots - 1);
		while (t[at].tag)
			at = (at + 1) & (slots - 1);
		t[at] = m->slot[i];
	}
	free(m->slot);
	m->slot = t;
	m->slots = slots;
}

/* The callFrame closed: its hash, and a prefetch of its slot, which its
 * node's close reads (the node's hitCount and children come between). */
static void model_hash_frame(struct model *m)
{
	uint64_t part[4] = { m->h[0], m->h[1], m->h[2],
			     (uint64_t)m->line << 32 ^ (uint64_t)(uint32_t)m->column };
	uint64_t h = fc_hash_bytes(part, sizeof part);
	m->hash = h;
	m->have_frame = 1;
	if (m->slots)
		__builtin_prefetch(&m->slot[h & (m->slots - 1)]);
}

/* --exact: the URL's one copy in the arena, found by its bytes in a table
 * of the URLs (a few hundred: it stays in the cache) or added. */
static uint32_t model_url(struct model *m)
{
	if (2 * (m->urls_n + 1) > m->urls_cap) {
		size_t cap = m->urls_cap ? 2 * m->urls_cap : 1024;
		struct url_slot *t = calloc(cap, sizeof *t);
		if (!t)
			abort();
		for (size_t i = 0; i < m->urls_cap; i++) {
			if (!m->urls[i].len)
				continue;
			size_t at = m->urls[i].hash & (cap - 1);
			while (t[at].len)
				at = (at + 1) & (cap - 1);
			t[at] = m->urls[i];
		}
		free(m->urls);
		m->urls = t;
		m->urls_cap = cap;
	}
	uint64_t h = m->h[1];
	size_t at = h & (m->urls_cap - 1);
	for (;; at = (at + 1) & (m->urls_cap - 1)) {
		struct url_slot *u = &m->urls[at];
		if (!u->len)
			break;
		if (u->hash == h && u->len - 1 == m->url.n &&
		    (!m->url.n || !memcmp(m->arena.p + u->off, m->url.p, m->url.n)))
			return u->off;
	}
	m->urls[at] =
		(struct url_slot){ h, arena_add(m, m->url.p, m->url.n), (uint32_t)m->url.n + 1 };
	m->urls_n++;
	return m->urls[at].off;
}

/* --exact: the frame of the slot is the callFrame read, compared as a
 * correct importer must: the whole hash, the URL (one copy each), the name's
 * bytes, the line and column (the script id by its hash alone). */
static int model_same(const struct model *m, uint64_t h, uint32_t url, size_t at)
{
	const struct frame *f = &m->frames[m->slot[at].frame];
	return f->hash == h && f->url == url && f->line == (int32_t)m->line &&
	       f->column == (int32_t)m->column && f->name_len == m->name.n &&
	       (!m->name.n || !memcmp(m->arena.p + f->name, m->name.p, m->name.n));
}

/* The node closed: its frame, found or added. */
static void model_intern(struct model *m)
{
	uint64_t h = m->hash;
	uint32_t tag = (uint32_t)(h >> 32) ? (uint32_t)(h >> 32) : 1;
	if (2 * (m->frames_n + 1) > m->slots)
		model_grow_table(m);
	uint32_t url = m->exact ? model_url(m) : 0;
	size_t at = h & (m->slots - 1);
	while (m->slot[at].tag &&
	       (m->slot[at].tag != tag || (m->exact && !model_same(m, h, url, at))))
		at = (at + 1) & (m->slots - 1);
	if (!m->slot[at].tag) {
		GROW(m->frames, m->frames_n, m->frames_cap);
		struct frame *f = &m->frames[m->frames_n];
		f->hash = h;
		f->name = arena_add(m, m->name.p, m->name.n);
		f->name_len = (uint32_t)m->name.n;
		f->url = m->exact ? url : arena_add(m, m->url.p, m->url.n);
		f->url_len = (uint32_t)m->url.n;
		f->line = (int32_t)m->line;
		f->column = (int32_t)m->column;
		m->slot[at].tag = tag;
		m->slot[at].frame = (uint32_t)m->frames_n++;
	}
	m->frame = m->slot[at].frame;
}

static void model_number(struct model *m, int64_t v)
{
	if (m->depth < 1 || m->deep)
		return;
	int d = m->depth - 1;
	if (m->kind[d] == '[') {
		switch (m->of[d]) {
		case K_CHILDREN:
			if (v > 0 && v < 1 << 30) {
				model_ids(m, (uint32_t)v);
				m->parent_of[v] = m->id;
			}
			break;
		case K_SAMPLES:
			GROW(m->samples, m->samples_n, m->samples_cap);
			m->samples[m->samples_n++] = (uint32_t)v;
			break;
		case K_TIMEDELTAS:
			GROW(m->deltas, m->deltas_n, m->deltas_cap);
			m->deltas[m->deltas_n++] = (int32_t)v;
			break;
		default:
			break;
		}
	} else if (m->of[d] == K_NODE && m->key == K_ID) {
		m->id = v > 0 && v < 1 << 30 ? (uint32_t)v : 0;
		if (m->id > m->max_id)
			m->max_id = m->id;
	} else if (d == 0 && m->key == K_STARTTIME) {
		m->start_time = v;
	} else if (m->of[d] == K_CALLFRAME) {
		if (m->key == K_LINENUMBER)
			m->line = v;
		else if (m->key == K_COLUMNNUMBER)
			m->column = v;
	}
}

/* A string closed and what follows it shows whether it was a key. */
static void model_string(struct model *m, int key)
{
	const unsigned char *p = m->str;
	size_t n = m->str_n;
	if (key) {
		m->key = n ? key_of(p, n) : K_OTHER;
		return;
	}
	if (m->depth < 1 || m->deep || m->of[m->depth - 1] != K_CALLFRAME)
		return;
	switch (m->key) {
	case K_FUNCTIONNAME:
		m->h[0] = fc_hash_bytes(p, n);
		held_set(&m->name, p, n, m->spilled);
		break;
	case K_URL:
		m->h[1] = fc_hash_bytes(p, n);
		held_set(&m->url, p, n, m->spilled);
		break;
	case K_SCRIPTID:
		m->h[2] = fc_hash_bytes(p, n);
		break;
	default:
		break;
	}
}

static void model_open(struct model *m, unsigned char ch)
{
	if (m->depth == DEPTH) {
		m->deep++; /* deeper than any profile's member the model reads */
		return;
	}
	int d = m->depth;
	enum key of = K_OTHER;
	if (d > 0 && m->kind[d - 1] == '{')
		of = m->key;
	else if (d > 0 && m->of[d - 1] == K_NODES && ch == '{')
		of = K_NODE;
	m->kind[d] = ch;
	m->of[d] = (unsigned char)of;
	m->depth++;
	if (of == K_NODE) {
		m->id = 0;
		m->frame = 0;
		m->have_frame = 0;
	} else if (of == K_CALLFRAME) {
		m->h[0] = m->h[1] = m->h[2] = 0;
		m->line = m->column = 0;
		m->name.n = m->url.n = 0;
	}
}

static void model_close(struct model *m)
{
	if (m->deep) {
		m->deep--;
		return;
	}
	if (m->depth < 1)
		return;
	int d = --m->depth;
	if (m->of[d] == K_CALLFRAME) {
		model_hash_frame(m);
	} else if (m->of[d] == K_NODE && m->id) {
		if (m->have_frame)
			model_intern(m);
		model_ids(m, m->id);
		m->frame_of[m->id] = m->frame;
	}
}

static void model_chunk(const unsigned char *buf, size_t len, const uint32_t *idx, uint32_t n,
			struct model *m)
{
	if (m->in_number) {
		if (digits(buf, 0, len, &m->number) < len) {
			m->in_number = 0;
			model_number(m, m->negative ? -(int64_t)m->number : (int64_t)m->number);
		}
	}
	for (uint32_t k = 0; k < n; k++) {
		size_t i = idx[k];
		unsigned char ch = buf[i];
		if (ch == '"') {
			if (!m->in_string) {
				m->in_string = 1;
				m->start = i + 1;
				m->spilled = 0;
				continue;
			}
			m->in_string = 0;
			if (m->spilled) {
				text_set(&m->spill, buf, i, m->spill.n);
				m->str = m->spill.p;
				m->str_n = m->spill.n;
			} else {
				m->str = buf + m->start;
				m->str_n = i - m->start;
			}
			m->pending = 1;
			continue;
		}
		if (m->pending) {
			m->pending = 0;
			model_string(m, ch == ':');
		}
		switch (ch) {
		case '{':
		case '[':
			model_open(m, ch);
			break;
		case '}':
		case ']':
			model_close(m);
			break;
		case ':':
		case ',':
			break;
		default:
			m->negative = ch == '-';
			if (m->negative)
				i++;
			else if ((unsigned)(ch - '0') >= 10)
				break; /* true, false, null */
			m->number = 0;
			if (digits(buf, i, len, &m->number) == len)
				m->in_number = 1;
			else
				model_number(m, m->negative ? -(int64_t)m->number
							    : (int64_t)m->number);
		}
	}
	/* Nothing may point into buf once it is read over. */
	if (m->in_string && !m->spilled) {
		text_set(&m->spill, buf + m->start, len - m->start, 0);
		m->spilled = 1;
	} else if (m->in_string) {
		text_set(&m->spill, buf, len, m->spill.n);
	}
	if (m->pending && !m->spilled) {
		text_set(&m->spill, m->str, m->str_n, 0);
		m->str = m->spill.p;
		m->spilled = 1;
	}
	if (m->name.n && m->name.p != m->name.own.p)
		held_set(&m->name, m->name.p, m->name.n, 1);
	if (m->url.n && m->url.p != m->url.own.p)
		held_set(&m->url, m->url.p, m->url.n, 1);
}

/* After the last chunk: each sample's time on its node, the nodes' self
 * and total times, each frame's self time and the 50 frames with the most. */
static void model_finish(struct model *m)
{
	if (m->in_number) {
		m->in_number = 0;
		model_number(m, m->negative ? -(int64_t)m->number : (int64_t)m->number);
	}
	model_ids(m, m->max_id);
	size_t ids = (size_t)m->max_id + 1;
	int64_t *self = calloc(ids, sizeof *self);
	int64_t *total = calloc(ids, sizeof *total);
	int64_t *frame_self = calloc(m->frames_n + 1, sizeof *frame_self);
	if (!self || !total || !frame_self)
		abort();
	for (size_t i = 0; i < m->samples_n; i++) {
		uint32_t id = m->samples[i];
		if (id < ids && i + 1 < m->deltas_n)
			self[id] += m->deltas[i + 1];
	}
	int64_t all = 0;
	for (size_t id = ids; id-- > 1;) {
		frame_self[m->frame_of[id]] += self[id];
		total[id] += self[id];
		total[m->parent_of[id]] += total[id];
		all += self[id];
	}
	enum { TOP = 50 };
	uint32_t top[TOP];
	size_t top_n = 0;
	for (uint32_t f = 0; f < m->frames_n; f++) {
		int64_t v = frame_self[f];
		if (top_n == TOP && v <= frame_self[top[TOP - 1]])
			continue;
		size_t at = top_n < TOP ? top_n++ : TOP - 1;
		for (; at > 0 && frame_self[top[at - 1]] < v; at--)
			top[at] = top[at - 1];
		top[at] = f;
	}
	printf("%u ids, %zu frames, %zu samples, %lld us, root's total %lld us", m->max_id,
	       m->frames_n, m->samples_n, (long long)all, (long long)(ids > 1 ? total[1] : 0));
	if (top_n) {
		const struct frame *f = &m->frames[top[0]];
		printf(", top %.*s %lld us", (int)f->name_len, (const char *)m->arena.p + f->name,
		       (long long)frame_self[top[0]]);
	}
	putchar('\n');
	free(self);
	free(total);
	free(frame_self);
}

/* --stage json: the least layout JSON. From the least model it lays out the
 * time-ordered chart as DevTools does (a bar for each node on the stack, from
 * the sample that pushes it to the one that pops it; a sample lasts until the
 * next, the last one the average interval; a lone (program) healed, a GC
 * sample on top of the stack before it) and writes each bar as flamechart's
 * layout JSON does: its depth, its frame's name, URL, line, column and tier,
 * its start, end and self time, and its frame's colour. What a frame
 * contributes is formatted once, when the first bar of it is written; a bar
 * then costs its four numbers and two copies. It writes nothing of the image
 * (rows, lanes, legend), unescapes no name and has no rule for a sample of a
 * node it does not know: a floor, as the model is. */
struct out {
	int fd;
	unsigned char *buf;
	size_t n;
	uint64_t bytes, bars;
};

enum { OUT_BUF = 1 << 20 };

static void out_flush(struct out *o)
{
	for (size_t at = 0; at < o->n;) {
		ssize_t w = write(o->fd, o->buf + at, o->n - at);
		if (w < 0) {
			perror("structural: write");
			exit(1);
		}
		at += (size_t)w;
	}
	o->bytes += o->n;
	o->n = 0;
}

static inline void out_add(struct out *o, const void *p, size_t n)
{
	if (o->n + n > OUT_BUF)
		out_flush(o);
	memcpy(o->buf + o->n, p, n);
	o->n += n;
}

#define OUT_LIT(o, s) out_add((o), (s), sizeof(s) - 1)

/* Writes a literal at q, which has room (the size is a constant: the
 * compiler makes it a few stores). */
#define PUT_LIT(q, s) (memcpy((q), (s), sizeof(s) - 1), (q) += sizeof(s) - 1)

/* A signed integer in decimal at q, two digits a step; q has room for 20. */
static inline unsigned char *put_int(unsigned char *q, int64_t v)
{
	static const char pairs[] = "00010203040506070809101112131415161718192021222324"
				    "25262728293031323334353637383940414243444546474849"
				    "50515253545556575859606162636465666768697071727374"
				    "75767778798081828384858687888990919293949596979899";
	uint64_t u = v < 0 ? -(uint64_t)v : (uint64_t)v;
	if (v < 0)
		*q++ = '-';
	unsigned digits = 1;
	for (uint64_t x = u; x >= 10; x /= 10)
		digits++;
	unsigned char *p = q + digits;
	while (u >= 100) {
		p -= 2;
		memcpy(p, pairs + 2 * (u % 100), 2);
		u /= 100;
	}
	if (u >= 10) {
		p -= 2;
		memcpy(p, pairs + 2 * u, 2);
	} else {
		*--p = (unsigned char)('0' + u);
	}
	return q + digits;
}

/* A JSON string of a name or URL (quotes, backslashes and control bytes
 * escaped). */
static void text_json(struct text *t, const unsigned char *p, size_t n)
{
	text_set(t, (const unsigned char *)"\"", 1, t->n);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = p[i];
		char esc[8];
		if (c == '"' || c == '\\') {
			esc[0] = '\\';
			esc[1] = (char)c;
			text_set(t, (const unsigned char *)esc, 2, t->n);
		} else if (c < 0x20) {
			snprintf(esc, sizeof esc, "\\u%04x", c);
			text_set(t, (const unsigned char *)esc, 6, t->n);
		} else {
			text_set(t, &c, 1, t->n);
		}
	}
	text_set(t, (const unsigned char *)"\"", 1, t->n);
}

static void text_fmt(struct text *t, const char *fmt, long long a, long long b)
{
	char tmp[96];
	int n = snprintf(tmp, sizeof tmp, fmt, a, b);
	text_set(t, (const unsigned char *)tmp, (size_t)n, t->n);
}

static int has(const unsigned char *p, size_t n, const char *s)
{
	size_t k = strlen(s);
	for (size_t i = 0; i + k <= n; i++)
		if (!memcmp(p + i, s, k))
			return 1;
	return 0;
}

/* What a frame's bars share, formatted once: the middle of the bar
 * (",\"name\":…,\"tier\":\"…\"") and its end (",\"color\":\"#…\"}"). */
struct frag {
	uint32_t mid, mid_len, end, end_len;
};

static void frame_frag(struct model *m, struct text *t, struct frag *g, uint32_t f)
{
	const struct frame *fr = &m->frames[f];
	/* no arena when every name and URL was empty */
	const unsigned char *arena = m->arena.p ? m->arena.p : (const unsigned char *)"";
	const unsigned char *name = arena + fr->name, *url = arena + fr->url;
	const char *tier = fr->url_len == 0                               ? "native"
			   : fr->url_len >= 5 && !memcmp(url, "node:", 5) ? "core"
			   : has(url, fr->url_len, "/node_modules/")      ? "deps"
									  : "app";
	g->mid = (uint32_t)t->n;
	text_set(t, (const unsigned char *)",\"name\":", 8, t->n);
	text_json(t, name, fr->name_len);
	text_set(t, (const unsigned char *)",\"url\":", 7, t->n);
	text_json(t, url, fr->url_len);
	text_fmt(t, ",\"line\":%lld,\"column\":%lld", fr->line + 1LL, fr->column + 1LL);
	text_set(t, (const unsigned char *)",\"tier\":\"", 9, t->n);
	text_set(t, (const unsigned char *)tier, strlen(tier), t->n);
	text_set(t, (const unsigned char *)"\"", 1, t->n);
	g->mid_len = (uint32_t)t->n - g->mid;
	/* a colour of the URL, as a colour by script is */
	uint64_t h = fc_hash_bytes(url, fr->url_len);
	g->end = (uint32_t)t->n;
	text_fmt(t, ",\"color\":\"#%06llx\"}", (long long)(h & 0xffffff), 0);
	g->end_len = (uint32_t)t->n - g->end;
}

/* What the chart and the graph need of the tree: ids run parent before
 * child, as V8 numbers them, and the root (id 1) is at depth 0. row0: a
 * node's ancestor on row 0; kind: (program), (idle) or GC, as the root's
 * children, by name. */
enum { PLAIN, PROGRAM, IDLE, GC };
struct tree {
	uint32_t *depth, *row0;
	unsigned char *kind;
};

static struct tree tree_make(const struct model *m)
{
	size_t ids = (size_t)m->max_id + 1;
	struct tree t = { calloc(ids, sizeof *t.depth), calloc(ids, sizeof *t.row0),
			  calloc(ids, 1) };
	if (!t.depth || !t.row0 || !t.kind)
		abort();
	for (size_t id = 2; id < ids; id++) {
		uint32_t parent = m->parent_of[id] < id ? m->parent_of[id] : 0;
		t.depth[id] = t.depth[parent] + 1;
		t.row0[id] = t.depth[id] == 1 ? (uint32_t)id : t.row0[parent];
		if (parent == 1) {
			const struct frame *f = &m->frames[m->frame_of[id]];
			const char *name = (const char *)m->arena.p + f->name;
#define NAMED(s) (f->name_len == sizeof s - 1 && !memcmp(name, s, sizeof s - 1))
			t.kind[id] = NAMED("(program)")             ? PROGRAM
				     : NAMED("(idle)")              ? IDLE
				     : NAMED("(garbage collector)") ? GC
								    : PLAIN;
#undef NAMED
		}
	}
	return t;
}

static void tree_free(struct tree *t)
{
	free(t->depth);
	free(t->row0);
	free(t->kind);
}

/* Sample i's node (0 for an id the tree does not have). A lone (program)
 * between two samples under one row-0 node becomes the one before; the
 * recorded neighbours decide (*before: the previous sample's, recorded). */
static uint32_t sample_node(const struct model *m, const struct tree *t, size_t i, uint32_t *before)
{
	size_t ids = (size_t)m->max_id + 1, n = m->samples_n;
	uint32_t id = m->samples[i] < ids ? m->samples[i] : 0, recorded = id;
	uint32_t after = i + 1 < n && m->samples[i + 1] < ids ? m->samples[i + 1] : 0;
	if (i > 0 && i + 1 < n && t->kind[id] == PROGRAM && *before && after &&
	    t->kind[*before] == PLAIN && t->kind[after] == PLAIN &&
	    t->row0[*before] == t->row0[after])
		id = *before;
	*before = recorded;
	return id;
}

struct open_bar {
	uint32_t node;
	int64_t start, self;
};

static void bar_out(struct model *m, struct out *o, struct text *t, struct frag *frag,
		    const struct open_bar *b, uint32_t depth, int64_t end)
{
	uint32_t f = m->frame_of[b->node];
	struct frag *g = &frag[f];
	if (!g->mid_len)
		frame_frag(m, t, g, f);
	/* the most a bar takes: its frame's parts, four numbers, the keys */
	size_t most = g->mid_len + g->end_len + 4 * 20 + 64;
	if (o->n + most > OUT_BUF)
		out_flush(o);
	unsigned char *q = o->buf + o->n;
	if (o->bars++)
		*q++ = ',';
	PUT_LIT(q, "{\"depth\":");
	q = put_int(q, depth);
	memcpy(q, t->p + g->mid, g->mid_len);
	q += g->mid_len;
	PUT_LIT(q, ",\"start_us\":");
	q = put_int(q, b->start);
	PUT_LIT(q, ",\"end_us\":");
	q = put_int(q, end);
	PUT_LIT(q, ",\"self_us\":");
	q = put_int(q, b->self);
	memcpy(q, t->p + g->end, g->end_len);
	q += g->end_len;
	o->n = (size_t)(q - o->buf);
}

static void model_json(struct model *m, const char *path)
{
	struct out o = { .fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644) };
	if (o.fd < 0) {
		perror(path);
		exit(1);
	}
	o.buf = malloc(OUT_BUF);
	struct frag *frag = calloc(m->frames_n + 1, sizeof *frag);
	struct text frags = { 0 };
	struct open_bar *stack = NULL;
	uint32_t *chain = NULL;
	size_t stack_cap = 0, chain_cap = 0, top = 0; /* stack[0 .. top) open */
	if (!o.buf || !frag)
		abort();
	struct tree tr = tree_make(m);
	const uint32_t *depth = tr.depth;
	OUT_LIT(&o, "{\"version\":1,\"mode\":\"chart\",\"profiles\":[{\"frames\":[");
	size_t n = m->samples_n;
	int64_t t = m->start_time, first = 0, last = 0;
	uint32_t before = 0; /* the previous sample's node as recorded */
	for (size_t i = 0; i < n; i++) {
		int64_t at = t + (i < m->deltas_n ? m->deltas[i] : 0);
		if (top)
			stack[top - 1].self += at - t;
		t = at;
		if (i == 0)
			first = t;
		last = t;
		uint32_t id = sample_node(m, &tr, i, &before);
		if (tr.kind[id] == GC && top) { /* on top of the stack before it */
			if (stack[top - 1].node != id) {
				if (!FC_GROW(stack, stack_cap, top + 1))
					abort();
				stack[top++] = (struct open_bar){ id, t, 0 };
			}
			continue;
		}
		/* up from the sample's node to the first node open on the stack */
		size_t up = 0;
		while (id > 1 && !(depth[id] <= top && stack[depth[id] - 1].node == id)) {
			if (up == chain_cap && !FC_GROW(chain, chain_cap, up + 1))
				abort();
			chain[up++] = id;
			id = m->parent_of[id] < id ? m->parent_of[id] : 0;
		}
		size_t keep = id > 1 ? depth[id] : 0;
		while (top > keep) {
			top--;
			bar_out(m, &o, &frags, frag, &stack[top], (uint32_t)top, t);
		}
		if (top + up > stack_cap && !FC_GROW(stack, stack_cap, top + up))
			abort();
		while (up--)
			stack[top++] = (struct open_bar){ chain[up], t, 0 };
	}
	/* the last sample lasts the average interval */
	int64_t end = t + (n > 1 ? (last - first) / (int64_t)(n - 1) : 0);
	if (top)
		stack[top - 1].self += end - t;
	while (top) {
		top--;
		bar_out(m, &o, &frags, frag, &stack[top], (uint32_t)top, end);
	}
	tree_free(&tr);
	OUT_LIT(&o, "]}]}\n");
	out_flush(&o);
	if (close(o.fd) != 0) {
		perror(path);
		exit(1);
	}
	printf("%llu bars, %llu bytes\n", (unsigned long long)o.bars, (unsigned long long)o.bytes);
	free(o.buf);
	free(frag);
	free(frags.p);
	free(stack);
	free(chain);
}

/* --stage graph: the least flame graph. From the least model it merges the
 * tree as flamechart's graph does: a node is its parent's merged node and
 * its frame, found by the library's child lookup (fc_children_add, as
 * the graph finds it); samples weigh their duration (the last
 * the average interval), a lone (program) healed, a GC sample on the stack of
 * the sample before it, (idle) left out. It sums the totals, and counts the
 * merged nodes that weigh something and those at least 1 px wide in an image
 * WIDTH px wide, which a picture would draw. It paints nothing and writes no
 * SVG (a few thousand boxes): a floor under graph -> SVG, as the model is. */
/* The merged graph: its nodes' parents and frames, found and appended by
 * the library's own child lookup (util/children.h), and their weights. */
struct graph {
	struct fc_map children;
	uint32_t *parent, *frame;
	int64_t *self, *total;
	size_t n, cap, weights;
};

static uint32_t graph_child(struct graph *g, uint32_t parent, uint32_t frame)
{
	uint32_t k =
		fc_children_add(&g->children, &g->parent, &g->frame, &g->n, &g->cap, parent, frame);
	if (k == FC_NONE)
		abort();
	if (g->n > g->weights) {
		size_t w = g->weights, w2 = g->weights;
		if (!FC_GROW(g->self, w, g->n) || !FC_GROW(g->total, w2, g->n))
			abort();
		memset(g->self + g->weights, 0, (w - g->weights) * sizeof *g->self);
		memset(g->total + g->weights, 0, (w - g->weights) * sizeof *g->total);
		g->weights = w;
	}
	return k;
}

static void model_graph(struct model *m, unsigned width)
{
	size_t ids = (size_t)m->max_id + 1, n = m->samples_n;
	struct tree tr = tree_make(m);
	struct graph g = { 0 };
	uint32_t *merged = malloc((ids < 2 ? 2 : ids) * sizeof *merged); /* the root's id is 1 */
	if (!merged)
		abort();
	graph_child(&g, FC_NONE, FC_NONE); /* the root, node 0: no edge finds it */
	merged[0] = merged[1] = 0;
	for (size_t id = 2; id < ids; id++) {
		uint32_t parent = m->parent_of[id] < id ? m->parent_of[id] : 0;
		merged[id] = graph_child(&g, merged[parent], m->frame_of[id]);
	}
	int64_t t = m->start_time, first = 0, last = 0;
	uint32_t before = 0, cur = 0, stack = 0; /* stack: the last non-GC sample's */
	for (size_t i = 0; i < n; i++) {
		int64_t at = t + (i < m->deltas_n ? m->deltas[i] : 0);
		g.self[cur] += at - t;
		t = at;
		if (i == 0)
			first = t;
		last = t;
		uint32_t id = sample_node(m, &tr, i, &before);
		if (tr.kind[id] == IDLE) {
			cur = 0; /* left out: the root's own weight, not drawn */
			stack = 0;
		} else if (tr.kind[id] == GC && stack) {
			cur = graph_child(&g, stack, m->frame_of[id]);
		} else {
			cur = merged[id];
			stack = tr.kind[id] == GC ? 0 : cur;
		}
	}
	g.self[cur] += n > 1 ? (last - first) / (int64_t)(n - 1) : 0;
	/* parents come before their children: one pass from the end sums */
	for (size_t k = g.n; k-- > 1;) {
		g.total[k] += g.self[k];
		g.total[g.parent[k]] += g.total[k];
	}
	int64_t all = g.total[0];
	size_t weigh = 0, wide = 0;
	for (size_t k = 1; k < g.n; k++) {
		weigh += g.total[k] > 0;
		wide += all > 0 && g.total[k] * (int64_t)width >= all;
	}
	printf("%zu graph nodes, %zu weigh something, %zu at least 1 px wide of %u, %lld us\n",
	       g.n - 1, weigh, wide, width, (long long)all);
	free(merged);
	free(g.parent);
	free(g.frame);
	free(g.self);
	free(g.total);
	fc_map_finish(&g.children);
	tree_free(&tr);
}

static void model_free(struct model *m)
{
	free(m->spill.p);
	free(m->name.own.p);
	free(m->url.own.p);
	free(m->frame_of);
	free(m->parent_of);
	free(m->slot);
	free(m->urls);
	free(m->frames);
	free(m->arena.p);
	free(m->samples);
	free(m->deltas);
}

typedef uint32_t (*scan_fn)(const unsigned char *, size_t, struct carry *, uint32_t *);

/* A chunk read and indexed: 64 bytes of room past CHUNK for the last
 * block's spaces, and 64 offsets past the most a chunk can have. */
struct slot {
	unsigned char *buf;
	uint32_t *idx;
	size_t len;
	uint32_t n;
};

/* Reads up to CHUNK bytes, pads them to whole blocks and indexes them. */
static int produce(int fd, scan_fn scan, struct carry *c, struct slot *s)
{
	s->len = 0;
	s->n = 0;
	while (s->len < CHUNK) {
		ssize_t r = read(fd, s->buf + s->len, CHUNK - s->len);
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		s->len += (size_t)r;
	}
	size_t padded = (s->len + 63) & ~(size_t)63;
	memset(s->buf + s->len, ' ', padded - s->len);
	s->n = scan(s->buf, padded, c, s->idx);
	return 0;
}

struct consumer {
	int walk, check; /* walk: 1 to walk, 2 to build the model */
	uint64_t offsets, hash, base;
	struct walk w;
	struct model m;
};

static void consume(struct consumer *k, const struct slot *s)
{
	k->offsets += s->n;
	if (k->check) {
		for (uint32_t j = 0; j < s->n; j++) {
			k->hash ^= k->base + s->idx[j];
			k->hash *= 0x100000001b3u;
		}
	}
	if (k->walk == 1)
		walk_chunk(s->buf, s->len, s->idx, s->n, &k->w);
	else if (k->walk >= 2)
		model_chunk(s->buf, s->len, s->idx, s->n, &k->m);
	k->base += s->len;
}

/* --threads 2: the first stage on a thread of its own, a ring of three
 * chunks ahead of the walk (as flamechart's reading thread keeps three). */
#define RING 3
struct ring {
	struct slot s[RING];
	int head, count, done, failed;
	int fd;
	scan_fn scan;
	pthread_mutex_t mu;
	pthread_cond_t cv;
};

static void *producer(void *arg)
{
	struct ring *r = arg;
	struct carry c = { 0, 0, 0 };
	for (int at = 0;; at = (at + 1) % RING) {
		pthread_mutex_lock(&r->mu);
		while (r->count == RING)
			pthread_cond_wait(&r->cv, &r->mu);
		pthread_mutex_unlock(&r->mu);
		int rc = produce(r->fd, r->scan, &c, &r->s[at]);
		pthread_mutex_lock(&r->mu);
		if (rc < 0)
			r->failed = 1;
		else if (r->s[at].len > 0)
			r->count++;
		if (rc < 0 || r->s[at].len < CHUNK)
			r->done = 1;
		pthread_cond_broadcast(&r->cv);
		pthread_mutex_unlock(&r->mu);
		if (r->done)
			return NULL;
	}
}

static int run_threads(int fd, scan_fn scan, struct slot *slots, struct consumer *k)
{
	struct ring r = { .fd = fd, .scan = scan };
	pthread_t t;
	memcpy(r.s, slots, sizeof r.s);
	pthread_mutex_init(&r.mu, NULL);
	pthread_cond_init(&r.cv, NULL);
	if (pthread_create(&t, NULL, producer, &r) != 0)
		return -1;
	for (int at = 0;; at = (at + 1) % RING) {
		pthread_mutex_lock(&r.mu);
		while (r.count == 0 && !r.done)
			pthread_cond_wait(&r.cv, &r.mu);
		int have = r.count > 0;
		pthread_mutex_unlock(&r.mu);
		if (!have)
			break;
		consume(k, &r.s[at]);
		pthread_mutex_lock(&r.mu);
		r.count--;
		pthread_cond_broadcast(&r.cv);
		pthread_mutex_unlock(&r.mu);
	}
	pthread_join(t, NULL);
	pthread_mutex_destroy(&r.mu);
	pthread_cond_destroy(&r.cv);
	return r.failed ? -1 : 0;
}

/* __builtin_cpu_supports takes only a literal. */
#define cpu_has(feature) (__builtin_cpu_init(), __builtin_cpu_supports(feature))

static int usage(void)
{
	fputs("usage: structural [--scan scalar|sse2|avx2] [--stage index|walk|model] [--threads "
	      "1|2]\n"
	      "                  [--check] FILE\n"
	      "       structural --stage json -o OUT [--scan ...] [--threads 1|2] FILE\n"
	      "       structural --stage graph [--scan ...] [--threads 1|2] FILE\n"
	      "       --exact (model, json, graph): compare each frame's key on a hash's "
	      "match\n",
	      stderr);
	return 2;
}

int main(int argc, char **argv)
{
	scan_fn scan = index_sse2;
	const char *path = NULL;
	struct consumer k = { .walk = 1, .hash = 0xcbf29ce484222325u };
	int threads = 1;
	const char *out = NULL;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--scan") && i + 1 < argc) {
			i++;
			if (!strcmp(argv[i], "scalar"))
				scan = index_scalar;
			else if (!strcmp(argv[i], "sse2") && cpu_has("pclmul"))
				scan = index_sse2;
			else if (!strcmp(argv[i], "avx2") && cpu_has("pclmul") && cpu_has("avx2"))
				scan = index_avx2;
			else {
				fprintf(stderr, "structural: no scan %s on this CPU\n", argv[i]);
				return 2;
			}
		} else if (!strcmp(argv[i], "--stage") && i + 1 < argc) {
			i++;
			if (!strcmp(argv[i], "index"))
				k.walk = 0;
			else if (!strcmp(argv[i], "walk"))
				k.walk = 1;
			else if (!strcmp(argv[i], "model"))
				k.walk = 2;
			else if (!strcmp(argv[i], "json"))
				k.walk = 3;
			else if (!strcmp(argv[i], "graph"))
				k.walk = 4;
			else
				return usage();
		} else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
			i++;
			if (strcmp(argv[i], "1") && strcmp(argv[i], "2"))
				return usage();
			threads = argv[i][0] - '0';
		} else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
			out = argv[++i];
		} else if (!strcmp(argv[i], "--exact")) {
			k.m.exact = 1;
		} else if (!strcmp(argv[i], "--check")) {
			k.check = 1;
		} else if (!path && argv[i][0] != '-') {
			path = argv[i];
		} else {
			return usage();
		}
	}
	if (!path || (k.walk == 3) != (out != NULL))
		return usage(); /* -o with --stage json, and only then */
	if (scan == index_sse2 && !cpu_has("pclmul")) {
		fputs("structural: this CPU has no carry-less multiply; use --scan scalar\n",
		      stderr);
		return 2;
	}

	int fd = open(path, O_RDONLY);
	if (fd < 0) {
		perror(path);
		return 1;
	}
	struct slot slots[RING];
	for (int i = 0; i < RING; i++) {
		slots[i].buf = aligned_alloc(64, CHUNK + 64);
		slots[i].idx = malloc((CHUNK + 64) * sizeof *slots[i].idx);
		if (!slots[i].buf || !slots[i].idx) {
			fputs("structural: out of memory\n", stderr);
			return 1;
		}
	}
	int rc = 0;
	if (threads == 2) {
		rc = run_threads(fd, scan, slots, &k);
	} else {
		struct carry c = { 0, 0, 0 };
		do {
			rc = produce(fd, scan, &c, &slots[0]);
			if (rc == 0)
				consume(&k, &slots[0]);
		} while (rc == 0 && slots[0].len == CHUNK);
	}
	close(fd);
	if (rc < 0) {
		perror(path);
		return 1;
	}
	struct walk *w = &k.w;
	if (k.walk >= 2) {
		model_finish(&k.m);
		if (k.walk == 3)
			model_json(&k.m, out);
		if (k.walk == 4)
			model_graph(&k.m, 1200);
		model_free(&k.m);
	} else {
		if (w->in_number)
			w->integers += w->number;
		if (w->pending)
			w->values++;
		if (k.walk)
			printf("%llu values, ", (unsigned long long)w->values);
		printf("%llu offsets", (unsigned long long)k.offsets);
		if (k.check)
			printf(", hash %016llx", (unsigned long long)k.hash);
		if (k.walk)
			printf(", integers %llu", (unsigned long long)w->integers);
		putchar('\n');
	}
	for (int i = 0; i < RING; i++) {
		free(slots[i].buf);
		free(slots[i].idx);
	}
	return 0;
}
