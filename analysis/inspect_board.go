package analysis

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest/inspect"
	"github.com/sabench/sabench-stats/ingest/paths"
)

// InspectBoardOptions shape LeaderboardInspect.
type InspectBoardOptions struct {
	// By is a sample-metadata key: one leaderboard per value (a sample without the key
	// goes to MissingGroup).
	By string
	// ClusterBy is a sample-metadata key whose clusters the bootstrap resamples instead
	// of samples.
	ClusterBy string
	// PassK lists the k of pass^k over epochs; empty for none.
	PassK []int
	// Epochs is each log's configured epochs (file → epochs; 1 when absent), the repeats
	// it planned per sample for the planned pass^k convention. AddLogs fills it and
	// Planned from the logs' headers.
	Epochs map[string]int
	// Planned is each log's plan of samples (file → the sample ids its header lists,
	// dataset.sample_ids): a sample a log planned and never ran (a cancelled run) fails
	// its planned epochs in the planned convention, as a missing epoch does. Without By
	// only: a sample never run has no metadata to put it on a board of a By value.
	Planned map[string][]inspect.SampleID
}

// AddLogs sets Epochs and Planned of each log from its header (eval.config.epochs,
// eval.dataset.sample_ids), as the leaderboard command does: a board built without them
// takes every log for one epoch with no sample unrun, and its planned pass^k is wrong.
func (o *InspectBoardOptions) AddLogs(logs ...*inspect.Log) {
	if o.Epochs == nil {
		o.Epochs = map[string]int{}
	}
	if o.Planned == nil {
		o.Planned = map[string][]inspect.SampleID{}
	}
	for _, l := range logs {
		o.Epochs[l.File], o.Planned[l.File] = l.Eval.Config.Epochs, l.Eval.Dataset.SampleIDs
	}
}

// MissingGroup labels the samples without the By key.
const MissingGroup = "(missing)"

// InspectEntry is one model's rate on one task (and By group) for one scorer.
type InspectEntry struct {
	Task, Group, Model, Scorer string
	Logs                       []string // the log files pooled, in absolute-path order (paths.Compare)
	Samples                    int      // samples with a scored epoch
	Rows                       int      // scored rows
	// Estimate: X the mean of the epoch-reduced scores, Lo and Hi its bootstrap
	// interval (samples, or clusters, resampled jointly for every model of the board).
	Estimate
	// Rank is the competition rank by X within the board (1 + ranked models strictly
	// better); 0 for a model with fewer than two units (samples or clusters) of its own,
	// which is not ranked. Set is its simultaneous rank confidence set ({0, 0} when none:
	// not ranked, or zero resamples).
	Rank int
	Set  bootstrap.RankSet
	// PassKPlanned and PassKPerCase are pass^k over epochs for each k of the options, in
	// τ-bench's convention (n = the epochs the logs planned for the sample; a missing or
	// unscored epoch fails) and τ²-bench's (n = the sample's scored epochs; samples with
	// fewer than k left out). Nil when not asked, or when NotBinary.
	PassKPlanned, PassKPerCase []bootstrap.PassK
	NotBinary                  bool // a score is neither 0 nor 1: pass^k is undefined
	// NeverRan counts the samples a log of the entry planned (InspectBoardOptions.Planned)
	// that no log of it ran: failures in the planned pass^k, left out of the rest; 0 with
	// By (a sample never run has no metadata, so no group).
	NeverRan int
	// ScoredOverPlan counts the samples scored on more epochs than the headers of the logs
	// that ran them plan (a header that states no epochs plans one): their planned n is
	// their scored epochs. UnequalPlans: the headers of the logs pooled plan samples
	// unequally. Either makes the planned pass^k differ in n between samples.
	ScoredOverPlan int
	UnequalPlans   bool
	// Failures: the model's sample-epochs that errored without a score (not in the
	// mean) or hit a limit.
	Failures Failures
}

// InspectBoard is every board's entries: boards (task, group, scorer) in sorted order,
// entries by rank, the unranked after them by mean, ties by model.
type InspectBoard struct {
	Entries []InspectEntry
	Boards  []InspectBoardInfo // one per board, in the entries' order
	Level   float64
	// NotScored are the scorers a log's rows name (its header declares them, or one of
	// its samples has them) that none of its samples scored: that log is on none of
	// their boards. In the rows' order of logs, each log's scorers sorted.
	NotScored []LogScorer
}

// LogScorer is one scorer of one log.
type LogScorer struct{ Log, Scorer string }

// InspectBoardInfo describes one board's joint draw.
type InspectBoardInfo struct {
	Task, Group, Scorer string
	Models              int
	Units               int // resampled units: samples (the union over models) or clusters
	Samples             int // the union of the models' scored samples
	// Used of Requested replicates had a value for every model in the rank sets (the
	// sets use those); both 0 when no draw was made.
	Used, Requested int
	// Unranked counts the models with fewer than two units of their own: no rank, no
	// set, not in the others' sets.
	Unranked int
}

// boardKey identifies one board.
type boardKey struct{ task, group, scorer string }

// LeaderboardInspect ranks the models of each task (and By group) by each scorer's mean.
// Rows of several logs of one (task, model) are pooled: their samples' scored epochs
// together.
func LeaderboardInspect(rows []inspect.Row, opt InspectBoardOptions, o StatOptions) (*InspectBoard, error) {
	clusters, err := clustersOf(opt.ClusterBy, rows)
	if err != nil {
		return nil, err
	}
	type armKey struct {
		boardKey
		model string
	}
	// A log that scored nothing with a scorer (it ran without it) takes no part in
	// that scorer's boards.
	type logScorer struct{ log, scorer string }
	scoredAny := map[logScorer]bool{}
	for i := range rows {
		if rows[i].Scored {
			scoredAny[logScorer{rows[i].Log, rows[i].Scorer}] = true
		}
	}
	var notScored []LogScorer
	seen := map[logScorer]bool{}
	logOrder := map[string]int{} // the rows' order of logs
	for i := range rows {
		k := logScorer{rows[i].Log, rows[i].Scorer}
		if _, ok := logOrder[k.log]; !ok {
			logOrder[k.log] = len(logOrder)
		}
		if !scoredAny[k] && !seen[k] {
			seen[k] = true
			notScored = append(notScored, LogScorer{k.log, k.scorer})
		}
	}
	slices.SortFunc(notScored, func(a, b LogScorer) int {
		return cmp.Or(cmp.Compare(logOrder[a.Log], logOrder[b.Log]), strings.Compare(a.Scorer, b.Scorer))
	})
	arms := map[armKey][]inspect.Row{}
	logs := map[armKey]map[string]bool{}
	for i := range rows {
		r := &rows[i]
		if !scoredAny[logScorer{r.Log, r.Scorer}] {
			continue
		}
		g := ""
		if opt.By != "" {
			v, ok := MetadataText(r.Metadata, opt.By)
			if !ok {
				v = MissingGroup
			}
			g = v
		}
		k := armKey{boardKey{r.Task, g, r.Scorer}, r.Model}
		arms[k] = append(arms[k], *r)
		if logs[k] == nil {
			logs[k] = map[string]bool{}
		}
		logs[k][r.Log] = true
	}
	keys := make([]armKey, 0, len(arms))
	for k := range arms {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b armKey) int {
		return cmp.Or(strings.Compare(a.task, b.task), strings.Compare(a.group, b.group), strings.Compare(a.scorer, b.scorer), strings.Compare(a.model, b.model))
	})
	// Every board's entries first, so that a --by or --passk that fills no row is refused
	// before any board is resampled (rankBoard).
	type pendingBoard struct {
		key     boardKey
		entries []InspectEntry
		samples [][]*sampleScore
	}
	var boards []pendingBoard
	var all []InspectEntry
	for i := 0; i < len(keys); {
		j := i
		for j < len(keys) && keys[j].boardKey == keys[i].boardKey {
			j++
		}
		pb := pendingBoard{key: keys[i].boardKey}
		for _, k := range keys[i:j] {
			e := InspectEntry{Task: k.task, Group: k.group, Model: k.model, Scorer: k.scorer, Failures: failuresOf(arms[k], k.scorer)}
			for f := range logs[k] {
				e.Logs = append(e.Logs, f)
			}
			// In the order the inputs are read (by absolute path), so that ./a.eval b.eval and
			// b.eval /abs/a.eval pool under one note.
			slices.SortFunc(e.Logs, paths.Compare)
			ss := reduceSamples(arms[k], k.scorer)
			e.Samples = len(ss)
			for _, s := range ss {
				e.Rows += s.n
			}
			if opt.By == "" {
				e.NeverRan = neverRan(arms[k], e.Logs, opt.Planned)
			}
			if len(opt.PassK) > 0 {
				if err := e.passK(arms[k], ss, opt); err != nil {
					return nil, fmt.Errorf("%s %s %s: %w", k.task, k.model, k.scorer, err)
				}
			}
			pb.entries = append(pb.entries, e)
			pb.samples = append(pb.samples, ss)
		}
		boards = append(boards, pb)
		all = append(all, pb.entries...)
		i = j
	}
	if err := checkByAndPassK(all, opt); err != nil {
		return nil, err
	}
	board := &InspectBoard{Level: o.level(), NotScored: notScored}
	for _, pb := range boards {
		entries := pb.entries
		info, err := rankBoard(entries, pb.samples, pb.key, clusters, o)
		if err != nil {
			return nil, err
		}
		board.Boards = append(board.Boards, info)
		// Ranked models by rank, then the unranked by mean; ties by model.
		slices.SortStableFunc(entries, func(a, b InspectEntry) int {
			return cmp.Or(cmp.Compare(rankOrLast(a.Rank), rankOrLast(b.Rank)), cmp.Compare(nanLow(b.X), nanLow(a.X)), strings.Compare(a.Model, b.Model))
		})
		board.Entries = append(board.Entries, entries...)
	}
	return board, nil
}

// checkByAndPassK refuses a --by key that no sample has (every sample would go to
// MissingGroup, the boards as without it under one more column) and a --passk k that no
// row has a value of in either convention (no sample planned or scored k epochs, or no
// scorer with 0/1 scores): the columns would be empty in every row.
func checkByAndPassK(entries []InspectEntry, opt InspectBoardOptions) error {
	if opt.By != "" && !slices.ContainsFunc(entries, func(e InspectEntry) bool { return e.Group != MissingGroup }) {
		return fmt.Errorf("--by metadata.%s: no sample of the logs read has this metadata key, so every sample would be grouped under %s, the boards as without --by", opt.By, MissingGroup)
	}
	binary := slices.ContainsFunc(entries, func(e InspectEntry) bool { return !e.NotBinary })
	for i, k := range opt.PassK {
		has := slices.ContainsFunc(entries, func(e InspectEntry) bool {
			return i < len(e.PassKPlanned) && !math.IsNaN(e.PassKPlanned[i].Value) ||
				i < len(e.PassKPerCase) && !math.IsNaN(e.PassKPerCase[i].Value)
		})
		switch {
		case has:
		case !binary:
			return fmt.Errorf("--passk %d: no row has a pass^k: pass^k needs scores of 0 or 1, and no scorer of the logs read has only those", k)
		default:
			return fmt.Errorf("--passk %d: no row has a pass^%d: no sample of the logs read was planned or scored %d epochs or more", k, k, k)
		}
	}
	return nil
}

// better reports whether mean a ranks above mean b: by more than the rounding of a
// mean of sample means (a few ulps), so that equal rates computed over different samples
// tie, as competition ranks have ties share the best rank.
func better(a, b float64) bool {
	return a-b > 1e-12*math.Max(math.Abs(a), math.Abs(b))
}

// nanLow orders a missing mean below every mean.
func nanLow(x float64) float64 {
	if math.IsNaN(x) {
		return math.Inf(-1)
	}
	return x
}

func rankOrLast(r int) int {
	if r == 0 {
		return math.MaxInt
	}
	return r
}

// rankBoard sets each entry's mean, interval, rank and rank set from one joint draw of
// the board's units (the union of the models' samples, or their clusters).
func rankBoard(entries []InspectEntry, samples [][]*sampleScore, bk boardKey, clusters *sampleClusters, o StatOptions) (InspectBoardInfo, error) {
	info := InspectBoardInfo{Task: bk.task, Group: bk.group, Scorer: bk.scorer, Models: len(entries)}
	union, seen := sampleUnion(samples)
	units, err := unitsOf(clusters, union)
	if err != nil {
		return info, err
	}
	info.Units, info.Samples = units.n, len(union)
	sums, scored, ranked := boardSums(entries, samples, units, seen, &info)
	for _, k := range ranked {
		entries[k].Rank = 1
		for _, l := range ranked {
			if better(entries[l].X, entries[k].X) {
				entries[k].Rank++
			}
		}
	}
	if o.Resamples == 0 || len(scored) == 0 {
		return info, nil
	}
	if units.n < 2 {
		for _, k := range scored {
			entries[k].Warnings = bootstrap.IntervalWarnings(bootstrap.Interval{Lo: math.NaN(), Hi: math.NaN(), Used: 1}, entries[k].X, units.n)
		}
		return info, nil
	}
	in := make([]bootstrap.Ratio, len(scored))
	for i, k := range scored {
		in[i] = sums[k]
	}
	stat, err := bootstrap.SumRatios(in...)
	if err != nil {
		return info, err
	}
	stream := "inspect/board/" + bk.task + "/" + bk.group + "/" + bk.scorer
	res, err := bootstrap.ResampleSums(stat, o.boot(stream))
	if err != nil {
		return info, fmt.Errorf("%s: %w", stream, err)
	}
	at := map[int]int{} // entry → output of the resample
	for i, k := range scored {
		at[k] = i
		iv := res.Intervals[i]
		e := &entries[k]
		e.Lo, e.Hi, e.Fallback, e.Warnings = iv.Lo, iv.Hi, iv.Fallback, res.Warnings(i)
	}
	if len(ranked) == 0 {
		return info, nil
	}
	est := make([]float64, len(ranked))
	for j, k := range ranked {
		est[j] = res.Estimate[at[k]]
	}
	rs, err := bootstrap.RankSets(est, func(j int) []float64 { return res.Replicates(at[ranked[j]]) }, bootstrap.RankOptions{Level: o.level()})
	if err != nil {
		return info, fmt.Errorf("%s: %w", stream, err)
	}
	for j, k := range ranked {
		entries[k].Set = rs.Sets[j]
	}
	info.Used, info.Requested = rs.Used, rs.Used+rs.Dropped
	return info, nil
}

// sampleUnion is the union of the models' sample ids, sorted, with the first metadata
// seen for each, and each id's place in it.
func sampleUnion(samples [][]*sampleScore) ([]*sampleScore, map[inspect.SampleID]int) {
	var union []*sampleScore
	seen := map[inspect.SampleID]int{}
	for _, ss := range samples {
		for _, s := range ss {
			if _, ok := seen[s.id]; !ok {
				seen[s.id] = len(union)
				union = append(union, s)
			}
		}
	}
	slices.SortFunc(union, func(a, b *sampleScore) int { return a.id.Compare(b.id) })
	for i, s := range union {
		seen[s.id] = i
	}
	return union, seen
}

// boardSums sums each model's sample means per unit and sets its mean. scored are the
// entries with samples (they get a mean and an interval); ranked those with at least two
// units of their own. A model with one unit has a degenerate bootstrap distribution (its
// mean never varies), which would make its place look certain: it gets no rank, no set,
// and takes no part in the others' sets (info.Unranked counts them).
func boardSums(entries []InspectEntry, samples [][]*sampleScore, units *sampleUnits, seen map[inspect.SampleID]int, info *InspectBoardInfo) (sums []bootstrap.Ratio, scored, ranked []int) {
	sums = make([]bootstrap.Ratio, len(entries))
	for k, ss := range samples {
		r := bootstrap.Ratio{Num: make([]float64, units.n), Den: make([]float64, units.n)}
		for _, s := range ss {
			u := units.of[seen[s.id]]
			r.Num[u] += s.mean()
			r.Den[u]++
		}
		sums[k] = r
		e := &entries[k]
		e.Estimate = nanEstimate()
		e.Units = units.n
		if len(ss) == 0 {
			continue
		}
		// The mean over samples in id order, as without clusters: the units' sums add
		// the same values in another order, and 24/30 and 8/10 of equal rates came out
		// 0.7999999999999999 and 0.8.
		means := make([]float64, len(ss))
		for i, s := range ss {
			means[i] = s.mean()
		}
		e.X = meanOf(means)
		scored = append(scored, k)
		own := 0
		for _, d := range r.Den {
			if d > 0 {
				own++
			}
		}
		if own >= 2 {
			ranked = append(ranked, k)
		} else {
			info.Unranked++
		}
	}
	return sums, scored, ranked
}

// neverRan counts the samples the logs' headers plan (planned: file → its dataset's
// sample ids) that no row of rows has: a stopped run leaves them.
func neverRan(rows []inspect.Row, logs []string, planned map[string][]inspect.SampleID) int {
	ran := map[inspect.SampleID]bool{}
	for i := range rows {
		ran[rows[i].SampleID] = true
	}
	n := 0
	for _, f := range logs {
		for _, id := range planned[f] {
			if !ran[id] {
				ran[id] = true
				n++
			}
		}
	}
	return n
}

// passK computes pass^k over epochs in both conventions.
func (e *InspectEntry) passK(rows []inspect.Row, ss []*sampleScore, opt InspectBoardOptions) error {
	for _, s := range ss {
		if !s.binary {
			e.NotBinary = true
			return nil
		}
	}
	// Planned repeats of a sample: the configured epochs of every log that ran it (a
	// log ran a sample when it has a row for it, scored or not).
	ran := map[inspect.SampleID]map[string]bool{}
	var ids []inspect.SampleID
	for i := range rows {
		id := rows[i].SampleID
		if ran[id] == nil {
			ran[id] = map[string]bool{}
			ids = append(ids, id)
		}
		ran[id][rows[i].Log] = true
	}
	// The plan of each log: the samples its header lists, run or not.
	notRun := map[inspect.SampleID]int{} // planned epochs of logs that did not run the sample
	if opt.By == "" {
		for _, f := range e.Logs {
			for _, id := range opt.Planned[f] {
				if ran[id][f] {
					continue
				}
				if ran[id] == nil {
					ran[id] = map[string]bool{}
					ids = append(ids, id)
				}
				notRun[id] += max(opt.Epochs[f], 1)
			}
		}
	}
	slices.SortFunc(ids, inspect.SampleID.Compare)
	byID := map[inspect.SampleID]*sampleScore{}
	for _, s := range ss {
		byID[s.id] = s
	}
	var succ, scored, planned []int
	samePlan, firstHeader := true, -1
	for _, id := range ids {
		p := notRun[id]
		for f := range ran[id] {
			p += max(opt.Epochs[f], 1)
		}
		if firstHeader < 0 {
			firstHeader = p
		}
		e.UnequalPlans = e.UnequalPlans || p != firstHeader
		c, n := 0, 0
		if s := byID[id]; s != nil {
			c, n = s.ones, s.n
		}
		if n > p {
			e.ScoredOverPlan++
		}
		p = max(p, n)
		succ, scored, planned = append(succ, c), append(scored, n), append(planned, p)
		samePlan = samePlan && p == planned[0]
	}
	if len(ids) == 0 {
		return nil
	}
	var err error
	if samePlan {
		// A k above the planned epochs has no value in this convention.
		var ks []int
		for _, k := range opt.PassK {
			if k <= planned[0] {
				ks = append(ks, k)
			}
		}
		var got []bootstrap.PassK
		if len(ks) > 0 {
			if got, err = bootstrap.PassHatKs(succ, scored, planned[0], ks, bootstrap.PassKPlanned); err != nil {
				return err
			}
		}
		for _, k := range opt.PassK {
			if len(got) > 0 && got[0].K == k {
				e.PassKPlanned, got = append(e.PassKPlanned, got[0]), got[1:]
			} else {
				e.PassKPlanned = append(e.PassKPlanned, bootstrap.PassK{Convention: bootstrap.PassKPlanned, K: k, Value: math.NaN()})
			}
		}
	} else {
		// Samples planned unequally (logs pooled, or scored over their plan): the planned convention with each
		// sample's own planned count is the per-case formula applied to those counts.
		e.PassKPlanned, err = bootstrap.PassHatKs(succ, planned, 0, opt.PassK, bootstrap.PassKPerCase)
		for i := range e.PassKPlanned {
			e.PassKPlanned[i].Convention = bootstrap.PassKPlanned
		}
	}
	if err != nil {
		return err
	}
	// Per-case: samples without a scored epoch have no n and are left out.
	var sc, sn []int
	for i := range ids {
		if scored[i] > 0 {
			sc, sn = append(sc, succ[i]), append(sn, scored[i])
		}
	}
	if len(sc) == 0 {
		return nil
	}
	e.PassKPerCase, err = bootstrap.PassHatKs(sc, sn, 0, opt.PassK, bootstrap.PassKPerCase)
	return err
}
