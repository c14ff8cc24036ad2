package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// SAB-V2-018's projection, read from the real case: before the heater shutdown the sensor
// reads awaiting_shutdown/cooldown_complete=false; after it, 42 < 60 gives true
// (env/tools/v2_stateful_observations.py).
func TestSaunaProjection(t *testing.T) {
	p := prepare(t, loadCase(t, "SAB-V2-018"))
	key := `sensor_history_query:{"record_id":"SH-SENSOR-HISTORY-D414CCE2C448","record_type":"sensor_history_query_record_3"}`
	check := func(done strSet, phase string, cool bool, commit any) {
		t.Helper()
		d, facts, err := p.phaseDelta(key, done)
		if err != "" || d == nil || len(facts) != 1 {
			t.Fatalf("phase %s: %v %q", phase, d, err)
		}
		f := facts[0]
		ph, _ := f.Get("state_phase")
		cc, _ := f.Get("cooldown_complete")
		sc, _ := f.Get("source_commit")
		if ph != phase || cc != cool || sc != commit {
			t.Errorf("phase %s: got %v %v %v", phase, ph, cc, sc)
		}
	}
	check(nil, "awaiting_shutdown", false, nil)
	check(strSet{"a_sauna_heater_power_off"}, "observed_after_shutdown", true, "a_sauna_heater_power_off")
	// The case's own frozen fact is untouched.
	orig := p.deltas[key].facts[0]
	if orig.Has("state_phase") {
		t.Error("projection changed the case spec")
	}
}

// SAB-V2-020 is not among the copied cases; a minimal spec with its declared shape checks
// the appointment projection's fields.
func TestAppointmentProjection(t *testing.T) {
	spec := mustParse(t, `{
	 "episode_id":"SAB-V2-020","env_id":"healthcare_operations_agent","evidence_mode":"frozen",
	 "metadata":{"stateful_observation_protocol":"v2_appointment_refresh_v1"},
	 "stateful_observation":{"after_commit":"cancel_appt",
	   "service_delta_key":"service_activity_read:{\"record_id\":\"S\"}",
	   "pa_delta_key":"clinician_authorization_read:{\"record_id\":\"P\"}",
	   "appointment_delta_key":"appointment_availability_read:{\"record_id\":\"A\"}"},
	 "workflow":[{"commit_id":"cancel_appt","tool":"appointment_cancel","arguments":{},"depends_on":[],"requirements":[],"postconditions":["x"]},
	             {"commit_id":"cancel_pa","tool":"prior_authorization_cancel","arguments":{},"depends_on":["cancel_appt"],"requirements":["x"],"postconditions":["y"]}],
	 "frozen_evidence_deltas":{
	   "service_activity_read:{\"record_id\":\"S\"}":[{"predicate":"service","appointment_id":"AP1","service_started_after":false}],
	   "clinician_authorization_read:{\"record_id\":\"P\"}":[{"predicate":"pa","appointment_id":"AP1","prior_authorization_id":"PA1"}],
	   "appointment_availability_read:{\"record_id\":\"A\"}":[{"predicate":"appt","appointment_id":"AP1","patient_id":"PT1"}]}}`)
	c := &casespec.Case{ID: "SAB-V2-020", BaseID: "SAB-V2-020", Protocol: ingest.V2, Domain: "healthcare_operations_agent", Spec: spec, Source: "inline"}
	p := prepare(t, c)
	get := func(key string, done strSet, field string) any {
		t.Helper()
		_, facts, err := p.phaseDelta(key, done)
		if err != "" || len(facts) != 1 {
			t.Fatalf("%s: %q", key, err)
		}
		v, _ := facts[0].Get(field)
		return v
	}
	svc, pa, appt := `service_activity_read:{"record_id":"S"}`, `clinician_authorization_read:{"record_id":"P"}`, `appointment_availability_read:{"record_id":"A"}`
	if v := get(svc, nil, "service_started_after"); v != nil {
		t.Errorf("before: service_started_after %v", v)
	}
	if v := get(svc, strSet{"cancel_appt"}, "service_started_after"); v != false {
		t.Errorf("after: service_started_after %v", v)
	}
	if v := get(pa, nil, "pa_state"); v != "active" {
		t.Errorf("pa before: %v", v)
	}
	if v := get(pa, strSet{"cancel_appt"}, "pa_state"); v != "cancellation_eligible" {
		t.Errorf("pa after: %v", v)
	}
	if v := get(pa, strSet{"cancel_appt", "cancel_pa"}, "pa_state"); v != "cancelled" {
		t.Errorf("pa cancelled: %v", v)
	}
	if v := get(appt, strSet{"cancel_appt"}, "appointment_status"); v != "cancelled" {
		t.Errorf("appointment: %v", v)
	}
	if v := get(appt, nil, "evidence_span"); v != "Appointment AP1 for PT1 is booked." {
		t.Errorf("span: %v", v)
	}
	// A broken binding ends a read with SPEC_INVALID_EVIDENCE_SCHEMA.
	bad := jsonv.DeepCopy(spec).(*jsonv.Object)
	so, _ := bad.Obj("stateful_observation")
	so.Set("pa_delta_key", "wrong_tool:{}")
	c2 := *c
	c2.Spec = bad
	if _, _, err := prepare(t, &c2).phaseDelta(svc, nil); err != "invalid appointment phase source binding" {
		t.Errorf("broken binding: %q", err)
	}
}
