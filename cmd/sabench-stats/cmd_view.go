package main

import (
	"flag"
	"fmt"
	"path/filepath"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/job"
)

func init() {
	registerAnalysis(analysisCommand{name: "view", summary: "write the offline HTML viewer (leaderboard, tables, figures, slices, episode pages, A/B) to --out",
		usage: "[flags]", groups: groupAnalysis | groupOut | groupChoices, out: "sabench-view.html", setup: setupView, gcPercent: viewerGC})
}

func setupView(e *cli.Env, fs *flag.FlagSet, c *common) *steps {
	fs.Lookup("out").Usage = "the page to write, NAME.html; its chunk files go to the directory beside it named after the page (NAME_files/)"
	fs.Lookup("policy").Usage = "policies scored (repeatable; default the six SafeActBench presets, on a tau-bench: bench tau-strict, tau-lenient, tau-reads and tau-bench); the first is the main policy of the episode pages"
	// The viewer shows every episode under every policy.
	return &steps{scoring: job.Scoring{All: true, Collect: true},
		check: func() error {
			if c.out == "" || c.out == "-" {
				return usagef("view: --out must name an HTML file (the viewer is a page plus chunk files, not a stream)")
			}
			if err := job.CheckViewPage(c.out); err != nil {
				return err
			}
			// The chunk directory is named after the page's stem: v.txt, v and v.html
			// would share v_files/, each page overwriting the other's chunks.
			if filepath.Ext(c.out) != ".html" {
				return usagef("view: --out %s must end in .html (its chunk files go to NAME_files/ beside it, which another name with the same stem would share)", c.out)
			}
			// The default tables are built: a flag is refused only when none of them reads it.
			return c.CheckOfficial(func(official bool) error {
				return c.checkTableReads(fs, results.DefaultOf(official, c.ScoredPolicies(true)))
			})
		},
		build: func(r *job.Release) error {
			st, err := c.View(c.out, r)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.Stderr, "sabench-stats view: %s (%d bytes) and %s (%d bytes) in %s; %s\n",
				c.out, st.HTMLBytes, ingest.Plural(st.Chunks, "chunk file"), st.ChunkBytes, st.ChunkDir, st.Summary())
			fmt.Fprintln(e.Stderr, r.Reconciliation())
			return nil
		},
	}
}
