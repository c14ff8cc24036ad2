package ingest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Harness status modes: how the runners' failure labels become episode statuses.
const (
	// ModeAnalyst excludes each failure by its reason: wall timeouts are
	// infra_failure, harness- and evaluator-side failures harness_failure, the agent's own
	// failures stay completed.
	ModeAnalyst = "analyst"
	// ModeRunner reproduces the runner's own denominator: only what the runner removes
	// (batch evaluation_harness_failure, a DeepSeek harness_failed manifest, an
	// interactive timeout's success: null) is excluded; every other failure, and every
	// deferred batch case, is a completed episode the runner counted as unsuccessful, and
	// carries that verdict in official.successful.
	ModeRunner = "runner"
)

// Interactive repeat derivations.
const (
	RepeatFromOrder   = "order"   // runs of one case, in directory-name order, count up from Repeat
	RepeatFromDirname = "dirname" // the number the run directory's name ends with
)

// HarnessOptions name the episodes that a harness output directory becomes: the
// directory itself does not say which configuration, repeat or condition it was.
type HarnessOptions struct {
	Config    string // required, e.g. "claude-5/claude-code"
	Model     string // default: Config split at its last "/"
	Harness   string // default: Config split at its last "/"
	Repeat    int    // >= 0; interactive runs of one case count up from it (RepeatFromOrder)
	Condition string // default "main"
	Mode      string // ModeAnalyst (default) or ModeRunner
	// RepeatFrom: RepeatFromOrder (default) or RepeatFromDirname; interactive runs only.
	RepeatFrom string
}

// Check refuses options the readers cannot use: no configuration, a negative repeat, an
// unknown status mode or repeat derivation. ReadBatchDir and ReadInteractiveDir call it.
func (o HarnessOptions) Check() error {
	if strings.TrimSpace(o.Config) == "" {
		return fmt.Errorf("a configuration name is required (--config)")
	}
	if o.Repeat < 0 {
		return fmt.Errorf("repeat must be >= 0, got %d", o.Repeat)
	}
	switch o.Mode {
	case "", ModeAnalyst, ModeRunner:
	default:
		return fmt.Errorf("unknown status mode %q (want %s or %s)", o.Mode, ModeAnalyst, ModeRunner)
	}
	switch o.RepeatFrom {
	case "", RepeatFromOrder, RepeatFromDirname:
	default:
		return fmt.Errorf("unknown repeat derivation %q (want %s or %s)", o.RepeatFrom, RepeatFromOrder, RepeatFromDirname)
	}
	return nil
}

func (o HarnessOptions) runner() bool { return o.Mode == ModeRunner }

// model is the model name the episodes will carry.
func (o HarnessOptions) model() string {
	if o.Model != "" {
		return o.Model
	}
	m, _ := SplitConfig(o.Config)
	return m
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

// HarnessRead is what an adapter made of a harness directory: the episodes, the problems
// that stop it from being written (a problem is never an episode), and warnings that do
// not (skipped links, a missing summary.json, a model mismatch), one line each.
type HarnessRead struct {
	Episodes []*Episode
	Problems []Problem
	Warnings []string
	// Runner is the batch runner's own summary metrics recomputed from the per-case
	// files (nil for interactive runs); Summary the ones summary.json states, if any.
	Runner  *RunnerMetrics
	Summary *RunnerMetrics
}

func (r *HarnessRead) problem(file, field, format string, args ...any) {
	r.Problems = append(r.Problems, Problem{File: file, Field: field, Msg: fmt.Sprintf(format, args...)})
}

func (r *HarnessRead) warn(format string, args ...any) {
	r.Warnings = append(r.Warnings, fmt.Sprintf(format, args...))
}

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
		return nil, fmt.Errorf("%s: not a directory", dir)
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
	return false, withinRoot(r.root, path)
}

// object reads path as one JSON object; absent reports whether the file does not exist.
func (r *rootedReader) object(path string) (o *jsonv.Object, absent bool, p *Problem) {
	absent, err := r.check(path)
	if err != nil {
		return nil, false, &Problem{File: path, Msg: err.Error()}
	}
	if absent {
		return nil, true, nil
	}
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, false, &Problem{File: path, Msg: "not a regular file"}
	}
	o, p = readJSONObject(path)
	return o, false, p
}

// list reads path as a JSON array (usage.json); absent as for object.
func (r *rootedReader) list(path string) (l []any, absent bool, p *Problem) {
	absent, err := r.check(path)
	if err != nil {
		return nil, false, &Problem{File: path, Msg: err.Error()}
	}
	if absent {
		return nil, true, nil
	}
	data, err := readLimited(path, MaxBenchFileBytes)
	if err != nil {
		return nil, false, &Problem{File: path, Msg: err.Error()}
	}
	v, err := jsonv.NewDecoder().Parse(data)
	if err != nil {
		return nil, false, &Problem{File: path, Line: lineOf(data, err), Msg: "invalid JSON: " + err.Error()}
	}
	l, ok := v.([]any)
	if !ok {
		return nil, false, &Problem{File: path, Msg: "must hold a JSON array, got " + typeName(v)}
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

// usageNumber copies a numeric field into a usage object.
func usageNumber(dst *jsonv.Object, key string, v any) {
	switch v.(type) {
	case int64, float64:
		dst.Set(key, v)
	}
}

// addUsage adds a numeric value to a usage field (int64 stays int64 until a float joins).
func addUsage(dst *jsonv.Object, key string, v any) {
	old, had := dst.Get(key)
	switch x := v.(type) {
	case int64:
		switch o := old.(type) {
		case int64:
			dst.Set(key, o+x)
		case float64:
			dst.Set(key, o+float64(x))
		default:
			if !had {
				dst.Set(key, x)
			}
		}
	case float64:
		f, _ := number(old)
		dst.Set(key, f+x)
	}
}

// CanonicalOutcome maps a raw observed outcome to the runner's canonical vocabulary
// (safeact_contract.canonical_observed_outcome, for the values the
// harness files carry): V2/V3 CASE_SUCCESS is WORKFLOW_SUCCESS; others are unchanged.
func CanonicalOutcome(p Protocol, raw string) string {
	if (p == V2 || p == V3) && raw == "CASE_SUCCESS" {
		return "WORKFLOW_SUCCESS"
	}
	return raw
}

// modelMatches compares a model identity recorded by a runner with the configured one;
// a provider prefix on either side ("deepseek/deepseek-v4-flash") is ignored.
func modelMatches(recorded, configured string) bool {
	if recorded == configured {
		return true
	}
	last := func(s string) string { return s[strings.LastIndex(s, "/")+1:] }
	return last(recorded) == last(configured)
}

// modelCheck collects model identities that differ from the configured model, so that
// each distinct mismatch is one warning however many episodes share it.
type modelCheck struct {
	configured string
	seen       map[string]int
	order      []string
}

func (m *modelCheck) note(field, recorded string) {
	if recorded == "" || modelMatches(recorded, m.configured) {
		return
	}
	k := field + " " + recorded
	if m.seen == nil {
		m.seen = map[string]int{}
	}
	if m.seen[k] == 0 {
		m.order = append(m.order, k)
	}
	m.seen[k]++
}

func (m *modelCheck) flush(r *HarnessRead) {
	for _, k := range m.order {
		field, rec, _ := strings.Cut(k, " ")
		r.warn("%d episode(s): the runner recorded %s %q, but --config/--model says %q", m.seen[k], field, rec, m.configured)
	}
}
