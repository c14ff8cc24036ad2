package analysis

import (
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// ScoreTally is what score's summary reports, accumulated as the verdicts stream by, so
// that a streaming score keeps no verdict: the counts, and per policy ECS overall and by
// protocol, the harness's own rate and the agreement with its verdicts. Its memory is
// O(policies) plus the disagreements (each listed in the summary), whatever the input size.
type ScoreTally struct {
	Policies []oracle.Policy
	Counts   Counts
	Policy   []PolicyTally // one per policy, in order
}

// PolicyTally is one policy's part of a ScoreTally.
type PolicyTally struct {
	ECS        Rate // every scored episode, every condition, static judgments included
	ByProtocol [ingest.NumProtocols]Rate
	Official   Rate // the harness's own verdicts, over the scored episodes that carry one
	Static     int  // the scored static judgments among ECS's episodes
	agree      agreeCounts
}

// NewScoreTally starts an empty tally of the policies.
func NewScoreTally(pols []oracle.Policy) *ScoreTally {
	return &ScoreTally{Policies: pols, Counts: Counts{Excluded: map[string]int{}}, Policy: make([]PolicyTally, len(pols))}
}

// TallyOf tallies every verdict of s at once.
func TallyOf(s *Scored) *ScoreTally {
	t := NewScoreTally(s.Policies)
	t.Add(s.Verdicts)
	return t
}

// Add tallies a batch of episodes: vs[pi] under the pi-th policy, every policy on every
// episode (the first gives the counts). Verdicts are read, not kept, but for a copy
// (without detail) of each disagreement with the harness.
func (t *ScoreTally) Add(vs [][]oracle.Verdict) {
	c := CountsOf(vs[0])
	t.Counts.Read += c.Read
	t.Counts.Scored += c.Scored
	t.Counts.Trusted += c.Trusted
	for r, n := range c.Excluded {
		t.Counts.Excluded[r] += n
	}
	for pi := range t.Policy {
		p := &t.Policy[pi]
		for i := range vs[pi] {
			v := &vs[pi][i]
			if v.Excluded() {
				continue
			}
			p.ECS.Add(v.ECS())
			if v.Static() {
				p.Static++
			}
			p.ByProtocol[v.Protocol()].Add(v.ECS())
			addOfficial(&p.Official, v)
			if p.agree.add(v, int(v.Official())) {
				cp := *v
				cp.Detail = nil
				p.agree.dis = append(p.agree.dis, &cp)
			}
		}
	}
}

// Agreement is the policy's agreement with the harness's own verdicts (AgreeWithOfficial
// on every verdict tallied).
func (p *PolicyTally) Agreement() (Agreement, error) { return p.agree.agreement() }

// Disagrees reports whether v is a disagreement with the harness's own verdict, one that
// a ScoreTally keeps (and so whose run id must stay readable).
func Disagrees(v *oracle.Verdict) bool {
	return !v.Excluded() && v.Official() >= 0 && (v.Official() == 1) != v.ECS()
}
