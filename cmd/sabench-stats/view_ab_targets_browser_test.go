package main

import (
	"encoding/csv"
	"net/url"
	"strings"
	"testing"
)

// TestViewerABTargetsSafeAct: on SafeActBench the A/B page matches actions by the commit
// their arguments match. A V3 case of the test subset with an episode that passes and one
// that fails with a wrong argument: the passing side's actions each act on a commit, the
// failing side's action with the wrong argument on none the oracle identifies, so that
// row reads "target not identified" and every other paired row "same target".
func TestViewerABTargetsSafeAct(t *testing.T) {
	t.Parallel()
	chromiumPath(t)
	page, runs := subsetViewer(t)
	out, _ := mustRun(t, "score", "--bench", "builtin", "--runs", runs, "--format", "csv", "--policy", "safeact")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	pass, wrong := map[string]string{}, map[string]string{}
	var order []string
	for _, r := range rows[1:] {
		if r[col["protocol"]] != "v3" || r[col["condition"]] != "main" {
			continue
		}
		c := r[col["case_id"]]
		switch {
		case r[col["outcome"]] == "WORKFLOW_SUCCESS" && pass[c] == "":
			pass[c] = r[col["run_id"]]
		case r[col["outcome"]] == "WRONG_ACTION_ARGUMENT" && wrong[c] == "":
			wrong[c] = r[col["run_id"]]
			order = append(order, c)
		}
	}
	caseID := ""
	for _, c := range order {
		if pass[c] != "" {
			caseID = c
			break
		}
	}
	if caseID == "" {
		t.Fatal("no V3 case of the subset has a passing and a wrong-argument episode")
	}
	b, stop := newBrowser(t)
	defer stop()
	b.open(t, page, "case="+url.QueryEscape(caseID)+"&a="+url.QueryEscape(pass[caseID])+"&b="+url.QueryEscape(wrong[caseID]), "#ab-table")
	type row struct{ A, B, Match string }
	acts := evalJS[[]row](t, b, `Array.from(document.querySelectorAll('#ab-table tr.act')).map(function(tr){function t(td){var x=td.querySelector('.target');return x?x.textContent:''}return {A:t(tr.cells[1]),B:t(tr.cells[2]),Match:tr.cells[3].textContent}})`)
	unidentified := 0
	for _, r := range acts {
		if !strings.HasPrefix(r.A, "acts on commit ") {
			t.Errorf("A's action %+v: no commit", r)
		}
		switch r.Match {
		case "same target":
			if r.A != r.B {
				t.Errorf("same target: %+v", r)
			}
		case "target not identified":
			unidentified++
			if r.B != "acts on no target the oracle identifies" {
				t.Errorf("B's wrong argument: %+v", r)
			}
		case "A only":
		default:
			t.Errorf("row %+v", r)
		}
	}
	if unidentified != 1 {
		t.Errorf("case %s, A %s, B %s: %d rows without B's target, want the wrong argument's: %+v", caseID, pass[caseID], wrong[caseID], unidentified, acts)
	}
	t.Logf("case %s: A %s, B %s: %+v; summary %q", caseID, pass[caseID], wrong[caseID], acts, b.text(t, "#ab-summary"))
}
