package casespec

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// writeCheckout lays the ten real cases out as a SafeActBench checkout; tamper may
// change the manifest before it is written.
func writeCheckout(t testing.TB, tamper func(entries []any)) string {
	t.Helper()
	src, err := LoadBench(realDir, BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "env"), 0o755)
	os.MkdirAll(filepath.Join(root, "sets"), 0o755)
	lists := map[string][]any{}
	var entries []any
	for i, c := range src.Cases {
		cat := catalogs[c.Protocol]
		lists[cat.file] = append(lists[cat.file], c.Spec)
		entries = append(entries, jsonv.NewObject("index", int64(i+1), "case_id", c.ID, "protocol", c.Protocol.String(),
			"env_id", c.Domain, "catalog", cat.file, "case_spec_sha256", SpecSHA256(c.Spec)))
	}
	if tamper != nil {
		tamper(entries)
	}
	write := func(name string, v any) {
		if err := os.WriteFile(filepath.Join(root, name), jsonv.Marshal(v), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, cat := range catalogs {
		list := lists[cat.file]
		if list == nil {
			list = []any{}
		}
		write(filepath.Join("env", cat.file), jsonv.NewObject("case_count", int64(len(list)), cat.list, list))
	}
	write("env/case_manifest.json", jsonv.NewObject("case_count", int64(len(entries)), "entries", entries))
	write("env/case_evidence.json", jsonv.NewObject("case_count", int64(1), "cases", []any{src.Evidence["SAB-V0-166"]}))
	os.WriteFile(filepath.Join(root, "sets", "matched.txt"), []byte("# the V1 cases\nSAB-V1-001\n\nSAB-V1-011\n"), 0o644)
	return root
}

func TestLoadBenchCheckout(t *testing.T) {
	root := writeCheckout(t, nil)
	b, err := LoadBench(root, BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if b.Kind != BenchCheckout || len(b.Cases) != 10 || len(b.Manifest) != 10 || b.Evidence["SAB-V0-166"] == nil {
		t.Fatalf("kind %s, %d cases, %d manifest entries, evidence %v", b.Kind, len(b.Cases), len(b.Manifest), b.Evidence != nil)
	}
	if got := strings.Join(b.Sets["matched"], ","); got != "SAB-V1-001,SAB-V1-011" {
		t.Errorf("set matched = %s", got)
	}
	if len(b.Warnings) != 0 {
		t.Errorf("warnings: %v", b.Warnings)
	}
	for _, c := range b.Cases {
		if SpecSHA256(c.Spec) != realHashes[c.ID] {
			t.Errorf("%s: spec changed on the way through the checkout", c.ID)
		}
	}
}

func TestLoadBenchCheckoutProblems(t *testing.T) {
	root := writeCheckout(t, func(entries []any) {
		entries[0].(*jsonv.Object).Set("case_spec_sha256", strings.Repeat("0", 64))
		entries[1].(*jsonv.Object).Set("case_id", "SAB-L-999")
	})
	_, err := LoadBench(root, BenchOptions{})
	ps := ingest.AsProblems(err)
	var msgs []string
	for _, p := range ps {
		msgs = append(msgs, p.Msg)
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{
		`case "SAB-L-001": case_spec_sha256 is 326d05f6f194430ec5f1fcee0148786e3c0edf80db930dfacc7c46b77148f8d5, manifest says 0000`,
		`case "SAB-V0-001" is not in the manifest`,
		`case "SAB-L-999" is in no catalog`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("missing problem %q in:\n%s", want, all)
		}
	}
}

func TestLoadBenchJSONLAndVariants(t *testing.T) {
	dir := t.TempDir()
	spec, _ := os.ReadFile(filepath.Join(realDir, "cases", "SAB-V1-001.json"))
	o, _ := jsonv.ParseObject(spec)
	row := func(id, proto string) string {
		return string(jsonv.Marshal(jsonv.NewObject("case_id", id, "protocol", proto, "case_spec", o))) + "\n"
	}
	p := filepath.Join(dir, "cases.jsonl")
	os.WriteFile(p, []byte(row("SAB-V1-001", "v1")+"\n"+row("SAB-V1-001@withheld", "v1")), 0o644)
	b, err := LoadBench(p, BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if b.Kind != BenchJSONL || len(b.Cases) != 2 {
		t.Fatalf("kind %s, %d cases", b.Kind, len(b.Cases))
	}
	v := b.Case("SAB-V1-001@withheld")
	if v == nil || v.BaseID != "SAB-V1-001" || v.Variant != "withheld" || v.Cluster != b.Case("SAB-V1-001").Cluster {
		t.Fatalf("variant case %+v", v)
	}
	if v.Source != p+":3" {
		t.Errorf("source %s, want %s:3", v.Source, p)
	}
	os.WriteFile(p, []byte(row("SAB-V1-001", "v2")+`{"case_id":"SAB-V1-002"}`+"\n"), 0o644)
	_, err = LoadBench(p, BenchOptions{})
	var got []string
	for _, pr := range ingest.AsProblems(err) {
		got = append(got, strings.TrimPrefix(pr.String(), dir+"/"))
	}
	want := `cases.jsonl:1: protocol: protocol "v2" disagrees with case id "SAB-V1-001"` + "\n" +
		`cases.jsonl:2: case_spec: missing or not an object`
	if strings.Join(got, "\n") != want {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}

// TestLoadBenchJSONLSets: a JSONL of cases reads the case sets shipped beside it
// (sets/NAME.txt in its folder), as a case directory does; they were left out, so T9,
// T10 and the interventions table had no case set while the sets were there. The
// provenance lists the set files read.
func TestLoadBenchJSONLSets(t *testing.T) {
	dir := t.TempDir()
	spec, _ := os.ReadFile(filepath.Join(realDir, "cases", "SAB-V1-001.json"))
	o, _ := jsonv.ParseObject(spec)
	p := filepath.Join(dir, "cases.jsonl")
	if err := os.WriteFile(p, append(jsonv.Marshal(jsonv.NewObject("case_id", "SAB-V1-001", "protocol", "v1", "case_spec", o)), '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	set := filepath.Join(dir, "sets", "t9_matched_v1.txt")
	if err := os.MkdirAll(filepath.Dir(set), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(set, []byte("SAB-V1-001\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := LoadBench(p, BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Sets["t9_matched_v1"]; !slices.Equal(got, []string{"SAB-V1-001"}) {
		t.Errorf("sets %v, want t9_matched_v1 = [SAB-V1-001]", b.Sets)
	}
	if files := b.InputFiles(BenchOptions{}); !slices.Contains(files, set) {
		t.Errorf("input files %v do not list %s", files, set)
	}
	// An id the cases do not have is a problem of the set file, as in a case directory.
	if err := os.WriteFile(set, []byte("SAB-V1-002\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadBench(p, BenchOptions{}); err == nil || !strings.Contains(err.Error(), set+":1: unknown case id \"SAB-V1-002\"") {
		t.Errorf("unknown id in the set: %v", err)
	}
}

func TestUserSetsAndClusters(t *testing.T) {
	dir := t.TempDir()
	set := filepath.Join(dir, "s.txt")
	os.WriteFile(set, []byte("SAB-V2-001\nSAB-V3-001\n"), 0o644)
	cl := filepath.Join(dir, "c.csv")
	os.WriteFile(cl, []byte("case_id,cluster_id\nSAB-V2-001,refunds\nSAB-V3-001,refunds\n"), 0o644)
	b, err := LoadBench(realDir, BenchOptions{Sets: map[string]string{"mine": set}, ClustersFile: cl})
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Sets["mine"]) != 2 {
		t.Errorf("set mine = %v", b.Sets["mine"])
	}
	if c := b.Case("SAB-V3-001"); c.Cluster != "refunds" || c.ClusterRule != ClusterUser {
		t.Errorf("V3-001 cluster %s/%s", c.Cluster, c.ClusterRule)
	}
	if b.ClusterCounts[0] != (ClusterCount{ClusterUser, 1, 2}) {
		t.Errorf("user rule count %+v", b.ClusterCounts[0])
	}
	// A set file saved with a byte-order mark: its first id was the unknown case
	// "\ufeffSAB-V2-001".
	os.WriteFile(set, []byte("\ufeffSAB-V2-001\r\nSAB-V3-001\r\n"), 0o644)
	if b, err := LoadBench(realDir, BenchOptions{Sets: map[string]string{"mine": set}}); err != nil || len(b.Sets["mine"]) != 2 {
		t.Errorf("set file with a byte-order mark: %v", err)
	}
	// Saved by Excel as "CSV UTF-8": the byte-order mark made the header a row naming
	// the unknown case "\ufeffcase_id".
	os.WriteFile(cl, []byte("\ufeffcase_id,cluster_id\r\nSAB-V2-001,refunds\r\n"), 0o644)
	if b, err := LoadBench(realDir, BenchOptions{ClustersFile: cl}); err != nil || b.Case("SAB-V2-001").Cluster != "refunds" {
		t.Errorf("cluster file with a byte-order mark: %v", err)
	}
	os.WriteFile(set, []byte("SAB-V2-001\nSAB-V7-001\nSAB-V2-001\n"), 0o644)
	os.WriteFile(cl, []byte("SAB-V2-001,a,b\nSAB-X-1,q\n"), 0o644)
	_, err = LoadBench(realDir, BenchOptions{Sets: map[string]string{"mine": set}})
	if ps := ingest.AsProblems(err); len(ps) != 2 || ps[0].Line != 2 || ps[1].Line != 3 {
		t.Errorf("set problems %v", ps)
	}
	_, err = LoadBench(realDir, BenchOptions{ClustersFile: cl})
	if ps := ingest.AsProblems(err); len(ps) != 2 || ps[0].Line != 1 || ps[1].Field != "case_id" {
		t.Errorf("cluster file problems %v", ps)
	}
}

func TestNewBench(t *testing.T) {
	src, err := LoadBench(realDir, BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewBench("mem", src.Cases, map[string][]string{"v1": {"SAB-V1-001", "SAB-V1-011"}}, BenchOptions{})
	if err != nil || b.Kind != BenchMemory || len(b.Sets["v1"]) != 2 || b.Case("SAB-V2-018") == nil {
		t.Fatalf("NewBench: %v", err)
	}
	_, err = NewBench("mem", src.Cases, map[string][]string{"bad": {"SAB-V1-404"}}, BenchOptions{})
	if ps := ingest.AsProblems(err); len(ps) != 1 || ps[0].Field != "sets.bad" {
		t.Errorf("unknown set member: %v", err)
	}
	// A bench's clusters are its own: another built from the same (shared, built-in) cases
	// with a clusters file changes neither them nor the first bench.
	cl := filepath.Join(t.TempDir(), "c.csv")
	os.WriteFile(cl, []byte("case_id,cluster_id\nSAB-V2-001,refunds\n"), 0o644)
	before := b.Case("SAB-V2-001").Cluster
	u, err := NewBench("mem", src.Cases, nil, BenchOptions{ClustersFile: cl})
	if err != nil {
		t.Fatal(err)
	}
	if c := u.Case("SAB-V2-001"); c.Cluster != "refunds" || c.ClusterRule != ClusterUser {
		t.Errorf("user cluster %s/%s", c.Cluster, c.ClusterRule)
	}
	if b.Case("SAB-V2-001").Cluster != before || src.Case("SAB-V2-001").Cluster != before || before == "refunds" {
		t.Errorf("a second bench's clusters file changed the first's cluster %q → %q (source %q)", before, b.Case("SAB-V2-001").Cluster, src.Case("SAB-V2-001").Cluster)
	}
}

func TestCheckCaseEvidence(t *testing.T) {
	b, err := LoadBench(realDir, BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ev := jsonv.DeepCopy(b.Evidence["SAB-V0-166"]).(*jsonv.Object)
	if ps := checkCaseEvidence(b.Case("SAB-V0-166"), "SAB-V0-166", ev, "e.json"); len(ps) != 0 {
		t.Fatalf("real record: %v", ps)
	}
	recs, _ := ev.List("records")
	recs[1].(*jsonv.Object).Set("arguments", jsonv.NewObject("target", "private_channel"))
	ev.Set("record_count", int64(3))
	ev.Set("env_id", "ops_code_agent")
	var got []string
	for _, p := range checkCaseEvidence(b.Case("SAB-V0-166"), "SAB-V0-166", ev, "e.json") {
		got = append(got, p.String())
	}
	want := `e.json: env_id: is "ops_code_agent", case SAB-V0-166 is in legal_finance_advice` + "\n" +
		`e.json: record_count: is 3, records has 2` + "\n" +
		`e.json: records[1]: call target_lookup:{"target":"private_channel"} is not answered by case SAB-V0-166's evidence rules or frozen deltas`
	if strings.Join(got, "\n") != want {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
	// A Legacy entry has neither rules nor deltas: its calls are not compared.
	if ps := checkCaseEvidence(b.Case("SAB-L-001"), "SAB-L-001", jsonv.NewObject("protocol", "legacy",
		"records", []any{jsonv.NewObject("tool_name", "order_read", "arguments", jsonv.NewObject())}), "l.json"); len(ps) != 0 {
		t.Errorf("legacy record: %v", ps)
	}
}
