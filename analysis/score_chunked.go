package analysis

import (
	"errors"
	"io"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// limitSource passes on at most n episodes of src, then io.EOF; eof records that src
// itself ended. Score then holds only its batches in flight, never the chunk's episodes.
type limitSource struct {
	src EpisodeSource
	n   int
	eof bool
}

func (s *limitSource) Next() (*ingest.Episode, error) {
	if s.n <= 0 {
		return nil, io.EOF
	}
	ep, err := s.src.Next()
	if errors.Is(err, io.EOF) {
		s.eof = true
		return nil, io.EOF
	}
	if err == nil {
		s.n--
	}
	return ep, err
}

// ScoreChunked scores the episodes chunk at a time, hands each chunk's verdicts to emit
// before reading on, and returns the counts and the tally (Scored.Tally) over all chunks;
// the verdicts, without their detail, only with opt.Keep. Without it no verdict is kept:
// once emitted and tallied, each chunk's run ids and usages go back to the oracle's
// tables (oracle.Verdict.Release), but for the disagreements the tally lists, so that
// memory does not grow with the input: only Score's batches in flight and one chunk's
// verdicts (with opt.Detail, their details: the ledger of every episode) are alive at a
// time. The verdicts equal Score's: each is a function of its episode alone. opt.Others
// is not used; opt.Progress is called after each chunk.
func ScoreChunked(src EpisodeSource, lookup CaseLookup, opt ScoreOptions, chunk int, emit func([][]oracle.Verdict) error) (*Scored, error) {
	if opt.Records {
		return nil, errors.New("analysis.ScoreChunked: Records is for Score")
	}
	if chunk < 1 {
		chunk = 1
	}
	progress := opt.Progress
	opt.Others, opt.Progress = nil, nil
	all := &Scored{Policies: opt.Policies, Verdicts: make([][]oracle.Verdict, len(opt.Policies)), Tally: NewScoreTally(opt.Policies)}
	shared := sameSettings(opt.Policies) // as in Score: same settings, one slice
	prep := newPrepCache(lookup)
	for {
		lim := &limitSource{src: src, n: chunk}
		s, err := score(lim, prep, opt)
		if err != nil {
			return nil, err
		}
		if s.Counts.Read == 0 {
			break
		}
		if err := emit(s.Verdicts); err != nil {
			return nil, err
		}
		all.Tally.Add(s.Verdicts)
		if opt.Keep {
			for pi := range s.Verdicts {
				if shared[pi] != pi {
					continue
				}
				for i := range s.Verdicts[pi] {
					s.Verdicts[pi][i].Detail = nil
				}
				all.Verdicts[pi] = append(all.Verdicts[pi], s.Verdicts[pi]...)
			}
		} else {
			release(s.Verdicts)
		}
		if progress != nil {
			progress(all.Tally.Counts.Read)
		}
		if lim.eof {
			break
		}
	}
	all.Counts = all.Tally.Counts
	if !opt.Keep {
		all.Verdicts = nil
		return all, nil
	}
	for pi, pj := range shared {
		all.Verdicts[pi] = all.Verdicts[pj]
	}
	return all, nil
}

// release returns the run ids and usages of a chunk's episodes, which every policy's
// verdict of an episode shares, to the oracle's tables: once per episode, through the
// first policy's verdict, unless the tally keeps one of its verdicts as a disagreement.
func release(vs [][]oracle.Verdict) {
	for i := range vs[0] {
		kept := false
		for pi := range vs {
			kept = kept || Disagrees(&vs[pi][i])
		}
		if !kept {
			vs[0][i].Release()
		}
	}
}
