package synth

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// summary renders what the built-in release is made of: the digest of every case, set
// and episode, and the intended ECS per configuration, condition and protocol. A change
// to any of it changes every number the tool reports on the built-in data, so it must be
// deliberate (go test -update).
func summary(r *Release) string {
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d scale %d: %d cases, %d episodes\n", r.Seed, r.Scale, len(r.Cases), len(r.Episodes))
	fmt.Fprintf(&b, "digest %s\n", digestOf(r))
	type key struct {
		cond, config string
		p            ingest.Protocol
	}
	n, k := map[key]int{}, map[key]int{}
	var conds []string
	seen := map[string]bool{}
	for i, ep := range r.Episodes {
		if !seen[ep.Condition] {
			seen[ep.Condition] = true
			conds = append(conds, ep.Condition)
		}
		if ep.Status != ingest.StatusCompleted {
			continue
		}
		p, _ := ingest.ProtocolFromID(ep.CaseID)
		kk := key{ep.Condition, ep.Config, p}
		n[kk]++
		if r.Intended[i].ECS {
			k[kk]++
		}
	}
	for _, cond := range conds {
		fmt.Fprintf(&b, "\n%s (intended ECS successes / scored episodes: Legacy V0 V1 V2 V3)\n", cond)
		for _, config := range ConfigNames() {
			var cells []string
			for p := ingest.Protocol(0); p < ingest.NumProtocols; p++ {
				kk := key{cond, config, p}
				if n[kk] > 0 {
					cells = append(cells, fmt.Sprintf("%d/%d", k[kk], n[kk]))
				} else {
					cells = append(cells, "-")
				}
			}
			fmt.Fprintf(&b, "  %-22s %s\n", config, strings.Join(cells, " "))
		}
	}
	return b.String()
}

func TestGoldenSummary(t *testing.T) {
	t.Parallel() // CPU-bound on shared read-only fixtures
	got := summary(defaultRelease(t))
	path := filepath.Join("testdata", "builtin_summary.golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("the built-in release changed; if deliberate, run go test -update.\ngot:\n%s\nwant:\n%s", got, want)
	}
}
