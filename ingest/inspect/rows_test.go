package inspect

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestRowsDictScores: a dict-valued score gives one row per key, NAME.KEY, with the
// key's value; a sample without the score gets the declared keys' rows, unscored; a
// plain scorer beside it keeps its one row. The header declares the keys the way
// Inspect's results do for a dict of metrics: one entry per key, named by the key,
// with the scorer beside it (src/inspect_ai/_eval/task/results.py, scorers_from_metric_dict).
func TestRowsDictScores(t *testing.T) {
	log := &Log{File: "d.eval", Header: Header{
		Eval: EvalSpec{Task: "t", Model: "m", Scorers: []ScorerSpec{{Name: "judge"}, {Name: "match"}}},
		Results: &Results{Scores: []EvalScore{
			{Name: "a", Scorer: "judge"}, {Name: "b", Scorer: "judge"}, {Name: "match", Scorer: "match"},
		}},
	}}
	scorers := log.Scorers()
	if got := strings.Join(scorers, " "); got != "judge judge.a judge.b match" {
		t.Fatalf("scorers %s", got)
	}
	decode := func(doc string) *Sample {
		s, err := decodeSample("d.eval", "m", []byte(doc), false, false, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	cases := []struct {
		doc  string
		want string // scorer=value:score per row
	}{
		{`{"id": 1, "epoch": 1, "scores": {"judge": {"value": {"b": 0.5, "a": "C"}, "answer": "x"}, "match": {"value": "I"}}}`,
			`judge.a="C":1 judge.b=0.5:0.5 match="I":0`},
		{`{"id": 2, "epoch": 1, "scores": {"match": {"value": "C"}}}`,
			`judge.a=:NaN judge.b=:NaN match="C":1`},
		{`{"id": 3, "epoch": 1, "scores": {"judge": {"value": {"a": null, "b": [1], "c": true}}}}`,
			`judge.a=null:NaN judge.b=[1]:NaN judge.c=true:1 match=:NaN`},
	}
	for _, c := range cases {
		rows := Rows(log, scorers, decode(c.doc))
		var got []string
		for _, r := range rows {
			got = append(got, fmt.Sprintf("%s=%s:%v", r.Scorer, r.Value, r.Score))
			if r.Scorer == "judge.b" && r.SampleID.String() == "1" && r.Answer != "x" {
				t.Errorf("judge.b answer %q, want the score's", r.Answer)
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.doc, strings.Join(got, " "), c.want)
		}
	}
	// Without the header's keys, a sample's own dict still expands.
	rows := Rows(log, []string{"judge"}, decode(`{"id": 4, "epoch": 2, "scores": {"judge": {"value": {"k": 1}}}}`))
	if len(rows) != 1 || rows[0].Scorer != "judge.k" || rows[0].Score != 1 || string(rows[0].Value) != "1" {
		b, _ := json.Marshal(rows)
		t.Errorf("%s", b)
	}
}

// TestFillScorers: without results the keys of a dict-valued score are known from the
// samples alone; FillScorers gives every sample the rows of the log's names that Rows
// would have given had the log declared them: a key a sample's dict lacks (unscored), and
// the keys of a sample with no such score; no NAME row beside NAME.KEY rows.
func TestFillScorers(t *testing.T) {
	log := &Log{File: "d.eval", Header: Header{Eval: EvalSpec{Task: "t", Model: "m", Scorers: []ScorerSpec{{Name: "judge"}, {Name: "match"}}}}}
	var rows []Row
	for i, doc := range []string{
		`{"id": 1, "epoch": 1, "scores": {"judge": {"value": {"a": "C", "b": 1}}, "match": {"value": "C"}}}`,
		`{"id": 2, "epoch": 1, "scores": {"judge": {"value": {"a": "I"}}}}`,
		`{"id": 3, "epoch": 1, "scores": {"match": {"value": "I"}}}`,
	} {
		s, err := decodeSample("d.eval", fmt.Sprint(i), []byte(doc), false, false, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, Rows(log, log.Scorers(), s)...)
	}
	var got []string
	for _, r := range FillScorers(rows) {
		got = append(got, fmt.Sprintf("%s %s %s %v", r.SampleID, r.Scorer, r.Value, r.Scored))
	}
	want := []string{
		`1 judge.a "C" true`, `1 judge.b 1 true`, `1 match "C" true`,
		`2 judge.a "I" true`, `2 judge.b  false`, `2 match  false`,
		`3 judge.a  false`, `3 judge.b  false`, `3 match "I" true`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
