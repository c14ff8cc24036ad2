package tau

import (
	"fmt"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// recordFormat is what one τ-bench results format says of its records beyond the
// skeleton both share (readRecords): each record is an object with a task_id, a trial and
// a list of messages, which become one episode whose record holds the conversation's events.
type recordFormat struct {
	format string // the episode record's format: FormatTau or FormatTau2
	field  string // the records' field in the file, for messages ("" for a top-level array)
	object string // what a record must be, for the message: "an EnvRunResult object"

	// intTaskID refuses a task_id that is not an integer (τ-bench's); taskIDWant says
	// what a task_id must be.
	intTaskID  bool
	taskIDWant string

	// fields reads the format's own fields between the trial and the messages (each
	// problem on r) and returns what completes the episode of domain d once it is built.
	fields func(o *jsonv.Object, at string) (finish func(e *ingest.Episode, d *Domain))

	// messagesKey names the messages; messagesNote ends the message of a record without
	// them; messages reads them.
	messagesKey, messagesNote string
	messages                  func(r *Read, file, field string, list []any) []message

	// domain is the domain of a record's conversation.
	domain func(msgs []message) (*Domain, error)
}

// readRecords turns the records of one results file into episodes. A record with a
// problem is no episode; the problems name the file and the record's field.
func readRecords(r *Read, file string, list []any, f recordFormat, opt Options) {
	for i, raw := range list {
		at := fmt.Sprintf("%s[%d]", f.field, i)
		o, ok := raw.(*jsonv.Object)
		if !ok {
			r.problem(file, at, "must be %s, got %s", f.object, ingest.TypeName(raw))
			continue
		}
		n := len(r.Problems)
		tv, _ := o.Get("task_id")
		task, okT := taskIDString(tv)
		if _, isInt := tv.(int64); !okT || f.intTaskID && !isInt {
			r.problem(file, at+".task_id", "must be %s, got %s", f.taskIDWant, ingest.TypeName(tv))
		}
		trv, _ := o.Get("trial")
		trial, okTr := trialInt(trv)
		if !okTr {
			r.problem(file, at+".trial", "must be a non-negative integer, got %s", ingest.TypeName(trv))
		}
		finish := f.fields(o, at)
		list, okM := o.List(f.messagesKey)
		if !okM {
			mv, _ := o.Get(f.messagesKey)
			r.problem(file, at+"."+f.messagesKey, "must be an array of messages, got %s%s", ingest.TypeName(mv), f.messagesNote)
		}
		msgs := f.messages(r, file, at+"."+f.messagesKey, list)
		if len(r.Problems) > n {
			continue
		}
		d, err := f.domain(msgs)
		if err != nil {
			r.problem(file, at, "%v", err)
			continue
		}
		e := newEpisode(opt, d, task, trial, file, i)
		rec := jsonv.NewObject("format", f.format, "domain", d.Name, "task_id", tv, "trial", trv)
		rec.Set("events", events(r, file, at+"."+f.messagesKey, msgs, d))
		if len(r.Problems) > n {
			continue
		}
		e.Record = rec
		finish(e, d)
		r.Episodes = append(r.Episodes, e)
	}
}
