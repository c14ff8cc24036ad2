package harness_test

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/harness"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// TestInspectRoundTrip writes a deterministic subset of the built-in release as Inspect
// logs (synth.WriteInspect: every 25th episode and every excluded one, so every
// configuration, condition, protocol and status) and reads them back with the Inspect
// adapter. Every episode comes back under its run id with its key and status; a
// completed one with its record, official verdict and usage exactly; and the oracle
// gives each the same ECS, outcome and failure type as the episode it was written from.
// The full release is compared through the CLI (cmd/sabench-stats TestInspectRelease).
func TestInspectRoundTrip(t *testing.T) {
	written, files := writeInspectSubset(t, t.TempDir(), func(i int, ep *ingest.Episode) bool {
		return i%25 == 0 || ep.Status != ingest.StatusCompleted
	})
	bench := builtinBench(t)
	res, err := harness.ReadInspectFiles(files, harness.Options{Bench: bench})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) > 0 || len(res.Warnings) > 0 {
		t.Fatalf("problems %v, warnings %v", res.Problems, res.Warnings)
	}
	if len(res.Episodes) != len(written) {
		t.Fatalf("%d episodes read, %d written", len(res.Episodes), len(written))
	}
	got := map[string]*ingest.Episode{}
	for _, ep := range res.Episodes {
		got[ep.RunID] = ep
	}
	prep := map[string]*oracle.Prepared{}
	excluded := map[string]int{}
	for _, want := range written {
		ep := got[want.RunID]
		if ep == nil {
			t.Fatalf("%s: not read back", want.RunID)
		}
		if ep.Key() != want.Key() || ep.Model != want.Model || ep.Harness != want.Harness || ep.Status != want.Status {
			t.Fatalf("%s: read %+v / %s, want %+v / %s", want.RunID, ep.Key(), ep.Status, want.Key(), want.Status)
		}
		if want.Status != ingest.StatusCompleted {
			excluded[want.Status]++
		} else {
			for _, f := range []struct {
				name      string
				got, want *jsonv.Object
			}{{"record", ep.Record.Object(), want.Record.Object()}, {"official", ep.Official, want.Official}, {"usage", ep.Usage.Object(), want.Usage.Object()}} {
				if string(jsonv.Marshal(f.got)) != string(jsonv.Marshal(canonicalOrder(f.want, f.got))) {
					t.Fatalf("%s: %s\n got %.600s\nwant %.600s", want.RunID, f.name, jsonv.Marshal(f.got), jsonv.Marshal(f.want))
				}
			}
		}
		p := prep[want.CaseID]
		if p == nil {
			if p, err = oracle.Prepare(bench.Case(want.CaseID)); err != nil {
				t.Fatal(err)
			}
			prep[want.CaseID] = p
		}
		a, b := p.Score(ep, oracle.SafeAct, false), p.Score(want, oracle.SafeAct, false)
		if a.Excluded() != b.Excluded() || a.ECS() != b.ECS() || a.Outcome() != b.Outcome() || a.FailureType() != b.FailureType() {
			t.Errorf("%s: from Inspect ecs %v outcome %s failure %s, from the release ecs %v outcome %s failure %s",
				want.RunID, a.ECS(), a.Outcome(), a.FailureType(), b.ECS(), b.Outcome(), b.FailureType())
		}
	}
	// The release's excluded episodes: 5 wall-clock timeouts (time limits) and 3 harness
	// failures (sample errors).
	if excluded[ingest.StatusInfraFailure] != 5 || excluded[ingest.StatusHarnessFailure] != 3 {
		t.Errorf("excluded %v, want 5 infra_failure and 3 harness_failure", excluded)
	}
}

// canonicalOrder returns want with "events" moved to where got has it: the adapter
// appends the events to the decision record, which the release writes in the middle.
func canonicalOrder(want, got *jsonv.Object) *jsonv.Object {
	if want == nil || got == nil || !want.Has("events") {
		return want
	}
	out := &jsonv.Object{}
	for i, k := range got.Keys {
		if v, ok := want.Get(k); ok {
			out.Set(k, v)
		} else {
			out.Set(k, got.Values[i]) // reported by the comparison
		}
	}
	if out.Len() != want.Len() {
		return want
	}
	return out
}
