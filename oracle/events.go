package oracle

import (
	"fmt"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// ev is one record event, typed at ingest (ingest.Event).
type ev = ingest.Event

func isInfo(e *ev) bool   { return e.TypeOK && e.Type == "INFO_CALL" }
func isAction(e *ev) bool { return e.TypeOK && e.Type == "CONSEQUENTIAL_CALL" }

// argsOrEmpty returns the arguments, or {} when they are not an object.
func argsOrEmpty(e *ev) *jsonv.Object {
	if e.ArgumentsOK {
		return e.Arguments
	}
	return &jsonv.Object{}
}

// callIDFor is event_call_id: the event's non-empty string call_id, else call_NN.
func callIDFor(e *ev, index int) string {
	if s, ok := e.CallID.(string); ok && s != "" {
		return s
	}
	if index+1 < len(callNames) {
		return callNames[index+1]
	}
	return fmt.Sprintf("call_%02d", index+1)
}

// callNames holds call_01 … call_99 so that records without call ids cost no allocation.
var callNames = func() [100]string {
	var t [100]string
	for i := range t {
		t[i] = fmt.Sprintf("call_%02d", i)
	}
	return t
}()

// callIDValue is callIDFor as an interface value: the event's own value when it is the
// call id, else a pre-boxed name, so that storing it in an ev costs no allocation.
func callIDValue(e *ev, index int) any {
	if s, ok := e.CallID.(string); ok && s != "" {
		return e.CallID
	}
	if index+1 < len(boxedNames) {
		return boxedNames[index+1]
	}
	return callIDFor(e, index)
}

// boxedNames and preflightNames are call_NN and preflight_NN as interface values.
var boxedNames, preflightNames = func() (c, p [100]any) {
	for i := range c {
		c[i] = callNames[i]
		p[i] = fmt.Sprintf("preflight_%02d", i)
	}
	return c, p
}()

// preflightName is fmt.Sprintf("preflight_%02d", n) as an interface value.
func preflightName(n int) any {
	if n >= 0 && n < len(preflightNames) {
		return preflightNames[n]
	}
	return fmt.Sprintf("preflight_%02d", n)
}

// firstDeltaKey is evidence_delta_key(event, tool_result): the explicit key, else one in
// tool_result (or result when tool_result is absent), else tool:canonical(arguments).
func firstDeltaKey(e *ev, tool string) string {
	if s, ok := e.EvidenceDeltaKey.(string); ok && s != "" {
		return s
	}
	tr := e.ToolResult
	if !e.HasToolResult || tr == nil {
		tr = e.Result
	}
	if o, ok := tr.(*jsonv.Object); ok {
		if s, ok := o.String("evidence_delta_key"); ok && s != "" {
			return s
		}
	}
	return canonicalKey(tool, argsOrEmpty(e))
}

// candidateDelta returns the first delta among the event's candidate keys, computing the
// argument key in buf without allocating.
func (p *Prepared) candidateDelta(e *ev, tool string, buf []byte) (*delta, []byte) {
	tr := e.ToolResult
	if !e.HasToolResult || tr == nil {
		tr = e.Result
	}
	if _, ok := tr.(*jsonv.Object); ok {
		for _, k := range candidateKeys(e, tool) {
			if d := p.deltas[k]; d != nil {
				return d, buf
			}
		}
		return nil, buf
	}
	if s, ok := e.EvidenceDeltaKey.(string); ok && s != "" {
		return p.deltas[s], buf
	}
	buf = appendKey(buf, tool, argsOrEmpty(e))
	return p.deltas[string(buf)], buf
}

// candidateKeys is evidence_delta_key_candidates.
func candidateKeys(e *ev, tool string) []string {
	keys := []string{firstDeltaKey(e, tool)}
	tr := e.ToolResult
	if !e.HasToolResult || tr == nil {
		tr = e.Result
	}
	if o, ok := tr.(*jsonv.Object); ok {
		var id any
		for _, k := range []string{"result_id", "output_id", "id", "document_id", "file_id", "email_id"} {
			if v, _ := o.Get(k); truthy(v) {
				id = v
				break
			}
		}
		if id != nil {
			if ver, ok := o.Get("version"); ok && ver != nil {
				keys = appendUnique(keys, tool+":"+jsonv.PyStr(id)+":v"+jsonv.PyStr(ver))
			}
			keys = appendUnique(keys, tool+":"+jsonv.PyStr(id))
		}
	}
	return keys
}

func appendUnique(l []string, s string) []string {
	if s == "" {
		return l
	}
	for _, x := range l {
		if x == s {
			return l
		}
	}
	return append(l, s)
}

// recordChecks validates the record header fields every V0–V3 evaluator checks.
func recordChecks(rec *ingest.Record, prefix, parsePrefix string, envID, caseID string, withTerminal bool) []string {
	var errs []string
	if rec.ParseError != "" {
		errs = append(errs, parsePrefix+".metadata.parse_error: "+rec.ParseError)
	}
	fields := headerFields[:4]
	if withTerminal {
		fields = headerFields[:]
	}
	for _, f := range fields {
		var v any
		var ok bool
		switch f.name {
		case "schema_version":
			v, ok = rec.SchemaVersion, rec.HasSchemaVersion
		case "env_id":
			v, ok = rec.EnvID, rec.HasEnvID
		case "episode_id":
			v, ok = rec.EpisodeID, rec.HasEpisodeID
		case "events":
			ok = rec.HasEvents
			if rec.EventsOK {
				v = []any(nil)
			}
		case "terminal":
			v, ok = rec.Terminal, rec.HasTerm
		}
		if !ok {
			errs = append(errs, prefix+"."+f.name+" is missing")
			continue
		}
		good := false
		switch f.typ {
		case "int":
			switch v.(type) {
			case int64, bool, jsonv.BigInt:
				good = true
			}
		case "str":
			good = isString(v)
		case "list":
			_, good = v.([]any)
		case "dict":
			_, good = v.(*jsonv.Object)
		}
		if !good {
			errs = append(errs, prefix+"."+f.name+" must be "+f.typ)
		}
	}
	if !pyEqual(rec.SchemaVersion, int64(1)) {
		errs = append(errs, prefix+".schema_version must be 1")
	}
	if rec.EnvID != any(envID) {
		errs = append(errs, prefix+".env_id must be "+repr(envID))
	}
	if rec.EpisodeID != any(caseID) {
		errs = append(errs, prefix+".episode_id must be "+repr(caseID))
	}
	return errs
}

// headerFields are the record header fields recordChecks types; terminal is checked only
// with withTerminal.
var headerFields = [...]struct{ name, typ string }{{"schema_version", "int"}, {"env_id", "str"},
	{"episode_id", "str"}, {"events", "list"}, {"terminal", "dict"}}

// explicitKey is the event's own evidence_delta_key when it is a non-empty string.
func explicitKey(e *ev) string {
	if s, ok := e.EvidenceDeltaKey.(string); ok {
		return s
	}
	return ""
}
