/* The native SVG writer's helpers, shared with its tests. */
#ifndef FC_RENDER_SVG_NATIVE_H
#define FC_RENDER_SVG_NATIVE_H

#include <stdbool.h>
#include <stddef.h>

/* v with the fewest decimals that read back as the same double ("12",
 * "0.5", "-3.25"); never "-0". Returns the length. */
size_t fc_svg_number(double v, char *out, size_t size);
/* str[0..len) escaped for XML text (attr: for a quoted attribute too);
 * control characters XML forbids become spaces. Stops before size. */
size_t fc_svg_escape(const char *str, size_t len, char *out, size_t size, bool attr);

/* svg_script.c: the inline script of --interactive and its styles. */
extern const char fc_svg_script[];
extern const char fc_svg_script_style[];

#endif
