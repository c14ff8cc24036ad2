package tau

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/ingest/sniff"
)

// Formats, as detected by content.
const (
	FormatTau  = "tau-bench"  // a JSON array of EnvRunResult records
	FormatTau2 = "tau2-bench" // a results object with simulations[]
)

// MaxFileBytes bounds one result file (τ-bench's largest published file is ~30 MB).
const MaxFileBytes = 1 << 30

// Options name the episodes: a result file does not say which configuration it was.
type Options struct {
	Config    string // required, e.g. "gpt-4o/tool-calling"
	Model     string // default: Config up to its last "/"
	Harness   string // default: Config after its last "/"
	Condition string // default "main"
	// Domain forces the domain (airline, retail); by default it is read from the file
	// (τ²-bench's environment_info.domain_name; τ-bench's system prompt and tool names).
	Domain string
}

// Read is what a result file became.
type Read struct {
	Format   string
	Domain   string
	Episodes []*ingest.Episode
	Problems []ingest.Problem
	// UnknownTools counts the agent's calls of tools the domain does not list, by tool:
	// the environment refuses them, and a domain given wrongly makes every call one.
	UnknownTools map[string]int
}

func (r *Read) problem(file, field, format string, args ...any) {
	r.Problems = append(r.Problems, ingest.Problem{File: file, Field: field, Msg: fmt.Sprintf(format, args...)})
}

// ReadFile reads one τ-bench or τ²-bench result file. Problems (a missing field, a tool
// message without its call, an unknown domain) are returned in Read.Problems, each naming
// the file and the member; the error is for a file that cannot be read or parsed at all.
func ReadFile(path string, opt Options) (*Read, error) {
	if strings.TrimSpace(opt.Config) == "" {
		return nil, fmt.Errorf("a configuration name is required (--config)")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, MaxFileBytes)
	}
	return ReadBytes(path, data, opt)
}

// ReadBytes is ReadFile of a file's contents already read (path names it in problems).
func ReadBytes(path string, data []byte, opt Options) (*Read, error) {
	if strings.TrimSpace(opt.Config) == "" {
		return nil, fmt.Errorf("a configuration name is required (--config)")
	}
	v, err := jsonv.Parse(data)
	if err != nil {
		if err := foreign(path, data, false); err != nil {
			return nil, err
		}
		// Located as a JSONL error is (file:line, column), not by a byte offset alone.
		line, text := ingest.SyntaxAt(data, err)
		loc := ingest.Problem{File: path, Line: line, Msg: "invalid JSON: " + text}.String()
		if jsonLines(data) {
			return nil, fmt.Errorf("%s (the file holds one JSON object per line; a τ-bench result file is one JSON array of EnvRunResult, as τ-bench writes it: join the lines into an array, e.g. jq -s . FILE)", loc)
		}
		return nil, errors.New(loc)
	}
	r := &Read{}
	switch x := v.(type) {
	case []any:
		if err := foreign(path, data, true); err != nil {
			return nil, err
		}
		r.Format = FormatTau
		readEnvRuns(r, path, x, opt)
	case *jsonv.Object:
		if _, ok := x.Get("simulations"); !ok {
			if err := foreign(path, data, false); err != nil {
				return nil, err
			}
			return nil, fmt.Errorf("%s: a JSON object without simulations[]: neither a τ-bench result file (an array of EnvRunResult) nor a τ²-bench results file", path)
		}
		r.Format = FormatTau2
		readSimulations(r, path, x, opt)
	default:
		return nil, fmt.Errorf("%s: neither a τ-bench result file (a JSON array) nor a τ²-bench results file (an object with simulations[])", path)
	}
	return r, nil
}

// foreign is the refusal of a file that is not τ-bench or τ²-bench results but of a kind
// package sniff knows (an Inspect log, episodes, sample rows, an lm-eval file, …), nil
// otherwise. Of an array, only a kind sniff names specifically is refused: an array of
// trajectories whose first lacks a field is τ-bench's, with a problem for that member.
func foreign(path string, data []byte, array bool) error {
	k := sniff.ReaderAt(bytes.NewReader(data), int64(len(data)))
	switch {
	case !k.Known(), k.ID == sniff.IDTau, k.ID == sniff.IDTau2:
		return nil
	case array && (k.ID == "json-array" || k.ID == "empty-array"):
		return nil
	}
	return fmt.Errorf("%s: %s", path, k.Refusal("τ-bench results (an array of EnvRunResult) or τ²-bench results (an object with simulations[])"))
}

// newEpisode starts the episode of one trajectory.
func newEpisode(opt Options, d *Domain, taskID string, trial int, source string, member int) *ingest.Episode {
	e := &ingest.Episode{Config: opt.Config, CaseID: d.CaseID(taskID), Repeat: trial, Condition: opt.Condition,
		Status: ingest.StatusCompleted, Source: source, Line: member + 1}
	if e.Condition == "" {
		e.Condition = ingest.DefaultCondition
	}
	e.Model, e.Harness = ingest.SplitConfig(opt.Config)
	if opt.Model != "" {
		e.Model = opt.Model
	}
	if opt.Harness != "" {
		e.Harness = opt.Harness
	}
	e.RunID = ingest.DeriveRunID(e.Key())
	return e
}

// SuccessTolerance: a reward within it of 1 is a success, as τ²-bench's is_successful
// (τ-bench's rewards are exactly 0.0 or 1.0).
const SuccessTolerance = 1e-6

// official is the benchmark's verdict: successful when the reward is 1. The bounds are
// compared as is_successful writes them, (1 − 1e-6) ≤ reward ≤ (1 + 1e-6): |reward − 1|
// ≤ 1e-6 differs in floats at the ends (0.999999 − 1 is −1.0000000000287557e-06).
func official(reward float64) *jsonv.Object {
	ok := 1-SuccessTolerance <= reward && reward <= 1+SuccessTolerance
	return jsonv.NewObject("successful", ok, "raw_status", "reward="+strconv.FormatFloat(reward, 'g', -1, 64), "reward", reward)
}

// number reads a JSON number as a float64.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, !math.IsNaN(x) && !math.IsInf(x, 0)
	}
	return 0, false
}

// notNumber is what a value number refuses is, for a problem: a non-finite float by its
// value (Python writes NaN and Infinity bare), anything else by its type.
func notNumber(v any) string {
	if x, ok := v.(float64); ok {
		return fmt.Sprint(x)
	}
	return ingest.TypeName(v)
}

// checkUsageNumber makes a problem of a usage value that is neither null nor a finite
// number: summed or copied, it would be written into the episode's usage as one.
func checkUsageNumber(r *Read, file, at string, o *jsonv.Object, k string) {
	if v, ok := o.Get(k); ok && v != nil {
		if _, ok := number(v); !ok {
			r.problem(file, at+"."+k, "must be a finite number or null, got %s", notNumber(v))
		}
	}
}

// taskIDString is a task id as it enters the case id: an integer (τ-bench) or a string
// of letters, digits, '_' and '-' (τ²-bench).
func taskIDString(v any) (string, bool) {
	switch x := v.(type) {
	case int64:
		if x < 0 {
			return "", false
		}
		return strconv.FormatInt(x, 10), true
	case string:
		if x == "" || len(x) > 100 {
			return "", false
		}
		for _, c := range x {
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '-') {
				return "", false
			}
		}
		return x, true
	}
	return "", false
}

// trialInt reads a trial number (≥ 0).
func trialInt(v any) (int, bool) {
	if x, ok := v.(int64); ok && x >= 0 && x < 1<<31 {
		return int(x), true
	}
	return 0, false
}

// jsonLines says whether data is JSON Lines: its first line a whole JSON object and more
// after it, the shape a file of results converted to one record per line has.
func jsonLines(data []byte) bool {
	line, rest, ok := bytes.Cut(bytes.TrimSpace(data), []byte("\n"))
	if !ok || len(bytes.TrimSpace(rest)) == 0 {
		return false
	}
	_, err := jsonv.ParseObject(line)
	return err == nil
}
