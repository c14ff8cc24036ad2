package view

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// A viewer whose episodes were collected while scoring is byte-identical to one that
// reads the same episodes through Input.Episodes.
func TestCollectedWritesTheSamePage(t *testing.T) {
	in := fixture()
	e, err := newEncoder(in)
	if err != nil {
		t.Fatal(err)
	}
	if err := in.Episodes(e.add); err != nil {
		t.Fatal(err)
	}
	col := &Collector{cases: in.Cases, policies: in.Policies, e: e}
	read, _ := write(t, in)
	coll := *in
	coll.Episodes, coll.Cases, coll.Policies, coll.Collected = nil, nil, nil, col
	collected, _ := write(t, &coll)
	for _, name := range []string{"index.html", filepath.Join("index_files", "0.js")} {
		a, errA := os.ReadFile(filepath.Join(read, name))
		b, errB := os.ReadFile(filepath.Join(collected, name))
		if errA != nil || errB != nil || string(a) != string(b) {
			t.Errorf("%s differs between Input.Episodes and Collected (%v, %v)", name, errA, errB)
		}
	}
}

// Collector.Add takes each episode's events from its record and refuses verdicts that are
// not the episode's under every policy.
func TestCollectorAdd(t *testing.T) {
	in := fixture()
	e, err := newEncoder(in)
	if err != nil {
		t.Fatal(err)
	}
	col := &Collector{cases: in.Cases, policies: in.Policies, e: e}
	rec, err := jsonv.Parse([]byte(`{"events":[{"type":"INFO_CALL","call_id":"c1","tool":"read_p","arguments":{"id":"X"}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	ep := &ingest.Episode{RunID: "r1", Config: "A", CaseID: "SAB-V1-001", Condition: "main", Record: ingest.NewRecord(rec.(*jsonv.Object))}
	v := func(run string) oracle.Verdict {
		return oracle.Fields{RunID: run, Protocol: ingest.V1, ECS: true, Outcome: "TASK_SUCCESS"}.Verdict()
	}
	if err := col.Add([]*ingest.Episode{ep}, [][]oracle.Verdict{{v("r1")}, {v("other")}}); err == nil || !strings.Contains(err.Error(), "lenient was not scored") {
		t.Errorf("misaligned verdicts: %v", err)
	}
	if err := col.Add([]*ingest.Episode{ep}, [][]oracle.Verdict{{v("r1")}}); err == nil {
		t.Error("one verdict list for two policies: no error")
	}
	if err := col.Add([]*ingest.Episode{ep}, [][]oracle.Verdict{{v("r1")}, {v("r1")}}); err != nil {
		t.Fatal(err)
	}
	if err := col.Finish(); err != nil {
		t.Fatal(err)
	}
	if err := col.Add([]*ingest.Episode{ep}, [][]oracle.Verdict{{v("r1")}, {v("r1")}}); err == nil || !strings.Contains(err.Error(), "after Finish") {
		t.Errorf("Add after Finish: %v", err)
	}
	a := e.byID["SAB-V1-001"]
	runs, rows, strs := runsOf(t, e), rowsOf(t, a), stringsOf(t, a)
	if len(runs) != 1 || runs[0] != "r1" || len(rows) != 1 || a.n != 1 || !strings.Contains(strings.Join(strs, "|"), `read_p|{"id":"X"}`) {
		t.Errorf("runs %v, case episodes %d, strings %q", runs, len(rows), strs)
	}
}

// runsOf is the encoder's run ids, read back from its spool.
func runsOf(t *testing.T, e *encoder) []string {
	t.Helper()
	var runs []string
	if err := e.eachRun(func(i int, run string) {
		if i != len(runs) {
			t.Fatalf("run %d read as number %d", len(runs), i)
		}
		runs = append(runs, run)
	}); err != nil {
		t.Fatal(err)
	}
	return runs
}

// rowsOf is a case's encoded episodes ([ep, events, ledger, checkpoints, rest] each), as
// its chunk lists them.
func rowsOf(t *testing.T, a *caseAcc) [][]int {
	t.Helper()
	_, text, err := caseBlocks(nil, a)
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]int
	if err := json.Unmarshal(append(append([]byte{'['}, text...), ']'), &rows); err != nil {
		t.Fatalf("case %s rows %q: %v", a.c.ID, text, err)
	}
	return rows
}

// stringsOf is a case's strings, read back from the spool.
func stringsOf(t *testing.T, a *caseAcc) []string {
	t.Helper()
	b, err := a.strs.appendList(nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("case %s strings %q: %v", a.c.ID, b, err)
	}
	if len(out) != a.strs.n {
		t.Fatalf("case %s: %d strings read back, %d interned", a.c.ID, len(out), a.strs.n)
	}
	return out
}

// blocksOf is a case's blocks, as its chunk lists them.
func blocksOf(t *testing.T, a *caseAcc) []string {
	t.Helper()
	b, _, err := caseBlocks(nil, a)
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(append(append([]byte{'['}, b...), ']'), &raw); err != nil {
		t.Fatalf("case %s blocks %q: %v", a.c.ID, b, err)
	}
	out := make([]string, len(raw))
	for i, r := range raw {
		out[i] = string(r)
	}
	return out
}

// An encoding error on the Collector's goroutine comes back from Finish, and from every
// Add after it has happened, so that scoring stops.
func TestCollectorEncodingError(t *testing.T) {
	in := fixture()
	e, err := newEncoder(in)
	if err != nil {
		t.Fatal(err)
	}
	col := &Collector{cases: in.Cases, policies: in.Policies, e: e}
	v := oracle.Fields{RunID: "r1", Protocol: ingest.V1, ECS: true, Outcome: "TASK_SUCCESS"}.Verdict()
	ep := &ingest.Episode{RunID: "r1", Config: "A", CaseID: "SAB-NOPE", Condition: "main"}
	if err := col.Add([]*ingest.Episode{ep}, [][]oracle.Verdict{{v}, {v}}); err != nil {
		t.Fatalf("Add hands over without encoding: %v", err)
	}
	const want = `case "SAB-NOPE" is not among the input's cases`
	if err := col.Finish(); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("Finish: %v, want %q", err, want)
	}
	if err := col.Add([]*ingest.Episode{ep}, [][]oracle.Verdict{{v}, {v}}); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Add after the error: %v", err)
	}
	if err := col.Finish(); err == nil {
		t.Error("a second Finish forgot the error")
	}
}
