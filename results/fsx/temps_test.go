package fsx

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestRemoveTemps: a stop while an output is being written removes its temporary file and
// a report's temporary directory (what a signal left behind as .NAME.tmp-*), and the write
// then puts nothing in place (an error: ErrStopped for the file); an output already in place stays. Not parallel:
// RemoveTemps acts on every output of the process.
func TestRemoveTemps(t *testing.T) {
	defer func() { temps.Lock(); temps.stopped = false; temps.Unlock() }()
	dir := t.TempDir()
	done := filepath.Join(dir, "done.txt")
	if err := WriteFileAtomic(done, func(w io.Writer) error { _, err := io.WriteString(w, "whole"); return err }); err != nil {
		t.Fatal(err)
	}
	started, release := make(chan string), make(chan bool)
	fileErr, dirErr := make(chan error, 1), make(chan error, 1)
	go func() {
		fileErr <- WriteFileAtomic(filepath.Join(dir, "v.jsonl"), func(w io.Writer) error {
			io.WriteString(w, "half")
			started <- "file"
			<-release
			return nil
		})
	}()
	go func() {
		dirErr <- ReplaceDir(filepath.Join(dir, "rep"), func(d string) error {
			if err := os.WriteFile(filepath.Join(d, "T1.txt"), []byte("half"), 0o644); err != nil {
				return err
			}
			started <- "dir"
			<-release
			return nil
		})
	}()
	<-started
	<-started
	removed := RemoveTemps()
	close(release)
	if err := <-fileErr; !errors.Is(err, ErrStopped) {
		t.Errorf("file written after RemoveTemps: %v, want ErrStopped", err)
	}
	if err := <-dirErr; err == nil { // its manifest has nowhere to go, or ErrStopped
		t.Errorf("directory built after RemoveTemps: no error")
	}
	if len(removed) != 2 {
		t.Errorf("removed %q, want the file's and the directory's temporaries", removed)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !reflect.DeepEqual(names, []string{"done.txt"}) {
		t.Errorf("left in the directory: %q, want done.txt alone", names)
	}
}

// TestNoTempAfterRemoveTemps: once a signal's RemoveTemps ran, no temporary is made while
// the program exits: a write neither starts nor leaves a file, a report is not built. A
// temporary made and then tracked apart outlived the exit when RemoveTemps ran between.
func TestNoTempAfterRemoveTemps(t *testing.T) {
	defer func() { temps.Lock(); temps.stopped = false; temps.Unlock() }()
	dir := t.TempDir()
	RemoveTemps()
	wrote := false
	err := WriteFileAtomic(filepath.Join(dir, "late.txt"), func(w io.Writer) error { wrote = true; return nil })
	if !errors.Is(err, ErrStopped) || wrote {
		t.Errorf("write after RemoveTemps: error %v, write ran %v; want ErrStopped and no write", err, wrote)
	}
	built := false
	err = ReplaceDir(filepath.Join(dir, "rep"), func(string) error { built = true; return nil })
	if !errors.Is(err, ErrStopped) || built {
		t.Errorf("report after RemoveTemps: error %v, build ran %v; want ErrStopped and no build", err, built)
	}
	// The check of --out makes a temporary too: tracked, none is made once stopped.
	if err := CheckWritable("--out", filepath.Join(dir, "x.csv"), dir); !errors.Is(err, ErrStopped) {
		t.Errorf("CheckWritable after RemoveTemps: %v, want ErrStopped", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left in the directory: %v", entries)
	}
	temps.Lock()
	n := len(temps.paths)
	temps.Unlock()
	if n != 0 {
		t.Errorf("%d temporaries tracked after RemoveTemps", n)
	}
}
