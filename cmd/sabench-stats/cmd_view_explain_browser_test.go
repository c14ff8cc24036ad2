package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// TestViewerExplainsLikeExplain opens, for every failure type of the test subset, the
// episode page of its first episode and checks it against `explain --format json` of the
// same run: the failure type, the event the chain broke at (marked in the timeline, with
// the "broke here" line), the broken workflow step and the sentence saying why; the
// failure type links to its glossary entry, which keeps the type's sentence. The built-in
// episodes all get their type's sentence, so it then checks episodes whose sentence is their
// own: τ-bench airline trajectories (a write that lacked the user's confirmation, authorized
// writes with reward 0, no write with reward 0) and real SafeActBench cases with one thing
// wrong (a reused idempotency key, a refund done twice). With SABENCH_VIEW_SHOTS=DIR it
// keeps a screenshot of each episode page as DIR/episode-TYPE.png.
func TestViewerExplainsLikeExplain(t *testing.T) {
	t.Parallel()
	chromiumPath(t)
	page, runs := subsetViewer(t)
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
		x, link := pageAgainstExplain(t, b, page, run, "--bench", "builtin", "--runs", runs, "--policy", "safeact")
		if x.Verdict.FailureType != ft {
			t.Errorf("%s: explain says %s, the slice of %s lists it", run, x.Verdict.FailureType, ft)
		}
		if ft == "wrong_stop_label" && !strings.HasPrefix(b.text(t, "#key-fact"), "Key fact: hidden preflight (") {
			t.Errorf("%s: the stop's key fact is not shown beside the verdict", run)
		}
		if ft == "broken_dependency" {
			// A reference to a call the episode never made says so.
			refs := evalJS[string](t, b, `Array.from(document.querySelectorAll('.gate')).map(function(g){return g.textContent}).join(' ')`)
			if strings.Contains(refs, "source call '") && !strings.Contains(refs, "exists in this episode") && !regexp.MustCompile(`\(\S+ is event \d+\)`).MatchString(refs) {
				t.Errorf("%s: a reference error does not say whether its call exists: %s", run, refs)
			}
		}
		if ft == "premature_action" {
			// The gate card leads with what stopped the action: its MISSING requirements
			// before any SUPPORTED one, with a count.
			st := evalJS[[]string](t, b, `Array.from(document.querySelectorAll('.gate[data-gate="DEFER"] li[data-status]')).map(function(li){return li.getAttribute('data-status')})`)
			if len(st) == 0 || st[0] != "MISSING" {
				t.Errorf("%s: DEFER gate lists %v, MISSING first wanted", run, st)
			}
			if c := b.text(t, `.gate[data-gate="DEFER"] .reqcount`); !strings.Contains(c, "MISSING") {
				t.Errorf("%s: gate count %q", run, c)
			}
		}
		b.shot(t, shots, "episode-"+ft)
		glossaryOfType(t, b, page, link, ft, oracle.FailureWhy(ft), oracle.EpisodeWhyKinds)
	}
	if seen < 6 {
		t.Errorf("only %d failure types found in the subset", seen)
	}

	// Episodes whose sentence is their own, not their type's; the glossary entry their
	// first one links to still says its type's.
	tauPage, tauRuns := tauViewer(t)
	for i, run := range []string{
		"gpt-4o/tool-calling|TAU-AIRLINE-45|0|main", // premature_action: lacked the user's confirmation
		"gpt-4o/tool-calling|TAU-AIRLINE-25|0|main", // wrong_action: every write authorized, reward 0
		"gpt-4o/tool-calling|TAU-AIRLINE-30|0|main", // inaction: no write, reward 0
	} {
		x, link := pageAgainstExplain(t, b, tauPage, run, "--bench", "tau-bench:airline", "--runs", tauRuns)
		if ft := x.Verdict.FailureType; x.Why == oracle.FailureWhy(ft) {
			t.Errorf("%s: explain gives the sentence of %s; the check wants an episode's own", run, ft)
		}
		if i == 0 {
			glossaryOfType(t, b, tauPage, link, x.Verdict.FailureType, actionRulesWhy(t, x.Verdict.FailureType), oracle.ActionRulesEpisodeWhyKinds)
		}
		if i == 2 { // it ends with a transfer to a human agent, which the rules call neither a read nor a write
			if got := evalJS[string](t, b, `Array.from(document.querySelectorAll('#timeline .evhead')).filter(function(h){return h.textContent.indexOf('transfer_to_human_agents')>=0}).map(function(h){return h.querySelector('.badge').textContent}).join(',')`); got != "OTHER" {
				t.Errorf("%s: the transfer's badge is %q, want OTHER", run, got)
			}
		}
	}
	b.shot(t, shots, "episode-tau-own-why")
	realPage, realRuns, realBench := realEditedViewer(t)
	for i, run := range []string{"edited/SAB-V2-016/key-reused", "edited/SAB-V3-001/refund-twice"} {
		x, link := pageAgainstExplain(t, b, realPage, run, "--bench", realBench, "--runs", realRuns, "--policy", "safeact")
		if ft := x.Verdict.FailureType; ft != oracle.FailBrokenDep || x.Why == oracle.FailureWhy(ft) {
			t.Errorf("%s: explain says %s, why %q; the check wants a broken_dependency with its own sentence", run, ft, x.Why)
		}
		if i == 0 {
			glossaryOfType(t, b, realPage, link, x.Verdict.FailureType, oracle.FailureWhy(x.Verdict.FailureType), oracle.EpisodeWhyKinds)
		}
	}
	// Where the chain broke without a gate: a V3 action that matched no commit breaks the
	// step of its tool; a V0 preflight that stopped at a read breaks there.
	for _, w := range []struct {
		run, step string
		at        int
	}{{"edited/SAB-V3-001/ticket-other-first", "close_ticket", 2}, {"edited/SAB-V0-167/other-rule-read", "", 2}} {
		if x, _ := pageAgainstExplain(t, b, realPage, w.run, "--bench", realBench, "--runs", realRuns, "--policy", "safeact"); x.BrokeAt != w.at || x.BrokeStep != w.step {
			t.Errorf("%s: broke at %d, step %q; want %d, %q", w.run, x.BrokeAt, x.BrokeStep, w.at, w.step)
		}
	}
	// The V0 reads after the one the preflight stopped at: counted, never reached by it (the
	// page, open on the last episode, says what explain's text says).
	none := evalJS[[]string](t, b, `Array.from(document.querySelectorAll('#timeline > li')).map(function(li){var n=li.querySelector('.none');return n?n.textContent:''})`)
	if want := []string{"", "", "no facts established", "no facts: the hidden preflight stopped at event 2", "no facts: the hidden preflight stopped at event 2", "no facts: the hidden preflight stopped at event 2"}; !slices.Equal(none, want) {
		t.Errorf("edited/SAB-V0-167/other-rule-read: the events say %q, want %q", none, want)
	}
	// The refund before both reads: the evaluator stops at it (DEFER), so the reads after it
	// are not processed, which the page says rather than that they established nothing.
	run := "edited/SAB-V3-001/refund-first"
	if x, _ := pageAgainstExplain(t, b, realPage, run, "--bench", realBench, "--runs", realRuns, "--policy", "safeact"); x.BrokeAt != 0 {
		t.Errorf("%s: broke at %d, want 0", run, x.BrokeAt)
	}
	none = evalJS[[]string](t, b, `Array.from(document.querySelectorAll('#timeline > li')).map(function(li){var n=li.querySelector('.none');return n?n.textContent:''})`)
	if want := []string{"", "not processed: after the evaluator stopped", "not processed: after the evaluator stopped", "", ""}; !slices.Equal(none, want) {
		t.Errorf("%s: the events say %q, want %q", run, none, want)
	}
	// The action after the evaluator stopped: the page does not call the value a gate's there.
	b.open(t, realPage, "run="+url.QueryEscape("edited/SAB-V2-001/read-bogus-key"), "#coverage")
	if s, want := b.text(t, "#coverage"), "; first consequential attempt at event 6, after the evaluator stopped at event 0 (investigation complete over the reads it accepted: no)"; !strings.HasSuffix(s, want) {
		t.Errorf("edited/SAB-V2-001/read-bogus-key: coverage %q, want it to end %q", s, want)
	}
	// A read answered with an error: the page says why it established nothing, as explain does.
	run = "edited/SAB-V2-001/read-failed"
	x, _ := pageAgainstExplain(t, b, realPage, run, "--bench", realBench, "--runs", realRuns, "--policy", "safeact")
	none = evalJS[[]string](t, b, `Array.from(document.querySelectorAll('#timeline > li')).map(function(li){var n=li.querySelector('.none');return n?n.textContent:''})`)
	if want := "no facts: " + x.Chain[0].FailedRead; len(none) == 0 || none[0] != want || x.Chain[0].FailedRead != oracle.FailedReadWhy(ingest.V2, "error") {
		t.Errorf("%s: event 0 says %q on the page, explain %q; want %q", run, none, x.Chain[0].FailedRead, want)
	}
	needsOnPage(t, b, realPage)
	boundSourceOnPage(t, b)
	// No episode of the reference runs carries an official verdict: the disagreements page
	// says there is nothing to compare, not that every official verdict matched.
	b.open(t, realPage, "disagreements", "#dis-count")
	if s := b.text(t, "#dis-body"); !strings.Contains(s, "No episode carries an official verdict") || strings.Contains(s, "matches the oracle") {
		t.Errorf("disagreements page without official verdicts: %q", s)
	}
	// A figure the release cannot have (no configuration pairs with the shared harness) is
	// named on the tables page with the reason, as the report's index names it.
	b.open(t, realPage, "tables", "#figures-h")
	if s := b.text(t, "#figures-skipped"); !strings.Contains(s, "harness_differences: no model has both a configuration with the shared harness Inspect and another one") {
		t.Errorf("figures not drawn: %q", s)
	}
	if len(b.errors) > 0 {
		t.Errorf("console errors: %v", b.errors)
	}
}

// explained is what the viewer's tests read back from `explain --format json`.
type explained struct {
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
	Chain []struct {
		Facts      []json.RawMessage `json:"facts"`
		Tool       string            `json:"tool"`
		FailedRead string            `json:"failed_read"`
	} `json:"chain"`
}

// pageAgainstExplain opens run's episode page and checks what it says of the break against
// `explain RUN --format json` with the given bench, runs and policy flags: the failure type,
// the broke-at event (the one event marked in the timeline), the broken step, the workflow's
// step states, the sentence saying why and the number of ledger facts under each event
// (an action's too). It returns the explanation and the failure type's link.
func pageAgainstExplain(t *testing.T, b *browser, page, run string, flags ...string) (explained, string) {
	t.Helper()
	out, _ := mustRun(t, append([]string{"explain", run, "--format", "json"}, flags...)...)
	var xs []explained
	if err := json.Unmarshal([]byte(out), &xs); err != nil || len(xs) != 1 {
		t.Fatalf("explain %s: %v (%d explanations)", run, err, len(xs))
	}
	x := xs[0]
	ft := x.Verdict.FailureType
	b.open(t, page, "run="+url.QueryEscape(run), "#broke-summary")
	b.rendered(t)
	got := evalJS[map[string]string](t, b, `(function(){var p=document.getElementById('broke-summary');return {failure:p.getAttribute('data-failure'),at:p.getAttribute('data-broke-at'),step:p.getAttribute('data-step'),text:p.textContent,link:p.querySelector('a').getAttribute('href')};})()`)
	if got["failure"] != ft {
		t.Errorf("%s (%s): page says failure %q, explain %q", run, ft, got["failure"], ft)
	}
	if got["at"] != strconv.Itoa(x.BrokeAt) {
		t.Errorf("%s (%s): page says broke at %s, explain at %d", run, ft, got["at"], x.BrokeAt)
	}
	if got["step"] != x.BrokeStep {
		t.Errorf("%s (%s): page says broken step %q, explain %q", run, ft, got["step"], x.BrokeStep)
	}
	if x.BrokeAt >= 0 && x.BrokeAt < len(x.Chain) && x.Chain[x.BrokeAt].Tool != "" && !strings.HasPrefix(got["text"], fmt.Sprintf("✗ The chain broke at event %d (%s", x.BrokeAt, x.Chain[x.BrokeAt].Tool)) {
		t.Errorf("%s (%s): summary %q does not name event %d's tool %s", run, ft, got["text"], x.BrokeAt, x.Chain[x.BrokeAt].Tool)
	}
	if !strings.HasSuffix(got["text"], ". "+x.Why) || x.Why == "" {
		t.Errorf("%s (%s): summary %q does not end with explain's sentence %q", run, ft, got["text"], x.Why)
	}
	marked := evalJS[[]string](t, b, `Array.from(document.querySelectorAll('#timeline > li.broke')).map(function(li){return li.id})`)
	if x.BrokeAt >= 0 && (len(marked) != 1 || marked[0] != "ev-"+strconv.Itoa(x.BrokeAt)) {
		t.Errorf("%s (%s): events marked broken %v, want [ev-%d]", run, ft, marked, x.BrokeAt)
	}
	if x.BrokeAt < 0 && len(marked) != 0 {
		t.Errorf("%s (%s): events marked broken %v, want none", run, ft, marked)
	}
	shown := evalJS[[]int](t, b, `Array.from(document.querySelectorAll('#timeline > li')).map(function(li){return li.querySelectorAll('ul.facts > li').length})`)
	for i, e := range x.Chain {
		if i >= len(shown) || shown[i] != len(e.Facts) {
			t.Errorf("%s (%s): the page shows facts per event %v, explain %d at event %d", run, ft, shown, len(e.Facts), i)
			break
		}
	}
	if x.Workflow != nil {
		if w := evalJS[float64](t, b, `Math.max.apply(null, Array.from(document.querySelectorAll('#workflow text[data-max]')).map(function(t){return t.getBBox().width}))`); w > 205 {
			t.Errorf("%s: a workflow label is %.0f px wide, past its 204 px box", run, w)
		}
		states := evalJS[[]string](t, b, `Array.from(document.querySelectorAll('#workflow g[data-state]')).map(function(g){return g.getAttribute('data-state')})`)
		for i, st := range x.Workflow.Steps {
			if i >= len(states) || states[i] != st.State {
				t.Errorf("%s (%s): workflow states %v, explain step %d %s", run, ft, states, i, st.State)
				break
			}
		}
	}
	return x, got["link"]
}

// glossaryOfType follows an episode page's failure-type link: the glossary entry takes the
// focus and says the type's sentence (want: oracle.FailureWhy, or on a page of action-rules
// cases oracle.ActionRulesGlossary's), whatever the episode's own; the introduction lists
// the failures whose sentence is their own (kinds: oracle.EpisodeWhyKinds, or
// oracle.ActionRulesEpisodeWhyKinds on a page of action-rules cases).
func glossaryOfType(t *testing.T, b *browser, page, link, ft, want, kinds string) {
	t.Helper()
	b.open(t, page, strings.TrimPrefix(link, "#"), "#v-glossary")
	b.rendered(t)
	if f := evalJS[string](t, b, `document.activeElement.id`); f != "gl-"+ft {
		t.Errorf("%s: the glossary link focuses %q, want gl-%s", ft, f, ft)
	}
	if dd := evalJS[string](t, b, `document.getElementById('gl-`+ft+`').nextElementSibling.textContent`); dd != want || dd == "" {
		t.Errorf("glossary of %s says %q, the type's sentence is %q", ft, dd, want)
	}
	// Its introduction names every failure whose sentence is the episode's own.
	if note := evalJS[string](t, b, `document.querySelector('#v-glossary > p.note').textContent`); !strings.Contains(note, kinds) {
		t.Errorf("the glossary's introduction %q does not list the episodes' own sentences %q", note, kinds)
	}
}

// actionRulesWhy is the glossary's sentence of failure type ft on a page of action-rules
// cases.
func actionRulesWhy(t *testing.T, ft string) string {
	t.Helper()
	failures, _ := oracle.ActionRulesGlossary()
	for _, x := range failures {
		if x.Name == ft {
			return x.Meaning
		}
	}
	t.Fatalf("no %s in the action-rules glossary", ft)
	return ""
}

// tauViewer writes the viewer of the shared τ-bench airline trajectories (100 episodes,
// tau-strict the main policy) and returns its page and runs file.
func tauViewer(t *testing.T) (page, runs string) {
	t.Helper()
	dir := t.TempDir()
	runs = filepath.Join(dir, "tau.jsonl")
	mustRun(t, "ingest", "--tau", tauShared, "--config", "gpt-4o/tool-calling", "--out", runs)
	page = filepath.Join(dir, "index.html")
	mustRun(t, "view", "--out", page, "--resamples", "0", "--bench", "tau-bench:airline", "--runs", runs)
	return page, runs
}

// realEditedViewer writes the viewer of two edited reference episodes of the real
// SafeActBench cases, each failing broken_dependency for a reason its type's sentence does
// not say: SAB-V2-016 whose last step reuses the first step's idempotency key, and
// SAB-V3-001 whose refund is attempted twice. It returns the page, the runs file and the
// bench.
func realEditedViewer(t *testing.T) (page, runs, bench string) {
	t.Helper()
	bench = filepath.Join(ingestTestdata, "safeactbench")
	bk, err := casespec.LoadBench(bench, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	edited := func(id, name string, edit func([]any) []any) *ingest.Episode {
		ep, err := oracle.ReferenceEpisode(bk.Case(id))
		if err != nil {
			t.Fatalf("reference of %s: %v", id, err)
		}
		ep.RunID = "edited/" + id + "/" + name
		evs, _ := ep.Record.List("events")
		ep.Record.Set("events", edit(jsonv.DeepCopy(evs).([]any)))
		ep.Record.Set("run_id", ep.RunID)
		return ep
	}
	eps := []*ingest.Episode{
		edited("SAB-V2-016", "key-reused", func(evs []any) []any {
			args, _ := evs[7].(*jsonv.Object).Obj("arguments")
			args.Set("idempotency_key", "HC-V3-007-step-1")
			return evs
		}),
		edited("SAB-V3-001", "refund-twice", func(evs []any) []any {
			again := jsonv.DeepCopy(evs[2]).(*jsonv.Object)
			again.Set("call_id", "refund_again")
			return append(evs[:3], append([]any{again}, evs[3:]...)...)
		}),
	}
	first := edited("SAB-V3-001", "refund-first", func(evs []any) []any {
		return []any{evs[2], evs[0], evs[1], evs[3], evs[4]}
	})
	first.Repeat = 2 // beside refund-twice (repeat 0) and needsEpisodes' (repeat 1)
	eps = append(eps, first)
	// The ticket closed first, of another ticket: no commit matches, and close_ticket, the
	// step of that tool, is the broken one.
	other := edited("SAB-V3-001", "ticket-other-first", func(evs []any) []any {
		args, _ := evs[3].(*jsonv.Object).Obj("arguments")
		args.Set("ticket_id", "TCK-OTHER")
		return []any{evs[0], evs[1], evs[3], evs[2], evs[4]}
	})
	other.Repeat = 3
	// A read of another interlock rule, which the frozen deltas lack: the hidden preflight
	// stops at it (event 2) and derives no stop label.
	eps = append(eps, other, edited("SAB-V0-167", "other-rule-read", func(evs []any) []any {
		args, _ := evs[2].(*jsonv.Object).Obj("arguments")
		args.Set("record_id", "SH-RULE-R6B714D3CE5-OTHER")
		evs[2].(*jsonv.Object).Delete("evidence_delta_key")
		return evs
	}))
	// SAB-V2-001's first read claiming a key the frozen deltas lack (the evaluator stops
	// there, before the action at event 6), and answered with an error (not counted).
	bogus := edited("SAB-V2-001", "read-bogus-key", func(evs []any) []any {
		evs[0].(*jsonv.Object).Set("evidence_delta_key", "read_email:bogus")
		return evs
	})
	failed := edited("SAB-V2-001", "read-failed", func(evs []any) []any {
		evs[0].(*jsonv.Object).Set("tool_status", "error")
		return evs
	})
	failed.Repeat = 1
	eps = append(eps, bogus, failed)
	eps = append(eps, needsEpisodes(edited)...)
	dir := t.TempDir()
	var buf []byte
	for _, ep := range eps {
		buf = append(ingest.AppendEpisodeJSON(buf, ep), '\n')
	}
	runs = filepath.Join(dir, "runs.jsonl")
	if err := os.WriteFile(runs, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	page = filepath.Join(dir, "index.html")
	mustRun(t, "view", "--out", page, "--resamples", "0", "--bench", bench, "--runs", runs)
	return page, runs, bench
}

// TestViewerABByEvidence opens the A/B page of a premature-action pair of the test subset
// (A passes, B fails with premature_action, same V1 case, condition main) and checks that
// it names the reads B acted without: those A made before its action that B had not made
// before its own, worked out here from the two runs' `explain --format json` chains. One
// policy is chosen for both sides; an old link with two different policies is refused.
func TestViewerABByEvidence(t *testing.T) {
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
	pass, prem, blocked := map[string]string{}, map[string]string{}, map[string][]string{}
	var order []string
	for _, r := range rows[1:] {
		if r[col["condition"]] != "main" {
			continue
		}
		c, v1 := r[col["case_id"]], r[col["protocol"]] == "v1"
		switch {
		case r[col["ecs"]] == "true" && pass[c] == "":
			pass[c] = r[col["run_id"]]
		case v1 && r[col["failure_type"]] == "premature_action" && prem[c] == "":
			prem[c] = r[col["run_id"]]
			order = append(order, c)
		case v1 && r[col["outcome"]] == "BLOCK":
			blocked[c] = append(blocked[c], r[col["run_id"]])
		}
	}
	var caseID, a, bRun string
	var want []string
	for _, c := range order {
		if pass[c] == "" {
			continue
		}
		want = lackedReads(t, runs, pass[c], prem[c], false)
		if len(want) > 0 {
			caseID, a, bRun = c, pass[c], prem[c]
			break
		}
	}
	if caseID == "" {
		t.Fatal("no V1 case of the subset has a passing and a premature-action episode where the second lacks a read")
	}
	b, stop := newBrowser(t)
	defer stop()
	b.open(t, page, "case="+url.QueryEscape(caseID)+"&a="+url.QueryEscape(a)+"&b="+url.QueryEscape(bRun), "#ab-summary")
	b.rendered(t)
	got := evalJS[[]string](t, b, `Array.from(document.querySelectorAll('ul.lacks[data-side="B"] li')).map(function(li){return li.textContent})`)
	head := b.text(t, `#ab-summary p[data-side="B"]`)
	if !strings.HasPrefix(head, "B acted without") {
		t.Errorf("A/B %s vs %s: summary %q does not say what B acted without", a, bRun, head)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("A/B %s vs %s: B lacks %q on the page, %q from explain", a, bRun, got, want)
	}
	if v := b.text(t, "#ab-verdicts"); !strings.Contains(v, "A PASS") || !strings.Contains(v, "B FAIL (premature_action)") {
		t.Errorf("verdicts %q", v)
	}
	t.Logf("case %s: A %s, B %s; B acted without %d reads: %v", caseID, a, bRun, len(want), want)
	b.shot(t, os.Getenv("SABENCH_VIEW_SHOTS"), "ab-premature")
	// Where matching by tool alone and by tool and target differ (A's blocked action acts on
	// another target than B's premature one of the same tool), the page follows the second.
	found := false
	for _, c := range order {
		for _, a := range blocked[c] {
			byTarget, byTool := lackedReads(t, runs, a, prem[c], false), lackedReads(t, runs, a, prem[c], true)
			if strings.Join(byTarget, "\n") == strings.Join(byTool, "\n") {
				continue
			}
			found = true
			b.open(t, page, "case="+url.QueryEscape(c)+"&a="+url.QueryEscape(a)+"&b="+url.QueryEscape(prem[c]), "#ab-summary")
			b.rendered(t)
			got := evalJS[[]string](t, b, `Array.from(document.querySelectorAll('ul.lacks[data-side="B"] li')).map(function(li){return li.textContent})`)
			if strings.Join(got, "\n") != strings.Join(byTarget, "\n") {
				t.Errorf("A/B %s vs %s: B lacks %q on the page, %q by tool and target (%q by tool alone)", a, prem[c], got, byTarget, byTool)
			}
			t.Logf("case %s: A %s (blocked), B %s: by tool and target B lacks %q, by tool alone %q", c, a, prem[c], byTarget, byTool)
			break
		}
		if found {
			break
		}
	}
	if !found {
		t.Fatal("no V1 case of the subset has a blocked and a premature-action episode whose reads compare differently by tool and by tool and target")
	}
	// Under another policy the verdicts change side, and the gates (kept for the main
	// policy only) are left out with a note; two policies at once are refused.
	b.open(t, page, "case="+url.QueryEscape(caseID)+"&a="+url.QueryEscape(a)+"&b="+url.QueryEscape(bRun)+"&p=tau-bench", "#ab-nogates")
	if v := b.text(t, "#ab-verdicts"); !strings.HasPrefix(v, "Under outcome only, τ-bench-style (tau-bench):") {
		t.Errorf("verdicts under tau-bench: %q", v)
	}
	if n := evalJS[int](t, b, `document.querySelectorAll('#ab-table .brokehere, #ab-table .pass, #ab-table .fail').length`); n != 0 {
		t.Errorf("under tau-bench the A/B table still shows %d gate lines of the main policy", n)
	}
	b.open(t, page, "case="+url.QueryEscape(caseID)+"&a="+url.QueryEscape(a)+"&b="+url.QueryEscape(bRun)+"&pa=safeact&pb=tau-bench", "#ab-policy-error")
	if len(b.errors) > 0 {
		t.Errorf("console errors: %v", b.errors)
	}
}

// lackedReads are the reads (tool and canonical arguments) run a made before its first
// action of the same tool and target as run b's first action, that run b had not made before
// that action; with no such action, those a made in all. Actions match as on the viewer's
// A/B page: by tool and target (what explain's checkpoint says the action acts on), and
// when a used the tool on other targets only, no read is compared (nil). byTool matches by
// tool alone, as the page did before it knew targets.
func lackedReads(t *testing.T, runs, a, b string, byTool bool) []string {
	t.Helper()
	type event struct {
		Kind        string          `json:"kind"`
		Tool        string          `json:"tool"`
		Arguments   json.RawMessage `json:"arguments"`
		Checkpoints []struct {
			Target string `json:"target"`
		} `json:"checkpoints"`
	}
	chain := func(run string) []event {
		out, _ := mustRun(t, "explain", run, "--bench", "builtin", "--runs", runs, "--format", "json", "--policy", "safeact")
		var xs []struct {
			Chain []event `json:"chain"`
		}
		if err := json.Unmarshal([]byte(out), &xs); err != nil || len(xs) != 1 {
			t.Fatalf("explain %s: %v", run, err)
		}
		return xs[0].Chain
	}
	key := func(e event) string {
		var c bytes.Buffer
		_ = json.Compact(&c, e.Arguments)
		return e.Tool + " " + c.String()
	}
	target := func(e event) string {
		if len(e.Checkpoints) == 0 {
			return ""
		}
		return e.Checkpoints[0].Target
	}
	ca, cb := chain(a), chain(b)
	ib := slices.IndexFunc(cb, func(e event) bool { return e.Kind == "act" })
	if ib < 0 {
		return nil
	}
	ia, elsewhere := -1, false
	for i, e := range ca {
		if e.Kind != "act" || e.Tool != cb[ib].Tool {
			continue
		}
		if !byTool && target(e) != target(cb[ib]) {
			elsewhere = true
		} else if ia < 0 {
			ia = i
		}
	}
	switch {
	case ia < 0 && elsewhere:
		return nil
	case ia < 0:
		ia = len(ca)
	}
	had := map[string]bool{}
	for _, e := range cb[:ib] {
		if e.Kind == "read" {
			had[key(e)] = true
		}
	}
	var lack []string
	seen := map[string]bool{}
	for _, e := range ca[:ia] {
		if k := key(e); e.Kind == "read" && !had[k] && !seen[k] {
			seen[k] = true
			lack = append(lack, k)
		}
	}
	return lack
}

// TestViewerTriage walks the failures queue of the test subset as a reader triaging it
// would: the queue sorted by "broke at", n and p on an episode page open the next and
// previous failure in that order, a filter changed from the keyboard keeps the focus, and
// a search by tool keeps exactly the failed episodes one of whose events calls that tool
// (counted here from the runs file and `score`).
func TestViewerTriage(t *testing.T) {
	t.Parallel()
	chromiumPath(t)
	eps := subsetEpisodes(t)
	page, runs := subsetViewer(t)
	b, stop := newBrowser(t)
	defer stop()

	b.open(t, page, "slice?fail=failed&sort=broke", "#slice-table")
	cells := evalJS[[]string](t, b, `Array.from(document.querySelectorAll('#slice-table tbody tr')).map(function(tr){return tr.cells[0].textContent+'|'+tr.cells[8].textContent})`)
	last := -1
	var order []string
	for _, c := range cells {
		run, at, _ := strings.Cut(c, "|")
		order = append(order, run)
		v := 1 << 30 // "—": no event, sorted last
		if at != "—" {
			v, _ = strconv.Atoi(strings.TrimPrefix(at, "event "))
		}
		if v < last {
			t.Fatalf("queue sorted by broke-at is out of order at %s (%s after %d)", run, at, last)
		}
		last = v
	}
	if len(order) < 3 {
		t.Fatalf("queue of %d failures", len(order))
	}
	b.do(t, "open the first failure", chromedp.Click(chromedp.CSS("#slice-table tbody tr:first-child td:first-child a")), chromedp.WaitVisible(chromedp.ID("queue-next")))
	b.rendered(t)
	if pos := b.text(t, "#queue-pos"); !strings.HasPrefix(pos, "Failure 1 of ") {
		t.Errorf("queue position %q", pos)
	}
	for i, key := range []string{"n", "n", "p"} {
		want := order[[]int{1, 2, 1}[i]]
		b.do(t, "press "+key, chromedp.KeyEvent(key))
		b.rendered(t)
		b.do(t, "wait for the queue", chromedp.WaitVisible(chromedp.ID("queue-pos")))
		if got := b.text(t, "#ep-title"); got != "Run "+want {
			t.Fatalf("after %s the page shows %q, want run %s", strings.Join([]string{"n", "n", "p"}[:i+1], " "), got, want)
		}
		if f := evalJS[string](t, b, `document.activeElement.id`); f != "ep-title" {
			t.Errorf("after %s the focus is on %q, want the episode's title", key, f)
		}
	}

	// A filter changed from the keyboard redraws the slice and keeps the focus on it.
	b.open(t, page, "slice?fail=failed", "#slice-table")
	b.do(t, "focus the protocol filter", chromedp.Focus(chromedp.CSS("#f-proto")))
	b.do(t, "choose V2", chromedp.Evaluate[chromedp.Void](`(function(){var s=document.getElementById('f-proto');s.value='V2';s.dispatchEvent(new Event('change'));})()`))
	b.rendered(t)
	if f := evalJS[string](t, b, `document.activeElement.id`); f != "f-proto" {
		t.Errorf("after changing the protocol filter the focus is on %q", f)
	}

	// Search by tool: the failed episodes whose events call it.
	out, _ := mustRun(t, "score", "--bench", "builtin", "--runs", runs, "--format", "csv", "--policy", "safeact")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	failed := map[string]bool{}
	for _, r := range rows[1:] {
		if r[14] == "false" { // ecs
			failed[r[0]] = true
		}
	}
	const tool = "payment_read"
	want := 0
	for _, ep := range eps {
		if !failed[ep.RunID] || ep.Record == nil {
			continue
		}
		evs, _ := ep.Record.List("events")
		for _, raw := range evs {
			if o, ok := raw.(interface{ String(string) (string, bool) }); ok {
				if s, _ := o.String("tool"); strings.Contains(strings.ToLower(s), tool) {
					want++
					break
				}
			}
		}
	}
	if want == 0 {
		t.Fatalf("no failed episode calls %s: pick another tool", tool)
	}
	b.open(t, page, "slice?fail=failed&q="+tool, "#slice-found")
	b.rendered(t)
	if got := b.text(t, "#slice-found strong"); got != strconv.Itoa(want) {
		t.Errorf("search %q finds %s failed episodes, the runs file has %d", tool, got, want)
	}
	b.shot(t, os.Getenv("SABENCH_VIEW_SHOTS"), "triage-search")

	// The tables page has a table of contents naming every table and figure; an entry
	// moves the focus to its table, and a figure's caption links to the slices it plots.
	b.open(t, page, "tables", "nav.toc")
	entries := evalJS[int](t, b, `document.querySelectorAll('nav.toc a[data-to]').length`)
	items := evalJS[int](t, b, `document.querySelectorAll('#v-tables table.t').length + document.querySelectorAll('#v-tables figure').length + 2`)
	if entries != items {
		t.Errorf("contents has %d entries for %d tables, figures and the two headings", entries, items)
	}
	b.do(t, "follow the contents to the second table", chromedp.Click(chromedp.CSS(`nav.toc a[data-to="t-1"]`)))
	if f := evalJS[string](t, b, `document.activeElement.id`); f != "t-1" {
		t.Errorf("the contents entry moves the focus to %q, want t-1", f)
	}
	if href := evalJS[string](t, b, `document.querySelector('#fig-failure_types figcaption a').getAttribute('href')`); href != "#slice?fail=failed" {
		t.Errorf("the failure-types figure links to %q", href)
	}
	if len(b.errors) > 0 {
		t.Errorf("console errors: %v", b.errors)
	}
}
