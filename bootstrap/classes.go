package bootstrap

import (
	"encoding/binary"
	"fmt"
	"math"
)

// classRatio is how much smaller than the unit count the class count must be for class
// counts to be drawn at all: with more classes the statistic over classes saves little over
// the statistic over units.
const classRatio = 2

// chainRatio is how much smaller than the unit count the class count must be for the chain
// of binomials to be considered: a binomial costs about as much as eight units drawn and
// counted (chainCost).
const chainRatio = 4

// classPlan groups the units of a SumStat into value classes (units with equal columns).
type classPlan struct {
	unitClass []int32  // unit → class, classes numbered by first appearance
	sizes     []int    // units per class
	stat      *SumStat // the statistic over class rows, evaluated at class counts
	mn        *multinomial
	direct    batchDrawer // draws units and counts their classes when mn is nil
}

// draw sets c to the class counts of the resample at seed: by the chain of binomials, or by
// drawing every unit and counting its class, whichever the plan chose as cheaper.
func (p *classPlan) draw(seed uint64, c []float64) {
	if p.mn != nil {
		p.mn.draw(seed, c)
		return
	}
	clear(c)
	p.direct.count(seed, len(p.unitClass), p.unitClass, c)
}

// chainCost estimates the chain's cost per resample in units drawn and counted: per
// binomial a fixed part (the uniform, the look-ups, a mispredicted branch or two) and a
// part per standard deviation of the class's count given the units left (expected
// m_k = s_k + … + s_{K−1}), smaller where guide rows answer (up to 40 standard deviations,
// guideTable); measured on BenchmarkDrawShapes.
func chainCost(sizes []int) float64 {
	rest := 0
	for _, s := range sizes {
		rest += s
	}
	cost := 0.0
	for _, s := range sizes[:len(sizes)-1] {
		sd := math.Sqrt(float64(s) * float64(rest-s) / float64(rest))
		if sd <= 40 {
			cost += 7.5 + 0.3*sd
		} else {
			cost += 9 + 0.9*sd
		}
		rest -= s
	}
	return cost
}

// planClasses groups s's units by their columns. It returns nil when there are more than
// Units/classRatio classes; otherwise the plan draws class counts by the chain of binomials
// when that is estimated cheaper than drawing the units (at most Units/chainRatio classes,
// Units within maxChainUnits, mode points within maxModePoints), else unit by unit.
func planClasses(s *SumStat) *classPlan {
	limit := s.units / classRatio
	if limit < 1 {
		return nil
	}
	index := make(map[string]int32)
	unitClass := make([]int32, s.units)
	var sizes []int
	var rows []float64
	key := make([]byte, 8*s.cols)
	for u := range s.units {
		row := s.x[u*s.cols : (u+1)*s.cols]
		for j, v := range row {
			binary.LittleEndian.PutUint64(key[8*j:], math.Float64bits(v))
		}
		c, ok := index[string(key)]
		if !ok {
			if len(sizes) == limit {
				return nil
			}
			c = int32(len(sizes))
			index[string(key)] = c
			sizes = append(sizes, 0)
			rows = append(rows, row...)
		}
		unitClass[u] = c
		sizes[c]++
	}
	plan := newClassPlan(unitClass, sizes)
	cs := &SumStat{units: len(sizes), cols: s.cols, outs: s.outs, x: rows, f: s.f, sparse: newSparseRows(rows, len(sizes), s.cols),
		packed: newPackedRows(rows, len(sizes), s.cols, s.units)} // class counts sum to the units
	if cs.packed.cheaperThan(cs.sparse) {
		cs.sparse = nil
	} else {
		cs.packed = nil
	}
	cs.pool.New = s.pool.New
	plan.stat = cs
	return plan
}

// newClassPlan chooses how to draw the class counts of a grouping of units: by the chain of
// binomials when that is estimated cheaper than drawing the units (at most Units/chainRatio
// classes, Units within maxChainUnits), else unit by unit.
func newClassPlan(unitClass []int32, sizes []int) *classPlan {
	plan := &classPlan{unitClass: unitClass, sizes: sizes}
	units := len(unitClass)
	if len(sizes) <= units/chainRatio && units <= maxChainUnits && chainCost(sizes) < float64(units) {
		plan.mn = newMultinomial(sizes)
	}
	if plan.mn == nil {
		plan.direct = newBatchDrawer(units)
	}
	return plan
}

// ResampleSums runs the unit bootstrap of a statistic of column sums. The statistic depends on
// a resample only through how many drawn units fall in each value class (units with equal
// columns), and those counts follow a multinomial over the classes; when there are at most
// half as many classes as units (binary outcomes per case, template clusters with few
// (successes, episodes) patterns) ResampleSums draws the counts, as a chain of binomials
// when there are few classes and otherwise unit by unit, and evaluates the statistic over
// the classes. The resampling distribution, the estimate, the jackknife (per unit, as
// Result.Jackknife returns it) and the intervals are those of Resample over the same units
// of s.Statistic(); the random draws differ (doc.go), and Result.Classes says which way was
// taken. With more classes it is Resample.
func ResampleSums(s *SumStat, opt Options) (*Result, error) {
	if s == nil {
		return nil, fmt.Errorf("bootstrap: nil statistic")
	}
	plan := planClasses(s)
	if plan == nil {
		return Resample(s.units, s.Statistic(), s.outs, opt)
	}
	return run(s.units, plan.stat.perWorker, s.outs, opt, plan)
}

// ResampleClasses is ResampleSums for a statistic of column sums whose columns the caller
// does not hold (they would grow with something the units do not, such as repeats): the
// caller groups the units into value classes itself, as ResampleSums would (unitClass[u]
// is unit u's class, classes numbered by first appearance in unit order, units in one class
// exactly when their columns are equal), or passes nil when there are more than
// nUnits/2 classes. stat builds one goroutine's statistic over weight rows: row i stands
// for unit rows[i] (a class's first unit, weighted by its count, or every unit in order
// when units are drawn one by one), and must sum each column over the rows in row order as
// SumStat does. The draws, estimate, jackknife and intervals are then those of
// ResampleSums on the columns.
func ResampleClasses(nUnits int, unitClass []int32, stat func(rows []int32) Statistic, nOut int, opt Options) (*Result, error) {
	if stat == nil {
		return nil, fmt.Errorf("bootstrap: nil statistic")
	}
	if err := checkSizes(nUnits, nOut); err != nil {
		return nil, err
	}
	var sizes []int
	var rows []int32
	for u, c := range unitClass {
		if int(c) == len(sizes) {
			sizes = append(sizes, 0)
			rows = append(rows, int32(u))
		} else if int(c) > len(sizes) || c < 0 {
			return nil, fmt.Errorf("bootstrap: unit %d's class %d is not numbered by first appearance", u, c)
		}
		sizes[c]++
	}
	if unitClass == nil || len(unitClass) != nUnits || len(sizes) > nUnits/classRatio {
		if unitClass != nil && len(unitClass) != nUnits {
			return nil, fmt.Errorf("bootstrap: %d unit classes for %d units", len(unitClass), nUnits)
		}
		every := make([]int32, nUnits)
		for u := range every {
			every[u] = int32(u)
		}
		return run(nUnits, func() Statistic { return stat(every) }, nOut, opt, nil)
	}
	return run(nUnits, func() Statistic { return stat(rows) }, nOut, opt, newClassPlan(unitClass, sizes))
}
