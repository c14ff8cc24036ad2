package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

// outputKind is what a command's --format names: the formats it can write (the first is
// the default) and how a --format value or an --out extension maps to one of them.
type outputKind struct {
	what  string   // "table", "verdict"
	names []string // canonical format names; names[0] is the default
	parse func(s string) (string, bool)
}

// tableOutput: the five table formats (results.ParseFormat, with its aliases txt, tex,
// markdown).
var tableOutput = outputKind{what: "table", names: []string{"text", "md", "latex", "csv", "json"},
	parse: func(s string) (string, bool) {
		f, err := results.ParseFormat(s)
		return f.String(), err == nil
	}}

// verdictOutput: the per-episode verdict formats of score.
var verdictOutput = outputKind{what: "verdict", names: results.VerdictFormats,
	parse: func(s string) (string, bool) {
		s = strings.ToLower(strings.TrimSpace(s))
		return s, contains(results.VerdictFormats, s)
	}}

// explainOutput: explain's text and JSON forms (results.ExplainFormats; txt is text).
var explainOutput = outputKind{what: "explanation", names: results.ExplainFormats,
	parse: func(s string) (string, bool) {
		s = strings.ToLower(strings.TrimSpace(s))
		if s == "txt" {
			s = "text"
		}
		return s, contains(results.ExplainFormats, s)
	}}

// addFormat registers --format for the formats of kind.
func (c *common) addFormat(fs *flag.FlagSet, kind *outputKind) {
	c.output = kind
	c.format = kind.names[0]
	fs.StringVar(&c.format, "format", c.format, fmt.Sprintf("output format: %s (default: the --out file's extension, else %s)",
		strings.Join(kind.names, ", "), kind.names[0]))
	fs.Lookup("format").DefValue = "" // the default depends on --out: the usage says it
}

// formatSet reports whether --format was given on the command line.
func formatSet(fs *flag.FlagSet) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "format" })
	return set
}

// resolveFormat sets c.format from --format, else from the --out file's extension, else
// the default; a format the command cannot write, an extension it cannot tell, and a
// --format that contradicts the extension are usage errors.
func (c *common) resolveFormat(fs *flag.FlagSet) error {
	if c.output == nil {
		return nil
	}
	k := c.output
	given := formatSet(fs)
	if given {
		name, ok := k.parse(c.format)
		if !ok {
			return usagef("--format: %s writes %s, not %q", fs.Name(), strings.Join(k.names, ", "), c.format)
		}
		c.format = name
	}
	ext := outExt(c.out)
	if ext == "" {
		return nil
	}
	name, ok := k.parse(ext)
	switch {
	case given && ok && name != c.format:
		return usagef("--format %s, but --out %s names a %s file", c.format, c.out, name)
	case given:
	case ok:
		c.format = name
	default:
		return usagef("--out %s: cannot tell the %s format from the extension .%s; give --format (%s) or name the file .%s",
			c.out, k.what, ext, strings.Join(k.names, ", "), strings.Join(k.exts(), ", ."))
	}
	return nil
}

// exts are the file extensions of the kind's formats.
func (k *outputKind) exts() []string {
	var out []string
	for _, n := range k.names {
		if k == &tableOutput {
			f, _ := results.ParseFormat(n)
			n = f.Ext()
		}
		out = append(out, n)
	}
	return out
}

// outExt is the extension of an --out file without the dot, or "" for stdout, a
// directory target and a name without one.
func outExt(out string) string {
	if out == "" || out == "-" || isDirTarget(out) {
		return ""
	}
	return strings.TrimPrefix(filepath.Ext(out), ".")
}

// isDirTarget reports whether --out names a directory: an existing one, or a path that
// ends in a separator.
func isDirTarget(p string) bool {
	if strings.HasSuffix(p, "/") || strings.HasSuffix(p, string(filepath.Separator)) {
		return true
	}
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// checkTableTarget refuses an output that cannot take n tables (commands call it before
// scoring when they know n): several CSV tables on stdout, where a CSV reader cannot
// tell them apart, and several tables into one named file.
func (c *common) checkTableTarget(n int) error {
	if n < 2 {
		return nil
	}
	if (c.out == "" || c.out == "-") && c.outFormat() == results.FormatCSV {
		return usagef("%d tables as CSV would run together in one stream; give --out DIR for one file per table (or ask for one table)", n)
	}
	if c.out != "" && c.out != "-" && !isDirTarget(c.out) && filepath.Ext(c.out) != "" {
		return usagef("--out %s names a file, but there are %d tables (one file each): give a directory", c.out, n)
	}
	return nil
}

// writeTables writes tables to stdout, to the --out file, or one file per table into the
// --out directory (a directory target, or any --out when there are several tables),
// listing the files written on stdout. Several CSV tables do not go to one stream: a
// CSV reader cannot tell them apart.
func (c *common) writeTables(e *env, ts []*results.Table) error {
	if err := c.checkTableTarget(len(ts)); err != nil {
		return err
	}
	f := c.outFormat()
	// Stamped with the provenance of the last scored release: a CSV file gets its sidecar;
	// CSV on stdout has no room for it (the SYNTHETIC mark goes to stderr), JSON carries it.
	if c.scored != nil {
		if _, err := c.stamp(e, c.name, c.scored, ts); err != nil {
			return err
		}
		if c.scored.Synthetic && (c.out == "" || c.out == "-") && f == results.FormatCSV {
			fmt.Fprintf(e.stderr, "sabench-stats %s: %s\n", c.name, analysis.SyntheticMark)
		}
	}
	switch {
	case c.out == "" || c.out == "-":
		return results.RenderAllWith(e.stdout, ts, f, c.render)
	case len(ts) > 1 || isDirTarget(c.out):
		written, err := results.WriteTableDir(c.out, f, ts, c.renderOne())
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(e.stdout, strings.Join(written, "\n"))
		return err
	}
	return results.WriteTableFileWith(c.out, f, c.render, ts...)
}

// renderOne renders one table in the output format with the layout flags.
func (c *common) renderOne() func(w io.Writer, t *results.Table) error {
	f := c.outFormat()
	return func(w io.Writer, t *results.Table) error { return results.RenderWith(w, t, f, c.render) }
}
