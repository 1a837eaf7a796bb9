/* How many CPUs the process may run on: what a default thread count is. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <sched.h>
#include <unistd.h>

#include "util/util.h"

unsigned fc_cpus_available(void)
{
	cpu_set_t set;
	long n;

	/* taskset and cgroups' cpusets narrow the affinity mask */
	if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
		return (unsigned)CPU_COUNT(&set);
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : (unsigned)n;
}
