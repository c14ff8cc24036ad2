package ingest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/klauspost/compress/gzip"
)

// The TestReliability_* tests reproduce hostile and broken inputs a user met and assert
// the intended behaviour. Run them alone with
// go test ./... -run TestReliability.

const goodHead = `{"schema":"sabench.episode/v1","config":"m/h","case_id":"SAB-V1-001","repeat":0,`
const goodRec = `"record":{"schema_version":1,"env_id":"customer_policy_qa","episode_id":"SAB-V1-001","events":[]}`

// validateLines validates one JSONL file holding lines and returns its problems as text.
func validateLines(t *testing.T, opt ReadOptions, lines ...string) (*ValidationReport, []string) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "e.jsonl")
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := Validate([]string{p}, opt)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, pr := range rep.Problems {
		out = append(out, strings.TrimPrefix(pr.String(), filepath.Dir(p)+"/"))
	}
	return rep, out
}

func wantProblems(t *testing.T, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Missing required fields and unknown top-level fields are problems; lenient
// reading passes them with Defect set.
func TestReliability_StrictEpisodes(t *testing.T) {
	lines := []string{
		`{"config":"m/h","case_id":"SAB-V1-001","repeat":0,` + goodRec + `}`,
		goodHead + `"record":null}`,
		goodHead + `"status":"completed"}`,
		goodHead + `"statuss":"infra_failure",` + goodRec + `}`,
		goodHead + `"status":"infra_failure","record":null,"extra":{"note":"kept"}}`,
	}
	for i := range lines[1:] {
		lines[i+1] = strings.Replace(lines[i+1], `"repeat":0`, `"repeat":`+string(rune('1'+i)), 1)
	}
	_, got := validateLines(t, ReadOptions{}, lines...)
	wantProblems(t, got,
		`e.jsonl:1: schema: required field is missing (want "sabench.episode/v1")`,
		`e.jsonl:2: record: a completed episode needs a record (null or missing)`,
		`e.jsonl:3: record: a completed episode needs a record (null or missing)`,
		`e.jsonl:4: statuss: unknown top-level field (fields of your own belong under "extra")`)
	p := filepath.Join(t.TempDir(), "e.jsonl")
	os.WriteFile(p, []byte(strings.Join(lines, "\n")), 0o644)
	eps := readAll(t, p, ReadOptions{Lenient: true})
	var defects []string
	for _, e := range eps {
		defects = append(defects, e.Defect)
	}
	if got := strings.Join(defects, ","); got != "no_schema,no_record,no_record,unknown_field," {
		t.Errorf("lenient defects %q", got)
	}
	if v, _ := eps[4].Extra.String("note"); v != "kept" || eps[3].Extra.Len() != 1 {
		t.Errorf("extra fields lost: %v %v", eps[4].Extra, eps[3].Extra)
	}
}

// Invalid UTF-8 names file, line and field (for a key, the object holding it); 2^63 is out of range;
// "/" and white space around a configuration are refused.
func TestReliability_FieldProblems(t *testing.T) {
	_, got := validateLines(t, ReadOptions{},
		`{"schema":"sabench.episode/v1","config":"Claude `+"\xff"+`Code/h","case_id":"SAB-V1-001","repeat":0,`+goodRec+`}`,
		goodHead+`"record":{"events":[{"type":"INFO_CALL","tool":"t`+"\xfe"+`"}]}}`,
		`{"schema":"sabench.episode/v1","config":"m/h","case_id":"SAB-V1-001","repeat":9223372036854775808,`+goodRec+`}`,
		`{"schema":"sabench.episode/v1","config":"/","case_id":"SAB-V1-001","repeat":1,`+goodRec+`}`,
		`{"schema":"sabench.episode/v1","config":" m/h\n","case_id":"SAB-V1-001","repeat":2,`+goodRec+`}`,
		`{"schema":"sabench.episode/v1","con`+"\xff"+`fig":"m/h","case_id":"SAB-V1-001","repeat":3,`+goodRec+`}`,
		goodHead+`"record":{"ev`+"\xff"+`ents":[]}}`,
	)
	wantProblems(t, got,
		`e.jsonl:1: config: invalid UTF-8 in the value (it would be replaced by U+FFFD)`,
		`e.jsonl:2: record.events[0].tool: invalid UTF-8 in the value (it would be replaced by U+FFFD)`,
		`e.jsonl:3: repeat: out of range: 9223372036854775808`,
		`e.jsonl:4: config: malformed configuration "/" (want MODEL/HARNESS, both non-empty, or a name without a slash)`,
		`e.jsonl:5: config: has leading or trailing white space: " m/h\n"`,
		// A top-level key: "a field name under it" named no field.
		`e.jsonl:6: invalid UTF-8 in a top-level field name (it would be replaced by U+FFFD)`,
		`e.jsonl:7: record: invalid UTF-8 in a field name under it (it would be replaced by U+FFFD)`)
}

// A run id is unique within a release.
func TestReliability_DuplicateRunID(t *testing.T) {
	a := `{"schema":"sabench.episode/v1","run_id":"r1","config":"m/h","case_id":"SAB-V1-001","repeat":0,` + goodRec + `}`
	b := strings.Replace(a, `"repeat":0`, `"repeat":1`, 1)
	rep, got := validateLines(t, ReadOptions{}, a, b)
	wantProblems(t, got, `e.jsonl:2: run_id: duplicate run_id "r1" (run ids are unique within a release); first seen at `+
		strings.TrimSuffix(rep.Problems[0].File, "e.jsonl")+`e.jsonl:1`)
	p := filepath.Join(t.TempDir(), "e.jsonl")
	os.WriteFile(p, []byte(a+"\n"+b+"\n"), 0o644)
	r, _ := OpenEpisodes(p, ReadOptions{})
	eps, probs := collect(t, r)
	if len(eps) != 1 || len(probs) != 1 || probs[0].Field != "run_id" {
		t.Errorf("reader: %d episodes, problems %v; want the duplicate refused", len(eps), probs)
	}
	r, _ = OpenEpisodes(p, ReadOptions{Dedupe: DedupeFirst})
	eps, probs = collect(t, r)
	if len(eps) != 1 || len(probs) != 0 || len(r.Reported()) != 1 {
		t.Errorf("--dedupe first: %d episodes, %d problems, %d reported; want 1, 0, 1", len(eps), len(probs), len(r.Reported()))
	}
}

// A stream without newline stops after the first over-long line; devices, stdin
// and files over the size limit are refused before reading.
func TestReliability_UnboundedInputs(t *testing.T) {
	dir := t.TempDir()
	long := filepath.Join(dir, "nl.jsonl")
	os.WriteFile(long, bytes.Repeat([]byte("x"), 8<<20), 0o644)
	start := time.Now()
	rep, err := Validate([]string{long}, ReadOptions{MaxLineBytes: 1 << 10})
	if err != nil || len(rep.Problems) != 1 || !strings.Contains(rep.Problems[0].Msg, "the rest of the file is not read") {
		t.Fatalf("over-long line: %v %v", rep.Problems, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("over-long line took %v", d) // reads ~1 KiB, not 8 MiB
	}
	for _, path := range []string{"/dev/zero", "-"} {
		rep, err := Validate([]string{path}, ReadOptions{})
		if err != nil || len(rep.Problems) != 1 || !strings.Contains(rep.Problems[0].Msg, "not") {
			t.Errorf("%s: %v %v", path, rep.Problems, err)
		}
		if _, err := OpenEpisodes(path, ReadOptions{}); err == nil {
			t.Errorf("%s: opened", path)
		}
	}
	sparse := filepath.Join(dir, "sparse.jsonl")
	f, _ := os.Create(sparse)
	f.Truncate(2 << 30)
	f.Close()
	start = time.Now()
	_, err = OpenEpisodes(sparse, ReadOptions{MaxFileBytes: 1 << 30})
	if err == nil || !strings.Contains(err.Error(), "over the limit") || time.Since(start) > time.Second {
		t.Errorf("2 GiB file with a 1 GiB limit: %v after %v", err, time.Since(start))
	}
}

// A truncated gzip file is one problem, its file named once, saying what ended.
func TestReliability_TruncatedGzip(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(jsonlBytes(realisticEpisodes(40, 3)))
	zw.Close()
	p := filepath.Join(t.TempDir(), "trunc.jsonl.gz")
	os.WriteFile(p, buf.Bytes()[:buf.Len()/2], 0o644)
	rep, err := Validate([]string{p}, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) != 1 || strings.Count(rep.Problems[0].String(), p) != 1 || rep.Problems[0].Line == 0 ||
		!strings.HasSuffix(rep.Problems[0].String(), ": gzip data ends early: the file is cut short, or bytes follow its end (unexpected EOF)") {
		t.Errorf("problems %v; want one, naming the file once, with its line, saying the gzip data ends early (it was a bare \"unexpected EOF\")", rep.Problems)
	}
}

// A Parquet row with three columns of types no episode field can hold lists
// three problems, and invalid UTF-8 in a string column is one.
func TestReliability_ParquetRowProblems(t *testing.T) {
	mem := memory.NewGoAllocator()
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "config", Type: arrow.FixedWidthTypes.Date32},
		{Name: "case_id", Type: arrow.BinaryTypes.String},
		{Name: "repeat", Type: arrow.PrimitiveTypes.Int64},
		{Name: "condition", Type: arrow.FixedWidthTypes.Date32},
		{Name: "status", Type: arrow.FixedWidthTypes.Date32},
		{Name: "run_id", Type: arrow.BinaryTypes.Binary},
		{Name: "record", Type: arrow.BinaryTypes.String},
	}, nil)
	b := array.NewRecordBuilder(mem, schema)
	defer b.Release()
	b.Field(0).(*array.Date32Builder).Append(1)
	b.Field(1).(*array.StringBuilder).Append("SAB-V1-001")
	b.Field(2).(*array.Int64Builder).Append(0)
	b.Field(3).(*array.Date32Builder).Append(1)
	b.Field(4).(*array.Date32Builder).Append(1)
	b.Field(5).(*array.BinaryBuilder).Append([]byte("r\xff"))
	b.Field(6).(*array.StringBuilder).Append(`{"events":[]}`)
	rec := b.NewRecordBatch()
	defer rec.Release()
	p := filepath.Join(t.TempDir(), "bad.parquet")
	f, _ := os.Create(p)
	w, err := pqarrow.NewFileWriter(schema, f, nil, pqarrow.DefaultWriterProps())
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	w.Close()
	rep, err := Validate([]string{p}, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var fields []string
	for _, pr := range rep.Problems {
		fields = append(fields, pr.Field)
	}
	if got := strings.Join(fields, ","); got != "config,condition,status,run_id" {
		t.Errorf("problem fields %q, want config,condition,status,run_id: %v", got, rep.Problems)
	}
}

// A --runs directory search says what it skipped.
func TestReliability_SkippedRunsEntries(t *testing.T) {
	root := t.TempDir()
	other := t.TempDir()
	writeJSONL(t, filepath.Join(root, "a.jsonl"), realisticEpisodes(2, 1))
	writeJSONL(t, filepath.Join(other, "b.jsonl"), realisticEpisodes(2, 2))
	os.Symlink(other, filepath.Join(root, "linked"))
	files, skipped, err := ExpandRunsSkipped([]string{root})
	if err != nil || len(files) != 1 || len(skipped) != 1 || !strings.Contains(skipped[0].Msg, "symbolic link to a directory") {
		t.Errorf("files %v, skipped %v, err %v", files, skipped, err)
	}
}

// "-" among the --runs arguments is refused with a message, not "no such file".
func TestReliability_StdinRefused(t *testing.T) {
	_, err := ExpandRuns([]string{"-"})
	if err == nil || !strings.Contains(err.Error(), "standard input is not supported") {
		t.Errorf("ExpandRuns(-): %v", err)
	}
}
