package harness_test

import (
	"fmt"

	"github.com/sabench/sabench-stats/ingest/harness"
)

// Pick a runner's adapter by name (as a --format flag would) and read its output folder:
// the SafeActBench batch runner's folder of the package's tests.
func ExampleLookup() {
	names := map[string]bool{}
	for _, a := range harness.Adapters() {
		names[a.Name()] = true
	}
	fmt.Println("batch and interactive listed:", names["batch"] && names["interactive"])
	a, ok := harness.Lookup("batch")
	if !ok {
		fmt.Println("no batch adapter")
		return
	}
	res, err := a.Read("testdata/batch", harness.Options{Config: "claude-5/claude-code"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("episodes:", len(res.Episodes))
	_, ok = harness.Lookup("no-such-runner")
	fmt.Println("no-such-runner:", ok)
	// Output:
	// batch and interactive listed: true
	// episodes: 8
	// no-such-runner: false
}
