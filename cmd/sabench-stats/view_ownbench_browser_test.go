package main

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// ownBench writes a bench built like SafeActBench from the real V1 and V2 cases of the
// test data: a JSONL of {case_id, protocol, case_spec} rows with the user's own case ids
// (acme.v1-001, …) and domains (healthcare, devops), and the batch fixture's episodes of
// those cases under the new names. It returns the bench and the runs file.
func ownBench(t *testing.T) (bench, runs string) {
	t.Helper()
	dir := t.TempDir()
	names := strings.NewReplacer("SAB-V1-001", "acme.v1-001", "SAB-V1-011", "acme.v1-002", "SAB-V2-001", "acme.v2-001", "SAB-V2-016", "acme.v2-002",
		"customer_policy_qa", "healthcare", "legal_finance_advice", "devops")
	var rows []byte
	for _, id := range []string{"SAB-V1-001", "SAB-V1-011", "SAB-V2-001", "SAB-V2-016"} {
		spec, err := os.ReadFile(filepath.Join(ingestTestdata, "safeactbench", "cases", id+".json"))
		if err != nil {
			t.Fatal(err)
		}
		row, err := json.Marshal(map[string]any{"case_id": names.Replace(id), "protocol": strings.ToLower(id[4:6]), "case_spec": json.RawMessage(names.Replace(string(spec)))})
		if err != nil {
			t.Fatal(err)
		}
		rows = append(append(rows, row...), '\n')
	}
	bench = filepath.Join(dir, "bench.jsonl")
	if err := os.WriteFile(bench, rows, 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(harnessTestdata, "batch.golden.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var eps []byte
	for _, l := range bytes.SplitAfter(data, []byte("\n")) {
		if bytes.Contains(l, []byte(`"case_id":"SAB-V1-`)) || bytes.Contains(l, []byte(`"case_id":"SAB-V2-`)) {
			eps = append(eps, names.Replace(string(l))...)
		}
	}
	runs = filepath.Join(dir, "runs.jsonl")
	if err := os.WriteFile(runs, eps, 0o644); err != nil {
		t.Fatal(err)
	}
	return bench, runs
}

// TestViewerOnOwnBench drives the viewer of a bench with its own case ids and domains:
// the slice page's case box suggested "e.g. SAB-V1-012", an id of the built-in release
// that such a bench has none of; it suggests one of the bench's own.
func TestViewerOnOwnBench(t *testing.T) {
	t.Parallel()
	chromiumPath(t)
	bench, runs := ownBench(t)
	page := buildViewer(t, "--bench", bench, "--runs", runs)
	b, stop := newBrowser(t)
	defer stop()
	// Every linked number of the tables agrees with its slice, and T8's domain columns
	// link to their domain's.
	b.open(t, page, "tables", "#tables-h")
	bad := evalJS[[]string](t, b, `(function(){var bad=[];document.querySelectorAll('table.t td.num a').forEach(function(a){
		var q=new URLSearchParams(a.getAttribute('href').slice('#slice?'.length)), s=SAB.sliceStats(q.toString());
		var v=q.get('fail')? (100*s.scored/s.base) : (100*s.pass/s.scored), shown=a.textContent.split(' [')[0], dec=(shown.split('.')[1]||'').length;
		if (SAB.fixed(v,dec)!==shown) bad.push(a.closest('table').id+': '+shown+' vs '+SAB.fixed(v,dec));});return bad;})()`)
	if len(bad) > 0 {
		t.Errorf("linked numbers differ from their slices: %v", bad)
	}
	doms := evalJS[[]string](t, b, `Array.from(document.querySelectorAll('table[data-table="T8"] td.num a')).map(function(a){return new URLSearchParams(a.getAttribute('href').slice(7)).get('dom')})`)
	if len(doms) == 0 || slices.ContainsFunc(doms, func(d string) bool { return d != "healthcare" && d != "devops" }) {
		t.Errorf("T8's numbers link to the domains %q, want healthcare or devops", doms)
	}
	// The domains table's All column links to the row's slice (the configuration in the
	// domain, every protocol) as its protocols' columns do; it was not linked.
	all := evalJS[[]string](t, b, `(function(){var out=[];document.querySelectorAll('table[data-table="domains"] tbody tr').forEach(function(tr){
		var ths=tr.closest('table').querySelectorAll('thead th');Array.from(tr.cells).forEach(function(td,i){
		if(ths[i]&&ths[i].textContent==='All'){var a=td.querySelector('a');out.push(a?a.getAttribute('href'):'unlinked '+td.textContent);}});});return out;})()`)
	if len(all) == 0 {
		t.Error("the domains table has no All cell")
	}
	for _, href := range all {
		q, err := url.ParseQuery(strings.TrimPrefix(href, "#slice?"))
		if err != nil || !strings.HasPrefix(href, "#slice?") || q.Get("cfg") == "" || q.Get("dom") == "" || q.Has("proto") {
			t.Errorf("a domains table's All cell links to %q, want the slice of its configuration and domain", href)
		}
	}
	// The domains table's heat map shades its rates by their estimates, not the episode
	// counts beside them: it skipped every cell with an interval, so that it shaded the
	// Episodes column alone, a count over 100 darkest as if a rate of 100%.
	shaded := evalJS[[]string](t, b, `Array.from(document.querySelectorAll('table[data-table="domains"] td.num')).filter(function(td){return td.style.background!==''}).map(function(td){return td.closest('table').querySelectorAll('thead th')[td.cellIndex].textContent}).filter(function(h,i,a){return a.indexOf(h)===i})`)
	if !slices.Contains(shaded, "All") || slices.Contains(shaded, "Episodes") {
		t.Errorf("the domains table shades the columns %q; want its rates, not Episodes", shaded)
	}
	b.open(t, page, "slice", "#slice-summary")
	if got := evalJS[string](t, b, `document.getElementById('f-case').placeholder`); got != "e.g. acme.v1-001" {
		t.Errorf("the case box suggests %q, want one of the bench's ids (e.g. acme.v1-001)", got)
	}
}
