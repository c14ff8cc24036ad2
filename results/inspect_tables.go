package results

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/inspect"
)

// Tables of Inspect AI logs: the paired comparison of two logs (or two models) and the
// leaderboard. Their provenance lists every log read (InspectLog), in Meta and in a note.

// InspectLog is one Inspect log a table was built from.
type InspectLog struct {
	Path    string `json:"path"`
	Bytes   int64  `json:"bytes"`
	SHA256  string `json:"sha256"`
	EvalID  string `json:"eval_id"`
	Task    string `json:"task"`
	Model   string `json:"model"`
	Samples int    `json:"samples"`
	// Epochs is the epochs the log configured when more than one: Samples then counts
	// sample × epoch records (as Inspect's total_samples does), not samples.
	Epochs int `json:"epochs,omitempty"`
	// Status is the log's status when it says the run did not complete (cancelled, error,
	// started); empty for success, or when the log does not say.
	Status string `json:"status,omitempty"`
	// Reducers are the epochs reducers other than the mean that the log's header names
	// (eval.config.epochs_reducer, its results' reducer), sorted: its metrics are over
	// scores so reduced, which the tables' means (each sample's epochs averaged) are not.
	Reducers []string `json:"epochs_reducers,omitempty"`
}

// InspectLogOf describes a log read to its end.
func InspectLogOf(l *inspect.Log) InspectLog {
	out := InspectLog{Path: l.File, Bytes: l.Size, SHA256: l.SHA256, EvalID: l.Eval.EvalID, Task: l.Eval.Task, Model: l.Eval.Model, Samples: l.Samples,
		Status: l.Incomplete()}
	if e := l.Eval.Config.Epochs; e > 1 {
		out.Epochs = e
	}
	named := slices.Clone(l.Eval.Config.EpochsReducer)
	if l.Results != nil {
		for _, es := range l.Results.Scores {
			named = append(named, es.Reducer)
		}
	}
	for _, r := range named {
		if r != "" && r != "mean" && !slices.Contains(out.Reducers, r) {
			out.Reducers = append(out.Reducers, r)
		}
	}
	slices.Sort(out.Reducers)
	return out
}

// reducerNote names the logs whose header reduces epochs otherwise than the tables do
// (each sample's epochs averaged), so that a mean here is not taken for the header's.
func reducerNote(logs []InspectLog) []string {
	var parts []string
	for _, l := range logs {
		if len(l.Reducers) > 0 {
			parts = append(parts, fmt.Sprintf("%s (%s)", l.Path, strings.Join(l.Reducers, ", ")))
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return []string{"Reduced otherwise in the header: " + strings.Join(parts, "; ") + ". Such a log's own metrics (its accuracy, its stderr) are over each sample's epochs reduced so; the numbers here average each sample's epochs (the mean reducer) whatever the log names, so they need not equal its header's."}
}

// statusText says what an incomplete log's status means.
func statusText(status string) string {
	why := map[string]string{"cancelled": "the run did not complete", "error": "the run stopped on an error",
		"started": "the log was still being written"}[status]
	if why == "" {
		return "status " + status
	}
	return "status " + status + " (" + why + ")"
}

// NewInspectMeta is the provenance of tables built from Inspect logs: the tool, the logs
// (also as Inputs) and the interval settings.
func NewInspectMeta(tool Tool, logs []InspectLog, spec analysis.IntervalSpec, clusterBy string) *Meta {
	m := &Meta{Tool: tool, Inputs: []InputFile{}, Policies: []PolicyMeta{}, InspectLogs: logs}
	m.Dataset.ID, m.Dataset.Source = "inspect", "Inspect AI logs"
	for _, l := range logs {
		m.Inputs = append(m.Inputs, InputFile{Path: l.Path, Bytes: l.Bytes, SHA256: l.SHA256})
	}
	unit := "sample"
	if clusterBy != "" {
		unit = "cluster"
	}
	// The clusters' key is in the tables' interval description (its unit); their count
	// differs from scorer to scorer and board to board, so no cluster rule is listed.
	m.Intervals = IntervalMeta{Seed: spec.Seed, Resamples: spec.Resamples, Method: spec.Method, Level: spec.Level, Quantile: spec.Quantile,
		Unit: unit, ClusterRules: []ClusterRule{}}
	return m
}

// inspectLogNotes are the provenance notes of the text forms: one per log.
func inspectLogNotes(logs []InspectLog) []string {
	out := make([]string, 0, len(logs))
	for _, l := range logs {
		id := l.EvalID
		if id == "" {
			id = "not stated"
		}
		samples := fmt.Sprintf("%d samples", l.Samples)
		switch {
		case l.Epochs > 1:
			// The tables count samples once whatever their epochs.
			samples = fmt.Sprintf("%d sample-epochs (%d epochs configured)", l.Samples, l.Epochs)
		case l.Samples == 1:
			samples = "1 sample"
		}
		if l.Status != "" {
			samples += ", " + statusText(l.Status)
		}
		// Quoted when it holds ", " or ends in white space ("trail "), as the notes list names.
		model := ingest.ListedNames([]string{l.Model}, ",;")[0]
		out = append(out, fmt.Sprintf("Log %s: %d bytes, SHA-256 %s; eval id %s, task %s, model %s, %s.", l.Path, l.Bytes, l.SHA256, id, l.Task, model, samples))
	}
	return out
}

func scoreCol(key, header string) Column {
	return Column{Key: key, Header: header, Kind: KindNumber, Decimals: 3}
}

func scoreIntervalCol(key, header string, signed bool) Column {
	return Column{Key: key, Header: header, Kind: KindInterval, Decimals: 3, Signed: signed}
}

// inspectScoreNote says what a score is.
const inspectScoreNote = "Scores: Inspect's value_to_float (C = 1, P = 0.5, I = N = 0, numbers and booleans as they are; other values unscored), each sample's scored epochs averaged (Inspect's mean reducer), then the mean over samples."

// InspectCompare is what BuildInspectCompare needs.
type InspectCompare struct {
	A, B         string // the arms as the user named them
	ADesc, BDesc string // what each arm is: "log X" or "model M: N logs"
	Diffs        []analysis.InspectDiff
	ClusterBy    string
	Logs         []InspectLog
	// NoSamplesA and NoSamplesB: the arm read no sample at all (a log without samples),
	// rather than samples without a score.
	NoSamplesA, NoSamplesB bool
	// Unused names the logs read that are in neither arm (two models of a set of logs):
	// not in Logs, which is what the table was built from.
	Unused []string
}

// BuildInspectCompare is the table of `compare --inspect`: one row per scorer.
func BuildInspectCompare(c InspectCompare, o analysis.StatOptions) *Table {
	spec := analysis.InspectIntervals(o, c.ClusterBy)
	// A and B as the user named them; one with white space at an end ("trail ") quoted.
	ab := ingest.ListedNames([]string{c.A, c.B}, "")
	t := &Table{ID: "compare-inspect", Title: fmt.Sprintf("Paired comparison of Inspect logs: A = %s, B = %s", ab[0], ab[1])}
	iv := &Intervals{Spec: spec}
	t.Intervals = iv
	t.Columns = []Column{textCol("scorer", "Scorer"), countCol("samples", "Shared samples"),
		scoreCol("mean_a", "Mean A"), scoreCol("mean_b", "Mean B"), scoreIntervalCol("delta", iv.header("Δ A − B"), true),
		countCol("units", "Units"), pCol("p_bootstrap", "Bootstrap p"),
		countCol("only_a", "Only A correct"), countCol("only_b", "Only B correct"), pCol("mcnemar_p", "McNemar p"),
		textCol("test", "Test"), adjustedCol("p_adj", o), countCol("unpaired_a", "Only in A"), countCol("unpaired_b", "Only in B")}
	ps := make([]float64, len(c.Diffs))
	for i, d := range c.Diffs {
		ps[i] = d.PTest
		row := []Cell{Text(d.Scorer), countCell(d.Cases), Number(d.MeanA), Number(d.MeanB)}
		if d.Cases == 0 {
			row = append(row, Empty(), Empty(), Empty(), Empty(), Empty(), Empty(), Text("none"), Empty())
		} else {
			row = append(row, iv.cell(t, d.Scorer, "delta", d.Estimate), countCell(d.Units), PValue(d.P))
			if d.Binary {
				row = append(row, countCell(d.WinsA), countCell(d.WinsB), PValue(d.McNemarP))
			} else {
				row = append(row, Empty(), Empty(), Empty())
			}
			row = append(row, Text(d.Test), PValue(d.PAdj))
		}
		row = append(row, countCell(d.UnpairedA), countCell(d.UnpairedB))
		t.AddRow(row...)
	}
	shared, inA, inB := 0, 0, 0
	for _, d := range c.Diffs {
		shared += d.Cases
		inA += d.Cases + d.UnpairedA
		inB += d.Cases + d.UnpairedB
	}
	var why string // the rows are there, their values empty: the note says why
	switch {
	case len(c.Diffs) == 0:
		t.Empty = "neither A nor B declares or carries a scorer: nothing to compare"
	case inA == 0 && inB == 0:
		why = "neither A nor B has a scored sample: nothing to compare"
	case inA == 0 && c.NoSamplesA:
		why = "A has no samples (a log without samples): nothing to compare"
	case inA == 0:
		why = "A has no scored sample (its samples carry no score): nothing to compare"
	case inB == 0 && c.NoSamplesB:
		why = "B has no samples (a log without samples): nothing to compare"
	case inB == 0:
		why = "B has no scored sample (its samples carry no score): nothing to compare"
	case shared == 0:
		why = "no sample was scored by both A and B with the same scorer: nothing to compare"
	}
	t.Notes = append(t.Notes,
		fmt.Sprintf("A = %s; B = %s. Compared on the samples both scored, scorer by scorer; Only in A / Only in B count the samples one side alone scored.", c.ADesc, c.BDesc),
		inspectScoreNote)
	t.Notes = append(t.Notes, iv.notes()...)
	t.Notes = append(t.Notes,
		cmp.Or(drawnOnly(o, "Both arms use the same draw of units; Bootstrap p: two-sided, of Δ = 0."), noResamplesP("Bootstrap p")),
		"Only A / only B correct: samples whose scores are all 0 or 1, by majority over epochs (a tie fails); McNemar: exact two-sided p on those counts, for binary scorers.",
		familyNote(o, ps, inspectTestFamily(c.ClusterBy), noBootstrapP)+inspectFamilyMembers(c.Diffs))
	if t.Empty != "" {
		why = t.Empty
	}
	if why != "" {
		t.Notes = append(t.Notes, why+".")
	} else if n := uncomparedNote(c.Diffs); n != "" {
		t.Notes = append(t.Notes, n)
	}
	var errored, limited, unscored []string
	for _, d := range c.Diffs {
		for _, arm := range []struct {
			name string
			f    analysis.Failures
		}{{"A", d.FailuresA}, {"B", d.FailuresB}} {
			if arm.f.Errored > 0 {
				errored = append(errored, fmt.Sprintf("%s · %s %s", d.Scorer, arm.name, sampleEpochs(arm.f.Errored)))
			}
			if n := unscoredText(arm.f); n != "" {
				unscored = append(unscored, fmt.Sprintf("%s · %s %s", d.Scorer, arm.name, n))
			}
			if arm.f.Limited > 0 {
				limited = append(limited, fmt.Sprintf("%s · %s %s (%s)", d.Scorer, arm.name, sampleEpochs(arm.f.Limited), strings.Join(arm.f.Limits, ", ")))
			}
		}
	}
	t.Notes = append(t.Notes, failureNotes(errored, limited, unscored, "the comparison")...)
	for _, d := range c.Diffs {
		if d.OtherType > 0 {
			t.Notes = append(t.Notes, fmt.Sprintf("%s: %d of the samples only in A have the id of one only in B written as the other JSON type (a string in one log, a number in the other): \"1\" and 1 are different sample ids to Inspect, and are not paired.", d.Scorer, d.OtherType))
		}
	}
	if len(c.Unused) > 0 {
		t.Notes = append(t.Notes, "Read but in neither arm, and not in the comparison: "+strings.Join(c.Unused, "; ")+".")
	}
	t.Notes = append(t.Notes, reducerNote(c.Logs)...)
	t.Notes = append(t.Notes, inspectLogNotes(c.Logs)...)
	return t
}

// failureNotes name the sample-epochs that errored without a score (every statistic
// leaves them out, as Inspect's metrics do, so a rate is over the samples that did not
// fail) and those that hit a limit (scored on what they left, where scored).
func failureNotes(errored, limited, unscored []string, of string) []string {
	var out []string
	if len(errored) > 0 {
		out = append(out, "Errored without a score, and so left out of "+of+": "+strings.Join(errored, "; ")+".")
	}
	if len(unscored) > 0 {
		out = append(out, "Without a numeric score, and so left out of "+of+": "+strings.Join(unscored, "; ")+". Inspect's own metrics leave out a sample-epoch without a score (or scored NaN) too, but count a value its value_to_float cannot map as 0.")
	}
	if len(limited) > 0 {
		out = append(out, "Hit a limit (kept when scored, on what the sample had done): "+strings.Join(limited, "; ")+".")
	}
	return out
}

// unscoredText counts the sample-epochs without a numeric score that did not error, by
// why: "" when none.
func unscoredText(f analysis.Failures) string {
	var parts []string
	if f.Unscored > 0 {
		parts = append(parts, sampleEpochs(f.Unscored)+" without a score")
	}
	if f.Unmapped > 0 {
		parts = append(parts, sampleEpochs(f.Unmapped)+" whose value value_to_float cannot map (a list, an unknown string)")
	}
	return strings.Join(parts, " and ")
}

func sampleEpochs(n int) string {
	if n == 1 {
		return "1 sample-epoch"
	}
	return fmt.Sprintf("%d sample-epochs", n)
}

// uncomparedNote says why a scorer's row is empty when others' are not (the table-wide
// reasons cover the rest): a scorer only one log ran, or ran on other samples.
func uncomparedNote(diffs []analysis.InspectDiff) string {
	var parts []string
	for _, d := range diffs {
		if d.Cases > 0 {
			continue
		}
		var why string
		switch {
		case d.UnpairedA > 0 && d.UnpairedB == 0:
			why = fmt.Sprintf("only A scored it, on %d of its samples", d.UnpairedA)
		case d.UnpairedB > 0 && d.UnpairedA == 0:
			why = fmt.Sprintf("only B scored it, on %d of its samples", d.UnpairedB)
		case d.UnpairedA > 0:
			why = fmt.Sprintf("A and B scored it on different samples, %d only in A and %d only in B", d.UnpairedA, d.UnpairedB)
		default:
			why = "declared, but neither A nor B has a sample it scored"
		}
		parts = append(parts, d.Scorer+" ("+why+")")
	}
	if len(parts) == 0 {
		return ""
	}
	return "Not compared, no sample scored by both: " + strings.Join(parts, "; ") + "."
}

// BuildInspectLeaderboard is the table of `leaderboard --inspect`: one row per model of
// each board (task, --by group, scorer).
func BuildInspectLeaderboard(b *analysis.InspectBoard, by, clusterBy string, passK []int, logs []InspectLog, o analysis.StatOptions) *Table {
	spec := analysis.InspectIntervals(o, clusterBy)
	t := &Table{ID: "leaderboard-inspect", Title: "Leaderboard of Inspect logs"}
	iv := &Intervals{Spec: spec}
	t.Intervals = iv
	t.Columns = []Column{textCol("task", "Task")}
	if by != "" {
		t.Columns = append(t.Columns, textCol("by", "metadata."+by))
	}
	t.Columns = append(t.Columns, textCol("scorer", "Scorer"), textCol("model", "Model"),
		scoreIntervalCol("mean", iv.header("Mean"), false), rankSetCol("rank", b.Level, o.Resamples),
		countCol("samples", "Samples"), countCol("rows", "Scored epochs"), countCol("logs", "Logs"))
	for _, k := range passK {
		t.Columns = append(t.Columns, scoreCol(fmt.Sprintf("pass%d_planned", k), fmt.Sprintf("pass^%d (planned)", k)),
			scoreCol(fmt.Sprintf("pass%d_per_case", k), fmt.Sprintf("pass^%d (per-case)", k)))
	}
	notBinary := 0
	var partial, errored, limited, unscored []string
	pooled := map[string]bool{}
	for _, e := range b.Entries {
		group := e.Task
		if by != "" {
			group += " · " + e.Group
		}
		group += " · " + e.Scorer
		row := []Cell{Text(e.Task)}
		if by != "" {
			row = append(row, Text(e.Group))
		}
		// The board as well as the model: with several boards (tasks, scorers, --by
		// groups) a model's intervals would otherwise be named alike in the caveats.
		label := group + " · " + e.Model
		row = append(row, Text(e.Scorer), Text(e.Model), iv.cell(t, label, "mean", e.Estimate), inspectRankCell(e),
			countCell(e.Samples), countCell(e.Rows), countCell(len(e.Logs)))
		for i := range passK {
			if len(e.PassKPlanned) == 0 {
				row = append(row, Empty(), Empty())
				continue
			}
			row = append(row, Number(e.PassKPlanned[i].Value), Number(passKAt(e.PassKPerCase, i)))
		}
		if e.NotBinary {
			notBinary++
		}
		if f := e.Failures; f.Errored > 0 {
			errored = append(errored, fmt.Sprintf("%s · %s %s", group, e.Model, sampleEpochs(f.Errored)))
		}
		if n := unscoredText(e.Failures); n != "" {
			unscored = append(unscored, fmt.Sprintf("%s · %s %s", group, e.Model, n))
		}
		if f := e.Failures; f.Limited > 0 {
			limited = append(limited, fmt.Sprintf("%s · %s %s (%s)", group, e.Model, sampleEpochs(f.Limited), strings.Join(f.Limits, ", ")))
		}
		if n := passKPartial(e, passK); n != "" {
			partial = append(partial, group+" · "+e.Model+": "+n)
		}
		if len(e.Logs) > 1 {
			pooled[fmt.Sprintf("%s on %s: %s", e.Model, e.Task, strings.Join(e.Logs, ", "))] = true
		}
		t.AddGroupRow(group, row...)
	}
	if len(b.Entries) == 0 {
		t.Empty = "no log has a scored sample"
	}
	t.Notes = append(t.Notes, "One board per task"+map[bool]string{true: ", metadata." + by + " value", false: ""}[by != ""]+" and scorer; models pooled over their logs of the task. "+inspectScoreNote)
	t.Notes = append(t.Notes, iv.notes()...)
	rankSet := fmt.Sprintf("Rank set: simultaneous %s confidence set for the rank (max-|t| procedure of Mogstad, Romano, Shaikh & Wilhelm 2024, two-sided, stepwise, as R's csranks) from the same resamples, one draw per board shared by its models.", rankLevelText(b.Level))
	if iv.Spec.Resamples == 0 {
		rankSet = "No rank sets (--resamples 0), so the bounds are empty."
	}
	t.Notes = append(t.Notes, "Rank: competition rank by mean (ties share the best rank). "+rankSet+" A model with fewer than two samples (or clusters) of its own is not ranked: its mean never varies under resampling, which would make its place look certain.")
	t.Notes = append(t.Notes, fewerSamplesNote(b)...)
	t.Notes = append(t.Notes, failureNotes(errored, limited, unscored, "the means")...)
	for _, bi := range b.Boards {
		if bi.Used < bi.Requested {
			t.Notes = append(t.Notes, fmt.Sprintf("Board %s%s · %s: rank sets from %d of %d replicates (in the others some model had no sample drawn).", bi.Task, groupSuffix(bi.Group), bi.Scorer, bi.Used, bi.Requested))
		}
	}
	if len(passK) > 0 {
		t.Notes = append(t.Notes, "Planned: "+bootstrap.PassKPlanned.Describe()+", the planned repeats being the epochs each log configured; a k above them has no value.",
			"Per-case: "+bootstrap.PassKPerCase.Describe()+", repeats being scored epochs.",
			// Every printed estimate has an interval or says why not.
			"pass^k has no interval: the board's bootstrap draws the means and rank sets only.")
		if notBinary > 0 {
			rows := fmt.Sprintf("%d rows whose scores are", notBinary)
			if notBinary == 1 {
				rows = "1 row whose scores are"
			}
			t.Notes = append(t.Notes, "pass^k is empty for "+rows+" not all 0 or 1.")
		}
		if len(partial) > 0 {
			t.Notes = append(t.Notes, "pass^k over part of a row's samples: "+strings.Join(partial, "; ")+".")
		}
	}
	t.Notes = append(t.Notes, neverRanNote(b, by, len(passK) > 0, logs)...)
	onBoard := map[string]bool{}
	for _, e := range b.Entries {
		for _, l := range e.Logs {
			onBoard[l] = true
		}
	}
	var off []string
	for _, l := range logs {
		if !onBoard[l.Path] {
			why := "no scored sample"
			if l.Samples == 0 {
				why = "no samples"
			}
			off = append(off, fmt.Sprintf("%s (%s)", l.Path, why))
		}
	}
	if len(off) > 0 {
		t.Notes = append(t.Notes, "On no board: "+strings.Join(off, "; ")+".")
	}
	var notScored []string
	for _, ls := range b.NotScored {
		if onBoard[ls.Log] { // a log on no board is named above
			notScored = append(notScored, ls.Log+": "+ls.Scorer)
		}
	}
	if len(notScored) > 0 {
		t.Notes = append(t.Notes, "Scorers no sample of a log scored, so that the log is on none of their boards: "+strings.Join(notScored, "; ")+".")
	}
	for _, p := range slices.Sorted(maps.Keys(pooled)) {
		// The pooling is by sample id (analysis.LeaderboardInspect), which the list of logs
		// alone does not say.
		t.Notes = append(t.Notes, "Pooled: "+p+"; a sample in more than one of these logs counts once, with the mean of its scored epochs in all of them.")
	}
	if t.Empty != "" {
		t.Notes = append(t.Notes, t.Empty+".")
	}
	t.Notes = append(t.Notes, reducerNote(logs)...)
	t.Notes = append(t.Notes, inspectLogNotes(logs)...)
	return t
}

// fewerSamplesNote names the models a board ranks beside the others although they were
// scored on fewer of its samples (a log cut short, another run on part of the dataset):
// their means and ranks are not on the same samples as the others'.
func fewerSamplesNote(b *analysis.InspectBoard) []string {
	var parts []string
	for _, bi := range b.Boards {
		var short []string
		for _, e := range b.Entries {
			if e.Task == bi.Task && e.Group == bi.Group && e.Scorer == bi.Scorer && e.Samples < bi.Samples {
				short = append(short, fmt.Sprintf("%s %d", e.Model, e.Samples))
			}
		}
		if len(short) > 0 {
			parts = append(parts, fmt.Sprintf("%s%s · %s (%d): %s", bi.Task, groupSuffix(bi.Group), bi.Scorer, bi.Samples, strings.Join(short, ", ")))
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return []string{"Scored on fewer samples than their board's models together: " + strings.Join(parts, "; ") + "; their means and ranks rest on those samples only, not on the same samples as the others'."}
}

// passKPartial says which of e's pass^k values leave some of its samples out: per-case,
// those with fewer than k scored epochs; planned, those planned fewer than k epochs,
// which happens only when pooled logs plan samples unequally (with one plan a k above
// it has no value). "" when every value counts every sample.
func passKPartial(e analysis.InspectEntry, passK []int) string {
	var parts []string
	for i, k := range passK {
		if i < len(e.PassKPlanned) {
			if p := e.PassKPlanned[i]; !math.IsNaN(p.Value) && p.Cases < len(p.PerCase) {
				parts = append(parts, fmt.Sprintf("pass^%d (planned) over %d of %d samples (those planned at least %d epochs: %s)", k, p.Cases, len(p.PerCase), k, unequalPlanWhy(e)))
			}
		}
		if i < len(e.PassKPerCase) {
			if p := e.PassKPerCase[i]; !math.IsNaN(p.Value) && p.Cases < len(p.PerCase) {
				parts = append(parts, fmt.Sprintf("pass^%d (per-case) over %d of %d (those with at least %d scored epochs)", k, p.Cases, len(p.PerCase), k))
			}
		}
	}
	return strings.Join(parts, "; ")
}

// unequalPlanWhy says why e's samples are planned unequally: pooled logs whose headers plan
// them so, or samples scored on more epochs than their logs' headers plan (a header that
// states no epochs plans one), whose plan is then their scored epochs.
func unequalPlanWhy(e analysis.InspectEntry) string {
	var why []string
	if e.UnequalPlans {
		why = append(why, "the logs pooled plan samples unequally")
	}
	if e.ScoredOverPlan > 0 {
		why = append(why, fmt.Sprintf("%s scored on more epochs than the headers of their logs plan, each planned as its scored epochs", ingest.Plural(e.ScoredOverPlan, "sample")))
	}
	return strings.Join(why, "; ")
}

func groupSuffix(g string) string {
	if g == "" {
		return ""
	}
	return " · " + g
}

func passKAt(ps []bootstrap.PassK, i int) float64 {
	if i >= len(ps) {
		return math.NaN()
	}
	return ps[i].Value
}

// inspectRankCell is an entry's rank with its set; bounds empty when none was computed.
func inspectRankCell(e analysis.InspectEntry) Cell {
	if e.Rank == 0 {
		return Empty()
	}
	if e.Set.Lo == 0 {
		return Interval(float64(e.Rank), math.NaN(), math.NaN())
	}
	return Interval(float64(e.Rank), float64(e.Set.Lo), float64(e.Set.Hi))
}

// inspectTestFamily names the family of compare --inspect's tests: with clusters resampled
// every scorer's test is the cluster bootstrap p, since McNemar takes the samples as
// independent pairs.
// inspectFamilyMembers names, when some scorers have no test, the scorers in the family and
// why each other one is not: a count alone ("the 1 per-scorer tests") leaves a reader to
// work out which rows were adjusted together.
func inspectFamilyMembers(ds []analysis.InspectDiff) string {
	var in, out []string
	for _, d := range ds {
		switch {
		case d.PTest == d.PTest:
			in = append(in, d.Scorer+" ("+d.Test+")")
		case d.Cases == 0:
			out = append(out, d.Scorer+" (no sample scored by both A and B)")
		case d.Test == "bootstrap":
			out = append(out, d.Scorer+" (no bootstrap p: "+noBootstrapP+")")
		default:
			out = append(out, d.Scorer+" (no "+d.Test+" p)")
		}
	}
	if len(in) == 0 || len(out) == 0 {
		return ""
	}
	return " In the family: " + strings.Join(in, ", ") + "; not in it: " + strings.Join(out, "; ") + "."
}

func inspectTestFamily(clusterBy string) string {
	if clusterBy != "" {
		return "per-scorer tests (the cluster bootstrap p for every scorer: McNemar takes the samples as independent, the clusters not)"
	}
	return "per-scorer tests (McNemar for a binary scorer, the bootstrap p otherwise)"
}

// neverRanNote counts the samples a log's header planned (dataset.sample_ids, each for
// its configured epochs) that the log never ran, as a cancelled run leaves them, and says
// how the planned pass^k treats them: as failures, the plan being Inspect's own; the
// means and the per-case convention are over the samples that ran. With --by they have
// no metadata value, so no board holds them.
func neverRanNote(b *analysis.InspectBoard, by string, passK bool, logs []InspectLog) []string {
	var parts []string
	planned := false // a row with planned pass^k
	for _, e := range b.Entries {
		if e.NeverRan > 0 {
			parts = append(parts, fmt.Sprintf("%s%s · %s · %s: %s", e.Task, groupSuffix(e.Group), e.Scorer, e.Model, ingest.Plural(e.NeverRan, "sample")))
			planned = planned || len(e.PassKPlanned) > 0
		}
	}
	switch {
	case len(parts) > 0 && planned:
		return []string{"Planned pass^k counts the samples a log's header plans (its dataset sample ids, each for its configured epochs) that no log of the row ran, as a stopped run leaves them, as failing every planned epoch; the mean, Samples and per-case pass^k are over the samples that ran. Never run: " + strings.Join(parts, "; ") + "."}
	case len(parts) > 0:
		// Without pass^k the samples never run are in no figure: say how many, so that a
		// mean over the samples a stopped run reached is not read as over its plan.
		return []string{"The mean and Samples are over the samples that ran; a log's header plans samples (its dataset sample ids) that no log of the row ran, as a stopped run leaves them. Never run: " + strings.Join(parts, "; ") + "."}
	}
	if by == "" {
		return nil
	}
	var stopped []string
	for _, l := range logs {
		if l.Status != "" {
			stopped = append(stopped, l.Path+" ("+statusText(l.Status)+")")
		}
	}
	if len(stopped) == 0 {
		return nil
	}
	over := "the mean and Samples are"
	if passK {
		over = "planned pass^k is"
	}
	return []string{"With --by, a sample a log planned but never ran has no metadata value, so no board holds it: " + over + " over the samples that ran (logs that did not complete: " + strings.Join(stopped, "; ") + ")."}
}
