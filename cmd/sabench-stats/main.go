// Command sabench-stats re-scores SafeActBench episodes with a deterministic oracle and
// computes the paper's statistics, tables and figures. It is a thin layer: every command
// parses flags and calls the library packages; the generic command-line machinery is in
// cmd/internal/cli.
package main

import (
	"errors"
	"io"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/results/job"
)

// prog holds the commands; each command file registers itself from init.
var prog = cli.Program{Name: toolName, Version: func() string { return toolVersion().Line() }}

func register(c cli.Command) { prog.Register(c) }

// usagef is cli.Usagef, the error of a command called wrongly (exit status 2).
var usagef = cli.Usagef

func main() {
	// A batch program that keeps every verdict live gains little from frequent
	// collections: trade memory for GC time (measured: tables-type commands 5% faster at
	// GOGC=400), under a soft limit that makes the collector work harder before a
	// large input passes the 1.5 GB of RSS the product allows (1.25 GiB of heap leaves room for the
	// rest). A streaming command keeps the default pace (its GCPercent): at synth --scale 10, score's peak
	// RSS is 928 MB with GOGC=400 and 453 MB with the default, for 20% more CPU. So do
	// report and view, whose viewer spools its per-episode text to disk: at GOGC=400 their
	// peak RSS was mostly collector slack (report at scale 10: 1,107 MB against 610 MB at
	// the default pace, for about 20% more CPU; on the built-in release 820 against 482).
	// They keep a pace of their own (viewerGC). GOGC and GOMEMLIMIT, when set, win.
	if os.Getenv("GOGC") == "" {
		gc := 400
		if c, ok := prog.Lookup(arg1()); ok && c.GCPercent != 0 {
			gc = c.GCPercent
		}
		startPace(gc)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(5 << 28) // 1.25 GiB
	}
	stopOnSignal(os.Stderr)
	os.Exit(exitCode(os.Stderr, run(os.Stdout, os.Stderr, os.Args[1:])))
}

// startPace sets the collector's pace to gc percent from the first collection of the
// program on. Until then the heap may grow to startHeap: what a command allocates first (the
// bench's cases, about 15 MB for the synthetic release) lives to its end, so collecting it
// at the 4 MB minimum heap (16 MB at GOGC=400), then at twice that and so on, only marks it
// again and again (four collections before a shard that scores nothing has read its input).
// A finalizer, run after the collection that finds its object unreachable, sets the pace.
func startPace(gc int) {
	debug.SetGCPercent(max(gc, startHeap/(4<<20)*100)) // the minimum heap is 4 MB × GOGC/100
	runtime.SetFinalizer(new([16]byte), func(*[16]byte) { debug.SetGCPercent(gc) })
}

// startHeap is the heap a program reaches before its first collection (startPace).
const startHeap = 64 << 20

// viewerGC is the pace of the commands that write the viewer (report, view). Their live
// heap is small now that the built-in release streams into the scorer instead of being
// kept: at GOGC=150 report's peak RSS is about 270 MiB on the built-in release and 300
// MiB at synth --scale 10 (225 and 235 at 75), for 4–10% less CPU (docs/report-builtin.md).
const viewerGC = 150

func arg1() string {
	if len(os.Args) > 1 {
		return os.Args[1]
	}
	return ""
}

// run runs the command line args (without the program name).
func run(stdout, stderr io.Writer, args []string) error { return prog.Run(stdout, stderr, args) }

// exitCode reports err and maps it to the documented exit status: 0 ok, 1 input or
// runtime error, 2 usage error (a job.OptionError is one: the options are the flags).
func exitCode(stderr io.Writer, err error) int {
	if o := (*job.OptionError)(nil); errors.As(err, &o) {
		err = cli.Usage(err)
	}
	return cli.ExitCode(stderr, toolName, err)
}
