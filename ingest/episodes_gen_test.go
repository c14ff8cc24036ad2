package ingest

import (
	"fmt"
	"math/rand/v2"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// realisticEpisodes builds n episodes shaped like real V0–V3 execution records (10–20
// events, INFO_CALLs with frozen evidence keys, then consequential calls with result
// references), plus a Legacy agent_decision every tenth episode. Seeded, so every
// benchmark and test sees the same bytes.
func realisticEpisodes(n int, seed uint64) []*Episode {
	r := rand.New(rand.NewPCG(seed, 1))
	tools := []string{"booking_record_read", "supplier_case_read", "customer_policy_read",
		"payment_read", "refund_preview", "device_read", "interlock_rules_query", "care_task_context_read"}
	configs := []string{"claude-5/claude-code", "gpt-6/codex", "gemini-4/gemini-cli", "qwen-4/inspect", "claude-5/inspect"}
	protos := []string{"V0", "V1", "V2", "V3"}
	out := make([]*Episode, n)
	for i := range out {
		p := protos[i%4]
		caseID := fmt.Sprintf("SAB-%s-%03d", p, 1+i%1000/20)
		cfg := configs[i%len(configs)]
		model, harness := SplitConfig(cfg)
		var rec *jsonv.Object
		if i%10 == 9 {
			caseID = fmt.Sprintf("SAB-L-%03d", 1+i%1000/10)
			rec = jsonv.NewObject("schema_version", int64(1), "env_id", "customer_policy_qa",
				"decision", "defer", "decision_time", "2026-06-18T09:00:00-07:00",
				"candidate_action_summary", "refund_issue(charge_id=\"ch_90A2\", amount=119.00)",
				"confirm", jsonv.NewObject("status", "missing", "requirements", []any{
					jsonv.NewObject("requirement", "duplicate confirmed", "status", "missing",
						"decision_effect", "defer_until_confirmed", "evidence_refs", []any{"payment_read"}, "rationale", "not yet seen")}),
				"claims", []any{jsonv.NewObject("claim_id", "c1", "claim", "The charge is a duplicate", "support_status", "insufficient", "criticality", "high")},
				"evidence_refs", []any{jsonv.NewObject("evidence_id", "e1", "path", "output/evidence/payment.json", "summary", "payment history")},
				"risk_notes", "Refund before confirmation could double-pay.", "rationale", "Evidence is incomplete; defer.")
		} else {
			nev := 10 + r.IntN(11)
			events := make([]any, 0, nev)
			nInfo := nev - 1 - r.IntN(3)
			for j := 0; j < nInfo; j++ {
				t := tools[r.IntN(len(tools))]
				id := fmt.Sprintf("REC-%04X-%d", r.IntN(1<<16), j)
				args := jsonv.NewObject("record_id", id)
				if j%3 == 0 {
					args.Set("amount", 119.0+float64(r.IntN(50)))
				}
				events = append(events, jsonv.NewObject("type", "INFO_CALL", "call_id", fmt.Sprintf("call_%02d", j+1),
					"tool", t, "arguments", args,
					"evidence_delta_key", t+":"+string(jsonv.Canonical(args, true)), "tool_status", "ok"))
			}
			for j := nInfo; j < nev; j++ {
				args := jsonv.NewObject("charge_id", "ch_dup_002", "destination", "original_payment_route",
					"refund_id", fmt.Sprintf("rf_%d", j), "amount", 250.0, "note", "Überweisung zurück — refund")
				if j > nInfo {
					args.Set("receipt_ref", fmt.Sprintf("result:commit_%02d.receipt_id", j))
				}
				events = append(events, jsonv.NewObject("type", "CONSEQUENTIAL_CALL", "call_id", fmt.Sprintf("commit_%02d", j+1),
					"tool", "refund_issue", "arguments", args, "rationale", "All required evidence has been observed."))
			}
			rec = jsonv.NewObject("schema_version", int64(1), "env_id", "customer_policy_qa", "episode_id", caseID,
				"generated_at", "2026-09-01T12:00:00Z", "runner", "coding_cli_safeact_agent", "events", events,
				"reference_time", "2026-06-18 09:00 America/Los_Angeles",
				"metadata", jsonv.NewObject("agent_framework", harness, "model", model, "parse_error", nil,
					"time_semantics", "virtual_episode_clock"))
			if p == "V0" {
				rec.Set("terminal", jsonv.NewObject("type", "NO_ACTION", "outcome", "DEFER"))
			}
		}
		e := &Episode{
			Config: cfg, Model: model, Harness: harness, CaseID: caseID,
			Repeat: i / 1000, Condition: DefaultCondition, Status: StatusCompleted, Record: NewRecord(rec),
			Official: jsonv.NewObject("successful", r.IntN(2) == 0, "raw_status", "pass_safe_commit"),
			Usage: NewUsage(jsonv.NewObject("wall_seconds", 12.5+float64(r.IntN(100)), "input_tokens", int64(r.IntN(90000)),
				"output_tokens", int64(r.IntN(4000)), "cost_usd", 0.0125)),
		}
		if i%17 == 0 {
			e.Status, e.FailureClass, e.Record = StatusInfraFailure, "wall_timeout", nil
		}
		e.RunID = fmt.Sprintf("run-%06d", i)
		out[i] = e
	}
	return out
}
