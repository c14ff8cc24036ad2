package job

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
)

// The real cases and a harness batch file converted to episodes (ingest's fixtures): 8
// episodes, small enough to score under several policies in milliseconds.
const (
	testBench = "../../ingest/testdata/safeactbench"
	testRuns  = "../../ingest/harness/testdata/batch.golden.jsonl"
)

func testOptions(t *testing.T) Options {
	t.Helper()
	o := Defaults()
	o.Source.Bench, o.Source.Runs, o.Workers = testBench, []string{testRuns}, 2
	o.Stats.Resamples = 0
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	return o
}

// TestOptionErrors: a mistake in the options is an OptionError (a command line's usage
// error, exit status 2); a bad input file is not.
func TestOptionErrors(t *testing.T) {
	badPolicy := filepath.Join(t.TempDir(), "p.json")
	if err := os.WriteFile(badPolicy, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		change func(o *Options)
		option bool
	}{
		{"resamples", func(o *Options) { o.Stats.Resamples = -1 }, true},
		{"infra failures", func(o *Options) { o.InfraFailures = "sometimes" }, true},
		{"dedupe", func(o *Options) { o.Source.Dedupe = "middle" }, true},
		{"unknown policy", func(o *Options) { o.Policies = []string{"lenient"} }, true},
		{"case set", func(o *Options) { o.Sets = []string{"no-equals-sign"} }, true},
		{"no episodes beside the bench", func(o *Options) { o.Source.Runs = nil }, true},
		{"runs matching nothing", func(o *Options) { o.Source.Runs = []string{filepath.Join(t.TempDir(), "*.jsonl")} }, false},
		{"verdicts with runs", func(o *Options) { o.Verdicts = t.TempDir() }, true},
		{"choice naming nothing", func(o *Options) { o.Choices = analysis.PaperChoices(); o.Choices.SharedHarness = "nope" }, true},
		{"policy file contents", func(o *Options) { o.Policies = []string{badPolicy} }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := testOptions(t)
			tc.change(&o)
			err := o.Check()
			if err == nil {
				_, err = o.Release(Scoring{})
			}
			var oe *OptionError
			if err == nil || errors.As(err, &oe) != tc.option {
				t.Fatalf("error %v (%T): want an OptionError %v", err, err, tc.option)
			}
		})
	}
}

// TestRelease scores the input once under two policies, collects the viewer's
// episodes, and records every input file with the hash of its bytes.
func TestRelease(t *testing.T) {
	o := testOptions(t)
	o.Policies = []string{"safeact", "near-miss"}
	var progress int
	o.Progress = func(done int) { progress = done }
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	r, err := o.Release(Scoring{Collect: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Releases) != 2 || r.Input == nil || r.Collector == nil {
		t.Fatalf("%d releases, input %v, collector %v: want 2, both set", len(r.Releases), r.Input != nil, r.Collector != nil)
	}
	if r.Read() != 8 || progress != 8 {
		t.Errorf("read %d, progress %d: want the fixture's 8 episodes", r.Read(), progress)
	}
	m, err := o.Meta(r)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(testRuns)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	found := false
	for _, f := range m.Inputs {
		if filepath.Base(f.Path) == filepath.Base(testRuns) {
			found = f.SHA256 == hex.EncodeToString(sum[:]) && f.Bytes == int64(len(data))
		}
	}
	if !found {
		t.Errorf("provenance inputs %+v: want %s with its SHA-256", m.Inputs, testRuns)
	}
}

// TestReport writes the report directory with the viewer, and every table of the
// registry stamped with the release's provenance.
func TestReport(t *testing.T) {
	o := testOptions(t)
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	r, err := o.Release(Scoring{All: true, Collect: true})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "report")
	idx, viewer, err := o.Report(out, r, render.RenderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if viewer == nil || viewer.Episodes != 8 {
		t.Fatalf("viewer %+v: want the 8 episodes", viewer)
	}
	if len(idx.Tables)+len(idx.Skipped) < len(results.Registry) || len(idx.Tables) == 0 {
		t.Errorf("%d tables and %d skipped for %d registry entries", len(idx.Tables), len(idx.Skipped), len(results.Registry))
	}
	for _, tb := range idx.Tables {
		if tb.Meta != idx.Meta || idx.Meta == nil {
			t.Fatalf("table %s is not stamped with the report's provenance", tb.ID)
		}
	}
	for _, f := range []string{"index.md", "index.html"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	// The notes: why each table is empty, what was not written, and the count.
	notes := idx.Notes(out, viewer)
	empty := len(EmptyNotes(idx.Tables))
	if len(notes) != empty+len(idx.Skipped)+1 || len(idx.Skipped) > 0 && notes[empty] != "not written: "+idx.Skipped[0] {
		t.Errorf("%d notes for %d empty tables and %d not written: %q", len(notes), empty, len(idx.Skipped), notes)
	}
	want := fmt.Sprintf("%d tables × 5 formats and %d figures in %s (index: %s; viewer: %s, 8 episodes)",
		len(idx.Tables), len(idx.Figures), out, filepath.Join(out, "index.md"), filepath.Join(out, "index.html"))
	if got := notes[len(notes)-1]; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	// Without a viewer (a verdict dataset), the notes say so.
	notes = idx.Notes(out, nil)
	if got := notes[len(notes)-2]; got != "not written: index.html (the viewer shows each episode's record; a verdict dataset has none)" {
		t.Errorf("no viewer: %q", got)
	}
	if got := notes[len(notes)-1]; !strings.HasSuffix(got, "(index: "+filepath.Join(out, "index.md")+"; viewer: none: --verdicts has no episode records to show)") {
		t.Errorf("no viewer: %q", got)
	}
}

// TestExplainAndCompareRefuse: a selection of several episodes and a comparison of a
// configuration the release does not have are OptionErrors; one episode is explained.
func TestExplainAndCompareRefuse(t *testing.T) {
	o := testOptions(t)
	in, err := o.Load()
	if err != nil {
		t.Fatal(err)
	}
	pols, err := o.PolicyList(false)
	if err != nil {
		t.Fatal(err)
	}
	var oe *OptionError
	if _, err := o.Explain(in, ingest.Selection{ByKey: true, Config: "claude-5/claude-code", Repeat: -1, Condition: "main"}, pols, ExplainOptions{Format: "text"}); !errors.As(err, &oe) {
		t.Errorf("several episodes: %v, want an OptionError", err)
	}
	write, err := o.Explain(in, ingest.Selection{RunID: "claude-5/claude-code|SAB-V0-001|2|main"}, pols, ExplainOptions{Format: "text"})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := write(&b); err != nil || !strings.Contains(b.String(), "SAB-V0-001") {
		t.Errorf("explanation %q, %v: want the episode's case", b.String(), err)
	}
	r, err := o.Release(Scoring{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.Compare(r, analysis.CompareSpec{A: "claude-5/claude-code", B: "nobody/nothing", Condition: "main"}); !errors.As(err, &oe) {
		t.Errorf("unknown configuration: %v, want an OptionError", err)
	}
}

// TestScoreVerdicts writes one shard's verdicts to a file and refuses detail in a
// dataset and a malformed shard as option errors.
func TestScoreVerdicts(t *testing.T) {
	o := testOptions(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "v.jsonl")
	summary, _, err := o.ScoreVerdicts(nil, VerdictRequest{Format: "jsonl", Out: out, Shard: "1/2"})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n != 4 || !strings.Contains(summary, "shard 1/2") {
		t.Errorf("%d verdicts, summary %q: want shard 1/2's 4 of the 8 episodes", n, summary)
	}
	var oe *OptionError
	for _, req := range []VerdictRequest{
		{Format: "parquet", Out: dir + "/", Detail: true},
		{Format: "jsonl", Shard: "3/2"},
	} {
		if _, _, err := o.ScoreVerdicts(nil, req); !errors.As(err, &oe) {
			t.Errorf("%+v: %v, want an OptionError", req, err)
		}
	}
}

// TestValidate checks the fixture's episodes against its bench, and tells a bench that
// does not load (BenchError) from the rest.
func TestValidate(t *testing.T) {
	o := testOptions(t)
	v, err := o.Validate(nil, ingest.DefaultMaxLineBytes, 0)
	if err != nil {
		t.Fatal(err)
	}
	// The fixture's records are the real cases' reference solutions, valid under their schemas.
	if v.Bench == nil || v.Report == nil || v.Report.Files != 1 || v.Report.Lines != 8 || v.Report.Episodes != 8 || len(v.Report.Problems) != 0 {
		t.Errorf("validation %+v: want the fixture's 8 episodes in 1 file, without problems", v.Report)
	}
	// The built-in bench's cases with a released id but not its rule's shape are the
	// tool's own: counted in one note, not warned of one by one.
	o.Source.Bench, o.Source.Runs = "builtin", nil
	if v, err = o.Validate(nil, ingest.DefaultMaxLineBytes, 0); err != nil {
		t.Fatal(err)
	}
	_, notes := v.Lines()
	if v.BuiltinIDRules != 16 || len(v.Bench.Warnings) != 0 || !strings.HasPrefix(notes[0], "note: 16 built-in synthetic cases carry the id of a released case") {
		t.Errorf("built-in bench: %d counted, warnings %v, notes %q", v.BuiltinIDRules, v.Bench.Warnings, notes)
	}
	o.Source.Bench = filepath.Join(t.TempDir(), "missing")
	var be *BenchError
	if _, err := o.Validate(nil, ingest.DefaultMaxLineBytes, 0); !errors.As(err, &be) {
		t.Errorf("a missing bench: %v, want a BenchError", err)
	}
}
