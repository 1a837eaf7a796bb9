/* Fuzz target: the pprof importer (input-rules §I), protobuf-c's decoding
 * under the memory budget and everything the importer checks after it. */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_import(data, size, FC_FORMAT_PPROF);
	return 0;
}
