package results

import (
	"fmt"
	"math"

	"github.com/sabench/sabench-stats/analysis"
)

// BuildPower is the `power` command's table: per analysis (cases resampled, template
// clusters resampled) the design, its design effect, standard error and minimum
// detectable Δ, and with a target Δ the power there and the cases or repeats it needs;
// the notes give the variance components the plan rests on.
func BuildPower(p *analysis.PowerPlan, mark string) *Table {
	s, c := p.Spec, p.Components
	title := "Power plan " + s.Compare.Title()
	if s.Stated {
		title = fmt.Sprintf("Power plan for stated rates %.4g vs %.4g", s.RateA, s.RateB)
	}
	// A pilot whose clusters are single cases (a τ-bench domain's tasks) has no templates:
	// its plan is the cases row alone, with no template size, design effect or template
	// correlation to state.
	// So has one whose cases are all in one cluster: its template covariance is an artefact
	// of the one cluster's mean (bootstrap.PairedComponents.TemplatesKnown).
	templates := s.Stated || c.TemplatesKnown()
	cols := []Column{textCol("analysis", "Resampled unit"), countCol("cases", "Cases"), countCol("repeats", "Repeats per arm")}
	if templates {
		cols = append(cols, numCol("template_size", "Cases per template", 2), numCol("design_effect", "Design effect", 3))
	}
	cols = append(cols, numCol("se", "SE of Δ (points)", 2), numCol("mde", fmt.Sprintf("MDE (points, α %g, power %g)", s.Alpha, s.Power), 2))
	if s.Delta != 0 {
		d := fmt.Sprintf("Δ %.3g", 100*s.Delta)
		cols = append(cols, numCol("power_at_delta", "Power at "+d, 3), countCol("cases_needed", "Cases for "+d),
			countCol("repeats_needed", "Repeats for "+d))
	}
	sim := len(p.Rows) > 0 && p.Rows[0].Sim != nil
	if sim {
		cols = append(cols, numCol("sim_power", "Simulated power at MDE", 3), numCol("sim_se", "± MC SE", 3))
	}
	t := &Table{ID: "power", Title: title, Columns: cols}
	// A pilot's clusters are named as its intervals name them; stated rates plan by
	// --templates.
	unit, one := "template clusters", "template"
	if !s.Stated && p.ClusterUnit == "clusters" {
		unit, one = "clusters", "cluster"
	}
	for _, r := range p.Rows {
		m := r.Design.ClusterSize
		if r.Design.Templates > 0 {
			m = float64(r.Design.Cases) / float64(r.Design.Templates)
		}
		label := "cases (independent)"
		if r.Analysis == "templates" {
			label = unit
		}
		cells := []Cell{Text(label), countCell(r.Design.Cases), countCell(r.Design.Repeats)}
		if templates {
			cells = append(cells, Number(m), Number(r.DesignEffect))
		}
		cells = append(cells, Number(100*r.SE), Number(100*r.MDE))
		if s.Delta != 0 {
			cn, rn := Empty(), Empty()
			if r.CasesReachable {
				cn = countCell(r.CasesNeeded)
			}
			if r.RepsReachable {
				rn = countCell(r.RepeatsNeeded)
			}
			cells = append(cells, Number(r.PowerAtDelta), cn, rn)
		}
		if sim {
			cells = append(cells, Number(r.Sim.Power), Number(r.Sim.SE))
		}
		t.AddRow(cells...)
	}
	pct := func(x float64) string { return fmt.Sprintf("%.2f", 100*x) }
	if s.Stated {
		t.Notes = append(t.Notes, fmt.Sprintf("From stated rates: A %s%%, B %s%%; within-case correlation of repeats %g, correlation of the arms' per-case rates %g, within-template correlation of per-case differences %g.",
			pct(c.RateA), pct(c.RateB), s.ICC, s.ArmCorr, s.TempICC))
	} else if templates {
		t.Notes = append(t.Notes, fmt.Sprintf("Pilot: %d shared cases, %s per arm (mean), %d %ss (the whole release's clusters: %s), size-weighted mean %s size %.2f; ECS A %s%%, B %s%%, Δ %s points.",
			c.Cases, repeats(c.Repeats), c.Clusters, one, p.ClusterBy, one, c.ClusterSize, pct(c.RateA), pct(c.RateB), pct(c.Delta())))
	} else if c.ClusterSize > 1 {
		t.Notes = append(t.Notes, fmt.Sprintf("Pilot: %d shared cases, %s per arm (mean), all in one %s (the whole release's clusters: %s), which gives no within-%s correlation and no interval that resamples %ss: no %s row; ECS A %s%%, B %s%%, Δ %s points.",
			c.Cases, repeats(c.Repeats), one, p.ClusterBy, one, one, unit, pct(c.RateA), pct(c.RateB), pct(c.Delta())))
	} else {
		t.Notes = append(t.Notes, fmt.Sprintf("Pilot: %d shared cases, %s per arm (mean), each case its own cluster (the whole release's clusters: %s); ECS A %s%%, B %s%%, Δ %s points.",
			c.Cases, repeats(c.Repeats), p.ClusterBy, pct(c.RateA), pct(c.RateB), pct(c.Delta())))
	}
	variance := fmt.Sprintf("Variance components (per case, method of moments; a between-case variance whose estimate is negative is set to 0, and so are the ICCs built on it): between-case variance of the true Δ τ² = %.5f; within-case variance of one repeat W_A = %.5f, W_B = %.5f; within-case correlation (ICC) of repeats A %s, B %s, of their differences %s",
		c.BetweenDiff, c.WithinA, c.WithinB, fmtRho(c.ICC(true)), fmtRho(c.ICC(false)), fmtRho(c.ICCDiff()))
	formula := "The variance of the estimated Δ is (τ² + (W_A + W_B)/repeats)/cases"
	if templates {
		variance += fmt.Sprintf("; within-template covariance of per-case Δs %.5f (within-template correlation %s at %s)", c.TemplateCov, fmtRho(c.TemplateICC(s.Repeats)), repeats(s.Repeats))
		formula = "The variance of the estimated Δ is (τ² + (W_A + W_B)/repeats)·DEFF/cases, DEFF = 1 + (m − 1)·ρ_t for templates of m cases"
	}
	t.Notes = append(t.Notes, variance+".", formula+"; MDE = (z(1 − α/2) + z(power))·SE, a two-sided normal-approximation test (the percentile bootstrap's, asymptotically).")
	if !c.WithinKnown {
		t.Notes = append(t.Notes, "No case has two repeats in both arms: within- and between-case variance cannot be told apart, so repeats cannot be planned.")
	}
	if s.Delta != 0 {
		how, these := ", at the pilot's template size (templates grow with the cases)", "more cases of these templates"
		if s.Templates > 0 {
			how = fmt.Sprintf(", filling the %d templates", s.Templates)
		}
		if !templates {
			how, these = "", "more cases"
		}
		t.Notes = append(t.Notes, fmt.Sprintf("Cases for Δ: at the row's repeats%s; repeats for Δ: at the row's cases. An empty cell: no number reaches Δ %.3g points (the variance that %s, or more repeats, do not shrink is too large).", how, 100*s.Delta, these))
	}
	if sim {
		r := p.Rows[0].Sim
		drawn := "cases, or whole templates,"
		if !templates {
			drawn = "cases"
		}
		t.Notes = append(t.Notes, fmt.Sprintf("Simulated power: %d studies drawn from the pilot (%s with replacement; repeats without replacement), its arms moved to Δ = the row's MDE by random flips (A %+.2f, B %+.2f points in the first row), each tested by the paired percentile bootstrap (%d resamples) at level 1 − α; ± is the Monte Carlo standard error.",
			r.Studies, drawn, 100*r.ShiftA, 100*r.ShiftB, s.Resamples))
	}
	switch {
	case s.Stated || mark == "":
	case mark == analysis.SyntheticCasesMark:
		t.Notes = append(t.Notes, "The pilot's cases are synthetic, its episodes the user's: these numbers describe no real benchmark case.")
	default:
		t.Notes = append(t.Notes, "The pilot is synthetic data: these numbers describe synthetic data.")
	}
	return t
}

func fmtRho(x float64) string {
	if math.IsNaN(x) {
		return "undefined"
	}
	return fmt.Sprintf("%.3f", x)
}

// repeats is "1 repeat" or "N repeats".
func repeats(n int) string {
	if n == 1 {
		return "1 repeat"
	}
	return fmt.Sprintf("%d repeats", n)
}
