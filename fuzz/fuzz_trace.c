/* Fuzz target: the Chrome trace-event importer (input-rules §C). */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_import(data, size, FC_FORMAT_TRACE);
	return 0;
}
