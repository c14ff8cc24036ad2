package oracle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/ingest/tau"
)

type tauLabel struct {
	TaskID            int    `json:"task_id"`
	Trial             int    `json:"trial"`
	Reward            int    `json:"reward"`
	Category          string `json:"category"`
	Authorized        bool   `json:"authorized"`
	FirstUnauthorized *struct {
		Event       int    `json:"event"`
		Tool        string `json:"tool"`
		Requirement string `json:"requirement"`
	} `json:"first_unauthorized"`
	Policy string `json:"policy"`
	Why    string `json:"why"`
}

// tauAirline ingests the shared τ-bench file and prepares the airline bench's cases.
func tauAirline(t testing.TB) (map[string]*Prepared, map[[2]int]*ingest.Episode) {
	prep, eps, _ := tauAirlineCases(t)
	return prep, eps
}

// tauAirlineCases is tauAirline with the bench's cases by id too, for the tests that explain
// an episode.
func tauAirlineCases(t testing.TB) (map[string]*Prepared, map[[2]int]*ingest.Episode, map[string]*casespec.Case) {
	t.Helper()
	r, err := tau.ReadFile(filepath.Join("..", "ingest", "tau", "testdata", "gpt-4o-airline-tasks25-49.json"), tau.Options{Config: "gpt-4o/tool-calling"})
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("%v %v", err, r.Problems)
	}
	b, err := tau.LoadBench("tau-bench:airline", casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	prep := map[string]*Prepared{}
	cases := map[string]*casespec.Case{}
	for _, c := range b.Cases {
		cases[c.ID] = c
		if prep[c.ID], err = Prepare(c); err != nil {
			t.Fatal(err)
		}
	}
	eps := map[[2]int]*ingest.Episode{}
	for _, e := range r.Episodes {
		task, _ := e.Record.Get("task_id")
		eps[[2]int{int(task.(int64)), e.Repeat}] = e
	}
	return prep, eps, cases
}

func tauPolicy(t testing.TB, name string) Policy {
	t.Helper()
	p, err := LookupPolicy(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestTauStrictHandLabels checks tau-strict's verdict on every hand-labelled trajectory
// (testdata/tau-bench/labels.jsonl, labelled by reading the conversations): whether every
// write was authorized, and where the chain first broke.
func TestTauStrictHandLabels(t *testing.T) {
	prep, eps := tauAirline(t)
	pol := tauPolicy(t, "tau-strict")
	f, err := os.Open(filepath.Join("testdata", "tau-bench", "labels.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cats := map[string]int{}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		var l tauLabel
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&l); err != nil {
			t.Fatalf("labels.jsonl:%d: %v", n, err)
		}
		cats[l.Category]++
		if l.Policy == "" || l.Why == "" {
			t.Errorf("labels.jsonl:%d: no policy sentence or no reason", n)
		}
		ep := eps[[2]int{l.TaskID, l.Trial}]
		if ep == nil {
			t.Fatalf("labels.jsonl:%d: no trajectory for task %d trial %d", n, l.TaskID, l.Trial)
		}
		if s, _ := ep.Official.Get("successful"); s != (l.Reward == 1) {
			t.Errorf("labels.jsonl:%d: reward %d, the file says successful=%v", n, l.Reward, s)
		}
		p := prep[ep.CaseID]
		v := p.Score(ep, pol, true)
		authorized := !v.MissingAtCheckpoint()
		if authorized != l.Authorized {
			t.Errorf("task %d trial %d: tau-strict authorized=%v, hand label %v (%s)", l.TaskID, l.Trial, authorized, l.Authorized, l.Why)
			continue
		}
		if v.ECS() != (authorized && l.Reward == 1) {
			t.Errorf("task %d trial %d: ECS %v with authorized=%v reward=%d", l.TaskID, l.Trial, v.ECS(), authorized, l.Reward)
		}
		switch l.Category {
		case "no write at all":
			if v.Attempted() || len(v.Detail.Checkpoints) != 0 {
				t.Errorf("task %d trial %d: labelled without writes, the oracle saw %d", l.TaskID, l.Trial, len(v.Detail.Checkpoints))
			}
		case "confirmed write":
			if !v.Attempted() || !authorized {
				t.Errorf("task %d trial %d: labelled a confirmed write", l.TaskID, l.Trial)
			}
		}
		if l.FirstUnauthorized == nil {
			continue
		}
		var first *Checkpoint
		for i := range v.Detail.Checkpoints {
			if v.Detail.Checkpoints[i].Gate != GateAllow {
				first = &v.Detail.Checkpoints[i]
				break
			}
		}
		want := l.FirstUnauthorized
		if first == nil || first.EventIndex != want.Event || first.Tool != want.Tool {
			t.Errorf("task %d trial %d: first unauthorized write %+v, labelled %+v", l.TaskID, l.Trial, first, *want)
			continue
		}
		var missing []string
		for _, r := range first.Requirements {
			if r.Status == StatusMissing {
				missing = append(missing, r.ID)
			}
		}
		if !slices.Contains(missing, want.Requirement) {
			t.Errorf("task %d trial %d: event %d misses %v, labelled %s", l.TaskID, l.Trial, want.Event, missing, want.Requirement)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 20 {
		t.Errorf("%d labels, want at least 20", n)
	}
	for _, c := range []string{"no write at all", "confirmed write", "write with no confirmation", "write on an entity never read"} {
		if cats[c] < 4 {
			t.Errorf("category %q has %d labels", c, cats[c])
		}
	}
}

// TestTauRetailHandMade scores the hand-made τ²-bench retail file (ingest/tau/testdata) on
// the retail bench: simulation 1 authenticates the user by email, reads the order, names the
// order and the reason and gets a yes before cancelling (authorized, reward 1); simulation 2
// writes nothing (reward 0: inaction).
func TestTauRetailHandMade(t *testing.T) {
	r, err := tau.ReadFile(filepath.Join("..", "ingest", "tau", "testdata", "tau2-handmade.json"), tau.Options{Config: "m/h"})
	if err != nil || len(r.Problems) > 0 {
		t.Fatalf("%v %v", err, r.Problems)
	}
	b, err := tau.LoadBench("tau-bench:retail", casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	strict := tauPolicy(t, "tau-strict")
	for i, want := range []struct {
		ecs        bool
		outcome    string
		authorized bool
	}{{true, OutcomeTaskSuccess, true}, {false, OutcomeNoAction, true}} {
		ep := r.Episodes[i]
		p, err := Prepare(b.Case(ep.CaseID))
		if err != nil {
			t.Fatal(err)
		}
		v := p.Score(ep, strict, true)
		if v.ECS() != want.ecs || v.Outcome() != want.outcome || v.MissingAtCheckpoint() == want.authorized {
			t.Errorf("simulation %d: ecs %v outcome %s missing %v; detail %+v", i+1, v.ECS(), v.Outcome(), v.MissingAtCheckpoint(), v.Detail.Checkpoints)
		}
	}
	// Without the authentication read the cancellation is not authorized.
	ep := r.Episodes[0]
	evs, _ := ep.Record.List("events")
	cut := *ep
	rec := ep.Record.Clone()
	rec.Set("events", append([]any{evs[0]}, evs[2:]...)) // drop find_user_id_by_email
	cut.Record = rec
	p, _ := Prepare(b.Case(ep.CaseID))
	v := p.Score(&cut, strict, true)
	if !v.MissingAtCheckpoint() || v.Detail.Checkpoints[0].Requirements[0].ID != "user-authenticated" || v.Detail.Checkpoints[0].Requirements[0].Status != StatusMissing {
		t.Errorf("without authentication: %+v", v.Detail.Checkpoints)
	}
}

// TestActionRulesFromCaseDir: the mechanism is not τ-bench's own: a directory of case specs
// carrying action_rules scores the same as the built-in domain.
func TestActionRulesFromCaseDir(t *testing.T) {
	prep, eps := tauAirline(t)
	b, err := tau.LoadBench("tau-bench:airline", casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, id := range []string{"TAU-AIRLINE-26", "TAU-AIRLINE-45"} {
		spec := b.Case(id).Spec.Clone()
		spec.Set("protocol", "v1")
		if err := os.WriteFile(filepath.Join(dir, id+".json"), jsonv.Marshal(spec), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	disk, err := casespec.LoadBench(dir, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pol := tauPolicy(t, "tau-strict")
	for _, key := range [][2]int{{26, 0}, {26, 1}, {45, 0}, {45, 1}} {
		ep := eps[key]
		p, err := Prepare(disk.Case(ep.CaseID))
		if err != nil {
			t.Fatal(err)
		}
		gv, wv := p.Score(ep, pol, false), prep[ep.CaseID].Score(ep, pol, false)
		got, want := gv.Fields(), wv.Fields()
		if got.ECS != want.ECS || got.Outcome != want.Outcome || got.MissingAtCheckpoint != want.MissingAtCheckpoint || got.ExecutedCommits != want.ExecutedCommits {
			t.Errorf("task %d trial %d: from the case directory %+v, built in %+v", key[0], key[1], got, want)
		}
	}
}

// FuzzRulesWalk feeds arbitrary records and official verdicts to an airline case under the
// confirmation presets and tau-bench: the walk never panics, detail does not change the
// verdict, an episode without the benchmark's success never passes, and Explain builds.
func FuzzRulesWalk(f *testing.F) {
	prep, eps := tauAirline(f)
	p := prep["TAU-AIRLINE-26"]
	f.Add(string(jsonv.Canonical(eps[[2]int{26, 0}].Record.Object(), false)), true)
	f.Add(`{"events":[{"type":"USER_MESSAGE","content":7},{"type":"CONSEQUENTIAL_CALL","tool":"cancel_reservation","arguments":{"reservation_id":["A"]}}]}`, true)
	f.Add(`{"events":[{"type":"INFO_CALL","tool":"get_user_details","arguments":{},"tool_status":"ok","tool_result":"{\"payment_methods\": [1, {}]}"},null,{"type":"X"}]}`, false)
	f.Add(`{"events":{}}`, true)
	pols := []Policy{}
	for _, name := range ConfirmationComparison {
		pols = append(pols, tauPolicy(f, name))
	}
	f.Fuzz(func(t *testing.T, record string, success bool) {
		rec, err := jsonv.ParseObject([]byte(record))
		if err != nil {
			return
		}
		ep := &ingest.Episode{RunID: "fuzz", Config: "f/z", CaseID: p.c.ID, Status: ingest.StatusCompleted, Record: ingest.NewRecord(rec),
			Official: jsonv.NewObject("successful", success)}
		for _, pol := range pols {
			v := p.Score(ep, pol, true)
			sameVerdict(t, v, p.Score(ep, pol, false))
			if v.ECS() && !success {
				t.Fatalf("%s: passes without the benchmark's success", pol.Name)
			}
			Explain(p.c, ep, pol, v)
		}
	})
}

// TestTauBenchesPrepare: every case of both built-in domains compiles (the rules files are
// valid action rules), with the test split's task ids.
func TestTauBenchesPrepare(t *testing.T) {
	for name, n := range map[string]int{"tau-bench:airline": 50, "tau-bench:retail": 115} {
		b, err := tau.LoadBench(name, casespec.BenchOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Cases) != n || b.Kind != casespec.BenchGenerated || b.DatasetID != name {
			t.Errorf("%s: %d cases, kind %s, dataset %s", name, len(b.Cases), b.Kind, b.DatasetID)
		}
		for _, c := range b.Cases {
			p, err := Prepare(c)
			if err != nil || p.rules == nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
		}
	}
	if _, err := tau.LoadBench("tau-bench:telecom", casespec.BenchOptions{}); err == nil || !strings.Contains(err.Error(), `known: "airline", "retail"`) {
		t.Errorf("unknown domain: %v", err)
	}
}
