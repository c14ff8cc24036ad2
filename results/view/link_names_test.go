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
	links := tableLinks(t, namedDomains(t8, "v1", "ecs", "dm"), "T8")
	want := []string{"", // the configuration
		"cfg=A&cond=main&dom=v1&kind=interactive&pol=safeact",
		"cfg=A&cond=main&dom=ecs&kind=interactive&pol=safeact",
		"cfg=A&cond=main&dom=dm&kind=interactive&pol=safeact",
		""} // D-M
	if strings.Join(links, "\n") != strings.Join(want, "\n") {
		t.Errorf("T8's row links to\n%s\nwant\n%s", strings.Join(links, "\n"), strings.Join(want, "\n"))
	}
}

// TestDomainCellsAreDomains: a row's domain named like a protocol (V1) was read as that
// protocol, so the domains table's V1 cell of the domain V1 linked to protocol V1's slice
// (every domain's), where it printed the same number. A text cell in a column keyed
// domain, protocol or condition is read as what its column holds.
func TestDomainCellsAreDomains(t *testing.T) {
	tb := &results.Table{ID: "domains", Title: "ECS per configuration, domain and protocol (%)", Columns: []results.Column{
		{Key: "config", Header: "Config", Kind: results.KindText}, {Key: "domain", Header: "Domain", Kind: results.KindText},
		{Key: "v1", Header: "V1", Kind: results.KindPercent, Decimals: 1}}}
	tb.AddRow(results.Text("A"), results.Text("V1"), results.Number(0.75))
	tb.AddRow(results.Text("A"), results.Text("x"), results.Number(0.75))
	links := tableLinks(t, namedDomains(tb, "V1", "x"), "domains")
	want := []string{"", "", "cfg=A&cond=main&dom=V1&kind=interactive&pol=safeact&proto=V1",
		"", "", "cfg=A&cond=main&dom=x&kind=interactive&pol=safeact&proto=V1"}
	if strings.Join(links, "\n") != strings.Join(want, "\n") {
		t.Errorf("the domains table links to\n%s\nwant\n%s", strings.Join(links, "\n"), strings.Join(want, "\n"))
	}
}

// namedDomains is a viewer's input with the table tb and one V1 case per domain, in which
// configuration A passes 3 of 4 episodes: every slice of A prints 75.0, so that a number
// linked to the wrong slice would still be linked.
func namedDomains(tb *results.Table, doms ...string) *Input {
	in := &Input{Title: "names", Policies: []string{"safeact"}, Tables: []*results.Table{tb}}
	var eps []*Episode
	for ci, dom := range doms {
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
	return in
}

// tableLinks writes in's viewer and returns, cell by cell, the slice each cell of table id
// links to ("" for none).
func tableLinks(t *testing.T, in *Input, id string) []string {
	t.Helper()
	dir, _ := write(t, in)
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(page)
	s = s[strings.Index(s, `data-table="`+id+`"`):]
	body := s[strings.Index(s, "<tbody>"):strings.Index(s, "</tbody>")]
	var out []string
	for _, c := range regexp.MustCompile(`<td[^>]*>(.*?)</td>`).FindAllStringSubmatch(body, -1) {
		got := ""
		if m := regexp.MustCompile(`href="#slice\?([^"]*)"`).FindStringSubmatch(c[1]); m != nil {
			got = strings.ReplaceAll(m[1], "&amp;", "&")
		}
		out = append(out, got)
	}
	return out
}

// TestDomainsAllColumnLinks: the domains table's All column (a configuration's ECS in a
// domain over every protocol) was not linked while its protocols' columns were; it links
// to the row's whole slice, the configuration and domain.
func TestDomainsAllColumnLinks(t *testing.T) {
	tb := &results.Table{ID: "domains", Title: "ECS per configuration, domain and protocol (%)", Columns: []results.Column{
		{Key: "config", Header: "Config", Kind: results.KindText}, {Key: "domain", Header: "Domain", Kind: results.KindText},
		{Key: "v1", Header: "V1", Kind: results.KindPercent, Decimals: 1}, {Key: "all", Header: "All", Kind: results.KindPercentInterval, Decimals: 1},
		{Key: "n", Header: "Episodes", Kind: results.KindCount}}}
	tb.AddRow(results.Text("A"), results.Text("x"), results.Number(0.75), results.Interval(0.75, 0.5, 1), results.Count(4))
	links := tableLinks(t, namedDomains(tb, "x"), "domains")
	want := []string{"", "", "cfg=A&cond=main&dom=x&kind=interactive&pol=safeact&proto=V1",
		"cfg=A&cond=main&dom=x&kind=interactive&pol=safeact", ""}
	if strings.Join(links, "\n") != strings.Join(want, "\n") {
		t.Errorf("the domains table links to\n%s\nwant\n%s", strings.Join(links, "\n"), strings.Join(want, "\n"))
	}
}
