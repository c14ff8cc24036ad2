package inspect

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestJSONLogNumberAndStringIDs: Inspect keeps the sample ids 1 and "1" apart (they are
// Python values, and 1 != "1"), but the .json reader keyed its samples by the id's text
// and refused a log holding both ("samples[1]: id: sample 1 epoch 1 also in samples[0]").
// They are two samples now; the same id twice is still refused.
func TestJSONLogNumberAndStringIDs(t *testing.T) {
	raw, err := os.ReadFile(logPath(popJSON))
	if err != nil {
		t.Fatal(err)
	}
	withSecondID := func(id any) []byte {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var doc map[string]any
		if err := dec.Decode(&doc); err != nil {
			t.Fatal(err)
		}
		doc["samples"].([]any)[1].(map[string]any)["id"] = id
		out, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	data := withSecondID("1")
	_, samples, err := readSamples("mixed.json", data, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range samples {
		kind := "string"
		if s.ID.IsNumber() {
			kind = "number"
		}
		got = append(got, s.ID.String()+" "+kind)
	}
	if strings.Join(got, ", ") != "1 number, 1 string, 3 number" {
		t.Errorf("samples %q", got)
	}
	_, samples, err = readSamples("twice.json", withSecondID(json.Number("1")), ReadOptions{})
	if n := len(samples); err == nil || n != 1 || !strings.Contains(err.Error(), "twice.json: samples[1]: id: sample 1 epoch 1 also in samples[0]") {
		t.Errorf("the number 1 twice: %v after %d samples", err, n)
	}
}
