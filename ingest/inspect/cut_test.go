package inspect

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCutLogs cuts every real log at ten offsets, and appends a .json log to itself: each
// read ends in an *Error naming the file, never a panic and never an end without one.
func TestCutLogs(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(logsDir, "*"))
	for _, p := range files {
		if !IsLogFileName(p) {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(p)
		damaged := map[string][]byte{}
		for k := 1; k <= 10; k++ {
			damaged["cut at "+strings.Repeat("I", k)] = data[:len(data)*k/11]
		}
		damaged["cut by one byte"] = data[:len(data)-1]
		if filepath.Ext(p) == ".json" {
			damaged["twice"] = append(bytes.Clone(data), data...)
		}
		for what, b := range damaged {
			n, err := readAllFromOrPanic(t, name, b)
			var e *Error
			if !errors.As(err, &e) || e.File != name {
				t.Errorf("%s %s: after %d samples, %v (%T), want an *Error naming the file", name, what, n, err, err)
			}
		}
	}
}

func readAllFromOrPanic(t *testing.T, name string, b []byte) (n int, err error) {
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("%s: panic %v", name, r)
		}
	}()
	_, samples, err := readSamples(name, b, ReadOptions{})
	return len(samples), err
}
