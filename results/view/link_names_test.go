package view

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// TestDomainColumnsLinkTheirDomain: a domain named like another column of its table (v1,
// ecs, dm) was linked as that column: T8's column of the domain v1 to protocol V1's slice,
// of the domain ecs to the configuration's whole slice, and the D-M column to the domain
// dm's slice, wherever those slices printed the same number. Each domain's column now
// links to its domain's slice (its key is the name, or domain_NAME where the name is
// another field of the table), and D-M, a mean over domains, to none.
func TestDomainColumnsLinkTheirDomain(t *testing.T) {
	pct := func(key, header string) results.Column {
		return results.Column{Key: key, Header: header, Kind: results.KindPercent, Decimals: 1}
	}
	t8 := &results.Table{ID: "T8", Title: "ECS per domain (%)", Columns: []results.Column{
		{Key: "config", Header: "Config", Kind: results.KindText},
		pct("v1", "v1"), pct("ecs", "ecs"), pct("domain_dm", "dm"), pct("dm", "D-M")}}
	t8.AddRow(results.Text("A"), results.Number(0.75), results.Number(0.75), results.Number(0.75), results.Number(0.75))
	in := &Input{Title: "names", Policies: []string{"safeact"}, Tables: []*results.Table{t8}}
	var eps []*Episode
	for ci, dom := range []string{"v1", "ecs", "dm"} {
		id := "acme.v1-00" + string(rune('1'+ci))
		in.Cases = append(in.Cases, Case{ID: id, Protocol: "V1", Domain: dom})
		for r, pass := range []bool{true, true, false, true} { // 3 of 4 in every domain: 75.0 everywhere
			ft := ""
			if !pass {
				ft = oracle.FailPremature
			}
			v := oracle.Fields{RunID: id + "-" + string(rune('0'+r)), Protocol: ingest.V1, ECS: pass, FailureType: ft, Outcome: "DEFER", FirstAttemptIndex: -1}.Verdict()
			eps = append(eps, &Episode{RunID: v.RunID(), Config: "A", CaseID: id, Condition: "main", Repeat: r, Main: v})
		}
	}
	in.Episodes = func(yield func(*Episode) error) error {
		for _, e := range eps {
			if err := yield(e); err != nil {
				return err
			}
		}
		return nil
	}
	dir, _ := write(t, in)
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(page)
	s = s[strings.Index(s, `data-table="T8"`):]
	row := s[strings.Index(s, "<tbody>"):strings.Index(s, "</tbody>")]
	cells := regexp.MustCompile(`<td[^>]*>(.*?)</td>`).FindAllStringSubmatch(row, -1)
	link := regexp.MustCompile(`href="#slice\?([^"]*)"`)
	want := []string{"", // the configuration
		"cfg=A&cond=main&dom=v1&kind=interactive&pol=safeact",
		"cfg=A&cond=main&dom=ecs&kind=interactive&pol=safeact",
		"cfg=A&cond=main&dom=dm&kind=interactive&pol=safeact",
		""} // D-M
	if len(cells) != len(want) {
		t.Fatalf("%d cells in T8's row, want %d:\n%s", len(cells), len(want), row)
	}
	for i, c := range cells {
		got := ""
		if m := link.FindStringSubmatch(c[1]); m != nil {
			got = strings.ReplaceAll(m[1], "&amp;", "&")
		}
		if got != want[i] {
			t.Errorf("T8 column %s links to %q, want %q", t8.Columns[i].Header, got, want[i])
		}
	}
}
