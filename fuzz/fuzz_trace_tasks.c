/* Fuzz target: Chrome trace events read for --tasks (input-rules §C5,
 * devtools-rules §13): events, begin/end pairs, sample trace ids and the
 * entry tree built from them and the samples. */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_import_tasks(data, size);
	return 0;
}
