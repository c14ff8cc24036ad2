// Package casespec loads SafeActBench case specifications: a bench of cases (Bench, Case)
// with its case sets, cluster assignment, case-scoped evidence and V3 query shards, and
// the typed view of a case's hidden evaluation spec that the oracle reads (Spec,
// DecodeSpec). It reads its files with package ingest's size-limited readers and reports
// ingest.Problems; episode reading sees a Bench through ingest.CaseIndex.
//
// LoadBench detects its source: a SafeActBench checkout (env/case_manifest.json, the
// catalogs its entries name, each case's case_spec_sha256 verified, env/case_evidence.json),
// a directory of per-case JSON files (directly or under cases/, with evidence/ beside
// them), or a JSONL file of {"case_id", "protocol", "case_spec"} rows. NewBench wraps cases generated in
// memory (the built-in release of package ingest/synth). Case sets come from sets/NAME.txt
// in a bench directory and from BenchOptions.Sets, which wins for the same name.
//
// Cluster ids take the first rule that applies: the user's CSV ("user", ids verbatim),
// metadata.template_id ("template:<id>"), a Legacy contrast_pair_id ("contrast:<id>"),
// a connected component of two or more cases that share a policy.rule_ids entry or a
// record_id of required_info_calls or frozen_evidence_deltas keys, *-TASK-CONTEXT-*
// excluded ("derived:<smallest case id>"), else the case's own id ("case"). Variants
// (BASE@variant) share their base's cluster. Bench.ClusterCounts reports each rule's yield.
// Evidence files that disagree with their catalog entry are Bench.Warnings, not errors:
// the catalog is what the evaluator scores with.
package casespec
