// Package analysis scores a release's episodes with the oracle, groups the verdicts
// (configuration × case × repeat × condition) and computes the metrics of DESIGN §5 and the
// paper's tables from them. It keeps compact verdicts, never records.
//
// Choices where the design leaves room, in one place:
//
//   - The main results use the scored episodes of the "main" condition. Legacy episodes are
//     decisions by design and belong there; only static judgments of V0–V3 cases (T9, T10)
//     are set apart.
//   - Configurations are listed in the order they first appear in the input; domains in the
//     paper's order.
//   - "Investigation complete" (T4, InvestigationComplete) is read at the decisive point: at
//     the first consequential attempt when there was one (no MISSING requirement there,
//     coverage included), otherwise at the end of the episode (final coverage).
//   - T4 and the disagreement table pair each model's configurations whose harness is not
//     SharedHarness ("Inspect") with the model's SharedHarness configuration.
//   - T13 compares a strategy with main on all protocols, T14 on V0–V3 (as the paper does).
//   - Interventions: "acted after calling the affected tool" counts, for variant cases, the
//     acted episodes that had called an information tool whose evidence the variant changes
//     (compared with the base case's rules and frozen deltas) before their first attempt.
//   - Paired differences resample cases (or template clusters with Clustered); the
//     differences of one table column that share a set of units share one draw
//     (PairedDiffs), which keeps each difference's own paired bootstrap distribution.
//   - Policy comparisons read the main condition only, so other policies need to score only
//     those episodes (ScoreOptions.Others); policies with equal settings share verdicts and
//     intervals.
//   - Failure-type proportions include "success", so each row sums to 1.
package analysis
