/* A trace's tracks in words (devtools-rules §13.7). A lane of --tasks holds
 * one node per entry and marks (samples) where entries start and end: the
 * innermost entry from one mark to the next has that time as self time. */
#include <stdlib.h>
#include <string.h>

#include "model/tasks.h"
#include "util/util.h"
#include "model/profile.h"

static const struct {
	const char *key, *name;
} categories[FC_CAT_COUNT] = {
	[FC_CAT_LOADING] = { "loading", "Loading" },
	[FC_CAT_EXPERIENCE] = { "experience", "Experience" },
	[FC_CAT_MESSAGING] = { "messaging", "Messaging" },
	[FC_CAT_SCRIPTING] = { "scripting", "Scripting" },
	[FC_CAT_RENDERING] = { "rendering", "Rendering" },
	[FC_CAT_PAINTING] = { "painting", "Painting" },
	[FC_CAT_GPU] = { "gpu", "GPU" },
	[FC_CAT_ASYNC] = { "async", "Async" },
	[FC_CAT_SYSTEM] = { "other", "System" },
	[FC_CAT_IDLE] = { "idle", "Idle" },
	[FC_CAT_TIMING] = { "timing", "Timings" },
};

const char *fc_task_category_name(enum fc_task_category c)
{
	return c < FC_CAT_COUNT ? categories[c].name : "System";
}

enum fc_task_category fc_task_category_parse(const char *s)
{
	int c;

	for (c = 0; c < FC_CAT_COUNT; c++)
		if (strcmp(s, categories[c].key) == 0)
			return (enum fc_task_category)c;
	return FC_CAT_SYSTEM;
}

bool fc_tasks_lane(const struct fc_profile *p)
{
	uint32_t i;

	if (p->timings)
		return false; /* the Timings lane: no thread */
	for (i = 0; i < p->n_frames; i++)
		if (p->frames[i].tags & FC_TAG_EVENT)
			return true;
	return false;
}

enum fc_task_category fc_task_category_of(const struct fc_profile *p, uint32_t frame)
{
	const struct fc_frame *f = &p->frames[frame];

	if (f->tags & FC_TAG_EVENT)
		return fc_task_category_parse(fc_profile_str(p, f->package));
	return f->meta == FC_META_ROOT || f->meta == FC_META_IDLE ? FC_CAT_IDLE : FC_CAT_SCRIPTING;
}

static bool is_task(const struct fc_profile *p, uint32_t node)
{
	const struct fc_frame *f = &p->frames[p->node_frame[node]];
	return (f->tags & FC_TAG_EVENT) && strcmp(fc_profile_str(p, f->name), "Task") == 0;
}

/* An entry that starts a task's work: script (JS or a scripting event) or
 * loading. */
static bool starts_work(const struct fc_profile *p, uint32_t node)
{
	enum fc_task_category c = fc_task_category_of(p, p->node_frame[node]);
	return c == FC_CAT_SCRIPTING || c == FC_CAT_LOADING;
}

/* The heaviest frames by self time over marks [from, to) inside a task. */
static void top_work(const struct fc_profile *p, uint32_t from, uint32_t to, uint32_t task,
		     double *self, struct fc_long_task *lt)
{
	uint32_t i, k;

	for (i = from; i < to && i + 1 < p->n_samples; i++) {
		uint32_t n = p->sample_node[i];
		if (n != task && n != 0)
			self[p->node_frame[n]] +=
				(double)(p->sample_time_us[i + 1] - p->sample_time_us[i]);
	}
	lt->n_top = 0;
	for (k = 0; k < FC_LONG_TASK_TOP; k++) {
		uint32_t best = FC_NONE;
		for (i = from; i < to && i + 1 < p->n_samples; i++) {
			uint32_t fr = p->node_frame[p->sample_node[i]];
			if (p->sample_node[i] != task && p->sample_node[i] != 0 && self[fr] > 0 &&
			    (best == FC_NONE || self[fr] > self[best] ||
			     (self[fr] == self[best] && fr < best)))
				best = fr;
		}
		if (best == FC_NONE)
			break;
		lt->top[lt->n_top] = best;
		lt->top_us[lt->n_top++] = self[best];
		self[best] = -self[best]; /* taken: negative until reset */
	}
	for (i = from; i < to && i + 1 < p->n_samples; i++)
		self[p->node_frame[p->sample_node[i]]] = 0;
}

bool fc_tasks_summarize(const struct fc_profile *p, struct fc_tasks_summary *s)
{
	uint32_t *top = NULL, *first = NULL, *cause = NULL, i;
	double *self = NULL;
	size_t cap = 0;
	bool ok = false;

	memset(s, 0, sizeof(*s));
	if (!p->n_samples || !p->has_time)
		return true;
	s->start_us = p->sample_time_us[0];
	s->end_us = p->sample_time_us[p->n_samples - 1];
	top = malloc(p->n_nodes * sizeof(*top));
	first = malloc(p->n_nodes * sizeof(*first));
	cause = malloc(p->n_nodes * sizeof(*cause));
	self = calloc(p->n_frames ? p->n_frames : 1, sizeof(*self));
	if (!top || !first || !cause || !self)
		goto out;
	/* each node's top-level entry (the tree is in pre-order); what
	 * started a task is its first child that runs script or loads (an
	 * input event, a timer, a script, parsing), else its first child */
	for (i = 0; i < p->n_nodes; i++) {
		uint32_t up = p->node_parent[i];
		top[i] = i == 0 || up == 0 ? i : top[up];
		first[i] = FC_NONE;
		cause[i] = FC_NONE;
		if (i && up && up == top[up] && starts_work(p, i) &&
		    (cause[up] == FC_NONE || !starts_work(p, cause[up])))
			cause[up] = i;
		else if (i && up && cause[up] == FC_NONE)
			cause[up] = i;
	}
	for (i = 0; i + 1 < p->n_samples; i++) {
		uint32_t n = p->sample_node[i];
		double d = (double)(p->sample_time_us[i + 1] - p->sample_time_us[i]);
		enum fc_task_category c = fc_task_category_of(p, p->node_frame[n]);
		/* Idle is the range less every category's self time, that of
		 * idle entries ("Waiting for network") too: theirs counts in
		 * no category (devtools-rules §13.7) */
		if (c != FC_CAT_IDLE || !(p->frames[p->node_frame[n]].tags & FC_TAG_EVENT))
			s->category_us[c] += d;
		if (n && first[top[n]] == FC_NONE)
			first[top[n]] = i;
	}
	/* long tasks: top-level Tasks from their first mark to the mark that
	 * ends them (the next one not inside) */
	for (i = 0; i + 1 < p->n_samples; i++) {
		uint32_t n = p->sample_node[i], t = n ? top[n] : 0, j;
		struct fc_long_task *lt;
		if (!t || first[t] != i || !is_task(p, t))
			continue;
		for (j = i + 1; j < p->n_samples; j++) {
			uint32_t m = p->sample_node[j];
			if (!m || top[m] != t)
				break;
		}
		if (j >= p->n_samples ||
		    (double)(p->sample_time_us[j] - p->sample_time_us[i]) <= FC_LONG_TASK_US)
			continue;
		if (!FC_GROW(s->long_tasks, cap, s->n_long_tasks + 1))
			goto out;
		lt = &s->long_tasks[s->n_long_tasks++];
		lt->start_us = p->sample_time_us[i];
		lt->end_us = p->sample_time_us[j];
		lt->cause = cause[t] == FC_NONE ? FC_NONE : p->node_frame[cause[t]];
		top_work(p, i, j, t, self, lt);
	}
	ok = true;
out:
	free(top);
	free(first);
	free(cause);
	free(self);
	if (!ok)
		fc_tasks_summary_finish(s);
	return ok;
}

void fc_tasks_summary_finish(struct fc_tasks_summary *s)
{
	free(s->long_tasks);
	s->long_tasks = NULL;
	s->n_long_tasks = 0;
}
