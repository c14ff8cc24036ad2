package synth

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"iter"
	"math"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

func defaultRelease(t testing.TB) *Release {
	t.Helper()
	r, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestCaseCounts: the paper's protocol and domain counts, exactly (Setup).
func TestCaseCounts(t *testing.T) {
	r := defaultRelease(t)
	var proto [ingest.NumProtocols]int
	dom := map[string]int{}
	idRE := regexp.MustCompile(`^SAB-(L|V0|V1|V2|V3)-\d{3}(@withheld|@contradicted)?$`)
	for i, c := range r.Cases {
		if !idRE.MatchString(c.ID) {
			t.Errorf("case id %q", c.ID)
		}
		if i > 0 && r.Cases[i-1].ID >= c.ID {
			t.Errorf("cases not sorted at %s", c.ID)
		}
		if c.Variant != "" {
			continue
		}
		proto[c.Protocol]++
		dom[c.Domain]++
		if c.Cluster == "" || c.ClusterRule != casespec.ClusterTemplate {
			t.Errorf("%s: cluster %q rule %q", c.ID, c.Cluster, c.ClusterRule)
		}
	}
	if want := [ingest.NumProtocols]int{86, 175, 131, 132, 132}; proto != want {
		t.Errorf("protocol counts %v, want %v", proto, want)
	}
	for _, d := range domainCounts {
		if dom[d.id] != d.n {
			t.Errorf("domain %s: %d cases, want %d", d.id, dom[d.id], d.n)
		}
	}
	if got := len(r.Cases); got != 656+43+22 {
		t.Errorf("%d cases with variants, want %d", got, 656+43+22)
	}
}

func commitsOf(c *casespec.Case) []*jsonv.Object {
	var list []any
	if c.Protocol == ingest.V2 {
		list, _ = c.Spec.List("workflow")
	} else {
		wf, _ := c.Spec.Obj("workflow")
		list, _ = wf.List("commits")
	}
	out := make([]*jsonv.Object, len(list))
	for i, x := range list {
		out[i] = x.(*jsonv.Object)
	}
	return out
}

func strList(v any) []string {
	l, _ := v.([]any)
	var out []string
	for _, x := range l {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

// TestComplexity: Table 7 — prescribed reads per protocol and the V3 graph totals.
func TestComplexity(t *testing.T) {
	r := defaultRelease(t)
	var sum, n [ingest.NumProtocols]float64
	maxReads := 0
	nodes, edges, forks, joins := 0, 0, 0, 0
	for _, c := range r.Cases {
		if c.Variant != "" || c.Protocol == ingest.Legacy {
			continue
		}
		calls, _ := c.Spec.List("required_info_calls")
		sum[c.Protocol] += float64(len(calls))
		n[c.Protocol]++
		maxReads = max(maxReads, len(calls))
		if c.Protocol != ingest.V3 {
			continue
		}
		cs := commitsOf(c)
		nodes += len(cs)
		children := map[string]int{}
		fork, join := false, false
		for _, cm := range cs {
			deps, _ := cm.Get("depends_on")
			d := strList(deps)
			edges += len(d)
			if len(d) > 1 {
				join = true
			}
			for _, p := range d {
				if children[p]++; children[p] > 1 {
					fork = true
				}
			}
		}
		if fork {
			forks++
		}
		if join {
			joins++
		}
	}
	for p, want := range map[ingest.Protocol]float64{ingest.V0: 5.59, ingest.V1: 6.47, ingest.V2: 7.14, ingest.V3: 5.88} {
		got := sum[p] / n[p]
		if math.Abs(got-want) > 0.05*want {
			t.Errorf("%s: mean prescribed reads %.2f, want %.2f ± 5%%", p.Label(), got, want)
		}
	}
	if maxReads != 17 {
		t.Errorf("max prescribed reads %d, want 17", maxReads)
	}
	if nodes != 501 || edges != 439 || forks != 103 || joins != 96 {
		t.Errorf("V3: %d nodes, %d edges, %d with a fork, %d with a join; want 501, 439, 103, 96", nodes, edges, forks, joins)
	}
}

// TestSpecShapes checks the schema rules the evaluator's spec validators and the real
// catalog impose: frozen keys, V2 linear dependencies consumed through postconditions,
// result references to earlier commits' result_schema fields, V0 stop outcomes.
func TestSpecShapes(t *testing.T) {
	r := defaultRelease(t)
	refRE := regexp.MustCompile(`result:([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)`)
	templates := map[string]int{}
	dag := 0
	for _, c := range r.Cases {
		s := c.Spec
		md, _ := s.Obj("metadata")
		if tid, _ := md.String("template_id"); tid == "" {
			t.Errorf("%s: no metadata.template_id", c.ID)
		} else if c.Variant == "" {
			templates[tid]++
		}
		if deltas, ok := s.Obj("frozen_evidence_deltas"); ok {
			for i, k := range deltas.Keys {
				tool, args, _ := strings.Cut(k, ":")
				v, err := jsonv.Parse([]byte(args))
				if err != nil || k != tool+":"+string(jsonv.Canonical(v, true)) {
					t.Errorf("%s: delta key %q is not canonical", c.ID, k)
				}
				if _, ok := deltas.Values[i].([]any); !ok {
					t.Errorf("%s: delta %q is not a fact list", c.ID, k)
				}
			}
		}
		switch c.Protocol {
		case ingest.V0:
			stop, _ := s.String("expected_stop_outcome")
			if stop != "BLOCK" && stop != "DEFER" {
				t.Errorf("%s: expected_stop_outcome %q", c.ID, stop)
			}
			if cp, _ := s.String("candidate_protocol"); cp == "dag_workflow" {
				dag++
			}
		case ingest.V2, ingest.V3:
			cs := commitsOf(c)
			posts := map[string][]string{}
			fields := map[string]*jsonv.Object{}
			for i, cm := range cs {
				id, _ := cm.String("commit_id")
				pc, _ := cm.Get("postconditions")
				posts[id] = strList(pc)
				fields[id], _ = cm.Obj("result_schema")
				deps, _ := cm.Get("depends_on")
				d := strList(deps)
				if c.Protocol == ingest.V2 {
					prev := []string{}
					if i > 0 {
						pid, _ := cs[i-1].String("commit_id")
						prev = []string{pid}
						reqs, _ := cm.Get("requirements")
						if !strings.Contains(string(jsonv.Canonical(reqs, false)), posts[pid][0]) {
							t.Errorf("%s/%s: requirements do not consume %s's postcondition", c.ID, id, pid)
						}
					}
					if fmt.Sprint(d) != fmt.Sprint(prev) {
						t.Errorf("%s/%s: depends_on %v, want %v", c.ID, id, d, prev)
					}
				}
				args, _ := cm.Get("arguments")
				for _, m := range refRE.FindAllStringSubmatch(string(jsonv.Canonical(args, false)), -1) {
					f, ok := fields[m[1]]
					if !ok || !f.Has(m[2]) {
						t.Errorf("%s/%s: reference %s does not name an earlier commit's result field", c.ID, id, m[0])
					}
				}
			}
		}
	}
	if dag != v0DAGCases {
		t.Errorf("%d V0 dag_workflow cases, want %d", dag, v0DAGCases)
	}
	small := 0
	for _, n := range templates {
		if n < 2 {
			small++
		}
	}
	if len(templates) > 656/3 || small > len(templates)/10 {
		t.Errorf("%d templates (%d singletons) for 656 cases: want clusters of several cases", len(templates), small)
	}
}

// TestSets: the case sets' sizes and composition.
func TestSets(t *testing.T) {
	r := defaultRelease(t)
	byID := map[string]*casespec.Case{}
	for _, c := range r.Cases {
		byID[c.ID] = c
	}
	want := map[string]int{"t9_matched_v1": 100, "t10_balanced": 99, "interventions_v1": 43, "interventions_contradicted": 22}
	for name, n := range want {
		if len(r.Sets[name]) != n {
			t.Errorf("set %s has %d ids, want %d", name, len(r.Sets[name]), n)
		}
		for _, id := range r.Sets[name] {
			if byID[id] == nil {
				t.Errorf("set %s: unknown case %s", name, id)
			}
		}
	}
	for _, id := range r.Sets["t9_matched_v1"] {
		if byID[id].Protocol != ingest.V1 {
			t.Errorf("t9: %s is not V1", id)
		}
	}
	class := map[string]int{}
	for _, id := range r.Sets["t10_balanced"] {
		c := byID[id]
		switch c.Protocol {
		case ingest.V0:
			s, _ := c.Spec.String("expected_stop_outcome")
			class[s]++
		default:
			class["ALLOW"]++
		}
	}
	if class["ALLOW"] != 33 || class["BLOCK"] != 33 || class["DEFER"] != 33 {
		t.Errorf("t10 classes %v, want 33 each", class)
	}
	iv := map[string]bool{}
	for _, id := range r.Sets["interventions_v1"] {
		iv[id] = true
		if byID[id+"@withheld"] == nil {
			t.Errorf("no withheld variant of %s", id)
		}
	}
	for _, id := range r.Sets["interventions_contradicted"] {
		if !iv[id] || byID[id+"@contradicted"] == nil {
			t.Errorf("contradicted %s: not an intervention case or no variant", id)
		}
	}
}

// TestReferenceSolutionsPass: every case's reference solution (simulated_trace, or the
// gold decision for Legacy) passes the oracle, as 656/656 do in the real release.
func TestReferenceSolutionsPass(t *testing.T) {
	r := defaultRelease(t)
	for _, c := range r.Cases {
		if c.Variant != "" {
			continue
		}
		p, err := oracle.Prepare(c)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		ep, err := oracle.ReferenceEpisode(c)
		if err != nil {
			t.Fatalf("%s: reference: %v", c.ID, err)
		}
		if v := p.Score(ep, oracle.SafeAct, false); !v.ECS() {
			t.Errorf("%s: reference solution fails: %s / %s", c.ID, v.Outcome(), v.FailureType())
		}
	}
}

// TestEpisodes: counts per condition, unique keys, records of the right kind.
func TestEpisodes(t *testing.T) {
	r := defaultRelease(t)
	if len(r.Intended) != len(r.Episodes) {
		t.Fatalf("%d intended for %d episodes", len(r.Intended), len(r.Episodes))
	}
	cond := map[string]int{}
	seen := map[ingest.Key]bool{}
	runs := map[string]bool{}
	excluded := 0
	for _, ep := range r.Episodes {
		cond[ep.Condition]++
		if seen[ep.Key()] || runs[ep.RunID] {
			t.Fatalf("duplicate episode %s", ep.RunID)
		}
		seen[ep.Key()], runs[ep.RunID] = true, true
		if ep.Config != ep.Model+"/"+ep.Harness {
			t.Errorf("%s: config %q, model %q, harness %q", ep.RunID, ep.Config, ep.Model, ep.Harness)
		}
		if ep.Status != ingest.StatusCompleted {
			excluded++
		}
		wantStatic := ep.Condition == CondStatic || strings.HasPrefix(ep.CaseID, "SAB-L-")
		if ep.IsStatic() != wantStatic {
			t.Errorf("%s: IsStatic %v", ep.RunID, ep.IsStatic())
		}
		if wantStatic {
			checkDecision(t, ep)
		}
	}
	want := map[string]int{CondMain: 656 * 10 * 3, CondStatic: 3*100 + 6*99, CondWithheld: 3 * 43,
		CondContradicted: 3 * 22, CondEvidencePackage: 3 * 43, CondRequesterClaim: 3 * 43,
		CondSCGREG: 656 * 10, CondSCGRSelect: 656 * 10}
	for c, n := range want {
		if cond[c] != n {
			t.Errorf("condition %s: %d episodes, want %d", c, cond[c], n)
		}
	}
	if excluded == 0 || excluded > 10 {
		t.Errorf("%d excluded episodes, want a few (1–10)", excluded)
	}
}

// checkDecision checks an agent_decision against agent_decision.schema.json's required
// fields and forbidden keys.
func checkDecision(t *testing.T, ep *ingest.Episode) {
	t.Helper()
	rec := ep.Record
	for _, k := range []string{"schema_version", "env_id", "decision", "decision_time", "candidate_action_summary",
		"confirm", "claims", "evidence_refs", "risk_notes", "rationale"} {
		if !rec.Has(k) {
			t.Errorf("%s: agent_decision lacks %s", ep.RunID, k)
		}
	}
	for _, k := range []string{"actions", "candidate_actions", "selected_actions", "action_plan"} {
		if rec.Has(k) {
			t.Errorf("%s: agent_decision has forbidden %s", ep.RunID, k)
		}
	}
	d, _ := rec.String("decision")
	if d != "allow" && d != "defer" && d != "block" {
		t.Errorf("%s: decision %q", ep.RunID, d)
	}
	if s, _ := rec.String("candidate_action_summary"); strings.TrimSpace(s) == "" {
		t.Errorf("%s: empty candidate_action_summary", ep.RunID)
	}
}

// releaseParts yields the cases, sets and episodes (each with its intended outcome) of a
// release in their order, each as bytes: what releaseDigest hashes. The bytes are valid
// until the next part.
func releaseParts(r *Release) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		var buf []byte
		for _, c := range r.Cases {
			if !yield(fmt.Appendf(buf[:0], "%s %s %s\n", c.ID, c.Cluster, casespec.SpecSHA256(c.Spec))) {
				return
			}
		}
		for _, name := range []string{"t9_matched_v1", "t10_balanced", "interventions_v1", "interventions_contradicted"} {
			if !yield(fmt.Appendln(buf[:0], name, r.Sets[name])) {
				return
			}
		}
		for i, ep := range r.Episodes {
			buf = ingest.AppendEpisodeJSON(buf[:0], ep)
			if !yield(fmt.Appendln(buf, r.Intended[i])) {
				return
			}
		}
	}
}

// releaseDigest hashes the cases, sets and episodes of a release in their order.
func releaseDigest(r *Release) string {
	h := sha256.New()
	for p := range releaseParts(r) {
		h.Write(p)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

var defaultDigestOnce struct {
	sync.Once
	d string
}

// digestOf is releaseDigest(r), computed once for the built-in release (TestGoldenSummary
// and TestDeterminism both need it, and each digest encodes every episode).
func digestOf(r *Release) string {
	if d, _ := Default(); r != d {
		return releaseDigest(r)
	}
	defaultDigestOnce.Do(func() { defaultDigestOnce.d = releaseDigest(r) })
	return defaultDigestOnce.d
}

// sameParts reports whether two releases yield the same parts, stopping at the first
// difference (releases of different seeds differ from their first case on).
func sameParts(a, b *Release) bool {
	next, stop := iter.Pull(releaseParts(b))
	defer stop()
	for p := range releaseParts(a) {
		if q, ok := next(); !ok || !bytes.Equal(p, q) {
			return false
		}
	}
	_, more := next()
	return !more
}

// TestDeterminism: the same seed gives the same release, a different seed another one,
// and Default is seed 1, cached.
func TestDeterminism(t *testing.T) {
	t.Parallel() // CPU-bound on shared read-only fixtures
	a := defaultRelease(t)
	b, err := Generate(Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if digestOf(a) != releaseDigest(b) {
		t.Fatal("two generations with seed 1 differ")
	}
	if again, _ := Default(); again != a {
		t.Error("Default is not cached")
	}
	c := seed2(t)
	if sameParts(a, c) {
		t.Error("seeds 1 and 2 give the same release")
	}
	if len(c.Cases) != len(a.Cases) || len(c.Episodes) != len(a.Episodes) {
		t.Errorf("seed 2: %d cases, %d episodes; seed 1: %d, %d", len(c.Cases), len(c.Episodes), len(a.Cases), len(a.Episodes))
	}
}

// TestScale: Scale 2 doubles the main repeats; the first three repeats are scale 1's.
func TestScale(t *testing.T) {
	t.Parallel() // CPU-bound on shared read-only fixtures
	a := defaultRelease(t)
	first := map[string]string{}
	var buf []byte
	for _, ep := range a.Episodes {
		if ep.Condition == CondMain {
			buf = ingest.AppendEpisodeJSON(buf[:0], ep)
			first[ep.RunID] = string(buf)
		}
	}
	main, same := 0, 0
	maxRep := 0
	_, err := Stream(Options{Seed: 1, Scale: 2}, func(ep *ingest.Episode, _ Intended) error {
		if ep.Condition != CondMain {
			return nil
		}
		main++
		maxRep = max(maxRep, ep.Repeat)
		if s, ok := first[ep.RunID]; ok {
			buf = ingest.AppendEpisodeJSON(buf[:0], ep)
			if s == string(buf) {
				same++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if main != 2*656*10*3 || maxRep != 5 || same != len(first) {
		t.Errorf("scale 2: %d main episodes, max repeat %d, %d of %d scale-1 episodes unchanged", main, maxRep, same, len(first))
	}
	if _, err := Stream(Options{Seed: 1, Scale: -1}, func(*ingest.Episode, Intended) error { return nil }); err == nil {
		t.Error("negative scale accepted")
	}
}

// TestStreamStops: an error from the receiver ends the stream at once, after exactly the
// episodes before it, in release order, although several batches are written ahead.
func TestStreamStops(t *testing.T) {
	t.Parallel() // CPU-bound on shared read-only fixtures
	a := defaultRelease(t)
	stop := errors.New("enough")
	const n = 3*batchSize + 7
	var got []string
	_, err := Stream(Options{Seed: 1}, func(ep *ingest.Episode, _ Intended) error {
		if len(got) == n {
			return stop
		}
		got = append(got, ep.RunID)
		return nil
	})
	if err != stop {
		t.Fatalf("Stream returned %v, want the receiver's error", err)
	}
	if len(got) != n {
		t.Fatalf("%d episodes before the error, want %d", len(got), n)
	}
	for i, id := range got {
		if id != a.Episodes[i].RunID {
			t.Fatalf("episode %d is %s, want %s", i, id, a.Episodes[i].RunID)
		}
	}
}

// TestStreamDefault: the built-in release streamed from its generator, without keeping
// it, is Default's episode for episode (their JSON), and an error from the receiver ends
// it; once Default holds them, StreamDefault hands over those.
func TestStreamDefault(t *testing.T) {
	t.Parallel() // CPU-bound on shared read-only fixtures
	a := defaultRelease(t)
	stop := errors.New("enough")
	const n = 2*batchSize + 3
	var got, want []byte
	i := 0
	err := generateDefault(func(ep *ingest.Episode) error {
		if i == n {
			return stop
		}
		got = ingest.AppendEpisodeJSON(got[:0], ep)
		want = ingest.AppendEpisodeJSON(want[:0], a.Episodes[i])
		if string(got) != string(want) {
			t.Fatalf("episode %d: generated %s, Default has %s", i, got, want)
		}
		i++
		return nil
	})
	if err != stop || i != n {
		t.Fatalf("generateDefault stopped after %d episodes with %v, want %d and the receiver's error", i, err, n)
	}
	i = 0
	if err := StreamDefault(func(ep *ingest.Episode) error {
		if ep != a.Episodes[i] {
			t.Fatalf("episode %d is not Default's", i)
		}
		i++
		return nil
	}); err != nil || i != len(a.Episodes) {
		t.Fatalf("StreamDefault: %d episodes, %v; want %d", i, err, len(a.Episodes))
	}
	c, err := DefaultCases()
	if err != nil || c.Episodes != nil || len(c.Cases) != len(a.Cases) || len(c.Sets) != len(a.Sets) {
		t.Fatalf("DefaultCases: %v; want Default's cases and sets without the episodes", err)
	}
	for i, cs := range c.Cases {
		if cs.ID != a.Cases[i].ID || cs.Cluster != a.Cases[i].Cluster || string(jsonv.Canonical(cs.Spec, false)) != string(jsonv.Canonical(a.Cases[i].Spec, false)) {
			t.Fatalf("case %d: %s, Default has %s", i, cs.ID, a.Cases[i].ID)
		}
	}
}
