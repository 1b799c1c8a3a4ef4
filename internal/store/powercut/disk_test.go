package powercut_test

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"topsecret/internal/store/powercut"
)

// step is something a program does to the disk before the cut.
type step func(t *testing.T, dir string)

func write(name, text string, sync bool) step {
	return func(t *testing.T, dir string) {
		f, err := os.OpenFile(filepath.Join(dir, name), os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.WriteString(text); err != nil {
			t.Fatal(err)
		}
		if sync {
			if err := f.Sync(); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func overwrite(name string, off int64, text string, sync bool) step {
	return func(t *testing.T, dir string) {
		f, err := os.OpenFile(filepath.Join(dir, name), os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.WriteAt([]byte(text), off); err != nil {
			t.Fatal(err)
		}
		if sync {
			if err := f.Sync(); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func syncDir(path string) step {
	return func(t *testing.T, dir string) {
		f, err := os.Open(filepath.Join(dir, path))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := f.Sync(); err != nil {
			t.Fatal(err)
		}
	}
}

func do(what func(dir string) error) step {
	return func(t *testing.T, dir string) {
		if err := what(dir); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDisk_Cut(t *testing.T) {
	for _, tc := range []struct {
		name  string
		steps []step
		// want is each file's content after the cut; "" with gone.
		want map[string]string
		gone []string
	}{
		{name: "a write without fsync is gone",
			steps: []step{write("a", "kept", true), syncDir("."), overwrite("a", 0, "LOST", false)},
			want:  map[string]string{"a": "kept"}},
		{name: "a write with fsync stays",
			steps: []step{write("a", "kept", true), syncDir("."), overwrite("a", 2, "ST", true)},
			want:  map[string]string{"a": "keST"}},
		{name: "a new file whose folder was not fsync'd is gone",
			steps: []step{write("a", "data", true)},
			gone:  []string{"a"}},
		{name: "a new file fsync'd with its folder stays",
			steps: []step{write("a", "data", true), syncDir(".")},
			want:  map[string]string{"a": "data"}},
		{name: "a new file whose folder was fsync'd but not the file is empty",
			steps: []step{write("a", "data", false), syncDir(".")},
			want:  map[string]string{"a": ""}},
		{name: "a rename without the folder's fsync is undone",
			steps: []step{write("a", "data", true), syncDir("."), do(func(d string) error {
				return os.Rename(filepath.Join(d, "a"), filepath.Join(d, "b"))
			})},
			want: map[string]string{"a": "data"}, gone: []string{"b"}},
		{name: "a removal without the folder's fsync is undone",
			steps: []step{write("a", "data", true), syncDir("."), do(func(d string) error {
				return os.Remove(filepath.Join(d, "a"))
			})},
			want: map[string]string{"a": "data"}},
		{name: "a removal with the folder's fsync stays",
			steps: []step{write("a", "data", true), syncDir("."), do(func(d string) error {
				return os.Remove(filepath.Join(d, "a"))
			}), syncDir(".")},
			gone: []string{"a"}},
		{name: "a truncate without fsync is undone",
			steps: []step{write("a", "data", true), syncDir("."), do(func(d string) error {
				return os.Truncate(filepath.Join(d, "a"), 1)
			})},
			want: map[string]string{"a": "data"}},
		{name: "a truncate then a growth, fsync'd, reads zeros",
			steps: []step{write("a", "data", true), syncDir("."), do(func(d string) error {
				if err := os.Truncate(filepath.Join(d, "a"), 1); err != nil {
					return err
				}
				return os.Truncate(filepath.Join(d, "a"), 3)
			}), overwrite("a", 3, "!", true)},
			want: map[string]string{"a": "d\x00\x00!"}},
		{name: "a new folder needs its parent's fsync",
			steps: []step{do(func(d string) error { return os.Mkdir(filepath.Join(d, "sub"), 0o755) }),
				write("sub/a", "data", true), syncDir("sub")},
			gone: []string{"sub"}},
		{name: "a new folder fsync'd all the way stays",
			steps: []step{do(func(d string) error { return os.Mkdir(filepath.Join(d, "sub"), 0o755) }),
				write("sub/a", "data", true), syncDir("sub"), syncDir(".")},
			want: map[string]string{"sub/a": "data"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := powercut.MustMount(t)
			for _, s := range tc.steps {
				s(t, d.Dir)
			}
			if err := d.Cut(); err != nil {
				t.Fatal(err)
			}
			for name, want := range tc.want {
				got, err := os.ReadFile(filepath.Join(d.Dir, name))
				if err != nil {
					t.Fatalf("after the cut: %v", err)
				}
				if string(got) != want {
					t.Errorf("%s after the cut = %q, want %q", name, got, want)
				}
			}
			for _, name := range tc.gone {
				if _, err := os.Stat(filepath.Join(d.Dir, name)); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("%s after the cut: %v, want it gone", name, err)
				}
			}
		})
	}
}

func TestDisk_Limit(t *testing.T) {
	d := powercut.MustMount(t)
	write("a", "12345678", true)(t, d.Dir)
	d.Limit(12)
	f, err := os.OpenFile(filepath.Join(d.Dir, "a"), os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt([]byte("abcd"), 0); err != nil {
		t.Fatalf("writing up to the limit: %v", err)
	}
	if _, err := f.WriteAt([]byte("grow!"), 8); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("writing past the limit: %v, want ENOSPC", err)
	}
	d.Limit(0)
	if _, err := f.WriteAt([]byte("grow"), 8); err != nil {
		t.Fatalf("growing once space returned: %v", err)
	}
}

// TestDisk_FailFsyncs: a failed fsync forgets what it should have made
// durable, so a retry that succeeds does not bring it back (Linux's
// behaviour that PostgreSQL met as "fsyncgate").
func TestDisk_FailFsyncs(t *testing.T) {
	d := powercut.MustMount(t)
	write("a", "old!", true)(t, d.Dir)
	syncDir(".")(t, d.Dir)
	d.FailFsyncs(1)
	f, err := os.OpenFile(filepath.Join(d.Dir, "a"), os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt([]byte("new!"), 0); err != nil {
		t.Fatal(err)
	}
	if err := f.Sync(); !errors.Is(err, syscall.EIO) {
		t.Fatalf("fsync: %v, want EIO", err)
	}
	if err := f.Sync(); err != nil {
		t.Fatalf("fsync again: %v, want it to claim success", err)
	}
	f.Close()
	if err := d.Cut(); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(d.Dir, "a"))
	if err != nil || string(got) != "old!" {
		t.Fatalf("after the cut: %q %v, want the old text: the failed fsync's writes never reached the disk", got, err)
	}
}
