package render

import (
	"flag"
	"io"
	"testing"
)

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]Format{
		"text": FormatText, "txt": FormatText, "md": FormatMarkdown, "Markdown": FormatMarkdown,
		"latex": FormatLaTeX, "TEX": FormatLaTeX, "csv": FormatCSV, " json ": FormatJSON,
	} {
		got, err := ParseFormat(in)
		if err != nil || got != want {
			t.Errorf("ParseFormat(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseFormat("html"); err == nil || err.Error() != `unknown table format "html" (want text, md, latex, csv or json)` {
		t.Errorf("ParseFormat(html): %v", err)
	}
	for _, f := range Formats() {
		if g, err := ParseFormat(f.String()); err != nil || g != f {
			t.Errorf("round trip of %v: %v, %v", f, g, err)
		}
	}
	if s, e := Format(9).String(), Format(9).Ext(); s != "Format(9)" || e != "" {
		t.Errorf("unknown format: %q %q", s, e)
	}
	if got := FormatLaTeX.Ext() + FormatText.Ext(); got != "textxt" {
		t.Errorf("exts %q", got)
	}
}

// TestFormatFlag: Format is a flag.Value.
func TestFormatFlag(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var f Format
	fs.Var(&f, "format", "table format")
	if err := fs.Parse([]string{"-format", "latex"}); err != nil || f != FormatLaTeX {
		t.Fatalf("parse: %v %v", f, err)
	}
	if err := fs.Parse([]string{"-format", "xls"}); err == nil {
		t.Fatal("bad format accepted")
	}
}

func FuzzParseFormat(f *testing.F) {
	for _, s := range []string{"text", "md", "latex", "csv", "json", "", "MARKDOWN", "tex\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseFormat(s)
		if err != nil {
			return
		}
		if again, err := ParseFormat(got.String()); err != nil || again != got {
			t.Fatalf("%q parsed as %v, which does not round-trip", s, got)
		}
	})
}
