package casespec

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
)

// ReadCaseSet reads a case-set file: one case id per line; blank lines and lines
// starting with '#' are ignored. Every id must be a case of b (when b is non-nil).
func ReadCaseSet(path string, b *Bench) ([]string, []ingest.Problem) {
	data, err := ingest.ReadLimited(path, ingest.MaxBenchFileBytes)
	if err != nil {
		return nil, []ingest.Problem{{File: path, Msg: err.Error()}}
	}
	var ids []string
	var probs []ingest.Problem
	seen := map[string]int{}
	sc := bufio.NewScanner(ingest.SkipBOM(bytes.NewReader(data)))
	sc.Buffer(nil, len(data)+1)
	line := 0
	for sc.Scan() {
		line++
		id := strings.TrimSpace(sc.Text())
		if id == "" || strings.HasPrefix(id, "#") {
			continue
		}
		switch prev, dup := seen[id]; {
		case dup:
			probs = append(probs, ingest.Problem{File: path, Line: line, Msg: fmt.Sprintf("case %q repeats line %d", id, prev)})
		case b != nil && b.Case(id) == nil:
			probs = append(probs, ingest.Problem{File: path, Line: line, Msg: fmt.Sprintf("unknown case id %q", id)})
		default:
			seen[id] = line
			ids = append(ids, id)
		}
	}
	return ids, probs
}

// loadShippedSets reads root/sets/NAME.txt.
func (b *Bench) loadShippedSets(root string) []ingest.Problem {
	dir := filepath.Join(root, "sets")
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil // no shipped sets
	}
	var names []string
	var probs []ingest.Problem
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".txt") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		switch {
		case e.Type().IsRegular() || e.Type()&os.ModeSymlink != 0:
			// Read when it resolves inside the bench (sets/ itself may be a link);
			// otherwise said, never silently dropped.
			if err := ingest.WithinRoot(b.realRoot(root), p); err != nil {
				b.Warnings = append(b.Warnings, ingest.Problem{File: p, Msg: "case set skipped: a symbolic link out of the bench"})
			} else if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
				b.Warnings = append(b.Warnings, ingest.Problem{File: p, Msg: "case set skipped: a symbolic link to something that is not a regular file"})
			} else {
				names = append(names, e.Name())
			}
		default:
			b.Warnings = append(b.Warnings, ingest.Problem{File: p, Msg: "case set skipped: not a regular file"})
		}
	}
	sort.Strings(names)
	for _, n := range names {
		ids, ps := ReadCaseSet(filepath.Join(dir, n), b)
		probs = append(probs, ps...)
		b.Sets[strings.TrimSuffix(n, ".txt")] = ids
	}
	return probs
}

// realRoot resolves root for WithinRoot ("" when it cannot, which refuses every link).
func (b *Bench) realRoot(root string) string {
	r, err := filepath.EvalSymlinks(root)
	if err != nil {
		return ""
	}
	r, _ = filepath.Abs(r)
	return r
}

// loadUserSets reads the --set NAME=FILE sets, which replace shipped sets of the same name.
func (b *Bench) loadUserSets(sets map[string]string) []ingest.Problem {
	names := make([]string, 0, len(sets))
	for n := range sets {
		names = append(names, n)
	}
	sort.Strings(names)
	var probs []ingest.Problem
	for _, n := range names {
		if n == "" {
			probs = append(probs, ingest.Problem{File: sets[n], Msg: "a case set needs a name (NAME=FILE)"})
			continue
		}
		ids, ps := ReadCaseSet(sets[n], b)
		probs = append(probs, ps...)
		b.Sets[n] = ids
	}
	return probs
}
