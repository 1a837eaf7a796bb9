/* Fuzz target: the format detection by content, then whichever importer it picks. */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_import(data, size, FC_FORMAT_AUTO);
	return 0;
}
