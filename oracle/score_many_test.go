package oracle

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// manyPolicies are the presets plus custom policies whose switches the presets never
// combine, so that every setting a gate reads differs between some two of them.
var manyPolicies = append(append([]Policy(nil), Presets...),
	Policy{Name: "value-anytime", Binding: BindingValue, Timing: TimingAnytime, Coverage: CoverageRequired,
		Propagation: PropagationValue, Order: OrderStrict, NonAction: NonActionInvestigated, CoverageAt: CoverageAtFirstAndLast},
	Policy{Name: "entity-any-order", Binding: BindingEntity, Timing: TimingBefore, Coverage: CoverageRequired,
		Propagation: PropagationOff, Order: OrderAny, NonAction: NonActionAnyStop, CoverageAt: CoverageAtLast},
	Policy{Name: "anytime-only", Timing: TimingAnytime}, // the rest from WithDefaults
	SafeAct, // a repeat
)

// detailPatterns are the detail arguments a ScoreMany test tries: none, all, the first
// only (report's viewer), and every other one.
func detailPatterns(n int) [][]bool {
	all, first, alt := make([]bool, n), make([]bool, n), make([]bool, n)
	for i := range n {
		all[i], alt[i] = true, i%2 == 1
	}
	first[0] = true
	return [][]bool{nil, all, first, alt}
}

// sameMany checks that ScoreMany gives, for every policy and detail pattern, what
// ScoreFrom gives for that policy alone, Detail included.
func sameMany(t *testing.T, p *Prepared, ep *ingest.Episode, pols []Policy) {
	t.Helper()
	id := p.Identity(ep)
	for _, detail := range detailPatterns(len(pols)) {
		got := p.ScoreMany(id, ep, pols, detail, nil)
		if len(got) != len(pols) {
			t.Fatalf("%s: %d verdicts for %d policies", ep.CaseID, len(got), len(pols))
		}
		sharesNoDetail(t, got)
		for i, pol := range pols {
			want := p.ScoreFrom(id, ep, pol, detail != nil && detail[i])
			if !equalVerdicts(got[i], want) {
				t.Fatalf("%s under %s (detail %v): ScoreMany differs from ScoreFrom\n many %+v %+v\n one  %+v %+v",
					ep.CaseID, pol.Name, detail != nil && detail[i], got[i].Fields(), got[i].Detail, want.Fields(), want.Detail)
			}
		}
	}
}

// Scoring an episode under several policies at once shares the policy-independent work;
// every verdict must be the one policy's own, on the release's episodes of every protocol.
func TestScoreManyRelease(t *testing.T) {
	t.Parallel() // CPU-bound
	rel, preps := preparedRelease(t)
	// A stride through the release, as BenchmarkScoreRelease takes, mixes protocols and
	// outcomes; 1,500 episodes keep the test short.
	n, protocols := 0, map[ingest.Protocol]bool{}
	for i := 0; i < len(rel.Episodes) && n < 1500; i += 7 {
		ep := rel.Episodes[i]
		if p := preps[ep.CaseID]; p != nil {
			sameMany(t, p, ep, manyPolicies)
			protocols[p.c.Protocol] = true
			n++
		}
	}
	if n < 1500 || len(protocols) < 5 {
		t.Fatalf("%d release episodes scored, of protocols %v", n, protocols)
	}
}

// The same on the real cases' reference episodes and random mutations of them (shards,
// V0 preflights, malformed events).
func TestScoreManyMutations(t *testing.T) {
	t.Parallel() // CPU-bound
	rng := rand.New(rand.NewPCG(3, 4))
	for _, id := range allCaseIDs(t) {
		c := loadCase(t, id)
		p := prepare(t, c)
		ref := reference(t, c)
		sameMany(t, p, ref, manyPolicies)
		for range 20 {
			evs := copyEvents(ref)
			for k := 0; k <= rng.IntN(3); k++ {
				evs = mutate(rng, evs)
			}
			sameMany(t, p, withEvents(ref, evs), manyPolicies)
		}
	}
}

// sharesNoDetail checks that no two verdicts' Detail slices share memory, down to a
// checkpoint's errors and a requirement's missing conditions: the policies of one ScoreMany
// call share a walk's start and its memos, and a Detail that kept a slice of them would
// change with the next policy's walk, or with the caller's edits of another verdict.
func sharesNoDetail(t *testing.T, vs []Verdict) {
	t.Helper()
	type owner struct {
		verdict int
		name    string
	}
	seen := map[uintptr]owner{}
	for vi, v := range vs {
		d := v.Detail
		if d == nil {
			continue
		}
		slices := map[string]any{"Checkpoints": d.Checkpoints, "CompletedCommits": d.CompletedCommits,
			"InvalidInfoCalls": d.InvalidInfoCalls, "Ledger": d.Ledger, "Notes": d.Notes, "ContractErrors": d.ContractErrors}
		for ci, cp := range d.Checkpoints {
			slices[fmt.Sprintf("Checkpoints[%d].Requirements", ci)] = cp.Requirements
			slices[fmt.Sprintf("Checkpoints[%d].MatchErrors", ci)] = cp.MatchErrors
			slices[fmt.Sprintf("Checkpoints[%d].ReferenceErrs", ci)] = cp.ReferenceErrs
			for ri, rr := range cp.Requirements {
				slices[fmt.Sprintf("Checkpoints[%d].Requirements[%d].MissingConditions", ci, ri)] = rr.MissingConditions
			}
		}
		for name, s := range slices {
			rv := reflect.ValueOf(s)
			if rv.Cap() == 0 {
				continue
			}
			// One verdict may use a slice twice (a gate's deferred errors are also its
			// requirement's missing conditions); two verdicts may not.
			if other, ok := seen[rv.Pointer()]; ok && other.verdict != vi {
				t.Fatalf("%s: Detail.%s shares its array with another verdict's %s", v.CaseID(), name, other.name)
			}
			seen[rv.Pointer()] = owner{vi, name}
		}
	}
}

// equalVerdicts: a and b are equal, their Details by content (not the buffers each was
// built in, which recycling makes differ).
func equalVerdicts(a, b Verdict) bool {
	da, db := a.Detail, b.Detail
	a.Detail, b.Detail = nil, nil
	if !reflect.DeepEqual(a, b) || (da == nil) != (db == nil) {
		return false
	}
	if da == nil {
		return true
	}
	x, y := *da, *db
	x.mem, y.mem = nil, nil
	return reflect.DeepEqual(x, y)
}
