package synth_test

import (
	"log"

	"github.com/sabench/sabench-stats/ingest"
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
	bench, err := ingest.LoadBench(dir, ingest.BenchOptions{})
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("%d cases", len(bench.Cases))
}
