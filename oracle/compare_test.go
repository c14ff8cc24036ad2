package oracle

import (
	"math"
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Reference values: evaluate_workspace.py's scalar_matches, its comparators and its delta
// keys; the Python expressions are given for each row.
func TestScalarMatches(t *testing.T) {
	cases := []struct {
		actual, expected any
		want             bool
	}{
		{"119", 119.0, true},                               // float("119") == 119.0
		{"$1,190", int64(1190), true},                      // one leading $ and every , removed
		{" $ 1,190.00 ", 1190.0, true},                     // trimmed before and after the $
		{"$$5", int64(5), false},                           // only one $ is removed
		{"1_000", int64(1000), true},                       // Python float accepts digit-group underscores
		{"1e3", int64(1000), true},                         // and exponents
		{"True", true, true},                               // str(actual).lower() == "true"
		{"TRUE", true, true},                               // idem
		{true, "true", false},                              // str(True) == "True" != "true"
		{false, false, true},                               // identity
		{int64(1), true, false},                            // str(1) == "1"
		{nil, nil, true},                                   // "None" == "None": the action_arg null quirk
		{nil, "None", true},                                // str(None) == "None"
		{&jsonv.Object{}, "*", true},                       // "*" matches anything
		{"nan", "nan", false},                              // both parse as nan; nan != nan
		{"inf", math.Inf(1), true},                         // float("inf")
		{"ch_90A2", "ch_90A2", true},                       // plain strings
		{"ch_90A2", "ch_90A1", false},                      // plain strings
		{119.0, "119.00", true},                            // numbers through float
		{[]any{int64(1)}, "[1]", true},                     // str([1]) == "[1]"
		{jsonv.NewObject("a", int64(1)), "{'a': 1}", true}, // Python dict repr
	}
	for i, c := range cases {
		if got := scalarMatches(c.actual, c.expected); got != c.want {
			t.Errorf("%d: scalarMatches(%#v, %#v) = %v, want %v", i, c.actual, c.expected, got, c.want)
		}
	}
}

func TestComparators(t *testing.T) {
	o := func(s string) *jsonv.Object { return mustParse(t, s) }
	// structured: identical key sets, ordered lists, lenient leaves.
	if !structuredMatches(o(`{"a":"119","b":["x",true]}`), o(`{"a":119.0,"b":["x","True"]}`)) {
		t.Error("structured: lenient leaves")
	}
	if structuredMatches(o(`{"a":1,"c":2}`), o(`{"a":1}`)) || structuredMatches(o(`{"b":["y","x"]}`), o(`{"b":["x","y"]}`)) {
		t.Error("structured: extra key or reordered list matched")
	}
	// strict: numbers are numbers (1 == 1.0), booleans are not numbers, no coercion.
	if !strictMatches(int64(1), 1.0) || strictMatches(true, int64(1)) || strictMatches("1", int64(1)) || !strictMatches("x", "*") ||
		strictMatches(int64(1), "1") || strictMatches(true, "True") || strictMatches(nil, "None") {
		t.Error("strict comparator")
	}
	// args_match: a non-object expectation matches anything; a non-object actual reads as {}.
	if !argsMatch(int64(5), "anything") || !argsMatch([]any{}, o(`{}`)) || argsMatch(nil, o(`{"a":1}`)) {
		t.Error("args_match")
	}
	// dependency_receipts: duplicate-free and holding every expected item; extras allowed.
	if !receiptsMatch([]any{"result:a.x", "result:b.y"}, []any{"result:b.y"}) || receiptsMatch([]any{"r", "r"}, []any{"r"}) {
		t.Error("receipts")
	}
	if !multisetMatches([]any{"b", "a", "a"}, []any{"a", "b", "a"}) || multisetMatches([]any{"a"}, []any{"a", "a"}) {
		t.Error("multiset")
	}
}

// Lists of plain strings skip the canonical JSON (plainStrings); lists with anything else,
// invalid UTF-8 included, go through it. Both must give what the canonical JSON gives.
func TestStringListsAsCanonical(t *testing.T) {
	canon := func(l []any) []string {
		out := make([]string, len(l))
		for i, x := range l {
			out[i] = string(jsonv.Canonical(x, true))
		}
		slices.Sort(out)
		return out
	}
	lists := [][]any{{}, {"a"}, {"a", "b"}, {"b", "a"}, {"a", "a"}, {"a", "a", "b"}, {"a", "b", "b"},
		{"1", "1.0"}, {"a", int64(1)}, {int64(1), 1.0}, {"\xff", "\xfe"}, {"\xff"}, {"x\u00e9", "xé"}}
	for _, a := range lists {
		dup := len(slices.Compact(canon(a))) != len(a)
		if got := !receiptsMatch(a, []any{}); got != dup {
			t.Errorf("receiptsMatch(%q) duplicate = %v, want %v", a, got, dup)
		}
		for _, e := range lists {
			want := slices.Equal(canon(a), canon(e))
			if got := multisetMatches(a, e); got != want {
				t.Errorf("multisetMatches(%q, %q) = %v, want %v", a, e, got, want)
			}
		}
	}
	if !plainStrings([]any{"a", "b"}) || plainStrings([]any{"a", int64(1)}) || plainStrings([]any{"\xff"}) {
		t.Error("plainStrings")
	}
}

func TestCanonicalKey(t *testing.T) {
	// The evaluator's delta keys: json.dumps with ensure_ascii=True and Python float repr.
	got := canonicalKey("refund_preview", mustParse(t, `{"charge_id":"ch_90A2","amount":119.0}`))
	if want := `refund_preview:{"amount":119.0,"charge_id":"ch_90A2"}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	got = canonicalKey("note_read", mustParse(t, `{"title":"café ☕"}`))
	if want := `note_read:{"title":"caf\u00e9 \u2615"}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got := string(appendKey(nil, "t", nil)); got != "t:{}" {
		t.Errorf("nil args: %s", got)
	}
}

func TestResultReferences(t *testing.T) {
	for _, c := range []struct {
		s         string
		id, field string
		ok        bool
	}{
		{"result:archive_alpha.archive_id", "archive_alpha", "archive_id", true},
		{"result:a-b_1.c", "a-b_1", "c", true},
		{"result:a.b.c", "", "", false},
		{"result:.b", "", "", false},
		{"result:a.", "", "", false},
		{"result:a b.c", "", "", false},
		{"results:a.b", "", "", false},
	} {
		id, field, ok := parseRef(c.s)
		if ok != c.ok || id != c.id || field != c.field {
			t.Errorf("parseRef(%q) = %q %q %v", c.s, id, field, ok)
		}
	}
}

// A compiled arguments pattern matches exactly what argsMatch matches, whether it took the
// plain-string path or not: every pattern against every actual value.
func TestArgPatternIsArgsMatch(t *testing.T) {
	parse := func(s string) any {
		v, err := jsonv.Parse([]byte(s))
		if err != nil {
			t.Fatalf("parse %s: %v", s, err)
		}
		return v
	}
	patterns := []string{`{}`, `{"id":"A-1"}`, `{"id":"A-1","kind":"order"}`, `{"kind":"order","id":"A-1"}`,
		`{"id":"None"}`, `{"id":"True"}`, `{"id":"*"}`, `{"id":"12"}`, `{"id":12}`, `{"id":["A-1"]}`, `"x"`, `null`}
	actuals := []string{`{}`, `{"id":"A-1"}`, `{"id":"A-2"}`, `{"id":"a-1"}`, `{"kind":"order","id":"A-1"}`,
		`{"id":"A-1","kind":"order"}`, `{"id":"A-1","kind":"other"}`, `{"id":"A-1","other":"order"}`, `{"id":null}`,
		`{"id":true}`, `{"id":12}`, `{"id":12.0}`, `{"id":"12"}`, `{"id":["A-1"]}`, `{"ID":"A-1"}`, `"A-1"`, `null`, `[]`}
	plain := 0
	for _, ps := range patterns {
		pt := compileArgPattern(parse(ps))
		if pt.plain != nil {
			plain++
		}
		for _, as := range actuals {
			a := parse(as)
			if got, want := pt.match(a), argsMatch(a, pt.v); got != want {
				t.Errorf("pattern %s, arguments %s: match %v, argsMatch %v", ps, as, got, want)
			}
		}
	}
	// {} and the four of plain strings only ("None" may be a number: nan).
	if plain != 5 {
		t.Errorf("%d patterns took the plain path, want 5", plain)
	}
}
