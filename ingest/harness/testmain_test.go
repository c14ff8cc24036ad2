package harness

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain sets GOGC=400 unless the environment sets GOGC (README, Development).
func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(m.Run())
}
