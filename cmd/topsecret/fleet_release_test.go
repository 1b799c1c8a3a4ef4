package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// During a rolling deploy the previous release and this build serve rooms
// side by side on one database, migrated by this build: migrations only
// add, so the old binary works on the new schema. Three instances of the
// previous release (built from git history, see releaseBinary) are
// replaced one by one by this build while phones play; midway, rooms run
// on both, and afterwards every acknowledged action is in its log exactly
// once.
//
// Building the previous release takes 40 s on two quiet cores and minutes
// on busy ones, too long for the suite: it runs with FLEET_RELEASE=1,
// which .ci/run sets after the suite, and in the fleet soak.
func TestFleet_PreviousReleaseBesideThisOne(t *testing.T) {
	if testing.Short() || os.Getenv("FLEET_RELEASE") != "1" {
		t.Skip("SKIPPED, not run: set FLEET_RELEASE=1 to build the previous release and deploy from it to this build (.ci/run does)")
	}
	old := releaseBinary(t)
	cur := buildBinary(t)
	redeploy(t, old, cur, envInt("FLEET_ROOMS", 12), false)
}

// releaseBinary builds the previous release from git history: the main
// line's last commit before the latest one that changed migrations/, so
// the old binary meets a schema one migration newer than its own (today
// 580c46c, before 0010_night_closed). The binary is kept in the temporary
// directory by commit, as a build takes about 40 s on two cores. Without
// the history (no git, a shallow clone) the test skips, saying so; in CI
// ($CI set) it fails instead, as a clean clone has the history.
func releaseBinary(t *testing.T) string {
	t.Helper()
	commit, err := previousRelease()
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the previous release cannot be built from git history: %v", err)
		}
		t.Skipf("SKIPPED, not run: the previous release cannot be built from git history (%v)", err)
	}
	bin := filepath.Join(os.TempDir(), "topsecret-release-"+commit[:12], "topsecret")
	if _, err := os.Stat(bin); err == nil {
		t.Logf("previous release %.12s: the binary built before", commit)
		return bin
	}
	began := time.Now()
	src := t.TempDir()
	top, _ := gitOut("rev-parse", "--show-toplevel")
	archive := exec.Command("sh", "-c", `git -C "$1" archive "$2" | tar -x -C "$3"`, "sh", top, commit, src)
	if out, err := archive.CombinedOutput(); err != nil {
		t.Fatalf("git archive %s: %v\n%s", commit, err, out)
	}
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	// Built beside, then renamed: a run killed mid-build leaves no half
	// binary. Not -trimpath: that would rebuild every dependency too,
	// minutes on a busy machine, where without it they come from the
	// build cache.
	tmp := bin + fmt.Sprintf(".%d", os.Getpid())
	build := exec.Command("go", "build", "-o", tmp, "./cmd/topsecret")
	build.Dir = src
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build the previous release %s: %v\n%s", commit, err, out)
	}
	if err := os.Rename(tmp, bin); err != nil {
		t.Fatal(err)
	}
	t.Logf("previous release %.12s built in %v", commit, time.Since(began).Round(100*time.Millisecond))
	return bin
}

// previousRelease is the commit releaseBinary builds.
func previousRelease() (string, error) {
	if shallow, err := gitOut("rev-parse", "--is-shallow-repository"); err != nil {
		return "", err
	} else if shallow == "true" {
		return "", errors.New("a shallow clone: fetch the history with git fetch --unshallow")
	}
	last, err := gitOut("log", "--first-parent", "-1", "--format=%H", "HEAD", "--", "../../migrations")
	if err != nil {
		return "", err
	}
	if last == "" {
		return "", errors.New("no commit changed migrations/")
	}
	return gitOut("rev-parse", "--verify", last+"^1")
}

func gitOut(args ...string) (string, error) {
	out, err := exec.Command("git", args...).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(string(ee.Stderr)))
		}
		return "", fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out)), nil
}
