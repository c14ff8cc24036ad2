package oracle

import (
	"testing"
	"unsafe"

	"github.com/sabench/sabench-stats/ingest"
)

// TestVerdictCompact: the stored verdict stays small (64 bytes of values and the Detail
// pointer) and gives back exactly the fields it was built from.
func TestVerdictCompact(t *testing.T) {
	if got := unsafe.Sizeof(Verdict{}); got > 72 {
		t.Errorf("Verdict is %d bytes, want at most 72", got)
	}
	f := Fields{RunID: "r-1", Config: "m/h", Model: "m", Harness: "h", CaseID: "SAB-V2-001@x", BaseCaseID: "SAB-V2-001",
		Protocol: ingest.V2, Domain: "d", Repeat: 7, Condition: "main", Status: "completed", Excluded: true,
		ExclusionReason: "censored", Static: true, ECS: true, Outcome: "O", CanonicalOutcome: "C", FailureType: "F",
		Attempted: true, FirstAttemptIndex: 12, CompleteAtFirstAttempt: true, CoverageComplete: true,
		MissingAtCheckpoint: true, ExecutedCommits: 3, ToolsBeforeAttempt: 1<<63 | 5, Official: 1,
		EmptyOutcome: true, TrustedKeys: true}
	v := f.Verdict()
	if got := v.Fields(); got != f {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, f)
	}
	var zero Verdict
	if got := zero.Fields(); got != (Fields{}) {
		t.Errorf("zero verdict reads %+v", got)
	}
	// Each boolean is its own bit.
	for i := 0; i < 9; i++ {
		g := Fields{}
		bools := []*bool{&g.Excluded, &g.Static, &g.ECS, &g.Attempted, &g.CompleteAtFirstAttempt, &g.CoverageComplete, &g.MissingAtCheckpoint,
			&g.EmptyOutcome, &g.TrustedKeys}
		*bools[i] = true
		if got := g.Verdict(); got.Fields() != g {
			t.Errorf("flag %d: %+v", i, got.Fields())
		}
	}
	// Equal labels give equal ids; the strings are copies, not the caller's.
	b := []byte("m/h")
	w := Fields{Config: string(b)}.Verdict()
	b[0] = 'x'
	if w.Config() != "m/h" || w.ConfigKey() != v.ConfigKey() {
		t.Errorf("config %q id %d, want m/h id %d", w.Config(), w.ConfigKey(), v.ConfigKey())
	}
}
