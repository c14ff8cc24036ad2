package ingest

import (
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Record is an episode's record (the agent's output: an agent_decision, or a V0–V3 or
// conversation execution record), typed for the fields scoring reads and kept whole for
// everything else.
//
// The header fields are typed when the record is made. The events are typed in one of
// two ways. The readers of JSONL and of the typed Parquet layout type each event as they
// read it, with no value tree for it (see eventSink), and the record holds those typed
// events; the record as written (Object, and the read methods Get, List, Obj, String,
// Has, Len, which behave like jsonv.Object's) then makes its events list back from them
// when asked (explain, the viewer, the writers), which is lossless because an event
// keeps its keys in order (one slice per shape) and every value that has no typed field.
// A record made from a tree (NewRecord: the generator, the harness and τ-bench readers,
// tests) keeps the tree and types its events on demand into a buffer the caller keeps
// (Events), as the tree's event objects may be shared with other records and typed
// copies held beside them would cost more memory than they save scoring time.
//
// A Record is immutable once made, apart from Set and Delete, which edit the record as
// written and decode the typed fields again (tests and producers use them; nothing may
// call them while the record is being read).
type Record struct {
	// obj is the record's object; its "events" value is jsonv.SunkList when the events
	// were typed as they were read (held in events, their other values in rest).
	obj    *jsonv.Object
	sunk   bool
	events []Event
	rest   []any
	list   []any // "events" when it is a list in obj

	// HasEvents: the record has an "events" key; EventsOK: its value is a list.
	HasEvents, EventsOK bool

	// The header fields, each as written (any JSON value) with whether it is present.
	Decision, SchemaVersion, EnvID, EpisodeID, Terminal            any
	HasDecision, HasSchemaVersion, HasEnvID, HasEpisodeID, HasTerm bool
	// TerminalType and TerminalOutcome are terminal's "type" and "outcome" when terminal
	// is an object (nil when absent).
	TerminalType, TerminalOutcome any
	// ParseError is metadata.parse_error with surrounding white space removed, when
	// metadata is an object and parse_error a string that is not blank; else "".
	ParseError string
	// DriverProtocolError is metadata.driver_protocol_error as Python's str() prints it,
	// or "" when it is absent, null, false or "" (an interactive run the driver failed
	// for a malformed reply).
	DriverProtocolError string
}

// Event is one element of a record's events, typed for the fields scoring reads. A field
// of the wrong JSON type reads as absent in its typed form (TypeOK, ToolOK and
// ArgumentsOK say) and as written in the generic view; the free-form parts (arguments,
// results, content) stay JSON values.
type Event struct {
	Index int // position in the record's events

	Type string // "type", when TypeOK (a string)
	Tool string // "tool", when ToolOK (a non-empty string)
	// Arguments is "arguments" when ArgumentsOK (an object).
	Arguments *jsonv.Object

	// The other fields the evaluator reads, as written, each with whether it is present.
	CallID, EvidenceDeltaKey, ToolStatus, ResolvedArguments, ToolResult, Result, AttemptedArgumentsValid, Content any

	// Of an event a reader typed (Record.sunk): keys are the element's keys in order
	// (shared by the events of one shape), and the values of those without a typed field
	// are the record's rest[restAt:restAt+restN], in key order. An element kept whole (not
	// an object) is rest[restAt].
	keys           []string
	restAt, restN  int32
	whole, toolStr bool

	Object                      bool // the element is an object; every other field is zero when it is not
	TypeOK, ToolOK, ArgumentsOK bool

	HasCallID, HasEvidenceDeltaKey, HasToolStatus, HasResolvedArguments, HasToolResult, HasResult, HasAttemptedArgumentsValid, HasContent bool
}

// NewRecord returns the typed record of o (nil for nil). The record keeps o: the caller
// must not change o afterwards except through the record's Set and Delete.
func NewRecord(o *jsonv.Object) *Record {
	if o == nil {
		return nil
	}
	r := &Record{obj: o}
	r.decode(nil)
	return r
}

// decode fills the typed fields from r.obj; sunk holds the events when its "events" is
// jsonv.SunkList (typed by a reader), else it is unused.
func (r *Record) decode(sunk *eventSink) {
	obj := r.obj
	*r = Record{obj: obj}
	for i, k := range obj.Keys {
		v := obj.Values[i]
		switch k {
		case "events":
			r.HasEvents = true
			switch l := v.(type) {
			case jsonv.SunkList:
				r.EventsOK, r.sunk = true, true
				r.events, r.rest = sunk.take()
			case []any:
				r.EventsOK, r.list = true, l
			}
		case "decision":
			r.Decision, r.HasDecision = v, true
		case "schema_version":
			r.SchemaVersion, r.HasSchemaVersion = v, true
		case "env_id":
			r.EnvID, r.HasEnvID = v, true
		case "episode_id":
			r.EpisodeID, r.HasEpisodeID = v, true
		case "terminal":
			r.Terminal, r.HasTerm = v, true
			if t, ok := v.(*jsonv.Object); ok {
				r.TerminalType, _ = t.Get("type")
				r.TerminalOutcome, _ = t.Get("outcome")
			}
		case "metadata":
			md, ok := v.(*jsonv.Object)
			if !ok {
				continue
			}
			if pe, ok := md.String("parse_error"); ok {
				r.ParseError = strings.TrimSpace(pe)
			}
			if d, ok := md.Get("driver_protocol_error"); ok && d != nil && d != false && d != "" {
				r.DriverProtocolError = jsonv.PyStr(d)
			}
		}
	}
}

// Events returns the typed events (none when events is absent or not a list): those the
// record holds, or, for a record made from a tree, its events typed into *buf, whose
// capacity is reused and which is set to the result (buf may be nil: the events are then
// typed into a new slice). The caller must not change the result.
func (r *Record) Events(buf *[]Event) []Event {
	if r.sunk {
		return r.events
	}
	var dst []Event
	if buf != nil {
		dst = *buf
	}
	evs := dst[:0]
	if cap(evs) < len(r.list) {
		evs = make([]Event, len(r.list))
	} else {
		evs = evs[:len(r.list)]
	}
	for i, raw := range r.list {
		e := &evs[i]
		*e = Event{Index: i}
		if o, ok := raw.(*jsonv.Object); ok {
			e.Object = true
			e.typeFields(o.Keys, o.Values, nil)
		}
	}
	if buf != nil {
		*buf = evs
	}
	return evs
}

// eventValue is element i of the events as written (the record's events are a list).
func (r *Record) eventValue(evs []Event, i int) any {
	if r.sunk {
		return evs[i].value(r.rest)
	}
	return r.list[i]
}

// typeFields types an object event's fields from its keys and their values; rest, when
// not nil, gets the values that have no typed field, in key order. Of a repeated key
// (only in an object built by hand), the last value is typed.
func (e *Event) typeFields(keys []string, vals []any, rest *[]any) {
	keep := func(v any) {
		if rest != nil {
			*rest = append(*rest, v)
		}
	}
	for j, k := range keys {
		v := vals[j]
		switch k {
		case "type":
			if e.Type, e.TypeOK = v.(string); !e.TypeOK {
				keep(v)
			}
		case "tool":
			if e.Tool, e.toolStr = v.(string); !e.toolStr {
				keep(v)
			}
			e.ToolOK = e.toolStr && e.Tool != ""
		case "arguments":
			if e.Arguments, e.ArgumentsOK = v.(*jsonv.Object); !e.ArgumentsOK {
				keep(v)
			}
		case "call_id":
			e.CallID, e.HasCallID = v, true
		case "evidence_delta_key":
			e.EvidenceDeltaKey, e.HasEvidenceDeltaKey = v, true
		case "tool_status":
			e.ToolStatus, e.HasToolStatus = v, true
		case "resolved_arguments":
			e.ResolvedArguments, e.HasResolvedArguments = v, true
		case "tool_result":
			e.ToolResult, e.HasToolResult = v, true
		case "result":
			e.Result, e.HasResult = v, true
		case "attempted_arguments_valid":
			e.AttemptedArgumentsValid, e.HasAttemptedArgumentsValid = v, true
		case "content":
			e.Content, e.HasContent = v, true
		default:
			keep(v)
		}
	}
}

// Object returns the record as written (nil for a nil record). Its values are shared
// with the record: the caller must not change it. For a record whose events a reader
// typed, each call makes the events list anew.
func (r *Record) Object() *jsonv.Object {
	if r == nil {
		return nil
	}
	if !r.sunk {
		return r.obj
	}
	t := &jsonv.Object{Keys: r.obj.Keys, Values: append([]any(nil), r.obj.Values...)}
	l := make([]any, len(r.events))
	for i := range r.events {
		l[i] = r.events[i].value(r.rest)
	}
	for i, v := range t.Values {
		if _, ok := v.(jsonv.SunkList); ok {
			t.Values[i] = l
		}
	}
	return t
}

// value is a typed event as written; rest is its record's.
func (e *Event) value(rest []any) any {
	if e.whole {
		return rest[e.restAt]
	}
	o := jsonv.NewObjectKeys(e.keys)
	at := e.restAt
	next := func() any { at++; return rest[at-1] }
	for j, k := range e.keys {
		var v any
		switch k {
		case "type":
			if v = e.Type; !e.TypeOK {
				v = next()
			}
		case "tool":
			if v = e.Tool; !e.toolStr {
				v = next()
			}
		case "arguments":
			if v = e.Arguments; !e.ArgumentsOK {
				v = next()
			}
		case "call_id":
			v = e.CallID
		case "evidence_delta_key":
			v = e.EvidenceDeltaKey
		case "tool_status":
			v = e.ToolStatus
		case "resolved_arguments":
			v = e.ResolvedArguments
		case "tool_result":
			v = e.ToolResult
		case "result":
			v = e.Result
		case "attempted_arguments_valid":
			v = e.AttemptedArgumentsValid
		case "content":
			v = e.Content
		default:
			v = next()
		}
		o.Values[j] = v
	}
	return o
}

// eventSink types the events of one record as a reader reads them (the JSONL decoder
// hands it each element, see jsonv.ListSink; the typed Parquet reader each row's), into
// buffers it reuses; take gives the record copies.
type eventSink struct {
	evs  []Event
	rest []any
}

func (s *eventSink) BeginList() { s.evs, s.rest = s.evs[:0], s.rest[:0] }

// Element types an object element from its keys (without a repeat) and their values.
func (s *eventSink) Element(keys []string, vals []any) {
	s.evs = append(s.evs, Event{Index: len(s.evs), Object: true, keys: keys, restAt: int32(len(s.rest))})
	e := &s.evs[len(s.evs)-1]
	e.typeFields(keys, vals, &s.rest)
	e.restN = int32(len(s.rest)) - e.restAt
}

// Value keeps an element that is not an object whole.
func (s *eventSink) Value(v any) {
	s.evs = append(s.evs, Event{Index: len(s.evs), whole: true, restAt: int32(len(s.rest)), restN: 1})
	s.rest = append(s.rest, v)
}

// take returns copies of the events and their values, sized to fit.
func (s *eventSink) take() ([]Event, []any) {
	evs := append([]Event(nil), s.evs...)
	var rest []any
	if len(s.rest) > 0 {
		rest = append([]any(nil), s.rest...)
	}
	return evs, rest
}

// Get returns the value of key k as written and whether it is present.
func (r *Record) Get(k string) (any, bool) { return r.view(k).Get(k) }

// Has reports whether key k is present.
func (r *Record) Has(k string) bool { return r.raw().Has(k) }

// List returns the field k if it is an array.
func (r *Record) List(k string) ([]any, bool) { return r.view(k).List(k) }

// Obj returns the field k if it is an object.
func (r *Record) Obj(k string) (*jsonv.Object, bool) { return r.view(k).Obj(k) }

// String returns the field k if it is a string.
func (r *Record) String(k string) (string, bool) { return r.view(k).String(k) }

// Len is the number of keys.
func (r *Record) Len() int { return r.raw().Len() }

// raw is the record's object, its events perhaps not made back (nil for a nil record).
func (r *Record) raw() *jsonv.Object {
	if r == nil {
		return nil
	}
	return r.obj
}

// view is an object to read field k from: the events list is made back only for k
// "events".
func (r *Record) view(k string) *jsonv.Object {
	if k == "events" {
		return r.Object()
	}
	return r.raw()
}

// Set replaces or appends the field k (as jsonv.Object.Set) and decodes the typed fields
// again.
func (r *Record) Set(k string, v any) {
	r.obj = r.Object()
	r.obj.Set(k, v)
	r.decode(nil)
}

// Delete removes the field k if present and decodes the typed fields again.
func (r *Record) Delete(k string) {
	r.obj = r.Object()
	r.obj.Delete(k)
	r.decode(nil)
}

// Clone returns a record over a shallow copy of the record as written (see
// jsonv.Object.Clone): setting a field of the copy leaves the original alone.
func (r *Record) Clone() *Record {
	if r == nil {
		return nil
	}
	return NewRecord(r.Object().Clone())
}

// DeepCopy returns a record over a deep copy of the record as written.
func (r *Record) DeepCopy() *Record {
	if r == nil {
		return nil
	}
	return NewRecord(jsonv.DeepCopy(r.Object()).(*jsonv.Object))
}

// IsStatic reports whether the record is an agent_decision rather than an execution
// record: a decision and no events.
func (r *Record) IsStatic() bool {
	return r != nil && r.HasDecision && !r.HasEvents
}

// Usage is an episode's usage object ({"wall_seconds", "input_tokens", "output_tokens",
// "cost_usd"}, numbers or null) with its four numbers typed when the usage is made
// (NewUsage), so that scoring copies them without reading the object. The object as
// written stays the authoritative copy (Object): writers emit it unchanged.
type Usage struct {
	obj *jsonv.Object

	CostUSD, InputTokens, OutputTokens, WallSeconds float64
	// Known has bit UsageCost, UsageInput, … set for each field given as a number; the
	// other fields are 0. Tokens are float64, exact below 2^53.
	Known uint8
}

// The bits of Usage.Known.
const (
	UsageCost uint8 = 1 << iota
	UsageInput
	UsageOutput
	UsageWall
)

// NewUsage returns the typed usage of o (nil for nil). The usage keeps o: the caller must
// not change o afterwards except through Set.
func NewUsage(o *jsonv.Object) *Usage {
	if o == nil {
		return nil
	}
	u := &Usage{obj: o}
	u.decode()
	return u
}

func (u *Usage) decode() {
	*u = Usage{obj: u.obj}
	for i, k := range u.obj.Keys {
		var bit uint8
		var dst *float64
		switch k {
		case "cost_usd":
			bit, dst = UsageCost, &u.CostUSD
		case "input_tokens":
			bit, dst = UsageInput, &u.InputTokens
		case "output_tokens":
			bit, dst = UsageOutput, &u.OutputTokens
		case "wall_seconds":
			bit, dst = UsageWall, &u.WallSeconds
		default:
			continue
		}
		if x, ok := usageNumber(u.obj.Values[i]); ok {
			*dst, u.Known = x, u.Known|bit
		}
	}
}

func usageNumber(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	case jsonv.BigInt:
		f, err := strconv.ParseFloat(string(x), 64)
		return f, err == nil
	}
	return 0, false
}

// Object returns the usage as written (nil for a nil usage); the caller must not change it.
func (u *Usage) Object() *jsonv.Object {
	if u == nil {
		return nil
	}
	return u.obj
}

// Get returns the value of key k as written and whether it is present.
func (u *Usage) Get(k string) (any, bool) { return u.Object().Get(k) }

// Len is the number of keys.
func (u *Usage) Len() int { return u.Object().Len() }

// Set replaces or appends the field k and types the numbers again.
func (u *Usage) Set(k string, v any) {
	u.obj.Set(k, v)
	u.decode()
}
