package results

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// The single-release tables of the main condition.

func buildT1(in *Input) (*Table, error) {
	s := in.Main().ProtocolSizes()
	t := &Table{ID: "T1", Title: "Protocol sizes and domains", Columns: []Column{textCol("protocol", "Protocol"), countCol("cases", "Cases")}}
	for _, d := range s.Domains {
		t.Columns = append(t.Columns, countCol(d, d))
	}
	row := func(label string, c analysis.DomainCount) []Cell {
		cells := []Cell{Text(label), countCell(c.All)}
		for _, n := range c.ByDomain {
			cells = append(cells, countCell(n))
		}
		return cells
	}
	for p := ingest.Legacy; p < ingest.NumProtocols; p++ {
		t.AddRow(row(p.Label(), s.ByProto[p])...)
	}
	t.AddGroupRow("total", row("All", s.Total)...)
	if s.Variants > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("Not counted: %d variant specs (interventions).", s.Variants))
	}
	return t, nil
}

func buildT2(in *Input) (*Table, error) {
	r := in.Main()
	t := &Table{ID: "T2", Title: "Main results: Exact Case Success (%)",
		Columns: []Column{textCol("config", "Config"), pctCol("ecs", "ECS"), pctCol("pm", "P-M"), pctCol("dm", "D-M")}}
	for p := ingest.Legacy; p < ingest.NumProtocols; p++ {
		t.Columns = append(t.Columns, pctCol(p.String(), p.Label()))
	}
	models := r.ModelOf()
	n := 0
	for _, s := range r.Summarize(r.Main()) {
		row := []Cell{Text(s.Config), rateCell(s.Overall), Number(s.PM), Number(s.DM)}
		for p := range s.ByProtocol {
			row = append(row, rateCell(s.ByProtocol[p]))
		}
		t.AddGroupRow(models[s.Config], row...)
		n += s.Overall.Den
	}
	t.Notes = append(t.Notes, fmt.Sprintf("ECS pools all repeats (%d scored episodes); P-M and D-M are unweighted means over protocols and domains.", n), policyNote(r))
	if len(t.Rows) > 0 {
		cr, err := r.RankSets(in.Stats)
		if err != nil {
			return nil, err
		}
		appendRankSets(t, "config", cr, in.Stats)
	}
	return emptyBecause(t, "no scored main-condition episodes"), nil
}

func buildT3(in *Input) (*Table, error) {
	r := in.Main()
	t := &Table{ID: "T3", Title: "Where failures occur: diagnostic rates (%)",
		Columns: []Column{textCol("config", "Config"), pctCol("bsr", "BSR (V0)"), pctCol("par", "PAR (V1)"),
			pctCol("cas", "CAS (V1)"), pctCol("gap_v1", "Gap V1"), pctCol("gap_v2", "Gap V2"), pctCol("part_v2", "Part. V2"),
			pctCol("gap_v3", "Gap V3"), pctCol("part_v3", "Part. V3")}}
	models := r.ModelOf()
	for _, d := range r.Diagnose(r.Main()) {
		t.AddGroupRow(models[d.Config], Text(d.Config), Number(d.BSR), Number(d.PAR), Number(d.CAS),
			Number(d.Gap[ingest.V1]), Number(d.Gap[ingest.V2]), Number(d.Part[ingest.V2]),
			Number(d.Gap[ingest.V3]), Number(d.Part[ingest.V3]))
	}
	t.Notes = append(t.Notes,
		"Each rate is computed within a repeat, then averaged over repeats.",
		"BSR: V0 episodes that stopped before the required investigation was complete. PAR: V1 episodes with an attempt whose first attempt had a MISSING requirement (coverage included). CAS: ECS of V1 episodes whose first attempt came after the investigation was complete. Gap: episodes with an action checkpoint that had a MISSING requirement. Part.: episodes that executed an action but whose workflow failed (Gap and Part. overlap).",
		policyNote(r))
	return emptyBecause(t, "no scored main-condition episodes"), nil
}

func buildT7(in *Input) (*Table, error) {
	t := &Table{ID: "T7", Title: "Case complexity: prescribed reads and workflow shape",
		Columns: []Column{textCol("protocol", "Protocol"), countCol("cases", "Cases"), numCol("mean_reads", "Mean reads", 2),
			countCol("max_reads", "Max reads"), countCol("nodes", "Action nodes"), countCol("edges", "Dependency edges"),
			countCol("fork_cases", "Cases with a fork"), countCol("join_cases", "Cases with a join")}}
	for _, c := range analysis.CaseComplexity(in.Main().Cases) {
		if c.Cases == 0 {
			continue
		}
		wf := func(n int) Cell {
			if c.Protocol < ingest.V2 {
				return Empty()
			}
			return countCell(n)
		}
		t.AddRow(Text(c.Protocol.Label()), countCell(c.Cases), Number(c.MeanReads), countCell(c.MaxReads),
			wf(c.Nodes), wf(c.Edges), wf(c.ForkCases), wf(c.JoinCases))
	}
	t.Notes = append(t.Notes, "Reads are the prescribed required_info_calls of each case (without extra discovery queries).")
	return t, nil
}

func buildT8(in *Input) (*Table, error) {
	r := in.Main()
	t := &Table{ID: "T8", Title: "ECS per domain (%)", Columns: []Column{textCol("config", "Config")}}
	for _, d := range r.Domains() {
		t.Columns = append(t.Columns, pctCol(d, d))
	}
	t.Columns = append(t.Columns, pctCol("dm", "D-M"))
	models := r.ModelOf()
	for _, s := range r.Summarize(r.Main()) {
		row := []Cell{Text(s.Config)}
		for _, d := range s.ByDomain {
			row = append(row, rateCell(d))
		}
		t.AddGroupRow(models[s.Config], append(row, Number(s.DM))...)
	}
	t.Notes = append(t.Notes, policyNote(r))
	return emptyBecause(t, "no scored main-condition episodes"), nil
}

// buildFailures is the paper's Figure 5 as a table; each row sums to 1. The infra_failure
// column appears only when --infra-failures fail put such episodes in the denominator.
func buildFailures(in *Input) (*Table, error) {
	r := in.Main()
	t := &Table{ID: "failures", Title: "Failure types per protocol (share of episodes, %)",
		Columns: []Column{textCol("config", "Config"), textCol("protocol", "Protocol"), countCol("n", "Episodes")}}
	mixes := r.FailureMixes(r.Main())
	var keep []int
	for j, ft := range analysis.FailureTypes {
		if ft == oracle.FailInfra && !anyShare(mixes, j) {
			continue
		}
		keep = append(keep, j)
		t.Columns = append(t.Columns, pctCol(ft, strings.ReplaceAll(ft, "_", " ")))
	}
	for _, m := range mixes {
		row := []Cell{Text(m.Config), Text(m.Protocol.Label()), countCell(m.N)}
		for _, j := range keep {
			row = append(row, Number(m.Share[j]))
		}
		t.AddGroupRow(m.Config, row...)
	}
	t.Notes = append(t.Notes, "One failure type per failed episode, named by the condition that ended it (DESIGN §5).", policyNote(r))
	return emptyBecause(t, "no scored main-condition episodes"), nil
}

func anyShare(ms []analysis.FailureMix, j int) bool {
	for _, m := range ms {
		if m.Share[j] > 0 {
			return true
		}
	}
	return false
}

func buildVariance(in *Input) (*Table, error) {
	r := in.Main()
	sums := r.Summarize(r.Main())
	maxRep := 0
	for _, s := range sums {
		maxRep = max(maxRep, len(s.Repeats))
	}
	t := &Table{ID: "variance", Title: "Repeat-to-repeat variation of ECS", Columns: []Column{textCol("config", "Config")}}
	for i := 0; i < maxRep; i++ {
		t.Columns = append(t.Columns, pctCol(fmt.Sprintf("repeat_%d", i+1), fmt.Sprintf("Repeat %d", i+1)))
	}
	t.Columns = append(t.Columns, numCol("std", "Std (points)", 2))
	for k := 1; k <= maxRep; k++ {
		t.Columns = append(t.Columns, pctCol(fmt.Sprintf("pass_%d", k), fmt.Sprintf("pass^%d", k)))
	}
	models := r.ModelOf()
	for _, s := range sums {
		row := []Cell{Text(s.Config)}
		for i := 0; i < maxRep; i++ {
			if i < len(s.RepeatECS) {
				row = append(row, Number(s.RepeatECS[i]))
			} else {
				row = append(row, Empty())
			}
		}
		row = append(row, Number(100*s.RepeatStd))
		cv := r.SelectFrom(r.Main(), analysis.Config(s.Config))
		for k := 1; k <= maxRep; k++ {
			row = append(row, Number(analysis.PassK(cv, k)))
		}
		t.AddGroupRow(models[s.Config], row...)
	}
	t.Notes = append(t.Notes, "Std is the sample standard deviation of the per-repeat ECS. pass^k (τ-bench): mean over cases of C(c,k)/C(n,k) with c successes in n repeats, each case with its own n; cases with fewer than k repeats are left out.")
	return emptyBecause(t, "no scored main-condition episodes"), nil
}

func buildCoverage(in *Input) (*Table, error) {
	rows, reasons, total := in.Main().Coverage()
	t := &Table{ID: "coverage", Title: "Coverage: episodes read, scored and excluded",
		Columns: []Column{textCol("config", "Config"), textCol("condition", "Condition"), countCol("read", "Read"), countCol("scored", "Scored")}}
	for _, x := range reasons {
		t.Columns = append(t.Columns, countCol("excluded_"+x, "Excluded: "+x))
	}
	add := func(group string, row analysis.CoverageRow) {
		cells := []Cell{Text(row.Config), Text(row.Condition), countCell(row.Read), countCell(row.Scored)}
		for _, x := range reasons {
			cells = append(cells, countCell(row.Excluded[x]))
		}
		t.AddGroupRow(group, cells...)
	}
	for _, row := range rows {
		add(row.Config, row)
	}
	add("total", total)
	t.Notes = append(t.Notes, "Read = scored + excluded. Excluded episodes (not completed) are never counted as failures or refusals, as in the paper; --infra-failures fail scores wall-clock timeouts as failures instead.")
	return t, nil
}

// BuildDomains is the domains table of one release (the domains command builds one per
// policy).
func BuildDomains(r *analysis.Release, f analysis.DomainFilter) *Table {
	protos, cells := r.DomainCells(f)
	t := &Table{ID: "domains", Title: "ECS per configuration, domain and protocol (%)",
		Columns: []Column{textCol("config", "Config"), textCol("domain", "Domain")}}
	for _, p := range protos {
		t.Columns = append(t.Columns, pctCol(p.String(), p.Label()))
	}
	t.Columns = append(t.Columns, pctCol("all", "All"), countCol("n", "Episodes"))
	for _, c := range cells {
		row := []Cell{Text(c.Config), Text(c.Domain)}
		for _, x := range c.ByProtocol {
			if x == nil {
				row = append(row, Empty())
			} else {
				row = append(row, rateCell(*x))
			}
		}
		t.AddGroupRow(c.Config, append(row, rateCell(c.All), countCell(c.All.Den))...)
	}
	t.Notes = append(t.Notes, "All pools the protocols shown.", policyNote(r))
	return t
}

func buildDomains(in *Input) (*Table, error) {
	return emptyBecause(BuildDomains(in.Main(), in.Domains), "no scored main-condition episodes match"), nil
}

// emptyBecause adds a one-line reason to a table that came out without rows.
func emptyBecause(t *Table, why string) *Table {
	if len(t.Rows) == 0 && t.Empty == "" {
		t.Empty = why
		t.Notes = append(t.Notes, "Empty: "+why+".")
	}
	return t
}
