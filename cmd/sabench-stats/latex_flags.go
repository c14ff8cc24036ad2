package main

import (
	"flag"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/results"
)

// addLaTeXFlags registers the LaTeX form's layout flags on a command that writes LaTeX.
func addLaTeXFlags(fs *flag.FlagSet, o *results.RenderOptions) {
	fs.Var(&o.LaTeX.Width, "latex-width", "LaTeX: fit tables to the column (default), the page, or none (natural width)")
	fs.Var(&o.LaTeX.Env, "latex-env", "LaTeX: float environment table or table* (default: table*, for page width or a table too wide for a column, else table)")
}

// checkLaTeXFlags refuses the LaTeX flags when the output is not LaTeX.
func checkLaTeXFlags(fs *flag.FlagSet, f results.Format) error {
	if set := cli.Given(fs, "latex-width", "latex-env"); set != "" && f != results.FormatLaTeX {
		return usagef("--%s applies to --format latex, not %s", set, f)
	}
	return nil
}
