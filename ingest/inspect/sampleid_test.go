package inspect

import (
	"bytes"
	"encoding/json"
	"fmt"
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

// TestNumberIDsAsInspectReadsThem: Inspect reads a sample id as int | str, so a whole
// number written with a fraction or an exponent is that integer and any other number is
// refused. The id 2.0 was kept as the text "2.0" (another sample than 2 in the rows, the
// viewer and the episodes' keys), and 1.0 beside 1 was two samples, not one sample twice.
func TestNumberIDsAsInspectReadsThem(t *testing.T) {
	raw, err := os.ReadFile(logPath(popJSON))
	if err != nil {
		t.Fatal(err)
	}
	withSecondID := func(id json.Number) []byte {
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
	for _, c := range []struct{ id, want, err string }{
		{"2.0", "1, 2, 3", ""},
		{"0.2e1", "1, 2, 3", ""},
		{"-0", "1, 0, 3", ""},
		{"1.0", "", "f.json: samples[1]: id: sample 1 epoch 1 also in samples[0]"},
		{"2.5", "", "f.json: samples[1]: id: sample id 2.5 is not a whole number: Inspect reads a numeric sample id as an integer"},
		{"1e19", "", "f.json: samples[1]: id: sample id 1e19 is outside the integers"},
	} {
		_, samples, err := readSamples("f.json", withSecondID(json.Number(c.id)), ReadOptions{})
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: %v, want %s", c.id, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.id, err)
			continue
		}
		var got []string
		for _, s := range samples {
			got = append(got, s.ID.String())
		}
		if strings.Join(got, ", ") != c.want {
			t.Errorf("%s: ids %q, want %s", c.id, got, c.want)
		}
	}
	// The ids of summaries, reductions and the dataset's list read alike.
	var ids []SampleID
	if err := json.Unmarshal([]byte(`[1.0, 1e2, "1.0"]`), &ids); err != nil || fmt.Sprint(ids[0], ids[1], ids[2]) != "1 100 1.0" || !ids[0].IsNumber() || ids[2].IsNumber() {
		t.Errorf("ids %v, %v", ids, err)
	}
	if err := json.Unmarshal([]byte(`[1.5]`), &ids); err == nil {
		t.Error("1.5 read as a sample id")
	}
}
