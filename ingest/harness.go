package ingest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// HarnessOptions name the episodes that a harness output directory becomes: the
// directory itself does not say which configuration, repeat or condition it was.
type HarnessOptions struct {
	Config    string // required, e.g. "claude-5/claude-code"
	Model     string // default: Config split at its last "/"
	Harness   string // default: Config split at its last "/"
	Repeat    int    // >= 0
	Condition string // default "main"
}

func (o HarnessOptions) check() error {
	if strings.TrimSpace(o.Config) == "" {
		return fmt.Errorf("a configuration name is required (--config)")
	}
	if o.Repeat < 0 {
		return fmt.Errorf("repeat must be >= 0, got %d", o.Repeat)
	}
	return nil
}

// newEpisode starts an episode with the options' identity.
func (o HarnessOptions) newEpisode(caseID, source string) *Episode {
	e := &Episode{Config: o.Config, CaseID: caseID, Repeat: o.Repeat, Condition: o.Condition,
		Status: StatusCompleted, Source: source}
	if e.Condition == "" {
		e.Condition = DefaultCondition
	}
	e.Model, e.Harness = SplitConfig(o.Config)
	if o.Model != "" {
		e.Model = o.Model
	}
	if o.Harness != "" {
		e.Harness = o.Harness
	}
	e.RunID = DeriveRunID(e.Key())
	return e
}

// rootedReader reads JSON files under a root directory and refuses symbolic links
// that lead out of it (DESIGN §11).
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
	return &rootedReader{root: real}, nil
}

// object reads path as one JSON object; absent reports whether the file does not exist.
func (r *rootedReader) object(path string) (o *jsonv.Object, absent bool, p *Problem) {
	st, err := os.Lstat(path)
	if os.IsNotExist(err) {
		return nil, true, nil
	}
	if err != nil {
		return nil, false, &Problem{File: path, Msg: err.Error()}
	}
	if st.Mode()&os.ModeSymlink != 0 {
		if err := withinRoot(r.root, path); err != nil {
			return nil, false, &Problem{File: path, Msg: err.Error()}
		}
	}
	o, p = readJSONObject(path)
	return o, false, p
}

// usageNumber copies a numeric field into a usage object.
func usageNumber(dst *jsonv.Object, key string, v any) {
	switch v.(type) {
	case int64, float64:
		dst.Set(key, v)
	}
}
