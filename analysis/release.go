package analysis

import (
	"sort"
	"sync"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// Release is what the tables are computed from: the cases, the named case sets and the
// verdicts of one policy.
type Release struct {
	Cases    []*ingest.Case
	Sets     map[string][]string
	Verdicts []oracle.Verdict
	Policy   oracle.Policy

	byID map[string]*ingest.Case
	main []oracle.Verdict
	// mainBy holds the main verdicts by configuration (sub-slices of one copy grouped by
	// configuration, input order within each), so tables select from small slices.
	mainBy  map[string][]oracle.Verdict
	configs []string
	domains []string
	// cache holds results computed once per options (SummaryIntervals).
	cache sync.Map
}

// NewRelease indexes cases and verdicts. Configurations keep the order in which they
// first appear in the verdicts (the input order), so tables list them as the user wrote
// them; domains follow the paper's order, unknown ones after it alphabetically.
func NewRelease(cases []*ingest.Case, sets map[string][]string, vs []oracle.Verdict, pol oracle.Policy) *Release {
	r := &Release{Cases: cases, Sets: sets, Verdicts: vs, Policy: pol, byID: make(map[string]*ingest.Case, len(cases))}
	for _, c := range cases {
		r.byID[c.ID] = c
	}
	seen := map[string]bool{}
	for _, v := range vs {
		if !seen[v.Config] {
			seen[v.Config] = true
			r.configs = append(r.configs, v.Config)
		}
	}
	r.domains = orderDomains(cases)
	keep := Interactive(ingest.DefaultCondition)
	pos := make(map[string]int, len(r.configs))
	for i, c := range r.configs {
		pos[c] = i
	}
	count := make([]int, len(r.configs))
	n := 0
	for i := range vs {
		if keep(&vs[i]) {
			count[pos[vs[i].Config]]++
			n++
		}
	}
	// The main verdicts in input order, and the same grouped by configuration. Share the
	// caller's slice when the main verdicts are one contiguous run of it (all of it for the
	// alternative policies, scored on those alone; the first block of a release written in
	// condition order), and sub-slices of that when each configuration is contiguous:
	// copies only when needed, since a large input's verdicts dominate memory.
	first, last := -1, -1
	for i := range vs {
		if keep(&vs[i]) {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if n == 0 || last-first+1 == n {
		r.main = vs[max(first, 0) : last+1 : last+1] // one contiguous run (all of vs, or the main block of a release in condition order)
	} else {
		r.main = make([]oracle.Verdict, 0, n)
		for i := range vs {
			if keep(&vs[i]) {
				r.main = append(r.main, vs[i])
			}
		}
	}
	grouped := r.main
	start := make([]int, len(r.configs))
	next := make([]int, len(r.configs))
	for i, off := 0, 0; i < len(r.configs); i++ {
		start[i], next[i] = off, off
		off += count[i]
	}
	contiguous := true
	for i := range r.main {
		if j := pos[r.main[i].Config]; next[j] == i {
			next[j]++
		} else {
			contiguous = false
			break
		}
	}
	if !contiguous {
		grouped = make([]oracle.Verdict, n)
		copy(next, start)
		for i := range r.main {
			j := pos[r.main[i].Config]
			grouped[next[j]] = r.main[i]
			next[j]++
		}
	}
	r.mainBy = make(map[string][]oracle.Verdict, len(r.configs))
	for i, c := range r.configs {
		r.mainBy[c] = grouped[start[i]:next[i]:next[i]]
	}
	return r
}

// mainOf returns one configuration's main verdicts (callers must not modify them).
func (r *Release) mainOf(config string) []oracle.Verdict { return r.mainBy[config] }

// of returns one configuration's verdicts of one condition that pass the filters.
func (r *Release) of(config, condition string, filters ...Filter) []oracle.Verdict {
	return r.SelectFrom(r.Verdicts, append([]Filter{func(v *oracle.Verdict) bool {
		return v.Config == config && v.Condition == condition
	}}, filters...)...)
}

// Configs lists the configurations in input order.
func (r *Release) Configs() []string { return r.configs }

// Domains lists the domains in the paper's order.
func (r *Release) Domains() []string { return r.domains }

// PaperDomains is the paper's domain order.
var PaperDomains = []string{"customer_policy_qa", "ops_code_agent", "legal_finance_advice",
	"research_assistant", "smart_home_agent", "healthcare_operations_agent"}

func orderDomains(cases []*ingest.Case) []string {
	present := map[string]bool{}
	for _, c := range cases {
		if c.Variant == "" {
			present[c.Domain] = true
		}
	}
	var out []string
	for _, d := range PaperDomains {
		if present[d] {
			out = append(out, d)
			delete(present, d)
		}
	}
	var rest []string
	for d := range present {
		rest = append(rest, d)
	}
	sort.Strings(rest)
	return append(out, rest...)
}

// Select returns the verdicts that pass every filter, in input order.
func (r *Release) Select(filters ...Filter) []oracle.Verdict {
	var out []oracle.Verdict
	for i := range r.Verdicts {
		v := &r.Verdicts[i]
		ok := true
		for _, f := range filters {
			if !f(v) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, *v)
		}
	}
	return out
}

// Filter selects verdicts.
type Filter func(*oracle.Verdict) bool

// Interactive keeps the scored episodes of the given condition that are not static
// judgments of an executable case. Legacy episodes are decisions by design and count here:
// they are the Legacy column of the main results.
func Interactive(condition string) Filter {
	return func(v *oracle.Verdict) bool { return !v.Excluded && !isStaticJudgment(v) && v.Condition == condition }
}

// StaticJudgments keeps the scored static judgments of executable (V0–V3) cases.
func StaticJudgments(v *oracle.Verdict) bool { return !v.Excluded && isStaticJudgment(v) }

func isStaticJudgment(v *oracle.Verdict) bool { return v.Static && v.Protocol != ingest.Legacy }

// Config keeps one configuration.
func Config(name string) Filter { return func(v *oracle.Verdict) bool { return v.Config == name } }

// Protocol keeps one protocol.
func Protocol(p ingest.Protocol) Filter {
	return func(v *oracle.Verdict) bool { return v.Protocol == p }
}

// Executable keeps V0–V3 (the 570 interactive cases of the paper's comparisons).
func Executable(v *oracle.Verdict) bool { return v.Protocol != ingest.Legacy }

// InSet keeps episodes whose base case is in ids.
func InSet(ids []string) Filter {
	m := make(map[string]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return func(v *oracle.Verdict) bool { return m[v.BaseCaseID] }
}
