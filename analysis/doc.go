// Package analysis scores a release's episodes with the oracle, groups the verdicts
// (configuration × case × repeat × condition) and computes the paper's metrics, and more, as
// typed results (summaries, diagnostics, paired differences, policy comparisons, …). A
// release keeps a 32-byte Record of each verdict (never the episodes, nor the verdicts'
// run ids, but for the runs a table lists), and it presents nothing: package results makes
// the tables and package figures the figures from these results.
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
//   - The paper's fixed choices are options (Choices, PaperChoices): T4 and the disagreement
//     table pair each model's configurations whose harness is not the shared harness
//     ("Inspect", matched case-insensitively) with the model's shared-harness configuration;
//     T13 compares a strategy (scgr_eg) with main on all protocols, T14 (scgr_select) on
//     V0–V3, as the paper does; T9, T10 and the interventions read named case sets.
//   - Leaderboard ranks are competition ranks (ties share the best rank), in tables and
//     the slope chart alike; rank correlations use average ranks (LeaderboardRanks).
//   - pass^k is bootstrap.PassHatK's unbiased estimator, over the cases with at least k
//     repeats (PassK).
//   - Interventions: "acted after calling the affected tool" counts, for variant cases, the
//     acted episodes that had called an information tool whose evidence the variant changes
//     (compared with the base case's rules and frozen deltas) before their first attempt.
//   - Paired differences resample cases (or template clusters with Clustered), each on a
//     random stream named by what it is (its arms' configuration@condition and the
//     protocols of its shared cases; deltaStream), and a rate cell on a stream named by its configuration and
//     scope: the same estimate gets the same interval in every table that prints it (T4
//     and compare, T13/T14 and compare --conditions, T8 and domains).
//   - Statistics computed within repeats (T3's rates, the variance table's std) and pass^k
//     are column-sum statistics too, resampled with all of a case's repeats; a rate at 0%
//     or 100%, where every resample is equal, gets the Wilson score interval over its units
//     (labelled score_interval) instead of none.
//   - $ / main ECS success is the main condition's interactive episodes' cost (excluded
//     ones too) over their ECS successes; other conditions and static judgments are out of
//     both.
//   - Policy comparisons read the main condition only, so other policies need to score only
//     those episodes (ScoreOptions.Others); policies with equal settings share verdicts and
//     intervals. Every policy's Δ, rank sets and rank correlations draw on one stream per
//     statistic (common random numbers, not a stream per policy), so policies that score
//     every episode alike print identical intervals and rank sets.
//   - Failure-type proportions include "success", so each row sums to 1.
package analysis
