package analysis

import (
	"testing"
	"unsafe"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// recordsOf converts verdicts in order.
func recordsOf(vs []oracle.Verdict) []Record {
	c := newRecorder()
	out := make([]Record, len(vs))
	for i := range vs {
		out[i] = c.record(&vs[i])
	}
	return out
}

// releaseOfRecords builds a release from records, as tests that edit a release's records
// do (no usage: the costs are zero).
func releaseOfRecords(r *Release, recs []Record, pol oracle.Policy) *Release {
	return newRelease(r.Cases, r.Sets, &releaseInput{parts: [][]Record{recs}}, pol)
}

// TestRecordReadsAsTheVerdict: every field a record keeps reads as the verdict's, and the
// keys are equal exactly when the labels are.
func TestRecordReadsAsTheVerdict(t *testing.T) {
	fs := []oracle.Fields{
		{Config: "A", Model: "m", Harness: "h", CaseID: "SAB-V1-001@withheld", BaseCaseID: "SAB-V1-001", Domain: "d", Protocol: ingest.V1,
			Repeat: 3, Condition: "main", ECS: true, Attempted: true, CompleteAtFirstAttempt: true, CoverageComplete: true,
			ExecutedCommits: 2, ToolsBeforeAttempt: 1<<63 | 5, Official: 1, FailureType: ""},
		{Config: "A", Model: "m2", Harness: "h2", CaseID: "SAB-V1-001", BaseCaseID: "SAB-V1-001", Domain: "d", Protocol: ingest.V1,
			Repeat: 0, Condition: "scgr_eg", Static: true, MissingAtCheckpoint: true, FailureType: "gap", Official: 0},
		{Config: "B", Model: "m", Harness: "h", CaseID: "SAB-V0-002", BaseCaseID: "SAB-V0-002", Domain: "e", Protocol: ingest.V0,
			Condition: "main", Excluded: true, ExclusionReason: "infra_failure", Official: -1},
	}
	var vs []oracle.Verdict
	for _, f := range fs {
		vs = append(vs, f.Verdict())
	}
	rs := recordsOf(vs)
	for i := range vs {
		v, r := &vs[i], &rs[i]
		type row struct {
			cfg, model, harness, id, base, domain, cond, reason, failure string
			proto                                                        ingest.Protocol
			rep, exec                                                    int
			tools                                                        uint64
			official                                                     int8
			flags                                                        [8]bool
		}
		got := row{r.Config(), r.Model(), r.Harness(), r.CaseID(), r.BaseCaseID(), r.Domain(), r.Condition(), r.ExclusionReason(), r.FailureType(),
			r.Protocol(), int(r.repeat), int(r.executed), r.ToolsBeforeAttempt(), r.Official(),
			[8]bool{r.Excluded(), r.Static(), r.ECS(), r.Attempted(), r.CompleteAtFirstAttempt(), r.CoverageComplete(), r.MissingAtCheckpoint(), r.committed()}}
		want := row{v.Config(), v.Model(), v.Harness(), v.CaseID(), v.BaseCaseID(), v.Domain(), v.Condition(), v.ExclusionReason(), v.FailureType(),
			v.Protocol(), v.Repeat(), v.ExecutedCommits(), v.ToolsBeforeAttempt(), v.Official(),
			[8]bool{v.Excluded(), v.Static(), v.ECS(), v.Attempted(), v.CompleteAtFirstAttempt(), v.CoverageComplete(), v.MissingAtCheckpoint(), v.ExecutedCommits() > 0}}
		if got != want {
			t.Errorf("record %d: %+v, want %+v", i, got, want)
		}
	}
	// Same configuration name, another model and harness: one ConfigKey, two label sets.
	if rs[0].ConfigKey() != rs[1].ConfigKey() || rs[0].ConfigKey() == rs[2].ConfigKey() || rs[0].cfg == rs[1].cfg {
		t.Error("ConfigKey: equal for the configuration name A only")
	}
	if rs[0].CaseKey() == rs[1].CaseKey() || rs[1].CaseIdentityKey() == rs[0].CaseIdentityKey() || rs[0].ConditionKey() != rs[2].ConditionKey() {
		t.Error("CaseKey, CaseIdentityKey or ConditionKey do not follow the labels")
	}
	// The size the memory notes count on (docs/report-memory.md).
	if n := unsafe.Sizeof(Record{}); n != 32 {
		t.Errorf("a record is %d bytes, want 32", n)
	}
	// A second conversion (another recorder) gives the same ids.
	if again := recordsOf(vs); again[0] != rs[0] || again[2] != rs[2] {
		t.Error("a second conversion gave other ids")
	}
}
