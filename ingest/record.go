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
// The header fields are typed once, when the record is made (NewRecord); the events are
// typed on demand into a buffer the caller keeps (EventsInto): the oracle types them once
// per episode, whatever the number of policies, into scratch memory it reuses, because
// holding them typed beside the value tree (an allocation of about 200 bytes per event)
// cost the reader more than it saved the scorer (measured with score on a release). The record as written stays available (Object, and the
// read methods Get, List, Obj, String, Has, Len, which behave like jsonv.Object's): the
// typed fields share its values, so writing the episode back loses nothing and costs no
// re-encoding of the known parts. A Record is immutable once made, apart from Set and
// Delete, which edit the record as written and decode the typed fields again (tests and
// producers use them; nothing may call them while the record is being read).
type Record struct {
	obj    *jsonv.Object
	events []any // "events" when it is a list

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
// results) stay JSON values.
type Event struct {
	Index  int  // position in the record's events
	Object bool // the element is an object; every other field is zero when it is not

	Type   string // "type", when TypeOK (a string)
	TypeOK bool
	Tool   string // "tool", when ToolOK (a non-empty string)
	ToolOK bool
	// Arguments is "arguments" when ArgumentsOK (an object).
	Arguments   *jsonv.Object
	ArgumentsOK bool

	// The other fields the evaluator reads, as written, each with whether it is present.
	CallID, EvidenceDeltaKey, ToolStatus, ResolvedArguments, ToolResult, Result, AttemptedArgumentsValid, Content any

	HasCallID, HasEvidenceDeltaKey, HasToolStatus, HasResolvedArguments, HasToolResult, HasResult, HasAttemptedArgumentsValid, HasContent bool
}

// NewRecord returns the typed record of o (nil for nil). The record keeps o: the caller
// must not change o afterwards except through the record's Set and Delete.
func NewRecord(o *jsonv.Object) *Record {
	if o == nil {
		return nil
	}
	r := &Record{obj: o}
	r.decode()
	return r
}

// decode fills the typed fields from r.obj.
func (r *Record) decode() {
	obj := r.obj
	*r = Record{obj: obj}
	for i, k := range obj.Keys {
		v := obj.Values[i]
		switch k {
		case "events":
			r.HasEvents = true
			if l, ok := v.([]any); ok {
				r.EventsOK, r.events = true, l
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

// EventsInto types every element of the record's events into dst, reusing its capacity,
// and returns it (empty when events is absent or not a list).
func (r *Record) EventsInto(dst []Event) []Event {
	l := r.events
	evs := dst[:0]
	if cap(evs) < len(l) {
		evs = make([]Event, len(l))
	} else {
		evs = evs[:len(l)]
	}
	for i, raw := range l {
		e := &evs[i]
		*e = Event{Index: i}
		o, ok := raw.(*jsonv.Object)
		if !ok {
			continue
		}
		e.Object = true
		for j, k := range o.Keys {
			v := o.Values[j]
			switch k {
			case "type":
				e.Type, e.TypeOK = v.(string)
			case "tool":
				s, ok := v.(string)
				e.Tool, e.ToolOK = s, ok && s != ""
			case "arguments":
				e.Arguments, e.ArgumentsOK = v.(*jsonv.Object)
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
			}
		}
	}
	return evs
}

// Object returns the record as written (nil for a nil record). Its values are shared
// with the record: the caller must not change it.
func (r *Record) Object() *jsonv.Object {
	if r == nil {
		return nil
	}
	return r.obj
}

// Get returns the value of key k as written and whether it is present.
func (r *Record) Get(k string) (any, bool) { return r.Object().Get(k) }

// Has reports whether key k is present.
func (r *Record) Has(k string) bool { return r.Object().Has(k) }

// List returns the field k if it is an array.
func (r *Record) List(k string) ([]any, bool) { return r.Object().List(k) }

// Obj returns the field k if it is an object.
func (r *Record) Obj(k string) (*jsonv.Object, bool) { return r.Object().Obj(k) }

// String returns the field k if it is a string.
func (r *Record) String(k string) (string, bool) { return r.Object().String(k) }

// Len is the number of keys.
func (r *Record) Len() int { return r.Object().Len() }

// Set replaces or appends the field k (as jsonv.Object.Set) and decodes the typed fields
// again.
func (r *Record) Set(k string, v any) {
	r.obj.Set(k, v)
	r.decode()
}

// Delete removes the field k if present and decodes the typed fields again.
func (r *Record) Delete(k string) {
	r.obj.Delete(k)
	r.decode()
}

// Clone returns a record over a shallow copy of the record as written (see
// jsonv.Object.Clone): setting a field of the copy leaves the original alone.
func (r *Record) Clone() *Record {
	if r == nil {
		return nil
	}
	return NewRecord(r.obj.Clone())
}

// DeepCopy returns a record over a deep copy of the record as written.
func (r *Record) DeepCopy() *Record {
	if r == nil {
		return nil
	}
	return NewRecord(jsonv.DeepCopy(r.obj).(*jsonv.Object))
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
