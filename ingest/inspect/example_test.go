package inspect_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/sabench/sabench-stats/ingest/inspect"
)

// Stream one log: its header, then its samples one at a time.
func ExampleOpen() {
	r, err := inspect.Open("testdata/logs/log_streaming.eval")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	log := r.Log()
	acc, _ := log.Results.Scores[0].Metrics.Get("accuracy")
	fmt.Printf("%s · %s · %s · epochs %d · accuracy %.2f\n", log.Eval.Task, log.Eval.Model, log.Solvers(), log.Eval.Config.Epochs, acc)
	for {
		s, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		sc, _ := s.Score("match")
		v, _ := sc.Float()
		fmt.Printf("sample %s epoch %d: %s → %v (answer %q)\n", s.ID, s.Epoch, sc.Value, v, sc.Answer)
	}
	// Output:
	// popularity · azureai/Meta-Llama-3-1-405B-Instruct-jqf · system_message → generate · epochs 2 · accuracy 0.75
	// sample 1 epoch 1: "I" → 0 (answer "No")
	// sample 1 epoch 2: "C" → 1 (answer "Yes.")
	// sample 2 epoch 1: "C" → 1 (answer "No.")
	// sample 2 epoch 2: "C" → 1 (answer "No")
}

// Read a folder of logs in parallel, in path order, as rows.
func ExampleScan() {
	files, err := inspect.Expand([]string{"testdata/logs"})
	if err != nil {
		fmt.Println(err)
		return
	}
	var scorers []string
	rows := 0
	err = inspect.Scan(context.Background(), files, inspect.Options{Workers: 4}, inspect.Handler{
		Log:    func(l *inspect.Log) error { scorers = l.Scorers(); return nil },
		Sample: func(l *inspect.Log, s *inspect.Sample) error { rows += len(inspect.Rows(l, scorers, s)); return nil },
		Done: func(l *inspect.Log) error {
			fmt.Printf("%-62s %2d samples\n", l.File[len("testdata/logs/"):], l.Samples)
			return nil
		},
	})
	fmt.Println(rows, "rows", err)
	// Output:
	// 2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval 10 samples
	// 2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval 10 samples
	// 2025-05-12T20-28-13-04-00_no-samples.json                       0 samples
	// 2025-05-12T20-28-13-04-00_popularity.json                       3 samples
	// log_formats.eval                                                1 samples
	// log_message_deduplication.eval                                  1 samples
	// log_read_sample.eval                                            1 samples
	// log_streaming.eval                                              4 samples
	// 30 rows <nil>
}

// Read a log held in memory (bytes from a network store, a fuzz input), decoding its
// members on two goroutines; OpenReaderAt is the same with one.
func ExampleOpenReaderAt() {
	data, err := os.ReadFile("testdata/logs/log_streaming.eval")
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := inspect.OpenReaderAtWith("in-memory.eval", bytes.NewReader(data), int64(len(data)), nil, inspect.ReadOptions{Workers: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	n := 0
	for {
		if _, err := r.Next(); err != nil {
			break
		}
		n++
	}
	r2, _ := inspect.OpenReaderAt("in-memory.eval", bytes.NewReader(data), int64(len(data)), nil)
	fmt.Println(r.Log().Format, n, "samples;", r2.Log().Eval.Model)
	// Output:
	// eval 4 samples; azureai/Meta-Llama-3-1-405B-Instruct-jqf
}

// Read a small log whole.
func ExampleReadFile() {
	log, samples, err := inspect.ReadFile("testdata/logs/2025-05-12T20-28-13-04-00_popularity.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(log.Format, log.Status, len(samples), "samples,", len(log.Reductions), "reduction")
	// Output:
	// json cancelled 3 samples, 1 reduction
}

// Sample ids are numbers or strings; numbers sort by value before strings.
func ExampleSampleID() {
	ids := []inspect.SampleID{inspect.StringID("b"), inspect.NumberID("10"), inspect.NumberID("2")}
	slices.SortFunc(ids, inspect.SampleID.Compare)
	fmt.Println(ids)
	// Output:
	// [2 10 b]
}

// Files, folders and glob patterns to the sorted list of logs they name; ExpandSkipped
// also says what a folder search passed over (the commands print it).
func ExampleExpand() {
	files, err := inspect.Expand([]string{"testdata/logs/*popularity*.eval", "testdata/logs/log_streaming.eval"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range files {
		fmt.Println(filepath.ToSlash(f))
	}
	// Output:
	// testdata/logs/2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval
	// testdata/logs/2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval
	// testdata/logs/log_streaming.eval
}
