package figures

import (
	"fmt"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Captioned is a figure with a caption printed under it, inside the image, so that it
// travels with every copy of the figure: first, in grey, what the figure draws that its
// title and axes do not say (the policy, the condition, how the intervals were computed:
// Named.About), then, in red, the report's warning mark ("SYNTHETIC DATA …").
type Captioned struct {
	Fig Figure
	// Note is the grey caption; "" for none.
	Note string
	// Caption is the red caption; "" for none.
	Caption string
}

// captionRed is dark enough for the caption to read as a warning on white, in print too.
var captionRed = hex(0xB00020)

// Validate implements Figure.
func (c Captioned) Validate() error {
	if c.Fig == nil {
		return fmt.Errorf("figures: Captioned.Fig: nil figure")
	}
	if c.Note == "" && c.Caption == "" {
		return fmt.Errorf("figures: Captioned: neither Note nor Caption")
	}
	if err := checkText("Captioned.Note", c.Note); err != nil {
		return err
	}
	if err := checkText("Captioned.Caption", c.Caption); err != nil {
		return err
	}
	return c.Fig.Validate()
}

// layout lays out the inner figure in the room left above the captions.
func (c Captioned) layout(st style, o Options) (scene, error) {
	m := st.em * 0.6
	type block struct {
		ts    draw.TextStyle
		lines []string
	}
	var blocks []block
	capH := st.em * 0.6
	for _, b := range []struct {
		text string
		ts   draw.TextStyle
		what string
	}{{c.Note, colored(st.small, textGrey), "the note under the figure"}, {c.Caption, colored(st.label, captionRed), "the caption"}} {
		if b.text == "" {
			continue
		}
		lines := wrap(b.ts, b.text, o.Width-2*m)
		if w := maxWidth(b.ts, lines); w > o.Width-2*m {
			return scene{}, fitError(b.what, w, o.Width-2*m)
		}
		blocks = append(blocks, block{b.ts, lines})
		capH += vg.Length(len(lines)) * lineHeight(b.ts)
	}
	inner := o
	if o.Height > 0 {
		// Too little room above the captions gives way to the height the figure needs
		// (fit), as too little room for its rows does.
		if inner.Height = o.Height - capH; inner.Height < st.em*4 {
			return scene{}, &HeightError{Height: o.Height, Left: inner.Height, For: "above the captions", Need: st.em * 4}
		}
	}
	sc, err := c.Fig.layout(st, inner)
	if err != nil {
		return scene{}, err
	}
	if inner.Height > 0 {
		sc.h = inner.Height
	}
	return scene{w: sc.w, h: sc.h + capH, draw: func(cv draw.Canvas) {
		sc.draw(draw.Crop(cv, 0, 0, capH, 0))
		y := cv.Min.Y + capH - st.em*0.2
		for _, b := range blocks {
			for _, l := range b.lines {
				cv.FillText(align(b.ts, draw.XCenter, draw.YTop), vg.Point{X: (cv.Min.X + cv.Max.X) / 2, Y: y}, l)
				y -= lineHeight(b.ts)
			}
		}
	}}, nil
}
