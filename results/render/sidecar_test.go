package render

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

// TestSidecarCarriesWhatCSVLacks: a CSV file's sidecar holds, for each of its tables, the
// title, the columns and the notes the JSON form has, beside the provenance. It held the
// provenance alone, so a CSV reader never saw a table's notes (the caveats, what an empty
// interval means, the rank sets' tie groups) that every other form prints.
func TestSidecarCarriesWhatCSVLacks(t *testing.T) {
	a, b := table2(), table2()
	b.ID = "T2b"
	b.Notes = append(b.Notes, `a note with "quotes", a tab	and é`)
	ts := []*results.Table{a, b}
	results.Stamp(ts, testMeta(true))
	var side struct {
		Tables  []string
		Titles  map[string]string
		Columns map[string][]map[string]any
		Notes   map[string][]string
		Meta    map[string]any
	}
	if err := json.Unmarshal(Sidecar(ts), &side); err != nil {
		t.Fatalf("%v\n%s", err, Sidecar(ts))
	}
	if !slices.Equal(side.Tables, []string{"T2", "T2b"}) || side.Meta["synthetic"] != true {
		t.Errorf("tables %q, meta %v", side.Tables, side.Meta)
	}
	for _, tb := range ts {
		var js bytes.Buffer
		if err := Render(&js, tb, FormatJSON); err != nil {
			t.Fatal(err)
		}
		var want struct {
			Title   string
			Columns []map[string]any
			Notes   []string
		}
		if err := json.Unmarshal(js.Bytes(), &want); err != nil {
			t.Fatal(err)
		}
		if side.Titles[tb.ID] != want.Title || !slices.Equal(side.Notes[tb.ID], want.Notes) || len(want.Notes) == 0 {
			t.Errorf("%s: sidecar title %q notes %q; JSON %q %q", tb.ID, side.Titles[tb.ID], side.Notes[tb.ID], want.Title, want.Notes)
		}
		g, _ := json.Marshal(side.Columns[tb.ID])
		w, _ := json.Marshal(want.Columns)
		if !bytes.Equal(g, w) {
			t.Errorf("%s: sidecar columns %s\nJSON %s", tb.ID, g, w)
		}
	}
}
