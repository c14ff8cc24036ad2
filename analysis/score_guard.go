package analysis

import (
	"fmt"

	"github.com/sabench/sabench-stats/ingest"
)

// eachGuarded calls f(i) for each i of order. A panic in f is a defect of this program, not
// of the input: it does not end the process from a worker goroutine (a dump of every
// goroutine, naming no episode) but is recovered, the rest of order is still run, and the
// first panicking index in input order (the least i, whatever order's grouping) is
// returned with what it panicked with, so the error names one episode however the batch
// was cut. at is -1 when nothing panicked.
func eachGuarded(order []int, f func(i int)) (at int, val any) {
	at = -1
	for k := 0; k < len(order); {
		next, i, v := eachUntilPanic(order, k, f)
		if i >= 0 && (at < 0 || i < at) {
			at, val = i, v
		}
		k = next
	}
	return at, val
}

// eachUntilPanic runs f over order from k until the end or a panic; after a panic it
// returns the position after the one that panicked, that index and the value.
func eachUntilPanic(order []int, k int, f func(i int)) (next, at int, val any) {
	defer func() {
		if v := recover(); v != nil {
			next, at, val = k+1, order[k], v
		}
	}()
	for ; k < len(order); k++ {
		f(order[k])
	}
	return k, -1, nil
}

// beforeScoring, when set (by tests), is called with each episode just before it is
// scored: the one way to reach the recovery above, which no input is known to reach.
var beforeScoring func(*ingest.Episode)

// scoringPanicked is the error of an episode whose scoring panicked.
func scoringPanicked(ep *ingest.Episode, val any) error {
	return ingest.Problem{File: ep.Source, Line: ep.Line, Msg: fmt.Sprintf(
		"scoring run %s (case %s) failed inside sabench-stats: %v; this is a defect of the program, not of the episode: please report it with this episode",
		ingest.QuoteValue(ep.RunID), ingest.QuoteValue(ep.CaseID), val)}
}

// preparingPanicked is the error of a case whose lookup or compilation panicked (a panic
// inside sync.Once would have left the case compiled as nothing, for every later episode).
func preparingPanicked(id string, val any) error {
	return fmt.Errorf("preparing case %s failed inside sabench-stats: %v; this is a defect of the program: please report it with the case's file", ingest.QuoteValue(id), val)
}
