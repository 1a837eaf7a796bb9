/* bench/rng.h: the generators' random numbers (gen.c, gen-trace.c):
 * splitmix64 (Steele, Lea, Flood 2014), integers only, so that one seed
 * gives the same bytes on every machine and compiler. Each generator is
 * one file, so the state is one per program. */
#ifndef BENCH_RNG_H
#define BENCH_RNG_H

#include <stdbool.h>
#include <stdint.h>

static uint64_t rng_state;

static inline uint64_t next64(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* uniform in [0, n) (n > 0); the tiny modulo bias does not matter here */
static inline uint32_t below(uint32_t n)
{
	return (uint32_t)((next64() >> 32) % n);
}

/* true with probability per_mille / 1000 */
static inline bool chance(uint32_t per_mille)
{
	return below(1000) < per_mille;
}

#endif
