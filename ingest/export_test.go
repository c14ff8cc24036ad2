package ingest

// Helpers of the internal tests that the external ones (bench_index_test.go) use.
var (
	Golden  = golden
	Collect = collect
)
