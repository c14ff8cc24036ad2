// Command coverage simulates how often the tables' nominal 95% bootstrap intervals hold
// the true value, by design and number of resampled units, and prints the Markdown tables
// that docs/coverage.md shows with its explanation. The small-sample warnings of the
// tables (bootstrap.SmallSampleUnits) rest on them.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	sims := flag.Int("sims", 2000, "simulated studies per cell")
	resamples := flag.Int("resamples", 1000, "bootstrap resamples per study")
	seed := flag.Uint64("seed", 1, "master seed")
	units := flag.String("units", "5,10,20,30,50,100,200", "resampled units per cell, comma list")
	flag.Parse()
	var ns []int
	for _, s := range strings.Split(*units, ",") {
		var n int
		if _, err := fmt.Sscan(s, &n); err != nil || n < 2 {
			fmt.Fprintf(os.Stderr, "coverage: -units: %q is not a count ≥ 2\n", s)
			os.Exit(2)
		}
		ns = append(ns, n)
	}
	if err := write(os.Stdout, ns, *sims, *resamples, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "coverage:", err)
		os.Exit(1)
	}
}

// write simulates every design at every unit count and writes the Markdown table.
func write(w io.Writer, ns []int, sims, resamples int, seed uint64) error {
	fmt.Fprintf(w, "| design | resampled unit | units | percentile | basic | BCa | no interval |\n|---|---|---:|---:|---:|---:|---:|\n")
	for _, d := range designs {
		for _, n := range ns {
			c, err := simulate(d, n, sims, resamples, seed)
			if err != nil {
				return fmt.Errorf("%s, %d units: %w", d.name, n, err)
			}
			fmt.Fprintf(w, "| %s | %s | %d | %.3f | %.3f | %.3f | %.3f |\n", d.name, d.unit, n,
				c.coverage(0), c.coverage(1), c.coverage(2), float64(c.none)/float64(c.sims))
		}
	}
	fmt.Fprintf(w, "\n| rank sets (simultaneous, %d configurations, 3 repeats) | cases | units | joint coverage |\n|---|---|---:|---:|\n", len(offsets))
	for _, n := range ns {
		c, err := simulateRanks(n, sims, resamples, seed)
		if err != nil {
			return fmt.Errorf("rank sets, %d units: %w", n, err)
		}
		fmt.Fprintf(w, "| rank sets | cases | %d | %.3f |\n", n, float64(c)/float64(sims))
	}
	fmt.Fprintf(w, "\n%d simulated studies per row (Monte Carlo standard error about %.3f at 0.95), %d bootstrap resamples each, seed %d, scipy quantiles.\n",
		sims, sqrt(0.95*0.05/float64(sims)), resamples, seed)
	return nil
}
