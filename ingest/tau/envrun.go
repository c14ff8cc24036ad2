package tau

import (
	"fmt"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// readEnvRuns converts τ-bench's EnvRunResult records (task_id, trial, reward, info, traj).
func readEnvRuns(r *Read, file string, list []any, opt Options) {
	var forced *Domain
	if opt.Domain != "" {
		d, err := LookupDomain(opt.Domain)
		if err != nil {
			r.problem(file, "", "%v", err)
			return
		}
		forced = d
	}
	readRecords(r, file, list, recordFormat{format: FormatTau, object: "an EnvRunResult object",
		intTaskID: true, taskIDWant: "a non-negative integer",
		fields: func(o *jsonv.Object, at string) func(*ingest.Episode, *Domain) {
			rv, _ := o.Get("reward")
			reward, okR := number(rv)
			if !okR {
				r.problem(file, at+".reward", "must be a finite number, got %s", notNumber(rv))
			}
			return func(e *ingest.Episode, d *Domain) {
				e.Official = official(reward)
				if info, ok := o.Obj("info"); ok {
					e.Extra = jsonv.NewObject("tau_info", info)
				}
				noteDomain(r, d)
			}
		},
		messagesKey: "traj", messages: openAIMessages,
		domain: func(msgs []message) (*Domain, error) {
			if forced != nil {
				return forced, nil
			}
			return guessDomain(msgs)
		},
	}, opt)
}

// noteDomain records the file's domain ("" once two differ).
func noteDomain(r *Read, d *Domain) {
	switch {
	case len(r.Episodes) == 0 && r.Domain == "":
		r.Domain = d.Name
	case r.Domain != d.Name:
		r.Domain = "mixed"
	}
}

// openAIMessages reads OpenAI-style messages: role, content, tool_calls[].{id,
// function.{name, arguments}} (arguments a JSON string), tool_call_id.
func openAIMessages(r *Read, file, field string, list []any) []message {
	out := make([]message, 0, len(list))
	for i, raw := range list {
		at := fmt.Sprintf("%s[%d]", field, i)
		o, ok := raw.(*jsonv.Object)
		if !ok {
			r.problem(file, at, "must be a message object, got %s", ingest.TypeName(raw))
			continue
		}
		var m message
		role, ok := o.String("role")
		if !ok {
			rv, _ := o.Get("role")
			r.problem(file, at+".role", "must be a string, got %s", ingest.TypeName(rv))
			continue
		}
		m.role = role
		switch cv, _ := o.Get("content"); c := cv.(type) {
		case string:
			m.content = c
			if role == "tool" && replyTooDeep(c) {
				r.problem(file, at+".content", "%v", jsonv.ErrTextTooDeep)
			}
		case nil:
		default:
			r.problem(file, at+".content", "must be a string or null, got %s", ingest.TypeName(cv))
		}
		if role == "tool" {
			m.callField = "tool_call_id"
			if m.callID, ok = o.String("tool_call_id"); !ok {
				r.problem(file, at+".tool_call_id", "a tool message must name the call it answers")
			}
		}
		if tcs, ok := o.Get("tool_calls"); ok && tcs != nil {
			tl, ok := tcs.([]any)
			if !ok {
				r.problem(file, at+".tool_calls", "must be an array, got %s", ingest.TypeName(tcs))
				continue
			}
			for j, t := range tl {
				tat := fmt.Sprintf("%s.tool_calls[%d]", at, j)
				to, ok := t.(*jsonv.Object)
				fn, okF := to.Obj("function")
				if !ok || !okF {
					r.problem(file, tat, "must be an object with a function object")
					continue
				}
				var c call
				c.id, _ = to.String("id")
				if c.name, ok = fn.String("name"); !ok || c.name == "" {
					r.problem(file, tat+".function.name", "must be a non-empty string")
					continue
				}
				switch a, _ := fn.Get("arguments"); x := a.(type) {
				case string:
					c.argsRaw = x
					var err error
					if c.args, err = parseArgs(x); err != nil {
						r.problem(file, tat+".function.arguments", "%v", err)
						continue
					}
				case *jsonv.Object:
					c.args = x
				default:
					r.problem(file, tat+".function.arguments", "must be a JSON string or an object, got %s", ingest.TypeName(a))
					continue
				}
				m.calls = append(m.calls, c)
			}
		}
		out = append(out, m)
	}
	return out
}
