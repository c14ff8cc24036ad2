package oracle

import (
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/ingest/synth"
)

const casesDir = "../ingest/testdata/safeactbench/cases"

// loadCase reads one real case file the way the catalog loaders will: the id from
// episode_id/scenario_id, the protocol from the id, the domain from env_id.
func loadCase(t testing.TB, id string) *casespec.Case {
	t.Helper()
	path := filepath.Join(casesDir, id+".json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return caseFromBytes(t, path, data)
}

func caseFromBytes(t testing.TB, path string, data []byte) *casespec.Case {
	t.Helper()
	o, err := jsonv.ParseObject(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	id, ok := o.String("episode_id")
	if !ok {
		id, _ = o.String("scenario_id")
	}
	proto, ok := ingest.ProtocolFromID(id)
	if !ok {
		t.Fatalf("%s: no protocol in id %q", path, id)
	}
	env, _ := o.String("env_id")
	base, variant := ingest.SplitVariant(id)
	return &casespec.Case{ID: id, BaseID: base, Variant: variant, Protocol: proto, Domain: env, Spec: o, Source: path}
}

// allCaseIDs lists the real cases, sorted.
func allCaseIDs(t testing.TB) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(casesDir, "*.json"))
	if err != nil || len(m) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	var ids []string
	for _, p := range m {
		b := filepath.Base(p)
		ids = append(ids, b[:len(b)-len(".json")])
	}
	sort.Strings(ids)
	return ids
}

func prepare(t testing.TB, c *casespec.Case) *Prepared {
	t.Helper()
	p, err := Prepare(c)
	if err != nil {
		t.Fatalf("Prepare(%s): %v", c.ID, err)
	}
	return p
}

func reference(t testing.TB, c *casespec.Case) *ingest.Episode {
	t.Helper()
	ep, err := ReferenceEpisode(c)
	if err != nil {
		t.Fatalf("ReferenceEpisode(%s): %v", c.ID, err)
	}
	return ep
}

// events returns the record's events list (for editing a copy).
func events(ep *ingest.Episode) []any {
	l, _ := ep.Record.List("events")
	return l
}

// withEvents returns a deep copy of ep whose events are replaced.
func withEvents(ep *ingest.Episode, evs []any) *ingest.Episode {
	c := *ep
	c.Record = ep.Record.DeepCopy()
	c.Record.Set("events", evs)
	return &c
}

// copyEvents deep-copies the event list.
func copyEvents(ep *ingest.Episode) []any {
	return jsonv.DeepCopy(events(ep)).([]any)
}

func obj(v any) *jsonv.Object { return v.(*jsonv.Object) }

func mustParse(t testing.TB, s string) *jsonv.Object {
	t.Helper()
	o, err := jsonv.ParseObject([]byte(s))
	if err != nil {
		t.Fatalf("parse %s: %v", s, err)
	}
	return o
}

// failIf reports a verdict that does not have the wanted outcome, failure type and ECS.
func expect(t *testing.T, name string, v Verdict, ecs bool, outcome, failure string) {
	t.Helper()
	if v.ECS() != ecs || v.Outcome() != outcome || v.FailureType() != failure {
		msg := ""
		if v.Detail != nil {
			for _, cp := range v.Detail.Checkpoints {
				msg += "\n  checkpoint " + cp.Tool + " " + cp.Gate + " " + cp.Reason
				for _, r := range cp.Requirements {
					if r.Status != StatusSupported {
						msg += "\n    " + r.ID + " " + r.Status + " " + r.Reason
					}
				}
				for _, m := range cp.MatchErrors {
					msg += "\n    match: " + m
				}
				for _, m := range cp.ReferenceErrs {
					msg += "\n    ref: " + m
				}
			}
			for _, e := range v.Detail.ContractErrors {
				msg += "\n  contract: " + e
			}
			for _, e := range v.Detail.InvalidInfoCalls {
				msg += "\n  invalid: " + e.Reason
			}
		}
		t.Errorf("%s: got ecs=%v outcome=%q failure=%q; want ecs=%v outcome=%q failure=%q%s", name, v.ECS(), v.Outcome(), v.FailureType(), ecs, outcome, failure, msg)
	}
}

// preparedRelease is the built-in release with each of its cases prepared, by case id.
func preparedRelease(t testing.TB) (*synth.Release, map[string]*Prepared) {
	t.Helper()
	rel, err := synth.Default()
	if err != nil {
		t.Fatal(err)
	}
	preps := map[string]*Prepared{}
	for _, c := range rel.Cases {
		if preps[c.ID], err = Prepare(c); err != nil {
			t.Fatal(err)
		}
	}
	return rel, preps
}
