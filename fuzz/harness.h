/* What the fuzz targets share (docs/robustness.md). A target is one small
 * file defining LLVMFuzzerTestOneInput, linked either with libFuzzer
 * (-Dfuzz=true) or with replay.c, which runs it over files so that the seed
 * corpora and the crash regressions run in every `meson test`. */
#ifndef FC_FUZZ_HARNESS_H
#define FC_FUZZ_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/error.h"
#include "model/profile.h"

/* Decoded bytes a fuzz input may produce (gzip): large enough for any
 * input libFuzzer makes, small enough to keep an execution fast. */
#define FUZZ_MAX_BYTES ((uint64_t)16 << 20)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A directory for the targets' temporary files: /dev/shm when it is a
 * writable directory (a tmpfs: truncating a file on a disk with discard
 * waits for the device, which made the file targets a hundred times
 * slower), else $TMPDIR or /tmp. */
const char *fuzz_temp_dir(void);

/* Aborts with what when ok is false: a broken invariant is a finding. */
void fuzz_check(bool ok, const char *what);

/* True when s[0..len) is strict UTF-8 (no overlong forms, surrogates or code
 * points past U+10FFFF) without C0 controls other than tab, and without DEL.
 * Written here, not taken from src/util, so that the check is independent. */
bool fuzz_text_clean(const char *s, size_t len);

/* Aborts unless err is a clean error: a code, an exit code other than 0, a
 * formatted message that is clean text. */
void fuzz_check_error(const struct fc_error *err);

/* Imports data as format (FC_FORMAT_AUTO detects) twice -- from memory in
 * one piece, and again delivered in small pieces -- and aborts unless both
 * agree: same error message, or the same profiles. A failure must be a clean
 * error (a code, a message that is clean text); a success must keep the
 * model's invariants (profile.h), and is then laid out as a chart and
 * summarised (stats), whose results are checked too. */
void fuzz_import(const uint8_t *data, size_t size, enum fc_format format);

/* The same for a Chrome trace read with --tasks (fc_import_options.tasks):
 * the events kept and the entry tree made of them and the samples. */
void fuzz_import_tasks(const uint8_t *data, size_t size);

/* fuzz_file: data[0] chooses a transformation of the rest (leading
 * whitespace, a filler member before the object's keys -- zeros, or
 * numbers gzip cannot shrink -- sizes from 70 KiB to 9 MiB, gzip); the result is written to a
 * temporary file and imported with fc_import_file, which must agree with fc_import_memory over the
 * same decoded bytes (the same error text, or the same profiles). */
void fuzz_import_file(const uint8_t *data, size_t size);

#endif
