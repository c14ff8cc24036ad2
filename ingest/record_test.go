package ingest

import (
	"math"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

func mustRecord(t *testing.T, text string) *Record {
	t.Helper()
	v, err := jsonv.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return NewRecord(v.(*jsonv.Object))
}

// The typed fields hold what the record says, a field of the wrong type reads as absent in
// its typed form, and the record as written is kept as it came.
func TestRecordTypedFields(t *testing.T) {
	text := `{"schema_version":1,"env_id":"ops","episode_id":"SAB-V2-001","events":[` +
		`{"type":"INFO_CALL","call_id":"c1","tool":"t_read","arguments":{"id":"A"},"evidence_delta_key":"k","tool_status":"ok","x":1},` +
		`{"tool":"","type":5,"arguments":[1],"result":{"r":2},"tool_result":null,"resolved_arguments":{"id":"B"},"attempted_arguments_valid":false,"content":"hi"},` +
		`7],"metadata":{"parse_error":"  bad json \n","driver_protocol_error":"mixed_information_and_action_reply"},` +
		`"terminal":{"type":"NO_ACTION","outcome":"BLOCK"},"extra_field":[1,2]}`
	r := mustRecord(t, text)
	evs := r.EventsInto([]Event{{Index: 9, Tool: "stale"}}) // a used buffer: every field is set anew
	if !r.HasEvents || !r.EventsOK || len(evs) != 3 {
		t.Fatalf("events: has %v, list %v, %d events", r.HasEvents, r.EventsOK, len(evs))
	}
	e0, e1, e2 := &evs[0], &evs[1], &evs[2]
	if !e0.Object || e0.Index != 0 || !e0.TypeOK || e0.Type != "INFO_CALL" || !e0.ToolOK || e0.Tool != "t_read" ||
		!e0.ArgumentsOK || string(jsonv.Marshal(e0.Arguments)) != `{"id":"A"}` ||
		e0.CallID != "c1" || !e0.HasCallID || e0.EvidenceDeltaKey != "k" || !e0.HasEvidenceDeltaKey ||
		e0.ToolStatus != "ok" || !e0.HasToolStatus || e0.HasResult || e0.HasToolResult || e0.HasContent {
		t.Errorf("event 0: %+v", *e0)
	}
	if !e1.Object || e1.Index != 1 || e1.TypeOK || e1.ToolOK || e1.ArgumentsOK || e1.HasCallID ||
		!e1.HasResult || !e1.HasToolResult || e1.ToolResult != nil || !e1.HasResolvedArguments ||
		!e1.HasAttemptedArgumentsValid || e1.AttemptedArgumentsValid != false || e1.Content != "hi" {
		t.Errorf("event 1: %+v", *e1)
	}
	if e2.Object || e2.Index != 2 || e2.TypeOK {
		t.Errorf("event 2 (a number): %+v", *e2)
	}
	if r.SchemaVersion != int64(1) || !r.HasSchemaVersion || r.EnvID != "ops" || r.EpisodeID != "SAB-V2-001" ||
		r.HasDecision || !r.HasTerm || r.TerminalType != "NO_ACTION" || r.TerminalOutcome != "BLOCK" {
		t.Errorf("header: %+v", r)
	}
	if r.ParseError != "bad json" || r.DriverProtocolError != "mixed_information_and_action_reply" {
		t.Errorf("metadata: parse error %q, driver error %q", r.ParseError, r.DriverProtocolError)
	}
	if got := string(jsonv.Marshal(r.Object())); got != text {
		t.Errorf("the record as written changed:\n got %s\nwant %s", got, text)
	}
	if v, ok := r.Get("extra_field"); !ok || len(v.([]any)) != 2 || r.Len() != 7 {
		t.Errorf("Get(extra_field) = %v, %v; Len %d", v, ok, r.Len())
	}
}

// The metadata and terminal forms that carry no typed value, and the static judgment.
func TestRecordHeaderEdgeCases(t *testing.T) {
	for _, tc := range []struct {
		text        string
		parse, drv  string
		static      bool
		events, lst bool
	}{
		{`{"decision":"allow","metadata":{"parse_error":"   ","driver_protocol_error":false}}`, "", "", true, false, false},
		{`{"decision":"allow","events":null,"metadata":{"driver_protocol_error":""}}`, "", "", false, true, false},
		{`{"events":[],"metadata":{"driver_protocol_error":1,"parse_error":3}}`, "", "1", false, true, true},
		{`{"events":{},"metadata":"x","terminal":"NO_ACTION"}`, "", "", false, true, false},
		{`{"metadata":{"driver_protocol_error":true}}`, "", "True", false, false, false},
	} {
		r := mustRecord(t, tc.text)
		if r.ParseError != tc.parse || r.DriverProtocolError != tc.drv || r.IsStatic() != tc.static ||
			r.HasEvents != tc.events || r.EventsOK != tc.lst || r.TerminalType != nil {
			t.Errorf("%s: parse %q, driver %q, static %v, events %v/%v, terminal type %v", tc.text,
				r.ParseError, r.DriverProtocolError, r.IsStatic(), r.HasEvents, r.EventsOK, r.TerminalType)
		}
	}
	var nilRec *Record
	if NewRecord(nil) != nil || nilRec.Object() != nil || nilRec.IsStatic() || nilRec.Len() != 0 || nilRec.Clone() != nil {
		t.Error("a nil record is not empty")
	}
}

// Set and Delete decode the typed fields again; Clone and DeepCopy leave the original alone.
func TestRecordEdits(t *testing.T) {
	r := mustRecord(t, `{"events":[{"type":"INFO_CALL","tool":"a"}],"decision":"defer"}`)
	c := r.Clone()
	c.Set("events", []any{})
	c.Set("decision", "block")
	if len(c.EventsInto(nil)) != 0 || c.Decision != "block" || len(r.EventsInto(nil)) != 1 || r.Decision != "defer" {
		t.Errorf("after Set on a clone: clone %d events, %v; original %d events, %v", len(c.EventsInto(nil)), c.Decision, len(r.EventsInto(nil)), r.Decision)
	}
	c.Delete("events")
	if c.HasEvents || !c.IsStatic() || r.IsStatic() {
		t.Errorf("after Delete: clone has events %v", c.HasEvents)
	}
	d := r.DeepCopy()
	ev, _ := d.Object().List("events")
	ev[0].(*jsonv.Object).Set("tool", "b")
	if r.EventsInto(nil)[0].Tool != "a" || d.EventsInto(nil)[0].Tool != "b" {
		t.Error("DeepCopy shares events with the original")
	}
}

// The usage's numbers are typed with a bit each; null, strings and unknown keys are not
// numbers, and the object as written is kept.
func TestUsageTyped(t *testing.T) {
	v, err := jsonv.Parse([]byte(`{"wall_seconds":12.5,"input_tokens":100,"output_tokens":null,"cost_usd":"x","reasoning_tokens":7,"extra":123456789012345678901234567890}`))
	if err != nil {
		t.Fatal(err)
	}
	u := NewUsage(v.(*jsonv.Object))
	if u.WallSeconds != 12.5 || u.InputTokens != 100 || u.OutputTokens != 0 || u.CostUSD != 0 || u.Known != UsageWall|UsageInput {
		t.Errorf("typed usage %+v", *u)
	}
	u.Set("cost_usd", jsonv.BigInt("123456789012345678901234567890"))
	if u.Known != UsageWall|UsageInput|UsageCost || u.CostUSD != 1.2345678901234568e29 || u.Len() != 6 {
		t.Errorf("after Set: %+v", *u)
	}
	var nilUsage *Usage
	if NewUsage(nil) != nil || nilUsage.Object() != nil || nilUsage.Len() != 0 {
		t.Error("a nil usage is not empty")
	}
}

// checkTyped checks an episode's typed record and usage against their objects as written,
// read key by key the generic way.
func checkTyped(t *testing.T, e *Episode) {
	t.Helper()
	r := e.Record
	if r == nil {
		return
	}
	o := r.Object()
	get := func(x *jsonv.Object, k string) (any, bool) { return x.Get(k) }
	pairs := []struct {
		name     string
		typed    any
		typedHas bool
	}{{"decision", r.Decision, r.HasDecision}, {"schema_version", r.SchemaVersion, r.HasSchemaVersion},
		{"env_id", r.EnvID, r.HasEnvID}, {"episode_id", r.EpisodeID, r.HasEpisodeID}, {"terminal", r.Terminal, r.HasTerm}}
	for _, p := range pairs {
		v, has := get(o, p.name)
		if has != p.typedHas || !jsonv.Equal(v, p.typed) {
			t.Fatalf("record.%s: typed %v (%v), written %v (%v)", p.name, p.typed, p.typedHas, v, has)
		}
	}
	list, isList := o.List("events")
	evs := r.EventsInto(nil)
	if r.HasEvents != o.Has("events") || r.EventsOK != isList || len(evs) != len(list) {
		t.Fatalf("events: typed %v/%v/%d, written %v/%v/%d", r.HasEvents, r.EventsOK, len(evs), o.Has("events"), isList, len(list))
	}
	for i, raw := range list {
		ev := &evs[i]
		x, isObj := raw.(*jsonv.Object)
		if ev.Index != i || ev.Object != isObj {
			t.Fatalf("events[%d]: index %d, object %v", i, ev.Index, ev.Object)
		}
		if !isObj {
			continue
		}
		typ, typOK := x.String("type")
		tool, _ := x.String("tool")
		args, argsOK := x.Obj("arguments")
		if ev.TypeOK != typOK || ev.Type != typ || ev.ToolOK != (tool != "") || ev.Tool != tool || ev.ArgumentsOK != argsOK || ev.Arguments != args {
			t.Fatalf("events[%d]: typed type/tool/arguments differ from %s", i, jsonv.Marshal(x))
		}
		for _, f := range []struct {
			k   string
			v   any
			has bool
		}{{"call_id", ev.CallID, ev.HasCallID}, {"evidence_delta_key", ev.EvidenceDeltaKey, ev.HasEvidenceDeltaKey},
			{"tool_status", ev.ToolStatus, ev.HasToolStatus}, {"resolved_arguments", ev.ResolvedArguments, ev.HasResolvedArguments},
			{"tool_result", ev.ToolResult, ev.HasToolResult}, {"result", ev.Result, ev.HasResult},
			{"attempted_arguments_valid", ev.AttemptedArgumentsValid, ev.HasAttemptedArgumentsValid}, {"content", ev.Content, ev.HasContent}} {
			if v, has := x.Get(f.k); has != f.has || !jsonv.Equal(v, f.v) {
				t.Fatalf("events[%d].%s: typed %v (%v), written %v (%v)", i, f.k, f.v, f.has, v, has)
			}
		}
	}
	if u := e.Usage; u != nil {
		want := NewUsage(u.Object().Clone())
		same := want.Known == u.Known
		for _, xy := range [][2]float64{{want.CostUSD, u.CostUSD}, {want.InputTokens, u.InputTokens}, {want.OutputTokens, u.OutputTokens}, {want.WallSeconds, u.WallSeconds}} {
			same = same && math.Float64bits(xy[0]) == math.Float64bits(xy[1]) // NaN is a number here
		}
		if !same {
			t.Fatalf("usage: typed %+v, from the object %+v", *u, *want)
		}
	}
}

// Every episode of the realistic corpus has its typed record and usage agree with the
// objects as written.
func TestTypedMatchesWritten(t *testing.T) {
	for _, e := range realisticEpisodes(300, 5) {
		line := AppendEpisodeJSON(nil, e)
		got, err := decodeEpisodeLine(jsonv.NewDecoder(), line, "f.jsonl", 1, false)
		if err != nil {
			t.Fatal(err)
		}
		checkTyped(t, got)
	}
}

// episodeField must agree with episodeFields, which the writers' order and
// EpisodeFields come from.
func TestEpisodeFieldIndex(t *testing.T) {
	for i, f := range episodeFields {
		if got := episodeField(f); got != i {
			t.Errorf("episodeField(%q) = %d, want %d", f, got, i)
		}
	}
	if got := episodeField("records"); got != -1 {
		t.Errorf("episodeField(records) = %d, want -1", got)
	}
}
