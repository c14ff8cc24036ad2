package inspect

import (
	"archive/zip"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// referenceSamples are the sample documents of every real log (each .eval's sample
// members and summaries, each .json log's samples) and hand-written ones for what the
// real logs lack: attachments, tool errors, a null working time, list content, a
// dict-valued score, escapes and invalid UTF-8 in strings, tool results of every shape.
func referenceSamples(t *testing.T) map[string][]byte {
	t.Helper()
	docs := map[string][]byte{}
	files, _ := filepath.Glob(filepath.Join(logsDir, "*"))
	for _, p := range files {
		switch filepath.Ext(p) {
		case ".eval":
			zr, err := zip.OpenReader(p)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range zr.File {
				data, err := readMember(p, f)
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case strings.HasPrefix(f.Name, dirSamples):
					docs[p+": "+f.Name] = data
				case f.Name == memberSummaries:
					var list []json.RawMessage
					if err := json.Unmarshal(data, &list); err != nil {
						t.Fatal(err)
					}
					for i, r := range list {
						docs[p+": "+f.Name+": "+string(rune('0'+i))] = r
					}
				}
			}
			zr.Close()
		case ".json":
			data, _ := os.ReadFile(p)
			var doc struct {
				Samples []json.RawMessage `json:"samples"`
			}
			if err := json.Unmarshal(sanitizeNonFinite(data), &doc); err != nil {
				t.Fatal(err)
			}
			for i, r := range doc.Samples {
				docs[p+": samples["+string(rune('0'+i))+"]"] = r
			}
		}
	}
	docs["attachments"] = []byte(`{"id": "a", "epoch": 2, "input": "attachment://h1", "target": ["x", "attachment://h2"],
		"scores": {"s": {"value": {"a": "C", "b": 0.5}, "answer": "attachment://h1", "explanation": "e\u00e9\ud83d\ude00", "metadata": {"k": [1, 2]}}},
		"output": {"model": "m", "choices": [{"message": {"content": [{"type": "text", "text": "one"}, {"type": "image"}, {"type": "text", "text": "two"}],
			"tool_calls": [{"id": "c1", "function": "f", "arguments": "attachment://h1"}]}, "stop_reason": "tool_calls"}], "usage": {"input_tokens": 3, "total_cost": 0.5}},
		"events": [{"event": "tool", "id": "c1", "function": "f", "arguments": {"x": "attachment://h2"}, "result": "attachment://h2", "error": {"type": "timeout", "message": "slow"}, "working_time": null},
			{"timestamp": "2025-01-01T00:00:00", "event": "model", "model": "m2", "error": "boom", "output": {"completion": "attachment://h1", "choices": []}, "working_time": 1.5},
			{"event": "sandbox", "output": "text", "working_time": "x"},
			{"id": "c2", "function": "g", "arguments": {}, "result": [{"type": "text", "text": "r"}], "event": "tool"},
			{"event": "tool", "function": "g2", "result": ["a", {"type": "text", "text": 5}, {"type": "text", "text": "{\"k\": 1}"}, {"type": 3}, null, {"type": "text"}]},
			{"event": "tool", "function": "g3", "result": {"not": "text"}},
			{"output": {"model": "m3", "choices": [{"message": {"content": "late kind"}}]}, "input": [1, 2], "event": "model"},
			{"event": "model", "output": null, "model": "m4"}, {"event": "tool", "output": {"ignored": [1]}, "function": "h"}],
		"model_usage": {"b": {"input_tokens": 1}, "a": {"output_tokens": 2, "total_cost": null}},
		"error": {"message": "m", "traceback": "tb"}, "limit": {"type": "token", "limit": 100},
		"metadata": {}, "store": {"k": null}, "messages": [{"role": "user", "content": "skip \" me"}],
		"attachments": {"h1": "resolved one", "h2": "resolved \"two\""}}`)
	docs["odd strings"] = []byte("{\"id\": 7.00, \"epoch\": 1, \"uuid\": \"\\u00e9\\ud800x\xff\", \"scores\": {\"s\": {\"value\": null}},\n\"events\": null, \"model_usage\": {}, \"total_time\": 1e2}")
	return docs
}

// TestDecoderMatchesReference checks the schema-directed decoder against encoding/json
// into the wire structs (the reference decoder, decode_ref_test.go): the same Sample for
// every document.
func TestDecoderMatchesReference(t *testing.T) {
	docs := referenceSamples(t)
	if len(docs) < 30 {
		t.Fatalf("only %d documents", len(docs))
	}
	for name, data := range docs {
		want, err := refDecodeSample("f", "m", data, false)
		if err != nil {
			t.Fatalf("%s: reference: %v", name, err)
		}
		got, err := decodeSample("f", "m", data, false, false, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, want) {
			g, _ := json.MarshalIndent(got, "", " ")
			w, _ := json.MarshalIndent(want, "", " ")
			t.Errorf("%s:\n got %s\nwant %s", name, g, w)
		}
	}
}

// TestDecodeErrorsNameTheField: a defect deep in a sample is named by its dotted path.
func TestDecodeErrorsNameTheField(t *testing.T) {
	cases := []struct{ doc, field, msg string }{
		{`{"id": 1, "epoch": 1, "events": [{"event": "info"}, {"event": "tool", "function": 7}]}`, "events[1].function", "is not a string"},
		{`{"id": 1, "epoch": 1, "events": [{"event": "tool", "arguments": {"a": [1, }}]}`, "events[0].arguments", "invalid JSON at byte"},
		{"{\"id\": 1, \"epoch\": 1, \"scores\": {\"m\": {\"value\": \"C\", \"metadata\": {\"k\": \"a\x01\"}}}}", "scores.m.metadata.k", "a control character in a string"},
		{`{"id": 1, "epoch": 1, "scores": {"m": {"value": "C", "metadata": {"k": "\q"}}}}`, "scores.m.metadata.k", "bad escape in a string"},
		{`{"id": 1, "epoch": 1, "model_usage": {"gpt": {"input_tokens": 1.5}}}`, "model_usage.gpt.input_tokens", "cannot read the JSON number 1.5 as int"},
		{`{"id": 1, "epoch": 1, "output": {"choices": [{"message": {"tool_calls": [{"id": 3}]}}]}}`, "output.choices[0].message.tool_calls[0].id", "cannot read a JSON number as string"},
		{`{"id": 1, "epoch": 1, "events": [{"event": "model", "output": "text"}]}`, "events[0].output", "model output is not an object"},
		{`{"id": 1, "epoch": 1, "input": "cut`, "input", "truncated JSON"},
		{`{"id": [1], "epoch": 1}`, "id", "sample id must be a number or a string"},
	}
	for _, c := range cases {
		_, err := decodeSample("f.eval", "samples/1_epoch_1.json", []byte(c.doc), false, false, nil, nil)
		e, ok := err.(*Error)
		if !ok || e.Field != c.field || !strings.Contains(e.Error(), c.msg) || e.Member != "samples/1_epoch_1.json" {
			t.Errorf("%s: %v (field %q)", c.doc, err, fieldOf(e))
		}
	}
}

func fieldOf(e *Error) string {
	if e == nil {
		return ""
	}
	return e.Field
}

// TestLightRead checks a light read (ReadOptions.Light) against a full one on every
// reference document: the same Sample but for what a light read leaves out, and the same
// error for a document a full read refuses.
func TestLightRead(t *testing.T) {
	docs := referenceSamples(t)
	for name, data := range docs {
		want, err := decodeSample("f", "m", data, false, false, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := decodeSample("f", "m", data, false, true, nil, nil)
		if err != nil {
			t.Fatalf("%s: light: %v", name, err)
		}
		var doc struct {
			Output map[string]json.RawMessage `json:"output"`
		}
		json.Unmarshal(sanitizeNonFinite(data), &doc)
		lighten(want, doc.Output["completion"] != nil)
		if !reflect.DeepEqual(got, want) {
			g, _ := json.MarshalIndent(got, "", " ")
			w, _ := json.MarshalIndent(want, "", " ")
			t.Errorf("%s:\n got %s\nwant %s", name, g, w)
		}
	}
	for _, doc := range []string{
		`{"id": 1, "epoch": 1, "events": [{"event": "tool", "function": "f", "arguments": {"a": [1, }}]}`,
		`{"id": 1, "epoch": 1, "events": [{"event": "model", "output": {"choices": [{"message": {"tool_calls": [{"id": 3}]}}]}}]}`,
		`{"id": 1, "epoch": 1, "output": {"choices": [{"message": {"content": "\q"}}]}}`,
	} {
		_, full := decodeSample("f", "m", []byte(doc), false, false, nil, nil)
		_, light := decodeSample("f", "m", []byte(doc), false, true, nil, nil)
		if full == nil || light == nil || full.Error() != light.Error() {
			t.Errorf("%s: light %v, full %v", doc, light, full)
		}
	}
}

// TestLightSkipsEventRest: a light read passes over the rest of an event whose kind it
// does not keep at once (brackets and strings checked, as for any skipped value), keeps
// the tool events around it whole, and names the event whose rest is damaged.
func TestLightSkipsEventRest(t *testing.T) {
	doc := `{"id": 1, "epoch": 1, "events": [
		{"timestamp": "t", "event": "model", "input": [{"content": "}]\"{"}], "output": {"choices": []}, "n": -1.5e3},
		{"event": "span_begin", "id": "s", "name": "x"},
		{"event": "tool", "id": "a", "function": "look", "arguments": {"q": "]}"}, "result": "r"},
		{"event": "score", "score": {"value": "C"}}]}`
	s, err := decodeSample("f", "m", []byte(doc), false, true, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Events) != 1 || s.Events[0].Tool == nil || s.Events[0].Tool.ID != "a" || string(s.Events[0].Tool.Arguments) != `{"q": "]}"}` || s.Events[0].Tool.ResultText != "r" {
		g, _ := json.Marshal(s.Events)
		t.Fatalf("light read of %s: events %s", doc, g)
	}
	for doc, want := range map[string]string{
		`{"id": 1, "epoch": 1, "events": [{"event": "tool", "id": "a", "function": "f"}, {"event": "span_begin", "x": [1, }]}`: "events[1]",
		`{"id": 1, "epoch": 1, "events": [{"event": "tool", "id": "a", "function": "f"}, {"event": "model", "x": "`:            "events[1]",
	} {
		_, err := decodeSample("f", "m", []byte(doc), false, true, nil, nil)
		var e *Error
		if !errors.As(err, &e) || e.Field != want {
			t.Errorf("light read of %s: %v, want an error in %s", doc, err, want)
		}
	}
}

// lighten clears in a fully read sample what a light read leaves out.
func lighten(s *Sample, hasCompletion bool) {
	s.Input, s.Target = nil, nil
	tools := false
	for i := range s.Events {
		ev := &s.Events[i]
		ev.Timestamp, ev.WorkingTime = "", nil
		if ev.Tool != nil {
			ev.Tool.Result = nil
			tools = true
		}
	}
	keep := EventModel
	if tools {
		keep = EventTool
	}
	s.Events = slices.DeleteFunc(s.Events, func(ev Event) bool { return ev.Kind != keep })
	if len(s.Events) == 0 {
		s.Events = nil
	}
	if s.Output != nil && hasCompletion {
		s.Output.StopReason, s.Output.ToolCalls = "", nil
	}
}

// TestLightSkipTools: a light read with SkipTools drops the arguments and result of
// those tools' events, whatever the order of their keys, and keeps the rest of them
// (id, function, error) and every other tool event as a light read does.
func TestLightSkipTools(t *testing.T) {
	for _, doc := range []string{
		`{"id": 1, "epoch": 1, "events": [
			{"event": "tool", "id": "a", "function": "look", "arguments": {"q": "x"}, "result": "{\"k\": 1}"},
			{"event": "tool", "id": "b", "function": "submit", "arguments": {"answer": "{\"d\": 2}"}, "result": "{\"d\": 2}", "error": {"type": "t", "message": "m"}}]}`,
		`{"id": 1, "epoch": 1, "events": [
			{"arguments": {"q": "x"}, "result": "{\"k\": 1}", "event": "tool", "id": "a", "function": "look"},
			{"arguments": {"answer": "{\"d\": 2}"}, "result": "{\"d\": 2}", "error": {"type": "t", "message": "m"}, "event": "tool", "id": "b", "function": "submit"}]}`,
	} {
		want, err := decodeSample("f", "m", []byte(doc), false, true, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := decodeSample("f", "m", []byte(doc), false, true, []string{"submit"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		sub := want.Events[1].Tool
		if string(sub.Arguments) != `{"answer": "{\"d\": 2}"}` || sub.ResultText != `{"d": 2}` {
			t.Fatalf("without SkipTools: %+v", sub)
		}
		sub.Arguments, sub.ResultText = nil, ""
		if !reflect.DeepEqual(got, want) {
			g, _ := json.Marshal(got.Events)
			w, _ := json.Marshal(want.Events)
			t.Errorf("%s:\n got %s\nwant %s", doc, g, w)
		}
		// A full read keeps them whatever SkipTools says.
		full, err := decodeSample("f", "m", []byte(doc), false, false, []string{"submit"}, nil)
		if err != nil || string(full.Events[1].Tool.Arguments) == "" {
			t.Errorf("full read: %v %+v", err, full.Events[1].Tool)
		}
	}
}
