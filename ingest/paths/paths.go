// Package paths orders the input files a command reads: by where they are, not by how they
// were named, so that the episodes are read in one order whatever the spelling and the order
// of the arguments.
package paths

import (
	"cmp"
	"path/filepath"
	"slices"
	"strings"
)

// Sorted returns the paths, cleaned, sorted by their absolute paths (then as spelled).
// Sorting the names as spelled put a.jsonl and /abs/b.jsonl in another order than a.jsonl
// and b.jsonl, and with it the tables' rows (in order of first appearance). A path whose
// absolute form cannot be had sorts as cleaned.
func Sorted(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Clean(p)
	}
	slices.SortFunc(out, Compare)
	return out
}

// Compare orders two paths as Sorted does, by their absolute paths then as spelled, without
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

// Distinct is Sorted with each file once (a.jsonl, ./dir/../a.jsonl and /abs/a.jsonl are one
// file), spelled as the least of its spellings.
func Distinct(paths []string) []string {
	out := Sorted(paths)
	return slices.CompactFunc(out, func(a, b string) bool { return same(a, b) })
}

// same reports whether two cleaned paths name one place.
func same(a, b string) bool {
	if a == b {
		return true
	}
	x, errA := filepath.Abs(a)
	y, errB := filepath.Abs(b)
	return errA == nil && errB == nil && x == y
}
