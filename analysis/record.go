package analysis

import (
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// Record is what the tables read of one verdict: 32 bytes and no pointer, so that a
// release of a million episodes under five policy settings holds 160 MB the garbage
// collector never scans, where oracle.Verdict (72 bytes, with its Detail pointer, and the
// episode's run id and usage in the oracle's tables) held about 480 bytes per episode.
// Its labels are ids into process-wide, append-only tables (record_labels.go); the run id,
// the outcome, the first attempt's index and the usage are not kept (a release sums the
// costs as the verdicts arrive, and keeps whole verdicts only for the episodes a table
// lists by run: Release.OfficialPassedUnauthorized). Read it through its accessors, which
// are named as oracle.Verdict's; the repeat and the executed commits have none, since an
// aggregate holds other things in their place (Release.repeatsOf, committed).
//
// A record may also stand for several episodes alike (an aggregate: release_aggregate.go),
// which the tables that read it count as many times (weight).
type Record struct {
	cfg      uint32 // configuration, model and harness (recConfigs)
	cas      uint32 // case id, base case id and domain (recCases)
	cond     uint32 // condition (recLabels)
	ends     uint32 // exclusion reason and failure type (recEnds)
	tools    uint32 // the information tools called before the first attempt (recTools)
	repeat   int32  // the repeat; a full aggregate's repeat set (repeatSets), a lean one's -1
	executed int32  // for an aggregate, the episodes it stands for (weight)
	protocol ingest.Protocol
	official int8
	flags    recFlag
}

// recFlag packs a record's booleans.
type recFlag uint16

const (
	rExcluded recFlag = 1 << iota
	rStatic
	rECS
	rAttempted
	rCompleteAtFirst
	rCoverageComplete
	rMissingAtCheckpoint
	rAggregate
	rCommitted // executed a commit: what the tables read of ExecutedCommits (committed)
)

func (r *Record) Config() string     { return recConfigs.get(r.cfg).config }
func (r *Record) Model() string      { return recConfigs.get(r.cfg).model }
func (r *Record) Harness() string    { return recConfigs.get(r.cfg).harness }
func (r *Record) CaseID() string     { return recCases.get(r.cas).id }
func (r *Record) BaseCaseID() string { return recCases.get(r.cas).base }
func (r *Record) Domain() string     { return recCases.get(r.cas).domain }
func (r *Record) Condition() string  { return recLabels.get(r.cond) }

// ExclusionReason is the episode's status, for excluded episodes ("" when scored).
func (r *Record) ExclusionReason() string    { return recLabels.get(recEnds.get(r.ends)[0]) }
func (r *Record) FailureType() string        { return recLabels.get(recEnds.get(r.ends)[1]) }
func (r *Record) Protocol() ingest.Protocol  { return r.protocol }
func (r *Record) ToolsBeforeAttempt() uint64 { return recTools.get(r.tools) }
func (r *Record) Official() int8             { return r.official }

func (r *Record) Excluded() bool               { return r.flags&rExcluded != 0 }
func (r *Record) Static() bool                 { return r.flags&rStatic != 0 }
func (r *Record) ECS() bool                    { return r.flags&rECS != 0 }
func (r *Record) Attempted() bool              { return r.flags&rAttempted != 0 }
func (r *Record) CompleteAtFirstAttempt() bool { return r.flags&rCompleteAtFirst != 0 }
func (r *Record) CoverageComplete() bool       { return r.flags&rCoverageComplete != 0 }
func (r *Record) MissingAtCheckpoint() bool    { return r.flags&rMissingAtCheckpoint != 0 }

// committed reports whether the episode executed a commit (a verdict's ExecutedCommits >
// 0): what the tables read of the count, which an aggregate's executed field replaces with
// its weight.
func (r *Record) committed() bool { return r.flags&rCommitted != 0 }

// weight is the number of episodes the record stands for: 1, or an aggregate's count.
func (r *Record) weight() int {
	if r.flags&rAggregate != 0 {
		return int(r.executed)
	}
	return 1
}

// ConfigKey, CaseKey and ConditionKey are ids of the configuration name, the case id and
// the condition: equal keys mean equal values, for grouping without comparing strings.
// They follow arrival order, so no order is taken from them.
func (r *Record) ConfigKey() uint32    { return recConfigs.get(r.cfg).key }
func (r *Record) CaseKey() uint32      { return recCases.get(r.cas).key }
func (r *Record) ConditionKey() uint32 { return r.cond }

// CaseIdentityKey is the id of the case id, base case id and domain together: a table
// indexed by it knows a record's base case and domain without reading the label tables.
func (r *Record) CaseIdentityKey() uint32 { return r.cas }

// recorder converts verdicts to records, with caches in front of the shared label tables
// (a run of verdicts mostly repeats the last one's labels); for one goroutine.
type recorder struct {
	cfgs   map[cfgLabels]uint32
	cases  []uint32 // by the oracle's CaseIdentityKey, +1 (0: not seen)
	conds  []uint32 // by the oracle's ConditionKey, +1
	labels map[string]uint32
	ends   map[[2]uint32]uint32
	tools  map[uint64]uint32
	last   struct {
		ck         uint32
		model, har string
		cfg        uint32
		ok         bool
	}
}

func newRecorder() *recorder {
	return &recorder{cfgs: map[cfgLabels]uint32{}, labels: map[string]uint32{}, ends: map[[2]uint32]uint32{}, tools: map[uint64]uint32{}}
}

// record converts v.
func (c *recorder) record(v *oracle.Verdict) Record {
	r := Record{repeat: int32(v.Repeat()), executed: int32(v.ExecutedCommits()), protocol: v.Protocol(), official: v.Official()}
	r.cfg = c.config(v)
	r.cas = c.caseOf(v)
	r.cond = c.condition(v)
	r.ends = c.endsOf(c.label(v.ExclusionReason()), c.label(v.FailureType()))
	r.tools = c.toolsOf(v.ToolsBeforeAttempt())
	for _, b := range [...]struct {
		on  bool
		bit recFlag
	}{{v.Excluded(), rExcluded}, {v.Static(), rStatic}, {v.ECS(), rECS}, {v.Attempted(), rAttempted},
		{v.CompleteAtFirstAttempt(), rCompleteAtFirst}, {v.CoverageComplete(), rCoverageComplete},
		{v.MissingAtCheckpoint(), rMissingAtCheckpoint}, {v.ExecutedCommits() > 0, rCommitted}} {
		if b.on {
			r.flags |= b.bit
		}
	}
	return r
}

func (c *recorder) config(v *oracle.Verdict) uint32 {
	ck, model, har := v.ConfigKey(), v.Model(), v.Harness()
	if l := &c.last; l.ok && l.ck == ck && l.model == model && l.har == har {
		return l.cfg
	}
	id := cachedID(c.cfgs, cfgLabels{config: v.Config(), model: model, harness: har}, internConfig)
	c.last.ck, c.last.model, c.last.har, c.last.cfg, c.last.ok = ck, model, har, id, true
	return id
}

func (c *recorder) caseOf(v *oracle.Verdict) uint32 {
	k := v.CaseIdentityKey()
	if int(k) < len(c.cases) && c.cases[k] != 0 {
		return c.cases[k] - 1
	}
	id := internCase(caseLabels{id: v.CaseID(), base: v.BaseCaseID(), domain: v.Domain()})
	c.cases = setAt(c.cases, int(k), id+1)
	return id
}

func (c *recorder) condition(v *oracle.Verdict) uint32 {
	k := v.ConditionKey()
	if int(k) < len(c.conds) && c.conds[k] != 0 {
		return c.conds[k] - 1
	}
	id := c.label(v.Condition())
	c.conds = setAt(c.conds, int(k), id+1)
	return id
}

func (c *recorder) label(s string) uint32 {
	if s == "" {
		return 0
	}
	return cachedID(c.labels, s, internRecLabel)
}

// endsOf is the id of an exclusion reason and a failure type (label ids) together.
func (c *recorder) endsOf(reason, failure uint32) uint32 {
	k := [2]uint32{reason, failure}
	if k == ([2]uint32{}) {
		return 0
	}
	return cachedID(c.ends, k, func(k [2]uint32) uint32 { return recEnds.intern(k, same) })
}

// toolsOf is the id of a set of information-tool bits (few distinct ones per case).
func (c *recorder) toolsOf(bits uint64) uint32 {
	if bits == 0 {
		return 0
	}
	return cachedID(c.tools, bits, func(b uint64) uint32 { return recTools.intern(b, same) })
}

// cachedID is k's id, from the recorder's own map m when it has it: the shared tables
// behind intern take a lock.
func cachedID[K comparable](m map[K]uint32, k K, intern func(K) uint32) uint32 {
	id, ok := m[k]
	if !ok {
		id = intern(k)
		m[k] = id
	}
	return id
}

// setAt sets s[i] = x, growing s with zero values.
func setAt[T any](s []T, i int, x T) []T {
	if i >= len(s) {
		s = append(s, make([]T, i+1-len(s))...)
	}
	s[i] = x
	return s
}
