package cli

import (
	"flag"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// CheckOutNotInput refuses, as a usage error, an output file that is also one of the
// inputs: the output is renamed over its path only when it is complete, so the input was
// read whole and then replaced by the result (score --runs r.jsonl --out r.jsonl left
// verdicts where the episodes were). inputs are flag values and arguments as given: a
// glob pattern is matched, a comma list split, and what names no existing file is passed
// over. The comparison is by file (os.SameFile), so ./r.jsonl, a hard or symbolic link
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
		m, _ := filepath.Glob(v)
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

// flagInputs is every flag value of fs but out's, by flag ("--NAME"), and the positional
// arguments ("argument"): what a command may read.
func flagInputs(fs *flag.FlagSet, out string) map[string][]string {
	in := map[string][]string{}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == out {
			return
		}
		if l, ok := f.Value.(*PathList); ok && l.Values != nil {
			in["--"+f.Name] = append(in["--"+f.Name], *l.Values...)
			return
		}
		in["--"+f.Name] = append(in["--"+f.Name], f.Value.String())
	})
	if fs.NArg() > 0 {
		in["argument"] = fs.Args()
	}
	return in
}

// outFlag is the output flag every command that writes a file names so.
const outFlag = "out"

// checkOutFlag is CheckOutNotInput of fs's --out against the rest of its command line.
func checkOutFlag(fs *flag.FlagSet) error {
	f := fs.Lookup(outFlag)
	if f == nil {
		return nil
	}
	return CheckOutNotInput("--"+outFlag, f.Value.String(), flagInputs(fs, outFlag))
}
