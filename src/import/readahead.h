/* Read-ahead of a large regular file: a thread reads the next chunks while
 * the importer parses the current one, so that the kernel's copy from the
 * page cache runs beside the parse instead of before it. The bytes and
 * their order are exactly what read() gives. */
#ifndef FC_IMPORT_READAHEAD_H
#define FC_IMPORT_READAHEAD_H

#include <stddef.h>

struct fc_readahead;

/* Starts reading fd from its current offset in chunks of chunk bytes. NULL
 * when no thread or memory can be had: the caller then reads directly. */
struct fc_readahead *fc_readahead_start(int fd, size_t chunk);

/* Up to cap bytes into dst: 0 at the end of the file, -1 on a read error
 * (*errno_out is the read's errno). Waits for the thread when it is behind. */
long fc_readahead_read(struct fc_readahead *ra, unsigned char *dst, size_t cap, int *errno_out);

/* Stops the thread and frees everything; the fd's offset is then past what
 * was read ahead. NULL does nothing. */
void fc_readahead_stop(struct fc_readahead *ra);

#endif
