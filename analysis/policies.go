package analysis

import (
	"fmt"
	"math"
	"strings"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/oracle"
)

// PolicyComparison compares leaderboards of the same episodes scored under several
// policies against a baseline policy (safeact). Only main-condition episodes are compared;
// every release must hold them in the same order.
type PolicyComparison struct {
	Base     *Release
	Releases []*Release
}

// NewPolicyComparison compares every release with the safeact one (the first release
// when safeact was not scored).
func NewPolicyComparison(rels []*Release) *PolicyComparison {
	pols := make([]oracle.Policy, len(rels))
	for i, r := range rels {
		pols[i] = r.Policy
	}
	return &PolicyComparison{Base: rels[baselineOf(pols)], Releases: rels}
}

// baselineOf is the position of the policy comparison's baseline among pols: the first
// safeact, else the first.
func baselineOf(pols []oracle.Policy) int {
	for i, p := range pols {
		if p.IsSafeAct() {
			return i
		}
	}
	return 0
}

// Unranked lists, in Base.Configs order, the configurations without scored
// main-condition episodes (Release.Unranked): they have no ECS under any policy, so the
// leaderboards, their rank correlations and the mean Δ ECS leave them out.
func (pc *PolicyComparison) Unranked() []string { return pc.Base.Unranked() }

// leaderboard is each baseline configuration's overall ECS under one policy and its rank.
type leaderboard struct {
	ecs   []Rate
	ranks []float64
}

func (pc *PolicyComparison) board(r *Release) leaderboard {
	main := r.mainVerdicts()
	lb := leaderboard{ecs: make([]Rate, len(pc.Base.configs))}
	for i := range main {
		if j := pc.Base.configOf(&main[i]); j >= 0 {
			lb.ecs[j].addN(main[i].ECS(), main[i].weight())
		}
	}
	lb.ranks = LeaderboardRanks(lb.ecs)
	return lb
}

// LeaderboardRanks ranks configurations by ECS, best first, with competition ranks for
// ties ("1, 2, 2, 4": bootstrap.Ranks with TieMin); a configuration without episodes
// ranks last. Tables and the slope chart both show these ranks; the rank correlations
// use average ranks instead (bootstrap.RankCorrelations), as Spearman's ρ is defined.
func LeaderboardRanks(ecs []Rate) []float64 {
	neg := make([]float64, len(ecs))
	for i, e := range ecs {
		neg[i] = 1 // NaN: below every rate
		if v := e.Value(); !math.IsNaN(v) {
			neg[i] = -v
		}
	}
	r, _ := bootstrap.Ranks(neg, bootstrap.TieMin) // finite by construction
	return r
}

// PolicyRow is one policy's leaderboard against the baseline's: per baseline
// configuration (in Base.Configs order) its ECS, paired Δ and rank; and overall the rank
// correlations, the configurations whose rank changes, the episodes that pass the
// baseline but fail this policy, and the mean Δ ECS.
type PolicyRow struct {
	Policy oracle.Policy
	// Names are every scored policy with these settings (the same hash, so the same
	// verdicts: tau-bench and appworld), in the order scored; Policy is the first.
	Names    []string
	RankSets *ConfigRanks
	ECS      []Rate
	// ECSCI is ECS with its interval (T2's under this policy: SummaryIntervals); NaN for
	// a configuration without episodes.
	ECSCI    []Estimate
	Delta    []Estimate
	Ranks    []float64
	Tau, Rho Estimate
	Changed  int
	Lost     int
	MeanGain float64
}

// PolicyResult is the whole comparison.
type PolicyResult struct {
	Base      *Release
	BaseRanks []float64
	Rows      []PolicyRow
	// Unranked are the configurations without scored main-condition episodes
	// (PolicyComparison.Unranked), left out of the leaderboards.
	Unranked []string
}

// Label names the row's policies, joined with "/" when several share the settings.
func (row PolicyRow) Label() string { return strings.Join(row.Names, "/") }

// Compare computes one row per distinct settings hash: policies with identical settings
// score every episode alike, so they are one leaderboard, listed once under all names.
func (pc *PolicyComparison) Compare(o StatOptions) (*PolicyResult, error) {
	base := pc.Base
	bb := pc.board(base)
	res := &PolicyResult{Base: base, BaseRanks: bb.ranks, Unranked: pc.Unranked()}
	units, index := pc.unitIndex(o)
	// Rows are one per settings hash, not name: policies with the same settings
	// (tau-bench, appworld) have the same verdicts, computed once. Every statistic's stream
	// is named by the statistic, not the policy, so policies with different settings that
	// score alike get the same intervals and rank sets too. The baseline against itself has
	// no interval (0 and 1 in every resample).
	groups := pc.Distinct()
	corr, err := pc.rankCorrelations(groups, units, index, o, policyRankStream)
	if err != nil {
		return nil, err
	}
	for gi, g := range groups {
		r := g.Release
		iv, err := pc.intervals(r, units, index, o, corr[gi])
		if err != nil {
			return nil, err
		}
		sets, err := pc.RankSets(r, o)
		if err != nil {
			return nil, err
		}
		lb := pc.board(r)
		ecsCI := make([]Estimate, len(base.configs))
		for j, c := range base.configs {
			if ecsCI[j], err = r.ECSInterval(c, o); err != nil {
				return nil, err
			}
		}
		row := PolicyRow{ECSCI: ecsCI, Policy: r.Policy, Names: g.Names, RankSets: sets, ECS: lb.ecs, Delta: iv.deltas, Ranks: lb.ranks, Tau: iv.tau, Rho: iv.rho,
			Lost: lostSuccesses(base, r)}
		gain, scored := 0.0, 0
		for j := range base.configs {
			if lb.ranks[j] != bb.ranks[j] {
				row.Changed++
			}
			if bb.ecs[j].Den > 0 { // a configuration without scored episodes has no gain (Unranked)
				gain += lb.ecs[j].Value() - bb.ecs[j].Value()
				scored++
			}
		}
		row.MeanGain = math.NaN()
		if scored > 0 {
			row.MeanGain = gain / float64(scored)
		}
		res.Rows = append(res.Rows, row)
	}
	return res, nil
}

// policyIntervals are one policy's paired Δ per configuration against the baseline and
// the rank correlations of the two leaderboards.
type policyIntervals struct {
	deltas   []Estimate
	tau, rho Estimate
}

// intervals computes policyIntervals for one policy, whose rank correlations are corr
// (rankCorrelations).
func (pc *PolicyComparison) intervals(r *Release, units *unitIDs, index unitIndex, o StatOptions, corr [2]Estimate) (*policyIntervals, error) {
	base := pc.Base
	iv := &policyIntervals{}
	if r.Policy.Hash() == base.Policy.Hash() {
		// The baseline against itself: every resample gives exactly Δ = 0 and τ = ρ = 1,
		// so there is no interval, as for any policy that scores every episode alike (a
		// zero-width [0, 0] would read as certainty); no test is run.
		self := func(x float64, units int) Estimate {
			e := Estimate{X: x, Lo: math.NaN(), Hi: math.NaN(), P: math.NaN(), Units: units}
			if o.Resamples > 0 { // with none drawn, no resample gives anything
				e.Warnings = []bootstrap.Warning{{Kind: bootstrap.WarnDegenerate, Detail: fmt.Sprintf("the baseline against itself: every resample gives %g", x)}}
			}
			return e
		}
		for _, c := range base.configs {
			// Counted in the resampled unit, as the other policies' Δs are (clusters under
			// --clustered).
			iv.deltas = append(iv.deltas, self(0, count(Arm{Verdicts: base.mainOf(c)}.caseSet(units))))
		}
		iv.tau, iv.rho = self(1, index.n), self(1, index.n)
		if !pc.ordered() {
			// τ-b and ρ of a leaderboard with itself are 1 only where it orders something:
			// with one ranked configuration, or every one at the same ECS, both are 0/0, as
			// they are against any other policy.
			iv.tau, iv.rho = Estimate{X: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}, Estimate{X: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
		}
		return iv, nil
	}
	pairs := make([]Pair, len(base.configs))
	for j, c := range base.configs {
		pairs[j] = Pair{A: Arm{Verdicts: r.mainOf(c), Indicator: ECSOf}, B: Arm{Verdicts: base.mainOf(c), Indicator: ECSOf}, Name: c}
	}
	var err error
	if iv.deltas, err = base.PairedDiffs(pairs, policyDeltaStream, o); err != nil {
		return nil, err
	}
	iv.tau, iv.rho = corr[0], corr[1]
	return iv, nil
}

// ordered reports whether the baseline leaderboard has two ranked configurations with
// different ECS.
func (pc *PolicyComparison) ordered() bool {
	first := math.NaN()
	for _, e := range pc.board(pc.Base).ecs {
		if e.Den == 0 {
			continue
		}
		if math.IsNaN(first) {
			first = e.Value()
		} else if e.Value() != first {
			return true
		}
	}
	return false
}

// lostSuccesses counts episodes that succeed under the baseline but fail under another
// policy: counted while the records were made (lostCounts) for releases of one scoring,
// else paired episode by episode (releases made alone hold a record per episode, the same
// main-condition episodes in the same order).
func lostSuccesses(base, other *Release) int {
	if base.lost != nil && base.lost == other.lost {
		return base.lost.n[base.lostAt][other.lostAt]
	}
	ecs := func(r *Release) []bool {
		out := make([]bool, len(r.main))
		for i := range r.main {
			out[i] = r.main[i].ECS()
		}
		return out
	}
	l := newLostCounts(2)
	l.add([][]bool{ecs(base), ecs(other)})
	return l.n[0][1]
}

// unitIndex indexes the resampling units of the main episodes in sorted order of their
// names, so that the draws (and which replicates have no value) do not depend on the
// order the episodes were read in.
func (pc *PolicyComparison) unitIndex(o StatOptions) (*unitIDs, unitIndex) {
	units := pc.Base.unitIDs(o.Clustered)
	var in []bool
	main := pc.Base.mainVerdicts()
	for i := range main {
		in = mark(in, units.of(&main[i]))
	}
	return units, units.sortedIndex(in)
}

// rankCorrelations bootstraps Kendall τ-b and Spearman ρ between the baseline leaderboard
// and each group's that scores differently (the baseline's own are intervals' to set):
// corr[g] for groups[g]. Every group's correlations are drawn from the same stream, so the
// draws are one, and so are the baseline's sums in each: one bootstrap serves them all
// (bootstrap.RankCorrelationsEach), each output the values a bootstrap of its own gives.
func (pc *PolicyComparison) rankCorrelations(groups []PolicyGroup, units *unitIDs, index unitIndex, o StatOptions, stream string) ([][2]Estimate, error) {
	nan := Estimate{X: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	corr := make([][2]Estimate, len(groups))
	for g := range corr {
		corr[g] = [2]Estimate{nan, nan}
	}
	var configs []string
	for _, c := range pc.Base.configs {
		if len(pc.Base.mainOf(c)) > 0 { // an unscored configuration has no rank to correlate (Unranked)
			configs = append(configs, c)
		}
	}
	if len(configs) < 2 || index.n < 2 {
		return corr, nil
	}
	leaderboard := func(r *Release) []bootstrap.Ratio {
		var out []bootstrap.Ratio
		for _, c := range configs {
			out = append(out, Arm{Verdicts: r.mainOf(c), Indicator: ECSOf}.sums(units, index, nil, nil))
		}
		return out
	}
	var at []int // the groups compared, in order
	var bs [][]bootstrap.Ratio
	for g, grp := range groups {
		if grp.Release.Policy.Hash() != pc.Base.Policy.Hash() {
			at = append(at, g)
			bs = append(bs, leaderboard(grp.Release))
		}
	}
	if len(at) == 0 {
		return corr, nil
	}
	stat, err := bootstrap.RankCorrelationsEach(leaderboard(pc.Base), bs...)
	if err != nil {
		return nil, err
	}
	if o.Resamples == 0 {
		out := make([]float64, 2*len(at))
		w := make([]float64, index.n)
		for i := range w {
			w[i] = 1
		}
		stat(w, out)
		for i, g := range at {
			corr[g] = [2]Estimate{{X: out[2*i], Lo: math.NaN(), Hi: math.NaN()}, {X: out[2*i+1], Lo: math.NaN(), Hi: math.NaN()}}
		}
		return corr, nil
	}
	res, err := bootstrap.Resample(index.n, stat, 2*len(at), o.boot(stream))
	if err != nil {
		return nil, err
	}
	mk := func(k int) Estimate {
		iv := res.Intervals[k]
		return Estimate{X: res.Estimate[k], Lo: iv.Lo, Hi: iv.Hi, Units: index.n, Fallback: iv.Fallback, Warnings: res.Warnings(k)}
	}
	for i, g := range at {
		corr[g] = [2]Estimate{mk(2 * i), mk(2*i + 1)}
	}
	return corr, nil
}

// PolicyGroup is the policies that share one settings hash and the release of the first.
type PolicyGroup struct {
	Names   []string
	Release *Release
}

// Label joins the group's names with "/".
func (g PolicyGroup) Label() string { return strings.Join(g.Names, "/") }

// Distinct groups the releases by settings hash, in the order first scored.
func (pc *PolicyComparison) Distinct() []PolicyGroup {
	var out []PolicyGroup
	at := map[string]int{}
	for _, r := range pc.Releases {
		h := r.Policy.Hash()
		if i, ok := at[h]; ok {
			out[i].Names = append(out[i].Names, r.Policy.Name)
			continue
		}
		at[h] = len(out)
		out = append(out, PolicyGroup{Names: []string{r.Policy.Name}, Release: r})
	}
	return out
}

// RankSets is the rank confidence sets of the baseline's configurations by their ECS
// under r's policy. Every policy draws on the same stream, so the baseline's sets are
// those of Release.RankSets on the baseline, and a policy with the baseline's verdicts has
// its sets.
func (pc *PolicyComparison) RankSets(r *Release, o StatOptions) (*ConfigRanks, error) {
	return r.rankSetsOf(pc.Base, o)
}

// Ranks is each distinct policy's leaderboard ranks (LeaderboardRanks),
// [group][configuration], in Distinct order, without the intervals Compare computes.
func (pc *PolicyComparison) Ranks() [][]float64 {
	groups := pc.Distinct()
	out := make([][]float64, len(groups))
	for i, g := range groups {
		out[i] = pc.board(g.Release).ranks
	}
	return out
}
