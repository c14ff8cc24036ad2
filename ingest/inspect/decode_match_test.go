package inspect

import (
	"archive/zip"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// referenceSamples are the sample documents of every real log (each .eval's sample
// members and summaries, each .json log's samples) and hand-written ones for what the
// real logs lack: attachments, tool errors, a null working time, list content, a
// dict-valued score, escapes and invalid UTF-8 in strings.
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
			{"output": {"model": "m3", "choices": [{"message": {"content": "late kind"}}]}, "input": [1, 2], "event": "model"},
			{"event": "model", "output": null, "model": "m4"}, {"event": "tool", "output": {"ignored": [1]}, "function": "h"}],
		"model_usage": {"b": {"input_tokens": 1}, "a": {"output_tokens": 2, "total_cost": null}},
		"error": {"message": "m", "traceback": "tb"}, "limit": {"type": "token", "limit": 100},
		"metadata": {}, "store": {"k": null}, "messages": [{"role": "user", "content": "skip \" me"}],
		"attachments": {"h1": "resolved one", "h2": "resolved \"two\""}}`)
	docs["odd strings"] = []byte("{\"id\": 7.50, \"epoch\": 1, \"uuid\": \"\\u00e9\\ud800x\xff\", \"scores\": {\"s\": {\"value\": null}},\n\"events\": null, \"model_usage\": {}, \"total_time\": 1e2}")
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
		got, err := decodeSample("f", "m", data, false)
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
