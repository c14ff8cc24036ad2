package analysis

import (
	"math"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// ProtocolsPresent lists the protocols with main episodes, in order.
func (r *Release) ProtocolsPresent() []ingest.Protocol {
	var have [ingest.NumProtocols]bool
	for i := range r.main {
		have[r.main[i].Protocol()] = true
	}
	var out []ingest.Protocol
	for p := ingest.Legacy; p < ingest.NumProtocols; p++ {
		if have[p] {
			out = append(out, p)
		}
	}
	return out
}

// ProtocolECS is each configuration's ECS per protocol present (ProtocolsPresent) with
// a case- (or cluster-) resampled interval: [configuration][protocol].
func (r *Release) ProtocolECS(o StatOptions) ([]ingest.Protocol, [][]Estimate, error) {
	protos := r.ProtocolsPresent()
	var out [][]Estimate
	for _, c := range r.configs {
		cv := r.mainOf(c)
		row := make([]Estimate, len(protos))
		for j, p := range protos {
			iv, err := r.rateInterval(r.SelectFrom(cv, Protocol(p)), "ecs/"+c+"/"+p.String(), o)
			if err != nil {
				return nil, nil, err
			}
			row[j] = iv
		}
		out = append(out, row)
	}
	return protos, out, nil
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

// SelectFrom filters a verdict slice.
func (r *Release) SelectFrom(vs []oracle.Verdict, filters ...Filter) []oracle.Verdict {
	var out []oracle.Verdict
	for i := range vs {
		ok := true
		for _, f := range filters {
			if !f(&vs[i]) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, vs[i])
		}
	}
	return out
}

// mainVerdicts are the scored interactive episodes of the main condition.
func (r *Release) mainVerdicts() []oracle.Verdict { return r.main }
