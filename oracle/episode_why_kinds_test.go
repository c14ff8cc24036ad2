package oracle

import (
	"sort"
	"strings"
	"testing"
)

// TestEpisodeWhyKinds: the introductions of docs/glossary.md and the viewer's Glossary view
// claim to list the failures whose sentence is the episode's own; the viewer's named four of
// them (no dependency, prior result, contract or invalid-read sentence) and docs/glossary.md
// left out the action that matched several steps. Every entry of the tables episodeWhy
// takes its sentences from is named here by the words EpisodeWhyKinds gives it, and a new
// entry fails the test until it is.
func TestEpisodeWhyKinds(t *testing.T) {
	named := map[string]map[string]string{
		"reasonWhy": {
			OutcomeDependency:  "a step taken before its dependency",
			OutcomeReference:   "a prior result not accepted",
			OutcomeIdempotency: "a reused idempotency key",
			OutcomeDuplicate:   "a repeated step",
			OutcomeAmbiguous:   "an action that matched several steps",
		},
		"lackNoun": {
			"NO_CONFIRMATION":        "the user's confirmation",
			"DETAILS_NOT_LISTED":     "the message listing the details before it",
			"ENTITY_NOT_READ":        "the binding of the entity acted on",
			"ACTION_ARGUMENT_ABSENT": "the binding of the entity acted on",
			"SUMMARY_FACTS_MISSING":  "the summary facts",
		},
		"officialWhy": {
			FailWrongAction: "whose writes were all authorized",
			FailInaction:    "or that made none",
			FailContract:    "one that carries no such verdict says so",
		},
		"stopEventWhy": {
			OutcomeInvalidEvent:  "a malformed event",
			OutcomeInvalidCallID: "a bad call id",
			OutcomeMissingDelta:  "a read without frozen evidence",
		},
		"contractErrorWhy": {
			".metadata.parse_error":                                     "an unreadable answer",
			"no_action_record.terminal.":                                "a V0 stop outside the contract",
			"complete preflight must derive BLOCK or DEFER":             "a hidden preflight that derived no stop label",
			"derived stop outcome does not match expected_stop_outcome": "over complete reads another stop than the case's",
			"SPEC_INVALID": "a spec error",
		},
		"invalidReadWhy":   {},
		"preflightStopWhy": {},
	}
	for k := range preflightStopWhy {
		named["preflightStopWhy"][k] = "one that stopped at a read of the agent's says which read and why"
	}
	for k := range invalidReadWhy {
		named["invalidReadWhy"][k] = "a V2 or V3 walk an invalid read ended (by the read's reason)"
	}
	contract := map[string]string{}
	for _, c := range contractErrorWhy {
		contract[c.part] = c.why
	}
	for table, keys := range map[string][]string{
		"reasonWhy": keysOf(reasonWhy), "lackNoun": keysOf(lackNoun), "officialWhy": keysOf(officialWhy),
		"stopEventWhy": keysOf(stopEventWhy), "contractErrorWhy": keysOf(contract), "invalidReadWhy": keysOf(invalidReadWhy),
		"preflightStopWhy": keysOf(preflightStopWhy),
	} {
		for _, k := range keys {
			words, ok := named[table][k]
			if !ok {
				t.Errorf("%s[%q] has a sentence of its own that EpisodeWhyKinds is not checked to name: add it to both", table, k)
				continue
			}
			if !strings.Contains(EpisodeWhyKinds, words) {
				t.Errorf("%s[%q]: EpisodeWhyKinds lacks %q", table, k, words)
			}
		}
	}
	// The action-rules walk's own sentences: its MISSING reasons (walk_rules.go), the
	// benchmark's verdict and a contract error of a record's field.
	for _, words := range []string{"an entity read", "the argument naming the entity acted on", "the user's confirmation",
		"the message listing the details before it", "whose writes were all authorized", "or that made none",
		"one that carries no such verdict says so", "a field of its own"} {
		if !strings.Contains(ActionRulesEpisodeWhyKinds, words) {
			t.Errorf("ActionRulesEpisodeWhyKinds lacks %q", words)
		}
	}
	for _, words := range []string{"an earlier step's completion", "another field of the record's own"} {
		if !strings.Contains(EpisodeWhyKinds, words) { // the step lack and recordFieldWhy
			t.Errorf("EpisodeWhyKinds lacks %q", words)
		}
	}
}

func keysOf(m map[string]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
