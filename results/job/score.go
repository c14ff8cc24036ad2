package job

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/fsx"
	"github.com/sabench/sabench-stats/results/verdicts"
)

// VerdictRequest says what ScoreVerdicts writes.
type VerdictRequest struct {
	Format string // a VerdictOutput name
	// Out is a file, a directory for a Hive-partitioned Parquet dataset
	// (verdicts.IsDatasetDir), or "" or "-" for the writer.
	Out           string
	Detail        bool   // each verdict's detail (JSONL only)
	Disagreements bool   // write the harness-versus-oracle disagreements instead
	Audit         string // a CSV case_id,run_id,label of audited verdicts; "" for none
	Shard         string // "I/N": score shard I of N (source.Input.Shard); "" for all
}

// ScoreVerdicts scores the input under Policies (safeact by default) and writes the
// verdicts as req asks (scoreJob, streamed unless something needs the whole
// release first). It returns the summary of the counts, the agreement and the shard, and
// what a --runs directory search passed over (also with an error).
func (o *Options) ScoreVerdicts(w io.Writer, req VerdictRequest) (summary string, skipped []ingest.Problem, err error) {
	si, sn, err := source.ParseShard(req.Shard)
	if err != nil {
		return "", nil, optionError(err)
	}
	if sn > 1 && len(o.Source.Inspect) > 0 {
		// Refused as the usage error it is, before the logs are opened (Input.Shard
		// refuses it too, for other callers).
		return "", nil, optionError(source.ErrShardInspect)
	}
	if d := source.DedupePolicy(o.Source.Dedupe); sn > 1 && d != ingest.DedupeNone {
		return "", nil, optionError(fmt.Errorf("--dedupe %s needs every episode of the input, and --shard reads only its part: score in one process to drop duplicates (across shards, report --verdicts refuses them)", d))
	}
	dataset := req.Format == "parquet" && req.Out != "" && req.Out != "-" && verdicts.IsDatasetDir(req.Out)
	if dataset && req.Detail {
		return "", nil, optionError(errors.New("--detail needs --format jsonl"))
	}
	if dataset {
		if err := CheckOutDir(req.Out); err != nil {
			return "", nil, err
		}
	} else if err := CheckFileTarget("--out", req.Out); err != nil {
		if fsx.IsDirTarget(req.Out) && !req.Disagreements {
			err = optionError(fmt.Errorf("--out %s is a directory: score writes one there only as a Parquet dataset (--format parquet); else name a file", req.Out))
		}
		return "", nil, err
	}
	// The policy names are checked before the episodes are read; the bench may change
	// the default (PoliciesFor).
	if _, err := o.PolicyList(false); err != nil {
		return "", nil, err
	}
	var labels *ingest.Audit
	if req.Audit != "" {
		if labels, err = ingest.ReadAudit(req.Audit); err != nil {
			if pe := (*fs.PathError)(nil); errors.As(err, &pe) && pe.Path == req.Audit {
				err = fmt.Errorf("--audit %s: %w", req.Audit, pe.Err)
			}
			return "", nil, err
		}
	}
	in, err := o.load(o.Source.Hash || dataset) // a dataset's manifest hashes the episode files
	if err != nil {
		return "", nil, err
	}
	if err := in.Shard(si, sn); err != nil {
		return "", in.Skipped, err
	}
	pols, err := o.PoliciesFor(false, in.Bench)
	if err != nil {
		return "", in.Skipped, err
	}
	sj := scoreJob{Policies: pols, Format: req.Format, Out: req.Out, Dataset: dataset, Detail: req.Detail,
		Disagreements: req.Disagreements, Audit: labels, Shard: si, Shards: sn, Base: in.ShardBase(),
		Official: casespec.OfficialTasks(in.Bench.Cases),
		Manifest: func(dropped []ingest.Problem) (*verdicts.Manifest, error) {
			m, err := o.datasetManifest(in, pols, si, sn)
			if m != nil {
				m.SetDropped(dropped)
			}
			return m, err
		},
		Score: func(opt analysis.ScoreOptions, chunk int, emit func([][]oracle.Verdict) error) (*analysis.Scored, []ingest.Problem, error) {
			return o.Score(in, opt, chunk, emit)
		}}
	summary, err = sj.Run(w)
	return summary, in.Skipped, err
}

// datasetManifest describes how a dataset's shard is scored (verdicts.Manifest): the
// episode files' sizes and SHA-256 (hashed as they were read), the bench's digest, the
// policies, the infra_failure and dedupe rules, the tool and the number of shards.
func (o *Options) datasetManifest(in *source.Input, pols []oracle.Policy, shard, shards int) (*verdicts.Manifest, error) {
	dedupe := o.Source.Dedupe
	if dedupe == "" {
		dedupe = "error"
	}
	m := &verdicts.Manifest{OwnEpisodes: in.OwnEpisodes(), InfraFailures: o.InfraFailures, Dedupe: dedupe, Tool: o.Tool.Build(), Shards: shards, Shard: shard}
	for _, p := range pols {
		m.Policies = append(m.Policies, verdicts.DatasetPolicy{Name: p.Name, Hash: p.Hash()})
	}
	hash := func(p string) (results.InputFile, error) {
		if h, ok := in.Hashes.Get(p); ok {
			return results.InputFile{Path: p, Bytes: h.Bytes, SHA256: hex.EncodeToString(h.SHA256[:])}, nil
		}
		return results.HashFile(p)
	}
	for _, p := range in.Runs() {
		f, err := hash(p)
		if err != nil {
			return nil, err
		}
		m.Inputs = append(m.Inputs, verdicts.ManifestFile{Name: filepath.Base(p), Bytes: f.Bytes, SHA256: f.SHA256})
	}
	if in.Bench.Source == source.Builtin {
		m.Bench = source.Builtin + " " + in.Bench.DatasetVersion
		return m, nil
	}
	// The bench's digest: SHA-256 over its files' sizes and hashes in the order read (not
	// their paths, which differ between machines).
	d := sha256.New()
	for _, p := range in.BenchFiles() {
		f, err := results.HashFile(p)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(d, "%d %s\n", f.Bytes, f.SHA256)
	}
	m.Bench = hex.EncodeToString(d.Sum(nil))
	return m, nil
}
