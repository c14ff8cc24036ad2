package view

import (
	"fmt"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// Collector encodes the episodes while they are scored (analysis.ScoreOptions.Each, with
// DetailFirst), for a viewer written once the tables exist: the report reads and scores
// its input once instead of reading it again for the episode pages. The encoding is the
// one Input.Episodes gives, so the page's bytes are the same either way.
type Collector struct {
	cases    []Case
	policies []string
	e        *encoder
}

// NewCollector prepares the encoding of episodes on cases scored under policies (the
// main one first), as Write will show them.
func NewCollector(cases []*casespec.Case, policies []oracle.Policy) (*Collector, error) {
	c := &Collector{}
	for _, p := range policies {
		c.policies = append(c.policies, p.Name)
	}
	for _, cs := range cases {
		c.cases = append(c.cases, CaseOf(cs))
	}
	e, err := newEncoder(&Input{Cases: c.cases, Policies: c.policies})
	if err != nil {
		return nil, err
	}
	c.e = e
	return c, nil
}

// Add encodes a batch of episodes with their verdicts per policy ([policy][i]); the main
// policy's carry their Detail (DetailFirst).
func (c *Collector) Add(eps []*ingest.Episode, vs [][]oracle.Verdict) error {
	if len(vs) != len(c.policies) {
		return fmt.Errorf("view: %d verdict lists for %d policies", len(vs), len(c.policies))
	}
	for i, ep := range eps {
		for pi, p := range c.policies {
			if i >= len(vs[pi]) || vs[pi][i].RunID() != ep.RunID {
				return fmt.Errorf("view: policy %s was not scored on every episode (run %s)", p, ep.RunID)
			}
		}
		others := make([]Outcome, 0, len(vs)-1)
		for _, pv := range vs[1:] {
			others = append(others, outcomeOf(&pv[i]))
		}
		if err := c.e.add(episodeOf(ep, vs[0][i], others)); err != nil {
			return err
		}
	}
	return nil
}

// outcomeOf is what the viewer shows of a verdict under a policy other than the main one.
func outcomeOf(v *oracle.Verdict) Outcome {
	return Outcome{Excluded: v.Excluded(), ECS: v.ECS(), Outcome: v.Outcome(), FailureType: v.FailureType()}
}

// episodeOf is one episode as the viewer shows it: its record (whose events the encoder
// reads; see Episode.record) and a static judgment's decision, the main verdict with its detail, the others' outcomes.
func episodeOf(ep *ingest.Episode, main oracle.Verdict, others []Outcome) *Episode {
	ve := &Episode{RunID: ep.RunID, Config: ep.Config, CaseID: ep.CaseID, Repeat: ep.Repeat, Condition: ep.Condition,
		Main: main, Others: others}
	if ep.Record != nil {
		ve.record = ep.Record
		if dec, ok := ep.Record.Get("decision"); ok && main.Static() {
			ve.Decision = jsonv.PyStr(dec)
		}
	}
	return ve
}
