package inspect

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sabench/sabench-stats/ingest/paths"
	"github.com/sabench/sabench-stats/ingest/sniff"
)

// IsLogFileName reports whether a folder search picks the file up: ".eval" and ".json"
// files, except the other files Inspect writes beside its logs: the folder index
// "logs.json" and an eval set's "eval-set.json".
func IsLogFileName(name string) bool {
	l := strings.ToLower(filepath.Base(name))
	return !isIndexName(l) && (strings.HasSuffix(l, ".eval") || strings.HasSuffix(l, ".json"))
}

// isIndexName reports whether a lower-cased file name is one of the files Inspect writes
// beside its logs: the folder index and an eval set's.
func isIndexName(l string) bool { return l == "logs.json" || l == "eval-set.json" }

// Expand turns files, folders and glob patterns into a list of distinct files sorted by
// where they are (paths.Distinct), however they are spelled. A
// folder is searched recursively for IsLogFileName files, of which a ".json" file is taken
// only when it begins as Inspect writes a JSON log (jsonLogStart): the folder of a release
// also holds case files and schemas. A symbolic link is taken when it leads to a regular
// file inside the folder. A named file is taken whatever its name; a folder or pattern that
// yields nothing is an error, which names the ".json" files a folder search passed over.
func Expand(args []string) ([]string, error) {
	files, _, err := ExpandSkipped(args)
	return files, err
}

// Skipped is what a folder search passed over, for the command to say: Dir is the
// folder searched.
type Skipped struct{ Dir, Msg string }

// ExpandSkipped is Expand that also returns what its folder searches passed over: hidden
// entries and files named as an unfinished write or a backup of a log (paths.PassOver),
// and .json files that are not logs (Inspect's logs.json and eval-set.json beside its
// logs, case files). Notes, not errors.
func ExpandSkipped(args []string) ([]string, []Skipped, error) {
	var skipped []Skipped
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		p = filepath.Clean(p)
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, arg := range args {
		if arg == "" {
			return nil, nil, fmt.Errorf("empty log path")
		}
		if arg == "-" {
			// As for episode files: a log is read at offsets (an .eval is a ZIP), which
			// standard input cannot give ("stat -: no such file or directory" before).
			return nil, nil, fmt.Errorf("-: reading Inspect logs from standard input is not supported; save the log to a file")
		}
		st, err := os.Stat(arg)
		switch {
		case err == nil && st.IsDir():
			n := 0
			var notLogs []string
			root := arg
			pass := paths.NewPassOver(isLogName)
			err := paths.WalkDir(arg, func(p string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				if p != root && pass.Skip(p, d) {
					if d.IsDir() {
						return fs.SkipDir
					}
					return nil
				}
				if !IsLogFileName(p) {
					if !d.IsDir() && isIndexName(strings.ToLower(d.Name())) {
						notLogs = append(notLogs, p)
					}
					return nil
				}
				if !d.Type().IsRegular() && (d.Type()&fs.ModeSymlink == 0 || !linkInside(root, p)) {
					return nil
				}
				if !strings.EqualFold(filepath.Ext(p), ".eval") && !jsonLogStart(p) {
					notLogs = append(notLogs, p)
					return nil
				}
				add(p)
				n++
				return nil
			})
			if err != nil {
				return nil, nil, err
			}
			if n == 0 {
				return nil, nil, noLogs(arg, notLogs)
			}
			for _, m := range pass.Notes() {
				skipped = append(skipped, Skipped{Dir: filepath.Clean(arg), Msg: m})
			}
			if len(notLogs) > 0 {
				which := paths.Tally{N: len(notLogs), First: notLogs[0]}.Which()
				skipped = append(skipped, Skipped{Dir: filepath.Clean(arg), Msg: fmt.Sprintf(
					"skipped: %s (Inspect's logs.json and eval-set.json, case files, …), %s; name a file to read it whatever it holds",
					map[bool]string{true: "1 .json file that is not an Inspect log", false: fmt.Sprintf("%d .json files that are not Inspect logs", len(notLogs))}[len(notLogs) == 1], which)})
			}
		case err == nil && !st.Mode().IsRegular():
			// Refused unopened: opening a named pipe waits for a writer.
			return nil, nil, &Error{File: arg, Err: fmt.Errorf("%s, not a regular file; Inspect logs are read from regular files only", paths.Kind(st.Mode()))}
		case err == nil:
			add(arg)
		case strings.ContainsAny(arg, "*?["):
			files, notes, gerr := paths.GlobFiles(arg, isLogName)
			if gerr != nil {
				return nil, nil, fmt.Errorf("%s: %v", arg, gerr)
			}
			for _, m := range notes {
				skipped = append(skipped, Skipped{Dir: arg, Msg: m})
			}
			for _, f := range files {
				add(f)
			}
			if len(files) == 0 {
				return nil, nil, fmt.Errorf("%s: the pattern matches no file%s", arg, strings.Join(append([]string{""}, notes...), "; "))
			}
		default:
			// As --runs says it: "nope.eval: no such file or directory", not "stat nope.eval: …".
			var pe *fs.PathError
			if errors.As(err, &pe) {
				return nil, nil, fmt.Errorf("%s: %w", arg, pe.Err)
			}
			return nil, nil, err
		}
	}
	return paths.Distinct(out), skipped, nil
}

// noLogs is the error of a folder without logs, naming the first .json files it holds that
// do not begin as a JSON log does.
func noLogs(dir string, notLogs []string) error {
	if len(notLogs) == 0 {
		return fmt.Errorf("%s: no .eval or .json logs in this folder%s", dir, sniff.Clause(dir))
	}
	names := notLogs[:min(len(notLogs), 3)]
	more := ""
	if len(notLogs) > 3 {
		more = fmt.Sprintf(" and %d more", len(notLogs)-3)
	}
	return fmt.Errorf("%s: no .eval or .json logs in this folder: its .json files (%s%s) do not begin as an Inspect JSON log does ({\"version\": …); name a file to read it as a log whatever it begins with%s",
		dir, strings.Join(names, ", "), more, sniff.Clause(dir))
}

// isLogName: the names a search reads as logs, before their content is looked at.
func isLogName(name string) bool {
	return strings.HasSuffix(name, ".eval") || strings.HasSuffix(name, ".json")
}

// jsonLogStart reports whether the file at p begins as Inspect writes every JSON log: an
// object whose first key is "version" (after an optional byte-order mark and white space).
// Case files, schemas and Inspect's own folder indexes begin otherwise.
func jsonLogStart(p string) bool {
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, 256)
	n, _ := io.ReadFull(f, buf)
	b := bytes.TrimPrefix(buf[:n], []byte("\xef\xbb\xbf"))
	b = bytes.TrimLeft(b, " \t\r\n")
	if len(b) == 0 || b[0] != '{' {
		return false
	}
	b = bytes.TrimLeft(b[1:], " \t\r\n")
	return bytes.HasPrefix(b, []byte(`"version"`))
}

// linkInside reports whether the link p resolves to a regular file under root.
func linkInside(root, p string) bool {
	target, err := filepath.EvalSymlinks(p)
	if err != nil {
		return false
	}
	st, err := os.Stat(target)
	if err != nil || !st.Mode().IsRegular() {
		return false
	}
	absRoot, err1 := filepath.EvalSymlinks(root)
	absRoot, err2 := filepath.Abs(absRoot)
	absT, err3 := filepath.Abs(target)
	if err1 != nil || err2 != nil || err3 != nil {
		return false
	}
	rel, err := filepath.Rel(absRoot, absT)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
