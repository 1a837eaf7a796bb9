/* PDF: the painter on cairo's PDF surface, 1 px = 1 pt. The document dates
 * are fixed so that the same input gives the same bytes: SOURCE_DATE_EPOCH
 * when set (reproducible-builds.org), else FC_PDF_FIXED_DATE. */
#include <cairo-pdf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "render/render.h"
#include "render/paint_internal.h"
#include "model/profile.h"

#define FC_PDF_FIXED_DATE "2000-01-01T00:00:00Z"

/* ISO 8601 date for cairo's metadata from SOURCE_DATE_EPOCH (seconds since
 * 1970, UTC); the fixed date when unset or not a plain number. */
static void pdf_date(char *out, size_t size)
{
	const char *env = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;
	time_t t;
	struct tm tm;

	snprintf(out, size, "%s", FC_PDF_FIXED_DATE);
	if (!env || !*env)
		return;
	errno = 0;
	v = strtoll(env, &end, 10);
	if (errno || *end || v < 0)
		return;
	t = (time_t)v;
	if (!gmtime_r(&t, &tm))
		return;
	strftime(out, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

bool fc_write_pdf(const struct fc_layout *l, const struct fc_style *st,
		  const struct fc_paint_options *o, struct fc_output *out, struct fc_error *err)
{
	struct fc_painter *p = fc_painter_create(l, st, o, err);
	cairo_surface_t *s;
	cairo_t *cr;
	char date[32];
	bool ok;
	int w, h;

	if (!p) {
		fc_paint_error_file(err, out);
		return false;
	}
	fc_painter_size(p, &w, &h);
	s = cairo_pdf_surface_create_for_stream(fc_paint_stream_write, out, w, h);
	pdf_date(date, sizeof(date));
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, p->title);
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR, "flamechart");
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE, date);
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_MOD_DATE, date);
	cr = cairo_create(s);
	ok = fc_painter_paint(p, cr, err);
	cairo_destroy(cr);
	cairo_surface_finish(s);
	ok = fc_paint_surface_done(s, out, ok, err);
	cairo_surface_destroy(s);
	fc_painter_destroy(p);
	if (!ok)
		fc_paint_error_file(err, out);
	return ok;
}
