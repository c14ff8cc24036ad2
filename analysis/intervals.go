package analysis

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// ProtocolsPresent lists the protocols with main episodes, in order.
func (r *Release) ProtocolsPresent() []ingest.Protocol {
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

// rateInterval is the ECS of some verdicts with a case- (or cluster-) resampled interval,
// the column-sum statistic resampled by bootstrap.ResampleSums (few value classes).
func (r *Release) rateInterval(vs []oracle.Verdict, stream string, o StatOptions) (Estimate, error) {
	if len(vs) == 0 {
		return nanEstimate(), nil
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
	est := nanEstimate()
	est.X, est.Units = ratio.Value(), len(index)
	if o.Resamples == 0 {
		return est, nil
	}
	if len(index) < 2 {
		est.Warnings = bootstrap.IntervalWarnings(bootstrap.Interval{Lo: math.NaN(), Hi: math.NaN(), Used: 1}, est.X, 1)
		return est, nil
	}
	stat, err := bootstrap.SumRatios(ratio)
	if err != nil {
		return est, err
	}
	res, err := bootstrap.ResampleSums(stat, o.boot(stream))
	if err != nil {
		return est, err
	}
	iv := res.Intervals[0]
	est.Lo, est.Hi, est.Fallback, est.Warnings = iv.Lo, iv.Hi, iv.Fallback, res.Warnings(0)
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

// IntervalSpec describes the intervals computed under some StatOptions on a release, for
// the headers, notes and data fields of every table and figure that shows them: one
// description, so a label can never disagree with the options actually used.
type IntervalSpec struct {
	Level     float64 // two-sided level, e.g. 0.95
	Method    string  // percentile, basic or bca
	Quantile  string  // scipy or r
	Unit      string  // cases, or template clusters
	Rule      string  // with clusters: the rules that produced them and their counts
	Resamples int
	Seed      uint64
}

// Intervals describes the intervals o gives on this release.
func (r *Release) Intervals(o StatOptions) IntervalSpec {
	s := IntervalSpec{Level: o.level(), Method: o.Method.String(), Quantile: o.Quantile.String(),
		Unit: "cases", Resamples: o.Resamples, Seed: o.Seed}
	if s.Seed == 0 {
		s.Seed = bootstrap.DefaultSeed
	}
	if o.Clustered {
		s.Unit, s.Rule = "template clusters", r.clusterRules()
	}
	return s
}

// clusterRules counts the clusters of the base cases by the rule that produced them, in
// the rules' precedence order: "template_id 120, case 56" (a case without a cluster is its
// own).
func (r *Release) clusterRules() string {
	rules := []string{ingest.ClusterUser, ingest.ClusterTemplate, ingest.ClusterContrast, ingest.ClusterDerived, ingest.ClusterCase}
	clusters := map[string]map[string]bool{}
	for _, c := range r.Cases {
		if c.BaseID != c.ID && c.BaseID != "" {
			continue // variants share their base's cluster
		}
		rule, id := c.ClusterRule, c.Cluster
		if id == "" {
			rule, id = ingest.ClusterCase, c.ID
		}
		if clusters[rule] == nil {
			clusters[rule] = map[string]bool{}
		}
		clusters[rule][id] = true
	}
	var parts []string
	for _, rule := range rules {
		if n := len(clusters[rule]); n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", rule, n))
			delete(clusters, rule)
		}
	}
	var rest []string
	for rule := range clusters {
		rest = append(rest, rule)
	}
	sort.Strings(rest)
	for _, rule := range rest {
		parts = append(parts, fmt.Sprintf("%s %d", rule, len(clusters[rule])))
	}
	return strings.Join(parts, ", ")
}

// LevelPct is the level in percent as printed: "95", "90", "97.5".
func (s IntervalSpec) LevelPct() string {
	return strconv.FormatFloat(math.Round(s.Level*1e6)/1e4, 'f', -1, 64)
}

// CI is the header label of an interval: "95% CI".
func (s IntervalSpec) CI() string { return s.LevelPct() + "% CI" }

// MethodLabel names the method and its quantile convention: "percentile, scipy
// quantiles", "BCa (percentile where undefined), R boot quantiles".
func (s IntervalSpec) MethodLabel() string {
	m := s.Method
	if m == bootstrap.BCa.String() {
		m = "BCa (percentile where undefined)"
	}
	q := "scipy quantiles"
	if s.Quantile == bootstrap.QuantileR.String() {
		q = "R boot quantiles"
	}
	return m + ", " + q
}

// Sentence is the note under a table of intervals: "Intervals: 95% percentile (scipy
// quantiles), 5000 bootstrap resamples of cases (seed 1); both arms of a Δ use the same
// draw."
func (s IntervalSpec) Sentence() string {
	if s.Resamples == 0 {
		return "No intervals: --resamples 0."
	}
	unit := s.Unit
	if s.Rule != "" {
		unit += " (" + s.Rule + ")"
	}
	return fmt.Sprintf("Intervals: %s%% %s; %d bootstrap resamples of %s, seed %d.", s.LevelPct(), s.MethodLabel(), s.Resamples, unit, s.Seed)
}
