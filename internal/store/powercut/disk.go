// Package powercut is a disk that forgets, as LazyFS does: a FUSE
// filesystem over a folder that keeps every write nobody has fsync'd
// (file data, and a directory's entries until the directory is fsync'd)
// only "in the page cache", so a test can cut the power and find what a
// real disk would hold after a battery dies. It can also fill up and fail
// an fsync, for the same tests.
package powercut

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/hanwen/go-fuse/v2/fs"
	"github.com/hanwen/go-fuse/v2/fuse"
)

// Disk is a mounted folder whose unsynced writes a Cut forgets. Reads and
// writes pass through to the backing folder at once (it plays the page
// cache); what an fsync made durable is kept beside it, in memory, and a
// cut rewrites the backing folder from that.
type Disk struct {
	// Dir is where the disk is mounted: point the program under test here.
	Dir string
	// Backing is the folder the disk passes through to; after Cut and
	// Unmount it holds exactly what survived.
	Backing string

	mu sync.Mutex
	// root is the durable tree: what a cut leaves.
	root *object
	// live maps a backing file's inode number to the object it holds now.
	live map[uint64]*object
	// limit is the most bytes the files may hold (0: no limit); failFsyncs
	// is how many file fsyncs still fail.
	limit      int64
	failFsyncs int
	slowFsync  time.Duration
	cuts       int
	// off is set from the moment the power goes until the remount:
	// nothing more becomes durable, whatever a request in flight does.
	off bool

	server *fuse.Server
}

// object is one file or folder as the disk knows it: what is durable, and
// which of its live bytes are not.
type object struct {
	dir bool
	// meta is the mode and owner a cut gives it back (a database server
	// running as its own user checks both).
	meta meta
	// entries are a folder's durable names.
	entries map[string]*object
	// data is a file's durable content; dirty are the ranges of the live
	// file written since its last fsync.
	data  []byte
	dirty []span
}

type span struct{ off, end int64 }

// meta is a file's or folder's permission bits and owner.
type meta struct {
	perm     os.FileMode
	uid, gid int
}

// metaOf is what st says of perm and owner.
func metaOf(st *syscall.Stat_t) meta {
	return meta{perm: os.FileMode(st.Mode) & os.ModePerm, uid: int(st.Uid), gid: int(st.Gid)}
}

// lstatMeta is path's meta, or keep when it cannot be read.
func lstatMeta(path string, keep meta) meta {
	var st syscall.Stat_t
	if syscall.Lstat(path, &st) != nil {
		return keep
	}
	return metaOf(&st)
}

// maxSpans bounds the dirty ranges kept per file: past it they merge into
// one (a file mapped into memory and never synced writes often).
const maxSpans = 1024

// Mount serves backing at mountpoint (both folders must exist). What the
// backing folder holds now counts as durable.
func Mount(backing, mountpoint string) (*Disk, error) {
	d := &Disk{Dir: mountpoint, Backing: backing}
	if err := d.rescan(); err != nil {
		return nil, err
	}
	if err := d.mount(); err != nil {
		return nil, err
	}
	return d, nil
}

func (d *Disk) mount() error {
	var st syscall.Stat_t
	if err := syscall.Stat(d.Backing, &st); err != nil {
		return fmt.Errorf("powercut: %w", err)
	}
	lr := &fs.LoopbackRoot{Path: d.Backing, Dev: st.Dev}
	lr.NewNode = func(r *fs.LoopbackRoot, _ *fs.Inode, _ string, _ *syscall.Stat_t) fs.InodeEmbedder {
		return &node{LoopbackNode: fs.LoopbackNode{RootData: r}, disk: d}
	}
	root := lr.NewNode(lr, nil, "", &st)
	lr.RootNode = root
	zero := time.Duration(0)
	server, err := fs.Mount(d.Dir, root, &fs.Options{
		// The kernel asks again each time: after a cut nothing cached
		// may outlive the remount, and no other writer exists anyway.
		EntryTimeout: &zero, AttrTimeout: &zero, NegativeTimeout: &zero,
		MountOptions: fuse.MountOptions{
			// mount(2) itself, as root: no fusermount binary needed.
			DirectMountStrict: true,
			FsName:            "powercut", Name: "powercut",
			MaxBackground: 64,
			// A database server running as its own user (PostgreSQL
			// refuses root) uses the disk too; the kernel checks modes
			// and owners as on a real disk.
			AllowOther: true,
			Options:    []string{"default_permissions"},
		},
	})
	if err != nil {
		return fmt.Errorf("powercut: mount %s: %w", d.Dir, err)
	}
	d.server = server
	return nil
}

// Unmount stops serving; the backing folder keeps what the page cache
// held, as after a clean shutdown. Every file on the disk must be closed.
func (d *Disk) Unmount() error {
	if d.server == nil {
		return nil
	}
	var err error
	// A process just killed may take a moment to let go of its files.
	for range 100 {
		if err = d.server.Unmount(); err == nil {
			d.server.Wait()
			d.server = nil
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("powercut: unmount %s: %w", d.Dir, err)
}

// Cut is a power cut and the reboot after it: the disk is unmounted (so
// the kernel's cache goes too), the backing folder is rewritten to hold
// only what was fsync'd, and the disk is mounted again. Stop every process
// using the disk first, as the cut would.
func (d *Disk) Cut() error {
	d.PowerOff()
	if err := d.Unmount(); err != nil {
		return err
	}
	d.mu.Lock()
	err := d.restore()
	d.cuts++
	d.off = false
	d.mu.Unlock()
	if err != nil {
		return err
	}
	if err := d.rescan(); err != nil {
		return err
	}
	return d.mount()
}

// PowerOff is the moment of the cut: from now until Cut mounts the disk
// again, every write and fsync fails and nothing more becomes durable. A
// test calls it before killing the process, so an fsync the process left
// in flight cannot finish after the kill; Cut calls it too.
func (d *Disk) PowerOff() {
	d.mu.Lock()
	d.off = true
	d.mu.Unlock()
}

// SlowFsyncs makes every fsync of a file take at least wait, so a test can
// cut the power while one is under way.
func (d *Disk) SlowFsyncs(wait time.Duration) {
	d.mu.Lock()
	d.slowFsync = wait
	d.mu.Unlock()
}

// Cuts is how many times the power was cut.
func (d *Disk) Cuts() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.cuts
}

// Limit makes the disk full at bytes: a write whose bytes, added to what
// the files hold, would pass it fails with ENOSPC (overwrites too: see
// file.Write). 0 takes the limit away.
func (d *Disk) Limit(bytes int64) {
	d.mu.Lock()
	d.limit = bytes
	d.mu.Unlock()
}

// FailFsyncs makes the next n fsyncs of files fail with EIO. As on Linux,
// a failed fsync forgets that the file's unsynced writes were unsynced: a
// later fsync succeeds without making them durable, so a program that
// retries one as if it had worked loses them at the next cut.
func (d *Disk) FailFsyncs(n int) {
	d.mu.Lock()
	d.failFsyncs = n
	d.mu.Unlock()
}

// created records a new file or folder whose stat is st: whatever object
// its inode number held before (a file since removed) stays with the
// durable names that still point to it.
func (d *Disk) created(st *syscall.Stat_t, dir bool) *object {
	ino := st.Ino
	d.mu.Lock()
	defer d.mu.Unlock()
	o := &object{dir: dir, meta: metaOf(st)}
	if dir {
		o.entries = map[string]*object{}
	}
	d.live[ino] = o
	return o
}

// object is the object live at inode ino; one the disk never saw made
// (none should exist) counts as new and wholly unsynced.
func (d *Disk) object(ino uint64) *object {
	d.mu.Lock()
	defer d.mu.Unlock()
	o := d.live[ino]
	if o == nil {
		o = &object{dirty: []span{{0, 1 << 62}}, meta: meta{perm: 0o644}}
		d.live[ino] = o
	}
	return o
}

// wrote marks [off, end) of o unsynced.
func (d *Disk) wrote(o *object, off, end int64) {
	if end <= off {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	o.dirty = append(o.dirty, span{off, end})
	if len(o.dirty) > maxSpans {
		all := o.dirty[0]
		for _, s := range o.dirty[1:] {
			all.off, all.end = min(all.off, s.off), max(all.end, s.end)
		}
		o.dirty = append(o.dirty[:0], all)
	}
}

// errNoSpace is the full disk's answer.
var errNoSpace = syscall.ENOSPC

// room says whether the files may grow by more bytes (any write asks,
// and none may once the power is off).
func (d *Disk) room(more int64) syscall.Errno {
	d.mu.Lock()
	limit, off := d.limit, d.off
	d.mu.Unlock()
	if off {
		return syscall.EIO
	}
	if limit == 0 || more <= 0 {
		return 0
	}
	if used(d.Backing)+more > limit {
		return errNoSpace
	}
	return 0
}

// used is the bytes the files under path hold.
func used(path string) int64 {
	var n int64
	_ = filepath.WalkDir(path, func(_ string, e os.DirEntry, err error) error {
		if err == nil && e.Type().IsRegular() {
			if fi, err := e.Info(); err == nil {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}

// syncFile makes the unsynced ranges of o durable, reading them through
// fd, or fails as the disk was told to.
func (d *Disk) syncFile(o *object, fd int) syscall.Errno {
	d.mu.Lock()
	wait := d.slowFsync
	d.mu.Unlock()
	time.Sleep(wait)
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.off {
		return syscall.EIO
	}
	if d.failFsyncs > 0 {
		d.failFsyncs--
		o.dirty = nil
		return syscall.EIO
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return fs.ToErrno(err)
	}
	size := st.Size
	if int64(len(o.data)) < size {
		o.data = append(o.data, make([]byte, size-int64(len(o.data)))...)
	}
	o.data = o.data[:size]
	o.meta = metaOf(&st)
	for _, s := range o.dirty {
		end := min(s.end, size)
		if s.off >= end {
			continue
		}
		if _, err := syscall.Pread(fd, o.data[s.off:end], s.off); err != nil {
			return fs.ToErrno(err)
		}
	}
	o.dirty = nil
	return 0
}

// syncDir makes the live names of the folder at path its durable ones.
func (d *Disk) syncDir(o *object, path string) syscall.Errno {
	names, err := os.ReadDir(path)
	if err != nil {
		return fs.ToErrno(err)
	}
	entries := map[string]*object{}
	metas := map[*object]meta{o: lstatMeta(path, o.meta)}
	for _, n := range names {
		p := filepath.Join(path, n.Name())
		if ino := inode(p); ino != 0 && (n.IsDir() || n.Type().IsRegular()) {
			e := d.object(ino)
			entries[n.Name()] = e
			metas[e] = lstatMeta(p, e.meta)
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.off {
		return syscall.EIO
	}
	o.entries = entries
	// Like a journaling filesystem, a sync of the folder makes the mode
	// and owner of what it names durable too.
	for e, m := range metas {
		e.meta = m
	}
	return 0
}
