package results_test

import (
	"fmt"

	"github.com/sabench/sabench-stats/results"
)

// A cell's comparison value (what HighlightBest compares) and its highlight mark, for
// callers that build their own tables.
func ExampleCell_Value() {
	for _, c := range []results.Cell{results.Number(0.634), results.Count(12), results.Text("n/a"), results.Empty()} {
		v, ok := c.Value()
		fmt.Println(v, ok)
	}
	b := results.Number(0.672).Bold()
	fmt.Println(b.IsBold(), results.Number(0.634).IsBold())
	// Output:
	// 0.634 true
	// 12 true
	// 0 false
	// 0 false
	// true false
}
