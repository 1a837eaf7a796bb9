/* bench/structural: how fast this machine finds the structure of a JSON file
 * 64 bytes at a time, as a tokenizer built on a structural index would, and
 * how fast a walk over that index meets every value.
 *
 *   structural [--scan scalar|sse2|avx2] [--stage index|walk] [--threads 1|2]
 *              [--check] FILE
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
 * converts every integer.
 *
 * It prints the number of values (equal to yajl-scan's on a valid file),
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
 * Build: cc -std=c11 -O2 -pthread -o structural bench/structural.c (x86-64; the
 * SSE2 and AVX2 scans are compiled in with target attributes, and --scan
 * avx2 is refused on a CPU without AVX2).
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
	int walk, check;
	uint64_t offsets, hash, base;
	struct walk w;
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
	if (k->walk)
		walk_chunk(s->buf, s->len, s->idx, s->n, &k->w);
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
	fputs("usage: structural [--scan scalar|sse2|avx2] [--stage index|walk] [--threads 1|2] "
	      "[--check] FILE\n",
	      stderr);
	return 2;
}

int main(int argc, char **argv)
{
	scan_fn scan = index_sse2;
	const char *path = NULL;
	struct consumer k = { .walk = 1, .hash = 0xcbf29ce484222325u };
	int threads = 1;

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
			if (strcmp(argv[i], "index") && strcmp(argv[i], "walk"))
				return usage();
			k.walk = !strcmp(argv[i], "walk");
		} else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
			i++;
			if (strcmp(argv[i], "1") && strcmp(argv[i], "2"))
				return usage();
			threads = argv[i][0] - '0';
		} else if (!strcmp(argv[i], "--check")) {
			k.check = 1;
		} else if (!path && argv[i][0] != '-') {
			path = argv[i];
		} else {
			return usage();
		}
	}
	if (!path)
		return usage();
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
	for (int i = 0; i < RING; i++) {
		free(slots[i].buf);
		free(slots[i].idx);
	}
	return 0;
}
