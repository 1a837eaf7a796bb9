/* The importers behind fc_import_file. Each reads one source and appends
 * profiles to a set; on failure err is set and the set is unchanged. */
#ifndef FC_IMPORT_IMPORTERS_H
#define FC_IMPORT_IMPORTERS_H

#include "flamechart/import.h"
#include "import/source.h"

bool fc_import_cpuprofile(struct fc_source *src, const struct fc_import_options *opts,
			  struct fc_profile_set *out, struct fc_error *err);

#endif
