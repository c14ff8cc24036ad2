package synth

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/harness"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// inspectSubset is every 40th episode of the built-in release and every excluded one:
// every configuration, condition, protocol and status.
func inspectSubset(t *testing.T) *Release {
	r := defaultRelease(t)
	sub := &Release{Seed: r.Seed, Scale: r.Scale, Cases: r.Cases, Sets: r.Sets}
	for i, ep := range r.Episodes {
		if i%40 == 0 || ep.Status != ingest.StatusCompleted {
			sub.Episodes = append(sub.Episodes, ep)
		}
	}
	return sub
}

func readZipMember(t *testing.T, zr *zip.ReadCloser, name string) *jsonv.Object {
	t.Helper()
	for _, f := range zr.File {
		if f.Name != name {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		v, err := jsonv.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if o, ok := v.(*jsonv.Object); ok {
			return o
		}
		return jsonv.NewObject("list", v)
	}
	t.Fatalf("no member %s", name)
	return nil
}

// TestWriteInspect writes a subset of the release as Inspect logs and checks the
// members of every log and of each episode's sample against the episode: the sample
// member name, epoch, metadata, one tool event per record event (plus the submit call
// of a completed episode) with the event's call id, tool and arguments, the final
// completion, the score, usage, and a time limit or error for the excluded ones. Two
// writes give the same bytes.
func TestWriteInspect(t *testing.T) {
	sub := inspectSubset(t)
	dir := t.TempDir()
	files, err := WriteInspect(dir, sub)
	if err != nil {
		t.Fatal(err)
	}
	byFile := map[string][]*ingest.Episode{}
	for _, ep := range sub.Episodes {
		name := fmt.Sprintf("_%s_%s_%s.eval", InspectTask, ep.Condition, slug(ep.Config))
		byFile[name] = append(byFile[name], ep)
	}
	if len(files) != len(byFile) || len(files) < 40 {
		t.Errorf("%d logs, want one per configuration × condition: %d", len(files), len(byFile))
	}
	checked := 0
	for _, f := range files {
		zr, err := zip.OpenReader(f)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(f)
		eps := byFile[base[strings.Index(base, "_"):]]
		h := readZipMember(t, zr, "header.json")
		eval, _ := h.Obj("eval")
		if m, _ := eval.String("model"); m != eps[0].Model {
			t.Errorf("%s: eval.model %q, want %q", f, m, eps[0].Model)
		}
		if s, _ := eval.String("solver"); s != eps[0].Harness {
			t.Errorf("%s: eval.solver %q, want %q", f, s, eps[0].Harness)
		}
		res, _ := h.Obj("results")
		if n, _ := res.Get("total_samples"); n != int64(len(eps)) {
			t.Errorf("%s: total_samples %v, want %d", f, n, len(eps))
		}
		for _, m := range []string{"_journal/start.json", "summaries.json"} {
			readZipMember(t, zr, m)
		}
		for _, ep := range eps {
			s := readZipMember(t, zr, fmt.Sprintf("samples/%s_epoch_%d.json", ep.CaseID, ep.Repeat+1))
			checkInspectSample(t, ep, s)
			checked++
		}
		zr.Close()
	}
	if checked != len(sub.Episodes) {
		t.Errorf("checked %d samples of %d episodes", checked, len(sub.Episodes))
	}
	again := t.TempDir()
	files2, err := WriteInspect(again, sub)
	if err != nil {
		t.Fatal(err)
	}
	for i := range files {
		a, _ := os.ReadFile(files[i])
		b, _ := os.ReadFile(files2[i])
		if !bytes.Equal(a, b) {
			t.Errorf("%s: a second write differs", filepath.Base(files[i]))
		}
	}
}

func checkInspectSample(t *testing.T, ep *ingest.Episode, s *jsonv.Object) {
	t.Helper()
	if e, _ := s.Get("epoch"); e != int64(ep.Repeat+1) {
		t.Errorf("%s: epoch %v", ep.RunID, e)
	}
	md, _ := s.Obj("metadata")
	if id, _ := md.String("case_id"); id != ep.CaseID {
		t.Errorf("%s: metadata.case_id %q", ep.RunID, id)
	}
	if id, _ := md.String("run_id"); id != ep.RunID {
		t.Errorf("%s: metadata.run_id %q", ep.RunID, id)
	}
	var tools []*jsonv.Object
	events, _ := s.List("events")
	for _, x := range events {
		if ev := x.(*jsonv.Object); func() bool { k, _ := ev.String("event"); return k == "tool" }() {
			tools = append(tools, ev)
		}
	}
	recEvents, _ := ep.Record.List("events")
	want := len(recEvents)
	if ep.Status == ingest.StatusCompleted {
		want++ // the submit call
	}
	if len(tools) != want {
		t.Fatalf("%s: %d tool events, want %d", ep.RunID, len(tools), want)
	}
	for i, x := range recEvents {
		ev := x.(*jsonv.Object)
		id, _ := ev.String("call_id")
		tool, _ := ev.String("tool")
		args, _ := ev.Get("arguments")
		gotID, _ := tools[i].String("id")
		gotTool, _ := tools[i].String("function")
		gotArgs, _ := tools[i].Get("arguments")
		if gotID != id || gotTool != tool || !jsonv.Equal(gotArgs, args) {
			t.Errorf("%s: tool event %d is %s %s %s, want %s %s %s", ep.RunID, i, gotID, gotTool, jsonv.Marshal(gotArgs), id, tool, jsonv.Marshal(args))
		}
	}
	out, _ := s.Obj("output")
	completion, _ := out.String("completion")
	_, hasErr := s.Get("error")
	lim, hasLimit := s.Obj("limit")
	switch ep.Status {
	case ingest.StatusCompleted:
		want := ep.Record.Object().Clone()
		want.Delete("events")
		if completion != string(jsonv.Marshal(want)) {
			t.Errorf("%s: completion %.200s", ep.RunID, completion)
		}
		if hasErr || hasLimit {
			t.Errorf("%s: a completed episode's sample has an error or a limit", ep.RunID)
		}
	case ingest.StatusInfraFailure:
		if typ, _ := lim.String("type"); typ != "time" || completion != "" {
			t.Errorf("%s: limit %s, completion %q; want a time limit and no completion", ep.RunID, jsonv.Marshal(lim), completion)
		}
	case ingest.StatusHarnessFailure:
		if !hasErr || completion != "" {
			t.Errorf("%s: want an error and no completion", ep.RunID)
		}
	}
	scores, _ := s.Obj("scores")
	sc, hasScore := scores.Obj(harness.InspectScorer)
	if hasScore != (ep.Official != nil) {
		t.Errorf("%s: score %v, official %v", ep.RunID, hasScore, ep.Official != nil)
	}
	if hasScore {
		succ, _ := ep.Official.Get("successful")
		v, _ := sc.String("value")
		if (v == "C") != (succ == true) {
			t.Errorf("%s: score %s, official successful %v", ep.RunID, v, succ)
		}
	}
	if ep.Usage != nil {
		wall, _ := ep.Usage.Get("wall_seconds")
		if tt, _ := s.Get("total_time"); !jsonv.Equal(tt, wall) {
			t.Errorf("%s: total_time %v, wall_seconds %v", ep.RunID, tt, wall)
		}
		mu, _ := s.Obj("model_usage")
		m, _ := mu.Obj(ep.Model)
		for _, k := range [][2]string{{"input_tokens", "input_tokens"}, {"output_tokens", "output_tokens"}, {"cost_usd", "total_cost"}} {
			a, _ := ep.Usage.Get(k[0])
			b, _ := m.Get(k[1])
			if !jsonv.Equal(a, b) {
				t.Errorf("%s: model_usage %s %v, usage %s %v", ep.RunID, k[1], b, k[0], a)
			}
		}
	}
}
