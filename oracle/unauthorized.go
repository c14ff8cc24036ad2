package oracle

import "github.com/sabench/sabench-stats/ingest"

// UnauthorizedWrite is the first write of an action-rules episode whose gate did not ALLOW
// it: where its chain broke (BrokeAt), with the tool and the requirements it lacked, as
// explain and score --detail give them. A listing of episodes the benchmark passed
// although a write was not authorized shows it, not the first write, which may well have
// been authorized (τ-bench airline task 26 trial 0: the first write at event 8, the
// unauthorized one at 16).
type UnauthorizedWrite struct {
	Event   int
	Tool    string
	Missing []string // ids of the requirements MISSING at it, in the rules' order
}

// FirstUnauthorized is d's first write whose gate did not ALLOW it; false when d is nil or
// every write was allowed.
func FirstUnauthorized(d *Detail) (UnauthorizedWrite, bool) {
	if d == nil || !d.OfficialTask {
		return UnauthorizedWrite{}, false
	}
	for _, cp := range d.Checkpoints {
		if cp.Gate == GateAllow || cp.EventIndex < 0 {
			continue
		}
		w := UnauthorizedWrite{Event: cp.EventIndex, Tool: cp.Tool}
		for _, r := range cp.Requirements {
			if r.Status == StatusMissing {
				w.Missing = append(w.Missing, r.ID)
			}
		}
		return w, true
	}
	return UnauthorizedWrite{}, false
}

// PassedUnauthorized gives, for v, ep's verdict under pol on this case, the first
// unauthorized write when the case has action rules and the benchmark passed the episode
// although a write was not authorized; false otherwise. v is scored without detail, so
// such an episode (few of them) is scored again with it.
func (p *Prepared) PassedUnauthorized(ep *ingest.Episode, pol Policy, v *Verdict) (UnauthorizedWrite, bool) {
	if p.rules == nil || v.Excluded() || v.Official() != 1 || !v.MissingAtCheckpoint() {
		return UnauthorizedWrite{}, false
	}
	if v.Detail != nil {
		return FirstUnauthorized(v.Detail)
	}
	w := p.Score(ep, pol, true)
	defer w.Release()
	return FirstUnauthorized(w.Detail)
}
