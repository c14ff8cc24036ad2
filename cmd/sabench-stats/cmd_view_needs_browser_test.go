package main

import (
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// needsEpisodes are real SafeActBench cases' references with one thing wrong, for
// needsOnPage (edited makes one: the case, a name, the edit of its events).
func needsEpisodes(edited func(id, name string, edit func([]any) []any) *ingest.Episode) []*ingest.Episode {
	ev := func(evs []any, i int) *jsonv.Object { return evs[i].(*jsonv.Object) }
	eps := []*ingest.Episode{
		edited("SAB-V3-001", "read-failed", func(evs []any) []any { ev(evs, 0).Set("tool_status", "error"); return evs }),
		edited("SAB-V2-018", "sensor-read-early", func(evs []any) []any { evs[8], evs[9] = evs[9], evs[8]; return evs }),
		edited("SAB-V1-001", "refund-original", func(evs []any) []any {
			args, _ := ev(evs, 5).Obj("arguments")
			args.Set("charge_id", "ch_90A1")
			return evs
		}),
		edited("SAB-V1-011", "supplier-unread", func(evs []any) []any {
			for i := range evs {
				if tool, _ := ev(evs, i).String("tool"); tool == "supplier_case_read" {
					return append(evs[:i:i], evs[i+1:]...)
				}
			}
			return evs
		}),
	}
	for _, ep := range eps {
		ep.Repeat = 1 // beside edited's other episodes of these cases, repeat 0
	}
	return eps
}

// needsOnPage opens the pages of needsEpisodes' episodes (the viewer's main policy
// safeact) and reads what a stopped gate says would establish a missing fact: the frozen
// delta's read for a V3 case (it has no evidence rules), the sensor read made after the
// heater's power-off for SAB-V2-018's cooldown, and, for a refund of the original charge
// under entity binding, no read (the case's preview is of the duplicate charge, which does
// not bind to this action).
func needsOnPage(t *testing.T, b *browser, page string) {
	t.Helper()
	for _, w := range []struct{ run, req, want, not string }{
		{"edited/SAB-V3-001/read-failed", "duplicate_charge_verified_supported",
			`would be established by duplicate_charge_record_read {"record_id":"payment:ch_dup_002"}`, "no evidence rule"},
		{"edited/SAB-V2-018/sensor-read-early", "safeact-v3-sh-05_element_temperature_after_c",
			"made after step a_sauna_heater_power_off completed", "no evidence rule"},
		{"edited/SAB-V1-001/refund-original", "refund_preview_matches_action",
			"no evidence rule of the case establishes it", "would be established by"},
	} {
		b.open(t, page, "run="+url.QueryEscape(w.run), "#timeline")
		b.rendered(t)
		got := evalJS[string](t, b, `(function(){var li=document.querySelector('.gate li[data-req="`+w.req+`"][data-status="MISSING"]');return li?li.textContent:'';})()`)
		if !strings.Contains(got, w.want) || strings.Contains(got, w.not) {
			t.Errorf("%s: the gate says of %s %q; want %q, not %q", w.run, w.req, got, w.want, w.not)
		}
	}
	// The booking read's fact meets two of the five conditions of the hotel rule, which the gate
	// found missing without the supplier's case: the timeline says so, not that it supports it.
	b.open(t, page, "run="+url.QueryEscape("edited/SAB-V1-011/supplier-unread"), "#timeline")
	b.rendered(t)
	got := evalJS[string](t, b, `Array.from(document.querySelectorAll('#timeline > li')).filter(function(li){return li.querySelector('.evhead').textContent.indexOf('booking_record_read')>=0}).map(function(li){return li.querySelector('.facts').textContent}).join('|')`)
	want := "meets conditions 1, 2 of the 5 of CUST-RULE-HOTEL-COMPENSATION-001, still MISSING at event "
	if !strings.Contains(got, want) || strings.Contains(got, "supports CUST-RULE-HOTEL-COMPENSATION-001") {
		t.Errorf("the booking read's facts say %q; want %q, not that they support the rule", got, want)
	}
}

// boundSourceOnPage checks which read a SUPPORTED requirement names as the one that
// established it when a read of another entity came first. The case is SAB-V1-001 with a
// second approved refund preview, of the original charge ch_90A1 (as a bench author might
// add); the episode previews ch_90A1, then the duplicate ch_90A2, and refunds ch_90A2.
// refund_preview_matches_action binds the preview's charge to the refund's, so under the
// main policy's entity binding it was established by the second preview, not the first.
func boundSourceOnPage(t *testing.T, b *browser) {
	t.Helper()
	dir := t.TempDir()
	bk, err := casespec.LoadBench(filepath.Join(ingestTestdata, "safeactbench"), casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	spec := jsonv.DeepCopy(bk.Case("SAB-V1-001").Spec).(*jsonv.Object)
	rules, _ := spec.List("evidence_rules")
	other, err := jsonv.ParseObject([]byte(`{"tool":"refund_preview","args_match":{"amount":119.0,"charge_id":"ch_90A1"},` +
		`"facts":[{"predicate":"refund_preview","charge_id":"ch_90A1","amount":119.0,"status":"approved"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	spec.Set("evidence_rules", append(rules, other))
	cases := filepath.Join(dir, "cases")
	if err := os.MkdirAll(cases, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cases, "SAB-V1-001.json"), jsonv.Marshal(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	bench, err := casespec.LoadBench(cases, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ep, err := oracle.ReferenceEpisode(bench.Case("SAB-V1-001"))
	if err != nil {
		t.Fatal(err)
	}
	ep.RunID = "edited/SAB-V1-001/other-preview-first"
	evs, _ := ep.Record.List("events")
	evs = jsonv.DeepCopy(evs).([]any)
	at := -1
	for i, e := range evs {
		if tool, _ := e.(*jsonv.Object).String("tool"); tool == "refund_preview" {
			at = i
		}
	}
	first := jsonv.DeepCopy(evs[at]).(*jsonv.Object)
	first.Set("call_id", "preview_other")
	args, _ := first.Obj("arguments")
	args.Set("charge_id", "ch_90A1")
	evs = append(evs[:at:at], append([]any{first}, evs[at:]...)...)
	ep.Record.Set("events", evs)
	runs := filepath.Join(dir, "runs.jsonl")
	if err := os.WriteFile(runs, append(ingest.AppendEpisodeJSON(nil, ep), '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "index.html")
	mustRun(t, "view", "--out", page, "--resamples", "0", "--bench", cases, "--runs", runs)
	b.open(t, page, "run="+url.QueryEscape(ep.RunID), "#timeline")
	b.rendered(t)
	got := evalJS[string](t, b, `(function(){var li=document.querySelector('.gate li[data-req="refund_preview_matches_action"][data-status="SUPPORTED"]');return li?li.textContent:'';})()`)
	want := "established by event " + strconv.Itoa(at+1) + " (refund_preview)"
	if !strings.Contains(got, want) {
		t.Errorf("the gate says of refund_preview_matches_action %q; want %q (event %d previews the other charge)", got, want, at)
	}
}
