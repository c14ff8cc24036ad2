package figures

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strings"
	"unicode/utf8"

	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"codeberg.org/go-pdf/fpdf"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// pdfCanvas is a vg.Canvas drawing to fpdf with the bundled Liberation Sans
// embedded as a UTF-8 (CID, Identity-H) font with a ToUnicode map. gonum's
// vgpdf embeds its fonts in the cp1252 code page and writes the UTF-8 bytes
// of a string as if they were cp1252 characters, so "−", "–" and "Δ" come
// out as "âˆ’", "â€“" and "Î”", and the extra characters push right-aligned
// labels past the edge. fpdf subsets the font to the glyphs used.
type pdfCanvas struct {
	doc   *fpdf.Fpdf
	w, h  vg.Length
	stack []pdfContext
	fonts map[string]bool
	nimg  int
	err   error
}

type pdfContext struct {
	width vg.Length
}

func newPDF(w, h vg.Length) *pdfCanvas {
	doc := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: w.Points(), Ht: h.Points()}})
	doc.SetMargins(0, 0, 0)
	doc.SetAutoPageBreak(false, 0)
	doc.SetCompression(true)
	c := &pdfCanvas{doc: doc, w: w, h: h, stack: make([]pdfContext, 1), fonts: map[string]bool{}}
	doc.AddPage()
	// vg's origin is the bottom-left corner with y up; fpdf's is the top
	// left with y down.
	c.Push()
	c.Translate(vg.Point{X: 0, Y: h})
	c.Scale(1, -1)
	vg.Initialize(c)
	return c
}

func (c *pdfCanvas) Size() (vg.Length, vg.Length) { return c.w, c.h }

func (c *pdfCanvas) ctx() *pdfContext { return &c.stack[len(c.stack)-1] }

func (c *pdfCanvas) SetLineWidth(w vg.Length) {
	c.ctx().width = w
	c.doc.SetLineWidth(w.Points())
}

func (c *pdfCanvas) SetLineDash(dashes []vg.Length, offs vg.Length) {
	ds := make([]float64, len(dashes))
	for i, d := range dashes {
		ds[i] = d.Points()
	}
	c.doc.SetDashPattern(ds, offs.Points())
}

func (c *pdfCanvas) SetColor(clr color.Color) {
	if clr == nil {
		clr = color.Black
	}
	r, g, b, a := clr.RGBA()
	ri, gi, bi := int(r>>8), int(g>>8), int(b>>8)
	if a > 0 && a < 0xffff { // un-premultiply
		ri, gi, bi = int(r*0xff/a), int(g*0xff/a), int(b*0xff/a)
	}
	c.doc.SetFillColor(ri, gi, bi)
	c.doc.SetDrawColor(ri, gi, bi)
	c.doc.SetTextColor(ri, gi, bi)
	c.doc.SetAlpha(float64(a)/0xffff, "Normal")
}

func (c *pdfCanvas) Rotate(r float64) { c.doc.TransformRotate(-r*180/math.Pi, 0, 0) }

func (c *pdfCanvas) Translate(pt vg.Point) { c.doc.TransformTranslate(pt.X.Points(), pt.Y.Points()) }

func (c *pdfCanvas) Scale(x, y float64) { c.doc.TransformScale(x*100, y*100, 0, 0) }

func (c *pdfCanvas) Push() {
	c.stack = append(c.stack, *c.ctx())
	c.doc.TransformBegin()
}

func (c *pdfCanvas) Pop() {
	c.doc.TransformEnd()
	c.stack = c.stack[:len(c.stack)-1]
}

func (c *pdfCanvas) Stroke(p vg.Path) {
	if c.ctx().width > 0 {
		c.path(p, "D")
	}
}

func (c *pdfCanvas) Fill(p vg.Path) { c.path(p, "F") }

func (c *pdfCanvas) path(p vg.Path, style string) {
	var x0, y0 float64 // start of the current subpath
	for _, comp := range p {
		switch comp.Type {
		case vg.MoveComp:
			x0, y0 = comp.Pos.X.Points(), comp.Pos.Y.Points()
			c.doc.MoveTo(x0, y0)
		case vg.LineComp:
			c.doc.LineTo(comp.Pos.X.Points(), comp.Pos.Y.Points())
		case vg.ArcComp:
			c.arc(comp)
		case vg.CurveComp:
			x, y := comp.Pos.X.Points(), comp.Pos.Y.Points()
			switch len(comp.Control) {
			case 1:
				c.doc.CurveTo(comp.Control[0].X.Points(), comp.Control[0].Y.Points(), x, y)
			case 2:
				c.doc.CurveBezierCubicTo(comp.Control[0].X.Points(), comp.Control[0].Y.Points(),
					comp.Control[1].X.Points(), comp.Control[1].Y.Points(), x, y)
			default:
				c.fail(fmt.Errorf("figures: PDF: a curve with %d control points", len(comp.Control)))
			}
		case vg.CloseComp:
			c.doc.LineTo(x0, y0)
			c.doc.ClosePath()
		default:
			c.fail(fmt.Errorf("figures: PDF: unknown path component %d", comp.Type))
		}
	}
	c.doc.DrawPath(style)
}

// arc appends an arc as cubic Bézier segments of at most 90° each, so
// that it joins the current path (fpdf's Arc starts a path of its own).
func (c *pdfCanvas) arc(comp vg.PathComp) {
	cx, cy, r := comp.Pos.X.Points(), comp.Pos.Y.Points(), comp.Radius.Points()
	a0 := comp.Start
	c.doc.LineTo(cx+r*math.Cos(a0), cy+r*math.Sin(a0))
	n := int(math.Ceil(math.Abs(comp.Angle) / (math.Pi / 2)))
	if n == 0 {
		return
	}
	step := comp.Angle / float64(n)
	k := 4.0 / 3 * math.Tan(step/4)
	for i := 0; i < n; i++ {
		a1 := a0 + step
		x0, y0 := math.Cos(a0), math.Sin(a0)
		x1, y1 := math.Cos(a1), math.Sin(a1)
		c.doc.CurveBezierCubicTo(
			cx+r*(x0-k*y0), cy+r*(y0+k*x0),
			cx+r*(x1+k*y1), cy+r*(y1-k*x1),
			cx+r*x1, cy+r*y1)
		a0 = a1
	}
}

// FillString draws str with its baseline's left end at pt.
func (c *pdfCanvas) FillString(f font.Face, pt vg.Point, str string) {
	if f.Font.Size == 0 || str == "" {
		return
	}
	name := f.Name()
	if !c.fonts[name] {
		var raw bytes.Buffer
		if _, err := f.Face.WriteSourceTo(nil, &raw); err != nil {
			c.fail(fmt.Errorf("figures: PDF: font %s: %w", name, err))
			return
		}
		c.doc.AddUTF8FontFromBytes(name, "", raw.Bytes())
		c.fonts[name] = true
	}
	c.doc.SetFont(name, "", f.Font.Size.Points())
	c.Push()
	defer c.Pop()
	c.Translate(pt)
	c.Scale(1, -1) // text upright again in the flipped page
	c.doc.Text(0, 0, bmpOnly(str))
}

// bmpOnly replaces each character past U+FFFF (an emoji) by U+FFFD: fpdf's font tables
// stop at U+FFFF and it panics on such a character. The bundled font has a glyph for
// neither, so the PDF draws it as any character the font lacks, and a reader copying
// the text gets the replacement character where the emoji was.
func bmpOnly(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r > 0xFFFF }) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r > 0xFFFF {
			return utf8.RuneError
		}
		return r
	}, s)
}

// DrawImage draws img into rect (no figure draws images; kept for the
// vg.Canvas contract).
func (c *pdfCanvas) DrawImage(rect vg.Rectangle, img image.Image) {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		c.fail(fmt.Errorf("figures: PDF: image: %w", err))
		return
	}
	c.nimg++
	name := fmt.Sprintf("image_%03d.png", c.nimg)
	opt := fpdf.ImageOptions{ImageType: "png"}
	c.doc.RegisterImageOptionsReader(name, opt, &b)
	sz := rect.Size()
	c.Push()
	defer c.Pop()
	// Images are drawn top-down; flip them back into the y-up page.
	c.Translate(vg.Point{X: rect.Min.X, Y: rect.Max.Y})
	c.Scale(1, -1)
	c.doc.ImageOptions(name, 0, 0, sz.X.Points(), sz.Y.Points(), false, opt, 0, "")
}

func (c *pdfCanvas) fail(err error) {
	if c.err == nil {
		c.err = err
	}
}

// WriteTo writes the document; the canvas cannot be drawn on afterwards.
func (c *pdfCanvas) WriteTo(w io.Writer) (int64, error) {
	if c.err != nil {
		return 0, c.err
	}
	c.Pop()
	var b bytes.Buffer
	if err := c.doc.Output(&b); err != nil {
		return 0, fmt.Errorf("figures: PDF: %w", err)
	}
	return b.WriteTo(w)
}

// liberationSans is the TrueType data of the bundled font, for the SVG
// glyph outlines and tests.
var liberationSans = liberationsansregular.TTF
