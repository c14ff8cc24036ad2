package analysis

import (
	"github.com/sabench/sabench-stats/ingest"
)

// Sizes counts the base cases (variants left out) per protocol and domain (T1).
type Sizes struct {
	Domains  []string // the release's domains, in order
	ByProto  [ingest.NumProtocols]DomainCount
	Total    DomainCount
	Variants int // variant specs (interventions), not counted above
}

// DomainCount is a case count overall and per domain (aligned with Sizes.Domains).
type DomainCount struct {
	All      int
	ByDomain []int
}

// ProtocolSizes counts the release's base cases.
func (r *Release) ProtocolSizes() Sizes {
	s := Sizes{Domains: r.domains}
	dIndex := map[string]int{}
	for i, d := range r.domains {
		dIndex[d] = i
	}
	s.Total.ByDomain = make([]int, len(r.domains))
	for p := range s.ByProto {
		s.ByProto[p].ByDomain = make([]int, len(r.domains))
	}
	for _, c := range r.Cases {
		if c.Variant != "" {
			s.Variants++
			continue
		}
		d, ok := dIndex[c.Domain]
		if int(c.Protocol) < ingest.NumProtocols {
			s.ByProto[c.Protocol].All++
			if ok {
				s.ByProto[c.Protocol].ByDomain[d]++
			}
		}
		s.Total.All++
		if ok {
			s.Total.ByDomain[d]++
		}
	}
	return s
}

// ModelOf maps each configuration to its model.
func (r *Release) ModelOf() map[string]string {
	m := make(map[string]string, len(r.configs))
	done := make([]bool, len(r.configs))
	for i := range r.Verdicts {
		if j := r.configOf(&r.Verdicts[i]); !done[j] {
			done[j] = true
			m[r.Verdicts[i].Config()] = r.Verdicts[i].Model()
		}
	}
	return m
}

// Main returns the scored interactive episodes of the main condition (callers must not
// modify them).
func (r *Release) Main() []Record { return r.main }

// Unranked lists, in Configs order, the configurations without scored main-condition
// episodes (every one excluded, or only other conditions run): no ECS ranks them, so the
// leaderboards (T2, the policy comparison) leave them out and name them.
func (r *Release) Unranked() []string {
	den := make([]int, len(r.configs))
	for i := range r.main {
		if j := r.configOf(&r.main[i]); j >= 0 {
			den[j] += r.main[i].weight()
		}
	}
	var out []string
	for j, n := range den {
		if n == 0 {
			out = append(out, r.configs[j])
		}
	}
	return out
}
