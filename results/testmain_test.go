package results

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain runs the tests with the collector's target at four times the default heap
// growth (GOGC=400, the command's own setting, main.go), as the synth and command tests
// do: the tests allocate much short-lived garbage on a small live heap, so the default
// collects far more often than it needs to. It changes no result, only CPU time (see
// the commit that added it for the numbers). An explicit GOGC in the environment wins.
func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(m.Run())
}
