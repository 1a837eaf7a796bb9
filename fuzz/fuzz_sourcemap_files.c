/* Fuzz target: --sourcemaps with real files on disk (docs/sourcemaps.md):
 * a script whose comment names its map, or whose map lies beside it, found
 * through file:// URLs with query strings and fragments, and through a
 * --sourcemap-dir. The input is three parts separated by "\n@@\n": the
 * script's text, the map's JSON, and frames, three bytes each (generated
 * line, column, and which URL spelling: plain, a query string, a fragment,
 * the map's directory). They are written to a temporary folder, a profile
 * with those frames is imported with --sourcemaps, and the oracles, beyond
 * the sanitizers, check that:
 *   - the import succeeds, or fails with a clean error;
 *   - every frame's line and column are -1 or 0 to FC_POS_MAX, every node
 *     points at a frame, names and URLs are clean text;
 *   - a frame mapped through the map keeps where it came from. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "flamechart/import.h"
#include "import/sourcemap.h"
#include "harness.h"
#include "model/profile.h"

#define MAX_FRAMES 64

static const char *part(const char **p, const char *end, size_t *len)
{
	const char *s = *p, *sep = NULL;

	for (const char *c = s; c + 4 <= end; c++)
		if (memcmp(c, "\n@@\n", 4) == 0) {
			sep = c;
			break;
		}
	*len = (size_t)((sep ? sep : end) - s);
	*p = sep ? sep + 4 : end;
	return s;
}

static void write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	fuzz_check(f != NULL, "cannot write a temporary file");
	fuzz_check(fwrite(data, 1, len, f) == len && fclose(f) == 0, "cannot write a file");
}

static char dir[4096], script[4200], map[4200], maps[4200], mapdir_file[4200];

/* The temporary folder goes when the process ends (the replay in every
 * build runs this target too). */
static void remove_dir(void)
{
	unlink(script);
	unlink(map);
	unlink(mapdir_file);
	rmdir(maps);
	rmdir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char json[MAX_FRAMES * 200 + 512];
	const char *p = (const char *)data, *end = p + size, *s, *m, *f;
	size_t sl, ml, fl, n, i, o;
	struct fc_profile_set set;
	struct fc_import_options opts = { .version = FC_IMPORT_OPTIONS_VERSION,
					  .format = FC_FORMAT_CPUPROFILE };
	const char *const dirs[1] = { maps };
	struct fc_sourcemap_options smo = { .version = FC_SOURCEMAP_OPTIONS_VERSION,
					    .dirs = dirs,
					    .n_dirs = 1 };
	struct fc_error err;

	if (!dir[0]) {
		snprintf(dir, sizeof(dir), "%s/fuzz-smf-%ld", fuzz_temp_dir(), (long)getpid());
		snprintf(maps, sizeof(maps), "%s/maps", dir);
		fuzz_check((mkdir(dir, 0700) == 0 || access(dir, W_OK) == 0) &&
				   (mkdir(maps, 0700) == 0 || access(maps, W_OK) == 0),
			   "cannot make the temporary folders");
		atexit(remove_dir);
	}
	s = part(&p, end, &sl);
	m = part(&p, end, &ml);
	f = part(&p, end, &fl);
	snprintf(script, sizeof(script), "%s/b.js", dir);
	snprintf(map, sizeof(map), "%s/b.js.map", dir);
	snprintf(mapdir_file, sizeof(mapdir_file), "%s/c.js.map", maps);
	write_file(script, s, sl);
	/* the map beside the script, and (for c.js, which is not on disk) in
	 * the --sourcemap-dir */
	write_file(map, m, ml);
	write_file(mapdir_file, m, ml);

	n = fl / 3 < MAX_FRAMES ? fl / 3 : MAX_FRAMES;
	o = (size_t)snprintf(json, sizeof(json),
			     "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\","
			     "\"url\":\"\",\"scriptId\":\"0\",\"lineNumber\":-1,"
			     "\"columnNumber\":-1}}");
	for (i = 0; i < n; i++) {
		const uint8_t *x = (const uint8_t *)f + 3 * i;
		static const char *const spellings[] = { "b.js", "b.js?v=", "b.js#", "c.js?" };
		char url[64];
		snprintf(url, sizeof(url), "%s", spellings[x[2] & 3]);
		if (x[2] & 3)
			snprintf(url, sizeof(url), "%s%u", spellings[x[2] & 3],
				 (unsigned)(x[2] >> 2));
		o += (size_t)snprintf(json + o, sizeof(json) - o,
				      ",{\"id\":%zu,\"parent\":1,\"callFrame\":{\"functionName\":"
				      "\"f%zu\",\"url\":\"file://%s/%s\",\"scriptId\":\"1\","
				      "\"lineNumber\":%u,\"columnNumber\":%u}}",
				      i + 2, i, dir, url, (unsigned)x[0], (unsigned)x[1]);
	}
	o += (size_t)snprintf(json + o, sizeof(json) - o,
			      "],\"startTime\":0,\"endTime\":%zu,\"samples\":[", (n + 1) * 100);
	for (i = 0; i < n; i++)
		o += (size_t)snprintf(json + o, sizeof(json) - o, "%s%zu", i ? "," : "", i + 2);
	o += (size_t)snprintf(json + o, sizeof(json) - o, "],\"timeDeltas\":[");
	for (i = 0; i < n; i++)
		o += (size_t)snprintf(json + o, sizeof(json) - o, "%s100", i ? "," : "");
	o += (size_t)snprintf(json + o, sizeof(json) - o, "]}");
	fuzz_check(o < sizeof(json), "the profile does not fit its buffer");

	opts.sourcemaps = &smo;
	fc_profile_set_init(&set);
	fc_error_init(&err);
	if (!fc_import_memory("fuzz.cpuprofile", json, o, &opts, &set, &err)) {
		fuzz_check_error(&err);
	} else {
		for (size_t k = 0; k < set.count; k++) {
			const struct fc_profile *pr = set.items[k];
			for (i = 0; i < pr->n_frames; i++) {
				const struct fc_frame *fr = &pr->frames[i];
				const char *name = fc_profile_str(pr, fr->name),
					   *url = fc_profile_str(pr, fr->url);
				fuzz_check(fr->line >= -1 && fr->line <= FC_POS_MAX &&
						   fr->column >= -1 && fr->column <= FC_POS_MAX,
					   "a position out of range");
				fuzz_check(fuzz_text_clean(name, strlen(name)) &&
						   fuzz_text_clean(url, strlen(url)),
					   "a name or URL that is not clean text");
			}
			for (i = 0; i < pr->n_nodes; i++)
				fuzz_check(pr->node_frame[i] < pr->n_frames,
					   "a node without a frame");
			for (i = 0; i < pr->n_generated && i < pr->n_frames; i++)
				fuzz_check(pr->generated[i].url == 0 ||
						   strstr(fc_profile_str(pr, pr->generated[i].url),
							  "/b.js") != NULL ||
						   strstr(fc_profile_str(pr, pr->generated[i].url),
							  "/c.js") != NULL,
					   "a mapped frame that does not say where it came from");
		}
	}
	fc_profile_set_finish(&set);
	return 0;
}
