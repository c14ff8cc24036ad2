package fsx

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeIn(t *testing.T, dir, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReliability_ReplaceDir: a directory output replaces an earlier one whole,
// keeps it when the build fails, refuses to delete files it did not write (naming them),
// ignores a killed run's temporary sibling (its mode: TestModesFollowUmask).
func TestReliability_ReplaceDir(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "report")
	build := func(content string) func(string) error {
		return func(dir string) error {
			writeIn(t, dir, "index.md", content)
			writeIn(t, dir, "tables/T2.csv", content)
			return nil
		}
	}
	// A leftover of a killed run must not disturb anything.
	if err := os.Mkdir(filepath.Join(parent, ".report.tmp-123"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := ReplaceDir(out, build("one")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatal(err)
	}
	if err := ReplaceDir(out, build("two")); err != nil {
		t.Fatalf("replacing an earlier output: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "tables/T2.csv")); string(b) != "two" {
		t.Fatalf("content %q after replace, want two", b)
	}
	// A failed build leaves the earlier output untouched and no temporary behind.
	if err := ReplaceDir(out, func(dir string) error {
		writeIn(t, dir, "index.md", "half")
		return errors.New("boom")
	}); err == nil || err.Error() != "boom" {
		t.Fatalf("failed build: err %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "index.md")); string(b) != "two" {
		t.Fatalf("earlier output changed by a failed build: %q", b)
	}
	for _, n := range dirEntries(t, parent) {
		if n != "report" && n != ".report.tmp-123" {
			t.Errorf("left behind: %s", n)
		}
	}
	// A user's file inside it: refused, named, nothing deleted.
	writeIn(t, out, "notes.txt", "mine")
	err := ReplaceDir(out, build("three"))
	if err == nil || !strings.Contains(err.Error(), "notes.txt") {
		t.Fatalf("replacing a directory with a foreign file: err %v, want one naming notes.txt", err)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "notes.txt")); string(b) != "mine" {
		t.Fatal("the user's file was touched")
	}
	// A directory never written by ReplaceDir (no manifest) is refused; an empty one is not.
	other := filepath.Join(parent, "tree")
	writeIn(t, other, "main.go", "package main")
	if err := ReplaceDir(other, build("x")); err == nil || !strings.Contains(err.Error(), "not written by sabench-stats") {
		t.Fatalf("replacing a foreign directory: %v", err)
	}
	empty := filepath.Join(parent, "empty")
	os.Mkdir(empty, 0o755)
	if err := ReplaceDir(empty, build("x")); err != nil {
		t.Fatalf("replacing an empty directory: %v", err)
	}
	// A file where the directory should go is refused.
	writeIn(t, parent, "file", "x")
	if err := ReplaceDir(filepath.Join(parent, "file"), build("x")); err == nil {
		t.Fatal("replaced a regular file")
	}
}

// A directory reached through a symbolic link is replaced where the link points, and the
// link stays (a rename over the link would have put a directory in its place; before,
// the link was refused as "not a directory").
func TestReplaceDirFollowsALink(t *testing.T) {
	root := t.TempDir()
	real, link := filepath.Join(root, "reports", "run-1"), filepath.Join(root, "latest")
	if err := os.MkdirAll(real, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("reports", "run-1"), link); err != nil {
		t.Skipf("no symbolic links: %v", err)
	}
	for _, content := range []string{"first", "second"} { // create, then replace
		if err := CheckReplaceable(link); err != nil {
			t.Fatalf("%s: %v", content, err)
		}
		if err := ReplaceDir(link, func(dir string) error {
			return os.WriteFile(filepath.Join(dir, "t2.md"), []byte(content), 0o644)
		}); err != nil {
			t.Fatalf("%s: %v", content, err)
		}
		if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("%s: the link was replaced: %v, %v", content, st.Mode(), err)
		}
		if got, err := os.ReadFile(filepath.Join(real, "t2.md")); err != nil || string(got) != content {
			t.Fatalf("%s: the linked directory holds %q, %v", content, got, err)
		}
	}
}
