package synth

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Protocol sizes of the paper (Setup) and the total prescribed reads per protocol that
// give Table 7's means (V0 5.59 × 175 ≈ 978, V1 6.47 × 131 ≈ 848, V2 7.14 × 132 ≈ 942,
// V3 5.88 × 132 ≈ 776).
var (
	protocolCounts = [ingest.NumProtocols]int{86, 175, 131, 132, 132}
	readTotals     = [ingest.NumProtocols]int{0, 978, 848, 942, 776}
)

const (
	v0DAGCases    = 10 // V0 cases whose hidden candidate is a DAG workflow
	maxReads      = 17 // Table 7's maximum; exactly one case has it
	t9Size        = 100
	t10PerClass   = 33
	interventionN = 43
	contradictedN = 22
)

// catalog is the generated case set.
type catalog struct {
	models []*model // sorted by case id, variants included
	byID   map[string]*model
	sets   map[string][]string
}

var protoPrefix = [ingest.NumProtocols]string{"SAB-L", "SAB-V0", "SAB-V1", "SAB-V2", "SAB-V3"}

// buildCatalog generates the 656 cases, the intervention variants and the case sets.
func buildCatalog(rng *rand.Rand) *catalog {
	g := idgen{rng: rng}
	// Domains: the exact counts, shuffled across all cases.
	var doms []string
	for _, dc := range domainCounts {
		for i := 0; i < dc.n; i++ {
			doms = append(doms, dc.id)
		}
	}
	rng.Shuffle(len(doms), func(i, j int) { doms[i], doms[j] = doms[j], doms[i] })

	cat := &catalog{byID: map[string]*model{}, sets: map[string][]string{}}
	off := 0
	perProto := [ingest.NumProtocols][]*model{}
	for p := ingest.Protocol(0); p < ingest.NumProtocols; p++ {
		n := protocolCounts[p]
		ms := make([]*model, n)
		for i := 0; i < n; i++ {
			id := fmt.Sprintf("%s-%03d", protoPrefix[p], i+1)
			ms[i] = &model{c: &casespec.Case{ID: id, BaseID: id, Protocol: p, Domain: doms[off+i]}, dom: domains[doms[off+i]]}
		}
		off += n
		perProto[p] = ms
	}

	buildLegacyAll(rng, g, perProto[ingest.Legacy])
	buildV0All(rng, g, perProto[ingest.V0])
	buildV1All(rng, g, perProto[ingest.V1])
	buildV2All(rng, g, perProto[ingest.V2])
	buildV3All(rng, g, perProto[ingest.V3])

	for p := range perProto {
		for _, m := range perProto[p] {
			cat.models = append(cat.models, m)
			cat.byID[m.c.ID] = m
		}
	}
	cat.buildSets(rng, perProto)
	for _, id := range cat.sets["interventions_v1"] {
		w := variantOf(cat.byID[id], "withheld")
		cat.models = append(cat.models, w)
		cat.byID[w.c.ID] = w
	}
	for _, id := range cat.sets["interventions_contradicted"] {
		c := variantOf(cat.byID[id], "contradicted")
		cat.models = append(cat.models, c)
		cat.byID[c.c.ID] = c
	}
	sort.Slice(cat.models, func(i, j int) bool { return cat.models[i].c.ID < cat.models[j].c.ID })
	for _, m := range cat.models {
		tid := m.tmpl
		// The loader's spelling (casespec.Bench.assignClusters), so a written release reads
		// back with the same clusters.
		m.c.Cluster, m.c.ClusterRule = "template:"+tid, casespec.ClusterTemplate
		m.c.Source = "builtin:" + m.c.ID
	}
	return cat
}

// templateGroups chunks the cases of one protocol into templates: cases with the same
// key (domain plus a shape label) in id order, 3 to 6 per template.
func templateGroups(rng *rand.Rand, ms []*model, key func(*model) string) [][]*model {
	byKey := map[string][]*model{}
	var keys []string
	for _, m := range ms {
		k := key(m)
		if _, ok := byKey[k]; !ok {
			keys = append(keys, k)
		}
		byKey[k] = append(byKey[k], m)
	}
	var out [][]*model
	for _, k := range keys {
		list := byKey[k]
		for len(list) > 0 {
			size := 3 + rng.IntN(4)
			if len(list)-size < 3 {
				size = len(list)
				if size > 6 {
					size = (size + 1) / 2
				}
			}
			out = append(out, list[:size])
			list = list[size:]
		}
	}
	return out
}

func templateID(d *domain, p ingest.Protocol, k int) string {
	return fmt.Sprintf("%s-%s-T%02d", strings.ToLower(d.prefix), p.String(), k)
}

// readCounts spreads total prescribed reads over cases with per-case minimums, around the
// mean, at most 13 each except one case with maxReads when withMax.
func readCounts(rng *rand.Rand, mins []int, total int, withMax bool) []int {
	n := len(mins)
	mean := float64(total) / float64(n)
	out := make([]int, n)
	const hi = 13
	sum := 0
	for i := range out {
		v := int(mean+0.5) + rng.IntN(6) - 2
		if v < mins[i] {
			v = mins[i]
		}
		if v > hi {
			v = hi
		}
		out[i] = v
		sum += v
	}
	fixed := -1
	if withMax {
		fixed = rng.IntN(n)
		sum += maxReads - out[fixed]
		out[fixed] = maxReads
	}
	for sum != total {
		i := rng.IntN(n)
		if i == fixed {
			continue
		}
		if sum < total && out[i] < hi {
			out[i]++
			sum++
		} else if sum > total && out[i] > mins[i] {
			out[i]--
			sum--
		}
	}
	return out
}

func infoBudget(rng *rand.Rand, m *model, nReads int) (minCalls, minDistinct, maxCalls int64) {
	minCalls = int64(nReads - rng.IntN(2))
	if minCalls < 2 {
		minCalls = 2
	}
	dt := int64(distinctTools(m.reads))
	minDistinct = 2 + int64(rng.IntN(4))
	if minDistinct > dt {
		minDistinct = dt
	}
	maxCalls = int64(len(m.reads) + 2 + rng.IntN(3))
	return
}

func buildLegacyAll(rng *rand.Rand, g idgen, ms []*model) {
	golds := []string{"allow", "defer", "block"}
	groups := templateGroups(rng, ms, func(m *model) string { return m.c.Domain })
	for k, grp := range groups {
		d := grp[0].dom
		pair := fmt.Sprintf("%s-contrast-%02d", strings.ToLower(d.prefix), k+1)
		for i, m := range grp {
			m.gold = golds[(i+k)%3]
			m.tmpl = pair
			role := fmt.Sprintf("%s_%s", m.gold, []string{"supported", "stale_window", "wrong_target", "conflicting_sources"}[rng.IntN(4)])
			m.c.Spec = buildLegacy(rng, g, m, m.c.ID, pair, role)
		}
	}
}

func buildV0All(rng *rand.Rand, g idgen, ms []*model) {
	// Stop outcomes alternate in a shuffled order (88 DEFER, 87 BLOCK); the first
	// v0DAGCases of a shuffled order get a DAG candidate.
	order := shuffled(rng, len(ms))
	for rank, i := range order {
		m := ms[i]
		m.stop = "DEFER"
		if rank%2 == 1 {
			m.stop = "BLOCK"
		}
		m.dag = rank < v0DAGCases
	}
	groups := templateGroups(rng, ms, func(m *model) string {
		return fmt.Sprintf("%s|%s|%v", m.c.Domain, m.stop, m.dag)
	})
	shapes := map[*model]any{}
	mins := make([]int, len(ms))
	idx := map[*model]int{}
	for i, m := range ms {
		idx[m] = i
	}
	for k, grp := range groups {
		var sh any
		if grp[0].dag {
			sh = newWFShape(rng, grp[0].dom, v3Shapes[0].shape, false)
		} else {
			sh = newSingleShape(rng, grp[0].dom)
		}
		for _, m := range grp {
			m.tmpl = templateID(m.dom, ingest.V0, k+1)
			shapes[m] = sh
			if m.dag {
				mins[idx[m]] = 3
			} else {
				mins[idx[m]] = 4
			}
		}
	}
	counts := readCounts(rng, mins, readTotals[ingest.V0], false)
	for i, m := range ms {
		dec := valPending
		if m.stop == "BLOCK" {
			dec = valRejected
		}
		if m.dag {
			commits := buildWorkflow(rng, g, m, shapes[m].(wfShape), wfV0DAG, counts[i], dec)
			m.frozen = true
			m.c.Spec = specV0DAG(rng, m, commits, counts[i])
		} else {
			reqs := buildSingle(rng, g, m, shapes[m].(singleShape), counts[i], dec)
			m.frozen, m.rules = true, true
			m.c.Spec = specV0Single(rng, m, reqs, counts[i])
		}
	}
}

func buildV1All(rng *rand.Rand, g idgen, ms []*model) {
	groups := templateGroups(rng, ms, func(m *model) string { return m.c.Domain })
	shapes := map[*model]singleShape{}
	for k, grp := range groups {
		sh := newSingleShape(rng, grp[0].dom)
		for _, m := range grp {
			m.tmpl = templateID(m.dom, ingest.V1, k+1)
			shapes[m] = sh
		}
	}
	mins := make([]int, len(ms))
	for i := range mins {
		mins[i] = 4
	}
	counts := readCounts(rng, mins, readTotals[ingest.V1], false)
	for i, m := range ms {
		reqs := buildSingle(rng, g, m, shapes[m], counts[i], valConfirmed)
		m.rules = true
		// The first eight cases use catalog rules only, the rest shared-world frozen
		// evidence (rules and deltas agree), like the real catalog.
		m.frozen = i >= 8
		m.c.Spec = specV1(rng, m, reqs, counts[i], -1)
		m.c.Spec.Set("metadata", v1Metadata(m))
	}
}

func buildV2All(rng *rand.Rand, g idgen, ms []*model) {
	groups := templateGroups(rng, ms, func(m *model) string { return m.c.Domain })
	shapes := map[*model]wfShape{}
	for k, grp := range groups {
		n := 2 + rng.IntN(4) // 2..5 commits
		sh := newWFShape(rng, grp[0].dom, linearShape(n), true)
		for _, m := range grp {
			m.tmpl = templateID(m.dom, ingest.V2, k+1)
			shapes[m] = sh
		}
	}
	mins := make([]int, len(ms))
	for i := range mins {
		mins[i] = 3
	}
	counts := readCounts(rng, mins, readTotals[ingest.V2], true)
	for i, m := range ms {
		commits := buildWorkflow(rng, g, m, shapes[m], wfV2, counts[i], "")
		// One case in four evaluates evidence rules on the raw arguments (like
		// SAB-V2-001); the rest are episode-frozen (like SAB-V2-016).
		m.rules = i%4 == 0
		m.frozen = !m.rules
		m.c.Spec = specV2(rng, m, commits, counts[i])
	}
}

func buildV3All(rng *rand.Rand, g idgen, ms []*model) {
	var pool []dagShape
	for _, s := range v3Shapes {
		for i := 0; i < s.count; i++ {
			pool = append(pool, s.shape)
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	shapeOf := map[*model]dagShape{}
	for i, m := range ms {
		shapeOf[m] = pool[i]
	}
	groups := templateGroups(rng, ms, func(m *model) string { return m.c.Domain + "|" + shapeOf[m].name })
	shapes := map[*model]wfShape{}
	mins := make([]int, len(ms))
	idx := map[*model]int{}
	for i, m := range ms {
		idx[m] = i
	}
	for k, grp := range groups {
		sh := newWFShape(rng, grp[0].dom, shapeOf[grp[0]], false)
		for _, m := range grp {
			m.tmpl = templateID(m.dom, ingest.V3, k+1)
			shapes[m] = sh
			roots := 0
			for i := 0; i < sh.graph.n; i++ {
				if len(sh.graph.parents(i)) == 0 {
					roots++
				}
			}
			mins[idx[m]] = roots + 1
		}
	}
	counts := readCounts(rng, mins, readTotals[ingest.V3], false)
	for i, m := range ms {
		commits := buildWorkflow(rng, g, m, shapes[m], wfV3, counts[i], "")
		m.frozen = true
		m.c.Spec = specV3(rng, m, commits, counts[i])
	}
}

// buildSets draws the case sets: T9's matched V1 cases, T10's class-balanced cases and
// the intervention cases.
func (cat *catalog) buildSets(rng *rand.Rand, perProto [ingest.NumProtocols][]*model) {
	v1 := perProto[ingest.V1]
	p := shuffled(rng, len(v1))
	var t9, rest []string
	for k, i := range p {
		if k < t9Size {
			t9 = append(t9, v1[i].c.ID)
		} else {
			rest = append(rest, v1[i].c.ID)
		}
	}
	// T10: ALLOW from the V1 cases outside T9 (topped up from V3 when short), BLOCK and
	// DEFER from V0 — a third each.
	t10 := append([]string(nil), rest...)
	v3 := perProto[ingest.V3]
	for _, i := range shuffled(rng, len(v3)) {
		if len(t10) >= t10PerClass {
			break
		}
		t10 = append(t10, v3[i].c.ID)
	}
	if len(t10) > t10PerClass {
		t10 = t10[:t10PerClass]
	}
	nb, nd := 0, 0
	v0 := perProto[ingest.V0]
	for _, i := range shuffled(rng, len(v0)) {
		m := v0[i]
		if m.stop == "BLOCK" && nb < t10PerClass {
			t10 = append(t10, m.c.ID)
			nb++
		} else if m.stop == "DEFER" && nd < t10PerClass {
			t10 = append(t10, m.c.ID)
			nd++
		}
	}
	var iv []string
	for _, i := range shuffled(rng, len(v1))[:interventionN] {
		iv = append(iv, v1[i].c.ID)
	}
	sort.Strings(iv)
	contra := append([]string(nil), iv...)
	rng.Shuffle(len(contra), func(i, j int) { contra[i], contra[j] = contra[j], contra[i] })
	contra = contra[:contradictedN]
	for _, s := range [][]string{t9, t10, contra} {
		sort.Strings(s)
	}
	cat.sets["t9_matched_v1"] = t9
	cat.sets["t10_balanced"] = t10
	cat.sets["interventions_v1"] = iv
	cat.sets["interventions_contradicted"] = contra
}

// variantOf builds an intervention variant of a V1 case: "withheld"
// drops the decisive record's rule and delta (the read returns nothing, gold DEFER /
// no action); "contradicted" flips the decisive fact to rejected (gold BLOCK).
func variantOf(base *model, variant string) *model {
	v := *base
	v.c = &casespec.Case{ID: base.c.ID + "@" + variant, BaseID: base.c.ID, Variant: variant,
		Protocol: base.c.Protocol, Domain: base.c.Domain}
	v.reads = append([]read(nil), base.reads...)
	withheld := -1
	if variant == "withheld" {
		withheld = base.decisive
	} else {
		r := v.reads[base.decisive]
		f := r.facts[0].(*jsonv.Object).Clone()
		f.Set("resolution_status", valRejected)
		id, _ := f.String("record_id")
		span := fmt.Sprintf("%s reports resolution_status=%s.", id, valRejected)
		f.Set("evidence_span", span)
		f.Set("source_span", span)
		r.facts = []any{f}
		v.reads[base.decisive] = r
	}
	spec := base.c.Spec.Clone()
	rules, deltas, schema := evidenceOf(v.reads, withheld)
	spec.Set("evidence_rules", rules)
	if base.frozen {
		spec.Set("frozen_evidence_deltas", deltas)
		spec.Set("evidence_schema", schema)
	}
	spec.Set("episode_id", v.c.ID)
	md := v1Metadata(base)
	md.Set("intervention", jsonv.NewObject("variant", variant, "base_case_id", base.c.ID,
		"decisive_record", base.reads[base.decisive].key(),
		"expected_gate", map[string]string{"withheld": "DEFER", "contradicted": "BLOCK"}[variant]))
	spec.Set("metadata", md)
	v.c.Spec = spec
	return &v
}
