package inspect

import (
	"bytes"
	"slices"
	"strconv"
	"sync"
)

// eventFields are the raw fields of an event: the kind may come after the rest, and the
// same key means different things in different events (a sandbox event's "output" is a
// string, a model event's an object), so they are read once the kind is known.
type eventFields struct {
	kind, timestamp, workingTime, id, function, arguments, result, err, model, output []byte
	hasKind                                                                           bool
	skipCall                                                                          bool         // a tool event of ReadOptions.SkipTools
	known                                                                             string       // the kind, once read
	nested                                                                            bool         // events of its own (they count for a tool or subtask event)
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
	return f.known == EventTool || f.known == EventModel && models || f.known == eventSubtask
}

// eventSubtask is the kind of an event that, in older Inspect versions, holds the
// events of a subtask; a tool event held those of an agent run as a tool.
const eventSubtask = "subtask"

// events reads a sample's transcript, decoding the fields of the kinds the reader keeps
// (tool, model), and counts the tool and subtask events that hold events of their own,
// which are not read (older Inspect versions nest a subtask's or an agent tool's
// events so; later ones write every event at the top, within spans).
func (l *lexer) events() ([]Event, int, *decodeErr) {
	if l.isNull() {
		return nil, 0, nil
	}
	// The events are gathered in pooled scratch space and moved, once the transcript
	// is read, to blocks of their exact number (transcriptBlocks).
	sc := eventScratches.Get().(*eventScratch)
	defer sc.release()
	saved := l.sc
	l.sc = sc
	defer func() { l.sc = saved }()
	start := l.pos
	tools, models, nested := 0, 0, 0
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
				case k == "events" && (f.known == "" || f.known == EventTool || f.known == eventSubtask):
					// Before the kind too: Inspect writes it first, another writer may not.
					raw, err := l.skipRaw()
					f.nested = err == nil && !isEmptyArray(raw)
					return err
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
		if f.nested && (ev.Kind == EventTool || ev.Kind == eventSubtask) {
			nested++
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
		evs, _, err := lx.events()
		return evs, nested, err
	}
	keep := "" // every event
	switch {
	case l.models:
		keep = EventModel
	case l.light:
		keep = EventTool
	}
	return sc.transcriptBlocks(keep, l.mem), nested, err
}

// isEmptyArray reports whether raw is [] or null (white space aside).
func isEmptyArray(raw []byte) bool {
	t := bytes.TrimSpace(raw)
	if bytes.Equal(t, []byte("null")) {
		return true
	}
	return len(t) >= 2 && t[0] == '[' && len(bytes.TrimSpace(t[1:len(t)-1])) == 0
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
