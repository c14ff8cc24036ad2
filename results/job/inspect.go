package job

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/inspect"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/fsx"
	"github.com/sabench/sabench-stats/results/samples"
)

// Inspect jobs: read Inspect AI logs (package ingest/inspect) into rows, one per (log,
// sample, epoch, scorer), and build the samples output, the paired comparison and the
// leaderboard from them.

// InspectLogs is what a set of logs gave: each log in the order read (final state:
// sample count, reductions) and the rows of all of them in that order.
type InspectLogs struct {
	Logs    []*inspect.Log
	Rows    []inspect.Row
	Skipped []inspect.Skipped // what the folder searches passed over
}

// ReadInspect reads the logs paths name (files, folders, glob patterns), o.Workers at a
// time, in sorted path order whatever the worker count. A path that names no log is an
// error naming --inspect, the flag that gives the logs on the command line.
func (o *Options) ReadInspect(paths []string) (*InspectLogs, error) {
	return o.readInspect("--inspect", paths)
}

// readInspect is ReadInspect of the logs flag gave.
func (o *Options) readInspect(flag string, paths []string) (*InspectLogs, error) {
	files, skipped, err := inspect.ExpandSkipped(paths)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", flag, err)
	}
	out := &InspectLogs{Skipped: skipped}
	var scorers []string
	first := map[string]*inspect.Log{}
	start := 0 // the log's first row
	err = inspect.Scan(context.Background(), files, inspect.Options{Workers: o.Workers}, inspect.Handler{
		Log: func(l *inspect.Log) error {
			if err := sameLog(first, l); err != nil {
				return err
			}
			scorers, start = l.Scorers(), len(out.Rows)
			return nil
		},
		Sample: func(l *inspect.Log, s *inspect.Sample) error {
			out.Rows = append(out.Rows, inspect.Rows(l, scorers, s)...)
			return nil
		},
		Done: func(l *inspect.Log) error {
			out.Rows = append(out.Rows[:start], inspect.FillScorers(out.Rows[start:])...)
			// A log's rows in (sample id, epoch) order, the order an .eval log's samples
			// come in: a .json log's come in the file's (Inspect writes them by epoch,
			// then id), so the same log in the two forms gave its rows in two orders.
			// The rows are held anyway; a sample's rows keep their scorers' order.
			slices.SortStableFunc(out.Rows[start:], func(a, b inspect.Row) int {
				return cmp.Or(a.SampleID.Compare(b.SampleID), cmp.Compare(a.Epoch, b.Epoch))
			})
			out.Logs = append(out.Logs, l)
			return nil
		},
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// sameLog refuses a log read before under another name: the same bytes (a copy), or the
// same eval id (Inspect gives each evaluation its own; a log converted to the other format
// keeps it; without one, the same run, task id and model). Pooled, its samples would
// count twice. It refuses too a log of the same task id and model as one read before:
// Inspect's eval-retry runs a task again as a new evaluation under the task's id and
// copies into the new log the samples the earlier attempt completed. first maps what
// identifies a log to the log read first with it.
func sameLog(first map[string]*inspect.Log, l *inspect.Log) error {
	type id struct{ key, what string }
	var ids []id
	if l.SHA256 != "" {
		ids = append(ids, id{"sha256 " + l.SHA256, "the same bytes, SHA-256 " + l.SHA256})
	}
	e := l.Eval
	if e.EvalID != "" {
		ids = append(ids, id{"eval_id " + e.EvalID, "the same evaluation, eval id " + e.EvalID})
	} else if e.RunID != "" && e.TaskID != "" {
		// Logs of older Inspect versions have no eval id: a run's task for one model is one
		// log (a retry is another run).
		ids = append(ids, id{"run " + e.RunID + " " + e.TaskID + " " + e.Task + " " + e.Model, "the same evaluation, run id " + e.RunID + ", task id " + e.TaskID + ", model " + e.Model})
	}
	for _, i := range ids {
		if f, ok := first[i.key]; ok {
			return &inspect.Error{File: l.File, Err: fmt.Errorf("the same log as %s (%s): read twice, its samples would count twice", f.File, i.what)}
		}
	}
	if e.TaskID != "" {
		task := "task " + e.TaskID + " " + e.Task + " " + e.Model
		if f, ok := first[task]; ok {
			return &inspect.Error{File: l.File, Err: fmt.Errorf("the same task as %s (task id %s, model %s), run again: %s and %s are two attempts of it, "+
				"and Inspect's eval-retry copies into the new log the samples the earlier attempt completed, "+
				"so read together they would count twice: give the latest attempt's log alone", f.File, e.TaskID, e.Model, attempt(f), attempt(l))}
		}
		ids = append(ids, id{key: task})
	}
	for _, i := range ids {
		first[i.key] = l
	}
	return nil
}

// attempt names a log with its status and when it was created, for a retry's message.
func attempt(l *inspect.Log) string {
	return fmt.Sprintf("%s (status %s, created %s)", l.File, cmp.Or(l.Status, "not stated"), cmp.Or(l.Eval.Created, "not stated"))
}

// Provenance lists the logs for a table's provenance.
func (in *InspectLogs) Provenance() []results.InspectLog {
	out := make([]results.InspectLog, len(in.Logs))
	for i, l := range in.Logs {
		out[i] = results.InspectLogOf(l)
	}
	return out
}

// MetadataKey parses a --by or --cluster-by value "metadata.KEY" into KEY ("" stays "").
func MetadataKey(flag, v string) (string, error) {
	if v == "" {
		return "", nil
	}
	key, ok := strings.CutPrefix(v, "metadata.")
	if !ok || key == "" {
		return "", optionError(fmt.Errorf("--%s %q: want metadata.KEY, a key of the samples' metadata", flag, v))
	}
	return key, nil
}

// SampleOutput: the samples output's formats (samples.Formats).
var SampleOutput = &OutputKind{What: "sample row", Names: samples.Formats,
	parse: func(s string) (string, bool) {
		s = strings.ToLower(strings.TrimSpace(s))
		return s, slices.Contains(samples.Formats, s)
	}}

// SamplesRequest is a samples job: the logs, the format (csv, jsonl, parquet) and the
// output file ("" or "-" for w).
type SamplesRequest struct {
	Paths       []string
	Format, Out string
}

// InspectSamples writes the rows of the logs and returns a one-line account of them that
// reconciles: rows = Σ over logs of samples × scorers.
func (o *Options) InspectSamples(w io.Writer, req SamplesRequest) (summary string, err error) {
	in, err := o.ReadInspect(req.Paths)
	if err != nil {
		return "", err
	}
	write := func(w io.Writer) error { return samples.Write(w, req.Format, in.Rows) }
	if req.Out == "" || req.Out == "-" {
		err = write(w)
	} else {
		err = fsx.WriteFileAtomic(req.Out, write)
	}
	if err != nil {
		return "", err
	}
	nSamples, unscored, epochs := 0, 0, false
	for _, l := range in.Logs {
		nSamples += l.Samples
		epochs = epochs || l.Eval.Config.Epochs > 1
	}
	// A log's samples are its sample × epoch records, as Inspect counts them: named so
	// when a log ran samples more than once, as the tables' provenance names them.
	sampleWord := "sample"
	if epochs {
		sampleWord = "sample-epoch"
	}
	for i := range in.Rows {
		if !in.Rows[i].Scored {
			unscored++
		}
	}
	summary = fmt.Sprintf("samples: %s, %s, %s (%d scored, %d without a numeric score)\n",
		ingest.Plural(len(in.Logs), "log"), ingest.Plural(nSamples, sampleWord), ingest.Plural(len(in.Rows), "row"), len(in.Rows)-unscored, unscored)
	var incomplete []string
	for _, l := range in.Logs {
		if st := l.Incomplete(); st != "" {
			incomplete = append(incomplete, fmt.Sprintf("%s (status %s)", l.File, st))
		}
	}
	if len(incomplete) > 0 {
		summary += fmt.Sprintf("samples: %s did not complete: %s\n", ingest.Plural(len(incomplete), "log"), strings.Join(incomplete, "; "))
	}
	for _, sk := range in.Skipped {
		summary += fmt.Sprintf("samples: %s: %s\n", sk.Dir, sk.Msg)
	}
	for _, l := range in.Logs {
		// A header without its samples gives no row: say what the header counted, so that
		// "0 samples" is not read as a run of none.
		if l.Samples == 0 && l.Results != nil && l.Results.TotalSamples > 0 {
			summary += fmt.Sprintf("samples: %s holds no samples, but its header's results count %s (total_samples)\n", l.File, ingest.Plural(l.Results.TotalSamples, "sample"))
		}
	}
	return summary + in.checkMetrics(), nil
}

// checkMetrics recomputes each log's accuracy (or mean) and stderr from its rows
// (analysis.InspectMetrics) and says how many logs' headers they reproduce, and where
// they do not.
func (in *InspectLogs) checkMetrics() string {
	var b strings.Builder
	checked, agree := 0, 0
	start := 0
	for _, l := range in.Logs {
		end := start
		for end < len(in.Rows) && in.Rows[end].Log == l.File {
			end++
		}
		rows := in.Rows[start:end]
		start = end
		if l.Results == nil || l.Samples == 0 {
			continue
		}
		ms, err := analysis.InspectMetrics(&l.Header, rows)
		if err != nil {
			fmt.Fprintf(&b, "samples: %s: header metrics not checked: %v\n", l.File, err)
			continue
		}
		ok, any := true, false
		zeroed := map[string]bool{}
		var otherwise []string // "scorer: reducer" of the entries not reduced by the mean
		for _, es := range l.Results.Scores {
			name := es.RowScorer()
			for _, m := range ms {
				// A results entry names its reducer when the task named its reducers;
				// Inspect's default is mean.
				if m.Scorer != name || m.Reducer != cmp.Or(es.Reducer, "mean") {
					continue
				}
				if m.Reducer != "mean" {
					otherwise = append(otherwise, reducedText(name, m.Reducer, es.Metrics, rows))
				}
				if m.AsZero > 0 && !zeroed[name] {
					// Inspect counts a value its value_to_float cannot map as 0; the rows
					// leave it unscored, and so do the statistics.
					zeroed[name] = true
					fmt.Fprintf(&b, "samples: %s: %s: %s that value_to_float cannot map (a list, an unknown string) counted 0 to reproduce the header, as Inspect counts them; the rows leave them unscored\n", l.File, name, ingest.Plural(m.AsZero, "value"))
				}
				for _, c := range []struct {
					metric string
					got    float64
				}{{"accuracy", m.Mean}, {"mean", m.Mean}, {"stderr", m.Stderr}} {
					want, found := es.Metrics.Get(c.metric)
					if !found {
						continue
					}
					any = true
					switch {
					case math.IsNaN(c.got):
						ok = false
						fmt.Fprintf(&b, "samples: %s: %s %s (epochs reduced by %s) is %v in the header, and no scored row recomputes it\n", l.File, name, c.metric, m.Reducer, want)
					case !(math.Abs(c.got-want) <= 1e-9*math.Max(1, math.Abs(want))):
						ok = false
						fmt.Fprintf(&b, "samples: %s: %s %s (epochs reduced by %s) is %v in the header, %v from the rows\n", l.File, name, c.metric, m.Reducer, want, c.got)
					}
				}
			}
		}
		if len(otherwise) > 0 {
			// The header's metrics are over reduced scores: the mean of the rows a user
			// reads back from the output is not them, and the other commands average a
			// sample's epochs (the mean reducer).
			fmt.Fprintf(&b, "samples: %s: its header's metrics reduce each sample's epochs by a reducer other than the mean, so they need not be the mean of the rows: %s\n", l.File, strings.Join(otherwise, "; "))
		}
		if any {
			checked++
			if ok {
				agree++
			}
		}
	}
	if checked > 0 {
		fmt.Fprintf(&b, "samples: the rows reproduce the header's accuracy and stderr for %d of %d logs with both\n", agree, checked)
	}
	return b.String()
}

// InspectCompareRequest is a compare --inspect job. Without Logs, A and B are two log
// files; with Logs, they are two models of those logs (Task picks one task when the logs
// hold several).
type InspectCompareRequest struct {
	A, B      string
	Logs      []string
	Task      string
	ClusterBy string // a metadata key
}

// InspectCompare compares two logs or two models, scorer by scorer, on their shared
// samples (analysis.CompareInspect).
func (o *Options) InspectCompare(req InspectCompareRequest) ([]*results.Table, error) {
	if err := o.checked(); err != nil {
		return nil, err
	}
	var in *InspectLogs
	var a, b analysis.InspectArm
	var aDesc, bDesc string
	var ta, tb []string // the arms' tasks
	var noA, noB bool   // a log without samples (with --logs an arm without samples is refused)
	var unused []string // with --logs, the logs read that are in neither arm
	var err error
	if len(req.Logs) == 0 {
		var la, lb *inspect.Log
		if in, a, b, la, lb, err = o.logArms(req.A, req.B); err != nil {
			return nil, err
		}
		// Two logs: their headers name the tasks, also for a log without samples.
		aDesc, bDesc, ta, tb = logDesc(la), logDesc(lb), []string{la.Eval.Task}, []string{lb.Eval.Task}
		noA, noB = la.Samples == 0, lb.Samples == 0
	} else {
		if in, err = o.readInspect("--logs", req.Logs); err != nil {
			return nil, err
		}
		if a, b, aDesc, bDesc, err = modelArms(in, req.A, req.B, req.Task); err != nil {
			return nil, err
		}
		ta, tb = armTasks(a), armTasks(b)
		in, unused = in.only(a, b)
	}
	if len(ta) == 1 && len(tb) == 1 && ta[0] != tb[0] {
		return nil, optionError(fmt.Errorf("compare --inspect: A is task %s, B task %s: samples of different tasks do not pair", ta[0], tb[0]))
	}
	diffs, err := analysis.CompareInspect(a, b, analysis.InspectCompareOptions{ClusterBy: req.ClusterBy}, o.Stat)
	if err != nil {
		return nil, err
	}
	t := results.BuildInspectCompare(results.InspectCompare{A: req.A, B: req.B, ADesc: aDesc, BDesc: bDesc,
		Diffs: diffs, ClusterBy: req.ClusterBy, Logs: in.Provenance(), Unused: unused, NoSamplesA: noA, NoSamplesB: noB}, o.Stat)
	t.Notes = append(t.Notes, in.skippedNotes()...)
	ts := []*results.Table{t}
	results.Stamp(ts, results.NewInspectMeta(o.Tool, in.Provenance(), analysis.InspectIntervals(o.Stat, req.ClusterBy), req.ClusterBy))
	return ts, nil
}

// skippedNotes says, as table notes, what the folder searches passed over (samples says
// it on stderr; a table read alone must say it too).
func (in *InspectLogs) skippedNotes() []string {
	var out []string
	for _, sk := range in.Skipped {
		out = append(out, "Passed over in "+sk.Dir+": "+strings.TrimSuffix(sk.Msg, ".")+".")
	}
	return out
}

// logArms reads logs A and B (a path or pattern naming one log each) and splits their
// rows into the two arms; la and lb are the two logs.
func (o *Options) logArms(pathA, pathB string) (in *InspectLogs, a, b analysis.InspectArm, la, lb *inspect.Log, err error) {
	var files [2]string
	var skipped []inspect.Skipped
	for i, p := range []string{pathA, pathB} {
		fs, sk, err := inspect.ExpandSkipped([]string{p})
		if err != nil {
			return nil, a, b, nil, nil, fmt.Errorf("--inspect: %w", err)
		}
		if len(fs) != 1 {
			return nil, a, b, nil, nil, optionError(fmt.Errorf("compare --inspect: %s names %d logs; A and B are one log each (or two models with --logs)", p, len(fs)))
		}
		files[i] = fs[0]
		skipped = append(skipped, sk...)
	}
	if files[0] == files[1] {
		return nil, a, b, nil, nil, optionError(fmt.Errorf("compare --inspect: A and B are the same log %s", files[0]))
	}
	if in, err = o.ReadInspect(files[:]); err != nil {
		return nil, a, b, nil, nil, err
	}
	in.Skipped = skipped
	a, b = analysis.InspectArm{Name: pathA}, analysis.InspectArm{Name: pathB}
	for _, r := range in.Rows {
		if r.Log == files[0] {
			a.Rows = append(a.Rows, r)
		} else {
			b.Rows = append(b.Rows, r)
		}
	}
	la, lb = in.Logs[0], in.Logs[1]
	if la.File != files[0] {
		la, lb = lb, la
	}
	return in, a, b, la, lb, nil
}

func logDesc(l *inspect.Log) string {
	// A model with white space at an end ("trail ") is quoted, as the notes list names.
	return fmt.Sprintf("log %s (task %s, model %s)", l.File, l.Eval.Task, ingest.ListedNames([]string{l.Eval.Model}, "")[0])
}

// modelArms takes the rows of models A and B (of one task) from a set of logs.
func modelArms(in *InspectLogs, ma, mb, task string) (a, b analysis.InspectArm, aDesc, bDesc string, err error) {
	if ma == mb {
		return a, b, "", "", optionError(fmt.Errorf("compare --inspect: A and B are both model %q", ma))
	}
	models := map[string]bool{}
	for _, l := range in.Logs {
		models[l.Eval.Model] = true
	}
	// The tasks the two models have samples of (a log without samples pairs nothing).
	tasks := map[string]bool{}
	for i := range in.Rows {
		if m := in.Rows[i].Model; m == ma || m == mb {
			tasks[in.Rows[i].Task] = true
		}
	}
	for _, m := range []string{ma, mb} {
		if !models[m] {
			return a, b, "", "", optionError(fmt.Errorf("compare --inspect: no log of model %q (models: %s)", m, ingest.QuotedList(slices.Sorted(maps.Keys(models)))))
		}
	}
	if task == "" && len(tasks) > 1 {
		return a, b, "", "", optionError(fmt.Errorf("compare --inspect: the logs of %q and %q have samples of tasks %s: pick one with --task", ma, mb, ingest.QuotedList(slices.Sorted(maps.Keys(tasks)))))
	}
	a, b = analysis.InspectArm{Name: ma}, analysis.InspectArm{Name: mb}
	na, nb := map[string]bool{}, map[string]bool{}
	for _, r := range in.Rows {
		if task != "" && r.Task != task {
			continue
		}
		switch r.Model {
		case ma:
			a.Rows = append(a.Rows, r)
			na[r.Log] = true
		case mb:
			b.Rows = append(b.Rows, r)
			nb[r.Log] = true
		}
	}
	for _, arm := range []analysis.InspectArm{a, b} {
		if len(arm.Rows) == 0 {
			return a, b, "", "", optionError(fmt.Errorf("compare --inspect: model %q has no samples%s", arm.Name, map[bool]string{true: " of task " + strconv.Quote(task), false: ""}[task != ""]))
		}
	}
	desc := func(m string, logs map[string]bool) string {
		return fmt.Sprintf("model %s (%s: %s)", ingest.ListedNames([]string{m}, "")[0], ingest.Plural(len(logs), "log"), strings.Join(slices.Sorted(maps.Keys(logs)), ", "))
	}
	return a, b, desc(ma, na), desc(mb, nb), nil
}

// only keeps the logs that give the arms rows, for the provenance of what was compared,
// and lists the others (another model's, another task's) by file, with their model.
func (in *InspectLogs) only(arms ...analysis.InspectArm) (*InspectLogs, []string) {
	used := map[string]bool{}
	for _, a := range arms {
		for i := range a.Rows {
			used[a.Rows[i].Log] = true
		}
	}
	out := &InspectLogs{Rows: in.Rows}
	var unused []string
	for _, l := range in.Logs {
		if used[l.File] {
			out.Logs = append(out.Logs, l)
		} else {
			unused = append(unused, fmt.Sprintf("%s (task %s, model %s)", l.File, l.Eval.Task, l.Eval.Model))
		}
	}
	return out, unused
}

func armTasks(a analysis.InspectArm) []string {
	seen := map[string]bool{}
	for _, r := range a.Rows {
		seen[r.Task] = true
	}
	return slices.Sorted(maps.Keys(seen))
}

// InspectBoardRequest is a leaderboard --inspect job.
type InspectBoardRequest struct {
	Paths         []string
	By, ClusterBy string // metadata keys
	PassK         []int
}

// NewInspectBoardRequest reads leaderboard --inspect's flags: --by and --cluster-by as
// metadata.KEY (MetadataKey), not both one key (each board would be one cluster, with no
// interval and no rank set), and --passk as a comma list of distinct k ≥ 1 (the same flag
// name is a convention in tables, report and view: a convention given here is named so).
// A refusal is an OptionError.
func NewInspectBoardRequest(paths []string, by, clusterBy, passk string) (InspectBoardRequest, error) {
	req := InspectBoardRequest{Paths: paths}
	var err error
	if req.By, err = MetadataKey("by", by); err != nil {
		return req, err
	}
	if req.ClusterBy, err = MetadataKey("cluster-by", clusterBy); err != nil {
		return req, err
	}
	if req.By != "" && req.By == req.ClusterBy {
		return req, optionError(fmt.Errorf("--by and --cluster-by both name metadata.%s: each board would be one cluster, with no interval and no rank set", req.By))
	}
	if passk == "" {
		return req, nil
	}
	if req.PassK, err = bootstrap.ParsePassKList(passk); err != nil {
		if _, cerr := bootstrap.ParsePassKConvention(passk); cerr == nil {
			return req, optionError(fmt.Errorf("--passk %q: here --passk lists the k of pass^k (a comma list of k ≥ 1, e.g. 1,2,4), and both conventions are printed; the convention is what tables, report and view take", passk))
		}
		return req, optionError(fmt.Errorf("--passk %q: want a comma list of k ≥ 1", passk))
	}
	for i, k := range req.PassK {
		if slices.Contains(req.PassK[:i], k) {
			return req, optionError(fmt.Errorf("--passk %q: k %d is listed twice", passk, k))
		}
	}
	return req, nil
}

// InspectLeaderboard ranks the models of each task (analysis.LeaderboardInspect).
func (o *Options) InspectLeaderboard(req InspectBoardRequest) ([]*results.Table, error) {
	if err := o.checked(); err != nil {
		return nil, err
	}
	in, err := o.ReadInspect(req.Paths)
	if err != nil {
		return nil, err
	}
	opt := analysis.InspectBoardOptions{By: req.By, ClusterBy: req.ClusterBy, PassK: req.PassK}
	opt.AddLogs(in.Logs...)
	board, err := analysis.LeaderboardInspect(in.Rows, opt, o.Stat)
	if err != nil {
		return nil, err
	}
	t := results.BuildInspectLeaderboard(board, req.By, req.ClusterBy, req.PassK, in.Provenance(), o.Stat)
	t.Notes = append(t.Notes, in.skippedNotes()...)
	ts := []*results.Table{t}
	results.Stamp(ts, results.NewInspectMeta(o.Tool, in.Provenance(), analysis.InspectIntervals(o.Stat, req.ClusterBy), req.ClusterBy))
	return ts, nil
}

// nounOf is noun for 1 and its plural otherwise, for a count printed apart from it.
func nounOf(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// reducedText says, of a results entry reduced otherwise than by the mean, its accuracy
// (or mean) in the header and the mean of its scorer's scored rows, or which it lacks
// (never a NaN).
func reducedText(scorer, reducer string, ms inspect.Metrics, rows []inspect.Row) string {
	head := fmt.Sprintf("%s by %s (the header gives no accuracy or mean)", scorer, reducer)
	for _, n := range []string{"accuracy", "mean"} {
		if v, ok := ms.Get(n); ok {
			head = fmt.Sprintf("%s %s %v by %s", scorer, n, v, reducer)
			break
		}
	}
	sum, n := 0.0, 0
	for i := range rows {
		if rows[i].Scorer == scorer && rows[i].Scored {
			sum += rows[i].Score
			n++
		}
	}
	if n == 0 {
		return head + ", no scored row"
	}
	return fmt.Sprintf("%s, %v as the mean of its scored rows", head, sum/float64(n))
}
