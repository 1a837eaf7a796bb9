/* Fuzz target: V8 heap sampling profiles (.heapprofile, docs/inputs.md),
 * read by the .cpuprofile importer: the head tree with selfSize and the
 * samples as objects. */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_import(data, size, FC_FORMAT_HEAPPROFILE);
	return 0;
}
