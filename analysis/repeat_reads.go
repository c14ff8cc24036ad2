package analysis

import (
	"math/bits"

	"github.com/sabench/sabench-stats/ingest"
)

// repeatReads says, for each configuration (by position), how many of the cases it scored
// in vs (the main condition's scored interactive episodes keep admits) each of its repeat
// indices was read for, scored or excluded, and how many of those cases miss (read neither
// scored nor excluded) a repeat index it scored elsewhere. An excluded episode was read; a
// repeat read for fewer cases than were scored was not run on the others (a stray repeat
// index, a partial rerun), which pass^k would count short like an exclusion.
func (r *Release) repeatReads(vs []Record, keep Filter) []repeatRead {
	// read[j][k]: the repeats configuration j read of the case of identity k; scored[j][k]
	// whether it scored one.
	read := make([][][]uint64, len(r.configs))
	scored := make([][]bool, len(r.configs))
	all := make([][]uint64, len(r.configs)) // the repeats each configuration scored
	var buf []int32
	mark := func(v *Record, j int, sc bool) {
		k := int(v.CaseIdentityKey())
		for len(read[j]) <= k {
			read[j] = append(read[j], nil)
		}
		buf = r.repeatsOf(v, buf[:0])
		for _, rep := range buf {
			if rep < 0 {
				continue
			}
			w := int(rep / 64)
			for len(read[j][k]) <= w {
				read[j][k] = append(read[j][k], 0)
			}
			read[j][k][w] |= 1 << uint(rep%64)
			if sc {
				for len(all[j]) <= w {
					all[j] = append(all[j], 0)
				}
				all[j][w] |= 1 << uint(rep%64)
			}
		}
	}
	for i := range vs {
		v := &vs[i]
		j := r.configOf(v)
		if j < 0 || !admits(keep, v) {
			continue
		}
		mark(v, j, true)
		k := int(v.CaseIdentityKey())
		for len(scored[j]) <= k {
			scored[j] = append(scored[j], false)
		}
		scored[j][k] = true
	}
	for i := range r.Verdicts {
		v := &r.Verdicts[i]
		if !v.Excluded() || v.Static() || !admits(keep, v) || v.Condition() != ingest.DefaultCondition {
			continue
		}
		if j := r.configOf(v); j >= 0 {
			mark(v, j, false)
		}
	}
	out := make([]repeatRead, len(r.configs))
	for j := range out {
		out[j].cases = map[int32]int{}
		for k, ok := range scored[j] {
			if !ok {
				continue
			}
			var mine []uint64
			if k < len(read[j]) {
				mine = read[j][k]
			}
			short := false
			for w, b := range all[j] {
				var m uint64
				if w < len(mine) {
					m = mine[w]
				}
				if b&^m != 0 {
					short = true
				}
				for x := b & m; x != 0; x &= x - 1 {
					out[j].cases[int32(w*64+bits.TrailingZeros64(x))]++
				}
			}
			if short {
				out[j].notRead++
			}
		}
	}
	return out
}

// repeatRead is repeatReads' answer for one configuration: the scored cases each repeat
// index was read for, and the scored cases missing a repeat index it scored elsewhere.
type repeatRead struct {
	cases   map[int32]int // by repeat index
	notRead int
}
