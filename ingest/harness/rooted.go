package harness

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/ingest/sniff"
)

// safeName is what a case id or protocol recorded in a harness file must look like
// before it becomes part of a path: no separator, no "..", no control character.
var safeName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.@+-]*$`)

// checkName refuses a name that could leave the directory it is joined to.
func checkName(kind, s string) error {
	if !safeName.MatchString(s) || strings.Contains(s, "..") || len(s) > 200 {
		return fmt.Errorf("%s %q is not a plain name (letters, digits, _ . @ + -; no separator, no \"..\")", kind, s)
	}
	return nil
}

// harnessProtocols are the runner's PROTOCOLS, the only folder names under raw_outputs/ etc.
var harnessProtocols = map[string]bool{"legacy": true, "v0": true, "v1": true, "v2": true, "v3": true}

// rootedReader opens files and folders under a root directory. Every path is resolved
// (symbolic links included, whatever the file's type) and must stay inside the root.
type rootedReader struct {
	root string // resolved, absolute
}

func newRootedReader(dir string) (*rootedReader, error) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, err
	}
	real, err = filepath.Abs(real)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(real)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s: not a directory%s", dir, sniff.Clause(dir))
	}
	return &rootedReader{root: real}, nil
}

// check resolves path and reports whether it exists. A path with a symbolic link anywhere
// in it (the file, or any folder on the way: it resolves to something other than its
// own name) must resolve inside the root.
func (r *rootedReader) check(path string) (absent bool, err error) {
	if _, err := os.Lstat(path); os.IsNotExist(err) {
		return true, nil
	} else if err != nil {
		return false, err
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		if os.IsNotExist(err) {
			return false, fmt.Errorf("symbolic link to a missing file")
		}
		return false, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return false, err
	}
	if real, _ = filepath.Abs(real); real == abs {
		return false, nil
	}
	return false, ingest.WithinRoot(r.root, path)
}

// object reads path as one JSON object; absent reports whether the file does not exist.
func (r *rootedReader) object(path string) (o *jsonv.Object, absent bool, p *ingest.Problem) {
	absent, err := r.check(path)
	if err != nil {
		return nil, false, &ingest.Problem{File: path, Msg: err.Error()}
	}
	if absent {
		return nil, true, nil
	}
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, false, &ingest.Problem{File: path, Msg: "not a regular file"}
	}
	o, p = ingest.ReadJSONObject(path)
	return o, false, p
}

// list reads path as a JSON array (usage.json); absent as for object.
func (r *rootedReader) list(path string) (l []any, absent bool, p *ingest.Problem) {
	absent, err := r.check(path)
	if err != nil {
		return nil, false, &ingest.Problem{File: path, Msg: err.Error()}
	}
	if absent {
		return nil, true, nil
	}
	data, err := ingest.ReadLimited(path, ingest.MaxBenchFileBytes)
	if err != nil {
		return nil, false, &ingest.Problem{File: path, Msg: err.Error()}
	}
	v, err := jsonv.NewDecoder().Parse(data)
	if err != nil {
		line, text := ingest.SyntaxAt(data, err)
		return nil, false, &ingest.Problem{File: path, Line: line, Msg: "invalid JSON: " + text}
	}
	l, ok := v.([]any)
	if !ok {
		return nil, false, &ingest.Problem{File: path, Msg: "must hold a JSON array, got " + ingest.TypeName(v)}
	}
	return l, false, nil
}

// dirEntries lists a folder under the root (refusing a folder that resolves outside it);
// a missing folder has no entries.
func (r *rootedReader) dirEntries(path string) ([]os.DirEntry, error) {
	absent, err := r.check(path)
	if err != nil || absent {
		return nil, err
	}
	return os.ReadDir(path)
}

// exists reports whether path exists inside the root (a link out of it does not count).
func (r *rootedReader) exists(path string) bool {
	absent, err := r.check(path)
	return err == nil && !absent
}
