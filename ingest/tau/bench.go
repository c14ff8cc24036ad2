package tau

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// BenchPrefix starts the bench names of the τ-bench domains: tau-bench:airline.
const BenchPrefix = "tau-bench:"

// IsBenchName reports whether name names a τ-bench domain bench (tau-bench:DOMAIN).
func IsBenchName(name string) bool { return strings.HasPrefix(name, BenchPrefix) }

// Cases generates the case specifications of a domain, one per task id of its test split
// (the rules file's task_ids): case TAU-<DOMAIN>-<id>, protocol V1 (every write is an
// action checkpoint with requirement gates), task_success "official", and the domain's
// rules as action_rules. Any trajectory of the domain's tasks can then be scored.
func (d *Domain) Cases() ([]*casespec.Case, error) {
	rules, err := jsonv.ParseObject(d.raw)
	if err != nil {
		return nil, fmt.Errorf("%s rules: %w", d.Bench, err)
	}
	var out []*casespec.Case
	for id := d.TaskIDs.First; id <= d.TaskIDs.Last; id++ {
		task := strconv.Itoa(id)
		spec := jsonv.NewObject("episode_id", d.CaseID(task), "env_id", d.Name, "task_id", int64(id),
			"task_success", "official", "action_rules", rules)
		out = append(out, &casespec.Case{ID: d.CaseID(task), BaseID: d.CaseID(task), Protocol: ingest.V1, Domain: d.Name,
			Spec: spec, Source: d.Bench})
	}
	return out, nil
}

// LoadBench builds the bench named tau-bench:DOMAIN.
func LoadBench(name string, opt casespec.BenchOptions) (*casespec.Bench, error) {
	d, err := LookupDomain(strings.TrimPrefix(name, BenchPrefix))
	if err != nil {
		return nil, err
	}
	cases, err := d.Cases()
	if err != nil {
		return nil, err
	}
	b, err := casespec.NewBench(d.Bench, cases, nil, opt)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(d.raw)
	b.Kind, b.DatasetID = casespec.BenchGenerated, d.Bench
	b.DatasetVersion = "rules sha256:" + hex.EncodeToString(sum[:6])
	return b, nil
}
