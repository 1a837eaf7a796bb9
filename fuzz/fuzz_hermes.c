/* Fuzz target: the Hermes importer (input-rules §H). */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_import(data, size, FC_FORMAT_HERMES);
	return 0;
}
