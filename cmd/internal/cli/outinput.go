package cli

import (
	"flag"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/ingest/paths"
)

// CheckOutNotInput refuses, as a usage error, an output file that is also one of the
// inputs: the output is renamed over its path only when it is complete, so the input was
// read whole and then replaced by the result (score --runs r.jsonl --out r.jsonl left
// verdicts where the episodes were). inputs are the input flags' values and arguments as
// given (Inputs declares which they are): a glob pattern is matched, a comma list split,
// and what names no existing file is passed over. The comparison is by file (os.SameFile), so ./r.jsonl, a hard or symbolic link
// to r.jsonl and r.jsonl itself are one. name is how the command line gave out.
func CheckOutNotInput(name, out string, inputs map[string][]string) error {
	if out == "" || out == "-" {
		return nil
	}
	ost, err := os.Stat(out)
	if err != nil || !ost.Mode().IsRegular() {
		return nil // a new file, a directory or a device replaces no input
	}
	for _, from := range slices.Sorted(maps.Keys(inputs)) {
		for _, v := range inputs[from] {
			for _, p := range candidates(v) {
				if st, err := os.Stat(p); err == nil && os.SameFile(ost, st) {
					return Usagef("%s %s is also an input (%s %s): writing it would replace that input; name another output file", name, out, from, v)
				}
			}
		}
	}
	return nil
}

// candidates are the files a flag value or argument may name: itself, the files its glob
// pattern matches, its comma-separated parts, and the FILE of a NAME=FILE value.
func candidates(v string) []string {
	c := []string{v}
	if strings.ContainsAny(v, "*?[") {
		m, _, _ := paths.Glob(v) // the files the input reads, hidden ones passed over
		c = append(c, m...)
	}
	if strings.Contains(v, ",") {
		c = append(c, strings.Split(v, ",")...)
	}
	if _, file, ok := strings.Cut(v, "="); ok {
		c = append(c, file)
	}
	return c
}

// Inputs declares what of a command's line names files the command reads: Flags, by name
// without dashes (a name the command does not define is passed over, so that commands
// sharing flag groups share one declaration), and, with Args, the positional arguments.
// Only these are compared with --out: a flag value that is a format, a name or a number
// is no input, even where a file of that name exists (score --format csv --out csv).
// ArgsWith names a boolean flag that, when true, makes the positional arguments files
// (compare --inspect A B: two logs, where without it A and B are configuration names).
type Inputs struct {
	Flags    []string
	Args     bool
	ArgsWith string
	// Names, by flag name, accepts the values of a flag that name no file the command
	// reads (--bench builtin), even where a file of that name exists.
	Names map[string]func(string) bool
}

// argsRead reports whether fs's positional arguments name files the command reads.
func (in Inputs) argsRead(fs *flag.FlagSet) bool {
	if in.Args {
		return true
	}
	f := fs.Lookup(in.ArgsWith)
	return in.ArgsWith != "" && f != nil && f.Value.String() == "true"
}

// values is what fs's command line gives for the declared inputs, by flag ("--NAME"), and
// the positional arguments ("argument").
func (in Inputs) values(fs *flag.FlagSet) map[string][]string {
	out := map[string][]string{}
	fs.Visit(func(f *flag.Flag) {
		if !slices.Contains(in.Flags, f.Name) {
			return
		}
		if l, ok := f.Value.(*PathList); ok && l.Values != nil {
			for _, v := range *l.Values {
				if l.Known == nil || !l.Known(v) { // a preset's name is no file read
					out["--"+f.Name] = append(out["--"+f.Name], v)
				}
			}
			return
		}
		if named := in.Names[f.Name]; named == nil || !named(f.Value.String()) {
			out["--"+f.Name] = append(out["--"+f.Name], f.Value.String())
		}
	})
	if in.argsRead(fs) && fs.NArg() > 0 {
		out["argument"] = fs.Args()
	}
	return out
}

// outFlag is the output flag every command that writes a file names so.
const outFlag = "out"

// checkOutFlag is CheckOutNotInput of fs's --out against the inputs in declares.
func checkOutFlag(fs *flag.FlagSet, in Inputs) error {
	f := fs.Lookup(outFlag)
	if f == nil {
		return nil
	}
	return CheckOutNotInput("--"+outFlag, f.Value.String(), in.values(fs))
}
