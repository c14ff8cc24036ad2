package analysis

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
)

// ProtocolsPresent lists the protocols with main episodes, in order.
func (r *Release) ProtocolsPresent() []ingest.Protocol { return protocolsOf(r.main, nil) }

// ProtocolECS is each configuration's ECS per protocol present (ProtocolsPresent) with
// a case- (or cluster-) resampled interval: [configuration][protocol]. They are T2's
// intervals (SummaryIntervals), so the figure and the table agree.
func (r *Release) ProtocolECS(o StatOptions) ([]ingest.Protocol, [][]Estimate, error) {
	protos := r.ProtocolsPresent()
	cis, err := r.ProtocolIntervals(o)
	if err != nil {
		return nil, nil, err
	}
	byConfig := map[string]*SummaryCI{}
	for i := range cis {
		byConfig[cis[i].Config] = &cis[i]
	}
	var out [][]Estimate
	for _, c := range r.configs {
		row := make([]Estimate, len(protos))
		for j, p := range protos {
			row[j] = nanEstimate()
			if ci := byConfig[c]; ci != nil {
				row[j] = ci.ByProtocol[p]
			}
		}
		out = append(out, row)
	}
	return protos, out, nil
}

// SummaryCI is a Summary with intervals: ECS, P-M, D-M and every protocol's and domain's
// ECS (NaN where the configuration has no episodes), each case- (or cluster-) resampled,
// all from one draw per configuration.
type SummaryCI struct {
	Config      string
	ECS, PM, DM Estimate
	ByProtocol  [ingest.NumProtocols]Estimate
	ByDomain    []Estimate // aligned with Release.Domains()
}

// SummaryIntervals computes SummaryCI for every configuration of the main verdicts (Main),
// in Summarize's order. ECS, P-M and D-M resample the configuration's cases (or clusters);
// each protocol's and domain's ECS resamples that protocol's (domain's) own cases, as the
// benchmark fixes how many cases each has. P-M and D-M average the protocols and domains
// the configuration has episodes on, as Summary does; a resample in which one of them has
// no episode has no P-M (or D-M) value and is left out of that interval (a caveat says
// so). Each is its own small column-sum statistic, so its units fall into few value
// classes.
func (r *Release) SummaryIntervals(o StatOptions) ([]SummaryCI, error) {
	return r.summaryCached(o, true)
}

// ProtocolIntervals is SummaryIntervals without the domains' intervals (ByDomain is nil):
// what T2 and the ECS figure read. The domains' resamples are about as many as the
// rest, so a command that shows no domain does not draw them; SummaryIntervals later
// adds them to these, which are the same values.
func (r *Release) ProtocolIntervals(o StatOptions) ([]SummaryCI, error) {
	return r.summaryCached(o, false)
}

// summaryKey caches the intervals without the domains' (SummaryIntervals caches the whole
// under the options themselves).
type summaryKey struct{ o StatOptions }

// summaryCached is SummaryIntervals (domains) or ProtocolIntervals, computed once per
// options: T2, T8, the ECS figure and the viewer's leaderboards all ask for them. Workers
// never changes them, and each interval has a stream of its own, so the domains' are
// added to the protocols' ones.
func (r *Release) summaryCached(o StatOptions, domains bool) ([]SummaryCI, error) {
	k := o
	k.Workers = 0
	core := func() ([]SummaryCI, error) {
		return cached(r, summaryKey{k}, func() ([]SummaryCI, error) { return r.summaryIntervals(o) })
	}
	if !domains {
		return core()
	}
	return cached(r, k, func() ([]SummaryCI, error) {
		c, err := core()
		if err != nil {
			return nil, err
		}
		return r.domainIntervals(c, o)
	})
}

// summaryIntervals computes SummaryCI for every configuration but its ByDomain.
func (r *Release) summaryIntervals(o StatOptions) ([]SummaryCI, error) {
	const nP = int(ingest.NumProtocols)
	one := func(v *Record, add func(int)) { add(0) }
	byProto := func(v *Record, add func(int)) {
		if int(v.Protocol()) < nP {
			add(int(v.Protocol()))
		}
	}
	t := r.unitTable()
	byDomain := func(v *Record, add func(int)) {
		if d := t.domainOf(v); d >= 0 {
			add(d)
		}
	}
	all := func(n int) [][]int {
		m := make([]int, n)
		for i := range m {
			m[i] = i
		}
		return [][]int{m}
	}
	official, err := r.officialRows(nil, o)
	if err != nil {
		return nil, err
	}
	var out []SummaryCI
	for _, s := range r.Summarize(r.main) {
		cv := r.mainOf(s.Config) // the main verdicts' cell of the configuration
		stream := summaryStream(s.Config)
		ci := SummaryCI{Config: s.Config}
		est, err := r.ratesCI(cv, nil, one, 1, nil, stream, o)
		if err != nil {
			return nil, err
		}
		ci.ECS = est[0]
		if x, ok := official[s.Config]; ok {
			takeInterval(&ci.ECS, x.Oracle) // the official table's authorized rate
		}
		// A column that is the ECS itself (a macro over one protocol or domain with
		// episodes; a protocol every verdict of the configuration has) takes its interval:
		// the same estimate over the same units, drawn apart, differed by Monte Carlo error
		// in one row (τ-bench, one protocol and one domain: four intervals of one rate).
		ci.PM, ci.DM = ci.ECS, ci.ECS
		if nonEmpty(s.ByProtocol[:]) > 1 {
			if est, err = r.ratesCI(cv, nil, byProto, nP, all(nP), stream+"/pm", o); err != nil {
				return nil, err
			}
			ci.PM = est[nP]
		}
		if nonEmpty(s.ByDomain) > 1 || !allKept(cv, func(v *Record) bool { return t.domainOf(v) >= 0 }) {
			if est, err = r.ratesCI(cv, nil, byDomain, len(r.domains), all(len(r.domains)), stream+"/dm", o); err != nil {
				return nil, err
			}
			ci.DM = est[len(r.domains)]
		}
		for p := range nP {
			ci.ByProtocol[p] = nanEstimate()
			if s.ByProtocol[p].Den == 0 {
				continue
			}
			keep := Protocol(ingest.Protocol(p))
			if allKept(cv, keep) {
				ci.ByProtocol[p] = ci.ECS
				continue
			}
			if est, err = r.ratesCI(cv, keep, one, 1, nil, stream+"/"+ingest.Protocol(p).String(), o); err != nil {
				return nil, err
			}
			ci.ByProtocol[p] = est[0]
		}
		out = append(out, ci)
	}
	return out, nil
}

// domainIntervals is a copy of core (summaryIntervals) with each configuration's
// ByDomain.
func (r *Release) domainIntervals(core []SummaryCI, o StatOptions) ([]SummaryCI, error) {
	t := r.unitTable()
	one := func(v *Record, add func(int)) { add(0) }
	out := slices.Clone(core)
	for i, s := range r.Summarize(r.main) {
		ci := &out[i]
		cv := r.mainOf(s.Config)
		stream := summaryStream(s.Config)
		ci.ByDomain = make([]Estimate, len(r.domains))
		for d, name := range r.domains {
			ci.ByDomain[d] = nanEstimate()
			if s.ByDomain[d].Den == 0 {
				continue
			}
			inDomain := func(v *Record) bool { return t.domainOf(v) == d }
			if allKept(cv, inDomain) { // the configuration's ECS (summaryIntervals)
				ci.ByDomain[d] = ci.ECS
				continue
			}
			est, err := r.ratesCI(cv, inDomain, one, 1, nil, stream+"/"+name, o)
			if err != nil {
				return nil, err
			}
			ci.ByDomain[d] = est[0]
		}
	}
	return out, nil
}

// ratesCI resamples the units of vs once for several ECS rates ("cells": each verdict
// counts towards the cells cellsOf adds) and macro averages of cells (each the unweighted
// mean of the listed cells). When keep is set, only the verdicts it accepts count, units
// included: a filter rather than a copy, since tables select from a million verdicts many
// times. It returns nCells estimates, then one per macro; a cell
// without episodes is NaN, and so is a macro over no cell. The statistic is a function of
// per-unit column sums, resampled by bootstrap.ResampleSums.
func (r *Release) ratesCI(vs []Record, keep Filter, cellsOf func(*Record, func(int)), nCells int, macros [][]int, stream string, o StatOptions) ([]Estimate, error) {
	out := make([]Estimate, nCells+len(macros))
	for i := range out {
		out[i] = nanEstimate()
	}
	num, den, nUnits := r.unitCounts(vs, keep, cellsOf, nCells, o.Clustered)
	// Columns of the cells with episodes; col[k] is cell k's column pair, or -1.
	col := make([]int, nCells)
	var columns [][]float64
	for k := range nCells {
		col[k] = -1
		if total(den[k]) > 0 {
			col[k] = len(columns)
			columns = append(columns, num[k], den[k])
		}
	}
	var mcols [][]int
	for _, m := range macros {
		var cs []int
		for _, k := range m {
			if col[k] >= 0 {
				cs = append(cs, col[k])
			}
		}
		mcols = append(mcols, cs)
	}
	nOut := len(columns)/2 + len(macros)
	if len(columns) == 0 {
		return out, nil
	}
	f := rateStatistic(columns, mcols)
	// The estimates, from the observed sums.
	sums := make([]float64, len(columns))
	for j, c := range columns {
		sums[j] = total(c)
	}
	x := make([]float64, nOut)
	f(sums, x)
	outIndex := func(j int) int { // output j → estimate index
		if j >= len(columns)/2 {
			return nCells + j - len(columns)/2
		}
		for k := range nCells {
			if col[k] == 2*j {
				return k
			}
		}
		return -1
	}
	for j := range nOut {
		e := &out[outIndex(j)]
		e.X, e.Units = x[j], nUnits
	}
	if o.Resamples == 0 {
		return out, nil
	}
	if nUnits < 2 {
		for j := range nOut {
			e := &out[outIndex(j)]
			e.Warnings = bootstrap.IntervalWarnings(bootstrap.Interval{Lo: math.NaN(), Hi: math.NaN(), Used: 1}, e.X, 1)
			// A 0% or 100% rate of one unit takes the Wilson interval as the variance table's
			// pass^1 of the same unit does (it printed 100.0 [—, —] here beside [20.7, 100.0]).
			if j < len(columns)/2 && !math.IsNaN(e.X) {
				scoreFallback(e, o.level())
			}
		}
		return out, nil
	}
	ivs, err := resampleRates(columns, mcols, nOut, f, stream, o)
	if err != nil {
		return nil, err
	}
	for j := range nOut {
		e := &out[outIndex(j)]
		if math.IsNaN(e.X) {
			continue
		}
		iv := ivs[j]
		e.Lo, e.Hi, e.Fallback, e.Warnings = iv.lo, iv.hi, iv.fallback, slices.Clone(iv.warnings)
		if j < len(columns)/2 { // a cell's rate (a macro average has no count to score)
			scoreFallback(e, o.level())
		}
	}
	return out, nil
}

// unitCounts counts, per resampled unit, the episodes (den) and ECS successes (num) of
// each of nCells cells (cellsOf adds a verdict to its cells), over the verdicts keep
// accepts; units are numbered in sorted order of their names.
func (r *Release) unitCounts(vs []Record, keep Filter, cellsOf func(*Record, func(int)), nCells int, clustered bool) (num, den [][]float64, nUnits int) {
	units := r.unitIDs(clustered)
	var in []bool
	for i := range vs {
		if keep == nil || keep(&vs[i]) {
			in = mark(in, units.of(&vs[i]))
		}
	}
	index := units.sortedIndex(in)
	nUnits = index.n
	num, den = make([][]float64, nCells), make([][]float64, nCells)
	for k := range nCells {
		num[k], den[k] = make([]float64, nUnits), make([]float64, nUnits)
	}
	// One closure for the loop, reading the episode through cur and u: a closure made per
	// episode escaped to the heap (483 MB of allocation at synth --scale 10).
	var cur *Record
	var u int
	var w float64
	add := func(k int) {
		den[k][u] += w
		if cur.ECS() {
			num[k][u] += w
		}
	}
	for i := range vs {
		cur = &vs[i]
		if keep != nil && !keep(cur) {
			continue
		}
		u, w = int(index.at(units.of(cur))), float64(cur.weight())
		cellsOf(cur, add)
	}
	return num, den, nUnits
}

// rateStatistic is ratesCI's statistic over the column sums s: each cell's rate (its
// column pair num/den), then each macro's unweighted mean of its cells' rates (NaN for
// no cell).
func rateStatistic(columns [][]float64, mcols [][]int) func(s, res []float64) {
	return func(s, res []float64) {
		for j := 0; j < len(columns); j += 2 {
			res[j/2] = s[j] / s[j+1]
		}
		for i, cs := range mcols {
			t := 0.0
			for _, c := range cs {
				t += s[c] / s[c+1]
			}
			res[len(columns)/2+i] = t / float64(len(cs)) // NaN for no cell
		}
	}
}

// resampleRates resamples the per-unit column sums once (bootstrap.ResampleSums) for the
// nOut outputs of f, memoised by the columns, the stream and the options.
func resampleRates(columns [][]float64, mcols [][]int, nOut int, f func(s, res []float64), stream string, o StatOptions) ([]rateCI, error) {
	key := rateKey(columns, mcols, stream, o)
	if ivs, ok := rateMemo.load(key); ok {
		return ivs, nil
	}
	res, err := resampleSums(columns, nOut, f, stream, o)
	if err != nil {
		return nil, err
	}
	ivs := make([]rateCI, nOut)
	for j := range nOut {
		iv := res.Intervals[j]
		ivs[j] = rateCI{iv.Lo, iv.Hi, iv.Fallback, res.Warnings(j)}
	}
	rateMemo.store(key, ivs)
	return ivs, nil
}

// resampleSums resamples the units of per-unit column sums for the nOut outputs of the
// statistic f over the sums (bootstrap.ResampleSums) on the stream's seed; errors name the
// stream.
func resampleSums(columns [][]float64, nOut int, f func(s, res []float64), stream string, o StatOptions) (*bootstrap.Result, error) {
	stat, err := bootstrap.NewSumStat(columns, nOut, f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", stream, err)
	}
	res, err := bootstrap.ResampleSums(stat, o.boot(stream))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", stream, err)
	}
	return res, nil
}

// rateCI is one output's interval of a ratesCI resample.
type rateCI struct {
	lo, hi   float64
	fallback bool
	warnings []bootstrap.Warning
}

// rateMemo holds ratesCI's intervals by what determines them: the per-unit columns in unit
// order, the macros, the stream and the options other than Workers. The policies of a
// report score most cells alike, and each policy's release asks for the same cells (T2's
// 28 per configuration and more), so about a third of a report's resamples repeat one
// already made; equal inputs give equal intervals whatever the worker count, so a repeat
// is looked up instead. Keys are SHA-256 digests; the memo is emptied when it reaches
// rateMemoMax entries, which bounds its memory in a long-lived process.
var rateMemo memo

const rateMemoMax = 4096

type memo struct {
	mu sync.Mutex
	m  map[[sha256.Size]byte][]rateCI
}

func (c *memo) load(k [sha256.Size]byte) ([]rateCI, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

func (c *memo) store(k [sha256.Size]byte, v []rateCI) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= rateMemoMax {
		c.m = map[[sha256.Size]byte][]rateCI{}
	}
	c.m[k] = v
}

// rateKey digests the inputs of one ratesCI resample (lengths first, so no two inputs
// share an encoding).
func rateKey(columns [][]float64, macros [][]int, stream string, o StatOptions) [sha256.Size]byte {
	h := sha256.New()
	var b []byte
	u64 := func(v uint64) { b = binary.LittleEndian.AppendUint64(b, v) }
	u64(uint64(len(stream)))
	b = append(b, stream...)
	u64(uint64(o.Resamples))
	u64(o.Seed)
	u64(math.Float64bits(o.Level))
	u64(uint64(o.Method))
	u64(uint64(o.Quantile))
	u64(uint64(len(macros)))
	for _, m := range macros {
		u64(uint64(len(m)))
		for _, c := range m {
			u64(uint64(c))
		}
	}
	u64(uint64(len(columns)))
	for _, c := range columns {
		u64(uint64(len(c)))
		for _, v := range c {
			u64(math.Float64bits(v))
		}
		h.Write(b)
		b = b[:0]
	}
	h.Write(b)
	var k [sha256.Size]byte
	h.Sum(k[:0])
	return k
}

// DomainIntervals is DomainCells with intervals: for each cell, its ECS per protocol shown
// and over them together (the last estimate), from one draw of the cell's units.
func (r *Release) DomainIntervals(f DomainFilter, o StatOptions) ([]ingest.Protocol, []DomainCell, [][]Estimate, error) {
	protos, cells := r.DomainCells(f)
	t := r.unitTable()
	official, err := r.officialRows(nil, o)
	if err != nil {
		return nil, nil, nil, err
	}
	var shown [ingest.NumProtocols]bool
	for _, p := range protos {
		shown[p] = true
	}
	all := len(protos)
	cis := make([][]Estimate, len(cells))
	for i, c := range cells {
		// A copy, unlike the comparisons' selections: ratesCI scans it twice for All and
		// twice per protocol, and a domain is a sixth of the configuration's verdicts;
		// filtering the whole configuration in place on every scan cost more CPU (0.6 s
		// at scale 10) than the copy's allocation saves.
		d := t.domainAt[c.Domain] // one of the release's domains (DomainCells)
		vs := r.SelectFrom(r.mainOf(c.Config), func(v *Record) bool {
			return int(v.Protocol()) < len(shown) && shown[v.Protocol()] && t.domainOf(v) == int(d)
		})
		// Each protocol's cell resamples its own cases, as T2 does; All the row's. A cell's
		// stream is named by what the cell is, so the same estimate has the same interval
		// in every table: All over every protocol is T8's configuration × domain cell.
		stream := "domains/" + c.Config + "/" + c.Domain
		allStream := stream + "/" + protoList(protos)
		if len(protos) == int(ingest.NumProtocols) {
			allStream = summaryStream(c.Config) + "/" + c.Domain
		}
		if len(vs) == len(r.mainOf(c.Config)) { // every verdict of the configuration: its ECS
			allStream = summaryStream(c.Config)
		}
		one := func(v *Record, add func(int)) { add(0) }
		est, err := r.ratesCI(vs, nil, one, 1, nil, allStream, o)
		if err != nil {
			return nil, nil, nil, err
		}
		if x, ok := official[c.Config]; ok && len(vs) == len(r.mainOf(c.Config)) {
			takeInterval(&est[0], x.Oracle) // T2's, the official table's authorized rate
		}
		cis[i] = make([]Estimate, all+1)
		cis[i][all] = est[0]
		for j, p := range protos {
			cis[i][j] = nanEstimate()
			if c.ByProtocol[j] == nil {
				continue
			}
			if allKept(vs, Protocol(p)) { // the row's All, over the same units
				cis[i][j] = cis[i][all]
				continue
			}
			if est, err = r.ratesCI(vs, Protocol(p), one, 1, nil, stream+"/"+p.String(), o); err != nil {
				return nil, nil, nil, err
			}
			cis[i][j] = est[0]
		}
	}
	return protos, cells, cis, nil
}

// ECSInterval is one configuration's overall ECS with its interval: SummaryIntervals'
// ECS (the same cell and stream, and on a bench of action-rules cases the official draw's
// interval, so the same interval), without the rest of the summary; NaN without episodes.
func (r *Release) ECSInterval(config string, o StatOptions) (Estimate, error) {
	cv := r.mainOf(config)
	if len(cv) == 0 {
		return nanEstimate(), nil
	}
	one := func(v *Record, add func(int)) { add(0) }
	est, err := r.ratesCI(cv, nil, one, 1, nil, summaryStream(config), o)
	if err != nil {
		return Estimate{}, err
	}
	official, err := r.officialRows(nil, o)
	if err != nil {
		return Estimate{}, err
	}
	e := est[0]
	if x, ok := official[config]; ok {
		takeInterval(&e, x.Oracle) // the official table's authorized rate
	}
	return e, nil
}

// nonEmpty counts the rates with episodes.
func nonEmpty(rs []Rate) int {
	n := 0
	for _, x := range rs {
		if x.Den > 0 {
			n++
		}
	}
	return n
}

// allKept reports whether keep admits every verdict of vs: a filter that keeps the same
// units, and so the same estimate, as none.
func allKept(vs []Record, keep Filter) bool {
	for i := range vs {
		if !keep(&vs[i]) {
			return false
		}
	}
	return true
}

// summaryStream names the random stream of a configuration's main-condition rates (T2,
// T8); a cell adds "/<protocol>" or "/<domain>".
func summaryStream(config string) string { return "summary/" + config }

// protoList names a set of protocols in a stream: "legacy+v1".
func protoList(ps []ingest.Protocol) string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte('+')
		}
		b.WriteString(p.String())
	}
	return b.String()
}

func total(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t
}

// SelectFrom filters a verdict slice into a copy (the comparisons filter in place, with
// Arm.Keep: see selection.go; DomainIntervals keeps its copy).
func (r *Release) SelectFrom(vs []Record, filters ...Filter) []Record {
	var out []Record
	for i := range vs {
		ok := true
		for _, f := range filters {
			if !f(&vs[i]) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, vs[i])
		}
	}
	return out
}

// mainVerdicts are the scored interactive episodes of the main condition.
func (r *Release) mainVerdicts() []Record { return r.main }

// IntervalSpec describes the intervals computed under some StatOptions on a release, for
// the headers, notes and data fields of every table and figure that shows them: one
// description, so a label can never disagree with the options actually used.
type IntervalSpec struct {
	Level     float64 // two-sided level, e.g. 0.95
	Method    string  // percentile, basic or bca
	Quantile  string  // scipy or r
	Unit      string  // cases; template clusters (every cluster from template_id), or clusters
	Rule      string  // with clusters: the rules that produced them and their counts
	Resamples int
	Seed      uint64
	// PerCell, when set, is how many units a table's intervals resample, printed after
	// the unit ("86 to 656 per interval"): a table's cells differ.
	PerCell string
}

// Intervals describes the intervals o gives on this release.
func (r *Release) Intervals(o StatOptions) IntervalSpec {
	s := IntervalSpec{Level: o.level(), Method: o.Method.String(), Quantile: o.Quantile.String(),
		Unit: "cases", Resamples: o.Resamples, Seed: o.Seed}
	if s.Seed == 0 {
		s.Seed = bootstrap.DefaultSeed
	}
	if o.Clustered {
		s.Unit, s.Rule = r.clusterUnit(), r.clusterRules()
	}
	return s
}

// Drawn says how a resample draws the units, as the rank-set notes say it: "case-paired",
// "template-clustered" or "clustered", from the unit Intervals named.
func (s IntervalSpec) Drawn() string {
	switch s.Unit {
	case "cases":
		return "case-paired"
	case "template clusters":
		return "template-clustered"
	}
	return "clustered"
}

// clusterUnit names what a clustered interval resamples: "template clusters" when the
// clusters come from template_id (cases without one standing alone), else "clusters" (a
// --clusters file, contrast pairs and derived cases make clusters that are no template).
func (r *Release) clusterUnit() string {
	byRule := r.clustersByRule()
	for rule := range byRule {
		if rule != casespec.ClusterTemplate && rule != casespec.ClusterCase {
			return "clusters"
		}
	}
	if len(byRule[casespec.ClusterTemplate]) == 0 {
		return "clusters"
	}
	return "template clusters"
}

// clusterRules counts the clusters of the base cases by the rule that produced them, in
// the rules' precedence order: "120 clusters by template_id, 56 clusters by case" (a case
// without a cluster is its own). The count comes first: "case 50" read as a case's id.
func (r *Release) clusterRules() string {
	rules := []string{casespec.ClusterUser, casespec.ClusterTemplate, casespec.ClusterContrast, casespec.ClusterDerived, casespec.ClusterCase}
	clusters := r.clustersByRule()
	var parts []string
	for _, rule := range rules {
		if n := len(clusters[rule]); n > 0 {
			parts = append(parts, ingest.Plural(n, "cluster")+" by "+rule)
			delete(clusters, rule)
		}
	}
	var rest []string
	for rule := range clusters {
		rest = append(rest, rule)
	}
	sort.Strings(rest)
	for _, rule := range rest {
		parts = append(parts, ingest.Plural(len(clusters[rule]), "cluster")+" by "+rule)
	}
	return strings.Join(parts, ", ")
}

// clustersByRule are the base cases' clusters by the rule that produced them (a case
// without a cluster is its own, rule case).
func (r *Release) clustersByRule() map[string]map[string]bool {
	clusters := map[string]map[string]bool{}
	for _, c := range r.Cases {
		if c.BaseID != c.ID && c.BaseID != "" {
			continue // variants share their base's cluster
		}
		rule, id := c.ClusterRule, c.Cluster
		switch {
		case id == "":
			rule, id = casespec.ClusterCase, c.ID
		case rule == "":
			rule = "unrecorded rule"
		}
		if clusters[rule] == nil {
			clusters[rule] = map[string]bool{}
		}
		clusters[rule][id] = true
	}
	return clusters
}

// LevelPct is the level in percent as printed: "95", "90", "97.5".
func (s IntervalSpec) LevelPct() string {
	return strconv.FormatFloat(math.Round(s.Level*1e6)/1e4, 'f', -1, 64)
}

// CI is the header label of an interval: "95% CI".
func (s IntervalSpec) CI() string { return s.LevelPct() + "% CI" }

// MethodLabel names the method and its quantile convention: "percentile, scipy
// quantiles", "BCa (percentile where undefined), R boot quantiles".
func (s IntervalSpec) MethodLabel() string {
	m := s.Method
	if m == bootstrap.BCa.String() {
		m = "BCa (percentile where undefined)"
	}
	q := "scipy quantiles"
	if s.Quantile == bootstrap.QuantileR.String() {
		q = "R boot quantiles"
	}
	return m + ", " + q
}

// Sentence is the note under a table of intervals: "Intervals: 95% percentile (scipy
// quantiles), 5000 bootstrap resamples of cases (seed 1); both arms of a Δ use the same
// draw."
func (s IntervalSpec) Sentence() string {
	if s.Resamples == 0 {
		return "No intervals: --resamples 0."
	}
	unit := s.Unit
	switch {
	case s.Rule != "" && s.PerCell != "":
		unit += " (" + s.PerCell + "; in the whole release: " + s.Rule + ")"
	case s.Rule != "":
		unit += " (in the whole release: " + s.Rule + "; a cell resamples those its episodes fall in)"
	case s.PerCell != "":
		unit += " (" + s.PerCell + ")"
	}
	return fmt.Sprintf("Intervals: %s%% %s; %d bootstrap resamples of %s, seed %d.", s.LevelPct(), s.MethodLabel(), s.Resamples, unit, s.Seed)
}
