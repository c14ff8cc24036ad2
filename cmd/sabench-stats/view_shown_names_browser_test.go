package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// hiddenNames are names that differ only by what a display hides, in pairs: a tab and a
// space, white space at an end, a NUL (which an HTML parser drops).
var (
	hiddenConfigs    = []string{"m\tx/h", "m x/h", "trail /h", "trail/h", "Cl\x00aude/x", "Claude/x"}
	hiddenConditions = []string{"scgr\neg", "scgr eg"}
	hiddenCases      = map[string]string{"SAB-V1-001": "acme\x1b.v1-001", "SAB-V1-011": "acme.v1-001", "SAB-V2-001": "acme.v2-001", "SAB-V2-016": "acme.v2-002"}
	hiddenDomains    = map[string]string{"customer_policy_qa": "health\tcare", "legal_finance_advice": "health care"}
)

// hiddenPolicies are two policy files' names: a tab, and a NUL, which no HTML attribute can
// hold.
var hiddenPolicies = []string{"strict\tone", "nul\x00x"}

// hiddenNamesViewer writes a bench of four real cases whose ids and domains are such
// names, their batch-fixture episodes under each configuration of hiddenConfigs (and
// under the conditions of hiddenConditions for the last), scored under safeact and a
// policy named with a tab, and returns the viewer's page.
func hiddenNamesViewer(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	var pairs []string // the names as JSON text (quoted without the quotes), for the case specs
	for _, m := range []map[string]string{hiddenCases, hiddenDomains} {
		for k, v := range m {
			q, _ := json.Marshal(v)
			pairs = append(pairs, k, string(q[1:len(q)-1]))
		}
	}
	inJSON := strings.NewReplacer(pairs...)
	var rows []byte
	for _, id := range []string{"SAB-V1-001", "SAB-V1-011", "SAB-V2-001", "SAB-V2-016"} {
		spec, err := os.ReadFile(filepath.Join(ingestTestdata, "safeactbench", "cases", id+".json"))
		if err != nil {
			t.Fatal(err)
		}
		row, err := json.Marshal(map[string]any{"case_id": hiddenCases[id], "protocol": strings.ToLower(id[4:6]), "case_spec": json.RawMessage(inJSON.Replace(string(spec)))})
		if err != nil {
			t.Fatal(err)
		}
		rows = append(append(rows, row...), '\n')
	}
	bench := filepath.Join(dir, "bench.jsonl")
	if err := os.WriteFile(bench, rows, 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(harnessTestdata, "batch.golden.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var eps []byte
	for _, l := range bytes.Split(data, []byte("\n")) {
		var orig, ep map[string]any
		if len(l) == 0 {
			continue
		}
		if err := json.Unmarshal(l, &orig); err != nil {
			t.Fatal(err)
		}
		if _, ok := hiddenCases[orig["case_id"].(string)]; !ok {
			continue
		}
		if err := json.Unmarshal([]byte(inJSON.Replace(string(l))), &ep); err != nil {
			t.Fatal(err)
		}
		for i, cfg := range hiddenConfigs {
			conds := []string{"main"}
			if i == len(hiddenConfigs)-1 {
				conds = append(conds, hiddenConditions...)
			}
			for _, cond := range conds {
				cut := strings.LastIndexByte(cfg, '/')
				ep["config"], ep["model"], ep["harness"], ep["condition"] = cfg, cfg[:cut], cfg[cut+1:], cond
				ep["run_id"] = fmt.Sprintf("%s|%s|%v|%s", cfg, ep["case_id"], ep["repeat"], cond)
				line, err := json.Marshal(ep)
				if err != nil {
					t.Fatal(err)
				}
				eps = append(append(eps, line...), '\n')
			}
		}
	}
	runs := filepath.Join(dir, "runs.jsonl")
	if err := os.WriteFile(runs, eps, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"--bench", bench, "--runs", runs, "--policy", "safeact"}
	for i, settings := range []string{`"coverage":"off"`, `"coverage":"off","propagation":"reference"`} {
		name, _ := json.Marshal(hiddenPolicies[i])
		pol := filepath.Join(dir, fmt.Sprintf("policy%d.json", i))
		if err := os.WriteFile(pol, []byte(`{"name":`+string(name)+`,`+settings+`}`), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, "--policy", pol)
	}
	return buildViewer(t, args...)
}

// TestViewerShowsNamesAsTheTables: the viewer's script showed the names it draws (a
// filter's options, the slice's and disagreements' rows, the episode page's title and
// header, the A/B pickers and headings, the policies) as they are, so that "m\tx/h" read
// as "m x/h", "trail /h" as "trail/h" and "Cl\x00aude/x" as "Claude/x", where the tables
// of the same page show "m\tx/h", "\"trail /h\"" and "Cl\x00aude/x". Its nameText shows
// them as ingest.NameText does; the filters still select by the name itself.
func TestViewerShowsNamesAsTheTables(t *testing.T) {
	t.Parallel()
	chromiumPath(t)
	page := hiddenNamesViewer(t)
	b, stop := newBrowser(t)
	defer stop()

	// nameText against ingest.NameText, on the names above and on the characters each
	// of its rules turns on; an ordinary name is shown as it is.
	ordinary := []string{"Claude-5/Claude Code", "gpt-4o | ReAct", "模型/ハーネス", "🧑‍💻/x", `a"b\c`, "U+FFFD \uFFFD/x", "main"}
	odd := []string{"a\x1bb", "a\x7fb", "a\u0085b", "a\u009fb", "l\nb\r\v\f\a\b", " lead", "nb\u00a0", "x\u3000", "q\"\\ \t", "t \x00", "e\u200b ",
		"é\U0001F600 ", " \u2028", "\u0085 ", "a\u00ad ", "\U000E0001 ", "\u1680x", "x\u202f", "\u2000\u200a"}
	all := slices.Concat(ordinary, odd, hiddenConfigs, hiddenConditions, hiddenPolicies)
	for _, m := range []map[string]string{hiddenCases, hiddenDomains} {
		for _, v := range m {
			all = append(all, v)
		}
	}
	b.open(t, page, "slice", "#slice-summary")
	in, _ := json.Marshal(all)
	got := evalJS[[]string](t, b, `(`+string(in)+`).map(SAB.nameText)`)
	for i, s := range all {
		if want := ingest.NameText(s); got[i] != want {
			t.Errorf("nameText(%q) = %q, the tables show %q", s, got[i], want)
		}
		if i < len(ordinary) && got[i] != s {
			t.Errorf("nameText(%q) = %q: an ordinary name is shown as it is", s, got[i])
		}
	}

	// The filters' options show each name as the tables do, the two of a pair apart.
	options := func(key string) []string {
		return evalJS[[]string](t, b, `Array.from(document.querySelectorAll('#f-`+key+` option')).filter(function(o){return o.value!==''}).map(function(o){return o.textContent})`)
	}
	shown := func(names ...string) []string {
		var out []string
		for _, n := range names {
			out = append(out, ingest.NameText(n))
		}
		return out
	}
	want := map[string][]string{"cfg": shown(hiddenConfigs...), "cond": shown(append([]string{"main"}, hiddenConditions...)...),
		"dom": shown("health care", "health\tcare", "healthcare_operations_agent"), "pol": {"SafeActBench (safeact)", `strict\tone`, `nul\x00x`}}
	for key, w := range want {
		o := options(key)
		slices.Sort(o)
		slices.Sort(w)
		if !slices.Equal(o, w) {
			t.Errorf("the %s filter's options are %q, want %q", key, o, w)
		}
	}
	// The leaderboard's table cells of the same page show the configurations so.
	cells := evalJS[[]string](t, b, `Array.from(document.querySelectorAll('#v-leaderboard td')).map(function(td){return td.textContent})`)
	for _, c := range hiddenConfigs {
		if !slices.Contains(cells, ingest.NameText(c)) {
			t.Errorf("no leaderboard cell shows %q as %q", c, ingest.NameText(c))
		}
	}
	if got := evalJS[[]string](t, b, `Array.from(document.querySelectorAll('#v-leaderboard button[data-policy]')).map(function(e){return e.textContent})`); !slices.Contains(got, `strict\tone`) {
		t.Errorf("the leaderboard's policy buttons read %q, want one reading strict\\tone", got)
	}

	// Each policy's leaderboard opens from its button and from a link naming the policy:
	// the script matched a block by its data-policy attribute, where a NUL reads U+FFFD,
	// so a link naming the NUL's policy showed no leaderboard (and its button wrote
	// U+FFFD into the address).
	for j := range 3 {
		b.open(t, page, "leaderboard", "#v-leaderboard")
		evalJS[bool](t, b, fmt.Sprintf(`(document.querySelectorAll('#v-leaderboard button[data-policy]')[%d].click(),true)`, j))
		b.rendered(t)
		if j > 0 {
			if got := evalJS[string](t, b, `new URLSearchParams(location.hash.split('?')[1]).get('pol')`); got != hiddenPolicies[j-1] {
				t.Errorf("the policy button %d links to the policy %q, want %q", j, got, hiddenPolicies[j-1])
			}
			b.open(t, page, "leaderboard?pol="+url.QueryEscape(hiddenPolicies[j-1]), "#v-leaderboard")
		}
		shownLB := evalJS[[]int](t, b, `Array.from(document.querySelectorAll('#v-leaderboard .lb')).map(function(d,i){return d.hidden?-1:i}).filter(function(i){return i>=0})`)
		pressed := evalJS[[]int](t, b, `Array.from(document.querySelectorAll('#v-leaderboard button[data-policy]')).map(function(e,i){return e.getAttribute('aria-pressed')==='true'?i:-1}).filter(function(i){return i>=0})`)
		if !slices.Equal(shownLB, []int{j}) || !slices.Equal(pressed, []int{j}) {
			t.Errorf("the policy button %d shows the leaderboards %v, pressed %v", j, shownLB, pressed)
		}
	}
	b.open(t, page, "slice", "#slice-summary")

	// Choosing an option filters by the name itself: every row of the slice is of that
	// configuration, shown as the option is (4 episodes each, 12 of Claude/x).
	for _, cfg := range hiddenConfigs {
		label := ingest.NameText(cfg)
		sel, _ := json.Marshal(cfg)
		evalJS[bool](t, b, `(function(){var s=document.getElementById('f-cfg');s.value=`+string(sel)+`;s.dispatchEvent(new Event('change'));return true})()`)
		b.rendered(t)
		rows := evalJS[[]string](t, b, `Array.from(document.querySelectorAll('#slice-table tbody tr td:nth-child(2)')).map(function(td){return td.textContent})`)
		n := 4
		if cfg == "Claude/x" {
			n = 12
		}
		if len(rows) != n || slices.ContainsFunc(rows, func(r string) bool { return r != label }) {
			t.Errorf("the slice of %q lists the configurations %q, want %d rows of %q", cfg, rows, n, label)
		}
		if opt := evalJS[string](t, b, `(function(){var s=document.getElementById('f-cfg');return s.options[s.selectedIndex].textContent})()`); opt != label {
			t.Errorf("after choosing %q the filter shows %q, want %q", cfg, opt, label)
		}
	}
	// The slice's rows show case ids, domains and conditions as the tables do.
	b.open(t, page, "slice?cfg="+url.QueryEscape("Claude/x"), "#slice-table")
	for col, names := range map[int][]string{3: shown(hiddenCases["SAB-V1-001"], hiddenCases["SAB-V1-011"], hiddenCases["SAB-V2-001"], hiddenCases["SAB-V2-016"]),
		5: shown("health care", "health\tcare", "healthcare_operations_agent"), 6: shown(append([]string{"main"}, hiddenConditions...)...)} {
		got := evalJS[[]string](t, b, fmt.Sprintf(`Array.from(new Set(Array.from(document.querySelectorAll('#slice-table tbody tr td:nth-child(%d)')).map(function(td){return td.textContent})))`, col))
		slices.Sort(got)
		slices.Sort(names)
		if !slices.Equal(got, names) {
			t.Errorf("the slice's column %d shows %q, want %q", col, got, names)
		}
	}

	// The episode page's title and header, and the A/B page's heading and pickers.
	cfg, caseID, cond := "Cl\x00aude/x", hiddenCases["SAB-V1-001"], "main"
	run := cfg + "|" + caseID + "|2|" + cond
	b.open(t, page, "run="+url.QueryEscape(run), "#timeline")
	if got, want := b.text(t, "#ep-title"), "Run "+ingest.NameText(run); got != want {
		t.Errorf("the episode's title reads %q, want %q", got, want)
	}
	head := evalJS[string](t, b, `document.getElementById('ep-head').textContent`)
	if want := ingest.NameText(cfg) + " on " + ingest.NameText(caseID) + " (V1, "; !strings.HasPrefix(head, want) || !strings.Contains(head, ", condition main") {
		t.Errorf("the episode's header reads %q, want it to begin %q", head, want)
	}
	if got := evalJS[[]string](t, b, `Array.from(document.querySelectorAll('#ep-policies tbody td:first-child')).map(function(td){return td.textContent})`); !slices.Contains(got, `strict\tone`) {
		t.Errorf("the episode's policies table names %q, want strict\\tone among them", got)
	}
	// The slice's summary names its policy so.
	b.open(t, page, "slice?pol="+url.QueryEscape(hiddenPolicies[0]), "#slice-summary")
	if got := b.text(t, "#slice-summary"); !strings.Contains(got, ` scored under policy strict\tone;`) {
		t.Errorf("the slice's summary reads %q, want it to name the policy strict\\tone", got)
	}
	b.open(t, page, "case="+url.QueryEscape(caseID)+"&a="+url.QueryEscape(run)+"&b="+url.QueryEscape("Claude/x~scgr\neg")+"&rb=2", "#ab-verdicts")
	if got, want := b.text(t, "#ab-body h2"), "A/B: case "+ingest.NameText(caseID); got != want {
		t.Errorf("the A/B heading reads %q, want %q", got, want)
	}
	picks := evalJS[[]string](t, b, `Array.from(document.querySelectorAll('#ab-a option')).map(function(o){return o.textContent})`)
	for _, c := range hiddenConfigs {
		if !slices.ContainsFunc(picks, func(p string) bool { return strings.Contains(p, " — "+ingest.NameText(c)+", main, ") }) {
			t.Errorf("the A/B picker's runs %q name no run of %q as %q", picks, c, ingest.NameText(c))
		}
	}
	heads := evalJS[string](t, b, `document.querySelector('#ab-table thead').textContent`)
	if !strings.Contains(heads, ingest.NameText("Claude/x")+" · "+ingest.NameText("scgr\neg")) {
		t.Errorf("the A/B table's heads %q do not name B's condition as %q", heads, ingest.NameText("scgr\neg"))
	}
}
