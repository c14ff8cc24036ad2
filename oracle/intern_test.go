package oracle

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/sabench/sabench-stats/ingest"
)

// A stream that releases each chunk's verdicts reuses their run ids and usages: the tables
// hold the episodes in flight, however many chunks go by; a released verdict reads as
// having neither, and what was read from it before stays valid.
func TestReleaseReusesRunIDsAndUsages(t *testing.T) {
	episodes.mu.Lock()
	startRuns := episodes.n
	episodes.mu.Unlock()
	usages.mu.Lock()
	startUsages := usages.n
	usages.mu.Unlock()
	const chunk = 100
	for round := range 50 {
		vs := make([]Verdict, chunk)
		for i := range vs {
			vs[i] = Fields{RunID: fmt.Sprintf("run-%d-%d", round, i), Usage: Usage{CostUSD: float64(i), Known: UsageCost}}.Verdict()
		}
		for i := range vs {
			if got := vs[i].RunID(); got != fmt.Sprintf("run-%d-%d", round, i) || vs[i].Usage().CostUSD != float64(i) {
				t.Fatalf("round %d, verdict %d: run %q, usage %+v", round, i, got, vs[i].Usage())
			}
		}
		before := vs[7].RunID()
		for i := range vs {
			vs[i].Release()
		}
		if vs[7].RunID() != "" || vs[7].Usage() != (Usage{}) || before != fmt.Sprintf("run-%d-7", round) {
			t.Fatalf("released verdict reads run %q, usage %+v; earlier read %q", vs[7].RunID(), vs[7].Usage(), before)
		}
	}
	// No other test runs during a sequential one; the margin is for leftovers, not 50 chunks.
	episodes.mu.Lock()
	grewRuns := episodes.n - startRuns
	episodes.mu.Unlock()
	usages.mu.Lock()
	grewUsages := usages.n - startUsages
	usages.mu.Unlock()
	if grewRuns > 2*chunk || grewUsages > 2*chunk {
		t.Errorf("50 released chunks of %d grew the run table by %d ids and the usage table by %d; want at most a chunk's", chunk, grewRuns, grewUsages)
	}
}

// A verdict is safe to hold: a copy of a released verdict, or the episode's verdict under
// another policy, panics when its run id or usage is read or released, even after the
// slot went to a later episode, instead of returning that episode's run id.
func TestReleasedVerdictFailsLoudly(t *testing.T) {
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			t.Helper()
			r := recover()
			if s, ok := r.(string); !ok || !strings.HasPrefix(s, "oracle: ") || !strings.Contains(s, "released") {
				t.Errorf("%s: recovered %v, want the oracle's released-verdict panic", name, r)
			}
		}()
		f()
	}
	v := Fields{RunID: "episode-a", Usage: Usage{CostUSD: 1, Known: UsageCost}}.Verdict()
	other := v // the same episode's verdict under another policy shares its slot
	kept := v.RunID()
	v.Release()
	if v.RunID() != "" || v.Usage() != (Usage{}) || kept != "episode-a" {
		t.Fatalf("released verdict reads %q %+v; earlier read %q", v.RunID(), v.Usage(), kept)
	}
	// A later episode takes the slot (the free list is last in, first out).
	later := Fields{RunID: "episode-b"}.Verdict()
	if later.ep.id != other.ep.id {
		t.Fatalf("the later episode took slot %d, not the released %d", later.ep.id, other.ep.id)
	}
	mustPanic("RunID of a copy", func() { _ = other.RunID() })
	mustPanic("Usage of a copy", func() { _ = other.Usage() })
	mustPanic("Fields of a copy", func() { _ = other.Fields() })
	mustPanic("second Release", func() { other.Release() })
	if later.RunID() != "episode-b" {
		t.Errorf("the later episode reads %q after the failed second release", later.RunID())
	}
	// The other fields never depended on the slot.
	if other.Repeat() != 0 || other.ECS() {
		t.Error("copy's compact fields changed")
	}
	later.Release()
	v.Release() // a released verdict itself holds the empty episode: a no-op
	var zero Verdict
	zero.Release()
	if zero.RunID() != "" {
		t.Error("zero verdict")
	}
}

// internLabel's fast path gives "" the id the table gave it first, and other labels
// round-trip.
func TestInternLabelEmpty(t *testing.T) {
	if id := sym(labels.intern("", same[string])); id != 0 || internLabel("") != id {
		t.Fatalf(`"" has id %d in the table, %d from internLabel`, id, internLabel(""))
	}
	for _, s := range []string{FailPremature, OutcomeNoAction, "a label seen once"} {
		if got := internLabel(s).String(); got != s {
			t.Errorf("%q reads back as %q", s, got)
		}
	}
}

// A label cache gives the shared table's ids, also for labels that share a slot, and keeps
// the table's copy rather than the caller's (possibly reused) memory.
func TestLabelCacheGivesSharedIDs(t *testing.T) {
	var c labelCache
	buf := []byte("DECODER_LABEL_A")
	labels := []string{"", OutcomeTaskSuccess, OutcomeWorkflowSuccess, FailPremature, FailContract,
		GateBlock, GateAllow, "AB", "BA", unsafe.String(&buf[0], len(buf))}
	for round := range 3 {
		for _, s := range labels {
			if got, want := c.intern(s), internLabel(s); got != want {
				t.Fatalf("round %d: %q has id %d from the cache, %d from the table", round, s, got, want)
			}
		}
	}
	copy(buf, "DECODXR_LABEL_A") // the decoder reuses its buffer for another label (same slot)
	if got, want := c.intern("DECODXR_LABEL_A"), internLabel("DECODXR_LABEL_A"); got != want || got.String() != "DECODXR_LABEL_A" {
		t.Fatalf("after the buffer changed: id %d (%q), want %d", got, got.String(), want)
	}
	if got := c.intern("DECODER_LABEL_A").String(); got != "DECODER_LABEL_A" {
		t.Fatalf("DECODER_LABEL_A reads back as %q", got)
	}
	var nilCache *labelCache
	if nilCache.intern(FailPremature) != internLabel(FailPremature) {
		t.Fatal("a nil cache does not intern through the table")
	}
}

// Identity checks its last labels against each episode: an episode whose configuration,
// case variant, condition or status differs from the one before gets its own, and
// the remembered labels are the table's copies, not the decoder's bytes.
func TestIdentityFollowsEachEpisodesLabels(t *testing.T) {
	c := loadCase(t, allCaseIDs(t)[0])
	p := prepare(t, c)
	base := reference(t, c)
	buf := []byte("Model-A/Harness-A")
	ep := func(mut func(e *ingest.Episode)) *ingest.Episode {
		e := *base
		e.Config, e.Model, e.Harness = unsafe.String(&buf[0], len(buf)), "", ""
		mut(&e)
		return &e
	}
	cases := []struct {
		name string
		mut  func(e *ingest.Episode)
	}{
		{"first", func(e *ingest.Episode) {}},
		{"same again", func(e *ingest.Episode) {}},
		{"condition", func(e *ingest.Episode) { e.Condition = "no_hints" }},
		{"status", func(e *ingest.Episode) { e.Status = "infra_failure" }},
		{"variant", func(e *ingest.Episode) { e.CaseID = c.ID + "@b" }},
		{"config", func(e *ingest.Episode) { e.Config = "Model-B/Harness-B" }},
		{"model named", func(e *ingest.Episode) { e.Model = "Model-C" }},
		{"first again", func(e *ingest.Episode) {}},
	}
	for _, tc := range cases {
		e := ep(tc.mut)
		want := p.identity(e) // the labels as the episode gives them
		v := p.Identity(e)
		got := v.Fields()
		if got.Config != want.Config || got.Model != want.Model || got.Harness != want.Harness ||
			got.CaseID != want.CaseID || got.BaseCaseID != want.BaseCaseID || got.Domain != want.Domain ||
			got.Condition != want.Condition || got.Status != want.Status {
			t.Fatalf("%s: identity %+v, want labels of %+v", tc.name, got, want)
		}
	}
	copy(buf, "Model-X/Harness-X") // the decoder reuses its memory for the next episode
	v := p.Identity(ep(func(e *ingest.Episode) {}))
	if got := v.Fields(); got.Config != "Model-X/Harness-X" || got.Model != "Model-X" {
		t.Fatalf("after the decoder's bytes changed: config %q, model %q", got.Config, got.Model)
	}
}
