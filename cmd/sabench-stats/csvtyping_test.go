package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results/verdicts"
)

// TestVerdictCSVTyping is the pandas-free check of the verdict CSV: every non-empty value
// of a column parses as the column's type (booleans exactly true/false, integers plain
// digits), and a column the dictionary says is never null has no empty value. Mixed
// spellings or stray empty strings are what made pandas warn about mixed types.
func TestVerdictCSVTyping(t *testing.T) {
	out, _ := mustRun(t, "score", "--bench", "builtin", "--runs", subsetRuns(t), "--format", "csv")
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) < 100 {
		t.Fatalf("%d rows", len(recs))
	}
	cols := verdicts.Columns
	nulls := make([]int, len(cols))
	for i, name := range recs[0] {
		if name != cols[i].Name {
			t.Fatalf("column %d is %q, want %q", i, name, cols[i].Name)
		}
	}
	for r, rec := range recs[1:] {
		for i, x := range rec {
			c := cols[i]
			if x == "" {
				nulls[i]++
				if verdicts.Null(c.Name) == "" {
					t.Fatalf("row %d: %s is empty, but the column is never null", r+2, c.Name)
				}
				continue
			}
			ok := true
			switch c.Kind {
			case verdicts.KindBool:
				ok = x == "true" || x == "false"
			case verdicts.KindInt:
				_, err := strconv.ParseInt(x, 10, 64)
				ok = err == nil
			}
			if !ok {
				t.Fatalf("row %d: %s = %q does not parse as its type", r+2, c.Name, x)
			}
		}
	}
	// The subset has excluded episodes and episodes without an attempt: the nullable
	// columns are exercised, not vacuously fine.
	for _, name := range []string{"exclusion_reason", "ecs", "first_attempt_index", "failure_type"} {
		for i, c := range cols {
			if c.Name == name && nulls[i] == 0 {
				t.Errorf("no null %s in the subset: the check did not see one", name)
			}
		}
	}
}

// pandasPythons are the interpreters tried for pandas, in order.
var pandasPythons = []string{"python3", "/usr/bin/python3"}

// TestPandasReproducesT2 runs the README's pandas snippet on `score` CSV and compares it
// with T2 (ECS and per protocol) from `tables T2`. Without pandas it is skipped, or fails
// under CI (.ci/run installs python3-pandas). The snippet is run with each python3 in
// turn until one has pandas (no separate `import pandas` probe: importing pandas is most
// of the snippet's cost). With SABENCH_LONG=1 (set by .ci/run) it reads the whole built-in
// release, as the README does: pandas reads a large file in chunks and warns of a column
// whose chunks it typed apart (one null on every row of a chunk), which the subset read by
// default is too small to show (the whole release costs about 1 CPU-s more).
func TestPandasReproducesT2(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)<!-- pandas-t2:[^>]*-->\n```python\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README has no pandas-t2 snippet")
	}
	in := []string{"--bench", "builtin", "--runs", subsetRuns(t)}
	if os.Getenv("SABENCH_LONG") == "1" {
		in = nil
	}
	dir := t.TempDir()
	mustRun(t, append([]string{"score", "--out", filepath.Join(dir, "verdicts.csv")}, in...)...)
	var got []byte
	found := false
	for _, py := range pandasPythons {
		cmd := exec.Command(py, "-W", "error", "-c", string(m[1])) // a DtypeWarning fails the test
		cmd.Dir = dir
		got, err = cmd.CombinedOutput()
		var exit *exec.ExitError
		if err != nil && (!errors.As(err, &exit) || bytes.Contains(got, []byte("No module named 'pandas'"))) {
			continue // no such interpreter, or one without pandas
		}
		if err != nil {
			t.Fatalf("snippet (%s): %v\n%s", py, err, got)
		}
		found = true
		break
	}
	if !found {
		missingTool(t, "pandas is not installed (apt-get install python3-pandas; .ci/run does this)")
	}
	t2, _ := mustRun(t, append([]string{"tables", "T2", "--format", "csv", "--resamples", "0"}, in...)...)
	want := csvByConfig(t, t2, map[string]string{"ecs": "ECS"}, 1)
	have := csvByConfig(t, string(got), nil, 1)
	if len(want) == 0 || len(want) != len(have) {
		t.Fatalf("configs: pandas %v, T2 %v\n%s", have, want, got)
	}
	n := 0
	for cfg, w := range want {
		for col, x := range w {
			y, ok := have[cfg][col]
			if !ok {
				continue // P-M, D-M: not in the snippet
			}
			n++
			if math.Abs(x-y) > 0.051 { // the snippet rounds to 0.1
				t.Errorf("%s %s: pandas %.1f, T2 %.3f", cfg, col, y, x)
			}
		}
	}
	if n < 2*len(want) {
		t.Errorf("only %d values compared", n)
	}
}

// csvByConfig reads a CSV with a config column into config → column → value × scale;
// rename maps column names to the other side's.
func csvByConfig(t *testing.T, s string, rename map[string]string, scale float64) map[string]map[string]float64 {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(s)).ReadAll()
	if err != nil {
		t.Fatalf("%v\n%s", err, s)
	}
	out := map[string]map[string]float64{}
	ci := -1
	for i, h := range recs[0] {
		if h == "config" {
			ci = i
		}
	}
	if ci < 0 {
		t.Fatalf("no config column:\n%s", s)
	}
	for _, rec := range recs[1:] {
		row := map[string]float64{}
		for i, x := range rec {
			name := recs[0][i]
			if r, ok := rename[name]; ok {
				name = r
			}
			if f, err := strconv.ParseFloat(x, 64); err == nil && i != ci {
				row[name] = f * scale
			}
		}
		out[rec[ci]] = row
	}
	return out
}

// duckdbNodePath is a node_modules directory holding @duckdb/node-api: $SABENCH_NODE_MODULES,
// else .ci/node_modules (where .ci/run installs it), else "".
func duckdbNodePath() string {
	for _, d := range []string{os.Getenv("SABENCH_NODE_MODULES"), "../../.ci/node_modules"} {
		if d == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(d, "@duckdb", "node-api")); err == nil {
			abs, _ := filepath.Abs(d)
			return abs
		}
	}
	return ""
}

// duckdbRunner runs one query through @duckdb/node-api and prints the rows as JSON.
const duckdbRunner = `const { DuckDBInstance } = require('@duckdb/node-api');
(async () => {
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  const r = await c.runAndReadAll(process.argv[2]);
  console.log(JSON.stringify(r.getRowObjectsJson()));
})().catch(e => { console.error(e.message); process.exit(1); });
`

// needDuckDB skips the test (or fails it under CI) without node and @duckdb/node-api.
func needDuckDB(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil || duckdbNodePath() == "" {
		missingTool(t, "node or @duckdb/node-api missing (npm install --prefix .ci @duckdb/node-api, or set SABENCH_NODE_MODULES; .ci/run does this)")
	}
}

// duckdbQuery runs query in DuckDB (duckdbRunner) and returns its rows as JSON.
func duckdbQuery(t *testing.T, query string) []byte {
	t.Helper()
	script := filepath.Join(t.TempDir(), "q.cjs")
	if err := os.WriteFile(script, []byte(duckdbRunner), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", script, query)
	cmd.Env = append(os.Environ(), "NODE_PATH="+duckdbNodePath())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("duckdb: %v\n%s", err, out)
	}
	return out
}

// readmeSQL is the README's SQL block marked <!-- name: … -->.
func readmeSQL(t *testing.T, name string) string {
	t.Helper()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)<!-- " + regexp.QuoteMeta(name) + ":[^>]*-->\n```sql\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatalf("README has no %s query", name)
	}
	return string(m[1])
}

// TestDuckDBReproducesT2 runs the README's DuckDB query on `score` CSV (DuckDB's own type
// detection: the booleans must come out BOOLEAN) and compares it with T2's ECS. Without
// node and @duckdb/node-api it is skipped, or fails under CI (.ci/run installs them).
func TestDuckDBReproducesT2(t *testing.T) {
	needDuckDB(t)
	readmeQuery := readmeSQL(t, "duckdb-t2")
	runs := subsetRuns(t)
	dir := t.TempDir()
	csvPath := filepath.Join(dir, "verdicts.csv")
	mustRun(t, "score", "--bench", "builtin", "--runs", runs, "--out", csvPath)
	got := duckdbQuery(t, strings.ReplaceAll(readmeQuery, "'verdicts.csv'", "'"+csvPath+"'"))
	var rows []struct {
		Config string  `json:"config"`
		ECS    float64 `json:"ecs"`
	}
	if err := json.Unmarshal(got, &rows); err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	t2, _ := mustRun(t, "tables", "T2", "--bench", "builtin", "--runs", runs, "--format", "csv", "--resamples", "0")
	want := csvByConfig(t, t2, nil, 1)
	if len(rows) == 0 || len(rows) != len(want) {
		t.Fatalf("duckdb %v, T2 %v", rows, want)
	}
	for _, r := range rows {
		if w, ok := want[r.Config]["ecs"]; !ok || math.Abs(w-r.ECS) > 0.051 {
			t.Errorf("%s: duckdb %.1f, T2 %.3f", r.Config, r.ECS, w)
		}
	}
}

// TestDuckDBReproducesT2Dataset runs the README's DuckDB query on a verdict dataset
// (score --format parquet --out DIR, read with hive_partitioning) and compares every column
// it computes with T2's: overall ECS, P-M, D-M and each protocol's, on the whole built-in
// release, the input the README names.
func TestDuckDBReproducesT2Dataset(t *testing.T) {
	needDuckDB(t)
	readmeQuery := readmeSQL(t, "duckdb-t2-dataset")
	dir := t.TempDir()
	ds := filepath.Join(dir, "verdicts")
	mustRun(t, "score", "--format", "parquet", "--out", ds)
	query := strings.ReplaceAll(readmeQuery, "'verdicts/*/*.parquet'", "'"+ds+"/*/*.parquet'")
	if query == readmeQuery {
		t.Fatal("the README's query no longer reads 'verdicts/*/*.parquet'")
	}
	got := duckdbQuery(t, query)
	var rows []map[string]any
	if err := json.Unmarshal(got, &rows); err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	t2, _ := mustRun(t, "tables", "T2", "--format", "csv", "--resamples", "0")
	want := csvByConfig(t, t2, map[string]string{"pm": "p_m", "dm": "d_m"}, 1)
	if len(rows) == 0 || len(rows) != len(want) {
		t.Fatalf("duckdb %v, T2 %v", rows, want)
	}
	for _, r := range rows {
		cfg, _ := r["config"].(string)
		for _, col := range []string{"ecs", "p_m", "d_m", "legacy", "v0", "v1", "v2", "v3"} {
			w, inT2 := want[cfg][col]
			var x float64
			switch v := r[col].(type) {
			case nil: // no episode of that protocol: T2's cell is empty too
				if inT2 {
					t.Errorf("%s %s: duckdb null, T2 %.3f", cfg, col, w)
				}
				continue
			case float64:
				x = v
			case string: // DECIMAL results come as strings
				var err error
				if x, err = strconv.ParseFloat(v, 64); err != nil {
					t.Fatalf("%s %s: %v", cfg, col, err)
				}
			default:
				t.Fatalf("%s %s: %T %v", cfg, col, v, v)
			}
			if !inT2 || math.Abs(w-x) > 0.051 {
				t.Errorf("%s %s: duckdb %.1f, T2 %.3f (in T2: %v)", cfg, col, x, w, inT2)
			}
		}
	}
}

// TestDuckDBReadsTypedParquet: DuckDB reads the typed episode layout as nested columns
// (the record's events a list of structs, usage a struct) and counts what the Go reader
// counts: episodes, events, INFO_CALL events and input tokens.
func TestDuckDBReadsTypedParquet(t *testing.T) {
	needDuckDB(t)
	dir := t.TempDir()
	pq := filepath.Join(dir, "runs.parquet")
	mustRun(t, "convert", subsetRuns(t), pq)
	var want struct{ N, Events, Info, Tokens int64 }
	r, err := ingest.OpenEpisodes(pq, ingest.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var evs []ingest.Event
	for {
		ep, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		want.N++
		if ep.Record != nil {
			evs = ep.Record.EventsInto(evs)
			want.Events += int64(len(evs))
			for _, e := range evs {
				if e.Type == "INFO_CALL" {
					want.Info++
				}
			}
		}
		if ep.Usage != nil && ep.Usage.Known&ingest.UsageInput != 0 {
			want.Tokens += int64(ep.Usage.InputTokens)
		}
	}
	r.Close()
	out := duckdbQuery(t, `SELECT count(*) AS n, sum(coalesce(len(record.events), 0)) AS events,
	  sum(coalesce(len(list_filter(record.events, e -> e.type = 'INFO_CALL')), 0)) AS info,
	  sum(usage.input_tokens) AS tokens FROM read_parquet('`+pq+`')`)
	var rows []map[string]any
	if err := json.Unmarshal(out, &rows); err != nil || len(rows) != 1 {
		t.Fatalf("%v\n%s", err, out)
	}
	got := fmt.Sprint(rows[0]["n"], " ", rows[0]["events"], " ", rows[0]["info"], " ", rows[0]["tokens"])
	if w := fmt.Sprint(want.N, " ", want.Events, " ", want.Info, " ", want.Tokens); got != w || want.Events == 0 {
		t.Errorf("DuckDB counts %s, the Go reader %s (episodes, events, INFO_CALL events, input tokens)", got, w)
	}
}
