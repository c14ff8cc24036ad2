package analysis

import "github.com/sabench/sabench-stats/ingest"

// The comparisons select their verdicts by filter (Arm.Keep, a keep argument) instead of
// copying them (SelectFrom): they only count, and at a million episodes the copies were
// gigabytes of allocation. A filter keeps the verdicts' order, so every sum is the same.

// both keeps what every set filter keeps; nil (everything) when none is set.
func both(fs ...Filter) Filter {
	var set []Filter
	for _, f := range fs {
		if f != nil {
			set = append(set, f)
		}
	}
	switch len(set) {
	case 0:
		return nil
	case 1:
		return set[0]
	}
	return func(v *Record) bool {
		for _, f := range set {
			if !f(v) {
				return false
			}
		}
		return true
	}
}

// admits says whether keep (nil: everything) keeps v.
func admits(keep Filter, v *Record) bool { return keep == nil || keep(v) }

// anyWhere says whether keep admits any of vs.
func anyWhere(vs []Record, keep Filter) bool {
	for i := range vs {
		if admits(keep, &vs[i]) {
			return true
		}
	}
	return false
}

// rateOf is the share of the verdicts keep admits that have the indicator.
func rateOf(vs []Record, keep Filter, ind func(*Record) bool) Rate {
	var x Rate
	for i := range vs {
		if admits(keep, &vs[i]) {
			x.addN(ind(&vs[i]), vs[i].weight())
		}
	}
	return x
}

// with narrows the arm to the verdicts f keeps too.
func (a Arm) with(f Filter) Arm {
	a.Keep = both(a.Keep, f)
	return a
}

// count is how many of in are set.
func count(in []bool) int {
	n := 0
	for _, ok := range in {
		if ok {
			n++
		}
	}
	return n
}

// sharedCases is the base cases (numbered by cases) both arms have episodes on, and how
// many.
func sharedCases(a, b Arm, cases *unitIDs) ([]bool, int) {
	in, inB := a.caseSet(cases), b.caseSet(cases)
	for x := range in {
		in[x] = in[x] && has(inB, int32(x))
	}
	return in, count(in)
}

// caseSet is the base cases (numbered by cases) the arm has episodes on.
func (a Arm) caseSet(cases *unitIDs) []bool {
	var in []bool
	for i := range a.Verdicts {
		if admits(a.Keep, &a.Verdicts[i]) {
			in = mark(in, cases.of(&a.Verdicts[i]))
		}
	}
	return in
}

// protocolsOf lists, in order, the protocols of the verdicts keep admits (nil: all).
func protocolsOf(vs []Record, keep Filter) []ingest.Protocol {
	var seen [ingest.NumProtocols]bool
	for i := range vs {
		if admits(keep, &vs[i]) {
			seen[vs[i].Protocol()] = true
		}
	}
	var out []ingest.Protocol
	for p, ok := range seen {
		if ok {
			out = append(out, ingest.Protocol(p))
		}
	}
	return out
}
