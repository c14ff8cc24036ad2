package tau

import (
	"fmt"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// nonEvaluable are τ²-bench's termination reasons of simulations that never produced an
// evaluable rollout, which it leaves out of its metrics: here they are infra_failure
// episodes (excluded, and counted as such).
var nonEvaluable = map[string]bool{"infrastructure_error": true, "context_window_exceeded": true}

// readSimulations converts a τ²-bench results object: info.environment_info.domain_name and
// simulations[] of {task_id, trial, messages, reward_info.reward, agent_cost, duration,
// termination_reason}.
func readSimulations(r *Read, file string, res *jsonv.Object, opt Options) {
	name := opt.Domain
	if name == "" {
		info, _ := res.Obj("info")
		env, _ := info.Obj("environment_info")
		name, _ = env.String("domain_name")
		if name == "" {
			r.problem(file, "info.environment_info.domain_name", "missing: give the domain with --domain")
			return
		}
	}
	d, err := LookupDomain(name)
	if err != nil {
		r.problem(file, "info.environment_info.domain_name", "%v", err)
		return
	}
	r.Domain = d.Name
	sims, ok := res.List("simulations")
	if !ok {
		sv, _ := res.Get("simulations")
		r.problem(file, "simulations", "must be an array, got %s", ingest.TypeName(sv))
		return
	}
	readRecords(r, file, sims, recordFormat{format: FormatTau2, field: "simulations", object: "a simulation object",
		taskIDWant: "a task id (a string of letters, digits, '_' or '-', or an integer)",
		fields: func(o *jsonv.Object, at string) func(*ingest.Episode, *Domain) {
			term, _ := o.String("termination_reason")
			var reward float64
			ri, hasRI := o.Obj("reward_info")
			if hasRI {
				rv, _ := ri.Get("reward")
				var okR bool
				if reward, okR = number(rv); !okR {
					r.problem(file, at+".reward_info.reward", "must be a finite number, got %s", notNumber(rv))
				}
			} else if !nonEvaluable[term] {
				r.problem(file, at+".reward_info", "missing (the simulation was not evaluated)")
			}
			checkUsageNumber(r, file, at, o, "agent_cost")
			checkUsageNumber(r, file, at, o, "duration")
			msgs, _ := o.List("messages")
			for i, raw := range msgs {
				if m, ok := raw.(*jsonv.Object); ok {
					if us, ok := m.Obj("usage"); ok {
						mat := fmt.Sprintf("%s.messages[%d].usage", at, i)
						checkUsageNumber(r, file, mat, us, "prompt_tokens")
						checkUsageNumber(r, file, mat, us, "completion_tokens")
					}
				}
			}
			return func(e *ingest.Episode, _ *Domain) {
				if term != "" {
					e.Record.Set("termination_reason", term)
				}
				if nonEvaluable[term] {
					e.Status, e.FailureClass = ingest.StatusInfraFailure, term
				}
				if hasRI {
					e.Official = official(reward)
				}
				list, _ := o.List("messages")
				e.Usage = ingest.NewUsage(simUsage(o, list))
				if id, ok := o.String("id"); ok {
					e.Extra = jsonv.NewObject("tau2_simulation_id", id)
				}
			}
		},
		messagesKey: "messages", messagesNote: " (full-duplex runs that keep only ticks are not supported)", messages: tau2Messages,
		domain: func([]message) (*Domain, error) { return d, nil },
	}, opt)
}

// simUsage is what a simulation records of the agent's usage: agent_cost, duration, and
// the assistant messages' usage tokens (prompt_tokens, completion_tokens) summed; nil when
// none is recorded.
func simUsage(o *jsonv.Object, msgs []any) *jsonv.Object {
	u := jsonv.NewObject()
	if c, ok := o.Get("agent_cost"); ok {
		if x, ok := number(c); ok {
			u.Set("cost_usd", x)
		}
	}
	if w, ok := o.Get("duration"); ok {
		if x, ok := number(w); ok {
			u.Set("wall_seconds", x)
		}
	}
	var in, out float64
	var seen bool
	for _, raw := range msgs {
		m, _ := raw.(*jsonv.Object)
		if role, _ := m.String("role"); role != "assistant" {
			continue
		}
		us, ok := m.Obj("usage")
		if !ok {
			continue
		}
		if v, _ := us.Get("prompt_tokens"); v != nil {
			if x, ok := number(v); ok {
				in, seen = in+x, true
			}
		}
		if v, _ := us.Get("completion_tokens"); v != nil {
			if x, ok := number(v); ok {
				out, seen = out+x, true
			}
		}
	}
	if seen {
		u.Set("input_tokens", in)
		u.Set("output_tokens", out)
	}
	if u.Len() == 0 {
		return nil
	}
	return u
}

// tau2Messages reads τ²-bench messages: role, content, tool_calls[].{id, name, arguments
// (an object), requestor}; a tool message's id is the call it answers, error its flag.
func tau2Messages(r *Read, file, field string, list []any) []message {
	out := make([]message, 0, len(list))
	for i, raw := range list {
		at := fmt.Sprintf("%s[%d]", field, i)
		o, ok := raw.(*jsonv.Object)
		if !ok {
			r.problem(file, at, "must be a message object, got %s", ingest.TypeName(raw))
			continue
		}
		var m message
		if m.role, ok = o.String("role"); !ok {
			rv, _ := o.Get("role")
			r.problem(file, at+".role", "must be a string, got %s", ingest.TypeName(rv))
			continue
		}
		switch cv, _ := o.Get("content"); c := cv.(type) {
		case string:
			m.content = c
			if m.role == "tool" && replyTooDeep(c) {
				r.problem(file, at+".content", "%v", jsonv.ErrTextTooDeep)
			}
		case nil:
		default:
			r.problem(file, at+".content", "must be a string or null, got %s", ingest.TypeName(cv))
		}
		if m.role == "tool" {
			m.callField = "id"
			if m.callID, ok = o.String("id"); !ok {
				r.problem(file, at+".id", "a tool message must name the call it answers")
			}
			ev, _ := o.Get("error")
			m.errFlag = ev == true
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
				if !ok {
					r.problem(file, tat, "must be an object, got %s", ingest.TypeName(t))
					continue
				}
				var c call
				c.id, _ = to.String("id")
				if c.name, ok = to.String("name"); !ok || c.name == "" {
					r.problem(file, tat+".name", "must be a non-empty string")
					continue
				}
				switch a, _ := to.Get("arguments"); x := a.(type) {
				case *jsonv.Object:
					c.args = x
				case string:
					c.argsRaw = x
					var err error
					if c.args, err = parseArgs(x); err != nil {
						r.problem(file, tat+".arguments", "%v", err)
						continue
					}
				default:
					r.problem(file, tat+".arguments", "must be an object, got %s", ingest.TypeName(a))
					continue
				}
				m.calls = append(m.calls, c)
			}
		}
		out = append(out, m)
	}
	return out
}
