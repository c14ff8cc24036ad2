package oracle

import (
	"sync"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// The delta keys' arguments are parsed when a walk first needs them (deltasOf): the first
// use of a prepared case may be by several goroutines at once, and their verdicts are
// those of a case already warm. Run with -race.
func TestConcurrentFirstScore(t *testing.T) {
	// The cases' reference episodes, with each call's arguments repeated as its resolved
	// arguments: the resolution is then checked against the rules' and the deltas' keys.
	preps, eps := benchWorkload(t)
	for i, ep := range eps {
		c := *ep
		c.Record = ep.Record.DeepCopy()
		l, _ := c.Record.List("events")
		for _, e := range l {
			if o, ok := e.(*jsonv.Object); ok {
				if a, ok := o.Get("arguments"); ok {
					o.Set("resolved_arguments", a)
				}
			}
		}
		eps[i] = &c
	}
	want := make([]Verdict, len(eps))
	for i := range eps {
		want[i] = preps[i].Score(eps[i], SafeAct, false)
	}
	parsed := 0
	for round := 0; round < 20; round++ {
		// Fresh preparations of the same cases, first used by four goroutines at once.
		fresh := map[*Prepared]*Prepared{}
		cold := make([]*Prepared, len(preps))
		for i, p := range preps {
			if fresh[p] == nil {
				fresh[p] = prepare(t, p.c)
			}
			cold[i] = fresh[p]
		}
		var wg, ready sync.WaitGroup
		start := make(chan struct{})
		bad := make([]bool, 4)
		ready.Add(len(bad))
		for g := range bad {
			wg.Go(func() {
				ready.Done()
				<-start
				for i := range eps {
					if v := cold[i].Score(eps[i], SafeAct, false); v.Fields() != want[i].Fields() {
						bad[g] = true
					}
				}
			})
		}
		ready.Wait()
		close(start)
		wg.Wait()
		for g, b := range bad {
			if b {
				t.Fatalf("round %d, goroutine %d: a verdict differs from the warm case's", round, g)
			}
		}
		for _, p := range fresh {
			if p.deltaByTool != nil {
				parsed++
			}
		}
	}
	if parsed == 0 {
		t.Error("no case's delta keys were parsed: the test does not reach deltasOf")
	}
}
