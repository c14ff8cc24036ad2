package main

import (
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
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
	// Many tests spend much of their time waiting (on Chromium, pdftotext, python, the
	// disk): unless -parallel says otherwise, twice as many parallel tests as cores run
	// side by side, so that the waits overlap the CPU-bound tests.
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", strconv.Itoa(2*runtime.GOMAXPROCS(0)))
	}
	code := m.Run()
	if synthOut.dir != "" {
		os.RemoveAll(filepath.Dir(synthOut.dir))
	}
	if chromium.stop != nil {
		chromium.stop()
	}
	if subsetView.dir != "" {
		os.RemoveAll(subsetView.dir)
	}
	os.Exit(code)
}
