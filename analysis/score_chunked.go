package analysis

import (
	"errors"
	"io"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// chunkSource streams in-memory episodes.
type chunkSource struct {
	eps []*ingest.Episode
	i   int
}

func (s *chunkSource) Next() (*ingest.Episode, error) {
	if s.i >= len(s.eps) {
		return nil, io.EOF
	}
	s.i++
	return s.eps[s.i-1], nil
}

// ScoreChunked scores the episodes chunk at a time, hands each chunk's verdicts to emit
// before reading on, and returns the verdicts without their detail and the counts over
// all chunks: at most one chunk of episodes (and, with opt.Detail, of details, the ledger
// of every episode) is alive at a time, besides the compact verdicts. The verdicts equal
// Score's: each is a function of its episode alone. opt.Others is not used; opt.Progress
// is called after each chunk.
func ScoreChunked(src EpisodeSource, lookup CaseLookup, opt ScoreOptions, chunk int, emit func([][]oracle.Verdict) error) (*Scored, error) {
	if chunk < 1 {
		chunk = 1
	}
	progress := opt.Progress
	opt.Others, opt.Progress = nil, nil
	all := &Scored{Policies: opt.Policies, Verdicts: make([][]oracle.Verdict, len(opt.Policies)), Counts: Counts{Excluded: map[string]int{}}}
	shared := make([]int, len(opt.Policies)) // as in Score: same settings, one slice
	for pi, pol := range opt.Policies {
		shared[pi] = pi
		for pj := 0; pj < pi; pj++ {
			if opt.Policies[pj].Hash() == pol.Hash() {
				shared[pi] = pj
				break
			}
		}
	}
	for eof := false; !eof; {
		eps := make([]*ingest.Episode, 0, chunk)
		for len(eps) < chunk {
			ep, err := src.Next()
			if errors.Is(err, io.EOF) {
				eof = true
				break
			}
			if err != nil {
				return nil, err
			}
			eps = append(eps, ep)
		}
		if len(eps) == 0 {
			break
		}
		s, err := Score(&chunkSource{eps: eps}, lookup, opt)
		if err != nil {
			return nil, err
		}
		if err := emit(s.Verdicts); err != nil {
			return nil, err
		}
		for pi := range s.Verdicts {
			if shared[pi] != pi {
				continue
			}
			for i := range s.Verdicts[pi] {
				s.Verdicts[pi][i].Detail = nil
			}
			all.Verdicts[pi] = append(all.Verdicts[pi], s.Verdicts[pi]...)
		}
		all.Counts.Read += s.Counts.Read
		if progress != nil {
			progress(all.Counts.Read)
		}
		all.Counts.Scored += s.Counts.Scored
		for r, n := range s.Counts.Excluded {
			all.Counts.Excluded[r] += n
		}
	}
	for pi, pj := range shared {
		all.Verdicts[pi] = all.Verdicts[pj]
	}
	return all, nil
}
