package source

import (
	"io"
	"testing"
)

// TestBuiltinStream: the built-in input streams the built-in release's episodes in
// order to io.EOF, and a stream closed early can be opened again from the start.
func TestBuiltinStream(t *testing.T) {
	in, err := Open(Options{Bench: Builtin})
	if err != nil {
		t.Fatal(err)
	}
	want, err := builtinEpisodes()
	if err != nil {
		t.Fatal(err)
	}
	early, err := in.Open()
	if err != nil {
		t.Fatal(err)
	}
	for range 10 {
		if _, err := early.Next(); err != nil {
			t.Fatal(err)
		}
	}
	if err := early.Close(); err != nil {
		t.Fatal(err)
	}
	src, err := in.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	n := 0
	for ; ; n++ {
		ep, err := src.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if n >= len(want) || ep.RunID != want[n].RunID {
			t.Fatalf("episode %d: %s", n, ep.RunID)
		}
	}
	if n != len(want) {
		t.Fatalf("%d episodes, want %d", n, len(want))
	}
	if _, err := src.Next(); err != io.EOF {
		t.Errorf("after the end: %v, want io.EOF", err)
	}
}
