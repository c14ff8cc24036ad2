package analysis

import (
	"github.com/sabench/sabench-stats/ingest"
)

// DomainFilter narrows the domain cells; empty fields keep everything.
type DomainFilter struct {
	Protocols []ingest.Protocol
	Domains   []string
	Configs   []string
}

// Resolve checks the filter's names against the release, so that a typo is an error
// rather than an empty table: domains (from the cases) must match exactly; configuration
// names match case-insensitively (MatchName) and are replaced by the release's spelling.
// A value holding a comma is a name when one is so named, else a comma list (MatchNames).
func (f *DomainFilter) Resolve(r *Release) (err error) {
	if f.Domains, err = MatchNames("domain", f.Domains, r.Domains(), MatchExact); err != nil {
		return err
	}
	f.Configs, err = MatchNames("configuration", f.Configs, r.Configs(), MatchName)
	return err
}

// DomainCell is one configuration × domain's ECS per protocol (aligned with the
// protocols shown; nil where it has no episodes) and over those protocols together.
type DomainCell struct {
	Config, Domain string
	ByProtocol     []*Rate
	All            Rate
}

// DomainCells returns the protocols shown (all when the filter names none) and the cells
// with episodes, by configuration then domain in release order.
func (r *Release) DomainCells(f DomainFilter) ([]ingest.Protocol, []DomainCell) {
	protos := f.Protocols
	if len(protos) == 0 {
		for p := ingest.Legacy; p < ingest.NumProtocols; p++ {
			protos = append(protos, p)
		}
	}
	keepDomain, keepConfig := setOf(f.Domains), setOf(f.Configs)
	// Rates by configuration × domain × protocol position; only the release's domains
	// are shown.
	t := r.unitTable()
	const nP = int(ingest.NumProtocols)
	rates := make([]Rate, len(r.configs)*len(r.domains)*nP)
	at := func(c, d int, p ingest.Protocol) int { return (c*len(r.domains)+d)*nP + int(p) }
	for i := range r.main {
		v := &r.main[i]
		if d := t.domainOf(v); d >= 0 && int(v.Protocol()) < nP {
			rates[at(r.configOf(v), d, v.Protocol())].addN(v.ECS(), v.weight())
		}
	}
	var out []DomainCell
	for ci, c := range r.configs {
		if keepConfig != nil && !keepConfig[c] {
			continue
		}
		for di, d := range r.domains {
			if keepDomain != nil && !keepDomain[d] {
				continue
			}
			cell := DomainCell{Config: c, Domain: d}
			for _, p := range protos {
				var x *Rate // nil: no episodes
				if int(p) < nP && rates[at(ci, di, p)].Den > 0 {
					x = &rates[at(ci, di, p)]
				}
				cell.ByProtocol = append(cell.ByProtocol, x)
				if x != nil {
					cell.All.Num += x.Num
					cell.All.Den += x.Den
				}
			}
			if cell.All.Den > 0 {
				out = append(out, cell)
			}
		}
	}
	return protos, out
}

func setOf(xs []string) map[string]bool {
	if len(xs) == 0 {
		return nil
	}
	m := map[string]bool{}
	for _, x := range xs {
		m[x] = true
	}
	return m
}
