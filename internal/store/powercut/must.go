package powercut

import (
	"os"
	"path/filepath"
	"testing"
)

// MustMount mounts a fresh disk for the test and unmounts it in cleanup.
// Where FUSE cannot mount (no /dev/fuse, not root), the test is skipped,
// except in CI (CI=true), where that is a failure: CI has both.
func MustMount(tb testing.TB) *Disk {
	tb.Helper()
	base := tb.TempDir()
	backing, dir := filepath.Join(base, "backing"), filepath.Join(base, "mnt")
	for _, p := range []string{backing, dir} {
		if err := os.Mkdir(p, 0o755); err != nil {
			tb.Fatal(err)
		}
	}
	d, err := Mount(backing, dir)
	if err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("the power-cut disk must mount in CI: %v", err)
		}
		tb.Skipf("no power-cut disk here: %v", err)
	}
	tb.Cleanup(func() {
		if err := d.Unmount(); err != nil {
			tb.Error(err)
		}
	})
	return d
}
