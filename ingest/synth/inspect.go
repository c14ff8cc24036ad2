package synth

import (
	"archive/zip"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	kflate "github.com/klauspost/compress/flate"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/harness"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/ingest/paths"
)

// InspectDir is the folder of a written release that holds its Inspect logs.
const InspectDir = "inspect"

// Inspect log conventions of the synthetic release, which ingest's Inspect adapter
// reads back (docs/inspect-episodes.md):
//   - one log per configuration × condition; the task is InspectTask, its task_args
//     name the condition; eval.model is the configuration's model and eval.solver (and
//     the plan's one step) its harness, so that model/solver is the configuration;
//   - one sample per case × repeat: id is the case id, epoch is repeat + 1, metadata
//     holds case_id, protocol, condition and run_id;
//   - each record event is one assistant tool call and one tool event: id is the
//     event's call_id, function its tool, arguments its arguments; the result is a JSON
//     object with the host-recorded fields of an INFO_CALL (harness.InspectHostFields),
//     the result of a CONSEQUENTIAL_CALL, or InspectNoResult;
//   - the decision record without its events is the answer of the ReAct submit tool
//     (harness.InspectSubmitTool), and so the final completion, as JSON;
//   - the harness's verdict is the score harness.InspectScorer (value C or I, answer the
//     raw status); usage is model_usage and total_time;
//   - a wall-clock timeout is a time limit, a harness failure a sample error; neither
//     has a final answer.
const (
	InspectTask = "safeactbench"
	// InspectNoResult is the tool reply to a consequential call that recorded no result.
	InspectNoResult = "action submitted"
	// InspectTimeLimit is the time limit (seconds) the synthetic timeouts hit.
	InspectTimeLimit = 1800
)

// inspectEpoch is the fixed clock of the synthetic logs (their timestamps, and the
// modification time of every ZIP member), so that a seed gives the same bytes.
var inspectEpoch = time.Date(2026, 8, 20, 12, 0, 0, 0, time.UTC)

// WriteInspectStream generates the release of opt and writes it to dir as WriteStream
// does (catalog, sets, runs.jsonl, runs.parquet), plus one Inspect .eval log per
// configuration × condition under dir/InspectDir. It returns the number of episodes and
// the log files written, sorted.
func WriteInspectStream(dir string, opt Options) (int, []string, error) {
	rel, g, err := build(opt)
	if err != nil {
		return 0, nil, err
	}
	if err := WriteCatalog(dir, rel); err != nil {
		return 0, nil, err
	}
	w, err := newInspectWriter(filepath.Join(dir, InspectDir), rel)
	if err != nil {
		return 0, nil, err
	}
	n := 0
	err = writeRuns(dir, opt.parquetLayout(), func(emit func(*ingest.Episode) error) error {
		return g.emitAll(rel.Scale, func(ep *ingest.Episode, _ Intended) error {
			n++
			if err := w.add(ep); err != nil {
				return err
			}
			return emit(ep)
		})
	})
	if err != nil {
		w.abort()
		return 0, nil, err
	}
	files, err := w.close()
	return n, files, err
}

// WriteInspect writes the episodes of r as Inspect logs under dir (one per
// configuration × condition), and nothing else; it returns the files written, sorted.
func WriteInspect(dir string, r *Release) ([]string, error) {
	if r == nil {
		return nil, fmt.Errorf("synth: no release to write")
	}
	w, err := newInspectWriter(dir, r)
	if err != nil {
		return nil, err
	}
	for i, ep := range r.Episodes {
		if ep == nil {
			w.abort()
			return nil, fmt.Errorf("synth: episode %d of the release is nil", i)
		}
		if err := w.add(ep); err != nil {
			w.abort()
			return nil, err
		}
	}
	return w.close()
}

// inspectWriter keeps one open log per configuration × condition.
type inspectWriter struct {
	dir   string
	rel   *Release
	cases map[string]*casespec.Case
	logs  map[[2]string]*inspectLog
	order []*inspectLog
}

func newInspectWriter(dir string, rel *Release) (*inspectWriter, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	w := &inspectWriter{dir: dir, rel: rel, cases: map[string]*casespec.Case{}, logs: map[[2]string]*inspectLog{}}
	for _, c := range rel.Cases {
		w.cases[c.ID] = c
	}
	return w, nil
}

func (w *inspectWriter) add(ep *ingest.Episode) error {
	c := w.cases[ep.CaseID]
	if c == nil {
		return fmt.Errorf("synth: episode %s: case %s is not in the release", ep.RunID, ep.CaseID)
	}
	k := [2]string{ep.Config, ep.Condition}
	l := w.logs[k]
	if l == nil {
		var err error
		if l, err = openInspectLog(w.dir, ep, w.rel, len(w.order)); err != nil {
			return err
		}
		w.logs[k] = l
		w.order = append(w.order, l)
	}
	if err := l.add(ep, c); err != nil {
		return fmt.Errorf("synth: %s: %s: %w", l.path, ep.RunID, err)
	}
	return nil
}

func (w *inspectWriter) abort() {
	for _, l := range w.order {
		l.abort()
	}
}

func (w *inspectWriter) close() ([]string, error) {
	var files []string
	for i, l := range w.order {
		if err := l.close(); err != nil {
			for _, rest := range w.order[i+1:] {
				rest.abort()
			}
			return nil, err
		}
		files = append(files, l.path)
	}
	sort.Strings(files)
	return files, nil
}

// inspectSummary is what summaries.json and the header keep of one sample.
type inspectSummary struct {
	id, input, target string
	epoch             int
	score             *jsonv.Object // nil: no verdict
	errored           bool
}

// inspectLog is one .eval file being written: a ZIP on a temporary file, renamed into
// place by close.
type inspectLog struct {
	path, model, solver, condition string
	tmp                            *os.File
	zw                             *zip.Writer
	created                        string
	createdAt                      time.Time
	runID, taskID                  string
	samples                        []inspectSummary
	ids                            []string
	seenID                         map[string]bool
	usage                          *jsonv.Object
	maxEpoch                       int
	seed                           uint64
	scale                          int
	buf                            []byte // member's encoding, reused: one sample after another
}

// openInspectLog starts the k-th log of the release. Its creation time is k minutes after
// the release's clock, and its name starts with that time as Inspect's names do
// (<created>_<task>_…), so that the logs sort in the order their configurations and
// conditions first appear in the release, the order the tables list them in.
func openInspectLog(dir string, ep *ingest.Episode, rel *Release, k int) (*inspectLog, error) {
	created := inspectEpoch.Add(time.Duration(k) * time.Minute)
	name := fmt.Sprintf("%s_%s_%s_%s.eval", strings.ReplaceAll(created.Format(inspectTimeFormat), ":", "-"), InspectTask, ep.Condition, slug(ep.Config))
	l := &inspectLog{path: filepath.Join(dir, name), model: ep.Model, solver: ep.Harness, condition: ep.Condition,
		seenID: map[string]bool{}, usage: &jsonv.Object{}, seed: rel.Seed, scale: rel.Scale}
	l.created, l.createdAt = created.Format(inspectTimeFormat), created
	l.runID = shortID(fmt.Sprintf("run|%d|%d", rel.Seed, rel.Scale))
	l.taskID = shortID(fmt.Sprintf("task|%d|%d|%s|%s", rel.Seed, rel.Scale, ep.Config, ep.Condition))
	f, err := paths.CreateTemp(dir, "."+name+".tmp*")
	if err != nil {
		return nil, err
	}
	l.tmp = f
	l.zw = zip.NewWriter(f)
	l.zw.RegisterCompressor(zip.Deflate, newDeflater)
	if err := l.member("_journal/start.json", jsonv.NewObject("version", int64(2), "eval", l.evalSpec(nil), "plan", l.plan())); err != nil {
		l.abort()
		return nil, err
	}
	return l, nil
}

// deflaters are reused across ZIP members: a new compressor per member cost a quarter
// of writing the logs, most of it clearing its tables.
var deflaters sync.Pool

// newDeflater deflates a ZIP member at klauspost's fastest level: a valid deflate stream
// (Inspect reads any), several times faster than the standard library's default on these
// JSON members.
func newDeflater(out io.Writer) (io.WriteCloser, error) {
	if w, ok := deflaters.Get().(*kflate.Writer); ok {
		w.Reset(out)
		return pooledDeflater{w}, nil
	}
	w, err := kflate.NewWriter(out, kflate.BestSpeed)
	if err != nil {
		return nil, err
	}
	return pooledDeflater{w}, nil
}

// pooledDeflater returns its writer to the pool when the member is closed.
type pooledDeflater struct{ *kflate.Writer }

func (p pooledDeflater) Close() error {
	err := p.Writer.Close()
	deflaters.Put(p.Writer)
	return err
}

// shortID is a deterministic stand-in for Inspect's 22-character random ids.
func shortID(s string) string {
	const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	h := fnv.New64a()
	h.Write([]byte(s))
	x := h.Sum64()
	out := make([]byte, 22)
	for i := range out {
		out[i] = alphabet[x%uint64(len(alphabet))]
		x = x/uint64(len(alphabet)) ^ (x << 7) ^ uint64(i)*0x9E3779B97F4A7C15
	}
	return string(out)
}

func (l *inspectLog) member(name string, v any) error {
	w, err := l.zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: inspectEpoch})
	if err != nil {
		return err
	}
	l.buf = jsonv.AppendJSON(l.buf[:0], v)
	_, err = w.Write(l.buf)
	return err
}

func (l *inspectLog) abort() {
	if l.tmp != nil {
		l.tmp.Close()
		os.Remove(l.tmp.Name())
		l.tmp = nil
	}
}

func (l *inspectLog) evalSpec(ids []string) *jsonv.Object {
	sampleIDs := make([]any, len(ids))
	for i, id := range ids {
		sampleIDs[i] = id
	}
	epochs := l.maxEpoch
	if epochs == 0 {
		epochs = 1
	}
	return jsonv.NewObject("run_id", l.runID, "created", l.created, "task", InspectTask, "task_id", l.taskID,
		"task_version", int64(0), "task_attribs", &jsonv.Object{},
		"task_args", jsonv.NewObject("condition", l.condition),
		"solver", l.solver, "solver_args", &jsonv.Object{},
		"dataset", jsonv.NewObject("name", InspectTask, "location", "sabench-stats synth (SYNTHETIC)",
			"samples", int64(len(ids)), "sample_ids", sampleIDs, "shuffled", false),
		"model", l.model, "model_args", &jsonv.Object{},
		"config", jsonv.NewObject("epochs", int64(epochs), "fail_on_error", false),
		"packages", &jsonv.Object{},
		"metadata", jsonv.NewObject("synthetic", true, "generator", "sabench-stats synth",
			"seed", int64(l.seed), "scale", int64(l.scale)))
}

func (l *inspectLog) plan() *jsonv.Object {
	return jsonv.NewObject("name", "plan", "steps", []any{jsonv.NewObject("solver", l.solver, "params", &jsonv.Object{})},
		"config", &jsonv.Object{})
}

// add writes the sample of one episode.
func (l *inspectLog) add(ep *ingest.Episode, c *casespec.Case) error {
	s, sum, err := inspectSample(ep, c)
	if err != nil {
		return err
	}
	if !l.seenID[ep.CaseID] {
		l.seenID[ep.CaseID] = true
		l.ids = append(l.ids, ep.CaseID)
	}
	if sum.epoch > l.maxEpoch {
		l.maxEpoch = sum.epoch
	}
	l.samples = append(l.samples, sum)
	if u, ok := s.Obj("model_usage"); ok {
		if m, ok := u.Obj(l.model); ok {
			tot, _ := l.usage.Obj(l.model)
			if tot == nil {
				tot = &jsonv.Object{}
				l.usage.Set(l.model, tot)
			}
			for i, k := range m.Keys {
				if k != "total_cost" {
					addInt(tot, k, m.Values[i])
				}
			}
		}
	}
	return l.member(fmt.Sprintf("samples/%s_epoch_%d.json", ep.CaseID, sum.epoch), s)
}

func addInt(o *jsonv.Object, k string, v any) {
	n, ok := v.(int64)
	if !ok {
		return
	}
	old, _ := o.Get(k)
	m, _ := old.(int64)
	o.Set(k, m+n)
}

// close writes the summaries, reductions and header and renames the file into place.
func (l *inspectLog) close() (err error) {
	defer func() {
		if err != nil {
			l.abort()
		}
	}()
	var sums []any
	correct, scored := 0, 0
	reduced := map[string][2]int{} // sample id → (correct, scored) over epochs
	completed := 0
	for _, s := range l.samples {
		o := jsonv.NewObject("id", s.id, "epoch", int64(s.epoch), "input", s.input, "target", s.target)
		if s.score != nil {
			o.Set("scores", jsonv.NewObject(harness.InspectScorer, s.score))
			v, _ := s.score.String("value")
			r := reduced[s.id]
			r[1]++
			scored++
			if v == "C" {
				r[0]++
				correct++
			}
			reduced[s.id] = r
		} else {
			o.Set("scores", &jsonv.Object{})
		}
		o.Set("completed", !s.errored)
		if !s.errored {
			completed++
		}
		sums = append(sums, o)
	}
	if err = l.member("summaries.json", sums); err != nil {
		return err
	}
	if err = l.member("_journal/summaries/1.json", sums); err != nil {
		return err
	}
	var scores []any
	if scored > 0 {
		var red []any
		for _, id := range l.ids {
			if r, ok := reduced[id]; ok && r[1] > 0 {
				red = append(red, jsonv.NewObject("value", float64(r[0])/float64(r[1]), "sample_id", id))
			}
		}
		if err = l.member("reductions.json", []any{jsonv.NewObject("scorer", harness.InspectScorer, "samples", red)}); err != nil {
			return err
		}
		scores = []any{jsonv.NewObject("name", harness.InspectScorer, "scorer", harness.InspectScorer, "params", &jsonv.Object{},
			"metrics", jsonv.NewObject("accuracy", jsonv.NewObject("name", "accuracy",
				"value", float64(correct)/float64(scored), "params", &jsonv.Object{})))}
	}
	end := l.createdAt.Add(time.Duration(len(l.samples)) * time.Second).Format(inspectTimeFormat)
	header := jsonv.NewObject("version", int64(2), "status", "success",
		"eval", l.evalSpec(l.ids), "plan", l.plan(),
		"results", jsonv.NewObject("total_samples", int64(len(l.samples)), "completed_samples", int64(completed), "scores", orEmpty(scores)),
		"stats", jsonv.NewObject("started_at", l.created, "completed_at", end, "model_usage", l.usage))
	if err = l.member("header.json", header); err != nil {
		return err
	}
	if err = l.zw.Close(); err != nil {
		return err
	}
	if err = l.tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(l.tmp.Name(), l.path); err != nil {
		return err
	}
	l.tmp = nil
	return nil
}

func orEmpty(l []any) []any {
	if l == nil {
		return []any{}
	}
	return l
}

// inspectTimeFormat is how Inspect writes times (Python's isoformat with an offset).
const inspectTimeFormat = "2006-01-02T15:04:05-07:00"
