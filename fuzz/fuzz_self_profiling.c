/* Fuzz target: the JS Self-Profiling importer (input-rules §B). */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_import(data, size, FC_FORMAT_SELF_PROFILING);
	return 0;
}
