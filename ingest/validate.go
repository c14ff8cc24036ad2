package ingest

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// DefaultMaxProblems is how many problems a validation lists when ReadOptions.MaxProblems
// is 0; the rest are counted.
const DefaultMaxProblems = 1000

// ValidationReport is everything Validate found.
type ValidationReport struct {
	Files    int // files read
	Lines    int // episodes (lines or rows) examined, good or bad
	Episodes int // episodes without any problem
	// Problems are the first problems found (ReadOptions.MaxProblems), in file and line
	// order; Unlisted counts the rest, so that memory does not grow with the number of
	// bad lines.
	Problems []Problem
	Unlisted int
	// Reported lists duplicates that a dedupe policy allows (they are not problems), bounded
	// the same way; ReportedUnlisted counts the rest.
	Reported         []Problem
	ReportedUnlisted int
	// OwnIDs counts, by record schema, the completed episodes whose record's episode_id
	// was not held to the schema's pattern for it because their case ids are the bench's
	// own, not of the release's form (CheckRecord).
	OwnIDs []OwnIDs
	// RecordProblems counts the problems found in the records themselves (their schema,
	// the case or domain they name, a conversation's events), listed or not: score does
	// not refuse those episodes, it scores them.
	RecordProblems int
	max            int
}

// OwnIDs is the count of one record schema's episodes on a bench with case ids of its own
// whose record's episode_id is not of the form the schema's pattern sets for the release's
// ids: a record names its case by the bench's id, so the pattern is not held against it
// (the record must still name its episode's case), and the oracle scores it as any other.
type OwnIDs struct {
	Protocol Protocol
	Schema   string // the record schema's name
	Field    string // the record's field, record.episode_id
	Pattern  string // the schema's pattern for it
	Episodes int
	Example  string // the first such episode's record episode_id
}

// addOwnID counts an episode whose record's episode_id was not held to ip.
func (r *ValidationReport) addOwnID(e *Episode, p Protocol, ip *idPattern) {
	for i := range r.OwnIDs {
		if r.OwnIDs[i].Schema == ip.schema {
			r.OwnIDs[i].Episodes++
			return
		}
	}
	id, _ := e.Record.String("episode_id")
	r.OwnIDs = append(r.OwnIDs, OwnIDs{Protocol: p, Schema: ip.schema, Field: "record.episode_id",
		Pattern: ip.pattern, Episodes: 1, Example: id})
}

// ProblemCount is the number of problems found, listed or not.
func (r *ValidationReport) ProblemCount() int { return len(r.Problems) + r.Unlisted }

// addProblems keeps the first max problems and counts the rest.
func (r *ValidationReport) addProblems(ps ...Problem) {
	r.Problems, r.Unlisted = appendBounded(r.Problems, r.Unlisted, r.max, ps)
}

// appendBounded appends ps to list up to max entries and counts the rest in unlisted.
func appendBounded(list []Problem, unlisted, max int, ps []Problem) ([]Problem, int) {
	room := max - len(list)
	if room < 0 {
		room = 0
	}
	if len(ps) <= room {
		return append(list, ps...), unlisted
	}
	return append(list, ps[:room]...), unlisted + len(ps) - room
}

// Validate reads every episode of the files and lists every problem as
// file:line: field: message: unreadable files, bad JSON, missing or mistyped fields,
// bad status values, lines over the size limit, unknown case ids (when opt.Bench is
// set), duplicate keys (unless opt.Dedupe allows them), and records that do not fit
// their protocol's schema or name another case. A file that cannot be read at all is
// one problem; the other files are still checked.
func Validate(paths []string, opt ReadOptions) (*ValidationReport, error) {
	if err := opt.check(); err != nil {
		return nil, err
	}
	rep := &ValidationReport{max: opt.maxProblems()}
	seen := map[Key]firstSeen{}
	seenRun := map[string]firstSeen{}
	hinted := map[[2]int]bool{} // pairs of files whose duplicates were compared whole
	for fi, path := range paths {
		rep.Files++
		fr, err := openFile(path, opt)
		if err != nil {
			rep.addProblems(fileProblem(path, err))
			continue
		}
		fatal := false
		for {
			e, err := fr.next()
			if err == io.EOF {
				break
			}
			if err != nil {
				if ps := AsProblems(err); ps != nil {
					rep.Lines++
					rep.addProblems(ps...)
					continue
				}
				rep.addProblems(fileProblem(path, err))
				fatal = true
				break
			}
			rep.Lines++
			ps := checkEpisode(rep, e, opt.Bench)
			k := e.Key()
			if first, dup := seen[k]; dup {
				p := Problem{File: e.Source, Line: e.Line,
					Msg: fmt.Sprintf("duplicate episode key (config %q, case_id %q, repeat %d, condition %q); first seen at %s",
						k.Config, k.CaseID, k.Repeat, k.Condition, first)}
				// The first duplicate between two files says, as score's error does, when
				// the two are one file or hold the same episodes.
				if pair := [2]int{first.file, fi}; first.file != fi && !hinted[pair] {
					hinted[pair] = true
					if hint := sameFilesHint(paths[first.file], path, opt); hint != "" {
						p.Msg += ": " + hint
					}
				}
				if opt.Dedupe == DedupeNone {
					ps = append(ps, p)
				} else {
					rep.Reported, rep.ReportedUnlisted = appendBounded(rep.Reported, rep.ReportedUnlisted, rep.max, []Problem{p})
				}
			} else {
				seen[k] = firstSeen{e.Source, e.Line, fi}
				if first, dup := seenRun[e.RunID]; dup {
					p := Problem{File: e.Source, Line: e.Line, Field: "run_id",
						Msg: fmt.Sprintf("duplicate run_id %q (run ids are unique within a release); first seen at %s", e.RunID, first)}
					if opt.Dedupe == DedupeNone {
						ps = append(ps, p)
					} else {
						rep.Reported, rep.ReportedUnlisted = appendBounded(rep.Reported, rep.ReportedUnlisted, rep.max, []Problem{p})
					}
				} else {
					seenRun[e.RunID] = seen[k]
				}
			}
			if len(ps) == 0 {
				rep.Episodes++
			}
			rep.addProblems(ps...)
		}
		// After a fatal error the close error is the same defect again (a truncated
		// gzip stream reports its unexpected EOF twice): count it once.
		if err := fr.close(); err != nil && !fatal {
			rep.addProblems(fileProblem(path, err))
		}
	}
	return rep, nil
}

// firstSeen is where an episode key or run id was first read: the source, the line and
// the file's index; worded ("file:line") only when a duplicate names it.
type firstSeen struct {
	source string
	line   int
	file   int
}

func (f firstSeen) String() string { return fmt.Sprintf("%s:%d", f.source, f.line) }

// fileProblem turns a file-level error into one problem that names the file once.
func fileProblem(path string, err error) Problem {
	var fe *fileError
	if errors.As(err, &fe) {
		return fe.p
	}
	var pe *os.PathError
	if errors.As(err, &pe) && pe.Path == path {
		return Problem{File: path, Msg: pe.Op + ": " + pe.Err.Error()}
	}
	return Problem{File: path, Msg: strings.TrimPrefix(err.Error(), path+": ")}
}

// checkEpisode checks what a single well-formed episode can get wrong against the
// bench: an unknown case, a record outside its schema, a record about another case (these
// last two counted in rep.RecordProblems). A record whose episode_id is the bench's own
// id, not of its schema's pattern for the release's ids, is counted in rep.OwnIDs.
func checkEpisode(rep *ValidationReport, e *Episode, b CaseIndex) []Problem {
	var probs []Problem
	proto, known := ProtocolFromID(e.CaseID)
	domain := ""
	if b != nil {
		c, ok := b.CaseInfo(e.CaseID)
		if !ok {
			return []Problem{{File: e.Source, Line: e.Line, Field: "case_id",
				Msg: fmt.Sprintf("unknown case id %q (not in bench %s)", e.CaseID, b.BenchSource())}}
		}
		if c.Conversation {
			if e.Record == nil {
				return nil
			}
			ps := CheckConversationRecord(e)
			rep.RecordProblems += len(ps)
			return ps
		}
		proto, known, domain = c.Protocol, true, c.Domain
	}
	if !known || e.Record == nil {
		return nil
	}
	if e.Record.Len() == 0 && e.FailureClass != nil {
		// The harness says the agent failed (resource_limit, agent_process_failure, …)
		// and it left no output: an empty record, scored as a failure, is what the
		// harness adapters write for that; it is not a malformed export.
		return nil
	}
	if e.Status == StatusCompleted {
		// A run that did not complete left what it had (a time-limited Inspect sample its
		// tool calls, no answer); it is excluded, not scored, so not held to the schema.
		probs = append(probs, CheckRecord(e, proto)...)
		if ip := waivedIDPattern(e, proto); ip != nil {
			rep.addOwnID(e, proto, ip)
		}
	}
	base, _ := SplitVariant(e.CaseID)
	if id, ok := e.Record.String("episode_id"); ok && id != base && id != e.CaseID {
		probs = append(probs, Problem{File: e.Source, Line: e.Line, Field: "record.episode_id",
			Msg: fmt.Sprintf("names case %q, but the episode is for %q", id, e.CaseID)})
	}
	if env, ok := e.Record.String("env_id"); ok && domain != "" && env != domain {
		probs = append(probs, Problem{File: e.Source, Line: e.Line, Field: "record.env_id",
			Msg: fmt.Sprintf("is %q, but case %s is in %s", env, e.CaseID, domain)})
	}
	rep.RecordProblems += len(probs)
	return probs
}
