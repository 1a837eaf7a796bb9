/* Temporaries removed on SIGINT, SIGTERM and SIGHUP (output_signal.c). */
#ifndef FC_RENDER_OUTPUT_SIGNAL_H
#define FC_RENDER_OUTPUT_SIGNAL_H

/* Lists a temporary file; the slot to untrack it with (0: not listed). */
int fc_output_track(const char *tmp_path);
void fc_output_untrack(int slot);

/* Installs the handlers (the command line does, once, at start). */
void fc_output_cleanup_on_signals(void);

#endif
