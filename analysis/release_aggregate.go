package analysis

import "github.com/sabench/sabench-stats/ingest"

// Aggregates: what the policy comparison reads of a release other than the first, kept
// per case instead of per episode (ScoreOptions.Aggregate). The policies table, T2 under
// each policy (the viewer's leaderboards), the rank sets and the benchmark's own verdict
// beside the oracle's read of such a release only its main condition's scored interactive
// episodes, and of each only its configuration, case, protocol, ECS and official verdict:
// every builder sums an indicator over them per configuration × unit (× protocol or
// domain), or per configuration × base case. Episodes alike in those are one aggregate
// record that counts them (Record.weight), so the release grows with the configurations
// and cases, not the repeats. The episodes passing one policy and failing another, which
// pair the releases episode by episode, are counted while the records are made
// (lostCounts).

// aggKey is what an aggregate record keeps of an episode.
type aggKey struct {
	cfg, cas uint32
	protocol ingest.Protocol
	official int8
	ecs      bool
}

// aggregator gathers one release's aggregate records in order of first appearance.
type aggregator struct {
	at      map[aggKey]int32
	records []Record
	// firsts are the records (all of them, not only the main condition's) that bring a
	// configuration or condition the input has not had: what a release takes its
	// configurations', conditions' and harnesses' order from (newRelease).
	firsts            []Record
	seenCfg, seenCond []bool
}

func newAggregator() *aggregator { return &aggregator{at: map[aggKey]int32{}} }

// add counts one record.
func (a *aggregator) add(r *Record) {
	if k, c := int32(r.ConfigKey()), int32(r.ConditionKey()); !has(a.seenCfg, k) || !has(a.seenCond, c) {
		a.seenCfg, a.seenCond = mark(a.seenCfg, k), mark(a.seenCond, c)
		a.firsts = append(a.firsts, *r)
	}
	if !isMainRecord(r) {
		return
	}
	k := aggKey{cfg: r.cfg, cas: r.cas, protocol: r.protocol, official: r.official, ecs: r.ECS()}
	i, ok := a.at[k]
	if !ok {
		i = int32(len(a.records))
		a.at[k] = i
		x := Record{cfg: r.cfg, cas: r.cas, cond: r.cond, protocol: r.protocol, official: r.official, flags: rAggregate}
		if k.ecs {
			x.flags |= rECS
		}
		a.records = append(a.records, x)
	}
	a.records[i].executed++
}

// lostCounts counts, for every two policies a and b of one scoring, the main condition's
// scored interactive episodes that succeed under a and fail under b (PolicyRow.Lost), as
// their records are made: releases of aggregates can no longer be paired episode by
// episode. Indexed by policy; policies that share another's verdicts read that one's row.
type lostCounts struct {
	n [][]int
}

func newLostCounts(policies int) *lostCounts {
	l := &lostCounts{n: make([][]int, policies)}
	for a := range l.n {
		l.n[a] = make([]int, policies)
	}
	return l
}

// add pairs the ECS of one stretch of main episodes (in input order) under each policy
// (nil: a policy that shares another's verdicts): episode i of a with episode i of b.
func (l *lostCounts) add(ecs [][]bool) {
	for a, ea := range ecs {
		for b, eb := range ecs {
			if a == b || ea == nil || eb == nil {
				continue
			}
			for i := range min(len(ea), len(eb)) {
				if ea[i] && !eb[i] {
					l.n[a][b]++
				}
			}
		}
	}
}
