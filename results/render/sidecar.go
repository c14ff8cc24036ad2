package render

import "github.com/sabench/sabench-stats/results"

// SidecarName is the file that carries a CSV file's provenance: T2.csv → T2.csv.meta.json.
func SidecarName(csvPath string) string { return csvPath + ".meta.json" }

// Sidecar is the content of a CSV file's sidecar: the meta object of its tables, with
// their ids.
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
	b = append(b, "],\n  \"meta\": "...)
	b = append(b, ts[0].Meta.JSON("  ")...)
	return append(b, "\n}\n"...)
}
