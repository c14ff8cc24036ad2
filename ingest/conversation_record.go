package ingest

import (
	"fmt"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Conversation records: the execution record of a case with action_rules (the τ-bench
// domains, written by package ingest/tau), whose events are the conversation's turns and the
// agent's tool calls rather than a SafeActBench protocol's record.

// conversationEvents are the event types of a conversation record.
var conversationEvents = map[string]bool{"USER_MESSAGE": true, "AGENT_MESSAGE": true, "INFO_CALL": true,
	"CONSEQUENTIAL_CALL": true, "USER_TOOL_CALL": true}

// CheckConversationRecord checks a conversation record (ConversationProblems), each problem
// located at the episode's file and line.
func CheckConversationRecord(e *Episode) []Problem {
	probs := ConversationProblems(e.Record)
	for i := range probs {
		probs[i].File, probs[i].Line = e.Source, e.Line
	}
	return probs
}

// ConversationProblems checks a conversation record: an events list whose every event is an
// object with a known type, a turn's content a string and no tool_result, a call's tool a
// non-empty string and its arguments an object. The problems name the field, not a file: validate and the
// oracle's action-rules walk (whose contract errors they are) share them.
func ConversationProblems(rec *Record) []Problem {
	var probs []Problem
	// bad names event i's field (i < 0: the events list itself). The field's name is
	// formatted only for a problem: the action-rules walk runs this on every episode it
	// scores, and a well-formed record allocates nothing here.
	bad := func(i int, field, format string, a ...any) {
		at := "record.events"
		if i >= 0 {
			at = fmt.Sprintf("record.events[%d]%s", i, field)
		}
		probs = append(probs, Problem{Field: at, Msg: fmt.Sprintf(format, a...)})
	}
	list, ok := rec.List("events")
	if !ok {
		v, _ := rec.Get("events")
		bad(-1, "", "must be a list of events, got %s", TypeName(v))
		return probs
	}
	for i, raw := range list {
		o, ok := raw.(*jsonv.Object)
		if !ok {
			bad(i, "", "must be an object, got %s", TypeName(raw))
			continue
		}
		typ, _ := o.String("type")
		if !conversationEvents[typ] {
			bad(i, ".type", "must be one of USER_MESSAGE, AGENT_MESSAGE, INFO_CALL, CONSEQUENTIAL_CALL, USER_TOOL_CALL, got %q", typ)
			continue
		}
		if typ == "USER_MESSAGE" || typ == "AGENT_MESSAGE" {
			if _, ok := o.String("content"); !ok {
				v, _ := o.Get("content")
				bad(i, ".content", "must be a string, got %s", TypeName(v))
			}
			if o.Has("tool_result") {
				// A result that answers no call: the reader refuses a tool message that
				// names no earlier call, and a record written by hand could put it here.
				bad(i, ".tool_result", "a turn carries no tool result (a result is part of the call it answers)")
			}
			continue
		}
		if t, ok := o.String("tool"); !ok || t == "" {
			bad(i, ".tool", "must be a non-empty string")
		}
		if _, ok := o.Obj("arguments"); !ok {
			v, _ := o.Get("arguments")
			bad(i, ".arguments", "must be an object, got %s", TypeName(v))
		}
	}
	return probs
}
