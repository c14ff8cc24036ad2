// Package view writes the offline HTML viewer of a release: one page with inline CSS and
// JavaScript that opens from disk (file://) with no server and no network request, plus
// chunk files loaded with <script src> (fetch does not work on file://).
//
// The page shows the leaderboard under every scored policy, every table and figure, slices
// of the episodes (configuration, protocol, domain, condition, case, failure type, outcome,
// official-vs-oracle agreement) whose counts equal the tables', one page per episode (the
// chain of reads, facts and gates; the workflow graph for V2/V3; where it broke; the
// harness's verdict beside the oracle's; the policies that change it; under a main policy
// other than the baseline, explain's lines on which of its switches decide the verdict), an
// A/B view aligned
// event by event, and the list of official-vs-oracle disagreements.
//
// The entry point [Write] takes plain data ([Input]): tables, figures as SVG bytes, the
// cases' expected workflows and requirements, and an iterator over the episodes with their
// verdicts, so that any pipeline can feed it; or a [Collector] that encoded the episodes
// from the stream of scored batches, on a goroutine of its own ([Release], the report's
// path: the input is read once, and the chunk files and leaderboards are made while the
// report's tables are built). Episodes are encoded compactly as they stream (tools,
// arguments and facts interned per case, events as index lists), so the records need not
// stay in memory, and what grows with the episodes (the index's run ids and ints, the run
// ids' hashes for the duplicate check, each case's rows, strings and blocks) is kept in a
// spool that passes to a temporary file beyond a few MiB (spool.go). The lists of blocks
// an episode is made of, nearly one per episode, are numbered when their case is written
// (chunk_blocks.go), so that memory holds each case's distinct strings and inner blocks,
// not its episodes. The output is byte-identical for the same input, whichever way the
// episodes came.
package view
