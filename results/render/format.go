package render

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/sabench/sabench-stats/results"
)

// Format is an output form of a table.
type Format uint8

const (
	FormatText     Format = iota // terminal text, box drawing (tablewriter)
	FormatMarkdown               // GitHub pipe table
	FormatLaTeX                  // booktabs table environment
	FormatCSV                    // RFC 4180
	FormatJSON                   // {"table", "title", "columns", "rows", "notes"}
)

var formatNames = [...]string{"text", "md", "latex", "csv", "json"}

var formatExts = [...]string{"txt", "md", "tex", "csv", "json"}

// String returns the name ParseFormat accepts: text, md, latex, csv or json.
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// Ext returns the usual file extension of the format, without the dot.
func (f Format) Ext() string {
	if int(f) < len(formatExts) {
		return formatExts[f]
	}
	return ""
}

// Formats lists every format in a fixed order.
func Formats() []Format {
	return []Format{FormatText, FormatMarkdown, FormatLaTeX, FormatCSV, FormatJSON}
}

// ParseFormat parses text|md|latex|csv|json (case-insensitive); "markdown", "tex" and
// "txt" are accepted as aliases.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "text", "txt":
		return FormatText, nil
	case "md", "markdown":
		return FormatMarkdown, nil
	case "latex", "tex":
		return FormatLaTeX, nil
	case "csv":
		return FormatCSV, nil
	case "json":
		return FormatJSON, nil
	}
	return 0, fmt.Errorf("unknown table format %q (want text, md, latex, csv or json)", s)
}

// Set implements flag.Value, so a Format can be a command-line flag.
func (f *Format) Set(s string) error {
	v, err := ParseFormat(s)
	if err != nil {
		return err
	}
	*f = v
	return nil
}

// Render writes t to w in format f. The table is validated first; nothing is written when
// it is invalid.
func Render(w io.Writer, t *results.Table, f Format) error {
	return RenderAll(w, []*results.Table{t}, f)
}

// RenderAll writes several tables to w in format f. Text, Markdown, LaTeX and CSV separate
// the tables with a blank line (several CSV blocks, as benchstat writes them); JSON writes
// one array of table objects, except that a single table is a bare object.
// All tables are validated before anything is written.
func RenderAll(w io.Writer, tables []*results.Table, f Format) error {
	return RenderAllWith(w, tables, f, RenderOptions{})
}

// RenderOptions are the layout choices of the forms that have any (today LaTeX); the zero
// value is what Render uses.
type RenderOptions struct {
	LaTeX LaTeXOptions
}

// RenderWith is Render with layout options.
func RenderWith(w io.Writer, t *results.Table, f Format, o RenderOptions) error {
	return RenderAllWith(w, []*results.Table{t}, f, o)
}

// RenderAllWith is RenderAll with layout options.
func RenderAllWith(w io.Writer, tables []*results.Table, f Format, o RenderOptions) error {
	if int(f) >= len(formatNames) {
		return fmt.Errorf("results: unknown format %d", uint8(f))
	}
	if err := o.LaTeX.validate(); err != nil {
		return err
	}
	for _, t := range tables {
		if err := t.Validate(); err != nil {
			return err
		}
	}
	bw := bufio.NewWriter(w)
	if f == FormatJSON {
		writeJSONAll(bw, tables)
		return bw.Flush()
	}
	for i, t := range tables {
		if i > 0 {
			bw.WriteString("\n")
		}
		var err error
		switch f {
		case FormatText:
			err = writeText(bw, t)
		case FormatMarkdown:
			err = writeMarkdown(bw, t)
		case FormatLaTeX:
			err = writeLaTeX(bw, t, o.LaTeX)
		case FormatCSV:
			err = writeCSV(bw, t)
		}
		if err != nil {
			return fmt.Errorf("table %s: %s: %w", t.ID, f, err)
		}
	}
	return bw.Flush()
}
