package analysis

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// TableIDs lists every table `tables` and `report` can produce, in report order.
var TableIDs = []string{"T1", "T2", "T3", "T4", "T7", "T8", "T9", "T10", "T13", "T14",
	"failures", "interventions", "disagreement", "variance", "coverage", "domains"}

// Table builds one table by id (case-insensitive).
func (r *Release) Table(id string, o StatOptions) (*results.Table, error) {
	switch strings.ToLower(id) {
	case "t1":
		return r.T1(), nil
	case "t2":
		return r.T2(), nil
	case "t3":
		return r.T3(), nil
	case "t4":
		return r.T4(o)
	case "t7":
		return r.T7(), nil
	case "t8":
		return r.T8(), nil
	case "t9":
		return r.StaticVsInteractive("T9", SetT9, o)
	case "t10":
		return r.StaticVsInteractive("T10", SetT10, o)
	case "t13":
		return r.Strategy("T13", "scgr_eg", true, o)
	case "t14":
		return r.Strategy("T14", "scgr_select", false, o)
	case "failures":
		return r.Failures(), nil
	case "interventions":
		return r.Interventions(o)
	case "disagreement":
		return r.DisagreementTable(), nil
	case "variance":
		return r.Variance(), nil
	case "coverage":
		return r.Coverage(), nil
	case "domains":
		return r.DomainTable(DomainFilter{}), nil
	}
	return nil, fmt.Errorf("unknown table %q (known: %s)", id, strings.Join(TableIDs, ", "))
}

// Case sets the tables read (DESIGN §9).
const (
	SetT9                  = "t9_matched_v1"
	SetT10                 = "t10_balanced"
	SetInterventions       = "interventions_v1"
	SetInterventionsContra = "interventions_contradicted"
)

func pctCol(key, header string) results.Column {
	return results.Column{Key: key, Header: header, Kind: results.KindPercent, Decimals: 1}
}

func textCol(key, header string) results.Column {
	return results.Column{Key: key, Header: header, Kind: results.KindText}
}

func countCol(key, header string) results.Column {
	return results.Column{Key: key, Header: header, Kind: results.KindCount}
}

func deltaCol(key, header string) results.Column {
	return results.Column{Key: key, Header: header, Kind: results.KindPercentInterval, Decimals: 1, Signed: true}
}

func rateCell(x Rate) results.Cell { return results.Number(x.Value()) }

func estCell(e Estimate) results.Cell { return results.Interval(e.X, e.Lo, e.Hi) }

// modelOf maps each configuration to its model.
func (r *Release) modelOf() map[string]string {
	m := map[string]string{}
	for i := range r.Verdicts {
		if _, ok := m[r.Verdicts[i].Config]; !ok {
			m[r.Verdicts[i].Config] = r.Verdicts[i].Model
		}
	}
	return m
}

func (r *Release) policyNote() string {
	return fmt.Sprintf("Scored under policy %s.", r.Policy.String())
}

// mainVerdicts are the scored interactive episodes of the main condition (computed once;
// callers must not modify the slice).
func (r *Release) mainVerdicts() []oracle.Verdict { return r.main }

// T1 is the protocol sizes and domains.
func (r *Release) T1() *results.Table {
	t := &results.Table{ID: "T1", Title: "Protocol sizes and domains",
		Columns: []results.Column{textCol("protocol", "Protocol"), countCol("cases", "Cases")}}
	for _, d := range r.domains {
		t.Columns = append(t.Columns, countCol(d, d))
	}
	counts := map[ingest.Protocol]map[string]int{}
	total := map[string]int{}
	for _, c := range r.Cases {
		if c.Variant != "" {
			continue
		}
		if counts[c.Protocol] == nil {
			counts[c.Protocol] = map[string]int{}
		}
		counts[c.Protocol][c.Domain]++
		counts[c.Protocol][""]++
		total[c.Domain]++
		total[""]++
	}
	for p := ingest.Legacy; p < ingest.NumProtocols; p++ {
		row := []results.Cell{results.Text(p.Label()), results.Count(int64(counts[p][""]))}
		for _, d := range r.domains {
			row = append(row, results.Count(int64(counts[p][d])))
		}
		t.AddRow(row...)
	}
	row := []results.Cell{results.Text("All"), results.Count(int64(total[""]))}
	for _, d := range r.domains {
		row = append(row, results.Count(int64(total[d])))
	}
	t.AddGroupRow("total", row...)
	variants := len(r.Cases) - total[""]
	if variants > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("Not counted: %d variant specs (interventions).", variants))
	}
	return t
}

// T2 is the main results: ECS, P-M, D-M and per-protocol ECS per configuration.
func (r *Release) T2() *results.Table {
	t := &results.Table{ID: "T2", Title: "Main results: Exact Case Success (%)",
		Columns: []results.Column{textCol("config", "Config"), pctCol("ecs", "ECS"), pctCol("pm", "P-M"), pctCol("dm", "D-M")}}
	for p := ingest.Legacy; p < ingest.NumProtocols; p++ {
		t.Columns = append(t.Columns, pctCol(p.String(), p.Label()))
	}
	models := r.modelOf()
	n := 0
	for _, s := range r.Summarize(r.mainVerdicts()) {
		row := []results.Cell{results.Text(s.Config), rateCell(s.Overall), results.Number(s.PM), results.Number(s.DM)}
		for p := range s.ByProtocol {
			row = append(row, rateCell(s.ByProtocol[p]))
		}
		t.AddGroupRow(models[s.Config], row...)
		n += s.Overall.Den
	}
	t.Notes = append(t.Notes, fmt.Sprintf("ECS pools all repeats (%d scored episodes); P-M and D-M are unweighted means over protocols and domains.", n), r.policyNote())
	return t
}

// T3 is the diagnostics of where failures occur.
func (r *Release) T3() *results.Table {
	t := &results.Table{ID: "T3", Title: "Where failures occur: diagnostic rates (%)",
		Columns: []results.Column{textCol("config", "Config"), pctCol("bsr", "BSR (V0)"), pctCol("par", "PAR (V1)"),
			pctCol("cas", "CAS (V1)"), pctCol("gap_v1", "Gap V1"), pctCol("gap_v2", "Gap V2"), pctCol("part_v2", "Part. V2"),
			pctCol("gap_v3", "Gap V3"), pctCol("part_v3", "Part. V3")}}
	models := r.modelOf()
	for _, d := range r.Diagnose(r.mainVerdicts()) {
		t.AddGroupRow(models[d.Config], results.Text(d.Config), results.Number(d.BSR), results.Number(d.PAR), results.Number(d.CAS),
			results.Number(d.Gap[ingest.V1]), results.Number(d.Gap[ingest.V2]), results.Number(d.Part[ingest.V2]),
			results.Number(d.Gap[ingest.V3]), results.Number(d.Part[ingest.V3]))
	}
	t.Notes = append(t.Notes,
		"Each rate is computed within a repeat, then averaged over repeats.",
		"BSR: V0 episodes that stopped before the required investigation was complete. PAR: V1 episodes with an attempt whose first attempt had a MISSING requirement (coverage included). CAS: ECS of V1 episodes whose first attempt came after the investigation was complete. Gap: episodes with an action checkpoint that had a MISSING requirement. Part.: episodes that executed an action but whose workflow failed (Gap and Part. overlap).",
		r.policyNote())
	return t
}

// T7 is case complexity.
func (r *Release) T7() *results.Table {
	t := &results.Table{ID: "T7", Title: "Case complexity: prescribed reads and workflow shape",
		Columns: []results.Column{textCol("protocol", "Protocol"), countCol("cases", "Cases"),
			{Key: "mean_reads", Header: "Mean reads", Kind: results.KindNumber, Decimals: 2}, countCol("max_reads", "Max reads"),
			countCol("nodes", "Action nodes"), countCol("edges", "Dependency edges"), countCol("fork_cases", "Cases with a fork"),
			countCol("join_cases", "Cases with a join")}}
	for _, c := range CaseComplexity(r.Cases) {
		if c.Cases == 0 {
			continue
		}
		wf := func(n int) results.Cell {
			if c.Protocol < ingest.V2 {
				return results.Empty()
			}
			return results.Count(int64(n))
		}
		t.AddRow(results.Text(c.Protocol.Label()), results.Count(int64(c.Cases)), results.Number(c.MeanReads),
			results.Count(int64(c.MaxReads)), wf(c.Nodes), wf(c.Edges), wf(c.ForkCases), wf(c.JoinCases))
	}
	t.Notes = append(t.Notes, "Reads are the prescribed required_info_calls of each case (without extra discovery queries).")
	return t
}

// T8 is per-domain ECS per configuration with D-M.
func (r *Release) T8() *results.Table {
	t := &results.Table{ID: "T8", Title: "ECS per domain (%)", Columns: []results.Column{textCol("config", "Config")}}
	for _, d := range r.domains {
		t.Columns = append(t.Columns, pctCol(d, d))
	}
	t.Columns = append(t.Columns, pctCol("dm", "D-M"))
	models := r.modelOf()
	for _, s := range r.Summarize(r.mainVerdicts()) {
		row := []results.Cell{results.Text(s.Config)}
		for i := range r.domains {
			row = append(row, rateCell(s.ByDomain[i]))
		}
		t.AddGroupRow(models[s.Config], append(row, results.Number(s.DM))...)
	}
	t.Notes = append(t.Notes, r.policyNote())
	return t
}

// Failures is the failure-type mix per configuration and protocol (the paper's Figure 5
// as a table); each row sums to 1. The infra_failure column appears only when
// --infra-failures fail put such episodes in the denominator.
func (r *Release) Failures() *results.Table {
	t := &results.Table{ID: "failures", Title: "Failure types per protocol (share of episodes, %)",
		Columns: []results.Column{textCol("config", "Config"), textCol("protocol", "Protocol"), countCol("n", "Episodes")}}
	mixes := r.FailureMixes(r.mainVerdicts())
	var keep []int
	for j, ft := range FailureTypes {
		if ft == oracle.FailInfra && !anyShare(mixes, j) {
			continue
		}
		keep = append(keep, j)
		t.Columns = append(t.Columns, pctCol(ft, strings.ReplaceAll(ft, "_", " ")))
	}
	for _, m := range mixes {
		row := []results.Cell{results.Text(m.Config), results.Text(m.Protocol.Label()), results.Count(int64(m.N))}
		for _, j := range keep {
			row = append(row, results.Number(m.Share[j]))
		}
		t.AddGroupRow(m.Config, row...)
	}
	t.Notes = append(t.Notes, "One failure type per failed episode, named by the condition that ended it (DESIGN §5).", r.policyNote())
	return t
}

func anyShare(ms []FailureMix, j int) bool {
	for _, m := range ms {
		if m.Share[j] > 0 {
			return true
		}
	}
	return false
}

// Variance is the repeat-to-repeat spread of ECS and pass^k.
func (r *Release) Variance() *results.Table {
	main := r.mainVerdicts()
	sums := r.Summarize(main)
	maxRep := 0
	for _, s := range sums {
		if len(s.Repeats) > maxRep {
			maxRep = len(s.Repeats)
		}
	}
	t := &results.Table{ID: "variance", Title: "Repeat-to-repeat variation of ECS",
		Columns: []results.Column{textCol("config", "Config")}}
	for i := 0; i < maxRep; i++ {
		t.Columns = append(t.Columns, pctCol(fmt.Sprintf("repeat_%d", i+1), fmt.Sprintf("Repeat %d", i+1)))
	}
	t.Columns = append(t.Columns, results.Column{Key: "std", Header: "Std (points)", Kind: results.KindNumber, Decimals: 2})
	for k := 1; k <= maxRep; k++ {
		t.Columns = append(t.Columns, pctCol(fmt.Sprintf("pass_%d", k), fmt.Sprintf("pass^%d", k)))
	}
	models := r.modelOf()
	for _, s := range sums {
		row := []results.Cell{results.Text(s.Config)}
		for i := 0; i < maxRep; i++ {
			if i < len(s.RepeatECS) {
				row = append(row, results.Number(s.RepeatECS[i]))
			} else {
				row = append(row, results.Empty())
			}
		}
		row = append(row, results.Number(100*s.RepeatStd))
		cv := r.mainOf(s.Config)
		for k := 1; k <= maxRep; k++ {
			row = append(row, results.Number(PassK(cv, k)))
		}
		t.AddGroupRow(models[s.Config], row...)
	}
	t.Notes = append(t.Notes, "Std is the sample standard deviation of the per-repeat ECS. pass^k (τ-bench): mean over cases of C(c,k)/C(n,k) with c successes in n repeats.")
	return t
}

// SelectFrom filters a verdict slice.
func (r *Release) SelectFrom(vs []oracle.Verdict, filters ...Filter) []oracle.Verdict {
	var out []oracle.Verdict
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

// Coverage reconciles what was read per configuration and condition: read = scored +
// excluded by reason.
func (r *Release) Coverage() *results.Table {
	type key struct{ config, condition string }
	type acc struct {
		read, scored int
		excl         map[string]int
	}
	by := map[key]*acc{}
	var keys []key
	reasons := map[string]bool{}
	for i := range r.Verdicts {
		v := &r.Verdicts[i]
		cond := v.Condition
		if isStaticJudgment(v) && !strings.Contains(cond, "static") {
			cond += " (static)"
		}
		k := key{v.Config, cond}
		a := by[k]
		if a == nil {
			a = &acc{excl: map[string]int{}}
			by[k] = a
			keys = append(keys, k)
		}
		a.read++
		if v.Excluded {
			a.excl[v.ExclusionReason]++
			reasons[v.ExclusionReason] = true
		} else {
			a.scored++
		}
	}
	rs := make([]string, 0, len(reasons))
	for x := range reasons {
		rs = append(rs, x)
	}
	sort.Strings(rs)
	t := &results.Table{ID: "coverage", Title: "Coverage: episodes read, scored and excluded",
		Columns: []results.Column{textCol("config", "Config"), textCol("condition", "Condition"), countCol("read", "Read"), countCol("scored", "Scored")}}
	for _, x := range rs {
		t.Columns = append(t.Columns, countCol("excluded_"+x, "Excluded: "+x))
	}
	tot := acc{excl: map[string]int{}}
	for _, k := range keys {
		a := by[k]
		row := []results.Cell{results.Text(k.config), results.Text(k.condition), results.Count(int64(a.read)), results.Count(int64(a.scored))}
		for _, x := range rs {
			row = append(row, results.Count(int64(a.excl[x])))
			tot.excl[x] += a.excl[x]
		}
		tot.read += a.read
		tot.scored += a.scored
		t.AddGroupRow(k.config, row...)
	}
	row := []results.Cell{results.Text("All"), results.Text(""), results.Count(int64(tot.read)), results.Count(int64(tot.scored))}
	for _, x := range rs {
		row = append(row, results.Count(int64(tot.excl[x])))
	}
	t.AddGroupRow("total", row...)
	t.Notes = append(t.Notes, "Read = scored + excluded. Excluded episodes (not completed) are never counted as failures or refusals, as in the paper; --infra-failures fail scores wall-clock timeouts as failures instead.")
	return t
}

// DomainFilter narrows the domains table.
type DomainFilter struct {
	Protocols []ingest.Protocol
	Domains   []string
	Configs   []string
}

// DomainTable is ECS per configuration × domain × protocol.
func (r *Release) DomainTable(f DomainFilter) *results.Table {
	protos := f.Protocols
	if len(protos) == 0 {
		for p := ingest.Legacy; p < ingest.NumProtocols; p++ {
			protos = append(protos, p)
		}
	}
	keepDomain := setOf(f.Domains)
	keepConfig := setOf(f.Configs)
	t := &results.Table{ID: "domains", Title: "ECS per configuration, domain and protocol (%)",
		Columns: []results.Column{textCol("config", "Config"), textCol("domain", "Domain")}}
	for _, p := range protos {
		t.Columns = append(t.Columns, pctCol(p.String(), p.Label()))
	}
	t.Columns = append(t.Columns, pctCol("all", "All"), countCol("n", "Episodes"))
	type key struct {
		c, d string
		p    ingest.Protocol
	}
	rates := map[key]*Rate{}
	for _, v := range r.mainVerdicts() {
		for _, k := range []key{{v.Config, v.Domain, v.Protocol}, {v.Config, v.Domain, 255}} {
			if rates[k] == nil {
				rates[k] = &Rate{}
			}
			rates[k].Add(v.ECS)
		}
	}
	allowed := map[ingest.Protocol]bool{}
	for _, p := range protos {
		allowed[p] = true
	}
	for _, c := range r.configs {
		if keepConfig != nil && !keepConfig[c] {
			continue
		}
		for _, d := range r.domains {
			if keepDomain != nil && !keepDomain[d] {
				continue
			}
			row := []results.Cell{results.Text(c), results.Text(d)}
			var all Rate
			for _, p := range protos {
				x := rates[key{c, d, p}]
				if x == nil {
					row = append(row, results.Empty())
					continue
				}
				row = append(row, rateCell(*x))
				all.Num += x.Num
				all.Den += x.Den
			}
			if all.Den == 0 {
				continue
			}
			t.AddGroupRow(c, append(row, rateCell(all), results.Count(int64(all.Den)))...)
		}
	}
	t.Notes = append(t.Notes, "All pools the protocols shown.", r.policyNote())
	return t
}

func setOf(xs []string) map[string]bool {
	if len(xs) == 0 {
		return nil
	}
	m := map[string]bool{}
	for _, x := range xs {
		m[x] = true
	}
	return m
}
