package job

import (
	"errors"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestBuiltinKey: what changes the verdicts or their order changes the key; the key
// does not depend on the order of the sets' map.
func TestBuiltinKey(t *testing.T) {
	safeact, tau := []oracle.Policy{oracle.SafeAct}, oracle.Presets[3:4]
	renamed := []oracle.Policy{oracle.SafeAct}
	renamed[0].Name = "mine"
	sets := casespec.BenchOptions{Sets: map[string]string{"a": "x.txt", "b": "y.txt"}}
	base := builtinKey(safeact, false, false, casespec.BenchOptions{})
	for name, k := range map[string]string{
		"another policy":      builtinKey(tau, false, false, casespec.BenchOptions{}),
		"a renamed policy":    builtinKey(renamed, false, false, casespec.BenchOptions{}),
		"two policies":        builtinKey(append(safeact, tau...), false, false, casespec.BenchOptions{}),
		"infra failures fail": builtinKey(safeact, true, false, casespec.BenchOptions{}),
		"main only":           builtinKey(safeact, false, true, casespec.BenchOptions{}),
		"a clusters file":     builtinKey(safeact, false, false, casespec.BenchOptions{ClustersFile: "c.csv"}),
		"a set":               builtinKey(safeact, false, false, sets),
	} {
		if k == base {
			t.Errorf("%s: same key as safeact alone", name)
		}
	}
	if builtinKey(safeact, false, false, sets) != builtinKey(safeact, false, false, casespec.BenchOptions{Sets: map[string]string{"b": "y.txt", "a": "x.txt"}}) {
		t.Error("the key depends on the sets' order")
	}
}

// TestScoreBuiltinOnce: a key is scored once while its scoring succeeds; a failed
// scoring is not kept.
func TestScoreBuiltinOnce(t *testing.T) {
	calls := 0
	ok := func() (*analysis.Scored, error) { calls++; return &analysis.Scored{}, nil }
	bad := func() (*analysis.Scored, error) { calls++; return nil, errors.New("no") }
	a, _ := scoreBuiltin("test-once", ok)
	b, _ := scoreBuiltin("test-once", ok)
	if calls != 1 || a != b {
		t.Errorf("%d scorings, same result: %v; want 1, true", calls, a == b)
	}
	calls = 0
	for range 2 {
		if _, err := scoreBuiltin("test-fails", bad); err == nil {
			t.Error("no error")
		}
	}
	if calls != 2 {
		t.Errorf("a failed scoring was kept: %d scorings, want 2", calls)
	}
}
