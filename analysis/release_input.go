package analysis

import (
	"slices"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// releaseInput is what a Release is built from, gathered as one policy's verdicts arrive
// in input order: their records, the costs summed over them in that order (records keep
// no usage), and the runs a table lists (records keep no run id).
type releaseInput struct {
	parts  [][]Record // per batch, joined once (records)
	costs  costSums
	listed []ListedRun
	// agg, when set, keeps aggregate records instead of parts (release_aggregate.go).
	agg *aggregator
	// keep: records copies the batches instead of taking them (Scored.Keep).
	keep bool
}

// ListedRun is an episode a table lists by run, with what the listing prints of its
// verdict (Release.OfficialPassedUnauthorized).
type ListedRun struct {
	RunID, Config, CaseID, Outcome string
	Repeat, FirstAttemptIndex      int
	ExecutedCommits                int
	// Unauthorized is the first write that was not authorized, where the chain broke;
	// known (UnauthorizedKnown) when the episode was scored here or its verdict carries
	// detail, not from a verdicts file without it.
	Unauthorized      oracle.UnauthorizedWrite
	UnauthorizedKnown bool
}

// add converts a batch of verdicts (in input order) through c, and appends to ecs the
// ECS of the main condition's scored interactive episodes among them (lostCounts).
// unauth holds the first unauthorized write of the listed ones, by index (may be nil:
// then a verdict's detail, when it has one, gives it).
func (in *releaseInput) add(c *recorder, vs []oracle.Verdict, unauth map[int]oracle.UnauthorizedWrite, ecs []bool) []bool {
	var recs []Record
	if in.agg == nil {
		recs = make([]Record, len(vs))
	}
	var one Record
	for i := range vs {
		v := &vs[i]
		r := &one
		if recs != nil {
			r = &recs[i]
		}
		*r = c.record(v)
		in.costs.add(r, v.Usage())
		if in.agg != nil {
			in.agg.add(r)
		}
		if !isMainRecord(r) {
			continue
		}
		ecs = append(ecs, r.ECS())
		if passedUnauthorized(r) {
			l := ListedRun{RunID: v.RunID(), Config: v.Config(), CaseID: v.CaseID(), Outcome: v.Outcome(),
				Repeat: v.Repeat(), FirstAttemptIndex: v.FirstAttemptIndex(), ExecutedCommits: v.ExecutedCommits()}
			l.Unauthorized, l.UnauthorizedKnown = unauth[i]
			if !l.UnauthorizedKnown {
				l.Unauthorized, l.UnauthorizedKnown = oracle.FirstUnauthorized(v.Detail)
			}
			in.listed = append(in.listed, l)
		}
	}
	if recs != nil {
		in.parts = append(in.parts, recs)
	}
	return ecs
}

// records joins the batches and drops them, unless the input is kept: then each call
// returns a copy of its own, since a release reorders its records (groupCells). An
// aggregated input gives its aggregate records (and drops their index).
func (in *releaseInput) records() []Record {
	if in.agg != nil {
		in.agg.at = nil
		if in.keep {
			return slices.Clone(in.agg.records)
		}
		out := slices.Clip(in.agg.records)
		in.agg.records = nil
		return out
	}
	out := slices.Clip(slices.Concat(in.parts...))
	if !in.keep {
		in.parts = nil
	}
	return out
}

// firsts are the records a release takes its configurations, conditions and harnesses
// from, in input order: every record (vs, what records gave), or an aggregated input's
// first record of each configuration and condition.
func (in *releaseInput) firsts(vs []Record) []Record {
	if in.agg != nil {
		return in.agg.firsts
	}
	return vs
}

// isMainRecord: a scored interactive episode of the main condition (Release.Main).
func isMainRecord(v *Record) bool {
	return !v.Excluded() && !isStaticJudgment(v) && v.Condition() == ingest.DefaultCondition
}

// recording converts verdicts, a stretch of input at a time, to release inputs: Score's
// batches (ScoreOptions.Records) and a scored release's verdicts (NewScoredRelease), with
// the episodes each policy loses against each other (lostCounts).
type recording struct {
	inputs []*releaseInput // nil for a policy that shares another's verdicts
	convs  []*recorder
	lost   *lostCounts
	ecs    [][]bool // each policy's main ECS of the stretch being added
}

// newRecording converts the verdicts of the policies of owner (owner[pi] is the policy
// whose verdicts pi shares, pi itself when it has its own); with aggregate, each keeps
// aggregate records, full ones where every table reads the release (fullAggregates).
func newRecording(pols []oracle.Policy, owner []int, aggregate bool) *recording {
	n := len(owner)
	r := &recording{inputs: make([]*releaseInput, n), convs: make([]*recorder, n), lost: newLostCounts(n), ecs: make([][]bool, n)}
	full := fullAggregates(pols, owner)
	for pi, o := range owner {
		if o == pi {
			r.inputs[pi], r.convs[pi] = &releaseInput{}, newRecorder()
			if aggregate {
				r.inputs[pi].agg = newAggregator(full[pi])
			}
		}
	}
	return r
}

// fullAggregates says which policies keep full aggregates (every record, with its
// repeats) when they aggregate, the others keeping their main condition's alone: the
// first, which every table reads, and the policy comparison's baseline (baselineOf),
// which the figures read whole; each through the policy whose verdicts it shares.
func fullAggregates(pols []oracle.Policy, owner []int) []bool {
	full := make([]bool, len(owner))
	if len(owner) > 0 {
		full[owner[0]], full[owner[baselineOf(pols)]] = true, true
	}
	return full
}

// add converts one stretch of verdicts ([policy][i], in input order) of every policy that
// has its own.
func (r *recording) add(out [][]oracle.Verdict, unauth []map[int]oracle.UnauthorizedWrite) {
	for pi, in := range r.inputs {
		if in != nil {
			var u map[int]oracle.UnauthorizedWrite
			if unauth != nil {
				u = unauth[pi]
			}
			r.ecs[pi] = in.add(r.convs[pi], out[pi], u, r.ecs[pi][:0])
		}
	}
	r.lost.add(r.ecs)
}
