package inspect

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
)

var nan = math.NaN()

// decodeSample parses one sample's JSON; member locates it in errors. It reads the
// fields a Sample holds and skips the rest (messages, a model event's input and tools)
// without building values; light skips more (ReadOptions.Light), and with it the
// arguments and results of the tool events of skipTools (ReadOptions.SkipTools). The
// values it keeps are copies (detach), so data may be reused once it returns. The
// transcript is written into mem (recycled memory, ReadOptions.Recycle) when it is not
// nil.
func decodeSample(file, member string, data []byte, fromSummary, light bool, skipTools []string, mem *sampleMem) (*Sample, error) {
	if !light {
		skipTools = nil
	}
	l := &lexer{data: data, light: light, skipTools: skipTools}
	s := &Sample{Member: member, FromSummary: fromSummary, mem: mem}
	if mem == nil {
		mem = &sampleMem{}
	}
	l.mem = mem
	mem.seen.reset()
	l.seen = &mem.seen
	defer mem.seen.reset() // its strings point into data
	var att attachments
	// The strings of the transcript (events, output) share chunks: many are short ids,
	// names and timestamps, and they are dropped with the sample, together. Those of
	// the sample's rows (ids, scores, errors) have allocations of their own: a caller
	// may keep them long after the transcript.
	transcript := &mem.strs
	var id *SampleID
	var epoch *int64
	if l.peek() != '{' {
		if l.peek() == 0 {
			return nil, errorf(file, member, "", "%v", errTruncated)
		}
		return nil, errorf(file, member, "", "a sample must be a JSON object, got a JSON %s", l.kind())
	}
	err := l.object(func(key []byte) *decodeErr {
		var err *decodeErr
		switch string(key) {
		case "id":
			id, err = l.sampleID()
		case "epoch":
			if l.isNull() {
				epoch = nil
				return nil
			}
			var n int64
			n, err = l.int()
			epoch = &n
		case "uuid":
			if !l.isNull() {
				s.UUID, err = l.str()
			}
		case "input":
			if light {
				return l.skip()
			}
			s.Input, err = l.raw()
		case "target":
			if light {
				return l.skip()
			}
			s.Target, err = l.raw()
		case "scores":
			s.Scores, err = l.scores(s.Scores)
		case "metadata":
			s.Metadata, err = l.rawMap()
		case "store":
			s.Store, err = l.rawMap()
		case "output":
			if l.isNull() {
				s.Output = nil
				return nil
			}
			l.strs = transcript
			s.Output, err = l.output()
			l.strs = nil
		case "model_usage":
			s.ModelUsage, err = l.modelUsages()
		case "total_time":
			s.TotalTime, err = l.optFloat()
		case "working_time":
			s.WorkingTime, err = l.optFloat()
		case "error":
			s.Error, err = l.sampleError()
		case "limit":
			s.Limit, err = l.sampleLimit()
		case "events":
			l.strs = transcript
			s.Events, err = l.events()
			l.strs = nil
		case "attachments":
			att, err = l.attachments()
		default:
			err = l.skip()
		}
		if err != nil {
			return err.in(string(key))
		}
		return nil
	})
	if err == nil && l.peek() != 0 {
		err = l.syntax("after the sample")
	}
	if err != nil {
		return nil, &Error{File: file, Member: member, Field: err.field, Err: err.err}
	}
	switch {
	case id == nil:
		return nil, errorf(file, member, "id", "missing")
	case epoch == nil:
		return nil, errorf(file, member, "epoch", "missing")
	case *epoch < 1:
		return nil, errorf(file, member, "epoch", "must be 1 or more, got %d", *epoch)
	}
	s.ID, s.Epoch = *id, int(*epoch)
	for i := range s.Scores {
		if len(s.Scores[i].Value) == 0 {
			return nil, errorf(file, member, "scores."+s.Scores[i].Scorer+".value", "missing")
		}
	}
	slices.SortFunc(s.Scores, func(a, b Score) int { return strings.Compare(a.Scorer, b.Scorer) })
	if len(att) > 0 {
		s.resolve(att)
	}
	if light {
		for _, ev := range s.Events {
			if ev.Tool != nil {
				ev.Tool.Result = nil // ResultText has what it said
			}
		}
	}
	s.detach(mem)
	return s, nil
}

// sampleID reads a number (as written) or a string; null is nil.
func (l *lexer) sampleID() (*SampleID, *decodeErr) {
	switch c := l.peek(); {
	case c == 'n':
		return nil, l.literal("null")
	case c == '"':
		s, err := l.str()
		return &SampleID{text: s}, err
	case c == '-' || c >= '0' && c <= '9':
		t, err := l.number()
		return &SampleID{text: string(t), num: true}, err
	}
	if l.kind() == "value" {
		return nil, l.syntax("looking for a value")
	}
	return nil, failf("sample id must be a number or a string, got a JSON %s", l.kind())
}

// scores reads {"scorer": {value, answer, explanation, metadata}} into out (a scorer
// written twice keeps its last score).
func (l *lexer) scores(out []Score) ([]Score, *decodeErr) {
	if l.isNull() {
		return out, nil
	}
	err := l.object(func(key []byte) *decodeErr {
		sc := Score{Scorer: string(key)}
		if l.isNull() {
			sc.Value = nil // a null score has no value: "missing" below
		} else if err := l.object(func(k []byte) *decodeErr {
			var err *decodeErr
			switch string(k) {
			case "value":
				sc.Value, err = l.raw()
			case "answer":
				err = l.optStrInto(&sc.Answer, "")
			case "explanation":
				err = l.optStrInto(&sc.Explanation, "")
			case "metadata":
				sc.Metadata, err = l.rawMap()
			default:
				err = l.skip()
			}
			if err != nil {
				return err.in(string(k))
			}
			return nil
		}); err != nil {
			return err.in(sc.Scorer)
		}
		if sc.Value != nil {
			sc.Value = compact(sc.Value)
		}
		for i := range out {
			if out[i].Scorer == sc.Scorer {
				out[i] = sc
				return nil
			}
		}
		out = append(out, sc)
		return nil
	})
	return out, err
}

// modelUsages reads {"model": {usage}}, sorted by model.
func (l *lexer) modelUsages() (ModelUsages, *decodeErr) {
	if l.isNull() {
		return nil, nil
	}
	var out ModelUsages
	err := l.object(func(key []byte) *decodeErr {
		u, err := l.modelUsage()
		if err != nil {
			return err.in(string(key))
		}
		model := string(key)
		for i := range out {
			if out[i].Model == model {
				out[i].ModelUsage = u
				return nil
			}
		}
		out = append(out, ModelUsageOf{Model: model, ModelUsage: u})
		return nil
	})
	slices.SortFunc(out, func(a, b ModelUsageOf) int { return strings.Compare(a.Model, b.Model) })
	if out == nil && err == nil {
		out = ModelUsages{}
	}
	return out, err
}

func (l *lexer) modelUsage() (ModelUsage, *decodeErr) {
	var u ModelUsage
	err := l.object(func(key []byte) *decodeErr {
		var dst *int64
		switch string(key) {
		case "input_tokens":
			dst = &u.InputTokens
		case "output_tokens":
			dst = &u.OutputTokens
		case "total_tokens":
			dst = &u.TotalTokens
		case "input_tokens_cache_write":
			dst = &u.InputTokensCacheWrite
		case "input_tokens_cache_read":
			dst = &u.InputTokensCacheRead
		case "reasoning_tokens":
			dst = &u.ReasoningTokens
		case "total_cost":
			var err *decodeErr
			if u.TotalCost, err = l.optFloat(); err != nil {
				return err.in("total_cost")
			}
			return nil
		default:
			return l.skip()
		}
		if l.isNull() {
			return nil
		}
		n, err := l.int()
		if err != nil {
			return err.in(string(key))
		}
		*dst = n
		return nil
	})
	return u, err
}

func (l *lexer) sampleError() (*SampleError, *decodeErr) {
	if l.isNull() {
		return nil, nil
	}
	e := &SampleError{}
	err := l.object(func(key []byte) *decodeErr {
		switch string(key) {
		case "message":
			return l.optStrInto(&e.Message, "message")
		case "traceback":
			return l.optStrInto(&e.Traceback, "traceback")
		}
		return l.skip()
	})
	return e, err
}

func (l *lexer) sampleLimit() (*SampleLimit, *decodeErr) {
	if l.isNull() {
		return nil, nil
	}
	lim := &SampleLimit{}
	err := l.object(func(key []byte) *decodeErr {
		switch string(key) {
		case "type":
			return l.optStrInto(&lim.Type, "type")
		case "limit":
			if l.isNull() {
				return nil
			}
			x, err := l.float()
			if err != nil {
				return err.in("limit")
			}
			lim.Limit = x
			return nil
		}
		return l.skip()
	})
	return lim, err
}

// optStrInto sets *dst to a string; null leaves it as it is.
func (l *lexer) optStrInto(dst *string, field string) *decodeErr {
	s, ok, err := l.optStr()
	if err != nil {
		if field == "" {
			return err
		}
		return err.in(field)
	}
	if ok {
		*dst = s
	}
	return nil
}

// attachments reads {"hash": "text"}.
func (l *lexer) attachments() (attachments, *decodeErr) {
	if l.isNull() {
		return nil, nil
	}
	var a attachments // made at the first attachment: most samples have none
	err := l.object(func(key []byte) *decodeErr {
		if l.isNull() {
			return nil
		}
		s, err := l.str()
		if err != nil {
			return err.in(string(key))
		}
		if a == nil {
			a = attachments{}
		}
		a[string(key)] = s
		return nil
	})
	return a, err
}

// output reads a ModelOutput: the first choice's text, stop reason and tool calls, the
// completion when written (it wins over the choice's text), usage and error.
func (l *lexer) output() (*ModelOutput, *decodeErr) {
	m := &ModelOutput{}
	var completion string
	hasCompletion := false
	choices := -1 // light: where the choices are, read only when there is no completion
	err := l.object(func(key []byte) *decodeErr {
		var err *decodeErr
		switch string(key) {
		case "model":
			err = l.optStrInto(&m.Model, "")
		case "completion":
			completion, hasCompletion, err = l.optStr()
		case "choices":
			if l.light {
				choices = l.pos
				err = l.skip()
				break
			}
			err = l.choices(m)
		case "usage":
			if l.isNull() {
				m.Usage = nil
				return nil
			}
			var u ModelUsage
			u, err = l.modelUsage()
			m.Usage = &u
		case "error":
			err = l.optStrInto(&m.Error, "")
		default:
			err = l.skip()
		}
		if err != nil {
			return err.in(string(key))
		}
		return nil
	})
	if err == nil && !hasCompletion && choices >= 0 {
		lx := &lexer{data: l.data, pos: choices, strs: l.strs, seen: l.seen} // offsets as in l
		err = lx.choices(m)
		if err != nil {
			err = err.in("choices")
		}
	}
	if hasCompletion {
		m.Completion = completion
	}
	return m, err
}

// choices reads the first choice of a model output (and checks the rest's form).
func (l *lexer) choices(m *ModelOutput) *decodeErr {
	if l.isNull() {
		return nil
	}
	return l.array(func(i int) *decodeErr {
		if i > 0 {
			return l.skip()
		}
		if l.isNull() {
			return nil
		}
		err := l.object(func(key []byte) *decodeErr {
			var err *decodeErr
			switch string(key) {
			case "stop_reason":
				err = l.optStrInto(&m.StopReason, "")
			case "message":
				if l.isNull() {
					return nil
				}
				err = l.object(func(k []byte) *decodeErr {
					var err *decodeErr
					switch string(k) {
					case "content":
						var raw []byte
						if raw, err = l.raw(); err == nil {
							m.Completion = l.contentText(raw)
						}
					case "tool_calls":
						m.ToolCalls, err = l.toolCalls()
					default:
						err = l.skip()
					}
					if err != nil {
						return err.in(string(k))
					}
					return nil
				})
			default:
				err = l.skip()
			}
			if err != nil {
				return err.in(string(key))
			}
			return nil
		})
		if err != nil {
			return err.in("[0]")
		}
		return nil
	})
}

func (l *lexer) toolCalls() ([]ToolCall, *decodeErr) {
	if l.isNull() {
		return nil, nil
	}
	var out []ToolCall
	err := l.array(func(i int) *decodeErr {
		var tc ToolCall
		if !l.isNull() {
			err := l.object(func(key []byte) *decodeErr {
				var err *decodeErr
				switch string(key) {
				case "id":
					err = l.optStrInto(&tc.ID, "")
				case "function":
					err = l.optStrInto(&tc.Function, "")
				case "arguments":
					tc.Arguments, err = l.raw()
				default:
					err = l.skip()
				}
				if err != nil {
					return err.in(string(key))
				}
				return nil
			})
			if err != nil {
				return err.in("[" + strconv.Itoa(i) + "]")
			}
		}
		out = append(out, tc)
		return nil
	})
	return out, err
}

// eventFields are the raw fields of an event: the kind may come after the rest, and the
// same key means different things in different events (a sandbox event's "output" is a
// string, a model event's an object), so they are read once the kind is known.
type eventFields struct {
	kind, timestamp, workingTime, id, function, arguments, result, err, model, output []byte
	hasKind                                                                           bool
	skipCall                                                                          bool         // a tool event of ReadOptions.SkipTools
	known                                                                             string       // the kind, once read
	out                                                                               *ModelOutput // a model event's output, decoded in place
}

// keeps reports whether an event of the known kind keeps the field.
// A model event keeps its fields only when models are read (not in a light read of a
// sample with tool events, which does not keep its model events).
func (f *eventFields) keeps(field string, models bool) bool {
	switch f.known {
	case EventTool:
		return field == "id" || field == "function" || field == "arguments" || field == "result" || field == "error"
	case EventModel:
		return models && (field == "model" || field == "output" || field == "error")
	}
	return false
}

// keepsAny reports whether a light read keeps any field of an event of the known kind
// after its kind (keeps, with timestamps and working times skipped).
func (f *eventFields) keepsAny(models bool) bool {
	return f.known == EventTool || f.known == EventModel && models
}

// events reads a sample's transcript, decoding the fields of the kinds the reader keeps
// (tool, model).
func (l *lexer) events() ([]Event, *decodeErr) {
	if l.isNull() {
		return nil, nil
	}
	// The events are gathered in pooled scratch space and moved, once the transcript
	// is read, to blocks of their exact number (transcriptBlocks).
	sc := eventScratches.Get().(*eventScratch)
	defer sc.release()
	saved := l.sc
	l.sc = sc
	defer func() { l.sc = saved }()
	start := l.pos
	tools, models := 0, 0
	err := l.array(func(i int) *decodeErr {
		var f eventFields
		if !l.isNull() {
			err := l.object(func(key []byte) *decodeErr {
				// Inspect writes an event's kind before its other fields: once it is
				// known, the fields its kind does not keep are skipped, and a model
				// event's output is decoded in place rather than captured first.
				var dst *[]byte
				switch k := string(key); {
				case k == "event":
					f.hasKind = true
					dst = &f.kind
				case l.light && (k == "timestamp" || k == "working_time"):
					return l.skip()
				case k == "timestamp":
					dst = &f.timestamp
				case k == "working_time":
					dst = &f.workingTime
				case f.known != "" && !f.keeps(k, !l.light || l.models):
					return l.skip()
				case f.skipCall && (k == "arguments" || k == "result"):
					return l.skip()
				case l.light && (k == "result" || k == "output" && !l.models):
					// A result gives its text; an output is read (in full,
					// again) only when the sample has no tool event.
					raw, err := l.skipRaw()
					if k == "output" {
						f.output = raw
					} else {
						f.result = raw
					}
					return err
				case k == "output" && f.known == EventModel && l.peek() != 'n':
					light := l.light
					l.light = false // a model event's output is read in full
					o, err := l.output()
					l.light = light
					if err != nil {
						return failf("model output is not an object: %v", err).in("output")
					}
					f.out = o
					return nil
				case k == "id":
					dst = &f.id
				case k == "function":
					dst = &f.function
				case k == "arguments":
					dst = &f.arguments
				case k == "result":
					dst = &f.result
				case k == "error":
					dst = &f.err
				case k == "model":
					dst = &f.model
				case k == "output":
					dst = &f.output
				default:
					return l.skip()
				}
				var err *decodeErr
				*dst, err = l.raw()
				if err != nil {
					return err.in(string(key))
				}
				if dst == &f.kind && f.known == "" && len(f.kind) > 0 && f.kind[0] == '"' {
					f.known, _ = l.eventKind(f.kind)
					if l.light && f.known != "" && !f.keepsAny(l.models) {
						// The kind keeps none of its fields (a model event of a
						// sample with tool events, a span, a score...).
						return errSkipRest
					}
				}
				if dst == &f.function && f.known == EventTool && len(l.skipTools) > 0 {
					// Written before the arguments and result (else they are read,
					// and dropped by event).
					f.skipCall = slices.ContainsFunc(l.skipTools, func(t string) bool { return isJSONString(f.function, t) })
				}
				return nil
			})
			if err != nil {
				return err.in("[" + strconv.Itoa(i) + "]")
			}
		}
		ev, err := f.event(l, !l.light || l.models)
		if err != nil {
			return err.in("[" + strconv.Itoa(i) + "]")
		}
		if ev.Tool != nil {
			tools++
		}
		if ev.Kind == EventModel {
			models++
		}
		sc.events = append(sc.events, ev)
		return nil
	})
	if err == nil && l.light && !l.models && tools == 0 && models > 0 {
		// No tool event: the model events' tool calls stand for them, so the
		// transcript is read again, with their outputs.
		lx := &lexer{data: l.data, pos: start, strs: l.strs, light: true, models: true, skipTools: l.skipTools, mem: l.mem, seen: l.seen}
		return lx.events()
	}
	keep := "" // every event
	switch {
	case l.models:
		keep = EventModel
	case l.light:
		keep = EventTool
	}
	return sc.transcriptBlocks(keep, l.mem), err
}

// eventScratch gathers a transcript's events, tool events and empty model outputs
// while it is read: their numbers are known only at its end, and blocks of a guessed
// size (then grown, or mostly unused) cost more to allocate and collect than one copy.
type eventScratch struct {
	events []Event
	tools  []ToolEvent
	outs   []ModelOutput
}

var eventScratches = sync.Pool{New: func() any { return new(eventScratch) }}

// The tool event and model output an event points to while its transcript is read,
// in place of its own (kept in the scratch space, in order).
var (
	pendingTool   ToolEvent
	pendingOutput ModelOutput
)

// newTool adds a zero tool event to the scratch space; the pointer is valid until the
// next one is added.
func (sc *eventScratch) newTool() *ToolEvent {
	sc.tools = append(sc.tools, ToolEvent{})
	return &sc.tools[len(sc.tools)-1]
}

// newOutput adds a zero model output, as newTool.
func (sc *eventScratch) newOutput() *ModelOutput {
	sc.outs = append(sc.outs, ModelOutput{})
	return &sc.outs[len(sc.outs)-1]
}

// transcriptBlocks moves the gathered events to new blocks of their exact numbers
// (nil when there is none), pointing each at its tool event or model output there;
// with keep, only the events of that kind (a light read's: those an episode is made of).
// The blocks are mem's, grown when they are too small.
func (sc *eventScratch) transcriptBlocks(keep string, mem *sampleMem) []Event {
	if keep != "" {
		sc.events = slices.DeleteFunc(sc.events, func(ev Event) bool { return ev.Kind != keep })
	}
	if len(sc.events) == 0 {
		return nil
	}
	mem.events = append(mem.events[:0], sc.events...)
	mem.tools = append(mem.tools[:0], sc.tools...)
	mem.outs = append(mem.outs[:0], sc.outs...)
	out, tools, outs := slices.Clip(mem.events), mem.tools, mem.outs
	for i := range out {
		if out[i].Tool == &pendingTool {
			out[i].Tool, tools = &tools[0], tools[1:]
		}
		if out[i].Model == &pendingOutput {
			out[i].Model, outs = &outs[0], outs[1:]
		}
	}
	return out
}

// reset empties the scratch space (dropping what it points to) for the next transcript.
func (sc *eventScratch) reset() {
	clear(sc.events)
	clear(sc.tools)
	clear(sc.outs)
	sc.events, sc.tools, sc.outs = sc.events[:0], sc.tools[:0], sc.outs[:0]
}

// release resets the scratch space and returns it to the pool.
func (sc *eventScratch) release() {
	sc.reset()
	eventScratches.Put(sc)
}

// sub is a lexer over one raw field.
func sub(raw []byte) *lexer { return &lexer{data: raw} }

// eventKinds are the kinds of events Inspect writes: an event's kind is one of these
// strings rather than a copy.
var eventKinds = []string{EventModel, EventTool, "sample_init", "sample_limit", "sandbox", "state", "store", "score",
	"score_edit", "error", "logger", "info", "input", "approval", "span_begin", "span_end", "step", "subtask", "compaction"}

// eventKind reads an event's kind (its raw JSON string).
func (l *lexer) eventKind(raw []byte) (string, *decodeErr) {
	for _, k := range eventKinds {
		if isJSONString(raw, k) {
			return k, nil
		}
	}
	return l.sub(raw).str()
}

// event builds the event from its fields; l is the events' lexer (its strings go
// where l's do). A model event is read only with output (else its Model is nil: a
// light read does not keep it).
func (f *eventFields) event(l *lexer, output bool) (Event, *decodeErr) {
	var ev Event
	if f.hasKind && !isNullRaw(f.kind) {
		k, err := l.eventKind(f.kind)
		if err != nil {
			return ev, err.in("event")
		}
		ev.Kind = k
	}
	if ev.Kind == "" {
		return ev, failf("missing").in("event")
	}
	if len(f.timestamp) > 0 && f.timestamp[0] == '"' {
		ev.Timestamp, _ = l.sub(f.timestamp).str()
	}
	switch {
	case len(f.workingTime) == 0:
	case isNullRaw(f.workingTime):
		ev.WorkingTime = new(float64) // encoding/json leaves the zero value for null
	default:
		if x, err := sub(f.workingTime).float(); err == nil {
			ev.WorkingTime = &x
		}
	}
	str := func(name string, raw []byte, dst *string) *decodeErr {
		if len(raw) == 0 || isNullRaw(raw) {
			return nil
		}
		s, err := l.sub(raw).str()
		if err != nil {
			return failf("is not a string").in(name)
		}
		*dst = s
		return nil
	}
	switch ev.Kind {
	case EventTool:
		t := l.sc.newTool()
		*t = ToolEvent{Arguments: f.arguments, Result: f.result, ResultText: l.replyText(f.result)}
		if err := str("id", f.id, &t.ID); err != nil {
			return ev, err
		}
		if err := str("function", f.function, &t.Function); err != nil {
			return ev, err
		}
		if slices.Contains(l.skipTools, t.Function) {
			t.Arguments, t.Result, t.ResultText = nil, nil, ""
		}
		if len(f.err) > 0 && !isNullRaw(f.err) {
			t.Error = new(ToolError)
			lx := l.sub(f.err)
			err := lx.object(func(key []byte) *decodeErr {
				switch string(key) {
				case "type":
					return lx.optStrInto(&t.Error.Type, "type")
				case "message":
					return lx.optStrInto(&t.Error.Message, "message")
				}
				return lx.skip()
			})
			if err != nil {
				return ev, failf("tool error is not {type, message}: %v", err).in("error")
			}
		}
		ev.Tool = &pendingTool
	case EventModel:
		var m *ModelOutput
		pending := false // m is in the scratch space
		hasErr := len(f.err) > 0 && !isNullRaw(f.err)
		if f.out != nil {
			m = f.out
		} else if output && len(f.output) > 0 && !isNullRaw(f.output) {
			lx := l.sub(f.output)
			lx.light = false // a model event's output is read in full
			o, err := lx.output()
			if err != nil {
				return ev, failf("model output is not an object: %v", err).in("output")
			}
			m = o
		} else if !output {
			// A light read's model event is not kept: the sample has tool events, or
			// its transcript is read again with outputs.
			return ev, nil
		} else {
			m, pending = l.sc.newOutput(), true
		}
		if err := str("model", f.model, &m.Model); err != nil {
			return ev, err
		}
		if hasErr {
			msg, err := l.sub(f.err).str()
			if err != nil {
				msg = string(f.err)
			}
			m.Error = msg
		}
		ev.Model = m
		if pending {
			ev.Model = &pendingOutput
		}
	}
	return ev, nil
}

func isNullRaw(r []byte) bool { return string(bytes.TrimSpace(r)) == "null" }

// isJSONString reports whether raw is the JSON string s written without escapes.
func isJSONString(raw []byte, s string) bool {
	return len(raw) == len(s)+2 && raw[0] == '"' && raw[len(raw)-1] == '"' && string(raw[1:len(raw)-1]) == s
}

// contentText is a message's text: the string, or its text parts joined by newlines;
// "" for anything else.
func (lx *lexer) contentText(raw []byte) string {
	l := lx.sub(raw)
	if l.peek() == '"' {
		s, _ := l.str()
		return s
	}
	var texts []string
	err := l.array(func(int) *decodeErr {
		var typ, text string
		if l.isNull() {
			return nil
		}
		err := l.object(func(key []byte) *decodeErr {
			switch string(key) {
			case "type":
				return l.optStrInto(&typ, "")
			case "text":
				return l.optStrInto(&text, "")
			}
			return l.skip()
		})
		if err != nil {
			return err
		}
		if typ == "text" {
			texts = append(texts, text)
		}
		return nil
	})
	if err != nil {
		return ""
	}
	return strings.Join(texts, "\n")
}

// replyText is a tool result's text (ToolEvent.ResultText): a string, or the "text"
// of the parts of a list whose "type" is "text", joined by newlines.
func (lx *lexer) replyText(raw []byte) string {
	l := lx.sub(raw)
	switch l.peek() {
	case '"':
		if n := len(raw); l.pos == 0 && n >= 2 && raw[n-1] == '"' {
			// raw is one string, its end found when it was read: decoded without
			// looking for the end again.
			return l.content(raw[1 : n-1])
		}
		s, _ := l.str()
		return s
	case '[':
	default:
		return ""
	}
	var texts []string
	err := l.array(func(int) *decodeErr {
		if l.peek() != '{' {
			return l.skip()
		}
		var typ, text string
		err := l.object(func(key []byte) *decodeErr {
			k := string(key)
			if (k == "type" || k == "text") && l.peek() == '"' {
				s, err := l.str()
				if k == "type" {
					typ = s
				} else {
					text = s
				}
				return err
			}
			return l.skip()
		})
		if typ == "text" {
			texts = append(texts, text)
		}
		return err
	})
	if err != nil {
		return ""
	}
	return strings.Join(texts, "\n")
}

// resolve replaces "attachment://<hash>" references with the attachments' text where
// Inspect writes them: input, target, score answers and explanations, output and model
// completions, tool call arguments and tool results.
func (s *Sample) resolve(att attachments) {
	s.Input, s.Target = att.raw(s.Input), att.raw(s.Target)
	for i := range s.Scores {
		s.Scores[i].Answer = att.str(s.Scores[i].Answer)
		s.Scores[i].Explanation = att.str(s.Scores[i].Explanation)
	}
	output := func(m *ModelOutput) {
		if m == nil {
			return
		}
		m.Completion = att.str(m.Completion)
		for i := range m.ToolCalls {
			m.ToolCalls[i].Arguments = att.raw(m.ToolCalls[i].Arguments)
		}
	}
	output(s.Output)
	for i := range s.Events {
		if t := s.Events[i].Tool; t != nil {
			t.Arguments, t.Result = att.raw(t.Arguments), att.raw(t.Result)
			t.ResultText = sub(nil).replyText(t.Result)
		}
		output(s.Events[i].Model)
	}
}

// detach copies the raw values a sample keeps out of the member's bytes, so that the
// reader can reuse its buffer and a caller that keeps a sample's metadata does not keep
// the whole member. The values per sample go to two allocations: what a sample's rows
// keep (input, target, scores, metadata, store), and its transcript (tool arguments and
// results), which a caller usually drops after the sample.
func (s *Sample) detach(mem *sampleMem) {
	var rows arena
	events := arena{buf: mem.raw[:0]}
	v := new(json.RawMessage) // the map values pass through it (mapValues)
	visitRows := func(f func(*json.RawMessage)) {
		f(&s.Input)
		f(&s.Target)
		for i := range s.Scores {
			f(&s.Scores[i].Value)
			mapValues(s.Scores[i].Metadata, f, v)
		}
		mapValues(s.Metadata, f, v)
		mapValues(s.Store, f, v)
	}
	visitEvents := func(f func(*json.RawMessage)) {
		calls := func(m *ModelOutput) {
			if m == nil {
				return
			}
			for i := range m.ToolCalls {
				f(&m.ToolCalls[i].Arguments)
			}
		}
		calls(s.Output)
		for i := range s.Events {
			if t := s.Events[i].Tool; t != nil {
				f(&t.Arguments)
				f(&t.Result)
			}
			calls(s.Events[i].Model)
		}
	}
	visitRows(rows.size)
	visitEvents(events.size)
	rows.alloc()
	events.alloc()
	visitRows(rows.copy)
	visitEvents(events.copy)
	mem.raw = events.buf
}

// mapValues applies f to each value of m. The values pass through v, one variable for
// every map of a sample (a pointer to the loop's variable would move every value to the
// heap, and a variable per map is an allocation per map).
func mapValues(m map[string]json.RawMessage, f func(*json.RawMessage), v *json.RawMessage) {
	if len(m) == 0 {
		return
	}
	for k, r := range m {
		*v = r
		f(v)
		m[k] = *v
	}
}

// arena is one allocation that raw values are copied into: size counts, alloc makes
// it, copy moves a value in.
type arena struct {
	n   int
	buf []byte
}

func (a *arena) size(r *json.RawMessage) { a.n += len(*r) }

// alloc makes the arena's buffer, unless the one it has (recycled) is large enough.
func (a *arena) alloc() {
	if cap(a.buf) < a.n {
		a.buf = make([]byte, 0, a.n)
	}
}

func (a *arena) copy(r *json.RawMessage) {
	if *r == nil {
		return
	}
	start := len(a.buf)
	a.buf = append(a.buf, *r...)
	*r = a.buf[start:len(a.buf):len(a.buf)]
}

// attachments resolves the "attachment://<hash>" references Inspect writes in place of
// long strings.
type attachments map[string]string

const attachmentPrefix = "attachment://"

func (a attachments) str(s string) string {
	if len(a) == 0 || !strings.HasPrefix(s, attachmentPrefix) {
		return s
	}
	if v, ok := a[s[len(attachmentPrefix):]]; ok {
		return v
	}
	return s
}

// raw resolves a JSON string holding a reference; other JSON is returned as is.
func (a attachments) raw(r json.RawMessage) json.RawMessage {
	if len(a) == 0 || !bytes.Contains(r, []byte(attachmentPrefix)) {
		return r
	}
	var s string
	if json.Unmarshal(r, &s) != nil {
		return r
	}
	out, err := json.Marshal(a.str(s))
	if err != nil {
		return r
	}
	return out
}

func compact(r json.RawMessage) json.RawMessage {
	if !hasBlank(r) {
		return r
	}
	var b bytes.Buffer
	if json.Compact(&b, r) != nil {
		return r
	}
	return b.Bytes()
}

// hasBlank reports whether r holds a blank (outside strings or in: either way a value
// without one is already compact).
func hasBlank(r []byte) bool { return bytes.ContainsAny(r, " \t\n\r") }

// jsonError turns a decoding error into an *Error that names the field when it can.
func jsonError(file, member string, err error) *Error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return errorf(file, member, te.Field, "cannot read a JSON %s as %s", te.Value, te.Type)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return errorf(file, member, "", "invalid JSON at byte %d: %v", se.Offset, err)
	}
	if strings.Contains(err.Error(), "unexpected end of JSON input") {
		return errorf(file, member, "", "truncated JSON: %v", err)
	}
	return &Error{File: file, Member: member, Err: err}
}
