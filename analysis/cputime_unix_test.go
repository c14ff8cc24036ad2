//go:build unix

package analysis

import "syscall"

// processCPU is the process's CPU time (user + system) in nanoseconds: on a shared machine
// steadier than wall time for a one-worker benchmark.
func processCPU() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
