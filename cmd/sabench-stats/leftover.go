package main

import (
	"flag"
	"os"
)

// leftoverHint ends the refusal of arguments left after the flags when an input flag was
// given: an unquoted glob (--inspect logs/*.eval) expands to several paths, and the flag
// takes only the first, so the refusal says how to give them all.
func leftoverHint(fs *flag.FlagSet) string {
	name := ""
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "runs", "inspect", "verdicts":
			if name == "" {
				name = "--" + f.Name
			}
		}
	})
	if name == "" {
		return ""
	}
	return "; " + name + " takes one path: repeat it before every path, or quote a glob so that the shell does not expand it (" + name + " 'logs/*')"
}

// isFile reports whether arg names an existing file: a run id never does, a path the
// shell expanded from a glob does.
func isFile(arg string) bool {
	st, err := os.Stat(arg)
	return err == nil && st.Mode().IsRegular()
}
