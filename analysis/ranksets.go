package analysis

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest/casespec"
)

// ConfigRanks is the leaderboard by overall main-condition ECS with simultaneous rank
// confidence sets (bootstrap.RankSets: the max-|t| procedure of Mogstad, Romano, Shaikh &
// Wilhelm 2024, as csranks computes it) from one case-paired (or cluster-paired) draw
// shared by every configuration. Slices are aligned with Configs.
type ConfigRanks struct {
	Configs []string
	// Rank is the competition rank by ECS (1 + configurations strictly better), the rank
	// LeaderboardRanks gives; 0 for a configuration without main episodes.
	Rank []int
	// Sets are the rank confidence sets; {0, 0} when none could be computed (no
	// episodes, zero resamples, fewer than two units).
	Sets []bootstrap.RankSet
	// Groups are the tie groups (configurations linked by overlapping rank sets, indexes
	// into Configs), best first; nil without sets.
	Groups [][]int
	// TooFew are the configurations (indexes into Configs) with episodes on fewer than two
	// units of their own: each keeps its rank but gets no set, since its ECS never varies
	// under resampling and a set would look certain; the others' sets leave room for it
	// anywhere (their upper bounds count it).
	TooFew []int
	Level  float64
	Units  int // resampled units (cases or clusters)
	Used   int // replicates used (those in which every configuration has an ECS)
	// Requested is the number of replicates drawn.
	Requested int
}

// Has reports whether configuration j has a rank set.
func (cr *ConfigRanks) Has(j int) bool { return cr.Sets[j].Lo > 0 }

// RankSets ranks this release's configurations (Configs order) by overall ECS.
func (r *Release) RankSets(o StatOptions) (*ConfigRanks, error) { return r.rankSetsOf(r, o) }

// rankKey caches the rank sets of a release's verdicts by what they depend on: the
// configurations ranked, in order, and the cases that name the units (their clusters).
// Which release's table numbers the units does not matter: a statistic takes its units in
// sorted order of their names whatever the numbers (units.go).
type rankKey struct {
	o       StatOptions
	configs string
	cases   **casespec.Case // the release's cases, as the slice's start and length:
	n       int             // the releases of one scoring share them
}

// rankSetsOf ranks base's configurations by the ECS of r's verdicts, once per options:
// T2, the policies table, the rank figure and the viewer's leaderboards all ask for them.
// Every policy draws the same resampled units (rankStream), so policies that score every
// episode alike get the same sets and two policies' sets differ only by their verdicts.
func (r *Release) rankSetsOf(base *Release, o StatOptions) (*ConfigRanks, error) {
	k := rankKey{o: o, configs: strings.Join(base.configs, "\x00"), n: len(base.Cases)}
	if k.n > 0 {
		k.cases = &base.Cases[0]
	}
	k.o.Workers = 0
	return cached(r, k, func() (*ConfigRanks, error) {
		return rankSets(base.configs, r.mainOf, base.unitIDs(o.Clustered), o, rankStream)
	})
}

// The streams of the policy-dependent statistics are named by the statistic alone, never by
// the policy: each policy's leaderboard is resampled from the same units (common random
// numbers), as a case-paired comparison across policies means.
const (
	rankStream        = "ranks"        // rank confidence sets
	policyDeltaStream = "policies"     // Δ ECS against the baseline, "/<configuration>"
	policyRankStream  = "policy_ranks" // τ-b and ρ against the baseline's leaderboard
)

// rankSets ranks the given configurations, each by the ECS of its verdicts. Every
// configuration's ECS is resampled from the same draw of units, so the replicates are
// paired as the procedure needs. A configuration without episodes gets no rank and
// takes no part in the sets of the others.
func rankSets(configs []string, of func(string) []Record, units *unitIDs, o StatOptions, stream string) (*ConfigRanks, error) {
	level := o.Level
	if level == 0 {
		level = bootstrap.DefaultLevel
	}
	cr := &ConfigRanks{Configs: configs, Rank: make([]int, len(configs)), Sets: make([]bootstrap.RankSet, len(configs)), Level: level}
	var in []bool
	var ranked []int // configurations with episodes
	for j, c := range configs {
		vs := of(c)
		if len(vs) == 0 {
			continue
		}
		ranked = append(ranked, j)
		// An unnamed unit is none.
		for i := range vs {
			if u := units.of(&vs[i]); units.name(u) != "" {
				in = mark(in, u)
			}
		}
	}
	// Units in sorted order of their names: the draws do not depend on the input's order.
	index := units.sortedIndex(in)
	cr.Units = index.n
	if len(ranked) == 0 {
		return cr, nil
	}
	sums := make([]bootstrap.Ratio, len(ranked))
	est := make([]float64, len(ranked))
	for i, j := range ranked {
		sums[i] = Arm{Verdicts: of(configs[j]), Indicator: ECSOf}.sums(units, index, nil, nil)
		est[i] = sums[i].Value()
	}
	for i, j := range ranked {
		cr.Rank[j] = 1
		for k := range ranked {
			if est[k] > est[i] {
				cr.Rank[j]++
			}
		}
	}
	if o.Resamples == 0 || index.n < 2 {
		return cr, nil
	}
	var setOf []int // indexes into ranked of the configurations given a set
	for i, j := range ranked {
		if ownUnits(sums[i]) < 2 {
			cr.TooFew = append(cr.TooFew, j)
		} else {
			setOf = append(setOf, i)
		}
	}
	if len(setOf) < len(ranked) {
		kept := make([]bootstrap.Ratio, len(setOf))
		keptRanked := make([]int, len(setOf))
		for n, i := range setOf {
			kept[n], keptRanked[n] = sums[i], ranked[i]
		}
		sums, ranked = kept, keptRanked
	}
	if len(ranked) == 0 {
		return cr, nil
	}
	ss, err := bootstrap.SumRatios(sums...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", stream, err)
	}
	res, err := bootstrap.ResampleSums(ss, o.boot(stream))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", stream, err)
	}
	rs, err := res.RankSets(bootstrap.RankOptions{Level: level})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", stream, err)
	}
	cr.Used, cr.Requested = rs.Used, rs.Used+rs.Dropped
	for i := range rs.Sets {
		rs.Sets[i].Hi += len(cr.TooFew) // each may rank above it
	}
	for i, j := range ranked {
		cr.Sets[j] = rs.Sets[i]
	}
	for _, g := range rs.TieGroups() {
		out := make([]int, len(g))
		for i, k := range g {
			out[i] = ranked[k]
		}
		cr.Groups = append(cr.Groups, out)
	}
	return cr, nil
}

// ownUnits counts the units a configuration has episodes on.
func ownUnits(r bootstrap.Ratio) int {
	n := 0
	for _, d := range r.Den {
		if d > 0 {
			n++
		}
	}
	return n
}
