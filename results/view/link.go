package view

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/results"
)

// linker decides which table numbers link to a slice of episodes. One rule for every
// table: a row names its slice by the text cells that are a configuration, protocol,
// domain or condition; an ECS column (ECS, or the domains table's All: the row's whole
// slice), a domain's column (domainCols), or a column named for a protocol or failure
// type, narrows it; and the link is made only when the slice's ECS (or the failure type's
// share of it) under the table's policy prints exactly as the cell does. A number the
// episodes do not reproduce (a macro average, a difference, a bootstrap quantity) is not
// linked.
type linker struct {
	e    *encoder
	main int // the "main" condition, or -1
	// tally holds, per policy (built on first use), the scored interactive episodes per
	// configuration, condition, protocol, domain and failure type (tallyAt): a cell's
	// slice is a sum of a few of them, not a pass over the configuration's episodes.
	tally                    [][]int32
	caseProto, caseDom       []int // each case's protocol and domain
	nCond, nProto, nDom, nFt int
}

type filter struct {
	cfg, proto, dom, cond, fail int
}

func newLinker(e *encoder) *linker {
	l := &linker{e: e, main: -1, tally: make([][]int32, len(e.policies)),
		nCond: len(e.conditions.list), nProto: len(e.protocols), nDom: len(e.domains), nFt: len(e.failures.list)}
	if i, ok := e.conditions.lookup("main"); ok {
		l.main = i
	}
	for _, a := range e.cases {
		l.caseProto = append(l.caseProto, indexOf(e.protocols, a.c.Protocol))
		l.caseDom = append(l.caseDom, indexOf(e.domains, a.c.Domain))
	}
	return l
}

// tallyAt is the index in a policy's tally of the episodes of configuration cfg,
// condition cond, protocol p and domain d whose failure type is ft (0: success).
func (l *linker) tallyAt(cfg, cond, p, d, ft int) int {
	return (((cfg*l.nCond+cond)*l.nProto+p)*l.nDom+d)*l.nFt + ft
}

// tallyOf is policy pi's tally, from the encoder's counts by configuration, condition,
// case and failure type: excluded episodes and static judgments are in none.
func (l *linker) tallyOf(pi int) []int32 {
	if t := l.tally[pi]; t != nil {
		return t
	}
	e := l.e
	t := make([]int32, len(e.configs.list)*l.nCond*l.nProto*l.nDom*l.nFt)
	for id, row := range e.tally.counts[pi] {
		k := e.tally.cells[id]
		c := int(k.cas)
		for ft, n := range row {
			t[l.tallyAt(int(k.cfg), int(k.cond), l.caseProto[c], l.caseDom[c], ft)] += n
		}
	}
	l.tally[pi] = t
	return t
}

// rowFilter reads the slice a row of t names from its text cells: a cell of a column
// keyed domain, protocol or condition as what the column holds (a domain may be named
// like a protocol, V1, or a condition), any other as the first of a configuration,
// protocol, domain or condition that its text names.
func (l *linker) rowFilter(t *results.Table, r results.Row) filter {
	f := filter{-1, -1, -1, -1, -1}
	for j, c := range r.Cells {
		s, ok := c.CellText()
		if !ok {
			continue
		}
		switch t.Columns[j].Key {
		case "domain":
			if i := indexOf(l.e.domains, s); i >= 0 && f.dom < 0 {
				f.dom = i
			}
			continue
		case "protocol":
			if i := indexOf(l.e.protocols, s); i >= 0 && f.proto < 0 {
				f.proto = i
			}
			continue
		case "condition":
			if i, ok := l.e.conditions.lookup(s); ok && f.cond < 0 {
				f.cond = i
			}
			continue
		}
		if i, ok := l.e.configs.lookup(s); ok && f.cfg < 0 {
			f.cfg = i
		} else if i := indexOf(l.e.protocols, s); i >= 0 && f.proto < 0 {
			f.proto = i
		} else if i := indexOf(l.e.domains, s); i >= 0 && f.dom < 0 {
			f.dom = i
		} else if i, ok := l.e.conditions.lookup(s); ok && f.cond < 0 {
			f.cond = i
		}
	}
	return f
}

// domainCols gives, per column of t, the domain it is the column of (-1: none): a column
// whose header is the domain's name and whose key is the name or, where the name is
// another field of the table, "domain_" and the name (counted on: _2, …), as the tables
// key such columns (docs/table-names.md). Both are read: a domain may be named like
// another column's key or header (v1, ecs, dm, ECS), and that column is not the domain's.
func (l *linker) domainCols(t *results.Table) []int {
	out := make([]int, len(t.Columns))
	for j, c := range t.Columns {
		out[j] = -1
		d := indexOf(l.e.domains, c.Header)
		if d < 0 {
			continue
		}
		if rest, ok := strings.CutPrefix(c.Key, "domain_"+c.Header); c.Key == c.Header || ok && (rest == "" || isCount(rest)) {
			out[j] = d
		}
	}
	return out
}

// isCount reports whether s is "_" and a number, the suffix dataKeys counts keys apart by.
func isCount(s string) bool {
	n, ok := strings.CutPrefix(s, "_")
	_, err := strconv.Atoi(n)
	return ok && err == nil
}

// cellSlice returns the slice parameters of a cell in column col, the column of domain
// dom (-1: none; domainCols), or nil when the cell is not linked.
func (l *linker) cellSlice(f filter, col results.Column, dom int, shown string, pi int) url.Values {
	if f.cfg < 0 || (col.Kind != results.KindPercent && col.Kind != results.KindPercentInterval) {
		return nil
	}
	key := strings.ToLower(col.Key)
	switch {
	case dom >= 0:
		if f.dom >= 0 && f.dom != dom {
			return nil
		}
		f.dom = dom
	case key == "ecs" || key == "all":
	case protoOf(l.e.protocols, col) >= 0:
		p := protoOf(l.e.protocols, col)
		if f.proto >= 0 && f.proto != p {
			return nil
		}
		f.proto = p
	default:
		i, ok := l.e.failures.lookup(col.Key)
		if !ok {
			return nil
		}
		f.fail = i
	}
	if f.cond < 0 {
		f.cond = l.main
		if f.cond < 0 {
			return nil
		}
	}
	scored, hit := 0, 0
	t := l.tallyOf(pi)
	for p := range l.nProto {
		if f.proto >= 0 && p != f.proto {
			continue
		}
		for d := range l.nDom {
			if f.dom >= 0 && d != f.dom {
				continue
			}
			at := l.tallyAt(f.cfg, f.cond, p, d, 0)
			for ft, n := range t[at : at+l.nFt] {
				scored += int(n)
				if (f.fail < 0 && ft == 0) || (f.fail >= 0 && ft == f.fail) {
					hit += int(n)
				}
			}
		}
	}
	if scored == 0 {
		return nil
	}
	est, _, _ := strings.Cut(shown, " [")
	if strconv.FormatFloat(100*float64(hit)/float64(scored), 'f', col.Decimals, 64) != est {
		return nil
	}
	q := url.Values{}
	q.Set("pol", l.e.policies[pi])
	q.Set("cfg", l.e.configs.list[f.cfg])
	q.Set("cond", l.e.conditions.list[f.cond])
	q.Set("kind", "interactive")
	if f.proto >= 0 {
		q.Set("proto", l.e.protocols[f.proto])
	}
	if f.dom >= 0 {
		q.Set("dom", l.e.domains[f.dom])
	}
	if f.fail >= 0 {
		q.Set("fail", l.e.failures.list[f.fail])
	}
	return q
}

// protoOf matches a column to a protocol by its key (v1) or header (V1).
func protoOf(protos []string, col results.Column) int {
	for i, p := range protos {
		if strings.EqualFold(col.Key, p) || col.Header == p {
			return i
		}
	}
	return -1
}
