package powercut

import (
	"context"
	"os"
	"path/filepath"
	"syscall"

	"github.com/hanwen/go-fuse/v2/fs"
	"github.com/hanwen/go-fuse/v2/fuse"
)

// node is a file or folder of the disk: the loopback's, with every call
// that writes or syncs seen by the disk first.
type node struct {
	fs.LoopbackNode
	disk *Disk
}

var (
	_ fs.NodeCreater   = (*node)(nil)
	_ fs.NodeOpener    = (*node)(nil)
	_ fs.NodeMkdirer   = (*node)(nil)
	_ fs.NodeFsyncer   = (*node)(nil)
	_ fs.NodeSetattrer = (*node)(nil)
)

// path is the node's file in the backing folder.
func (n *node) path() string {
	return filepath.Join(n.disk.Backing, n.EmbeddedInode().Path(nil))
}

func (n *node) child(ctx context.Context, name string, st *syscall.Stat_t, out *fuse.EntryOut) *fs.Inode {
	out.FromStat(st)
	ch := n.RootData.NewNode(n.RootData, n.EmbeddedInode(), name, st)
	return n.NewInode(ctx, ch, fs.StableAttr{Mode: st.Mode, Ino: st.Ino})
}

// Create makes a new file, live at once and durable only once both it
// and its folder are fsync'd.
func (n *node) Create(ctx context.Context, name string, flags, mode uint32, out *fuse.EntryOut) (*fs.Inode, fs.FileHandle, uint32, syscall.Errno) {
	p := filepath.Join(n.path(), name)
	f, err := os.OpenFile(p, readable(flags&^syscall.O_APPEND)|os.O_CREATE, os.FileMode(mode))
	if err != nil {
		return nil, nil, 0, fs.ToErrno(err)
	}
	if err := own(ctx, p); err != nil {
		f.Close()
		return nil, nil, 0, fs.ToErrno(err)
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(int(f.Fd()), &st); err != nil {
		f.Close()
		return nil, nil, 0, fs.ToErrno(err)
	}
	o := n.disk.created(&st, false)
	return n.child(ctx, name, &st, out), &file{f: f, o: o, disk: n.disk}, 0, 0
}

// Mkdir makes a new folder, durable once its parent is fsync'd.
func (n *node) Mkdir(ctx context.Context, name string, mode uint32, out *fuse.EntryOut) (*fs.Inode, syscall.Errno) {
	p := filepath.Join(n.path(), name)
	if err := os.Mkdir(p, os.FileMode(mode)); err != nil {
		return nil, fs.ToErrno(err)
	}
	if err := own(ctx, p); err != nil {
		return nil, fs.ToErrno(err)
	}
	var st syscall.Stat_t
	if err := syscall.Lstat(p, &st); err != nil {
		return nil, fs.ToErrno(err)
	}
	n.disk.created(&st, true)
	return n.child(ctx, name, &st, out), 0
}

// own gives a new file or folder to the user who made it, as a disk
// does: the disk is served by root, which would otherwise own everything.
func own(ctx context.Context, path string) error {
	caller, ok := fuse.FromContext(ctx)
	if !ok || os.Getuid() != 0 {
		return nil
	}
	return os.Lchown(path, int(caller.Uid), int(caller.Gid))
}

// Mknod, Symlink and Link are refused: the disk keeps files and folders
// only, which is all a database needs.
func (n *node) Mknod(context.Context, string, uint32, uint32, *fuse.EntryOut) (*fs.Inode, syscall.Errno) {
	return nil, syscall.EPERM
}

// Symlink is refused (see Mknod).
func (n *node) Symlink(context.Context, string, string, *fuse.EntryOut) (*fs.Inode, syscall.Errno) {
	return nil, syscall.EPERM
}

// Link is refused (see Mknod).
func (n *node) Link(context.Context, fs.InodeEmbedder, string, *fuse.EntryOut) (*fs.Inode, syscall.Errno) {
	return nil, syscall.EPERM
}

// CopyFileRange is left to the caller's reads and writes, which the disk
// sees.
func (n *node) CopyFileRange(context.Context, fs.FileHandle, uint64, *fs.Inode, fs.FileHandle, uint64, uint64, uint64) (uint32, syscall.Errno) {
	return 0, syscall.ENOSYS
}

// Open opens the backing file; O_TRUNC's cut counts as a write.
func (n *node) Open(ctx context.Context, flags uint32) (fs.FileHandle, uint32, syscall.Errno) {
	p := n.path()
	var before syscall.Stat_t
	truncating := flags&syscall.O_TRUNC != 0 && syscall.Lstat(p, &before) == nil
	f, err := os.OpenFile(p, readable(flags&^(syscall.O_APPEND|fuse.FMODE_EXEC)), 0)
	if err != nil {
		return nil, 0, fs.ToErrno(err)
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(int(f.Fd()), &st); err != nil {
		f.Close()
		return nil, 0, fs.ToErrno(err)
	}
	o := n.disk.object(st.Ino)
	if truncating {
		n.disk.wrote(o, 0, before.Size)
	}
	return &file{f: f, o: o, disk: n.disk}, 0, 0
}

// Setattr passes through; a change of size counts as a write of the bytes
// between the old end and the new.
func (n *node) Setattr(ctx context.Context, f fs.FileHandle, in *fuse.SetAttrIn, out *fuse.AttrOut) syscall.Errno {
	size, resizing := in.GetSize()
	p := n.path()
	var before syscall.Stat_t
	if h, ok := f.(*file); ok {
		if err := syscall.Fstat(int(h.f.Fd()), &before); err != nil {
			return fs.ToErrno(err)
		}
	} else if err := syscall.Lstat(p, &before); err != nil {
		return fs.ToErrno(err)
	}
	if resizing {
		if errno := n.disk.room(int64(size) - before.Size); errno != 0 {
			return errno
		}
	}
	var errno syscall.Errno
	if h, ok := f.(*file); ok {
		errno = h.setattr(in, out)
	} else {
		errno = n.LoopbackNode.Setattr(ctx, nil, in, out)
	}
	if errno == 0 && resizing {
		o := n.disk.object(before.Ino)
		n.disk.wrote(o, min(before.Size, int64(size)), max(before.Size, int64(size)))
	}
	return errno
}

// Fsync makes a file's writes, or a folder's names, durable.
func (n *node) Fsync(ctx context.Context, f fs.FileHandle, flags uint32) syscall.Errno {
	p := n.path()
	var st syscall.Stat_t
	if err := syscall.Lstat(p, &st); err != nil && n.IsDir() {
		return fs.ToErrno(err)
	}
	if n.IsDir() {
		return n.disk.syncDir(n.disk.object(st.Ino), p)
	}
	if h, ok := f.(*file); ok {
		return h.Fsync(ctx, flags)
	}
	h, _, errno := n.Open(ctx, syscall.O_RDONLY)
	if errno != 0 {
		return errno
	}
	defer h.(*file).Release(ctx)
	return h.(*file).Fsync(ctx, flags)
}

// readable opens a write-only file for reading too: an fsync reads the
// unsynced bytes back through the same descriptor.
func readable(flags uint32) int {
	if flags&syscall.O_ACCMODE == syscall.O_WRONLY {
		flags = flags&^syscall.O_ACCMODE | syscall.O_RDWR
	}
	return int(flags)
}

// OpendirHandle lists the backing folder; an fsync of the open folder
// reaches the disk (the loopback's own handle would sync the backing
// folder and tell the disk nothing).
func (n *node) OpendirHandle(ctx context.Context, flags uint32) (fs.FileHandle, uint32, syscall.Errno) {
	ds, errno := fs.NewLoopbackDirStream(n.path())
	if errno != 0 {
		return nil, 0, errno
	}
	inner, ok := ds.(listing)
	if !ok {
		ds.Close()
		return nil, 0, syscall.ENOTSUP
	}
	return &folder{listing: inner, n: n}, 0, 0
}

// listing is what the loopback's folder handle offers.
type listing interface {
	fs.FileReaddirenter
	fs.FileSeekdirer
	fs.FileReleasedirer
}

// folder is an open folder of the disk.
type folder struct {
	listing
	n *node
}

var _ fs.FileFsyncdirer = (*folder)(nil)

// Fsyncdir makes the folder's names durable.
func (f *folder) Fsyncdir(ctx context.Context, flags uint32) syscall.Errno {
	return f.n.Fsync(ctx, nil, flags)
}
