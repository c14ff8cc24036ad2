package inspect

import (
	"fmt"
	"strings"
	"testing"
)

// rowsOf is the rows of one sample decoded from doc, under a log declaring scorers (and
// results entries, NAME or NAME.KEY) as given.
func rowsOf(t *testing.T, declared []string, results []EvalScore, doc string) []Row {
	t.Helper()
	log := &Log{File: "r.eval", Header: Header{Eval: EvalSpec{Task: "t", Model: "m"}}}
	for _, n := range declared {
		log.Eval.Scorers = append(log.Eval.Scorers, ScorerSpec{Name: n})
	}
	if results != nil {
		log.Results = &Results{Scores: results}
	}
	s, err := decodeSample("r.eval", "m", []byte(doc), false, false, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return Rows(log, log.Scorers(), s)
}

// rowsText writes rows as scorer=value:score, space-separated.
func rowsText(rows []Row) string {
	var out []string
	for _, r := range rows {
		out = append(out, fmt.Sprintf("%s=%s:%v", r.Scorer, r.Value, r.Score))
	}
	return strings.Join(out, " ")
}

// TestRowsScorerNames: the rows a sample's scores give when the names hold dots or the
// scorers are not declared. Scores are read in scorer order, so a plain score sorted before
// a dict-valued one must not end the reading of the scores; a dict key holding a dot is
// found under its scorer (NAME.KEY read from the last dot back), and so is a key that a
// longer key extends (k beside k.j); a declared NAME. whose keys are declared has no row
// of its own; a scorer named "" has keys .KEY. Before, the value of k beside k.j and of a
// key of the scorer "" were lost (rows without a score).
func TestRowsScorerNames(t *testing.T) {
	cases := []struct {
		doc      string
		declared []string
		results  []EvalScore
		want     string
	}{
		{`{"id": 1, "epoch": 1, "scores": {"acc": {"value": "C"}, "judge": {"value": {"a": 0.25}}}}`,
			nil, nil, `acc="C":1 judge.a=0.25:0.25`},
		{`{"id": 1, "epoch": 1, "scores": {"judge": {"value": {"k.j": 1, "k": 0}}}}`,
			[]string{"judge"}, nil, `judge.k=0:0 judge.k.j=1:1`},
		{`{"id": 1, "epoch": 1, "scores": {}}`,
			[]string{"s."}, []EvalScore{{Name: "k", Scorer: "s."}}, `s..k=:NaN`},
		{`{"id": 1, "epoch": 1, "scores": {"s.": {"value": {"k": "I"}}}}`,
			[]string{"s."}, []EvalScore{{Name: "k", Scorer: "s."}}, `s..k="I":0`},
		{`{"id": 1, "epoch": 1, "scores": {"": {"value": {"x": 1}}, "y": {"value": 0.5}}}`,
			nil, nil, `.x=1:1 y=0.5:0.5`},
		{`{"id": 1, "epoch": 1, "scores": {}}`, []string{"", ".x"}, nil, `.x=:NaN`},
	}
	for _, c := range cases {
		if got := rowsText(rowsOf(t, c.declared, c.results, c.doc)); got != c.want {
			t.Errorf("%s (declared %v):\n got %s\nwant %s", c.doc, c.declared, got, c.want)
		}
	}
}

// TestFillScorersEmptyScorerName: the keys of a scorer named "" (.KEY) stand for it in
// every sample, as NAME.KEY's do for NAME: a sample without its score gets .x unscored and
// no row "" beside it.
func TestFillScorersEmptyScorerName(t *testing.T) {
	var rows []Row
	for _, doc := range []string{
		`{"id": 1, "epoch": 1, "scores": {"": {"value": {"x": 1}}}}`,
		`{"id": 2, "epoch": 1, "scores": {}}`,
	} {
		rows = append(rows, rowsOf(t, []string{""}, nil, doc)...)
	}
	var got []string
	for _, r := range FillScorers(rows) {
		got = append(got, fmt.Sprintf("%s %q %s %v", r.SampleID, r.Scorer, r.Value, r.Scored))
	}
	if want := `1 ".x" 1 true|2 ".x"  false`; strings.Join(got, "|") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, "|"), want)
	}
}

// TestRowsSampleFields: the fields every row of a sample shares, from the real logs in
// testdata/logs and, for what they do not hold, from written samples. Usage is nil when
// the sample logged no model_usage (not zero tokens), a string target is kept as written
// (with its leading space), a list target is compact JSON, and an error is its first line.
func TestRowsSampleFields(t *testing.T) {
	log, samples, err := ReadFile("testdata/logs/2025-05-12T20-28-13-04-00_popularity.json")
	if err != nil {
		t.Fatal(err)
	}
	rows := Rows(log, log.Scorers(), samples[0])
	if len(rows) != 1 {
		t.Fatalf("%d rows, want 1", len(rows))
	}
	r := rows[0]
	if r.Usage == nil || r.Usage.InputTokens != 64 || r.Usage.OutputTokens != 2 || r.Usage.TotalTokens != 66 {
		t.Errorf("usage %+v, want 64 in, 2 out, 66 total", r.Usage)
	}
	if r.Target != " Yes" {
		t.Errorf("target %q, want %q", r.Target, " Yes")
	}

	r2, err := Open("testdata/logs/log_formats.eval")
	if err != nil {
		t.Fatal(err)
	}
	defer r2.Close()
	s, err := r2.Next()
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range Rows(r2.Log(), r2.Log().Scorers(), s) {
		if row.Usage != nil {
			t.Errorf("log_formats.eval %s: usage %+v, want nil (no model_usage)", row.Scorer, *row.Usage)
		}
	}

	cases := []struct{ doc, target, err, limit string }{
		{`{"id": 1, "epoch": 1, "target": ["a", "b c"], "error": {"message": "\n  boom\nTraceback: …"}, "limit": {"type": "token", "limit": 10}}`,
			`["a","b c"]`, "boom", "token"},
		{`{"id": 1, "epoch": 1, "target": null}`, "", "", ""},
		{`{"id": 1, "epoch": 1}`, "", "", ""},
		{`{"id": 1, "epoch": 1, "target": "null", "model_usage": {}}`, "null", "", ""},
	}
	for _, c := range cases {
		rows := rowsOf(t, []string{"match"}, nil, c.doc)
		r := rows[0]
		if r.Target != c.target || r.Error != c.err || r.Limit != c.limit || r.Usage != nil {
			t.Errorf("%s: target %q error %q limit %q usage %v, want %q %q %q nil", c.doc, r.Target, r.Error, r.Limit, r.Usage, c.target, c.err, c.limit)
		}
	}
}

// TestRowsKeyMissingBesideLongerKey: a key k that a longer key k.j extends is a row of
// every sample, as any key is: one whose dict lacks k, or that has no score from the
// scorer, gets k unscored, whether the log's results declare the keys (Rows) or only
// other samples have them (FillScorers). Before, such a sample had no judge.k row (k.j
// made judge.k read as a scorer with keys), so its sample had fewer rows than the others.
func TestRowsKeyMissingBesideLongerKey(t *testing.T) {
	results := []EvalScore{{Name: "k", Scorer: "judge"}, {Name: "k.j", Scorer: "judge"}}
	for _, c := range []struct{ doc, want string }{
		{`{"id": 1, "epoch": 1, "scores": {"judge": {"value": {"k.j": 1}}}}`, `judge.k=:NaN judge.k.j=1:1`},
		{`{"id": 1, "epoch": 1, "scores": {}}`, `judge.k=:NaN judge.k.j=:NaN`},
		{`{"id": 1, "epoch": 1, "scores": {"judge": {"value": {"k": 0}}}}`, `judge.k=0:0 judge.k.j=:NaN`},
	} {
		if got := rowsText(rowsOf(t, []string{"judge"}, results, c.doc)); got != c.want {
			t.Errorf("%s (results k, k.j):\n got %s\nwant %s", c.doc, got, c.want)
		}
	}
	var rows []Row
	for _, doc := range []string{
		`{"id": 1, "epoch": 1, "scores": {"judge": {"value": {"k": 1, "k.j": 0}}}}`,
		`{"id": 2, "epoch": 1, "scores": {"judge": {"value": {"k.j": 1}}}}`,
		`{"id": 3, "epoch": 1, "scores": {}}`,
	} {
		rows = append(rows, rowsOf(t, []string{"judge"}, nil, doc)...)
	}
	var got []string
	for _, r := range FillScorers(rows) {
		got = append(got, fmt.Sprintf("%s %s=%s", r.SampleID, r.Scorer, r.Value))
	}
	if want := "1 judge.k=1|1 judge.k.j=0|2 judge.k=|2 judge.k.j=1|3 judge.k=|3 judge.k.j="; strings.Join(got, "|") != want {
		t.Errorf("FillScorers without results:\n got %s\nwant %s", strings.Join(got, "|"), want)
	}
}

// TestFillScorersPlainBesideDict: a scorer whose value is plain in one sample and a dict in
// another gives every sample both its NAME row and its NAME.KEY rows, each unscored where
// the sample's value is of the other kind, so that every sample has as many rows. Before,
// the sample with the dict had no NAME row.
func TestFillScorersPlainBesideDict(t *testing.T) {
	var rows []Row
	for _, doc := range []string{
		`{"id": 1, "epoch": 1, "scores": {"judge": {"value": "C"}}}`,
		`{"id": 2, "epoch": 1, "scores": {"judge": {"value": {"a": 1}}}}`,
	} {
		rows = append(rows, rowsOf(t, []string{"judge"}, nil, doc)...)
	}
	var got []string
	for _, r := range FillScorers(rows) {
		got = append(got, fmt.Sprintf("%s %s=%s", r.SampleID, r.Scorer, r.Value))
	}
	if want := `1 judge="C"|1 judge.a=|2 judge=|2 judge.a=1`; strings.Join(got, "|") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, "|"), want)
	}
}
