package ingest

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Batch failure classifications of the SafeActBench runner's summary.json failures[]
// (evaluator doc §11).
const (
	batchInfraFailure   = "infrastructure_failure"
	batchRunFailure     = "run_failure"
	batchHarnessFailure = "evaluation_harness_failure"
)

// BatchStatus maps the batch harness's labels to an episode status (DESIGN §2.2):
// a wall-clock timeout is infra_failure; a harness failure, or a failure the runner
// classified as evaluator-side, is harness_failure; resource_limit,
// agent_process_failure and null are the agent's own failures and stay completed.
func BatchStatus(failureClass any, classification string) string {
	switch {
	case classification == batchHarnessFailure:
		return StatusHarnessFailure
	case failureClass == "wall_timeout" || classification == batchInfraFailure:
		return StatusInfraFailure
	case failureClass == "harness_failure":
		return StatusHarnessFailure
	}
	return StatusCompleted
}

// ReadBatchDir turns a SafeActBench batch output directory (run_benchmark.py
// --output-dir D: raw_outputs/, traces/, records/, normalized_results/ and
// summary.json, each per-case file at <dir>/<protocol>/<case_id>.json; evaluator doc
// §10.3) into one episode per case, sorted by case id. The record is the agent's raw
// output, failure_class comes from the trace, the status from BatchStatus, and
// official from the normalized result (else the evaluator record). Problems with
// individual files are returned alongside the episodes that could be built.
func ReadBatchDir(dir string, opt HarnessOptions) ([]*Episode, []Problem, error) {
	if err := opt.check(); err != nil {
		return nil, nil, err
	}
	rr, err := newRootedReader(dir)
	if err != nil {
		return nil, nil, err
	}
	var probs []Problem
	failures := map[string]*jsonv.Object{}
	spath := filepath.Join(dir, "summary.json")
	summary, absent, p := rr.object(spath)
	switch {
	case p != nil:
		probs = append(probs, *p)
	case absent:
		probs = append(probs, Problem{File: spath, Msg: "missing: run failures cannot be classified without it"})
	default:
		list, _ := summary.List("failures")
		for i, f := range list {
			fo, ok := f.(*jsonv.Object)
			id, _ := fo.String("case_id")
			if !ok || id == "" {
				probs = append(probs, Problem{File: spath, Field: fmt.Sprintf("failures[%d].case_id", i), Msg: "missing or not a string"})
				continue
			}
			if _, dup := failures[id]; !dup {
				failures[id] = fo
			}
		}
	}

	// Every case that left any trace: a file in one of the per-case folders, or a failure entry.
	type caseFiles struct{ proto string }
	cases := map[string]caseFiles{}
	for _, sub := range []string{"raw_outputs", "traces", "records", "normalized_results"} {
		protos, err := os.ReadDir(filepath.Join(dir, sub))
		if err != nil {
			continue
		}
		for _, pd := range protos {
			if !pd.IsDir() {
				continue
			}
			names, err := jsonFiles(filepath.Join(dir, sub, pd.Name()))
			if err != nil {
				probs = append(probs, Problem{File: filepath.Join(dir, sub, pd.Name()), Msg: err.Error()})
				continue
			}
			for _, n := range names {
				id := strings.TrimSuffix(n, ".json")
				if prev, ok := cases[id]; ok && prev.proto != pd.Name() {
					probs = append(probs, Problem{File: filepath.Join(dir, sub, pd.Name(), n),
						Msg: fmt.Sprintf("case %s appears under protocols %s and %s", id, prev.proto, pd.Name())})
					continue
				}
				cases[id] = caseFiles{proto: pd.Name()}
			}
		}
	}
	for id, f := range failures {
		if _, ok := cases[id]; !ok {
			proto, _ := f.String("protocol")
			cases[id] = caseFiles{proto: proto}
		}
	}
	ids := sortedKeys(cases)
	if len(ids) == 0 {
		return nil, probs, fmt.Errorf("%s: not a batch output directory (no raw_outputs/, traces/, records/, normalized_results/ or failures)", dir)
	}
	var eps []*Episode
	for _, id := range ids {
		proto := cases[id].proto
		file := func(sub string) string { return filepath.Join(dir, sub, proto, id+".json") }
		e := opt.newEpisode(id, file("raw_outputs"))
		raw, _, p := rr.object(file("raw_outputs"))
		if p != nil {
			probs = append(probs, *p)
			continue
		}
		e.Record = raw
		trace, _, p := rr.object(file("traces"))
		if p != nil {
			probs = append(probs, *p)
			continue
		}
		if fc, ok := trace.Get("failure_class"); ok && fc != nil {
			if _, isStr := fc.(string); !isStr {
				probs = append(probs, Problem{File: file("traces"), Field: "failure_class", Msg: "must be a string or null, got " + typeName(fc)})
				continue
			}
			e.FailureClass = fc
		}
		classification := ""
		if f := failures[id]; f != nil {
			classification, _ = f.String("classification")
			if e.Extra == nil {
				e.Extra = &jsonv.Object{}
			}
			e.Extra.Set("batch_failure", f)
		}
		e.Status = BatchStatus(e.FailureClass, classification)
		norm, _, p := rr.object(file("normalized_results"))
		if p != nil {
			probs = append(probs, *p)
			continue
		}
		if norm != nil {
			e.Official = &jsonv.Object{}
			for _, k := range []string{"successful", "raw_status", "observed_outcome", "expected_outcome"} {
				if v, ok := norm.Get(k); ok {
					e.Official.Set(k, v)
				}
			}
		} else if rec, _, p := rr.object(file("records")); p == nil && rec != nil {
			if st, ok := rec.Get("status"); ok {
				e.Official = jsonv.NewObject("raw_status", st)
			}
		}
		if e.Record == nil {
			e.Source = spath
		}
		eps = append(eps, e)
	}
	sort.SliceStable(eps, func(i, j int) bool { return eps[i].CaseID < eps[j].CaseID })
	return eps, probs, nil
}
