// Package bootstrap is the statistics engine of sabench-stats: a seeded, parallel resampling
// engine built on unit multiplicities, the percentile, basic and BCa interval methods in a
// scipy-compatible and an R-boot-compatible quantile mode, and the small closed-form
// statistics the tables need (rank correlation, standard errors, McNemar, Wilson, Cohen's κ,
// pass^k, multiplicity adjustment, sample size), typed interval warnings and rank confidence
// sets.
//
// # Units and multiplicities
//
// The analysis layer reduces verdicts to per-unit sums before it resamples. A unit is a case
// for the case-paired bootstrap and a template cluster for the clustered one; every repeat,
// arm and configuration of a unit rides along with it, so one draw pairs all of them. A
// [Statistic] sees only how many times each unit was drawn (w[u]; all ones is the observed
// data, a zero is a left-out unit in the jackknife) and returns one or more values, so any
// statistic of the analysis layer can be resampled, and ratios of sums stay correct under
// unequal cluster sizes. [RatioOfSums], [DiffOfRatios], [Ratios] and
// [RankCorrelations] build the common ones ([RankCorrelationsEach]: one leaderboard against
// several from one draw); [GroupSums] turns per-case sums into per-cluster sums for the
// clustered bootstrap.
//
// # Value classes
//
// Most statistics of the tables depend on the weights only through weighted column sums
// ([SumStat]: [SumRatios], [SumDiffOfRatios], or [NewSumStat] for any function of the sums (the P-M and D-M macro averages of the analysis layer); the weights forms above are
// their Statistic()). Units whose columns are all equal are then exchangeable, and with binary
// outcomes they are few: a case of the paired Δ with 3 repeats per arm takes at most 16
// values, a template cluster one of its (successes, episodes) patterns. [ResampleSums] groups
// the units into these value classes; a resample of n units is then a multinomial draw of the
// class counts, a chain of K−1 binomials, and the statistic is evaluated over K classes
// instead of n units. When the chain would cost more than drawing the n units (many classes
// of a few units each: template clusters at many repeats), the units are drawn, several per
// random output, and counted by class instead. This is exact: the class totals of n uniform
// unit draws are multinomial(n; size_k/n), and the statistic sees nothing else. The
// jackknife groups the same way (leaving out a unit of class k is class k's count minus
// one), so the BCa acceleration,
// the estimate and Result.Jackknife are those of the unit bootstrap, and the scipy- and R-mode
// intervals are computed as before from the replicates. ResampleSums takes this path when
// there are at most n/2 classes (Result.Classes says how many; 0 means units were drawn one
// by one) and is [Resample] otherwise. It draws the chain when there are at most n/4 classes
// and the chain's estimated cost (per binomial about eight unit draws, plus 0.3 per standard
// deviation of the class's count) is below n unit draws, and the units otherwise. Each
// binomial inverts its CDF; for the counts of remaining units a class meets most often the
// CDF over its mode ± 3 standard deviations is tabulated with a guide table (Chen & Asau),
// which answers without the search's mispredicted branches and gives the same draws (but
// for a uniform within rounding of a CDF step, where the two sums of terms may differ).
//
// The draws changed with the class path: a ResampleSums result has the same
// distribution as before but not the same replicates, so its intervals moved within Monte
// Carlo error; Resample's draws are unchanged. They changed again where the units are now
// drawn and counted by class (from n/4 to n/2 classes, which took Resample's draws, and
// where the chain costs more), again within Monte Carlo error; where the chain is taken
// they did not.
//
// # Random streams
//
// A result depends only on (data, Options.Seed, Options.Stream, the other options), never on
// Options.Workers or scheduling. The layout, fixed so it can be reproduced elsewhere:
//
//	mix(z)   = SplitMix64's output function (xor-shift-multiply, constants 0xbf58476d1ce4e5b9,
//	           0x94d049bb133111eb; shifts 30, 27, 31), γ = 0x9e3779b97f4a7c15
//	base     = mix(Seed + γ) XOR fnv1a64(Stream)
//	seed_b   = mix(base + (b+1)·γ)                 replicate b = 0, 1, …
//	x_i      = mix(seed_b + (i+1)·γ)               the 64-bit outputs replicate b consumes
//
// Each output gives two 32-bit halves, low half first; a half h draws unit ⌊h·n / 2^32⌋ unless
// (h·n mod 2^32) < (2^32 mod n), when it is skipped (Lemire's unbiased bounded draw). Replicate
// b is thus the same whatever B, worker count or order of evaluation; testdata/ref/make_ref.py
// re-implements the layout in Python and the tests compare the draws.
//
// With value classes (numbered by first appearance, sizes s_0 … s_{K−1}), replicate b uses
// x_k for class k < K−1: with u = ⌊x_k / 2^11⌋·2^−53 and m_k the units not yet assigned,
// class k's count is the smallest j with F(j) > u, F the Binomial(m_k, s_k/(s_k+…+s_{K−1}))
// CDF (inversion, searched from the mode; F at the mode is summed without the terms below
// 2^−64 of the mode's, less than 1e-17 in all); the last class takes the m_{K−1} left.
// Drawn unit by unit instead, replicate b takes n unit indices from x_1, x_2, …: with k the
// largest power such that n^k ≤ 2^56, output x gives the k base-n digits of ⌊x·n^k / 2^64⌋,
// most significant first (x·n, then its low 64 bits times n, and so on: Brackett-Rozinsky &
// Lemire 2024, "Batched ranged random integer generation"), unless x·n^k mod 2^64 <
// 2^64 mod n^k, when the output is skipped; the last output's surplus digits are unused,
// and each unit adds one to its class's count.
//
// SplitMix64 (Steele, Lea & Flood 2014) passes BigCrush and costs two multiplications per
// 64 bits, which keeps a 570-unit resample near a microsecond.
//
// # Intervals
//
// Percentile, basic and BCa intervals are computed from the finite replicates (non-finite ones
// are dropped and counted, as R's boot.ci does). QuantileScipy reproduces
// scipy.stats.bootstrap: np.percentile's linear interpolation and a BCa bias correction that
// counts ties as half. QuantileR reproduces R's boot.ci: norm.inter (the (R+1)α order
// statistic with interpolation on the normal scale) and a bias correction with strict "<".
// The BCa acceleration comes from the jackknife over the resampled unit (a case, or a whole
// cluster), a = Σ(θ̄−θ₍ᵢ₎)³ / (6·(Σ(θ̄−θ₍ᵢ₎)²)^{3/2}), which equals scipy's paired form and
// R's boot.ci(…, L = empinf(type = "jack")); boot.ci's default L (a regression estimate from
// the replicates) gives a slightly different a. When the BCa interval is undefined
// (all replicates on one side of the estimate, a degenerate jackknife) the percentile interval
// is returned with Interval.Fallback set and a warning.
//
// # Warnings
//
// Every interval carries its caveats in Interval.Warnings, each a [Warning]: a
// [WarningKind] whose String is a stable name for JSON, and a sentence for a table note.
// [IntervalWarnings] (or [Result.Warnings], or [ReplicateWarnings] from replicates) adds
// the ones that need the estimate or the unit count. The kinds: the BCa fallback;
// degenerate replicates — all finite replicates equal (to rounding), where the interval is undefined and
// Lo = Hi = NaN for every method (scipy returns NaN with DegenerateDataWarning, R's boot.ci
// stops; a zero-width [x, x] would read as certainty); extreme order statistics — an
// endpoint uses the smallest or largest replicate (at an endpoint's level p, R: (B+1)p ≤ 1
// or ≥ B; scipy mode: p·(B−1) < 1 or > B−2), the mark of too few resamples; an interval that
// excludes its own
// estimate; a single resampled unit or cluster; dropped non-finite replicates; none left.
// [MinResamples] (1000) is the floor below which the CLI should refuse without --force.
//
// # Rank confidence sets
//
// [RankSets] gives each of p configurations a confidence set [Lo, Hi] for its rank (1 = the
// largest estimate, or the smallest with Ascending) from estimates and replicates of one
// case-paired draw (a matrix via [Columns], or [Result.RankSets]). It is the max-|t|
// procedure of Mogstad, Romano, Shaikh & Wilhelm (2024), "Inference for Ranks with
// Applications to Mobility across Neighbourhoods and Academic Achievement across
// Countries", as the R package csranks computes it (two-sided, stepwise), but with the
// bootstrap distribution of θ*−θ̂ in place of csranks' normal draws and σ_jk the
// replicates' standard deviation of θ*_j − θ*_k (ddof 1). Simultaneous sets (the default)
// cover all ranks jointly at Level; Marginal ones cover each rank alone; SingleStep skips
// the stepdown. [RankResult.TieGroups] partitions the configurations into groups linked by
// overlapping rank sets. csranks is CRAN-only; the tests compare with an independent numpy
// implementation (testdata/ref/make_rankref.py).
//
// # pass^k
//
// [PassHatKs] computes pass^k = mean over cases of C(c,k)/C(n,k) for many k in one pass per
// case (a running product of factors ≤ 1: no large binomials, no quadratic loop), in two
// conventions ([PassKConvention]): PassKPlanned (τ-bench, the default), n the
// repeats planned per case, so missing repeats count as failures; PassKPerCase (τ²-bench), n
// each case's own scored repeats, cases with fewer than k left out of the mean. Either way
// the cases with fewer than k scored repeats are listed (PassK.Short), never dropped
// silently. [PassHatK] is the per-case value when every case has k repeats.
//
// # Multiplicity
//
// [Holm] and [BenjaminiHochberg] match R's p.adjust and statsmodels' multipletests ("holm",
// "fdr_bh"); tied p-values get equal adjusted values, and a NaN p-value (a test that could
// not be run) stays NaN and is not counted in the family size, as p.adjust treats NA.
//
// # Closed-form statistics
//
// KendallTauB and Spearman (average ranks for ties) match scipy.stats.kendalltau and
// spearmanr; StdErrCLT, StdErrClusteredMiller and StdErrClusteredInspect are the standard
// errors of Miller (2024) and of Inspect AI, each labelled; McNemarExact, Wilson, CohenKappa
// and MinSampleSize complete the set. Reference values in
// the tests were produced by scipy and R (testdata/ref/), recorded with their source.
//
// # Toolkit API
//
// Not every exported function serves a command: KendallTauB, Spearman, StdErrCLT,
// StdErrClusteredMiller, StdErrClusteredInspect, Wilson, MinSampleSize, PassHatK,
// PassHatKPerCase, RatioOfSums, DiffOfRatios, SumDiffOfRatios, Ratios, GroupSums,
// GroupIndex, Columns, RankResult.Overlap, ReplicateWarnings, Result.Outputs, Result.StdErr
// and Weighting.String are kept for Go callers who compute their own statistics, each with
// an Example. docs/toolkit-api.md lists them with the other packages' toolkit functions;
// CI fails when a function no command reaches is missing from that list.
//
// Functions return errors for bad input and never panic; a Statistic that panics is reported
// as an error by Resample.
package bootstrap
