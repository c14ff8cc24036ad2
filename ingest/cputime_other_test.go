//go:build !unix

package ingest

import "time"

// cpuTime is unavailable here (no getrusage); reportCPU then reports no per-CPU rates.
func cpuTime() time.Duration { return 0 }
