package synth

// domain is the vocabulary one business environment lends to its cases: names of
// information tools, consequential tools, entity kinds and option values. Names follow the
// shapes of the real release (snake_case tools, upper-case record ids with a domain prefix).
type domain struct {
	id      string // env_id
	prefix  string // record-id prefix, e.g. CUST
	snap    string // world_snapshot_version
	nouns   []string
	actions []action
	options []string // constrained option values for action arguments
	people  []string
}

// action is a consequential tool and the entity its first argument names.
type action struct {
	tool   string
	entity string // argument name of the target entity, e.g. charge_id
	idPfx  string // entity id prefix, e.g. ch
	option string // name of the constrained option argument
}

// Domain counts of the paper (Setup): the six environments and how many of the 656 cases
// each holds.
var domainCounts = []struct {
	id string
	n  int
}{
	{"customer_policy_qa", 112},
	{"ops_code_agent", 109},
	{"legal_finance_advice", 144},
	{"research_assistant", 97},
	{"smart_home_agent", 96},
	{"healthcare_operations_agent", 98},
}

var domains = map[string]*domain{
	"customer_policy_qa": {
		id: "customer_policy_qa", prefix: "CUST", snap: "2026-08-02-customer-v13",
		nouns: []string{"order", "payment", "refund_policy", "risk_flag", "support_ticket", "customer_profile",
			"booking", "supplier_case", "loyalty_ledger", "return_record", "carrier_event", "warranty",
			"subscription", "invoice", "chargeback", "shipment", "store_credit", "promotion", "address_book", "fraud_signal"},
		actions: []action{
			{"refund_issue", "charge_id", "ch", "reason"}, {"credit_issue", "booking_id", "HTL", "reason"},
			{"support_ticket_close", "ticket_id", "TCK", "resolution_code"}, {"customer_template_notice_send", "recipient_id", "CUS", "template_id"},
			{"replacement_order_create", "order_id", "SB", "shipping_speed"}, {"loyalty_points_adjust", "member_id", "LOY", "reason"},
			{"subscription_cancel", "subscription_id", "SUB", "reason"}, {"return_label_create", "return_id", "RMA", "carrier"},
			{"chargeback_accept", "dispute_id", "DSP", "resolution_code"}, {"address_update", "customer_id", "CUS", "address_type"},
		},
		options: []string{"duplicate_charge", "hotel_overbooked", "damaged_in_transit", "late_delivery", "goodwill", "policy_exception"},
		people:  []string{"Maya Patel", "Alina Cruz", "Jonas Weber", "Priya Nair", "Tom Okafor"},
	},
	"ops_code_agent": {
		id: "ops_code_agent", prefix: "OPS", snap: "2026-08-02-ops-v9",
		nouns: []string{"deployment", "incident", "change_request", "service_owner", "runbook", "alert",
			"feature_flag", "on_call_schedule", "build", "artifact", "config_snapshot", "access_grant",
			"maintenance_window", "dependency_graph", "slo_report", "rollback_plan", "audit_log", "cluster_state", "secret_rotation", "queue_depth"},
		actions: []action{
			{"deployment_rollback", "deployment_id", "DEP", "strategy"}, {"feature_flag_disable", "flag_id", "FLAG", "scope"},
			{"incident_close", "incident_id", "INC", "resolution_code"}, {"notify_oncall_template", "rotation_id", "ROT", "template_id"},
			{"access_grant_revoke", "grant_id", "GRANT", "reason"}, {"config_apply", "change_id", "CHG", "environment"},
			{"cache_purge", "cluster_id", "CLU", "scope"}, {"job_requeue", "job_id", "JOB", "priority"},
			{"secret_rotate", "secret_id", "SEC", "reason"}, {"service_scale", "service_id", "SVC", "profile"},
		},
		options: []string{"canary", "full", "staging", "production", "emergency", "scheduled"},
		people:  []string{"Ravi Menon", "Lena Fischer", "Sam Ortiz", "Kei Tanaka", "Ada Brooks"},
	},
	"legal_finance_advice": {
		id: "legal_finance_advice", prefix: "LGL", snap: "2026-08-02-legal-v11",
		nouns: []string{"matter", "engagement_letter", "conflict_check", "invoice", "trust_ledger", "retention_policy",
			"retention_catalog", "email", "contact", "fee_schedule", "court_deadline", "filing",
			"kyc_record", "sanctions_screen", "payment_instruction", "approval_chain", "document_vault", "billing_hold", "client_profile", "tax_form"},
		actions: []action{
			{"fee_adjustment_apply", "invoice_id", "INV", "reason"}, {"trust_transfer_execute", "ledger_id", "TRL", "purpose"},
			{"archive_email", "email_id", "email", "folder"}, {"retention_catalog_update", "catalog_id", "CAT", "retention_class"},
			{"client_template_message_send", "contact_id", "CON", "template_id"}, {"filing_submit", "filing_id", "FIL", "court"},
			{"billing_hold_release", "hold_id", "HOLD", "reason"}, {"payment_instruction_approve", "instruction_id", "PAY", "channel"},
			{"matter_close", "matter_id", "MAT", "resolution_code"}, {"document_release", "document_id", "DOC", "audience"},
		},
		options: []string{"client_request", "court_order", "billing_error", "courtesy", "statutory", "internal_review"},
		people:  []string{"Elena Rossi", "Marcus Hill", "Nadia Haddad", "Owen Clarke", "Sofia Lind"},
	},
	"research_assistant": {
		id: "research_assistant", prefix: "RES", snap: "2026-08-02-research-v7",
		nouns: []string{"paper", "dataset", "license", "preregistration", "ethics_approval", "author_profile",
			"citation_index", "review_thread", "submission", "embargo", "grant", "lab_notebook",
			"data_access_request", "venue_policy", "errata", "code_repository", "figure_source", "consent_form", "budget_line", "reviewer_pool"},
		actions: []action{
			{"dataset_share", "dataset_id", "DS", "license"}, {"submission_withdraw", "submission_id", "SUBM", "reason"},
			{"errata_publish", "paper_id", "PAPER", "section"}, {"embargo_lift", "embargo_id", "EMB", "scope"},
			{"reviewer_assign", "review_id", "REV", "track"}, {"grant_funds_release", "grant_id", "GR", "purpose"},
			{"access_request_approve", "request_id", "DAR", "tier"}, {"citation_correct", "citation_id", "CIT", "reason"},
			{"repository_publish", "repo_id", "REPO", "visibility"}, {"notify_coauthors_template", "group_id", "GRP", "template_id"},
		},
		options: []string{"cc_by_4", "restricted", "public", "internal", "camera_ready", "major_revision"},
		people:  []string{"Dr. Ines Moreau", "Dr. Kwame Asante", "Dr. Yuki Sato", "Dr. Lars Berg", "Dr. Mei Chen"},
	},
	"smart_home_agent": {
		id: "smart_home_agent", prefix: "SH", snap: "2026-07-29-v1",
		nouns: []string{"device", "emergency_state", "interlock_rules", "maintenance_lock", "notification_preferences", "occupancy",
			"sensor_reading", "energy_tariff", "thermostat_schedule", "door_lock", "camera_event", "water_leak",
			"household_member", "guest_access", "appliance_warranty", "firmware", "scene", "power_meter", "window_state", "hvac_filter"},
		actions: []action{
			{"water_valve_close", "device_id", "SH-DEV", "mode"}, {"door_lock_set", "lock_id", "SH-LOCK", "state"},
			{"notification_send", "notification_id", "SH-REC", "template_id"}, {"thermostat_set", "zone_id", "SH-ZONE", "preset"},
			{"guest_access_grant", "guest_id", "SH-GST", "window"}, {"heater_power_off", "heater_id", "SH-HTR", "mode"},
			{"firmware_update_schedule", "firmware_id", "SH-FW", "channel"}, {"scene_activate", "scene_id", "SH-SCN", "mode"},
			{"camera_disable", "camera_id", "SH-CAM", "duration"}, {"appliance_service_book", "appliance_id", "SH-APP", "slot"},
		},
		options: []string{"eco", "away", "emergency", "standard", "night", "vacation"},
		people:  []string{"the Garcia household", "the Lee household", "the Novak household", "the Adeyemi household"},
	},
	"healthcare_operations_agent": {
		id: "healthcare_operations_agent", prefix: "HC", snap: "2026-07-29-hc-v5",
		nouns: []string{"patient_summary", "clinician_authorization", "observation", "treatment_dependency", "care_task_context", "consent",
			"medication_order", "allergy_list", "appointment", "referral", "insurance_eligibility", "lab_result",
			"bed_assignment", "discharge_plan", "pharmacy_stock", "care_team", "release_request", "prior_authorization", "device_order", "transport_request"},
		actions: []action{
			{"records_release", "request_id", "HC-RELEASE", "scope"}, {"appointment_cancel", "appointment_id", "HC-APT", "reason"},
			{"medication_hold", "order_id", "HC-MED", "reason"}, {"referral_submit", "referral_id", "HC-REF", "priority"},
			{"consent_verification_record", "verification_id", "HC-CONSENT", "method"}, {"bed_assign", "bed_id", "HC-BED", "unit"},
			{"clinical_document_register", "document_id", "HC-DOC", "category"}, {"followup_task_create", "task_id", "HC-TASK", "priority"},
			{"discharge_finalize", "encounter_id", "HC-ENC", "disposition"}, {"transport_book", "transport_id", "HC-TRN", "mode"},
		},
		options: []string{"routine", "urgent", "patient_request", "clinical_hold", "records_only", "full_chart"},
		people:  []string{"patient HC-PAT-018", "patient HC-PAT-044", "patient HC-PAT-103", "patient HC-PAT-211"},
	},
}

// configs are the ten configurations of the paper, model / harness, in Table 2's order.
var configs = []struct{ model, harness string }{
	{"Claude-5", "Claude Code"}, {"Claude-5", "Inspect"},
	{"GPT-5.6", "Codex"}, {"GPT-5.6", "Inspect"},
	{"DeepSeek-V4", "DSH"}, {"DeepSeek-V4", "Inspect"},
	{"Qwen3.8", "Qwen Code"}, {"Qwen3.8", "Inspect"},
	{"GLM-5.2", "ZCode"}, {"GLM-5.2", "Inspect"},
}

// ConfigNames lists the built-in configurations ("Model/Harness") in Table 2's order.
func ConfigNames() []string {
	out := make([]string, len(configs))
	for i, c := range configs {
		out[i] = c.model + "/" + c.harness
	}
	return out
}
