// Package oracle re-scores one episode against its case specification, re-implementing the
// SafeActBench evaluator (Evidence Ledger, requirement gates, coverage, per-protocol walks
// and Exact Case Success) under an authorization policy, and returns a compact verdict.
package oracle
