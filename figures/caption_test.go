package figures

import (
	"bytes"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
)

// TestCaptionedAddsTheCaptionBelow: the caption is drawn inside the image, under the
// figure, which keeps its own size; a fixed height is shared between them.
func TestCaptionedAddsTheCaptionBelow(t *testing.T) {
	inner := smallFigures()["forest"]
	c := Captioned{Fig: inner, Caption: "SYNTHETIC DATA: not the paper's results."}
	w0, h0, err := Size(inner, Column)
	if err != nil {
		t.Fatal(err)
	}
	w, h, err := Size(c, Column)
	if err != nil {
		t.Fatal(err)
	}
	if w != w0 || h <= h0 || h > h0+3*Column.FontSize*2 {
		t.Errorf("captioned %v × %v, inner %v × %v", w, h, w0, h0)
	}
	var b bytes.Buffer
	if err := Render(c, SVG, &b, Column); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "SYNTHETIC DATA") {
		t.Error("SVG lacks the caption")
	}
	fixed := Column
	fixed.Height = 3 * vg.Inch
	if _, h, err := Size(c, fixed); err != nil || h != fixed.Height {
		t.Errorf("fixed height: %v, %v", h, err)
	}
	if err := (Captioned{Fig: inner}).Validate(); err == nil {
		t.Error("an empty caption is accepted")
	}
	if err := (Captioned{Caption: "x"}).Validate(); err == nil {
		t.Error("a nil figure is accepted")
	}
}

// TestRanksTieGroupsValidate: tie groups name configurations by index, once each, per
// policy, and need a level for the label.
func TestRanksTieGroupsValidate(t *testing.T) {
	p := smallFigures()["policy_ranks"].(PolicyRanks)
	p.TieGroups, p.TieLevel = [][][]int{{{0, 1}, {2}}, {{0, 1, 2}}, {{2}, {0}, {1}}}, 0.95
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Render(p, SVG, &b, Column); err != nil {
		t.Fatal(err)
	}
	if s := b.String(); !strings.Contains(s, "grey bars: tie groups") || !strings.Contains(s, "95% rank sets)") {
		t.Error("SVG does not explain the tie bars")
	}
	for _, bad := range [][][][]int{{{{0, 0}}, {}, {}}, {{{3}}, {}, {}}, {{{0}}}} {
		q := p
		q.TieGroups = bad
		if err := q.Validate(); err == nil {
			t.Errorf("tie groups %v accepted", bad)
		}
	}
	q := p
	q.TieLevel = 0
	if err := q.Validate(); err == nil {
		t.Error("tie groups without a level accepted")
	}
}

// A set height the captions nearly fill: the error said the room left above them was
// "per row".
func TestCaptionedHeightErrorSaysAboveTheCaptions(t *testing.T) {
	c := Captioned{Fig: smallFigures()["forest"], Note: strings.Repeat("A long note. ", 30)}
	o := Column
	o.Height = 40
	_, err := c.layout(newStyle(o), o)
	if err == nil || !strings.Contains(err.Error(), "pt above the captions, need at least") || strings.Contains(err.Error(), "per row") {
		t.Errorf("captions over the height: %v", err)
	}
}
