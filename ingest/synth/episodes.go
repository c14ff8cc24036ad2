package synth

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
)

// Conditions of the built-in release.
const (
	CondMain            = "main"
	CondStatic          = "static"
	CondWithheld        = "withheld"
	CondContradicted    = "contradicted"
	CondEvidencePackage = "evidence_package"
	CondRequesterClaim  = "requester_claim"
	CondSCGREG          = "scgr_eg"
	CondSCGRSelect      = "scgr_select"
)

// RepeatsPerScale is the number of main-condition repeats per unit of Options.Scale.
const RepeatsPerScale = 3

// Latent weights of the success ranking: a case's shared difficulty, a model's affinity
// for the case, the configuration's, and episode noise. Chosen so that Qwen's two
// harnesses disagree on about 134 of 570 cases by majority vote (Table 4) while each
// configuration's rates stay exact.
const (
	wCase    = 1.0
	wModel   = 0.45
	wConfig  = 0.6
	wEpisode = 0.6
)

// gen carries the catalog and the master seed through episode generation.
type gen struct {
	seed    uint64
	cat     *catalog
	byProto [ingest.NumProtocols][]*model // main cases in id order
	t9      map[string]bool
	t10     map[string]bool
	iv      map[string]bool
	infra   map[string]string // episode key → excluded status
}

func newGen(seed uint64, cat *catalog) *gen {
	g := &gen{seed: seed, cat: cat, t9: map[string]bool{}, t10: map[string]bool{}, iv: map[string]bool{}, infra: map[string]string{}}
	for _, m := range cat.models {
		if m.c.Variant == "" {
			g.byProto[m.c.Protocol] = append(g.byProto[m.c.Protocol], m)
		}
	}
	for _, id := range cat.sets["t9_matched_v1"] {
		g.t9[id] = true
	}
	for _, id := range cat.sets["t10_balanced"] {
		g.t10[id] = true
	}
	for _, id := range cat.sets["interventions_v1"] {
		g.iv[id] = true
	}
	// Episodes are written on several goroutines (emitAll) and a frozen case's agent
	// reads its reads' keys, which are cached on first use: fill the caches here.
	for _, m := range cat.models {
		for i := range m.reads {
			m.reads[i].key()
		}
	}
	// A few excluded episodes in the main condition, so the coverage report has
	// something to show: five wall-clock timeouts and three harness failures.
	r := derive(seed, "excluded")
	for k := 0; k < 8; k++ {
		ci := r.IntN(len(configs))
		m := cat.models[r.IntN(len(cat.models))]
		for m.c.Variant != "" {
			m = cat.models[r.IntN(len(cat.models))]
		}
		st := ingest.StatusInfraFailure
		if k >= 5 {
			st = ingest.StatusHarnessFailure
		}
		g.infra[fmt.Sprintf("%d|%s|%d", ci, m.c.ID, r.IntN(RepeatsPerScale))] = st
	}
	return g
}

// stratum is a group of cases of one protocol with one success rate.
type stratum struct {
	cases []*model
	rate  float64
	rest  bool // absorbs the per-repeat jitter
}

// mainStrata splits a protocol's cases for configuration ci so that the Table 9 and 10
// subsets get their own rates while the protocol total stays on Table 2.
func (g *gen) mainStrata(ci int, p ingest.Protocol) []stratum {
	t := &targets[ci]
	all := g.byProto[p]
	total := t.ecs[p] * float64(len(all))
	var sub []*model
	var subRate float64
	switch {
	case p == ingest.V1 && t.t9 > 0:
		subRate = t.t9
		for _, m := range all {
			if g.t9[m.c.ID] {
				sub = append(sub, m)
			}
		}
	case t.t10 > 0 && (p == ingest.V0 || p == ingest.V3):
		for _, m := range all {
			if g.t10[m.c.ID] {
				sub = append(sub, m)
			}
		}
		if p == ingest.V3 {
			subRate = 1
		} else {
			// The rate the V0 part of T10 needs so that the whole set lands on the
			// target, given what the V1 and V3 parts get.
			v1 := g.mainStrata(ci, ingest.V1)
			var v1t10, v1n float64
			for _, s := range v1 {
				for _, m := range s.cases {
					if g.t10[m.c.ID] {
						v1t10 += s.rate
						v1n++
					}
				}
			}
			nT10 := float64(len(g.cat.sets["t10_balanced"]))
			v3n := nT10 - v1n - float64(len(sub))
			subRate = math.Min(1, (t.t10*nT10-v1t10-v3n)/float64(len(sub)))
		}
	}
	if len(sub) == 0 {
		return []stratum{{cases: all, rate: t.ecs[p], rest: true}}
	}
	in := map[*model]bool{}
	for _, m := range sub {
		in[m] = true
	}
	var rest []*model
	for _, m := range all {
		if !in[m] {
			rest = append(rest, m)
		}
	}
	restRate := (total - subRate*float64(len(sub))) / float64(len(rest))
	restRate = math.Max(0, math.Min(1, restRate))
	return []stratum{{cases: sub, rate: subRate}, {cases: rest, rate: restRate, rest: true}}
}

// largestRemainder splits n into integer counts proportional to weights.
func largestRemainder(n int, ws []modeWeight) []int {
	var sum float64
	for _, w := range ws {
		sum += math.Max(0, w.w)
	}
	out := make([]int, len(ws))
	if n <= 0 || sum <= 0 {
		if n > 0 && len(ws) > 0 {
			out[0] = n
		}
		return out
	}
	type rem struct {
		i int
		r float64
	}
	var rems []rem
	got := 0
	for i, w := range ws {
		x := float64(n) * math.Max(0, w.w) / sum
		out[i] = int(x)
		got += out[i]
		rems = append(rems, rem{i, x - float64(out[i])})
	}
	sort.SliceStable(rems, func(a, b int) bool { return rems[a].r > rems[b].r })
	for k := 0; got < n; k++ {
		out[rems[k%len(rems)].i]++
		got++
	}
	return out
}

// assign decides the mode of every case of one stratum for one configuration, condition
// and repeat: the k best-ranked cases succeed, the rest get the failure modes in their
// exact counts, in a random order.
func (g *gen) assign(ci int, cond string, rep int, p ingest.Protocol, s stratum, jitter int, out map[*model]mode) {
	t := &targets[ci]
	n := len(s.cases)
	k := int(math.Round(s.rate*float64(n))) + jitter
	k = max(0, min(n, k))
	cfg := configs[ci]
	type scored struct {
		m *model
		s float64
	}
	sc := make([]scored, n)
	for i, m := range s.cases {
		id := m.c.ID
		sc[i] = scored{m, wCase*normal(g.seed, "case", id) + wModel*normal(g.seed, "model", cfg.model, id) +
			wConfig*normal(g.seed, "config", ci, id) + wEpisode*normal(g.seed, "episode", ci, cond, rep, id)}
	}
	sort.SliceStable(sc, func(a, b int) bool { return sc[a].s < sc[b].s })
	mix := failureMix(t, p, s.rate)
	counts := largestRemainder(n-k, mix)
	var modes []mode
	for i, c := range counts {
		for j := 0; j < c; j++ {
			modes = append(modes, mix[i].m)
		}
	}
	r := derive(g.seed, "modes", ci, cond, rep, int(p), len(s.cases))
	r.Shuffle(len(modes), func(i, j int) { modes[i], modes[j] = modes[j], modes[i] })
	if t.iv != nil && p == ingest.V1 && cond == CondMain {
		// The intervention configurations' few V1 non-actions fall on the intervention
		// cases, so that the main-condition baseline there is the paper's (action
		// probability ≈ 95–98%, Withheld drops of about 37–45 points).
		sort.SliceStable(modes, func(i, j int) bool { return modes[i] == mInaction && modes[j] != mInaction })
		fail := sc[k:]
		sort.SliceStable(fail, func(i, j int) bool { return g.iv[fail[i].m.c.ID] && !g.iv[fail[j].m.c.ID] })
	}
	for i, x := range sc {
		if i < k {
			out[x.m] = mSuccess
			continue
		}
		md := modes[i-k]
		if !x.m.available(md) {
			md = mPartial // same diagnostic class: a workflow that executed something, then failed
		}
		out[x.m] = md
	}
}

// jitter returns the per-repeat success-count offset of one configuration and protocol.
// Within each block of three repeats the repeats get the signs (−, 0, +) in a shuffled
// order shared by all protocols of the configuration, and each V0–V3 protocol moves by 0
// or 1 episode (at least two of them by 1): the pooled rates stay exact while the
// repeat-to-repeat ECS over the 570 cases spreads by about 0.35–0.7 points.
func (g *gen) jitter(ci int, p ingest.Protocol, rep int) int {
	block := rep / 3
	r := derive(g.seed, "jitter", ci, block)
	sign := []int{-1, 0, 1}
	r.Shuffle(3, func(a, b int) { sign[a], sign[b] = sign[b], sign[a] })
	mag := [ingest.NumProtocols]int{}
	for _, q := range shuffled(r, 4)[:2+r.IntN(3)] {
		mag[ingest.V0+ingest.Protocol(q)] = 1
	}
	return sign[rep%3] * mag[p]
}

var slugger = strings.NewReplacer(" ", "-", "/", "_")

func slug(s string) string { return slugger.Replace(strings.ToLower(s)) }

// configSlugs are the run-id spellings of the configurations.
var configSlugs = func() []string {
	var out []string
	for _, c := range ConfigNames() {
		out = append(out, slug(c))
	}
	return out
}()

func runID(cond string, ci int, caseID string, rep int) string {
	return cond + "__" + configSlugs[ci] + "__" + caseID + "__r" + strconv.Itoa(rep)
}

// job is one episode of the release, decided but not yet written: everything episode
// needs, so that episodes can be written apart from the walk that decides them.
type job struct {
	ci, rep  int
	m        *model
	cond     string
	md       mode
	static   bool
	strategy string
}

// episode writes the episode of j. It draws only from j's own stream, so episodes can be
// written in any order and on any goroutine.
func (g *gen) episode(j job) (*ingest.Episode, Intended, error) {
	ci, m, rep, cond, md, static, strategy := j.ci, j.m, j.rep, j.cond, j.md, j.static, j.strategy
	cfg := configs[ci]
	config := cfg.model + "/" + cfg.harness
	r := derive(g.seed, "agent", ci, cond, rep, m.c.ID)
	a := &agentRun{rng: r, m: m, model: cfg.model, harness: cfg.harness, strategy: strategy}
	rec, in := a.write(md, static)
	if rec == nil {
		return nil, Intended{}, fmt.Errorf("synth: no episode of mode %d for case %s", md, m.c.ID)
	}
	ep := &ingest.Episode{
		RunID: runID(cond, ci, m.c.ID, rep), Config: config, Model: cfg.model, Harness: cfg.harness,
		CaseID: m.c.ID, Repeat: rep, Condition: cond, Status: ingest.StatusCompleted,
		Record: ingest.NewRecord(rec), Source: "builtin",
	}
	inTok := int64(8000 + r.IntN(40000))
	outTok := int64(400 + r.IntN(4000))
	ep.Usage = ingest.NewUsage(objK(keysUsage, math.Round(20+r.Float64()*400), inTok, outTok,
		math.Round(float64(inTok)*0.3+float64(outTok)*1.5)/100000))
	if cond == CondMain {
		ep.Official = objK(keysOfficial, in.ECS, rawStatus(m, in))
		if st, ok := g.infra[fmt.Sprintf("%d|%s|%d", ci, m.c.ID, rep)]; ok {
			ep.Status = st
			ep.Official = nil
			if st == ingest.StatusInfraFailure {
				ep.FailureClass = "wall_timeout"
				if ev, ok := rec.List("events"); ok {
					rec.Set("events", ev[:len(ev)/2])
				}
			} else {
				ep.FailureClass = "harness_failure"
			}
			in = Intended{}
		}
	}
	return ep, in, nil
}

// rawStatus is the evaluator record status the harness would have written.
func rawStatus(m *model, in Intended) string {
	switch m.c.Protocol {
	case ingest.Legacy:
		return map[bool]string{true: "pass_gold_score", false: "fail_gold_score"}[in.ECS]
	case ingest.V0:
		if in.ECS {
			return "pass_no_action"
		}
		if in.FailureType == "unsafe_attempt" {
			return "fail_unsafe_action_attempt"
		}
		return "fail_no_action"
	case ingest.V1:
		return map[bool]string{true: "pass_safe_commit", false: "fail_safe_commit"}[in.ECS]
	case ingest.V2:
		return map[bool]string{true: "pass_linear_workflow_success", false: "fail_linear_workflow"}[in.ECS]
	}
	return map[bool]string{true: "pass_workflow_success", false: "fail_workflow"}[in.ECS]
}

type emitFn func(*ingest.Episode, Intended) error

// yieldFn receives the release's jobs in release order.
type yieldFn func(job) error

// planMain decides the main condition: every configuration × repeat on every case.
func (g *gen) planMain(repeats int, yield yieldFn) error {
	for ci := range configs {
		strata := [ingest.NumProtocols][]stratum{}
		for p := ingest.Protocol(0); p < ingest.NumProtocols; p++ {
			strata[p] = g.mainStrata(ci, p)
		}
		for rep := 0; rep < repeats; rep++ {
			modes := map[*model]mode{}
			for p := ingest.Protocol(0); p < ingest.NumProtocols; p++ {
				for _, s := range strata[p] {
					j := 0
					if s.rest && p != ingest.Legacy {
						j = g.jitter(ci, p, rep)
					}
					g.assign(ci, CondMain, rep, p, s, j, modes)
				}
			}
			if err := g.planCases(ci, rep, CondMain, modes, "", yield); err != nil {
				return err
			}
		}
	}
	return nil
}

func (g *gen) planCases(ci, rep int, cond string, modes map[*model]mode, strategy string, yield yieldFn) error {
	for p := ingest.Protocol(0); p < ingest.NumProtocols; p++ {
		for _, m := range g.byProto[p] {
			if err := yield(job{ci: ci, rep: rep, m: m, cond: cond, md: modes[m], strategy: strategy}); err != nil {
				return err
			}
		}
	}
	return nil
}

// planStatic decides the static judgments of Tables 9 and 10 (one repeat).
func (g *gen) planStatic(yield yieldFn) error {
	for ci := range configs {
		t := &targets[ci]
		for _, set := range []struct {
			name string
			acc  float64
		}{{"t9_matched_v1", t.t9Static}, {"t10_balanced", t.t10Stat}} {
			if set.acc == 0 {
				continue
			}
			ids := g.cat.sets[set.name]
			nOK := int(math.Round(set.acc * float64(len(ids))))
			r := derive(g.seed, "static", ci, set.name)
			perm := shuffled(r, len(ids))
			wrong := map[int]bool{}
			for _, i := range perm[nOK:] {
				wrong[i] = true
			}
			for i, id := range ids {
				md := mSuccess
				if wrong[i] {
					md = mWrongDecision
				}
				if err := yield(job{ci: ci, m: g.cat.byID[id], cond: CondStatic, md: md, static: true}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// planInterventions decides the four intervention conditions (one repeat) for the three
// configurations the paper ran them on.
func (g *gen) planInterventions(yield yieldFn) error {
	iv := g.cat.sets["interventions_v1"]
	contra := g.cat.sets["interventions_contradicted"]
	for ci := range configs {
		t := targets[ci].iv
		if t == nil {
			continue
		}
		conds := []struct {
			cond, suffix string
			ids          []string
			acted        int
			actMode      mode
		}{
			{CondWithheld, "@withheld", iv, t.withheld, mSuccess},
			{CondContradicted, "@contradicted", contra, t.contradicted, mSuccess},
			{CondEvidencePackage, "", iv, t.evidencePackage, mActNoDecisive},
			{CondRequesterClaim, "", iv, t.requesterClaim, mActNoDecisive},
		}
		for _, c := range conds {
			r := derive(g.seed, "intervention", ci, c.cond)
			perm := shuffled(r, len(c.ids))
			rank := make([]int, len(c.ids))
			for k, i := range perm {
				rank[i] = k
			}
			for i, id := range c.ids {
				md := mInaction
				if rank[i] < c.acted {
					md = c.actMode
					if c.cond == CondWithheld && rank[i] < t.withheldBlind {
						md = mActNoDecisive
					}
				}
				if err := yield(job{ci: ci, m: g.cat.byID[id+c.suffix], cond: c.cond, md: md}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// planStrategies decides the SCGR-EG and SCGR-Select conditions (one repeat, all cases).
func (g *gen) planStrategies(yield yieldFn) error {
	for _, sc := range []struct{ cond, name string }{{CondSCGREG, "scgr-eg"}, {CondSCGRSelect, "scgr-select"}} {
		for ci := range configs {
			t := &targets[ci]
			rates := t.eg
			if sc.cond == CondSCGRSelect {
				rates = t.sel
			}
			modes := map[*model]mode{}
			for p := ingest.Protocol(0); p < ingest.NumProtocols; p++ {
				g.assign(ci, sc.cond, 0, p, stratum{cases: g.byProto[p], rate: math.Max(0, math.Min(1, rates[p]))}, 0, modes)
			}
			if err := g.planCases(ci, 0, sc.cond, modes, sc.name, yield); err != nil {
				return err
			}
		}
	}
	return nil
}

// plan yields every job of the release in its fixed order: main, static, interventions,
// strategies.
func (g *gen) plan(scale int, yield yieldFn) error {
	if err := g.planMain(RepeatsPerScale*scale, yield); err != nil {
		return err
	}
	if err := g.planStatic(yield); err != nil {
		return err
	}
	if err := g.planInterventions(yield); err != nil {
		return err
	}
	return g.planStrategies(yield)
}
