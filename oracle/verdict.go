package oracle

import "github.com/sabench/sabench-stats/ingest"

// Fields is a verdict in readable form: what the oracle fills while scoring and what tests
// and decoders build. Verdict is its compact, stored form (Fields.Verdict, Verdict.Fields).
type Fields struct {
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
	ExclusionReason string // the status (or the record's defect) for excluded episodes; under a refused policy the refusal (Policy.Check)

	Static bool // a static judgment (agent_decision record), scored as decision == gold

	ECS     bool
	Outcome string // decisive outcome
	// EmptyOutcome: Outcome and CanonicalOutcome are the evaluator's empty string (a Legacy
	// decision ""), not absent; outputs write "" rather than null.
	EmptyOutcome     bool
	CanonicalOutcome string // the evaluator's canonical observed outcome (its alias map applied)
	FailureType      string // "" on success

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
	// shared-world V2 case), a documented deviation from the evaluator. Tables can count it.
	TrustedKeys bool

	// Official is the harness's own verdict when the episode carried one: -1 none,
	// 0 false, 1 true.
	Official int8

	// Usage is the episode's reported cost, tokens and wall time (Usage.Known says which).
	Usage Usage
}

// Verdict is the oracle's judgment of one episode, compact on purpose: analyses of a
// million episodes keep verdicts, never records. Its strings are interned ids (intern.go)
// and its booleans bits, so it holds no pointer but Detail, which is nil unless requested.
// The policy is not part of it: a verdict slice belongs to one policy (analysis.Scored,
// analysis.Release), and policies with the same settings share one slice.
// Read it through its accessors, or whole as Fields.
type Verdict struct {
	ep        episodeRef // run id and usage; checked against Release (intern.go)
	tools     uint64     // here, 8-aligned, so that the struct has no padding
	cfg       uint32     // cfgKey: config, model, harness
	cas       uint32     // caseKey: case id, base id, domain
	condition sym
	status    sym
	reason    sym
	outcome   sym
	canonical sym
	failure   sym

	repeat, firstAttempt, executed int32
	protocol                       ingest.Protocol
	official                       int8
	flags                          vflag

	Detail *Detail // nil unless requested
}

// vflag packs a verdict's booleans (room for more: 16 bits).
type vflag uint16

const (
	fExcluded vflag = 1 << iota
	fStatic
	fECS
	fAttempted
	fCompleteAtFirst
	fCoverageComplete
	fMissingAtCheckpoint
	fEmptyOutcome
	fTrustedKeys
)

func (f *vflag) set(bit vflag, on bool) {
	if on {
		*f |= bit
	} else {
		*f &^= bit
	}
}

// Verdict interns the fields into a compact verdict (without Detail).
func (f Fields) Verdict() Verdict {
	v := f.identity()
	v.setResult(&f, nil)
	return v
}

// identity interns what comes from the episode (the same under every policy).
func (f *Fields) identity() Verdict {
	return f.identityWith(f.labels())
}

// idLabels are the interned ids of an identity's labels.
type idLabels struct {
	cfg, cas         uint32
	condID, statusID sym
}

// labels interns f's identity labels.
func (f *Fields) labels() *idLabels {
	return &idLabels{cfg: internCfg(f.Config, f.Model, f.Harness), cas: internCase(f.CaseID, f.BaseCaseID, f.Domain),
		condID: internLabel(f.Condition), statusID: internLabel(f.Status)}
}

// identityWith is identity with its labels already interned.
func (f *Fields) identityWith(k *idLabels) Verdict {
	return Verdict{
		ep:           storeEpisode(f.RunID, f.Usage),
		cfg:          k.cfg,
		cas:          k.cas,
		condition:    k.condID,
		status:       k.statusID,
		repeat:       int32(f.Repeat),
		firstAttempt: -1,
		protocol:     f.Protocol,
		official:     f.Official,
	}
}

// setResult sets what the scoring decided, interning its labels through lc (may be nil).
func (v *Verdict) setResult(f *Fields, lc *labelCache) {
	v.reason = lc.intern(f.ExclusionReason)
	v.outcome = lc.intern(f.Outcome)
	v.canonical = lc.intern(f.CanonicalOutcome)
	v.failure = lc.intern(f.FailureType)
	v.firstAttempt = int32(f.FirstAttemptIndex)
	v.executed = int32(f.ExecutedCommits)
	v.tools = f.ToolsBeforeAttempt
	v.flags = 0
	v.flags.set(fExcluded, f.Excluded)
	v.flags.set(fStatic, f.Static)
	v.flags.set(fECS, f.ECS)
	v.flags.set(fAttempted, f.Attempted)
	v.flags.set(fCompleteAtFirst, f.CompleteAtFirstAttempt)
	v.flags.set(fCoverageComplete, f.CoverageComplete)
	v.flags.set(fMissingAtCheckpoint, f.MissingAtCheckpoint)
	v.flags.set(fEmptyOutcome, f.EmptyOutcome)
	v.flags.set(fTrustedKeys, f.TrustedKeys)
}

// Release gives the run id and usage of v's episode back to the process-wide tables
// (intern.go), for later episodes to reuse: a stream that writes its verdicts and keeps
// none (analysis.ScoreChunked) then holds those of the episodes in flight only. Only a
// stream needs it: a verdict that is never released stays valid for the life of the
// process. An episode's verdicts under several policies share the run id and usage
// (Prepared.Identity): release one of them, once. v itself then reads as having neither;
// any copy of it, and the episode's other verdicts, panic when their run id or usage is
// read or released (the lifetime is checked: a stale read never returns a later
// episode's values). A string read before stays valid.
func (v *Verdict) Release() {
	v.ep.release()
	v.ep = episodeRef{}
}

// Fields returns the verdict in readable form.
func (v *Verdict) Fields() Fields {
	f := v.resultFields()
	f.RunID, f.Config, f.Model, f.Harness = v.RunID(), v.Config(), v.Model(), v.Harness()
	f.CaseID, f.BaseCaseID, f.Domain = v.CaseID(), v.BaseCaseID(), v.Domain()
	f.Condition, f.Status, f.Usage = v.Condition(), v.Status(), v.Usage()
	return f
}

// resultFields is Fields without the identity labels and usage (left empty): what scoring
// reads and sets. Those are interned ids, and reading them back costs lookups in the
// shared tables (some of them cold) that scoring never uses.
func (v *Verdict) resultFields() Fields {
	return Fields{Protocol: v.protocol, Repeat: v.Repeat(), Excluded: v.Excluded(),
		ExclusionReason: v.ExclusionReason(), Static: v.Static(), ECS: v.ECS(), Outcome: v.Outcome(),
		CanonicalOutcome: v.CanonicalOutcome(), FailureType: v.FailureType(), Attempted: v.Attempted(),
		FirstAttemptIndex: v.FirstAttemptIndex(), CompleteAtFirstAttempt: v.CompleteAtFirstAttempt(),
		CoverageComplete: v.CoverageComplete(), MissingAtCheckpoint: v.MissingAtCheckpoint(),
		ExecutedCommits: v.ExecutedCommits(), ToolsBeforeAttempt: v.tools, Official: v.official,
		EmptyOutcome: v.EmptyOutcome(), TrustedKeys: v.TrustedKeys()}
}

func (v *Verdict) RunID() string      { return v.ep.load().run }
func (v *Verdict) Config() string     { return cfgKeys.get(v.cfg).config.String() }
func (v *Verdict) Model() string      { return cfgKeys.get(v.cfg).model.String() }
func (v *Verdict) Harness() string    { return cfgKeys.get(v.cfg).harness.String() }
func (v *Verdict) CaseID() string     { return caseKeys.get(v.cas).id.String() }
func (v *Verdict) BaseCaseID() string { return caseKeys.get(v.cas).base.String() }
func (v *Verdict) Domain() string     { return caseKeys.get(v.cas).domain.String() }
func (v *Verdict) Condition() string  { return v.condition.String() }
func (v *Verdict) Status() string     { return v.status.String() }

// ExclusionReason is the status, for excluded episodes ("" when scored).
func (v *Verdict) ExclusionReason() string    { return v.reason.String() }
func (v *Verdict) Outcome() string            { return v.outcome.String() }
func (v *Verdict) CanonicalOutcome() string   { return v.canonical.String() }
func (v *Verdict) FailureType() string        { return v.failure.String() }
func (v *Verdict) Protocol() ingest.Protocol  { return v.protocol }
func (v *Verdict) Repeat() int                { return int(v.repeat) }
func (v *Verdict) FirstAttemptIndex() int     { return int(v.firstAttempt) }
func (v *Verdict) ExecutedCommits() int       { return int(v.executed) }
func (v *Verdict) ToolsBeforeAttempt() uint64 { return v.tools }
func (v *Verdict) Official() int8             { return v.official }

// Usage is the episode's reported usage (the zero Usage when it reported none).
func (v *Verdict) Usage() Usage { return usages.get(v.ep.load().usage) }

func (v *Verdict) Excluded() bool               { return v.flags&fExcluded != 0 }
func (v *Verdict) Static() bool                 { return v.flags&fStatic != 0 }
func (v *Verdict) ECS() bool                    { return v.flags&fECS != 0 }
func (v *Verdict) Attempted() bool              { return v.flags&fAttempted != 0 }
func (v *Verdict) CompleteAtFirstAttempt() bool { return v.flags&fCompleteAtFirst != 0 }
func (v *Verdict) CoverageComplete() bool       { return v.flags&fCoverageComplete != 0 }
func (v *Verdict) MissingAtCheckpoint() bool    { return v.flags&fMissingAtCheckpoint != 0 }

// EmptyOutcome: Outcome and CanonicalOutcome are the evaluator's empty string, not absent.
func (v *Verdict) EmptyOutcome() bool { return v.flags&fEmptyOutcome != 0 }

// TrustedKeys: the walk trusted the recorded evidence_delta_key (a deviation from the evaluator).
func (v *Verdict) TrustedKeys() bool { return v.flags&fTrustedKeys != 0 }

// ConfigKey, CaseKey and ConditionKey are the interned ids behind Config, CaseID and
// Condition: equal keys mean equal values, for grouping without comparing strings.
func (v *Verdict) ConfigKey() uint32    { return uint32(cfgKeys.get(v.cfg).config) }
func (v *Verdict) CaseKey() uint32      { return uint32(caseKeys.get(v.cas).id) }
func (v *Verdict) ConditionKey() uint32 { return uint32(v.condition) }

// CaseIdentityKey is the interned id of the case id, base case id and domain together:
// equal keys mean all three are equal, so a table indexed by it knows a verdict's base case
// and domain without reading the intern tables.
func (v *Verdict) CaseIdentityKey() uint32 { return v.cas }

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
	// ExtraEvent is the first event after a completed workflow (failure extra_event), -1
	// otherwise.
	ExtraEvent int
	// PreflightStop is, for a V0 record, the event of the agent's read at which the hidden
	// DAG preflight stopped without a gate (a read without frozen evidence, an invalid
	// read, a bad call id), so that it derived no stop label; -1 otherwise. The V0 walk
	// itself reads every event, so EndEvent stays -1. PreflightStopReason is why: the
	// invalid read's reason, else the preflight's outcome code.
	PreflightStop       int
	PreflightStopReason string
	// OfficialTask: the case has action rules and no gold workflow, so whether the task was
	// done is the episode's official verdict (the benchmark's own check).
	OfficialTask bool

	mem *detailMem // the buffers it was built in, for Recycle; nil when not the oracle's
}

// Checkpoint is one action's gate.
type Checkpoint struct {
	EventIndex int
	CallID     string
	Tool       string
	CommitID   string // matched commit, "" when none
	// Target is what the action acts on, as the walk identifies it: the commit its
	// arguments match ("commit issue_refund"; V1's "commit key_action"), or for a write of
	// action rules the entity of its first entity read bound to an argument ("reservation
	// IFOYYZ"); "" when the walk identifies none (arguments that match no commit, a write
	// whose rules bind no argument). Two episodes' actions compare by it (the viewer's A/B
	// page). Detail only.
	Target        string
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
	// Step is, for a MISSING requirement that names a workflow step's postcondition, that
	// step: what the gate lacked is the step's completion, not a read. Not written out.
	Step string
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
