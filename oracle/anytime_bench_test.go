package oracle

import (
	"fmt"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// BenchmarkAnytimeLongEpisode scores SAB-V2-001's reference episode with n reads (copies of
// its first read, each its own call) after its last step, under timing=anytime (each gate
// looks ahead over every event after it) and before. A gate runs once per step at most (a
// gate that does not allow ends the walk), so the lookahead costs steps × events, linear
// in the events: ns/op at n = 10,000 is about ten times n = 1,000 (docs/evaluator-rules.md).
func BenchmarkAnytimeLongEpisode(b *testing.B) {
	c := loadCase(b, "SAB-V2-001")
	p := prepare(b, c)
	ref := reference(b, c)
	var read *jsonv.Object
	for _, e := range events(ref) {
		if o, ok := e.(*jsonv.Object); !ok {
			continue
		} else if t, _ := o.String("type"); t == "INFO_CALL" {
			read = o
			break
		}
	}
	if read == nil {
		b.Fatal("no read in the reference episode")
	}
	late := SafeAct
	late.Name, late.Timing = "late", TimingAnytime
	for _, n := range []int{1000, 10000} {
		evs := copyEvents(ref)
		for i := 0; i < n; i++ {
			r := jsonv.DeepCopy(read).(*jsonv.Object)
			r.Set("call_id", fmt.Sprintf("late_%05d", i))
			evs = append(evs, r)
		}
		ep := withEvents(ref, evs)
		for _, pol := range []Policy{late, SafeAct} {
			b.Run(fmt.Sprintf("%s/%d", pol.Timing, n), func(b *testing.B) {
				v := p.Score(ep, pol, false)
				b.Logf("outcome %s", v.Outcome())
				v.Release()
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					v := p.Score(ep, pol, false)
					v.Release()
				}
			})
		}
	}
}
