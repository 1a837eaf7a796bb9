/* bench/memcpy.c: the memory floor of writing N bytes on this machine:
 * copies N bytes (default 323 MB, the layout JSON of gen-200M) between two
 * buffers already faulted in, five times, and prints the best time and
 * GB/s. Then the same into fresh memory each time (page faults included),
 * which is closer to what writing a new file into tmpfs costs.
 *   cc -O2 -o memcpy bench/memcpy.c && ./memcpy [BYTES] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	size_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 323177916u;
	char *a = malloc(n), *b = malloc(n);
	double best = 1e9, best_fresh = 1e9;
	volatile char seen = 0; /* keeps the copies into fresh memory */
	int i;

	if (!a || !b)
		return 1;
	memset(a, 'x', n);
	memset(b, 'y', n);
	for (i = 0; i < 5; i++) {
		double t = now();
		memcpy(b, a, n);
		t = now() - t;
		if (t < best)
			best = t;
	}
	for (i = 0; i < 5; i++) {
		char *c = malloc(n);
		double t = now();
		if (!c)
			return 1;
		memcpy(c, a, n);
		t = now() - t;
		if (t < best_fresh)
			best_fresh = t;
		seen = c[n / 2];
		free(c);
	}
	printf("%zu bytes: memcpy %.3f s (%.1f GB/s); into fresh memory %.3f s (%.1f GB/s)\n", n,
	       best, (double)n / best / 1e9, best_fresh, (double)n / best_fresh / 1e9);
	return b[n / 2] == 'x' && seen == 'x' ? 0 : 1;
}
