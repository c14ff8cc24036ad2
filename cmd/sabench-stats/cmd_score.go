package main

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

func init() {
	register(command{name: "score", summary: "per-episode verdicts as JSONL, CSV or Parquet, with a reconciliation and agreement summary on stderr", run: runScore})
}

// scoreFormats are the formats of `score --format` (its own, not the tables' formats).
var scoreFormats = []string{"jsonl", "csv", "parquet"}

func runScore(e *env, args []string) error {
	fs := newFlagSet(e, "score", "[flags]")
	c := addCommon(e, fs, "")
	// score writes verdicts, not tables: --format takes its own values here.
	f := fs.Lookup("format")
	f.Usage = "verdict format: jsonl, csv or parquet"
	f.DefValue = "jsonl"
	c.format = "jsonl"
	fs.Lookup("out").Usage = "output file (default stdout); written atomically"
	audit := fs.String("audit", "", "CSV case_id,run_id,label of audited verdicts (label pass/fail, true/false or 1/0): report the oracle's agreement with them")
	detail := fs.Bool("detail", false, "add each verdict's detail (checkpoints with requirement results, coverage, completed commits, invalid reads, ledger facts with provenance) as a \"detail\" object; jsonl only, memory-hungry")
	fs.BoolVar(&c.lenient, "lenient", false, "score episodes validate rejects for a missing schema or record or an unknown top-level field: they are excluded by that reason (default: refused)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	format := strings.ToLower(c.format)
	c.format = "text" // keeps the shared check, which knows only the table formats, happy
	if err := c.check(); err != nil {
		return err
	}
	if !contains(scoreFormats, format) {
		return usagef("--format must be one of %s for score, not %q", strings.Join(scoreFormats, ", "), format)
	}
	if *detail && format != "jsonl" {
		return usagef("--detail needs --format jsonl (the detail is nested)")
	}
	if fs.NArg() > 0 {
		return usagef("score takes no arguments (got %q)", fs.Args())
	}
	pols, err := c.policyList(false)
	if err != nil {
		return err
	}
	var labels map[string]auditLabel
	if *audit != "" {
		if labels, err = readAudit(*audit); err != nil {
			return err
		}
	}
	in, err := c.load()
	if err != nil {
		return err
	}
	var s *analysis.Scored
	var dropped []ingest.Problem
	var write func(w io.Writer) error
	if *detail {
		// Details are large (the ledger of every episode): score and write them chunk by
		// chunk, keeping only the compact verdicts for the summary.
		write = func(w io.Writer) error {
			var err error
			s, dropped, err = c.scoreChunked(in, pols, func(vs [][]oracle.Verdict) error { return writeVerdicts(w, format, vs, true) })
			return err
		}
	} else {
		if s, dropped, err = c.score(in, pols, false); err != nil {
			return err
		}
		// Check the audit before writing anything: a bad audit file writes no verdicts.
		if labels != nil {
			if _, err := auditSummary(*audit, labels, s); err != nil {
				return err
			}
		}
		write = func(w io.Writer) error { return writeVerdicts(w, format, s.Verdicts, false) }
	}
	if c.out != "" {
		err = results.WriteFileAtomic(c.out, write)
	} else {
		err = write(e.stdout)
	}
	if err != nil {
		return err
	}
	summary := scoreSummary(s, dropped)
	if labels != nil {
		more, err := auditSummary(*audit, labels, s)
		if err != nil {
			return err
		}
		summary += more
	}
	io.WriteString(e.stderr, summary)
	return nil
}

// detailChunk is the number of episodes scored with detail at a time (a variable so that
// tests can cross chunk boundaries on small inputs).
var detailChunk = 2048

// scoreChunked scores the episodes detailChunk at a time, with detail, and hands each
// chunk's verdicts to emit before reading on. It returns the verdicts without their
// detail, the counts over all chunks and the dropped duplicates. The verdicts equal
// c.score's: each is a function of its episode alone.
func (c *common) scoreChunked(in *input, pols []oracle.Policy, emit func([][]oracle.Verdict) error) (*analysis.Scored, []ingest.Problem, error) {
	src, err := in.open()
	if err != nil {
		return nil, nil, err
	}
	defer src.Close()
	all := &analysis.Scored{Policies: pols, Verdicts: make([][]oracle.Verdict, len(pols)), Counts: analysis.Counts{Excluded: map[string]int{}}}
	for eof := false; !eof; {
		chunk := make([]*ingest.Episode, 0, detailChunk)
		for len(chunk) < detailChunk {
			ep, err := src.Next()
			if errors.Is(err, io.EOF) {
				eof = true
				break
			}
			if err != nil {
				return nil, nil, err
			}
			chunk = append(chunk, ep)
		}
		if len(chunk) == 0 {
			break
		}
		s, err := analysis.Score(&sliceStream{eps: chunk}, in.bench.Case, analysis.ScoreOptions{Policies: pols, Workers: c.jobs,
			InfraFailuresFail: c.infraFailures == "fail", Detail: true})
		if err != nil {
			return nil, nil, err
		}
		if err := emit(s.Verdicts); err != nil {
			return nil, nil, err
		}
		for pi := range s.Verdicts {
			for i := range s.Verdicts[pi] {
				s.Verdicts[pi][i].Detail = nil
			}
			all.Verdicts[pi] = append(all.Verdicts[pi], s.Verdicts[pi]...)
		}
		all.Counts.Read += s.Counts.Read
		all.Counts.Scored += s.Counts.Scored
		for r, n := range s.Counts.Excluded {
			all.Counts.Excluded[r] += n
		}
	}
	return all, src.Reported(), nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// verdictColumn is one field of the per-episode output. get returns a string, int64,
// bool or nil (null); kind fixes the Parquet type.
type verdictColumn struct {
	name string
	kind arrow.DataType
	get  func(v *oracle.Verdict) any
}

// scored returns x for a scored episode and null for an excluded one (DESIGN §8: ecs,
// outcome and failure_type are null when excluded).
func scored(v *oracle.Verdict, x any) any {
	if v.Excluded {
		return nil
	}
	return x
}

// attempted returns x when the episode had a consequential attempt, else null.
func attempted(v *oracle.Verdict, x any) any {
	if v.Excluded || !v.Attempted || v.FirstAttemptIndex < 0 {
		return nil
	}
	return x
}

func nonEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// verdictColumns is the fixed field order of JSONL objects, CSV columns and Parquet
// columns. Protocols use their lowercase names (legacy, v0 … v3), as the case files do.
var verdictColumns = []verdictColumn{
	{"run_id", arrow.BinaryTypes.String, func(v *oracle.Verdict) any { return v.RunID }},
	{"config", arrow.BinaryTypes.String, func(v *oracle.Verdict) any { return v.Config }},
	{"model", arrow.BinaryTypes.String, func(v *oracle.Verdict) any { return v.Model }},
	{"harness", arrow.BinaryTypes.String, func(v *oracle.Verdict) any { return v.Harness }},
	{"case_id", arrow.BinaryTypes.String, func(v *oracle.Verdict) any { return v.CaseID }},
	{"base_case_id", arrow.BinaryTypes.String, func(v *oracle.Verdict) any { return v.BaseCaseID }},
	{"protocol", arrow.BinaryTypes.String, func(v *oracle.Verdict) any { return v.Protocol.String() }},
	{"domain", arrow.BinaryTypes.String, func(v *oracle.Verdict) any { return v.Domain }},
	{"repeat", arrow.PrimitiveTypes.Int64, func(v *oracle.Verdict) any { return int64(v.Repeat) }},
	{"condition", arrow.BinaryTypes.String, func(v *oracle.Verdict) any { return v.Condition }},
	{"status", arrow.BinaryTypes.String, func(v *oracle.Verdict) any { return v.Status }},
	{"static", arrow.FixedWidthTypes.Boolean, func(v *oracle.Verdict) any { return v.Static }},
	{"excluded", arrow.FixedWidthTypes.Boolean, func(v *oracle.Verdict) any { return v.Excluded }},
	{"exclusion_reason", arrow.BinaryTypes.String, func(v *oracle.Verdict) any {
		if !v.Excluded {
			return nil
		}
		return v.ExclusionReason
	}},
	{"ecs", arrow.FixedWidthTypes.Boolean, func(v *oracle.Verdict) any { return scored(v, v.ECS) }},
	{"outcome", arrow.BinaryTypes.String, func(v *oracle.Verdict) any { return scored(v, nonEmpty(v.Outcome)) }},
	{"canonical_outcome", arrow.BinaryTypes.String, func(v *oracle.Verdict) any { return scored(v, nonEmpty(v.CanonicalOutcome)) }},
	{"failure_type", arrow.BinaryTypes.String, func(v *oracle.Verdict) any { return scored(v, nonEmpty(v.FailureType)) }},
	{"attempted", arrow.FixedWidthTypes.Boolean, func(v *oracle.Verdict) any { return scored(v, v.Attempted) }},
	{"first_attempt_index", arrow.PrimitiveTypes.Int64, func(v *oracle.Verdict) any { return attempted(v, int64(v.FirstAttemptIndex)) }},
	{"coverage_complete_at_first_attempt", arrow.FixedWidthTypes.Boolean, func(v *oracle.Verdict) any { return attempted(v, v.CompleteAtFirstAttempt) }},
	{"coverage_complete", arrow.FixedWidthTypes.Boolean, func(v *oracle.Verdict) any { return scored(v, v.CoverageComplete) }},
	{"missing_at_checkpoint", arrow.FixedWidthTypes.Boolean, func(v *oracle.Verdict) any { return scored(v, v.MissingAtCheckpoint) }},
	{"executed_commits", arrow.PrimitiveTypes.Int64, func(v *oracle.Verdict) any { return scored(v, int64(v.ExecutedCommits)) }},
	{"official", arrow.FixedWidthTypes.Boolean, func(v *oracle.Verdict) any {
		if v.Official < 0 {
			return nil
		}
		return v.Official == 1
	}},
	{"policy", arrow.BinaryTypes.String, func(v *oracle.Verdict) any { return v.Policy }},
	{"policy_hash", arrow.BinaryTypes.String, func(v *oracle.Verdict) any { return v.PolicyHash }},
}

// eachVerdict visits the verdicts episode by episode and, within an episode, in policy
// order, so that the lines of several policies for one episode sit together.
func eachVerdict(vs [][]oracle.Verdict, fn func(v *oracle.Verdict) error) error {
	if len(vs) == 0 {
		return nil
	}
	for i := range vs[0] {
		for p := range vs {
			if err := fn(&vs[p][i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeVerdicts writes the verdicts in one of scoreFormats; detail (JSONL only) adds each
// verdict's Detail.
func writeVerdicts(w io.Writer, format string, vs [][]oracle.Verdict, detail bool) error {
	switch format {
	case "csv":
		return writeVerdictsCSV(w, vs)
	case "parquet":
		return writeVerdictsParquet(w, vs)
	default:
		return writeVerdictsJSONL(w, vs, detail)
	}
}

func writeVerdictsJSONL(w io.Writer, vs [][]oracle.Verdict, detail bool) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	var buf []byte
	err := eachVerdict(vs, func(v *oracle.Verdict) error {
		buf = appendVerdictJSON(buf[:0], v)
		if detail {
			buf = append(buf[:len(buf)-2], `,"detail":`...)
			buf = jsonv.AppendJSON(buf, detailJSON(v.Detail))
			buf = append(buf, '}', '\n')
		}
		_, err := bw.Write(buf)
		return err
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}

// appendVerdictJSON appends one JSONL line (keys in verdictColumns order).
func appendVerdictJSON(dst []byte, v *oracle.Verdict) []byte {
	for i, col := range verdictColumns {
		dst = append(dst, jsonKeys[i]...)
		switch x := col.get(v).(type) {
		case string:
			dst = appendJSONString(dst, x)
		case int64:
			dst = strconv.AppendInt(dst, x, 10)
		case bool:
			dst = strconv.AppendBool(dst, x)
		default:
			dst = jsonv.AppendJSON(dst, x)
		}
	}
	return append(dst, '}', '\n')
}

// jsonKeys are the line's key prefixes, `{"run_id":`, `,"config":` and so on.
var jsonKeys = func() []string {
	out := make([]string, len(verdictColumns))
	for i, col := range verdictColumns {
		sep := ","
		if i == 0 {
			sep = "{"
		}
		out[i] = sep + string(jsonv.AppendJSON(nil, col.name)) + ":"
	}
	return out
}()

// appendJSONString quotes s as jsonv does; printable ASCII without quotes or backslashes
// (every name and code in practice) is copied as is, which is several times faster than
// the rune-by-rune encoder.
func appendJSONString(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return jsonv.AppendJSON(dst, s)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// detailJSON is a verdict's Detail as a JSON value, keys in snake case; canonical JSON
// strings (facts, unmet conditions) are embedded as values. nil (null) for excluded
// episodes, which the oracle does not walk.
func detailJSON(d *oracle.Detail) any {
	if d == nil {
		return nil
	}
	str := func(s string) any { return nonEmpty(s) }
	strs := func(xs []string) []any {
		out := make([]any, len(xs))
		for i, x := range xs {
			out[i] = x
		}
		return out
	}
	embed := func(canonical string) any {
		if v, err := jsonv.Parse([]byte(canonical)); err == nil {
			return v
		}
		return canonical
	}
	cps := make([]any, len(d.Checkpoints))
	for i, cp := range d.Checkpoints {
		reqs := make([]any, len(cp.Requirements))
		for j, r := range cp.Requirements {
			missing := make([]any, len(r.MissingConditions))
			for k, m := range r.MissingConditions {
				missing[k] = embed(m)
			}
			reqs[j] = jsonv.NewObject("id", r.ID, "status", r.Status, "reason", str(r.Reason), "missing_conditions", missing)
		}
		cps[i] = jsonv.NewObject("event_index", int64(cp.EventIndex), "call_id", str(cp.CallID), "tool", str(cp.Tool),
			"commit_id", str(cp.CommitID), "gate", str(cp.Gate), "reason", str(cp.Reason), "requirements", reqs,
			"match_errors", strs(cp.MatchErrors), "reference_errors", strs(cp.ReferenceErrs))
	}
	invalid := make([]any, len(d.InvalidInfoCalls))
	for i, ic := range d.InvalidInfoCalls {
		invalid[i] = jsonv.NewObject("event_index", int64(ic.EventIndex), "call_id", str(ic.CallID), "tool", str(ic.Tool), "reason", str(ic.Reason))
	}
	ledger := make([]any, len(d.Ledger))
	for i, f := range d.Ledger {
		ledger[i] = jsonv.NewObject("event_index", int64(f.EventIndex), "call_id", str(f.CallID), "tool", str(f.Tool),
			"evidence_delta_key", str(f.DeltaKey), "fact", embed(f.Fact))
	}
	c := d.Coverage
	return jsonv.NewObject("checkpoints", cps,
		"coverage", jsonv.NewObject("required_calls", int64(c.RequiredCalls), "covered_calls", int64(c.CoveredCalls),
			"min_calls", int64(c.MinCalls), "observed_calls", int64(c.ObservedCalls), "min_distinct_tools", int64(c.MinDistinct),
			"observed_distinct_tools", int64(c.ObservedDistinct), "complete", c.Complete),
		"completed_commits", strs(d.CompletedCommits), "invalid_info_calls", invalid, "ledger", ledger,
		"notes", strs(d.Notes), "contract_errors", strs(d.ContractErrors))
}

func writeVerdictsCSV(w io.Writer, vs [][]oracle.Verdict) error {
	cw := csv.NewWriter(w)
	rec := make([]string, len(verdictColumns))
	for i, col := range verdictColumns {
		rec[i] = col.name
	}
	if err := cw.Write(rec); err != nil {
		return err
	}
	err := eachVerdict(vs, func(v *oracle.Verdict) error {
		for i, col := range verdictColumns {
			switch x := col.get(v).(type) {
			case nil:
				rec[i] = ""
			case string:
				rec[i] = x
			case int64:
				rec[i] = strconv.FormatInt(x, 10)
			case bool:
				rec[i] = strconv.FormatBool(x)
			}
		}
		return cw.Write(rec)
	})
	if err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}

// verdictSchema is the Parquet schema of score's output: one nullable column per field.
func verdictSchema() *arrow.Schema {
	fields := make([]arrow.Field, len(verdictColumns))
	for i, col := range verdictColumns {
		fields[i] = arrow.Field{Name: col.name, Type: col.kind, Nullable: true}
	}
	return arrow.NewSchema(fields, nil)
}

// parquetRows is the number of verdicts per record batch (and row group).
const parquetRows = 64 * 1024

// noClose hides the sink's Close from pqarrow.FileWriter.Close, which would otherwise
// close a file that WriteFileAtomic still has to fsync and rename.
type noClose struct{ io.Writer }

func writeVerdictsParquet(w io.Writer, vs [][]oracle.Verdict) error {
	mem := memory.DefaultAllocator
	schema := verdictSchema()
	props := parquet.NewWriterProperties(parquet.WithAllocator(mem), parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithMaxRowGroupLength(parquetRows), parquet.WithDictionaryDefault(true), parquet.WithCreatedBy("sabench-stats"))
	fw, err := pqarrow.NewFileWriter(schema, noClose{w}, props,
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(mem)))
	if err != nil {
		return err
	}
	b := array.NewRecordBuilder(mem, schema)
	defer b.Release()
	pending := 0
	flush := func() error {
		if pending == 0 {
			return nil
		}
		rec := b.NewRecordBatch()
		defer rec.Release()
		pending = 0
		return fw.Write(rec)
	}
	err = eachVerdict(vs, func(v *oracle.Verdict) error {
		for i, col := range verdictColumns {
			appendArrow(b.Field(i), col.get(v))
		}
		if pending++; pending == parquetRows {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if cerr := fw.Close(); err == nil {
		err = cerr
	}
	return err
}

func appendArrow(b array.Builder, x any) {
	switch x := x.(type) {
	case nil:
		b.AppendNull()
	case string:
		b.(*array.StringBuilder).Append(x)
	case int64:
		b.(*array.Int64Builder).Append(x)
	case bool:
		b.(*array.BooleanBuilder).Append(x)
	}
}

// scoreSummary reconciles the counts (read = scored + excluded by reason + dropped
// duplicates), gives ECS by protocol per policy, and the agreement with the harness's own
// verdicts when the episodes carry them.
func scoreSummary(s *analysis.Scored, dropped []ingest.Problem) string {
	var b strings.Builder
	cnt := s.Counts
	excluded := 0
	for _, n := range cnt.Excluded {
		excluded += n
	}
	fmt.Fprintf(&b, "score: read %d episodes = scored %d + excluded %d", cnt.Read+len(dropped), cnt.Scored, excluded+len(dropped))
	fmt.Fprintf(&b, " (%s)\n", excludedSummary(cnt, len(dropped)))
	for pi, pol := range s.Policies {
		vs := s.Verdicts[pi]
		var all analysis.Rate
		var by [ingest.NumProtocols]analysis.Rate
		for i := range vs {
			if vs[i].Excluded {
				continue
			}
			all.Add(vs[i].ECS)
			by[vs[i].Protocol].Add(vs[i].ECS)
		}
		fmt.Fprintf(&b, "policy %s: ECS %s", pol.String(), pctOf(all))
		for p := ingest.Legacy; p < ingest.NumProtocols; p++ {
			if by[p].Den > 0 {
				fmt.Fprintf(&b, ", %s %s", p.Label(), pctOf(by[p]))
			}
		}
		b.WriteString(" (all scored episodes, every condition, static judgments included)\n")
		b.WriteString(agreementSummary(vs))
	}
	return b.String()
}

func pctOf(r analysis.Rate) string {
	if r.Den == 0 {
		return "n/a (0 episodes)"
	}
	return fmt.Sprintf("%.1f%% (%d/%d)", r.Pct(), r.Num, r.Den)
}

// agreement compares the oracle with the harness's own verdicts (Verdict.Official) on the
// scored episodes that carry one. The oracle is the reference: a false accept is an
// episode the harness passed and the oracle failed, a false reject the reverse.
type agreement struct {
	N                          int
	Observed, Kappa            float64
	FalseAccepts, FalseRejects int
	Disagreements              []*oracle.Verdict
}

func agreeWithOfficial(vs []oracle.Verdict) (agreement, error) {
	return agreeWith(vs, func(v *oracle.Verdict) int { return int(v.Official) })
}

// agreeWith compares the oracle with labels (1 pass, 0 fail, -1 none) on the scored
// episodes that have one.
func agreeWith(vs []oracle.Verdict, label func(*oracle.Verdict) int) (agreement, error) {
	var a agreement
	var off, ora []int
	for i := range vs {
		v := &vs[i]
		if v.Excluded || label(v) < 0 {
			continue
		}
		o, r := label(v), 0
		if v.ECS {
			r = 1
		}
		off, ora = append(off, o), append(ora, r)
		switch {
		case o == 1 && r == 0:
			a.FalseAccepts++
			a.Disagreements = append(a.Disagreements, v)
		case o == 0 && r == 1:
			a.FalseRejects++
			a.Disagreements = append(a.Disagreements, v)
		}
	}
	a.N = len(off)
	if a.N == 0 {
		return a, nil
	}
	k, err := bootstrap.CohenKappa(ora, off, bootstrap.Unweighted)
	if err != nil {
		return a, err
	}
	a.Observed, a.Kappa = k.Observed, k.Kappa
	return a, nil
}

func agreementSummary(vs []oracle.Verdict) string {
	return labelSummary("official verdicts", "official", vs, func(v *oracle.Verdict) int { return int(v.Official) })
}

// labelSummary reports the oracle's agreement with one source of labels and lists every
// disagreement.
func labelSummary(source, short string, vs []oracle.Verdict, label func(*oracle.Verdict) int) string {
	a, err := agreeWith(vs, label)
	if err != nil {
		return fmt.Sprintf("  agreement with %s: %v\n", source, err)
	}
	if a.N == 0 {
		return fmt.Sprintf("  agreement with %s: none of the scored episodes carries one\n", source)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  agreement with %s (oracle as reference): %d episodes, raw agreement %.4f, Cohen's κ %s, false accepts %d (%s pass, oracle fail), false rejects %d (%s fail, oracle pass)\n",
		source, a.N, a.Observed, fmtKappa(a.Kappa), a.FalseAccepts, short, a.FalseRejects, short)
	for _, v := range a.Disagreements {
		fmt.Fprintf(&b, "  disagreement: run %s, case %s, %s %s, oracle %s (%s)\n", v.RunID, v.CaseID, short, passFail(label(v) == 1), passFail(v.ECS), v.Outcome)
	}
	return b.String()
}

func passFail(ok bool) string {
	if ok {
		return "pass"
	}
	return "fail"
}

func fmtKappa(k float64) string {
	if k != k {
		return "undefined (chance agreement is perfect)"
	}
	return fmt.Sprintf("%.4f", k)
}
