package figures

import (
	"fmt"
	"math"

	"gonum.org/v1/plot/vg"
)

// Format is an output format.
type Format string

// The supported output formats; Formats lists them in the order they are
// listed and written.
const (
	SVG Format = "svg"
	PDF Format = "pdf"
	PNG Format = "png"
)

// Formats are the formats RenderAll draws, in the order to list them.
var Formats = []Format{SVG, PDF, PNG}

// Options sets the physical size of a figure. Every length inside a figure
// (bar thickness, gaps, margins) is a multiple of FontSize, so a figure
// scales with its text.
type Options struct {
	// Width of the figure; 0 means Column's width.
	Width vg.Length
	// Height of the figure; 0 means the height the content needs. A set
	// height stretches or squeezes the rows; too little room is an error.
	Height vg.Length
	// FontSize is the size of tick and label text; titles are 20% larger.
	// 0 means Column's size.
	FontSize vg.Length
	// DPI is the PNG resolution; 0 means 300.
	DPI int
}

// Column fits one column of a two-column paper (3.5 in wide, 7 pt text).
var Column = Options{Width: 3.5 * vg.Inch, FontSize: 7, DPI: 300}

// Page fits the full text width of a two-column paper (7 in, 8 pt text).
var Page = Options{Width: 7 * vg.Inch, FontSize: 8, DPI: 300}

// Slide fills the body of a 13.33 × 7.5 in (16:9) slide below its title:
// 12 × 6.5 in with 13 pt text; rows stretch or squeeze to that height.
var Slide = Options{Width: 12 * vg.Inch, Height: 6.5 * vg.Inch, FontSize: 13, DPI: 150}

// resolved fills the zero fields of o from Column and checks the values.
func (o Options) resolved() (Options, error) {
	if o.Width == 0 {
		o.Width = Column.Width
	}
	if o.FontSize == 0 {
		o.FontSize = Column.FontSize
	}
	if o.DPI == 0 {
		o.DPI = Column.DPI
	}
	switch {
	case !finite(float64(o.Width)) || o.Width < vg.Inch || o.Width > 100*vg.Inch:
		return o, fmt.Errorf("figures: Options.Width: %v pt outside [72, 7200]", float64(o.Width))
	case !finite(float64(o.Height)) || o.Height < 0 || o.Height > 100*vg.Inch:
		return o, fmt.Errorf("figures: Options.Height: %v pt outside [0, 7200]", float64(o.Height))
	case !finite(float64(o.FontSize)) || o.FontSize < 3 || o.FontSize > 72:
		return o, fmt.Errorf("figures: Options.FontSize: %v pt outside [3, 72]", float64(o.FontSize))
	case o.DPI < 36 || o.DPI > 1200:
		return o, fmt.Errorf("figures: Options.DPI: %d outside [36, 1200]", o.DPI)
	}
	return o, nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// SizeNamed returns the size preset of a name: column, page or slide.
func SizeNamed(name string) (Options, error) {
	switch name {
	case "column":
		return Column, nil
	case "page":
		return Page, nil
	case "slide":
		return Slide, nil
	}
	return Options{}, fmt.Errorf("--size must be column, page or slide, not %q", name)
}
