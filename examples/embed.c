/* libflamechart in a program of its own: one profile in, a PNG flame chart
 * out, through the installed headers and library.
 *
 *	cc embed.c $(pkg-config --cflags --libs flamechart) -o embed
 *	./embed profile.cpuprofile chart.png
 */
#include <stdio.h>

#include <flamechart/flamechart.h>

int main(int argc, char **argv)
{
	struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
	struct fc_render_request req = { .version = FC_RENDER_REQUEST_VERSION,
					 .format = FC_OUT_PNG,
					 .mode = FC_MODE_CHART };
	struct fc_profile_set set;
	struct fc_context *ctx;
	struct fc_error err;
	char msg[1024];
	int rc = 1;

	if (argc != 3) {
		fprintf(stderr, "usage: embed PROFILE OUT.png\n");
		return 2;
	}
	req.output = argv[2];
	req.title = "embedded";
	fc_profile_set_init(&set);
	ctx = fc_context_create();
	if (!ctx) {
		fprintf(stderr, "embed: out of memory\n");
	} else if (!fc_import_file(argv[1], &io, &set, &err) || !fc_render(ctx, &set, &req, &err)) {
		fc_error_format(&err, msg, sizeof(msg));
		fprintf(stderr, "embed: %s\n", msg);
	} else {
		for (size_t i = 0; i < set.count; i++)
			printf("embed: %s: %zu samples, %.0f %s\n", fc_profile_name(set.items[i]),
			       fc_profile_sample_count(set.items[i]),
			       fc_profile_total(set.items[i]), fc_profile_unit(set.items[i]));
		printf("embed: libflamechart %s wrote %s\n", fc_version(), argv[2]);
		rc = 0;
	}
	fc_context_destroy(ctx);
	fc_profile_set_finish(&set);
	return rc;
}
