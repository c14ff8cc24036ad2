package analysis

import (
	"slices"
	"sort"
	"sync"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// Release is what the tables are computed from: the cases, the named case sets and the
// verdicts of one policy.
type Release struct {
	Cases []*casespec.Case
	Sets  map[string][]string
	// Verdicts are the records of the release's verdicts, grouped by cell (groupCells):
	// in input order unless a cell is not one run of it. A release of aggregates
	// (ScoreOptions.Aggregate, release_aggregate.go) holds aggregate records in order of
	// first appearance instead: of every verdict, with their repeats (reps), for the first
	// release and the baseline; else of its main condition's alone, for the policy
	// comparison's tables, and it then has no coverage rows and no repeats.
	Verdicts []Record
	Policy   oracle.Policy

	byID map[string]*casespec.Case
	main []Record
	// cells is the grouping every table selects from (groupCells).
	cells   map[cellKey][]Record
	configs []string
	// cfgPos is each configuration's position in configs by its ConfigKey (-1: none), so
	// that a verdict finds its configuration's row without a string map (configOf).
	cfgPos     []int32
	conditions []string // in order of first appearance
	harnesses  []string // in order of first appearance
	domains    []string
	// costs and coverage are computed in input order, before the grouping reorders the
	// verdicts: the coverage rows follow the input, and sums of floats depend on order.
	costs     []CostRow
	costTotal CostRow
	// listed are the runs a table lists (OfficialPassedUnauthorized), in input order.
	listed   []ListedRun
	coverage struct {
		rows    []CoverageRow
		reasons []string
		total   CoverageRow
	}
	// cache holds results computed once per options (SummaryIntervals); releases of the
	// same verdicts share it (sharing).
	cache *sync.Map
	// units numbers the resampling units (units.go); shared like cache.
	units *unitTables
	// lost counts the episodes each policy of the scoring loses against each other, this
	// release's policy at lostAt (lostCounts); nil for a release made alone (NewRelease).
	lost   *lostCounts
	lostAt int
	// reps are the repeats of a release of full aggregates (repeatsOf); nil otherwise.
	reps *repeatSets
}

// NewRelease indexes cases and verdicts (vs in input order). Configurations keep the
// order in which they first appear in the verdicts (the input order), so tables list them
// as the user wrote them; domains follow the paper's order, unknown ones after it
// alphabetically. The release keeps records of the verdicts (Record), not vs.
func NewRelease(cases []*casespec.Case, sets map[string][]string, vs []oracle.Verdict, pol oracle.Policy) *Release {
	rec := newRecording([]oracle.Policy{pol}, []int{0}, false)
	rec.add([][]oracle.Verdict{vs}, nil)
	return newRelease(cases, sets, rec.inputs[0], pol)
}

// newRelease builds a release from in: what depends on the input order is computed
// first, then the records are grouped in place (groupCells), so that the largest input
// keeps one copy of them.
func newRelease(cases []*casespec.Case, sets map[string][]string, in *releaseInput, pol oracle.Policy) *Release {
	vs := in.records()
	r := &Release{Cases: cases, Sets: sets, Verdicts: vs, Policy: pol, byID: make(map[string]*casespec.Case, len(cases)), cache: &sync.Map{}, units: &unitTables{},
		listed: in.listed}
	for _, c := range cases {
		r.byID[c.ID] = c
	}
	seenCond := map[uint32]bool{}
	firsts := in.firsts(vs)
	for i := range firsts {
		v := &firsts[i]
		if k := v.ConfigKey(); r.configOf(v) < 0 {
			r.cfgPos = grow(r.cfgPos, int(k))
			r.cfgPos[k] = int32(len(r.configs))
			r.configs = append(r.configs, v.Config())
			// A key names its harness, so a harness first appears with a new key.
			if h := v.Harness(); !slices.Contains(r.harnesses, h) {
				r.harnesses = append(r.harnesses, h)
			}
		}
		if k := v.ConditionKey(); !seenCond[k] {
			seenCond[k] = true
			r.conditions = append(r.conditions, v.Condition())
		}
	}
	r.domains = OrderDomains(cases)
	r.costs, r.costTotal = in.costs.rows, in.costs.total
	r.costTotal.Config = "All"
	if in.agg == nil || in.agg.full { // lean aggregates have no coverage rows (release_aggregate.go)
		r.coverage.rows, r.coverage.reasons, r.coverage.total = coverageOf(vs)
	}
	if in.agg != nil && in.agg.full {
		r.reps = &in.agg.reps
	}
	r.groupCells()
	return r
}

// configOf is the position in Configs of v's configuration, -1 for one the release has
// no verdict of. Keys are interned configuration names, so this is a lookup by name.
func (r *Release) configOf(v *Record) int {
	if k := v.ConfigKey(); int(k) < len(r.cfgPos) {
		return int(r.cfgPos[k])
	}
	return -1
}

// repeatsOf appends the repeats v stands for to out: its own, or a full aggregate's set
// (release_aggregate.go); a lean aggregate has none.
func (r *Release) repeatsOf(v *Record, out []int32) []int32 {
	switch {
	case v.flags&rAggregate == 0:
		return append(out, v.repeat)
	case v.repeat >= 0 && r.reps != nil:
		return r.reps.appendTo(out, v.repeat)
	}
	return out
}

// grow extends s with -1 to hold index i.
func grow(s []int32, i int) []int32 {
	for len(s) <= i {
		s = append(s, -1)
	}
	return s
}

// mainOfCells sets r.main, the main condition's scored interactive verdicts in input
// order, when the verdicts stay as they are (each cell one run of them): a window of
// them when the main verdicts are one run (all of them for the alternative policies,
// scored on those alone; the first block of a release written in condition order), or
// else a copy. A large input's verdicts dominate memory, so a second copy matters.
func (r *Release) mainOfCells(cell []int32, isMain []bool) {
	first, last, n := -1, -1, 0
	for i, j := range cell {
		if j >= 0 && isMain[j] {
			n++
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if n == 0 || last-first+1 == n {
		r.main = r.Verdicts[max(first, 0) : last+1 : last+1]
		return
	}
	r.main = mainCopy(r.Verdicts, cell, isMain, n)
}

// mainCopy copies the n main verdicts in input order.
func mainCopy(vs []Record, cell []int32, isMain []bool, n int) []Record {
	out := make([]Record, 0, n)
	for i, j := range cell {
		if j >= 0 && isMain[j] {
			out = append(out, vs[i])
		}
	}
	return out
}

// sharing is a release of the same verdicts under policy p (another preset with the same
// settings): it shares the grouping, which at a million episodes is a copy of every verdict,
// and the intervals computed on it.
func (r *Release) sharing(p oracle.Policy) *Release {
	x := *r
	x.Policy = p
	return &x
}

// cellKey is one cell of the release's grouping: a configuration × condition × kind
// (interactive, or static judgment); excluded verdicts are in no cell.
type cellKey struct {
	config, condition string
	static            bool
}

// groupCells builds the grouping once: each cell is a sub-slice (input order) of one
// copy of the scored verdicts grouped by cell, or of Verdicts itself when every cell is
// already one contiguous run of it. Tables read cells instead of filtering and copying
// the whole release per configuration and condition.
func (r *Release) groupCells() {
	vs := r.Verdicts
	cell, keys, count := numberCells(vs)
	isMain := make([]bool, len(keys))
	for j, k := range keys {
		isMain[j] = !k.static && k.condition == ingest.DefaultCondition
	}
	r.cells = make(map[cellKey][]Record, len(keys))
	if first, ok := contiguousCells(cell, count); ok {
		for j, k := range keys {
			r.cells[k] = vs[first[j] : first[j]+count[j] : first[j]+count[j]]
		}
		r.mainOfCells(cell, isMain)
		return
	}
	r.groupInPlace(cell, keys, count, isMain)
}

// numberCells numbers the cells (configuration × condition × static or not) of the
// scored verdicts: cell[i] is verdict i's (-1: excluded), keys and count each cell's key
// and size. The main condition's interactive cells are numbered first, in order of
// appearance, so that they lie together at the start of grouped (mainOfCells).
func numberCells(vs []Record) (cell []int32, keys []cellKey, count []int) {
	type ids [3]uint32
	idx := map[ids]int{}
	cell = make([]int32, len(vs)) // -1: excluded
	last, lastJ := ids{}, -1      // runs of one cell are the rule: the map is asked less
	for pass := range 2 {
		for i := range vs {
			v := &vs[i]
			if v.Excluded() {
				cell[i] = -1
				continue
			}
			st := isStaticJudgment(v)
			if isMain := !st && v.Condition() == ingest.DefaultCondition; isMain != (pass == 0) {
				continue
			}
			k := ids{v.ConfigKey(), v.ConditionKey(), 0}
			if st {
				k[2] = 1
			}
			j, ok := lastJ, lastJ >= 0 && k == last
			if !ok {
				j, ok = idx[k]
			}
			if !ok {
				j = len(keys)
				idx[k] = j
				keys = append(keys, cellKey{v.Config(), v.Condition(), st})
				count = append(count, 0)
			}
			last, lastJ = k, j
			cell[i] = int32(j)
			count[j]++
		}
	}
	return cell, keys, count
}

// contiguousCells reports whether each cell's members form one run of the verdicts (cells
// may follow in any order), and where each run starts.
func contiguousCells(cell []int32, count []int) (first []int, ok bool) {
	first = make([]int, len(count))
	for j := range first {
		first[j] = -1
	}
	for i, j := range cell {
		if j < 0 {
			continue
		}
		if first[j] < 0 {
			first[j] = i
		} else if i-first[j] >= count[j] || cell[i-1] != j {
			return nil, false
		}
	}
	return first, true
}

// groupInPlace groups r.Verdicts in place: each scored verdict moves to its cell's next
// slot, cells in number order (the main condition's first), and the excluded follow in
// input order. The main verdicts are then a window at the start, in input order when the
// cell number never goes back among them; otherwise they are copied first. It consumes
// cell.
func (r *Release) groupInPlace(cell []int32, keys []cellKey, count []int, isMain []bool) {
	vs := r.Verdicts
	n, runs, prev := 0, true, int32(-1)
	for _, j := range cell {
		if j >= 0 && isMain[j] {
			n++
			runs = runs && j >= prev
			prev = j
		}
	}
	if !runs {
		r.main = mainCopy(vs, cell, isMain, n)
	}
	start := make([]int, len(keys))
	off := 0
	for j := range keys {
		start[j] = off
		off += count[j]
	}
	next := append([]int(nil), start...)
	dest := cell // each verdict's slot, in place of its cell number
	for i, j := range cell {
		if j >= 0 {
			dest[i] = int32(next[j])
			next[j]++
		} else {
			dest[i] = int32(off)
			off++
		}
	}
	permute(vs, dest)
	for j, k := range keys {
		r.cells[k] = vs[start[j]:next[j]:next[j]]
	}
	if runs {
		r.main = vs[:n:n]
	}
}

// permute moves vs[i] to vs[dest[i]] in place (dest is a permutation; it is consumed):
// each swap puts one verdict in its final slot.
func permute(vs []Record, dest []int32) {
	for i := range vs {
		for int(dest[i]) != i {
			j := dest[i]
			vs[i], vs[j] = vs[j], vs[i]
			dest[i], dest[j] = dest[j], dest[i]
		}
	}
}

// cell returns one configuration × condition's scored interactive verdicts, or its
// static judgments (callers must not modify them).
func (r *Release) cell(config, condition string, static bool) []Record {
	return r.cells[cellKey{config, condition, static}]
}

// hasCondition reports whether any scored interactive verdict has the condition.
func (r *Release) hasCondition(condition string) bool {
	for k, vs := range r.cells {
		if k.condition == condition && !k.static && len(vs) > 0 {
			return true
		}
	}
	return false
}

// staticOf returns one configuration's static judgments of every condition, in the
// release's condition order (a copy only when they span several conditions).
func (r *Release) staticOf(config string) []Record {
	var out []Record
	n := 0
	for _, cond := range r.conditions {
		if vs := r.cell(config, cond, true); len(vs) > 0 {
			if n++; n == 1 {
				out = vs
			} else {
				out = append(out[:len(out):len(out)], vs...)
			}
		}
	}
	return out
}

// mainOf returns one configuration's main verdicts (callers must not modify them).
func (r *Release) mainOf(config string) []Record {
	return r.cell(config, ingest.DefaultCondition, false)
}

// Configs lists the configurations in input order.
func (r *Release) Configs() []string { return r.configs }

// Domains lists the domains in the paper's order.
func (r *Release) Domains() []string { return r.domains }

// PaperDomains is the paper's domain order.
var PaperDomains = []string{"customer_policy_qa", "ops_code_agent", "legal_finance_advice",
	"research_assistant", "smart_home_agent", "healthcare_operations_agent"}

// OrderDomains lists the domains of the cases (variants count with their base case): the
// paper's, in its order, then any other in sorted order.
func OrderDomains(cases []*casespec.Case) []string {
	present := map[string]bool{}
	for _, c := range cases {
		if c.Variant == "" {
			present[c.Domain] = true
		}
	}
	var out []string
	for _, d := range PaperDomains {
		if present[d] {
			out = append(out, d)
			delete(present, d)
		}
	}
	var rest []string
	for d := range present {
		rest = append(rest, d)
	}
	sort.Strings(rest)
	return append(out, rest...)
}

// Filter selects verdicts.
type Filter func(*Record) bool

// StaticJudgments keeps the scored static judgments of executable (V0–V3) cases.
func StaticJudgments(v *Record) bool { return !v.Excluded() && isStaticJudgment(v) }

func isStaticJudgment(v *Record) bool { return v.Static() && v.Protocol() != ingest.Legacy }

// Protocol keeps one protocol.
func Protocol(p ingest.Protocol) Filter {
	return func(v *Record) bool { return v.Protocol() == p }
}

// Executable keeps V0–V3 (the 570 interactive cases of the paper's comparisons).
func Executable(v *Record) bool { return v.Protocol() != ingest.Legacy }

// inSet keeps episodes whose base case is in ids, found by base case number; for one
// goroutine.
func (r *Release) inSet(ids []string) Filter {
	cases := r.caseIDs()
	var in []bool
	for _, id := range ids {
		in = mark(in, cases.byName(id))
	}
	return func(v *Record) bool { return has(in, cases.of(v)) }
}
