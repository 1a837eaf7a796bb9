// libflamechart from C++ through the installed headers: the calls link
// (extern "C"), the version macros agree with the library loaded, and a
// profile is imported, rendered and summarised. Built and run by install.sh.
#include <cstdio>
#include <cstring>
#include <string>

#include <flamechart/flamechart.h>
#include <flamechart/summary.h>

static_assert(FLAMECHART_VERSION_NUMBER == FLAMECHART_VERSION_AT(FLAMECHART_VERSION_MAJOR,
								 FLAMECHART_VERSION_MINOR,
								 FLAMECHART_VERSION_PATCH),
	      "version macros");

int main(int argc, char **argv)
{
	if (argc != 4) {
		std::fprintf(stderr, "usage: embed-cxx PROFILE OUT.svg OUT.md\n");
		return 2;
	}
	std::string want = std::to_string(FLAMECHART_VERSION_MAJOR) + "." +
			   std::to_string(FLAMECHART_VERSION_MINOR) + "." +
			   std::to_string(FLAMECHART_VERSION_PATCH);
	if (want != fc_version() || want != FLAMECHART_VERSION_STRING) {
		std::fprintf(stderr, "embed-cxx: headers %s, library %s\n", want.c_str(),
			     fc_version());
		return 1;
	}
	fc_profile_set set;
	fc_profile_set_init(&set);
	fc_context *ctx = fc_context_create();
	fc_render_request req;
	fc_render_request_init(&req);
	req.format = FC_OUT_SVG;
	req.output = argv[2];
	fc_error err;
	char msg[1024];
	int rc = 1;
	if (!ctx)
		std::fprintf(stderr, "embed-cxx: out of memory\n");
	else if (!fc_import_file(argv[1], nullptr, &set, &err) ||
		 !fc_render(ctx, &set, &req, &err) ||
		 !fc_summary_markdown_write(&set, nullptr, argv[3], &err)) {
		fc_error_format(&err, msg, sizeof(msg));
		std::fprintf(stderr, "embed-cxx: %s\n", msg);
	} else if (fc_scheme_parse(fc_scheme_name(1)) != 1) {
		std::fprintf(stderr, "embed-cxx: scheme names do not round-trip\n");
	} else {
		std::printf("embed-cxx: libflamechart %s, %zu profile(s)\n", fc_version(),
			    set.count);
		rc = 0;
	}
	fc_context_destroy(ctx);
	fc_profile_set_finish(&set);
	return rc;
}
