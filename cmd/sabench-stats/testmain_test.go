package main

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
)

func TestMain(m *testing.M) {
	// The tests keep the built-in release (and its subset) live while scoring, drawing and
	// writing more in parallel: the command's own GC setting (GOGC=400, main.go) cuts the
	// package's CPU from 32.5 to 28.3 s against twice the default (RSS 1.5 → 1.8 GB), and
	// more against the default. An explicit GOGC in the environment wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	code := m.Run()
	if synthOut.dir != "" {
		os.RemoveAll(filepath.Dir(synthOut.dir))
	}
	os.Exit(code)
}
