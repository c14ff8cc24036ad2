package view

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// Collector encodes the episodes as they are scored (analysis.ScoreOptions.Each, with
// DetailFirst), for a viewer written once the tables exist: the report reads and scores
// its input once instead of reading it again for the episode pages. The encoding is the
// one Input.Episodes gives, so the page's bytes are the same either way.
//
// Encoding is off the scoring path: Add only checks a batch and hands it, records and
// verdicts, to the Collector's own goroutine, which encodes in input order while the
// next batches are scored (a few batches in flight bound the records held); Finish waits
// for it. What the encoding keeps grows with the cases, not the episodes (encoder).
type Collector struct {
	cases    []Case
	policies []string
	binding  string // the main policy's binding switch
	// main is the main policy; under one that is not the baseline's settings, byID and
	// prepared (the encoding goroutine's alone) give the cases its episodes' policy lines
	// are scored on.
	main     oracle.Policy
	byID     map[string]*casespec.Case
	prepared map[string]*oracle.Prepared
	e        *encoder
	ready    chan struct{} // closed once cases hold what CaseOf takes from the specs

	start  sync.Once
	work   chan []*Episode
	done   chan struct{}
	failed atomic.Pointer[error] // the encoder's first error
	finish sync.Once
	closed atomic.Bool // Finish was called: Add is refused
}

// collectAhead is how many batches Add may hand over before it waits for the encoder.
const collectAhead = 4

// NewCollector prepares the encoding of episodes on cases scored under policies (the
// main one first), as Write will show them.
func NewCollector(cases []*casespec.Case, policies []oracle.Policy) (*Collector, error) {
	c := &Collector{ready: make(chan struct{})}
	for _, p := range policies {
		c.policies = append(c.policies, p.Name)
	}
	if len(policies) > 0 {
		c.binding, c.main = policies[0].Binding, policies[0]
		if !c.main.IsSafeAct() {
			c.byID, c.prepared = make(map[string]*casespec.Case, len(cases)), map[string]*oracle.Prepared{}
			for _, cs := range cases {
				c.byID[cs.ID] = cs
			}
		}
	}
	// The encoder is set up from the cases' ids, protocols and domains; the rest of each
	// case (CaseOf: its spec decoded, about a tenth of a second for the built-in release's
	// 721 cases) is filled in beside the first batches' scoring, and the encoding waits for
	// it (run, Finish).
	c.cases = make([]Case, len(cases))
	for i, cs := range cases {
		c.cases[i] = Case{ID: cs.ID, Protocol: cs.Protocol.Label(), Domain: cs.Domain}
	}
	e, err := newEncoder(&Input{Cases: c.cases, Policies: c.policies})
	if err != nil {
		return nil, err
	}
	c.e = e
	go func() {
		defer close(c.ready)
		for i, cs := range cases {
			c.cases[i] = CaseOf(cs)
		}
	}()
	return c, nil
}

// Add hands over a batch of episodes with their verdicts per policy ([policy][i]); the
// main policy's carry their Detail (DetailFirst), which Add takes: each is recycled
// (oracle.Detail.Recycle) once its episode is encoded, so the caller must not read it
// after. It returns the encoder's error, if one came from an earlier batch: scoring then
// stops.
func (c *Collector) Add(eps []*ingest.Episode, vs [][]oracle.Verdict) error {
	if err := c.failed.Load(); err != nil {
		return *err
	}
	if c.closed.Load() {
		return fmt.Errorf("view: Collector.Add after Finish")
	}
	if len(vs) != len(c.policies) {
		return fmt.Errorf("view: %d verdict lists for %d policies", len(vs), len(c.policies))
	}
	batch := make([]*Episode, len(eps))
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
		batch[i] = episodeOf(ep, vs[0][i], others)
	}
	c.start.Do(c.run)
	c.work <- batch
	return nil
}

// run starts the encoding goroutine. After an error it drains the batches unencoded, so
// that Add never blocks on it.
func (c *Collector) run() {
	c.work, c.done = make(chan []*Episode, collectAhead), make(chan struct{})
	go func() {
		defer close(c.done)
		c.waitCases()
		for batch := range c.work {
			if c.failed.Load() != nil {
				continue
			}
			for _, ep := range batch {
				c.policyLines(ep)
				if err := c.e.add(ep); err != nil {
					c.failed.Store(&err)
					break
				}
				// The encoder keeps none of the detail, only its strings: its memory goes to
				// the next episodes' scoring.
				if d := ep.Main.Detail; d != nil {
					ep.Main.Detail = nil
					d.Recycle()
				}
			}
		}
	}()
}

// policyLines fills ep.PolicyLines under a main policy other than the baseline, from the
// oracle as explain prints them (scoring the episode again under each switch set back), and
// lets the episode go.
func (c *Collector) policyLines(ep *Episode) {
	src := ep.src
	ep.src = nil
	if c.byID == nil || src == nil {
		return
	}
	p, ok := c.prepared[ep.CaseID]
	if !ok {
		// A case that cannot be prepared scored nothing: its verdicts carry no detail.
		if cs := c.byID[ep.CaseID]; cs != nil {
			p, _ = oracle.Prepare(cs)
		}
		c.prepared[ep.CaseID] = p
	}
	if p != nil {
		ep.PolicyLines = p.PolicyLines(src, c.main, ep.Main)
	}
}

// waitCases waits until the cases are complete (NewCollector); a Collector made
// with them complete has no ready channel.
func (c *Collector) waitCases() {
	if c.ready != nil {
		<-c.ready
	}
}

// Finish waits until every episode handed to Add is encoded and returns the encoder's
// error. Call it once scoring is over (whether or not it succeeded); later calls return
// the same.
func (c *Collector) Finish() error {
	c.finish.Do(func() {
		c.closed.Store(true)
		c.start.Do(func() {}) // no batch came: nothing runs
		c.waitCases()
		if c.work != nil {
			close(c.work)
			<-c.done
		}
	})
	if err := c.failed.Load(); err != nil {
		return *err
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
		Main: main, Others: others, Inspect: ep.Inspect, src: ep}
	if ep.Record != nil {
		ve.record = ep.Record.Object()
		if dec, ok := ep.Record.Get("decision"); ok && main.Static() {
			ve.Decision = jsonv.PyStr(dec)
		}
	}
	return ve
}
