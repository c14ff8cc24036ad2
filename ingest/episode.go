package ingest

import "github.com/sabench/sabench-stats/ingest/jsonv"

// EpisodeSchema is the release format's schema tag.
const EpisodeSchema = "sabench.episode/v1"

// Episode statuses. Only Completed episodes are scored.
const (
	StatusCompleted      = "completed"
	StatusInfraFailure   = "infra_failure"
	StatusHarnessFailure = "harness_failure"
	StatusCensored       = "censored"
)

// DefaultCondition is the condition of an episode that names none.
const DefaultCondition = "main"

// Episode is one agent run of one configuration on one case, one repeat, one condition.
type Episode struct {
	RunID     string
	Config    string
	Model     string
	Harness   string
	CaseID    string // may carry @variant
	Repeat    int
	Condition string
	Status    string
	// FailureClass is the harness's own label, verbatim (a string, or nil).
	FailureClass any
	// Record is the agent output exactly as the harness wrote it: an agent_decision
	// (Legacy and static judgments) or a V0–V3 execution record, typed for scoring.
	Record *Record
	// Official is the harness's own verdict ({"successful": bool, "raw_status": …}), or nil.
	Official *jsonv.Object
	// Usage is {"wall_seconds", "input_tokens", "output_tokens", "cost_usd"}, or nil.
	Usage *Usage
	// Extra is the episode's "extra" object: fields of the producer's own, kept so that
	// conversion between formats loses nothing (a lenient read also puts unknown
	// top-level fields here).
	Extra *jsonv.Object
	// Defect is "" for a valid episode; a lenient read sets it to the Defect* reason the
	// episode would have been refused for, and scoring excludes it by that reason.
	Defect string

	Source string // file it came from
	Line   int    // line (JSONL) or row (Parquet), 1-based
}

// Key identifies an episode within a release; it must be unique.
type Key struct {
	Config    string
	CaseID    string
	Repeat    int
	Condition string
}

// Key returns the episode's identifying key.
func (e *Episode) Key() Key {
	return Key{Config: e.Config, CaseID: e.CaseID, Repeat: e.Repeat, Condition: e.Condition}
}

// IsStatic reports whether the episode is a static judgment (its record is an
// agent_decision rather than an execution record with events).
func (e *Episode) IsStatic() bool {
	return e.Record.IsStatic()
}
