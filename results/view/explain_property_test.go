package view_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/ingest/synth"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results/job"
	"github.com/sabench/sabench-stats/results/view"
)

// explainJSON is what this test reads back from explain --format json.
type explainJSON struct {
	Verdict *struct {
		FailureType string `json:"failure_type"`
	} `json:"verdict"`
	Broke     string `json:"chain_broke"`
	BrokeAt   int    `json:"broke_at_event"`
	BrokeStep string `json:"broke_at_step"`
	Why       string `json:"why"`
	Chain     []struct {
		Broke bool   `json:"broke_here"`
		Tool  string `json:"tool"`
	} `json:"chain"`
	Workflow *struct {
		Steps []struct {
			CommitID string `json:"commit_id"`
			State    string `json:"state"`
		} `json:"steps"`
	} `json:"workflow"`
}

// TestExplanationsAgreeWithVerdict scores every episode of the built-in release under
// every preset policy, each verdict with its Detail, and checks that the three places that
// say where the chain broke say what the verdict says: explain's JSON (failure type,
// broke-at event, the one event marked broke_here, the broken step, the sentence saying
// why), its text (the failure type, "chain broke: event N", the "✗ broke here" line under
// event N, the broken step, the sentence) and the viewer's data for the episode as the
// viewer encodes it when that policy is the main one (broke-at event, step states, the
// sentence).
//
// Explaining a verdict twice and reading the JSON back is most of the cost (about 60 CPU-s
// for the 204,834 verdicts), so by default the test checks a deterministic sixteenth: of
// the verdicts of each (policy, failure type, condition, protocol), in release order, the
// 1st, 17th, 33rd, … — every check above still runs on every failure type of every policy,
// and now on each failure type of every condition and protocol under every policy, the
// rarest included; only fewer verdicts of the common combinations are checked (one in
// eight of each policy and failure type before, about 11 of the package's CPU-s).
// SABENCH_LONG=1 (set by .ci/run) checks every verdict. Of the checked verdicts, 1 in 512
// of each stratum (every one under SABENCH_LONG=1) is also checked against its own events
// by checkBreak, as the τ-bench and real-case sets are (break_sets_test.go).
func TestExplanationsAgreeWithVerdict(t *testing.T) {
	if testing.Short() {
		t.Skip("scores and explains the whole built-in release under every policy")
	}
	// deep: of the checked verdicts, those checkBreak also checks against the episode's
	// events (1 in 512 of each stratum by default, the first of each included, about 0.5
	// CPU-s; every one under SABENCH_LONG=1).
	stride, deep := 16, 512
	if os.Getenv("SABENCH_LONG") == "1" {
		stride, deep = 1, 1
	}
	bench, _, err := source.LoadBench(source.Builtin, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rel, err := synth.Default()
	if err != nil {
		t.Fatal(err)
	}
	all := rel.Episodes
	pols, err := oracle.LookupPolicies(oracle.PresetNames())
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]view.Case{}
	for _, cs := range bench.Cases {
		cases[cs.ID] = view.CaseOf(cs)
	}
	var mu sync.Mutex
	checked, broke := 0, 0
	perType := map[string]int{}
	var fails []string
	fail := func(format string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		if len(fails) < 20 {
			fails = append(fails, fmt.Sprintf(format, a...))
		}
	}
	// seen counts the verdicts of each policy, failure type, condition and protocol in
	// release order (Each is called in input order, one batch at a time), which picks the
	// checked ones.
	type stratum struct {
		failure, condition string
		protocol           ingest.Protocol
	}
	seen := make([]map[stratum]int, len(pols))
	for i := range seen {
		seen[i] = map[stratum]int{}
	}
	type pick struct {
		ep, pol int // an episode of the batch, a policy
		deep    bool
	}
	var tally breakTally
	check := func(eps []*ingest.Episode, vs [][]oracle.Verdict, picks []pick) error {
		n, nb := 0, 0
		types := map[string]int{}
		for _, pk := range picks {
			i, pi := pk.ep, pk.pol
			ep, pol := eps[i], pols[pi]
			cs := bench.Case(ep.CaseID)
			vc := cases[ep.CaseID]
			{
				v := vs[pi][i]
				n++
				at := oracle.BrokeAt(v)
				if at >= 0 {
					nb++
				}
				types[v.FailureType()]++
				id := fmt.Sprintf("%s under %s", ep.RunID, pol.Name)
				if pk.deep {
					probs, err := checkBreak(breakAccount{cs: cs, ep: ep, pol: pol, v: v, vc: vc})
					if err != nil {
						return fmt.Errorf("%s: %v", id, err)
					}
					mu.Lock()
					tally.count(v, fmt.Sprintf("%s (%s) under %s", ep.RunID, cs.ID, pol.Name), probs)
					mu.Unlock()
				}

				var jb, tb bytes.Buffer
				if err := job.Explain(&jb, cs, ep, []oracle.Policy{pol}, []oracle.Verdict{v}, job.ExplainOptions{Format: "json"}); err != nil {
					return err
				}
				if err := job.Explain(&tb, cs, ep, []oracle.Policy{pol}, []oracle.Verdict{v}, job.ExplainOptions{Format: "text"}); err != nil {
					return err
				}
				var xs []explainJSON
				if err := json.Unmarshal(jb.Bytes(), &xs); err != nil || len(xs) != 1 {
					return fmt.Errorf("%s: explain JSON: %v", id, err)
				}
				x := xs[0]
				if x.Verdict == nil || x.Verdict.FailureType != v.FailureType() {
					fail("%s: JSON failure type %+v, verdict %q", id, x.Verdict, v.FailureType())
				}
				if x.BrokeAt != at {
					fail("%s: JSON broke_at_event %d, verdict %d", id, x.BrokeAt, at)
				}
				marked := -1
				for k, e := range x.Chain {
					if e.Broke {
						if marked >= 0 {
							fail("%s: events %d and %d both marked broke_here", id, marked, k)
						}
						marked = k
					}
				}
				if marked != at {
					fail("%s: event %d marked broke_here, verdict breaks at %d", id, marked, at)
				}
				text := tb.String()
				if v.ECS() {
					if strings.Contains(text, "chain broke:") || strings.Contains(text, "broke here") {
						fail("%s: a passing episode's text says the chain broke", id)
					}
				} else {
					if !strings.Contains(text, "failure="+v.FailureType()+"\n") {
						fail("%s: text lacks failure=%s", id, v.FailureType())
					}
					if !strings.Contains(text, "why it fails: "+x.Why+"\n") {
						fail("%s: text lacks the sentence of %s", id, v.FailureType())
					}
					if at >= 0 {
						if tool := x.Chain[at].Tool; tool != "" && (v.FailureType() == oracle.FailUnsafe || v.FailureType() == oracle.FailExtraEvent) && !strings.Contains(text, fmt.Sprintf("\nchain broke: event %d (%s)", at, tool)) {
							fail("%s: the chain-broke line does not name event %d's tool %s:\n%s", id, at, tool, text)
						}
						if !strings.Contains(text, fmt.Sprintf("\nchain broke: event %d", at)) {
							fail("%s: text does not say the chain broke at event %d:\n%s", id, at, text)
						}
						if !strings.Contains(text, fmt.Sprintf("\n  [%d] ", at)) || strings.Count(text, "✗ broke here") != 1 {
							fail("%s: text marks %d events broken, want event %d only", id, strings.Count(text, "✗ broke here"), at)
						}
					} else if strings.Contains(text, "✗ broke here") || strings.Contains(text, "chain broke: event ") {
						fail("%s: text names a break event, the verdict none", id)
					}
					if x.BrokeStep != "" && !strings.Contains(text, "broken step: "+x.BrokeStep+"\n") {
						fail("%s: text lacks broken step %s", id, x.BrokeStep)
					}
				}
				// The viewer's data, as written when pol is the main policy.
				if v.Detail != nil {
					vat, states, why, err := view.ViewerBreak(ep, v, vc)
					if err != nil {
						return fmt.Errorf("%s: viewer data: %v", id, err)
					}
					if vat != at {
						fail("%s: viewer broke-at %d, verdict %d", id, vat, at)
					}
					if why != x.Why {
						fail("%s: viewer says why %q, explain %q", id, why, x.Why)
					}
					step := ""
					for k, st := range states {
						if st == oracle.StepBroken {
							step = vc.Workflow[k].ID
						}
						if x.Workflow != nil && (k >= len(x.Workflow.Steps) || x.Workflow.Steps[k].State != st) {
							fail("%s: viewer step %d %s, explain %+v", id, k, st, x.Workflow.Steps)
						}
					}
					if x.Workflow != nil && step != x.BrokeStep {
						fail("%s: viewer broken step %q, explain %q", id, step, x.BrokeStep)
					}
				}
			}
		}
		mu.Lock()
		checked += n
		broke += nb
		for k, c := range types {
			perType[k] += c
		}
		mu.Unlock()
		return nil
	}
	each := func(eps []*ingest.Episode, vs [][]oracle.Verdict) error {
		var picks []pick
		for i := range eps {
			for pi := range pols {
				if v := vs[pi][i]; !v.Excluded() {
					k := stratum{v.FailureType(), eps[i].Condition, bench.Case(eps[i].CaseID).Protocol}
					if seen[pi][k]%stride == 0 {
						picks = append(picks, pick{i, pi, seen[pi][k]%deep == 0})
					}
					seen[pi][k]++
				}
			}
		}
		// The picks are checked on every core; Each returns when all are done.
		workers := runtime.GOMAXPROCS(0)
		errs := make([]error, workers)
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				errs[w] = check(eps, vs, picks[w*len(picks)/workers:(w+1)*len(picks)/workers])
			})
		}
		wg.Wait()
		return errors.Join(errs...)
	}
	if _, err := analysis.Score(&ingest.SliceSource{Episodes: all}, bench.Case, analysis.ScoreOptions{Policies: pols, Workers: 2, Each: each, Detail: true}); err != nil {
		t.Fatal(err)
	}
	for _, f := range fails {
		t.Error(f)
	}
	tally.report(t, "built-in release")
	// The release's size (source.Builtin) times the presets, less the excluded episodes,
	// over the stride.
	if checked < 200_000/stride {
		t.Errorf("only %d verdicts checked", checked)
	}
	for _, ft := range oracle.FailureTypes {
		if ft != oracle.FailContract && perType[ft] == 0 {
			t.Errorf("no %s verdict checked: the property is not tested for it", ft)
		}
	}
	t.Logf("%d episodes × %d policies: %d verdicts checked (1 in %d of each policy, failure type, condition and protocol), %d with a break event; by failure type %v", len(all), len(pols), checked, stride, broke, perType)
}
