package analysis

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// TestScoreRefusesPolicy: Score and ScoreChunked refuse, before reading an episode, a policy
// the oracle cannot honour, with the oracle's own message (oracle.Policy.Check). Before, a
// policy built in Go as {binding: off} (non_action investigated by default) was scored: every
// V0 reference solution failed as wrong_stop_label.
func TestScoreRefusesPolicy(t *testing.T) {
	eps, lookup := referenceRepeats(t, 1)
	bad := oracle.Policy{Name: "mine", Binding: oracle.BindingOff}
	want := bad.Check()
	if want == nil || !strings.Contains(want.Error(), "binding=off with non_action=investigated cannot be honoured") {
		t.Fatalf("Check: %v", want)
	}
	opt := ScoreOptions{Policies: []oracle.Policy{oracle.SafeAct, bad}, Workers: 2}
	src := &countingSource{SliceSource: ingest.SliceSource{Episodes: eps}}
	if s, err := Score(src, lookup, opt); err == nil || err.Error() != want.Error() {
		n := 0
		if s != nil {
			n = s.Counts.Scored
		}
		t.Errorf("Score: error %v (%d episodes scored), want %v", err, n, want)
	}
	if src.taken != 0 {
		t.Errorf("Score read %d episodes before refusing the policy", src.taken)
	}
	emit := func([][]oracle.Verdict) error { return nil }
	if _, err := ScoreChunked(&ingest.SliceSource{Episodes: eps}, lookup, opt, 4, emit); err == nil || err.Error() != want.Error() {
		t.Errorf("ScoreChunked: error %v, want %v", err, want)
	}
}
