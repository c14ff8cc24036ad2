package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOfficialSuccessfulTrueAsString: official.successful written as the string "true"
// or as 1 is a problem naming the field (TestOfficialSuccessfulType has "yes"), and an
// official object without the key (a raw status alone) stays a verdict of none.
func TestOfficialSuccessfulTrueAsString(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "e.jsonl")
	head := `{"schema":"sabench.episode/v1","config":"m/h","case_id":"SAB-V1-00`
	lines := []string{
		head + `1","repeat":0,"record":{"events":[]},"official":{"successful":"true"}}`,
		head + `2","repeat":0,"record":{"events":[]},"official":{"successful":1,"raw_status":"pass"}}`,
		head + `3","repeat":0,"record":{"events":[]},"official":{"successful":null}}`,
		head + `4","repeat":0,"record":{"events":[]},"official":{"raw_status":"pass_no_action"}}`,
		head + `5","repeat":0,"record":{"events":[]},"official":{"successful":false}}`,
	}
	os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	r, err := OpenEpisodes(p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	eps, probs := collect(t, r)
	if len(eps) != 3 {
		t.Errorf("episodes read: %d, want 3", len(eps))
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

// TestRepeatFloat: a repeat written as a float (1.0, 1e0, 2.5) is refused, saying it is a
// float with its value as Python prints it; "must be an integer, got a number" read as a
// contradiction for 1.0.
func TestRepeatFloat(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "e.jsonl")
	head := `{"schema":"sabench.episode/v1","config":"m/h","case_id":"SAB-V1-00`
	lines := []string{
		head + `1","repeat":1.0,"record":{}}`,
		head + `2","repeat":1e0,"record":{}}`,
		head + `3","repeat":2.5,"record":{}}`,
		head + `4","repeat":"1","record":{}}`,
	}
	os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	r, err := OpenEpisodes(p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	_, probs := collect(t, r)
	var got []string
	for _, p := range probs {
		got = append(got, strings.TrimPrefix(p.String(), dir+"/"))
	}
	want := []string{
		`e.jsonl:1: repeat: must be an integer, got the float 1.0 (written with a decimal point or an exponent)`,
		`e.jsonl:2: repeat: must be an integer, got the float 1.0 (written with a decimal point or an exponent)`,
		`e.jsonl:3: repeat: must be an integer, got the float 2.5 (written with a decimal point or an exponent)`,
		`e.jsonl:4: repeat: must be an integer, got a string`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestObjectEncodedTwice: a record (or official, usage, extra) written as a string of
// JSON, as a dataframe writes a column of objects it holds as text, says so.
func TestObjectEncodedTwice(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "e.jsonl")
	head := `{"schema":"sabench.episode/v1","config":"m/h","case_id":"SAB-V1-00`
	lines := []string{
		head + `1","repeat":0,"record":"{\"events\": []}"}`,
		head + `2","repeat":0,"record":{},"usage":"n/a"}`,
	}
	os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	r, err := OpenEpisodes(p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	_, probs := collect(t, r)
	var got []string
	for _, p := range probs {
		got = append(got, strings.TrimPrefix(p.String(), dir+"/"))
	}
	want := []string{
		`e.jsonl:1: record: must be an object or null, got a string holding JSON (the object encoded twice?)`,
		`e.jsonl:2: usage: must be an object or null, got a string`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
