/* Fuzz target: the speedscope importer (input-rules §G). */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_import(data, size, FC_FORMAT_SPEEDSCOPE);
	return 0;
}
