//go:build unix

package bootstrap

import "syscall"

// processCPU returns the CPU time (user + system) the process has used, in nanoseconds. On a
// shared machine it is steadier than wall time for single-worker benchmarks.
func processCPU() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
