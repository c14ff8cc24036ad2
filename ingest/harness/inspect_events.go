package harness

import (
	"fmt"
	"strings"
	"unsafe"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/inspect"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

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
	if n := smp.NestedEvents; n > 0 {
		// Their tool calls (an action the agent took through a sub-agent) would be
		// missing from the record, and the episode scored as if never taken.
		return nil, l.problem(smp.Member, "events", "%s nested events (an agent run as a tool, or a subtask, as older Inspect versions nest them), whose tool calls are not read: write the log again with a current Inspect, which writes every event at the top", ingest.PluralVerb(n, "tool or subtask event", "holds", "hold"))
	}
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
		reply, err := replyObject(s.dec, tc.text)
		if err != nil {
			return l.problem(smp.Member, field()+".result", "%v", err)
		}
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
// nil for anything else. A reply nested deeper than jsonv.MaxDepth is an error: read as
// text, an information tool's reply lost its host fields (evidence_delta_key) and the
// read its facts, without a word.
func replyObject(dec *jsonv.Decoder, text string) (*jsonv.Object, error) {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "{") {
		return nil, nil
	}
	o, err := dec.Parse(stringBytes(t))
	if jsonv.TooDeep(err) {
		return nil, fmt.Errorf("the reply is %w", jsonv.ErrTextTooDeep)
	}
	obj, _ := o.(*jsonv.Object)
	return obj, nil
}

// stringBytes is s's bytes, read in place: for jsonv.Decoder.Parse, which reads its
// input without changing or keeping it (its strings are copies).
func stringBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }
