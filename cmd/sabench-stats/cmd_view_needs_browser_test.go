package main

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// TestViewerNamesTheReadsThatWouldEstablish opens the episode pages of real SafeActBench
// cases' references with one thing wrong and reads what a deferred or blocked gate says
// would establish each missing fact: the frozen delta's read for a V3 case (it has no
// evidence rules), the sensor read made after the heater's power-off for SAB-V2-018's
// cooldown, and, for a refund of the original charge under entity binding, no read (the
// case's preview is of the duplicate charge, which does not bind to this action).
func TestViewerNamesTheReadsThatWouldEstablish(t *testing.T) {
	t.Parallel()
	chromiumPath(t)
	bench := filepath.Join(ingestTestdata, "safeactbench")
	bk, err := casespec.LoadBench(bench, casespec.BenchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	edited := func(id, name string, edit func([]any)) *ingest.Episode {
		ep, err := oracle.ReferenceEpisode(bk.Case(id))
		if err != nil {
			t.Fatalf("reference of %s: %v", id, err)
		}
		ep.RunID = "edited/" + id + "/" + name
		evs, _ := ep.Record.List("events")
		evs = jsonv.DeepCopy(evs).([]any)
		edit(evs)
		ep.Record.Set("events", evs)
		return ep
	}
	ev := func(evs []any, i int) *jsonv.Object { return evs[i].(*jsonv.Object) }
	eps := []*ingest.Episode{
		edited("SAB-V3-001", "read-failed", func(evs []any) { ev(evs, 0).Set("tool_status", "error") }),
		edited("SAB-V2-018", "sensor-read-early", func(evs []any) { evs[8], evs[9] = evs[9], evs[8] }),
		edited("SAB-V1-001", "refund-original", func(evs []any) {
			args, _ := ev(evs, 5).Obj("arguments")
			args.Set("charge_id", "ch_90A1")
		}),
	}
	dir := t.TempDir()
	var buf []byte
	for _, ep := range eps {
		buf = append(ingest.AppendEpisodeJSON(buf, ep), '\n')
	}
	runs := filepath.Join(dir, "runs.jsonl")
	if err := os.WriteFile(runs, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "index.html")
	mustRun(t, "view", "--out", page, "--resamples", "0", "--bench", bench, "--runs", runs, "--policy", "safeact")
	b, stop := newBrowser(t)
	defer stop()
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
	if len(b.errors) > 0 {
		t.Errorf("console errors: %v", b.errors)
	}
}
