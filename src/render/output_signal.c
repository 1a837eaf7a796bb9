/* Temporaries that a signal must not leave behind (docs/robustness.md).
 * fc_output_open registers its ".NAME.XXXXXX" file here and commit or abort
 * removes it from the list; on SIGINT, SIGTERM or SIGHUP the handler
 * unlinks every file still listed -- with unlink only, which is
 * async-signal-safe, over a fixed table that needs no lock -- and then dies
 * of the same signal, so that the shell sees 128 + the signal number. */
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "render/output_signal.h"

#define SLOTS 256
#define PATH_BYTES 4096

enum { FREE, FILLING, READY };

static char paths[SLOTS][PATH_BYTES];
static atomic_int state[SLOTS];

int fc_output_track(const char *tmp_path)
{
	size_t n = strlen(tmp_path);
	int i;

	if (n >= PATH_BYTES)
		return 0;
	for (i = 0; i < SLOTS; i++) {
		int expected = FREE;
		if (atomic_compare_exchange_strong(&state[i], &expected, FILLING)) {
			memcpy(paths[i], tmp_path, n + 1);
			atomic_store(&state[i], READY);
			return i + 1;
		}
	}
	return 0; /* more than SLOTS at once: not cleaned up on a signal */
}

void fc_output_untrack(int slot)
{
	if (slot > 0 && slot <= SLOTS)
		atomic_store(&state[slot - 1], FREE);
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

void fc_output_cleanup_on_signals(void)
{
	static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;
	size_t i;

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
