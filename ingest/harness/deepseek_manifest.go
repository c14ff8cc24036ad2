package harness

import (
	"path/filepath"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// deepSeekManifest is run_deepseek_safeact_benchmark.py's deepseek_run_manifest.json,
// written beside the batch layout after the run: its classify_structured_failure decides,
// from trusted traces and proxy counters, whether the run's case is excluded
// (harness_failed) or a scored failure (agent_failed).
type deepSeekManifest struct {
	failureClass string // "", "harness_failed" or "agent_failed"
	entry        *jsonv.Object
}

const deepSeekManifestName = "deepseek_run_manifest.json"

func readDeepSeekManifest(rr *rootedReader, res *Result, dir string) *deepSeekManifest {
	path := filepath.Join(dir, deepSeekManifestName)
	o, absent, p := rr.object(path)
	if absent {
		return nil
	}
	if p != nil {
		res.Problems = append(res.Problems, *p)
		return nil
	}
	m := &deepSeekManifest{entry: &jsonv.Object{}}
	fc, _ := o.Get("failure_class")
	switch fc {
	case nil, "harness_failed", "agent_failed":
		if s, ok := fc.(string); ok {
			m.failureClass = s
		}
	default:
		res.problem(path, "failure_class", "must be harness_failed, agent_failed or null, got %v", fc)
		return nil
	}
	for _, k := range []string{"failure_class", "failure_reasons", "runtime_identity_errors", "model", "runner_returncode"} {
		if v, ok := o.Get(k); ok {
			m.entry.Set(k, v)
		}
	}
	if errs, _ := o.List("runtime_identity_errors"); len(errs) > 0 {
		res.warn("%s: %d runtime identity error(s), e.g. %v", path, len(errs), errs[0])
	}
	return m
}

// apply records the manifest on the episode; harness_failed excludes it in either mode
// (that is the DeepSeek runner's own exclusion), agent_failed keeps the batch status.
func (m *deepSeekManifest) apply(e *ingest.Episode, opt Options) {
	if e.Extra == nil {
		e.Extra = &jsonv.Object{}
	}
	e.Extra.Set("deepseek_manifest", m.entry)
	if m.failureClass == "harness_failed" {
		e.Status = ingest.StatusHarnessFailure
		if opt.runner() && e.Official != nil {
			e.Official.Delete("successful")
		}
	}
}
