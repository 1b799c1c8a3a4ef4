package powercut_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"topsecret/internal/store/powercut"
)

// TestCutKeepsModeAndOwner: a database server running as its own user
// (PostgreSQL refuses root, and checks its data directory is its own and
// 0700) must find its files its own after a cut. A file made through the
// disk by another user is that user's, and the mode and owner of what a
// synced folder names come back after the cut.
func TestCutKeepsModeAndOwner(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to act as another user")
	}
	const nobody = 65534
	disk := powercut.MustMount(t)
	// The testing package's folders are 0700: let the other user through.
	for p := filepath.Dir(disk.Dir); p != filepath.Dir(p) && p != filepath.Clean(os.TempDir()); p = filepath.Dir(p) {
		if err := os.Chmod(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	own := filepath.Join(disk.Dir, "own")
	if err := os.Mkdir(own, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(own, nobody, nobody); err != nil {
		t.Fatal(err)
	}
	// As the other user: make a file and sync it and its folder.
	sh := exec.Command("sh", "-c", "umask 077 && echo hand > "+own+"/f && sync "+own+"/f "+own)
	sh.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	if out, err := sh.CombinedOutput(); err != nil {
		t.Fatalf("as another user: %v %s", err, out)
	}
	root, err := os.Open(disk.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := root.Sync(); err != nil {
		t.Fatal(err)
	}
	root.Close()
	// The kernel checks permissions as on a real disk: a third user may
	// not read a 0600 file in a 0700 folder.
	other := exec.Command("cat", own+"/f")
	other.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 1, Gid: 1}}
	if err := other.Run(); err == nil {
		t.Fatal("a third user read a 0600 file in a 0700 folder: the disk does not check permissions")
	}
	if err := disk.Cut(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		perm os.FileMode
	}{{"own", 0o700}, {"own/f", 0o600}} {
		fi, err := os.Stat(filepath.Join(disk.Dir, c.name))
		if err != nil {
			t.Fatalf("%s after the cut: %v", c.name, err)
		}
		st := fi.Sys().(*syscall.Stat_t)
		if fi.Mode().Perm() != c.perm || st.Uid != nobody || st.Gid != nobody {
			t.Errorf("%s after the cut: %v owned by %d:%d, want %v owned by %d:%d",
				c.name, fi.Mode().Perm(), st.Uid, st.Gid, c.perm, nobody, nobody)
		}
	}
	if b, err := os.ReadFile(filepath.Join(disk.Dir, "own", "f")); err != nil || string(b) != "hand\n" {
		t.Fatalf("the synced file after the cut: %q, %v", b, err)
	}
}
