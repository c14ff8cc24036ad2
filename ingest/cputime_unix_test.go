//go:build unix

package ingest

import (
	"syscall"
	"time"
)

// cpuTime is the process's user+system CPU time. The benchmarks report MB per CPU
// second beside wall-clock MB/s, because the shared 2-core machine they run on is often
// oversubscribed and wall time then understates the per-core rate.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
