package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/sabench/sabench-stats/results/fsx"
)

// stopOnSignal makes SIGINT and SIGTERM (Ctrl-C, timeout, Slurm's scancel) end the program
// as they would, with exit status 128+N, after removing the temporary files and
// directories of outputs not yet in place: killed outright, a run left its .NAME.tmp-*
// siblings (a whole half-built report) beside its outputs.
func stopOnSignal(stderr io.Writer) {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt, syscall.SIGTERM)
	go func() {
		s := <-c
		os.Exit(stopped(stderr, s, fsx.RemoveTemps()))
	}()
}

// stopped says on stderr that signal s stopped the program and which unfinished outputs
// were removed, and returns the exit status a shell gives a program the signal killed.
func stopped(stderr io.Writer, s os.Signal, removed []string) int {
	n := 0
	if sig, ok := s.(syscall.Signal); ok {
		n = int(sig)
	}
	what := "no output was being written"
	if len(removed) > 0 {
		what = fmt.Sprintf("removed the unfinished %s", strings.Join(removed, ", "))
	}
	fmt.Fprintf(stderr, "%s: stopped by signal %d (%s): %s; outputs already in place are whole\n", toolName, n, s, what)
	return 128 + n
}
