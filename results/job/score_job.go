package job

import (
	"fmt"
	"io"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results/fsx"
	"github.com/sabench/sabench-stats/results/verdicts"
)

// scoreJob is what `score` does once its flags are read: score the input under the
// policies and write the verdicts (or the disagreements, or a Hive-partitioned dataset),
// then summarize. It streams unless something needs the whole release first.
type scoreJob struct {
	Policies      []oracle.Policy
	Format        string // a VerdictOutput name
	Out           string // a file, a dataset directory, or "" / "-" for W
	Dataset       bool   // Out is a dataset directory (Parquet, verdicts.IsDatasetDir)
	Detail        bool   // each verdict's detail (JSONL only)
	Disagreements bool   // write the disagreements instead of the verdicts
	Audit         *ingest.Audit
	Shard, Shards int   // this is shard Shard (from 0) of Shards ≥ 1
	Base          int64 // the input index of the shard's first episode (its episodes are consecutive)
	Official      bool  // the cases take task success from the benchmark's own verdict (casespec.OfficialTasks)
	// Manifest describes the dataset's scoring (Dataset only), once the input is read,
	// with the duplicates a dedupe policy dropped.
	Manifest func(dropped []ingest.Problem) (*verdicts.Manifest, error)
	// Score scores the input once under opt: all at once when chunk is 0, else chunk
	// episodes at a time, each chunk's verdicts handed to emit (analysis.Score,
	// analysis.ScoreChunked). It returns the duplicates a dedupe policy dropped too.
	Score func(opt analysis.ScoreOptions, chunk int, emit func([][]oracle.Verdict) error) (*analysis.Scored, []ingest.Problem, error)
}

// DetailChunk and StreamChunk are the numbers of episodes scored at a time with and
// without detail (variables so that tests can cross chunk boundaries on small inputs).
var DetailChunk, StreamChunk = 2048, 1 << 16

// Run scores and writes to Out (atomically) or w, and returns the summary for stderr:
// the reconciliation and agreement (verdicts.ScoreSummary), the shard, the audit.
func (j *scoreJob) Run(w io.Writer) (string, error) {
	var s *analysis.Scored
	var dropped []ingest.Problem
	var auditText string
	var err error
	// Stream unless the whole release is needed first: score and write chunk by chunk,
	// keeping only the summary's tally (no verdict, but with an audit), so that the
	// episodes (and details, the ledger of every episode) of one chunk at a time are
	// alive. An audit is checked before anything is written, so it takes the other path
	// (unless with detail), as do a dataset and the disagreements.
	stream := !j.Dataset && (j.Detail || j.Audit == nil) && !j.Disagreements
	if !stream {
		if s, dropped, err = j.Score(analysis.ScoreOptions{Policies: j.Policies}, 0, nil); err != nil {
			return "", err
		}
		if j.Audit != nil { // a bad audit file writes no verdicts
			if auditText, err = verdicts.AuditSummary(j.Audit, s); err != nil {
				return "", err
			}
		}
	}
	var write func(w io.Writer) error
	switch {
	case j.Dataset:
		seq := func(i int) int64 { return j.Base + int64(i) }
		var man *verdicts.Manifest
		if j.Manifest != nil {
			if man, err = j.Manifest(dropped); err != nil {
				return "", err
			}
		}
		err = verdicts.WriteDataset(j.Out, j.Shard, s.Policies, s.Verdicts, seq, man)
		// One process writes the manifest of its one shard too: without it a partition
		// lost in a copy (the last configurations' seqs) left no gap to see.
		if err == nil {
			var n int64
			if len(s.Verdicts) > 0 {
				n = int64(len(s.Verdicts[0]))
			}
			err = verdicts.WriteShardManifest(j.Out, j.Shard, j.Shards, j.Base, n)
		}
	case stream:
		chunk := StreamChunk
		if j.Detail {
			chunk = DetailChunk
		}
		write = func(w io.Writer) error {
			vw, err := verdicts.NewWriter(w, j.Format, j.Policies, j.Detail)
			if err != nil {
				return err
			}
			s, dropped, err = j.Score(analysis.ScoreOptions{Policies: j.Policies, Detail: j.Detail, Keep: j.Audit != nil}, chunk, vw.Write)
			if err != nil {
				vw.Close()
				return err
			}
			return vw.Close()
		}
	case j.Disagreements:
		write = func(w io.Writer) error { return verdicts.WriteDisagreements(w, s.Policies, s.Verdicts) }
	default:
		write = func(w io.Writer) error { return verdicts.Write(w, j.Format, s.Policies, s.Verdicts, false) }
	}
	switch {
	case write == nil: // a dataset, written above
	case j.Out != "" && j.Out != "-":
		err = fsx.WriteFileAtomic(j.Out, write)
	default:
		err = write(w)
	}
	if err != nil {
		return "", err
	}
	tally := s.Tally
	if tally == nil {
		tally = analysis.TallyOf(s)
	}
	summary := verdicts.ScoreSummary(tally, len(dropped), j.Official)
	if j.Shards > 1 {
		summary = fmt.Sprintf("score: shard %d/%d: %s from input index %d (the lines and row groups that start in the shard's byte range); the counts below are the shard's\n", j.Shard+1, j.Shards, ingest.Plural(tally.Counts.Read, "episode"), j.Base) + summary
	}
	if j.Audit != nil && stream { // streamed with detail: checked after writing
		if auditText, err = verdicts.AuditSummary(j.Audit, s); err != nil {
			return "", err
		}
	}
	return summary + auditText, nil
}
