package oracle

import (
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Requirements are compiled once per case. Judged from the spec objects, every gate looked
// up the same keys of the same requirement, group and condition objects again, and every
// fact of the ledger resolved each condition's action_arg values anew; the spec never
// changes after Prepare, so the lookups are done here and an action_arg once per gate.

type condKind uint8

const (
	condNever  condKind = iota // not an object, or an unknown source: never matches
	condFact                   // source "fact" (the default)
	condAction                 // source "action"
	condPost                   // source "postcondition"
)

// expectVal is a condition's expected value: a literal, or {"action_arg": name}, which reads
// that argument of the action (null when the name is not a string or the argument absent).
type expectVal struct {
	v      any
	arg    bool
	name   string
	nameOK bool
	// str is v when v is a string that scalarMatches compares to a string actual by plain
	// equality (not "*", not number-like); strOK says it is.
	str   string
	strOK bool
}

func compileExpect(v any) expectVal {
	if o, ok := v.(*jsonv.Object); ok {
		if name, present := o.Get("action_arg"); present {
			ns, ok := name.(string)
			return expectVal{arg: true, name: ns, nameOK: ok}
		}
	}
	e := expectVal{v: v}
	if s, ok := v.(string); ok && s != "*" && !mayBeNumber(s) {
		e.str, e.strOK = s, true
	}
	return e
}

// resolve is the value a condition expects of an action with arguments args: the literal,
// or the named argument.
func (e *expectVal) resolve(args *jsonv.Object) any {
	if !e.arg {
		return e.v
	}
	if !e.nameOK {
		return nil
	}
	a, _ := args.Get(e.name)
	return a
}

// factTest is one key of a fact condition.
type factTest struct {
	key  string
	pred bool // key == "predicate": read from the fact's cached predicate
	exp  expectVal
	// kid is key's index among the case's tested fact keys (indexFactKeys), whose values
	// every authored fact holds looked up; -1 when the key is not indexed.
	kid int8
	// sid is the id of exp's plain string (exp.strOK) among the case's fact strings, 0
	// when it has none.
	sid uint32
}

// actionOp is the test an action condition applies, in the evaluator's order of precedence.
type actionOp uint8

const (
	opTruthy actionOp = iota // no operator: the value is present and not ""
	opEquals
	opNotEquals
	opContains
	opNotContains
)

type cond struct {
	kind condKind
	obj  *jsonv.Object // the authored condition, nil for a non-object; Detail lists an unmet one as its specText
	// condFact: the tests, the predicate first (it rejects most facts at once, and the
	// condition is a conjunction of pure tests, so their order does not change the result).
	tests []factTest
	// condPost: the postcondition name.
	name any
	// condAction.
	path    string
	op      actionOp
	opExp   expectVal
	lower   string // strings.ToLower(str(expected)) of a literal contains/not_contains
	summary bool   // the path ends in .summary_facts: lists compare as multisets
}

func compileCond(v any) cond {
	co, ok := v.(*jsonv.Object)
	if !ok {
		return cond{}
	}
	c := cond{obj: co}
	source := any("fact")
	if v, ok := co.Get("source"); ok {
		source = v
	}
	src, ok := source.(string)
	if !ok {
		return c
	}
	switch src {
	case "fact":
		c.kind = condFact
		c.tests = make([]factTest, 0, len(co.Keys)) // a test per key but "source"
		pi := -1
		for i, k := range co.Keys {
			if k == "predicate" {
				pi = i
				break
			}
		}
		if pi >= 0 {
			c.tests = append(c.tests, factTest{key: co.Keys[pi], pred: true, exp: compileExpect(co.Values[pi]), kid: -1})
		}
		for i, k := range co.Keys {
			if i == pi || k == "source" {
				continue
			}
			c.tests = append(c.tests, factTest{key: k, pred: k == "predicate", exp: compileExpect(co.Values[i]), kid: -1})
		}
	case "postcondition":
		name, _ := co.Get("name")
		if !truthy(name) {
			name, _ = co.Get("postcondition")
		}
		if name != nil {
			c.kind, c.name = condPost, name
		}
	case "action":
		p, _ := co.Get("path")
		path, ok := p.(string)
		if !ok || path == "" {
			return c
		}
		c.kind, c.path = condAction, path
		c.summary = strings.HasSuffix(path, ".summary_facts")
		for _, o := range []struct {
			key string
			op  actionOp
		}{{"equals", opEquals}, {"not_equals", opNotEquals}, {"contains", opContains}, {"not_contains", opNotContains}} {
			if v, ok := co.Get(o.key); ok {
				c.op, c.opExp = o.op, compileExpect(v)
				if !c.opExp.arg {
					c.lower = strings.ToLower(jsonv.PyStr(v))
				}
				break
			}
		}
	}
	return c
}

// group is one entry of inactive_if_any / violated_if_any, or supported_if_all.
type group struct {
	conds  []cond
	list   bool // the conditions are a list (absent reads as []); otherwise nothing matches
	reason string
}

func compileGroup(all any, present bool) group {
	if !present {
		return group{list: true}
	}
	l, ok := all.([]any)
	if !ok {
		return group{}
	}
	g := group{list: true, conds: make([]cond, len(l))}
	for i, x := range l {
		g.conds[i] = compileCond(x)
	}
	return g
}

// requirement is a compiled requirement object (evaluate_requirement_v1).
type requirement struct {
	id                 string
	summary            bool // summary_facts_supported: judged by evalSummaryFacts alone
	inactive, violated []group
	supported          group
	missingReason      string
}

func compileRequirement(req *jsonv.Object) *requirement {
	r := &requirement{id: "unknown_requirement", missingReason: "MISSING_TOOL_EVIDENCE"}
	if v, ok := req.Get("requirement_id"); ok {
		r.id = jsonv.PyStr(v)
	}
	if r.id == "summary_facts_supported" {
		r.summary = true
		return r
	}
	groups := func(key, def string) []group {
		v, _ := req.Get(key)
		l, _ := v.([]any)
		var out []group
		for _, g := range l {
			if go_, ok := g.(*jsonv.Object); ok {
				grp := compileGroup(go_.Get("all"))
				grp.reason = reasonOr(go_, def)
				out = append(out, grp)
			}
		}
		return out
	}
	r.inactive = groups("inactive_if_any", "INACTIVE")
	r.violated = groups("violated_if_any", "VIOLATED")
	r.supported = compileGroup(req.Get("supported_if_all"))
	if v, ok := req.Get("missing_reason"); ok {
		r.missingReason = jsonv.PyStr(v)
	}
	return r
}

// dagReq is an entry of a commit's requirements: a name, a requirement object, or neither
// (an invalid spec).
type dagReq struct {
	name   string
	isName bool
	req    *requirement
	step   string // the commit whose postcondition name is, "" when none's is
}

// compileRequirements fills the compiled top-level and per-commit requirements.
func (p *Prepared) compileRequirements() {
	if p.spec.RequirementsIsList {
		for _, rq := range p.spec.Requirements {
			if o, ok := rq.(*jsonv.Object); ok {
				p.topReqs = append(p.topReqs, compileRequirement(o))
			}
		}
	}
	p.commitReqs = map[*casespec.Commit][]dagReq{}
	for _, cm := range p.commits {
		if cm == nil || len(cm.Requirements) == 0 {
			continue
		}
		l := make([]dagReq, len(cm.Requirements))
		for i, rq := range cm.Requirements {
			switch x := rq.(type) {
			case string:
				l[i] = dagReq{name: x, isName: true, step: p.postconditionStep(x)}
			case *jsonv.Object:
				l[i] = dagReq{req: compileRequirement(x)}
			}
		}
		p.commitReqs[cm] = l
	}
}

// postconditionStep is the first commit, in workflow order, with a postcondition named
// name; "" when no commit has one.
func (p *Prepared) postconditionStep(name string) string {
	for _, cm := range p.commits {
		if cm == nil {
			continue
		}
		for _, f := range p.postFacts[cm] {
			if f.post && f.name != nil && jsonv.PyStr(f.name) == name {
				return cm.ID
			}
		}
	}
	return ""
}

// maxFactKeys bounds the fact keys indexFactKeys indexes (a bit each in specFact.keyHas);
// tests of further keys look the key up in the fact.
const maxFactKeys = 32

// indexFactKeys gives each distinct key the case's fact conditions test (other than the
// predicate) an index, and has every authored fact of the case look its values up once,
// so that a condition tested against a ledger of facts reads a slice instead of scanning
// each fact's keys. Facts made later (none are, after Prepare) fall back to the lookup.
// It also numbers the strings those tests compare (the facts' predicates and indexed
// values, the tests' plain expected strings) within the case, so that a test compares
// ids held beside the fact rather than strings held in the spec.
func (p *Prepared) indexFactKeys() {
	ids := map[string]uint32{}
	idOf := func(s string) uint32 {
		id, ok := ids[s]
		if !ok {
			id = uint32(len(ids) + 1)
			ids[s] = id
		}
		return id
	}
	var keys []string
	index := func(g *group) {
		for ci := range g.conds {
			c := &g.conds[ci]
			for ti := range c.tests {
				t := &c.tests[ti]
				if t.exp.strOK && !t.exp.arg {
					t.sid = idOf(t.exp.str)
				}
				if t.pred {
					continue
				}
				k := slices.Index(keys, t.key)
				if k < 0 && len(keys) < maxFactKeys {
					keys, k = append(keys, t.key), len(keys)
				}
				t.kid = int8(k)
			}
		}
	}
	req := func(r *requirement) {
		if r == nil {
			return
		}
		for i := range r.inactive {
			index(&r.inactive[i])
		}
		for i := range r.violated {
			index(&r.violated[i])
		}
		index(&r.supported)
	}
	p.eachRequirement(req)
	// Every authored fact gets its slices of one allocation per case rather than two of
	// its own: a process prepares each case it meets, so every shard pays these again.
	each := p.eachFactList
	var vals []any
	var sids []uint32
	if n := len(keys); n > 0 {
		facts := 0
		each(func(fs []specFact) { facts += len(fs) })
		vals, sids = make([]any, facts*n), make([]uint32, facts*n)
	}
	each(func(fs []specFact) {
		for i := range fs {
			f := &fs[i]
			if s, ok := f.pred.(string); ok {
				f.predID = idOf(s)
			}
			n := len(keys)
			if n == 0 {
				continue
			}
			f.keyVals, f.keyIDs, f.keyHas = vals[:n:n], sids[:n:n], 0
			vals, sids = vals[n:], sids[n:]
			for k, key := range keys {
				if v, ok := f.obj.Get(key); ok {
					f.keyVals[k], f.keyHas = v, f.keyHas|1<<uint(k)
					if s, ok := v.(string); ok {
						f.keyIDs[k] = idOf(s)
					}
				}
			}
		}
	})
}

// eachRequirement calls fn with the case's requirements: the top-level ones, then each
// commit's, in the commits' order (nil ones included: the top-level list may hold nil).
func (p *Prepared) eachRequirement(fn func(*requirement)) {
	for _, r := range p.topReqs {
		fn(r)
	}
	for _, cm := range p.commits {
		for _, dr := range p.commitReqs[cm] {
			fn(dr.req)
		}
	}
}

// eachFactList calls fn with every list of authored facts a ledger can hold: the evidence
// rules', the frozen deltas' (with the stateful phases' projections) and the commits'
// postconditions.
func (p *Prepared) eachFactList(fn func([]specFact)) {
	for _, t := range p.rulesByTool {
		for _, r := range t.rules {
			fn(r.facts)
		}
	}
	for _, d := range p.deltas {
		fn(d.facts)
	}
	for _, v := range p.phases {
		for _, d := range v.over {
			fn(d.facts)
		}
	}
	for _, fs := range p.postFacts {
		fn(fs)
	}
}
