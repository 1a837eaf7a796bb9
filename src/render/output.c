#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "flamechart/flamechart.h"
#include "render/output.h"
#include "util/util.h"
#include "model/profile.h"

static fc_temp_file_hook *temp_hook;
static void *temp_hook_data;

void fc_set_temp_file_hook(fc_temp_file_hook *hook, void *data)
{
	temp_hook = hook;
	temp_hook_data = data;
}

static void tell(const char *path, bool live)
{
	if (temp_hook)
		temp_hook(path, live, temp_hook_data);
}

/* Creates tmpl, which ends in "XXXXXX", as a new file with a name of its
 * own: mkstemp's names, but created with mode 0666, which the kernel cuts
 * by the umask as it does for the target a plain creat() would make (the
 * process umask is never read or changed). The hook hears of each name
 * before its file exists. -1 with errno on failure. */
static int create_temp(char *tmpl)
{
	static const char chars[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	static atomic_uint_fast64_t counter;
	char *x = tmpl + strlen(tmpl) - 6;
	struct timespec now;
	int tries, fd, i;

	for (tries = 0; tries < 100; tries++) {
		uint64_t v;

		clock_gettime(CLOCK_REALTIME, &now);
		v = fc_hash_u64(((uint64_t)getpid() << 40) ^ (uint64_t)now.tv_nsec ^
				((uint64_t)now.tv_sec << 20) ^ atomic_fetch_add(&counter, 1));
		for (i = 0; i < 6; i++, v /= 62)
			x[i] = chars[v % 62];
		tell(tmpl, true);
		fd = open(tmpl, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd >= 0)
			return fd;
		i = errno;
		tell(tmpl, false);
		errno = i;
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

static bool fail(struct fc_output *o, struct fc_error *err, const char *what, int e)
{
	fc_error_set(err, e == EPIPE ? FC_ERR_PIPE : FC_ERR_OUTPUT, "%s: %s", what, strerror(e));
	fc_error_set_file(err, strcmp(o->path, "-") == 0 ? "<stdout>" : o->path);
	return false;
}

bool fc_output_open(struct fc_output *o, const char *path, struct fc_error *err)
{
	const char *base;
	struct stat st;
	int fd;

	memset(o, 0, sizeof(*o));
	o->path = fc_strdup(path);
	if (!o->path) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	if (strcmp(path, "-") == 0) {
		o->fp = stdout;
		return true;
	}
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
		/* A device or FIFO: a rename would replace /dev/null itself (as
		 * root). Errors (ENOSPC on /dev/full) show at write or close. */
		fd = open(path, O_WRONLY | O_CLOEXEC);
		o->fp = fd >= 0 ? fdopen(fd, "wb") : NULL;
		if (!o->fp) {
			int e = errno;
			if (fd >= 0)
				close(fd);
			fail(o, err, "cannot open the output file", e);
			free(o->path);
			memset(o, 0, sizeof(*o));
			return false;
		}
		o->direct = true;
		return true;
	}
	base = fc_basename(path);
	o->tmp_path = fc_asprintf("%.*s.%s.XXXXXX", (int)(base - path), path, base);
	if (!o->tmp_path) {
		free(o->path);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	fd = create_temp(o->tmp_path);
	if (fd < 0) {
		int e = errno;
		fail(o, err, "cannot create the output file", e);
		free(o->tmp_path);
		free(o->path);
		memset(o, 0, sizeof(*o));
		return false;
	}
	o->fp = fdopen(fd, "wb");
	if (!o->fp) {
		int e = errno;
		close(fd);
		unlink(o->tmp_path);
		tell(o->tmp_path, false);
		fail(o, err, "cannot open the output file", e);
		free(o->tmp_path);
		free(o->path);
		memset(o, 0, sizeof(*o));
		return false;
	}
	return true;
}

bool fc_output_write(struct fc_output *o, const void *data, size_t len)
{
	if (o->failed)
		return false;
	if (len && fwrite(data, 1, len, o->fp) != len) {
		o->failed = true;
		o->errno_value = errno ? errno : EIO;
		return false;
	}
	return true;
}

bool fc_output_printf(struct fc_output *o, const char *fmt, ...)
{
	va_list ap;
	int r;

	if (o->failed)
		return false;
	va_start(ap, fmt);
	r = vfprintf(o->fp, fmt, ap);
	va_end(ap);
	if (r < 0) {
		o->failed = true;
		o->errno_value = errno ? errno : EIO;
		return false;
	}
	return true;
}

static void release(struct fc_output *o)
{
	if (o->tmp_path)
		tell(o->tmp_path, false);
	free(o->path);
	free(o->tmp_path);
	memset(o, 0, sizeof(*o));
}

void fc_output_abort(struct fc_output *o)
{
	if (!o->path)
		return;
	if (o->tmp_path) {
		if (o->fp)
			fclose(o->fp);
		unlink(o->tmp_path);
	} else if (o->direct && o->fp) {
		fclose(o->fp);
	}
	release(o);
}

bool fc_output_commit(struct fc_output *o, struct fc_error *err)
{
	int e = 0;

	if (!o->tmp_path) {
		/* stdout or a device: a write error (EPIPE, ENOSPC) is reported,
		 * not ignored */
		if (fflush(o->fp) != 0 && !o->failed) {
			o->failed = true;
			o->errno_value = errno;
		}
		if (o->direct && fclose(o->fp) != 0 && !o->failed) {
			o->failed = true;
			o->errno_value = errno;
		}
		if (o->failed) {
			e = o->errno_value;
			fail(o, err, "write error", e);
			release(o);
			return false;
		}
		release(o);
		return true;
	}
	if (!o->failed && fflush(o->fp) != 0) {
		o->failed = true;
		o->errno_value = errno;
	}
	if (!o->failed && fsync(fileno(o->fp)) != 0 && errno != EINVAL) {
		o->failed = true;
		o->errno_value = errno;
	}
	if (fclose(o->fp) != 0 && !o->failed) {
		o->failed = true;
		o->errno_value = errno;
	}
	o->fp = NULL;
	if (!o->failed) {
		if (rename(o->tmp_path, o->path) != 0) {
			o->failed = true;
			o->errno_value = errno;
		}
	}
	if (o->failed) {
		e = o->errno_value;
		unlink(o->tmp_path);
		fail(o, err, "write error", e);
		release(o);
		return false;
	}
	release(o);
	return true;
}
