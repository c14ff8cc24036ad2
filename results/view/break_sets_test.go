package view_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/ingest/tau"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results/view"
)

// breakTally counts the verdicts checked, by failure type ("pass" for a success), and
// keeps the first problems found.
type breakTally struct {
	n      int
	byType map[string]int
	fails  []string
}

func (b *breakTally) check(t *testing.T, a breakAccount) {
	t.Helper()
	probs, err := checkBreak(a)
	if err != nil {
		t.Fatalf("%s under %s: %v", a.ep.RunID, a.pol.Name, err)
	}
	b.count(a.v, fmt.Sprintf("%s (%s) under %s", a.ep.RunID, a.cs.ID, a.pol.Name), probs)
}

// count adds one verdict and its problems (id names it in them).
func (b *breakTally) count(v oracle.Verdict, id string, probs []string) {
	if v.Excluded() {
		return
	}
	b.n++
	if b.byType == nil {
		b.byType = map[string]int{}
	}
	ft := v.FailureType()
	if v.ECS() {
		ft = "pass"
	}
	b.byType[ft]++
	for _, p := range probs {
		if len(b.fails) < 30 {
			b.fails = append(b.fails, id+": "+p)
		}
	}
}

func (b *breakTally) report(t *testing.T, set string) {
	t.Helper()
	claims.Lock()
	kinds := make([]string, 0, len(claims.n))
	for k := range claims.n {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, claims.n[k]))
	}
	sort.Strings(kinds)
	claims.n = map[string]int{}
	claims.Unlock()
	t.Logf("%s: claims checked: %s", set, strings.Join(kinds, "; "))
	for _, f := range b.fails {
		t.Error(f)
	}
	types := make([]string, 0, len(b.byType))
	for k := range b.byType {
		types = append(types, k)
	}
	sort.Strings(types)
	var parts []string
	for _, k := range types {
		parts = append(parts, fmt.Sprintf("%s %d", k, b.byType[k]))
	}
	t.Logf("%s: %d verdicts checked (%s)", set, b.n, strings.Join(parts, ", "))
}

func loadTauRules(t *testing.T, domain string) *tauRules {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "ingest", "tau", "domains", domain+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var r tauRules
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

// TestBreakAccountsTau checks what explain, the viewer and the verdict say of each of the
// 100 real τ-bench airline trajectories under tau-strict, tau-lenient, tau-reads, near-miss
// (binding value) and safeact with timing anytime, and of each without its reward (no
// benchmark verdict) and with its first write typed INFO_CALL under tau-strict (checkBreak).
func TestBreakAccountsTau(t *testing.T) {
	r, err := tau.ReadFile(filepath.Join("..", "..", "ingest", "tau", "testdata", "gpt-4o-airline-tasks25-49.json"), tau.Options{Config: "gpt-4o/tool-calling"})
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("%v %v", err, r.Problems)
	}
	b, err := tau.LoadBench("tau-bench:airline", casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rules := loadTauRules(t, "airline")
	prep := map[string]*oracle.Prepared{}
	for _, c := range b.Cases {
		if prep[c.ID], err = oracle.Prepare(c); err != nil {
			t.Fatal(err)
		}
	}
	pols, err := oracle.LookupPolicies([]string{"tau-strict", "tau-lenient", "tau-reads", "near-miss"})
	if err != nil {
		t.Fatal(err)
	}
	late := oracle.SafeAct
	late.Name, late.Timing = "late-reads", oracle.TimingAnytime
	pols = append(pols, late)
	// Each trajectory, and the same without the benchmark's verdict (which an action-rules
	// case takes its task success from).
	eps := append([]*ingest.Episode{}, r.Episodes...)
	for _, ep := range r.Episodes {
		c := *ep
		c.Official = nil
		c.RunID += "~no-official"
		eps = append(eps, &c)
	}
	// And each with a write, its first, typed INFO_CALL: the rules decide it is a write.
	for _, ep := range r.Episodes {
		evs, _ := ep.Record.List("events")
		for i, e := range evs {
			if o, _ := e.(*jsonv.Object); o != nil {
				if typ, _ := o.String("type"); typ == "CONSEQUENTIAL_CALL" {
					c := *ep
					c.Record = ep.Record.DeepCopy()
					l, _ := c.Record.List("events")
					l[i].(*jsonv.Object).Set("type", "INFO_CALL")
					c.Record.Set("events", l)
					c.RunID += "~write-typed-read"
					eps = append(eps, &c)
					break
				}
			}
		}
	}
	var tally breakTally
	for i, pol := range pols {
		for k, ep := range eps {
			if i > 0 && k >= len(r.Episodes) {
				break // the edited copies under tau-strict only
			}
			c := b.Case(ep.CaseID)
			v := prep[ep.CaseID].Score(ep, pol, true)
			tally.check(t, breakAccount{cs: c, ep: ep, pol: pol, v: v, vc: view.CaseOf(c), rules: rules})
		}
	}
	if len(r.Episodes) != 100 || tally.n != 100*len(pols)+len(eps)-100 {
		t.Errorf("%d trajectories, %d verdicts checked", len(r.Episodes), tally.n)
	}
	tally.report(t, "τ-bench airline")
}

// TestBreakAccountsRealCases checks the real SafeActBench cases' reference episodes under
// every preset and one-thing-wrong variants of each: each read dropped, each action
// dropped, each action moved to the front, each action repeated at the end, each action's
// first argument changed, the first read with a tool_status that is not a string, an action
// of a tool no step calls before the last action (checkBreak).
func TestBreakAccountsRealCases(t *testing.T) {
	dir := filepath.Join("..", "..", "ingest", "testdata", "safeactbench", "cases")
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	pols, err := oracle.LookupPolicies(oracle.PresetNames())
	if err != nil {
		t.Fatal(err)
	}
	// And safeact with the gold commits in any order: a child step taken first then defers
	// for want of its parent's postcondition (docs/policies.md), no preset's outcome.
	anyOrder := pols[0]
	anyOrder.Name, anyOrder.Order = "safeact-any-order", oracle.OrderAny
	pols = append(pols, anyOrder)
	var tally breakTally
	variants := 0
	for _, path := range files {
		c := realCase(t, path)
		p, err := oracle.Prepare(c)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := oracle.ReferenceEpisode(c)
		if err != nil {
			t.Fatal(err)
		}
		vc := view.CaseOf(c)
		for k, ep := range oneThingWrong(ref) {
			variants++
			for _, pol := range pols {
				v := p.Score(ep, pol, true)
				if k == 0 && !v.ECS() {
					t.Errorf("%s: the reference fails under %s", c.ID, pol.Name)
				}
				tally.check(t, breakAccount{cs: c, ep: ep, pol: pol, v: v, vc: vc})
			}
		}
	}
	tally.report(t, fmt.Sprintf("real cases (%d cases, %d episodes)", len(files), variants))
	if tally.byType["pass"] == tally.n {
		t.Error("no variant failed: the checks are not exercised")
	}
}

func realCase(t *testing.T, path string) *casespec.Case {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	o, err := jsonv.ParseObject(data)
	if err != nil {
		t.Fatal(err)
	}
	id, ok := o.String("episode_id")
	if !ok {
		id, _ = o.String("scenario_id")
	}
	proto, ok := ingest.ProtocolFromID(id)
	if !ok {
		t.Fatalf("%s: no protocol in %q", path, id)
	}
	env, _ := o.String("env_id")
	base, variant := ingest.SplitVariant(id)
	return &casespec.Case{ID: id, BaseID: base, Variant: variant, Protocol: proto, Domain: env, Spec: o, Source: path}
}

// oneThingWrong is the reference episode first, then its variants with one thing wrong,
// each with a run id saying what.
func oneThingWrong(ref *ingest.Episode) []*ingest.Episode {
	out := []*ingest.Episode{ref}
	edit := func(what, key string, val any) {
		c := *ref
		c.Record = ref.Record.DeepCopy()
		c.Record.Set(key, val)
		c.RunID = ref.RunID + "~" + what
		out = append(out, &c)
	}
	with := func(what string, list []any) { edit(what, "events", list) }
	if d, ok := ref.Record.String("decision"); ok { // Legacy: a wrong decision, and one that is none
		for _, o := range []string{"allow", "defer", "block", "maybe"} {
			if o != d {
				edit("decision-"+o, "decision", o)
			}
		}
	}
	if _, ok := ref.Record.Obj("terminal"); ok || ref.Record.Has("events") { // an answer that could not be read
		edit("unreadable", "metadata", jsonv.NewObject("parse_error", "the answer in output.completion is not JSON"))
	}
	for _, k := range []string{"schema_version", "rationale"} { // a field of the record's own missing
		if ref.Record.Has(k) {
			c := *ref
			c.Record = ref.Record.DeepCopy()
			c.Record.Delete(k)
			c.RunID = ref.RunID + "~no-" + k
			out = append(out, &c)
		}
	}
	if term, ok := ref.Record.Obj("terminal"); ok { // V0: the other stop labels, and one outside the contract
		for _, o := range []string{"BLOCK", "DEFER", "ALLOW"} {
			if got, _ := term.String("outcome"); got != o {
				edit("stop-"+o, "terminal", jsonv.NewObject("type", "NO_ACTION", "outcome", o))
			}
		}
	}
	evs, ok := ref.Record.List("events")
	if !ok {
		return out
	}
	// A read of a tool the case does not offer, first: every later event moves by one.
	with("stray-read", append([]any{jsonv.NewObject("type", "INFO_CALL", "call_id", "stray_1", "tool", "unlisted_tool", "arguments", jsonv.NewObject())}, jsonv.DeepCopy(evs).([]any)...))
	// An action of a tool no step calls, before the last action: where a step was due.
	for i := len(evs) - 1; i >= 0; i-- {
		if o, _ := evs[i].(*jsonv.Object); o != nil {
			if t, _ := o.String("type"); t == "CONSEQUENTIAL_CALL" {
				l := jsonv.DeepCopy(evs).([]any)
				with("stray-act", append(l[:i], append([]any{jsonv.NewObject("type", "CONSEQUENTIAL_CALL", "call_id", "stray_act", "tool", "unlisted_action", "arguments", jsonv.NewObject())}, l[i:]...)...))
				break
			}
		}
	}
	if _, ok := ref.Record.Obj("terminal"); ok { // V0: an action where the case says stop
		with("act", append(jsonv.DeepCopy(evs).([]any), jsonv.NewObject("type", "CONSEQUENTIAL_CALL", "call_id", "act_1", "tool", "refund_issue", "arguments", jsonv.NewObject())))
	}
	cp := func() []any { return jsonv.DeepCopy(evs).([]any) }
	typ := func(e any) string {
		o, _ := e.(*jsonv.Object)
		if o == nil {
			return ""
		}
		s, _ := o.String("type")
		return s
	}
	for i, e := range evs {
		l := cp()
		dropped := append(append([]any{}, l[:i]...), l[i+1:]...)
		switch typ(e) {
		case "INFO_CALL":
			with(fmt.Sprintf("drop-read-%d", i), dropped)
			l = cp()
			l[i].(*jsonv.Object).Set("tool_status", "error")
			with(fmt.Sprintf("failed-read-%d", i), l)
			if i == 0 { // a status that is not a string: a malformed read where the walk reads the status
				l = cp()
				l[i].(*jsonv.Object).Set("tool_status", int64(5))
				with("numeric-status-0", l)
			}
			if e.(*jsonv.Object).Has("evidence_delta_key") {
				l = cp()
				l[i].(*jsonv.Object).Set("evidence_delta_key", "bogus:key")
				with(fmt.Sprintf("bad-key-%d", i), l)
			}
			// The read with a page field beside its arguments and no claimed key: its
			// arguments hold the required ones but are not them.
			if a, ok := e.(*jsonv.Object).Obj("arguments"); ok && len(a.Keys) > 0 {
				l = cp()
				o := l[i].(*jsonv.Object)
				o.Delete("evidence_delta_key")
				a, _ := o.Obj("arguments")
				a.Set("page", int64(2))
				with(fmt.Sprintf("paged-read-%d", i), l)
			}
		case "CONSEQUENTIAL_CALL":
			with(fmt.Sprintf("drop-act-%d", i), dropped)
			l = cp()
			with(fmt.Sprintf("act-%d-first", i), append([]any{l[i]}, append(append([]any{}, l[:i]...), l[i+1:]...)...))
			l = cp()
			with(fmt.Sprintf("repeat-act-%d", i), append(l, jsonv.DeepCopy(l[i])))
			l = cp()
			if a, ok := l[i].(*jsonv.Object).Obj("arguments"); ok && len(a.Keys) > 0 {
				a.Values[0] = "WRONG-VALUE"
				with(fmt.Sprintf("wrong-arg-%d", i), l)
			}
		}
	}
	return out
}
