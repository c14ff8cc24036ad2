package fsx

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// dirEntries lists the names in dir, to catch leftover temporary files.
func dirEntries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t2.md")
	if err := WriteFileAtomic(path, func(w io.Writer) error {
		_, err := io.WriteString(w, "hello\n")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != "hello\n" {
		t.Fatalf("content %q, %v", got, err)
	}
	if names := dirEntries(t, dir); len(names) != 1 || names[0] != "t2.md" {
		t.Errorf("directory holds %q", names)
	}
}

// TestWriteFileAtomicError: a failing write leaves no file, and an existing file intact.
func TestWriteFileAtomicError(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	boom := errors.New("boom")
	failing := func(w io.Writer) error {
		io.WriteString(w, "partial")
		return boom
	}
	if err := WriteFileAtomic(path, failing); !errors.Is(err, boom) {
		t.Fatalf("error %v, want boom", err)
	}
	if names := dirEntries(t, dir); len(names) != 0 {
		t.Fatalf("a failed write left %q", names)
	}
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(path, failing); !errors.Is(err, boom) {
		t.Fatalf("error %v, want boom", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("the old file became %q", got)
	}
	if names := dirEntries(t, dir); len(names) != 1 {
		t.Errorf("directory holds %q", names)
	}
}

// TestWriteFileAtomicPanic: a panicking writer leaves no temporary file behind.
func TestWriteFileAtomicPanic(t *testing.T) {
	dir := t.TempDir()
	func() {
		defer func() { recover() }()
		WriteFileAtomic(filepath.Join(dir, "x"), func(w io.Writer) error { panic("writer bug") })
	}()
	if names := dirEntries(t, dir); len(names) != 0 {
		t.Errorf("a panic left %q", names)
	}
}

func TestWriteFileAtomicBadPath(t *testing.T) {
	dir := t.TempDir()
	ok := func(w io.Writer) error { return nil }
	missing := filepath.Join(dir, "missing", "x.txt")
	var pe *os.PathError
	if err := WriteFileAtomic(missing, ok); !errors.Is(err, os.ErrNotExist) || !errors.As(err, &pe) || pe.Path != missing {
		t.Errorf("missing directory: %v (want the path asked for, not the temporary file's)", err)
	}
	if err := WriteFileAtomic(dir+string(filepath.Separator), ok); err == nil {
		t.Error("a directory path was accepted")
	}
	if err := WriteFileAtomic(filepath.Join(dir, "y"), nil); err == nil {
		t.Error("nil write accepted")
	}
	// A directory is refused before anything is written (write is not called), saying
	// so; the rename over it failed at the end with "file exists", after the work.
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	called := false
	if err := WriteFileAtomic(sub, func(io.Writer) error { called = true; return nil }); err == nil || called || err.Error() != "write "+sub+": is a directory, not a file" {
		t.Errorf("a directory: %v, write called %v", err, called)
	}
	if names := dirEntries(t, dir); len(names) != 1 || names[0] != "sub" {
		t.Errorf("directory holds %q", names)
	}
}

// A symbolic link keeps pointing at the file it names, which is replaced.
func TestWriteFileAtomicFollowsALink(t *testing.T) {
	dir := t.TempDir()
	target, link := filepath.Join(dir, "real.csv"), filepath.Join(dir, "link.csv")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.csv", link); err != nil {
		t.Skipf("no symbolic links: %v", err)
	}
	if err := WriteFileAtomic(link, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v, %v", st.Mode(), err)
	}
	if got, err := os.ReadFile(target); err != nil || string(got) != "new" {
		t.Errorf("the file the link names holds %q, %v", got, err)
	}
}
