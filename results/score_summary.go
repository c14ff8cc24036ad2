package results

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// ScoreSummary is score's stderr summary: it reconciles the counts (read = scored + excluded by reason + dropped
// duplicates), gives ECS by protocol per policy, and the agreement with the harness's own
// verdicts when the episodes carry them.
func ScoreSummary(s *analysis.Scored, dropped int) string {
	var b strings.Builder
	cnt := s.Counts
	excluded := 0
	for _, n := range cnt.Excluded {
		excluded += n
	}
	fmt.Fprintf(&b, "score: read %d episodes = scored %d + excluded %d", cnt.Read+dropped, cnt.Scored, excluded+dropped)
	fmt.Fprintf(&b, " (%s)\n", cnt.Summary(dropped))
	for pi, pol := range s.Policies {
		vs := s.Verdicts[pi]
		var all analysis.Rate
		var by [ingest.NumProtocols]analysis.Rate
		for i := range vs {
			if vs[i].Excluded() {
				continue
			}
			all.Add(vs[i].ECS())
			by[vs[i].Protocol()].Add(vs[i].ECS())
		}
		fmt.Fprintf(&b, "policy %s: ECS %s", pol.String(), pctOf(all))
		for p := ingest.Legacy; p < ingest.NumProtocols; p++ {
			if by[p].Den > 0 {
				fmt.Fprintf(&b, ", %s %s", p.Label(), pctOf(by[p]))
			}
		}
		b.WriteString(" (all scored episodes, every condition, static judgments included)\n")
		if own := analysis.OfficialRate(vs); own.Den > 0 && own != all {
			fmt.Fprintf(&b, "  harness's own verdicts: %d/%d = %.1f%% (the scored episodes that carry one)\n", own.Num, own.Den, own.Pct())
		}
		b.WriteString(agreementSummary(vs))
	}
	return b.String()
}

func pctOf(r analysis.Rate) string {
	if r.Den == 0 {
		return "n/a (0 episodes)"
	}
	return fmt.Sprintf("%.1f%% (%d/%d)", r.Pct(), r.Num, r.Den)
}

func agreementSummary(vs []oracle.Verdict) string {
	a, err := analysis.AgreeWithOfficial(vs)
	return labelSummary("official verdicts", "official", a, err)
}

// labelSummary renders one agreement (or the error that kept it from being computed).
func labelSummary(source, short string, a analysis.Agreement, err error) string {
	if err != nil {
		return fmt.Sprintf("  agreement with %s: %v\n", source, err)
	}
	return AgreementSummary(source, short, a)
}

// AuditSummary reports, per policy, the oracle's agreement with the audited labels.
func AuditSummary(a *ingest.Audit, s *analysis.Scored) (string, error) {
	ags, err := analysis.AgreeWithAudit(a, s)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for pi, pol := range s.Policies {
		fmt.Fprintf(&b, "policy %s:\n", pol.Name)
		b.WriteString(labelSummary("the audit "+a.Path, "audit", ags[pi], nil))
	}
	return b.String(), nil
}
