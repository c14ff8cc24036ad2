package job

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results/verdicts"
)

// fakeScore stands for the scoring pass of a scoreJob: it hands vs to emit in chunks of
// chunk (or returns them whole when chunk is 0) and records how it was called.
type fakeScore struct {
	vs    []oracle.Verdict
	calls []int // the chunk of each call
}

func (f *fakeScore) score(opt analysis.ScoreOptions, chunk int, emit func([][]oracle.Verdict) error) (*analysis.Scored, []ingest.Problem, error) {
	f.calls = append(f.calls, chunk)
	s := &analysis.Scored{Policies: opt.Policies, Counts: analysis.Counts{Read: len(f.vs), Scored: len(f.vs)}}
	if chunk == 0 {
		s.Verdicts = [][]oracle.Verdict{f.vs}
		return s, nil, nil
	}
	s.Tally = analysis.NewScoreTally(opt.Policies)
	for i := 0; i < len(f.vs); i += chunk {
		part := [][]oracle.Verdict{f.vs[i:min(i+chunk, len(f.vs))]}
		s.Tally.Add(part)
		if err := emit(part); err != nil {
			return nil, nil, err
		}
	}
	return s, nil, nil
}

// TestScoreJobPlans checks which way each job scores (streamed in chunks, or whole
// first) and that the streamed verdicts are those written whole.
func TestScoreJobPlans(t *testing.T) {
	var vs []oracle.Verdict
	for i := range 5 {
		vs = append(vs, fuzzVerdict("r"+string(rune('a'+i)), "m/h", "SAB-V1-001", "TASK_SUCCESS", "", i, false, i%2 == 0, true, 1, int8(i%2)))
	}
	var whole bytes.Buffer
	if err := verdicts.Write(&whole, "jsonl", safeAct, [][]oracle.Verdict{vs}, false); err != nil {
		t.Fatal(err)
	}
	defer func(n int) { StreamChunk = n }(StreamChunk)
	StreamChunk = 2
	for _, tc := range []struct {
		name  string
		job   scoreJob
		calls []int
	}{
		{"stream", scoreJob{Format: "jsonl"}, []int{2}},
		{"detail streams in detail chunks", scoreJob{Format: "jsonl", Detail: true}, []int{DetailChunk}},
		{"disagreements need the whole input", scoreJob{Disagreements: true}, []int{0}},
		{"an audit is checked before writing", scoreJob{Format: "jsonl", Audit: &ingest.Audit{Path: "a.csv", Labels: map[string]ingest.AuditLabel{"no-such-run": {Line: 2}}}}, []int{0}},
	} {
		f := &fakeScore{vs: vs}
		tc.job.Policies, tc.job.Score = safeAct, f.score
		var out bytes.Buffer
		summary, err := tc.job.Run(&out)
		if tc.job.Audit != nil { // a label of a run not read is refused before writing
			if err == nil || out.Len() != 0 {
				t.Errorf("%s: err %v, %d bytes written", tc.name, err, out.Len())
			}
		} else if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(f.calls) != len(tc.calls) || f.calls[0] != tc.calls[0] {
			t.Errorf("%s: scored with chunks %v, want %v", tc.name, f.calls, tc.calls)
		}
		if err == nil && !strings.HasPrefix(summary, "score: read 5 episodes = scored 5") {
			t.Errorf("%s: summary %q", tc.name, summary)
		}
		if tc.name == "stream" && out.String() != whole.String() {
			t.Errorf("streamed verdicts differ from the whole write:\n%s\nwant\n%s", out.String(), whole.String())
		}
	}
}

// TestScoreJobShardAndFile checks the shard's summary line and the write to a file.
func TestScoreJobShardAndFile(t *testing.T) {
	f := &fakeScore{vs: []oracle.Verdict{fuzzVerdict("r", "m/h", "SAB-V1-001", "TASK_SUCCESS", "", 0, false, true, true, 1, 1)}}
	path := filepath.Join(t.TempDir(), "v.csv")
	job := scoreJob{Policies: safeAct, Format: "csv", Out: path, Shard: 1, Shards: 3, Base: 7, Score: f.score}
	var out bytes.Buffer
	summary, err := job.Run(&out)
	if err != nil {
		t.Fatal(err)
	}
	if out.Len() != 0 {
		t.Errorf("wrote %d bytes to the writer with a file out", out.Len())
	}
	if want := "score: shard 2/3: 1 episode from input index 7 "; !strings.HasPrefix(summary, want) {
		t.Errorf("summary %q, want prefix %q", summary, want)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(got), "run_id,") || strings.Count(string(got), "\n") != 2 {
		t.Errorf("file:\n%s", got)
	}
}

// safeAct is the one policy of the hand-made verdict slices.
var safeAct = []oracle.Policy{oracle.SafeAct}

// fuzzVerdict builds a verdict from fuzzed fields.
func fuzzVerdict(runID, config, caseID, outcome, failure string, repeat int, excluded, ecs, attempted bool, first int, official int8) oracle.Verdict {
	base, _ := ingest.SplitVariant(caseID)
	p, _ := ingest.ProtocolFromID(caseID)
	v := oracle.Fields{RunID: runID, Config: config, CaseID: caseID, BaseCaseID: base, Protocol: p % ingest.NumProtocols,
		Repeat: repeat, Condition: "main", Status: "completed", ECS: ecs, Outcome: outcome, CanonicalOutcome: outcome,
		FailureType: failure, Attempted: attempted, FirstAttemptIndex: first, Official: official}
	if excluded {
		v.Excluded, v.Status, v.ExclusionReason = true, "censored", "censored"
	}
	return v.Verdict()
}
