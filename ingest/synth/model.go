package synth

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// read is one information call the case knows about: a prescribed read (in
// required_info_calls) or a late re-check that only a later commit needs.
type read struct {
	tool  string
	args  *jsonv.Object
	facts []any
	late  bool // not prescribed; a V2/V3 commit after the first needs its fact
	k     string
}

// key is the frozen-evidence key "<tool>:"+canonical(arguments) (ensure_ascii, as the evaluator writes it).
func (r *read) key() string {
	if r.k == "" {
		r.k = r.tool + ":" + string(jsonv.Canonical(r.args, true))
	}
	return r.k
}

// objK builds an object over a shared key list. The key slices below have cap == len, so
// a later Set of a new key copies them instead of writing into the shared array.
func objK(keys []string, vals ...any) *jsonv.Object { return &jsonv.Object{Keys: keys, Values: vals} }

var (
	keysInfoKey  = []string{"type", "call_id", "tool", "arguments", "evidence_delta_key", "tool_status"}
	keysInfo     = []string{"type", "call_id", "tool", "arguments", "tool_status"}
	keysAct      = []string{"type", "call_id", "tool", "arguments"}
	keysRecord   = []string{"schema_version", "env_id", "episode_id", "generated_at", "runner", "events", "reference_time", "metadata"}
	keysRecordV0 = []string{"schema_version", "env_id", "episode_id", "generated_at", "runner", "events", "reference_time", "metadata", "terminal"}
	keysMeta     = []string{"agent_framework", "model", "parse_error", "reference_time", "time_semantics"}
	keysTerminal = []string{"type", "outcome"}
	keysUsage    = []string{"wall_seconds", "input_tokens", "output_tokens", "cost_usd"}
	keysOfficial = []string{"successful", "raw_status"}
)

// obj builds an object from distinct keys without the duplicate check of NewObject; the
// episode writers build hundreds of thousands of small objects.
func obj(kv ...any) *jsonv.Object {
	o := &jsonv.Object{Keys: make([]string, 0, len(kv)/2), Values: make([]any, 0, len(kv)/2)}
	for i := 0; i+1 < len(kv); i += 2 {
		o.Keys = append(o.Keys, kv[i].(string))
		o.Values = append(o.Values, kv[i+1])
	}
	return o
}

// commit is one V2/V3 workflow commit (or a V0 DAG candidate) and what the agents need to
// know about it to write right and wrong actions.
type commit struct {
	id       string
	tool     string
	args     *jsonv.Object // template arguments, references as result:<commit_id>.receipt_id
	deps     []string
	post     string
	entity   string // plain entity argument (wrong entity / wrong argument target)
	option   string // plain option argument
	wrongVal string // a wrong value for the option argument
	decoy    string // a wrong entity id
	hasRef   bool   // the template holds a result: reference somewhere
	refArg   string // top-level argument holding the single-parent reference, "" if none
	lateReq  bool   // needs the late read's fact
	rootRead int    // a root's own eligibility read (index into model.reads), -1 otherwise
}

// model is a generated case together with the knowledge its simulated agents use.
type model struct {
	c      *casespec.Case
	dom    *domain
	tmpl   string
	reads  []read // prescribed reads in required_info_calls order, then the late read
	frozen bool   // the agent's host records evidence_delta_key on reads
	rules  bool   // facts come from evidence_rules (V0 single / V1 / V2 rules mode)

	// V0 single action / V1.
	tool      string
	args      *jsonv.Object
	entityArg string
	target    string
	decoy     string
	optionArg string
	wrongVal  string
	decisive  int    // index into reads of the decisive record
	stop      string // V0 expected_stop_outcome
	dag       bool   // V0 dag_workflow candidate

	commits []commit // V2/V3 workflow; V0 DAG candidates
	gold    string   // Legacy gold_decision (lower case)
}

func (m *model) nRequired() int {
	n := 0
	for i := range m.reads {
		if !m.reads[i].late {
			n++
		}
	}
	return n
}

// commitIndex returns the position of commit id in m.commits.
func (m *model) commitIndex(id string) int {
	for i := range m.commits {
		if m.commits[i].id == id {
			return i
		}
	}
	return -1
}

// std fields every synthetic fact carries, in the order the real facts list them; the
// evidence_schema of frozen cases requires them.
var factRequired = []any{"predicate", "record_id", "record_type", "record_version", "observed_at",
	"evidence_span", "source_record_id", "source_tool_name", "schema_version"}

// fact builds one evidence fact with provenance fields shaped like the real ones.
func fact(pred, recordID, tool, span string, kv ...any) *jsonv.Object {
	o := jsonv.NewObject(
		"predicate", pred,
		"record_id", recordID,
		"record_type", pred,
		"record_version", int64(1),
		"observed_at", "2026-08-01T09:00:00Z",
		"fresh_until", "2026-08-08T09:00:00Z",
		"evidence_span", span,
		"source_span", span,
		"source_record_id", recordID,
		"source_tool_name", tool,
		"schema_version", "safeact_semantic_evidence_v1",
	)
	for i := 0; i+1 < len(kv); i += 2 {
		o.Set(kv[i].(string), kv[i+1])
	}
	return o
}

func strs(ss ...string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

func condFact(kv ...any) *jsonv.Object {
	o := jsonv.NewObject("source", "fact")
	for i := 0; i+1 < len(kv); i += 2 {
		o.Set(kv[i].(string), kv[i+1])
	}
	return o
}

func actionArg(name string) *jsonv.Object { return jsonv.NewObject("action_arg", name) }

// requirement builds {requirement_id, description, missing_reason, supported_if_all,
// violated_if_any?} with one violation group.
func requirement(id, desc, missing string, supported []any, violated []any, reason string) *jsonv.Object {
	o := jsonv.NewObject("requirement_id", id, "description", desc, "missing_reason", missing,
		"supported_if_all", supported)
	if violated != nil {
		o.Set("violated_if_any", []any{jsonv.NewObject("all", violated, "reason", reason)})
	}
	return o
}

// idgen makes record ids unique within the release.
type idgen struct {
	rng *rand.Rand
}

func (g idgen) hex(n int) string {
	const digits = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteByte(digits[g.rng.IntN(16)])
	}
	return b.String()
}

func (g idgen) rec(d *domain, kind string) string {
	return fmt.Sprintf("%s-%s-%s", d.prefix, strings.ToUpper(strings.ReplaceAll(kind, "_", "-")), g.hex(8))
}

func (g idgen) entity(a action) string {
	return fmt.Sprintf("%s-%s", a.idPfx, g.hex(6))
}

// shuffled returns a random permutation of 0..n-1.
func shuffled(rng *rand.Rand, n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	rng.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}

// pickActions returns k distinct actions of d, starting from a template-determined offset.
func pickActions(rng *rand.Rand, d *domain, k int) []action {
	p := shuffled(rng, len(d.actions))
	out := make([]action, k)
	for i := 0; i < k; i++ {
		out[i] = d.actions[p[i]]
	}
	return out
}

func readTool(noun string) string { return noun + "_read" }

func otherOption(d *domain, o string, rng *rand.Rand) string {
	for {
		w := d.options[rng.IntN(len(d.options))]
		if w != o {
			return w
		}
	}
}

// payloadPolicy returns the template payload policy an action with generated content
// needs (template_id, slots or summary_facts, as the evaluator checks them), or nil.
func payloadPolicy(args *jsonv.Object) *jsonv.Object {
	if !args.Has("template_id") && !args.Has("slots") && !args.Has("summary_facts") {
		return nil
	}
	var fields []any
	for _, k := range args.Keys {
		fields = append(fields, k)
	}
	tid, _ := args.String("template_id")
	return jsonv.NewObject("allowed_fields", fields, "allowed_templates", strs(tid),
		"forbidden_free_text_fields", strs("body", "content", "message"), "mode", "template")
}

// optionValue draws the value of an action's option argument and a wrong one.
func optionValue(rng *rand.Rand, d *domain, a action) (opt, wrong string) {
	if a.option == "template_id" {
		base := strings.TrimSuffix(strings.TrimSuffix(a.tool, "_send"), "_template")
		return base + "_v1", base + "_v2"
	}
	opt = d.options[rng.IntN(len(d.options))]
	return opt, otherOption(d, opt, rng)
}
