package main

import (
	"encoding/csv"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// TestViewerPolicyLinesLikeExplain: `view --policy tau-bench` showed each episode's verdict
// under tau-bench, and with no other policy scored nothing said that safeact fails the
// episode nor which switch passes it, which `explain --policy tau-bench` prints. The episode
// page now prints explain's lines (oracle.Prepared.PolicyLines), checked here against
// explain's text on the test subset: per protocol, an episode tau-bench passes and safeact
// fails, one both fail, and a Legacy one (a decision record: no lines, as explain prints
// none). Under safeact as the main policy there are none either.
func TestViewerPolicyLinesLikeExplain(t *testing.T) {
	t.Parallel()
	chromiumPath(t)
	safePage, runs := subsetViewer(t)
	out, _ := mustRun(t, "score", "--bench", "builtin", "--runs", runs, "--format", "csv", "--policy", "safeact", "--policy", "tau-bench")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	ecs := map[string][2]string{} // run → ecs under safeact, tau-bench
	proto := map[string]string{}
	var order []string
	for _, r := range rows[1:] {
		if r[col["condition"]] != "main" || r[col["excluded"]] == "true" || r[col["static"]] == "true" && r[col["protocol"]] != "legacy" {
			continue
		}
		id := r[col["run_id"]]
		e := ecs[id]
		if _, seen := proto[id]; !seen {
			order = append(order, id)
			proto[id] = r[col["protocol"]]
		}
		e[slices.Index([]string{"safeact", "tau-bench"}, r[col["policy"]])] = r[col["ecs"]]
		ecs[id] = e
	}
	picked := map[string]string{}
	var chosen []string
	for _, id := range order {
		e := ecs[id]
		kind := proto[id] + " " + e[0] + "/" + e[1]
		if proto[id] == "legacy" {
			kind = "legacy"
		}
		if kind == "legacy" || e == [2]string{"false", "true"} || e == [2]string{"false", "false"} {
			if picked[kind] == "" {
				picked[kind] = id
				chosen = append(chosen, id)
			}
		}
	}
	if len(chosen) != 9 {
		t.Fatalf("the subset gives %d of the 9 kinds of episode: %v", len(chosen), picked)
	}
	page := buildViewer(t, "--bench", "builtin", "--runs", runs, "--policy", "tau-bench")
	b, stop := newBrowser(t)
	defer stop()
	shown := func(page, run string) []string {
		b.open(t, page, "run="+url.QueryEscape(run), "#ep-title")
		b.rendered(t)
		return evalJS[[]string](t, b, `(function(){var d=document.getElementById('ep-policy-lines');if(!d)return [];return [d.querySelector('p').textContent].concat(Array.from(d.querySelectorAll('li')).map(function(li){return li.textContent}))})()`)
	}
	decides := 0
	for _, run := range chosen {
		text, _ := mustRun(t, "explain", run, "--bench", "builtin", "--runs", runs, "--policy", "tau-bench")
		want := explainPolicyLines(text)
		if got := shown(page, run); !slices.Equal(got, want) {
			t.Errorf("%s (%s): the page shows\n%s\nexplain prints\n%s", run, proto[run], strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if (proto[run] == "legacy") != (len(want) == 0) {
			t.Errorf("%s (%s): explain prints %d policy lines", run, proto[run], len(want))
		}
		if len(want) > 0 && strings.Contains(strings.Join(want, "\n"), "this switch decides the verdict") {
			decides++
		}
		if got := shown(safePage, run); len(got) != 0 {
			t.Errorf("%s: under safeact the page shows policy lines %q", run, got)
		}
	}
	if decides == 0 {
		t.Error("no chosen episode has a switch that decides its verdict")
	}
}

// explainPolicyLines are the lines explain's text prints about the policy's switches: the
// one beginning "under " and the switches indented below it, without the indent.
func explainPolicyLines(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		switch {
		case out == nil && strings.HasPrefix(l, "under "):
			out = append(out, l)
		case out != nil && strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "   "):
			out = append(out, strings.TrimPrefix(l, "  "))
		case out != nil:
			return out
		}
	}
	return out
}
