package tau

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Event types of a τ-bench record. The two call types are the SafeActBench ones, so that
// every part of the toolkit that looks for a consequential attempt finds it.
const (
	EventUser   = "USER_MESSAGE"
	EventAgent  = "AGENT_MESSAGE"
	EventInfo   = "INFO_CALL"
	EventAction = "CONSEQUENTIAL_CALL"
	// EventUserTool is a tool call the simulated user made on its own side (τ²-bench's
	// requestor "user"): never the agent's action.
	EventUserTool = "USER_TOOL_CALL"
	ToolKindUnset = "unknown" // a tool the domain does not list (the environment refuses it)
)

// message is one conversation message, in either format.
type message struct {
	role    string
	content string
	calls   []call
	// tool messages
	callID    string
	callField string // the member that names it: tool_call_id, or τ²-bench's id
	errFlag   bool   // τ²-bench's ToolMessage.error
}

type call struct {
	id, name string
	args     any    // *jsonv.Object, or nil when argsRaw did not parse as an object
	argsRaw  string // τ-bench's arguments JSON string ("" in τ²-bench)
}

// events turns the messages into the record's events, in order: each turn, each tool call
// with its tool's output attached (tool_result, tool_status). A tool message that answers
// no earlier call of the conversation is a problem, and so is a call whose id an earlier
// call still unanswered has (the answer could be either's: real trajectories reuse an id
// only once it is answered); field names the member.
func events(r *Read, file, field string, msgs []message, d *Domain) []any {
	var out []any
	pending := map[string]*jsonv.Object{}
	// The messages and calls are the file's, every one: events are made only of a
	// conversation read without a problem, so their indices are the file's.
	await := func(i, k int, c call, ev *jsonv.Object) {
		if c.id == "" {
			return
		}
		if _, dup := pending[c.id]; dup {
			r.problem(file, fmt.Sprintf("%s[%d].tool_calls[%d].id", field, i, k),
				"%q is also the id of an earlier tool call not answered yet: a tool message naming it could answer either", c.id)
		}
		pending[c.id] = ev
	}
	for i, m := range msgs {
		switch m.role {
		case "system":
			// the domain policy the agent was given; the rules file encodes it
		case "user":
			out = append(out, jsonv.NewObject("type", EventUser, "content", m.content))
			for k, c := range m.calls {
				ev := jsonv.NewObject("type", EventUserTool, "call_id", c.id, "tool", c.name, "arguments", argsOrEmpty(c))
				out = append(out, ev)
				await(i, k, c, ev)
			}
		case "assistant":
			if strings.TrimSpace(m.content) != "" {
				out = append(out, jsonv.NewObject("type", EventAgent, "content", m.content))
			}
			for k, c := range m.calls {
				kind, known := d.ToolKind(c.name)
				if !known {
					kind = ToolKindUnset
					if r.UnknownTools == nil {
						r.UnknownTools = map[string]int{}
					}
					r.UnknownTools[c.name]++
				}
				typ := EventInfo
				if kind == KindWrite {
					typ = EventAction
				}
				ev := jsonv.NewObject("type", typ, "call_id", c.id, "tool", c.name, "arguments", argsOrEmpty(c))
				if c.args == nil {
					ev.Set("arguments_raw", c.argsRaw)
				}
				ev.Set("tool_kind", kind)
				out = append(out, ev)
				await(i, k, c, ev)
			}
		case "tool":
			ev, ok := pending[m.callID]
			if !ok {
				r.problem(file, fmt.Sprintf("%s[%d].%s", field, i, m.callField), "%q answers no earlier tool call of this conversation", m.callID)
				continue
			}
			delete(pending, m.callID)
			status := "ok"
			if m.errFlag || strings.HasPrefix(strings.TrimSpace(m.content), "Error") || strings.HasPrefix(m.content, "Unknown action") {
				status = "error"
			}
			ev.Set("tool_status", status)
			ev.Set("tool_result", m.content)
		default:
			r.problem(file, fmt.Sprintf("%s[%d].role", field, i), "unknown role %q (want system, user, assistant or tool)", m.role)
		}
	}
	return out
}

// guessDomain names the domain of a τ-bench conversation: the one named on the first line
// of its system prompt ("# Airline Agent Policy"), else the one domain that lists every
// tool the agent called.
func guessDomain(msgs []message) (*Domain, error) {
	for _, m := range msgs {
		if m.role != "system" {
			continue
		}
		first, _, _ := strings.Cut(strings.ToLower(m.content), "\n")
		var hit []*Domain
		for _, n := range DomainNames() {
			if strings.Contains(first, n) {
				hit = append(hit, domains()[n])
			}
		}
		if len(hit) == 1 {
			return hit[0], nil
		}
		break
	}
	var fit []*Domain
	for _, n := range DomainNames() {
		d, all := domains()[n], true
		for _, m := range msgs {
			for _, c := range m.calls {
				if _, ok := d.ToolKind(c.name); !ok {
					all = false
				}
			}
		}
		if all {
			fit = append(fit, d)
		}
	}
	if len(fit) == 1 {
		return fit[0], nil
	}
	return nil, fmt.Errorf("cannot tell the domain (neither the system prompt's first line nor the tools called name exactly one of %s); give it with --domain", strings.Join(DomainNames(), ", "))
}

// parseArgs reads τ-bench's arguments string; an object, or nil when it is not one (the
// agent's malformed call, kept verbatim in arguments_raw). JSON nested deeper than the
// readers take is an error (jsonv.ErrTextTooDeep): it may well be an object, which read as a malformed
// call would lose its arguments.
func parseArgs(s string) (any, error) {
	v, err := jsonv.Parse([]byte(s))
	if jsonv.TooDeep(err) {
		return nil, jsonv.ErrTextTooDeep
	}
	if o, ok := v.(*jsonv.Object); ok {
		return o, nil
	}
	return nil, nil
}

// replyTooDeep reports whether a tool message's content is JSON nested deeper than
// jsonv.MaxDepth: the oracle reads a reply's facts from its JSON and would take such a
// reply as text, without its facts.
func replyTooDeep(content string) bool {
	t := strings.TrimLeft(content, " \t\r\n")
	if t == "" || t[0] != '{' && t[0] != '[' {
		return false
	}
	_, err := jsonv.Parse([]byte(t))
	return jsonv.TooDeep(err)
}

// argsOrEmpty is the call's arguments object, {} when they did not parse as one.
func argsOrEmpty(c call) any {
	if c.args != nil {
		return c.args
	}
	return jsonv.NewObject()
}
