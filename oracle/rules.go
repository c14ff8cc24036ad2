package oracle

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Action rules: the authorization rules of a bench without a gold workflow, written as data
// in the case spec's action_rules (the τ-bench domains ship them as files; see
// docs/tau-bench.md). Each tool is a read, a write (a consequential action) or neither; a
// call establishes entities (an argument, or values found in its result); a write requires
// entity reads and a confirmation. The walk (walk_rules.go) checks every write.

// Requirement kinds of action rules.
const (
	RuleEntityRead   = "entity_read"
	RuleConfirmation = "confirmation"
)

// Tool kinds of action rules.
const (
	ToolRead  = "read"
	ToolWrite = "write"
	ToolOther = "other"
)

type actionRules struct {
	tools        map[string]*toolRule
	affirm       [][]string // the affirmative terms, each as its words
	negate       [][]string // the negative terms
	confirmation string     // the policy sentence a confirmation requirement encodes
}

type toolRule struct {
	kind        string
	establishes []establish
	requires    []ruleReq
}

// target is what a write with arguments args acts on: the entity of its first entity
// read bound to an argument, with the argument's values (the rules list the record a write
// changes first: the reservation, the order, the user), "" when none is bound.
func (r *toolRule) target(args *jsonv.Object) string {
	for _, q := range r.requires {
		if q.kind == RuleEntityRead && q.arg != "" {
			vs := pathValues(args, q.arg)
			if len(vs) == 0 {
				return ""
			}
			return q.entity + " " + strings.Join(vs, ", ")
		}
	}
	return ""
}

type establish struct {
	entity     string
	fromArg    *string // a path into the arguments
	fromResult *string // a path into the parsed result ("" the result itself)
}

type ruleReq struct {
	id, kind, entity, arg, policy string
	details                       [][]string // alternatives: a message lists one of them whole
}

// rulesFile is action_rules as JSON.
type rulesFile struct {
	Schema       string `json:"schema"`
	Bench        string `json:"bench"`
	Domain       string `json:"domain"`
	CasePrefix   string `json:"case_prefix"`
	TaskIDs      any    `json:"task_ids"`
	Source       string `json:"source"`
	Confirmation struct {
		Policy      string   `json:"policy"`
		Affirmative []string `json:"affirmative"`
		Negative    []string `json:"negative"`
	} `json:"confirmation"`
	Tools []struct {
		Name        string `json:"name"`
		Kind        string `json:"kind"`
		Establishes []struct {
			Entity     string  `json:"entity"`
			FromArg    *string `json:"from_arg"`
			FromResult *string `json:"from_result"`
		} `json:"establishes"`
		Requires []struct {
			ID      string     `json:"id"`
			Kind    string     `json:"kind"`
			Entity  string     `json:"entity"`
			Arg     string     `json:"arg"`
			Details [][]string `json:"details"`
			Policy  string     `json:"policy"`
		} `json:"requires"`
	} `json:"tools"`
}

// compileRules reads a case's action_rules; an error names the field.
func compileRules(o *jsonv.Object) (*actionRules, error) {
	var f rulesFile
	dec := json.NewDecoder(strings.NewReader(string(jsonv.Marshal(o))))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("action_rules: %w", err)
	}
	r := &actionRules{tools: map[string]*toolRule{}, confirmation: f.Confirmation.Policy}
	for _, t := range f.Confirmation.Affirmative {
		r.affirm = append(r.affirm, words(t))
	}
	for _, t := range f.Confirmation.Negative {
		r.negate = append(r.negate, words(t))
	}
	entities := map[string]bool{}
	for i, t := range f.Tools {
		at := fmt.Sprintf("action_rules.tools[%d]", i)
		if t.Name == "" {
			return nil, fmt.Errorf("%s.name: required", at)
		}
		if _, dup := r.tools[t.Name]; dup {
			return nil, fmt.Errorf("%s.name: %q is listed twice", at, t.Name)
		}
		tr := &toolRule{kind: t.Kind}
		switch t.Kind {
		case ToolRead, ToolWrite, ToolOther:
		default:
			return nil, fmt.Errorf("%s.kind: %q is not read, write or other", at, t.Kind)
		}
		for j, e := range t.Establishes {
			if e.Entity == "" || (e.FromArg == nil) == (e.FromResult == nil) {
				return nil, fmt.Errorf("%s.establishes[%d]: needs an entity and exactly one of from_arg and from_result", at, j)
			}
			entities[e.Entity] = true
			tr.establishes = append(tr.establishes, establish{entity: e.Entity, fromArg: e.FromArg, fromResult: e.FromResult})
		}
		if len(t.Requires) > 0 && t.Kind != ToolWrite {
			return nil, fmt.Errorf("%s.requires: only a write has requirements", at)
		}
		for j, q := range t.Requires {
			qat := fmt.Sprintf("%s.requires[%d]", at, j)
			if q.ID == "" {
				return nil, fmt.Errorf("%s.id: required", qat)
			}
			rq := ruleReq{id: q.ID, kind: q.Kind, entity: q.Entity, arg: q.Arg, policy: q.Policy, details: q.Details}
			switch q.Kind {
			case RuleEntityRead:
				if q.Entity == "" || len(q.Details) > 0 {
					return nil, fmt.Errorf("%s: an entity_read names an entity (and an arg, or none for any), and no details", qat)
				}
			case RuleConfirmation:
				if q.Entity != "" || q.Arg != "" || len(q.Details) == 0 {
					return nil, fmt.Errorf("%s: a confirmation names details (alternatives, each a list of argument paths), not an entity or arg", qat)
				}
				for k, alt := range q.Details {
					if len(alt) == 0 {
						return nil, fmt.Errorf("%s.details[%d]: an alternative names at least one argument path", qat, k)
					}
				}
				if rq.policy == "" {
					rq.policy = f.Confirmation.Policy
				}
			default:
				return nil, fmt.Errorf("%s.kind: %q is not entity_read or confirmation", qat, q.Kind)
			}
			tr.requires = append(tr.requires, rq)
		}
		r.tools[t.Name] = tr
	}
	for _, ft := range f.Tools { // in the file's order, so that the first error is always the same
		name, t := ft.Name, r.tools[ft.Name]
		for _, q := range t.requires {
			if q.kind == RuleEntityRead && !entities[q.entity] {
				return nil, fmt.Errorf("action_rules: tool %s requires entity %q, which no tool establishes", name, q.entity)
			}
			if q.kind == RuleConfirmation && len(r.affirm) == 0 {
				return nil, fmt.Errorf("action_rules: tool %s requires a confirmation, but confirmation.affirmative lists no term", name)
			}
		}
	}
	return r, nil
}

// pathValues returns the values at path in v, as text: segments separated by ".", a
// segment "name[]" walks each element of the list at name, "*" the keys of an object; ""
// is v itself. A value that is not there gives nothing.
func pathValues(v any, path string) []string {
	if path == "" {
		return leafText(v)
	}
	cur := []any{v}
	for _, seg := range strings.Split(path, ".") {
		var next []any
		for _, x := range cur {
			o, _ := x.(*jsonv.Object)
			switch {
			case o == nil: // a path into a value that is not an object: nothing there
			case seg == "*":
				for _, k := range o.Keys {
					next = append(next, k)
				}
			case strings.HasSuffix(seg, "[]"):
				if l, ok := o.Get(strings.TrimSuffix(seg, "[]")); ok {
					if items, ok := l.([]any); ok {
						next = append(next, items...)
					}
				}
			default:
				if y, ok := o.Get(seg); ok {
					next = append(next, y)
				}
			}
		}
		cur = next
	}
	var out []string
	for _, x := range cur {
		out = append(out, leafText(x)...)
	}
	return out
}

func leafText(v any) []string {
	switch x := v.(type) {
	case nil:
		return nil
	case string:
		return []string{x}
	case int64:
		return []string{strconv.FormatInt(x, 10)}
	case float64:
		return []string{strconv.FormatFloat(x, 'f', -1, 64)}
	case bool:
		return []string{strconv.FormatBool(x)}
	case []any:
		var out []string
		for _, y := range x {
			out = append(out, leafText(y)...)
		}
		return out
	}
	return []string{string(jsonv.Canonical(v, false))}
}

// words splits text into lower-case words (letters, digits and apostrophes; a typographic
// apostrophe counts as one), the unit the confirmation terms are matched in.
func words(s string) []string {
	s = strings.ReplaceAll(strings.ToLower(s), "’", "'")
	return strings.FieldsFunc(s, func(r rune) bool {
		return !(r == '\'' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 && !isSpaceOrPunct(r))
	})
}

func isSpaceOrPunct(r rune) bool {
	switch r {
	case '\u00a0', '\u2013', '\u2014', '\u201c', '\u201d', '\u2026', '\u00bf', '\u00a1':
		return true
	}
	return false
}

// firstTerm is the position of the first occurrence of any term in ws, or -1.
func firstTerm(ws []string, terms [][]string) int {
	for i := range ws {
		for _, t := range terms {
			if len(t) > 0 && i+len(t) <= len(ws) && equalStrings(ws[i:i+len(t)], t) {
				return i
			}
		}
	}
	return -1
}

// affirmative reports whether a user turn is an explicit affirmative: it holds an
// affirmative term (yes, go ahead, …) and no negative term (no, not, wait, …) comes before it.
func (r *actionRules) affirmative(text string) bool {
	ws := words(text)
	a := firstTerm(ws, r.affirm)
	if a < 0 {
		return false
	}
	n := firstTerm(ws, r.negate)
	return n < 0 || a < n
}

// mentions reports whether an agent message lists a detail value: the value appears in the
// message, compared without case, with "_" read as a space and a leading "#" dropped.
func mentions(msg, value string) bool {
	norm := func(s string) string {
		return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "_", " ")
	}
	v := norm(strings.TrimPrefix(strings.TrimSpace(value), "#"))
	if v == "" {
		return true
	}
	return strings.Contains(norm(msg), v)
}

// OtherTools lists, sorted, the tools the case's action rules call neither a read nor a
// write (τ-bench's think, calculate and transfer_to_human_agents): a record has them as
// INFO_CALLs, but they read nothing, so the episode page does not show them as reads. A
// case without action rules has none.
func (p *Prepared) OtherTools() []string {
	if p.rules == nil {
		return nil
	}
	var out []string
	for name, tr := range p.rules.tools {
		if tr.kind == ToolOther {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}
