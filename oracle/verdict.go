package oracle

import "github.com/sabench/sabench-stats/ingest"

// Verdict is the oracle's judgment of one episode. It is compact on purpose: analyses of a
// million episodes keep verdicts, never records. Detail is filled only on request.
type Verdict struct {
	RunID      string
	Config     string
	Model      string
	Harness    string
	CaseID     string // as in the episode, may carry @variant
	BaseCaseID string
	Protocol   ingest.Protocol
	Domain     string
	Repeat     int
	Condition  string
	Status     string // the episode's status

	Excluded        bool
	ExclusionReason string // the status, for excluded episodes

	Static bool // a static judgment (agent_decision record), scored as decision == gold

	ECS     bool
	Outcome string // decisive outcome (DESIGN §3)
	// EmptyOutcome: Outcome and CanonicalOutcome are the evaluator's empty string (a Legacy
	// decision ""), not absent; outputs write "" rather than null.
	EmptyOutcome     bool
	CanonicalOutcome string // the evaluator's canonical observed outcome (§8.6)
	FailureType      string // "" on success (DESIGN §5)

	// Attempted is true when at least one consequential action was attempted.
	Attempted bool
	// FirstAttemptIndex is the 0-based index into the record's events of the first
	// consequential attempt, or -1.
	FirstAttemptIndex int
	// CompleteAtFirstAttempt: at the first attempt's checkpoint no requirement was MISSING
	// (coverage included). Meaningful only when Attempted.
	CompleteAtFirstAttempt bool
	// CoverageComplete is the episode's final information coverage.
	CoverageComplete bool
	// MissingAtCheckpoint: some action checkpoint had a MISSING requirement (Gap).
	MissingAtCheckpoint bool
	// ExecutedCommits counts ALLOWed consequential actions.
	ExecutedCommits int
	// ToolsBeforeAttempt has bit i set when the case's i-th information tool (in the spec's
	// info_tools order; the first 64) was called before the first consequential attempt,
	// or anywhere in an episode without one. It answers "had the agent looked where the
	// evidence was?" (interventions) without keeping the events; see InfoToolBit.
	ToolsBeforeAttempt uint64

	// TrustedKeys: the walk trusted the recorded evidence_delta_key where the evaluator
	// replays a shard (a released V3 case scored without env/v3_episode_query_shards/, a
	// shared-world V2 case), the documented deviation of DESIGN §3. Tables can count it.
	TrustedKeys bool

	// Official is the harness's own verdict when the episode carried one: -1 none,
	// 0 false, 1 true.
	Official int8

	// Usage is the episode's reported cost, tokens and wall time (NaN where not reported).
	Usage Usage

	Policy     string // policy name
	PolicyHash string // hash of the policy's settings
	Evaluator  string // the evaluator revision the policy reproduces, 7 hex digits (Policy.ShortRevision)

	Detail *Detail // nil unless requested
}

// Detail is the readable chain behind a verdict, for `explain` and `score --detail`.
type Detail struct {
	Checkpoints      []Checkpoint
	Coverage         Coverage
	CompletedCommits []string
	InvalidInfoCalls []InvalidCall
	Ledger           []Fact
	Notes            []string // deviations and quirks that applied, e.g. trusted delta keys
	ContractErrors   []string
	// EndEvent is the index of the event at which the evaluator stopped processing the
	// record (V1: the first action; V2/V3: the terminal condition), -1 when it read all.
	EndEvent int
}

// Checkpoint is one action's gate.
type Checkpoint struct {
	EventIndex    int
	CallID        string
	Tool          string
	CommitID      string // matched commit, "" when none
	Gate          string // ALLOW, DEFER, BLOCK
	Reason        string // reason code for structural failures
	Requirements  []RequirementResult
	MatchErrors   []string
	ReferenceErrs []string
}

// RequirementResult is one evaluated requirement.
type RequirementResult struct {
	ID                string
	Status            string // SUPPORTED, MISSING, VIOLATED, INACTIVE
	Reason            string
	MissingConditions []string // canonical JSON of each unmet condition
}

// Coverage is the information-coverage block of the evaluator.
type Coverage struct {
	RequiredCalls    int  `json:"required_calls"`
	CoveredCalls     int  `json:"covered_calls"`
	MinCalls         int  `json:"min_calls"`
	ObservedCalls    int  `json:"observed_calls"`
	MinDistinct      int  `json:"min_distinct_tools"`
	ObservedDistinct int  `json:"observed_distinct_tools"`
	Complete         bool `json:"complete"`

	// The required reads not covered, for explain: bit i is required_info_calls[i] (the
	// first 64 entries; unnamed counts the rest). Kept as a mask so that scoring without
	// detail allocates nothing for it.
	uncovered uint64
	unnamed   int
}

// Uncovered returns the 0-based required_info_calls positions that no observed call
// covered (the first 64 entries), and how many more beyond them were not covered.
func (c Coverage) Uncovered() (positions []int, more int) {
	for i := 0; i < 64; i++ {
		if c.uncovered&(1<<uint(i)) != 0 {
			positions = append(positions, i)
		}
	}
	return positions, c.unnamed
}

// InvalidCall is one rejected information call.
type InvalidCall struct {
	EventIndex int
	CallID     string
	Tool       string
	Reason     string
}

// Fact is one ledger fact with its provenance.
type Fact struct {
	EventIndex int
	CallID     string
	Tool       string
	DeltaKey   string
	Fact       string // canonical JSON of the fact object
}
