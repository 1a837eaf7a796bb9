/* Fuzz target: the folded-stacks importer (input-rules §D). */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_import(data, size, FC_FORMAT_FOLDED);
	return 0;
}
