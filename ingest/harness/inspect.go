package harness

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/inspect"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// The conventions of a SafeActBench task run through Inspect (docs/inspect-episodes.md).
const (
	// InspectScorer is the scorer whose score is the harness's own verdict (official):
	// value C or I (any value Inspect maps to 1 or 0), answer the raw status.
	InspectScorer = "safeactbench"
	// InspectSubmitTool is the ReAct agent's answer tool: its calls are the agent's
	// answer, not SafeActBench tool calls, and are left out of the events.
	InspectSubmitTool = "submit"
	// RecordFromOutput reads the decision record from the final completion.
	RecordFromOutput = "output"
)

// InspectHostFields are the fields of an INFO_CALL that the SafeActBench host records
// (not the model), in the order an event carries them: a tool reply that is a JSON
// object gives them to the event.
var InspectHostFields = []string{"evidence_delta_key", "tool_status", "tool_error", "resolved_arguments", "attempted_arguments_valid"}

// RecordFrom is where a sample's decision record is.
type RecordFrom struct {
	Kind string // "output", "store" or "tool"
	Name string // the store key or the tool name
}

// ParseRecordFrom reads "output", "store:KEY" or "tool:NAME"; "" is "output".
func ParseRecordFrom(s string) (RecordFrom, error) {
	if s == "" || s == RecordFromOutput {
		return RecordFrom{Kind: RecordFromOutput}, nil
	}
	kind, name, ok := strings.Cut(s, ":")
	if ok && name != "" && (kind == "store" || kind == "tool") {
		return RecordFrom{Kind: kind, Name: name}, nil
	}
	return RecordFrom{}, fmt.Errorf("record source %q: want output, store:KEY or tool:NAME", s)
}

func (r RecordFrom) String() string {
	if r.Kind == RecordFromOutput {
		return "output.completion"
	}
	if r.Kind == "store" {
		return "store." + r.Name
	}
	return "the last " + r.Name + " tool call"
}

// CheckInspect refuses the options Inspect logs cannot honour: a status mode other than
// analyst (Inspect has no runner denominator of its own to reproduce), a repeat
// derivation (the epoch is the repeat), a negative repeat, a bad record source.
// OpenInspect also needs Bench.
func (o Options) CheckInspect() error {
	switch {
	case o.Mode != "" && o.Mode != ModeAnalyst:
		return fmt.Errorf("Inspect logs have one status mode, %s (got %q)", ModeAnalyst, o.Mode)
	case o.RepeatFrom != "":
		return fmt.Errorf("a repeat derivation applies to interactive runs only: an Inspect sample's repeat is its epoch − 1")
	case o.Repeat < 0:
		return fmt.Errorf("repeat must be >= 0, got %d", o.Repeat)
	case o.Config != "" && strings.TrimSpace(o.Config) != o.Config:
		return fmt.Errorf("configuration %q has white space around it", o.Config)
	}
	_, err := ParseRecordFrom(o.RecordFrom)
	return err
}

// InspectStatus maps how an Inspect sample ended to an episode status and failure
// class, the way the runner folders' failures are mapped: a sample error (the solver, a
// tool or the provider raised) is harness_failure; a time or working-time limit is the
// wall-clock timeout, infra_failure; an operator's interruption is censored; a message,
// token, cost or custom limit is the agent's own budget running out, so the episode is
// completed and scored on the record it left. limit is "" when none was hit.
func InspectStatus(errored bool, limit string) (status string, failureClass any) {
	switch {
	case errored:
		return ingest.StatusHarnessFailure, "error"
	case limit == "":
		return ingest.StatusCompleted, nil
	case limit == "time" || limit == "working":
		return ingest.StatusInfraFailure, limit + "_limit"
	case limit == "operator":
		return ingest.StatusCensored, limit + "_limit"
	}
	return ingest.StatusCompleted, limit + "_limit"
}

// ExpandInspect turns --inspect arguments into log files, sorted and distinct: a folder
// gives the .eval logs under it (a folder of a release also holds JSON case files, so
// .json logs must be named); a file or a glob pattern is read as inspect.Expand reads it.
func ExpandInspect(args []string) ([]string, error) {
	var out []string
	for _, arg := range args {
		st, err := os.Stat(arg)
		if err != nil || !st.IsDir() {
			files, err := inspect.Expand([]string{arg})
			if err != nil {
				return nil, err
			}
			out = append(out, files...)
			continue
		}
		n := 0
		err = filepath.WalkDir(arg, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.Type().IsRegular() && strings.EqualFold(filepath.Ext(p), ".eval") {
				out = append(out, filepath.Clean(p))
				n++
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, fmt.Errorf("%s: no .eval logs in this folder (name .json logs explicitly)", arg)
		}
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// ReadInspect reads the Inspect logs at path (a log file, a folder of .eval logs, or a
// glob pattern) into episodes (InspectStream). A log that is not a SafeActBench task is
// a warning saying why; no episode at all is an error that says why for every log.
func ReadInspect(path string, opt Options) (*Result, error) {
	files, err := ExpandInspect([]string{path})
	if err != nil {
		return nil, err
	}
	return ReadInspectFiles(files, opt)
}

// ReadInspectFiles is ReadInspect over a list of log files.
func ReadInspectFiles(files []string, opt Options) (*Result, error) {
	s, err := OpenInspect(files, opt)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	res := &Result{}
	for {
		ep, err := s.Next()
		if err == io.EOF {
			break
		}
		var p ingest.Problem
		if errors.As(err, &p) {
			res.Problems = append(res.Problems, p)
			continue
		}
		if err != nil {
			return nil, err
		}
		res.Episodes = append(res.Episodes, ep)
	}
	for _, sk := range s.Skipped() {
		res.warn("%s", sk)
	}
	res.Warnings = append(res.Warnings, s.Warnings()...)
	return res, nil
}

// InspectStream streams the episodes of Inspect logs, log by log in the order given,
// sample by sample in each log's order, keeping one sample in memory. A sample that
// cannot become an episode is an ingest.Problem (file, member, field) returned by Next,
// which may be called again. A log without SafeActBench samples gives no episode and is
// listed by Skipped; when no log gives one, Next's io.EOF is instead an error saying why
// for each.
type InspectStream struct {
	files []string
	opt   Options
	from  RecordFrom
	next  int // next file
	r     *inspect.Reader
	log   *inspectLog
	// dups holds the keys and run ids read: a bit and a hash each, or, from the first
	// repeat on (exact), each with its sample's ordinal, its index among the samples of
	// all the logs; starts has the ordinal of each log's first sample, so an ordinal
	// names a log and a sample in it, whose member a message finds in members.
	dups   *ingest.DupCheck
	idHash func(string) uint64 // nil (xxh3), or a narrower hash in tests
	exact  bool
	starts []uint32
	total  uint32 // samples read
	// members holds a log's sample members in reading order (by its index in files), read
	// the first time a message names one of its samples (where).
	members map[uint32][]string
	// runIDs holds a log's run ids (by its index in files), read the first time a run id
	// whose hash was read before is compared with one of its samples' (runIDAt).
	runIDs map[uint32]*logRunIDs
	// unfinished is the header status of each log (by its index in files) whose run did
	// not complete, for the duplicate messages (retryHint).
	unfinished map[uint32]string
	opened     int // logs opened (open), which the tests count

	closed bool
	dec    *jsonv.Decoder // parses the JSON in samples (records, arguments, replies)
	// tools and callIDs are the tool names and call ids read so far, each boxed once
	// (boxes); info, the info tools of each case met (infoTools).
	tools, callIDs boxes
	info           map[*casespec.Case]map[string]bool
	// withEvents are the key lists of the decision records read, with "events" added
	// (recordKeys).
	withEvents map[*string][]string
	// keys and usageKeys are the record events' and the usages' key lists (keyLists).
	keys, usageKeys keyLists
	// fullRead reads the samples in full, never light (the tests compare the two).
	fullRead bool
	n        int // episodes delivered
	// problems returned so far: with some, no episode is their doing, not the logs' task
	problems int

	skipped []ingest.Problem
	// incomplete lists the SafeActBench logs (some sample named a case) whose run did not
	// complete.
	incomplete []string
	// Counts behind the warnings.
	noAnswer, replaced, noCallID, partial int
	noAnswerAt                            string
}

// sampleRef is where a sample was read: the sample at index n (from 0) of files[file].
type sampleRef struct {
	file, n uint32
}

// refOf is the sample of ordinal ord.
func (s *InspectStream) refOf(ord uint32) sampleRef {
	f, _ := slices.BinarySearch(s.starts, ord+1)
	f-- // the last log starting at or before ord (a log without samples shares its start)
	return sampleRef{file: uint32(f), n: ord - s.starts[f]}
}

// where names the sample r for a message: the log and its member. A log's members are
// read the first time a message names one of its samples (only when there is a duplicate
// to report) and kept, so that a log with many duplicates is not read again for each.
func (s *InspectStream) where(r sampleRef) string {
	file := s.files[r.file]
	names, ok := s.members[r.file]
	if !ok {
		if s.members == nil {
			s.members = map[uint32][]string{}
		}
		names = s.memberNames(file)
		s.members[r.file] = names
	}
	if r.n < uint32(len(names)) {
		return file + ": " + names[r.n]
	}
	return fmt.Sprintf("%s (its sample %d)", file, r.n+1)
}

// memberNames are the members of a log's samples in reading order: those an .eval log's
// directory lists (inspect.Reader.Members), or, for a .json log, those read sample by
// sample up to the first that cannot be read.
func (s *InspectStream) memberNames(file string) []string {
	rd, err := s.open(file, inspect.ReadOptions{NoHash: true})
	if err != nil {
		return nil
	}
	defer rd.Close()
	if names := rd.Members(); names != nil {
		return names
	}
	var names []string
	for {
		smp, err := rd.Next()
		if err != nil {
			return names
		}
		names = append(names, smp.Member)
	}
}

// checkDup refuses e, the episode of the sample just read, when its key or its run id was
// read before, naming the sample it was read from, and otherwise adds both to the checks.
// Until the first repeat the checks keep a bit per key and a hash per run id; at it, the
// logs are read again up to here to give each key and run id its sample (toExact), and a
// run id that only shares a hash with an earlier one is read again and accepted.
func (s *InspectStream) checkDup(l *inspectLog, smp *inspect.Sample, e *ingest.Episode) error {
	here := s.total - 1
	if !s.exact {
		if s.dups.AddNew(e, here) {
			return nil
		}
		if err := s.toExact(here); err != nil {
			return err
		}
	}
	if o, dup := s.dups.Key(e); dup {
		r := s.refOf(o)
		return l.problem(smp.Member, "", "episode %s|%s|repeat %d|%s also read from %s%s", e.Config, e.CaseID, e.Repeat, e.Condition, s.where(r), s.retryHint(r))
	}
	o, dup, err := s.dups.RunID(e.RunID, func(o uint32) (bool, error) {
		id, err := s.runIDAt(o)
		return id == e.RunID, err
	})
	if err != nil {
		return err
	}
	if dup {
		r := s.refOf(o)
		return l.problem(smp.Member, "metadata.run_id", "run id %q also read from %s%s", e.RunID, s.where(r), s.retryHint(r))
	}
	s.dups.Add(e, here)
	return nil
}

// retryHint says, after a duplicate message, that the earlier sample r's log or the current
// one did not complete, when one did not: Inspect's eval-retry writes a new log that holds
// again the samples its failed log completed, so the two logs of a retried run repeat every
// such episode, and only the retry's log should be given. "" when both logs completed.
func (s *InspectStream) retryHint(r sampleRef) string {
	here := uint32(s.next - 1)
	if r.file == here {
		return "" // a duplicate within one log is no retry's
	}
	for _, f := range []uint32{r.file, here} {
		if st, ok := s.unfinished[f]; ok {
			return fmt.Sprintf(" (%s did not complete, status %s: the log of a retried run holds again the samples its earlier log completed, so give only the retry's log)", s.files[f], st)
		}
	}
	return ""
}

// toExact makes the checks keep each key's and run id's sample, from the sample of
// ordinal here on, reading the samples before it again: none of them repeated a key or a
// run-id hash, so every one that had an episode key went in.
func (s *InspectStream) toExact(here uint32) error {
	s.exact = true
	s.dups.Exact()
	for f, start := range s.starts {
		if start >= here {
			break
		}
		end := here
		if f+1 < len(s.starts) {
			end = min(end, s.starts[f+1])
		}
		if err := s.reread(f, end-start, func(o uint32, e *ingest.Episode) { s.dups.Add(e, o) }); err != nil {
			return err
		}
	}
	return nil
}

// runIDAt is the run id of the sample of ordinal o. A log's run ids are read the first
// time one of them is needed (a run id whose hash was read before) and kept, so that a log
// whose run ids many samples repeat is not read again for each.
func (s *InspectStream) runIDAt(o uint32) (string, error) {
	r := s.refOf(o)
	ids, ok := s.runIDs[r.file]
	if !ok {
		if s.runIDs == nil {
			s.runIDs = map[uint32]*logRunIDs{}
		}
		ids = s.logRunIDs(int(r.file))
		s.runIDs[r.file] = ids
	}
	if r.n < uint32(len(ids.ids)) {
		if ids.has[r.n] {
			return ids.ids[r.n], nil
		}
	} else if ids.err != nil {
		return "", ids.err
	}
	return "", fmt.Errorf("%s: %w", s.files[r.file], errLogChanged)
}

// logRunIDs are the run ids of a log's samples by their index in it: has says which
// samples had an episode key (keyed), and err why reading stopped before the log's end,
// which a sample past it is answered with.
type logRunIDs struct {
	ids []string
	has []bool
	err error
}

// logRunIDs reads the run ids of all the samples of log f, in one pass to its end.
func (s *InspectStream) logRunIDs(f int) *logRunIDs {
	ids := &logRunIDs{}
	ids.err = s.reread(f, toEnd, func(o uint32, e *ingest.Episode) {
		n := int(o - s.starts[f])
		for len(ids.ids) < n {
			ids.ids, ids.has = append(ids.ids, ""), append(ids.has, false)
		}
		ids.ids, ids.has = append(ids.ids, e.RunID), append(ids.has, true)
	})
	return ids
}

// toEnd, as reread's n, reads a log to its end.
const toEnd = math.MaxUint32

// reread reads the first n samples of log f again (all of them: toEnd), from a fresh
// inspectLog, and hands fn each one's episode as far as its key (keyed), with its ordinal;
// samples without one, or refused before the duplicate checks, are skipped as they were.
func (s *InspectStream) reread(f int, n uint32, fn func(o uint32, e *ingest.Episode)) error {
	file := s.files[f]
	r, err := s.openRead(file)
	if err != nil {
		return err
	}
	defer r.Close()
	l := s.openLog(file, r.Log())
	for i := uint32(0); i < n; i++ {
		smp, err := r.Next()
		if err == io.EOF && n == toEnd {
			return nil
		}
		if err == io.EOF {
			return fmt.Errorf("%s: %w", file, errLogChanged)
		}
		if err != nil {
			return err
		}
		e, _, err := s.keyed(l, smp)
		r.Recycle(smp) // keyed copies what the episode keeps, as in Next
		if e != nil && err == nil {
			fn(s.starts[f]+i, e)
		}
	}
	return nil
}

// errLogChanged is what reading a log again finds when it changed since.
var errLogChanged = errors.New("the samples are not as they were when first read, read again to find where a duplicate was first read (did the log change?)")

// inspectLog is what the stream knows of the log it is reading.
type inspectLog struct {
	file             string
	head             *inspect.Log
	config, model    string
	harness, cond    string // cond: --condition
	taskCond         string // task_args.condition
	sab              bool   // some sample named a case
	firstWithout     string // member of the first sample without a case
	samples          int
	idsWithout       []string // the first five distinct sample ids
	moreIDs          bool
	configProblem    *ingest.Problem
	reportedConfigPb bool
}

// OpenInspect prepares a stream over files (ExpandInspect); nothing is read yet.
func OpenInspect(files []string, opt Options) (*InspectStream, error) {
	if err := opt.CheckInspect(); err != nil {
		return nil, err
	}
	if opt.Bench == nil {
		return nil, fmt.Errorf("reading Inspect logs needs the bench (which sample ids are cases, which tools are information tools)")
	}
	from, _ := ParseRecordFrom(opt.RecordFrom)
	return &InspectStream{files: files, opt: opt, from: from, dec: jsonv.NewDecoder(), tools: boxes{}, callIDs: boxes{}, withEvents: map[*string][]string{}, info: map[*casespec.Case]map[string]bool{}, keys: keyLists{}, usageKeys: keyLists{}}, nil
}

// Skipped lists the logs that gave no episode and why; complete after io.EOF.
func (s *InspectStream) Skipped() []ingest.Problem { return s.skipped }

// Warnings say, one line each, what was read in a way worth knowing; complete after
// io.EOF.
func (s *InspectStream) Warnings() []string {
	var w []string
	if s.noAnswer > 0 {
		w = append(w, fmt.Sprintf("%s no decision record in %s (first: %s): each is scored on its tool calls alone, with record.metadata.parse_error saying why",
			ingest.PluralVerb(s.noAnswer, "completed sample", "has", "have"), s.from, s.noAnswerAt))
	}
	if s.replaced > 0 {
		w = append(w, ingest.Plural(s.replaced, "decision record")+" listed events of their own: replaced by the samples' tool calls")
	}
	if s.noCallID > 0 {
		w = append(w, ingest.Plural(s.noCallID, "tool call")+" had no id: given call_NN by their position")
	}
	if s.partial > 0 {
		w = append(w, ingest.Plural(s.partial, "sample")+" recorded no tool event: their events are the tool calls of their model events, without results")
	}
	if len(s.incomplete) > 0 {
		w = append(w, fmt.Sprintf("%s did not complete (samples never run are not episodes): %s",
			ingest.Plural(len(s.incomplete), "Inspect log"), strings.Join(s.incomplete, "; ")))
	}
	return w
}

// Close releases the log being read and the duplicate checks: the stream cannot be read
// further.
func (s *InspectStream) Close() error {
	s.closed = true
	s.releaseDups()
	return s.closeLog()
}

// releaseDups frees the duplicate checks' tables, which may be outside the Go heap, and
// the members and run ids kept for their messages.
func (s *InspectStream) releaseDups() {
	s.members, s.runIDs = nil, nil
	if s.dups != nil {
		s.dups.Close()
		s.dups = nil
	}
}

// closeLog releases the log being read.
func (s *InspectStream) closeLog() error {
	if s.r != nil {
		err := s.r.Close()
		s.r = nil
		return err
	}
	return nil
}

// Next returns the next episode, an ingest.Problem for a sample that cannot be one, or
// io.EOF.
func (s *InspectStream) Next() (*ingest.Episode, error) {
	if s.closed {
		return nil, errors.New("the Inspect stream is closed")
	}
	for {
		if s.r == nil {
			if s.next == len(s.files) {
				s.releaseDups()
				if s.n == 0 && s.problems == 0 {
					return nil, s.noEpisodes()
				}
				return nil, io.EOF
			}
			f := s.files[s.next]
			s.next++
			r, err := s.openRead(f)
			if err != nil {
				return nil, err
			}
			s.r = r
			s.log = s.openLog(f, r.Log())
			if st := s.log.head.Incomplete(); st != "" {
				if s.unfinished == nil {
					s.unfinished = map[uint32]string{}
				}
				s.unfinished[uint32(s.next-1)] = st
			}
			if s.dups == nil {
				s.dups = ingest.NewDupCheck(s.idHash)
			}
			s.starts = append(s.starts, s.total)
		}
		smp, err := s.r.Next()
		if err == io.EOF {
			s.finishLog()
			if err := s.closeLog(); err != nil {
				return nil, err
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		if s.total == math.MaxUint32 {
			return nil, fmt.Errorf("%s: over %d samples in one read, more than the duplicate checks number", s.log.file, uint64(math.MaxUint32))
		}
		s.total++
		ep, err := s.episode(smp)
		// What the episode keeps of the sample is copied out of its transcript: the
		// reader may write the next samples over it.
		s.r.Recycle(smp)
		if err != nil {
			s.problems++
			return nil, err
		}
		if ep != nil {
			s.n++
			return ep, nil
		}
	}
}

// openRead opens a log to read its samples.
func (s *InspectStream) openRead(file string) (*inspect.Reader, error) {
	// A light read has all an episode is made of, unless the record is a tool call's: then
	// the model events' calls are needed beside the tool events. The submit calls, which
	// are no events, are read for their name alone. An episode does not carry the log's
	// hash, so the log is not hashed. Next hands each sample back once it is an episode.
	return s.open(file, inspect.ReadOptions{Workers: s.opt.Workers, Light: s.from.Kind != "tool" && !s.fullRead,
		SkipTools: []string{InspectSubmitTool}, NoHash: true, Recycle: true})
}

// open opens a log, counting it.
func (s *InspectStream) open(file string, opt inspect.ReadOptions) (*inspect.Reader, error) {
	s.opened++
	return inspect.OpenWith(file, opt)
}

func (s *InspectStream) noEpisodes() error {
	if len(s.files) == 0 {
		return fmt.Errorf("no Inspect logs to read")
	}
	var why []string
	for _, p := range s.skipped {
		why = append(why, p.String())
	}
	return fmt.Errorf("no episodes in %s:\n  %s", ingest.Plural(len(s.files), "Inspect log"), strings.Join(why, "\n  "))
}

// openLog works out the configuration of a log and the condition its task names.
func (s *InspectStream) openLog(file string, h *inspect.Log) *inspectLog {
	l := &inspectLog{file: file, head: h, config: s.opt.Config, cond: s.opt.Condition}
	if l.config != "" {
		l.model, l.harness = ingest.SplitConfig(l.config)
	} else {
		l.model, l.harness = h.Eval.Model, h.Solvers()
		l.config = l.model + "/" + l.harness
		switch {
		case l.model == "":
			l.configProblem = &ingest.Problem{File: file, Field: "header.json: eval.model", Msg: "empty: the configuration is model/solver, so pass --config"}
		case l.harness == "":
			l.configProblem = &ingest.Problem{File: file, Field: "header.json: eval.solver", Msg: "no solver in eval.solver or plan.steps: the configuration is model/solver, so pass --config"}
		}
	}
	if s.opt.Model != "" {
		l.model = s.opt.Model
	}
	if s.opt.Harness != "" {
		l.harness = s.opt.Harness
	}
	if raw, ok := h.Eval.TaskArgs["condition"]; ok {
		if v, err := jsonv.Parse(raw); err == nil {
			l.taskCond, _ = v.(string)
		}
	}
	return l
}

// finishLog notes, at the end of a log, one that gave no episode (a skipped log), or a
// SafeActBench log whose run did not complete (a warning).
func (s *InspectStream) finishLog() {
	l := s.log
	if l == nil {
		return
	}
	h := l.head
	if l.sab {
		if st := h.Incomplete(); st != "" {
			s.incomplete = append(s.incomplete, fmt.Sprintf("%s (status %s)", l.file, st))
		}
		return
	}
	var msg string
	if l.samples == 0 {
		msg = fmt.Sprintf("no episodes: the log holds no samples (task %q, status %q)", h.Eval.Task, h.Status)
	} else {
		ids := strings.Join(l.idsWithout, ", ")
		if l.moreIDs {
			ids += ", …"
		}
		// l.samples counts sample × epoch records, as Inspect's total_samples does.
		n := ingest.Plural(l.samples, "sample")
		if e := h.Eval.Config.Epochs; e > 1 {
			n = fmt.Sprintf("%s, %d epochs configured", ingest.Plural(l.samples, "sample-epoch"), e)
		}
		msg = fmt.Sprintf("no episodes: not a SafeActBench task (task %q, model %s, %s): no sample has metadata.case_id, and no sample id (%s) is a case of the bench %s",
			h.Eval.Task, h.Eval.Model, n, ids, s.opt.Bench.Source)
	}
	s.skipped = append(s.skipped, ingest.Problem{File: l.file, Msg: msg})
}

func (l *inspectLog) problem(member, field, format string, args ...any) ingest.Problem {
	f := member
	if field != "" {
		f += ": " + field
	}
	return ingest.Problem{File: l.file, Field: f, Msg: fmt.Sprintf(format, args...)}
}

// caseOf finds the case a sample is about: metadata.case_id, else the sample id when the
// bench has that case. id is "" when the sample names no case.
func (s *InspectStream) caseOf(l *inspectLog, smp *inspect.Sample) (string, error) {
	if raw, ok := smp.Metadata["case_id"]; ok {
		v, err := s.dec.Parse(raw)
		id, isStr := v.(string)
		if err != nil || !isStr || id == "" {
			return "", l.problem(smp.Member, "metadata.case_id", "must be a case id (a non-empty string), got %.60s", raw)
		}
		return id, nil
	}
	if id := smp.ID.String(); s.opt.Bench.Case(id) != nil {
		return id, nil
	}
	return "", nil
}

// episode turns one sample into an episode; nil (and no error) for a sample of a log that
// has named no case so far.
func (s *InspectStream) episode(smp *inspect.Sample) (*ingest.Episode, error) {
	l := s.log
	e, c, err := s.keyed(l, smp)
	if e == nil || err != nil {
		return nil, err
	}
	if err := s.checkDup(l, smp, e); err != nil {
		return nil, err
	}

	limit := ""
	if smp.Limit != nil {
		limit = smp.Limit.Type
	}
	e.Status, e.FailureClass = InspectStatus(smp.Error != nil, limit)
	if smp.Error != nil {
		e.Extra = jsonv.NewObject("inspect_error", smp.Error.Message)
	}
	rec, err := s.record(l, smp, c, e.Status == ingest.StatusCompleted)
	if err != nil {
		return nil, err
	}
	e.Record = ingest.NewRecord(rec)
	if e.Status == ingest.StatusCompleted && e.Record == nil {
		return nil, l.problem(smp.Member, "", "no decision record in %s and no tool call: nothing to score", s.from)
	}
	if e.Official, err = inspectOfficial(s.dec, l, smp); err != nil {
		return nil, err
	}
	e.Usage = ingest.NewUsage(s.inspectUsage(smp))
	return e, nil
}

// keyed is a sample's episode as far as its key and run id, with its case; nil (and no
// error) for a sample of a log that has named no case so far. It counts the sample in l
// and follows l's state from sample to sample, so that reading a log again with a fresh
// inspectLog gives the same episodes.
func (s *InspectStream) keyed(l *inspectLog, smp *inspect.Sample) (*ingest.Episode, *casespec.Case, error) {
	l.samples++
	caseID, err := s.caseOf(l, smp)
	if err != nil {
		return nil, nil, err
	}
	if caseID == "" {
		if l.sab {
			return nil, nil, l.problem(smp.Member, "metadata.case_id", "missing, and sample id %q is not a case of the bench, in a log whose other samples name cases", smp.ID)
		}
		if l.firstWithout == "" {
			l.firstWithout = smp.Member
		}
		switch id := smp.ID.String(); {
		case slices.Contains(l.idsWithout, id):
		case len(l.idsWithout) < 5:
			l.idsWithout = append(l.idsWithout, id)
		default:
			l.moreIDs = true
		}
		return nil, nil, nil
	}
	if !l.sab {
		l.sab = true
		if l.firstWithout != "" {
			return nil, nil, l.problem(l.firstWithout, "metadata.case_id", "missing, and the sample id is not a case of the bench, in a log whose other samples name cases")
		}
	}
	if l.configProblem != nil {
		if l.reportedConfigPb {
			return nil, nil, nil
		}
		l.reportedConfigPb = true
		return nil, nil, *l.configProblem
	}
	if smp.FromSummary {
		return nil, nil, l.problem(smp.Member, "", "the log holds no sample members, only summaries: no events or output to make an episode of")
	}
	c := s.opt.Bench.Case(caseID)
	if c == nil {
		return nil, nil, l.problem(smp.Member, "metadata.case_id", "case %q is not in the bench", caseID)
	}
	e := &ingest.Episode{Config: l.config, Model: l.model, Harness: l.harness, CaseID: caseID,
		Repeat: s.opt.Repeat + smp.Epoch - 1, Condition: l.cond, Source: l.file + ": " + smp.Member,
		Inspect: &ingest.InspectSample{Log: l.file, ID: smp.ID.String(), Epoch: smp.Epoch, UUID: smp.UUID, Member: smp.Member}}
	if e.Condition == "" {
		if raw, ok := smp.Metadata["condition"]; ok {
			v, err := s.dec.Parse(raw)
			cond, isStr := v.(string)
			if err != nil || !isStr || cond == "" {
				return nil, nil, l.problem(smp.Member, "metadata.condition", "must be a non-empty string, got %.60s", raw)
			}
			e.Condition = cond
		} else if l.taskCond != "" {
			e.Condition = l.taskCond
		} else {
			e.Condition = ingest.DefaultCondition
		}
	}
	if raw, ok := smp.Metadata["run_id"]; ok && s.opt.Config == "" && s.opt.Condition == "" {
		if v, err := s.dec.Parse(raw); err == nil {
			if id, ok := v.(string); ok && id != "" {
				e.RunID = id
			}
		}
	}
	if e.RunID == "" {
		e.RunID = ingest.DeriveRunID(e.Key())
	}
	return e, c, nil
}

// record is the episode's record: the decision record from its place, with the sample's
// tool calls as its events (a decision record, Legacy's or a static judgment's, has
// none). A completed sample without a readable decision record is the agent's failure,
// not bad input: its record is its tool calls alone, with the reason in
// metadata.parse_error, as SafeActBench's own adapter records an unparsable answer.
func (s *InspectStream) record(l *inspectLog, smp *inspect.Sample, c *casespec.Case, completed bool) (*jsonv.Object, error) {
	text, obj, err := s.answer(l, smp)
	if err != nil {
		return nil, err
	}
	why := ""
	if obj == nil {
		switch t := cleanAnswer(text); {
		case t == "":
			why = "no answer in " + s.from.String()
		default:
			v, perr := s.dec.Parse(stringBytes(t))
			o, isObj := v.(*jsonv.Object)
			switch {
			case perr != nil:
				why = fmt.Sprintf("the answer in %s is not JSON: %v", s.from, perr)
			case !isObj:
				why = fmt.Sprintf("the answer in %s is not a JSON object", s.from)
			default:
				obj = o
			}
		}
	}
	if obj != nil && obj.Has("decision") && !obj.Has("events") {
		return obj, nil // an agent_decision: no events
	}
	events, err := s.events(l, smp, c)
	if err != nil {
		return nil, err
	}
	if obj == nil {
		if len(events) == 0 && (!completed || c.Protocol == ingest.Legacy) {
			return nil, nil
		}
		if completed {
			s.noAnswer++
			if s.noAnswerAt == "" {
				s.noAnswerAt = l.file + ": " + smp.Member
			}
		}
		md := jsonv.NewObject("parse_error", why)
		if text != "" {
			md.Set("raw_response", strings.Clone(truncate(text, 4000)))
		}
		return jsonv.NewObject("episode_id", c.ID, "events", events, "metadata", md), nil
	}
	if obj.Has("events") {
		s.replaced++
		obj.Set("events", events)
		return obj, nil
	}
	// A new key list rather than Set's append: the decoder's objects share theirs, full,
	// so every append would copy it and double both slices.
	vals := make([]any, len(obj.Values)+1)
	copy(vals, obj.Values)
	vals[len(obj.Values)] = events
	obj.Keys, obj.Values = s.recordKeys(obj.Keys), vals
	return obj, nil
}

// recordKeys is keys with "events" added: one list per key list the decoder shares
// among the records of one shape, so that the records share it too (nothing changes a
// record's keys in place: jsonv.NewObjectKeys).
func (s *InspectStream) recordKeys(keys []string) []string {
	if len(keys) == 0 {
		return []string{"events"}
	}
	id := unsafe.SliceData(keys)
	if k, ok := s.withEvents[id]; ok && len(k) == len(keys)+1 {
		return k
	}
	k := append(keys[:len(keys):len(keys)], "events")
	k = k[:len(k):len(k)]
	if len(s.withEvents) < maxBoxes {
		s.withEvents[id] = k
	}
	return k
}

// answer is the decision record's text (or object) at the record source.
func (s *InspectStream) answer(l *inspectLog, smp *inspect.Sample) (string, *jsonv.Object, error) {
	switch s.from.Kind {
	case "store":
		raw, ok := smp.Store[s.from.Name]
		if !ok {
			return "", nil, nil
		}
		v, err := s.dec.Parse(raw)
		if err != nil {
			return "", nil, l.problem(smp.Member, "store."+s.from.Name, "invalid JSON: %v", err)
		}
		switch x := v.(type) {
		case *jsonv.Object:
			return "", x, nil
		case string:
			return x, nil, nil
		case nil:
			return "", nil, nil
		}
		return "", nil, l.problem(smp.Member, "store."+s.from.Name, "must be an object or a string holding one, got %.60s", raw)
	case "tool":
		var args []byte
		for _, ev := range smp.Events {
			if ev.Tool != nil && ev.Tool.Function == s.from.Name {
				args = ev.Tool.Arguments
			}
		}
		if args == nil {
			for _, ev := range smp.Events {
				if ev.Model == nil {
					continue
				}
				for _, tc := range ev.Model.ToolCalls {
					if tc.Function == s.from.Name {
						args = tc.Arguments
					}
				}
			}
		}
		if args == nil {
			return "", nil, nil
		}
		v, err := s.dec.Parse(args)
		o, isObj := v.(*jsonv.Object)
		if err != nil || !isObj {
			return "", nil, l.problem(smp.Member, s.from.Name+" arguments", "must be a JSON object")
		}
		if o.Len() == 1 {
			if str, ok := o.Values[0].(string); ok {
				return str, nil, nil // submit(answer="{…}")
			}
		}
		return "", o, nil
	}
	if smp.Output == nil {
		return "", nil, nil
	}
	return smp.Output.Completion, nil, nil
}

// cleanAnswer trims an answer and the Markdown code fence a model may put around JSON.
func cleanAnswer(t string) string {
	t = strings.TrimSpace(t)
	if strings.HasPrefix(t, "```") && strings.HasSuffix(t, "```") && len(t) >= 6 {
		t = strings.TrimSuffix(t[3:], "```")
		if i := strings.IndexByte(t, '\n'); i >= 0 && !strings.ContainsAny(t[:i], "{[") {
			t = t[i+1:] // the fence's language tag
		}
		t = strings.TrimSpace(t)
	}
	return t
}

// truncate cuts s to at most n bytes, at a character boundary (a cut inside a UTF-8
// sequence would make the episode unwritable).
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// toolCall is one tool call of a sample, from a tool event or a model event.
type toolCall struct {
	id, function string
	args         []byte
	text         string // the result's text (inspect.ToolEvent.ResultText); "" for a model event's call
	err          *inspect.ToolError
}

// events are the record events of a sample's tool calls, in order: its tool events, or,
// when it recorded none, its model events' tool calls. Calls of the answer tool
// (InspectSubmitTool, or the record source's tool) are left out. A call to one of the
// case's info_tools is an INFO_CALL, any other a CONSEQUENTIAL_CALL.
func (s *InspectStream) events(l *inspectLog, smp *inspect.Sample, c *casespec.Case) ([]any, error) {
	tools := false
	for _, ev := range smp.Events {
		if ev.Tool != nil {
			tools = true
			break
		}
	}
	// each calls f with the sample's tool calls in order, and stops at its error.
	each := func(f func(i int, tc toolCall) error) error {
		i := 0
		for _, ev := range smp.Events {
			switch {
			case ev.Tool != nil:
				if err := f(i, toolCall{ev.Tool.ID, ev.Tool.Function, ev.Tool.Arguments, ev.Tool.ResultText, ev.Tool.Error}); err != nil {
					return err
				}
				i++
			case !tools && ev.Model != nil:
				for _, tc := range ev.Model.ToolCalls {
					if err := f(i, toolCall{id: tc.ID, function: tc.Function, args: tc.Arguments}); err != nil {
						return err
					}
					i++
				}
			}
		}
		return nil
	}
	all, n := 0, 0 // the calls, and those that become events
	each(func(_ int, tc toolCall) error {
		all++
		if !s.answerTool(tc.function) {
			n++
		}
		return nil
	})
	if !tools && all > 0 {
		s.partial++
	}
	infoTools := s.infoTools(c)
	events := make([]any, 0, n)
	err := each(func(i int, tc toolCall) error {
		if s.answerTool(tc.function) {
			return nil
		}
		field := func() string { return fmt.Sprintf("events (tool call %d, %s)", i+1, tc.function) }
		if tc.function == "" {
			return l.problem(smp.Member, field(), "a tool call without a function name")
		}
		var args any
		if len(tc.args) > 0 {
			v, err := s.dec.Parse(tc.args)
			if err != nil {
				return l.problem(smp.Member, field()+".arguments", "invalid JSON: %v", err)
			}
			args = v
		} else {
			args = &jsonv.Object{}
		}
		id := tc.id
		if id == "" {
			id = fmt.Sprintf("call_%02d", len(events)+1)
			s.noCallID++
		}
		// Boxed constants: no allocation per event.
		typ, info := any("CONSEQUENTIAL_CALL"), infoTools[tc.function]
		if info {
			typ = any("INFO_CALL")
		}
		// The event's values, then its keys as one of the stream's shared key lists
		// (keyLists). The sample's transcript strings share chunks (inspect.Sample):
		// what the episode keeps is copied, so that it does not hold the transcript.
		var vals [len(eventKeyNames)]any
		vals[0], vals[1], vals[2], vals[3] = typ, s.callIDs.box(id), s.tools.box(tc.function), args
		var set eventKeySet = 0xf // the four every event has
		reply := replyObject(s.dec, tc.text)
		if info {
			for j, k := range eventKeyNames[keyHost:keyStatus] { // InspectHostFields
				if v, ok := reply.Get(k); ok {
					set |= 1 << (keyHost + j)
					vals[keyHost+j] = v
				}
			}
			if tc.err != nil && set&(1<<keyHostStatus) == 0 {
				set |= 1 << keyStatus
				vals[keyStatus] = "error"
				msg := strings.Clone(tc.err.Message)
				if set&(1<<keyHostError) != 0 {
					vals[keyHostError] = msg // the reply's tool_error, in its place
				} else {
					set |= 1 << keyError
					vals[keyError] = msg
				}
			}
		} else if reply.Len() > 0 {
			set |= 1 << keyResult
			vals[keyResult] = reply
		}
		events = append(events, s.keys.object(eventKeyNames[:], uint16(set), vals[:]))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return events, nil
}

// answerTool reports whether calls to the tool are the agent's answer (InspectSubmitTool,
// or the record source's tool): they are not events.
func (s *InspectStream) answerTool(function string) bool {
	return function == InspectSubmitTool || s.from.Kind == "tool" && function == s.from.Name
}

// eventKeyNames are the keys a record event may have, each a bit of an eventKeySet
// (bit i for name i), in the order the event has them: the four every event has, the
// host fields of an INFO_CALL's reply (InspectHostFields), the error of an INFO_CALL
// whose reply did not say it (tool_status, then tool_error when the reply had none),
// the reply of a CONSEQUENTIAL_CALL.
var eventKeyNames = [...]string{"type", "call_id", "tool", "arguments",
	"evidence_delta_key", "tool_status", "tool_error", "resolved_arguments", "attempted_arguments_valid",
	"tool_status", "tool_error", "result"}

// eventKeySet says which of eventKeyNames an event has.
type eventKeySet uint16

// Bits of an eventKeySet: the first host field, the reply's tool_status and tool_error,
// the call's error (tool_status and tool_error after the host fields), the reply.
const (
	keyHost       = 4
	keyHostStatus = 5
	keyHostError  = 6
	keyStatus     = 9
	keyError      = 10
	keyResult     = 11
)

// keyLists holds a stream's key lists for objects whose keys are some of a list of names,
// by their set (bit i for name i): one list per set, which the objects share
// (jsonv.NewObjectKeys: nothing changes it in place), as the objects the decoder reads
// from JSONL share theirs.
type keyLists map[uint16][]string

// object returns the object of the names in set, in their order, with their values from
// vals (vals[i] for name i).
func (m keyLists) object(names []string, set uint16, vals []any) *jsonv.Object {
	keys, ok := m[set]
	if !ok {
		for b, k := range names {
			if set&(1<<b) != 0 {
				keys = append(keys, k)
			}
		}
		m[set] = keys
	}
	o := jsonv.NewObjectKeys(keys)
	j := 0
	for b := range names {
		if set&(1<<b) != 0 {
			o.Values[j] = vals[b]
			j++
		}
	}
	return o
}

// infoTools is the set of a case's info_tools, made once per case for the stream.
func (s *InspectStream) infoTools(c *casespec.Case) map[string]bool {
	if set, ok := s.info[c]; ok {
		return set
	}
	set := map[string]bool{}
	if tools, ok := c.Spec.List("info_tools"); ok {
		for _, t := range tools {
			if name, ok := t.(string); ok {
				set[name] = true
			}
		}
	}
	s.info[c] = set
	return set
}

// boxes holds strings that recur from sample to sample (a bench has a few hundred
// tools; a harness numbers its calls), each as an event value copied and boxed once for
// the stream, so that episodes share it.
type boxes map[string]any

// box returns s as a value: the stream's copy, or a new one.
func (b boxes) box(s string) any {
	if v, ok := b[s]; ok {
		return v
	}
	c := strings.Clone(s) // the key too: s is in the sample's transcript
	v := any(c)
	if len(b) < maxBoxes {
		b[c] = v
	}
	return v
}

// maxBoxes bounds each of the stream's shared lists: logs with made-up names or
// unique call ids do not grow it without end.
const maxBoxes = 4096

// replyObject is a tool reply read as a JSON object: the reply's text (a string, or a
// list of content parts whose text is joined: inspect.ToolEvent.ResultText) holding one;
// nil for anything else.
func replyObject(dec *jsonv.Decoder, text string) *jsonv.Object {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "{") {
		return nil
	}
	o, _ := dec.Parse(stringBytes(t))
	obj, _ := o.(*jsonv.Object)
	return obj
}

// stringBytes is s's bytes, read in place: for jsonv.Decoder.Parse, which reads its
// input without changing or keeping it (its strings are copies).
func stringBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// inspectOfficial is the harness's verdict from the InspectScorer score: successful
// when Inspect maps its value to 1, not when to 0; the answer is the raw status and the
// score's metadata the rest, in key order.
func inspectOfficial(dec *jsonv.Decoder, l *inspectLog, smp *inspect.Sample) (*jsonv.Object, error) {
	sc, ok := smp.Score(InspectScorer)
	if !ok {
		return nil, nil
	}
	f, ok := sc.Float()
	if !ok || f != 0 && f != 1 {
		v := string(sc.Value)
		if v == "null" { // also a NaN as written: the reader reads one as null
			v = "NaN or null (the scorer left the sample unscored)"
		}
		return nil, l.problem(smp.Member, "scores."+InspectScorer+".value", "%s is not a pass (C, 1, true) or a fail (I, 0, false)", v)
	}
	o := jsonv.NewObject("successful", f == 1)
	if sc.Answer != "" {
		o.Set("raw_status", sc.Answer)
	}
	keys := make([]string, 0, len(sc.Metadata))
	for k := range sc.Metadata {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v, err := dec.Parse(sc.Metadata[k])
		if err != nil {
			return nil, l.problem(smp.Member, "scores."+InspectScorer+".metadata."+k, "invalid JSON: %v", err)
		}
		o.Set(k, v)
	}
	return o, nil
}

// inspectUsage is the episode's usage: total_time as wall seconds, model_usage summed
// over models (tokens, reasoning and cache-read tokens when reported, total_cost as
// cost_usd); nil when the sample reports neither. Its keys are one of the stream's
// shared lists (keyLists), as an event's are.
func (s *InspectStream) inspectUsage(smp *inspect.Sample) *jsonv.Object {
	var vals [len(usageKeyNames)]any
	var set uint8
	put := func(b int, v any) { set, vals[b] = set|1<<b, v }
	if smp.TotalTime != nil {
		put(0, *smp.TotalTime)
	}
	if len(smp.ModelUsage) > 0 {
		t := smp.ModelUsage.Total()
		put(1, t.InputTokens)
		put(2, t.OutputTokens)
		if t.ReasoningTokens > 0 {
			put(3, t.ReasoningTokens)
		}
		if t.InputTokensCacheRead > 0 {
			put(4, t.InputTokensCacheRead)
		}
		if t.TotalCost != nil {
			put(5, *t.TotalCost)
		}
	}
	if set == 0 {
		return nil
	}
	return s.usageKeys.object(usageKeyNames[:], uint16(set), vals[:])
}

// usageKeyNames are the keys of an episode's usage, in their order.
var usageKeyNames = [...]string{"wall_seconds", "input_tokens", "output_tokens", "reasoning_tokens", "cached_tokens", "cost_usd"}
