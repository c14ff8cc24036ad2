package job

import (
	"errors"
	"fmt"
	"io"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/oracle"
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
	if d := source.DedupePolicy(o.Source.Dedupe); sn > 1 && d != ingest.DedupeNone {
		return "", nil, optionError(fmt.Errorf("--dedupe %s needs every episode of the input, and --shard reads only its part: score in one process to drop duplicates (across shards, report --verdicts refuses them)", d))
	}
	dataset := req.Format == "parquet" && req.Out != "" && req.Out != "-" && verdicts.IsDatasetDir(req.Out)
	if dataset && req.Detail {
		return "", nil, optionError(errors.New("--detail needs --format jsonl"))
	}
	pols, err := o.PolicyList(false)
	if err != nil {
		return "", nil, err
	}
	var labels *ingest.Audit
	if req.Audit != "" {
		if labels, err = ingest.ReadAudit(req.Audit); err != nil {
			return "", nil, err
		}
	}
	in, err := o.Load()
	if err != nil {
		return "", nil, err
	}
	if err := in.Shard(si, sn); err != nil {
		return "", in.Skipped, err
	}
	sj := scoreJob{Policies: pols, Format: req.Format, Out: req.Out, Dataset: dataset, Detail: req.Detail,
		Disagreements: req.Disagreements, Audit: labels, Shard: si, Shards: sn, Base: in.ShardBase(),
		Score: func(opt analysis.ScoreOptions, chunk int, emit func([][]oracle.Verdict) error) (*analysis.Scored, []ingest.Problem, error) {
			return o.Score(in, opt, chunk, emit)
		}}
	summary, err = sj.Run(w)
	return summary, in.Skipped, err
}
