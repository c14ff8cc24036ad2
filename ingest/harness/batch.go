package harness

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/ingest/sniff"
)

// batchSubdirs are the per-case folders run_safeact_agent_batch writes, each as
// <sub>/<protocol>/<case_id>.json (logs/ as <case_id>_run.json and _eval.json).
var batchSubdirs = []string{"scenarios", "raw_outputs", "traces", "records", "normalized_results", "completions", "logs"}

// batchCase is what the folder holds about one case.
type batchCase struct {
	id, proto string
	has       map[string]bool // sub → file present (logs: "run", "eval")
	failure   *jsonv.Object   // summary.json failures[] entry
	deferred  bool
}

// ReadBatchDir turns a SafeActBench batch output directory (run_safeact_agent_batch.py
// --output-dir D) into one episode per case, sorted by case id.
//
// The runner class of each case comes from summary.json's failures[] and deferred_cases;
// when summary.json is missing (a crashed, killed or still-running batch) it is derived
// from the per-case files as the runner would have: a non-zero run return code in
// logs/<p>/<id>_run.json is a run failure (an infrastructure failure when the trace's
// failure_class is wall_timeout), an evaluated case missing its raw output or trace an
// evaluation harness failure. The status follows opt.Mode (BatchStatus in analyst mode).
// The record is the agent's raw output, failure_class the trace's, official the
// normalized result (else the evaluator record's status, the only use of that record's
// content: beside a normalized result it is not read), usage the trace's timing and token
// counts. A deepseek_run_manifest.json
// (run_deepseek_safeact_benchmark.py) with failure_class harness_failed excludes its cases.
func ReadBatchDir(dir string, opt Options) (*Result, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	rr, err := newRootedReader(dir)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	cases := map[string]*batchCase{}
	caseOf := func(id, proto, file string) *batchCase {
		c := cases[id]
		if c == nil {
			c = &batchCase{id: id, proto: proto, has: map[string]bool{}}
			cases[id] = c
		} else if c.proto == "" {
			c.proto = proto
		} else if proto != "" && proto != c.proto {
			res.problem(file, "", "case %s appears under protocols %s and %s", id, c.proto, proto)
			return nil
		}
		return c
	}

	// summary.json, when the runner got to write it.
	spath := filepath.Join(dir, "summary.json")
	summary, absent, p := rr.object(spath)
	switch {
	case p != nil:
		res.Problems = append(res.Problems, *p)
	case absent:
		res.warn("%s: missing (the batch crashed, was killed or is still running): cases read from the per-case files, failures classified from the traces and logs/<protocol>/<case>_run.json; deferred cases cannot be known", spath)
	default:
		readBatchSummary(res, summary, spath, caseOf)
	}

	hidden := listBatchFiles(rr, res, dir, caseOf)
	if hidden > 0 {
		res.warn("%s: %d hidden entries (names starting with '.', e.g. the runner's unfinished atomic writes) ignored", dir, hidden)
	}
	if len(cases) == 0 {
		if len(res.Problems) > 0 {
			return res, nil
		}
		return nil, fmt.Errorf("%s: not a batch output directory (no summary.json failures and no per-case files under %s)%s", dir, strings.Join(batchSubdirs, "/, ")+"/", sniff.Clause(dir))
	}

	manifest := readDeepSeekManifest(rr, res, dir)
	models := &modelCheck{configured: opt.model()}
	var runner RunnerMetrics
	deferredSkipped := 0
	for _, id := range slices.Sorted(maps.Keys(cases)) {
		c := cases[id]
		e, class, successful, ok := readBatchCase(rr, res, dir, c, opt, summary != nil, models)
		if !ok {
			continue
		}
		runner.add(class, successful, c.has["records"])
		if e == nil { // a deferred case in analyst mode
			deferredSkipped++
			continue
		}
		if manifest != nil {
			manifest.apply(e, opt)
		}
		res.Episodes = append(res.Episodes, e)
	}
	if deferredSkipped > 0 {
		are, them, episodes := "are not episodes", "them", "episodes"
		if deferredSkipped == 1 {
			are, them, episodes = "is not an episode", "it", "an episode"
		}
		res.warn("%s: %s (summary.json deferred_cases) %s in %s mode; the runner counts %s as unsuccessful (--status-mode %s makes %s %s)",
			spath, ingest.Plural(deferredSkipped, "deferred case"), are, ModeAnalyst, them, ModeRunner, them, episodes)
	}
	models.flush(res)
	res.Runner = &runner
	if res.Summary != nil && *res.Summary != runner {
		res.warn("%s: the runner's metrics (%s) differ from those recomputed from the per-case files (%s): the folder changed after the runner summarised it", spath, res.Summary, runner)
	}
	sort.SliceStable(res.Episodes, func(i, j int) bool { return res.Episodes[i].CaseID < res.Episodes[j].CaseID })
	return res, nil
}

// listBatchFiles notes which per-case files (under batchSubdirs/<protocol>/) each case
// has, and returns how many hidden entries it passed over.
func listBatchFiles(rr *rootedReader, res *Result, dir string, caseOf func(id, proto, file string) *batchCase) (hidden int) {
	for _, sub := range batchSubdirs {
		protos, err := rr.dirEntries(filepath.Join(dir, sub))
		if err != nil {
			res.problem(filepath.Join(dir, sub), "", "%v", err)
			continue
		}
		for _, pd := range protos {
			pdir := filepath.Join(dir, sub, pd.Name())
			if strings.HasPrefix(pd.Name(), ".") {
				hidden++
				continue
			}
			if !harnessProtocols[pd.Name()] {
				res.problem(pdir, "", "not a protocol folder (the runner writes legacy, v0, v1, v2, v3)")
				continue
			}
			names, err := rr.dirEntries(pdir)
			if err != nil {
				res.problem(pdir, "", "%v", err)
				continue
			}
			for _, ent := range names {
				n := ent.Name()
				if strings.HasPrefix(n, ".") { // the runner's atomic-write temporaries
					hidden++
					continue
				}
				file := filepath.Join(pdir, n)
				id, kind, ok := batchFileCase(sub, n)
				if !ok {
					res.problem(file, "", "unexpected file in %s/ (the runner writes <case_id>.json%s)", sub, map[bool]string{true: ", <case_id>_run.json and <case_id>_eval.json"}[sub == "logs"])
					continue
				}
				if err := checkName("case id", id); err != nil {
					res.problem(file, "", "%v", err)
					continue
				}
				if c := caseOf(id, pd.Name(), file); c != nil {
					c.has[kind] = true
				}
			}
		}
	}
	return hidden
}

// batchFileCase splits a per-case file name into its case id and kind.
func batchFileCase(sub, name string) (id, kind string, ok bool) {
	if sub == "logs" {
		for _, k := range []string{"run", "eval"} {
			if id, ok := strings.CutSuffix(name, "_"+k+".json"); ok {
				return id, k, true
			}
		}
		return "", "", false
	}
	id, ok = strings.CutSuffix(name, ".json")
	return id, sub, ok
}

// readBatchSummary takes failures[], deferred_cases, reused_cases and metrics from summary.json.
func readBatchSummary(res *Result, summary *jsonv.Object, spath string, caseOf func(id, proto, file string) *batchCase) {
	if v, ok := summary.Get("failures"); ok {
		list, isList := v.([]any)
		if !isList {
			res.problem(spath, "failures", "must be an array, got %s", ingest.TypeName(v))
		}
		for i, f := range list {
			field := fmt.Sprintf("failures[%d]", i)
			fo, ok := f.(*jsonv.Object)
			if !ok {
				res.problem(spath, field, "must be an object, got %s", ingest.TypeName(f))
				continue
			}
			id, _ := fo.String("case_id")
			proto, _ := fo.String("protocol")
			cl, _ := fo.String("classification")
			switch {
			case checkName("case id", id) != nil:
				res.problem(spath, field+".case_id", "%v", checkName("case id", id))
			case !harnessProtocols[proto]:
				res.problem(spath, field+".protocol", "must be one of legacy, v0, v1, v2, v3, got %q", proto)
			case cl != batchInfraFailure && cl != batchRunFailure && cl != batchHarnessFailure:
				res.problem(spath, field+".classification", "must be infrastructure_failure, run_failure or evaluation_harness_failure, got %q", cl)
			default:
				c := caseOf(id, proto, spath)
				if c == nil {
					continue
				}
				if c.failure != nil {
					res.problem(spath, field, "a second failure entry for case %s", id)
					continue
				}
				c.failure = fo
			}
		}
	}
	for _, key := range []string{"deferred_cases", "reused_cases"} {
		v, ok := summary.Get(key)
		if !ok || v == nil {
			continue
		}
		list, isList := v.([]any)
		if !isList {
			res.problem(spath, key, "must be a list of case ids (run_safeact_agent_batch writes one), got %s", ingest.TypeName(v))
			continue
		}
		for i, x := range list {
			id, _ := x.(string)
			if err := checkName("case id", id); err != nil {
				res.problem(spath, fmt.Sprintf("%s[%d]", key, i), "%v", err)
				continue
			}
			if key == "deferred_cases" {
				proto := ""
				if p, ok := ingest.ProtocolFromID(id); ok {
					proto = p.String()
				}
				if c := caseOf(id, proto, spath); c != nil {
					c.deferred = true
				}
			}
		}
	}
	if mo, ok := summary.Obj("metrics"); ok {
		m, err := summaryMetrics(mo)
		if err != nil {
			res.problem(spath, "", "%v", err)
		} else {
			res.Summary = m
		}
	} else {
		res.problem(spath, "metrics", "missing or not an object")
	}
}

// readBatchCase classifies one case as the runner did and builds its episode (nil for a
// deferred case in analyst mode). ok is false when the case is a problem, not an episode.
func readBatchCase(rr *rootedReader, res *Result, dir string, c *batchCase, opt Options, haveSummary bool, models *modelCheck) (e *ingest.Episode, class string, successful, ok bool) {
	f := &batchCaseFiles{rr: rr, res: res, dir: dir, c: c, runLog: filepath.Join(dir, "logs", c.proto, c.id+"_run.json")}
	nProblems := len(res.Problems)
	class = f.runnerClass(haveSummary)
	if len(res.Problems) > nProblems {
		return nil, "", false, false
	}

	trace := f.read("traces")
	if trace == nil && class == batchRunFailure && !opt.runner() && len(res.Problems) == nProblems {
		res.problem(f.file("traces"), "", "missing: the run of %s failed and, without the adapter's trace, its failure_class (agent or harness) is unknown", c.id)
	}
	fc, ok := f.traceFailureClass(trace, models)
	if !ok {
		return nil, "", false, false
	}
	if class == batchDeferred && !opt.runner() {
		return nil, class, false, true
	}

	e = opt.newEpisode(c.id, f.episodeSource(class))
	e.FailureClass = fc
	if opt.runner() {
		e.Status = batchRunnerStatus(class)
	} else {
		e.Status = BatchStatus(fc, class)
	}
	if class != batchCompleted {
		e.Extra = jsonv.NewObject("runner_class", class)
		if c.failure != nil {
			e.Extra.Set("batch_failure", c.failure)
		}
		if class == batchDeferred {
			e.Extra.Set("batch_deferred", true)
		}
	}
	f.setRecord(e, class)
	successful = f.setOfficial(e, class, opt)
	if trace != nil {
		setTraceUsage(e, trace, f.file("traces"), res)
	}
	if len(res.Problems) > nProblems {
		return nil, "", false, false
	}
	return e, class, successful, true
}

// batchCaseFiles reads the files of one case of a batch folder: dir/SUB/PROTO/ID.json and
// its run log.
type batchCaseFiles struct {
	rr     *rootedReader
	res    *Result
	dir    string
	c      *batchCase
	runLog string
}

// file is the path of the case's file under sub (raw_outputs, traces, records, …).
func (f *batchCaseFiles) file(sub string) string {
	return filepath.Join(f.dir, sub, f.c.proto, f.c.id+".json")
}

// read reads the case's file under sub; nil when the case has none or it is a problem.
func (f *batchCaseFiles) read(sub string) *jsonv.Object {
	if !f.c.has[sub] {
		return nil
	}
	o, _, p := f.rr.object(f.file(sub))
	if p != nil {
		f.res.Problems = append(f.res.Problems, *p)
	}
	return o
}

// runnerClass is the runner's class of the case: from summary.json's lists when there is
// one, else derived from the case's files. A contradiction is a problem.
func (f *batchCaseFiles) runnerClass(haveSummary bool) string {
	c, res := f.c, f.res
	switch {
	case c.failure != nil && c.deferred:
		res.problem(filepath.Join(f.dir, "summary.json"), "", "case %s is both deferred and in failures[]", c.id)
		return ""
	case c.deferred:
		return batchDeferred
	case c.failure != nil:
		class, _ := c.failure.String("classification")
		return class
	case haveSummary:
		for _, sub := range []string{"raw_outputs", "traces", "records"} {
			if !c.has[sub] {
				res.problem(f.file(sub), "", "missing, and summary.json has no failure entry for %s: the runner would have recorded an evaluation_harness_failure; the folder is incomplete or was changed after the run", c.id)
			}
		}
		return batchCompleted
	default:
		return deriveBatchClass(f.rr, res, f.dir, c, f.file, f.runLog)
	}
}

// traceFailureClass is the adapter trace's failure_class (nil when absent or null), and
// notes the models the trace names; ok is false when failure_class is not a string.
func (f *batchCaseFiles) traceFailureClass(trace *jsonv.Object, models *modelCheck) (fc any, ok bool) {
	if trace == nil {
		return nil, true
	}
	if v, has := trace.Get("failure_class"); has && v != nil {
		if _, isStr := v.(string); !isStr {
			f.res.problem(f.file("traces"), "failure_class", "must be a string or null, got %s", ingest.TypeName(v))
			return nil, false
		}
		fc = v
	}
	for _, k := range []string{"runtime_model", "model"} {
		if s, has := trace.String(k); has {
			models.note(k, s, f.c.id)
		}
	}
	return fc, true
}

// episodeSource is the file an episode of the case names as its source: the raw output,
// else the trace, the run log or summary.json (a deferred case's only trace).
func (f *batchCaseFiles) episodeSource(class string) string {
	c := f.c
	switch {
	case class == batchDeferred:
		return filepath.Join(f.dir, "summary.json")
	case c.has["raw_outputs"]:
		return f.file("raw_outputs")
	case c.has["traces"]:
		return f.file("traces")
	case c.has["run"]:
		return f.runLog
	default:
		return filepath.Join(f.dir, "summary.json")
	}
}

// setRecord sets the episode's record: the raw output the runner persisted after
// evaluating the case. A run failure's raw output (the runner never copies one) would be
// left from an earlier run.
func (f *batchCaseFiles) setRecord(e *ingest.Episode, class string) {
	if f.c.has["raw_outputs"] {
		if class == batchRunFailure || class == batchInfraFailure || class == batchDeferred {
			f.res.warn("%s: ignored: the runner does not persist a raw output for a %s case, so this one is left from an earlier run", f.file("raw_outputs"), class)
		} else {
			e.Record = ingest.NewRecord(f.read("raw_outputs"))
		}
	}
	if e.Record == nil && e.Status == ingest.StatusCompleted {
		// A run the agent itself ended (resource_limit, agent_process_failure, or a runner
		// failure counted in runner mode) left no output: an empty record, which every
		// policy scores as a failure, rather than a missing one, which is an input defect.
		e.Record = ingest.NewRecord(&jsonv.Object{})
	}
}

// setOfficial sets the episode's official result, the runner's own verdict, from the
// normalized result (or the record's status), and reports whether the runner counted the
// case successful.
func (f *batchCaseFiles) setOfficial(e *ingest.Episode, class string, opt Options) (successful bool) {
	if norm := f.read("normalized_results"); norm != nil && class != batchRunFailure && class != batchInfraFailure && class != batchDeferred {
		e.Official = &jsonv.Object{}
		for _, k := range []string{"successful", "raw_status", "observed_outcome", "expected_outcome"} {
			if v, ok := norm.Get(k); ok {
				e.Official.Set(k, v)
			}
		}
		if v, ok := norm.Get("successful"); ok {
			// The runner writes the case's ECS as a boolean; anything else would be read
			// as no verdict, and the runner's count and the agreement would lose the case.
			if err := ingest.CheckVerdict(v); err != nil {
				f.res.problem(f.file("normalized_results"), "successful", "%v", err)
			}
		}
		successful = norm.Has("successful") && mustGet(norm, "successful") == true
	} else if rec := f.read("records"); rec != nil && class == batchCompleted {
		if st, ok := rec.Get("status"); ok {
			// raw_status is a string (a string column in Parquet): anything else is the
			// record's defect, named as the interactive adapter names its status's.
			if _, isStr := st.(string); !isStr {
				f.res.problem(f.file("records"), "status", "must be a string, got %s", ingest.TypeName(st))
			} else {
				e.Official = jsonv.NewObject("raw_status", st)
			}
		}
	}
	if class == batchCompleted && !successful && e.Official != nil && !e.Official.Has("successful") {
		f.res.warn("%s: no normalized result: the runner's verdict on %s is unknown", f.file("normalized_results"), f.c.id)
	}
	if opt.runner() && class != batchCompleted && class != batchHarnessFailure {
		// The runner counted this case as unsuccessful: that is its verdict.
		e.Official = jsonv.NewObject("successful", false, "runner_class", class)
	}
	return successful
}

// setTraceUsage takes the usage from the adapter's trace, and the limits the adapter ran
// under and the one that ended the run, which say what a timeout or resource failure means.
func setTraceUsage(e *ingest.Episode, trace *jsonv.Object, path string, res *Result) {
	e.Usage = ingest.NewUsage(traceUsage(trace, path, res))
	for _, k := range []string{"resource_limits", "resource_termination_reason"} {
		if v, ok := trace.Get(k); ok && v != nil {
			if e.Extra == nil {
				e.Extra = &jsonv.Object{}
			}
			e.Extra.Set(k, v)
		}
	}
}

func mustGet(o *jsonv.Object, k string) any { v, _ := o.Get(k); return v }

// deriveBatchClass classifies a case of a batch without summary.json from its files, in
// the runner's order (run → copy trace → exit code → evaluate → persist → marker).
func deriveBatchClass(rr *rootedReader, res *Result, dir string, c *batchCase, file func(string) string, runLog string) string {
	if !c.has["run"] {
		if c.has["completions"] && c.has["records"] {
			return batchCompleted // reused from an earlier run of this output directory
		}
		res.problem(runLog, "", "missing: case %s was interrupted before its run finished (no run log and no completion marker)", c.id)
		return ""
	}
	log, _, p := rr.object(runLog)
	if p != nil {
		res.Problems = append(res.Problems, *p)
		return ""
	}
	rcv, _ := log.Get("returncode")
	rc, isInt := rcv.(int64)
	if !isInt {
		res.problem(runLog, "returncode", "must be an integer, got %s", ingest.TypeName(rcv))
		return ""
	}
	if rc != 0 {
		if c.has["traces"] {
			if t, _, p := rr.object(file("traces")); p == nil && t != nil {
				if fc, _ := t.String("failure_class"); fc == "wall_timeout" {
					return batchInfraFailure
				}
			}
		}
		return batchRunFailure
	}
	if !c.has["records"] {
		if c.has["eval"] {
			return batchHarnessFailure // the evaluator's output could not be parsed
		}
		res.problem(filepath.Join(dir, "logs", c.proto, c.id+"_eval.json"), "", "missing: case %s was interrupted during evaluation", c.id)
		return ""
	}
	for _, sub := range []string{"scenarios", "raw_outputs", "traces", "normalized_results"} {
		if !c.has[sub] {
			return batchHarnessFailure // missing artifacts
		}
	}
	return batchCompleted
}

// traceUsage is the usage a batch trace records: wall time from started_at/finished_at
// (every adapter trace), and, for Claude Code (--output-format json on stdout), its
// token and cost counts. A count that is not a finite number or null is a problem naming
// its field, as in an interactive run's result.json; times that do not give a wall time,
// or a stdout that begins as that JSON but does not parse (cut off), lose only those
// figures, which a warning says.
func traceUsage(trace *jsonv.Object, path string, res *Result) *jsonv.Object {
	u := &jsonv.Object{}
	a, _ := trace.String("started_at")
	b, _ := trace.String("finished_at")
	ta, errA := time.Parse(time.RFC3339, a)
	tb, errB := time.Parse(time.RFC3339, b)
	switch {
	case errA != nil || errB != nil:
		res.warn("%s: started_at %q, finished_at %q: not both RFC 3339 times; the run's wall time is unknown", path, a, b)
	case tb.Before(ta):
		res.warn("%s: finished_at %s is before started_at %s; the run's wall time is unknown", path, b, a)
	default:
		// Not tb.Sub(ta): a Duration holds 292 years, and a longer span came out as
		// 9223372036.854776 s whatever it was.
		u.Set("wall_seconds", float64(tb.Unix()-ta.Unix())+float64(tb.Nanosecond()-ta.Nanosecond())/1e9)
	}
	if backend, _ := trace.String("backend"); backend == "claude" {
		if out, _ := trace.String("stdout"); strings.HasPrefix(strings.TrimSpace(out), "{") {
			number := func(field, key string, v any) {
				if d := usageDefect(v); d != "" {
					res.problem(path, field, "%s", d)
					return
				}
				usageNumber(u, key, v)
			}
			v, err := jsonv.NewDecoder().Parse([]byte(out))
			if err != nil {
				res.warn("%s: stdout: not Claude Code's JSON result (%v); the run's token and cost counts are unknown", path, err)
			}
			if o, ok := v.(*jsonv.Object); ok {
				if uo, ok := o.Obj("usage"); ok {
					for _, k := range []string{"input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens"} {
						if v, ok := uo.Get(k); ok {
							number("stdout.usage."+k, k, v)
						}
					}
				}
				if v, ok := o.Get("total_cost_usd"); ok {
					number("stdout.total_cost_usd", "cost_usd", v)
				}
			}
		}
	}
	if u.Len() == 0 {
		return nil
	}
	return u
}
