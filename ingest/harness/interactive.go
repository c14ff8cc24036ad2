package harness

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"time"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/ingest/sniff"
)

// interactiveStatuses are the result.json statuses drive_episode writes.
var interactiveStatuses = map[string]bool{"model_finished": true, "output_budget_exhausted": true,
	"episode_terminal": true, "protocol_error": true, "turn_budget_exhausted": true,
	"episode_wall_timeout": true, "runtime_failed": true}

// interactiveNormal are the statuses of an episode that ran to its end.
var interactiveNormal = map[string]bool{"model_finished": true, "episode_terminal": true}

// runFiles are the files that make a folder an interactive run directory, even an
// unfinished one (run_one writes config.json first).
var runFiles = []string{"result.json", "config.json", "case_metadata.json", "journal.jsonl"}

// ReadInteractiveDir turns interactive run directories (run_english_interactive_rollout.py
// --output-dir D) into episodes: dir is one run directory, or a
// folder whose subdirectories are run directories (read in name order). The record is
// result.json's execution.execution_events; the case comes from case_metadata.json, or
// from result.json / config.json for a run whose gateway never started; the run_id comes
// from what the run recorded (interactiveRunID); several runs of one case get repeats by
// opt.RepeatFrom. A run directory
// without result.json is a problem; symbolic links are skipped and said so.
func ReadInteractiveDir(dir string, opt Options) (*Result, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	rr, err := newRootedReader(dir)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	type run struct{ path, name string }
	var runs []run
	if isRunDir(rr, dir) {
		runs = []run{{dir, filepath.Base(rr.root)}}
	} else {
		ents, err := os.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		links, others := 0, 0
		for _, e := range ents {
			p := filepath.Join(dir, e.Name())
			switch {
			case e.Type()&os.ModeSymlink != 0:
				res.warn("%s: skipped: a symbolic link (run directories are read only as real folders)", p)
				links++
			case !e.IsDir():
				others++
			case isRunDir(rr, p):
				runs = append(runs, run{p, e.Name()})
			default:
				res.warn("%s: skipped: not a run directory (none of %v)", p, runFiles)
			}
		}
		if others > 0 {
			res.warn("%s: %d files beside the run directories ignored", dir, others)
		}
		if len(runs) == 0 {
			return nil, fmt.Errorf("%s: not an interactive run directory (no result.json, config.json, case_metadata.json or journal.jsonl here or one level down; %d symbolic links skipped)%s", dir, links, sniff.Clause(dir))
		}
	}
	sort.Slice(runs, func(i, j int) bool { return runs[i].name < runs[j].name })
	models := &modelCheck{configured: opt.model()}
	names := map[*ingest.Episode]string{}
	for _, r := range runs {
		if e := readInteractiveRun(rr, res, r.path, r.name, opt, models); e != nil {
			res.Episodes = append(res.Episodes, e)
			names[e] = r.name
		}
	}
	models.flush(res)
	assignRepeats(res, opt, names)
	return res, nil
}

func isRunDir(rr *rootedReader, dir string) bool {
	for _, f := range runFiles {
		if rr.exists(filepath.Join(dir, f)) {
			return true
		}
	}
	return false
}

var trailingNumber = regexp.MustCompile(`(\d+)$`)

// assignRepeats gives the runs of one case distinct repeats: in run-directory order from
// opt.Repeat (RepeatFromOrder), or the number the directory name ends with
// (RepeatFromDirname). A key used twice is a problem.
func assignRepeats(res *Result, opt Options, names map[*ingest.Episode]string) {
	next := map[string]int{}
	seen := map[ingest.Key]string{}
	for _, e := range res.Episodes {
		name := names[e]
		if opt.RepeatFrom == RepeatFromDirname {
			m := trailingNumber.FindString(name)
			n, err := strconv.Atoi(m)
			if m == "" || err != nil {
				res.problem(e.Source, "", "run directory %q does not end with a number (--repeat-from %s)", name, RepeatFromDirname)
				continue
			}
			e.Repeat = n
		} else {
			e.Repeat = opt.Repeat + next[e.CaseID]
			next[e.CaseID]++
		}
		if prev, dup := seen[e.Key()]; dup {
			res.problem(e.Source, "", "runs %s and %s of case %s both get repeat %d", prev, name, e.CaseID, e.Repeat)
			continue
		}
		seen[e.Key()] = name
	}
}

func readInteractiveRun(rr *rootedReader, res *Result, run, name string, opt Options, models *modelCheck) *ingest.Episode {
	rpath := filepath.Join(run, "result.json")
	before := len(res.Problems)
	object := func(file string) *jsonv.Object {
		o, _, p := rr.object(filepath.Join(run, file))
		if p != nil {
			res.Problems = append(res.Problems, *p)
		}
		return o
	}
	result, absent, p := rr.object(rpath)
	if p != nil {
		res.Problems = append(res.Problems, *p)
		return nil
	}
	if absent {
		steps, err := journalSteps(rr, filepath.Join(run, "journal.jsonl"))
		why := "a startup failure (run_one failed before the episode)"
		switch {
		case err != nil:
			why = fmt.Sprintf("journal.jsonl, which would say how far it got, cannot be read: %v", err)
		case steps > 0:
			why = "killed mid-episode: journal.jsonl has " + ingest.Plural(steps, "step")
		}
		res.problem(rpath, "", "missing: the run did not finish (%s)", why)
		return nil
	}
	meta := object("case_metadata.json")
	config := object("config.json")
	if len(res.Problems) > before {
		return nil
	}
	caseID, ok := interactiveCaseID(res, run, meta, result, config)
	if !ok {
		return nil
	}
	proto, _ := ingest.ProtocolFromID(caseID)
	if meta != nil {
		if s, ok := meta.String("protocol"); ok {
			if p, ok := ingest.ParseProtocol(s); ok {
				proto = p
			}
		}
	}

	status, isStr := result.String("status")
	if v, has := result.Get("status"); !isStr {
		if !has {
			res.problem(rpath, "status", "missing")
		} else {
			res.problem(rpath, "status", "must be a string, got %s", ingest.TypeName(v))
		}
		return nil
	}
	if !interactiveStatuses[status] {
		res.problem(rpath, "status", "%q is not a status drive_episode writes", status)
		return nil
	}
	e := opt.newEpisode(caseID, rpath)
	id, p := interactiveRunID(opt.Config, caseID, rpath, result)
	if p != nil {
		res.Problems = append(res.Problems, *p)
		return nil
	}
	e.RunID = id
	setInteractiveStatus(e, res, rpath, result, status, opt)
	model, _ := result.String("model")
	models.note("model", model, run)
	if !setInteractiveRecord(e, res, run, result, meta, proto, status, model) {
		return nil
	}
	e.Usage = ingest.NewUsage(interactiveUsage(rr, res, result, run, models))
	if len(res.Problems) > before {
		return nil
	}
	return e
}

// interactiveCaseID is the case of the run: case_metadata.json's case_id, else the ids
// run_one records without a gateway (result.json, config.json); files that disagree, or
// no id at all, are a problem (ok false).
func interactiveCaseID(res *Result, run string, meta, result, config *jsonv.Object) (caseID string, ok bool) {
	for _, src := range []struct {
		o    *jsonv.Object
		file string
	}{{meta, "case_metadata.json"}, {result, "result.json"}, {config, "config.json"}} {
		if src.o == nil {
			continue
		}
		v, _ := src.o.Get("case_id")
		if v == nil {
			continue
		}
		id, ok := v.(string)
		if !ok {
			res.problem(filepath.Join(run, src.file), "case_id", "must be a case id (a string), got %s", ingest.TypeName(v))
			return "", false
		}
		if err := checkName("case id", id); err != nil {
			res.problem(filepath.Join(run, src.file), "case_id", "%v", err)
			return "", false
		}
		if caseID != "" && id != caseID {
			res.problem(filepath.Join(run, src.file), "case_id", "%q, but another file of the run says %q", id, caseID)
			return "", false
		}
		caseID = id
	}
	if caseID == "" {
		res.problem(filepath.Join(run, "result.json"), "case_id", "the case of the run is unknown (no case_id in case_metadata.json, result.json or config.json)")
		return "", false
	}
	return caseID, true
}

// setInteractiveStatus sets the episode's status, failure class and the failure fields of
// result.json kept under extra.
func setInteractiveStatus(e *ingest.Episode, res *Result, rpath string, result *jsonv.Object, status string, opt Options) {
	code, _ := result.String("failure_code")
	censoredV, _ := result.Get("censored")
	censored := censoredV == true
	driverErr, _ := result.String("driver_protocol_error")
	if opt.runner() {
		e.Status = interactiveRunnerStatus(status, censored)
	} else {
		e.Status = InteractiveStatus(status, code, censored)
	}
	if status == "runtime_failed" {
		if _, known := interactiveCause(code); !known {
			res.warn("%s: failure_code %q is not in the interactive failure table: counted as harness_failure", rpath, code)
		}
	}
	switch {
	case code != "":
		e.FailureClass = code
	case driverErr != "":
		e.FailureClass = driverErr
	case !interactiveNormal[status]:
		e.FailureClass = status
	}
	extra := &jsonv.Object{}
	for _, k := range []string{"failure_code", "failure_type", "driver_protocol_error"} {
		if v, ok := result.Get(k); ok && v != nil {
			extra.Set(k, v)
		}
	}
	if extra.Len() > 0 {
		e.Extra = extra
	}
}

// setInteractiveRecord sets the record (the executed events) and the driver's verdict;
// false when result.json's execution is malformed or the run lacks case_metadata.json.
func setInteractiveRecord(e *ingest.Episode, res *Result, run string, result, meta *jsonv.Object, proto ingest.Protocol, status, model string) bool {
	rpath := filepath.Join(run, "result.json")
	driverErr, _ := result.String("driver_protocol_error")
	success := mustGet(result, "success")
	if err := ingest.CheckVerdict(success); err != nil {
		// Copied as it is, it read as no verdict: the episode left the agreement unsaid.
		res.problem(rpath, "success", "%v", err)
		return false
	}
	e.Official = jsonv.NewObject("successful", success, "raw_status", status)
	if driverErr != "" {
		e.Official.Set("driver_protocol_error", driverErr)
	}
	v, ok := result.Get("execution")
	if !ok || v == nil {
		return true
	}
	exec, isObj := v.(*jsonv.Object)
	if !isObj {
		res.problem(rpath, "execution", "must be an object, got %s", ingest.TypeName(v))
		return false
	}
	events, ok := exec.Get("execution_events")
	if _, isList := events.([]any); ok && events != nil && !isList {
		res.problem(rpath, "execution.execution_events", "must be an array, got %s", ingest.TypeName(events))
		return false
	}
	if ok && events != nil {
		if meta == nil {
			// run_one writes case_metadata.json as soon as the gateway starts, so a run with
			// events has one; without it the record has no env_id, and the oracle would fail
			// a run the driver may have passed.
			res.problem(filepath.Join(run, "case_metadata.json"), "", "missing, yet the run has events: the run directory is incomplete (restore the file from the run's output, or leave the run out)")
			return false
		}
		env, _ := meta.String("env_id")
		rec := jsonv.NewObject("schema_version", int64(1), "env_id", env, "episode_id", e.CaseID,
			"runner", "run_english_interactive_rollout", "events", events)
		md := &jsonv.Object{}
		if model != "" {
			md.Set("model", model)
		}
		if driverErr != "" {
			// The driver rejected the whole reply and failed the run; the oracle sees
			// only the executed events, so it must be told.
			md.Set("driver_protocol_error", driverErr)
		}
		if md.Len() > 0 {
			rec.Set("metadata", md)
		}
		e.Record = ingest.NewRecord(rec)
	}
	if sum, ok := exec.Obj("summary"); ok {
		if out, ok := sum.String("outcome"); ok {
			e.Official.Set("observed_outcome", CanonicalOutcome(proto, out))
			if c := CanonicalOutcome(proto, out); c != out {
				e.Official.Set("raw_observed_outcome", out)
			}
		}
	}
	return true
}

// interactiveUsage sums result.json's usage list (else usage.json): one entry per
// accepted reply, {request, response_id, model, usage{prompt_tokens, completion_tokens,
// total_tokens, cost, …}}. Wall time is finished_at_unix − started_at_unix; cost_usd is
// the driver's own sum when it wrote one.
func interactiveUsage(rr *rootedReader, res *Result, result *jsonv.Object, run string, models *modelCheck) *jsonv.Object {
	u := &jsonv.Object{}
	start, _ := result.Get("started_at_unix")
	end, _ := result.Get("finished_at_unix")
	if a, ok := ingest.JSONNumber(start); ok {
		if b, ok := ingest.JSONNumber(end); ok {
			// Two finite times can be infinitely far apart (-1e308 and 1e308): such a wall
			// time was written as Infinity, which no reader of the episodes takes.
			switch w := b - a; {
			case math.IsInf(w, 0) || math.IsNaN(w):
				res.warn("%s: started_at_unix %v, finished_at_unix %v: their difference is no finite number; the run's wall time is unknown", filepath.Join(run, "result.json"), a, b)
			case w < 0:
				res.warn("%s: finished_at_unix %v is before started_at_unix %v; the run's wall time is unknown", filepath.Join(run, "result.json"), b, a)
			default:
				u.Set("wall_seconds", w)
			}
		}
	}
	rpath := filepath.Join(run, "result.json")
	list, has := []any(nil), false
	if v, ok := result.Get("usage"); ok && v != nil {
		l, isList := v.([]any)
		if !isList {
			res.problem(rpath, "usage", "must be the driver's per-request list, got %s", ingest.TypeName(v))
			return nil
		}
		list, has = l, true
	} else if l, absent, p := rr.list(filepath.Join(run, "usage.json")); p != nil {
		res.Problems = append(res.Problems, *p)
		return nil
	} else if !absent {
		list, has, rpath = l, true, filepath.Join(run, "usage.json")
	}
	var cost float64
	costs := false
	for i, x := range list {
		item, ok := x.(*jsonv.Object)
		if !ok {
			res.problem(rpath, fmt.Sprintf("usage[%d]", i), "must be an object, got %s", ingest.TypeName(x))
			return nil
		}
		if m, ok := item.String("model"); ok {
			models.note("returned model", m, run)
		}
		uo, ok := item.Obj("usage")
		if !ok {
			continue
		}
		field := func(path string) string { return fmt.Sprintf("usage[%d].usage.%s", i, path) }
		bad := false
		add := func(o *jsonv.Object, k, path, dst string) {
			if v, ok := o.Get(k); ok {
				msg := usageDefect(v)
				if msg == "" {
					msg = addUsage(u, dst, v)
				}
				if msg != "" {
					res.problem(rpath, field(path), "%s", msg)
					bad = true
				}
			}
		}
		for _, k := range [][2]string{{"prompt_tokens", "input_tokens"}, {"completion_tokens", "output_tokens"}, {"total_tokens", "total_tokens"}} {
			add(uo, k[0], k[0], k[1])
		}
		if d, ok := uo.Obj("completion_tokens_details"); ok {
			add(d, "reasoning_tokens", "completion_tokens_details.reasoning_tokens", "reasoning_tokens")
		}
		if d, ok := uo.Obj("prompt_tokens_details"); ok {
			add(d, "cached_tokens", "prompt_tokens_details.cached_tokens", "cached_tokens")
		}
		if msg := usageDefect(mustGet(uo, "cost")); msg != "" {
			res.problem(rpath, field("cost"), "%s", msg)
			bad = true
		}
		if bad {
			return nil
		}
		if c, ok := ingest.JSONNumber(mustGet(uo, "cost")); ok {
			if math.IsInf(cost+c, 0) {
				res.problem(rpath, field("cost"), "the requests' sum is no finite number (%v + %v)", cost, c)
				return nil
			}
			cost += c
			costs = true
		}
	}
	if has {
		u.Set("requests", int64(len(list)))
	}
	if v, ok := result.Get("cost_usd"); ok && v != nil {
		if msg := usageDefect(v); msg != "" {
			res.problem(filepath.Join(run, "result.json"), "cost_usd", "%s", msg)
			return nil
		}
		usageNumber(u, "cost_usd", v)
	} else if costs {
		u.Set("cost_usd", cost)
	}
	if u.Len() == 0 {
		return nil
	}
	return u
}

// journalSteps counts the steps of an unfinished run's journal (0 when there is none), or
// says why it cannot be read.
func journalSteps(rr *rootedReader, path string) (int, error) {
	if !rr.exists(path) {
		return 0, nil
	}
	data, err := ingest.ReadLimited(path, ingest.MaxBenchFileBytes)
	if err != nil {
		return 0, err
	}
	// A step is a line; the last one may lack its newline (the run was killed writing it).
	n := 0
	for l := range bytes.Lines(data) {
		if len(bytes.TrimSpace(l)) > 0 {
			n++
		}
	}
	return n, nil
}

// interactiveRunID identifies a run by what its directory records, not by the directory's
// name (two output folders, two repeats or two conditions, hold runs named alike):
// config|case|start|digest, the start time the driver wrote (started_at_unix, UTC) and the
// first 8 bytes of result.json's SHA-256. It is the same on every ingest of the run,
// differs between runs, and is the same for a byte-identical copy, which the readers then
// report as a duplicate. A run whose gateway never started records no start time: its
// digest alone tells runs apart.
func interactiveRunID(config, caseID, rpath string, result *jsonv.Object) (string, *ingest.Problem) {
	data, err := ingest.ReadLimited(rpath, ingest.MaxBenchFileBytes)
	if err != nil {
		return "", &ingest.Problem{File: rpath, Msg: err.Error()}
	}
	sum := sha256.Sum256(data)
	start := "no-start"
	if v, ok := result.Get("started_at_unix"); ok {
		if t, ok := ingest.JSONNumber(v); ok && t > 0 && t < 1e11 {
			sec, frac := math.Modf(t)
			start = time.Unix(int64(sec), int64(math.Round(frac*1e3))*1e6).UTC().Format("2006-01-02T15:04:05.000Z")
		}
	}
	return config + "|" + caseID + "|" + start + "|" + hex.EncodeToString(sum[:8]), nil
}
