package inspect

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect/inspecttest"
)

const logsDir = "testdata/logs"

// Real logs from Inspect's own test fixtures (see testdata/logs/NOTICE).
const (
	popUnscored = "2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval"
	popScored   = "2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval"
	popJSON     = "2025-05-12T20-28-13-04-00_popularity.json"
	noSamples   = "2025-05-12T20-28-13-04-00_no-samples.json"
	dedup       = "log_message_deduplication.eval"
	streaming   = "log_streaming.eval"
)

func logPath(name string) string { return filepath.Join(logsDir, name) }

// TestReadEveryLog checks each shared log's header and sample stream against the
// values in its header.json / JSON document (read with python's json module).
func TestReadEveryLog(t *testing.T) {
	cases := []struct {
		file, format, status, task, model, solvers string
		samples                                    int
		ids                                        string // id:epoch in delivery order
		scores                                     string // scorer=value per sample, in order
		reductions                                 int
	}{
		{popUnscored, "eval", "success", "popularity", "openai/gpt-4o-mini", "system_message → generate", 10,
			"1:1 2:1 3:1 4:1 5:1 6:1 7:1 8:1 9:1 10:1", strings.Repeat(" ", 9), 0},
		{popScored, "eval", "success", "popularity", "openai/gpt-4o-mini", "system_message → generate", 10,
			"1:1 2:1 3:1 4:1 5:1 6:1 7:1 8:1 9:1 10:1",
			`match="C" match="C" match="I" match="C" match="C" match="C" match="I" match="C" match="C" match="C"`, 1},
		{popJSON, "json", "cancelled", "popularity", "openai/gpt-4o-mini", "system_message → generate", 3,
			"1:1 2:1 3:1", `match="C" match="C" match="I"`, 1},
		{noSamples, "json", "cancelled", "testtaskname", "openai/gpt-4o-mini", "system_message → generate", 0, "", "", 1},
		{"log_formats.eval", "eval", "success", "popularity", "ollama/llama3.1", "system_message → generate", 1, "1:1", `match="I"`, 1},
		{dedup, "eval", "success", "inspect_test_utils/guess_number", "hardcoded/hardcoded", "use_tools → generate", 1, "0:1", `closeness_log=0.0`, 1},
		{"log_read_sample.eval", "eval", "success", "popularity", "ollama/gemma3", "system_message → generate", 1, "1:1", `match="C"`, 1},
		{streaming, "eval", "success", "popularity", "azureai/Meta-Llama-3-1-405B-Instruct-jqf", "system_message → generate", 4,
			"1:1 1:2 2:1 2:2", `match="I" match="C" match="C" match="C"`, 1},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			log, samples, err := ReadFile(logPath(c.file))
			if err != nil {
				t.Fatal(err)
			}
			st, _ := os.Stat(logPath(c.file))
			if log.Format != c.format || log.Status != c.status || log.Eval.Task != c.task || log.Eval.Model != c.model ||
				log.Solvers() != c.solvers || log.Size != st.Size() || len(log.SHA256) != 64 {
				t.Errorf("header = %s %s %s %s %q size %d sha %q", log.Format, log.Status, log.Eval.Task, log.Eval.Model, log.Solvers(), log.Size, log.SHA256)
			}
			if len(samples) != c.samples || log.Samples != c.samples {
				t.Fatalf("%d samples (log says %d), want %d", len(samples), log.Samples, c.samples)
			}
			// NoHash leaves the digest alone and reads the same header and samples.
			r, err := OpenWith(logPath(c.file), ReadOptions{NoHash: true})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if nh := r.Log(); nh.SHA256 != "" || !reflect.DeepEqual(nh.Header, log.Header) && c.format == "eval" {
				t.Errorf("NoHash: sha %q, header differs: %v", nh.SHA256, !reflect.DeepEqual(nh.Header, log.Header))
			}
			// Members lists an .eval log's sample members as Next delivers them, before the
			// first sample and after; a .json log's are known only as they are read.
			var members []string
			for _, s := range samples {
				members = append(members, s.Member)
			}
			if c.format == "json" {
				members = nil
			}
			if got := r.Members(); !slices.Equal(got, members) {
				t.Errorf("Members %q, want %q", got, members)
			}
			for i := range samples {
				if s, err := r.Next(); err != nil || !reflect.DeepEqual(s, samples[i]) {
					t.Fatalf("NoHash: sample %d differs (%v)", i, err)
				}
			}
			if got := r.Members(); !slices.Equal(got, members) {
				t.Errorf("Members after the samples %q, want %q", got, members)
			}
			var ids, scores []string
			for _, s := range samples {
				ids = append(ids, fmt.Sprintf("%s:%d", s.ID, s.Epoch))
				var sc []string
				for _, x := range s.Scores {
					sc = append(sc, x.Scorer+"="+string(x.Value))
				}
				scores = append(scores, strings.Join(sc, ","))
			}
			if got := strings.Join(ids, " "); got != c.ids {
				t.Errorf("ids %q, want %q", got, c.ids)
			}
			if got := strings.Join(scores, " "); got != c.scores {
				t.Errorf("scores %q, want %q", got, c.scores)
			}
			if len(log.Reductions) != c.reductions {
				t.Errorf("%d reductions, want %d", len(log.Reductions), c.reductions)
			}
		})
	}
}

func TestHeaderResults(t *testing.T) {
	log, _, err := ReadFile(logPath(streaming))
	if err != nil {
		t.Fatal(err)
	}
	// header.json: results.scores[0].metrics accuracy 0.75, stderr 0.25; config epochs 2.
	if log.Results == nil || len(log.Results.Scores) != 1 {
		t.Fatalf("results %+v", log.Results)
	}
	m := log.Results.Scores[0].Metrics
	acc, ok1 := m.Get("accuracy")
	se, ok2 := m.Get("stderr")
	if !ok1 || !ok2 || acc != 0.75 || se != 0.25 || log.Results.Scores[0].Scorer != "match" {
		t.Errorf("metrics %+v", m)
	}
	if log.Eval.Config.Epochs != 2 || log.Results.TotalSamples != 4 {
		t.Errorf("config %+v total %d", log.Eval.Config, log.Results.TotalSamples)
	}
	if got := fmt.Sprint(log.Eval.Dataset.SampleIDs); got != "[1 2]" || !log.Eval.Dataset.SampleIDs[0].IsNumber() {
		t.Errorf("sample ids %s", got)
	}
	// reductions.json: match, mean over epochs: sample 1 → 0.5, sample 2 → 1.0.
	r := log.Reductions[0]
	if r.Scorer != "match" || len(r.Samples) != 2 || string(r.Samples[0].Value) != "0.5" || r.Samples[1].SampleID.String() != "2" {
		t.Errorf("reductions %+v", r)
	}
}

// TestEvents checks the tool and model events of the one log with tool calls.
func TestEvents(t *testing.T) {
	_, samples, err := ReadFile(logPath(dedup))
	if err != nil {
		t.Fatal(err)
	}
	s := samples[0]
	var tools, models, calls int
	for _, e := range s.Events {
		switch e.Kind {
		case EventTool:
			tools++
			if e.Tool.Function != "bash" || string(e.Tool.Arguments) != `{"cmd": "ls"}` || !strings.Contains(string(e.Tool.Result), "bin\\nboot") || e.Tool.Error != nil {
				t.Errorf("tool event %+v", e.Tool)
			}
			if e.Tool.ID != fmt.Sprintf("hardcoded_%d", tools-1) {
				t.Errorf("tool id %q", e.Tool.ID)
			}
		case EventModel:
			models++
			if e.Model.Model != "hardcoded/hardcoded" {
				t.Errorf("model %q", e.Model.Model)
			}
			calls += len(e.Model.ToolCalls)
			for _, c := range e.Model.ToolCalls {
				if c.Function != "bash" || string(c.Arguments) != `{"cmd": "ls"}` {
					t.Errorf("tool call %+v", c)
				}
			}
		}
	}
	// The sample has 6 model events (5 asking for bash, the last answering "done") and 5
	// tool events.
	if tools != 5 || models != 6 || calls != 5 {
		t.Errorf("tools %d models %d calls %d", tools, models, calls)
	}
	if s.Output == nil || s.Output.Completion != "done" || s.Output.StopReason != "stop" {
		t.Errorf("output %+v", s.Output)
	}
	if s.TotalTime == nil || *s.TotalTime != 0.457 {
		t.Errorf("total_time %v", s.TotalTime)
	}
}

func TestSampleFields(t *testing.T) {
	_, samples, err := ReadFile(logPath(popJSON))
	if err != nil {
		t.Fatal(err)
	}
	s := samples[2]
	sc, ok := s.Score("match")
	if !ok || sc.Answer != "No" || sc.Explanation != "No" {
		t.Errorf("score %+v", sc)
	}
	if string(s.Target) != `" Yes"` && string(s.Target) != `" No"` {
		t.Errorf("target %s", s.Target)
	}
	if _, ok := s.Metadata["label_confidence"]; !ok {
		t.Errorf("metadata %v", s.Metadata)
	}
	if u := s.ModelUsage.Total(); u.InputTokens != 70 || u.OutputTokens != 2 || u.TotalTokens != 72 {
		t.Errorf("usage %+v", u)
	}
	if s.Member != "samples[2]" || s.UUID == "" {
		t.Errorf("member %q uuid %q", s.Member, s.UUID)
	}
}

// TestSummariesStandIn rebuilds the scored popularity log without its samples/ members:
// its summaries.json must stand in, with the same ids and scores.
func TestSummariesStandIn(t *testing.T) {
	data := rewriteZip(t, logPath(popScored), func(name string, b []byte) []byte {
		if strings.HasPrefix(name, "samples/") {
			return nil
		}
		return b
	})
	log, samples, err := readSamples("nosamples.eval", data, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range samples {
		if !s.FromSummary || s.Member == "" {
			t.Errorf("sample %+v", s)
		}
		got = append(got, fmt.Sprintf("%s:%s", s.ID, s.Scores[0].Value))
	}
	want := `1:"C" 2:"C" 3:"I" 4:"C" 5:"C" 6:"C" 7:"I" 8:"C" 9:"C" 10:"C"`
	if strings.Join(got, " ") != want || !log.FromSummaries {
		t.Errorf("got %q", strings.Join(got, " "))
	}
}

// TestStartedLog reads an .eval without header.json: the journal's start.json supplies it.
func TestStartedLog(t *testing.T) {
	data := rewriteZip(t, logPath(streaming), func(name string, b []byte) []byte {
		if name == "header.json" {
			return nil
		}
		return b
	})
	r, err := OpenReaderAt("running.eval", bytes.NewReader(data), int64(len(data)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if l := r.Log(); l.Status != "started" || l.Eval.Task != "popularity" || l.Results != nil {
		t.Errorf("log %+v", l.Header)
	}
}

// rewriteZip copies an archive, passing each member through edit (nil drops it).
func rewriteZip(t *testing.T, path string, edit func(string, []byte) []byte) []byte {
	t.Helper()
	return inspecttest.RewriteFile(t, path, edit)
}

// TestDamaged checks that damaged logs give an *Error naming the file, the member and,
// where there is one, the field.
func TestDamaged(t *testing.T) {
	evalBytes, _ := os.ReadFile(logPath(popScored))
	jsonBytes, _ := os.ReadFile(logPath(popJSON))
	secondSample := bytes.Index(jsonBytes, []byte(`"id": 2`))
	if secondSample < 0 {
		secondSample = bytes.Index(jsonBytes, []byte(`"id":2`))
	}
	if secondSample < 0 {
		t.Fatal("fixture changed")
	}
	cases := []struct {
		name, file string
		data       []byte
		samples    int    // samples read before the error
		want       string // in the message
		member     string
	}{
		{"truncated eval", "cut.eval", evalBytes[:len(evalBytes)/2], 0, "cut.eval: damaged or truncated .eval archive", ""},
		{"not a zip", "x.eval", []byte("not a log"), 0, "not a ZIP archive", ""},
		{"empty", "e.json", nil, 0, "e.json: empty file", ""},
		{"corrupt member", "c.eval", corruptMember(t, evalBytes, "samples/3_epoch_1.json"), 2, "c.eval: samples/3_epoch_1.json: ", "samples/3_epoch_1.json"},
		{"bad field", "f.eval", rewriteZip(t, logPath(popScored), func(n string, b []byte) []byte {
			if n == "samples/2_epoch_1.json" {
				return bytes.Replace(b, []byte(`"epoch": 1`), []byte(`"epoch": "one"`), 1)
			}
			return b
		}), 1, "f.eval: samples/2_epoch_1.json: epoch: cannot read a JSON string as int", "samples/2_epoch_1.json"},
		{"epoch mismatch", "m.eval", rewriteZip(t, logPath(popScored), func(n string, b []byte) []byte {
			if n == "samples/4_epoch_1.json" {
				return bytes.Replace(b, []byte(`"epoch": 1`), []byte(`"epoch": 2`), 1)
			}
			return b
		}), 3, "m.eval: samples/4_epoch_1.json: epoch: is 2 but the member name says 1", "samples/4_epoch_1.json"},
		{"sample twice", "d.eval", rewriteZip(t, logPath(popScored), func(n string, b []byte) []byte {
			if n == "samples/3_epoch_1.json" {
				return bytes.Replace(b, []byte(`"id": 3`), []byte(`"id": 2`), 1)
			}
			return b
		}), 2, "d.eval: samples/3_epoch_1.json: id: sample 2 epoch 1 also in samples/2_epoch_1.json", "samples/3_epoch_1.json"},
		{"no header", "h.eval", rewriteZip(t, logPath(popScored), func(n string, b []byte) []byte {
			if n == "header.json" || n == "_journal/start.json" {
				return nil
			}
			return b
		}), 0, "h.eval: no header.json (nor _journal/start.json)", ""},
		{"truncated json", "t.json", jsonBytes[:secondSample+40], 1, "t.json: samples[1]: truncated JSON log", "samples[1]"},
		{"json not a log", "n.json", []byte(`[1,2]`), 0, "not an Inspect log", ""},
		{"eval twice", "e2.eval", append(bytes.Clone(evalBytes), evalBytes...), 0, fmt.Sprintf("e2.eval: damaged .eval archive: %d bytes before the archive its directory describes (two logs in one file?)", len(evalBytes)), ""},
		{"json twice", "j.json", append(bytes.Clone(jsonBytes), jsonBytes...), 3, fmt.Sprintf("j.json: more follows the log's JSON document, which ends at byte %d", len(jsonBytes)), ""},
		{"json and junk", "k.json", append(bytes.Clone(jsonBytes), " x"...), 3, fmt.Sprintf("k.json: more follows the log's JSON document, which ends at byte %d", len(jsonBytes)), ""},
		{"json score without value", "v.json", bytes.Replace(jsonBytes, []byte(`"value": "I"`), []byte(`"valu": "I"`), 1), 2, "v.json: samples[2]: scores.match.value: missing", "samples[2]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, samples, err := readSamples(c.file, c.data, ReadOptions{})
			n := len(samples)
			if err == nil {
				t.Fatalf("no error after %d samples", n)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%T %v is not an *Error", err, err)
			}
			if !strings.Contains(err.Error(), c.want) || e.File != c.file || e.Member != c.member || n != c.samples {
				t.Errorf("after %d samples: %v (member %q)", n, err, e.Member)
			}
		})
	}
}

// corruptMember flips bytes inside a member's compressed data, so decompression or the
// CRC check fails on that member only.
func corruptMember(t *testing.T, data []byte, member string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Name != member {
			continue
		}
		off, err := f.DataOffset()
		if err != nil {
			t.Fatal(err)
		}
		out := bytes.Clone(data)
		for i := off + 10; i < off+40; i++ {
			out[i] ^= 0x5a
		}
		return out
	}
	t.Fatalf("no member %s", member)
	return nil
}

func TestSampleIDOrder(t *testing.T) {
	var ids []SampleID
	for _, s := range []string{`"b"`, `10`, `2`, `"a"`, `1e0`, `"10"`} {
		var id SampleID
		if err := json.Unmarshal([]byte(s), &id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	for i := 1; i < len(ids); i++ {
		for j := i; j > 0 && ids[j].Compare(ids[j-1]) < 0; j-- {
			ids[j], ids[j-1] = ids[j-1], ids[j]
		}
	}
	var got []string
	for _, id := range ids {
		b, _ := json.Marshal(id)
		got = append(got, string(b))
	}
	if strings.Join(got, " ") != `1 2 10 "10" "a" "b"` {
		t.Errorf("order %v", got)
	}
	var bad SampleID
	if err := json.Unmarshal([]byte(`{}`), &bad); err == nil {
		t.Error("object accepted as id")
	}
}

// TestJournalSummaries: without samples/ members and summaries.json, the journal's
// _journal/summaries/N.json stand in.
func TestJournalSummaries(t *testing.T) {
	data := rewriteZip(t, logPath(streaming), func(name string, b []byte) []byte {
		if strings.HasPrefix(name, "samples/") || name == "summaries.json" {
			return nil
		}
		return b
	})
	log, samples, err := readSamples("journal.eval", data, ReadOptions{})
	if err != nil || len(samples) != 4 || !log.FromSummaries {
		t.Fatalf("%d samples, from summaries %v: %v", len(samples), log != nil && log.FromSummaries, err)
	}
}

// TestJSONSamplesBeforeHeader: a .json log whose "samples" come before "eval" is still
// read (the samples are held until the header is complete).
func TestJSONSamplesBeforeHeader(t *testing.T) {
	raw, err := os.ReadFile(logPath(popJSON))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	b.WriteString(`{"samples": `)
	b.Write(doc["samples"])
	for _, k := range []string{"version", "status", "eval", "plan", "results", "stats", "reductions"} {
		fmt.Fprintf(&b, ", %q: %s", k, doc[k])
	}
	b.WriteString("}")
	log, samples, err := readSamples("reordered.json", b.Bytes(), ReadOptions{})
	if err != nil || len(samples) != 3 || log.Eval.Task != "popularity" || len(log.Reductions) != 1 {
		t.Fatalf("%d samples: %v", len(samples), err)
	}
}

// TestParallelDecodeSameStream: decoding members on several goroutines gives the same
// samples in the same order, and a damaged member the same error at the same place.
func TestParallelDecodeSameStream(t *testing.T) {
	good, _ := os.ReadFile(logPath(popScored))
	bad := corruptMember(t, good, "samples/6_epoch_1.json")
	// Many batches of members (prefetchBatch), two damaged, in different batches: the
	// samples after an error are read too.
	var sample1 []byte
	one := rewriteZip(t, logPath(popScored), func(n string, b []byte) []byte {
		switch {
		case n == "samples/1_epoch_1.json":
			sample1 = b
		case strings.HasPrefix(n, "samples/"):
			return nil
		}
		return b
	})
	var add []inspecttest.Member
	for i := 2; i <= 3*prefetchBatch+5; i++ {
		add = append(add, inspecttest.Member{Name: fmt.Sprintf("samples/%d_epoch_1.json", i),
			Data: bytes.Replace(sample1, []byte(`"id": 1`), []byte(fmt.Sprintf(`"id": %d`, i)), 1)})
	}
	many := inspecttest.Rewrite(t, one, nil, add...)
	many = corruptMember(t, corruptMember(t, many, "samples/5_epoch_1.json"), fmt.Sprintf("samples/%d_epoch_1.json", 2*prefetchBatch+3))
	for _, data := range [][]byte{good, bad, many} {
		var want string
		for _, w := range []int{1, 2, 7} {
			r, err := OpenReaderAtWith("p.eval", bytes.NewReader(data), int64(len(data)), nil, ReadOptions{Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for {
				s, err := r.Next()
				if err == io.EOF {
					fmt.Fprintf(&b, "end")
					break
				}
				if err != nil {
					fmt.Fprintf(&b, "error: %v ", err)
					continue
				}
				fmt.Fprintf(&b, "%s:%d:%s ", s.ID, s.Epoch, s.Output.Completion)
			}
			r.Close()
			if w == 1 {
				want = b.String()
			} else if b.String() != want {
				t.Errorf("workers %d:\n%s\nworkers 1:\n%s", w, b.String(), want)
			}
		}
		if bytes.Equal(data, bad) && (!strings.Contains(want, "5:1:") || !strings.Contains(want, "7:1:")) {
			t.Errorf("the damaged log's samples are missing: %s", want)
		}
		if bytes.Equal(data, many) && (strings.Count(want, "error: ") != 2 || strings.Count(want, ":1:") != 3*prefetchBatch+3) {
			t.Errorf("the log of many members: %s", want)
		}
	}
}

// TestRenamedLogReadByContent reads a real JSON log renamed .eval and a real .eval log
// renamed .json as what they hold: the name's extension does not decide the format.
func TestRenamedLogReadByContent(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ file, as, format string }{
		{popJSON, "renamed.eval", "json"},
		{popScored, "renamed.json", "eval"},
	} {
		data, err := os.ReadFile(logPath(c.file))
		if err != nil {
			t.Fatal(err)
		}
		renamed := filepath.Join(dir, c.as)
		if err := os.WriteFile(renamed, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, want, err := ReadFile(logPath(c.file))
		if err != nil {
			t.Fatal(err)
		}
		log, got, err := ReadFile(renamed)
		if err != nil {
			t.Fatalf("%s as %s: %v", c.file, c.as, err)
		}
		if log.Format != c.format || len(got) != len(want) || len(got) == 0 {
			t.Fatalf("%s as %s: format %q, %d samples; want %q, %d", c.file, c.as, log.Format, len(got), c.format, len(want))
		}
		for i := range got {
			if got[i].ID != want[i].ID || got[i].Epoch != want[i].Epoch {
				t.Errorf("%s as %s: sample %d is %v:%d, want %v:%d", c.file, c.as, i, got[i].ID, got[i].Epoch, want[i].ID, want[i].Epoch)
			}
		}
	}
}

// TestSummaryErrorAndLimitStrings: Inspect writes a summary's error as the message and its
// limit as the limit's type, strings (inspect_ai.log.EvalSampleSummary), where a sample
// member writes objects. A log kept without its samples, holding an errored and a limited
// sample's summaries, is read with them (it was refused: "cannot read a JSON string as an
// object"); a sample member's string error is still refused.
func TestSummaryErrorAndLimitStrings(t *testing.T) {
	edit := func(b []byte) []byte {
		var sums []map[string]any
		if err := json.Unmarshal(b, &sums); err != nil {
			t.Fatal(err)
		}
		for _, sum := range sums {
			switch sum["id"] {
			case 3.0:
				sum["error"] = "RuntimeError: the sandbox went away"
			case 5.0:
				sum["limit"] = "token"
			}
		}
		out, err := json.Marshal(sums)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	data := rewriteZip(t, logPath(popScored), func(name string, b []byte) []byte {
		switch {
		case strings.HasPrefix(name, "samples/"):
			return nil
		case name == "summaries.json":
			return edit(b)
		}
		return b
	})
	_, samples, err := readSamples("nosamples.eval", data, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) != 10 {
		t.Fatalf("%d samples, want 10", len(samples))
	}
	if e := samples[2].Error; e == nil || e.Message != "RuntimeError: the sandbox went away" {
		t.Errorf("sample 3's error %+v, want the summary's message", e)
	}
	if l := samples[4].Limit; l == nil || l.Type != "token" {
		t.Errorf("sample 5's limit %+v, want type token", l)
	}
	if samples[0].Error != nil || samples[0].Limit != nil {
		t.Errorf("sample 1: error %+v limit %+v, want none", samples[0].Error, samples[0].Limit)
	}

	member := rewriteZip(t, logPath(popScored), func(name string, b []byte) []byte {
		if name != "samples/3_epoch_1.json" {
			return b
		}
		var s map[string]any
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		s["error"] = "RuntimeError"
		out, _ := json.Marshal(s)
		return out
	})
	_, _, err = readSamples("member.eval", member, ReadOptions{})
	var ie *Error
	if !errors.As(err, &ie) || ie.Member != "samples/3_epoch_1.json" || ie.Field != "error" {
		t.Errorf("a sample member's string error: %v, want refused naming the member and field error", err)
	}
}
