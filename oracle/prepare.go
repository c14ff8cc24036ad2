package oracle

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Prepared is a case compiled once for scoring: the typed spec plus indexes (rules by tool,
// frozen deltas with pre-validated fact lists, required reads with their canonical keys,
// commit lookups, ancestors) and the spec-validation errors of every protocol path.
// It is immutable after Prepare and safe for concurrent use.
type Prepared struct {
	c    *casespec.Case
	spec *casespec.Spec

	required []reqCall
	minCalls int
	minTools int
	maxCalls int
	infoTool map[string]int32 // each info tool's toolID, only for more than toolScanMax

	rulesByTool []toolRules // in the order of the tools' first rule
	deltas      map[string]*delta
	// deltaByTool lists the deltas whose key's arguments parse as an object, per tool, in
	// spec order (deltasOf). Only the walks' fallbacks read them (a result reference to
	// resolve, a claimed key that is not the call's own), which most cases' episodes
	// never reach, so the keys are parsed when one first does.
	deltaByTool     map[string][]*delta
	deltaByToolOnce sync.Once

	frozen   bool
	shared   bool                 // metadata.evidence_scope == "shared_world"
	hasShard bool                 // released V3 id: the evaluator would replay a query shard
	shard    *casespec.QueryShard // the verified shard when the bench has it; nil: trust the key
	unread   string               // why the bench's shard directory was not read (casespec.Case.ShardUnread)
	stateful int                  // statefulNone, statefulSauna, statefulAppointment
	byID     *idRule              // the evaluator's rule for this case id (idRules), if any
	// equivRefs is byID's equivalent result references for this case (refCtx.equivRefs),
	// looked up once here; nil for most cases.
	equivRefs map[[2]string][]string
	phases    map[string]*phaseView

	commits     []*casespec.Commit
	commitByID  map[string]*casespec.Commit
	postFacts   map[*casespec.Commit][]specFact // postcondition facts of each commit
	actionTools map[string]bool                 // tools of the workflow commits or the key action
	topReqs     []*requirement                  // the object entries of spec.Requirements, compiled
	commitReqs  map[*casespec.Commit][]dagReq   // each commit's requirements, compiled
	commitInfos []commitInfo                    // what the walks read of each commit, by position
	// statefulTruthy: spec.StatefulProtocol is truthy (a case with a stateful observation
	// protocol), read at every gate.
	statefulTruthy bool

	keyToolIsString bool // the key action's "tool" is a string (maybe empty)
	keyToolV        any  // the key action's Tool as an interface value (nil without a key action)

	enforcePublic bool
	publicSpecs   map[string]*jsonv.Object // tool -> argument_schema, when the case carries them

	// Spec validation, computed once (of the two V0 preflights, the candidate protocol's).
	specV0, specV1Preflight, specV1, specV2, specV3, specDAGPreflight []string

	factTexts     map[*jsonv.Object]string // see specText
	factTextsOnce sync.Once

	caseSets [caseSetCount]slotSet[tripleSlot] // see cachedCase

	rules *actionRules // the case's action_rules, compiled; nil for SafeActBench cases
}

// prepRule is an evidence rule with its facts' predicates looked up.
type prepRule struct {
	*casespec.EvidenceRule
	facts []specFact
	args  argPattern // ArgsMatch
}

type reqCall struct {
	pos   int // index in the spec's required_info_calls
	id    string
	tid   int32      // tool's toolID (0: not a string or not an info tool, so no observed call is of it)
	args  argPattern // required arguments; a non-object covers every call of the tool
	key   string
	keyOK bool
}

// RequiredCallID names the requirement of the i-th (0-based) entry of required_info_calls,
// as the evaluator's information_coverage_results does.
// It is "required_info_call_%02d" of i+1, without fmt: Prepare names every required call.
func RequiredCallID(i int) string {
	if i >= 0 && i < len(requiredCallIDs) {
		return requiredCallIDs[i]
	}
	return requiredCallID(i)
}

// requiredCallIDs are the first names, made once rather than by every Prepare.
var requiredCallIDs = func() (ids [16]string) {
	for i := range ids {
		ids[i] = requiredCallID(i)
	}
	return ids
}()

func requiredCallID(i int) string {
	n := strconv.Itoa(i + 1)
	if len(n) == 1 {
		n = "0" + n
	}
	return "required_info_call_" + n
}

type delta struct {
	key      string
	tool     string
	args     *jsonv.Object // parsed arguments of the key, nil if the key is not canonical JSON
	facts    []specFact
	errs     []string // evidence-schema errors of this fact list
	rawFacts any
}

const (
	statefulNone = iota
	statefulSauna
	statefulAppointment
)

// Prepare compiles a case once. It fails only when the spec cannot be decoded at all.
func Prepare(c *casespec.Case) (*Prepared, error) {
	if c == nil {
		return nil, fmt.Errorf("oracle: nil case")
	}
	spec, probs := casespec.DecodeSpec(c)
	if len(probs) > 0 {
		return nil, probs
	}
	p := &Prepared{c: c, spec: spec}
	if c.Protocol == ingest.Legacy {
		return p, nil
	}
	if spec.ActionRules != nil {
		r, err := compileRules(spec.ActionRules)
		if err != nil {
			return nil, ingest.Problems{{File: c.Source, Field: "action_rules", Msg: fmt.Sprintf("case %s: %v", c.ID, err)}}
		}
		p.rules = r
	}
	p.prepareInfo(spec)
	p.prepareEvidence(spec)
	p.hasShard = casespec.IsReleasedV3ID(spec.CaseID)
	if p.hasShard && c.Variant == "" {
		p.shard, p.unread = c.Shard, c.ShardUnread
	}
	p.byID = idRuleOf(spec.CaseID)
	p.equivRefs = p.byID.refs[spec.CaseID]
	p.stateful = statefulOf(spec)
	p.prepareWorkflow(spec)
	p.indexFactKeys()
	p.preparePublicContract(spec)
	p.validateSpec(c.Protocol)
	return p, nil
}

// prepareInfo compiles the information requirements: the call and tool minimums (2 when
// unset), the information tools and the required calls with their canonical keys.
func (p *Prepared) prepareInfo(spec *casespec.Spec) {
	p.minCalls = spec.MinInfoCalls
	if p.minCalls == 0 {
		p.minCalls = 2
	}
	p.minTools = spec.MinDistinctInfoTools
	if p.minTools == 0 {
		p.minTools = 2
	}
	p.maxCalls = spec.MaxInfoCalls
	if len(spec.InfoTools) > toolScanMax {
		p.infoTool = make(map[string]int32, len(spec.InfoTools))
		for i, t := range spec.InfoTools {
			if _, dup := p.infoTool[t]; !dup {
				p.infoTool[t] = int32(i + 1)
			}
		}
	}
	p.required = make([]reqCall, 0, len(spec.RequiredInfoCalls))
	for i, raw := range spec.RequiredInfoCalls {
		o, ok := raw.(*jsonv.Object)
		if !ok {
			continue // skipped, but keeps its number
		}
		rc := reqCall{pos: i, id: RequiredCallID(i)}
		t, _ := o.Get("tool")
		tool, toolOK := t.(string)
		if toolOK {
			rc.tid = p.toolID(tool)
		}
		a, present := o.Get("arguments")
		if !present {
			a = &jsonv.Object{}
		}
		rc.args = compileArgPattern(a)
		if ao, ok := a.(*jsonv.Object); ok && toolOK {
			rc.key, rc.keyOK = canonicalKey(tool, ao), true
		}
		p.required = append(p.required, rc)
	}
}

// prepareEvidence indexes the evidence rules by tool and the evidence deltas by key and by
// tool, with their facts' predicates looked up and their schema errors found once.
func (p *Prepared) prepareEvidence(spec *casespec.Spec) {
	for i := range spec.EvidenceRules {
		r := &spec.EvidenceRules[i]
		j := slices.IndexFunc(p.rulesByTool, func(t toolRules) bool { return t.tool == r.Tool })
		if j < 0 {
			j = len(p.rulesByTool)
			p.rulesByTool = append(p.rulesByTool, toolRules{tool: r.Tool})
		}
		p.rulesByTool[j].rules = append(p.rulesByTool[j].rules, prepRule{r, specFactsOf(r.Facts), compileArgPattern(r.ArgsMatch)})
	}
	p.frozen = spec.EvidenceMode == "frozen"
	p.shared = spec.EvidenceScope == "shared_world"
	p.deltas = map[string]*delta{}
	if spec.Deltas != nil {
		schemas := schemaByPredicate(spec.EvidenceSchema)
		// The deltas and their facts are carved from one allocation each, not one or two
		// per delta: every process compiles each case it meets.
		ds := make([]delta, len(spec.Deltas.Keys))
		n := 0
		for _, v := range spec.Deltas.Values {
			if l, ok := v.([]any); ok {
				n += len(l)
			}
		}
		slab := make([]specFact, 0, n)
		var objs []*jsonv.Object
		for i, k := range spec.Deltas.Keys {
			d := &ds[i]
			d.key, d.rawFacts = k, spec.Deltas.Values[i]
			d.errs = validateEvidenceFacts(d.rawFacts, schemas)
			if l, ok := d.rawFacts.([]any); ok {
				objs = objs[:0]
				for _, f := range l {
					if fo, ok := f.(*jsonv.Object); ok {
						objs = append(objs, fo)
					}
				}
				m := len(slab)
				slab = appendSpecFacts(slab, objs)
				d.facts = slab[m:len(slab):len(slab)]
			}
			if tool, _, ok := strings.Cut(k, ":"); ok && tool != "" {
				d.tool = tool
			}
			p.deltas[k] = d
		}
	}
}

// deltasOf returns the deltas of tool whose key's arguments parse as an object (with
// delta.args set), in spec order; the keys are parsed at the first call.
func (p *Prepared) deltasOf(tool string) []*delta {
	p.deltaByToolOnce.Do(func() {
		p.deltaByTool = map[string][]*delta{}
		if p.spec.Deltas == nil {
			return
		}
		for _, k := range p.spec.Deltas.Keys {
			d := p.deltas[k]
			if d == nil || d.tool == "" {
				continue
			}
			if ao, err := jsonv.ParseObject([]byte(k[len(d.tool)+1:])); err == nil {
				d.args = ao
				p.deltaByTool[d.tool] = append(p.deltaByTool[d.tool], d)
			}
		}
	})
	return p.deltaByTool[tool]
}

// prepareWorkflow indexes the workflow's commits (by id, their action tools, their
// postconditions as facts, each commit's ancestors) and compiles the requirements.
func (p *Prepared) prepareWorkflow(spec *casespec.Spec) {
	p.commits = spec.Workflow
	p.commitByID = map[string]*casespec.Commit{}
	p.actionTools = map[string]bool{}
	for _, cm := range p.commits {
		if cm == nil {
			continue
		}
		if _, dup := p.commitByID[cm.ID]; !dup {
			p.commitByID[cm.ID] = cm
		}
		if cm.ToolOK {
			p.actionTools[cm.Tool] = true
		}
	}
	if spec.KeyAction != nil && spec.KeyAction.ToolOK {
		p.actionTools[spec.KeyAction.Tool] = true
	}
	if ka := spec.KeyAction; ka != nil {
		p.keyToolIsString = ka.Raw.Has("tool") && isString(mustGet(ka.Raw, "tool"))
		p.keyToolV = ka.Tool
	}
	p.postFacts = map[*casespec.Commit][]specFact{}
	for _, cm := range p.commits {
		if cm == nil {
			continue
		}
		var objs []*jsonv.Object
		for _, pc := range cm.Postconditions {
			switch x := pc.(type) {
			case string:
				objs = append(objs, jsonv.NewObject("predicate", "postcondition", "name", x, "value", true))
			case *jsonv.Object:
				f := x
				if !x.Has("predicate") {
					f = x.Clone()
					f.Set("predicate", "postcondition")
				}
				objs = append(objs, f)
			}
		}
		if objs != nil {
			p.postFacts[cm] = specFactsOf(objs)
		}
	}
	p.compileRequirements()
	if p.stateful != statefulNone {
		p.preparePhases()
	}
	p.indexCommits()
	p.statefulTruthy = truthy(spec.StatefulProtocol)
}

// preparePublicContract decides whether the public action contract is enforced (released
// V3 cases, or metadata asking for it) and keeps each public action tool's argument schema.
func (p *Prepared) preparePublicContract(spec *casespec.Spec) {
	p.enforcePublic = casespec.IsReleasedV3ID(spec.CaseID)
	if spec.Metadata != nil {
		if v, _ := spec.Metadata.Get("enforce_public_action_contract"); v == true {
			p.enforcePublic = true
		}
	}
	for _, raw := range spec.ActionToolSpecs {
		o, ok := raw.(*jsonv.Object)
		if !ok {
			continue
		}
		t, _ := o.String("tool")
		sch, ok := o.Obj("argument_schema")
		if t == "" || !ok {
			continue
		}
		if p.publicSpecs == nil {
			p.publicSpecs = map[string]*jsonv.Object{}
		}
		p.publicSpecs[t] = sch
	}
}

// validateSpec checks the spec against its protocol's structure once, as the evaluator's
// preflight does, keeping the results for scoring.
func (p *Prepared) validateSpec(protocol ingest.Protocol) {
	switch protocol {
	case ingest.V0:
		// The hidden preflight walks one workflow, the candidate protocol's (walk_v0.go):
		// only its check is read. dag_workflow's own spec check includes the DAG's, so
		// that is done first and once.
		if p.spec.CandidateProtocol == "single_action" {
			p.specV1Preflight = p.validateSingleCommitSpec(false)
		} else {
			p.specDAGPreflight = p.validateDAGSpec(false)
		}
		p.specV0 = p.validateNoActionSpec()
	case ingest.V1:
		p.specV1 = p.validateSingleCommitSpec(true)
	case ingest.V2:
		p.specV2 = p.validateLinearSpec()
	case ingest.V3:
		p.specV3 = p.validateDAGSpec(true)
	}
}

func (p *Prepared) transitiveAncestors(id string) map[string]bool {
	out := map[string]bool{}
	cm := p.commitByID[id]
	if cm == nil {
		return out
	}
	pending := append([]string(nil), cm.DependsOn...)
	for len(pending) > 0 {
		a := pending[len(pending)-1]
		pending = pending[:len(pending)-1]
		if out[a] {
			continue
		}
		out[a] = true
		if ac := p.commitByID[a]; ac != nil {
			pending = append(pending, ac.DependsOn...)
		}
	}
	return out
}

// toolScanMax is the most info tools toolID scans; it looks more up in infoTool (which a
// Legacy case, never walked, does not build: InfoToolBit scans its tools).
const toolScanMax = 16

// inScope reports whether tool is one of the case's info_tools.
func (p *Prepared) inScope(tool string) bool { return p.toolID(tool) != 0 }

// toolID is 1 + the position of tool's first occurrence in the case's info_tools, 0 when
// it is not one: equal ids are equal tools, so that coverage compares the ids of its
// observed and required calls rather than their names. A case has a handful: a scan that
// compares lengths first beats hashing the name, and it runs for every read.
func (p *Prepared) toolID(tool string) int32 {
	if p.infoTool != nil {
		return p.infoTool[tool]
	}
	for i, t := range p.spec.InfoTools {
		if len(t) == len(tool) && t == tool {
			return int32(i + 1)
		}
	}
	return 0
}

// ruleFacts is facts_for_info_call: every rule of the tool whose args_match matches the
// call's arguments contributes its facts.
func (p *Prepared) ruleFacts(tool string, args any, eventIndex int, callID string, led *ledger) {
	srcArgs := args
	if _, ok := args.(*jsonv.Object); !ok {
		srcArgs = &jsonv.Object{}
	}
	for _, r := range p.rulesFor(tool) {
		if !r.args.match(args) {
			continue
		}
		for _, f := range r.facts {
			led.add(fact{specFact: f, eventIndex: eventIndex, callID: callID, tool: tool, args: srcArgs})
		}
	}
}

// toolRules are the evidence rules of one tool.
type toolRules struct {
	tool  string
	rules []prepRule
}

// rulesFor returns the evidence rules of tool. A case has a few tools with rules: a scan
// of one small slice touches less memory than a map lookup (the case's data is cold
// when consecutive episodes are of other cases, as in a release read in order).
func (p *Prepared) rulesFor(tool string) []prepRule {
	for i := range p.rulesByTool {
		if t := &p.rulesByTool[i]; t.tool == tool {
			return t.rules
		}
	}
	return nil
}

// schemaByPredicate is evidence_schema_by_predicate.
func schemaByPredicate(s any) map[string]*jsonv.Object {
	out := map[string]*jsonv.Object{}
	switch x := s.(type) {
	case []any:
		for _, it := range x {
			if o, ok := it.(*jsonv.Object); ok {
				if pr, _ := o.Get("predicate"); truthy(pr) {
					out[jsonv.PyStr(pr)] = o
				}
			}
		}
	case *jsonv.Object:
		if l, ok := x.List("facts"); ok {
			return schemaByPredicate(l)
		}
		if pr, _ := x.Get("predicate"); truthy(pr) {
			out[jsonv.PyStr(pr)] = x
			return out
		}
		for i, k := range x.Keys {
			if o, ok := x.Values[i].(*jsonv.Object); ok {
				out[k] = o // setdefault("predicate", key) only matters for lookup by key
			}
		}
	}
	return out
}

// validateEvidenceFacts is validate_evidence_facts.
func validateEvidenceFacts(facts any, schemas map[string]*jsonv.Object) []string {
	l, ok := facts.([]any)
	if !ok {
		return []string{"frozen evidence delta must be a list of facts"}
	}
	var errs []string
	for i, f := range l {
		// Named only in an error: most facts have none, and every process prepares its cases.
		prefix := func() string { return fmt.Sprintf("evidence_facts[%d]", i) }
		fo, ok := f.(*jsonv.Object)
		if !ok {
			errs = append(errs, prefix()+" must be an object")
			continue
		}
		pr, _ := fo.Get("predicate")
		ps, ok := pr.(string)
		if !ok || ps == "" {
			errs = append(errs, prefix()+".predicate is missing")
			continue
		}
		sch, found := schemas[ps]
		if len(schemas) > 0 && !found {
			errs = append(errs, fmt.Sprintf("%s.predicate %s is not declared in evidence_schema", prefix(), repr(ps)))
			continue
		}
		if !found || sch.Len() == 0 {
			continue
		}
		if rf, ok := sch.List("required_fields"); ok {
			for _, field := range rf {
				fs := jsonv.PyStr(field)
				if !fo.Has(fs) {
					errs = append(errs, prefix()+"."+fs+" is missing")
				}
			}
		}
		if enums, ok := sch.Obj("enums"); ok {
			for j, field := range enums.Keys {
				allowed, ok := enums.Values[j].([]any)
				v, present := fo.Get(field)
				if !present || !ok {
					continue
				}
				if !containsItem(allowed, v) {
					errs = append(errs, fmt.Sprintf("%s.%s has invalid value: %s", prefix(), field, repr(v)))
				}
			}
		}
	}
	return errs
}
