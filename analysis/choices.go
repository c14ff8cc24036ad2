package analysis

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
)

// Choices are the paper's fixed analysis choices, made options: the tables and figures
// read them, the CLI sets them by flags. PaperChoices gives the paper's values.
type Choices struct {
	// SharedHarness is the harness every model was also run with; T4, its forest plot and
	// the disagreement table pair each model's other harnesses with it. Matched
	// case-insensitively ("claude-5/inspect" pairs with "Inspect").
	SharedHarness string
	// StrategyAll is T13's strategy condition, compared with main on all protocols;
	// StrategyExec is T14's, compared on V0–V3.
	StrategyAll, StrategyExec string
	// Case-set names: T9's matched V1 cases, T10's class-balanced cases, the intervention
	// cases.
	SetT9, SetT10, SetInterventions string
}

// PaperChoices are the paper's choices.
func PaperChoices() Choices {
	return Choices{SharedHarness: "Inspect", StrategyAll: "scgr_eg", StrategyExec: "scgr_select",
		SetT9: "t9_matched_v1", SetT10: "t10_balanced", SetInterventions: "interventions_v1"}
}

// isShared reports whether a harness is the shared one.
func (ch Choices) isShared(harness string) bool { return strings.EqualFold(harness, ch.SharedHarness) }

// SharedRan reports whether some configuration of r ran the shared harness.
func (ch Choices) SharedRan(r *Release) bool { return slices.ContainsFunc(r.Harnesses(), ch.isShared) }

// Spelled returns the choices with the shared harness written as the release writes it
// when the flag matched it in another case ("inspect" for the release's "Inspect"), so that
// table titles and headers name the harness the data names. With an exact match, or none,
// or several harnesses differing only in case, the choice is returned as given.
func (ch Choices) Spelled(r *Release) Choices {
	var found []string
	for _, h := range r.Harnesses() {
		if h == ch.SharedHarness {
			return ch
		}
		if strings.EqualFold(h, ch.SharedHarness) {
			found = append(found, h)
		}
	}
	if len(found) == 1 {
		ch.SharedHarness = found[0]
	}
	return ch
}

// Check refuses a choice changed from the paper's that names nothing in the release (a
// typo would give an empty table); the paper's own may be absent, and the tables then
// say so.
func (ch Choices) Check(r *Release) error {
	def := PaperChoices()
	if err := ch.CheckSets(r.Sets); err != nil {
		return err
	}
	// A strategy is compared with main: main itself would give a table of zero differences.
	for _, x := range []struct{ what, got string }{{"T13 strategy", ch.StrategyAll}, {"T14 strategy", ch.StrategyExec}} {
		if x.got == ingest.DefaultCondition {
			return fmt.Errorf("%s %q is the condition the strategy is compared with: name a strategy condition", x.what, x.got)
		}
	}
	conds := r.Conditions("")
	harness := ""
	for _, h := range r.Harnesses() {
		if strings.EqualFold(h, ch.SharedHarness) {
			harness = ch.SharedHarness
		}
	}
	for _, x := range []struct {
		what, got, def, match string
		known                 []string
	}{{"shared harness", ch.SharedHarness, def.SharedHarness, harness, r.Harnesses()},
		{"T13 strategy", ch.StrategyAll, def.StrategyAll, "", conds}, {"T14 strategy", ch.StrategyExec, def.StrategyExec, "", conds}} {
		if x.got == x.def || x.got == x.match {
			continue
		}
		if err := known(x.what, x.got, x.known); err != nil {
			return err
		}
	}
	return nil
}

// CheckSets is Check of the case-set choices alone, against a bench's sets (name → case
// ids): the bench says it once loaded, so that a set name that names nothing is refused
// before scoring, as the strategies and the shared harness, which the episodes name,
// cannot be.
func (ch Choices) CheckSets(bench map[string][]string) error {
	def := PaperChoices()
	sets := make([]string, 0, len(bench))
	for name := range bench {
		sets = append(sets, name)
	}
	sort.Strings(sets)
	for _, x := range []struct{ flag, what, got, def string }{
		{"t9-set", "T9 case set", ch.SetT9, def.SetT9}, {"t10-set", "T10 case set", ch.SetT10, def.SetT10},
		{"interventions-set", "interventions case set", ch.SetInterventions, def.SetInterventions}} {
		if x.got == x.def {
			continue
		}
		if err := known(x.what, x.got, sets); err != nil {
			return fmt.Errorf("--%s: %w", x.flag, err)
		}
	}
	return nil
}
