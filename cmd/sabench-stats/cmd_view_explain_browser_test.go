package main

import (
	"encoding/json"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestViewerExplainsLikeExplain opens, for every failure type of the test subset, the
// episode page of its first episode and checks it against `explain --format json` of the
// same run: the failure type, the event the chain broke at (marked in the timeline, with
// the "broke here" line), the broken workflow step and the sentence saying why; the
// failure type links to its glossary entry. With SABENCH_VIEW_SHOTS=DIR it keeps a
// screenshot of each episode page as DIR/episode-TYPE.png.
func TestViewerExplainsLikeExplain(t *testing.T) {
	t.Parallel()
	chromiumPath(t)
	runs := subsetRuns(t)
	page := buildViewer(t, "--runs", runs)
	b, stop := newBrowser(t)
	defer stop()
	shots := os.Getenv("SABENCH_VIEW_SHOTS")
	if shots != "" {
		if err := os.MkdirAll(shots, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	b.open(t, page, "leaderboard", "#v-leaderboard")
	types := evalJS[[]string](t, b, `JSON.parse(document.getElementById('sab-index').textContent).failures`)
	seen := 0
	for _, ft := range types {
		if ft == "success" {
			continue
		}
		b.open(t, page, "slice?cond=main&fail="+ft, "#slice-summary")
		if evalJS[int](t, b, `document.querySelectorAll('#slice-table tbody tr').length`) == 0 {
			continue // a type that occurs only in other conditions
		}
		run := b.text(t, "#slice-table tbody tr:first-child td:nth-child(1) a")
		seen++
		out, _ := mustRun(t, "explain", run, "--runs", runs, "--format", "json", "--policy", "safeact")
		var xs []struct {
			Verdict struct {
				FailureType string `json:"failure_type"`
			} `json:"verdict"`
			BrokeAt   int    `json:"broke_at_event"`
			BrokeStep string `json:"broke_at_step"`
			Why       string `json:"why"`
			Workflow  *struct {
				Steps []struct {
					State string `json:"state"`
				} `json:"steps"`
			} `json:"workflow"`
		}
		if err := json.Unmarshal([]byte(out), &xs); err != nil || len(xs) != 1 {
			t.Fatalf("explain %s: %v (%d explanations)", run, err, len(xs))
		}
		x := xs[0]
		b.open(t, page, "run="+url.QueryEscape(run), "#broke-summary")
		b.rendered(t)
		got := evalJS[map[string]string](t, b, `(function(){var p=document.getElementById('broke-summary');return {failure:p.getAttribute('data-failure'),at:p.getAttribute('data-broke-at'),step:p.getAttribute('data-step'),text:p.textContent,link:p.querySelector('a').getAttribute('href')};})()`)
		if got["failure"] != x.Verdict.FailureType || got["failure"] != ft {
			t.Errorf("%s (%s): page says failure %q, explain %q", run, ft, got["failure"], x.Verdict.FailureType)
		}
		if got["at"] != strconv.Itoa(x.BrokeAt) {
			t.Errorf("%s (%s): page says broke at %s, explain at %d", run, ft, got["at"], x.BrokeAt)
		}
		if got["step"] != x.BrokeStep {
			t.Errorf("%s (%s): page says broken step %q, explain %q", run, ft, got["step"], x.BrokeStep)
		}
		if !strings.Contains(got["text"], x.Why) || x.Why == "" {
			t.Errorf("%s (%s): summary %q lacks the oracle's sentence %q", run, ft, got["text"], x.Why)
		}
		marked := evalJS[[]string](t, b, `Array.from(document.querySelectorAll('#timeline > li.broke')).map(function(li){return li.id})`)
		if x.BrokeAt >= 0 && (len(marked) != 1 || marked[0] != "ev-"+strconv.Itoa(x.BrokeAt)) {
			t.Errorf("%s (%s): events marked broken %v, want [ev-%d]", run, ft, marked, x.BrokeAt)
		}
		if x.BrokeAt < 0 && len(marked) != 0 {
			t.Errorf("%s (%s): events marked broken %v, want none", run, ft, marked)
		}
		if x.Workflow != nil {
			states := evalJS[[]string](t, b, `Array.from(document.querySelectorAll('#workflow g[data-state]')).map(function(g){return g.getAttribute('data-state')})`)
			for i, st := range x.Workflow.Steps {
				if i >= len(states) || states[i] != st.State {
					t.Errorf("%s (%s): workflow states %v, explain step %d %s", run, ft, states, i, st.State)
					break
				}
			}
		}
		b.shot(t, shots, "episode-"+ft)
		// The failure type links to its glossary entry, which takes the focus.
		b.open(t, page, strings.TrimPrefix(got["link"], "#"), "#v-glossary")
		b.rendered(t)
		if f := evalJS[string](t, b, `document.activeElement.id`); f != "gl-"+ft {
			t.Errorf("%s: the glossary link focuses %q, want gl-%s", ft, f, ft)
		}
		if dd := evalJS[string](t, b, `document.getElementById('gl-`+ft+`').nextElementSibling.textContent`); dd != x.Why {
			t.Errorf("glossary of %s says %q, explain %q", ft, dd, x.Why)
		}
	}
	if seen < 6 {
		t.Errorf("only %d failure types found in the subset", seen)
	}
	if len(b.errors) > 0 {
		t.Errorf("console errors: %v", b.errors)
	}
}
