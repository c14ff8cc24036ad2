//go:build unix

package fsx

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A named pipe (like a device such as /dev/null, which the test leaves alone) is written
// in place: a rename would have put a regular file where it was, and its reader would
// never see the bytes.
func TestWriteFileAtomicWritesAPipeInPlace(t *testing.T) {
	pipe := filepath.Join(t.TempDir(), "out.jsonl")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Skipf("no named pipes: %v", err)
	}
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(pipe)
		if err != nil {
			got <- "open: " + err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	if err := WriteFileAtomic(pipe, func(w io.Writer) error { _, err := io.WriteString(w, "verdicts\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(pipe); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("after the write %s is %v, %v: no longer the pipe", pipe, st.Mode(), err)
	}
	select {
	case s := <-got:
		if s != "verdicts\n" {
			t.Errorf("the pipe's reader got %q", s)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the pipe's reader got nothing")
	}
}
