package oracle

import (
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// fact is one Evidence Ledger entry: the authored fact object, shared with the case spec
// (never copied), plus the provenance the evaluator adds with setdefault. get() gives the
// enriched view, so a condition that tests a provenance key sees what Python would see.
type fact struct {
	specFact
	eventIndex int
	callID     string
	tool       string
	args       any    // source_arguments
	deltaKey   string // source_evidence_delta_key ("" for rule facts)
	frozen     bool
	// postcondition facts carry the commit instead of a read.
	commit     string
	actionCall string
}

// specFact is an authored fact object with its "predicate" looked up once, when the case
// is prepared, rather than each time a read adds the fact to a ledger or a condition tests it.
type specFact struct {
	obj     *jsonv.Object
	pred    any
	hasPred bool
	name    any  // obj's "name" (nil when absent): a postcondition fact's name
	post    bool // pred is "postcondition"
	// predID is pred's id among the case's fact strings when pred is a string (0: not
	// a string, or not interned): a test of the predicate, the first of most conditions,
	// then compares two ids instead of reading the string in the spec's memory.
	predID uint32
	// keyVals and keyHas are obj's values of the case's tested fact keys (indexFactKeys),
	// nil when the case indexes none; keyIDs their ids when they are strings (else 0).
	keyVals []any
	keyIDs  []uint32
	keyHas  uint32
}

// specFactsOf pairs each fact object with its predicate.
func specFactsOf(l []*jsonv.Object) []specFact {
	return appendSpecFacts(make([]specFact, 0, len(l)), l)
}

// appendSpecFacts appends the fact objects of l, each paired with its predicate, to dst.
func appendSpecFacts(dst []specFact, l []*jsonv.Object) []specFact {
	for _, o := range l {
		f := specFact{obj: o}
		f.pred, f.hasPred = o.Get("predicate")
		ps, ok := f.pred.(string)
		f.post = ok && ps == "postcondition"
		f.name, _ = o.Get("name")
		dst = append(dst, f)
	}
	return dst
}

func (f *fact) get(k string) (any, bool) {
	if v, ok := f.obj.Get(k); ok {
		return v, true
	}
	return f.provenance(k)
}

// getTest is get(t.key), read from the fact's indexed values when the key is indexed.
func (f *fact) getTest(t *factTest) (any, bool) {
	if t.kid < 0 || f.keyVals == nil {
		return f.get(t.key)
	}
	if f.keyHas&(1<<uint(t.kid)) != 0 {
		return f.keyVals[t.kid], true
	}
	return f.provenance(t.key)
}

// provenance is the value of a provenance key the evaluator adds with setdefault (a key
// the authored fact lacks).
func (f *fact) provenance(k string) (any, bool) {
	if f.commit != "" {
		switch k {
		case "source_commit":
			return f.commit, true
		case "source_action_call":
			return f.actionCall, true
		}
		return nil, false
	}
	switch k {
	case "source_tool":
		return f.tool, true
	case "source_tool_call":
		return f.callID, true
	case "source_arguments":
		return f.args, true
	case "source_evidence_delta_key":
		if f.frozen {
			return f.deltaKey, true
		}
	}
	return nil, false
}

// ledger is the running fact list.
type ledger struct {
	facts []fact
}

func (l *ledger) add(f fact) {
	if l.facts == nil {
		l.facts = make([]fact, 0, 16)
	}
	l.facts = append(l.facts, f)
}

// evalCtx is what a requirement is judged against.
type evalCtx struct {
	led     *ledger
	extra   []fact // timing=anytime: facts observed later in the episode
	tool    string
	callID  string
	args    *jsonv.Object
	binding string
	lean    bool      // no detail: skip rendering missing conditions
	p       *Prepared // whose spec the requirements are (specText)
	// toolV and callIDV box tool and callID once per gate rather than once per condition.
	toolV, callIDV any
}

// hasName reports whether name is in postcondition_names of the ledger (plus, under
// timing=anytime, the later facts): the name of a postcondition fact or the predicate of any
// other fact. A scan is cheaper than building the set for the few lookups of a gate.
func (c *evalCtx) hasName(name string) bool {
	for _, facts := range [2][]fact{c.led.facts, c.extra} {
		for i := range facts {
			f := &facts[i]
			if f.post {
				if n := f.name; truthy(n) && jsonv.PyStr(n) == name {
					return true
				}
				continue
			}
			if ps, ok := f.pred.(string); ok && ps != "" && ps == name {
				return true
			}
		}
	}
	return false
}

// condMatches is condition_matches. anyArg implements binding=value inside
// supported_if_all: an action_arg value matches any value of a present key.
func (c *evalCtx) condMatches(co *cond, anyArg bool) bool {
	switch co.kind {
	case condFact:
		return c.factCondMatches(co, anyArg)
	case condPost:
		for _, facts := range [2][]fact{c.led.facts, c.extra} {
			for i := range facts {
				f := &facts[i]
				if !f.post {
					continue
				}
				if scalarMatches(f.name, co.name) {
					return true
				}
			}
		}
		return false
	case condAction:
		return c.actionCondMatches(co)
	}
	return false
}

// factCondMatches reports whether some fact passes every test of a fact condition. The
// expected values are resolved against the action once, not once per fact.
func (c *evalCtx) factCondMatches(co *cond, anyArg bool) bool {
	if len(c.led.facts) == 0 && len(c.extra) == 0 {
		return false // no fact to pass the tests: the condition's are not read
	}
	var buf [8]any
	exps := buf[:0]
	for j := range co.tests {
		exps = append(exps, co.tests[j].exp.resolve(c.args))
	}
	for _, facts := range [2][]fact{c.led.facts, c.extra} {
	next:
		for i := range facts {
			f := &facts[i]
			for j := range co.tests {
				t := &co.tests[j]
				if t.sid != 0 {
					// Both sides interned: a string value equals the expected string
					// exactly when their ids are equal.
					var id uint32
					if t.pred {
						id = f.predID
					} else if t.kid >= 0 && f.keyHas&(1<<uint(t.kid)) != 0 {
						id = f.keyIDs[t.kid]
					}
					if id != 0 {
						if id != t.sid {
							continue next
						}
						continue
					}
				}
				var actual any
				var present bool
				if t.pred {
					actual, present = f.pred, f.hasPred
				} else {
					actual, present = f.getTest(t)
				}
				if t.exp.arg {
					if anyArg {
						if !present {
							continue next
						}
						continue
					}
				} else if t.exp.strOK {
					// scalarMatches of a string against a plain string is equality.
					if s, ok := actual.(string); ok {
						if s != t.exp.str {
							continue next
						}
						continue
					}
				}
				if !scalarMatches(actual, exps[j]) {
					continue next
				}
			}
			return true
		}
	}
	return false
}

func isString(v any) bool { _, ok := v.(string); return ok }

// actionPath walks a dotted path through the action {type, call_id, tool, arguments},
// through objects only (path_get).
func (c *evalCtx) actionPath(path string) any {
	head, rest, more := strings.Cut(path, ".")
	var cur any
	switch head {
	case "type":
		cur = "CONSEQUENTIAL_CALL"
	case "call_id":
		if c.callIDV == nil {
			c.callIDV = c.callID
		}
		cur = c.callIDV
	case "tool":
		if c.toolV == nil {
			c.toolV = c.tool
		}
		cur = c.toolV
	case "arguments":
		cur = c.args
	default:
		return nil
	}
	for more {
		var part string
		part, rest, more = strings.Cut(rest, ".")
		obj, ok := cur.(*jsonv.Object)
		if !ok {
			return nil
		}
		cur, _ = obj.Get(part)
	}
	return cur
}

func (c *evalCtx) actionCondMatches(co *cond) bool {
	actual := c.actionPath(co.path)
	switch co.op {
	case opEquals, opNotEquals:
		exp := co.opExp.resolve(c.args)
		var eq bool
		if co.summary {
			eq = multisetMatches(actual, exp)
		} else {
			eq = scalarMatches(actual, exp)
		}
		return eq == (co.op == opEquals)
	case opContains, opNotContains:
		lower := co.lower
		if co.opExp.arg {
			lower = strings.ToLower(jsonv.PyStr(co.opExp.resolve(c.args)))
		}
		return strings.Contains(falsyText(actual), lower) == (co.op == opContains)
	}
	if actual == nil {
		return false
	}
	if s, ok := actual.(string); ok && s == "" {
		return false
	}
	return true
}

// falsyText is str(actual or "").lower().
func falsyText(v any) string {
	if !truthy(v) {
		return ""
	}
	return strings.ToLower(jsonv.PyStr(v))
}

func (c *evalCtx) groupMatches(g *group, anyArg bool) bool {
	if !g.list {
		return false
	}
	for i := range g.conds {
		if !c.condMatches(&g.conds[i], anyArg) {
			return false
		}
	}
	return true
}

// Requirement statuses.
const (
	StatusSupported = "SUPPORTED"
	StatusMissing   = "MISSING"
	StatusViolated  = "VIOLATED"
	StatusInactive  = "INACTIVE"
)

// evalRequirement is evaluate_requirement_v1.
func (c *evalCtx) evalRequirement(req *requirement) RequirementResult {
	id := req.id
	if req.summary {
		return c.evalSummaryFacts(id)
	}
	for i := range req.inactive {
		if c.groupMatches(&req.inactive[i], false) {
			return RequirementResult{ID: id, Status: StatusInactive, Reason: req.inactive[i].reason}
		}
	}
	for i := range req.violated {
		if c.groupMatches(&req.violated[i], false) {
			return RequirementResult{ID: id, Status: StatusViolated, Reason: req.violated[i].reason}
		}
	}
	anyArg := c.binding == BindingValue
	if c.groupMatches(&req.supported, anyArg) {
		return RequirementResult{ID: id, Status: StatusSupported, Reason: StatusSupported}
	}
	res := RequirementResult{ID: id, Status: StatusMissing, Reason: req.missingReason}
	if !c.lean {
		for i := range req.supported.conds {
			co := &req.supported.conds[i]
			if co.obj != nil && !c.condMatches(co, anyArg) {
				res.MissingConditions = append(res.MissingConditions, c.p.specText(co.obj))
			}
		}
	}
	return res
}

func reasonOr(o *jsonv.Object, def string) string {
	if v, ok := o.Get("reason"); ok {
		return jsonv.PyStr(v)
	}
	return def
}

// evalSummaryFacts is evaluate_summary_facts_supported.
func (c *evalCtx) evalSummaryFacts(id string) RequirementResult {
	sf, _ := c.args.Get("summary_facts")
	l, ok := sf.([]any)
	if !ok || len(l) == 0 {
		return RequirementResult{ID: id, Status: StatusMissing, Reason: "SUMMARY_FACTS_MISSING"}
	}
	var missing []string
	for _, x := range l {
		s := jsonv.PyStr(x)
		if !c.hasName(s) {
			missing = append(missing, s)
		}
	}
	if len(missing) > 0 {
		return RequirementResult{ID: id, Status: StatusViolated, Reason: "UNSUPPORTED_SUMMARY_FACTS",
			MissingConditions: missing}
	}
	return RequirementResult{ID: id, Status: StatusSupported, Reason: StatusSupported}
}

// evalDagRequirement is evaluate_dag_requirement: strings against the name set, objects as
// V1 requirements, anything else is an invalid spec.
func (c *evalCtx) evalDagRequirement(req *dagReq) RequirementResult {
	switch {
	case req.isName:
		r := req.name
		if r == "summary_facts_supported" {
			return c.evalSummaryFacts(r)
		}
		if c.hasName(r) {
			return RequirementResult{ID: r, Status: StatusSupported, Reason: StatusSupported}
		}
		return RequirementResult{ID: r, Status: StatusMissing, Reason: "MISSING_TOOL_EVIDENCE", Step: req.step}
	case req.req != nil:
		return c.evalRequirement(req.req)
	}
	return RequirementResult{ID: "invalid_requirement", Status: StatusViolated, Reason: "INVALID_REQUIREMENT_SPEC"}
}

// gateOf is oracle_outcome: INACTIVE dropped; any VIOLATED blocks; any MISSING defers.
func gateOf(results []RequirementResult) string {
	missing := false
	for _, r := range results {
		switch r.Status {
		case StatusViolated:
			return GateBlock
		case StatusMissing:
			missing = true
		}
	}
	if missing {
		return GateDefer
	}
	return GateAllow
}

func hasMissing(results []RequirementResult) bool {
	for _, r := range results {
		if r.Status == StatusMissing {
			return true
		}
	}
	return false
}

// Gate values.
const (
	GateAllow   = "ALLOW"
	GateDefer   = "DEFER"
	GateBlock   = "BLOCK"
	GateTimeout = "TIMEOUT"
)

// obsCall is an observed information call as the coverage check sees it.
type obsCall struct {
	tid      int32 // its tool's toolID; every observed call is of a named info tool, so never 0
	args     any
	resolved any  // nil when absent
	hasRes   bool // resolved_arguments present
	// key is the call's own evidence_delta_key, "" when it has none. Without one, the
	// candidate key is tool:canonical(args), and a required key equal to it implies that
	// args_match already covered the read, so coverage never needs to compute it.
	key string
}

func newObsCall(tid int32, args any, resolved any, hasRes bool, key string) obsCall {
	return obsCall{tid: tid, args: args, resolved: resolved, hasRes: hasRes, key: key}
}

// coverageOnly computes the coverage block without the per-requirement results.
func (p *Prepared) coverageOnly(calls []obsCall) Coverage {
	_, c := p.coverageInto(nil, calls, false)
	return c
}

// coverageInto is information_coverage_results over the observed calls: it appends the
// per-requirement results to results (when withResults) and returns the coverage block.
func (p *Prepared) coverageInto(results []RequirementResult, calls []obsCall, withResults bool) ([]RequirementResult, Coverage) {
	covered, unnamed := 0, 0
	var uncovered uint64
	for ri := range p.required {
		rq := &p.required[ri]
		matched := false
		for i := range calls {
			c := &calls[i]
			if rq.tid == 0 || c.tid != rq.tid { // 0: a tool no observed call can be of
				continue
			}
			if rq.args.match(c.args) {
				matched = true
				break
			}
			var res any
			if c.hasRes {
				res = c.resolved
			}
			if rq.args.match(res) {
				matched = true
				break
			}
			if rq.keyOK && c.key != "" && c.key == rq.key {
				matched = true
				break
			}
		}
		if matched {
			covered++
		} else if rq.pos < 64 {
			uncovered |= 1 << uint(rq.pos)
		} else {
			unnamed++
		}
		if withResults {
			r := RequirementResult{ID: rq.id, Status: StatusMissing, Reason: "REQUIRED_INFORMATION_SOURCE_NOT_QUERIED"}
			if matched {
				r.Status, r.Reason = StatusSupported, StatusSupported
			}
			results = append(results, r)
		}
	}
	distinct := 0
	var seenBuf [16]int32
	seen := seenBuf[:0]
	for i := range calls {
		if t := calls[i].tid; !slices.Contains(seen, t) {
			seen = append(seen, t)
			distinct++
		}
	}
	callsOK := len(calls) >= p.minCalls
	toolsOK := distinct >= p.minTools
	r1 := RequirementResult{ID: "minimum_information_call_count", Status: StatusSupported, Reason: StatusSupported}
	if !callsOK {
		r1.Status, r1.Reason = StatusMissing, "MULTIPLE_INFORMATION_CALLS_REQUIRED"
	}
	r2 := RequirementResult{ID: "minimum_distinct_information_tools", Status: StatusSupported, Reason: StatusSupported}
	if !toolsOK {
		r2.Status, r2.Reason = StatusMissing, "MULTIPLE_INFORMATION_TOOLS_REQUIRED"
	}
	if withResults {
		results = append(results, r1, r2)
	}
	cov := Coverage{RequiredCalls: len(p.required), CoveredCalls: covered, MinCalls: p.minCalls,
		ObservedCalls: len(calls), MinDistinct: p.minTools, ObservedDistinct: distinct, uncovered: uncovered, unnamed: unnamed}
	cov.Complete = covered == len(p.required) && callsOK && toolsOK
	return results, cov
}
