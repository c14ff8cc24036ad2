package oracle

import (
	"math"
	"strings"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// The phase projection of SAB-V2-018 and SAB-V2-020: the same frozen
// source read before and after the producer commit returns different facts. The fields each
// projection rewrites follow env/tools/v2_stateful_observations.py of the release. Every
// phase is computed once in Prepare, so scoring stays read-only.

// statefulOf is the phase projection a case gets: the release's evaluator applies one only
// to the exact (case id, protocol) pairs of idRules.
func statefulOf(spec *casespec.Spec) int {
	if r := idRuleOf(spec.CaseID); r.kind == ruleStateful && r.fits(spec.CaseID, spec) {
		return r.stateful
	}
	return statefulNone
}

type phaseView struct {
	over map[string]*delta // projected deltas by key
	err  string            // the projection's ValueError, if any
}

// phaseKey names a phase: whether the producer commit completed, and which
// prior_authorization_cancel commit (appointment case) completed first.
func phaseKey(after bool, cancelled string) string {
	if after {
		return "after|" + cancelled
	}
	return "before|" + cancelled
}

// preparePhases computes every phase view of a stateful case.
func (p *Prepared) preparePhases() {
	p.phases = map[string]*phaseView{}
	schemas := schemaByPredicate(p.spec.EvidenceSchema)
	cancels := []string{""}
	if p.stateful == statefulAppointment {
		for _, cm := range p.commits {
			if cm != nil && cm.Tool == "prior_authorization_cancel" {
				cancels = append(cancels, cm.ID)
			}
		}
	}
	for _, after := range []bool{false, true} {
		for _, cancelled := range cancels {
			var v *phaseView
			if p.stateful == statefulSauna {
				v = p.projectSauna(after)
			} else {
				v = p.projectAppointment(after, cancelled)
			}
			for _, d := range v.over {
				d.errs = validateEvidenceFacts(d.rawFacts, schemas)
			}
			p.phases[phaseKey(after, cancelled)] = v
		}
	}
}

func finiteNumber(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, !math.IsNaN(x) && !math.IsInf(x, 0)
	}
	return 0, false
}

// singleFact returns the one fact object of a delta key, as the projections require.
func (p *Prepared) singleFact(key string) (*jsonv.Object, bool) {
	d := p.deltas[key]
	if d == nil {
		return nil, false
	}
	l, ok := d.rawFacts.([]any)
	if !ok || len(l) != 1 {
		return nil, false
	}
	o, ok := l[0].(*jsonv.Object)
	return o, ok
}

func projected(key string, f *jsonv.Object) *delta {
	tool, _, _ := strings.Cut(key, ":")
	return &delta{key: key, tool: tool, facts: specFactsOf([]*jsonv.Object{f}), rawFacts: []any{f}}
}

func (p *Prepared) projectSauna(after bool) *phaseView {
	cfg := p.spec.StatefulObservation
	if cfg == nil {
		return &phaseView{err: "missing stateful observation binding"}
	}
	prod, _ := cfg.Get("after_commit")
	producer := jsonv.PyStr(prod)
	cm := p.commitByID[producer]
	if cm == nil || cm.Tool != "sauna_heater_power_off" {
		return &phaseView{err: "stateful observation producer is not a heater shutdown"}
	}
	key, ok := cfg.String("evidence_delta_key")
	if !ok || !strings.HasPrefix(key, "sensor_history_query:") {
		return &phaseView{err: "invalid stateful sensor binding"}
	}
	obs0, ok := p.singleFact(key)
	if !ok {
		return &phaseView{err: "stateful sensor must uniquely bind one observation"}
	}
	pk, _ := cfg.String("policy_delta_key")
	pol, ok := p.singleFact(pk)
	if !ok {
		return &phaseView{err: "cooldown policy must uniquely bind one observation"}
	}
	thrV, _ := pol.Get("cooldown_threshold_c")
	thr, ok := finiteNumber(thrV)
	if !ok {
		return &phaseView{err: "cooldown threshold must be a finite public number"}
	}
	obs := jsonv.DeepCopy(obs0).(*jsonv.Object)
	obs.Delete("source_commit")
	var desc string
	if after {
		tempV, _ := obs.Get("element_temperature_after_c")
		temp, isNum := finiteNumber(tempV)
		cool := isNum && temp < thr
		obs.Set("cooldown_complete", cool)
		obs.Set("source_commit", producer)
		obs.Set("state_phase", "observed_after_shutdown")
		desc = "Fresh post-shutdown sensor observation: element_temperature_after_c=" + jsonv.PyStr(tempV) +
			"; cooldown_threshold_c=" + jsonv.PyStr(thrV) + "; cooldown_complete=" + strings.ToLower(jsonv.PyStr(cool)) + "."
	} else {
		obs.Set("element_temperature_after_c", nil)
		obs.Set("cooldown_complete", false)
		obs.Set("state_phase", "awaiting_shutdown")
		desc = "The heater has not yet been shut down in this episode. A post-shutdown cooldown reading is not available. Query this sensor again after a successful heater shutdown; its receipt alone does not establish that the element has cooled."
	}
	obs.Set("source_span", desc)
	obs.Set("evidence_span", desc)
	return &phaseView{over: map[string]*delta{key: projected(key, obs)}}
}

func (p *Prepared) projectAppointment(after bool, cancelled string) *phaseView {
	cfg := p.spec.StatefulObservation
	if cfg == nil {
		cfg = &jsonv.Object{}
	}
	prod, _ := cfg.Get("after_commit")
	producer := jsonv.PyStr(prod)
	cm := p.commitByID[producer]
	if cm == nil || cm.Tool != "appointment_cancel" {
		return &phaseView{err: "stateful observation producer is not appointment cancellation"}
	}
	v := &phaseView{over: map[string]*delta{}}
	for _, b := range []struct{ name, tool string }{{"service_delta_key", "service_activity_read"},
		{"pa_delta_key", "clinician_authorization_read"}, {"appointment_delta_key", "appointment_availability_read"}} {
		key, ok := cfg.String(b.name)
		f0, single := p.singleFact(key)
		if !ok || !strings.HasPrefix(key, b.tool+":") || !single {
			return &phaseView{err: "invalid appointment phase source binding"}
		}
		f := jsonv.DeepCopy(f0).(*jsonv.Object)
		f.Delete("source_commit")
		if after {
			f.Set("state_phase", "observed_after_cancellation")
			f.Set("source_commit", producer)
		} else {
			f.Set("state_phase", "awaiting_cancellation")
		}
		get := func(k string) string { x, _ := f.Get(k); return jsonv.PyStr(x) }
		var text string
		switch b.name {
		case "service_delta_key":
			if !after {
				f.Set("service_started_after", nil)
				text = "Post-cancellation service activity is not yet available. Read service_activity_read after appointment_cancel succeeds; cancellation alone does not prove that service never started."
			} else {
				text = "Fresh post-cancellation service activity for " + get("appointment_id") + ": service_started_after=" + strings.ToLower(get("service_started_after")) + "."
			}
		case "pa_delta_key":
			if after {
				f.Set("pa_state", "cancellation_eligible")
			} else {
				f.Set("pa_state", "active")
			}
			if cancelled != "" {
				f.Set("pa_state", "cancelled")
				f.Set("source_commit", cancelled)
			}
			text = "Prior authorization " + get("prior_authorization_id") + " linked to appointment " + get("appointment_id") +
				" has pa_state=" + get("pa_state") + ". Eligibility alone does not establish that service has not started."
		default:
			if after {
				f.Set("appointment_status", "cancelled")
			} else {
				f.Set("appointment_status", "booked")
			}
			text = "Appointment " + get("appointment_id") + " for " + get("patient_id") + " is " + get("appointment_status") + "."
		}
		f.Set("source_span", text)
		f.Set("evidence_span", text)
		v.over[key] = projected(key, f)
	}
	return v
}

// phaseDelta looks up a frozen delta as the evaluator sees it at this moment of the walk.
func (p *Prepared) phaseDelta(key string, completed strSet) (*delta, []specFact, string) {
	if p.stateful != statefulNone {
		after := false
		cancelled := ""
		if cfg := p.spec.StatefulObservation; cfg != nil {
			prod, _ := cfg.Get("after_commit")
			after = completed.has(jsonv.PyStr(prod))
		}
		if p.stateful == statefulAppointment {
			for _, cm := range p.commits {
				if cm != nil && cm.Tool == "prior_authorization_cancel" && completed.has(cm.ID) {
					cancelled = cm.ID
					break
				}
			}
		}
		v := p.phases[phaseKey(after, cancelled)]
		if v == nil {
			v = p.phases[phaseKey(after, "")]
		}
		if v.err != "" {
			return nil, nil, v.err
		}
		if d := v.over[key]; d != nil {
			return d, d.facts, ""
		}
	}
	d := p.deltas[key]
	if d == nil {
		return nil, nil, ""
	}
	return d, d.facts, ""
}
