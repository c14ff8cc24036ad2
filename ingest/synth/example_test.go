package synth_test

import (
	"log"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/synth"
)

// Generate a synthetic release with another seed and write it as a SafeActBench checkout
// that --bench reads back (what `sabench-stats synth --seed 7 --out DIR` does, streaming,
// with synth.WriteStream). Not run here: it writes 34,147 episodes.
func ExampleWriteRelease() {
	r, err := synth.Generate(synth.Options{Seed: 7})
	if err != nil {
		log.Fatal(err)
	}
	dir := "sabench-synthetic-seed7"
	if err := synth.WriteRelease(dir, r); err != nil {
		log.Fatal(err)
	}
	bench, err := casespec.LoadBench(dir, casespec.BenchOptions{})
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("%d cases", len(bench.Cases))
}

// The same release as Inspect AI logs (what `sabench-stats synth --format inspect --out DIR`
// does, streaming, with synth.WriteInspectStream): one .eval log per configuration ×
// condition, whose samples are the cases × repeats (epoch = repeat + 1). Not run here.
func ExampleWriteInspect() {
	r, err := synth.Generate(synth.Options{Seed: 7})
	if err != nil {
		log.Fatal(err)
	}
	logs, err := synth.WriteInspect("sabench-synthetic-seed7-inspect", r)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("%d logs", len(logs))
}
