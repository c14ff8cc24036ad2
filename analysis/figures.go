package analysis

import (
	"math"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// Figure is a named figure ready to render.
type Figure struct {
	Name string // file base name
	Fig  figures.Figure
}

// Figures builds every figure of the report from the main episodes (DESIGN §7b); pc may
// be nil when only one policy was scored.
func (r *Release) Figures(o StatOptions, pc *PolicyComparison) ([]Figure, error) {
	var out []Figure
	out = append(out, Figure{"failure_types", r.FailureMixFigure()})
	ecs, err := r.ECSFigure(o)
	if err != nil {
		return nil, err
	}
	out = append(out, Figure{"ecs_by_protocol", ecs})
	forest, err := r.HarnessForest(o)
	if err != nil {
		return nil, err
	}
	if len(forest.Rows) > 0 {
		out = append(out, Figure{"harness_differences", forest})
	}
	out = append(out, Figure{"domain_heatmap", r.HeatMap()})
	if pc != nil && len(pc.Releases) > 1 {
		out = append(out, Figure{"policy_ranks", pc.RanksFigure()})
	}
	return out, nil
}

// protocolsPresent lists the protocols with main episodes, in order.
func (r *Release) protocolsPresent() []ingest.Protocol {
	var have [ingest.NumProtocols]bool
	for i := range r.main {
		have[r.main[i].Protocol] = true
	}
	var out []ingest.Protocol
	for p := ingest.Legacy; p < ingest.NumProtocols; p++ {
		if have[p] {
			out = append(out, p)
		}
	}
	return out
}

// FailureMixFigure is the paper's Figure 5: failure-type shares of all episodes
// (success included) per protocol and configuration.
func (r *Release) FailureMixFigure() figures.FailureMix {
	protos := r.protocolsPresent()
	f := figures.FailureMix{Title: "Failure types per protocol (share of episodes)", Configs: r.configs,
		Categories: FailureTypes}
	for _, p := range protos {
		f.Protocols = append(f.Protocols, p.Label())
	}
	mix := map[string]map[ingest.Protocol][]float64{}
	for _, m := range r.FailureMixes(r.main) {
		if mix[m.Config] == nil {
			mix[m.Config] = map[ingest.Protocol][]float64{}
		}
		byType := map[string]float64{}
		for i, t := range FailureTypes {
			byType[t] = m.Share[i]
		}
		shares := make([]float64, len(f.Categories))
		for k, cat := range f.Categories {
			shares[k] = byType[cat]
		}
		mix[m.Config][m.Protocol] = shares
	}
	for _, c := range r.configs {
		row := make([][]float64, len(protos))
		for j, p := range protos {
			row[j] = mix[c][p]
			if row[j] == nil {
				row[j] = make([]float64, len(f.Categories))
			}
		}
		f.Shares = append(f.Shares, row)
	}
	return f
}

// ECSFigure is ECS per protocol per configuration with case-resampled intervals.
func (r *Release) ECSFigure(o StatOptions) (figures.ECSByProtocol, error) {
	protos := r.protocolsPresent()
	f := figures.ECSByProtocol{Configs: r.configs, Level: o.Level}
	for _, p := range protos {
		f.Protocols = append(f.Protocols, p.Label())
	}
	for _, c := range r.configs {
		cv := r.mainOf(c)
		row := make([]figures.Interval, len(protos))
		for j, p := range protos {
			iv, err := r.rateInterval(r.SelectFrom(cv, Protocol(p)), "ecs/"+c+"/"+p.String(), o)
			if err != nil {
				return f, err
			}
			row[j] = figures.Interval{Estimate: iv.X, Lo: iv.Lo, Hi: iv.Hi}
		}
		f.ECS = append(f.ECS, row)
	}
	return f, nil
}

// rateInterval is the ECS of some verdicts with a case- (or cluster-) resampled interval.
func (r *Release) rateInterval(vs []oracle.Verdict, stream string, o StatOptions) (Estimate, error) {
	nan := Estimate{X: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	if len(vs) == 0 {
		return nan, nil
	}
	unit := r.unitKey(o.Clustered)
	index := map[string]int{}
	for i := range vs {
		k := unit(&vs[i])
		if _, ok := index[k]; !ok {
			index[k] = len(index)
		}
	}
	ratio := Arm{vs, ECSOf}.sums(unit, index, nil)
	est := Estimate{X: ratio.Value(), Lo: math.NaN(), Hi: math.NaN(), Units: len(index)}
	if len(index) < 2 || o.Resamples == 0 {
		return est, nil
	}
	stat, err := bootstrap.RatioOfSums(ratio.Num, ratio.Den)
	if err != nil {
		return est, err
	}
	res, err := bootstrap.Resample(len(index), stat, 1, o.boot(stream))
	if err != nil {
		return est, err
	}
	est.Lo, est.Hi, est.Fallback = res.Intervals[0].Lo, res.Intervals[0].Hi, res.Intervals[0].Fallback
	return est, nil
}

// HarnessForest is the forest plot of T4's paired harness differences.
func (r *Release) HarnessForest(o StatOptions) (figures.Forest, error) {
	f := figures.Forest{Title: "Family harness − " + SharedHarness + " (ECS, V0–V3)", Level: o.Level}
	hps, diffs, err := r.harnessDiffs(o)
	if err != nil {
		return f, err
	}
	for i, hp := range hps {
		f.Rows = append(f.Rows, figures.Comparison{Label: hp.model, Estimate: diffs[i].X, Lo: diffs[i].Lo, Hi: diffs[i].Hi})
	}
	return f, nil
}

// HeatMap is ECS per configuration and domain.
func (r *Release) HeatMap() figures.DomainHeatMap {
	h := figures.DomainHeatMap{Configs: r.configs, Domains: r.domains}
	for _, s := range r.Summarize(r.main) {
		row := make([]float64, len(r.domains))
		for i := range r.domains {
			row[i] = s.ByDomain[i].Value()
		}
		h.ECS = append(h.ECS, row)
	}
	return h
}

// RanksFigure is the slope chart of each configuration's rank under each policy.
func (pc *PolicyComparison) RanksFigure() figures.PolicyRanks {
	f := figures.PolicyRanks{Configs: pc.Base.configs}
	ranks := make([][]float64, len(pc.Base.configs))
	for _, r := range pc.Releases {
		f.Policies = append(f.Policies, r.Policy.Name)
		lb := pc.board(r)
		scores := make([]float64, len(lb.ecs))
		for j := range lb.ecs {
			scores[j] = lb.ecs[j].Value()
		}
		for j, rk := range figures.RanksFromScores(scores) {
			ranks[j] = append(ranks[j], rk)
		}
	}
	f.Ranks = ranks
	return f
}
