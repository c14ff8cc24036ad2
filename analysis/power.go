package analysis

import (
	"fmt"
	"math"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
)

// PowerSpec is what `power` plans: a paired comparison of A and B (CompareSpec, its pilot
// read from a release) or of two stated rates (Stated), the design to evaluate (zero
// fields take the pilot's), and the target.
type PowerSpec struct {
	Compare CompareSpec
	// Stated plans from rates instead of a pilot: RateA, RateB in [0, 1], the within-case
	// correlation ICC of repeats, the correlation ArmCorr of the arms' per-case rates and
	// the within-template correlation TemplateICC of per-case differences
	// (bootstrap.StatedComponents).
	Stated                              bool
	RateA, RateB, ICC, ArmCorr, TempICC float64
	// The design: cases, repeats per arm, templates (0: the pilot's size of template, so
	// templates grow with the cases).
	Cases, Repeats, Templates int
	Alpha, Power              float64
	Delta                     float64 // the target difference in rate units; 0: none
	// Simulate is how many studies check the plan by simulation from the pilot (0: none);
	// Resamples the bootstrap of each simulated study.
	Simulate, Resamples int
}

// PowerPlan is a planned comparison: the components it rests on and one row per analysis.
type PowerPlan struct {
	Spec       PowerSpec
	Components bootstrap.PairedComponents
	ClusterBy  string // with a pilot: the rules that produced the templates
	// ClusterUnit, with a pilot, names its clusters as the intervals do: "template
	// clusters" when they come from template_id, else "clusters" (a bench without template
	// ids has none to plan by).
	ClusterUnit string
	Rows        []PowerRow
}

// PowerRow is the plan under one analysis: cases resampled as independent units, or
// template clusters resampled (the design effect applied).
type PowerRow struct {
	Analysis     string // "cases" or "templates"
	Design       bootstrap.PowerDesign
	DesignEffect float64
	SE, MDE      float64
	// With a target Δ: the power at it, the cases (at Design's repeats) and the repeats
	// (at Design's cases) it needs; the flags are false when no number reaches it.
	PowerAtDelta                  float64
	CasesNeeded, RepeatsNeeded    int
	CasesReachable, RepsReachable bool
	// Sim, when simulated, is the share of simulated studies at Δ = MDE that rejected.
	Sim *bootstrap.PowerSimResult
}

// PowerPilot is the paired pilot of a comparison on all its protocols: for each base case
// both arms share, in sorted order of the case ids, both arms' successes (ECS) and scored
// episodes, and the number of the case's template cluster.
func (r *Release) PowerPilot(s CompareSpec) []bootstrap.PairedCase {
	a, b := s.arms(r)
	cases, clusters := r.caseIDs(), r.unitIDs(true)
	shared, _ := sharedCases(a, b, cases)
	index := cases.sortedIndex(shared)
	out := make([]bootstrap.PairedCase, index.n)
	for side, arm := range []Arm{a, b} {
		for i := range arm.Verdicts {
			v := &arm.Verdicts[i]
			if !admits(arm.Keep, v) {
				continue
			}
			u := index.at(cases.of(v))
			if u < 0 {
				continue
			}
			k := &out[u]
			k.Cluster = int(clusters.of(v))
			ok, w := arm.Indicator(v), v.weight()
			if side == 0 {
				k.NA += w
				if ok {
					k.SuccA += w
				}
			} else {
				k.NB += w
				if ok {
					k.SuccB += w
				}
			}
		}
	}
	return out
}

// Power plans the comparison from the release's pilot.
func (r *Release) Power(s PowerSpec, o StatOptions) (*PowerPlan, error) {
	pilot := r.PowerPilot(s.Compare)
	// The plan has one number of repeats for both arms; arms run a different number of
	// times (a strategy condition of one repeat against main's three) would be planned
	// wrongly, so they are refused.
	var na, nb int
	for _, k := range pilot {
		na, nb = na+k.NA, nb+k.NB
	}
	if len(pilot) > 0 && math.Abs(float64(na-nb)) > 0.1*float64(max(na, nb)) {
		return nil, fmt.Errorf("power: %s: the arms ran %.2f and %.2f repeats per case; the planner assumes the same number in both arms", s.Compare.Title(),
			float64(na)/float64(len(pilot)), float64(nb)/float64(len(pilot)))
	}
	if len(pilot) == 0 && len(s.Compare.Protocols) > 0 {
		// --protocol may name only protocols the bench has no case of: say so, rather
		// than that the arms share no case.
		sizes, none := r.ProtocolSizes(), true
		for _, p := range s.Compare.Protocols {
			none = none && sizes.ByProto[p].All == 0
		}
		if none {
			return nil, fmt.Errorf("power: %s: the bench has no %s case", s.Compare.Title(), ingest.JoinLabels(s.Compare.Protocols, " or "))
		}
	}
	c, err := bootstrap.EstimatePaired(pilot)
	if err != nil {
		return nil, fmt.Errorf("power: %s: %w", s.Compare.Title(), err)
	}
	plan := &PowerPlan{Spec: s, Components: c, ClusterBy: r.clusterRules(), ClusterUnit: r.clusterUnit()}
	if plan.Spec.Cases == 0 {
		plan.Spec.Cases = c.Cases
	}
	if plan.Spec.Repeats == 0 {
		plan.Spec.Repeats = c.Repeats
	}
	if err := plan.rows(pilot, o); err != nil {
		return nil, err
	}
	return plan, nil
}

// StatedPower plans the comparison of two stated rates; s.Cases and s.Repeats are needed.
func StatedPower(s PowerSpec) (*PowerPlan, error) {
	if s.Cases < 2 || s.Repeats < 1 {
		return nil, fmt.Errorf("power: stated rates need --cases (≥ 2) and --repeats (≥ 1)")
	}
	c, err := bootstrap.StatedComponents(s.RateA, s.RateB, s.ICC, s.ArmCorr, s.TempICC)
	if err != nil {
		return nil, err
	}
	plan := &PowerPlan{Spec: s, Components: c}
	return plan, plan.rows(nil, StatOptions{})
}

// rows computes the case-resampled row, and the template-resampled one when there are
// templates (a pilot's of more than one case, a stated template correlation or a
// --templates count).
func (p *PowerPlan) rows(pilot []bootstrap.PairedCase, o StatOptions) error {
	s, c := p.Spec, p.Components
	if !(c.CaseVariance(s.Repeats) > 0) {
		// A plan from no variance has a standard error of 0: any Δ "detectable" with two
		// cases, which no study would bear out.
		what := "the pilot has no variance (every shared case has the same outcome in every repeat of both arms)"
		if pilot == nil {
			what = "the stated rates give no variance (each is 0 or 1)"
		}
		return fmt.Errorf("power: %s: the standard error of Δ would be 0, and no study can be sized from it", what)
	}
	base := bootstrap.PowerDesign{Cases: s.Cases, Repeats: s.Repeats, Alpha: s.Alpha, Power: s.Power, ClusterSize: 1}
	designs := []bootstrap.PowerDesign{base}
	clustered := base
	switch {
	case s.Templates > 0 && pilot != nil && c.ClusterSize <= 1:
		// A τ-bench domain's tasks, for one: its within-template covariance would be 0 for
		// want of any pair of cases in a cluster, and the template row the cases row.
		return fmt.Errorf("power: --templates: every cluster of the pilot is one case (%s), so it gives no within-template correlation to plan templates by; pass --clusters FILE to group the cases", p.ClusterBy)
	case s.Templates > 0 && pilot != nil && !c.TemplatesKnown():
		return fmt.Errorf("power: --templates: the pilot's %d shared cases are all in one cluster (%s), which gives no within-template correlation to plan templates by (its cases' deviations are from that cluster's own mean); pass --clusters FILE with two or more clusters", c.Cases, p.ClusterBy)
	case s.Templates > 0:
		clustered.Templates = s.Templates
	case pilot != nil && c.TemplatesKnown():
		clustered.ClusterSize = c.ClusterSize
	case pilot == nil && s.TempICC > 0:
		return fmt.Errorf("power: a template correlation needs --templates")
	default:
		clustered.ClusterSize = 0
	}
	if clustered.Templates > 0 || clustered.ClusterSize > 1 {
		designs = append(designs, clustered)
	}
	for i, d := range designs {
		row := PowerRow{Analysis: "cases", Design: d}
		if i == 1 {
			row.Analysis = "templates"
		}
		m := d.ClusterSize
		if d.Templates > 0 {
			m = float64(d.Cases) / float64(d.Templates)
		}
		row.DesignEffect = c.DesignEffect(d.Repeats, m)
		row.SE = c.StdErr(d)
		var err error
		if row.MDE, err = c.MDE(d); err != nil {
			return fmt.Errorf("power: %w", err)
		}
		if s.Delta != 0 {
			row.PowerAtDelta, _ = c.PowerAt(d, s.Delta)
			if row.CasesNeeded, row.CasesReachable, err = c.CasesFor(d, s.Delta); err != nil {
				return fmt.Errorf("power: %w", err)
			}
			if row.RepeatsNeeded, row.RepsReachable, err = c.RepeatsFor(d, s.Delta); err != nil {
				return fmt.Errorf("power: %w", err)
			}
		}
		if s.Simulate > 0 && pilot != nil {
			if d.Templates > 0 {
				return fmt.Errorf("power: --simulate draws the pilot's templates; it cannot fix --templates")
			}
			sim, err := bootstrap.SimulatePower(pilot, bootstrap.PowerSimulation{Cases: d.Cases, Repeats: d.Repeats,
				Clustered: i == 1, Delta: row.MDE, Alpha: d.Alpha, Studies: s.Simulate,
				Boot: bootstrap.Options{Resamples: s.Resamples, Seed: o.Seed, Workers: o.Workers, Quantile: o.Quantile}})
			if err != nil {
				return fmt.Errorf("power: simulation: %w", err)
			}
			row.Sim = &sim
		}
		p.Rows = append(p.Rows, row)
	}
	return nil
}
