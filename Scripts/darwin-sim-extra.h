// Darwin declarations the project uses that ../shared/darwin-sim's stand-in lacks, copied as
// Apple's headers write them (macOS SDK usr/include). Read by darwin-sim's typecheck.sh only.

// sys/errno.h
#define ESRCH 3 /* No such process */

// sys/fcntl.h
#define O_NONBLOCK 0x00000004 /* no delay */
#define LOCK_SH 0x01 /* shared file lock */
#define LOCK_EX 0x02 /* exclusive file lock */
#define LOCK_NB 0x04 /* don't block when locking */
#define LOCK_UN 0x08 /* unlock file */
int flock(int, int);

// unistd.h
#define _SC_PAGESIZE 29

// sys/_types/_iovec_t.h
struct iovec {
	void *  iov_base;       /* [XSI] Base address of I/O memory region */
	size_t   iov_len;       /* [XSI] Size of region iov_base points to */
};

// sys/uio.h
ssize_t writev(int, const struct iovec *, int);
