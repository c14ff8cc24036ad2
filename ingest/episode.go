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
	// Inspect is where an episode read from an Inspect log lives in it, nil for any other
	// source: enough to open the sample in Inspect's own viewer from an explanation.
	Inspect *InspectSample
}

// InspectSample names an Inspect log's sample: the log file as given, the sample's id (a
// number as written, a string unquoted), its epoch and uuid (empty when the log has none),
// and the member it was read from (samples/<id>_epoch_<n>.json, or samples[i] in a .json log).
type InspectSample struct {
	Log    string `json:"log"`
	ID     string `json:"sample_id"`
	Epoch  int    `json:"epoch"`
	UUID   string `json:"uuid,omitempty"`
	Member string `json:"member"`
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
