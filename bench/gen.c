/* bench/gen: a deterministic generator of large, realistic .cpuprofile files.
 *
 *   gen --size 200M [--seed 1] [--rerun S] [-o FILE]
 *
 * Writes one line of JSON shaped like `node --cpu-prof` output: nodes in
 * pre-order with `children`, ids numbered in creation order (a permutation
 * of 1..N, as V8 does), `hitCount` on every node, `positionTicks` on nodes
 * with self samples, then `startTime`, `endTime`, `samples`, `timeDeltas`.
 * The tree grows while the samples are drawn: each sample moves a little
 * from the previous stack (pop a few frames, push a few), so consecutive
 * samples share long prefixes and the chart has realistic bar counts. Rare
 * recursive dives reach depths of ~400; idle, GC and (program) samples come
 * as in real profiles.
 *
 * --rerun S: the same program run again. The call tree (every node, frame
 * and id) is the one --seed grows; then its samples are forgotten and drawn
 * again over that tree with seed S, as many as the first time, without
 * adding nodes: another run's sampling noise, for `flamechart diff` of two
 * runs of one program (bench/diff.js). The walk then keeps to known callees,
 * so the hot paths get more of the samples than in the first run.
 *
 * Same --size and --seed give a byte-identical file on every machine: the
 * generator uses only integer arithmetic and its own PRNG (splitmix64). The
 * size suffixes K, M, G are powers of 1000; the output is within a few
 * hundred bytes of the requested size. A summary with an FNV-1a 64 checksum
 * of the bytes written goes to stderr.
 *
 * Shape targets (from the real profiles in tests/data/corpus/real/ and the
 * workloads in bench/workloads/): ~250 bytes per node, distinct frames about
 * 15 % of nodes, tens to hundreds of URLs, ~1 node per sample, ~4000 samples
 * per MB, sampling interval ~1000 µs with jitter and rare negative deltas.
 * bench/shape.js measures both so the resemblance can be checked.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

#define MAX_DEPTH 420
/* µs; a fixed clock so the file depends on --size and --seed only */
#define START_TIME INT64_C(100000000000)
#define NO_NODE UINT32_MAX
/* frames 0-3 are (root), (program), (garbage collector), (idle), frame 4 the
 * entry point; urls 0 and 1 are "" (native) and the entry's: never drawn */
#define FIRST_FREE_FRAME 5
#define FIRST_FREE_URL 2

/* shape knobs, per mille (tuned against bench/shape.js on real profiles) */
#define NEW_FRAME 180       /* a new node calls a function not seen before */
#define NEW_CALLEE_KEEP 900 /* a step down reuses a known callee */
#define POP_KEEP 700        /* frames popped between samples: geometric */
#define LEAF_KEEP 950       /* follow known callees down to a leaf */
#define NEW_TASK 40         /* back to the top of the stack */
#define FAR_POP 400         /* return far down the stack */

/* geometric: number of successes before the first failure, p = keep/1000 */
static uint32_t geometric(uint32_t keep_per_mille, uint32_t cap)
{
	uint32_t n = 0;

	while (n < cap && chance(keep_per_mille))
		n++;
	return n;
}

/* skewed index in [0, n): the product of two uniforms favours small values,
 * so early (popular, "hot") entries are picked more often */
static uint32_t skewed(uint32_t n)
{
	uint64_t a = below(n), b = below(n);

	return (uint32_t)(a * b / n);
}

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q) {
		fprintf(stderr, "gen: out of memory\n");
		exit(1);
	}
	return q;
}

#define GROW(arr, len, cap)                                              \
	do {                                                             \
		if ((len) >= (cap)) {                                    \
			(cap) = (cap) ? (cap)*2 : 1024;                  \
			(arr) = xrealloc((arr), (cap) * sizeof(*(arr))); \
		}                                                        \
	} while (0)

/* ---- names ---- */

static const char *const verbs[] = {
	"visit",   "resolve", "check",   "transform", "emit",     "collect",   "normalize", "infer",
	"bind",    "lower",   "rewrite", "get",       "create",   "update",    "parse",     "scan",
	"process", "handle",  "run",     "compile",   "load",     "read",      "write",     "apply",
	"walk",    "merge",   "compute", "format",    "validate", "serialize",
};
static const char *const nouns[] = {
	"Identifier", "CallExpression", "Declaration", "Export",    "Scope",     "Symbol",
	"Type",       "Signature",      "Property",    "Template",  "Decorator", "Chunk",
	"Module",     "SourceMap",      "Binding",     "Reference", "Literal",   "Block",
	"Parameter",  "Member",         "Node",        "Token",     "Options",   "Config",
	"Request",    "Response",       "Buffer",      "Stream",    "Entry",     "Graph",
	"Asset",      "Dependency",     "Diagnostic",  "File",      "Path",      "Queue",
	"Task",       "Worker",
};
static const char *const packages[] = {
	"typescript",
	"@babel/core",
	"@babel/traverse",
	"@babel/types",
	"webpack",
	"terser",
	"postcss",
	"esbuild",
	"rxjs",
	"zone.js",
	"tslib",
	"lodash",
	"acorn",
	"magic-string",
	"source-map",
	"semver",
	"ajv",
	"json5",
	"yaml",
	"chalk",
	"debug",
	"glob",
	"minimatch",
	"micromatch",
	"fast-glob",
	"enhanced-resolve",
	"tapable",
	"loader-utils",
	"sass",
	"less",
	"browserslist",
	"caniuse-lite",
	"@angular/compiler",
	"@angular/core",
	"@angular-devkit/build-angular",
	"@nx/devkit",
	"eslint",
	"@typescript-eslint/parser",
	"piscina",
	"vite",
	"rollup",
	"@swc/core",
	"jsonc-parser",
	"lru-cache",
	"picomatch",
};
static const char *const internals[] = {
	"modules/cjs/loader",
	"modules/esm/loader",
	"modules/esm/translators",
	"fs/utils",
	"fs/promises",
	"streams/readable",
	"process/task_queues",
	"timers",
	"vm",
	"url",
	"util/inspect",
	"event_target",
	"worker",
	"bootstrap/node",
	"main/run_main_module",
	"modules/run_main",
	"fs/streams",
	"perf/utils",
	"async_hooks",
	"errors",
};
static const char *const natives[] = {
	"read",
	"write",
	"compileFunction",
	"stat",
	"lstat",
	"open",
	"close",
	"readdir",
	"realpath",
	"internalModuleStat",
	"writeUtf8String",
	"hrtime",
	"JSON.parse",
	"RegExp.exec",
	"Array.sort",
	"String.replace",
};
/* already JSON-escaped; rare, to exercise escapes and UTF-8 in importers */
static const char *const odd_names[] = {
	"get \\\"value\\\"", "\\u00e9tat",         "\xc6\x92",          "\xe8\xa7\xa3\xe6\x9e\x90",
	"<anonymous>",       "Object.<anonymous>", "[Symbol.iterator]", "wasm-function[15]",
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

struct url {
	char *text; /* "" for native frames */
	uint32_t script_id;
};

struct frame {
	char *name;     /* JSON-escaped */
	uint32_t url;   /* index into urls */
	int32_t line;   /* 0-based, -1 when unknown */
	int32_t column; /* 0-based, -1 when unknown */
};

struct node {
	uint32_t parent, frame, first_child, last_child, next_sibling, n_children;
	uint32_t id, hits, depth;
};

static struct url *urls;
static uint32_t n_urls, cap_urls, max_urls;
static struct frame *frames;
static uint32_t n_frames, cap_frames;
static struct node *nodes;
static uint32_t n_nodes, cap_nodes;
static uint32_t *samples;
static int32_t *deltas;
static uint32_t n_samples, cap_samples, cap_deltas;

static char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	int len;
	char *s;

	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = xrealloc(NULL, (size_t)len + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)len + 1, fmt, ap);
	va_end(ap);
	return s;
}

static uint32_t add_url(void)
{
	struct url u;
	uint32_t r = below(100);

	/* deps dominate real profiles, then app files, then node internals */
	if (r < 60) {
		/* many files per package */
		/* one draw a statement: the order of a call's arguments is
		 * unspecified, and one seed must give one file whatever the
		 * compiler (these are in the order the files were first made) */
		const char *noun = nouns[below(COUNT(nouns))];
		const char *verb = verbs[below(COUNT(verbs))];
		const char *dir = below(2) ? "lib" : "dist";
		const char *package = packages[below(COUNT(packages))];
		u.text = xasprintf("file:///home/runner/work/enterprise-app/enterprise-app/"
				   "node_modules/%s/%s/%s/%s-%u.js",
				   package, dir, verb, noun, n_urls);
	} else if (r < 85) {
		const char *verb = verbs[below(COUNT(verbs))];
		const char *noun = nouns[below(COUNT(nouns))];
		u.text = xasprintf(
			"file:///home/runner/work/enterprise-app/enterprise-app/src/%s/%s-%u.js",
			noun, verb, n_urls);
	} else {
		u.text = xasprintf("node:internal/%s", internals[below(COUNT(internals))]);
	}
	u.script_id = 40 + n_urls * 3 + below(3);
	GROW(urls, n_urls, cap_urls);
	urls[n_urls] = u;
	return n_urls++;
}

static uint32_t pick_url(uint32_t near)
{
	if (near != NO_NODE && near >= FIRST_FREE_URL && chance(600))
		return near;
	if (n_urls == FIRST_FREE_URL || (n_urls < max_urls && chance(120)))
		return add_url();
	return FIRST_FREE_URL + skewed(n_urls - FIRST_FREE_URL);
}

static uint32_t add_frame(uint32_t parent_frame)
{
	struct frame f;
	uint32_t r = below(1000);
	uint32_t near = parent_frame == NO_NODE ? NO_NODE : frames[parent_frame].url;

	if (r < 40) {
		f.name = xasprintf("%s", natives[below(COUNT(natives))]);
		f.url = 0;
		f.line = f.column = -1;
	} else {
		if (r < 180)
			f.name = xasprintf(""); /* anonymous */
		else if (r < 183)
			f.name = xasprintf("%s", odd_names[below(COUNT(odd_names))]);
		else if (r < 330) { /* minified names in bundled deps */
			char upper = (char)('A' + below(26));
			f.name = xasprintf("%c%c", 'a' + below(26), upper);
		} else {
			const char *noun = nouns[below(COUNT(nouns))];
			f.name = xasprintf("%s%s", verbs[below(COUNT(verbs))], noun);
		}
		f.url = pick_url(near);
		f.line = (int32_t)below(chance(300) ? 200000 : 3000);
		f.column = (int32_t)below(120);
	}
	GROW(frames, n_frames, cap_frames);
	frames[n_frames] = f;
	return n_frames++;
}

static void add_fixed_frame(const char *name)
{
	GROW(frames, n_frames, cap_frames);
	frames[n_frames++] = (struct frame){ xasprintf("%s", name), 0, -1, -1 };
}

static uint32_t pick_frame(uint32_t parent_frame)
{
	/* a new function about once per seven new nodes: distinct frames are
	 * ~15 % of nodes in real profiles */
	if (n_frames < FIRST_FREE_FRAME + 4 || chance(NEW_FRAME))
		return add_frame(parent_frame);
	/* callees tend to live next to their callers (same module) */
	if (parent_frame != NO_NODE && chance(450)) {
		uint32_t f = parent_frame + 1 + below(6);
		if (f >= FIRST_FREE_FRAME && f < n_frames)
			return f;
	}
	return FIRST_FREE_FRAME + skewed(n_frames - FIRST_FREE_FRAME);
}

static uint32_t add_node(uint32_t parent, uint32_t frame)
{
	struct node *n;

	GROW(nodes, n_nodes, cap_nodes);
	n = &nodes[n_nodes];
	memset(n, 0, sizeof(*n));
	n->parent = parent;
	n->frame = frame;
	n->first_child = n->last_child = n->next_sibling = NO_NODE;
	n->id = n_nodes + 1; /* creation order, as V8 numbers nodes */
	n->depth = parent == NO_NODE ? 0 : nodes[parent].depth + 1;
	if (parent != NO_NODE) {
		struct node *p = &nodes[parent];
		if (p->last_child == NO_NODE)
			p->first_child = n_nodes;
		else
			nodes[p->last_child].next_sibling = n_nodes;
		p->last_child = n_nodes;
		p->n_children++;
	}
	return n_nodes++;
}

/* --rerun: the tree is fixed, samples only walk it */
static bool frozen;

static uint32_t existing_child(uint32_t cur);

static uint32_t child_with_frame(uint32_t parent, uint32_t frame)
{
	uint32_t c;

	for (c = nodes[parent].first_child; c != NO_NODE; c = nodes[c].next_sibling)
		if (nodes[c].frame == frame)
			return c;
	if (frozen) /* no new callee: a known one, or stay */
		return nodes[parent].n_children ? existing_child(parent) : parent;
	return add_node(parent, frame);
}

/* one step down: usually an existing callee (hot paths repeat), sometimes a
 * new one */
static uint32_t existing_child(uint32_t cur)
{
	const struct node *n = &nodes[cur];
	uint32_t k = below(n->n_children < 8 ? n->n_children : 8), c = n->first_child;

	if (chance(500))
		k = 0; /* the first callee is the hot one */
	while (k--)
		c = nodes[c].next_sibling;
	return c;
}

static uint32_t descend(uint32_t cur)
{
	const struct node *n = &nodes[cur];

	if (n->n_children && (frozen || chance(NEW_CALLEE_KEEP)))
		return existing_child(cur);
	if (frozen)
		return cur;
	return child_with_frame(cur, pick_frame(n->frame == 0 ? NO_NODE : n->frame));
}

/* ---- sizes of what will be written, to stop at the requested size ---- */

static uint64_t digits(int64_t v)
{
	uint64_t n = v < 0 ? 2 : 1;
	uint64_t u = v < 0 ? (uint64_t)(-v) : (uint64_t)v;

	while (u >= 10)
		u /= 10, n++;
	return n;
}

/* bytes of a node object without its children and positionTicks parts:
 * {"id":N,"callFrame":{"functionName":"…","scriptId":"…","url":"…",
 *  "lineNumber":L,"columnNumber":C},"hitCount":H}, plus the comma */
static uint64_t node_bytes(uint32_t i)
{
	const struct frame *f = &frames[nodes[i].frame];
	const struct url *u = &urls[f->url];

	return 105 + digits(nodes[i].id) + strlen(f->name) + digits(u->script_id) +
	       strlen(u->text) + digits(f->line) + digits(f->column) + 1;
}

/* ---- output ---- */

static FILE *out;
static char obuf[1 << 20];
static size_t olen;
static uint64_t ototal, fnv = 0xcbf29ce484222325ull;

static void flush_out(void)
{
	size_t i;

	for (i = 0; i < olen; i++)
		fnv = (fnv ^ (unsigned char)obuf[i]) * 0x100000001b3ull;
	if (olen && fwrite(obuf, 1, olen, out) != olen) {
		fprintf(stderr, "gen: write error: %s\n", strerror(errno));
		exit(1);
	}
	ototal += olen;
	olen = 0;
}

static void put(const char *s)
{
	size_t n = strlen(s);

	if (olen + n > sizeof(obuf))
		flush_out();
	if (n > sizeof(obuf)) {
		fprintf(stderr, "gen: string too long\n");
		exit(1);
	}
	memcpy(obuf + olen, s, n);
	olen += n;
}

static void put_int(int64_t v)
{
	char tmp[24];
	int i = 23;
	uint64_t u = v < 0 ? (uint64_t)(-v) : (uint64_t)v;

	tmp[i] = '\0';
	do {
		tmp[--i] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		tmp[--i] = '-';
	put(tmp + i);
}

static void write_node(uint32_t i)
{
	const struct node *n = &nodes[i];
	const struct frame *f = &frames[n->frame];
	const struct url *u = &urls[f->url];
	uint32_t c;

	put("{\"id\":");
	put_int(n->id);
	put(",\"callFrame\":{\"functionName\":\"");
	put(f->name);
	put("\",\"scriptId\":\"");
	put_int(u->script_id);
	put("\",\"url\":\"");
	put(u->text);
	put("\",\"lineNumber\":");
	put_int(f->line);
	put(",\"columnNumber\":");
	put_int(f->column);
	put("},\"hitCount\":");
	put_int(n->hits);
	if (n->first_child != NO_NODE) {
		put(",\"children\":[");
		for (c = n->first_child; c != NO_NODE; c = nodes[c].next_sibling) {
			put_int(nodes[c].id);
			if (nodes[c].next_sibling != NO_NODE)
				put(",");
		}
		put("]");
	}
	/* V8 writes line ticks for nodes with self samples in script code;
	 * lines are 1-based there, the sum of ticks is at most hitCount */
	if (n->hits && f->line >= 0) {
		uint32_t left = n->hits, k, lines = 1 + (n->hits > 4 ? below(3) : 0);
		put(",\"positionTicks\":[");
		for (k = 0; k < lines && left; k++) {
			uint32_t t = k + 1 == lines ? left : 1 + below(left);
			left -= t;
			put(k ? ",{\"line\":" : "{\"line\":");
			put_int(f->line + 1 + (int64_t)k * (1 + below(9)));
			put(",\"ticks\":");
			put_int(t);
			put("}");
		}
		put("]");
	}
	put("}");
}

static uint64_t parse_size(const char *s)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 10);
	uint64_t mul = 1;

	if (*end == 'k' || *end == 'K')
		mul = 1000, end++;
	else if (*end == 'm' || *end == 'M')
		mul = 1000000, end++;
	else if (*end == 'g' || *end == 'G')
		mul = 1000000000, end++;
	if (*end == 'B')
		end++;
	if (end == s || *end || v == 0 || v > 8000000000ull / mul)
		return 0;
	return v * mul;
}

static void usage(void)
{
	fputs("usage: gen --size N[K|M|G] [--seed S] [--rerun S2] [-o FILE]\n"
	      "  writes a deterministic .cpuprofile of about N bytes (K/M/G = 10^3/10^6/10^9);\n"
	      "  --rerun: seed S's call tree sampled again with seed S2 (another run)\n"
	      "  a summary and an FNV-1a 64 checksum go to stderr\n",
	      stderr);
}

/* ---- drawing the samples ---- */

/* the walk's state between samples */
static uint32_t root, program, gc = NO_NODE, idle = NO_NODE, cur;
static uint32_t recursion_left, recursion_frames[3], idle_left, target_depth = 12;

static void init_tree(void)
{
	GROW(urls, n_urls, cap_urls);
	urls[n_urls++] = (struct url){ xasprintf(""), 0 }; /* native frames */

	/* the fixed frames V8 always has, at depth 1 under the root */
	add_fixed_frame("(root)");
	add_fixed_frame("(program)");
	add_fixed_frame("(garbage collector)");
	add_fixed_frame("(idle)");
	root = add_node(NO_NODE, 0);
	program = add_node(root, 1);
	/* the entry point every node program starts from */
	GROW(urls, n_urls, cap_urls);
	urls[n_urls++] = (struct url){ xasprintf("node:internal/main/run_main_module"), 11 };
	GROW(frames, n_frames, cap_frames);
	frames[n_frames++] = (struct frame){ xasprintf(""), n_urls - 1, 0, 0 };
	add_node(root, n_frames - 1);
	cur = root;
}

/* Moves the current stack from the previous sample to the next: pop a few
 * frames (now and then many, or back to the top for a new task), push a few,
 * then follow known callees down to a leaf. */
static void move(void)
{
	uint32_t pop, push, d;

	if (cur == root || chance(NEW_TASK)) {
		cur = nodes[root].first_child;
		while (cur != NO_NODE &&
		       (cur == program || cur == gc || cur == idle || chance(300)))
			cur = nodes[cur].next_sibling;
		if (cur == NO_NODE || chance(40))
			cur = child_with_frame(root, pick_frame(NO_NODE));
		target_depth = 4 + below(chance(150) ? 100 : 30);
		recursion_left = 0;
	} else {
		pop = 1 + geometric(POP_KEEP, 80);
		if (chance(FAR_POP)) /* back to some caller far below */
			pop += below(nodes[cur].depth);
		while (pop-- && nodes[cur].depth > 1)
			cur = nodes[cur].parent;
	}
	d = nodes[cur].depth;
	push = 1 + geometric(600, 40);
	if (d < target_depth)
		push += (target_depth - d) / 2;
	if (!recursion_left && chance(3)) {
		/* a recursive dive (parser, tree walk): a few frames repeating,
		 * hundreds deep, over the next samples */
		recursion_left = 40 + below(MAX_DEPTH - 40);
		recursion_frames[0] = pick_frame(nodes[cur].frame);
		recursion_frames[1] = pick_frame(recursion_frames[0]);
		recursion_frames[2] = pick_frame(recursion_frames[1]);
	}
	if (recursion_left)
		push += 8 + below(40);
	while (push-- && nodes[cur].depth < MAX_DEPTH) {
		if (recursion_left) {
			recursion_left--;
			cur = child_with_frame(cur, recursion_frames[below(3)]);
		} else {
			cur = descend(cur);
		}
	}
	/* samples land in leaf functions far more often than in callers */
	while (!recursion_left && nodes[cur].n_children && nodes[cur].depth < MAX_DEPTH &&
	       chance(LEAF_KEEP))
		cur = existing_child(cur);
}

/* the node of the next sample */
static uint32_t next_sample(void)
{
	uint32_t r = below(1000);

	if (idle_left) {
		idle_left--;
		return idle;
	}
	if (r < 4) { /* idle stretches: the event loop waiting */
		if (idle == NO_NODE)
			idle = add_node(root, 3);
		idle_left = 5 + below(150);
		return idle;
	}
	if (r < 20)
		return program;
	if (r < 38) {
		if (gc == NO_NODE)
			gc = add_node(root, 2);
		return gc;
	}
	if (r < 330 && cur != root)
		return cur; /* the same function is still running */
	move();
	return cur;
}

/* ~1000 µs with jitter; long gaps now and then (a busy main thread); a
 * negative delta once in a while, as V8 writes them */
static int32_t next_delta(void)
{
	int32_t dt = 1000 - 120 + (int32_t)below(240);

	if (chance(8))
		dt += (int32_t)below(4000);
	if (n_samples && below(20000) == 0)
		dt = -1 - (int32_t)below(80);
	return dt;
}

/* Draws samples until the file would reach `size` bytes. The running
 * estimate counts every byte write_profile() will write except the
 * positionTicks, which are estimated (their lines are drawn at write time):
 * the file comes out within about 1 % of `size`. */
static void draw_samples(uint64_t size, uint32_t limit)
{
	uint64_t est = 60 + 2 * digits(START_TIME) + 2 * digits(START_TIME + 10 * size);
	uint32_t i;

	for (i = 0; i < n_nodes; i++) {
		est += node_bytes(i);
		if (nodes[i].first_child != NO_NODE)
			est += 14; /* ,"children":[] */
		if (i != root)
			est += digits(nodes[i].id) + 1;
	}
	while (est < size && (!limit || n_samples < limit)) {
		uint32_t before = n_nodes, s = next_sample();
		int32_t dt = next_delta();
		const struct frame *f = &frames[nodes[s].frame];

		nodes[s].hits++;
		GROW(samples, n_samples, cap_samples);
		GROW(deltas, n_samples, cap_deltas);
		samples[n_samples] = nodes[s].id;
		deltas[n_samples] = dt;
		n_samples++;
		est += digits(nodes[s].id) + 1 + digits(dt) + 1;
		/* the nodes this sample created: their objects and their ids in
		 * the parent's children list */
		for (i = before; i < n_nodes; i++) {
			est += node_bytes(i) + digits(nodes[i].id) + 1;
			if (nodes[nodes[i].parent].n_children == 1)
				est += 14;
		}
		/* ,"positionTicks":[{"line":L,"ticks":T}] from the first hit on,
		 * more lines for busier nodes */
		if (nodes[s].hits == 1 && f->line >= 0)
			est += 40 + digits(f->line);
		else if (nodes[s].hits == 5 && f->line >= 0)
			est += 20;
	}
}

/* nodes in pre-order (explicit stack; children in creation order), then the
 * times and the samples */
static void write_profile(void)
{
	uint32_t *todo = xrealloc(NULL, (size_t)n_nodes * sizeof(*todo));
	uint32_t top = 0, c, k, n_kids, i;
	int64_t t = START_TIME, end = START_TIME;

	put("{\"nodes\":[");
	todo[top++] = root;
	while (top) {
		uint32_t n = todo[--top];
		if (n != root)
			put(",");
		write_node(n);
		/* push the children reversed so the first is written first */
		n_kids = 0;
		for (c = nodes[n].first_child; c != NO_NODE; c = nodes[c].next_sibling)
			todo[top + n_kids++] = c;
		for (k = 0; k < n_kids / 2; k++) {
			uint32_t x = todo[top + k];
			todo[top + k] = todo[top + n_kids - 1 - k];
			todo[top + n_kids - 1 - k] = x;
		}
		top += n_kids;
	}
	free(todo);
	for (i = 0; i < n_samples; i++) {
		t += deltas[i];
		if (t > end)
			end = t;
	}
	put("],\"startTime\":");
	put_int(START_TIME);
	put(",\"endTime\":");
	put_int(end + 1000);
	put(",\"samples\":[");
	for (i = 0; i < n_samples; i++) {
		if (i)
			put(",");
		put_int(samples[i]);
	}
	put("],\"timeDeltas\":[");
	for (i = 0; i < n_samples; i++) {
		if (i)
			put(",");
		put_int(deltas[i]);
	}
	put("]}");
	flush_out();
}

int main(int argc, char **argv)
{
	uint64_t size = 0, seed = 1, rerun = 0;
	const char *path = NULL;
	uint32_t i, max_depth = 0;
	int a;

	for (a = 1; a < argc; a++) {
		if (strcmp(argv[a], "--size") == 0 && a + 1 < argc)
			size = parse_size(argv[++a]);
		else if (strcmp(argv[a], "--seed") == 0 && a + 1 < argc)
			seed = strtoull(argv[++a], NULL, 10);
		else if (strcmp(argv[a], "--rerun") == 0 && a + 1 < argc)
			rerun = strtoull(argv[++a], NULL, 10);
		else if (strcmp(argv[a], "-o") == 0 && a + 1 < argc)
			path = argv[++a];
		else {
			usage();
			return 2;
		}
	}
	if (!size) {
		usage();
		return 2;
	}
	rng_state = seed * 0x2545f4914f6cdd1dull + 1;
	/* URLs: tens for small files, hundreds for large ones (real profiles
	 * have 40-530) */
	max_urls = (uint32_t)(30 + size / 250 * 15 / 100 / 150);
	if (max_urls > 600)
		max_urls = 600;

	init_tree();
	draw_samples(size, 0);
	if (rerun) {
		uint32_t first = n_samples;
		/* the same tree, sampled again */
		for (i = 0; i < n_nodes; i++)
			nodes[i].hits = 0;
		n_samples = 0;
		cur = root;
		recursion_left = idle_left = 0;
		target_depth = 12;
		frozen = true;
		rng_state = rerun * 0x2545f4914f6cdd1dull + 0x9e3779b97f4a7c15ull;
		draw_samples(UINT64_MAX, first); /* as many samples as the first run */
	}

	out = stdout;
	if (path && !(out = fopen(path, "wb"))) {
		fprintf(stderr, "gen: %s: %s\n", path, strerror(errno));
		return 1;
	}
	write_profile();
	if (path && fclose(out) != 0) {
		fprintf(stderr, "gen: %s: %s\n", path, strerror(errno));
		return 1;
	}
	for (i = 0; i < n_nodes; i++)
		if (nodes[i].hits && nodes[i].depth > max_depth)
			max_depth = nodes[i].depth;
	fprintf(stderr,
		"gen: size %" PRIu64 " seed %" PRIu64 "%s: %" PRIu64
		" bytes, %u nodes, %u samples, "
		"%u frames, %u urls, max depth %u, fnv1a64 %016" PRIx64 "\n",
		size, seed, rerun ? " (rerun)" : "", ototal, n_nodes, n_samples, n_frames, n_urls,
		max_depth, fnv);
	return 0;
}
