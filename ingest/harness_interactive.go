package ingest

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// InteractiveStatus maps an interactive run's result status and failure code to an
// episode status. DESIGN §2.2 fixes that an episode_wall_timeout is censored. The
// rest is our reading of evaluator doc §11, documented here: a runtime failure on the
// evaluator's side (scorer_failed, gateway_initialization_failed) is harness_failure;
// one in the model transport (transport_retries_exhausted, http_status_<n>,
// api_error_response, invalid_api_choices) is infra_failure; any other runtime
// failure is harness_failure; every other status (model_finished, episode_terminal,
// protocol_error, turn_budget_exhausted, output_budget_exhausted, …) is the agent's
// own doing and stays completed.
func InteractiveStatus(status, failureCode string, censored bool) string {
	switch {
	case status == "episode_wall_timeout" || censored:
		return StatusCensored
	case status != "runtime_failed":
		return StatusCompleted
	case failureCode == "transport_retries_exhausted", failureCode == "api_error_response",
		failureCode == "invalid_api_choices", strings.HasPrefix(failureCode, "http_status_"):
		return StatusInfraFailure
	}
	return StatusHarnessFailure
}

// interactiveNormal are the statuses of an episode that ran to its end.
var interactiveNormal = map[string]bool{"model_finished": true, "episode_terminal": true}

// ReadInteractiveDir turns an interactive run directory (run_interactive.py
// --output-dir D; evaluator doc §10.4) into an episode: the record is built from
// result.json's execution.execution_events, the case from case_metadata.json. A
// directory without result.json is searched one level down for run directories, so a
// folder of runs is read in one go (sorted by directory name).
func ReadInteractiveDir(dir string, opt HarnessOptions) ([]*Episode, []Problem, error) {
	if err := opt.check(); err != nil {
		return nil, nil, err
	}
	rr, err := newRootedReader(dir)
	if err != nil {
		return nil, nil, err
	}
	runs := []string{dir}
	if !fileExists(filepath.Join(dir, "result.json")) {
		runs = nil
		ents, err := os.ReadDir(dir)
		if err != nil {
			return nil, nil, err
		}
		for _, e := range ents {
			if e.IsDir() && fileExists(filepath.Join(dir, e.Name(), "result.json")) {
				runs = append(runs, filepath.Join(dir, e.Name()))
			}
		}
		sort.Strings(runs)
		if len(runs) == 0 {
			return nil, nil, fmt.Errorf("%s: not an interactive run directory (no result.json here or one level down)", dir)
		}
	}
	var eps []*Episode
	var probs []Problem
	for _, run := range runs {
		e, ps := readInteractiveRun(rr, run, opt)
		probs = append(probs, ps...)
		if e != nil {
			eps = append(eps, e)
		}
	}
	return eps, probs, nil
}

func readInteractiveRun(rr *rootedReader, run string, opt HarnessOptions) (*Episode, []Problem) {
	rpath := filepath.Join(run, "result.json")
	mpath := filepath.Join(run, "case_metadata.json")
	res, _, p := rr.object(rpath)
	if p != nil {
		return nil, []Problem{*p}
	}
	meta, absent, p := rr.object(mpath)
	if p != nil {
		return nil, []Problem{*p}
	}
	if absent {
		return nil, []Problem{{File: mpath, Msg: "missing: the case of the run is unknown"}}
	}
	caseID, _ := meta.String("case_id")
	if caseID == "" {
		return nil, []Problem{{File: mpath, Field: "case_id", Msg: "missing or not a string"}}
	}
	e := opt.newEpisode(caseID, rpath)
	status, _ := res.String("status")
	code, _ := res.String("failure_code")
	censored, _ := res.Get("censored")
	e.Status = InteractiveStatus(status, code, censored == true)
	if status != "" && !interactiveNormal[status] {
		e.FailureClass = status
	}
	if code != "" {
		e.Extra = jsonv.NewObject("failure_code", code)
	}
	var probs []Problem
	if v, ok := res.Get("execution"); ok && v != nil {
		exec, isObj := v.(*jsonv.Object)
		if !isObj {
			return nil, []Problem{{File: rpath, Field: "execution", Msg: "must be an object, got " + typeName(v)}}
		}
		events, ok := exec.Get("execution_events")
		if _, isList := events.([]any); ok && !isList && events != nil {
			return nil, []Problem{{File: rpath, Field: "execution.execution_events", Msg: "must be an array, got " + typeName(events)}}
		}
		if ok && events != nil {
			env, _ := meta.String("env_id")
			e.Record = jsonv.NewObject("schema_version", int64(1), "env_id", env, "episode_id", caseID,
				"runner", "run_english_interactive_rollout", "events", events)
			if m, ok := res.String("model"); ok {
				e.Record.Set("metadata", jsonv.NewObject("model", m))
			}
		}
		e.Official = &jsonv.Object{}
		if s, ok := res.Get("success"); ok {
			e.Official.Set("successful", s)
		}
		e.Official.Set("raw_status", status)
		if sum, ok := exec.Obj("summary"); ok {
			if out, ok := sum.Get("outcome"); ok {
				e.Official.Set("observed_outcome", out)
			}
		}
	}
	u := &jsonv.Object{}
	start, _ := res.Get("started_at_unix")
	end, _ := res.Get("finished_at_unix")
	if a, ok := number(start); ok {
		if b, ok := number(end); ok && b >= a {
			u.Set("wall_seconds", b-a)
		}
	}
	if uo, ok := res.Obj("usage"); ok {
		for _, k := range [][2]string{{"input_tokens", "input_tokens"}, {"prompt_tokens", "input_tokens"},
			{"output_tokens", "output_tokens"}, {"completion_tokens", "output_tokens"}} {
			if v, ok := uo.Get(k[0]); ok && !u.Has(k[1]) {
				usageNumber(u, k[1], v)
			}
		}
	}
	if v, ok := res.Get("cost_usd"); ok {
		usageNumber(u, "cost_usd", v)
	}
	if u.Len() > 0 {
		e.Usage = u
	}
	return e, probs
}
