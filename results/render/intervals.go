package render

import (
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/results"
)

// ciFields are the CSV columns that carry the interval options, after the table's own.
var ciFields = []string{"ci_level", "ci_method", "ci_quantile", "ci_unit", "ci_cluster_rule", "resamples", "seed", "ci_warnings"}

// ciValues are the ciFields of row i (0-based): the options, and the caveat kinds of the
// row's intervals as "column:kind" joined by ";".
func ciValues(iv *results.Intervals, i int) []string {
	s := iv.Spec
	var ws []string
	for _, w := range iv.Warnings {
		if w.Row == i+1 {
			ws = append(ws, w.Column+":"+w.Kind.String())
		}
	}
	return []string{strconv.FormatFloat(s.Level, 'g', -1, 64), s.Method, s.Quantile, s.Unit, s.Rule,
		strconv.Itoa(s.Resamples), strconv.FormatUint(s.Seed, 10), strings.Join(ws, ";")}
}

// appendIntervalsJSON appends the "intervals" object: the options and every caveat.
func appendIntervalsJSON(b []byte, iv *results.Intervals, ind string) []byte {
	s := iv.Spec
	b = append(b, `  "intervals": {"level": `...)
	b = strconv.AppendFloat(b, s.Level, 'g', -1, 64)
	b = append(b, `, "method": `...)
	b = appendJSONString(b, s.Method)
	b = append(b, `, "quantile": `...)
	b = appendJSONString(b, s.Quantile)
	b = append(b, `, "unit": `...)
	b = appendJSONString(b, s.Unit)
	b = append(b, `, "cluster_rule": `...)
	b = appendJSONString(b, s.Rule)
	b = append(b, `, "resamples": `...)
	b = strconv.AppendInt(b, int64(s.Resamples), 10)
	b = append(b, `, "seed": `...)
	b = strconv.AppendUint(b, s.Seed, 10)
	b = append(b, `, "warnings": [`...)
	for i, w := range iv.Warnings {
		b = listItem(b, i, ind)
		b = append(b, `  {"row": `...)
		b = strconv.AppendInt(b, int64(w.Row), 10)
		b = append(b, `, "column": `...)
		b = appendJSONString(b, w.Column)
		b = append(b, `, "label": `...)
		b = appendJSONString(b, w.Label)
		b = append(b, `, "kind": `...)
		b = appendJSONString(b, w.Kind.String())
		b = append(b, `, "detail": `...)
		b = appendJSONString(b, w.Detail)
		b = append(b, '}')
	}
	if len(iv.Warnings) > 0 {
		b = append(b, '\n')
		b = append(b, ind...)
		b = append(b, "  "...)
	}
	return append(b, "]}"...)
}
