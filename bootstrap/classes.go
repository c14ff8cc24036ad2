package bootstrap

import (
	"encoding/binary"
	"fmt"
	"math"
)

// classRatio is how much smaller than the unit count the class count must be for class
// counts to be drawn: a binomial searched from its mode costs about as much as four unit draws and
// their share of the statistic's sums.
const classRatio = 4

// classPlan groups the units of a SumStat into value classes (units with equal columns).
type classPlan struct {
	unitClass []int32  // unit → class, classes numbered by first appearance
	sizes     []int    // units per class
	stat      *SumStat // the statistic over class rows, evaluated at class counts
	mn        *multinomial
}

// planClasses groups s's units by their columns. It returns nil when drawing class counts
// would not pay (more than Units/classRatio classes), Units exceeds maxChainUnits, or the
// chain needs more than maxModePoints mode points.
func planClasses(s *SumStat) *classPlan {
	limit := s.units / classRatio
	if limit < 1 || s.units > maxChainUnits {
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
	mn := newMultinomial(sizes)
	if mn == nil {
		return nil
	}
	cs := &SumStat{units: len(sizes), cols: s.cols, outs: s.outs, x: rows, f: s.f}
	cs.pool.New = s.pool.New
	return &classPlan{unitClass: unitClass, sizes: sizes, stat: cs, mn: mn}
}

// ResampleSums runs the unit bootstrap of a statistic of column sums. The statistic depends on
// a resample only through how many drawn units fall in each value class (units with equal
// columns), and those counts follow a multinomial over the classes; when there are few
// classes (binary outcomes per case, template clusters with few (successes, episodes)
// patterns) ResampleSums draws the counts, a chain of binomials, instead of every unit, and
// evaluates the statistic over the classes. The resampling distribution, the estimate, the
// jackknife (per unit, as Result.Jackknife returns it) and the intervals are those of
// Resample over the same units of s.Statistic(); the random draws differ (doc.go), and Result.Classes
// says which way was taken. With many classes it is Resample.
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
