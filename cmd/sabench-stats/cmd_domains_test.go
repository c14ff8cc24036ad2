package main

import (
	"math"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

func TestDomainsFilters(t *testing.T) {
	t.Parallel() // CPU-bound
	runs := subsetRuns(t)
	const config = "GLM-5.2/Inspect"
	// Count the main episodes per domain and protocol from score's lines, and filter on
	// the domain with the most V1 and V2 episodes, so that both cells are checked.
	sc, _ := mustRun(t, "score", "--bench", "builtin", "--runs", runs, "-j", "2")
	type dp struct{ d, p string }
	n, c := map[dp]int{}, map[dp]int{}
	for _, l := range parseVerdicts(t, sc) {
		m := l.m
		if m["config"] != config || m["condition"] != "main" || m["excluded"] == true || m["static"] == true {
			continue
		}
		k := dp{m["domain"].(string), m["protocol"].(string)}
		n[k]++
		if m["ecs"] == true {
			c[k]++
		}
	}
	both := func(d string) int { return min(n[dp{d, "v1"}], n[dp{d, "v2"}]) }
	var domains []string
	for k := range n {
		domains = append(domains, k.d)
	}
	sort.Strings(domains)
	domain := ""
	for _, d := range domains {
		if both(d) > both(domain) {
			domain = d
		}
	}
	if both(domain) == 0 {
		t.Fatalf("no domain with both V1 and V2 episodes of %s in the subset", config)
	}
	out, _ := mustRun(t, "domains", "--bench", "builtin", "--runs", runs, "-j", "2", "--format", "json", "--protocol", "v1,v2", "--domain", domain, "--config", strings.ToUpper(config))
	ts := parseTables(t, out) // the configuration matched case-insensitively, shown as the release spells it
	if len(ts) != 1 || ts[0].Table != "domains" {
		t.Fatalf("want one domains table: %s", out)
	}
	var keys []string
	for _, c := range ts[0].Columns {
		keys = append(keys, c["key"].(string))
	}
	if strings.Join(keys, ",") != "config,domain,v1,v2,all,n" {
		t.Errorf("columns %v, want config, domain, v1, v2, all, n", keys)
	}
	if len(ts[0].Rows) != 1 {
		t.Fatalf("rows %v, want the one requested", ts[0].Rows)
	}
	row := ts[0].Rows[0]
	if row["config"] != config || row["domain"] != domain {
		t.Errorf("row %v", row)
	}
	for _, p := range []string{"v1", "v2"} {
		k := dp{domain, p}
		if want := 100 * float64(c[k]) / float64(n[k]); math.Abs(num(t, row, p)-want) > 1e-9 {
			t.Errorf("%s = %v, want %v (%d/%d)", p, row[p], want, c[k], n[k])
		}
	}
	if want := n[dp{domain, "v1"}] + n[dp{domain, "v2"}]; int(num(t, row, "n")) != want {
		t.Errorf("n = %v, want %d", row["n"], want)
	}

	// Unfiltered: every row's configuration is one of the subset's, each with every domain
	// it has episodes in, and all five protocols as columns.
	out, _ = mustRun(t, "domains", "--bench", "builtin", "--runs", runs, "-j", "2", "--format", "json")
	all := parseTables(t, out)[0]
	if len(all.Columns) != 2+5+2 {
		t.Errorf("unfiltered columns %v", all.Columns)
	}
	seen := map[string]bool{}
	for _, r := range all.Rows {
		if !slices.Contains(subsetConfigs, r["config"].(string)) {
			t.Errorf("row of %v", r["config"])
		}
		seen[r["config"].(string)] = true
	}
	if len(seen) != len(subsetConfigs) {
		t.Errorf("configs %v, want %v", seen, subsetConfigs)
	}
}

func TestDomainsSeveralPolicies(t *testing.T) {
	out, _ := mustRun(t, "domains", "--bench", "builtin", "--runs", subsetRuns(t), "-j", "2", "--format", "json", "--policy", "safeact,tau-bench", "--protocol", "v2")
	ts := parseTables(t, out)
	if len(ts) != 2 || ts[0].Table != "domains-safeact" || ts[1].Table != "domains-tau-bench" || len(ts[0].Rows) != len(ts[1].Rows) {
		t.Fatalf("want one domains table per policy with the same rows: %s", out)
	}
	// tau-bench judges the end state only, so no cell is below safeact's.
	for i, r := range ts[0].Rows {
		if num(t, ts[1].Rows[i], "v2") < num(t, r, "v2") {
			t.Errorf("%v %v: tau-bench %v < safeact %v", r["config"], r["domain"], ts[1].Rows[i]["v2"], r["v2"])
		}
	}
}

func TestDomainsUsage(t *testing.T) {
	runs := subsetRuns(t)
	wantUsage(t, `unknown protocol "v7"`, "domains", "--protocol", "v7")
	wantUsage(t, `unknown domain "kitchen" (known: "customer_policy_qa", "ops_code_agent",`, "domains", "--bench", "builtin", "--runs", runs, "--domain", "kitchen")
	wantUsage(t, `unknown configuration "X/Y" (known: "Claude-5/Claude Code",`, "domains", "--bench", "builtin", "--runs", runs, "--config", "X/Y")
	wantUsage(t, "domains takes no arguments", "domains", "V1")
	wantUsage(t, "--format", "domains", "--format", "xml")
}

// A filter that matches no scored episode (a protocol the release has none of) printed a
// table without rows and without a word of why; the report's domains table said it.
func TestDomainsEmptySaysWhy(t *testing.T) {
	t.Parallel()
	out, stderr := mustRun(t, "domains", "--bench", "../../ingest/testdata/safeactbench", "--runs", "../../ingest/harness/testdata/batch.golden.jsonl",
		"--protocol", "v3", "--resamples", "0")
	const why = "no scored main-condition episodes match"
	if !strings.Contains(out, "Empty: "+why+".") || !strings.Contains(stderr, "table domains is empty: "+why) {
		t.Errorf("stdout:\n%s\nstderr:\n%s\nwant the empty table's reason in both", out, stderr)
	}
}

// A configuration's name may hold a comma ("Llama 3.1 70B, temp=0.7"); --config split
// every value at its commas, so that such a configuration could not be shown ("unknown
// configuration "GLM-5.2/Inspect""). A value that names one whole is that one; another is
// still a comma list.
func TestDomainsConfigWithComma(t *testing.T) {
	t.Parallel()
	const comma = "GLM-5.2/Inspect, temp=0.7"
	var eps []*ingest.Episode
	for _, ep := range subsetEpisodes(t) {
		if ep.Config == "GLM-5.2/Inspect" {
			c := *ep
			c.Config = comma
			ep = &c
		}
		eps = append(eps, ep)
	}
	runs := writeRuns(t, eps)
	configsOf := func(args ...string) []string {
		t.Helper()
		out, _ := mustRun(t, append([]string{"domains", "--bench", "builtin", "--runs", runs, "--resamples", "0", "--format", "json"}, args...)...)
		var got []string
		for _, r := range parseTables(t, out)[0].Rows {
			if c := r["config"].(string); !slices.Contains(got, c) {
				got = append(got, c)
			}
		}
		return got
	}
	if got := configsOf("--config", comma); !slices.Equal(got, []string{comma}) {
		t.Errorf("--config %q shows %q", comma, got)
	}
	if got := configsOf("--config", "Claude-5/Inspect,glm-5.2/zcode", "--config", strings.ToLower(comma)); !slices.Equal(got, []string{"Claude-5/Inspect", "GLM-5.2/ZCode", comma}) {
		t.Errorf("a comma list and a name with a comma show %q", got)
	}
	wantUsage(t, `no configuration is named "Claude-5/Inspect, temp=0.8", nor is its part "temp=0.8": unknown configuration "temp=0.8" (known: `,
		"domains", "--bench", "builtin", "--runs", runs, "--resamples", "0", "--config", "Claude-5/Inspect, temp=0.8")
}
