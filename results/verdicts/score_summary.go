package verdicts

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
)

// ScoreSummary is score's stderr summary: it reconciles the counts (read = scored + excluded by reason + dropped
// duplicates), gives ECS by protocol per policy, and the agreement with the harness's own
// verdicts when the episodes carry them. It reads a tally (analysis.ScoreTally), not the
// verdicts, so that a streaming score keeps none.
//
// official says the cases take task success from the benchmark's own verdict (cases with
// action rules, τ-bench's): the rate is then authorized success and the official verdicts
// the benchmark's, as the tables name them.
func ScoreSummary(t *analysis.ScoreTally, dropped int, official bool) string {
	measure, whose := "ECS", "harness's own verdicts"
	if official {
		measure, whose = "authorized success", "benchmark's own verdicts"
	}
	var b strings.Builder
	cnt := t.Counts
	excluded := 0
	for _, n := range cnt.Excluded {
		excluded += n
	}
	fmt.Fprintf(&b, "score: read %s = scored %d + excluded %d", ingest.Plural(cnt.Read+dropped, "episode"), cnt.Scored, excluded+dropped)
	fmt.Fprintf(&b, " (%s)", cnt.Summary(dropped))
	// The verdict rows are the episodes kept: said, or the rows count short of "read".
	switch {
	case dropped == 1:
		b.WriteString("; the duplicate --dedupe dropped has no verdict row")
	case dropped > 1:
		fmt.Fprintf(&b, "; the %d duplicates --dedupe dropped have no verdict row", dropped)
	}
	b.WriteString("\n")
	if cnt.Trusted > 0 {
		// A documented deviation that can change verdicts (a gold read without its key
		// binds nothing; a decoy read claiming the gold key binds it): said, not only a column.
		fmt.Fprintf(&b, "  %s\n", cnt.TrustedNote(func(s string) string { return s }))
	}
	for pi, pol := range t.Policies {
		pt := &t.Policy[pi]
		fmt.Fprintf(&b, "policy %s: %s %s", pol.String(), measure, pctOf(pt.ECS))
		for p := ingest.Legacy; p < ingest.NumProtocols; p++ {
			if pt.ByProtocol[p].Den > 0 {
				fmt.Fprintf(&b, ", %s %s", p.Label(), pctOf(pt.ByProtocol[p]))
			}
		}
		// Said only where there are some: a τ-bench release has none to include.
		if pt.Static > 0 {
			b.WriteString(" (all scored episodes, every condition, static judgments included)\n")
		} else {
			b.WriteString(" (all scored episodes, every condition)\n")
		}
		if own := pt.Official; own.Den > 0 && own != pt.ECS {
			fmt.Fprintf(&b, "  %s: %d/%d = %.1f%% (the scored episodes that carry one)\n", whose, own.Num, own.Den, own.Pct())
		}
		a, err := pt.Agreement()
		b.WriteString(labelSummary("official verdicts", "official", a, err))
	}
	return b.String()
}

func pctOf(r analysis.Rate) string {
	if r.Den == 0 {
		return "n/a (0 episodes)"
	}
	return fmt.Sprintf("%.1f%% (%d/%d)", r.Pct(), r.Num, r.Den)
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
