package view

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/ingest/synth"
	"github.com/sabench/sabench-stats/oracle"
)

// refBlocks is the reference's block dictionary: json.Marshal of each value.
type refBlocks struct {
	idx  map[string]int
	list []json.RawMessage
}

func (d *refBlocks) id(v any) int {
	raw, _ := json.Marshal(v)
	if i, ok := d.idx[string(raw)]; ok {
		return i
	}
	d.idx[string(raw)] = len(d.list)
	d.list = append(d.list, raw)
	return len(d.list) - 1
}

// referenceDetail is the encoder encodeDetail replaced, kept as its reference: one episode's chain as block ids (see blockDict) over index lists into
// the case's strings:
//
//	[ep, events, ledger, checkpoints, rest]
//
// events: a block listing one block [type, call, tool, args] per event; ledger: a block
// listing blocks [event, fact, delta key]; checkpoints: a block listing blocks [event, tool,
// commit, gate, reason, [[id, status, reason, [missing…]]…], [match errors…], [reference
// errors…], target]; rest: a block [coverage (the seven Coverage ints, complete as 0/1), completed,
// invalid (flat [event, tool, reason]), notes, contract errors, end event, broke-at event,
// decision, first attempt, complete at first attempt, walked, [step states…], and the index
// in whys of the episode's own sentence where it is not its failure type's].
func referenceDetail(n int, s *dict, b *refBlocks, whys *dict, ep *Episode, vc *Case) []int {
	evs := make([]int, 0, len(ep.Events))
	for _, ev := range ep.Events {
		evs = append(evs, b.id([]int{s.id(ev.Type), s.id(ev.CallID), s.id(ev.Tool), s.id(ev.Args)}))
	}
	v := &ep.Main
	ids := func(xs []string) []int {
		out := make([]int, len(xs))
		for i, x := range xs {
			out[i] = s.id(x)
		}
		return out
	}
	decision := -1
	if ep.Decision != "" {
		decision = s.id(ep.Decision)
	}
	complete := 0
	if v.CompleteAtFirstAttempt() {
		complete = 1
	}
	d := v.Detail
	if d == nil {
		rest := []any{[]int{}, []int{}, []int{}, []int{}, []int{}, -1, -1, decision, v.FirstAttemptIndex(), complete, 0, []int{}}
		return []int{n, b.id(evs), b.id([]int{}), b.id([]int{}), b.id(rest)}
	}
	ledger := make([]int, 0, len(d.Ledger))
	for _, f := range d.Ledger {
		ledger = append(ledger, b.id([]int{f.EventIndex, s.id(f.Fact), s.id(f.DeltaKey)}))
	}
	cps := make([]int, 0, len(d.Checkpoints))
	for _, cp := range d.Checkpoints {
		reqs := make([]any, 0, len(cp.Requirements))
		for _, r := range cp.Requirements {
			reqs = append(reqs, []any{s.id(r.ID), s.id(r.Status), s.id(r.Reason), ids(r.MissingConditions)})
		}
		cps = append(cps, b.id([]any{cp.EventIndex, s.id(cp.Tool), s.id(cp.CommitID), s.id(cp.Gate), s.id(cp.Reason), reqs,
			ids(cp.MatchErrors), ids(cp.ReferenceErrs), s.id(cp.Target)}))
	}
	c := d.Coverage
	cov := []int{c.RequiredCalls, c.CoveredCalls, c.MinCalls, c.ObservedCalls, c.MinDistinct, c.ObservedDistinct, 0}
	if c.Complete {
		cov[6] = 1
	}
	inv := make([]int, 0, 3*len(d.InvalidInfoCalls))
	for _, ic := range d.InvalidInfoCalls {
		inv = append(inv, ic.EventIndex, s.id(ic.Tool), s.id(ic.Reason))
	}
	rest := []any{cov, ids(d.CompletedCommits), inv, ids(d.Notes), ids(d.ContractErrors),
		d.EndEvent, oracle.BrokeAt(*v), decision, v.FirstAttemptIndex(), complete, 1, ids(stepStates(vc.Workflow, vc.Protocol != "V2", d))}
	if w := oracle.EpisodeWhy(*v); w != "" && w != oracle.FailureWhy(v.FailureType()) {
		rest = append(rest, whys.id(w))
	}
	return []int{n, b.id(evs), b.id(ledger), b.id(cps), b.id(rest)}
}

// The hand-written block encoder writes what json.Marshal of the values wrote: the same
// ids, strings and block bytes for the built-in release's episodes under every preset
// (detail for the main one, as report encodes them), walked or not.
func TestEncodeDetailMatchesReference(t *testing.T) {
	if testing.Short() {
		t.Skip("scores the built-in release")
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
	var eps []*ingest.Episode // one in four, for a quarter of the time (both layouts are checked below)
	for i := 0; i < len(all); i += 4 {
		eps = append(eps, all[i])
	}
	pols, err := oracle.LookupPolicies(oracle.PresetNames())
	if err != nil {
		t.Fatal(err)
	}
	col, err := NewCollector(bench.Cases, pols)
	if err != nil {
		t.Fatal(err)
	}
	ref, whys := map[string]*refAcc{}, newDict()
	n, walked, static := 0, 0, 0
	each := func(eps []*ingest.Episode, vs [][]oracle.Verdict) error {
		col.waitCases() // the reference reads the cases the collector completes beside scoring
		for i, ep := range eps {
			ve := episodeOf(ep, vs[0][i], nil)
			if ep.Record != nil {
				ve.Events = refEvents(ep.Record.Object()) // the old way: checks recordEvents too
			}
			r := ref[ep.CaseID]
			if r == nil {
				r = &refAcc{s: newDict(), b: &refBlocks{idx: map[string]int{}}}
				ref[ep.CaseID] = r
			}
			r.eps = append(r.eps, referenceDetail(n, r.s, r.b, whys, ve, col.e.byID[ep.CaseID].c))
			n++
			if ve.Main.Detail != nil {
				walked++
			} else {
				static++
			}
		}
		return col.Add(eps, vs)
	}
	if _, err := analysis.Score(&ingest.SliceSource{Episodes: eps}, bench.Case, analysis.ScoreOptions{Policies: pols, Workers: 2, Each: each, DetailFirst: true}); err != nil {
		t.Fatal(err)
	}
	if err := col.Finish(); err != nil {
		t.Fatal(err)
	}
	if walked == 0 || static == 0 {
		t.Fatalf("walked %d, not walked %d: the release should exercise both layouts", walked, static)
	}
	if !slices.Equal(col.e.whys.list, whys.list) {
		t.Errorf("episode sentences %q, reference %q", col.e.whys.list, whys.list)
	}
	for id, r := range ref {
		a := col.e.byID[id]
		rows := rowsOf(t, a)
		if len(rows) != len(r.eps) {
			t.Fatalf("case %s: %d episodes encoded, reference %d", id, len(rows), len(r.eps))
		}
		for i, want := range r.eps {
			w, _ := json.Marshal(want)
			if got, _ := json.Marshal(rows[i]); string(got) != string(w) {
				t.Fatalf("case %s episode %d: %s, reference %s", id, i, got, w)
			}
		}
		blocks, strs := blocksOf(t, a), stringsOf(t, a)
		if len(blocks) != len(r.b.list) {
			t.Fatalf("case %s: %d blocks, reference %d", id, len(blocks), len(r.b.list))
		}
		for i := range r.b.list {
			if blocks[i] != string(r.b.list[i]) {
				t.Fatalf("case %s block %d: %s, reference %s", id, i, blocks[i], r.b.list[i])
			}
		}
		if len(strs) != len(r.s.list) {
			t.Fatalf("case %s: %d strings, reference %d", id, len(strs), len(r.s.list))
		}
		for i := range r.s.list {
			if strs[i] != r.s.list[i] {
				t.Fatalf("case %s string %d: %q, reference %q", id, i, strs[i], r.s.list[i])
			}
		}
	}
}

// refAcc is one case's reference encoding.
type refAcc struct {
	s   *dict
	b   *refBlocks
	eps [][]int
}

// refEvents is a record's events as the timeline shows them, built the way the
// Collector built them before it encoded events straight from the record (events.go):
// the reference for its output.
func refEvents(rec *jsonv.Object) []Event {
	list, _ := rec.List("events")
	out := make([]Event, 0, len(list))
	for _, raw := range list {
		o, _ := raw.(*jsonv.Object)
		var ev Event
		if o != nil {
			if t, ok := o.Get("type"); ok {
				ev.Type = jsonv.PyStr(t)
			}
			if t, ok := o.Get("call_id"); ok {
				ev.CallID = jsonv.PyStr(t)
			}
			if t, ok := o.Get("tool"); ok {
				ev.Tool = jsonv.PyStr(t)
			}
			if a, ok := o.Get("arguments"); ok {
				ev.Args = string(jsonv.Canonical(a, false))
			}
		} else {
			ev.Type = "?"
			ev.Args = string(jsonv.Canonical(raw, false))
		}
		out = append(out, ev)
	}
	return out
}
