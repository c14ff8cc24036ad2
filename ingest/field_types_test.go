package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readLines reads lines as one episode file, returning the episodes and the problems
// (file names relative to its folder).
func readLines(t *testing.T, lines ...string) ([]*Episode, []string) {
	t.Helper()
	dir := t.TempDir()
	p := filepath.Join(dir, "e.jsonl")
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := OpenEpisodes(p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	eps, probs := collect(t, r)
	var got []string
	for _, p := range probs {
		got = append(got, strings.TrimPrefix(p.String(), dir+"/"))
	}
	return eps, got
}

// TestOfficialSuccessfulType: official.successful other than a boolean or null ("yes", a
// "true" written as a string, 1) was read as no verdict: the agreement with the harness's
// verdicts passed over the episode, and validate said nothing. It is refused with its field
// named; null, and an official object without the key (a raw status alone), stay "no
// verdict".
func TestOfficialSuccessfulType(t *testing.T) {
	head := `{"schema":"sabench.episode/v1","config":"m/h","case_id":"SAB-L-00`
	eps, got := readLines(t,
		head+`1","repeat":0,"record":{"decision":"allow"},"official":{"successful":"yes","raw_status":"pass_gold_score"}}`,
		head+`2","repeat":0,"record":{"decision":"allow"},"official":{"successful":1}}`,
		head+`3","repeat":0,"record":{"decision":"allow"},"official":{"successful":null,"raw_status":"skip_legacy"}}`,
		head+`4","repeat":0,"record":{"decision":"allow"},"official":{"successful":false}}`,
		head+`5","repeat":0,"record":{"decision":"allow"},"official":{"successful":"true"}}`,
		head+`6","repeat":0,"record":{"decision":"allow"},"official":{"raw_status":"pass_no_action"}}`,
	)
	if len(eps) != 3 || eps[0].CaseID != "SAB-L-003" || eps[1].CaseID != "SAB-L-004" || eps[2].CaseID != "SAB-L-006" {
		t.Errorf("episodes read: %d (want SAB-L-003, SAB-L-004 and SAB-L-006)", len(eps))
	}
	wantProblems(t, got,
		`e.jsonl:1: official.successful: must be a boolean or null, got a string`,
		`e.jsonl:2: official.successful: must be a boolean or null, got an integer`,
		`e.jsonl:5: official.successful: must be a boolean or null, got a string`)
}

// TestRepeatFloat: a repeat written as a float (1.0, 1e0, 2.5) is refused, saying it is a
// float with its value as Python prints it; "must be an integer, got a number" read as a
// contradiction for 1.0.
func TestRepeatFloat(t *testing.T) {
	head := `{"schema":"sabench.episode/v1","config":"m/h","case_id":"SAB-V1-00`
	_, got := readLines(t,
		head+`1","repeat":1.0,"record":{}}`,
		head+`2","repeat":1e0,"record":{}}`,
		head+`3","repeat":2.5,"record":{}}`,
		head+`4","repeat":"1","record":{}}`,
	)
	wantProblems(t, got,
		`e.jsonl:1: repeat: must be an integer, got the float 1.0 (written with a decimal point or an exponent)`,
		`e.jsonl:2: repeat: must be an integer, got the float 1.0 (written with a decimal point or an exponent)`,
		`e.jsonl:3: repeat: must be an integer, got the float 2.5 (written with a decimal point or an exponent)`,
		`e.jsonl:4: repeat: must be an integer, got a string`)
}

// TestObjectEncodedTwice: a record (or official, usage, extra) written as a string of
// JSON, as a dataframe writes a column of objects it holds as text, says so.
func TestObjectEncodedTwice(t *testing.T) {
	head := `{"schema":"sabench.episode/v1","config":"m/h","case_id":"SAB-V1-00`
	_, got := readLines(t,
		head+`1","repeat":0,"record":"{\"events\": []}"}`,
		head+`2","repeat":0,"record":{},"usage":"n/a"}`,
	)
	wantProblems(t, got,
		`e.jsonl:1: record: must be an object or null, got a string holding JSON (the object encoded twice?)`,
		`e.jsonl:2: usage: must be an object or null, got a string`)
}
