package tau

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// sharedFile holds 100 real τ-bench trajectories (gpt-4o, airline, tasks 25–49 × 4 trials).
var sharedFile = filepath.Join("testdata", "gpt-4o-airline-tasks25-49.json")

func readShared(t *testing.T) *Read {
	t.Helper()
	r, err := ReadFile(sharedFile, Options{Config: "gpt-4o/tool-calling"})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Problems) > 0 {
		t.Fatalf("problems: %v", r.Problems)
	}
	return r
}

func TestSharedFileGives100Episodes(t *testing.T) {
	r := readShared(t)
	if r.Format != FormatTau || r.Domain != "airline" {
		t.Fatalf("format %q domain %q, want tau-bench airline", r.Format, r.Domain)
	}
	if len(r.Episodes) != 100 {
		t.Fatalf("%d episodes, want 100", len(r.Episodes))
	}
	cases := map[string]int{}
	succ := 0
	for _, e := range r.Episodes {
		cases[e.CaseID]++
		if s, _ := e.Official.Get("successful"); s == true {
			succ++
		}
		if !strings.HasPrefix(e.CaseID, "TAU-AIRLINE-") || e.Repeat < 0 || e.Repeat > 3 {
			t.Fatalf("episode %s repeat %d", e.CaseID, e.Repeat)
		}
	}
	// 25 tasks × 4 trials; 53 of the 100 rewards are 1.0 (counted in the file by hand
	// with jq: map(select(.reward == 1.0)) | length).
	if len(cases) != 25 || succ != 53 {
		t.Fatalf("%d cases, %d successes; want 25 and 53", len(cases), succ)
	}
	for id, n := range cases {
		if n != 4 {
			t.Fatalf("case %s has %d trials, want 4", id, n)
		}
	}
}

// TestPassKFromEpisodesEqualsFile: τ-bench's pass^k (mean over tasks of C(c,k)/C(n,k)),
// computed by package bootstrap from the ingested episodes' official verdicts, equals the
// same formula computed here directly from the file's rewards with encoding/json, and the
// values a Python one-liner (math.comb) printed for this file.
func TestPassKFromEpisodesEqualsFile(t *testing.T) {
	r := readShared(t)
	byCase := map[string][2]int{}
	for _, e := range r.Episodes {
		x := byCase[e.CaseID]
		if s, _ := e.Official.Get("successful"); s == true {
			x[0]++
		}
		x[1]++
		byCase[e.CaseID] = x
	}
	ids := make([]string, 0, len(byCase))
	for id := range byCase {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var c, n []int
	for _, id := range ids {
		c, n = append(c, byCase[id][0]), append(n, byCase[id][1])
	}

	data, err := os.ReadFile(sharedFile)
	if err != nil {
		t.Fatal(err)
	}
	var raw []struct {
		TaskID int     `json:"task_id"`
		Reward float64 `json:"reward"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	direct := map[int][2]int{}
	for _, x := range raw {
		d := direct[x.TaskID]
		if x.Reward == 1 {
			d[0]++
		}
		d[1]++
		direct[x.TaskID] = d
	}
	binom := func(a, b int) float64 {
		if b > a {
			return 0
		}
		v := 1.0
		for i := 0; i < b; i++ {
			v = v * float64(a-i) / float64(i+1)
		}
		return v
	}
	python := []float64{0.53, 0.35333333333333333, 0.27, 0.24}
	for k := 1; k <= 4; k++ {
		got, err := bootstrap.PassHatK(c, n, k)
		if err != nil {
			t.Fatal(err)
		}
		var want float64
		for _, d := range direct {
			want += binom(d[0], k) / binom(d[1], k)
		}
		want /= float64(len(direct))
		if math.Abs(got-want) > 1e-12 || math.Abs(got-python[k-1]) > 1e-12 {
			t.Errorf("pass^%d: from episodes %v, from the file %v, Python %v", k, got, want, python[k-1])
		}
	}
}

func TestEventsKeepTheConversationInOrder(t *testing.T) {
	r := readShared(t)
	e := r.Episodes[0] // task 25, trial 0
	if e.CaseID != "TAU-AIRLINE-25" || e.Repeat != 0 {
		t.Fatalf("first episode %s/%d", e.CaseID, e.Repeat)
	}
	evs, _ := e.Record.List("events")
	var types []string
	for _, v := range evs[:9] {
		o := v.(*jsonv.Object)
		s, _ := o.String("type")
		if tool, ok := o.String("tool"); ok {
			s += ":" + tool
		}
		types = append(types, s)
	}
	// The first messages of the file's first record, read by hand.
	want := "USER_MESSAGE AGENT_MESSAGE USER_MESSAGE INFO_CALL:get_user_details INFO_CALL:get_reservation_details AGENT_MESSAGE USER_MESSAGE AGENT_MESSAGE CONSEQUENTIAL_CALL:cancel_reservation"
	if got := strings.Join(types, " "); got != want {
		t.Fatalf("events\n got %s\nwant %s", got, want)
	}
	act := evs[8].(*jsonv.Object)
	if st, _ := act.String("tool_status"); st != "ok" {
		t.Errorf("cancel_reservation tool_status %q", st)
	}
	if args, _ := act.Obj("arguments"); args == nil || args.Len() != 1 {
		t.Errorf("arguments %v", args)
	}
	if s, _ := e.Official.Get("successful"); s != false {
		t.Errorf("task 25 trial 0 has reward 0.0; official.successful = %v", s)
	}
}

func TestTau2HandMadeFile(t *testing.T) {
	r, err := ReadFile(filepath.Join("testdata", "tau2-handmade.json"), Options{Config: "m/h"})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Problems) > 0 {
		t.Fatalf("problems: %v", r.Problems)
	}
	if r.Format != FormatTau2 || r.Domain != "retail" || len(r.Episodes) != 3 {
		t.Fatalf("format %q domain %q %d episodes", r.Format, r.Domain, len(r.Episodes))
	}
	e := r.Episodes[0]
	if e.CaseID != "TAU-RETAIL-7" || e.Repeat != 1 {
		t.Fatalf("case %s repeat %d", e.CaseID, e.Repeat)
	}
	if s, _ := e.Official.Get("successful"); s != true {
		t.Errorf("reward 1.0: successful %v", s)
	}
	u := e.Usage
	for k, want := range map[string]float64{"cost_usd": 0.0125, "wall_seconds": 41.5, "input_tokens": 3000, "output_tokens": 120} {
		v, _ := u.Get(k)
		if x, _ := number(v); x != want {
			t.Errorf("usage.%s = %v, want %v", k, v, want)
		}
	}
	evs, _ := e.Record.List("events")
	var types []string
	for _, v := range evs {
		s, _ := v.(*jsonv.Object).String("type")
		types = append(types, s)
	}
	if got := strings.Join(types, " "); got != "USER_MESSAGE INFO_CALL INFO_CALL AGENT_MESSAGE USER_MESSAGE CONSEQUENTIAL_CALL AGENT_MESSAGE" {
		t.Fatalf("events %s", got)
	}
	if s, _ := r.Episodes[1].Official.Get("successful"); s != false {
		t.Errorf("reward 0.0: successful %v", s)
	}
	if r.Episodes[2].Status != ingest.StatusInfraFailure || r.Episodes[2].Official != nil {
		t.Errorf("infrastructure_error: status %s official %v", r.Episodes[2].Status, r.Episodes[2].Official)
	}
}

func TestBadInputNamesTheMember(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ body, want string }{
		{`[{"task_id": 1, "trial": 0, "reward": 1.0, "traj": [{"role": "system", "content": "# Airline Agent Policy"}, {"role": "tool", "tool_call_id": "x", "content": "ok"}]}]`,
			`[0].traj[1].tool_call_id: "x" answers no earlier tool call`},
		{`[{"task_id": "a", "trial": 0, "reward": 1.0, "traj": []}]`, `[0].task_id: must be a non-negative integer, got a string`},
		{`[{"task_id": 1, "trial": -1, "reward": 1.0, "traj": []}]`, `[0].trial: must be a non-negative integer`},
		{`[{"task_id": 1, "trial": 0, "reward": "1", "traj": []}]`, `[0].reward: must be a finite number, got a string`},
		{`[{"task_id": 1, "trial": 0, "reward": 1, "traj": [{"role": "assistant", "content": null, "tool_calls": [{"id": "c", "function": {"name": "frobnicate", "arguments": "{}"}}]}]}]`,
			`cannot tell the domain`},
		{`{"simulations": [{"task_id": "1", "trial": 0, "messages": []}]}`, `domain_name: missing`},
		// Two calls awaiting an answer under one id: the answer could be either's.
		{`[{"task_id": 1, "trial": 0, "reward": 1.0, "traj": [{"role": "system", "content": "# Airline Agent Policy"}, {"role": "assistant", "content": null, "tool_calls": [{"id": "c", "function": {"name": "get_user_details", "arguments": "{\"user_id\": \"a\"}"}}, {"id": "c", "function": {"name": "get_user_details", "arguments": "{\"user_id\": \"b\"}"}}]}, {"role": "tool", "tool_call_id": "c", "content": "{}"}]}]`,
			`[0].traj[1].tool_calls[1].id: "c" is also the id of an earlier tool call not answered yet`},
		// τ²-bench names the call a tool message answers by its id.
		{`{"info": {"environment_info": {"domain_name": "retail"}}, "simulations": [{"task_id": "1", "trial": 0, "reward_info": {"reward": 1.0}, "messages": [{"role": "user", "content": "hi"}, {"role": "tool", "id": "t9", "content": "x"}]}]}`,
			`.messages[1].id: "t9" answers no earlier tool call`},
	}
	for i, c := range cases {
		p := filepath.Join(dir, "f.json")
		if err := os.WriteFile(p, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := ReadFile(p, Options{Config: "m/h"})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if len(r.Problems) == 0 || !strings.Contains(r.Problems[0].String(), c.want) || !strings.Contains(r.Problems[0].String(), p) {
			t.Errorf("case %d: problems %v, want one containing %q and the file", i, r.Problems, c.want)
		}
		if len(r.Episodes) != 0 {
			t.Errorf("case %d: %d episodes from a bad member", i, len(r.Episodes))
		}
	}
	p := filepath.Join(dir, "g.json")
	os.WriteFile(p, []byte(`{"x": 1}`), 0o644)
	if _, err := ReadFile(p, Options{Config: "m/h"}); err == nil || !strings.Contains(err.Error(), "simulations") {
		t.Errorf("an object without simulations: %v", err)
	}
	// Results converted to one object per line are not τ-bench's file: the error says so
	// and how to join them, beside the parser's own message.
	p = filepath.Join(dir, "lines.jsonl")
	rec := `{"task_id": 1, "trial": 0, "reward": 1.0, "traj": []}`
	os.WriteFile(p, []byte(rec+"\r\n"+rec+"\n"), 0o644)
	if _, err := ReadFile(p, Options{Config: "m/h"}); err == nil || !strings.Contains(err.Error(), "one JSON object per line") || !strings.Contains(err.Error(), "after the value") {
		t.Errorf("one result per line: %v", err)
	}
	// An episode file (what ingest writes) is said to be one: joining its lines, as the
	// advice above says, made no τ-bench file.
	ep := `{"schema": "sabench.episode/v1", "config": "m/h", "case_id": "TAU-AIRLINE-1", "repeat": 0}`
	os.WriteFile(p, []byte(ep+"\n"+ep+"\n"), 0o644)
	if _, err := ReadFile(p, Options{Config: "m/h"}); err == nil || err.Error() != p+": looks like sabench.episode/v1 episodes (JSONL), not τ-bench results (an array of EnvRunResult) or τ²-bench results (an object with simulations[]): episode files go to --runs" {
		t.Errorf("an episode file: %v", err)
	}
	os.WriteFile(p, []byte("PK\x03\x04\x14\x00"), 0o644)
	if _, err := ReadFile(p, Options{Config: "m/h"}); err == nil || !strings.Contains(err.Error(), "ZIP archive (an Inspect .eval log?)") {
		t.Errorf("an .eval log: %v", err)
	}
	// A damaged single document gets the parser's message alone.
	os.WriteFile(p, []byte(`[{"task_id": 1,`), 0o644)
	if _, err := ReadFile(p, Options{Config: "m/h"}); err == nil || strings.Contains(err.Error(), "per line") {
		t.Errorf("a truncated array: %v", err)
	}
}

// TestSyntaxErrorLineColumn: a syntax error in a real, pretty-printed τ-bench file is
// located by line and column, as a JSONL error is, not by a byte offset alone (line 4
// of the shared file, `  "reward": 0.0,`, with the value's 0 replaced by x).
func TestSyntaxErrorLineColumn(t *testing.T) {
	data, err := os.ReadFile(sharedFile)
	if err != nil {
		t.Fatal(err)
	}
	const at = `  "reward": 0.0,`
	i := strings.Index(string(data), "\n"+at+"\n")
	if i < 0 || strings.Count(string(data[:i]), "\n") != 2 {
		t.Fatal("fixture changed")
	}
	bad := []byte(string(data[:i+1]) + `  "reward": x.0,` + string(data[i+1+len(at):]))
	p := filepath.Join(t.TempDir(), "f.json")
	if err := os.WriteFile(p, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	off := i + 1 + len(`  "reward": `)
	want := fmt.Sprintf("%s:4: invalid JSON: column 13 (offset %d): unexpected 'x'", p, off)
	if _, err := ReadFile(p, Options{Config: "m/h"}); err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
