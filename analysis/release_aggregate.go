package analysis

import "math/bits"

// Aggregates: with ScoreOptions.Aggregate a release keeps records per case instead of per
// episode, so that it grows with the configurations and cases, not the repeats. Episodes
// alike in what the tables read of them are one aggregate record that counts them
// (Record.weight), and every builder adds a record's weight where it added one.
//
// The policies after the first (but the policy comparison's baseline) are read only by the
// policies table, T2 under each policy (the viewer's leaderboards), the rank sets and the
// benchmark's own verdict beside the oracle's: of their main condition's scored
// interactive episodes, only the configuration, case, protocol, ECS and official verdict,
// summed per configuration × unit (× protocol or domain) or per configuration × base case.
// Their aggregates keep those alone (lean).
//
// The first release and the baseline are read by every table: their aggregates keep every
// record, of every condition, excluded and static ones too, by all a record holds except
// its repeat, its number of executed commits (whether there was one is a flag) and, but on
// a variant case, the tools called before acting (aggKey); an episode alone in its key
// keeps its own record. What no count per configuration × condition × case serves is the
// repeat: the statistics computed within each repeat (T3's rates and their intervals, the
// variance table's per-repeat ECS and its spread) need each episode's repeat with its
// indicators, since a case is resampled with all its repeats and each repeat's rate is a
// ratio of sums over cases. So a full aggregate also keeps the set of repeats it stands for
// (repeatSets), a bit per episode.
//
// Aggregates are in order of first appearance, so every order taken from the first record
// of a configuration, condition or cell is the input's. The costs and the listed runs,
// which need more, are taken from the records before they are aggregated
// (releaseInput.add), and the episodes passing one policy and failing another, which
// paired the releases episode by episode, are counted while the records are made
// (lostCounts).

// aggregator gathers one release's aggregate records in order of first appearance: what
// an aggregate record keeps of an episode is its key (aggKey), and the episodes alike in
// it are one record.
type aggregator struct {
	// full keeps every record, by what aggKey keeps of it, with the repeats each stands for
	// (reps); else the main condition's scored interactive records, by configuration, case,
	// protocol, ECS and official verdict.
	full    bool
	at      map[Record]int32
	records []Record
	reps    repeatSets
	// firsts are the records (all of them, not only the main condition's) that bring a
	// configuration or condition the input has not had: what a release takes its
	// configurations', conditions' and harnesses' order from (newRelease).
	firsts            []Record
	seenCfg, seenCond []bool
}

func newAggregator(full bool) *aggregator {
	return &aggregator{full: full, at: map[Record]int32{}}
}

// aggKey is the record r adds to: r without what an aggregate does not keep. A full
// aggregate keeps the information tools called before the first attempt only on a variant
// case (its id is not its base case's): only a variant's affected tools are read
// (lookedBeforeActing), and elsewhere the tools multiply the aggregates.
func (a *aggregator) aggKey(r *Record) Record {
	k := *r
	k.repeat, k.executed = 0, 0
	if !a.full {
		k.ends, k.tools, k.flags = 0, 0, r.flags&rECS
	} else if c := recCases.get(r.cas); c.id == c.base {
		k.tools = 0
	}
	return k
}

// add counts one record. In a full aggregator an episode alone in its key keeps its own
// record (weight 1, its repeat in it), and becomes an aggregate with a repeat set when a
// second one joins: the other conditions have about one episode per configuration and
// case, and a set would cost more than the record.
func (a *aggregator) add(r *Record) {
	if k, c := int32(r.ConfigKey()), int32(r.ConditionKey()); !has(a.seenCfg, k) || !has(a.seenCond, c) {
		a.seenCfg, a.seenCond = mark(a.seenCfg, k), mark(a.seenCond, c)
		a.firsts = append(a.firsts, *r)
	}
	if !a.full && !isMainRecord(r) {
		return
	}
	k := a.aggKey(r)
	i, ok := a.at[k]
	if !ok {
		a.at[k] = int32(len(a.records))
		if a.full {
			a.records = append(a.records, *r)
			return
		}
		k.flags |= rAggregate
		k.repeat = -1 // no repeats kept
		a.records = append(a.records, k)
		i = int32(len(a.records) - 1)
	}
	x := &a.records[i]
	if a.full && x.flags&rAggregate == 0 { // the second episode of the key
		first := x.repeat
		*x = k
		x.flags |= rAggregate
		x.executed = 1
		x.repeat = a.reps.grow()
		a.reps.add(x.repeat, first)
	}
	x.executed++
	if a.full {
		a.reps.add(x.repeat, r.repeat)
	}
}

// repeatSets are the repeats each full aggregate record stands for (its repeat field is
// its set's index): the statistics computed within each repeat (T3's rates, the variance
// table's per-repeat ECS, Summary.RepeatECS) read an episode's repeat with its indicators,
// and the episodes of one configuration × condition × case differ by repeat. A set is a
// bitmap of the repeats below repeatBitmapMax, so a record's repeats cost a bit each over
// their range; a repeat outside it, or one the set already has (the same repeat twice),
// is listed apart (more).
type repeatSets struct {
	bits [][]uint64
	more map[int32][]int32
}

// repeatBitmapMax bounds a set's bitmap (8 KiB): repeats are small counts in practice.
const repeatBitmapMax = 1 << 16

// grow adds an empty set and returns its index.
func (s *repeatSets) grow() int32 {
	s.bits = append(s.bits, nil)
	return int32(len(s.bits) - 1)
}

// add puts repeat rep into set i.
func (s *repeatSets) add(i, rep int32) {
	if rep >= 0 && rep < repeatBitmapMax {
		x := &s.bits[i]
		w, b := int(rep/64), uint64(1)<<(rep%64)
		if w >= len(*x) {
			*x = append(*x, make([]uint64, w+1-len(*x))...)
		}
		if (*x)[w]&b == 0 {
			(*x)[w] |= b
			return
		}
	}
	if s.more == nil {
		s.more = map[int32][]int32{}
	}
	s.more[i] = append(s.more[i], rep)
}

// appendTo appends set i's repeats to out: the bitmap's in ascending order, then the
// listed ones.
func (s *repeatSets) appendTo(out []int32, i int32) []int32 {
	for w, word := range s.bits[i] {
		for word != 0 {
			out = append(out, int32(w*64+bits.TrailingZeros64(word)))
			word &= word - 1
		}
	}
	return append(out, s.more[i]...)
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
