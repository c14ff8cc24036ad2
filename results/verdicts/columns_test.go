package verdicts

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// topKeys returns the keys of a flat JSON object line in the order they appear.
func topKeys(line string, m map[string]any) []string {
	type kp struct {
		k   string
		pos int
	}
	var ks []kp
	for k := range m {
		ks = append(ks, kp{k, strings.Index(line, strconv.Quote(k)+":")})
	}
	sort.Slice(ks, func(i, j int) bool { return ks[i].pos < ks[j].pos })
	out := make([]string, len(ks))
	for i, x := range ks {
		out[i] = x.k
	}
	return out
}

// TestAppendVerdictJSONNulls checks the null rules on hand-made verdicts, independent of
// the oracle.
func TestAppendVerdictJSONNulls(t *testing.T) {
	excluded := oracle.Fields{RunID: "r1", Status: "censored", Excluded: true, ExclusionReason: "censored", Official: -1,
		FirstAttemptIndex: -1, Outcome: "stale", Protocol: ingest.V2}.Verdict()
	var m map[string]any
	if err := json.Unmarshal(AppendJSON(nil, Row{Verdict: &excluded, Policy: &oracle.SafeAct}), &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"ecs", "outcome", "failure_type", "first_attempt_index", "official"} {
		if m[k] != nil {
			t.Errorf("excluded: %s = %v, want null", k, m[k])
		}
	}
	if m["exclusion_reason"] != "censored" || m["protocol"] != "v2" {
		t.Errorf("excluded: %v", m)
	}
	ok := oracle.Fields{RunID: "r2", Status: "completed", ECS: true, Outcome: "TASK_SUCCESS", Attempted: true,
		FirstAttemptIndex: 3, CompleteAtFirstAttempt: true, Official: 0, Protocol: ingest.V1}.Verdict()
	m = nil
	line := AppendJSON(nil, Row{Verdict: &ok, Policy: &oracle.SafeAct})
	if !bytes.HasSuffix(line, []byte("}\n")) {
		t.Errorf("line does not end the object and the line: %q", line)
	}
	if err := json.Unmarshal(line, &m); err != nil {
		t.Fatal(err)
	}
	if m["ecs"] != true || m["failure_type"] != nil || m["first_attempt_index"] != 3.0 || m["coverage_complete_at_first_attempt"] != true ||
		m["official"] != false || m["exclusion_reason"] != nil {
		t.Errorf("scored: %v", m)
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

// FuzzVerdictWriters checks that any verdict gives one valid JSON line with the fields
// in order, a CSV record of the same width that reads back to the same strings, and a
// one-row Parquet file, without panicking.
func FuzzVerdictWriters(f *testing.F) {
	f.Add("r1", "m/h", "SAB-V1-001", "TASK_SUCCESS", "", 0, false, true, true, 3, int8(1))
	f.Add("r\"2\n", "m,h", "SAB-V2-001@withheld", "DEFER", "premature_action", 2, false, false, true, 0, int8(0))
	f.Add("", "", "", "", "", -1, true, false, false, -1, int8(-1))
	f.Add("\xff\xfe", "é/\u2028", "SAB-L-9", "ALLOW", "wrong_decision", 1<<40, false, false, false, -5, int8(7))
	f.Fuzz(func(t *testing.T, runID, config, caseID, outcome, failure string, repeat int, excluded, ecs, attempted bool, first int, official int8) {
		v := fuzzVerdict(runID, config, caseID, outcome, failure, repeat, excluded, ecs, attempted, first, official)
		vs := [][]oracle.Verdict{{v}}
		var jl bytes.Buffer
		if err := Write(&jl, "jsonl", safeAct, vs, false); err != nil {
			t.Fatal(err)
		}
		if bytes.Count(jl.Bytes(), []byte("\n")) != 1 {
			t.Fatalf("not one line: %q", jl.Bytes())
		}
		var m map[string]any
		if err := json.Unmarshal(jl.Bytes(), &m); err != nil {
			t.Fatalf("invalid JSON %q: %v", jl.Bytes(), err)
		}
		if keys := topKeys(jl.String(), m); len(keys) != len(Columns) {
			t.Fatalf("%d keys: %v", len(keys), keys)
		}
		for _, s := range []string{runID, config, caseID, outcome} {
			if got, want := quoteFast(nil, s), jsonv.AppendJSON(nil, s); !bytes.Equal(got, want) {
				t.Errorf("quoteFast(%q) = %s, jsonv gives %s", s, got, want)
			}
		}
		if utf8.ValidString(runID) && m["run_id"] != runID {
			t.Errorf("run_id %q, want %q", m["run_id"], runID)
		}
		var cb bytes.Buffer
		if err := Write(&cb, "csv", safeAct, vs, false); err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(&cb).ReadAll()
		if err != nil || len(recs) != 2 || len(recs[1]) != len(Columns) {
			t.Fatalf("csv %q: %v", cb.String(), err)
		}
		// encoding/csv reads a quoted "\r\n" back as "\n"; other strings come back whole.
		if !strings.Contains(runID, "\r") && recs[1][0] != runID {
			t.Errorf("csv run_id %q, want %q", recs[1][0], runID)
		}
		var pb bytes.Buffer
		if err := Write(&pb, "parquet", safeAct, vs, false); err != nil {
			t.Fatal(err)
		}
		pf, err := file.NewParquetReader(bytes.NewReader(pb.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if pf.NumRows() != 1 {
			t.Errorf("parquet rows %d", pf.NumRows())
		}
		pf.Close()
	})
}

// BenchmarkWriteVerdicts measures each output format on 20,000 verdicts (the built-in
// release has 34,000); scoring, not writing, should bound `score`.
func BenchmarkWriteVerdicts(b *testing.B) {
	const n = 20000
	vs := make([]oracle.Verdict, n)
	for i := range vs {
		vs[i] = fuzzVerdict(fmt.Sprintf("main__model_harness__SAB-V2-%03d__r%d", i%132, i%3), "Model/Harness",
			fmt.Sprintf("SAB-V2-%03d", i%132), "WORKFLOW_SUCCESS", "", i%3, i%997 == 0, i%2 == 0, true, 4, int8(i%2))
		if !vs[i].ECS() {
			f := vs[i].Fields()
			f.Outcome, f.FailureType = "DEFER", "premature_action"
			vs[i] = f.Verdict()
		}
	}
	for _, format := range Formats {
		b.Run(format, func(b *testing.B) {
			var size int
			for b.Loop() {
				var buf bytes.Buffer
				if err := Write(&buf, format, safeAct, [][]oracle.Verdict{vs}, false); err != nil {
					b.Fatal(err)
				}
				size = buf.Len()
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "verdicts/s")
			b.ReportMetric(float64(size)/n, "bytes/verdict")
		})
	}
}

// TestVerdictColumnsDeclared checks the declaration every writer reads: unique names, a
// meaning for each, and values of the declared kind (or null) on a scored and an
// excluded verdict.
func TestVerdictColumnsDeclared(t *testing.T) {
	seen := map[string]bool{}
	scoredV := fuzzVerdict("r", "m/h", "SAB-V1-001", "TASK_SUCCESS", "", 1, false, true, true, 2, 1)
	excludedV := fuzzVerdict("r", "m/h", "SAB-V1-001", "", "", 1, true, false, false, -1, -1)
	for _, col := range Columns {
		if seen[col.Name] || col.Meaning == "" {
			t.Errorf("column %q: duplicate or without meaning", col.Name)
		}
		seen[col.Name] = true
		for _, vv := range []*oracle.Verdict{&scoredV, &excludedV} {
			v := Row{Verdict: vv, Policy: &oracle.SafeAct}
			var ok bool
			switch col.Get(v).(type) {
			case nil:
				ok = true
			case string:
				ok = col.Kind == KindString
			case int64:
				ok = col.Kind == KindInt
			case bool:
				ok = col.Kind == KindBool
			}
			if !ok {
				t.Errorf("column %q: value %#v is not of its kind %d", col.Name, col.Get(v), col.Kind)
			}
		}
	}
	if err := Write(&bytes.Buffer{}, "csv", nil, nil, true); err == nil {
		t.Error("detail with csv: no error")
	}
	if err := Write(&bytes.Buffer{}, "xml", nil, nil, false); err == nil {
		t.Error("format xml: no error")
	}
}

// A Parquet column chunk never falls back from its dictionary to PLAIN, so its pages have
// one data encoding: arrow-go writes the encodings of a chunk that fell back in map order,
// which made the footer of the same verdicts differ from run to run. 30,000 distinct run
// ids of 40 bytes outgrow arrow-go's default 1 MiB dictionary page.
func TestParquetVerdictsNeverFallBack(t *testing.T) {
	vs := make([]oracle.Verdict, 30000)
	for i := range vs {
		vs[i] = fuzzVerdict(fmt.Sprintf("a-fairly-long-run-identifier-%012d", i), "m/h", "SAB-V2-001", "O", "F", i%5, false, i%2 == 0, false, 0, 0)
	}
	var pb bytes.Buffer
	if err := Write(&pb, "parquet", []oracle.Policy{oracle.SafeAct}, [][]oracle.Verdict{vs}, false); err != nil {
		t.Fatal(err)
	}
	pf, err := file.NewParquetReader(bytes.NewReader(pb.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	checked := 0
	for g := 0; g < pf.NumRowGroups(); g++ {
		rg := pf.MetaData().RowGroup(g)
		for c := 0; c < rg.NumColumns(); c++ {
			cc, err := rg.ColumnChunk(c)
			if err != nil {
				t.Fatal(err)
			}
			data := map[string]bool{}
			for _, s := range cc.EncodingStats() {
				if s.PageType.String() != "DICTIONARY_PAGE" { // the type is internal to arrow-go
					data[s.Encoding.String()] = true
				}
			}
			if len(data) > 1 {
				t.Errorf("row group %d column %s: data pages in %d encodings %v (a dictionary fell back)", g, cc.PathInSchema(), len(data), data)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no column chunks")
	}
}
