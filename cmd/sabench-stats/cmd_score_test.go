package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/ingest/synth"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results/job"
	"github.com/sabench/sabench-stats/results/verdicts"
)

// The command tests run on the built-in release. Scoring all of it takes seconds per
// policy on a loaded 2-core machine, so only TestScoreBuiltin scores it whole; the other
// tests read a subset of its episodes (written with --runs): two models with both of
// their harnesses, every condition, on the first cases of each protocol, plus every
// excluded episode of those configurations.
var subsetConfigs = []string{"Claude-5/Claude Code", "Claude-5/Inspect", "GLM-5.2/ZCode", "GLM-5.2/Inspect"}

const subsetCasesPerProtocol = 8

var subset struct {
	once sync.Once
	eps  []*ingest.Episode
	err  error
}

// subsetEpisodes returns the subset (shared; callers must not modify the episodes).
func subsetEpisodes(t *testing.T) []*ingest.Episode {
	t.Helper()
	subset.once.Do(func() {
		rel, err := synth.Default()
		if err != nil {
			subset.err = err
			return
		}
		keep := map[string]bool{}
		for _, c := range subsetConfigs {
			keep[c] = true
		}
		for _, ep := range rel.Episodes {
			if !keep[ep.Config] {
				continue
			}
			base, _ := ingest.SplitVariant(ep.CaseID)
			n, _ := strconv.Atoi(base[strings.LastIndexByte(base, '-')+1:])
			if n <= subsetCasesPerProtocol || ep.Status != ingest.StatusCompleted {
				subset.eps = append(subset.eps, ep)
			}
		}
	})
	if subset.err != nil {
		t.Fatal(subset.err)
	}
	return subset.eps
}

// writeRuns writes episodes as a JSONL runs file in a test directory and returns its
// path.
func writeRuns(t *testing.T, eps []*ingest.Episode) string {
	t.Helper()
	var buf []byte
	for _, ep := range eps {
		buf = append(ingest.AppendEpisodeJSON(buf, ep), '\n')
	}
	p := filepath.Join(t.TempDir(), "runs.jsonl")
	if err := os.WriteFile(p, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// subsetRuns writes the subset and returns its path.
func subsetRuns(t *testing.T) string { return writeRuns(t, subsetEpisodes(t)) }

// mustRun runs the CLI and fails the test unless it exits 0.
func mustRun(t *testing.T, args ...string) (string, string) {
	t.Helper()
	out, errOut, code := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("%q: exit %d, stderr:\n%s", args, code, errOut)
	}
	return out, errOut
}

// wantUsage runs the CLI and checks that it exits 2 with a message containing want.
func wantUsage(t *testing.T, want string, args ...string) {
	t.Helper()
	_, errOut, code := runCLI(t, args...)
	if code != 2 || !strings.Contains(errOut, want) {
		t.Errorf("%q: exit %d, stderr %q; want exit 2 mentioning %q", args, code, errOut, want)
	}
}

// verdictLine is one decoded JSONL line: its keys in order and its values.
type verdictLine struct {
	keys []string
	m    map[string]any
}

// parseVerdicts decodes score's JSONL output, keeping key order.
func parseVerdicts(t *testing.T, out string) []verdictLine {
	t.Helper()
	var lines []verdictLine
	pats := map[string]string{} // key → `"key":`, built once for all the lines
	for i, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if l == "" {
			t.Fatalf("line %d is empty", i+1)
		}
		var vl verdictLine
		dec := json.NewDecoder(strings.NewReader(l))
		dec.UseNumber()
		if err := dec.Decode(&vl.m); err != nil {
			t.Fatalf("line %d: %v: %s", i+1, err, l)
		}
		vl.keys = topKeys(l, vl.m, pats)
		lines = append(lines, vl)
	}
	return lines
}

// topKeys returns the keys of a flat JSON object line in the order they appear: each key
// of m is located as `"key":` and the keys are sorted by position. Score's values never
// contain such a pattern, so this is exact for its lines and much cheaper than a token
// walk over 34,000 lines. pats caches each key's pattern across lines.
func topKeys(line string, m map[string]any, pats map[string]string) []string {
	type kp struct {
		k   string
		pos int
	}
	ks := make([]kp, 0, len(m))
	for k := range m {
		p, ok := pats[k]
		if !ok {
			p = strconv.Quote(k) + ":"
			pats[k] = p
		}
		ks = append(ks, kp{k, strings.Index(line, p)})
	}
	slices.SortFunc(ks, func(a, b kp) int { return a.pos - b.pos })
	out := make([]string, len(ks))
	for i, x := range ks {
		out[i] = x.k
	}
	return out
}

func columnNames() []string {
	var names []string
	for _, c := range verdicts.Columns {
		names = append(names, c.Name)
	}
	return names
}

var summaryRE = regexp.MustCompile(`score: read (\d+) episodes = scored (\d+) \+ excluded (\d+) \(([^)]*)\)`)

// summaryCounts parses the reconciliation line of score's summary.
func summaryCounts(t *testing.T, stderr string) (read, scored, excluded int, reasons string) {
	t.Helper()
	m := summaryRE.FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("no reconciliation line in:\n%s", stderr)
	}
	read, _ = strconv.Atoi(m[1])
	scored, _ = strconv.Atoi(m[2])
	excluded, _ = strconv.Atoi(m[3])
	return read, scored, excluded, m[4]
}

// checkVerdictLines asserts the per-line contract of docs/verdicts.md and returns the number of
// excluded lines by reason.
func checkVerdictLines(t *testing.T, lines []verdictLine, pol oracle.Policy) map[string]int {
	t.Helper()
	want := columnNames()
	excluded := map[string]int{}
	for i, l := range lines {
		if strings.Join(l.keys, ",") != strings.Join(want, ",") {
			t.Fatalf("line %d keys %v, want %v", i+1, l.keys, want)
		}
		for _, k := range []string{"run_id", "config", "case_id", "base_case_id", "protocol", "domain", "condition", "status", "policy", "policy_hash"} {
			if s, ok := l.m[k].(string); !ok || s == "" {
				t.Fatalf("line %d: %s = %#v, want a non-empty string", i+1, k, l.m[k])
			}
		}
		if _, ok := ingest.ParseProtocol(l.m["protocol"].(string)); !ok {
			t.Errorf("line %d: protocol %q", i+1, l.m["protocol"])
		}
		if r, ok := l.m["repeat"].(json.Number); !ok || r.String() == "" || strings.ContainsAny(r.String(), ".-e") {
			t.Errorf("line %d: repeat %#v, want an integer ≥ 0", i+1, l.m["repeat"])
		}
		if l.m["policy"] != pol.Name || l.m["policy_hash"] != pol.Hash() {
			t.Errorf("line %d: policy %v %v, want %s %s", i+1, l.m["policy"], l.m["policy_hash"], pol.Name, pol.Hash())
		}
		exc, ok := l.m["excluded"].(bool)
		if !ok {
			t.Fatalf("line %d: excluded %#v", i+1, l.m["excluded"])
		}
		if exc {
			excluded[l.m["status"].(string)]++
			if l.m["exclusion_reason"] != l.m["status"] {
				t.Errorf("line %d: exclusion_reason %v, status %v", i+1, l.m["exclusion_reason"], l.m["status"])
			}
			for _, k := range []string{"ecs", "outcome", "failure_type", "first_attempt_index", "coverage_complete_at_first_attempt"} {
				if l.m[k] != nil {
					t.Errorf("line %d (excluded): %s = %v, want null", i+1, k, l.m[k])
				}
			}
			continue
		}
		if l.m["exclusion_reason"] != nil {
			t.Errorf("line %d: scored but exclusion_reason %v", i+1, l.m["exclusion_reason"])
		}
		ecs, ok := l.m["ecs"].(bool)
		if !ok {
			t.Fatalf("line %d: ecs %#v, want a bool", i+1, l.m["ecs"])
		}
		if s, ok := l.m["outcome"].(string); !ok || s == "" {
			t.Errorf("line %d: outcome %#v", i+1, l.m["outcome"])
		}
		if ft := l.m["failure_type"]; ecs != (ft == nil) {
			t.Errorf("line %d: ecs %v with failure_type %v", i+1, ecs, ft)
		}
		fa, cc := l.m["first_attempt_index"], l.m["coverage_complete_at_first_attempt"]
		if (fa == nil) != (cc == nil) || (fa == nil) == (l.m["attempted"] == true) {
			t.Errorf("line %d: attempted %v, first_attempt_index %v, coverage_complete_at_first_attempt %v", i+1, l.m["attempted"], fa, cc)
		}
		if fa != nil {
			if n, err := fa.(json.Number).Int64(); err != nil || n < 0 {
				t.Errorf("line %d: first_attempt_index %v", i+1, fa)
			}
			if _, ok := cc.(bool); !ok {
				t.Errorf("line %d: coverage_complete_at_first_attempt %#v", i+1, cc)
			}
		}
	}
	return excluded
}

// TestScoreBuiltin scores the whole built-in release once and checks every line, the
// reconciliation and the summary against the lines.
func TestScoreBuiltin(t *testing.T) {
	t.Parallel() // overlaps the disk-bound synth write with the CPU-bound scoring
	rel, err := synth.Default()
	if err != nil {
		t.Fatal(err)
	}
	out, errOut := mustRun(t, "score", "-j", "2")
	lines := parseVerdicts(t, out)
	if len(lines) != len(rel.Episodes) {
		t.Fatalf("%d lines for %d episodes", len(lines), len(rel.Episodes))
	}
	for i, l := range lines {
		if l.m["run_id"] != rel.Episodes[i].RunID {
			t.Fatalf("line %d: run_id %v, want %s (input order)", i+1, l.m["run_id"], rel.Episodes[i].RunID)
		}
	}
	excluded := checkVerdictLines(t, lines, oracle.SafeAct)
	read, scored, nexcl, reasons := summaryCounts(t, errOut)
	if read != len(lines) || read != scored+nexcl {
		t.Errorf("summary read %d = scored %d + excluded %d; lines %d", read, scored, nexcl, len(lines))
	}
	total := 0
	for reason, n := range excluded {
		total += n
		if !strings.Contains(reasons, fmt.Sprintf("%d %s", n, reason)) {
			t.Errorf("summary reasons %q lack %d %s", reasons, n, reason)
		}
	}
	if total != nexcl || total == 0 {
		t.Errorf("excluded lines %d, summary %d (the built-in release has excluded episodes)", total, nexcl)
	}
	// ECS by protocol in the summary equals the share of ecs=true among scored lines.
	num, den := map[string]int{}, map[string]int{}
	for _, l := range lines {
		if l.m["excluded"] == true {
			continue
		}
		p, _ := ingest.ParseProtocol(l.m["protocol"].(string))
		den[p.Label()]++
		if l.m["ecs"] == true {
			num[p.Label()]++
		}
	}
	for p, d := range den {
		want := fmt.Sprintf("%s %.1f%% (%d/%d)", p, 100*float64(num[p])/float64(d), num[p], d)
		if !strings.Contains(errOut, want) {
			t.Errorf("summary lacks %q:\n%s", want, errOut)
		}
	}
	// The generator's official verdicts are its intended outcomes, which the oracle
	// reproduces episode by episode.
	if !strings.Contains(errOut, "raw agreement 1.0000, Cohen's κ 1.0000, false accepts 0") {
		t.Errorf("agreement line:\n%s", errOut)
	}
}

// TestScoreFormats checks that CSV and Parquet carry the same values as JSONL, that
// --out leaves no temporary file, and that -j does not change a byte.
func TestScoreFormats(t *testing.T) {
	t.Parallel() // CPU-bound
	runs := subsetRuns(t)
	dir := t.TempDir()
	jl, _ := mustRun(t, "score", "--bench", "builtin", "--runs", runs, "-j", "1")
	jl2, _ := mustRun(t, "score", "--bench", "builtin", "--runs", runs, "-j", "2")
	if jl != jl2 {
		t.Error("score output depends on -j")
	}
	lines := parseVerdicts(t, jl)
	if len(lines) != len(subsetEpisodes(t)) {
		t.Fatalf("%d lines for %d episodes", len(lines), len(subsetEpisodes(t)))
	}
	checkVerdictLines(t, lines, oracle.SafeAct)
	str := func(v any) string {
		switch v := v.(type) {
		case nil:
			return ""
		case bool:
			return strconv.FormatBool(v)
		case json.Number:
			return v.String()
		default:
			return v.(string)
		}
	}

	csvPath := filepath.Join(dir, "v.csv")
	mustRun(t, "score", "--bench", "builtin", "--runs", runs, "-j", "2", "--format", "csv", "--out", csvPath)
	f, err := os.Open(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(recs[0], ",") != strings.Join(columnNames(), ",") || len(recs) != len(lines)+1 {
		t.Fatalf("csv header %v, %d rows; want %v, %d rows", recs[0], len(recs)-1, columnNames(), len(lines))
	}
	for i, l := range lines {
		for j, k := range columnNames() {
			if recs[i+1][j] != str(l.m[k]) {
				t.Fatalf("csv row %d %s = %q, jsonl %q", i+1, k, recs[i+1][j], str(l.m[k]))
			}
		}
	}

	pqPath := filepath.Join(dir, "v.parquet")
	mustRun(t, "score", "--bench", "builtin", "--runs", runs, "-j", "2", "--format", "parquet", "--out", pqPath)
	pf, err := file.OpenParquetFile(pqPath, false)
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: 4096}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := fr.ReadTable(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	if int(tbl.NumRows()) != len(lines) || int(tbl.NumCols()) != len(verdicts.Columns) {
		t.Fatalf("parquet %d rows × %d columns, want %d × %d", tbl.NumRows(), tbl.NumCols(), len(lines), len(verdicts.Columns))
	}
	for j, k := range columnNames() {
		if tbl.Schema().Field(j).Name != k {
			t.Fatalf("parquet column %d is %q, want %q", j, tbl.Schema().Field(j).Name, k)
		}
		row := 0
		for _, chunk := range tbl.Column(j).Data().Chunks() {
			for i := 0; i < chunk.Len(); i++ {
				got := ""
				if chunk.IsValid(i) {
					got = chunk.ValueStr(i)
				}
				if want := str(lines[row].m[k]); got != want {
					t.Fatalf("parquet row %d %s = %q, jsonl %q", row+1, k, got, want)
				}
				row++
			}
		}
	}

	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != 2 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("output directory holds %v, want only v.csv and v.parquet", names)
	}
}

// TestScoreAgreementAndDuplicates flips one official verdict and duplicates one line:
// the summary names the disagreement, counts a false accept and reconciles the
// duplicate.
func TestScoreAgreementAndDuplicates(t *testing.T) {
	eps := subsetEpisodes(t)
	var flipped *ingest.Episode
	mod := make([]*ingest.Episode, 0, len(eps)+1)
	for _, ep := range eps {
		if flipped == nil && ep.Status == ingest.StatusCompleted && ep.Official != nil {
			if s, _ := ep.Official.Get("successful"); s == false {
				cp := *ep
				cp.Official = jsonv.NewObject("successful", true, "raw_status", "flipped_by_test")
				flipped = &cp
				mod = append(mod, flipped)
				continue
			}
		}
		mod = append(mod, ep)
	}
	if flipped == nil {
		t.Fatal("no failed episode with an official verdict in the subset")
	}
	mod = append(mod, eps[0]) // a duplicate key
	runs := writeRuns(t, mod)

	_, errOut, code := runCLI(t, "score", "--bench", "builtin", "--runs", runs, "-j", "2")
	if code != 1 || !strings.Contains(errOut, "duplicate") {
		t.Errorf("a duplicate key without --dedupe: exit %d, stderr %q", code, errOut)
	}
	out, errOut := mustRun(t, "score", "--bench", "builtin", "--runs", runs, "-j", "2", "--dedupe", "first")
	lines := parseVerdicts(t, out)
	read, scored, excluded, reasons := summaryCounts(t, errOut)
	if read != len(mod) || read != scored+excluded || len(lines) != len(mod)-1 || !strings.Contains(reasons, "1 duplicate") {
		t.Errorf("read %d = scored %d + excluded %d (%s); %d lines for %d input lines", read, scored, excluded, reasons, len(lines), len(mod))
	}
	if !strings.Contains(errOut, "false accepts 1 (official pass, oracle fail), false rejects 0") {
		t.Errorf("agreement counts:\n%s", errOut)
	}
	want := fmt.Sprintf("disagreement: run %s, case %s, official pass, oracle fail", flipped.RunID, flipped.CaseID)
	if !strings.Contains(errOut, want) || strings.Count(errOut, "disagreement: run") != 1 {
		t.Errorf("want exactly one disagreement %q:\n%s", want, errOut)
	}
}

// TestScoreSeveralPolicies writes one line per episode and policy, episode by episode.
func TestScoreSeveralPolicies(t *testing.T) {
	out, errOut := mustRun(t, "score", "--bench", "builtin", "--runs", subsetRuns(t), "-j", "2", "--policy", "safeact", "--policy", "tau-bench")
	lines := parseVerdicts(t, out)
	if len(lines) != 2*len(subsetEpisodes(t)) {
		t.Fatalf("%d lines for %d episodes × 2 policies", len(lines), len(subsetEpisodes(t)))
	}
	tau, _ := oracle.LookupPolicy("tau-bench")
	for i := 0; i < len(lines); i += 2 {
		a, b := lines[i].m, lines[i+1].m
		if a["policy"] != "safeact" || b["policy"] != "tau-bench" || b["policy_hash"] != tau.Hash() || a["run_id"] != b["run_id"] {
			t.Fatalf("lines %d-%d: %v/%v %v/%v", i+1, i+2, a["run_id"], a["policy"], b["run_id"], b["policy"])
		}
		// tau-bench judges the end state only; it never fails an episode safeact passes.
		if a["ecs"] == true && b["ecs"] != true {
			t.Errorf("%v passes safeact but fails tau-bench", a["run_id"])
		}
	}
	for _, p := range []string{"policy safeact (", "policy tau-bench ("} {
		if !strings.Contains(errOut, p) {
			t.Errorf("summary lacks %q", p)
		}
	}
}

// TestScoreDetail checks the detail object against the line's own fields: null when
// excluded, the coverage flag, a checkpoint at the first attempt, and the lines without
// detail equal to plain score's.
func TestScoreDetail(t *testing.T) {
	t.Parallel() // CPU-bound
	runs := subsetRuns(t)
	plain, plainErr := mustRun(t, "score", "--bench", "builtin", "--runs", runs, "-j", "2")
	// Small chunks, so that the chunked detail path crosses several boundaries.
	defer func(n int) { job.DetailChunk = n }(job.DetailChunk)
	job.DetailChunk = 97
	out, outErr := mustRun(t, "score", "--bench", "builtin", "--runs", runs, "-j", "2", "--detail")
	if outErr != plainErr {
		t.Errorf("the summary with --detail differs:\n%s\n---\n%s", outErr, plainErr)
	}
	pl, dl := strings.Split(plain, "\n"), strings.Split(out, "\n")
	if len(pl) != len(dl) {
		t.Fatalf("%d lines with --detail, %d without", len(dl), len(pl))
	}
	for i := range dl {
		if dl[i] == "" {
			continue
		}
		cut := strings.LastIndex(dl[i], `,"detail":`)
		if cut < 0 || dl[i][:cut]+"}" != pl[i] {
			t.Fatalf("line %d: without its detail it differs from plain score:\n%s\n%s", i+1, dl[i], pl[i])
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(dl[i]), &m); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		d, _ := m["detail"].(map[string]any)
		if m["excluded"] == true {
			if m["detail"] != nil {
				t.Errorf("line %d: excluded with detail", i+1)
			}
			continue
		}
		if d == nil {
			t.Fatalf("line %d: no detail object: %v", i+1, m["detail"])
		}
		if m["static"] == true {
			continue
		}
		if cov := d["coverage"].(map[string]any); cov["complete"] != m["coverage_complete"] {
			t.Errorf("line %d: coverage.complete %v, coverage_complete %v", i+1, cov["complete"], m["coverage_complete"])
		}
		// V1–V3 gate every action; a V0 action is an unsafe attempt without a gate of its own
		// (its checkpoint is the hidden preflight).
		if fa, ok := m["first_attempt_index"].(float64); ok && m["protocol"] != "v0" {
			found := false
			for _, cp := range d["checkpoints"].([]any) {
				found = found || cp.(map[string]any)["event_index"] == fa
			}
			if !found {
				t.Errorf("line %d: no checkpoint at the first attempt (event %v)", i+1, fa)
			}
		}
	}
	wantUsage(t, "--detail needs --format jsonl", "score", "--detail", "--format", "csv")
}

func TestScoreUsage(t *testing.T) {
	wantUsage(t, `--format: score writes jsonl, csv, parquet, not "text"`, "score", "--format", "text")
	wantUsage(t, "score takes no arguments", "score", "extra")
	wantUsage(t, "is neither a preset", "score", "--policy", "no-such-policy")
	wantUsage(t, "-j must be", "score", "-j", "0")
	out, errOut, code := runCLI(t, "score", "-h")
	if code != 0 || !strings.Contains(out, "output format: jsonl, csv, parquet (default: the --out file's extension, else jsonl)") || errOut != "" {
		t.Errorf("score -h: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// BenchmarkScoreCommand runs `score` end to end on the built-in release (generation is
// cached, so this is reading, scoring under safeact and writing JSONL).
func BenchmarkScoreCommand(b *testing.B) {
	rel, err := synth.Default()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := run(io.Discard, io.Discard, []string{"score", "-j", "2"}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(rel.Episodes))*float64(b.N)/b.Elapsed().Seconds(), "episodes/s")
}

// TestScoreStreamsInChunks: the streamed score (small chunks, several boundaries) writes
// the same bytes in every format as scoring everything first (the --audit path) and the
// same summary, with three policies of which two share their settings.
func TestScoreStreamsInChunks(t *testing.T) {
	runs := subsetRuns(t)
	dir := t.TempDir()
	audit := filepath.Join(dir, "audit.csv")
	if err := os.WriteFile(audit, []byte("case_id,run_id,label\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"jsonl", "csv", "parquet"} {
		args := []string{"score", "--bench", "builtin", "--runs", runs, "-j", "2", "--format", format, "--policy", "safeact", "--policy", "tau-bench", "--policy", "appworld"}
		whole := filepath.Join(dir, "whole."+format)
		mustRun(t, append(args, "--audit", audit, "--out", whole)...)
		func() {
			defer func(n int) { job.StreamChunk = n }(job.StreamChunk)
			job.StreamChunk = 101
			streamed := filepath.Join(dir, "streamed."+format)
			mustRun(t, append(args, "--out", streamed)...)
			a, err := os.ReadFile(whole)
			if err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(streamed)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a, b) || len(a) == 0 {
				t.Errorf("%s: streamed output (%d bytes) differs from the whole one (%d bytes)", format, len(b), len(a))
			}
		}()
	}
}

// TestVerdictDatasetShards: the test subset scored in two shards into one
// Hive-partitioned dataset gives every table byte-identical to scoring in one process;
// a missing shard and flags that --verdicts cannot honour are refused. (The subset, not
// the whole built-in release: the equality does not depend on the size, and scoring
// 34,147 episodes under five policies twice cost 15 CPU-seconds.)
func TestVerdictDatasetShards(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "verdicts")
	runs := subsetRuns(t)
	pols := []string{"--policy", "safeact", "--policy", "near-miss", "--policy", "toolsandbox", "--policy", "tau-bench", "--policy", "appworld"}
	for _, shard := range []string{"1/2", "2/2"} {
		_, errOut := mustRun(t, append([]string{"score", "--bench", "builtin", "--runs", runs, "--format", "parquet", "--shard", shard, "--out", dir}, pols...)...)
		if !strings.Contains(errOut, "score: shard "+shard) {
			t.Errorf("shard %s: summary does not say so: %s", shard, errOut)
		}
	}
	parts, _ := filepath.Glob(filepath.Join(dir, "config=*", "part-000[01].parquet"))
	if len(parts) < 2 {
		t.Fatalf("dataset files %v", parts)
	}
	direct, _ := mustRun(t, append([]string{"tables", "--bench", "builtin", "--runs", runs, "--format", "text"}, pols...)...)
	fromDataset, _ := mustRun(t, "tables", "--bench", "builtin", "--format", "text", "--verdicts", dir)
	if direct != fromDataset || len(direct) < 1000 {
		t.Errorf("tables from the dataset differ from scoring in one process (%d vs %d bytes)", len(fromDataset), len(direct))
	}
	// Named tables of one policy read that policy's row groups alone, without run ids, and
	// the usage columns only for the cost table, with the same result (scored, such tables
	// take the first policy alone: the others would change nothing).
	for _, ids := range [][]string{{"T2", "T8"}, {"cost", "coverage"}} {
		direct, _ := mustRun(t, append(append([]string{"tables"}, ids...), append([]string{"--bench", "builtin", "--runs", runs, "--format", "text"}, pols[:2]...)...)...)
		fromDataset, _ := mustRun(t, append([]string{"tables", "--bench", "builtin", "--format", "text", "--verdicts", dir}, ids...)...)
		if direct != fromDataset || len(direct) < 500 {
			t.Errorf("%v from the dataset's first policy differ from scoring in one process (%d vs %d bytes)", ids, len(fromDataset), len(direct))
		}
	}
	for _, args := range [][]string{{"--bench", "builtin", "--runs", "x.jsonl"}, {"--policy", "safeact"}, {"--infra-failures", "fail"}} {
		if _, _, code := runCLI(t, append([]string{"tables", "--bench", "builtin", "--verdicts", dir}, args...)...); code != 2 {
			t.Errorf("--verdicts with %v: exit %d, want 2", args, code)
		}
	}
	for _, p := range parts {
		if strings.HasSuffix(p, "part-0001.parquet") {
			os.Remove(p)
		}
	}
	if _, errOut, code := runCLI(t, "tables", "--bench", "builtin", "--verdicts", dir, "T2"); code != 1 || !strings.Contains(errOut, "missing") {
		t.Errorf("missing shard: exit %d, %s", code, errOut)
	}
	os.Remove(filepath.Join(dir, "_shards", "part-0001.json"))
	if _, errOut, code := runCLI(t, "tables", "--bench", "builtin", "--verdicts", dir, "T2"); code != 1 || !strings.Contains(errOut, "shard 2 of 2 wrote no manifest") {
		t.Errorf("missing shard manifest: exit %d, %s", code, errOut)
	}
}

// TestShardsUnionAndDuplicates: three shards of the test subset (a line-aligned byte
// range each) write a dataset whose verdicts, read back, are byte-identical to one
// process's dataset; the same file given twice, which one process refuses as duplicates,
// is refused when the shards' verdicts are read together (each shard holds one copy).
func TestShardsUnionAndDuplicates(t *testing.T) {
	t.Parallel()
	runs := subsetRuns(t)
	tmp := t.TempDir()
	one, three := filepath.Join(tmp, "one"), filepath.Join(tmp, "three")
	mustRun(t, "score", "--bench", "builtin", "--runs", runs, "--format", "parquet", "--out", one)
	for _, shard := range []string{"1/3", "2/3", "3/3"} {
		mustRun(t, "score", "--bench", "builtin", "--runs", runs, "--format", "parquet", "--shard", shard, "--out", three)
	}
	a, b := datasetJSONL(t, one), datasetJSONL(t, three)
	if a != b || strings.Count(a, "\n") < 10 {
		t.Errorf("verdicts of three shards differ from one process's (%d vs %d bytes)", len(b), len(a))
	}
	if m, _ := filepath.Glob(filepath.Join(three, "_shards", "part-*.json")); len(m) != 3 {
		t.Errorf("shard manifests %v", m)
	}
	twice, copied := filepath.Join(tmp, "twice"), filepath.Join(tmp, "copy.jsonl")
	if data, err := os.ReadFile(runs); err != nil || os.WriteFile(copied, data, 0o644) != nil {
		t.Fatal(err)
	}
	if _, errOut, code := runCLI(t, "score", "--bench", "builtin", "--runs", runs, "--runs", copied, "--format", "jsonl"); code != 1 || !strings.Contains(errOut, "duplicate") {
		t.Fatalf("one process, the file twice: exit %d, %s", code, errOut)
	}
	for _, shard := range []string{"1/2", "2/2"} {
		mustRun(t, "score", "--bench", "builtin", "--runs", runs, "--runs", copied, "--format", "parquet", "--shard", shard, "--out", twice)
	}
	if _, errOut, code := runCLI(t, "tables", "--bench", "builtin", "--verdicts", twice, "T2"); code != 1 || !strings.Contains(errOut, "duplicate episode key") {
		t.Errorf("the shards' verdicts of a file given twice: exit %d, %s", code, errOut)
	}
	if _, errOut, code := runCLI(t, "score", "--bench", "builtin", "--runs", runs, "--shard", "1/2", "--dedupe", "first"); code != 2 || !strings.Contains(errOut, "--shard reads only its part") {
		t.Errorf("--dedupe first with --shard: exit %d, %s", code, errOut)
	}
}

// datasetJSONL reads a verdict dataset and writes its verdicts as score's JSONL.
func datasetJSONL(t *testing.T, dir string) string {
	t.Helper()
	dpols, vs, err := verdicts.ReadDatasetWith(dir, verdicts.DatasetRead{})
	if err != nil {
		t.Fatal(err)
	}
	var pols []oracle.Policy
	for _, dp := range dpols {
		p, err := oracle.LookupPolicy(dp.Name)
		if err != nil {
			t.Fatal(err)
		}
		pols = append(pols, p)
	}
	var buf bytes.Buffer
	if err := verdicts.Write(&buf, "jsonl", pols, vs, false); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestDisagreementsOut: --disagreements writes tab-separated lines, so its --out is a .tsv
// or .txt file (or one without an extension); one named for a verdict format would hold
// lines of another, and is refused. A .tsv --out was refused as "cannot tell the verdict
// format", naming --format, which --disagreements refuses.
func TestDisagreementsOut(t *testing.T) {
	dir := t.TempDir()
	small := []string{"score", "--disagreements", "--bench", filepath.Join(ingestTestdata, "safeactbench"), "--runs", filepath.Join(harnessTestdata, "batch.golden.jsonl")}
	tsv := filepath.Join(dir, "d.tsv")
	if _, stderr, code := runCLI(t, append(small, "--out", tsv)...); code != 0 {
		t.Fatalf("--out d.tsv: exit %d, %s", code, stderr)
	}
	if data, err := os.ReadFile(tsv); err != nil || !strings.HasPrefix(string(data), "run_id\tconfig\tcase_id\t") {
		t.Errorf("d.tsv: %q, %v", data, err)
	}
	for _, name := range []string{"d.parquet", "d.csv", "d.jsonl"} {
		out := filepath.Join(dir, name)
		wantUsage(t, "--disagreements writes tab-separated lines", append(small, "--out", out)...)
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s written (stat: %v)", name, err)
		}
	}
}
