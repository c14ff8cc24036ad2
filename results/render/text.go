package render

import (
	"io"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
)

// textFlavor: plain characters, no highlight mark (a terminal table has no bold that
// survives a pipe).
var textFlavor = flavor{minus: "-", less: "<", empty: "—", text: func(s string) string { return s }}

var twAlign = [...]tw.Align{results.AlignLeft: tw.AlignLeft, results.AlignRight: tw.AlignRight, results.AlignCenter: tw.AlignCenter}

// writeText writes the caption line, the box-drawn table and one line per note. With
// Table.IntervalsBelow each row's interval bounds go on a second line under its estimates,
// so a wide table of intervals (T2) stays readable.
//
// tablewriter measures character widths with a process-wide East Asian setting that it
// guesses from the locale; the table forces it off so the output does not depend on the
// environment. Header auto-formatting (upper-casing) and wrapping are off: headers and
// cells print exactly as given.
func writeText(w io.Writer, t *results.Table) error {
	t = t.Display() // the data-only columns are in CSV and JSON
	if c := caption(t); c != "" {
		if _, err := io.WriteString(w, c+"\n"); err != nil {
			return err
		}
	}
	align := make([]tw.Align, len(t.Columns))
	header := make([]string, len(t.Columns))
	for j, c := range t.Columns {
		align[j] = twAlign[c.Aligned()]
		header[j] = textFlavor.header(c)
	}
	ca := tw.CellAlignment{PerColumn: align}
	tr := &groupRules{Renderer: renderer.NewBlueprint()}
	tab := tablewriter.NewTable(w,
		tablewriter.WithRenderer(tr),
		tablewriter.WithEastAsian(tw.Off),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAutoFormat(tw.Off),
		tablewriter.WithHeaderAutoWrap(tw.WrapNone),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAlignmentConfig(ca),
		tablewriter.WithRowAlignmentConfig(ca),
	)
	tab.Header(header)
	lines := 1 // body lines per row: two when interval bounds go on a second line
	if t.IntervalsBelow {
		lines = 2
	}
	for i, r := range t.Rows {
		row := make([]string, len(t.Columns)) // tablewriter keeps the slice until Render
		if i > 0 && r.Group != t.Rows[i-1].Group {
			tr.before = append(tr.before, lines*i)
		}
		var below []string
		if t.IntervalsBelow {
			below = make([]string, len(t.Columns))
		}
		for j, c := range r.Cells {
			if below != nil && c.Type() == results.CellInterval {
				row[j], below[j] = textFlavor.estimateAndBounds(c, t.Columns[j])
				continue
			}
			row[j] = textFlavor.show(c, t.Columns[j])
		}
		if err := tab.Append(row); err != nil {
			return err
		}
		if below != nil {
			if err := tab.Append(below); err != nil {
				return err
			}
		}
	}
	if err := tab.Render(); err != nil {
		return err
	}
	for _, n := range t.Notes {
		if _, err := io.WriteString(w, ingest.OneLine(n)+"\n"); err != nil {
			return err
		}
	}
	return nil
}

// groupRules wraps a tablewriter renderer and draws a rule before the body rows listed in
// before (the first row of each new group); tablewriter v1 can only rule all rows or none.
// It relies on one Row call per body row, which holds because wrapping is off.
type groupRules struct {
	tw.Renderer
	before []int // ascending body-row indexes
	row    int   // body rows seen so far
}

func (g *groupRules) Row(row []string, ctx tw.Formatting) {
	if len(g.before) > 0 && g.before[0] == g.row {
		g.before = g.before[1:]
		line := ctx
		line.Row.Location = tw.LocationMiddle
		line.Row.Previous = ctx.Row.Current
		line.Row.Next = ctx.Row.Current
		line.IsSubRow = false
		g.Renderer.Line(line)
	}
	g.row++
	g.Renderer.Row(row, ctx)
}
