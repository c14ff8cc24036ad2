package render

import "github.com/sabench/sabench-stats/results"

// SidecarName is the file that carries a CSV file's provenance: T2.csv → T2.csv.meta.json.
func SidecarName(csvPath string) string { return csvPath + ".meta.json" }

// Sidecar is the content of a CSV file's sidecar: what the CSV form has no room for and
// the other forms print. The ids of its tables, then, keyed by id, each table's title,
// columns (header, kind, decimals: the JSON form's) and notes, and the meta object of
// the tables. A CSV reader thus gets every note the text, Markdown, LaTeX and JSON forms
// carry (the synthetic mark, the caveats, what a dash means), not the provenance alone.
// Nil for tables without provenance.
func Sidecar(ts []*results.Table) []byte {
	if len(ts) == 0 || ts[0].Meta == nil {
		return nil
	}
	b := []byte("{\n  \"tables\": [")
	for i, t := range ts {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendJSONString(b, t.ID)
	}
	b = append(b, "],\n  \"titles\": {"...)
	for i, t := range ts {
		b = sidecarKey(b, i, t.ID)
		b = appendJSONString(b, t.Title)
	}
	b = append(b, "\n  },\n  \"columns\": {"...)
	for i, t := range ts {
		b = sidecarKey(b, i, t.ID)
		b = appendColumnsJSON(b, t.Columns, "  ")
	}
	b = append(b, "\n  },\n  \"notes\": {"...)
	for i, t := range ts {
		b = sidecarKey(b, i, t.ID)
		b = appendNotesJSON(b, t.Notes, "  ")
	}
	b = append(b, "\n  },\n  \"meta\": "...)
	b = append(b, ts[0].Meta.JSON("  ")...)
	return append(b, "\n}\n"...)
}

// sidecarKey starts the i-th member of an object keyed by table id.
func sidecarKey(b []byte, i int, id string) []byte {
	if i > 0 {
		b = append(b, ',')
	}
	b = append(b, "\n    "...)
	b = appendJSONString(b, id)
	return append(b, ": "...)
}
