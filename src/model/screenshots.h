/* A trace's screenshots (the filmstrip of --screenshots, input-rules §C8):
 * the JPEGs kept while the trace is streamed, at most FC_SHOTS_KEEP of
 * them and FC_SHOTS_BYTES in all, evenly thinned when there are more, and
 * their decoding (libjpeg). */
#ifndef FC_MODEL_SCREENSHOTS_H
#define FC_MODEL_SCREENSHOTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What is kept: when a trace holds more screenshots or bytes, every second
 * one kept is dropped and from then on only every second one read is kept
 * (so the kept ones stay evenly spread over the trace). A filmstrip shows
 * one per thumbnail slot: a few dozen. */
#define FC_SHOTS_KEEP 128
#define FC_SHOTS_BYTES ((size_t)16 << 20)
/* One screenshot's JPEG at most (Chrome's are 10-100 kB), and its size in
 * pixels at most: larger ones are left out with a warning. */
#define FC_SHOT_MAX_BYTES ((size_t)2 << 20)
#define FC_SHOT_MAX_SIDE 4096

struct fc_screenshot {
	double ts_us;        /* the event's ts, on the trace clock */
	unsigned char *jpeg; /* the JPEG bytes (base64-decoded), owned */
	size_t len;
	uint32_t width, height; /* px */
	int64_t event;          /* its index in the trace's events */
};

struct fc_screenshots {
	struct fc_screenshot *items; /* in the order read; fc_screenshots_sort orders them */
	size_t n, cap;
	size_t seen;   /* screenshot events read */
	size_t stride; /* every stride-th one read is kept (1 until thinned) */
	size_t bytes;  /* JPEG bytes kept */
	size_t bad;    /* left out: not base64, not a JPEG, too large */
};

void fc_screenshots_init(struct fc_screenshots *s);
void fc_screenshots_finish(struct fc_screenshots *s);
/* Heap copies for a profile: destroy(NULL) does nothing. */
void fc_screenshots_destroy(struct fc_screenshots *s);

/* Whether the next screenshot read will be kept: the caller decodes it
 * only then, and calls fc_screenshots_skip otherwise. */
bool fc_screenshots_wanted(const struct fc_screenshots *s);
void fc_screenshots_skip(struct fc_screenshots *s);
/* Keeps the next screenshot (it takes jpeg, a malloc'd buffer of len bytes
 * already checked by fc_jpeg_check), thinning when over the bounds. false
 * when memory ran out (jpeg is freed). */
bool fc_screenshots_add(struct fc_screenshots *s, double ts_us, int64_t event, unsigned char *jpeg,
			size_t len, uint32_t width, uint32_t height);
/* Orders the kept ones by time (events need not be). false when memory ran out. */
bool fc_screenshots_sort(struct fc_screenshots *s);
/* The last screenshot strictly before t (as DevTools' filmstrip picks the
 * frame of a time), or SIZE_MAX; s sorted. */
size_t fc_screenshots_at(const struct fc_screenshots *s, double t_us);

/* --- JPEG ------------------------------------------------------------------ */

/* Pixels in cairo's RGB24 layout: one native-endian 0x00RRGGBB word each,
 * rows of width words. */
struct fc_image {
	uint32_t *px;
	uint32_t width, height;
};

/* Reads the whole JPEG (scaled by 1/8, rows dropped as they come) to find
 * whether it decodes: false with libjpeg's reason in msg when it does not,
 * when libjpeg warns of corrupt data, or when a side exceeds
 * FC_SHOT_MAX_SIDE. Its size in *width, *height. */
bool fc_jpeg_check(const unsigned char *data, size_t len, uint32_t *width, uint32_t *height,
		   char *msg, size_t size);
/* Decodes data scaled by 1/2, 1/4 or 1/8 when that leaves at least min_h
 * rows (0: whole). false with msg as for fc_jpeg_check, or "out of
 * memory". out->px is malloc'd. */
bool fc_jpeg_decode(const unsigned char *data, size_t len, uint32_t min_h, struct fc_image *out,
		    char *msg, size_t size);

#endif
