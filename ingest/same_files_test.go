package ingest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// A release passed both as JSONL and as Parquet repeats every episode: the duplicate error
// says the two files hold the same episodes; a file that repeats only some of another's
// gets the duplicate alone. validate says so at the first duplicate of each pair.
func TestSameFilesDuplicateNamesThePair(t *testing.T) {
	dir := t.TempDir()
	var eps []*Episode
	var lines []string
	for i := range 5 {
		l := miniEpisode(fmt.Sprint("r", i), i)
		e, err := decodeEpisodeLine(jsonv.NewDecoder(), []byte(l), "e.jsonl", i+1, false)
		if err != nil {
			t.Fatal(err)
		}
		eps, lines = append(eps, e), append(lines, l)
	}
	js, pq, part := filepath.Join(dir, "runs.jsonl"), filepath.Join(dir, "runs.parquet"), filepath.Join(dir, "part.jsonl")
	if err := os.WriteFile(js, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	writeParquet(t, pq, eps)
	if err := os.WriteFile(part, []byte(strings.Join(lines[:3], "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A link to the file is the file, not a copy of it, as the message said.
	link, cp := filepath.Join(dir, "link.jsonl"), filepath.Join(dir, "copy.jsonl")
	if err := os.Symlink(js, link); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cp, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	firstErr := func(paths ...string) string {
		r, err := OpenRuns(paths, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		for {
			if _, err := r.Next(); err != nil {
				return err.Error()
			}
		}
	}
	dup := `duplicate episode key (config "c/h", case_id "SAB-V1-001", repeat 0, condition "main"); first seen at ` + js + ":1"
	for _, c := range []struct {
		paths []string
		want  string
	}{
		{[]string{js, pq}, pq + ":1: " + dup + ": " + js + " and " + pq + " hold the same episodes (one in JSONL, one in Parquet?): pass one of them"},
		{[]string{js, js}, js + ":1: " + dup + ": " + js + " and " + js + " are the same file: pass it once"},
		{[]string{js, link}, link + ":1: " + dup + ": " + js + " and " + link + " are the same file: pass it once"},
		{[]string{js, cp}, cp + ":1: " + dup + ": " + js + " and " + cp + " hold the same episodes (a copy?): pass one of them"},
		{[]string{js, part}, part + ":1: " + dup},
		{[]string{part, js}, js + ":1: " + strings.Replace(dup, js+":1", part+":1", 1)},
	} {
		if got := firstErr(c.paths...); got != c.want {
			t.Errorf("%v:\n got %s\nwant %s", c.paths, got, c.want)
		}
		// validate lists every duplicate; the first between the two files says the same
		// (before, none did), the others only where they were first seen.
		rep, err := Validate(c.paths, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Problems) < 2 || rep.Problems[0].Error() != c.want || strings.Contains(rep.Problems[1].Error(), "pass") {
			t.Errorf("validate %v: %d problems, the first two\n%v\nwant first %s", c.paths, len(rep.Problems), rep.Problems[:min(2, len(rep.Problems))], c.want)
		}
	}
}
