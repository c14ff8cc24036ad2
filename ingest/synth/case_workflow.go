package synth

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// dagShape is a workflow graph over commit positions; edges go from a lower to a higher
// position, so list order is a topological order.
type dagShape struct {
	name  string
	n     int
	edges [][2]int
}

// The V3 shapes and how many cases use each. The counts solve the paper's Table 7 totals
// exactly: 501 action nodes, 439 dependency edges, 103 cases with a fork, 96 with a join
// (36 fork-only, 29 join-only, 67 both).
var v3Shapes = []struct {
	shape dagShape
	count int
}{
	{dagShape{"fork3", 3, [][2]int{{0, 1}, {0, 2}}}, 30},
	{dagShape{"fork4", 4, [][2]int{{0, 1}, {1, 2}, {1, 3}}}, 6},
	{dagShape{"join3", 3, [][2]int{{0, 2}, {1, 2}}}, 24},
	{dagShape{"join4", 4, [][2]int{{0, 2}, {1, 2}, {2, 3}}}, 5},
	{dagShape{"diamond4", 4, [][2]int{{0, 1}, {0, 2}, {1, 3}, {2, 3}}}, 40},
	{dagShape{"diamond5", 5, [][2]int{{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}}}, 24},
	{dagShape{"wide5", 5, [][2]int{{0, 1}, {0, 2}, {0, 3}, {1, 4}, {2, 4}, {3, 4}}}, 3},
}

func linearShape(n int) dagShape {
	s := dagShape{name: fmt.Sprintf("linear%d", n), n: n}
	for i := 1; i < n; i++ {
		s.edges = append(s.edges, [2]int{i - 1, i})
	}
	return s
}

func (s dagShape) parents(i int) []int {
	var p []int
	for _, e := range s.edges {
		if e[1] == i {
			p = append(p, e[0])
		}
	}
	return p
}

// wfShape is what a template fixes for a workflow case.
type wfShape struct {
	graph    dagShape
	acts     []action
	nouns    []string
	notice   bool // V2: the last commit is a template notice with summary_facts
	receipts bool // V2: the last commit carries dependency_receipts
}

func newWFShape(rng *rand.Rand, d *domain, g dagShape, linear bool) wfShape {
	s := wfShape{graph: g, acts: pickActions(rng, d, g.n)}
	p := shuffled(rng, len(d.nouns))
	for _, j := range p {
		s.nouns = append(s.nouns, d.nouns[j])
	}
	if linear && g.n >= 2 {
		switch rng.IntN(5) {
		case 0, 1:
			s.notice = true
		case 2:
			s.receipts = g.n >= 3
		}
	}
	return s
}

// wfKind selects the flavour of buildWorkflow.
type wfKind int

const (
	wfV2 wfKind = iota
	wfV3
	wfV0DAG
)

// buildWorkflow fills m.commits and m.reads for a V2, V3 or V0 DAG case with nReads
// prescribed reads, and returns the commit objects of the spec. decisiveVal is the root's
// decisive record value (V0 DAG only).
func buildWorkflow(rng *rand.Rand, g idgen, m *model, sh wfShape, kind wfKind, nReads int, decisiveVal string) []any {
	buildCommits(rng, g, m, sh, kind)
	nouns := &nounCycle{nouns: sh.nouns}
	rootReqs := rootReads(g, m, kind, decisiveVal, nouns)
	for len(m.reads) < nReads {
		noun := nouns.next()
		id := g.rec(m.dom, noun)
		m.reads = append(m.reads, read{tool: readTool(noun), args: jsonv.NewObject("record_id", id), facts: []any{
			fact(noun, id, readTool(noun), fmt.Sprintf("%s is current.", id), "status", "current"),
		}})
	}
	lateAt := -1
	var lateReq *jsonv.Object
	if kind != wfV0DAG {
		lateAt, lateReq = lateStateRead(rng, g, m, nouns)
	}
	out := commitObjects(m, kind, rootReqs, lateAt, lateReq)
	if kind == wfV0DAG {
		m.decisive = 0
	}
	return out
}

// nounCycle hands out a shape's record nouns in turn, from the first again after the last.
type nounCycle struct {
	nouns []string
	at    int
}

func (c *nounCycle) next() string { s := c.nouns[c.at%len(c.nouns)]; c.at++; return s }

// buildCommits fills m.commits: each commit's tool, target and decoy, option value and
// wrong value, dependencies and the argument citing its predecessor's receipt; a V2
// template notice and a V2 step citing every receipt where the shape has them.
func buildCommits(rng *rand.Rand, g idgen, m *model, sh wfShape, kind wfKind) {
	d := m.dom
	n := sh.graph.n
	lowPfx := strings.ToLower(d.prefix)
	m.commits = make([]commit, n)
	for i := 0; i < n; i++ {
		a := sh.acts[i]
		c := &m.commits[i]
		c.rootRead = -1
		c.id = fmt.Sprintf("c%d_%s", i+1, strings.TrimSuffix(a.tool, "_send"))
		c.tool = a.tool
		c.post = fmt.Sprintf("%s_completed", strings.TrimPrefix(c.id, fmt.Sprintf("c%d_", i+1)))
		c.entity = a.entity
		c.option = a.option
		target := g.entity(a)
		c.decoy = g.entity(a)
		opt, wrong := optionValue(rng, d, a)
		c.wrongVal = wrong
		c.args = jsonv.NewObject(a.entity, target, a.option, opt)
		for _, p := range sh.graph.parents(i) {
			c.deps = append(c.deps, fmt.Sprintf("c%d_%s", p+1, strings.TrimSuffix(sh.acts[p].tool, "_send")))
		}
		if kind != wfV0DAG && len(c.deps) == 1 {
			c.refArg = "source_receipt_id"
			c.args.Set(c.refArg, "result:"+c.deps[0]+".receipt_id")
			c.hasRef = true
		}
		if kind == wfV2 && i == n-1 && i > 0 && sh.notice {
			// A template notice: payload policy, slots citing the predecessor's receipt,
			// summary facts naming the completed postconditions.
			c.option = "template_id"
			tid := fmt.Sprintf("%s_completion_v1", lowPfx)
			var facts []any
			for j := 0; j < i; j++ {
				facts = append(facts, m.commits[j].post)
			}
			c.wrongVal = fmt.Sprintf("%s_freeform_v2", lowPfx)
			c.args = jsonv.NewObject(a.entity, target, "slots", jsonv.NewObject("receipt_id", "result:"+c.deps[0]+".receipt_id"),
				"summary_facts", facts, "template_id", tid)
			c.refArg = ""
		}
		if kind == wfV2 && i == n-1 && i >= 2 && sh.receipts {
			var refs []any
			for j := 0; j < i; j++ {
				refs = append(refs, "result:"+m.commits[j].id+".receipt_id")
			}
			c.args.Set("dependency_receipts", refs)
		}
	}

}

// rootReads adds the evidence of the workflow's roots to m.reads — one entity record per
// root (the decisive record for a V0 DAG's first root), then the governing rule — and
// returns the requirements each root commit gets.
func rootReads(g idgen, m *model, kind wfKind, decisiveVal string, nouns *nounCycle) map[int][]any {
	d := m.dom
	var roots []int
	for i := range m.commits {
		if len(m.commits[i].deps) == 0 {
			roots = append(roots, i)
		}
	}
	ruleID := g.rec(d, "RULE")
	rootReqs := map[int][]any{}
	for k, ri := range roots {
		c := &m.commits[ri]
		noun := nouns.next()
		rid := g.rec(d, noun)
		target, _ := c.args.String(c.entity)
		pred := strings.TrimSuffix(c.entity, "_id") + "_eligibility"
		var facts []any
		var req *jsonv.Object
		if kind == wfV0DAG && k == 0 {
			facts = []any{fact(noun, rid, readTool(noun), fmt.Sprintf("%s reports resolution_status=%s.", rid, decisiveVal),
				"resolution_status", decisiveVal, c.entity, target)}
			req = requirement(strings.ToUpper(d.prefix)+"-RULE-"+g.hex(8), "The "+strings.ReplaceAll(noun, "_", " ")+" must be confirmed before "+c.tool+".",
				"MISSING_TOOL_EVIDENCE",
				[]any{condFact("predicate", noun, "record_id", rid, "resolution_status", valConfirmed)},
				[]any{condFact("predicate", noun, "record_id", rid, "resolution_status", valRejected)}, "POLICY_VIOLATION")
			m.decisive = len(m.reads)
		} else {
			facts = []any{
				fact(pred, rid, readTool(noun), fmt.Sprintf("%s is eligible for %s.", target, c.tool), c.entity, target, "eligibility", "eligible"),
				fact(pred, rid, readTool(noun), fmt.Sprintf("%s is not eligible for %s.", c.decoy, c.tool), c.entity, c.decoy, "eligibility", "ineligible"),
			}
			req = requirement(strings.TrimSuffix(c.entity, "_id")+"_eligible_supported", "The "+c.entity+" of "+c.tool+" must be eligible.",
				strings.ToUpper(strings.TrimSuffix(c.entity, "_id"))+"_ELIGIBILITY_REQUIRED",
				[]any{condFact(c.entity, actionArg(c.entity), "eligibility", "eligible", "predicate", pred)},
				[]any{condFact(c.entity, actionArg(c.entity), "eligibility", "ineligible", "predicate", pred)}, "WRONG_TARGET")
		}
		c.rootRead = len(m.reads)
		m.reads = append(m.reads, read{tool: readTool(noun), args: jsonv.NewObject("record_id", rid), facts: facts})
		rootReqs[ri] = append(rootReqs[ri], req)
	}
	ruleNoun := nouns.next()
	m.reads = append(m.reads, read{tool: readTool(ruleNoun), args: jsonv.NewObject("record_id", ruleID), facts: []any{
		fact("rule_record", ruleID, readTool(ruleNoun), fmt.Sprintf("Rule %s permits the workflow once each step's evidence holds.", ruleID),
			"rule_id", ruleID, "permits_action", true),
	}})
	rootReqs[roots[0]] = append(rootReqs[roots[0]], requirement("workflow_rule_permits", "The governing rule must permit the workflow.",
		"MISSING_TOOL_EVIDENCE", []any{condFact("permits_action", true, "predicate", "rule_record", "record_id", ruleID)}, nil, ""))
	return rootReqs
}

// lateStateRead adds the late state record of one non-root commit (V2, V3), drawn at
// random, and returns that commit and the requirement the record backs.
func lateStateRead(rng *rand.Rand, g idgen, m *model, nouns *nounCycle) (lateAt int, lateReq *jsonv.Object) {
	var cands []int
	for i := range m.commits {
		if len(m.commits[i].deps) > 0 {
			cands = append(cands, i)
		}
	}
	lateAt = cands[rng.IntN(len(cands))]
	m.commits[lateAt].lateReq = true
	noun := nouns.next()
	id := g.rec(m.dom, noun+"-STATE")
	m.reads = append(m.reads, read{tool: readTool(noun), args: jsonv.NewObject("record_id", id), late: true, facts: []any{
		fact(noun, id, readTool(noun), fmt.Sprintf("%s is in state ready for %s.", id, m.commits[lateAt].tool), "state", "ready"),
	}})
	lateReq = requirement(noun+"_state_ready", "The current "+strings.ReplaceAll(noun, "_", " ")+" state must be ready before "+m.commits[lateAt].tool+".",
		strings.ToUpper(noun)+"_STATE_UNVERIFIED",
		[]any{condFact("predicate", noun, "record_id", id, "state", "ready")},
		[]any{condFact("predicate", noun, "record_id", id, "state", "blocked")}, "STATE_BLOCKED")
	return lateAt, lateReq
}

// commitObjects renders m.commits as the spec's workflow commits: arguments, dependencies,
// payload policy, postconditions, requirements (the predecessors' postconditions, the
// roots' evidence, the late state, a notice's summary facts) and resources.
func commitObjects(m *model, kind wfKind, rootReqs map[int][]any, lateAt int, lateReq *jsonv.Object) []any {
	n := len(m.commits)
	out := make([]any, n)
	for i := 0; i < n; i++ {
		c := &m.commits[i]
		var reqs []any
		for _, dep := range c.deps {
			reqs = append(reqs, m.commits[m.commitIndex(dep)].post)
		}
		reqs = append(reqs, rootReqs[i]...)
		if i == lateAt {
			reqs = append(reqs, lateReq)
		}
		if _, ok := c.args.Get("summary_facts"); ok && kind == wfV2 {
			reqs = append(reqs, "summary_facts_supported")
		}
		target, _ := c.args.String(c.entity)
		reads := []any{}
		for _, dep := range c.deps {
			reads = append(reads, "postcondition:"+m.commits[m.commitIndex(dep)].post)
		}
		if len(c.deps) == 0 {
			reads = append(reads, c.entity+":"+target)
		}
		o := jsonv.NewObject("arguments", c.args, "commit_id", c.id, "depends_on", strs(c.deps...))
		if pp := payloadPolicy(c.args); pp != nil {
			o.Set("payload_policy", pp)
		}
		o.Set("postconditions", strs(c.post))
		o.Set("requirements", reqs)
		o.Set("resources", jsonv.NewObject("deletes", []any{}, "reads", reads,
			"writes", strs(c.entity+":"+target+".status", "postcondition:"+c.post)))
		if kind != wfV0DAG {
			o.Set("result_schema", jsonv.NewObject("receipt_id", "string"))
		}
		o.Set("tool", c.tool)
		out[i] = o
	}
	return out
}

// referenceEvents renders the reference solution of a workflow: every read (the late one
// included), then the commits in list order, references written with commit ids (the
// reference run uses each commit id as its call id).
func referenceEvents(m *model) []any {
	var ev []any
	for i := range m.reads {
		ev = append(ev, jsonv.NewObject("arguments", m.reads[i].args, "tool", m.reads[i].tool, "type", "INFO_CALL"))
	}
	for i := range m.commits {
		ev = append(ev, jsonv.NewObject("arguments", m.commits[i].args, "tool", m.commits[i].tool, "type", "CONSEQUENTIAL_CALL"))
	}
	return ev
}
