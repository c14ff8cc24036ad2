package analysis

import (
	"cmp"
	"slices"
	"sort"
	"sync"
)

// Resampling units as dense numbers. Every statistic resamples units (base cases, or their
// template clusters) and used to key its per-unit sums by the unit's name, a string map
// lookup per verdict: at a million episodes seconds of CPU. The release numbers its units
// once, in sorted order of their names, by the verdicts' interned case keys, so a
// statistic indexes slices instead; sorted numbers keep every order that came from sorted
// names. Interned keys follow arrival order, so no order is ever taken from them.

// unitTable is a release's numbering of units (and its cases' domains), built once
// (Release.unitTable) and read-only after. It is indexed by the verdicts'
// CaseIdentityKey, which fixes the base case and the domain.
// Index 0 numbers base cases, 1 units under clustering (StatOptions.Clustered).
type unitTable struct {
	// of maps a verdict's CaseIdentityKey to its unit number; -1 where no verdict of the
	// release has the key (numbered by name).
	of [2][]int32
	// names are the units' names in number order, sorted.
	names [2][]string
	// domain maps a CaseIdentityKey to its domain's position in Release.Domains (-1 none),
	// or to domainByName where the table does not know (domainOf).
	domain   []int32
	domainAt map[string]int32
}

// domainByName marks a key whose domain is looked up by name.
const domainByName = -2

// domainOf is the position of v's domain in Release.Domains, -1 for another domain.
func (t *unitTable) domainOf(v *Record) int {
	if k := v.CaseIdentityKey(); int(k) < len(t.domain) && t.domain[k] != domainByName {
		return int(t.domain[k])
	}
	if d, ok := t.domainAt[v.Domain()]; ok {
		return int(d)
	}
	return -1
}

// unitTables holds the table; releases that share verdicts (sharing) share it.
type unitTables struct {
	once sync.Once
	t    *unitTable
}

func (r *Release) unitTable() *unitTable {
	r.units.once.Do(func() { r.units.t = newUnitTable(r.Verdicts, r.clusterOf, r.domains) })
	return r.units.t
}

// clusterOf is the unit of a base case under clustering: its cluster, or itself.
func (r *Release) clusterOf(base string) string {
	if c := r.byID[base]; c != nil && c.Cluster != "" {
		return c.Cluster
	}
	return base
}

func newUnitTable(vs []Record, clusterOf func(string) string, domains []string) *unitTable {
	// The base case and domain of each key, looked up once per key.
	var base, domain []string
	var set []bool
	for i := range vs {
		v := &vs[i]
		k := int(v.CaseIdentityKey())
		if k >= len(base) {
			n := max(2*len(base), k+1, 1024) - len(base)
			base = append(base, make([]string, n)...)
			domain = append(domain, make([]string, n)...)
			set = append(set, make([]bool, n)...)
		}
		if !set[k] {
			set[k], base[k], domain[k] = true, v.BaseCaseID(), v.Domain()
		}
	}
	t := &unitTable{domain: make([]int32, len(base)), domainAt: map[string]int32{}}
	for i, d := range domains {
		t.domainAt[d] = int32(i)
	}
	for k := range base {
		t.domain[k] = domainByName
		if set[k] {
			t.domain[k] = -1
			if d, ok := t.domainAt[domain[k]]; ok {
				t.domain[k] = d
			}
		}
	}
	unitOf := [2]func(string) string{func(b string) string { return b }, clusterOf}
	for c := range 2 {
		var names []string
		for k := range base {
			if set[k] {
				names = append(names, unitOf[c](base[k]))
			}
		}
		sort.Strings(names)
		names = slices.Compact(names)
		num := make(map[string]int32, len(names))
		for i, u := range names {
			num[u] = int32(i)
		}
		of := make([]int32, len(base))
		for k := range of {
			of[k] = -1
			if set[k] {
				of[k] = num[unitOf[c](base[k])]
			}
		}
		t.of[c], t.names[c] = of, names
	}
	return t
}

// unitIDs numbers the units of one statistic's verdicts: by the release's table, and by
// name a verdict the table does not number (an arm from another release of other
// episodes), after the table's numbers. It is for one goroutine.
type unitIDs struct {
	t      *unitTable
	c      int // 0 base cases, 1 clusters
	unitOf func(string) string
	extra  map[string]int32
	names  []string // names of the numbers after the table's
}

// unitIDs numbers units under clustering or base cases.
func (r *Release) unitIDs(clustered bool) *unitIDs {
	u := &unitIDs{t: r.unitTable(), unitOf: func(b string) string { return b }}
	if clustered {
		u.c, u.unitOf = 1, r.clusterOf
	}
	return u
}

// caseIDs numbers base cases (what arms share), whatever the resampling unit.
func (r *Release) caseIDs() *unitIDs { return r.unitIDs(false) }

// of is v's unit number.
func (u *unitIDs) of(v *Record) int32 {
	of := u.t.of[u.c]
	if k := v.CaseIdentityKey(); int(k) < len(of) && of[k] >= 0 {
		return of[k]
	}
	return u.byName(u.unitOf(v.BaseCaseID()))
}

// byName numbers a unit by its name: the table's number when it has the name, else one
// after the table's.
func (u *unitIDs) byName(name string) int32 {
	names := u.t.names[u.c]
	if i, ok := slices.BinarySearch(names, name); ok {
		return int32(i)
	}
	if x, ok := u.extra[name]; ok {
		return x
	}
	if u.extra == nil {
		u.extra = map[string]int32{}
	}
	x := int32(len(names) + len(u.names))
	u.extra[name] = x
	u.names = append(u.names, name)
	return x
}

// name is unit x's name.
func (u *unitIDs) name(x int32) string {
	if names := u.t.names[u.c]; int(x) < len(names) {
		return names[x]
	}
	return u.names[int(x)-len(u.t.names[u.c])]
}

// mark sets in[x], growing in for numbers handed out after it was made.
func mark(in []bool, x int32) []bool { return setAt(in, int(x), true) }

// has says whether in holds x.
func has(in []bool, x int32) bool { return int(x) < len(in) && in[x] }

// sortedIndex numbers the units in holds 0, 1, … in sorted order of their names: the
// table's numbers are already in that order, units by name after them are merged in.
func (u *unitIDs) sortedIndex(in []bool) unitIndex {
	var order []int32
	for x, ok := range in {
		if ok {
			order = append(order, int32(x))
		}
	}
	if len(u.names) > 0 {
		slices.SortFunc(order, func(a, b int32) int { return cmp.Compare(u.name(a), u.name(b)) })
	}
	idx := newUnitIndex(len(in))
	for i, x := range order {
		idx.col[x] = int32(i)
	}
	idx.n = len(order)
	return idx
}

// unitIndex maps unit numbers to a statistic's unit positions 0…n-1 (-1: not in it).
type unitIndex struct {
	col []int32
	n   int
}

func newUnitIndex(size int) unitIndex {
	col := make([]int32, size)
	for i := range col {
		col[i] = -1
	}
	return unitIndex{col: col}
}

// at is unit x's position, or -1.
func (x *unitIndex) at(u int32) int32 {
	if int(u) < len(x.col) {
		return x.col[u]
	}
	return -1
}
