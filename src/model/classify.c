/* Tier and package classifier: the ordered rules of input-rules §E2 and the
 * package naming of §F. Rule numbers in comments refer to §E2. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/classify.h"
#include "util/map.h"
#include "util/util.h"
#include "model/profile.h"

#define PATH_MAX_LEN 4096

static const char *const tier_names[FC_TIER_COUNT] = {
	"app", "deps", "core", "native", "v8", "gc", "idle",
};

const char *fc_tier_name(enum fc_tier tier)
{
	return (unsigned)tier < FC_TIER_COUNT ? tier_names[tier] : "?";
}

int fc_tier_parse(const char *name, size_t len)
{
	int i;

	for (i = 0; i < FC_TIER_COUNT; i++)
		if (strlen(tier_names[i]) == len && strncmp(tier_names[i], name, len) == 0)
			return i;
	return -1;
}

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static bool ends(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Length of a URL scheme ("https" -> 5) when s starts with "scheme:"; a
 * one-letter scheme is a Windows drive letter and does not count. */
static size_t scheme_len(const char *s)
{
	size_t i = 0;

	if (!isalpha((unsigned char)s[0]))
		return 0;
	while (isalnum((unsigned char)s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.')
		i++;
	return s[i] == ':' && i >= 2 ? i : 0;
}

/* Cuts "?query" and "#fragment". */
static void strip_query(char *s)
{
	s[strcspn(s, "?#")] = '\0';
}

/* True when path has a segment exactly equal to seg. */
static bool has_segment(const char *path, const char *seg)
{
	size_t m = strlen(seg);
	const char *p = path;

	while ((p = strstr(p, seg)) != NULL) {
		bool left = p == path || p[-1] == '/';
		bool right = p[m] == '/' || p[m] == '\0';
		if (left && right)
			return true;
		p += m;
	}
	return false;
}

/* Copies segment number k (0-based) of the path starting at s into out. */
static bool next_segment(const char **s, char *out, size_t size)
{
	const char *p = *s, *e;
	size_t n;

	while (*p == '/')
		p++;
	if (!*p)
		return false;
	e = strchr(p, '/');
	n = e ? (size_t)(e - p) : strlen(p);
	if (n >= size)
		n = size - 1;
	memcpy(out, p, n);
	out[n] = '\0';
	*s = e ? e : p + strlen(p);
	return true;
}

/* "name@1.2.3" -> "name"; keeps a leading '@' of a scope. */
static void cut_version(char *s)
{
	char *at = strchr(s + (s[0] == '@'), '@');
	if (at)
		*at = '\0';
}

/* Package from "[@scope/]name[@ver]/..." at the start of path. */
static void package_at(const char *path, char *out, size_t size)
{
	char a[256], b[256];
	const char *p = path;

	out[0] = '\0';
	if (!next_segment(&p, a, sizeof(a)))
		return;
	if (a[0] == '@' && next_segment(&p, b, sizeof(b))) {
		cut_version(b);
		snprintf(out, size, "%s/%s", a, b);
	} else {
		cut_version(a);
		snprintf(out, size, "%s", a);
	}
}

/* input-rules §F: the package after the last node_modules segment. */
static bool package_from_node_modules(const char *path, char *out, size_t size)
{
	const char *last = NULL, *p = path;
	char s1[256], s2[256];

	while ((p = strstr(p, "node_modules")) != NULL) {
		if ((p == path || p[-1] == '/') && (p[12] == '/' || p[12] == '\0'))
			last = p;
		p += 12;
	}
	if (!last)
		return false;
	p = last + 12;
	if (!next_segment(&p, s1, sizeof(s1))) {
		snprintf(out, size, "(unknown)");
		return true;
	}
	if (s1[0] == '.' || s1[0] == '_') {
		if (strcmp(s1, ".vite") == 0)
			snprintf(out, size, "(vite deps)");
		else if (strcmp(s1, ".pnpm") == 0)
			snprintf(out, size, "(pnpm store)");
		else if (strcmp(s1, ".bin") == 0 && next_segment(&p, s2, sizeof(s2)))
			snprintf(out, size, "%s", s2);
		else
			snprintf(out, size, "(unknown)");
		return true;
	}
	if (s1[0] == '@' && next_segment(&p, s2, sizeof(s2)))
		snprintf(out, size, "%s/%s", s1, s2);
	else
		snprintf(out, size, "%s", s1);
	return true;
}

/* Host part of "scheme://host[:port]/..." (port kept). */
static void url_host(const char *url, char *out, size_t size)
{
	const char *h = strstr(url, "://");
	size_t n;

	h = h ? h + 3 : url;
	n = strcspn(h, "/?#");
	if (n >= size)
		n = size - 1;
	memcpy(out, h, n);
	out[n] = '\0';
}

/* "scheme://host[:port]" of an http(s) URL. */
static void url_origin(const char *url, char *out, size_t size)
{
	const char *h = strstr(url, "://");
	size_t n;

	if (!h) {
		out[0] = '\0';
		return;
	}
	h += 3;
	n = (size_t)(h - url) + strcspn(h, "/?#");
	if (n >= size)
		n = size - 1;
	memcpy(out, url, n);
	out[n] = '\0';
}

static const char *const cdn_hosts[] = {
	"unpkg.com",       "cdn.jsdelivr.net", "esm.sh", "esm.run",
	"cdn.skypack.dev", "ga.jspm.io",       "jsr.io", "deno.land",
};

/* input-rules §F step 6: the package named by a CDN URL's path. */
static void package_from_cdn(const char *host, const char *path, char *out, size_t size)
{
	const char *p = path;
	char seg[256];

	if (strcmp(host, "cdn.jsdelivr.net") == 0 && starts(p, "/npm/"))
		p += 4;
	else if (strcmp(host, "ga.jspm.io") == 0 && starts(p, "/npm:"))
		p += 5;
	else if (strcmp(host, "deno.land") == 0 && starts(p, "/x/"))
		p += 2;
	else if (strcmp(host, "esm.sh") == 0) {
		const char *q = p;
		/* optional /vNNN/ build prefix */
		if (next_segment(&q, seg, sizeof(seg)) && seg[0] == 'v' &&
		    strspn(seg + 1, "0123456789") == strlen(seg + 1) && seg[1])
			p = q;
	}
	package_at(p, out, size);
	if (!out[0])
		snprintf(out, size, "%s", host);
}

/* Normalises a file: URL into a path (percent-decoded, no authority, no
 * leading '/' before a drive letter); other URLs are copied. Backslashes
 * become slashes. Returns false when the URL is too long. */
static bool normalise(const char *url, char *out, size_t size)
{
	size_t o = 0;
	const char *p = url;
	bool file = starts(url, "file:");

	if (file) {
		p = url + 5;
		if (starts(p, "//")) {
			p += 2;
			p += strcspn(p, "/"); /* authority */
		}
	}
	for (; *p; p++) {
		char c = *p;
		if (o + 1 >= size)
			return false;
		if (file && c == '%' && fc_hexval(p[1]) >= 0 && fc_hexval(p[2]) >= 0) {
			c = (char)(fc_hexval(p[1]) * 16 + fc_hexval(p[2]));
			p += 2;
		}
		out[o++] = c == '\\' ? '/' : c;
	}
	out[o] = '\0';
	if (file && out[0] == '/' && isalpha((unsigned char)out[1]) && out[2] == ':' &&
	    out[3] == '/')
		memmove(out, out + 1, strlen(out));
	return true;
}

static bool is_absolute(const char *path)
{
	return path[0] == '/' ||
	       (isalpha((unsigned char)path[0]) && path[1] == ':' && path[2] == '/');
}

static bool is_wasm_function(const char *name)
{
	const char *p;

	if (!starts(name, "wasm-function["))
		return false;
	p = name + 14;
	if (!isdigit((unsigned char)*p))
		return false;
	while (isdigit((unsigned char)*p))
		p++;
	return p[0] == ']' && p[1] == '\0';
}

/* The module of a wasm frame's URL: V8 writes "wasm://wasm/<name>-<hash>"
 * when the module's name section names it, "wasm://wasm/<hash>" when not;
 * a served module is ".../<name>.wasm". */
static void wasm_package(const char *url, char *out, size_t size)
{
	const char *base = strrchr(url, '/') ? strrchr(url, '/') + 1 : url;
	size_t n = strcspn(base, "?#");
	const char *dash;

	if (starts(url, "wasm://")) {
		dash = memchr(base, '-', n) ? strrchr(base, '-') : NULL;
		if (dash && dash > base && (size_t)(dash - base) < n)
			n = (size_t)(dash - base);
		else
			n = 0; /* only a hash */
	} else if (n > 5 && strncmp(base + n - 5, ".wasm", 5) == 0) {
		n -= 5;
	} else {
		n = 0;
	}
	if (n)
		snprintf(out, size, "wasm:%.*s", (int)(n > 100 ? 100 : n), base);
	else
		snprintf(out, size, "wasm");
}

static bool yarn_path(const char *path)
{
	return strstr(path, "/.yarn/cache/") || strstr(path, "/.yarn/berry/cache/") ||
	       strstr(path, "/.yarn/unplugged/") || strstr(path, "/.yarn/__virtual__/");
}

static void set(struct fc_class *out, enum fc_tier tier, unsigned tags)
{
	out->tier = tier;
	out->tags = tags;
}

/* --- Go (input-rules §E5) ------------------------------------------------------ */

/* A Go toolchain's directory name: go, golang, go-1.19, go1.21.0. */
static bool goroot_segment(const char *s, size_t n)
{
	return (n == 2 && memcmp(s, "go", 2) == 0) || (n == 6 && memcmp(s, "golang", 6) == 0) ||
	       (n > 3 && memcmp(s, "go-", 3) == 0) ||
	       (n > 2 && memcmp(s, "go", 2) == 0 && s[2] >= '0' && s[2] <= '9') ||
	       (n == 7 && memcmp(s, "$GOROOT", 7) == 0);
}

/* Where the standard library starts in path: after "<goroot>/src/" when a
 * segment before "src" names a Go toolchain; NULL when it is not there. */
static const char *goroot_src(const char *path)
{
	const char *p = path, *src;

	while ((src = strstr(p, "/src/")) != NULL) {
		const char *seg = path;
		while (seg < src) {
			const char *e = memchr(seg, '/', (size_t)(src - seg));
			size_t n = e ? (size_t)(e - seg) : (size_t)(src - seg);
			if (goroot_segment(seg, n))
				return src + 5;
			seg += n + 1;
		}
		p = src + 1;
	}
	return NULL;
}

/* The first segment of s has no dot: a standard library import path
 * ("runtime/proc.go", "encoding/json/encode.go"), not a module's
 * ("github.com/..."). */
static bool std_path(const char *s)
{
	size_t n = strcspn(s, "/");
	return s[n] == '/' && !memchr(s, '.', n) && !memchr(s, '@', n);
}

/* A Go package's import path from the directory part of s ("example.com/
 * lib/x.go" -> "example.com/lib"), at most three segments, the version
 * after '@' left out. */
static void go_package(const char *s, char *out, size_t size)
{
	const char *end = strrchr(s, '/'), *at;
	size_t n = end ? (size_t)(end - s) : 0, i, segs = 1;

	for (i = 0; i < n; i++)
		if (s[i] == '/' && ++segs > 3)
			n = i; /* ends the loop */
	if ((at = memchr(s, '@', n)) != NULL)
		n = (size_t)(at - s);
	snprintf(out, size, "%.*s", (int)(n > 200 ? 200 : n), s);
}

/* The Go runtime's collector: its background workers, marking, sweeping
 * and scavenging. */
static bool go_gc(const char *fn)
{
	static const char *const names[] = { "runtime.gc",         "runtime.markroot",
					     "runtime.scanobject", "runtime.greyobject",
					     "runtime.bgsweep",    "runtime.sweepone",
					     "runtime.bgscavenge" };
	size_t i;

	for (i = 0; i < FC_ARRAY_LEN(names); i++)
		if (starts(fn, names[i]))
			return true;
	return false;
}

/* Go source files (.go, and the toolchain's own assembly). */
static bool go_source(const char *url)
{
	return ends(url, ".go") || (ends(url, ".s") && goroot_src(url));
}

static void classify_go(const char *fn, const char *url, struct fc_class *out)
{
	const char *std = goroot_src(url), *mod;

	if (go_gc(fn))
		return set(out, FC_TIER_GC, 0);
	if (std || (url[0] != '/' && std_path(url)))
		return set(out, FC_TIER_CORE, 0);
	if ((mod = strstr(url, "/pkg/mod/")) != NULL) {
		go_package(mod + 9, out->package, sizeof(out->package));
		return set(out, FC_TIER_DEPS, 0);
	}
	if ((mod = strstr(url, "/vendor/")) != NULL) {
		go_package(mod + 8, out->package, sizeof(out->package));
		return set(out, FC_TIER_DEPS, 0);
	}
	if (url[0] != '/' && strchr(url, '@')) {
		/* -trimpath: a module's files as "<module>@<version>/..." */
		go_package(url, out->package, sizeof(out->package));
		return set(out, FC_TIER_DEPS, 0);
	}
	set(out, FC_TIER_APP, 0);
}

/* Whether fc_classify reads the function's name for a frame with this URL:
 * rules 1-4 (the names V8 gives its own entries), 5-7 (frames with neither
 * URL nor script), 10 (a WebAssembly function's name) and a Go frame's
 * (§E5). Any other frame's class depends on its URL, whether it has a
 * script and the first party only: fc_profile_classify works it out once
 * per URL. Keep this in step with fc_classify. */
static bool name_matters(const char *fn, const char *url, bool has_script)
{
	return strcmp(fn, "(idle)") == 0 || strcmp(fn, "(garbage collector)") == 0 ||
	       strcmp(fn, "(root)") == 0 || strcmp(fn, "(program)") == 0 ||
	       (url[0] == '\0' && !has_script) || is_wasm_function(fn) || go_source(url);
}

void fc_classify(const struct fc_callframe *in, struct fc_class *out)
{
	const char *fn = in->name ? in->name : "";
	const char *url = in->url ? in->url : "";
	bool no_script = !in->has_script;
	char *path;
	size_t slen;

	out->tier = FC_TIER_APP;
	out->tags = 0;
	out->package[0] = '\0';

	if (strcmp(fn, "(idle)") == 0)
		return set(out, FC_TIER_IDLE, 0); /* 1 */
	if (strcmp(fn, "(garbage collector)") == 0)
		return set(out, FC_TIER_GC, 0); /* 2 */
	if (strcmp(fn, "(root)") == 0 || strcmp(fn, "(program)") == 0)
		return set(out, FC_TIER_V8, 0); /* 3, 4 */
	if (url[0] == '\0' && no_script) {
		if (fn[0] == '(' && ends(fn, ")"))
			return set(out, FC_TIER_V8, 0); /* 5 */
		if (starts(fn, "RegExp: "))
			return set(out, FC_TIER_NATIVE, FC_TAG_REGEXP); /* 6 */
		return set(out, FC_TIER_NATIVE, 0);                     /* 7 */
	}
	if (starts(url, "native ") || starts(url, "extensions::") || starts(url, "v8/"))
		return set(out, FC_TIER_NATIVE, 0); /* 8, 9 */
	if (starts(url, "wasm://") || (in->code_type && strcmp(in->code_type, "wasm") == 0) ||
	    is_wasm_function(fn)) {
		/* 10: WebAssembly is compiled code someone shipped (esbuild,
		 * lightningcss, swc...), almost never the JavaScript the user
		 * wrote: deps, package "wasm" or "wasm:<module>" */
		wasm_package(url, out->package, sizeof(out->package));
		return set(out, FC_TIER_DEPS, FC_TAG_WASM);
	}
	if (starts(url, "node:") || starts(url, "electron/"))
		return set(out, FC_TIER_CORE, 0); /* 11, 12 */
	if (starts(url, "ext:core/") || starts(url, "ext:runtime") || starts(url, "ext:deno") ||
	    starts(url, "ext:cli"))
		return set(out, FC_TIER_CORE, 0); /* 13 */
	if (strcmp(url, "[eval]-wrapper") == 0 || strcmp(url, "[worker eval]-wrapper") == 0)
		return set(out, FC_TIER_CORE, 0); /* 14 */
	if (strcmp(url, "[eval]") == 0 || strcmp(url, "[worker eval]") == 0 ||
	    starts(url, "evalmachine."))
		return set(out, FC_TIER_APP, FC_TAG_EVAL); /* 15 */
	if (url[0] == '\0')
		return set(out, FC_TIER_APP, FC_TAG_EVAL); /* 16 */
	if (starts(url, "chrome-extension://") || starts(url, "moz-extension://") ||
	    starts(url, "safari-web-extension://")) { /* 17 */
		char host[200];
		url_host(url, host, sizeof(host));
		snprintf(out->package, sizeof(out->package), "ext:%s", host);
		return set(out, FC_TIER_DEPS, FC_TAG_EXT);
	}

	if (go_source(url))
		return classify_go(fn, url, out); /* input-rules §E5 */

	path = malloc(PATH_MAX_LEN);
	if (!path)
		return set(out, FC_TIER_APP, 0);
	if (!normalise(url, path, PATH_MAX_LEN)) {
		/* absurdly long URL: classify by its prefix only */
		snprintf(path, PATH_MAX_LEN, "%.*s", PATH_MAX_LEN - 1, url);
	}

	if (starts(url, "webpack://") || starts(url, "webpack-internal://")) { /* 18 */
		char *p = strstr(path, "://") + 3;
		strip_query(p);
		p += strcspn(p, "/"); /* authority */
		while (*p == '/')
			p++;
		while (starts(p, "./"))
			p += 2;
		if (has_segment(p, "node_modules")) {
			set(out, FC_TIER_DEPS, 0);
			package_from_node_modules(p, out->package, sizeof(out->package));
		} else {
			set(out, FC_TIER_APP, 0);
		}
		goto done;
	}
	if (starts(url, "webpack/runtime/")) { /* 19 */
		set(out, FC_TIER_APP, 0);
		goto done;
	}
	if (starts(url, "http://") || starts(url, "https://")) { /* 20 */
		char host[200], origin[256];
		const char *p;
		size_t i;

		strip_query(path);
		url_host(path, host, sizeof(host));
		url_origin(path, origin, sizeof(origin));
		p = strstr(path, "://") + 3;
		p += strcspn(p, "/");
		set(out, FC_TIER_DEPS, 0);
		if (package_from_node_modules(p, out->package, sizeof(out->package)))
			goto done;
		for (i = 0; i < sizeof(cdn_hosts) / sizeof(cdn_hosts[0]); i++) {
			if (strcmp(host, cdn_hosts[i]) == 0) {
				package_from_cdn(host, p, out->package, sizeof(out->package));
				goto done;
			}
		}
		if (in->first_party && strcmp(origin, in->first_party) == 0) {
			set(out, FC_TIER_APP, 0);
			goto done;
		}
		snprintf(out->package, sizeof(out->package), "%s", host);
		goto done;
	}
	if (starts(url, "file:")) {
		strip_query(path);
	}
	slen = scheme_len(path);
	if (is_absolute(path) && !slen) { /* 21 */
		if (has_segment(path, "node_modules") || has_segment(path, "bower_components") ||
		    yarn_path(path)) {
			set(out, FC_TIER_DEPS, 0);
			if (!package_from_node_modules(path, out->package, sizeof(out->package))) {
				const char *b = strstr(path, "/bower_components/");
				if (b)
					package_at(b + 18, out->package, sizeof(out->package));
			}
		} else {
			set(out, FC_TIER_APP, 0);
		}
		goto done;
	}
	if (!slen && path[0] != '[') { /* 22 */
		if (starts(path, "internal/") || (strchr(path, '/') == NULL && ends(path, ".js"))) {
			set(out, FC_TIER_CORE, 0);
			goto done;
		}
	}
	if (slen) { /* 23 */
		if ((slen == 6 && strncmp(path, "chrome", 6) == 0) ||
		    (slen == 8 && strncmp(path, "devtools", 8) == 0))
			set(out, FC_TIER_V8, 0);
		else
			set(out, FC_TIER_APP, 0);
		goto done;
	}
	set(out, FC_TIER_APP, 0); /* 24 */
done:
	free(path);
}

size_t fc_classify_label(const char *name, char *out, size_t size)
{
	int n;

	if (!name || !name[0])
		n = snprintf(out, size, "(anonymous)");
	else if (starts(name, "RegExp: "))
		n = snprintf(out, size, "/%s/", name + 8);
	else
		n = snprintf(out, size, "%s", name);
	if (n < 0)
		return 0;
	if ((size_t)n < size)
		return (size_t)n;
	if (!size)
		return 0;
	/* cut: never inside a character (a graph label ended in the bytes of
	 * half an emoji) */
	n = (int)fc_utf8_complete(out, size - 1);
	out[n] = '\0';
	return (size_t)n;
}

bool fc_classify_is_wait(const char *name)
{
	static const char *const waits[] = {
		"(idle)",          "(program)",    "(root)",
		"atomicsWaitLoop", "Atomics.wait", "Atomics.waitAsync",
		"epoll_wait",      "epoll_pwait",  "epoll_pwait2",
		"kevent",
	};

	if (!name)
		return false;
	for (size_t i = 0; i < sizeof(waits) / sizeof(waits[0]); i++)
		if (strcmp(name, waits[i]) == 0)
			return true;
	return false;
}

/* --- whole profile -------------------------------------------------------- */

struct origin_count {
	char origin[256];
	uint64_t self;
};

/* input-rules §E2 rule 20: without a stated first party, the http(s) origin
 * with the most self samples is first party; ties go to the smallest. */
static bool first_party_origin(const struct fc_profile *p, char *out, size_t size)
{
	struct origin_count *oc = NULL;
	size_t n = 0, i, best = 0;
	uint64_t *self_by_frame;
	uint32_t f, s;
	bool found = false;

	self_by_frame = calloc(p->n_frames ? p->n_frames : 1, sizeof(*self_by_frame));
	if (!self_by_frame)
		return false;
	for (s = 0; s < p->n_samples; s++)
		self_by_frame[p->node_frame[p->sample_node[s]]]++;
	for (f = 0; f < p->n_frames; f++) {
		const char *url = fc_profile_str(p, p->frames[f].url);
		char origin[256];

		if (!starts(url, "http://") && !starts(url, "https://"))
			continue;
		url_origin(url, origin, sizeof(origin));
		for (i = 0; i < n; i++)
			if (strcmp(oc[i].origin, origin) == 0)
				break;
		if (i == n) {
			struct origin_count *q = realloc(oc, (n + 1) * sizeof(*oc));
			if (!q)
				break;
			oc = q;
			snprintf(oc[n].origin, sizeof(oc[n].origin), "%s", origin);
			oc[n].self = 0;
			n++;
		}
		oc[i].self += self_by_frame[f];
	}
	for (i = 0; i < n; i++) {
		if (!found || oc[i].self > oc[best].self ||
		    (oc[i].self == oc[best].self && strcmp(oc[i].origin, oc[best].origin) < 0))
			best = i;
		found = true;
	}
	if (found)
		snprintf(out, size, "%s", oc[best].origin);
	free(oc);
	free(self_by_frame);
	return found;
}

static void classify_frame(struct fc_profile *p, struct fc_frame *fr, const struct fc_callframe *in)
{
	struct fc_class cls;
	uint32_t pkg;

	fc_classify(in, &cls);
	fr->tier = (uint8_t)cls.tier;
	fr->tags = (uint8_t)cls.tags;
	pkg = cls.package[0] ? fc_strpool_intern(&p->strings, cls.package, strlen(cls.package)) : 0;
	fr->package = pkg == FC_NONE ? 0 : pkg;
}

/* The classes worked out so far, one per URL and script flag, for the
 * frames whose names do not matter (name_matters): a profile has many
 * frames per script, and its URL's rules are most of a frame's cost. */
struct url_classes {
	struct fc_map map;
	struct url_class {
		uint32_t url;
		bool has_script;
		uint8_t tier, tags;
		uint32_t package;
	} * of;
	size_t n, cap;
};

struct url_probe {
	const struct url_classes *c;
	uint32_t url;
	bool has_script;
};

static bool url_class_eq(const void *ctx, uint32_t at)
{
	const struct url_probe *q = ctx;
	return q->c->of[at].url == q->url && q->c->of[at].has_script == q->has_script;
}

/* Classifies fr through the table: a frame whose URL was seen takes that
 * URL's class. Frames the table cannot hold (no memory) are classified
 * alone, with the same result. */
static void classify_by_url(struct fc_profile *p, struct url_classes *c, struct fc_frame *fr,
			    const char *first_party)
{
	const char *sid = fc_profile_str(p, fr->script_id);
	struct fc_callframe in = {
		.name = fc_profile_str(p, fr->name),
		.url = fc_profile_str(p, fr->url),
		.has_script = sid[0] && strcmp(sid, "0") != 0,
		.code_type = NULL,
		.first_party = first_party,
	};
	struct url_probe q = { c, fr->url, in.has_script };
	uint32_t h = (uint32_t)fc_hash_u64(((uint64_t)fr->url << 1) | in.has_script), at;
	size_t slot, cap = c->cap;

	if (name_matters(in.name, in.url, in.has_script) || !fc_map_reserve(&c->map, c->n + 1)) {
		classify_frame(p, fr, &in);
		return;
	}
	at = fc_map_find(&c->map, h, url_class_eq, &q, &slot);
	if (at != FC_NONE) {
		fr->tier = c->of[at].tier;
		fr->tags = c->of[at].tags;
		fr->package = c->of[at].package;
		return;
	}
	classify_frame(p, fr, &in);
	if (c->n >= UINT32_MAX - 1 || !FC_GROW(c->of, cap, c->n + 1))
		return;
	c->cap = cap;
	c->of[c->n] = (struct url_class){ fr->url, in.has_script, fr->tier, fr->tags, fr->package };
	fc_map_put(&c->map, slot, h, (uint32_t)c->n++);
}

void fc_profile_classify(struct fc_profile *p)
{
	char first_party[256];
	bool have_fp = first_party_origin(p, first_party, sizeof(first_party));
	bool events = false;
	struct url_classes c = { 0 };
	uint32_t f;

	for (f = 0; f < p->n_frames; f++) {
		struct fc_frame *fr = &p->frames[f];
		/* a trace event of a --tasks lane keeps the category the trace
		 * reader gave it (tt_mark_events) when the frames are classified
		 * again, after source maps */
		if (fr->tags & FC_TAG_EVENT) {
			events = true;
			continue;
		}
		classify_by_url(p, &c, fr, have_fp ? first_party : NULL);
	}
	fc_map_finish(&c.map);
	free(c.of);
	/* and such a lane's root, the time no entry runs, stays idle */
	if (events && p->n_nodes)
		p->frames[p->node_frame[0]].tier = FC_TIER_IDLE;
}
