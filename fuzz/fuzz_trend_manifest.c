/* Fuzz target: a trend run's manifest (docs/trend.md), the small JSON
 * object beside each run that names it (commit, date, label, fields for
 * --order-by manifest:FIELD). The oracles, beyond the sanitizers:
 *   - a failure is a clean error, the same twice;
 *   - a manifest that loads holds only clean text, once per key, with
 *     commit and date pointing at their own fields' strings;
 *   - parsing is deterministic (the same bytes twice give the same fields). */
#include <stdlib.h>
#include <string.h>

#include "report/trend.h"
#include "harness.h"
#include "model/profile.h"

static void run_clear(struct fc_trend_run *r)
{
	size_t i;

	for (i = 0; i < r->n_fields; i++) {
		free(r->fields[i].key);
		free(r->fields[i].value);
	}
	free(r->fields);
	memset(r, 0, sizeof(*r));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fc_trend_run a, b;
	struct fc_error ea, eb;
	bool oka, okb;
	size_t i, j;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	fc_error_init(&ea);
	fc_error_init(&eb);
	oka = fc_trend_manifest_parse(&a, "run.json", (const char *)data, size, &ea);
	okb = fc_trend_manifest_parse(&b, "run.json", (const char *)data, size, &eb);
	fuzz_check(oka == okb, "the same manifest parsed twice differs");
	if (!oka) {
		fuzz_check_error(&ea);
		fuzz_check(strcmp(ea.text, eb.text) == 0, "two different errors");
	} else {
		fuzz_check(a.n_fields == b.n_fields, "field counts differ");
		for (i = 0; i < a.n_fields; i++) {
			const struct fc_trend_field *f = &a.fields[i];
			fuzz_check(fuzz_text_clean(f->key, strlen(f->key)) &&
					   fuzz_text_clean(f->value, strlen(f->value)),
				   "a field is not clean text");
			fuzz_check(strcmp(f->key, b.fields[i].key) == 0 &&
					   strcmp(f->value, b.fields[i].value) == 0,
				   "fields differ");
			for (j = 0; j < i; j++)
				fuzz_check(strcmp(a.fields[j].key, f->key) != 0, "a key twice");
		}
		for (i = 0; a.commit && i < a.n_fields && a.fields[i].value != a.commit; i++)
			;
		fuzz_check(!a.commit || i < a.n_fields, "commit is not a field's value");
		for (i = 0; a.date && i < a.n_fields && a.fields[i].value != a.date; i++)
			;
		fuzz_check(!a.date || i < a.n_fields, "date is not a field's value");
	}
	run_clear(&a);
	run_clear(&b);
	return 0;
}
