package harness

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/inspect"
)

// sampleRef is where a sample was read: the sample at index n (from 0) of files[file].
type sampleRef struct {
	file, n uint32
}

// refOf is the sample of ordinal ord.
func (s *InspectStream) refOf(ord uint32) sampleRef {
	f, _ := slices.BinarySearch(s.starts, ord+1)
	f-- // the last log starting at or before ord (a log without samples shares its start)
	return sampleRef{file: uint32(f), n: ord - s.starts[f]}
}

// where names the sample r for a message: the log and its member. A log's members are
// read the first time a message names one of its samples (only when there is a duplicate
// to report) and kept, so that a log with many duplicates is not read again for each.
func (s *InspectStream) where(r sampleRef) string {
	file := s.files[r.file]
	names, ok := s.members[r.file]
	if !ok {
		if s.members == nil {
			s.members = map[uint32][]string{}
		}
		names = s.memberNames(file)
		s.members[r.file] = names
	}
	if r.n < uint32(len(names)) {
		return file + ": " + names[r.n]
	}
	return fmt.Sprintf("%s (its sample %d)", file, r.n+1)
}

// memberNames are the members of a log's samples in reading order: those an .eval log's
// directory lists (inspect.Reader.Members), or, for a .json log, those read sample by
// sample up to the first that cannot be read.
func (s *InspectStream) memberNames(file string) []string {
	rd, err := s.open(file, inspect.ReadOptions{NoHash: true})
	if err != nil {
		return nil
	}
	defer rd.Close()
	if names := rd.Members(); names != nil {
		return names
	}
	var names []string
	for {
		smp, err := rd.Next()
		if err != nil {
			return names
		}
		names = append(names, smp.Member)
	}
}

// checkDup refuses e, the episode of the sample just read, when its key or its run id was
// read before, naming the sample it was read from, and otherwise adds both to the checks.
// Until the first repeat the checks keep a bit per key and a hash per run id; at it, the
// logs are read again up to here to give each key and run id its sample (toExact), and a
// run id that only shares a hash with an earlier one is read again and accepted.
func (s *InspectStream) checkDup(l *inspectLog, smp *inspect.Sample, e *ingest.Episode) error {
	here := s.total - 1
	if !s.exact {
		if s.dups.AddNew(e, here) {
			return nil
		}
		if err := s.toExact(here); err != nil {
			return err
		}
	}
	if o, dup := s.dups.Key(e); dup {
		r := s.refOf(o)
		return l.problem(smp.Member, "", "episode %s|%s|repeat %d|%s also read from %s%s", e.Config, e.CaseID, e.Repeat, e.Condition, s.where(r), s.retryHint(r))
	}
	o, dup, err := s.dups.RunID(e.RunID, func(o uint32) (bool, error) {
		id, err := s.runIDAt(o)
		return id == e.RunID, err
	})
	if err != nil {
		return err
	}
	if dup {
		r := s.refOf(o)
		return l.problem(smp.Member, "metadata.run_id", "run id %q also read from %s%s", e.RunID, s.where(r), s.retryHint(r))
	}
	s.dups.Add(e, here)
	return nil
}

// retryHint says, after a duplicate message, that the earlier sample r's log or the current
// one did not complete, when one did not: Inspect's eval-retry writes a new log that holds
// again the samples its failed log completed, so the two logs of a retried run repeat every
// such episode, and only the retry's log should be given. "" when both logs completed.
func (s *InspectStream) retryHint(r sampleRef) string {
	here := uint32(s.next - 1)
	if r.file == here {
		return "" // a duplicate within one log is no retry's
	}
	for _, f := range []uint32{r.file, here} {
		if st, ok := s.unfinished[f]; ok {
			return fmt.Sprintf(" (%s did not complete, status %s: the log of a retried run holds again the samples its earlier log completed, so give only the retry's log)", s.files[f], st)
		}
	}
	return ""
}

// toExact makes the checks keep each key's and run id's sample, from the sample of
// ordinal here on, reading the samples before it again: none of them repeated a key or a
// run-id hash, so every one that had an episode key went in.
func (s *InspectStream) toExact(here uint32) error {
	s.exact = true
	s.dups.Exact()
	for f, start := range s.starts {
		if start >= here {
			break
		}
		end := here
		if f+1 < len(s.starts) {
			end = min(end, s.starts[f+1])
		}
		if err := s.reread(f, end-start, func(o uint32, e *ingest.Episode) { s.dups.Add(e, o) }); err != nil {
			return err
		}
	}
	return nil
}

// runIDAt is the run id of the sample of ordinal o. A log's run ids are read the first
// time one of them is needed (a run id whose hash was read before) and kept, so that a log
// whose run ids many samples repeat is not read again for each.
func (s *InspectStream) runIDAt(o uint32) (string, error) {
	r := s.refOf(o)
	ids, ok := s.runIDs[r.file]
	if !ok {
		if s.runIDs == nil {
			s.runIDs = map[uint32]*logRunIDs{}
		}
		ids = s.logRunIDs(int(r.file))
		s.runIDs[r.file] = ids
	}
	if r.n < uint32(len(ids.ids)) {
		if ids.has[r.n] {
			return ids.ids[r.n], nil
		}
	} else if ids.err != nil {
		return "", ids.err
	}
	return "", fmt.Errorf("%s: %w", s.files[r.file], errLogChanged)
}

// logRunIDs are the run ids of a log's samples by their index in it: has says which
// samples had an episode key (keyed), and err why reading stopped before the log's end,
// which a sample past it is answered with.
type logRunIDs struct {
	ids []string
	has []bool
	err error
}

// logRunIDs reads the run ids of all the samples of log f, in one pass to its end.
func (s *InspectStream) logRunIDs(f int) *logRunIDs {
	ids := &logRunIDs{}
	ids.err = s.reread(f, toEnd, func(o uint32, e *ingest.Episode) {
		n := int(o - s.starts[f])
		for len(ids.ids) < n {
			ids.ids, ids.has = append(ids.ids, ""), append(ids.has, false)
		}
		ids.ids, ids.has = append(ids.ids, e.RunID), append(ids.has, true)
	})
	return ids
}

// toEnd, as reread's n, reads a log to its end.
const toEnd = math.MaxUint32

// reread reads the first n samples of log f again (all of them: toEnd), from a fresh
// inspectLog, and hands fn each one's episode as far as its key (keyed), with its ordinal;
// samples without one, or refused before the duplicate checks, are skipped as they were.
func (s *InspectStream) reread(f int, n uint32, fn func(o uint32, e *ingest.Episode)) error {
	file := s.files[f]
	r, err := s.openRead(file)
	if err != nil {
		return err
	}
	defer r.Close()
	l := s.openLog(file, r.Log())
	for i := uint32(0); i < n; i++ {
		smp, err := r.Next()
		if err == io.EOF && n == toEnd {
			return nil
		}
		if err == io.EOF {
			return fmt.Errorf("%s: %w", file, errLogChanged)
		}
		if err != nil {
			return err
		}
		e, _, err := s.keyed(l, smp)
		r.Recycle(smp) // keyed copies what the episode keeps, as in Next
		if e != nil && err == nil {
			fn(s.starts[f]+i, e)
		}
	}
	return nil
}

// errLogChanged is what reading a log again finds when it changed since.
var errLogChanged = errors.New("the samples are not as they were when first read, read again to find where a duplicate was first read (did the log change?)")
