package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A usage number that is not finite (Python writes NaN and Infinity bare; 1e400 reads as
// infinite) is refused with its field named: summed into the cost table it printed
// -9223372036854775808 input tokens and an empty cost for episodes counted "with cost".
func TestUsageNotFinite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "e.jsonl")
	head := `{"schema":"sabench.episode/v1","config":"m/h","case_id":"SAB-V1-00`
	lines := []string{
		head + `1","repeat":0,"record":{"events":[]},"usage":{"cost_usd":NaN,"input_tokens":5}}`,
		head + `2","repeat":0,"record":{"events":[]},"usage":{"wall_seconds":Infinity}}`,
		head + `3","repeat":0,"record":{"events":[]},"usage":{"input_tokens":1e400,"output_tokens":-Infinity}}`,
		head + `4","repeat":0,"record":{"events":[]},"usage":{"input_tokens":1` + strings.Repeat("0", 400) + `}}`,
		head + `5","repeat":0,"record":{"events":[]},"usage":{"cost_usd":1.0,"input_tokens":123456789012345678901234567890,"output_tokens":null}}`,
	}
	os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	r, err := OpenEpisodes(p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	eps, probs := collect(t, r)
	if len(eps) != 1 || eps[0].CaseID != "SAB-V1-005" || eps[0].Usage.Known != UsageCost|UsageInput {
		t.Fatalf("episodes read: %d (want the last one only, with its cost and input tokens)", len(eps))
	}
	var got []string
	for _, p := range probs {
		got = append(got, strings.TrimPrefix(p.String(), dir+"/"))
	}
	want := []string{
		`e.jsonl:1: usage.cost_usd: must be a finite number or null, got NaN`,
		`e.jsonl:2: usage.wall_seconds: must be a finite number or null, got +Inf`,
		`e.jsonl:3: usage.input_tokens: must be a finite number or null, got +Inf`,
		`e.jsonl:3: usage.output_tokens: must be a finite number or null, got -Inf`,
		`e.jsonl:4: usage.input_tokens: must be a finite number or null, got an integer of 401 digits`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
