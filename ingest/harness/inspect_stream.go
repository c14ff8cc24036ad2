package harness

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"unicode"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/inspect"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

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

// inspectLog is what the stream knows of the log it is reading.
type inspectLog struct {
	file              string
	head              *inspect.Log
	config, model     string
	harness, cond     string // cond: --condition
	taskCond          string // task_args.condition
	sab               bool   // some sample named a case
	firstWithout      string // member of the first sample without a case
	samples           int
	idsWithout        []inspect.SampleID // the first five distinct sample ids
	moreIDs           bool
	configProblem     *ingest.Problem
	reportedConfigPb  bool
	reportedSummaries bool // a log of summaries only was reported, at its first
}

// OpenInspect prepares a stream over files (inspect.Expand); nothing is read yet.
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
		// Without --config the configuration is model/harness, each part the option's
		// when given, else the log's: a --harness that set the harness field alone left
		// a configuration naming the log's solver beside it.
		l.model, l.harness = cmp.Or(s.opt.Model, h.Eval.Model), cmp.Or(s.opt.Harness, h.Solvers())
		l.config = l.model + "/" + l.harness
		switch {
		case l.model == "":
			l.configProblem = &ingest.Problem{File: file, Field: "header.json: eval.model", Msg: "empty: the configuration is model/solver, so pass --config (or --model)"}
		case l.harness == "":
			l.configProblem = &ingest.Problem{File: file, Field: "header.json: eval.solver", Msg: "no solver in eval.solver or plan.steps: the configuration is model/solver, so pass --config (or --harness)"}
		case ingest.ConfigProblem(l.config) != "":
			// A model or solver with white space at the configuration's ends: the episode
			// reader would refuse what ingest wrote.
			field := "header.json: eval.model"
			if strings.TrimLeftFunc(l.model, unicode.IsSpace) == l.model {
				field = "header.json: eval.solver"
			}
			l.configProblem = &ingest.Problem{File: file, Field: field, Msg: "the configuration model/solver " + ingest.ConfigProblem(l.config) + ", which no episode may carry, so pass --config (or --model and --harness)"}
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
		ids := idList(l.idsWithout)
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

// idList joins sample ids as text, each marked with its kind when the list holds its text
// as both a number and a string (1 and "1" are two samples to Inspect), as the samples
// output adds sample_id_kind only then.
func idList(ids []inspect.SampleID) string {
	kinds := map[string]int{} // id text → how many kinds in ids
	for _, id := range ids {
		kinds[id.String()]++ // ids are distinct, so a text twice is of both kinds
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id.String()
		if kinds[id.String()] > 1 {
			out[i] += map[bool]string{true: " (a number)", false: " (a string)"}[id.IsNumber()]
		}
	}
	return strings.Join(out, ", ")
}
