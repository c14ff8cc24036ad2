package synth

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"sync"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

var (
	writtenOnce sync.Once
	writtenDir  string
	writtenErr  error
)

// writtenRelease is the built-in release written once by WriteRelease, for the tests
// that read it (writing it is the costliest step of this package's tests). They must
// not modify it. TestMain removes it.
func writtenRelease(t *testing.T) string {
	t.Helper()
	writtenOnce.Do(func() {
		if writtenDir, writtenErr = os.MkdirTemp("", "synth-release-"); writtenErr == nil {
			writtenErr = WriteRelease(writtenDir, defaultRelease(t))
		}
	})
	if writtenErr != nil {
		t.Fatal(writtenErr)
	}
	return writtenDir
}

func TestMain(m *testing.M) {
	// The tests keep three whole releases in memory (seeds 1 and 2, and seed 1 again for
	// determinism) while generating, encoding and scoring more: at the default GOGC the
	// collector re-marks that live heap often. Twice the headroom cut the package's CPU
	// by about 4 s of 28 (RSS 1.1 → 1.5 GB), and four times it (the command's setting) 3 s
	// more (21.4 → 18.2 CPU-s, RSS 1.4 → 2.0 GB). An explicit GOGC in the environment wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	code := m.Run()
	if writtenDir != "" {
		os.RemoveAll(writtenDir)
	}
	os.Exit(code)
}

// TestWriteReleaseRoundTrip writes the built-in release's cases and sets with a quarter of
// its episodes in the checkout layout, loads it back with casespec.LoadBench and the episode
// readers, and checks that every case, set and cluster comes back and that the re-read
// episodes score exactly like the in-memory ones. The episodes are every fourth one, the
// first of every case and every excluded one: every case, condition, protocol and status,
// and more rows than one Parquet row group (8,192) holds. What comes back does not depend
// on how many episodes there are, and reading and scoring all 34,147 twice cost 4 CPU-s;
// TestWriteStreamMatchesWriteRelease writes the whole release.
func TestWriteReleaseRoundTrip(t *testing.T) {
	t.Parallel() // CPU-bound on shared read-only fixtures
	full, fullVerdicts := verdicts(t)
	r := &Release{Seed: full.Seed, Scale: full.Scale, Cases: full.Cases, Sets: full.Sets}
	var vs []oracle.Verdict
	seen := map[string]bool{}
	for i, ep := range full.Episodes {
		if i%4 == 0 || !seen[ep.CaseID] || ep.Status != ingest.StatusCompleted {
			r.Episodes = append(r.Episodes, ep)
			r.Intended = append(r.Intended, full.Intended[i])
			vs = append(vs, fullVerdicts[i])
		}
		seen[ep.CaseID] = true
	}
	if len(r.Episodes) <= 8192 || len(seen) != len(r.Cases) {
		t.Fatalf("%d episodes of %d cases, want more than one row group's 8,192 and all %d cases", len(r.Episodes), len(seen), len(r.Cases))
	}
	dir := t.TempDir()
	if err := WriteRelease(dir, r); err != nil {
		t.Fatal(err)
	}
	b, err := casespec.LoadBench(dir, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if b.Kind != casespec.BenchCheckout {
		t.Errorf("bench kind %q, want %q", b.Kind, casespec.BenchCheckout)
	}
	if len(b.Cases) != len(r.Cases) {
		t.Fatalf("%d cases loaded, %d written", len(b.Cases), len(r.Cases))
	}
	for i, c := range r.Cases {
		got := b.Cases[i]
		if got.ID != c.ID || got.BaseID != c.BaseID || got.Variant != c.Variant || got.Protocol != c.Protocol ||
			got.Domain != c.Domain || got.Cluster != c.Cluster || got.ClusterRule != c.ClusterRule {
			t.Fatalf("case %d: loaded %+v, wrote %+v", i, *got, *c)
		}
		if casespec.SpecSHA256(got.Spec) != casespec.SpecSHA256(c.Spec) {
			t.Fatalf("case %s: spec changed on the round trip", c.ID)
		}
	}
	if !reflect.DeepEqual(b.Sets, r.Sets) {
		t.Errorf("sets: loaded %v, wrote %v", keys(b.Sets), keys(r.Sets))
	}
	if len(b.Warnings) > 0 {
		t.Errorf("loader warnings: %v", b.Warnings[0])
	}
	prep := map[string]*oracle.Prepared{}
	for _, c := range b.Cases {
		p, err := oracle.Prepare(c)
		if err != nil {
			t.Fatal(err)
		}
		prep[c.ID] = p
	}
	for _, name := range []string{"runs.jsonl", "runs.parquet"} {
		rd, err := ingest.OpenEpisodes(filepath.Join(dir, name), ingest.ReadOptions{Bench: b})
		if err != nil {
			t.Fatal(err)
		}
		i := 0
		for ; ; i++ {
			ep, err := rd.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if i >= len(vs) {
				t.Fatalf("%s: more episodes than written", name)
			}
			got := prep[ep.CaseID].Score(ep, oracle.SafeAct, false)
			want := vs[i]
			if ep.RunID != r.Episodes[i].RunID || got.ECS() != want.ECS() || got.Outcome() != want.Outcome() ||
				got.FailureType() != want.FailureType() || got.Excluded() != want.Excluded() ||
				got.FirstAttemptIndex() != want.FirstAttemptIndex() || got.ExecutedCommits() != want.ExecutedCommits() {
				t.Fatalf("%s episode %d (%s): verdict %+v after the round trip, %+v in memory", name, i, ep.RunID, got, want)
			}
		}
		rd.Close()
		if i != len(vs) {
			t.Errorf("%s: %d episodes read, %d written", name, i, len(vs))
		}
	}
	// runs.parquet (the typed layout) read back and written as JSONL is runs.jsonl, byte
	// for byte: the built-in release's episodes round-trip losslessly.
	rd, err := ingest.OpenEpisodes(filepath.Join(dir, "runs.parquet"), ingest.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var back bytes.Buffer
	jw := ingest.NewJSONLWriter(&back)
	if _, err := ingest.CopyEpisodes(jw, rd.Next, func(p ingest.Problem) { t.Error(p) }); err != nil {
		t.Fatal(err)
	}
	rd.Close()
	if want, _ := os.ReadFile(filepath.Join(dir, "runs.jsonl")); !bytes.Equal(back.Bytes(), want) {
		t.Errorf("runs.parquet as JSONL (%d bytes) differs from runs.jsonl (%d bytes)", back.Len(), len(want))
	}
	// No temporary files are left behind.
	left, _ := filepath.Glob(filepath.Join(dir, "*", ".*.tmp*"))
	top, _ := filepath.Glob(filepath.Join(dir, ".*.tmp*"))
	if len(left)+len(top) > 0 {
		t.Errorf("temporary files left: %v %v", left, top)
	}
}

func keys(m map[string][]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestWriteReleaseError: an unwritable destination is an error and leaves no file.
func TestWriteReleaseError(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "env")
	if err := os.WriteFile(blocker, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteRelease(dir, r); err == nil {
		t.Fatal("WriteRelease into a path blocked by a file succeeded")
	}
	if _, err := os.Stat(filepath.Join(dir, "runs.jsonl")); !os.IsNotExist(err) {
		t.Errorf("runs.jsonl exists after a failed write")
	}
	if err := WriteRelease(t.TempDir(), nil); err == nil {
		t.Error("WriteRelease(nil) succeeded")
	}
	if err := WriteRelease(t.TempDir(), &Release{Cases: []*casespec.Case{{ID: "SAB-V1-001"}}}); err == nil {
		t.Error("WriteRelease of a case without a spec succeeded")
	}
	if _, err := Stream(Options{Seed: 1}, nil); err == nil {
		t.Error("Stream without a receiver succeeded")
	}
}

// TestWriteStreamMatchesWriteRelease: the streaming writer (the CLI's) writes the same
// bytes as writing the in-memory release.
func TestWriteStreamMatchesWriteRelease(t *testing.T) {
	t.Parallel() // CPU-bound on shared read-only fixtures
	// The two writes are independent (different directories) and each mostly one
	// goroutine: side by side, this test's time is the longer of them, not their sum.
	b := t.TempDir()
	var n int
	var err error
	streamed := make(chan struct{})
	go func() {
		defer close(streamed)
		n, err = WriteStream(b, Options{Seed: 1})
	}()
	defer func() { <-streamed }() // also when writtenRelease fails: b is removed after
	a := writtenRelease(t)
	<-streamed
	if err != nil {
		t.Fatal(err)
	}
	if n != len(defaultRelease(t).Episodes) {
		t.Errorf("WriteStream wrote %d episodes, want %d", n, len(defaultRelease(t).Episodes))
	}
	for _, f := range []string{"runs.jsonl", "runs.parquet", "env/case_manifest.json", "env/state_action_cases.json",
		"env/multi_step_cases.json", "env/case_evidence.json", "sets/t10_balanced.txt"} {
		x, err1 := os.ReadFile(filepath.Join(a, f))
		y, err2 := os.ReadFile(filepath.Join(b, f))
		if err1 != nil || err2 != nil || !bytes.Equal(x, y) {
			t.Errorf("%s differs between WriteRelease and WriteStream (%v, %v)", f, err1, err2)
		}
	}
	// runs.parquet is byte-stable: the ingest writer's dictionaries never fall back, so
	// each column chunk has one data encoding and arrow-go's unordered encoding_stats
	// cannot change order (ingest/parquet_write.go; TestParquetDeterministic writes twice).
}
