// Package synth generates the built-in release of sabench-stats: a SYNTHETIC SafeActBench
// release in the real schemas, deterministic from a seed.
//
// The data is synthetic. The 656 cases are written in the real catalog schemas (Legacy
// fixed candidates, V0 investigated non-action, V1 single action, V2 linear and V3 DAG
// workflows, with evidence rules, frozen evidence deltas, requirements bound to action
// arguments, required reads, result references, postconditions and payload policies), and
// the episodes are real event sequences written by simulated agents, one per configuration
// of the paper. The agents' failure modes are drawn so that the re-scored numbers land near
// the paper's published aggregates (Tables 2, 3, 4, 9, 10, 13, 14 and the interventions);
// they are not the paper's traces, and no case is a paper case.
//
// Every episode carries the outcome its agent intended (Release.Intended, in the oracle's
// vocabulary), so the oracle can be checked against the generator episode by episode.
//
// Draws are stratified, not sampled: for each configuration × condition × protocol ×
// case stratum × repeat the number of successes and of each failure mode is fixed by the
// targets (plus a small per-repeat jitter that gives the repeat spread), and a seeded
// latent difficulty decides which cases get them. The same seed gives the same release,
// byte for byte.
//
// WriteRelease and WriteStream write a release in the SafeActBench checkout layout with
// runs.jsonl and runs.parquet; WriteInspect and WriteInspectStream also write its episodes
// as Inspect AI logs, one .eval per configuration × condition, in the conventions the
// Inspect adapter of ingest/harness reads back (InspectTask lists them).
package synth
