package harness

import "fmt"

// Adapter reads one runner's output into episodes. path is what the runner wrote: a
// folder (batch, interactive) or a single log file. Read returns an error for a path it
// cannot open and for options it cannot honour (Options.Check, and any option that does
// not apply to its format); everything wrong inside the output is a Problem in the Result,
// never a panic or a silent skip.
type Adapter interface {
	Name() string                                   // "batch", "interactive", …: the CLI flag that selects it
	Read(path string, opt Options) (*Result, error) // episodes, problems, warnings
}

// The SafeActBench runners' adapters.
var (
	// Batch reads a run_safeact_agent_batch.py --output-dir folder (ReadBatchDir); it
	// refuses Options.RepeatFrom (a batch folder holds one run per case).
	Batch Adapter = adapter{"batch", readBatchAdapter}
	// Interactive reads run_english_interactive_rollout.py run folders (ReadInteractiveDir).
	Interactive Adapter = adapter{"interactive", ReadInteractiveDir}
	// Inspect reads Inspect AI logs of a SafeActBench task (ReadInspect).
	Inspect Adapter = adapter{"inspect", ReadInspect}
)

// Adapters lists every adapter, in the order the CLI documents them; names are unique.
func Adapters() []Adapter { return []Adapter{Batch, Interactive, Inspect, Tau} }

// Lookup returns the adapter called name.
func Lookup(name string) (Adapter, bool) {
	for _, a := range Adapters() {
		if a.Name() == name {
			return a, true
		}
	}
	return nil, false
}

// readBatchAdapter is ReadBatchDir refusing the interactive-only option, which it would ignore.
func readBatchAdapter(dir string, opt Options) (*Result, error) {
	if opt.RepeatFrom != "" {
		return nil, fmt.Errorf("repeat derivation %q applies to interactive runs only (a batch folder holds one run per case)", opt.RepeatFrom)
	}
	return ReadBatchDir(dir, opt)
}

// adapter is an Adapter made of a name and a read function.
type adapter struct {
	name string
	read func(path string, opt Options) (*Result, error)
}

func (a adapter) Name() string                                   { return a.name }
func (a adapter) Read(path string, opt Options) (*Result, error) { return a.read(path, opt) }
