/* bench/yajl-scan: the floor for reading a JSON file with YAJL.
 *
 *   yajl-scan FILE
 *
 * Reads FILE in 256 KiB chunks (as flamechart's source.c does) and feeds it
 * to YAJL with callbacks that do nothing but return 1, UTF-8 validation off
 * and numbers passed through raw (yajl_number, no conversion). No importer
 * can read a profile with YAJL faster than this, so flamechart's times are
 * reported as multiples of it. Prints the number of values seen, so the
 * compiler cannot drop the work; exit 1 on a parse or read error.
 */
#include <stdio.h>
#include <stdlib.h>

#include <yajl/yajl_parse.h>

static unsigned long long values;

static int on_null(void *ctx)
{
	(void)ctx;
	values++;
	return 1;
}
static int on_bool(void *ctx, int b)
{
	(void)ctx;
	(void)b;
	values++;
	return 1;
}
static int on_number(void *ctx, const char *s, size_t n)
{
	(void)ctx;
	(void)s;
	(void)n;
	values++;
	return 1;
}
static int on_string(void *ctx, const unsigned char *s, size_t n)
{
	(void)ctx;
	(void)s;
	(void)n;
	values++;
	return 1;
}
static int on_start_map(void *ctx)
{
	(void)ctx;
	return 1;
}
static int on_map_key(void *ctx, const unsigned char *s, size_t n)
{
	(void)ctx;
	(void)s;
	(void)n;
	return 1;
}
static int on_end_map(void *ctx)
{
	(void)ctx;
	values++;
	return 1;
}
static int on_start_array(void *ctx)
{
	(void)ctx;
	return 1;
}
static int on_end_array(void *ctx)
{
	(void)ctx;
	values++;
	return 1;
}

static const yajl_callbacks callbacks = {
	on_null,      on_bool,    NULL,       NULL,           on_number,    on_string,
	on_start_map, on_map_key, on_end_map, on_start_array, on_end_array,
};

int main(int argc, char **argv)
{
	static unsigned char buf[256 * 1024];
	yajl_handle h;
	FILE *f;
	size_t n;
	int rc = 0;

	if (argc != 2) {
		fputs("usage: yajl-scan FILE\n", stderr);
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	h = yajl_alloc(&callbacks, NULL, NULL);
	yajl_config(h, yajl_dont_validate_strings, 1);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		if (yajl_parse(h, buf, n) != yajl_status_ok) {
			rc = 1;
			break;
		}
	}
	if (ferror(f))
		rc = 1;
	if (rc == 0 && yajl_complete_parse(h) != yajl_status_ok)
		rc = 1;
	if (rc) {
		unsigned char *msg = yajl_get_error(h, 0, NULL, 0);
		fprintf(stderr, "yajl-scan: %s: %s\n", argv[1], msg ? (char *)msg : "read error");
		if (msg)
			yajl_free_error(h, msg);
	}
	yajl_free(h);
	fclose(f);
	if (rc == 0)
		printf("%llu values\n", values);
	return rc;
}
