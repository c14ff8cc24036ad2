package verdicts_test

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/results/verdicts"
)

// The pandas dtypes that read a verdict CSV with nulls kept (pd.read_csv(path,
// dtype=DTYPES)), and when a column is null; Dictionary renders docs/verdicts.md from the
// same column list.
func ExamplePandasDtypes() {
	d := verdicts.PandasDtypes()
	fmt.Println(strings.HasPrefix(d, `{"run_id": "string", "config": "string"`))
	fmt.Println(strings.Contains(d, `"repeat": "Int64"`), strings.Contains(d, `"ecs": "boolean"`))
	fmt.Printf("ecs is null when: %s\n", verdicts.Null("ecs"))
	doc, err := verdicts.Dictionary()
	fmt.Println(err == nil && strings.HasPrefix(doc, "# Data dictionary"))
	// Output:
	// true
	// true true
	// ecs is null when: excluded
	// true
}
