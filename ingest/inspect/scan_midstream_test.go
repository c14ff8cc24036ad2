package inspect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sabench/sabench-stats/ingest/inspect/inspecttest"
)

// manySamples writes to dir/name a copy of the popularity log with n more samples (copies
// of its first, ids c0001 …), each passed through damage (nil: unchanged), so that a log
// is decoded by several workers at once.
func manySamples(t *testing.T, dir, name string, n int, damage func(id string, data []byte) []byte) string {
	t.Helper()
	var first []byte
	inspecttest.RewriteFile(t, logPath(popScored), func(m string, data []byte) []byte {
		if first == nil && strings.HasPrefix(m, "samples/") {
			first = data
		}
		return data
	})
	var add []inspecttest.Member
	for i := 1; i <= n; i++ {
		var doc map[string]any
		if err := json.Unmarshal(first, &doc); err != nil {
			t.Fatal(err)
		}
		id := fmt.Sprintf("c%04d", i)
		doc["id"] = id
		data, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		if damage != nil {
			data = damage(id, data)
		}
		add = append(add, inspecttest.Member{Name: "samples/" + id + "_epoch_1.json", Data: data})
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, inspecttest.RewriteFile(t, logPath(popScored), nil, add...), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// settled fails when more goroutines than before are still running after a while (a
// goroutine may still be between its last statement and its exit when Scan returns).
func settled(t *testing.T, before int) {
	t.Helper()
	for i := 0; runtime.NumGoroutine() > before; i++ {
		if i == 200 {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines left running, %d before:\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestScanDamagedMemberAnyWorkers: two damaged samples in the middle of a log read by
// several workers give the error of the first in reading order, whatever the number of
// workers, and Scan leaves no goroutine running.
func TestScanDamagedMemberAnyWorkers(t *testing.T) {
	dir := t.TempDir()
	bad := manySamples(t, dir, "bad.eval", 300, func(id string, data []byte) []byte {
		switch id {
		case "c0120", "c0250":
			return data[:len(data)/2]
		}
		return data
	})
	good := manySamples(t, dir, "good.eval", 300, nil)
	files := []string{logPath(streaming), good, bad, logPath(popScored)}
	var first string
	for _, w := range []int{1, 2, 8, 64} {
		before := runtime.NumGoroutine()
		_, err := scanTrace(t, files, w)
		if err == nil || !strings.Contains(err.Error(), "bad.eval: samples/c0120_epoch_1.json") {
			t.Fatalf("workers %d: error %v, want c0120's", w, err)
		}
		if first == "" {
			first = err.Error()
		} else if err.Error() != first {
			t.Errorf("workers %d: error %q, with 1 worker %q", w, err, first)
		}
		settled(t, before)
	}
}

// TestScanCancelled: a context cancelled while the handler runs stops the scan before
// the next call of the handler, with the context's error, and leaves no goroutine
// running, however many samples the workers had read ahead.
func TestScanCancelled(t *testing.T) {
	dir := t.TempDir()
	files := []string{manySamples(t, dir, "a.eval", 200, nil), manySamples(t, dir, "b.eval", 200, nil)}
	for _, w := range []int{1, 2, 8, 64} {
		for range 10 {
			before := runtime.NumGoroutine()
			ctx, cancel := context.WithCancel(context.Background())
			calls, after := 0, 0
			h := func() error {
				if ctx.Err() != nil {
					after++
				}
				if calls++; calls == 5 {
					cancel()
				}
				return nil
			}
			err := Scan(ctx, files, Options{Workers: w}, Handler{
				Log:    func(*Log) error { return h() },
				Sample: func(*Log, *Sample) error { return h() },
				Done:   func(*Log) error { return h() },
			})
			cancel()
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("workers %d: error %v, want %v", w, err, context.Canceled)
			}
			if after > 0 {
				t.Fatalf("workers %d: the handler was called %d times after the cancellation", w, after)
			}
			settled(t, before)
		}
	}
}
