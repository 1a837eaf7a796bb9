/* Fuzz target: the .cpuprofile importer (input-rules §A). */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_import(data, size, FC_FORMAT_CPUPROFILE);
	return 0;
}
