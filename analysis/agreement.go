package analysis

import (
	"fmt"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// Agreement compares the oracle with another source of pass/fail labels (the harness's
// own verdicts, or an audit) on the scored episodes that carry a label. The oracle is the
// reference: a false accept is an episode the labels pass and the oracle fails, a false
// reject the reverse. Kappa is Cohen's unweighted κ (bootstrap.CohenKappa); NaN when
// chance agreement is perfect.
type Agreement struct {
	N                          int
	Observed, Kappa            float64
	FalseAccepts, FalseRejects int
	Disagreements              []*oracle.Verdict // in input order
}

// AgreeWith compares the oracle with labels (1 pass, 0 fail, -1 none) on the scored
// episodes that have one.
func AgreeWith(vs []oracle.Verdict, label func(*oracle.Verdict) int) (Agreement, error) {
	var c agreeCounts
	for i := range vs {
		if v := &vs[i]; !v.Excluded() && c.add(v, label(v)) {
			c.dis = append(c.dis, v)
		}
	}
	return c.agreement()
}

// agreeCounts is an agreement being counted (AgreeWith, or a ScoreTally as verdicts stream
// by): the 2×2 table of label × oracle and the disagreements, which the caller appends.
type agreeCounts struct {
	conf [2][2]int // [label][oracle], 1 pass
	dis  []*oracle.Verdict
}

// add counts a scored verdict with its label (-1: none, not counted) and reports whether
// it is a disagreement.
func (c *agreeCounts) add(v *oracle.Verdict, label int) bool {
	if label < 0 {
		return false
	}
	r := 0
	if v.ECS() {
		r = 1
	}
	c.conf[label][r]++
	return label != r
}

// agreement computes the counts' agreement. κ depends on the ratings only through their
// table, so it is computed (bootstrap.CohenKappa) on ratings rebuilt from the table, one
// byte each: the same numbers as on the ratings in input order.
func (c *agreeCounts) agreement() (Agreement, error) {
	a := Agreement{FalseAccepts: c.conf[1][0], FalseRejects: c.conf[0][1], Disagreements: c.dis}
	a.N = c.conf[0][0] + c.conf[0][1] + c.conf[1][0] + c.conf[1][1]
	if a.N == 0 {
		return a, nil
	}
	ora, lab := make([]int8, 0, a.N), make([]int8, 0, a.N)
	for o := range int8(2) {
		for r := range int8(2) {
			for range c.conf[o][r] {
				ora, lab = append(ora, r), append(lab, o)
			}
		}
	}
	k, err := bootstrap.CohenKappa(ora, lab, bootstrap.Unweighted)
	if err != nil {
		return a, err
	}
	a.Observed, a.Kappa = k.Observed, k.Kappa
	return a, nil
}

// AgreeWithOfficial compares the oracle with the harness's own verdicts (Verdict.Official).
func AgreeWithOfficial(vs []oracle.Verdict) (Agreement, error) {
	return AgreeWith(vs, func(v *oracle.Verdict) int { return int(v.Official()) })
}

// AgreeWithAudit compares each policy's verdicts with the audited labels. Every audited
// run must be among the scored episodes, on the case it names; a problem names the audit
// file, line and field.
func AgreeWithAudit(a *ingest.Audit, s *Scored) ([]Agreement, error) {
	byRun := map[string]*oracle.Verdict{}
	if len(s.Verdicts) > 0 {
		for i := range s.Verdicts[0] {
			byRun[s.Verdicts[0][i].RunID()] = &s.Verdicts[0][i]
		}
	}
	var bad error
	badLine := 0
	for run, l := range a.Labels {
		v := byRun[run]
		var err error
		switch {
		case v == nil:
			err = fmt.Errorf("%s:%d: run_id: %s is not among the episodes read", a.Path, l.Line, ingest.QuoteValue(run))
		case l.CaseID != "" && l.CaseID != v.CaseID() && l.CaseID != v.BaseCaseID():
			err = fmt.Errorf("%s:%d: case_id: %s, but run %s is on case %q", a.Path, l.Line, ingest.QuoteValue(l.CaseID), ingest.QuoteValue(run), v.CaseID())
		}
		// Report the first bad line of the file, whatever the map order.
		if err != nil && (bad == nil || l.Line < badLine) {
			bad, badLine = err, l.Line
		}
	}
	if bad != nil {
		return nil, bad
	}
	label := func(v *oracle.Verdict) int {
		l, ok := a.Labels[v.RunID()]
		switch {
		case !ok:
			return -1
		case l.Pass:
			return 1
		}
		return 0
	}
	out := make([]Agreement, len(s.Policies))
	for pi := range s.Policies {
		var err error
		if out[pi], err = AgreeWith(s.Verdicts[pi], label); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// addOfficial counts a scored verdict's harness verdict, when it carries one.
func addOfficial(r *Rate, v *oracle.Verdict) {
	if v.Official() >= 0 {
		r.Add(v.Official() == 1)
	}
}
