package analysis

import (
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/sabench/sabench-stats/bootstrap"
)

// repeatSums are the per-unit × per-repeat sums of repeat metrics of one configuration's
// records, without holding them whole: a column per metric and repeat would cost units ×
// repeats floats (126 MB for T3 at 1,500 repeats and 656 cases), where most of a unit's
// column is one value (most cases end alike in most repeats). A unit is kept as what it
// adds to the sums (flatten): per metric, the count most repeats have, once, and the
// repeats that differ from it. The sums are counts, exact in float64 in any order, so
// they are the bits the columns' sums were; the columns that are held (extra, one value
// per unit: pass^k) are summed in row order as bootstrap.SumStat sums them.
type repeatSums struct {
	ms    int           // metrics
	reps  []int         // the repeats, ascending
	pos   []int32       // a repeat's position in reps, for repeats below len(pos)
	by    [][]repeatRec // the records of each unit (index order) that a metric admits
	index unitIndex
	n     int
	dens  []uint16    // per unit: the metrics with a denominator in some repeat
	extra [][]float64 // held columns, one value per unit, after the repeat columns
	// What each unit adds at weight 1 (flatten): cells[at[u]:at[u+1]] to the numerators
	// and denominators of one repeat (repeat p, metric m: p·ms+m, the denominators after
	// the numerators), every[everyAt[u]:everyAt[u+1]] to those of every repeat (metric
	// m's numerator m, its denominator ms+m).
	cells, every []repeatCell
	at, everyAt  []int32
}

// repeatCell is what a unit adds at weight w to sum i: w·n.
type repeatCell struct {
	i, n int32
}

// repeatRec is a record's repeats with the metrics that admit it (in) and count it (hit),
// as bits: a full aggregate's bitmap and the repeats its set lists apart (release_aggregate.go),
// or, in more alone, a record's own repeat.
type repeatRec struct {
	bits    []uint64
	more    []int32
	in, hit uint16
	every   bool // it stands for every repeat of the configuration once
}

// newRepeatSums gathers the records of vs that keep admits for metrics ms (at most 16).
func (r *Release) newRepeatSums(vs []Record, keep Filter, ms []repeatMetric, clustered bool) *repeatSums {
	units := r.unitIDs(clustered)
	var in []bool
	var all []int32 // the repeats of the records keep admits (repeatsOf)
	distinct := 0
	for i := range vs {
		if admits(keep, &vs[i]) {
			in = mark(in, units.of(&vs[i]))
			all = r.repeatsOf(&vs[i], all)
			// Compacted as it grows, so that it holds about the distinct repeats, not one
			// per episode.
			if len(all) > 2*distinct+4096 {
				slices.Sort(all)
				all = slices.Compact(all)
				distinct = len(all)
			}
		}
	}
	slices.Sort(all)
	s := &repeatSums{ms: len(ms)}
	for _, rep := range slices.Compact(all) {
		s.reps = append(s.reps, int(rep))
		if rep >= 0 && rep < repeatBitmapMax {
			s.pos = grow(s.pos, int(rep))
			s.pos[rep] = int32(len(s.reps) - 1)
		}
	}
	s.index = units.sortedIndex(in)
	s.n = s.index.n
	s.by = make([][]repeatRec, s.n)
	s.dens = make([]uint16, s.n)
	var owns []int32 // the own repeats of the records that are not aggregates, which their more hold
	// The bitmap of every repeat, when all are in the bitmaps' range: a record that stands
	// for each once (a case alike in every repeat) adds its weight once per resample.
	var every []uint64
	if len(s.reps) > 0 && s.reps[0] >= 0 && s.reps[len(s.reps)-1] < repeatBitmapMax {
		every = make([]uint64, s.reps[len(s.reps)-1]/64+1)
		for _, rep := range s.reps {
			every[rep/64] |= 1 << (rep % 64)
		}
	}
	for i := range vs {
		v := &vs[i]
		if !admits(keep, v) {
			continue
		}
		var e repeatRec
		for m, x := range ms {
			if x.in(v) {
				e.in |= 1 << m
				if x.hit(v) {
					e.hit |= 1 << m
				}
			}
		}
		switch {
		case e.in == 0:
			continue
		case v.flags&rAggregate == 0:
			owns = append(owns, v.repeat)
			e.more = owns[len(owns)-1:]
		case v.repeat >= 0 && r.reps != nil:
			e.bits, e.more = r.reps.bits[v.repeat], r.reps.more[v.repeat]
		}
		if len(e.more) == 0 && !slices.ContainsFunc(e.bits, func(w uint64) bool { return w != 0 }) {
			continue
		}
		e.every = every != nil && len(e.more) == 0 && len(e.bits) >= len(every) &&
			slices.Equal(e.bits[:len(every)], every) && !slices.ContainsFunc(e.bits[len(every):], func(w uint64) bool { return w != 0 })
		u := s.index.at(units.of(v))
		s.by[u] = append(s.by[u], e)
		s.dens[u] |= e.in
	}
	s.flatten()
	return s
}

// flatten sets each unit's cells from its records: per metric, the numerator's and the
// denominator's counts in each repeat, as the count most repeats have (b), in every
// repeat, and the difference from b in the repeats that differ. A resample adds a drawn
// unit's cells, each once, where it walked each record's repeats a bit at a time and
// split the record's metrics per resample: that took 14% of a report's CPU at 30 repeats
// (synth --scale 10), a share that grows with the repeats. The weights are counts and so
// are the cells, negative ones too, so every product and sum of them is an integer,
// exact in float64 in any order: the sums are the bits the records' adds gave.
func (s *repeatSums) flatten() {
	nRep, ms := len(s.reps), s.ms
	count := make([]int32, 2*ms*nRep) // as the sums: repeat p, metric m at p·ms+m, dens after nums
	countAll := make([]int32, 2*ms)
	row := make([]int32, nRep)
	var hist []int32
	s.at, s.everyAt = make([]int32, s.n+1), make([]int32, s.n+1)
	for u, es := range s.by {
		for j := range es {
			e := &es[j]
			if e.every {
				addMetrics(countAll, 0, ms, e.in, e.hit)
				continue
			}
			for i, word := range e.bits {
				for word != 0 {
					p := int(s.pos[i*64+bits.TrailingZeros64(word)])
					addMetrics(count, p*ms, ms*nRep, e.in, e.hit)
					word &= word - 1
				}
			}
			for _, rep := range e.more {
				addMetrics(count, s.position(rep)*ms, ms*nRep, e.in, e.hit)
			}
		}
		for half := range 2 {
			for in := s.dens[u]; in != 0; in &= in - 1 {
				m := bits.TrailingZeros16(in)
				off := half*ms*nRep + m
				for p := range row {
					row[p] = count[off+p*ms]
					count[off+p*ms] = 0
				}
				var b int32
				b, hist = mostCommon(row, hist)
				if c := countAll[half*ms+m] + b; c != 0 {
					s.every = append(s.every, repeatCell{int32(half*ms + m), c})
				}
				for p, c := range row {
					if c != b {
						s.cells = append(s.cells, repeatCell{int32(off + p*ms), c - b})
					}
				}
			}
		}
		clear(countAll)
		s.at[u+1], s.everyAt[u+1] = int32(len(s.cells)), int32(len(s.every))
	}
}

// addMetrics counts one episode in the sums c: for each metric m in, its denominator at
// dens+at+m, and its numerator at at+m when m is in hit.
func addMetrics(c []int32, at, dens int, in, hit uint16) {
	for ; in != 0; in &= in - 1 {
		m := bits.TrailingZeros16(in)
		c[dens+at+m]++
		if hit&(1<<m) != 0 {
			c[at+m]++
		}
	}
}

// mostCommon is the value most of row's entries have (the least of those tied), or 0 when
// some entry is above twice row's length; hist is scratch, returned for reuse.
func mostCommon(row, hist []int32) (int32, []int32) {
	top := int32(0)
	for _, c := range row {
		top = max(top, c)
	}
	if int(top) > 2*len(row) {
		return 0, hist
	}
	hist = slices.Grow(hist[:0], int(top)+1)[:top+1]
	clear(hist)
	for _, c := range row {
		hist[c]++
	}
	best := int32(0)
	for v, n := range hist {
		if n > hist[best] {
			best = int32(v)
		}
	}
	return best, hist
}

// position is repeat rep's position in s.reps.
func (s *repeatSums) position(rep int32) int {
	if uint(rep) < uint(len(s.pos)) {
		return int(s.pos[rep])
	}
	p, _ := slices.BinarySearch(s.reps, int(rep))
	return p
}

// width is the number of columns the sums stand for.
func (s *repeatSums) width() int { return 2*s.ms*len(s.reps) + len(s.extra) }

// unitsWith counts the units with a denominator of metric m in some repeat.
func (s *repeatSums) unitsWith(m int) int {
	n := 0
	for _, d := range s.dens {
		if d&(1<<m) != 0 {
			n++
		}
	}
	return n
}

// count is how many times e stands for repeat rep.
func (e *repeatRec) count(rep int32) int {
	n := 0
	if rep >= 0 && int(rep/64) < len(e.bits) && e.bits[rep/64]&(1<<(rep%64)) != 0 {
		n++
	}
	for _, x := range e.more {
		if x == rep {
			n++
		}
	}
	return n
}

// repeatStat is a statistic of the sums: num and den per repeat and metric (p·ms+m), the
// held columns' sums in extra.
type repeatStat func(num, den, extra, out []float64)

// statistic is f at weights over rows (row i is unit rows[i]); one per goroutine. pairwise
// sums the held columns as bootstrap.SumStat does at widths 2 and 4 (even and odd rows
// apart, then added), else in row order.
func (s *repeatSums) statistic(rows []int32, pairwise bool, f repeatStat) bootstrap.Statistic {
	ms, nRep := s.ms, len(s.reps)
	t, all := make([]float64, 2*ms*nRep), make([]float64, 2*ms)
	num, den := t[:ms*nRep], t[ms*nRep:]
	ext := make([]float64, len(s.extra))
	return func(w, out []float64) {
		clear(t)
		clear(all)
		for i, u := range rows {
			wi := w[i]
			if wi == 0 {
				continue
			}
			for _, c := range s.cells[s.at[u]:s.at[u+1]] {
				t[c.i] += wi * float64(c.n)
			}
			for _, c := range s.every[s.everyAt[u]:s.everyAt[u+1]] {
				all[c.i] += wi * float64(c.n)
			}
		}
		for m := range ms {
			a, d := all[m], all[ms+m]
			if a == 0 && d == 0 {
				continue
			}
			for p := m; p < len(num); p += ms {
				num[p] += a
				den[p] += d
			}
		}
		for j, col := range s.extra {
			if !pairwise {
				t := 0.0
				for i, u := range rows {
					if w[i] != 0 {
						t += float64(w[i] * col[u])
					}
				}
				ext[j] = t
				continue
			}
			var a0, a1 float64
			i := 0
			for ; i+1 < len(rows); i += 2 {
				a0 += float64(w[i] * col[rows[i]])
				a1 += float64(w[i+1] * col[rows[i+1]])
			}
			if i < len(rows) {
				a0 += float64(w[i] * col[rows[i]])
			}
			ext[j] = a0 + a1
		}
		f(num, den, ext, out)
	}
}

// classes numbers the units by their columns, as bootstrap.ResampleSums groups them (equal
// columns, one class; classes by first appearance), by refining the grouping of the held
// columns one repeat at a time; nil once there are more than half as many classes as units,
// where units are drawn one by one.
func (s *repeatSums) classes() []int32 {
	n, k := s.n, 2*s.ms
	limit := n / 2
	if limit < 1 {
		return nil
	}
	class, prev := make([]int32, n), make([]int32, n)
	vals := make([]float64, n*max(k, len(s.extra)))
	// A class is found by a hash of the unit's previous class and values, then compared
	// value by value with the class's first unit: no key is allocated per unit and repeat.
	heads := map[uint64]int32{}
	var first, next []int32 // per new class: its first unit, the next class of its hash
	refine := func(width int) bool {
		copy(prev, class)
		clear(heads)
		first, next = first[:0], next[:0]
		for u := range n {
			row := vals[u*width : (u+1)*width]
			h := uint64(prev[u])*0x9e3779b97f4a7c15 + 1
			for _, v := range row {
				h = (h ^ math.Float64bits(v+0)) * 0x100000001b3
			}
			c, ok := heads[h]
			for ok && c >= 0 {
				f := int(first[c])
				if prev[f] == prev[u] && slices.Equal(vals[f*width:(f+1)*width], row) {
					break
				}
				c = next[c]
			}
			if !ok || c < 0 {
				if len(first) == limit {
					return false
				}
				c = int32(len(first))
				first = append(first, int32(u))
				if ok {
					next = append(next, heads[h])
				} else {
					next = append(next, -1)
				}
				heads[h] = c
			}
			class[u] = c
		}
		return true
	}
	if w := len(s.extra); w > 0 {
		for j, col := range s.extra {
			for u, v := range col {
				vals[u*w+j] = v
			}
		}
		if !refine(w) {
			return nil
		}
	}
	for _, rep := range s.reps {
		clear(vals[:n*k])
		for u, es := range s.by {
			row := vals[u*k : (u+1)*k]
			for _, e := range es {
				c := float64(e.count(int32(rep)))
				if c == 0 {
					continue
				}
				for in := e.in; in != 0; in &= in - 1 {
					m := bits.TrailingZeros16(in)
					row[2*m+1] += c
					if e.hit&(1<<m) != 0 {
						row[2*m] += c
					}
				}
			}
		}
		if !refine(k) {
			return nil
		}
	}
	return class
}

// ci resamples the units for the nOut outputs of f, as sumCI does on the columns: each
// output's estimate with its interval and caveats. units[j] is output j's count of units
// (-1: all of them).
func (s *repeatSums) ci(nOut int, f repeatStat, units []int, stream string, o StatOptions) ([]Estimate, error) {
	out := make([]Estimate, nOut)
	for i := range out {
		out[i] = nanEstimate()
	}
	if s.width() == 0 || s.n == 0 {
		return out, nil
	}
	every := make([]int32, s.n)
	for u := range every {
		every[u] = int32(u)
	}
	ones := make([]float64, s.n)
	for u := range ones {
		ones[u] = 1
	}
	x := make([]float64, nOut)
	s.statistic(every, false, f)(ones, x)
	for j := range out {
		out[j].X, out[j].Units = x[j], s.n
		if units != nil && units[j] >= 0 {
			out[j].Units = units[j]
		}
	}
	return withIntervals(out, s.n, o, func() (*bootstrap.Result, error) {
		pairwise := s.width() == 2 || s.width() == 4
		res, err := bootstrap.ResampleClasses(s.n, s.classes(), func(rows []int32) bootstrap.Statistic {
			return s.statistic(rows, pairwise, f)
		}, nOut, o.boot(stream))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", stream, err)
		}
		return res, nil
	})
}
