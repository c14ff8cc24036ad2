package ingest

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// collect reads every episode and every problem.
func collect(t *testing.T, r EpisodeReader) ([]*Episode, []Problem) {
	t.Helper()
	var eps []*Episode
	var probs []Problem
	for {
		e, err := r.Next()
		if err == io.EOF {
			return eps, probs
		}
		if err != nil {
			ps := AsProblems(err)
			if ps == nil {
				t.Fatalf("fatal: %v", err)
			}
			probs = append(probs, ps...)
			continue
		}
		eps = append(eps, e)
	}
}

func TestReadCompressed(t *testing.T) {
	dir := t.TempDir()
	eps := realisticEpisodes(50, 2)
	plain := jsonlBytes(eps)
	var gz, zs bytes.Buffer
	gw := gzip.NewWriter(&gz)
	gw.Write(plain)
	gw.Close()
	zw, _ := zstd.NewWriter(&zs)
	zw.Write(plain)
	zw.Close()
	// The content decides, not the name: a .jsonl that is really zstd still reads.
	bom := append([]byte("\xef\xbb\xbf"), plain...)
	for name, data := range map[string][]byte{"a.jsonl.gz": gz.Bytes(), "b.jsonl": zs.Bytes(), "c.jsonl": plain, "d.jsonl": bom} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, data, 0o644)
		got := readAll(t, p, ReadOptions{})
		if !bytes.Equal(jsonlBytes(got), plain) {
			t.Errorf("%s: episodes differ", name)
		}
	}
}

func TestReadDefaultsAndProblems(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "e.jsonl")
	lines := []string{
		`{"schema":"sabench.episode/v1","config":"claude-5/claude-code","case_id":"SAB-V1-001","repeat":0,"record":{"events":[]}}`,
		``,
		`{"schema":"sabench.episode/v1","config":"claude-5/claude-code","case_id":"SAB-V1-002","repeat":"1"}`,
		`{"schema":"sabench.episode/v1","config":"x","case_id":"SAB-V1-003"`,
		`{"schema":"sabench.episode/v1","case_id":"SAB-V1-004","repeat":0,"status":"crashed","condition":""}`,
		`{"schema":"sabench.episode/v1","config":"m/h","case_id":"SAB-V1-005","repeat":3,"condition":"withheld","model":"M","run_id":"r5","status":"censored"}` + "\r",
		`[1,2]`,
	}
	os.WriteFile(p, []byte(strings.Join(lines, "\n")), 0o644)
	r, err := OpenEpisodes(p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	eps, probs := collect(t, r)
	if len(eps) != 2 {
		t.Fatalf("%d episodes, want 2", len(eps))
	}
	e := eps[0]
	if e.Condition != "main" || e.Status != "completed" || e.Model != "claude-5" || e.Harness != "claude-code" ||
		e.RunID != "claude-5/claude-code|SAB-V1-001|0|main" || e.Line != 1 {
		t.Errorf("defaults not applied: %+v", e)
	}
	if e := eps[1]; e.Model != "M" || e.Harness != "h" || e.RunID != "r5" || e.Line != 6 || e.Status != StatusCensored {
		t.Errorf("explicit fields lost: %+v", e)
	}
	var got []string
	for _, p := range probs {
		got = append(got, strings.TrimPrefix(p.String(), dir+"/"))
	}
	want := []string{
		`e.jsonl:3: repeat: must be an integer, got a string`,
		`e.jsonl:3: record: a completed episode needs a record (null or missing)`,
		`e.jsonl:4: invalid JSON: column 67: unexpected end of input in object`,
		`e.jsonl:5: config: required field is missing`,
		`e.jsonl:5: condition: must not be empty (omit it for "main")`,
		`e.jsonl:5: status: unknown status "crashed" (want completed, infra_failure, harness_failure or censored)`,
		`e.jsonl:7: an episode must be a JSON object, got an array`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestLineLimit(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "e.jsonl")
	eps := realisticEpisodes(3, 1)
	data := jsonlBytes(eps)
	first := bytes.IndexByte(data, '\n')
	r, err := OpenEpisodes(p+"missing", ReadOptions{})
	if err == nil {
		r.Close()
		t.Fatal("opening a missing file succeeded")
	}
	os.WriteFile(p, data, 0o644)
	for _, limit := range []int{first, first - 1} {
		r, err := OpenEpisodes(p, ReadOptions{MaxLineBytes: limit})
		if err != nil {
			t.Fatal(err)
		}
		got, probs := collect(t, r)
		r.Close()
		tooLong := 0
		for _, pr := range probs {
			if strings.Contains(pr.Msg, "longer than the limit") && pr.Line >= 1 {
				tooLong++
			}
		}
		if limit == first && (len(got) == 0 || got[0].Line != 1) {
			t.Errorf("limit %d: a line of exactly the limit was refused", limit)
		}
		if limit == first-1 && (tooLong == 0 || probs[0].Line != 1) {
			t.Errorf("limit %d: an over-long line was not reported: %v", limit, probs)
		}
		// The first over-long line ends the file: the episodes before it and one
		// problem, nothing after it.
		if tooLong != 1 || len(got) >= 3 || got2lines(got) != tooLongAt(probs)-1 {
			t.Errorf("limit %d: %d episodes + %d too long (at line %d)", limit, len(got), tooLong, tooLongAt(probs))
		}
	}
}

func got2lines(eps []*Episode) int {
	if len(eps) == 0 {
		return 0
	}
	return eps[len(eps)-1].Line
}

func tooLongAt(probs []Problem) int {
	for _, p := range probs {
		if strings.Contains(p.Msg, "longer than the limit") {
			return p.Line
		}
	}
	return 0
}

func TestDuplicateKeys(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.jsonl")
	b := filepath.Join(dir, "b.jsonl")
	mk := func(runID string) string {
		return `{"schema":"sabench.episode/v1","run_id":"` + runID + `","config":"c/h","case_id":"SAB-V1-001","repeat":0,"record":{"schema_version":1,"env_id":"customer_policy_qa","episode_id":"SAB-V1-001","events":[]}}` + "\n"
	}
	os.WriteFile(a, []byte(mk("a1")+mk("a2")), 0o644)
	os.WriteFile(b, []byte(mk("b1")), 0o644)
	for _, c := range []struct {
		dedupe   string
		kept     string
		problems int
		reported int
	}{
		{DedupeNone, "a1", 2, 0},
		{DedupeFirst, "a1", 0, 2},
		{DedupeLast, "b1", 0, 2},
	} {
		r, err := OpenRuns([]string{a, b}, ReadOptions{Dedupe: c.dedupe})
		if err != nil {
			t.Fatal(err)
		}
		eps, probs := collect(t, r)
		r.Close()
		if len(eps) != 1 || eps[0].RunID != c.kept || len(probs) != c.problems || len(r.Reported()) != c.reported {
			t.Errorf("dedupe %q: kept %v, %d problems, %d reported; want %s, %d, %d",
				c.dedupe, eps, len(probs), len(r.Reported()), c.kept, c.problems, c.reported)
		}
		if c.problems > 0 && !strings.Contains(probs[0].String(), "a.jsonl:2: duplicate episode key") {
			t.Errorf("duplicate problem = %s", probs[0])
		}
	}
	if _, err := OpenRuns([]string{a}, ReadOptions{Dedupe: "middle"}); err == nil {
		t.Error("unknown dedupe policy accepted")
	}
}

func TestExpandRuns(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "runs", "sub"), 0o755)
	for _, f := range []string{"runs/b.jsonl", "runs/sub/a.parquet", "runs/sub/c.jsonl.zst", "runs/notes.txt", "x.jsonl"} {
		os.WriteFile(filepath.Join(dir, f), []byte("{}\n"), 0o644)
	}
	got, err := ExpandRuns([]string{filepath.Join(dir, "runs"), filepath.Join(dir, "*.jsonl"), filepath.Join(dir, "runs", "b.jsonl")})
	if err != nil {
		t.Fatal(err)
	}
	var rel []string
	for _, g := range got {
		r, _ := filepath.Rel(dir, g)
		rel = append(rel, r)
	}
	if want := "runs/b.jsonl runs/sub/a.parquet runs/sub/c.jsonl.zst x.jsonl"; strings.Join(rel, " ") != want {
		t.Errorf("ExpandRuns = %v, want %s", rel, want)
	}
	outside := filepath.Join(t.TempDir(), "o.jsonl")
	os.WriteFile(outside, []byte("{}\n"), 0o644)
	if err := os.Symlink(outside, filepath.Join(dir, "runs", "link.jsonl")); err == nil {
		if _, err := ExpandRuns([]string{filepath.Join(dir, "runs")}); err == nil || !strings.Contains(err.Error(), "leads out of") {
			t.Errorf("link out of the root: err = %v", err)
		}
	}
	for _, bad := range []string{filepath.Join(dir, "nope.jsonl"), filepath.Join(dir, "*.parquet")} {
		if _, err := ExpandRuns([]string{bad}); err == nil {
			t.Errorf("ExpandRuns(%s) succeeded", bad)
		}
	}
}

// TestExpandRunsDanglingLink: a link in a runs folder whose file is missing (a folder
// copied without it) is skipped with a note naming the link; the error named only the
// missing target ("lstat /elsewhere/x.jsonl: no such file or directory").
func TestExpandRunsDanglingLink(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.jsonl"), []byte("{}\n"), 0o644)
	link := filepath.Join(dir, "b.jsonl")
	if err := os.Symlink(filepath.Join(t.TempDir(), "gone.jsonl"), link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	got, skipped, err := ExpandRunsSkipped([]string{dir})
	if err != nil || len(got) != 1 || filepath.Base(got[0]) != "a.jsonl" {
		t.Fatalf("ExpandRunsSkipped = %v, %v", got, err)
	}
	if want := link + ": skipped: a symbolic link to a file that does not exist"; len(skipped) != 1 || skipped[0].String() != want {
		t.Errorf("skipped %v, want %q", skipped, want)
	}
}
