package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An official verdict whose successful is not a boolean ("yes", 1) was read as none: the
// agreement with the harness's verdicts passed over the episode, and validate said nothing.
// It is refused with its field named; null stays "no verdict".
func TestOfficialSuccessfulType(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "e.jsonl")
	head := `{"schema":"sabench.episode/v1","config":"m/h","case_id":"SAB-L-00`
	lines := []string{
		head + `1","repeat":0,"record":{"decision":"allow"},"official":{"successful":"yes","raw_status":"pass_gold_score"}}`,
		head + `2","repeat":0,"record":{"decision":"allow"},"official":{"successful":1}}`,
		head + `3","repeat":0,"record":{"decision":"allow"},"official":{"successful":null,"raw_status":"skip_legacy"}}`,
		head + `4","repeat":0,"record":{"decision":"allow"},"official":{"successful":false}}`,
	}
	os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	r, err := OpenEpisodes(p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	eps, probs := collect(t, r)
	if len(eps) != 2 || eps[0].CaseID != "SAB-L-003" || eps[1].CaseID != "SAB-L-004" {
		t.Fatalf("episodes read: %d (want SAB-L-003 and SAB-L-004)", len(eps))
	}
	var got []string
	for _, p := range probs {
		got = append(got, strings.TrimPrefix(p.String(), dir+"/"))
	}
	want := []string{
		`e.jsonl:1: official.successful: must be a boolean or null, got a string`,
		`e.jsonl:2: official.successful: must be a boolean or null, got an integer`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
