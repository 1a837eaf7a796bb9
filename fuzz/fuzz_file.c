/* Fuzz target: fc_import_file through a real temporary file, plain or gzip,
 * with inputs large enough to cross the detection windows (64 KiB .. 8 MiB)
 * and the read-ahead thresholds (4 MiB plain, 256 KiB gzip). The first byte
 * chooses what is done to the rest (fuzz_import_file in harness.c): leading
 * whitespace, a large filler member before the object's keys (so that the
 * deciding key comes after the window), gzip; the file import, on two
 * threads (read-ahead, gzip inflated on a thread), must agree with an import
 * of the same bytes from memory on one. */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_import_file(data, size);
	return 0;
}
