/* Temporaries that a signal must not leave behind (docs/robustness.md).
 * The library tells the program about every temporary output file it
 * creates and removes (fc_set_temp_file_hook); the program lists them here,
 * and on SIGINT, SIGTERM or SIGHUP the handler unlinks every file still
 * listed -- with unlink only, which is async-signal-safe, over a fixed
 * table that needs no lock -- and then dies of the same signal, so that
 * the shell sees 128 + the signal number. */
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

#define SLOTS 256
#define PATH_BYTES 4096

enum { FREE, FILLING, READY };

static char paths[SLOTS][PATH_BYTES];
static atomic_int state[SLOTS];

/* Lists a temporary (the library calls this before it creates the file, so
 * that no signal falls between the two); beyond SLOTS at once, or a longer
 * path, it is not cleaned up on a signal. */
static void track(const char *tmp_path)
{
	size_t n = strlen(tmp_path);
	int i;

	if (n >= PATH_BYTES)
		return;
	for (i = 0; i < SLOTS; i++) {
		int expected = FREE;
		if (atomic_compare_exchange_strong(&state[i], &expected, FILLING)) {
			memcpy(paths[i], tmp_path, n + 1);
			atomic_store(&state[i], READY);
			return;
		}
	}
}

/* Only the thread that listed a path removes it: no two live temporaries
 * share a name. */
static void untrack(const char *tmp_path)
{
	int i;

	for (i = 0; i < SLOTS; i++) {
		if (atomic_load(&state[i]) == READY && strcmp(paths[i], tmp_path) == 0) {
			atomic_store(&state[i], FREE);
			return;
		}
	}
}

static void on_temp_file(const char *path, bool live, void *data)
{
	(void)data;
	if (live)
		track(path);
	else
		untrack(path);
}

static void on_signal(int signo)
{
	int i;

	for (i = 0; i < SLOTS; i++)
		if (atomic_load(&state[i]) == READY)
			unlink(paths[i]);
	signal(signo, SIG_DFL);
	raise(signo);
}

void fc_cli_cleanup_on_signals(void)
{
	static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;
	size_t i;

	fc_set_temp_file_hook(on_temp_file, NULL);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(signals) / sizeof(signals[0]); i++)
		sigaddset(&sa.sa_mask, signals[i]);
	for (i = 0; i < sizeof(signals) / sizeof(signals[0]); i++) {
		struct sigaction old;
		/* a signal the shell ignores (nohup, a background job) stays so */
		if (sigaction(signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		sigaction(signals[i], &sa, NULL);
	}
}
