package job

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/fsx"
	"github.com/sabench/sabench-stats/results/render"
	"github.com/sabench/sabench-stats/results/verdicts"
	"github.com/sabench/sabench-stats/results/view"
)

// OutputKind is what a command's --format names: the formats it can write (Names[0] is
// the default) and how a format name or an output file's extension maps to one of them.
type OutputKind struct {
	What  string   // "table", "verdict", "explanation"
	Names []string // canonical format names
	parse func(s string) (string, bool)
	ext   func(name string) string // a format's file extension; nil: its name
}

// TableOutput: the five table formats (render.ParseFormat, with its aliases txt, tex, markdown).
var TableOutput = &OutputKind{What: "table", Names: []string{"text", "md", "latex", "csv", "json"},
	parse: func(s string) (string, bool) {
		f, err := render.ParseFormat(s)
		return f.String(), err == nil
	},
	ext: func(name string) string {
		f, _ := render.ParseFormat(name)
		return f.Ext()
	}}

// VerdictOutput: the per-episode verdict formats (verdicts.Formats).
var VerdictOutput = &OutputKind{What: "verdict", Names: verdicts.Formats,
	parse: func(s string) (string, bool) {
		s = strings.ToLower(strings.TrimSpace(s))
		return s, slices.Contains(verdicts.Formats, s)
	}}

// ExplainOutput: the explanation formats (ExplainFormats; txt is text).
var ExplainOutput = &OutputKind{What: "explanation", Names: ExplainFormats,
	parse: func(s string) (string, bool) {
		s = strings.ToLower(strings.TrimSpace(s))
		if s == "txt" {
			s = "text"
		}
		return s, slices.Contains(ExplainFormats, s)
	},
	ext: func(name string) string {
		if name == "text" {
			return "txt"
		}
		return name
	}}

// compressedExts are the extensions of compressed files: no output of Resolve's kinds is
// written compressed.
var compressedExts = []string{"gz", "zst", "zstd", "bz2", "xz", "zip"}

// Resolve returns the canonical format: format when given (a name or alias of the
// kind's), else the one the out file's extension names, else the default. A format the
// kind cannot write, an extension it cannot tell, and a format that contradicts the
// extension are errors; cmd names the command in them.
func (k *OutputKind) Resolve(cmd, format string, given bool, out string) (string, error) {
	if given {
		name, ok := k.parse(format)
		if !ok {
			return "", fmt.Errorf("--format: %s writes %s, not %q", cmd, strings.Join(k.Names, ", "), format)
		}
		format = name
	}
	ext := outExt(out)
	if ext == "" {
		return format, nil
	}
	name, ok := k.parse(ext)
	switch {
	case slices.Contains(compressedExts, strings.ToLower(ext)):
		// Readers that go by the name (pandas, DuckDB, zcat) would decompress plain text.
		return "", fmt.Errorf("--out %s names a compressed file (.%s), and %s writes it uncompressed: name it without .%s (compress it afterwards if need be)", out, ext, cmd, ext)
	case given && ok && name != format:
		return "", fmt.Errorf("--format %s, but --out %s names a %s file", format, out, name)
	case given:
		return format, nil
	case ok:
		return name, nil
	}
	var exts []string
	for _, n := range k.Names {
		if k.ext != nil {
			n = k.ext(n)
		}
		exts = append(exts, n)
	}
	return "", fmt.Errorf("--out %s: cannot tell the %s format from the extension .%s; give --format (%s) or name the file .%s",
		out, k.What, ext, strings.Join(k.Names, ", "), strings.Join(exts, ", ."))
}

// outExt is the extension of an output file without the dot, or "" for stdout ("" or
// "-"), a directory target and a name without one.
func outExt(out string) string {
	if out == "" || out == "-" || fsx.IsDirTarget(out) {
		return ""
	}
	return strings.TrimPrefix(filepath.Ext(out), ".")
}

// CheckTableTarget refuses an output (out: "" or "-" for stdout, a file or a directory)
// that cannot take n tables in format f: several CSV tables on stdout, where a CSV reader
// cannot tell them apart, and several tables into one named file (a name with an
// extension, or a file that exists); one file in a directory that does not exist (a
// directory target is made, but a file's directory is not); and a directory target that
// cannot be made, under a file. Its error is an OptionError, as every check of an
// output target here: the path the user chose is wrong (exit 2), found before any work.
func CheckTableTarget(out string, f render.Format, n int) error {
	return optionError(checkTableTarget(out, f, n))
}

func checkTableTarget(out string, f render.Format, n int) error {
	if err := checkTableShape(out, f, n); err != nil {
		return err
	}
	return writable(out)
}

// checkTableShape is checkTableTarget but for the test of writing.
func checkTableShape(out string, f render.Format, n int) error {
	if err := checkMakeDir(out); err != nil {
		return err
	}
	if n < 2 {
		if out == "" || out == "-" || fsx.IsDirTarget(out) {
			return nil
		}
		// One check for every file output: the directory was said not to exist when it was a file.
		return fsx.CheckParent("--out", out)
	}
	if (out == "" || out == "-") && f == render.FormatCSV {
		return fmt.Errorf("%d tables as CSV would run together in one stream; give --out DIR for one file per table (or ask for one table)", n)
	}
	if out != "" && out != "-" && !fsx.IsDirTarget(out) && filepath.Ext(out) != "" {
		return fmt.Errorf("--out %s names a file, but there are %d tables (one file each): give a directory", out, n)
	}
	if fi, err := os.Stat(out); out != "" && out != "-" && err == nil && !fi.IsDir() {
		return fmt.Errorf("--out %s is a file, but there are %d tables (one file each): give a directory", out, n)
	}
	return nil
}

// CheckFileTarget refuses, as an OptionError, an output that is one file (out: "" or "-"
// for stdout) where no file can be made: a directory (an existing one, or a path ending
// in a separator), or a file in a directory that does not exist. Writing found both only
// after the input was read and scored (exit 1, "write d.jsonl: is a directory, not a
// file"). name is how the command line gave out (--out, or OUT).
func CheckFileTarget(name, out string) error {
	switch {
	case out == "" || out == "-":
		return nil
	case fsx.IsDirTarget(out):
		return optionError(fmt.Errorf("%s %s is a directory, and the output is one file: name a file", name, out))
	}
	if err := fsx.CheckParent(name, out); err != nil {
		return optionError(err)
	}
	return optionError(fsx.CheckWritable(name, out, filepath.Dir(out)))
}

// CheckWritable refuses, as an OptionError, an --out (out: "" or "-" for stdout, a file,
// or a directory target) in a directory where nothing can be written (fsx.CheckWritable:
// a directory without write permission, a read-only file system): commands found it when
// writing, after scoring (exit 1). Commands whose tables' number is known only once built
// call it before scoring; CheckTableTarget, CheckFileTarget, CheckOutDir, CheckReplaceDir
// and CheckViewPage check it too.
func CheckWritable(out string) error { return optionError(writable(out)) }

func writable(out string) error {
	if out == "" || out == "-" {
		return nil
	}
	dir := filepath.Dir(out)
	if fsx.IsDirTarget(out) {
		dir = out
	}
	return fsx.CheckWritable("--out", out, dir)
}

// checkMakeDir is CheckOutDir of a directory target (a path ending in a separator).
func checkMakeDir(out string) error {
	if out == "" || out == "-" || !fsx.IsDirTarget(out) {
		return nil
	}
	return checkOutDir(out)
}

// CheckReplaceDir refuses, as an OptionError, a directory out that fsx.ReplaceDir may not
// replace (a file, or a directory holding files sabench-stats did not write): report and
// synth check it before any work, and ReplaceDir again when the output is built.
func CheckReplaceDir(out string) error {
	if err := fsx.CheckReplaceable(filepath.Clean(out)); err != nil {
		return optionError(fmt.Errorf("--out: %w", err))
	}
	// ReplaceDir writes a temporary sibling of the directory and renames it over it: of
	// the one a link at out names, not of the link (which stays, naming the new one).
	real, err := fsx.FollowLink(filepath.Clean(out))
	if err != nil {
		return optionError(fmt.Errorf("--out %s: %w", out, err))
	}
	return optionError(fsx.CheckWritable("--out", out, filepath.Dir(real)))
}

// CheckViewPage refuses, as an OptionError, a viewer page that cannot be written where
// --out names it (view.CheckPage): its directory is missing, it is a directory, or its
// NAME_files/ holds files the viewer did not write.
func CheckViewPage(out string) error {
	if err := view.CheckPage(out); err != nil {
		return optionError(err)
	}
	return optionError(fsx.CheckWritable("--out", out, filepath.Dir(out)))
}

// CheckOutDir refuses an output directory out that cannot be made or written into because
// a file stands where it, or a directory of its path, would be: commands found it at mkdir,
// after scoring ("mkdir f.txt/: file exists"). Its error is an OptionError.
func CheckOutDir(out string) error {
	if err := checkOutDir(out); err != nil {
		return optionError(err)
	}
	return optionError(fsx.CheckWritable("--out", out, out))
}

func checkOutDir(out string) error {
	for p := filepath.Clean(out); ; p = filepath.Dir(p) {
		st, err := os.Stat(p)
		switch {
		case err == nil && st.IsDir():
			return nil
		case err == nil:
			return fmt.Errorf("--out %s: %s is a file, so the directory cannot be made", out, p)
		}
		if filepath.Dir(p) == p {
			return nil
		}
	}
}

// WriteTables writes tables in format f to stdout (out "" or "-"), to the file out, or one
// file per table into the directory out (a directory target, or any out when there are
// several tables), listing the files written on stdout.
func WriteTables(stdout io.Writer, out string, f render.Format, o render.RenderOptions, ts []*results.Table) error {
	switch {
	case out == "" || out == "-":
		return render.RenderAllWith(stdout, ts, f, o)
	case len(ts) > 1 || fsx.IsDirTarget(out):
		written, err := render.WriteTableDir(out, f, ts, func(w io.Writer, t *results.Table) error { return render.RenderWith(w, t, f, o) })
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(stdout, strings.Join(written, "\n"))
		return err
	}
	return render.WriteTableFileWith(out, f, o, ts...)
}
