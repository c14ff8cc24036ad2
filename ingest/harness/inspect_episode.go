package harness

import (
	"fmt"
	"slices"
	"strings"
	"unsafe"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/inspect"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/ingest/textcut"
)

// caseOf finds the case a sample is about: metadata.case_id, else the sample id when the
// bench has that case. id is "" when the sample names no case.
func (s *InspectStream) caseOf(l *inspectLog, smp *inspect.Sample) (string, error) {
	if raw, ok := smp.Metadata["case_id"]; ok {
		v, err := s.dec.Parse(raw)
		id, isStr := v.(string)
		if err != nil || !isStr || id == "" {
			return "", l.problem(smp.Member, "metadata.case_id", "must be a case id (a non-empty string), got %.60s", raw)
		}
		return id, nil
	}
	if id := smp.ID.String(); s.opt.Bench.Case(id) != nil {
		return id, nil
	}
	return "", nil
}

// episode turns one sample into an episode; nil (and no error) for a sample of a log that
// has named no case so far.
func (s *InspectStream) episode(smp *inspect.Sample) (*ingest.Episode, error) {
	l := s.log
	e, c, err := s.keyed(l, smp)
	if e == nil || err != nil {
		return nil, err
	}
	if err := s.checkDup(l, smp, e); err != nil {
		return nil, err
	}

	limit := ""
	if smp.Limit != nil {
		limit = smp.Limit.Type
	}
	e.Status, e.FailureClass = InspectStatus(smp.Error != nil, limit)
	if smp.Error != nil {
		e.Extra = jsonv.NewObject("inspect_error", smp.Error.Message)
	}
	rec, err := s.record(l, smp, c, e.Status == ingest.StatusCompleted)
	if err != nil {
		return nil, err
	}
	e.Record = ingest.NewRecord(rec)
	if e.Status == ingest.StatusCompleted && e.Record == nil {
		return nil, l.problem(smp.Member, "", "no decision record in %s and no tool call: nothing to score", s.from)
	}
	if e.Official, err = inspectOfficial(s.dec, l, smp); err != nil {
		return nil, err
	}
	e.Usage = ingest.NewUsage(s.inspectUsage(smp))
	return e, nil
}

// PlaceInExtra writes the place of the Inspect sample an episode was read from into its
// extra.inspect_sample (first, before what extra held), for episodes written to a file
// (ingest --inspect), which would otherwise not lead back to their samples. It does
// nothing to an episode not read from an Inspect log. Scoring reads the place from
// Episode.Inspect: the stream does not build it for every sample it scores.
func PlaceInExtra(e *ingest.Episode) {
	if e.Inspect == nil {
		return
	}
	x := jsonv.NewObject("inspect_sample", inspectPlace(e.Inspect))
	if e.Extra != nil {
		for i, k := range e.Extra.Keys {
			x.Set(k, e.Extra.Values[i])
		}
	}
	e.Extra = x
}

// inspectPlace is the sample's place as an episode's extra.inspect_sample carries it, in
// JSONL and Parquet alike: the fields of explain's inspect_sample, so that an episode
// written by ingest --inspect leads back to its sample in Inspect's viewer.
func inspectPlace(s *ingest.InspectSample) *jsonv.Object {
	o := jsonv.NewObject("log", s.Log, "sample_id", s.ID, "epoch", int64(s.Epoch))
	if s.UUID != "" {
		o.Set("uuid", s.UUID)
	}
	o.Set("member", s.Member)
	return o
}

// keyed is a sample's episode as far as its key and run id, with its case; nil (and no
// error) for a sample of a log that has named no case so far. It counts the sample in l
// and follows l's state from sample to sample, so that reading a log again with a fresh
// inspectLog gives the same episodes.
func (s *InspectStream) keyed(l *inspectLog, smp *inspect.Sample) (*ingest.Episode, *casespec.Case, error) {
	l.samples++
	caseID, err := s.caseOf(l, smp)
	if err != nil {
		return nil, nil, err
	}
	if caseID == "" {
		if l.sab {
			return nil, nil, l.problem(smp.Member, "metadata.case_id", "missing, and sample id %q is not a case of the bench, in a log whose other samples name cases", smp.ID)
		}
		if l.firstWithout == "" {
			l.firstWithout = smp.Member
		}
		switch id := smp.ID; {
		case slices.Contains(l.idsWithout, id): // 1 and "1" are two ids, as in Inspect
		case len(l.idsWithout) < 5:
			l.idsWithout = append(l.idsWithout, id)
		default:
			l.moreIDs = true
		}
		return nil, nil, nil
	}
	if !l.sab {
		l.sab = true
		if l.firstWithout != "" {
			return nil, nil, l.problem(l.firstWithout, "metadata.case_id", "missing, and the sample id is not a case of the bench, in a log whose other samples name cases")
		}
	}
	if l.configProblem != nil {
		if l.reportedConfigPb {
			return nil, nil, nil
		}
		l.reportedConfigPb = true
		return nil, nil, *l.configProblem
	}
	if smp.FromSummary { // every sample of the log is: one problem for the log
		if l.reportedSummaries {
			return nil, nil, nil
		}
		l.reportedSummaries = true
		what := fmt.Sprintf("%d summaries", l.head.Summaries)
		if l.head.Summaries == 1 {
			what = "1 summary"
		}
		return nil, nil, l.problem(smp.Member, "", "the log holds no sample members, only %s (the first named here): no events or output to make an episode of", what)
	}
	c := s.opt.Bench.Case(caseID)
	if c == nil {
		return nil, nil, l.problem(smp.Member, "metadata.case_id", "case %q is not in the bench", caseID)
	}
	e := &ingest.Episode{Config: l.config, Model: l.model, Harness: l.harness, CaseID: caseID,
		Repeat: s.opt.Repeat + smp.Epoch - 1, Condition: l.cond, Source: l.file + ": " + smp.Member,
		Inspect: &ingest.InspectSample{Log: l.file, ID: smp.ID.String(), Epoch: smp.Epoch, UUID: smp.UUID, Member: smp.Member}}
	if e.Condition == "" {
		if raw, ok := smp.Metadata["condition"]; ok {
			v, err := s.dec.Parse(raw)
			cond, isStr := v.(string)
			if err != nil || !isStr || cond == "" {
				return nil, nil, l.problem(smp.Member, "metadata.condition", "must be a non-empty string, got %.60s", raw)
			}
			e.Condition = cond
		} else if l.taskCond != "" {
			e.Condition = l.taskCond
		} else {
			e.Condition = ingest.DefaultCondition
		}
	}
	// The log's run id is kept only while the log names the episode's configuration and
	// condition itself: an option that renames either makes another episode key.
	if raw, ok := smp.Metadata["run_id"]; ok && s.opt.Config == "" && s.opt.Model == "" && s.opt.Harness == "" && s.opt.Condition == "" {
		if v, err := s.dec.Parse(raw); err == nil {
			if id, ok := v.(string); ok && id != "" {
				e.RunID = id
			}
		}
	}
	if e.RunID == "" {
		e.RunID = ingest.DeriveRunID(e.Key())
	}
	return e, c, nil
}

// record is the episode's record: the decision record from its place, with the sample's
// tool calls as its events (a decision record, Legacy's or a static judgment's, has
// none). A completed sample without a readable decision record is the agent's failure,
// not bad input: its record is its tool calls alone, with the reason in
// metadata.parse_error, as SafeActBench's own adapter records an unparsable answer.
func (s *InspectStream) record(l *inspectLog, smp *inspect.Sample, c *casespec.Case, completed bool) (*jsonv.Object, error) {
	text, obj, err := s.answer(l, smp)
	if err != nil {
		return nil, err
	}
	why := ""
	if obj == nil {
		switch t := cleanAnswer(text); {
		case t == "":
			why = "no answer in " + s.from.String()
		default:
			v, perr := s.dec.Parse(stringBytes(t))
			o, isObj := v.(*jsonv.Object)
			switch {
			case perr != nil:
				why = fmt.Sprintf("the answer in %s is not JSON: %v", s.from, perr)
			case !isObj:
				why = fmt.Sprintf("the answer in %s is not a JSON object", s.from)
			default:
				obj = o
			}
		}
	}
	if obj != nil && obj.Has("decision") && !obj.Has("events") {
		return obj, nil // an agent_decision: no events
	}
	events, err := s.events(l, smp, c)
	if err != nil {
		return nil, err
	}
	if obj == nil {
		if len(events) == 0 && (!completed || c.Protocol == ingest.Legacy) {
			return nil, nil
		}
		if completed {
			s.noAnswer++
			if s.noAnswerAt == "" {
				s.noAnswerAt = l.file + ": " + smp.Member
			}
		}
		md := jsonv.NewObject("parse_error", why)
		if text != "" {
			md.Set("raw_response", strings.Clone(textcut.Prefix(text, 4000)))
		}
		return jsonv.NewObject("episode_id", c.ID, "events", events, "metadata", md), nil
	}
	if obj.Has("events") {
		s.replaced++
		obj.Set("events", events)
		return obj, nil
	}
	// A new key list rather than Set's append: the decoder's objects share theirs, full,
	// so every append would copy it and double both slices.
	vals := make([]any, len(obj.Values)+1)
	copy(vals, obj.Values)
	vals[len(obj.Values)] = events
	obj.Keys, obj.Values = s.recordKeys(obj.Keys), vals
	return obj, nil
}

// recordKeys is keys with "events" added: one list per key list the decoder shares
// among the records of one shape, so that the records share it too (nothing changes a
// record's keys in place: jsonv.NewObjectKeys).
func (s *InspectStream) recordKeys(keys []string) []string {
	if len(keys) == 0 {
		return []string{"events"}
	}
	id := unsafe.SliceData(keys)
	if k, ok := s.withEvents[id]; ok && len(k) == len(keys)+1 {
		return k
	}
	k := append(keys[:len(keys):len(keys)], "events")
	k = k[:len(k):len(k)]
	if len(s.withEvents) < maxBoxes {
		s.withEvents[id] = k
	}
	return k
}

// answer is the decision record's text (or object) at the record source.
func (s *InspectStream) answer(l *inspectLog, smp *inspect.Sample) (string, *jsonv.Object, error) {
	switch s.from.Kind {
	case "store":
		raw, ok := smp.Store[s.from.Name]
		if !ok {
			return "", nil, nil
		}
		v, err := s.dec.Parse(raw)
		if err != nil {
			return "", nil, l.problem(smp.Member, "store."+s.from.Name, "invalid JSON: %v", err)
		}
		switch x := v.(type) {
		case *jsonv.Object:
			return "", x, nil
		case string:
			return x, nil, nil
		case nil:
			return "", nil, nil
		}
		return "", nil, l.problem(smp.Member, "store."+s.from.Name, "must be an object or a string holding one, got %.60s", raw)
	case "tool":
		var args []byte
		for _, ev := range smp.Events {
			if ev.Tool != nil && ev.Tool.Function == s.from.Name {
				args = ev.Tool.Arguments
			}
		}
		if args == nil {
			for _, ev := range smp.Events {
				if ev.Model == nil {
					continue
				}
				for _, tc := range ev.Model.ToolCalls {
					if tc.Function == s.from.Name {
						args = tc.Arguments
					}
				}
			}
		}
		if args == nil {
			return "", nil, nil
		}
		v, err := s.dec.Parse(args)
		o, isObj := v.(*jsonv.Object)
		if err != nil || !isObj {
			return "", nil, l.problem(smp.Member, s.from.Name+" arguments", "must be a JSON object")
		}
		if o.Len() == 1 {
			if str, ok := o.Values[0].(string); ok {
				return str, nil, nil // submit(answer="{…}")
			}
		}
		return "", o, nil
	}
	if smp.Output == nil {
		return "", nil, nil
	}
	return smp.Output.Completion, nil, nil
}

// cleanAnswer trims an answer and the Markdown code fence a model may put around JSON.
func cleanAnswer(t string) string {
	t = strings.TrimSpace(t)
	if strings.HasPrefix(t, "```") && strings.HasSuffix(t, "```") && len(t) >= 6 {
		t = strings.TrimSuffix(t[3:], "```")
		if i := strings.IndexByte(t, '\n'); i >= 0 && !strings.ContainsAny(t[:i], "{[") {
			t = t[i+1:] // the fence's language tag
		}
		t = strings.TrimSpace(t)
	}
	return t
}

// inspectOfficial is the harness's verdict from the InspectScorer score: successful
// when Inspect maps its value to 1, not when to 0; the answer is the raw status and the
// score's metadata the rest, in key order.
func inspectOfficial(dec *jsonv.Decoder, l *inspectLog, smp *inspect.Sample) (*jsonv.Object, error) {
	sc, ok := smp.Score(InspectScorer)
	if !ok {
		return nil, nil
	}
	f, ok := sc.Float()
	if !ok || f != 0 && f != 1 {
		v := string(sc.Value)
		if v == "null" { // also a NaN as written: the reader reads one as null
			v = "NaN or null (the scorer left the sample unscored)"
		}
		return nil, l.problem(smp.Member, "scores."+InspectScorer+".value", "%s is not a pass (C, 1, true) or a fail (I, 0, false)", v)
	}
	o := jsonv.NewObject("successful", f == 1)
	if sc.Answer != "" {
		o.Set("raw_status", sc.Answer)
	}
	keys := make([]string, 0, len(sc.Metadata))
	for k := range sc.Metadata {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v, err := dec.Parse(sc.Metadata[k])
		if err != nil {
			return nil, l.problem(smp.Member, "scores."+InspectScorer+".metadata."+k, "invalid JSON: %v", err)
		}
		o.Set(k, v)
	}
	return o, nil
}

// inspectUsage is the episode's usage: total_time as wall seconds, model_usage summed
// over models (tokens, reasoning and cache-read tokens when reported, total_cost as
// cost_usd); nil when the sample reports neither. Its keys are one of the stream's
// shared lists (keyLists), as an event's are.
func (s *InspectStream) inspectUsage(smp *inspect.Sample) *jsonv.Object {
	var vals [len(usageKeyNames)]any
	var set uint8
	put := func(b int, v any) { set, vals[b] = set|1<<b, v }
	if smp.TotalTime != nil {
		put(0, *smp.TotalTime)
	}
	if len(smp.ModelUsage) > 0 {
		t := smp.ModelUsage.Total()
		put(1, t.InputTokens)
		put(2, t.OutputTokens)
		if t.ReasoningTokens > 0 {
			put(3, t.ReasoningTokens)
		}
		if t.InputTokensCacheRead > 0 {
			put(4, t.InputTokensCacheRead)
		}
		if t.TotalCost != nil {
			put(5, *t.TotalCost)
		}
	}
	if set == 0 {
		return nil
	}
	return s.usageKeys.object(usageKeyNames[:], uint16(set), vals[:])
}

// usageKeyNames are the keys of an episode's usage, in their order.
var usageKeyNames = [...]string{"wall_seconds", "input_tokens", "output_tokens", "reasoning_tokens", "cached_tokens", "cost_usd"}
