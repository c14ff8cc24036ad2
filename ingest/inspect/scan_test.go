package inspect

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// scanTrace records what a handler sees, in order.
func scanTrace(t *testing.T, files []string, workers int) (string, error) {
	t.Helper()
	var b strings.Builder
	err := Scan(context.Background(), files, Options{Workers: workers, Buffer: 1}, Handler{
		Log: func(l *Log) error { fmt.Fprintf(&b, "log %s %s\n", filepath.Base(l.File), l.Eval.Model); return nil },
		Sample: func(l *Log, s *Sample) error {
			fmt.Fprintf(&b, "  %s %s:%d\n", filepath.Base(l.File), s.ID, s.Epoch)
			return nil
		},
		Done: func(l *Log) error {
			fmt.Fprintf(&b, "done %s %d reductions %d\n", filepath.Base(l.File), l.Samples, len(l.Reductions))
			return nil
		},
	})
	return b.String(), err
}

func TestScanOrderAnyWorkers(t *testing.T) {
	files, err := Expand([]string{logsDir})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 8 {
		t.Fatalf("%d files: %v", len(files), files)
	}
	one, err := scanTrace(t, files, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{2, 3, 8} {
		got, err := scanTrace(t, files, w)
		if err != nil {
			t.Fatal(err)
		}
		if got != one {
			t.Errorf("workers %d:\n%s\nworkers 1:\n%s", w, got, one)
		}
	}
	// 10+10+0+3+1+1+1+4 samples, one Log and one Done line per file.
	if n := strings.Count(one, "\n  "); n != 30 {
		t.Errorf("%d samples:\n%s", n, one)
	}
	if !strings.Contains(one, "done 2025-05-12T20-28-13-04-00_popularity.json 3 reductions 1\n") {
		t.Errorf("json log's Done lacks its count or reductions:\n%s", one)
	}
}

func TestScanStopsAtFirstError(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "b.eval")
	if err := os.WriteFile(bad, []byte("not a zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := []string{logPath(streaming), bad, logPath(popScored)}
	for _, w := range []int{1, 3} {
		trace, err := scanTrace(t, files, w)
		if err == nil || !strings.Contains(err.Error(), "b.eval: not a ZIP archive") {
			t.Fatalf("workers %d: err %v", w, err)
		}
		// Everything before the bad file was delivered, nothing after it.
		if !strings.Contains(trace, "done log_streaming.eval 4") || strings.Contains(trace, "popularity") && strings.Contains(trace, "mj7k") {
			t.Errorf("workers %d: trace\n%s", w, trace)
		}
	}
	stop := errors.New("stop")
	err := Scan(context.Background(), files, Options{Workers: 2}, Handler{Sample: func(*Log, *Sample) error { return stop }})
	if !errors.Is(err, stop) {
		t.Errorf("handler error not returned: %v", err)
	}
}

func TestExpand(t *testing.T) {
	got, err := Expand([]string{logPath("*.eval"), logPath(popJSON), logPath(streaming)})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 7 || filepath.Base(got[0]) != popUnscored || filepath.Base(got[6]) != streaming {
		t.Errorf("got %v", got)
	}
	for _, bad := range [][]string{{logPath("*.nothing")}, {"testdata/no-such-file.eval"}, {""}} {
		if _, err := Expand(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	empty := t.TempDir()
	if _, err := Expand([]string{empty}); err == nil || !strings.Contains(err.Error(), "no .eval or .json logs") {
		t.Errorf("empty folder: %v", err)
	}
	if IsLogFileName("x/logs.json") || IsLogFileName("x/eval-set.json") || !IsLogFileName("a.EVAL") || IsLogFileName("NOTICE") {
		t.Error("IsLogFileName")
	}
}

func TestExpandLinks(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	data, _ := os.ReadFile(logPath(streaming))
	os.WriteFile(filepath.Join(dir, "a.eval"), data, 0o644)
	os.WriteFile(filepath.Join(outside, "b.eval"), data, 0o644)
	os.Symlink(filepath.Join(dir, "a.eval"), filepath.Join(dir, "in.eval"))
	os.Symlink(filepath.Join(outside, "b.eval"), filepath.Join(dir, "out.eval"))
	got, err := Expand([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || filepath.Base(got[0]) != "a.eval" || filepath.Base(got[1]) != "in.eval" {
		t.Errorf("got %v (a link leaving the folder must not be followed)", got)
	}
}
