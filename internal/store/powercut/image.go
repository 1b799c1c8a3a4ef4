package powercut

// What a cut leaves: the backing folder rewritten from the durable tree,
// and that tree read back from a folder.

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// restore rewrites the backing folder from the durable tree.
func (d *Disk) restore() error {
	names, err := os.ReadDir(d.Backing)
	if err != nil {
		return fmt.Errorf("powercut: %w", err)
	}
	for _, n := range names {
		if err := os.RemoveAll(filepath.Join(d.Backing, n.Name())); err != nil {
			return fmt.Errorf("powercut: %w", err)
		}
	}
	return writeTree(d.Backing, d.root)
}

func writeTree(path string, dir *object) error {
	for name, o := range dir.entries {
		p := filepath.Join(path, name)
		var err error
		if o.dir {
			if err = os.Mkdir(p, 0o700); err == nil {
				err = writeTree(p, o)
			}
		} else {
			err = os.WriteFile(p, o.data, 0o600)
		}
		if err == nil {
			err = os.Chown(p, o.meta.uid, o.meta.gid)
		}
		if err == nil {
			err = os.Chmod(p, o.meta.perm)
		}
		if err != nil {
			return fmt.Errorf("powercut: restore: %w", err)
		}
	}
	return nil
}

// rescan takes everything in the backing folder as durable.
func (d *Disk) rescan() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.live = map[uint64]*object{}
	root, err := d.scan(d.Backing)
	if err != nil {
		return fmt.Errorf("powercut: %w", err)
	}
	d.root = root
	return nil
}

func (d *Disk) scan(path string) (*object, error) {
	o := &object{dir: true, entries: map[string]*object{}, meta: lstatMeta(path, meta{perm: 0o755})}
	d.live[inode(path)] = o
	names, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		p := filepath.Join(path, n.Name())
		switch {
		case n.IsDir():
			if o.entries[n.Name()], err = d.scan(p); err != nil {
				return nil, err
			}
		case n.Type().IsRegular():
			data, err := os.ReadFile(p)
			if err != nil {
				return nil, err
			}
			f := &object{data: data, meta: lstatMeta(p, meta{perm: 0o644})}
			d.live[inode(p)] = f
			o.entries[n.Name()] = f
		}
	}
	return o, nil
}

// inode is path's inode number, 0 when it has none.
func inode(path string) uint64 {
	var st syscall.Stat_t
	if syscall.Lstat(path, &st) != nil {
		return 0
	}
	return st.Ino
}
