package figures

import (
	"fmt"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Captioned is a figure with a caption printed under it, inside the image, so that it
// travels with every copy of the figure: the report marks figures of synthetic data
// this way ("SYNTHETIC DATA …").
type Captioned struct {
	Fig     Figure
	Caption string
}

// captionRed is dark enough for the caption to read as a warning on white, in print too.
var captionRed = hex(0xB00020)

// Validate implements Figure.
func (c Captioned) Validate() error {
	if c.Fig == nil {
		return fmt.Errorf("figures: Captioned.Fig: nil figure")
	}
	if err := checkLabel("Captioned.Caption", c.Caption, false); err != nil {
		return err
	}
	return c.Fig.Validate()
}

// layout lays out the inner figure in the room left above the caption.
func (c Captioned) layout(st style, o Options) (scene, error) {
	m := st.em * 0.6
	ts := st.label
	ts.Color = captionRed
	lines := wrap(ts, c.Caption, o.Width-2*m)
	if w := maxWidth(ts, lines); w > o.Width-2*m {
		return scene{}, fitError("the caption", w, o.Width-2*m)
	}
	capH := vg.Length(len(lines))*lineHeight(ts) + st.em*0.6
	inner := o
	if o.Height > 0 {
		if inner.Height = o.Height - capH; inner.Height < st.em*4 {
			return scene{}, fmt.Errorf("figures: Options.Height: %v pt leaves no room for the figure above its caption", float64(o.Height))
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
		for _, l := range lines {
			cv.FillText(align(ts, draw.XCenter, draw.YTop), vg.Point{X: (cv.Min.X + cv.Max.X) / 2, Y: y}, l)
			y -= lineHeight(ts)
		}
	}}, nil
}
