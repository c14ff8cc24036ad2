package oracle

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// validateCoverageSpec finds each kind of malformed coverage block: too few declared
// tools, a required call repeated, a required call of an undeclared tool.
func TestValidateCoverageSpec(t *testing.T) {
	call := func(tool, arg string) any {
		o := jsonv.NewObject()
		o.Set("tool", tool)
		a := jsonv.NewObject()
		a.Set("id", arg)
		o.Set("arguments", a)
		return o
	}
	const pre = "SPEC_INVALID_INFORMATION_COVERAGE: v1 "
	for _, tc := range []struct {
		name  string
		tools []string
		calls []any
		want  []string
	}{
		{"valid", []string{"a", "b", "a"}, []any{call("a", "1"), call("b", "1")}, nil},
		{"one tool", []string{"a", "a"}, []any{call("a", "1"), call("a", "2")},
			[]string{"requires at least two distinct information tools", "requires multiple valid required information calls from at least two tools"}},
		{"repeated", []string{"a", "b"}, []any{call("b", "1"), call("a", "1"), call("b", "1")},
			[]string{"required information calls must be unique"}},
		{"undeclared", []string{"a", "b"}, []any{call("a", "1"), call("c", "1")},
			[]string{"required information calls must use declared info_tools"}},
	} {
		p := &Prepared{spec: &casespec.Spec{InfoTools: tc.tools, RequiredInfoCalls: tc.calls,
			MinInfoCalls: 2, MinDistinctInfoTools: 2, MaxInfoCalls: 10}}
		var want []string
		for _, w := range tc.want {
			want = append(want, pre+w)
		}
		if got := p.validateCoverageSpec("v1"); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", tc.name, got, want)
		}
	}
}

// toolID numbers a case's info tools by their first occurrence, scanning up to
// toolScanMax of them and looking more up in the map Prepare builds (a Legacy case has no
// map: its tools are scanned); inScope and InfoToolBit read it.
func TestToolID(t *testing.T) {
	for _, n := range []int{5, toolScanMax + 4} {
		var tools []string
		for i := 0; i < n; i++ {
			tools = append(tools, fmt.Sprintf("tool_%02d", i))
		}
		tools = append(tools, "tool_01") // a repeat keeps its first place
		for _, legacy := range []bool{false, true} {
			p := &Prepared{spec: &casespec.Spec{InfoTools: tools}}
			if !legacy {
				p.prepareInfo(p.spec)
			}
			last := tools[n-1]
			if got := p.toolID("tool_01"); got != 2 {
				t.Errorf("%d tools, legacy %v: toolID(tool_01) = %d, want 2", n, legacy, got)
			}
			if got := p.toolID(last); got != int32(n) {
				t.Errorf("%d tools, legacy %v: toolID(%s) = %d, want %d", n, legacy, last, got, n)
			}
			if got := p.InfoToolBit(last); got != 1<<(n-1) {
				t.Errorf("%d tools, legacy %v: InfoToolBit(%s) = %b", n, legacy, last, got)
			}
			if p.toolID("tool") != 0 || p.inScope("tool") || !p.inScope(last) {
				t.Errorf("%d tools, legacy %v: scope of an undeclared or a declared tool", n, legacy)
			}
		}
	}
}
