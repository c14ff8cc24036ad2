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
func (r *Release) Unranked() []string { return r.UnrankedIn(DomainFilter{}) }

// UnrankedIn is Unranked within f: the configurations f asks for (all when it names none)
// without scored main-condition episodes in its domains and protocols, which the domains
// table, built on f, leaves out.
func (r *Release) UnrankedIn(f DomainFilter) []string {
	keepDomain, keepConfig := setOf(f.Domains), setOf(f.Configs)
	var keepProto [ingest.NumProtocols]bool
	for _, p := range f.Protocols {
		if p < ingest.NumProtocols {
			keepProto[p] = true
		}
	}
	var t *unitTable
	if keepDomain != nil {
		t = r.unitTable()
	}
	den := make([]int, len(r.configs))
	for i := range r.main {
		v := &r.main[i]
		if len(f.Protocols) > 0 && (v.Protocol() >= ingest.NumProtocols || !keepProto[v.Protocol()]) {
			continue
		}
		if keepDomain != nil {
			if d := t.domainOf(v); d < 0 || !keepDomain[r.domains[d]] {
				continue
			}
		}
		if j := r.configOf(v); j >= 0 {
			den[j] += v.weight()
		}
	}
	var out []string
	for j, n := range den {
		if n == 0 && (keepConfig == nil || keepConfig[r.configs[j]]) {
			out = append(out, r.configs[j])
		}
	}
	return out
}

// Shortfall is a configuration whose scored main-condition episodes cover fewer cases than
// the configurations' together: its ECS, macro averages and rank rest on its own cases,
// not on the cases the others are scored on.
type Shortfall struct {
	Config string
	Cases  int // cases it has a scored main-condition episode of
	Of     int // cases some configuration has one of
	// Missing says, per protocol (in protocol order), why it lacks cases another
	// configuration scored: not run, or run with every episode excluded.
	Missing []Missing
}

// Missing is what one configuration lacks of one protocol's cases that another
// configuration scored.
type Missing struct {
	Protocol ingest.Protocol
	NotRun   int  // cases it has no main-condition episode of
	Excluded int  // cases it ran whose every main-condition episode was excluded
	None     bool // it scored no case of the protocol
}

// FewerCases lists, in Configs order, the configurations with scored main-condition
// episodes whose cases are fewer than all configurations' together: a configuration that
// ran some protocols only, or whose every episode of some cases was excluded. The
// configurations without any (Unranked) are not listed.
func (r *Release) FewerCases() []Shortfall {
	// seen[j][k]: configuration j scored the case of identity k (ids are small and dense);
	// any[k]: some configuration did, protoOf[k] its protocol.
	seen := make([][]bool, len(r.configs))
	var any []bool
	var protoOf []ingest.Protocol
	for i := range r.main {
		v := &r.main[i]
		j := r.configOf(v)
		if j < 0 || v.weight() == 0 {
			continue
		}
		k := int(v.CaseIdentityKey())
		seen[j] = growTo(seen[j], k)
		for len(any) <= k {
			any, protoOf = append(any, false), append(protoOf, 0)
		}
		seen[j][k], any[k], protoOf[k] = true, true, v.protocol
	}
	// ran[j][k]: configuration j has an excluded main-condition episode of case k, so a
	// case it did not score was run and excluded rather than not run.
	ran := make([][]bool, len(r.configs))
	for i := range r.Verdicts {
		v := &r.Verdicts[i]
		if !v.Excluded() || isStaticJudgment(v) || v.Condition() != ingest.DefaultCondition {
			continue
		}
		if j, k := r.configOf(v), int(v.CaseIdentityKey()); j >= 0 && k < len(any) && any[k] {
			ran[j] = growTo(ran[j], k)
			ran[j][k] = true
		}
	}
	of, all := countCases(any, protoOf)
	var out []Shortfall
	for j, s := range seen {
		n, mine := countCases(s, protoOf)
		if n == 0 || n == of {
			continue
		}
		x := Shortfall{Config: r.configs[j], Cases: n, Of: of}
		var miss [ingest.NumProtocols]Missing
		for k, ok := range any {
			if !ok || (k < len(s) && s[k]) || int(protoOf[k]) >= ingest.NumProtocols {
				continue
			}
			if k < len(ran[j]) && ran[j][k] {
				miss[protoOf[k]].Excluded++
			} else {
				miss[protoOf[k]].NotRun++
			}
		}
		for p, m := range miss {
			if m.NotRun+m.Excluded > 0 {
				m.Protocol, m.None = ingest.Protocol(p), all[p] > 0 && mine[p] == 0
				x.Missing = append(x.Missing, m)
			}
		}
		out = append(out, x)
	}
	return out
}

// growTo extends s with false to hold index k.
func growTo(s []bool, k int) []bool {
	for len(s) <= k {
		s = append(s, false)
	}
	return s
}

// countCases counts the cases marked in have, in all and per protocol (protoOf[k] is case
// k's).
func countCases(have []bool, protoOf []ingest.Protocol) (n int, per [ingest.NumProtocols]int) {
	for k, ok := range have {
		if ok {
			n++
			if p := protoOf[k]; int(p) < ingest.NumProtocols {
				per[p]++
			}
		}
	}
	return n, per
}
