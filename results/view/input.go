package view

import (
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// Input is everything the viewer shows.
type Input struct {
	Title string
	// Notes are lines shown under the title (provenance, the synthetic-release warning).
	Notes []string
	// Policies are the policies scored, the main one first; Episode.Others follow it.
	Policies []string
	// Binding is the main policy's binding switch (oracle.BindingEntity, …): under entity
	// binding a fact bound to an action argument must name the action's own value, so the
	// page offers only the reads whose facts do as establishing a missing one. "" when not
	// known: the page then matches such fields by their presence alone.
	Binding string
	// Leaderboards holds the leaderboard tables under each policy (same order as Policies;
	// an empty entry says the policy has none).
	Leaderboards [][]*results.Table
	// Tables are every table of the report, in report order.
	Tables  []*results.Table
	Figures []Figure
	// FiguresSkipped says, one line each ("NAME: why"), what figure, or what part of one,
	// was not drawn, so that the page names a figure missing from it and its reason.
	FiguresSkipped []string
	// ActionRules: the cases take their rules from action_rules (the τ-bench domains), and
	// the glossary says what each word means there.
	ActionRules bool
	// SharedHarness is the harness the harness_differences figure subtracts from each
	// model's other one (--shared-harness); "" when not known.
	SharedHarness string
	// HarnessScope names the V0–V3 protocols the harness_differences figure plots, as its
	// title does (analysis.Release.HarnessScope); "" when not known: "V0–V3".
	HarnessScope string
	Cases        []Case
	// Episodes calls yield once per episode in a fixed order; an error from yield must be
	// returned.
	Episodes func(yield func(*Episode) error) error
	// Collected, when set, holds the episodes already encoded while they were scored;
	// its cases and policies replace Cases and Policies, and Episodes is not called.
	Collected *Collector

	// chunks, set by Release.Page, are the chunk files written ahead (Release.Prepare):
	// Write then writes the page only.
	chunks *chunks
}

// Figure is one figure as SVG.
type Figure struct {
	Name string
	SVG  []byte
	Note string // its caveats (figures.Rendered.Note), shown under it; "" for none
}

// Case is what the episode page needs from a case's specification.
type Case struct {
	ID       string // with @variant when it has one
	Protocol string // label: Legacy, V0 … V3
	Domain   string
	// Workflow is the expected workflow (V2 list, V3 DAG, V0 DAG candidate); empty otherwise.
	Workflow []Step
	// Requirements are the requirements with their supported_if_all conditions (canonical
	// JSON), top-level and per workflow step.
	Requirements []Requirement
	// Other are the tools the case's action rules call neither a read nor a write (a
	// transfer to a human agent), sorted; the page does not show their calls as reads.
	Other []string
	// Rules are the reads the oracle takes facts from (the case's evidence rules or frozen
	// deltas, by protocol): which read establishes which facts.
	Rules []Rule
}

// Step is one workflow commit.
type Step struct {
	ID        string
	Tool      string
	DependsOn []string
}

// Requirement is one requirement and what supports it: fact conditions, or (for a
// required read) a call of Tool with Args.
type Requirement struct {
	ID         string
	Conditions []string
	Tool       string
	Args       string // canonical JSON
}

// Rule is one evidence rule: a call of Tool whose arguments match Args establishes Facts.
type Rule struct {
	Tool  string
	Args  string   // canonical JSON of args_match
	Facts []string // canonical JSON of each fact
	// After is the step that must have completed before the call for it to establish
	// Facts (a stateful observation); "" when it does so at any time.
	After string
}

// Episode is one episode as the viewer shows it.
type Episode struct {
	RunID     string
	Config    string
	CaseID    string
	Repeat    int
	Condition string
	Events    []Event
	// Decision is the agent_decision of a static or Legacy record, "" otherwise.
	Decision string
	// Main is the verdict under Policies[0], with Detail when the oracle walked the record.
	Main oracle.Verdict
	// Others are the verdicts under Policies[1:], in order.
	Others []Outcome
	// Inspect is the Inspect log's sample the episode was read from, nil for other sources:
	// the episode's page names it, for the reader to open the sample in Inspect's viewer.
	Inspect *ingest.InspectSample
	// PolicyLines are what explain prints after the verdict when Policies[0] is not the
	// baseline (oracle.Prepared.PolicyLines): the verdict under the baseline and which of the
	// policy's switches decide it. The episode's page prints them; a Collector fills them in.
	PolicyLines []string

	// record, set by the Collector instead of Events, is the record whose events are
	// encoded straight from it (recordEvents): the same encoding without a string per
	// event's arguments.
	record *jsonv.Object
	// src, set by the Collector until the episode is encoded, is the episode read, which
	// its policy lines are scored from.
	src *ingest.Episode
}

// Event is one record event.
type Event struct {
	Type   string // INFO_CALL, CONSEQUENTIAL_CALL, …
	CallID string
	Tool   string
	Args   string // canonical JSON of the arguments
}

// Outcome is a verdict reduced to what the policy comparison shows.
type Outcome struct {
	Excluded    bool
	ECS         bool
	Outcome     string
	FailureType string
}
