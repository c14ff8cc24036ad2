package analysis

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/synth"
	"github.com/sabench/sabench-stats/oracle"
)

// BenchmarkScoreRelease is Score of the built-in release (34,147 episodes, in the order
// the release lists them: every case before one repeats) under safeact, on one worker,
// with no Each or detail (as the score command). Each iteration compiles the cases afresh
// (a new Score call), as a command does once.
func BenchmarkScoreRelease(b *testing.B) {
	rel, err := synth.Default()
	if err != nil {
		b.Fatal(err)
	}
	benchScoreRelease(b, rel, rel.Episodes, false)
}

// BenchmarkScoreReleaseFile is the headline scoring benchmark (.ci/bench's "scoring, one
// policy, one core"): BenchmarkScoreRelease on the release's episodes as decoded from its
// runs.jsonl, as the score command reads them, so that no episode shares memory with
// another or with its case (the generator's own episodes do, and score faster); the
// verdicts go back to the oracle's tables after each pass, as score's chunks do. What the
// score command adds is the decoding, which other benchmarks measure.
func BenchmarkScoreReleaseFile(b *testing.B) {
	rel, err := synth.Default()
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "runs.jsonl")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := ingest.NewJSONLWriter(f)
	for _, ep := range rel.Episodes {
		if err := w.Write(ep); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	r, err := ingest.OpenEpisodes(path, ingest.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	var eps []*ingest.Episode
	for {
		ep, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		eps = append(eps, ep)
	}
	if err := r.Close(); err != nil {
		b.Fatal(err)
	}
	if len(eps) != len(rel.Episodes) {
		b.Fatalf("read %d episodes of %d", len(eps), len(rel.Episodes))
	}
	benchScoreRelease(b, rel, eps, true)
}

// benchScoreRelease scores eps (rel's) as BenchmarkScoreRelease says, releasing the
// verdicts after each pass when release is set, and reports CPU per episode and episodes
// per CPU second (the reader's and collector's goroutines included).
func benchScoreRelease(b *testing.B, rel *synth.Release, eps []*ingest.Episode, release bool) {
	bench, err := casespec.NewBench("builtin", rel.Cases, rel.Sets, casespec.BenchOptions{})
	if err != nil {
		b.Fatal(err)
	}
	opt := ScoreOptions{Policies: []oracle.Policy{oracle.SafeAct}, Workers: 1}
	c0 := processCPU()
	for b.Loop() {
		s, err := Score(&ingest.SliceSource{Episodes: eps}, bench.Case, opt)
		if err != nil {
			b.Fatal(err)
		}
		if release {
			for i := range s.Verdicts[0] {
				s.Verdicts[0][i].Release()
			}
		}
	}
	cpu := float64(processCPU() - c0)
	b.ReportMetric(cpu/float64(b.N*len(eps)), "cpu-ns/episode")
	if cpu > 0 {
		b.ReportMetric(float64(b.N*len(eps))/(cpu/1e9), "episodes/cpu-s")
	}
}
