package view

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Interleaved streams read back exactly as written, whether they stayed in memory or
// were spilled in many segments.
func TestSpoolRoundTrip(t *testing.T) {
	for _, budget := range []int{1 << 30, 7, 1, 100 << 10} {
		sp := &spool{budget: budget}
		ss := []*stream{sp.stream(), sp.stream(), sp.stream()}
		want := make([][]byte, len(ss))
		for i := range 500 {
			j := i % len(ss)
			if i%7 == 0 {
				continue // a stream that skips some rounds
			}
			b := []byte(fmt.Sprintf("[%d,%q]", i, "x"))
			if i%100 == 1 {
				b = bytes.Repeat(b, 8000) // segments longer than the copy buffer
			}
			ss[j].write(b)
			want[j] = append(want[j], b...)
		}
		for j, s := range ss {
			got, err := s.bytes()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want[j]) || s.size != int64(len(want[j])) {
				t.Errorf("budget %d stream %d: %d bytes back (size %d), want %d", budget, j, len(got), s.size, len(want[j]))
			}
			var through bytes.Buffer // not a bytesWriter: the copy buffer's path
			if err := s.writeTo(&through); err != nil || !bytes.Equal(through.Bytes(), want[j]) {
				t.Errorf("budget %d stream %d: %d bytes through a writer (%v), want %d", budget, j, through.Len(), err, len(want[j]))
			}
		}
		if spilled := sp.f != nil; spilled != (budget < 1<<30) {
			t.Errorf("budget %d: spilled %v", budget, spilled)
		}
		if sp.name != "" {
			if _, err := os.Stat(sp.name); err != nil {
				t.Errorf("the spool file %s is gone before close: %v", sp.name, err)
			}
		}
		sp.close()
	}
}

// A viewer whose spool spilled everything to its file is byte-identical to one held in
// memory.
func TestWriteSpilledIsByteIdentical(t *testing.T) {
	mem, st := write(t, fixture())
	defer func(b int) { spoolBudget = b }(spoolBudget)
	spoolBudget = 1
	spilled, st2 := write(t, fixture())
	if st != st2 && (st.Episodes != st2.Episodes || st.HTMLBytes != st2.HTMLBytes || st.ChunkBytes != st2.ChunkBytes) {
		t.Errorf("stats %+v in memory, %+v spilled", st, st2)
	}
	for _, name := range []string{"index.html", "index_files/0.js"} {
		a, err1 := os.ReadFile(filepath.Join(mem, name))
		b, err2 := os.ReadFile(filepath.Join(spilled, name))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between a spool in memory and one spilled", name)
		}
	}
}

// The duplicate check names the run id whose second appearance comes first, with its
// hashes in memory or spilled, and passes ids that are all distinct.
func TestCheckRunsNamesTheFirstRepeat(t *testing.T) {
	defer func(b int) { spoolBudget = b }(spoolBudget)
	for _, budget := range []int{1 << 30, 1} {
		spoolBudget = budget
		for _, c := range []struct {
			runs []string
			dup  string
		}{
			{[]string{"a", "b", "c", "b", "a"}, "b"},
			{[]string{"a", "b", "c", "a", "b", "c"}, "a"},
			{[]string{"x", "y", "z", "w"}, ""},
		} {
			e, err := newEncoder(&Input{})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range c.runs {
				e.addRun(r)
				e.nEp++
			}
			err = e.checkRuns()
			if c.dup == "" && err != nil || c.dup != "" && (err == nil || !strings.Contains(err.Error(), fmt.Sprintf("run id %q appears twice", c.dup))) {
				t.Errorf("budget %d, runs %v: %v, want the repeat %q", budget, c.runs, err, c.dup)
			}
			e.sp.close()
		}
	}
}
