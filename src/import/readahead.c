/* A ring of SLOTS chunk buffers between one producing thread and the
 * importer: the thread fills free slots in order, the importer copies out
 * of the oldest filled one (from the cache: the slot was just written).
 * Memory is fixed: SLOTS chunks, whatever the size of the input. */
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "import/readahead.h"
#include "util/util.h"

#define SLOTS 3

struct fc_readahead {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	fc_readahead_fill_fn fill;
	void *ctx;
	size_t chunk;
	unsigned char *data[SLOTS];
	size_t len[SLOTS];
	/* slots [head, head + filled) hold data, oldest first; pos is how far
	 * the importer has read the oldest */
	size_t head, filled, pos;
	bool eof, stop, failed;
	struct fc_error error; /* the producer's (code and text), after the data before it */
};

static void *producer(void *arg)
{
	struct fc_readahead *ra = arg;
	struct fc_error err;

	fc_error_init(&err);
	pthread_mutex_lock(&ra->lock);
	while (!ra->stop && !ra->eof && !ra->failed) {
		size_t w;
		long r;

		if (ra->filled == SLOTS) {
			pthread_cond_wait(&ra->cond, &ra->lock);
			continue;
		}
		w = (ra->head + ra->filled) % SLOTS;
		pthread_mutex_unlock(&ra->lock);
		r = ra->fill(ra->ctx, ra->data[w], ra->chunk, &err);
		pthread_mutex_lock(&ra->lock);
		if (r < 0) {
			ra->error = err;
			ra->failed = true;
		} else if (r == 0) {
			ra->eof = true;
		} else {
			ra->len[w] = (size_t)r;
			ra->filled++;
		}
		pthread_cond_broadcast(&ra->cond);
	}
	pthread_mutex_unlock(&ra->lock);
	return NULL;
}

static void free_all(struct fc_readahead *ra)
{
	size_t i;

	for (i = 0; i < SLOTS; i++)
		free(ra->data[i]);
	free(ra);
}

struct fc_readahead *fc_readahead_start(fc_readahead_fill_fn fill, void *ctx, size_t chunk)
{
	struct fc_readahead *ra = calloc(1, sizeof(*ra));
	sigset_t all, old;
	size_t i;
	int rc;

	if (!ra)
		return NULL;
	ra->fill = fill;
	ra->ctx = ctx;
	ra->chunk = chunk;
	for (i = 0; i < SLOTS; i++) {
		if (!(ra->data[i] = malloc(chunk))) {
			free_all(ra);
			return NULL;
		}
	}
	if (pthread_mutex_init(&ra->lock, NULL) != 0) {
		free_all(ra);
		return NULL;
	}
	if (pthread_cond_init(&ra->cond, NULL) != 0) {
		pthread_mutex_destroy(&ra->lock);
		free_all(ra);
		return NULL;
	}
	/* signals go to the importer's thread, where the CLI's handler runs */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&ra->thread, NULL, producer, ra);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		pthread_cond_destroy(&ra->cond);
		pthread_mutex_destroy(&ra->lock);
		free_all(ra);
		return NULL;
	}
	return ra;
}

long fc_readahead_read(struct fc_readahead *ra, unsigned char *dst, size_t cap,
		       struct fc_error *err)
{
	size_t n;
	unsigned char *src;

	pthread_mutex_lock(&ra->lock);
	while (!ra->filled && !ra->eof && !ra->failed)
		pthread_cond_wait(&ra->cond, &ra->lock);
	if (!ra->filled) {
		long r = ra->failed ? -1 : 0;
		if (ra->failed) /* the importer's err names the file: keep it */
			fc_error_set(err, ra->error.code, "%s", ra->error.text);
		pthread_mutex_unlock(&ra->lock);
		return r;
	}
	src = ra->data[ra->head] + ra->pos;
	n = ra->len[ra->head] - ra->pos;
	pthread_mutex_unlock(&ra->lock);

	/* the oldest slot is the importer's until it is handed back */
	if (n > cap)
		n = cap;
	memcpy(dst, src, n);

	pthread_mutex_lock(&ra->lock);
	ra->pos += n;
	if (ra->pos == ra->len[ra->head]) {
		ra->head = (ra->head + 1) % SLOTS;
		ra->filled--;
		ra->pos = 0;
		pthread_cond_broadcast(&ra->cond);
	}
	pthread_mutex_unlock(&ra->lock);
	return (long)n;
}

void fc_readahead_stop(struct fc_readahead *ra)
{
	if (!ra)
		return;
	pthread_mutex_lock(&ra->lock);
	ra->stop = true;
	pthread_cond_broadcast(&ra->cond);
	pthread_mutex_unlock(&ra->lock);
	pthread_join(ra->thread, NULL);
	pthread_cond_destroy(&ra->cond);
	pthread_mutex_destroy(&ra->lock);
	free_all(ra);
}
