package view

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/results"
)

// TestTableControlCharacters: the page's caption, headers and notes show a control
// character as the text tables do; before, a NUL in a configuration's name reached the
// notes as a NUL byte, which HTML parsers drop ("Cl\x00aude" read "Claude").
func TestTableControlCharacters(t *testing.T) {
	tab := &results.Table{ID: "T2", Title: "ECS of m\x00x",
		Columns: []results.Column{{Key: "config", Header: "config\x1b", Kind: results.KindText}},
		Rows:    []results.Row{{Cells: []results.Cell{results.Text("m\x00x")}}},
		Notes:   []string{"Scored on fewer cases: m\x00x 1", "tab\there"}}
	var b bytes.Buffer
	writeTable(&b, tab, &linker{e: &encoder{configs: newDict(), conditions: newDict()}}, 0, "t-T2")
	page := b.String()
	if strings.ContainsAny(page, "\x00\x1b\t") {
		t.Errorf("a control character reached the page:\n%q", page)
	}
	for _, want := range []string{"<caption>T2: ECS of m\\x00x</caption>", "<th scope=\"col\">config\\x1b</th>",
		"<td>m\\x00x</td>", "<p class=\"note\">Scored on fewer cases: m\\x00x 1</p>", "<p class=\"note\">tab\\there</p>"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q:\n%s", want, page)
		}
	}
}

// TestRowsOfTitleQuotesName: a policy's rows beside its leaderboard are titled with the
// policy named as the cells name it; "strict " was titled "Policies: strict", the
// policy "strict" as far as a reader could tell.
func TestRowsOfTitleQuotesName(t *testing.T) {
	tab := &results.Table{ID: "policies", Title: "Policies",
		Columns: []results.Column{{Key: "policy", Header: "policy", Kind: results.KindText}},
		Rows:    []results.Row{{Cells: []results.Cell{results.Text("strict ")}}, {Cells: []results.Cell{results.Text("strict")}}}}
	got := RowsOf(tab, "strict ")
	if want := `Policies: "strict "`; got.Title != want || len(got.Rows) != 1 {
		t.Errorf("RowsOf(strict ): title %q, %d rows; want %q, 1 row", got.Title, len(got.Rows), want)
	}
	if got := RowsOf(tab, "strict").Title; got != "Policies: strict" {
		t.Errorf("RowsOf(strict): title %q", got)
	}
}
