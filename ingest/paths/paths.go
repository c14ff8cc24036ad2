// Package paths orders the input files a command reads: by where they are, not by how they
// were named, so that the episodes are read in one order whatever the spelling and the order
// of the arguments; and it makes the temporary files and folders outputs are written
// through, with the modes the user's umask gives.
package paths

import (
	"cmp"
	"path/filepath"
	"slices"
	"strings"
)

// keyed is a cleaned path with its absolute form, worked out once: filepath.Abs asks the
// operating system for the working directory each time, which a comparison per pair of
// thousands of files would do many times over.
type keyed struct{ abs, path string }

// sortedKeys is the paths, cleaned, sorted by their absolute paths (then as spelled), each
// with its absolute form. Sorting the names as spelled put a.jsonl and /abs/b.jsonl in
// another order than a.jsonl and b.jsonl, and with it the tables' rows (in order of first
// appearance). A path whose absolute form cannot be had sorts as cleaned.
func sortedKeys(paths []string) []keyed {
	ks := make([]keyed, len(paths))
	for i, p := range paths {
		c := filepath.Clean(p)
		ks[i] = keyed{absOf(c), c}
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		return cmp.Or(strings.Compare(a.abs, b.abs), strings.Compare(a.path, b.path))
	})
	return ks
}

// Compare orders two paths as Distinct does, by their absolute paths then as spelled, without
// renaming them: for lists of names kept as given (a leaderboard's pooled logs).
func Compare(a, b string) int {
	return cmp.Or(strings.Compare(absOf(a), absOf(b)), strings.Compare(a, b))
}

// absOf is the path's absolute form, or the path cleaned when that cannot be had.
func absOf(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	return abs
}

// Distinct returns the paths, cleaned, sorted by where they are (sortedKeys), each file once
// (a.jsonl, ./dir/../a.jsonl and /abs/a.jsonl are one file), spelled as the least of its
// spellings. Two paths are one file when their absolute forms are equal (a path without one
// only with itself, cleaned).
func Distinct(paths []string) []string {
	ks := slices.CompactFunc(sortedKeys(paths), func(a, b keyed) bool { return a.abs == b.abs })
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = k.path
	}
	return out
}
