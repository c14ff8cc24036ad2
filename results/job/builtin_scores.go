package job

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// builtinScores keeps the verdicts of the built-in release's episodes for the life of
// the process, one Scored per scoring (policies, infra_failure rule, main-only): the
// release's episodes are generated as a scoring reads them (synth.StreamDefault), and a
// program that builds several outputs from it — a test suite, a notebook or a server on
// this package — then generates and scores them once per scoring rather than once per
// output. The verdicts do not
// depend on the workers (analysis.Score) and a Scored is read-only, so sharing one
// changes no output.
var builtinScores struct {
	mu sync.Mutex
	m  map[string]*builtinScore
}

// builtinScore is one scoring of the built-in episodes, done once.
type builtinScore struct {
	once sync.Once
	s    *analysis.Scored
	err  error
}

// builtinKey names a scoring of the built-in episodes: the policies (names and
// settings, in order), the infra_failure rule, whether the others score the main
// condition only, and the bench options (sets, clusters), which the case lookup is built with.
func builtinKey(pols []oracle.Policy, infraFail, mainOnly bool, bo casespec.BenchOptions) string {
	var b strings.Builder
	for _, p := range pols {
		fmt.Fprintf(&b, "%q;", p.String())
	}
	fmt.Fprintf(&b, "|%t|%t|%q|", infraFail, mainOnly, bo.ClustersFile)
	sets := make([]string, 0, len(bo.Sets))
	for k, v := range bo.Sets {
		sets = append(sets, fmt.Sprintf("%q=%q", k, v))
	}
	sort.Strings(sets)
	b.WriteString(strings.Join(sets, ","))
	return b.String()
}

// scoreBuiltin returns the Scored of key, scoring with score the first time. A failed
// scoring is not kept: the next call scores again.
func scoreBuiltin(key string, score func() (*analysis.Scored, error)) (*analysis.Scored, error) {
	builtinScores.mu.Lock()
	if builtinScores.m == nil {
		builtinScores.m = map[string]*builtinScore{}
	}
	e := builtinScores.m[key]
	if e == nil {
		e = &builtinScore{}
		builtinScores.m[key] = e
	}
	builtinScores.mu.Unlock()
	e.once.Do(func() { e.s, e.err = score() })
	if e.err != nil {
		builtinScores.mu.Lock()
		if builtinScores.m[key] == e {
			delete(builtinScores.m, key)
		}
		builtinScores.mu.Unlock()
	}
	return e.s, e.err
}
