package powercut

import (
	"context"
	"os"
	"strconv"
	"syscall"

	"github.com/hanwen/go-fuse/v2/fs"
	"github.com/hanwen/go-fuse/v2/fuse"
	"golang.org/x/sys/unix"
)

// file is an open file of the disk. It offers no passthrough descriptor,
// so every write reaches the disk, which marks it unsynced.
type file struct {
	f    *os.File
	o    *object
	disk *Disk
}

var (
	_ fs.FileReader    = (*file)(nil)
	_ fs.FileWriter    = (*file)(nil)
	_ fs.FileFsyncer   = (*file)(nil)
	_ fs.FileReleaser  = (*file)(nil)
	_ fs.FileFlusher   = (*file)(nil)
	_ fs.FileGetattrer = (*file)(nil)
	_ fs.FileAllocater = (*file)(nil)
)

func (h *file) fd() int { return int(h.f.Fd()) }

// Read reads the live file: what a running program sees is the page cache.
func (h *file) Read(_ context.Context, buf []byte, off int64) (fuse.ReadResult, syscall.Errno) {
	n, err := syscall.Pread(h.fd(), buf, off)
	if err != nil {
		return nil, fs.ToErrno(err)
	}
	return fuse.ReadResultData(buf[:n]), 0
}

// Write writes through to the live file and marks the bytes unsynced. On
// a full disk even an overwrite fails, as on a copy-on-write filesystem,
// which writes every block anew.
func (h *file) Write(_ context.Context, data []byte, off int64) (uint32, syscall.Errno) {
	if errno := h.disk.room(int64(len(data))); errno != 0 {
		return 0, errno
	}
	n, err := syscall.Pwrite(h.fd(), data, off)
	h.disk.wrote(h.o, off, off+int64(n))
	return uint32(n), fs.ToErrno(err)
}

// Fsync makes the file's unsynced bytes durable.
func (h *file) Fsync(context.Context, uint32) syscall.Errno {
	return h.disk.syncFile(h.o, h.fd())
}

// Release closes the backing file.
func (h *file) Release(context.Context) syscall.Errno {
	return fs.ToErrno(h.f.Close())
}

// Flush is close(2) on one descriptor: it makes nothing durable.
func (h *file) Flush(context.Context) syscall.Errno { return 0 }

// Getattr answers from the open file, which may have no name any more.
func (h *file) Getattr(_ context.Context, out *fuse.AttrOut) syscall.Errno {
	var st syscall.Stat_t
	if err := syscall.Fstat(h.fd(), &st); err != nil {
		return fs.ToErrno(err)
	}
	out.FromStat(&st)
	return 0
}

// Allocate reserves space, which counts against the limit and as a write.
func (h *file) Allocate(_ context.Context, off, size uint64, mode uint32) syscall.Errno {
	var st syscall.Stat_t
	if err := syscall.Fstat(h.fd(), &st); err != nil {
		return fs.ToErrno(err)
	}
	end := int64(off + size)
	if errno := h.disk.room(end - st.Size); errno != 0 {
		return errno
	}
	if err := unix.Fallocate(h.fd(), mode, int64(off), int64(size)); err != nil {
		return fs.ToErrno(err)
	}
	h.disk.wrote(h.o, int64(off), end)
	return 0
}

// setattr changes mode, size or times through the open file.
func (h *file) setattr(in *fuse.SetAttrIn, out *fuse.AttrOut) syscall.Errno {
	if m, ok := in.GetMode(); ok {
		if err := syscall.Fchmod(h.fd(), m); err != nil {
			return fs.ToErrno(err)
		}
	}
	if sz, ok := in.GetSize(); ok {
		if err := syscall.Ftruncate(h.fd(), int64(sz)); err != nil {
			return fs.ToErrno(err)
		}
	}
	mtime, mok := in.GetMTime()
	atime, aok := in.GetATime()
	if mok || aok {
		ts := []unix.Timespec{{Nsec: unix.UTIME_OMIT}, {Nsec: unix.UTIME_OMIT}}
		if aok {
			ts[0] = unix.NsecToTimespec(atime.UnixNano())
		}
		if mok {
			ts[1] = unix.NsecToTimespec(mtime.UnixNano())
		}
		if err := unix.UtimesNanoAt(unix.AT_FDCWD, "/proc/self/fd/"+strconv.Itoa(h.fd()), ts, 0); err != nil {
			return fs.ToErrno(err)
		}
	}
	return h.Getattr(context.Background(), out)
}
