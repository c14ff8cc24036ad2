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
	// keep: records copies the batches instead of taking them (Scored.Keep).
	keep bool
}

// ListedRun is an episode a table lists by run, with what the listing prints of its
// verdict (Release.OfficialPassedUnauthorized).
type ListedRun struct {
	RunID, Config, CaseID, Outcome string
	Repeat, FirstAttemptIndex      int
	ExecutedCommits                int
}

// add converts a batch of verdicts (in input order) through c.
func (in *releaseInput) add(c *recorder, vs []oracle.Verdict) {
	recs := make([]Record, len(vs))
	for i := range vs {
		v := &vs[i]
		recs[i] = c.record(v)
		r := &recs[i]
		in.costs.add(r, v.Usage())
		if isMainRecord(r) && passedUnauthorized(r) {
			in.listed = append(in.listed, ListedRun{RunID: v.RunID(), Config: v.Config(), CaseID: v.CaseID(), Outcome: v.Outcome(),
				Repeat: v.Repeat(), FirstAttemptIndex: v.FirstAttemptIndex(), ExecutedCommits: v.ExecutedCommits()})
		}
	}
	in.parts = append(in.parts, recs)
}

// records joins the batches and drops them, unless the input is kept: then each call
// returns a copy of its own, since a release reorders its records (groupCells).
func (in *releaseInput) records() []Record {
	out := slices.Clip(slices.Concat(in.parts...))
	if !in.keep {
		in.parts = nil
	}
	return out
}

// isMainRecord: a scored interactive episode of the main condition (Release.Main).
func isMainRecord(v *Record) bool {
	return !v.Excluded() && !isStaticJudgment(v) && v.Condition() == ingest.DefaultCondition
}

// inputOf gathers a release's input from verdicts in input order.
func inputOf(vs []oracle.Verdict) *releaseInput {
	in := &releaseInput{}
	in.add(newRecorder(), vs)
	return in
}

// recording is Score's conversion of the batches to release inputs
// (ScoreOptions.Records), with the first policy's counts.
type recording struct {
	pl     *scorePlan
	inputs []*releaseInput
	convs  []*recorder
	counts Counts
}

func newRecording(pl *scorePlan) *recording {
	r := &recording{pl: pl, inputs: make([]*releaseInput, len(pl.kind)), convs: make([]*recorder, len(pl.kind)),
		counts: Counts{Excluded: map[string]int{}}}
	for pi, k := range pl.kind {
		if k != slotShare {
			r.inputs[pi], r.convs[pi] = &releaseInput{}, newRecorder()
		}
	}
	return r
}

// add converts one batch's verdicts ([policy][i]) of every policy that owns its slice,
// then gives the episodes' run ids and usages back (through the first policy's verdicts,
// which every episode has; the others' share them).
func (r *recording) add(out [][]oracle.Verdict) {
	for pi, in := range r.inputs {
		if in != nil {
			in.add(r.convs[pi], out[pi])
		}
	}
	for i := range out[0] {
		r.counts.add(&out[0][i])
		out[0][i].Release()
	}
}
