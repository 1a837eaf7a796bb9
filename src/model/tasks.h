/* What a trace's tracks (--tasks) say in words (devtools-rules §13.7): the
 * time by DevTools category, as the Performance panel's Summary gives it,
 * and the long tasks with what started them and the work inside them. */
#ifndef FC_MODEL_TASKS_H
#define FC_MODEL_TASKS_H

#include <stdbool.h>
#include <stddef.h>

#include "model/profile.h"

/* DevTools' categories in the Summary's order. */
enum fc_task_category {
	FC_CAT_LOADING,
	FC_CAT_EXPERIENCE,
	FC_CAT_MESSAGING,
	FC_CAT_SCRIPTING,
	FC_CAT_RENDERING,
	FC_CAT_PAINTING,
	FC_CAT_GPU,
	FC_CAT_ASYNC,
	FC_CAT_SYSTEM,
	FC_CAT_IDLE,
	FC_CAT_TIMING, /* the Timings lane's user timings (no Summary row) */
	FC_CAT_COUNT
};

#define FC_LONG_TASK_US 50000.0 /* a task longer than this is long */
#define FC_LONG_TASK_TOP 3      /* the heaviest works listed per long task */

struct fc_long_task {
	int64_t start_us, end_us;       /* on the trace clock */
	uint32_t cause;                 /* frame of the first entry inside, FC_NONE if none */
	uint32_t top[FC_LONG_TASK_TOP]; /* frames with the most self time inside */
	double top_us[FC_LONG_TASK_TOP];
	size_t n_top;
};

struct fc_tasks_summary {
	int64_t start_us, end_us; /* the lane's extent */
	double category_us[FC_CAT_COUNT];
	struct fc_long_task *long_tasks;
	size_t n_long_tasks;
};

/* Whether p is a thread's lane of --tasks (it has trace event frames; the
 * Timings lane is not one). */
bool fc_tasks_lane(const struct fc_profile *p);

/* The category of a frame: an event's own, JS is Scripting, the root
 * (nothing running) Idle. */
enum fc_task_category fc_task_category_of(const struct fc_profile *p, uint32_t frame);

/* "Loading", "Scripting", ..., "System", "Idle". */
const char *fc_task_category_name(enum fc_task_category c);
/* The category named by an event frame's package ("scripting", "other"...). */
enum fc_task_category fc_task_category_parse(const char *s);

/* Fills s for a lane of --tasks; false on allocation failure. */
bool fc_tasks_summarize(const struct fc_profile *p, struct fc_tasks_summary *s);
void fc_tasks_summary_finish(struct fc_tasks_summary *s);

#endif
