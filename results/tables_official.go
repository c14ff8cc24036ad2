package results

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/oracle"
)

// The tables of a bench whose task success is the benchmark's own verdict (cases with
// action rules, the τ-bench domains): the benchmark's verdict beside the authorized
// success, per policy, with pass^k of both, and the episodes the benchmark passes although
// an action was not authorized.

// OfficialRegistry holds them, in report order; they are in the report of such a bench
// only (RulesApply), and `tables` finds them by id.
var OfficialRegistry = []Spec{
	{"official", "Benchmark reward vs authorized success (%)", NeedPolicies, buildOfficial, optIntervals | optScored | OptAdjust | OptPolicies},
	{"official_passk", "pass^k of the benchmark reward and of authorized success (%)", NeedRelease, buildOfficialPassK, optIntervals | optScored},
	{"official_unauthorized", "Episodes the benchmark passes although an action was not authorized", NeedRelease, buildOfficialUnauthorized, OptPolicy | OptDedupe},
}

// OfficialNotApplicable is why the official tables are empty, and not in the report, for
// a bench whose cases do not take task success from the benchmark's own verdict.
const OfficialNotApplicable = "the cases do not take task success from the benchmark's own verdict (task_success \"official\": benches with action rules, such as tau-bench:airline)"

func buildOfficial(in *Input) (*Table, error) {
	main, o := in.Main(), in.Stats
	t := &Table{ID: "official", Title: "Benchmark reward vs authorized success (%)"}
	t.Columns = []Column{textCol("policy", "Policy"), textCol("config", "Config"), countCol("episodes", "Episodes"), countCol("tasks", "Tasks"),
		rateCol(o, "reward", "Reward success"), rateCol(o, "authorized", "Authorized success"),
		deltaCol("delta", "Δ reward − authorized"), countCol("only_reward", "Reward only"), countCol("only_authorized", "Authorized only"),
		pCol("mcnemar_p", "McNemar p (exact)"), adjustedCol("mcnemar_p_adj", o)}
	if o.Resamples == 0 {
		t.Columns[6].Kind = KindPercent
	}
	if !main.OfficialTasks() {
		return emptyBecause(t, OfficialNotApplicable), nil
	}
	iv := rateIntervals(t, main, o)
	ks := []int{1}
	// Every row's McNemar test is of one family (policies × configurations), adjusted
	// together as the other tables' families are.
	type row struct {
		label string
		x     analysis.OfficialRow
	}
	var rows []row
	var ps []float64
	for _, r := range distinctReleases(in) {
		xs, err := r.rel.OfficialVsOracle(r.rel.Main(), ks, o)
		if err != nil {
			return nil, err
		}
		for _, x := range xs {
			rows = append(rows, row{r.label, x})
			ps = append(ps, x.McNemarP)
		}
	}
	adj := o.Adjust.Apply(ps)
	for i, rw := range rows {
		x := rw.x
		label := rw.label + " " + x.Config
		delta := Number(x.Diff.X)
		if iv != nil {
			delta = iv.cell(t, label, "delta", x.Diff)
		}
		t.AddGroupRow(rw.label, Text(rw.label), Text(x.Config), countCell(x.Episodes), countCell(x.Cases),
			rateCI(iv, t, label, "reward", x.Official), rateCI(iv, t, label, "authorized", x.Oracle), delta,
			countCell(x.OnlyOfficial), countCell(x.OnlyOracle), PValue(x.McNemarP), PValue(adj[i]))
	}
	t.Notes = append(t.Notes,
		"Reward success: the benchmark's own verdict (official.successful: τ-bench's reward is 1). Authorized success: the reward is 1 and every database write was authorized under the policy (its entity reads and the confirmation it requires came before it).",
		oracle.AuthorizedLimit,
		"Both columns are over the same scored episodes; Δ is paired on them"+drawnOnly(o, ", its interval resamples "+drawnTasks(o, "tasks (every trial of a drawn task comes along")+", both columns from one draw). Reward and Authorized success resample the "+tasksUnit(o)+" in the draw official_passk's rows use: where every task ran its planned trials, its pass^1 is the rate here, with the same interval")+".",
		"Reward only / Authorized only: episodes one verdict passes and the other fails (Authorized only is 0 by construction); McNemar p: exact two-sided binomial test over them, episodes as the pairs (trials of a task are not independent"+drawnOnly(o, ": read the resampled interval for the uncertainty")+").",
		familyNote(o, ps, "McNemar tests (one per policy and configuration)", noRowsOr(len(rows), noSharedCase)))
	finishRates(t, iv)
	for _, r := range distinctReleases(in) {
		t.Notes = append(t.Notes, r.rel.Policy.String())
	}
	return emptyBecause(t, "no scored episode carries the benchmark's own verdict"), nil
}

// labelledRelease is one distinct policy setting of the input, labelled with every name
// that has it.
type labelledRelease struct {
	label string
	rel   *analysis.Release
}

// distinctReleases lists the input's releases, one per distinct setting (presets with the
// same settings score alike), in order.
func distinctReleases(in *Input) []labelledRelease {
	var out []labelledRelease
	for _, g := range analysis.NewPolicyComparison(in.Releases).Distinct() {
		out = append(out, labelledRelease{label: g.Label(), rel: g.Release})
	}
	return out
}

func buildOfficialPassK(in *Input) (*Table, error) {
	r, o := in.Main(), in.Stats
	t := &Table{ID: "official_passk", Title: "pass^k of the benchmark reward and of authorized success (%)"}
	t.Columns = []Column{textCol("config", "Config"), textCol("convention", "Convention"), countCol("k", "k"),
		rateCol(o, "reward", "Reward pass^k"), rateCol(o, "authorized", "Authorized pass^k")}
	if !r.OfficialTasks() {
		return emptyBecause(t, OfficialNotApplicable), nil
	}
	iv := rateIntervals(t, r, o)
	rows, err := r.OfficialVsOracle(r.Main(), []int{1, 2, 3, 4, 5, 8}, o)
	if err != nil {
		return nil, err
	}
	var fewer []string // per-case rows over fewer tasks than their configuration ran
	for _, x := range rows {
		var ks []string
		for _, pk := range x.PassK {
			label := fmt.Sprintf("%s %s k=%d", x.Config, pk.Convention, pk.K)
			t.AddGroupRow(x.Config, Text(x.Config), Text(pk.Convention.String()), countCell(pk.K),
				rateCI(iv, t, label, "reward", pk.Official), rateCI(iv, t, label, "authorized", pk.Oracle))
			if pk.Convention == bootstrap.PassKPerCase && pk.Tasks < x.Cases {
				ks = append(ks, fmt.Sprintf("pass^%d %d", pk.K, pk.Tasks))
			}
		}
		if len(ks) > 0 {
			fewer = append(fewer, fmt.Sprintf("%s (of %d tasks): %s", x.Config, x.Cases, strings.Join(ks, ", ")))
		}
	}
	t.Notes = append(t.Notes,
		"pass^k = mean over tasks of C(c,k)/C(n,k), c the successful trials of n. planned: n is the trials planned per task (the configuration's most), a missing trial fails (τ-bench); per-case: n is the task's own scored trials, tasks with fewer than k left out (τ²-bench). k runs up to the planned trials.",
		"Reward: the benchmark's own verdict; Authorized: reward 1 and every write authorized."+drawnOnly(o, " Intervals resample the configuration's "+drawnTasks(o, "tasks (a drawn task brings all its trials")+"), one draw for both columns and every row of the configuration, the draw of the official table's rates: equal values have equal intervals, in this table and across the two (pass^1 is the official table's rate where every task ran its planned trials)."),
		oracle.AuthorizedLimit, policyNote(r))
	if len(fewer) > 0 {
		t.Notes = append(t.Notes, "Per-case rows over fewer tasks than the configuration ran (those with fewer than k trials left out), with the tasks they count: "+strings.Join(fewer, "; ")+".")
	}
	finishRates(t, iv)
	return emptyBecause(t, "no scored episode carries the benchmark's own verdict"), nil
}

// maxUnauthorizedRows caps the listing; the note says how many were left out.
const maxUnauthorizedRows = 200

func buildOfficialUnauthorized(in *Input) (*Table, error) {
	r := in.Main()
	t := &Table{ID: "official_unauthorized", Title: "Episodes the benchmark passes although an action was not authorized",
		Columns: []Column{textCol("run_id", "Run"), textCol("config", "Config"), textCol("case_id", "Case"), countCol("repeat", "Trial"),
			textCol("outcome", "Outcome"), countCol("unauthorized_event", "Unauthorized write (event)"), textCol("unauthorized_tool", "Tool"),
			textCol("missing", "Missing"), countCol("authorized_writes", "Authorized writes")}}
	if !r.OfficialTasks() {
		return emptyBecause(t, OfficialNotApplicable), nil
	}
	list := r.OfficialPassedUnauthorized()
	// Verdicts read from a verdict dataset keep no detail: the three columns of where the
	// chain broke are left out, saying so, rather than printed empty.
	known := true
	for _, v := range list {
		known = known && v.UnauthorizedKnown
	}
	if !known {
		t.Columns = append(t.Columns[:5:5], t.Columns[8])
	}
	for i, v := range list {
		if i == maxUnauthorizedRows {
			t.Notes = append(t.Notes, fmt.Sprintf("%d more episodes are not listed.", len(list)-maxUnauthorizedRows))
			break
		}
		cells := []Cell{Text(v.RunID), Text(v.Config), Text(v.CaseID), countCell(v.Repeat), Text(v.Outcome)}
		if known { // the first write may have been authorized: the row names the first that was not
			w := v.Unauthorized
			cells = append(cells, countCell(w.Event), Text(w.Tool), Text(strings.Join(w.Missing, ", ")))
		}
		t.AddRow(append(cells, countCell(v.ExecutedCommits))...)
	}
	if !known {
		t.Notes = append(t.Notes, "Left out: the columns Unauthorized write (event), Tool and Missing (where each chain broke): the verdicts come from a verdict dataset, which keeps no detail, without the episodes to score again. Build the table from the episodes (--runs), or run explain RUN.")
	}
	// The viewer has the episode's page only when built from the episodes: report
	// --verdicts writes none (it has no episodes to show).
	chain := "`sabench-stats explain RUN` (with the same --bench, --runs and --policy), or the episode's page in the viewer (index.html)"
	if !known {
		chain = "`sabench-stats explain RUN` with the episodes the dataset was scored from (the same --bench and --policy, their --runs), or the episode's page in the viewer report writes from them (index.html; report --verdicts writes no viewer)"
	}
	where := "Unauthorized write: the event index and tool of the episode's first write that was not authorized (where its chain broke; an earlier write may have been authorized), Missing the requirements its gate lacked (the rules' ids, as explain and score --detail name them); Authorized writes: how many of its writes were authorized."
	if !known {
		where = "Authorized writes: how many of the episode's writes were authorized."
	}
	t.Notes = append(t.Notes,
		"Each row: the benchmark's reward is 1, but at least one database write lacked an entity read its rules require (the user's authentication, the record it acts on, a payment method it charges, an item it orders) or the confirmation the policy requires. Where the chain broke: "+chain+".",
		where, oracle.AuthorizedLimit, policyNote(r))
	return emptyBecause(t, "every episode the benchmark passes had all its writes authorized"), nil
}

// RulesApply reports why a registry table does not apply to a bench whose task success is
// the benchmark's own verdict (action-rules cases such as the τ-bench domains), or "" when
// it does. Such cases have no SafeActBench protocols, static judgments, conditions, case
// sets, prescribed reads or shared harness.
func RulesApply(id string) string {
	switch strings.ToLower(id) {
	case "t1":
		return "T1 does not apply: it counts SafeActBench's protocols; the τ-bench cases are all one kind (every write gated by the domain's rules)"
	case "t3":
		return "T3 does not apply: its diagnostic rates are defined per SafeActBench protocol (V0 stops, V1 first action, V2/V3 workflows); the official table gives the τ-bench comparison"
	case "t4", "disagreement":
		name := "T4"
		if strings.EqualFold(id, "disagreement") {
			name = "disagreement" // the table's id, as the other reasons name theirs
		}
		return name + " does not apply: it pairs a family harness with a shared one (Inspect) per model; τ-bench trajectories come from one harness per configuration"
	case "t7":
		return "T7 does not apply: it describes prescribed reads and workflow shapes; τ-bench cases prescribe none (the rules say which read must precede each write)"
	case "t9", "t10":
		return strings.ToUpper(id) + " does not apply: it compares static judgments with interactive runs on SafeActBench case sets; τ-bench has no static judgments"
	case "t13", "t14":
		return strings.ToUpper(id) + " does not apply: it compares SafeActBench strategy conditions (scgr_eg, scgr_select) with main; τ-bench has none"
	case "interventions":
		return "interventions does not apply: it needs SafeActBench's evidence-intervention variants (withheld, contradicted, …); τ-bench has none"
	}
	return ""
}

// CheckApply refuses, naming why, a table of specs that does not apply (RulesApply) when the
// bench's task success is the benchmark's own verdict: built, it would compute SafeActBench's
// protocol, case-set or harness metrics over cases that have none of them.
func CheckApply(specs []Spec, official bool) error {
	if !official {
		return nil
	}
	for _, s := range specs {
		if why := RulesApply(s.ID); why != "" {
			return errors.New(why)
		}
	}
	return nil
}

// tasksUnit is what the official draw resamples: the tasks, or their clusters under
// --clustered (as the Intervals note names them).
func tasksUnit(o analysis.StatOptions) string {
	if o.Clustered {
		return "clusters of tasks"
	}
	return "tasks"
}

// drawnTasks is what the official draw resamples with what a drawn unit brings, an
// opening parenthesis left open: tasks (the caller's words), or under --clustered their
// clusters.
func drawnTasks(o analysis.StatOptions, tasks string) string {
	if o.Clustered {
		return "clusters of tasks (a drawn cluster brings every task it holds, each with all its trials"
	}
	return tasks
}
